/*
 * eye.h — the single-point eye that Go-family playouts never fill: one
 * rule for MCTS (mcts.c, through the ruleset's piece_at) and for the
 * group blocks' own playouts (blk_group.c, on their cells).
 *
 * An empty point p is side's eye when every orthogonal neighbour is
 * side's piece or off the board (or a hole), and its diagonals, reached
 * along the lines, hold no enemy piece when p is on the edge and at most
 * one inside.  owner(ctx, q) tells whose piece is on q: 1 side's, -1 the
 * enemy's, 0 none.  Inline so that each caller's owner is inlined too.
 */
#ifndef QP_EYE_H
#define QP_EYE_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

typedef int (*qp_eye_owner)(const void *ctx, int q);

static inline bool qp_is_own_eye(const qp_geom *g, const uint8_t *hole, int p, qp_eye_owner owner,
                                 const void *ctx)
{
    int edges = 0, enemy = 0;
    for (int d = QP_N; d <= QP_W; d++) {
        int q = g->nb[p][d];
        if (q < 0 || hole[q]) {
            edges++;
            continue;
        }
        if (owner(ctx, q) != 1) return false;
    }
    for (int d = QP_N; d <= QP_W; d++) {   /* the diagonal between d and the next direction */
        int a = g->nb[p][d];
        int q = a >= 0 ? g->nb[a][(d + 1) % 4] : -1;
        if (q >= 0 && !hole[q] && owner(ctx, q) < 0) enemy++;
    }
    return enemy < (edges ? 1 : 2);
}

#endif
