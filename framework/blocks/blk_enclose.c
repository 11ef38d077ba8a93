/*
 * blk_enclose.c — capture by enclosing: after a piece is moved (a step or
 * a slide) or placed, enemy pieces that it and other own pieces enclose
 * along a line are removed.
 *
 * Contract.  What encloses is a list of patterns (blk_game.enclose_pat),
 * each read along a line of the board (the axis of one of the directions
 * rules.capture.directions allows) in either orientation:
 *   'X' a piece of the mover's side, and the moved piece is one of them,
 *   'o' an enemy piece, removed when the whole pattern matches,
 *   '.' an empty point,
 *   '?' any point (empty or not).
 * Without whole_line a pattern may lie anywhere on the line as long as the
 * moved piece stands on one of its X; with whole_line the line, from edge
 * to edge (a hole or the board's end), must be exactly as long as the
 * pattern.  Every match on every axis is found on the position after the
 * move, then all their 'o' pieces are removed together.  Only the mover
 * captures: a piece that moves into the 'o' place of a pattern is safe,
 * since the moved piece must be an X.
 *   classic custodian (Hasami Shogi, Tablut): "XoX"
 *   六子冲 (4×4): "XXo." over a whole line
 * Nothing about the capture is kept in the move: it follows from the
 * position, so make, text and parsing stay those of plain steps.
 *
 * Speed: on boards of at most 64 points every placement of every pattern
 * with a given point on an X is precomputed as three masks (own, enemy,
 * empty), so a test is a few ANDs per template against the bitboards;
 * larger boards (or too many templates) walk the lines instead.  Both
 * find the same captures (tests/unit/test_game_capture.c).
 */
#include "blk_internal.h"

#include <string.h>

/* The points of the line through sq along the axis of d (d's way first
 * walked back to the edge), and sq's index in it. */
static int line_through(const blk_game *g, int sq, int d, int *pts, int *at)
{
    int b = blk_back(d), start = sq, k = 0;
    while (g->geom.nb[start][b] >= 0) start = g->geom.nb[start][b];
    for (int t = start; t >= 0 && k < BLK_ENCLOSE_LINE; t = g->geom.nb[t][d]) {
        if (t == sq) *at = k;
        pts[k++] = t;
    }
    return k;
}

/* Whether pattern p (length m) matches pts from first on, read forward or
 * backward; side is the mover's. */
static bool matches(const blk_game *g, const int8_t *c, const int *pts, int first, int step, const char *p,
                    int m, int side)
{
    for (int i = 0; i < m; i++) {
        int code = c[pts[first + i * step]];
        switch (p[i]) {
        case 'X':
            if (!code || g->side_of[code] != side) return false;
            break;
        case 'o':
            if (!code || g->side_of[code] == side) return false;
            break;
        case '.':
            if (code) return false;
            break;
        default:
            break;
        }
    }
    return true;
}

/* The walk along the lines, on any board: cells c after the move. */
static int enclosed_cells(const blk_game *g, const int8_t *c, int sq, int *taken)
{
    static const int axes[4] = {QP_N, QP_E, QP_NE, QP_SE};
    int side = g->side_of[c[sq]], n = 0;
    int pts[BLK_ENCLOSE_LINE];
    for (int a = 0; a < 4; a++) {
        int d = axes[a];
        if (!blk_dir_ok(g->enclose_dirs, d)) continue;
        if (g->geom.nb[sq][d] < 0 && g->geom.nb[sq][blk_back(d)] < 0) continue;   /* no line here */
        int at = 0, len = line_through(g, sq, d, pts, &at);
        for (int k = 0; k < g->enclose_npat; k++) {
            const char *p = g->enclose_pat[k];
            int m = g->enclose_len[k];
            if (m > len || (g->enclose_whole && m != len)) continue;
            /* forward: the pattern starts at pts[s]; backward: it starts
             * at pts[s + m - 1] and runs down */
            for (int dirn = 0; dirn < 2; dirn++) {
                for (int s0 = at - m + 1 < 0 ? 0 : at - m + 1; s0 <= at && s0 + m <= len; s0++) {
                    int first = dirn ? s0 + m - 1 : s0, step = dirn ? -1 : 1;
                    int i_sq = (at - first) * step;   /* sq's place in the pattern */
                    if (p[i_sq] != 'X' || !matches(g, c, pts, first, step, p, m, side)) continue;
                    for (int i = 0; i < m; i++) {
                        if (p[i] != 'o') continue;
                        int t = pts[first + i * step];
                        bool dup = false;
                        for (int j = 0; j < n && !dup; j++) dup = taken[j] == t;
                        if (!dup) taken[n++] = t;
                    }
                }
                if (g->enclose_pal[k]) break;   /* a palindrome reads the same backward */
            }
        }
    }
    return n;
}

/* The templates of sq against the bitboards of the mover (me) and the
 * other side. */
static int enclosed_bb(const blk_game *g, uint64_t me, uint64_t opp, int sq, int *taken)
{
    uint64_t got = 0, occ = me | opp;
    for (int i = g->enclose_first[sq]; i < g->enclose_first[sq + 1]; i++) {
        const blk_enclose_tpl *t = &g->enclose_tpl[i];
        if ((me & t->own) == t->own && (opp & t->enemy) == t->enemy && !(occ & t->empty)) got |= t->enemy;
    }
    int n = 0;
    for (; got; got &= got - 1) taken[n++] = __builtin_ctzll(got);
    return n;
}

int blk_enclosed(const blk_game *g, const void *s, int sq, int *taken)
{
    const int8_t *c = blk_ccells(g, s);
    if (g->enclose_bb) {
        const blk_aux *a = blk_cax(g, s);
        int side = g->side_of[c[sq]];
        return enclosed_bb(g, a->bb[side], a->bb[1 - side], sq, taken);
    }
    return enclosed_cells(g, c, sq, taken);
}

int blk_enclose_move(const blk_game *g, const void *s, qp_move m, int *taken)
{
    if (!g->enclose_npat || m == BLK_PASS || blk_hops(m)) return 0;
    const int8_t *c = blk_ccells(g, s);
    int from = blk_from(m), to = blk_to(m);
    int code = from >= 0 ? c[from] : g->place_code[blk_side(s)];
    if (!code) return 0;
    if (g->enclose_bb) {
        const blk_aux *a = blk_cax(g, s);
        int side = g->side_of[code];
        uint64_t me = a->bb[side] | (uint64_t)1 << to;
        if (from >= 0) me &= ~((uint64_t)1 << from);
        return enclosed_bb(g, me, a->bb[1 - side], to, taken);
    }
    int8_t after[QP_MAX_POINTS];
    memcpy(after, c, (size_t)g->n);
    if (from >= 0) after[from] = 0;
    after[to] = (int8_t)code;
    return enclosed_cells(g, after, to, taken);
}

/* Adds the templates of sq (bitboard boards); false when the pool is full. */
static bool add_templates(blk_game *g, int sq, int *used)
{
    static const int axes[4] = {QP_N, QP_E, QP_NE, QP_SE};
    int pts[BLK_ENCLOSE_LINE];
    for (int a = 0; a < 4; a++) {
        int d = axes[a];
        if (!blk_dir_ok(g->enclose_dirs, d)) continue;
        if (g->geom.nb[sq][d] < 0 && g->geom.nb[sq][blk_back(d)] < 0) continue;
        int at = 0, len = line_through(g, sq, d, pts, &at);
        for (int k = 0; k < g->enclose_npat; k++) {
            const char *p = g->enclose_pat[k];
            int m = g->enclose_len[k];
            if (m > len || (g->enclose_whole && m != len)) continue;
            for (int dirn = 0; dirn < (g->enclose_pal[k] ? 1 : 2); dirn++)
                for (int s0 = at - m + 1 < 0 ? 0 : at - m + 1; s0 <= at && s0 + m <= len; s0++) {
                    int first = dirn ? s0 + m - 1 : s0, step = dirn ? -1 : 1;
                    if (p[(at - first) * step] != 'X') continue;
                    if (*used >= BLK_ENCLOSE_TPLS) return false;
                    blk_enclose_tpl *t = &g->enclose_tpl[(*used)++];
                    t->own = t->enemy = t->empty = 0;
                    for (int i = 0; i < m; i++) {
                        uint64_t bit = (uint64_t)1 << pts[first + i * step];
                        if (p[i] == 'X') t->own |= bit;
                        else if (p[i] == 'o') t->enemy |= bit;
                        else if (p[i] == '.') t->empty |= bit;
                    }
                }
        }
    }
    return true;
}

void blk_enclose_prepare(blk_game *g)
{
    for (int k = 0; k < g->enclose_npat; k++) {
        const char *p = g->enclose_pat[k];
        int m = (int)strlen(p);
        g->enclose_len[k] = (int8_t)m;
        bool pal = true;
        for (int i = 0; i < m / 2; i++) pal &= p[i] == p[m - 1 - i];
        g->enclose_pal[k] = pal;
    }
    g->enclose_bb = g->enclose_npat && g->bb_ok;
    int used = 0;
    for (int sq = 0; sq < g->n && g->enclose_bb; sq++) {
        g->enclose_first[sq] = (int16_t)used;
        if (!g->hole[sq]) g->enclose_bb = add_templates(g, sq, &used);
    }
    if (g->enclose_bb) g->enclose_first[g->n] = (int16_t)used;
}
