/*
 * blk_gen.c — move generation of a block game: placements (empty, flank,
 * gravity), steps, slides and capturing jumps (single or chained), and the
 * pass of a side that cannot move.
 */
#include "blk_internal.h"

#include <string.h>

static inline qp_move enc(int from, int to)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10);
}

/* Flank placements: walking from each own piece over an enemy run to the
 * empty point beyond finds them all (far fewer walks than testing every
 * empty point in every direction); emitted in square order. */
static int flank_moves(const blk_game *g, const int8_t *c, int side, qp_move *out, bool stop_at_one)
{
    uint8_t mark[QP_MAX_POINTS];
    memset(mark, 0, (size_t)g->n);
    int lo = g->n, hi = -1;
    for (int sq = 0; sq < g->n; sq++) {
        if (!c[sq] || g->side_of[c[sq]] != side) continue;
        for (int i = 0; i < g->npdir[sq]; i++) {
            int d = g->pdir[sq][i];
            int t = g->geom.nb[sq][d];
            if (t < 0 || !c[t] || g->side_of[c[t]] == side) continue;
            do t = g->geom.nb[t][d];
            while (t >= 0 && c[t] && g->side_of[c[t]] != side);
            if (t < 0 || c[t] || g->hole[t]) continue;
            if (stop_at_one) return 1;
            mark[t] = 1;
            if (t < lo) lo = t;
            if (t > hi) hi = t;
        }
    }
    int n = 0;
    for (int sq = lo; sq <= hi; sq++)
        if (mark[sq]) out[n++] = (qp_move)(sq + 1);
    return n;
}

static bool may_place(const blk_game *g, const blk_aux *a, int side)
{
    return g->place != BLK_PLACE_NONE && g->place_code[side] && (g->hand[side] < 0 || a->hand[side] > 0);
}

static bool may_move(const blk_game *g, const blk_aux *a, int side)
{
    return !(g->place_first && g->hand[side] >= 0 && a->hand[side] > 0 && g->place_code[side]);
}

typedef struct jump_ctx {
    const blk_game *g;
    int8_t c[QP_MAX_POINTS];
    int side, from, code;
    qp_move *out;
    int n;
    bool stop;
} jump_ctx;

/* Jumps from sq after hops earlier hops (dirs in bits); returns how many
 * moves it emitted. */
static int jumps_from(jump_ctx *j, int sq, int hops, qp_move bits)
{
    const blk_game *g = j->g;
    int emitted = 0;
    for (int i = 0; i < g->ndir[sq]; i++) {
        int d = g->dir[sq][i];
        int over = g->geom.nb[sq][d];
        if (over < 0 || !j->c[over]) continue;
        if (!g->jump_over_own && g->side_of[j->c[over]] == j->side) continue;
        int land = g->geom.nb[over][d];
        if (land < 0 || j->c[land]) continue;
        qp_move b = bits | ((qp_move)d << (24 + 3 * hops));
        qp_move m = enc(j->from, land) | ((qp_move)(hops + 1) << 20) | b;
        if (g->chain == BLK_CHAIN_NONE || hops + 1 >= BLK_MAX_HOPS) {
            if (j->out) j->out[j->n] = m;
            j->n++, emitted++;
        } else {
            int8_t taken = j->c[over];
            j->c[over] = 0;
            j->c[sq] = 0;
            j->c[land] = (int8_t)j->code;
            int sub = jumps_from(j, land, hops + 1, b);
            j->c[land] = 0;
            j->c[sq] = (int8_t)j->code;
            j->c[over] = taken;
            if (g->chain == BLK_CHAIN_OPTIONAL || sub == 0) {
                if (j->out) j->out[j->n] = m;
                j->n++, emitted++;
            }
            emitted += sub;
        }
        if (j->stop && j->n) return emitted;
        if (j->n >= QP_MAX_MOVES - BLK_MAX_HOPS) return emitted;
    }
    return emitted;
}

int blk_gen_side(const blk_game *g, const void *s, int side, qp_move *out, bool stop_at_one)
{
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    int n = 0;

    /* jumps first: when forced, they are all there is */
    bool any_jump = false;
    if (may_move(g, a, side)) {
        jump_ctx j;
        j.g = g;
        j.side = side;
        j.out = out;
        j.n = 0;
        j.stop = stop_at_one;
        bool copied = false;
        for (int sq = 0; sq < g->n; sq++) {
            int code = c[sq];
            if (!code || g->side_of[code] != side || !(g->move[code] & BLK_JUMP)) continue;
            if (!copied) memcpy(j.c, c, (size_t)g->n), copied = true;
            j.from = sq;
            j.code = code;
            jumps_from(&j, sq, 0, 0);
            if (stop_at_one && j.n) return 1;
        }
        n = j.n;
        any_jump = n > 0;
        if (any_jump && g->jump_forced) return n;
    }

    if (may_place(g, a, side)) {
        switch (g->place) {
        case BLK_PLACE_EMPTY:
            for (int sq = 0; sq < g->n; sq++)
                if (!c[sq] && !g->hole[sq]) {
                    out[n++] = (qp_move)(sq + 1);
                    if (stop_at_one) return 1;
                }
            break;
        case BLK_PLACE_FLANK: {
            int k = flank_moves(g, c, side, out + n, stop_at_one);
            if (stop_at_one && k) return 1;
            n += k;
            break;
        }
        case BLK_PLACE_GRAVITY:
            for (int f = 0; f < g->geom.w; f++)
                for (int sq = f; sq < g->n; sq += g->geom.w) {
                    if (g->hole[sq] || c[sq]) continue;
                    out[n++] = (qp_move)(sq + 1);
                    if (stop_at_one) return 1;
                    break;
                }
            break;
        default:
            break;
        }
    }

    if (may_move(g, a, side)) {
        for (int sq = 0; sq < g->n; sq++) {
            int code = c[sq];
            if (!code || g->side_of[code] != side) continue;
            unsigned mv = g->move[code];
            if (!(mv & (BLK_STEP | BLK_SLIDE))) continue;
            for (int i = 0; i < g->ndir[sq]; i++) {
                int d = g->dir[sq][i];
                for (int t = g->geom.nb[sq][d]; t >= 0 && !c[t]; t = g->geom.nb[t][d]) {
                    if (n >= QP_MAX_MOVES) return n;
                    out[n++] = enc(sq, t);
                    if (stop_at_one) return 1;
                    if (!(mv & BLK_SLIDE)) break;
                }
            }
        }
    }
    return n;
}

int blk_gen(const blk_game *g, const void *s, qp_move *out, qp_gen_mode mode)
{
    qp_outcome o;
    if (blk_decided(g, s, &o)) return 0;
    int side = blk_side(s);
    int n = blk_gen_side(g, s, side, out, false);
    if (n == 0 && g->stuck == BLK_STUCK_PASS) {
        qp_move tmp[QP_MAX_MOVES];
        if (blk_gen_side(g, s, 1 - side, tmp, true)) out[n++] = BLK_PASS;
    }
    if (mode == QP_GEN_NOISY) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (out[i] != BLK_PASS && blk_hops(out[i])) out[k++] = out[i];
        n = k;
    }
    return n;
}
