/*
 * zg_eval.c — Zhonggong evaluation: piece-square tables from weights, and
 * the relational terms computed per call (kept to a few dozen lookups).
 */
#include "zg_eval.h"

#include <stdlib.h>

#include "zg_attack.h"
#include "zg_movegen.h"

static const char *const value_keys[ZG_NTYPES] = {
    NULL, "eval.advisor", "eval.elephant", "eval.horse", "eval.chariot", "eval.cannon", "eval.soldier",
};

static int imax(int a, int b) { return a > b ? a : b; }

void zg_eval_setup(zg_impl *z, const qp_params *p)
{
    zg_weights *w = &z->w;
    for (int t = 1; t < ZG_NTYPES; t++) w->value[t] = (int)qp_param_int(p, value_keys[t]);
    w->value[ZG_GENERAL] = 0;
    w->soldier_advance = (int)qp_param_int(p, "eval.soldier_advance");
    w->bottom_soldier = (int)qp_param_int(p, "eval.bottom_soldier");
    w->five_threat = (int)qp_param_int(p, "eval.five_threat");
    w->liberty = (int)qp_param_int(p, "eval.liberty");
    w->trapped = (int)qp_param_int(p, "eval.trapped");
    w->guard = (int)qp_param_int(p, "eval.guard");
    w->leash = (int)qp_param_int(p, "eval.leash");
    w->mobility = (int)qp_param_int(p, "eval.mobility");
    w->tempo = (int)qp_param_int(p, "eval.tempo");
    w->center = (int)qp_param_int(p, "eval.center");
    w->attack = (int)qp_param_int(p, "eval.attack");
    w->liberty_attack = (int)qp_param_int(p, "eval.liberty_attack");
    w->trade = (int)qp_param_int(p, "eval.trade");
    w->soldier_late = (int)qp_param_int(p, "eval.soldier_late");
    w->attack_late = (int)qp_param_int(p, "eval.attack_late");
    w->line_attack = (int)qp_param_int(p, "eval.line_attack");
    w->horse_mobility = (int)qp_param_int(p, "eval.horse_mobility");
    int place = (int)qp_param_int(p, "eval.pst");
    w->full_material = 0;
    for (int t = 1; t < ZG_NTYPES; t++) w->full_material += 2 * zg_nslot[t] * w->value[t];
    for (int side = 0; side < 2; side++)
        for (int t = 0; t < ZG_NTYPES; t++)
            for (int i = 0; i < ZG_POINTS; i++) {
                int f = i % ZG_FILES, r = i / ZG_FILES, own = side ? ZG_RANKS - 1 - r : r;
                int central = 4 - imax(abs(f - 4), abs(r - 4));
                int v = w->value[t] + zg_placement[t][own][zg_place_file(f)] * place / 100;
                if (t == ZG_ADVISOR || t == ZG_ELEPHANT || t == ZG_HORSE) v += w->center * central;
                if (t == ZG_SOLDIER) {
                    v += w->soldier_advance * imax(0, own - 2);
                    if (own == ZG_RANKS - 1) v += w->bottom_soldier;
                }
                z->pst[side * ZG_NTYPES + t][zg_from81(i)] = (int16_t)v;
            }
}

/* Empty points a slider sees along its rank and file. */
static int reach(const zg_impl *z, const zg_bd *b, int sq)
{
    int f = zg_file(sq), r = zg_rank(sq);
    uint32_t t = z->slide[f][b->rocc[r]], u = z->slide[r][b->focc[f]];
    int n = 0, d;
    n += (d = t & 0xff) ? d - 1 : 8 - f;
    n += (d = (t >> 16) & 0xff) ? d - 1 : f;
    n += (d = u & 0xff) ? d - 1 : 8 - r;
    n += (d = (u >> 16) & 0xff) ? d - 1 : r;
    return n;
}

/* Material of a side: the values of its pieces, the general excluded. */
static int material(const zg_impl *z, const zg_state *s, int side, int *soldiers)
{
    const int base = ZG_BASE(side);
    int m = 0, n = 0;
    for (int slot = 1; slot < 16; slot++)
        if (s->pos[base + slot]) {
            m += z->w.value[zg_slot_type[slot]];
            n += zg_slot_type[slot] == ZG_SOLDIER;
        }
    *soldiers = n;
    return m;
}

/* late: how far the material has come off, 0 (all on) .. 256 (none). */
static int side_terms(const zg_impl *z, const zg_state *s, int side, int late)
{
    const zg_weights *w = &z->w;
    const zg_bd *b = &s->bd;
    const int base = ZG_BASE(side);
    int g = s->pos[base], v = 0;
    int libs = zg_liberties(b, g);
    v += libs * w->liberty;
    if (!libs) v -= w->trapped;
    int guards = 0;
    for (int i = 0; i < 4; i++) {
        guards += (unsigned)(b->sq[g + zg_orth[i]] - base) < 16u;
        guards += (unsigned)(b->sq[g + zg_diag[i]] - base) < 16u;
    }
    v += guards * w->guard;
    /* A liberty the enemy attacks is no way out: a trap or mate is near. */
    if (w->liberty_attack)
        for (int i = 0; i < 4; i++) {
            int p = g + zg_orth[i];
            if (!b->sq[p] && zg_attacked(z, b, p, side ^ 1)) v -= w->liberty_attack;
        }
    if (w->leash && zg_attacked(z, b, g, side ^ 1)) v -= w->leash;
    if (s->bottom[side] == z->soldiers_to_win - 1) v += w->five_threat;
    /* Attackers near the enemy general: its liberties are what a trap or
     * a mate takes away. */
    int eg = s->pos[ZG_BASE(side ^ 1)], near = 0;
    for (int slot = zg_slot0[ZG_HORSE]; slot < 16; slot++) {
        int sq = s->pos[base + slot];
        near += sq && abs(zg_file(sq) - zg_file(eg)) <= 2 && abs(zg_rank(sq) - zg_rank(eg)) <= 2;
    }
    v += near * (w->attack + w->attack_late * late / 256);
    int mob = 0, legs = 0, lines = 0;
    for (int slot = zg_slot0[ZG_HORSE]; slot < zg_slot0[ZG_SOLDIER]; slot++) {
        int sq = s->pos[base + slot];
        if (!sq) continue;
        if (zg_slot_type[slot] == ZG_HORSE) {
            for (int i = 0; i < 4; i++) legs += !b->sq[sq + zg_orth[i]];
        } else {
            mob += reach(z, b, sq);
            /* On the general's lines a chariot or cannon is one screen or
             * one cleared point from a check. */
            lines += zg_file(sq) == zg_file(eg) || zg_rank(sq) == zg_rank(eg);
        }
    }
    return v + (mob + 2 * legs) * w->mobility + legs * w->horse_mobility + lines * w->line_attack;
}

int zg_evaluate(const zg_impl *z, const zg_state *s)
{
    const int us = s->side, them = us ^ 1;
    if (zg_decided(z, s)) {
        /* Normally the search sees no moves and scores the loss itself. */
        int stw = z->soldiers_to_win, win = s->winner;
        if (win < 0)
            win = !s->pos[ZG_BASE(us)] ? them : !s->pos[ZG_BASE(them)] ? us
                  : s->bottom[them] >= stw ? them : us;
        return win == us ? 20000 : -20000;
    }
    const zg_weights *w = &z->w;
    int nsol[2];
    int mat_us = material(z, s, us, &nsol[us]), mat_them = material(z, s, them, &nsol[them]);
    int late = 0;
    if (w->full_material > 0) {
        late = 256 - 256 * (mat_us + mat_them) / w->full_material;
        if (late < 0) late = 0;
    }
    int score = s->psq[us] - s->psq[them];
    score += side_terms(z, s, us, late) - side_terms(z, s, them, late);
    /* As the material comes off, soldiers (five of them win, and they buy
     * pieces on the back rank) and a material lead weigh more: the side
     * ahead is drawn to trade down and the side behind to avoid it. */
    score += (nsol[us] - nsol[them]) * w->soldier_late * late / 256;
    score += (mat_us - mat_them) * w->trade * late / 25600;
    /* Shrunk toward a draw as the no-capture count nears its limit: the
     * side ahead is pushed to make progress before the rule ends the game. */
    int lim = z->no_capture_plies;
    if (lim > 0) score = score * (2 * lim - (s->halfmove < lim ? s->halfmove : lim)) / (2 * lim);
    return score + z->w.tempo;
}

int zg_move_order(const zg_impl *z, const zg_state *s, qp_move m)
{
    const int *val = z->w.value;
    int to = zg_mv_to(m), victim = s->bd.sq[to];
    if (zg_mv_is_exchange(m))
        return 1000 + 10 * val[zg_type_of(victim)] - zg_mv_k(m) * val[ZG_SOLDIER] / 10;
    if (!victim) return 0;
    if (zg_type_of(victim) == ZG_GENERAL) return 100000;
    return 1000 + 10 * val[zg_type_of(victim)] - val[zg_type_of(s->bd.sq[zg_mv_from(m)])] / 10;
}

int zg_see(const zg_impl *z, const zg_state *s, qp_move m)
{
    const int *val = z->w.value;
    int to = zg_mv_to(m), victim = s->bd.sq[to];
    if (!victim) return 0;
    int vt = zg_type_of(victim);
    if (vt == ZG_GENERAL) return 20000;
    if (zg_mv_is_exchange(m)) return val[vt] - zg_mv_k(m) * val[ZG_SOLDIER];
    int from = zg_mv_from(m), att = s->bd.sq[from], gain = val[vt] - val[zg_type_of(att)];
    if (gain >= 0) return val[vt];
    /* Only a capturer worth more than its victim can lose: is it retaken? */
    zg_bd b = s->bd;
    b.sq[to] = (uint8_t)att;
    b.sq[from] = 0;
    zg_occ_clr(&b, from);
    return zg_attacked(z, &b, to, zg_side_of(att) ^ 1) ? gain : val[vt];
}
