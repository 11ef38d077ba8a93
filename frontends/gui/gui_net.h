/*
 * gui_net.h — the window's seat in a network game (docs/protocol.md).
 *
 * A gui_net wraps one ns_session (net_session.h): the session owns the
 * rules and the record, which is the single source of truth; the window
 * keeps its own rules and game (what gui_state draws) and brings them in
 * step with the session's after every frame and every action: moves the
 * window does not have yet are played into it, moves it has that the
 * session no longer has (a takeback) are cut off.  The person's actions
 * go to the session (ns_play, ns_resign, ns_offer_draw, ...), never to the
 * window's game directly.
 *
 * The session never blocks, so gui_net_step runs once a frame.  One
 * exception: ns_new resolves the address with a blocking getaddrinfo,
 * instant for a numeric or loopback address; a slow name server would
 * freeze the window for that long when joining by name.
 *
 * Keys while networked (gui_net_key, before the window's own keys): D
 * offers a draw; when the opponent offers a draw or asks for a takeback, Y
 * accepts and N declines; C opens the chat line (Enter sends, Esc drops).
 */
#ifndef GUI_NET_H
#define GUI_NET_H

#include <stdbool.h>

#include <SDL.h>

#include "app.h"
#include "gui_state.h"

typedef struct gui_net_opts {
    bool on;                   /* networked at all */
    bool host;                 /* host (else join) */
    char addr[256];            /* host: listen address; join: the host's */
    int port;                  /* host: 0 picks a free one */
    char code[40];             /* "" on the host: a random one */
    int side;                  /* host: the host's side, -1 the ruleset's first */
    const char *side_name;     /* host: a side name from the command line, or NULL */
    long long base_ms, inc_ms; /* host: clocks; base 0 untimed */
    const char *config;        /* the rules' configuration file, or NULL */
    char save[1024];           /* where the finished game goes ("" : the data folder) */
} gui_net_opts;

/* Takes `--host [PORT]`, `--join HOST[:PORT]`, `--code C`, `--side S`,
 * `--time BASE+INC` and `--save FILE` out of argv (before the common
 * option parser sees it).  Returns 0, or -1 with the reason printed. */
int gui_net_take_opts(int *argc, char **argv, gui_net_opts *o);

typedef struct gui_net gui_net;

/* Starts hosting (ruleset `name`, with o->config) or joining.  NULL with
 * the reason in err. */
gui_net *gui_net_start(qp_app *app, const char *name, const gui_net_opts *o, char *err, size_t errn);
/* Leaves (an unfinished game may be resumed by reconnecting) and frees. */
void gui_net_free(gui_net *n);

/* What gui_net_step did. */
enum {
    GUI_NET_REDRAW = 1,        /* messages or clocks changed */
    GUI_NET_MOVED = 2,         /* the window's game changed: recompute the state */
    GUI_NET_REPLACE = 4,       /* *nr / *ng are the window's new rules and game */
    GUI_NET_OPPONENT = 8,      /* the opponent moved (a sound) */
    GUI_NET_ENDED = 16         /* the game just ended */
};

/* One frame of network work; then the window's game (st->g) follows the
 * session's.  When the window must show other rules (the joiner learns
 * them from the host; the host starts from a fresh game) this returns
 * GUI_NET_REPLACE once with *nr and *ng for gui_state_replace.  Sets
 * messages, the clocks (st->tc, st->left_ms) and, after gui_state_changed,
 * the outcome the record cannot derive (loss on time, agreed draw) through
 * gui_net_outcome. */
unsigned gui_net_step(gui_net *n, gui_state *st, qp_rules **nr, qp_game *ng);
/* Call after gui_state_changed: a result only the session knows. */
void gui_net_outcome(const gui_net *n, gui_state *st);
/* Brings st->g in step with the session (after our own move). */
void gui_net_sync(gui_net *n, gui_state *st);

/* The person's actions; false with a message in st when not possible. */
bool gui_net_may_move(const gui_net *n, gui_state *st);
bool gui_net_play(gui_net *n, gui_state *st, qp_move m);
void gui_net_resign(gui_net *n, gui_state *st);
void gui_net_takeback(gui_net *n, gui_state *st);
/* Accepts or declines the opponent's draw offer or takeback request (the
 * offer dialog's buttons, or Y / N); nothing when none is open. */
void gui_net_answer(gui_net *n, gui_state *st, bool yes);
/* A key while networked; true when it was the network's (then the window
 * does nothing more with it). */
bool gui_net_key(gui_net *n, gui_state *st, const SDL_Event *ev);

/* The New Game dialog's Host and Join ask for one line, typed in the
 * message line: Host the address to listen on ("127.0.0.1:7071", given;
 * another address of this machine lets other machines in), Join the
 * host's "HOST:PORT CODE".  Enter finishes, Esc drops it. */
typedef enum { GUI_NET_ENTRY_NONE, GUI_NET_ENTRY_HOST, GUI_NET_ENTRY_JOIN } gui_net_entry_kind;
typedef struct gui_net_entry {
    gui_net_entry_kind kind;
    char text[300];
} gui_net_entry;
void gui_net_entry_open(gui_net_entry *e, gui_net_entry_kind kind, gui_state *st);
/* 0: not the entry's event; 1: taken; 2: Enter (e->text holds the line,
 * e->kind what it was for; the caller then sets kind to NONE).  Ctrl+U
 * empties the line. */
int gui_net_entry_event(gui_net_entry *e, gui_state *st, const SDL_Event *ev);
/* Options from a finished entry (host: "ADDR[:PORT]", join: "HOST:PORT
 * CODE").  Returns 0, or -1 with err. */
int gui_net_entry_opts(const gui_net_entry *e, gui_net_opts *o, char *err, size_t errn);

bool gui_net_over(const gui_net *n);
int gui_net_seat(const gui_net *n);
/* The text of the last status line ("hosting 127.0.0.1:7071 code …"). */
const char *gui_net_status(const gui_net *n);

#endif
