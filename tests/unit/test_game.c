/*
 * test_game.c — the game layer: record, undo/redo by replay, history rules.
 */
#include "testutil.h"
#include "walkgame.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

static qp_rules *walk_rules(const char *const *kv)
{
    char err[QP_ERR];
    qp_params p;
    assert_int_equal(qp_params_init(&p, walk_ruleset.params, err, sizeof err), 0);
    for (; kv && *kv; kv++) {
        char key[64];
        const char *eq = strchr(*kv, '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - *kv), *kv);
        assert_int_equal(qp_params_set(&p, key, eq + 1, err, sizeof err), 0);
    }
    qp_rules *r = qp_rules_create(&walk_ruleset, &p, err, sizeof err);
    assert_non_null(r);
    return r;
}

static void play_all(qp_game *g, const char *moves)
{
    char err[QP_ERR];
    for (const char *m = moves; *m; m++) {
        char t[2] = {*m, 0};
        if (qp_game_play_text(g, t, err, sizeof err)) fail_msg("move %c: %s", *m, err);
    }
}

static void test_undo_redo_replay(void **st)
{
    (void)st;
    qp_rules *r = walk_rules(NULL);
    qp_game g;
    char err[QP_ERR], fen[64];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play_all(&g, "rrll");
    assert_int_equal(g.len, 4);
    assert_true(qp_game_undo(&g));
    assert_true(qp_game_undo(&g));
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "5 w");
    /* Replay rebuilt the state from the start: moves_made counts only the
     * replayed moves, so a drifting incremental undo would show here. */
    assert_int_equal(((walk_state *)g.cur)->moves_made, 2);
    assert_true(qp_game_redo(&g));
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "4 b");
    /* A new move drops the redo tail. */
    play_all(&g, "r");
    assert_int_equal(g.len, 4);
    assert_false(qp_game_redo(&g));
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, "5 w");
    qp_game_goto(&g, 0);
    assert_false(qp_game_undo(&g));
    assert_int_equal(g.cursor, 0);
    char mt[8];
    qp_game_move_text(&g, 3, mt, sizeof mt);
    assert_string_equal(mt, "r");
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_replay_matches_incremental(void **st)
{
    (void)st;
    qp_rules *r = walk_rules(NULL);
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play_all(&g, "rrrlllllrl");
    qp_hist inc[16];
    memcpy(inc, g.hist, sizeof inc[0] * (size_t)(g.cursor + 1));
    walk_state s = *(walk_state *)g.cur;
    qp_game_goto(&g, 3);
    qp_game_goto(&g, g.len);
    assert_memory_equal(&s, g.cur, sizeof s);
    assert_memory_equal(inc, g.hist, sizeof inc[0] * (size_t)(g.cursor + 1));
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_illegal_move_keeps_game(void **st)
{
    (void)st;
    qp_rules *r = walk_rules((const char *const[]){"start=6", NULL});
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_game_play_text(&g, "r", err, sizeof err), -1);
    assert_string_equal(err, "illegal move 'r'");
    assert_int_equal(g.len, 0);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_repetition_draw(void **st)
{
    (void)st;
    qp_rules *r = walk_rules(NULL);
    qp_game g;
    qp_outcome o;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    /* 3w -> 4b -> 3w -> 4b -> 3w: the start position for the third time. */
    play_all(&g, "rlr");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    play_all(&g, "l");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_DRAW);
    assert_string_equal(o.reason, "repetition");
    assert_int_equal(qp_game_play_text(&g, "r", err, sizeof err), -1);
    assert_string_equal(err, "the game is over (repetition)");
    qp_game_undo(&g);
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_perpetual_check(void **st)
{
    (void)st;
    qp_rules *r = walk_rules((const char *const[]){"start=5", NULL});
    qp_game g;
    qp_outcome o;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    /* White steps onto 6 (check) each time, Black steps off (no check). */
    play_all(&g, "rlrl");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 1);
    assert_string_equal(o.reason, "perpetual-check");
    qp_game_free(&g);
    qp_rules_free(r);

    r = walk_rules((const char *const[]){"start=5", "draw.perpetual_check_loses=false", NULL});
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play_all(&g, "rlrl");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_DRAW);
    assert_string_equal(o.reason, "repetition");
    qp_game_free(&g);
    qp_rules_free(r);

    r = walk_rules((const char *const[]){"start=5", "draw.repetitions=4", NULL});
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play_all(&g, "rlrl");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    play_all(&g, "rl");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_no_capture_limit(void **st)
{
    (void)st;
    qp_rules *r = walk_rules((const char *const[]){"start=0", "draw.repetitions=0",
                                                   "draw.no_capture_plies=6", NULL});
    qp_game g;
    qp_outcome o;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    play_all(&g, "rrrrr");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    play_all(&g, "l");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_DRAW);
    assert_string_equal(o.reason, "no-capture-limit");
    /* A capture resets the count. */
    qp_game_goto(&g, 0);
    play_all(&g, "rlcrrrr");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    assert_int_equal(g.hist[g.cursor].quiet_plies, 4);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_resign_and_bad_fen(void **st)
{
    (void)st;
    qp_rules *r = walk_rules(NULL);
    qp_game g;
    qp_outcome o;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, "9 w", err, sizeof err), -1);
    assert_string_equal(err, "bad FEN '9 w'");
    assert_int_equal(qp_game_init(&g, r, "2 b", err, sizeof err), 0);
    assert_string_equal(g.start_fen, "2 b");
    g.resigned = qp_game_to_move(&g);
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 0);
    assert_string_equal(o.reason, "resignation");
    assert_true(qp_game_undo(&g));     /* takes the resignation back */
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    qp_game_free(&g);
    qp_rules_free(r);
}

static int silent_create(qp_rules *r, char *err, size_t errn)
{
    (void)r;
    (void)err;
    (void)errn;
    return -1;   /* fails and says nothing */
}

/* A create hook that fails without a word still leaves a message (callers
 * printed an uninitialised buffer). */
static void test_silent_create_has_a_message(void **st)
{
    (void)st;
    qp_ruleset silent = walk_ruleset;
    silent.create = silent_create;
    char err[QP_ERR];
    memset(err, 'x', sizeof err);
    err[sizeof err - 1] = 0;
    assert_null(qp_rules_create(&silent, NULL, err, sizeof err));
    assert_string_equal(err, "its create hook failed without a message");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_redo_replay),
        cmocka_unit_test(test_replay_matches_incremental),
        cmocka_unit_test(test_illegal_move_keeps_game),
        cmocka_unit_test(test_repetition_draw),
        cmocka_unit_test(test_perpetual_check),
        cmocka_unit_test(test_no_capture_limit),
        cmocka_unit_test(test_resign_and_bad_fen),
        cmocka_unit_test(test_silent_create_has_a_message),
    };
    return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
