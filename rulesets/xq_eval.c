/*
 * xq_eval.c — a cheap Xiangqi evaluation: material plus placement.
 *
 * Both live in one table per piece and square (xq_impl.pst), built from the
 * eval.* parameters, so make/unmake keep the score up to date with two or
 * three additions and evaluate() is a sign flip plus a tempo bonus.  The
 * placement terms are simple shapes (centralisation, advancement, soldiers
 * that crossed the river, cannons on the central file), scaled by
 * eval.pst percent; they are a starting point for tuning, not lore.
 */
#include <stdlib.h>

#include "xiangqi.h"

/* Placement bonus of a Red piece of type t at file f, rank r (0 = Red's
 * back rank); Black's is the mirror image. */
static int xq_place(int t, int f, int r, int crossed_bonus)
{
    int cf = 4 - abs(f - 4);   /* 0 on the edge files, 4 on the central file */
    switch (t) {
    case XQ_KING:
        return r == 0 ? 0 : r == 1 ? -8 : -20;
    case XQ_ADVISOR:
        return (f == 4 && r == 1) ? 10 : 0;
    case XQ_ELEPHANT:
        return (f == 4 && r == 2) ? 10 : (f == 0 || f == 8) ? -4 : 0;
    case XQ_HORSE: {
        static const int adv[10] = {-10, 0, 4, 8, 12, 16, 20, 22, 16, 6};
        return adv[r] + 3 * cf - ((f == 0 || f == 8) ? 10 : 0);
    }
    case XQ_CHARIOT: {
        static const int adv[10] = {-6, 4, 2, 4, 8, 8, 10, 14, 12, 6};
        return adv[r] + 2 * cf + ((f == 3 || f == 5) ? 6 : 0);
    }
    case XQ_CANNON: {
        static const int adv[10] = {0, 2, 4, 6, 6, 4, 2, 0, 4, 8};
        return adv[r] + (f == 4 ? 12 : cf);
    }
    case XQ_SOLDIER:
        if (r < 5) return r == 4 ? 4 : 0;
        if (r == 9) return crossed_bonus / 2;
        return crossed_bonus + (r - 5) * 6 + 3 * cf + ((r == 7 || r == 8) && cf >= 3 ? 10 : 0);
    default:
        return 0;
    }
}

void xq_eval_init(xq_impl *im, const qp_params *p)
{
    static const char *const keys[XQ_NTYPES] = {
        NULL, "eval.advisor", "eval.elephant", "eval.horse", "eval.chariot", "eval.cannon",
        "eval.soldier"
    };
    im->value[XQ_KING] = 0;
    for (int t = 1; t < XQ_NTYPES; t++) im->value[t] = (int)qp_param_int(p, keys[t]);
    int crossed = (int)qp_param_int(p, "eval.soldier_crossed");
    int scale = (int)qp_param_int(p, "eval.pst");
    im->tempo = (int)qp_param_int(p, "eval.tempo");

    for (int i = 0; i < 32; i++)
        for (int sq = 0; sq < 256; sq++) im->pst[i][sq] = 0;
    for (int side = 0; side < 2; side++)
        for (int slot = 0; slot < 16; slot++) {
            int t = xq_slot_type[slot];
            for (int r = 0; r < 10; r++)
                for (int f = 0; f < 9; f++) {
                    int own_r = side ? 9 - r : r, own_f = side ? 8 - f : f;
                    int v = im->value[t] + xq_place(t, own_f, own_r, crossed) * scale / 100;
                    im->pst[side * 16 + slot][XQ_SQ(f, r)] = side ? -v : v;
                }
        }
}

int xq_evaluate(const qp_rules *r, const void *sv)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    int v = (s->side ? -s->score : s->score) + im->tempo;
    /* Extreme eval.* values must not reach the mate band. */
    const int lim = QP_SCORE_MATE_BOUND - 1;
    return v > lim ? lim : v < -lim ? -lim : v;
}

/* MVV-LVA: captures first, the most valuable victim first, then the
 * cheapest attacker; quiet moves 0. */
int xq_move_order(const qp_rules *r, const void *sv, qp_move m)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    unsigned c = s->board[XQ_TO(m)];
    if (!c) return 0;
    unsigned p = s->board[XQ_FROM(m)];
    int victim = xq_slot_type[c & 15], attacker = xq_slot_type[p & 15];
    int vv = victim == XQ_KING ? 10000 : im->value[victim];
    return 1000000 + vv * 64 - im->value[attacker] / 16 - (attacker == XQ_KING ? 0 : 1);
}
