/*
 * board.h — board geometry shared by every ruleset and frontend.
 *
 * A board is a W×H grid (W, H ≤ QP_MAX_SIDE) of points (Xiangqi, gomoku:
 * pieces on intersections) or cells (reversi, tic-tac-toe: pieces inside
 * squares).  Square index sq = rank * w + file; rank 0 is the first player's
 * side (printed as rank "1"), file 0 is "a".  Orthogonal neighbours always
 * exist inside the grid; diagonal links ("米" lines) exist only where the
 * ruleset adds them, so one table serves palaces, alquerque-style boards and
 * full-diagonal boards alike.  Regions are named point sets (a palace).
 *
 * The geometry is plain data, precomputed once per ruleset instance; the
 * neighbour table makes a step in a direction one lookup.
 */
#ifndef QP_BOARD_H
#define QP_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QP_MAX_SIDE 19
#define QP_MAX_POINTS (QP_MAX_SIDE * QP_MAX_SIDE)
#define QP_MAX_REGIONS 4

/* Directions: the four orthogonal ones first, then the diagonals. */
typedef enum {
    QP_N, QP_E, QP_S, QP_W, QP_NE, QP_SE, QP_SW, QP_NW, QP_NDIRS
} qp_dir;

typedef enum { QP_BOARD_POINTS, QP_BOARD_CELLS } qp_board_kind;

/* How frontends paint the empty board (the rules never read it): plain
 * wood with lines or squares; a Go board (grid, star points); a checkered
 * board (chess, draughts: the first square a1 dark); green felt (reversi);
 * circles (西瓜棋: a link between two points about as far from the
 * board's centre is drawn as an arc round it). */
typedef enum { QP_LOOK_PLAIN, QP_LOOK_GO, QP_LOOK_CHECKERED, QP_LOOK_FELT, QP_LOOK_CIRCLES } qp_board_look;

/* How frontends paint a region: a light tint (a palace), water (ground
 * only some pieces may enter), a trap, a goal (a den). */
typedef enum { QP_PAINT_TINT, QP_PAINT_WATER, QP_PAINT_TRAP, QP_PAINT_GOAL } qp_region_paint;

typedef struct qp_region {
    char name[16];
    qp_region_paint paint;
    uint8_t in[QP_MAX_POINTS];   /* 1 if the point belongs to the region */
    bool draw_diagonals;         /* frontends draw its diagonal links */
} qp_region;

/* Invariant: nb[sq][d] is the neighbour of sq in direction d, or -1 when it
 * is off the board or (for diagonals) not linked. */
typedef struct qp_geom {
    int w, h, n;
    qp_board_kind kind;
    int16_t nb[QP_MAX_POINTS][QP_NDIRS];
    int nregions;
    qp_region regions[QP_MAX_REGIONS];
    int river;        /* a gap drawn between rank river-1 and river; -1: none */
    uint8_t hole[QP_MAX_POINTS];   /* 1: no point here (drawn blank, never played) */
    bool holes_marked;             /* hole[] is the whole truth (a game file's board) */
    qp_board_look look;
    /* Hex grid (board.diagonals = "hex"): each cell also touches (x+1, y-1)
     * and (x-1, y+1), its six neighbours forming a rhombus of hexagons;
     * frontends draw hexagons, rank r shifted by r half cells. */
    bool hex;
} qp_geom;

/* A w×h grid with orthogonal links only.  Returns 0, or -1 if the size is
 * out of range. */
int qp_geom_init(qp_geom *g, int w, int h, qp_board_kind kind);

/* Diagonal links. */
void qp_geom_link_diagonal(qp_geom *g, int a, int b);   /* a, b diagonal neighbours */
void qp_geom_link_all_diagonals(qp_geom *g);
/* Adds a rectangular region [f0..f1]×[r0..r1]; with diagonals, links the
 * 米 pattern of a Xiangqi palace (both corner-to-corner diagonals).
 * Returns the region index or -1 if full. */
int qp_geom_add_region(qp_geom *g, const char *name, int f0, int r0,
                       int f1, int r1, bool diagonals);
int qp_geom_find_region(const qp_geom *g, const char *name);
/* Adds a region of any shape: the points with in[sq] set.  Returns its
 * index or -1 if full. */
int qp_geom_add_region_set(qp_geom *g, const char *name, const uint8_t *in, qp_region_paint paint);

/* True when sq is a hole: a marked one; where holes are not marked
 * (boards of several points), a point no line reaches. */
bool qp_geom_is_hole(const qp_geom *g, int sq);

static inline int qp_sq(const qp_geom *g, int file, int rank) { return rank * g->w + file; }
static inline int qp_file(const qp_geom *g, int sq) { return sq % g->w; }
static inline int qp_rank(const qp_geom *g, int sq) { return sq / g->w; }

/* "e4"-style names.  qp_sq_name writes at most 4 bytes plus NUL.
 * qp_sq_parse reads a square at text, greedy on the rank digits, and returns
 * the number of characters used (0 if none / off the board). */
void qp_sq_name(const qp_geom *g, int sq, char *buf);
int qp_sq_parse(const qp_geom *g, const char *text, int *sq);

/* Parses a rectangle "d4-f6" (inclusive corners) into file/rank bounds.
 * Returns 0 or -1 when malformed or off the board. */
int qp_rect_parse(const qp_geom *g, const char *text, int *f0, int *r0, int *f1, int *r1);

#endif
