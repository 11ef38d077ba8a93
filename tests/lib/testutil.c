#define _DEFAULT_SOURCE   /* mkstemps */
#include "testutil.h"
#include "perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <time.h>

void qp_register_builtin(qp_registry *reg);

void tu_registry(qp_registry *reg)
{
    char err[QP_ERR] = "";
    qp_registry_init(reg, QP_SCRIPTS_DIR);
    qp_register_builtin(reg);
    qp_registry_load_games(reg, err, sizeof err);
    if (err[0]) fail_msg("lua games: %s", err);
}

qp_registry tu_reg;

int tu_setup_registry(void **state)
{
    (void)state;
    tu_registry(&tu_reg);
    return 0;
}

int tu_setup_registry_games(void **state)
{
    (void)state;
    char err[QP_ERR] = "";
    tu_registry(&tu_reg);
    qp_registry_load_game_dir(&tu_reg, QP_TESTDATA_DIR "/games", err, sizeof err);
    if (err[0]) fail_msg("test games: %s", err);
    return 0;
}

int tu_teardown_registry(void **state)
{
    (void)state;
    qp_registry_free(&tu_reg);
    return 0;
}

char tu_data_home[128];

int tu_setup_data_home(void **state)
{
    snprintf(tu_data_home, sizeof tu_data_home, "/tmp/qp_data_XXXXXX");
    if (!mkdtemp(tu_data_home)) return -1;
    setenv("XDG_DATA_HOME", tu_data_home, 1);
    return tu_setup_registry(state);
}

int tu_teardown_data_home(void **state)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tu_data_home);
    if (system(cmd) != 0) return -1;
    return tu_teardown_registry(state);
}

qp_rules *tu_rules_with(qp_registry *reg, const char *name, const char *const *kv)
{
    char err[QP_ERR] = "";
    const qp_ruleset *rs = qp_registry_find(reg, name);
    if (!rs) fail_msg("ruleset %s not registered", name);
    qp_params p;
    if (qp_params_init(&p, rs->params, err, sizeof err)) fail_msg("%s", err);
    for (; kv && *kv; kv++) {
        char key[128];
        const char *eq = strchr(*kv, '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - *kv), *kv);
        if (qp_params_set(&p, key, eq + 1, err, sizeof err)) fail_msg("%s", err);
    }
    qp_rules *r = qp_rules_create(rs, &p, err, sizeof err);
    if (!r) fail_msg("create %s: %s", name, err);
    return r;
}

qp_rules *tu_rules(qp_registry *reg, const char *name)
{
    return tu_rules_with(reg, name, NULL);
}

static char *slurp(FILE *f)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t k;
    while ((k = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += k;
        if (cap - len < 2) buf = realloc(buf, cap *= 2);
    }
    buf[len] = 0;
    return buf;
}

int tu_run_cmd(const char *cmdline, const char *stdin_text, char **out, char **errout)
{
    char in_path[] = "/tmp/qp_in_XXXXXX", err_path[] = "/tmp/qp_err_XXXXXX";
    int fd = mkstemp(in_path);
    if (stdin_text) {
        size_t n = strlen(stdin_text);
        if (write(fd, stdin_text, n) != (ssize_t)n) fail_msg("write stdin");
    }
    close(fd);
    int efd = mkstemp(err_path);
    close(efd);
    size_t cl = strlen(cmdline) + 256;
    char *cmd = malloc(cl);
    snprintf(cmd, cl, "%s < %s 2> %s", cmdline, in_path, err_path);
    FILE *p = popen(cmd, "r");
    char *o = slurp(p);
    int st = pclose(p);
    if (out) *out = o; else free(o);
    if (errout) {
        FILE *f = fopen(err_path, "r");
        *errout = slurp(f);
        fclose(f);
    }
    unlink(in_path);
    unlink(err_path);
    free(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

int tu_run(const char *args, const char *stdin_text, char **out, char **errout)
{
    size_t cl = strlen(args) + 3 * 1024;
    char *cmd = malloc(cl);
    snprintf(cmd, cl, "QIPAN_SCRIPTS='%s' '%s' %s", QP_SCRIPTS_DIR, QIPAN_BIN, args);
    int st = tu_run_cmd(cmd, stdin_text, out, errout);
    free(cmd);
    return st;
}

void tu_expect_out(const char *args, int rc, const char *want)
{
    char *out;
    int got = tu_run(args, NULL, &out, NULL);
    if (got != rc || strcmp(out, want))
        fail_msg("qipan %s: exit %d (want %d), stdout '%s' (want '%s')", args, got, rc, out, want);
    free(out);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char *tu_moves_text(const qp_rules *r, const void *s)
{
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    char **t = malloc(sizeof(char *) * (n + 1));
    size_t total = 1;
    for (int i = 0; i < n; i++) {
        t[i] = malloc(QP_MOVE_TEXT);
        r->rs->move_text(r, s, mv[i], t[i], QP_MOVE_TEXT);
        total += strlen(t[i]) + 1;
    }
    qsort(t, n, sizeof *t, cmp_str);
    char *res = malloc(total);
    res[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i) strcat(res, " ");
        strcat(res, t[i]);
        free(t[i]);
    }
    free(t);
    return res;
}

uint64_t tu_perft(const qp_rules *r, const void *s, int depth)
{
    return qp_perft(r, s, depth);
}

const char *tu_read_text(const char *path)
{
    static char buf[8192];
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot read %s", path);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* Every file tu_tmpfile made, removed when the test program exits (not
 * when a forked child does: it may still be read). */
#define TU_TMP_MAX 512
static char *tu_tmp_made[TU_TMP_MAX];
static int tu_tmp_n;
static pid_t tu_tmp_owner;

static void tu_tmp_remove(void)
{
    if (getpid() != tu_tmp_owner) return;
    for (int i = 0; i < tu_tmp_n; i++) {
        unlink(tu_tmp_made[i]);
        free(tu_tmp_made[i]);
    }
    tu_tmp_n = 0;
}

const char *tu_tmpfile(const char *text, const char *suffix)
{
    static char paths[4][64];
    static int next;
    char *p = paths[next++ & 3];
    snprintf(p, 64, "/tmp/qp_t_XXXXXX%s", suffix ? suffix : "");
    int fd = mkstemps(p, suffix ? (int)strlen(suffix) : 0);
    if (fd < 0) fail_msg("cannot make %s", p);
    if (tu_tmp_n == 0 && !tu_tmp_owner) {
        tu_tmp_owner = getpid();
        atexit(tu_tmp_remove);
    }
    if (tu_tmp_n < TU_TMP_MAX) tu_tmp_made[tu_tmp_n++] = strdup(p);
    size_t n = strlen(text);
    if (write(fd, text, n) != (ssize_t)n) fail_msg("write tmp");
    close(fd);
    return p;
}

void tu_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

void tu_stop(pid_t pid, int grace_ms)
{
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    for (int waited = 0; waited < grace_ms; waited += 50) {
        if (waitpid(pid, NULL, WNOHANG) == pid) return;
        tu_sleep_ms(50);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

int tu_wait_exit(pid_t pid, int ms, int grace_ms)
{
    int st;
    for (int waited = 0; waited < ms; waited += 50) {
        if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
        tu_sleep_ms(50);
    }
    tu_stop(pid, grace_ms);
    return -1;
}

bool tu_find_window(const char *display, char *win, size_t n, int timeout_ms)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "DISPLAY=%s timeout 10 xdotool search --onlyvisible --name qipan 2>/dev/null", display);
    win[0] = 0;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        FILE *p = popen(cmd, "r");
        if (p) {
            char out[256] = "";
            size_t k = fread(out, 1, sizeof out - 1, p);
            out[k] = 0;
            pclose(p);
            out[strcspn(out, "\n")] = 0;
            if (out[0]) {
                snprintf(win, n, "%s", out);
                return true;
            }
        }
        clock_gettime(CLOCK_MONOTONIC, &t);
        if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= timeout_ms) return false;
        struct timespec ts = {0, 200 * 1000000L};
        nanosleep(&ts, NULL);
    }
}

int tu_start_xvfb(pid_t *pidp, char *display, size_t dn)
{
    return tu_start_xvfb_fb(pidp, display, dn, NULL);
}

const char *tu_xdotool(const char *display, const char *args)
{
    static char out[256];
    char cmd[512];
    snprintf(cmd, sizeof cmd, "DISPLAY=%s timeout 60 xdotool %s 2>/dev/null", display, args);
    out[0] = 0;
    FILE *p = popen(cmd, "r");
    if (!p) return out;
    out[fread(out, 1, sizeof out - 1, p)] = 0;
    pclose(p);
    return out;
}

int tu_start_xvfb_fb(pid_t *pidp, char *display, size_t dn, const char *fbdir)
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
        /* -noreset: a server that regenerates when its last client leaves (the
         * readiness probe, a window search) refuses connections meanwhile */
        if (fbdir)
            execlp("Xvfb", "Xvfb", "-displayfd", fd, "-screen", "0", "1280x1024x24", "-fbdir", fbdir, "-nolisten",
                   "tcp", "-noreset", (char *)NULL);
        else
            execlp("Xvfb", "Xvfb", "-displayfd", fd, "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset",
                   (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    *pidp = pid;
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
    snprintf(display, dn, ":%s", buf);
    /* The number can arrive a moment before the server takes clients. */
    char cmd[160];
    snprintf(cmd, sizeof cmd, "DISPLAY=%s xdotool getmouselocation >/dev/null 2>&1", display);
    for (int i = 0; i < 150; i++) {
        if (system(cmd) == 0) return 0;
        struct timespec ts = {0, 100 * 1000000L};
        nanosleep(&ts, NULL);
    }
    return -1;
}
