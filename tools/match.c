/*
 * match.c — engine-vs-engine games with a referee.
 *
 * The referee owns the game (qp_game): it asks each player for a move,
 * checks the move is among the legal ones (gen) before playing it, and
 * ends each game only by the rules (qp_game_outcome: no legal move, five
 * soldiers, repetition, the no-capture limit); a ply cap is a safety net
 * and is reported when hit.  A watchdog alarm turns a hang into a report.
 *
 * Two modes:
 *   match student [--games N] [--movetime MS | --depth D] [--student PATH]
 *                 [--student-depth D] [--seed S]
 *       qipan (in-process search) against tools/student (a separate
 *       program spoken to over UCI), from the start and random short
 *       openings, each opening played with both colours.
 *   match selfplay [--games N] [--movetime MS | --depth D] [--seed S]
 *                  [--b-caps C] [--a-config FILE] [--b-config FILE]
 *       qipan against itself from randomised openings: fast games that
 *       check legality, termination and the absence of crashes and hangs.
 *       With --b-caps, the second engine searches with the ruleset's
 *       capabilities replaced by C (0: no null move, reductions or
 *       pruning); with --a-config / --b-config each engine's rules take
 *       that Lua configuration (e.g. tuned eval weights from tools/tune).
 *       Either makes colours alternate, and the score says which is better.
 * Common: [--ruleset NAME] [--ply-cap P] [--level L] [--opening "MOVES"] [-v]
 *   --opening plays every game (pair) from those moves instead of random
 *   ones, to replay one game of an earlier match.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "registry.h"
#include "config.h"
#include "search.h"

void qp_register_builtin(qp_registry *reg);

#define MOVE_TIMEOUT_MS 120000

/* ---- players ----------------------------------------------------------- */

typedef struct player {
    const char *name;
    bool external;
    /* in-process */
    qp_search *s;
    qp_search_limits lim;
    /* external UCI program */
    pid_t pid;
    int to, from;
    char buf[1 << 16];
    size_t len;
    char go[64];
    /* statistics */
    int64_t max_ms;
} player;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int send_line(player *p, const char *text)
{
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t k = write(p->to, text, n);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        text += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Reads lines until one starts with prefix; copies it to out.  -1 on EOF
 * or timeout. */
static int read_until(player *p, const char *prefix, char *out, size_t outn, int timeout_ms)
{
    int64_t end = now_ms() + timeout_ms;
    for (;;) {
        char *nl;
        while ((nl = memchr(p->buf, '\n', p->len)) != NULL) {
            *nl = 0;
            bool hit = !strncmp(p->buf, prefix, strlen(prefix));
            if (hit) snprintf(out, outn, "%s", p->buf);
            size_t used = (size_t)(nl - p->buf) + 1;
            memmove(p->buf, nl + 1, p->len - used);
            p->len -= used;
            if (hit) return 0;
        }
        int left = (int)(end - now_ms());
        if (left <= 0 || p->len >= sizeof p->buf - 1) return -1;
        struct pollfd pf = {p->from, POLLIN, 0};
        int k = poll(&pf, 1, left);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        ssize_t got = read(p->from, p->buf + p->len, sizeof p->buf - 1 - p->len);
        if (got <= 0) return -1;
        p->len += (size_t)got;
    }
}

static int spawn(player *p, const char *path, const char *variant)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out)) return -1;
    p->pid = fork();
    if (p->pid < 0) return -1;
    if (p->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->to = in[1];
    p->from = out[0];
    p->external = true;
    char line[256];
    snprintf(line, sizeof line, "uci\nsetoption name UCI_Variant value %s\nisready\n", variant);
    if (send_line(p, line) || read_until(p, "readyok", line, sizeof line, 10000)) {
        fprintf(stderr, "match: %s does not answer UCI\n", path);
        return -1;
    }
    return 0;
}

static void close_player(player *p)
{
    if (p->external && p->pid > 0) {
        send_line(p, "quit\n");
        close(p->to);
        close(p->from);
        waitpid(p->pid, NULL, 0);
    }
    if (p->s) qp_search_free(p->s);
}

/* The player's move in g, or QP_MOVE_NONE with a reason. */
static qp_move get_move(player *p, const qp_game *g, const char *moves_text, char *why, size_t whyn)
{
    const qp_rules *r = g->r;
    int64_t t0 = now_ms();
    qp_move m = QP_MOVE_NONE;
    if (!p->external) {
        qp_search_info info;
        m = qp_search_run(p->s, g, &p->lim, NULL, NULL, &info);
        if (m == QP_MOVE_NONE) snprintf(why, whyn, "search returned no move");
    } else {
        char line[1 << 15], reply[256];
        snprintf(line, sizeof line, "position fen %s%s%s\n%s\n", g->start_fen,
                 moves_text[0] ? " moves " : "", moves_text, p->go);
        if (send_line(p, line) || read_until(p, "bestmove ", reply, sizeof reply, MOVE_TIMEOUT_MS)) {
            snprintf(why, whyn, "no bestmove (crash or timeout)");
            return QP_MOVE_NONE;
        }
        char err[QP_ERR], text[64] = "";
        sscanf(reply + 9, "%63s", text);
        if (r->rs->move_parse(r, g->cur, text, &m, err, sizeof err)) {
            snprintf(why, whyn, "bad move '%s': %s", text, err);
            return QP_MOVE_NONE;
        }
    }
    int64_t dt = now_ms() - t0;
    if (dt > p->max_ms) p->max_ms = dt;
    if (m != QP_MOVE_NONE && !qp_move_is_legal(r, g->cur, m)) {
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g->cur, m, t, sizeof t);
        snprintf(why, whyn, "illegal move %s", t);
        return QP_MOVE_NONE;
    }
    return m;
}

/* ---- games ------------------------------------------------------------- */

typedef struct result {
    int winner;            /* 0, 1, or -1 for a draw */
    char reason[64];
    int plies;
    bool capped, forfeit;
} result;

static uint64_t rng(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* A random opening of n plies that leaves the game ongoing, as move text. */
static void random_opening(const qp_rules *r, int n, uint64_t *x, char *out, size_t outn)
{
    qp_game g;
    char err[QP_ERR];
    qp_move mv[QP_MAX_MOVES];
    out[0] = 0;
    qp_game_init(&g, r, NULL, err, sizeof err);
    for (int i = 0; i < n; i++) {
        int k = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
        if (k == 0) break;
        qp_move m = mv[rng(x) % (uint64_t)k];
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g.cur, m, t, sizeof t);
        qp_game_play(&g, m);
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) break;
        size_t l = strlen(out);
        snprintf(out + l, outn - l, "%s%s", l ? " " : "", t);
    }
    qp_game_free(&g);
}

static bool verbose;

/* Plays one game from the opening moves; -1 (and a message) when an
 * opening move is bad. */
static int play_game(const qp_rules *r, player *pl[2], const char *opening, int ply_cap, result *res)
{
    qp_game g;
    char err[QP_ERR], why[256] = "";
    size_t cap = 1 << 15;
    char *moves = malloc(cap);
    moves[0] = 0;
    memset(res, 0, sizeof *res);
    res->winner = -1;
    qp_game_init(&g, r, NULL, err, sizeof err);
    if (opening[0]) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", opening);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
            if (qp_game_play_text(&g, t, err, sizeof err)) {
                fprintf(stderr, "match: opening move %s: %s\n", t, err);
                free(moves);
                qp_game_free(&g);
                return -1;
            }
        }
        snprintf(moves, cap, "%s", opening);
    }
    for (int i = 0; i < 2; i++)
        if (pl[i]->s) qp_search_clear(pl[i]->s);
    for (;;) {
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) {
            res->winner = o.result == QP_WIN ? o.winner : -1;
            snprintf(res->reason, sizeof res->reason, "%s", o.reason);
            break;
        }
        if (g.cursor >= ply_cap) {
            res->capped = true;
            snprintf(res->reason, sizeof res->reason, "ply cap");
            break;
        }
        int side = qp_game_to_move(&g);
        player *p = pl[side];
        if (p->lim.seed) p->lim.seed++;
        qp_move m = get_move(p, &g, moves, why, sizeof why);
        if (m == QP_MOVE_NONE) {
            char fen[512];
            qp_game_fen(&g, fen, sizeof fen);
            fprintf(stderr, "match: %s forfeits at ply %d (%s): %s\n", p->name, g.cursor, fen, why);
            res->forfeit = true;
            res->winner = 1 - side;
            snprintf(res->reason, sizeof res->reason, "forfeit: %s", why);
            break;
        }
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g.cur, m, t, sizeof t);
        size_t l = strlen(moves);
        if (l + QP_MOVE_TEXT + 2 > cap) moves = realloc(moves, cap *= 2);
        snprintf(moves + l, cap - l, "%s%s", l ? " " : "", t);
        qp_game_play(&g, m);
    }
    res->plies = g.cursor;
    if (verbose) printf("  moves: %s\n", moves);
    free(moves);
    qp_game_free(&g);
    return 0;
}

/* ---- the watchdog ------------------------------------------------------ */

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "match: a game exceeded its time budget (hang?)\n";
    if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
    _exit(3);
}

/* ---- main -------------------------------------------------------------- */

typedef struct opts {
    const char *mode, *ruleset, *student;
    int games, movetime, depth, student_depth, ply_cap, level, b_caps;
    uint64_t seed;
    const char *a_config, *b_config;   /* Lua configs (e.g. tuned weights) per engine */
    const char *opening;               /* fixed opening moves, or NULL */
} opts;

static int usage(void)
{
    fprintf(stderr, "usage: match student|selfplay [--games N] [--movetime MS | --depth D]\n"
                    "       [--student PATH] [--student-depth D] [--seed S] [--ruleset NAME]\n"
                    "       [--ply-cap P] [--level L] [--b-caps C]\n"
                    "       [--a-config FILE] [--b-config FILE] [--opening MOVES] [-v]\n");
    return 2;
}

static void init_engine(player *p, const char *name, const qp_rules *r, const opts *o)
{
    memset(p, 0, sizeof *p);
    p->name = name;
    p->s = qp_search_new(r, 16);
    p->lim.depth = o->depth;
    p->lim.movetime_ms = o->depth ? 0 : o->movetime;
    p->lim.level = o->level;
    p->lim.seed = o->level < 10 ? o->seed : 0;
}

/* Applies a Lua configuration file (NULL: none) to p. */
static int apply_config(const char *path, qp_params *p)
{
    if (!path) return 0;
    static qp_config c;
    char err[QP_ERR * 2];
    if (qp_config_load(&c, path, err, sizeof err) || qp_config_apply(&c, p, err, sizeof err)) {
        fprintf(stderr, "match: %s\n", err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    opts o = {NULL, "zhonggong", NULL, 0, 1000, 0, 5, 1000, 10, -1, 1, NULL, NULL, NULL};
    char student_path[1024];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-v")) { verbose = true; continue; }
        if (a[0] != '-') { o.mode = a; continue; }
        if (!v) return usage();
        i++;
        if (!strcmp(a, "--games")) o.games = atoi(v);
        else if (!strcmp(a, "--movetime")) o.movetime = atoi(v), o.depth = 0;
        else if (!strcmp(a, "--depth")) o.depth = atoi(v);
        else if (!strcmp(a, "--student")) o.student = v;
        else if (!strcmp(a, "--student-depth")) o.student_depth = atoi(v);
        else if (!strcmp(a, "--seed")) o.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--ruleset")) o.ruleset = v;
        else if (!strcmp(a, "--ply-cap")) o.ply_cap = atoi(v);
        else if (!strcmp(a, "--level")) o.level = atoi(v);
        else if (!strcmp(a, "--b-caps")) o.b_caps = atoi(v);
        else if (!strcmp(a, "--a-config")) o.a_config = v;
        else if (!strcmp(a, "--b-config")) o.b_config = v;
        else if (!strcmp(a, "--opening")) o.opening = v;
        else return usage();
    }
    if (!o.mode || (strcmp(o.mode, "student") && strcmp(o.mode, "selfplay"))) return usage();
    bool selfplay = !strcmp(o.mode, "selfplay");
    if (o.games <= 0) o.games = selfplay ? 100 : 10;
    if (o.seed == 0) o.seed = 1;
    if (!o.student) {
        /* Next to this program. */
        snprintf(student_path, sizeof student_path, "%s", argv[0]);
        char *slash = strrchr(student_path, '/');
        snprintf(slash ? slash + 1 : student_path,
                 sizeof student_path - (size_t)(slash ? slash + 1 - student_path : 0), "student");
        o.student = student_path;
    }
    signal(SIGPIPE, SIG_IGN);

    qp_registry reg;
    char dir[QP_PATH], err[QP_ERR];
    qp_default_scripts_dir(argv[0], dir, sizeof dir);
    qp_registry_init(&reg, dir);
    qp_register_builtin(&reg);
    qp_registry_load_lua_games(&reg, err, sizeof err);
    const qp_ruleset *rs = qp_registry_find(&reg, o.ruleset);
    qp_params prm;
    if (!rs || qp_params_init(&prm, rs->params, err, sizeof err)) {
        fprintf(stderr, "match: unknown ruleset '%s'\n", o.ruleset);
        return 2;
    }
    qp_params prm_b = prm;
    if (apply_config(o.a_config, &prm) || apply_config(o.b_config, &prm_b)) return 2;
    qp_rules *r = qp_rules_create(rs, &prm, err, sizeof err);
    if (!r) {
        fprintf(stderr, "match: %s\n", err);
        return 2;
    }

    player a, b;
    qp_rules *rb = NULL;
    init_engine(&a, "qipan", r, &o);
    if (selfplay && (o.b_caps >= 0 || o.a_config || o.b_config)) {
        rb = qp_rules_create(rs, &prm_b, err, sizeof err);
        if (!rb) {
            fprintf(stderr, "match: %s\n", err);
            return 2;
        }
        if (o.b_caps >= 0) rb->caps = (unsigned)o.b_caps;
        init_engine(&b, "qipan-b", rb, &o);
    } else if (selfplay) {
        init_engine(&b, "qipan-2", r, &o);
    } else {
        memset(&b, 0, sizeof b);
        b.name = "student";
        snprintf(b.go, sizeof b.go, "go depth %d", o.student_depth);
        if (spawn(&b, o.student, rs->name)) return 1;
    }

    uint64_t x = o.seed * 0x9E3779B97F4A7C15ull | 1;
    int wins = 0, draws = 0, losses = 0, capped = 0, forfeits = 0, total_plies = 0, status;
    int by_side[2] = {0, 0};
    char reasons[16][64];
    int reason_n[16] = {0}, nreasons = 0;
    int64_t t0 = now_ms();
    char opening[1024] = "";
    int budget_s = o.depth ? 600 : (int)(o.ply_cap * (int64_t)(o.movetime + 50) / 1000) + 60;
    if (!selfplay) budget_s += o.ply_cap * 5;
    signal(SIGALRM, on_alarm);
    for (int gi = 0; gi < o.games; gi++) {
        /* Pairs of games share an opening with colours swapped (student
         * games start with the start position itself); plain self-play
         * takes a new random opening every game. */
        bool paired = !selfplay || rb;
        if (o.opening)
            snprintf(opening, sizeof opening, "%s", o.opening);
        else if (!paired)
            random_opening(r, 2 + (int)(rng(&x) % 7), &x, opening, sizeof opening);
        else if (gi % 2 == 0)
            random_opening(r, !selfplay && gi == 0 ? 0 : 2 + (int)(rng(&x) % (selfplay ? 7 : 3)), &x,
                           opening, sizeof opening);
        int qside = paired ? gi % 2 : 0;        /* qipan's colour */
        player *pl[2];
        pl[qside] = &a;
        pl[1 - qside] = &b;
        result res;
        alarm((unsigned)budget_s);
        int bad_opening = play_game(r, pl, opening, o.ply_cap, &res);
        alarm(0);
        if (bad_opening) {
            status = 2;
            goto done;
        }
        total_plies += res.plies;
        capped += res.capped;
        forfeits += res.forfeit;
        if (res.winner >= 0) by_side[res.winner]++;
        if (res.winner < 0) draws++;
        else if (res.winner == qside) wins++;
        else losses++;
        int k = 0;
        while (k < nreasons && strcmp(reasons[k], res.reason)) k++;
        if (k == nreasons && nreasons < 16) snprintf(reasons[nreasons++], 64, "%s", res.reason);
        if (k < 16) reason_n[k]++;
        const char *who = res.winner < 0 ? "draw" : qp_side_name(r, res.winner);
        if (selfplay) {
            if (verbose || (gi + 1) % 100 == 0)
                printf("game %d: %s (%s) in %d plies; opening '%s'\n", gi + 1, who, res.reason,
                       res.plies, opening);
        } else {
            printf("game %d: qipan %s, opening '%s': %s%s (%s) in %d plies\n", gi + 1,
                   qp_side_name(r, qside), opening, who, res.winner < 0 ? "" : " wins", res.reason,
                   res.plies);
        }
        fflush(stdout);
    }
    int64_t dt = now_ms() - t0;
    printf("results by reason:");
    for (int k = 0; k < nreasons; k++) printf(" %s %d;", reasons[k], reason_n[k]);
    printf("\n");
    if (rb) {
        printf("A (caps %u%s%s) vs B (caps %u%s%s): +%d =%d -%d, score %.1f%% for A\n", r->caps,
               o.a_config ? ", " : "", o.a_config ? o.a_config : "", rb->caps, o.b_config ? ", " : "",
               o.b_config ? o.b_config : "", wins, draws, losses, (wins + 0.5 * draws) / o.games * 100.0);
    }
    if (selfplay) {
        printf("selfplay: %d games, %s wins %d, %s wins %d, draws %d; forfeits (illegal/no move) %d, "
               "ply cap %d; avg %.1f plies; longest move %lld ms; %.1f s\n",
               o.games, qp_side_name(r, 0), by_side[0], qp_side_name(r, 1), by_side[1], draws,
               forfeits, capped, (double)total_plies / o.games, (long long)a.max_ms, dt / 1000.0);
    } else {
        double score = (wins + 0.5 * draws) / o.games * 100.0;
        printf("qipan vs student (depth %d): +%d =%d -%d, score %.1f%% of %d games; forfeits %d, "
               "ply cap %d; longest move qipan %lld ms, student %lld ms; %.1f s\n",
               o.student_depth, wins, draws, losses, score, o.games, forfeits, capped,
               (long long)a.max_ms, (long long)b.max_ms, dt / 1000.0);
    }
    status = forfeits || capped ? 1 : 0;
done:
    close_player(&a);
    close_player(&b);
    if (rb) qp_rules_free(rb);
    qp_rules_free(r);
    qp_registry_free(&reg);
    return status;
}
