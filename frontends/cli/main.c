/*
 * main.c — the `qipan` command: dispatch to subcommands, `--version`,
 * `help [COMMAND]` and `COMMAND --help`.
 *
 * The command table is the one place a command is described: its usage
 * line names every option the command accepts (main rejects any other
 * before the command runs, so the help and the parser cannot disagree),
 * and the options' descriptions come from opt_help below.  A usage ending
 * in "…" leaves option checking to the command itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "builtin.h"
#include "serve.h"

#ifndef QP_VERSION
#define QP_VERSION "unknown"
#endif

/* network play (net_cmd.c) */
int cmd_host(qp_app *app, int argc, char **argv);
int cmd_join(qp_app *app, int argc, char **argv);
int cmd_convert(qp_app *app, int argc, char **argv);
/* the Go Text Protocol (gtp.c) */
int cmd_gtp(qp_app *app, int argc, char **argv);

typedef struct {
    const char *name;
    int (*fn)(qp_app *, int, char **);
    const char *usage;
    const char *summary;   /* what it does, for `help COMMAND` (may be NULL) */
} command;

static const command commands[] = {
    {"list", cmd_list, "list",
     "List the rulesets (built-in, Lua games, plugins), one line each: NAME<TAB>title."},
    {"perft", cmd_perft, "perft RULESET DEPTH [--finished | --no-bulk] [--fen FEN] [--config FILE] [--threads N]",
     "Count the positions reached after exactly DEPTH plies from the position (a game\n"
     "that ended earlier is none, as chess programs count); the last line is the\n"
     "count alone."},
    {"divide", cmd_perft, "divide RULESET DEPTH [--finished | --no-bulk] [--fen FEN] [--config FILE] [--threads N]",
     "perft split by first move: 'MOVE: COUNT' per legal move, then the total alone."},
    {"moves", cmd_moves, "moves RULESET [--fen FEN] [--config FILE]",
     "Print the legal moves of the position, one per line, sorted bytewise."},
    {"status", cmd_status, "status RULESET [--fen FEN] [--config FILE]",
     "Judge the position: 'ongoing', 'SIDE wins: REASON' or 'draw: REASON' (puzzles:\n"
     "'solved: REASON' / 'failed: REASON'), then the flags of the side to move\n"
     "(check leash trapped) on a second line."},
    {"solve", cmd_solve, "solve RULESET [--fen FEN] [--config FILE]",
     "Solve a one-player puzzle exactly: a solution, one move per line, or 'no solution'\n"
     "(exit status 1) once none is proved."},
    {"analyze", cmd_analyze, "analyze RULESET [--fen FEN | --epd FILE] [--config FILE] (--depth N | --movetime MS) [--level N] [--search mcts|alphabeta]",
     "Search the position and print UCI-style 'info' lines, then 'bestmove MOVE'."},
    {"bench", cmd_bench, "bench [RULESET] [--depth N | --playouts N [--seed S]] [--config FILE]",
     "Search fixed positions to a fixed depth; the last line is 'nodes N nps M'.\n"
     "The node count changes only when the search does.  With --playouts, play N\n"
     "games of uniformly random legal moves from the start to the game's end (or a\n"
     "cap: the game's longest, else 1000 plies): 'playouts N plies P mean L capped C\n"
     "(cap K plies) checksum X', the results, then 'time T s playouts/s A moves/s B'."},
    {"console", cmd_console,
     "console [RULESET] [--config FILE] [--fen FEN] [--load FILE] [--ai red|black|both|none] [--level N] "
     "[--depth N] [--movetime MS] [--threads N] [--ascii] [--flip] [--search mcts|alphabeta]",
     "Play in the terminal; type 'help' at the prompt for the console's commands."},
    {"play", cmd_play,
     "play [RULESET] [--config FILE] [--fen FEN] [--load FILE] [--size WxH] [--flip] "
     "[--ai red|black|both|none] [--level N] [--host [PORT]] [--join HOST:PORT] [--code CODE] "
     "[--side red|black|random] [--time BASE+INC] [--save FILE] [--search mcts|alphabeta]",
     "Play in an SDL2 window; without a display, in the console."},
    {"render", cmd_render, "render RULESET [--fen FEN] [--config FILE] --out FILE.png [--size WxH] [--flip] [--layout] "
     "[--resign SIDE] [--hint] [--analysis] [--dialog newgame|help|settings|resume|draw-offer|takeback-offer|library|editor|paste] "
     "[--pieces plain|kai] [--message TEXT] [--exchange] [--boxes] [--chat TEXT] [--file-numbers] [--click POINT] [--lang zh|en|both]",
     "Draw the window's picture of the position off-screen (no display needed)."},
    {"uci", cmd_uci, "uci",
     "Run as a UCI engine on stdin/stdout ('setoption name UCI_Variant value RULESET')."},
    {"ucci", cmd_ucci, "ucci",
     "Run as a UCCI engine (the Chinese Xiangqi engine protocol): ICCS moves, ranks 0-9."},
    {"xboard", cmd_xboard, "xboard",
     "Run as an XBoard/WinBoard engine (CECP v2) for Xiangqi: moves a0..i9, FEN letters H and E\n"
     "('variant RULESET' plays another qipan game)."},
    {"gtp", cmd_gtp, "gtp [RULESET] [--config FILE] [--level N | --playouts N [--seed S]] [--threads N]",
     "Run as a GTP (Go Text Protocol v2) engine for Go (default) or another game whose moves are\n"
     "points (hex, gomoku, reversi): vertices A-T without I, row 1 at the bottom."},
    {"library", cmd_library, "library [delete FILE | restore FILE]",
     "List the finished games the window kept (newest first), a line each:\n"
     "DATE<TAB>RULESET<TAB>RESULT<TAB>PLIES<TAB>WHITE<TAB>BLACK<TAB>REASON<TAB>FILE.\n"
     "The files are records in $XDG_DATA_HOME/qipan/library: --load and Load open them.\n"
     "delete hides a game (as .deleted-FILE), restore brings it back, as the window's Library does."},
    {"convert", cmd_convert, "convert IN OUT [--notation coord|chinese|traditional|wxf|iccs] [--format pgn|xqf|sgf] [--encoding utf-8|gbk|big5] [--game N] [--list]",
     "Convert a game record (PGN in any notation, XQF, DhtmlXQ, CBF, CBR/CBL, EPD) to PGN with moves in the\n"
     "chosen notation (default: the record's own Chinese, WXF or ICCS, else coord), keeping its comments,\n"
     "NAGs and variations; a PGN collection or CBL library converts whole.  'convert --list IN' lists its games.\n"
     "A Go game converts to SGF with --format sgf or an OUT ending in .sgf."},
    {"host", cmd_host,
     "host RULESET [--config FILE] [--fen FEN] [--port N] [--bind ADDR] [--code CODE] [--side red|black|random] "
     "[--time BASE+INC] [--ai] [--level N] [--depth N] [--save FILE] [--reconnect-wait SECONDS] "
     "[--on-absent loss|adjourn] [--ascii] [--flip]",
     "Host a network game (docs/protocol.md): listen, print the address and the join code,\n"
     "and play one seat on stdin/stdout as in 'qipan console' (or by the engine with --ai)."},
    {"join", cmd_join,
     "join HOST:PORT --code CODE [RULESET] [--config FILE] [--fen FEN] [--ai] [--level N] [--depth N] "
     "[--save FILE] [--reconnect-wait SECONDS] [--ascii] [--flip]",
     "Join a network game hosted with 'qipan host'; the rules must be the host's."},
    /* the web build's file server (serve.c) */
    {"serve", cmd_serve, "serve [--port N] [--bind ADDR] [--dir DIR]",
     "Serve the web build (DIR, default build-web: 'sh setup.sh web' makes it) over HTTP on\n"
     "port 8080 of 127.0.0.1, with the headers its threads need; open the printed address\n"
     "in a browser (--bind 0.0.0.0 lets a phone on the same network in)."},
};

/* What an option does, shown by `help COMMAND` for the options its usage names. */
static const struct { const char *opt, *text; } opt_help[] = {
    {"--fen", "the position as FEN (default: the configured start position)"},
    {"--finished", "also count each game that ended before DEPTH as one leaf (tic-tac-toe 9: 255168)"},
    {"--no-bulk", "make every leaf instead of counting the last ply's moves: the same count, timed as general game systems time theirs"},
    {"--epd", "run each position of an EPD file, checking its bm/am moves"},
    {"--encoding", "the text encoding to write (default utf-8; gbk or big5 for older tools)"},
    /* records: files of many games */
    {"--game", "convert only game N (from 1) of a collection"},
    {"--list", "list the games of IN: number, players, result, date, plies"},
    {"--config", "a Lua configuration file (default: the ruleset's own NAME.lua)"},
    {"--load", "continue a saved game"},
    {"--depth", "search N plies deep"},
    {"--playouts", "play N random games (1..1000000000) and time them"},
    {"--seed", "the random moves' seed (default 1): the same seed plays the same games"},
    {"--movetime", "search for MS milliseconds"},
    {"--level", "playing strength 1..10"},
    {"--threads", "threads 1..64: the search's (default: the config's ai.threads, 1), or perft's (default 1)"},
    {"--ai", "the side(s) the computer plays"},
    {"--ascii", "draw the board with letters instead of Chinese characters"},
    {"--flip", "draw the board from the second player's side"},
    {"--size", "picture or window size in pixels, e.g. 900x1000"},
    {"--out", "the PNG file to write"},
    {"--layout", "also print each board point's pixel centre: NAME X Y, and each button's: btn-NAME X Y W H"},
    {"--search", "the AI: alpha-beta search or Monte Carlo tree search (default: the game's)"},
    {"--resign", "draw the position as if SIDE had just resigned (the end banner)"},
    {"--hint", "draw the engine's move (searched to a fixed depth) as an arrow"},
    {"--analysis", "draw the analysis panel and evaluation bar (fixed depth)"},
    {"--dialog", "draw a dialog over the board"},
    {"--pieces", "piece style: plain, or kai (brush glyphs)"},
    {"--lang", "the texts' language: zh, en, or both (default, \"中文 English\")"},
    {"--message", "put TEXT on the message line (with --dialog resume: the autosave's path)"},
    {"--exchange", "show the status line of an exchange in progress"},
    {"--chat", "show a network game's chat history, played from the first side (repeat it; \"you: TEXT\" is yours)"},
    {"--boxes", "also print each drawn text: text X Y W H in X Y W H (its room) layer N ok|cut|short TEXT"},
    {"--click", "click a board point as a player would, before drawing (repeat it: a piece, then a promotion square opens the choice)"},
    {"--host", "host a network game in the window (listening on PORT, default 7071)"},
    {"--join", "join a network game hosted at HOST:PORT in the window"},
    {"--port", "TCP port to listen on (0: any free one; default 7071, serve's 8080)"},
    {"--dir", "the folder to serve"},
    {"--bind", "address to listen on (default 127.0.0.1)"},
    {"--code", "the join code (default: a random one)"},
    {"--side", "the host's side"},
    {"--time", "clocks: BASE minutes (or 90s) + INC seconds a move"},
    {"--save", "write the game record there when the game ends"},
    {"--reconnect-wait", "how long a dropped side may take to come back"},
    {"--on-absent", "what happens when it does not: it loses on time, or the game is adjourned"},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name)) return &commands[i];
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: qipan COMMAND [ARGS]\n");
    for (size_t i = 0; i < NCOMMANDS; i++) fprintf(f, "  qipan %s\n", commands[i].usage);
    fprintf(f, "'qipan help COMMAND' or 'qipan COMMAND --help' describes a command; "
               "'qipan --version' prints the version.\n");
}

/* Whether usage names option opt ("--fen"), and whether a value follows
 * it there ("--fen FEN", not "[--flip]"). */
static bool usage_option(const char *usage, const char *opt, bool *takes_value)
{
    size_t k = strlen(opt);
    for (const char *p = strstr(usage, opt); p; p = strstr(p + 1, opt)) {
        if (p > usage && !strchr(" [(", p[-1])) continue;
        if (p[k] && !strchr(" ])|", p[k])) continue;
        *takes_value = p[k] == ' ' && p[k + 1] && !strchr("[(|", p[k + 1]);
        return true;
    }
    return false;
}

static bool checks_options(const command *c)
{
    return !strstr(c->usage, "…") && !strstr(c->usage, "...");
}

static void command_help(const command *c)
{
    printf("usage: qipan %s\n", c->usage);
    if (c->summary) printf("%s\n", c->summary);
    printf("\noptions:\n");
    /* each option of the usage once, in the usage's order */
    for (const char *p = strstr(c->usage, "--"); p; p = strstr(p + 2, "--")) {
        char opt[32], shown[64];
        size_t k = strcspn(p, " ])|");
        if (k >= sizeof opt) continue;
        memcpy(opt, p, k);
        opt[k] = 0;
        const char *first = strstr(c->usage, opt);
        if (first != p) continue;
        bool val = false;
        usage_option(c->usage, opt, &val);
        size_t vk = val ? strcspn(p + k + 1, " ])") : 0;
        snprintf(shown, sizeof shown, "%s%s%.*s", opt, val ? " " : "", (int)vk, val ? p + k + 1 : "");
        const char *text = "";
        for (size_t i = 0; i < sizeof opt_help / sizeof opt_help[0]; i++)
            if (!strcmp(opt_help[i].opt, opt)) text = opt_help[i].text;
        if (strlen(shown) > 18) printf("  %s\n  %-18s %s\n", shown, "", text);   /* keep the column */
        else printf("  %-18s %s\n", shown, text);
    }
    printf("  %-18s %s\n", "--help", "this text");
}

/* Returns 1 when argv asks for help, -1 (printed) on an option the usage
 * does not name, else 0. */
static int check_args(const command *c, int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
    if (!checks_options(c)) return 0;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--", 2) != 0) continue;
        bool val = false;
        if (!usage_option(c->usage, argv[i], &val)) {
            fprintf(stderr, "qipan %s: unknown option '%s'\n", c->name, argv[i]);
            return -1;
        }
        if (val) i++;   /* its value may start with "--" */
    }
    return 0;
}

static const command help_command = {"help", NULL, "help [COMMAND]",
                                     "Without COMMAND, the usage of every command; with one, its usage, what it\n"
                                     "does and each of its options (the same page as 'qipan COMMAND --help')."};

static int help(int argc, char **argv)
{
    if (argc < 3) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[2], "help") || !strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) {
        command_help(&help_command);
        return 0;
    }
    const command *c = find_command(argv[2]);
    if (!c) {
        fprintf(stderr, "qipan help: unknown command '%s'\n", argv[2]);
        usage(stderr);
        return 2;
    }
    command_help(c);
    return 0;
}

/* The registry's problems, one per line: each is a warning of its own. */
static void warn_lines(const char *text)
{
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(stderr, "qipan: warning: %.*s\n", (int)len, p);
        p += len + (p[len] == '\n');
    }
}

static void load_extensions(qp_app *app, const char *argv0)
{
    char dir[QP_PATH], err[8192];
    qp_dirlist dirs;
    /* A broken game file or plugin must not stop the others: warn only.
     * The shipped folders come first, so a user's file never replaces a
     * shipped ruleset of the same name. */
    snprintf(dir, sizeof dir, "%s/games", app->reg.scripts_dir);
    qp_search_dirs(QP_DIRS_GAMES, dir, &dirs);
    for (int i = 0; i < dirs.n; i++) {
        qp_registry_load_game_dir(&app->reg, dirs.dir[i], err, sizeof err);
        warn_lines(err);
    }
    qp_default_plugin_dir(argv0, dir, sizeof dir);
    qp_search_dirs(QP_DIRS_PLUGINS, dir, &dirs);
    for (int i = 0; i < dirs.n; i++) {
        qp_registry_load_plugin_dir(&app->reg, dirs.dir[i], err, sizeof err);
        warn_lines(err);
    }
}

/* Every command takes "--opt=VALUE" as "--opt VALUE": the argument is
 * split before the command sees it, so that no command's parser has to
 * know.  Returns a new argv (argc grows by the splits), or NULL when out
 * of memory. */
static char **split_equals(int *argc, char **argv)
{
    int n = *argc, extra = 0;
    for (int i = 1; i < n; i++)
        if (!strncmp(argv[i], "--", 2) && strchr(argv[i], '=')) extra++;
    char **out = calloc((size_t)(n + extra + 1), sizeof *out);
    if (!out) return NULL;
    int k = 0;
    for (int i = 0; i < n; i++) {
        char *eq = strncmp(argv[i], "--", 2) || i == 0 ? NULL : strchr(argv[i], '=');
        if (eq) {
            *eq = 0;   /* argv's strings are ours to change */
            out[k++] = argv[i];
            out[k++] = eq + 1;
        } else {
            out[k++] = argv[i];
        }
    }
    out[k] = NULL;
    *argc = k;
    return out;
}

static int run(int argc, char **argv)
{
    qp_app app;
    char dir[QP_PATH];

    if (argc > 1 && !strcmp(argv[1], "--version")) {
        printf("qipan %s\n", QP_VERSION);
        return 0;
    }
    if (argc > 1 && (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return help(argc, argv);
    const char *name = argc > 1 ? argv[1] : "play";
    const command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "qipan: unknown %s '%s'\n", name[0] == '-' ? "option" : "command", name);
        usage(stderr);
        return 2;
    }
    int chk = check_args(c, argc - 1, argv + 1);
    if (chk > 0) command_help(c);
    if (chk) return chk > 0 ? 0 : 2;

    app.argv0 = argv[0];
    qp_default_scripts_dir(argv[0], dir, sizeof dir);
    qp_registry_init(&app.reg, dir);
    qp_register_builtin(&app.reg);
    load_extensions(&app, argv[0]);

    int rc;
    if (argc > 1) {
        rc = c->fn(&app, argc - 1, argv + 1);
    } else {
        char *def[] = {"play", NULL};
        rc = c->fn(&app, 1, def);
    }
    qp_registry_free(&app.reg);
    return rc;
}

int main(int argc, char **argv)
{
    char **split = split_equals(&argc, argv);
    if (!split) {
        fprintf(stderr, "qipan: out of memory\n");
        return 1;
    }
    int rc = run(argc, split);
    free(split);
    return rc;
}
