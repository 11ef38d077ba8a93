/*
 * uci.c — `qipan uci` and `qipan ucci`: one engine-protocol core with two
 * dialects.  UCI is spoken in the style of Fairy-Stockfish (every ruleset,
 * UCI_Variant).  UCCI, the Chinese Xiangqi engine protocol, starts on
 * xiangqi and differs only at the edges, each in a dialect hook below:
 * `ucci`/`ucciok`, `setoption NAME VALUE`, moves in ICCS coordinates
 * (ranks counted from 0: h2e2), `go depth|nodes|time T [movestogo N |
 * increment I] [opptime T [oppmovestogo N | oppincrement I]]` with times
 * in seconds unless `setoption usemillisec true`, `nobestmove`, `probe`
 * (the table's entry for a position: `pophash ...`), and `bye` after
 * `quit`.
 *
 * The protocol is read line by line on the main thread; a search runs on a
 * thread of its own (qp_search_start) and prints its `info` lines as
 * iterations complete; a waiter thread prints its `bestmove` at the end
 * (after `go infinite`, only once `stop` came).
 * The game is never changed while a search runs: any command that changes
 * it first stops the search and joins its thread.  stop, isready and quit
 * never wait for that thread: a search held past stop (in a game file's
 * hook) is answered from its last iteration.  Bad input never ends
 * the session: it is answered with `info string error: ...`; a refused
 * position leaves no position (see refuse_position).  Input is read in
 * bounded lines: an over-long line or one with a NUL byte is refused with
 * an `info string error`; an empty or blank line is ignored; the end of
 * input ends the session like `quit` (a dead GUI leaves no search
 * running).
 *
 * Lines are split into words by a cursor of each caller's own (no strtok:
 * its hidden state is shared between threads, and the search thread
 * splits its info lines while the reader splits the input).  Every line
 * written goes through eng_say(), which turns control characters into '?':
 * no text of a game file (a move text, a name, an error) can end a
 * protocol line early or add one.
 */
#include "app.h"
#include "ai.h"
#include "search.h"
#include "engine_io.h"
#include "timeman.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* The longest line read: 1 MiB.  It bounds a position too: about 200,000
 * moves, beyond any game (and the words of a line are as many as fit). */
#define UCI_MAX_LINE ((size_t)1 << 20)

/* Bounds of go's numbers.  Every limit is clamped into them, so that no
 * number a GUI sends overflows, wraps to 0 (which means "no limit" to the
 * search) or asks for more than the search can do: the depth to the
 * search's deepest iteration (QP_MAX_PLY - 8, search.c's MAX_ITER), nodes
 * to 10^12 and times to 10^9 ms (11 days, within an int). */
#define UCI_MAX_DEPTH (QP_MAX_PLY - 8)
#define UCI_MAX_NODES 1000000000000LL
#define UCI_MAX_MS 1000000000LL

struct uci;

/* What differs between UCI and UCCI. */
typedef struct dialect {
    const char *hello, *ok;        /* "uci" / "uciok" */
    const char *start_rules;       /* the ruleset a session starts with */
    bool iccs;                     /* move ranks counted from 0 */
    const char *no_move;           /* the answer without a move */
    const char *bye;               /* said after quit, or NULL */
    void (*options)(struct uci *u);
    void (*setoption)(struct uci *u, char **tok, int n);
    bool (*go)(struct uci *u, char **tok, int n, qp_search_limits *lim, bool *infinite);
} dialect;

typedef struct uci {
    const dialect *d;
    qp_app *app;
    qp_rules *r;
    qp_game g;
    qp_ai *s;                        /* the game's AI, or the one set by Search */
    int search_kind;                 /* QP_AI_*: DEFAULT is the game's choice */
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
    bool millisec;                   /* UCCI: times in ms, not seconds */
    bool no_pos;                     /* the last position was refused: g is
                                      * not the GUI's game and go says so */
    bool answered;                   /* this go's bestmove is out */
    char last_best[QP_MOVE_TEXT];    /* first PV move of the last iteration */
    char last_ponder[QP_MOVE_TEXT];  /* and the second, the expected reply */
    int last_score;                  /* and its score */

    /* go ponder: the search runs without the clock and answers only after
     * stop or ponderhit; ponderhit starts the clock of ponder_lim from
     * then on (hit_tm): on_info ends the search at an iteration past its
     * soft budget, the waiter at its hard one. */
    bool go_ponder, go_draw;         /* read by the dialect's go */
    bool pondering;
    qp_search_limits ponder_lim;
    bool hit;
    qp_timeman hit_tm;
    bool draw_offered;               /* UCCI: go draw / ponderhit draw */

    /* UCCI banmoves: the root moves the next go may play, when some of
     * the position's moves are banned (allowed[0..nallowed)); the search
     * then scores each allowed move by a search of the position after
     * it, on the thread of banned_main. */
    char (*banned)[QP_MOVE_TEXT];
    int nbanned;
    qp_move *allowed;
    int nallowed;
    qp_search_limits ban_lim;
} uci;

/* UCCI: the engine answers a draw offer with "draw" when its score is at
 * most UCI_DRAW_CP, and resigns when it sees itself mated or its score is
 * below -UCI_RESIGN_CP. */
#define UCI_DRAW_CP 30
#define UCI_RESIGN_CP 1500

/* How long stop and quit wait for the search before answering from its
 * last iteration: a game file's hook may hold the search up to its
 * budget (lua_sandbox.h), and the GUI must hear back within 100 ms.
 * Before the search has reported any move there is nothing to answer
 * with, so they wait up to UCI_FIRST_MS for one (a starved thread on a
 * loaded machine), rather than answer no move. */
#define UCI_ANSWER_MS 50
#define UCI_FIRST_MS 2000



/* ---- moves in the dialect ---------------------------------------------- */


/* A move as qipan writes it, from the dialect's text (ICCS: H2-E2, h2e2). */
static void move_in(const uci *u, const char *t, char *out, size_t n)
{
    if (!u->d->iccs) {
        snprintf(out, n, "%s", t);
        return;
    }
    char low[QP_MOVE_TEXT * 2];
    size_t k = 0;
    for (const char *p = t; *p && k + 1 < sizeof low; p++)
        if (!(*p == '-' && p > t && p[-1] >= '0' && p[-1] <= '9')) low[k++] = (char)tolower((unsigned char)*p);
    low[k] = 0;
    eng_shift_ranks(low, out, n, 1);
}

static void move_out(const uci *u, const char *t, char *out, size_t n)
{
    if (u->d->iccs) eng_shift_ranks(t, out, n, -1);
    else snprintf(out, n, "%s", t);
}

/* "bestmove M", or the dialect's word for no move.  Holds no lock. */
static void say_best(const uci *u, const char *t)
{
    char m[QP_MOVE_TEXT * 2];
    if (!strcmp(t, "(none)") && u->d->no_move) {
        eng_say("%s", u->d->no_move);
        return;
    }
    move_out(u, t, m, sizeof m);
    eng_clean(m, true);   /* a game's move text stays one word */
    eng_say("bestmove %s", m);
}

/* bestmove M [ponder P] [draw|resign], from the last iteration when M is
 * its move (mu held). */
static void say_best_full(const uci *u, const char *t)
{
    if (!strcmp(t, "(none)") || strcmp(t, u->last_best)) {
        say_best(u, t);
        return;
    }
    char m[QP_MOVE_TEXT * 2], p[QP_MOVE_TEXT * 2 + 8] = "", tail[16] = "";
    move_out(u, t, m, sizeof m);
    eng_clean(m, true);
    if (u->last_ponder[0]) {
        char pm[QP_MOVE_TEXT * 2];
        move_out(u, u->last_ponder, pm, sizeof pm);
        eng_clean(pm, true);
        snprintf(p, sizeof p, " ponder %s", pm);
    }
    if (u->d->iccs) {
        int sc = u->last_score;
        bool mated = qp_score_is_mate(sc) && sc < 0;
        if (mated || sc < -UCI_RESIGN_CP) snprintf(tail, sizeof tail, " resign");
        else if (u->draw_offered && sc <= UCI_DRAW_CP) snprintf(tail, sizeof tail, " draw");
    }
    eng_say("bestmove %s%s%s", m, p, tail);
}

/* An info line in the dialect: UCCI has "score N" and ICCS moves. */
static void info_out(const uci *u, char *line, char *out, size_t n)
{
    if (!u->d->iccs) {
        snprintf(out, n, "%s", line);
        return;
    }
    size_t k = 0;
    bool pv = false;
    const char *prev = "";
    out[0] = 0;
    eng_words c = {line};
    for (char *t = eng_word(&c); t && k < n; prev = t, t = eng_word(&c)) {
        char m[QP_MOVE_TEXT * 2];
        if (!strcmp(t, "cp") && !strcmp(prev, "score")) continue;
        if (pv) move_out(u, t, m, sizeof m);
        else snprintf(m, sizeof m, "%s", t);
        k += (size_t)snprintf(out + k, n - k, "%s%s", k ? " " : "", m);
        if (!strcmp(t, "pv")) pv = true;
    }
}

/* ---- search thread ----------------------------------------------------- */

static void on_info(const qp_search_info *info, void *ud)
{
    uci *u = ud;
    char line[4096], out[4096], best[QP_MOVE_TEXT] = "", reply[QP_MOVE_TEXT] = "";
    qp_search_info_text(u->r, u->g.cur, info, line, sizeof line);
    const char *pv = strstr(line, " pv ");
    _Static_assert(QP_MOVE_TEXT >= 32, "best holds a %31s token");
    if (pv) sscanf(pv + 4, "%31s %31s", best, reply);
    info_out(u, line, out, sizeof out);
    pthread_mutex_lock(&u->mu);
    /* Once stop or quit answered for a late search, its last reports
     * would follow the bestmove: the protocol allows none there. */
    if (!u->answered) {
        if (best[0]) {
            snprintf(u->last_best, sizeof u->last_best, "%s", best);
            snprintf(u->last_ponder, sizeof u->last_ponder, "%s", reply);
            u->last_score = info->score;
        }
        eng_say("%s", out);
        /* after ponderhit: no new iteration past the soft budget */
        if (u->hit && u->hit_tm.soft_ms && qp_time_elapsed_ms(&u->hit_tm) >= u->hit_tm.soft_ms)
            qp_ai_stop(u->s);
    }
    pthread_mutex_unlock(&u->mu);
}

/* Waits for the search thread (started by qp_search_start, so a stop can
 * never arrive before the search exists) and answers its bestmove. */
static void *waiter_main(void *arg)
{
    uci *u = arg;
    qp_search_info info;
    if (u->pondering) {
        /* after ponderhit, the hard budget ends the search */
        struct timespec ms = {0, 2000000};
        while (!qp_ai_poll(u->s, NULL)) {
            pthread_mutex_lock(&u->mu);
            if (u->hit && u->hit_tm.hard_ms && qp_time_elapsed_ms(&u->hit_tm) >= u->hit_tm.hard_ms)
                qp_ai_stop(u->s);
            pthread_mutex_unlock(&u->mu);
            nanosleep(&ms, NULL);
        }
    }
    qp_move m = qp_ai_wait(u->s, &info);
    char t[QP_MOVE_TEXT] = "(none)";
    if (m != QP_MOVE_NONE) u->r->rs->move_text(u->r, u->g.cur, m, t, sizeof t);
    pthread_mutex_lock(&u->mu);
    if (u->answered) {
        /* stop or quit answered already from the last iteration */
    } else if (u->infinite && !u->stop_seen) {
        /* UCI: after `go infinite` the answer waits for `stop`. */
        u->pending = true;
        snprintf(u->pending_text, sizeof u->pending_text, "%s", t);
    } else {
        say_best_full(u, t);
        u->answered = true;
    }
    pthread_mutex_unlock(&u->mu);
    atomic_store(&u->busy, false);
    return NULL;
}

/* The pending answer of an infinite search, if any (mu held). */
static void say_pending(uci *u)
{
    if (!u->pending) return;
    say_best_full(u, u->pending_text);
    u->pending = false;
    u->answered = true;
}

/* The search of a position with banned moves: each allowed move is
 * scored by a search of the position after it (its share of the time or
 * nodes, one ply less), the best answered like any search's. */
static void *banned_main(void *arg)
{
    uci *u = arg;
    qp_search_limits cl = u->ban_lim;
    int k = u->nallowed;
    if (cl.depth > 1) cl.depth--;
    if (cl.nodes) cl.nodes = cl.nodes / (uint64_t)k + 1;
    if (cl.movetime_ms) cl.movetime_ms = cl.movetime_ms / k + 1;
    int side = qp_game_to_move(&u->g);
    if ((side == 1 ? cl.btime : cl.wtime) > 0) {
        qp_timeman tm;
        qp_time_init(&tm, &cl, side);
        cl.movetime_ms = (int)(tm.soft_ms / k + 1);
        cl.wtime = cl.btime = cl.winc = cl.binc = cl.movestogo = 0;
    }
    if (!cl.depth && !cl.nodes && !cl.movetime_ms) cl.depth = 6;   /* infinite */
    qp_move best = QP_MOVE_NONE;
    int best_score = 0;
    char bt[QP_MOVE_TEXT] = "(none)", reply[QP_MOVE_TEXT] = "";
    for (int i = 0; i < k; i++) {
        pthread_mutex_lock(&u->mu);
        bool stop = u->stop_seen;
        pthread_mutex_unlock(&u->mu);
        if (stop && best != QP_MOVE_NONE) break;
        qp_game g;
        char err[QP_ERR];
        if (qp_game_init(&g, u->r, u->g.start_fen[0] ? u->g.start_fen : NULL, err, sizeof err)) break;
        for (int j = 0; j < u->g.cursor; j++) qp_game_play(&g, u->g.rec[j]);
        qp_game_play(&g, u->allowed[i]);
        qp_search_info info = {0};
        qp_outcome o;
        qp_game_outcome(&g, &o);
        int score;
        qp_move rm = QP_MOVE_NONE;
        if (o.result != QP_ONGOING) {
            score = o.result == QP_DRAW ? 0 : o.winner == side ? 30000 : -30000;
        } else {
            rm = qp_ai_run(u->s, &g, &cl, NULL, NULL, &info);
            score = -info.score;
        }
        if (best == QP_MOVE_NONE || score > best_score) {
            best = u->allowed[i];
            best_score = score;
            u->r->rs->move_text(u->r, u->g.cur, best, bt, sizeof bt);
            reply[0] = 0;
            if (rm != QP_MOVE_NONE) u->r->rs->move_text(u->r, g.cur, rm, reply, sizeof reply);
        }
        qp_game_free(&g);
    }
    pthread_mutex_lock(&u->mu);
    snprintf(u->last_best, sizeof u->last_best, "%s", bt);
    snprintf(u->last_ponder, sizeof u->last_ponder, "%s", reply);
    u->last_score = best_score;
    if (u->answered) {
    } else if (u->infinite && !u->stop_seen) {
        u->pending = true;
        snprintf(u->pending_text, sizeof u->pending_text, "%s", bt);
    } else {
        say_best_full(u, bt);
        u->answered = true;
    }
    pthread_mutex_unlock(&u->mu);
    atomic_store(&u->busy, false);
    return NULL;
}

/* Asks the search to stop and waits up to UCI_ANSWER_MS for its answer;
 * when it is late (a slow hook), answers with the best move of the last
 * iteration so the GUI is not kept waiting.  True when the search ended. */
static bool stop_and_answer(uci *u)
{
    qp_ai_stop(u->s);
    pthread_mutex_lock(&u->mu);
    u->stop_seen = true;
    say_pending(u);
    pthread_mutex_unlock(&u->mu);
    struct timespec ms = {0, 1000000}, t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (atomic_load(&u->busy)) {
        clock_gettime(CLOCK_MONOTONIC, &t);
        pthread_mutex_lock(&u->mu);
        int limit = u->last_best[0] ? UCI_ANSWER_MS : UCI_FIRST_MS;
        pthread_mutex_unlock(&u->mu);
        if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= limit) break;
        nanosleep(&ms, NULL);
    }
    if (!atomic_load(&u->busy)) return true;
    pthread_mutex_lock(&u->mu);
    if (!u->answered) {
        say_best(u, u->last_best[0] ? u->last_best : "(none)");
        u->answered = true;
    }
    pthread_mutex_unlock(&u->mu);
    return false;
}

/* Stops (when asked) and joins the search thread; the bestmove is out
 * afterwards. */
static void finish_search(uci *u, bool stop)
{
    if (!u->th_live) return;
    if (stop) stop_and_answer(u);
    pthread_join(u->th, NULL);
    u->th_live = false;
    pthread_mutex_lock(&u->mu);
    say_pending(u);
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
        eng_say("info string error: %s", err);
        qp_rules_free(r);
        return -1;
    }
    qp_ai *s = qp_ai_new(r, u->search_kind, u->hash_mb);
    if (!s) {
        eng_say("info string error: out of memory for a %zu MiB hash", u->hash_mb);
        qp_game_free(&g);
        qp_rules_free(r);
        return -1;
    }
    qp_ai_set_threads(s, u->threads);
    if (u->s) qp_ai_free(u->s);
    if (u->r) {
        qp_game_free(&u->g);
        qp_rules_free(u->r);
    }
    u->r = r;
    u->g = g;
    u->s = s;
    u->no_pos = false;
    return 0;
}

static void refuse_position(uci *u);

/* Installs rules r (owned) of the same game with other parameters,
 * keeping the GUI's position: its moves, as text, are played again under
 * r.  When they no longer make a game of r (a parameter changed the
 * moves), there is no position until the next `position` says it; a
 * refused position stays refused. */
static void keep_position(uci *u, qp_rules *r)
{
    bool had = !u->no_pos;
    int n = had ? u->g.cursor : 0;
    char fen[sizeof u->g.start_fen], err[QP_ERR];
    snprintf(fen, sizeof fen, "%s", u->g.start_fen);
    char (*texts)[QP_MOVE_TEXT] = malloc(sizeof *texts * (size_t)(n > 0 ? n : 1));
    if (!texts) {
        qp_rules_free(r);
        eng_say("info string error: out of memory");
        return;
    }
    /* the texts, by the old rules, in the positions they were played in */
    qp_game old;
    bool ok = !had || qp_game_init(&old, u->r, fen[0] ? fen : NULL, err, sizeof err) == 0;
    for (int i = 0; had && ok && i < n; i++) {
        u->r->rs->move_text(u->r, old.cur, u->g.rec[i], texts[i], QP_MOVE_TEXT);
        qp_game_play(&old, u->g.rec[i]);
    }
    if (had && ok) qp_game_free(&old);
    if (install_rules(u, r)) {
        free(texts);
        return;
    }
    qp_game g;
    bool inited = ok && had && qp_game_init(&g, u->r, fen[0] ? fen : NULL, err, sizeof err) == 0;
    ok = inited;
    for (int i = 0; ok && i < n; i++) {
        qp_move m;
        ok = u->r->rs->move_parse(u->r, g.cur, texts[i], &m, err, sizeof err) == 0;
        if (ok) qp_game_play(&g, m);
    }
    if (ok) {
        qp_game_free(&u->g);
        u->g = g;
    } else {
        if (inited) qp_game_free(&g);
        if (had) eng_say("info string error: the position is not one of the new rules: send it again");
        refuse_position(u);
    }
    free(texts);
}

static void uci_options(uci *u)
{
    eng_say("id name qipan 0.1");
    eng_say("id author the qipan authors");
    char line[8192];
    size_t k = (size_t)snprintf(line, sizeof line, "option name UCI_Variant type combo default %s",
                                u->r->rs->name);
    for (int i = 0; i < u->app->reg.n && k < sizeof line; i++)
        k += (size_t)snprintf(line + k, sizeof line - k, " var %s", u->app->reg.rs[i]->name);
    eng_say("%s", line);
    eng_say("option name Hash type spin default %zu min 1 max 4096", u->hash_mb);
    eng_say("option name Threads type spin default %d min 1 max %d", u->threads, QP_MAX_THREADS);
    eng_say("option name Level type spin default %d min 1 max 10", u->level);
    eng_say("option name Search type combo default %s var alphabeta var mcts", qp_ai_name(qp_ai_kind(u->s)));
    const qp_params *p = &u->r->params;
    for (int i = 0; i < p->n; i++) {
        const qp_param_val *v = &p->v[i];
        if (!strncmp(v->def->key, "ai.", 3)) continue;   /* Hash and Level cover these */
        switch (v->def->type) {
        case QP_PT_INT:
            eng_say("option name %s type spin default %lld min %lld max %lld", v->def->key, v->i,
                v->def->min, v->def->max);
            break;
        case QP_PT_BOOL:
            eng_say("option name %s type check default %s", v->def->key, v->i ? "true" : "false");
            break;
        default:
            eng_say("option name %s type string default %s", v->def->key,
                v->text[0] ? v->text : "<empty>");
            break;
        }
    }
}

static void ucci_options(uci *u)
{
    eng_say("id name qipan 0.1");
    eng_say("id author the qipan authors");
    char line[8192];
    size_t k = (size_t)snprintf(line, sizeof line, "option variant type combo");
    for (int i = 0; i < u->app->reg.n && k < sizeof line; i++)
        k += (size_t)snprintf(line + k, sizeof line - k, " var %s", u->app->reg.rs[i]->name);
    if (k < sizeof line) snprintf(line + k, sizeof line - k, " default %s", u->r->rs->name);
    eng_say("%s", line);
    eng_say("option usemillisec type check default false");
    eng_say("option hashsize type spin min 1 max 4096 default %zu", u->hash_mb);
    eng_say("option threads type spin min 1 max %d default %d", QP_MAX_THREADS, u->threads);
    eng_say("option level type spin min 1 max 10 default %d", u->level);
    const qp_params *p = &u->r->params;
    for (int i = 0; i < p->n; i++) {
        const qp_param_val *v = &p->v[i];
        if (!strncmp(v->def->key, "ai.", 3)) continue;
        switch (v->def->type) {
        case QP_PT_INT:
            eng_say("option %s type spin min %lld max %lld default %lld", v->def->key, v->def->min, v->def->max, v->i);
            break;
        case QP_PT_BOOL:
            eng_say("option %s type check default %s", v->def->key, v->i ? "true" : "false");
            break;
        default:
            eng_say("option %s type string default %s", v->def->key, v->text[0] ? v->text : "<empty>");
            break;
        }
    }
}

static void set_option(uci *u, const char *name, const char *value)
{
    char err[QP_ERR];
    if (u->d->iccs) {   /* UCCI's names of the shared options */
        static const char *const names[][2] = {
            {"variant", "UCI_Variant"}, {"hashsize", "Hash"}, {"threads", "Threads"}, {"level", "Level"}};
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (!strcmp(name, names[i][0])) name = names[i][1];
        if (!strcmp(name, "usemillisec")) {
            if (strcmp(value, "true") && strcmp(value, "false")) {
                eng_say("info string error: usemillisec must be true or false, got '%s'", value);
                return;
            }
            u->millisec = !strcmp(value, "true");
            return;
        }
    }
    if (!strcmp(name, "UCI_Variant")) {
        if (!qp_registry_find(&u->app->reg, value)) {
            eng_say("info string error: unknown variant '%s'", value);
            return;
        }
        qp_rules *r = qp_app_open_rules(u->app, value, NULL);
        if (!r) {
            eng_say("info string error: cannot open variant '%s'", value);
            return;
        }
        install_rules(u, r);
    } else if (!strcasecmp(name, "Hash")) {
        char *end;
        long mb = strtol(value, &end, 10);
        if (!*value || *end || mb < 1 || mb > 4096) {
            eng_say("info string error: Hash must be 1..4096, got '%s'", value);
            return;
        }
        qp_ai *s = qp_ai_new(u->r, u->search_kind, (size_t)mb);
        if (!s) {
            eng_say("info string error: out of memory for a %ld MiB hash", mb);
            return;
        }
        qp_ai_free(u->s);
        u->s = s;
        u->hash_mb = (size_t)mb;
        qp_ai_set_threads(s, u->threads);
    } else if (!strcasecmp(name, "Threads")) {
        char *end;
        long t = strtol(value, &end, 10);
        if (!*value || *end || t < 1 || t > QP_MAX_THREADS) {
            eng_say("info string error: Threads must be 1..%d, got '%s'", QP_MAX_THREADS, value);
            return;
        }
        if (qp_ai_set_threads(u->s, (int)t)) {
            eng_say("info string error: out of memory for %ld threads", t);
            return;
        }
        u->threads = (int)t;
    } else if (!strcasecmp(name, "Search")) {
        int kind = qp_ai_parse(value);
        if (kind < 0) {
            eng_say("info string error: Search must be alphabeta or mcts, got '%s'", value);
            return;
        }
        qp_ai *s = qp_ai_new(u->r, kind, u->hash_mb);
        if (!s) {
            eng_say("info string error: out of memory for a %zu MiB hash", u->hash_mb);
            return;
        }
        qp_ai_set_threads(s, u->threads);
        qp_ai_free(u->s);
        u->s = s;
        u->search_kind = kind;
    } else if (!strcasecmp(name, "Level")) {
        int l = qp_level_parse(&u->r->params, value);
        if (l < 0) {
            eng_say("info string error: Level must be 1..10 or a level name, got '%s'", value);
            return;
        }
        u->level = l;
    } else if (qp_params_find(&u->r->params, name)) {
        qp_params p = u->r->params;
        if (qp_params_set(&p, name, value, err, sizeof err)) {
            eng_say("info string error: %s", err);
            return;
        }
        qp_rules *r = qp_rules_create(u->r->rs, &p, err, sizeof err);
        if (!r) {
            eng_say("info string error: %s", err);
            return;
        }
        keep_position(u, r);
    } else {
        eng_say("info string error: unknown option '%s'", name);
    }
}

/* ---- commands ---------------------------------------------------------- */

/* UCI: setoption name NAME [value VALUE] */
static void uci_setoption(uci *u, char **tok, int n)
{
    if (n < 3 || strcmp(tok[1], "name")) {
        eng_say("info string error: usage: setoption name NAME [value VALUE]");
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

/* UCCI: setoption NAME [VALUE...]; the UCI form is understood too. */
static void ucci_setoption(uci *u, char **tok, int n)
{
    if (n >= 2 && !strcmp(tok[1], "name")) {
        uci_setoption(u, tok, n);
        return;
    }
    if (n < 2) {
        eng_say("info string error: usage: setoption NAME [VALUE]");
        return;
    }
    char value[1024] = "";
    for (int i = 2; i < n; i++) {
        size_t k = strlen(value);
        snprintf(value + k, sizeof value - k, "%s%s", k ? " " : "", tok[i]);
    }
    if (!strcmp(tok[1], "newgame")) {   /* UCCI's ucinewgame */
        qp_ai_clear(u->s);
        qp_game_reset(&u->g);
        u->no_pos = false;
        return;
    }
    set_option(u, tok[1], value);
}

/* Refuses a position: the game is left at the start, marked as no
 * position, so that `go` answers at once that it has none rather than
 * search a position that is not the GUI's (neither the previous one nor
 * the moves up to a bad one: a GUI that sent a bad move has a game the
 * engine does not know, and answering a move of another game would be
 * worse than answering none). */
static void refuse_position(uci *u)
{
    qp_game_reset(&u->g);
    u->no_pos = true;
}

/* The position of "WORD startpos|fen FEN [moves MOVE...]" (position,
 * probe) as a game of u's rules in *out; -1 after saying why. */
static int read_position(uci *u, char **tok, int n, qp_game *out)
{
    char err[QP_ERR], fen[1024] = "";
    int i = 1;
    if (i < n && !strcmp(tok[i], "startpos")) {
        i++;
    } else if (i < n && !strcmp(tok[i], "fen")) {
        for (int f = 0; ++i < n && strcmp(tok[i], "moves"); f++) {
            size_t k = strlen(fen);
            /* UCCI GUIs may write red to move as "r" */
            const char *t = u->d->iccs && f == 1 && !strcmp(tok[i], "r") ? "w" : tok[i];
            snprintf(fen + k, sizeof fen - k, "%s%s", k ? " " : "", t);
        }
        if (!fen[0]) {
            eng_say("info string error: %s fen needs a FEN", tok[0]);
            return -1;
        }
    } else {
        eng_say("info string error: usage: %s startpos|fen FEN [moves MOVE...]", tok[0]);
        return -1;
    }
    if (i < n && strcmp(tok[i], "moves")) {
        eng_say("info string error: expected 'moves', got '%s'", tok[i]);
        return -1;
    }
    qp_game g;
    if (qp_game_init(&g, u->r, fen[0] ? fen : NULL, err, sizeof err)) {
        eng_say("info string error: bad fen: %s", err);
        return -1;
    }
    /* Every move is played, as the record reader does: only the
     * position's own end (no move, a line made) stops the moves; a draw
     * of the history (repetition, no capture) is the GUI's to judge, so a
     * game played on past one is still followed.  A bad move refuses the
     * whole position. */
    const qp_ruleset *rs = u->r->rs;
    for (i++; i < n; i++) {
        char mt[QP_MOVE_TEXT * 2];
        qp_outcome o = {QP_ONGOING, -1, NULL};
        qp_move m;
        move_in(u, tok[i], mt, sizeof mt);
        rs->outcome(u->r, g.cur, &o);
        if (o.result != QP_ONGOING) {
            eng_say("info string error: move %s: the game is over (%s)", tok[i], o.reason);
        } else if (rs->move_parse(u->r, g.cur, mt, &m, err, sizeof err)) {
            eng_say("info string error: move %s: %s", tok[i], err);
        } else {
            qp_game_play(&g, m);
            continue;
        }
        qp_game_free(&g);
        return -1;
    }
    *out = g;
    return 0;
}

static void cmd_position(uci *u, char **tok, int n)
{
    qp_game g;
    if (read_position(u, tok, n, &g)) {
        refuse_position(u);
        return;
    }
    qp_game_free(&u->g);
    u->g = g;
    u->no_pos = false;
}

/* UCCI probe startpos|fen FEN [moves ...]: what the search's table holds
 * for that position, as "pophash [bestmove M] [lowerbound V depth D]
 * [upperbound V depth D]" (an exact score is both bounds); "pophash"
 * alone when it holds nothing (or the engine keeps no table: MCTS).
 * Answered at once, also while a search runs: the table is read as the
 * search's helper threads read it. */
static void cmd_probe(uci *u, char **tok, int n)
{
    qp_game g;
    if (read_position(u, tok, n, &g)) return;
    qp_search_entry e;
    char line[256] = "pophash";
    size_t k = strlen(line);
    if (qp_ai_probe(u->s, g.cur, &e)) {
        /* the table's move is a hint: said only when it is legal here */
        qp_move moves[QP_MAX_MOVES];
        int nm = e.move != QP_MOVE_NONE ? qp_game_moves(&g, moves) : 0;
        for (int i = 0; i < nm; i++) {
            if (moves[i] != e.move) continue;
            char t[QP_MOVE_TEXT], mt[QP_MOVE_TEXT * 2];
            u->r->rs->move_text(u->r, g.cur, e.move, t, sizeof t);
            move_out(u, t, mt, sizeof mt);
            k += (size_t)snprintf(line + k, sizeof line - k, " bestmove %s", mt);
            break;
        }
        if (e.lower) k += (size_t)snprintf(line + k, sizeof line - k, " lowerbound %d depth %d", e.score, e.depth);
        if (e.upper) snprintf(line + k, sizeof line - k, " upperbound %d depth %d", e.score, e.depth);
    }
    eng_say("%s", line);
    qp_game_free(&g);
}


static long long clamp_ll(long long v, long long lo, long long hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The go parameter at tok[*i], one of keys, and its number, moving *i
 * past it.  A number that is missing or not a whole number ("1e30") is
 * said and taken as 0, which every caller turns into the least search it
 * stands for (depth 1, one node, 1 ms): an unreadable limit must end
 * promptly, never turn into an unlimited search.  The caller clamps
 * into its bounds.  -1 for an unknown parameter, after saying so. */
static int go_param(char **tok, int n, int *i, const char *const *keys, long long *v)
{
    int k = 0;
    while (keys[k] && strcmp(keys[k], tok[*i])) k++;
    if (!keys[k]) {
        eng_say("info string error: unknown go parameter '%s'", tok[*i]);
        return -1;
    }
    *v = 0;
    if (*i + 1 >= n) {
        eng_say("info string error: go %s needs a number", tok[*i]);
    } else if (!eng_parse_int(tok[*i + 1], v)) {
        eng_say("info string error: go %s needs a whole number, got '%s'", tok[*i], tok[*i + 1]);
        (*i)++;
    } else {
        (*i)++;
    }
    return k;
}

/* UCI: go [depth N] [movetime MS] [wtime MS] ... [infinite]; false when
 * nothing could be read at all (never: bad parts are skipped). */
static bool uci_go(uci *u, char **tok, int n, qp_search_limits *limp, bool *infp)
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
        if (!strcmp(tok[i], "ponder")) {
            u->go_ponder = true;
            continue;
        }
        long long v;
        int k = go_param(tok, n, &i, keys, &v);
        if (k < 0) continue;
        /* 0 would mean no limit to the search: the least is 1 */
        switch (k) {
        case 0: lim.depth = (int)clamp_ll(v, 1, UCI_MAX_DEPTH); break;
        case 1: lim.movetime_ms = (int)clamp_ll(v, 1, UCI_MAX_MS); break;
        case 2: lim.wtime = (int)clamp_ll(v, 1, UCI_MAX_MS); break;
        case 3: lim.btime = (int)clamp_ll(v, 1, UCI_MAX_MS); break;
        case 4: lim.winc = (int)clamp_ll(v, 0, UCI_MAX_MS); break;
        case 5: lim.binc = (int)clamp_ll(v, 0, UCI_MAX_MS); break;
        case 6: lim.movestogo = (int)clamp_ll(v, 0, UCI_MAX_MS); break;
        case 7: lim.nodes = (uint64_t)clamp_ll(v, 1, UCI_MAX_NODES); break;
        }
    }
    *limp = lim;
    *infp = infinite;
    return true;
}

/* UCCI: go [ponder|draw] depth N|infinite | nodes N | time T [movestogo N |
 * increment I] [opptime T [oppmovestogo N | oppincrement I]]. */
static bool ucci_go(uci *u, char **tok, int n, qp_search_limits *lim, bool *infinite)
{
    int side = qp_game_to_move(&u->g);
    long long mine_t = 0, opp_t = 0, mine_inc = 0, opp_inc = 0, togo = 0;
    for (int i = 1; i < n; i++) {
        static const char *const keys[] = {"depth", "nodes", "time", "movestogo", "increment",
                                           "opptime", "oppmovestogo", "oppincrement", NULL};
        if (!strcmp(tok[i], "ponder") || !strcmp(tok[i], "draw")) {
            *(tok[i][0] == 'p' ? &u->go_ponder : &u->go_draw) = true;
            continue;
        }
        if (!strcmp(tok[i], "infinite")) {
            *infinite = true;
            continue;
        }
        if (!strcmp(tok[i], "depth") && i + 1 < n && !strcmp(tok[i + 1], "infinite")) {
            *infinite = true;
            i++;
            continue;
        }
        long long v;
        int k = go_param(tok, n, &i, keys, &v);
        if (k < 0) continue;
        long long sec = clamp_ll(v, 0, UCI_MAX_MS);
        long long ms = u->millisec ? sec : sec > UCI_MAX_MS / 1000 ? UCI_MAX_MS : sec * 1000;
        switch (k) {
        case 0: lim->depth = (int)clamp_ll(v, 1, UCI_MAX_DEPTH); break;
        case 1: lim->nodes = (uint64_t)clamp_ll(v, 1, UCI_MAX_NODES); break;
        case 2: mine_t = ms > 0 ? ms : 1; break;
        case 3: togo = clamp_ll(v, 0, UCI_MAX_MS); break;
        case 4: mine_inc = ms; break;
        case 5: opp_t = ms > 0 ? ms : 1; break;
        case 6: break;   /* the opponent's control does not change our time */
        case 7: opp_inc = ms; break;
        }
    }
    int *t0 = side == 1 ? &lim->btime : &lim->wtime, *t1 = side == 1 ? &lim->wtime : &lim->btime;
    int *i0 = side == 1 ? &lim->binc : &lim->winc, *i1 = side == 1 ? &lim->winc : &lim->binc;
    *t0 = (int)mine_t;
    *t1 = (int)opp_t;
    *i0 = (int)mine_inc;
    *i1 = (int)opp_inc;
    lim->movestogo = (int)togo;
    return true;
}

/* The shared part of go: the dialect reads the limits. */
static void cmd_go(uci *u, char **tok, int n)
{
    qp_search_limits lim = {0};
    bool infinite = false;
    u->go_ponder = u->go_draw = false;
    if (!u->d->go(u, tok, n, &lim, &infinite)) return;
    if (u->no_pos) {
        eng_say("info string error: no position: the last position command was refused");
        say_best(u, "(none)");
        return;
    }
    int side = qp_game_to_move(&u->g);
    bool clock = (side == 1 ? lim.btime : lim.wtime) > 0;
    if (!lim.depth && !lim.movetime_ms && !clock && !lim.nodes) infinite = true;

    /* Only the position's own end (no move) leaves nothing to play: an
     * end by the history (repetition, no capture) is the GUI's to judge,
     * by rules that may not be qipan's, and it wants a move. */
    qp_outcome o = {QP_ONGOING, -1, ""};
    u->r->rs->outcome(u->r, u->g.cur, &o);
    if (o.result != QP_ONGOING) {
        eng_say("info string game over: %s", o.reason);
        say_best(u, "(none)");
        return;
    }
    lim.level = u->level;
    lim.seed = u->seed++;
    u->pondering = u->go_ponder;
    u->hit = false;
    u->draw_offered = u->go_draw;
    if (u->pondering) {
        /* the clock starts at ponderhit; depth and nodes hold already */
        u->ponder_lim = lim;
        lim.movetime_ms = lim.wtime = lim.btime = lim.winc = lim.binc = lim.movestogo = 0;
        infinite = true;
    }
    u->infinite = infinite;
    u->stop_seen = false;
    u->pending = false;
    u->answered = false;
    u->last_best[0] = u->last_ponder[0] = 0;
    if (u->nbanned) {
        /* banmoves holds for this go only */
        qp_move all[QP_MAX_MOVES];
        int na = u->r->rs->gen(u->r, u->g.cur, all, QP_GEN_ALL), k = 0;
        free(u->allowed);
        u->allowed = malloc(sizeof *u->allowed * (size_t)(na > 0 ? na : 1));
        for (int i = 0; u->allowed && i < na; i++) {
            if (!qp_move_is_legal(u->r, u->g.cur, all[i])) continue;
            char t[QP_MOVE_TEXT];
            u->r->rs->move_text(u->r, u->g.cur, all[i], t, sizeof t);
            bool ban = false;
            for (int j = 0; j < u->nbanned && !ban; j++) ban = !strcmp(t, u->banned[j]);
            if (!ban) u->allowed[k++] = all[i];
        }
        u->nbanned = 0;
        u->nallowed = k;
        if (k == 0) {
            eng_say("info string every legal move is banned");
            say_best(u, "(none)");
            return;
        }
        if (k < na || !u->allowed) {
            u->ban_lim = lim;
            atomic_store(&u->busy, true);
            if (pthread_create(&u->th, NULL, banned_main, u) != 0) {
                u->stop_seen = true;
                banned_main(u);
                return;
            }
            u->th_live = true;
            return;
        }
    }
    atomic_store(&u->busy, true);
    if (qp_ai_start(u->s, &u->g, &lim, on_info, u) != 0) {
        atomic_store(&u->busy, false);
        eng_say("info string error: cannot start the search thread");
        say_best(u, "(none)");
        return;
    }
    if (pthread_create(&u->th, NULL, waiter_main, u) != 0) {
        /* Without a waiter nobody could read `stop`: answer at once. */
        u->stop_seen = true;
        qp_ai_stop(u->s);
        waiter_main(u);
        return;
    }
    u->th_live = true;
}

/* Splits line into its words, *tok grown to hold them (the line bounds
 * their number).  -1 when out of memory. */
static int tokenize(char *line, char ***tok, int *cap)
{
    int n = 0;
    eng_words c = {line};
    for (char *w = eng_word(&c); w; w = eng_word(&c)) {
        if (n == *cap) {
            int nc = *cap ? *cap * 2 : 64;
            char **nt = realloc(*tok, sizeof *nt * (size_t)nc);
            if (!nt) return -1;
            *tok = nt;
            *cap = nc;
        }
        (*tok)[n++] = w;
    }
    return n;
}


static int run_session(qp_app *app, const dialect *d, bool abandon)
{
    uci u;
    memset(&u, 0, sizeof u);
    u.d = d;
    u.app = app;
    u.level = 10;
    u.seed = (uint64_t)time(NULL);
    pthread_mutex_init(&u.mu, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);

    qp_rules *r = qp_app_open_rules(app, d->start_rules, NULL);
    if (!r && app->reg.n > 0) r = qp_app_open_rules(app, app->reg.rs[0]->name, NULL);
    if (!r) return 1;
    long long mb = qp_param_int(&r->params, "ai.hash_mb");
    u.hash_mb = mb > 0 ? (size_t)mb : 64;
    long long th = qp_param_int(&r->params, "ai.threads");
    u.threads = th > 0 ? (int)th : 1;
    if (install_rules(&u, r)) return 1;

    char **tok = NULL;
    int tok_cap = 0;
    char *line = NULL;
    size_t cap = 0;
    bool quit = false;
    long len;
    while (!quit && (len = eng_read_line(stdin, &line, &cap, UCI_MAX_LINE)) != -1) {
        int n = len >= 0 ? tokenize(line, &tok, &tok_cap) : 0;
        pthread_mutex_lock(&u.mu);
        if (len == -2) eng_say("info string error: line longer than %zu bytes ignored", UCI_MAX_LINE);
        else if (len == -3) eng_say("info string error: line with a NUL byte ignored");
        else if (n < 0) eng_say("info string error: out of memory for a line of %ld bytes", len);
        pthread_mutex_unlock(&u.mu);
        if (len == -2 && line && !strncmp(line, "position", 8) && eng_is_sep(line[8])) {
            /* a position too long to read is refused like a bad one */
            finish_search(&u, true);
            refuse_position(&u);
        }
        if (n <= 0) continue;   /* empty, blank or refused */
        const char *c = tok[0];
        if (!strcmp(c, d->hello)) {
            d->options(&u);
            eng_say("%s", d->ok);
        } else if (!strcmp(c, "isready")) {
            pthread_mutex_lock(&u.mu);
            eng_say("readyok");
            pthread_mutex_unlock(&u.mu);
        } else if (!strcmp(c, "stop")) {
            /* Answered at once; the thread is joined by the next command
             * that needs the search ended, so that a search held up past
             * stop (a hook) never keeps isready or quit unanswered. */
            if (u.th_live) stop_and_answer(&u);
        } else if (!strcmp(c, "quit")) {
            quit = true;
        } else if (!strcmp(c, "ponderhit")) {
            /* The ponder search goes on as the timed search of go's
             * limits, its clock started now (the move was the one
             * expected); an ended one answers at once. */
            pthread_mutex_lock(&u.mu);
            if (u.th_live && u.pondering && !u.hit && !u.answered) {
                u.hit = true;
                if (d->iccs && n > 1 && !strcmp(tok[1], "draw")) u.draw_offered = true;
                const qp_search_limits *pl = &u.ponder_lim;
                int side = qp_game_to_move(&u.g);
                bool timed = pl->movetime_ms || (side == 1 ? pl->btime : pl->wtime) > 0;
                qp_time_init(&u.hit_tm, pl, side);
                /* without a clock, depth or nodes end it, or stop */
                if (timed || pl->depth || pl->nodes) {
                    u.infinite = false;
                    say_pending(&u);
                }
            }
            pthread_mutex_unlock(&u.mu);
        } else if (!strcmp(c, "ucinewgame")) {
            finish_search(&u, true);
            qp_ai_clear(u.s);
            qp_game_reset(&u.g);
            u.no_pos = false;
        } else if (!strcmp(c, "setoption")) {
            finish_search(&u, true);
            d->setoption(&u, tok, n);
        } else if (!strcmp(c, "position")) {
            finish_search(&u, true);
            u.nbanned = 0;   /* banmoves hold for the position they came with */
            cmd_position(&u, tok, n);
        } else if (!strcmp(c, "go")) {
            pthread_mutex_lock(&u.mu);
            bool answered = u.answered;
            pthread_mutex_unlock(&u.mu);
            /* a search answered early by stop may still be ending: joined */
            if (u.th_live && atomic_load(&u.busy) && !answered) {
                eng_say("info string error: already searching");
                continue;
            }
            finish_search(&u, false);
            cmd_go(&u, tok, n);
        } else if (!strcmp(c, "probe") && d->iccs) {
            cmd_probe(&u, tok, n);   /* never waits for the search */
        } else if (!strcmp(c, "banmoves") && d->iccs) {
            /* moves the next go must not play, each checked as a move of
             * the position */
            finish_search(&u, true);
            free(u.banned);
            u.banned = n > 1 ? malloc(sizeof *u.banned * (size_t)(n - 1)) : NULL;
            u.nbanned = 0;
            for (int i = 1; u.banned && i < n; i++) {
                char mt[QP_MOVE_TEXT * 2], err[QP_ERR];
                qp_move m;
                move_in(&u, tok[i], mt, sizeof mt);
                if (u.r->rs->move_parse(u.r, u.g.cur, mt, &m, err, sizeof err)) {
                    eng_say("info string error: banmoves %s: %s", tok[i], err);
                    continue;
                }
                u.r->rs->move_text(u.r, u.g.cur, m, u.banned[u.nbanned++], QP_MOVE_TEXT);
            }
        } else if (!strcmp(c, "d") && u.no_pos) {
            eng_say("info string variant %s no position", u.r->rs->name);
        } else if (!strcmp(c, "d")) {
            char fen[1024];
            qp_game_fen(&u.g, fen, sizeof fen);
            eng_say("info string variant %s fen %s", u.r->rs->name, fen);
        } else {
            eng_say("info string error: unknown command '%s'", c);
        }
    }
    /* quit, or the end of input (the GUI is gone): no search outlives it.
     * A search held up in a slow hook is not waited for: its answer is
     * out, and the process ends without it. */
    if (u.th_live && !stop_and_answer(&u) && abandon) {
        if (quit && d->bye) eng_say("%s", d->bye);
        fflush(stdout);
        _exit(0);
    }
    finish_search(&u, true);
    if (quit && d->bye) eng_say("%s", d->bye);
    free(line);
    free(tok);
    free(u.banned);
    free(u.allowed);
    qp_ai_free(u.s);
    qp_game_free(&u.g);
    qp_rules_free(u.r);
    pthread_mutex_destroy(&u.mu);
    return 0;
}

static const dialect uci_dialect = {
    .hello = "uci", .ok = "uciok", .start_rules = "zhonggong", .iccs = false,
    .no_move = NULL, .bye = NULL,
    .options = uci_options, .setoption = uci_setoption, .go = uci_go,
};

static const dialect ucci_dialect = {
    .hello = "ucci", .ok = "ucciok", .start_rules = "xiangqi", .iccs = true,
    .no_move = "nobestmove", .bye = "bye",
    .options = ucci_options, .setoption = ucci_setoption, .go = ucci_go,
};

int cmd_uci(qp_app *app, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return run_session(app, &uci_dialect, true);
}

int cmd_ucci(qp_app *app, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return run_session(app, &ucci_dialect, true);
}

int qp_engine_session(qp_app *app, bool ucci)
{
    return run_session(app, ucci ? &ucci_dialect : &uci_dialect, false);
}
