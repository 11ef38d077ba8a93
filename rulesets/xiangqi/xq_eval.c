/*
 * xq_eval.c — Xiangqi evaluation: material and placement kept
 * incrementally, plus mobility, cannon and horse specifics, king safety
 * (attackers near the palace, and the moves that would check the general)
 * and endgame scaling computed per call (xq_dynamic).
 *
 * Material (eval.*) and placement (the fitted xq_weights, scaled by
 * eval.pst percent) live in one table per piece and square (xq_impl.pst)
 * holding a middlegame and an endgame score, so make/unmake keep both up
 * to date with two or three additions.  Every other term is counted per
 * call; the two scores are blended by the phase (how many chariots,
 * horses and cannons are left).  The weights in use are xq_movefit's fit
 * to the moves of 933 published master games (the held-out openings'
 * games left out), starting from xq_fit's fits to Fairy-Stockfish's
 * scores of positions from master games, self-play and matches against
 * it (docs/tuning.md: how); tools/xq_fit.c and tools/xq_movefit.c can
 * refit the table (a fit is adopted only when a match says so).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "xq_internal.h"

/* A piece's eval.* value on its own rank r, the part of its table entry
 * that is not a weight: a soldier past the river adds eval.soldier_crossed,
 * half of it on the last rank (it can only go sideways there). */
static int xq_base_value(const xq_impl *im, int t, int r)
{
    int crossed = im->soldier_crossed;
    return im->value[t] + (t != XQ_SOLDIER || r < 5 ? 0 : r == 9 ? crossed / 2 : crossed);
}

void xq_eval_init(xq_impl *im, const qp_params *p)
{
    static const char *const keys[XQ_NTYPES] = {
        NULL, "eval.advisor", "eval.elephant", "eval.horse", "eval.chariot", "eval.cannon",
        "eval.soldier"
    };
    im->value[XQ_KING] = 0;
    for (int t = 1; t < XQ_NTYPES; t++) im->value[t] = (int)qp_param_int(p, keys[t]);
    im->soldier_crossed = (int)qp_param_int(p, "eval.soldier_crossed");
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
                    const int16_t *w = xq_weights[XQ_PST_INDEX(t, own_f, own_r)];
                    int base = xq_base_value(im, t, own_r);
                    int mg = base + w[0] * scale / 100, eg = base + w[1] * scale / 100;
                    im->pst[side * 16 + slot][XQ_SQ(f, r)] =
                        side ? XQ_SCORE(-mg, -eg) : XQ_SCORE(mg, eg);
                }
        }
}

/* How many of the points lo..hi of a line lie in a..b. */
static int xq_overlap(int lo, int hi, int a, int b)
{
    if (lo < a) lo = a;
    if (hi > b) hi = b;
    return hi >= lo ? hi - lo + 1 : 0;
}

static bool xq_enemy(unsigned p, int side)
{
    return p && p != XQ_OFF && XQ_SIDE_OF(p) != side;
}

/* One line of the enemy general (its rank or its file), by coordinate
 * along it: the points lo..hi are clear to it (its own included), and a
 * chariot landing on one of them checks; so does one taking the piece
 * just past them (x = lo - 1 or hi + 1) when that piece is the general's
 * (cap).  Past that first piece, a cannon's points: clo[d]..chi[d] on
 * each side (empty when clo > chi). */
typedef struct xq_kline {
    int lo, hi, clo[2], chi[2];
    bool cap[2];
} xq_kline;

/* The line through coordinate at, n points long, point x on square
 * sq0 + x * step; run(x) = tab + x * stride + occ * 2 (rank_run or
 * file_run for the line's occupancy). */
static void xq_kline_init(xq_kline *L, const uint8_t *b, int kside, int at, int n, int sq0,
                          int step, const uint8_t *tab, size_t stride, unsigned occ)
{
    const uint8_t *run = tab + (size_t)at * stride + occ * 2;
    L->lo = at - run[0];
    L->hi = at + run[1];
    for (int d = 0; d < 2; d++) {
        int x = d ? L->hi + 1 : L->lo - 1;
        L->cap[d] = false;
        L->clo[d] = 1;
        L->chi[d] = 0;
        if (x < 0 || x >= n) continue;
        L->cap[d] = XQ_SIDE_OF(b[sq0 + x * step]) == kside;
        const uint8_t *past = tab + (size_t)x * stride + occ * 2;
        L->clo[d] = d ? x + 1 : x - past[0];
        L->chi[d] = d ? x + past[1] : x - 1;
    }
}

/* Whether a chariot arriving at x of the line (from off it) checks:
 * on an empty point (capture false) or taking the piece on x. */
static bool xq_kline_chariot(const xq_kline *L, int x, bool capture)
{
    if (!capture) return x >= L->lo && x <= L->hi;
    return (x == L->lo - 1 && L->cap[0]) || (x == L->hi + 1 && L->cap[1]);
}

/* Whether a cannon arriving at the empty point x of the line checks. */
static bool xq_kline_cannon(const xq_kline *L, int x)
{
    return (x >= L->clo[0] && x <= L->chi[0]) || (x >= L->clo[1] && x <= L->chi[1]);
}

/* Whether a piece of side reaches point land of its line (it stands at
 * coordinate at, its runs run[0..1], land at coordinate x): an empty point
 * within its run, or the first piece past it when that is an enemy (a
 * chariot's capture; quiet_only for a cannon). */
static bool xq_reaches(const uint8_t *b, int side, int land, int at, const uint8_t *run, int x,
                       bool quiet_only)
{
    unsigned p = b[land];
    if (!p) return x >= at - run[0] && x <= at + run[1];
    return !quiet_only && xq_enemy(p, side) && (x == at - run[0] - 1 || x == at + run[1] + 1);
}

/* The leg a horse needs to check a general delta points away (0: no
 * horse move reaches it). */
static int xq_horse_leg(int delta)
{
    switch (delta) {
    case 18: case -14: return 1;
    case 14: case -18: return -1;
    case 33: case 31: return 16;
    case -31: case -33: return -16;
    default: return 0;
    }
}

/* One term's count for side (the trace's count is Red minus Black). */
#define ADD(term, n)                                                  \
    do {                                                              \
        int n_ = (n);                                                 \
        mg[side] += xq_weights[term][0] * n_;                         \
        eg[side] += xq_weights[term][1] * n_;                         \
        if (tr) tr->count[term] += side ? -n_ : n_;                   \
    } while (0)

/* The per-call terms, Red minus Black, blended by phase; attackers[side]
 * counts the pieces of side that can still mate. */
static int xq_dynamic(const xq_impl *im, const xq_state *s, int32_t packed, int attackers[2],
                      xq_trace *tr)
{
    const uint8_t *b = s->board;
    static const int dirs[4] = {1, -1, 16, -16};
    int mg[2] = {0, 0}, eg[2] = {0, 0}, heavy = 0, chariots = 0, defenders[2] = {0, 0};
    int danger[2][4] = {{0}};   /* crossed chariots, horses, cannons, soldiers by side */
    uint32_t hit[2] = {0, 0};   /* enemy pieces (XQ_PIDX bits) side attacks with a cheaper one */
    int ka_units[2] = {0, 0}, ka_n[2] = {0, 0};   /* attack on the enemy palace */
    for (int i = 0; i < 32; i++)
        if (s->pos[i] && (i & 15) >= 5 && (i & 15) <= 10) {
            heavy++;
            chariots += (i & 15) == 7 || (i & 15) == 8;
        }
    int phase = 3 * heavy + 3 * chariots;   /* chariots count double */
    if (phase > XQ_PHASE_MAX) phase = XQ_PHASE_MAX;
    for (int side = 0; side < 2; side++) {
        const uint8_t *pos = s->pos + side * 16;
        int ksq = s->pos[(1 - side) * 16];
        bool threats = side != s->side;   /* only the mover's threatened pieces count */
        int plo = side ? 0 : 7, phi = plo + 2;   /* the enemy palace's ranks */
        unsigned epal = XQ_SF_PALACE(1 - side);
        int hits = 0;   /* enemy palace points attacked, summed over pieces */
        int checks[3] = {0, 0, 0};   /* moves that would check: chariot, horse, cannon */
        xq_kline krank, kfile;
        int gf = ksq ? XQ_FILE(ksq) : -1, gr = ksq ? XQ_RANK(ksq) : -1;
        if (ksq) {
            xq_kline_init(&krank, b, 1 - side, gf, 9, XQ_SQ(0, gr), 1, &im->rank_run[0][0][0],
                          sizeof im->rank_run[0], s->occ_rank[gr]);
            xq_kline_init(&kfile, b, 1 - side, gr, 10, XQ_SQ(gf, 0), 16, &im->file_run[0][0][0],
                          sizeof im->file_run[0], s->occ_file[gf]);
        }
        attackers[side] = 0;
        for (int slot = 1; slot <= 4; slot++) defenders[side] += pos[slot] != 0;
        if (pos[1] && pos[2]) ADD(XQ_T_ADVISOR_PAIR, 1);
        if (pos[3] && pos[4]) ADD(XQ_T_ELEPHANT_PAIR, 1);
        for (int slot = 5; slot <= 15; slot++) {
            int sq = pos[slot];
            if (!sq) continue;
            int t = xq_slot_type[slot];
            /* Crossed the river: own half for Red is ranks 0..4. */
            bool crossed = side ? XQ_RANK(sq) <= 4 : XQ_RANK(sq) >= 5;
            int mob = 0, pal = 0;   /* pal: enemy palace points it attacks */
            switch (t) {
            case XQ_HORSE:
                for (int k = 0; k < 4; k++) {
                    int leg = sq + dirs[k];
                    if (b[leg]) continue;
                    int side_step = (k < 2) ? 16 : 1;
                    for (int e = -1; e <= 1; e += 2) {
                        int to = leg + dirs[k] + e * side_step;
                        unsigned p = b[to];
                        if (p == XQ_OFF || (p && !xq_enemy(p, side))) continue;
                        mob++;
                        pal += (im->sqf[to] & epal) != 0;
                        if (ksq) {
                            int kl = xq_horse_leg(ksq - to);
                            checks[1] += kl && (!b[to + kl] || to + kl == sq);
                        }
                        if (threats && p && im->value[xq_slot_type[p & 15]] > im->value[XQ_HORSE])
                            hit[side] |= 1u << XQ_PIDX(p);
                    }
                }
                ADD(XQ_T_HORSE_MOB, mob);
                ADD(XQ_T_HORSE_MOBT + mob, 1);
                if (pal) ka_units[side] += 2 + pal, ka_n[side]++;
                ADD(XQ_T_IMBALANCE, -(heavy - 6));
                attackers[side]++;
                if (crossed) danger[side][1]++;
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
                /* Along its file to the general's rank, along its rank
                 * to the general's file. */
                if (ksq && f != gf && r != gr) {
                    int a = XQ_SQ(f, gr), c = XQ_SQ(gf, r);
                    checks[0] += xq_reaches(b, side, a, r, fr, gr, false) &&
                                 xq_kline_chariot(&krank, f, b[a] != 0);
                    checks[0] += xq_reaches(b, side, c, f, rr, gf, false) &&
                                 xq_kline_chariot(&kfile, r, b[c] != 0);
                }
                ADD(XQ_T_CHARIOT_MOB, mob);
                ADD(XQ_T_CHARIOT_MOBT + mob, 1);
                /* The palace points its lines reach (the first piece included). */
                if (f >= 3 && f <= 5)
                    pal += xq_overlap(r - fr[0] - 1, r + fr[1] + 1, plo, phi) - (r >= plo && r <= phi);
                if (r >= plo && r <= phi)
                    pal += xq_overlap(f - rr[0] - 1, f + rr[1] + 1, 3, 5) - (f >= 3 && f <= 5);
                if (pal) ka_units[side] += 3 + pal, ka_n[side]++;
                attackers[side]++;
                if (crossed) danger[side][0]++;
                break;
            }
            case XQ_CANNON: {
                int f = XQ_FILE(sq), r = XQ_RANK(sq);
                const uint8_t *rr = im->rank_run[f][s->occ_rank[r]];
                const uint8_t *fr = im->file_run[r][s->occ_file[f]];
                mob = rr[0] + rr[1] + fr[0] + fr[1];
                if (ksq && f != gf && r != gr) {
                    int a = XQ_SQ(f, gr), c = XQ_SQ(gf, r);
                    checks[2] += xq_reaches(b, side, a, r, fr, gr, true) &&
                                 xq_kline_cannon(&krank, f);
                    checks[2] += xq_reaches(b, side, c, f, rr, gf, true) &&
                                 xq_kline_cannon(&kfile, r);
                }
                ADD(XQ_T_CANNON_MOB, mob);
                ADD(XQ_T_CANNON_MOBT + mob, 1);
                /* What each screen (the first piece on a line) exposes: a
                 * piece to take, and the points up to it, some of them
                 * perhaps in the palace. */
                for (int d = 0; d < 4; d++) {
                    bool on_rank = d < 2;
                    bool palace_line = on_rank ? r >= plo && r <= phi : f >= 3 && f <= 5;
                    if (!threats && !palace_line) continue;
                    int step = d == 0 ? -1 : d == 1 ? 1 : d == 2 ? -16 : 16;
                    int screen = sq + step * (1 + (on_rank ? rr[d] : fr[d - 2]));
                    if (b[screen] == XQ_OFF) continue;
                    int run = on_rank ? im->rank_run[XQ_FILE(screen)][s->occ_rank[r]][d]
                                      : im->file_run[XQ_RANK(screen)][s->occ_file[f]][d - 2];
                    if (palace_line) {
                        /* screen + 1 .. screen + run + 1 along the line */
                        int at = on_rank ? XQ_FILE(screen) : XQ_RANK(screen), dir = d & 1 ? 1 : -1;
                        int near = at + dir, far = at + dir * (run + 1);
                        int lo = near < far ? near : far, hi = near < far ? far : near;
                        pal += on_rank ? xq_overlap(lo, hi, 3, 5) : xq_overlap(lo, hi, plo, phi);
                    }
                    unsigned p = b[screen + step * (run + 1)];
                    if (threats && xq_enemy(p, side) &&
                        im->value[xq_slot_type[p & 15]] > im->value[XQ_CANNON])
                        hit[side] |= 1u << XQ_PIDX(p);
                }
                if (pal) ka_units[side] += 2 + pal, ka_n[side]++;
                ADD(XQ_T_IMBALANCE, heavy - 6);
                attackers[side]++;
                if (crossed) danger[side][2]++;
                if (ksq && gf == f) {
                    /* pieces strictly between the cannon and the general */
                    int lo = r < gr ? r : gr, hi = r < gr ? gr : r;
                    unsigned mid = s->occ_file[f] & ((1u << hi) - (2u << lo));
                    int between = __builtin_popcount(mid);
                    if (between == 0) ADD(XQ_T_HOLLOW_CANNON, 1);
                    else if (between == 1) ADD(XQ_T_SCREEN_CANNON, 1);
                }
                break;
            }
            default: /* soldiers: only crossed ones, not on the last rank, can mate */
                for (int d = 0; threats && d < (crossed ? 3 : 1); d++) {
                    unsigned p = b[sq + (d == 0 ? XQ_FWD(side) : d == 1 ? 1 : -1)];
                    if (xq_enemy(p, side) && im->value[xq_slot_type[p & 15]] > im->value[XQ_SOLDIER])
                        hit[side] |= 1u << XQ_PIDX(p);
                }
                pal = (im->sqf[sq + XQ_FWD(side)] & epal) != 0;
                if (crossed) pal += ((im->sqf[sq + 1] & epal) != 0) + ((im->sqf[sq - 1] & epal) != 0);
                if (pal) ka_units[side] += 1 + pal, ka_n[side]++;
                if (crossed && XQ_RANK(sq) != (side ? 0 : 9)) {
                    attackers[side]++;
                    danger[side][3]++;
                }
                break;
            }
            hits += pal;
        }
        ADD(XQ_T_PALACE_HITS, hits);
        for (int k = 0; k < 3; k++) ADD(XQ_T_CHECK_CHARIOT + k, checks[k]);
    }
    /* Every attacker that crossed the river threatens the general, the
     * more the fewer advisors and elephants are left (counting them from
     * five, not four, scored 40-31-29 at 30k nodes per move). */
    for (int side = 0; side < 2; side++) {
        int missing = 5 - defenders[1 - side];
        for (int k = 0; k < 4; k++) ADD(XQ_T_DANGER_CHARIOT + k, danger[side][k] * missing);
        /* Two or more pieces hitting the palace: the danger grows with
         * the square of their weight (by type, plus the points each
         * hits), and with missing defenders. */
        if (ka_n[side] >= 2) ADD(XQ_T_KING_ATTACK, ka_units[side] * ka_units[side] * (3 + missing) / 16);
    }
    /* The side to move can save one attacked piece, rarely two. */
    {
        int side = s->side, threatened = __builtin_popcount(hit[1 - side]);
        if (threatened == 1) ADD(XQ_T_THREAT_ONE, 1);
        else if (threatened > 1) ADD(XQ_T_THREAT_MORE, 1);
    }
    int m = XQ_MG(packed) + mg[0] - mg[1], e = XQ_EG(packed) + eg[0] - eg[1];
    if (tr) tr->phase = phase;
    return (m * phase + e * (XQ_PHASE_MAX - phase)) / XQ_PHASE_MAX;
}
#undef ADD

/* Red's score before tempo: a side without pieces that can mate cannot
 * win, so its lead is small. */
static int xq_red_score(const xq_impl *im, const xq_state *s, xq_trace *tr)
{
    int attackers[2];
    int red = xq_dynamic(im, s, s->score, attackers, tr);
    int div = (red > 0 && attackers[0] == 0) || (red < 0 && attackers[1] == 0) ? 8 : 1;
    if (tr) tr->scale_div = div;
    return red / div;
}

int xq_evaluate(const qp_rules *r, const void *sv)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    int red = xq_red_score(im, s, NULL);
    int v = (s->side ? -red : red) + im->tempo;
    /* Extreme eval.* values must not reach the mate band. */
    const int lim = QP_SCORE_MATE_BOUND - 1;
    return v > lim ? lim : v < -lim ? -lim : v;
}

int xq_eval_traced(const qp_rules *r, const void *sv, xq_trace *tr)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    memset(tr, 0, sizeof *tr);
    int material = 0;
    for (int i = 0; i < 32; i++) {
        int sq = s->pos[i];
        if (!sq) continue;
        int t = xq_slot_type[i & 15], side = i >> 4;
        int own_r = side ? 9 - XQ_RANK(sq) : XQ_RANK(sq), own_f = side ? 8 - XQ_FILE(sq) : XQ_FILE(sq);
        int v = xq_base_value(im, t, own_r);
        tr->count[XQ_PST_INDEX(t, own_f, own_r)] += side ? -1 : 1;
        material += side ? -v : v;
    }
    tr->material = material;
    return xq_red_score(im, s, tr);
}

double xq_trace_value(const xq_trace *tr, const double (*w)[2])
{
    double mg = tr->material, eg = tr->material;
    for (int k = 0; k < XQ_NTERMS; k++) {
        if (!tr->count[k]) continue;
        mg += w[k][0] * tr->count[k];
        eg += w[k][1] * tr->count[k];
    }
    return (mg * tr->phase + eg * (XQ_PHASE_MAX - tr->phase)) / XQ_PHASE_MAX / tr->scale_div;
}

/* What a capture wins, or (negative) loses when the capturer is worth
 * more than its victim and is taken back: a one-recapture estimate. */
static int xq_capture_gain(const xq_impl *im, const xq_state *s, int from, int to)
{
    unsigned c = s->board[to], p = s->board[from];
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
    return vv;
}

int xq_see(const qp_rules *r, const void *sv, qp_move m)
{
    const xq_state *s = sv;
    int to = XQ_TO(m);
    return s->board[to] ? xq_capture_gain(r->impl, s, XQ_FROM(m), to) : 0;
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
    int gain = xq_capture_gain(im, s, from, to);
    if (gain < 0) return gain;
    int attacker = xq_slot_type[s->board[from] & 15];
    return 1000000 + gain * 64 - im->value[attacker] / 16 - (attacker == XQ_KING ? 0 : 1);
}
