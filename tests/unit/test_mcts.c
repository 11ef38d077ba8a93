/*
 * test_mcts.c — Monte Carlo tree search (framework/mcts.c) and the AI
 * dispatcher (framework/ai.c): tactics that any sound MCTS must see (take
 * a win in one, stop a loss in one, with RAVE too), determinism with a
 * seed, limits, stop, the bounded node pool, the tree kept between moves,
 * the game file's playout options, and the choice of AI per game.
 */
#include "testutil.h"
#include "ai.h"
#include "lua_ruleset.h"
#include "mcts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void init_game(qp_game *g, const qp_rules *r, const char *fen, const char *moves)
{
    char err[QP_ERR], buf[512];
    if (qp_game_init(g, r, fen, err, sizeof err)) fail_msg("%s: %s", fen ? fen : "start", err);
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        if (qp_game_play_text(g, t, err, sizeof err)) fail_msg("move %s: %s", t, err);
}

static qp_move mcts_move(qp_mcts *m, const qp_game *g, uint64_t nodes, uint64_t seed, qp_search_info *info)
{
    qp_search_limits lim = {0};
    lim.nodes = nodes;
    lim.seed = seed;
    return qp_mcts_run(m, g, &lim, NULL, NULL, info);
}

static const char *text(const qp_rules *r, const void *s, qp_move m)
{
    static char buf[QP_MOVE_TEXT];
    if (m == QP_MOVE_NONE) return "(none)";
    r->rs->move_text(r, s, m, buf, sizeof buf);
    return buf;
}

/* X: a1 b1, O: a2 b2, X to move: c1 wins at once (O threatens c2). */
static void test_tictactoe_takes_the_win(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    init_game(&g, r, NULL, "a1 a2 b1 b2");
    qp_mcts *m = qp_mcts_new(r, 1);
    assert_non_null(m);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        qp_search_info info;
        qp_move best = mcts_move(m, &g, 2000, seed, &info);
        assert_string_equal(text(r, g.cur, best), "c1");
        /* the win is proven, so the search ends early with a mate score */
        assert_true(info.nodes < 2000);
        assert_true(qp_score_is_mate(info.score) && info.score > 0);
        assert_true(info.done);
    }
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* X: a1 c3, O: b2 a2, X to move: O threatens c2 and X has no win, so
 * only c2 does not lose at once. */
static void test_tictactoe_blocks(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    init_game(&g, r, NULL, "a1 b2 c3 a2");
    qp_mcts *m = qp_mcts_new(r, 1);
    for (uint64_t seed = 1; seed <= 5; seed++)
        assert_string_equal(text(r, g.cur, mcts_move(m, &g, 3000, seed, NULL)), "c2");
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Gomoku 15x15: black e5 f5 g5 h5 (open four) wins at d5 or i5. */
static void test_gomoku_takes_the_win(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "gomoku");
    qp_game g;
    init_game(&g, r, NULL, "e5 a15 f5 c15 g5 o1 h5 o3");
    qp_mcts *m = qp_mcts_new(r, 4);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        qp_search_info info;
        const char *t = text(r, g.cur, mcts_move(m, &g, 3000, seed, &info));
        assert_true(!strcmp(t, "d5") || !strcmp(t, "i5"));
        assert_true(info.score > 0 && qp_score_is_mate(info.score));
    }
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Gomoku: white e5 f5 g5 h5 is closed at d5 by black, so black, to move
 * and without a four of its own, must take i5. */
static void test_gomoku_blocks(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "gomoku");
    qp_game g;
    init_game(&g, r, NULL, "d5 e5 a15 f5 c15 g5 o1 h5");
    qp_mcts *m = qp_mcts_new(r, 4);
    for (uint64_t seed = 1; seed <= 3; seed++)
        assert_string_equal(text(r, g.cur, mcts_move(m, &g, 3000, seed, NULL)), "i5");
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The same seed and iteration limit give the same search; another seed
 * explores differently. */
static void test_deterministic(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "reversi");
    qp_game g;
    init_game(&g, r, NULL, NULL);
    qp_mcts *m = qp_mcts_new(r, 8);
    qp_search_info a, b, c;
    qp_move ma = mcts_move(m, &g, 400, 42, &a);
    qp_move mb = mcts_move(m, &g, 400, 42, &b);
    mcts_move(m, &g, 400, 43, &c);
    assert_true(ma == mb);
    assert_int_equal(a.nodes, 400);
    assert_int_equal(b.nodes, 400);
    assert_int_equal(a.pvlen, b.pvlen);
    assert_memory_equal(a.pv, b.pv, (size_t)a.pvlen * sizeof a.pv[0]);
    assert_int_equal(a.score, b.score);
    assert_int_equal(a.seldepth, b.seldepth);
    /* a different seed gives a different tree (its statistics differ) */
    assert_true(a.score != c.score || a.seldepth != c.seldepth || a.pvlen != c.pvlen ||
                memcmp(a.pv, c.pv, (size_t)a.pvlen * sizeof a.pv[0]));
    assert_true(qp_move_is_legal(r, g.cur, ma));
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Levels cap the playouts: 100 · 2^(level-1); depth caps them at 1000 per
 * ply; the smaller limit wins. */
static void test_levels_and_limits(void **st)
{
    (void)st;
    assert_int_equal(qp_mcts_level_playouts(1), 100);
    assert_int_equal(qp_mcts_level_playouts(4), 800);
    assert_int_equal(qp_mcts_level_playouts(9), 25600);
    assert_int_equal(qp_mcts_level_playouts(10), 0);
    assert_int_equal(qp_mcts_level_playouts(0), 0);
    qp_rules *r = tu_rules(&tu_reg, "gomoku");
    qp_game g;
    init_game(&g, r, NULL, NULL);
    qp_mcts *m = qp_mcts_new(r, 4);
    qp_search_info info;
    qp_search_limits lim = {0};
    lim.level = 1;
    qp_mcts_run(m, &g, &lim, NULL, NULL, &info);
    assert_int_equal(info.nodes, 100);
    lim.level = 3;
    lim.nodes = 150;
    qp_mcts_run(m, &g, &lim, NULL, NULL, &info);
    assert_int_equal(info.nodes, 150);
    memset(&lim, 0, sizeof lim);
    lim.depth = 1;
    qp_mcts_run(m, &g, &lim, NULL, NULL, &info);
    assert_int_equal(info.nodes, 1000);
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

static int ncb;
static void count_cb(const qp_search_info *info, void *ud)
{
    (void)info;
    (void)ud;
    ncb++;
}

/* A search without limits runs until stopped, on its thread; the move it
 * gives is legal.  Info lines come at 128, 256, 512, ... iterations and
 * once at the end. */
static void test_stop_and_threads(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "gomoku");
    qp_game g;
    init_game(&g, r, NULL, "h8");
    qp_mcts *m = qp_mcts_new(r, 4);
    qp_search_limits lim = {0};
    assert_int_equal(qp_mcts_start(m, &g, &lim, NULL, NULL), 0);
    assert_true(qp_mcts_running(m) || qp_mcts_poll(m, NULL));
    qp_mcts_stop(m);
    qp_search_info info;
    qp_move best = qp_mcts_wait(m, &info);
    assert_true(qp_mcts_poll(m, NULL));
    assert_false(qp_mcts_running(m));
    assert_true(info.done);
    assert_true(info.nodes >= 1);
    assert_true(qp_move_is_legal(r, g.cur, best));
    /* a stop request before a new search is forgotten by it */
    qp_mcts_stop(m);
    lim.nodes = 600;
    ncb = 0;
    qp_mcts_run(m, &g, &lim, count_cb, NULL, &info);
    assert_int_equal(info.nodes, 600);
    assert_int_equal(ncb, 3 + 1);   /* 128, 256, 512, and the end */
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* A full pool stops the tree, not the search. */
static void test_small_pool(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    init_game(&g, r, NULL, NULL);
    qp_mcts *m = qp_mcts_new(r, 0);
    qp_mcts_free(m);
    m = qp_mcts_new(r, 1);   /* 1 MiB: 32768 nodes, far fewer than the game tree */
    qp_search_info info;
    qp_move best = mcts_move(m, &g, 60000, 7, &info);
    assert_int_equal(info.nodes, 60000);
    assert_true(qp_move_is_legal(r, g.cur, best));
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* A decided position has no move; MCTS says so. */
static void test_game_over(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    init_game(&g, r, NULL, "a1 a2 b1 b2 c1");
    qp_mcts *m = qp_mcts_new(r, 1);
    qp_search_info info;
    assert_true(mcts_move(m, &g, 100, 1, &info) == QP_MOVE_NONE);
    assert_int_equal(info.pvlen, 0);
    qp_mcts_free(m);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void set_rave(qp_mcts *m, bool on)
{
    qp_mcts_options o;
    qp_mcts_get_options(m, &o);
    o.rave = on;
    qp_mcts_set_options(m, &o);
}

/* With RAVE the same tactics hold: a win in one is taken, a loss in one
 * stopped (tic-tac-toe and gomoku). */
static void test_tactics_with_rave(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    qp_mcts *m = qp_mcts_new(r, 1);
    set_rave(m, true);
    init_game(&g, r, NULL, "a1 a2 b1 b2");
    for (uint64_t seed = 1; seed <= 3; seed++)
        assert_string_equal(text(r, g.cur, mcts_move(m, &g, 2000, seed, NULL)), "c1");
    qp_game_free(&g);
    init_game(&g, r, NULL, "a1 b2 c3 a2");
    for (uint64_t seed = 1; seed <= 3; seed++)
        assert_string_equal(text(r, g.cur, mcts_move(m, &g, 3000, seed, NULL)), "c2");
    qp_game_free(&g);
    qp_mcts_free(m);
    qp_rules_free(r);
    r = tu_rules(&tu_reg, "gomoku");
    m = qp_mcts_new(r, 4);
    set_rave(m, true);
    init_game(&g, r, NULL, "d5 e5 a15 f5 c15 g5 o1 h5");
    for (uint64_t seed = 1; seed <= 3; seed++)
        assert_string_equal(text(r, g.cur, mcts_move(m, &g, 3000, seed, NULL)), "i5");
    qp_game_free(&g);
    qp_mcts_free(m);
    qp_rules_free(r);
}

/* After a search, the game's next two moves (the principal variation's)
 * lead into its tree: the next search keeps that subtree, unless reuse is
 * off or the handle was cleared; a position not reached from the last
 * root starts afresh. */
static void test_tree_reuse(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "gomoku");
    qp_mcts *m = qp_mcts_new(r, 8);
    for (int variant = 0; variant < 3; variant++) {
        qp_mcts_options o;
        qp_mcts_get_options(m, &o);
        o.reuse = variant != 1;
        qp_mcts_set_options(m, &o);
        qp_game g;
        init_game(&g, r, NULL, "h8");
        qp_search_info info;
        mcts_move(m, &g, 3000, 1, &info);
        assert_int_equal(qp_mcts_root_visits(m), 3000);
        assert_true(info.pvlen >= 2);
        qp_game_play(&g, info.pv[0]);
        qp_game_play(&g, info.pv[1]);
        if (variant == 2) qp_mcts_clear(m);
        mcts_move(m, &g, 500, 2, &info);
        assert_int_equal(info.nodes, 500);
        if (variant == 0) assert_true(qp_mcts_root_visits(m) > 500);
        else assert_int_equal(qp_mcts_root_visits(m), 500);
        qp_game_free(&g);
    }
    /* reuse on, but the position does not follow the last root */
    qp_mcts_options o;
    qp_mcts_get_options(m, &o);
    o.reuse = true;
    qp_mcts_set_options(m, &o);
    qp_game g;
    init_game(&g, r, NULL, "h8 h9");
    mcts_move(m, &g, 300, 1, NULL);
    qp_game_free(&g);
    init_game(&g, r, NULL, "a1 a2 a3");
    mcts_move(m, &g, 300, 1, NULL);
    assert_int_equal(qp_mcts_root_visits(m), 300);
    qp_game_free(&g);
    qp_mcts_free(m);
    qp_rules_free(r);
}

/* A block game's rules.playout sets the options a new handle starts
 * with; Go declares its eyes.  Bad values are refused at their line. */
static qp_ruleset *load_block_game(const char *playout, char *err, size_t errn)
{
    char src[1024];
    snprintf(src, sizeof src,
             "return {\n"
             "  name = 'playouttest', title = 'playout test',\n"
             "  board = { width = 3, height = 3 },\n"
             "  sides = { 'a', 'b' },\n"
             "  pieces = { A = '', b = '' },\n"
             "  rules = {\n"
             "    place = { on = 'empty' },\n"
             "%s"
             "  },\n"
             "}\n",
             playout);
    const char *path = tu_tmpfile(src, ".lua");
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, errn);
    unlink(path);
    return rs;
}

static void test_playout_key(void **st)
{
    (void)st;
    qp_rules *go = tu_rules(&tu_reg, "go");
    assert_true(go->playout & QP_PLAYOUT_AVOID_OWN_EYES);
    qp_mcts *m = qp_mcts_new(go, 1);
    qp_mcts_options o;
    qp_mcts_get_options(m, &o);
    assert_true(o.avoid_own_eyes);
    assert_false(o.reuse);
    qp_mcts_free(m);
    qp_rules_free(go);
    static const struct { const char *playout; unsigned bits; const char *err; } cases[] = {
        {"", 0, NULL},
        {"    playout = { avoid_own_eyes = true },\n", QP_PLAYOUT_AVOID_OWN_EYES, NULL},
        {"    playout = { rave = true, avoid_own_eyes = false },\n", QP_PLAYOUT_RAVE, NULL},
        {"    playout = { atari = true },\n", QP_PLAYOUT_ATARI, NULL},
        {"    playout = true,\n", 0, "rules.playout must be a table, got boolean"},
        {"    playout = { rave = 1 },\n", 0, "rules.playout.rave must be true or false"},
        {"    playout = { eyes = true },\n", 0, "rules.playout: unknown key 'eyes'"},
        {"    playout = { priors = true },\n", QP_PLAYOUT_PRIORS, NULL},
        {"    playout = { patterns = { \"XOX/.*./???\" } },\n", QP_PLAYOUT_PATTERNS, NULL},
        {"    playout = { patterns = \"XOX/.*./???\" },\n", 0, "rules.playout.patterns must be a list of strings"},
        {"    playout = { patterns = {} },\n", 0, "rules.playout.patterns must list at least one pattern"},
        {"    playout = { patterns = { 7 } },\n", 0, "rules.playout.patterns[1] must be a string"},
        {"    playout = { patterns = { \"XOX/.*./???\", \"XOX/...\" } },\n", 0,
         "rules.playout.patterns[2]: pattern 'XOX/...' must be three rows of three points around '*', as "
         "\"XOX/.*./???\""},
        {"    playout = { patterns = { \"XOX/.../?*?\" } },\n", 0,
         "rules.playout.patterns[1]: pattern 'XOX/.../?*?' must be three rows of three points around '*', as "
         "\"XOX/.*./???\""},
        {"    playout = { patterns = { \"XOZ/.*./???\" } },\n", 0,
         "rules.playout.patterns[1]: pattern 'XOZ/.*./?\?\?': 'Z' is not X, O (the two sides), x (not X), o (not O), "
         ". (empty), # (off the board) or ? (any)"},
    };
    char err[QP_ERR];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_ruleset *rs = load_block_game(cases[i].playout, err, sizeof err);
        if (cases[i].err) {
            assert_null(rs);
            const char *colon = strstr(err, ".lua:8: ");
            if (!colon) fail_msg("%s", err);
            assert_string_equal(colon + 8, cases[i].err);
            continue;
        }
        if (!rs) fail_msg("%s", err);
        qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
        if (!r) fail_msg("%s", err);
        assert_int_equal(r->playout, cases[i].bits);
        m = qp_mcts_new(r, 1);
        qp_mcts_get_options(m, &o);
        assert_int_equal(o.rave, (cases[i].bits & QP_PLAYOUT_RAVE) != 0);
        assert_int_equal(o.atari, (cases[i].bits & QP_PLAYOUT_ATARI) != 0);
        assert_int_equal(o.patterns, (cases[i].bits & QP_PLAYOUT_PATTERNS) != 0);
        assert_int_equal(o.priors, (cases[i].bits & QP_PLAYOUT_PRIORS) != 0);
        qp_mcts_free(m);
        qp_rules_free(r);
        qp_lua_ruleset_free(rs);
    }
}

/* ---- the dispatcher ---------------------------------------------------- */

static void test_ai_choice(void **st)
{
    (void)st;
    assert_int_equal(qp_ai_parse("mcts"), QP_AI_MCTS);
    assert_int_equal(qp_ai_parse("alphabeta"), QP_AI_ALPHABETA);
    assert_int_equal(qp_ai_parse("MCTS"), -1);
    assert_int_equal(qp_ai_parse(""), -1);
    assert_string_equal(qp_ai_name(QP_AI_MCTS), "mcts");
    assert_string_equal(qp_ai_name(QP_AI_ALPHABETA), "alphabeta");
    /* tictactoe declares no evaluate: MCTS; reversi and Zhonggong do */
    static const struct { const char *game; int kind; } want[] = {
        {"tictactoe", QP_AI_MCTS}, {"reversi", QP_AI_ALPHABETA}, {"zhonggong", QP_AI_ALPHABETA}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        qp_rules *r = tu_rules(&tu_reg, want[i].game);
        assert_int_equal(qp_ai_choose(r), want[i].kind);
        qp_ai *a = qp_ai_new(r, QP_AI_DEFAULT, 1);
        assert_int_equal(qp_ai_kind(a), want[i].kind);
        qp_ai_free(a);
        a = qp_ai_new(r, QP_AI_MCTS, 1);
        assert_int_equal(qp_ai_kind(a), QP_AI_MCTS);
        qp_ai_free(a);
        qp_rules_free(r);
    }
}

/* Both kinds through the same calls find the win in one. */
static void test_ai_both_kinds(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    init_game(&g, r, NULL, "a1 a2 b1 b2");
    for (int kind = QP_AI_ALPHABETA; kind <= QP_AI_MCTS; kind++) {
        qp_ai *a = qp_ai_new(r, kind, 1);
        qp_search_limits lim = {0};
        lim.depth = 3;
        lim.seed = 1;
        assert_string_equal(text(r, g.cur, qp_ai_run(a, &g, &lim, NULL, NULL, NULL)), "c1");
        assert_int_equal(qp_ai_start(a, &g, &lim, NULL, NULL), 0);
        qp_search_info info;
        assert_string_equal(text(r, g.cur, qp_ai_wait(a, &info)), "c1");
        assert_true(qp_ai_poll(a, NULL));
        qp_ai_free(a);
    }
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The game file's `ai` key: a choice, the default, and a bad value. */
static qp_ruleset *load_game(const char *extra, char *err, size_t errn)
{
    char src[1024];
    snprintf(src, sizeof src,
             "return {\n"
             "  name = 'aitest', title = 'AI test',\n"
             "  board = { width = 3, height = 1 },\n"
             "  sides = { 'a', 'b' },\n"
             "  pieces = { A = '', b = '' },\n"
             "  moves = function(pos) pos:add_empty() end,\n"
             "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"
             "%s"
             "}\n",
             extra);
    const char *path = tu_tmpfile(src, ".lua");
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, errn);
    unlink(path);
    return rs;
}

static void test_lua_ai_key(void **st)
{
    (void)st;
    static const struct { const char *extra; int kind; } cases[] = {
        {"", QP_AI_MCTS},
        {"  ai = 'alphabeta',\n", QP_AI_ALPHABETA},
        {"  ai = 'mcts', evaluate = function(pos) return 0 end,\n", QP_AI_MCTS},
        {"  evaluate = function(pos) return 0 end,\n", QP_AI_ALPHABETA},
    };
    char err[QP_ERR];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_ruleset *rs = load_game(cases[i].extra, err, sizeof err);
        if (!rs) fail_msg("%s", err);
        qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
        assert_non_null(r);
        assert_int_equal(qp_ai_choose(r), cases[i].kind);
        qp_rules_free(r);
        qp_lua_ruleset_free(rs);
    }
    assert_null(load_game("  ai = 'minimax',\n", err, sizeof err));
    const char *colon = strstr(err, ".lua:8: ");
    assert_non_null(colon);
    assert_string_equal(colon + 8, "'ai' must be \"mcts\" or \"alphabeta\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tictactoe_takes_the_win),
        cmocka_unit_test(test_tictactoe_blocks),
        cmocka_unit_test(test_gomoku_takes_the_win),
        cmocka_unit_test(test_gomoku_blocks),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_levels_and_limits),
        cmocka_unit_test(test_stop_and_threads),
        cmocka_unit_test(test_small_pool),
        cmocka_unit_test(test_game_over),
        cmocka_unit_test(test_tactics_with_rave),
        cmocka_unit_test(test_tree_reuse),
        cmocka_unit_test(test_playout_key),
        cmocka_unit_test(test_ai_choice),
        cmocka_unit_test(test_ai_both_kinds),
        cmocka_unit_test(test_lua_ai_key),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
