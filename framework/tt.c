/*
 * tt.c — transposition table (see tt.h).
 */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

int qp_tt_init(qp_tt *t, size_t mb)
{
    size_t bytes = (mb ? mb : 1) << 20;
    size_t n = 1;
    while (n * 2 * 2 * sizeof(qp_tt_entry) <= bytes) n *= 2;
    t->e = calloc(2 * n, sizeof(qp_tt_entry));
    t->nbuckets = t->e ? n : 0;
    t->age = 0;
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
    if (t->e) memset(t->e, 0, 2 * t->nbuckets * sizeof(qp_tt_entry));
    t->age = 0;
}

void qp_tt_new_search(qp_tt *t)
{
    t->age++;
}

static qp_tt_entry *bucket(const qp_tt *t, uint64_t key)
{
    /* The low bits of a Zobrist key are as good as any; the full key is
     * compared on probe. */
    return &t->e[2 * (size_t)(key & (t->nbuckets - 1))];
}

const qp_tt_entry *qp_tt_probe(const qp_tt *t, uint64_t key)
{
    const qp_tt_entry *b = bucket(t, key);
    for (int i = 0; i < 2; i++)
        if (b[i].bound != QP_TT_NONE && b[i].key == key) return &b[i];
    return NULL;
}

void qp_tt_store(qp_tt *t, uint64_t key, qp_move m, int score, int depth, qp_tt_bound bound)
{
    qp_tt_entry *b = bucket(t, key);
    qp_tt_entry *e;
    if (depth < 0) depth = 0;
    if (depth > 255) depth = 255;
    if (b[0].bound == QP_TT_NONE || b[0].key == key || b[0].age != t->age || depth >= b[0].depth) {
        /* Moving the old deep entry down keeps it one more generation. */
        if (b[0].bound != QP_TT_NONE && b[0].key != key) b[1] = b[0];
        e = &b[0];
    } else {
        e = &b[1];
    }
    /* Keep a known best move when the new result has none (fail-low). */
    if (m == QP_MOVE_NONE && e->key == key && e->bound != QP_TT_NONE) m = e->move;
    e->key = key;
    e->move = m;
    e->score = (int16_t)score;
    e->depth = (uint8_t)depth;
    e->bound = (uint8_t)bound;
    e->age = t->age;
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
