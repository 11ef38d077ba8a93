/*
 * ai.h — "the game's AI": one handle over alpha-beta (search.h) and Monte
 * Carlo tree search (mcts.h), so the console, UCI, `qipan analyze` and
 * the window play any game without knowing which search it uses.
 *
 * The kind is chosen when the handle is made: QP_AI_ALPHABETA, QP_AI_MCTS,
 * or QP_AI_DEFAULT for the game's own choice (qp_ai_choose).  The calls
 * mirror search.h one for one, with the same limits and info records.
 *
 * One-player puzzles (r->nsides == 1) are first given to the exact solver
 * (solve.h), with 90% of the time or all of the node limit; when it
 * finds a solution its first move is played (the info's pv is the whole
 * solution and its score a mate score), otherwise the chosen search
 * picks a move with the rest of the time.  A depth limit does not bound
 * the solver (without time or nodes it runs until it knows, or until
 * stopped).  The solver's dead positions are kept between moves of the
 * same handle.
 */
#ifndef QP_AI_H
#define QP_AI_H

#include "mcts.h"
#include "search.h"

typedef struct qp_ai qp_ai;

/* "alphabeta" or "mcts" to QP_AI_*, -1 for anything else. */
int qp_ai_parse(const char *text);
/* "alphabeta", "mcts" ("default" for QP_AI_DEFAULT). */
const char *qp_ai_name(int kind);
/* The game's AI: r->ai when set, else MCTS when the ruleset has no
 * evaluate hook, else alpha-beta. */
int qp_ai_choose(const qp_rules *r);

/* kind QP_AI_DEFAULT: qp_ai_choose(r).  mem_mb 0: the rules' ai.hash_mb.
 * Returns NULL when out of memory. */
qp_ai *qp_ai_new(const qp_rules *r, int kind, size_t mem_mb);
void qp_ai_free(qp_ai *a);
int qp_ai_kind(const qp_ai *a);              /* QP_AI_ALPHABETA or QP_AI_MCTS */
void qp_ai_clear(qp_ai *a);                  /* new game */
/* Search threads for alpha-beta (lazy SMP); MCTS and the solver run on
 * one.  0, or -1 when out of memory. */
int qp_ai_set_threads(qp_ai *a, int n);

qp_move qp_ai_run(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                  void *ud, qp_search_info *out);
int qp_ai_start(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                void *ud);
void qp_ai_stop(qp_ai *a);
bool qp_ai_poll(qp_ai *a, qp_search_info *out);
qp_move qp_ai_wait(qp_ai *a, qp_search_info *out);
bool qp_ai_running(const qp_ai *a);
/* The alpha-beta table's entry for pos (qp_search_probe); false when it
 * holds none, or the engine is MCTS (no table). */
bool qp_ai_probe(const qp_ai *a, const void *pos, qp_search_entry *out);

#endif
