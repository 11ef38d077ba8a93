/*
 * movepick.h — move ordering for the search.
 *
 * Moves are opaque to the search, so ordering uses only what the ruleset
 * reports (QP_MF_CAPTURE, the optional move_order hook) and what the
 * search learned: the hash move first, then captures by move_order
 * (MVV-LVA) with their capture history breaking near-ties, then the two killers of the ply, then the move that last
 * refuted the previous move (its countermove), then the quiet moves by a
 * history score, then captures that lose material by the optional see
 * hook (QP_PICK_BAD).  A quiet move's score sums three statistics: its
 * history, and its continuation histories after the previous move and
 * after the move before that (how often it refuted or followed that
 * move: good replies depend on what the opponent just did).  Every table
 * is indexed by a hash of the move values and the side to move:
 * collisions only blur the ordering, never the result.
 *
 * The list is scored once and picked lazily (selection of the best
 * remaining move), since a cutoff usually comes early.
 */
#ifndef QP_MOVEPICK_H
#define QP_MOVEPICK_H

#include <stdint.h>

#include "ruleset.h"

#define QP_HISTORY_SIZE 16384   /* power of two */
#define QP_CONT_SIZE 65536      /* power of two: continuation entries */
#define QP_ORDER_PLIES 130

/* Per-move flag bits kept beside the move list. */
#define QP_PICK_CAPTURE 1u
#define QP_PICK_KILLER 2u
#define QP_PICK_HASH 4u
#define QP_PICK_IRREV 8u      /* QP_MF_IRREVERSIBLE */
#define QP_PICK_BAD 16u       /* a capture the ruleset's see hook says loses */
#define QP_PICK_RESET 32u     /* QP_MF_RESET */

typedef struct qp_order {
    int history[2][QP_HISTORY_SIZE];
    /* cont[k][side]: by a hash of (the move k + 1 plies back, the move). */
    int16_t cont[2][2][QP_CONT_SIZE];
    int16_t capture[2][QP_HISTORY_SIZE];   /* captures that refuted, by side and move */
    qp_move killers[QP_ORDER_PLIES][2];
    qp_move counter[2][QP_HISTORY_SIZE];   /* by side and the previous move's hash */
} qp_order;

void qp_order_clear(qp_order *o);
/* Halves the history between searches so it follows the game. */
void qp_order_age(qp_order *o);

/* Scores mv[0..n) into score[] and fl[] (QP_PICK_* bits).  prev, when
 * not NULL, holds the move that led to s and the move before it
 * (QP_MOVE_NONE: unknown or a pass). */
void qp_order_score(const qp_rules *r, const void *s, const qp_order *o, int side, int ply,
                    qp_move hash_move, const qp_move *prev, const qp_move *mv, int *score,
                    uint8_t *fl, int n);
/* Moves the best-scored move of [i, n) to position i.  Call it for
 * i = 0, 1, 2, ... in turn: after QP_PICK_LAZY picks it sorts the rest
 * once and later calls are free. */
#define QP_PICK_LAZY 4
void qp_order_pick(qp_move *mv, int *score, uint8_t *fl, int n, int i);

/* A quiet move caused a beta cutoff at depth: remember it, reward it and
 * punish the quiet moves tried before it (tried[0..ntried)). */
void qp_order_cutoff(qp_order *o, int side, int ply, int depth, qp_move m, const qp_move *prev,
                     const qp_move *tried, int ntried);

/* A beta cutoff at depth: reward the capture m that made it (none when a
 * quiet move did) and punish the captures tried before it. */
void qp_order_capture_cutoff(qp_order *o, int side, int depth, qp_move m, const qp_move *tried,
                             int ntried);

#endif
