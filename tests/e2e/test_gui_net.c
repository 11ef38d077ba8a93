/*
 * test_gui_net.c — the window plays a network game (frontends/gui/gui_net.c).
 *
 * A private Xvfb runs `qipan play zhonggong --host 0 --code C --save F`
 * (port 0: a free one, which the window reports); a console `qipan join`
 * process, fed through a pipe, takes the other seat.  Moves are clicked in
 * the window with xdotool and typed into the joiner; each side must see
 * the other's moves, and at the end both saved records must be the same
 * file.  A second test goes through the window's network keys: takeback
 * (U, accepted by the joiner), chat (C, typed text, Enter), a draw offer
 * (D, declined), and the joiner's draw offer accepted with Y.  A third
 * kills the joiner mid-game and starts it again: the game goes on.  The
 * last two go through the New Game dialog: Host (H) and Join (J).
 *
 * Every step waits for what a process reports (the window's log under
 * QIPAN_GUI_LOG, the joiner's output), with a timeout; nothing sleeps a
 * fixed time to let something happen.  Skipped without Xvfb or xdotool.
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WIN_SIZE "900x700"
#define WAIT_MS 60000   /* ASan builds on a busy machine are slow */

typedef struct net_test {
    char dir[64];
    char display[32];
    pid_t xvfb, window, joiner;
    int join_in;              /* the joiner's stdin */
    char win[32];             /* the window's X id */
    char *layout;             /* `qipan render --layout` of WIN_SIZE */
    size_t seen_win, seen_join;   /* bytes of each log already matched */
    int port;
    char why[600];            /* the first failure, "" while all is well */
} net_test;

static bool have(const char *prog)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
    return system(cmd) == 0;
}

static void note(net_test *t, const char *fmt, const char *arg)
{
    if (!t->why[0]) snprintf(t->why, sizeof t->why, fmt, arg);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char *buf = calloc(1, 262144);
    size_t n = fread(buf, 1, 262143, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static char *file_in(const net_test *t, const char *name)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", t->dir, name);
    char *s = read_text(path);
    return s ? s : calloc(1, 1);
}

static void close_inherited(void)
{
    for (int fd = 3; fd < 1024; fd++) close(fd);
}

/* The test's grace before a process that ignores SIGTERM is killed. */
#define STOP_GRACE_MS 5000
static void stop(pid_t pid) { tu_stop(pid, STOP_GRACE_MS); }
static int wait_exit(pid_t pid, int ms) { return tu_wait_exit(pid, ms, STOP_GRACE_MS); }

static int start_xvfb(net_test *t)
{
    return tu_start_xvfb(&t->xvfb, t->display, sizeof t->display);
}

/* The environment of every qipan the test starts: its own HOME and
 * data folders, no sound, the source tree's scripts. */
static void child_env(const net_test *t)
{
    char p[128];
    setenv("DISPLAY", t->display, 1);
    setenv("HOME", t->dir, 1);
    snprintf(p, sizeof p, "%s/data", t->dir);
    setenv("XDG_DATA_HOME", p, 1);
    snprintf(p, sizeof p, "%s/config", t->dir);
    setenv("XDG_CONFIG_HOME", p, 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    setenv("QIPAN_SCRIPTS", QP_SCRIPTS_DIR, 1);
    setenv("QIPAN_GUI_LOG", "1", 1);
    unsetenv("WAYLAND_DISPLAY");
    unsetenv("SDL_VIDEODRIVER");
}

/* argv[0] is qipan; stdout and stderr go to DIR/log; stdin from in_fd
 * (-1: /dev/null). */
static pid_t spawn(const net_test *t, const char *log, int in_fd, const char *const *argv)
{
    pid_t pid = fork();
    if (pid == 0) {
        char path[160];
        snprintf(path, sizeof path, "%s/%s", t->dir, log);
        int out = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
        int in = in_fd >= 0 ? in_fd : open("/dev/null", O_RDONLY);
        dup2(in, 0);
        dup2(out, 1);
        dup2(out, 2);
        close_inherited();
        child_env(t);
        /* X11 and Mesa leak at exit in the window (see test_gui_click); the
         * console peer keeps the leak check it was given */
        if (!strcmp(log, "window.log")) setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
        execv(QIPAN_BIN, (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* Waits for needle in DIR/log after what was matched before (*seen). */
static bool wait_in(net_test *t, const char *log, size_t *seen, const char *needle)
{
    if (t->why[0]) return false;
    for (int waited = 0; waited < WAIT_MS; waited += 50) {
        char *s = file_in(t, log);
        size_t n = strlen(s);
        const char *hit = *seen <= n ? strstr(s + *seen, needle) : NULL;
        if (hit) {
            *seen = (size_t)(hit - s) + strlen(needle);
            free(s);
            return true;
        }
        free(s);
        tu_sleep_ms(50);
    }
    char what[300];
    snprintf(what, sizeof what, "%s never reported '%s'", log, needle);
    note(t, "%s", what);
    return false;
}

static bool wait_win(net_test *t, const char *needle) { return wait_in(t, "window.log", &t->seen_win, needle); }
static bool wait_join(net_test *t, const char *needle) { return wait_in(t, "join.log", &t->seen_join, needle); }

static const char *xdo(const net_test *t, const char *args)
{
    return tu_xdotool(t->display, args);
}

static void key(net_test *t, const char *keys)
{
    if (t->why[0]) return;
    char args[160];
    snprintf(args, sizeof args, "key --window %s %s", t->win, keys);
    xdo(t, args);
}

static void type(net_test *t, const char *text)
{
    if (t->why[0]) return;
    char args[200];
    snprintf(args, sizeof args, "type --window %s '%s'", t->win, text);
    xdo(t, args);
}

static void click(net_test *t, const char *point)
{
    if (t->why[0]) return;
    char name[8];
    snprintf(name, sizeof name, "%s ", point);
    for (const char *s = t->layout; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
        int x, y;
        if (!strncmp(s, name, strlen(name)) && sscanf(s + strlen(name), "%d %d", &x, &y) == 2) {
            char args[160];
            snprintf(args, sizeof args, "mousemove --window %s %d %d click 1", t->win, x, y);
            xdo(t, args);
            return;
        }
    }
    note(t, "no point %s in the layout", point);
}

/* Clicks from, then to, and waits until the window played it. */
static void window_move(net_test *t, const char *from, const char *to)
{
    char played[64];
    click(t, from);
    if (*to) click(t, to);   /* "": a placement, one click */
    snprintf(played, sizeof played, "played: %s%s", from, to);
    wait_win(t, played);
}

static void say(net_test *t, const char *line)
{
    if (t->why[0]) return;
    size_t n = strlen(line);
    if (write(t->join_in, line, n) != (ssize_t)n || write(t->join_in, "\n", 1) != 1)
        note(t, "cannot write to the joiner: %s", strerror(errno));
}

/* The folder, the layout and Xvfb. */
static void start_x(net_test *t, const char *game, bool flip)
{
    memset(t, 0, sizeof *t);
    t->join_in = -1;
    if (!have("Xvfb") || !have("xdotool")) skip();
    snprintf(t->dir, sizeof t->dir, "/tmp/qp_guinet_XXXXXX");
    if (!mkdtemp(t->dir)) fail_msg("mkdtemp: %s", strerror(errno));
    char cmd[256], *err = NULL;
    snprintf(cmd, sizeof cmd, "render %s --size " WIN_SIZE " --layout%s --out %s/board.png", game,
             flip ? " --flip" : "", t->dir);
    if (tu_run(cmd, NULL, &t->layout, &err) != 0) note(t, "%s", "render --layout failed");
    free(err);
    if (!t->why[0] && start_xvfb(t)) note(t, "%s", "Xvfb did not start");
}

static void start_window(net_test *t, const char *const *argv)
{
    if (t->why[0]) return;
    t->window = spawn(t, "window.log", -1, argv);
    if (!tu_find_window(t->display, t->win, sizeof t->win, 60000)) note(t, "%s", "no qipan window appeared");
    wait_win(t, "start: ");
}

/* The port (and code) a log reports right after what was just matched:
 * "PORT, code CODE" or "PORT code CODE". */
static void read_port(net_test *t, const char *log, size_t seen, char *code, size_t n)
{
    if (t->why[0]) return;
    char *s = file_in(t, log);
    t->port = atoi(s + seen);
    const char *c = strstr(s + seen, "code ");
    if (code && c) snprintf(code, n, "%.*s", (int)strcspn(c + 5, ":, \n"), c + 5);
    free(s);
    if (t->port <= 0 || (code && !code[0])) note(t, "%s did not say its port and code", log);
}

/* The console joiner (stdin a pipe) for the window's game. */
static void start_joiner(net_test *t, const char *code)
{
    if (t->why[0]) return;
    char save[128];
    int fds[2];
    if (pipe(fds)) fail_msg("pipe: %s", strerror(errno));
    char target[64];
    snprintf(target, sizeof target, "127.0.0.1:%d", t->port);
    snprintf(save, sizeof save, "%s/join.txt", t->dir);
    const char *jargv[] = {QIPAN_BIN, "join", target, "--code", code, "--save", save, NULL};
    t->joiner = spawn(t, "join.log", fds[0], jargv);
    close(fds[0]);
    t->join_in = fds[1];
    signal(SIGPIPE, SIG_IGN);
    wait_win(t, "opponent connected");
    wait_join(t, "playing ");
}

/* Xvfb, the window hosting from the command line (its port read from its
 * log) and the joiner. */
static void start_game(net_test *t, const char *game, const char *code, const char *time)
{
    start_x(t, game, false);
    char save[128];
    snprintf(save, sizeof save, "%s/host.txt", t->dir);
    const char *wargv[] = {QIPAN_BIN, "play", game, "--size", WIN_SIZE, "--host", "0", "--code", code,
                           "--save", save, time ? "--time" : NULL, time, NULL};
    start_window(t, wargv);
    if (wait_win(t, "hosting on 127.0.0.1:")) read_port(t, "window.log", t->seen_win, NULL, 0);
    start_joiner(t, code);
}

static void start(net_test *t, const char *code) { start_game(t, "zhonggong", code, NULL); }

/* The joiner must have ended by itself (exit 0, the game over); the window
 * closes on q.  Any failure (or a sanitizer report) fails the test with
 * both logs. */
static void finish(net_test *t)
{
    if (t->join_in >= 0) close(t->join_in);
    if (t->joiner > 0) {
        int rc = t->why[0] ? (stop(t->joiner), 0) : wait_exit(t->joiner, WAIT_MS);
        if (rc != 0) note(t, "%s", "the joiner did not end cleanly");
    }
    if (t->window > 0) {
        if (!t->why[0]) {
            key(t, "q");
            if (wait_exit(t->window, 30000) != 0) note(t, "%s", "the window did not close cleanly on q");
        } else {
            stop(t->window);
        }
    }
    stop(t->xvfb);
    char *wl = file_in(t, "window.log"), *jl = file_in(t, "join.log");
    if (!t->why[0] && (strstr(wl, "runtime error") || strstr(wl, "AddressSanitizer") ||
                       strstr(jl, "runtime error") || strstr(jl, "AddressSanitizer")))
        note(t, "%s", "a sanitizer reported an error");
    if (t->why[0]) fail_msg("%s (display %s)\n--- window:\n%s\n--- joiner:\n%s", t->why, t->display, wl, jl);
    free(wl);
    free(jl);
}

/* Both records (files in the test's folder) are the same, holding want. */
static void same_files(const net_test *t, const char *host, const char *join, const char *want)
{
    char *h = file_in(t, host), *j = file_in(t, join);
    if (!*h || strcmp(h, j) || !strstr(h, want))
        fail_msg("records differ or lack '%s'\n--- host:\n%s\n--- joiner:\n%s", want, h, j);
    free(h);
    free(j);
}

static void same_records(const net_test *t, const char *want) { same_files(t, "host.txt", "join.txt", want); }

/* The file the window reported saving the network game in, relative to
 * the test's folder ("" if none). */
static void saved_name(net_test *t, char *out, size_t n)
{
    out[0] = 0;
    if (!wait_win(t, "net: saved ")) return;
    char *s = file_in(t, "window.log");
    const char *p = s + t->seen_win;
    size_t k = strlen(t->dir);
    if (!strncmp(p, t->dir, k) && p[k] == '/') snprintf(out, n, "%.*s", (int)strcspn(p + k + 1, "\n"), p + k + 1);
    free(s);
    if (!out[0]) note(t, "%s", "the window saved the game outside the test's folder");
}

static void cleanup(net_test *t)
{
    char cmd[128];
    free(t->layout);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->dir);
    if (system(cmd) != 0) fail_msg("cleanup %s", t->dir);
}

static void test_window_hosts_and_plays(void **state)
{
    (void)state;
    net_test t;
    start_game(&t, "zhonggong", "window-net-1", "5+3");   /* 5 minutes, 3 s a move */
    /* The window's click reaches the joiner, the joiner's move the window. */
    window_move(&t, "a3", "a4");
    wait_join(&t, "Red plays a3a4");
    say(&t, "a7a6");
    wait_win(&t, "opponent played: a7a6");
    /* Not the window's turn after its move: a click there plays nothing. */
    window_move(&t, "c3", "c4");
    wait_join(&t, "Red plays c3c4");
    click(&t, "e3");
    click(&t, "e4");
    wait_win(&t, "The opponent is to move");
    say(&t, "resign");
    wait_win(&t, "game over: red wins: resignation");
    wait_win(&t, "net: saved");
    /* The window shows the host's clocks: each side had 5 minutes and
     * gained 3 s a move, and spent less than a minute here. */
    long long c0 = 0, c1 = 0;
    if (wait_win(&t, "net: clocks shown ")) {
        char *log = file_in(&t, "window.log");
        sscanf(log + t.seen_win, "%lld %lld", &c0, &c1);
        free(log);
        if (c0 < 240000 || c0 > 306000 || c1 < 240000 || c1 > 303000) note(&t, "%s", "the window's clocks are off");
    }
    wait_win(&t, "banner: ");
    wait_join(&t, "saved ");
    finish(&t);
    same_records(&t, "[Termination \"red wins: resignation\"]");
    same_records(&t, "\n1. a3a4 a7a6\n2. c3c4\n");
    cleanup(&t);
}

static void test_takeback_chat_and_draw(void **state)
{
    (void)state;
    net_test t;
    start(&t, "window-net-2");
    window_move(&t, "a3", "a4");
    wait_join(&t, "Red plays a3a4");
    say(&t, "a7a6");
    wait_win(&t, "opponent played: a7a6");
    /* U asks for a takeback; the joiner accepts: the window's record is cut
     * back (a3a4 can be clicked again only then). */
    key(&t, "u");
    wait_join(&t, "asks to take back");
    say(&t, "accept");
    wait_win(&t, "move taken back");
    window_move(&t, "a3", "a4");
    wait_join(&t, "Red plays a3a4");
    /* chat both ways */
    key(&t, "c");
    wait_win(&t, "net: chat open");   /* else the letters could be keys */
    type(&t, "hello black");
    key(&t, "Return");
    wait_win(&t, "you: hello black");
    wait_join(&t, "says: hello black");
    say(&t, "chat hello red");
    wait_win(&t, "net: chat opponent: hello red");   /* kept in the chat history (gui_chat.c) */
    wait_win(&t, "message: opponent: hello red");
    /* the window's draw offer is declined; the joiner's is accepted with Y */
    key(&t, "d");
    wait_win(&t, "draw offered");
    wait_join(&t, "offers a draw");
    say(&t, "decline");
    wait_win(&t, "the draw offer was declined");
    say(&t, "draw");
    wait_win(&t, "the opponent offers a draw");
    wait_win(&t, "dialog: net-draw-offer");   /* answered in a dialog: Accept (Y) / Decline (N) */
    key(&t, "y");
    wait_win(&t, "game over: draw");
    wait_win(&t, "net: saved");
    wait_win(&t, "banner: \xE5\x92\x8C\xE6\xA3\x8B Draw");   /* the agreed draw is the window's outcome too */
    wait_win(&t, "\xE5\x8D\x8F\xE8\xAE\xAE\xE5\x92\x8C\xE6\xA3\x8B agreement");   /* 协议和棋: its reason in both languages */
    wait_join(&t, "saved ");
    finish(&t);
    same_records(&t, "\n1. a3a4\n");
    same_records(&t, "[Termination \"draw");
    cleanup(&t);
}

/* The joiner is killed mid-game and started again with the same code:
 * the window (the host) keeps the game, and play goes on from ply 2. */
static void test_joiner_comes_back(void **state)
{
    (void)state;
    net_test t;
    start(&t, "window-net-3");
    window_move(&t, "a3", "a4");
    wait_join(&t, "Red plays a3a4");
    say(&t, "a7a6");
    wait_win(&t, "opponent played: a7a6");
    if (!t.why[0]) {
        kill(t.joiner, SIGKILL);
        waitpid(t.joiner, NULL, 0);
        t.joiner = 0;
        close(t.join_in);
        t.join_in = -1;
    }
    wait_win(&t, "connection lost at ply 2");
    start_joiner(&t, "window-net-3");
    wait_win(&t, "black is back at ply 2");
    window_move(&t, "c3", "c4");
    wait_join(&t, "Red plays c3c4");
    say(&t, "resign");
    wait_win(&t, "game over: red wins: resignation");
    wait_win(&t, "net: saved");
    wait_join(&t, "saved ");
    finish(&t);
    same_records(&t, "\n1. a3a4 a7a6\n2. c3c4\n");
    cleanup(&t);
}

/* A Lua game played to its end by the rules: the window's X (clicks)
 * gets three in a row against the joiner's O. */
static void test_lua_game_to_the_end(void **state)
{
    (void)state;
    net_test t;
    start_game(&t, "tictactoe", "window-net-ttt", NULL);
    window_move(&t, "a1", "");
    wait_join(&t, "plays a1");
    say(&t, "b1");
    wait_win(&t, "opponent played: b1");
    window_move(&t, "a2", "");
    wait_join(&t, "plays a2");
    say(&t, "b2");
    wait_win(&t, "opponent played: b2");
    window_move(&t, "a3", "");
    wait_win(&t, "game over: ");
    wait_win(&t, "three in a row");
    wait_win(&t, "net: saved");
    wait_win(&t, "banner: ");
    wait_join(&t, "saved ");
    finish(&t);
    same_records(&t, "[Ruleset \"tictactoe\"]");
    same_records(&t, "\n1. a1 b1\n2. a2 b2\n3. a3\n");
    cleanup(&t);
}

static const char *const window_only[] = {QIPAN_BIN, "play", "zhonggong", "--size", WIN_SIZE, "--ai", "none", NULL};

/* New Game, Host (H), the address typed: a console joiner plays; after
 * the game New brings the local game in progress back. */
static void test_dialog_host(void **state)
{
    (void)state;
    net_test t;
    char code[40] = "", saved[200] = "";
    start_x(&t, "zhonggong", false);
    start_window(&t, window_only);
    window_move(&t, "a3", "a4");   /* a local game, left alone by the network game */
    key(&t, "n");
    wait_win(&t, "dialog: newgame");
    key(&t, "h");
    wait_win(&t, "dialog: net-host");
    key(&t, "ctrl+u");
    type(&t, "127.0.0.1:0");
    key(&t, "Return");
    if (wait_win(&t, "hosting on 127.0.0.1:")) read_port(&t, "window.log", t.seen_win, code, sizeof code);
    start_joiner(&t, code);
    window_move(&t, "c3", "c4");   /* the network game starts afresh */
    wait_join(&t, "Red plays c3c4");
    say(&t, "g7g6");
    wait_win(&t, "opponent played: g7g6");
    say(&t, "resign");
    wait_win(&t, "game over: red wins: resignation");
    saved_name(&t, saved, sizeof saved);
    wait_win(&t, "banner: ");
    key(&t, "Escape");
    wait_win(&t, "dialog: closed");
    key(&t, "n");   /* leaves the finished network game: the local one is back */
    wait_win(&t, "Loaded ");
    wait_win(&t, "dialog: newgame");
    key(&t, "Escape");
    wait_win(&t, "dialog: closed");
    finish(&t);
    same_files(&t, saved, "join.txt", "\n1. c3c4 g7g6\n");
    char *local = file_in(&t, "data/qipan/autosave-zhonggong.txt");
    if (!strstr(local, "\n1. a3a4\n")) fail_msg("the local game was not kept:\n%s", local);
    free(local);
    cleanup(&t);
}

/* New Game, Join (J), "HOST:PORT CODE" typed: the window plays Black
 * against a console host (the window shows Black at the bottom). */
static void test_dialog_join(void **state)
{
    (void)state;
    net_test t;
    char saved[200] = "";
    start_x(&t, "zhonggong", true);
    start_window(&t, window_only);
    if (!t.why[0]) {
        int fds[2];
        if (pipe(fds)) fail_msg("pipe: %s", strerror(errno));
        char save[128];
        snprintf(save, sizeof save, "%s/join.txt", t.dir);   /* the console host's record */
        const char *hargv[] = {QIPAN_BIN, "host", "zhonggong", "--port", "0", "--code", "dialog-join", "--save", save, NULL};
        t.joiner = spawn(&t, "join.log", fds[0], hargv);
        close(fds[0]);
        t.join_in = fds[1];
        signal(SIGPIPE, SIG_IGN);
    }
    if (wait_join(&t, "listening on 127.0.0.1:")) read_port(&t, "join.log", t.seen_join, NULL, 0);
    key(&t, "n");
    wait_win(&t, "dialog: newgame");
    key(&t, "j");
    wait_win(&t, "dialog: net-join");
    char line[80];
    snprintf(line, sizeof line, "127.0.0.1:%d dialog-join", t.port);
    key(&t, "ctrl+u");
    type(&t, line);
    key(&t, "Return");
    wait_win(&t, "playing black");
    say(&t, "a3a4");
    wait_win(&t, "opponent played: a3a4");
    window_move(&t, "a7", "a6");
    wait_join(&t, "Black plays a7a6");
    key(&t, "ctrl+r");
    wait_win(&t, "dialog: confirm-resign");
    key(&t, "y");
    wait_win(&t, "game over: red wins: resignation");
    saved_name(&t, saved, sizeof saved);
    wait_join(&t, "saved ");
    finish(&t);
    same_files(&t, saved, "join.txt", "\n1. a3a4 a7a6\n");
    /* Black was at the bottom for the network game only: the remembered
     * settings keep the local game's view and mode. */
    char *set = file_in(&t, "config/qipan/settings.conf");
    if (!strstr(set, "flip off\n") || !strstr(set, "mode 0\n")) fail_msg("settings after the network game:\n%s", set);
    free(set);
    cleanup(&t);
}

/* Bad network options of `play` are refused before any window opens,
 * with the offending text; without a display the seat is refused too. */
static void test_play_network_options(void **state)
{
    (void)state;
    static const struct {
        const char *args, *err;
    } bad[] = {
        {"play zhonggong --join 127.0.0.1:7071", "--join needs the host's --code"},
        {"play zhonggong --join :7071 --code abcd", "--join wants HOST:PORT, got ':7071'"},
        {"play zhonggong --join 127.0.0.1:0 --code abcd", "--join wants HOST:PORT, got '127.0.0.1:0'"},
        {"play zhonggong --host 70000", "--host PORT must be 0..65535, got '70000'"},
        {"play zhonggong --host --time 5", "--time must be MINUTES+SECONDS (e.g. 5+3), got '5'"},
        {"play zhonggong --code abcd", "--code, --side and --time go with --host or --join"},
        {"play zhonggong --host 0 --code", "--code needs a value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *out = NULL, *err = NULL;
        int rc = tu_run(bad[i].args, NULL, &out, &err);
        if (rc != 2 || !strstr(err, bad[i].err)) fail_msg("%s: exit %d, stderr: %s", bad[i].args, rc, err);
        free(out);
        free(err);
    }
    /* no display: `play --host` does not fall back to an offline console game */
    char *saved = getenv("DISPLAY") ? strdup(getenv("DISPLAY")) : NULL;
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
    unsetenv("SDL_VIDEODRIVER");
    char *out = NULL, *err = NULL;
    int rc = tu_run("play zhonggong --host 0", NULL, &out, &err);
    if (saved) setenv("DISPLAY", saved, 1);
    free(saved);
    if (rc != 2 || !strstr(err, "play --host/--join needs a display; use qipan host"))
        fail_msg("play --host without a display: exit %d, stderr: %s", rc, err);
    free(out);
    free(err);
}

int main(void)
{
    /* Without Xvfb and xdotool the whole suite is skipped, and ctest says so. */
    if (!have("Xvfb") || !have("xdotool")) {
        printf("# skipped: Xvfb and xdotool are needed\n");
        return TU_SKIPPED;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_network_options),
        cmocka_unit_test(test_window_hosts_and_plays),
        cmocka_unit_test(test_takeback_chat_and_draw),
        cmocka_unit_test(test_joiner_comes_back),
        cmocka_unit_test(test_lua_game_to_the_end),
        cmocka_unit_test(test_dialog_host),
        cmocka_unit_test(test_dialog_join),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
