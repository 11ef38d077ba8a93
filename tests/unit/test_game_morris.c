/*
 * test_game_morris.c — boards as graphs (board.links, board.lines) and the
 * games they carry: Nine Men's Morris (mills with their removal, flying,
 * two men left), Three Men's Morris with param fly, and watermelon chess
 * (capture by surrounding).
 *
 * Perft of morris9 is established twice: the blocks (scripts/games) and an
 * independent Lua-hook twin (tests/data/games/hk_morris9.lua: its own
 * adjacency and mill tables) agree on 24, 552, 12144, 255024, 5140800
 * (depth 5 by `qipan perft`, 30 s for the twin) and, here, on positions
 * with removals and flying, and move for move over random games.
 */
#include "testutil.h"
#include "blocktest.h"
#include "lua_ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static qp_rules *rules(const char *game, const char *const *kv)
{
    return tu_rules_with(&tu_reg, game, kv);
}

/* The sorted legal moves as one line, space-separated. */
static char *moves_line(const qp_rules *r, const void *s)
{
    char *t = tu_moves_text(r, s);
    for (char *p = t; *p; p++)
        if (*p == '\n') *p = ' ';
    size_t n = strlen(t);
    while (n && t[n - 1] == ' ') t[--n] = 0;
    return t;
}

static void assert_moves(const qp_rules *r, const void *s, const char *want)
{
    char *got = moves_line(r, s);
    if (strcmp(got, want)) fail_msg("%s moves:\n  got  %s\n  want %s", r->rs->name, got, want);
    free(got);
}

static void assert_refused(const qp_rules *r, const void *s, const char *text, const char *why)
{
    qp_move m;
    char err[QP_ERR] = "";
    if (!r->rs->move_parse(r, s, text, &m, err, sizeof err)) fail_msg("%s accepted", text);
    if (strcmp(err, why)) fail_msg("%s: got '%s', want '%s'", text, err, why);
}

/* ---- board.links and board.lines: errors with FILE:LINE ---------------- */

static void expect_load_error(const char *board_extra, const char *rules_extra, const char *want)
{
    char text[2048];
    snprintf(text, sizeof text,
             "return {\n"
             "  name = \"t_links\",\n"
             "  board = { width = 3, height = 3, kind = \"points\",\n"
             "    shape = { \"x.x\", \"xxx\", \"xxx\" },\n"
             "%s"
             "  },\n"
             "  sides = { \"white\", \"black\" },\n"
             "  pieces = { X = \"\", o = \"\" },\n"
             "  rules = { place = \"empty\",%s },\n"
             "}\n",
             board_extra, rules_extra);
    const char *path = tu_tmpfile(text, ".lua");
    char err[QP_ERR] = "", full[QP_ERR + 256];
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
    if (rs) {
        /* errors of the rules appear when the rules are made */
        qp_params p;
        char e2[QP_ERR] = "";
        if (qp_params_init(&p, rs->params, e2, sizeof e2)) fail_msg("%s", e2);
        qp_rules *r = qp_rules_create(rs, &p, err, sizeof err);
        if (r) fail_msg("loaded: %s", board_extra);
        qp_lua_ruleset_free(rs);
    }
    snprintf(full, sizeof full, "%s:%s", path, want);
    if (strcmp(err, full)) fail_msg("got  '%s'\nwant '%s'", err, full);
}

static void test_link_errors(void **st)
{
    (void)st;
    expect_load_error("    links = { { \"a1\", \"c1\" }, { \"a1\", \"z9\" } },\n", "",
                      "5: 'board.links': 'z9' is not a square of the board");
    expect_load_error("    links = { { \"a1\", \"c1\" }, { \"a1\", \"b3\" } },\n", "",
                      "5: 'board.links' item 2: b3 is not a point of the board (a hole of board.shape)");
    expect_load_error("    links = { { \"a1\", \"c1\" }, { \"b1\", \"a1\", \"b1\" } },\n", "",
                      "5: 'board.links' item 2: a1 has two links going east (to c1 and to b1)");
    expect_load_error("    links = { { \"a1\", \"c1\" }, { \"b2\", \"b2\" } },\n", "",
                      "5: 'board.links' item 2: b2 is linked to itself");
    expect_load_error("    links = { { \"a1\" } },\n", "",
                      "5: 'board.links' item 1 must list two or more points {a, b, ...}");
    expect_load_error("    diagonals = { { \"a1\", \"c3\" } },\n", "",
                      "5: 'board.diagonals' item 1: a1 and c3 are not diagonal neighbours");
    expect_load_error("    diagonals = \"all\", links = { { \"a1\", \"c1\" } },\n", "",
                      "5: 'board.diagonals': a board with 'links' has those links only");
    expect_load_error("    lines = { { \"a1\", \"a2\", \"b3\" } },\n", "",
                      "5: 'board.lines' item 1: b3 is not a point of the board (a hole of board.shape)");
    expect_load_error("    lines = { { \"a1\", \"a2\", \"a1\" } },\n", "",
                      "5: 'board.lines' item 1 names a point twice");
    /* a1–c1 is the only line: no line of three for a mill */
    expect_load_error("    links = { { \"a1\", \"c1\" } },\n", " mill = 3",
                      "9: rules.mill: the board has no line of 3 points");
    expect_load_error("", " fly = \"yes\"", "8: rules.fly must be an integer, got string");
    expect_load_error("", " move = \"step\", capture = { \"surround\", pattern = \"XoX\" }",
                      "8: rules.capture: \"surround\" takes no options");
}

/* A board of links only: steps follow them, in their directions. */
static void test_links_walk(void **st)
{
    (void)st;
    qp_rules *r = rules("morris9", NULL);
    const qp_geom *g = &r->geom;
    /* a1's links: east to d1, north to a4; nothing else */
    assert_int_equal(g->nb[0][QP_E], 3);
    assert_int_equal(g->nb[0][QP_N], 21);
    assert_int_equal(g->nb[0][QP_NE], -1);
    assert_int_equal(g->nb[3][QP_W], 0);
    /* d4 is a hole: c4 and e4 are not linked */
    assert_int_equal(g->nb[qp_sq(g, 2, 3)][QP_E], -1);
    qp_rules_free(r);
}

/* ---- morris9 ---------------------------------------------------------------- */

/* The twin keeps the hands as vars: "BOARD[XXoo] w 4" → "BOARD w 2 2 4". */
static const char *twin_fen(const char *fen)
{
    static char buf[256];
    const char *lb = strchr(fen, '['), *rb = strchr(fen, ']');
    int x = 0, o = 0;
    for (const char *p = lb + 1; p < rb; p++) x += *p == 'X', o += *p == 'o';
    char side;
    int ply;
    if (sscanf(rb + 1, " %c %d", &side, &ply) != 2) fail_msg("%s", fen);
    snprintf(buf, sizeof buf, "%.*s %c %d %d %d", (int)(lb - fen), fen, side, x, o, ply);
    return buf;
}

static void test_morris9_perft(void **st)
{
    (void)st;
    static const uint64_t start[4] = {24, 552, 12144, 255024};
    qp_rules *r = rules("morris9", NULL), *h = rules("hk_morris9", NULL);
    void *s = bt_pos_at(r, NULL), *hs = bt_pos_at(h, NULL);
    for (int d = 1; d <= 4; d++) assert_int_equal(tu_perft(r, s, d), start[d - 1]);
    assert_int_equal(tu_perft(h, hs, 3), start[2]);
    /* positions with mills to make, men in mills, flying, few men */
    static const char *const fens[] = {
        "o2o2o/7/7/7/7/7/X5X[XXXXXXXoooooo] w 4",
        "o2o2o/1o5/7/7/7/7/X5X[XXXXXXXooooo] w 5",
        "o2o2o/1o3o1/2X1X2/X1X1X1X/2o1o2/1X3X1/o2X3[] w 30",
        "o2o3/1o3o1/7/7/7/3X3/X5X[] w 40",
        "o2o3/1o3o1/7/7/7/3X3/X5X[] b 40",
        "X2o2X/1o1o1o1/2X1X2/XXo1o2/2o1o2/1X5/o2X3[] b 50",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        free(s);
        free(hs);
        s = bt_pos_at(r, fens[i]);
        hs = bt_pos_at(h, twin_fen(fens[i]));
        char *a = moves_line(r, s), *b = moves_line(h, hs);
        if (strcmp(a, b)) fail_msg("%s:\n  blocks %s\n  hooks  %s", fens[i], a, b);
        free(a);
        free(b);
        for (int d = 1; d <= 3; d++) {
            uint64_t x = tu_perft(r, s, d), y = tu_perft(h, hs, d);
            if (x != y) fail_msg("%s perft %d: blocks %llu, hooks %llu", fens[i], d, (unsigned long long)x,
                                 (unsigned long long)y);
        }
    }
    free(s);
    free(hs);
    qp_rules_free(r);
    qp_rules_free(h);
}

/* Random games in the blocks and the twin side by side: the same moves
 * (as texts) and the same verdict at every ply. */
static void test_morris9_twin_games(void **st)
{
    (void)st;
    qp_rules *r = rules("morris9", NULL), *h = rules("hk_morris9", NULL);
    void *s = qp_state_new(r), *hs = qp_state_new(h);
    uint64_t seed = 40;
    int ended = 0;
    for (int game = 0; game < 12; game++) {
        r->rs->setup(r, s);
        h->rs->setup(h, hs);
        for (int ply = 0; ply < 200; ply++) {
            char *a = moves_line(r, s), *b = moves_line(h, hs);
            if (strcmp(a, b)) fail_msg("game %d ply %d:\n  blocks %s\n  hooks  %s", game, ply, a, b);
            qp_outcome oa, ob;
            r->rs->outcome(r, s, &oa);
            h->rs->outcome(h, hs, &ob);
            if (oa.result != ob.result || (oa.result == QP_WIN && oa.winner != ob.winner))
                fail_msg("game %d ply %d: blocks %s, hooks %s", game, ply, oa.reason, ob.reason);
            bool played = bt_play_both(r, s, h, hs, a, &seed);
            free(a);
            free(b);
            if (!played) {
                ended++;
                break;
            }
        }
    }
    assert_true(ended > 0);   /* some games reach two men or a block */
    free(s);
    free(hs);
    qp_rules_free(r);
    qp_rules_free(h);
}

static void test_morris9_mills(void **st)
{
    (void)st;
    qp_rules *r = rules("morris9", NULL);
    /* every black man stands in the mill a7 d7 g7: any may go */
    void *s = bt_pos_at(r, "o2o2o/7/7/7/7/7/X5X[XXXXXXXoooooo] w 4");
    assert_moves(r, s, "a4 b2 b4 b6 c3 c4 c5 d1xa7 d1xd7 d1xg7 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6 g4");
    free(s);
    /* b6 stands outside: only it may go */
    s = bt_pos_at(r, "o2o2o/1o5/7/7/7/7/X5X[XXXXXXXooooo] w 5");
    char *got = moves_line(r, s);
    assert_non_null(strstr(got, " d1xb6 "));
    assert_null(strstr(got, "d1xa7"));
    free(got);
    assert_refused(r, s, "d1xa7", "a7 stands in a mill (take a man outside the mills)");
    assert_refused(r, s, "d1", "d1 makes a mill: name the man to remove (d1xb6)");
    assert_refused(r, s, "a4xb6", "a4 makes no mill: nothing to remove");
    assert_refused(r, s, "d1xg1", "g1: there is no enemy man to remove");
    assert_refused(r, s, "d1xd4", "'d4' is not a point of the board");
    assert_refused(r, s, "b6xa1", "b6 is occupied");
    bt_play(r, s, "d1xb6");
    char fen[256];
    r->rs->fen_print(r, s, fen, sizeof fen);
    assert_string_equal(fen, "o2o2o/7/7/7/7/7/X2X2X[XXXXXXooooo] b 6");
    free(s);
    /* moving into a mill, out and in again: each closing removes */
    s = bt_pos_at(r, "o2o3/1o3o1/7/7/7/3X3/X5X[] w 40");
    assert_refused(r, s, "d2d1", "d2d1 makes a mill: name the man to remove (d2d1xb6)");
    bt_play(r, s, "d2d1xb6 a7a4 d1d2 a4a7 d2d1xf6");
    char why[128];
    bt_status_text(r, s, why, sizeof why);
    assert_string_equal(why, "white wins: two men left");
    qp_rules_free(r);
    free(s);
}

static void test_morris9_flying(void **st)
{
    (void)st;
    qp_rules *r = rules("morris9", NULL);
    /* White has three men: each flies to any of the 17 empty points;
     * d2 to d1 closes a1 d1 g1 and may take any of the four black men. */
    void *s = bt_pos_at(r, "o2o3/1o3o1/7/7/7/3X3/X5X[] w 40");
    char *got = moves_line(r, s);
    size_t n = 1;
    for (char *p = got; *p; p++) n += *p == ' ';
    assert_int_equal(n, 3 * 17 - 1 + 4);
    assert_non_null(strstr(got, "a1e5"));
    assert_non_null(strstr(got, "d2d1xf6"));
    free(got);
    free(s);
    /* Black, with four, steps along the lines only */
    s = bt_pos_at(r, "o2o3/1o3o1/7/7/7/3X3/X5X[] b 40");
    assert_moves(r, s, "a7a4 b6b4 b6d6 d7d6xa1 d7d6xd2 d7d6xg1 d7g7 f6d6 f6f4");
    free(s);
    qp_rules_free(r);
}

static void test_morris9_endings(void **st)
{
    (void)st;
    qp_rules *r = rules("morris9", NULL);
    char why[128];
    void *s = bt_pos_at(r, "o2o3/7/7/7/7/3X3/X5X[] w 40");
    bt_status_text(r, s, why, sizeof why);
    assert_string_equal(why, "white wins: two men left");
    free(s);
    /* Black's four corner men are shut in: no move loses */
    s = bt_pos_at(r, "o2X2o/7/7/X5X/7/7/o2X2o[] b 60");
    bt_status_text(r, s, why, sizeof why);
    assert_string_equal(why, "white wins: no moves");
    free(s);
    /* with three men they fly out */
    s = bt_pos_at(r, "o2X2o/7/7/X5X/7/7/o2X3[] b 60");
    bt_status_text(r, s, why, sizeof why);
    assert_string_equal(why, "ongoing");
    free(s);
    qp_rules_free(r);
}

/* ---- morris3 fly ------------------------------------------------------------ */

static void test_morris3_fly(void **st)
{
    (void)st;
    static const char *const fly[] = {"fly=true", NULL};
    qp_rules *r = rules("morris3", NULL), *f = rules("morris3", fly);
    const char *fen = "Xoo/o1X/1X1[] w 6";
    void *s = bt_pos_at(r, fen), *fs = bt_pos_at(f, fen);
    assert_moves(r, s, "a3b2 b1a1 b1b2 b1c1 c2b2 c2c1");
    assert_moves(f, fs, "a3a1 a3b2 a3c1 b1a1 b1b2 b1c1 c2a1 c2b2 c2c1");
    free(s);
    free(fs);
    /* placing is the same; the counts without fly are unchanged */
    s = bt_pos_at(r, NULL);
    fs = bt_pos_at(f, NULL);
    assert_int_equal(tu_perft(r, s, 6), 54720);
    assert_int_equal(tu_perft(f, fs, 6), 54720);
    assert_int_equal(tu_perft(r, s, 7), 199296);
    assert_true(tu_perft(f, fs, 7) > 199296);
    free(s);
    free(fs);
    qp_rules_free(r);
    qp_rules_free(f);
}

/* ---- xigua ------------------------------------------------------------------ */

static void test_xigua(void **st)
{
    (void)st;
    qp_rules *r = rules("xigua", NULL);
    void *s = bt_pos_at(r, NULL);
    char fen[256], why[128];
    r->rs->fen_print(r, s, fen, sizeof fen);
    assert_string_equal(fen, "2ooo2/3o3/o5o/7/X5X/3X3/2XXX2 w 0");
    assert_moves(r, s, "a3a4 a3b4 d2d3 g3f4 g3g4");
    bt_play(r, s, "d2d3");
    assert_moves(r, s, "a5a4 a5b4 d6d5 g5f4 g5g4");
    assert_int_equal(tu_perft(r, s, 0 + 1), 5);
    free(s);
    s = bt_pos_at(r, NULL);
    static const uint64_t counts[5] = {5, 21, 147, 1028, 8369};
    for (int d = 1; d <= 5; d++) assert_int_equal(tu_perft(r, s, d), counts[d - 1]);
    free(s);
    /* one piece shut in by three */
    s = bt_pos_at(r, "2XoX2/7/3X3/7/o5o/7/3o3 w 0");
    bt_play(r, s, "d5d6");
    r->rs->fen_print(r, s, fen, sizeof fen);
    assert_string_equal(fen, "2X1X2/3X3/7/7/o5o/7/3o3 b 1");
    free(s);
    /* a group of two shut in goes whole, and two left loses */
    s = bt_pos_at(r, "2ooX2/7/X2X3/7/o5o/7/7 w 0");
    bt_play(r, s, "d5d6");
    r->rs->fen_print(r, s, fen, sizeof fen);
    assert_string_equal(fen, "4X2/3X3/X6/7/o5o/7/7 b 1");
    bt_status_text(r, s, why, sizeof why);
    assert_string_equal(why, "white wins: two pieces left");
    free(s);
    /* a piece may step where it has no empty neighbour, and stays */
    s = bt_pos_at(r, "2X1X2/3X3/7/7/o5o/7/3o3 b 1");
    free(s);
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_link_errors),
        cmocka_unit_test(test_links_walk),
        cmocka_unit_test(test_morris9_perft),
        cmocka_unit_test(test_morris9_twin_games),
        cmocka_unit_test(test_morris9_mills),
        cmocka_unit_test(test_morris9_flying),
        cmocka_unit_test(test_morris9_endings),
        cmocka_unit_test(test_morris3_fly),
        cmocka_unit_test(test_xigua),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry_games, tu_teardown_registry);
}
