/*
 * quiet.c — quiet positions for Texel fits (see quiet.h).
 */
#include "quiet.h"

#include <string.h>

size_t texel_quiet_scratch(const qp_rules *r)
{
    return r->state_size * (TEXEL_QS_DEPTH + 2);
}

/* Quiescence over the noisy moves with copy-make, side to move's view;
 * each ply's child lives one state further into buf. */
static int qsearch(const qp_rules *r, const void *s, int alpha, int beta, int depth, void *buf)
{
    int stand = r->rs->evaluate(r, s);
    if (stand >= beta || depth == 0) return stand;
    if (stand > alpha) alpha = stand;
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_NOISY);
    char *child = (char *)buf + r->state_size;
    for (int i = 0; i < n; i++) {
        memcpy(child, s, r->state_size);
        r->rs->make(r, child, mv[i], NULL);
        int v = -qsearch(r, child, -beta, -alpha, depth - 1, child);
        if (v >= beta) return v;
        if (v > alpha) alpha = v;
    }
    return alpha;
}

bool texel_is_quiet(const qp_rules *r, const void *s, void *scratch)
{
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    if (o.result != QP_ONGOING) return false;
    if (r->rs->flags && (r->rs->flags(r, s) & QP_FLAG_CHECK)) return false;
    qp_move mv[QP_MAX_MOVES];
    if (r->rs->gen(r, s, mv, QP_GEN_ANY) == 0) return false;
    int e = r->rs->evaluate(r, s);
    return qsearch(r, s, -QP_SCORE_MATE, QP_SCORE_MATE, TEXEL_QS_DEPTH, scratch) == e;
}
