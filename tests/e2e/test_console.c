/*
 * test_console.c — `qipan console` driven through a pipe, as a user would.
 *
 * The console echoes each piped command after its prompt, so the output is
 * a transcript: "red> fen\n<FEN>\n" pins the answer to one command.  The
 * Zhonggong positions are worked out by hand from the rules (docs/zhonggong.md).
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ZG_START "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"

/* True if text has a line other than "qipan: warning: ..." (a broken game
 * file elsewhere in scripts/ warns at start; that is not the console's). */
static bool has_error_lines(const char *text)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len && strncmp(p, "qipan: warning: ", 16)) return true;
        p += len + (nl != NULL);
    }
    return false;
}

/* Runs `qipan console ARGS` with the given input; returns stdout (caller
 * frees) and checks the exit status and that no error went to stderr. */
static char *console(const char *args, const char *input, int want_rc)
{
    char cmd[1024], *out = NULL, *err = NULL;
    snprintf(cmd, sizeof cmd, "console %s", args);
    int rc = tu_run(cmd, input, &out, &err);
    if (rc != want_rc || (want_rc == 0 && has_error_lines(err)))
        fail_msg("qipan %s: exit %d (want %d)\nstderr: %s\nstdout:\n%s", cmd, rc, want_rc, err, out);
    free(err);
    return out;
}

/* Asserts that each needle occurs in hay, in this order. */
static void expect_in_order(const char *hay, const char *const *needles)
{
    const char *p = hay;
    for (; *needles; needles++) {
        const char *q = strstr(p, *needles);
        if (!q) fail_msg("expected, in order: \"%s\"\nafter:\n%s", *needles, p);
        p = q + strlen(*needles);
    }
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

/* ---- Zhonggong -------------------------------------------------------- */

/* a3a4 i7i6 a1a3 i9i7, with undo/redo on the way; each FEN by hand. */
static void test_scripted_game_undo_redo(void **st)
{
    (void)st;
    char *out = console("zhonggong",
                        "a3a4\ni7i6\na1a3\ni9i7\nfen\n"
                        "undo\nundo\nfen\n"
                        "redo\nfen\n"
                        "redo\nredo\nfen\n"
                        "undo\ni9i8\nredo\nfen\n",
                        0);
    const char *want[] = {
        "red> fen\nrnbacabn1/4c4/p1p1p1p1r/4k3p/9/P3K4/R1P1P1P1P/4C4/1NBACABNR w - - 4 3\n",
        /* two undos: back after i7i6 */
        "red> fen\nrnbacabnr/4c4/p1p1p1p2/4k3p/9/P3K4/2P1P1P1P/4C4/RNBACABNR w - - 2 2\n",
        "black> fen\nrnbacabnr/4c4/p1p1p1p2/4k3p/9/P3K4/R1P1P1P1P/4C4/1NBACABNR b - - 3 2\n",
        /* the second redo has nothing left */
        "red> redo\n", "nothing to redo\n",
        "red> fen\nrnbacabn1/4c4/p1p1p1p1r/4k3p/9/P3K4/R1P1P1P1P/4C4/1NBACABNR w - - 4 3\n",
        /* a new move drops the redo tail */
        "black> i9i8\n", "red> redo\nnothing to redo\n",
        "red> fen\nrnbacabn1/4c3r/p1p1p1p2/4k3p/9/P3K4/R1P1P1P1P/4C4/1NBACABNR w - - 4 3\n",
        NULL};
    expect_in_order(out, want);
    free(out);
}

/* The move list shows coordinates and traditional notation. */
static void test_move_list_notation(void **st)
{
    (void)st;
    char *out = console("zhonggong", "a3a4\ni7i6\nhistory\n", 0);
    const char *want[] = {"Last move: a3a4 (兵九进一)\n", "Black to move.\n",
                          "red> history\n  1. a3a4     兵九进一      i7i6     卒９进１\n", NULL};
    expect_in_order(out, want);
    free(out);
}

/* Illegal moves say why and leave the position alone. */
static void test_illegal_moves(void **st)
{
    (void)st;
    char *out = console("zhonggong", "a7a6\ne3e5\nfen\n", 0);
    const char *want[] = {"red> a7a6\nillegal move 'a7a6': a7 is not your piece / a7不是你的棋子\n",
                          "red> e3e5\nillegal move 'e3e5': a soldier cannot move from e3 to e5 / 兵不能从e3走到e5\n",
                          "red> fen\n" ZG_START "\n", NULL};
    expect_in_order(out, want);
    free(out);

    /* the red chariot on e5 shields its general from the black chariot */
    out = console("zhonggong --fen '4r4/9/9/3k5/4R4/4K4/9/9/9 w - - 0 1'", "e5a5\nfen\n", 0);
    const char *pinned[] = {"illegal move 'e5a5': it would leave your general in check / 走后己方将帅被将军\n",
                            "red> fen\n4r4/9/9/3k5/4R4/4K4/9/9/9 w - - 0 1\n", NULL};
    expect_in_order(out, pinned);
    free(out);

    /* e1e4 would fill the last liberty of the general on d4 */
    out = console("zhonggong --fen '9/9/9/5k3/3P5/2PK5/3P5/9/4R4 w - - 0 1'", "e1e4\nfen\n", 0);
    const char *trap[] = {"illegal move 'e1e4': your general would have no liberty / 己方将帅将无气\n",
                          "red> fen\n9/9/9/5k3/3P5/2PK5/3P5/9/4R4 w - - 0 1\n", NULL};
    expect_in_order(out, trap);
    free(out);

    /* the reason names the piece in the way, as the window does (why.h) */
    out = console("zhonggong", "a1a5\nb1\n", 0);
    const char *named[] = {"red> a1a5\nillegal move 'a1a5': blocked by the soldier on a3 / 被a3的兵挡住\n",
                           "red> b1\nillegal move 'b1': the horse on b1 has no legal move: the horse's leg is blocked "
                           "by the elephant on c1 / b1的马无路可走：蹩马腿：c1有相\n", NULL};
    expect_in_order(out, named);
    free(out);
    out = console("xiangqi --fen '4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1'", "d1e1\n", 0);
    const char *flying[] = {"illegal move 'd1e1': the two generals would face each other / 将帅不能照面\n", NULL};
    expect_in_order(out, flying);
    free(out);
}

/* Two bottom soldiers buy the cannon that checks through its screen, the
 * black general on e6; the exchange answers the check. */
static void test_exchange(void **st)
{
    (void)st;
    char *out = console("zhonggong --fen 'P1P6/4c4/9/4k4/9/4K4/9/9/9 w - - 0 1'",
                        "moves\na9c9xe8\nfen\n", 0);
    const char *want[] = {"Red to move.\nRed is in check!\n",
                          "red> moves\n3 legal moves:\na9c9xe8 e4d4 e4f4\n",
                          "red> a9c9xe8\n", "  1. a9c9xe8  ", "Black to move.\n",
                          "black> fen\n9/9/9/4k4/9/4K4/9/9/9 b - - 0 1\n", NULL};
    expect_in_order(out, want);
    free(out);
}

static void test_unknown_command(void **st)
{
    (void)st;
    char *out = console("zhonggong", "xyz\nfrobnicate now\nfen\n", 0);
    const char *want[] = {"red> xyz\nunknown command 'xyz' (type help)\n",
                          "unknown command 'frobnicate' (type help)\n", "red> fen\n" ZG_START "\n",
                          NULL};
    expect_in_order(out, want);
    free(out);
}

/* A word no command takes is read as a move of the game: draughts'
 * numbered moves get the game's own reason, not "unknown command". */
static void test_numbered_moves(void **st)
{
    (void)st;
    char *out = console("draughts", "32-26\n99-28\n32-\n32-28\nxyz\n", 0);
    const char *want[] = {"white> 32-26\nillegal move '32-26': that piece cannot move so / 着法不合规则\n",
                          "white> 99-28\nillegal move '99-28': no square 99 (the squares are 1-50) / 着法不合规则\n",
                          "white> 32-\nillegal move '32-': bad move text '32-' (a move is from-to, as 32-28, or 19x30)"
                          " / 着法不合规则\n",
                          "white> 32-28\n", "  1. 32-28\n", "Black to move.\n",
                          "black> xyz\nunknown command 'xyz' (type help)\n", NULL};
    expect_in_order(out, want);
    free(out);
}

/* Check, leash and trap of the side to move are said in words. */
static void test_warnings(void **st)
{
    (void)st;
    char *out = console("zhonggong --fen '4r4/9/9/3k5/9/4K4/9/9/9 w - - 0 1'", "", 0);
    assert_non_null(strstr(out, "Red to move.\nRed is in check!\n"));
    free(out);

    /* the chariot on a4 answers any capture on e4: a leash, not a check */
    out = console("zhonggong --fen '4r4/9/9/3k5/9/R3K4/9/9/9 w - - 0 1'", "", 0);
    assert_non_null(strstr(out, "Red to move.\nRed's general is leashed\n"));
    assert_null(strstr(out, "in check"));
    free(out);

    out = console("zhonggong --fen '9/9/9/5k3/3P5/2PKP4/3P5/9/9 w - - 0 1'", "", 0);
    assert_non_null(strstr(out, "Red to move.\nRed's general is trapped — relieve it\n"));
    free(out);
}

/* c9d9 mates: d-file and e-file chariots leave the general on d4 nothing. */
static void test_game_end(void **st)
{
    (void)st;
    char *out = console("zhonggong --fen '2r1r4/9/9/5k3/9/3K5/9/9/9 b - - 0 1'",
                        "c9d9\nd4d5\nmoves\nresign\nundo\nfen\nd9c9\nundo\nnew\nfen\n", 0);
    const char *want[] = {
        "Black wins: checkmate\n",
        "game over> d4d5\nthe game is over (Black wins: checkmate): type new, undo or load\n",
        "game over> moves\n0 legal moves\n",
        "game over> resign\nthe game is over (Black wins: checkmate): type new, undo or load\n",
        "black> fen\n2r1r4/9/9/5k3/9/3K5/9/9/9 b - - 0 1\n",
        "black> d9c9\nillegal move 'd9c9': ",
        "black> new\nnew game\n",
        "black> fen\n2r1r4/9/9/5k3/9/3K5/9/9/9 b - - 0 1\n",
        NULL};
    expect_in_order(out, want);
    free(out);
}

static void test_resign(void **st)
{
    (void)st;
    char *out = console("zhonggong", "a3a4\nresign\ni7i6\nundo\ni7i6\nfen\n", 0);
    const char *want[] = {"black> resign\nRed wins: resignation\n",
                          "game over> i7i6\nthe game is over (Red wins: resignation)",
                          "game over> undo\n", "black> i7i6\n",
                          "red> fen\nrnbacabnr/4c4/p1p1p1p2/4k3p/9/P3K4/2P1P1P1P/4C4/RNBACABNR w - - 2 2\n",
                          NULL};
    expect_in_order(out, want);
    free(out);
}

static char *slurp_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_save_load_roundtrip(void **st)
{
    (void)st;
    char path[64], input[512];
    snprintf(path, sizeof path, "/tmp/qp_con_%d.txt", (int)getpid());
    snprintf(input, sizeof input, "a3a4\ni7i6\na1a3\nsave %s\n", path);
    char *out = console("zhonggong", input, 0);
    char want_saved[96];
    snprintf(want_saved, sizeof want_saved, "saved %s\n", path);
    assert_non_null(strstr(out, want_saved));
    free(out);

    char *file = slurp_file(path);
    const char *want_file[] = {"[FEN \"" ZG_START "\"]\n", "[PlyCount \"3\"]\n",
                               "[Ruleset \"zhonggong\"]\n", "1. a3a4 i7i6\n2. a1a3\n*\n", NULL};
    expect_in_order(file, want_file);
    free(file);

    /* loading into a fresh console, from another position, restores it all */
    snprintf(input, sizeof input, "load %s\nfen\nhistory\nundo\nfen\n", path);
    out = console("zhonggong --fen '2r1r4/9/9/5k3/9/3K5/9/9/9 b - - 0 1'", input, 0);
    const char *want[] = {
        "loaded ", "(zhonggong, 3 moves)\n",
        "black> fen\nrnbacabnr/4c4/p1p1p1p2/4k3p/9/P3K4/R1P1P1P1P/4C4/1NBACABNR b - - 3 2\n",
        "  1. a3a4     兵九进一      i7i6     卒９进１\n  2. a1a3     ",
        "red> fen\nrnbacabnr/4c4/p1p1p1p2/4k3p/9/P3K4/2P1P1P1P/4C4/RNBACABNR w - - 2 2\n", NULL};
    expect_in_order(out, want);
    free(out);
    unlink(path);
}

/* A corrupt or truncated save names the first bad move and changes nothing. */
static void test_load_bad_files(void **st)
{
    (void)st;
    char input[512];
    const char *bad = tu_tmpfile("[Ruleset \"zhonggong\"]\n"
                                 "[FEN \"" ZG_START "\"]\n"
                                 "\n"
                                 "1. a3a4 i7i6\n"
                                 "2. a1a3 e6e3\n",
                                 ".txt");
    snprintf(input, sizeof input, "a3a4\nload %s\nfen\n", bad);
    char *out = console("zhonggong", input, 0);
    const char *want[] = {"load failed: ", ":5:9: move 4 'e6e3': illegal: ",
                          "black> fen\nrnbacabnr/4c4/p1p1p1p1p/4k4/9/P3K4/2P1P1P1P/4C4/RNBACABNR b - - 1 1\n",
                          NULL};
    expect_in_order(out, want);
    free(out);
    unlink(bad);

    const char *cut = tu_tmpfile("[Ruleset \"zhonggong\"]\n\n1. a3a4 i7i6\n2. a1a", ".txt");
    snprintf(input, sizeof input, "load %s\nfen\n", cut);
    out = console("zhonggong", input, 0);
    const char *want_cut[] = {"load failed: ", ":4:4: move 3 'a1a': unreadable", "red> fen\n" ZG_START "\n",
                              NULL};
    expect_in_order(out, want_cut);
    free(out);
    unlink(cut);

    out = console("zhonggong", "load /nonexistent/qp.txt\nload\n", 0);
    const char *want_missing[] = {"load failed: /nonexistent/qp.txt: No such file or directory", "usage: load FILE [N]\n",
                                  NULL};
    expect_in_order(out, want_missing);
    free(out);
}

/* A game in Chinese notation is walked with first/prev/next/last/goto,
 * saved in WXF and loaded back; walking never changes the record. */
static void test_replay_and_notations(void **st)
{
    (void)st;
    char input[1024];
    const char *pgn = tu_tmpfile("[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n"
                                 "1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n", ".pgn");
    char saved[] = "/tmp/qp_con_XXXXXX";
    close(mkstemp(saved));
    snprintf(input, sizeof input,
             "load %s\ngoto 1\nprev\nprev\nfirst\nnext\nlast\nnext\ngoto 9\ngoto 2\nfen\n"
             "save %s wxf\nload %s\nfen\nC8.7\n", pgn, saved, saved);
    char *out = console("xiangqi", input, 0);
    const char *want[] = {
        "4 moves)", "red> goto 1\n", "Last move: h3e3 (炮二平五)", "black> prev\n", "red> prev\nat the start\n",
        "red> first\n", "red> next\n", "Last move: h3e3", "black> last\n", "Last move: i10h10 (车９平８)",
        "red> next\nat the end\n", "red> goto 9\nusage: goto N, with N from 0 to 4 (plies from the start)\n",
        "red> goto 2\n", "red> fen\nrnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n",
        "saved ", "(xiangqi, 4 moves)", "red> fen\nrnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n",
        "red> C8.7\n", "Last move: b3c3 (炮八平七)", NULL};
    expect_in_order(out, want);
    free(out);
    FILE *f = fopen(saved, "r");
    assert_non_null(f);
    char buf[2048];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    assert_non_null(strstr(buf, "[Notation \"wxf\"]\n"));
    assert_non_null(strstr(buf, "[Ply \"2\"]\n[PlyCount \"4\"]\n"));   /* the viewed ply is kept */
    assert_non_null(strstr(buf, "\n1. C2.5 H8+7\n2. H2+3 R9.8\n*\n"));
    unlink(pgn);
    unlink(saved);
}

static void test_eof_and_quit(void **st)
{
    (void)st;
    char *out = console("zhonggong", "", 0);
    assert_non_null(strstr(out, "Red to move.\nred> "));
    free(out);
    /* input without a final newline still counts */
    out = console("zhonggong", "a3a4", 0);
    assert_non_null(strstr(out, "Last move: a3a4"));
    free(out);
    out = console("zhonggong", "quit\na3a4\n", 0);
    assert_null(strstr(out, "a3a4"));
    free(out);
}

static void test_ascii_board(void **st)
{
    (void)st;
    char *out = console("zhonggong --ascii", "", 0);
    const char *board = "  a b c d e f g h i\n"
                        "9 r n b a c a b n r 9\n"
                        "8 . . . . c . . . . 8\n"
                        "7 p . p . p . p . p 7\n"
                        "6 . . . + k + . . . 6\n"
                        "5 . . . + + + . . . 5\n"
                        "4 . . . + K + . . . 4\n"
                        "3 P . P . P . P . P 3\n"
                        "2 . . . . C . . . . 2\n"
                        "1 R N B A C A B N R 1\n"
                        "  a b c d e f g h i\n";
    if (strncmp(out, board, strlen(board))) fail_msg("ascii board:\n%s", out);
    free(out);

    out = console("zhonggong --ascii", "flip\n", 0);
    const char *flipped = "red> flip\n"
                          "  i h g f e d c b a\n"
                          "1 R N B A C A B N R 1\n";
    assert_non_null(strstr(out, flipped));
    free(out);
}

/* Glyph board: two columns per point, palace points marked. */
static void test_glyph_board(void **st)
{
    (void)st;
    char *out = console("zhonggong", "", 0);
    assert_true(strncmp(out, "  a  b  c  d  e  f  g  h  i\n", 28) == 0);
    assert_non_null(strstr(out, "\n5 ＋ ＋ ＋ ＊ ＊ ＊ ＋ ＋ ＋ 5\n"));
    assert_non_null(strstr(out, "\n8 ＋ ＋ ＋ ＋ "));
    assert_null(strstr(out, "\033["));   /* no colour in a pipe */
    free(out);
    /* holes are blanks of the same pitch, not points */
    out = console("pegsolitaire", "", 0);
    assert_non_null(strstr(out, "\n7       Ｐ Ｐ Ｐ       7\n"));
    assert_non_null(strstr(out, "\n4 Ｐ Ｐ Ｐ ＋ Ｐ Ｐ Ｐ 4\n"));
    free(out);
}

static void test_moves_command(void **st)
{
    (void)st;
    /* generals on e4 and e6: e3 leaves the palace, and on e5 the black
     * general would take the red one with nothing to answer */
    char *out = console("zhonggong --fen '9/9/9/4k4/9/4K4/9/9/9 w - - 0 1'", "moves\n", 0);
    assert_non_null(strstr(out, "red> moves\n2 legal moves:\ne4d4 e4f4\n"));
    free(out);
}

static void test_bad_options(void **st)
{
    (void)st;
    char *out = NULL, *err = NULL;
    assert_int_equal(tu_run("console zhonggong --ai blue", "", &out, &err), 2);
    assert_non_null(strstr(err, "--ai must be red, black, both or none, got 'blue'"));
    free(out);
    free(err);
    assert_int_equal(tu_run("console zhonggong --level 11", "", &out, &err), 2);
    assert_non_null(strstr(err, "--level must be 1..10"));
    free(out);
    free(err);
    assert_int_not_equal(tu_run("console nosuchgame", "", &out, &err), 0);
    assert_non_null(strstr(err, "unknown ruleset 'nosuchgame'"));
    free(out);
    free(err);
    assert_int_not_equal(tu_run("console zhonggong --fen 'rnbacabnr/9 w'", "", &out, &err), 0);
    assert_non_null(strstr(err, "FEN"));
    free(out);
    free(err);
}

/* ---- a Lua game -------------------------------------------------------- */

static void test_tictactoe_win(void **st)
{
    (void)st;
    char *out = console("tictactoe", "b2\na1\nb2\na2\nb1\nc2\nc3\nundo\nfen\nredo\nfen\n", 0);
    const char *want[] = {
        "  a  b  c\n3 ． ． ． 3\n2 ． ． ． 2\n1 ． ． ． 1\n  a  b  c\nX to move.\nx> b2\n",
        "x> b2\nillegal move 'b2'",               /* occupied: the position stays */
        "x> a2\n",
        "2 Ｘ Ｘ Ｘ 2\n1 Ｏ Ｏ ． 1\n",
        "  1. b2        a1\n  2. a2        b1\n  3. c2\n",
        "X wins: three in a row\n",
        "game over> c3\nthe game is over (X wins: three in a row): type new, undo or load\n",
        "x> fen\n3/XX1/oo1 w 4\n",
        "game over> fen\n3/XXX/oo1 b 5\n",
        NULL};
    expect_in_order(out, want);
    free(out);

    out = console("tictactoe --ascii", "b2\n", 0);
    assert_non_null(strstr(out, "x> b2\n  a b c\n3 . . . 3\n2 . X . 2\n1 . . . 1\n  a b c\n"));
    free(out);
}

/* ---- the computer ------------------------------------------------------ */

static void test_ai_answers(void **st)
{
    (void)st;
    char *out = console("zhonggong --ai black --level 10 --depth 2", "a3a4\nfen\n", 0);
    const char *want[] = {"red> a3a4\nRed plays a3a4 (兵九进一)\nBlack is thinking...\n",
                          "depth 1 score ", " pv ", "depth 2 score ", "Black plays ",
                          "Red to move.\n", "red> fen\n", " w - - ", NULL};
    expect_in_order(out, want);
    assert_int_equal(count(out, "Black plays "), 1);
    assert_int_equal(count(out, "Black is thinking"), 1);
    free(out);

    /* undo takes back the computer's answer and the user's move together,
     * redo brings both back */
    out = console("zhonggong --ai black --level 10 --depth 1", "a3a4\nundo\nfen\nredo\nfen\n", 0);
    const char *undo[] = {"red> undo\n", "Red to move.\nred> fen\n" ZG_START "\n",
                          "red> redo\n", "Red to move.\n", "red> fen\n", " w - - 2 2\n", NULL};
    expect_in_order(out, undo);
    assert_int_equal(count(out, "Black is thinking"), 1);
    free(out);

    /* the computer as red moves before the first prompt */
    out = console("zhonggong --ai red --depth 1", "", 0);
    const char *first[] = {"Red to move.\nRed is thinking...\n", "Red plays ", "black> ", NULL};
    expect_in_order(out, first);
    free(out);
}

/* Perfect play draws tic-tac-toe: the computer against itself, full depth. */
static void test_ai_both_draws_tictactoe(void **st)
{
    (void)st;
    char *out = console("tictactoe --ai both --level 10 --depth 9", "", 0);
    assert_int_equal(count(out, " plays "), 9);
    assert_non_null(strstr(out, "Draw: board full\ngame over> "));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_game_undo_redo),
        cmocka_unit_test(test_move_list_notation),
        cmocka_unit_test(test_illegal_moves),
        cmocka_unit_test(test_exchange),
        cmocka_unit_test(test_unknown_command),
        cmocka_unit_test(test_numbered_moves),
        cmocka_unit_test(test_warnings),
        cmocka_unit_test(test_game_end),
        cmocka_unit_test(test_resign),
        cmocka_unit_test(test_save_load_roundtrip),
        cmocka_unit_test(test_load_bad_files),
        cmocka_unit_test(test_replay_and_notations),
        cmocka_unit_test(test_eof_and_quit),
        cmocka_unit_test(test_ascii_board),
        cmocka_unit_test(test_glyph_board),
        cmocka_unit_test(test_moves_command),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_tictactoe_win),
        cmocka_unit_test(test_ai_answers),
        cmocka_unit_test(test_ai_both_draws_tictactoe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
