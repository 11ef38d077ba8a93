/*
 * perft.c — recursive legal-move counting with bulk leaves.
 */
#include "perft.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct perft_ctx {
    const qp_rules *r;
    qp_move *moves;      /* QP_MAX_MOVES per ply */
    unsigned char *undo; /* undo_size per ply, or state_size per ply for copy-make */
    size_t stride;
    bool finished;       /* QP_PERFT_FINISHED */
    bool made;           /* QP_PERFT_MADE: leaves made, not counted in bulk */
    uint64_t *boards;    /* superko: the board key of each position on the path, root at 0 */
    int lo;              /* the first index of boards: -1 when a divide's root is before 0 */
} perft_ctx;

/* Superko (perft.h): whether the position s, reached at ply + 1, repeats
 * a board of the path before it (a move that changed nothing is no repeat). */
static bool path_repeats(const perft_ctx *c, const void *s, int ply)
{
    uint64_t k = qp_board_key(c->r, s);
    c->boards[ply + 1] = k;
    if (k == c->boards[ply]) return false;
    for (int j = ply - 1; j >= c->lo; j--)
        if (c->boards[j] == k) return true;
    return false;
}

/* walk with superko: every move is made, as those recreating a board of
 * the path are no moves. */
static uint64_t walk_superko(perft_ctx *c, void *s, int depth, int ply)
{
    const qp_ruleset *rs = c->r->rs;
    qp_move *mv = c->moves + (size_t)ply * QP_MAX_MOVES;
    int n = rs->gen(c->r, s, mv, QP_GEN_ALL);
    if (n == 0 && c->finished) return 1;
    uint64_t total = 0;
    unsigned char *u = c->undo + (size_t)ply * c->stride;
    for (int i = 0; i < n; i++) {
        if (rs->unmake) rs->make(c->r, s, mv[i], u);
        else {
            memcpy(u, s, c->r->state_size);
            rs->make(c->r, s, mv[i], NULL);
        }
        if (!path_repeats(c, s, ply)) total += depth == 1 ? 1 : walk_superko(c, s, depth - 1, ply + 1);
        if (rs->unmake) rs->unmake(c->r, s, mv[i], u);
        else memcpy(s, u, c->r->state_size);
    }
    return total;
}

static uint64_t walk(perft_ctx *c, void *s, int depth, int ply)
{
    if (depth == 0) return 1;   /* QP_PERFT_MADE: a leaf, made */
    const qp_ruleset *rs = c->r->rs;
    qp_move *mv = c->moves + (size_t)ply * QP_MAX_MOVES;
    int n = rs->gen(c->r, s, mv, QP_GEN_ALL);
    if (n == 0 && c->finished) return 1;   /* a finished game is a leaf */
    if (depth == 1 && !c->made) return (uint64_t)n;
    uint64_t total = 0;
    unsigned char *u = c->undo + (size_t)ply * c->stride;
    for (int i = 0; i < n; i++) {
        if (rs->unmake) {
            rs->make(c->r, s, mv[i], u);
            total += walk(c, s, depth - 1, ply + 1);
            rs->unmake(c->r, s, mv[i], u);
        } else {
            memcpy(u, s, c->r->state_size);
            rs->make(c->r, s, mv[i], NULL);
            total += walk(c, s, depth - 1, ply + 1);
            memcpy(s, u, c->r->state_size);
        }
    }
    return total;
}

uint64_t qp_perft(const qp_rules *r, const void *s, int depth)
{
    return qp_perft_count(r, s, depth, QP_PERFT_STANDARD);
}

/* The count below s; under superko `before` is the board key of the
 * position s was reached from (a divide's root), or NULL. */
static uint64_t count_below(const qp_rules *r, const void *s, int depth, qp_perft_mode mode, const uint64_t *before)
{
    if (depth <= 0) return 1;
    perft_ctx c;
    c.r = r;
    c.finished = mode == QP_PERFT_FINISHED;
    c.made = mode == QP_PERFT_MADE;
    c.stride = r->rs->unmake ? (r->undo_size ? r->undo_size : 1) : r->state_size;
    c.moves = malloc(sizeof *c.moves * QP_MAX_MOVES * (size_t)(depth + 1));
    c.undo = malloc(c.stride * (size_t)(depth + 1));
    uint64_t *boards = malloc(sizeof *boards * (size_t)(depth + 2));
    c.boards = boards + 1;   /* boards[-1]: the divide's root */
    c.lo = before ? -1 : 0;
    void *work = malloc(r->state_size);
    memcpy(work, s, r->state_size);
    uint64_t n;
    if (r->draw.superko) {
        if (before) c.boards[-1] = *before;
        c.boards[0] = qp_board_key(r, work);
        n = walk_superko(&c, work, depth, 0);
    } else {
        n = walk(&c, work, depth, 0);
    }
    free(boards);
    free(work);
    free(c.moves);
    free(c.undo);
    return n;
}

uint64_t qp_perft_count(const qp_rules *r, const void *s, int depth, qp_perft_mode mode)
{
    return count_below(r, s, depth, mode, NULL);
}

/* ---- moves spread over threads ------------------------------------------- */

/* The perft count depth - 1 plies after move m of s, made in scratch c. */
static uint64_t perft_after(const qp_rules *r, const void *s, void *c, qp_move m, int depth, qp_perft_mode mode)
{
    memcpy(c, s, r->state_size);
    r->rs->make(r, c, m, NULL);
    uint64_t root = qp_board_key(r, s);
    return count_below(r, c, depth - 1, mode, &root);
}

typedef struct split_job {
    const qp_rules *r;       /* the caller's instance: its ruleset and params */
    const void *s;
    int depth;
    qp_perft_mode mode;
    const qp_move *mv;
    uint64_t *out;
    int n;
    atomic_int next;         /* the next move to take */
    atomic_bool failed;
    char err[QP_ERR];
    pthread_mutex_t mu;      /* err */
} split_job;

static void *split_worker(void *arg)
{
    split_job *j = arg;
    char err[QP_ERR];
    qp_rules *r = qp_rules_create(j->r->rs, &j->r->params, err, sizeof err);
    void *c = r ? qp_state_new(r) : NULL;
    if (!r || !c) {
        pthread_mutex_lock(&j->mu);
        if (!atomic_load(&j->failed)) snprintf(j->err, sizeof j->err, "%s", r ? "out of memory" : err);
        atomic_store(&j->failed, true);
        pthread_mutex_unlock(&j->mu);
        free(c);
        qp_rules_free(r);
        return NULL;
    }
    for (int i; (i = atomic_fetch_add(&j->next, 1)) < j->n && !atomic_load(&j->failed);)
        j->out[i] = perft_after(r, j->s, c, j->mv[i], j->depth, j->mode);
    if (r->failed) {   /* a hook failed in this thread's instance: the counts are wrong */
        pthread_mutex_lock(&j->mu);
        if (!atomic_load(&j->failed)) snprintf(j->err, sizeof j->err, "%s", r->failed);
        atomic_store(&j->failed, true);
        pthread_mutex_unlock(&j->mu);
    }
    free(c);
    qp_rules_free(r);
    return NULL;
}

int qp_perft_moves(const qp_rules *r, const void *s, int depth, qp_perft_mode mode, const qp_move *mv, int n,
                   uint64_t *out, int threads, char *err, size_t errn)
{
    if (threads < 1) threads = 1;
    if (threads > n) threads = n > 0 ? n : 1;
    if (threads == 1) {
        /* on the caller's instance, as qp_perft would */
        void *c = qp_state_new(r);
        if (!c) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
        for (int i = 0; i < n; i++) out[i] = perft_after(r, s, c, mv[i], depth, mode);
        free(c);
        return 0;
    }
    split_job j = {.r = r, .s = s, .depth = depth, .mode = mode, .mv = mv, .out = out, .n = n};
    atomic_init(&j.next, 0);
    atomic_init(&j.failed, false);
    pthread_mutex_init(&j.mu, NULL);
    pthread_t *t = calloc((size_t)threads, sizeof *t);
    int started = 0;
    if (t)
        for (; started < threads; started++)
            if (pthread_create(&t[started], NULL, split_worker, &j)) break;
    if (started == 0) split_worker(&j);   /* no thread: do it here */
    for (int i = 0; i < started; i++) pthread_join(t[i], NULL);
    free(t);
    pthread_mutex_destroy(&j.mu);
    if (atomic_load(&j.failed)) {
        snprintf(err, errn, "%s", j.err);
        return -1;
    }
    return 0;
}
