/*
 * search_info.h — what every search of a move shares (alpha-beta, MCTS,
 * the puzzle solver's jobs, the frontends that drive them): the limits it
 * is given, the progress it reports, and the callback that receives it.
 */
#ifndef QP_SEARCH_INFO_H
#define QP_SEARCH_INFO_H

#include <stdbool.h>
#include <stdint.h>

#include "ruleset.h"

#define QP_MAX_PV 64   /* moves of a reported line, at most */

typedef struct qp_search_limits {
    int depth;            /* 0: no depth limit */
    int movetime_ms;      /* 0: none */
    int wtime, btime;     /* clock of side 0 / side 1 in ms; 0: none */
    int winc, binc;
    int movestogo;
    uint64_t nodes;       /* 0: none */
    int level;            /* 1..10 (10 full strength); 0 means 10 */
    uint64_t seed;        /* randomness for lower levels */
} qp_search_limits;

typedef struct qp_search_info {
    int depth, seldepth;
    int score;            /* side to move's view; see qp_score_is_mate */
    uint64_t nodes;
    uint64_t nps;
    int time_ms;
    int pvlen;
    qp_move pv[QP_MAX_PV];
    qp_move best;
    bool done;            /* the search has finished; best is final */
} qp_search_info;

/* Called after each completed iteration (from the search thread when
 * threaded). */
typedef void (*qp_search_cb)(const qp_search_info *info, void *ud);

#endif
