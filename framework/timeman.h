/*
 * timeman.h — how long the search may think.
 *
 * From the limits and the side to move it derives two deadlines measured
 * from the start of the search: soft (do not begin another iteration after
 * it) and hard (abort the iteration in progress).  0 means no deadline.
 * A fixed movetime makes both nearly the whole time (iterations go on
 * until it is used).  With a clock, a share of the remaining time plus most of the increment
 * is the soft budget, and the hard deadline never comes within a reserve
 * of the flag falling: 50 ms of latency plus half the increment (half
 * the time left when that is less than twice the reserve).
 *
 * With a clock the soft budget is not fixed: qp_time_more() stretches it
 * while the best move keeps changing or the score falls (the search has
 * not settled, and a wrong move there costs most), and shrinks it when
 * the same move has come back iteration after iteration (more thought
 * would not change it; the time is kept for later moves).  A fixed
 * movetime is never shortened.
 */
#ifndef QP_TIMEMAN_H
#define QP_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "search_info.h"

typedef struct qp_timeman {
    int64_t start_us;
    int64_t soft_ms, hard_ms;
    bool clock;                 /* the budget comes from a clock, not a movetime */
    int unsettled;              /* in 1/16: +16 per change of the best move, halved each iteration */
} qp_timeman;

int64_t qp_now_us(void);

void qp_time_init(qp_timeman *tm, const qp_search_limits *lim, int side);
int64_t qp_time_elapsed_ms(const qp_timeman *tm);

/* After an iteration that ended at elapsed_ms: whether to begin another.
 * changed: the iteration's best move differs from the one before;
 * drop: how much the score fell since the iteration before (centi-units,
 * <= 0 when it did not).  With a clock the soft budget is scaled from 70%
 * (the same move for several iterations) to 230% (it keeps changing),
 * and by half as much again after a fall of 50 or more; never past the
 * hard deadline.  Without a clock: elapsed_ms < soft. */
bool qp_time_more(qp_timeman *tm, int64_t elapsed_ms, bool changed, int drop);

#endif
