/*
 * board_links.h — boards as graphs: links between any two points of the
 * grid, and the named lines that run along them.
 *
 * A link joins two points in both directions.  Each end sees the other in
 * the direction of their coordinate difference (its sign on each axis:
 * a1–d1 is east, c7–a5 south-west), so every rule that walks directions
 * (steps, slides, runs, flanks) walks links too.  Invariant of a geometry
 * made with qp_geom_link: a point has at most one link per direction.
 *
 * Lines are point sequences (a mill's three points, a drawn line): given by
 * the game, or derived from the links as the maximal chains that keep one
 * direction (qp_lines_derive), which for a grid are its rows, files and
 * diagonals.
 */
#ifndef QP_BOARD_LINKS_H
#define QP_BOARD_LINKS_H

#include "board.h"

#define QP_MAX_LINES 256
#define QP_MAX_LINE_POINTS 2048   /* all lines' points together */

/* Line i is pt[start[i]] .. pt[start[i+1]-1]. */
typedef struct qp_lines {
    int n;
    int16_t start[QP_MAX_LINES + 1];
    int16_t pt[QP_MAX_LINE_POINTS];
} qp_lines;

/* The direction from a to b (the signs of the file and rank differences),
 * or -1 when a == b. */
int qp_link_dir(const qp_geom *g, int a, int b);

/* Removes every link (the grid's too): the board is then only what
 * qp_geom_link adds. */
void qp_geom_unlink_all(qp_geom *g);

/* Links a and b.  Returns 0, or -1 with err saying why not: the same
 * point, or one end already has a link in that direction (named). */
int qp_geom_link(qp_geom *g, int a, int b, char *err, size_t errn);

/* Appends a line of k points; -1 when full. */
int qp_lines_add(qp_lines *l, const int *pts, int k);

/* The maximal straight chains of links with at least two points, each
 * once, from its south/west end, in point order.  Holes (hole[sq] != 0)
 * have no links. */
void qp_lines_derive(const qp_geom *g, qp_lines *l);

#endif
