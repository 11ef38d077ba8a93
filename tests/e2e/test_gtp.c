/*
 * test_gtp.c — `qipan gtp` through the real binary: each command's
 * answer, errors answered with "?" and ids echoed, illegal plays refused
 * with the reason, undo (also of a move played out of turn), a game
 * resumed after two passes, showboard,
 * final_score of hand-made positions, quit during a genmove, and genmove
 * never passing while a capture or a defence is left.
 *
 * Each session is a transcript on stdin read to its end; a genmove is
 * checked against the position (a legal vertex, not a pass where one
 * must not pass).
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *gtp(const char *args, const char *input)
{
    char *out, *err, cmd[256];
    snprintf(cmd, sizeof cmd, "gtp %s", args);
    int rc = tu_run(cmd, input, &out, &err);
    if (rc) fail_msg("qipan %s: status %d: %s", cmd, rc, err);
    free(err);
    return out;
}

static void test_handshake(void **st)
{
    (void)st;
    char *out = gtp("", "1 protocol_version\n2 name\nknown_command play\n"
                        "known_command kgs-genmove_cleanup\nknown_command nosuch\n"
                        "# a comment line\n\n  \t \n"
                        "3 list_commands\n9 quit\nname\n");
    assert_string_equal(out, "=1 2\n\n=2 qipan\n\n= true\n\n= true\n\n= false\n\n"
                             "=3 protocol_version\nname\nversion\nknown_command\nlist_commands\nquit\n"
                             "boardsize\nclear_board\nkomi\nplay\ngenmove\nkgs-genmove_cleanup\nundo\n"
                             "final_score\ntime_settings\ntime_left\nshowboard\nfixed_handicap\n"
                             "set_free_handicap\nloadsgf\nprintsgf\n\n"
                             "=9\n\n");
    free(out);
    out = gtp("", "version\n");
    assert_true(!strncmp(out, "= ", 2) && strlen(out) > 4 && !strcmp(out + strlen(out) - 2, "\n\n"));
    free(out);
}

/* Errors: "?ID message", never the end of the session. */
static void test_errors(void **st)
{
    (void)st;
    char *out = gtp("", "4 foo\n"
                        "5 boardsize 10\n"
                        "boardsize x\n"
                        "play black\n"
                        "6 play purple E5\n"
                        "play b Z5\n"
                        "play b I5\n"
                        "7 play b E5\n"
                        "8 play w e5\n"
                        "genmove\n"
                        "komi lots\n"
                        "time_left b x 0\n"
                        "11\n"
                        "10 undo\n"
                        "10 undo\n"
                        "play b pass\nplay w pass\nfinal_score\nplay b pass\n"
                        "play b D4\nfinal_score\nundo\nfinal_score\nundo\n");
    assert_string_equal(out, "?4 unknown command\n\n"
                             "?5 unacceptable size\n\n"
                             "? syntax error\n\n"
                             "? syntax error\n\n"
                             "?6 invalid color\n\n"
                             "? invalid vertex 'Z5'\n\n"
                             "? invalid vertex 'I5'\n\n"
                             "=7\n\n"
                             "?8 illegal move: e5 is occupied\n\n"
                             "? syntax error\n\n"
                             "? syntax error\n\n"
                             "? syntax error\n\n"
                             "?11 no command\n\n"
                             "=10\n\n"
                             "?10 cannot undo\n\n"
                             "=\n\n=\n\n= W+7.5\n\n"
                             "? illegal move: the game is over (area score)\n\n"
                             /* a stone resumes the game without the passes */
                             "=\n\n= B+73.5\n\n=\n\n= W+7.5\n\n? cannot undo\n\n");
    free(out);
}

static const char board9[] =
    "=\n"
    "    A B C D E F G H J\n"
    " 9  . . . . . . . . . 9\n"
    " 8  . . . . . . . . . 8\n"
    " 7  . . . . . . . . . 7\n"
    " 6  . . . . . . . . . 6\n"
    " 5  . . . O X . . . . 5\n"
    " 4  . . . . . . . . . 4\n"
    " 3  . . . . . . . . . 3\n"
    " 2  . . . . . . . . . 2\n"
    " 1  . . . . . . . . . 1\n"
    "    A B C D E F G H J\n";

/* play, out of turn (a pass put in), undo of both, showboard. */
static void test_play_undo_showboard(void **st)
{
    (void)st;
    char *out = gtp("", "play b E5\nplay w D5\nshowboard\n"
                        "play w J9\nundo\nshowboard\n"
                        "undo\nundo\nundo\n");
    char want[4096];
    snprintf(want, sizeof want,
             "=\n\n=\n\n%sblack (X) to move\nArea: Black 1 \xC2\xB7 White 1 + 7.5\n\n"
             "=\n\n=\n\n%sblack (X) to move\nArea: Black 1 \xC2\xB7 White 1 + 7.5\n\n"
             "=\n\n=\n\n? cannot undo\n\n",
             board9, board9);
    assert_string_equal(out, want);
    free(out);
}

/* A wall of black stones on column E and white on F: Black 45, White 36. */
static const char walls[] =
    "play b E1\nplay w F1\nplay b E2\nplay w F2\nplay b E3\nplay w F3\nplay b E4\nplay w F4\n"
    "play b E5\nplay w F5\nplay b E6\nplay w F6\nplay b E7\nplay w F7\nplay b E8\nplay w F8\n"
    "play b E9\nplay w F9\n";

static void test_final_score(void **st)
{
    (void)st;
    char in[2048];
    /* komi changed mid-game keeps the moves; boardsize clears the board
     * and keeps the komi */
    snprintf(in, sizeof in, "%sfinal_score\nkomi 9.5\nfinal_score\nkomi 9\nfinal_score\n"
                            "komi -2\nfinal_score\nboardsize 13\nfinal_score\n", walls);
    char *out = gtp("", in);
    const char *tail = out;
    for (int i = 0; i < 18; i++) {
        assert_true(!strncmp(tail, "=\n\n", 3));
        tail += 3;
    }
    assert_string_equal(tail, "= B+1.5\n\n=\n\n= W+0.5\n\n=\n\n= 0\n\n=\n\n= B+11\n\n=\n\n= B+2\n\n");
    free(out);
}

/* The answer of the genmove in out (its last "= "), "" for none. */
static const char *last_answer(const char *out)
{
    static char v[32];
    const char *p = NULL;
    for (const char *q = out; (q = strstr(q, "\n= ")) != NULL; q++) p = q + 3;
    v[0] = 0;
    if (p) sscanf(p, "%31s", v);
    return v;
}

/* Near the end of a game: white stone C5 in Black's area in atari (C6),
 * a black stone H5 in White's area in atari (H6).  Black must take C5 or
 * save H5; White must take H5 or save C5: no pass while either matters. */
static void test_no_pass_while_capture_matters(void **st)
{
    (void)st;
    char in[4096];
    const char *setup = "play b B5\nplay w C5\nplay b C4\nplay w G5\nplay b D5\nplay w H4\nplay b H5\nplay w J5\n";
    for (int colour = 0; colour < 2; colour++) {
        snprintf(in, sizeof in, "komi 0.5\n%s%s%sgenmove %s\nshowboard\n", walls, setup,
                 colour ? "play b pass\n" : "", colour ? "w" : "b");
        char *out = gtp("--level 1", in);
        const char *v = last_answer(out);
        if (!strcmp(v, "pass") || !v[0]) fail_msg("genmove %s passed:\n%s", colour ? "w" : "b", out);
        assert_null(strstr(out, "?"));
        free(out);
        /* in cleanup mode too */
        snprintf(in, sizeof in, "komi 0.5\n%s%s%skgs-genmove_cleanup %s\n", walls, setup,
                 colour ? "play b pass\n" : "", colour ? "w" : "b");
        out = gtp("--level 1", in);
        v = last_answer(out);
        if (!strcmp(v, "pass") || !v[0]) fail_msg("cleanup %s passed:\n%s", colour ? "w" : "b", out);
        free(out);
    }
}

/* quit during a genmove of a long think is answered at once: the move,
 * then quit's "=" (were the search not stopped, the session would think
 * for twenty minutes). */
static void test_quit_during_genmove(void **st)
{
    (void)st;
    char *out = gtp("", "time_settings 36000 0 0\n5 genmove b\n6 quit\n");
    assert_true(!strncmp(out, "=\n\n=5 ", 6));
    char v[16];
    assert_int_equal(sscanf(out + 6, "%15s", v), 1);
    if (!(v[0] >= 'A' && v[0] <= 'J' && v[0] != 'I')) fail_msg("answer: %s", out);
    assert_non_null(strstr(out, "\n\n=6\n\n"));
    free(out);
}

/* genmove plays its move (one stone on the board; undo takes it back),
 * also with a clock. */
static void test_genmove_plays(void **st)
{
    (void)st;
    char *out = gtp("--level 1 --threads 1", "genmove b\nshowboard\nundo\nundo\n"
                                             "time_settings 60 5 1\ntime_left b 30 0\ngenmove b\n");
    const char *board = strstr(out, "\n\n=\n    A B");
    assert_non_null(board);
    int stones = 0;
    for (const char *p = board + 4; *p && strncmp(p, "black", 5) && strncmp(p, "white", 5); p++) stones += *p == 'X' || *p == 'O';
    assert_int_equal(stones, 1);
    assert_non_null(strstr(out, "to move\nArea: Black 81 \xC2\xB7 White 0 + 7.5\n\n=\n\n? cannot undo\n\n=\n\n=\n\n= "));
    const char *v = last_answer(out);
    assert_true(strlen(v) >= 2 && strcmp(v, "pass"));
    free(out);
}

/* --playouts N --seed S: a fixed budget a move, no clock, so the same
 * session gives the same moves; a clock given later changes nothing. */
static void test_fixed_playouts(void **st)
{
    (void)st;
    const char *in = "genmove b\ngenmove w\ntime_settings 0 1 1\ngenmove b\nshowboard\n";
    char *a = gtp("--playouts 300 --seed 7 --threads 1", in);
    char *b = gtp("--playouts 300 --seed 7 --threads 1", in);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "Area: "));
    free(a);
    free(b);
}

/* loadsgf up to a move and whole, printsgf (keeping the file's comments
 * and branches for the moves the game shares with it; a comment's empty
 * line answered as a space, written to FILE as it is), a record of
 * another game refused. */
static void test_sgf_commands(void **st)
{
    (void)st;
    static const char text[] = "(;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[6.5]AB[cc]PL[W]C[two\n\nlines]\n"
                               ";W[ee]C[w1](;B[dd];W[ff])\n(;B[de]C[alt]))\n";
    const char *sgf = tu_tmpfile(text, ".sgf");
    const char *pgn = tu_tmpfile("[Ruleset \"hex\"]\n\n1. a1 *\n", ".pgn");
    char in[2048], copy[600];
    snprintf(copy, sizeof copy, "%s.copy.sgf", sgf);
    snprintf(in, sizeof in,
             "loadsgf %s 3\nprintsgf\nloadsgf %s\nfinal_score\nprintsgf %s\nloadsgf %s\nloadsgf\n"
             "clear_board\nplay b e5\nprintsgf\n",
             sgf, sgf, copy, pgn);
    char *out = gtp("", in);
    char want[2048];
    snprintf(want, sizeof want,
             "= white\n\n= (;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[6.5]AB[cc]PL[W]C[two\n \nlines]\n"
             ";W[ee]C[w1](;B[dd])\n(;B[de]C[alt]))\n\n= black\n\n= W+6.5\n\n=\n\n"
             "? cannot load file: %s is a game of hex, not go\n\n? syntax error\n\n=\n\n=\n\n"
             "= (;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[6.5]DT[",
             pgn);
    assert_true(!strncmp(out, want, strlen(want)));
    /* after clear_board the file's record is gone: today's date, no comment */
    assert_non_null(strstr(out + strlen(want), "]\n;B[ee])\n\n"));
    assert_string_equal(tu_read_text(copy), text);
    remove(copy);
    free(out);
}

/* Other games whose moves are points; games whose moves are not. */
static void test_other_games(void **st)
{
    (void)st;
    char *out = gtp("hex --level 1", "boardsize 11\nplay b A1\nplay w K11\nplay b L11\nboardsize 9\ngenmove b\nplay w Z1\n");
    assert_true(!strncmp(out, "=\n\n=\n\n=\n\n=\n\n=\n\n= ", 17));
    assert_true(strlen(last_answer(out)) >= 2);
    free(out);
    char *err;
    assert_int_equal(tu_run("gtp xiangqi", "name\n", &out, &err), 2);
    assert_string_equal(err, "qipan gtp: xiangqi's moves are not single points: GTP cannot name them\n");
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handshake),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_play_undo_showboard),
        cmocka_unit_test(test_final_score),
        cmocka_unit_test(test_no_pass_while_capture_matters),
        cmocka_unit_test(test_quit_during_genmove),
        cmocka_unit_test(test_genmove_plays), cmocka_unit_test(test_fixed_playouts),
        cmocka_unit_test(test_sgf_commands),
        cmocka_unit_test(test_other_games),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
