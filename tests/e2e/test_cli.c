/*
 * test_cli.c — the fixed command-line contract of `qipan` (README.md, "The `qipan` command"):
 * output formats of list/perft/divide/moves/status and their errors.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define START "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"

static const char *last_line(char *out)
{
    size_t n = strlen(out);
    while (n && out[n - 1] == '\n') out[--n] = 0;
    char *nl = strrchr(out, '\n');
    return nl ? nl + 1 : out;
}

static void test_list(void **st)
{
    (void)st;
    char *out;
    assert_int_equal(tu_run("list", NULL, &out, NULL), 0);
    assert_non_null(strstr(out, "zhonggong\tZhonggong Xiangqi"));
    assert_non_null(strstr(out, "\nxiangqi\t"));
    assert_non_null(strstr(out, "\ntictactoe\t"));
    /* Every line is NAME<TAB>title. */
    for (char *l = strtok(out, "\n"); l; l = strtok(NULL, "\n")) assert_non_null(strchr(l, '\t'));
    free(out);
}

static void test_perft_last_line(void **st)
{
    (void)st;
    char *out;
    assert_int_equal(tu_run("perft zhonggong 3", NULL, &out, NULL), 0);
    assert_string_equal(last_line(out), "21434");
    free(out);
    assert_int_equal(tu_run("perft zhonggong 2 --fen '" START "'", NULL, &out, NULL), 0);
    assert_string_equal(last_line(out), "728");
    free(out);
    /* the positions after exactly 9 plies; --finished also counts the
     * games that ended earlier, which tic-tac-toe's file says its
     * published figures do (a note on stderr names --finished) */
    char *err;
    assert_int_equal(tu_run("perft tictactoe 9", NULL, &out, &err), 0);
    assert_string_equal(last_line(out), "127872");
    assert_non_null(strstr(err, "perft: positions after exactly 9 plies; tictactoe's published counts include "
                                "finished games (--finished)\n"));
    free(out);
    free(err);
    assert_int_equal(tu_run("perft tictactoe 9 --finished", NULL, &out, &err), 0);
    assert_string_equal(last_line(out), "255168");
    assert_null(strstr(err, "--finished"));
    free(out);
    free(err);
    /* every leaf made: the same count; not with --finished */
    assert_int_equal(tu_run("perft tictactoe 9 --no-bulk", NULL, &out, NULL), 0);
    assert_string_equal(last_line(out), "127872");
    free(out);
    assert_int_equal(tu_run("divide tictactoe 3 --no-bulk --threads 2", NULL, &out, NULL), 0);
    assert_string_equal(last_line(out), "504");
    free(out);
    assert_int_equal(tu_run("perft tictactoe 9 --no-bulk --finished", NULL, NULL, NULL), 2);
    assert_int_equal(tu_run("perft tictactoe 6 --finished", NULL, &out, NULL), 0);
    assert_string_equal(last_line(out), "56160");
    free(out);
    /* a game without the note: its counts are standard either way until a
     * game ends (connect4: not before ply 7) */
    assert_int_equal(tu_run("perft connect4 6", NULL, &out, &err), 0);
    assert_string_equal(last_line(out), "117649");
    assert_null(strstr(err, "published"));
    free(out);
    free(err);
    /* the same counts with the root's moves shared by threads, each with
     * its own instance (a Lua game its own interpreter; finished games
     * still count once; a config's params reach every thread) */
    static const char *const threaded[][2] = {
        {"perft zhonggong 3 --threads 2", "21434"},
        {"perft tictactoe 9 --threads 3", "127872"},
        {"perft tictactoe 9 --threads 3 --finished", "255168"},
        {"perft tictactoe 7 --finished --threads 2", "154944"},
        {"perft morris3 7 --threads 2", "199296"},
        {"perft reversi_hooks 6 --threads 2", "8200"},
        {"perft connect4 6 --threads 4", "117649"},
    };
    for (size_t i = 0; i < sizeof threaded / sizeof threaded[0]; i++) {
        assert_int_equal(tu_run(threaded[i][0], NULL, &out, NULL), 0);
        if (strcmp(last_line(out), threaded[i][1])) fail_msg("%s: %s", threaded[i][0], last_line(out));
        free(out);
    }
    const char *french = tu_tmpfile("return { board = \"french\" }\n", ".lua");
    char args[256], *one;
    snprintf(args, sizeof args, "perft pegsolitaire 5 --config %s", french);
    assert_int_equal(tu_run(args, NULL, &one, NULL), 0);
    snprintf(args, sizeof args, "perft pegsolitaire 5 --config %s --threads 2", french);
    assert_int_equal(tu_run(args, NULL, &out, NULL), 0);
    assert_string_equal(last_line(out), "9456");
    assert_string_equal(last_line(one), "9456");
    free(out);
    free(one);
    unlink(french);
}

static void test_divide_sums(void **st)
{
    (void)st;
    char *out;
    assert_int_equal(tu_run("divide zhonggong 2", NULL, &out, NULL), 0);
    long sum = 0;
    int lines = 0;
    char prev[32] = "";
    char *save, *l;
    char *total = NULL;
    for (l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *colon = strstr(l, ": ");
        if (!colon) {
            total = l;
            continue;
        }
        *colon = 0;
        assert_true(strcmp(prev, l) < 0);        /* sorted bytewise */
        snprintf(prev, sizeof prev, "%s", l);
        sum += strtol(colon + 2, NULL, 10);
        lines++;
    }
    assert_int_equal(lines, 27);
    assert_int_equal(sum, 728);
    assert_non_null(total);
    assert_string_equal(total, "728");
    free(out);
}

/* divide counts as perft does: the standard count by default, finished
 * games with --finished (25872 of the 255168 games open in the centre,
 * b2), each move's count summing to the total line. */
static long divide_sum(const char *args, const char *move, long *count_of_move, char *total, size_t n)
{
    char *out;
    if (tu_run(args, NULL, &out, NULL) != 0) fail_msg("%s: failed", args);
    long sum = 0;
    char *save;
    *count_of_move = -1;
    for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *colon = strstr(l, ": ");
        if (!colon) {
            snprintf(total, n, "%s", l);
            continue;
        }
        *colon = 0;
        long k = strtol(colon + 2, NULL, 10);
        if (!strcmp(l, move)) *count_of_move = k;
        sum += k;
    }
    free(out);
    return sum;
}

static void test_divide_finished(void **st)
{
    (void)st;
    char total[64] = "";
    long b2;
    assert_int_equal(divide_sum("divide tictactoe 9", "b2", &b2, total, sizeof total), 127872);
    assert_string_equal(total, "127872");
    assert_int_equal(b2, 13248);
    assert_int_equal(divide_sum("divide tictactoe 9 --finished", "b2", &b2, total, sizeof total), 255168);
    assert_string_equal(total, "255168");
    assert_int_equal(b2, 25872);
    assert_int_equal(divide_sum("divide tictactoe 9 --finished --threads 2", "b2", &b2, total, sizeof total), 255168);
    assert_int_equal(b2, 25872);
}

/* bench --playouts: all but the timing line depend only on the seed. */
static char *playouts(const char *args)
{
    char *out;
    if (tu_run(args, NULL, &out, NULL) != 0) fail_msg("qipan %s: failed", args);
    char *time = strstr(out, "\ntime ");
    if (!time) fail_msg("qipan %s: no time line in '%s'", args, out);
    double t, ps, ms;
    if (sscanf(time + 1, "time %lf s playouts/s %lf moves/s %lf", &t, &ps, &ms) != 3)
        fail_msg("qipan %s: time line '%s'", args, time + 1);
    time[1] = 0;   /* keep the signature lines */
    return out;
}

static void test_bench_playouts(void **st)
{
    (void)st;
    char *a = playouts("bench tictactoe --playouts 500 --seed 7");
    char *b = playouts("bench tictactoe --playouts 500 --seed 7");
    char *c = playouts("bench tictactoe --playouts 500 --seed 8");
    char *d = playouts("bench tictactoe --playouts 500");
    char *e = playouts("bench tictactoe --playouts 500 --seed 1");
    assert_string_equal(a, b);
    assert_string_not_equal(a, c);
    assert_string_equal(d, e);   /* the default seed is 1 */
    /* the totals: every game of tic-tac-toe lasts 5 to 9 plies, and each
     * ends won or drawn (none at the cap) */
    long n, capped, cap, x, o, draw;
    unsigned long long plies;
    double mean;
    char sum[32];
    assert_int_equal(sscanf(a, "playouts %ld plies %llu mean %lf capped %ld (cap %ld plies) checksum %16s\nx %ld o %ld draw %ld",
                            &n, &plies, &mean, &capped, &cap, sum, &x, &o, &draw), 9);
    assert_int_equal(n, 500);
    assert_true(plies >= 5 * 500 && plies <= 9 * 500);
    assert_int_equal(capped, 0);
    assert_int_equal(cap, 9);
    assert_int_equal(x + o + draw, 500);
    assert_true(x > o);   /* random X wins more often: 58% of random games */
    assert_int_equal(strlen(sum), 16);
    free(a);
    free(b);
    free(c);
    free(d);
    free(e);
    /* a puzzle counts solved and failed; a game without a length bound
     * stops at 1000 plies */
    a = playouts("bench pegsolitaire --playouts 3 --seed 5");
    assert_non_null(strstr(a, "(cap 1000 plies)"));
    assert_non_null(strstr(a, "\nsolved 0 failed 3\n"));
    free(a);
    /* the same games for the blocks and for the hook twin */
    a = playouts("bench reversi --playouts 3 --seed 3");
    b = playouts("bench reversi_hooks --playouts 3 --seed 3");
    assert_memory_equal(a, b, (size_t)(strstr(a, " checksum") - a));
    assert_string_equal(strchr(a, '\n'), strchr(b, '\n'));
    free(a);
    free(b);
}

static void test_moves_sorted(void **st)
{
    (void)st;
    char *out;
    assert_int_equal(tu_run("moves zhonggong", NULL, &out, NULL), 0);
    int n = 0;
    char prev[32] = "";
    for (char *l = strtok(out, "\n"); l; l = strtok(NULL, "\n"), n++) {
        assert_true(strcmp(prev, l) < 0);
        snprintf(prev, sizeof prev, "%s", l);
    }
    assert_int_equal(n, 27);
    free(out);
}

static void test_status(void **st)
{
    (void)st;
    tu_expect_out("status zhonggong", 0, "ongoing\n\n");
    /* Black's general on e6 boxed in by red soldiers (d6 e5 f6 e7): no
     * liberty, and the soldier on e5 takes it with nothing to recapture. */
    tu_expect_out("status zhonggong --fen '9/9/4P4/3PkP3/4P4/4K4/9/9/9 b'", 0, "ongoing\ncheck trapped\n");
    /* A missing general is a decided position. */
    tu_expect_out("status zhonggong --fen '9/9/9/9/9/4K4/9/9/9 b'", 0, "red wins: general-captured\n\n");
}

static void expect_error(const char *args, int rc, const char *msg)
{
    char *out, *err;
    int got = tu_run(args, NULL, &out, &err);
    if (got != rc || !strstr(err, msg))
        fail_msg("qipan %s: exit %d (want %d), stderr '%s' (want '%s')", args, got, rc, err, msg);
    free(out);
    free(err);
}

static void test_errors(void **st)
{
    (void)st;
    expect_error("perft nosuchgame 1", 1, "unknown ruleset 'nosuchgame'");
    expect_error("perft zhonggong x", 2, "bad depth 'x'");
    expect_error("bench tictactoe --playouts 0", 2, "--playouts must be 1..1000000000, got '0'");
    expect_error("bench tictactoe --playouts 12x", 2, "--playouts must be 1..1000000000, got '12x'");
    expect_error("bench tictactoe --playouts", 2, "--playouts needs a value");
    expect_error("bench tictactoe --playouts 5 --seed -1", 2, "--seed must be a number 0..18446744073709551615, got '-1'");
    expect_error("bench tictactoe --seed 3", 2, "--seed needs --playouts");
    expect_error("bench tictactoe --playouts 5 --depth 3", 2, "--depth is the search's, --playouts the random games': not both");
    expect_error("bench nosuchgame --playouts 5", 1, "unknown ruleset 'nosuchgame'");
    expect_error("perft tictactoe 2 --finishe", 2, "unknown option '--finishe'");
    expect_error("moves zhonggong --fen 'rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR x'", 1,
                 "side to move 'x'");
    expect_error("moves zhonggong --fen 'rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNQ w'", 1,
                 "piece letter 'Q'");
    expect_error("moves zhonggong --config /nonexistent/x.lua", 1, "/nonexistent/x.lua");
    expect_error("moves zhonggong --frobnicate", 2, "unknown option '--frobnicate'");
    expect_error("frobnicate", 2, "unknown command 'frobnicate'");
    const char *bad = tu_tmpfile("return { ruleset = \"zhonggong\",\n  liberties = \"yes\",\n}\n", ".lua");
    char args[256];
    snprintf(args, sizeof args, "moves zhonggong --config %s", bad);
    char want[256];
    snprintf(want, sizeof want, "%s:2:", bad);
    expect_error(args, 1, want);
    snprintf(args, sizeof args, "moves xiangqi --config %s", bad);
    expect_error(args, 1, "configures ruleset 'zhonggong', not 'xiangqi'");
}

/* Found by tests/fuzz/fuzz_cli.py. */
static void test_fuzz_regressions(void **st)
{
    (void)st;
    /* an empty value (an unset shell variable) is not the start position */
    expect_error("moves zhonggong --fen ''", 2, "qipan: --fen needs a value, got ''\n");
    expect_error("moves zhonggong --config ''", 2, "qipan: --config needs a value, got ''\n");
    /* a huge count of empty squares in a Lua game's FEN overflowed an int */
    expect_error("moves gomoku --fen '99999999999999999999/15/15 w 0'", 1,
                 "qipan: FEN board: rank 15 has more than 15 squares\n");
    /* a value the ruleset rejects gets the config's file:line */
    const char *cfg = tu_tmpfile("return {\n  ruleset = \"zhonggong\",\n  exchange = { \"PP\" },\n}\n", ".lua");
    char args[256], want[512];
    snprintf(args, sizeof args, "moves zhonggong --config %s", cfg);
    snprintf(want, sizeof want, "qipan: %s:3: zhonggong: 'exchange': bad entry 'PP' (expected P, C, N or R)\n", cfg);
    expect_error(args, 1, want);
    cfg = tu_tmpfile("return { ruleset = \"xiangqi\",\n\n  setup = \"\" }\n", ".lua");
    snprintf(args, sizeof args, "moves xiangqi --config %s", cfg);
    snprintf(want, sizeof want, "qipan: %s:3: xiangqi: setup: ", cfg);
    expect_error(args, 1, want);
}

static void test_config_changes_rules(void **st)
{
    (void)st;
    /* Exchanges off: the same position loses its exchange moves. */
    const char *fen = "'2P6/9/9/4k4/p8/4K4/9/9/9 w'";
    char args[512], *on, *off;
    snprintf(args, sizeof args, "moves zhonggong --fen %s", fen);
    assert_int_equal(tu_run(args, NULL, &on, NULL), 0);
    const char *cfg = tu_tmpfile("return { ruleset = \"zhonggong\", exchange = {} }\n", ".lua");
    snprintf(args, sizeof args, "moves zhonggong --fen %s --config %s", fen, cfg);
    assert_int_equal(tu_run(args, NULL, &off, NULL), 0);
    assert_non_null(strstr(on, "x"));
    assert_null(strstr(off, "x"));
    free(on);
    free(off);
}


/* `solve`: the solution one move per line, "no solution" with status 1,
 * nothing for a solved position; `status` says solved / failed for a
 * puzzle. */
static void test_solve_and_puzzle_status(void **st)
{
    (void)st;
    char *out, *err;
    assert_int_equal(tu_run("solve pegsolitaire --fen '7/3PP2/2P4/2PP3/7/7/7 w 0'", NULL, &out, NULL), 0);
    /* two solutions (the first two jumps commute); generation order picks */
    assert_string_equal(out, "d4b4\ne6c6\nc6c4\nb4d4\n");
    free(out);
    tu_expect_out("solve pegsolitaire --fen '7/7/2PP3/7/4P2/7/7 w 0'", 1, "no solution\n");
    tu_expect_out("solve pegsolitaire --fen '7/7/7/3P3/7/7/7 w 0'", 0, "");
    assert_int_equal(tu_run("solve tictactoe", NULL, &out, &err), 2);
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "qipan: solve: tictactoe is not a one-player puzzle\n"));
    free(out);
    free(err);
    expect_error("solve", 2, "usage: qipan solve RULESET [--fen FEN] [--config FILE]\n");
    expect_error("solve pegsolitaire --fen '7/7/7/3Q3/7/7/7 w 0'", 1, "qipan: ");
    tu_expect_out("status pegsolitaire --fen '7/7/7/3P3/7/7/7 w 0'", 0, "solved: one peg left, in the centre\n\n");
    tu_expect_out("status pegsolitaire --fen '7/7/P6/7/P6/7/7 w 0'", 0, "failed: 2 pegs left\n\n");
    tu_expect_out("status pegsolitaire --fen '7/7/7/7/7/7/2P4 w 0'", 0, "failed: one peg left, not in the centre\n\n");
}

/* --search picks the AI of analyze and the console; UCI has an option. */
static void test_search_choice(void **st)
{
    (void)st;
    char *out;
    expect_error("analyze tictactoe --depth 2 --search minimax", 2,
                 "qipan: --search must be mcts or alphabeta, got 'minimax'\n");
    expect_error("console tictactoe --search minimax", 2,
                 "qipan: --search must be mcts or alphabeta, got 'minimax'\n");
    /* x to move wins at c1 (o threatens c2): both searches see it */
    const char *kinds[] = {"mcts", "alphabeta"};
    for (int i = 0; i < 2; i++) {
        char args[160];
        snprintf(args, sizeof args, "analyze tictactoe --fen 'oo1/3/XX1 w 4' --depth 3 --search %s", kinds[i]);
        assert_int_equal(tu_run(args, NULL, &out, NULL), 0);
        assert_non_null(strstr(out, "score mate 1 "));
        assert_string_equal(last_line(out), "bestmove c1");
        free(out);
    }
    assert_int_equal(tu_run("console tictactoe --ascii", "search\nsearch alphabeta\nsearch x\n", &out, NULL), 0);
    assert_non_null(strstr(out, "> search\nsearch mcts\n"));
    assert_non_null(strstr(out, "> search alphabeta\nsearch alphabeta\n"));
    assert_non_null(strstr(out, "> search x\nusage: search mcts|alphabeta\n"));
    free(out);
    assert_int_equal(tu_run("console pegsolitaire --ascii --fen '7/3PP2/2P4/2PP3/7/7/7 w 0'", "hint\n", &out, NULL), 0);
    assert_non_null(strstr(out, "\nhint: d4b4\n"));
    free(out);
    assert_int_equal(tu_run("uci", "uci\nsetoption name UCI_Variant value reversi\nuci\n"
                                   "setoption name Search value mcts\nuci\nsetoption name Search value x\n",
                            &out, NULL), 0);
    assert_non_null(strstr(out, "option name Search type combo default alphabeta var alphabeta var mcts\n"));
    assert_non_null(strstr(out, "option name Search type combo default mcts var alphabeta var mcts\n"));
    assert_non_null(strstr(out, "info string error: Search must be alphabeta or mcts, got 'x'\n"));
    free(out);
    /* MCTS on its thread: `go infinite` answers once `stop` comes */
    assert_int_equal(tu_run("uci", "setoption name UCI_Variant value gomoku\nsetoption name Search value mcts\n"
                                   "position startpos moves h8\ngo infinite\nstop\n",
                            &out, NULL), 0);
    const char *bm = last_line(out);
    assert_true(!strncmp(bm, "bestmove ", 9));
    assert_string_not_equal(bm + 9, "(none)");
    assert_string_not_equal(bm + 9, "h8");
    free(out);
}

/* Every command takes --opt=VALUE as --opt VALUE, -h and --help; help
 * describes itself. */
static void test_option_forms(void **st)
{
    (void)st;
    char *a, *b, *err;
    assert_int_equal(tu_run("moves tictactoe --fen '1X1/3/3 b 1'", NULL, &a, NULL), 0);
    assert_int_equal(tu_run("moves tictactoe --fen='1X1/3/3 b 1'", NULL, &b, NULL), 0);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "a1"));
    assert_null(strstr(a, "b3\n"));   /* taken by X */
    free(a);
    free(b);
    expect_error("moves tictactoe --fen=", 2, "--fen needs a value, got ''");
    expect_error("moves tictactoe --frobnicate=1", 2, "unknown option '--frobnicate'");
    const char *helps[] = {"help help", "help --help", "help -h"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(tu_run(helps[i], NULL, &a, &err), 0);
        if (strncmp(a, "usage: qipan help [COMMAND]\n", strlen("usage: qipan help [COMMAND]\n"))) fail_msg("%s: %s", helps[i], a);
        free(a);
        free(err);
    }
    assert_int_equal(tu_run("perft -h", NULL, &a, NULL), 0);
    assert_memory_equal(a, "usage: qipan perft RULESET DEPTH", 32);
    free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_perft_last_line),
        cmocka_unit_test(test_divide_sums),
        cmocka_unit_test(test_divide_finished),
        cmocka_unit_test(test_bench_playouts),
        cmocka_unit_test(test_moves_sorted),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_fuzz_regressions),
        cmocka_unit_test(test_config_changes_rules),
        cmocka_unit_test(test_solve_and_puzzle_status),
        cmocka_unit_test(test_search_choice),
        cmocka_unit_test(test_option_forms),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
