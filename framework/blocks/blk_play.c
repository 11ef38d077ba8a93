/*
 * blk_play.c — playing a block game's moves, and their text both ways with
 * the reason an illegal move is refused.
 */
#include "blk_group.h"
#include "blk_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void put(const blk_game *g, void *s, int sq, int code)
{
    blk_put(g, s, sq, code);
}

static void end_turn(const blk_game *g, void *s)
{
    int32_t *side = (int32_t *)((uint8_t *)s + 8);
    if (g->nsides == 2) {
        *side ^= 1;
        *(uint64_t *)s ^= g->z_side;
    }
    (*(int32_t *)((uint8_t *)s + 12))++;
}

/* Flips the runs a placement on sq brackets. */
static void flip_runs(const blk_game *g, void *s, int sq, int side, int code)
{
    int8_t *c = blk_cells(g, s);
    blk_aux *a = blk_ax(g, s);
    for (int d = 0; d < QP_NDIRS; d++) {
        if (!blk_dir_ok(g->place_dirs, d)) continue;
        int t = g->geom.nb[sq][d], k = 0;
        while (t >= 0 && c[t] && g->side_of[c[t]] == 1 - side) t = g->geom.nb[t][d], k++;
        if (!k || t < 0 || !c[t] || g->side_of[c[t]] != side) continue;
        for (t = g->geom.nb[sq][d]; k > 0; k--, t = g->geom.nb[t][d]) {
            put(g, s, t, code);
            a->count[side]++;
            a->count[1 - side]--;
        }
    }
}

/* Removes what the piece just moved or placed on sq encloses (rules.capture). */
static void take_enclosed(const blk_game *g, void *s, int sq)
{
    int taken[4 * BLK_ENCLOSE_LINE];
    int k = blk_enclosed(g, s, sq, taken);
    blk_aux *a = blk_ax(g, s);
    int side = g->side_of[blk_cells(g, s)[sq]];
    for (int i = 0; i < k; i++) {
        put(g, s, taken[i], 0);
        a->count[1 - side]--;
        if (g->capture_win && g->nsides == 2) a->captured[side]++;
    }
}

void blk_make(const blk_game *g, void *s, qp_move m)
{
    if (m == BLK_PASS) {
        if (g->pass_always || g->pass_end) blk_group_pass(g, s);
        end_turn(g, s);
        return;
    }
    int side = blk_side(s);
    blk_aux *a = blk_ax(g, s);
    int to = blk_to(m), from = blk_from(m), code;
    int8_t *c = blk_cells(g, s);
    if (m == BLK_SWAP) {   /* the pie rule (blk_swap.c) */
        int sq = blk_swap_from(g, s);
        to = blk_swap_to(g, sq);
        put(g, s, sq, 0);
        put(g, s, to, g->place_code[1]);
        a->count[0]--;
        a->count[1]++;
    } else if (from < 0) {
        code = g->place_code[side];
        if (g->hand[side] >= 0 && a->hand[side] > 0) {
            *(uint64_t *)s ^= g->z_hand[side][a->hand[side] & 255] ^ g->z_hand[side][(a->hand[side] - 1) & 255];
            a->hand[side]--;
        }
        put(g, s, to, code);
        a->count[side]++;
        if (g->place == BLK_PLACE_FLANK) flip_runs(g, s, to, side, code);
        if (g->group_capture) blk_group_place(g, s, to, side);
    } else {
        code = c[from];
        int hops = blk_hops(m);
        int at = from;
        put(g, s, from, 0);
        if (g->jump_after && hops) blk_fly_take(g, s, m);   /* a set capture (blk_fly.c) */
        for (int i = 0; i < hops && !g->jump_after; i++) {
            int d = blk_hop_dir(m, i);
            int over = g->geom.nb[at][d];
            int taken = c[over];
            if (taken) {
                put(g, s, over, 0);
                a->count[g->side_of[taken]]--;
                /* blk.h: captured is start material minus what is left, own jumped pieces too */
                if (g->capture_win && g->nsides == 2) a->captured[1 - g->side_of[taken]]++;
            }
            at = g->geom.nb[over][d];
        }
        if (g->rk.on) code = blk_royal_make(g, s, m, from, to, code);   /* en passant, castling, promotion */
        if (c[to]) {   /* a piece movement captures by moving onto an enemy */
            a->count[g->side_of[c[to]]]--;
            if (g->capture_win && g->nsides == 2) a->captured[side]++;
        }
        put(g, s, to, blk_lands_as(g, code, to));
        if (g->shoot_code && !hops) {   /* the shot (blk_shoot.c) */
            put(g, s, blk_then(m), g->shoot_code);
            a->count[g->side_of[g->shoot_code]]++;
        }
    }
    if (g->enclose_npat && !blk_hops(m)) take_enclosed(g, s, to);
    if (g->has_connect && !a->connected) a->connected = (int8_t)blk_connect_through(g, c, to);
    if (g->mill_k || g->surround) blk_mill_make(g, s, m, to, side);   /* removal, captures */
    if (g->line_k && !a->line) {
        if (from < 0 && g->place != BLK_PLACE_FLANK) {
            if (blk_line_at(g, s, to)) a->line = (int8_t)(1 + side);
        } else {
            /* flips, captures and a vacated point change runs away from
             * `to` too: look everywhere, as blk_refresh does */
            for (int sq = 0; sq < g->n && !a->line; sq++)
                if (c[sq] && blk_line_at(g, s, sq)) a->line = (int8_t)(1 + g->side_of[c[sq]]);
        }
    }
    end_turn(g, s);
}

void blk_make_null(const blk_game *g, void *s)
{
    if (g->rk.on) blk_royal_null(g, s);
    end_turn(g, s);
}

unsigned blk_move_flags(const blk_game *g, const void *s, qp_move m)
{
    if (m == BLK_PASS) return 0;
    if (m == BLK_SWAP) return QP_MF_IRREVERSIBLE;
    unsigned special = g->rk.on ? blk_royal_flags(g, s, m) : 0;   /* en passant, resets, castling */
    if (blk_hops(m) || (g->pc.on && blk_from(m) >= 0 && blk_ccells(g, s)[blk_to(m)]))
        return QP_MF_CAPTURE | QP_MF_IRREVERSIBLE | special;
    int taken[4 * BLK_ENCLOSE_LINE];
    if (blk_enclose_move(g, s, m, taken)) return QP_MF_CAPTURE | QP_MF_IRREVERSIBLE | special;
    if ((g->mill_k || g->surround) && blk_mill_captures(g, s, m)) return QP_MF_CAPTURE | QP_MF_IRREVERSIBLE | special;
    int from = blk_from(m);
    /* a placement never comes back, nor does a shot */
    if (from < 0 || g->shoot_code) return QP_MF_IRREVERSIBLE | special;
    int code = blk_ccells(g, s)[from];
    if (g->resets_no_capture[code]) return QP_MF_IRREVERSIBLE | QP_MF_RESETS_COUNTER | special;
    return (blk_lands_as(g, code, blk_to(m)) != code ? QP_MF_IRREVERSIBLE : 0) | special;
}

int blk_move_order(const blk_game *g, const void *s, qp_move m)
{
    if (m == BLK_PASS || m == BLK_SWAP) return 0;
    int hops = blk_hops(m);
    if (hops) return 1000 * hops;
    int taken[4 * BLK_ENCLOSE_LINE];
    int enclosed = blk_enclose_move(g, s, m, taken);
    if (enclosed) return 1000 * enclosed;
    if (g->mill_k && blk_then(m) >= 0) return 1000;   /* a removal after a mill */
    int from = blk_from(m), to = blk_to(m);
    int side = blk_side(s);
    if (from < 0) return g->square[g->place_code[side]][to];
    int code = blk_ccells(g, s)[from], victim = blk_ccells(g, s)[to];
    if (g->rk.on && blk_royal_noisy(g, s, m)) {   /* promotions first, en passant as a capture */
        int promo = (int)(m >> BLK_PROMO_SHIFT & 63);
        return 1000 + (promo ? g->value[promo] : 0) + g->value[victim ? victim : code] - g->value[code] / 16;
    }
    if (victim) return 1000 + g->value[victim] - g->value[code] / 16;   /* displacement: most valuable first */
    return g->square[code][to] - g->square[code][from];
}

void blk_move_text(const blk_game *g, qp_move m, char *buf, size_t n)
{
    if (!n) return;
    if (m == BLK_PASS || m == BLK_SWAP) {
        snprintf(buf, n, "%s", m == BLK_PASS ? "pass" : "swap");
        return;
    }
    if (g->jump_after && blk_hops(m)) {   /* a set capture: its route needs the position */
        blk_fly_text(g, NULL, m, buf, n);
        return;
    }
    char t[8 * (BLK_MAX_HOPS + 2)] = "";
    size_t len = 0;
    int from = blk_from(m), to = blk_to(m);
    if (from >= 0) {
        qp_sq_name(&g->geom, from, t);
        len = strlen(t);
        int hops = blk_hops(m), at = from;
        for (int i = 0; i + 1 < hops; i++) {
            int d = blk_hop_dir(m, i);
            at = g->geom.nb[g->geom.nb[at][d]][d];
            qp_sq_name(&g->geom, at, t + len);
            len = strlen(t);
        }
    }
    qp_sq_name(&g->geom, to, t + len);
    if (g->shoot_code && from >= 0 && !blk_hops(m)) qp_sq_name(&g->geom, blk_then(m), t + strlen(t));
    if (!blk_hops(m) && (m >> BLK_PROMO_SHIFT & 63)) {   /* a promotion names the new piece, lowercase */
        len = strlen(t);
        t[len] = (char)(g->letter[m >> BLK_PROMO_SHIFT & 63] | 0x20);
        t[len + 1] = 0;
    }
    if (g->mill_k && !blk_hops(m) && blk_then(m) >= 0) {   /* the removal after a mill */
        len = strlen(t);
        t[len++] = 'x';
        qp_sq_name(&g->geom, blk_then(m), t + len);
    }
    snprintf(buf, n, "%s", t);
}

int blk_move_squares(const blk_game *g, qp_move m, int *sq, int max)
{
    /* in the order a player clicks them: the piece, then each landing
     * square of a jump chain (the jumped pieces are not clicked) */
    if (m == BLK_PASS || max < 1) return 0;
    if (m == BLK_SWAP) return 0;   /* the move names no square */
    if (g->jump_after && blk_hops(m)) return blk_fly_squares(g, NULL, m, sq, max);   /* from, to */
    int k = 0, from = blk_from(m), hops = blk_hops(m);
    if (from >= 0) sq[k++] = from;
    int at = from;
    for (int i = 0; i + 1 < hops && k < max; i++) {
        int d = blk_hop_dir(m, i);
        at = g->geom.nb[g->geom.nb[at][d]][d];
        sq[k++] = at;
    }
    if (k < max) sq[k++] = blk_to(m);
    if (g->shoot_code && from >= 0 && !hops && k < max) sq[k++] = blk_then(m);   /* the shot, last */
    if (g->mill_k && blk_then(m) >= 0 && k < max) sq[k++] = blk_then(m);
    return k;
}

int blk_move_effects(const blk_game *g, const void *s, qp_move m, int *sq, int max)
{
    if (m == BLK_PASS || m == BLK_SWAP || max < 1) return 0;
    int hops = blk_hops(m), at = blk_from(m), k = 0;
    for (int i = 0; i < hops && at >= 0 && k < max; i++) {   /* each jumped piece, between two landings */
        int d = blk_hop_dir(m, i);
        sq[k++] = g->geom.nb[at][d];
        at = g->geom.nb[g->geom.nb[at][d]][d];
    }
    if (!hops && g->rk.on) k += blk_royal_effects(g, s, m, sq + k, max - k);
    /* Then whatever else the move changes — discs flipped, stones taken by
     * surrounding, pieces taken by enclosing, a group's suicide — read off
     * the position after it, so that no block's capture is left out. */
    int clicked[BLK_MAX_HOPS + 4];
    int nc = blk_move_squares(g, m, clicked, BLK_MAX_HOPS + 4);
    void *after = malloc(g->state_size);
    if (!after) return k;
    memcpy(after, s, g->state_size);
    blk_make(g, after, m);
    const int8_t *was = blk_ccells(g, s), *now = blk_ccells(g, after);
    for (int p = 0; p < g->n && k < max; p++) {
        bool listed = was[p] == now[p];
        for (int i = 0; i < nc && !listed; i++) listed = clicked[i] == p;
        for (int i = 0; i < k && !listed; i++) listed = sq[i] == p;
        if (!listed) sq[k++] = p;
    }
    free(after);
    return k;
}

/* ---- parsing, with the reason a move is refused ------------------------- */

/* Reads squares from text: count, or -1 when a part is not a square of the
 * board (bad names the part). */
static int read_squares(const blk_game *g, const char *text, int *sq, int max)
{
    int k = 0;
    const char *p = text;
    while (*p && k < max) {
        int used = qp_sq_parse(&g->geom, p, &sq[k]);
        if (!used) return -1;
        k++;
        p += used;
    }
    return *p ? -1 : k;
}

static bool adjacent(const blk_game *g, int a, int b)
{
    for (int d = 0; d < QP_NDIRS; d++)
        if (g->geom.nb[a][d] == b) return true;
    return false;
}

static void why_not(const blk_game *g, const void *s, const char *text, char *err, size_t errn)
{
    int side = blk_side(s);
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    qp_move tmp[QP_MAX_MOVES];
    int sq[BLK_MAX_HOPS + 2];
    int k = read_squares(g, text, sq, BLK_MAX_HOPS + 2);
    char nm[8], nm2[8];
    if (!strcmp(text, "pass")) {
        snprintf(err, errn, "pass: only a side without a move may pass");
        return;
    }
    if (!strcmp(text, "swap")) {
        snprintf(err, errn, g->swap ? "swap: only the second side's first move may take over the first piece"
                                    : "swap: this game has no pie rule");
        return;
    }
    if (k <= 0) {
        snprintf(err, errn, "bad move text '%s'", text);
        return;
    }
    for (int i = 0; i < k; i++)
        if (g->hole[sq[i]]) {
            qp_sq_name(&g->geom, sq[i], nm);
            snprintf(err, errn, "%s is not on the board", nm);
            return;
        }
    bool jump_exists = false;
    int most = 0;   /* the most pieces a legal jump takes */
    if (g->jump_forced || g->jump_most) {
        int n = blk_gen_side(g, s, side, tmp, false);
        for (int i = 0; i < n; i++) {
            jump_exists |= blk_hops(tmp[i]) > 0;
            if (blk_hops(tmp[i]) > most) most = blk_hops(tmp[i]);
        }
        jump_exists &= g->jump_forced;
    }
    if (k == 1) {
        qp_sq_name(&g->geom, sq[0], nm);
        if (g->place == BLK_PLACE_NONE || !g->place_code[side]) {
            snprintf(err, errn, "%s: pieces are not placed in this game; move one from-to", nm);
        } else if (g->hand[side] >= 0 && a->hand[side] <= 0) {
            snprintf(err, errn, "%s: no pieces left to place; move one from-to", nm);
        } else if (c[sq[0]]) {
            snprintf(err, errn, "%s is occupied", nm);
        } else if (blk_group_why_not(g, s, sq[0])) {
            snprintf(err, errn, "%s %s", nm, blk_group_why_not(g, s, sq[0]));
        } else if (jump_exists) {
            snprintf(err, errn, "a jump is available and must be taken");
        } else if (g->place == BLK_PLACE_FLANK) {
            snprintf(err, errn, "%s must flip at least one disc", nm);
        } else if (g->place == BLK_PLACE_GRAVITY) {
            snprintf(err, errn, "%s: pieces drop to the lowest empty point of a column", nm);
        } else {
            snprintf(err, errn, "%s is not a legal placement", nm);
        }
        return;
    }
    if (g->shoot_code) {
        blk_shoot_why(g, s, sq, k, text, err, errn);
        return;
    }
    qp_sq_name(&g->geom, sq[0], nm);
    qp_sq_name(&g->geom, sq[k - 1], nm2);
    if (g->place_first && g->place_code[side] && g->hand[side] >= 0 && a->hand[side] > 0)
        snprintf(err, errn, "%s: place your pieces in hand first", text);
    else if (!c[sq[0]])
        snprintf(err, errn, "%s is empty", nm);
    else if (g->side_of[c[sq[0]]] != side)
        snprintf(err, errn, "%s is not your piece", nm);
    else if (g->pc.on && k == 2 && blk_piece_why(g, s, sq[0], sq[1], err, errn))
        ;
    else if (c[sq[k - 1]])
        snprintf(err, errn, "%s is occupied", nm2);
    else if (g->jump_most && most > k - 1 && !adjacent(g, sq[0], sq[1]))
        snprintf(err, errn, "%s: a capture must take the most pieces (%d)", text, most);
    else if (jump_exists)
        snprintf(err, errn, "a jump is available and must be taken");
    else
        snprintf(err, errn, "%s: that piece cannot move so", text);
}

int blk_move_parse(const blk_game *g, const void *s, const char *text, qp_move *m, char *err, size_t errn)
{
    qp_move mv[QP_MAX_MOVES];
    qp_outcome o;
    if (blk_decided(g, s, &o)) {
        snprintf(err, errn, "the game is over (%s)", o.reason);
        return -1;
    }
    if (g->jump_after) return blk_fly_parse(g, s, text, m, err, errn);   /* draughts texts (blk_fly.c) */
    int n = blk_gen(g, s, mv, QP_GEN_ALL);
    char t[QP_MOVE_TEXT * 4], want[QP_MOVE_TEXT * 4];
    size_t len = strlen(text);
    if (len >= sizeof want) {
        snprintf(err, errn, "'%.20s…' is not a move", text);
        return -1;
    }
    for (size_t i = 0; i <= len; i++) want[i] = (char)tolower((unsigned char)text[i]);
    /* Connect Four style: a column letter alone drops into that column */
    bool column = g->place == BLK_PLACE_GRAVITY && len == 1 && want[0] >= 'a' && want[0] < 'a' + g->geom.w;
    /* A text of squares is matched on the move's fields, not by printing
     * every move (Amazons has thousands): a move without hops prints
     * exactly its from, to and shot squares. */
    int sq[BLK_MAX_HOPS + 2];
    int k = column ? -1 : read_squares(g, want, sq, BLK_MAX_HOPS + 2);
    for (int i = 0; i < n; i++) {
        if (k > 0 && mv[i] != BLK_PASS && mv[i] != BLK_SWAP) {
            int from = blk_from(mv[i]);
            if (from != (k == 1 ? -1 : sq[0])) continue;
            if (!blk_hops(mv[i]) && !(mv[i] >> BLK_PROMO_SHIFT & 63)) {   /* a promotion names its piece */
                if (g->mill_k && blk_then(mv[i]) >= 0) continue;   /* its text has the 'x' */
                bool shot = g->shoot_code && from >= 0;
                if (k != 1 + (from >= 0) + shot || blk_to(mv[i]) != sq[k - 1 - shot] ||
                    (shot && blk_then(mv[i]) != sq[k - 1]))
                    continue;
                *m = mv[i];
                return 0;
            }
        }
        if (column) {
            if (mv[i] != BLK_PASS && blk_from(mv[i]) < 0 && blk_to(mv[i]) % g->geom.w == want[0] - 'a') {
                *m = mv[i];
                return 0;
            }
            continue;
        }
        blk_move_text(g, mv[i], t, sizeof t);
        if (!strcmp(t, want)) {
            *m = mv[i];
            return 0;
        }
    }
    if (column) {
        snprintf(err, errn, "column %c is full", want[0]);
        return -1;
    }
    if (!n) {
        snprintf(err, errn, "no legal moves");
        return -1;
    }
    if (g->mill_k && blk_mill_why(g, s, want, err, errn)) return -1;
    if (g->mill_k) want[strcspn(want, "x")] = 0;   /* the move itself is wrong: say why */
    if (!strcmp(want, "pass") || n == 1) {
        if (n == 1 && mv[0] == BLK_PASS && strcmp(want, "pass")) {
            snprintf(err, errn, "%s: you have no move and must pass", text);
            return -1;
        }
    }
    if (!(g->rk.on && blk_royal_why(g, s, want, err, errn))) why_not(g, s, want, err, errn);
    return -1;
}
