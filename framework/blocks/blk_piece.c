/*
 * blk_piece.c — pieces by kind with their movements, the terrain of zones,
 * ranks, and the goals of reaching a zone or taking every enemy piece.
 * The contract is in blk_piece.h.
 */
#include "blk_internal.h"

#include <stdio.h>
#include <string.h>

void blk_piece_defaults(blk_pieces *p)
{
    memset(p, 0, sizeof *p);
    p->reach_zone = -1;
    for (int z = 0; z < BLK_MAX_ZONES; z++) {
        p->zenter[z] = ~(uint64_t)0;
        p->zrank[z] = -1;
    }
}

/* ---- declaring -------------------------------------------------------------- */

int blk_piece_dirs(const char *word, int side, int dx[8], int dy[8])
{
    static const struct { const char *name; int dx, dy; } abs_dirs[] = {
        {"n", 0, 1}, {"ne", 1, 1}, {"e", 1, 0}, {"se", 1, -1},
        {"s", 0, -1}, {"sw", -1, -1}, {"w", -1, 0}, {"nw", -1, 1},
    };
    int f = side ? -1 : 1, n = 0;
#define ADD(x, y) (dx[n] = (x), dy[n] = (y), n++)
    for (int i = 0; i < 8; i++)
        if (!strcmp(word, abs_dirs[i].name)) {
            ADD(abs_dirs[i].dx, abs_dirs[i].dy);
            return n;
        }
    if (!strcmp(word, "orthogonal") || !strcmp(word, "all")) {
        ADD(0, 1), ADD(1, 0), ADD(0, -1), ADD(-1, 0);
        if (word[0] == 'o') return n;
    }
    if (!strcmp(word, "diagonal") || !strcmp(word, "all")) {
        ADD(1, 1), ADD(1, -1), ADD(-1, -1), ADD(-1, 1);
        return n;
    }
    if (!strcmp(word, "forward")) ADD(0, f);
    else if (!strcmp(word, "backward")) ADD(0, -f);
    else if (!strcmp(word, "sideways")) ADD(-1, 0), ADD(1, 0);
    else if (!strcmp(word, "forward-diagonals")) ADD(-1, f), ADD(1, f);
    else if (!strcmp(word, "backward-diagonals")) ADD(-1, -f), ADD(1, -f);
    else return -1;
#undef ADD
    return n;
}

int blk_piece_dir_mask(const char *word, int side)
{
    /* qp_dir order: N, E, S, W, NE, SE, SW, NW */
    static const int8_t ddx[QP_NDIRS] = {0, 1, 0, -1, 1, 1, -1, -1}, ddy[QP_NDIRS] = {1, 0, -1, 0, 1, -1, -1, 1};
    int dx[8], dy[8], n = blk_piece_dirs(word, side, dx, dy), mask = 0;
    if (n < 0) return -1;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < QP_NDIRS; d++)
            if (ddx[d] == dx[i] && ddy[d] == dy[i]) mask |= 1 << d;
    return mask;
}

int blk_piece_add(blk_pieces *p, int code, int dx, int dy, int range, unsigned cap, int zone, bool leap,
                  int from_zone, char *err, size_t errn)
{
    if ((dx == 0 && dy == 0) || dx <= -QP_MAX_SIDE || dx >= QP_MAX_SIDE || dy <= -QP_MAX_SIDE || dy >= QP_MAX_SIDE) {
        snprintf(err, errn, "offset {%d, %d} leaves no square to go to", dx, dy);
        return -1;
    }
    int v = 0;
    while (v < p->nvecs && (p->vdx[v] != dx || p->vdy[v] != dy)) v++;
    if (v == p->nvecs) {
        if (p->nvecs >= BLK_MAX_VECS) {
            snprintf(err, errn, "more than %d different offsets", BLK_MAX_VECS);
            return -1;
        }
        p->vdx[v] = (int8_t)dx;
        p->vdy[v] = (int8_t)dy;
        p->nvecs++;
    }
    int plain = -1, zoned = -1;   /* the other movement along v: anywhere, or from a zone */
    for (int i = 0; i < p->npm[code]; i++)
        if (p->pm[code][i].vec == v && (p->pm[code][i].zone < 0) == (zone < 0)) {
            if ((p->pm[code][i].from_zone < 0) == (from_zone < 0)) {
                snprintf(err, errn, "two movements go the same way {%d, %d}", dx, dy);
                return -1;
            }
            if (from_zone < 0) zoned = i;
            else plain = i;
        }
    if (p->npm[code] >= BLK_MAX_PMOVES) {
        snprintf(err, errn, "more than %d movements", BLK_MAX_PMOVES);
        return -1;
    }
    if (plain >= 0) p->pm[code][plain].unless_zone = (int8_t)from_zone;
    blk_pmove *m = &p->pm[code][p->npm[code]++];
    m->vec = (uint8_t)v;
    m->range = (uint8_t)(range < 1 ? 1 : range > 255 ? 255 : range);
    m->cap = (uint8_t)cap;
    m->zone = (int8_t)zone;
    m->leap = leap;
    m->from_zone = (int8_t)from_zone;
    m->unless_zone = (int8_t)(zoned >= 0 ? p->pm[code][zoned].from_zone : -1);
    m->en_passant = 0;
    p->on = true;
    return 0;
}

int blk_zone_find(const blk_pieces *p, const char *name)
{
    for (int z = 0; z < p->nzones; z++)
        if (!strcmp(p->zname[z], name)) return z;
    return -1;
}

/* Marks the squares of one text ("a1 b4-c6") with bit. */
static int zone_text(const qp_geom *geo, const uint8_t *hole, const char *text, uint8_t *in, uint8_t bit,
                     char *err, size_t errn)
{
    const char *p = text;
    int marked = 0;
    for (;;) {
        while (*p == ' ' || *p == ',') p++;
        if (!*p) break;
        char tok[32];
        size_t len = strcspn(p, " ,");
        snprintf(tok, sizeof tok, "%.*s", (int)(len < sizeof tok ? len : sizeof tok - 1), p);
        int f0, r0, f1, r1, sq;
        if (strchr(tok, '-')) {
            if (qp_rect_parse(geo, tok, &f0, &r0, &f1, &r1)) {
                snprintf(err, errn, "'%s' is not a rectangle of the board", tok);
                return -1;
            }
        } else {
            int used = qp_sq_parse(geo, tok, &sq);
            if (!used || tok[used]) {
                snprintf(err, errn, "'%s' is not a square of the board", tok);
                return -1;
            }
            f0 = f1 = qp_file(geo, sq);
            r0 = r1 = qp_rank(geo, sq);
        }
        for (int r = r0 <= r1 ? r0 : r1; r <= (r0 <= r1 ? r1 : r0); r++)
            for (int f = f0 <= f1 ? f0 : f1; f <= (f0 <= f1 ? f1 : f0); f++) {
                sq = qp_sq(geo, f, r);
                if (hole[sq]) {
                    char nm[8];
                    qp_sq_name(geo, sq, nm);
                    snprintf(err, errn, "'%s': %s is not on the board", tok, nm);
                    return -1;
                }
                in[sq] |= bit;
                marked++;
            }
        p += len;
    }
    if (!marked) {
        snprintf(err, errn, "no squares in '%s'", text);
        return -1;
    }
    return 0;
}

int blk_zone_add(blk_pieces *p, const qp_geom *geo, const uint8_t *hole, const char *name,
                 const char *const *texts, int ntexts, char *err, size_t errn)
{
    if (blk_zone_find(p, name) >= 0) {
        snprintf(err, errn, "zone '%s' is named twice", name);
        return -1;
    }
    if (p->nzones >= BLK_MAX_ZONES) {
        snprintf(err, errn, "more than %d zones", BLK_MAX_ZONES);
        return -1;
    }
    if (!*name || strlen(name) >= sizeof p->zname[0]) {
        snprintf(err, errn, "zone name '%s' must have 1 to %d characters", name, (int)sizeof p->zname[0] - 1);
        return -1;
    }
    if (ntexts < 1 || ntexts > 2) {
        snprintf(err, errn, "zone '%s' is one text of squares, or one per side", name);
        return -1;
    }
    int z = p->nzones;
    memset(p->zin[z], 0, sizeof p->zin[z]);
    for (int i = 0; i < ntexts; i++)
        if (zone_text(geo, hole, texts[i], p->zin[z], (uint8_t)(ntexts == 1 ? 3 : 1 << i), err, errn)) return -1;
    snprintf(p->zname[z], sizeof p->zname[z], "%s", name);
    p->zsided[z] = ntexts == 2;
    p->nzones++;
    return z;
}

/* ---- derived tables ---------------------------------------------------------- */

int blk_piece_prepare(blk_game *g, char *err, size_t errn)
{
    blk_pieces *p = &g->pc;
    int w = g->geom.w, h = g->geom.h;
    for (int sq = 0; sq < g->n; sq++)
        for (int v = 0; v < p->nvecs; v++) {
            int f = sq % w + p->vdx[v], r = sq / w + p->vdy[v];
            int t = f >= 0 && f < w && r >= 0 && r < h ? r * w + f : -1;
            p->vto[sq][v] = (int16_t)(t >= 0 && !g->hole[t] && !g->hole[sq] ? t : -1);
        }
    bool terrain = false;
    for (int z = 0; z < p->nzones; z++)
        terrain |= p->zenter[z] != ~(uint64_t)0 || p->zown_closed[z] || p->zrank[z] >= 0 || p->zwithin[z];
    for (int c = 1; c <= g->ncodes; c++) {
        int side = g->side_of[c];
        for (int sq = 0; sq < g->n; sq++) {
            bool ok = !g->hole[sq];
            for (int z = 0; z < p->nzones && ok; z++) {
                if (!p->zin[z][sq]) continue;
                if (!(p->zenter[z] >> c & 1)) ok = false;
                if (p->zown_closed[z] && (p->zin[z][sq] >> side & 1)) ok = false;
            }
            p->enter[c][sq] = ok;
        }
        for (int v = 1; v <= g->ncodes; v++) {
            bool ok = g->side_of[v] != side;
            if (ok && p->ranked) ok = (p->rank[c] >= p->rank[v] || (p->takes[c] >> v & 1)) && !(p->spares[c] >> v & 1);
            p->may_take[c][v] = ok;
        }
    }
    for (int s = 0; s < 2; s++)
        for (int sq = 0; sq < g->n; sq++) p->rank_at[s][sq] = -1;
    memset(p->within, 0, sizeof p->within);
    for (int z = 0; z < p->nzones; z++)
        for (int sq = 0; sq < g->n; sq++) {
            if (!p->zin[z][sq]) continue;
            if (p->zwithin[z]) p->within[sq] |= (uint8_t)(1u << z);
            if (p->zrank[z] >= 0)
                for (int s = 0; s < 2; s++)
                    if (p->zin[z][sq] >> (1 - s) & 1) p->rank_at[s][sq] = p->zrank[z];
        }
    p->plain_take = !p->ranked && !terrain;
    if (p->reach_zone >= 0 && g->nsides != 2) {
        snprintf(err, errn, "rules.reach: needs two sides");
        return -1;
    }
    for (int s = 0; s < 2; s++) {
        p->ngoal[s] = 0;
        p->goal_bb[s] = 0;
        if (p->reach_zone < 0) continue;
        int part = p->reach_enemy ? 1 - s : s;
        for (int sq = 0; sq < g->n; sq++)
            if (p->zin[p->reach_zone][sq] >> part & 1) {
                p->goal[s][p->ngoal[s]++] = (int16_t)sq;
                if (g->n <= 64) p->goal_bb[s] |= (uint64_t)1 << sq;
            }
    }

    /* bitboards: one kind per side, steps and leaps only, no terrain or ranks */
    p->fast = p->on && g->bb_ok && p->plain_take && g->nsides == 2;
    for (int s = 0; s < 2 && p->fast; s++) {
        int found = 0;
        for (int c = 1; c <= g->ncodes; c++) {
            if (g->side_of[c] != s) continue;
            if (found || g->move[c]) p->fast = false;
            found = c;
            for (int i = 0; i < p->npm[c]; i++)
                if (p->pm[c][i].range != 1 || p->pm[c][i].zone >= 0 || p->pm[c][i].from_zone >= 0 ||
                    p->pm[c][i].unless_zone >= 0)
                    p->fast = false;
        }
        p->fast_code[s] = found;
    }
    if (p->fast)
        for (int c = 1; c <= g->ncodes; c++)
            for (int i = 0; i < p->npm[c]; i++) {
                int v = p->pm[c][i].vec;
                p->fast_delta[c][i] = p->vdy[v] * w + p->vdx[v];
                p->fast_from[c][i] = 0;
                for (int sq = 0; sq < g->n; sq++)
                    if (p->vto[sq][v] >= 0) p->fast_from[c][i] |= (uint64_t)1 << sq;
            }
    return 0;
}

/* ---- moves --------------------------------------------------------------------- */

static inline qp_move enc(int from, int to)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10);
}

/* Whether a piece of code a on from may take the enemy v on to. */
static inline bool can_take(const blk_pieces *p, const int8_t *side_of, int a, int from, int v, int to)
{
    if (p->plain_take) return side_of[a] != side_of[v];
    if (p->within[from] != p->within[to] || side_of[a] == side_of[v]) return false;
    int r = p->rank_at[side_of[v]][to];
    if (r >= 0) return p->rank[a] >= r;
    return p->may_take[a][v];
}

/* Whether movement m holds for a piece of side on sq (its from zones). */
static inline bool holds_at(const blk_pieces *p, const blk_pmove *m, int sq, int side)
{
    if (m->from_zone >= 0 && !(p->zin[m->from_zone][sq] >> side & 1)) return false;
    return m->unless_zone < 0 || !(p->zin[m->unless_zone][sq] >> side & 1);
}

static int gen_fast(const blk_game *g, const void *s, int side, qp_move *out, int n, bool stop_at_one)
{
    const blk_pieces *p = &g->pc;
    const blk_aux *a = blk_cax(g, s);
    uint64_t me = a->bb[side], opp = a->bb[1 - side];
    uint64_t empty = g->bb_empty_ok & ~(me | opp);
    int c = p->fast_code[side];
    for (int i = 0; i < p->npm[c]; i++) {
        unsigned cap = p->pm[c][i].cap;
        uint64_t ok = (cap & BLK_PM_MOVE ? empty : 0) | (cap & BLK_PM_TAKE ? opp : 0);
        int k = p->fast_delta[c][i];
        uint64_t src = me & p->fast_from[c][i];
        uint64_t t = (k > 0 ? src << k : src >> -k) & ok;
        for (; t; t &= t - 1) {
            int to = __builtin_ctzll(t);
            if (n >= QP_MAX_MOVES) return n;
            out[n++] = enc(to - k, to);
            if (stop_at_one) return n;
        }
    }
    return n;
}

int blk_piece_gen(const blk_game *g, const void *s, int side, qp_move *out, int n, bool stop_at_one)
{
    const blk_pieces *p = &g->pc;
    if (p->fast) return gen_fast(g, s, side, out, n, stop_at_one);
    const int8_t *c = blk_ccells(g, s);
    /* on bitboards, only the side's own squares */
    uint64_t own = g->bb_ok ? blk_cax(g, s)->bb[side] : 0;
    int end = g->bb_ok ? 64 : g->n;
    for (int sq = g->bb_ok ? (own ? __builtin_ctzll(own) : 64) : 0; sq < end;
         sq = g->bb_ok ? ((own &= own - 1) ? __builtin_ctzll(own) : 64) : sq + 1) {
        int code = c[sq];
        if (!code || g->side_of[code] != side) continue;
        const blk_pmove *pm = p->pm[code];
        const uint8_t *enter = p->enter[code];
        for (int i = 0; i < p->npm[code]; i++) {
            if (!holds_at(p, &pm[i], sq, side)) continue;
            int v = pm[i].vec;
            int t = p->vto[sq][v];
            if (pm[i].zone >= 0) {
                /* cross the zone: at least one square of it, all empty */
                const uint8_t *zin = p->zin[pm[i].zone];
                if (t < 0 || !zin[t]) continue;
                while (t >= 0 && zin[t] && !c[t]) t = p->vto[t][v];
                if (t < 0 || zin[t]) continue;   /* off the board, or blocked */
            }
            for (int k = 0; t >= 0 && k < pm[i].range; k++, t = p->vto[t][v]) {
                if (!enter[t]) break;
                if (n >= QP_MAX_MOVES) return n;
                if (c[t]) {
                    if ((pm[i].cap & BLK_PM_TAKE) && can_take(p, g->side_of, code, sq, c[t], t)) {
                        out[n++] = enc(sq, t);
                        if (stop_at_one) return n;
                    }
                    break;
                }
                if (pm[i].cap & BLK_PM_MOVE) {
                    /* two squares or more by a movement from a zone: a double step (blk_royal.h) */
                    out[n++] = enc(sq, t) | (k && pm[i].from_zone >= 0 && g->rk.en_passant
                                                 ? (qp_move)BLK_SP_DOUBLE << BLK_SP_SHIFT : 0);
                    if (stop_at_one) return n;
                } else if (pm[i].en_passant && t + 1 == blk_cax(g, s)->ep &&
                           g->side_of[c[blk_cax(g, s)->ep_victim - 1]] != side) {
                    out[n++] = enc(sq, t) | (qp_move)BLK_SP_EP << BLK_SP_SHIFT;
                    if (stop_at_one) return n;
                }
            }
        }
    }
    return n;
}

/* ---- goals ----------------------------------------------------------------------- */

bool blk_piece_decided(const blk_game *g, const void *s, qp_outcome *o)
{
    const blk_pieces *p = &g->pc;
    const blk_aux *a = blk_cax(g, s);
    int side = blk_side(s);
    if (p->reach_zone >= 0) {
        /* the side that just moved first: it reached before the other */
        for (int k = 0; k < 2; k++) {
            int sd = k ? side : 1 - side;
            bool in = false;
            if (g->bb_ok) {
                in = (a->bb[sd] & p->goal_bb[sd]) != 0;
            } else {
                const int8_t *c = blk_ccells(g, s);
                for (int i = 0; i < p->ngoal[sd] && !in; i++) {
                    int code = c[p->goal[sd][i]];
                    in = code && g->side_of[code] == sd;
                }
            }
            if (in) {
                blk_win(o, sd, p->reach_reason);
                return true;
            }
        }
    }
    if (p->capture_all)
        for (int k = 0; k < 2; k++) {
            int sd = k ? 1 - side : side;
            if (a->count[sd] == 0 && g->start_total[sd] > 0 && (g->hand[sd] < 0 || a->hand[sd] == 0)) {
                blk_win(o, 1 - sd, p->capture_all_reason);
                return true;
            }
        }
    return false;
}

/* ---- why a move is refused ------------------------------------------------------- */

bool blk_piece_why(const blk_game *g, const void *s, int from, int to, char *err, size_t errn)
{
    const blk_pieces *p = &g->pc;
    const int8_t *c = blk_ccells(g, s);
    int code = c[from], side = g->side_of[code];
    char nf[8], nt[8];
    qp_sq_name(&g->geom, from, nf);
    qp_sq_name(&g->geom, to, nt);
    if (c[to] && g->side_of[c[to]] == side) return false;   /* "is occupied" */
    /* the movement that goes there on an empty board */
    const blk_pmove *m = NULL;
    bool blocked = false;
    for (int i = 0; i < p->npm[code] && !m; i++) {
        if (!holds_at(p, &p->pm[code][i], from, side)) continue;
        int v = p->pm[code][i].vec, t = p->vto[from][v];
        bool in_way = false;
        if (p->pm[code][i].zone >= 0) {
            const uint8_t *zin = p->zin[p->pm[code][i].zone];
            if (t < 0 || !zin[t]) continue;
            while (t >= 0 && zin[t]) {
                in_way |= c[t] != 0;
                t = p->vto[t][v];
            }
            if (t == to) m = &p->pm[code][i], blocked = in_way;
            continue;
        }
        for (int k = 0; t >= 0 && k < p->pm[code][i].range; k++, t = p->vto[t][v]) {
            if (t == to) {
                m = &p->pm[code][i];
                blocked = in_way && !p->pm[code][i].leap;
                break;
            }
            in_way |= c[t] != 0;
        }
    }
    if (!m) return false;
    for (int z = 0; z < p->nzones; z++) {
        if (!p->zin[z][to]) continue;
        bool barred = !(p->zenter[z] >> code & 1);
        bool own = p->zown_closed[z] && (p->zin[z][to] >> side & 1);
        if (!barred && !own) continue;
        if (p->zreason[z][0]) snprintf(err, errn, "%s%s: %s", nf, nt, p->zreason[z]);
        else if (own) snprintf(err, errn, "%s%s: a piece may not enter its own %s", nf, nt, p->zname[z]);
        else snprintf(err, errn, "%s%s: %c may not enter the %s", nf, nt, g->letter[code], p->zname[z]);
        return true;
    }
    if (blocked) {
        if (m->zone >= 0)
            snprintf(err, errn, "%s%s: a piece in the %s blocks the way", nf, nt, p->zname[m->zone]);
        else
            snprintf(err, errn, "%s%s: the way is blocked", nf, nt);
        return true;
    }
    if (!c[to]) {
        if (!(m->cap & BLK_PM_MOVE)) {
            snprintf(err, errn, "%s%s: that movement only captures", nf, nt);
            return true;
        }
        return false;
    }
    int v = c[to];
    if (!(m->cap & BLK_PM_TAKE)) {
        snprintf(err, errn, "%s%s: that movement does not capture", nf, nt);
        return true;
    }
    if (p->within[from] != p->within[to]) {
        int z = __builtin_ctz((unsigned)(p->within[from] ^ p->within[to]));
        snprintf(err, errn, "%s%s: no capture across the edge of the %s", nf, nt, p->zname[z]);
        return true;
    }
    if (!can_take(p, g->side_of, code, from, v, to)) {
        if (p->spares[code] >> v & 1)
            snprintf(err, errn, "%s%s: %c may not take %c", nf, nt, g->letter[code], g->letter[v]);
        else
            snprintf(err, errn, "%s%s: %c (rank %d) may not take %c (rank %d)", nf, nt, g->letter[code],
                     p->rank[code], g->letter[v], p->rank[v]);
        return true;
    }
    return false;
}
