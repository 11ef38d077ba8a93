/*
 * uci.c — `qipan uci`: a UCI engine in the style of Fairy-Stockfish.
 *
 * The protocol is read line by line on the main thread; a search runs on a
 * thread of its own (qp_search_start) and prints its `info` lines as
 * iterations complete; a waiter thread prints its `bestmove` at the end
 * (after `go infinite`, only once `stop` came).
 * The game is never changed while a search runs: any command that changes
 * it first stops the search and joins its thread.  Bad input never ends
 * the session: it is answered with `info string error: ...`, and a
 * position is only ever replaced by a legal one.
 */
#include "app.h"
#include "search.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define UCI_MAX_TOKENS 4096

typedef struct uci {
    qp_app *app;
    qp_rules *r;
    qp_game g;
    qp_search *s;
    size_t hash_mb;
    int threads;
    int level;
    uint64_t seed;

    pthread_t th;                    /* the waiter */
    bool th_live;
    atomic_bool busy;                /* the thread has not finished its search */
    pthread_mutex_t mu;              /* guards the fields below and output order */
    bool infinite, stop_seen, pending;
    char pending_text[QP_MOVE_TEXT];
} uci;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

/* ---- search thread ----------------------------------------------------- */

static void on_info(const qp_search_info *info, void *ud)
{
    uci *u = ud;
    char line[4096];
    qp_search_info_text(u->r, u->g.cur, info, line, sizeof line);
    pthread_mutex_lock(&u->mu);
    say("%s", line);
    pthread_mutex_unlock(&u->mu);
}

/* Waits for the search thread (started by qp_search_start, so a stop can
 * never arrive before the search exists) and answers its bestmove. */
static void *waiter_main(void *arg)
{
    uci *u = arg;
    qp_search_info info;
    qp_move m = qp_search_wait(u->s, &info);
    char t[QP_MOVE_TEXT] = "(none)";
    if (m != QP_MOVE_NONE) u->r->rs->move_text(u->r, u->g.cur, m, t, sizeof t);
    pthread_mutex_lock(&u->mu);
    if (u->infinite && !u->stop_seen) {
        /* UCI: after `go infinite` the answer waits for `stop`. */
        u->pending = true;
        snprintf(u->pending_text, sizeof u->pending_text, "%s", t);
    } else {
        say("bestmove %s", t);
    }
    pthread_mutex_unlock(&u->mu);
    atomic_store(&u->busy, false);
    return NULL;
}

/* Stops (when asked) and joins the search thread; the bestmove is out
 * afterwards. */
static void finish_search(uci *u, bool stop)
{
    if (!u->th_live) return;
    if (stop) {
        qp_search_stop(u->s);
        pthread_mutex_lock(&u->mu);
        u->stop_seen = true;
        if (u->pending) {
            say("bestmove %s", u->pending_text);
            u->pending = false;
        }
        pthread_mutex_unlock(&u->mu);
    }
    pthread_join(u->th, NULL);
    u->th_live = false;
    pthread_mutex_lock(&u->mu);
    if (u->pending) {
        say("bestmove %s", u->pending_text);
        u->pending = false;
    }
    pthread_mutex_unlock(&u->mu);
}

/* ---- variants and options ---------------------------------------------- */

/* Installs rules r (taking ownership) with the start position and a fresh
 * search.  On failure the previous state stays. */
static int install_rules(uci *u, qp_rules *r)
{
    char err[QP_ERR];
    qp_game g;
    if (qp_game_init(&g, r, NULL, err, sizeof err)) {
        say("info string error: %s", err);
        qp_rules_free(r);
        return -1;
    }
    qp_search *s = qp_search_new(r, u->hash_mb);
    if (!s) {
        say("info string error: out of memory for a %zu MiB hash", u->hash_mb);
        qp_game_free(&g);
        qp_rules_free(r);
        return -1;
    }
    qp_search_set_threads(s, u->threads);
    if (u->s) qp_search_free(u->s);
    if (u->r) {
        qp_game_free(&u->g);
        qp_rules_free(u->r);
    }
    u->r = r;
    u->g = g;
    u->s = s;
    return 0;
}

static void print_options(uci *u)
{
    say("id name qipan 0.1");
    say("id author the qipan authors");
    char line[8192];
    size_t k = (size_t)snprintf(line, sizeof line, "option name UCI_Variant type combo default %s",
                                u->r->rs->name);
    for (int i = 0; i < u->app->reg.n && k < sizeof line; i++)
        k += (size_t)snprintf(line + k, sizeof line - k, " var %s", u->app->reg.rs[i]->name);
    say("%s", line);
    say("option name Hash type spin default %zu min 1 max 4096", u->hash_mb);
    say("option name Threads type spin default %d min 1 max %d", u->threads, QP_MAX_THREADS);
    say("option name Level type spin default %d min 1 max 10", u->level);
    const qp_params *p = &u->r->params;
    for (int i = 0; i < p->n; i++) {
        const qp_param_val *v = &p->v[i];
        if (!strncmp(v->def->key, "ai.", 3)) continue;   /* Hash and Level cover these */
        switch (v->def->type) {
        case QP_PT_INT:
            say("option name %s type spin default %lld min %lld max %lld", v->def->key, v->i,
                v->def->min, v->def->max);
            break;
        case QP_PT_BOOL:
            say("option name %s type check default %s", v->def->key, v->i ? "true" : "false");
            break;
        default:
            say("option name %s type string default %s", v->def->key,
                v->text[0] ? v->text : "<empty>");
            break;
        }
    }
    say("uciok");
}

static void set_option(uci *u, const char *name, const char *value)
{
    char err[QP_ERR];
    if (!strcmp(name, "UCI_Variant")) {
        if (!qp_registry_find(&u->app->reg, value)) {
            say("info string error: unknown variant '%s'", value);
            return;
        }
        qp_rules *r = qp_app_open_rules(u->app, value, NULL);
        if (!r) {
            say("info string error: cannot open variant '%s'", value);
            return;
        }
        install_rules(u, r);
    } else if (!strcasecmp(name, "Hash")) {
        char *end;
        long mb = strtol(value, &end, 10);
        if (!*value || *end || mb < 1 || mb > 4096) {
            say("info string error: Hash must be 1..4096, got '%s'", value);
            return;
        }
        qp_search *s = qp_search_new(u->r, (size_t)mb);
        if (!s) {
            say("info string error: out of memory for a %ld MiB hash", mb);
            return;
        }
        qp_search_free(u->s);
        u->s = s;
        u->hash_mb = (size_t)mb;
        qp_search_set_threads(s, u->threads);
    } else if (!strcasecmp(name, "Threads")) {
        char *end;
        long t = strtol(value, &end, 10);
        if (!*value || *end || t < 1 || t > QP_MAX_THREADS) {
            say("info string error: Threads must be 1..%d, got '%s'", QP_MAX_THREADS, value);
            return;
        }
        if (qp_search_set_threads(u->s, (int)t)) {
            say("info string error: out of memory for %ld threads", t);
            return;
        }
        u->threads = (int)t;
    } else if (!strcasecmp(name, "Level")) {
        int l = qp_level_parse(&u->r->params, value);
        if (l < 0) {
            say("info string error: Level must be 1..10 or a level name, got '%s'", value);
            return;
        }
        u->level = l;
    } else if (qp_params_find(&u->r->params, name)) {
        qp_params p = u->r->params;
        if (qp_params_set(&p, name, value, err, sizeof err)) {
            say("info string error: %s", err);
            return;
        }
        qp_rules *r = qp_rules_create(u->r->rs, &p, err, sizeof err);
        if (!r) {
            say("info string error: %s", err);
            return;
        }
        install_rules(u, r);
    } else {
        say("info string error: unknown option '%s'", name);
    }
}

/* ---- commands ---------------------------------------------------------- */

static void cmd_setoption(uci *u, char **tok, int n)
{
    if (n < 3 || strcmp(tok[1], "name")) {
        say("info string error: usage: setoption name NAME [value VALUE]");
        return;
    }
    char name[256] = "", value[1024] = "";
    int i = 2;
    for (; i < n && strcmp(tok[i], "value"); i++) {
        size_t k = strlen(name);
        snprintf(name + k, sizeof name - k, "%s%s", k ? " " : "", tok[i]);
    }
    for (i++; i < n; i++) {
        size_t k = strlen(value);
        snprintf(value + k, sizeof value - k, "%s%s", k ? " " : "", tok[i]);
    }
    set_option(u, name, value);
}

static void cmd_position(uci *u, char **tok, int n)
{
    char err[QP_ERR], fen[1024] = "";
    int i = 1;
    if (i < n && !strcmp(tok[i], "startpos")) {
        i++;
    } else if (i < n && !strcmp(tok[i], "fen")) {
        for (i++; i < n && strcmp(tok[i], "moves"); i++) {
            size_t k = strlen(fen);
            snprintf(fen + k, sizeof fen - k, "%s%s", k ? " " : "", tok[i]);
        }
        if (!fen[0]) {
            say("info string error: position fen needs a FEN");
            return;
        }
    } else {
        say("info string error: usage: position startpos|fen FEN [moves MOVE...]");
        return;
    }
    if (i < n && strcmp(tok[i], "moves")) {
        say("info string error: expected 'moves', got '%s'", tok[i]);
        return;
    }
    qp_game g;
    if (qp_game_init(&g, u->r, fen[0] ? fen : NULL, err, sizeof err)) {
        say("info string error: bad fen: %s", err);
        return;
    }
    /* Like Fairy-Stockfish: the moves up to the first bad one are kept. */
    for (i++; i < n; i++) {
        if (qp_game_play_text(&g, tok[i], err, sizeof err)) {
            say("info string error: move %s: %s", tok[i], err);
            break;
        }
    }
    qp_game_free(&u->g);
    u->g = g;
}

static bool parse_int(const char *t, long long *out)
{
    char *end;
    if (!t) return false;
    long long v = strtoll(t, &end, 10);
    if (!*t || *end) return false;
    *out = v;
    return true;
}

static void cmd_go(uci *u, char **tok, int n)
{
    qp_search_limits lim = {0};
    bool infinite = false;
    for (int i = 1; i < n; i++) {
        static const char *const keys[] = {"depth", "movetime", "wtime", "btime", "winc",
                                           "binc", "movestogo", "nodes", NULL};
        if (!strcmp(tok[i], "infinite")) {
            infinite = true;
            continue;
        }
        if (!strcmp(tok[i], "ponder")) continue;
        int k = 0;
        while (keys[k] && strcmp(keys[k], tok[i])) k++;
        long long v;
        if (!keys[k]) {
            say("info string error: unknown go parameter '%s'", tok[i]);
            continue;
        }
        if (!parse_int(i + 1 < n ? tok[i + 1] : NULL, &v)) {
            say("info string error: go %s needs a number", tok[i]);
            continue;
        }
        i++;
        if (v < 0) v = 0;
        if (v > 1000000000LL) v = 1000000000LL;
        switch (k) {
        case 0: lim.depth = v > 0 ? (int)v : 1; break;   /* 0 would mean no limit */
        case 1: lim.movetime_ms = v > 0 ? (int)v : 1; break;
        case 2: lim.wtime = v > 0 ? (int)v : 1; break;
        case 3: lim.btime = v > 0 ? (int)v : 1; break;
        case 4: lim.winc = (int)v; break;
        case 5: lim.binc = (int)v; break;
        case 6: lim.movestogo = (int)v; break;
        case 7: lim.nodes = (uint64_t)(v > 0 ? v : 1); break;
        }
    }
    int side = qp_game_to_move(&u->g);
    bool clock = (side == 1 ? lim.btime : lim.wtime) > 0;
    if (!lim.depth && !lim.movetime_ms && !clock && !lim.nodes) infinite = true;

    qp_outcome o;
    qp_game_outcome(&u->g, &o);
    if (o.result != QP_ONGOING) {
        say("info string game over: %s", o.reason);
        say("bestmove (none)");
        return;
    }
    lim.level = u->level;
    lim.seed = u->seed++;
    u->infinite = infinite;
    u->stop_seen = false;
    u->pending = false;
    atomic_store(&u->busy, true);
    if (qp_search_start(u->s, &u->g, &lim, on_info, u) != 0) {
        atomic_store(&u->busy, false);
        say("info string error: cannot start the search thread");
        say("bestmove (none)");
        return;
    }
    if (pthread_create(&u->th, NULL, waiter_main, u) != 0) {
        /* Without a waiter nobody could read `stop`: answer at once. */
        u->stop_seen = true;
        qp_search_stop(u->s);
        waiter_main(u);
        return;
    }
    u->th_live = true;
}

static int tokenize(char *line, char **tok)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && n < UCI_MAX_TOKENS; p = strtok(NULL, " \t\r\n"))
        tok[n++] = p;
    return n;
}

int cmd_uci(qp_app *app, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    uci u;
    memset(&u, 0, sizeof u);
    u.app = app;
    u.level = 10;
    u.seed = (uint64_t)time(NULL);
    pthread_mutex_init(&u.mu, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);

    qp_rules *r = qp_app_open_rules(app, "zhonggong", NULL);
    if (!r && app->reg.n > 0) r = qp_app_open_rules(app, app->reg.rs[0]->name, NULL);
    if (!r) return 1;
    long long mb = qp_param_int(&r->params, "ai.hash_mb");
    u.hash_mb = mb > 0 ? (size_t)mb : 64;
    long long th = qp_param_int(&r->params, "ai.threads");
    u.threads = th > 0 ? (int)th : 1;
    if (install_rules(&u, r)) return 1;

    char **tok = malloc(sizeof *tok * UCI_MAX_TOKENS);
    char *line = NULL;
    size_t cap = 0;
    bool quit = false;
    while (!quit && getline(&line, &cap, stdin) >= 0) {
        int n = tokenize(line, tok);
        if (n == 0) continue;
        const char *c = tok[0];
        if (!strcmp(c, "uci")) {
            print_options(&u);
        } else if (!strcmp(c, "isready")) {
            pthread_mutex_lock(&u.mu);
            say("readyok");
            pthread_mutex_unlock(&u.mu);
        } else if (!strcmp(c, "stop")) {
            finish_search(&u, true);
        } else if (!strcmp(c, "quit")) {
            quit = true;
        } else if (!strcmp(c, "ponderhit")) {
            /* No pondering: nothing to convert. */
        } else if (!strcmp(c, "ucinewgame")) {
            finish_search(&u, true);
            qp_search_clear(u.s);
            qp_game_reset(&u.g);
        } else if (!strcmp(c, "setoption")) {
            finish_search(&u, true);
            cmd_setoption(&u, tok, n);
        } else if (!strcmp(c, "position")) {
            finish_search(&u, true);
            cmd_position(&u, tok, n);
        } else if (!strcmp(c, "go")) {
            if (u.th_live && atomic_load(&u.busy)) {
                say("info string error: already searching");
                continue;
            }
            finish_search(&u, false);
            cmd_go(&u, tok, n);
        } else if (!strcmp(c, "d")) {
            char fen[1024];
            qp_game_fen(&u.g, fen, sizeof fen);
            say("info string variant %s fen %s", u.r->rs->name, fen);
        } else {
            say("info string error: unknown command '%s'", c);
        }
    }
    /* At the end of input a timed search may finish; an infinite one ends. */
    pthread_mutex_lock(&u.mu);
    bool inf = u.infinite;
    pthread_mutex_unlock(&u.mu);
    finish_search(&u, quit || inf);
    free(line);
    free(tok);
    qp_search_free(u.s);
    qp_game_free(&u.g);
    qp_rules_free(u.r);
    pthread_mutex_destroy(&u.mu);
    return 0;
}
