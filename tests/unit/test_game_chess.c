/*
 * test_game_chess.c — chess declared as rule blocks (scripts/games/chess.lua)
 * with royal pieces and special moves (framework/blocks/blk_royal.c, read
 * by framework/lua/lua_royal.c): exact perft against the published counts
 * (the start, Kiwipete, positions 3 and 4), castling and the reasons it is
 * refused, en passant, the four promotions, checkmate and stalemate, the
 * fifty-move rule and dead material, FEN round trips and FEN errors, the
 * points a move changes (a castling's rook, a pawn taken en passant), and
 * bad declarations refused with FILE:LINE (tests/data/games_royal_bad/,
 * line 1 of each names its error).
 */
#include "testutil.h"
#include "blocktest.h"
#include "game.h"
#include "lua_ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

static qp_rules *chess(void)
{
    return tu_rules(&tu_reg, "chess");
}

static void status_is(const qp_rules *r, const void *s, const char *want)
{
    char buf[128];
    bt_status_text(r, s, buf, sizeof buf);
    if (strcmp(buf, want)) fail_msg("outcome '%s', expected '%s'", buf, want);
}

/* The legal moves from `from` (a square name, or "" for all), sorted. */
static void moves_from(const qp_rules *r, const char *fen, const char *from, const char *want)
{
    void *s = bt_pos_at(r, fen);
    char *got = tu_moves_text(r, s);
    char out[2048] = "";
    for (char *t = strtok(got, " \n"); t; t = strtok(NULL, " \n"))
        if (!strncmp(t, from, strlen(from))) {
            size_t len = strlen(out);
            snprintf(out + len, sizeof out - len, "%s%s", len ? " " : "", t);
        }
    if (strcmp(out, want)) fail_msg("%s from '%s': '%s', expected '%s'", fen, from, out, want);
    free(got);
    free(s);
}

static void refused(const qp_rules *r, const char *fen, const char *text, const char *why)
{
    void *s = bt_pos_at(r, fen);
    qp_move m;
    char err[QP_ERR] = "";
    if (!r->rs->move_parse(r, s, text, &m, err, sizeof err)) fail_msg("%s: %s accepted", fen, text);
    if (strcmp(err, why)) fail_msg("%s: %s refused with '%s', expected '%s'", fen, text, err, why);
    free(s);
}

/* ---- perft: the published counts -------------------------------------------------- */

static void perft_is(const char *fen, const uint64_t *counts, int depth)
{
    qp_rules *r = chess();
    void *s = bt_pos_at(r, fen);
    for (int d = 1; d <= depth; d++)
        if (tu_perft(r, s, d) != counts[d - 1])
            fail_msg("%s perft %d: %llu, expected %llu", fen ? fen : "start", d, (unsigned long long)tu_perft(r, s, d),
                     (unsigned long long)counts[d - 1]);
    free(s);
    qp_rules_free(r);
}

static void test_perft_start(void **st)
{
    (void)st;
    static const uint64_t c[] = {20, 400, 8902, 197281};   /* 4865609 at 5 */
    perft_is(NULL, c, 4);
}

static void test_perft_kiwipete(void **st)
{
    (void)st;
    static const uint64_t c[] = {48, 2039, 97862};   /* 4085603 at 4 */
    perft_is(KIWIPETE, c, 3);
}

static void test_perft_position3(void **st)
{
    (void)st;
    static const uint64_t c[] = {14, 191, 2812, 43238};   /* 674624 at 5 */
    perft_is("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", c, 4);
}

static void test_perft_position4(void **st)
{
    (void)st;
    static const uint64_t c[] = {6, 264, 9467};   /* 422333 at 4 */
    perft_is("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", c, 3);
}

/* ---- castling ---------------------------------------------------------------------- */

static void test_castling(void **st)
{
    (void)st;
    qp_rules *r = chess();
    moves_from(r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
    /* the rook goes to the square the king passed; the rights of the side go */
    void *s = bt_pos_at(r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    bt_play(r, s, "e1g1");
    bt_assert_fen(r, s, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    bt_play(r, s, "e8c8");
    bt_assert_fen(r, s, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    free(s);
    /* a rook that moved, or was taken, takes its right along */
    s = bt_pos_at(r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    bt_play(r, s, "a1a8");
    bt_assert_fen(r, s, "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    free(s);
    refused(r, "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "e1c1",
            "e1c1: no castling right 'Q' (the king or its partner has moved)");
    refused(r, "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1", "e1c1: cannot castle, b1 is occupied");
    refused(r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1b1", "e1b1: that piece cannot move so");
    /* attacked squares: the king's own, one it passes, the one it lands on;
     * the rook may pass an attacked square (b1) */
    refused(r, "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1", "e1g1: cannot castle out of check");
    refused(r, "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1", "e1g1: cannot castle through check (f1 is attacked)");
    refused(r, "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "e1g1", "e1g1: cannot castle into check (g1 is attacked)");
    moves_from(r, "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", "e1", "e1c1 e1d1 e1f1 e1g1");
    qp_rules_free(r);
}

/* ---- en passant ----------------------------------------------------------------------- */

static void test_en_passant(void **st)
{
    (void)st;
    qp_rules *r = chess();
    void *s = bt_pos_at(r, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    bt_play(r, s, "e2e4");
    /* the square passed is kept because d4 can take there */
    bt_assert_fen(r, s, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    bt_play(r, s, "d4e3");
    bt_assert_fen(r, s, "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
    free(s);
    /* no enemy pawn beside it: no en passant square, in the FEN or the hash */
    s = bt_pos_at(r, NULL);
    bt_play(r, s, "e2e4");
    bt_assert_fen(r, s, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    void *t = bt_pos_at(r, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_true(r->rs->hash(r, s) == r->rs->hash(r, t));
    free(t);
    free(s);
    /* only right after the double step */
    s = bt_pos_at(r, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    bt_play(r, s, "e2e4 e8e7 e1e2");
    moves_from(r, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4", "d4d3 d4e3");
    refused(r, "4k3/8/8/8/3pP3/8/4K3/8 b - - 0 1", "d4e3", "d4e3: that movement only captures");
    free(s);
    /* taking en passant would open the rank to the king: refused */
    refused(r, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "d4e3", "d4e3: leaves your king in check");
    qp_rules_free(r);
}

/* ---- the points a move changes (qp_move_marks, for the window's marks) --------------------------- */

static void test_move_marks(void **st)
{
    (void)st;
    qp_rules *r = chess();
    /* the clicked points first, then the rook's from and to */
    assert_string_equal(bt_marks(r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "e1 g1 | h1 f1");
    assert_string_equal(bt_marks(r, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "e8 c8 | a8 d8");
    /* the pawn taken en passant; a plain capture and a promotion mark their two */
    assert_string_equal(bt_marks(r, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "e5 d6 | d5");
    assert_string_equal(bt_marks(r, "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n"), "e7 d8");
    assert_string_equal(bt_marks(r, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8"), "a1 a8");
    qp_rules_free(r);
}

/* ---- promotion --------------------------------------------------------------------------- */

static void test_promotion(void **st)
{
    (void)st;
    qp_rules *r = chess();
    moves_from(r, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7", "e7d8b e7d8n e7d8q e7d8r e7e8b e7e8n e7e8q e7e8r");
    static const char *const to[] = {"q", "r", "b", "n"};
    static const char *const fen[] = {"4Q2k/8/8/8/8/8/8/K7 b - - 0 1", "4R2k/8/8/8/8/8/8/K7 b - - 0 1",
                                      "4B2k/8/8/8/8/8/8/K7 b - - 0 1", "4N2k/8/8/8/8/8/8/K7 b - - 0 1"};
    for (int i = 0; i < 4; i++) {
        void *s = bt_pos_at(r, "7k/4P3/8/8/8/8/8/K7 w - - 0 1");
        char mv[8];
        snprintf(mv, sizeof mv, "e7e8%s", to[i]);
        bt_play(r, s, mv);
        bt_assert_fen(r, s, fen[i]);
        free(s);
    }
    refused(r, "7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8", "e7e8: a promotion, name the piece it becomes (one of q, r, b, n)");
    refused(r, "7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8k", "e7e8: a promotion, name the piece it becomes (one of q, r, b, n)");
    refused(r, "7k/8/4P3/8/8/8/8/K7 w - - 0 1", "e6e7q", "e6e7q: only a promotion names a piece");
    /* black promotes on the first rank */
    moves_from(r, "7k/8/8/8/8/8/3p4/K7 b - - 0 1", "d2", "d2d1b d2d1n d2d1q d2d1r");
    qp_rules_free(r);
}

/* ---- endings ---------------------------------------------------------------------------- */

static void test_mate_and_stalemate(void **st)
{
    (void)st;
    qp_rules *r = chess();
    void *s = bt_pos_at(r, NULL);
    bt_play(r, s, "f2f3 e7e5 g2g4 d8h4");   /* fool's mate */
    status_is(r, s, "black wins: checkmate");
    assert_true(r->rs->flags(r, s) & QP_FLAG_CHECK);
    free(s);
    s = bt_pos_at(r, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    status_is(r, s, "draw: stalemate");
    assert_false(r->rs->flags(r, s) & QP_FLAG_CHECK);
    free(s);
    s = bt_pos_at(r, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    status_is(r, s, "ongoing");
    bt_play(r, s, "f1f8");
    status_is(r, s, "white wins: checkmate");
    free(s);
    assert_string_equal(r->flag_names[0], "check");
    refused(r, "4k3/8/8/8/8/4r3/8/4K3 w - - 0 1", "e1e2", "e1e2: leaves your king in check");
    moves_from(r, "4k3/8/8/8/8/4r3/8/4K3 w - - 0 1", "", "e1d1 e1d2 e1f1 e1f2");
    qp_rules_free(r);
}

static void test_draws(void **st)
{
    (void)st;
    qp_rules *r = chess();
    static const char *const dead[] = {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
                                       "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", "2b1k3/8/8/8/8/8/8/4K3 w - - 0 1"};
    for (int i = 0; i < 4; i++) {
        void *s = bt_pos_at(r, dead[i]);
        status_is(r, s, "draw: insufficient material");
        free(s);
    }
    void *s = bt_pos_at(r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    status_is(r, s, "ongoing");
    bt_play(r, s, "a1a8 e8d7 a8d8");
    status_is(r, s, "ongoing");
    bt_play(r, s, "d7d8");   /* K v K after the capture */
    status_is(r, s, "draw: insufficient material");
    free(s);
    s = bt_pos_at(r, "4k3/8/8/8/8/8/8/1B2K1B1 w - - 0 1");   /* two bishops can mate */
    status_is(r, s, "ongoing");
    free(s);

    /* the third time the same position comes with the same side to move */
    qp_game g;
    char err[QP_ERR];
    qp_outcome o;
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    static const char *const shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    for (int i = 0; i < 8; i++) {
        qp_game_outcome(&g, &o);
        assert_int_equal(o.result, QP_ONGOING);
        if (qp_game_play_text(&g, shuffle[i & 3], err, sizeof err)) fail_msg("%s: %s", shuffle[i & 3], err);
    }
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_DRAW);
    assert_string_equal(o.reason, "repetition");
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The game layer's count restarts on a pawn move (QP_MF_RESETS_COUNTER) as on a capture. */
static void test_fifty_moves(void **st)
{
    (void)st;
    qp_rules *r = chess();
    void *s = bt_pos_at(r, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    qp_move m;
    char err[QP_ERR];
    assert_int_equal(r->rs->move_parse(r, s, "a2a3", &m, err, sizeof err), 0);
    assert_true(r->rs->move_flags(r, s, m) & QP_MF_RESETS_COUNTER);
    assert_false(r->rs->move_flags(r, s, m) & QP_MF_CAPTURE);
    assert_int_equal(r->rs->move_parse(r, s, "e1d1", &m, err, sizeof err), 0);
    assert_int_equal(r->rs->move_flags(r, s, m), 0);
    free(s);
    /* the game layer: a king move counts, a pawn move restarts */
    qp_game g;
    assert_int_equal(qp_game_init(&g, r, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", err, sizeof err), 0);
    if (qp_game_play_text(&g, "e1d1", err, sizeof err) || qp_game_play_text(&g, "e8d8", err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(g.hist[g.cursor].quiet_plies, 2);
    if (qp_game_play_text(&g, "a2a3", err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(g.hist[g.cursor].quiet_plies, 0);
    qp_game_free(&g);
    qp_hist h[102];
    memset(h, 0, sizeof h);
    for (int i = 0; i <= 100; i++) {
        h[i].hash = (uint64_t)i + 1;   /* never the same position */
        h[i].quiet_plies = i;
        h[i].to_move = i & 1;
    }
    qp_outcome o;
    qp_history_judge(r, h, 99, &o);
    assert_int_equal(o.result, QP_ONGOING);
    qp_history_judge(r, h, 100, &o);
    assert_int_equal(o.result, QP_DRAW);
    /* the FEN keeps the halfmove clock and the fullmove number */
    s = bt_pos_at(r, "4k3/8/8/8/8/8/P7/4K3 w - - 37 60");
    bt_play(r, s, "e1d1");
    bt_assert_fen(r, s, "4k3/8/8/8/8/8/P7/3K4 b - - 38 60");
    bt_play(r, s, "e8d8 a2a3");
    bt_assert_fen(r, s, "3k4/8/8/8/8/P7/8/3K4 b - - 0 61");
    free(s);
    qp_rules_free(r);
}

/* ---- FEN ------------------------------------------------------------------------------------- */

static void test_fen(void **st)
{
    (void)st;
    qp_rules *r = chess();
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 12 40",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        void *s = bt_pos_at(r, fens[i]);
        bt_assert_fen(r, s, fens[i]);
        free(s);
    }
    void *s = bt_pos_at(r, NULL);
    bt_assert_fen(r, s, fens[0]);
    /* the short forms: castling and en passant default to none, the counters to 0 1 */
    free(s);
    s = bt_pos_at(r, "4k3/8/8/8/8/8/8/4K3 b");
    bt_assert_fen(r, s, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    free(s);
    static const struct { const char *fen, *err; } bad[] = {
        {"4k3/8/8/8/8/8/8/4K3 w X - 0 1", "FEN castling: 'X' is not a castling of this game"},
        {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "FEN castling: 'K' needs the king on e1 and its partner on h1"},
        {"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "FEN en passant: e3 is not a square an enemy piece just passed"},
        {"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "FEN en passant: 'z9' is not a square of the board"},
        {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "FEN halfmove clock: expected a count, got 'x'"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 0", "FEN fullmove number: expected a count from 1, got '0'"},
        {"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "FEN: the side not to move is in check"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 7", "FEN: expected board, side, castling, en passant, halfmove and "
                                            "fullmove, got 7 fields"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[QP_ERR] = "";
        s = qp_state_new(r);
        if (!r->rs->fen_parse(r, s, bad[i].fen, err, sizeof err)) fail_msg("%s accepted", bad[i].fen);
        if (strcmp(err, bad[i].err)) fail_msg("%s: '%s', expected '%s'", bad[i].fen, err, bad[i].err);
        free(s);
    }
    qp_rules_free(r);
}

/* ---- bad declarations --------------------------------------------------------------------------- */

static void test_bad_specs(void **st)
{
    (void)st;
    assert_int_equal(bt_check_bad_games(QP_TESTDATA_DIR "/games_royal_bad"), 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_start),     cmocka_unit_test(test_perft_kiwipete),
        cmocka_unit_test(test_perft_position3), cmocka_unit_test(test_perft_position4),
        cmocka_unit_test(test_castling),        cmocka_unit_test(test_en_passant),
        cmocka_unit_test(test_promotion),       cmocka_unit_test(test_mate_and_stalemate),
        cmocka_unit_test(test_draws),           cmocka_unit_test(test_fifty_moves),
        cmocka_unit_test(test_fen),             cmocka_unit_test(test_bad_specs),
        cmocka_unit_test(test_move_marks),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
