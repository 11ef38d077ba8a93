/*
 * test_xiangqi.c — the standard Xiangqi ruleset: perft against public
 * figures, exact legal-move sets of hand-checked positions, refusal
 * reasons, make/unmake and incremental hash, FEN, notation, outcome.
 */
#include "testutil.h"
#include "whytest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "xq_internal.h"

extern const qp_ruleset xq_ruleset;

static qp_rules *xq_new(void)
{
    char err[QP_ERR] = "";
    qp_rules *r = qp_rules_create(&xq_ruleset, NULL, err, sizeof err);
    if (!r) fail_msg("create: %s", err);
    return r;
}

static void xq_load(const qp_rules *r, xq_state *s, const char *fen)
{
    char err[QP_ERR] = "";
    if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("%s: %s", fen, err);
}

/* Bulk-counting perft over make/unmake (the search's path). */
static uint64_t xq_perft(const qp_rules *r, xq_state *s, int depth)
{
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    xq_undo u;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        r->rs->make(r, s, mv[i], &u);
        total += xq_perft(r, s, depth - 1);
        r->rs->unmake(r, s, mv[i], &u);
    }
    return total;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void check_perft(const char *fen, const uint64_t *expect, int maxdepth)
{
    qp_rules *r = xq_new();
    xq_state s;
    if (fen) xq_load(r, &s, fen);
    else r->rs->setup(r, &s);
    for (int d = 1; d <= maxdepth; d++) {
        double t0 = now_s();
        uint64_t n = xq_perft(r, &s, d);
        double dt = now_s() - t0;
        if (d >= 4)
            printf("# perft %d = %llu in %.3f s (%.1f M leaf nodes/s)\n", d,
                   (unsigned long long)n, dt, dt > 0 ? n / dt / 1e6 : 0.0);
        assert_int_equal(n, expect[d - 1]);
    }
    /* The copy-make path (callers without unmake) agrees. */
    assert_int_equal(tu_perft(r, &s, 3), expect[2]);
    qp_rules_free(r);
}

static void test_perft_start(void **st)
{
    (void)st;
    static const uint64_t expect[] = {44, 1920, 79666, 3290240, 133312995};
    check_perft(NULL, expect, 5);
}

/* Positions and counts from Fairy-Stockfish's tests/perft.sh. */
static void test_perft_positions(void **st)
{
    (void)st;
    static const uint64_t e1[] = {49, 2265, 100326, 4485547};
    check_perft("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
                e1, 4);
    static const uint64_t e2[] = {13, 272, 3707, 92741};
    check_perft("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", e2, 4);
}

typedef struct scenario {
    const char *what;
    const char *fen;
    const char *moves;   /* sorted, space-separated */
} scenario;

static const scenario scenarios[] = {
    {"flying general: the cannon between the generals may not leave the file",
     "4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1",
     "e1d1 e1e2 e1f1 e6e2 e6e3 e6e4 e6e5 e6e7 e6e8 e6e9"},
    {"horse leg blocked upward; general may not step onto the open d-file",
     "3k5/9/9/9/9/9/2P6/2N6/9/4K4 w - - 0 1",
     "c3a2 c3a4 c3b1 c3d1 c3e2 c3e4 c4c5 e1e2 e1f1"},
    {"cannon captures over exactly one screen, not the screen itself",
     "3k5/1r7/9/9/1n7/9/9/1C7/9/4K4 w - - 0 1",
     "b3a3 b3b1 b3b2 b3b4 b3b5 b3b9 b3c3 b3d3 b3e3 b3f3 b3g3 b3h3 b3i3 e1e2 e1f1"},
    {"elephant: river and eye",
     "4k4/9/9/9/9/2B6/3p5/9/9/3K5 w - - 0 1",
     "c5a3 d1d2"},
    {"soldiers before and after the river",
     "3k5/9/9/9/2P6/9/4P4/9/9/5K3 w - - 0 1",
     "c6b6 c6c7 c6d6 e4e5 f1e1 f1f2"},
    {"soldier on the last rank moves only sideways",
     "3k1P3/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
     "e1e2 e1f1 f10e10 f10g10"},
    {"black soldiers move down the board",
     "4k4/9/9/9/9/2p6/9/9/4p4/3K5 b - - 0 1",
     "c5b5 c5c4 c5d5 e10e9 e10f10 e2d2 e2e1 e2f2"},
    {"check evasion: only the two blocks",
     "3k5/9/4r4/9/9/9/9/9/R8/4KA3 w - - 0 1",
     "a2e2 f1e2"},
    {"advisors stay on the palace diagonals",
     "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
     "e1f1 e2d3 e2f1 e2f3"},
    {"a pinned horse may not uncover the chariot",
     "3k5/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1",
     "e1f1"},
};

static void test_scenarios(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s;
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++) {
        xq_load(r, &s, scenarios[i].fen);
        char *got = tu_moves_text(r, &s);
        if (strcmp(got, scenarios[i].moves))
            fail_msg("%s\n  fen  %s\n  want %s\n  got  %s", scenarios[i].what, scenarios[i].fen,
                     scenarios[i].moves, got);
        free(got);
    }
    qp_rules_free(r);
}

static void test_noisy_moves(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s;
    xq_load(r, &s, "3k5/1r7/9/9/1n7/9/9/1C7/9/4K4 w - - 0 1");
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(r->rs->gen(r, &s, mv, QP_GEN_NOISY), 1);
    char t[QP_MOVE_TEXT];
    r->rs->move_text(r, &s, mv[0], t, sizeof t);
    assert_string_equal(t, "b3b9");
    assert_int_equal(r->rs->move_flags(r, &s, mv[0]), QP_MF_CAPTURE | QP_MF_IRREVERSIBLE);
    r->rs->setup(r, &s);
    assert_int_equal(r->rs->gen(r, &s, mv, QP_GEN_NOISY), 2);   /* both cannons take a horse */
    /* In check the noisy moves are still the captures: here none (the
     * blocks a2e2 and f1e2 are quiet). */
    xq_load(r, &s, "3k5/9/4r4/9/9/9/9/9/R8/4KA3 w - - 0 1");
    assert_int_equal(r->rs->gen(r, &s, mv, QP_GEN_NOISY), 0);
    assert_int_equal(r->rs->gen(r, &s, mv, QP_GEN_ALL), 2);
    qp_rules_free(r);
}

typedef struct refusal {
    const char *fen, *move, *reason;
} refusal;

static const refusal refusals[] = {
    {XQ_START_FEN, "h3", "bad move text 'h3' (expected two points such as h3e3)"},
    {XQ_START_FEN, "h3e3x", "bad move text 'h3e3x' (expected two points such as h3e3)"},
    {XQ_START_FEN, "h03e3", "bad move text 'h03e3' (expected two points such as h3e3)"},
    {XQ_START_FEN, "j1a1", "bad move text 'j1a1' (expected two points such as h3e3)"},
    {XQ_START_FEN, "e5e6", "no piece on e5"},
    {XQ_START_FEN, "a7a6", "not your piece"},
    {XQ_START_FEN, "a1a4", "cannot capture your own piece"},
    {XQ_START_FEN, "a1a1", "a move must go to another point"},
    {XQ_START_FEN, "a1b2", "the chariot moves along a rank or file"},
    {XQ_START_FEN, "a1a5", "the chariot's path is blocked"},
    {XQ_START_FEN, "b1b2", "the horse moves one point straight then one diagonally"},
    {XQ_START_FEN, "b1d2", "the horse's leg is blocked"},
    {XQ_START_FEN, "h3h9", "the cannon's path is blocked (it jumps only to capture)"},
    {XQ_START_FEN, "b3b8", "the cannon captures by jumping over exactly one piece"},
    {XQ_START_FEN, "c1c3", "the elephant moves two points diagonally"},
    {XQ_START_FEN, "d1d2", "the advisor moves one point diagonally"},
    {XQ_START_FEN, "e1e3", "the general moves one point along a rank or file"},
    {XQ_START_FEN, "e4e3", "the soldier cannot move backward"},
    {XQ_START_FEN, "e4d4", "the soldier moves sideways only after crossing the river"},
    {XQ_START_FEN, "e4e6", "the soldier moves one point at a time"},
    {"4k4/9/9/9/9/2B6/3p5/9/9/3K5 w - - 0 1", "c5e7", "the elephant cannot cross the river"},
    {"4k4/9/9/9/9/2B6/3p5/9/9/3K5 w - - 0 1", "c5e3", "the elephant's eye is blocked"},
    {"4k4/9/9/9/9/2B6/3p5/9/9/3K5 w - - 0 1", "d1e1", "generals would face each other"},
    {"4k4/9/9/9/9/2B6/3p5/9/9/3K5 w - - 0 1", "d1c1", "the general cannot leave the palace"},
    {"3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", "e2d1", "cannot capture your own piece"},
    {"3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", "d1c2", "the advisor cannot leave the palace"},
    {"4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", "e6d6", "generals would face each other"},
    {"3k5/9/4r4/9/9/9/9/9/R8/4KA3 w - - 0 1", "e1e2", "leaves your general in check"},
    {"3k5/9/4r4/9/9/9/9/9/R8/4KA3 w - - 0 1", "a2a3", "leaves your general in check"},
    {"3k5/9/4r4/9/9/9/9/9/R8/4KA3 w - - 0 1", "e1d1", "generals would face each other"},
    {XQ_START_FEN, "h3i7", "the cannon moves along a rank or file"},
    {"3k5/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1", "e2c3", "leaves your general in check"},
};

static void test_move_parse(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s;
    qp_move m = QP_MOVE_NONE;
    char err[QP_ERR];
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        xq_load(r, &s, refusals[i].fen);
        err[0] = 0;
        if (r->rs->move_parse(r, &s, refusals[i].move, &m, err, sizeof err) != -1)
            fail_msg("%s accepted in %s", refusals[i].move, refusals[i].fen);
        if (strcmp(err, refusals[i].reason))
            fail_msg("%s: want '%s', got '%s'", refusals[i].move, refusals[i].reason, err);
    }
    /* Every generated move's text parses back to the same move, a10 included. */
    r->rs->setup(r, &s);
    assert_int_equal(r->rs->move_parse(r, &s, "h3e3", &m, err, sizeof err), 0);
    r->rs->make(r, &s, m, NULL);
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, &s, mv, QP_GEN_ALL);
    int tens = 0;
    for (int i = 0; i < n; i++) {
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, &s, mv[i], t, sizeof t);
        tens += strstr(t, "10") != NULL;
        assert_int_equal(r->rs->move_parse(r, &s, t, &m, err, sizeof err), 0);
        assert_true(m == mv[i]);
    }
    /* Chariots a10, i10: 2 each; horses, elephants: 2 each; advisors 1
     * each; general e10e9. */
    assert_int_equal(tens, 15);
    assert_int_equal(r->rs->move_parse(r, &s, "a10a8", &m, err, sizeof err), 0);
    qp_rules_free(r);
}

/* A small deterministic generator for the random walks. */
static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random games: at every position each legal move is made and unmade
 * (bytes restored), no quiet move that gives check is one may_check rules
 * out, the incremental hash and score match a recomputation,
 * copy-make agrees with make-with-undo, and the legality shortcut agrees
 * with testing every pseudo-legal move. */
static void test_make_unmake_random(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    const xq_impl *im = r->impl;
    uint64_t seed = 0x1234567887654321ull;
    long positions = 0, captures = 0, quiet_checks = 0, filtered = 0;
    for (int game = 0; game < 60; game++) {
        xq_state s;
        r->rs->setup(r, &s);
        for (int ply = 0; ply < 160; ply++) {
            xq_state ref = s;
            xq_recompute(im, &ref);
            assert_true(ref.hash == s.hash);
            assert_int_equal(ref.score, s.score);
            assert_memory_equal(ref.occ_rank, s.occ_rank, sizeof s.occ_rank);
            assert_memory_equal(ref.occ_file, s.occ_file, sizeof s.occ_file);

            qp_move mv[QP_MAX_MOVES], ps[QP_MAX_MOVES];
            int n = r->rs->gen(r, &s, mv, QP_GEN_ALL);
            int np = xq_gen_pseudo(im, &s, ps, false), k = 0;
            for (int i = 0; i < np; i++)
                if (xq_pseudo_is_legal(&s, ps[i])) assert_true(ps[i] == mv[k++]);
            assert_int_equal(k, n);
            positions++;
            if (!n) break;

            for (int i = 0; i < n; i++) {
                xq_state before = s, copy = s;
                xq_undo u;
                r->rs->make(r, &s, mv[i], &u);
                r->rs->make(r, &copy, mv[i], NULL);
                assert_memory_equal(&s, &copy, sizeof s);
                /* The quiet-check filter never drops a check. */
                if (!before.board[XQ_TO(mv[i])]) {
                    bool gives = r->rs->flags(r, &copy) & QP_FLAG_CHECK;
                    bool may = r->rs->may_check(r, &before, mv[i]);
                    if (gives) assert_true(may);
                    quiet_checks += gives;
                    filtered += !may;
                }
                r->rs->unmake(r, &s, mv[i], &u);
                assert_memory_equal(&s, &before, sizeof s);
            }
            /* Prefer captures now and then so that games reach endgames. */
            qp_move pick = mv[rng_next(&seed) % (uint64_t)n];
            if (rng_next(&seed) % 3 == 0)
                for (int i = 0; i < n; i++)
                    if (s.board[XQ_TO(mv[i])]) pick = mv[i];
            captures += s.board[XQ_TO(pick)] != 0;
            r->rs->make(r, &s, pick, NULL);
        }
    }
    assert_true(positions > 5000);
    assert_true(captures > 500);
    assert_true(quiet_checks > 1000);
    assert_true(filtered > positions * 10);
    qp_rules_free(r);
}

static void test_hash(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state a, b;
    char err[QP_ERR];
    qp_move m;
    r->rs->setup(r, &a);
    r->rs->setup(r, &b);
    const char *la[] = {"h3e3", "h10g8", "b1c3", "b10c8"};
    const char *lb[] = {"b1c3", "b10c8", "h3e3", "h10g8"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(r->rs->move_parse(r, &a, la[i], &m, err, sizeof err), 0);
        r->rs->make(r, &a, m, NULL);
        assert_int_equal(r->rs->move_parse(r, &b, lb[i], &m, err, sizeof err), 0);
        r->rs->make(r, &b, m, NULL);
    }
    assert_true(r->rs->hash(r, &a) == r->rs->hash(r, &b));
    uint64_t h = r->rs->hash(r, &a);
    r->rs->make_null(r, &a);
    assert_true(r->rs->hash(r, &a) != h);
    assert_int_equal(r->rs->side_to_move(r, &a), 1);
    r->rs->make_null(r, &a);
    assert_memory_equal(&a, &b, sizeof a);

    /* The same placement with the other side to move hashes differently,
     * and the hash does not depend on the move counters. */
    xq_state c, d;
    xq_load(r, &c, "4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1");
    xq_load(r, &d, "4k4/9/9/9/4C4/9/9/9/9/4K4 b - - 7 30");
    assert_true(r->rs->hash(r, &c) != r->rs->hash(r, &d));
    xq_load(r, &d, "4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 7 30");
    assert_true(r->rs->hash(r, &c) == r->rs->hash(r, &d));
    qp_rules_free(r);
}

/* eval_key, the search's eval-correction key: the generals, advisors,
 * elephants and soldiers and nothing else (not the side to move, the
 * counters, chariots, horses or cannons). */
static void test_eval_key(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    static const char *const same[] = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 9",  /* side, counters */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w - - 0 1", /* a chariot */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1",  /* a cannon */
        "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", /* a horse */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w - - 0 1",  /* a horse taken */
    };
    static const char *const other[] = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",  /* a soldier */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4A4/RNB1KABNR w - - 0 1", /* an advisor */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR w - - 0 1", /* an elephant */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", /* the general */
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    };
    xq_state a, b;
    xq_load(r, &a, other[4]);   /* the start */
    uint64_t k = r->rs->eval_key(r, &a);
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        xq_load(r, &b, same[i]);
        if (r->rs->eval_key(r, &b) != k) fail_msg("eval_key changed: %s", same[i]);
    }
    for (size_t i = 0; i < 4; i++) {
        xq_load(r, &b, other[i]);
        if (r->rs->eval_key(r, &b) == k) fail_msg("eval_key unchanged: %s", other[i]);
    }
    qp_rules_free(r);
}

static void test_fen_round_trip(void **st)
{
    (void)st;
    static const char *const fens[] = {
        XQ_START_FEN,
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        "3k5/9/4r4/9/9/9/9/9/R8/4KA3 w - - 17 42",
    };
    qp_rules *r = xq_new();
    xq_state s;
    char buf[256];
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        xq_load(r, &s, fens[i]);
        r->rs->fen_print(r, &s, buf, sizeof buf);
        assert_string_equal(buf, fens[i]);
    }
    /* Short forms and synonyms: counters default, 'r' for Red, E/H letters. */
    xq_load(r, &s, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
    r->rs->fen_print(r, &s, buf, sizeof buf);
    assert_string_equal(buf, XQ_START_FEN);
    /* Counters move with the game. */
    r->rs->setup(r, &s);
    const char *line[] = {"h3e3", "h10g8", "e3e7", "g8e7"};
    for (int i = 0; i < 4; i++) {
        qp_move m;
        char err[QP_ERR];
        assert_int_equal(r->rs->move_parse(r, &s, line[i], &m, err, sizeof err), 0);
        r->rs->make(r, &s, m, NULL);
    }
    r->rs->fen_print(r, &s, buf, sizeof buf);
    assert_string_equal(buf, "rnbakab1r/9/1c5c1/p1p1n1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w - - 0 3");
    qp_rules_free(r);
}

typedef struct bad_fen {
    const char *fen, *err;
} bad_fen;

static const bad_fen bad_fens[] = {
    {"", "FEN board: empty"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
     "FEN board: 9 ranks, expected 10"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/ w",
     "FEN board: 11 ranks, expected 10"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w",
     "FEN board: 11 ranks, expected 10"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/8/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "FEN board: rank 5 has 8 files, expected 9"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w",
     "FEN board: rank 3 has more than 9 files"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w",
     "FEN board: unknown piece letter 'Q'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
     "FEN board: red has no general"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2N2C1/9/RNBAKABNR w",
     "FEN board: red has more than 2 horses"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w",
     "FEN board: red has more than one general"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4A4/RNBAKABN1 w",
     "FEN board: red has more than 2 advisors"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3A5/RNB1KABNR w",
     "FEN board: red advisor on d2 is not on a point of its palace's diagonals"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/2K6/RNBA1ABNR w",
     "FEN board: red general on c2 is outside its palace"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/3B5/P1P1P1P1P/1C5C1/9/RN1AKABNR w",
     "FEN board: red elephant on d5 is not on an elephant point of its own half"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/1P7/2P1P1P1P/1C5C1/9/RNBAKABNR w",
     "FEN board: red soldier on b5 has not crossed the river but is off its starting files"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/PC5C1/9/RNBAKABNR w",
     "FEN board: red soldier on a3 is behind its starting rank"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
     "FEN side to move: missing (expected 'w' or 'b')"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
     "FEN side to move: expected 'w' or 'b', got 'x'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ",
     "FEN castling: expected '-', got 'KQ'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3",
     "FEN en passant: expected '-', got 'e3'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
     "FEN halfmove clock: expected a number >= 0, got 'x'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
     "FEN fullmove number: expected a number >= 1, got '0'"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 zz",
     "FEN: unexpected text after the fullmove number: 'zz'"},
    {"4k4/9/9/9/9/9/9/9/9/4K4 w", "FEN board: the generals face each other on an open file"},
    {"3k5/9/4r4/9/9/9/9/9/R8/4KA3 b", "FEN side to move: black is to move but red is in check"},
};

static void test_fen_errors(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s, keep;
    r->rs->setup(r, &s);
    keep = s;
    char err[QP_ERR];
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        err[0] = 0;
        if (r->rs->fen_parse(r, &s, bad_fens[i].fen, err, sizeof err) != -1)
            fail_msg("accepted: %s", bad_fens[i].fen);
        if (strcmp(err, bad_fens[i].err))
            fail_msg("%s\n  want %s\n  got  %s", bad_fens[i].fen, bad_fens[i].err, err);
        assert_memory_equal(&s, &keep, sizeof s);   /* untouched on error */
    }
    qp_rules_free(r);
}

typedef struct notation_case {
    const char *fen, *move, *text;
} notation_case;

static const notation_case notations[] = {
    {XQ_START_FEN, "h3e3", "炮二平五"},
    {XQ_START_FEN, "h1g3", "马二进三"},
    {XQ_START_FEN, "i1i2", "车一进一"},
    {XQ_START_FEN, "c1e3", "相七进五"},
    {XQ_START_FEN, "f1e2", "仕四进五"},
    {XQ_START_FEN, "e1e2", "帅五进一"},
    {XQ_START_FEN, "g4g5", "兵三进一"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h10g8", "马８进７"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "b8e8", "炮２平５"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "a10a8", "车１进２"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "e7e6", "卒５进１"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "f10e9", "士６进５"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h8h4", "炮８进４"},
    {"3k5/9/9/9/4C4/9/4C4/9/9/4K4 w - - 0 1", "e6f6", "前炮平四"},
    {"3k5/9/9/9/4C4/9/4C4/9/9/4K4 w - - 0 1", "e4e5", "后炮进一"},
    {"3k5/9/9/9/4C4/9/4C4/9/9/4K4 w - - 0 1", "e4e2", "后炮退二"},
    {"4k4/9/9/3r5/9/3r5/9/9/9/5K3 b - - 0 1", "d7d9", "后车退２"},
    {"4k4/9/9/3r5/9/3r5/9/9/9/5K3 b - - 0 1", "d5d1", "前车进４"},
    {"3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c7b7", "中兵平八"},
    {"3k5/9/2P1P4/2P1P4/9/9/9/9/9/4K4 w - - 0 1", "c8c9", "三兵进一"},
    {"3k5/9/2P1P4/2P1P4/9/9/9/9/9/4K4 w - - 0 1", "e7f7", "二兵平四"},
    {"3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1", "c8d8", "二兵平六"},
    {"3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", "e2f3", "仕五进四"},
};

static void test_notation(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s;
    char err[QP_ERR], buf[64];
    for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++) {
        qp_move m;
        xq_load(r, &s, notations[i].fen);
        if (r->rs->move_parse(r, &s, notations[i].move, &m, err, sizeof err))
            fail_msg("%s: %s", notations[i].move, err);
        r->rs->move_notation(r, &s, m, buf, sizeof buf);
        if (strcmp(buf, notations[i].text))
            fail_msg("%s in %s: want %s got %s", notations[i].move, notations[i].fen,
                     notations[i].text, buf);
    }
    qp_rules_free(r);
}

static void test_outcome_and_flags(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s;
    qp_outcome o;

    r->rs->setup(r, &s);
    r->rs->outcome(r, &s, &o);
    assert_int_equal(o.result, QP_ONGOING);
    assert_int_equal(r->rs->flags(r, &s), 0);

    xq_load(r, &s, "3k5/9/4rr3/9/9/9/9/9/9/4K4 w - - 0 1");
    r->rs->outcome(r, &s, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 1);
    assert_string_equal(o.reason, "checkmate");
    assert_int_equal(r->rs->flags(r, &s), QP_FLAG_CHECK);

    xq_load(r, &s, "3k5/9/5r3/9/9/9/9/9/r8/4K4 w - - 0 1");
    r->rs->outcome(r, &s, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 1);
    assert_string_equal(o.reason, "stalemate");
    assert_int_equal(r->rs->flags(r, &s), 0);

    /* Black mated by a chariot on the file and the facing generals. */
    xq_load(r, &s, "3k5/9/9/9/9/3R5/9/9/9/4K4 b - - 0 1");
    r->rs->outcome(r, &s, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 0);
    assert_string_equal(o.reason, "checkmate");
    char flags[64];
    qp_flags_text(r, r->rs->flags(r, &s), flags, sizeof flags);
    assert_string_equal(flags, "check");
    qp_rules_free(r);
}

static void test_piece_view_and_geometry(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s;
    r->rs->setup(r, &s);
    qp_piece_view v;
    int e1 = qp_sq(&r->geom, 4, 0), b8 = qp_sq(&r->geom, 1, 7), h10 = qp_sq(&r->geom, 7, 9);
    assert_true(r->rs->piece_at(r, &s, e1, &v));
    assert_int_equal(v.side, 0);
    assert_int_equal(v.letter, 'K');
    assert_string_equal(v.glyph, "帅");
    assert_true(r->rs->piece_at(r, &s, b8, &v));
    assert_int_equal(v.letter, 'c');
    assert_string_equal(v.glyph, "砲");
    assert_true(r->rs->piece_at(r, &s, h10, &v));
    assert_int_equal(v.side, 1);
    assert_string_equal(v.glyph, "馬");
    assert_false(r->rs->piece_at(r, &s, qp_sq(&r->geom, 4, 4), &v));
    int n = 0;
    for (int sq = 0; sq < r->geom.n; sq++) n += r->rs->piece_at(r, &s, sq, &v);
    assert_int_equal(n, 32);

    assert_int_equal(r->geom.w, 9);
    assert_int_equal(r->geom.h, 10);
    assert_int_equal(r->geom.river, 5);
    assert_int_equal(r->geom.nregions, 2);
    assert_int_equal(r->geom.nb[qp_sq(&r->geom, 3, 0)][QP_NE], qp_sq(&r->geom, 4, 1));
    assert_int_equal(r->geom.nb[qp_sq(&r->geom, 4, 8)][QP_NW], qp_sq(&r->geom, 3, 9));
    assert_int_equal(r->geom.nb[qp_sq(&r->geom, 4, 4)][QP_NE], -1);
    assert_string_equal(qp_side_name(r, 0), "red");
    assert_string_equal(qp_side_name(r, 1), "black");
    assert_int_equal(r->draw.repetitions, 3);
    assert_true(r->draw.perpetual_check_loses);
    assert_int_equal(r->draw.no_capture_plies, 120);
    assert_int_equal(r->caps, QP_CAP_NULLMOVE | QP_CAP_LMR | QP_CAP_QCHECKS | QP_CAP_EVAL_CACHE);

    qp_move m;
    char err[QP_ERR];
    int sq[4];
    assert_int_equal(r->rs->move_parse(r, &s, "h1g3", &m, err, sizeof err), 0);
    assert_int_equal(r->rs->move_squares(r, &s, m, sq, 4), 2);
    assert_int_equal(sq[0], qp_sq(&r->geom, 7, 0));
    assert_int_equal(sq[1], qp_sq(&r->geom, 6, 2));
    assert_non_null(strstr(r->rs->help_text, "象棋"));
    assert_non_null(strstr(r->rs->help_text, "river"));
    qp_rules_free(r);
}

/* The position turned half a circle with colours swapped: the same game
 * seen from the other side. */
static void rotate_fen(const char *fen, char *out)
{
    size_t n = strcspn(fen, " ");
    for (size_t i = 0; i < n; i++) {
        char c = fen[n - 1 - i];
        out[i] = (c >= 'a' && c <= 'z') ? (char)(c - 32) : (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
    }
    sprintf(out + n, " %c", fen[n + 1] == 'w' ? 'b' : 'w');
}

/* One term's count (Red minus Black) in the trace of fen. */
static int trace_count(const qp_rules *r, const char *fen, int term)
{
    xq_state s;
    xq_trace tr;
    xq_load(r, &s, fen);
    xq_eval_traced(r, &s, &tr);
    return tr.count[term];
}

/* The trace is the evaluation, term by term: summed with the built-in
 * weights it gives the evaluation back (up to the blend's rounding), for
 * either side to move, with eval.pst at 100 and a changed material base. */
static void test_eval_trace(void **st)
{
    (void)st;
    static const char *const fens[] = {
        XQ_START_FEN,
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "2bak4/4a4/4b4/p1p1C1p1p/9/2P3P2/P3c3P/4B4/4A4/2BAK4 b - - 0 1",
        "3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1",
    };
    static double w[XQ_NTERMS][2];
    for (int k = 0; k < XQ_NTERMS; k++) w[k][0] = xq_weights[k][0], w[k][1] = xq_weights[k][1];
    for (int pass = 0; pass < 2; pass++) {
        char err[QP_ERR];
        qp_params p;
        assert_int_equal(qp_params_init(&p, xq_ruleset.params, err, sizeof err), 0);
        if (pass) assert_int_equal(qp_params_set(&p, "eval.horse", "400", err, sizeof err), 0);
        qp_rules *r = qp_rules_create(&xq_ruleset, &p, err, sizeof err);
        assert_non_null(r);
        for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
            xq_state s;
            xq_load(r, &s, fens[i]);
            xq_trace tr;
            int red = xq_eval_traced(r, &s, &tr);
            assert_true(tr.phase >= 0 && tr.phase <= XQ_PHASE_MAX);
            double v = xq_trace_value(&tr, (const double (*)[2])w);
            assert_true(v - red > -1.0 && v - red < 1.0);
            int tempo = (int)qp_param_int(&r->params, "eval.tempo");
            assert_int_equal(r->rs->evaluate(r, &s), (s.side ? -red : red) + tempo);
        }
        qp_rules_free(r);
    }
    qp_rules *r = xq_new();
    /* A crossed soldier forks a horse and a cannon, Black to move: one
     * fork against the mover (Red's view: -1); with Red to move the
     * threat is Red's to carry out, not a term. */
    assert_int_equal(trace_count(r, "3k5/9/9/9/3nPc3/9/9/9/9/4K4 b - - 0 1", XQ_T_THREAT_MORE), -1);
    assert_int_equal(trace_count(r, "3k5/9/9/9/3nPc3/9/9/9/9/4K4 b - - 0 1", XQ_T_THREAT_ONE), 0);
    assert_int_equal(trace_count(r, "3k5/9/9/9/3nPc3/9/9/9/9/4K4 w - - 0 1", XQ_T_THREAT_MORE), 0);
    /* A chariot reaching three palace points (units 3 + 3) and a horse
     * two (2 + 2), no defenders left: 10 squared, times (3 + 5 missing)
     * / 16; five points hit.  A cannon with no screen before the general
     * hits no palace point, so the chariot attacks alone: no attack. */
    const char *two = "3k5/9/9/4N4/9/9/9/9/9/4KR3 w - - 0 1";
    assert_int_equal(trace_count(r, two, XQ_T_KING_ATTACK), 100 * 8 / 16);
    assert_int_equal(trace_count(r, two, XQ_T_PALACE_HITS), 5);
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/9/3CKR3 w - - 0 1", XQ_T_KING_ATTACK), 0);
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/9/3CKR3 w - - 0 1", XQ_T_PALACE_HITS), 3);
    /* Behind a screen the cannon hits the palace points up to the next
     * piece or the edge: d8, d9 and d10. */
    assert_int_equal(trace_count(r, "4k4/9/9/9/9/9/3N5/9/9/3C1K3 w - - 0 1", XQ_T_PALACE_HITS), 3);
    /* Along a rank: the cannon on a8 behind the horse on c8 hits d8, e8
     * and f8; the horse hits e9 and d10. */
    assert_int_equal(trace_count(r, "4k4/9/C1N6/9/9/9/9/9/9/3K5 w - - 0 1", XQ_T_PALACE_HITS), 5);
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1", XQ_T_KING_ATTACK), 0);
    /* Mobility by count: a Red horse in the corner reaches 2 points, one
     * with every leg blocked by its own pieces none; a chariot in the
     * corner beside its general 9 + 3 points, one on an empty file and
     * rank 9 + 8, the last table entry (Black's, so it counts -1); a
     * cannon counts the empty points of its lines. */
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1", XQ_T_HORSE_MOBT + 2), 1);
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/1C7/RNB1K4 w - - 0 1", XQ_T_HORSE_MOBT + 0), 1);
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", XQ_T_CHARIOT_MOBT + 12), 1);
    assert_int_equal(trace_count(r, "3k5/9/9/9/r8/9/9/9/9/4K4 w - - 0 1", XQ_T_CHARIOT_MOBT + 17), -1);
    assert_int_equal(trace_count(r, "3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1", XQ_T_CANNON_MOBT + 12), 1);
    /* Moves that would check the general on e10.  The chariot on a1
     * checks from a10; with a horse on c10 it no longer does, but from c1
     * it takes the horse with check and checks from e1 too.  The horse on
     * e6 checks from d8 and f8, from d8 alone once a horse on f9 blocks
     * the leg to f8.  The cannon on a1 checks from a10 with the horse on
     * c10 as its screen, and not without it.  Seen from the other side
     * each count changes sign. */
    static const struct { const char *fen; int term, count; } checks[] = {
        {"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", XQ_T_CHECK_CHARIOT, 1},
        {"2n1k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", XQ_T_CHECK_CHARIOT, 0},
        {"2n1k4/9/9/9/9/9/9/9/9/2R2K3 w - - 0 1", XQ_T_CHECK_CHARIOT, 2},
        {"4k4/9/9/9/4N4/9/9/9/9/3K5 w - - 0 1", XQ_T_CHECK_HORSE, 2},
        {"4k4/5n3/9/9/4N4/9/9/9/9/3K5 w - - 0 1", XQ_T_CHECK_HORSE, 1},
        {"2n1k4/9/9/9/9/9/9/9/9/C2K5 w - - 0 1", XQ_T_CHECK_CANNON, 1},
        {"4k4/9/9/9/9/9/9/9/9/C2K5 w - - 0 1", XQ_T_CHECK_CANNON, 0},
    };
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++) {
        char rot[128];
        rotate_fen(checks[i].fen, rot);
        assert_int_equal(trace_count(r, checks[i].fen, checks[i].term), checks[i].count);
        assert_int_equal(trace_count(r, rot, checks[i].term), -checks[i].count);
    }
    /* A lone soldier cannot mate: the lead is scaled down, and said so. */
    xq_state s;
    xq_trace tr;
    xq_load(r, &s, "3k5/9/9/9/9/9/P8/9/9/4K4 w - - 0 1");
    xq_eval_traced(r, &s, &tr);
    assert_int_equal(tr.scale_div, 8);
    assert_int_equal(tr.phase, 0);
    qp_rules_free(r);
}

static void test_evaluate_and_order(void **st)
{
    (void)st;
    qp_rules *r = xq_new();
    xq_state s, t;
    r->rs->setup(r, &s);
    int tempo = (int)qp_param_int(&r->params, "eval.tempo");
    assert_int_equal(r->rs->evaluate(r, &s), tempo);   /* symmetric start */
    static const char *const fens[] = {
        "4ka3/4a4/9/2p1N4/9/9/P8/4C4/9/3K5 w - - 0 1",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    };
    for (int i = 0; i < 2; i++) {
        char rot[128];
        rotate_fen(fens[i], rot);
        xq_load(r, &s, fens[i]);
        xq_load(r, &t, rot);
        assert_int_equal(r->rs->evaluate(r, &s), r->rs->evaluate(r, &t));
    }
    xq_load(r, &s, fens[0]);
    assert_true(r->rs->evaluate(r, &s) > 200);   /* Red is a horse and a cannon up */

    /* MVV-LVA: the soldier takes the chariot before the cannon does, the
     * cannon takes the chariot before the horse; quiet moves score 0. */
    xq_load(r, &s, "3k5/9/9/9/9/2r1n4/2P6/9/2C6/4K4 w - - 0 1");
    qp_move pc, cc, quiet;
    char err[QP_ERR];
    assert_int_equal(r->rs->move_parse(r, &s, "c4c5", &pc, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, &s, "c2c5", &cc, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, &s, "c2c3", &quiet, err, sizeof err), 0);
    xq_load(r, &t, "3k5/9/9/9/9/2r1n4/2P6/9/2C1C4/4K4 w - - 0 1");
    qp_move cn;
    assert_int_equal(r->rs->move_parse(r, &t, "e2e5", &cn, err, sizeof err), -1);
    assert_string_equal(err, "the cannon captures by jumping over exactly one piece");
    int o_pc = r->rs->move_order(r, &s, pc), o_cc = r->rs->move_order(r, &s, cc);
    assert_true(o_pc > o_cc);
    assert_true(o_cc > 0);
    assert_int_equal(r->rs->move_order(r, &s, quiet), 0);
    xq_load(r, &t, "3k5/9/9/9/9/2r1n4/2P1P4/9/2C1C4/4K4 w - - 0 1");
    assert_int_equal(r->rs->move_parse(r, &t, "e2e5", &cn, err, sizeof err), 0);
    assert_true(r->rs->move_order(r, &t, cc) > r->rs->move_order(r, &t, cn));

    /* see: a free chariot wins its value; a chariot that takes a soldier
     * the other chariot guards loses the difference; quiet moves 0. */
    assert_int_equal(r->rs->see(r, &s, pc), (int)qp_param_int(&r->params, "eval.chariot"));
    assert_int_equal(r->rs->see(r, &s, quiet), 0);
    qp_move rx;
    xq_load(r, &t, "r2k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1");
    assert_int_equal(r->rs->move_parse(r, &t, "a1a7", &rx, err, sizeof err), 0);
    assert_int_equal(r->rs->see(r, &t, rx), (int)(qp_param_int(&r->params, "eval.soldier") -
                                                 qp_param_int(&r->params, "eval.chariot")));
    xq_load(r, &t, "3k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1");
    assert_int_equal(r->rs->see(r, &t, rx), (int)qp_param_int(&r->params, "eval.soldier"));

    /* A chariot taking a soldier the horse on b7 guards comes after every
     * other capture (below 0); the one taking the unguarded soldier does
     * not.  The guard counts only on a board where the chariot has moved. */
    xq_load(r, &s, "3k5/9/9/1n7/9/2p3p2/9/9/9/2R1K1R2 w - - 0 1");
    qp_move bad, good;
    assert_int_equal(r->rs->move_parse(r, &s, "c1c5", &bad, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, &s, "g1g5", &good, err, sizeof err), 0);
    assert_true(r->rs->move_order(r, &s, bad) < 0);
    assert_true(r->rs->move_order(r, &s, good) > 0);
    assert_true(xq_defended(r->impl, s.board, XQ_SQ(2, 4), 1));
    assert_false(xq_defended(r->impl, s.board, XQ_SQ(6, 4), 1));
    /* a horse blocked at the leg (b6) guards nothing */
    xq_load(r, &s, "3k5/9/9/1n7/1N7/2p3p2/9/9/9/2R1K1R2 w - - 0 1");
    assert_false(xq_defended(r->impl, s.board, XQ_SQ(2, 4), 1));
    assert_true(r->rs->move_order(r, &s, bad) > 0);
    qp_rules_free(r);
}

static void test_params_and_config(void **st)
{
    (void)st;
    char err[QP_ERR] = "";
    qp_params p;
    assert_int_equal(qp_params_init(&p, xq_ruleset.params, err, sizeof err), 0);
    assert_int_equal(qp_params_set(&p, "setup", "4k4/9/9/9/4C4/9/9/9/9/4K4 b - - 0 1", err,
                                   sizeof err), 0);
    assert_int_equal(qp_params_set(&p, "draw.no_capture_plies", "60", err, sizeof err), 0);
    qp_rules *r = qp_rules_create(&xq_ruleset, &p, err, sizeof err);
    assert_non_null(r);
    xq_state s;
    char buf[128];
    r->rs->setup(r, &s);
    r->rs->fen_print(r, &s, buf, sizeof buf);
    assert_string_equal(buf, "4k4/9/9/9/4C4/9/9/9/9/4K4 b - - 0 1");
    assert_int_equal(r->draw.no_capture_plies, 60);
    qp_rules_free(r);

    assert_int_equal(qp_params_set(&p, "setup", "4k4/9/9/9/9/9/9/9/9/4K4 w", err, sizeof err), 0);
    assert_null(qp_rules_create(&xq_ruleset, &p, err, sizeof err));
    assert_string_equal(err, "setup: FEN board: the generals face each other on an open file");

    /* The shipped default config names every key with its default value. */
    qp_config c;
    assert_int_equal(qp_config_load(&c, QP_SCRIPTS_DIR "/xiangqi.lua", err, sizeof err), 0);
    assert_string_equal(c.ruleset, "xiangqi");
    assert_int_equal(qp_params_init(&p, xq_ruleset.params, err, sizeof err), 0);
    assert_int_equal(qp_config_apply(&c, &p, err, sizeof err), 0);
    int keys = 0;
    for (const qp_param_def *d = xq_ruleset.params; d->key; d++, keys++) {
        int found = 0;
        for (int i = 0; i < c.n; i++) found |= !strcmp(c.e[i].key, d->key);
        if (!found) fail_msg("xiangqi.lua does not document '%s'", d->key);
        assert_true(qp_param_is_default(qp_params_find(&p, d->key)));
    }
    assert_int_equal(keys, 14);
}

static void test_registry(void **st)
{
    (void)st;
    qp_registry reg;
    tu_registry(&reg);
    const qp_ruleset *rs = qp_registry_find(&reg, "xiangqi");
    assert_ptr_equal(rs, &xq_ruleset);
    assert_string_equal(rs->title, "Xiangqi (象棋), standard Chinese chess");
    qp_registry_free(&reg);
}

/* Refused moves name the piece in the way, the leg, the eye, the check,
 * the facing generals and the shape rules, in both languages (xq_why.c). */
static void test_refusal_reasons(void **st)
{
    (void)st;
    static const wt_case cases[] = {
        {"xiangqi", NULL, NULL, false, "b1 d2", QP_WHY_LEG, "the horse's leg is blocked by the elephant on c1", "蹩马腿：c1有相"},
        {"xiangqi", NULL, NULL, true, "a1a5", QP_WHY_BLOCKED, "blocked by the soldier on a4", "被a4的兵挡住"},
        {"xiangqi", NULL, NULL, true, "h3h9", QP_WHY_BLOCKED, "blocked by the cannon on h8", "被h8的炮挡住"},
        {"xiangqi", NULL, NULL, true, "a4b4", QP_WHY_CANNOT_MOVE, "the soldier moves sideways only after crossing the river",
         "兵过河后才能横走"},
        {"xiangqi", "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1", NULL, true, "c1e3", QP_WHY_LEG,
         "the elephant's eye is blocked by the horse on d2", "塞象眼：d2有马"},
        {"xiangqi", "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", NULL, true, "c5e7", QP_WHY_CANNOT_MOVE,
         "the elephant cannot cross the river", "相不能过河"},
        {"xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", NULL, true, "d1e1", QP_WHY_FLYING,
         "the two generals would face each other", "将帅不能照面"},
        {"xiangqi", "4k4/9/9/9/9/9/9/9/4A4/r2K5 w - - 0 1", NULL, true, "e2f3", QP_WHY_SELF_CHECK,
         "your general is in check and this move does not answer it", "正被将军，此着未能应将"},
        {"xiangqi", "3k5/9/9/9/9/C7r/9/9/9/4K4 w - - 0 1", NULL, true, "a5i5", QP_WHY_CANNOT_MOVE,
         "a cannon captures only by jumping over exactly one piece", "炮须隔一子才能吃子"},
        {"xiangqi", "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", NULL, false, "d1 e2", QP_WHY_OWN_PIECE,
         "e2 is occupied by your own advisor", "e2已有己方的仕"},
    };
    qp_registry reg;
    tu_registry(&reg);
    wt_check(&reg, cases, (int)(sizeof cases / sizeof cases[0]));
    qp_registry_free(&reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusal_reasons),
        cmocka_unit_test(test_perft_start),
        cmocka_unit_test(test_perft_positions),
        cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_noisy_moves),
        cmocka_unit_test(test_move_parse),
        cmocka_unit_test(test_make_unmake_random),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_eval_key),
        cmocka_unit_test(test_fen_round_trip),
        cmocka_unit_test(test_fen_errors),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_outcome_and_flags),
        cmocka_unit_test(test_piece_view_and_geometry),
        cmocka_unit_test(test_evaluate_and_order),
        cmocka_unit_test(test_eval_trace),
        cmocka_unit_test(test_params_and_config),
        cmocka_unit_test(test_registry),
    };
    return cmocka_run_group_tests_name("xiangqi", tests, NULL, NULL);
}
