/*
 * board_links.c — links between any two points and the lines along them
 * (see board_links.h).
 */
#include "board_links.h"

#include <stdio.h>
#include <string.h>

static const char *const dir_name[QP_NDIRS] = {"north", "east", "south", "west",
                                               "north-east", "south-east", "south-west", "north-west"};

int qp_link_dir(const qp_geom *g, int a, int b)
{
    int df = qp_file(g, b) - qp_file(g, a), dr = qp_rank(g, b) - qp_rank(g, a);
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    static const int table[3][3] = {
        /* sr = -1, 0, +1 */
        {QP_SW, QP_W, QP_NW},   /* sf = -1 */
        {QP_S, -1, QP_N},       /* sf = 0 */
        {QP_SE, QP_E, QP_NE},   /* sf = +1 */
    };
    return table[sf + 1][sr + 1];
}

void qp_geom_unlink_all(qp_geom *g)
{
    for (int sq = 0; sq < QP_MAX_POINTS; sq++)
        for (int d = 0; d < QP_NDIRS; d++) g->nb[sq][d] = -1;
}

int qp_geom_link(qp_geom *g, int a, int b, char *err, size_t errn)
{
    char na[8], nb[8], nc[8];
    qp_sq_name(g, a, na);
    qp_sq_name(g, b, nb);
    int d = qp_link_dir(g, a, b);
    if (d < 0) {
        snprintf(err, errn, "%s is linked to itself", na);
        return -1;
    }
    int e = d < 4 ? (d + 2) & 3 : 4 + ((d - 4 + 2) & 3);
    const int ends[2][2] = {{a, d}, {b, e}};
    for (int k = 0; k < 2; k++) {
        int at = ends[k][0], dir = ends[k][1], other = k ? a : b;
        int has = g->nb[at][dir];
        if (has < 0 || has == other) continue;
        qp_sq_name(g, at, na);
        qp_sq_name(g, other, nb);
        qp_sq_name(g, has, nc);
        snprintf(err, errn, "%s has two links going %s (to %s and to %s)", na, dir_name[dir], nc, nb);
        return -1;
    }
    g->nb[a][d] = (int16_t)b;
    g->nb[b][e] = (int16_t)a;
    return 0;
}

int qp_lines_add(qp_lines *l, const int *pts, int k)
{
    if (l->n >= QP_MAX_LINES || l->start[l->n] + k > QP_MAX_LINE_POINTS) return -1;
    int at = l->start[l->n];
    for (int i = 0; i < k; i++) l->pt[at + i] = (int16_t)pts[i];
    l->start[++l->n] = (int16_t)(at + k);
    return 0;
}

void qp_lines_derive(const qp_geom *g, qp_lines *l)
{
    /* chains start where nothing links in from behind: walk N, E, NE, SE */
    static const int axes[4] = {QP_N, QP_E, QP_NE, QP_SE};
    static const int back[4] = {QP_S, QP_W, QP_SW, QP_NW};
    memset(l, 0, sizeof *l);
    int pts[QP_MAX_POINTS];
    for (int i = 0; i < 4; i++)
        for (int sq = 0; sq < g->n; sq++) {
            if (g->nb[sq][back[i]] >= 0 || g->nb[sq][axes[i]] < 0) continue;
            int k = 0;
            for (int t = sq; t >= 0 && k < QP_MAX_POINTS; t = g->nb[t][axes[i]]) pts[k++] = t;
            if (qp_lines_add(l, pts, k)) return;
        }
}
