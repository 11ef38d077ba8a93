/*
 * gui_engine.h — the computer player of the window: the one module that
 * talks to framework/search.h.
 *
 * The search runs on its own thread (qp_search_start); the window polls it
 * once per frame and never blocks on it, except when cancelling (new game,
 * undo, load, quit), which stops the search and waits the few milliseconds
 * it needs to notice.  Progress reports arrive on the search thread and are
 * handed over under a mutex; a wake-up event makes the frame loop redraw.
 */
#ifndef GUI_ENGINE_H
#define GUI_ENGINE_H

#include <stdbool.h>
#include <SDL.h>

#include "game.h"
#include "gui_state.h"

typedef struct gui_engine gui_engine;

/* Whether this build has a search at all (kept for builds without one). */
bool gui_engine_available(void);
/* NULL when this build has no search or it cannot start. */
gui_engine *gui_engine_new(const qp_rules *r);
void gui_engine_free(gui_engine *e);

/* Starts thinking on g's current position within *lim (the window's
 * choice: gui_state_think_limits); NULL: no limit, for analysis.
 * wake_event is an SDL user event type pushed on each report (0: none).
 * Returns 0 or -1. */
int gui_engine_start(gui_engine *e, const qp_game *g, const qp_search_limits *lim, Uint32 wake_event);
/* Search threads (1..QP_MAX_THREADS, clamped) for the searches started
 * from now on; a running search keeps its own.  0, or -1 when out of
 * memory (then the engine keeps the threads it had). */
int gui_engine_set_threads(gui_engine *e, int n);
/* The search the next start uses: QP_AI_ALPHABETA or QP_AI_MCTS, anything
 * else the game's own choice (qp_ai_choose).  A puzzle's solver comes
 * first either way (ai.h).  Always 0. */
int gui_engine_set_kind(gui_engine *e, int kind);
int gui_engine_kind(const gui_engine *e);   /* QP_AI_ALPHABETA or QP_AI_MCTS */
/* Stops and forgets a running search (its move is discarded). */
void gui_engine_cancel(gui_engine *e);
bool gui_engine_busy(const gui_engine *e);
/* Copies the latest report into *t; returns the chosen move once the
 * search has finished (then the engine is idle), else QP_MOVE_NONE. */
qp_move gui_engine_poll(gui_engine *e, gui_think *t);
/* Searches g's current position to depth at full strength and waits:
 * for `qipan render`, where a picture must not depend on timing.
 * Returns 0 with *t filled (t->best the move), or -1. */
int gui_engine_think_sync(gui_engine *e, const qp_game *g, int depth, gui_think *t);
/* Forgets what it learnt (new game). */
void gui_engine_clear(gui_engine *e);

#endif
