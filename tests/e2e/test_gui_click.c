/*
 * test_gui_click.c — the real window under a private X server.
 *
 * Starts Xvfb (on a display it picks itself), opens `qipan play zhonggong`
 * with HOME and XDG_DATA_HOME in a fresh directory and a known window
 * size, takes the board coordinates from `qipan render --layout` of the
 * same size, and plays with real pointer events from xdotool: click a
 * piece, click its destination, press q.  The autosave must then hold the
 * move.  A second start offers that game back; answering y and playing
 * Black's reply must give a record with both moves.  A second test zooms
 * the window with Ctrl+= / Ctrl+- / Ctrl+0 and reads its size back from
 * the X server.  Skipped when Xvfb or xdotool is not installed.
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WIN_SIZE "900x700"

typedef struct xenv {
    pid_t xvfb;
    char display[32];
    char dir[64];
} xenv;

static bool have(const char *prog)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
    return system(cmd) == 0;
}

static int start_xvfb(xenv *x)
{
    return tu_start_xvfb(&x->xvfb, x->display, sizeof x->display);
}

/* The test's grace before a process that ignores SIGTERM is killed. */
#define STOP_GRACE_MS 2500
static void stop(pid_t pid) { tu_stop(pid, STOP_GRACE_MS); }
static int wait_exit(pid_t pid, int ms) { return tu_wait_exit(pid, ms, STOP_GRACE_MS); }

/* A child must not keep the test runner's pipes open: an orphan holding
 * them would make the runner wait forever. */
static void close_inherited(void)
{
    for (int fd = 3; fd < 1024; fd++) close(fd);
}

/* Starts `qipan play zhonggong --size WIN_SIZE ARGS...` on the private
 * display, with QIPAN_GUI_LOG on so the test can wait on what the window
 * reports (moves played, dialogs, messages) instead of sleeping. */
/* The game the sessions play ("zhonggong" unless a test says otherwise). */
static const char *play_game = "zhonggong";

static pid_t start_play_args(const xenv *x, const char *const *args)
{
    pid_t pid = fork();
    if (pid == 0) {
        close_inherited();
        char home[128];
        snprintf(home, sizeof home, "%s/data", x->dir);
        setenv("DISPLAY", x->display, 1);
        setenv("HOME", x->dir, 1);
        setenv("XDG_DATA_HOME", home, 1);
        snprintf(home, sizeof home, "%s/config", x->dir);
        setenv("XDG_CONFIG_HOME", home, 1);
        setenv("SDL_AUDIODRIVER", "dummy", 1);
        setenv("QIPAN_SCRIPTS", QP_SCRIPTS_DIR, 1);
        setenv("QIPAN_GUI_LOG", "1", 1);
        unsetenv("WAYLAND_DISPLAY");
        /* Under the sanitizers, X11, D-Bus and Mesa leak at exit in ways
         * that are not ours; the drawing code's leaks are checked by
         * test_render, which runs the same code without a display. */
        setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
        unsetenv("SDL_VIDEODRIVER");
        char log[128];
        snprintf(log, sizeof log, "%s/play.log", x->dir);
        int out = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(out, 1);
        dup2(out, 2);
        close(out);
        close(null);
        const char *argv[32] = {QIPAN_BIN, "play", play_game, "--size", WIN_SIZE};
        int n = 5;
        for (; args && *args && n < 31; args++) argv[n++] = *args;
        argv[n] = NULL;
        execv(QIPAN_BIN, (char *const *)argv);
        _exit(127);
    }
    return pid;
}

static pid_t start_play(const xenv *x)
{
    const char *const args[] = {"--ai", "none", NULL};
    return start_play_args(x, args);
}

/* Runs an xdotool command line on the private display; returns its output. */
static const char *xdo(const xenv *x, const char *args)
{
    return tu_xdotool(x->display, args);
}

/* Types keys (xdotool key names, space-separated) into the window. */
static void send_keys(const xenv *x, const char *win, const char *keys)
{
    char args[160];
    snprintf(args, sizeof args, "key --window %s %s", win, keys);
    xdo(x, args);
}

static void point_of(const char *layout, const char *name, int *px, int *py)
{
    char key[32];
    snprintf(key, sizeof key, "%s ", name);
    const char *s = layout;
    while (s && *s) {
        if (!strncmp(s, key, strlen(key))) {
            if (sscanf(s + strlen(key), "%d %d", px, py) == 2) return;
        }
        s = strchr(s, '\n');
        if (s) s++;
    }
    fail_msg("no %s in layout", name);
}

static void click(const xenv *x, const char *win, const char *layout, const char *name)
{
    int px, py;
    char args[160];
    point_of(layout, name, &px, &py);
    snprintf(args, sizeof args, "mousemove --window %s %d %d click 1", win, px, py);
    xdo(x, args);
    tu_sleep_ms(250);
}

static char *find_window(const xenv *x)
{
    static char win[32];
    if (!tu_find_window(x->display, win, sizeof win, 60000)) return NULL;
    tu_sleep_ms(400);   /* first frame drawn */
    return win;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char *buf = calloc(1, 65536);
    size_t n = fread(buf, 1, 65535, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* One session of the window: play the clicks (keys before them), quit
 * with q.  Returns NULL, or what went wrong.  Never leaves the window
 * running. */
static const char *session(const xenv *x, const char *layout, const char *keys, const char *const *clicks)
{
    pid_t play = start_play(x);
    if (play < 0) return "fork failed";
    char *win = find_window(x);
    if (!win) {
        stop(play);
        return "no qipan window appeared";
    }
    for (const char *k = keys; k && *k; k++) {
        send_keys(x, win, (char[]){*k, 0});
        tu_sleep_ms(300);
    }
    for (; clicks && *clicks; clicks++) click(x, win, layout, *clicks);
    send_keys(x, win, "q");
    int rc = wait_exit(play, 10000);
    if (rc == -1) return "the window did not close on q";
    if (rc != 0) return "qipan play failed";
    return NULL;
}

/* A fresh directory for HOME and the files; skips the test without Xvfb
 * or xdotool. */
static void xenv_dir(xenv *x)
{
    if (!have("Xvfb") || !have("xdotool")) skip();
    memset(x, 0, sizeof *x);
    snprintf(x->dir, sizeof x->dir, "/tmp/qp_gui_XXXXXX");
    if (!mkdtemp(x->dir)) fail_msg("mkdtemp: %s", strerror(errno));
}

static void xenv_cleanup(const xenv *x)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", x->dir);
    if (system(cmd) != 0) fail_msg("cleanup %s", x->dir);
}

static void test_click_move_autosave_resume(void **state)
{
    (void)state;
    xenv x;
    xenv_dir(&x);
    char path[160], logpath[160], args[256], *layout = NULL, *err = NULL, *rec1 = NULL, *rec2 = NULL;
    snprintf(path, sizeof path, "%s/data/qipan/autosave-zhonggong.txt", x.dir);
    snprintf(logpath, sizeof logpath, "%s/play.log", x.dir);
    const char *why = NULL;

    snprintf(args, sizeof args, "render zhonggong --size " WIN_SIZE " --layout --out %s/board.png", x.dir);
    if (tu_run(args, NULL, &layout, &err) != 0) why = "render --layout failed";
    if (!why && start_xvfb(&x)) why = "Xvfb did not start";
    /* First run: Red's soldier a3 to a4; second run: resume (y), Black
     * answers a7a6. */
    const char *const first[] = {"a3", "a4", NULL}, *const second[] = {"a7", "a6", NULL};
    if (!why) why = session(&x, layout, "", first);
    if (!why) rec1 = read_text(path);
    if (!why) why = session(&x, layout, "y", second);
    if (!why) rec2 = read_text(path);
    stop(x.xvfb);

    char *log = read_text(logpath);
    if (why) fail_msg("%s (display %s); qipan said: %s", why, x.display, log ? log : "");
    free(log);
    if (!rec1) fail_msg("no autosave after the first run");
    assert_non_null(strstr(rec1, "[Ruleset \"zhonggong\"]"));
    if (!strstr(rec1, "1. a3a4\n")) fail_msg("autosave after a3a4:\n%s", rec1);
    if (!rec2 || !strstr(rec2, "1. a3a4 a7a6")) fail_msg("autosave after resuming:\n%s", rec2 ? rec2 : "(none)");
    free(rec1);
    free(rec2);
    free(layout);
    free(err);
    xenv_cleanup(&x);
}

/* The window's size as the X server has it, or 0x0. */
static void window_size(const xenv *x, const char *win, int *w, int *h)
{
    char args[96];
    snprintf(args, sizeof args, "getwindowgeometry %s", win);
    const char *g = strstr(xdo(x, args), "Geometry: ");
    *w = *h = 0;
    if (g) sscanf(g, "Geometry: %dx%d", w, h);
}

/* Sends keys to the window, then polls its size (zooming is asynchronous
 * in X) until it settles on want; the last size read goes to w, h. */
static bool keys_give_size(const xenv *x, const char *win, const char *keys, int want_w, int want_h,
                           int *w, int *h)
{
    send_keys(x, win, keys);
    for (int i = 0; i < 40; i++) {
        window_size(x, win, w, h);
        if (*w == want_w && *h == want_h) return true;
        tu_sleep_ms(100);
    }
    return false;
}

static void test_zoom_keys(void **state)
{
    (void)state;
    xenv x;
    xenv_dir(&x);
    if (start_xvfb(&x)) fail_msg("Xvfb did not start");
    pid_t play = start_play(&x);
    char *win = find_window(&x);
    const char *why = NULL;
    int w = 0, h = 0, w1 = 0, h1 = 0, w2 = 0, h2 = 0;
    if (!win) why = "no qipan window appeared";
    /* Ctrl+= twice grows the window by 12.5% a step; Ctrl+- shrinks it
     * one step; Ctrl+0 brings back the starting size. */
    if (!why && !keys_give_size(&x, win, "ctrl+equal ctrl+equal", 1140, 887, &w1, &h1))
        why = "Ctrl+= twice did not give 1140x887";
    if (!why && !keys_give_size(&x, win, "ctrl+minus", 1013, 788, &w2, &h2))
        why = "Ctrl+- did not give 1013x788";
    if (!why && !keys_give_size(&x, win, "ctrl+0", 900, 700, &w, &h))
        why = "Ctrl+0 did not give back 900x700";
    if (win) send_keys(&x, win, "q");
    if (wait_exit(play, 10000) != 0 && !why) why = "the window did not close cleanly on q";
    stop(x.xvfb);
    if (why) fail_msg("%s (sizes %dx%d, %dx%d, %dx%d)", why, w1, h1, w2, h2, w, h);
    xenv_cleanup(&x);
}

/* ---- a session driven by what the window reports ------------------------ */

typedef struct sess {
    xenv x;
    pid_t play;
    char *win;
    char *layout;
    size_t seen;              /* log bytes already matched */
    char why[512];            /* first failure, "" while all is well */
} sess;

static char *log_text(const sess *t)
{
    char path[160];
    snprintf(path, sizeof path, "%s/play.log", t->x.dir);
    char *s = read_text(path);
    return s ? s : calloc(1, 1);
}

/* Waits (up to 60 s: ASan builds on a busy machine are slow) for needle
 * in the log after what earlier waits matched; a failure is recorded once. */
static bool wait_log(sess *t, const char *needle)
{
    if (t->why[0]) return false;
    for (int i = 0; i < 1200; i++) {
        char *s = log_text(t);
        size_t n = strlen(s);
        const char *hit = t->seen <= n ? strstr(s + t->seen, needle) : NULL;
        if (hit) {
            t->seen = (size_t)(hit - s) + strlen(needle);
            free(s);
            return true;
        }
        free(s);
        tu_sleep_ms(50);
    }
    snprintf(t->why, sizeof t->why, "the window never reported '%s'", needle);
    return false;
}

static void sess_key(sess *t, const char *keys)
{
    if (!t->why[0]) send_keys(&t->x, t->win, keys);
}

static void sess_click(sess *t, const char *name)
{
    if (t->why[0]) return;
    int px, py;
    char args[160];
    point_of(t->layout, name, &px, &py);
    snprintf(args, sizeof args, "mousemove --window %s %d %d click 1", t->win, px, py);
    xdo(&t->x, args);
}

/* Xvfb, the layout and a window started with args; files may be put in
 * the data directory first by the caller through pre (NULL: none). */
static void sess_start_game(sess *t, const char *game, const char *const *args, void (*pre)(const sess *))
{
    memset(t, 0, sizeof *t);
    xenv_dir(&t->x);
    play_game = game;
    char cmd[256], games[160], *err = NULL;
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/data/qipan/games'", t->x.dir);
    if (system(cmd) != 0) snprintf(t->why, sizeof t->why, "mkdir failed");
    if (pre) pre(t);
    /* the window finds games put there by pre in its data folder; render
     * is told of that folder */
    snprintf(games, sizeof games, "%s/data/qipan/games", t->x.dir);
    setenv("QIPAN_GAMES_PATH", games, 1);
    snprintf(cmd, sizeof cmd, "render %s --size " WIN_SIZE " --layout --out %s/board.png", game, t->x.dir);
    if (!t->why[0] && tu_run(cmd, NULL, &t->layout, &err) != 0)
        snprintf(t->why, sizeof t->why, "render --layout failed: %s", err);
    unsetenv("QIPAN_GAMES_PATH");
    free(err);
    if (!t->why[0] && start_xvfb(&t->x)) snprintf(t->why, sizeof t->why, "Xvfb did not start");
    if (t->why[0]) return;
    t->play = start_play_args(&t->x, args);
    t->win = find_window(&t->x);
    if (!t->win) snprintf(t->why, sizeof t->why, "no qipan window appeared");
    wait_log(t, "start: ");   /* the window is set up and reads events */
}

static void sess_start(sess *t, const char *const *args, void (*pre)(const sess *))
{
    sess_start_game(t, "zhonggong", args, pre);
}

/* Quits with q and stops the X server; fails the test on any problem. */
static void sess_end(sess *t)
{
    if (t->win && !t->why[0]) {
        send_keys(&t->x, t->win, "q");
        int rc = wait_exit(t->play, 30000);
        if (rc != 0) snprintf(t->why, sizeof t->why, "the window did not close cleanly on q (%d)", rc);
    } else if (t->play > 0) {
        stop(t->play);
    }
    stop(t->x.xvfb);
    char *all = log_text(t);
    if (!t->why[0] && (strstr(all, "runtime error") || strstr(all, "AddressSanitizer")))
        snprintf(t->why, sizeof t->why, "a sanitizer reported an error");
    free(all);
    if (t->why[0]) {
        char *log = log_text(t);
        fail_msg("%s (display %s); qipan said: %s", t->why, t->x.display, log);
    }
}

static void sess_free(sess *t)
{
    free(t->layout);
    xenv_cleanup(&t->x);
}

static char *data_file(const sess *t, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/data/qipan/%s", t->x.dir, name);
    return read_text(path);
}

/* The one file in the data directory whose name starts with prefix, read;
 * NULL if there is none or more than one. */
static char *data_file_like(const sess *t, const char *prefix)
{
    char cmd[320];
    snprintf(cmd, sizeof cmd, "ls '%s/data/qipan' | grep '^%s'", t->x.dir, prefix);
    FILE *p = popen(cmd, "r");
    char name[256] = "", more[256] = "";
    if (p) {
        if (!fgets(name, sizeof name, p)) name[0] = 0;
        if (!fgets(more, sizeof more, p)) more[0] = 0;
        pclose(p);
    }
    name[strcspn(name, "\n")] = 0;
    if (!name[0] || more[0]) return NULL;
    return data_file(t, name);
}

static const char *const two_players[] = {"--ai", "none", NULL};

static void test_new_asks_and_keeps_the_game(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, NULL);
    sess_click(&t, "a3");
    sess_click(&t, "a4");
    wait_log(&t, "played: a3a4");
    /* New opens the New Game dialog; Esc keeps playing. */
    sess_key(&t, "n");
    wait_log(&t, "dialog: newgame");
    sess_key(&t, "Escape");
    wait_log(&t, "dialog: closed");
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!t.why[0] && (!rec || !strstr(rec, "1. a3a4\n"))) snprintf(t.why, sizeof t.why, "the game was not kept");
    free(rec);
    /* Confirmed, the old game is kept aside, and Undo brings it back. */
    sess_key(&t, "n");
    wait_log(&t, "dialog: newgame");
    sess_key(&t, "Return");
    wait_log(&t, "Undo brings the last one back");
    char *prev = data_file_like(&t, "autosave-zhonggong-previous-");
    if (!t.why[0] && (!prev || !strstr(prev, "1. a3a4\n"))) snprintf(t.why, sizeof t.why, "no previous game kept");
    free(prev);
    sess_key(&t, "u");
    wait_log(&t, "Previous game back");
    sess_end(&t);
    rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "1. a3a4\n")) fail_msg("after undo of the new game the autosave is:\n%s", rec ? rec : "(none)");
    free(rec);
    assert_null(data_file_like(&t, "autosave-zhonggong-previous-"));
    sess_free(&t);
}

static const char broken[] = "[Ruleset \"zhonggong\"]\n[Result \"*\"]\n\n1. a3a4 a7a5\n";

static void put_broken_autosave(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/data/qipan/autosave-zhonggong.txt", t->x.dir);
    FILE *f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs(broken, f);
    fclose(f);
}

static void test_unreadable_autosave_is_kept(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, put_broken_autosave);
    wait_log(&t, "cannot load the autosave");
    wait_log(&t, "kept as ");
    /* A move and a quit write a new autosave; the broken one survives. */
    sess_click(&t, "a3");
    sess_click(&t, "a4");
    wait_log(&t, "played: a3a4");
    sess_end(&t);
    char *kept = data_file_like(&t, "autosave-zhonggong-unreadable-");
    if (!kept) fail_msg("the unreadable autosave was not kept");
    assert_string_equal(kept, broken);
    free(kept);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    assert_non_null(rec);
    assert_non_null(strstr(rec, "1. a3a4\n"));
    free(rec);
    sess_free(&t);
}

static void test_illegal_click_and_resign_banner(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, NULL);
    sess_click(&t, "a3");
    sess_click(&t, "a5");
    /* refusals say the rule, in both languages (gui_why.c, framework/why.h) */
    wait_log(&t, "error: \xE5\x85\xB5\xE4\xB8\x8D\xE8\x83\xBD\xE4\xBB\x8E" "a3\xE8\xB5\xB0\xE5\x88\xB0" "a5 "
                 "A soldier cannot move from a3 to a5\n");   /* 兵不能从a3走到a5 */
    sess_click(&t, "b1");
    wait_log(&t, "error: b1\xE7\x9A\x84\xE9\xA9\xAC\xE6\x97\xA0\xE8\xB7\xAF\xE5\x8F\xAF\xE8\xB5\xB0\xEF\xBC\x9A"
                 "\xE8\xB9\xA9\xE9\xA9\xAC\xE8\x85\xBF\xEF\xBC\x9A" "c1\xE6\x9C\x89\xE7\x9B\xB8 The horse on b1 has no "
                 "legal move: the horse's leg is blocked by the elephant on c1\n");   /* b1的马无路可走：蹩马腿：c1有相 */
    sess_click(&t, "a1");
    sess_click(&t, "a5");
    wait_log(&t, "error: \xE8\xA2\xAB" "a3\xE7\x9A\x84\xE5\x85\xB5\xE6\x8C\xA1\xE4\xBD\x8F Blocked by the soldier on a3\n");
    /* 被a3的兵挡住 */
    sess_key(&t, "ctrl+r");
    wait_log(&t, "dialog: confirm-resign");
    sess_key(&t, "y");
    wait_log(&t, "banner: \xE9\xBB\x91\xE6\x96\xB9\xE8\x83\x9C Black wins \xE2\x80\x94 "
                 "\xE7\xBA\xA2\xE6\x96\xB9\xE8\xAE\xA4\xE8\xBE\x93 Red resigned\n");
    /* The finished game is kept in the library, once, and listed there. */
    wait_log(&t, "library: kept ");
    sess_end(&t);
    if (!t.why[0]) {
        char want[256], cmd[320];
        snprintf(want, sizeof want, "library: kept %s/data/qipan/library/zhonggong-", t.x.dir);
        char *all = log_text(&t);
        const char *k = strstr(all, want);
        if (!k || strstr(k + 1, "library: kept ")) fail_msg("not kept once in the library:\n%s", all);
        free(all);
        snprintf(cmd, sizeof cmd, "XDG_DATA_HOME='%s/data' '%s' library", t.x.dir, QIPAN_BIN);
        FILE *p = popen(cmd, "r");
        char line[1024] = "";
        if (!p || !fgets(line, sizeof line, p)) fail_msg("qipan library listed nothing");
        if (p) pclose(p);
        /* DATE RULESET RESULT PLIES WHITE BLACK REASON FILE */
        char *tab = strchr(line, '\t');
        if (!tab || !strstr(tab, "\tzhonggong\t0-1\t0\t?\t?\tblack wins: resignation\t") || !strstr(line, "/data/qipan/library/zhonggong-"))
            fail_msg("qipan library: %s", line);
    }
    sess_free(&t);
}

/* ---- the player tools: editor, clipboard, library ------------------------ */

static void put_library_games(const sess *t)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/data/qipan/library' && cd '%s/data/qipan/library' && "
                              "for i in 1 2; do printf '[Date \"2026.12.01\"]\\n[Result \"0-1\"]\\n"
                              "[Termination \"red resigns\"]\\n[Ruleset \"xiangqi\"]\\n\\n1. h3e3 h10g8 0-1\\n' "
                              "> xiangqi-20261201-12000$i.txt; done", t->x.dir, t->x.dir);
    if (system(cmd) != 0) fail_msg("cannot put library games");
}

/* Set up a position piece by piece (refused while the generals face each
 * other, with the ruleset's reason), play from it, copy its FEN, move,
 * paste the FEN back over the game in progress (asked first); then the
 * Library: delete a game, undo, open the other for review. */
static void test_editor_clipboard_library(void **state)
{
    (void)state;
    sess t;
    sess_start_game(&t, "xiangqi", two_players, put_library_games);
    /* the editor's palette and buttons, as render places them */
    char cmd[256], *err = NULL, *lay = NULL;
    snprintf(cmd, sizeof cmd, "render xiangqi --size " WIN_SIZE " --layout --dialog editor --out %s/ed.png", t.x.dir);
    if (!t.why[0] && tu_run(cmd, NULL, &lay, &err) != 0) snprintf(t.why, sizeof t.why, "render failed: %s", err);
    free(err);
    if (lay) {
        free(t.layout);
        t.layout = lay;
    }
    sess_key(&t, "e");
    wait_log(&t, "dialog: editor");
    sess_click(&t, "ed-clear");
    sess_click(&t, "pal-K");
    sess_click(&t, "e1");
    sess_click(&t, "pal-k");
    sess_click(&t, "e10");
    sess_click(&t, "ed-play");
    wait_log(&t, "editor refused: FEN board: the generals face each other on an open file");
    sess_click(&t, "e10");   /* the same piece again: removed */
    sess_click(&t, "d10");
    sess_click(&t, "pal-R");
    sess_click(&t, "a2");
    sess_click(&t, "ed-play");
    wait_log(&t, "editor: play 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    sess_key(&t, "ctrl+c");
    wait_log(&t, "copied FEN: 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    sess_click(&t, "a2");
    sess_click(&t, "a3");
    wait_log(&t, "played: a2a3");
    sess_key(&t, "ctrl+v");
    wait_log(&t, "dialog: paste");
    sess_key(&t, "y");
    wait_log(&t, "pasted: xiangqi 0 plies 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    sess_key(&t, "k");   /* hints and best lines in coordinates */
    wait_log(&t, "settings: notation coords");
    sess_key(&t, "shift+k");   /* 九…一 and 1…9 at the board's edges */
    wait_log(&t, "settings: edge numbers");

    sess_key(&t, "b");
    wait_log(&t, "library: 2 games");
    sess_key(&t, "d");
    wait_log(&t, "library: deleted xiangqi-20261201-120002.txt");
    sess_key(&t, "u");
    wait_log(&t, "library: restored xiangqi-20261201-120002.txt");
    sess_key(&t, "Down");
    sess_key(&t, "Return");
    wait_log(&t, "message: \xE5\xA4\x8D\xE7\x9B\x98");   /* 复盘 Review … */
    wait_log(&t, "xiangqi-20261201-120001.txt");
    sess_end(&t);
    sess_free(&t);
}

/* A game file whose moves hook fails once a mark is on the board. */
static void put_failing_game(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/data/qipan/games/failing.lua", t->x.dir);
    FILE *f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("return {\n"
          "  name = \"failing\", title = \"Fails\",\n"
          "  board = { width = 3, height = 3, kind = \"cells\" },\n"
          "  sides = { \"x\", \"o\" }, pieces = { X = \"X\", o = \"O\" },\n"
          "  moves = function(pos)\n"
          "    if pos:count(\"X\") > 0 then error(\"no second move here\") end\n"
          "    pos:add_empty()\n"
          "  end,\n"
          "  play = function(pos, move) pos:set(qp.to(move), pos:side() == 0 and \"X\" or \"o\") end,\n"
          "}\n", f);
    fclose(f);
}

/* A game file's hook error is shown in the window's message line, not
 * only on stderr. */
static void test_hook_error_shown(void **state)
{
    (void)state;
    sess t;
    sess_start_game(&t, "failing", two_players, put_failing_game);
    sess_click(&t, "b2");
    wait_log(&t, "played: b2");
    wait_log(&t, "qipan: error: ");
    char *all = log_text(&t);
    char want[320];
    snprintf(want, sizeof want, "qipan: error: %s/data/qipan/games/failing.lua:6: no second move here\n", t.x.dir);
    if (!t.why[0] && !strstr(all, want)) snprintf(t.why, sizeof t.why, "no message line with the hook's error");
    free(all);
    sess_end(&t);
    sess_free(&t);
}

static void put_other_game(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/other.txt", t->x.dir);
    FILE *f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("[Ruleset \"zhonggong\"]\n[Result \"*\"]\n\n1. c3c4\n", f);
    fclose(f);
}

/* Loading a file over a game in progress keeps that game's autosave. */
static void test_load_keeps_the_game_in_progress(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, put_other_game);
    sess_click(&t, "a3");
    sess_click(&t, "a4");
    wait_log(&t, "played: a3a4");
    sess_key(&t, "ctrl+o");
    wait_log(&t, "dialog: load");
    sess_key(&t, "ctrl+u");
    if (!t.why[0]) {
        char args[256];
        snprintf(args, sizeof args, "type --window %s '%s/other.txt'", t.win, t.x.dir);
        xdo(&t.x, args);
    }
    sess_key(&t, "Return");
    wait_log(&t, "previous game kept as ");
    sess_end(&t);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "1. c3c4\n")) fail_msg("autosave after loading:\n%s", rec ? rec : "(none)");
    free(rec);
    char *prev = data_file_like(&t, "autosave-zhonggong-previous-");
    if (!prev || !strstr(prev, "1. a3a4\n")) fail_msg("the game in progress was not kept: %s", prev ? prev : "(none)");
    free(prev);
    sess_free(&t);
}

/* A record whose variation does not replay: the load says so in the
 * status line (and the log), after the file's name. */
static void put_warned_game(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/warned.txt", t->x.dir);
    FILE *f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("[Ruleset \"zhonggong\"]\n[Result \"*\"]\n\n1. c3c4 (1. c3c9)\n", f);
    fclose(f);
}

static void test_load_says_what_is_not_kept(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, put_warned_game);
    sess_key(&t, "ctrl+o");
    wait_log(&t, "dialog: load");
    sess_key(&t, "ctrl+u");
    if (!t.why[0]) {
        char args[256];
        snprintf(args, sizeof args, "type --window %s '%s/warned.txt'", t.win, t.x.dir);
        xdo(&t.x, args);
    }
    sess_key(&t, "Return");
    char want[512];
    snprintf(want, sizeof want, "Loaded %s/warned.txt; a variation at ply 1: move 'c3c9': illegal: ", t.x.dir);
    wait_log(&t, want);
    sess_end(&t);
    sess_free(&t);
}

/* Started with the computer playing Black, the dialog makes both sides
 * players with a 3+2 clock: the computer never moves (Black's reply is
 * clicked), the clocks start at 3:00 and Red's move adds 2 s. */
static void test_dialog_two_players_with_clock(void **state)
{
    (void)state;
    sess t;
    const char *const args[] = {"--level", "3", NULL};
    sess_start(&t, args, NULL);
    sess_key(&t, "n");
    wait_log(&t, "dialog: newgame");
    sess_key(&t, "2");
    sess_key(&t, "t");
    sess_key(&t, "t");
    sess_key(&t, "Return");
    wait_log(&t, "new game: zhonggong; red player; black player; level 3; time 3+2\n");
    sess_click(&t, "a3");
    sess_click(&t, "a4");
    wait_log(&t, "played: a3a4");
    char *side = data_file(&t, "autosave-zhonggong.window");
    if (!t.why[0] && (!side || !strstr(side, "mode 0\n") || !strstr(side, "tc 2 180 2 30\n") ||
                      !strstr(side, "left 182000 180000\n")))
        snprintf(t.why, sizeof t.why, "window state after a3a4: %s", side ? side : "(none)");
    free(side);
    sess_click(&t, "a7");
    sess_click(&t, "a6");
    wait_log(&t, "played: a7a6");
    sess_end(&t);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "1. a3a4 a7a6\n")) fail_msg("autosave:\n%s", rec ? rec : "(none)");
    free(rec);
    char *log = log_text(&t);
    /* exactly the two clicked moves were played */
    const char *p = log;
    int played = 0;
    while ((p = strstr(p, "played: "))) {
        played++;
        p++;
    }
    free(log);
    assert_int_equal(played, 2);
    sess_free(&t);
}

static void put_timed_game(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/data/qipan/autosave-zhonggong.txt", t->x.dir);
    FILE *f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("[Ruleset \"zhonggong\"]\n[Result \"*\"]\n\n1. a3a4\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/data/qipan/autosave-zhonggong.window", t->x.dir);
    f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("mode 0\nlevel 7\nflip 1\ntc 2 180 2 30\nleft 178000 1500\nspent 0 0\n", f);
    fclose(f);
}

/* Resuming restores mode, level, flip and the clocks of a 3+2 game;
 * Black's last 1.5 s run down and the flag fall ends the game. */
static void test_resume_clock_and_flag_fall(void **state)
{
    (void)state;
    sess t;
    const char *const args[] = {"--level", "2", NULL};   /* computer plays Black unless restored */
    sess_start(&t, args, put_timed_game);
    wait_log(&t, "dialog: resume");
    sess_key(&t, "y");
    wait_log(&t, "resumed: mode 0 level 7 flip 1 time 3+2 left 178000 1500\n");
    wait_log(&t, "banner: \xE7\xBA\xA2\xE6\x96\xB9\xE8\x83\x9C Red wins \xE2\x80\x94 "
                 "\xE9\xBB\x91\xE6\x96\xB9\xE8\xB6\x85\xE6\x97\xB6 Black ran out of time\n");
    /* A flag fall is final: Undo says so instead of seeming to work. */
    sess_key(&t, "Escape");
    sess_key(&t, "u");
    wait_log(&t, "Time is up: no take-back\n");
    sess_end(&t);
    char *log = log_text(&t);
    assert_null(strstr(log, "played: "));   /* the computer did not play Black */
    free(log);
    sess_free(&t);
}

/* Press on a piece, move the pointer with the button held, release on
 * the target: the move is played. */
static void test_drag_and_drop(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, NULL);
    if (!t.why[0]) {
        int x0, y0, x1, y1;
        char args[320];
        point_of(t.layout, "c3", &x0, &y0);
        point_of(t.layout, "c4", &x1, &y1);
        snprintf(args, sizeof args,
                 "mousemove --window %s %d %d mousedown 1 mousemove --window %s %d %d "
                 "mousemove --window %s %d %d mouseup 1",
                 t.win, x0, y0, t.win, (x0 + x1) / 2 + 3, (y0 + y1) / 2, t.win, x1, y1);
        xdo(&t.x, args);
    }
    wait_log(&t, "played: c3c4");
    sess_end(&t);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "1. c3c4\n")) fail_msg("autosave after the drag:\n%s", rec ? rec : "(none)");
    free(rec);
    sess_free(&t);
}

/* Against the computer, Undo takes back the player's move and the reply
 * in one press, and the next move replaces them without a question. */
static void test_undo_against_the_computer(void **state)
{
    (void)state;
    sess t;
    const char *const args[] = {"--ai", "black", "--level", "1", NULL};
    sess_start(&t, args, NULL);
    sess_click(&t, "a3");
    sess_click(&t, "a4");
    wait_log(&t, "played: a3a4\n");
    wait_log(&t, "played: ");   /* the computer's reply */
    tu_sleep_ms(300);
    sess_key(&t, "u");
    wait_log(&t, "undo: back to ply 0\n");
    sess_click(&t, "c3");
    sess_click(&t, "c4");
    wait_log(&t, "played: c3c4\n");
    wait_log(&t, "played: ");   /* and the computer answers the new move */
    sess_end(&t);
    char *log = log_text(&t);
    if (strstr(log, "confirm-branch")) fail_msg("Undo then a move asked to branch:\n%s", log);
    free(log);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "\n1. c3c4 ") || strstr(rec, "a3a4")) fail_msg("autosave after undo:\n%s", rec ? rec : "(none)");
    free(rec);
    sess_free(&t);
}

/* A hint arrives; stepping back and playing another move asks before it
 * drops the later moves. */
static void test_hint_review_and_branch(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, NULL);
    sess_key(&t, "t");
    wait_log(&t, "Hint: ");
    sess_click(&t, "a3");
    sess_click(&t, "a4");
    wait_log(&t, "played: a3a4");
    sess_click(&t, "a7");
    sess_click(&t, "a6");
    wait_log(&t, "played: a7a6");
    sess_key(&t, "Left");
    sess_click(&t, "c7");
    sess_click(&t, "c6");
    wait_log(&t, "dialog: confirm-branch");
    sess_key(&t, "y");
    wait_log(&t, "played: c7c6");
    sess_end(&t);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "1. a3a4 c7c6\n")) fail_msg("autosave after the new branch:\n%s", rec ? rec : "(none)");
    free(rec);
    sess_free(&t);
}

static char *config_file(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/config/qipan/settings.conf", t->x.dir);
    return read_text(path);
}

/* The settings dialog changes piece style, animation, search threads and
 * the search; all but the search (each game starts with its own), the
 * mode and the level are remembered for the next start. */
static void test_settings_persist(void **state)
{
    (void)state;
    sess t;
    const char *const first[] = {"--ai", "none", "--level", "8", NULL};
    sess_start(&t, first, NULL);
    wait_log(&t, "mode 0 level 8 flip 0 pieces plain animation on");
    sess_key(&t, "p");
    wait_log(&t, "dialog: settings");
    sess_key(&t, "1");
    wait_log(&t, "settings: pieces kai animation on");
    sess_key(&t, "2");
    wait_log(&t, "settings: pieces kai animation off");
    /* threads: 4 adds one, shift+4 takes one away, never below 1 */
    sess_key(&t, "4");
    wait_log(&t, " threads 2 ");
    sess_key(&t, "4");
    wait_log(&t, " threads 3 ");
    sess_key(&t, "shift+4");
    wait_log(&t, " threads 2 ");
    sess_key(&t, "shift+4");
    wait_log(&t, " threads 1 ");
    sess_key(&t, "shift+4");
    wait_log(&t, " threads 1 ");
    sess_key(&t, "4");
    wait_log(&t, " threads 2 ");
    /* search: 5 switches between alpha-beta (Zhonggong's own) and MCTS */
    sess_key(&t, "5");
    wait_log(&t, " threads 2 search mcts\n");
    sess_key(&t, "5");
    wait_log(&t, " threads 2 search alphabeta\n");
    /* language: 7 goes both, zh, en, both; zh is kept */
    sess_key(&t, "7");
    wait_log(&t, " language zh ");
    sess_key(&t, "7");
    wait_log(&t, " language en ");
    sess_key(&t, "7");
    wait_log(&t, " language both ");
    sess_key(&t, "7");
    wait_log(&t, " language zh ");
    sess_key(&t, "Escape");
    wait_log(&t, "dialog: closed");
    /* the second start, in the same HOME, without options but the size */
    if (!t.why[0]) {
        send_keys(&t.x, t.win, "q");
        if (wait_exit(t.play, 30000) != 0) snprintf(t.why, sizeof t.why, "the first window did not close");
        char *conf = config_file(&t);
        if (!t.why[0] && (!conf || !strstr(conf, "pieces kai\n") || !strstr(conf, "animation off\n") ||
                          !strstr(conf, "mode 0\n") || !strstr(conf, "level 8\n") || !strstr(conf, "threads 2\n") ||
                          !strstr(conf, "language zh\n")))
            snprintf(t.why, sizeof t.why, "settings file: %s", conf ? conf : "(none)");
        free(conf);
        t.play = start_play_args(&t.x, NULL);
        t.win = find_window(&t.x);
        if (!t.win) snprintf(t.why, sizeof t.why, "no second window");
    }
    wait_log(&t, "start: mode 0 level 8 flip 0 pieces kai animation off");
    wait_log(&t, " threads 2\n");
    sess_end(&t);
    sess_free(&t);
}

static void put_games_folder(const sess *t)
{
    char path[256];
    snprintf(path, sizeof path, "mkdir -p '%s/games/sub'", t->x.dir);
    if (system(path) != 0) fail_msg("mkdir");
    snprintf(path, sizeof path, "%s/games/listed.txt", t->x.dir);
    FILE *f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("[Ruleset \"zhonggong\"]\n[Result \"*\"]\n\n1. g3g4\n", f);
    fclose(f);
    /* the window's state saved with it: two players, level 9, 5 minutes */
    snprintf(path, sizeof path, "%s/games/listed.window", t->x.dir);
    f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("mode 0\nlevel 9\nflip 0\ntc 1 300 0 30\nleft 250000 240000\n", f);
    fclose(f);
    /* a side file without its record sorts before listed.txt: the list
     * must not offer it */
    snprintf(path, sizeof path, "%s/games/alone.window", t->x.dir);
    f = fopen(path, "w");
    if (!f) fail_msg("cannot write %s", path);
    fputs("mode 0\n", f);
    fclose(f);
}

/* The load dialog lists the folder typed: Tab takes the names from the
 * list (the folder sub/ first, then listed.txt) and Enter loads, with the
 * mode, level and clocks saved beside the file. */
static void test_file_dialog_lists_the_folder(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, put_games_folder);
    sess_key(&t, "ctrl+o");
    wait_log(&t, "dialog: load");
    sess_key(&t, "ctrl+u");
    if (!t.why[0]) {
        char args[256];
        snprintf(args, sizeof args, "type --window %s '%s/games/'", t.win, t.x.dir);
        xdo(&t.x, args);
    }
    sess_key(&t, "Tab Tab Return");   /* sub/, then listed.txt (no .window file between) */
    char want[256];
    wait_log(&t, "state: mode 0 level 9 flip 0 time 5 min left 250000 240000\n");
    snprintf(want, sizeof want, "Loaded %s/games/listed.txt", t.x.dir);
    wait_log(&t, want);
    sess_end(&t);
    char *rec = data_file(&t, "autosave-zhonggong.txt");
    if (!rec || !strstr(rec, "1. g3g4\n")) fail_msg("autosave after loading from the list:\n%s", rec ? rec : "(none)");
    free(rec);
    sess_free(&t);
}

/* The dialog switches to another registered game; its first move is
 * played in the new game's rules. */
static void test_dialog_switches_game(void **state)
{
    (void)state;
    sess t;
    sess_start(&t, two_players, NULL);
    sess_key(&t, "n");
    wait_log(&t, "dialog: newgame");
    sess_key(&t, "g");
    sess_key(&t, "Return");
    wait_log(&t, "new game: xiangqi; red player; black player; level 5; time none\n");
    sess_end(&t);
    assert_null(data_file(&t, "autosave-xiangqi.txt"));   /* nothing played: nothing saved */
    sess_free(&t);
}

static void test_five_soldiers_banner(void **state)
{
    (void)state;
    sess t;
    const char *const args[] = {"--ai", "none", "--fen", "PPPP5/4P4/9/5k3/9/4K4/9/9/9 w - - 0 1", NULL};
    sess_start(&t, args, NULL);
    sess_click(&t, "e8");
    sess_click(&t, "e9");
    wait_log(&t, "banner: \xE7\xBA\xA2\xE6\x96\xB9\xE8\x83\x9C Red wins \xE2\x80\x94 "
                 "\xE4\xBA\x94\xE5\x85\xB5\xE5\x88\xB0\xE5\xBA\x95 five soldiers reached the last rank\n");
    sess_end(&t);
    sess_free(&t);
}

/* Chess: the click on a promotion square opens the choice of the kinds;
 * Esc closes it with nothing played, and N plays the knight. */
static void test_promotion_picker(void **state)
{
    (void)state;
    sess t;
    const char *const args[] = {"--ai", "none", "--fen", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", NULL};
    sess_start_game(&t, "chess", args, NULL);
    sess_click(&t, "e7");
    sess_click(&t, "e8");
    wait_log(&t, "dialog: choose\n");
    sess_key(&t, "Escape");
    wait_log(&t, "dialog: closed\n");
    sess_click(&t, "e8");   /* the pawn is still selected */
    wait_log(&t, "dialog: choose\n");
    sess_key(&t, "n");
    wait_log(&t, "played: e7e8n\n");
    sess_end(&t);
    char *log = log_text(&t);
    if (strstr(log, "played: e7e8q") || strstr(log, "played: e7e8r") || strstr(log, "played: e7e8b"))
        fail_msg("another kind was played: %s", log);
    free(log);
    sess_free(&t);
}

int main(void)
{
    /* Without Xvfb and xdotool the whole suite is skipped, and ctest says so. */
    if (!have("Xvfb") || !have("xdotool")) {
        printf("# skipped: Xvfb and xdotool are needed\n");
        return TU_SKIPPED;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_click_move_autosave_resume),
        cmocka_unit_test(test_zoom_keys),
        cmocka_unit_test(test_new_asks_and_keeps_the_game),
        cmocka_unit_test(test_unreadable_autosave_is_kept),
        cmocka_unit_test(test_illegal_click_and_resign_banner),
        cmocka_unit_test(test_hook_error_shown),
        cmocka_unit_test(test_five_soldiers_banner),
        cmocka_unit_test(test_promotion_picker),
        cmocka_unit_test(test_load_keeps_the_game_in_progress),
        cmocka_unit_test(test_load_says_what_is_not_kept),
        cmocka_unit_test(test_dialog_two_players_with_clock),
        cmocka_unit_test(test_resume_clock_and_flag_fall),
        cmocka_unit_test(test_drag_and_drop),
        cmocka_unit_test(test_hint_review_and_branch),
        cmocka_unit_test(test_undo_against_the_computer),
        cmocka_unit_test(test_settings_persist),
        cmocka_unit_test(test_file_dialog_lists_the_folder),
        cmocka_unit_test(test_dialog_switches_game),
        cmocka_unit_test(test_editor_clipboard_library),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
