/*
 * test_lua_adapter.c — the Lua hook adapter itself (framework/lua/), on
 * reversi_hooks.lua, the game kept written wholly as Lua hooks: its perft
 * counts, the adapter's memo of hook answers, and the errors a game table
 * with unknown or misspelt keys gives.
 *
 * Reversi perft counts (passes counted as moves) are the published
 * Othello figures.
 */
#include "testutil.h"
#include "lua_ruleset.h"
#include "luatest.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const uint64_t reversi_perft[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};

/* Depth 8 takes seconds with the sanitizers; the optimised build runs it. */
#if defined(__SANITIZE_ADDRESS__)
#define REVERSI_MAX_DEPTH 7
#else
#define REVERSI_MAX_DEPTH 8
#endif

static void test_reversi_hooks_perft(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "reversi_hooks");
    void *s = qp_state_new(r);
    r->rs->setup(r, s);
    for (int d = 1; d <= REVERSI_MAX_DEPTH; d++) {
        uint64_t n = tu_perft(r, s, d);
        if (n != reversi_perft[d]) fail_msg("perft %d: %llu, expected %llu", d, (unsigned long long)n,
                                            (unsigned long long)reversi_perft[d]);
    }
    assert_string_equal(qp_lua_rules_error(r), "");
    free(s);
    qp_rules_free(r);
}

/* The memo answers a position again exactly as the hook did: perft 6 on a
 * warm instance (most positions remembered) agrees with a fresh one, and
 * every position's moves and score agree with a fresh instance's. */
static void test_memo_agrees(void **st)
{
    (void)st;
    qp_rules *warm = tu_rules(&tu_reg, "reversi_hooks");
    void *s = qp_state_new(warm);
    warm->rs->setup(warm, s);
    for (int i = 0; i < 3; i++) assert_int_equal(tu_perft(warm, s, 6), 8200);

    /* a game walked on the warm instance, each position checked on fresh ones */
    qp_move mv[QP_MAX_MOVES], mv2[QP_MAX_MOVES];
    for (int ply = 0; ply < 40; ply++) {
        qp_rules *fresh = tu_rules(&tu_reg, "reversi_hooks");
        int n = warm->rs->gen(warm, s, mv, QP_GEN_ALL);
        int n2 = warm->rs->gen(warm, s, mv2, QP_GEN_ALL);   /* from the memo */
        assert_int_equal(n, n2);
        assert_memory_equal(mv, mv2, sizeof *mv * (size_t)n);
        int e = warm->rs->evaluate(warm, s);
        assert_int_equal(warm->rs->evaluate(warm, s), e);
        assert_int_equal(fresh->rs->gen(fresh, s, mv2, QP_GEN_ALL), n);
        assert_memory_equal(mv, mv2, sizeof *mv * (size_t)n);
        assert_int_equal(fresh->rs->evaluate(fresh, s), e);
        /* no noisy hook: no move is noisy */
        assert_int_equal(warm->rs->gen(warm, s, mv2, QP_GEN_NOISY), 0);
        /* "is there a move?" stops at the first and leaves no partial
         * list in the memo: the full list follows */
        qp_rules *fresh2 = tu_rules(&tu_reg, "reversi_hooks");
        int any = fresh2->rs->gen(fresh2, s, mv2, QP_GEN_ANY);
        assert_int_equal(any, n ? 1 : 0);
        if (n) assert_true(mv2[0] == mv[0]);
        assert_int_equal(fresh2->rs->gen(fresh2, s, mv2, QP_GEN_ALL), n);
        assert_memory_equal(mv, mv2, sizeof *mv * (size_t)n);
        qp_rules_free(fresh2);
        qp_rules_free(fresh);
        if (!n) break;
        warm->rs->make(warm, s, mv[(ply * 7) % n], NULL);
    }
    assert_string_equal(qp_lua_rules_error(warm), "");
    free(s);
    qp_rules_free(warm);
}

/* ---- game files written for a test (luatest.h) ---------------------------- */

static void test_unknown_keys(void **st)
{
    (void)st;
    char body[1024];
    assert_string_equal(lt_load_error(lt_ok_hooks), "");
    /* a misspelt hook: the game would silently have no moves */
    assert_string_equal(lt_load_error("  moevs = function(pos) pos:add_empty() end,\n"
                                   "  play = function(pos, m) end,\n"),
                        "F:6: unknown key 'moevs' (did you mean 'moves'?)");
    snprintf(body, sizeof body, "%s  evalute = function(pos) return 0 end,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: unknown key 'evalute' (did you mean 'evaluate'?)");
    snprintf(body, sizeof body, "%s  Outcome = function(pos) end,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: unknown key 'Outcome' (did you mean 'outcome'?)");
    snprintf(body, sizeof body, "%s  max_plys = 9,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: unknown key 'max_plys' (did you mean 'max_plies'?)");
    /* nothing close: no suggestion */
    snprintf(body, sizeof body, "%s  colour = 'red',\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: unknown key 'colour'");
    /* a key misspelt at the top is reported before its absence */
    assert_string_equal(lt_load_error("  nmae = 'x',\n"), "F:6: unknown key 'nmae' (did you mean 'name'?)");
    /* several: the first in the file */
    snprintf(body, sizeof body, "  zzz = 1,\n%s  aaa = 2,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:6: unknown key 'zzz'");
    /* list items are not keys */
    snprintf(body, sizeof body, "%s  'stray',\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F: the game table may only have named keys, not a number key");
    /* known keys only: the hooks' absence is its own error */
    assert_string_equal(lt_load_error(""), "F: a game needs 'moves' and 'play' functions, or 'rules'");
}

/* rules and eval (rule blocks) and ai (the AI switch) are read by their
 * own modules: here they are known keys, and the blocks' moves plus the
 * hooks' (appended) make the game. */
static void test_reserved_keys(void **st)
{
    (void)st;
    char body[1024], err[QP_ERR];
    snprintf(body, sizeof body,
             "%s  rules = { place = 'empty' },\n  eval = { mobility = 1 },\n"
             "  ai = 'mcts',\n  caps = { 'lmr' },\n",
             lt_ok_hooks);
    qp_ruleset *rs = lt_load(body, err, sizeof err);
    if (!rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    assert_non_null(r);
    /* a block game keeps the caps its file asks for */
    assert_int_equal(r->caps, QP_CAP_LEAF_CHECK | QP_CAP_LMR);
    void *s = qp_state_new(r);
    r->rs->setup(r, s);
    /* 3 empty squares placed by the blocks and again by the moves hook:
     * 6 moves, then 4, then 2 */
    assert_int_equal(tu_perft(r, s, 3), 48);
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
}

/* The memo keys on the whole state: positions that differ only in the ply
 * (which hooks may read) get their own answers. */
static void test_memo_ply(void **st)
{
    (void)st;
    char err[QP_ERR];
    qp_ruleset *rs = lt_load("  moves = function(pos)\n"
                          "    if pos:ply() % 2 == 1 then pos:add(qp.place(0)) else pos:add_empty() end\n"
                          "  end,\n"
                          "  play = function(pos, m) end,\n"
                          "  evaluate = function(pos) return pos:ply() end,\n",
                          err, sizeof err);
    if (!rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    assert_non_null(r);
    void *s = qp_state_new(r);
    qp_move mv[QP_MAX_MOVES];
    /* enough rounds for the memo to be made (it waits a few hundred
     * lookups) and then answer */
    for (int round = 0; round < 200; round++)
        for (int ply = 0; ply < 4; ply++) {
            char fen[32];
            snprintf(fen, sizeof fen, "3 w %d", ply);
            if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("%s", err);
            assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), ply % 2 ? 1 : 3);
            assert_int_equal(r->rs->evaluate(r, s), ply);
        }
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
}

/* A whole game file's ruleset and an instance of it (the test fails if
 * either cannot be made). */
static qp_rules *instance(const char *src, qp_ruleset **rs)
{
    char path[64], err[QP_ERR];
    snprintf(path, sizeof path, "%s", tu_tmpfile(src, ".lua"));
    *rs = qp_lua_ruleset_load(path, err, sizeof err);
    unlink(path);
    if (!*rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(*rs, NULL, err, sizeof err);
    if (!r) fail_msg("%s", err);
    return r;
}

/* One-player puzzles never draw: a hook's "loss", and a puzzle left
 * without moves, are "failed" (QP_WIN for side 1, ruleset.h). */
static void test_puzzle_failed(void **st)
{
    (void)st;
    static const char src[] =
        "return {\n"
        "  name = 'lonely', board = { width = 2, height = 1 }, sides = { 'solo' },\n"
        "  pieces = { P = '' },\n"
        "  moves = function(pos) if pos:count('P') == 0 then pos:add(qp.place(0)) end end,\n"
        "  play = function(pos, m) pos:set(qp.to(m), 'P') end,\n"
        "  outcome = function(pos) if pos:get(1) then return 'loss', 0, 'b1 taken' end end,\n"
        "}\n";
    char err[QP_ERR];
    qp_ruleset *rs;
    qp_rules *r = instance(src, &rs);
    void *s = qp_state_new(r);
    qp_outcome o;
    assert_int_equal(rs->fen_parse(r, s, "1P w 0", err, sizeof err), 0);
    rs->outcome(r, s, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 1);
    assert_string_equal(o.reason, "b1 taken");
    assert_int_equal(rs->fen_parse(r, s, "P1 w 0", err, sizeof err), 0);
    rs->outcome(r, s, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 1);
    assert_string_equal(o.reason, "no moves");
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
}

/* QP_GEN_ANY ends the moves hook at its first pos:add; a hook that
 * catches that with pcall goes on, and its answer still counts. */
static void test_gen_any(void **st)
{
    (void)st;
    char err[QP_ERR];
    qp_ruleset *rs = lt_load("  moves = function(pos)\n"                                        /* 6 */
                          "    for sq = 0, 2 do\n"                                            /* 7 */
                          "      if not pos:get(sq) then pcall(pos.add, pos, qp.place(sq)) end\n" /* 8 */
                          "    end\n"                                                          /* 9 */
                          "  end,\n"                                                           /* 10 */
                          "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n",
                          err, sizeof err);
    if (!rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    assert_non_null(r);
    void *s = qp_state_new(r);
    r->rs->setup(r, s);
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ANY), 3);
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 3);
    for (int i = 0; i < 3; i++) {
        r->rs->gen(r, s, mv, QP_GEN_ALL);
        r->rs->make(r, s, mv[0], NULL);
    }
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ANY), 0);
    assert_string_equal(qp_lua_rules_error(r), "");
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
}

/* A puzzle's hopeless hook: the solver gives up where it says so, and only
 * one-player games may have one. */
static void test_hopeless_hook(void **st)
{
    (void)st;
    /* fill the four points; a1 before b1 is declared hopeless */
    static const char src[] =
        "return {\n"
        "  name = 'fill', board = { width = 4, height = 1 }, sides = { 'solo' },\n"
        "  pieces = { P = '' },\n"
        "  moves = function(pos) pos:add_empty() end,\n"
        "  play = function(pos, m) pos:set(qp.to(m), 'P') end,\n"
        "  outcome = function(pos) if pos:count('P') == 4 then return 'win', 0, 'full' end end,\n"
        "  hopeless = function(pos) return pos:get(0) ~= nil and pos:get(1) == nil end,\n"
        "}\n";
    char err[QP_ERR];
    qp_ruleset *rs;
    qp_rules *r = instance(src, &rs);
    assert_non_null(rs->hopeless);
    void *s = qp_state_new(r);
    rs->setup(r, s);
    assert_false(rs->hopeless(r, s));
    qp_solver *sv = qp_solver_new(r, 1);
    qp_solve_result res;
    assert_int_equal(qp_solve(sv, s, 0, 0, &res), QP_SOLVE_FOUND);
    /* without the hook the first solution is a1 b1 c1 d1; with it b1 comes first */
    char t[4][QP_MOVE_TEXT];
    assert_int_equal(res.len, 4);
    for (int i = 0; i < 4; i++) rs->move_text(r, s, res.moves[i], t[i], sizeof t[i]);
    assert_string_equal(t[0], "b1");
    assert_string_equal(t[1], "a1");
    qp_solve_result_free(&res);
    qp_solver_free(sv);
    assert_int_equal(rs->fen_parse(r, s, "P3 w 1", err, sizeof err), 0);
    assert_true(rs->hopeless(r, s));
    assert_string_equal(qp_lua_rules_error(r), "");
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);

    /* two players: no goal to give up */
    char body[512];
    snprintf(body, sizeof body, "%s  hopeless = function(pos) return false end,\n", lt_ok_hooks);
    assert_string_equal(lt_load_error(body), "F:8: 'hopeless' is for one-player puzzles (one side)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reversi_hooks_perft), cmocka_unit_test(test_memo_agrees),
        cmocka_unit_test(test_unknown_keys),        cmocka_unit_test(test_reserved_keys),
        cmocka_unit_test(test_memo_ply),            cmocka_unit_test(test_puzzle_failed),
        cmocka_unit_test(test_gen_any),            cmocka_unit_test(test_hopeless_hook),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
