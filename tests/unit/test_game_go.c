/*
 * test_game_go.c — Go as rule blocks (scripts/games/go.lua; the group
 * blocks of framework/blocks/blk_group.c) and positional superko in the
 * game layer and perft: captures of groups, suicide refused with its
 * reason, the ko recapture refused by qp_game until the board changed,
 * two passes ending the game with an exact area score, komi deciding,
 * and perft counts.
 *
 * Perft counts are established twice: the block games (go.lua, and
 * tests/data/games/t_go.lua on small boards) against the Lua-hook twin
 * tests/data/games/hk_go.lua, which asks for superko through its draw
 * rules (the same framework check, but its own captures, suicide and
 * board key); and the superko counts (2×2, 3×3) against an independent
 * brute-force counter written for this purpose, which agreed on 2×2 to
 * depth 12, 3×3 to depth 8 and 4×4 to depth 5.
 */
#include "testutil.h"
#include "mcts.h"
#include "pass_guard.h"
#include "perft.h"
#include "search.h"
#include "splitmix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game of name with params kv from fen (NULL: the start). */
static qp_rules *game_at(qp_game *g, const char *name, const char *const *kv, const char *fen)
{
    qp_rules *r = tu_rules_with(&tu_reg, name, kv);
    char err[QP_ERR];
    if (qp_game_init(g, r, fen, err, sizeof err)) fail_msg("%s: %s", fen ? fen : "start", err);
    return r;
}

static void play_ok(qp_game *g, const char *moves)
{
    char buf[256], err[QP_ERR];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        if (qp_game_play_text(g, t, err, sizeof err)) fail_msg("%s: %s", t, err);
}

static void expect_fen(const qp_game *g, const char *want)
{
    char fen[512];
    qp_game_fen(g, fen, sizeof fen);
    assert_string_equal(fen, want);
}

static bool in_moves(const qp_game *g, const char *text)
{
    qp_move mv[QP_MAX_MOVES];
    int n = qp_game_moves(g, mv);
    char t[QP_MOVE_TEXT];
    for (int i = 0; i < n; i++) {
        g->r->rs->move_text(g->r, g->cur, mv[i], t, sizeof t);
        if (!strcmp(t, text)) return true;
    }
    return false;
}

static void done(qp_game *g, qp_rules *r)
{
    qp_game_free(g);
    qp_rules_free(r);
}

static const char *const no_params[] = {NULL};

/* A group of two taken with its last liberty; a group with another one
 * stays; a stone in the corner. */
static void test_capture(void **st)
{
    (void)st;
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, "9/9/9/9/9/9/9/XX7/oo7 w 10");
    play_ok(&g, "c1");
    expect_fen(&g, "9/9/9/9/9/9/9/XX7/2X6 b 11");
    done(&g, r);
    /* Black's a1-b1 keeps c1 while Black plays c2; White c1 takes the
     * two, and c2 (liberties c3, d2) stays */
    r = game_at(&g, "go", no_params, "9/9/9/9/9/9/9/oo7/XX7 b 10");
    play_ok(&g, "pass c2");
    expect_fen(&g, "9/9/9/9/9/9/9/ooX6/XX7 b 12");
    play_ok(&g, "c1");
    expect_fen(&g, "9/9/9/9/9/9/9/ooX6/2o6 w 13");
    done(&g, r);
}

/* Suicide is refused with its reason and is no legal move; a placement
 * with no liberty of its own that captures is legal. */
static void test_suicide(void **st)
{
    (void)st;
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, "9/9/9/9/9/9/9/o8/1o7 w 3");
    char err[QP_ERR];
    assert_int_equal(qp_game_play_text(&g, "a1", err, sizeof err), -1);
    assert_string_equal(err, "a1 is suicide: its group would have no liberty");
    assert_false(in_moves(&g, "a1"));
    assert_true(in_moves(&g, "pass"));
    done(&g, r);
    /* White a1 has no liberty of its own but takes a2 and b1, whose last
     * liberty it was */
    r = game_at(&g, "go", no_params, "9/9/9/9/9/9/o8/Xo7/1Xo6 b 3");
    play_ok(&g, "a1");
    expect_fen(&g, "9/9/9/9/9/9/o8/1o7/o1o6 w 4");
    done(&g, r);
    /* here a2 keeps a3: a1 takes b1 alone */
    r = game_at(&g, "go", no_params, "9/9/9/9/9/9/9/Xo7/1Xo6 b 3");
    play_ok(&g, "a1");
    expect_fen(&g, "9/9/9/9/9/9/9/Xo7/o1o6 w 4");
    done(&g, r);
}

/* The ko: Black d2 takes c2; White's retake at c2 would recreate the
 * board before d2, which the game layer refuses and leaves out of its
 * moves; after a pair of moves elsewhere the retake makes a new board. */
static void test_superko(void **st)
{
    (void)st;
    qp_game g;
    const char *ko = "9/9/9/9/9/9/2Xo5/1Xo1o4/2Xo5 w 10";
    qp_rules *r = game_at(&g, "go", no_params, ko);
    assert_true(r->draw.superko);
    play_ok(&g, "d2");
    expect_fen(&g, "9/9/9/9/9/9/2Xo5/1X1Xo4/2Xo5 b 11");
    char err[QP_ERR];
    assert_int_equal(qp_game_play_text(&g, "c2", err, sizeof err), -1);
    assert_string_equal(err, "c2 recreates an earlier position (superko)");
    assert_false(in_moves(&g, "c2"));
    assert_true(in_moves(&g, "h8"));
    /* the position alone does not know it: gen still lists c2 */
    qp_move m;
    assert_int_equal(r->rs->move_parse(r, g.cur, "c2", &m, err, sizeof err), 0);
    assert_true(qp_move_is_legal(r, g.cur, m));
    play_ok(&g, "h8 h7 c2");
    expect_fen(&g, "9/7o1/7X1/9/9/9/2Xo5/1Xo1o4/2Xo5 w 14");
    /* and now Black's retake at d2 would recreate the board after h7 */
    assert_false(in_moves(&g, "d2"));
    assert_int_equal(qp_game_play_text(&g, "d2", err, sizeof err), -1);
    /* undo and redo keep the history: after undoing c2 it is refused again */
    assert_true(qp_game_undo(&g));
    assert_true(in_moves(&g, "c2"));
    done(&g, r);

    /* perft sees the path from its root: two plies from the ko position
     * leave out White's retake after d2, as the game layer does */
    r = tu_rules(&tu_reg, "go");
    void *s = qp_state_new(r);
    assert_int_equal(r->rs->fen_parse(r, s, ko, err, sizeof err), 0);
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    uint64_t *sub = calloc((size_t)n, sizeof *sub);
    assert_int_equal(qp_perft_moves(r, s, 2, QP_PERFT_STANDARD, mv, n, sub, 1, err, sizeof err), 0);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, s, mv[i], t, sizeof t);
        void *c = qp_state_new(r);
        memcpy(c, s, r->state_size);
        r->rs->make(r, c, mv[i], NULL);
        uint64_t replies = (uint64_t)r->rs->gen(r, c, (qp_move[QP_MAX_MOVES]){0}, QP_GEN_ALL);
        /* after d2 the retake c2 is gen's but not perft's */
        assert_int_equal(sub[i], strcmp(t, "d2") ? replies : replies - 1);
        total += sub[i];
        free(c);
    }
    assert_int_equal(qp_perft(r, s, 2), total);
    free(sub);
    free(s);
    qp_rules_free(r);
}

/* The engines see superko along the game: after Black's d2 took c2, the
 * retake (a capture, which random playouts like) is no root move of
 * alpha-beta and a proven loss in the Monte Carlo tree. */
static void test_superko_ai(void **st)
{
    (void)st;
    const char *kv[] = {"size=5", NULL};
    qp_game g;
    qp_rules *r = game_at(&g, "t_go", kv, "5/5/2Xo1/1Xo1o/2Xo1 w 10");
    play_ok(&g, "d2");
    assert_false(in_moves(&g, "c2"));
    char t[QP_MOVE_TEXT];
    qp_search_limits lim = {.depth = 2};
    qp_search *S = qp_search_new(r, 1);
    assert_non_null(S);
    qp_search_info info;
    qp_move m = qp_search_run(S, &g, &lim, NULL, NULL, &info);
    r->rs->move_text(r, g.cur, m, t, sizeof t);
    assert_true(in_moves(&g, t));
    assert_string_not_equal(t, "c2");
    qp_search_free(S);
    qp_mcts *M = qp_mcts_new(r, 1);
    assert_non_null(M);
    qp_search_limits ml = {.nodes = 3000, .seed = 7};
    m = qp_mcts_run(M, &g, &ml, NULL, NULL, &info);
    r->rs->move_text(r, g.cur, m, t, sizeof t);
    assert_true(in_moves(&g, t));
    assert_string_not_equal(t, "c2");
    qp_mcts_free(M);
    done(&g, r);
}

/* Two passes end the game: Black's wall on file e and White's on f give
 * Black 45 points (stones and a..d), White 36 (stones and g..i); komi
 * decides. */
static void test_area_score(void **st)
{
    (void)st;
    const char *walls = "4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3 w 18";
    struct {
        const char *komi;
        qp_result result;
        int winner;
        const char *status;
    } cases[] = {
        {"komi=7.5", QP_WIN, 0, "Area: Black 45 \xC2\xB7 White 36 + 7.5 \xC2\xB7 passed"},
        {"komi=9.5", QP_WIN, 1, "Area: Black 45 \xC2\xB7 White 36 + 9.5 \xC2\xB7 passed"},
        {"komi=9", QP_DRAW, 0, "Area: Black 45 \xC2\xB7 White 36 + 9 \xC2\xB7 passed"},
        {"komi=-0.5", QP_WIN, 0, "Area: Black 45 \xC2\xB7 White 36 - 0.5 \xC2\xB7 passed"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *kv[] = {cases[i].komi, NULL};
        qp_game g;
        qp_rules *r = game_at(&g, "go", kv, walls);
        qp_outcome o;
        play_ok(&g, "pass");
        qp_game_outcome(&g, &o);
        assert_int_equal(o.result, QP_ONGOING);
        expect_fen(&g, "4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3/4Xo3~1 b 19");
        play_ok(&g, "pass");
        qp_game_outcome(&g, &o);
        assert_int_equal(o.result, cases[i].result);
        if (o.result == QP_WIN) assert_int_equal(o.winner, cases[i].winner);
        assert_string_equal(o.reason, "area score");
        char got[160];
        r->rs->status_text(r, g.cur, got, sizeof got);
        assert_string_equal(got, cases[i].status);
        char err[QP_ERR];
        assert_int_equal(qp_game_play_text(&g, "a1", err, sizeof err), -1);
        assert_string_equal(err, "the game is over (area score)");
        done(&g, r);
    }
    /* a region touching both sides is no one's: file f empty between
     * Black's e and White's g; the FEN keeps the passes */
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, "4X1o2/4X1o2/4X1o2/4X1o2/4X1o2/4X1o2/4X1o2/4X1o2/4X1o2~1 b 19");
    play_ok(&g, "pass");
    char got[160];
    r->rs->status_text(r, g.cur, got, sizeof got);
    assert_string_equal(got, "Area: Black 45 \xC2\xB7 White 27 + 7.5 \xC2\xB7 passed");
    qp_outcome o;
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 0);
    done(&g, r);
    /* a placement between the passes starts the count again */
    r = game_at(&g, "go", no_params, walls);
    play_ok(&g, "pass a1 pass");
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_ONGOING);
    done(&g, r);
}

/* Bad params and FEN fields are refused with their reason. */
static void test_bad_input(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "go");
    void *s = qp_state_new(r);
    char err[QP_ERR];
    assert_int_equal(r->rs->fen_parse(r, s, "9/9/9/9/9/9/9/9/9~x w 1", err, sizeof err), -1);
    assert_string_equal(err, "FEN passes: '~x' is not ~N (passes in a row) of a game that passes");
    qp_move m;
    assert_int_equal(r->rs->move_parse(r, s, "j1", &m, err, sizeof err), -1);
    free(s);
    qp_rules_free(r);
    const qp_ruleset *rs = qp_registry_find(&tu_reg, "go");
    assert_non_null(rs);
    qp_params p;
    assert_int_equal(qp_params_init(&p, rs->params, err, sizeof err), 0);
    assert_int_equal(qp_params_set(&p, "komi", "7.3", err, sizeof err), 0);
    assert_null(qp_rules_create(rs, &p, err, sizeof err));
    assert_non_null(strstr(err, "rules.score.komi must be a number of half points (7.5, 6, 0), got 7.3"));
}

typedef struct go_perft {
    const char *game;
    const char *params[4];
    int depth;
    uint64_t count;
} go_perft;

/* Pinned counts; rows of a game with a twin are compared with it too. */
static const go_perft perfts[] = {
    /* 9×9: no capture before ply 4, so no superko; the hook twin agrees
     * at depth 4 as well (42002809: 632 fewer than without the suicide
     * rule's refusals) */
    {"go", {NULL}, 3, 531522},
    {"t_go", {"size=5", NULL}, 4, 361041},
    {"t_go", {"size=5", "superko=false", NULL}, 4, 361041},
    /* superko from the first recaptures: 2×2 and 3×3 with and without */
    {"t_go", {"size=2", NULL}, 12, 23560},
    {"t_go", {"size=2", "superko=false", NULL}, 12, 47840},
    {"t_go", {"size=3", NULL}, 6, 179712},
    {"t_go", {"size=3", "superko=false", NULL}, 6, 179744},
    {"t_go", {"size=3", NULL}, 7, 842696},
};

static void test_perft(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof perfts / sizeof perfts[0]; i++) {
        const go_perft *p = &perfts[i];
        qp_rules *r = tu_rules_with(&tu_reg, p->game, p->params);
        void *s = qp_state_new(r);
        r->rs->setup(r, s);
        uint64_t n = qp_perft(r, s, p->depth);
        if (n != p->count)
            fail_msg("%s %s perft %d: %llu, expected %llu", p->game, p->params[0] ? p->params[0] : "", p->depth,
                     (unsigned long long)n, (unsigned long long)p->count);
        free(s);
        qp_rules_free(r);
    }
}

/* The twin: same counts, with and without superko, same end scores. */
static void test_twin(void **st)
{
    (void)st;
    static const struct {
        const char *size, *superko;
        int depth;
    } rows[] = {{"size=9", "superko=true", 2}, {"size=5", "superko=true", 3}, {"size=3", "superko=true", 5}, {"size=2", "superko=true", 12}, {"size=2", "superko=false", 12}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *kv[] = {rows[i].size, rows[i].superko, NULL};
        qp_rules *a = tu_rules_with(&tu_reg, "t_go", kv), *b = tu_rules_with(&tu_reg, "hk_go", kv);
        void *sa = qp_state_new(a), *sb = qp_state_new(b);
        a->rs->setup(a, sa);
        b->rs->setup(b, sb);
        for (int d = 1; d <= rows[i].depth; d++) assert_int_equal(qp_perft(a, sa, d), qp_perft(b, sb, d));
        free(sa);
        free(sb);
        qp_rules_free(a);
        qp_rules_free(b);
    }
    /* a 5×5 game's end, scored by both */
    const char *kv[] = {"size=5", NULL};
    qp_rules *a = tu_rules_with(&tu_reg, "t_go", kv), *b = tu_rules_with(&tu_reg, "hk_go", kv);
    void *sa = qp_state_new(a), *sb = qp_state_new(b);
    char err[QP_ERR];
    assert_int_equal(a->rs->fen_parse(a, sa, "1X1o1/XX1oo/2Xo1/XXo2/1Xo2~1 b 9", err, sizeof err), 0);
    assert_int_equal(b->rs->fen_parse(b, sb, "1X1o1/XX1oo/2Xo1/XXo2/1Xo2 b 1 9", err, sizeof err), 0);
    qp_move m;
    assert_int_equal(a->rs->move_parse(a, sa, "pass", &m, err, sizeof err), 0);
    a->rs->make(a, sa, m, NULL);
    assert_int_equal(b->rs->move_parse(b, sb, "pass", &m, err, sizeof err), 0);
    b->rs->make(b, sb, m, NULL);
    qp_outcome oa, ob;
    a->rs->outcome(a, sa, &oa);
    b->rs->outcome(b, sb, &ob);
    assert_int_equal(oa.result, ob.result);
    assert_int_equal(oa.winner, ob.winner);
    assert_string_equal(oa.reason, ob.reason);
    char got[160];
    a->rs->status_text(a, sa, got, sizeof got);
    /* Black 7 stones + a5, a3, b3, a1; White 6 + e5 and the five of
     * e3 e2 d2 d1 e1; c5-c4 touches both */
    assert_string_equal(got, "Area: Black 11 \xC2\xB7 White 12 + 7.5 \xC2\xB7 passed");
    assert_int_equal(oa.winner, 1);
    free(sa);
    free(sb);
    qp_rules_free(a);
    qp_rules_free(b);
}

/* The moves of r at s as sorted, space-separated texts. */
static void move_list(const qp_rules *r, const void *s, char *out, size_t n, char texts[][QP_MOVE_TEXT], int *count)
{
    qp_move mv[QP_MAX_MOVES];
    int k = r->rs->gen(r, s, mv, QP_GEN_ALL);
    for (int i = 0; i < k; i++) r->rs->move_text(r, s, mv[i], texts[i], QP_MOVE_TEXT);
    qsort(texts, (size_t)k, QP_MOVE_TEXT, (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int i = 0; i < k; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? " " : "", texts[i]);
    }
    *count = k;
}

/* Random games played in step by the blocks and the hook twin, far into
 * the game (big groups, eyes, captures): the same legal placements at
 * every ply (the blocks label the groups once per generation). */
static void test_twin_playouts(void **st)
{
    (void)st;
    static const char *const sizes[] = {"size=9", "size=19"};
    static char la[QP_MAX_MOVES][QP_MOVE_TEXT], lb[QP_MAX_MOVES][QP_MOVE_TEXT];
    static char ta[QP_MAX_MOVES * 8], tb[QP_MAX_MOVES * 8];
    uint64_t seed = 12345;
    for (int z = 0; z < 2; z++) {
        const char *kv[] = {sizes[z], "superko=false", NULL};
        qp_rules *a = tu_rules_with(&tu_reg, "t_go", kv), *b = tu_rules_with(&tu_reg, "hk_go", kv);
        for (int game = 0; game < (z ? 1 : 4); game++) {
            void *sa = qp_state_new(a), *sb = qp_state_new(b);
            a->rs->setup(a, sa);
            b->rs->setup(b, sb);
            for (int ply = 0; ply < (z ? 500 : 200); ply++) {
                int na, nb;
                move_list(a, sa, ta, sizeof ta, la, &na);
                move_list(b, sb, tb, sizeof tb, lb, &nb);
                if (strcmp(ta, tb)) fail_msg("%s ply %d: blocks '%s', hooks '%s'", sizes[z], ply, ta, tb);
                if (na == 0) break;
                /* a placement more often than a pass, so the board fills */
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                const char *pick = la[(seed >> 33) % (uint64_t)na];
                if (!strcmp(pick, "pass") && na > 1) pick = la[(seed >> 40) % (uint64_t)(na - 1)];
                qp_move m;
                char err[QP_ERR];
                if (a->rs->move_parse(a, sa, pick, &m, err, sizeof err)) fail_msg("%s: %s", pick, err);
                a->rs->make(a, sa, m, NULL);
                if (b->rs->move_parse(b, sb, pick, &m, err, sizeof err)) fail_msg("%s: %s", pick, err);
                b->rs->make(b, sb, m, NULL);
            }
            free(sa);
            free(sb);
        }
        qp_rules_free(a);
        qp_rules_free(b);
    }
}

/* The guard's answer to a pass (or to move text best) at fen, as text. */
static void guard_says(const char *fen, const char *best, bool cleanup, const char *want1, const char *want2)
{
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, fen);
    char t[QP_MOVE_TEXT];
    qp_move mv[QP_MAX_MOVES], m = QP_MOVE_NONE;
    int n = qp_game_moves(&g, mv);
    for (int i = 0; i < n && m == QP_MOVE_NONE; i++) {
        r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
        if (!strcmp(t, best)) m = mv[i];
    }
    assert_int_not_equal(m, QP_MOVE_NONE);
    qp_move got = qp_pass_guard(r, &g, m, cleanup);
    r->rs->move_text(r, g.cur, got, t, sizeof t);
    if (strcmp(t, want1) && (!want2 || strcmp(t, want2)))
        fail_msg("%s, %s%s: %s, not %s", fen, best, cleanup ? " (cleanup)" : "", t, want1);
    done(&g, r);
}

/* A pass is replaced by a capture, the defence of a group in atari, or
 * in cleanup mode an attack; a move is kept; an empty board, an eye and
 * a self-atari are no reason not to pass. */
static void test_pass_guard(void **st)
{
    (void)st;
    guard_says("9/9/9/9/9/9/9/X8/o8 w 4", "pass", false, "b1", NULL);       /* takes a1 */
    guard_says("9/9/9/9/9/9/9/X8/o8 w 4", "e5", false, "e5", NULL);         /* not a pass: kept */
    guard_says("9/9/9/9/9/9/9/o8/X8 w 4", "pass", false, "b1", NULL);       /* a1 in atari: b1 saves it */
    guard_says("9/9/9/9/9/9/9/9/9 w 0", "pass", false, "pass", NULL);       /* nothing to gain */
    guard_says("9/9/9/9/9/9/9/9/o8 w 1", "pass", false, "pass", NULL);
    guard_says("9/9/9/9/9/9/9/9/o8 w 1", "pass", true, "a2", "b1");         /* cleanup: its liberties */
    /* Black's a1 eye (a2, b1 Black) is never filled, even in cleanup */
    guard_says("9/9/9/9/9/9/XX7/1XX6/2X6 w 5", "pass", true, "pass", NULL);
}

/* The playouts' urgent answers (QP_PLAYOUT_ATARI) after move at fen,
 * as their texts in board order. */
static void urgent_after(const char *fen, const char *move, const char *want)
{
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, fen);
    assert_true(r->playout & QP_PLAYOUT_ATARI);
    qp_move mv[QP_MAX_MOVES], m = QP_MOVE_NONE, u[8];
    char t[QP_MOVE_TEXT], got[128] = "";
    int n = qp_game_moves(&g, mv);
    for (int i = 0; i < n && m == QP_MOVE_NONE; i++) {
        r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
        if (!strcmp(t, move)) m = mv[i];
    }
    assert_int_not_equal(m, QP_MOVE_NONE);
    play_ok(&g, move);
    int nu = r->rs->playout_urgent(r, g.cur, m, u, 8);
    for (int i = 0; i < nu; i++) {   /* placements encode their point: sort by it */
        for (int j = i + 1; j < nu; j++)
            if (u[j] < u[i]) {
                qp_move x = u[i];
                u[i] = u[j];
                u[j] = x;
            }
        r->rs->move_text(r, g.cur, u[i], t, sizeof t);
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", t);
    }
    if (strcmp(got, want)) fail_msg("%s, %s: urgent '%s', not '%s'", fen, move, got, want);
    done(&g, r);
}

/* After a placement the playouts answer its ataris: the capture of the
 * stone left with one liberty, the escape of a group it put in atari
 * (only to a point with room), the capture of an enemy group in atari
 * beside that group; nothing after a pass or a quiet move. */
static void test_playout_urgent(void **st)
{
    (void)st;
    urgent_after("9/9/9/9/9/9/9/1o7/2o6 w 3", "b1", "a1");               /* b1 has a1 only */
    urgent_after("9/9/9/9/9/9/9/9/3Xo4 w 5", "f1", "e2");                /* e1 escapes */
    urgent_after("9/9/9/9/9/9/9/3o5/3Xo4 w 5", "f1", "c1 e2");           /* or takes d1 */
    urgent_after("9/9/9/9/9/9/9/3X1X3/3Xo4 w 5", "f1", "");              /* e2 has no room */
    /* Black a1 takes b1 in a ko: White's retaking at b1 is not urgent */
    urgent_after("9/9/9/9/9/9/9/oX7/1oX6 w 5", "a1", "a3");   /* a2 escapes */
    urgent_after("9/9/9/9/9/9/9/9/3Xo4 w 5", "pass", "");
    urgent_after("9/9/9/9/9/9/9/9/3Xo4 w 5", "e5", "");
}

/* Whether placing at p fills a single-point eye of side (mcts.h's rule,
 * restated here from the pieces the ruleset reports). */
static bool eye_fill(const qp_rules *r, const void *s, int p, int side)
{
    const qp_geom *ge = &r->geom;
    qp_piece_view v;
    int edges = 0, enemy = 0;
    for (int d = QP_N; d <= QP_W; d++) {
        int q = ge->nb[p][d];
        if (q < 0) {
            edges++;
            continue;
        }
        if (!r->rs->piece_at(r, s, q, &v) || v.side != side) return false;
    }
    for (int d = QP_N; d <= QP_W; d++) {
        int a = ge->nb[p][d], q = a >= 0 ? ge->nb[a][(d + 1) % 4] : -1;
        if (q >= 0 && r->rs->piece_at(r, s, q, &v) && v.side != side) enemy++;
    }
    return enemy < (edges ? 1 : 2);
}

/* The game's own playout move (playout_move) draws from exactly the moves
 * MCTS would: every legal placement that fills no own eye, the pass only
 * when none is left, and an urgent answer first under QP_PLAYOUT_ATARI.
 * Checked along a random game by drawing many times in each position. */
static void test_playout_move(void **st)
{
    (void)st;
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, NULL);
    uint64_t rng = 5, pick = 77;
    qp_move mv[QP_MAX_MOVES], last = QP_MOVE_NONE;
    int checked = 0;
    for (int ply = 0; ply < 160; ply++) {
        int n = qp_game_moves(&g, mv);
        if (n == 0) break;
        int side = r->rs->side_to_move(r, g.cur);
        bool want[QP_MAX_MOVES] = {false}, got[QP_MAX_MOVES] = {false};
        int nwant = 0, pass = -1;
        for (int i = 0; i < n; i++) {
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
            int p = qp_stone_point(r, t);
            if (p < 0) pass = i;
            else if (!eye_fill(r, g.cur, p, side)) want[i] = true, nwant++;
        }
        if (!nwant) want[pass] = true;
        if (ply % 8 == 0) {
            for (int k = 0; k < 4000; k++) {
                qp_move m;
                assert_int_equal(r->rs->playout_move(r, g.cur, last, QP_PLAYOUT_AVOID_OWN_EYES, &rng, &m), 1);
                int i = 0;
                while (i < n && mv[i] != m) i++;
                if (i == n || !want[i]) fail_msg("ply %d: drew a move outside the set", ply);
                got[i] = true;
            }
            for (int i = 0; i < n; i++)
                if (want[i] != got[i]) fail_msg("ply %d: move %d never drawn", ply, i);
            checked++;
            /* under atari an urgent answer, when there is one, is all it draws */
            qp_move u[8], m;
            int nu = r->rs->playout_urgent(r, g.cur, last, u, 8);
            for (int k = 0; k < 50 && nu > 0; k++) {
                assert_int_equal(r->rs->playout_move(r, g.cur, last, QP_PLAYOUT_AVOID_OWN_EYES | QP_PLAYOUT_ATARI,
                                                     &rng, &m), 1);
                int j = 0;
                while (j < nu && u[j] != m) j++;
                assert_true(j < nu);
            }
        }
        int i = (int)(qp_splitmix64(&pick) % (uint64_t)n);
        last = mv[i];
        char t[QP_MOVE_TEXT], err[QP_ERR];
        r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
        if (qp_game_play_text(&g, t, err, sizeof err)) fail_msg("%s: %s", t, err);
    }
    assert_true(checked >= 10);
    /* a game over has no move; games that place otherwise leave it to MCTS */
    done(&g, r);
    r = game_at(&g, "go", no_params, "9/9/9/9/9/9/9/9/9~2 b 2");
    qp_move m;
    assert_int_equal(r->rs->playout_move(r, g.cur, QP_MOVE_NONE, QP_PLAYOUT_AVOID_OWN_EYES, &rng, &m), 0);
    done(&g, r);
    r = game_at(&g, "gomoku", no_params, NULL);
    assert_int_equal(r->rs->playout_move(r, g.cur, QP_MOVE_NONE, QP_PLAYOUT_AVOID_OWN_EYES, &rng, &m), -1);
    done(&g, r);
}

/* ---- shapes and priors ------------------------------------------------ */

/* go.lua's shapes, read from the game file as text: every quoted
 * "abc/d*e/fgh". */
static int go_shapes(char pats[][12], int max)
{
    char path[512], line[512];
    snprintf(path, sizeof path, "%s/games/go.lua", QP_SCRIPTS_DIR);
    FILE *fp = fopen(path, "r");
    assert_non_null(fp);
    int n = 0;
    while (fgets(line, sizeof line, fp))
        for (char *q = strchr(line, '"'); q && n < max; q = strchr(q + 1, '"'))
            if (strlen(q) > 12 && q[12] == '"' && q[4] == '/' && q[8] == '/' && q[6] == '*') {
                memcpy(pats[n], q + 1, 11);
                pats[n++][11] = 0;
                q += 12;
            }
    fclose(fp);
    return n;
}

/* What a pattern letter says of a point: st 0 empty, 1 X, 2 O, 3 off. */
static bool letter_fits(char ch, int st)
{
    switch (ch) {
    case 'X': return st == 1;
    case 'O': return st == 2;
    case 'x': return st != 1;
    case 'o': return st != 2;
    case '.': return st == 0;
    case '#': return st == 3;
    default: return true;
    }
}

/* Whether the empty point q matches one of pats, restated from the
 * coordinates: each of the eight turns and mirrors of the 3×3 square, X
 * read as either side. */
static bool shape_at(const qp_rules *r, const void *s, int q, char pats[][12], int np)
{
    const qp_geom *ge = &r->geom;
    int qx = q % ge->w, qy = q / ge->w;
    for (int i = 0; i < np; i++)
        for (int t = 0; t < 8; t++)
            for (int x = 0; x < 2; x++) {
                bool ok = true;
                for (int row = 0; row < 3 && ok; row++)
                    for (int col = 0; col < 3 && ok; col++) {
                        if (row == 1 && col == 1) continue;
                        int dx = col - 1, dy = 1 - row, ex, ey;
                        switch (t & 3) {   /* quarter turns, then a mirror */
                        case 0: ex = dx, ey = dy; break;
                        case 1: ex = -dy, ey = dx; break;
                        case 2: ex = -dx, ey = -dy; break;
                        default: ex = dy, ey = -dx; break;
                        }
                        if (t & 4) ex = -ex;
                        int px = qx + ex, py = qy + ey, st;
                        if (px < 0 || py < 0 || px >= ge->w || py >= ge->h) {
                            st = 3;
                        } else {
                            qp_piece_view v;
                            st = r->rs->piece_at(r, s, qp_sq(ge, px, py), &v) ? 1 + (v.side != x) : 0;
                        }
                        ok = letter_fits(pats[i][row * 4 + col], st);
                    }
                if (ok) return true;
            }
    return false;
}

/* The liberties of the group through sq in g (by the pieces shown). */
static int libs_of(const qp_game *g, int sq)
{
    const qp_rules *r = g->r;
    qp_piece_view v;
    if (!r->rs->piece_at(r, g->cur, sq, &v)) return -1;
    bool in[QP_MAX_POINTS] = {false}, lib[QP_MAX_POINTS] = {false};
    int stack[QP_MAX_POINTS], n = 0, libs = 0;
    stack[n++] = sq;
    in[sq] = true;
    while (n > 0) {
        int at = stack[--n];
        for (int d = QP_N; d <= QP_W; d++) {
            int t = r->geom.nb[at][d];
            qp_piece_view w;
            if (t < 0) continue;
            if (!r->rs->piece_at(r, g->cur, t, &w)) {
                if (!lib[t]) lib[t] = true, libs++;
            } else if (w.side == v.side && !in[t]) {
                in[t] = true;
                stack[n++] = t;
            }
        }
    }
    return libs;
}

/* Whether playing text in g is a self-atari: the stone's group is left
 * with one liberty and no enemy stone was taken. */
static bool self_atari_by_play(const qp_game *g0, const char *text)
{
    qp_game g;
    char err[QP_ERR], fen[512];
    qp_game_fen(g0, fen, sizeof fen);
    if (qp_game_init(&g, g0->r, fen, err, sizeof err)) fail_msg("%s", err);
    int before = 0, after = 0, side = g0->r->rs->side_to_move(g0->r, g0->cur);
    qp_piece_view v;
    for (int p = 0; p < g.r->geom.n; p++) before += g.r->rs->piece_at(g.r, g.cur, p, &v) && v.side != side;
    if (qp_game_play_text(&g, text, err, sizeof err)) fail_msg("%s: %s", text, err);
    for (int p = 0; p < g.r->geom.n; p++) after += g.r->rs->piece_at(g.r, g.cur, p, &v) && v.side != side;
    bool atari = after == before && libs_of(&g, qp_stone_point(g.r, text)) < 2;
    qp_game_free(&g);
    return atari;
}

/* Under QP_PLAYOUT_PATTERNS the playout move is, when any exists, one of
 * the empty points next to the last placement that match go.lua's
 * shapes, fill no own eye and put nothing in self-atari — exactly that
 * set, drawn many times — else a move of the ordinary set.  Along a
 * random game; the matching restated from coordinates and the
 * self-atari by playing the move. */
static void test_playout_shapes(void **st)
{
    (void)st;
    char pats[32][12];
    int np = go_shapes(pats, 32);
    assert_int_equal(np, 13);
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, NULL);
    assert_true(r->playout & QP_PLAYOUT_PATTERNS);
    uint64_t rng = 9, pick = 31;
    qp_move mv[QP_MAX_MOVES], last = QP_MOVE_NONE;
    int with = 0, without = 0;
    for (int ply = 0; ply < 120; ply++) {
        int n = qp_game_moves(&g, mv);
        if (n == 0) break;
        int side = r->rs->side_to_move(r, g.cur);
        int lp = -1;
        if (last != QP_MOVE_NONE) {
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, g.cur, last, t, sizeof t);
            lp = qp_stone_point(r, t);
        }
        bool want[QP_MAX_MOVES] = {false}, got[QP_MAX_MOVES] = {false};
        int nwant = 0;
        for (int i = 0; i < n && lp >= 0; i++) {
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
            int p = qp_stone_point(r, t);
            int w = r->geom.w, dx = p % w - lp % w, dy = p / w - lp / w;
            bool near = p >= 0 && p != lp && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
            if (near && shape_at(r, g.cur, p, pats, np) && !eye_fill(r, g.cur, p, side) &&
                !self_atari_by_play(&g, t))
                want[i] = true, nwant++;
        }
        if (ply % 3 == 0) {
            for (int k = 0; k < (nwant ? 400 : 40); k++) {
                qp_move m;
                assert_int_equal(r->rs->playout_move(r, g.cur, last, QP_PLAYOUT_AVOID_OWN_EYES | QP_PLAYOUT_PATTERNS,
                                                     &rng, &m), 1);
                int i = 0;
                while (i < n && mv[i] != m) i++;
                assert_true(i < n);
                if (nwant && !want[i]) {
                    char fen[512], t1[QP_MOVE_TEXT], t2[QP_MOVE_TEXT];
                    qp_game_fen(&g, fen, sizeof fen);
                    r->rs->move_text(r, g.cur, m, t1, sizeof t1);
                    r->rs->move_text(r, g.cur, last, t2, sizeof t2);
                    fail_msg("ply %d: %s after %s: drew %s outside the shapes", ply, fen, t2, t1);
                }
                got[i] = true;
            }
            for (int i = 0; i < n && nwant; i++)
                if (want[i] != got[i]) fail_msg("ply %d: shape move %d never drawn", ply, i);
            nwant ? with++ : without++;
        }
        int i = (int)(qp_splitmix64(&pick) % (uint64_t)n);
        last = mv[i];
        char t[QP_MOVE_TEXT], err[QP_ERR];
        r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
        if (qp_game_play_text(&g, t, err, sizeof err)) fail_msg("%s: %s", t, err);
    }
    assert_true(with >= 5 && without >= 5);
    done(&g, r);
}

/* The game's priors for MCTS (move_priors) of the named moves after
 * `move` at fen, as "move:value" in the order asked. */
static void priors_after(const char *fen, const char *move, const char *ask, const char *want)
{
    qp_game g;
    qp_rules *r = game_at(&g, "go", no_params, fen);
    assert_true(r->playout & QP_PLAYOUT_PRIORS);
    qp_move mv[QP_MAX_MOVES], last = QP_MOVE_NONE, m[16];
    char t[QP_MOVE_TEXT], got[256] = "", buf[128];
    int n = qp_game_moves(&g, mv);
    for (int i = 0; i < n; i++) {
        r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
        if (!strcmp(t, move)) last = mv[i];
    }
    assert_int_not_equal(last, QP_MOVE_NONE);
    play_ok(&g, move);
    n = qp_game_moves(&g, mv);
    int k = 0;
    snprintf(buf, sizeof buf, "%s", ask);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        m[k] = QP_MOVE_NONE;
        for (int i = 0; i < n; i++) {
            r->rs->move_text(r, g.cur, mv[i], t, sizeof t);
            if (!strcmp(t, w)) m[k] = mv[i];
        }
        if (m[k] == QP_MOVE_NONE) fail_msg("%s: no move %s", fen, w);
        k++;
    }
    int8_t op[16];
    r->rs->move_priors(r, g.cur, last, m, k, op);
    snprintf(buf, sizeof buf, "%s", ask);
    int i = 0;
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "), i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s:%d", i ? " " : "", w, op[i]);
    if (strcmp(got, want)) fail_msg("%s, %s: priors '%s', not '%s'", fen, move, got, want);
    done(&g, r);
}

/* Priors: 2 for an urgent answer, 1 for a shape next to the last move,
 * -1 for a self-atari, a lone edge point or the pass, 0 otherwise. */
static void test_move_priors(void **st)
{
    (void)st;
    /* Black f1 puts White e1 in atari: e2 escapes (2); a1 is a lone edge
     * point (-1); e5 nothing (0); the pass -1 */
    priors_after("9/9/9/9/9/9/9/9/3Xo4 w 5", "f1", "e2 a1 e5 pass", "e2:2 a1:-1 e5:0 pass:-1");
    /* Black d5 then White e5 beside it: Black's hane at e6 or e4
     * ("XO./.*./?.?" turned) is a shape (1); f5 far from d5 is not one */
    priors_after("9/9/9/9/3X5/9/9/9/9 b 2", "e5", "e6 e4 f5 a9", "e6:1 e4:1 f5:0 a9:-1");
    /* Black's b1 between White a1 and c1 would stand with b2 alone and
     * take nothing (a1 keeps a2) */
    priors_after("9/9/9/9/9/9/9/9/o1o6 b 3", "e5", "b1 b2", "b1:-1 b2:0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture),   cmocka_unit_test(test_suicide), cmocka_unit_test(test_superko),
        cmocka_unit_test(test_superko_ai),
        cmocka_unit_test(test_area_score), cmocka_unit_test(test_bad_input), cmocka_unit_test(test_perft),
        cmocka_unit_test(test_twin),      cmocka_unit_test(test_twin_playouts),
        cmocka_unit_test(test_pass_guard), cmocka_unit_test(test_playout_urgent),
        cmocka_unit_test(test_playout_move), cmocka_unit_test(test_playout_shapes),
        cmocka_unit_test(test_move_priors),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry_games, tu_teardown_registry);
}
