/*
 * blk_why.c — refusal reasons of the rule blocks (see blk_why.h).
 */
#include "blk_why.h"

#include <stdio.h>
#include <string.h>

#include "blk_group.h"
#include "blk_internal.h"
#include "why.h"

static bool adjacent(const blk_game *g, int a, int b)
{
    for (int d = 0; d < QP_NDIRS; d++)
        if (g->geom.nb[a][d] == b) return true;
    return false;
}

/* An English reason of another block with a Chinese one chosen by what
 * it says. */
static qp_why_code classify(qp_why *why, const char *text, const char *en)
{
    size_t k = strlen(text);
    if (!strncmp(en, text, k) && !strncmp(en + k, ": ", 2)) en += k + 2;   /* the points are known */
    static const struct {
        const char *has, *zh;
        qp_why_code code;
    } kinds[] = {
        {"check", "走后己方王被将军", QP_WHY_SELF_CHECK},
        {"block", "去路被挡住", QP_WHY_BLOCKED},
        {"is occupied", "该点已有棋子", QP_WHY_OCCUPIED},
        {"may not enter", "不能进入该处", QP_WHY_RULE},
        {"stands in a mill", "成三中的棋子不能吃（须吃三连之外的子）", QP_WHY_RULE},
        {"no enemy", "该点没有对方棋子可吃", QP_WHY_RULE},
        {"makes a mill", "成三：请再点要吃掉的对方棋子", QP_WHY_MUST_CONTINUE},
        {"capture", "不能这样吃子", QP_WHY_RULE},
        {"take", "不能这样吃子", QP_WHY_RULE},
        {"castle", "不能这样易位", QP_WHY_RULE},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strstr(en, kinds[i].has)) return qp_why_set(why, kinds[i].code, en, kinds[i].zh);
    return qp_why_set(why, QP_WHY_RULE, en, "这枚棋子不能这样走");
}

qp_why_code blk_why(const blk_game *g, const void *s, const int *pts, int npts, qp_why *why)
{
    int side = blk_side(s);
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    char nm[8], nm2[8], text[QP_MOVE_TEXT * 2] = "", err[QP_ERR] = "", en[QP_WHY_TEXT], zh[QP_WHY_TEXT];
    if (npts < 1 || side < 0 || side > 1) return QP_WHY_NONE;
    for (int i = 0; i < npts; i++) {
        qp_sq_name(&g->geom, pts[i], nm);
        if (i && g->mill_k && i == npts - 1 && c[pts[i]] && g->side_of[c[pts[i]]] != side) strcat(text, "x");
        strncat(text, nm, sizeof text - strlen(text) - 1);
    }
    /* the points as the game's move texts name them (draughts' numbers) */
    blk_point_name(g, pts[0], nm);
    blk_point_name(g, pts[npts - 1], nm2);
    int v = c[pts[0]];
    bool own = v && g->side_of[v] == side;
    bool places = g->place != BLK_PLACE_NONE && g->place_code[side];
    bool in_hand = places && (g->hand[side] < 0 || a->hand[side] > 0);
    bool place_first = places && g->place_first && g->hand[side] >= 0 && a->hand[side] > 0;
    /* a compulsory capture, and the most pieces a capture takes */
    bool jump_exists = false;
    int most = 0;
    if (g->jump_forced || g->jump_most) {
        qp_move mv[QP_MAX_MOVES];
        int n = blk_gen_side(g, s, side, mv, false);
        for (int i = 0; i < n; i++) {
            jump_exists |= blk_hops(mv[i]) > 0;
            if (blk_hops(mv[i]) > most) most = blk_hops(mv[i]);
        }
        jump_exists &= g->jump_forced;
    }
    if (place_first && (npts > 1 || v)) {
        if (v && !own) {
            snprintf(en, sizeof en, "%s is not your piece: place one of yours from your hand on an empty point", nm);
            snprintf(zh, sizeof zh, "%s不是你的棋子：请把手中的棋子放到空点上", nm);
            return qp_why_set(why, QP_WHY_NOT_YOURS, en, zh);
        }
        snprintf(en, sizeof en, "place your pieces in hand first (%d left)", a->hand[side]);
        snprintf(zh, sizeof zh, "须先把手中的棋子放完（还有%d枚）", a->hand[side]);
        return qp_why_set(why, QP_WHY_HAND_FIRST, en, zh);
    }
    if (npts == 1 && !v) {
        const char *group = places ? blk_group_why_not(g, s, pts[0]) : NULL;
        if (!places) return QP_WHY_NONE;
        if (!in_hand) {
            snprintf(en, sizeof en, "%s: no pieces left to place; move one from-to", nm);
            snprintf(zh, sizeof zh, "%s：手中已无棋子，请走子", nm);
            return qp_why_set(why, QP_WHY_NO_HAND, en, zh);
        }
        if (group && g->group_suicide) {
            snprintf(en, sizeof en, "%s would take only itself off, which is no move", nm);
            snprintf(zh, sizeof zh, "%s落子后只提掉自己，不成着法", nm);
            return qp_why_set(why, QP_WHY_SUICIDE, en, zh);
        }
        if (group) {
            snprintf(en, sizeof en, "%s is suicide: its group would have no liberty", nm);
            snprintf(zh, sizeof zh, "%s禁着：落子后无气", nm);
            return qp_why_set(why, QP_WHY_SUICIDE, en, zh);
        }
        if (jump_exists)
            return qp_why_set(why, QP_WHY_MUST_CAPTURE, "a capture is available and must be taken", "有吃子必须吃");
        if (g->place == BLK_PLACE_FLANK) {
            snprintf(en, sizeof en, "%s must flip at least one disc", nm);
            snprintf(zh, sizeof zh, "%s须夹住对方至少一子", nm);
            return qp_why_set(why, QP_WHY_RULE, en, zh);
        }
        if (g->place == BLK_PLACE_GRAVITY) {
            snprintf(en, sizeof en, "%s: pieces drop to the lowest empty point of a column", nm);
            snprintf(zh, sizeof zh, "%s：棋子落到该列最低的空点", nm);
            return qp_why_set(why, QP_WHY_RULE, en, zh);
        }
        return QP_WHY_NONE;
    }
    if (npts == 1) {
        if (own && jump_exists)
            return qp_why_set(why, QP_WHY_MUST_CAPTURE, "a capture is available and must be taken: another piece can jump",
                              "有吃子必须吃：别的棋子可以跳吃");
        if (in_hand && (!own || !g->move[v])) {
            snprintf(en, sizeof en, "%s is occupied", nm);
            snprintf(zh, sizeof zh, "%s已有棋子", nm);
            return qp_why_set(why, QP_WHY_OCCUPIED, en, zh);
        }
        return QP_WHY_NONE;
    }
    /* a move from pts[0] */
    if (g->mill_k && blk_mill_why(g, s, text, err, sizeof err)) return classify(why, text, err);
    if (!own) return QP_WHY_NONE;
    if (g->rk.on && blk_royal_why(g, s, text, err, sizeof err)) return classify(why, text, err);
    if (g->shoot_code && npts >= 3) {
        blk_shoot_why(g, s, pts, npts, text, err, sizeof err);
        return classify(why, text, err);
    }
    if (g->pc.on && npts == 2 && blk_piece_why(g, s, pts[0], pts[1], err, sizeof err)) return classify(why, text, err);
    if (c[pts[npts - 1]] && g->side_of[c[pts[npts - 1]]] == side) return QP_WHY_NONE;   /* the framework's "own piece" */
    if (c[pts[npts - 1]]) {
        snprintf(en, sizeof en, "%s is occupied", nm2);
        snprintf(zh, sizeof zh, "%s已有棋子", nm2);
        return qp_why_set(why, QP_WHY_OCCUPIED, en, zh);
    }
    if (g->jump_most && most > npts - 1 && !adjacent(g, pts[0], pts[1])) {
        snprintf(en, sizeof en, "a capture must take the most pieces (%d)", most);
        snprintf(zh, sizeof zh, "须吃最多的子（%d枚）", most);
        return qp_why_set(why, QP_WHY_MUST_CAPTURE, en, zh);
    }
    if (jump_exists)
        return qp_why_set(why, QP_WHY_MUST_CAPTURE, "a capture is available and must be taken", "有吃子必须吃");
    snprintf(en, sizeof en, "that piece cannot move from %s to %s", nm, nm2);
    snprintf(zh, sizeof zh, "这枚棋子不能从%s走到%s", nm, nm2);
    return qp_why_set(why, QP_WHY_CANNOT_MOVE, en, zh);
}
