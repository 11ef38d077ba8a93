/*
 * tt.h — the search's transposition table.
 *
 * A fixed power-of-two array of 64-byte buckets (one cache line, four
 * 16-byte entries) keyed by the ruleset's 64-bit hash, allocated and
 * touched once by qp_tt_init and never resized during a search.  The low
 * bits of the key pick the bucket, the high 32 bits are kept as a check.
 * A store replaces the same position, else an empty slot, else the slot
 * whose result is shallowest and oldest.  The stored move is only a hint:
 * callers use it after finding it among the legal moves they generated, so
 * a key collision can never produce an illegal move.
 *
 * Mate scores are stored relative to the node (distance from it, not from
 * the root): use qp_tt_score_in / qp_tt_score_out around store and probe.
 */
#ifndef QP_TT_H
#define QP_TT_H

#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"

typedef enum { QP_TT_NONE, QP_TT_UPPER, QP_TT_LOWER, QP_TT_EXACT } qp_tt_bound;

#define QP_TT_WAYS 4

typedef struct qp_tt_entry {
    qp_move move;
    uint32_t check;      /* high half of the key */
    int16_t score;
    uint8_t depth;
    uint8_t gen;         /* bound in the low 2 bits (QP_TT_NONE: empty), age above */
} qp_tt_entry;

/* Invariant: nbuckets is a power of two; e holds QP_TT_WAYS * nbuckets
 * entries, 64-byte aligned. */
typedef struct qp_tt {
    qp_tt_entry *e;
    size_t nbuckets;
    uint8_t age;         /* 0..63 */
} qp_tt;

/* Allocates the largest power-of-two bucket count fitting in mb MiB (at
 * least one bucket).  Returns 0, or -1 when out of memory. */
int qp_tt_init(qp_tt *t, size_t mb);
void qp_tt_free(qp_tt *t);
void qp_tt_clear(qp_tt *t);
/* Marks later stores as belonging to a new search (older entries become
 * replaceable). */
void qp_tt_new_search(qp_tt *t);

/* Starts loading key's bucket into the cache (a hint; no effect on results). */
static inline void qp_tt_prefetch(const qp_tt *t, uint64_t key)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&t->e[QP_TT_WAYS * (size_t)(key & (t->nbuckets - 1))]);
#else
    (void)t;
    (void)key;
#endif
}

/* The entry for key, or NULL. */
const qp_tt_entry *qp_tt_probe(const qp_tt *t, uint64_t key);
static inline qp_tt_bound qp_tt_entry_bound(const qp_tt_entry *e) { return (qp_tt_bound)(e->gen & 3); }
void qp_tt_store(qp_tt *t, uint64_t key, qp_move m, int score, int depth, qp_tt_bound bound);

/* Mate scores: root-relative (search) <-> node-relative (table). */
int qp_tt_score_in(int score, int ply);
int qp_tt_score_out(int score, int ply);

#endif
