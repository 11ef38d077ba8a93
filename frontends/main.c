/*
 * main.c — the `qipan` command: dispatch to subcommands.
 */
#include <stdio.h>
#include <string.h>

#include "app.h"

void qp_register_builtin(qp_registry *reg);
/* network play (net_cmd.c) */
int cmd_host(qp_app *app, int argc, char **argv);
int cmd_join(qp_app *app, int argc, char **argv);

typedef struct {
    const char *name;
    int (*fn)(qp_app *, int, char **);
    const char *usage;
} command;

static const command commands[] = {
    {"list", cmd_list, "list"},
    {"perft", cmd_perft, "perft RULESET DEPTH [--fen FEN] [--config FILE]"},
    {"divide", cmd_perft, "divide RULESET DEPTH [--fen FEN] [--config FILE]"},
    {"moves", cmd_moves, "moves RULESET [--fen FEN] [--config FILE]"},
    {"status", cmd_status, "status RULESET [--fen FEN] [--config FILE]"},
    {"analyze", cmd_analyze, "analyze RULESET [--fen FEN] [--config FILE] (--depth N | --movetime MS)"},
    {"bench", cmd_bench, "bench [RULESET]"},
    {"console", cmd_console, "console [RULESET] [--config FILE] [--fen FEN] [--ai red|black|both|none] [--level N] [--ascii]"},
    {"play", cmd_play, "play [RULESET] [--config FILE]"},
    {"render", cmd_render, "render RULESET [--fen FEN] [--config FILE] --out FILE.png [--size WxH] [--flip] [--layout]"},
    {"uci", cmd_uci, "uci"},
    {"host", cmd_host, "host RULESET [--config FILE] [--fen FEN] [--port N] [--bind ADDR] [--code CODE] [--side red|black|random] [--time BASE+INC] [--ai] [--level N] [--depth N] [--save FILE] [--reconnect-wait S] [--on-absent loss|adjourn]"},
    {"join", cmd_join, "join HOST:PORT --code CODE [RULESET] [--config FILE] [--ai] [--level N] [--depth N] [--save FILE] [--reconnect-wait S]"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: qipan COMMAND [ARGS]\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  qipan %s\n", commands[i].usage);
}

int main(int argc, char **argv)
{
    qp_app app;
    char dir[QP_PATH], err[QP_ERR];

    app.argv0 = argv[0];
    qp_default_scripts_dir(argv[0], dir, sizeof dir);
    qp_registry_init(&app.reg, dir);
    qp_register_builtin(&app.reg);
    /* A broken game file or plugin must not stop the others: warn only. */
    qp_registry_load_lua_games(&app.reg, err, sizeof err);
    if (err[0]) fprintf(stderr, "qipan: warning: %s\n", err);
    qp_default_plugin_dir(argv[0], dir, sizeof dir);
    qp_registry_load_plugin_dir(&app.reg, dir, err, sizeof err);
    if (err[0]) fprintf(stderr, "qipan: warning: %s\n", err);

    int rc;
    const char *name = argc > 1 ? argv[1] : "play";
    if (argc > 1 && (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h"))) {
        usage(stdout);
        rc = 0;
    } else {
        const command *c = NULL;
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (!strcmp(commands[i].name, name)) c = &commands[i];
        if (!c) {
            fprintf(stderr, "qipan: unknown command '%s'\n", name);
            usage(stderr);
            rc = 2;
        } else if (argc > 1) {
            rc = c->fn(&app, argc - 1, argv + 1);
        } else {
            char *def[] = {"play", NULL};
            rc = c->fn(&app, 1, def);
        }
    }
    qp_registry_free(&app.reg);
    return rc;
}
