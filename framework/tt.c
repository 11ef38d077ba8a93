/*
 * tt.c — transposition table (see tt.h).
 */
#ifdef __linux__
#define _DEFAULT_SOURCE   /* madvise(MADV_HUGEPAGE) */
#endif
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t)2 << 20)

_Static_assert(sizeof(qp_tt_entry) * QP_TT_WAYS == 64, "a bucket is one cache line");

int qp_tt_init(qp_tt *t, size_t mb)
{
    size_t bytes = (mb ? mb : 1) << 20;
    size_t n = 1;
    while (n * 2 * 64 <= bytes) n *= 2;
    /* Every probe lands on a random page: on huge pages it rarely misses
     * the TLB as well as the cache. */
    bool huge = n * 64 >= HUGE_PAGE;
    t->e = aligned_alloc(huge ? HUGE_PAGE : 64, n * 64);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (t->e && huge) madvise(t->e, n * 64, MADV_HUGEPAGE);
#endif
    t->nbuckets = t->e ? n : 0;
    t->age = 0;
    /* Touch every page now, so the first search does not pay for it. */
    qp_tt_clear(t);
    return t->e ? 0 : -1;
}

void qp_tt_free(qp_tt *t)
{
    free(t->e);
    t->e = NULL;
    t->nbuckets = 0;
}

void qp_tt_clear(qp_tt *t)
{
    if (t->e) memset(t->e, 0, QP_TT_WAYS * t->nbuckets * sizeof(qp_tt_entry));
    t->age = 0;
}

void qp_tt_new_search(qp_tt *t)
{
    t->age = (uint8_t)((t->age + 1) & 63);
}

static qp_tt_entry *bucket(const qp_tt *t, uint64_t key)
{
    return &t->e[QP_TT_WAYS * (size_t)(key & (t->nbuckets - 1))];
}

const qp_tt_entry *qp_tt_probe(const qp_tt *t, uint64_t key)
{
    const qp_tt_entry *b = bucket(t, key);
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < QP_TT_WAYS; i++)
        if (b[i].check == check && (b[i].gen & 3) != QP_TT_NONE) return &b[i];
    return NULL;
}

void qp_tt_store(qp_tt *t, uint64_t key, qp_move m, int score, int depth, qp_tt_bound bound)
{
    qp_tt_entry *b = bucket(t, key);
    uint32_t check = (uint32_t)(key >> 32);
    qp_tt_entry *e = &b[0];
    int worst = 1 << 30;
    for (int i = 0; i < QP_TT_WAYS; i++) {
        if ((b[i].gen & 3) == QP_TT_NONE || b[i].check == check) {
            e = &b[i];
            break;
        }
        /* Results of older searches count as shallower. */
        int old = (t->age - (b[i].gen >> 2)) & 63;
        int worth = b[i].depth - 8 * old;
        if (worth < worst) {
            worst = worth;
            e = &b[i];
        }
    }
    if (depth < 0) depth = 0;
    if (depth > 255) depth = 255;
    bool same = e->check == check && (e->gen & 3) != QP_TT_NONE;
    /* Keep a known best move when the new result has none (fail-low). */
    if (m == QP_MOVE_NONE && same) m = e->move;
    e->move = m;
    e->check = check;
    e->score = (int16_t)score;
    e->depth = (uint8_t)depth;
    e->gen = (uint8_t)((t->age << 2) | (unsigned)bound);
}

int qp_tt_score_in(int score, int ply)
{
    if (score >= QP_SCORE_MATE_BOUND) return score + ply;
    if (score <= -QP_SCORE_MATE_BOUND) return score - ply;
    return score;
}

int qp_tt_score_out(int score, int ply)
{
    if (score >= QP_SCORE_MATE_BOUND) return score - ply;
    if (score <= -QP_SCORE_MATE_BOUND) return score + ply;
    return score;
}
