/*
 * net_cmd.c — `qipan host` and `qipan join`: one seat of a network game
 * (net_session.h), played on stdin/stdout like `qipan console` or by the
 * engine (--ai).
 *
 * One event loop polls the connection and stdin; the engine thinks on its
 * own thread (qp_search_start), so pings, chat and the clocks go on while
 * it does.  Exit status: 0 the game ended, 1 refused or cannot connect,
 * 2 bad usage, 3 adjourned (the opponent did not come back, or we left).
 */
#include "app.h"
#include "library.h"
#include "console.h"
#include "net_session.h"
#include "search.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NC_EXIT_ADJOURNED 3
#define NC_DEFAULT_WAIT_S 60

typedef struct nc_opts {
    const char *ruleset, *config, *fen, *code, *side, *time, *save, *bind, *target, *on_absent;
    int port, level, depth, wait_s;
    bool ai, ascii, flip, has_level, has_depth, has_port;
} nc_opts;

/* Invariant: s is the session; search, when non-NULL, was made for the
 * session's rules. */
typedef struct nc_seat {
    qp_app *app;
    const nc_opts *o;
    ns_session *s;
    con_style style;
    bool echo;
    qp_search *search;
    bool searching;
    int search_len;            /* record length the search started from */
    char in[NP_MAX_LINE];
    size_t inlen;
    bool in_open, in_skip;
    bool leave_pending;        /* stdin ended: leave at our next turn */
    char *queue;               /* complete lines not handled yet, each ending in LF */
    size_t qlen, qcap;
    int prompted_len;          /* record length at the last prompt; -1: none */
    FILE *out;
} nc_seat;

/* ---- options ----------------------------------------------------------- */

static int num_arg(const char *opt, const char *v, int lo, int hi, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < lo || n > hi) {
        fprintf(stderr, "qipan: %s needs a number %d..%d, got '%s'\n", opt, lo, hi, v);
        return -1;
    }
    *out = (int)n;
    return 0;
}

static const char host_usage[] =
    "usage: qipan host RULESET [--config FILE] [--fen FEN] [--port N] [--bind ADDR] [--code CODE]\n"
    "                  [--side red|black|random] [--time BASE+INC] [--ai] [--level N] [--depth N]\n"
    "                  [--save FILE] [--reconnect-wait SECONDS] [--on-absent loss|adjourn] [--ascii] [--flip]\n";
static const char join_usage[] =
    "usage: qipan join HOST:PORT --code CODE [RULESET] [--config FILE] [--fen FEN] [--ai] [--level N]\n"
    "                  [--depth N] [--save FILE] [--reconnect-wait SECONDS] [--ascii] [--flip]\n";

/* Returns 0, -1 (bad usage, printed) or 1 (--help printed). */
static int parse_opts(nc_opts *o, bool host, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->port = NS_DEFAULT_PORT;
    o->wait_s = NC_DEFAULT_WAIT_S;
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(host ? host_usage : join_usage, stdout);
            return 1;
        }
        if (!strcmp(a, "--ai")) { o->ai = true; continue; }
        if (!strcmp(a, "--ascii")) { o->ascii = true; continue; }
        if (!strcmp(a, "--flip")) { o->flip = true; continue; }
        if (strncmp(a, "--", 2)) {
            /* host: RULESET; join: HOST:PORT [RULESET] */
            if (host ? npos >= 1 : npos >= 2) {
                fprintf(stderr, "qipan: unexpected argument '%s'\n", a);
                return -1;
            }
            if (!host && npos == 0) o->target = a;
            else o->ruleset = a;
            npos++;
            continue;
        }
        static const char *const valued[] = {"--config", "--fen", "--code", "--save", "--level", "--depth",
                                             "--reconnect-wait", "--port", "--side", "--time", "--bind",
                                             "--on-absent", NULL};
        int k = 0;
        while (valued[k] && strcmp(valued[k], a)) k++;
        if (!valued[k] || (!host && k >= 7)) {
            fprintf(stderr, "qipan: unknown option '%s'\n", a);
            return -1;
        }
        if (i + 1 >= argc || !argv[i + 1][0]) {
            fprintf(stderr, "qipan: %s needs a value\n", a);
            return -1;
        }
        const char *v = argv[++i];
        switch (k) {
        case 0: o->config = v; break;
        case 1: o->fen = v; break;
        case 2: o->code = v; break;
        case 3: o->save = v; break;
        case 4: if (num_arg(a, v, 1, 10, &o->level)) return -1; o->has_level = true; break;
        case 5: if (num_arg(a, v, 1, 64, &o->depth)) return -1; o->has_depth = true; break;
        case 6: if (num_arg(a, v, 0, 86400, &o->wait_s)) return -1; break;
        case 7: if (num_arg(a, v, 0, 65535, &o->port)) return -1; o->has_port = true; break;
        case 8: o->side = v; break;
        case 9: o->time = v; break;
        case 10: o->bind = v; break;
        case 11: o->on_absent = v; break;
        }
    }
    if (!host && !o->target) {
        fputs(join_usage, stderr);
        return -1;
    }
    if (!host && !o->code) {
        fprintf(stderr, "qipan: join needs the host's --code\n");
        return -1;
    }
    return 0;
}

/* "5+3": 5 minutes and 3 seconds a move; "90s+2" and "1.5m+0" also do. */
static int parse_time(const char *t, long long *base, long long *inc)
{
    char *end;
    double b = strtod(t, &end);
    double unit = 60000;
    if (end == t || b < 0) return -1;
    if (*end == 's') unit = 1000, end++;
    else if (*end == 'm') end++;
    if (*end != '+') return -1;
    const char *p = end + 1;
    double i = strtod(p, &end);
    if (end == p || i < 0) return -1;
    if (*end == 's') end++;
    if (*end || b * unit > NP_MAX_MS || i * 1000 > NP_MAX_MS || b * unit < 1000) return -1;
    *base = (long long)(b * unit);
    *inc = (long long)(i * 1000);
    return 0;
}

/* "HOST:PORT", "[V6ADDR]:PORT" or "HOST" (the default port). */
static int parse_target(const char *t, char *host, size_t n, int *port)
{
    const char *colon;
    *port = NS_DEFAULT_PORT;
    if (t[0] == '[') {
        const char *close = strchr(t, ']');
        if (!close || close == t + 1) return -1;
        snprintf(host, n, "%.*s", (int)(close - t - 1), t + 1);
        colon = close[1] == ':' ? close + 1 : NULL;
        if (close[1] && !colon) return -1;
    } else {
        colon = strrchr(t, ':');
        if (colon && strchr(t, ':') != colon) colon = NULL;   /* a bare IPv6 address */
        snprintf(host, n, "%.*s", (int)(colon ? (size_t)(colon - t) : strlen(t)), t);
    }
    if (!host[0]) return -1;
    if (colon) {
        char *end;
        long p = strtol(colon + 1, &end, 10);
        if (!colon[1] || *end || p < 1 || p > 65535) return -1;
        *port = (int)p;
    }
    return 0;
}

static void random_bytes(unsigned char *b, size_t n)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    ssize_t k = fd >= 0 ? read(fd, b, n) : -1;
    if (fd >= 0) close(fd);
    if (k != (ssize_t)n) {   /* no urandom: weaker, but still a code */
        unsigned long long x = (unsigned long long)getpid() * 0x9E3779B97F4A7C15ull ^ (unsigned long long)time(NULL);
        for (size_t i = 0; i < n; i++) {
            x ^= x >> 33;
            x *= 0xff51afd7ed558ccdull;
            b[i] = (unsigned char)(x >> 56);
        }
    }
}

/* Six characters without look-alikes (no 0/O, 1/I). */
static void random_code(char *buf, size_t n)
{
    static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    unsigned char b[6];
    random_bytes(b, sizeof b);
    size_t k = 0;
    for (; k < sizeof b && k + 1 < n; k++) buf[k] = alphabet[b[k] % 32];
    buf[k] = 0;
}

static int parse_side(const qp_rules *r, const char *v, int *side)
{
    if (!v || !strcasecmp(v, "random")) {
        unsigned char b;
        random_bytes(&b, 1);
        *side = b & 1;
        if (!v) *side = 0;   /* no --side: the host plays first */
        return 0;
    }
    for (int k = 0; k < 2; k++)
        if (!strcasecmp(v, qp_side_name(r, k))) {
            *side = k;
            return 0;
        }
    /* the Xiangqi names for any two-sided game: red moves first */
    if (!strcasecmp(v, "red")) *side = 0;
    else if (!strcasecmp(v, "black")) *side = 1;
    else return -1;
    return 0;
}

/* ---- output ------------------------------------------------------------ */

static void say_move(nc_seat *c, int ply, int side)
{
    const qp_game *g = ns_game(c->s);
    char text[QP_MOVE_TEXT], nota[64] = "", who[32];
    qp_game_move_text(g, ply, text, sizeof text);
    if (g->r->rs->move_notation) qp_game_move_notation(g, ply, nota, sizeof nota);
    snprintf(who, sizeof who, "%s", qp_side_name(g->r, side));
    who[0] = (char)toupper((unsigned char)who[0]);
    if (nota[0]) fprintf(c->out, "%s plays %s (%s)\n", who, text, nota);
    else fprintf(c->out, "%s plays %s\n", who, text);
}

static void say_clock(nc_seat *c)
{
    char clk[128];
    ns_clock_text(c->s, clk, sizeof clk);
    if (clk[0]) fprintf(c->out, "clock: %s\n", clk);
}

static void show_board(nc_seat *c)
{
    const qp_game *g = ns_game(c->s);
    if (!c->o->ai && g) con_show_game(c->out, g->r, g, &c->style);
}

static const char *peer_name(nc_seat *c)
{
    const qp_game *g = ns_game(c->s);
    return g ? qp_side_name(g->r, 1 - ns_seat(c->s)) : "the opponent";
}

/* Prints what the session reports; the computer answers offers itself. */
static void drain_events(nc_seat *c)
{
    ns_event ev;
    char err[QP_ERR];
    while (ns_next_event(c->s, &ev)) {
        switch (ev.kind) {
        case NS_EV_LISTENING:
            fprintf(c->out, "listening on %s code %s\n", ev.text, c->o->code);
            fprintf(c->out, "the opponent joins with: qipan join %s --code %s\n", ev.text, c->o->code);
            break;
        case NS_EV_CONNECTED:
            fprintf(c->out, "%s\n", ev.text);
            show_board(c);
            break;
        case NS_EV_MOVE:
            say_move(c, ev.ply, ev.side);
            say_clock(c);
            if (ns_get_phase(c->s) == NS_PLAYING) show_board(c);
            break;
        case NS_EV_DRAW_OFFERED:
            fprintf(c->out, "%s offers a draw\n", peer_name(c));
            if (c->o->ai) {
                ns_answer_draw(c->s, false, err, sizeof err);
                fprintf(c->out, "the computer declines\n");
            } else {
                fprintf(c->out, "type accept or decline\n");
            }
            break;
        case NS_EV_DRAW_DECLINED:
            fprintf(c->out, "%s declines the draw\n", peer_name(c));
            break;
        case NS_EV_TAKEBACK_REQUESTED:
            fprintf(c->out, "%s asks to take back moves (back to ply %d)\n", peer_name(c), ev.ply);
            if (c->o->ai) {
                ns_answer_takeback(c->s, false, err, sizeof err);
                fprintf(c->out, "the computer declines\n");
            } else {
                fprintf(c->out, "type accept or decline\n");
            }
            break;
        case NS_EV_TAKEBACK_DONE:
            fprintf(c->out, "moves taken back: the game is at ply %d\n", ev.ply);
            show_board(c);
            break;
        case NS_EV_TAKEBACK_DECLINED:
            fprintf(c->out, "%s declines the takeback\n", peer_name(c));
            break;
        case NS_EV_CHAT:
            fprintf(c->out, "%s says: %s\n", peer_name(c), ev.text);
            break;
        case NS_EV_LOST:
            fprintf(c->out, "%s\n", ev.text);
            break;
        case NS_EV_INFO:
            fprintf(stderr, "qipan: net: %s\n", ev.text);
            break;
        case NS_EV_END:
            fprintf(c->out, "game over: %s\n", ev.text);
            break;
        case NS_EV_ADJOURNED:
            fprintf(c->out, "adjourned at ply %d: %s\n", ev.ply, ev.text);
            break;
        case NS_EV_FAILED:
            fprintf(stderr, "qipan: %s\n", ev.text);
            break;
        }
        c->prompted_len = -1;
    }
    fflush(c->out);
}

/* ---- the human seat ---------------------------------------------------- */

static bool my_turn(const nc_seat *c)
{
    const qp_game *g = ns_game(c->s);
    return g && ns_get_phase(c->s) == NS_PLAYING && qp_game_to_move(g) == ns_seat(c->s);
}

static void prompt(nc_seat *c)
{
    const qp_game *g = ns_game(c->s);
    if (c->o->ai || (!c->in_open && c->qlen == 0) || !my_turn(c) || c->prompted_len == g->len) return;
    c->prompted_len = g->len;
    fprintf(c->out, "%s> ", qp_side_name(g->r, ns_seat(c->s)));
    fflush(c->out);
}

static void help(nc_seat *c)
{
    fprintf(c->out, "Type a move as the game writes it when it is your turn, or a command:\n"
                    "  board moves history fen flip rules   as in qipan console\n"
                    "  resign       give up the game\n"
                    "  draw         offer a draw (or accept the opponent's offer)\n"
                    "  takeback     ask to take back your last move\n"
                    "  accept       accept the opponent's draw offer or takeback\n"
                    "  decline      decline it\n"
                    "  chat TEXT    a line for the opponent\n"
                    "  clock        the clocks\n"
                    "  quit         leave (the opponent may wait for you to come back)\n");
}

static void user_move(nc_seat *c, const char *line)
{
    const qp_game *g = ns_game(c->s);
    char err[QP_ERR] = "";
    qp_move m;
    if (!g || ns_get_phase(c->s) != NS_PLAYING) {
        fprintf(c->out, "no move now: %s\n",
                ns_get_phase(c->s) == NS_ABSENT ? "the opponent is away" : "the game is not on");
        return;
    }
    if (!my_turn(c)) {
        fprintf(c->out, "not your turn: %s to move\n", qp_side_name(g->r, qp_game_to_move(g)));
        return;
    }
    if (g->r->rs->move_parse(g->r, g->cur, line, &m, err, sizeof err) || !qp_move_is_legal(g->r, g->cur, m)) {
        if (!strncmp(err, "illegal move", 12)) fprintf(c->out, "%s\n", err);
        else fprintf(c->out, "illegal move '%s': %s\n", line, err[0] ? err : "not a legal move");
        return;
    }
    if (ns_play(c->s, m, err, sizeof err)) fprintf(c->out, "%s\n", err);
}

static void user_line(nc_seat *c, char *line)
{
    char err[QP_ERR] = "";
    size_t n = strlen(line);
    while (n && isspace((unsigned char)line[n - 1])) line[--n] = 0;
    while (isspace((unsigned char)*line)) line++;
    if (c->echo) fprintf(c->out, "%s\n", line);
    c->prompted_len = -1;
    if (!*line) return;
    const qp_game *g = ns_game(c->s);
    int rc = 0;
    if (!strcmp(line, "help")) help(c);
    else if (!strcmp(line, "quit") || !strcmp(line, "exit")) ns_leave(c->s);
    else if (!strcmp(line, "resign")) rc = ns_resign(c->s, err, sizeof err);
    else if (!strcmp(line, "draw")) {
        bool answering = ns_draw_offered(c->s);
        rc = ns_offer_draw(c->s, err, sizeof err);
        if (!rc && !answering) fprintf(c->out, "draw offered\n");
    } else if (!strcmp(line, "takeback")) {
        rc = ns_request_takeback(c->s, err, sizeof err);
        if (!rc) fprintf(c->out, "takeback requested\n");
    } else if (!strcmp(line, "accept") || !strcmp(line, "decline")) {
        bool yes = line[0] == 'a';
        if (ns_draw_offered(c->s)) rc = ns_answer_draw(c->s, yes, err, sizeof err);
        else if (ns_takeback_requested(c->s, NULL)) rc = ns_answer_takeback(c->s, yes, err, sizeof err);
        else rc = -1, snprintf(err, sizeof err, "nothing to %s", line);
    } else if (!strncmp(line, "chat", 4) && (!line[4] || line[4] == ' ')) {
        rc = ns_chat(c->s, line[4] ? line + 5 : "", err, sizeof err);
    } else if (!strcmp(line, "clock")) {
        if (ns_timed(c->s)) say_clock(c);
        else fprintf(c->out, "this game has no clocks\n");
    } else if (g && con_view_command(c->out, g->r, g, &c->style, line)) {
    } else {
        user_move(c, line);
    }
    if (rc) fprintf(c->out, "%s\n", err);
    fflush(c->out);
}

/* A line that is no command is a move (or a typo, which the ruleset names). */
static bool is_move_line(const char *line)
{
    static const char *const words[] = {"help", "quit", "exit", "resign", "draw", "takeback", "accept",
                                        "decline", "chat", "clock", "board", "moves", "history",
                                        "fen", "flip", "rules", NULL};
    while (isspace((unsigned char)*line)) line++;
    size_t k = strcspn(line, " \t\r\n");
    if (k == 0) return false;
    for (int i = 0; words[i]; i++)
        if (strlen(words[i]) == k && !strncmp(words[i], line, k)) return false;
    return true;
}

/* Handles queued lines.  Read from a file or a pipe (not a terminal), a
 * move waits for our turn, so a whole game can be fed in advance, as
 * `qipan console` reads one line per prompt; commands go at once. */
static void feed(nc_seat *c)
{
    while (c->qlen > 0) {
        char *nl = memchr(c->queue, '\n', c->qlen);
        size_t n = (size_t)(nl - c->queue);
        char line[NP_MAX_LINE];
        snprintf(line, sizeof line, "%.*s", (int)n, c->queue);
        ns_phase ph = ns_get_phase(c->s);
        bool waiting = ph == NS_WAITING || ph == NS_PLAYING || ph == NS_ABSENT;
        if (c->echo && waiting && !my_turn(c) && is_move_line(line)) return;
        if (c->echo && ns_game(c->s)) prompt(c);
        memmove(c->queue, c->queue + n + 1, c->qlen - n - 1);
        c->qlen -= n + 1;
        user_line(c, line);
        drain_events(c);
    }
}

static void enqueue(nc_seat *c, const char *line, size_t n)
{
    if (c->qlen + n + 1 > (1u << 20)) {
        fprintf(c->out, "too much input ahead: line ignored\n");
        return;
    }
    if (c->qlen + n + 1 > c->qcap) {
        size_t cap = c->qcap ? c->qcap * 2 : 4096;
        while (cap < c->qlen + n + 1) cap *= 2;
        char *q = realloc(c->queue, cap);
        if (!q) return;
        c->queue = q;
        c->qcap = cap;
    }
    memcpy(c->queue + c->qlen, line, n);
    c->queue[c->qlen + n] = '\n';
    c->qlen += n + 1;
}

static void read_stdin(nc_seat *c)
{
    char buf[4096];
    ssize_t k = read(0, buf, sizeof buf);
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (k <= 0) {
        c->in_open = false;
        if (c->inlen) enqueue(c, c->in, c->inlen);
        c->inlen = 0;
        /* the end of input leaves the game, as `quit` does, once the
         * lines before it are handled and it is our turn again */
        c->leave_pending = true;
        return;
    }
    for (ssize_t i = 0; i < k; i++) {
        if (buf[i] == '\n') {
            if (!c->in_skip) enqueue(c, c->in, c->inlen);
            c->inlen = 0;
            c->in_skip = false;
        } else if (c->inlen + 1 < sizeof c->in) {
            c->in[c->inlen++] = buf[i];
        } else if (!c->in_skip) {
            fprintf(c->out, "line too long: ignored\n");
            c->in_skip = true;
            c->inlen = 0;
        }
    }
}

/* ---- the computer seat ------------------------------------------------- */

static void ai_step(nc_seat *c)
{
    const qp_game *g = ns_game(c->s);
    char err[QP_ERR];
    if (c->searching) {
        qp_search_info info;
        bool stale = !my_turn(c) || g->len != c->search_len;
        if (stale) qp_search_stop(c->search);
        if (!qp_search_poll(c->search, &info)) return;
        c->searching = false;
        if (stale || !my_turn(c) || g->len != c->search_len) return;   /* the game moved on */
        if (info.best == QP_MOVE_NONE || ns_play(c->s, info.best, err, sizeof err)) {
            fprintf(c->out, "the computer found no move: it resigns\n");
            ns_resign(c->s, err, sizeof err);
        }
        return;
    }
    if (!my_turn(c)) return;
    if (!c->search) {
        long long mb = qp_param_int(&g->r->params, "ai.hash_mb");
        c->search = qp_search_new(g->r, (size_t)(mb > 0 ? mb : 16));
        if (!c->search) {
            fprintf(stderr, "qipan: the computer player could not start (out of memory)\n");
            ns_leave(c->s);
            return;
        }
    }
    qp_search_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.seed = 0x9E3779B97F4A7C15ull ^ (uint64_t)g->len;   /* the console's: reproducible games */
    if (c->o->has_depth) {
        lim.depth = c->o->depth;
    } else {
        long long l = qp_param_int(&g->r->params, "ai.level");
        lim.level = c->o->has_level ? c->o->level : l >= 1 && l <= 10 ? (int)l : 5;
        lim.movetime_ms = (int)qp_param_int(&g->r->params, "ai.movetime_ms");
        if (lim.movetime_ms <= 0) lim.movetime_ms = 1000;
    }
    if (ns_timed(c->s)) {
        /* the clock bounds the thinking too: the time manager shares it out */
        lim.wtime = (int)ns_clock_ms(c->s, 0) + 1;
        lim.btime = (int)ns_clock_ms(c->s, 1) + 1;
        lim.movetime_ms = 0;
    }
    if (c->o->has_depth && c->o->has_level) lim.level = c->o->level;
    if (qp_search_start(c->search, g, &lim, NULL, NULL) == 0) {
        c->searching = true;
        c->search_len = g->len;
    }
}

/* ---- saving ------------------------------------------------------------ */

/* Creates path for us alone (0), or -1 when it exists or cannot be made;
 * the empty file keeps the name ours until the record replaces it. */
static int claim_name(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    close(fd);
    return 0;
}

/* The first free name beside path, numbered from first: "game-1.txt" for
 * "game.txt" (the number goes before the extension), "game-1" for "game".
 * 0 with the name claimed, or -1. */
static int beside(const char *path, int first, char *out, size_t n)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base) dot = base + strlen(base);
    for (int k = first; k < first + 1000; k++) {
        snprintf(out, n, "%.*s-%d%s", (int)(dot - path), path, k, dot);
        if (!claim_name(out)) return 0;
        if (errno != EEXIST) return -1;
    }
    return -1;
}

/* A place of our own for a game the named file could not take: a new
 * file of the game library (library.h), so `qipan library` lists it.
 * (The library's own writer cannot carry a result from outside the moves,
 * so ns_save writes the file.) */
static int fallback_path(const nc_seat *c, char *out, size_t n, char *err, size_t errn)
{
    return qp_library_reserve(ns_game(c->s)->r->rs->name, out, n, err, errn);
}

/* --save: the record goes to the file named, but never replaces a file
 * there for a game that did not start (the host left before anyone came:
 * the record would be empty), which goes beside it.  When the file
 * cannot be written, the game is kept in the game library.  Every
 * outcome says where the game is.  0, or -1 when the named file was not
 * written. */
static int save_game(nc_seat *c)
{
    char path[1100], err[QP_ERR * 2], err2[QP_ERR * 2];
    const char *want = c->o->save;
    struct stat sb;
    snprintf(path, sizeof path, "%s", want);
    bool moved = false;
    if (!ns_started(c->s) && lstat(want, &sb) == 0) {
        if (beside(want, 1, path, sizeof path)) {
            fprintf(stderr, "qipan: %s exists and the game did not start: not replaced, nor saved beside it\n", want);
            return -1;
        }
        moved = true;
    }
    if (!ns_save(c->s, path, err, sizeof err)) {
        if (moved) fprintf(c->out, "saved %s (%s exists and the game did not start)\n", path, want);
        else fprintf(c->out, "saved %s\n", path);
        return 0;
    }
    if (moved) unlink(path);   /* our empty claim */
    if (fallback_path(c, path, sizeof path, err2, sizeof err2)) {
        fprintf(stderr, "qipan: %s; the game could not be kept in the data folder either: %s\n", err, err2);
        return -1;
    }
    if (ns_save(c->s, path, err2, sizeof err2)) {
        unlink(path);
        fprintf(stderr, "qipan: %s; the game could not be kept in the data folder either: %s\n", err, err2);
        return -1;
    }
    fprintf(stderr, "qipan: %s; the game is kept in %s\n", err, path);
    return -1;
}

/* ---- the loop ---------------------------------------------------------- */

static int run(nc_seat *c)
{
    for (;;) {
        drain_events(c);
        if (ns_done(c->s) && !c->searching) break;
        feed(c);
        /* input ended: we leave when it is our turn and nothing is left to
         * say (until then the opponent may still end the game) */
        if (c->leave_pending && c->qlen == 0 && my_turn(c)) {
            c->leave_pending = false;
            ns_leave(c->s);
        }
        if (c->o->ai && ns_game(c->s)) ai_step(c);
        drain_events(c);
        if (ns_done(c->s) && !c->searching) break;
        if (ns_game(c->s)) prompt(c);
        struct pollfd p[NS_MAX_FDS + 1];
        int n = ns_pollfds(c->s, p);
        int in_at = -1;
        if (c->in_open && !c->o->ai) {
            in_at = n;
            p[n].fd = 0;
            p[n].events = POLLIN;
            p[n++].revents = 0;
        }
        int t = ns_timeout_ms(c->s);
        if (c->searching && t > 5) t = 5;
        if (poll(p, (nfds_t)n, t) < 0 && errno != EINTR) break;
        ns_after_poll(c->s, p, in_at >= 0 ? in_at : n);
        drain_events(c);   /* what the opponent did is shown before what we typed is read */
        if (in_at >= 0 && (p[in_at].revents & (POLLIN | POLLHUP | POLLERR))) read_stdin(c);
    }
    if (c->searching) {
        qp_search_stop(c->search);
        qp_search_wait(c->search, NULL);
    }
    ns_phase ph = ns_get_phase(c->s);
    int rc = ph == NS_OVER ? 0 : ph == NS_ADJOURNED ? NC_EXIT_ADJOURNED : 1;
    if (c->o->save && (ph == NS_OVER || ph == NS_ADJOURNED) && ns_game(c->s) && save_game(c)) rc = 1;
    fflush(c->out);
    return rc;
}

static int play_seat(qp_app *app, const nc_opts *o, ns_session *s)
{
    nc_seat c;
    memset(&c, 0, sizeof c);
    c.app = app;
    c.o = o;
    c.s = s;
    c.out = stdout;
    c.style.ascii = o->ascii;
    c.style.flip = o->flip;
    c.style.color = !o->ai && isatty(fileno(stdout)) && !getenv("NO_COLOR");
    c.echo = !isatty(0);
    c.in_open = !o->ai;
    c.prompted_len = -1;
    int rc = run(&c);
    if (c.search) qp_search_free(c.search);
    free(c.queue);
    return rc;
}

static int absent_choice(const char *v, ns_absent *out)
{
    if (!v || !strcmp(v, "adjourn")) *out = NS_ABSENT_ADJOURN;
    else if (!strcmp(v, "loss")) *out = NS_ABSENT_LOSS;
    else return -1;
    return 0;
}

int cmd_host(qp_app *app, int argc, char **argv)
{
    nc_opts o;
    ns_options so;
    char code[40], err[QP_ERR * 2];
    int po = parse_opts(&o, true, argc, argv);
    if (po) return po > 0 ? 0 : 2;
    memset(&so, 0, sizeof so);
    so.role = NS_HOST;
    so.addr = o.bind ? o.bind : "127.0.0.1";
    so.port = o.port;
    so.reconnect_wait_ms = o.wait_s * 1000;
    if (absent_choice(o.on_absent, &so.absent)) {
        fprintf(stderr, "qipan: --on-absent must be loss or adjourn, got '%s'\n", o.on_absent);
        return 2;
    }
    if (o.time && parse_time(o.time, &so.base_ms, &so.inc_ms)) {
        fprintf(stderr, "qipan: --time must be BASE+INC (minutes+seconds, e.g. 5+3 or 90s+2), got '%s'\n", o.time);
        return 2;
    }
    if (!o.code) random_code(code, sizeof code);
    else snprintf(code, sizeof code, "%s", o.code);
    o.code = code;
    so.code = code;
    qp_rules *r = qp_app_open_rules(app, o.ruleset, o.config);
    if (!r) return 1;
    if (r->nsides != 2) {
        fprintf(stderr, "qipan: %s is a one-player game: there is no one to play over the network\n", r->rs->name);
        qp_rules_free(r);
        return 2;
    }
    if (parse_side(r, o.side, &so.side)) {
        fprintf(stderr, "qipan: --side must be %s, %s or random, got '%s'\n", qp_side_name(r, 0),
                qp_side_name(r, 1), o.side);
        qp_rules_free(r);
        return 2;
    }
    ns_session *s = ns_new(&so, r, o.fen, NULL, NULL, err, sizeof err);
    if (!s) {   /* ns_new freed r */
        fprintf(stderr, "qipan: %s\n", err);
        return 1;
    }
    fprintf(stdout, "hosting %s; you play %s\n", r->rs->name, qp_side_name(r, so.side));
    int rc = play_seat(app, &o, s);
    ns_free(s);
    return rc;
}

typedef struct nc_open {
    qp_app *app;
    const char *config;
} nc_open;

static qp_rules *open_for_join(void *ud, const char *name, char *err, size_t errn)
{
    nc_open *op = ud;
    qp_rules *r = qp_app_open_rules(op->app, name, op->config);   /* prints its reason */
    if (!r) snprintf(err, errn, "cannot play the host's ruleset '%s' here", name);
    return r;
}

int cmd_join(qp_app *app, int argc, char **argv)
{
    nc_opts o;
    ns_options so;
    char host[256], err[QP_ERR * 2];
    int po = parse_opts(&o, false, argc, argv);
    if (po) return po > 0 ? 0 : 2;
    memset(&so, 0, sizeof so);
    so.role = NS_JOIN;
    if (parse_target(o.target, host, sizeof host, &so.port)) {
        fprintf(stderr, "qipan: expected HOST:PORT, got '%s'\n", o.target);
        return 2;
    }
    so.addr = host;
    so.code = o.code;
    so.reconnect_wait_ms = o.wait_s * 1000;
    /* a ruleset or configuration named here must match the host's */
    qp_rules *r = NULL;
    if (o.ruleset || o.config) {
        r = qp_app_open_rules(app, o.ruleset, o.config);
        if (!r) return 1;
    }
    nc_open op = {app, o.config};
    ns_session *s = ns_new(&so, r, o.fen, open_for_join, &op, err, sizeof err);
    if (!s) {
        fprintf(stderr, "qipan: %s\n", err);
        return 1;
    }
    int rc = play_seat(app, &o, s);
    ns_free(s);
    return rc;
}
