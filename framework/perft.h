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

#endif
