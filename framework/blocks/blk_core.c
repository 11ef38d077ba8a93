/*
 * blk_core.c — a block game's defaults, derived tables, and the aux part of
 * its positions (hands, counts, captures, a made line) with their hash.
 */
#include "blk.h"

#include <stdio.h>
#include <string.h>

#include "blk_group.h"
#include "blk_internal.h"
#include "splitmix.h"

void blk_defaults(blk_game *g)
{
    memset(g, 0, sizeof *g);
    g->hand[0] = g->hand[1] = -1;
    g->place_first = true;
    g->place_dirs = BLK_DIRS_LINES;
    g->move_dirs = BLK_DIRS_LINES;
    g->line_dirs = BLK_DIRS_LINES;
    g->stuck = BLK_STUCK_LOSES;
    g->count_end = BLK_END_DRAW;
    g->goal_sq = -1;
    blk_piece_defaults(&g->pc);
    blk_royal_defaults(&g->rk);
}

static const char *number_word(int k)
{
    static const char *const w[] = {"zero", "one", "two", "three", "four", "five", "six",
                                    "seven", "eight", "nine", "ten"};
    return k >= 0 && k <= 10 ? w[k] : NULL;
}

static void default_reason(char *dst, const char *text)
{
    if (!dst[0]) snprintf(dst, BLK_REASON, "%s", text);
}

bool blk_dir_ok(blk_dirs d, int dir)
{
    switch (d) {
    case BLK_DIRS_ORTH: return dir < 4;
    case BLK_DIRS_DIAG: return dir >= 4;
    default: return true;
    }
}

/* The class of colour counts n[colouring][colour]: the parities of
 * pairwise sums, which no jump changes. */
static int class_of(int n[2][3])
{
    return ((n[0][0] + n[0][1]) & 1) | ((n[0][1] + n[0][2]) & 1) << 1 | ((n[1][0] + n[1][1]) & 1) << 2 |
           ((n[1][1] + n[1][2]) & 1) << 3;
}

/* The position class of a puzzle (see blk_game) applies when the only
 * moves are capturing jumps, each along a link of one unit across or
 * down, and the goal is one piece. */
static void prepare_class(blk_game *g)
{
    g->has_class = false;
    if (g->nsides != 1 || g->goal_left != 1 || g->place != BLK_PLACE_NONE || g->hook_moves || g->hand[0] > 0)
        return;
    for (int c = 1; c <= g->ncodes; c++)
        if (g->move[c] & ~BLK_JUMP) return;
    int w = g->geom.w;
    for (int sq = 0; sq < g->n; sq++) {
        int x = sq % w, y = sq / w;
        for (int i = 0; i < g->ndir[sq]; i++) {
            int t = g->geom.nb[sq][g->dir[sq][i]];
            int dx = t % w - x, dy = t / w - y;
            if (dx * dx + dy * dy != 1) return;   /* a diagonal or a long link */
        }
        g->colour[sq] = (uint8_t)((x + y) % 3 | (((x - y) % 3 + 3) % 3) << 2);
    }
    g->has_class = true;
    g->goal_classes = 0;
    for (int q = 0; q < g->n; q++) {
        if (g->hole[q] || (g->goal_sq >= 0 && q != g->goal_sq)) continue;
        int n[2][3] = {{0}};   /* a lone piece on q */
        n[0][g->colour[q] & 3] = n[1][g->colour[q] >> 2] = 1;
        g->goal_classes |= (uint16_t)(1u << class_of(n));
    }
}

int blk_class(const blk_game *g, const uint8_t *s)
{
    const int8_t *c = (const int8_t *)(s + g->off_cells);
    int n[2][3] = {{0}};
    for (int sq = 0; sq < g->n; sq++)
        if (c[sq]) {
            n[0][g->colour[sq] & 3]++;
            n[1][g->colour[sq] >> 2]++;
        }
    return class_of(n);
}

bool blk_hopeless(const blk_game *g, const uint8_t *s)
{
    return g->has_class && !(g->goal_classes >> blk_class(g, s) & 1);
}

int blk_prepare(blk_game *g, size_t off_cells, char *err, size_t errn)
{
    g->off_cells = off_cells;
    g->off_aux = (off_cells + (size_t)g->n + 7) & ~(size_t)7;
    g->state_size = (g->off_aux + sizeof(blk_aux) + 7) & ~(size_t)7;

    for (int s = 0; s < 2; s++) {
        if (g->place != BLK_PLACE_NONE && s < g->nsides && g->place_code[s] &&
            g->side_of[g->place_code[s]] != s) {
            snprintf(err, errn, "rules.place: piece '%c' is not the %s side's", g->letter[g->place_code[s]],
                     s ? "second" : "first");
            return -1;
        }
        if (g->hand[s] > 255) {
            snprintf(err, errn, "rules.place: a hand holds at most 255 pieces");
            return -1;
        }
    }
    bool moves = false;
    for (int c = 1; c <= g->ncodes; c++) moves |= g->move[c] != 0;
    moves |= g->pc.on;
    if (g->place == BLK_PLACE_NONE && !moves && !g->hook_moves) {
        snprintf(err, errn, "rules: a game needs 'place' or 'move' (or a 'moves' hook)");
        return -1;
    }
    /* shoot, connect, swap (blk_shoot.c, blk_connect.c, blk_swap.c) */
    bool steps = false;
    for (int c = 1; c <= g->ncodes; c++) steps |= (g->move[c] & (BLK_STEP | BLK_SLIDE)) != 0;
    if (g->shoot_code && !steps) {
        snprintf(err, errn, "rules.shoot: no piece steps or slides, so none shoots");
        return -1;
    }
    if (g->has_connect && g->nsides != 2) {
        snprintf(err, errn, "rules.connect: needs two sides");
        return -1;
    }
    if (g->swap && (g->nsides != 2 || g->geom.w != g->geom.h || g->place == BLK_PLACE_NONE || !g->place_code[0] ||
                    !g->place_code[1])) {
        snprintf(err, errn, "rules.swap: the pie rule needs two sides placing pieces on a square board");
        return -1;
    }
    if (g->has_connect && !g->connect_reason[0]) snprintf(g->connect_reason, BLK_REASON, "connected");
    if (g->stuck == BLK_STUCK_PASS && g->nsides < 2) {
        snprintf(err, errn, "rules.stuck: \"pass\" needs two sides");
        return -1;
    }
    if (g->nsides == 1 && g->line_k) {
        snprintf(err, errn, "rules.line: a one-player game has no lines to win");
        return -1;
    }

    g->any_jump = false;
    g->side_moves[0] = g->side_moves[1] = 0;
    for (int c = 1; c <= g->ncodes; c++) {
        g->any_jump |= (g->move[c] & BLK_JUMP) != 0;
        if (g->side_of[c] < 2) g->side_moves[g->side_of[c]] |= g->move[c];
    }
    /* movement directions per square, in dir order */
    for (int sq = 0; sq < g->n; sq++) {
        g->ndir[sq] = 0;
        for (int d = 0; d < QP_NDIRS; d++)
            if (g->geom.nb[sq][d] >= 0 && blk_dir_ok(g->move_dirs, d)) g->dir[sq][g->ndir[sq]++] = (int8_t)d;
        g->npdir[sq] = 0;
        for (int d = 0; d < QP_NDIRS; d++)
            if (g->geom.nb[sq][d] >= 0 && blk_dir_ok(g->place_dirs, d)) g->pdir[sq][g->npdir[sq]++] = (int8_t)d;
    }

    /* a piece's own directions and promotion (blk_promote.c) */
    for (int c = 1; c <= g->ncodes; c++)
        if (g->promote_to[c] && g->side_of[g->promote_to[c]] != g->side_of[c]) {
            snprintf(err, errn, "rules.promote: '%c' would become '%c', a piece of the other side", g->letter[c],
                     g->letter[g->promote_to[c]]);
            return -1;
        }
    blk_prepare_pieces(g);
    if (blk_fly_prepare(g, err, errn)) return -1;   /* jump directions, set captures, numbers */
    blk_line_prepare(g);

    /* bitboards: every link of a direction is one constant offset */
    g->bb_ok = g->n <= 64;
    for (int d = 0; d < QP_NDIRS && g->bb_ok; d++) {
        g->bb_delta[d] = 0;
        g->bb_valid[d] = 0;
        bool have = false;
        for (int sq = 0; sq < g->n; sq++) {
            int t = g->geom.nb[sq][d];
            if (t < 0) continue;
            if (have && t - sq != g->bb_delta[d]) g->bb_ok = false;
            g->bb_delta[d] = t - sq;
            have = true;
            g->bb_valid[d] |= (uint64_t)1 << sq;
        }
    }
    g->bb_empty_ok = 0;
    for (int sq = 0; sq < g->n && g->bb_ok; sq++)
        if (!g->hole[sq]) g->bb_empty_ok |= (uint64_t)1 << sq;
    blk_eval_prepare(g);   /* after the bitboards: it derives its own */
    g->bb_points = 0;
    for (int sq = 0; sq < g->n && g->n <= 64; sq++)
        if (!g->hole[sq]) g->bb_points |= (uint64_t)1 << sq;

    if (blk_piece_prepare(g, err, errn)) return -1;
    if (blk_royal_prepare(g, err, errn)) return -1;
    prepare_class(g);
    blk_enclose_prepare(g);
    blk_group_prepare(g);
    if (blk_mill_prepare(g, err, errn)) return -1;

    uint64_t seed = 0x51706c6b73ull;   /* fixed: hashes agree across runs */
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 256; k++) g->z_hand[s][k] = k ? qp_splitmix64(&seed) : 0;

    /* texts */
    if (g->line_k) {
        const char *w = number_word(g->line_k);
        char t[BLK_REASON];
        if (w) snprintf(t, sizeof t, "%s in a row", w);
        else snprintf(t, sizeof t, "%d in a row", g->line_k);
        default_reason(g->line_reason, t);
    }
    default_reason(g->stuck_reason, g->stuck == BLK_STUCK_DRAW && g->place != BLK_PLACE_NONE && !moves
                                        ? "board full" : "no moves");
    default_reason(g->count_reason, g->count_end == BLK_END_FEWEST ? "fewer pieces" : "more pieces");
    default_reason(g->count_draw_reason, "equal counts");
    if (g->capture_win) {
        char t[BLK_REASON];
        snprintf(t, sizeof t, "%d captured", g->capture_win);
        default_reason(g->capture_reason, t);
    }
    default_reason(g->fewer_reason, "too few pieces");
    default_reason(g->goal_reason, "solved");
    if (!g->noun[0]) snprintf(g->noun, sizeof g->noun, "piece");
    for (int k = 0; k < 64; k++) {
        const char *w = number_word(k);
        char num[12];
        snprintf(num, sizeof num, "%d", k);
        snprintf(g->reason_left[k], BLK_REASON, "%s %s%s left", k == 1 && w ? w : num, g->noun, k == 1 ? "" : "s");
    }
    if (g->goal_left && !g->goal_miss_reason[0]) {
        char nm[8] = "";
        if (g->goal_sq >= 0) qp_sq_name(&g->geom, g->goal_sq, nm);
        const char *left = g->goal_left < 64 ? g->reason_left[g->goal_left] : "left";
        if (g->goal_sq >= 0) snprintf(g->goal_miss_reason, sizeof g->goal_miss_reason, "%s, not on %s", left, nm);
        else snprintf(g->goal_miss_reason, sizeof g->goal_miss_reason, "%s", left);
    }
    return 0;
}

/* ---- aux and hash ----------------------------------------------------------- */

void blk_refresh(const blk_game *g, void *s)
{
    int8_t *c = blk_cells(g, s);
    blk_aux *a = blk_ax(g, s);
    a->count[0] = a->count[1] = a->count[BLK_NEUTRAL] = 0;
    a->bb[0] = a->bb[1] = a->bb[BLK_NEUTRAL] = 0;
    a->line = 0;
    for (int sq = 0; sq < g->n; sq++) {
        if (g->hole[sq]) c[sq] = 0;
        if (!c[sq]) continue;
        a->count[g->side_of[c[sq]]]++;
        if (g->n <= 64) a->bb[g->side_of[c[sq]]] |= (uint64_t)1 << sq;
    }
    a->connected = g->has_connect ? (int8_t)blk_connect_find(g, c) : 0;
    if (g->line_k)
        for (int sq = 0; sq < g->n && !a->line; sq++)
            if (c[sq] && blk_line_at(g, s, sq)) a->line = (int8_t)(1 + g->side_of[c[sq]]);
    for (int s2 = 0; s2 < 2; s2++) {
        int lost = g->start_total[1 - s2] - a->count[1 - s2] - (g->hand[1 - s2] >= 0 ? a->hand[1 - s2] : 0);
        a->captured[s2] = (int16_t)(lost > 0 ? lost : 0);
    }
    if (g->nsides == 1 || !g->capture_win) a->captured[0] = a->captured[1] = 0;
    if (g->rk.on) blk_royal_refresh(g, s);
}

uint64_t blk_hands_key(const blk_game *g, const void *s)
{
    const blk_aux *a = blk_cax(g, s);
    uint64_t h = 0;
    for (int k = 0; k < 2; k++)
        if (g->hand[k] >= 0) h ^= g->z_hand[k][a->hand[k] & 255];
    return h ^ blk_group_key(g, s);   /* and the passes in a row (blk_group.c) */
}

void blk_start_hands(const blk_game *g, void *s)
{
    blk_aux *a = blk_ax(g, s);
    for (int k = 0; k < 2; k++) a->hand[k] = (int16_t)(g->hand[k] > 0 ? g->hand[k] : 0);
}

static bool has_hands(const blk_game *g)
{
    return g->hand[0] >= 0 || g->hand[1] >= 0;
}

void blk_fen_print(const blk_game *g, const void *s, char *buf, size_t n)
{
    if (!has_hands(g) || !n) return;
    const blk_aux *a = blk_cax(g, s);
    size_t len = strlen(buf);
    if (len + 1 < n) buf[len++] = '[';
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < a->hand[k] && g->place_code[k]; i++)
            if (len + 1 < n) buf[len++] = g->letter[g->place_code[k]];
    if (len + 1 < n) buf[len++] = ']';
    buf[len < n ? len : n - 1] = 0;
}

int blk_hands_parse(const blk_game *g, void *s, const char **p, char *err, size_t errn)
{
    blk_aux *a = blk_ax(g, s);
    a->hand[0] = a->hand[1] = 0;
    if (**p != '[') return 0;
    if (!has_hands(g)) {
        snprintf(err, errn, "FEN hands: this game has no pieces in hand");
        return -1;
    }
    const char *q = *p + 1;
    for (; *q && *q != ']'; q++) {
        int code = g->code_of[(unsigned char)*q];
        int side = code ? g->side_of[code] : -1;
        if (side < 0 || g->place_code[side] != code || g->hand[side] < 0) {
            snprintf(err, errn, "FEN hands: '%c' cannot be in hand", *q);
            return -1;
        }
        if (a->hand[side] >= g->hand[side]) {
            snprintf(err, errn, "FEN hands: more than %d '%c' in hand", g->hand[side], *q);
            return -1;
        }
        a->hand[side]++;
    }
    if (*q != ']') {
        snprintf(err, errn, "FEN hands: missing ']'");
        return -1;
    }
    *p = q + 1;
    return 0;
}
