/*
 * blk_line.c — k in a row (rules.line): whether a piece stands in a
 * winning line of its side.
 *
 * Contract:
 *  - A line is a run of one side's pieces along an axis (N–S, E–W and the
 *    two diagonals, those rules.line.directions allows) through the
 *    board's links; it wins when it is at least line_k long, or exactly
 *    line_k with line_exact (no overlines).  Neutral pieces make no line.
 *  - On boards of at most 64 points blk_line_prepare lists every window of
 *    line_k points along an axis as a bit mask, with the points just past
 *    its two ends (for line_exact), and the windows through each point;
 *    a test is then a few mask comparisons with the side's bitboard.  A
 *    board whose windows do not fit the tables walks the cells instead,
 *    with the same answers.
 */
#include <string.h>

#include "blk_internal.h"

static const int axes[4] = {QP_N, QP_E, QP_NE, QP_SE};

/* The run of side's pieces through sq along one axis (d and its opposite). */
static int run_len(const blk_game *g, const int8_t *c, int sq, int d, int side)
{
    int len = 1;
    for (int t = g->geom.nb[sq][d]; t >= 0 && c[t] && g->side_of[c[t]] == side; t = g->geom.nb[t][d]) len++;
    int b = blk_back(d);
    for (int t = g->geom.nb[sq][b]; t >= 0 && c[t] && g->side_of[c[t]] == side; t = g->geom.nb[t][b]) len++;
    return len;
}

static bool line_by_cells(const blk_game *g, const int8_t *c, int sq, int side)
{
    for (int a = 0; a < 4; a++) {
        if (!blk_dir_ok(g->line_dirs, axes[a])) continue;
        int len = run_len(g, c, sq, axes[a], side);
        if (g->line_exact ? len == g->line_k : len >= g->line_k) return true;
    }
    return false;
}

bool blk_line_at(const blk_game *g, const void *s, int sq)
{
    const int8_t *c = blk_ccells(g, s);
    int side = g->side_of[c[sq]];
    if (side == BLK_NEUTRAL) return false;   /* nobody's line */
    if (!g->line_bb) return line_by_cells(g, c, sq, side);
    uint64_t own = blk_cax(g, s)->bb[side];
    for (int i = 0; i < g->nline_at[sq]; i++) {
        int w = g->line_at[sq][i];
        if ((own & g->line_mask[w]) == g->line_mask[w] && !(own & g->line_ext[w])) return true;
    }
    return false;
}

/* Adds the window of line_k points from sq along d, if the board holds it. */
static bool add_window(blk_game *g, int sq, int d)
{
    uint64_t mask = 0;
    int last = sq;
    for (int i = 0; i < g->line_k; i++) {
        if (last < 0 || g->hole[last]) return true;
        mask |= (uint64_t)1 << last;
        if (i + 1 < g->line_k) last = g->geom.nb[last][d];
    }
    if (g->nlines >= BLK_MAX_MILLS) return false;
    uint64_t ext = 0;
    int before = g->geom.nb[sq][blk_back(d)], after = g->geom.nb[last][d];
    if (g->line_exact) {
        if (before >= 0) ext |= (uint64_t)1 << before;
        if (after >= 0) ext |= (uint64_t)1 << after;
    }
    int w = g->nlines++;
    g->line_mask[w] = mask;
    g->line_ext[w] = ext;
    for (int p = 0; p < g->n; p++) {
        if (!(mask >> p & 1)) continue;
        if (g->nline_at[p] >= BLK_MILLS_AT) return false;
        g->line_at[p][g->nline_at[p]++] = (uint8_t)w;
    }
    return true;
}

void blk_line_prepare(blk_game *g)
{
    g->line_bb = false;
    g->nlines = 0;
    memset(g->nline_at, 0, sizeof g->nline_at);
    if (!g->line_k || g->n > 64) return;
    for (int a = 0; a < 4; a++) {
        if (!blk_dir_ok(g->line_dirs, axes[a])) continue;
        for (int sq = 0; sq < g->n; sq++)
            if (!add_window(g, sq, axes[a])) return;   /* too many: walk the cells */
    }
    g->line_bb = true;
}
