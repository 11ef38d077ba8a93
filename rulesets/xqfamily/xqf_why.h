/*
 * xqf_why.h — why a Xiangqi-family move is refused, shared by Xiangqi and
 * Zhonggong (their why_refused hooks, framework/why.h).
 *
 * The analysis needs only three questions a ruleset answers on its own
 * board: what stands on a point, whether a piece reaches a point by its
 * movement alone (with one given piece lifted off the board), and what is
 * wrong after a move that it reaches.  The piece in the way is the one
 * whose removal would open the move — a chariot's blocker, a horse's leg,
 * an elephant's eye — so no piece's geometry is written twice.
 */
#ifndef XQF_WHY_H
#define XQF_WHY_H

#include <stdbool.h>

#include "ruleset.h"

/* Piece types in the order both rulesets use. */
enum { XQF_GENERAL, XQF_ADVISOR, XQF_ELEPHANT, XQF_HORSE, XQF_CHARIOT, XQF_CANNON, XQF_SOLDIER, XQF_NTYPES };

typedef struct xqf_why_ops xqf_why_ops;
struct xqf_why_ops {
    const qp_rules *r;
    const void *s;
    int side;                 /* the side to move */
    /* framework point p: its piece's type and side; false when empty */
    bool (*piece)(const xqf_why_ops *o, int p, int *type, int *side);
    /* the piece on from reaches to by its movement rules, with the piece on
     * gone lifted off (-1: none) */
    bool (*reach)(const xqf_why_ops *o, int from, int to, int gone);
    /* what the pseudo-legal move from→to breaks (check, facing generals,
     * the game's own rules), or QP_WHY_NONE */
    qp_why_code (*after)(const xqf_why_ops *o, int from, int to, qp_why *why);
    /* optional: a move the piece's shape forbids, said precisely ("the
     * elephant cannot cross the river"), or QP_WHY_NONE */
    qp_why_code (*shape)(const xqf_why_ops *o, int from, int to, qp_why *why);
};

/* The why_refused answer for pts (see ruleset.h). */
qp_why_code xqf_why(const xqf_why_ops *o, const int *pts, int npts, qp_why *why);
/* A piece's name: English, and Chinese as the side writes it (帅/将). */
const char *xqf_name_en(int type);
const char *xqf_name_zh(int type, int side);

#endif
