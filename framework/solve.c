/*
 * solve.c — depth-first puzzle solver with a dead-position table (see
 * solve.h).
 *
 * The search is iterative: frame d holds the position at depth d (in
 * sv->states) and its ordered moves (a slice of the shared move stack
 * sv->mv), so the depth is bounded only by memory, not by the C stack.
 * A position is entered at most once per call: before it is searched its
 * key is looked up in the dead table and on the current line; when all
 * its moves are exhausted, or the ruleset's hopeless hook proves the goal
 * out of reach, it goes into the dead table.
 */
#include "solve.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "timeman.h"

#define DEFAULT_MEM_MB 64
#define WAYS 4                 /* keys per bucket of the dead table */
#define CHECK_MASK 1023        /* limits are checked every 1024 positions */
#define MAX_DEPTH (1 << 20)

typedef struct frame {
    size_t off;                /* first move in sv->mv */
    int n, i;                  /* count, next to try */
    uint64_t key;
} frame;

struct qp_solver {
    const qp_rules *r;
    size_t ssz;
    uint64_t *table;           /* nbuckets * WAYS keys; 0 is empty */
    size_t nbuckets;
    atomic_bool stop_req;

    unsigned char *states;     /* cap_depth + 1 positions */
    frame *fr;
    int cap_depth;
    qp_move *mv;               /* the move stack */
    int *sc;                   /* its ordering scores */
    size_t mv_cap;
};

qp_solver *qp_solver_new(const qp_rules *r, size_t mem_mb)
{
    qp_solver *sv = calloc(1, sizeof *sv);
    if (!sv) return NULL;
    sv->r = r;
    sv->ssz = r->state_size ? r->state_size : 1;
    if (mem_mb == 0) {
        long long p = qp_param_int(&r->params, "ai.hash_mb");
        mem_mb = p > 0 ? (size_t)p : DEFAULT_MEM_MB;
    }
    size_t want = mem_mb * 1024 * 1024 / (WAYS * sizeof(uint64_t));
    size_t nb = 1;
    while (nb * 2 <= want) nb *= 2;
    sv->nbuckets = nb;
    sv->table = calloc(nb * WAYS, sizeof *sv->table);
    if (!sv->table) {
        free(sv);
        return NULL;
    }
    atomic_init(&sv->stop_req, false);
    return sv;
}

void qp_solver_free(qp_solver *sv)
{
    if (!sv) return;
    free(sv->table);
    free(sv->states);
    free(sv->fr);
    free(sv->mv);
    free(sv->sc);
    free(sv);
}

void qp_solver_clear(qp_solver *sv)
{
    memset(sv->table, 0, sv->nbuckets * WAYS * sizeof *sv->table);
}

void qp_solver_stop(qp_solver *sv)
{
    atomic_store(&sv->stop_req, true);
}

void qp_solve_result_free(qp_solve_result *res)
{
    free(res->moves);
    res->moves = NULL;
    res->len = 0;
}

/* ---- dead table -------------------------------------------------------- */

static uint64_t fix_key(uint64_t k)
{
    return k ? k : 1;   /* 0 marks an empty slot */
}

static bool dead(const qp_solver *sv, uint64_t k)
{
    const uint64_t *b = sv->table + (k & (sv->nbuckets - 1)) * WAYS;
    for (int i = 0; i < WAYS; i++)
        if (b[i] == k) return true;
    return false;
}

static void add_dead(qp_solver *sv, uint64_t k)
{
    uint64_t *b = sv->table + (k & (sv->nbuckets - 1)) * WAYS;
    for (int i = 0; i < WAYS; i++)
        if (b[i] == 0 || b[i] == k) {
            b[i] = k;
            return;
        }
    b[(k >> 58) % WAYS] = k;   /* full: replace one, chosen by other key bits */
}

/* ---- stacks ------------------------------------------------------------ */

static int grow_depth(qp_solver *sv, int need)
{
    if (need < sv->cap_depth) return 0;
    int cap = sv->cap_depth ? sv->cap_depth * 2 : 64;
    while (cap <= need) cap *= 2;
    unsigned char *st = realloc(sv->states, (size_t)(cap + 1) * sv->ssz);
    if (!st) return -1;
    sv->states = st;
    frame *fr = realloc(sv->fr, (size_t)(cap + 1) * sizeof *fr);
    if (!fr) return -1;
    sv->fr = fr;
    sv->cap_depth = cap;
    return 0;
}

static int grow_moves(qp_solver *sv, size_t need)
{
    if (need <= sv->mv_cap) return 0;
    size_t cap = sv->mv_cap ? sv->mv_cap * 2 : 4 * QP_MAX_MOVES;
    while (cap < need) cap *= 2;
    qp_move *mv = realloc(sv->mv, cap * sizeof *mv);
    if (!mv) return -1;
    sv->mv = mv;
    int *sc = realloc(sv->sc, cap * sizeof *sc);
    if (!sc) return -1;
    sv->sc = sc;
    sv->mv_cap = cap;
    return 0;
}

static unsigned char *state_at(const qp_solver *sv, int d)
{
    return sv->states + (size_t)d * sv->ssz;
}

/* Generates and orders the moves of the position at depth d into a new
 * frame d; returns the count. */
static int push_frame(qp_solver *sv, int d, size_t off, uint64_t key)
{
    const qp_rules *r = sv->r;
    const qp_ruleset *rs = r->rs;
    const unsigned char *s = state_at(sv, d);
    frame *f = &sv->fr[d];
    f->off = off;
    f->i = 0;
    f->key = key;
    f->n = rs->gen(r, s, sv->mv + off, QP_GEN_ALL);
    /* a position the ruleset proves lost is searched no further */
    if (f->n && rs->hopeless && rs->hopeless(r, s)) f->n = 0;
    qp_move *mv = sv->mv + off;
    int *sc = sv->sc + off;
    if (f->n > 1 && rs->move_order) {
        for (int i = 0; i < f->n; i++) sc[i] = rs->move_order(r, s, mv[i]);
        /* insertion sort, best first; stable so equal scores keep gen order */
        for (int i = 1; i < f->n; i++) {
            qp_move m = mv[i];
            int v = sc[i], j = i;
            while (j > 0 && sc[j - 1] < v) {
                mv[j] = mv[j - 1];
                sc[j] = sc[j - 1];
                j--;
            }
            mv[j] = m;
            sc[j] = v;
        }
    }
    return f->n;
}

static bool solved(const qp_rules *r, const void *s)
{
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    return o.result == QP_WIN && o.winner == 0;
}

static bool on_line(const qp_solver *sv, int d, uint64_t key)
{
    for (int i = 0; i <= d; i++)
        if (sv->fr[i].key == key) return true;
    return false;
}

qp_solve_status qp_solve(qp_solver *sv, const void *pos, uint64_t max_nodes, int max_ms,
                         qp_solve_result *res)
{
    const qp_rules *r = sv->r;
    const qp_ruleset *rs = r->rs;
    int64_t t0 = qp_now_us();
    memset(res, 0, sizeof *res);
    atomic_store(&sv->stop_req, false);
    res->status = QP_SOLVE_UNKNOWN;
    if (grow_depth(sv, 1) || grow_moves(sv, QP_MAX_MOVES)) goto out;

    bool cycles = false;
    uint64_t nodes = 1;
    memcpy(state_at(sv, 0), pos, sv->ssz);
    uint64_t k0 = fix_key(rs->hash(r, pos));
    res->nodes = 1;
    if (push_frame(sv, 0, 0, k0) == 0) {
        res->status = solved(r, pos) ? QP_SOLVE_FOUND : QP_SOLVE_NONE;
        goto out;
    }
    if (dead(sv, k0)) {
        res->status = QP_SOLVE_NONE;
        goto out;
    }
    int d = 0;
    for (;;) {
        frame *f = &sv->fr[d];
        if (f->i == f->n) {
            add_dead(sv, f->key);
            if (d-- == 0) {
                res->status = QP_SOLVE_NONE;
                break;
            }
            continue;
        }
        qp_move m = sv->mv[f->off + f->i++];
        unsigned char *c = state_at(sv, d + 1);
        memcpy(c, state_at(sv, d), sv->ssz);
        rs->make(r, c, m, NULL);
        uint64_t k = fix_key(rs->hash(r, c));
        if (dead(sv, k)) continue;
        if (on_line(sv, d, k)) {
            cycles = true;
            continue;
        }
        nodes++;
        if ((nodes & CHECK_MASK) == 0) {
            if (atomic_load_explicit(&sv->stop_req, memory_order_relaxed)) break;
            if (max_nodes && nodes >= max_nodes) break;
            if (max_ms && (qp_now_us() - t0) / 1000 >= max_ms) break;
        }
        size_t top = f->off + (size_t)f->n;
        if (d + 2 >= MAX_DEPTH || grow_depth(sv, d + 2) || grow_moves(sv, top + QP_MAX_MOVES)) {
            cycles = true;   /* cut short: a "no solution" would be unproven */
            break;
        }
        c = state_at(sv, d + 1);   /* grow_depth may have moved the states */
        if (push_frame(sv, d + 1, top, k) == 0) {
            if (solved(r, c)) {
                res->moves = malloc((size_t)(d + 1) * sizeof *res->moves);
                if (!res->moves) break;
                for (int i = 0; i <= d; i++) res->moves[i] = sv->mv[sv->fr[i].off + sv->fr[i].i - 1];
                res->len = d + 1;
                res->status = QP_SOLVE_FOUND;
                break;
            }
            add_dead(sv, k);
            continue;
        }
        d++;
    }
    /* Keys added while a cycle was cut are only dead relative to that line. */
    if (cycles && res->status != QP_SOLVE_NONE) qp_solver_clear(sv);
    res->nodes = nodes;
out:
    res->time_ms = (int)((qp_now_us() - t0) / 1000);
    return res->status;
}
