/*
 * perft.c — recursive legal-move counting with bulk leaves.
 */
#include "perft.h"

#include <stdlib.h>
#include <string.h>

typedef struct perft_ctx {
    const qp_rules *r;
    qp_move *moves;      /* QP_MAX_MOVES per ply */
    unsigned char *undo; /* undo_size per ply, or state_size per ply for copy-make */
    size_t stride;
} perft_ctx;

static uint64_t walk(perft_ctx *c, void *s, int depth, int ply)
{
    const qp_ruleset *rs = c->r->rs;
    qp_move *mv = c->moves + (size_t)ply * QP_MAX_MOVES;
    int n = rs->gen(c->r, s, mv, QP_GEN_ALL);
    if (n == 0 && c->r->perft_counts_games) return 1;   /* a finished game is a leaf */
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    unsigned char *u = c->undo + (size_t)ply * c->stride;
    for (int i = 0; i < n; i++) {
        if (rs->unmake) {
            rs->make(c->r, s, mv[i], u);
            total += walk(c, s, depth - 1, ply + 1);
            rs->unmake(c->r, s, mv[i], u);
        } else {
            memcpy(u, s, c->r->state_size);
            rs->make(c->r, s, mv[i], NULL);
            total += walk(c, s, depth - 1, ply + 1);
            memcpy(s, u, c->r->state_size);
        }
    }
    return total;
}

uint64_t qp_perft(const qp_rules *r, const void *s, int depth)
{
    if (depth <= 0) return 1;
    perft_ctx c;
    c.r = r;
    c.stride = r->rs->unmake ? (r->undo_size ? r->undo_size : 1) : r->state_size;
    c.moves = malloc(sizeof *c.moves * QP_MAX_MOVES * (size_t)depth);
    c.undo = malloc(c.stride * (size_t)depth);
    void *work = malloc(r->state_size);
    memcpy(work, s, r->state_size);
    uint64_t n = walk(&c, work, depth, 0);
    free(work);
    free(c.moves);
    free(c.undo);
    return n;
}
