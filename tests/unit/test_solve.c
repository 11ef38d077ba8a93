/*
 * test_solve.c — the puzzle solver (framework/solve.c) on English peg
 * solitaire, and the AI dispatcher's use of it for one-player games.
 * Every solution is replayed move by move through the rules, so a wrong
 * "solution" fails here, not only a missing one.
 */
#include "testutil.h"
#include "ai.h"
#include "lua_ruleset.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "splitmix.h"

#define START "2PPP2/2PPP2/PPPPPPP/PPP1PPP/PPPPPPP/2PPP2/2PPP2 w 0"
/* c5 d5 and e3: a jump is possible, but two pegs always remain (with the
 * goal "one peg anywhere" the position class allows a lone peg, so only
 * the search can tell) */
#define HOPELESS "7/7/2PP3/7/4P2/7/7 w 0"
static const char *const GOAL_ONE[] = {"goal=one", NULL};

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
    qp_rules *r = tu_rules_with(&tu_reg, "pegsolitaire", GOAL_ONE);
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
    /* five pegs, solved by d4b4 e6c6 c6c4 b4d4 (built backwards from d4;
     * the first two commute) */
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
    /* without limits the job runs until stopped, then still gives a move */
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    for (int kind = QP_AI_ALPHABETA; kind <= QP_AI_MCTS; kind++) {
        qp_ai *a = qp_ai_new(r, kind, 1);
        qp_search_limits none = {0};
        assert_int_equal(qp_ai_start(a, &g, &none, NULL, NULL), 0);
        qp_ai_stop(a);
        qp_search_info info;
        qp_move m = qp_ai_wait(a, &info);
        assert_true(qp_move_is_legal(r, g.cur, m));
        assert_true(info.done);
        assert_false(qp_ai_running(a));
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


/* A one-peg walk along a snake-shaped board (19 wide, 9 high: full rows
 * joined by one-point connectors at alternate ends), from s1 to a9: the
 * only solution is the path, 98 steps, deeper than the solver's first
 * stack allocation; steps go both ways, so the line meets cycles. */
static qp_ruleset *snake(bool reachable)
{
    char src[2048], err[QP_ERR];
    snprintf(src, sizeof src,
             "local GOAL = 8 * 19\n"
             "return {\n"
             "  name = 'snake', title = 'snake walk',\n"
             "  board = { width = 19, height = 9, shape = {\n"
             "    'xxxxxxxxxxxxxxxxxxx', '..................x', 'xxxxxxxxxxxxxxxxxxx',\n"
             "    'x..................', 'xxxxxxxxxxxxxxxxxxx', '..................x',\n"
             "    'xxxxxxxxxxxxxxxxxxx', 'x..................', 'xxxxxxxxxxxxxxxxxxx' } },\n"
             "  sides = { 'walker' },\n"
             "  pieces = { P = '' },\n"
             "  setup = function(pos) pos:set(18, 'P') end,\n"
             "  moves = function(pos)\n"
             "    if %s pos:get(GOAL) then return end\n"
             "    for sq = 0, qp.n - 1 do\n"
             "      if pos:get(sq) then\n"
             "        for d = 0, 3 do\n"
             "          local to = qp.step(sq, d)\n"
             "          if to and qp.on_board(to) then pos:add(qp.move(sq, to)) end\n"
             "        end\n"
             "      end\n"
             "    end\n"
             "  end,\n"
             "  play = function(pos, m) pos:set(qp.from(m), nil); pos:set(qp.to(m), 'P') end,\n"
             "  outcome = function(pos)\n"
             "    if %s pos:get(GOAL) then return 'win', 0, 'home' end\n"
             "  end,\n"
             "}\n",
             reachable ? "" : "false and", reachable ? "" : "false and");
    const char *path = tu_tmpfile(src, ".lua");
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
    unlink(path);
    if (!rs) fail_msg("%s", err);
    return rs;
}

static void test_deep_and_cyclic(void **st)
{
    (void)st;
    char err[QP_ERR];
    for (int reachable = 1; reachable >= 0; reachable--) {
        qp_ruleset *rs = snake(reachable);
        qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
        assert_non_null(r);
        void *s = position(r, NULL);
        qp_solver *sv = qp_solver_new(r, 1);
        qp_solve_result res;
        if (reachable) {
            assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_FOUND);
            assert_int_equal(res.len, 98);
            qp_outcome o = replay(r, s, res.moves, res.len);
            assert_int_equal(o.result, QP_WIN);
            assert_int_equal(o.winner, 0);
        } else {
            /* every one of the 99 points entered once, then proven */
            assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_NONE);
            assert_int_equal(res.nodes, 99);
        }
        qp_solve_result_free(&res);
        qp_solver_free(sv);
        free(s);
        qp_rules_free(r);
        qp_lua_ruleset_free(rs);
    }
}

/* The solver's verdict on s with or without the ruleset's hopeless hook,
 * from a fresh solver; *nodes (when given) the positions it entered. */
static qp_solve_status verdict(qp_rules *r, const void *s, bool prune, uint64_t *nodes)
{
    const qp_ruleset *orig = r->rs;
    qp_ruleset plain = *orig;
    if (!prune) plain.hopeless = NULL;
    r->rs = &plain;
    qp_solver *sv = qp_solver_new(r, 4);
    qp_solve_result res;
    qp_solve_status st = qp_solve(sv, s, 0, 0, &res);
    if (nodes) *nodes = res.nodes;
    qp_solve_result_free(&res);
    qp_solver_free(sv);
    r->rs = orig;
    return st;
}

/* The position class (rule of three): the French board from the centre
 * start is proved hopeless at once, for either goal; on small positions
 * the pruning never changes a verdict the full search gives. */
static void test_position_class(void **st)
{
    (void)st;
    static const char *const french[] = {"board=french", NULL};
    static const char *const french_one[] = {"board=french", "goal=one", NULL};
    const char *const *cases[] = {french, french_one};
    for (int i = 0; i < 2; i++) {
        qp_rules *r = tu_rules_with(&tu_reg, "pegsolitaire", cases[i]);
        void *s = position(r, NULL);
        uint64_t nodes;
        assert_int_equal(verdict(r, s, true, &nodes), QP_SOLVE_NONE);
        assert_int_equal(nodes, 1);
        free(s);
        qp_rules_free(r);
    }
    /* random positions of 4 to 9 pegs on the English board, both goals */
    const char *const *goals[] = {NULL, GOAL_ONE};
    uint64_t seed = 12345;
    int pruned = 0, found = 0;
    for (int gi = 0; gi < 2; gi++) {
        qp_rules *r = gi ? tu_rules_with(&tu_reg, "pegsolitaire", goals[gi]) : tu_rules(&tu_reg, "pegsolitaire");
        assert_non_null(r->rs->hopeless);
        void *s0 = position(r, NULL);
        for (int t = 0; t < 150; t++) {
            void *s = qp_state_new(r);
            memcpy(s, s0, r->state_size);
            /* empty the board, then put pegs on random holes of the cross */
            char fen[64];
            char cell[49];
            for (int k = 0; k < 49; k++) cell[k] = '.';
            int want = 4 + (int)(qp_splitmix64(&seed) % 6);
            for (int placed = 0; placed < want;) {
                int k = (int)(qp_splitmix64(&seed) % 49), x = k % 7, y = k / 7;
                bool on = (x >= 2 && x <= 4) || (y >= 2 && y <= 4);
                if (on && cell[k] == '.') cell[k] = 'P', placed++;
            }
            size_t n = 0;
            for (int y = 0; y < 7; y++) {
                int run = 0;
                for (int x = 0; x < 7; x++) {
                    if (cell[y * 7 + x] == 'P') {
                        if (run) n += (size_t)snprintf(fen + n, sizeof fen - n, "%d", run);
                        run = 0;
                        fen[n++] = 'P';
                    } else {
                        run++;
                    }
                }
                if (run) n += (size_t)snprintf(fen + n, sizeof fen - n, "%d", run);
                fen[n++] = y < 6 ? '/' : ' ';
            }
            snprintf(fen + n, sizeof fen - n, "w 0");
            free(s);
            s = position(r, fen);
            qp_solve_status with = verdict(r, s, true, NULL), without = verdict(r, s, false, NULL);
            if (with != without) fail_msg("%s: %d with the class, %d without", fen, with, without);
            pruned += r->rs->hopeless(r, s);
            found += with == QP_SOLVE_FOUND;
            free(s);
        }
        free(s0);
        qp_rules_free(r);
    }
    /* the sample holds both kinds, and the class decided many */
    assert_true(found > 0 && pruned > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_english_start),
        cmocka_unit_test(test_no_solution),
        cmocka_unit_test(test_decided),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_deep_and_cyclic),
        cmocka_unit_test(test_ai_uses_solver),
        cmocka_unit_test(test_position_class),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
