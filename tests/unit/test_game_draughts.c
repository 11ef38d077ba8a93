/*
 * test_game_draughts.c — international draughts declared as rule blocks
 * (scripts/games/draughts.lua, framework/blocks/blk_fly.c): the published
 * perft from the start (10×10 and the 8×8 Brazilian size), flying kings,
 * captured pieces that block and are not jumped twice, the majority rule
 * with kings and men counting the same, promotion only where a move ends,
 * numbered move texts (routes only to tell two captures apart), exact
 * refusals, and a game replayed from its texts equal to the game played.
 *
 * Perft, 10×10: 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961,
 * 41022423 (Aart Bik's BikDam, a capture counted once however many routes
 * take the same pieces, as here; depths 7 to 9 are measured, not tested,
 * for the sanitizer builds).  8×8: 7, 49, 302, 1469, 7473, 37628, 187302
 * (Rein Halbersma's, counting routes: none coincide this early).
 *
 * Squares are numbered as players write them: 1 is b10, 5 j10, 46 a1, 50
 * i1.  The FENs below were written from those numbers.
 */
#include "testutil.h"
#include "blocktest.h"
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static qp_rules *draughts(const char *const *kv)
{
    return kv ? tu_rules_with(&tu_reg, "draughts", kv) : tu_rules(&tu_reg, "draughts");
}

static void assert_moves(const qp_rules *r, const void *s, const char *want)
{
    char *got = tu_moves_text(r, s);
    if (strcmp(got, want)) fail_msg("moves:\n%s\nexpected:\n%s", got, want);
    free(got);
}

static qp_move parse_ok(const qp_rules *r, const void *s, const char *text)
{
    qp_move m;
    char err[QP_ERR];
    if (r->rs->move_parse(r, s, text, &m, err, sizeof err)) fail_msg("%s: %s", text, err);
    return m;
}

static void play(const qp_rules *r, void *s, const char *text, const char *after)
{
    r->rs->make(r, s, parse_ok(r, s, text), NULL);
    bt_assert_fen(r, s, after);
}

#define START "1m1m1m1m1m/m1m1m1m1m1/1m1m1m1m1m/m1m1m1m1m1/10/10/1M1M1M1M1M/M1M1M1M1M1/1M1M1M1M1M/M1M1M1M1M1 w 0"

static void test_perft_start(void **st)
{
    (void)st;
    static const uint64_t want[] = {9, 81, 658, 4265, 27117, 167140};
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, NULL);
    bt_assert_fen(r, s, START);
    assert_moves(r, s, "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30");
    for (int d = 1; d <= 6; d++) assert_int_equal(tu_perft(r, s, d), want[d - 1]);
    assert_int_equal(r->draw.no_capture_plies, 50);   /* 25 king moves each */
    assert_int_equal(r->draw.repetitions, 3);
    free(s);
    qp_rules_free(r);
}

static void test_perft_brazilian(void **st)
{
    (void)st;
    static const char *const size8[] = {"size=8", NULL};
    static const uint64_t want[] = {7, 49, 302, 1469, 7473, 37628};
    qp_rules *r = draughts(size8);
    void *s = bt_pos_at(r, NULL);
    bt_assert_fen(r, s, "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w 0");
    assert_moves(r, s, "21-17 22-17 22-18 23-18 23-19 24-19 24-20");
    for (int d = 1; d <= 6; d++) assert_int_equal(tu_perft(r, s, d), want[d - 1]);
    free(s);
    qp_rules_free(r);
}

/* A king flies: quiet moves along every diagonal, and captures at a
 * distance landing on any empty square beyond, chains going on from the
 * landings. */
static void test_flying_king(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    /* a lone king on e5 (28): 17 squares on its four diagonals */
    void *s = bt_pos_at(r, "10/10/10/10/10/4K5/10/10/10/10 w 0");
    assert_moves(r, s, "28-10 28-11 28-14 28-17 28-19 28-22 28-23 28-32 28-33 28-37 28-39 28-41 28-44 28-46 28-5 "
                       "28-50 28-6");
    free(s);
    /* a1 (46) takes c3 (37) and may land anywhere from d4 to j10; j2 on
     * the edge cannot be taken */
    s = bt_pos_at(r, "10/10/10/10/10/10/10/2m7/9m/K9 w 0");
    assert_moves(r, s, "46x10 46x14 46x19 46x23 46x28 46x32 46x5");
    free(s);
    /* with g3 (39) too, the chain a1 x c3 x g3 lands e5 between them, then
     * h2 or i1: the one-piece captures are no longer legal */
    s = bt_pos_at(r, "10/10/10/10/10/10/10/2m3m3/10/K9 w 0");
    assert_moves(r, s, "46x44 46x50");
    qp_move m = parse_ok(r, s, "46x50");
    int pts[8];
    assert_int_equal(r->rs->move_squares(r, s, m, pts, 8), 3);   /* a1, e5, i1: clicked landing by landing */
    assert_int_equal(pts[0], 0);
    assert_int_equal(pts[1], 44);
    assert_int_equal(pts[2], 8);
    assert_int_equal(r->rs->move_effects(r, s, m, pts, 8), 2);   /* c3 and g3 go */
    assert_int_equal(pts[0] + pts[1], 22 + 26);
    play(r, s, "46x50", "10/10/10/10/10/10/10/10/10/8K1 b 1");
    free(s);
    qp_rules_free(r);
}

/* Captured pieces stay until the chain ends.  The king on a5 (26) takes
 * c3, f2, g5 and e5 and must stop on d4 (32): c3 still stands behind it,
 * so b2 (41), which a king could reach over an emptied c3, stays. */
static void test_captured_pieces_block(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, "10/10/10/10/10/K3m1m3/10/2m7/1m3m4/10 w 0");
    assert_moves(r, s, "26x32");
    play(r, s, "26x32", "10/10/10/10/10/10/3K6/10/1m8/10 b 1");
    free(s);
    qp_rules_free(r);
}

/* The man on e3 (38) goes round d4, d6, f6, f4 and back to e3, either
 * way: one move (the same pieces, from and to), and d4 is not jumped a
 * second time from e3. */
static void test_no_second_jump(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, "10/10/10/10/3m1m4/10/3m1m4/4M5/10/10 w 0");
    assert_moves(r, s, "38x38");
    play(r, s, "38x38", "10/10/10/10/10/10/10/4M5/10/10 b 1");
    free(s);
    qp_rules_free(r);
}

/* The man on d4 (32) may take the king on c5 (27) or, forward then
 * backward, the men on e5 and g5 (28, 29) to h4 (34): two men outweigh
 * one king. */
static void test_majority_rule(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, "10/10/10/10/10/2k1m1m3/3M6/10/10/10 w 0");
    assert_moves(r, s, "32x34");
    assert_string_equal(bt_refusal(r, s, "32x21"), "32x21: a capture must take the most pieces (2)");
    assert_string_equal(bt_refusal(r, s, "32-28"), "28 is occupied");
    assert_string_equal(bt_refusal(r, s, "32-37"), "a capture is available and must be taken");
    play(r, s, "32x34", "10/10/10/10/10/2k7/7M2/10/10/10 b 1");
    free(s);
    qp_rules_free(r);
}

/* A man crossing the far row mid-chain stays a man; one ending there is
 * crowned. */
static void test_promotion_at_the_end(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, "10/2m1m5/1M8/10/10/10/10/10/10/10 w 0");
    assert_moves(r, s, "11x13");   /* b8 x c9 to d10, x e9 back to f8 */
    play(r, s, "11x13", "10/10/5M4/10/10/10/10/10/10/10 b 1");
    free(s);
    s = bt_pos_at(r, "10/2m7/1M8/10/10/10/10/10/10/10 w 0");
    assert_moves(r, s, "11x2");
    play(r, s, "11x2", "3K6/10/10/10/10/10/10/10/10/10 b 1");
    free(s);
    /* Black's men crown on row 1 */
    s = bt_pos_at(r, "10/10/10/10/10/10/10/10/3m6/10 b 0");
    assert_moves(r, s, "42-47 42-48");
    play(r, s, "42-48", "10/10/10/10/10/10/10/10/10/4k5 w 1");
    free(s);
    qp_rules_free(r);
}

/* The king on j6 (25) has two captures of three pieces from 25 to f10
 * (3): their texts give every landing, and 25x3 alone is ambiguous. */
#define TWO_ROUTES "10/4m3m1/10/10/5m3K/8m1/1m8/10/10/10 w 0"

static void test_routes_tell_captures_apart(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, TWO_ROUTES);
    assert_moves(r, s, "25x34x12x3 25x36 25x48x26x3");
    assert_string_equal(bt_refusal(r, s, "25x3"), "25x3 is ambiguous: give every landing (25x48x26x3 or 25x34x12x3)");
    assert_string_equal(bt_refusal(r, s, "25x45x26x3"), "25x45x26x3: that piece cannot move so");
    /* a unique capture may be written with its landings too */
    qp_move a = parse_ok(r, s, "25x36"), b = parse_ok(r, s, "25x34x18x36");
    assert_true(a == b);
    play(r, s, "25x48x26x3", "5K4/8m1/10/10/5m4/10/10/10/10/10 b 1");
    free(s);
    qp_rules_free(r);
}

static void test_refusals(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    void *s = bt_pos_at(r, NULL);
    assert_string_equal(bt_refusal(r, s, "32-26"), "32-26: that piece cannot move so");
    assert_string_equal(bt_refusal(r, s, "99-28"), "99-28: no square 99 (the squares are 1-50)");
    assert_string_equal(bt_refusal(r, s, "28-23"), "28 is empty");
    assert_string_equal(bt_refusal(r, s, "19-23"), "19 is not your piece");
    assert_string_equal(bt_refusal(r, s, "37-32"), "32 is occupied");
    assert_string_equal(bt_refusal(r, s, "32x28"), "32x28: that piece cannot move so");
    assert_string_equal(bt_refusal(r, s, "e3f4"), "bad move text 'e3f4' (a move is from-to, as 32-28, or 19x30)");
    assert_string_equal(bt_refusal(r, s, "32-28"), "");
    free(s);
    /* a side without a move loses: a1 blocked by b2 and c3 */
    s = bt_pos_at(r, "10/10/10/10/10/10/10/2m7/1m8/M9 w 0");
    char status[128];
    bt_status_text(r, s, status, sizeof status);
    assert_string_equal(status, "black wins: no moves");
    free(s);
    /* bad FENs */
    s = calloc(1, r->state_size);
    char err[QP_ERR];
    assert_int_equal(r->rs->fen_parse(r, s, "1m1m1m1m1m/10 w 0", err, sizeof err), -1);
    assert_string_equal(err, "FEN board: expected 10 ranks of 10 squares");
    assert_int_equal(r->rs->fen_parse(r, s, "1m1m1m1m1x/10/10/10/10/10/10/10/10/10 w 0", err, sizeof err), -1);
    assert_string_equal(err, "FEN board: unknown piece 'x'");
    /* a man on a light square */
    assert_int_equal(r->rs->fen_parse(r, s, "10/10/10/10/10/10/10/10/10/1M8 w 0", err, sizeof err), -1);
    assert_string_equal(err, "FEN board: b1 is not on the board");
    free(s);
    qp_rules_free(r);
}

/* A game played move by move equals the same game replayed from its
 * texts; every legal move's text reads back to that move on the way. */
static void test_replay_equals_play(void **st)
{
    (void)st;
    qp_rules *r = draughts(NULL);
    qp_game g;
    char err[QP_ERR], texts[120][QP_MOVE_TEXT];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    uint64_t seed = 12345;
    int plies = 0;
    for (; plies < 120; plies++) {
        qp_move mv[QP_MAX_MOVES];
        int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
        if (!n) break;
        for (int i = 0; i < n; i++) {
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
            if (parse_ok(r, g.cur, t) != mv[i]) fail_msg("ply %d: %s reads back as another move", plies, t);
        }
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        qp_move m = mv[(seed >> 33) % (uint64_t)n];
        r->rs->move_text(r, g.cur, m, texts[plies], sizeof texts[plies]);
        qp_game_play(&g, m);
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) {
            plies++;
            break;
        }
    }
    assert_true(plies >= 40);
    qp_game h;
    assert_int_equal(qp_game_init(&h, r, NULL, err, sizeof err), 0);
    for (int i = 0; i < plies; i++) {
        if (qp_game_play_text(&h, texts[i], err, sizeof err)) fail_msg("ply %d: %s: %s", i, texts[i], err);
        assert_true(r->rs->hash(r, h.cur) == g.hist[i + 1].hash);
    }
    char a[256], b[256];
    r->rs->fen_print(r, g.cur, a, sizeof a);
    r->rs->fen_print(r, h.cur, b, sizeof b);
    assert_string_equal(a, b);
    qp_game_free(&h);
    qp_game_free(&g);
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_start),
        cmocka_unit_test(test_perft_brazilian),
        cmocka_unit_test(test_flying_king),
        cmocka_unit_test(test_captured_pieces_block),
        cmocka_unit_test(test_no_second_jump),
        cmocka_unit_test(test_majority_rule),
        cmocka_unit_test(test_promotion_at_the_end),
        cmocka_unit_test(test_routes_tell_captures_apart),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_replay_equals_play),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
