/*
 * app.h — what every `qipan` subcommand shares: the registry, option
 * parsing, and opening a ruleset with its configuration.
 *
 * Each subcommand is `int cmd_NAME(qp_app *app, int argc, char **argv)`,
 * with argv[0] the subcommand name; it returns the process exit status and
 * reports errors on stderr.
 */
#ifndef QP_APP_H
#define QP_APP_H

#include "registry.h"
#include "game.h"

typedef struct qp_app {
    qp_registry reg;
    const char *argv0;
} qp_app;

/* Common options.  Positional arguments (not starting with "--") are
 * collected in pos[]; options that take a value are listed in the parser. */
typedef struct qp_opts {
    const char *fen, *config, *out, *size, *ai, *load, *search;
    int depth, movetime, level;
    bool flip, layout, ascii, has_depth, has_movetime, has_level;
    int threads;                 /* --threads: 0 when not given */
    bool finished;               /* --finished (perft, divide) */
    bool no_bulk;                /* --no-bulk (perft, divide) */
    long playouts;               /* --playouts N (bench): 0 when not given */
    uint64_t seed;               /* --seed S (bench), when has_seed */
    bool has_seed;
    int npos;
    const char *pos[8];
} qp_opts;

/* Parses argv[1..]; unknown options are errors.  Returns 0 or -1 (printed). */
int qp_opts_parse(qp_opts *o, int argc, char **argv);

/* Opens ruleset `name` (NULL: the config's ruleset, else "zhonggong") with
 * config file `config` (NULL: the ruleset's default config under scripts/
 * when it exists).  Prints the error and returns NULL on failure. */
qp_rules *qp_app_open_rules(qp_app *app, const char *name, const char *config);

/* Rules + game from options (ruleset name, --config, --fen).  Returns 0 or
 * -1 (printed). */
int qp_app_open_game(qp_app *app, const qp_opts *o, qp_rules **r, qp_game *g);

int cmd_list(qp_app *app, int argc, char **argv);
int cmd_library(qp_app *app, int argc, char **argv);
int cmd_perft(qp_app *app, int argc, char **argv);    /* perft and divide */
int cmd_moves(qp_app *app, int argc, char **argv);
int cmd_status(qp_app *app, int argc, char **argv);
int cmd_solve(qp_app *app, int argc, char **argv);
int cmd_analyze(qp_app *app, int argc, char **argv);
int cmd_bench(qp_app *app, int argc, char **argv);
int cmd_uci(qp_app *app, int argc, char **argv);
int cmd_ucci(qp_app *app, int argc, char **argv);   /* uci.c */
int cmd_xboard(qp_app *app, int argc, char **argv); /* xboard.c: CECP v2 */
/* The UCI (or UCCI) session of cmd_uci on stdin, but one that always
 * waits for its search to end instead of leaving the process early
 * (for the fuzz target, which runs sessions in one process). */
int qp_engine_session(qp_app *app, bool ucci);
int cmd_console(qp_app *app, int argc, char **argv);
int cmd_play(qp_app *app, int argc, char **argv);
int cmd_render(qp_app *app, int argc, char **argv);

#endif
