/*
 * zg_why.c — Zhonggong's refusal reasons (see zg_why.h).
 */
#include "zg_why.h"

#include "why.h"
#include "xqf_why.h"
#include "zg_movegen.h"
#include "zg_rules.h"

static bool zw_piece(const xqf_why_ops *o, int p, int *type, int *side)
{
    const zg_state *s = o->s;
    int v = s->bd.sq[zg_from81(p)];
    if (!v || v == ZG_OFF) return false;
    *type = zg_type_of(v);   /* the same order as XQF_* */
    *side = zg_side_of(v);
    return true;
}

static bool zw_reach(const xqf_why_ops *o, int from, int to, int gone)
{
    const zg_state *s = o->s;
    zg_bd bd = s->bd;
    if (gone >= 0) {
        bd.sq[zg_from81(gone)] = 0;
        zg_occ_clr(&bd, zg_from81(gone));
    }
    int tg[32], n = zg_pseudo_targets(o->r->impl, &bd, zg_from81(from), tg);
    for (int i = 0; i < n; i++)
        if (tg[i] == zg_from81(to)) return true;
    return false;
}

/* Generals on one file with nothing between. */
static bool facing(const zg_bd *b, int g0, int g1)
{
    if (!g0 || !g1 || zg_file(g0) != zg_file(g1)) return false;
    int step = g1 > g0 ? 16 : -16;
    for (int p = g0 + step; p != g1; p += step)
        if (b->sq[p]) return false;
    return true;
}

static qp_why_code zw_after(const xqf_why_ops *o, int from81, int to81, qp_why *why)
{
    const zg_impl *z = o->r->impl;
    const zg_state *s = o->s;
    int from = zg_from81(from81), to = zg_from81(to81), side = s->side;
    if (s->bd.sq[to] == ZG_BASE(side ^ 1))
        return qp_why_set(why, QP_WHY_RULE, "capturing the general there would be answered: the capture is illegal",
                          "此处吃将会被反吃，不合规则");
    zg_bd bd = s->bd;
    int v = bd.sq[from];
    bd.sq[to] = (uint8_t)v;
    bd.sq[from] = 0;
    zg_occ_clr(&bd, from);
    zg_occ_set(&bd, to);
    int g = from == s->pos[ZG_BASE(side)] ? to : s->pos[ZG_BASE(side)];
    int og = s->pos[ZG_BASE(side ^ 1)];
    if (z->flying && facing(&bd, g, og))
        return qp_why_set(why, QP_WHY_FLYING, "the two generals would face each other", "将帅不能照面");
    const char *r2 = zg_rule2_reason(z, &bd, g, side);
    if (!r2) return QP_WHY_NONE;
    if (r2[0] == 'l') {   /* "leaves your general in check" */
        bool now = (zg_flags(z, s) & ZG_FLAG_CHECK) != 0;
        return now ? qp_why_set(why, QP_WHY_SELF_CHECK, "your general is in check and this move does not answer it",
                                "正被将军，此着未能应将")
                   : qp_why_set(why, QP_WHY_SELF_CHECK, "it would leave your general in check", "走后己方将帅被将军");
    }
    return qp_why_set(why, QP_WHY_SUICIDE, "your general would have no liberty", "己方将帅将无气");
}

qp_why_code zg_why_refused(const qp_rules *r, const void *s, const int *pts, int npts, qp_why *why)
{
    const zg_state *st = s;
    xqf_why_ops o = {r, s, st->side, zw_piece, zw_reach, zw_after, NULL};
    return xqf_why(&o, pts, npts, why);
}
