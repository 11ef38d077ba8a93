/*
 * xqf_why.c — refusal reasons of the Xiangqi family (see xqf_why.h).
 */
#include "xqf_why.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "why.h"

static const char *const names_en[XQF_NTYPES] = {
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
};
static const char *const names_zh[2][XQF_NTYPES] = {
    {"帅", "仕", "相", "马", "车", "炮", "兵"},
    {"将", "士", "象", "马", "车", "炮", "卒"},
};

const char *xqf_name_en(int type)
{
    return type >= 0 && type < XQF_NTYPES ? names_en[type] : "piece";
}

const char *xqf_name_zh(int type, int side)
{
    return type >= 0 && type < XQF_NTYPES ? names_zh[side & 1][type] : "子";
}

static int dist(const qp_rules *r, int a, int b)
{
    return abs(a % r->geom.w - b % r->geom.w) + abs(a / r->geom.w - b / r->geom.w);
}

/* Why from→to is refused; NONE when the move is legal as far as it can
 * tell.  Pieces: from holds the mover's piece. */
static qp_why_code why_move(const xqf_why_ops *o, int from, int to, qp_why *why)
{
    const qp_rules *r = o->r;
    char a[8], b[8], q[8], en[QP_WHY_TEXT], zh[QP_WHY_TEXT];
    int type, side, ttype, tside, btype, bside;
    o->piece(o, from, &type, &side);
    qp_sq_name(&r->geom, from, a);
    qp_sq_name(&r->geom, to, b);
    const char *pe = xqf_name_en(type), *pz = xqf_name_zh(type, side);
    bool target = o->piece(o, to, &ttype, &tside);
    if (target && tside == side) {
        snprintf(en, sizeof en, "%s is occupied by your own %s", b, xqf_name_en(ttype));
        snprintf(zh, sizeof zh, "%s已有己方的%s", b, xqf_name_zh(ttype, tside));
        return qp_why_set(why, QP_WHY_OWN_PIECE, en, zh);
    }
    if (o->reach(o, from, to, -1)) return o->after(o, from, to, why);
    bool line = from % r->geom.w == to % r->geom.w || from / r->geom.w == to / r->geom.w;
    if (type == XQF_CANNON && target && line) {
        int between = 0;
        for (int p = 0; p < r->geom.n; p++)
            if (p != from && p != to && o->piece(o, p, &btype, &bside) && dist(r, from, p) + dist(r, p, to) == dist(r, from, to))
                between++;
        if (between == 0) {
            qp_why_set(why, QP_WHY_CANNOT_MOVE, "a cannon captures only by jumping over exactly one piece",
                       "炮须隔一子才能吃子");
        } else {
            snprintf(en, sizeof en, "a cannon captures over exactly one piece; %d stand between %s and %s", between, a, b);
            snprintf(zh, sizeof zh, "炮只能隔一子吃子，%s与%s之间有%d子", a, b, between);
            qp_why_set(why, QP_WHY_BLOCKED, en, zh);
        }
        return why->code;
    }
    /* The piece in the way: the nearest one whose removal opens the move. */
    int best = -1;
    for (int p = 0; p < r->geom.n; p++) {
        if (p == from || p == to || !o->piece(o, p, &btype, &bside)) continue;
        if ((best < 0 || dist(r, from, p) < dist(r, from, best)) && o->reach(o, from, to, p)) best = p;
    }
    if (best >= 0) {
        o->piece(o, best, &btype, &bside);
        qp_sq_name(&r->geom, best, q);
        const char *be = xqf_name_en(btype), *bz = xqf_name_zh(btype, bside);
        if (type == XQF_HORSE) {
            snprintf(en, sizeof en, "the horse's leg is blocked by the %s on %s", be, q);
            snprintf(zh, sizeof zh, "蹩马腿：%s有%s", q, bz);
            return qp_why_set(why, QP_WHY_LEG, en, zh);
        }
        if (type == XQF_ELEPHANT) {
            snprintf(en, sizeof en, "the elephant's eye is blocked by the %s on %s", be, q);
            snprintf(zh, sizeof zh, "塞象眼：%s有%s", q, bz);
            return qp_why_set(why, QP_WHY_LEG, en, zh);
        }
        snprintf(en, sizeof en, "blocked by the %s on %s", be, q);
        snprintf(zh, sizeof zh, "被%s的%s挡住", q, bz);
        return qp_why_set(why, QP_WHY_BLOCKED, en, zh);
    }
    if (o->shape && o->shape(o, from, to, why) != QP_WHY_NONE) return why->code;
    snprintf(en, sizeof en, "a%s %s cannot move from %s to %s",
             type == XQF_ADVISOR || type == XQF_ELEPHANT ? "n" : "", pe, a, b);
    snprintf(zh, sizeof zh, "%s不能从%s走到%s", pz, a, b);
    return qp_why_set(why, QP_WHY_CANNOT_MOVE, en, zh);
}

/* Ranks reasons for a piece with no move: the rule that stops it first. */
static int weight(qp_why_code c)
{
    switch (c) {
    case QP_WHY_SELF_CHECK: case QP_WHY_FLYING: case QP_WHY_RULE: return 4;
    case QP_WHY_LEG: return 3;
    case QP_WHY_BLOCKED: return 2;
    case QP_WHY_OWN_PIECE: return 1;
    default: return 0;
    }
}

qp_why_code xqf_why(const xqf_why_ops *o, const int *pts, int npts, qp_why *why)
{
    const qp_rules *r = o->r;
    int type, side;
    if (npts < 1 || npts > 2 || !o->piece(o, pts[0], &type, &side) || side != o->side) return QP_WHY_NONE;
    if (npts == 2) return pts[0] == pts[1] ? QP_WHY_NONE : why_move(o, pts[0], pts[1], why);
    /* A piece clicked alone has no legal move: say what stops it. */
    qp_why best = {QP_WHY_NONE, "", ""}, w;
    for (int t = 0; t < r->geom.n; t++) {
        if (t == pts[0] || why_move(o, pts[0], t, &w) == QP_WHY_NONE) continue;
        if (weight(w.code) > weight(best.code)) best = w;
    }
    char a[8], en[QP_WHY_TEXT], zh[QP_WHY_TEXT];
    qp_sq_name(&r->geom, pts[0], a);
    snprintf(en, sizeof en, "the %s on %s has no legal move", xqf_name_en(type), a);
    snprintf(zh, sizeof zh, "%s的%s无路可走", a, xqf_name_zh(type, side));
    if (best.code == QP_WHY_OWN_PIECE) {
        snprintf(en + strlen(en), sizeof en - strlen(en), ": your own pieces stand where it could go");
        snprintf(zh + strlen(zh), sizeof zh - strlen(zh), "：去路被己方棋子占住");
    } else if (best.code != QP_WHY_NONE) {
        snprintf(en + strlen(en), sizeof en - strlen(en), ": %.100s", best.en);
        snprintf(zh + strlen(zh), sizeof zh - strlen(zh), "：%.100s", best.zh);
    }
    return qp_why_set(why, QP_WHY_NO_MOVE, en, zh);
}
