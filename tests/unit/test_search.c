/*
 * test_search.c — the alpha-beta search (framework/search.c).
 *
 * Zhonggong positions were built by hand from the rules (docs/zhonggong.md)
 * (the reasoning is next to each); the forced-win claims are checked again
 * here by a plain brute-force solver, so a wrong position fails loudly
 * rather than testing nothing.  In Zhonggong a "mate" is any position
 * whose side to move has no legal move: checkmate or an unrelievable trap.
 */
#include "testutil.h"
#include "movepick.h"
#include "search.h"
#include "timeman.h"
#include "walkgame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MATE QP_SCORE_MATE

static void init_game(qp_game *g, const qp_rules *r, const char *fen)
{
    char err[QP_ERR];
    if (qp_game_init(g, r, fen, err, sizeof err)) fail_msg("%s: %s", fen ? fen : "start", err);
}

static void play(qp_game *g, const char *moves)
{
    char buf[1024], err[QP_ERR];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        if (qp_game_play_text(g, t, err, sizeof err)) fail_msg("move %s: %s", t, err);
}

static qp_move search_depth(qp_search *s, const qp_game *g, int depth, qp_search_info *info)
{
    qp_search_limits lim = {0};
    lim.depth = depth;
    lim.level = 10;
    return qp_search_run(s, g, &lim, NULL, NULL, info);
}

static void text_of(const qp_rules *r, const void *st, qp_move m, char *buf)
{
    r->rs->move_text(r, st, m, buf, QP_MOVE_TEXT);
}

/* Brute force, independent of the engine: can the side to move force a
 * position without legal moves for the other side, won by itself, within
 * k of its own moves? */
static bool forced_win(const qp_rules *r, const void *s, int k)
{
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES), *rp = malloc(sizeof *rp * QP_MAX_MOVES);
    char *c = malloc(r->state_size), *c2 = malloc(r->state_size);
    int me = r->rs->side_to_move(r, s);
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    bool ok = false;
    for (int i = 0; i < n && !ok; i++) {
        memcpy(c, s, r->state_size);
        r->rs->make(r, c, mv[i], NULL);
        int nr = r->rs->gen(r, c, rp, QP_GEN_ALL);
        if (nr == 0) {
            qp_outcome o;
            r->rs->outcome(r, c, &o);
            ok = o.result == QP_WIN && o.winner == me;
            continue;
        }
        if (k <= 1) continue;
        bool all = true;
        for (int j = 0; j < nr && all; j++) {
            memcpy(c2, c, r->state_size);
            r->rs->make(r, c2, rp[j], NULL);
            all = forced_win(r, c2, k - 1);
        }
        ok = all;
    }
    free(mv);
    free(rp);
    free(c);
    free(c2);
    return ok;
}

/* The exact search (no pruning: r->caps = 0) finds a win in exactly
 * `plies` plies at depth `plies`, and the brute force agrees there is one
 * in that many moves and none faster; the default search, whose pruning
 * trades exactness for speed (a null move can hide a quiet trap for a
 * few plies), finds the same win by depth plies + 4. */
static void check_win(const char *fen, int plies, const char *reason)
{
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, fen);
    int own = (plies + 1) / 2;
    assert_true(forced_win(r, g.cur, own));
    if (own > 1) assert_false(forced_win(r, g.cur, own - 1));

    qp_search *s = qp_search_new(r, 4);
    qp_search_info info;
    qp_move m = search_depth(s, &g, plies + 4, &info);
    assert_int_equal(info.score, MATE - plies);
    qp_search_clear(s);
    unsigned caps = r->caps;
    r->caps = 0;
    m = search_depth(s, &g, plies, &info);
    assert_int_equal(info.score, MATE - plies);
    assert_true(qp_score_is_mate(info.score));
    assert_int_equal(qp_score_mate_plies(info.score), plies);
    assert_true(qp_move_is_legal(r, g.cur, m));

    /* The chosen move keeps the win: the loser, searched after it, sees
     * its loss at the same distance. */
    int side = qp_game_to_move(&g);
    qp_game_play(&g, m);
    if (plies == 1) {
        qp_outcome o;
        qp_game_outcome(&g, &o);
        assert_int_equal(o.result, QP_WIN);
        assert_int_equal(o.winner, side);
        assert_string_equal(o.reason, reason);
    } else {
        search_depth(s, &g, plies - 1, &info);
        assert_int_equal(info.score, -(MATE - (plies - 1)));
        assert_int_equal(qp_score_mate_plies(info.score), -(plies - 1));
    }
    r->caps = caps;
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Two chariots: a5 holds rank 5, h7-h6 checks along rank 6; the black
 * general on d6 can only reach e6 (still on rank 6) or d5 (rank 5), and
 * has nothing to capture the checker with: checkmate in one. */
static void test_mate_in_1(void **st)
{
    (void)st;
    check_win("9/9/7R1/3k5/R8/4K4/9/9/9 w - - 0 1", 1, "checkmate");
}

/* Black general d6 walled in by red advisors c6, d7 (outside the palace,
 * so it cannot take them) and the elephant e6 (guarded by the advisor d7,
 * so taking it is answered: illegal).  Its one liberty is d5; the elephant
 * b3-d5, guarded by the advisor c6, fills it without giving check: black
 * has no legal move (a trap it cannot relieve). */
static void test_trap_in_1(void **st)
{
    (void)st;
    check_win("9/9/3A5/2AkB4/9/5K3/1B7/9/9 w - - 0 1", 1, "no-moves");
}

/* Two chariots from the corners: one move to hold rank 5 (or 6), the other
 * checks next move; the black soldier only gives black spare moves. */
static void test_mate_in_2(void **st)
{
    (void)st;
    check_win("9/8p/9/3k5/9/4K4/9/9/R7R w - - 0 1", 3, NULL);
}

/* The trap above with the d5 filler two moves away: horse a2-b4-d5.  The
 * general cannot step to d5 meanwhile (the advisor c6 takes it freely). */
static void test_trap_in_2(void **st)
{
    (void)st;
    check_win("9/8p/3A5/2AkB4/9/5K3/9/N8/9 w - - 0 1", 3, NULL);
}

/* The same with the elephant b1 three moves from d5 (b1-d3-?-d5 via b5 or
 * f5 is too slow; the brute force confirms three). */
static void test_trap_in_3(void **st)
{
    (void)st;
    check_win("9/8p/3A5/2AkB4/9/5K3/9/9/1B7 w - - 0 1", 5, NULL);
}

/* ---- never an illegal move --------------------------------------------- */

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void random_positions(const char *name, int games, int max_plies, int depth)
{
    qp_rules *r = tu_rules(&tu_reg, name);
    qp_search *s = qp_search_new(r, 2);
    qp_move mv[QP_MAX_MOVES];
    uint64_t x = 0x9E3779B97F4A7C15ull;
    int searched = 0;
    for (int gi = 0; gi < games; gi++) {
        qp_game g;
        init_game(&g, r, NULL);
        int plies = (int)(rng_next(&x) % (uint64_t)(max_plies + 1));
        for (int p = 0; p < plies; p++) {
            qp_outcome o;
            qp_game_outcome(&g, &o);
            if (o.result != QP_ONGOING) break;
            int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
            qp_game_play(&g, mv[rng_next(&x) % (uint64_t)n]);
        }
        int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
        qp_search_limits lim = {0};
        lim.depth = 1 + (int)(rng_next(&x) % (uint64_t)depth);
        lim.level = 1 + (int)(rng_next(&x) % 10);
        lim.seed = rng_next(&x);
        if (gi % 4 == 3) lim.nodes = 1 + rng_next(&x) % 300;   /* cut short */
        qp_search_info info;
        qp_move m = qp_search_run(s, &g, &lim, NULL, NULL, &info);
        if (n == 0) {
            assert_true(m == QP_MOVE_NONE);
        } else {
            char fen[512];
            qp_game_fen(&g, fen, sizeof fen);
            if (!qp_move_is_legal(r, g.cur, m)) fail_msg("%s: illegal move from %s", name, fen);
            assert_true(info.best == m);
            searched++;
        }
        qp_game_free(&g);
    }
    assert_true(searched > games / 2);
    qp_search_free(s);
    qp_rules_free(r);
}

static void test_legal_moves_zhonggong(void **st)
{
    (void)st;
    random_positions("zhonggong", 60, 120, 4);
}

static void test_legal_moves_other_games(void **st)
{
    (void)st;
    random_positions("xiangqi", 20, 80, 3);
    random_positions("tictactoe", 20, 8, 4);
    random_positions("reversi", 6, 40, 2);
}

/* ---- the search computes the plain alpha-beta value -------------------- */

/* A plain alpha-beta with the search's leaf semantics (check extension,
 * quiescence over noisy moves with stand-pat, a decided-leaf test when
 * any status flag is set, mates as MATE - ply, a repetition inside the
 * line is a draw) and nothing else: no table, no ordering, no pruning. */
typedef struct ref_ctx {
    const qp_rules *r;
    uint64_t line[QP_MAX_PLY];
} ref_ctx;

static int ref_eval(const ref_ctx *c, const void *s)
{
    if (!c->r->rs->evaluate) return 0;   /* as the search does */
    int v = c->r->rs->evaluate(c->r, s);
    if (v >= QP_SCORE_MATE_BOUND) v = QP_SCORE_MATE_BOUND - 1;
    if (v <= -QP_SCORE_MATE_BOUND) v = -QP_SCORE_MATE_BOUND + 1;
    return v;
}

static int ref_terminal(const ref_ctx *c, const void *s, int ply)
{
    qp_outcome o;
    c->r->rs->outcome(c->r, s, &o);
    if (o.result != QP_WIN) return 0;
    return o.winner == c->r->rs->side_to_move(c->r, s) ? MATE - ply : -(MATE - ply);
}

static int ref_q(ref_ctx *c, const void *s, int ply, int alpha, int beta, bool leaf)
{
    const qp_rules *r = c->r;
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    int n;
    if (leaf && r->rs->gen(r, s, mv, QP_GEN_ALL) == 0) {
        free(mv);
        return ref_terminal(c, s, ply);
    }
    int best = ref_eval(c, s);
    if (ply >= QP_MAX_PLY - 2 || best >= beta) {
        free(mv);
        return best;
    }
    if (best > alpha) alpha = best;
    n = r->rs->gen(r, s, mv, QP_GEN_NOISY);
    char *ch = malloc(r->state_size);
    int me = r->rs->side_to_move(r, s);
    for (int i = 0; i < n && best < beta; i++) {
        memcpy(ch, s, r->state_size);
        r->rs->make(r, ch, mv[i], NULL);
        int v = r->rs->side_to_move(r, ch) == me ? ref_q(c, ch, ply + 1, alpha, beta, false)
                                                 : -ref_q(c, ch, ply + 1, -beta, -alpha, false);
        if (v > best) best = v;
        if (v > alpha) alpha = v;
    }
    free(ch);
    free(mv);
    return best;
}

static int ref_ab(ref_ctx *c, const void *s, int depth, int ply, int alpha, int beta)
{
    const qp_rules *r = c->r;
    c->line[ply] = r->rs->hash(r, s);
    for (int j = ply - 2; j >= 0 && ply > 0; j--)
        if (c->line[j] == c->line[ply]) return 0;
    unsigned flags = r->rs->flags(r, s);
    if (flags & QP_FLAG_CHECK) depth++;
    if (depth <= 0) return ref_q(c, s, ply, alpha, beta, flags != 0);
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    if (n == 0) {
        free(mv);
        return ref_terminal(c, s, ply);
    }
    char *ch = malloc(r->state_size);
    int me = r->rs->side_to_move(r, s);
    int best = -32000;
    for (int i = 0; i < n && best < beta; i++) {
        memcpy(ch, s, r->state_size);
        r->rs->make(r, ch, mv[i], NULL);
        int v = r->rs->side_to_move(r, ch) == me ? ref_ab(c, ch, depth - 1, ply + 1, alpha, beta)
                                                 : -ref_ab(c, ch, depth - 1, ply + 1, -beta, -alpha);
        if (v > best) best = v;
        if (v > alpha) alpha = v;
    }
    free(ch);
    free(mv);
    return best;
}

static void compare_with_reference(const char *name, const char *fen, int maxdepth)
{
    qp_rules *r = tu_rules(&tu_reg, name);
    r->caps = 0;   /* no null move, reductions or forward pruning */
    qp_game g;
    init_game(&g, r, fen);
    qp_search *s = qp_search_new(r, 4);
    ref_ctx c = {r, {0}};
    for (int d = 1; d <= maxdepth; d++) {
        qp_search_info info;
        qp_search_clear(s);
        qp_move m = search_depth(s, &g, d, &info);
        int want = ref_ab(&c, g.cur, d, 0, -32000, 32000);
        if (info.score != want)
            fail_msg("%s %s depth %d: search %d, plain alpha-beta %d", name, fen ? fen : "start", d,
                     info.score, want);
        /* The move is worth the score: searched after it, the reply's
         * best is the negated score (one ply shallower). */
        char *ch = malloc(r->state_size);
        memcpy(ch, g.cur, r->state_size);
        r->rs->make(r, ch, m, NULL);
        c.line[0] = r->rs->hash(r, g.cur);
        int after = r->rs->side_to_move(r, ch) == r->rs->side_to_move(r, g.cur)
                        ? ref_ab(&c, ch, d - 1, 1, -32000, 32000)
                        : -ref_ab(&c, ch, d - 1, 1, -32000, 32000);
        /* A check at the root extends it: compare only unextended roots. */
        if (!(r->rs->flags(r, g.cur) & QP_FLAG_CHECK)) assert_int_equal(after, want);
        free(ch);
    }
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Quiescence's quiet checks: Red mates in two with a quiet horse move
 * and a quiet chariot check (the horse on c8 covers d10 and e9, the
 * facing generals f10).  Searched exactly to depth 2, the mate is found
 * only when quiescence tries quiet checks (the chariot's check at the
 * horizon, Black's missing evasion). */
static void test_quiet_check_in_quiescence(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    assert_true(r->caps & QP_CAP_QCHECKS);
    qp_game g;
    init_game(&g, r, "4k4/9/2N6/4p4/9/8N/ppp6/p8/n7R/n4K3 w - - 0 1");
    qp_search *s = qp_search_new(r, 4);
    qp_search_info info;
    char buf[QP_MOVE_TEXT];
    r->caps = QP_CAP_QCHECKS;
    qp_move m = search_depth(s, &g, 2, &info);
    assert_true(qp_score_is_mate(info.score) && info.score > 0);
    assert_int_equal(qp_score_mate_plies(info.score), 3);
    text_of(r, g.cur, m, buf);
    assert_memory_equal(buf, "i5", 2);   /* any step of the blocking horse */
    r->caps = 0;
    qp_search_clear(s);
    search_depth(s, &g, 2, &info);
    assert_false(qp_score_is_mate(info.score));
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The eval cache changes nothing but speed: a Xiangqi search with it
 * visits the same nodes and finds the same move and score as one without
 * it.  Zhonggong's eval reads the no-capture count, which its hash leaves
 * out, so it must not declare the capability. */
static void test_eval_cache_exact(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    unsigned caps = r->caps;
    assert_true(caps & QP_CAP_EVAL_CACHE);
    qp_game g;
    init_game(&g, r, "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/2N1C1N2/4A4/2BAK1B2 w - - 0 1");
    qp_search *s = qp_search_new(r, 4);
    qp_search_info with, without;
    qp_move a = search_depth(s, &g, 8, &with);
    r->caps = caps & ~QP_CAP_EVAL_CACHE;
    qp_search_clear(s);
    qp_move b = search_depth(s, &g, 8, &without);
    assert_true(a == b);
    assert_int_equal(with.score, without.score);
    assert_true(with.nodes == without.nodes);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);

    r = tu_rules(&tu_reg, "zhonggong");
    assert_false(r->caps & QP_CAP_EVAL_CACHE);
    qp_game g1, g2;
    init_game(&g1, r, "9/8p/3A5/2AkB4/9/5K3/9/N8/9 w - - 0 1");
    init_game(&g2, r, "9/8p/3A5/2AkB4/9/5K3/9/N8/9 w - - 40 30");
    assert_true(r->rs->hash(r, g1.cur) == r->rs->hash(r, g2.cur));
    assert_int_not_equal(r->rs->evaluate(r, g1.cur), r->rs->evaluate(r, g2.cur));
    qp_game_free(&g1);
    qp_game_free(&g2);
    qp_rules_free(r);
}

/* Eval correction (Xiangqi declares eval_key; it is on with
 * ai.eval_correction): on, it changes the search (the same search without
 * the hook visits other nodes), a search stays deterministic with it, and
 * qp_search_clear forgets what earlier searches taught it: after
 * searching another position and clearing, the search is the fresh one
 * again.  Off by default: the default rules search exactly as without the
 * hook. */
static void test_eval_correction(void **st)
{
    (void)st;
    static const char *const on_kv[] = {"ai.eval_correction=true", NULL};
    static const char fen[] = "2bakab2/9/2n1c1n2/p1p1p1p1p/9/2P3P2/P3P3P/2N1C1N2/4A4/2BAK1B2 w - - 0 1";
    qp_rules *r = tu_rules_with(&tu_reg, "xiangqi", on_kv);
    assert_non_null(r->rs->eval_key);
    qp_game g, other;
    init_game(&g, r, fen);
    init_game(&other, r, "2bakab2/9/2n1c4/p1p1p1p1p/6n2/2P3P2/P3P3P/2N1C1N2/4A4/2BAK1B2 b - - 0 1");
    qp_search_info a, b, c, d, e;
    qp_search *s = qp_search_new(r, 4);
    qp_move ma = search_depth(s, &g, 8, &a);
    qp_search *t = qp_search_new(r, 4);
    search_depth(t, &other, 8, &b);
    qp_search_clear(t);
    qp_move mc = search_depth(t, &g, 8, &c);
    assert_true(a.nodes == c.nodes);
    assert_int_equal(a.score, c.score);
    assert_true(ma == mc);

    qp_ruleset plain = *r->rs;
    plain.eval_key = NULL;
    const qp_ruleset *keep = r->rs;
    r->rs = &plain;
    qp_search_clear(s);
    search_depth(s, &g, 8, &d);
    r->rs = keep;
    assert_true(a.nodes != d.nodes);

    qp_rules *off = tu_rules(&tu_reg, "xiangqi");
    qp_game g2;
    init_game(&g2, off, fen);
    qp_search *u = qp_search_new(off, 4);
    search_depth(u, &g2, 8, &e);
    assert_true(e.nodes == d.nodes);
    assert_int_equal(e.score, d.score);
    qp_search_free(u);
    qp_game_free(&g2);
    qp_rules_free(off);
    qp_search_free(s);
    qp_search_free(t);
    qp_game_free(&g);
    qp_game_free(&other);
    qp_rules_free(r);
}

static void test_same_score_as_alphabeta(void **st)
{
    (void)st;
    static const char *const zg[] = {
        NULL,
        "1nbacabnr/3r1c3/p1p2pp1p/5k3/1C7/4K4/P2PPAP1P/R8/1NBA1CBNR b - - 13 7",
        "2b1ca1nr/2ar4c/p1n2pppb/2p2k3/8C/4K2P1/P1NPPAP2/1R7/2BA1CBNR b - - 25 13",
        "2b1cabn1/3r4r/pa3ppp1/4nk3/5R3/N1p1K1PP1/P2PPA3/1R7/2BA1CBN1 b - - 7 19",
        "2bc2bn1/7r1/p2apap1p/4k4/3n5/P1r1KP3/R4P1PN/N4RA2/2BAC1B2 b - - 9 19",
        "9/8p/3A5/2AkB4/9/5K3/9/N8/9 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof zg / sizeof zg[0]; i++) compare_with_reference("zhonggong", zg[i], 3);
    compare_with_reference("tictactoe", NULL, 5);
    compare_with_reference("tictactoe", "X2/1o1/3 w 2", 7);
}

/* ---- tic-tac-toe is a draw --------------------------------------------- */

static void test_tictactoe_draw(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    init_game(&g, r, NULL);
    qp_search *s = qp_search_new(r, 4);
    qp_search_info info;
    qp_move m = search_depth(s, &g, 9, &info);
    assert_int_equal(info.depth, 9);
    assert_int_equal(info.score, 0);
    assert_true(qp_move_is_legal(r, g.cur, m));
    /* X in a corner and O on an edge next to it: X wins, in 5 plies (one
     * forcing move, the fork, the win). */
    play(&g, "a1 b1");
    search_depth(s, &g, 9, &info);
    assert_true(info.score > QP_SCORE_MATE_BOUND);
    assert_int_equal(qp_score_mate_plies(info.score), 5);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* A quiet move that ends the game is seen at the horizon: X wins with a2
 * even at depth 1 (the leaf is checked because Lua games set
 * QP_CAP_LEAF_CHECK). */
static void test_win_at_horizon(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    assert_true(r->caps & QP_CAP_LEAF_CHECK);
    qp_game g;
    init_game(&g, r, "X1o/1o1/X2 w 3");
    qp_search *s = qp_search_new(r, 4);
    qp_search_info info;
    qp_move m = search_depth(s, &g, 1, &info);
    char text[QP_MOVE_TEXT];
    r->rs->move_text(r, g.cur, m, text, sizeof text);
    assert_string_equal(text, "a2");
    assert_true(info.score > QP_SCORE_MATE_BOUND);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* ---- history: repetition against the game ----------------------------- */

/* Black is a chariot down, so it takes a draw when one is on offer: after
 * the shuffle h1h2 b9b8 h2h1 b8b9 (twice, less the last move) the move
 * b8b9 repeats the start a third time.  Without the history the same
 * position is simply lost. */
static void test_repetition_in_history(void **st)
{
    (void)st;
    const char *fen = "1r7/9/9/4k4/9/4K4/9/9/7RR w - - 0 1";
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, fen);
    play(&g, "h1h2 b9b8 h2h1 b8b9 h1h2 b9b8 h2h1");
    qp_search *s = qp_search_new(r, 4);
    qp_search_info info;
    char t[QP_MOVE_TEXT];
    qp_move m = search_depth(s, &g, 4, &info);
    text_of(r, g.cur, m, t);
    assert_string_equal(t, "b8b9");
    /* A draw for the side the search plays costs it the contempt. */
    long long contempt = qp_param_int(&r->params, "ai.contempt");
    assert_true(contempt > 0);
    assert_int_equal(info.score, -contempt);

    char now[512];
    qp_game_fen(&g, now, sizeof now);
    qp_game fresh;
    init_game(&fresh, r, now);
    qp_search_clear(s);
    search_depth(s, &fresh, 4, &info);
    assert_true(info.score < -300);
    qp_game_free(&fresh);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Inside the search line: in the walk game (tests/lib/walkgame.c) stepping
 * onto cell 6 checks and the only answer steps back, so from cell 5 the
 * move r starts a cycle in which white checks every time.  Here white
 * fares badly (-100) anywhere left of cell 5, so without the perpetual-
 * check rule the cycle (a draw) is its best line; with the rule the cycle
 * loses, and white must step left into the bad position. */
static int walk_right_eval(const qp_rules *r, const void *sv)
{
    (void)r;
    const walk_state *s = sv;
    int white = s->cell >= 5 ? 0 : -100;
    return s->side == 0 ? white : -white;
}

static void test_perpetual_check_in_line(void **st)
{
    (void)st;
    char err[QP_ERR];
    qp_ruleset rs = walk_ruleset;
    rs.evaluate = walk_right_eval;
    for (int rule = 0; rule < 2; rule++) {
        qp_params p;
        assert_int_equal(qp_params_init(&p, rs.params, err, sizeof err), 0);
        assert_int_equal(qp_params_set(&p, "draw.perpetual_check_loses", rule ? "true" : "false",
                                       err, sizeof err), 0);
        qp_rules *r = qp_rules_create(&rs, &p, err, sizeof err);
        assert_non_null(r);
        qp_game g;
        init_game(&g, r, "5 w");
        qp_search *s = qp_search_new(r, 1);
        qp_search_info info;
        /* Two plies: deeper, white could also repeat on the left. */
        qp_move m = search_depth(s, &g, 2, &info);
        if (rule) {
            assert_int_equal((int)m, 'l');
            assert_int_equal(info.score, -100);
        } else {
            assert_int_equal((int)m, 'r');
            assert_int_equal(info.score, 0);
        }
        qp_search_free(s);
        qp_game_free(&g);
        qp_rules_free(r);
    }
}

/* ---- threads, stop, levels ------------------------------------------- */

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}


static void test_stop_is_prompt(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, NULL);
    qp_search *s = qp_search_new(r, 8);
    qp_search_limits lim = {0};   /* infinite */
    assert_int_equal(qp_search_start(s, &g, &lim, NULL, NULL), 0);
    /* The caller's game may change at once: start copied what it needs. */
    play(&g, "a3a4");
    sleep_ms(200);
    assert_true(qp_search_running(s));
    qp_search_info info;
    assert_false(qp_search_poll(s, &info));
    /* An infinite search ends only when stopped; how soon is not asserted
     * (a loaded machine may hold the thread): ctest's timeout is the bound. */
    qp_search_stop(s);
    while (!qp_search_poll(s, NULL)) sleep_ms(1);
    qp_move m = qp_search_wait(s, &info);
    assert_true(info.done);
    assert_true(info.depth >= 1);
    qp_game_undo(&g);
    assert_true(qp_move_is_legal(r, g.cur, m));
    assert_false(qp_search_running(s));

    /* Movetime is a deadline too: with no stop, the search ends by itself,
     * and not before its deadline by its own clock (the timer keeps a margin
     * of 2 + 1/40 of it; no mate ends it sooner at the start). */
    lim.movetime_ms = 150;
    assert_int_equal(qp_search_start(s, &g, &lim, NULL, NULL), 0);
    m = qp_search_wait(s, &info);
    assert_true(info.done);
    assert_true(info.time_ms >= 150 * 9 / 10);
    assert_true(qp_move_is_legal(r, g.cur, m));
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

static int iterations;
static void count_cb(const qp_search_info *info, void *ud)
{
    (void)ud;
    iterations++;
    assert_int_equal(info->depth, iterations);
    assert_true(info->pvlen >= 1);
}

/* Threads: helpers sharing the table leave exact results exact (the
 * forced win keeps its distance); back at 1 thread the search is again the
 * deterministic one (same nodes as a search that never had helpers). */
static void test_threads(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, "9/8p/3A5/2AkB4/9/5K3/9/9/1B7 w - - 0 1");
    qp_search *s = qp_search_new(r, 4);
    assert_int_equal(qp_search_threads(s), 1);
    assert_int_equal(qp_search_set_threads(s, 0), 0);
    assert_int_equal(qp_search_threads(s), 1);
    assert_int_equal(qp_search_set_threads(s, 1000), 0);
    assert_int_equal(qp_search_threads(s), QP_MAX_THREADS);
    assert_int_equal(qp_search_set_threads(s, 3), 0);
    assert_int_equal(qp_search_threads(s), 3);
    qp_search_info info;
    for (int k = 0; k < 3; k++) {
        /* The trap in 3 (5 plies), given check_win's slack for pruning. */
        qp_move m = search_depth(s, &g, 9, &info);
        assert_int_equal(info.score, MATE - 5);
        assert_true(qp_move_is_legal(r, g.cur, m));
    }
    qp_game_free(&g);

    init_game(&g, r, NULL);
    qp_search_info a, b;
    assert_int_equal(qp_search_set_threads(s, 1), 0);
    qp_search_clear(s);
    search_depth(s, &g, 5, &a);
    qp_search *fresh = qp_search_new(r, 4);
    search_depth(fresh, &g, 5, &b);
    assert_int_equal(a.nodes, b.nodes);
    assert_true(a.best == b.best);
    qp_search_free(fresh);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_callback_and_determinism(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, NULL);
    qp_search *s = qp_search_new(r, 8);
    qp_search_limits lim = {0};
    lim.depth = 6;
    qp_search_info a, b;
    iterations = 0;
    qp_search_run(s, &g, &lim, count_cb, NULL, &a);
    assert_int_equal(iterations, 6);
    qp_search_clear(s);
    qp_search_run(s, &g, &lim, NULL, NULL, &b);
    assert_int_equal(a.nodes, b.nodes);
    assert_int_equal(a.score, b.score);
    assert_true(a.best == b.best);

    /* Levels: 1 searches one ply; same seed, same move. */
    lim.level = 1;
    lim.seed = 42;
    qp_move m1 = qp_search_run(s, &g, &lim, NULL, NULL, &a);
    qp_move m2 = qp_search_run(s, &g, &lim, NULL, NULL, &b);
    assert_int_equal(a.depth, 1);
    assert_true(m1 == m2);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void test_levels_and_mate_text(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    assert_int_equal(qp_level_parse(&r->params, "7"), 7);
    assert_int_equal(qp_level_parse(&r->params, "easy"), 2);
    assert_int_equal(qp_level_parse(&r->params, "master"), 10);
    assert_int_equal(qp_level_parse(&r->params, "11"), -1);
    assert_int_equal(qp_level_parse(&r->params, "0"), -1);
    assert_int_equal(qp_level_parse(&r->params, "grandmaster"), -1);
    assert_int_equal(qp_level_parse(&r->params, ""), -1);
    /* each level half the time of the one above, down to the floor */
    assert_int_equal(qp_level_time_ms(1000, 10), 1000);
    assert_int_equal(qp_level_time_ms(1000, 9), 500);
    assert_int_equal(qp_level_time_ms(1000, 5), 31);
    assert_int_equal(qp_level_time_ms(1000, 2), 3);
    assert_int_equal(qp_level_time_ms(1000, 1), 1);
    assert_int_equal(qp_level_time_ms(300, 1), QP_LEVEL_MIN_MS);   /* 0, raised */
    assert_int_equal(qp_level_time_ms(60000, 1), 117);
    assert_int_equal(qp_level_time_ms(1000, 0), 1000);
    assert_int_equal(qp_level_time_ms(1000, 11), 1000);

    assert_false(qp_score_is_mate(500));
    assert_int_equal(qp_score_mate_plies(MATE - 3), 3);
    assert_int_equal(qp_score_mate_plies(-(MATE - 4)), -4);

    qp_game g;
    init_game(&g, r, "9/8p/9/3k5/9/4K4/9/9/R7R w - - 0 1");
    qp_search_info info = {0};
    info.depth = 3;
    info.seldepth = 4;
    info.score = MATE - 3;
    info.nodes = 1234;
    info.nps = 5678;
    info.time_ms = 9;
    char err[QP_ERR];
    assert_int_equal(r->rs->move_parse(r, g.cur, "a1a5", &info.pv[0], err, sizeof err), 0);
    info.pv[1] = info.pv[0];   /* not legal after a1a5: the PV text stops */
    info.pvlen = 2;
    char line[512];
    qp_search_info_text(r, g.cur, &info, line, sizeof line);
    assert_string_equal(line, "info depth 3 seldepth 4 score mate 2 nodes 1234 nps 5678 time 9 pv a1a5");
    info.score = -(MATE - 2);
    info.pvlen = 0;
    qp_search_info_text(r, g.cur, &info, line, sizeof line);
    assert_string_equal(line, "info depth 3 seldepth 4 score mate -1 nodes 1234 nps 5678 time 9 pv");
    qp_game_free(&g);
    qp_rules_free(r);
}

/* A decided root: no move, and the score says who won. */
static void test_decided_root(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, "9/9/3A5/2AkB4/3B5/5K3/9/9/9 b - - 0 1");
    qp_search *s = qp_search_new(r, 2);
    qp_search_info info;
    qp_move m = search_depth(s, &g, 3, &info);
    assert_true(m == QP_MOVE_NONE);
    assert_int_equal(info.score, -MATE);
    assert_true(info.done);
    qp_search_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Time budgets: a fixed movetime is used nearly whole; a clock never lets
 * the hard deadline reach the flag; the last move before a time control
 * may use all but the overhead. */
static void test_time_budgets(void **st)
{
    (void)st;
    qp_timeman tm;
    qp_search_limits lim = {0};
    lim.movetime_ms = 100;
    qp_time_init(&tm, &lim, 0);
    assert_int_equal(tm.hard_ms, 96);
    assert_int_equal(tm.soft_ms, tm.hard_ms);
    lim.movetime_ms = 5000;
    qp_time_init(&tm, &lim, 1);
    assert_int_equal(tm.hard_ms, 4985);

    memset(&lim, 0, sizeof lim);
    lim.wtime = 60000;
    lim.btime = 1000;
    lim.winc = 1000;
    qp_time_init(&tm, &lim, 0);
    assert_int_equal(tm.soft_ms, 60000 / 30 + 750);
    assert_int_equal(tm.hard_ms, 4 * tm.soft_ms);
    qp_time_init(&tm, &lim, 1);            /* black: 1 s left, no increment */
    assert_int_equal(tm.soft_ms, 1000 / 30);
    assert_true(tm.hard_ms <= 1000 / 3);

    lim.movestogo = 1;
    qp_time_init(&tm, &lim, 1);
    assert_int_equal(tm.hard_ms, 1000 - 50);
    assert_int_equal(tm.soft_ms, tm.hard_ms);
    lim.btime = 40;                        /* below twice the reserve */
    qp_time_init(&tm, &lim, 1);
    assert_int_equal(tm.hard_ms, 20);

    /* Living on an increment: half of it stays in reserve, so a clock
     * of 129 ms at +100 spends at most 64, and one of 250 at most 150. */
    memset(&lim, 0, sizeof lim);
    lim.wtime = 129;
    lim.winc = 100;
    qp_time_init(&tm, &lim, 0);
    assert_int_equal(tm.hard_ms, 64);
    lim.wtime = 250;
    qp_time_init(&tm, &lim, 0);
    assert_int_equal(tm.hard_ms, 250 - 100);

    memset(&lim, 0, sizeof lim);
    lim.depth = 5;
    qp_time_init(&tm, &lim, 0);
    assert_int_equal(tm.hard_ms, 0);
    assert_int_equal(tm.soft_ms, 0);
}

/* Ordering: a capture the see hook calls losing comes after every quiet
 * move, a winning one first; a quiet move that refuted the previous move
 * comes right after the killers; continuation history follows the moves
 * before. */
static void test_order_see_and_countermove(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    init_game(&g, r, "2r6/9/8R/4k4/9/4K2N1/9/R1p3p2/9 w - - 0 1");
    qp_move mv[QP_MAX_MOVES];
    int sc[QP_MAX_MOVES];
    uint8_t fl[QP_MAX_MOVES];
    int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
    qp_move bad, good, quiet, prev[2] = {12345, QP_MOVE_NONE};
    char err[QP_ERR];
    assert_int_equal(r->rs->move_parse(r, g.cur, "a2c2", &bad, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, g.cur, "h4g2", &good, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, g.cur, "a2a3", &quiet, err, sizeof err), 0);
    qp_order *o = calloc(1, sizeof *o);
    qp_order_cutoff(o, 0, 3, 4, quiet, prev, NULL, 0);
    /* The countermove alone: no killer, no history. */
    memset(o->killers, 0, sizeof o->killers);
    memset(o->history, 0, sizeof o->history);
    memset(o->cont, 0, sizeof o->cont);
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, prev, mv, sc, fl, n);
    for (int i = 0; i < n; i++) qp_order_pick(mv, sc, fl, n, i);
    assert_int_equal(mv[0], good);
    assert_true(fl[0] & QP_PICK_CAPTURE);
    assert_false(fl[0] & QP_PICK_BAD);
    assert_int_equal(mv[n - 1], bad);
    assert_true(fl[n - 1] & QP_PICK_BAD);
    int captures = 0;
    for (int i = 0; i < n; i++) captures += (fl[i] & QP_PICK_CAPTURE) && !(fl[i] & QP_PICK_BAD);
    assert_int_equal(mv[captures], quiet);
    /* Another previous move: no countermove, a2a3 scores as any quiet. */
    qp_move other[2] = {prev[0] + 1, QP_MOVE_NONE};
    n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, other, mv, sc, fl, n);
    for (int i = 0; i < n; i++)
        if (mv[i] == quiet) assert_int_equal(sc[i], 0);
    /* Continuation history: the cutoff a2a3 made after (12345, 777)
     * raises it after 777 two plies back whatever came between, and
     * lowers a2a4, tried first, there; after other moves both are 0. */
    qp_move quiet2;
    assert_int_equal(r->rs->move_parse(r, g.cur, "a2a4", &quiet2, err, sizeof err), 0);
    qp_order_clear(o);
    qp_move line[2] = {12345, 777}, later[2] = {999, 777}, unrelated[2] = {999, 888};
    qp_order_cutoff(o, 0, 3, 4, quiet, line, &quiet2, 1);
    memset(o->killers, 0, sizeof o->killers);
    memset(o->history, 0, sizeof o->history);
    int seen = 0;
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, later, mv, sc, fl, n);
    for (int i = 0; i < n; i++) {
        if (mv[i] == quiet) assert_int_equal(sc[i], 16), seen++;
        if (mv[i] == quiet2) assert_int_equal(sc[i], -16), seen++;
    }
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, unrelated, mv, sc, fl, n);
    for (int i = 0; i < n; i++)
        if (mv[i] == quiet || mv[i] == quiet2) assert_int_equal(sc[i], 0), seen++;
    /* The other side's tables are untouched. */
    qp_order_score(r, g.cur, o, 1, 3, QP_MOVE_NONE, later, mv, sc, fl, n);
    for (int i = 0; i < n; i++)
        if (mv[i] == quiet || mv[i] == quiet2) assert_int_equal(sc[i], 0), seen++;
    assert_int_equal(seen, 6);
    /* Capture history: the capture that refuted moves up among the
     * captures by half its bonus, one tried before it down; quiet
     * cutoffs punish the captures tried before them too. */
    int base = 0, after = 0;
    qp_order_clear(o);
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, NULL, mv, sc, fl, n);
    for (int i = 0; i < n; i++)
        if (mv[i] == good) base = sc[i];
    qp_order_capture_cutoff(o, 0, 4, good, &bad, 1);
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, NULL, mv, sc, fl, n);
    for (int i = 0; i < n; i++)
        if (mv[i] == good) after = sc[i];
    assert_int_equal(after - base, 8);
    qp_order_capture_cutoff(o, 0, 4, QP_MOVE_NONE, &good, 1);
    qp_order_capture_cutoff(o, 0, 4, QP_MOVE_NONE, &good, 1);
    qp_order_score(r, g.cur, o, 0, 3, QP_MOVE_NONE, NULL, mv, sc, fl, n);
    for (int i = 0; i < n; i++)
        if (mv[i] == good) after = sc[i];
    assert_true(after < base);
    free(o);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The clock's soft budget follows how settled the search is; a fixed
 * movetime is never shortened. */
static qp_timeman clock_tm(int wtime, int movestogo)
{
    qp_search_limits lim = {0};
    lim.wtime = wtime;
    lim.movestogo = movestogo;
    qp_timeman tm;
    qp_time_init(&tm, &lim, 0);
    return tm;
}

static void test_time_more_follows_instability(void **state)
{
    (void)state;
    qp_timeman tm = clock_tm(30000, 0);   /* 30 moves to go: soft 1000, hard 4000 */
    assert_int_equal(tm.soft_ms, 1000);
    assert_int_equal(tm.hard_ms, 4000);
    /* The same move every iteration: 70% of the soft budget. */
    tm = clock_tm(30000, 0);
    assert_true(qp_time_more(&tm, 699, false, 0));
    tm = clock_tm(30000, 0);
    assert_false(qp_time_more(&tm, 700, false, 0));
    /* The best move just changed: 150%. */
    tm = clock_tm(30000, 0);
    assert_true(qp_time_more(&tm, 1499, true, 0));
    tm = clock_tm(30000, 0);
    assert_false(qp_time_more(&tm, 1500, true, 0));
    /* Changed and the score fell by 50: half as much again (225%). */
    tm = clock_tm(30000, 0);
    assert_true(qp_time_more(&tm, 2249, true, 50));
    tm = clock_tm(30000, 0);
    assert_false(qp_time_more(&tm, 2250, true, 50));
    /* Changes fade: one change two iterations back counts a quarter. */
    tm = clock_tm(30000, 0);
    assert_true(qp_time_more(&tm, 100, true, 0));
    assert_true(qp_time_more(&tm, 100, false, 0));
    assert_true(qp_time_more(&tm, 899, false, 0));     /* 70 + 5 * 4 = 90% */
    assert_false(qp_time_more(&tm, 900, false, 0));    /* 70 + 5 * 2 = 80% */
    /* Never past the hard deadline: 2 moves to go, soft = hard = 1500. */
    tm = clock_tm(3000, 2);
    assert_int_equal(tm.hard_ms, 1500);
    assert_true(qp_time_more(&tm, 1499, true, 80));
    tm = clock_tm(3000, 2);
    assert_false(qp_time_more(&tm, 1500, true, 80));
    /* A movetime is a promise: the whole of it, settled or not. */
    qp_search_limits lim = {0};
    lim.movetime_ms = 1000;
    qp_time_init(&tm, &lim, 0);
    assert_true(qp_time_more(&tm, tm.soft_ms - 1, false, 0));
    assert_false(qp_time_more(&tm, tm.soft_ms, false, 0));
    assert_true(tm.soft_ms > 900);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time_budgets),
        cmocka_unit_test(test_mate_in_1),
        cmocka_unit_test(test_trap_in_1),
        cmocka_unit_test(test_mate_in_2),
        cmocka_unit_test(test_trap_in_2),
        cmocka_unit_test(test_trap_in_3),
        cmocka_unit_test(test_decided_root),
        cmocka_unit_test(test_legal_moves_zhonggong),
        cmocka_unit_test(test_legal_moves_other_games),
        cmocka_unit_test(test_same_score_as_alphabeta),
        cmocka_unit_test(test_tictactoe_draw),
        cmocka_unit_test(test_win_at_horizon),
        cmocka_unit_test(test_repetition_in_history),
        cmocka_unit_test(test_perpetual_check_in_line),
        cmocka_unit_test(test_stop_is_prompt),
        cmocka_unit_test(test_callback_and_determinism),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_levels_and_mate_text),
        cmocka_unit_test(test_order_see_and_countermove),
        cmocka_unit_test(test_quiet_check_in_quiescence),
        cmocka_unit_test(test_eval_cache_exact),
        cmocka_unit_test(test_eval_correction),
        cmocka_unit_test(test_time_more_follows_instability),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
