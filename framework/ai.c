/*
 * ai.c — the game's AI: alpha-beta or MCTS, and the solver first for
 * puzzles (see ai.h).
 *
 * Two-player games go straight to the engine's own run/start/stop.
 * Puzzles run "solver, then engine" as one job, so threaded play needs a
 * thread of this module with a private copy of the game.
 */
#include "ai.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "task.h"
#include "timeman.h"

struct qp_ai {
    const qp_rules *r;
    int kind;
    qp_search *ab;
    qp_mcts *mc;
    qp_solver *sv;              /* puzzles only */

    atomic_bool stop_req;       /* puzzles: the job was asked to stop */
    atomic_bool solving;        /* puzzles: the solver phase is running */
    qp_search_info info;        /* puzzles: the job's result */
    qp_task task;               /* puzzles: the background job */
    qp_game copy;
    bool has_copy;
    qp_search_limits lim;
    qp_search_cb cb;
    void *ud;
};

int qp_ai_parse(const char *text)
{
    if (!text) return -1;
    if (!strcmp(text, "alphabeta")) return QP_AI_ALPHABETA;
    if (!strcmp(text, "mcts")) return QP_AI_MCTS;
    return -1;
}

const char *qp_ai_name(int kind)
{
    return kind == QP_AI_ALPHABETA ? "alphabeta" : kind == QP_AI_MCTS ? "mcts" : "default";
}

int qp_ai_choose(const qp_rules *r)
{
    if (r->ai == QP_AI_ALPHABETA || r->ai == QP_AI_MCTS) return r->ai;
    return r->rs->evaluate ? QP_AI_ALPHABETA : QP_AI_MCTS;
}

qp_ai *qp_ai_new(const qp_rules *r, int kind, size_t mem_mb)
{
    qp_ai *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->r = r;
    a->kind = kind == QP_AI_ALPHABETA || kind == QP_AI_MCTS ? kind : qp_ai_choose(r);
    if (a->kind == QP_AI_ALPHABETA) a->ab = qp_search_new(r, mem_mb);
    else a->mc = qp_mcts_new(r, mem_mb);
    if (r->nsides == 1) a->sv = qp_solver_new(r, mem_mb);
    if ((!a->ab && !a->mc) || (r->nsides == 1 && !a->sv)) {
        qp_search_free(a->ab);
        qp_mcts_free(a->mc);
        qp_solver_free(a->sv);
        free(a);
        return NULL;
    }
    atomic_init(&a->stop_req, false);
    atomic_init(&a->solving, false);
    qp_task_init(&a->task);
    return a;
}

void qp_ai_free(qp_ai *a)
{
    if (!a) return;
    if (qp_task_live(&a->task)) {
        qp_ai_stop(a);
        qp_ai_wait(a, NULL);
    }
    if (a->has_copy) qp_game_free(&a->copy);
    qp_search_free(a->ab);
    qp_mcts_free(a->mc);
    qp_solver_free(a->sv);
    qp_task_destroy(&a->task);
    free(a);
}

int qp_ai_set_threads(qp_ai *a, int n)
{
    return a && a->ab ? qp_search_set_threads(a->ab, n) : 0;
}

bool qp_ai_probe(const qp_ai *a, const void *pos, qp_search_entry *out)
{
    return a && a->ab && qp_search_probe(a->ab, pos, out);
}

int qp_ai_kind(const qp_ai *a)
{
    return a->kind;
}

void qp_ai_clear(qp_ai *a)
{
    if (a->ab) qp_search_clear(a->ab);
    if (a->mc) qp_mcts_clear(a->mc);
}

/* ---- engines ----------------------------------------------------------- */

static qp_move engine_run(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                          void *ud, qp_search_info *out)
{
    return a->ab ? qp_search_run(a->ab, g, lim, cb, ud, out) : qp_mcts_run(a->mc, g, lim, cb, ud, out);
}

static void engine_stop(qp_ai *a)
{
    if (a->ab) qp_search_stop(a->ab);
    else qp_mcts_stop(a->mc);
}

/* The engine as a step of a puzzle job.  A new search forgets earlier
 * stop requests, so it runs on its own thread and the job's request is
 * checked again once it has started: qp_ai_stop raises stop_req before it
 * stops the engine, so no request falls between the two. */
static qp_move engine_step(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                           void *ud, qp_search_info *out)
{
    int rc = a->ab ? qp_search_start(a->ab, g, lim, cb, ud) : qp_mcts_start(a->mc, g, lim, cb, ud);
    if (rc != 0) return engine_run(a, g, lim, cb, ud, out);
    if (atomic_load(&a->stop_req)) engine_stop(a);
    return a->ab ? qp_search_wait(a->ab, out) : qp_mcts_wait(a->mc, out);
}

/* ---- puzzles ----------------------------------------------------------- */

static void publish(qp_ai *a, const qp_search_info *in)
{
    qp_task_publish(&a->task, in);
}

/* The solver with most of the budget, then the engine with the rest. */
static qp_move puzzle_run(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                          void *ud, qp_search_info *out)
{
    static const qp_search_limits none = {0};
    qp_search_limits l = lim ? *lim : none;
    qp_timeman tm;
    qp_time_init(&tm, &l, 0);
    int ms = 0;
    if (tm.hard_ms > 0) ms = (int)((l.movetime_ms > 0 ? tm.hard_ms : tm.soft_ms) * 9 / 10);
    if (tm.hard_ms > 0 && ms < 1) ms = 1;

    qp_search_info *in = &a->info;
    memset(in, 0, sizeof *in);
    qp_solve_result res = {0};
    atomic_store(&a->solving, true);
    qp_solve_status st = atomic_load(&a->stop_req) ? QP_SOLVE_UNKNOWN
                                                   : qp_solve(a->sv, g->cur, l.nodes, ms, &res);
    atomic_store(&a->solving, false);
    if (st == QP_SOLVE_FOUND && res.len > 0) {
        in->depth = in->seldepth = res.len;
        in->score = QP_SCORE_MATE - res.len;
        in->nodes = res.nodes;
        in->time_ms = res.time_ms;
        in->nps = res.time_ms > 0 ? res.nodes * 1000 / (uint64_t)res.time_ms : 0;
        in->pvlen = res.len < QP_MAX_PV ? res.len : QP_MAX_PV;
        memcpy(in->pv, res.moves, (size_t)in->pvlen * sizeof *in->pv);
        in->best = res.moves[0];
        in->done = true;
        qp_solve_result_free(&res);
        publish(a, in);
        if (cb) cb(in, ud);
        if (out) *out = *in;
        return in->best;
    }
    qp_solve_result_free(&res);
    /* No solution (or none found in time): the engine picks a move. */
    if (atomic_load(&a->stop_req)) {
        l = none;
        l.depth = 1;
        l.nodes = 1;
    } else if (l.movetime_ms > 0) {
        int64_t left = l.movetime_ms - qp_time_elapsed_ms(&tm);
        l.movetime_ms = left > 1 ? (int)left : 1;
    } else if (l.nodes && st == QP_SOLVE_UNKNOWN) {
        l.nodes = l.nodes > res.nodes ? l.nodes - res.nodes : 1;
    }
    qp_move m = engine_step(a, g, &l, cb, ud, in);
    publish(a, in);
    if (out) *out = *in;
    return m;
}

static void puzzle_job(void *arg)
{
    qp_ai *a = arg;
    puzzle_run(a, &a->copy, &a->lim, a->cb, a->ud, NULL);
}

/* A private copy of g: the same start and moves up to the cursor. */
static int copy_game(qp_ai *a, const qp_game *g)
{
    char err[QP_ERR];
    if (a->has_copy) qp_game_free(&a->copy);
    a->has_copy = false;
    if (qp_game_init(&a->copy, a->r, g->start_fen[0] ? g->start_fen : NULL, err, sizeof err)) return -1;
    a->has_copy = true;
    memcpy(a->copy.start, g->start, a->r->state_size);
    memcpy(a->copy.cur, g->start, a->r->state_size);
    for (int i = 0; i < g->cursor; i++) qp_game_play(&a->copy, g->rec[i]);
    return 0;
}

/* ---- the calls of search.h --------------------------------------------- */

qp_move qp_ai_run(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                  void *ud, qp_search_info *out)
{
    if (!a->sv) return engine_run(a, g, lim, cb, ud, out);
    atomic_store(&a->stop_req, false);
    return puzzle_run(a, g, lim, cb, ud, out);
}

int qp_ai_start(qp_ai *a, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb, void *ud)
{
    if (!a->sv) return a->ab ? qp_search_start(a->ab, g, lim, cb, ud) : qp_mcts_start(a->mc, g, lim, cb, ud);
    if (qp_task_live(&a->task)) {
        qp_ai_stop(a);
        qp_ai_wait(a, NULL);
    }
    static const qp_search_limits none = {0};
    if (copy_game(a, g)) return -1;
    a->lim = lim ? *lim : none;
    a->cb = cb;
    a->ud = ud;
    atomic_store(&a->stop_req, false);
    return qp_task_start(&a->task, puzzle_job, a);
}

void qp_ai_stop(qp_ai *a)
{
    if (a->sv) {
        atomic_store(&a->stop_req, true);
        qp_solver_stop(a->sv);
    }
    engine_stop(a);
}

bool qp_ai_poll(qp_ai *a, qp_search_info *out)
{
    if (!a->sv) return a->ab ? qp_search_poll(a->ab, out) : qp_mcts_poll(a->mc, out);
    bool done = qp_task_poll(&a->task, NULL);
    if (out) {
        /* while the engine runs, its own progress; else the job's */
        if (!done && !atomic_load(&a->solving)) {
            if (a->ab) qp_search_poll(a->ab, out);
            else qp_mcts_poll(a->mc, out);
        } else {
            qp_task_poll(&a->task, out);
        }
    }
    return done;
}

qp_move qp_ai_wait(qp_ai *a, qp_search_info *out)
{
    if (!a->sv) return a->ab ? qp_search_wait(a->ab, out) : qp_mcts_wait(a->mc, out);
    qp_task_join(&a->task);
    if (out) *out = a->info;
    return a->info.best;
}

bool qp_ai_running(const qp_ai *a)
{
    if (!a->sv) return a->ab ? qp_search_running(a->ab) : qp_mcts_running(a->mc);
    return qp_task_running(&a->task);
}
