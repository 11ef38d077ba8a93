/*
 * tt.h — the search's transposition table.
 *
 * A fixed power-of-two array of two-slot buckets keyed by the ruleset's
 * 64-bit hash, allocated once by qp_tt_init and never resized during a
 * search.  Slot 0 of a bucket keeps the deepest result of the current
 * search (depth-preferred), slot 1 takes whatever does not fit there
 * (always-replace), so shallow results never evict expensive ones but are
 * still remembered.  The stored move is only a hint: callers use it after
 * finding it among the legal moves they generated, so a key collision can
 * never produce an illegal move.
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

typedef struct qp_tt_entry {
    uint64_t key;
    qp_move move;
    int16_t score;
    uint8_t depth;
    uint8_t bound;       /* qp_tt_bound; QP_TT_NONE marks an empty slot */
    uint8_t age;
} qp_tt_entry;

/* Invariant: nbuckets is a power of two; e holds 2 * nbuckets entries. */
typedef struct qp_tt {
    qp_tt_entry *e;
    size_t nbuckets;
    uint8_t age;
} qp_tt;

/* Allocates the largest power-of-two bucket count fitting in mb MiB (at
 * least one bucket).  Returns 0, or -1 when out of memory. */
int qp_tt_init(qp_tt *t, size_t mb);
void qp_tt_free(qp_tt *t);
void qp_tt_clear(qp_tt *t);
/* Marks later stores as belonging to a new search (older entries become
 * replaceable). */
void qp_tt_new_search(qp_tt *t);

/* The entry for key, or NULL. */
const qp_tt_entry *qp_tt_probe(const qp_tt *t, uint64_t key);
void qp_tt_store(qp_tt *t, uint64_t key, qp_move m, int score, int depth, qp_tt_bound bound);

/* Mate scores: root-relative (search) <-> node-relative (table). */
int qp_tt_score_in(int score, int ply);
int qp_tt_score_out(int score, int ply);

#endif
