/*
 * gui_net.c — the window's seat in a network game (see gui_net.h).
 */
#include "gui_net.h"

#include "library.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gui_files.h"
#include "net_session.h"

#define GUI_NET_WAIT_MS 60000   /* how long a dropped side may take to come back */

typedef struct open_ctx {
    qp_app *app;
    const char *config;
} open_ctx;

struct gui_net {
    qp_app *app;
    open_ctx op;                /* for the joiner's open_rules, called at connect */
    ns_session *s;
    gui_net_opts o;
    bool window_ready;          /* the window shows the session's rules */
    bool ended, saved;
    char status[300];
    char result[160];           /* the session's result, kept for the outcome's reason */
    bool chat_open;
    char chat[400];              /* the chat line being typed (ns_chat sends up to 400 bytes) */
};

/* ---- options ----------------------------------------------------------- */

static int port_arg(const char *v, int lo, int *out)
{
    char *end;
    long p = strtol(v, &end, 10);
    if (!*v || *end || p < lo || p > 65535) return -1;
    *out = (int)p;
    return 0;
}

/* "M+S": minutes and seconds added a move. */
static int time_arg(const char *v, long long *base, long long *inc)
{
    char *end;
    double b = strtod(v, &end);
    if (end == v || *end != '+' || b <= 0 || b > 600) return -1;
    const char *p = end + 1;
    double i = strtod(p, &end);
    if (end == p || *end || i < 0 || i > 600) return -1;
    *base = (long long)(b * 60000);
    *inc = (long long)(i * 1000);
    return 0;
}

int gui_net_take_opts(int *argc, char **argv, gui_net_opts *o)
{
    memset(o, 0, sizeof *o);
    o->side = -1;
    o->port = NS_DEFAULT_PORT;
    snprintf(o->addr, sizeof o->addr, "127.0.0.1");
    bool code = false;
    int k = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *v = i + 1 < *argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--host")) {
            o->on = o->host = true;
            /* an optional port: the next argument when it is a number */
            if (v && v[0] >= '0' && v[0] <= '9') {
                if (port_arg(v, 0, &o->port)) {
                    fprintf(stderr, "qipan: play: --host PORT must be 0..65535, got '%s'\n", v);
                    return -1;
                }
                i++;
            }
            continue;
        }
        bool valued = !strcmp(a, "--join") || !strcmp(a, "--code") || !strcmp(a, "--side") || !strcmp(a, "--time") ||
                      !strcmp(a, "--save");
        if (!valued) {
            argv[k++] = argv[i];
            continue;
        }
        if (!v || !*v) {
            fprintf(stderr, "qipan: play: %s needs a value\n", a);
            return -1;
        }
        i++;
        if (!strcmp(a, "--join")) {
            o->on = true;
            o->host = false;
            const char *colon = strrchr(v, ':');
            size_t hn = colon ? (size_t)(colon - v) : strlen(v);
            if (hn == 0 || hn >= sizeof o->addr || (colon && port_arg(colon + 1, 1, &o->port))) {
                fprintf(stderr, "qipan: play: --join wants HOST:PORT, got '%s'\n", v);
                return -1;
            }
            snprintf(o->addr, sizeof o->addr, "%.*s", (int)hn, v);
        } else if (!strcmp(a, "--code")) {
            if (strlen(v) >= sizeof o->code) {
                fprintf(stderr, "qipan: play: --code is too long\n");
                return -1;
            }
            snprintf(o->code, sizeof o->code, "%s", v);
            code = true;
        } else if (!strcmp(a, "--side")) {
            o->side_name = v;
        } else if (!strcmp(a, "--time")) {
            if (time_arg(v, &o->base_ms, &o->inc_ms)) {
                fprintf(stderr, "qipan: play: --time must be MINUTES+SECONDS (e.g. 5+3), got '%s'\n", v);
                return -1;
            }
        } else {
            snprintf(o->save, sizeof o->save, "%s", v);
        }
    }
    *argc = k;
    argv[k] = NULL;
    if (o->on && !o->host && !code) {
        fprintf(stderr, "qipan: play: --join needs the host's --code\n");
        return -1;
    }
    if (!o->on && (code || o->side_name || o->base_ms)) {
        fprintf(stderr, "qipan: play: --code, --side and --time go with --host or --join\n");
        return -1;
    }
    return 0;
}

/* ---- start and stop ------------------------------------------------------ */

static void random_code(char *buf, size_t n)
{
    static const char digits[] = "23456789abcdefghjkmnpqrstuvwxyz";
    unsigned char b[6] = {0};
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0 || read(fd, b, sizeof b) != (ssize_t)sizeof b) {
        unsigned long t = (unsigned long)time(NULL) ^ (unsigned long)getpid() * 2654435761ul;
        for (size_t i = 0; i < sizeof b; i++) b[i] = (unsigned char)(t >> (i * 5));
    }
    if (fd >= 0) close(fd);
    size_t k = 0;
    for (; k < sizeof b && k + 1 < n; k++) buf[k] = digits[b[k] % (sizeof digits - 1)];
    buf[k] = 0;
}

static qp_rules *open_for_join(void *ud, const char *name, char *err, size_t errn)
{
    open_ctx *op = ud;
    qp_rules *r = qp_app_open_rules(op->app, name, op->config);
    if (!r) snprintf(err, errn, "cannot play the host's ruleset '%s' here", name);
    return r;
}

gui_net *gui_net_start(qp_app *app, const char *name, const gui_net_opts *o, char *err, size_t errn)
{
    gui_net *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    n->app = app;
    n->o = *o;
    ns_options so;
    memset(&so, 0, sizeof so);
    so.role = o->host ? NS_HOST : NS_JOIN;
    so.addr = n->o.addr;
    so.port = o->port;
    so.reconnect_wait_ms = GUI_NET_WAIT_MS;
    so.absent = NS_ABSENT_ADJOURN;
    if (o->host && !n->o.code[0]) random_code(n->o.code, sizeof n->o.code);
    so.code = n->o.code;
    qp_rules *r = NULL;
    if (o->host) {
        r = qp_app_open_rules(app, name, o->config);
        if (!r) {
            snprintf(err, errn, "cannot open %s", name);
            free(n);
            return NULL;
        }
        if (r->nsides != 2) {
            snprintf(err, errn, "%s is a one-player game: there is no one to play over the network", r->rs->name);
            qp_rules_free(r);
            free(n);
            return NULL;
        }
        so.side = 0;
        if (o->side_name) {
            if (!strcmp(o->side_name, qp_side_name(r, 1))) so.side = 1;
            else if (strcmp(o->side_name, qp_side_name(r, 0))) {
                snprintf(err, errn, "--side must be %s or %s, got '%s'", qp_side_name(r, 0), qp_side_name(r, 1),
                         o->side_name);
                qp_rules_free(r);
                free(n);
                return NULL;
            }
        } else if (o->side == 1) {
            so.side = 1;
        }
        so.base_ms = o->base_ms;
        so.inc_ms = o->inc_ms;
    }
    n->op = (open_ctx){app, o->config};
    n->s = ns_new(&so, r, NULL, o->host ? NULL : open_for_join, &n->op, err, errn);   /* frees r on failure */
    if (!n->s) {
        free(n);
        return NULL;
    }
    if (o->host) snprintf(n->status, sizeof n->status, "hosting %s, code %s", name, n->o.code);
    else snprintf(n->status, sizeof n->status, "joining %s:%d", n->o.addr, o->port);
    return n;
}

void gui_net_free(gui_net *n)
{
    if (!n) return;
    if (!ns_done(n->s)) ns_leave(n->s);
    /* what is still queued goes out (bounded: the peer may be gone) */
    for (int i = 0; i < 20 && !ns_done(n->s); i++) ns_step(n->s, 10);
    ns_free(n->s);
    free(n);
}

/* ---- keeping the window in step ------------------------------------------ */

bool gui_net_over(const gui_net *n)
{
    ns_phase ph = ns_get_phase(n->s);
    return ph == NS_OVER || ph == NS_ADJOURNED || ph == NS_FAILED;
}

int gui_net_seat(const gui_net *n) { return ns_seat(n->s); }
const char *gui_net_status(const gui_net *n) { return n->status; }

/* The window's record follows the session's: the common beginning stays,
 * the rest is replaced (a takeback cuts, new moves are played).  Both
 * rules are the same ruleset with the same parameters, so move codes are
 * the same on both sides. */
void gui_net_sync(gui_net *n, gui_state *st)
{
    const qp_game *sg = ns_game(n->s);
    if (!sg || !n->window_ready) return;
    qp_game *wg = &st->g;
    int common = 0;
    while (common < wg->len && common < sg->len && wg->rec[common] == sg->rec[common]) common++;
    if (common == wg->len && common == sg->len && wg->resigned == sg->resigned) return;
    qp_game_goto(wg, common);
    wg->len = common;   /* the moves the session no longer has are gone */
    for (int i = common; i < sg->len; i++) qp_game_play(wg, sg->rec[i]);
    wg->resigned = sg->resigned;
    qp_game_goto(wg, wg->len);
}

/* The result the session knows but the record cannot derive: a loss on
 * time, an agreed draw, an adjournment. */
void gui_net_outcome(const gui_net *n, gui_state *st)
{
    if (!n->window_ready || st->outcome.result != QP_ONGOING || !n->result[0]) return;
    const char *colon = strstr(n->result, ": ");
    const char *why = colon ? colon + 2 : n->result;
    if (!strncmp(n->result, "draw", 4)) {
        st->outcome = (qp_outcome){QP_DRAW, -1, why};
        return;
    }
    for (int s = 0; s < 2; s++) {
        char w[64];
        snprintf(w, sizeof w, "%s wins", qp_side_name(st->r, s));
        if (!strncmp(n->result, w, strlen(w))) {
            st->outcome = (qp_outcome){QP_WIN, s, why};
            return;
        }
    }
}

static void save_record(gui_net *n, gui_state *st)
{
    char path[1100], err[QP_ERR * 2];
    if (n->saved || !ns_game(n->s)) return;
    n->saved = true;
    if (n->o.save[0]) {
        snprintf(path, sizeof path, "%s", n->o.save);
    } else if (qp_library_reserve(ns_game(n->s)->r->rs->name, path, sizeof path, err, sizeof err)) {
        /* without --save the finished game goes to the game library, as a local one does */
        gui_state_message(st, true, "%s", err);
        return;
    }
    if (gui_make_parent_dirs(path, err, sizeof err) || ns_save(n->s, path, err, sizeof err)) {
        gui_state_message(st, true, "%s", err);
        return;
    }
    if (st->log) fprintf(stderr, "qipan: net: saved %s\n", path);
}

static void say(gui_net *n, gui_state *st, bool error, const char *fmt, const char *text)
{
    snprintf(n->status, sizeof n->status, fmt, text);
    gui_state_message(st, error, "%s", n->status);
}

/* ---- the people: offers in a dialog, chat history, bilingual words ---- */

/* A message in both languages when the font shows Chinese. */
static void say_bi(gui_net *n, gui_state *st, bool error, const char *zh, const char *en)
{
    if (st->cjk) snprintf(n->status, sizeof n->status, "%s %s", zh, en);
    else snprintf(n->status, sizeof n->status, "%s", en);
    gui_state_message(st, error, "%s", n->status);
}

/* The opponent's offer opens the Accept / Decline dialog (GUI_DLG_CONFIRM),
 * unless another dialog is open: then the message line asks (Y / N). */
static void ask_offer(gui_state *st, gui_confirm what)
{
    if (st->dialog != GUI_DLG_NONE) return;
    st->dialog = GUI_DLG_CONFIRM;
    st->confirm = what;
    if (st->log) fprintf(stderr, "qipan: dialog: %s\n", what == GUI_ASK_NET_DRAW ? "net-draw-offer" : "net-takeback");
}

/* An offer answered (here, by key, or by the opponent's move) closes its dialog. */
static void close_answered_offer(const gui_net *n, gui_state *st)
{
    int ply;
    if (st->dialog != GUI_DLG_CONFIRM) return;
    if ((st->confirm == GUI_ASK_NET_DRAW && !ns_draw_offered(n->s)) ||
        (st->confirm == GUI_ASK_NET_TAKEBACK && !ns_takeback_requested(n->s, &ply))) {
        st->dialog = GUI_DLG_NONE;
        if (st->log) fprintf(stderr, "qipan: dialog: closed\n");
    }
}

static void chat_line(gui_state *st, bool mine, const char *text)
{
    gui_chat_add(&st->net, mine, mine ? (st->cjk ? "你 you" : "you") : (st->cjk ? "对手 opponent" : "opponent"), text);
    if (st->log) fprintf(stderr, "qipan: net: chat %s: %s\n", mine ? "you" : "opponent", text);
}

unsigned gui_net_step(gui_net *n, gui_state *st, qp_rules **nr, qp_game *ng)
{
    unsigned did = 0;
    ns_step(n->s, 0);
    ns_event ev;
    while (ns_next_event(n->s, &ev)) {
        did |= GUI_NET_REDRAW;
        if (st->log) fprintf(stderr, "qipan: net: event %d ply %d side %d %s\n", (int)ev.kind, ev.ply, ev.side, ev.text);
        switch (ev.kind) {
        case NS_EV_LISTENING: {
            char t[600];
            snprintf(t, sizeof t, "%s, code %s", ev.text, n->o.code);
            say(n, st, false, "hosting on %s: waiting for the opponent", t);
            break;
        }
        case NS_EV_CONNECTED: say(n, st, false, "opponent connected: %s", ev.text); break;
        case NS_EV_MOVE:
            if (ev.side != ns_seat(n->s)) did |= GUI_NET_OPPONENT;
            break;
        case NS_EV_DRAW_OFFERED:
            say_bi(n, st, false, "对方提和：Y接受，N拒绝", "the opponent offers a draw: Y accepts, N declines");
            ask_offer(st, GUI_ASK_NET_DRAW);
            break;
        case NS_EV_DRAW_DECLINED: say_bi(n, st, false, "对方拒绝和棋", "the draw offer was declined"); break;
        case NS_EV_TAKEBACK_REQUESTED:
            say_bi(n, st, false, "对方请求悔棋：Y接受，N拒绝", "the opponent asks to take back: Y accepts, N declines");
            ask_offer(st, GUI_ASK_NET_TAKEBACK);
            break;
        case NS_EV_TAKEBACK_DONE: say_bi(n, st, false, "已悔棋", "move taken back"); break;
        case NS_EV_TAKEBACK_DECLINED: say_bi(n, st, false, "对方拒绝悔棋", "the takeback was declined"); break;
        case NS_EV_CHAT:
            chat_line(st, false, ev.text);
            say(n, st, false, "opponent: %s", ev.text);
            break;
        case NS_EV_LOST: say(n, st, true, "connection lost: %s", ev.text); break;
        case NS_EV_INFO: break;
        case NS_EV_END:
            snprintf(n->result, sizeof n->result, "%s", ev.text);
            say(n, st, false, "game over: %s", ev.text);
            did |= GUI_NET_ENDED;
            break;
        case NS_EV_ADJOURNED: say(n, st, true, "adjourned: %s", ev.text); break;
        case NS_EV_FAILED: say(n, st, true, "network game failed: %s", ev.text); break;
        }
    }
    const qp_game *sg = ns_game(n->s);
    if (sg && !n->window_ready) {
        /* The window shows a fresh game of the session's rules. */
        char err[QP_ERR * 2];
        qp_rules *r = qp_app_open_rules(n->app, sg->r->rs->name, n->o.config);
        if (r && qp_game_init(ng, r, sg->start_fen[0] ? sg->start_fen : NULL, err, sizeof err) == 0) {
            *nr = r;
            n->window_ready = true;
            did |= GUI_NET_REPLACE;
            return did;   /* the moves follow on the next step, into the new game */
        }
        if (r) qp_rules_free(r);
        say(n, st, true, "cannot show the network game: %s", sg->r->rs->name);
        ns_leave(n->s);
        return did;
    }
    close_answered_offer(n, st);
    if (!sg) return did;
    st->net.seat = ns_seat(n->s);   /* the panel names you and the opponent */
    int before = st->g.len, cur = st->g.cursor, res = st->g.resigned;
    gui_net_sync(n, st);
    if (st->g.len != before || st->g.cursor != cur || st->g.resigned != res) did |= GUI_NET_MOVED;
    /* the clocks the host keeps */
    if (ns_timed(n->s)) {
        st->tc.kind = GUI_TC_INCREMENT;
        for (int s = 0; s < 2; s++) {
            int64_t ms = ns_clock_ms(n->s, s);
            int64_t step = ms < 10000 ? 100 : 1000;
            if ((st->left_ms[s] + step - 1) / step != (ms + step - 1) / step) did |= GUI_NET_REDRAW;
            st->left_ms[s] = ms;
        }
    } else {
        st->tc.kind = GUI_TC_NONE;
    }
    if (gui_net_over(n) && !n->ended) {
        n->ended = true;
        save_record(n, st);
        if (st->log && ns_timed(n->s))
            fprintf(stderr, "qipan: net: clocks shown %lld %lld\n", (long long)st->left_ms[0], (long long)st->left_ms[1]);
    }
    return did;
}

/* ---- the person's actions -------------------------------------------------- */

bool gui_net_may_move(const gui_net *n, gui_state *st)
{
    if (!ns_game(n->s) || ns_get_phase(n->s) != NS_PLAYING) {
        gui_state_message(st, true, "%s", ns_get_phase(n->s) == NS_WAITING ? "waiting for the opponent"
                                          : gui_net_over(n) ? "the network game is over" : "the opponent is away");
        return false;
    }
    if (st->g.cursor != st->g.len) {   /* reviewing: a move is played at the end only */
        gui_state_message(st, false, "%s", "back to the last move (End) to play");
        return false;
    }
    if (st->to_move != ns_seat(n->s)) {
        gui_state_message(st, false, "%s", st->cjk ? "对方走棋 The opponent is to move" : "The opponent is to move");
        return false;
    }
    return true;
}

bool gui_net_play(gui_net *n, gui_state *st, qp_move m)
{
    char err[QP_ERR];
    if (ns_play(n->s, m, err, sizeof err)) {
        gui_state_message(st, true, "%s", err);
        return false;
    }
    gui_net_sync(n, st);
    return true;
}

void gui_net_resign(gui_net *n, gui_state *st)
{
    char err[QP_ERR];
    if (ns_resign(n->s, err, sizeof err)) gui_state_message(st, true, "%s", err);
    else gui_net_sync(n, st);
}

void gui_net_takeback(gui_net *n, gui_state *st)
{
    char err[QP_ERR];
    if (ns_request_takeback(n->s, err, sizeof err)) gui_state_message(st, true, "%s", err);
    else gui_state_message(st, false, "%s", "takeback asked for: waiting for the answer");
}

void gui_net_answer(gui_net *n, gui_state *st, bool yes)
{
    char err[QP_ERR];
    int ply;
    int rc = 0;
    if (ns_draw_offered(n->s)) rc = ns_answer_draw(n->s, yes, err, sizeof err);
    else if (ns_takeback_requested(n->s, &ply)) rc = ns_answer_takeback(n->s, yes, err, sizeof err);
    else return;
    if (rc) gui_state_message(st, true, "%s", err);
    else if (st->cjk) gui_state_message(st, false, "%s", yes ? "已接受 accepted" : "已拒绝 declined");
    else gui_state_message(st, false, "%s", yes ? "accepted" : "declined");
    gui_net_sync(n, st);
    close_answered_offer(n, st);
}

/* One line typed into buf: 0 not a typing event, 1 taken, 2 Enter,
 * 3 Esc.  Text input is on while the line is open. */
static int line_edit(char *buf, size_t cap, const SDL_Event *ev)
{
    if (ev->type == SDL_TEXTINPUT) {
        size_t k = strlen(buf), add = strlen(ev->text.text);
        if (k + add < cap) memcpy(buf + k, ev->text.text, add + 1);
        return 1;
    }
    if (ev->type != SDL_KEYDOWN) return ev->type == SDL_KEYUP ? 1 : 0;
    SDL_Keycode key = ev->key.keysym.sym;
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER || key == SDLK_ESCAPE) {
        SDL_StopTextInput();
        return key == SDLK_ESCAPE ? 3 : 2;
    }
    if ((key == SDLK_u || key == SDLK_BACKSPACE) && (ev->key.keysym.mod & KMOD_CTRL)) {
        buf[0] = 0;
    } else if (key == SDLK_BACKSPACE) {
        size_t k = strlen(buf);
        while (k > 0 && (buf[k - 1] & 0xC0) == 0x80) k--;   /* a whole UTF-8 character */
        if (k > 0) k--;
        buf[k] = 0;
    }
    return 1;
}

static void show_line(gui_state *st, const char *label, const char *text)
{
    snprintf(st->msg, sizeof st->msg, "%s: %s_", label, text);
    st->msg_error = false;
}

static const char *entry_label(gui_net_entry_kind k)
{
    return k == GUI_NET_ENTRY_HOST ? "host on ADDRESS:PORT (Enter)" : "join HOST:PORT CODE (Enter)";
}

void gui_net_entry_open(gui_net_entry *e, gui_net_entry_kind kind, gui_state *st)
{
    e->kind = kind;
    if (kind == GUI_NET_ENTRY_HOST) snprintf(e->text, sizeof e->text, "127.0.0.1:%d", NS_DEFAULT_PORT);
    else snprintf(e->text, sizeof e->text, "127.0.0.1:%d ", NS_DEFAULT_PORT);
    SDL_StartTextInput();
    show_line(st, entry_label(kind), e->text);
    if (st->log) fprintf(stderr, "qipan: dialog: net-%s\n", kind == GUI_NET_ENTRY_HOST ? "host" : "join");
}

int gui_net_entry_event(gui_net_entry *e, gui_state *st, const SDL_Event *ev)
{
    if (e->kind == GUI_NET_ENTRY_NONE) return 0;
    int k = line_edit(e->text, sizeof e->text, ev);
    if (k == 0) return 0;
    if (k == 1) {
        show_line(st, entry_label(e->kind), e->text);
        return 1;
    }
    if (k == 3) {
        e->kind = GUI_NET_ENTRY_NONE;
        st->msg[0] = 0;
        return 1;
    }
    return 2;
}

int gui_net_entry_opts(const gui_net_entry *e, gui_net_opts *o, char *err, size_t errn)
{
    char addr[300], code[300] = "";
    int port = NS_DEFAULT_PORT;
    memset(o, 0, sizeof *o);
    o->on = true;
    o->host = e->kind == GUI_NET_ENTRY_HOST;
    o->side = 0;
    int nf = sscanf(e->text, " %299s %299s", addr, code);
    if (nf < 1 || (!o->host && nf < 2)) {
        snprintf(err, errn, "%s", o->host ? "type the address to host on" : "type the host's HOST:PORT and CODE");
        return -1;
    }
    char *colon = strrchr(addr, ':');
    if (colon) {
        *colon = 0;
        if (port_arg(colon + 1, o->host ? 0 : 1, &port)) {
            snprintf(err, errn, "bad port '%s'", colon + 1);
            return -1;
        }
    }
    if (!addr[0] || strlen(addr) >= sizeof o->addr || strlen(code) >= sizeof o->code) {
        snprintf(err, errn, "bad address or code: '%s'", e->text);
        return -1;
    }
    snprintf(o->addr, sizeof o->addr, "%s", addr);
    snprintf(o->code, sizeof o->code, "%s", code);
    o->port = port;
    return 0;
}

bool gui_net_key(gui_net *n, gui_state *st, const SDL_Event *ev)
{
    char err[QP_ERR];
    if (n->chat_open) {
        int k = line_edit(n->chat, sizeof n->chat, ev);
        if (k == 0) return false;
        if (k == 1) show_line(st, "chat", n->chat);
        if (k == 3) st->msg[0] = 0;
        if (k >= 2) n->chat_open = false;
        if (k == 2 && n->chat[0]) {
            if (ns_chat(n->s, n->chat, err, sizeof err)) gui_state_message(st, true, "%s", err);
            else {
                chat_line(st, true, n->chat);
                gui_state_message(st, false, "you: %s", n->chat);
            }
        }
        return true;
    }
    if (ev->type != SDL_KEYDOWN || st->dialog != GUI_DLG_NONE) return false;
    if (ev->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return false;
    SDL_Keycode key = ev->key.keysym.sym;
    int ply;
    bool asked = ns_draw_offered(n->s) || ns_takeback_requested(n->s, &ply);
    if (asked && (key == SDLK_y || key == SDLK_n)) {
        gui_net_answer(n, st, key == SDLK_y);
        return true;
    }
    if (key == SDLK_d) {
        if (ns_offer_draw(n->s, err, sizeof err)) gui_state_message(st, true, "%s", err);
        else gui_state_message(st, false, "%s", "draw offered: waiting for the answer");
        return true;
    }
    if (key == SDLK_c) {
        n->chat_open = true;
        n->chat[0] = 0;
        SDL_StartTextInput();
        snprintf(st->msg, sizeof st->msg, "chat: _");
        st->msg_error = false;
        if (st->log) fprintf(stderr, "qipan: net: chat open\n");
        return true;
    }
    return false;
}
