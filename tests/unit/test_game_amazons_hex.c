/*
 * test_game_amazons_hex.c — the Game of the Amazons and Hex, declared as
 * rule blocks (scripts/games/amazons.lua, hex.lua): the blocks they brought
 * (rules.shoot and neutral pieces; board.diagonals = "hex", rules.connect
 * and rules.swap).  Move counts, shot texts parsed and refused with their
 * reason, the loss of a side without a move, connection wins of each side
 * on exact positions, the pie rule, and small-board perft counted twice:
 * by the block game and by its Lua-hook twin (tests/data/games/hk_amazons,
 * hk_hex), which must agree.
 */
#include "testutil.h"
#include "blocktest.h"
#include "lua_ruleset.h"
#include "perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static qp_rules *rules(const char *game, const char *param)
{
    const char *kv[2] = {param, NULL};
    return tu_rules_with(&tu_reg, game, kv);
}

static int count_moves(const qp_rules *r, const void *s)
{
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    free(mv);
    return n;
}

/* ---- Amazons ------------------------------------------------------------ */

static void test_amazons_moves(void **st)
{
    (void)st;
    qp_rules *r = rules("amazons", NULL);
    void *s = bt_pos_at(r, NULL);
    bt_assert_fen(r, s, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w 0");
    assert_int_equal(count_moves(r, s), 2176);
    /* published: 4307152 at depth 2 (bulk leaves: 2177 move lists) */
    assert_int_equal((int)qp_perft(r, s, 2), 4307152);
    /* a queen boxed in by arrows and the board's corner: only the others move */
    void *t = bt_pos_at(r, "3q2q3/10/10/q8q/10/10/Q8Q/10/xx8/Qx1Q2Q3 w 0");
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    int n = r->rs->gen(r, t, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++) {
        char text[QP_MOVE_TEXT];
        r->rs->move_text(r, t, mv[i], text, sizeof text);
        assert_true(strncmp(text, "a1", 2));
    }
    free(mv);
    free(t);
    /* the other sizes' setups */
    qp_rules *r8 = rules("amazons", "size=8"), *r6 = rules("amazons", "size=6");
    void *s8 = bt_pos_at(r8, NULL), *s6 = bt_pos_at(r6, NULL);
    bt_assert_fen(r8, s8, "2q2q2/8/q6q/8/8/Q6Q/8/2Q2Q2 w 0");
    bt_assert_fen(r6, s6, "1q2q1/q4q/6/6/Q4Q/1Q2Q1 w 0");
    assert_int_equal(count_moves(r6, s6), 544);
    free(s8);
    free(s6);
    qp_rules_free(r8);
    qp_rules_free(r6);
    free(s);
    qp_rules_free(r);
}

static void test_amazons_shot_texts(void **st)
{
    (void)st;
    qp_rules *r = rules("amazons", NULL);
    void *s = bt_pos_at(r, NULL);
    assert_string_equal(bt_refusal(r, s, "d1d7g7"), "");
    /* the arrow may land on, or fly through, the square the queen left */
    assert_string_equal(bt_refusal(r, s, "d1d7d1"), "");
    assert_string_equal(bt_refusal(r, s, "a4a5a2"), "");
    assert_string_equal(bt_refusal(r, s, "a4a5a8"), "a4a5a8: the shot from a5 to a8 is blocked at a7");
    assert_string_equal(bt_refusal(r, s, "a4a5a7"), "a4a5a7: the shot's point a7 is occupied");
    assert_string_equal(bt_refusal(r, s, "a4a8a9"), "a4a8: the way is blocked at a7");
    assert_string_equal(bt_refusal(r, s, "a4b6b7"), "a4b6: the piece cannot move so");
    assert_string_equal(bt_refusal(r, s, "d1d7e9"), "d1d7e9: e9 is not a point the shot can reach from d7");
    assert_string_equal(bt_refusal(r, s, "d1d7d7"), "d1d7d7: the shot cannot land where the piece stands");
    assert_string_equal(bt_refusal(r, s, "d1d7"), "d1d7: a move names three points: from, to and where the shot lands");
    assert_string_equal(bt_refusal(r, s, "a7a6a5"), "a7 is not your piece");
    assert_string_equal(bt_refusal(r, s, "b2b3b4"), "b2 is empty");
    assert_string_equal(bt_refusal(r, s, "d1"), "d1: pieces are not placed in this game; move one from-to");
    assert_string_equal(bt_refusal(r, s, "swap"), "swap: this game has no pie rule");
    /* played: the queen moves, the arrow stays, nobody's */
    bt_play(r, s, "d1d7g7");
    bt_assert_fen(r, s, "3q2q3/10/10/q2Q2x2q/10/10/Q8Q/10/10/6Q3 b 1");
    qp_piece_view pv;
    assert_true(r->rs->piece_at(r, s, qp_sq(&r->geom, 6, 6), &pv));
    assert_int_equal(pv.side, 2);
    assert_int_equal(pv.letter, 'x');
    /* an arrow blocks the black queen's way and shots */
    assert_string_equal(bt_refusal(r, s, "j7f7f8"), "j7f7: the way is blocked at g7");
    assert_string_equal(bt_refusal(r, s, "j7h7e7"), "j7h7e7: the shot from h7 to e7 is blocked at g7");
    free(s);
    qp_rules_free(r);
}

static void test_amazons_stuck_loses(void **st)
{
    (void)st;
    qp_rules *r = rules("amazons", "size=6");
    char buf[128];
    /* white's only queen is walled in by arrows */
    void *s = bt_pos_at(r, "5q/6/6/6/xx4/Qx4 w 9");
    assert_int_equal(count_moves(r, s), 0);
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "black wins: no moves");
    free(s);
    /* black walls white in with its last arrow: a1 b1 b2 a2 */
    s = bt_pos_at(r, "5q/6/6/6/1x4/Qx4 b 8");
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "ongoing");
    bt_play(r, s, "f6a6a2");
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "black wins: no moves");
    free(s);
    qp_rules_free(r);
}

/* ---- Hex -------------------------------------------------------------------- */

static void expect_status(const char *game, const char *param, const char *fen, const char *want)
{
    qp_rules *r = rules(game, param);
    void *s = bt_pos_at(r, fen);
    char buf[128];
    bt_status_text(r, s, buf, sizeof buf);
    if (strcmp(buf, want)) fail_msg("%s %s: %s, expected %s", game, fen, buf, want);
    free(s);
    qp_rules_free(r);
}

static void test_hex_connections(void **st)
{
    (void)st;
    /* the six neighbours: (x+1, y-1) and (x-1, y+1) link, (x+1, y+1) does not */
    expect_status("hex", "size=3", "X2/1X1/2X b 3", "red wins: connected");      /* a3 b2 c1 */
    expect_status("hex", "size=3", "2X/1X1/X2 b 3", "ongoing");                  /* a1 b2 c3 */
    expect_status("hex", "size=3", "o2/1o1/2o w 3", "blue wins: connected");     /* a3 b2 c1 */
    expect_status("hex", "size=3", "2o/1o1/o2 w 3", "ongoing");
    expect_status("hex", "size=3", "3/3/ooo w 3", "blue wins: connected");       /* files a to c */
    expect_status("hex", "size=3", "3/3/XXX b 3", "ongoing");                    /* Red needs ranks */
    expect_status("hex", "size=3", "X2/X2/X2 b 3", "red wins: connected");
    /* 11x11: Red's chain zigzags up file f and g */
    expect_status("hex", NULL, "5X5/5X5/5X5/5X5/5X5/6X4/6X4/6X4/6X4/6X4/6X4 b 11", "red wins: connected");
    expect_status("hex", NULL, "5X5/5X5/5X5/5X5/5X5/6X4/6X4/6X4/6X4/5X5/6X4 b 11", "ongoing");
    /* won by a move: Red's third stone joins the ranks, and the game ends */
    qp_rules *r = rules("hex", "size=3");
    void *s = bt_pos_at(r, NULL);
    char buf[128];
    bt_play(r, s, "a3 a1 b2 b1");
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "ongoing");
    bt_play(r, s, "c1");
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "red wins: connected");
    assert_int_equal(count_moves(r, s), 0);
    free(s);
    /* Blue joins files a and c with a1 b1 and then c1 */
    s = bt_pos_at(r, NULL);
    bt_play(r, s, "a3 a1 c3 b1 b3");
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "ongoing");
    bt_play(r, s, "c1");
    bt_status_text(r, s, buf, sizeof buf);
    assert_string_equal(buf, "blue wins: connected");
    free(s);
    qp_rules_free(r);
}

static void test_hex_swap(void **st)
{
    (void)st;
    qp_rules *r = rules("hex", "swap=true");
    void *s = bt_pos_at(r, NULL);
    assert_string_equal(bt_refusal(r, s, "swap"), "swap: only the second side's first move may take over the first piece");
    bt_play(r, s, "e3");
    assert_int_equal(count_moves(r, s), 121);   /* 120 cells and the swap */
    assert_string_equal(bt_refusal(r, s, "swap"), "");
    bt_play(r, s, "swap");
    /* the stone is Blue's now, reflected to c5; Red moves again */
    bt_assert_fen(r, s, "11/11/11/11/11/11/2o8/11/11/11/11 w 2");
    assert_int_equal(count_moves(r, s), 120);
    bt_play(r, s, "f6");
    assert_string_equal(bt_refusal(r, s, "swap"), "swap: only the second side's first move may take over the first piece");
    free(s);
    /* each of Red's 121 first stones may be swapped: 121 * (120 + 1) */
    s = bt_pos_at(r, NULL);
    assert_int_equal((int)tu_perft(r, s, 2), 14641);
    free(s);
    qp_rules_free(r);
}

/* ---- perft counted twice ------------------------------------------------------ */

typedef struct twin_case {
    const char *game, *twin, *param;
    int depth;
    uint64_t count[10];
} twin_case;

static void test_twin_perft(void **st)
{
    (void)st;
    static const twin_case cases[] = {
        {"amazons", "hk_amazons", "size=6", 2, {544, 238532}},
        {"amazons", "hk_amazons", "size=8", 1, {1232}},
        {"hex", "hk_hex", "size=3", 9, {9, 72, 504, 3024, 15120, 54720, 146880, 207360, 120960}},
        {"hex", "hk_hex", "size=4", 4, {16, 240, 3360, 43680}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const twin_case *c = &cases[i];
        qp_rules *r = rules(c->game, c->param), *h = rules(c->twin, c->param);
        void *s = bt_pos_at(r, NULL), *hs = bt_pos_at(h, NULL);
        for (int d = 1; d <= c->depth; d++) {
            uint64_t n = tu_perft(r, s, d), hn = tu_perft(h, hs, d);
            if (n != c->count[d - 1] || hn != n)
                fail_msg("%s %s perft %d: blocks %llu, hooks %llu, expected %llu", c->game, c->param, d,
                         (unsigned long long)n, (unsigned long long)hn, (unsigned long long)c->count[d - 1]);
        }
        assert_string_equal(qp_lua_rules_error(h), "");
        free(s);
        free(hs);
        qp_rules_free(r);
        qp_rules_free(h);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_amazons_moves),
        cmocka_unit_test(test_amazons_shot_texts),
        cmocka_unit_test(test_amazons_stuck_loses),
        cmocka_unit_test(test_hex_connections),
        cmocka_unit_test(test_hex_swap),
        cmocka_unit_test(test_twin_perft),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry_games, tu_teardown_registry);
}
