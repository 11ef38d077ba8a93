/*
 * blk_gen.c — move generation of a block game: placements (empty, flank,
 * gravity), steps, slides and capturing jumps (single or chained), and the
 * pass of a side that cannot move.
 */
#include "blk_group.h"
#include "blk_internal.h"

#include <string.h>

static inline qp_move enc(int from, int to)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10);
}

/* Flank placements: walking from each own piece over an enemy run to the
 * empty point beyond finds them all (far fewer walks than testing every
 * empty point in every direction).  The targets are marked in a bitmap,
 * so duplicates vanish, counting is a popcount and emitting is in square
 * order. */
#define BLK_WORDS ((QP_MAX_POINTS + 63) / 64)

static void flank_targets(const blk_game *g, const void *s, int side, uint64_t *mark)
{
    if (g->bb_ok) {
        /* fill each direction's enemy runs from own pieces (dumb7fill) */
        const blk_aux *a = blk_cax(g, s);
        uint64_t me = a->bb[side], opp = a->bb[1 - side];
        uint64_t empty = g->bb_empty_ok & ~(me | opp | a->bb[BLK_NEUTRAL]), moves = 0;
        for (int d = 0; d < QP_NDIRS; d++) {
            if (!blk_dir_ok(g->place_dirs, d) || !g->bb_valid[d]) continue;
            uint64_t x = blk_bb_shift(g, me, d) & opp;
            for (uint64_t prev = 0; x != prev;) {
                prev = x;
                x |= blk_bb_shift(g, x, d) & opp;
            }
            moves |= blk_bb_shift(g, x, d) & empty;
        }
        for (int w = 0; w < BLK_WORDS; w++) mark[w] = 0;
        mark[0] = moves;
        return;
    }
    const int8_t *c = blk_ccells(g, s);
    /* owner per cell: 0 empty, 1 mine, 2 theirs — one load per step */
    uint8_t own[QP_MAX_POINTS];
    for (int sq = 0; sq < g->n; sq++) own[sq] = c[sq] ? (g->side_of[c[sq]] == side ? 1 : g->side_of[c[sq]] == BLK_NEUTRAL ? 3 : 2) : 0;
    for (int w = 0; w < BLK_WORDS; w++) mark[w] = 0;
    for (int sq = 0; sq < g->n; sq++) {
        if (own[sq] != 1) continue;
        const int16_t *nb0 = g->geom.nb[sq];
        for (int i = 0; i < g->npdir[sq]; i++) {
            int d = g->pdir[sq][i];
            int t = nb0[d];
            if (own[t] != 2) continue;   /* npdir holds only linked directions: t >= 0 */
            do t = g->geom.nb[t][d];
            while (t >= 0 && own[t] == 2);
            if (t < 0 || own[t] || g->hole[t]) continue;
            mark[t >> 6] |= (uint64_t)1 << (t & 63);
        }
    }
}

static int flank_moves(const blk_game *g, const void *s, int side, qp_move *out, bool stop_at_one)
{
    uint64_t mark[BLK_WORDS];
    flank_targets(g, s, side, mark);
    int n = 0;
    for (int w = 0; w < BLK_WORDS; w++)
        for (uint64_t b = mark[w]; b; b &= b - 1) {
            out[n++] = (qp_move)(w * 64 + __builtin_ctzll(b) + 1);
            if (stop_at_one) return 1;
        }
    return n;
}

int blk_count_moves(const blk_game *g, const void *s, int side)
{
    if (g->place == BLK_PLACE_FLANK && !g->any_jump) {
        const blk_aux *a = blk_cax(g, s);
        bool places = g->place_code[side] && (g->hand[side] < 0 || a->hand[side] > 0);
        if (!g->side_moves[side]) {
            if (!places) return 0;
            uint64_t mark[BLK_WORDS];
            flank_targets(g, s, side, mark);
            int n = 0;
            for (int w = 0; w < BLK_WORDS; w++) n += __builtin_popcountll(mark[w]);
            return n;
        }
    }
    qp_move mv[QP_MAX_MOVES];
    return blk_gen_side(g, s, side, mv, false);
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
    unsigned mask = g->jump_mask[j->code];
    for (int i = 0; i < g->ndir[sq]; i++) {
        int d = g->dir[sq][i];
        if (!(mask >> d & 1)) continue;
        int over = g->geom.nb[sq][d];
        if (over < 0 || !j->c[over]) continue;
        if (!g->jump_over_own && g->side_of[j->c[over]] == j->side) continue;
        if (g->side_of[j->c[over]] == BLK_NEUTRAL) continue;   /* neutral pieces are not taken */
        int land = g->geom.nb[over][d];
        if (land < 0 || j->c[land]) continue;
        qp_move b = bits | ((qp_move)d << (24 + 3 * hops));
        qp_move m = enc(j->from, land) | ((qp_move)(hops + 1) << 20) | b;
        if (g->chain == BLK_CHAIN_NONE || hops + 1 >= BLK_MAX_HOPS ||
            (g->promote_ends_chain && blk_lands_as(g, j->code, land) != j->code)) {
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

/* The pieces of side with a first jump, on bitboards: per direction, the
 * jumpable pieces whose next point is empty, then own pieces just before
 * them; a piece whose kind may not go that way is dropped.  The chain
 * search and its board copy then run only for pieces that can capture. */
static uint64_t jumpers(const blk_game *g, const void *s, int side)
{
    const blk_aux *a = blk_cax(g, s);
    const int8_t *c = blk_ccells(g, s);
    uint64_t occ = a->bb[0] | a->bb[1], empty = g->bb_empty_ok & ~occ;
    uint64_t over_ok = g->jump_over_own ? occ : a->bb[1 - side];
    uint64_t found = 0;
    for (int d = 0; d < QP_NDIRS; d++) {
        if (!g->bb_valid[d]) continue;
        int b = blk_back(d);
        uint64_t from = blk_bb_shift(g, blk_bb_shift(g, empty, b) & over_ok, b) & a->bb[side] & ~found;
        for (; from; from &= from - 1) {
            int sq = __builtin_ctzll(from), code = c[sq];
            if ((g->move[code] & BLK_JUMP) && (g->jump_mask[code] >> d & 1)) found |= (uint64_t)1 << sq;
        }
    }
    return found;
}

int blk_gen_side(const blk_game *g, const void *s, int side, qp_move *out, bool stop_at_one)
{
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    int n = 0;

    /* the side's pieces: from its bitboard, else a scan */
    int16_t own[QP_MAX_POINTS];
    int nown = 0;
    if (g->side_moves[side] && may_move(g, a, side)) {
        if (g->n <= 64) {   /* aux.bb is kept on every board of ≤ 64 points */
            for (uint64_t b = a->bb[side]; b; b &= b - 1) own[nown++] = (int16_t)__builtin_ctzll(b);
        } else {
            for (int sq = 0; sq < g->n; sq++)
                if (c[sq] && g->side_of[c[sq]] == side) own[nown++] = (int16_t)sq;
        }
    }

    /* jumps first: when forced, they are all there is */
    bool any_jump = false;
    if ((g->side_moves[side] & BLK_JUMP) && may_move(g, a, side) && g->jump_after) {
        n = blk_fly_jumps(g, s, side, own, nown, out, stop_at_one);   /* set captures (blk_fly.c) */
        if (stop_at_one && n) return 1;
        any_jump = n > 0;
        if (any_jump && g->jump_forced) return n;
    } else if ((g->side_moves[side] & BLK_JUMP) && may_move(g, a, side)) {
        jump_ctx j;
        j.g = g;
        j.side = side;
        j.out = out;
        j.n = 0;
        j.stop = stop_at_one;
        bool copied = false;
        uint64_t can = g->bb_ok ? jumpers(g, s, side) : 0;
        for (int k = 0; k < nown; k++) {
            int sq = own[k], code = c[sq];
            if (!(g->move[code] & BLK_JUMP)) continue;
            if (g->bb_ok && !(can >> sq & 1)) continue;
            if (!copied) memcpy(j.c, c, (size_t)g->n), copied = true;
            j.from = sq;
            j.code = code;
            jumps_from(&j, sq, 0, 0);
            if (stop_at_one && j.n) return 1;
        }
        n = j.n;
        if (g->jump_most && n > 1) n = blk_keep_most(out, n);
        any_jump = n > 0;
        if (any_jump && g->jump_forced) return n;
    }

    if (may_place(g, a, side)) {
        switch (g->place) {
        case BLK_PLACE_EMPTY:
            if (g->group_capture && !stop_at_one) {   /* Go: the groups labelled once, not per point */
                n += blk_group_placements(g, s, side, out + n);
                break;
            }
            if (g->n <= 64) {   /* the empty points in order, from the bitboards */
                for (uint64_t b = g->bb_points & ~(a->bb[0] | a->bb[1] | a->bb[2]); b; b &= b - 1) {
                    int sq = __builtin_ctzll(b);
                    if (g->group_capture && !blk_group_may_place(g, s, sq, side)) continue;
                    out[n++] = (qp_move)(sq + 1);
                    if (stop_at_one) return 1;
                }
                break;
            }
            for (int sq = 0; sq < g->n; sq++)
                if (!c[sq] && !g->hole[sq]) {
                    if (g->group_capture && !blk_group_may_place(g, s, sq, side)) continue;
                    out[n++] = (qp_move)(sq + 1);
                    if (stop_at_one) return 1;
                }
            break;
        case BLK_PLACE_FLANK: {
            int k = flank_moves(g, s, side, out + n, stop_at_one);
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

    if ((g->side_moves[side] & (BLK_STEP | BLK_SLIDE)) && may_move(g, a, side) && blk_flies(g, a, side)) {
        int k = blk_fly_gen(g, s, side, out + n, stop_at_one);   /* to any empty point */
        if (stop_at_one && k) return 1;
        n += k;
    } else if ((g->side_moves[side] & (BLK_STEP | BLK_SLIDE)) && may_move(g, a, side)) {
        for (int k = 0; k < nown; k++) {
            int sq = own[k], code = c[sq];
            unsigned mv = g->move[code];
            if (!(mv & (BLK_STEP | BLK_SLIDE))) continue;
            for (int i = 0; i < g->ndir[sq]; i++) {
                int d = g->dir[sq][i];
                if (!(g->dir_mask[code] >> d & 1)) continue;
                for (int t = g->geom.nb[sq][d]; t >= 0 && !c[t]; t = g->geom.nb[t][d]) {
                    if (n >= QP_MAX_MOVES) return n;
                    if (g->shoot_code) {   /* every move goes on with its shots */
                        n = blk_shoot_gen(g, c, sq, t, out, n, stop_at_one);
                        if (stop_at_one && n) return 1;
                        if (!(mv & BLK_SLIDE)) break;
                        continue;
                    }
                    out[n++] = enc(sq, t);
                    if (stop_at_one) return 1;
                    if (!(mv & BLK_SLIDE)) break;
                }
            }
        }
    }
    if (g->pc.on && may_move(g, a, side))
        n = g->rk.on ? blk_royal_moves(g, s, side, out, n, stop_at_one)   /* promotions, castling, royal safety */
                     : blk_piece_gen(g, s, side, out, n, stop_at_one);
    if (g->mill_k && n) n = blk_mill_expand(g, s, side, out, n, stop_at_one);
    return n;
}

static bool encloses(const blk_game *g, const void *s, qp_move m)
{
    int taken[4 * BLK_ENCLOSE_LINE];
    return blk_enclose_move(g, s, m, taken) > 0;
}

int blk_gen(const blk_game *g, const void *s, qp_move *out, qp_gen_mode mode)
{
    qp_outcome o;
    if (blk_decided(g, s, &o)) return 0;
    /* noisy: captures of enemy pieces (jumps, enclosing).  Jumps over any piece (peg
     * solitaire) are every move there, and quiescence on them would be
     * a full search. */
    if (mode == QP_GEN_NOISY && !g->enclose_npat && !g->mill_k && !g->surround && (!g->any_jump || g->jump_over_own) &&
        !g->pc.on)
        return 0;
    int side = blk_side(s);
    int n = blk_gen_side(g, s, side, out, false);
    if (g->swap && mode != QP_GEN_NOISY && blk_swap_from(g, s) >= 0 && n < QP_MAX_MOVES) out[n++] = BLK_SWAP;
    if (n == 0 && g->stuck == BLK_STUCK_PASS) {
        qp_move tmp[QP_MAX_MOVES];
        if (blk_gen_side(g, s, 1 - side, tmp, true)) out[n++] = BLK_PASS;
    } else if (g->pass_always && mode != QP_GEN_NOISY) {
        out[n++] = BLK_PASS;   /* rules.pass: always legal (blk_group.c) */
    }
    if (mode == QP_GEN_NOISY) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (out[i] != BLK_PASS && ((blk_hops(out[i]) && !g->jump_over_own) || encloses(g, s, out[i]) ||
                                       (g->pc.on && blk_from(out[i]) >= 0 && blk_ccells(g, s)[blk_to(out[i])]) ||
                                       (g->rk.on && blk_royal_noisy(g, s, out[i])) ||
                                       ((g->mill_k || g->surround) && blk_mill_captures(g, s, out[i]))))
                out[k++] = out[i];
        n = k;
    }
    return n;
}
