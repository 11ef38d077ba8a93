/*
 * soak.c — self-play of every ruleset for a given time, to be run under
 * the sanitizers (`sh setup.sh soak SECONDS` builds it with ASan+UBSan and
 * reads their reports).
 *
 *   soak [SECONDS] [--ruleset NAME] [--depth D] [--seed S] [--hang S] [-v]
 *
 * Games of each ruleset in turn (built in, Lua games, plugins), each ply
 * chosen by a short search or at random, until the time is up.  Every ply
 * is checked: the move is one the generator gave and legal, its text reads
 * back to it, the FEN after it prints and parses to the same text (for a
 * ruleset that writes FEN), and the outcome is decided.  Plugins come from
 * the shipped plugin folder and $QIPAN_PLUGIN_PATH (datadirs.h); a plugin
 * that does not load, or no plugin at all, ends the run with status 2
 * before it starts: a soak that silently skips plugins tests nothing of
 * them.  A ply that takes longer than --hang seconds (30) is
 * a hang: reported with its position, and the run ends with status 3.
 * Output: one line per ruleset (games, plies, problems) and a last line
 * "soak: N games, M plies, K problems"; the status is 1 when K > 0.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "game.h"
#include "registry.h"
#include "search.h"

static const char *hang_what = "";
static char hang_fen[1024];

static void on_alarm(int sig)
{
    (void)sig;
    static const char m[] = "soak: HANG: a ply took longer than the --hang limit\n";
    (void)!write(2, m, sizeof m - 1);
    (void)!write(2, hang_what, strlen(hang_what));
    (void)!write(2, " ", 1);
    (void)!write(2, hang_fen, strnlen(hang_fen, sizeof hang_fen));
    (void)!write(2, "\n", 1);
    _exit(3);
}

static uint64_t rng(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct tally {
    long games, plies, problems;
} tally;

static void problem(tally *t, const char *rs, const char *fen, const char *fmt, const char *a, const char *b)
{
    t->problems++;
    fprintf(stderr, "soak: PROBLEM %s at '%s': ", rs, fen);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
}

/* One game from the start position, checking every ply. */
static void play_game(const qp_rules *r, qp_search *s, int depth, uint64_t *seed, int hang, tally *t, bool verbose)
{
    qp_game g;
    char err[QP_ERR], fen[1024], fen2[1024], mt[QP_MOVE_TEXT];
    const char *name = r->rs->name;
    if (qp_game_init(&g, r, NULL, err, sizeof err)) {
        problem(t, name, "start", "%s%s", err, "");
        return;
    }
    void *copy = qp_state_new(r);
    hang_what = name;
    for (int ply = 0; ply < 400; ply++) {
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) break;
        /* the FEN names the position in reports; a ruleset without FEN
         * (an optional hook) is named by its ply */
        if (r->rs->fen_print) r->rs->fen_print(r, g.cur, fen, sizeof fen);
        else snprintf(fen, sizeof fen, "ply %d", ply);
        snprintf(hang_fen, sizeof hang_fen, "%s", fen);
        alarm((unsigned)hang);
        qp_move mv[QP_MAX_MOVES];
        int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
        if (n <= 0) {
            problem(t, name, fen, "no moves but the outcome is ongoing%s%s", "", "");
            break;
        }
        qp_move m;
        if (rng(seed) % 3 == 0) {
            m = mv[rng(seed) % (uint64_t)n];
        } else {
            qp_search_limits lim = {.depth = 1 + (int)(rng(seed) % (uint64_t)depth), .nodes = 20000,
                                    .level = 10, .seed = rng(seed)};
            m = qp_search_run(s, &g, &lim, NULL, NULL, NULL);
        }
        bool listed = false;
        for (int i = 0; i < n; i++) listed |= mv[i] == m;
        if (!listed || !qp_move_is_legal(r, g.cur, m)) {
            problem(t, name, fen, "the engine chose a move the generator did not list%s%s", "", "");
            break;
        }
        r->rs->move_text(r, g.cur, m, mt, sizeof mt);
        qp_move back;
        if (r->rs->move_parse(r, g.cur, mt, &back, err, sizeof err) || back != m)
            problem(t, name, fen, "move text '%s' does not read back (%s)", mt, err);
        if (qp_game_play_text(&g, mt, err, sizeof err)) {
            problem(t, name, fen, "move '%s' refused: %s", mt, err);
            break;
        }
        if (!r->rs->fen_print || !r->rs->fen_parse) {
            /* nothing to read back */
        } else if (r->rs->fen_print(r, g.cur, fen, sizeof fen), r->rs->fen_parse(r, copy, fen, err, sizeof err)) {
            problem(t, name, fen, "its own FEN is refused: %s%s", err, "");
        } else {
            r->rs->fen_print(r, copy, fen2, sizeof fen2);
            if (strcmp(fen, fen2)) problem(t, name, fen, "FEN prints back as '%s'%s", fen2, "");
        }
        t->plies++;
    }
    alarm(0);
    t->games++;
    if (verbose) {
        qp_outcome o;
        qp_game_outcome(&g, &o);
        fprintf(stderr, "soak: %s game of %d plies: %s\n", name, g.len, o.result == QP_ONGOING ? "ply cap" : o.reason);
    }
    free(copy);
    qp_game_free(&g);
}

int main(int argc, char **argv)
{
    double seconds = 60;
    const char *only = NULL;
    int depth = 3, hang = 30;
    bool verbose = false;
    uint64_t seed = (uint64_t)time(NULL);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--ruleset") && v) only = v, i++;
        else if (!strcmp(a, "--depth") && v) depth = atoi(v), i++;
        else if (!strcmp(a, "--seed") && v) seed = strtoull(v, NULL, 10), i++;
        else if (!strcmp(a, "--hang") && v) hang = atoi(v), i++;
        else if (!strcmp(a, "-v")) verbose = true;
        else if (a[0] != '-' && atof(a) > 0) seconds = atof(a);
        else {
            fprintf(stderr, "usage: soak [SECONDS] [--ruleset NAME] [--depth D] [--seed S] [--hang S] [-v]\n");
            return 2;
        }
    }
    if (depth < 1) depth = 1;
    if (hang < 1) hang = 1;
    signal(SIGALRM, on_alarm);

    qp_registry reg;
    char dir[QP_PATH], err[8192] = "";
    qp_registry_open(&reg, argv[0], err, sizeof err);
    if (err[0]) fprintf(stderr, "soak: warning: %s\n", err);
    qp_default_plugin_dir(argv[0], dir, sizeof dir);
    qp_dirlist dirs;
    qp_search_dirs(QP_DIRS_PLUGINS, dir, &dirs);
    int plugins = 0;
    bool refused = false;
    for (int i = 0; i < dirs.n; i++) {
        plugins += qp_registry_load_plugin_dir(&reg, dirs.dir[i], err, sizeof err);
        if (err[0]) fprintf(stderr, "soak: %s\n", err);
        refused |= err[0] != 0;
    }
    if (refused || !plugins) {
        if (!plugins) fprintf(stderr, "soak: no plugin loaded from %s or $QIPAN_PLUGIN_PATH\n", dir);
        fprintf(stderr, "soak: stopped: every plugin must load, or the soak does not play it\n");
        qp_registry_free(&reg);
        return 2;
    }

    int n = reg.n;
    qp_rules **rules = calloc((size_t)n, sizeof *rules);
    qp_search **search = calloc((size_t)n, sizeof *search);
    tally *t = calloc((size_t)n, sizeof *t);
    long problems = 0;
    for (int i = 0; i < n; i++) {
        if (only && strcmp(reg.rs[i]->name, only)) continue;
        err[0] = 0;
        rules[i] = qp_rules_create(reg.rs[i], NULL, err, sizeof err);
        if (!rules[i]) {
            fprintf(stderr, "soak: PROBLEM %s: %s\n", reg.rs[i]->name, err[0] ? err : "create failed without a message");
            problems++;
            continue;
        }
        search[i] = qp_search_new(rules[i], 4);
    }
    printf("soak: %.0f s, seed %llu\n", seconds, (unsigned long long)seed);
    fflush(stdout);
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bool any = true;
    for (;;) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        double spent = (double)(now.tv_sec - t0.tv_sec) + (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
        if (spent >= seconds || !any) break;
        any = false;
        for (int i = 0; i < n; i++) {
            if (!rules[i] || !search[i]) continue;
            any = true;
            play_game(rules[i], search[i], depth, &seed, hang, &t[i], verbose);
        }
    }
    long games = 0, plies = 0;
    for (int i = 0; i < n; i++) {
        if (!rules[i]) continue;
        printf("  %-14s %5ld games %7ld plies %3ld problems\n", reg.rs[i]->name, t[i].games, t[i].plies, t[i].problems);
        games += t[i].games, plies += t[i].plies, problems += t[i].problems;
        qp_search_free(search[i]);
        qp_rules_free(rules[i]);
    }
    printf("soak: %ld games, %ld plies, %ld problems\n", games, plies, problems);
    free(rules);
    free(search);
    free(t);
    qp_registry_free(&reg);
    return problems ? 1 : 0;
}
