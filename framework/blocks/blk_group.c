/*
 * blk_group.c — groups of stones: capture by surrounding, suicide, the
 * pass that is always legal, the end after passes in a row, and the area
 * score (the rules of Go, as blocks any placing game may use).
 *
 * Contract:
 *  - A group is a maximal set of one side's pieces connected along the
 *    placement directions (rules.place.directions: on a plain grid the
 *    orthogonal links); its liberties are the empty points linked to it.
 *  - With group_capture, a placement first removes every enemy group it
 *    leaves without a liberty (blk_group_take_after_move does the same
 *    after a move, along the movement links: rules.capture = "surround"); then, if its own group has none, the
 *    placement is suicide: illegal, or with group_suicide the group is
 *    removed (a lone stone's suicide changes nothing and is no move).
 *  - aux.passes counts the passes just made in a row (a placement resets
 *    it); it is part of the hash (z_pass, through blk_hands_key) and of
 *    the FEN ("~N" after the board).  pass_end passes in a row end the
 *    game; with score_area it is scored: each side's stones plus the
 *    empty regions whose linked points are that side's stones only, the
 *    second side adding komi2 / 2.
 *  - Nothing here allocates: floods use stacks and marks on the C stack,
 *    at most QP_MAX_POINTS each, and stop at the first liberty found (at
 *    the second when listing every placement: each group is counted once
 *    per generation, blk_group_placements).
 * Positional superko is a history rule: the game layer, search and perft
 * enforce it (ruleset.h, qp_draw_rules.superko); the Lua adapter's board
 * key leaves the passes out.
 */
#include "blk_group.h"

#include <stdio.h>
#include <string.h>

#include "blk_internal.h"
#include "eye.h"
#include "splitmix.h"

void blk_group_prepare(blk_game *g)
{
    uint64_t seed = 0x70617373ull;   /* fixed: hashes agree across runs */
    g->z_pass[0] = 0;
    for (int k = 1; k < 4; k++) g->z_pass[k] = qp_splitmix64(&seed);
    if ((g->score_area || g->pass_end) && !g->score_reason[0])
        snprintf(g->score_reason, BLK_REASON, "%s", g->score_area ? "area score" : "both passed");
}

uint64_t blk_group_key(const blk_game *g, const void *s)
{
    int p = blk_cax(g, s)->passes;
    return g->z_pass[p > 3 ? 3 : p];
}

/* Removes the piece on sq, keeping hash, bitboards and counts. */
static void take(const blk_game *g, void *s, int sq)
{
    blk_aux *a = blk_ax(g, s);
    int side = g->side_of[blk_ccells(g, s)[sq]];
    blk_put(g, s, sq, 0);   /* hash, and the bitboards on every board of ≤ 64 points */
    a->count[side]--;
    if (g->capture_win && g->nsides == 2) a->captured[1 - side]++;
}

/* Floods the group through sq (a piece of side), marking it id in seen
 * and listing it in stack; stops at the first liberty other than `except`.
 * Returns true when it found one (the list is then partial).  A stone an
 * earlier flood marked (another id) belongs to a group that flood left
 * because it had a liberty (a group without one is all marked and gone
 * or reported): so has this one. */
/* The links groups connect along: the placement directions (Go), or the
 * movement directions for captures after a move (rules.capture). */
typedef struct {
    const int *n;
    const int8_t (*d)[QP_NDIRS];
} group_links;

static group_links links_of(const blk_game *g, bool moves)
{
    return moves ? (group_links){g->ndir, g->dir} : (group_links){g->npdir, g->pdir};
}

static bool flood_liberty(const blk_game *g, group_links L, const int8_t *c, int sq, int side, int except,
                          uint8_t *seen, uint8_t id, int16_t *stack, int *len)
{
    int n = 0;
    stack[n++] = (int16_t)sq;
    seen[sq] = id;
    for (int i = 0; i < n; i++) {
        int at = stack[i];
        const int16_t *nb = g->geom.nb[at];
        for (int k = 0; k < L.n[at]; k++) {
            int t = nb[L.d[at][k]];
            int v = c[t];
            if (!v) {
                if (t != except) goto liberty;
                continue;
            }
            if (g->side_of[v] != side || seen[t] == id) continue;
            if (seen[t]) goto liberty;
            seen[t] = id;
            stack[n++] = (int16_t)t;
        }
    }
    *len = n;
    return false;
liberty:
    *len = n;
    return true;
}

bool blk_group_may_place(const blk_game *g, const void *s, int sq, int side)
{
    const int8_t *c = blk_ccells(g, s);
    const int16_t *nb = g->geom.nb[sq];
    for (int k = 0; k < g->npdir[sq]; k++)
        if (!c[nb[g->pdir[sq][k]]]) return true;   /* the usual case: a liberty of its own */
    uint8_t seen[QP_MAX_POINTS];
    int16_t stack[QP_MAX_POINTS];
    memset(seen, 0, (size_t)g->n);
    bool own = false;
    for (int k = 0; k < g->npdir[sq]; k++) {
        int t = nb[g->pdir[sq][k]], len;
        if (seen[t]) continue;                  /* a group looked at already */
        bool mine = g->side_of[c[t]] == side;
        bool lib = flood_liberty(g, links_of(g, false), c, t, g->side_of[c[t]], sq, seen, (uint8_t)(k + 1), stack, &len);
        if (mine && lib) return true;           /* joins a group with another liberty */
        if (!mine && !lib) return true;         /* takes an enemy group */
        own |= mine;
    }
    return g->group_suicide && own;             /* a lone stone's suicide changes nothing */
}

/* The liberties of the group through sq, counted up to 2 (the flood stops
 * at the second); every stone it reaches gets that count in libs, so no
 * stone is flooded twice in one generation: a flood that meets a stone an
 * earlier one counted is in a group that had two.  mark: a flood's id on
 * the empty points it counted. */
static int count_liberties(const blk_game *g, const int8_t *c, int sq, uint8_t *libs, int16_t *mark, int16_t flood)
{
    int16_t stack[QP_MAX_POINTS];
    int who = g->side_of[c[sq]], len = 0, n = 0;
    stack[len++] = (int16_t)sq;
    libs[sq] = 3;   /* on the stack */
    for (int i = 0; i < len && n < 2; i++) {
        int at = stack[i];
        for (int k = 0; k < g->npdir[at] && n < 2; k++) {
            int t = g->geom.nb[at][g->pdir[at][k]];
            if (!c[t]) {
                if (mark[t] != flood) mark[t] = flood, n++;
            } else if (g->side_of[c[t]] == who && libs[t] != 3) {
                if (libs[t]) {   /* an earlier flood of this group stopped at its second liberty */
                    n = 2;
                    break;
                }
                libs[t] = 3;
                stack[len++] = (int16_t)t;
            }
        }
    }
    for (int i = 0; i < len; i++) libs[stack[i]] = (uint8_t)(n ? n : 4);   /* 4: none (a suicide left it so) */
    return n;
}

int blk_group_placements(const blk_game *g, const void *s, int side, qp_move *out)
{
    const int8_t *c = blk_ccells(g, s);
    uint8_t libs[QP_MAX_POINTS];   /* a stone's group: 0 not counted yet, 1 or 2 (or more) liberties, 4 none */
    int16_t mark[QP_MAX_POINTS];
    bool fresh = false;
    int16_t floods = 0;
    int n = 0;
    for (int sq = 0; sq < g->n; sq++) {
        if (c[sq] || g->hole[sq]) continue;
        const int16_t *nb = g->geom.nb[sq];
        bool legal = false, own = false;
        for (int k = 0; k < g->npdir[sq] && !legal; k++) legal = !c[nb[g->pdir[sq][k]]];   /* the usual case */
        if (!legal && !fresh) {
            memset(libs, 0, (size_t)g->n);
            memset(mark, 0, (size_t)g->n * sizeof *mark);
            fresh = true;
        }
        /* sq is a liberty of every group beside it: an own group keeps
         * another when it has two, an enemy group with one is taken */
        for (int k = 0; k < g->npdir[sq] && !legal; k++) {
            int t = nb[g->pdir[sq][k]];
            int l = libs[t] ? libs[t] : count_liberties(g, c, t, libs, mark, ++floods);
            bool mine = g->side_of[c[t]] == side;
            legal = mine ? l == 2 : l == 1;
            own |= mine;
        }
        if (legal || (g->group_suicide && own)) out[n++] = (qp_move)(sq + 1);
    }
    return n;
}

/* Removes the enemy groups linked to sq that have no liberty; how many
 * pieces went. */
static int take_enemies(const blk_game *g, group_links L, void *s, int sq, int side, uint8_t *seen, int16_t *stack)
{
    const int8_t *c = blk_ccells(g, s);
    const int16_t *nb = g->geom.nb[sq];
    int taken = 0;
    memset(seen, 0, (size_t)g->n);
    for (int k = 0; k < L.n[sq]; k++) {
        int t = nb[L.d[sq][k]], len;
        if (!c[t] || seen[t] || g->side_of[c[t]] != 1 - side) continue;
        if (!flood_liberty(g, L, c, t, 1 - side, -1, seen, (uint8_t)(k + 1), stack, &len)) {
            for (int i = 0; i < len; i++) take(g, s, stack[i]);
            taken += len;
        }
    }
    return taken;
}

void blk_group_place(const blk_game *g, void *s, int sq, int side)
{
    int8_t *c = blk_cells(g, s);
    if (blk_ax(g, s)->passes) {
        *(uint64_t *)s ^= blk_group_key(g, s);
        blk_ax(g, s)->passes = 0;
    }
    const int16_t *nb = g->geom.nb[sq];
    uint8_t seen[QP_MAX_POINTS];
    int16_t stack[QP_MAX_POINTS];
    bool crowded = false;
    for (int k = 0; k < g->npdir[sq]; k++) {
        int t = nb[g->pdir[sq][k]];
        if (c[t] && g->side_of[c[t]] != side) crowded = true;
    }
    if (!crowded) {
        /* no enemy neighbour: no capture; suicide needs every neighbour full */
        for (int k = 0; k < g->npdir[sq]; k++)
            if (!c[nb[g->pdir[sq][k]]]) return;
    }
    take_enemies(g, links_of(g, false), s, sq, side, seen, stack);
    int len;
    memset(seen, 0, (size_t)g->n);
    if (!flood_liberty(g, links_of(g, false), c, sq, side, -1, seen, 1, stack, &len))
        for (int i = 0; i < len; i++) take(g, s, stack[i]);   /* suicide, when the rules allow it */
}

int blk_group_take_after_move(const blk_game *g, void *s, int sq, int side)
{
    uint8_t seen[QP_MAX_POINTS];
    int16_t stack[QP_MAX_POINTS];
    return take_enemies(g, links_of(g, true), s, sq, side, seen, stack);
}

void blk_group_pass(const blk_game *g, void *s)
{
    blk_aux *a = blk_ax(g, s);
    *(uint64_t *)s ^= blk_group_key(g, s);
    if (a->passes < 100) a->passes++;
    *(uint64_t *)s ^= blk_group_key(g, s);
}

void blk_group_score(const blk_game *g, const void *s, int score[2])
{
    const int8_t *c = blk_ccells(g, s);
    uint8_t seen[QP_MAX_POINTS];
    int16_t stack[QP_MAX_POINTS];
    memset(seen, 0, (size_t)g->n);
    score[0] = score[1] = 0;
    for (int sq = 0; sq < g->n; sq++) {
        if (g->hole[sq]) continue;
        if (c[sq]) {
            score[g->side_of[c[sq]]]++;
            continue;
        }
        if (seen[sq]) continue;
        /* an empty region and the sides bordering it */
        int n = 0, border = 0;
        stack[n++] = (int16_t)sq;
        seen[sq] = 1;
        for (int i = 0; i < n; i++) {
            int at = stack[i];
            for (int k = 0; k < g->npdir[at]; k++) {
                int t = g->geom.nb[at][g->pdir[at][k]];
                if (c[t]) border |= 1 << g->side_of[c[t]];
                else if (!seen[t]) seen[t] = 1, stack[n++] = (int16_t)t;
            }
        }
        if (border == 1 || border == 2) score[border - 1] += n;
    }
}

/* The liberties of the group through the stone on sq other than skip
 * (-1: none), added to lib (nl there already, kept distinct) until there
 * are two; the new count.  Its stones are marked id in seen; stack holds
 * the stones reached (*len), the whole group when the count stays below
 * two. */
static int group_libs(const blk_game *g, const int8_t *c, int sq, int skip, uint8_t *seen, uint8_t id,
                      int16_t *stack, int *len, int lib[2], int nl)
{
    int side = g->side_of[c[sq]], n = 0;
    stack[n++] = (int16_t)sq;
    seen[sq] = id;
    for (int i = 0; i < n && nl < 2; i++) {
        int at = stack[i];
        for (int k = 0; k < g->npdir[at]; k++) {
            int t = g->geom.nb[at][g->pdir[at][k]];
            if (!c[t]) {
                if (t == skip || g->hole[t] || (nl == 1 && lib[0] == t)) continue;
                lib[nl++] = t;
                if (nl == 2) break;
            } else if (g->side_of[c[t]] == side && seen[t] != id) {
                seen[t] = id;
                stack[n++] = (int16_t)t;
            }
        }
    }
    *len = n;
    return nl;
}

/* Whether taking the lone stone on p at its liberty l is a ko recapture:
 * every other point linked to l is p's side's, so the taker would stand
 * with p's point as its one liberty.  Playouts leave it, or every ko
 * would be fought to their ply cap. */
static bool ko_point(const blk_game *g, const int8_t *c, int l, int p)
{
    int side = g->side_of[c[p]];
    for (int k = 0; k < g->npdir[l]; k++) {
        int t = g->geom.nb[l][g->pdir[l][k]];
        if (t != p && (!c[t] || g->side_of[c[t]] != side)) return false;
    }
    return true;
}

/* Whether the stone on sq has two empty points beside it: its group then
 * has two liberties, without a flood. */
static bool roomy(const blk_game *g, const int8_t *c, int sq)
{
    int room = 0;
    for (int k = 0; k < g->npdir[sq]; k++) {
        int t = g->geom.nb[sq][g->pdir[sq][k]];
        if (!c[t] && !g->hole[t] && ++room == 2) return true;
    }
    return false;
}

static int add_urgent(qp_move *out, int n, int max, int sq)
{
    for (int i = 0; i < n; i++)
        if (out[i] == (qp_move)(sq + 1)) return n;
    if (n < max) out[n++] = (qp_move)(sq + 1);
    return n;
}

int blk_group_urgent(const blk_game *g, const void *s, qp_move last, qp_move *out, int max)
{
    if (!g->group_capture || blk_from(last) >= 0 || blk_hops(last)) return 0;   /* not a placement */
    int p = blk_to(last);
    const int8_t *c = blk_ccells(g, s);
    int side = blk_side(s);
    if (p < 0 || p >= g->n || !c[p] || g->side_of[c[p]] == side) return 0;
    uint8_t seen[QP_MAX_POINTS];
    int16_t own[QP_MAX_POINTS], foe[QP_MAX_POINTS];
    memset(seen, 0, (size_t)g->n);
    uint8_t id = 1;
    int n = 0, len, lib[2];
    if (!roomy(g, c, p) && group_libs(g, c, p, -1, seen, id, foe, &len, lib, 0) == 1 &&
        !(len == 1 && ko_point(g, c, lib[0], p)))
        n = add_urgent(out, n, max, lib[0]);
    const int16_t *nb = g->geom.nb[p];
    for (int k = 0; k < g->npdir[p]; k++) {
        int t = nb[g->pdir[p][k]];
        if (!c[t] || g->side_of[c[t]] != side || seen[t] || roomy(g, c, t)) continue;
        uint8_t mine = ++id;
        int olen;
        if (group_libs(g, c, t, -1, seen, mine, own, &olen, lib, 0) != 1) continue;
        int esc = lib[0];
        for (int i = 0; i < olen; i++)   /* enemy groups touching it, in atari too */
            for (int j = 0; j < g->npdir[own[i]]; j++) {
                int u = g->geom.nb[own[i]][g->pdir[own[i]][j]];
                if (!c[u] || g->side_of[c[u]] == side || seen[u]) continue;
                if (id == UINT8_MAX) return n;   /* marks used up: enough found */
                if (group_libs(g, c, u, -1, seen, ++id, foe, &len, lib, 0) == 1) n = add_urgent(out, n, max, lib[0]);
            }
        /* escape: the stone on esc would have two liberties, or join
         * another own group */
        int room = 0;
        bool joins = false;
        for (int j = 0; j < g->npdir[esc]; j++) {
            int u = g->geom.nb[esc][g->pdir[esc][j]];
            if (!c[u]) room += !g->hole[u];
            else if (g->side_of[c[u]] == side && seen[u] != mine) joins = true;
        }
        if (room >= 2 || (room == 1 && joins)) n = add_urgent(out, n, max, esc);
    }
    return n;
}

/* Whose piece is on q, for eye.h: 1 the mover's, -1 the enemy's, 0 none. */
typedef struct cell_view {
    const blk_game *g;
    const int8_t *c;
    int side;
} cell_view;

static int cell_owner(const void *ctx, int q)
{
    const cell_view *v = ctx;
    int code = v->c[q];
    return !code ? 0 : v->g->side_of[code] == v->side ? 1 : -1;
}

/* Whether placing on the empty point p fills a single-point eye of side
 * (eye.h). */
static bool fills_eye(const blk_game *g, const int8_t *c, int p, int side)
{
    cell_view v = {g, c, side};
    return qp_is_own_eye(&g->geom, g->hole, p, cell_owner, &v);
}

static uint32_t draw(uint64_t *rng, uint32_t n)
{
    return (uint32_t)(((qp_splitmix64(rng) >> 32) * (uint64_t)n) >> 32);
}

/* Whether a stone of side on the empty point sq would leave its group
 * with one liberty or none while taking nothing: a self-atari. */
static bool self_atari(const blk_game *g, const int8_t *c, int sq, int side)
{
    uint8_t seen[QP_MAX_POINTS];
    int16_t stack[QP_MAX_POINTS];
    memset(seen, 0, (size_t)g->n);
    int lib[2], nl = 0, len;
    uint8_t id = 0;
    for (int k = 0; k < g->npdir[sq]; k++) {
        int t = g->geom.nb[sq][g->pdir[sq][k]];
        if (g->hole[t] || seen[t]) continue;
        if (!c[t]) {
            if (!(nl == 1 && lib[0] == t)) lib[nl++] = t;
        } else if (g->side_of[c[t]] == side) {
            nl = group_libs(g, c, t, sq, seen, ++id, stack, &len, lib, nl);
        } else {
            int el[2];
            if (group_libs(g, c, t, sq, seen, ++id, stack, &len, el, 0) == 0) return false;   /* taken */
        }
        if (nl >= 2) return false;
    }
    return true;
}

/* A playout's shape move next to the placement `last`: an empty
 * neighbour (of the eight) whose neighbourhood matches one of the game's
 * shapes and that side may play without filling its eye or putting
 * itself in atari, drawn uniformly; -1 when there is none. */
static int shape_move(const blk_game *g, const void *s, const int8_t *c, qp_move last, int side, uint64_t *rng)
{
    if (last == QP_MOVE_NONE || last == BLK_PASS || blk_from(last) >= 0 || blk_hops(last)) return -1;
    int p = blk_to(last);
    if (p < 0 || p >= g->n) return -1;
    int cand[8], ring[8], k = 0;
    blk_shape_ring(&g->geom, g->hole, p, ring);
    for (int d = 0; d < 8; d++) {
        int q = ring[d];
        if (q < 0 || c[q]) continue;
        if (!blk_shape_match(&g->shapes, blk_shape_code(&g->geom, g->hole, c, g->side_of, q))) continue;
        if (fills_eye(g, c, q, side) || self_atari(g, c, q, side) || !blk_group_may_place(g, s, q, side)) continue;
        cand[k++] = q;
    }
    return k ? cand[draw(rng, (uint32_t)k)] : -1;
}

void blk_group_priors(const blk_game *g, const void *s, qp_move last, const qp_move *m, int n, int8_t *out)
{
    memset(out, 0, (size_t)n);
    if (!g->group_capture) return;
    const int8_t *c = blk_ccells(g, s);
    int side = blk_side(s);
    qp_move u[8];
    int nu = last != QP_MOVE_NONE ? blk_group_urgent(g, s, last, u, 8) : 0;
    bool placed = last != QP_MOVE_NONE && last != BLK_PASS && blk_from(last) < 0 && !blk_hops(last) &&
                  blk_to(last) >= 0 && blk_to(last) < g->n;
    int ring[8];
    if (placed) blk_shape_ring(&g->geom, g->hole, blk_to(last), ring);
    int lp = placed ? blk_to(last) : -1;
    for (int i = 0; i < n; i++) {
        if (m[i] == BLK_PASS) {   /* rarely right while points are left: the tree learns when */
            out[i] = -1;
            continue;
        }
        if (blk_from(m[i]) >= 0 || blk_hops(m[i])) continue;
        int sq = blk_to(m[i]);
        if (sq < 0 || sq >= g->n || c[sq]) continue;
        bool urgent = false;
        for (int k = 0; k < nu && !urgent; k++) urgent = u[k] == m[i];
        if (urgent) {
            out[i] = 2;
            continue;
        }
        if (self_atari(g, c, sq, side)) {
            out[i] = -1;
            continue;
        }
        int code = blk_shape_code(&g->geom, g->hole, c, g->side_of, sq);
        bool near = false;
        for (int d = 0; d < 8 && lp >= 0 && !near; d++) near = ring[d] == sq;
        if (near && g->shapes.count && blk_shape_match(&g->shapes, code)) {
            out[i] = 1;
            continue;
        }
        /* on the edge with nothing around: an off-board neighbour, the rest empty */
        bool edge = false, lonely = true;
        for (int k = 0; k < 8; k++) {
            int st = code >> (2 * k) & 3;
            if (st == 3) edge = true;
            else if (st != 0) lonely = false;
        }
        if (edge && lonely) out[i] = -1;
    }
}

int blk_group_playout_move(const blk_game *g, const void *s, qp_move last, unsigned flags, uint64_t *rng,
                           qp_move *out)
{
    if (g->place != BLK_PLACE_EMPTY || !g->group_capture || !g->pass_always || g->swap || g->nsides != 2 ||
        g->side_moves[0] || g->side_moves[1] || g->hand[0] >= 0 || g->hand[1] >= 0 ||
        !(flags & QP_PLAYOUT_AVOID_OWN_EYES))
        return -1;
    qp_outcome o;
    if (blk_decided(g, s, &o)) return 0;
    int side = blk_side(s);
    if (!g->place_code[side]) return -1;
    if (flags & QP_PLAYOUT_ATARI) {
        qp_move u[8];
        int nu = blk_group_urgent(g, s, last, u, 8), k = 0;
        for (int i = 0; i < nu; i++)
            if (blk_group_may_place(g, s, blk_to(u[i]), side)) u[k++] = u[i];
        if (k) {
            *out = u[draw(rng, (uint32_t)k)];
            return 1;
        }
    }
    const int8_t *c = blk_ccells(g, s);
    if ((flags & QP_PLAYOUT_PATTERNS) && g->shapes.count) {
        int sq = shape_move(g, s, c, last, side, rng);
        if (sq >= 0) {
            *out = (qp_move)(sq + 1);
            return 1;
        }
    }
    int16_t empty[QP_MAX_POINTS];
    int n = 0;
    for (int sq = 0; sq < g->n; sq++)
        if (!c[sq] && !g->hole[sq]) empty[n++] = (int16_t)sq;
    while (n > 0) {
        uint32_t i = draw(rng, (uint32_t)n);
        int sq = empty[i];
        if (!fills_eye(g, c, sq, side) && blk_group_may_place(g, s, sq, side)) {
            *out = (qp_move)(sq + 1);
            return 1;
        }
        empty[i] = empty[--n];
    }
    *out = BLK_PASS;
    return 1;
}

bool blk_group_decided(const blk_game *g, const void *s, qp_outcome *o)
{
    if (!g->pass_end || blk_cax(g, s)->passes < g->pass_end) return false;
    o->reason = g->score_reason;
    if (!g->score_area || g->nsides != 2) {
        o->result = QP_DRAW;
        o->winner = 0;
        return true;
    }
    int score[2];
    blk_group_score(g, s, score);
    int diff2 = 2 * score[0] - 2 * score[1] - g->komi2;   /* in half points */
    if (diff2 == 0) {
        o->result = QP_DRAW;
        o->winner = 0;
    } else {
        blk_win(o, diff2 > 0 ? 0 : 1, g->score_reason);
    }
    return true;
}

const char *blk_group_why_not(const blk_game *g, const void *s, int sq)
{
    int side = blk_side(s);
    if (g->group_capture && !blk_ccells(g, s)[sq] && !blk_group_may_place(g, s, sq, side))
        return g->group_suicide ? "would take only itself off, which is no move"
                                : "is suicide: its group would have no liberty";
    return NULL;
}

void blk_group_status(const blk_game *g, const void *s, const char *names[2], char *buf, size_t n)
{
    if (!g->score_area || g->nsides != 2 || !n) return;
    int score[2];
    blk_group_score(g, s, score);
    const blk_aux *a = blk_cax(g, s);
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, "%sArea: %s %d \xC2\xB7 %s %d%s%d%s%s", len ? " \xC2\xB7 " : "", names[0],
             score[0], names[1], score[1], g->komi2 < 0 ? " - " : " + ", (g->komi2 < 0 ? -g->komi2 : g->komi2) / 2,
             g->komi2 % 2 ? ".5" : "", a->passes ? " \xC2\xB7 passed" : "");
}
