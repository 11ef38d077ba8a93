/*
 * xq_eval.c — Xiangqi evaluation: material and placement kept
 * incrementally, plus mobility, cannon and horse specifics, king safety and
 * endgame scaling computed per call (xq_dynamic).
 *
 * Both live in one table per piece and square (xq_impl.pst), built from the
 * eval.* parameters, so make/unmake keep the score up to date with two or
 * three additions and evaluate() is a sign flip plus a tempo bonus.  The
 * placement terms are simple shapes (centralisation, advancement, soldiers
 * that crossed the river, cannons on the central file), scaled by
 * eval.pst percent; they are a starting point for tuning, not lore.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

/* Terms that depend on more than one piece, computed at each evaluation
 * (the tables above cannot see them), in the units of eval.* (a soldier
 * is 30 by default). */
#define HORSE_MOB 5        /* per reachable point: a hobbled horse is weak */
#define CHARIOT_MOB 2      /* per point along its lines */
#define CANNON_MOB 1
#define HOLLOW_CANNON 50   /* on the enemy general's file, nothing between */
#define SCREEN_CANNON 12   /* one screen: the piece in between is pinned */
#define KING_DANGER 4      /* per attack unit and missing defender */
#define IMBALANCE 4        /* cannon gains / horse loses per heavy piece on board over 6 */

static bool xq_enemy(unsigned p, int side)
{
    return p && p != XQ_OFF && XQ_SIDE_OF(p) != side;
}

/* Red minus Black, plus the count of pieces that can still mate per side. */
static int xq_dynamic(const xq_impl *im, const xq_state *s, int attackers[2])
{
    const uint8_t *b = s->board;
    static const int dirs[4] = {1, -1, 16, -16};
    int v[2] = {0, 0}, heavy = 0, attack[2] = {0, 0}, defenders[2] = {0, 0};
    for (int i = 0; i < 32; i++)
        if (s->pos[i] && (i & 15) >= 5 && (i & 15) <= 10) heavy++;
    for (int side = 0; side < 2; side++) {
        const uint8_t *pos = s->pos + side * 16;
        int ksq = s->pos[(1 - side) * 16];
        attackers[side] = 0;
        for (int slot = 1; slot <= 4; slot++) defenders[side] += pos[slot] != 0;
        for (int slot = 5; slot <= 15; slot++) {
            int sq = pos[slot];
            if (!sq) continue;
            int t = xq_slot_type[slot];
            /* Crossed the river: own half for Red is ranks 0..4. */
            bool crossed = side ? XQ_RANK(sq) <= 4 : XQ_RANK(sq) >= 5;
            int mob = 0;
            switch (t) {
            case XQ_HORSE:
                for (int k = 0; k < 4; k++) {
                    int leg = sq + dirs[k];
                    if (b[leg]) continue;
                    int side_step = (k < 2) ? 16 : 1;
                    for (int e = -1; e <= 1; e += 2) {
                        unsigned p = b[leg + dirs[k] + e * side_step];
                        if (p != XQ_OFF && (!p || xq_enemy(p, side))) mob++;
                    }
                }
                v[side] += mob * HORSE_MOB - IMBALANCE * (heavy - 6);
                attackers[side]++;
                if (crossed) attack[side] += 2;
                break;
            case XQ_CHARIOT: {
                /* The run tables give the empty points of each line; the
                 * point past them is a piece or the padding. */
                int f = XQ_FILE(sq), r = XQ_RANK(sq);
                const uint8_t *rr = im->rank_run[f][s->occ_rank[r]];
                const uint8_t *fr = im->file_run[r][s->occ_file[f]];
                mob = rr[0] + rr[1] + fr[0] + fr[1] + xq_enemy(b[sq - rr[0] - 1], side) +
                      xq_enemy(b[sq + rr[1] + 1], side) + xq_enemy(b[sq - 16 * (fr[0] + 1)], side) +
                      xq_enemy(b[sq + 16 * (fr[1] + 1)], side);
                v[side] += mob * CHARIOT_MOB;
                attackers[side]++;
                if (crossed) attack[side] += 3;
                break;
            }
            case XQ_CANNON: {
                int f = XQ_FILE(sq), r = XQ_RANK(sq);
                const uint8_t *rr = im->rank_run[f][s->occ_rank[r]];
                const uint8_t *fr = im->file_run[r][s->occ_file[f]];
                mob = rr[0] + rr[1] + fr[0] + fr[1];
                v[side] += mob * CANNON_MOB + IMBALANCE * (heavy - 6);
                attackers[side]++;
                if (crossed) attack[side] += 2;
                if (ksq && XQ_FILE(ksq) == f) {
                    /* pieces strictly between the cannon and the general */
                    int kr = XQ_RANK(ksq), lo = r < kr ? r : kr, hi = r < kr ? kr : r;
                    unsigned mid = s->occ_file[f] & ((1u << hi) - (2u << lo));
                    int between = __builtin_popcount(mid);
                    v[side] += between == 0 ? HOLLOW_CANNON : between == 1 ? SCREEN_CANNON : 0;
                }
                break;
            }
            default: /* soldiers: only crossed ones, not on the last rank, can mate */
                if (crossed && XQ_RANK(sq) != (side ? 0 : 9)) {
                    attackers[side]++;
                    attack[side] += 1;
                }
                break;
            }
        }
    }
    /* Every attacker that crossed the river threatens the general, the
     * more the fewer advisors and elephants are left (counting them from
     * five, not four, scored 40-31-29 at 30k nodes per move). */
    for (int side = 0; side < 2; side++)
        v[side] -= KING_DANGER * attack[1 - side] * (5 - defenders[side]);
    return v[0] - v[1];
}

int xq_evaluate(const qp_rules *r, const void *sv)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    int attackers[2];
    int red = s->score + xq_dynamic(im, s, attackers);
    /* A side without pieces that can mate cannot win: its lead is small. */
    if ((red > 0 && attackers[0] == 0) || (red < 0 && attackers[1] == 0)) red /= 8;
    int v = (s->side ? -red : red) + im->tempo;
    /* Extreme eval.* values must not reach the mate band. */
    const int lim = QP_SCORE_MATE_BOUND - 1;
    return v > lim ? lim : v < -lim ? -lim : v;
}

/* MVV-LVA: captures first, the most valuable victim first, then the
 * cheapest attacker; quiet moves 0.  A capture that gives a piece for a
 * cheaper one the opponent can take back comes after the other captures,
 * by how much it gives (the search tries it last, it rarely pays). */
int xq_move_order(const qp_rules *r, const void *sv, qp_move m)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    int to = XQ_TO(m), from = XQ_FROM(m);
    unsigned c = s->board[to];
    if (!c) return 0;
    unsigned p = s->board[from];
    int victim = xq_slot_type[c & 15], attacker = xq_slot_type[p & 15];
    int vv = victim == XQ_KING ? 10000 : im->value[victim];
    int av = attacker == XQ_KING ? 0 : im->value[attacker];
    if (av > vv) {
        uint8_t b[256];
        memcpy(b, s->board, sizeof b);
        b[to] = (uint8_t)p;
        b[from] = 0;
        if (xq_defended(im, b, to, s->side ^ 1)) return vv - av;
    }
    return 1000000 + vv * 64 - im->value[attacker] / 16 - (attacker == XQ_KING ? 0 : 1);
}
