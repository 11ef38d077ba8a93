/*
 * timeman.h — how long the search may think.
 *
 * From the limits and the side to move it derives two deadlines measured
 * from the start of the search: soft (do not begin another iteration after
 * it) and hard (abort the iteration in progress).  0 means no deadline.
 * A fixed movetime makes both nearly the whole time (iterations go on
 * until it is used).  With a clock, a share of the remaining time plus most of the increment
 * is the soft budget, and the hard deadline never comes within a safety
 * margin of the flag falling.
 */
#ifndef QP_TIMEMAN_H
#define QP_TIMEMAN_H

#include <stdint.h>

#include "search_info.h"

typedef struct qp_timeman {
    int64_t start_us;
    int64_t soft_ms, hard_ms;
} qp_timeman;

int64_t qp_now_us(void);

void qp_time_init(qp_timeman *tm, const qp_search_limits *lim, int side);
int64_t qp_time_elapsed_ms(const qp_timeman *tm);

#endif
