/*
 * board.c — grid geometry: neighbour tables, diagonal links, regions,
 * square names.
 */
#include "board.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const int dfile[QP_NDIRS] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int drank[QP_NDIRS] = {1, 0, -1, 0, 1, -1, -1, 1};

int qp_geom_init(qp_geom *g, int w, int h, qp_board_kind kind)
{
    if (w < 1 || h < 1 || w > QP_MAX_SIDE || h > QP_MAX_SIDE) return -1;
    memset(g, 0, sizeof *g);
    g->w = w;
    g->h = h;
    g->n = w * h;
    g->kind = kind;
    g->river = -1;
    for (int sq = 0; sq < QP_MAX_POINTS; sq++)
        for (int d = 0; d < QP_NDIRS; d++) g->nb[sq][d] = -1;
    for (int sq = 0; sq < g->n; sq++) {
        int f = sq % w, r = sq / w;
        for (int d = QP_N; d <= QP_W; d++) {
            int nf = f + dfile[d], nr = r + drank[d];
            if (nf >= 0 && nf < w && nr >= 0 && nr < h) g->nb[sq][d] = (int16_t)(nr * w + nf);
        }
    }
    return 0;
}

bool qp_geom_is_hole(const qp_geom *g, int sq)
{
    if (g->hole[sq] || g->holes_marked) return g->hole[sq];
    if (g->n <= 1) return false;
    for (int d = 0; d < QP_NDIRS; d++)
        if (g->nb[sq][d] >= 0) return false;
    return true;
}

static int diag_dir(const qp_geom *g, int a, int b)
{
    int df = qp_file(g, b) - qp_file(g, a), dr = qp_rank(g, b) - qp_rank(g, a);
    for (int d = QP_NE; d <= QP_NW; d++)
        if (dfile[d] == df && drank[d] == dr) return d;
    return -1;
}

void qp_geom_link_diagonal(qp_geom *g, int a, int b)
{
    if (a < 0 || b < 0 || a >= g->n || b >= g->n) return;
    int d = diag_dir(g, a, b), e = diag_dir(g, b, a);
    if (d < 0 || e < 0) return;
    g->nb[a][d] = (int16_t)b;
    g->nb[b][e] = (int16_t)a;
}

void qp_geom_link_all_diagonals(qp_geom *g)
{
    for (int sq = 0; sq < g->n; sq++) {
        int f = qp_file(g, sq), r = qp_rank(g, sq);
        for (int d = QP_NE; d <= QP_NW; d++) {
            int nf = f + dfile[d], nr = r + drank[d];
            if (nf >= 0 && nf < g->w && nr >= 0 && nr < g->h) g->nb[sq][d] = (int16_t)qp_sq(g, nf, nr);
        }
    }
}

int qp_geom_add_region(qp_geom *g, const char *name, int f0, int r0, int f1, int r1, bool diagonals)
{
    if (g->nregions >= QP_MAX_REGIONS) return -1;
    qp_region *rg = &g->regions[g->nregions];
    memset(rg, 0, sizeof *rg);
    snprintf(rg->name, sizeof rg->name, "%s", name);
    rg->draw_diagonals = diagonals;
    for (int r = r0; r <= r1; r++)
        for (int f = f0; f <= f1; f++)
            if (f >= 0 && f < g->w && r >= 0 && r < g->h) rg->in[qp_sq(g, f, r)] = 1;
    if (diagonals) {
        /* The two corner-to-corner diagonals of the rectangle (a square
         * region gives the palace's X). */
        int len = (f1 - f0 < r1 - r0 ? f1 - f0 : r1 - r0);
        for (int i = 0; i < len; i++) {
            qp_geom_link_diagonal(g, qp_sq(g, f0 + i, r0 + i), qp_sq(g, f0 + i + 1, r0 + i + 1));
            qp_geom_link_diagonal(g, qp_sq(g, f1 - i, r0 + i), qp_sq(g, f1 - i - 1, r0 + i + 1));
        }
    }
    return g->nregions++;
}

int qp_geom_add_region_set(qp_geom *g, const char *name, const uint8_t *in, qp_region_paint paint)
{
    if (g->nregions >= QP_MAX_REGIONS) return -1;
    qp_region *rg = &g->regions[g->nregions];
    memset(rg, 0, sizeof *rg);
    snprintf(rg->name, sizeof rg->name, "%s", name);
    rg->paint = paint;
    for (int sq = 0; sq < g->n; sq++) rg->in[sq] = in[sq] != 0;
    return g->nregions++;
}

int qp_geom_find_region(const qp_geom *g, const char *name)
{
    for (int i = 0; i < g->nregions; i++)
        if (!strcmp(g->regions[i].name, name)) return i;
    return -1;
}

void qp_sq_name(const qp_geom *g, int sq, char *buf)
{
    if (sq < 0 || sq >= g->n) {
        strcpy(buf, "??");
        return;
    }
    snprintf(buf, 5, "%c%d", 'a' + qp_file(g, sq), qp_rank(g, sq) + 1);
}

int qp_sq_parse(const qp_geom *g, const char *text, int *sq)
{
    if (!text[0] || text[0] < 'a' || text[0] >= 'a' + g->w) return 0;
    int i = 1, rank = 0;
    while (isdigit((unsigned char)text[i]) && i < 3) rank = rank * 10 + (text[i++] - '0');
    if (i == 1 || rank < 1 || rank > g->h) return 0;
    /* Greedy digits could swallow the next square's rank only if files were
     * digits; they are letters, so this is unambiguous. */
    *sq = qp_sq(g, text[0] - 'a', rank - 1);
    return i;
}

int qp_rect_parse(const qp_geom *g, const char *text, int *f0, int *r0, int *f1, int *r1)
{
    int a, b, k = qp_sq_parse(g, text, &a);
    if (!k || text[k] != '-') return -1;
    int k2 = qp_sq_parse(g, text + k + 1, &b);
    if (!k2 || text[k + 1 + k2]) return -1;
    *f0 = qp_file(g, a), *r0 = qp_rank(g, a), *f1 = qp_file(g, b), *r1 = qp_rank(g, b);
    if (*f0 > *f1 || *r0 > *r1) return -1;
    return 0;
}
