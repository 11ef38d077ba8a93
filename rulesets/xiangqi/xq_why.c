/*
 * xq_why.c — Xiangqi's why_refused hook (ruleset.h): the reasons of
 * rulesets/xqfamily/xqf_why.c asked of this ruleset's board, with the
 * shape rules (palace, river, how each piece moves) in both languages.
 */
#include <stdio.h>
#include <string.h>

#include "why.h"
#include "xq_internal.h"
#include "xqf_why.h"

static bool xw_piece(const xqf_why_ops *o, int p, int *type, int *side)
{
    const xq_state *s = o->s;
    unsigned v = s->board[xq_from_geom(p)];
    if (!v || v == XQ_OFF) return false;
    *type = xq_slot_type[v & 15];   /* the same order as XQF_* */
    *side = XQ_SIDE_OF(v);
    return true;
}

static bool xw_reach(const xqf_why_ops *o, int from, int to, int gone)
{
    const xq_impl *im = o->r->impl;
    xq_state s = *(const xq_state *)o->s;
    if (gone >= 0) {
        int g = xq_from_geom(gone);
        s.pos[XQ_PIDX(s.board[g])] = 0;
        s.board[g] = 0;
        xq_recompute(im, &s);
    }
    qp_move list[QP_MAX_MOVES];
    int n = xq_gen_pseudo(im, &s, list, false);
    qp_move want = XQ_MOVE(xq_from_geom(from), xq_from_geom(to));
    for (int i = 0; i < n; i++)
        if (list[i] == want) return true;
    return false;
}

static qp_why_code xw_after(const xqf_why_ops *o, int from, int to, qp_why *why)
{
    const xq_state *s = o->s;
    const xq_impl *im = o->r->impl;
    int f = xq_from_geom(from), t = xq_from_geom(to);
    if (xq_pseudo_is_legal(s, XQ_MOVE(f, t))) return QP_WHY_NONE;
    uint8_t bd[256];
    memcpy(bd, s->board, sizeof bd);
    bd[t] = bd[f];
    bd[f] = 0;
    int k0 = s->pos[0], k1 = s->pos[16];
    if (f == k0) k0 = t;
    if (f == k1) k1 = t;
    if (xq_generals_face(bd, k0, k1))
        return qp_why_set(why, QP_WHY_FLYING, "the two generals would face each other", "将帅不能照面");
    if (xq_in_check(im, s))
        return qp_why_set(why, QP_WHY_SELF_CHECK, "your general is in check and this move does not answer it",
                          "正被将军，此着未能应将");
    return qp_why_set(why, QP_WHY_SELF_CHECK, "it would leave your general in check", "走后己方将帅被将军");
}

/* The shape rules as xq_explain words them, and in Chinese (%s: the
 * piece's Chinese name for the mover). */
static const struct {
    const char *en, *zh;
} shapes[] = {
    {"the general moves one point along a rank or file", "%s每次沿直线走一步"},
    {"the general cannot leave the palace", "%s不能出九宫"},
    {"the advisor moves one point diagonally", "%s每次斜走一步"},
    {"the advisor cannot leave the palace", "%s不能出九宫"},
    {"the elephant moves two points diagonally", "%s走田字"},
    {"the elephant cannot cross the river", "%s不能过河"},
    {"the horse moves one point straight then one diagonally", "%s走日字"},
    {"the chariot moves along a rank or file", "%s走直线"},
    {"the cannon moves along a rank or file", "%s走直线"},
    {"the soldier cannot move backward", "%s不能后退"},
    {"the soldier moves one point at a time", "%s每次只走一步"},
    {"the soldier moves sideways only after crossing the river", "%s过河后才能横走"},
};

static qp_why_code xw_shape(const xqf_why_ops *o, int from, int to, qp_why *why)
{
    const xq_state *s = o->s;
    int f = xq_from_geom(from), t = xq_from_geom(to);
    const char *en = xq_explain(o->r->impl, s, f, t);
    if (!en) return QP_WHY_NONE;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        if (strcmp(en, shapes[i].en)) continue;
        char zh[QP_WHY_TEXT];
        snprintf(zh, sizeof zh, shapes[i].zh, xqf_name_zh(xq_slot_type[s->board[f] & 15], s->side));
        return qp_why_set(why, QP_WHY_CANNOT_MOVE, en, zh);
    }
    return QP_WHY_NONE;
}

qp_why_code xq_why_refused(const qp_rules *r, const void *s, const int *pts, int npts, qp_why *why)
{
    const xq_state *st = s;
    xqf_why_ops o = {r, s, st->side, xw_piece, xw_reach, xw_after, xw_shape};
    return xqf_why(&o, pts, npts, why);
}
