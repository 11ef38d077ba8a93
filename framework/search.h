/*
 * search.h — game-independent alpha-beta search over the ruleset hooks.
 *
 * Iterative deepening PVS with a transposition table keyed by the
 * ruleset's hash, move ordering, quiescence on noisy moves, check
 * extension, null move / LMR / forward pruning where r->caps allow,
 * aspiration windows, mate-distance scores, repetition detection against
 * the game history, and draw contempt (the ruleset's ai.contempt).
 * A qp_search owns all its memory (allocated in qp_search_new), so no
 * allocation happens per node.  It runs either synchronously
 * (qp_search_run) or on its own thread (qp_search_start / poll / stop /
 * wait) so that GUIs never block.
 */
#ifndef QP_SEARCH_H
#define QP_SEARCH_H

#include <stdint.h>
#include "game.h"
#include "search_info.h"

#define QP_MAX_PLY 128
#define QP_MAX_THREADS 64

typedef struct qp_search qp_search;


/* hash_mb 0: the rules' ai.hash_mb parameter (64 MiB by default).
 * Returns NULL when out of memory. */
qp_search *qp_search_new(const qp_rules *r, size_t hash_mb);
void qp_search_free(qp_search *s);
void qp_search_clear(qp_search *s);            /* forget TT, history (new game) */

/* Threads searching each position (1..QP_MAX_THREADS, clamped): n - 1
 * helper searches share the table (lazy SMP); with 1 thread the search is
 * deterministic.  Not while a search runs (it is stopped first).  Returns
 * 0, or -1 when out of memory (then 1 thread). */
int qp_search_set_threads(qp_search *s, int n);
int qp_search_threads(const qp_search *s);

/* Blocking search of g's current position. */
qp_move qp_search_run(qp_search *s, const qp_game *g, const qp_search_limits *lim,
                      qp_search_cb cb, void *ud, qp_search_info *out);

/* Threaded: start copies what it needs from g, so g may change afterwards. */
int qp_search_start(qp_search *s, const qp_game *g, const qp_search_limits *lim,
                    qp_search_cb cb, void *ud);
/* Asynchronous request, honoured within a few milliseconds; from any
 * thread, also during qp_search_run.  A new search forgets old requests. */
void qp_search_stop(qp_search *s);
bool qp_search_poll(qp_search *s, qp_search_info *out);  /* true when done */
qp_move qp_search_wait(qp_search *s, qp_search_info *out);
bool qp_search_running(const qp_search *s);

/* What the table holds for position pos (of s's rules): its move (a hint:
 * check it is legal before use), score (the side to move's, mate scores
 * as the search reports them), the depth searched, and whether the score
 * bounds the value from below, above or both (exact). */
typedef struct qp_search_entry {
    qp_move move;
    int score, depth;
    bool lower, upper;
} qp_search_entry;
/* False when the table holds nothing for pos.  From any thread, also while
 * a search runs (the entry is read as the helper threads read it: it may
 * be one a store is replacing; for probing and debugging only). */
bool qp_search_probe(const qp_search *s, const void *pos, qp_search_entry *out);

/* Mate scores: >0 means the side to move mates in n plies. */
bool qp_score_is_mate(int score);
int qp_score_mate_plies(int score);

/* Playing strength: a number "1".."10", or a name from the map parameter
 * ai.levels of p ("easy=2,medium=5,hard=8,master=10").  Returns 1..10, or
 * -1 when text is neither. */
int qp_level_parse(const qp_params *p, const char *text);

/* Thinking time of a level, from base_ms the top level's: each level
 * below 10 thinks half as long as the one above (level L: base_ms ·
 * 2^(L−10)), at least QP_LEVEL_MIN_MS, so that every level plays
 * clearly stronger than the one below it in any game, alpha-beta or
 * MCTS, on top of the depth caps and noise of levels 1..9.  Levels
 * outside 1..10 count as 10. */
#define QP_LEVEL_MIN_MS 1
int64_t qp_level_time_ms(int64_t base_ms, int level);

/* The UCI line for an iteration, without newline:
 * "info depth D seldepth S score cp X|mate N nodes N nps N time T pv M...".
 * root is the searched position (the PV is replayed from it for the move
 * texts; moves that do not replay legally end the PV). */
void qp_search_info_text(const qp_rules *r, const void *root, const qp_search_info *info,
                         char *buf, size_t n);

#endif
