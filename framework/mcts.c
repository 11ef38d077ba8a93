/*
 * mcts.c — UCT with random playouts and proven nodes (see mcts.h).
 *
 * The tree is a pool of nodes; a node's children are contiguous in the
 * pool (allocated together when it is expanded), so a node stores its
 * first child and their count.  Positions are not stored: each iteration
 * replays the selected moves from the root by copy-make.
 *
 * Values: a node's `halves` count the rewards (in half points: a reward
 * is 0, 1/2 or 1, so the sums are exact) of the side that made the move
 * into it (`who`), so a parent picks among its children by their own
 * win rates.  A proof is a node's exact value for `who` (loss, draw or
 * win); a parent is proven when one child wins for the side to move, or
 * when all its children are proven (then the best of them counts).
 *
 * Superko (r->draw.superko): `boards` holds the board keys of the game up
 * to the root, then of the selected path; a child whose board repeats one
 * of them (qp_superko_repeats) is an illegal move, made a proven loss for
 * its mover so that it is never selected.  Random playouts do not check
 * it: they end by the game's own rules or the ply cap.
 */
#include "mcts.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "splitmix.h"
#include "task.h"
#include "timeman.h"

#define DEFAULT_MEM_MB 64
#define MIN_NODES 1024
#define DEFAULT_PLAYOUT_CAP 200
#define UCT_C 0.8
#define FIRST_INFO 128        /* iterations before the first info line */
#define TIME_CHECK_MASK 7     /* check the clock every 8 iterations */
#define NO_NODE UINT32_MAX
#define MAX_PATH 1024         /* superko: tree depth whose boards are kept */

enum { PR_NONE, PR_LOSS, PR_DRAW, PR_WIN };

typedef struct node {
    qp_move move;         /* the move into this node */
    uint32_t parent;
    uint32_t child;       /* first child; valid when nchild > 0 */
    uint16_t nchild;
    int8_t who;           /* side that played move */
    uint8_t proof;        /* PR_*, for who */
    uint8_t expanded;     /* children made, or known terminal */
    uint32_t visits;
    uint32_t halves;      /* twice the rewards of who */
} node;

struct qp_mcts {
    const qp_rules *r;
    size_t ssz;
    node *pool;
    uint32_t cap, used;
    unsigned char *root, *cur, *tmp;
    qp_move *mv;          /* QP_MAX_MOVES */
    int max_seldepth;
    uint64_t rng;

    qp_search_limits lim;
    qp_timeman tm;
    int64_t deadline_ms;
    uint64_t max_iter;
    qp_search_cb cb;
    void *ud;
    atomic_bool stop_req;
    qp_search_info info;

    qp_task task;          /* the background search (qp_mcts_start) */

    /* superko: the game's boards (nhist) then the path's (npath in all) */
    qp_hist *boards;
    int nhist, npath, boards_cap;
};

/* ---- lifetime ---------------------------------------------------------- */

qp_mcts *qp_mcts_new(const qp_rules *r, size_t mem_mb)
{
    qp_mcts *M = calloc(1, sizeof *M);
    if (!M) return NULL;
    qp_task_init(&M->task);
    M->r = r;
    M->ssz = r->state_size ? r->state_size : 1;
    if (mem_mb == 0) {
        long long p = qp_param_int(&r->params, "ai.hash_mb");
        mem_mb = p > 0 ? (size_t)p : DEFAULT_MEM_MB;
    }
    size_t n = mem_mb * 1024 * 1024 / sizeof(node);
    if (n < MIN_NODES) n = MIN_NODES;
    if (n > UINT32_MAX - QP_MAX_MOVES) n = UINT32_MAX - QP_MAX_MOVES;
    M->cap = (uint32_t)n;
    M->pool = malloc((size_t)M->cap * sizeof *M->pool);
    M->root = malloc(M->ssz);
    M->cur = malloc(M->ssz);
    M->tmp = malloc(M->ssz);
    M->mv = malloc(QP_MAX_MOVES * sizeof *M->mv);
    if (!M->pool || !M->root || !M->cur || !M->tmp || !M->mv) {
        qp_mcts_free(M);
        return NULL;
    }
    atomic_init(&M->stop_req, false);
    return M;
}

void qp_mcts_free(qp_mcts *M)
{
    if (!M) return;
    if (qp_task_live(&M->task)) {
        qp_mcts_stop(M);
        qp_mcts_wait(M, NULL);
    }
    qp_task_destroy(&M->task);
    free(M->pool);
    free(M->root);
    free(M->cur);
    free(M->tmp);
    free(M->mv);
    free(M->boards);
    free(M);
}

void qp_mcts_clear(qp_mcts *M)
{
    (void)M;
}

uint64_t qp_mcts_level_playouts(int level)
{
    if (level < 1 || level >= 10) return 0;
    return (uint64_t)100 << (level - 1);
}

/* ---- the tree ---------------------------------------------------------- */

static uint32_t rnd(qp_mcts *M, uint32_t n)
{
    return (uint32_t)(((qp_splitmix64(&M->rng) >> 32) * (uint64_t)n) >> 32);
}

/* Rewards of both sides for an outcome. */
static void rewards(const qp_rules *r, const qp_outcome *o, float rw[2])
{
    if (o->result == QP_WIN && o->winner >= 0 && o->winner < 2) {
        rw[o->winner] = 1.0f;
        rw[1 - o->winner] = 0.0f;
    } else if (r->nsides == 1) {
        rw[0] = 0.0f;   /* a puzzle that is not solved has failed */
        rw[1] = 1.0f;
    } else {
        rw[0] = rw[1] = 0.5f;
    }
}

static uint8_t proof_of(float reward)
{
    return reward > 0.75f ? PR_WIN : reward < 0.25f ? PR_LOSS : PR_DRAW;
}

/* A proof for side `who` as seen by side `to` (zero-sum for two sides). */
static uint8_t proof_for(const qp_rules *r, uint8_t p, int who, int to)
{
    if (who == to || r->nsides == 1 || p == PR_DRAW || p == PR_NONE) return p;
    return p == PR_WIN ? PR_LOSS : PR_WIN;
}

static void rewards_of_proof(const node *n, float rw[2])
{
    float v = n->proof == PR_WIN ? 1.0f : n->proof == PR_LOSS ? 0.0f : 0.5f;
    int w = n->who >= 0 && n->who < 2 ? n->who : 0;
    rw[w] = v;
    rw[1 - w] = 1.0f - v;
}

/* Proves parents upwards from a freshly proven node while possible. */
static void propagate_proof(qp_mcts *M, uint32_t idx)
{
    while (idx != 0) {
        uint32_t p = M->pool[idx].parent;
        node *pn = &M->pool[p];
        if (pn->proof != PR_NONE) return;
        int mover = M->pool[pn->child].who;
        uint8_t best = PR_NONE;
        bool all = true;
        for (uint32_t i = 0; i < pn->nchild; i++) {
            uint8_t c = M->pool[pn->child + i].proof;
            if (c == PR_NONE) all = false;
            else if (c > best) best = c;
        }
        if (best != PR_WIN && !all) return;
        pn->proof = proof_for(M->r, best, mover, pn->who);
        idx = p;
    }
}

static uint32_t select_child(qp_mcts *M, const node *n)
{
    double logn = log((double)(n->visits ? n->visits : 1));
    uint32_t best = n->child;
    double bv = -1.0;
    uint32_t start = rnd(M, n->nchild);
    for (uint32_t k = 0; k < n->nchild; k++) {
        uint32_t c = n->child + (start + k) % n->nchild;
        const node *cn = &M->pool[c];
        if (cn->proof == PR_WIN) return c;
        if (cn->proof == PR_LOSS) continue;
        if (cn->visits == 0) return c;
        double v = cn->halves * 0.5 / cn->visits + UCT_C * sqrt(logn / cn->visits);
        if (v > bv) {
            bv = v;
            best = c;
        }
    }
    return best;
}

/* Expands M->pool[idx] at position M->cur; false when the pool is full.
 * Each child is judged at once, so a win in one is proven before any
 * playout and a move that allows one is refuted on its second visit. */
static bool expand(qp_mcts *M, uint32_t idx, int n)
{
    const qp_rules *r = M->r;
    if ((uint64_t)M->used + (uint64_t)n > M->cap) return false;
    int who = r->rs->side_to_move(r, M->cur);
    node *pn = &M->pool[idx];
    pn->child = M->used;
    pn->nchild = (uint16_t)n;
    pn->expanded = 1;
    uint32_t proven = NO_NODE;
    for (int i = 0; i < n; i++) {
        uint32_t ci = M->used++;
        node *c = &M->pool[ci];
        memset(c, 0, sizeof *c);
        c->move = M->mv[i];
        c->parent = idx;
        c->who = (int8_t)who;
        memcpy(M->tmp, M->cur, M->ssz);
        r->rs->make(r, M->tmp, c->move, NULL);
        if (r->draw.superko && M->npath > 0 &&
            qp_superko_repeats(M->boards, M->npath - 1, qp_board_key(r, M->tmp))) {
            c->expanded = 1;   /* an illegal move: lost for its mover */
            c->proof = PR_LOSS;
            proven = ci;
            continue;
        }
        qp_outcome o;
        r->rs->outcome(r, M->tmp, &o);
        if (o.result != QP_ONGOING) {
            float rw[2];
            rewards(r, &o, rw);
            c->expanded = 1;
            c->proof = proof_of(rw[who >= 0 && who < 2 ? who : 0]);
            proven = ci;
        }
    }
    if (proven != NO_NODE) propagate_proof(M, proven);
    return true;
}

static void iteration(qp_mcts *M)
{
    const qp_rules *r = M->r;
    const qp_ruleset *rs = r->rs;
    memcpy(M->cur, M->root, M->ssz);
    uint32_t idx = 0;
    int depth = 0;
    M->npath = M->nhist;
    while (M->pool[idx].nchild > 0 && M->pool[idx].proof == PR_NONE) {
        idx = select_child(M, &M->pool[idx]);
        rs->make(r, M->cur, M->pool[idx].move, NULL);
        depth++;
        if (r->draw.superko) {
            if (M->npath > 0 && M->npath < M->boards_cap) M->boards[M->npath++].board = qp_board_key(r, M->cur);
            else M->npath = 0;   /* too deep to keep: no check below */
        }
    }
    float rw[2];
    node *n = &M->pool[idx];
    if (n->proof != PR_NONE) {
        rewards_of_proof(n, rw);
    } else {
        /* Expand a node on its second visit (the root at once); a node
         * that has no move is terminal and proven. */
        int cnt = -1;
        if (!n->expanded && (n->visits > 0 || idx == 0)) {
            cnt = rs->gen(r, M->cur, M->mv, QP_GEN_ALL);
            if (cnt > 0 && expand(M, idx, cnt)) {
                if (n->proof != PR_NONE) {   /* decided by a child judged at once */
                    rewards_of_proof(n, rw);
                    goto backup;
                }
                idx = select_child(M, n);
                rs->make(r, M->cur, M->pool[idx].move, NULL);
                depth++;
                n = &M->pool[idx];
                cnt = -1;
            }
        }
        /* Playout: cnt >= 0 means the moves of M->cur are already in M->mv. */
        int cap = r->max_game_plies > 0 ? r->max_game_plies : DEFAULT_PLAYOUT_CAP;
        for (int step = 0;; step++) {
            if (cnt < 0) cnt = rs->gen(r, M->cur, M->mv, QP_GEN_ALL);
            if (cnt == 0) {
                qp_outcome o;
                rs->outcome(r, M->cur, &o);
                rewards(r, &o, rw);
                if (step == 0) {
                    n->expanded = 1;
                    n->proof = proof_of(rw[n->who >= 0 && n->who < 2 ? n->who : 0]);
                    propagate_proof(M, idx);
                }
                break;
            }
            if (step >= cap) {
                rw[0] = rw[1] = 0.5f;
                if (r->nsides == 1) rw[0] = 0.0f, rw[1] = 1.0f;
                break;
            }
            rs->make(r, M->cur, M->mv[rnd(M, (uint32_t)cnt)], NULL);
            cnt = -1;
        }
    }
backup:
    if (depth > M->max_seldepth) M->max_seldepth = depth;
    for (;;) {
        node *b = &M->pool[idx];
        b->visits++;
        if (b->who >= 0 && b->who < 2) b->halves += (uint32_t)(rw[b->who] * 2.0f + 0.5f);
        if (idx == 0) break;
        idx = b->parent;
    }
}

/* The child a player would choose: a proven win, else the most visited
 * child not proven lost (more wins break ties). */
static uint32_t best_child(const qp_mcts *M, const node *n)
{
    uint32_t best = NO_NODE;
    int bclass = -1;
    for (uint32_t i = 0; i < n->nchild; i++) {
        uint32_t c = n->child + i;
        const node *cn = &M->pool[c];
        int cls = cn->proof == PR_WIN ? 2 : cn->proof == PR_LOSS ? 0 : 1;
        if (best == NO_NODE || cls > bclass ||
            (cls == bclass && (cn->visits > M->pool[best].visits ||
                               (cn->visits == M->pool[best].visits && cn->halves > M->pool[best].halves)))) {
            best = c;
            bclass = cls;
        }
    }
    return best;
}

static void fill_info(qp_mcts *M, uint64_t iters)
{
    qp_search_info *in = &M->info;
    const node *root = &M->pool[0];
    memset(in, 0, sizeof *in);
    int n = 0;
    const node *at = root;
    while (n < QP_MAX_PV && at->nchild > 0) {
        uint32_t c = best_child(M, at);
        if (c == NO_NODE || (M->pool[c].visits == 0 && n > 0)) break;
        in->pv[n++] = M->pool[c].move;
        at = &M->pool[c];
    }
    in->pvlen = n;
    in->best = n ? in->pv[0] : QP_MOVE_NONE;
    in->depth = n;
    in->seldepth = M->max_seldepth;
    in->nodes = iters;
    int64_t us = qp_now_us() - M->tm.start_us;
    in->time_ms = (int)(us / 1000);
    in->nps = us > 0 ? (uint64_t)((double)iters * 1e6 / (double)us) : 0;
    if (n == 0) return;
    const node *b = &M->pool[best_child(M, root)];
    if (b->proof == PR_WIN) {
        in->score = QP_SCORE_MATE - n;
    } else if (b->proof == PR_LOSS) {
        in->score = -(QP_SCORE_MATE - n);
    } else if (b->proof == PR_DRAW) {
        in->score = 0;
    } else {
        double p = b->visits ? b->halves * 0.5 / b->visits : 0.5;
        if (p < 0.001) p = 0.001;
        if (p > 0.999) p = 0.999;
        in->score = (int)lround(400.0 * log10(p / (1.0 - p)));
    }
}

static void publish(qp_mcts *M)
{
    qp_task_publish(&M->task, &M->info);
}

static void search(qp_mcts *M)
{
    const qp_rules *r = M->r;
    int side = r->rs->side_to_move(r, M->root);
    qp_time_init(&M->tm, &M->lim, side);
    M->deadline_ms = M->lim.movetime_ms > 0 ? M->tm.hard_ms : M->tm.soft_ms;
    M->max_iter = M->lim.nodes;
    if (M->lim.depth > 0 && (M->max_iter == 0 || (uint64_t)M->lim.depth * 1000 < M->max_iter))
        M->max_iter = (uint64_t)M->lim.depth * 1000;
    uint64_t lv = qp_mcts_level_playouts(M->lim.level);
    if (lv && (M->max_iter == 0 || lv < M->max_iter)) M->max_iter = lv;
    M->rng = M->lim.seed ^ 0x6A09E667F3BCC909ull;
    M->max_seldepth = 0;
    M->used = 1;
    node *root = &M->pool[0];
    memset(root, 0, sizeof *root);
    root->parent = NO_NODE;
    root->who = (int8_t)(r->nsides == 1 ? 0 : 1 - side);

    uint64_t it = 0, next_info = FIRST_INFO;
    for (;;) {
        /* one iteration at least: it expands the root, so there is a move */
        if (it > 0 && atomic_load_explicit(&M->stop_req, memory_order_relaxed)) break;
        if (M->max_iter && it >= M->max_iter) break;
        if (M->deadline_ms && (it & TIME_CHECK_MASK) == 0 && qp_time_elapsed_ms(&M->tm) >= M->deadline_ms)
            break;
        iteration(M);
        it++;
        if (root->proof != PR_NONE) break;               /* the answer is known */
        if (root->nchild == 1 && (M->deadline_ms || M->max_iter == 0)) break;   /* nothing to choose */
        if (root->nchild == 0) break;                    /* no move */
        if (it == next_info) {
            fill_info(M, it);
            publish(M);
            if (M->cb) M->cb(&M->info, M->ud);
            next_info *= 2;
        }
    }
    fill_info(M, it);
    M->info.done = true;
    publish(M);
    if (M->cb) M->cb(&M->info, M->ud);
}

static void prepare(qp_mcts *M, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                    void *ud)
{
    static const qp_search_limits none = {0};
    M->lim = lim ? *lim : none;
    M->cb = cb;
    M->ud = ud;
    atomic_store(&M->stop_req, false);
    memcpy(M->root, g->cur, M->ssz);
    M->nhist = M->npath = 0;
    if (M->r->draw.superko) {
        int need = g->cursor + 1 + MAX_PATH;
        if (need > M->boards_cap) {
            qp_hist *b = realloc(M->boards, (size_t)need * sizeof *b);
            if (b) M->boards = b, M->boards_cap = need;
        }
        if (need <= M->boards_cap) {
            memcpy(M->boards, g->hist, (size_t)(g->cursor + 1) * sizeof *M->boards);
            M->nhist = g->cursor + 1;
        }
    }
}

qp_move qp_mcts_run(qp_mcts *M, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                    void *ud, qp_search_info *out)
{
    prepare(M, g, lim, cb, ud);
    search(M);
    if (out) *out = M->info;
    return M->info.best;
}

/* ---- threads ----------------------------------------------------------- */

static void mcts_job(void *arg)
{
    search(arg);
}

int qp_mcts_start(qp_mcts *M, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                  void *ud)
{
    if (qp_task_live(&M->task)) {
        qp_mcts_stop(M);
        qp_mcts_wait(M, NULL);
    }
    prepare(M, g, lim, cb, ud);
    return qp_task_start(&M->task, mcts_job, M);
}

void qp_mcts_stop(qp_mcts *M)
{
    atomic_store(&M->stop_req, true);
}

bool qp_mcts_poll(qp_mcts *M, qp_search_info *out)
{
    return qp_task_poll(&M->task, out);
}

qp_move qp_mcts_wait(qp_mcts *M, qp_search_info *out)
{
    qp_task_join(&M->task);
    if (out) *out = M->info;
    return M->info.best;
}

bool qp_mcts_running(const qp_mcts *M)
{
    return qp_task_running(&M->task);
}
