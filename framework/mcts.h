/*
 * mcts.h — Monte Carlo tree search (UCT with random playouts) over the
 * ruleset hooks: gen, make (copy-make), outcome, side_to_move.  No
 * evaluate is needed, so it plays games that declare no evaluation.
 *
 * Each iteration walks the tree from the root by UCB1 (mixed with AMAF
 * when RAVE is on), expands the first node visited twice (all its
 * children at once; it waits for more visits once the pool is half
 * full), plays random moves (uniformly, or by the game's
 * playout policy, r->playout) to the end of the game or to a cap of r->max_game_plies plies
 * (200 when the game declares none; a capped playout counts as a draw),
 * and backs the result up: 1 for the winner, 0 for the loser, 1/2 each
 * for a draw; in a one-player puzzle 1 for "solved", 0 for "failed" (any
 * other end).  Terminal positions are proven and proofs propagate
 * (MCTS-solver): a move that wins at once is always found, and a move that
 * lets the opponent win at once is avoided once its reply is proven.
 * History rules (repetition, move counters) are not applied inside the
 * tree or the playouts.
 *
 * Limits (qp_search_limits): nodes counts iterations (playouts); time as
 * for alpha-beta (movetime or clock, timeman.h); level 1..9 caps the
 * playouts (100 · 2^(level-1)), level 10 (or 0) leaves only the other
 * limits; depth, which means nothing to MCTS, caps the iterations at
 * 1000 · depth, so that a depth-limited request (analyze --depth, UCI
 * go depth) ends too.  With no limit at all a search runs until
 * stopped.  The same seed, position and iteration limit give the same
 * move (time limits make it depend on the machine).
 *
 * Memory: a node pool allocated in qp_mcts_new, capped by the given MiB
 * (the rules' ai.hash_mb parameter when 0); past half full a leaf needs
 * 5, then 17 visits to grow, and when full the tree stops growing and
 * playouts go on from its leaves.  No allocation per node.
 *
 * The API mirrors search.h so frontends switch with little code (see
 * ai.h, which chooses between the two): qp_mcts_info fills the same
 * qp_search_info (depth: length of the principal variation, seldepth:
 * deepest node, score: centi-units from the root's win rate, a mate score
 * when the root is proven, nodes: iterations).
 */
#ifndef QP_MCTS_H
#define QP_MCTS_H

#include "search.h"

typedef struct qp_mcts qp_mcts;

qp_mcts *qp_mcts_new(const qp_rules *r, size_t mem_mb);
void qp_mcts_free(qp_mcts *m);
void qp_mcts_clear(qp_mcts *m);   /* new game: forgets the tree kept for reuse */

qp_move qp_mcts_run(qp_mcts *m, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                    void *ud, qp_search_info *out);
int qp_mcts_start(qp_mcts *m, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                  void *ud);
void qp_mcts_stop(qp_mcts *m);
bool qp_mcts_poll(qp_mcts *m, qp_search_info *out);
qp_move qp_mcts_wait(qp_mcts *m, qp_search_info *out);
bool qp_mcts_running(const qp_mcts *m);

/* Iteration cap of a level (0: none). */
uint64_t qp_mcts_level_playouts(int level);

/* ---- options (tree reuse, RAVE, playout policy) ---------------------------
 * A new handle takes them from the rules: rave when the game declares it
 * (QP_PLAYOUT_RAVE), avoid_own_eyes when it declares that
 * (QP_PLAYOUT_AVOID_OWN_EYES), atari when it declares QP_PLAYOUT_ATARI
 * and has the playout_urgent hook; reuse is off until a match shows it helps
 * (Go 9×9 at 1000 playouts with it on against off: 11-0-9 in 20 games,
 * Elo +35 [-121, +208]).  The ladder tool and the
 * tests switch them to measure each.
 *  - rave: AMAF/RAVE, each child also scored by the playouts in which its
 *    mover played the same move (the same encoding) later on.
 *  - reuse: a search whose position follows the last one's root by the
 *    game's last one or two moves keeps that subtree, so the result then
 *    depends on the handle's previous search too (qp_mcts_clear forgets).
 *  - avoid_own_eyes: playouts do not fill the mover's single-point eyes
 *    and pass only when nothing else is left, and the tree does not try
 *    such fills (Go-family games).
 *  - atari: after each move a playout plays one of the game's urgent
 *    answers to it when it has any (the playout_urgent hook: Go's capture
 *    of a group in atari, the escape of one's own), else as above.
 *  - patterns: then a move of the game's own 3×3 shapes next to the last
 *    move (QP_PLAYOUT_PATTERNS; Go's hane, cuts and edge moves), made by
 *    the game's playout_move.
 *  - priors: a new child starts from the game's opinion of its move (the
 *    move_priors hook, QP_PLAYOUT_PRIORS): virtual visits at an even
 *    result, and more won for an urgent or shapely move, lost for a
 *    poor one, in its own and its AMAF counts.
 * Setting options forgets the tree. */
typedef struct qp_mcts_options {
    bool rave, reuse, avoid_own_eyes, atari, patterns, priors;
} qp_mcts_options;

void qp_mcts_get_options(const qp_mcts *m, qp_mcts_options *o);
void qp_mcts_set_options(qp_mcts *m, const qp_mcts_options *o);
/* Iterations through the last search's root, those of a kept subtree
 * included (what reuse saved shows here). */
uint64_t qp_mcts_root_visits(const qp_mcts *m);

#endif
