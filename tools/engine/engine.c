/*
 * engine.c — an external engine behind two pipes (engine.h).
 */
#include "engine.h"

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

#define GREET_TIMEOUT_MS 10000
#define QUIT_GRACE_MS 5000

int64_t eng_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void close_fds(int *fd, int n)
{
    for (int i = 0; i < n; i++)
        if (fd[i] >= 0) close(fd[i]);
}

/* In the child: fd becomes target, without close-on-exec (dup2 onto
 * itself would keep the flag). */
static void move_fd(int fd, int target)
{
    if (fd == target) fcntl(fd, F_SETFD, 0);
    else dup2(fd, target);
}

int eng_start(eng *e, const char *cmd, char *err, size_t errn)
{
    e->pid = 0;
    e->to = e->from = -1;
    e->len = 0;
    snprintf(e->cmd, sizeof e->cmd, "%s", cmd);
    char words[1024], *save = NULL;
    char *argv[32];
    int argc = 0;
    snprintf(words, sizeof words, "%s", cmd);
    for (char *t = strtok_r(words, " ", &save); t && argc < 31; t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    argv[argc] = NULL;
    if (argc == 0) {
        snprintf(err, errn, "empty engine command");
        return -1;
    }
    /* fd[0..1] its input, fd[2..3] its output, fd[4..5] where the child
     * reports a failed exec (the write end closes on a good one). */
    int fd[6] = {-1, -1, -1, -1, -1, -1};
    if (pipe(fd) || pipe(fd + 2) || pipe(fd + 4)) {
        snprintf(err, errn, "cannot start %s: %s", cmd, strerror(errno));
        close_fds(fd, 6);
        return -1;
    }
    for (int i = 0; i < 6; i++) fcntl(fd[i], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errn, "cannot start %s: %s", cmd, strerror(errno));
        close_fds(fd, 6);
        return -1;
    }
    if (pid == 0) {
        move_fd(fd[0], 0);
        move_fd(fd[3], 1);
        execvp(argv[0], argv);
        int code = errno;
        /* Nothing more can be done if the report fails: exit either way. */
        ssize_t k = write(fd[5], &code, sizeof code);
        (void)k;
        _exit(127);
    }
    close(fd[0]);
    close(fd[3]);
    close(fd[5]);
    int code = 0;
    ssize_t k;
    do k = read(fd[4], &code, sizeof code);
    while (k < 0 && errno == EINTR);
    close(fd[4]);
    if (k == (ssize_t)sizeof code) {
        close(fd[1]);
        close(fd[2]);
        waitpid(pid, NULL, 0);
        snprintf(err, errn, "cannot run %s: %s", argv[0], strerror(code));
        return -1;
    }
    e->pid = pid;
    e->to = fd[1];
    e->from = fd[2];
    return 0;
}

int eng_send(eng *e, const char *text)
{
    size_t n = strlen(text);
    if (e->to < 0) return -1;
    while (n > 0) {
        ssize_t k = write(e->to, text, n);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        text += k;
        n -= (size_t)k;
    }
    return 0;
}

int eng_read_line(eng *e, char *out, size_t outn, int timeout_ms)
{
    int64_t end = eng_now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf), k = n;
            if (k > 0 && e->buf[k - 1] == '\r') k--;
            if (outn) snprintf(out, outn, "%.*s", (int)k, e->buf);
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            return ENG_OK;
        }
        if (e->len >= sizeof e->buf - 1) return ENG_LONG;
        if (e->from < 0) return ENG_GONE;
        int left = (int)(end - eng_now_ms());
        if (left <= 0) return ENG_TIMEOUT;
        struct pollfd pf = {e->from, POLLIN, 0};
        int k = poll(&pf, 1, left);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return ENG_GONE;
        if (k == 0) return ENG_TIMEOUT;
        ssize_t got = read(e->from, e->buf + e->len, sizeof e->buf - 1 - e->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return ENG_GONE;
        e->len += (size_t)got;
    }
}

int eng_read_until(eng *e, const char *prefix, const char *stop, char *out, size_t outn,
                   int timeout_ms)
{
    int64_t end = eng_now_ms() + timeout_ms;
    for (;;) {
        int left = (int)(end - eng_now_ms());
        /* Lines already read are taken even when the time is up. */
        int rc = eng_read_line(e, out, outn, left > 0 ? left : 0);
        if (rc) return rc;
        if (!strncmp(out, prefix, strlen(prefix))) return ENG_OK;
        if (stop && !strncmp(out, stop, strlen(stop))) return 1;
    }
}

int eng_close(eng *e)
{
    if (e->pid <= 0) return -1;
    eng_send(e, "quit\n");
    close(e->to);
    close(e->from);
    e->to = e->from = -1;
    int64_t end = eng_now_ms() + QUIT_GRACE_MS;
    int st = 0;
    for (;;) {
        pid_t w = waitpid(e->pid, &st, WNOHANG);
        if (w == e->pid) break;
        if (w < 0 && errno != EINTR) {
            st = -1;
            break;
        }
        if (eng_now_ms() >= end) {
            kill(e->pid, SIGKILL);
            if (waitpid(e->pid, &st, 0) != e->pid) st = -1;
            break;
        }
        poll(NULL, 0, 10);
    }
    e->pid = 0;
    if (st == -1) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

/* ---- UCI ----------------------------------------------------------------- */

const char *eng_uci_variant(const char *given, const char *ruleset)
{
    return given ? given : ruleset;
}

int eng_uci_init(eng *e, const char *variant, const char *const *options, int noptions,
                 char *err, size_t errn)
{
    char line[1024];
    int bad = eng_send(e, "uci\n");
    if (variant) {
        snprintf(line, sizeof line, "setoption name UCI_Variant value %s\n", variant);
        bad = bad || eng_send(e, line);
    }
    for (int i = 0; i < noptions && !bad; i++) {
        char name[256];
        snprintf(name, sizeof name, "%s", options[i]);
        char *eq = strchr(name, '=');
        if (eq) *eq = 0;
        snprintf(line, sizeof line, "setoption name %s%s%s\n", name, eq ? " value " : "",
                 eq ? eq + 1 : "");
        bad = eng_send(e, line);
    }
    if (bad || eng_send(e, "isready\n") ||
        eng_read_until(e, "readyok", NULL, line, sizeof line, GREET_TIMEOUT_MS)) {
        snprintf(err, errn, "%s does not answer UCI (is it installed? Fairy-Stockfish: "
                            "apt-get install fairy-stockfish; Sjaak II: apt-get install sjaakii; "
                            "they land in /usr/games)", e->cmd);
        return -1;
    }
    return 0;
}

/* The next word of *p into w (truncated), advancing *p; false at the end. */
static bool next_word(const char **p, char *w, size_t n)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    size_t k = strcspn(s, " \t");
    if (k == 0) return false;
    snprintf(w, n, "%.*s", (int)k, s);
    *p = s + k;
    return true;
}

int eng_uci_info_score(const char *line, int *score, int *depth)
{
    char w[32];
    const char *p = line;
    if (!next_word(&p, w, sizeof w) || strcmp(w, "info")) return ENG_SCORE_NONE;
    int kind = ENG_SCORE_NONE, value = 0, d = 0;
    while (next_word(&p, w, sizeof w)) {
        if (!strcmp(w, "string") || !strcmp(w, "pv")) break;   /* free text, moves */
        if (!strcmp(w, "lowerbound") || !strcmp(w, "upperbound")) return ENG_SCORE_NONE;
        if (!strcmp(w, "depth")) {
            if (!next_word(&p, w, sizeof w)) break;
            d = atoi(w);
        } else if (!strcmp(w, "multipv")) {
            if (!next_word(&p, w, sizeof w) || strcmp(w, "1")) return ENG_SCORE_NONE;
        } else if (!strcmp(w, "score")) {
            char unit[32], num[32];
            if (!next_word(&p, unit, sizeof unit) || !next_word(&p, num, sizeof num)) break;
            char *end;
            long v = strtol(num, &end, 10);
            if (end == num || *end || v < -1000000 || v > 1000000) return ENG_SCORE_NONE;
            if (!strcmp(unit, "cp")) kind = ENG_SCORE_CP;
            else if (!strcmp(unit, "mate")) kind = ENG_SCORE_MATE;
            else return ENG_SCORE_NONE;
            value = (int)v;
        }
    }
    if (kind != ENG_SCORE_NONE) {
        *score = value;
        if (depth) *depth = d;
    }
    return kind;
}

int eng_uci_go(eng *e, const char *commands, int timeout_ms, eng_result *res)
{
    memset(res, 0, sizeof *res);
    res->kind = ENG_SCORE_NONE;
    if (eng_send(e, commands)) return ENG_GONE;
    int64_t end = eng_now_ms() + timeout_ms;
    char line[4096];   /* longer lines (long PVs) are cut: the score comes first */
    for (;;) {
        int left = (int)(end - eng_now_ms());
        int rc = eng_read_line(e, line, sizeof line, left > 0 ? left : 0);
        if (rc) return rc;
        if (!strncmp(line, "bestmove ", 9)) {
            sscanf(line + 9, "%63s", res->best);
            return ENG_OK;
        }
        if (!strncmp(line, "info string error", 17) && !res->error[0])
            snprintf(res->error, sizeof res->error, "%s", line + 12);
        int score, depth, kind = eng_uci_info_score(line, &score, &depth);
        if (kind != ENG_SCORE_NONE) {
            res->kind = kind;
            res->score = score;
            res->depth = depth;
        }
    }
}
