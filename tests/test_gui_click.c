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

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Xvfb -displayfd writes the display number it chose: no clash with other
 * X servers (or parallel test runs) on the machine. */
static int start_xvfb(xenv *x)
{
    int fds[2];
    if (pipe(fds)) return -1;
    pid_t pid = fork();
    if (pid == 0) {
        char fd[16];
        for (int k = 3; k < 1024; k++)
            if (k != fds[1]) close(k);
        snprintf(fd, sizeof fd, "%d", fds[1]);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execlp("Xvfb", "Xvfb", "-displayfd", fd, "-screen", "0", "1280x1024x24", "-nolisten", "tcp", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    x->xvfb = pid;
    /* Read up to the newline: Xvfb writes the number and the newline
     * separately and dies if the pipe is closed in between. */
    char buf[32] = "";
    size_t got = 0;
    while (got < sizeof buf - 1 && !strchr(buf, '\n')) {
        struct pollfd p = {fds[0], POLLIN, 0};
        if (poll(&p, 1, 10000) <= 0) break;
        ssize_t n = read(fds[0], buf + got, sizeof buf - 1 - got);
        if (n <= 0) break;
        got += (size_t)n;
        buf[got] = 0;
    }
    close(fds[0]);
    if (!strchr(buf, '\n')) return -1;
    buf[strcspn(buf, "\n")] = 0;
    snprintf(x->display, sizeof x->display, ":%s", buf);
    /* The number can arrive a moment before the server takes clients. */
    char cmd[160];
    snprintf(cmd, sizeof cmd, "DISPLAY=%s xdotool getmouselocation >/dev/null 2>&1", x->display);
    for (int i = 0; i < 150; i++) {
        if (system(cmd) == 0) return 0;
        sleep_ms(100);
    }
    return -1;
}

static void stop(pid_t pid)
{
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    for (int i = 0; i < 50; i++) {
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        sleep_ms(50);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

/* Waits up to ms for pid; returns its exit status, or -1 (then kills it). */
static int wait_exit(pid_t pid, int ms)
{
    int st;
    for (int t = 0; t < ms; t += 50) {
        if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
        sleep_ms(50);
    }
    stop(pid);
    return -1;
}

/* A child must not keep the test runner's pipes open: an orphan holding
 * them would make the runner wait forever. */
static void close_inherited(void)
{
    for (int fd = 3; fd < 1024; fd++) close(fd);
}

static pid_t start_play(const xenv *x)
{
    pid_t pid = fork();
    if (pid == 0) {
        close_inherited();
        char home[128];
        snprintf(home, sizeof home, "%s/data", x->dir);
        setenv("DISPLAY", x->display, 1);
        setenv("HOME", x->dir, 1);
        setenv("XDG_DATA_HOME", home, 1);
        setenv("SDL_AUDIODRIVER", "dummy", 1);
        setenv("QIPAN_SCRIPTS", QP_SCRIPTS_DIR, 1);
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
        execl(QIPAN_BIN, QIPAN_BIN, "play", "zhonggong", "--size", WIN_SIZE, "--ai", "none", (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* Runs an xdotool command line on the private display; returns its output. */
static char *xdo(const xenv *x, const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "DISPLAY=%s timeout 20 xdotool %s 2>/dev/null", x->display, args);
    FILE *p = popen(cmd, "r");
    if (!p) fail_msg("popen xdotool");
    static char out[256];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    pclose(p);
    return out;
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
    char key[8];
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
    sleep_ms(250);
}

static char *find_window(const xenv *x)
{
    static char win[32];
    char *out = xdo(x, "search --sync --onlyvisible --name qipan");
    snprintf(win, sizeof win, "%s", out);
    win[strcspn(win, "\n")] = 0;
    if (!win[0]) return NULL;
    sleep_ms(400);   /* first frame drawn */
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
        sleep_ms(300);
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
        sleep_ms(100);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_click_move_autosave_resume),
        cmocka_unit_test(test_zoom_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
