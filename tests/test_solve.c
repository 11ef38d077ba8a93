/*
 * test_solve.c — the puzzle solver (framework/solve.c) on English peg
 * solitaire, and the AI dispatcher's use of it for one-player games.
 * Every solution is replayed move by move through the rules, so a wrong
 * "solution" fails here, not only a missing one.
 */
#include "testutil.h"
#include "ai.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START "2PPP2/2PPP2/PPPPPPP/PPP1PPP/PPPPPPP/2PPP2/2PPP2 w 0"
/* c5 d5 and e3: a jump is possible, but two pegs always remain */
#define HOPELESS "7/7/2PP3/7/4P2/7/7 w 0"

static void *position(const qp_rules *r, const char *fen)
{
    char err[QP_ERR];
    void *s = qp_state_new(r);
    if (fen) {
        if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("%s: %s", fen, err);
    } else {
        r->rs->setup(r, s);
    }
    return s;
}

/* Plays the moves from s, each checked legal; returns the final verdict. */
static qp_outcome replay(const qp_rules *r, const void *s0, const qp_move *mv, int n)
{
    void *s = qp_state_new(r);
    memcpy(s, s0, r->state_size);
    for (int i = 0; i < n; i++) {
        assert_true(qp_move_is_legal(r, s, mv[i]));
        r->rs->make(r, s, mv[i], NULL);
    }
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    free(s);
    return o;
}

/* The 33-hole board from the start: 31 jumps, ending with one peg in
 * the centre. */
static void test_english_start(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "pegsolitaire");
    void *s = position(r, NULL);
    qp_solver *sv = qp_solver_new(r, 16);
    assert_non_null(sv);
    qp_solve_result res;
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_FOUND);
    assert_int_equal(res.len, 31);
    qp_outcome o = replay(r, s, res.moves, res.len);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 0);
    /* the dead table is kept: solving again takes no more positions */
    uint64_t first = res.nodes;
    qp_solve_result_free(&res);
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_FOUND);
    assert_true(res.nodes <= first);
    assert_int_equal(replay(r, s, res.moves, res.len).winner, 0);
    qp_solve_result_free(&res);
    qp_solver_free(sv);
    free(s);
    qp_rules_free(r);
}

static void test_no_solution(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "pegsolitaire");
    void *s = position(r, HOPELESS);
    qp_solver *sv = qp_solver_new(r, 1);
    qp_solve_result res;
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_NONE);
    assert_int_equal(res.len, 0);
    assert_null(res.moves);
    /* c5xd5 and d5xc5: both children were generated */
    assert_int_equal(res.nodes, 3);
    qp_solve_result_free(&res);
    /* now the position itself is known dead */
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_NONE);
    assert_int_equal(res.nodes, 1);
    qp_solve_result_free(&res);
    qp_solver_free(sv);
    free(s);
    qp_rules_free(r);
}

/* Decided positions: solved already (an empty solution), or failed. */
static void test_decided(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "pegsolitaire");
    qp_solver *sv = qp_solver_new(r, 1);
    qp_solve_result res;
    void *s = position(r, "7/7/7/3P3/7/7/7 w 0");
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_FOUND);
    assert_int_equal(res.len, 0);
    qp_solve_result_free(&res);
    free(s);
    s = position(r, "7/7/P6/7/P6/7/7 w 0");   /* a5 and a3: no jump left */
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_NONE);
    qp_solve_result_free(&res);
    free(s);
    /* b4 jumps c4 into the centre */
    s = position(r, "7/7/7/1PP4/7/7/7 w 0");
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_FOUND);
    assert_int_equal(res.len, 1);
    char t[QP_MOVE_TEXT];
    r->rs->move_text(r, s, res.moves[0], t, sizeof t);
    assert_string_equal(t, "b4d4");
    qp_solve_result_free(&res);
    free(s);
    qp_solver_free(sv);
    qp_rules_free(r);
}

/* A node limit or a stop request ends the search without a verdict. */
static void test_limits(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "pegsolitaire");
    void *s = position(r, NULL);
    qp_solver *sv = qp_solver_new(r, 1);
    qp_solve_result res;
    assert_int_equal(qp_solve(sv, s, 2000, 0, &res), QP_SOLVE_UNKNOWN);
    assert_true(res.nodes >= 2000 && res.nodes < 2000 + 1024);
    assert_null(res.moves);
    qp_solve_result_free(&res);
    qp_solver_free(sv);
    free(s);
    qp_rules_free(r);
}

/* The AI of a puzzle plays the solver's first move and shows the whole
 * solution as its PV; without a solution it still plays a legal move. */
static void test_ai_uses_solver(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "pegsolitaire");
    char err[QP_ERR];
    qp_game g;
    /* five pegs, solved by d4b4 e6c6 c6c4 b4d4 (built backwards from d4) */
    assert_int_equal(qp_game_init(&g, r, "7/3PP2/2P4/2PP3/7/7/7 w 0", err, sizeof err), 0);
    for (int kind = QP_AI_ALPHABETA; kind <= QP_AI_MCTS; kind++) {
        qp_ai *a = qp_ai_new(r, kind, 1);
        qp_search_limits lim = {0};
        lim.nodes = 100000;
        qp_search_info info;
        qp_move m = qp_ai_run(a, &g, &lim, NULL, NULL, &info);
        assert_true(m == info.pv[0]);
        assert_int_equal(info.pvlen, 4);
        assert_true(qp_score_is_mate(info.score) && info.score > 0);
        qp_outcome o = replay(r, g.cur, info.pv, info.pvlen);
        assert_int_equal(o.result, QP_WIN);
        assert_int_equal(o.winner, 0);
        /* threaded, the same */
        assert_int_equal(qp_ai_start(a, &g, &lim, NULL, NULL), 0);
        assert_true(qp_ai_wait(a, &info) == m);
        qp_ai_free(a);
    }
    qp_game_free(&g);
    assert_int_equal(qp_game_init(&g, r, HOPELESS, err, sizeof err), 0);
    qp_ai *a = qp_ai_new(r, QP_AI_DEFAULT, 1);
    qp_search_limits lim = {0};
    lim.depth = 2;
    qp_move m = qp_ai_run(a, &g, &lim, NULL, NULL, NULL);
    assert_true(qp_move_is_legal(r, g.cur, m));
    qp_ai_free(a);
    qp_game_free(&g);
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english_start),
        cmocka_unit_test(test_no_solution),
        cmocka_unit_test(test_decided),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_ai_uses_solver),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
