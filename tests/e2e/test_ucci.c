/*
 * test_ucci.c — `qipan ucci` sessions through the real binary: the UCCI
 * handshake, FEN and ICCS moves (ranks 0-9), go with clocks in seconds or
 * milliseconds, nobestmove, bye.  Every bestmove is checked for legality
 * with the library, after turning its ICCS ranks back into qipan's.
 */
#include "testutil.h"
#include "proto_session.h"

#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

static char *session(const char *input) { return session_of("ucci", input); }

/* ICCS "h2e2" as qipan writes it ("h3e3"). */
static void from_iccs(const char *in, char *out, size_t n)
{
    size_t k = 0;
    for (const char *p = in; *p && k + 3 < n; p++) {
        if (*p >= '0' && *p <= '9') k += (size_t)snprintf(out + k, n - k, "%d", *p - '0' + 1);
        else out[k++] = *p;
    }
    out[k] = 0;
}

/* Is the ICCS move legal in xiangqi after fen + ICCS moves? */
static bool legal_after(const char *fen, const char *moves, const char *iccs)
{
    return session_legal_after("xiangqi", fen, moves, iccs, from_iccs);
}

static void test_handshake(void **st)
{
    (void)st;
    char *out = session("ucci\nisready\nquit\n");
    assert_int_equal(strncmp(out, "id name qipan", 13), 0);
    assert_non_null(strstr(out, "\noption variant type combo var zhonggong var xiangqi "));
    assert_non_null(strstr(out, " default xiangqi\n"));
    assert_non_null(strstr(out, "\noption usemillisec type check default false\n"));
    assert_non_null(strstr(out, "\noption hashsize type spin min 1 max 4096 default 64\n"));
    assert_non_null(strstr(out, "\noption threads type spin min 1 max 64 default 1\n"));
    assert_non_null(strstr(out, "\noption draw.repetitions type spin min 0 max 100 default 3\n"));
    assert_null(strstr(out, "option name"));
    const char *ok = strstr(out, "ucciok\n");
    assert_non_null(ok);
    assert_string_equal(ok, "ucciok\nreadyok\nbye\n");
    free(out);
}

/* The example of the UCCI document: FEN plus ICCS moves, and a new FEN
 * after a capture. */
static void test_positions(void **st)
{
    (void)st;
    char *out = session("position fen " START " moves h2e2 h7e7\nd\n"
                        "position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2 moves d9e8\nd\n"
                        "position startpos moves b0c2 H9-G7\nd\n"
                        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1\nd\n");
    assert_string_equal(out,
                        "info string variant xiangqi fen rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
                        "info string variant xiangqi fen rnb1kabnr/4a4/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w - - 1 3\n"
                        "info string variant xiangqi fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR w - - 2 2\n"
                        "info string variant xiangqi fen " START "\n");
    free(out);
}

static void test_go(void **st)
{
    (void)st;
    char *out = session("ucci\nposition fen " START " moves h2e2 h7e7\ngo depth 3\n");
    assert_int_equal(count_lines(out, "info depth "), 3);
    assert_non_null(strstr(out, "info depth 3 seldepth "));
    assert_non_null(strstr(out, " score "));
    assert_null(strstr(out, " score cp "));   /* UCCI scores are bare numbers */
    assert_true(legal_after(NULL, "h2e2 h7e7", session_bestmove(out)));
    /* the PV is in ICCS too: its first move is the bestmove, ranks 0-9 */
    const char *pv = strstr(strstr(out, "info depth 3 "), " pv ");
    assert_non_null(pv);
    assert_int_equal(strncmp(pv + 4, session_bestmove(out), 4), 0);
    free(out);
    /* clocks: seconds by default, milliseconds after usemillisec */
    out = session("position startpos moves h2e2\ngo time 2 increment 0 opptime 2 oppincrement 0\n");
    assert_true(legal_after(NULL, "h2e2", session_bestmove(out)));
    free(out);
    out = session("setoption usemillisec true\nposition startpos\ngo ponder time 300 movestogo 10 opptime 300\nponderhit\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_true(legal_after(NULL, NULL, session_bestmove(out)));
    assert_null(strstr(out, "error"));
    free(out);
    out = session("position startpos moves b0c2\ngo nodes 500\n");
    assert_true(legal_after(NULL, "b0c2", session_bestmove(out)));
    free(out);
    /* depth infinite answers after stop, once */
    out = session("position startpos\ngo depth infinite\nstop\nisready\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_true(legal_after(NULL, NULL, session_bestmove(out)));
    free(out);
}

static void test_no_move_and_errors(void **st)
{
    (void)st;
    /* black is mated: no move */
    char *out = session("position fen 4k4/4R4/2N6/9/9/9/9/9/9/3K1R3 b - - 0 1\ngo depth 2\nquit\n");
    assert_string_equal(out, "info string game over: checkmate\nnobestmove\nbye\n");
    free(out);
    out = session("position startpos moves h2e2 h9e9\n"
                  "d\n"
                  "position startpos moves h2e2\n"
                  "banmoves h2e2\n"
                  "setoption usemillisec maybe\n"
                  "setoption nosuch 1\n"
                  "go depth x\nstop\n"
                  "go foo depth 1\n");
    assert_non_null(strstr(out, "info string error: move h9e9: "));
    assert_non_null(strstr(out, "info string variant xiangqi no position\n"));
    assert_non_null(strstr(out, "info string error: usemillisec must be true or false, got 'maybe'\n"));
    assert_non_null(strstr(out, "info string error: unknown option 'nosuch'\n"));
    assert_non_null(strstr(out, "info string error: go depth needs a whole number, got 'x'\n"));
    assert_non_null(strstr(out, "info string error: unknown go parameter 'foo'\n"));
    assert_int_equal(count_lines(out, "bestmove "), 2);
    /* black to move after h2e2 */
    assert_true(legal_after(NULL, "h2e2", session_bestmove(out)));
    free(out);
}

static void test_options(void **st)
{
    (void)st;
    /* UCCI's setoption NAME VALUE, and the UCI form */
    char *out = session("setoption variant zhonggong\nsetoption name hashsize value 8\nsetoption level 3\n"
                        "setoption draw.repetitions 4\nsetoption newgame\nposition startpos\nd\ngo depth 1\n");
    assert_non_null(strstr(out, "info string variant zhonggong fen rnbacabnr/4c4/"));
    assert_null(strstr(out, "error"));
    /* a zhonggong move in ICCS: ranks 0-8 on its 9x9 board */
    assert_true(session_legal_after("zhonggong", NULL, NULL, session_bestmove(out), from_iccs));
    free(out);
}

/* UCCI's `setoption threads N`: offered up to QP_MAX_THREADS, applied to
 * the search (a helper shares the table; the answer is one legal move),
 * listed with the new default, out-of-range values refused. */
static void test_threads(void **st)
{
    (void)st;
    char *out = session("setoption threads 2\nsetoption threads 0\nsetoption threads 65\n"
                        "setoption threads two\nucci\nposition startpos moves h2e2 h7e7\ngo depth 4\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_non_null(strstr(out, "info depth 4 seldepth "));
    assert_true(legal_after(NULL, "h2e2 h7e7", session_bestmove(out)));
    assert_non_null(strstr(out, "info string error: Threads must be 1..64, got '0'\n"));
    assert_non_null(strstr(out, "info string error: Threads must be 1..64, got '65'\n"));
    assert_non_null(strstr(out, "info string error: Threads must be 1..64, got 'two'\n"));
    assert_non_null(strstr(out, "\noption threads type spin min 1 max 64 default 2\n"));
    free(out);
}

/* issue 43: a rank of 24 digits overflowed a signed integer while ICCS
 * ranks were shifted (UBSan aborted); it is a bad move, and the refused
 * position leaves none: go answers nobestmove at once. */
static void test_huge_rank(void **st)
{
    (void)st;
    char *out = session("position startpos moves h999999999999999999999e2\nd\ngo depth 2\n"
                        "position startpos moves h99999e2\n"
                        "position startpos moves h2e2\nd\n");
    assert_string_equal(out,
                        "info string error: move h999999999999999999999e2: bad move text "
                        "'h999999999999999999999e3' (expected two points such as h3e3)\n"
                        "info string variant xiangqi no position\n"
                        "info string error: no position: the last position command was refused\n"
                        "nobestmove\n"
                        "info string error: move h99999e2: bad move text 'h100000e3' (expected two points such as h3e3)\n"
                        "info string variant xiangqi fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n");
    free(out);
}

/* issue 43: blank lines are ignored (the first one crashed), go's
 * numbers are whole numbers or searched at the least (go nodes 1e30
 * searched forever), times in seconds are clamped before they are made
 * milliseconds, and a repetition does not cut a position's moves. */
static void test_lines_numbers_repetition(void **st)
{
    (void)st;
    char *out = session("\n \t\nposition startpos moves b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9 h2e2\nd\n"
                        "go nodes 1e30\n");
    assert_non_null(strstr(out, "info string variant xiangqi fen "
                                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 9 5\n"));
    assert_non_null(strstr(out, "info string error: go nodes needs a whole number, got '1e30'\n"));
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_true(legal_after(NULL, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9 h2e2", session_bestmove(out)));
    free(out);
    out = session("position startpos\ngo time 99999999999999999999 increment 99999999999999999999 "
                  "opptime -99999999999999999999 movestogo 99999999999999999999\nstop\n"
                  "go depth 99999999999999999999\nstop\ngo nodes -1\n");
    assert_null(strstr(out, "error"));
    assert_int_equal(count_lines(out, "bestmove "), 3);
    assert_true(legal_after(NULL, NULL, session_bestmove(out)));
    free(out);
}

/* go ponder answers only after ponderhit (then as a timed search) or
 * stop, never on its own (even when its depth is reached at once): isready
 * is answered before the bestmove.  go infinite likewise. */
static void test_ponder(void **st)
{
    (void)st;
    const char *ins[] = {
        "setoption usemillisec true\nposition startpos moves h2e2\ngo ponder depth 1\nisready\nponderhit\n",
        "position startpos moves h2e2\ngo ponder depth 1\nisready\nstop\n",
        "position startpos moves h2e2\ngo infinite\nisready\nstop\n",
        "setoption usemillisec true\nposition startpos moves h2e2\ngo ponder time 200 opptime 200\nisready\nponderhit\n",
    };
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++) {
        char *out = session(ins[i]);
        assert_int_equal(count_lines(out, "bestmove "), 1);
        const char *ready = strstr(out, "readyok\n"), *best = strstr(out, "bestmove ");
        assert_non_null(ready);
        assert_true(ready < best);
        assert_true(legal_after(NULL, "h2e2", session_bestmove(out)));
        /* bestmove M ponder P: P is the reply expected after M */
        char m[16], p[16] = "", extra[16] = "";
        assert_true(sscanf(best, "bestmove %15s ponder %15s %15s", m, p, extra) >= 1);
        assert_string_equal(extra, "");
        char moves[64];
        snprintf(moves, sizeof moves, "h2e2 %s", m);
        if (p[0]) assert_true(legal_after(NULL, moves, p));
        free(out);
    }
}

/* probe: the table's entry for a position, answered at once: the
 * searched root with the move played and its exact score, the position
 * after a mate (never searched) and one never seen as "pophash" alone;
 * a bad position said as an error. */
static void test_probe(void **st)
{
    (void)st;
    const char *fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";   /* e1d1 mates */
    int to, from;
    pid_t pid = session_spawn("ucci", &to, &from);
    char in[512], out[8192] = "";
    size_t n = 0;
    snprintf(in, sizeof in, "ucci\nposition fen %s\ngo depth 4\n", fen);
    if (write(to, in, strlen(in)) != (ssize_t)strlen(in)) fail_msg("write");
    while (!strstr(out, "bestmove ") || !strchr(strstr(out, "bestmove "), '\n')) {
        struct pollfd pf = {.fd = from, .events = POLLIN};
        if (poll(&pf, 1, 120000) <= 0) fail_msg("no bestmove in 120 s");
        ssize_t k = read(from, out + n, sizeof out - n - 1);
        if (k <= 0) fail_msg("qipan ucci ended");
        n += (size_t)k;
        out[n] = 0;
    }
    assert_non_null(strstr(out, "bestmove e1d1\n"));
    snprintf(in, sizeof in, "probe fen %s\nprobe fen %s moves e1d1\nprobe startpos moves h2e2\nprobe fen 9/9 w\n"
                            "probe\nquit\n", fen, fen);
    if (write(to, in, strlen(in)) != (ssize_t)strlen(in)) fail_msg("write");
    close(to);
    size_t at = n;
    for (ssize_t k; (k = read(from, out + n, sizeof out - n - 1)) > 0;) n += (size_t)k;
    out[n] = 0;
    close(from);
    int status;
    waitpid(pid, &status, 0);
    assert_string_equal(out + at, "pophash bestmove e1d1 lowerbound 29999 depth 4 upperbound 29999 depth 4\n"
                                  "pophash\npophash\n"
                                  "info string error: bad fen: FEN board: 2 ranks, expected 10\n"
                                  "info string error: usage: probe startpos|fen FEN [moves MOVE...]\nbye\n");
}

/* banmoves: the next go plays none of them; all banned: nobestmove; the
 * position after clears them. */
static void test_banmoves(void **st)
{
    (void)st;
    /* the red general has two moves, e0e1 and e0f0 (d0 faces the other) */
    const char *fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    char in[512];
    snprintf(in, sizeof in, "position fen %s\nbanmoves e0e1\ngo depth 3\n", fen);
    char *out = session(in);
    assert_string_equal(session_bestmove(out), "e0f0");
    free(out);
    snprintf(in, sizeof in, "position fen %s\nbanmoves e0f0\ngo depth 3\n", fen);
    out = session(in);
    assert_string_equal(session_bestmove(out), "e0e1");
    free(out);
    snprintf(in, sizeof in, "position fen %s\nbanmoves e0f0 e0e1\ngo depth 3\n", fen);
    out = session(in);
    assert_non_null(strstr(out, "info string every legal move is banned\nnobestmove\n"));
    free(out);
    /* all but one of the opening's moves: h2e2 (the cannon) is played */
    out = session("position startpos\nbanmoves a0a1 a0a2 b0a2 b0c2 c0a2 c0e2 d0e1 e0e1 f0e1 g0e2 g0i2 "
                  "h0g2 h0i2 i0i1 i0i2 a3a4 c3c4 e3e4 g3g4 i3i4 b2a2 b2c2 b2d2 b2e2 b2f2 b2g2 b2b1 b2b3 "
                  "b2b4 b2b5 b2b6 b2b9 h2i2 h2g2 h2f2 h2d2 h2c2 h2h1 h2h3 h2h4 h2h5 h2h6 h2h9\ngo depth 2\n");
    assert_string_equal(session_bestmove(out), "h2e2");
    assert_null(strstr(out, "error"));
    free(out);
    snprintf(in, sizeof in, "position fen %s\nbanmoves e0e1 zz\nposition fen %s\ngo depth 3\n", fen, fen);
    out = session(in);
    assert_non_null(strstr(out, "info string error: banmoves zz: "));
    assert_true(legal_after(fen, NULL, session_bestmove(out)));
    free(out);
}

/* go draw: a drawn position accepts (bestmove M draw); a won one does
 * not; a mated side resigns. */
static void test_draw_resign(void **st)
{
    (void)st;
    /* bare generals: nothing to win */
    char *out = session("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\ngo draw depth 3\n");
    assert_non_null(strstr(out, " draw\n"));
    free(out);
    /* red has two chariots against a bare general */
    out = session("position fen 3k5/9/9/9/9/9/9/9/9/R3K3R w - - 0 1\ngo draw depth 3\n");
    assert_null(strstr(out, " draw\n"));
    assert_null(strstr(out, " resign\n"));
    free(out);
    out = session("position fen 3k5/9/9/9/9/9/9/9/9/R3K3R b - - 0 1\ngo depth 4\n");
    assert_non_null(strstr(out, " resign\n"));
    free(out);
}

/* UCCI as UCI: a rule option keeps the position, a FEN of another game is
 * refused without changing the variant (go: an error and nobestmove), a
 * repetition is the GUI's to judge (go still answers a move). */
static void test_variant_and_repetition(void **st)
{
    (void)st;
    char *out = session("position startpos moves h2e2 h7e7\nsetoption draw.repetitions 4\nd\n"
                        "position fen rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1\nd\n"
                        "go depth 1\n");
    assert_string_equal(out,
                        "info string variant xiangqi fen rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
                        "info string error: bad fen: FEN board: 9 ranks, expected 10\n"
                        "info string variant xiangqi no position\n"
                        "info string error: no position: the last position command was refused\n"
                        "nobestmove\n");
    free(out);
    const char *moves = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9";
    char in[512];
    snprintf(in, sizeof in, "position startpos moves %s\ngo depth 2\n", moves);
    out = session(in);
    assert_null(strstr(out, "nobestmove"));
    assert_true(legal_after(NULL, moves, session_bestmove(out)));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handshake), cmocka_unit_test(test_positions),
        cmocka_unit_test(test_go),        cmocka_unit_test(test_no_move_and_errors),
        cmocka_unit_test(test_options),   cmocka_unit_test(test_threads),
        cmocka_unit_test(test_huge_rank), cmocka_unit_test(test_lines_numbers_repetition),
        cmocka_unit_test(test_ponder),    cmocka_unit_test(test_banmoves),
        cmocka_unit_test(test_draw_resign), cmocka_unit_test(test_variant_and_repetition),
        cmocka_unit_test(test_probe),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
