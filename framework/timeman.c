/*
 * timeman.c — time budgets (see timeman.h).
 */
#include "timeman.h"

#include <time.h>

#define OVERHEAD_MS 50      /* answering and GUI latency per move, on a loaded machine too */
#define MOVETIME_MARGIN_MS 15

int64_t qp_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t qp_time_elapsed_ms(const qp_timeman *tm)
{
    return (qp_now_us() - tm->start_us) / 1000;
}

void qp_time_init(qp_timeman *tm, const qp_search_limits *lim, int side)
{
    tm->start_us = qp_now_us();
    tm->soft_ms = tm->hard_ms = 0;
    tm->clock = false;
    tm->unsettled = 0;
    if (lim->movetime_ms > 0) {
        /* A fixed time is a promise: use nearly all of it.  An iteration
         * cut short still counts (the search keeps a move that beat the
         * previous best with a full window), so iterations go on until
         * the hard deadline, which keeps a small margin for answering. */
        int64_t margin = 2 + lim->movetime_ms / 40;
        if (margin > MOVETIME_MARGIN_MS) margin = MOVETIME_MARGIN_MS;
        int64_t t = lim->movetime_ms - margin;
        tm->hard_ms = tm->soft_ms = t > 0 ? t : 1;
        return;
    }
    int left = side == 1 ? lim->btime : lim->wtime;
    int inc = side == 1 ? lim->binc : lim->winc;
    if (left <= 0) return;
    int mtg = lim->movestogo > 0 ? lim->movestogo : 30;
    if (mtg > 40) mtg = 40;
    int64_t soft = left / mtg + (int64_t)inc * 3 / 4;
    /* The reserve never spent: the latency, and half an increment, so a
     * game that lives on its increment keeps a clock of about twice it
     * (a late answer on a busy machine then costs time, not the game). */
    int64_t reserve = OVERHEAD_MS + inc / 2;
    int64_t cap = left > 2 * reserve ? left - reserve : left / 2;
    int64_t hard = soft * 4;
    /* With few moves to go the reserve for later moves shrinks. */
    int share = mtg < 3 ? mtg : 3;
    if (hard > left / share + inc) hard = left / share + inc;
    if (hard > cap) hard = cap;
    if (soft > hard) soft = hard;
    tm->soft_ms = soft > 0 ? soft : 1;
    tm->hard_ms = hard > 0 ? hard : 1;
    tm->clock = true;
}

bool qp_time_more(qp_timeman *tm, int64_t elapsed_ms, bool changed, int drop)
{
    tm->unsettled = tm->unsettled / 2 + (changed ? 16 : 0);
    if (!tm->soft_ms) return true;
    if (!tm->clock) return elapsed_ms < tm->soft_ms;
    /* unsettled < 32: 70% settled, up to 230% */
    int64_t pct = 70 + 5 * tm->unsettled;
    if (drop >= 50) pct += pct / 2;
    int64_t budget = tm->soft_ms * pct / 100;
    if (budget > tm->hard_ms) budget = tm->hard_ms;
    return elapsed_ms < budget;
}
