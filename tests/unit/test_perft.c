/*
 * test_perft.c — framework/perft.c: the standard count (positions after
 * exactly DEPTH plies) of every shipped game at small depths, and the
 * --finished count (a game that ended earlier is one leaf too).
 *
 * Every figure is established twice: qp_perft_count (bulk leaves,
 * make/unmake) must equal both the pinned number and this file's own
 * walker, which only generates and copy-makes through the ruleset's hooks
 * and counts every leaf one by one.  A ruleset registered without a row
 * here fails the suite, so a new shipped game brings its counts.
 */
#include "testutil.h"
#include "perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct perft_row {
    const char *game;
    const char *params[3];   /* "key=value", NULL-terminated */
    const char *fen;         /* NULL: the start position */
    uint64_t count[10];      /* standard perft 1, 2, …; 0 ends */
    uint64_t finished;       /* --finished at the last depth */
} perft_row;

static const perft_row rows[] = {
    {"reversi", {NULL}, NULL, {4, 12, 56, 244, 1396}, 1396},
    {"reversi_hooks", {NULL}, NULL, {4, 12, 56, 244}, 244},
    {"connect4", {NULL}, NULL, {7, 49, 343, 2401, 16807}, 16807},
    {"gomoku", {NULL}, NULL, {225, 50400}, 50400},
    /* X wins with e1 at ply 1: no position after it at ply 2, one
     * finished game; X's 16 other moves leave O 16 each */
    {"gomoku", {"size=5", NULL}, "5/5/5/oooo1/XXXX1 w 8", {17, 256}, 257},
    {"tictactoe", {NULL}, NULL, {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}, 255168},
    {"morris3", {NULL}, NULL, {9, 72, 504, 3024, 15120, 54720, 199296}, 206064},
    {"baghchal", {NULL}, NULL, {21, 252, 5052, 68204}, 68204},
    {"morris9", {NULL}, NULL, {24, 552, 12144, 255024}, 255024},
    {"xigua", {NULL}, NULL, {5, 21, 147, 1028, 8369}, 8369},
    {"pegsolitaire", {NULL}, NULL, {4, 12, 60, 400, 2960}, 2960},
    {"liuzichong", {NULL}, NULL, {4, 18, 108, 632, 3282, 16840}, 16840},
    {"laohu", {NULL}, NULL, {9, 36, 524, 1703}, 1703},
    {"checkers", {NULL}, NULL, {7, 49, 302, 1469, 7361, 36768}, 36768},
    /* published (test_game_draughts.c): 10x10 and the 8x8 Brazilian size */
    {"draughts", {NULL}, NULL, {9, 81, 658, 4265, 27117}, 27117},
    {"draughts", {"size=8", NULL}, NULL, {7, 49, 302, 1469, 7473}, 7473},
    {"zhonggong", {NULL}, NULL, {27, 728, 21434}, 21434},
    {"xiangqi", {NULL}, NULL, {44, 1920, 79666}, 79666},
    {"breakthrough", {NULL}, NULL, {22, 484, 11132, 256036}, 256036},
    {"jungle", {NULL}, NULL, {24, 576, 12240, 260099}, 260099},
    /* published: 2176, 4307152; the 6x6 counts agree with hk_amazons */
    {"amazons", {NULL}, NULL, {2176}, 2176},
    {"amazons", {"size=6", NULL}, NULL, {544, 238532}, 238532},
    /* 11x11: 121!/(121-d)!; 3x3 (games end from ply 5) agrees with hk_hex */
    {"hex", {NULL}, NULL, {121, 14520}, 14520},
    {"hex", {"size=3", NULL}, NULL, {9, 72, 504, 3024, 15120, 54720}, 56160},
    /* a pass is always a move: 81 points + pass, then 81 × 81 + 82; no
     * capture (hence no superko) before ply 4; --finished adds the game
     * both sides passed at once */
    {"go", {NULL}, NULL, {82, 6643, 531522}, 531523},
    {"go", {"size=19", NULL}, NULL, {362, 130683}, 130683},
    {"chess", {NULL}, NULL, {20, 400, 8902, 197281}, 197281},
};
#define NROWS (sizeof rows / sizeof rows[0])

/* The test's own count: every leaf visited, copy-make only. */
static uint64_t walk(const qp_rules *r, const void *s, int depth, bool finished)
{
    if (depth == 0) return 1;
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    uint64_t total = n == 0 && finished ? 1 : 0;
    void *c = malloc(r->state_size);
    for (int i = 0; i < n; i++) {
        memcpy(c, s, r->state_size);
        r->rs->make(r, c, mv[i], NULL);
        total += walk(r, c, depth - 1, finished);
    }
    free(c);
    free(mv);
    return total;
}

static void *position(const qp_rules *r, const char *fen)
{
    void *s = qp_state_new(r);
    char err[QP_ERR];
    if (!fen) r->rs->setup(r, s);
    else if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("%s: FEN %s: %s", r->rs->name, fen, err);
    return s;
}

static void test_counts(void **st)
{
    (void)st;
    for (size_t i = 0; i < NROWS; i++) {
        const perft_row *row = &rows[i];
        qp_rules *r = tu_rules_with(&tu_reg, row->game, row->params);
        void *s = position(r, row->fen);
        int d = 1;
        for (; d <= 10 && row->count[d - 1]; d++) {
            uint64_t n = qp_perft(r, s, d), own = walk(r, s, d, false);
            uint64_t made = d <= 3 ? qp_perft_count(r, s, d, QP_PERFT_MADE) : n;   /* every leaf made */
            if (made != n) fail_msg("%s perft %d: %llu in bulk, %llu made", row->game, d, (unsigned long long)n,
                                    (unsigned long long)made);
            if (n != row->count[d - 1] || own != n)
                fail_msg("%s %s perft %d: %llu, walked %llu, expected %llu", row->game,
                         row->params[0] ? row->params[0] : "", d, (unsigned long long)n, (unsigned long long)own,
                         (unsigned long long)row->count[d - 1]);
        }
        d--;
        uint64_t f = qp_perft_count(r, s, d, QP_PERFT_FINISHED), own = walk(r, s, d, true);
        if (f != row->finished || own != f)
            fail_msg("%s %s perft %d --finished: %llu, walked %llu, expected %llu", row->game,
                     row->params[0] ? row->params[0] : "", d, (unsigned long long)f, (unsigned long long)own,
                     (unsigned long long)row->finished);
        if (r->failed) fail_msg("%s: %s", row->game, r->failed);
        free(s);
        qp_rules_free(r);
    }
}

/* Every shipped ruleset has a row. */
static void test_every_game(void **st)
{
    (void)st;
    for (int i = 0; i < tu_reg.n; i++) {
        size_t k = 0;
        while (k < NROWS && strcmp(rows[k].game, tu_reg.rs[i]->name)) k++;
        if (k == NROWS) fail_msg("%s: no perft counts in test_perft.c", tu_reg.rs[i]->name);
    }
}

/* Depth 0 is the position itself, in either count, even a finished one;
 * a finished position at depth 1 has no standard leaf and one finished. */
static void test_edges(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    void *s = position(r, "XXX/oo1/3 b 5");
    assert_int_equal(qp_perft(r, s, 0), 1);
    assert_int_equal(qp_perft_count(r, s, 0, QP_PERFT_FINISHED), 1);
    assert_int_equal(qp_perft(r, s, 1), 0);
    assert_int_equal(qp_perft(r, s, 3), 0);
    assert_int_equal(qp_perft_count(r, s, 1, QP_PERFT_FINISHED), 1);
    assert_int_equal(qp_perft_count(r, s, 3, QP_PERFT_FINISHED), 1);
    free(s);
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
