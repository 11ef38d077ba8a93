/*
 * test_lua_games.c — the Lua ruleset adapter and the games of
 * scripts/games/: perft counts, outcomes with their reasons, move text,
 * FEN round trips, hash consistency, and what happens when a game file is
 * broken.
 *
 * Perft counts were checked against independent brute-force counters
 * (tic-tac-toe, Three Men's Morris, Bagh-Chal, peg solitaire) or are the
 * published Othello figures.
 */
#include "testutil.h"
#include "lua_ruleset.h"
#include "blocktest.h"
#include "luatest.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct perft_case {
    const char *game;
    const char *params[3];
    const char *fen;
    int depth;
    uint64_t count;
} perft_case;

static const perft_case perfts[] = {
    {"tictactoe", {NULL}, NULL, 1, 9},
    {"tictactoe", {NULL}, NULL, 2, 72},
    {"tictactoe", {NULL}, NULL, 3, 504},
    {"tictactoe", {NULL}, NULL, 4, 3024},
    {"tictactoe", {NULL}, NULL, 5, 15120},
    /* From depth 6 on, games won early are no leaves (positions after
     * exactly DEPTH plies); 1440 games end at ply 5, 5328 at ply 6, 47952
     * at ply 7 and 72576 at ply 8, which perft --finished counts too
     * (test_blocks). */
    {"tictactoe", {NULL}, NULL, 6, 54720},
    {"tictactoe", {NULL}, NULL, 7, 148176},
    {"tictactoe", {NULL}, NULL, 8, 200448},
    {"tictactoe", {NULL}, NULL, 9, 127872},
    {"reversi", {NULL}, NULL, 1, 4},
    {"reversi", {NULL}, NULL, 2, 12},
    {"reversi", {NULL}, NULL, 3, 56},
    {"reversi", {NULL}, NULL, 4, 244},
    {"reversi", {NULL}, NULL, 5, 1396},
    {"reversi", {NULL}, NULL, 6, 8200},
    {"gomoku", {NULL}, NULL, 1, 225},
    {"gomoku", {NULL}, NULL, 2, 225 * 224},
    {"gomoku", {"size=5", NULL}, NULL, 3, 25 * 24 * 23},
    /* size 5: X completes the first rank with e1 and the game is over;
     * each of X's 16 other moves leaves White 16 */
    {"gomoku", {"size=5", NULL}, "5/5/5/oooo1/XXXX1 w 8", 2, 16 * 16},
    {"morris3", {NULL}, NULL, 6, 54720},
    {"morris3", {NULL}, NULL, 7, 199296},
    {"morris3", {"diagonals=false", NULL}, NULL, 6, 56160},
    {"morris3", {"diagonals=false", NULL}, NULL, 7, 158112},
    {"baghchal", {NULL}, NULL, 1, 21},
    {"baghchal", {NULL}, NULL, 2, 252},
    {"baghchal", {NULL}, NULL, 3, 5052},
    {"baghchal", {NULL}, NULL, 4, 68204},
    {"pegsolitaire", {NULL}, NULL, 1, 4},
    {"pegsolitaire", {NULL}, NULL, 2, 12},
    {"pegsolitaire", {NULL}, NULL, 3, 60},
    {"pegsolitaire", {NULL}, NULL, 4, 400},
    {"pegsolitaire", {NULL}, NULL, 5, 2960},
};

static void test_perft(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof perfts / sizeof perfts[0]; i++) {
        const perft_case *c = &perfts[i];
        qp_rules *r = tu_rules_with(&tu_reg, c->game, c->params);
        void *s = bt_pos_at(r, c->fen);
        uint64_t n = tu_perft(r, s, c->depth);
        if (n != c->count)
            fail_msg("%s perft %d: %llu, expected %llu", c->game, c->depth, (unsigned long long)n,
                     (unsigned long long)c->count);
        assert_string_equal(qp_lua_rules_error(r), "");
        free(s);
        qp_rules_free(r);
    }
}

/* Finished games of tic-tac-toe: every line of play ends in a position
 * without moves, 255168 of them. */
static uint64_t count_games(const qp_rules *r, const void *s, int *wins, int *draws)
{
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    if (n == 0) {
        qp_outcome o;
        r->rs->outcome(r, s, &o);
        if (o.result == QP_WIN) wins[o.winner]++;
        else if (o.result == QP_DRAW) (*draws)++;
        else fail_msg("no moves, yet ongoing");
        return 1;
    }
    uint64_t total = 0;
    void *c = malloc(r->state_size);
    for (int i = 0; i < n; i++) {
        memcpy(c, s, r->state_size);
        r->rs->make(r, c, mv[i], NULL);
        total += count_games(r, c, wins, draws);
    }
    free(c);
    return total;
}

static void test_tictactoe_games(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    void *s = bt_pos_at(r, NULL);
    int wins[2] = {0, 0}, draws = 0;
    assert_int_equal(count_games(r, s, wins, &draws), 255168);
    assert_int_equal(wins[0], 131184);
    assert_int_equal(wins[1], 77904);
    assert_int_equal(draws, 46080);
    free(s);
    qp_rules_free(r);
}

typedef struct outcome_case {
    const char *game;
    const char *params[3];
    const char *fen;
    const char *status;   /* "ongoing", "SIDE wins: REASON", "draw: REASON" */
} outcome_case;

static const outcome_case outcomes[] = {
    {"tictactoe", {NULL}, "3/3/3 w 0", "ongoing"},
    {"tictactoe", {NULL}, "XXX/oo1/3 b 5", "x wins: three in a row"},
    {"tictactoe", {NULL}, "o2/Xo1/XXo w 6", "o wins: three in a row"},
    {"tictactoe", {NULL}, "XoX/Xoo/oXX b 9", "draw: board full"},
    {"gomoku", {"size=9", NULL}, "9/9/9/9/XXXXX4/9/9/oooo5/9 b", "black wins: five in a row"},
    {"gomoku", {"size=9", NULL}, "9/9/9/9/XXXXXX3/9/9/oooo5/9 w", "black wins: five in a row"},
    /* exact five: the overline does not count, White's five does */
    {"gomoku", {"size=9", "exact_five=true", NULL}, "9/9/9/9/XXXXXX3/9/9/ooooo4/9 w", "white wins: five in a row"},
    {"gomoku", {"size=9", "exact_five=true", NULL}, "9/9/9/9/XXXXXX3/9/9/oooo5/9 w", "ongoing"},
    {"reversi", {NULL}, NULL, "ongoing"},
    {"reversi", {NULL}, "8/8/8/3X4/8/8/8/8 w 0", "black wins: more discs"},
    {"reversi", {NULL}, "8/8/8/3Xo3/8/8/8/8 w 0", "ongoing"},
    {"reversi", {NULL}, "8/8/8/3X4/3o4/8/8/8 w 0", "ongoing"},
    {"reversi", {NULL}, "8/8/8/8/8/8/8/oooooooo b 0", "white wins: more discs"},
    {"morris3", {NULL}, "XXX/oo1/o2 w 6", "white wins: three in a row"},
    {"morris3", {NULL}, "o1X/1oX/X1o b 6", "black wins: three in a row"},
    {"morris3", {NULL}, "2o/1oX/oXX w 6", "black wins: three in a row"},
    /* without diagonals a1-b2-c3 is no line, and White is walled in */
    {"morris3", {"diagonals=false", NULL}, "2o/1oX/oXX w 6", "black wins: no moves"},
    {"baghchal", {NULL}, NULL, "ongoing"},
    {"baghchal", {NULL}, "5/5/G1G2/GG3/tGG2[GGGGGGGGGGGGGG] b 11", "goats wins: tigers trapped"},
    {"baghchal", {NULL}, "5/5/G1G2/GG3/tGG2[GGGGGGGGGGGGGG] w 11", "ongoing"},
    {"baghchal", {NULL}, "t4/5/5/5/5[GGGGGGGGGGGGGGG] w 10", "tigers wins: goats captured"},
    {"baghchal", {"captures=6", NULL}, "t4/5/5/5/5[GGGGGGGGGGGGGGG] w 10", "ongoing"},
    /* goats walled in, none in hand */
    {"baghchal", {NULL}, "GGGGt/GGGGG/GGGGG/ttGGG/1tGGG[] w 30", "tigers wins: goats trapped"},
    {"pegsolitaire", {NULL}, NULL, "ongoing"},
    {"pegsolitaire", {NULL}, "7/7/7/3P3/7/7/7 w", "solved: one peg left, in the centre"},
    {"pegsolitaire", {NULL}, "7/7/7/2P4/7/7/7 w", "failed: one peg left, not in the centre"},
    {"pegsolitaire", {NULL}, "7/7/7/2P1P2/7/7/7 w", "failed: 2 pegs left"},
    {"pegsolitaire", {"goal=one", NULL}, "7/7/7/2P4/7/7/7 w", "solved: one peg left"},
};

static void test_outcomes(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof outcomes / sizeof outcomes[0]; i++) {
        const outcome_case *c = &outcomes[i];
        qp_rules *r = tu_rules_with(&tu_reg, c->game, c->params);
        void *s = bt_pos_at(r, c->fen);
        char got[128];
        bt_status_text(r, s, got, sizeof got);
        if (strcmp(got, c->status)) fail_msg("%s %s: '%s', expected '%s'", c->game, c->fen, got, c->status);
        /* a decided position has no moves */
        qp_move mv[QP_MAX_MOVES];
        if (strcmp(c->status, "ongoing")) assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 0);
        assert_string_equal(qp_lua_rules_error(r), "");
        free(s);
        qp_rules_free(r);
    }
}

static void play(qp_game *g, const char *moves)
{
    char buf[256], err[QP_ERR];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        if (qp_game_play_text(g, t, err, sizeof err)) fail_msg("%s: %s", t, err);
}

static void expect_parse_error(const qp_rules *r, const void *s, const char *text, const char *want)
{
    qp_move m;
    char err[QP_ERR] = "";
    assert_int_equal(r->rs->move_parse(r, s, text, &m, err, sizeof err), -1);
    assert_string_equal(err, want);
}

static void test_move_text(void **st)
{
    (void)st;
    char err[QP_ERR], fen[128];
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    char *moves = tu_moves_text(r, g.cur);
    assert_string_equal(moves, "a1 a2 a3 b1 b2 b3 c1 c2 c3");
    free(moves);
    play(&g, "b2 a1 c3");
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "2X/1X1/o2 b 3");
    expect_parse_error(r, g.cur, "b2", "b2 is occupied");
    expect_parse_error(r, g.cur, "b4", "bad move text 'b4'");
    expect_parse_error(r, g.cur, "hello", "bad move text 'hello'");
    expect_parse_error(r, g.cur, "", "bad move text ''");
    char t[QP_MOVE_TEXT];
    qp_game_move_text(&g, 1, t, sizeof t);
    assert_string_equal(t, "a1");
    int sq[4];
    assert_int_equal(r->rs->move_squares(r, g.start, g.rec[0], sq, 4), 1);
    assert_int_equal(sq[0], 4);
    qp_game_free(&g);
    qp_rules_free(r);

    /* reversi: "pass" is a move only when nothing else is */
    r = tu_rules(&tu_reg, "reversi");
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    expect_parse_error(r, g.cur, "pass", "pass: only a side without a move may pass");
    expect_parse_error(r, g.cur, "a1", "a1 must flip at least one disc");
    expect_parse_error(r, g.cur, "d4", "d4 is occupied");
    play(&g, "d3 c3 c4");
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "8/8/8/3Xo3/2XXX3/2oX4/8/8 b 3");
    qp_game_free(&g);
    assert_int_equal(qp_game_init(&g, r, "8/8/8/8/8/8/8/Xo6 b 0", err, sizeof err), 0);
    moves = tu_moves_text(r, g.cur);
    assert_string_equal(moves, "pass");
    free(moves);
    play(&g, "pass");
    moves = tu_moves_text(r, g.cur);
    assert_string_equal(moves, "c1");
    free(moves);
    play(&g, "c1");
    qp_outcome o;
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 0);
    qp_game_free(&g);
    qp_rules_free(r);

    /* morris: placements, then from-to moves; a move is not a placement */
    r = tu_rules(&tu_reg, "morris3");
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play(&g, "b2 a1 a3 c1 b1 b3");
    expect_parse_error(r, g.cur, "c2", "c2: no pieces left to place; move one from-to");
    expect_parse_error(r, g.cur, "a1a2", "a1 is not your piece");
    expect_parse_error(r, g.cur, "c2c3", "c2 is empty");
    expect_parse_error(r, g.cur, "b2a1", "a1 is occupied");
    expect_parse_error(r, g.cur, "a3b1", "b1 is occupied");
    expect_parse_error(r, g.cur, "b3a1", "b3 is not your piece");
    moves = tu_moves_text(r, g.cur);
    assert_string_equal(moves, "a3a2 b2a2 b2c2 b2c3");
    free(moves);
    play(&g, "b2c3");
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "XoX/3/oXo[] b 7");
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_baghchal_capture(void **st)
{
    (void)st;
    char err[QP_ERR], fen[128];
    qp_rules *r = tu_rules(&tu_reg, "baghchal");
    qp_game g;
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play(&g, "b2");
    qp_move m;
    assert_int_equal(r->rs->move_parse(r, g.cur, "a1c3", &m, err, sizeof err), 0);
    assert_true(r->rs->move_flags(r, g.cur, m) & QP_MF_CAPTURE);
    assert_true(r->rs->move_flags(r, g.cur, m) & QP_MF_IRREVERSIBLE);
    assert_int_equal(r->rs->move_parse(r, g.cur, "a1a2", &m, err, sizeof err), 0);
    assert_int_equal(r->rs->move_flags(r, g.cur, m), 0);
    /* the jump is the only noisy move */
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(r->rs->gen(r, g.cur, mv, QP_GEN_NOISY), 1);
    char t[QP_MOVE_TEXT];
    r->rs->move_text(r, g.cur, mv[0], t, sizeof t);
    assert_string_equal(t, "a1c3");
    play(&g, "a1c3");
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "t3t/5/2t2/5/4t[GGGGGGGGGGGGGGGGGGG] w 2");
    /* every goat placed and captured: the tigers have won */
    qp_game_free(&g);
    assert_int_equal(qp_game_init(&g, r, "t3t/5/2t2/5/4t[] w 40", err, sizeof err), 0);
    assert_int_equal(r->rs->gen(r, g.cur, mv, QP_GEN_ALL), 0);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Random playouts: the hash kept up to date by make equals the hash of the
 * same position read back from its FEN, and the FEN round-trips. */
static void test_fen_and_hash(void **st)
{
    (void)st;
    static const char *const games[] = {"tictactoe", "gomoku", "reversi", "morris3", "baghchal", "pegsolitaire"};
    uint64_t seed = 12345;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const char *kv[] = {"size=7", NULL};
        qp_rules *r = tu_rules_with(&tu_reg, games[gi], strcmp(games[gi], "gomoku") ? NULL : kv);
        bt_check_fen_round_trips(r, games[gi], 8, 60, &seed);
        assert_string_equal(qp_lua_rules_error(r), "");
        qp_rules_free(r);
    }
    /* the side to move is part of the hash; the ply is not */
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    void *a = bt_pos_at(r, "3/1X1/3 w 1"), *b = bt_pos_at(r, "3/1X1/3 b 1"), *c = bt_pos_at(r, "3/1X1/3 w 7");
    assert_true(r->rs->hash(r, a) != r->rs->hash(r, b));
    assert_true(r->rs->hash(r, a) == r->rs->hash(r, c));
    free(a);
    free(b);
    free(c);
    qp_rules_free(r);
}

static void expect_fen_error(const char *game, const char *fen, const char *want)
{
    qp_rules *r = tu_rules(&tu_reg, game);
    void *s = qp_state_new(r);
    char err[QP_ERR] = "";
    assert_int_equal(r->rs->fen_parse(r, s, fen, err, sizeof err), -1);
    assert_string_equal(err, want);
    free(s);
    qp_rules_free(r);
}

static void test_fen_errors(void **st)
{
    (void)st;
    expect_fen_error("tictactoe", "3/3 w", "FEN board: expected 3 ranks of 3 squares");
    expect_fen_error("tictactoe", "3/4/3 w", "FEN board: rank 2 has more than 3 squares");
    expect_fen_error("tictactoe", "3/2/3 w", "FEN board: rank 2 has 2 squares, expected 3");
    expect_fen_error("tictactoe", "3/3/Z2 w", "FEN board: unknown piece 'Z'");
    expect_fen_error("tictactoe", "3/3/3 x", "FEN side: expected 'w' or 'b', got 'x'");
    expect_fen_error("tictactoe", "3/3/3 w 0 1", "FEN: 3 fields after the board, expected at most 2 (side, 0 vars, ply)");
    expect_fen_error("tictactoe", "3/3/3 w -1", "FEN ply: expected a count, got '-1'");
    expect_fen_error("baghchal", "5/5/5/5/GGGGG w two", "FEN ply: expected a count, got 'two'");
    expect_fen_error("baghchal", "5/5/5/5/GGGGG[GGGGGGGGGGGGGGGG] w 2", "FEN: 21 'G' on the board and in hand, more than the 20 the game has");
    expect_fen_error("baghchal", "5/5/5/5/GGGGG[Gt] w 2", "FEN hands: 't' cannot be in hand");
    expect_fen_error("baghchal", "5/5/5/5/GGGGG[GG w 2", "FEN hands: missing ']'");
    expect_fen_error("tictactoe", "3/3/3[X] w 2", "FEN hands: this game has no pieces in hand");
    expect_fen_error("pegsolitaire", "P6/7/7/7/7/7/7 w", "FEN board: a7 is not on the board");
    expect_fen_error("pegsolitaire", "7/7/7/7/7/7/7 b", "FEN side: expected 'w', got 'b'");
}

/* Two threads share one instance; the mutex keeps the Lua state sane. */
static void *perft_thread(void *arg)
{
    const qp_rules *r = arg;
    void *s = bt_pos_at(r, NULL);
    uint64_t *n = malloc(sizeof *n);
    *n = tu_perft(r, s, 6);
    free(s);
    return n;
}

static void test_threads(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    pthread_t th[2];
    for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, perft_thread, r);
    for (int i = 0; i < 2; i++) {
        void *n;
        pthread_join(th[i], &n);
        assert_int_equal(*(uint64_t *)n, 54720);   /* positions after 6 plies */
        free(n);
    }
    qp_rules_free(r);
}

/* ---- broken game files -------------------------------------------------- */

static void test_load_errors(void **st)
{
    (void)st;
    char body[1024];
    assert_string_equal(lt_load_error(lt_ok_hooks), "");
    assert_string_equal(lt_load_error("  moves = function(pos) end,\n"), "F: a game needs 'moves' and 'play' functions, or 'rules'");
    assert_string_equal(lt_load_error("  moves = 5,\n"), "F:6: 'moves' must be a function, got number");
    snprintf(body, sizeof body, "%s  params = { { key = 'size', type = 'int', default = 3 } },\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: param 'size' needs a doc string");
    snprintf(body, sizeof body, "%s  params = { { key = 'size', type = 'float', default = 3, doc = 'x' } },\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: param 'size': type must be \"int\", \"bool\", \"string\", \"list\" or \"map\"");
    snprintf(body, sizeof body, "%s  params = { { key = 'size', type = 'int', default = 30, max = 19, doc = 'x' } },\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: param 'size': default 30 is outside -2147483648..19");
    snprintf(body, sizeof body, "%s  setup = function(pos) pos:set(7, 'A') end,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: square 7 is not on the board");
    snprintf(body, sizeof body, "%s  setup = function(pos) pos:set(0, 'Q') end,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: unknown piece 'Q'");
    snprintf(body, sizeof body, "%s  setup = function(pos) os.exit(1) end,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: attempt to index a nil value (global 'os')");
    assert_string_equal(lt_load_error("  x = = 1,\n"), "F:6: unexpected symbol near '='");
    assert_string_equal(lt_load_error("  x = (function() while true do end end)(),\n"), "F:6: game took too long");
    /* the board check happens at load, with the line of the board */
    char *src = lt_game_src(lt_ok_hooks);
    char *at = strstr(src, "width = 3");
    memcpy(at, "wodth = 3", 9);
    const char *path = tu_tmpfile(src, ".lua");
    char err[QP_ERR], want[256];
    assert_null(qp_lua_ruleset_load(path, err, sizeof err));
    snprintf(want, sizeof want, "%s:3: 'board' needs width and height (1..19)", path);
    assert_string_equal(err, want);
    unlink(path);
    free(src);
    assert_null(qp_lua_ruleset_load("/nonexistent/game.lua", err, sizeof err));
    assert_string_equal(err, "/nonexistent/game.lua: No such file or directory");
}

static int quiet_stderr(void)
{
    fflush(stderr);
    int fd = dup(2), nul = open("/dev/null", O_WRONLY);
    dup2(nul, 2);
    close(nul);
    return fd;
}

static void restore_stderr(int fd)
{
    fflush(stderr);
    dup2(fd, 2);
    close(fd);
}

/* A hook that fails mid-game is reported once and acts as "no moves" or
 * "no change"; the position is never half-played. */
static void test_hook_errors(void **st)
{
    (void)st;
    char body[1024];
    snprintf(body, sizeof body,
             "  moves = function(pos)\n"                                    /* 6 */
             "    if pos:ply() == 2 then error('boom') end\n"               /* 7 */
             "    if pos:ply() == 3 then while true do end end\n"           /* 8 */
             "    pos:add_empty()\n"                                        /* 9 */
             "  end,\n"                                                     /* 10 */
             "  play = function(pos, m)\n"                                  /* 11 */
             "    pos:set(qp.to(m), 'A')\n"                                 /* 12 */
             "    if qp.to(m) == 2 then pos:set(0, nil); pos:undefined() end\n" /* 13 */
             "  end,\n"                                                     /* 14 */
             "  outcome = function(pos) pos:set(0, 'A') end,\n");           /* 15 */
    char *src = lt_game_src(body);
    const char *path = tu_tmpfile(src, ".lua");
    free(src);
    char err[QP_ERR], want[QP_ERR];
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
    if (!rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    assert_non_null(r);
    void *s = bt_pos_at(r, NULL), *before = qp_state_new(r);
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 3);
    /* play fails after changing the board: the state is restored */
    int fd = quiet_stderr();   /* the report goes to stderr once */
    memcpy(before, s, r->state_size);
    r->rs->make(r, s, mv[2], NULL);
    assert_memory_equal(before, s, r->state_size);
    snprintf(want, sizeof want, "%s:13: attempt to call a nil value (method 'undefined')", path);
    assert_string_equal(qp_lua_rules_error(r), want);
    /* later errors keep the first report */
    r->rs->make(r, s, mv[0], NULL);
    r->rs->make(r, s, mv[1], NULL);
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 0);
    assert_string_equal(qp_lua_rules_error(r), want);
    /* outcome may not write */
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    assert_int_equal(o.result, QP_ONGOING);
    restore_stderr(fd);
    free(s);
    free(before);
    qp_rules_free(r);

    /* a runaway hook is stopped */
    r = qp_rules_create(rs, NULL, err, sizeof err);
    s = bt_pos_at(r, "3 w 3");
    fd = quiet_stderr();
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 0);
    restore_stderr(fd);
    snprintf(want, sizeof want, "%s:8: game took too long", path);
    assert_string_equal(qp_lua_rules_error(r), want);
    /* and not called again, even where it would work: each runaway call
     * costs up to seconds, and a search makes thousands (found by
     * tests/fuzz/fuzz_cli.py: analyze --depth 1 did not end in minutes) */
    void *s0 = bt_pos_at(r, "3 w 0");
    assert_int_equal(r->rs->gen(r, s0, mv, QP_GEN_ALL), 0);
    free(s0);
    free(s);
    qp_rules_free(r);
    r = qp_rules_create(rs, NULL, err, sizeof err);   /* a new instance calls it */
    s = bt_pos_at(r, "3 w 0");
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 3);
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
    unlink(path);
}

/* The qipan command runs Lua games like any other. */
static void test_cli(void **st)
{
    (void)st;
    char *out;
    assert_int_equal(tu_run("perft tictactoe 9 --finished", NULL, &out, NULL), 0);
    size_t n = strlen(out);
    while (n && out[n - 1] == '\n') out[--n] = 0;
    const char *last = strrchr(out, '\n');
    assert_string_equal(last ? last + 1 : out, "255168");
    free(out);
    tu_expect_out("moves reversi --fen '8/8/8/8/8/8/8/Xo6 b 0'", 0, "pass\n");
    assert_int_equal(tu_run("status pegsolitaire --fen '7/7/7/3P3/7/7/7 w'", NULL, &out, NULL), 0);
    assert_non_null(strstr(out, "solved: one peg left, in the centre"));
    free(out);
    char *err;
    assert_int_not_equal(tu_run("moves tictactoe --fen '3/3/3 q'", NULL, NULL, &err), 0);
    assert_non_null(strstr(err, "FEN side: expected 'w' or 'b', got 'q'"));
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft),       cmocka_unit_test(test_tictactoe_games),
        cmocka_unit_test(test_outcomes),    cmocka_unit_test(test_move_text),
        cmocka_unit_test(test_baghchal_capture), cmocka_unit_test(test_fen_and_hash),
        cmocka_unit_test(test_fen_errors),  cmocka_unit_test(test_threads),
        cmocka_unit_test(test_load_errors), cmocka_unit_test(test_hook_errors),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
