/*
 * zg_movegen.c — legal move generation and make/unmake for Zhonggong.
 *
 * Each pseudo-legal move could be tried on a scratch board and the result
 * judged by rule 2 (zg_position_ok), but most moves need no trial: before
 * generating, the points where a change could matter are marked, and a
 * move that leaves no marked point (from) and fills no marked point (to)
 * keeps the threat to the general and its liberties as they are now, so it
 * is legal exactly when the side is not in check and has a liberty now.
 *
 * General not attacked: an attack can only appear when an enemy line
 * opens or a cannon gains its one screen on the general's rank or file,
 * or a horse leg / elephant eye next to the general empties.  So "from"
 * marks are the first blocker of a ray with an enemy chariot (or flying
 * general) behind it, the first and second blockers of a ray with an
 * enemy cannon third, and legs/eyes with an enemy horse/elephant behind;
 * "to" marks are the empty points between the general and an enemy
 * cannon that is the first piece of its ray, and the general's last
 * liberty.  Captures keep occupancy, so only a piece leaving counts.
 *
 * General attacked: in a leash every capture is answered; that can change
 * when a recapturer leaves or a line, leg or eye toward the general
 * changes.  Recapturers stand on the general's rank or file, its diagonal
 * neighbours, or the horse and elephant points around it; lines, legs and
 * eyes are on the first two.  All of those are marked "from", the rank,
 * file and diagonal neighbours "to".  In check the horse and elephant
 * points are "to" as well (a piece arriving there may answer the check);
 * an unmarked move then leaves the check as it is, so it is illegal.
 */
#include "zg_movegen.h"

#include <string.h>

#include "zg_attack.h"

/* Horse destinations through each orthogonal leg (zg_orth order). */
static const int horse_to[4][2] = {{33, 31}, {18, -14}, {-31, -33}, {-18, 14}};

typedef struct zg_gen {
    const zg_impl *z;
    zg_bd b;            /* scratch board for trying moves */
    int side, ebase, g, e;
    bool quick_ok;      /* unmarked moves are legal: no check, a liberty */
    uint8_t mark[ZG_BOARD];   /* ZG_MARK_FROM / ZG_MARK_TO: see the file comment */
    bool noisy;
    qp_move *out;
    int n;
} zg_gen;

#define ZG_MARK_FROM 1
#define ZG_MARK_TO 2

static inline bool enemy(const zg_gen *G, int v) { return (unsigned)(v - G->ebase) < 16u; }

static bool try_move(zg_gen *G, int from, int to)
{
    zg_bd *b = &G->b;
    uint8_t v = b->sq[from], c = b->sq[to];
    b->sq[to] = v;
    b->sq[from] = 0;
    zg_occ_clr(b, from);
    if (!c) zg_occ_set(b, to);
    bool ok = zg_position_ok(G->z, b, from == G->g ? to : G->g, G->side);
    b->sq[from] = v;
    b->sq[to] = c;
    zg_occ_set(b, from);
    if (!c) zg_occ_clr(b, to);
    return ok;
}

static inline void add(zg_gen *G, int from, int to, bool from_marked)
{
    qp_move m = (qp_move)from | (qp_move)to << 8;
    if (!from_marked && !(G->mark[to] & ZG_MARK_TO)) {
        if (G->quick_ok) G->out[G->n++] = m;
        return;
    }
    if (try_move(G, from, to)) G->out[G->n++] = m;
}

static inline void add_capture(zg_gen *G, int from, int to, bool from_marked)
{
    if (to != G->e) {
        add(G, from, to, from_marked);
        return;
    }
    /* Rule 1: capturing the enemy general is judged by free / answered. */
    qp_move m = (qp_move)from | (qp_move)to << 8;
    if (zg_capture_free(G->z, &G->b, from, to, G->side)) G->out[G->n++] = m;
    else if (G->z->loses) G->out[G->n++] = m | ZG_MV_ANSWERED;
}

/* One target point: quiet when empty, a capture when enemy. */
static inline void target(zg_gen *G, int from, int to, bool marked)
{
    int v = G->b.sq[to];
    if (v == 0) {
        if (!G->noisy) add(G, from, to, marked);
    } else if (enemy(G, v)) {
        add_capture(G, from, to, marked);
    }
}

static void gen_general(zg_gen *G, int from)
{
    const zg_impl *z = G->z;
    for (int i = 0; i < 4; i++) {
        int to = from + zg_orth[i];
        if (z->in_palace[to]) target(G, from, to, true);
    }
    if (!z->flying) return;
    /* Flying general: a capture along an open file, unless the step above
     * already made it. */
    uint32_t t = z->slide[zg_rank(from)][G->b.focc[zg_file(from)]];
    for (int half = 0; half < 2; half++, t >>= 16) {
        int d = t & 0xff;
        if (!d) continue;
        int to = from + (half ? -16 : 16) * d;
        if (to == G->e && (d > 1 || !z->in_palace[to])) add_capture(G, from, to, true);
    }
}

/* Captures of a chariot (first piece of each line) or cannon (second),
 * found through the slide tables instead of walking the empty points;
 * directions in zg_orth order, as the full generation produces them. */
static void slide_captures(zg_gen *G, int from, bool cannon, bool marked)
{
    const zg_impl *z = G->z;
    const zg_bd *b = &G->b;
    const int f = zg_file(from), r = zg_rank(from), shift = cannon ? 8 : 0;
    const uint32_t rk = z->slide[f][b->rocc[r]], fl = z->slide[r][b->focc[f]];
    /* zg_orth: +16 (file, up), +1 (rank, right), -16, -1. */
    const int dist[4] = {(int)(fl >> shift) & 0xff, (int)(rk >> shift) & 0xff,
                         (int)(fl >> (16 + shift)) & 0xff, (int)(rk >> (16 + shift)) & 0xff};
    for (int i = 0; i < 4; i++) {
        if (!dist[i]) continue;
        int to = from + zg_orth[i] * dist[i];
        if (enemy(G, b->sq[to])) add_capture(G, from, to, marked);
    }
}

static void gen_pieces(zg_gen *G, const zg_state *s)
{
    const int base = ZG_BASE(G->side);
    const zg_bd *b = &G->b;
    for (int slot = 1; slot < 16; slot++) {
        int from = s->pos[base + slot];
        if (!from) continue;
        bool marked = G->mark[from] & ZG_MARK_FROM;
        switch (zg_slot_type[slot]) {
        case ZG_ADVISOR:
            for (int i = 0; i < 4; i++) target(G, from, from + zg_diag[i], marked);
            break;
        case ZG_ELEPHANT:
            for (int i = 0; i < 4; i++)
                if (!b->sq[from + zg_diag[i]]) target(G, from, from + 2 * zg_diag[i], marked);
            break;
        case ZG_HORSE:
            for (int i = 0; i < 4; i++)
                if (!b->sq[from + zg_orth[i]]) {
                    target(G, from, from + horse_to[i][0], marked);
                    target(G, from, from + horse_to[i][1], marked);
                }
            break;
        case ZG_CHARIOT:
            if (G->noisy) {
                slide_captures(G, from, false, marked);
                break;
            }
            for (int i = 0; i < 4; i++) {
                int d = zg_orth[i], to = from + d;
                for (; !b->sq[to]; to += d)
                    if (!G->noisy) add(G, from, to, marked);
                if (enemy(G, b->sq[to])) add_capture(G, from, to, marked);
            }
            break;
        case ZG_CANNON:
            if (G->noisy) {
                slide_captures(G, from, true, marked);
                break;
            }
            for (int i = 0; i < 4; i++) {
                int d = zg_orth[i], to = from + d;
                for (; !b->sq[to]; to += d)
                    if (!G->noisy) add(G, from, to, marked);
                if (b->sq[to] == ZG_OFF) continue;
                for (to += d; !b->sq[to]; to += d) {}
                if (enemy(G, b->sq[to])) add_capture(G, from, to, marked);
            }
            break;
        case ZG_SOLDIER: {
            int fwd = zg_forward(G->side);
            target(G, from, from + fwd, marked);
            target(G, from, from + 1, marked);
            target(G, from, from - 1, marked);
            break;
        }
        }
    }
}

/* Rule 3: k bottom soldiers for one enemy piece of the type k buys. */
static void gen_exchanges(zg_gen *G, const zg_state *s)
{
    const zg_impl *z = G->z;
    const int base = ZG_BASE(G->side), far = zg_far_rank(G->side);
    int sold[5], nb = 0;
    for (int slot = zg_slot0[ZG_SOLDIER]; slot < 16; slot++) {
        int sq = s->pos[base + slot];
        if (sq && zg_rank(sq) == far) {
            int k = nb++;
            while (k > 0 && sold[k - 1] > sq) {   /* keep ascending */
                sold[k] = sold[k - 1];
                k--;
            }
            sold[k] = sq;
        }
    }
    zg_bd *b = &G->b;
    for (int k = 1; k <= 4 && k <= nb; k++) {
        int t = z->ex_type[k];
        if (t < 0) continue;
        for (unsigned mask = 1; mask < (1u << nb); mask++) {
            int bits = 0;
            for (unsigned x = mask; x; x &= x - 1) bits++;
            if (bits != k) continue;
            qp_move m = ZG_MV_EXCHANGE | (qp_move)k << 20;
            int pick[4], np = 0;
            for (int i = 0; i < nb; i++)
                if (mask & (1u << i)) {
                    m |= (qp_move)sold[i] << (24 + 8 * np);
                    pick[np++] = sold[i];
                }
            for (int j = 0; j < zg_nslot[t]; j++) {
                int tsq = s->pos[G->ebase + zg_slot0[t] + j];
                if (!tsq) continue;
                uint8_t saved[4], tv = b->sq[tsq];
                for (int i = 0; i < k; i++) {
                    saved[i] = b->sq[pick[i]];
                    b->sq[pick[i]] = 0;
                    zg_occ_clr(b, pick[i]);
                }
                b->sq[tsq] = 0;
                zg_occ_clr(b, tsq);
                bool ok = zg_position_ok(z, b, G->g, G->side);
                b->sq[tsq] = tv;
                zg_occ_set(b, tsq);
                for (int i = 0; i < k; i++) {
                    b->sq[pick[i]] = saved[i];
                    zg_occ_set(b, pick[i]);
                }
                if (ok) G->out[G->n++] = m | (qp_move)tsq << 8;
            }
        }
    }
}

bool zg_decided(const zg_impl *z, const zg_state *s)
{
    return s->winner >= 0 || !s->pos[ZG_BASE(0)] || !s->pos[ZG_BASE(1)] ||
           s->bottom[0] >= z->soldiers_to_win || s->bottom[1] >= z->soldiers_to_win;
}

/* Marks for a general that is not attacked (see the file comment). */
static void mark_safe(zg_gen *G)
{
    const zg_impl *z = G->z;
    const zg_bd *b = &G->b;
    const int g = G->g, eb = G->ebase;
    for (int i = 0; i < 4; i++) {
        int d = zg_orth[i], p = g + d;
        while (!b->sq[p]) p += d;
        if (b->sq[p] == ZG_OFF) continue;
        int b1 = p;
        if (zg_is(b->sq[b1], eb, ZG_CANNON))
            for (int q = g + d; q != b1; q += d) G->mark[q] |= ZG_MARK_TO;
        for (p += d; !b->sq[p]; p += d) {}
        if (b->sq[p] == ZG_OFF) continue;
        int b2 = p, v2 = b->sq[b2];
        if (zg_is(v2, eb, ZG_CHARIOT) || (z->flying && (d == 16 || d == -16) && v2 == eb))
            G->mark[b1] |= ZG_MARK_FROM;
        for (p += d; !b->sq[p]; p += d) {}
        if (zg_is(b->sq[p], eb, ZG_CANNON)) G->mark[b1] |= ZG_MARK_FROM, G->mark[b2] |= ZG_MARK_FROM;
    }
    for (int i = 0; i < 4; i++) {
        int p = g + zg_diag[i];
        if (!b->sq[p] || b->sq[p] == ZG_OFF) continue;
        if (zg_is(b->sq[p + zg_diag[i]], eb, ZG_ELEPHANT) || zg_is(b->sq[p + zg_diag_dx[i]], eb, ZG_HORSE) ||
            zg_is(b->sq[p + zg_diag_dy[i]], eb, ZG_HORSE))
            G->mark[p] |= ZG_MARK_FROM;
    }
}

/* Marks for an attacked general (see the file comment); in check a piece
 * arriving where it could recapture may answer the check. */
static void mark_attacked(zg_gen *G, bool check)
{
    const uint8_t guard = check ? ZG_MARK_FROM | ZG_MARK_TO : ZG_MARK_FROM;
    const int g = G->g, f = zg_file(g), r = zg_rank(g);
    for (int k = 0; k < 9; k++) {
        G->mark[zg_sq(k, r)] = ZG_MARK_FROM | ZG_MARK_TO;
        G->mark[zg_sq(f, k)] = ZG_MARK_FROM | ZG_MARK_TO;
    }
    for (int i = 0; i < 4; i++) {
        int p = g + zg_diag[i];
        G->mark[p] = ZG_MARK_FROM | ZG_MARK_TO;
        G->mark[p + zg_diag[i]] |= guard;
        G->mark[p + zg_diag_dx[i]] |= guard;
        G->mark[p + zg_diag_dy[i]] |= guard;
    }
}

int zg_generate(const zg_impl *z, const zg_state *s, qp_move *out, bool noisy)
{
    if (zg_decided(z, s)) return 0;
    zg_gen G;
    G.z = z;
    G.b = s->bd;
    G.side = s->side;
    G.ebase = ZG_BASE(s->side ^ 1);
    G.g = s->pos[ZG_BASE(s->side)];
    G.e = s->pos[G.ebase];
    G.noisy = noisy;
    G.out = out;
    G.n = 0;
    memset(G.mark, 0, sizeof G.mark);
    int threat = zg_threat(z, &G.b, G.g, s->side);
    if (threat == ZG_SAFE) mark_safe(&G);
    else mark_attacked(&G, threat == ZG_CHECK);
    G.mark[G.g] = ZG_MARK_FROM;
    int libs = zg_liberties(&G.b, G.g);
    /* An unmarked move changes neither the threat nor the liberties. */
    G.quick_ok = threat != ZG_CHECK && (!z->liberties || libs > 0);
    if (z->liberties && libs <= 1)
        for (int i = 0; i < 4; i++)
            G.mark[G.g + zg_orth[i]] |= libs ? ZG_MARK_TO : ZG_MARK_FROM;
    gen_general(&G, G.g);
    gen_pieces(&G, s);
    if (s->bottom[s->side]) gen_exchanges(&G, s);
    return G.n;
}

/* ---- make / unmake ---- */

static void lift(const zg_impl *z, zg_state *s, int sq)
{
    int id = s->bd.sq[sq], side = zg_side_of(id), ct = zg_ct(id);
    s->pos[id] = 0;
    s->bd.sq[sq] = 0;
    zg_occ_clr(&s->bd, sq);
    s->hash ^= z->zob[ct][zg_to81(sq)];
    s->psq[side] -= z->pst[ct][sq];
    if (zg_type_of(id) == ZG_SOLDIER && zg_rank(sq) == zg_far_rank(side)) s->bottom[side]--;
}

static void drop(const zg_impl *z, zg_state *s, int id, int sq)
{
    int side = zg_side_of(id), ct = zg_ct(id);
    s->pos[id] = (uint8_t)sq;
    s->bd.sq[sq] = (uint8_t)id;
    zg_occ_set(&s->bd, sq);
    s->hash ^= z->zob[ct][zg_to81(sq)];
    s->psq[side] += z->pst[ct][sq];
    if (zg_type_of(id) == ZG_SOLDIER && zg_rank(sq) == zg_far_rank(side)) s->bottom[side]++;
}

void zg_make(const zg_impl *z, zg_state *s, qp_move m, zg_undo *u)
{
    if (u) {
        u->hash = s->hash;
        u->psq[0] = s->psq[0];
        u->psq[1] = s->psq[1];
        u->halfmove = s->halfmove;
        u->fullmove = s->fullmove;
        u->bottom[0] = s->bottom[0];
        u->bottom[1] = s->bottom[1];
        u->winner = s->winner;
    }
    int side = s->side;
    if (zg_mv_is_exchange(m)) {
        int k = zg_mv_k(m);
        for (int i = 0; i < k; i++) {
            int sq = zg_mv_soldier(m, i);
            if (u) u->cap[i] = s->bd.sq[sq];
            lift(z, s, sq);
        }
        if (u) u->cap[k] = s->bd.sq[zg_mv_to(m)];
        lift(z, s, zg_mv_to(m));
        s->halfmove = 0;
    } else {
        int from = zg_mv_from(m), to = zg_mv_to(m);
        int id = s->bd.sq[from], cap = s->bd.sq[to];
        if (u) u->cap[0] = (uint8_t)cap;
        if (cap) {
            if (cap == ZG_BASE(side ^ 1)) s->winner = (int8_t)((m & ZG_MV_ANSWERED) ? side ^ 1 : side);
            lift(z, s, to);
            s->halfmove = 0;
        } else {
            s->halfmove++;
        }
        lift(z, s, from);
        drop(z, s, id, to);
    }
    s->side ^= 1;
    s->hash ^= z->zob_side;
    if (side == 1) s->fullmove++;
}

void zg_unmake(const zg_impl *z, zg_state *s, qp_move m, const zg_undo *u)
{
    s->side ^= 1;
    if (zg_mv_is_exchange(m)) {
        int k = zg_mv_k(m);
        for (int i = 0; i < k; i++) drop(z, s, u->cap[i], zg_mv_soldier(m, i));
        drop(z, s, u->cap[k], zg_mv_to(m));
    } else {
        int from = zg_mv_from(m), to = zg_mv_to(m);
        int id = s->bd.sq[to];
        lift(z, s, to);
        drop(z, s, id, from);
        if (u->cap[0]) drop(z, s, u->cap[0], to);
    }
    s->hash = u->hash;
    s->psq[0] = u->psq[0];
    s->psq[1] = u->psq[1];
    s->halfmove = u->halfmove;
    s->fullmove = u->fullmove;
    s->bottom[0] = u->bottom[0];
    s->bottom[1] = u->bottom[1];
    s->winner = u->winner;
}

void zg_make_null(const zg_impl *z, zg_state *s)
{
    s->side ^= 1;
    s->hash ^= z->zob_side;
    s->halfmove++;
}

int zg_pseudo_targets(const zg_impl *z, const zg_bd *b, int from, int *out)
{
    int id = b->sq[from], side = zg_side_of(id), n = 0;
    int ebase = ZG_BASE(side ^ 1);
#define ZG_PUT(to)                                                                        \
    do {                                                                                  \
        int t_ = (to), v_ = b->sq[t_];                                                    \
        if (v_ == 0 || (unsigned)(v_ - ebase) < 16u) out[n++] = t_;                       \
    } while (0)
    switch (zg_type_of(id)) {
    case ZG_GENERAL:
        for (int i = 0; i < 4; i++)
            if (z->in_palace[from + zg_orth[i]]) ZG_PUT(from + zg_orth[i]);
        if (z->flying)
            for (int i = 0; i < 4; i += 2) {
                int to = from + zg_orth[i];
                while (b->sq[to] == 0) to += zg_orth[i];
                if (b->sq[to] == ebase && !(to == from + zg_orth[i] && z->in_palace[to])) out[n++] = to;
            }
        break;
    case ZG_ADVISOR:
        for (int i = 0; i < 4; i++) ZG_PUT(from + zg_diag[i]);
        break;
    case ZG_ELEPHANT:
        for (int i = 0; i < 4; i++)
            if (!b->sq[from + zg_diag[i]]) ZG_PUT(from + 2 * zg_diag[i]);
        break;
    case ZG_HORSE:
        for (int i = 0; i < 4; i++)
            if (!b->sq[from + zg_orth[i]]) {
                ZG_PUT(from + horse_to[i][0]);
                ZG_PUT(from + horse_to[i][1]);
            }
        break;
    case ZG_CHARIOT:
    case ZG_CANNON:
        for (int i = 0; i < 4; i++) {
            int d = zg_orth[i], to = from + d;
            for (; !b->sq[to]; to += d) out[n++] = to;
            if (zg_type_of(id) == ZG_CHARIOT) {
                ZG_PUT(to);
                continue;
            }
            if (b->sq[to] == ZG_OFF) continue;
            for (to += d; !b->sq[to]; to += d) {}
            if ((unsigned)(b->sq[to] - ebase) < 16u) out[n++] = to;
        }
        break;
    case ZG_SOLDIER:
        ZG_PUT(from + zg_forward(side));
        ZG_PUT(from + 1);
        ZG_PUT(from - 1);
        break;
    }
#undef ZG_PUT
    return n;
}
