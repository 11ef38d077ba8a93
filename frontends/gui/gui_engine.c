/*
 * gui_engine.c — threaded search for the window (see gui_engine.h).
 */
#include "gui_engine.h"

#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "search.h"

_Static_assert(GUI_MAX_THREADS == QP_MAX_THREADS, "the settings offer the search's threads");

/* Invariant: pos is the position the running (or last) search started
 * from; info/seq are written by the search thread under mu. */
struct gui_engine {
    const qp_rules *r;
    qp_ai *s;
    SDL_mutex *mu;
    qp_search_info info;
    unsigned seq, seen;
    bool running;
    int threads;            /* wanted for the next search; 0: the rules' ai.threads */
    int kind;               /* QP_AI_*: wanted for the next search */
    size_t mem_mb;
    void *pos;
    Uint32 wake;
    gui_think last;
};

bool gui_engine_available(void)
{
    return true;
}

gui_engine *gui_engine_new(const qp_rules *r)
{
    if (!gui_engine_available()) return NULL;
    gui_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->r = r;
    long long mb = qp_param_int(&r->params, "ai.hash_mb");
    e->mem_mb = (size_t)(mb > 0 ? mb : 64);
    e->s = qp_ai_new(r, QP_AI_DEFAULT, e->mem_mb);
    e->kind = e->s ? qp_ai_kind(e->s) : QP_AI_DEFAULT;
    e->mu = SDL_CreateMutex();
    e->pos = malloc(r->state_size);
    if (!e->s || !e->mu || !e->pos) {
        gui_engine_free(e);
        return NULL;
    }
    return e;
}

void gui_engine_free(gui_engine *e)
{
    if (!e) return;
    gui_engine_cancel(e);
    if (e->s) qp_ai_free(e->s);
    if (e->mu) SDL_DestroyMutex(e->mu);
    free(e->pos);
    free(e);
}

/* Runs on the search thread. */
static void on_info(const qp_search_info *info, void *ud)
{
    gui_engine *e = ud;
    SDL_LockMutex(e->mu);
    e->info = *info;
    e->seq++;
    SDL_UnlockMutex(e->mu);
    if (e->wake) {
        SDL_Event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = e->wake;
        SDL_PushEvent(&ev);
    }
}

int gui_engine_set_threads(gui_engine *e, int n)
{
    if (n < 1) n = 1;
    if (n > QP_MAX_THREADS) n = QP_MAX_THREADS;
    /* Applied by the next start: changing them stops a running search. */
    e->threads = n;
    return e->running ? 0 : qp_ai_set_threads(e->s, n);
}

int gui_engine_set_kind(gui_engine *e, int kind)
{
    if (kind != QP_AI_ALPHABETA && kind != QP_AI_MCTS) kind = qp_ai_choose(e->r);
    e->kind = kind;
    return 0;
}

int gui_engine_kind(const gui_engine *e)
{
    return e->kind;
}

/* A new handle when the kind changed (no search runs: the caller
 * cancelled it), keeping the threads. */
static int engine_switch_kind(gui_engine *e)
{
    if (qp_ai_kind(e->s) == e->kind) return 0;
    qp_ai *s = qp_ai_new(e->r, e->kind, e->mem_mb);
    if (!s) return -1;
    qp_ai_free(e->s);
    e->s = s;
    return 0;
}

int gui_engine_start(gui_engine *e, const qp_game *g, const qp_search_limits *limits, Uint32 wake_event)
{
    gui_engine_cancel(e);
    if (engine_switch_kind(e)) return -1;
    if (e->threads > 0 && qp_ai_set_threads(e->s, e->threads) != 0) return -1;
    qp_search_limits lim;
    memset(&lim, 0, sizeof lim);   /* analysis: until stopped (or the deepest depth) */
    if (limits) lim = *limits;
    lim.seed = (uint64_t)SDL_GetPerformanceCounter();
    memcpy(e->pos, g->cur, e->r->state_size);
    memset(&e->info, 0, sizeof e->info);
    memset(&e->last, 0, sizeof e->last);
    e->seq = e->seen = 0;
    e->wake = wake_event;
    if (qp_ai_start(e->s, g, &lim, on_info, e) != 0) return -1;
    e->running = true;
    e->last.active = true;
    return 0;
}

void gui_engine_cancel(gui_engine *e)
{
    if (!e || !e->running) return;
    qp_search_info out;
    qp_ai_stop(e->s);
    qp_ai_wait(e->s, &out);
    e->running = false;
    e->last.active = false;
}

bool gui_engine_busy(const gui_engine *e)
{
    return e && e->running;
}

/* The best line as move texts, played out from the searched position;
 * nota the same in the game's own notation when it has one ("" else). */
static void pv_text(const gui_engine *e, const qp_search_info *in, char *buf, size_t n, char *nota, size_t notan)
{
    const qp_rules *r = e->r;
    void *s = malloc(r->state_size);
    buf[0] = 0;
    nota[0] = 0;
    if (!s) return;
    size_t nlen = 0;
    bool native = r->rs->move_notation != NULL;
    memcpy(s, e->pos, r->state_size);
    size_t len = 0;
    for (int i = 0; i < in->pvlen && i < QP_MAX_PV; i++) {
        if (!qp_move_is_legal(r, s, in->pv[i])) break;
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, s, in->pv[i], t, sizeof t);
        size_t k = strlen(t);
        if (len + k + 2 >= n) break;
        if (len) buf[len++] = ' ';
        memcpy(buf + len, t, k + 1);
        len += k;
        if (native) {
            char w[64] = "";
            r->rs->move_notation(r, s, in->pv[i], w, sizeof w);
            size_t wk = strlen(w);
            if (!wk || nlen + wk + 2 >= notan) native = false;   /* the line stops where the notation does */
            else {
                if (nlen) nota[nlen++] = ' ';
                memcpy(nota + nlen, w, wk + 1);
                nlen += wk;
            }
        }
        r->rs->make(r, s, in->pv[i], NULL);
    }
    free(s);
}

static void fill_think(gui_engine *e, const qp_search_info *in, bool active)
{
    gui_think *t = &e->last;
    t->active = active;
    t->depth = in->depth;
    t->score = in->score;
    t->mate = qp_score_is_mate(in->score);
    t->mate_plies = t->mate ? qp_score_mate_plies(in->score) : 0;
    t->nodes = in->nodes;
    t->time_ms = in->time_ms;
    pv_text(e, in, t->pv, sizeof t->pv, t->pv_nota, sizeof t->pv_nota);
    t->best = in->pvlen > 0 && qp_move_is_legal(e->r, e->pos, in->pv[0]) ? in->pv[0] : QP_MOVE_NONE;
}

qp_move gui_engine_poll(gui_engine *e, gui_think *t)
{
    if (!e) return QP_MOVE_NONE;
    qp_move best = QP_MOVE_NONE;
    if (e->running) {
        qp_search_info snap;
        bool fresh;
        SDL_LockMutex(e->mu);
        fresh = e->seq != e->seen;
        snap = e->info;
        e->seen = e->seq;
        SDL_UnlockMutex(e->mu);
        if (fresh) fill_think(e, &snap, true);
        qp_search_info out;
        if (qp_ai_poll(e->s, &out)) {
            qp_ai_wait(e->s, &out);
            e->running = false;
            if (out.depth > 0 || out.pvlen > 0) fill_think(e, &out, false);
            e->last.active = false;
            best = out.best;
            if (best != QP_MOVE_NONE && !qp_move_is_legal(e->r, e->pos, best)) best = QP_MOVE_NONE;
        }
    }
    if (t) *t = e->last;
    return best;
}

int gui_engine_think_sync(gui_engine *e, const qp_game *g, int depth, gui_think *t)
{
    if (!e) return -1;
    gui_engine_cancel(e);
    qp_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.level = 10;
    memcpy(e->pos, g->cur, e->r->state_size);
    qp_search_info out;
    memset(&out, 0, sizeof out);
    qp_ai_run(e->s, g, &lim, NULL, NULL, &out);
    memset(&e->last, 0, sizeof e->last);
    fill_think(e, &out, false);
    if (out.pvlen == 0 && out.best != QP_MOVE_NONE && qp_move_is_legal(e->r, e->pos, out.best)) e->last.best = out.best;
    *t = e->last;
    return 0;
}

void gui_engine_clear(gui_engine *e)
{
    if (!e) return;
    gui_engine_cancel(e);
    qp_ai_clear(e->s);
    memset(&e->last, 0, sizeof e->last);
}
