/*
 * xq_internal.h — internals of the standard Xiangqi ruleset ("xiangqi").
 *
 * Contract shared by the xq_*.c files (only they, tests/unit/test_xiangqi.c and
 * tools/xq_fit.c include this header; the rest of qipan sees only
 * xq_ruleset, through xiangqi.h):
 *
 *  - The board is a 16×16 padded mailbox.  Point (file f, rank r) with
 *    f 0..8 (a..i) and r 0..9 (rank "1".."10", Red at the bottom) lives at
 *    XQ_SQ(f, r) = (r + 3) * 16 + f + 3; every other byte holds XQ_OFF, so a
 *    slider stops at the edge by the same "non-empty" test that stops it at
 *    a piece, and a horse or elephant jump (±2) never leaves the array.
 *  - A piece byte is XQ_SIDEBIT(side) | slot.  Slots are fixed per type
 *    (0 general, 1-2 advisors, 3-4 elephants, 5-6 horses, 7-8 chariots,
 *    9-10 cannons, 11-15 soldiers), so the type of a piece is
 *    xq_slot_type[p & 15] and a position never holds more than the standard
 *    set (FEN parsing enforces it).  pos[side * 16 + slot] is the square of
 *    that piece, 0 when it is captured or absent.
 *  - hash, score and the occupancy masks (occ_rank: bit f of rank r set
 *    when the point holds a piece; occ_file: bit r of file f) are kept
 *    incrementally by make/unmake and always equal what xq_recompute()
 *    would give (tests check this).
 *  - A move is from | to << 8 (padded squares, never 0).
 */
#ifndef XQ_INTERNAL_H
#define XQ_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"

#define XQ_START_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

#define XQ_OFF 0x40u
#define XQ_SIDEBIT(side) (0x10u << (side))
#define XQ_SQ(f, r) (((r) + 3) * 16 + (f) + 3)
#define XQ_FILE(sq) (((sq) & 15) - 3)
#define XQ_RANK(sq) (((sq) >> 4) - 3)
#define XQ_FWD(side) ((side) ? -16 : 16)
/* Index of a piece byte into pos[] and the per-piece tables: side*16+slot. */
#define XQ_PIDX(p) ((((p) >> 5) << 4) | ((p) & 15))
#define XQ_SIDE_OF(p) ((int)((p) >> 5))

#define XQ_MOVE(from, to) ((qp_move)((unsigned)(from) | ((unsigned)(to) << 8)))
#define XQ_FROM(m) ((int)((m) & 255))
#define XQ_TO(m) ((int)(((m) >> 8) & 255))

enum {
    XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CHARIOT, XQ_CANNON, XQ_SOLDIER,
    XQ_NTYPES
};

/* First slot of each type; xq_slot_first[t + 1] ends it. */
static const uint8_t xq_slot_first[XQ_NTYPES + 1] = {0, 1, 3, 5, 7, 9, 11, 16};
static const uint8_t xq_slot_type[16] = {
    XQ_KING, XQ_ADVISOR, XQ_ADVISOR, XQ_ELEPHANT, XQ_ELEPHANT, XQ_HORSE, XQ_HORSE,
    XQ_CHARIOT, XQ_CHARIOT, XQ_CANNON, XQ_CANNON,
    XQ_SOLDIER, XQ_SOLDIER, XQ_SOLDIER, XQ_SOLDIER, XQ_SOLDIER
};

/* Square flags (xq_impl.sqf): on the board, in side's palace, in side's
 * own half (where its elephants live and its soldiers have not crossed). */
#define XQ_SF_BOARD 1u
#define XQ_SF_PALACE(side) (2u << (side))
#define XQ_SF_HALF(side) (8u << (side))

/* A position.  Invariant: see the header comment.  Padding is explicit so
 * that equal positions reached the same way are equal bytes. */
typedef struct xq_state {
    uint8_t board[256];
    uint8_t pos[32];
    uint16_t occ_rank[10];  /* bit f: (f, r) is occupied */
    uint16_t occ_file[9];   /* bit r: (f, r) is occupied */
    uint8_t pad0[2];
    uint64_t hash;
    int32_t score;          /* material + placement, Red minus Black (XQ_SCORE) */
    uint16_t halfmove;      /* plies since the last capture (FEN field 5) */
    uint16_t fullmove;      /* FEN field 6 */
    uint8_t side;           /* 0 Red, 1 Black to move */
    uint8_t pad[7];
} xq_state;

typedef struct xq_undo {
    uint64_t hash;
    int32_t score;
    uint16_t halfmove, fullmove;
    uint8_t captured;       /* piece byte that stood on the target, 0 if none */
    uint8_t pad[7];
} xq_undo;

/* A middlegame and an endgame score packed in one int, so one addition
 * updates both: XQ_SCORE(mg, eg), read back by XQ_MG and XQ_EG (each
 * part stays far inside 16 bits). */
#define XQ_SCORE(mg, eg) ((int32_t)((uint32_t)(mg) * 65536u + (uint32_t)(eg)))
#define XQ_EG(s) ((int)(int16_t)(uint16_t)(uint32_t)(s))
#define XQ_MG(s) ((int)(int16_t)(uint16_t)(((uint32_t)(s) + 0x8000u) >> 16))

/* Per-instance tables, built once by create (r->impl). */
typedef struct xq_impl {
    uint8_t sqf[256];
    uint64_t zob[32][256];      /* by XQ_PIDX: equal for pieces of one type */
    uint64_t zob_side;          /* xor'ed in when Black is to move */
    int32_t pst[32][256];       /* material + placement (XQ_SCORE mg, eg), Black negative */
    int value[XQ_NTYPES];       /* material only, for move ordering */
    /* Empty points from a point along its line to the next piece or the
     * edge, by occupancy mask: [0] toward file (rank) 0, [1] away. */
    uint8_t rank_run[9][512][2];
    uint8_t file_run[10][1024][2];
    int tempo;
    int soldier_crossed;        /* eval.soldier_crossed */
    xq_state start;             /* the `setup` position */
} xq_impl;

/* xq_board.c: tables, FEN, whole-position helpers */
void xq_init_tables(xq_impl *im);
void xq_recompute(const xq_impl *im, xq_state *s);
int xq_fen_parse(const xq_impl *im, xq_state *s, const char *fen, char *err, size_t errn);
void xq_fen_print(const xq_state *s, char *buf, size_t n);
char xq_piece_letter(unsigned p);

/* xq_movegen.c: attacks, generation, make/unmake */
bool xq_attacked(const uint8_t *board, int ksq, int side);
bool xq_in_check(const xq_impl *im, const xq_state *s);
/* Whether a piece of side could capture on point t of board b (any point,
 * not only a general's: each piece by its own moves and zone). */
bool xq_defended(const xq_impl *im, const uint8_t *board, int t, int side);
bool xq_generals_face(const uint8_t *board, int k0, int k1);
int xq_gen_pseudo(const xq_impl *im, const xq_state *s, qp_move *out, bool noisy);
int xq_gen_legal(const xq_impl *im, const xq_state *s, qp_move *out, bool noisy);
bool xq_pseudo_is_legal(const xq_state *s, qp_move m);
void xq_do_move(const xq_impl *im, xq_state *s, qp_move m, xq_undo *u);
void xq_undo_move(xq_state *s, qp_move m, const xq_undo *u);

/* xq_notation.c: why the shape of f→t is no move of the piece on f
 * ("the elephant cannot cross the river"), NULL when it is one. */
const char *xq_explain(const xq_impl *im, const xq_state *s, int f, int t);
/* xq_why.c: the why_refused hook (ruleset.h). */
qp_why_code xq_why_refused(const qp_rules *r, const void *s, const int *pts, int npts, qp_why *why);

/* xq_eval.c: evaluation tables from the eval.* parameters and the fitted
 * weights (xq_weights.c).
 *
 * The evaluation is linear in its weights apart from the endgame scaling:
 * every term has a middlegame and an endgame weight, blended by the phase
 * (XQ_PHASE_MAX with all chariots, horses and cannons on the board, 0 with
 * none).  A trace lists, for one position, each term's count (Red minus
 * Black) and the phase, so a tool can fit the weights to labelled
 * positions: xq_eval_traced() == xq_trace_value() for the same weights. */
#define XQ_HORSE_MOB_MAX 8    /* points a horse reaches */
#define XQ_LINE_MOB_MAX 17    /* points along a chariot's or cannon's lines (9 + 8) */
enum {
    XQ_T_PST = 0,                       /* type * 50 + own rank * 5 + folded file */
    XQ_T_HORSE_MOB = XQ_NTYPES * 50,    /* per point a horse reaches */
    XQ_T_CHARIOT_MOB,                   /* per point along a chariot's lines */
    XQ_T_CANNON_MOB,
    XQ_T_HOLLOW_CANNON,                 /* on the enemy general's file, nothing between */
    XQ_T_SCREEN_CANNON,                 /* one piece between */
    XQ_T_IMBALANCE,                     /* (cannons - horses) * (heavy pieces - 6) */
    XQ_T_DANGER_CHARIOT,                /* crossed attacker * (5 - enemy defenders) */
    XQ_T_DANGER_HORSE,
    XQ_T_DANGER_CANNON,
    XQ_T_DANGER_SOLDIER,
    XQ_T_ADVISOR_PAIR,
    XQ_T_ELEPHANT_PAIR,
    XQ_T_THREAT_ONE,                    /* the side to move has one piece attacked by a */
    XQ_T_THREAT_MORE,                   /* cheaper one; two or more (a fork) */
    XQ_T_KING_ATTACK,                   /* pieces hitting the enemy palace, weighted, squared */
    XQ_T_PALACE_HITS,                   /* enemy palace points attacked, by all pieces */
    XQ_T_CHECK_CHARIOT,                 /* moves that would give check, by the piece */
    XQ_T_CHECK_HORSE,                   /* that makes them (a cannon's quiet moves only) */
    XQ_T_CHECK_CANNON,
    /* Mobility by count, on top of the linear terms above: a horse with
     * no way out is worth far less than its count says, a chariot's
     * fifteenth point adds little. */
    XQ_T_HORSE_MOBT,                    /* + points reached, 0..XQ_HORSE_MOB_MAX */
    XQ_T_CHARIOT_MOBT = XQ_T_HORSE_MOBT + XQ_HORSE_MOB_MAX + 1,   /* 0..XQ_LINE_MOB_MAX */
    XQ_T_CANNON_MOBT = XQ_T_CHARIOT_MOBT + XQ_LINE_MOB_MAX + 1,
    XQ_NTERMS = XQ_T_CANNON_MOBT + XQ_LINE_MOB_MAX + 1
};
#define XQ_PHASE_MAX 48
#define XQ_PST_INDEX(t, f, r) ((t) * 50 + (r) * 5 + ((f) < 4 ? (f) : 8 - (f)))

/* Fitted weights: [term][0] middlegame, [term][1] endgame, in eval units
 * (a soldier is about 30).  Placement terms come on top of the eval.*
 * material values and are scaled by eval.pst. */
extern const int16_t xq_weights[XQ_NTERMS][2];

typedef struct xq_trace {
    int count[XQ_NTERMS];   /* Red minus Black */
    int phase;              /* 0..XQ_PHASE_MAX */
    int material;           /* eval.* material, Red minus Black */
    int scale_div;          /* 1, or 8 when the leading side cannot mate */
} xq_trace;

void xq_eval_init(xq_impl *im, const qp_params *p);
int xq_evaluate(const qp_rules *r, const void *s);
/* The evaluation (Red's view, before tempo and side to move) with its trace. */
int xq_eval_traced(const qp_rules *r, const void *s, xq_trace *tr);
/* The same from a trace and any weights (eval.pst 100). */
double xq_trace_value(const xq_trace *tr, const double (*w)[2]);
int xq_move_order(const qp_rules *r, const void *s, qp_move m);
/* The see hook: a capture's gain, negative when a dearer capturer is
 * taken back (one recapture looked at). */
int xq_see(const qp_rules *r, const void *s, qp_move m);

/* xq_notation.c: move text, reasons for illegal moves, Chinese notation */
void xq_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n);
int xq_move_parse(const qp_rules *r, const void *s, const char *text, qp_move *m,
                  char *err, size_t errn);
void xq_move_notation(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n);
int xq_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max);
int xq_notation_text(const qp_rules *r, const void *s, qp_move m, const char *style, char *buf,
                     size_t n);
int xq_notation_parse(const qp_rules *r, const void *s, const char *text, const char *style,
                      qp_move *m, char *err, size_t errn);
/* Padded square <-> the geometry's index (rank * 9 + file). */
static inline int xq_to_geom(int sq) { return XQ_RANK(sq) * 9 + XQ_FILE(sq); }
static inline int xq_from_geom(int g) { return XQ_SQ(g % 9, g / 9); }

#endif
