/*
 * proto_session.h — engine protocol sessions for the test suites
 * (test_uci.c, test_ucci.c): the real binary behind two pipes, and the
 * check that a move it answers is legal.
 */
#ifndef QP_PROTO_SESSION_H
#define QP_PROTO_SESSION_H

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

/* Lines of out that start with prefix. */
static inline int count_lines(const char *out, const char *prefix)
{
    int n = 0;
    size_t k = strlen(prefix);
    for (const char *p = out; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, prefix, k)) n++;
    return n;
}

/* The scripts folder the sessions run with (QIPAN_SCRIPTS). */
static const char *session_scripts = QP_SCRIPTS_DIR;

/* Starts `qipan PROTO` behind two pipes (stderr to /dev/null: warnings,
 * reports): *to is its input, *from its output. */
static inline pid_t session_spawn(const char *proto, int *to, int *from)
{
    int tp[2], fp[2];
    if (pipe(tp) || pipe(fp)) fail_msg("pipe");
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(tp[0], 0);
        dup2(fp[1], 1);
        close(tp[0]), close(tp[1]), close(fp[0]), close(fp[1]);
        setenv("QIPAN_SCRIPTS", session_scripts, 1);
        int nul = open("/dev/null", O_WRONLY);
        if (nul >= 0) dup2(nul, 2);
        execl(QIPAN_BIN, QIPAN_BIN, proto, (char *)NULL);
        _exit(127);
    }
    close(tp[0]);
    close(fp[1]);
    *to = tp[1];
    *from = fp[0];
    return pid;
}

/* Runs `qipan PROTO` as a GUI would: sends input, keeps the pipe open
 * until every `go` has been answered (the end of input ends a search),
 * then closes it and returns all the output. */
static inline char *session_len(const char *proto, const char *input, size_t len)
{
    int to, from;
    pid_t pid = session_spawn(proto, &to, &from);
    if (write(to, input, len) != (ssize_t)len) fail_msg("write to qipan %s", proto);
    int want = count_lines(input, "go");
    size_t n = 0, cap = 4096;
    char *out = malloc(cap);
    out[0] = 0;
    bool open_in = true;
    for (;;) {
        if (open_in && count_lines(out, "bestmove ") + count_lines(out, "nobestmove") >= want) {
            close(to);
            open_in = false;
        }
        struct pollfd pf = {.fd = from, .events = POLLIN};
        if (poll(&pf, 1, 120000) <= 0) fail_msg("qipan %s: no answer in 120 s to:\n%s", proto, input);
        if (n + 1024 > cap) out = realloc(out, cap *= 2);
        ssize_t k = read(from, out + n, cap - n - 1);
        if (k <= 0) break;
        n += (size_t)k;
        out[n] = 0;
    }
    if (open_in) close(to);
    close(from);
    int st;
    waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) fail_msg("qipan %s failed (status %d)", proto, st);
    return out;
}

static inline char *session_of(const char *proto, const char *input)
{
    return session_len(proto, input, strlen(input));
}

/* The move after the last "bestmove " in out (static buffer). */
static inline const char *session_bestmove(const char *out)
{
    static char mv[64];
    const char *p = NULL, *q = out;
    while ((q = strstr(q, "bestmove ")) != NULL) p = q++;
    if (!p) fail_msg("no bestmove in:\n%s", out);
    sscanf(p + 9, "%63s", mv);
    return mv;
}

/* Is text a legal move of ruleset name after fen (NULL: the start) and
 * moves?  Every move text goes through conv first when it is given (the
 * protocol's notation made qipan's); the moves are played past a history
 * draw, as the position command plays them. */
static inline bool session_legal_after(const char *name, const char *fen, const char *moves,
                                       const char *text, void (*conv)(const char *, char *, size_t))
{
    qp_rules *r = tu_rules(&tu_reg, name);
    qp_game g;
    char err[QP_ERR], buf[1024], t[64];
    if (qp_game_init(&g, r, fen, err, sizeof err)) fail_msg("%s", err);
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *m = strtok(buf, " "); m; m = strtok(NULL, " ")) {
        qp_move mv;
        if (conv) conv(m, t, sizeof t);
        else snprintf(t, sizeof t, "%s", m);
        if (r->rs->move_parse(r, g.cur, t, &mv, err, sizeof err)) fail_msg("%s: %s", m, err);
        qp_game_play(&g, mv);
    }
    qp_move m;
    if (conv) conv(text, t, sizeof t);
    else snprintf(t, sizeof t, "%s", text);
    bool ok = r->rs->move_parse(r, g.cur, t, &m, err, sizeof err) == 0 && qp_move_is_legal(r, g.cur, m);
    qp_game_free(&g);
    qp_rules_free(r);
    return ok;
}

#endif
