/*
 * blk_fly.c — captures that take their pieces when the chain ends
 * (rules.jump.remove = "after"): international draughts' flying kings,
 * men that capture backward, the Turkish-strike rule, captures told apart
 * by the pieces they take, and squares named by number (32-28, 19x30).
 *
 * Contract:
 *  - A jumped piece stays on its point until the chain ends: it blocks
 *    the way and is never jumped twice.  The point the piece left is
 *    empty for the whole chain, and a chain may cross or land on the same
 *    empty point more than once.
 *  - A piece with BLK_FLYJUMP takes an enemy any distance away on a line
 *    of its jump directions (the points between empty) and lands on any
 *    empty point beyond it; others jump an adjacent enemy to the point
 *    just beyond.  jump_mask[code] holds the directions (forward pieces in
 *    jump_back jump backward too).
 *  - A move is a set capture (blk.h): from, to and the taken points.  Two
 *    routes taking the same pieces from the same point to the same point
 *    are one move (the list is deduplicated); with jump_most only the
 *    captures taking the most pieces stay (counted by the set, not capped).
 *  - A piece passing its promotion zone mid-chain goes on as it was
 *    (unless promote_ends_chain); blk_make promotes where the move ends.
 *  - Texts: with numbers, the points are numbered 1..N from the top left
 *    as the first side sees the board, row by row (draughts' numbering);
 *    a step is "32-28", a capture "19x30", and "19x24x30" with every
 *    landing when another capture goes from 19 to 30 too.  Without
 *    numbers, coordinates as elsewhere: "c3d4", a capture every landing
 *    ("c3e5g7").  The parser reads both forms of a capture.
 */
#include "blk_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline qp_move enc(int from, int to)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10);
}

int blk_fly_prepare(blk_game *g, char *err, size_t errn)
{
    bool flying = false;
    for (int c = 1; c <= g->ncodes; c++) {
        flying |= (g->move[c] & BLK_FLYJUMP) != 0;   /* the reader sets BLK_JUMP with it */
        unsigned all = 0;
        for (int d = 0; d < QP_NDIRS; d++)
            if (blk_dir_ok(g->move_dirs, d)) all |= 1u << d;
        g->jump_mask[c] = (uint8_t)(g->jump_back[c] ? all : g->dir_mask[c]);
    }
    memset(g->jset_bit, -1, sizeof g->jset_bit);
    g->njset = 0;
    if (flying && !g->jump_after) {
        snprintf(err, errn, "rules.jump: a \"flying jump\" needs remove = \"after\"");
        return -1;
    }
    if (g->numbers && !g->jump_after) {
        snprintf(err, errn, "rules.notation: \"numbers\" is for games whose jumps remove = \"after\" (draughts)");
        return -1;
    }
    if (g->jump_after) {
        if (g->jump_over_own || g->nsides != 2) {
            snprintf(err, errn, "rules.jump: remove = \"after\" needs two sides jumping enemy pieces");
            return -1;
        }
        /* a piece can be taken only where a line passes through it */
        for (int sq = 0; sq < g->n; sq++) {
            bool through = false;
            for (int d = 0; d < QP_NDIRS && !through; d++)
                through = blk_dir_ok(g->move_dirs, d) && g->geom.nb[sq][d] >= 0 && g->geom.nb[sq][blk_back(d)] >= 0;
            if (!through || g->hole[sq]) continue;
            if (g->njset == BLK_JSET_MAX) {
                snprintf(err, errn, "rules.jump: remove = \"after\" allows at most %d points a jump can take",
                         BLK_JSET_MAX);
                return -1;
            }
            g->jset_bit[sq] = (int8_t)g->njset;
            g->jset_sq[g->njset++] = (int16_t)sq;
        }
    }
    g->nnum = 0;
    memset(g->num_of, 0, sizeof g->num_of);
    if (g->numbers)
        for (int r = g->geom.h - 1; r >= 0; r--)
            for (int f = 0; f < g->geom.w; f++) {
                int sq = r * g->geom.w + f;
                if (g->hole[sq]) continue;
                g->num_of[sq] = (int16_t)++g->nnum;
                g->sq_of_num[g->nnum] = (int16_t)sq;
            }
    return 0;
}

/* ---- generation ----------------------------------------------------------- */

typedef struct fly_ctx {
    const blk_game *g;
    const int8_t *c;
    int side, from, code;
    bool flying;
    unsigned mask;
    qp_move *out;
    int n, cap;                   /* moves written, room at out */
    bool stop;
    /* route search (fly_route): the set to take, or the landings to follow */
    uint64_t want;
    const int *land;
    int nland;
    int path[BLK_JSET_MAX + 1];   /* the landings found, path[1..] */
    int over[BLK_JSET_MAX + 1];   /* the piece taken before each landing */
} fly_ctx;

#define EMPTY(j, t) ((t) == (j)->from || !(j)->c[t])

/* The enemy a jump from at in direction d takes (one not in set) and the
 * first landing beyond it; false when there is none. */
static bool first_hop(const fly_ctx *j, int at, int d, uint64_t set, int *over, int *land)
{
    const blk_game *g = j->g;
    int t = g->geom.nb[at][d];
    if (j->flying)
        while (t >= 0 && EMPTY(j, t)) t = g->geom.nb[t][d];
    if (t < 0 || EMPTY(j, t)) return false;
    int v = j->c[t], b = g->jset_bit[t];
    if (g->side_of[v] == j->side || g->side_of[v] == BLK_NEUTRAL || b < 0 || (set >> b & 1)) return false;
    int l = g->geom.nb[t][d];
    if (l < 0 || !EMPTY(j, l)) return false;
    *over = t;
    *land = l;
    return true;
}

static bool goes_on(const fly_ctx *j, int land)
{
    const blk_game *g = j->g;
    return g->chain != BLK_CHAIN_NONE && !(g->promote_ends_chain && blk_lands_as(g, j->code, land) != j->code);
}

/* Captures from at having taken set (k pieces); returns how many hops
 * exist from at (0: the chain ends there). */
static int fly_from(fly_ctx *j, int at, int k, uint64_t set)
{
    const blk_game *g = j->g;
    int found = 0;
    for (int i = 0; i < g->ndir[at]; i++) {
        int d = g->dir[at][i], over, land;
        if (!(j->mask >> d & 1) || !first_hop(j, at, d, set, &over, &land)) continue;
        uint64_t nset = set | (uint64_t)1 << g->jset_bit[over];
        for (; land >= 0 && EMPTY(j, land); land = j->flying ? g->geom.nb[land][d] : -1) {
            found++;
            int sub = goes_on(j, land) ? fly_from(j, land, k + 1, nset) : 0;
            if ((sub == 0 || g->chain == BLK_CHAIN_OPTIONAL) && j->n < j->cap)
                j->out[j->n++] = enc(j->from, land) | (qp_move)(k + 1 > 15 ? 15 : k + 1) << 20 | nset << 24;
            /* a full list (routes of a contrived position) ends the search too */
            if ((j->stop && j->n) || j->n >= j->cap) return found;
        }
    }
    return found;
}

static void fly_init(fly_ctx *j, const blk_game *g, const void *s, int from)
{
    /* not the route arrays: this runs per piece per generation */
    j->out = NULL;
    j->n = j->cap = 0;
    j->stop = false;
    j->want = 0;
    j->land = NULL;
    j->nland = 0;
    j->g = g;
    j->c = blk_ccells(g, s);
    j->from = from;
    j->code = j->c[from];
    j->side = g->side_of[j->code];
    j->flying = (g->move[j->code] & BLK_FLYJUMP) != 0;
    j->mask = g->jump_mask[j->code];
}

static int cmp_move(const void *a, const void *b)
{
    qp_move x = *(const qp_move *)a, y = *(const qp_move *)b;
    return x < y ? -1 : x > y;
}

/* The captures of side, all of them (most false) or only those taking the
 * most pieces. */
static int fly_all(const blk_game *g, const void *s, int side, const int16_t *own, int nown, qp_move *out,
                   bool stop_at_one, bool most)
{
    const int8_t *c = blk_ccells(g, s);
    int n = 0;
    for (int k = 0; k < nown && n < QP_MAX_MOVES; k++) {
        int sq = own[k], code = c[sq];
        if (!(g->move[code] & BLK_JUMP) || g->side_of[code] != side) continue;
        if (!(g->move[code] & BLK_FLYJUMP)) {
            /* most pieces most of the time have nothing to take: look
             * before setting up the search */
            bool any = false;
            for (int i = 0; i < g->ndir[sq] && !any; i++) {
                int d = g->dir[sq][i], t = g->geom.nb[sq][d];
                if (!(g->jump_mask[code] >> d & 1) || t < 0 || !c[t] || g->side_of[c[t]] != 1 - side) continue;
                int l = g->geom.nb[t][d];
                any = l >= 0 && !c[l];
            }
            if (!any) continue;
        }
        fly_ctx j;
        fly_init(&j, g, s, sq);
        j.out = out + n;
        j.cap = QP_MAX_MOVES - n;
        j.stop = stop_at_one;
        fly_from(&j, sq, 0, 0);
        n += j.n;
        if (stop_at_one && n) return 1;
    }
    if (n > 1) {
        qsort(out, (size_t)n, sizeof *out, cmp_move);
        int k = 1;
        for (int i = 1; i < n; i++)
            if (out[i] != out[k - 1]) out[k++] = out[i];
        n = k;
    }
    if (most && n > 1) {
        int best = 0;
        for (int i = 0; i < n; i++)
            if (__builtin_popcountll(blk_jset(out[i])) > best) best = __builtin_popcountll(blk_jset(out[i]));
        int k = 0;
        for (int i = 0; i < n; i++)
            if (__builtin_popcountll(blk_jset(out[i])) == best) out[k++] = out[i];
        n = k;
    }
    return n;
}

int blk_fly_jumps(const blk_game *g, const void *s, int side, const int16_t *own, int nown, qp_move *out,
                  bool stop_at_one)
{
    return fly_all(g, s, side, own, nown, out, stop_at_one, g->jump_most);
}

void blk_fly_take(const blk_game *g, void *s, qp_move m)
{
    blk_aux *a = blk_ax(g, s);
    const int8_t *c = blk_cells(g, s);
    for (uint64_t set = blk_jset(m); set; set &= set - 1) {
        int sq = g->jset_sq[__builtin_ctzll(set)], taken = c[sq];
        if (!taken) continue;
        blk_put(g, s, sq, 0);
        a->count[g->side_of[taken]]--;
        if (g->capture_win) a->captured[1 - g->side_of[taken]]++;
    }
}

/* ---- routes ----------------------------------------------------------------- */

/* A route of the capture from j->from: taking exactly j->want and ending
 * on `to` (nland == 0), or through the landings j->land in order.  Fills
 * j->path[1..] with the landings; returns their count, 0 if none. */
static int fly_route(fly_ctx *j, int at, int k, uint64_t set, int to)
{
    const blk_game *g = j->g;
    for (int i = 0; i < g->ndir[at]; i++) {
        int d = g->dir[at][i], over, land;
        if (!(j->mask >> d & 1) || !first_hop(j, at, d, set, &over, &land)) continue;
        int b = g->jset_bit[over];
        if (!j->nland && !(j->want >> b & 1)) continue;
        uint64_t nset = set | (uint64_t)1 << b;
        for (; land >= 0 && EMPTY(j, land); land = j->flying ? g->geom.nb[land][d] : -1) {
            if (j->nland && (k >= j->nland || land != j->land[k])) continue;
            j->path[k + 1] = land;
            j->over[k + 1] = over;
            bool done = j->nland ? k + 1 == j->nland : nset == j->want && land == to;
            if (done) return k + 1;
            if (k + 1 < BLK_JSET_MAX && goes_on(j, land)) {
                int r = fly_route(j, land, k + 1, nset, to);
                if (r) return r;
            }
        }
    }
    return 0;
}

/* The landings of capture m in s into path (path[0] the from point), their
 * count + 1; 0 when s has no such route. */
static int route_of(const blk_game *g, const void *s, qp_move m, int *path)
{
    fly_ctx j;
    fly_init(&j, g, s, blk_from(m));
    if (!j.code) return 0;
    j.want = blk_jset(m);
    int k = fly_route(&j, j.from, 0, 0, blk_to(m));
    if (!k) return 0;
    j.path[0] = j.from;
    memcpy(path, j.path, sizeof(int) * (size_t)(k + 1));
    return k + 1;
}

/* ---- texts ------------------------------------------------------------------- */

void blk_point_name(const blk_game *g, int sq, char *buf)
{
    if (g->numbers) snprintf(buf, 8, "%d", g->num_of[sq]);
    else qp_sq_name(&g->geom, sq, buf);
}

/* Whether another legal capture of s goes from m's from to m's to. */
static bool twin(const blk_game *g, const void *s, qp_move m)
{
    qp_move mv[QP_MAX_MOVES];
    int n = blk_gen(g, s, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++)
        if (mv[i] != m && blk_hops(mv[i]) && blk_from(mv[i]) == blk_from(m) && blk_to(mv[i]) == blk_to(m))
            return true;
    return false;
}

/* The text of capture m through path[0..k), or from-to when k is 0. */
static void capture_text(const blk_game *g, qp_move m, const int *path, int k, char *buf, size_t n)
{
    char t[8 * (BLK_JSET_MAX + 2)] = "", nm[8];
    size_t len = 0;
    int pts[BLK_JSET_MAX + 2], np = 0;
    if (k) {
        for (int i = 0; i < k; i++) pts[np++] = path[i];
    } else {
        pts[np++] = blk_from(m);
        pts[np++] = blk_to(m);
    }
    for (int i = 0; i < np; i++) {
        blk_point_name(g, pts[i], nm);
        len += (size_t)snprintf(t + len, sizeof t - len, "%s%s", i && g->numbers ? "x" : "", nm);
    }
    snprintf(buf, n, "%s", t);
}

void blk_fly_text(const blk_game *g, const void *s, qp_move m, char *buf, size_t n)
{
    if (!g->jump_after || m == BLK_PASS || m == BLK_SWAP || blk_from(m) < 0) {
        blk_move_text(g, m, buf, n);
        return;
    }
    char a[8], b[8];
    if (!blk_hops(m)) {
        if (!g->numbers) {
            blk_move_text(g, m, buf, n);
            return;
        }
        blk_point_name(g, blk_from(m), a);
        blk_point_name(g, blk_to(m), b);
        snprintf(buf, n, "%s-%s", a, b);
        return;
    }
    int path[BLK_JSET_MAX + 2], k = 0;
    /* every landing in coordinates; by number only to tell two apart */
    if (s && (!g->numbers || twin(g, s, m))) k = route_of(g, s, m, path);
    capture_text(g, m, path, k, buf, n);
}

int blk_fly_squares(const blk_game *g, const void *s, qp_move m, int *sq, int max)
{
    if (!g->jump_after || m == BLK_PASS || m == BLK_SWAP || !blk_hops(m)) return blk_move_squares(g, m, sq, max);
    int path[BLK_JSET_MAX + 2];
    int k = s ? route_of(g, s, m, path) : 0;
    if (!k) {
        path[k++] = blk_from(m);
        path[k++] = blk_to(m);
    }
    int i = 0;
    for (; i < k && i < max; i++) sq[i] = path[i];
    return i;
}

int blk_fly_effects(const blk_game *g, const void *s, qp_move m, int *sq, int max)
{
    if (!g->jump_after || m == BLK_PASS || m == BLK_SWAP || !blk_hops(m)) return blk_move_effects(g, s, m, sq, max);
    int k = 0;
    for (uint64_t set = blk_jset(m); set && k < max; set &= set - 1) sq[k++] = g->jset_sq[__builtin_ctzll(set)];
    return k;
}

/* ---- reading ----------------------------------------------------------------- */

/* Reads points from text: numbers joined by '-' or 'x', or coordinates
 * (optionally joined so).  Returns the count; -1 for an unreadable text,
 * -2 for a number no square has (bad names it).  *capture: an 'x' joins
 * them. */
static int read_points(const blk_game *g, const char *text, int *sq, int max, bool *capture, char *bad, size_t badn)
{
    int k = 0;
    const char *p = text;
    *capture = false;
    while (*p) {
        if (k) {
            if (*p == 'x') *capture = true, p++;
            else if (*p == '-') p++;
            else if (g->numbers) goto fail;
        }
        if (k >= max) goto fail;
        if (g->numbers) {
            if (!isdigit((unsigned char)*p)) goto fail;
            char *end;
            long v = strtol(p, &end, 10);
            if (v < 1 || v > g->nnum) {
                snprintf(bad, badn, "%.*s", (int)(end - p), p);
                return -2;
            }
            sq[k++] = g->sq_of_num[v];
            p = end;
        } else {
            int used = qp_sq_parse(&g->geom, p, &sq[k]);
            if (!used) goto fail;
            k++;
            p += used;
        }
    }
    return k;
fail:
    return -1;
}

int blk_fly_parse(const blk_game *g, const void *s, const char *text, qp_move *m, char *err, size_t errn)
{
    char want[QP_MOVE_TEXT * 4], bad[QP_MOVE_TEXT * 4], nm[8], nm2[8];
    size_t len = strlen(text);
    if (len >= sizeof want) {
        snprintf(err, errn, "'%.20s…' is not a move", text);
        return -1;
    }
    for (size_t i = 0; i <= len; i++) want[i] = (char)tolower((unsigned char)text[i]);
    int sq[BLK_JSET_MAX + 2];
    bool capture;
    int k = read_points(g, want, sq, BLK_JSET_MAX + 2, &capture, bad, sizeof bad);
    if (k == -2) {
        snprintf(err, errn, "%s: no square %s (the squares are 1-%d)", text, bad, g->nnum);
        return -1;
    }
    if (k < 2) {
        snprintf(err, errn, g->numbers ? "bad move text '%s' (a move is from-to, as 32-28, or 19x30)"
                                       : "bad move text '%s'", text);
        return -1;
    }
    for (int i = 0; i < k; i++)
        if (g->hole[sq[i]]) {
            qp_sq_name(&g->geom, sq[i], nm);
            snprintf(err, errn, "%s is not on the board", nm);
            return -1;
        }
    int from = sq[0], to = sq[k - 1];
    /* a route given: the pieces it takes */
    uint64_t set = 0;
    bool routed = k > 2;
    const int8_t *c = blk_ccells(g, s);
    int side = blk_side(s);
    if (routed && c[from] && g->side_of[c[from]] == side) {
        fly_ctx j;
        fly_init(&j, g, s, from);
        j.land = sq + 1;
        j.nland = k - 1;
        if (fly_route(&j, from, 0, 0, to))
            for (int i = 1; i < k; i++) set |= (uint64_t)1 << g->jset_bit[j.over[i]];
        else
            set = ~(uint64_t)0;   /* no such route: matches nothing */
    }
    qp_move mv[QP_MAX_MOVES];
    int n = blk_gen(g, s, mv, QP_GEN_ALL), found = -1, twins = 0;
    for (int i = 0; i < n; i++) {
        if (mv[i] == BLK_PASS || mv[i] == BLK_SWAP || blk_from(mv[i]) != from || blk_to(mv[i]) != to) continue;
        if (!blk_hops(mv[i])) {
            if (k == 2 && !capture) found = i, twins = 1;
            continue;
        }
        if (g->numbers && k == 2 && !capture) continue;   /* a capture is written with 'x' */
        if (routed ? blk_jset(mv[i]) == set : true) {
            if (found < 0) found = i;
            twins++;
        }
    }
    if (found >= 0 && twins == 1) {
        *m = mv[found];
        return 0;
    }
    if (found >= 0) {
        int path[BLK_JSET_MAX + 2], np;
        char a[QP_MOVE_TEXT * 2] = "", b[QP_MOVE_TEXT * 2] = "";
        for (int i = 0, w = 0; i < n && w < 2; i++)
            if (blk_hops(mv[i]) && blk_from(mv[i]) == from && blk_to(mv[i]) == to) {
                np = route_of(g, s, mv[i], path);
                capture_text(g, mv[i], path, np, w ? b : a, sizeof a);
                w++;
            }
        snprintf(err, errn, "%s is ambiguous: give every landing (%s or %s)", text, a, b);
        return -1;
    }
    if (!n) {
        snprintf(err, errn, "no legal moves");
        return -1;
    }
    blk_point_name(g, from, nm);
    blk_point_name(g, to, nm2);
    if (!c[from]) {
        snprintf(err, errn, "%s is empty", nm);
        return -1;
    }
    if (g->side_of[c[from]] != side) {
        snprintf(err, errn, "%s is not your piece", nm);
        return -1;
    }
    if (c[to] && to != from) {
        snprintf(err, errn, "%s is occupied", nm2);
        return -1;
    }
    bool must = g->jump_forced && blk_hops(mv[0]);
    if (must && g->jump_most) {
        /* the same text among all captures: it takes too few */
        int16_t own[QP_MAX_POINTS];
        int nown = 0;
        for (int p = 0; p < g->n; p++)
            if (c[p] && g->side_of[c[p]] == side) own[nown++] = (int16_t)p;
        qp_move all[QP_MAX_MOVES];
        int na = fly_all(g, s, side, own, nown, all, false, false);
        for (int i = 0; i < na; i++)
            if (blk_from(all[i]) == from && blk_to(all[i]) == to && (!routed || blk_jset(all[i]) == set)) {
                snprintf(err, errn, "%s: a capture must take the most pieces (%d)", text,
                         __builtin_popcountll(blk_jset(mv[0])));
                return -1;
            }
    }
    if (must && !capture && !routed) {   /* a step */
        snprintf(err, errn, "a capture is available and must be taken");
        return -1;
    }
    snprintf(err, errn, "%s: that piece cannot move so", text);
    return -1;
}
