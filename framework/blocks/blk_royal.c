/*
 * blk_royal.c — royal pieces and attacks, castling, double steps and en
 * passant, promotion, resetting kinds and dead material.  The contract is
 * in blk_royal.h.
 */
#include "blk_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix.h"

void blk_royal_defaults(blk_royal *k)
{
    memset(k, 0, sizeof *k);
    snprintf(k->royal_name, sizeof k->royal_name, "royal piece");
}

/* The fields exist only on moves without hops (blk.h). */
static inline unsigned sp_of(qp_move m) { return blk_hops(m) ? 0 : (unsigned)(m >> BLK_SP_SHIFT) & 15u; }
static inline int promo_of(qp_move m) { return blk_hops(m) ? 0 : (int)(m >> BLK_PROMO_SHIFT) & 63; }

int blk_royal_prepare(blk_game *g, char *err, size_t errn)
{
    blk_royal *k = &g->rk;
    const blk_pieces *p = &g->pc;
    k->en_passant = false;
    for (int c = 1; c <= g->ncodes; c++)
        for (int i = 0; i < p->npm[c]; i++) k->en_passant |= p->pm[c][i].en_passant != 0;
    k->chess_fen = k->ncastle || k->en_passant;
    if (k->stuck_check_set && !k->royal) {
        snprintf(err, errn, "rules.stuck: check needs a royal piece (rules.royal)");
        return -1;
    }
    /* the kinds that reset the quiet count: rules.resets_no_capture */
    k->resets = 0;
    for (int c = 1; c <= g->ncodes; c++)
        if (g->resets_no_capture[c]) k->resets |= (uint64_t)1 << c;
    k->on = k->royal || k->ncastle || k->promo_choice || k->en_passant || k->ndead;
    if (!k->on) return 0;
    if ((k->royal || k->ncastle || k->en_passant) && (g->nsides != 2 || !p->on)) {
        snprintf(err, errn, "rules.royal: royal pieces, castling and en passant need two sides and piece movements");
        return -1;
    }
    if (g->state_size > BLK_ROYAL_MAX_STATE) {
        snprintf(err, errn, "rules.royal: the position is too large (%zu bytes)", g->state_size);
        return -1;
    }
    if (k->ncastle && !k->royal) {
        snprintf(err, errn, "rules.castling: castling needs a royal piece (rules.royal)");
        return -1;
    }
    /* attacks: every capturing movement, looked at in reverse */
    memset(k->arange, 0, sizeof k->arange);
    k->nav[0] = k->nav[1] = 0;
    k->nepm[0] = k->nepm[1] = 0;
    for (int c = 1; c <= g->ncodes; c++) {
        int sd = g->side_of[c];
        if (sd > 1) continue;   /* neutral pieces attack no one */
        for (int i = 0; i < p->npm[c]; i++) {
            const blk_pmove *m = &p->pm[c][i];
            if (m->en_passant && k->nepm[sd] < 16) {
                k->ep_code[sd][k->nepm[sd]] = (uint8_t)c;
                k->ep_vec[sd][k->nepm[sd]++] = m->vec;
            }
            if (!(m->cap & BLK_PM_TAKE) || m->zone >= 0) continue;
            if (m->range > k->arange[m->vec][c]) k->arange[m->vec][c] = m->range;
            int j = 0;
            while (j < k->nav[sd] && k->av[sd][j] != m->vec) j++;
            if (j == k->nav[sd]) {
                k->av[sd][k->nav[sd]++] = m->vec;
                k->amax[sd][j] = 0;
            }
            if (m->range > k->amax[sd][j]) k->amax[sd][j] = m->range;
        }
    }
    int w = g->geom.w, h = g->geom.h;
    for (int sq = 0; sq < g->n; sq++)
        for (int v = 0; v < p->nvecs; v++) {
            int f = sq % w - p->vdx[v], r = sq / w - p->vdy[v];
            int t = f >= 0 && f < w && r >= 0 && r < h ? r * w + f : -1;
            k->rto[sq][v] = (int16_t)(t >= 0 && !g->hole[t] && !g->hole[sq] ? t : -1);
        }
    for (int sq = 0; sq < g->n; sq++) k->keep_rights[sq] = 0xff;
    for (int i = 0; i < k->ncastle; i++) {
        k->keep_rights[k->castle[i].kfrom] &= (uint8_t)~(1u << i);
        k->keep_rights[k->castle[i].pfrom] &= (uint8_t)~(1u << i);
    }
    uint64_t seed = 0x726f79616cull;   /* fixed: hashes agree across runs */
    for (int i = 0; i < BLK_MAX_CASTLES; i++) k->z_rights[i] = qp_splitmix64(&seed);
    for (int sq = 0; sq < QP_MAX_POINTS; sq++) k->z_ep[sq] = qp_splitmix64(&seed);
    k->dead_max = 0;
    for (int i = 0; i < k->ndead; i++) {
        int t = 0;
        for (int c = 1; c <= g->ncodes; c++) t += k->dead[i][c];
        if (t > k->dead_max) k->dead_max = t;
    }
    if (!k->dead_reason[0]) snprintf(k->dead_reason, sizeof k->dead_reason, "insufficient material");
    return 0;
}

/* ---- position ---------------------------------------------------------------- */

void blk_royal_start(const blk_game *g, void *s)
{
    const blk_royal *k = &g->rk;
    const int8_t *c = blk_ccells(g, s);
    blk_aux *a = blk_ax(g, s);
    a->rights = 0;
    a->ep = a->ep_victim = 0;
    a->quiet = 0;
    for (int i = 0; i < k->ncastle; i++) {
        const blk_castle *ca = &k->castle[i];
        int kc = c[ca->kfrom], pc = c[ca->pfrom];
        if (kc && (k->royal >> kc & 1) && g->side_of[kc] == ca->side && pc && g->side_of[pc] == ca->side)
            a->rights |= (uint8_t)(1u << i);
    }
}

void blk_royal_refresh(const blk_game *g, void *s)
{
    const int8_t *c = blk_ccells(g, s);
    blk_aux *a = blk_ax(g, s);
    a->royal[0] = a->royal[1] = 0;
    if (!g->rk.royal) return;
    for (int sq = 0; sq < g->n; sq++)
        if (c[sq] && (g->rk.royal >> c[sq] & 1)) a->royal[g->side_of[c[sq]]] = (int16_t)(sq + 1);
}

uint64_t blk_royal_key(const blk_game *g, const void *s)
{
    if (!g->rk.on) return 0;
    const blk_aux *a = blk_cax(g, s);
    uint64_t h = a->ep ? g->rk.z_ep[a->ep - 1] : 0;
    for (unsigned r = a->rights; r; r &= r - 1) h ^= g->rk.z_rights[__builtin_ctz(r)];
    return h;
}

/* ---- attacks ------------------------------------------------------------------ */

bool blk_attacked(const blk_game *g, const void *s, int sq, int by)
{
    const blk_royal *k = &g->rk;
    const int8_t *c = blk_ccells(g, s);
    for (int i = 0; i < k->nav[by]; i++) {
        int v = k->av[by][i], max = k->amax[by][i], t = sq;
        for (int d = 1; d <= max; d++) {
            t = k->rto[t][v];
            if (t < 0) break;
            int pc = c[t];
            if (!pc) continue;
            if (g->side_of[pc] == by && k->arange[v][pc] >= d) return true;
            break;
        }
    }
    return false;
}

bool blk_in_check(const blk_game *g, const void *s, int side)
{
    int r = blk_cax(g, s)->royal[side];
    return r && blk_attacked(g, s, r - 1, 1 - side);
}

/* ---- moves ---------------------------------------------------------------------- */

static inline qp_move enc(int from, int to)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10);
}

/* The squares from a to b along a straight line, b included, a not;
 * false when they are not on one line. */
static int segment(const blk_game *g, int a, int b, int *out)
{
    int w = g->geom.w;
    int dx = b % w - a % w, dy = b / w - a / w;
    int len = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    if (!len) return 0;
    if ((dx && dy && abs(dx) != abs(dy))) return -1;
    int sx = dx / len, sy = dy / len, n = 0;
    for (int i = 1; i <= len; i++) out[n++] = a + i * (sy * w + sx);
    return n;
}

/* Why castling i is not allowed now, or NULL. */
static const char *castle_bar(const blk_game *g, const void *s, int i, int *at)
{
    const blk_castle *ca = &g->rk.castle[i];
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    *at = -1;
    if (!(a->rights >> i & 1)) return "no right";
    int path[2 * QP_MAX_SIDE + 2];
    int n = segment(g, ca->kfrom, ca->kto, path), m = segment(g, ca->pfrom, ca->pto, path + (n > 0 ? n : 0));
    if (n < 0 || m < 0) return "no right";
    for (int j = 0; j < n + m; j++)
        if (c[path[j]] && path[j] != ca->kfrom && path[j] != ca->pfrom) {
            *at = path[j];
            return "between";
        }
    if (blk_attacked(g, s, ca->kfrom, 1 - ca->side)) return "check";
    for (int j = 0; j < n; j++)
        if (blk_attacked(g, s, path[j], 1 - ca->side)) {
            *at = path[j];
            return path[j] == ca->kto ? "lands" : "through";
        }
    return NULL;
}

/* Whether m leaves side's royal piece attacked. */
static bool leaves_check(const blk_game *g, const void *s, int side, qp_move m)
{
    uint64_t buf[BLK_ROYAL_MAX_STATE / 8];
    memcpy(buf, s, g->state_size);
    blk_make(g, buf, m);
    return blk_in_check(g, buf, side);
}

/* Squares of side's pieces pinned to its royal piece (or that may be:
 * the first own piece along an enemy slider's line), as a bitmap. */
static void pins(const blk_game *g, const void *s, int side, int royal, uint64_t *pin)
{
    const blk_royal *k = &g->rk;
    const int8_t *c = blk_ccells(g, s);
    int by = 1 - side;
    for (int i = 0; i < k->nav[by]; i++) {
        if (k->amax[by][i] < 2) continue;
        int v = k->av[by][i], t = royal, own = -1;
        for (int d = 1; d <= k->amax[by][i]; d++) {
            t = k->rto[t][v];
            if (t < 0) break;
            int pc = c[t];
            if (!pc) continue;
            if (g->side_of[pc] == side) {
                if (own >= 0) break;
                own = t;
                continue;
            }
            if (own >= 0 && k->arange[v][pc] >= d) pin[own >> 6] |= (uint64_t)1 << (own & 63);
            break;
        }
    }
}

int blk_royal_moves(const blk_game *g, const void *s, int side, qp_move *out, int n0, bool stop_at_one)
{
    const blk_royal *k = &g->rk;
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    int n = blk_piece_gen(g, s, side, out, n0, stop_at_one && !k->royal && !k->promo_choice);
    if (k->promo_choice) {
        const uint8_t *zin = g->promote_zone;
        int end = n;
        for (int i = n0; i < end; i++) {
            int from = blk_from(out[i]), to = blk_to(out[i]), code = c[from];
            if (!k->npromo[code] || !(zin[to] >> side & 1)) continue;
            qp_move m = out[i];
            out[i] = m | (qp_move)k->promo_list[code][0] << BLK_PROMO_SHIFT;
            for (int j = 1; j < k->npromo[code] && n < QP_MAX_MOVES; j++)
                out[n++] = m | (qp_move)k->promo_list[code][j] << BLK_PROMO_SHIFT;
        }
    }
    if (k->ncastle && a->rights)
        for (int i = 0; i < k->ncastle && n < QP_MAX_MOVES; i++) {
            int at;
            if (k->castle[i].side == side && !castle_bar(g, s, i, &at))
                out[n++] = enc(k->castle[i].kfrom, k->castle[i].kto) | (qp_move)BLK_SP_CASTLE << BLK_SP_SHIFT;
        }
    if (!k->royal || !a->royal[side]) return stop_at_one && n > n0 ? n0 + 1 : n;
    /* royal safety: a move needs the full test only when the side is in
     * check, moves its royal piece, takes en passant or moves a piece that
     * stands between its royal piece and an enemy slider */
    int royal = a->royal[side] - 1;
    bool check = blk_attacked(g, s, royal, 1 - side);
    uint64_t pin[(QP_MAX_POINTS + 63) / 64] = {0};
    if (!check) pins(g, s, side, royal, pin);
    int kept = n0;
    for (int i = n0; i < n; i++) {
        qp_move m = out[i];
        int from = blk_from(m);
        bool test = check || from == royal || sp_of(m) == BLK_SP_EP || (pin[from >> 6] >> (from & 63) & 1);
        if (test && leaves_check(g, s, side, m)) continue;
        out[kept++] = m;
        if (stop_at_one) return kept;
    }
    return kept;
}

int blk_royal_make(const blk_game *g, void *s, qp_move m, int from, int to, int code)
{
    const blk_royal *k = &g->rk;
    int8_t *c = blk_cells(g, s);
    blk_aux *a = blk_ax(g, s);
    int side = g->side_of[code];
    unsigned sp = sp_of(m);
    bool capture = c[to] != 0 || blk_hops(m);
    uint64_t *hash = (uint64_t *)s;
    if (sp == BLK_SP_EP && a->ep_victim) {
        int v = a->ep_victim - 1;
        a->count[g->side_of[c[v]]]--;
        blk_put(g, s, v, 0);
        capture = true;
    } else if (sp == BLK_SP_CASTLE) {
        for (int i = 0; i < k->ncastle; i++) {
            const blk_castle *ca = &k->castle[i];
            if (ca->side != side || ca->kfrom != from || ca->kto != to) continue;
            int pc = c[ca->pfrom];
            blk_put(g, s, ca->pfrom, 0);
            blk_put(g, s, ca->pto, pc);
            break;
        }
    }
    if (k->ncastle) {
        uint8_t r = a->rights & k->keep_rights[from] & k->keep_rights[to];
        for (unsigned x = (unsigned)(r ^ a->rights); x; x &= x - 1) *hash ^= k->z_rights[__builtin_ctz(x)];
        a->rights = r;
    }
    if (a->ep) {
        *hash ^= k->z_ep[a->ep - 1];
        a->ep = a->ep_victim = 0;
    }
    if (sp == BLK_SP_DOUBLE) {
        /* the square passed just before landing; kept only when an enemy
         * movement could take there */
        int path[2 * QP_MAX_SIDE + 2];
        int len = segment(g, from, to, path);
        int passed = len >= 2 ? path[len - 2] : -1;
        for (int i = 0; passed >= 0 && i < k->nepm[1 - side]; i++) {
            int at = k->rto[passed][k->ep_vec[1 - side][i]];
            if (at >= 0 && c[at] == k->ep_code[1 - side][i]) {
                a->ep = (int16_t)(passed + 1);
                a->ep_victim = (int16_t)(to + 1);
                *hash ^= k->z_ep[passed];
                break;
            }
        }
    }
    a->quiet = capture || (k->resets >> code & 1) ? 0 : (uint16_t)(a->quiet < 65535 ? a->quiet + 1 : 65535);
    if (k->royal >> code & 1) a->royal[side] = (int16_t)(to + 1);
    if (c[to] && (k->royal >> c[to] & 1)) a->royal[1 - side] = 0;
    int promo = promo_of(m);
    return promo ? promo : code;
}

void blk_royal_null(const blk_game *g, void *s)
{
    blk_aux *a = blk_ax(g, s);
    if (a->ep) {
        *(uint64_t *)s ^= g->rk.z_ep[a->ep - 1];
        a->ep = a->ep_victim = 0;
    }
    if (a->quiet < 65535) a->quiet++;
}

int blk_royal_effects(const blk_game *g, const void *s, qp_move m, int *sq, int max)
{
    const blk_royal *k = &g->rk;
    unsigned sp = sp_of(m);
    int from = blk_from(m), to = blk_to(m), n = 0;
    if (sp == BLK_SP_EP && blk_cax(g, s)->ep_victim && max >= 1) {
        sq[n++] = blk_cax(g, s)->ep_victim - 1;
    } else if (sp == BLK_SP_CASTLE && from >= 0) {
        int side = g->side_of[blk_ccells(g, s)[from]];
        for (int i = 0; i < k->ncastle && max >= 2; i++) {
            const blk_castle *ca = &k->castle[i];
            if (ca->side != side || ca->kfrom != from || ca->kto != to) continue;
            sq[n++] = ca->pfrom;
            sq[n++] = ca->pto;
            break;
        }
    }
    return n;
}

bool blk_royal_noisy(const blk_game *g, const void *s, qp_move m)
{
    return sp_of(m) == BLK_SP_EP || promo_of(m) || (!blk_hops(m) && blk_ccells(g, s)[blk_to(m)]);
}

unsigned blk_royal_flags(const blk_game *g, const void *s, qp_move m)
{
    unsigned f = 0;
    int from = blk_from(m);
    if (blk_ccells(g, s)[blk_to(m)] || sp_of(m) == BLK_SP_EP) f |= QP_MF_CAPTURE | QP_MF_IRREVERSIBLE;
    if (from >= 0 && (g->rk.resets >> blk_ccells(g, s)[from] & 1)) f |= QP_MF_RESETS_COUNTER | QP_MF_IRREVERSIBLE;
    if (sp_of(m) == BLK_SP_CASTLE) f |= QP_MF_IRREVERSIBLE;
    return f;
}

bool blk_royal_decided(const blk_game *g, const void *s, qp_outcome *o)
{
    const blk_royal *k = &g->rk;
    const blk_aux *a = blk_cax(g, s);
    if (!k->ndead || a->count[0] + a->count[1] > k->dead_max) return false;
    uint8_t have[64] = {0};
    const int8_t *c = blk_ccells(g, s);
    for (int sq = 0; sq < g->n; sq++)
        if (c[sq]) have[c[sq]]++;
    for (int i = 0; i < k->ndead; i++)
        if (!memcmp(have, k->dead[i], sizeof have)) {
            o->result = QP_DRAW;
            o->winner = 0;
            o->reason = k->dead_reason;
            return true;
        }
    return false;
}

/* ---- why a move is refused ------------------------------------------------------- */

bool blk_royal_why(const blk_game *g, const void *s, const char *text, char *err, size_t errn)
{
    const blk_royal *k = &g->rk;
    const int8_t *c = blk_ccells(g, s);
    int side = blk_side(s), from, to;
    int u1 = qp_sq_parse(&g->geom, text, &from);
    int u2 = u1 ? qp_sq_parse(&g->geom, text + u1, &to) : 0;
    if (!u1 || !u2 || !c[from] || g->side_of[c[from]] != side) return false;
    const char *rest = text + u1 + u2;
    char nf[8], nt[8], at_nm[8];
    qp_sq_name(&g->geom, from, nf);
    qp_sq_name(&g->geom, to, nt);
    for (int i = 0; i < k->ncastle; i++) {
        const blk_castle *ca = &k->castle[i];
        if (ca->side != side || ca->kfrom != from || ca->kto != to || *rest) continue;
        int at;
        const char *bar = castle_bar(g, s, i, &at);
        if (!bar) return false;
        if (at >= 0) qp_sq_name(&g->geom, at, at_nm);
        if (!strcmp(bar, "no right"))
            snprintf(err, errn, "%s%s: no castling right '%c' (the %s or its partner has moved)", nf, nt, ca->right,
                     k->royal_name);
        else if (!strcmp(bar, "between"))
            snprintf(err, errn, "%s%s: cannot castle, %s is occupied", nf, nt, at_nm);
        else if (!strcmp(bar, "check"))
            snprintf(err, errn, "%s%s: cannot castle out of check", nf, nt);
        else if (!strcmp(bar, "through"))
            snprintf(err, errn, "%s%s: cannot castle through check (%s is attacked)", nf, nt, at_nm);
        else
            snprintf(err, errn, "%s%s: cannot castle into check (%s is attacked)", nf, nt, at_nm);
        return true;
    }
    /* the pseudo-legal moves from-to */
    qp_move mv[QP_MAX_MOVES];
    int n = blk_piece_gen(g, s, side, mv, 0, false);
    bool found = false, promotes = false;
    for (int i = 0; i < n && !found; i++) {
        if (blk_from(mv[i]) != from || blk_to(mv[i]) != to) continue;
        found = true;
        promotes = k->npromo[c[from]] && (g->promote_zone[to] >> side & 1);
        if (promotes) {
            char choices[64] = "";
            for (int j = 0; j < k->npromo[c[from]]; j++) {
                size_t len = strlen(choices);
                snprintf(choices + len, sizeof choices - len, "%s%c", j ? ", " : "",
                         (char)(g->letter[k->promo_list[c[from]][j]] | 0x20));
            }
            int chosen = 0;
            for (int j = 0; j < k->npromo[c[from]] && rest[0] && !rest[1]; j++)
                if ((g->letter[k->promo_list[c[from]][j]] | 0x20) == rest[0]) chosen = k->promo_list[c[from]][j];
            if (!chosen) {
                snprintf(err, errn, "%s%s: a promotion, name the piece it becomes (one of %s)", nf, nt, choices);
                return true;
            }
            mv[i] |= (qp_move)chosen << BLK_PROMO_SHIFT;
        } else if (*rest) {
            snprintf(err, errn, "%s: only a promotion names a piece", text);
            return true;
        }
        if (k->royal && blk_cax(g, s)->royal[side] && leaves_check(g, s, side, mv[i])) {
            snprintf(err, errn, "%s%s: leaves your %s in check", nf, nt, k->royal_name);
            return true;
        }
    }
    return false;
}

/* ---- FEN ---------------------------------------------------------------------------- */

void blk_royal_fen_print(const blk_game *g, const void *s, char *buf, size_t n)
{
    const blk_royal *k = &g->rk;
    const blk_aux *a = blk_cax(g, s);
    char rights[BLK_MAX_CASTLES + 1];
    int nr = 0;
    for (int i = 0; i < k->ncastle; i++)
        if (a->rights >> i & 1) rights[nr++] = k->castle[i].right;
    if (!nr) rights[nr++] = '-';
    rights[nr] = 0;
    char ep[8] = "-";
    if (a->ep) qp_sq_name(&g->geom, a->ep - 1, ep);
    int ply = *(const int32_t *)((const uint8_t *)s + 12);
    size_t len = strlen(buf);
    snprintf(buf + len, n > len ? n - len : 0, " %s %s %d %d", rights, ep, a->quiet, ply / 2 + 1);
}

int blk_royal_fen_parse(const blk_game *g, void *s, const char *castling, const char *ep, const char *half,
                        char *err, size_t errn)
{
    const blk_royal *k = &g->rk;
    const int8_t *c = blk_ccells(g, s);
    blk_aux *a = blk_ax(g, s);
    int side = blk_side(s);
    blk_royal_start(g, s);
    uint8_t allowed = a->rights;
    a->rights = 0;
    if (strcmp(castling, "-")) {
        for (const char *p = castling; *p; p++) {
            int i = 0;
            while (i < k->ncastle && k->castle[i].right != *p) i++;
            if (i == k->ncastle) {
                snprintf(err, errn, "FEN castling: '%c' is not a castling of this game", *p);
                return -1;
            }
            if (!(allowed >> i & 1)) {
                char nk[8], np[8];
                qp_sq_name(&g->geom, k->castle[i].kfrom, nk);
                qp_sq_name(&g->geom, k->castle[i].pfrom, np);
                snprintf(err, errn, "FEN castling: '%c' needs the %s on %s and its partner on %s", *p, k->royal_name,
                         nk, np);
                return -1;
            }
            a->rights |= (uint8_t)(1u << i);
        }
    }
    if (strcmp(ep, "-")) {
        int sq, used = qp_sq_parse(&g->geom, ep, &sq);
        if (!used || ep[used] || !k->en_passant) {
            snprintf(err, errn, "FEN en passant: '%s' is not a square of the board", ep);
            return -1;
        }
        /* the piece that passed stands one square further, forward for
         * the side that moved it */
        int dx[8], dy[8];
        blk_piece_dirs("forward", 1 - side, dx, dy);
        int w = g->geom.w, f = sq % w + dx[0], r = sq / w + dy[0];
        int v = f >= 0 && f < w && r >= 0 && r < g->geom.h ? r * w + f : -1;
        if (v < 0 || c[sq] || !c[v] || g->side_of[c[v]] == side) {
            snprintf(err, errn, "FEN en passant: %s is not a square an enemy piece just passed", ep);
            return -1;
        }
        for (int i = 0; i < k->nepm[side]; i++) {
            int at = k->rto[sq][k->ep_vec[side][i]];
            if (at >= 0 && c[at] == k->ep_code[side][i]) {
                a->ep = (int16_t)(sq + 1);
                a->ep_victim = (int16_t)(v + 1);
            }
        }
    }
    a->quiet = 0;
    if (half) {
        char *end;
        long q = strtol(half, &end, 10);
        if (!*half || *end || q < 0 || q > 65535) {
            snprintf(err, errn, "FEN halfmove clock: expected a count, got '%s'", half);
            return -1;
        }
        a->quiet = (uint16_t)q;
    }
    return 0;
}
