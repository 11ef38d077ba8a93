/*
 * perft.h — counting legal move sequences, the standard move-generator
 * test.  Leaves are bulk-counted (at depth 1 the number of legal moves),
 * positions are advanced with make/unmake when the ruleset has unmake,
 * otherwise copy-make; all scratch memory is allocated once per call.
 *
 * The standard count (QP_PERFT_STANDARD, as chess programmers and general
 * game systems count) is of the positions reached after exactly `depth`
 * plies: a game that ended earlier is no leaf.  QP_PERFT_FINISHED also
 * counts each game that ended before the depth as one leaf, so that
 * tic-tac-toe's perft 9 is its 255168 games (the standard count is
 * 127872).  Which of the two a game's published figures use is declared
 * by r->perft_counts_games; it never changes the count asked for.
 *
 * Under positional superko (r->draw.superko, Go) a move that recreates a
 * board of the path from the perft root (or, for a divide's subcounts,
 * from the position before) is no move and heads no subtree: the counts
 * are those of the game layer's legal moves for a game that started at
 * the root.  The history before the root is unknown to perft.  Such a
 * game's leaves are made one by one (no bulk count at depth 1), since
 * only the position after a move tells whether it repeats.
 */
#ifndef QP_PERFT_H
#define QP_PERFT_H

#include "ruleset.h"

/* QP_PERFT_MADE: the standard count, each leaf made and taken back
 * instead of counted in bulk — the same number, timed as general game
 * systems time their perft (every state visited). */
typedef enum { QP_PERFT_STANDARD, QP_PERFT_FINISHED, QP_PERFT_MADE } qp_perft_mode;

/* The standard count. */
uint64_t qp_perft(const qp_rules *r, const void *s, int depth);
/* The count of either kind. */
uint64_t qp_perft_count(const qp_rules *r, const void *s, int depth, qp_perft_mode mode);

/* The perft counts (of kind mode) below the given moves of s (out[i] for mv[i], each
 * depth - 1 plies after it), spread over `threads` threads.  Each thread
 * makes its own instance of r's ruleset with r's params, since an
 * instance may keep scratch state (a Lua game its interpreter).
 * Returns 0, or -1 with err when an instance cannot be made. */
int qp_perft_moves(const qp_rules *r, const void *s, int depth, qp_perft_mode mode, const qp_move *mv, int n,
                   uint64_t *out, int threads, char *err, size_t errn);

#endif
