/*
 * gui_app.h — the game window: a frame loop of events → update → render.
 *
 * The app owns the window, the renderer, the state, the computer player
 * and the sound.  Every change to the game goes through it: it applies the
 * actions input produces, lets the computer move, keeps the clocks, saves
 * the game in progress after each change and on close (so nothing is
 * lost), and offers the autosave back at the next start.
 *
 * With QIPAN_GUI_LOG set, the window also reports on stderr what a tester
 * needs to wait on: "qipan: start: …", "played: MOVE", "dialog: NAME",
 * "message: …"/"error: …", "banner: RESULT — REASON", "new game: …",
 * "resumed: …"/"state: …" (mode, level, flip, clocks) and settings changes.
 */
#ifndef GUI_APP_H
#define GUI_APP_H

#include <stdbool.h>

#include "app.h"
#include "gui_net.h"

typedef struct gui_options {
    int w, h;              /* initial window size in window coordinates */
    bool size_given;       /* --size: else the remembered size */
    bool flip;             /* --flip (else the remembered flip) */
    int ai_mask;           /* -1: default (the computer plays side 1 if there is one) */
    int level;             /* 0: the rules' ai.level */
    double t0;             /* `qipan play` started (seconds, monotonic) */
    double t_video;        /* SDL video is up: t0..t_video is SDL_Init */
    const gui_net_opts *net;   /* --host / --join, or NULL */
    int search;            /* --search: QP_AI_*, QP_AI_DEFAULT for the game's choice */
} gui_options;

/* Runs the window until it is closed; takes ownership of r and *g.
 * SDL video must be initialised.  Returns the exit status. */
int gui_app_run(qp_app *app, qp_rules *r, qp_game *g, const gui_options *opt);

/* Seconds on a monotonic clock. */
double gui_now(void);

#endif
