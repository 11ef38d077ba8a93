/*
 * blk_eval.c — a block game's evaluation declared as data (the `eval`
 * table, scripts/games/README.md): material and square weights, pieces
 * in hand, runs along lines, mobility, and for games of flipped pieces
 * the frontier, stable pieces and the points next to an empty corner.
 * For the side to move: its score minus the opponent's.
 */
#include "blk_internal.h"

#include <string.h>

/* The board's four lines through a point, each as one direction whose
 * opposite is the other half. */
static const int axes[4] = {QP_N, QP_E, QP_NE, QP_SE};

static inline bool empty_at(const blk_game *g, const int8_t *c, int t)
{
    return t >= 0 && !c[t] && !g->hole[t];
}

void blk_eval_prepare(blk_game *g)
{
    /* bitboards: each axis's lines (from a point without a neighbour
     * behind) and the points at an end of theirs */
    for (int i = 0; i < 4 && g->bb_ok; i++) {
        int d = axes[i], b = blk_back(d);
        g->naxis_lines[i] = 0;
        g->bb_edge[i] = 0;
        for (int sq = 0; sq < g->n; sq++) {
            if (g->hole[sq]) continue;
            if (g->geom.nb[sq][d] < 0 || g->geom.nb[sq][b] < 0) g->bb_edge[i] |= (uint64_t)1 << sq;
            if (g->geom.nb[sq][b] >= 0) continue;
            uint64_t line = 0;
            for (int t = sq; t >= 0; t = g->geom.nb[t][d]) line |= (uint64_t)1 << t;
            g->bb_line[i][g->naxis_lines[i]++] = line;
        }
    }
    /* corners: points with one vertical and one horizontal neighbour and
     * the point diagonally between them (a square board's four; a board
     * with holes may have more, the first 8 count) */
    g->ncorners = 0;
    for (int sq = 0; sq < g->n && g->ncorners < 8; sq++) {
        if (g->hole[sq]) continue;
        const int16_t *nb = g->geom.nb[sq];
        int v = nb[QP_N] >= 0 ? QP_N : QP_S, h = nb[QP_E] >= 0 ? QP_E : QP_W;
        if ((nb[QP_N] >= 0) + (nb[QP_S] >= 0) != 1 || (nb[QP_E] >= 0) + (nb[QP_W] >= 0) != 1) continue;
        int diag = g->geom.nb[nb[v]][h];
        if (diag < 0) continue;
        int k = g->ncorners++;
        g->corner[k] = (int16_t)sq;
        g->corner_next[k][0] = (int16_t)diag;
        g->corner_next[k][1] = nb[v];
        g->corner_next[k][2] = nb[h];
    }
}

/* Pieces no flip can ever take: along each of its four lines a stable
 * piece has a full line, or on one side the board's edge or a stable
 * piece of its own side.  Grown from nothing to the fixed point, as
 * bitboards (st[side]) or point by point (stable[sq]). */
static void stable_bb(const blk_game *g, const void *s, uint64_t st[2])
{
    const blk_aux *a = blk_cax(g, s);
    uint64_t occ = a->bb[0] | a->bb[1] | a->bb[2], base[4];
    for (int i = 0; i < 4; i++) {
        base[i] = g->bb_edge[i];
        for (int k = 0; k < g->naxis_lines[i]; k++)
            if ((occ & g->bb_line[i][k]) == g->bb_line[i][k]) base[i] |= g->bb_line[i][k];
    }
    for (int sd = 0; sd < 2; sd++) {
        uint64_t cur = 0, next = a->bb[sd];
        for (int i = 0; i < 4; i++) next &= base[i];   /* the first round: nothing stable yet */
        while (next != cur) {
            cur = next;
            next = a->bb[sd];
            for (int i = 0; i < 4; i++)
                next &= base[i] | blk_bb_shift(g, cur, axes[i]) | blk_bb_shift(g, cur, blk_back(axes[i]));
        }
        st[sd] = cur;
    }
}

static void stable_cells(const blk_game *g, const void *s, uint8_t *stable)
{
    const int8_t *c = blk_ccells(g, s);
    uint8_t full[QP_MAX_POINTS];   /* bit i: the line along axes[i] has no empty point */
    memset(full, 0, (size_t)g->n);
    for (int i = 0; i < 4; i++) {
        int d = axes[i], b = blk_back(d);
        for (int sq = 0; sq < g->n; sq++) {
            if (g->hole[sq] || g->geom.nb[sq][b] >= 0) continue;   /* a line starts here */
            bool gap = false;
            for (int t = sq; t >= 0; t = g->geom.nb[t][d]) gap |= empty_at(g, c, t);
            if (!gap)
                for (int t = sq; t >= 0; t = g->geom.nb[t][d]) full[t] |= (uint8_t)(1u << i);
        }
    }
    memset(stable, 0, (size_t)g->n);
    for (bool grew = true; grew;) {
        grew = false;
        for (int pass = 0; pass < 2; pass++)   /* up the board, then down: most grow in one round */
            for (int k = 0; k < g->n; k++) {
                int sq = pass ? g->n - 1 - k : k;
                int code = c[sq];
                if (!code || stable[sq] || g->side_of[code] == BLK_NEUTRAL) continue;
                int sd = g->side_of[code];
                bool ok = true;
                for (int i = 0; i < 4 && ok; i++) {
                    if (full[sq] & (1u << i)) continue;
                    int f = g->geom.nb[sq][axes[i]], r = g->geom.nb[sq][blk_back(axes[i])];
                    ok = f < 0 || r < 0 || (stable[f] && g->side_of[c[f]] == sd) ||
                         (stable[r] && g->side_of[c[r]] == sd);
                }
                if (ok) stable[sq] = 1, grew = true;
            }
    }
}

int blk_evaluate(const blk_game *g, const void *s)
{
    const int8_t *c = blk_ccells(g, s);
    const blk_aux *a = blk_cax(g, s);
    int side = blk_side(s);
    int score[3] = {0, 0, 0};   /* [2]: neutral pieces, nobody's */
    for (int sq = 0; sq < g->n; sq++) {
        int code = c[sq];
        if (code) score[g->side_of[code]] += g->value[code] + g->square[code][sq];
    }
    for (int k = 0; k < 2; k++)
        if (g->hand[k] >= 0) score[k] += a->hand[k] * g->hand_value[k];
    if (g->has_runs) {
        /* runs along the lines, each worth its weight per open end */
        for (int sq = 0; sq < g->n; sq++) {
            int code = c[sq];
            if (!code) continue;
            int sd = g->side_of[code];
            for (int i = 0; i < 4; i++) {
                int d = axes[i];
                if (!blk_dir_ok(g->line_dirs, d)) continue;
                int prev = g->geom.nb[sq][blk_back(d)];
                if (prev >= 0 && c[prev] && g->side_of[c[prev]] == sd) continue;   /* not a run's start */
                int len = 1, t = g->geom.nb[sq][d];
                while (t >= 0 && c[t] && g->side_of[c[t]] == sd) len++, t = g->geom.nb[t][d];
                int open = (prev >= 0 && !c[prev]) + (t >= 0 && !c[t]);
                if (len > QP_MAX_SIDE) len = QP_MAX_SIDE;
                score[sd] += g->run_weight[len] * open;
            }
        }
    }
    if (g->frontier && g->bb_ok) {
        const uint64_t *bb = a->bb;
        uint64_t empty = g->bb_empty_ok & ~(bb[0] | bb[1] | bb[2]), near = 0;
        for (int d = 0; d < QP_NDIRS; d++) near |= blk_bb_shift(g, empty, d);
        for (int k = 0; k < 2; k++) score[k] -= g->frontier * __builtin_popcountll(bb[k] & near);
    } else if (g->frontier) {
        /* a piece next to an empty point gives the opponent moves */
        for (int sq = 0; sq < g->n; sq++) {
            int code = c[sq];
            if (!code) continue;
            const int16_t *nb = g->geom.nb[sq];
            for (int d = 0; d < QP_NDIRS; d++)
                if (empty_at(g, c, nb[d])) {
                    score[g->side_of[code]] -= g->frontier;
                    break;
                }
        }
    }
    if (g->near[0] || g->near[1]) {
        /* a hunter close to its prey, or a trap closing in */
        for (int sq = 0; sq < g->n; sq++) {
            int code = c[sq], k = code ? g->side_of[code] : BLK_NEUTRAL;
            if (k == BLK_NEUTRAL || !g->near[k]) continue;   /* nobody's pieces press nobody */
            const int16_t *nb = g->geom.nb[sq];
            for (int d = 0; d < QP_NDIRS; d++)
                if (nb[d] >= 0 && c[nb[d]] && g->side_of[c[nb[d]]] == 1 - k) score[k] += g->near[k];
        }
    }
    if (g->corner_weight[0] || g->corner_weight[1]) {
        for (int k = 0; k < g->ncorners; k++) {
            if (c[g->corner[k]]) continue;
            for (int j = 0; j < 3; j++) {
                int code = c[g->corner_next[k][j]];
                if (code) score[g->side_of[code]] += g->corner_weight[j ? 1 : 0];
            }
        }
    }
    if (g->stable && g->bb_ok) {
        uint64_t st[2];
        stable_bb(g, s, st);
        for (int k = 0; k < 2; k++) score[k] += g->stable * __builtin_popcountll(st[k]);
    } else if (g->stable) {
        uint8_t st[QP_MAX_POINTS];
        stable_cells(g, s, st);
        for (int sq = 0; sq < g->n; sq++)
            if (st[sq]) score[g->side_of[c[sq]]] += g->stable;
    }
    int v = score[side] - (g->nsides == 2 ? score[1 - side] : 0);
    if (g->nsides != 2) {
        if (g->mobility[0]) v += g->mobility[0] * blk_count_moves(g, s, side);
    } else {
        /* a hunted side's moves may weigh more than the hunters' */
        if (g->mobility[side]) v += g->mobility[side] * blk_count_moves(g, s, side);
        if (g->mobility[1 - side]) v -= g->mobility[1 - side] * blk_count_moves(g, s, 1 - side);
    }
    return v;
}
