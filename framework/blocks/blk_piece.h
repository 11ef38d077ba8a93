/*
 * blk_piece.h — pieces by kind: each kind's movements, the terrain of named
 * zones, ranks that say who may take whom, and the goals of reaching a zone
 * or capturing every enemy piece (blk_piece.c).
 *
 * A movement is one way a kind of piece goes, on the grid of the board
 * (not along its drawn links, so a knight's leap needs no link):
 *   step   one square along each of its directions
 *   slide  any number of squares (at most `range`) through empty squares
 *   leap   to the square at each offset, whatever lies between
 *   cross  straight over a zone: from beside it, across squares all in the
 *          zone and all empty, to the first square past it
 * A movement may hold only where the piece stands in its side's part of a
 * zone (`from`); there it replaces the kind's other movement along the
 * same offsets (a pawn's double step from its home rank).
 * Directions are absolute (n, ne, e, …, orthogonal, diagonal, all) or
 * relative to the side (forward, backward, sideways, forward-diagonals,
 * backward-diagonals; the first side's forward is north).  Each movement
 * moves to an empty square, captures (by moving onto an enemy, which is
 * removed), or both.  Moves are from-to (blk.h); a capture is a from-to
 * whose target holds an enemy.
 *
 * Zones are named sets of squares, either shared or with one part per side
 * (a side's den, traps, far rank).  Terrain rules on a zone: which kinds
 * may enter it, whether a side may enter its own part, the rank an enemy
 * standing in a side's part counts for that side's captures, and whether a
 * capture may cross the zone's edge.
 *
 * Invariants once blk_piece_prepare ran: vto[sq][v] is the square at
 * offset v from sq, or -1 off the board or on a hole; no kind has two
 * movements along the same offset (a cross and a step may share one); enter[c][sq] is whether a piece of
 * code c may stand on sq; may_take[a][v] the ranks' verdict outside
 * terrain; rank_at[s][sq] the rank a piece of side s counts on sq (-1:
 * its own).  A game with no ranks and no terrain takes every enemy.
 */
#ifndef QP_BLK_PIECE_H
#define QP_BLK_PIECE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "ruleset.h"

#define BLK_PIECE_CODES 53        /* = BLK_MAX_CODES */
#define BLK_MAX_VECS 48           /* distinct offsets over all kinds */
#define BLK_MAX_PMOVES 24         /* movements per kind */
#define BLK_MAX_ZONES 8
#define BLK_PREASON 48            /* = BLK_REASON */

/* What a movement may do on arrival (bit set). */
#define BLK_PM_MOVE 1u            /* to an empty square */
#define BLK_PM_TAKE 2u            /* onto an enemy, capturing it */

typedef struct blk_pmove {
    uint8_t vec;                  /* offset index */
    uint8_t range;                /* squares at most (1: step or leap) */
    uint8_t cap;                  /* BLK_PM_* */
    int8_t zone;                  /* cross: the zone crossed; -1 otherwise */
    uint8_t leap;                 /* 1: a leap, nothing in between matters */
    int8_t from_zone;             /* only from the side's part of this zone; -1: anywhere */
    int8_t unless_zone;           /* not from the side's part of this zone (a movement
                                     along the same offset with from_zone there replaces
                                     it: a pawn's double step); -1 */
    uint8_t en_passant;           /* also takes en passant (blk_royal.h) */
} blk_pmove;

typedef struct blk_pieces {
    bool on;                      /* some kind has movements: this block moves */
    /* offsets */
    int nvecs;
    int8_t vdx[BLK_MAX_VECS], vdy[BLK_MAX_VECS];
    int npm[BLK_PIECE_CODES];
    blk_pmove pm[BLK_PIECE_CODES][BLK_MAX_PMOVES];

    /* zones: zin bit 0 the first side's part, bit 1 the second's (3: shared) */
    int nzones;
    char zname[BLK_MAX_ZONES][16];
    uint8_t zin[BLK_MAX_ZONES][QP_MAX_POINTS];
    bool zsided[BLK_MAX_ZONES];
    /* terrain, per zone */
    uint64_t zenter[BLK_MAX_ZONES];   /* bit c: code c may enter (all by default) */
    bool zown_closed[BLK_MAX_ZONES];  /* a side may not enter its own part */
    int8_t zrank[BLK_MAX_ZONES];      /* an enemy in a side's part counts this rank; -1 */
    bool zwithin[BLK_MAX_ZONES];      /* no capture across the zone's edge */
    char zreason[BLK_MAX_ZONES][BLK_PREASON];

    /* ranks: a piece takes enemies of rank ≤ its own, but always `takes`
     * and never `spares` (bit per victim code) */
    bool ranked;
    int8_t rank[BLK_PIECE_CODES];
    uint64_t takes[BLK_PIECE_CODES], spares[BLK_PIECE_CODES];

    /* goals */
    int reach_zone;               /* a side with a piece in it wins; -1: none */
    bool reach_enemy;             /* in the enemy's part (else its own part) */
    char reach_reason[BLK_PREASON];
    bool capture_all;             /* a side that took every enemy piece wins */
    char capture_all_reason[BLK_PREASON];

    /* ---- derived by blk_piece_prepare ---- */
    int16_t vto[QP_MAX_POINTS][BLK_MAX_VECS];
    uint8_t enter[BLK_PIECE_CODES][QP_MAX_POINTS];
    uint8_t may_take[BLK_PIECE_CODES][BLK_PIECE_CODES];
    int8_t rank_at[2][QP_MAX_POINTS];
    uint8_t within[QP_MAX_POINTS];    /* bit z: sq is in zone z with zwithin */
    bool plain_take;                  /* no ranks, no terrain: every enemy is taken */
    uint64_t goal_bb[2];              /* bitboards: the squares each side wins on */
    int ngoal[2];
    int16_t goal[2][QP_MAX_POINTS];
    /* bitboards (n ≤ 64, one kind per side, only steps and leaps, no
     * terrain or ranks): each movement is a shift */
    bool fast;
    int fast_code[2];
    uint64_t fast_from[BLK_PIECE_CODES][BLK_MAX_PMOVES];   /* squares whose target exists */
    int fast_delta[BLK_PIECE_CODES][BLK_MAX_PMOVES];
} blk_pieces;

struct blk_game;

/* Empties the block (no movements, no zones, no ranks). */
void blk_piece_defaults(blk_pieces *p);

/* Direction words of a movement into unit offsets for a piece of side
 * (0 or 1): returns how many (≤ 8) or -1 for an unknown word. */
int blk_piece_dirs(const char *word, int side, int dx[8], int dy[8]);
/* The same words as lines of the board: bit d for each qp_dir d the word
 * names for a piece of side, or -1 for an unknown word ("forward-diagonals"
 * of the first side: QP_NE | QP_NW). */
int blk_piece_dir_mask(const char *word, int side);

/* Adds a movement of code along (dx, dy), from anywhere or (from_zone ≥
 * 0) from its side's part of that zone; 0, or -1 with err when the offset
 * is off any board, or the kind already moves along it from the same
 * places. */
int blk_piece_add(blk_pieces *p, int code, int dx, int dy, int range, unsigned cap, int zone, bool leap,
                  int from_zone, char *err, size_t errn);

/* Adds a zone from texts, each "a1", "b4-c6" or several separated by
 * spaces: one (shared) or one per side.  Returns its index, or -1 with err
 * naming the bad square or a repeated name. */
int blk_zone_add(blk_pieces *p, const qp_geom *geo, const uint8_t *hole, const char *name,
                 const char *const *texts, int ntexts, char *err, size_t errn);
int blk_zone_find(const blk_pieces *p, const char *name);

/* Derived tables; 0, or -1 with err. */
int blk_piece_prepare(struct blk_game *g, char *err, size_t errn);

/* Appends side's piece moves to out[n..]; returns the new count (stops
 * after one with stop_at_one). */
int blk_piece_gen(const struct blk_game *g, const void *s, int side, qp_move *out, int n, bool stop_at_one);

/* A reached zone or a side without pieces decides the game. */
bool blk_piece_decided(const struct blk_game *g, const void *s, qp_outcome *o);

/* Why the move from-to of the side to move is refused, when a piece
 * movement explains it (a zone it may not enter, a rank, a blocked way);
 * false to let the caller say it. */
bool blk_piece_why(const struct blk_game *g, const void *s, int from, int to, char *err, size_t errn);

#endif
