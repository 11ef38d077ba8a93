/*
 * tools.c — the scripting subcommands: list, perft, divide, moves, status,
 * solve, library.
 * Their output format is a fixed contract (README.md, "The `qipan` command").
 */
#include "app.h"
#include "library.h"
#include "perft.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int cmd_list(qp_app *app, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < app->reg.n; i++) printf("%s\t%s\n", app->reg.rs[i]->name, app->reg.rs[i]->title);
    return 0;
}

/* The library's games, newest first, a line each:
 * DATE<TAB>RULESET<TAB>RESULT<TAB>PLIES<TAB>WHITE<TAB>BLACK<TAB>REASON<TAB>PATH
 * (tabs and line breaks inside a tag's text become spaces). */
static void print_field(const char *s, char end)
{
    for (; *s; s++) putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
    putchar(end);
}

/* library delete|restore FILE: the window's Delete and its Undo.  FILE is
 * a name the list printed, or its path in the library folder. */
static int library_change(const char *what, const char *file)
{
    char dir[900], err[QP_ERR * 2];
    const char *slash = strrchr(file, '/');
    if (slash) {
        if (qp_library_dir(dir, sizeof dir) || strlen(dir) != (size_t)(slash - file) || strncmp(dir, file, strlen(dir))) {
            fprintf(stderr, "qipan: library: %s is not in the library folder\n", file);
            return 1;
        }
        file = slash + 1;
    }
    int rc = !strcmp(what, "delete") ? qp_library_delete(file, err, sizeof err) : qp_library_restore(file, err, sizeof err);
    if (rc) {
        fprintf(stderr, "qipan: library: %s\n", err);
        return 1;
    }
    return 0;
}

int cmd_library(qp_app *app, int argc, char **argv)
{
    (void)app;
    if (argc == 3 && (!strcmp(argv[1], "delete") || !strcmp(argv[1], "restore"))) return library_change(argv[1], argv[2]);
    if (argc != 1) {
        fprintf(stderr, "usage: qipan library [delete FILE | restore FILE]\n");
        return 2;
    }
    char dir[900], err[QP_ERR] = "no data folder (set HOME or XDG_DATA_HOME)";
    qp_library_entry *e;
    int n, bad;
    if (qp_library_dir(dir, sizeof dir) || qp_library_list(&e, &n, &bad, err, sizeof err)) {
        fprintf(stderr, "qipan: library: %s\n", err);
        return 1;
    }
    for (int i = 0; i < n; i++) {
        char path[1200];
        printf("%s\t%s\t%s\t%d\t", e[i].date, e[i].ruleset, e[i].result, e[i].plies);
        print_field(e[i].white, '\t');
        print_field(e[i].black, '\t');
        print_field(e[i].reason, '\t');
        snprintf(path, sizeof path, "%s/%s", dir, e[i].file);
        print_field(path, '\n');
    }
    if (bad) fprintf(stderr, "qipan: library: %d file%s in %s %s not a readable record\n", bad, bad == 1 ? "" : "s", dir,
                     bad == 1 ? "is" : "are");
    free(e);
    return 0;
}

typedef struct {
    char text[QP_MOVE_TEXT];
    qp_move m;
} text_move;

static int cmp_text(const void *a, const void *b)
{
    return strcmp(((const text_move *)a)->text, ((const text_move *)b)->text);
}

/* Legal moves of g's position with their texts, sorted bytewise. */
static int sorted_moves(const qp_game *g, text_move *out)
{
    qp_move mv[QP_MAX_MOVES];
    int n = g->r->rs->gen(g->r, g->cur, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++) {
        out[i].m = mv[i];
        g->r->rs->move_text(g->r, g->cur, mv[i], out[i].text, sizeof out[i].text);
    }
    qsort(out, (size_t)n, sizeof *out, cmp_text);
    return n;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* perft and divide share argument handling and the counting.  They count
 * the positions after exactly DEPTH plies (perft.h); --finished, which
 * only they read (taken out before the common options), also counts each
 * game that ended earlier. */
int cmd_perft(qp_app *app, int argc, char **argv)
{
    bool divide = !strcmp(argv[0], "divide");
    qp_opts o;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    bool finished = o.finished;
    if (o.npos != 2 || (finished && o.no_bulk)) {
        fprintf(stderr, "usage: qipan %s RULESET DEPTH [--finished | --no-bulk] [--fen FEN] [--config FILE] [--threads N]\n",
                argv[0]);
        return 2;
    }
    qp_perft_mode mode = finished ? QP_PERFT_FINISHED : o.no_bulk ? QP_PERFT_MADE : QP_PERFT_STANDARD;
    char *end;
    long depth = strtol(o.pos[1], &end, 10);
    if (*end || depth < 0 || depth > 64) {
        fprintf(stderr, "qipan: bad depth '%s'\n", o.pos[1]);
        return 2;
    }
    qp_rules *r;
    qp_game g;
    if (qp_app_open_game(app, &o, &r, &g)) return 1;
    double t0 = now_s();
    uint64_t total = 0;
    int threads = o.threads > 0 ? o.threads : 1;
    text_move *tm = malloc(sizeof *tm * QP_MAX_MOVES);
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    uint64_t *cnt = malloc(sizeof *cnt * QP_MAX_MOVES);
    int n = 0;
    /* the root's moves, each counted on its own (divide prints them; more
     * threads share them out) */
    bool split = tm && mv && cnt && depth > 0 && (divide || (threads > 1 && depth > 1));
    if (split) {
        n = sorted_moves(&g, tm);
        for (int i = 0; i < n; i++) mv[i] = tm[i].m;
        split = n > 0 || divide;
    }
    if (split) {
        char err[QP_ERR];
        if (qp_perft_moves(r, g.cur, (int)depth, mode, mv, n, cnt, threads, err, sizeof err)) {
            fprintf(stderr, "qipan: %s\n", err);
            free(tm);
            free(mv);
            free(cnt);
            qp_game_free(&g);
            qp_rules_free(r);
            return 1;
        }
        for (int i = 0; i < n; i++) {
            if (divide) printf("%s: %llu\n", tm[i].text, (unsigned long long)cnt[i]);
            total += cnt[i];
        }
    } else {
        total = qp_perft_count(r, g.cur, (int)depth, mode);
    }
    free(tm);
    free(mv);
    free(cnt);
    if (r->failed) {   /* the hook's error is printed; no count that is wrong */
        fprintf(stderr, "qipan: %s: no count: a hook of the game failed\n", argv[0]);
        qp_game_free(&g);
        qp_rules_free(r);
        return 1;
    }
    double dt = now_s() - t0;
    fprintf(stderr, "%s %ld: %llu nodes in %.3f s (%.1f M/s)\n", argv[0], depth, (unsigned long long)total,
            dt, dt > 0 ? total / dt / 1e6 : 0.0);
    if (r->perft_counts_games && !finished)
        fprintf(stderr, "%s: positions after exactly %ld plies; %s's published counts include finished games "
                        "(--finished)\n", argv[0], depth, r->rs->name);
    printf("%llu\n", (unsigned long long)total);
    qp_game_free(&g);
    qp_rules_free(r);
    return 0;
}

int cmd_moves(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos != 1) {
        fprintf(stderr, "usage: qipan moves RULESET [--fen FEN] [--config FILE]\n");
        return 2;
    }
    qp_rules *r;
    qp_game g;
    if (qp_app_open_game(app, &o, &r, &g)) return 1;
    text_move *tm = malloc(sizeof *tm * QP_MAX_MOVES);
    int n = sorted_moves(&g, tm);
    for (int i = 0; i < n; i++) printf("%s\n", tm[i].text);
    free(tm);
    qp_game_free(&g);
    qp_rules_free(r);
    return 0;
}

int cmd_status(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos != 1) {
        fprintf(stderr, "usage: qipan status RULESET [--fen FEN] [--config FILE]\n");
        return 2;
    }
    qp_rules *r;
    qp_game g;
    if (qp_app_open_game(app, &o, &r, &g)) return 1;
    qp_outcome oc;
    qp_game_outcome(&g, &oc);
    if (oc.result == QP_ONGOING) printf("ongoing\n");
    else if (r->nsides == 1)   /* a puzzle never draws: solved or failed */
        printf("%s: %s\n", oc.result == QP_WIN && oc.winner == 0 ? "solved" : "failed", oc.reason);
    else if (oc.result == QP_DRAW) printf("draw: %s\n", oc.reason);
    else printf("%s wins: %s\n", qp_side_name(r, oc.winner), oc.reason);
    char flags[256];
    qp_flags_text(r, r->rs->flags ? r->rs->flags(r, g.cur) : 0, flags, sizeof flags);
    printf("%s\n", flags);
    qp_game_free(&g);
    qp_rules_free(r);
    return 0;
}

/* The solution, one move per line, or "no solution" (status 1) once
 * proven; nothing when the position is solved already. */
int cmd_solve(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos != 1) {
        fprintf(stderr, "usage: qipan solve RULESET [--fen FEN] [--config FILE]\n");
        return 2;
    }
    qp_rules *r;
    qp_game g;
    if (qp_app_open_game(app, &o, &r, &g)) return 1;
    int rc = 0;
    qp_solver *sv = r->nsides == 1 ? qp_solver_new(r, 0) : NULL;
    if (r->nsides != 1) {
        fprintf(stderr, "qipan: solve: %s is not a one-player puzzle\n", r->rs->name);
        rc = 2;
    } else if (!sv) {
        fprintf(stderr, "qipan: solve: out of memory\n");
        rc = 2;
    } else {
        qp_solve_result res;
        qp_solve_status st = qp_solve(sv, g.cur, 0, 0, &res);
        fprintf(stderr, "solve: %llu positions in %.3f s\n", (unsigned long long)res.nodes,
                res.time_ms / 1000.0);
        if (st == QP_SOLVE_FOUND) {
            void *s = qp_state_new(r);
            memcpy(s, g.cur, r->state_size);
            for (int i = 0; i < res.len; i++) {
                char t[QP_MOVE_TEXT];
                r->rs->move_text(r, s, res.moves[i], t, sizeof t);
                printf("%s\n", t);
                r->rs->make(r, s, res.moves[i], NULL);
            }
            free(s);
        } else if (st == QP_SOLVE_NONE) {
            printf("no solution\n");
            rc = 1;
        } else {
            fprintf(stderr, "qipan: solve: gave up (out of memory or too deep)\n");
            rc = 2;
        }
        qp_solve_result_free(&res);
    }
    qp_solver_free(sv);
    qp_game_free(&g);
    qp_rules_free(r);
    return rc;
}
