/*
 * test_uci.c — the engine's command-line faces through the real binary:
 * `qipan uci` sessions, `qipan analyze` and `qipan bench`.
 *
 * Each UCI test feeds a transcript on stdin and reads the answers; a
 * bestmove is checked for legality with the library in the position the
 * session set up, so "any move" answers cannot pass.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "proto_session.h"
#include "search.h"

static char *session(const char *input) { return session_of("uci", input); }

/* Is text a legal move of ruleset name after fen (NULL: start) + moves? */
static bool legal_after(const char *name, const char *fen, const char *moves, const char *text)
{
    return session_legal_after(name, fen, moves, text, NULL);
}

static void test_handshake(void **st)
{
    (void)st;
    char *out = session("uci\nisready\nquit\n");
    assert_non_null(strstr(out, "id name qipan"));
    assert_non_null(strstr(out, "option name UCI_Variant type combo default zhonggong var zhonggong"));
    assert_non_null(strstr(out, " var xiangqi"));
    assert_non_null(strstr(out, " var tictactoe"));
    assert_non_null(strstr(out, "option name Hash type spin default 64 min 1 max 4096\n"));
    assert_non_null(strstr(out, "option name Threads type spin default 1 min 1 max 64\n"));
    assert_non_null(strstr(out, "option name Level type spin default 10 min 1 max 10\n"));
    /* The ruleset's parameters are options. */
    assert_non_null(strstr(out, "option name draw.repetitions type spin default 3 min 0 max 100\n"));
    assert_non_null(strstr(out, "option name liberties type check default true\n"));
    const char *ok = strstr(out, "uciok\n");
    assert_non_null(ok);
    assert_string_equal(ok, "uciok\nreadyok\n");
    free(out);
}

static void test_go_depth(void **st)
{
    (void)st;
    char *out = session("uci\nucinewgame\nisready\nposition startpos moves a3a4 a7a6\ngo depth 4\n");
    assert_int_equal(count_lines(out, "info depth "), 4);
    assert_non_null(strstr(out, "info depth 4 seldepth "));
    assert_non_null(strstr(out, " score cp "));
    assert_true(legal_after("zhonggong", NULL, "a3a4 a7a6", session_bestmove(out)));
    assert_int_equal(count_lines(out, "bestmove "), 1);
    free(out);
}

/* Threads: a helper shares the table; the answer is still one legal
 * move; out-of-range values are refused with the text. */
static void test_threads(void **st)
{
    (void)st;
    char *out = session("setoption name Threads value 2\nposition startpos moves a3a4 a7a6\n"
                        "go depth 5\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_non_null(strstr(out, "info depth 5 seldepth "));
    assert_true(legal_after("zhonggong", NULL, "a3a4 a7a6", session_bestmove(out)));
    free(out);
    /* The table is rebuilt by Hash: the helpers follow it. */
    out = session("setoption name Threads value 0\nsetoption name Threads value two\n"
                  "setoption name Threads value 3\nsetoption name Hash value 8\n"
                  "uci\ngo depth 4\n");
    assert_non_null(strstr(out, "info string error: Threads must be 1..64, got '0'\n"));
    assert_non_null(strstr(out, "info string error: Threads must be 1..64, got 'two'\n"));
    assert_non_null(strstr(out, "option name Threads type spin default 3 min 1 max 64\n"));
    assert_non_null(strstr(out, "info depth 4 seldepth "));
    assert_true(legal_after("zhonggong", NULL, NULL, session_bestmove(out)));
    free(out);
}

static void test_clock_movetime_infinite(void **st)
{
    (void)st;
    char *out = session("position startpos moves e2d2\n"
                        "go wtime 2000 btime 2000 winc 20 binc 20\n"
                        "isready\n");
    assert_true(legal_after("zhonggong", NULL, "e2d2", session_bestmove(out)));
    free(out);
    out = session("position startpos\ngo movetime 100\n");
    assert_true(legal_after("zhonggong", NULL, NULL, session_bestmove(out)));
    free(out);
    /* Infinite: the answer waits for stop, then comes exactly once. */
    out = session("position startpos\ngo infinite\nstop\nisready\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_true(legal_after("zhonggong", NULL, NULL, session_bestmove(out)));
    assert_non_null(strstr(out, "readyok"));
    free(out);
}

static void test_bad_input(void **st)
{
    (void)st;
    char *out = session("foo bar\n"
                        "position fen 9/9/9 w\n"
                        "position startpos moves a3a4 zz9 a7a6\n"
                        "position startpos moves a3a4\n"
                        "setoption name Nope value 1\n"
                        "setoption name UCI_Variant value nosuch\n"
                        "setoption name draw.repetitions value 101\n"
                        "setoption name Level value grandmaster\n"
                        "go depth x\n"
                        "stop\n"
                        "go depth 2\n");
    assert_non_null(strstr(out, "info string error: unknown command 'foo'\n"));
    assert_non_null(strstr(out, "info string error: bad fen: "));
    assert_non_null(strstr(out, "info string error: move zz9: "));
    assert_non_null(strstr(out, "info string error: unknown option 'Nope'\n"));
    assert_non_null(strstr(out, "info string error: unknown variant 'nosuch'\n"));
    assert_non_null(strstr(out, "info string error: 'draw.repetitions' must be between 0 and 100, got 101\n"));
    assert_non_null(strstr(out, "info string error: Level must be 1..10 or a level name, got 'grandmaster'\n"));
    assert_non_null(strstr(out, "info string error: go depth needs a whole number, got 'x'\n"));
    /* The bad `go` searched the least (depth 1), not without a limit;
     * two bestmoves, black to move after a3a4. */
    assert_int_equal(count_lines(out, "bestmove "), 2);
    assert_true(legal_after("zhonggong", NULL, "a3a4", session_bestmove(out)));
    free(out);
}

static void test_game_over_and_fen(void **st)
{
    (void)st;
    /* Black trapped without a move (see test_search.c). */
    char *out = session("position fen 9/9/3A5/2AkB4/3B5/5K3/9/9/9 b - - 0 1\ngo depth 3\n");
    assert_non_null(strstr(out, "info string game over: no-moves\nbestmove (none)\n"));
    free(out);
    /* Red mates in one: the engine says so and plays it. */
    const char *fen = "9/9/7R1/3k5/R8/4K4/9/9/9 w - - 0 1";
    char in[256];
    snprintf(in, sizeof in, "position fen %s\ngo depth 2\nd\n", fen);
    out = session(in);
    assert_non_null(strstr(out, " score mate 1 "));
    assert_true(legal_after("zhonggong", fen, NULL, session_bestmove(out)));
    assert_non_null(strstr(out, "info string variant zhonggong fen 9/9/7R1/3k5/R8/4K4/9/9/9 w - - 0 1\n"));
    free(out);
}

static void test_variants_and_options(void **st)
{
    (void)st;
    /* Tic-tac-toe: after X takes the centre only a corner holds the draw. */
    char *out = session("setoption name UCI_Variant value tictactoe\n"
                        "setoption name Search value alphabeta\n"
                        "position startpos moves b2\ngo depth 8\n");
    const char *bm = session_bestmove(out);
    assert_true(!strcmp(bm, "a1") || !strcmp(bm, "a3") || !strcmp(bm, "c1") || !strcmp(bm, "c3"));
    assert_non_null(strstr(out, "info depth 8 seldepth 8 score cp 0 "));
    free(out);
    /* Options change the rules: with liberties off, the trap of
     * test_search is no longer a decided position. */
    out = session("setoption name liberties value false\n"
                  "setoption name Hash value 8\n"
                  "setoption name Level value easy\n"
                  "position fen 9/8p/3A5/2AkB4/3B5/5K3/9/9/9 b - - 0 1\ngo depth 2\n");
    assert_null(strstr(out, "error"));
    assert_null(strstr(out, "bestmove (none)"));
    assert_non_null(strstr(out, "bestmove "));
    free(out);
    out = session("setoption name UCI_Variant value xiangqi\nposition startpos\ngo depth 3\n");
    assert_true(legal_after("xiangqi", NULL, NULL, session_bestmove(out)));
    free(out);
}

/* ---- analyze and bench ------------------------------------------------- */

static const char *last_line(const char *out)
{
    static char line[256];
    const char *end = out + strlen(out);
    if (end > out && end[-1] == '\n') end--;
    const char *p = end;
    while (p > out && p[-1] != '\n') p--;
    snprintf(line, sizeof line, "%.*s", (int)(end - p), p);
    return line;
}

static void test_analyze(void **st)
{
    (void)st;
    char *out, *err;
    const char *fen = "1nbacabnr/3r1c3/p1p2pp1p/5k3/1C7/4K4/P2PPAP1P/R8/1NBA1CBNR b - - 13 7";
    char args[256];
    snprintf(args, sizeof args, "analyze zhonggong --fen '%s' --depth 4", fen);
    assert_int_equal(tu_run(args, NULL, &out, &err), 0);
    assert_int_equal(count_lines(out, "info depth "), 4);
    assert_non_null(strstr(out, "info depth 4 seldepth "));
    /* The last line is the bestmove, and it is legal. */
    assert_int_equal(strncmp(last_line(out), "bestmove ", 9), 0);
    assert_true(legal_after("zhonggong", fen, NULL, session_bestmove(out)));
    free(out);
    free(err);

    /* Mate found and reported in moves (UCI), here mate in 2. */
    assert_int_equal(tu_run("analyze zhonggong --fen '9/8p/9/3k5/9/4K4/9/9/R7R w - - 0 1' --depth 3",
                            NULL, &out, &err), 0);
    assert_non_null(strstr(out, "info depth 3 seldepth "));
    assert_non_null(strstr(out, " score mate 2 "));
    free(out);
    free(err);

    assert_int_equal(tu_run("analyze zhonggong --movetime 100", NULL, &out, &err), 0);
    assert_true(legal_after("zhonggong", NULL, NULL, session_bestmove(out)));
    free(out);
    free(err);

    /* No limit is a usage error; a decided position has no move. */
    assert_int_equal(tu_run("analyze zhonggong", NULL, &out, &err), 2);
    assert_non_null(strstr(err, "usage: qipan analyze"));
    free(out);
    free(err);
    assert_int_equal(tu_run("analyze zhonggong --fen '9/9/3A5/2AkB4/3B5/5K3/9/9/9 b - - 0 1' --depth 2",
                            NULL, &out, &err), 0);
    assert_string_equal(out, "info string game over: no-moves\nbestmove (none)\n");
    free(out);
    free(err);
    assert_int_equal(tu_run("analyze nosuch --depth 2", NULL, &out, &err), 1);
    assert_non_null(strstr(err, "unknown ruleset 'nosuch'"));
    free(out);
    free(err);
    /* 0 means "no limit" to the search: analyze would never end */
    assert_int_equal(tu_run("analyze zhonggong --depth 0", NULL, &out, &err), 2);
    assert_string_equal(err, "qipan: analyze: --depth must be at least 1\n");
    free(out);
    free(err);
    assert_int_equal(tu_run("analyze zhonggong --movetime 0", NULL, &out, &err), 2);
    assert_string_equal(err, "qipan: analyze: --movetime must be at least 1\n");
    free(out);
    free(err);
}

/* `go depth 0` and `go depth -1` search one ply, as `go movetime 0` and
 * `go nodes 0` do the least: they must not turn into an infinite search
 * that answers only after `stop` (there, one line per depth up to 99). */
static void test_go_depth_zero(void **st)
{
    (void)st;
    const char *const go[] = {"go depth 0", "go depth -1"};
    for (int i = 0; i < 2; i++) {
        char in[256];
        snprintf(in, sizeof in, "setoption name UCI_Variant value tictactoe\nposition fen X1o/1o1/X2 w 3\n%s\n", go[i]);
        char *out = session(in);
        assert_int_equal(count_lines(out, "info depth "), 1);
        assert_non_null(strstr(out, "info depth 1 "));
        assert_int_equal(count_lines(out, "bestmove "), 1);
        free(out);
    }
}

static void test_bench_signature(void **st)
{
    (void)st;
    char *a, *b;
    unsigned long long n1, n2, nps;
    /* The node count is a signature: the same on every run. */
    assert_int_equal(tu_run("bench zhonggong --depth 5", NULL, &a, NULL), 0);
    assert_int_equal(tu_run("bench zhonggong --depth 5", NULL, &b, NULL), 0);
    assert_int_equal(sscanf(last_line(a), "nodes %llu nps %llu", &n1, &nps), 2);
    assert_int_equal(sscanf(last_line(b), "nodes %llu nps %llu", &n2, &nps), 2);
    assert_true(n1 > 1000);
    assert_true(n1 == n2);
    assert_int_equal(count_lines(a, "position "), 8);
    free(a);
    free(b);
    /* Any ruleset has a bench. */
    assert_int_equal(tu_run("bench tictactoe", NULL, &a, NULL), 0);
    assert_int_equal(sscanf(last_line(a), "nodes %llu nps %llu", &n1, &nps), 2);
    assert_true(n1 > 0);
    free(a);
}

/* issue 11: a search ends with the input (a dead GUI leaves no orphan);
 * long lines and NUL bytes are answered, not dropped. */
static void test_end_of_input_and_bad_lines(void **st)
{
    (void)st;
    char *out, *err;
    /* without the fix this searched to depth 99 (ctest's timeout) */
    assert_int_equal(tu_run("uci", "position startpos\ngo depth 99\n", &out, &err), 0);
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_null(strstr(out, "info depth 99 "));
    free(out);
    free(err);
    assert_int_equal(tu_run("ucci", "position startpos\ngo depth infinite\n", &out, &err), 0);
    assert_int_equal(count_lines(out, "bestmove "), 1);
    free(out);
    free(err);
    /* a line of more than 1 MiB */
    size_t cap = (1u << 20) + 64;
    char *in = malloc(cap);
    memset(in, 'x', cap);
    snprintf(in + (1u << 20) + 1, 63, "\nisready\n");
    out = session(in);
    assert_string_equal(out, "info string error: line longer than 1048576 bytes ignored\nreadyok\n");
    free(out);
    free(in);
    /* NUL bytes, at the start of a line or inside it */
    static const char nul[] = "\0isready\nisr\0eady\nisready\n";
    out = session_len("uci", nul, sizeof nul - 1);
    assert_string_equal(out, "info string error: line with a NUL byte ignored\n"
                             "info string error: line with a NUL byte ignored\nreadyok\n");
    free(out);
}

/* issue 11: a game file whose hooks loop in a message handler or
 * backtrack in C kept the engine from answering stop, isready and quit. */
static void test_hostile_game(void **st)
{
    (void)st;
    char dir[] = "/tmp/qp_hostile_XXXXXX", games[64], path[96];
    assert_non_null(mkdtemp(dir));
    snprintf(games, sizeof games, "%s/games", dir);
    assert_int_equal(mkdir(games, 0700), 0);
    snprintf(path, sizeof path, "%s/hostile.lua", games);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("return {\n"
          "  name = 'hostile', board = { width = 3, height = 1 },\n"
          "  sides = { 'a', 'b' }, pieces = { A = '', b = '' },\n"
          "  moves = function(pos)\n"
          "    if pos:ply() >= 1 then xpcall(function() while true do end end, function() while true do end end) end\n"
          "    pos:add_empty()\n"
          "  end,\n"
          "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"
          "  evaluate = function(pos) return #(('a'):rep(40):find(('a*'):rep(40) .. 'b')) end,\n"
          "}\n", f);
    fclose(f);
    session_scripts = dir;
    /* stop is answered while a hook runs away; the next search waits for
     * the old one to end (position joins it) */
    char *out = session("setoption name UCI_Variant value hostile\nposition startpos\ngo infinite\nstop\nisready\n"
                        "position startpos\ngo depth 3\n");
    assert_null(strstr(out, "info string error"));
    assert_int_equal(count_lines(out, "readyok"), 1);
    assert_int_equal(count_lines(out, "bestmove "), 2);
    free(out);
    out = session("setoption name UCI_Variant value hostile\nposition startpos\ngo infinite\nquit\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    free(out);
    session_scripts = QP_SCRIPTS_DIR;
    unlink(path);
    rmdir(games);
    rmdir(dir);
}

/* ---- issue 43 ---------------------------------------------------------- */

/* An empty or blank line is ignored; the first one reached strtok as
 * NULL (SIGSEGV). */
static void test_blank_lines(void **st)
{
    (void)st;
    char *out = session("\nuci\n");
    assert_non_null(strstr(out, "id name qipan"));
    assert_int_equal(strcmp(out + strlen(out) - 6, "uciok\n"), 0);
    free(out);
    out = session(" \t\r\n\n\t\nisready\n   \nisready\n");
    assert_string_equal(out, "readyok\nreadyok\n");
    free(out);
    out = session_of("ucci", "\n\nucci\n\nisready\n");
    assert_int_equal(strcmp(out + strlen(out) - 15, "ucciok\nreadyok\n"), 0);
    free(out);
}

/* The reader splits input while the search thread splits its info lines:
 * with strtok's shared state, info lines carried words of the input (or
 * the reader lost its own).  UCCI rewrites every info line; a flood of
 * silent lines (ponderhit WORDS) runs while the search reports. */
static void test_words_not_shared(void **st)
{
    (void)st;
    const char flood[] = "ponderhit xyzzy xyzzy xyzzy xyzzy\n";
    size_t nflood = 6000, cap = nflood * (sizeof flood - 1) + 256;
    char *in = malloc(cap);
    size_t k = (size_t)snprintf(in, cap, "setoption threads 1\nposition startpos\ngo depth infinite\n");
    for (size_t i = 0; i < nflood; i++) k += (size_t)snprintf(in + k, cap - k, "%s", flood);
    snprintf(in + k, cap - k, "stop\nisready\n");
    char *out = session_of("ucci", in);
    assert_null(strstr(out, "xyzzy"));
    assert_null(strstr(out, "error"));
    assert_int_equal(count_lines(out, "readyok"), 1);
    assert_int_equal(count_lines(out, "bestmove "), 1);
    /* each info line is whole: depth, score, nodes and a pv */
    for (const char *p = out; (p = strstr(p, "info depth ")) != NULL; p++) {
        const char *e = strchr(p, '\n');
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(e - p), p);
        if (!strstr(line, " score ") || !strstr(line, " nodes ") || !strstr(line, " pv "))
            fail_msg("broken info line: %s", line);
    }
    free(out);
    free(in);
}

/* go's numbers: a value that is not a whole number is said and searched
 * at the least (go nodes 1e30 searched forever); huge and negative ones
 * are clamped (no overflow under UBSan, and an answer at stop). */
static void test_go_numbers(void **st)
{
    (void)st;
    char *out = session("position startpos\ngo nodes 1e30\n");
    assert_non_null(strstr(out, "info string error: go nodes needs a whole number, got '1e30'\n"));
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_true(legal_after("zhonggong", NULL, NULL, session_bestmove(out)));
    free(out);
    /* (stop between: a go during a search is refused) */
    out = session("position startpos\ngo movetime -5\nstop\ngo depth -99999999999999999999999\nstop\n"
                  "go movetime 1.5\nstop\ngo depth\n");
    assert_int_equal(count_lines(out, "bestmove "), 4);
    assert_non_null(strstr(out, "info string error: go movetime needs a whole number, got '1.5'\n"));
    assert_non_null(strstr(out, "info string error: go depth needs a number\n"));
    free(out);
    out = session("position startpos\ngo nodes 99999999999999999999\nstop\n"
                  "go depth 100000\nstop\n"
                  "go wtime 99999999999999999999 btime 99999999999999999999 winc 99999999999999999999 "
                  "binc -99999999999999999999 movestogo 99999999999999999999\nstop\n"
                  "go wtime 1000000000 winc 1000000000 movestogo 1\nstop\n");
    assert_null(strstr(out, "error"));
    assert_int_equal(count_lines(out, "bestmove "), 4);
    assert_true(legal_after("zhonggong", NULL, NULL, session_bestmove(out)));
    free(out);
}

/* A refused position leaves no position: go says so and answers none,
 * d says so; the next good position is searched again. */
static void test_refused_position(void **st)
{
    (void)st;
    char *out = session("position startpos moves a3a4 zz9 a7a6\nd\ngo depth 1\n"
                        "position startpos moves a3a4\nd\n"
                        "position fen 9/9/9 w\nd\n"
                        "position startpos junk\nd\n"
                        "ucinewgame\nd\n");
    assert_string_equal(out,
                        "info string error: move zz9: bad move text 'zz9'\n"
                        "info string variant zhonggong no position\n"
                        "info string error: no position: the last position command was refused\n"
                        "bestmove (none)\n"
                        "info string variant zhonggong fen rnbacabnr/4c4/p1p1p1p1p/4k4/9/P3K4/2P1P1P1P/4C4/RNBACABNR b - - 1 1\n"
                        "info string error: bad fen: bad FEN board: 3 ranks (expected 9)\n"
                        "info string variant zhonggong no position\n"
                        "info string error: expected 'moves', got 'junk'\n"
                        "info string variant zhonggong no position\n"
                        "info string variant zhonggong fen rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1\n");
    free(out);
}

/* The FEN of xiangqi's start after moves (qipan's coordinates), played
 * whatever the history says. */
static void fen_after(const char *moves, char *fen, size_t n)
{
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    char err[QP_ERR];
    if (qp_game_init(&g, r, NULL, err, sizeof err)) fail_msg("%s", err);
    size_t len = strlen(moves);
    char *buf = malloc(len + 1);
    memcpy(buf, moves, len + 1);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        qp_move m;
        if (r->rs->move_parse(r, g.cur, t, &m, err, sizeof err)) fail_msg("%s: %s", t, err);
        qp_game_play(&g, m);
    }
    qp_game_fen(&g, fen, n);
    free(buf);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* position plays every move: a repetition draw on the way does not cut
 * the list (it stopped there), and a long game (more than the 4,096 words
 * a line could hold) is read whole.  A line too long to read is a
 * refused position. */
static void test_long_and_repeating_positions(void **st)
{
    (void)st;
    const char *cycle = " b1c3 b10c8 c3b1 c8b10";
    size_t reps = 1100, cap = reps * strlen(cycle) + 256;
    char *moves = malloc(cap), *in = malloc(cap + 256), *want = malloc(cap + 256), fen[1024];
    size_t k = 0;
    for (size_t i = 0; i < reps; i++) k += (size_t)snprintf(moves + k, cap - k, "%s", cycle);
    for (size_t i = 2; i <= reps; i *= 550) {   /* 2 cycles: a threefold repetition; then 1100 */
        snprintf(in, cap + 256, "setoption name UCI_Variant value xiangqi\nposition startpos moves%.*s h3e3\nd\n",
                 (int)(i * strlen(cycle)), moves);
        char *out = session(in);
        snprintf(want, cap + 256, "%.*s h3e3", (int)(i * strlen(cycle)), moves);
        fen_after(want, fen, sizeof fen);
        snprintf(want, cap + 256, "info string variant xiangqi fen %s\n", fen);
        assert_string_equal(out, want);
        free(out);
    }
    free(moves);
    free(want);
    free(in);
    /* more than 1 MiB: refused, and no position is left */
    cap = (1u << 20) + 128;
    in = malloc(cap);
    k = (size_t)snprintf(in, cap, "position startpos\nposition startpos moves");
    while (k < (1u << 20) + 40) k += (size_t)snprintf(in + k, cap - k, " a3a4");
    snprintf(in + k, cap - k, "\nd\n");
    char *out = session(in);
    assert_string_equal(out, "info string error: line longer than 1048576 bytes ignored\n"
                             "info string variant zhonggong no position\n");
    free(out);
    free(in);
}

/* Writes a game file NAME.lua holding body into a fresh scripts folder;
 * dir receives the folder (for cleanup with remove_game). */
static void write_game(char *dir, const char *name, const char *body)
{
    char games[96], path[160];
    strcpy(dir, "/tmp/qp_uci_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(games, sizeof games, "%s/games", dir);
    assert_int_equal(mkdir(games, 0700), 0);
    snprintf(path, sizeof path, "%s/%s.lua", games, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(body, f);
    fclose(f);
    session_scripts = dir;
}

static void remove_game(const char *dir, const char *name)
{
    char path[160];
    snprintf(path, sizeof path, "%s/games/%s.lua", dir, name);
    unlink(path);
    snprintf(path, sizeof path, "%s/games", dir);
    rmdir(path);
    rmdir(dir);
    session_scripts = QP_SCRIPTS_DIR;
}

/* A game's move text cannot add a protocol line: control characters
 * become '?', and a bestmove stays one word. */
static void test_game_text_cannot_break_lines(void **st)
{
    (void)st;
    char dir[32];
    write_game(dir, "inject",
               "return {\n"
               "  name = 'inject', board = { width = 3, height = 1 },\n"
               "  sides = { 'a', 'b' }, pieces = { A = '', b = '' },\n"
               "  moves = function(pos) pos:add_empty() end,\n"
               "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"
               "  move_text = function(pos, m) return qp.name(qp.to(m)) .. '\\nbestmove zz\\r\\27[2J' end,\n"
               "}\n");
    char *out = session("setoption name UCI_Variant value inject\nposition startpos\ngo depth 2\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_int_equal(count_lines(out, "bestmove zz"), 0);
    const char *bm = session_bestmove(out);
    assert_int_equal(strcmp(bm + 2, "?bestmove?zz??[2J"), 0);
    assert_null(strchr(out, '\r'));
    assert_null(strchr(out, 27));
    assert_non_null(strstr(out, "1?bestmove zz??[2J\n"));   /* the end of an info line */
    free(out);
    remove_game(dir, "inject");
}

/* stop, isready and quit are answered while a hook runs in a C loop that
 * ignores stop (table.move over 10^15 slots runs no Lua instruction):
 * stop used to wait for the search thread, and nothing was answered
 * again. */
static void test_answers_past_a_stuck_hook(void **st)
{
    (void)st;
    char dir[32];
    write_game(dir, "stuck",
               "return {\n"
               "  name = 'stuck', board = { width = 3, height = 1 },\n"
               "  sides = { 'a', 'b' }, pieces = { A = '', b = '' },\n"
               "  moves = function(pos)\n"
               "    if pos:ply() >= 1 then table.move({}, 1, 1e15, 1) end\n"
               "    pos:add_empty()\n"
               "  end,\n"
               "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"
               "}\n");
    char *out = session("setoption name UCI_Variant value stuck\nposition startpos\ngo infinite\n"
                        "stop\nisready\nstop\nisready\nquit\n");
    assert_int_equal(count_lines(out, "bestmove "), 1);
    assert_int_equal(count_lines(out, "readyok"), 2);
    free(out);
    remove_game(dir, "stuck");
}

/* The info lines' nodes (and nps) count every thread, as GUIs read them.
 * While the main search sleeps in its depth-1 report, its helper goes
 * on: the depth-2 report must include the helper's nodes, far more than
 * a depth-2 search alone makes (it counted the main thread only). */
static qp_search *nodes_search;
static uint64_t nodes_at_2;

static void nodes_cb(const qp_search_info *info, void *ud)
{
    bool sleep = *(bool *)ud;
    if (info->depth == 1 && sleep) {
        struct timespec t = {0, 50000000};   /* 0.5 s in all: the helper searches */
        for (int i = 0; i < 10; i++) nanosleep(&t, NULL);
    }
    if (info->depth == 2) {
        nodes_at_2 = info->nodes;
        qp_search_stop(nodes_search);
    }
}

static void test_nodes_of_all_threads(void **st)
{
    (void)st;
    uint64_t n[3];
    for (int threads = 1; threads <= 2; threads++) {
        qp_rules *r = tu_rules(&tu_reg, "zhonggong");
        qp_game g;
        char err[QP_ERR];
        assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
        nodes_search = qp_search_new(r, 8);
        assert_non_null(nodes_search);
        assert_int_equal(qp_search_set_threads(nodes_search, threads), 0);
        qp_search_limits lim = {.depth = 30};
        bool sleep = threads == 2;
        nodes_at_2 = 0;
        qp_search_info out;
        qp_search_run(nodes_search, &g, &lim, nodes_cb, &sleep, &out);
        n[threads] = nodes_at_2;
        assert_true(nodes_at_2 > 0);
        /* the final count (helpers joined) is never below the last line */
        assert_true(out.nodes >= nodes_at_2);
        qp_search_free(nodes_search);
        qp_game_free(&g);
        qp_rules_free(r);
    }
    if (n[2] < 5 * n[1])
        fail_msg("depth 2 with 2 threads reports %llu nodes, the main thread alone makes about %llu",
                 (unsigned long long)n[2], (unsigned long long)n[1]);
}

/* go ponder answers only after ponderhit (then within go's clock) or
 * stop, even when its depth is reached at once: isready comes first. */
static void test_ponder(void **st)
{
    (void)st;
    const char *ins[] = {
        "position startpos\ngo ponder depth 1\nisready\nponderhit\n",
        "position startpos\ngo ponder depth 1\nisready\nstop\n",
        "position startpos\ngo ponder wtime 300 btime 300\nisready\nponderhit\n",
    };
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++) {
        char *out = session(ins[i]);
        assert_int_equal(count_lines(out, "bestmove "), 1);
        const char *ready = strstr(out, "readyok\n");
        assert_non_null(ready);
        assert_true(ready < strstr(out, "bestmove "));
        assert_null(strstr(out, "error"));
        free(out);
    }
}

/* The variant changes only by UCI_Variant: not by a FEN of another game
 * (refused: no position, go answers none), ucinewgame, an unknown
 * variant or a rule option; a rule option keeps the GUI's position (its
 * moves played again under the new rules). */
static void test_variant_stays(void **st)
{
    (void)st;
    char *out = session("setoption name UCI_Variant value xiangqi\n"
                        "position startpos moves h3e3 h8e8\n"
                        "setoption name draw.repetitions value 4\nd\n"
                        "setoption name UCI_Variant value nosuch\nd\n"
                        "position fen rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1\nd\n"
                        "go depth 1\n"
                        "setoption name draw.repetitions value 3\nd\n"
                        "ucinewgame\nd\n");
    assert_string_equal(out,
                        "info string variant xiangqi fen rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
                        "info string error: unknown variant 'nosuch'\n"
                        "info string variant xiangqi fen rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
                        "info string error: bad fen: FEN board: 9 ranks, expected 10\n"
                        "info string variant xiangqi no position\n"
                        "info string error: no position: the last position command was refused\n"
                        "bestmove (none)\n"
                        "info string variant xiangqi no position\n"
                        "info string variant xiangqi fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n");
    free(out);
}

/* A repetition (or any end by the history) is the GUI's to judge: go
 * still answers a move, as a GUI with other rules for it wants one. */
static void test_repetition_is_the_guis(void **st)
{
    (void)st;
    const char *moves = "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10";
    char in[512];
    snprintf(in, sizeof in, "setoption name UCI_Variant value xiangqi\nposition startpos moves %s\ngo depth 2\n", moves);
    char *out = session(in);
    assert_null(strstr(out, "game over"));
    assert_true(legal_after("xiangqi", NULL, moves, session_bestmove(out)));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handshake),
        cmocka_unit_test(test_go_depth),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_clock_movetime_infinite),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_game_over_and_fen),
        cmocka_unit_test(test_variants_and_options),
        cmocka_unit_test(test_analyze),
        cmocka_unit_test(test_go_depth_zero),
        cmocka_unit_test(test_bench_signature),
        cmocka_unit_test(test_end_of_input_and_bad_lines),
        cmocka_unit_test(test_hostile_game),
        cmocka_unit_test(test_blank_lines),
        cmocka_unit_test(test_words_not_shared),
        cmocka_unit_test(test_go_numbers),
        cmocka_unit_test(test_refused_position),
        cmocka_unit_test(test_long_and_repeating_positions),
        cmocka_unit_test(test_game_text_cannot_break_lines),
        cmocka_unit_test(test_answers_past_a_stuck_hook),
        cmocka_unit_test(test_nodes_of_all_threads),
        cmocka_unit_test(test_ponder),
        cmocka_unit_test(test_variant_stays),
        cmocka_unit_test(test_repetition_is_the_guis),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
