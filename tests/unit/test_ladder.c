/*
 * test_ladder.c — the ladder's players and referee (tools/ladder/arena.c):
 * player specs read and written back, and their errors; GTP vertices; the
 * tally of games and pairs; flat Monte Carlo taking a win in one; games
 * refereed to their end, the same seeds giving the same games.
 */
#include "testutil.h"
#include "arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_specs(void **st)
{
    (void)st;
    static const struct { const char *in, *out; } ok[] = {
        {"random", "random"},
        {"flat:500", "flat:500"},
        {"ab:3", "ab:3"},
        {"abn:20000", "abn:20000"},
        {"mcts:2000", "mcts:2000"},
        {"mcts:2000:norave", "mcts:2000:norave"},
        {"mcts:100:eyes,noreuse,rave", "mcts:100:rave,noreuse,eyes"},
        {"mcts:100:noatari,eyes", "mcts:100:eyes,noatari"},
        {"level:4", "level:4"},
        {"level:10:5000", "level:10:5000"},
        {"gtp:gnugo --mode gtp --level 1", "gtp:gnugo --mode gtp --level 1"},
    };
    char err[QP_ERR], buf[256];
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        ar_spec s;
        assert_int_equal(ar_parse(ok[i].in, &s, err, sizeof err), 0);
        ar_spec_text(&s, buf, sizeof buf);
        assert_string_equal(buf, ok[i].out);
    }
    ar_spec s;
    assert_int_equal(ar_parse("mcts:2000:norave,reuse", &s, err, sizeof err), 0);
    assert_int_equal(s.kind, AR_MCTS);
    assert_int_equal(s.budget, 2000);
    assert_int_equal(s.rave, 0);
    assert_int_equal(s.reuse, 1);
    assert_int_equal(s.eyes, -1);
    static const struct { const char *in, *err; } bad[] = {
        {"mcts", "player 'mcts': expected a positive number after ':' (e.g. mcts:2000)"},
        {"flat:0", "player 'flat:0': expected a positive number after ':' (e.g. mcts:2000)"},
        {"flat:10x", "player 'flat:10x': expected a positive number after ':' (e.g. mcts:2000)"},
        {"abn:10:rave", "player 'abn:10:rave': nothing may follow the number"},
        {"ab:65", "player 'ab:65': expected a depth 1..64 (e.g. ab:4)"},
        {"level:10", "player 'level:10': level 10 has no limit of its own: give nodes (level:10:N)"},
        {"level:11", "player 'level:11': expected a level 1..10 (e.g. level:5)"},
        {"mcts:10:fast", "player 'mcts:10:fast': MCTS options are rave, reuse, eyes, atari, patterns, priors, each with 'no' before to turn it off"},
        {"random:3", "player 'random:3': random takes no number"},
        {"gtp:", "player 'gtp:': gtp needs a program: gtp:CMD ARGS"},
        {"minimax:3", "player 'minimax:3': expected random, flat:N, ab:D, abn:N, mcts:N[:OPTS], level:L[:N] or gtp:CMD"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(ar_parse(bad[i].in, &s, err, sizeof err), -1);
        assert_string_equal(err, bad[i].err);
    }
}

/* GTP's letters skip I; rows count from 1 at the bottom. */
static void test_gtp_vertices(void **st)
{
    (void)st;
    char v[8];
    ar_gtp_vertex(0, 9, v, sizeof v);
    assert_string_equal(v, "A1");
    ar_gtp_vertex(8, 9, v, sizeof v);
    assert_string_equal(v, "J1");
    ar_gtp_vertex(80, 9, v, sizeof v);
    assert_string_equal(v, "J9");
    ar_gtp_vertex(18 * 19 + 18, 19, v, sizeof v);
    assert_string_equal(v, "T19");
    assert_int_equal(ar_gtp_point("A1", 9, 9), 0);
    assert_int_equal(ar_gtp_point("j9", 9, 9), 80);
    assert_int_equal(ar_gtp_point("H2", 9, 9), 9 + 7);
    assert_int_equal(ar_gtp_point("PASS", 9, 9), -2);
    assert_int_equal(ar_gtp_point("I5", 9, 9), -1);
    assert_int_equal(ar_gtp_point("K1", 9, 9), -1);
    assert_int_equal(ar_gtp_point("A10", 9, 9), -1);
    assert_int_equal(ar_gtp_point("A0", 9, 9), -1);
    assert_int_equal(ar_gtp_point("A", 9, 9), -1);
    assert_int_equal(ar_gtp_point("A1x", 9, 9), -1);
}

static void test_tally(void **st)
{
    (void)st;
    elo_tally t = {0};
    int games[] = {2, 1, 0, 2, 2, 2};
    for (int i = 0; i < 6; i += 2) {
        ar_tally_game(&t, games[i]);
        ar_tally_game(&t, games[i + 1]);
        elo_add_pair(&t, games[i] + games[i + 1]);
    }
    assert_int_equal(t.w, 4);
    assert_int_equal(t.d, 1);
    assert_int_equal(t.l, 1);
    assert_int_equal(t.penta[3], 1);
    assert_int_equal(t.penta[2], 1);
    assert_int_equal(t.penta[4], 1);
    char buf[128];
    ar_tally_text(&t, buf, sizeof buf);
    assert_string_equal(buf, "4-1-1 (75.0%) Elo +191 [-39, +1200]");
    elo_tally even = {.w = 5, .d = 0, .l = 5};
    ar_tally_text(&even, buf, sizeof buf);
    assert_string_equal(buf, "5-0-5 (50.0%) Elo +0 [-252, +252]");
}

static qp_game *game_after(const qp_rules *r, const char *moves)
{
    static qp_game g;
    char err[QP_ERR], buf[256];
    if (qp_game_init(&g, r, NULL, err, sizeof err)) fail_msg("%s", err);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        if (qp_game_play_text(&g, t, err, sizeof err)) fail_msg("%s: %s", t, err);
    return &g;
}

static const char *text_of(const qp_rules *r, const qp_game *g, qp_move m)
{
    static char buf[QP_MOVE_TEXT];
    if (!m) return "(none)";
    r->rs->move_text(r, g->cur, m, buf, sizeof buf);
    return buf;
}

/* Flat MC takes a win in one, with any budget and seed; with a budget it
 * also stops an open four at gomoku's edge (c1 d1 e1 f1: O must block). */
static void test_flat_mc_wins_in_one(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game *g = game_after(r, "a1 a2 b1 b2");
    for (uint64_t seed = 1; seed <= 3; seed++) {
        uint64_t rng = seed;
        assert_string_equal(text_of(r, g, ar_flat_mc(r, g, 1, &rng)), "c1");
        assert_string_equal(text_of(r, g, ar_flat_mc(r, g, 900, &rng)), "c1");
    }
    qp_game_free(g);
    g = game_after(r, "a1 b2 a2");   /* O must take a3 */
    uint64_t rng = 5;
    assert_string_equal(text_of(r, g, ar_flat_mc(r, g, 2000, &rng)), "a3");
    qp_game_free(g);
    g = game_after(r, "a1 a2 b1 b2 c1");   /* decided: no move */
    assert_true(ar_flat_mc(r, g, 100, &rng) == QP_MOVE_NONE);
    qp_game_free(g);
    qp_rules_free(r);
}

/* The referee plays to the end; the same seeds give the same result and
 * reason; MCTS beats random in both colours. */
static void test_referee(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    char err[QP_ERR], why1[128], why2[128];
    ar_spec sa, sb;
    assert_int_equal(ar_parse("mcts:400", &sa, err, sizeof err), 0);
    assert_int_equal(ar_parse("random", &sb, err, sizeof err), 0);
    ar_player *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_int_equal(ar_player_init(a, r, &sa, err, sizeof err), 0);
    assert_int_equal(ar_player_init(b, r, &sb, err, sizeof err), 0);
    elo_tally t = {0};
    for (int side = 0; side < 2; side++) {
        int s = ar_play_game(r, a, b, side, 0, 1, 2, 1000, why1, sizeof why1, NULL);
        assert_int_equal(s, 2);
        assert_non_null(strstr(why1, "three in a row after "));
        ar_tally_game(&t, s);
    }
    assert_int_equal(t.w, 2);
    /* random against random: the same seeds, the same game */
    ar_player_free(a);
    assert_int_equal(ar_player_init(a, r, &sb, err, sizeof err), 0);
    b->rng = a->rng = 0;
    int s1 = ar_play_game(r, a, b, 0, 2, 7, 9, 1000, why1, sizeof why1, NULL);
    b->rng = a->rng = 0;
    int s2 = ar_play_game(r, a, b, 0, 2, 7, 9, 1000, why2, sizeof why2, NULL);
    assert_int_equal(s1, s2);
    assert_string_equal(why1, why2);
    /* a ply cap adjudicates a draw */
    assert_int_equal(ar_play_game(r, a, b, 0, 0, 7, 9, 3, why1, sizeof why1, NULL), 1);
    assert_string_equal(why1, "ply cap (adjudicated) after 3 plies");
    ar_player_free(a);
    ar_player_free(b);
    free(a);
    free(b);
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specs),
        cmocka_unit_test(test_gtp_vertices),
        cmocka_unit_test(test_tally),
        cmocka_unit_test(test_flat_mc_wins_in_one),
        cmocka_unit_test(test_referee),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
