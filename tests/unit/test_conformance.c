/*
 * test_conformance.c — the same checks on every registered ruleset: the
 * built-in ones, the Lua games of scripts/games (block and hook games),
 * the plugins of the build and every game of tests/data/games.  The list
 * comes from the registry, so a new game is checked without a test of its
 * own; each ruleset is one cmocka test named after it.
 *
 * Per ruleset, random games from a fixed seed (the same every run) check:
 *  - the game layer (game.h): the position after each qp_game_play equals
 *    the one made incrementally with the make hook (bytes and hash);
 *    undo, redo and goto, which replay the record, give back each
 *    position and hash; the record's text in every notation the ruleset
 *    writes reads back to the same moves;
 *  - at every position: gen lists distinct non-zero moves, QP_GEN_ANY
 *    and QP_GEN_NOISY only moves of QP_GEN_ALL, and QP_GEN_ANY none
 *    exactly when there are none; no moves exactly when outcome() says
 *    the game is over; each move's text (and each notation's) parses
 *    back to the move; make with an undo record equals copy-make, and
 *    unmake restores bytes and hash; FEN out and in gives the same FEN,
 *    hash, side, pieces, moves and outcome; one FEN text always comes
 *    with one hash however the games reached it, and two move orders
 *    (a b c, c b a) that reach one FEN reach one hash;
 *  - perft: the divide (qp_perft_moves, one and two threads) sums to
 *    qp_perft, which equals a count made here by hand, at a few positions;
 *  - the AI plays a legal move from a few positions, within small limits.
 * Every hook runs through a guard that checks it is asked only what it
 * may answer: move hooks only for legal moves of the position, make_null
 * only with QP_CAP_NULLMOVE, hopeless only in a puzzle, gen's count in
 * range.  A copy of the ruleset without any optional hook then plays a
 * short game, perft, the AI and a record, so nothing calls a hook the
 * ruleset may leave out.  A Lua game must raise no hook error.
 */
#include "testutil.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "fen.h"
#include "lua_ruleset.h"
#include "perft.h"
#include "record.h"
#include "splitmix.h"

/* Bounds of the work per ruleset, fixed so that the checks are the same
 * on any machine (the whole suite takes seconds in a release build). */
#define CF_GAMES 4
#define CF_PLIES 80
#define CF_AI_NODES 1500
#define CF_MCTS_NODES 48     /* each one a random playout to the end */
#define CF_FENS 512          /* FEN texts remembered for the transposition check */

void qp_register_builtin(qp_registry *reg);

static qp_registry cf_reg;

/* ---- the guard ------------------------------------------------------------- */

/* The checked ruleset is wrapped in a copy whose hooks check what they are
 * asked, then call the real ones.  One ruleset is checked at a time; the
 * counters are atomic because perft and the AI may call from threads. */
typedef struct cf_guard {
    const qp_ruleset *inner;
    qp_ruleset outer;
    atomic_int bad;
    atomic_flag said;
    char first[2 * QP_ERR];
} cf_guard;

static cf_guard G;

static void cf_violation(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void cf_violation(const char *fmt, ...)
{
    atomic_fetch_add(&G.bad, 1);
    if (atomic_flag_test_and_set(&G.said)) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(G.first, sizeof G.first, fmt, ap);
    va_end(ap);
}

static bool cf_legal(const qp_rules *r, const void *s, qp_move m)
{
    qp_move mv[QP_MAX_MOVES];
    int n = G.inner->gen(r, s, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++)
        if (mv[i] == m) return true;
    return false;
}

static void cf_fen_of(const qp_rules *r, const void *s, char *buf, size_t n)
{
    buf[0] = 0;
    if (G.inner->fen_print) G.inner->fen_print(r, s, buf, n);
}

static void cf_need_legal(const char *hook, const qp_rules *r, const void *s, qp_move m)
{
    if (cf_legal(r, s, m)) return;
    char fen[QP_FEN_MAX];
    cf_fen_of(r, s, fen, sizeof fen);
    cf_violation("%s asked for move %llu, not legal in '%s'", hook, (unsigned long long)m, fen);
}

static int g_gen(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode)
{
    int n = G.inner->gen(r, s, out, mode);
    if (n < 0 || n > QP_MAX_MOVES) cf_violation("gen returned %d moves", n);
    for (int i = 0; i < n && i < QP_MAX_MOVES; i++)
        if (out[i] == QP_MOVE_NONE) cf_violation("gen listed QP_MOVE_NONE");
    return n;
}

static void g_make(const qp_rules *r, void *s, qp_move m, void *undo)
{
    cf_need_legal("make", r, s, m);
    G.inner->make(r, s, m, undo);
}

static unsigned g_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    cf_need_legal("move_flags", r, s, m);
    return G.inner->move_flags(r, s, m);
}

static int g_move_order(const qp_rules *r, const void *s, qp_move m)
{
    cf_need_legal("move_order", r, s, m);
    return G.inner->move_order(r, s, m);
}

static void g_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    cf_need_legal("move_text", r, s, m);
    G.inner->move_text(r, s, m, buf, n);
}

static void g_move_notation(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    cf_need_legal("move_notation", r, s, m);
    G.inner->move_notation(r, s, m, buf, n);
}

static int g_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    cf_need_legal("move_squares", r, s, m);
    return G.inner->move_squares(r, s, m, sq, max);
}

static int g_notation_text(const qp_rules *r, const void *s, qp_move m, const char *style, char *buf, size_t n)
{
    cf_need_legal("notation_text", r, s, m);
    return G.inner->notation_text(r, s, m, style, buf, n);
}

static int g_see(const qp_rules *r, const void *s, qp_move m)
{
    cf_need_legal("see", r, s, m);
    return G.inner->see(r, s, m);
}

static bool g_may_check(const qp_rules *r, const void *s, qp_move m)
{
    cf_need_legal("may_check", r, s, m);
    return G.inner->may_check(r, s, m);
}

static void g_make_null(const qp_rules *r, void *s)
{
    if (!(r->caps & QP_CAP_NULLMOVE)) cf_violation("make_null called without QP_CAP_NULLMOVE");
    G.inner->make_null(r, s);
}

static bool g_hopeless(const qp_rules *r, const void *s)
{
    if (r->nsides != 1) cf_violation("hopeless called in a two-player game");
    return G.inner->hopeless(r, s);
}

static int g_evaluate(const qp_rules *r, const void *s)
{
    int v = G.inner->evaluate(r, s);
    if (v <= -QP_SCORE_MATE_BOUND || v >= QP_SCORE_MATE_BOUND) cf_violation("evaluate returned %d", v);
    return v;
}

/* Wraps rs; with minimal, every optional hook is left out. */
static void cf_guard_install(const qp_ruleset *rs, bool minimal)
{
    G.inner = rs;
    G.outer = *rs;
    atomic_store(&G.bad, 0);
    atomic_flag_clear(&G.said);
    G.first[0] = 0;
    qp_ruleset *o = &G.outer;
    o->gen = g_gen;
    o->make = g_make;
    o->move_text = g_move_text;
#define WRAP(hook) o->hook = minimal || !rs->hook ? NULL : g_##hook
    WRAP(move_flags);
    WRAP(move_order);
    WRAP(move_notation);
    WRAP(move_squares);
    WRAP(notation_text);
    WRAP(see);
    WRAP(may_check);
    WRAP(make_null);
    WRAP(hopeless);
    WRAP(evaluate);
#undef WRAP
    if (minimal) {
        o->unmake = NULL;
        o->fen_parse = NULL;
        o->fen_print = NULL;
        o->flags = NULL;
        o->notation_parse = NULL;
        o->status_text = NULL;
        o->decisive_squares = NULL;
        o->help_text = NULL;
    }
}

static void cf_guard_assert_clean(const qp_rules *r)
{
    if (atomic_load(&G.bad)) fail_msg("%s: %d contract violations, the first: %s", G.inner->name, atomic_load(&G.bad), G.first);
    const char *lua = qp_lua_rules_error(r);
    if (lua[0]) fail_msg("%s: a hook failed: %s", G.inner->name, lua);
}

/* ---- what was checked ------------------------------------------------------- */

typedef struct cf_stats {
    int games, plies, positions, moves, texts, notations, fens, again, transpositions, unmakes, perfts, ais, records;
} cf_stats;

/* FEN texts seen and their hashes, for the transposition check. */
typedef struct cf_fenmap {
    int n;
    uint64_t key[CF_FENS];    /* FNV-1a of the text */
    uint64_t hash[CF_FENS];
} cf_fenmap;

static uint64_t cf_fnv(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* ---- checks of one position ---------------------------------------------- */

static int cmp_moves(const void *a, const void *b)
{
    qp_move x = *(const qp_move *)a, y = *(const qp_move *)b;
    return x < y ? -1 : x > y;
}

static bool cf_in(const qp_move *mv, int n, qp_move m)
{
    for (int i = 0; i < n; i++)
        if (mv[i] == m) return true;
    return false;
}

static const char *const cf_styles[] = {QP_NOTATION_COORD, QP_NOTATION_CHINESE, QP_NOTATION_TRADITIONAL,
                                        QP_NOTATION_WXF, QP_NOTATION_ICCS};

/* Move texts of every legal move of s parse back to the move. */
static void cf_check_texts(const qp_rules *r, const void *s, const qp_move *mv, int n, const char *fen,
                           cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    for (int i = 0; i < n; i++) {
        char text[QP_MOVE_TEXT], err[QP_ERR];
        qp_move back = QP_MOVE_NONE;
        text[0] = 0;
        rs->move_text(r, s, mv[i], text, sizeof text);
        if (!text[0]) fail_msg("%s: move %llu has an empty text at '%s'", rs->name, (unsigned long long)mv[i], fen);
        if (rs->move_parse(r, s, text, &back, err, sizeof err) || back != mv[i])
            fail_msg("%s: move text '%s' does not parse back at '%s': %s", rs->name, text, fen,
                     back == mv[i] ? err : "another move");
        st->texts++;
        if (rs->notation_text && rs->notation_parse)
            for (size_t k = 0; k < sizeof cf_styles / sizeof cf_styles[0]; k++) {
                text[0] = 0;
                if (rs->notation_text(r, s, mv[i], cf_styles[k], text, sizeof text) < 0) continue;
                const char *hint = !strcmp(cf_styles[k], QP_NOTATION_ICCS) ? "iccs" : NULL;
                back = QP_MOVE_NONE;
                if (rs->notation_parse(r, s, text, hint, &back, err, sizeof err) || back != mv[i])
                    fail_msg("%s: %s text '%s' does not parse back at '%s': %s", rs->name, cf_styles[k], text,
                             fen, back == mv[i] ? err : "another move");
                st->notations++;
            }
        if (rs->move_notation && rs->notation_parse) {
            text[0] = 0;
            rs->move_notation(r, s, mv[i], text, sizeof text);
            back = QP_MOVE_NONE;
            if (rs->notation_parse(r, s, text, NULL, &back, err, sizeof err) || back != mv[i])
                fail_msg("%s: move_notation text '%s' does not parse back at '%s': %s", rs->name, text, fen,
                         back == mv[i] ? err : "another move");
            st->notations++;
        }
    }
}

/* make with an undo record equals copy-make, and unmake restores s. */
static void cf_check_unmake(const qp_rules *r, const void *s, const qp_move *mv, int n, const char *fen,
                            cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    if (!rs->unmake) return;
    void *a = qp_state_new(r), *b = qp_state_new(r);
    void *undo = calloc(1, r->undo_size ? r->undo_size : 1);
    uint64_t h = rs->hash(r, s);
    for (int i = 0; i < n; i++) {
        memcpy(a, s, r->state_size);
        memcpy(b, s, r->state_size);
        rs->make(r, a, mv[i], undo);
        rs->make(r, b, mv[i], NULL);
        if (memcmp(a, b, r->state_size) || rs->hash(r, a) != rs->hash(r, b))
            fail_msg("%s: make with an undo record differs from copy-make at '%s'", rs->name, fen);
        rs->unmake(r, a, mv[i], undo);
        if (memcmp(a, s, r->state_size) || rs->hash(r, a) != h)
            fail_msg("%s: unmake does not restore '%s'", rs->name, fen);
        st->unmakes++;
    }
    free(a);
    free(b);
    free(undo);
}

static void cf_piece_text(const qp_rules *r, const void *s, int sq, char *buf, size_t n)
{
    qp_piece_view v;
    if (r->rs->piece_at(r, s, sq, &v)) snprintf(buf, n, "%d%c%s", v.side, v.letter, v.glyph ? v.glyph : "");
    else snprintf(buf, n, "-");
}

/* FEN out and in: the same FEN, hash, side, pieces, moves and outcome;
 * a FEN text seen before came with the same hash. */
static void cf_check_fen(const qp_rules *r, const void *s, const qp_move *mv, int n, const char *fen,
                         cf_fenmap *fm, cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    if (!rs->fen_print || !rs->fen_parse) return;
    char err[QP_ERR], again[QP_FEN_MAX];
    void *t = qp_state_new(r);
    if (rs->fen_parse(r, t, fen, err, sizeof err)) fail_msg("%s: its own FEN '%s' is refused: %s", rs->name, fen, err);
    rs->fen_print(r, t, again, sizeof again);
    if (strcmp(again, fen)) fail_msg("%s: FEN '%s' reads back as '%s'", rs->name, fen, again);
    uint64_t h = rs->hash(r, s);
    if (rs->hash(r, t) != h) fail_msg("%s: FEN '%s' read back has another hash", rs->name, fen);
    if (rs->side_to_move(r, t) != rs->side_to_move(r, s))
        fail_msg("%s: FEN '%s' read back has another side to move", rs->name, fen);
    for (int sq = 0; sq < r->geom.w * r->geom.h; sq++) {
        char a[32], b[32];
        cf_piece_text(r, s, sq, a, sizeof a);
        cf_piece_text(r, t, sq, b, sizeof b);
        if (strcmp(a, b)) fail_msg("%s: FEN '%s' read back has %s on square %d, played %s", rs->name, fen, b, sq, a);
    }
    qp_move mt[QP_MAX_MOVES], ms[QP_MAX_MOVES];
    int nt = rs->gen(r, t, mt, QP_GEN_ALL);
    memcpy(ms, mv, sizeof *mv * (size_t)n);
    qsort(ms, (size_t)n, sizeof *ms, cmp_moves);
    qsort(mt, (size_t)nt, sizeof *mt, cmp_moves);
    if (nt != n || memcmp(ms, mt, sizeof *ms * (size_t)n))
        fail_msg("%s: FEN '%s' read back has %d moves, played %d (or others)", rs->name, fen, nt, n);
    qp_outcome o1, o2;
    rs->outcome(r, s, &o1);
    rs->outcome(r, t, &o2);
    if (o1.result != o2.result || (o1.result == QP_WIN && o1.winner != o2.winner))
        fail_msg("%s: FEN '%s' read back has another outcome", rs->name, fen);
    free(t);
    st->fens++;

    uint64_t key = cf_fnv(fen);
    for (int i = 0; i < fm->n; i++)
        if (fm->key[i] == key) {
            if (fm->hash[i] != h) fail_msg("%s: '%s' reached twice with two hashes", rs->name, fen);
            st->again++;
            return;
        }
    if (fm->n < CF_FENS) {
        fm->key[fm->n] = key;
        fm->hash[fm->n++] = h;
    }
}

/* Plays the legal moves a, b, c on a copy of s into t; false when one
 * of them is not legal where it comes. */
static bool cf_line(const qp_rules *r, const void *s, const qp_move line[3], void *t)
{
    memcpy(t, s, r->state_size);
    for (int i = 0; i < 3; i++) {
        if (!qp_move_is_legal(r, t, line[i])) return false;
        r->rs->make(r, t, line[i], NULL);
    }
    return true;
}

/* Transpositions: two moves a and c of the side to move and a reply b,
 * played as a b c and as c b a; where both orders are legal and reach one
 * FEN, the hashes agree (the incremental hash forgets the path). */
static void cf_check_transpose(const qp_rules *r, const void *s, uint64_t *seed, cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    if (!rs->fen_print) return;
    qp_move mv[QP_MAX_MOVES], reply[QP_MAX_MOVES];
    int n = rs->gen(r, s, mv, QP_GEN_ALL);
    if (n < 2) return;
    void *t = qp_state_new(r), *u = qp_state_new(r);
    for (int k = 0; k < 4; k++) {
        qp_move a = mv[qp_splitmix64(seed) % (uint64_t)n], c = mv[qp_splitmix64(seed) % (uint64_t)n];
        if (a == c) continue;
        memcpy(t, s, r->state_size);
        rs->make(r, t, a, NULL);
        int nr = rs->gen(r, t, reply, QP_GEN_ALL);
        if (nr == 0) continue;
        qp_move one[3] = {a, reply[qp_splitmix64(seed) % (uint64_t)nr], c}, other[3] = {c, one[1], a};
        if (!cf_line(r, s, one, t) || !cf_line(r, s, other, u)) continue;
        char f1[QP_FEN_MAX], f2[QP_FEN_MAX];
        rs->fen_print(r, t, f1, sizeof f1);
        rs->fen_print(r, u, f2, sizeof f2);
        if (strcmp(f1, f2)) continue;
        if (rs->hash(r, t) != rs->hash(r, u))
            fail_msg("%s: '%s' reached by two move orders with two hashes", rs->name, f1);
        st->transpositions++;
    }
    free(t);
    free(u);
}

/* Everything about s that does not need history.  Returns the number of
 * legal moves, written to mv. */
static int cf_check_position(const qp_rules *r, const void *s, qp_move *mv, cf_fenmap *fm, cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    char fen[QP_FEN_MAX];
    cf_fen_of(r, s, fen, sizeof fen);
    int n = rs->gen(r, s, mv, QP_GEN_ALL);
    qp_move sorted[QP_MAX_MOVES], other[QP_MAX_MOVES];
    memcpy(sorted, mv, sizeof *mv * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_moves);
    for (int i = 1; i < n; i++)
        if (sorted[i] == sorted[i - 1]) fail_msg("%s: gen lists move %llu twice at '%s'", rs->name,
                                                 (unsigned long long)sorted[i], fen);
    int nany = rs->gen(r, s, other, QP_GEN_ANY);
    if ((nany == 0) != (n == 0)) fail_msg("%s: QP_GEN_ANY finds %d moves, QP_GEN_ALL %d at '%s'", rs->name, nany, n, fen);
    for (int i = 0; i < nany; i++)
        if (!cf_in(mv, n, other[i])) fail_msg("%s: QP_GEN_ANY lists a move QP_GEN_ALL does not at '%s'", rs->name, fen);
    int nnoisy = rs->gen(r, s, other, QP_GEN_NOISY);
    for (int i = 0; i < nnoisy; i++)
        if (!cf_in(mv, n, other[i])) fail_msg("%s: QP_GEN_NOISY lists a move QP_GEN_ALL does not at '%s'", rs->name, fen);

    qp_outcome o;
    rs->outcome(r, s, &o);
    if (n == 0 && o.result == QP_ONGOING) fail_msg("%s: no legal move, yet the game goes on at '%s'", rs->name, fen);
    if (n > 0 && o.result != QP_ONGOING)
        fail_msg("%s: the game is over (%s), yet gen lists %d moves at '%s'", rs->name, o.reason ? o.reason : "?", n, fen);
    if (o.result != QP_ONGOING && (!o.reason || !o.reason[0])) fail_msg("%s: an outcome without a reason at '%s'", rs->name, fen);
    if (o.result == QP_WIN && (o.winner < 0 || o.winner > 1)) fail_msg("%s: winner %d at '%s'", rs->name, o.winner, fen);
    if (o.result == QP_DRAW && r->nsides == 1) fail_msg("%s: a puzzle drawn at '%s'", rs->name, fen);
    int side = rs->side_to_move(r, s);
    if (side < 0 || side >= r->nsides) fail_msg("%s: side to move %d at '%s'", rs->name, side, fen);
    if (rs->flags) {
        unsigned f = rs->flags(r, s), known = 0;
        for (int i = 0; r->flag_names && r->flag_names[i] && i < 32; i++) known |= 1u << i;
        if (f & ~known) fail_msg("%s: flags 0x%x beyond its %s at '%s'", rs->name, f, "flag_names", fen);
    }
    cf_check_texts(r, s, mv, n, fen, st);
    cf_check_unmake(r, s, mv, n, fen, st);
    cf_check_fen(r, s, mv, n, fen, fm, st);
    st->positions++;
    st->moves += n;
    return n;
}

/* ---- perft ---------------------------------------------------------------- */

/* perft 2 by hand: the leaves below each move, counted as perft.h says
 * (finished: a game that ended before ply 2 is one leaf too). */
static uint64_t cf_count2(const qp_rules *r, const void *s, bool finished)
{
    const qp_ruleset *rs = r->rs;
    qp_move mv[QP_MAX_MOVES], sub[QP_MAX_MOVES];
    int n = rs->gen(r, s, mv, QP_GEN_ALL);
    if (n == 0) return finished ? 1 : 0;
    uint64_t total = 0;
    void *c = qp_state_new(r);
    for (int i = 0; i < n; i++) {
        memcpy(c, s, r->state_size);
        rs->make(r, c, mv[i], NULL);
        int k = rs->gen(r, c, sub, QP_GEN_ALL);
        total += (k == 0 && finished) ? 1 : (uint64_t)k;
    }
    free(c);
    return total;
}

static void cf_check_perft(const qp_rules *r, const void *s, cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    qp_move mv[QP_MAX_MOVES];
    int n = rs->gen(r, s, mv, QP_GEN_ALL);
    if (n == 0) return;
    char fen[QP_FEN_MAX], err[QP_ERR];
    cf_fen_of(r, s, fen, sizeof fen);
    uint64_t *out = calloc((size_t)n, sizeof *out);
    for (int mode = QP_PERFT_STANDARD; mode <= QP_PERFT_FINISHED; mode++) {
        const char *kind = mode == QP_PERFT_FINISHED ? " --finished" : "";
        uint64_t total = qp_perft_count(r, s, 2, mode), hand = cf_count2(r, s, mode == QP_PERFT_FINISHED);
        if (total != hand) fail_msg("%s: perft 2%s is %llu, counted by hand %llu at '%s'", rs->name, kind,
                                    (unsigned long long)total, (unsigned long long)hand, fen);
        if (mode == QP_PERFT_STANDARD && total != qp_perft(r, s, 2))
            fail_msg("%s: qp_perft is not the standard count at '%s'", rs->name, fen);
        for (int threads = 1; threads <= 2; threads++) {
            memset(out, 0, sizeof *out * (size_t)n);
            if (qp_perft_moves(r, s, 2, mode, mv, n, out, threads, err, sizeof err))
                fail_msg("%s: perft divide: %s", rs->name, err);
            uint64_t sum = 0;
            for (int i = 0; i < n; i++) sum += out[i];
            if (sum != total)
                fail_msg("%s: perft divide%s (%d threads) sums to %llu, perft 2 is %llu at '%s'", rs->name, kind,
                         threads, (unsigned long long)sum, (unsigned long long)total, fen);
        }
    }
    free(out);
    st->perfts++;
}

/* ---- the AI --------------------------------------------------------------- */

static void cf_check_ai(const qp_game *g, int kind, cf_stats *st)
{
    const qp_rules *r = g->r;
    qp_outcome o;
    qp_game_outcome(g, &o);
    if (o.result != QP_ONGOING) return;
    qp_ai *a = qp_ai_new(r, kind, 1);
    assert_non_null(a);
    qp_search_limits lim = {.depth = 3, .nodes = qp_ai_kind(a) == QP_AI_MCTS ? CF_MCTS_NODES : CF_AI_NODES,
                            .level = 10};
    qp_search_info info;
    qp_move m = qp_ai_run(a, g, &lim, NULL, NULL, &info);
    if (!qp_move_is_legal(r, g->cur, m))
        fail_msg("%s: the %s AI chose move %llu, not a legal move", r->rs->name, qp_ai_name(qp_ai_kind(a)),
                 (unsigned long long)m);
    qp_ai_free(a);
    st->ais++;
}

/* ---- records ---------------------------------------------------------------- */

/* g's record in each notation the ruleset writes reads back to its moves. */
static void cf_check_records(const qp_game *g, cf_stats *st)
{
    const qp_rules *r = g->r;
    for (int k = -1; k < (int)(sizeof cf_styles / sizeof cf_styles[0]); k++) {
        const char *style = k < 0 ? NULL : cf_styles[k];
        char err[QP_ERR];
        size_t len;
        char *text = qp_record_text(g, style, &len, err, sizeof err);
        if (!text) continue;   /* a notation this ruleset does not write */
        qp_record rec;
        if (qp_record_parse(&rec, "record", text, len, err, sizeof err))
            fail_msg("%s: its %s record is refused: %s\n%s", r->rs->name, style ? style : "coordinate", err, text);
        qp_game h;
        if (qp_game_init(&h, r, rec.fen[0] ? rec.fen : NULL, err, sizeof err))
            fail_msg("%s: record FEN: %s", r->rs->name, err);
        if (qp_record_replay(&rec, &h, err, sizeof err))
            fail_msg("%s: its %s record does not replay: %s\n%s", r->rs->name, style ? style : "coordinate", err, text);
        if (h.len != g->len) fail_msg("%s: its %s record replays %d moves of %d", r->rs->name, style ? style : "coordinate", h.len, g->len);
        for (int i = 0; i < g->len; i++)
            if (h.rec[i] != g->rec[i]) fail_msg("%s: its %s record replays move %d as another", r->rs->name, style ? style : "coordinate", i + 1);
        qp_game_free(&h);
        qp_record_free(&rec);
        free(text);
        st->records++;
    }
}

/* ---- a random game ---------------------------------------------------------- */

static void cf_expect_at(const qp_game *g, int ply, const unsigned char *snaps, const uint64_t *hashes, const char *how)
{
    const qp_rules *r = g->r;
    if (g->cursor != ply) fail_msg("%s: %s: cursor %d, expected %d", r->rs->name, how, g->cursor, ply);
    if (memcmp(g->cur, snaps + (size_t)ply * r->state_size, r->state_size))
        fail_msg("%s: %s to ply %d does not give the position played", r->rs->name, how, ply);
    if (r->rs->hash(r, g->cur) != hashes[ply] || g->hist[ply].hash != hashes[ply])
        fail_msg("%s: %s to ply %d gives another hash", r->rs->name, how, ply);
}

/* Plays one random game of at most plies plies from seed, checking every
 * position on the way, then the record's replays. */
static void cf_game(const qp_rules *r, uint64_t seed, int plies, bool ai, cf_fenmap *fm, cf_stats *st)
{
    const qp_ruleset *rs = r->rs;
    qp_game g;
    char err[QP_ERR];
    if (qp_game_init(&g, r, NULL, err, sizeof err)) fail_msg("%s: %s", rs->name, err);
    size_t ss = r->state_size;
    unsigned char *snaps = malloc(ss * (size_t)(plies + 1));
    uint64_t *hashes = malloc(sizeof *hashes * (size_t)(plies + 1));
    void *inc = qp_state_new(r);
    memcpy(inc, g.cur, ss);
    memcpy(snaps, g.cur, ss);
    hashes[0] = rs->hash(r, g.cur);
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    int ply = 0;
    for (; ply < plies; ply++) {
        int n = cf_check_position(r, g.cur, mv, fm, st);
        if (ply % 4 == 0) cf_check_transpose(r, g.cur, &seed, st);
        if (ply == 0 || ply == plies / 2) {
            cf_check_perft(r, g.cur, st);
            if (ai) cf_check_ai(&g, QP_AI_DEFAULT, st);
        }
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (n == 0 || o.result != QP_ONGOING) break;
        qp_move m = mv[qp_splitmix64(&seed) % (uint64_t)n];
        qp_game_play(&g, m);
        rs->make(r, inc, m, NULL);
        if (memcmp(inc, g.cur, ss) || rs->hash(r, inc) != rs->hash(r, g.cur))
            fail_msg("%s: ply %d: the game's position differs from the one made incrementally", rs->name, ply + 1);
        if (g.hist[ply + 1].hash != rs->hash(r, inc)) fail_msg("%s: ply %d: the history keeps another hash", rs->name, ply + 1);
        memcpy(snaps + (size_t)(ply + 1) * ss, inc, ss);
        hashes[ply + 1] = rs->hash(r, inc);
    }
    int len = g.len;
    if (len != ply) fail_msg("%s: the record holds %d moves, %d were played", rs->name, len, ply);
    if (ply == plies) cf_check_position(r, g.cur, mv, fm, st);
    qp_outcome end, again;
    qp_game_outcome(&g, &end);

    /* undo to the start, redo to the end, and jumps: all replay the record */
    for (int k = len; k > 0; k--) {
        assert_true(qp_game_undo(&g));
        cf_expect_at(&g, k - 1, snaps, hashes, "undo");
    }
    assert_false(qp_game_undo(&g));
    for (int k = 0; k < len; k++) {
        assert_true(qp_game_redo(&g));
        cf_expect_at(&g, k + 1, snaps, hashes, "redo");
    }
    assert_false(qp_game_redo(&g));
    for (int k = 0; k < 4 && len > 0; k++) {
        int to = (int)(qp_splitmix64(&seed) % (uint64_t)(len + 1));
        qp_game_goto(&g, to);
        cf_expect_at(&g, to, snaps, hashes, "goto");
        qp_game_final_outcome(&g, &again);
        if (again.result != end.result || again.winner != end.winner)
            fail_msg("%s: the final outcome seen from ply %d differs from the end's", rs->name, to);
    }
    qp_game_goto(&g, len);
    qp_game_outcome(&g, &again);
    if (again.result != end.result || again.winner != end.winner)
        fail_msg("%s: the outcome after replaying to the end differs", rs->name);
    if (len > 0 && ai) cf_check_ai(&g, QP_AI_DEFAULT, st);
    cf_check_records(&g, st);

    st->games++;
    st->plies += len;
    free(mv);
    free(inc);
    free(hashes);
    free(snaps);
    qp_game_free(&g);
}

/* The copy without optional hooks plays through the framework. */
static void cf_minimal(const qp_ruleset *rs, uint64_t seed, int plies)
{
    cf_guard_install(rs, true);
    char err[QP_ERR];
    qp_rules *r = qp_rules_create(&G.outer, NULL, err, sizeof err);
    if (!r) fail_msg("%s without optional hooks: %s", rs->name, err);
    qp_game g;
    if (qp_game_init(&g, r, NULL, err, sizeof err)) fail_msg("%s without optional hooks: %s", rs->name, err);
    qp_move mv[QP_MAX_MOVES];
    for (int ply = 0; ply < plies; ply++) {
        qp_outcome o;
        qp_game_outcome(&g, &o);
        int n = G.outer.gen(r, g.cur, mv, QP_GEN_ALL);
        if (n == 0 || o.result != QP_ONGOING) break;
        qp_game_play(&g, mv[qp_splitmix64(&seed) % (uint64_t)n]);
        if (ply == 2) {
            qp_perft(r, g.cur, 2);
            uint64_t out[QP_MAX_MOVES];
            int k = G.outer.gen(r, g.cur, mv, QP_GEN_ALL);
            if (k && qp_perft_moves(r, g.cur, 2, QP_PERFT_STANDARD, mv, k, out, 2, err, sizeof err)) fail_msg("%s: %s", rs->name, err);
        }
    }
    char buf[QP_FEN_MAX];
    for (int i = 0; i < g.len; i++) {
        qp_game_move_text(&g, i, buf, sizeof buf);
        qp_game_move_notation(&g, i, buf, sizeof buf);
    }
    qp_game_fen(&g, buf, sizeof buf);
    if (qp_game_undo(&g)) qp_game_redo(&g);
    cf_stats st = {0};
    cf_check_ai(&g, QP_AI_DEFAULT, &st);
    size_t len;
    free(qp_record_text(&g, NULL, &len, err, sizeof err));
    cf_guard_assert_clean(r);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* ---- one ruleset ------------------------------------------------------------ */

static void test_conformance(void **state)
{
    const qp_ruleset *rs = cf_reg.rs[(intptr_t)*state];
    cf_guard_install(rs, false);
    char err[QP_ERR];
    qp_rules *r = qp_rules_create(&G.outer, NULL, err, sizeof err);
    if (!r) fail_msg("%s: %s", rs->name, err);
    int plies = CF_PLIES;
    if (r->max_game_plies > 0 && plies > r->max_game_plies) plies = r->max_game_plies;
    uint64_t seed = cf_fnv(rs->name);
    cf_fenmap *fm = calloc(1, sizeof *fm);
    cf_stats st = {0};
    for (int i = 0; i < CF_GAMES; i++) cf_game(r, seed + (uint64_t)i, plies, i == 0, fm, &st);
    cf_guard_assert_clean(r);
    free(fm);
    qp_rules_free(r);
    cf_minimal(rs, seed, 12);
    print_message("%s: %d games, %d plies, %d positions, %d moves: %d texts and %d notations parsed back, "
                  "%d make/unmake, %d FEN round trips (%d reached again), %d transpositions, %d perft divides, %d AI moves, "
                  "%d records read back; guarded hooks asked nothing illegal; without optional hooks: ok\n",
                  rs->name, st.games, st.plies, st.positions, st.moves, st.texts, st.notations, st.unmakes, st.fens,
                  st.again, st.transpositions, st.perfts, st.ais, st.records);
}

/* An argument picks the rulesets to check by cmocka's filter ("xiangqi",
 * "hk_*"). */
int main(int argc, char **argv)
{
    if (argc > 1) cmocka_set_test_filter(argv[1]);
    char err[4096];
    const char *scripts = getenv("QIPAN_SCRIPTS");
    qp_registry_init(&cf_reg, scripts && *scripts ? scripts : QP_SCRIPTS_DIR);
    qp_register_builtin(&cf_reg);
    if (qp_registry_load_games(&cf_reg, err, sizeof err), err[0]) fprintf(stderr, "lua games: %s\n", err);
    if (qp_registry_load_game_dir(&cf_reg, QP_TESTDATA_DIR "/games", err, sizeof err), err[0])
        fprintf(stderr, "test games: %s\n", err);
    if (qp_registry_load_plugin_dir(&cf_reg, QP_PLUGIN_DIR, err, sizeof err), err[0]) fprintf(stderr, "plugins: %s\n", err);
    struct CMUnitTest *tests = calloc((size_t)cf_reg.n, sizeof *tests);
    for (int i = 0; i < cf_reg.n; i++) {
        tests[i].name = cf_reg.rs[i]->name;
        tests[i].test_func = test_conformance;
        tests[i].initial_state = (void *)(intptr_t)i;
    }
    int rc = _cmocka_run_group_tests("conformance", tests, (size_t)cf_reg.n, NULL, NULL);
    free(tests);
    qp_registry_free(&cf_reg);
    return rc;
}
