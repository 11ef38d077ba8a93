/*
 * test_xboard.c — `qipan xboard` (CECP v2) sessions through the real
 * binary: feature negotiation, XBoard's Xiangqi coordinates (ranks 0-9)
 * and FEN letters (H, E), moves checked legal both ways, illegal moves
 * answered, ping/pong (after the move when the engine thinks), undo and
 * remove, analyze's thinking lines, normal chess (XBoard's default after
 * `new`), result claims, a repetition left to the GUI.  A session is a script run as a GUI
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
                             "colors=0 reuse=1 myname=\"qipan 0.1\" variants=\"normal,xiangqi\"\n"
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
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "force", "usermove a0a5", "usermove h9g7",
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
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "force",
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
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "force", "usermove h2e2", "usermove h9g7",
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
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "force", "usermove h2e2", "analyze", "<2 ",
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

/* `new` is XBoard's normal chess, as the protocol has it: moves and
 * promotions in XBoard's text (e2e4, a7a8q), castling by the king. */
static void test_normal_chess(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "new", "sd 2", "usermove e2e4", "<move ", "force",
                       "setboard 4k3/P7/8/8/8/8/8/4K2R w K - 0 1", "usermove e1g1", "ping 1", "<pong 1",
                       "setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "usermove a7a8q", "ping 2", "<pong 2", NULL};
    char *out = xb_session(s);
    assert_null(strstr(out, "Illegal move"));
    assert_null(strstr(out, "Error"));
    /* black's answer to e2e4 */
    qp_rules *r = tu_rules(&tu_reg, "chess");
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_game_play_text(&g, "e2e4", err, sizeof err), 0);
    qp_move m;
    const char *mv = last_move(out);
    assert_int_equal(r->rs->move_parse(r, g.cur, mv, &m, err, sizeof err), 0);
    assert_true(qp_move_is_legal(r, g.cur, m));
    qp_game_free(&g);
    qp_rules_free(r);
    free(out);
    /* `variant normal` names it too; an 8-rank board keeps its ranks */
    const char *s2[] = {"xboard", "protover 2", "new", "variant xiangqi", "variant normal", "force",
                        "usermove d2d4", "usermove h2e2", "ping 3", "<pong 3", NULL};
    out = xb_session(s2);
    assert_non_null(strstr(out, "\nIllegal move: h2e2\npong 3\n"));
    assert_null(strstr(out, "Illegal move: d2d4"));
    free(out);
}

/* The engine says the result when the side to move has no move: after
 * its own mating move, and when it is to move and mated. */
static void test_result_claims(void **st)
{
    (void)st;
    /* red mates with a0d0: the black general has no square (e9 faces
     * the red general) */
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "force",
                       "setboard 3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1", "sd 3", "go", "<move ", "ping 1",
                       "<pong 1", NULL};
    char *out = xb_session(s);
    const char *mv = last_move(out);
    char want[64];
    snprintf(want, sizeof want, "move %s\n1-0 {", mv);
    if (!strstr(out, want)) fail_msg("no claim after the mate:\n%s", out);
    free(out);
    /* black to move, mated: no move, the claim */
    const char *s2[] = {"xboard", "protover 2", "new", "variant xiangqi", "force",
                        "setboard 3k5/9/9/9/9/9/9/9/9/3RK3R b - - 0 1", "go", "ping 2", "<pong 2", NULL};
    out = xb_session(s2);
    assert_null(strstr(out, "\nmove "));
    assert_non_null(strstr(out, "\n1-0 {"));
    free(out);
}

/* A repetition is XBoard's to judge: after a threefold one, moves are
 * still read and the engine still plays.  A fractional increment is read. */
static void test_history_end_and_level(void **st)
{
    (void)st;
    const char *s[] = {"xboard", "protover 2", "new", "variant xiangqi", "force", "level 0 0:10 0.1",
                       "usermove b0c2", "usermove b9c7", "usermove c2b0", "usermove c7b9",
                       "usermove b0c2", "usermove b9c7", "usermove c2b0", "usermove c7b9",
                       "usermove b0c2", "usermove b9c7", "usermove c2b0", "usermove c7b9",
                       "usermove h2e2", "sd 2", "go", "<move ", "level 40 5 0.x", "ping 1", "<pong 1", NULL};
    char *out = xb_session(s);
    assert_null(strstr(out, "Illegal move"));
    assert_non_null(strstr(out, "\nError (usage: level MPS BASE INC): 0.x\npong 1\n"));
    const char *moves[] = {"b0c2", "b9c7", "c2b0", "c7b9", "b0c2", "b9c7", "c2b0", "c7b9",
                           "b0c2", "b9c7", "c2b0", "c7b9", "h2e2", NULL};
    assert_true(legal_after(NULL, moves, last_move(out)));
    free(out);
}

/* Games in the real XBoard (tools/xboard_games.sh: under Xvfb when there
 * is no display), qipan against itself at depth 2, a draw called after 20
 * moves: each game ends by the rules or XBoard's adjudication, with no
 * forfeit, no illegal move, no false claim.  Skipped without xboard. */
static void test_real_xboard(void **st)
{
    (void)st;
    if (system("command -v xboard >/dev/null 2>&1 || test -x /usr/games/xboard") ||
        (!getenv("DISPLAY") && system("command -v Xvfb >/dev/null 2>&1"))) {
        fprintf(stderr, "test_real_xboard: no xboard (apt-get install xboard xvfb): skipped\n");
        skip();
        return;
    }
    char dir[] = "/tmp/qp_xboard_XXXXXX", cmd[1024], path[300];
    if (!mkdtemp(dir)) fail_msg("mkdtemp");
    snprintf(cmd, sizeof cmd, "QIPAN_SCRIPTS='%s' sh '%s' -n 2 -depth 2 -draw-moves 20 -o '%s' '%s xboard' >'%s/log' 2>&1",
             session_scripts, QP_XBOARD_GAMES, dir, QIPAN_BIN, dir);
    int rc = system(cmd);
    snprintf(path, sizeof path, "%s/log", dir);
    FILE *f = fopen(path, "r");
    char log[4096] = "";
    if (f) {
        log[fread(log, 1, sizeof log - 1, f)] = 0;
        fclose(f);
    }
    if (rc) fail_msg("xboard_games.sh failed (%d):\n%s", rc, log);
    assert_non_null(strstr(log, "games 2 of 2, forfeits 0, "));
    assert_non_null(strstr(log, "game 1: qipan 0.1 - qipan 0.1: "));
    assert_non_null(strstr(log, "game 2: qipan 0.1 - qipan 0.1: "));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features),     cmocka_unit_test(test_usermove_and_ping),
        cmocka_unit_test(test_illegal_moves), cmocka_unit_test(test_setboard_go),
        cmocka_unit_test(test_undo_remove),  cmocka_unit_test(test_analyze),
        cmocka_unit_test(test_errors),       cmocka_unit_test(test_normal_chess),
        cmocka_unit_test(test_result_claims), cmocka_unit_test(test_history_end_and_level),
        cmocka_unit_test(test_real_xboard),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
