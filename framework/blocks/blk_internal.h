/*
 * blk_internal.h — shared between the rule-block modules, not for callers.
 */
#ifndef QP_BLK_INTERNAL_H
#define QP_BLK_INTERNAL_H

#include "blk.h"

/* The opposite direction (QP_N↔QP_S, QP_E↔QP_W, QP_NE↔QP_SW, QP_SE↔QP_NW). */
static inline int blk_back(int d)
{
    return d < 4 ? (d + 2) & 3 : 4 + ((d - 4 + 2) & 3);
}

bool blk_dir_ok(blk_dirs d, int dir);

/* Boards of ≤ 64 points (g->bb_ok): the bits of x moved one step in
 * direction d (a bit whose point has no neighbour there drops). */
static inline uint64_t blk_bb_shift(const blk_game *g, uint64_t x, int d)
{
    x &= g->bb_valid[d];
    int k = g->bb_delta[d];
    return k > 0 ? x << k : x >> -k;
}

/* Sets o to side's win for why. */
static inline void blk_win(qp_outcome *o, int side, const char *why)
{
    o->result = QP_WIN;
    o->winner = side;
    o->reason = why;
}

/* k in a row (blk_line.c).  Whether the piece on sq stands in a winning
 * line of its side (cells and, on boards of ≤ 64 points, bitboards up to
 * date); blk_line_prepare derives the line windows. */
bool blk_line_at(const blk_game *g, const void *s, int sq);
void blk_line_prepare(blk_game *g);

/* The moves of side (not necessarily the side to move) in s; with
 * stop_at_one, returns as soon as one is found (0 or 1).  No terminal test
 * and no pass. */
int blk_gen_side(const blk_game *g, const void *s, int side, qp_move *out, bool stop_at_one);


/* How many moves side has (blk_gen_side's count, faster where it can). */
int blk_count_moves(const blk_game *g, const void *s, int side);

/* Capture by enclosing (blk_enclose.c).  blk_enclosed: the enemy points the
 * piece on sq encloses in position s (after its move: cells and, on small
 * boards, bitboards up to date), into taken (room for 4 *
 * BLK_ENCLOSE_LINE), their count.  blk_enclose_move: the same for move m
 * played from s, without playing it (0 for jumps and passes).
 * blk_enclose_prepare: the derived pattern tables. */
int blk_enclosed(const blk_game *g, const void *s, int sq, int *taken);
int blk_enclose_move(const blk_game *g, const void *s, qp_move m, int *taken);
void blk_enclose_prepare(blk_game *g);

/* Move fields. */
static inline int blk_to(qp_move m) { return (int)(m & 0x3ff) - 1; }
static inline int blk_from(qp_move m) { return (int)((m >> 10) & 0x3ff) - 1; }
static inline int blk_hops(qp_move m) { return (int)((m >> 20) & 0xf); }
static inline int blk_hop_dir(qp_move m, int i) { return (int)((m >> (24 + 3 * i)) & 7); }
/* The "then" square of a move without hops (a removal after a mill, a
 * shot), -1 if none. */
static inline int blk_then(qp_move m) { return blk_hops(m) ? -1 : (int)((m >> 24) & 0x3ff) - 1; }

/* Writes code on sq, keeping the hash and the bitboards (n ≤ 64). */
static inline void blk_put(const blk_game *g, void *s, int sq, int code)
{
    int8_t *c = blk_cells(g, s);
    int np = g->ncodes + 1;
    *(uint64_t *)s ^= g->z_cell[sq * np + c[sq]] ^ g->z_cell[sq * np + code];
    if (g->n <= 64) {
        blk_aux *a = blk_ax(g, s);
        uint64_t bit = (uint64_t)1 << sq;
        if (c[sq]) a->bb[g->side_of[c[sq]]] &= ~bit;
        if (code) a->bb[g->side_of[code]] |= bit;
    }
    c[sq] = (int8_t)code;
}

/* ---- blk_mill.c: mills, flying, captures by surrounding ---- */
int blk_mill_prepare(blk_game *g, char *err, size_t errn);
/* Whether side moves its pieces to any empty point now. */
static inline bool blk_flies(const blk_game *g, const blk_aux *a, int side)
{
    return g->fly_at && a->count[side] + (g->hand[side] > 0 ? a->hand[side] : 0) <= g->fly_at;
}
int blk_fly_gen(const blk_game *g, const void *s, int side, qp_move *out, bool stop_at_one);
/* Rewrites the n moves of side at out: each that makes a mill becomes one
 * move per enemy piece it may remove.  Returns the new count. */
int blk_mill_expand(const blk_game *g, const void *s, int side, qp_move *out, int n, bool stop_at_one);
/* The removal and the captures of a move side made to `to`. */
void blk_mill_make(const blk_game *g, void *s, qp_move m, int to, int side);
bool blk_mill_captures(const blk_game *g, const void *s, qp_move m);
/* Why a move text naming or lacking a removal is refused; false when the
 * mill rules have nothing to say (the caller explains). */
bool blk_mill_why(const blk_game *g, const void *s, const char *text, char *err, size_t errn);

/* shoot (blk_shoot.c).  The "then" square: blk_then above. */
/* Appends at out[n] the moves from-to each followed by every shot from
 * `to` (from empty by then); returns the new count (stops at
 * QP_MAX_MOVES, or after one with stop_at_one). */
int blk_shoot_gen(const blk_game *g, const int8_t *c, int from, int to, qp_move *out, int n, bool stop_at_one);
/* Why the move text of squares sq[0..2] (from, to, shot) is not legal. */
void blk_shoot_why(const blk_game *g, const void *s, const int *sq, int k, const char *text, char *err, size_t errn);

/* connect (blk_connect.c).  1 + the side whose pieces through sq join
 * its two ends, or 0; blk_connect_find looks at the whole board. */
int blk_connect_through(const blk_game *g, const int8_t *c, int sq);
int blk_connect_find(const blk_game *g, const int8_t *c);

/* swap (blk_swap.c).  The square of the lone piece the second side may
 * take over now, or -1; its mirror across the a1 diagonal. */
int blk_swap_from(const blk_game *g, const void *s);
static inline int blk_swap_to(const blk_game *g, int sq) { return (sq % g->geom.w) * g->geom.w + sq / g->geom.w; }

/* blk_promote.c: per-piece directions (forward), after the move
 * directions are known; the most-captures filter over a jump list. */
void blk_prepare_pieces(blk_game *g);
int blk_keep_most(qp_move *mv, int n);

/* The piece code lands as on sq: its promoted kind in its zone. */
static inline int blk_lands_as(const blk_game *g, int code, int sq)
{
    int to = g->promote_to[code];
    return to && (g->promote_zone[sq] >> g->side_of[code] & 1) ? to : code;
}

/* blk_fly.c: set captures (rules.jump.remove = "after").  The derived
 * tables (0, or -1 with err); side's captures into out from its pieces
 * own[0..nown) (deduplicated, most-captures filter applied; stops after one
 * with stop_at_one); taking a set capture's pieces off in blk_make; a
 * move text read in a game with set captures. */
int blk_fly_prepare(blk_game *g, char *err, size_t errn);
int blk_fly_jumps(const blk_game *g, const void *s, int side, const int16_t *own, int nown, qp_move *out,
                  bool stop_at_one);
void blk_fly_take(const blk_game *g, void *s, qp_move m);
int blk_fly_parse(const blk_game *g, const void *s, const char *text, qp_move *m, char *err, size_t errn);
static inline uint64_t blk_jset(qp_move m) { return (m >> 24) & (((uint64_t)1 << BLK_JSET_MAX) - 1); }

/* The evaluation's derived tables: corners, and lines on bitboards
 * (blk_eval.c). */
void blk_eval_prepare(blk_game *g);

#endif
