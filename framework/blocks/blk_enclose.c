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

int blk_enclosed(const blk_game *g, const int8_t *c, int sq, int *taken)
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

int blk_enclose_move(const blk_game *g, const void *s, qp_move m, int *taken)
{
    if (!g->enclose_npat || m == BLK_PASS || blk_hops(m)) return 0;
    const int8_t *c = blk_ccells(g, s);
    int8_t after[QP_MAX_POINTS];
    memcpy(after, c, (size_t)g->n);
    int from = blk_from(m), to = blk_to(m);
    if (from >= 0) {
        after[to] = after[from];
        after[from] = 0;
    } else {
        after[to] = (int8_t)g->place_code[blk_side(s)];
    }
    return after[to] ? blk_enclosed(g, after, to, taken) : 0;
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
}
