/*
 * test_game_pieces.c — the piece vocabulary of rule blocks
 * (framework/blocks/blk_piece.c, read by framework/lua/lua_pieces.c) and
 * the two games declared with it, scripts/games/breakthrough.lua and
 * jungle.lua: perft counts established twice (the block game and its twin
 * written as Lua hooks, tests/data/games_pieces/hk_*.lua, agree), exact
 * move sets from constructed positions (ranks, traps, water, the lion's
 * jump, dens), the goals (the far rank, every piece captured, the den),
 * the reasons moves are refused, and bad movement specs refused with
 * FILE:LINE (tests/data/games_pieces_bad/, line 1 of each names its error).
 */
#include "testutil.h"
#include "blocktest.h"
#include "lua_ruleset.h"
#include "perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static qp_registry reg;

static int setup_reg(void **st)
{
    (void)st;
    char err[QP_ERR] = "";
    tu_registry(&reg);
    int n = qp_registry_load_game_dir(&reg, QP_TESTDATA_DIR "/games_pieces", err, sizeof err);
    if (err[0]) fail_msg("test games: %s", err);
    if (n != 3) fail_msg("test games: %d loaded, expected 3", n);
    return 0;
}

static int teardown_reg(void **st)
{
    (void)st;
    qp_registry_free(&reg);
    return 0;
}

static qp_rules *rules(const char *game)
{
    return tu_rules(&reg, game);
}

/* The sorted legal moves of fen, space-separated, equal want. */
static void moves_are(const qp_rules *r, const char *fen, const char *want)
{
    void *s = bt_pos_at(r, fen);
    char *got = tu_moves_text(r, s);
    for (char *p = got; *p; p++)
        if (*p == '\n') *p = ' ';
    if (strcmp(got, want)) fail_msg("%s %s: moves '%s', expected '%s'", r->rs->name, fen, got, want);
    free(got);
    free(s);
}

/* Parsing text in fen is refused with why. */
static void refused(const qp_rules *r, const char *fen, const char *text, const char *why)
{
    void *s = bt_pos_at(r, fen);
    qp_move m;
    char err[QP_ERR] = "";
    if (!r->rs->move_parse(r, s, text, &m, err, sizeof err)) fail_msg("%s %s: %s accepted", r->rs->name, fen, text);
    if (strcmp(err, why)) fail_msg("%s %s: %s refused with '%s', expected '%s'", r->rs->name, fen, text, err, why);
    free(s);
}

/* ---- perft, twice ------------------------------------------------------------ */

static void perft_twins(const char *game, const char *twin, const uint64_t *counts, int depth, int twin_depth)
{
    qp_rules *r = rules(game), *h = rules(twin);
    void *s = bt_pos_at(r, NULL), *t = bt_pos_at(h, NULL);
    for (int d = 1; d <= depth; d++) {
        assert_int_equal(tu_perft(r, s, d), counts[d - 1]);
        if (d <= twin_depth) assert_int_equal(tu_perft(h, t, d), counts[d - 1]);
    }
    free(s);
    free(t);
    qp_rules_free(r);
    qp_rules_free(h);
}

static void test_breakthrough_perft(void **st)
{
    (void)st;
    /* deeper, both agree too: 6182818 at 5, 149264638 at 6 */
    static const uint64_t counts[] = {22, 484, 11132, 256036};
    perft_twins("breakthrough", "hk_breakthrough", counts, 4, 3);
}

static void test_jungle_perft(void **st)
{
    (void)st;
    static const uint64_t counts[] = {24, 576, 12240, 260099};
    perft_twins("jungle", "hk_jungle", counts, 4, 3);
}

/* ---- each movement ------------------------------------------------------------------ */

static void test_movements(void **st)
{
    (void)st;
    qp_rules *r = rules("t_pieces");
    /* a leap goes over anything; from a corner two of its eight offsets stay on the board */
    moves_are(r, "4p/5/5/pp3/N4 w 0", "a1b3 a1c2");
    /* a slide with a range */
    moves_are(r, "4p/5/5/5/S4 w 0", "a1a2 a1a3 a1b1 a1c1");
    /* a slide stops at a piece, onto it when an enemy */
    moves_are(r, "4p/5/2p2/5/Q4 w 0", "a1a2 a1a3 a1a4 a1a5 a1b1 a1b2 a1c1 a1c3 a1d1 a1e1");
    moves_are(r, "4p/5/2K2/5/Q4 w 0",
              "a1a2 a1a3 a1a4 a1a5 a1b1 a1b2 a1c1 a1d1 a1e1 c3b2 c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4");
    /* capture only */
    moves_are(r, "4p/5/1p3/2X2/5 w 0", "c2b3");
    refused(r, "4p/5/1p3/2X2/5 w 0", "c2d3", "c2d3: that movement only captures");
    /* the second side: forward is south, backward north; sideways never captures */
    moves_are(r, "K4/5/1Kb2/5/5 b 1", "c3c4 c3d3");
    moves_are(r, "K4/5/2p2/5/5 b 1", "c3c2");
    refused(r, "K4/5/1Kb2/5/5 b 1", "c3b3", "c3b3: that movement does not capture");
    /* from its home rank the pawn's forward movement goes two; elsewhere one */
    moves_are(r, "4p/5/5/1P3/5 w 0", "b2b3 b2b4");
    moves_are(r, "4p/5/1P3/5/5 w 0", "b3b4");
    moves_are(r, "4p/5/1p3/1P3/4K w 0", "e1d1 e1d2 e1e2");
    refused(r, "4p/5/1p3/1P3/4K w 0", "b2b4", "b2b4: the way is blocked");
    refused(r, "4p/5/1P3/5/5 w 0", "b3b5", "b3b5: that piece cannot move so");
    /* a promotion to one kind is forced and not written: in the second
     * side's part of the zone (rank 4) the p becomes a b; in the first
     * side's part (rank 2) it stays a p */
    moves_are(r, "2p2/5/5/5/K4 b 1", "c5c4");
    void *s = bt_pos_at(r, "2p2/5/5/5/K4 b 1");
    bt_play(r, s, "c5c4");
    bt_assert_fen(r, s, "5/2b2/5/5/K4 w 2");
    free(s);
    s = bt_pos_at(r, "4K/5/2p2/5/5 b 1");
    bt_play(r, s, "c3c2");
    bt_assert_fen(r, s, "4K/5/5/2p2/5 w 2");
    free(s);
    qp_rules_free(r);
}

/* ---- Breakthrough ---------------------------------------------------------------- */

static void test_breakthrough_moves(void **st)
{
    (void)st;
    qp_rules *r = rules("breakthrough");
    /* straight ahead blocked by an enemy: no capture there, diagonals free */
    moves_are(r, "8/8/8/8/2p5/2P5/8/8 w 0", "c3b4 c3d4");
    /* diagonally onto an enemy captures; onto an own piece does not */
    moves_are(r, "8/8/8/8/1pP5/2P5/8/8 w 0", "c3b4 c3d4 c4b5 c4c5 c4d5");
    /* Black goes down the board */
    moves_are(r, "8/8/8/3p4/8/8/7P/8 b 1", "d5c4 d5d4 d5e4");
    refused(r, "8/8/8/8/2p5/2P5/8/8 w 0", "c3c4", "c3c4: that movement does not capture");
    refused(r, "8/6p1/8/8/8/2P5/8/8 w 0", "c3c2", "c3c2: that piece cannot move so");
    qp_rules_free(r);
}

static void test_breakthrough_goals(void **st)
{
    (void)st;
    qp_rules *r = rules("breakthrough");
    char got[128];
    void *s = bt_pos_at(r, "8/1P6/8/8/8/8/6p1/8 w 0");
    assert_string_equal((bt_status_text(r, s, got, sizeof got), got), "ongoing");
    bt_play(r, s, "b7a8");
    assert_string_equal((bt_status_text(r, s, got, sizeof got), got), "white wins: reached the far rank");
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 0);
    free(s);
    /* Black's last piece taken */
    s = bt_pos_at(r, "8/8/8/8/8/2p5/1P6/8 w 0");
    bt_play(r, s, "b2c3");
    assert_string_equal((bt_status_text(r, s, got, sizeof got), got), "white wins: every enemy piece captured");
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 0);
    free(s);
    /* a capture is noisy, a step is not */
    s = bt_pos_at(r, "8/8/8/8/1pP5/2P5/8/8 w 0");
    int n = r->rs->gen(r, s, mv, QP_GEN_NOISY);
    assert_int_equal(n, 1);
    char t[16];
    r->rs->move_text(r, s, mv[0], t, sizeof t);
    assert_string_equal(t, "c3b4");
    assert_true(r->rs->move_flags(r, s, mv[0]) & QP_MF_CAPTURE);
    free(s);
    qp_rules_free(r);
}

/* ---- Jungle ---------------------------------------------------------------------- */

static void test_jungle_ranks(void **st)
{
    (void)st;
    qp_rules *r = rules("jungle");
    /* the rat takes the elephant */
    moves_are(r, "7/7/7/7/7/7/e6/R6/7 w 0", "a2a1 a2a3 a2b2");
    /* the elephant may not take the rat */
    moves_are(r, "7/7/7/7/7/7/r6/E6/7 w 0", "a2a1 a2b2");
    refused(r, "7/7/7/7/7/7/r6/E6/7 w 0", "a2a3", "a2a3: E may not take r");
    /* the cat may not take the dog, by rank */
    refused(r, "7/7/7/7/7/7/d6/C6/7 w 0", "a2a3", "a2a3: C (rank 2) may not take d (rank 3)");
    /* an enemy in your trap has rank 0: the cat takes the elephant on d2 */
    moves_are(r, "7/7/7/7/7/7/7/2Ce3/7 w 0", "c2b2 c2c1 c2c3 c2d2");
    /* …and the elephant a rat in its trap (rank 0 wins over its exception) */
    moves_are(r, "6e/7/7/7/7/7/7/2Er3/7 w 0", "c2b2 c2c1 c2c3 c2d2");
    /* in its own trap a piece keeps its rank */
    moves_are(r, "7/3e3/3C3/7/7/7/7/7/6E w 0", "d7c7 d7d6 d7e7 g1f1 g1g2");
    qp_rules_free(r);
}

static void test_jungle_water(void **st)
{
    (void)st;
    qp_rules *r = rules("jungle");
    /* only the rat enters the water */
    moves_are(r, "6E/7/7/7/e6/7/7/7/7 b 1", "a5a4 a5a6");
    refused(r, "6e/7/7/7/7/E6/7/7/7 w 0", "a4b4", "a4b4: only the rat enters the water");
    /* the rat in the water may take neither the rat nor the elephant on land */
    moves_are(r, "6e/7/7/7/7/rR5/1e5/7/7 w 0", "b4b5 b4c4");
    refused(r, "6e/7/7/7/7/rR5/1e5/7/7 w 0", "b4a4", "b4a4: no capture across the edge of the water");
    /* a rat in the water is taken by the rat in the water, not from land */
    moves_are(r, "6e/7/7/7/7/1Rr4/7/7/7 w 0", "b4a4 b4b3 b4b5 b4c4");
    moves_are(r, "6e/7/7/7/Rr5/7/7/7/7 w 0", "a5a4 a5a6");
    qp_rules_free(r);
}

static void test_jungle_jumps(void **st)
{
    (void)st;
    qp_rules *r = rules("jungle");
    /* the lion jumps the lake across (a5d5) and along (b3b7, c3c7) */
    moves_are(r, "6e/7/7/7/L6/7/7/7/7 w 0", "a5a4 a5a6 a5d5");
    moves_are(r, "6e/7/7/7/7/7/1T5/7/7 w 0", "b3a3 b3b2 b3b7 b3c3");
    /* a rat in the water on the way blocks it (either side's) */
    moves_are(r, "6e/7/7/7/Lr5/7/7/7/7 w 0", "a5a4 a5a6");
    moves_are(r, "6e/7/7/7/7/1R5/1T5/7/7 w 0", "b3a3 b3b2 b3c3 b4a4 b4b5 b4c4");
    refused(r, "6e/7/7/7/Lr5/7/7/7/7 w 0", "a5d5", "a5d5: a piece in the water blocks the way");
    /* the jump captures by rank: the lion takes the tiger beyond, not the elephant */
    moves_are(r, "6e/7/7/7/L2t3/7/7/7/7 w 0", "a5a4 a5a6 a5d5");
    moves_are(r, "7/7/7/7/L2e3/7/7/7/7 w 0", "a5a4 a5a6");
    qp_rules_free(r);
}

static void test_jungle_dens(void **st)
{
    (void)st;
    qp_rules *r = rules("jungle");
    /* a piece may not enter its own den */
    moves_are(r, "6e/7/7/7/7/7/7/7/2C4 w 0", "c1b1 c1c2");
    refused(r, "6e/7/7/7/7/7/7/7/2C4 w 0", "c1d1", "c1d1: an animal may not enter its own den");
    /* entering the enemy's wins */
    char got[128];
    void *s = bt_pos_at(r, "7/3D3/7/7/7/7/7/7/6e w 0");
    bt_play(r, s, "d8d9");
    bt_status_text(r, s, got, sizeof got);
    assert_string_equal(got, "south wins: den entered");
    free(s);
    /* no pieces: no move, a loss */
    s = bt_pos_at(r, "7/7/7/7/7/7/d6/R6/7 b 1");
    bt_play(r, s, "a3a2");
    bt_status_text(r, s, got, sizeof got);
    assert_string_equal(got, "north wins: no moves");
    free(s);
    qp_rules_free(r);
}

/* ---- bad specs ------------------------------------------------------------------------ */

static void test_bad_specs(void **st)
{
    (void)st;
    assert_int_equal(bt_check_bad_games(QP_TESTDATA_DIR "/games_pieces_bad"), 13);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_movements),
        cmocka_unit_test(test_breakthrough_perft), cmocka_unit_test(test_jungle_perft),
        cmocka_unit_test(test_breakthrough_moves), cmocka_unit_test(test_breakthrough_goals),
        cmocka_unit_test(test_jungle_ranks),       cmocka_unit_test(test_jungle_water),
        cmocka_unit_test(test_jungle_jumps),       cmocka_unit_test(test_jungle_dens),
        cmocka_unit_test(test_bad_specs),
    };
    return cmocka_run_group_tests(tests, setup_reg, teardown_reg);
}
