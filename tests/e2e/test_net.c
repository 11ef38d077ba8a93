/*
 * test_net.c — network play: the protocol parser (frontends/net/net_proto.c)
 * and whole games between two `qipan` processes on 127.0.0.1 (host on an
 * ephemeral port), plus a hand-driven client that sends what a broken or
 * hostile peer would.  No fixed sleeps: every wait is for a text or an
 * exit, with a time limit.
 */
#define _DEFAULT_SOURCE
#include "testutil.h"
#include "net_proto.h"
#include "record.h"
#include "record_file.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <netinet/in.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WAIT_MS 60000   /* generous: the ASan build on a busy machine is slow */

/* ---- protocol unit tests ---------------------------------------------- */

static void roundtrip(const char *line)
{
    np_msg m;
    char err[QP_ERR] = "", buf[NP_MAX_LINE + 8];
    if (np_parse(line, &m, err, sizeof err)) fail_msg("'%s': %s", line, err);
    int n = np_format(&m, buf, sizeof buf);
    assert_true(n > 0);
    assert_int_equal(buf[n - 1], '\n');
    buf[n - 1] = 0;
    assert_string_equal(buf, line);
}

static void test_parse_roundtrip(void **st)
{
    (void)st;
    static const char *const lines[] = {
        "hello 2", "welcome 2", "rules zhonggong 0123456789abcdef", "param draw.repetitions 3",
        "param setup ", "start rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1",
        "start -", "seat 1", "time 300000 2000", "time 0 0", "history 12", "move 0 e3e4",
        "move 57 a9c9xe8", "clock 3 299000 300000", "sync 4", "ready 4 ffffffffffffffff", "resign 9",
        "draw offer 4", "draw accept 4", "draw decline 4", "takeback request 2", "takeback accept 2",
        "takeback decline 2", "chat 你好, good game!", "chat ", "ping p1", "pong p1",
        "error illegal illegal move 'e2e1': a cannon cannot move from e2 to e1", "timeout 0 31",
        "end 31 black wins: time", "bye",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) roundtrip(lines[i]);
}

static void test_parse_fields(void **st)
{
    (void)st;
    np_msg m;
    char err[QP_ERR];
    assert_int_equal(np_parse("move 57 a9c9xe8", &m, err, sizeof err), 0);
    assert_int_equal(m.kind, NP_MOVE);
    assert_int_equal(m.ply, 57);
    assert_string_equal(m.word, "a9c9xe8");
    assert_int_equal(np_parse("clock 3 299000 300000", &m, err, sizeof err), 0);
    assert_int_equal(m.ply, 3);
    assert_true(m.ms[0] == 299000 && m.ms[1] == 300000);
    assert_int_equal(np_parse("takeback decline 2", &m, err, sizeof err), 0);
    assert_int_equal(m.kind, NP_TAKEBACK);
    assert_int_equal(m.answer, NP_DECLINE);
    assert_int_equal(np_parse("ready 0 00000000000000ff", &m, err, sizeof err), 0);
    assert_true(m.digest == 0xff);
    assert_int_equal(np_parse("timeout 1 8", &m, err, sizeof err), 0);
    assert_int_equal(m.num, 1);
    assert_int_equal(np_parse("end 31 draw: agreement", &m, err, sizeof err), 0);
    assert_string_equal(m.text, "draw: agreement");
}

static void expect_bad(const char *line, const char *msg)
{
    np_msg m;
    char err[QP_ERR] = "";
    if (np_parse(line, &m, err, sizeof err) == 0) fail_msg("'%s' was accepted", line);
    assert_string_equal(err, msg);
}

static void test_parse_errors(void **st)
{
    (void)st;
    expect_bad("", "unknown message ''");
    expect_bad("GET / HTTP/1.1", "unknown message 'GET'");
    expect_bad("MOVE 0 e3e4", "unknown message 'MOVE'");
    expect_bad("move", "move: missing argument 1");
    expect_bad("move 0", "move: missing argument 2");
    expect_bad("move x e3e4", "move: bad argument 'x'");
    expect_bad("move 01 e3e4", "move: bad argument '01'");         /* one spelling per number */
    expect_bad("move -1 e3e4", "move: bad argument '-1'");
    expect_bad("move 100001 e3e4", "move: bad argument '100001'");  /* beyond NP_MAX_PLY */
    expect_bad("move 0 e3e4 e7e6", "move: unexpected text after the arguments");
    expect_bad("move  0 e3e4", "move: bad argument ''");
    expect_bad("seat 2", "seat: bad argument '2'");
    expect_bad("draw maybe 3", "draw: bad argument 'maybe'");
    expect_bad("takeback offer 3", "takeback: bad argument 'offer'");  /* takebacks are requested */
    expect_bad("rules zhonggong 0123", "rules: bad argument '0123'");
    expect_bad("rules zhonggong 0123456789ABCDEF", "rules: bad argument '0123456789ABCDEF'");
    expect_bad("clock 1 5 99999999999", "clock: bad argument '99999999999'");
    expect_bad("bye now", "bye: unexpected text after the arguments");
    expect_bad("chat \x1b[2Jhi", "control character U+001B at byte 5");
    expect_bad("chat tab\there", "control character U+0009 at byte 8");
    expect_bad("chat \xff\xfe", "bad UTF-8 at byte 5");
    expect_bad("chat \xc0\xaf", "bad UTF-8 at byte 5");   /* overlong '/' */
    /* C1 controls (CSI), malformed and overlong UTF-8, surrogates, bidi */
    expect_bad("chat \xc2\x9b" "31mred", "control character U+009B at byte 5");
    expect_bad("chat \xc2\x85", "control character U+0085 at byte 5");
    expect_bad("error syntax \xc2\x9b" "2J", "control character U+009B at byte 13");
    expect_bad("chat a\xe0\x80\xaf", "bad UTF-8 at byte 6");       /* overlong, 3 bytes */
    expect_bad("chat \xf0\x80\x80\xaf", "bad UTF-8 at byte 5");    /* overlong, 4 bytes */
    expect_bad("chat \xed\xa0\x80", "bad UTF-8 at byte 5");         /* a surrogate */
    expect_bad("chat \xf4\x90\x80\x80", "bad UTF-8 at byte 5");    /* past U+10FFFF */
    expect_bad("chat \xe4\xbd", "bad UTF-8 at byte 5");              /* cut short */
    expect_bad("chat abc\xe2\x80\xaegnp.exe", "bidirectional control U+202E at byte 8");
    expect_bad("chat \xe2\x80\xaa", "bidirectional control U+202A at byte 5");
    expect_bad("chat \xe2\x81\xa6x\xe2\x81\xa9", "bidirectional control U+2066 at byte 5");
    expect_bad("error rules \xe2\x81\xa9", "bidirectional control U+2069 at byte 12");
    roundtrip("chat \xe2\x80\xa9\xe2\x81\xaa \xf0\x9f\x98\x80 \xc2\xa0");   /* neighbours pass */
    char *big = malloc(NP_MAX_LINE + 1);
    memset(big, 'a', NP_MAX_LINE);
    memcpy(big, "chat ", 5);
    big[NP_MAX_LINE] = 0;
    expect_bad(big, "message longer than 4096 bytes");
    big[NP_MAX_LINE - 1] = 0;   /* 4095 bytes + LF: the largest message */
    roundtrip(big);
    free(big);
}

static void test_format_refuses(void **st)
{
    (void)st;
    char buf[NP_MAX_LINE + 8];
    np_msg m = np_simple(NP_MOVE, -1);
    snprintf(m.word, sizeof m.word, "e3e4");
    assert_int_equal(np_format(&m, buf, sizeof buf), -1);
    m.ply = 0;
    snprintf(m.word, sizeof m.word, "e3 e4");   /* a word has no space */
    assert_int_equal(np_format(&m, buf, sizeof buf), -1);
    m = np_simple(NP_CHAT, 0);
    snprintf(m.text, sizeof m.text, "bell\a");
    assert_int_equal(np_format(&m, buf, sizeof buf), -1);
    snprintf(m.text, sizeof m.text, "\xc2\x9b" "2J");   /* a C1 CSI is not sent either */
    assert_int_equal(np_format(&m, buf, sizeof buf), -1);
    snprintf(m.text, sizeof m.text, "\xe2\x80\xae");
    assert_int_equal(np_format(&m, buf, sizeof buf), -1);
    m = np_simple(NP_ERROR, 0);
    snprintf(m.word, sizeof m.word, "syntax");
    snprintf(m.text, sizeof m.text, "\xe2\x81\xa7");
    assert_int_equal(np_format(&m, buf, sizeof buf), -1);
    char why[96];
    assert_false(np_text_ok("ok \xc2\x9b", why, sizeof why));
    assert_string_equal(why, "control character U+009B at byte 3");
    assert_true(np_text_ok("你好 ok", why, sizeof why));
    assert_int_equal(np_format_error(buf, sizeof buf, "syntax", "bad \x01 byte"), 24);
    assert_string_equal(buf, "error syntax bad ? byte\n");
}

static void test_codes(void **st)
{
    (void)st;
    assert_true(np_code_valid("AB12"));
    assert_true(np_code_valid("my-game_2"));
    assert_false(np_code_valid("ABC"));
    assert_false(np_code_valid("AB CD"));
    assert_false(np_code_valid("abcdefghijklmnopqrstuvwxyz0123456"));   /* 33 */
    assert_false(np_code_valid("код1"));
}

static void test_digest_and_diff(void **st)
{
    (void)st;
    static const char *const rep5[] = {"draw.repetitions=5", NULL};
    static const char *const eval[] = {"eval.chariot=900", "ai.level=2", NULL};
    qp_rules *a = tu_rules(&tu_reg, "zhonggong");
    qp_rules *b = tu_rules_with(&tu_reg, "zhonggong", rep5);
    qp_rules *c = tu_rules_with(&tu_reg, "zhonggong", eval);
    qp_rules *x = tu_rules(&tu_reg, "xiangqi");
    assert_true(np_rules_digest(a) == np_rules_digest(a));
    assert_true(np_rules_digest(a) != np_rules_digest(b));
    assert_true(np_rules_digest(a) == np_rules_digest(c));   /* engine weights are no rules */
    assert_true(np_rules_digest(a) != np_rules_digest(x));
    char buf[320];
    assert_true(np_param_differs(&b->params, "draw.repetitions", "3", buf, sizeof buf));
    assert_string_equal(buf, "parameter 'draw.repetitions' is 3 on the host, 5 here");
    assert_false(np_param_differs(&b->params, "draw.repetitions", "5", buf, sizeof buf));
    assert_true(np_param_differs(&a->params, "no.such", "1", buf, sizeof buf));
    assert_string_equal(buf, "parameter 'no.such' is unknown here");
    qp_rules_free(a);
    qp_rules_free(b);
    qp_rules_free(c);
    qp_rules_free(x);
}

/* Seeded mutations of valid lines: the parser never reads out of bounds
 * (ASan build), and whatever it accepts has exactly one spelling, so
 * formatting it gives back the very same line. */
static void test_parse_mutations(void **st)
{
    (void)st;
    static const char *const seeds[] = {
        "hello 2", "rules zhonggong 0123456789abcdef", "param draw.repetitions 3",
        "start 3/3/3 w 0", "seat 1", "time 300000 2000", "move 12 a9c9xe8", "clock 3 299000 300000",
        "ready 4 ffffffffffffffff", "draw offer 4", "takeback accept 2", "chat 你好", "error ply x",
        "timeout 0 31", "end 31 black wins: time", "bye", "sync 0", "history 3", "ping p1",
    };
    static const char alphabet[] = " 0123456789abcdefxyz:-.\t\r\x01\x7f\xc3\xa9\xe4\xbd\xa0";
    uint64_t x = 0x243F6A8885A308D3ull;
    int accepted = 0, total = 0;
    for (int round = 0; round < 20000; round++) {
        char line[128], err[QP_ERR], buf[NP_MAX_LINE + 8];
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        snprintf(line, sizeof line, "%s", seeds[x % (sizeof seeds / sizeof seeds[0])]);
        int edits = 1 + (int)(x >> 8 & 3);
        for (int e = 0; e < edits; e++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            size_t n = strlen(line), at = n ? (size_t)(x >> 16) % n : 0;
            char ch = alphabet[(x >> 40) % (sizeof alphabet - 1)];
            switch (x % 4) {
            case 0: line[at] = ch ? ch : ' '; break;                          /* replace */
            case 1:                                                          /* insert */
                if (n + 2 < sizeof line) {
                    memmove(line + at + 1, line + at, n - at + 1);
                    line[at] = ch ? ch : ' ';
                }
                break;
            case 2: memmove(line + at, line + at + 1, n - at); break;        /* delete */
            case 3: line[at] = 0; break;                                      /* cut */
            }
        }
        np_msg m;
        total++;
        if (np_parse(line, &m, err, sizeof err)) {
            assert_true(err[0] != 0);
            continue;
        }
        accepted++;
        int k = np_format(&m, buf, sizeof buf);
        if (k <= 0) fail_msg("accepted '%s' but cannot format it", line);
        buf[k - 1] = 0;
        if (strcmp(buf, line)) fail_msg("'%s' formats back as '%s'", line, buf);
    }
    /* the mutations hit both sides of the parser */
    assert_true(accepted > total / 20);
    assert_true(accepted < total * 9 / 10);
}

/* ---- processes ---------------------------------------------------------- */

/* A qipan process with its stdin and stdout on pipes; stdout accumulates
 * in out, stderr goes to a file. */
typedef struct proc {
    pid_t pid;
    int in, outfd;
    char *out;
    size_t len;
    char errpath[64];
    int status;
    bool exited;
} proc;

static void proc_start(proc *p, const char *const *args)
{
    int inp[2], outp[2];
    memset(p, 0, sizeof *p);
    snprintf(p->errpath, sizeof p->errpath, "/tmp/qp_net_err_XXXXXX");
    int efd = mkstemp(p->errpath);
    assert_true(efd >= 0 && pipe(inp) == 0 && pipe(outp) == 0);
    p->pid = fork();
    assert_true(p->pid >= 0);
    if (p->pid == 0) {
        dup2(inp[0], 0);
        dup2(outp[1], 1);
        dup2(efd, 2);
        close(inp[1]);
        close(outp[0]);
        char *argv[40];
        int n = 0;
        argv[n++] = (char *)QIPAN_BIN;
        for (; *args && n < 39; args++) argv[n++] = (char *)*args;
        argv[n] = NULL;
        setenv("QIPAN_SCRIPTS", QP_SCRIPTS_DIR, 1);
        execv(QIPAN_BIN, argv);
        _exit(127);
    }
    close(efd);
    close(inp[0]);
    close(outp[1]);
    p->in = inp[1];
    p->outfd = outp[0];
    fcntl(p->outfd, F_SETFL, O_NONBLOCK);
    p->out = calloc(1, 1);
}

static long long ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads what is there, waiting up to ms for something. */
static bool proc_read(proc *p, int ms)
{
    struct pollfd pf = {p->outfd, POLLIN, 0};
    if (p->outfd < 0 || poll(&pf, 1, ms) <= 0) return false;
    char buf[65536];
    ssize_t k = read(p->outfd, buf, sizeof buf);
    if (k <= 0) {
        close(p->outfd);
        p->outfd = -1;
        return false;
    }
    p->out = realloc(p->out, p->len + (size_t)k + 1);
    memcpy(p->out + p->len, buf, (size_t)k);
    p->len += (size_t)k;
    p->out[p->len] = 0;
    return true;
}

/* Waits until needle appears in stdout at or after offset from; returns
 * its offset (fails the test after WAIT_MS). */
static size_t proc_wait_for(proc *p, const char *needle, size_t from)
{
    long long end = ms_now() + WAIT_MS;
    for (;;) {
        char *at = from <= p->len ? strstr(p->out + from, needle) : NULL;
        if (at) return (size_t)(at - p->out);
        if (ms_now() > end || p->outfd < 0) {
            /* cmocka cuts long messages: the tail says most */
            size_t from_tail = p->len > 1500 ? p->len - 1500 : 0;
            fail_msg("waited for '%s'; the output ends:\n%s", needle, p->out + from_tail);
        }
        proc_read(p, 200);
    }
}

static void proc_send(proc *p, const char *line)
{
    size_t n = strlen(line);
    assert_int_equal(write(p->in, line, n), (ssize_t)n);
}

/* Waits for the exit status (reading stdout meanwhile). */
static int proc_exit(proc *p)
{
    long long end = ms_now() + WAIT_MS;
    while (!p->exited) {
        proc_read(p, 50);
        pid_t w = waitpid(p->pid, &p->status, WNOHANG);
        if (w == p->pid) p->exited = true;
        else if (ms_now() > end) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &p->status, 0);
            fail_msg("qipan did not exit; output:\n%s", p->out);
        }
    }
    while (proc_read(p, 0)) {
    }
    return WIFEXITED(p->status) ? WEXITSTATUS(p->status) : 128 + WTERMSIG(p->status);
}

static char *proc_err(const proc *p)
{
    FILE *f = fopen(p->errpath, "r");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static char *proc_err(const proc *p);

/* Also fails the test when the process reported a sanitizer error. */
static void proc_free(proc *p)
{
    if (!p->exited) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &p->status, 0);
    }
    char *e = proc_err(p);
    bool bad = strstr(e, "Sanitizer") || strstr(e, "runtime error:");
    if (bad) fail_msg("sanitizer report:\n%.1500s", e);
    free(e);
    if (p->in >= 0) close(p->in);
    if (p->outfd >= 0) close(p->outfd);
    unlink(p->errpath);
    free(p->out);
}

/* The host's "listening on 127.0.0.1:PORT" line. */
static int host_port(proc *h, char *addr, size_t n)
{
    size_t at = proc_wait_for(h, "listening on 127.0.0.1:", 0);
    proc_wait_for(h, "\n", at);
    int port = atoi(h->out + at + strlen("listening on 127.0.0.1:"));
    snprintf(addr, n, "127.0.0.1:%d", port);
    assert_true(port > 0);
    return port;
}

static char *slurp_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot read %s", path);
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* Two saved records are the same game: every line but the date. */
static void assert_same_record(const char *a, const char *b)
{
    char *x = slurp_file(a), *y = slurp_file(b);
    char *dx = strstr(x, "[Date "), *dy = strstr(y, "[Date ");
    assert_non_null(dx);
    assert_non_null(dy);
    memcpy(dx, "[Date \"-\"]", 10);
    memcpy(dy, "[Date \"-\"]", 10);
    memmove(dx + 10, strchr(dx, '\n'), strlen(strchr(dx, '\n')) + 1);
    memmove(dy + 10, strchr(dy, '\n'), strlen(strchr(dy, '\n')) + 1);
    assert_string_equal(x, y);
    free(x);
    free(y);
}

/* The record's Date tag is a real date, YYYY.MM.DD (its value is
 * today's, which no test may depend on). */
static void assert_date_tag(const char *rec)
{
    const char *d = strstr(rec, "[Date \"");
    assert_non_null(d);
    d += 7;
    for (int i = 0; i < 10; i++) {
        bool dot = i == 4 || i == 7;
        if (dot ? d[i] != '.' : d[i] < '0' || d[i] > '9') fail_msg("Date tag '%.12s' is no YYYY.MM.DD", d);
    }
    assert_memory_equal(d + 10, "\"]\n", 3);
}

static const char *tmp_path(char *buf, size_t n, const char *tag)
{
    snprintf(buf, n, "/tmp/qp_net_%d_%s.txt", (int)getpid(), tag);
    unlink(buf);
    return buf;
}

/* ---- whole games -------------------------------------------------------- */

/* Engine against engine across two processes, to the end of a Zhonggong
 * game; the saved records agree and replay to the result they state. */
static void test_zhonggong_engines(void **st)
{
    (void)st;
    char hs[128], js[128], addr[64];
    tmp_path(hs, sizeof hs, "zg_host");
    tmp_path(js, sizeof js, "zg_join");
    const char *hargs[] = {"host", "zhonggong", "--port", "0", "--code", "ZG2026", "--ai", "--depth", "2",
                           "--save", hs, NULL};
    proc h, j;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    const char *jargs[] = {"join", addr, "--code", "ZG2026", "--ai", "--depth", "2", "--save", js, NULL};
    proc_start(&j, jargs);
    assert_int_equal(proc_exit(&j), 0);
    assert_int_equal(proc_exit(&h), 0);
    assert_non_null(strstr(h.out, "black joined at ply 0"));
    assert_non_null(strstr(j.out, "joined at ply 0, playing black"));
    assert_same_record(hs, js);

    qp_rules *r = NULL;
    qp_game g;
    char err[QP_ERR * 2];
    if (qp_record_load(&tu_reg, hs, &r, &g, err, sizeof err)) fail_msg("%s", err);
    qp_outcome o;
    qp_game_final_outcome(&g, &o);
    assert_int_not_equal(o.result, QP_ONGOING);   /* played to the end */
    assert_true(g.len > 10);
    char *text = slurp_file(hs), want[200];
    if (o.result == QP_DRAW) snprintf(want, sizeof want, "[Termination \"draw: %s\"]", o.reason);
    else snprintf(want, sizeof want, "[Termination \"%s wins: %s\"]", qp_side_name(r, o.winner), o.reason);
    assert_non_null(strstr(text, want));
    char over[220];
    snprintf(over, sizeof over, "game over: %s", want + 14);
    over[strlen(over) - 2] = 0;
    assert_non_null(strstr(h.out, over));
    assert_non_null(strstr(j.out, over));
    free(text);
    qp_game_free(&g);
    qp_rules_free(r);
    proc_free(&h);
    proc_free(&j);
    unlink(hs);
    unlink(js);
}

/* A Lua game typed on both seats' stdin, to three in a row. */
static void test_tictactoe_typed(void **st)
{
    (void)st;
    char hs[128], js[128], addr[64];
    tmp_path(hs, sizeof hs, "ttt_host");
    tmp_path(js, sizeof js, "ttt_join");
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "TTT-1", "--save", hs, NULL};
    proc h, j;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    const char *jargs[] = {"join", addr, "--code", "TTT-1", "--save", js, NULL};
    proc_start(&j, jargs);
    size_t hp = proc_wait_for(&h, "o joined at ply 0", 0), jp = 0;
    static const char *const moves[] = {"a1", "b2", "a2", "b1", "a3"};
    for (int i = 0; i < 5; i++) {
        proc *mover = i % 2 ? &j : &h, *other = i % 2 ? &h : &j;
        size_t *mp = i % 2 ? &jp : &hp, *op = i % 2 ? &hp : &jp;
        char line[16], seen[32];
        *mp = proc_wait_for(mover, i % 2 ? "o> " : "x> ", *mp) + 3;
        snprintf(line, sizeof line, "%s\n", moves[i]);
        proc_send(mover, line);
        snprintf(seen, sizeof seen, "%s plays %s\n", i % 2 ? "O" : "X", moves[i]);
        *op = proc_wait_for(other, seen, *op);
    }
    assert_int_equal(proc_exit(&h), 0);
    assert_int_equal(proc_exit(&j), 0);
    assert_non_null(strstr(h.out, "game over: x wins: three in a row"));
    assert_non_null(strstr(j.out, "game over: x wins: three in a row"));
    assert_same_record(hs, js);
    char *rec = slurp_file(hs);
    assert_non_null(strstr(rec, "[Termination \"x wins: three in a row\"]"));
    assert_non_null(strstr(rec, "1. a1 b2\n2. a2 b1\n3. a3"));
    free(rec);
    proc_free(&h);
    proc_free(&j);
    unlink(hs);
    unlink(js);
}

/* The text between `after` and the next ')' in p's output from `from`. */
static void clock_after(proc *p, const char *after, size_t from, char *buf, size_t n)
{
    size_t at = proc_wait_for(p, after, from) + strlen(after);
    size_t end = proc_wait_for(p, ")", at);
    snprintf(buf, n, "%.*s", (int)(end - at), p->out + at);
}

/* The joining process is killed mid-game and started again with the same
 * code: the game goes on at the same ply with the same clocks. */
static void test_resume_after_kill(void **st)
{
    (void)st;
    char hs[128], js[128], addr[64];
    tmp_path(hs, sizeof hs, "res_host");
    tmp_path(js, sizeof js, "res_join");
    const char *hargs[] = {"host", "zhonggong", "--port", "0", "--code", "BACK-AGAIN", "--time", "5+2",
                           "--save", hs, NULL};
    proc h, j, j2;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    const char *jargs[] = {"join", addr, "--code", "BACK-AGAIN", "--save", js, NULL};
    proc_start(&j, jargs);
    size_t hp = proc_wait_for(&h, "black joined at ply 0", 0), jp = 0;
    static const char *const moves[] = {"c3c4", "g7g6", "b1c3", "e7d7", "e2f2"};
    for (int i = 0; i < 4; i++) {
        proc *mover = i % 2 ? &j : &h, *other = i % 2 ? &h : &j;
        size_t *mp = i % 2 ? &jp : &hp, *op = i % 2 ? &hp : &jp;
        char line[16], seen[32];
        *mp = proc_wait_for(mover, i % 2 ? "black> " : "red> ", *mp) + 3;
        snprintf(line, sizeof line, "%s\n", moves[i]);
        proc_send(mover, line);
        snprintf(seen, sizeof seen, " plays %s (", moves[i]);
        *op = proc_wait_for(other, seen, *op);
    }
    /* the joiner heard the host's clock for ply 4 */
    jp = proc_wait_for(&j, "clock: red", jp);
    kill(j.pid, SIGKILL);
    proc_exit(&j);
    char lost[96], back[96], joined[96];
    clock_after(&h, "connection lost at ply 4 (clock ", hp, lost, sizeof lost);
    const char *j2args[] = {"join", addr, "--code", "BACK-AGAIN", "--save", js, NULL};
    proc_start(&j2, j2args);
    clock_after(&j2, "resumed at ply 4, playing black (clock ", 0, joined, sizeof joined);
    clock_after(&h, "black is back at ply 4 (clock ", hp, back, sizeof back);
    assert_string_equal(lost, back);
    assert_string_equal(lost, joined);
    assert_string_not_equal(lost, "red 5:00.0  black 5:00.0");   /* time was used */
    assert_non_null(strstr(lost, "black 5:0"));                    /* black's increments */
    /* play on: red moves, then black resigns */
    size_t j2p = proc_wait_for(&j2, "Red to move.", 0);
    hp = proc_wait_for(&h, "red> ", hp) + 3;
    proc_send(&h, "e2f2\n");
    proc_wait_for(&h, "Red plays e2f2 (", hp);
    j2p = proc_wait_for(&j2, "Red plays e2f2 (", j2p);
    proc_wait_for(&j2, "black> ", j2p);
    proc_send(&j2, "resign\n");
    assert_int_equal(proc_exit(&j2), 0);
    assert_int_equal(proc_exit(&h), 0);
    assert_non_null(strstr(h.out, "game over: red wins: resignation"));
    assert_same_record(hs, js);
    char *rec = slurp_file(hs);
    assert_non_null(strstr(rec, "1. c3c4 g7g6\n2. b1c3 e7d7\n3. e2f2"));
    free(rec);
    proc_free(&h);
    proc_free(&j);
    proc_free(&j2);
    unlink(hs);
    unlink(js);
}

/* ---- a hand-driven peer ------------------------------------------------- */

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    return fd;
}

/* ---- TLS for the hand-driven peers ---------------------------------------
 * The protocol's key (docs/protocol.md): SHA-256 of "qipan join code,
 * protocol 2: CODE", under the identity "qipan", TLS 1.3 with (EC)DHE-PSK.
 * A connection's TLS session is kept by its descriptor, so put/get/expect
 * serve plain and TLS peers alike. */

#define TLS_PRIORITY "NORMAL:-VERS-ALL:+VERS-TLS1.3:-KX-ALL:+ECDHE-PSK:+DHE-PSK"
static gnutls_session_t tls_of[1024];
static unsigned char srv_key[32];   /* the hand-driven host's key */

static void code_key(const char *code, unsigned char key[32])
{
    char text[96];
    int n = snprintf(text, sizeof text, "qipan join code, protocol 2: %s", code);
    assert_int_equal(gnutls_hash_fast(GNUTLS_DIG_SHA256, text, (size_t)n, key), 0);
}

static int srv_lookup(gnutls_session_t ses, const char *user, gnutls_datum_t *key)
{
    (void)ses;
    if (strcmp(user, "qipan")) return -1;
    key->data = gnutls_malloc(32);
    memcpy(key->data, srv_key, 32);
    key->size = 32;
    return 0;
}

/* The handshake on fd with code; 0, or the GnuTLS error (the connection is
 * then closed). */
static int tls_begin(int fd, const char *code, bool server)
{
    struct timeval tv = {WAIT_MS / 1000, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    gnutls_session_t ses;
    assert_int_equal(gnutls_init(&ses, (server ? GNUTLS_SERVER : GNUTLS_CLIENT) | GNUTLS_NO_TICKETS), 0);
    assert_int_equal(gnutls_priority_set_direct(ses, TLS_PRIORITY, NULL), 0);
    static gnutls_psk_client_credentials_t cli;
    static gnutls_psk_server_credentials_t srv;
    if (server) {
        if (!srv) {
            assert_int_equal(gnutls_psk_allocate_server_credentials(&srv), 0);
            gnutls_psk_set_server_credentials_function(srv, srv_lookup);
        }
        code_key(code, srv_key);
        assert_int_equal(gnutls_credentials_set(ses, GNUTLS_CRD_PSK, srv), 0);
    } else {
        unsigned char key[32];
        code_key(code, key);
        gnutls_datum_t k = {key, 32};
        if (cli) gnutls_psk_free_client_credentials(cli);
        assert_int_equal(gnutls_psk_allocate_client_credentials(&cli), 0);
        assert_int_equal(gnutls_psk_set_client_credentials(cli, "qipan", &k, GNUTLS_PSK_KEY_RAW), 0);
        assert_int_equal(gnutls_credentials_set(ses, GNUTLS_CRD_PSK, cli), 0);
    }
    gnutls_transport_set_int(ses, fd);
    gnutls_handshake_set_timeout(ses, WAIT_MS);
    int rc;
    do rc = gnutls_handshake(ses);
    while (rc < 0 && !gnutls_error_is_fatal(rc));
    if (rc < 0) {
        gnutls_deinit(ses);
        close(fd);
        return rc;
    }
    tls_of[fd] = ses;
    return 0;
}

/* Joins the host on port with code over TLS: the descriptor, or fails. */
static int dial_tls(int port, const char *code)
{
    int fd = dial(port), rc = tls_begin(fd, code, false);
    if (rc) fail_msg("TLS handshake with code %s: %s", code, gnutls_strerror(rc));
    return fd;
}

static void tclose(int fd)
{
    if (tls_of[fd]) {
        gnutls_deinit(tls_of[fd]);
        tls_of[fd] = NULL;
    }
    close(fd);
}

static void put(int fd, const char *text)
{
    size_t n = strlen(text);
    if (!tls_of[fd]) {
        assert_int_equal(send(fd, text, n, MSG_NOSIGNAL), (ssize_t)n);
        return;
    }
    for (size_t off = 0; off < n;) {
        ssize_t k = gnutls_record_send(tls_of[fd], text + off, n - off > 16384 ? 16384 : n - off);
        if (k == GNUTLS_E_AGAIN || k == GNUTLS_E_INTERRUPTED) continue;
        if (k < 0) fail_msg("TLS send: %s", gnutls_strerror((int)k));
        off += (size_t)k;
    }
}

/* One byte: 1, or 0 at the end of the connection (also when TLS refuses
 * what arrives), -1 when nothing came within 200 ms. */
static int get_byte(int fd, char *ch)
{
    gnutls_session_t t = tls_of[fd];
    if (!t || !gnutls_record_check_pending(t)) {
        struct pollfd pf = {fd, POLLIN, 0};
        if (poll(&pf, 1, 200) <= 0) return -1;
    }
    ssize_t r = t ? gnutls_record_recv(t, ch, 1) : recv(fd, ch, 1, 0);
    if (t && (r == GNUTLS_E_AGAIN || r == GNUTLS_E_INTERRUPTED)) return -1;
    return r > 0 ? 1 : 0;
}

/* The next line that is not a ping (answered by nobody: the tests are
 * quicker than the idle limit); "" at the end of the connection. */
static void get(int fd, char *line, size_t n)
{
    size_t k = 0;
    long long end = ms_now() + WAIT_MS;
    for (;;) {
        char ch;
        if (ms_now() > end) fail_msg("no line from the host (got '%.*s')", (int)k, line);
        int r = get_byte(fd, &ch);
        if (r < 0) continue;
        if (r == 0) {
            line[k] = 0;
            assert_int_equal(k, 0);
            return;
        }
        if (ch != '\n') {
            if (k + 1 < n) line[k++] = ch;
            continue;
        }
        line[k] = 0;
        if (strncmp(line, "ping ", 5)) return;
        k = 0;
    }
}

static void expect(int fd, const char *want)
{
    char line[NP_MAX_LINE];
    get(fd, line, sizeof line);
    assert_string_equal(line, want);
}

static void test_bad_peers(void **st)
{
    (void)st;
    char hs[128], addr[64], line[NP_MAX_LINE], cfg[256];
    tmp_path(hs, sizeof hs, "bad_host");
    const char *hargs[] = {"host", "zhonggong", "--port", "0", "--code", "RIGHT", "--save", hs, NULL};
    proc h;
    proc_start(&h, hargs);
    int port = host_port(&h, addr, sizeof addr);

    /* a stranger with a wrong code: the TLS handshake fails */
    int fd = dial(port);
    int rc = tls_begin(fd, "WRONG", false);
    assert_int_equal(rc, GNUTLS_E_FATAL_ALERT_RECEIVED);
    /* text in clear: the old cleartext hello, or not even that, is told
     * the version and closed, and hears nothing of the game */
    static const char *const clear[] = {"hello 1 RIGHT\n", "GET / HTTP/1.1\r\n"};
    for (int i = 0; i < 2; i++) {
        fd = dial(port);
        put(fd, clear[i]);
        expect(fd, "error version protocol version 2 here: TLS with the join code as its key, not text in clear");
        expect(fd, "");
        close(fd);
    }
    /* another protocol version inside TLS */
    fd = dial_tls(port, "RIGHT");
    put(fd, "hello 7\n");
    expect(fd, "error version protocol version 2 here, 7 there");
    expect(fd, "");
    tclose(fd);

    /* qipan itself with other rules: refused with what differs */
    proc j;
    const char *xq[] = {"join", addr, "--code", "RIGHT", "xiangqi", NULL};
    proc_start(&j, xq);
    assert_int_not_equal(proc_exit(&j), 0);
    char *e = proc_err(&j);
    assert_non_null(strstr(e, "qipan: rules differ: the host plays 'zhonggong', this side 'xiangqi'\n"));
    free(e);
    proc_free(&j);
    const char *path = tu_tmpfile("return { ruleset = \"zhonggong\", draw = { repetitions = 5 } }\n", ".lua");
    snprintf(cfg, sizeof cfg, "%s", path);
    const char *rep[] = {"join", addr, "--code", "RIGHT", "--config", cfg, NULL};
    proc_start(&j, rep);
    assert_int_not_equal(proc_exit(&j), 0);
    e = proc_err(&j);
    assert_non_null(strstr(e, "qipan: rules differ: parameter 'draw.repetitions' is 3 on the host, 5 here\n"));
    free(e);
    proc_free(&j);
    const char *fen[] = {"join", addr, "--code", "RIGHT", "--fen",
                         "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR b - - 0 1", NULL};
    proc_start(&j, fen);
    assert_int_not_equal(proc_exit(&j), 0);
    e = proc_err(&j);
    assert_non_null(strstr(e, "qipan: rules differ: start position: "));
    free(e);
    proc_free(&j);
    const char *code[] = {"join", addr, "--code", "WRONG", NULL};
    proc_start(&j, code);
    assert_int_equal(proc_exit(&j), 1);
    e = proc_err(&j);
    assert_non_null(strstr(e, "qipan: refused by the host: wrong join code (the TLS handshake ended with: "));
    free(e);
    proc_free(&j);

    /* the right code: the set-up, then play as black by hand */
    fd = dial_tls(port, "RIGHT");
    put(fd, "hello 2\n");
    expect(fd, "welcome 2");
    get(fd, line, sizeof line);
    assert_memory_equal(line, "rules zhonggong ", 16);
    char digest[17];
    snprintf(digest, sizeof digest, "%s", line + 16);
    int params = 0;
    for (get(fd, line, sizeof line); !strncmp(line, "param ", 6); get(fd, line, sizeof line)) params++;
    assert_true(params > 5);
    assert_string_equal(line, "start rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1");
    expect(fd, "seat 1");
    expect(fd, "time 0 0");
    expect(fd, "history 0");
    expect(fd, "sync 0");
    snprintf(line, sizeof line, "ready 0 %s\n", digest);
    put(fd, line);
    size_t hp = proc_wait_for(&h, "black joined at ply 0", 0);

    /* a stranger meanwhile takes nothing (and is closed in a few seconds) */
    int fd2 = dial(port);

    put(fd, "xyzzy\n");
    expect(fd, "error syntax unknown message 'xyzzy'");
    size_t big = 1 << 20;
    char *mb = malloc(big + 1);
    memset(mb, 'x', big);
    mb[big - 1] = '\n';
    mb[big] = 0;
    memcpy(mb, "chat ", 5);
    put(fd, mb);
    free(mb);
    expect(fd, "error too-long a message is at most 4096 bytes");
    put(fd, "move 0 e7e6\n");
    expect(fd, "error turn not your turn: red to move");
    put(fd, "resign 3\n");
    expect(fd, "error ply expected ply 0");

    hp = proc_wait_for(&h, "red> ", hp) + 5;
    proc_send(&h, "c3c4\n");
    expect(fd, "move 0 c3c4");
    put(fd, "move 0 g7g6\n");
    expect(fd, "error ply expected ply 1, got 0");
    put(fd, "move 1 e7e5\n");
    get(fd, line, sizeof line);
    assert_memory_equal(line, "error illegal illegal move 'e7e5': ", 35);
    put(fd, "move 1 c3c5\n");
    get(fd, line, sizeof line);
    assert_memory_equal(line, "error illegal illegal move 'c3c5': ", 35);
    put(fd, "draw accept 1\n");
    expect(fd, "error state no draw offer is standing");
    /* a C1 CSI, a bidi override and malformed UTF-8 in chat or error are
     * refused, never printed */
    put(fd, "chat \xc2\x9b" "31mred\n");
    expect(fd, "error syntax control character U+009B at byte 5");
    put(fd, "chat abc\xe2\x80\xaegnp.exe\n");
    expect(fd, "error syntax bidirectional control U+202E at byte 8");
    put(fd, "error illegal \xe4\xbd\n");
    expect(fd, "error syntax bad UTF-8 at byte 14");
    put(fd, "chat hello from black\n");
    hp = proc_wait_for(&h, "black says: hello from black\n", hp);
    /* and the host's own chat is checked before it is sent */
    proc_send(&h, "chat \xe2\x80\xae" "evil\n");
    hp = proc_wait_for(&h, "chat refused: bidirectional control U+202E at byte 0 (a chat line is printable text)\n", hp);
    /* none of that changed the game: black's real move is ply 1 */
    put(fd, "move 1 g7g6\n");
    hp = proc_wait_for(&h, "Black plays g7g6 (", hp);
    hp = proc_wait_for(&h, "red> ", hp);
    proc_send(&h, "resign\n");
    expect(fd, "resign 2");
    expect(fd, "end 2 black wins: resignation");
    expect(fd, "");
    tclose(fd);
    expect(fd2, "");
    close(fd2);
    assert_int_equal(proc_exit(&h), 0);
    e = proc_err(&h);
    assert_non_null(strstr(e, "qipan: net: refused 'xyzzy': syntax unknown message 'xyzzy'"));
    assert_non_null(strstr(e, "qipan: net: refused 'move 1 e7e5': illegal"));
    /* what the peer sent is nowhere (the host echoes only its own input) */
    assert_null(strstr(e, "\xc2\x9b"));
    assert_null(strstr(e, "\xe2\x80\xae"));
    assert_null(strstr(h.out, "\xc2\x9b"));
    assert_null(strstr(h.out, "gnp.exe"));
    free(e);
    char *rec = slurp_file(hs);
    assert_non_null(strstr(rec, "[Termination \"black wins: resignation\"]"));
    /* the movetext (after the tags' blank line) ends after black's one move;
     * the Date tag may hold any digits */
    const char *moves = strstr(rec, "\n\n");
    assert_non_null(moves);
    assert_non_null(strstr(moves, "\n1. c3c4 g7g6\n"));
    assert_null(strstr(moves, "2."));
    free(rec);
    proc_free(&h);
    unlink(hs);
}

/* Draw by agreement and a takeback, typed; the agreement is in both records. */
static void test_draw_and_takeback(void **st)
{
    (void)st;
    char hs[128], js[128], addr[64];
    tmp_path(hs, sizeof hs, "dr_host");
    tmp_path(js, sizeof js, "dr_join");
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "DRAW", "--side", "o", "--save", hs, NULL};
    proc h, j;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    const char *jargs[] = {"join", addr, "--code", "DRAW", "--save", js, NULL};
    proc_start(&j, jargs);
    size_t jp = proc_wait_for(&j, "x> ", 0) + 3, hp = 0;
    proc_send(&j, "b2\n");
    hp = proc_wait_for(&h, "X plays b2\n", hp);
    proc_send(&j, "takeback\n");
    hp = proc_wait_for(&h, "x asks to take back moves (back to ply 0)", hp);
    proc_send(&h, "accept\n");
    jp = proc_wait_for(&j, "moves taken back: the game is at ply 0", jp);
    proc_send(&j, "a1\n");
    hp = proc_wait_for(&h, "X plays a1\n", hp);
    proc_send(&h, "takeback\n");   /* o has no move yet */
    hp = proc_wait_for(&h, "you have no move to take back", hp);
    proc_send(&h, "draw\n");
    jp = proc_wait_for(&j, "o offers a draw", jp);
    proc_send(&j, "decline\n");
    hp = proc_wait_for(&h, "x declines the draw", hp);
    proc_send(&h, "draw\n");
    jp = proc_wait_for(&j, "o offers a draw", jp + 1);
    proc_send(&j, "accept\n");
    assert_int_equal(proc_exit(&j), 0);
    assert_int_equal(proc_exit(&h), 0);
    assert_non_null(strstr(h.out, "game over: draw: agreement"));
    assert_same_record(hs, js);
    char *rec = slurp_file(hs);
    assert_non_null(strstr(rec, "[Termination \"draw: agreement\"]"));
    assert_non_null(strstr(rec, "[Result \"1/2-1/2\"]"));
    assert_non_null(strstr(rec, "\n1. a1\n1/2-1/2\n"));
    assert_date_tag(rec);
    free(rec);
    proc_free(&h);
    proc_free(&j);
    unlink(hs);
    unlink(js);
}

/* A clock that runs out ends the game for both; so does an opponent who
 * does not come back (--on-absent loss), or the game is adjourned. */
static void test_time_and_absence(void **st)
{
    (void)st;
    char hs[128], js[128], addr[64];
    tmp_path(hs, sizeof hs, "time_host");
    tmp_path(js, sizeof js, "time_join");
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "FLAG", "--time", "1s+0", "--save", hs, NULL};
    proc h, j;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    const char *jargs[] = {"join", addr, "--code", "FLAG", "--save", js, NULL};
    proc_start(&j, jargs);
    /* x (the host) never moves */
    assert_int_equal(proc_exit(&j), 0);
    assert_int_equal(proc_exit(&h), 0);
    assert_non_null(strstr(h.out, "game over: o wins: time"));
    assert_non_null(strstr(j.out, "game over: o wins: time"));
    assert_same_record(hs, js);
    char *rec = slurp_file(js);
    assert_non_null(strstr(rec, "[Termination \"o wins: time\"]"));
    assert_non_null(strstr(rec, "[Result \"0-1\"]"));
    assert_date_tag(rec);
    free(rec);
    proc_free(&h);
    proc_free(&j);

    static const char *const policy[] = {"loss", "adjourn"};
    for (int k = 0; k < 2; k++) {
        const char *hargs2[] = {"host", "tictactoe", "--port", "0", "--code", "GONE", "--reconnect-wait", "0",
                                "--on-absent", policy[k], "--save", hs, NULL};
        proc_start(&h, hargs2);
        host_port(&h, addr, sizeof addr);
        const char *jargs2[] = {"join", addr, "--code", "GONE", NULL};
        proc_start(&j, jargs2);
        size_t hp = proc_wait_for(&h, "x> ", 0);
        proc_send(&h, "b2\n");
        proc_wait_for(&j, "X plays b2", 0);
        kill(j.pid, SIGKILL);
        proc_exit(&j);
        proc_wait_for(&h, "connection lost at ply 1", hp);
        rec = NULL;
        if (k == 0) {
            assert_int_equal(proc_exit(&h), 0);
            assert_non_null(strstr(h.out, "game over: x wins: time"));
            rec = slurp_file(hs);
            assert_non_null(strstr(rec, "[Termination \"x wins: time\"]"));
            assert_non_null(strstr(rec, "[Result \"1-0\"]"));
        } else {
            assert_int_equal(proc_exit(&h), 3);
            assert_non_null(strstr(h.out, "adjourned at ply 1: the opponent did not come back within 0 s"));
            rec = slurp_file(hs);
            assert_non_null(strstr(rec, "[Result \"*\"]"));
        }
        assert_non_null(strstr(rec, "\n1. b2\n"));
        free(rec);
        proc_free(&h);
        proc_free(&j);
    }
    unlink(hs);
    unlink(js);
}

/* --save never replaces a game with the record of one that did not
 * start: the host that leaves before anyone joins writes beside it. */
static void test_save_keeps_existing(void **st)
{
    (void)st;
    char hs[128], beside[160], addr[64];
    tmp_path(hs, sizeof hs, "keep");
    snprintf(beside, sizeof beside, "%.*s-1.txt", (int)(strlen(hs) - 4), hs);
    unlink(beside);
    FILE *f = fopen(hs, "w");
    assert_non_null(f);
    fputs("an earlier game\n", f);
    fclose(f);
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "KEEP", "--save", hs, NULL};
    proc h;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    proc_send(&h, "quit\n");
    assert_int_equal(proc_exit(&h), 3);
    char *old = slurp_file(hs), *rec = slurp_file(beside), want[400];
    assert_string_equal(old, "an earlier game\n");
    assert_non_null(strstr(rec, "[Result \"*\"]"));
    snprintf(want, sizeof want, "saved %s (%s exists and the game did not start)\n", beside, hs);
    assert_non_null(strstr(h.out, want));
    free(old);
    free(rec);
    proc_free(&h);
    unlink(hs);
    unlink(beside);
}

/* A game whose --save file cannot be written is kept in the game library
 * of the user's data folder, and the message says where. */
static void test_save_failure_keeps_game(void **st)
{
    (void)st;
    char block[128], target[200], xdg[128], addr[64];
    tmp_path(block, sizeof block, "notdir");
    snprintf(target, sizeof target, "%s/game.txt", block);   /* a folder that is a file */
    FILE *f = fopen(block, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(xdg, sizeof xdg, "/tmp/qp_net_%d_xdg", (int)getpid());
    setenv("XDG_DATA_HOME", xdg, 1);
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "FULL", "--save", target, NULL};
    proc h, j;
    proc_start(&h, hargs);
    host_port(&h, addr, sizeof addr);
    const char *jargs[] = {"join", addr, "--code", "FULL", NULL};
    proc_start(&j, jargs);
    unsetenv("XDG_DATA_HOME");
    proc_wait_for(&h, "x> ", 0);
    proc_send(&h, "b2\n");
    proc_wait_for(&j, "X plays b2", 0);
    proc_send(&j, "resign\n");
    assert_int_equal(proc_exit(&j), 0);
    assert_int_equal(proc_exit(&h), 1);
    char *e = proc_err(&h), want[400];
    snprintf(want, sizeof want, "qipan: %s: ", target);
    assert_non_null(strstr(e, want));
    snprintf(want, sizeof want, "; the game is kept in %s/qipan/library/tictactoe-", xdg);
    char *at = strstr(e, want);
    if (!at) fail_msg("no 'kept in' in:\n%s", e);
    char kept[300];
    at += strlen("; the game is kept in ");
    snprintf(kept, sizeof kept, "%.*s", (int)strcspn(at, "\n"), at);
    char *rec = slurp_file(kept);
    assert_non_null(strstr(rec, "[Termination \"x wins: resignation\"]"));
    assert_non_null(strstr(rec, "\n1. b2\n"));
    free(rec);
    free(e);
    unlink(kept);
    snprintf(want, sizeof want, "%s/qipan/library", xdg);
    rmdir(want);
    snprintf(want, sizeof want, "%s/qipan", xdg);
    rmdir(want);
    rmdir(xdg);
    unlink(block);
    proc_free(&h);
    proc_free(&j);
}

/* ---- a hand-driven host ------------------------------------------------- */

static int listen_any(int *port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa;
    socklen_t sl = sizeof sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(fd, 2), 0);
    assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &sl), 0);
    *port = ntohs(sa.sin_port);
    return fd;
}

/* The next joiner, over TLS with code. */
static int accept_wait(int lfd, const char *code)
{
    struct pollfd pf = {lfd, POLLIN, 0};
    if (poll(&pf, 1, WAIT_MS) <= 0) fail_msg("nobody connected");
    int fd = accept(lfd, NULL, NULL), rc = tls_begin(fd, code, true);
    if (rc) fail_msg("TLS handshake as the host: %s", gnutls_strerror(rc));
    return fd;
}

/* The host's set-up for tic-tac-toe with the given record. */
static void send_setup(int fd, const char *const *moves, int n)
{
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    char err[QP_ERR], line[NP_MAX_LINE];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    put(fd, "welcome 2\n");
    snprintf(line, sizeof line, "rules tictactoe %016llx\n", (unsigned long long)np_rules_digest(r));
    put(fd, line);
    for (int i = 0; i < r->params.n; i++) {
        if (!np_param_counts(r->params.v[i].def->key)) continue;
        snprintf(line, sizeof line, "param %s %s\n", r->params.v[i].def->key, r->params.v[i].text);
        put(fd, line);
    }
    snprintf(line, sizeof line, "start %s\nseat 1\ntime 0 0\nhistory %d\n", g.start_fen, n);
    put(fd, line);
    for (int i = 0; i < n; i++) {
        snprintf(line, sizeof line, "move %d %s\n", i, moves[i]);
        put(fd, line);
    }
    snprintf(line, sizeof line, "sync %d\n", n);
    put(fd, line);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The joiner checks the host too: a bad move is refused, a dropped
 * connection is dialled again and the host's record taken over, an
 * illegal record is refused. */
static void test_joiner_side(void **st)
{
    (void)st;
    char js[128], addr[64], line[NP_MAX_LINE], ready[64];
    tmp_path(js, sizeof js, "fake_join");
    int port, lfd = listen_any(&port);
    snprintf(addr, sizeof addr, "127.0.0.1:%d", port);
    const char *jargs[] = {"join", addr, "--code", "FAKE-1", "--save", js, NULL};
    proc j;
    proc_start(&j, jargs);
    int fd = accept_wait(lfd, "FAKE-1");
    expect(fd, "hello 2");
    static const char *const rec[] = {"b2", "a1", "c3"};
    send_setup(fd, rec, 1);
    get(fd, line, sizeof line);
    assert_memory_equal(line, "ready 1 ", 8);
    snprintf(ready, sizeof ready, "%s", line + 8);
    size_t jp = proc_wait_for(&j, "resumed at ply 1, playing o", 0);
    jp = proc_wait_for(&j, "o> ", jp);
    proc_send(&j, "a1\n");
    expect(fd, "move 1 a1");
    put(fd, "move 1 c3\n");
    expect(fd, "error ply expected ply 2, got 1");
    put(fd, "move 2 a1\n");
    get(fd, line, sizeof line);
    assert_memory_equal(line, "error illegal illegal move 'a1': ", 33);
    put(fd, "clock 2 5 5\n");
    expect(fd, "error state this game has no clocks");
    put(fd, "timeout 0 2\n");
    expect(fd, "error state this game has no clocks");
    put(fd, "ready 2 0000000000000000\n");
    expect(fd, "error unexpected this message is not expected now");
    put(fd, "chat \xc2\x9b" "2J\n");
    expect(fd, "error syntax control character U+009B at byte 5");
    put(fd, "error x \xe2\x81\xa6\n");
    expect(fd, "error syntax bidirectional control U+2066 at byte 8");
    /* the connection drops; the joiner dials again and takes our record */
    tclose(fd);
    jp = proc_wait_for(&j, "connection lost at ply 2", jp);
    fd = accept_wait(lfd, "FAKE-1");
    expect(fd, "hello 2");
    put(fd, "error busy another player is connected\n");   /* not noticed the drop yet */
    tclose(fd);
    fd = accept_wait(lfd, "FAKE-1");
    expect(fd, "hello 2");
    send_setup(fd, rec, 3);
    get(fd, line, sizeof line);
    assert_memory_equal(line, "ready 3 ", 8);
    assert_string_equal(line + 8, ready);
    jp = proc_wait_for(&j, "resumed at ply 3, playing o", jp);
    put(fd, "resign 3\n");
    assert_int_equal(proc_exit(&j), 0);
    assert_non_null(strstr(j.out, "game over: o wins: resignation"));
    char *saved = slurp_file(js);
    assert_non_null(strstr(saved, "[Termination \"o wins: resignation\"]"));
    assert_non_null(strstr(saved, "\n1. b2 a1\n2. c3\n"));
    free(saved);
    tclose(fd);
    proc_free(&j);

    /* a record with an illegal move is refused at once */
    proc_start(&j, jargs);
    fd = accept_wait(lfd, "FAKE-1");
    expect(fd, "hello 2");
    static const char *const bad[] = {"b2", "b2"};
    send_setup(fd, bad, 2);
    get(fd, line, sizeof line);
    assert_memory_equal(line, "error illegal the host's record has an illegal move 2 'b2': ", 60);
    assert_int_equal(proc_exit(&j), 1);
    char *e = proc_err(&j);
    assert_non_null(strstr(e, "qipan: the host's record has an illegal move 2 'b2': "));
    free(e);
    tclose(fd);
    proc_free(&j);
    close(lfd);
    unlink(js);
}

/* Both seats fed their whole part of a game at once from stdin, which then
 * ends: each move waits for its turn, as in a console transcript; a seat
 * whose input ends leaves at its next turn. */
static void test_fed_in_advance(void **st)
{
    (void)st;
    char hs[128], js[128], addr[64];
    tmp_path(hs, sizeof hs, "fed_host");
    tmp_path(js, sizeof js, "fed_join");
    static const char *const xin[3] = {"a1\nchat good luck\na2\na3\n", "a1\na2\n", "a1\n"};
    static const char *const oin[3] = {"b1\nb2\n", "b1\n", "b1\nb2\n"};
    for (int k = 0; k < 3; k++) {
        const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "FED-1", "--save", hs,
                               "--reconnect-wait", "0", NULL};
        proc h, j;
        proc_start(&h, hargs);
        proc_send(&h, xin[k]);
        close(h.in);
        h.in = -1;
        host_port(&h, addr, sizeof addr);
        const char *jargs[] = {"join", addr, "--code", "FED-1", "--save", js, NULL};
        proc_start(&j, jargs);
        proc_send(&j, oin[k]);
        close(j.in);
        j.in = -1;
        char *rec;
        if (k == 0) {
            assert_int_equal(proc_exit(&h), 0);
            assert_int_equal(proc_exit(&j), 0);
            assert_non_null(strstr(j.out, "x says: good luck\n"));
            assert_non_null(strstr(h.out, "x> a3\nX plays a3\n"));
            assert_same_record(hs, js);
            rec = slurp_file(hs);
            assert_non_null(strstr(rec, "[Termination \"x wins: three in a row\"]"));
            assert_non_null(strstr(rec, "1. a1 b1\n2. a2 b2\n3. a3\n"));
        } else if (k == 2) {
            /* x's input ends first: the host leaves, the joiner stops at once */
            assert_int_equal(proc_exit(&h), 3);
            assert_int_equal(proc_exit(&j), 3);
            assert_non_null(strstr(j.out, "adjourned at ply 2: the host left the game"));
            assert_same_record(hs, js);
            rec = slurp_file(js);
            assert_non_null(strstr(rec, "1. a1 b1\n"));
        } else {
            /* o's input ends at its second turn: it leaves, x adjourns */
            assert_int_equal(proc_exit(&j), 3);
            assert_int_equal(proc_exit(&h), 3);
            assert_non_null(strstr(j.out, "adjourned at ply 3: you left the game"));
            assert_non_null(strstr(h.out, "connection lost at ply 3 (the opponent left)"));
            assert_same_record(hs, js);
            rec = slurp_file(hs);
            assert_non_null(strstr(rec, "[Result \"*\"]"));
            assert_non_null(strstr(rec, "1. a1 b1\n2. a2\n"));
        }
        free(rec);
        proc_free(&h);
        proc_free(&j);
    }
    unlink(hs);
    unlink(js);
}

/* Joins by hand as o; returns the connection after `ready`. */
static int join_by_hand(int port, const char *code)
{
    char line[NP_MAX_LINE], digest[17] = "";
    (void)line;
    int fd = dial_tls(port, code);
    put(fd, "hello 2\n");
    expect(fd, "welcome 2");
    int ply = -1;
    for (;;) {
        get(fd, line, sizeof line);
        assert_true(line[0] != 0);
        if (!strncmp(line, "rules ", 6)) snprintf(digest, sizeof digest, "%s", strrchr(line, ' ') + 1);
        if (!strncmp(line, "sync ", 5)) {
            ply = atoi(line + 5);
            break;
        }
    }
    snprintf(line, sizeof line, "ready %d %s\n", ply, digest);
    put(fd, line);
    return fd;
}

/* Lines of text that contain needle. */
static int count_in(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

/* Wrong codes are limited per address: after three, each further try
 * must wait (1 s, 2 s, ...) and is refused unheard meanwhile; only the
 * first is logged.  The right code gets in once the wait is over. */
static void test_wrong_codes(void **st)
{
    (void)st;
    char addr[64], line[NP_MAX_LINE];
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "RIGHT-CODE", NULL};
    proc h;
    proc_start(&h, hargs);
    int port = host_port(&h, addr, sizeof addr);
    /* a wrong code ends the handshake with the host's alert; an address
     * that must wait is closed unheard */
    int wrong = 0, waits = 0;
    for (int i = 0; i < 12 && !waits; i++) {   /* the first wait is 1 s: a slow machine may need more */
        snprintf(line, sizeof line, "GUESS%d", i);
        int rc = tls_begin(dial(port), line, false);
        if (rc == GNUTLS_E_FATAL_ALERT_RECEIVED) wrong++;
        else if (rc == GNUTLS_E_PREMATURE_TERMINATION || rc == GNUTLS_E_PULL_ERROR) waits++;
        else fail_msg("unexpected handshake result: %s", gnutls_strerror(rc));
    }
    assert_true(wrong >= 3);
    assert_int_equal(waits, 1);
    /* the right code, tried until the wait is over (a bounded loop) */
    bool in = false;
    long long end = ms_now() + WAIT_MS;
    while (!in && ms_now() < end) {
        int fd = dial(port), rc = tls_begin(fd, "RIGHT-CODE", false);
        if (rc) {
            assert_true(rc == GNUTLS_E_PREMATURE_TERMINATION || rc == GNUTLS_E_PULL_ERROR);
            poll(NULL, 0, 200);
            continue;
        }
        put(fd, "hello 2\n");
        get(fd, line, sizeof line);
        in = !strcmp(line, "welcome 2");
        tclose(fd);
    }
    assert_true(in);
    proc_send(&h, "quit\n");
    assert_int_equal(proc_exit(&h), 3);
    char *e = proc_err(&h);
    assert_int_equal(count_in(e, "wrong join code from 127.0.0.1"), 1);
    assert_int_equal(count_in(e, "\n"), 1);   /* nothing else: no line per guess */
    free(e);
    proc_free(&h);
}

/* Connections that never speak take nothing: the player with the code
 * joins past them, and they are closed within a few seconds.  A player
 * whose old connection still looks alive comes back at once with the
 * code; the old connection is told it was replaced. */
static void test_idle_connections(void **st)
{
    (void)st;
    char hs[128], addr[64];
    tmp_path(hs, sizeof hs, "idle_host");
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "SLOT", "--save", hs, NULL};
    proc h, j, j2;
    proc_start(&h, hargs);
    int port = host_port(&h, addr, sizeof addr);
    int idle[3];
    for (int i = 0; i < 3; i++) idle[i] = dial(port);
    const char *jargs[] = {"join", addr, "--code", "SLOT", NULL};
    proc_start(&j, jargs);
    size_t hp = proc_wait_for(&h, "o joined at ply 0", 0);
    for (int i = 0; i < 3; i++) {
        expect(idle[i], "");   /* closed by the host, unheard */
        close(idle[i]);
    }
    hp = proc_wait_for(&h, "x> ", hp);
    proc_send(&h, "b2\n");
    proc_wait_for(&j, "X plays b2", 0);
    /* the joiner freezes: its connection stays open but silent */
    kill(j.pid, SIGSTOP);
    proc_start(&j2, jargs);
    hp = proc_wait_for(&h, "o is back at ply 1", hp);
    kill(j.pid, SIGCONT);
    assert_int_equal(proc_exit(&j), 3);
    assert_non_null(strstr(j.out, "adjourned at ply 1: another connection with the join code took this seat"));
    proc_wait_for(&j2, "o> ", 0);
    proc_send(&j2, "resign\n");
    assert_int_equal(proc_exit(&j2), 0);
    assert_int_equal(proc_exit(&h), 0);
    assert_non_null(strstr(h.out, "game over: x wins: resignation"));
    char *e = proc_err(&h);
    assert_non_null(strstr(e, "qipan: net: a new connection with the join code replaces the old one\n"));
    free(e);
    proc_free(&h);
    proc_free(&j);
    proc_free(&j2);
    unlink(hs);
}

/* A relay between a joiner and the host, on a thread of its own: it
 * forwards both ways, and on a byte from ctl injects a cleartext line
 * into what goes to the host ('i') or flips a bit of the next bytes the
 * joiner sends ('f').  'q' or an end of either side stops it. */
typedef struct relay {
    int lfd, host_port, ctl[2];
    pthread_t th;
} relay;

static void *relay_run(void *arg)
{
    relay *r = arg;
    struct pollfd pf = {r->lfd, POLLIN, 0};
    if (poll(&pf, 1, WAIT_MS) <= 0) return NULL;
    int a = accept(r->lfd, NULL, NULL), b = dial(r->host_port);
    bool flip = false;
    long long end = ms_now() + WAIT_MS;
    while (ms_now() < end) {
        struct pollfd p[3] = {{a, POLLIN, 0}, {b, POLLIN, 0}, {r->ctl[0], POLLIN, 0}};
        if (poll(p, 3, 200) <= 0) continue;
        char buf[16384];
        if (p[2].revents) {
            char cmd = 'q';
            if (read(r->ctl[0], &cmd, 1) != 1 || cmd == 'q') break;
            if (cmd == 'i' && send(b, "resign 0\n", 9, MSG_NOSIGNAL) != 9) break;
            if (cmd == 'f') flip = true;
        }
        for (int k = 0; k < 2; k++) {
            if (!p[k].revents) continue;
            ssize_t n = recv(k ? b : a, buf, sizeof buf, 0);
            if (n <= 0) goto done;
            if (k == 0 && flip) {   /* a bit of the record's body, past its header */
                buf[n - 1] ^= 0x01;
                flip = false;
            }
            if (send(k ? a : b, buf, (size_t)n, MSG_NOSIGNAL) != n) goto done;
        }
    }
done:
    close(a);
    close(b);
    return NULL;
}

/* Moves and all else are authenticated: a relay that injects a forged
 * `resign` in clear, or flips one bit of what the joiner sends, breaks
 * the connection; nothing it did reaches the game, which is not saved as
 * a win. */
static void test_tls_relay(void **st)
{
    (void)st;
    char hs[128], addr[64], raddr[64];
    tmp_path(hs, sizeof hs, "relay_host");
    for (int mode = 0; mode < 2; mode++) {
        const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "RELAY", "--reconnect-wait", "0",
                               "--save", hs, NULL};
        proc h, j;
        proc_start(&h, hargs);
        relay r;
        memset(&r, 0, sizeof r);
        r.host_port = host_port(&h, addr, sizeof addr);
        int rport;
        r.lfd = listen_any(&rport);
        assert_int_equal(pipe(r.ctl), 0);
        assert_int_equal(pthread_create(&r.th, NULL, relay_run, &r), 0);
        snprintf(raddr, sizeof raddr, "127.0.0.1:%d", rport);
        const char *jargs[] = {"join", raddr, "--code", "RELAY", "--reconnect-wait", "0", NULL};
        proc_start(&j, jargs);
        size_t hp = proc_wait_for(&h, "o joined at ply 0", 0);
        assert_int_equal(write(r.ctl[1], mode ? "f" : "i", 1), 1);
        if (mode) proc_send(&j, "chat hi\n");
        hp = proc_wait_for(&h, "connection lost at ply 0", hp);
        assert_int_equal(proc_exit(&h), 3);
        assert_int_equal(proc_exit(&j), 3);
        assert_int_equal(write(r.ctl[1], "q", 1), 1);
        pthread_join(r.th, NULL);
        close(r.lfd);
        close(r.ctl[0]);
        close(r.ctl[1]);
        char *e = proc_err(&h), *rec = slurp_file(hs);
        assert_non_null(strstr(e, "qipan: net: the connection failed its encryption or authentication ("));
        assert_null(strstr(h.out, "resignation"));
        assert_null(strstr(h.out, "says: hi"));
        assert_non_null(strstr(h.out, "adjourned at ply 0"));
        assert_non_null(strstr(rec, "[Result \"*\"]"));
        assert_null(strstr(rec, "1-0"));
        free(e);
        free(rec);
        proc_free(&h);
        proc_free(&j);
    }
    unlink(hs);
}

/* Floods are cut: too many messages at once, or too many bad ones, close
 * the connection; the game waits for the opponent and goes on unchanged. */
static void test_floods(void **st)
{
    (void)st;
    char hs[128], addr[64], line[NP_MAX_LINE];
    tmp_path(hs, sizeof hs, "flood_host");
    const char *hargs[] = {"host", "tictactoe", "--port", "0", "--code", "FLOOD", "--save", hs, NULL};
    proc h;
    proc_start(&h, hargs);
    int port = host_port(&h, addr, sizeof addr);
    int fd = join_by_hand(port, "FLOOD");
    size_t hp = proc_wait_for(&h, "x> ", 0) + 3;
    proc_send(&h, "a1\n");
    expect(fd, "move 0 a1");
    /* 300 chat lines at once: the first 100 pass, then the limit */
    char *many = malloc(300 * 8 + 1);
    many[0] = 0;
    for (int i = 0; i < 300; i++) strcat(many, "chat hi\n");
    put(fd, many);
    free(many);
    expect(fd, "error rate more than 20 messages a second");
    expect(fd, "");
    tclose(fd);
    hp = proc_wait_for(&h, "connection lost at ply 1 (too many messages)", hp);
    /* back again: seventeen bad lines close it too */
    fd = join_by_hand(port, "FLOOD");
    hp = proc_wait_for(&h, "o is back at ply 1", hp);
    for (int i = 0; i < 17; i++) put(fd, "move 1 a1\n");
    for (int i = 0; i < 17; i++) {
        get(fd, line, sizeof line);
        assert_memory_equal(line, "error illegal illegal move 'a1': ", 33);
    }
    expect(fd, "");
    tclose(fd);
    hp = proc_wait_for(&h, "connection lost at ply 1 (too many errors)", hp);
    /* and back once more to finish the game */
    fd = join_by_hand(port, "FLOOD");
    hp = proc_wait_for(&h, "o is back at ply 1", hp);
    put(fd, "move 1 b2\n");
    hp = proc_wait_for(&h, "O plays b2", hp);
    put(fd, "resign 2\n");
    expect(fd, "end 2 x wins: resignation");
    tclose(fd);
    assert_int_equal(proc_exit(&h), 0);
    char *rec = slurp_file(hs);
    assert_non_null(strstr(rec, "\n1. a1 b2\n"));
    free(rec);
    proc_free(&h);
    unlink(hs);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_roundtrip),
        cmocka_unit_test(test_parse_fields),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_format_refuses),
        cmocka_unit_test(test_parse_mutations),
        cmocka_unit_test(test_codes),
        cmocka_unit_test(test_digest_and_diff),
        cmocka_unit_test(test_zhonggong_engines),
        cmocka_unit_test(test_tictactoe_typed),
        cmocka_unit_test(test_resume_after_kill),
        cmocka_unit_test(test_bad_peers),
        cmocka_unit_test(test_draw_and_takeback),
        cmocka_unit_test(test_time_and_absence),
        cmocka_unit_test(test_save_keeps_existing),
        cmocka_unit_test(test_save_failure_keeps_game),
        cmocka_unit_test(test_joiner_side),
        cmocka_unit_test(test_fed_in_advance),
        cmocka_unit_test(test_floods),
        cmocka_unit_test(test_wrong_codes),
        cmocka_unit_test(test_idle_connections),
        cmocka_unit_test(test_tls_relay),
    };
    return cmocka_run_group_tests_name("net", tests, tu_setup_registry, tu_teardown_registry);
}
