/*
 * test_blocks.c — rule blocks (framework/blocks/, read by
 * framework/lua/lua_blocks.c): exact perft of every block game, checked
 * against published figures and against a twin written as Lua hooks
 * (tests/data/games/hk_*.lua, and the shipped reversi_hooks); exact move
 * sets, outcomes and illegal-move reasons for every block (small test
 * games tests/data/games/t_*.lua, whose params switch the blocks' options);
 * the evaluation as data; FEN with hands; the position make keeps equal to
 * its FEN read back, and the game layer's replay equal to play; the
 * errors of broken game tables (tests/data/games_bad/, each file names its
 * expected error on line 1);
 * games mixing blocks and Lua hooks; the README's first game.
 *
 * Counts without a published source (the French board, t_jump) are the
 * block game's and its hook twin's, which must agree.
 */
#include "testutil.h"
#include "whytest.h"
#include "blocktest.h"
#include "lua_ruleset.h"
#include "perft.h"
#include "lua_sandbox.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static qp_registry reg;

static int setup_reg(void **st)
{
    (void)st;
    char err[QP_ERR] = "";
    tu_registry(&reg);
    int n = qp_registry_load_game_dir(&reg, QP_TESTDATA_DIR "/games", err, sizeof err);
    if (err[0]) fail_msg("test games: %s", err);
    /* every file of the folder is a game that loads */
    int files = 0;
    DIR *dir = opendir(QP_TESTDATA_DIR "/games");
    for (struct dirent *e; dir && (e = readdir(dir));) {
        size_t len = strlen(e->d_name);
        files += len > 4 && !strcmp(e->d_name + len - 4, ".lua");
    }
    if (dir) closedir(dir);
    if (n != files || n < 17) fail_msg("test games: %d loaded of %d files", n, files);
    return 0;
}

static int teardown_reg(void **st)
{
    (void)st;
    qp_registry_free(&reg);
    return 0;
}

/* Men of both sides where every jump chains (test_perft_jumps, test_twins). */
#define JUMPY "7/1m1m1m1/7/1m1m1m1/7/1m1m1m1/M1M1M1M w 0"

/* Params are "key=value" strings, at most 4, NULL-terminated. */
static qp_rules *rules(const char *game, const char *const *kv)
{
    return tu_rules_with(&reg, game, kv);
}

/* ---- perft ---------------------------------------------------------------- */

typedef struct perft_case {
    const char *game;
    bt_params params;
    const char *twin;   /* the same game as Lua hooks, or NULL */
    int twin_depth;     /* the twin is slow: compare up to this depth */
    uint64_t count[10]; /* perft 1, 2, …; 0 ends */
} perft_case;

static const perft_case perfts[] = {
    /* published Othello figures (passes counted as moves) */
    {"reversi", {NULL}, "reversi_hooks", 5, {4, 12, 56, 244, 1396, 8200, 55092, 390216}},
    /* 7^k until a column fills (depth 7) */
    {"connect4", {NULL}, "hk_connect4", 5, {7, 49, 343, 2401, 16807, 117649, 823536}},
    /* positions after exactly DEPTH plies (the finished games, 255168 at
     * depth 9, are test_perft_finished's) */
    {"tictactoe", {NULL}, "hk_tictactoe", 9, {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}},
    {"morris3", {NULL}, "hk_morris3", 6, {9, 72, 504, 3024, 15120, 54720, 199296, 705312}},
    {"morris3", {"diagonals=false", NULL}, "hk_morris3", 6, {9, 72, 504, 3024, 15120, 56160, 158112, 446688}},
    {"baghchal", {NULL}, "hk_baghchal", 3, {21, 252, 5052, 68204, 1304788}},
    {"pegsolitaire", {NULL}, "hk_pegsolitaire", 5, {4, 12, 60, 400, 2960, 24600}},
    /* established here: the block game and the hook twin agree to depth 7 */
    {"pegsolitaire", {"board=french", NULL}, "hk_pegsolitaire", 5, {4, 20, 140, 1056, 9456, 94800, 1028872}},
    {"gomoku", {"size=5", NULL}, NULL, 0, {25, 600, 13800}},
};

static void test_perft(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof perfts / sizeof perfts[0]; i++) {
        const perft_case *c = &perfts[i];
        qp_rules *r = rules(c->game, c->params);
        qp_rules *h = c->twin ? rules(c->twin, c->params) : NULL;
        void *s = bt_pos_at(r, NULL), *hs = h ? bt_pos_at(h, NULL) : NULL;
        for (int d = 1; d <= 10 && c->count[d - 1]; d++) {
            uint64_t n = tu_perft(r, s, d);
            if (n != c->count[d - 1])
                fail_msg("%s %s perft %d: %llu, expected %llu", c->game, c->params[0] ? c->params[0] : "", d,
                         (unsigned long long)n, (unsigned long long)c->count[d - 1]);
            if (h && d <= c->twin_depth) {
                uint64_t hn = tu_perft(h, hs, d);
                if (hn != n)
                    fail_msg("%s perft %d: hooks %llu, blocks %llu", c->twin, d, (unsigned long long)hn,
                             (unsigned long long)n);
            }
        }
        assert_string_equal(qp_lua_rules_error(r), "");
        free(s);
        free(hs);
        qp_rules_free(r);
        if (h) qp_rules_free(h);
    }
}

/* A piece's own directions ("forward", "forward-diagonals") and the older
 * rules.move.forward = "Mm", still read: the same game either way, with
 * jump chains, promotion and the most-captures rule. */
static void test_forward_spellings(void **st)
{
    (void)st;
    static const char *const most[] = {"most=false", "most=true"};
    for (int k = 0; k < 2; k++) {
        bt_params now = {most[k], NULL}, old = {most[k], "old=true", NULL};
        qp_rules *a = rules("t_promote", now), *b = rules("t_promote", old);
        void *sa = bt_pos_at(a, NULL), *sb = bt_pos_at(b, NULL);
        for (int d = 1; d <= 6; d++) {
            uint64_t na = tu_perft(a, sa, d), nb = tu_perft(b, sb, d);
            if (na != nb || !na) fail_msg("t_promote %s perft %d: directions %llu, forward %llu", most[k], d,
                                          (unsigned long long)na, (unsigned long long)nb);
        }
        free(sa), free(sb);
        qp_rules_free(a), qp_rules_free(b);
    }
}

/* Jumps: the block game t_jump and its hook twin hk_jump count the same
 * from a position full of chains, for every option. */
static void test_perft_jumps(void **st)
{
    (void)st;
    static const struct {
        bt_params params;
        int depth;
        uint64_t count;
    } cases[] = {
        {{NULL}, 3, 16656},
        {{"over=any", NULL}, 3, 17308},
        {{"forced=true", NULL}, 3, 440},
        {{"chain=optional", NULL}, 2, 3854},   /* depth 3: 118634, slow as hooks */
        {{"chain=optional", "forced=true", NULL}, 3, 22408},
        {{"chain=full", NULL}, 3, 36604},
        {{"chain=full", "over=any", NULL}, 3, 41632},
        {{"chain=full", "forced=true", NULL}, 3, 2938},
        {{"chain=optional", "dirs=orthogonal", NULL}, 3, 3692},
        {{"chain=full", "dirs=orthogonal", NULL}, 3, 3230},
        {{"chain=optional", "dirs=diagonal", NULL}, 3, 16724},
        {{"chain=full", "dirs=diagonal", NULL}, 3, 2690},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_rules *r = rules("t_jump", cases[i].params), *h = rules("hk_jump", cases[i].params);
        void *s = bt_pos_at(r, JUMPY), *hs = bt_pos_at(h, JUMPY);
        uint64_t n = tu_perft(r, s, cases[i].depth), hn = tu_perft(h, hs, cases[i].depth);
        if (n != hn || n != cases[i].count)
            fail_msg("t_jump %s %s perft %d: blocks %llu, hooks %llu, expected %llu", cases[i].params[0] ? cases[i].params[0] : "",
                     cases[i].params[0] && cases[i].params[1] ? cases[i].params[1] : "", cases[i].depth, (unsigned long long)n,
                     (unsigned long long)hn, (unsigned long long)cases[i].count);
        assert_string_equal(qp_lua_rules_error(h), "");
        free(s);
        free(hs);
        qp_rules_free(r);
        qp_rules_free(h);
    }
}

/* perft --finished: a game that ended before the depth is one leaf, the
 * count tic-tac-toe's published figures use; block game and hook twin
 * agree, and the standard count stays below it. */
static void test_perft_finished(void **st)
{
    (void)st;
    static const uint64_t games[] = {9, 72, 504, 3024, 15120, 56160, 154944, 255168, 255168};
    qp_rules *r = rules("tictactoe", NULL), *h = rules("hk_tictactoe", NULL);
    assert_true(r->perft_counts_games);
    assert_true(h->perft_counts_games);
    void *s = bt_pos_at(r, NULL), *hs = bt_pos_at(h, NULL);
    for (int d = 1; d <= 9; d++) {
        uint64_t n = qp_perft_count(r, s, d, QP_PERFT_FINISHED), hn = qp_perft_count(h, hs, d, QP_PERFT_FINISHED);
        if (n != games[d - 1] || hn != n)
            fail_msg("tictactoe perft %d --finished: blocks %llu, hooks %llu, expected %llu", d, (unsigned long long)n,
                     (unsigned long long)hn, (unsigned long long)games[d - 1]);
    }
    free(s);
    free(hs);
    qp_rules_free(r);
    qp_rules_free(h);
    /* a game whose file declares no convention reads false */
    r = rules("connect4", NULL);
    assert_false(r->perft_counts_games);
    qp_rules_free(r);
}

/* Deeper counts, each alone (the ones above run every depth up to theirs). */
static void test_perft_deep(void **st)
{
    (void)st;
    qp_rules *r = rules("connect4", NULL);
    void *s = bt_pos_at(r, NULL);
    assert_int_equal(tu_perft(r, s, 8), 5673234);
    free(s);
    qp_rules_free(r);
    r = rules("reversi", NULL);
    s = bt_pos_at(r, NULL);
    assert_int_equal(tu_perft(r, s, 9), 3005288);
    free(s);
    qp_rules_free(r);
}

/* Random games played in the block game and its hook twin side by side:
 * the same legal moves (as sorted texts) and the same verdict at every
 * ply. */
static void test_twins(void **st)
{
    (void)st;
    static const struct {
        const char *game, *twin;
        bt_params params;
        const char *fen;   /* NULL: the start */
    } pairs[] = {
        {"reversi", "reversi_hooks", {NULL}, NULL},
        {"connect4", "hk_connect4", {NULL}, NULL},
        {"tictactoe", "hk_tictactoe", {NULL}, NULL},
        {"morris3", "hk_morris3", {NULL}, NULL},
        {"morris3", "hk_morris3", {"diagonals=false", NULL}, NULL},
        {"baghchal", "hk_baghchal", {NULL}, NULL},
        {"baghchal", "hk_baghchal", {"goats=6", "captures=2", NULL}, NULL},
        {"pegsolitaire", "hk_pegsolitaire", {NULL}, NULL},
        {"pegsolitaire", "hk_pegsolitaire", {"board=french", "goal=one", "empty=c5", NULL}, NULL},
        {"t_jump", "hk_jump", {NULL}, JUMPY},
        {"t_jump", "hk_jump", {"chain=optional", NULL}, JUMPY},
        {"t_jump", "hk_jump", {"chain=full", "forced=true", NULL}, JUMPY},
        {"t_jump", "hk_jump", {"chain=full", "over=any", "dirs=diagonal", NULL}, JUMPY},
    };
    uint64_t seed = 2026;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        qp_rules *r = rules(pairs[i].game, pairs[i].params), *h = rules(pairs[i].twin, pairs[i].params);
        void *s = qp_state_new(r), *hs = qp_state_new(h);
        for (int game = 0; game < 6; game++) {
            if (pairs[i].fen) {
                char err[QP_ERR];
                if (r->rs->fen_parse(r, s, pairs[i].fen, err, sizeof err) ||
                    h->rs->fen_parse(h, hs, pairs[i].fen, err, sizeof err))
                    fail_msg("%s", err);
            } else {
                r->rs->setup(r, s);
                h->rs->setup(h, hs);
            }
            for (int ply = 0; ply < 80; ply++) {
                char *a = tu_moves_text(r, s), *b = tu_moves_text(h, hs);
                if (strcmp(a, b)) fail_msg("%s ply %d: blocks '%s', hooks '%s'", pairs[i].game, ply, a, b);
                qp_outcome oa, ob;
                r->rs->outcome(r, s, &oa);
                h->rs->outcome(h, hs, &ob);
                /* (a puzzle: solved is a win of side 0; hooks report a
                 * failure as a draw) */
                bool same = r->nsides == 1 ? (oa.result == QP_ONGOING) == (ob.result == QP_ONGOING) &&
                                                 (oa.result == QP_WIN && oa.winner == 0) == (ob.result == QP_WIN && ob.winner == 0)
                                           : oa.result == ob.result && (oa.result != QP_WIN || oa.winner == ob.winner);
                if (!same)
                    fail_msg("%s ply %d: blocks %s, hooks %s", pairs[i].game, ply, oa.reason, ob.reason);
                /* the same move text in both */
                bool played = bt_play_both(r, s, h, hs, a, &seed);
                free(a);
                free(b);
                if (!played) break;
            }
        }
        free(s);
        free(hs);
        qp_rules_free(r);
        qp_rules_free(h);
    }
}

/* ---- move sets -------------------------------------------------------------- */

typedef struct moves_case {
    const char *game;
    bt_params params;
    const char *fen;
    const char *moves;   /* sorted, space-separated */
} moves_case;

static const moves_case move_sets[] = {
    /* slide and step along lines (cells without a diagonals key: every
     * diagonal is a line), the orthogonals or the diagonals only; a slide
     * stops before any piece */
    {"t_move", {NULL}, NULL, "a1a2 a1a3 a1a4 a1a5 a1b1 a1b2 a1c1 a1c3 a1d1 a1d4 a1e1"},
    {"t_move", {"dirs=orthogonal", NULL}, NULL, "a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1d1 a1e1"},
    {"t_move", {"dirs=diagonal", NULL}, NULL, "a1b2 a1c3 a1d4"},
    {"t_move", {"kind=step", NULL}, NULL, "a1a2 a1b1 a1b2"},
    {"t_move", {"kind=step", "dirs=orthogonal", NULL}, NULL, "a1a2 a1b1"},
    {"t_move", {"kind=step", "dirs=diagonal", NULL}, "4r/5/5/5/R4 b 1", "e5d4"},
    {"t_move", {NULL}, "4r/5/2r2/5/R1R2 w 0",
     "a1a2 a1a3 a1a4 a1a5 a1b1 a1b2 c1a3 c1b1 c1b2 c1c2 c1d1 c1d2 c1e1 c1e3"},
    /* jumps: single, chained (optional: every stop; full: only where no
     * further jump exists), forced */
    {"t_jump", {NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1a2 a1b1 a1c3"},
    {"t_jump", {"chain=optional", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1a2 a1b1 a1c3 a1c3e5"},
    {"t_jump", {"chain=full", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1a2 a1b1 a1c3e5"},
    {"t_jump", {"forced=true", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3"},
    {"t_jump", {"chain=optional", "forced=true", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3 a1c3e5"},
    {"t_jump", {"chain=full", "forced=true", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3e5"},
    /* branches of different lengths: full keeps each branch's end */
    {"t_jump", {"chain=full", NULL}, "7/7/7/2m4/7/2m1m2/3M3 w 0", "d1b3d5 d1c1 d1d2 d1e1 d1f3"},
    {"t_jump", {"chain=optional", NULL}, "7/7/7/2m4/7/2m1m2/3M3 w 0", "d1b3 d1b3d5 d1c1 d1d2 d1e1 d1f3"},
    {"t_jump", {"chain=full", "dirs=orthogonal", NULL}, "7/7/7/2m4/7/2m1m2/3M3 w 0", "d1c1 d1d2 d1e1"},
    /* own pieces are jumped only with over = "any"; K only steps */
    {"t_jump", {NULL}, "m6/7/7/7/7/1M5/M6 w 0", "a1a2 a1b1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2c3"},
    {"t_jump", {"over=any", NULL}, "m6/7/7/7/7/1M5/M6 w 0", "a1a2 a1b1 a1c3 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2c3"},
    {"t_jump", {NULL}, "7/7/7/7/7/1m5/K6 w 0", "a1a2 a1b1"},
    /* hands: place while any is in hand (first = true), else both */
    {"t_hand", {NULL}, NULL, "a1 a2 a3 b1 b2 b3 c1 c2 c3"},
    {"t_hand", {NULL}, "3/1X1/o2[X] w 2", "a2 a3 b1 b3 c1 c2 c3"},
    {"t_hand", {"first=false", NULL}, "3/1X1/o2[X] w 2", "a2 a3 b1 b2a2 b2b1 b2b3 b2c2 b3 c1 c2 c3"},
    {"t_hand", {NULL}, "2X/1X1/o2[] b 3", "a1a2 a1b1"},
    /* flank: runs bracketed along the chosen lines only; a side with no
     * move passes while the other can move */
    {"t_flank", {NULL}, NULL, "b3 c2 d5 e4"},
    {"t_flank", {NULL}, "6/6/2X3/3o2/6/6 w 0", "e2"},
    {"t_flank", {"dirs=diagonal", NULL}, "6/6/2X3/3o2/6/6 w 0", "e2"},
    {"t_flank", {"dirs=orthogonal", NULL}, "6/6/2X3/3o2/6/6 w 0", ""},
    {"t_flank", {"dirs=orthogonal", NULL}, "6/6/oX4/6/6/6 w 0", "pass"},
    {"t_flank", {"dirs=orthogonal", NULL}, "6/6/oX4/6/6/6 b 0", "c4"},
    /* gravity: the lowest empty cell of each column that has one */
    {"connect4", {NULL}, "X6/o6/X6/o6/X6/o6 w 6", "b1 c1 d1 e1 f1 g1"},
    {"connect4", {NULL}, "7/7/7/7/3o3/1X1X3 b 3", "a1 b2 c1 d3 e1 f1 g1"},
    /* stuck = "pass": the pass is the only move, and only while the other
     * side can move */
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[o] w 0", "pass"},
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[] w 0", ""},
    /* placing first, then jumping (captures) */
    {"t_end", {"hand=2", NULL}, "XX2/oo2/4/4[] w 0", "a4a2 a4c2 b4b2"},
    {"t_end", {NULL}, "XX2/oo2/4/4[Xo] w 0", "a1 a2 b1 b2 c1 c2 c3 c4 d1 d2 d3 d4"},
    /* puzzles */
    {"t_puzzle", {NULL}, NULL, "a1c1 d1f1 e1c1"},
    {"t_puzzle", {NULL}, "2PPP1 w 1", "d1b1 d1f1"},
    /* forward men (White up, Black down), kings every way; promotion on
     * c3 ends the chain only with ends_chain; most captures (among the
     * jumps: steps stay, as jumps are not forced here) */
    {"t_promote", {NULL}, "5/5/2M2/5/5 w 0", "c3b4 c3c4 c3d4"},
    {"t_promote", {NULL}, "5/5/2m2/5/5 b 0", "c3b2 c3c2 c3d2"},
    {"t_promote", {"old=true", NULL}, "5/5/2M2/5/5 w 0", "c3b4 c3c4 c3d4"},   /* rules.move.forward, still read */
    {"t_promote", {"old=true", NULL}, "5/5/2m2/5/5 b 0", "c3b2 c3c2 c3d2"},
    {"t_promote", {NULL}, "5/5/2K2/5/5 w 0", "c3b2 c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4"},
    {"t_promote", {NULL}, "5/3m1/5/2m2/2M2 w 0", "c1b2 c1c3e5 c1d2"},
    {"t_promote", {"ends_chain=true", NULL}, "5/3m1/5/2m2/2M2 w 0", "c1b2 c1c3 c1d2"},
    {"t_promote", {NULL}, "5/2m2/5/1mm2/2M2 w 0", "c1a3 c1c3c5 c1d2"},
    {"t_promote", {"most=true", NULL}, "5/2m2/5/1mm2/2M2 w 0", "c1c3c5 c1d2"},
    /* pieces taken at the chain's end: a1 flies over c3, lands d4 to h8,
     * from e5 takes g3 too; chains stop early only when optional; men
     * jump backward only when asked (d4 over c3) */
    {"t_fly", {NULL}, "8/8/8/8/8/2m3m1/8/K7 w 0", "a1d4 a1e5h2 a1f6 a1g7 a1h8"},
    {"t_fly", {"chain=optional", NULL}, "8/8/8/8/8/2m3m1/8/K7 w 0", "a1d4 a1e5 a1e5h2 a1f6 a1g7 a1h8"},
    {"t_fly", {NULL}, "8/8/8/8/3M4/2m5/8/8 w 0", "d4c5 d4e5"},
    {"t_fly", {"backward=true", NULL}, "8/8/8/8/3M4/2m5/8/8 w 0", "d4b2"},
    /* mixed: the moves hook appends b2b2 when the opponent holds b2 */
    {"t_mixed", {NULL}, NULL, "a2 a3 b1 b2 b3 c1 c2 c3"},
    {"t_mixed", {NULL}, "3/1o1/X1X w 2", "a2 a3 b1 b2b2 b3 c2 c3"},
    {"t_mixed", {NULL}, "3/1X1/o1o w 2", "a2 a3 b1 b3 c2 c3"},
};

static void test_move_sets(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof move_sets / sizeof move_sets[0]; i++) {
        const moves_case *c = &move_sets[i];
        qp_rules *r = rules(c->game, c->params);
        void *s = bt_pos_at(r, c->fen);
        char *got = tu_moves_text(r, s);
        if (strcmp(got, c->moves))
            fail_msg("%s %s %s: '%s', expected '%s'", c->game, c->params[0] ? c->params[0] : "", c->fen ? c->fen : "start",
                     got, c->moves);
        free(got);
        free(s);
        qp_rules_free(r);
    }
}

/* ---- playing: the position after moves ------------------------------------- */

static const bt_play_case plays[] = {
    {"t_move", {NULL}, NULL, "a1c3 e5e1", "5/5/2R2/5/4r w 2", "ongoing"},
    /* a chain removes every jumped piece; without men Black has lost */
    {"t_jump", {"chain=full", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3e5", "7/7/4M2/7/7/7/7 b 1",
     "white wins: all men taken"},
    {"t_jump", {"chain=optional", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3", "7/7/7/3m3/2M4/7/7 b 1", "ongoing"},
    {"t_jump", {"over=any", NULL}, "m6/7/7/7/7/1M5/M6 w 0", "a1c3", "m6/7/7/7/2M4/7/7 b 1", "ongoing"},
    /* a man promotes where its move ends in the zone, not passing it */
    {"t_promote", {NULL}, "5/3m1/5/2m2/2M2 w 0", "c1c3e5", "4M/5/5/5/5 b 1", "white wins: no moves"},
    {"t_promote", {"ends_chain=true", NULL}, "5/3m1/5/2m2/2M2 w 0", "c1c3", "5/3m1/2K2/5/5 b 1", "ongoing"},
    {"t_promote", {NULL}, "4k/5/5/1M3/5 w 0", "b2a3 e5e4 a3a4 e4e3 a4a5", "K4/5/4k/5/5 b 5", "ongoing"},
    /* hands are written after the board, "[…]", the first side's first */
    {"t_hand", {NULL}, NULL, "", "3/3/3[XXo] w 0", "ongoing"},
    {"t_hand", {NULL}, NULL, "b2 a1", "3/1X1/o2[X] w 2", "ongoing"},
    {"t_hand", {NULL}, NULL, "b2 a1 c3 a1b1", "2X/1X1/1o1[] w 4", "ongoing"},
    {"t_hand", {"first=false", NULL}, NULL, "b2 a1 b2b3", "1X1/3/o2[X] b 3", "ongoing"},
    {"t_hand", {NULL}, "3/X2/oX1[] b 0", "", "3/X2/oX1[] b 0", "white wins: walled in"},
    {"baghchal", {NULL}, NULL, "", "t3t/5/5/5/t3t[GGGGGGGGGGGGGGGGGGGG] w 0", "ongoing"},
    {"morris3", {NULL}, NULL, "b2 a1 a3 c1", "X2/1X1/o1o[Xo] w 4", "ongoing"},
    /* flips in two directions at once */
    {"reversi", {NULL}, "8/8/8/8/8/X7/1o6/Xo6 w 0", "c1", "8/8/8/8/8/X7/1X6/XXX5 b 1", "black wins: more discs"},
    {"t_flank", {NULL}, "6/6/2X3/3o2/6/6 w 0", "e2", "6/6/2X3/3X2/4X1/6 b 1", "white wins: fewer discs"},
    {"t_flank", {"dirs=orthogonal", NULL}, "6/6/oX4/6/6/6 w 0", "pass c4", "6/6/ooo3/6/6/6 w 2",
     "black wins: fewer discs"},
    /* lines made away from the placed point: by flipped discs (b1-b4),
     * and (exactly three) by a capture that shortens an overline */
    {"t_flank", {"line=4", NULL}, "o5/6/1X4/1X4/1X4/1oX3 w 0", "a1", "o5/6/1X4/1X4/1X4/XXX3 b 1",
     "black wins: four in a row"},
    {"t_end", {"hand=4", "line=3", "exact=true", NULL}, "4/o3/XXXX/4[] b 0", "a3a1", "4/4/1XXX/o3[] w 1",
     "white wins: three in a row"},
    /* a column letter drops into that column */
    {"connect4", {NULL}, NULL, "d d c", "7/7/7/7/3o3/2XX3 b 3", "ongoing"},
    {"connect4", {NULL}, NULL, "a b a b a b a", "7/7/X6/Xo5/Xo5/Xo5 b 7", "red wins: four in a row"},
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[o] w 0", "pass d1", "X1o1/4/4/3o[] w 2", "draw: no moves"},
    {"t_end", {"hand=2", NULL}, "XX2/oo2/4/4[] w 0", "a4a2", "1X2/1o2/X3/4[] b 1", "white wins: no moves"},
    {"t_end", {"hand=2", "captures=1", NULL}, "XX2/oo2/4/4[] w 0", "a4a2", "1X2/1o2/X3/4[] b 1",
     "white wins: 1 captured"},
    /* an own man jumped counts as the opponent's capture (blk.h: start
     * material minus what is left), as the FEN read back says */
    {"t_end", {"hand=2", "captures=1", "over=any", NULL}, "XX2/oo2/4/4[] w 0", "a4c4", "2X1/oo2/4/4[] b 1",
     "black wins: 1 captured"},
    {"t_end", {"hand=2", "fewer=2", NULL}, "XX2/oo2/4/4[] w 0", "a4a2", "1X2/1o2/X3/4[] b 1",
     "white wins: too few pieces"},
    {"t_puzzle", {NULL}, "PP1P2 w 0", "a1c1 c1e1", "4P1 w 2", "solved: solved"},
    {"t_puzzle", {"at=e1", NULL}, "PP1P2 w 0", "a1c1 c1e1", "4P1 w 2", "solved: solved"},
    {"t_puzzle", {"at=b1", NULL}, "PP1P2 w 0", "a1c1 c1e1", "4P1 w 2", "failed: one piece left, not on b1"},
    {"t_puzzle", {"at=b1", NULL}, "PP1P2 w 0", "a1c1 d1b1", "1P4 w 2", "solved: solved"},
    {"t_puzzle", {NULL}, NULL, "e1c1 b1d1", "P2P2 w 2", "failed: 2 pieces left"},
    {"t_puzzle", {NULL}, "P1P1P1 w 0", "", "P1P1P1 w 0", "failed: 3 pieces left"},
    {"t_puzzle", {"left=2", NULL}, NULL, "a1c1 d1b1", "1P2P1 w 2", "solved: solved"},
    {"t_puzzle", {NULL}, NULL, "a1c1 d1b1", "1P2P1 w 2", "failed: 2 pieces left"},
    {"pegsolitaire", {"board=french", NULL}, NULL, "d6d4", "2PPP2/1PP1PP1/PPP1PPP/PPPPPPP/PPPPPPP/1PPPPP1/2PPP2 w 1",
     "ongoing"},
    {"pegsolitaire", {"empty=c5", "goal=one", NULL}, NULL, "", "2PPP2/2PPP2/PP1PPPP/PPPPPPP/PPPPPPP/2PPP2/2PPP2 w 0",
     "ongoing"},
    /* the setup hook puts X on a1; the hook's move clears the centre */
    {"t_mixed", {NULL}, NULL, "c1 b2 b2b2", "3/3/X1X b 3", "ongoing"},
};

static void test_play(void **st)
{
    (void)st;
    bt_check_plays(&reg, plays, sizeof plays / sizeof plays[0]);
}

/* ---- outcomes ------------------------------------------------------------- */

typedef struct outcome_case {
    const char *game;
    bt_params params;
    const char *fen;
    const char *status;
} outcome_case;

static const outcome_case outcomes[] = {
    /* k in a row: at least k, or exactly k; along the chosen lines */
    {"t_end", {"line=3", NULL}, "XXX1/oo2/4/4[o] b 5", "white wins: three in a row"},
    {"t_end", {"line=3", "exact=true", NULL}, "XXX1/oo2/4/4[o] b 5", "white wins: three in a row"},
    {"t_end", {"hand=4", "line=3", NULL}, "XXXX/o1o1/1o2/4[o] b 7", "white wins: three in a row"},
    {"t_end", {"hand=4", "line=3", "exact=true", NULL}, "XXXX/o1o1/1o2/4[o] b 7", "ongoing"},
    {"t_end", {"line=3", NULL}, "X3/1X2/2X1/o3[oo] b 3", "white wins: three in a row"},
    {"t_end", {"line=3", "line_dirs=diagonal", NULL}, "X3/1X2/2X1/o3[oo] b 3", "white wins: three in a row"},
    {"t_end", {"line=3", "line_dirs=orthogonal", NULL}, "X3/1X2/2X1/o3[oo] b 3", "ongoing"},
    {"t_end", {"line=3", "line_dirs=diagonal", NULL}, "XXX1/oo2/4/4[o] b 5", "ongoing"},
    /* a side without a move */
    {"t_end", {NULL}, "X1o1/4/4/4[] w 0", "black wins: no moves"},
    {"t_end", {NULL}, "X1o1/4/4/4[] b 0", "white wins: no moves"},
    {"t_end", {"stuck=wins", NULL}, "X1o1/4/4/4[] w 0", "white wins: no moves"},
    {"t_end", {"stuck=draw", NULL}, "X1o1/4/4/4[] w 0", "draw: no moves"},
    /* passing: both stuck ends the game, counted */
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[o] w 0", "ongoing"},
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[] w 0", "draw: no moves"},
    {"t_end", {"stuck=pass", "count=most", NULL}, "X1o1/4/4/4[] w 0", "draw: equal counts"},
    {"t_end", {"stuck=pass", "count=most", NULL}, "X1o1/X3/4/4[] w 0", "white wins: more pieces"},
    {"t_end", {"stuck=pass", "count=fewest", NULL}, "X1o1/X3/4/4[] w 0", "black wins: fewer pieces"},
    {"t_flank", {"dirs=diagonal", NULL}, NULL, "draw: same discs"},
    {"t_flank", {"dirs=orthogonal", NULL}, "6/6/2X3/3o2/6/6 w 0", "draw: same discs"},
    /* captures counted from the start material: two X gone */
    {"t_end", {"hand=2", "captures=1", NULL}, "XX2/oo2/4/4[] w 0", "ongoing"},
    {"t_end", {"hand=2", "captures=2", NULL}, "4/oo2/4/4[] w 0", "black wins: 2 captured"},
    {"t_end", {"hand=2", "captures=3", NULL}, "4/oo2/4/4[] w 0", "black wins: no moves"},
    {"t_end", {"hand=2", "fewer=1", NULL}, "4/oo2/4/4[X] w 0", "ongoing"},
    {"t_end", {"hand=2", "fewer=2", NULL}, "4/oo2/4/4[X] w 0", "black wins: too few pieces"},
    /* full board: tic-tac-toe's draw, Connect Four's */
    {"tictactoe", {NULL}, "XoX/Xoo/oXX b 9", "draw: board full"},
    {"connect4", {NULL}, "XoXoXoX/XoXoXoX/oXoXoXo/oXoXoXo/XoXoXoX/XoXoXoX w 42", "draw: board full"},
    {"connect4", {NULL}, "7/7/o6/Xo5/XXo4/XXXo3 w 10", "yellow wins: four in a row"},
    /* puzzles never draw */
    {"pegsolitaire", {NULL}, "7/7/7/3P3/7/7/7 w", "solved: one peg left, in the centre"},
    {"pegsolitaire", {NULL}, "7/7/7/2P1P2/7/7/7 w", "failed: 2 pegs left"},
    {"pegsolitaire", {"board=french", NULL}, "7/1P5/7/7/7/5P1/7 w", "failed: 2 pegs left"},
    {"pegsolitaire", {"board=french", "goal=one", NULL}, "7/1P5/7/7/7/7/7 w", "solved: one peg left"},
    /* the outcome hook judges first: a line at ply 7 is a draw */
    {"t_mixed", {NULL}, "XXX/oo1/3 b 6", "x wins: three in a row"},
    {"t_mixed", {NULL}, "XXX/oo1/3 b 7", "draw: seven plies"},
    {"t_mixed", {NULL}, "XX1/oo1/3 w 7", "draw: seven plies"},
};

static void test_outcomes(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof outcomes / sizeof outcomes[0]; i++) {
        const outcome_case *c = &outcomes[i];
        qp_rules *r = rules(c->game, c->params);
        void *s = bt_pos_at(r, c->fen);
        char got[128];
        bt_status_text(r, s, got, sizeof got);
        if (strcmp(got, c->status)) fail_msg("%s %s: '%s', expected '%s'", c->game, c->fen, got, c->status);
        /* a decided position has no moves; an ongoing one has some */
        qp_move mv[QP_MAX_MOVES];
        int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
        if (strcmp(c->status, "ongoing") ? n != 0 : n == 0)
            fail_msg("%s %s: %s with %d moves", c->game, c->fen, got, n);
        free(s);
        qp_rules_free(r);
    }
}

/* ---- why a move is illegal -------------------------------------------------- */

typedef struct refusal_case {
    const char *game;
    bt_params params;
    const char *fen;
    const char *text;
    const char *err;
} refusal_case;

static const refusal_case refusals[] = {
    {"tictactoe", {NULL}, "3/1X1/3 b 1", "b2", "b2 is occupied"},
    {"tictactoe", {NULL}, NULL, "d4", "bad move text 'd4'"},
    {"tictactoe", {NULL}, NULL, "pass", "pass: only a side without a move may pass"},
    {"tictactoe", {NULL}, "XXX/oo1/3 b 5", "c2", "the game is over (three in a row)"},
    {"reversi", {NULL}, NULL, "e4", "e4 is occupied"},
    {"reversi", {NULL}, NULL, "a1", "a1 must flip at least one disc"},
    {"reversi", {NULL}, "8/8/8/8/8/8/8/Xo6 b 0", "c1", "c1: you have no move and must pass"},
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[o] w 0", "b4", "b4: you have no move and must pass"},
    {"t_end", {"stuck=pass", NULL}, "X1o1/4/4/4[] w 0", "pass", "no legal moves"},
    {"connect4", {NULL}, NULL, "d2", "d2: pieces drop to the lowest empty point of a column"},
    {"connect4", {NULL}, "X6/o6/X6/o6/X6/o6 w 6", "a", "column a is full"},
    {"t_move", {NULL}, NULL, "a1", "a1: pieces are not placed in this game; move one from-to"},
    {"t_move", {NULL}, NULL, "a1c2", "a1c2: that piece cannot move so"},
    {"t_move", {NULL}, NULL, "e5e4", "e5 is not your piece"},
    {"t_move", {NULL}, NULL, "b1b2", "b1 is empty"},
    {"t_move", {NULL}, NULL, "a1e5", "e5 is occupied"},
    {"t_move", {"kind=step", NULL}, NULL, "a1a3", "a1a3: that piece cannot move so"},
    {"t_jump", {"forced=true", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1a2", "a jump is available and must be taken"},
    {"t_jump", {"chain=full", NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3", "a1c3: that piece cannot move so"},
    {"t_jump", {NULL}, "7/7/7/3m3/7/1m5/M6 w 0", "a1c3e5", "a1c3e5: that piece cannot move so"},
    {"t_hand", {NULL}, "3/1X1/o2[X] w 2", "b2b3", "b2b3: place your pieces in hand first"},
    {"t_hand", {NULL}, "2X/1X1/o2[] b 3", "b1", "b1: no pieces left to place; move one from-to"},
    {"t_hand", {NULL}, "2X/1X1/o2[] b 3", "a1c1", "a1c1: that piece cannot move so"},
    {"pegsolitaire", {NULL}, NULL, "a1a3", "a1 is not on the board"},
    {"pegsolitaire", {NULL}, NULL, "d4d6", "d4 is empty"},
    {"pegsolitaire", {NULL}, NULL, "d5d6", "d6 is occupied"},
    {"t_puzzle", {NULL}, NULL, "c1", "c1: pieces are not placed in this game; move one from-to"},
    /* the outcome hook ended it, though blocks would have moves */
    {"t_mixed", {NULL}, "XX1/oo1/3 w 7", "c3", "the game is over (seven plies)"},
};

static void test_refusals(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const refusal_case *c = &refusals[i];
        qp_rules *r = rules(c->game, c->params);
        void *s = bt_pos_at(r, c->fen), *before = qp_state_new(r);
        memcpy(before, s, r->state_size);
        qp_move m = 0;
        char err[QP_ERR] = "";
        if (r->rs->move_parse(r, s, c->text, &m, err, sizeof err) != -1)
            fail_msg("%s: '%s' accepted", c->game, c->text);
        if (strcmp(err, c->err)) fail_msg("%s '%s': '%s', expected '%s'", c->game, c->text, err, c->err);
        assert_memory_equal(before, s, r->state_size);
        free(s);
        free(before);
        qp_rules_free(r);
    }
}

/* What the window marks for a move (qp_move_marks): the points clicked,
 * then every other point the move changes — each man jumped, the discs
 * flipped, the stones and pieces captured. */
typedef struct marks_case {
    const char *game;
    bt_params params;
    const char *fen, *text, *marks;   /* bt_marks' form: "clicked | others" */
} marks_case;

static const marks_case marks[] = {
    /* one disc flipped north, two east, one south-west; c5 is not bracketed */
    {"reversi", {NULL}, "8/8/3X4/2oo4/4ooX1/2o5/1X6/8 w 0", "d4", "d4 | c3 e4 f4 d5"},
    /* two groups taken by one stone: a1 b1, and d1 */
    {"go", {NULL}, "9/9/9/9/9/9/9/XX1X5/oo1oX4 w 0", "c1", "c1 | a1 b1 d1"},
    /* the man a jump passes over, then the landing points in order */
    {"checkers", {NULL}, "8/8/5m2/8/1m1m4/2M5/8/M7 w 0", "c3e5g7", "c3 e5 g7 | d4 f6"},
    /* custodian: the pieces enclosed on both sides of the mover */
    {"t_custodian", {NULL}, "7/7/3R3/1Rr1rR1/7/7/7 w 0", "d5d4", "d5 d4 | c4 e4"},
    {"liuzichong", {NULL}, "b2b/1b2/W1Wb/1W2 w 0", "a2b2", "a2 b2 | d2 b3"},
    /* a group shut in by a move (rules.capture = "surround") */
    {"xigua", {NULL}, "2ooX2/7/X2X3/7/o5o/7/7 w 0", "d5d6", "d5 d6 | c7 d7"},
    /* a mill's removal is clicked, so it is among the first */
    {"morris9", {NULL}, "o2o2o/7/7/7/7/7/X5X[XXXXXXXoooooo] w 4", "d1xd7", "d1 d7"},
    {"morris9", {NULL}, "o2o3/1o3o1/7/7/7/3X3/X5X[] w 40", "d2d1xb6", "d2 d1 b6"},
    /* a plain step changes nothing more */
    {"liuzichong", {NULL}, "b1b1/4/4/W1W1 w 0", "c1b1", "c1 b1"},
};

static void test_move_marks(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        const marks_case *c = &marks[i];
        qp_rules *r = rules(c->game, c->params);
        const char *got = bt_marks(r, c->fen, c->text);
        if (strcmp(got, c->marks)) fail_msg("%s %s at %s marks '%s', expected '%s'", c->game, c->text, c->fen, got, c->marks);
        qp_rules_free(r);
    }
}

/* Texts are case-insensitive; a chain names every landing square; move
 * squares are the clicks: from, each landing in order (not the jumped
 * pieces). */
static void test_move_texts(void **st)
{
    (void)st;
    const char *kv[] = {"chain=full", NULL};
    qp_rules *r = rules("t_jump", kv);
    void *s = bt_pos_at(r, "7/7/7/3m3/7/1m5/M6 w 0");
    qp_move m;
    char err[QP_ERR], t[QP_MOVE_TEXT];
    assert_int_equal(r->rs->move_parse(r, s, "A1C3E5", &m, err, sizeof err), 0);
    r->rs->move_text(r, s, m, t, sizeof t);
    assert_string_equal(t, "a1c3e5");
    int sq[8];
    assert_int_equal(r->rs->move_squares(r, s, m, sq, 8), 3);
    assert_int_equal(sq[0], 0);    /* a1 */
    assert_int_equal(sq[1], 16);   /* c3 */
    assert_int_equal(sq[2], 32);   /* e5 */
    assert_true(r->rs->move_flags(r, s, m) & QP_MF_CAPTURE);
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_NOISY), 1);
    assert_true(mv[0] == m);
    assert_int_equal(r->rs->move_parse(r, s, "a1a2", &m, err, sizeof err), 0);
    assert_int_equal(r->rs->move_flags(r, s, m), 0);
    free(s);
    qp_rules_free(r);

    /* a twelve-hop chain: 13 squares of three characters */
    r = rules("t_chain", NULL);
    s = bt_pos_at(r, NULL);
    assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 1);
    r->rs->move_text(r, s, mv[0], t, sizeof t);
    assert_string_equal(t, "a10c10e10g10i10k10m10o10q10s10s12s14s16");
    assert_int_equal(r->rs->move_parse(r, s, t, &m, err, sizeof err), 0);
    assert_true(m == mv[0]);
    r->rs->make(r, s, m, NULL);
    char fen[256];
    r->rs->fen_print(r, s, fen, sizeof fen);
    assert_string_equal(fen, "19/18M/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19 b 1");
    free(s);
    qp_rules_free(r);

    r = rules("connect4", NULL);
    s = bt_pos_at(r, NULL);
    assert_int_equal(r->rs->move_parse(r, s, "D", &m, err, sizeof err), 0);
    r->rs->move_text(r, s, m, t, sizeof t);
    assert_string_equal(t, "d1");
    assert_true(r->rs->move_flags(r, s, m) & QP_MF_IRREVERSIBLE);
    free(s);
    qp_rules_free(r);
}

/* ---- evaluation as data ------------------------------------------------------ */

static int eval_at(const char *game, const char *const *kv, const char *fen)
{
    qp_rules *r = rules(game, kv);
    assert_non_null(r->rs->evaluate);
    void *s = bt_pos_at(r, fen);
    int v = r->rs->evaluate(r, s);
    free(s);
    qp_rules_free(r);
    return v;
}

static void test_eval(void **st)
{
    (void)st;
    /* White: A on a1 (100 + 1) and one in hand (7); Black: b on a3 (50 +
     * the a1 weight, 10, mirrored); mobility 5 × (4 placements − 3 steps) */
    assert_int_equal(eval_at("t_eval", NULL, "b1/2/A1[A] w"), 108 - 60 + 5);
    assert_int_equal(eval_at("t_eval", NULL, "b1/2/A1[A] b"), 60 - 108 - 5);
    /* unmirrored, b on a3 reads a3's own weight, 50 */
    const char *kv[] = {"mirror=false", NULL};
    assert_int_equal(eval_at("t_eval", kv, "b1/2/A1[A] w"), 108 - 100 + 5);
    /* mobility per side: white's 4 moves at 2, black's 3 at 9 */
    const char *apart[] = {"apart=true", NULL};
    assert_int_equal(eval_at("t_eval", apart, "b1/2/A1[A] w"), 108 - 60 + 2 * 4 - 9 * 3);
    assert_int_equal(eval_at("t_eval", apart, "b1/2/A1[A] b"), 60 - 108 + 9 * 3 - 2 * 4);
    /* enemies near: A on b3 has b on a3 and b2 beside it (2 × 3), each b
     * has A beside it (2 × 11); the diagonal pair a3-b2 is one side's */
    const char *nearkv[] = {"near=true", NULL};
    assert_int_equal(eval_at("t_eval", nearkv, "bA/1b/2[A] w") - eval_at("t_eval", NULL, "bA/1b/2[A] w"),
                     2 * 3 - 2 * 11);
    assert_int_equal(eval_at("t_eval", nearkv, "bA/1b/2[A] b") - eval_at("t_eval", NULL, "bA/1b/2[A] b"),
                     2 * 11 - 2 * 3);
    /* pieces apart weigh nothing */
    assert_int_equal(eval_at("t_eval", nearkv, "b1/2/A1[A] w"), eval_at("t_eval", NULL, "b1/2/A1[A] w"));
    /* Bagh-Chal's start: 20 goats in hand at 250, 21 placements against
     * the tigers' 12 steps at 10 */
    assert_int_equal(eval_at("baghchal", NULL, NULL), 5000 + 10 * (21 - 12));
}

/* Flank games' terms, one at a time at weight 1 (t_flank_eval.lua), in
 *     4  . . . .
 *     3  o o o o
 *     2  X X X X
 *     1  X o X o
 *        a b c d        */
static void test_eval_flank_terms(void **st)
{
    (void)st;
    const char *pos = "4/oooo/XXXX/XoXo w 0", *pos_b = "4/oooo/XXXX/XoXo b 0";
    /* stable: rank 1 is full and on the edge, so all four; a2 leans on the
     * edge across and on a1 (its own, stable) down its file; b2 and c2 have
     * an enemy below and a file with a gap, and d2 too; rank 3 has rank 4
     * open above.  Black a1 c1 a2, White b1 d1. */
    const char *stable[] = {"term=stable", NULL};
    assert_int_equal(eval_at("t_flank_eval", stable, pos), 3 - 2);
    assert_int_equal(eval_at("t_flank_eval", stable, pos_b), 2 - 3);
    /* the edge alone does not make a piece stable: on rank 1 with a gap,
     * b1 leans on nothing of its own across */
    assert_int_equal(eval_at("t_flank_eval", stable, "4/4/4/1X1o w 0"), 0 - 1);
    assert_int_equal(eval_at("t_flank_eval", stable, "4/4/4/XX1o w 0"), 2 - 1);
    /* frontier: White's four on rank 3 touch empty rank 4; nothing else
     * touches an empty point */
    const char *frontier[] = {"term=frontier", NULL};
    assert_int_equal(eval_at("t_flank_eval", frontier, pos), 0 - -4);
    /* corners a4 and d4 are empty: White's b3 and c3 are diagonal to them
     * (-10 each), a3 and d3 beside them (-1 each); b4 and c4 are empty */
    const char *corner[] = {"term=corner", NULL};
    assert_int_equal(eval_at("t_flank_eval", corner, pos), 0 - -22);
    /* a taken corner weighs nothing on its neighbours */
    assert_int_equal(eval_at("t_flank_eval", corner, "X3/oooo/XXXX/XoXo w 0"), 0 - -11);

    /* 9×9, counted point by point: the same rows at the bottom.  Stable:
     * rank 1 (Black a c e g i, White b d f h), and a2 and i2 on the edge
     * above their own corners; b2–h2 have a file with a gap and an enemy
     * below or a diagonal with a gap */
    const char *pos9 = "9/9/9/9/9/9/ooooooooo/XXXXXXXXX/XoXoXoXoX w 0";
    const char *stable9[] = {"term=stable", "size=9", NULL};
    assert_int_equal(eval_at("t_flank_eval", stable9, pos9), 7 - 4);
    assert_int_equal(eval_at("t_flank_eval", stable9, "9/9/9/9/9/9/9/9/XX1o4X w 0"), 3 - 0);
    const char *frontier9[] = {"term=frontier", "size=9", NULL};
    assert_int_equal(eval_at("t_flank_eval", frontier9, pos9), 0 - -9);
    const char *corner9[] = {"term=corner", "size=9", NULL};
    assert_int_equal(eval_at("t_flank_eval", corner9, pos9), 0);   /* no piece next to a9 or i9 */
    assert_int_equal(eval_at("t_flank_eval", corner9, "1X7/ooooooooo/9/9/9/9/9/9/9 w 0"), -1 - -22);
}

/* ---- FEN ---------------------------------------------------------------------- */

static void test_fen_round_trips(void **st)
{
    (void)st;
    static const struct {
        const char *game;
        bt_params params;
        const char *in, *out;
    } cases[] = {
        {"baghchal", {NULL}, "t3t/5/2G2/5/t3t[GGGGGGGGGGGGGGGGGGG] b 1", NULL},
        {"baghchal", {NULL}, "t3t/5/2G2/5/t3t[] b 1", NULL},
        {"baghchal", {NULL}, "t3t/5/2G2/5/t3t b 1", "t3t/5/2G2/5/t3t[] b 1"},   /* no field: empty hands */
        {"morris3", {NULL}, "3/1X1/3[XXooo] b 1", NULL},
        {"morris3", {NULL}, "3/1X1/3[oXoXo] b 1", "3/1X1/3[XXooo] b 1"},        /* any order in */
        {"t_hand", {NULL}, "3/3/3 w", "3/3/3[] w 0"},
        {"reversi", {NULL}, "8/8/8/3oX3/3Xo3/8/8/8 w", "8/8/8/3oX3/3Xo3/8/8/8 w 0"},
        {"pegsolitaire", {"board=french", NULL}, "7/1P5/7/7/7/7/7 w 30", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_rules *r = rules(cases[i].game, cases[i].params);
        void *s = bt_pos_at(r, cases[i].in);
        char fen[256];
        r->rs->fen_print(r, s, fen, sizeof fen);
        const char *want = cases[i].out ? cases[i].out : cases[i].in;
        if (strcmp(fen, want)) fail_msg("%s: '%s' reads back as '%s', expected '%s'", cases[i].game, cases[i].in, fen, want);
        free(s);
        qp_rules_free(r);
    }
}

static void test_fen_errors(void **st)
{
    (void)st;
    static const struct {
        const char *game, *fen, *err;
    } cases[] = {
        {"t_hand", "3/3/3[XXX] w", "FEN hands: more than 2 'X' in hand"},
        {"t_hand", "3/3/3[Xoo] w", "FEN hands: more than 1 'o' in hand"},
        {"t_hand", "3/3/3[Xq] w", "FEN hands: 'q' cannot be in hand"},
        {"t_hand", "XX1/3/3[X] w", "FEN: 3 'X' on the board and in hand, more than the 2 the game has"},
        {"t_hand", "3/3/3[X w", "FEN hands: missing ']'"},
        {"t_hand", "3/3/3[X]o w", "FEN board: rank 1 has more than 3 squares"},
        {"reversi", "8/8/8/3oX3/3Xo3/8/8/8[X] w", "FEN hands: this game has no pieces in hand"},
        {"baghchal", "t3t/5/5/5/t3t[t] w", "FEN hands: 't' cannot be in hand"},
        {"connect4", "7/7/7/7/7 w", "FEN board: expected 6 ranks of 7 squares"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_rules *r = rules(cases[i].game, NULL);
        void *s = bt_pos_at(r, NULL), *before = qp_state_new(r);
        memcpy(before, s, r->state_size);
        char err[QP_ERR] = "";
        if (r->rs->fen_parse(r, s, cases[i].fen, err, sizeof err) != -1)
            fail_msg("%s: '%s' accepted", cases[i].game, cases[i].fen);
        if (strcmp(err, cases[i].err)) fail_msg("%s '%s': '%s', expected '%s'", cases[i].game, cases[i].fen, err, cases[i].err);
        assert_memory_equal(before, s, r->state_size);   /* nothing changed */
        free(s);
        free(before);
        qp_rules_free(r);
    }
}

/* Random playouts: the position make keeps (hash, hands, counts) equals
 * the one read back from its FEN, byte for byte. */
static void test_make_equals_fen(void **st)
{
    (void)st;
    static const struct {
        const char *game;
        bt_params params;
    } games[] = {
        {"reversi", {NULL}},
        {"connect4", {NULL}},
        {"gomoku", {"size=7", NULL}},
        {"morris3", {NULL}},
        {"baghchal", {NULL}},
        {"baghchal", {"goats=6", NULL}},
        {"pegsolitaire", {"board=french", NULL}},
        {"t_move", {NULL}},
        {"t_jump", {"chain=full", NULL}},
        {"t_jump", {"chain=optional", "over=any", NULL}},
        {"t_hand", {"first=false", NULL}},
        {"t_end", {"stuck=pass", "captures=2", NULL}},
        {"t_end", {"hand=4", "captures=3", "over=any", NULL}},
        {"t_flank", {NULL}},
        {"t_flank", {"line=3", NULL}},
        {"t_end", {"hand=4", "line=3", "exact=true", "over=any", NULL}},
        {"t_mixed", {NULL}},
    };
    uint64_t seed = 99;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        qp_rules *r = rules(games[gi].game, games[gi].params);
        bt_check_fen_round_trips(r, games[gi].game, 10, 80, &seed);
        assert_string_equal(qp_lua_rules_error(r), "");
        qp_rules_free(r);
    }
}

/* The game layer replays its record (undo, goto): the position it rebuilds
 * equals the one reached move by move, FEN and hash, for random games of
 * every kind of block game, played as texts. */
static void test_replay(void **st)
{
    (void)st;
    static const struct {
        const char *game;
        bt_params params;
    } games[] = {
        {"reversi", {NULL}}, {"morris3", {NULL}}, {"baghchal", {NULL}}, {"pegsolitaire", {"board=french", NULL}},
        {"t_jump", {"chain=optional", NULL}}, {"t_hand", {"first=false", NULL}}, {"t_mixed", {NULL}},
    };
    uint64_t seed = 7;
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        qp_rules *r = rules(games[gi].game, games[gi].params);
        qp_game g;
        char err[QP_ERR], fen[60][256], now[256];
        uint64_t hash[60];
        assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
        int plies = 0;
        for (;; plies++) {
            qp_game_fen(&g, fen[plies], sizeof fen[plies]);
            hash[plies] = r->rs->hash(r, g.cur);
            qp_move mv[QP_MAX_MOVES];
            int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
            if (!n || plies == 59) break;
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, g.cur, mv[(seed >> 33) % (uint64_t)n], t, sizeof t);
            if (qp_game_play_text(&g, t, err, sizeof err)) fail_msg("%s: %s: %s", games[gi].game, t, err);
        }
        for (int k = plies; k >= 0; k--) {
            qp_game_goto(&g, k);
            qp_game_fen(&g, now, sizeof now);
            if (strcmp(now, fen[k])) fail_msg("%s ply %d: replayed '%s', played '%s'", games[gi].game, k, now, fen[k]);
            assert_true(r->rs->hash(r, g.cur) == hash[k]);
        }
        qp_game_free(&g);
        qp_rules_free(r);
    }
}

/* ---- broken game files ------------------------------------------------------ */

/* Each file of tests/data/games_bad/ says on line 1 "-- error: TEXT"; loading
 * it must fail with "PATH" + TEXT (":LINE: message"). */
static void test_bad_games(void **st)
{
    (void)st;
    assert_int_equal(bt_check_bad_games(QP_TESTDATA_DIR "/games_bad"), 56);
}

/* Every move from a hook, every ending from blocks: tic-tac-toe's counts
 * (sequences of exactly d plies) and verdicts. */
static void test_hook_moves(void **st)
{
    (void)st;
    static const uint64_t ttt[9] = {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
    qp_rules *r = rules("t_hookmoves", NULL);
    void *s = bt_pos_at(r, NULL);
    for (int d = 1; d <= 9; d++) assert_int_equal(tu_perft(r, s, d), ttt[d - 1]);
    char got[128];
    free(s);
    s = bt_pos_at(r, "XXX/oo1/3 b 5");
    bt_status_text(r, s, got, sizeof got);
    assert_string_equal(got, "x wins: three in a row");
    free(s);
    s = bt_pos_at(r, "XoX/Xoo/oXX b 9");
    bt_status_text(r, s, got, sizeof got);
    assert_string_equal(got, "draw: no moves");
    free(s);
    assert_string_equal(qp_lua_rules_error(r), "");
    qp_rules_free(r);

    /* the mixed game's outcome hook ends every game at ply 7 (the setup
     * hook's X is not a ply): nothing is deeper */
    r = rules("t_mixed", NULL);
    s = bt_pos_at(r, NULL);
    assert_int_equal(tu_perft(r, s, 8), 0);
    assert_true(tu_perft(r, s, 7) > 0);
    free(s);
    qp_rules_free(r);
}

/* The README's first game works as printed: the first ```lua block of
 * scripts/games/README.md, loaded as a game file. */
static void test_readme_first_game(void **st)
{
    (void)st;
    char err[QP_ERR];
    size_t len;
    char *doc = qp_read_file(QP_SCRIPTS_DIR "/games/README.md", &len, err, sizeof err);
    if (!doc) fail_msg("%s", err);
    char *a = strstr(doc, "```lua\n");
    assert_non_null(a);
    a += 7;
    char *b = strstr(a, "```");
    assert_non_null(b);
    *b = 0;
    const char *path = tu_tmpfile(a, ".lua");
    free(doc);
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
    if (!rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    assert_non_null(r);
    assert_string_equal(rs->name, "fourup");
    void *s = bt_pos_at(r, NULL);
    assert_int_equal(tu_perft(r, s, 4), 1296);
    assert_int_equal(tu_perft(r, s, 6), 46650);   /* 6^6 less the six games that fill one column */
    free(s);
    s = bt_pos_at(r, "6/6/6/6/2X3 b 1");
    char *mv = tu_moves_text(r, s);
    assert_string_equal(mv, "a1 b1 c2 d1 e1 f1");
    free(mv);
    free(s);
    s = bt_pos_at(r, "6/X5/Xo4/XoX3/XoXo2 b 7");
    char got[128];
    bt_status_text(r, s, got, sizeof got);
    assert_string_equal(got, "red wins: four in a row");
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
    unlink(path);
}

/* The command line prints the puzzle convention and plays block games. */
static void test_cli(void **st)
{
    (void)st;
    tu_expect_out("status connect4 --fen '7/7/o6/Xo5/XXo4/XXXo3 w 10'", 0, "yellow wins: four in a row\n\n");
    tu_expect_out("moves connect4 --fen 'X6/o6/X6/o6/X6/o6 w 6'", 0, "b1\nc1\nd1\ne1\nf1\ng1\n");
    char *err;
    assert_int_not_equal(tu_run("moves baghchal --fen 't3t/5/5/5/t3t[t] w'", NULL, NULL, &err), 0);
    assert_non_null(strstr(err, "FEN hands: 't' cannot be in hand"));
    free(err);
}

/* Each block says why it refuses, in both languages (blk_why.c); the
 * game layer says a ko (framework/why.c). */
static void test_refusal_reasons(void **st)
{
    (void)st;
    static const wt_case cases[] = {
        {"tictactoe", "3/1X1/3 b 1", NULL, false, "b2", QP_WHY_OCCUPIED, "b2 is occupied", "b2已有棋子"},
        {"reversi", NULL, NULL, false, "a1", QP_WHY_RULE, "a1 must flip at least one disc", "a1须夹住对方至少一子"},
        {"baghchal", NULL, NULL, false, "a1", QP_WHY_NOT_YOURS,
         "a1 is not your piece: place one of yours from your hand on an empty point",
         "a1不是你的棋子：请把手中的棋子放到空点上"},
        {"baghchal", NULL, "c3 a1b1", false, "c3", QP_WHY_HAND_FIRST, "place your pieces in hand first (19 left)",
         "须先把手中的棋子放完（还有19枚）"},
        {"baghchal", NULL, "c3 a1b1", true, "c3c4", QP_WHY_HAND_FIRST, "place your pieces in hand first (19 left)",
         "须先把手中的棋子放完（还有19枚）"},
        {"go", "9/9/9/9/9/9/9/o8/1o7 w 3", NULL, false, "a1", QP_WHY_SUICIDE, "a1 is suicide: its group would have no liberty",
         "a1禁着：落子后无气"},
        {"go", "9/9/9/9/9/9/2Xo5/1Xo1o4/2Xo5 w 10", "d2", false, "c2", QP_WHY_REPETITION,
         "it would repeat an earlier position (ko)", "不能重复以前的局面（打劫）"},
        {"checkers", "8/8/5m2/8/1m1m4/2M5/8/M7 w 0", NULL, false, "a1 b2", QP_WHY_MUST_CAPTURE,
         "a capture is available and must be taken", "有吃子必须吃"},
        {"checkers", "8/8/5m2/8/1m1m4/2M5/8/M7 w 0", NULL, false, "a1", QP_WHY_MUST_CAPTURE,
         "a capture is available and must be taken: another piece can jump", "有吃子必须吃：别的棋子可以跳吃"},
        {"checkers", "8/8/5m2/8/1m1m4/2M5/8/M7 w 0", NULL, false, "c3 e5 c7", QP_WHY_MUST_CONTINUE,
         "the move under way cannot go on to c7", "当前着法不能接到c7"},
        {"checkers", "8/8/5m2/8/1m1m4/2M5/8/M7 w 0", NULL, true, "c3e5", QP_WHY_MUST_CONTINUE,
         "the move is not finished: it goes on from e5", "着法未完：须从e5继续"},
        {"pegsolitaire", NULL, NULL, true, "a1a3", QP_WHY_OFF_BOARD, "that point is not on the board", "该点不在棋盘上"},
        {"pegsolitaire", NULL, NULL, true, "d6d5", QP_WHY_OWN_PIECE, "d5 is occupied by your own piece", "d5已有己方棋子"},
        {"t_move", NULL, NULL, true, "a1c2", QP_WHY_CANNOT_MOVE, "that piece cannot move from a1 to c2",
         "这枚棋子不能从a1走到c2"},
        {"t_move", NULL, NULL, true, "e5e4", QP_WHY_NOT_YOURS, "e5 is not your piece", "e5不是你的棋子"},
        {"t_hand", "2X/1X1/o2[] b 3", NULL, false, "b1", QP_WHY_NO_HAND, "b1: no pieces left to place; move one from-to",
         "b1：手中已无棋子，请走子"},
        {"chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", NULL, true, "e2d3", QP_WHY_SELF_CHECK, "leaves your king in check",
         "走后己方王被将军"},
        /* draughts names its squares by number, as its moves do: clicks on
         * d4 a5 are 32 to 26 */
        {"draughts", NULL, NULL, false, "d4 a5", QP_WHY_CANNOT_MOVE, "that piece cannot move from 32 to 26",
         "这枚棋子不能从32走到26"},
        {"draughts", NULL, NULL, false, "d4 c3", QP_WHY_OWN_PIECE, "37 is occupied by your own piece", "37已有己方棋子"},
        {"draughts", NULL, NULL, false, "e5", QP_WHY_EMPTY, "there is no piece on 28", "28没有棋子"},
        {"draughts", NULL, NULL, false, "g7", QP_WHY_NOT_YOURS, "19 is not your piece", "19不是你的棋子"},
        {"draughts", NULL, NULL, false, "c3", QP_WHY_NO_MOVE, "the piece on 37 has no legal move", "37的棋子无路可走"},
        {"draughts", "10/10/10/10/10/2k1m1m3/3M6/10/10/10 w 0", NULL, false, "d4 f6 d8", QP_WHY_MUST_CONTINUE,
         "the move under way cannot go on to 12", "当前着法不能接到12"},
        {"draughts", "10/10/10/10/10/2k1m1m3/3M6/10/10/10 w 0", NULL, false, "d4 e5", QP_WHY_OCCUPIED,
         "28 is occupied", "28已有棋子"},
        {"draughts", "10/10/10/10/10/2k1m1m3/3M6/10/10/10 w 0", NULL, false, "d4 b6", QP_WHY_MUST_CAPTURE,
         "a capture must take the most pieces (2)", "须吃最多的子（2枚）"},
        {"draughts", NULL, NULL, true, "32-26", QP_WHY_RULE, "that piece cannot move so", "着法不合规则"},
    };
    wt_check(&reg, cases, (int)(sizeof cases / sizeof cases[0]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusal_reasons),
        cmocka_unit_test(test_perft),          cmocka_unit_test(test_perft_deep),
        cmocka_unit_test(test_perft_jumps),    cmocka_unit_test(test_forward_spellings),
        cmocka_unit_test(test_perft_finished),
        cmocka_unit_test(test_twins),          cmocka_unit_test(test_move_sets),
        cmocka_unit_test(test_play),           cmocka_unit_test(test_outcomes),
        cmocka_unit_test(test_refusals),       cmocka_unit_test(test_move_texts),
        cmocka_unit_test(test_move_marks),
        cmocka_unit_test(test_eval),           cmocka_unit_test(test_eval_flank_terms),
        cmocka_unit_test(test_fen_round_trips), cmocka_unit_test(test_fen_errors),
        cmocka_unit_test(test_make_equals_fen), cmocka_unit_test(test_replay),
        cmocka_unit_test(test_bad_games),
        cmocka_unit_test(test_hook_moves),      cmocka_unit_test(test_readme_first_game),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, setup_reg, teardown_reg);
}
