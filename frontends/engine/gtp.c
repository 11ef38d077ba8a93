/*
 * gtp.c — `qipan gtp [RULESET]`: the Go Text Protocol, version 2, for Go
 * (the default ruleset, scripts/games/go.lua) and any other game of two
 * sides whose moves are single points or a pass (hex, gomoku, reversi,
 * connect4: `qipan gtp hex`).
 *
 * Vertices are GTP's: a column letter A..Z without I, a row counted from 1
 * at the bottom ("D4", "J9"); qipan writes the same points with
 * consecutive letters ("d4", "i9"), converted at the edge.  Colours: b,
 * black, w, white; black is side 0.  Every response is "=ID text" or
 * "?ID message" (ID echoed when the command had one), then an empty line.
 * Input is preprocessed as the protocol says: control characters other
 * than tab and newline removed, tabs made spaces, "#" comments dropped,
 * blank lines ignored.
 *
 * Out of turn: `play` or `genmove` for the side not to move first plays a
 * pass for the side to move (GTP allows two moves of one colour in a
 * row); `undo` takes both back.  After two passes ended a game, a stone
 * played or a genmove resumes it (a cleanup phase): the two passes are
 * taken out of the record, so undo does not see them.  boardsize and komi change the game's
 * params (size 9/13/19 and komi, as the game file accepts them): boardsize
 * clears the board, komi keeps the moves played.  loadsgf FILE [N] loads
 * a record of the same game (SGF or any other qipan reads) up to before
 * its move N; printsgf [FILE] answers the game as SGF or writes it, with
 * the tags, comments and variations of the file loadsgf read for the
 * moves the game shares with it (until clear_board, boardsize or a
 * handicap starts another game).
 *
 * genmove runs the game's AI (ai.h: MCTS for Go) on a thread of its own;
 * the reader goes on reading, so `quit` during a genmove stops the search
 * at once (its move is answered, then quit's `=`).  Any other command
 * waits for the move (responses keep their order).  Time: time_settings
 * and time_left give a budget per move (move_budget_ms); without a clock,
 * --level 1..9 caps the playouts (mcts.h) and level 10 thinks
 * GTP_DEFAULT_MS a move; --playouts N gives every move N iterations
 * (MCTS playouts, alpha-beta nodes) and no time limit, so that matches
 * do not depend on the machine's load (with --seed S, the same moves
 * from the same commands).
 *
 * Passing (Go-like games, those whose status line reports an area
 * score): the game is scored with every stone on the board alive, so a
 * pass the search chooses is replaced (qp_pass_guard, framework/pass_guard.h) by a capture, the
 * defence of a group of the engine's in atari, or the filling of a
 * neutral point, whenever one is legal and leaves the stone's group at
 * least two liberties; in kgs-genmove_cleanup mode also by a move that
 * takes a liberty from an enemy group under the same condition, so that
 * dead stones are captured before the engine passes.  The engine never
 * fills a point all of whose neighbours are its own stones (an eye).
 * It resigns only when the search has proven the position lost.
 */
#include "app.h"
#include "ai.h"
#include "engine_io.h"
#include "game.h"
#include "pass_guard.h"
#include "search.h"
#include "fileio.h"
#include "record_file.h"
#include "sgf.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

int cmd_gtp(qp_app *app, int argc, char **argv);

#define GTP_MAX_LINE ((size_t)1 << 16)
#define GTP_DEFAULT_MS 5000   /* a move at level 10 without a clock */
#define GTP_START_RULES "go"

typedef struct gtp {
    qp_app *app;
    const char *config;
    qp_rules *r;
    qp_game g;
    qp_ai *s;
    int level, threads;
    uint64_t playouts;   /* --playouts: a fixed budget a move, 0 none */
    uint64_t seed;
    bool area;                  /* the game reports an area score (Go-like) */
    /* the record loadsgf read (has_src): printsgf keeps its tags,
     * comments and variations for the moves the game shares with it;
     * forgotten when the board is cleared or set up anew */
    qp_record src;
    bool has_src;

    /* plies each play/genmove added: 1, or 2 with a pass put in for the
     * other side; undo takes back the last entry */
    int *steps;
    int nsteps, capsteps;

    /* clock: time_settings (ms, stones) and time_left per side */
    bool timed;
    long long main_ms, byo_ms;
    int byo_stones;
    bool left_known[2];
    long long left_ms[2];
    int left_stones[2];

    /* the genmove running on its thread: only that thread touches g
     * until it is joined */
    pthread_t th;
    bool th_live;
    char gen_id[24];
    int gen_plies;              /* plies already added for this genmove */
    bool cleanup;
    pthread_mutex_t mu;         /* output order */
} gtp;

/* ---- responses ---------------------------------------------------------- */

/* "=ID text" or "?ID text", then an empty line; text may hold lines. */
static void respond(gtp *t, const char *id, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void respond(gtp *t, const char *id, bool ok, const char *fmt, ...)
{
    char small[1024], *buf = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (buf = malloc((size_t)n + 1))) {   /* a long record (printsgf) */
        va_start(ap, fmt);
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    if (!buf) buf = small;   /* out of memory: the answer cut */
    pthread_mutex_lock(&t->mu);
    char *p = buf, *nl = strchr(p, '\n');
    if (nl) *nl = 0;
    eng_say("%c%s%s%s", ok ? '=' : '?', id ? id : "", *p ? " " : "", p);
    while (nl) {
        p = nl + 1;
        nl = strchr(p, '\n');
        if (nl) *nl = 0;
        eng_say("%s", *p ? p : " ");   /* an empty line would end the answer */
    }
    eng_say("%s", "");
    pthread_mutex_unlock(&t->mu);
    if (buf != small) free(buf);
}

/* ---- vertices ------------------------------------------------------------ */

static const char gtp_letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/* qipan's point text ("j9", "pass") as a GTP vertex ("K9", "pass"). */
static bool vertex_out(const char *text, char *out, size_t n)
{
    if (!strcmp(text, "pass")) {
        snprintf(out, n, "pass");
        return true;
    }
    if (text[0] < 'a' || text[0] > 'y' || !isdigit((unsigned char)text[1])) return false;
    for (const char *p = text + 1; *p; p++)
        if (!isdigit((unsigned char)*p)) return false;
    snprintf(out, n, "%c%s", gtp_letters[text[0] - 'a'], text + 1);
    return true;
}

/* A GTP vertex as qipan's point text; false when it is none. */
static bool vertex_in(const char *v, char *out, size_t n)
{
    if (!strcasecmp(v, "pass")) {
        snprintf(out, n, "pass");
        return true;
    }
    char c = (char)toupper((unsigned char)v[0]);
    const char *l = c ? strchr(gtp_letters, c) : NULL;
    if (!l || !isdigit((unsigned char)v[1]) || strlen(v) > 3) return false;
    for (const char *p = v + 1; *p; p++)
        if (!isdigit((unsigned char)*p)) return false;
    snprintf(out, n, "%c%d", (char)('a' + (l - gtp_letters)), atoi(v + 1));
    return true;
}

/* 0 black, 1 white, -1 neither. */
static int parse_color(const char *c)
{
    if (!strcasecmp(c, "b") || !strcasecmp(c, "black")) return 0;
    if (!strcasecmp(c, "w") || !strcasecmp(c, "white")) return 1;
    return -1;
}

/* ---- rules and game -------------------------------------------------------- */

static void steps_push(gtp *t, int plies)
{
    if (t->nsteps == t->capsteps) {
        int nc = t->capsteps ? t->capsteps * 2 : 64;
        int *ns = realloc(t->steps, sizeof *ns * (size_t)nc);
        if (!ns) return;   /* undo then takes back less: never more */
        t->steps = ns;
        t->capsteps = nc;
    }
    t->steps[t->nsteps++] = plies;
}

static void forget_record(gtp *t)
{
    if (t->has_src) qp_record_free(&t->src);
    t->has_src = false;
}

/* Installs r (taken) with a game from fen (NULL: the start) replaying
 * moves[0..nmoves) given as texts; the previous state stays on failure. */
static int install(gtp *t, qp_rules *r, const char *fen, char (*moves)[QP_MOVE_TEXT], int nmoves,
                   char *err, size_t errn)
{
    qp_game g;
    if (qp_game_init(&g, r, fen, err, errn)) {
        qp_rules_free(r);
        return -1;
    }
    for (int i = 0; i < nmoves; i++)
        if (qp_game_play_text(&g, moves[i], err, errn)) {
            qp_game_free(&g);
            qp_rules_free(r);
            return -1;
        }
    qp_ai *s = qp_ai_new(r, QP_AI_DEFAULT, 0);
    if (!s) {
        snprintf(err, errn, "out of memory");
        qp_game_free(&g);
        qp_rules_free(r);
        return -1;
    }
    qp_ai_set_threads(s, t->threads);
    if (t->s) qp_ai_free(t->s);
    if (t->r) {
        qp_game_free(&t->g);
        qp_rules_free(t->r);
    }
    t->r = r;
    t->g = g;
    t->s = s;
    int a[2], k;
    t->area = qp_sgf_area(r, g.cur, a, &k);
    return 0;
}

/* The rules with one param changed, the game's moves replayed (or none
 * when clear). */
static int change_param(gtp *t, const char *key, const char *value, bool clear, char *err, size_t errn)
{
    qp_params p = t->r->params;
    if (qp_params_set(&p, key, value, err, errn)) return -1;
    qp_rules *r = qp_rules_create(t->r->rs, &p, err, errn);
    if (!r) return -1;
    int n = clear ? 0 : t->g.cursor;
    char (*moves)[QP_MOVE_TEXT] = n ? malloc(sizeof *moves * (size_t)n) : NULL;
    if (n && !moves) {
        qp_rules_free(r);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++) qp_game_move_text(&t->g, i, moves[i], QP_MOVE_TEXT);
    int rc = install(t, r, clear || !t->g.start_fen[0] ? NULL : t->g.start_fen, moves, n, err, errn);
    free(moves);
    if (rc == 0 && clear) t->nsteps = 0;
    return rc;
}

/* After two passes ended the game, a play or genmove resumes it (as a
 * KGS cleanup phase does): the two passes leave the record, the position
 * and the side to move stay as they were; undo then does not see them. */
static void resume_after_passes(gtp *t)
{
    qp_outcome o;
    qp_game_outcome(&t->g, &o);
    if (o.result == QP_ONGOING || !t->area || t->g.cursor < 2) return;
    char a[QP_MOVE_TEXT], b[QP_MOVE_TEXT];
    qp_game_move_text(&t->g, t->g.cursor - 1, a, sizeof a);
    qp_game_move_text(&t->g, t->g.cursor - 2, b, sizeof b);
    if (strcmp(a, "pass") || strcmp(b, "pass")) return;
    qp_game_undo(&t->g);
    qp_game_undo(&t->g);
    for (int k = 2; k > 0 && t->nsteps > 0;) {
        int *top = &t->steps[t->nsteps - 1];
        int take = *top < k ? *top : k;
        *top -= take;
        k -= take;
        if (*top == 0) t->nsteps--;
    }
}

/* Plays a pass for the side to move when it is not side's turn; the
 * plies played (0 or 1), -1 when no pass is legal. */
static int pass_for_other(gtp *t, int side)
{
    if (qp_game_to_move(&t->g) == side) return 0;
    char err[QP_ERR];
    return qp_game_play_text(&t->g, "pass", err, sizeof err) ? -1 : 1;
}

/* ---- genmove -------------------------------------------------------------- */

/* The time for one move, 0 for none (no clock, or time_settings 0 0 0:
 * no limit).  In byo-yomi: the period's time over its stones; in main
 * time: a share of it for the moves still to come (a third of the empty
 * points, at least ten) plus most of a byo-yomi stone's time. */
static int move_budget_ms(const gtp *t, int side)
{
    if (!t->timed || (t->main_ms == 0 && t->byo_ms == 0)) return 0;
    long long left = t->left_known[side] ? t->left_ms[side] : t->main_ms;
    int stones = t->left_known[side] ? t->left_stones[side] : 0;
    long long ms;
    if (stones > 0) {
        ms = left / stones;
    } else {
        int8_t col[QP_MAX_POINTS];
        qp_stone_colours(t->r, t->g.cur, col);
        int empty = 0;
        for (int i = 0; i < t->r->geom.n; i++) empty += col[i] < 0;
        int to_come = empty / 3 > 10 ? empty / 3 : 10;
        ms = left / to_come;
        if (t->byo_ms > 0 && t->byo_stones > 0) ms += t->byo_ms / t->byo_stones * 3 / 4;
        else if (t->byo_ms > 0) ms += t->byo_ms * 3 / 4;
    }
    ms = ms * 9 / 10 - 50;   /* the controller's and the pipe's share */
    if (ms < 10) ms = 10;
    if (ms > 1000000000LL) ms = 1000000000LL;
    return (int)ms;
}

/* The thread of a genmove: waits for the search, plays its move (or the
 * pass guard's) and answers it. */
static void *think_main(void *arg)
{
    gtp *t = arg;
    qp_search_info info;
    memset(&info, 0, sizeof info);
    qp_move m = qp_ai_wait(t->s, &info);
    char text[QP_MOVE_TEXT] = "pass", v[QP_MOVE_TEXT];
    if (qp_score_is_mate(info.score) && info.score < 0 && m != QP_MOVE_NONE) {
        if (t->gen_plies) steps_push(t, t->gen_plies);   /* the pass put in */
        respond(t, t->gen_id, true, "resign");
        return NULL;
    }
    if (t->area) m = qp_pass_guard(t->r, &t->g, m, t->cleanup);
    if (m != QP_MOVE_NONE) {
        t->r->rs->move_text(t->r, t->g.cur, m, text, sizeof text);
        qp_game_play(&t->g, m);
        t->gen_plies++;
    } else {
        char err[QP_ERR];
        if (qp_game_play_text(&t->g, "pass", err, sizeof err) == 0) t->gen_plies++;
    }
    if (t->gen_plies) steps_push(t, t->gen_plies);
    if (!vertex_out(text, v, sizeof v)) snprintf(v, sizeof v, "%s", text);
    respond(t, t->gen_id, true, "%s", v);
    return NULL;
}

/* Waits for a running genmove (stopping it first when stop). */
static void finish(gtp *t, bool stop)
{
    if (!t->th_live) return;
    if (stop) qp_ai_stop(t->s);
    pthread_join(t->th, NULL);
    t->th_live = false;
}

static void do_genmove(gtp *t, const char *id, char **arg, int n, bool cleanup)
{
    int side = n >= 1 ? parse_color(arg[0]) : -1;
    if (n != 1 || side < 0) {
        respond(t, id, false, n == 1 ? "invalid color" : "syntax error");
        return;
    }
    resume_after_passes(t);
    qp_outcome o;
    qp_game_outcome(&t->g, &o);
    if (o.result != QP_ONGOING) {
        respond(t, id, true, "pass");
        return;
    }
    int added = pass_for_other(t, side);
    if (added < 0) {
        respond(t, id, false, "%s cannot move now", side ? "white" : "black");
        return;
    }
    qp_game_outcome(&t->g, &o);
    if (o.result != QP_ONGOING) {   /* the pass put in ended it */
        qp_game_undo(&t->g);
        respond(t, id, true, "pass");
        return;
    }
    qp_search_limits lim = {0};
    lim.movetime_ms = move_budget_ms(t, side);
    lim.level = t->level;
    lim.seed = t->seed++;
    if (t->playouts) {
        lim.nodes = t->playouts;
        lim.movetime_ms = 0;
        lim.level = 0;
    } else if (!lim.movetime_ms && t->level >= 10) {
        lim.movetime_ms = GTP_DEFAULT_MS;
    }
    snprintf(t->gen_id, sizeof t->gen_id, "%s", id ? id : "");
    t->gen_plies = added;
    t->cleanup = cleanup;
    if (qp_ai_start(t->s, &t->g, &lim, NULL, NULL) != 0) {
        if (added) qp_game_undo(&t->g);
        respond(t, id, false, "cannot start the search");
        return;
    }
    if (pthread_create(&t->th, NULL, think_main, t) != 0) {
        qp_ai_stop(t->s);
        think_main(t);
        return;
    }
    t->th_live = true;
}

/* ---- commands -------------------------------------------------------------- */

typedef struct gtp_cmd {
    const char *name;
    void (*fn)(gtp *t, const char *id, char **arg, int n);
} gtp_cmd;

static const gtp_cmd *find_cmd(const char *name);
static void list_commands(gtp *t, const char *id);

static void c_protocol_version(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    respond(t, id, true, "2");
}

static void c_name(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    respond(t, id, true, "qipan");
}

static void c_version(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
#ifdef QP_VERSION
    respond(t, id, true, "%s", QP_VERSION);
#else
    respond(t, id, true, "0.1");
#endif
}

static void c_known_command(gtp *t, const char *id, char **a, int n)
{
    respond(t, id, true, "%s", n == 1 && find_cmd(a[0]) ? "true" : "false");
}

static void c_list_commands(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    list_commands(t, id);
}

static void c_quit(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    respond(t, id, true, "%s", "");
}

static void c_boardsize(gtp *t, const char *id, char **a, int n)
{
    long long size;
    char err[QP_ERR];
    if (n != 1 || !eng_parse_int(a[0], &size)) {
        respond(t, id, false, "syntax error");
        return;
    }
    if (!qp_params_find(&t->r->params, "size")) {
        if (size == t->r->geom.w && size == t->r->geom.h) {
            qp_game_reset(&t->g);
            forget_record(t);
            t->nsteps = 0;
            respond(t, id, true, "%s", "");
        } else {
            respond(t, id, false, "unacceptable size");
        }
        return;
    }
    char v[32];
    snprintf(v, sizeof v, "%lld", size);
    if (size < 1 || size > 25 || change_param(t, "size", v, true, err, sizeof err)) {
        respond(t, id, false, "unacceptable size");
        return;
    }
    forget_record(t);
    respond(t, id, true, "%s", "");
}

static void c_clear_board(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    char err[QP_ERR];
    /* back to the rules' own start (a handicap's stones go too) */
    if (t->g.start_fen[0] && t->r->rs->fen_print) {
        qp_params p = t->r->params;
        qp_rules *r = qp_rules_create(t->r->rs, &p, err, sizeof err);
        if (!r || install(t, r, NULL, NULL, 0, err, sizeof err)) {
            respond(t, id, false, "%s", err);
            return;
        }
    }
    qp_game_reset(&t->g);
    qp_ai_clear(t->s);
    forget_record(t);
    t->nsteps = 0;
    respond(t, id, true, "%s", "");
}

static void c_komi(gtp *t, const char *id, char **a, int n)
{
    char err[QP_ERR];
    char *end;
    double k = n == 1 ? strtod(a[0], &end) : 0;
    if (n != 1 || end == a[0] || *end) {
        respond(t, id, false, "syntax error");
        return;
    }
    if (!qp_params_find(&t->r->params, "komi")) {   /* a game without komi */
        respond(t, id, true, "%s", "");
        return;
    }
    /* the game file takes half points: round to the nearest */
    double h = k * 2;
    long long halves = (long long)(h < 0 ? h - 0.5 : h + 0.5);
    if (halves < -2000 || halves > 2000) {
        respond(t, id, false, "komi %s out of range", a[0]);
        return;
    }
    char v[32];
    snprintf(v, sizeof v, "%s%lld%s", halves < 0 ? "-" : "", (halves < 0 ? -halves : halves) / 2,
             (halves < 0 ? -halves : halves) % 2 ? ".5" : "");
    if (change_param(t, "komi", v, false, err, sizeof err)) respond(t, id, false, "%s", err);
    else respond(t, id, true, "%s", "");
}

static void c_play(gtp *t, const char *id, char **a, int n)
{
    if (n != 2) {
        respond(t, id, false, "syntax error");
        return;
    }
    int side = parse_color(a[0]);
    char mt[QP_MOVE_TEXT], err[QP_ERR];
    if (side < 0) {
        respond(t, id, false, "invalid color");
        return;
    }
    if (!vertex_in(a[1], mt, sizeof mt) || (strcmp(mt, "pass") && qp_stone_point(t->r, mt) < 0)) {
        respond(t, id, false, "invalid vertex '%s'", a[1]);
        return;
    }
    /* a stone after two passes resumes the game; a third pass does not */
    if (strcmp(mt, "pass")) resume_after_passes(t);
    qp_outcome o;
    qp_game_outcome(&t->g, &o);
    if (o.result != QP_ONGOING) {
        respond(t, id, false, "illegal move: the game is over (%s)", o.reason);
        return;
    }
    int added = pass_for_other(t, side);
    if (added < 0 || qp_game_play_text(&t->g, mt, err, sizeof err)) {
        if (added > 0) qp_game_undo(&t->g);
        respond(t, id, false, "illegal move: %s", added < 0 ? "no pass for the other side" : err);
        return;
    }
    steps_push(t, added + 1);
    respond(t, id, true, "%s", "");
}

static void c_undo(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    if (t->nsteps == 0) {
        respond(t, id, false, "cannot undo");
        return;
    }
    int k = t->steps[--t->nsteps];
    for (int i = 0; i < k; i++) qp_game_undo(&t->g);
    /* undo leaves a redo tail: a new move drops it */
    respond(t, id, true, "%s", "");
}

static void c_final_score(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    int area[2], komi2;
    if (!qp_sgf_area(t->r, t->g.cur, area, &komi2)) {
        respond(t, id, false, "cannot score: %s reports no area score", t->r->rs->name);
        return;
    }
    char s[32];
    qp_sgf_score_text(2 * (area[0] - area[1]) - komi2, s, sizeof s);
    respond(t, id, true, "%s", s);
}

static bool parse_nonneg(const char *s, long long *v) { return eng_parse_int(s, v) && *v >= 0; }

static void c_time_settings(gtp *t, const char *id, char **a, int n)
{
    long long m, b, st;
    if (n != 3 || !parse_nonneg(a[0], &m) || !parse_nonneg(a[1], &b) || !parse_nonneg(a[2], &st)) {
        respond(t, id, false, "syntax error");
        return;
    }
    t->timed = true;
    t->main_ms = m * 1000;
    t->byo_ms = b * 1000;
    t->byo_stones = (int)(st > 100000 ? 100000 : st);
    t->left_known[0] = t->left_known[1] = false;
    respond(t, id, true, "%s", "");
}

static void c_time_left(gtp *t, const char *id, char **a, int n)
{
    long long sec, st;
    int side = n == 3 ? parse_color(a[0]) : -1;
    if (n != 3 || side < 0 || !parse_nonneg(a[1], &sec) || !parse_nonneg(a[2], &st)) {
        respond(t, id, false, "syntax error");
        return;
    }
    t->timed = true;
    t->left_known[side] = true;
    t->left_ms[side] = sec * 1000;
    t->left_stones[side] = (int)(st > 100000 ? 100000 : st);
    respond(t, id, true, "%s", "");
}

static void c_showboard(gtp *t, const char *id, char **a, int n)
{
    (void)a, (void)n;
    const qp_rules *r = t->r;
    int8_t col[QP_MAX_POINTS];
    qp_stone_colours(r, t->g.cur, col);
    char buf[8192], head[128];
    size_t k = 0, h = 0;
    h += (size_t)snprintf(head + h, sizeof head - h, "   ");
    for (int x = 0; x < r->geom.w && x < 25; x++) h += (size_t)snprintf(head + h, sizeof head - h, " %c", gtp_letters[x]);
    k += (size_t)snprintf(buf + k, sizeof buf - k, "\n%s\n", head);
    for (int y = r->geom.h - 1; y >= 0; y--) {
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%2d ", y + 1);
        for (int x = 0; x < r->geom.w && x < 25; x++) {
            int c = col[y * r->geom.w + x];
            k += (size_t)snprintf(buf + k, sizeof buf - k, " %c", c == 0 ? 'X' : c == 1 ? 'O' : '.');
        }
        k += (size_t)snprintf(buf + k, sizeof buf - k, " %d\n", y + 1);
    }
    k += (size_t)snprintf(buf + k, sizeof buf - k, "%s\n", head);
    int to_move = qp_game_to_move(&t->g);
    k += (size_t)snprintf(buf + k, sizeof buf - k, "%s to move", to_move ? "white (O)" : "black (X)");
    if (r->rs->status_text) {
        char st[256] = "";
        r->rs->status_text(r, t->g.cur, st, sizeof st);
        if (st[0]) snprintf(buf + k, sizeof buf - k, "\n%s", st);
    }
    respond(t, id, true, "%s", buf);
}

/* Handicap points: the 4-4 points (3-3 below 13x13), the sides' middle
 * points and the centre, in the order GTP's fixed_handicap gives them. */
static int handicap_points(int size, int count, int *pts)
{
    int e = size >= 13 ? 3 : 2, lo = e, hi = size - 1 - e, mid = size / 2;
    if (size < 7 || count < 2 || count > 9 || (size % 2 == 0 && count > 4) || (size == 7 && count > 4)) return -1;
    int xy[9][2] = {{lo, lo}, {hi, hi}, {lo, hi}, {hi, lo}, {lo, mid}, {hi, mid}, {mid, lo}, {mid, hi}, {mid, mid}};
    static const int order[10][9] = {
        {0}, {0}, {0, 1}, {0, 1, 2}, {0, 1, 2, 3}, {0, 1, 2, 3, 8},
        {0, 1, 2, 3, 4, 5}, {0, 1, 2, 3, 4, 5, 8}, {0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 5, 6, 7, 8}};
    for (int i = 0; i < count; i++) pts[i] = xy[order[count][i]][1] * size + xy[order[count][i]][0];
    return count;
}

/* Starts the game from black's stones at pts, white to move. */
static int set_handicap(gtp *t, const int *pts, int count, char *err, size_t errn)
{
    const qp_rules *r = t->r;
    int w = r->geom.w, h = r->geom.h;
    int8_t col[QP_MAX_POINTS];
    qp_stone_colours(r, t->g.cur, col);
    for (int i = 0; i < r->geom.n; i++)
        if (col[i] >= 0 || t->g.cursor) {
            snprintf(err, errn, "board not empty");
            return -1;
        }
    for (int i = 0; i < count; i++) col[pts[i]] = 0;
    char fen[1024];
    size_t k = 0;
    for (int y = h - 1; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < w; x++) {
            if (col[y * w + x] < 0) {
                run++;
                continue;
            }
            if (run) k += (size_t)snprintf(fen + k, sizeof fen - k, "%d", run);
            run = 0;
            k += (size_t)snprintf(fen + k, sizeof fen - k, "X");
        }
        if (run) k += (size_t)snprintf(fen + k, sizeof fen - k, "%d", run);
        if (y) k += (size_t)snprintf(fen + k, sizeof fen - k, "/");
    }
    snprintf(fen + k, sizeof fen - k, " b 1");   /* the FEN's "b": the second side, white */
    qp_params p = r->params;
    qp_rules *nr = qp_rules_create(r->rs, &p, err, errn);
    if (!nr) return -1;
    if (install(t, nr, fen, NULL, 0, err, errn)) return -1;
    forget_record(t);
    t->nsteps = 0;
    return 0;
}

static void c_fixed_handicap(gtp *t, const char *id, char **a, int n)
{
    long long count;
    int pts[9];
    char err[QP_ERR];
    if (n != 1 || !eng_parse_int(a[0], &count)) {
        respond(t, id, false, "syntax error");
        return;
    }
    if (!t->area || t->r->geom.w != t->r->geom.h || count < 2 || count > 9 ||
        handicap_points(t->r->geom.w, (int)count, pts) < 0) {
        respond(t, id, false, "invalid handicap");
        return;
    }
    if (set_handicap(t, pts, (int)count, err, sizeof err)) {
        respond(t, id, false, "%s", err);
        return;
    }
    char out[256] = "";
    size_t k = 0;
    for (int i = 0; i < count; i++) {
        char q[16], v[16];
        snprintf(q, sizeof q, "%c%d", 'a' + pts[i] % t->r->geom.w, pts[i] / t->r->geom.w + 1);
        vertex_out(q, v, sizeof v);
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%s", k ? " " : "", v);
    }
    respond(t, id, true, "%s", out);
}

static void c_set_free_handicap(gtp *t, const char *id, char **a, int n)
{
    int pts[QP_MAX_POINTS];
    char err[QP_ERR];
    if (!t->area || n < 2 || n >= t->r->geom.n) {
        respond(t, id, false, n < 2 ? "invalid handicap" : "syntax error");
        return;
    }
    for (int i = 0; i < n; i++) {
        char mt[16];
        pts[i] = vertex_in(a[i], mt, sizeof mt) ? qp_stone_point(t->r, mt) : -1;
        for (int j = 0; j < i && pts[i] >= 0; j++)
            if (pts[j] == pts[i]) pts[i] = -1;
        if (pts[i] < 0) {
            respond(t, id, false, "bad vertex list: '%s'", a[i]);
            return;
        }
    }
    if (set_handicap(t, pts, n, err, sizeof err)) respond(t, id, false, "%s", err);
    else respond(t, id, true, "%s", "");
}

/* loadsgf FILE [N]: the game of an SGF file (any record qipan reads, of
 * this game), up to before its move N (all of it without N). */
static void c_loadsgf(gtp *t, const char *id, char **a, int n)
{
    long long upto = -1;
    char err[QP_ERR * 2];
    if (n < 1 || n > 2 || (n == 2 && (!eng_parse_int(a[1], &upto) || upto < 1))) {
        respond(t, id, false, "syntax error");
        return;
    }
    qp_rules *r;
    qp_game g;
    qp_record rec;
    if (qp_record_load_keep(&t->app->reg, a[0], &r, &g, &rec, err, sizeof err)) {
        respond(t, id, false, "cannot load file: %s", err);
        return;
    }
    if (r->rs != t->r->rs) {
        respond(t, id, false, "cannot load file: %s is a game of %s, not %s", a[0], r->rs->name, t->r->rs->name);
        qp_record_free(&rec);
        qp_game_free(&g);
        qp_rules_free(r);
        return;
    }
    int plies = upto > 0 && upto - 1 < g.len ? (int)upto - 1 : g.len;
    char (*moves)[QP_MOVE_TEXT] = plies ? malloc(sizeof *moves * (size_t)plies) : NULL;
    for (int i = 0; moves && i < plies; i++) qp_game_move_text(&g, i, moves[i], QP_MOVE_TEXT);
    char fen[sizeof g.start_fen];
    snprintf(fen, sizeof fen, "%s", g.start_fen);
    qp_game_free(&g);
    if ((plies && !moves) || install(t, r, fen[0] ? fen : NULL, moves, plies, err, sizeof err)) {
        respond(t, id, false, "cannot load file: %s", plies && !moves ? "out of memory" : err);
        qp_record_free(&rec);
        free(moves);
        return;
    }
    free(moves);
    forget_record(t);
    t->src = rec;
    t->has_src = true;
    t->nsteps = 0;
    for (int i = 0; i < plies; i++) steps_push(t, 1);
    respond(t, id, true, "%s", qp_game_to_move(&t->g) ? "white" : "black");
}

/* printsgf [FILE]: the game as SGF, written to FILE or answered. */
static void c_printsgf(gtp *t, const char *id, char **a, int n)
{
    char err[QP_ERR * 2];
    size_t len;
    if (n > 1) {
        respond(t, id, false, "syntax error");
        return;
    }
    char *text = qp_sgf_write(&t->g, t->has_src ? &t->src : NULL, &len, err, sizeof err);
    if (!text) {
        respond(t, id, false, "%s", err);
        return;
    }
    if (n == 1) {
        if (qp_file_save(a[0], text, len, err, sizeof err)) respond(t, id, false, "%s", err);
        else respond(t, id, true, "%s", "");
    } else {
        while (len && text[len - 1] == '\n') text[--len] = 0;   /* the answer's own end */
        respond(t, id, true, "%s", text);
    }
    free(text);
}

/* genmove and kgs-genmove_cleanup answer from their thread. */
static void c_genmove(gtp *t, const char *id, char **a, int n) { do_genmove(t, id, a, n, false); }
static void c_genmove_cleanup(gtp *t, const char *id, char **a, int n) { do_genmove(t, id, a, n, true); }

static const gtp_cmd gtp_cmds[] = {
    {"protocol_version", c_protocol_version},
    {"name", c_name},
    {"version", c_version},
    {"known_command", c_known_command},
    {"list_commands", c_list_commands},
    {"quit", c_quit},
    {"boardsize", c_boardsize},
    {"clear_board", c_clear_board},
    {"komi", c_komi},
    {"play", c_play},
    {"genmove", c_genmove},
    {"kgs-genmove_cleanup", c_genmove_cleanup},
    {"undo", c_undo},
    {"final_score", c_final_score},
    {"time_settings", c_time_settings},
    {"time_left", c_time_left},
    {"showboard", c_showboard},
    {"fixed_handicap", c_fixed_handicap},
    {"set_free_handicap", c_set_free_handicap},
    {"loadsgf", c_loadsgf},
    {"printsgf", c_printsgf},
};
#define GTP_NCMDS (sizeof gtp_cmds / sizeof gtp_cmds[0])

static const gtp_cmd *find_cmd(const char *name)
{
    for (size_t i = 0; i < GTP_NCMDS; i++)
        if (!strcmp(gtp_cmds[i].name, name)) return &gtp_cmds[i];
    return NULL;
}

static void list_commands(gtp *t, const char *id)
{
    char buf[2048];
    size_t k = 0;
    for (size_t i = 0; i < GTP_NCMDS; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? "\n" : "", gtp_cmds[i].name);
    respond(t, id, true, "%s", buf);
}

/* ---- the session ---------------------------------------------------------- */

/* GTP's preprocessing, in place: control characters other than tab and
 * newline removed, tabs made spaces, a "#" comment dropped. */
static void preprocess(char *line)
{
    char *w = line;
    for (char *p = line; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '#') break;
        if (c == '\t') c = ' ';
        else if (c < 32 || c == 127) continue;
        *w++ = (char)c;
    }
    *w = 0;
}

/* Whether the game's moves are points or a pass (GTP can name them). */
static bool point_moves(const qp_rules *r, const qp_game *g)
{
    if (r->nsides != 2) return false;
    qp_move *m = malloc(sizeof *m * QP_MAX_MOVES);
    if (!m) return false;
    int n = qp_game_moves(g, m);
    bool ok = n > 0;
    for (int i = 0; i < n && ok; i++) {
        char text[QP_MOVE_TEXT], v[QP_MOVE_TEXT];
        r->rs->move_text(r, g->cur, m[i], text, sizeof text);
        ok = vertex_out(text, v, sizeof v) && (!strcmp(text, "pass") || qp_stone_point(r, text) >= 0);
    }
    free(m);
    return ok;
}

int cmd_gtp(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos > 1) {
        fprintf(stderr, "qipan gtp: one ruleset at most, got '%s'\n", o.pos[1]);
        return 2;
    }
    gtp t;
    memset(&t, 0, sizeof t);
    t.app = app;
    t.level = o.has_level ? o.level : 10;
    if (t.level < 1 || t.level > 10) {
        fprintf(stderr, "qipan gtp: --level must be 1..10, got %d\n", t.level);
        return 2;
    }
    t.playouts = o.playouts > 0 ? (uint64_t)o.playouts : 0;
    t.seed = o.has_seed ? o.seed : (uint64_t)time(NULL);
    pthread_mutex_init(&t.mu, NULL);
    const char *name = o.npos ? o.pos[0] : GTP_START_RULES;
    qp_rules *r = qp_app_open_rules(app, name, o.config);
    if (!r) return 1;
    long long th = qp_param_int(&r->params, "ai.threads");
    t.threads = o.threads ? o.threads : th > 0 ? (int)th : 1;
    char err[QP_ERR];
    if (install(&t, r, NULL, NULL, 0, err, sizeof err)) {
        fprintf(stderr, "qipan gtp: %s\n", err);
        return 1;
    }
    if (!point_moves(t.r, &t.g)) {
        fprintf(stderr, "qipan gtp: %s's moves are not single points: GTP cannot name them\n", t.r->rs->name);
        qp_ai_free(t.s);
        qp_game_free(&t.g);
        qp_rules_free(t.r);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);

    char *line = NULL, *tok[64];
    size_t cap = 0;
    long len;
    bool quit = false;
    while (!quit && (len = eng_read_line(stdin, &line, &cap, GTP_MAX_LINE)) != -1) {
        if (len < 0) {
            finish(&t, false);
            respond(&t, NULL, false, "%s", len == -2 ? "line too long" : "line with a NUL byte");
            continue;
        }
        preprocess(line);
        int n = 0;
        eng_words c = {line};
        for (char *w = eng_word(&c); w && n < 64; w = eng_word(&c)) tok[n++] = w;
        if (n == 0) continue;
        const char *id = NULL;
        if (isdigit((unsigned char)tok[0][0]) && strspn(tok[0], "0123456789") == strlen(tok[0]) &&
            strlen(tok[0]) < 20) {
            id = tok[0];
            if (n == 1) {
                respond(&t, id, false, "no command");
                continue;
            }
        }
        char **arg = tok + (id ? 1 : 0);
        int na = n - (id ? 1 : 0);
        /* quit stops a genmove at once; anything else waits for its move */
        quit = !strcmp(arg[0], "quit");
        finish(&t, quit);
        const gtp_cmd *cmd = find_cmd(arg[0]);
        if (!cmd) respond(&t, id, false, "unknown command");
        else cmd->fn(&t, id, arg + 1, na - 1);
    }
    finish(&t, true);   /* the end of input: no search outlives it */
    free(line);
    free(t.steps);
    forget_record(&t);
    qp_ai_free(t.s);
    qp_game_free(&t.g);
    qp_rules_free(t.r);
    pthread_mutex_destroy(&t.mu);
    return 0;
}
