/*
 * xq_movegen.c — attacks, move generation and make/unmake for Xiangqi.
 *
 * Generation is pseudo-legal per piece (fixed slot ranges, so each type
 * has its own tight loop), then filtered: a move is legal when afterwards
 * the mover's general is not attacked, the facing generals counting as an
 * attack.  The filter works on a scratch copy of the board and skips the
 * attack test for moves that cannot open an attack on the general (see
 * xq_danger), which is most of them.  Nothing here allocates.
 */
#include <string.h>

#include "xq_internal.h"

static const int xq_orth[4] = {16, -16, 1, -1};
static const int xq_diag[4] = {17, 15, -15, -17};
/* Horse: leg offset, then the two targets of that leg. */
static const int xq_horse[4][3] = {{16, 31, 33}, {-16, -31, -33}, {1, 18, -14}, {-1, 14, -18}};
/* Horses attacking a point: the leg (diagonally next to the point), then
 * the two horse points whose move to the point passes over that leg. */
static const int xq_horse_in[4][3] = {{17, 18, 33}, {15, 14, 31}, {-15, -14, -31}, {-17, -18, -33}};

bool xq_generals_face(const uint8_t *b, int k0, int k1)
{
    if (!k0 || !k1 || ((k0 ^ k1) & 15)) return false;
    for (int t = k0 + 16; t < k1; t += 16)
        if (b[t]) return false;
    return true;
}

/* Horse and soldier attacks on k (the line attacks are the callers'). */
static inline bool xq_attacked_near(const uint8_t *b, int k, int side, unsigned e)
{
    for (int i = 0; i < 4; i++) {
        if (b[k + xq_horse_in[i][0]]) continue;
        unsigned p = b[k + xq_horse_in[i][1]], q = b[k + xq_horse_in[i][2]];
        if (p == (e | 5) || p == (e | 6) || q == (e | 5) || q == (e | 6)) return true;
    }
    /* Enemy soldiers come toward us; next to our general they have crossed. */
    unsigned p;
    p = b[k + XQ_FWD(side)];
    if ((p & e) && (p & 15) >= 11) return true;
    p = b[k + 1];
    if ((p & e) && (p & 15) >= 11) return true;
    p = b[k - 1];
    if ((p & e) && (p & 15) >= 11) return true;
    return false;
}

bool xq_attacked(const uint8_t *b, int k, int side)
{
    const unsigned e = XQ_SIDEBIT(side ^ 1);
    for (int i = 0; i < 4; i++) {
        int d = xq_orth[i], t = k + d;
        while (!b[t]) t += d;
        unsigned p = b[t];
        /* A general on the line is the enemy's: generals never share a rank. */
        if (p == (e | 7) || p == (e | 8) || p == e) return true;
        if (p == XQ_OFF) continue;
        t += d;
        while (!b[t]) t += d;
        p = b[t];
        if (p == (e | 9) || p == (e | 10)) return true;
    }
    return xq_attacked_near(b, k, side, e);
}

/* xq_attacked with the lines read from the run tables: ro and fo are the
 * occupancy masks of k's rank and file on board b. */
static bool xq_attacked_runs(const xq_impl *im, const uint8_t *b, unsigned ro, unsigned fo, int k, int side)
{
    const unsigned e = XQ_SIDEBIT(side ^ 1);
    const int f = XQ_FILE(k), r = XQ_RANK(k);
    const uint8_t *rr = im->rank_run[f][ro], *fr = im->file_run[r][fo];
    const int run[4] = {fr[1], fr[0], rr[1], rr[0]};
    for (int i = 0; i < 4; i++) {
        const int d = xq_orth[i];
        int t = k + (run[i] + 1) * d;
        unsigned p = b[t];
        if (p == (e | 7) || p == (e | 8) || p == e) return true;
        if (p == XQ_OFF) continue;
        int beyond = i < 2 ? im->file_run[XQ_RANK(t)][fo][i == 0] : im->rank_run[XQ_FILE(t)][ro][i == 2];
        p = b[t + (beyond + 1) * d];
        if (p == (e | 9) || p == (e | 10)) return true;
    }
    return xq_attacked_near(b, k, side, e);
}

bool xq_defended(const xq_impl *im, const uint8_t *b, int t, int side)
{
    const unsigned d = XQ_SIDEBIT(side);
    for (int i = 0; i < 4; i++) {
        int dir = xq_orth[i], u = t + dir;
        while (!b[u]) u += dir;
        unsigned p = b[u];
        if (p == (d | 7) || p == (d | 8)) return true;
        if (p == XQ_OFF) continue;
        for (u += dir; !b[u]; u += dir) {}
        if (b[u] == (d | 9) || b[u] == (d | 10)) return true;
    }
    for (int i = 0; i < 4; i++) {
        if (b[t + xq_horse_in[i][0]]) continue;
        unsigned p = b[t + xq_horse_in[i][1]], q = b[t + xq_horse_in[i][2]];
        if (p == (d | 5) || p == (d | 6) || q == (d | 5) || q == (d | 6)) return true;
    }
    unsigned p = b[t - XQ_FWD(side)];
    if ((p & d) && (p & 15) >= 11) return true;
    for (int e = -1; e <= 1; e += 2) {
        p = b[t + e];
        if ((p & d) && (p & 15) >= 11 && !(im->sqf[t + e] & XQ_SF_HALF(side))) return true;
    }
    if (im->sqf[t] & XQ_SF_PALACE(side)) {
        for (int i = 0; i < 4; i++) {
            if (b[t + xq_orth[i]] == d) return true;
            p = b[t + xq_diag[i]];
            if (p == (d | 1) || p == (d | 2)) return true;
        }
    }
    if (im->sqf[t] & XQ_SF_HALF(side))
        for (int i = 0; i < 4; i++) {
            if (b[t + xq_diag[i]]) continue;
            p = b[t + 2 * xq_diag[i]];
            if (p == (d | 3) || p == (d | 4)) return true;
        }
    return false;
}

bool xq_in_check(const xq_impl *im, const xq_state *s)
{
    int k = s->pos[s->side * 16];
    return xq_attacked_runs(im, s->board, s->occ_rank[XQ_RANK(k)], s->occ_file[XQ_FILE(k)], k, s->side);
}

#define XQ_TRY(f, t)                                                   \
    do {                                                               \
        unsigned tp_ = b[t];                                           \
        if (!(tp_ & block) && (tp_ || !noisy)) out[n++] = XQ_MOVE(f, t); \
    } while (0)

int xq_gen_pseudo(const xq_impl *im, const xq_state *s, qp_move *out, bool noisy)
{
    const uint8_t *b = s->board;
    const uint8_t *sqf = im->sqf;
    const int side = s->side;
    const unsigned own = XQ_SIDEBIT(side), enm = XQ_SIDEBIT(side ^ 1);
    const unsigned block = own | XQ_OFF;
    const uint8_t *pos = s->pos + side * 16;
    const unsigned palace = XQ_SF_PALACE(side), half = XQ_SF_HALF(side);
    int n = 0;

    int sq = pos[0];
    if (sq)
        for (int i = 0; i < 4; i++) {
            int t = sq + xq_orth[i];
            if (sqf[t] & palace) XQ_TRY(sq, t);
        }
    for (int k = 1; k < 3; k++) {
        if (!(sq = pos[k])) continue;
        for (int i = 0; i < 4; i++) {
            int t = sq + xq_diag[i];
            if (sqf[t] & palace) XQ_TRY(sq, t);
        }
    }
    for (int k = 3; k < 5; k++) {
        if (!(sq = pos[k])) continue;
        for (int i = 0; i < 4; i++) {
            int eye = sq + xq_diag[i], t = eye + xq_diag[i];
            if (!b[eye] && (sqf[t] & half)) XQ_TRY(sq, t);
        }
    }
    for (int k = 5; k < 7; k++) {
        if (!(sq = pos[k])) continue;
        for (int i = 0; i < 4; i++) {
            if (b[sq + xq_horse[i][0]]) continue;
            XQ_TRY(sq, sq + xq_horse[i][1]);
            XQ_TRY(sq, sq + xq_horse[i][2]);
        }
    }
    /* Chariots and cannons: the run tables give the empty points of each
     * line (xq_orth order: up, down, right, left) and so the first piece;
     * a cannon's target is the first piece past that screen. */
    for (int k = 7; k < 11; k++) {
        if (!(sq = pos[k])) continue;
        const int f = XQ_FILE(sq), r = XQ_RANK(sq);
        const unsigned ro = s->occ_rank[r], fo = s->occ_file[f];
        const uint8_t *rr = im->rank_run[f][ro], *fr = im->file_run[r][fo];
        const int run[4] = {fr[1], fr[0], rr[1], rr[0]};
        for (int i = 0; i < 4; i++) {
            const int d = xq_orth[i];
            if (!noisy)
                for (int j = 1; j <= run[i]; j++) out[n++] = XQ_MOVE(sq, sq + j * d);
            int t = sq + (run[i] + 1) * d;
            if (k < 9) {
                if (b[t] & enm) out[n++] = XQ_MOVE(sq, t);
                continue;
            }
            if (b[t] == XQ_OFF) continue;
            int beyond = i < 2 ? im->file_run[XQ_RANK(t)][fo][i == 0] : im->rank_run[XQ_FILE(t)][ro][i == 2];
            t += (beyond + 1) * d;
            if (b[t] & enm) out[n++] = XQ_MOVE(sq, t);
        }
    }
    const int fwd = XQ_FWD(side);
    for (int k = 11; k < 16; k++) {
        if (!(sq = pos[k])) continue;
        XQ_TRY(sq, sq + fwd);
        if (!(sqf[sq] & half)) {
            XQ_TRY(sq, sq + 1);
            XQ_TRY(sq, sq - 1);
        }
    }
    return n;
}

/* Squares where a move of a non-general might expose its own general on
 * k when it is not in check, as two 256-bit sets: leaving[] the squares
 * whose piece, moving away, may open an attack, entering[] the empty
 * squares a piece may not step onto without the attack test.
 *
 * On a line through k an attack needs an enemy chariot or general first,
 * or an enemy cannon second.  Not being in check, neither holds now; with
 * p1, p2, p3 the first pieces on a ray, a move can only make one hold by
 *  - leaving p1 when p2 is an enemy chariot or general, or p3 an enemy
 *    cannon (a chariot taking p2 also leaves p3 second);
 *  - leaving p2 when p3 is an enemy cannon;
 *  - stepping before p1 when p1 is an enemy cannon (a screen).
 * Anything else keeps the first two pieces, or puts an own piece (which
 * attacks nothing) among them.  A horse attacks k once its leg, a point
 * diagonally next to k, is left. */
typedef struct xq_danger {
    uint64_t leaving[4], entering[4];
} xq_danger;

static inline void xq_mark(uint64_t *set, int sq) { set[sq >> 6] |= (uint64_t)1 << (sq & 63); }
static inline bool xq_marked(const uint64_t *set, int sq) { return (set[sq >> 6] >> (sq & 63)) & 1u; }

static void xq_danger_of(const uint8_t *b, int k, int side, xq_danger *d)
{
    const unsigned e = XQ_SIDEBIT(side ^ 1);
    memset(d, 0, sizeof *d);
    for (int i = 0; i < 4; i++) {
        int dir = xq_orth[i], t1 = k + dir;
        while (!b[t1]) t1 += dir;
        unsigned p1 = b[t1];
        if (p1 == XQ_OFF) continue;
        if (p1 == (e | 9) || p1 == (e | 10))
            for (int t = k + dir; t != t1; t += dir) xq_mark(d->entering, t);
        int t2 = t1 + dir;
        while (!b[t2]) t2 += dir;
        unsigned p2 = b[t2];
        if (p2 == XQ_OFF) continue;
        int t3 = t2 + dir;
        while (!b[t3]) t3 += dir;
        unsigned p3 = b[t3];
        bool cannon3 = p3 == (e | 9) || p3 == (e | 10);
        if (cannon3 || p2 == (e | 7) || p2 == (e | 8) || p2 == e) xq_mark(d->leaving, t1);
        if (cannon3) xq_mark(d->leaving, t2);
    }
    for (int i = 0; i < 4; i++) {
        unsigned p = b[k + xq_horse_in[i][1]], q = b[k + xq_horse_in[i][2]];
        if (p == (e | 5) || p == (e | 6) || q == (e | 5) || q == (e | 6)) xq_mark(d->leaving, k + xq_horse_in[i][0]);
    }
}

int xq_gen_legal(const xq_impl *im, const xq_state *s, qp_move *out, bool noisy)
{
    const int side = s->side;
    const int k = s->pos[side * 16];
    uint8_t b[256];
    memcpy(b, s->board, sizeof b);
    const bool check = xq_in_check(im, s);
    /* Noisy moves are captures, in check too: making every evasion noisy
     * scored 30-36-34 against captures only at 30k nodes per move. */
    int n = xq_gen_pseudo(im, s, out, noisy);
    xq_danger dz;
    if (!check) xq_danger_of(b, k, side, &dz);
    int m = 0;
    for (int i = 0; i < n; i++) {
        qp_move mv = out[i];
        int f = XQ_FROM(mv), t = XQ_TO(mv);
        if (!check && f != k && !xq_marked(dz.leaving, f) && !xq_marked(dz.entering, t)) {
            out[m++] = mv;
            continue;
        }
        /* The occupancy of the general's rank and file after the move. */
        int q = f == k ? t : k, qr = XQ_RANK(q), qf = XQ_FILE(q);
        unsigned ro = s->occ_rank[qr], fo = s->occ_file[qf];
        if (XQ_RANK(f) == qr) ro &= ~(1u << XQ_FILE(f));
        if (XQ_FILE(f) == qf) fo &= ~(1u << XQ_RANK(f));
        if (XQ_RANK(t) == qr) ro |= 1u << XQ_FILE(t);
        if (XQ_FILE(t) == qf) fo |= 1u << XQ_RANK(t);
        uint8_t cap = b[t];
        b[t] = b[f];
        b[f] = 0;
        bool ok = !xq_attacked_runs(im, b, ro, fo, q, side);
        b[f] = b[t];
        b[t] = cap;
        if (ok) out[m++] = mv;
    }
    return m;
}

bool xq_pseudo_is_legal(const xq_state *s, qp_move mv)
{
    uint8_t b[256];
    memcpy(b, s->board, sizeof b);
    int f = XQ_FROM(mv), t = XQ_TO(mv), k = s->pos[s->side * 16];
    b[t] = b[f];
    b[f] = 0;
    return !xq_attacked(b, f == k ? t : k, s->side);
}

void xq_do_move(const xq_impl *im, xq_state *s, qp_move mv, xq_undo *u)
{
    int f = XQ_FROM(mv), t = XQ_TO(mv);
    unsigned p = s->board[f], c = s->board[t];
    if (u) {
        u->hash = s->hash;
        u->score = s->score;
        u->halfmove = s->halfmove;
        u->fullmove = s->fullmove;
        u->captured = (uint8_t)c;
        memset(u->pad, 0, sizeof u->pad);
    }
    int pi = XQ_PIDX(p);
    uint64_t h = s->hash ^ im->zob[pi][f] ^ im->zob[pi][t] ^ im->zob_side;
    int32_t score = s->score + im->pst[pi][t] - im->pst[pi][f];
    if (c) {
        int ci = XQ_PIDX(c);
        h ^= im->zob[ci][t];
        score -= im->pst[ci][t];
        s->pos[ci] = 0;
        s->halfmove = 0;
    } else if (s->halfmove < 65535) {
        s->halfmove++;
    }
    s->pos[pi] = (uint8_t)t;
    s->board[t] = (uint8_t)p;
    s->board[f] = 0;
    s->occ_rank[XQ_RANK(f)] &= (uint16_t)~(1u << XQ_FILE(f));
    s->occ_file[XQ_FILE(f)] &= (uint16_t)~(1u << XQ_RANK(f));
    s->occ_rank[XQ_RANK(t)] |= (uint16_t)(1u << XQ_FILE(t));
    s->occ_file[XQ_FILE(t)] |= (uint16_t)(1u << XQ_RANK(t));
    s->hash = h;
    s->score = score;
    if (s->side && s->fullmove < 65535) s->fullmove++;
    s->side ^= 1;
}

void xq_undo_move(xq_state *s, qp_move mv, const xq_undo *u)
{
    int f = XQ_FROM(mv), t = XQ_TO(mv);
    unsigned p = s->board[t], c = u->captured;
    s->board[f] = (uint8_t)p;
    s->board[t] = (uint8_t)c;
    s->pos[XQ_PIDX(p)] = (uint8_t)f;
    if (c) s->pos[XQ_PIDX(c)] = (uint8_t)t;
    s->occ_rank[XQ_RANK(f)] |= (uint16_t)(1u << XQ_FILE(f));
    s->occ_file[XQ_FILE(f)] |= (uint16_t)(1u << XQ_RANK(f));
    if (!c) {
        s->occ_rank[XQ_RANK(t)] &= (uint16_t)~(1u << XQ_FILE(t));
        s->occ_file[XQ_FILE(t)] &= (uint16_t)~(1u << XQ_RANK(t));
    }
    s->hash = u->hash;
    s->score = u->score;
    s->halfmove = u->halfmove;
    s->fullmove = u->fullmove;
    s->side ^= 1;
}
