/*
 * perft.h — counting legal move sequences, the standard move-generator
 * test.  Leaves are bulk-counted (at depth 1 the number of legal moves),
 * positions are advanced with make/unmake when the ruleset has unmake,
 * otherwise copy-make; all scratch memory is allocated once per call.
 * With r->perft_counts_games a game that ends before the depth counts as
 * one leaf (the number of distinct games, as usual for tic-tac-toe).
 */
#ifndef QP_PERFT_H
#define QP_PERFT_H

#include "ruleset.h"

uint64_t qp_perft(const qp_rules *r, const void *s, int depth);

/* The perft counts below the given moves of s (out[i] for mv[i], each
 * depth - 1 plies after it), spread over `threads` threads.  Each thread
 * makes its own instance of r's ruleset with r's params, since an
 * instance may keep scratch state (a Lua game its interpreter).
 * Returns 0, or -1 with err when an instance cannot be made. */
int qp_perft_moves(const qp_rules *r, const void *s, int depth, const qp_move *mv, int n, uint64_t *out,
                   int threads, char *err, size_t errn);

#endif
