/*
 * test_xboard.c — `qipan xboard` (CECP v2) sessions through the real
 * binary: feature negotiation, XBoard's Xiangqi coordinates (ranks 0-9)
 * and FEN letters (H, E), moves checked legal both ways, illegal moves
 * answered, ping/pong (after the move when the engine thinks), undo and
 * remove, analyze's thinking lines.  A session is a script run as a GUI
 * would: it waits for the engine's move before it sends the next one.
 */
#include "testutil.h"
#include "proto_session.h"

#include <fcntl.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

/* Runs `qipan xboard` on a script: a step "<TEXT" waits until the output
 * (after what the previous waits consumed) holds TEXT at a line start;
 * any other step is sent as a line.  Returns all the output, after quit. */
static char *xb_session(const char *const *steps)
{
    int to, from;
    pid_t pid = session_spawn("xboard", &to, &from);
    size_t n = 0, cap = 1 << 16, seen = 0;
    char *out = malloc(cap);
    out[0] = 0;
    for (int i = 0; steps[i]; i++) {
        if (steps[i][0] != '<') {
            char line[1024];
            int k = snprintf(line, sizeof line, "%s\n", steps[i]);
            if (write(to, line, (size_t)k) != k) fail_msg("write %s", steps[i]);
            continue;
        }
        const char *want = steps[i] + 1;
        for (;;) {
            /* a match at a line start after the last consumed point */
            const char *hit = NULL;
            for (const char *p = out + seen; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "")
                if ((p == out || p[-1] == '\n') && !strncmp(p, want, strlen(want)) && strchr(p, '\n')) {
                    hit = p;
                    break;
                }
            if (hit) {
                seen = (size_t)(strchr(hit, '\n') + 1 - out);
                break;
            }
            struct pollfd pf = {.fd = from, .events = POLLIN};
            if (poll(&pf, 1, 120000) <= 0) fail_msg("no '%s' in 120 s; output:\n%s", want, out);
            if (n + 4096 > cap) out = realloc(out, cap *= 2);
            ssize_t k = read(from, out + n, cap - n - 1);
            if (k <= 0) fail_msg("qipan xboard ended before '%s'; output:\n%s", want, out);
            n += (size_t)k;
            out[n] = 0;
        }
    }
    if (write(to, "quit\n", 5) != 5) fail_msg("write quit");
    close(to);
    for (;;) {
        if (n + 4096 > cap) out = realloc(out, cap *= 2);
        ssize_t k = read(from, out + n, cap - n - 1);
        if (k <= 0) break;
        n += (size_t)k;
        out[n] = 0;
    }
    close(from);
    int st;
    waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) fail_msg("qipan xboard failed (status %d)", st);
    return out;
}

/* The move of the last "move " line (static buffer). */
static const char *last_move(const char *out)
{
    static char mv[64];
    const char *p = NULL;
    for (const char *q = out; (q = strstr(q, "move ")) != NULL; q++)
        if (q == out || q[-1] == '\n') p = q;
    if (!p) fail_msg("no move in:\n%s", out);
    sscanf(p + 5, "%63s", mv);
    return mv;
}

/* Is the XBoard move (ranks 0-9) legal in xiangqi after fen + moves? */
static bool legal_after(const char *fen, const char *const *moves, const char *xb)
{
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    char err[QP_ERR], t[64];
    if (qp_game_init(&g, r, fen, err, sizeof err)) fail_msg("%s", err);
    bool ok = true;
    for (int i = 0; ok; i++) {
        const char *m = moves && moves[i] ? moves[i] : xb;
        size_t k = 0;
        for (const char *p = m; *p && k + 3 < sizeof t; p++) {
            if (*p >= '0' && *p <= '9') k += (size_t)snprintf(t + k, sizeof t - k, "%d", *p - '0' + 1);
            else t[k++] = *p;
        }
        t[k] = 0;
        qp_move mv;
        ok = r->rs->move_parse(r, g.cur, t, &mv, err, sizeof err) == 0 && qp_move_is_legal(r, g.cur, mv);
        if (ok) qp_game_play(&g, mv);
        if (m == xb) break;
    }
    qp_game_free(&g);
    qp_rules_free(r);
    return ok;
}

static void test_features(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "<feature done=1", "ping 17", "<pong 17", NULL};
    char *out = xb_session(s);
    assert_string_equal(out, "feature done=0\n"
                             "feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 san=0 analyze=1 "
                             "colors=0 reuse=1 myname=\"qipan 0.1\" variants=\"xiangqi\"\n"
                             "feature done=1\n"
                             "pong 17\n");
    free(out);
}

/* The engine answers a move with a legal one, in ranks 0-9, and a ping
 * sent while it thinks after its move. */
static void test_usermove_and_ping(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "sd 3", "usermove h2e2",
                       "ping 5", "<pong 5", NULL};
    char *out = xb_session(s);
    const char *mv = last_move(out);
    const char *moves[] = {"h2e2", NULL};
    assert_true(legal_after(NULL, moves, mv));
    char want[128];
    snprintf(want, sizeof want, "move %s\npong 5\n", mv);
    assert_non_null(strstr(out, want));
    free(out);
}

static void test_illegal_moves(void **st)
{
    (void)st;
    /* a0a5: the rook is blocked by its own soldier; h9g7: not red's turn;
     * i10: no such rank; after each, the position is unchanged */
    const char *s[] = {"xboard", "protover 2", "new", "force", "usermove a0a5", "usermove h9g7",
                       "usermove a9a10", "usermove zz", "h2e2", "usermove h2e2", "ping 1", "<pong 1",
                       NULL};
    char *out = xb_session(s);
    assert_string_equal(strstr(out, "Illegal move: a0a5"), "Illegal move: a0a5\n"
                                                           "Illegal move: h9g7\n"
                                                           "Illegal move: a9a10\n"
                                                           "Illegal move: zz\n"
                                                           "Illegal move: h2e2\n"
                                                           "pong 1\n");
    assert_null(strstr(out, "\nmove "));
    free(out);
}

/* setboard reads XBoard's letters (H horse, E elephant) and the side to
 * move; go plays for that side. */
static void test_setboard_go(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "new", "force",
                       "setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b - - 0 1",
                       "sd 2", "go", "<move ", "setboard rheakaehr/9/junk", "ping 2", "<pong 2", NULL};
    char *out = xb_session(s);
    const char *mv = last_move(out);
    assert_true(legal_after("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1", NULL, mv));
    assert_non_null(strstr(out, "\ntellusererror Illegal position: rheakaehr/9/junk\npong 2\n"));
    free(out);
}

/* undo takes one ply back, remove two: the moves after them are read in
 * the position they lead to. */
static void test_undo_remove(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "new", "force", "usermove h2e2", "usermove h9g7",
                       "usermove b0c2", "undo", "usermove b0c2", "remove", "usermove h9g7",
                       "remove", "remove", "sd 2", "go", "<move ", NULL};
    char *out = xb_session(s);
    /* remove after h2e2 h9g7 b0c2 leaves h2e2: h9g7 (black) is legal;
     * the last remove finds one ply only */
    assert_null(strstr(out, "Illegal move"));
    assert_non_null(strstr(out, "Error (no move to take back): remove\n"));
    assert_true(legal_after(START, NULL, last_move(out)));
    free(out);
}

/* analyze writes "DEPTH SCORE TIME NODES PV" lines with moves in XBoard's
 * ranks, until exit. */
static void test_analyze(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "new", "force", "usermove h2e2", "analyze", "<2 ",
                       ".", "exit", "ping 3", "<pong 3", NULL};
    char *out = xb_session(s);
    regex_t re;
    assert_int_equal(regcomp(&re, "^2 -?[0-9]+ [0-9]+ [0-9]+ [a-i][0-9][a-i][0-9]( [a-i][0-9][a-i][0-9])*$",
                             REG_EXTENDED | REG_NEWLINE), 0);
    assert_int_equal(regexec(&re, out, 0, NULL, 0), 0);
    regfree(&re);
    const char *two = strstr(out, "\n2 ");
    char pv1[16];
    assert_int_equal(sscanf(two + 1, "%*d %*d %*d %*d %15s", pv1), 1);
    const char *moves[] = {"h2e2", NULL};
    assert_true(legal_after(NULL, moves, pv1));
    assert_null(strstr(out, "\nmove "));   /* analysis plays no move */
    free(out);
}

static void test_errors(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "variant nosuchgame", "frobnicate", "level 40 x 0", "sd",
                       "ping 4", "<pong 4", NULL};
    char *out = xb_session(s);
    assert_non_null(strstr(out, "Error (unknown variant): nosuchgame\n"
                                "Error (unknown command): frobnicate\n"
                                "Error (usage: level MPS BASE INC): 40\n"
                                "Error (needs a whole number): sd\n"
                                "pong 4\n"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features),     cmocka_unit_test(test_usermove_and_ping),
        cmocka_unit_test(test_illegal_moves), cmocka_unit_test(test_setboard_go),
        cmocka_unit_test(test_undo_remove),  cmocka_unit_test(test_analyze),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
