/*
 * search.c — iterative deepening PVS over the ruleset hooks (see search.h).
 *
 * Node layout: S->pos[ply] is the position at ply.  With make/unmake the
 * children share their parent's buffer (undo records in S->undos);
 * otherwise each ply has its own buffer in S->states (copy-make).  A null
 * move always copies, since rulesets have no "unmake null".
 *
 * History: S->line holds the game's qp_hist entries up to the root
 * (index S->base) followed by one entry per ply of the current line, so
 * repetitions are found against the game and the line alike.  S->rev[i]
 * is the first index a position at i can repeat (after the last
 * irreversible move or null move).  A repetition inside the line scores
 * at once (a draw, or a loss for a perpetual checker); one reaching back
 * before the root only when the game's rule (qp_history_judge) ends the
 * game there.  Under superko (r->draw.superko) each entry also keeps its
 * board key: root moves that recreate a board of the game are dropped,
 * and a node whose board repeats one of the game or the line before it
 * was reached by an illegal move, which scores as a loss for its mover
 * (quiescence makes no such check).  A draw scores -contempt for the side the search plays
 * (the ruleset's ai.contempt parameter, 0 when it has none), +contempt
 * for the other.
 *
 * Pruning beyond alpha-beta follows the ruleset's capabilities, so a game
 * can switch off every inexact shortcut (r->caps = 0 makes the search an
 * exact fixed-depth alpha-beta with quiescence, which test_search checks):
 * QP_CAP_NULLMOVE allows null move and static null move (both assume
 * that moving is never worse than standing still); QP_CAP_LMR allows late
 * move reductions, futility, move-count and history pruning of quiet
 * moves, internal iterative reduction, singular extension with its
 * multi-cut, and skipping captures the see hook calls losing in
 * quiescence.  Late moves are reduced one ply more at expected cut
 * nodes (null-window nodes whose parent expects to fail low).  Both prune less where the side's static
 * eval is improving (higher than at its previous turn).
 *
 * QP_CAP_EVAL_CACHE (exact, no pruning) keeps static evals in a small
 * direct-mapped cache by hash.
 *
 * Eval correction (with the ruleset's eval_key, its ai.eval_correction
 * parameter on, and QP_CAP_LMR): per side to move and key, a running
 * mean of how far each node's search result lay from its raw static eval
 * (quiet best move, no mate, a bound on the telling side), weighted by
 * depth and capped at CORR_MAX; the static
 * eval the search prunes by and quiescence stands pat on adds it.  The
 * eval's steady errors in one structure of defenders and soldiers are
 * learnt within a game, which a fitted linear eval cannot do.
 *
 * Leaves: a node in check is extended; other leaves go to quiescence,
 * which first asks whether the position is decided when the ruleset
 * raised any status flag (a trapped general may have no legal move), so
 * traps and mates are seen at the depth they happen.  With
 * QP_CAP_QCHECKS its first ply also tries quiet checks (filtered by the
 * optional may_check hook) and searches each reply as an evasion; in the
 * main search a quiet check is never pruned and is reduced less.
 */
#include "search.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movepick.h"
#include "task.h"
#include "timeman.h"
#include "tt.h"

#define INF 32000
#define MAX_ITER (QP_MAX_PLY - 8)
#define STOP_CHECK_NODES 512
#define ASPIRATION 40
#define DEFAULT_HASH_MB 64
#define RFP_MARGIN 90
#define RFP_DEPTH 7
#define PRUNE_DEPTH 6        /* futility and move-count pruning of quiet moves */
#define FUTILITY_BASE 100
#define FUTILITY_MARGIN 90
#define LMP_BASE 4           /* quiet moves tried: (BASE + STEP * d^2) / (2 - improving) */
#define LMP_STEP 2
#define HIST_PRUNE_DEPTH 3
#define HIST_PRUNE 6000      /* quiets whose history sum is below -this * depth are skipped */
#define LMR_HISTORY_DIV 12000
#define CUT_RED 1            /* more reduction of late moves at expected cut nodes */
#define IIR_DEPTH 4
#define NULL_MIN_DEPTH 3
#define NULL_R 3             /* null-move reduction: NULL_R + depth / NULL_R_DIV + margin */
#define NULL_R_DIV 3
#define NULL_EVAL_DIV 200    /* one more ply of reduction per this much above beta */
#define NULL_STAT_SLACK 0
#define SE_DEPTH 8           /* singular extension: from this depth, ... */
#define SE_TT_SLACK 3        /* ... a table entry at most this much shallower, */
#define SE_MARGIN 2          /* ... and alternatives below tt score - this * depth */
#define NO_EVAL (-INF - 1)
#define CORR_SLOTS 16384     /* eval correction entries per side to move (power of two) */
#define CORR_GRAIN 256       /* an entry is centi-units times this */
#define CORR_MAX 64          /* the largest correction, centi-units */
#define CORR_RATE 256        /* an update moves an entry (depth + 1) / this of the way */
#define CORR_WEIGHT_MAX 16   /* ... at most this / CORR_RATE */
#define EVAL_CACHE_SLOTS ((size_t)1 << 16)   /* of 16 bytes: 1 MiB */

/* A static eval remembered by the position's full hash. */
typedef struct eval_slot {
    uint64_t key;
    int32_t eval;
} eval_slot;

typedef struct ply_moves {
    qp_move mv[QP_MAX_MOVES];
    int sc[QP_MAX_MOVES];
    uint8_t fl[QP_MAX_MOVES];
} ply_moves;

struct qp_search {
    const qp_rules *r;
    size_t ssz, usz;
    bool use_unmake;
    qp_tt tt;                        /* owned (the main search) */
    qp_tt *T;                        /* the table searched: &tt, or the main's */
    qp_order ord;
    /* Static evals by hash, direct-mapped: re-searches (iterative
     * deepening, PVS and reduction re-searches) and transpositions meet
     * the same positions again, and the ruleset's eval (a Lua hook, or a
     * full Xiangqi evaluation) costs far more than a lookup.  Allocated
     * by the first search of a ruleset with QP_CAP_EVAL_CACHE (NULL
     * before, or when that failed: evals are then not kept); cleared at
     * each search, as the rules' weights may have changed in between. */
    eval_slot *ecache;

    unsigned char *states;           /* QP_MAX_PLY + 1 positions */
    unsigned char *undos;            /* QP_MAX_PLY undo records */
    void *pos[QP_MAX_PLY + 1];
    ply_moves *pm;                   /* QP_MAX_PLY move lists */
    qp_move pv[QP_MAX_PLY + 1][QP_MAX_PLY + 1];
    int pvlen[QP_MAX_PLY + 1];
    int evals[QP_MAX_PLY + 1];       /* static eval by ply, NO_EVAL in check */
    qp_move played[QP_MAX_PLY + 1];  /* the move made at each ply, NONE for a pass */
    qp_move excluded[QP_MAX_PLY + 1];/* the move a singular search leaves out */
    unsigned child_flags[QP_MAX_PLY + 2];/* status flags + 1 a parent already computed, 0 if not */
    int root_depth;                  /* the iteration's depth */

    qp_hist *line;                   /* line_cap entries */
    int *rev;
    int line_cap, base;

    unsigned char *root;             /* untouched copy of the root position */
    qp_move root_mv[QP_MAX_MOVES];
    int root_bonus[QP_MAX_MOVES];
    int root_n;

    qp_search_limits lim;
    qp_timeman tm;
    int max_depth, noise;
    int root_side, contempt;         /* draws score -contempt for root_side */
    atomic_bool stop_req;
    bool stopped;
    uint64_t nodes, check_at;
    /* nodes as of the last check (every STOP_CHECK_NODES), for the main
     * search's info lines to sum over its helpers while they run. */
    _Atomic uint64_t nodes_seen;
    int seldepth;
    qp_move iter_best;
    qp_search_cb cb;
    void *ud;
    qp_search_info info;             /* the last completed iteration */
    uint8_t lmr[64][64];             /* reduction by depth and move number */
    /* Eval correction (with the ruleset's eval_key): by side to move and
     * key, a running mean of how far searches found the static eval off,
     * in CORR_GRAIN parts of a centi-unit.  Kept from move to move. */
    int32_t corr[2][CORR_SLOTS];
    /* Whether this search corrects static evals: the ruleset gives an
     * eval_key, its ai.eval_correction parameter is on, and it allows
     * inexact search (a corrected eval is not the game's eval).  Set by
     * iterate, since static_eval is too hot for a parameter lookup. */
    bool corr_on;

    qp_task task;                    /* the background search (qp_search_start) */

    /* Lazy SMP: helpers search the same root on threads of their own,
     * sharing the main search's table; only the main search answers. */
    int nhelpers;
    struct qp_search **helpers;
    int helper_id;                   /* 0: the main search; 1..: a helper */
};

/* Depth cap and root noise amplitude (centi-units) of levels 1..10. */
static const int level_depth[11] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 0};
static const int level_noise[11] = {0, 800, 400, 200, 90, 60, 40, 25, 15, 6, 0};

static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* ---- lifetime ---------------------------------------------------------- */

/* A main search owns a table of hash_mb MiB; a helper (shared != NULL)
 * searches the table shared. */
static qp_search *search_alloc(const qp_rules *r, size_t hash_mb, qp_tt *shared)
{
    qp_search *S = calloc(1, sizeof *S);
    if (S) qp_task_init(&S->task);
    if (!S) return NULL;
    S->r = r;
    S->ssz = r->state_size ? r->state_size : 1;
    S->usz = r->undo_size;
    S->use_unmake = r->rs->unmake != NULL && r->undo_size > 0;
    if (hash_mb == 0) {
        long long p = qp_param_int(&r->params, "ai.hash_mb");
        hash_mb = p > 0 ? (size_t)p : DEFAULT_HASH_MB;
    }
    S->states = malloc((QP_MAX_PLY + 1) * S->ssz);
    S->undos = S->use_unmake ? malloc(QP_MAX_PLY * S->usz) : NULL;
    S->root = malloc(S->ssz);
    S->pm = malloc(QP_MAX_PLY * sizeof *S->pm);
    if (!S->states || (S->use_unmake && !S->undos) || !S->root || !S->pm ||
        (!shared && qp_tt_init(&S->tt, hash_mb) != 0)) {
        qp_search_free(S);
        return NULL;
    }
    S->T = shared ? shared : &S->tt;
    qp_order_clear(&S->ord);
    for (int d = 1; d < 64; d++)
        for (int i = 1; i < 64; i++) S->lmr[d][i] = (uint8_t)(0.5 + log(d) * log(i) / 2.0);
    atomic_init(&S->stop_req, false);
    return S;
}

qp_search *qp_search_new(const qp_rules *r, size_t hash_mb)
{
    qp_search *S = search_alloc(r, hash_mb, NULL);
    long long t = qp_param_int(&r->params, "ai.threads");
    if (S && t > 1 && qp_search_set_threads(S, (int)t) != 0) {
        qp_search_free(S);
        return NULL;
    }
    return S;
}

static void free_helpers(qp_search *S)
{
    for (int i = 0; i < S->nhelpers; i++) qp_search_free(S->helpers[i]);
    free(S->helpers);
    S->helpers = NULL;
    S->nhelpers = 0;
}

int qp_search_set_threads(qp_search *S, int n)
{
    if (n < 1) n = 1;
    if (n > QP_MAX_THREADS) n = QP_MAX_THREADS;
    if (n - 1 == S->nhelpers) return 0;
    if (qp_task_live(&S->task)) {
        qp_search_stop(S);
        qp_search_wait(S, NULL);
    }
    free_helpers(S);
    if (n == 1) return 0;
    S->helpers = calloc((size_t)(n - 1), sizeof *S->helpers);
    if (!S->helpers) return -1;
    for (int i = 0; i < n - 1; i++) {
        qp_search *H = search_alloc(S->r, 0, &S->tt);
        if (!H) {
            free_helpers(S);
            return -1;
        }
        H->helper_id = i + 1;
        S->helpers[S->nhelpers++] = H;
    }
    return 0;
}

int qp_search_threads(const qp_search *S)
{
    return S->nhelpers + 1;
}

void qp_search_free(qp_search *S)
{
    if (!S) return;
    if (qp_task_live(&S->task)) {
        qp_search_stop(S);
        qp_search_wait(S, NULL);
    }
    free_helpers(S);
    if (S->T == &S->tt) qp_tt_free(&S->tt);
    free(S->states);
    free(S->undos);
    free(S->root);
    free(S->pm);
    free(S->ecache);
    free(S->line);
    free(S->rev);
    qp_task_destroy(&S->task);
    free(S);
}

bool qp_search_probe(const qp_search *S, const void *pos, qp_search_entry *out)
{
    const qp_tt_entry *te = qp_tt_probe(S->T, S->r->rs->hash(S->r, pos));
    if (!te) return false;
    qp_tt_bound b = qp_tt_entry_bound(te);
    out->move = te->move;
    out->score = qp_tt_score_out(te->score, 0);   /* pos is the root: node and root distances agree */
    out->depth = te->depth;
    out->lower = b == QP_TT_LOWER || b == QP_TT_EXACT;
    out->upper = b == QP_TT_UPPER || b == QP_TT_EXACT;
    return true;
}

void qp_search_clear(qp_search *S)
{
    qp_tt_clear(&S->tt);
    qp_order_clear(&S->ord);
    memset(S->corr, 0, sizeof S->corr);
    for (int i = 0; i < S->nhelpers; i++) {
        qp_order_clear(&S->helpers[i]->ord);
        memset(S->helpers[i]->corr, 0, sizeof S->helpers[i]->corr);
    }
}

/* ---- helpers ----------------------------------------------------------- */

static int clamp_eval(int v)
{
    if (v >= QP_SCORE_MATE_BOUND) return QP_SCORE_MATE_BOUND - 1;
    if (v <= -QP_SCORE_MATE_BOUND) return -QP_SCORE_MATE_BOUND + 1;
    return v;
}

/* Empties the eval cache: slot i holds key i ^ 1, which belongs to
 * another slot, so no lookup can match it. */
static void ecache_clear(qp_search *S)
{
    for (size_t i = 0; i < EVAL_CACHE_SLOTS; i++) S->ecache[i].key = i ^ 1;
}

/* The static eval of s, whose hash is key. */
static int evaluate(qp_search *S, const void *s, uint64_t key)
{
    if (!S->r->rs->evaluate) return 0;
    if (!S->ecache || !(S->r->caps & QP_CAP_EVAL_CACHE))
        return clamp_eval(S->r->rs->evaluate(S->r, s));
    eval_slot *e = &S->ecache[key & (EVAL_CACHE_SLOTS - 1)];
    if (e->key == key) return e->eval;
    int v = clamp_eval(S->r->rs->evaluate(S->r, s));
    e->key = key;
    e->eval = v;
    return v;
}

/* The static eval the search uses for s (hash key, side to move side):
 * the ruleset's, corrected by what searches of positions with the same
 * eval_key found when correction is on.  For the correction's update,
 * *raw gets the uncorrected eval and *ck the eval_key (0 when off);
 * either may be NULL. */
static int static_eval(qp_search *S, const void *s, uint64_t key, int side, int *raw, uint64_t *ck)
{
    int v = evaluate(S, s, key);
    bool on = S->corr_on;
    uint64_t k = on ? S->r->rs->eval_key(S->r, s) : 0;
    if (raw) *raw = v;
    if (ck) *ck = k;
    return on ? clamp_eval(v + S->corr[side & 1][k & (CORR_SLOTS - 1)] / CORR_GRAIN) : v;
}

/* A search of depth found the position's value off its raw static eval
 * by diff: the entry moves toward it, the more the deeper the search. */
static void corr_update(qp_search *S, int side, uint64_t ck, int depth, int diff)
{
    int32_t *e = &S->corr[side & 1][ck & (CORR_SLOTS - 1)];
    int w = depth + 1 < CORR_WEIGHT_MAX ? depth + 1 : CORR_WEIGHT_MAX;
    if (diff > CORR_MAX) diff = CORR_MAX;
    if (diff < -CORR_MAX) diff = -CORR_MAX;
    *e += (diff * CORR_GRAIN - *e) * w / CORR_RATE;
}

/* A draw for the side to move: worse than nothing for the side the search
 * plays (contempt), better for its opponent. */
static int draw_score(const qp_search *S, int side)
{
    return side == S->root_side ? -S->contempt : S->contempt;
}

static int outcome_score(const qp_search *S, const qp_outcome *o, int side, int ply)
{
    if (o->result == QP_WIN) return o->winner == side ? QP_SCORE_MATE - ply : -(QP_SCORE_MATE - ply);
    return o->result == QP_DRAW ? draw_score(S, side) : 0;
}

/* A position without legal moves: the ruleset says who won. */
static int terminal_score(const qp_search *S, const void *s, int ply)
{
    qp_outcome o = {QP_ONGOING, -1, NULL};
    S->r->rs->outcome(S->r, s, &o);
    return outcome_score(S, &o, S->r->rs->side_to_move(S->r, s), ply);
}

/* Counts a node and, every STOP_CHECK_NODES nodes, looks at the clock and
 * the stop flag. */
static bool poll_stop(qp_search *S)
{
    S->nodes++;
    if (S->stopped) return true;
    if (S->nodes >= S->check_at) {
        S->check_at = S->nodes + STOP_CHECK_NODES;
        atomic_store_explicit(&S->nodes_seen, S->nodes, memory_order_relaxed);
        if (atomic_load_explicit(&S->stop_req, memory_order_relaxed) ||
            (S->lim.nodes && S->nodes >= S->lim.nodes) ||
            (S->tm.hard_ms && qp_time_elapsed_ms(&S->tm) >= S->tm.hard_ms))
            S->stopped = true;
    }
    return S->stopped;
}

static void make_child(qp_search *S, int ply, qp_move m, uint8_t pick)
{
    const qp_rules *r = S->r;
    void *s = S->pos[ply];
    S->played[ply] = m;
    if (S->use_unmake) {
        r->rs->make(r, s, m, S->undos + (size_t)ply * S->usz);
        S->pos[ply + 1] = s;
    } else {
        void *c = S->states + (size_t)(ply + 1) * S->ssz;
        memcpy(c, s, S->ssz);
        r->rs->make(r, c, m, NULL);
        S->pos[ply + 1] = c;
    }
    int i = S->base + ply;
    S->line[i + 1].quiet_plies = (pick & (QP_PICK_CAPTURE | QP_PICK_RESET)) ? 0 : S->line[i].quiet_plies + 1;
    S->rev[i + 1] = (pick & QP_PICK_IRREV) ? i + 1 : S->rev[i];
}

static void unmake_child(qp_search *S, int ply, qp_move m)
{
    if (S->use_unmake) S->r->rs->unmake(S->r, S->pos[ply], m, S->undos + (size_t)ply * S->usz);
}

static void make_null_child(qp_search *S, int ply)
{
    void *c = S->states + (size_t)(ply + 1) * S->ssz;
    memcpy(c, S->pos[ply], S->ssz);
    S->played[ply] = QP_MOVE_NONE;
    S->r->rs->make_null(S->r, c);
    S->pos[ply + 1] = c;
    int i = S->base + ply;
    S->line[i + 1].quiet_plies = S->line[i].quiet_plies + 1;
    S->rev[i + 1] = i + 1;
}

static void update_pv(qp_search *S, int ply, qp_move m)
{
    S->pv[ply][0] = m;
    int n = S->pvlen[ply + 1];
    if (n > QP_MAX_PLY - 1) n = QP_MAX_PLY - 1;
    memcpy(&S->pv[ply][1], S->pv[ply + 1], (size_t)n * sizeof(qp_move));
    S->pvlen[ply] = n + 1;
}

/* A cycle inside the search line (positions j..idx equal): a draw, unless
 * one side checked with every move of the cycle and the other did not. */
static int cycle_score(const qp_search *S, int j, int idx, int ply)
{
    int me = S->line[idx].to_move;
    if (!S->r->draw.perpetual_check_loses) return draw_score(S, me);
    bool all[2] = {true, true}, moved[2] = {false, false};
    for (int k = j + 1; k <= idx; k++) {
        int mover = S->line[k - 1].to_move & 1;
        moved[mover] = true;
        if (!S->line[k].gave_check) all[mover] = false;
    }
    bool perp[2] = {all[0] && moved[0], all[1] && moved[1]};
    if (perp[me & 1] && !perp[!(me & 1)]) return -(QP_SCORE_MATE - ply);
    if (perp[!(me & 1)] && !perp[me & 1]) return QP_SCORE_MATE - ply;
    return draw_score(S, me);
}

/* Repetition against the search line (scored at once) or the game before
 * the root (scored when the game's own rules end the game there). */
static bool repetition(const qp_search *S, int ply, int *score)
{
    const qp_rules *r = S->r;
    int idx = S->base + ply;
    if (r->draw.repetitions <= 0) return false;
    uint64_t key = S->line[idx].hash;
    /* Nothing before the last capture or irreversible move can recur. */
    int lo = idx - S->line[idx].quiet_plies;
    if (lo < S->rev[idx]) lo = S->rev[idx];
    for (int j = idx - 2; j >= lo; j--) {
        if (S->line[j].hash != key) continue;
        if (j >= S->base) {
            *score = cycle_score(S, j, idx, ply);
            return true;
        }
        qp_outcome o = {QP_ONGOING, -1, NULL};
        qp_history_judge(r, S->line, idx, &o);
        if (o.result == QP_ONGOING) return false;
        *score = outcome_score(S, &o, S->line[idx].to_move, ply);
        return true;
    }
    return false;
}

/* ---- quiescence -------------------------------------------------------- */

/* Whether the side to move at ply + 1 is the one that moved at ply: then
 * the child's score is not negated (one-player games, extra turns). */
static bool same_mover(const qp_search *S, int ply, int mover)
{
    return S->r->rs->side_to_move(S->r, S->pos[ply + 1]) == mover;
}

/* Whether a table score with bound b settles a node searched with
 * (alpha, beta). */
static bool tt_settles(qp_tt_bound b, int score, int alpha, int beta)
{
    return b == QP_TT_EXACT || (b == QP_TT_LOWER && score >= beta) || (b == QP_TT_UPPER && score <= alpha);
}

/* The bound a node's result best is, searched with (alpha0, beta). */
static qp_tt_bound bound_of(int best, int alpha0, int beta)
{
    return best >= beta ? QP_TT_LOWER : best > alpha0 ? QP_TT_EXACT : QP_TT_UPPER;
}

/* What a quiescence node searches besides captures. */
enum {
    QS_PLAIN,   /* captures only, standing pat */
    QS_CHECKS,  /* the first ply: quiet checks too, after the captures */
    QS_EVADE    /* in check after such a check: every move, no standing pat */
};

static int qsearch(qp_search *S, int ply, int alpha, int beta, bool leaf, uint64_t key, int mode);

/* Searches the child of ply made by m (in mode), unmakes it and raises
 * best, alpha and best_move.  True when the node is done: a cutoff, or
 * the search was stopped. */
static bool qsearch_child(qp_search *S, int ply, int me, qp_move m, int mode, int *alpha, int beta,
                          int *best, qp_move *best_move)
{
    uint64_t ck = S->r->rs->hash(S->r, S->pos[ply + 1]);
    int v = same_mover(S, ply, me) ? qsearch(S, ply + 1, *alpha, beta, false, ck, mode)
                                   : -qsearch(S, ply + 1, -beta, -*alpha, false, ck, mode);
    unmake_child(S, ply, m);
    if (S->stopped) return true;
    if (v > *best) {
        *best = v;
        if (v > *alpha) {
            *alpha = v;
            *best_move = m;
            if (v >= beta) return true;
        }
    }
    return false;
}

/* Quiet moves that give check, tried after the captures on the first
 * quiescence ply: a check the horizon cuts off is where a mate or a fork
 * hides.  The reply is searched as an evasion (QS_EVADE).  best and
 * alpha come in and go out. */
static void qsearch_checks(qp_search *S, int ply, int *alpha, int beta, int *best,
                           qp_move *best_move)
{
    const qp_rules *r = S->r;
    const qp_ruleset *rs = r->rs;
    void *s = S->pos[ply];
    ply_moves *pm = &S->pm[ply];
    int n = rs->gen(r, s, pm->mv, QP_GEN_ALL);
    int me = rs->side_to_move(r, s);
    for (int i = 0; i < n; i++) {
        qp_move m = pm->mv[i];
        unsigned mf = rs->move_flags ? rs->move_flags(r, s, m) : 0;
        if ((mf & QP_MF_CAPTURE) || (rs->may_check && !rs->may_check(r, s, m))) continue;
        make_child(S, ply, m, (uint8_t)(((mf & QP_MF_IRREVERSIBLE) ? QP_PICK_IRREV : 0) |
                                        ((mf & QP_MF_RESETS_COUNTER) ? QP_PICK_RESET : 0)));
        if (!(rs->flags(r, S->pos[ply + 1]) & QP_FLAG_CHECK)) {
            unmake_child(S, ply, m);
            continue;
        }
        if (qsearch_child(S, ply, me, m, QS_EVADE, alpha, beta, best, best_move)) return;
    }
}

/* key: the position's hash (the caller often has it already). */
static int qsearch(qp_search *S, int ply, int alpha, int beta, bool leaf, uint64_t key, int mode)
{
    const qp_rules *r = S->r;
    const qp_ruleset *rs = r->rs;
    void *s = S->pos[ply];
    if (ply > S->seldepth) S->seldepth = ply;
    if (!leaf && poll_stop(S)) return 0;
    if (S->stopped) return 0;

    ply_moves *pm = &S->pm[ply];
    int n = -1;
    if (mode == QS_EVADE) {
        n = rs->gen(r, s, pm->mv, QP_GEN_ALL);
        if (n == 0) return terminal_score(S, s, ply);
    } else if (leaf) {
        /* A leaf of the main search may be decided (no legal move).  A
         * noisy move proves it is not, and is needed anyway; only without
         * one does the full list have to be generated. */
        n = rs->gen(r, s, pm->mv, QP_GEN_NOISY);
        if (n == 0 && rs->gen(r, s, pm->mv, QP_GEN_ANY) == 0) return terminal_score(S, s, ply);
    }
    /* The table answers capture sequences searched before.  Quiescence
     * results are stored at depth 0, so they never cut off the main
     * search, and never replace one of its entries. */
    const qp_tt_entry *te = qp_tt_probe(S->T, key);
    qp_move hash_move = QP_MOVE_NONE;
    if (te) {
        int ts = qp_tt_score_out(te->score, ply);
        if (tt_settles(qp_tt_entry_bound(te), ts, alpha, beta)) return ts;
        hash_move = te->move;
    }
    bool keep = !te || te->depth == 0;
    int alpha0 = alpha;
    int best = -INF;
    int me = rs->side_to_move(r, s);
    if (mode != QS_EVADE) {
        int stand = static_eval(S, s, key, me, NULL, NULL);
        if (ply >= QP_MAX_PLY - 2) return stand;
        if (stand >= beta) {
            if (keep) qp_tt_store(S->T, key, QP_MOVE_NONE, qp_tt_score_in(stand, ply), 0, QP_TT_LOWER);
            return stand;
        }
        if (stand > alpha) alpha = stand;
        best = stand;
        if (n < 0) n = rs->gen(r, s, pm->mv, QP_GEN_NOISY);
    } else if (ply >= QP_MAX_PLY - 2) {
        return evaluate(S, s, key);
    }

    qp_order_score(r, s, &S->ord, me, ply, hash_move, NULL, pm->mv, pm->sc, pm->fl, n);
    qp_move best_move = QP_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        qp_order_pick(pm->mv, pm->sc, pm->fl, n, i);
        /* Sorted last: the rest lose material too. */
        if (mode != QS_EVADE && (pm->fl[i] & QP_PICK_BAD) && (r->caps & QP_CAP_LMR)) break;
        qp_move m = pm->mv[i];
        make_child(S, ply, m, pm->fl[i]);
        if (qsearch_child(S, ply, me, m, QS_PLAIN, &alpha, beta, &best, &best_move)) break;
    }
    if (mode == QS_CHECKS && best < beta && !S->stopped)
        qsearch_checks(S, ply, &alpha, beta, &best, &best_move);
    if (S->stopped) return 0;
    if (keep) {
        qp_tt_store(S->T, key, best_move, qp_tt_score_in(best, ply), 0, bound_of(best, alpha0, beta));
    }
    return best;
}

/* ---- main search ------------------------------------------------------- */

static int search(qp_search *S, int depth, int ply, int alpha, int beta, bool pvnode, bool null_ok,
                  bool cut);

/* The child's score from the mover's view, window (alpha, beta). */
static int sub(qp_search *S, bool same, int depth, int ply, int alpha, int beta, bool pvnode,
               bool null_ok, bool cut)
{
    if (same) return search(S, depth, ply, alpha, beta, pvnode, null_ok, cut);
    return -search(S, depth, ply, -beta, -alpha, pvnode, null_ok, cut);
}

/* cut: a null-window node expected to fail high (its parent expects to
 * fail low on the move that led here, or it is a late move's reduced
 * search); such nodes reduce their late moves more. */
static int search(qp_search *S, int depth, int ply, int alpha, int beta, bool pvnode, bool null_ok,
                  bool cut)
{
    const qp_rules *r = S->r;
    const qp_ruleset *rs = r->rs;
    void *s = S->pos[ply];
    S->pvlen[ply] = 0;
    unsigned known = S->child_flags[ply];
    S->child_flags[ply] = 0;
    if (poll_stop(S)) return 0;
    if (ply > S->seldepth) S->seldepth = ply;

    int idx = S->base + ply;
    qp_hist *h = &S->line[idx];
    uint64_t key = rs->hash(r, s);
    /* The bucket arrives from memory while flags and repetition run. */
    qp_tt_prefetch(S->T, key);
    unsigned flags = known ? known - 1 : rs->flags ? rs->flags(r, s) : 0;
    bool in_check = flags & QP_FLAG_CHECK;
    h->hash = key;
    h->gave_check = in_check;
    h->to_move = rs->side_to_move(r, s);
    if (r->draw.superko) {
        h->board = qp_board_key(r, s);
        if (ply > 0 && qp_superko_repeats(S->line, idx - 1, h->board)) return QP_SCORE_MATE - ply;
    }

    int v;
    if (repetition(S, ply, &v)) return v;
    /* Mate-distance pruning: no line from here beats a mate already found
     * closer to the root. */
    if (alpha < -(QP_SCORE_MATE - ply)) alpha = -(QP_SCORE_MATE - ply);
    if (beta > QP_SCORE_MATE - ply - 1) beta = QP_SCORE_MATE - ply - 1;
    if (alpha >= beta) return alpha;
    if (ply >= QP_MAX_PLY - 2) return evaluate(S, s, key);

    if (in_check) depth++;
    /* Any other status flag (a trapped or leashed general, ...) makes a
     * leaf worth asking whether it is decided; so does every leaf of a game
     * where quiet moves end games. */
    if (depth <= 0)
        return qsearch(S, ply, alpha, beta, flags != 0 || (r->caps & QP_CAP_LEAF_CHECK), key,
                       rs->flags && (r->caps & QP_CAP_QCHECKS) ? QS_CHECKS : QS_PLAIN);

    /* A singular search (excl set) asks how the other moves do: the
     * table's answer for the whole node is not an answer to that. */
    qp_move excl = S->excluded[ply];
    qp_move hash_move = QP_MOVE_NONE;
    int tt_score = 0, tt_depth = 0;
    qp_tt_bound tt_bound = QP_TT_NONE;
    const qp_tt_entry *te = qp_tt_probe(S->T, key);
    if (te) {
        hash_move = te->move;
        tt_score = qp_tt_score_out(te->score, ply);
        tt_bound = qp_tt_entry_bound(te);
        tt_depth = te->depth;
        if (!pvnode && !excl && te->depth >= depth && tt_settles(tt_bound, tt_score, alpha, beta))
            return tt_score;
    }

    /* Static eval, remembered by ply: a side whose eval rose since its
     * previous move (two plies up in alternating games) is "improving",
     * and its quiet moves are pruned and reduced less. */
    int stat = NO_EVAL, eval = 0, raw = 0;
    uint64_t ck = 0;
    bool improving = false;
    if (!in_check) {
        stat = eval = static_eval(S, s, key, h->to_move, &raw, &ck);
        /* A table bound on the right side of the eval is a better guess. */
        if (tt_bound != QP_TT_NONE && !qp_score_is_mate(tt_score) &&
            (tt_bound == QP_TT_EXACT || (tt_bound == QP_TT_LOWER) == (tt_score > eval)))
            eval = tt_score;
        int prev = ply >= 2 ? S->evals[ply - 2] : NO_EVAL;
        if (prev == NO_EVAL && ply >= 4) prev = S->evals[ply - 4];
        improving = prev == NO_EVAL || stat > prev;
    }
    S->evals[ply] = stat;

    bool quiet_node = !pvnode && !in_check && !excl && beta < QP_SCORE_MATE_BOUND &&
                      alpha > -QP_SCORE_MATE_BOUND;

    /* Static null move: far above beta near the leaves, stand on it. */
    if (quiet_node && (r->caps & QP_CAP_NULLMOVE) && depth <= RFP_DEPTH &&
        eval - RFP_MARGIN * (depth - improving) >= beta && eval < QP_SCORE_MATE_BOUND)
        return eval;

    /* Null move: if passing still fails high, a real move will too.  Not
     * from a position with a status flag raised (a trapped general must
     * act: passing would hide that). */
    if (quiet_node && null_ok && depth >= NULL_MIN_DEPTH && (r->caps & QP_CAP_NULLMOVE) &&
        rs->make_null && eval >= beta && stat >= beta - NULL_STAT_SLACK && flags == 0) {
        /* Deeper nodes and a larger margin over beta afford a larger
         * reduction: a refutation found shallow is still one. */
        int over = (eval - beta) / NULL_EVAL_DIV;
        int R = NULL_R + depth / NULL_R_DIV + (over < 3 ? over : 3);
        if (R > depth - 1) R = depth - 1;
        make_null_child(S, ply);
        v = sub(S, same_mover(S, ply, h->to_move), depth - 1 - R, ply + 1, beta - 1, beta, false,
                false, !cut);
        if (S->stopped) return 0;
        if (v >= beta) return v >= QP_SCORE_MATE_BOUND ? beta : v;
    }

    /* No move from the table: this node was never searched (or was
     * overwritten); a shallower search is the cheap way to find one. */
    if (depth >= IIR_DEPTH && hash_move == QP_MOVE_NONE && (r->caps & QP_CAP_LMR)) depth--;

    /* Singular extension: when the table's move beats every other move
     * searched at half depth by a margin, it is the only move here and
     * gets one ply more.  When even the others reach beta, more than one
     * move refutes the parent's move and the node fails high at once
     * (multi-cut).  The extension stops at twice the iteration's depth. */
    int ext_hash = 0;
    if ((r->caps & QP_CAP_LMR) && !excl && ply > 0 && depth >= SE_DEPTH &&
        hash_move != QP_MOVE_NONE && tt_depth >= depth - SE_TT_SLACK &&
        (tt_bound == QP_TT_LOWER || tt_bound == QP_TT_EXACT) && !qp_score_is_mate(tt_score) &&
        ply < 2 * S->root_depth) {
        int sbeta = tt_score - SE_MARGIN * depth;
        S->excluded[ply] = hash_move;
        v = search(S, (depth - 1) / 2, ply, sbeta - 1, sbeta, false, false, cut);
        S->excluded[ply] = QP_MOVE_NONE;
        if (S->stopped) return 0;
        if (v < sbeta) ext_hash = 1;
        else if (!pvnode && sbeta >= beta) return sbeta;
    }

    ply_moves *pm = &S->pm[ply];
    int n = rs->gen(r, s, pm->mv, QP_GEN_ALL);
    if (n == 0) return terminal_score(S, s, ply);
    if (r->draw.no_capture_plies > 0 && h->quiet_plies >= r->draw.no_capture_plies)
        return draw_score(S, h->to_move);
    qp_move prev[2] = {ply > 0 ? S->played[ply - 1] : QP_MOVE_NONE,
                       ply > 1 ? S->played[ply - 2] : QP_MOVE_NONE};
    qp_order_score(r, s, &S->ord, h->to_move, ply, hash_move, prev, pm->mv, pm->sc, pm->fl, n);

    bool lmr = (r->caps & QP_CAP_LMR) && depth >= 3 && !in_check;
    /* Forward pruning of quiet moves that cannot lift a hopeless eval. */
    bool prune = quiet_node && (r->caps & QP_CAP_LMR) && depth <= PRUNE_DEPTH;
    bool futile = prune && eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
    int lmp = prune ? (LMP_BASE + LMP_STEP * depth * depth) / (2 - improving) : QP_MAX_MOVES;
    int best = -INF, alpha0 = alpha;
    qp_move best_move = QP_MOVE_NONE;
    bool best_capture = false;
    qp_move quiets[64], captures[32];
    int nquiet = 0, ncapture = 0;
    for (int i = 0; i < n; i++) {
        qp_order_pick(pm->mv, pm->sc, pm->fl, n, i);
        qp_move m = pm->mv[i];
        if (m == excl) continue;
        uint8_t fl = pm->fl[i];
        bool quiet = !(fl & QP_PICK_CAPTURE);
        bool plain = quiet && !(fl & (QP_PICK_KILLER | QP_PICK_HASH));
        bool prunable = i > 0 && plain && best > -QP_SCORE_MATE_BOUND &&
                        (futile || i >= lmp ||
                         (prune && depth <= HIST_PRUNE_DEPTH && pm->sc[i] < -HIST_PRUNE * depth));
        if (prunable && !rs->flags) continue;
        make_child(S, ply, m, fl);
        /* A quiet check is never pruned and is reduced less: the reply is
         * forced, so the line is narrower than the move count suggests.
         * The child's flags are handed down, not computed twice. */
        bool gives_check = false;
        if (rs->flags && (prunable || (lmr && i >= 2 && quiet))) {
            unsigned cf = rs->flags(r, S->pos[ply + 1]);
            gives_check = cf & QP_FLAG_CHECK;
            if (prunable && !gives_check) {
                unmake_child(S, ply, m);
                continue;
            }
            S->child_flags[ply + 1] = cf + 1;
        }
        bool same = same_mover(S, ply, h->to_move);
        if (i == 0) {
            v = sub(S, same, depth - 1 + (m == hash_move ? ext_hash : 0), ply + 1, alpha, beta,
                    pvnode, true, !pvnode && !cut);
        } else {
            int red = 0;
            if (lmr && i >= 2 && (quiet || (fl & QP_PICK_BAD)) && !(fl & QP_PICK_HASH)) {
                red = S->lmr[depth < 64 ? depth : 63][i < 64 ? i : 63] - pvnode + !improving;
                /* Killers refuted before; history says how often others did. */
                if (fl & QP_PICK_KILLER) red--;
                else if (quiet) red -= pm->sc[i] / LMR_HISTORY_DIV;
                if (gives_check) red--;
                if (cut) red += CUT_RED;
                if (red > depth - 2) red = depth - 2;
                if (red < 0) red = 0;
            }
            v = sub(S, same, depth - 1 - red, ply + 1, alpha, alpha + 1, false, true, true);
            if (red && v > alpha && !S->stopped)
                v = sub(S, same, depth - 1, ply + 1, alpha, alpha + 1, false, true, !cut);
            if (pvnode && v > alpha && v < beta && !S->stopped)
                v = sub(S, same, depth - 1, ply + 1, alpha, beta, true, true, false);
        }
        unmake_child(S, ply, m);
        if (S->stopped) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                best_capture = !quiet;
                if (pvnode) update_pv(S, ply, m);
                if (v >= beta) {
                    if (quiet)
                        qp_order_cutoff(&S->ord, h->to_move, ply, depth, m, prev, quiets, nquiet);
                    qp_order_capture_cutoff(&S->ord, h->to_move, depth, quiet ? QP_MOVE_NONE : m,
                                            captures, ncapture);
                    break;
                }
            }
        }
        if (quiet && nquiet < 64) quiets[nquiet++] = m;
        if (!quiet && ncapture < 32) captures[ncapture++] = m;
    }
    if (excl) return best == -INF ? alpha0 : best;
    qp_tt_bound bound = bound_of(best, alpha0, beta);
    qp_tt_store(S->T, key, best_move, qp_tt_score_in(best, ply), depth, bound);
    /* What the search found teaches the eval correction, when it is a
     * positional verdict (no capture decided it, no mate) and the bound
     * says which side of the eval the value lies on. */
    if (S->corr_on && !in_check && !qp_score_is_mate(best) && !best_capture &&
        !(bound == QP_TT_LOWER && best <= stat) && !(bound == QP_TT_UPPER && best >= stat))
        corr_update(S, h->to_move, ck, depth, best - raw);
    return best;
}

/* The root: every root move, with the level's noise added to its score.
 * The root list is reordered so the current best move comes first. */
static int search_root(qp_search *S, int depth, int alpha, int beta)
{
    const qp_rules *r = S->r;
    const qp_ruleset *rs = r->rs;
    void *s = S->pos[0];
    S->pvlen[0] = 0;
    if (S->line[S->base].gave_check) depth++;
    int best = -INF, alpha0 = alpha;
    qp_move best_move = QP_MOVE_NONE;
    for (int i = 0; i < S->root_n; i++) {
        qp_move m = S->root_mv[i];
        int b = S->root_bonus[i];
        uint8_t fl = 0;
        unsigned mf = rs->move_flags ? rs->move_flags(r, s, m) : 0;
        if (mf & QP_MF_CAPTURE) fl |= QP_PICK_CAPTURE;
        if (mf & QP_MF_IRREVERSIBLE) fl |= QP_PICK_IRREV;
        if (mf & QP_MF_RESETS_COUNTER) fl |= QP_PICK_RESET;
        make_child(S, 0, m, fl);
        bool same = same_mover(S, 0, S->line[S->base].to_move);
        int raw;
        if (i == 0) {
            raw = sub(S, same, depth - 1, 1, alpha - b, beta - b, true, true, false);
        } else {
            raw = sub(S, same, depth - 1, 1, alpha - b, alpha - b + 1, false, true, true);
            if (raw + b > alpha && raw + b < beta && !S->stopped)
                raw = sub(S, same, depth - 1, 1, alpha - b, beta - b, true, true, false);
        }
        unmake_child(S, 0, m);
        if (S->stopped) break;
        int v = (raw >= QP_SCORE_MATE_BOUND || raw <= -QP_SCORE_MATE_BOUND) ? raw : raw + b;
        if (v > best) best = v;
        if (v > alpha) {
            alpha = v;
            best_move = m;
            S->iter_best = m;
            update_pv(S, 0, m);
            /* Bring it to the front, keeping the others' order. */
            memmove(&S->root_mv[1], &S->root_mv[0], (size_t)i * sizeof(qp_move));
            memmove(&S->root_bonus[1], &S->root_bonus[0], (size_t)i * sizeof(int));
            S->root_mv[0] = m;
            S->root_bonus[0] = b;
            if (v >= beta) break;
        }
    }
    if (!S->stopped) {
        qp_tt_store(S->T, S->line[S->base].hash, best_move, qp_tt_score_in(best, 0), depth,
                    bound_of(best, alpha0, beta));
    }
    return best;
}

/* ---- iterative deepening ----------------------------------------------- */

/* The nodes of this search and of its running helpers: GUIs read an
 * info line's nodes and nps as the total of all threads.  A helper's
 * count is the one of its last check, at most STOP_CHECK_NODES behind. */
static uint64_t all_nodes(qp_search *S)
{
    uint64_t n = S->nodes;
    for (int i = 0; i < S->nhelpers; i++)
        n += atomic_load_explicit(&S->helpers[i]->nodes_seen, memory_order_relaxed);
    return n;
}

static void fill_info(qp_search *S, int depth, int score, qp_move best)
{
    qp_search_info *in = &S->info;
    int64_t us = qp_now_us() - S->tm.start_us;
    uint64_t nodes = all_nodes(S);
    in->depth = depth;
    in->seldepth = S->seldepth;
    in->score = score;
    in->nodes = nodes;
    in->time_ms = (int)(us / 1000);
    in->nps = us > 0 ? (uint64_t)((double)nodes * 1e6 / (double)us) : 0;
    int n = S->pvlen[0] < QP_MAX_PV ? S->pvlen[0] : QP_MAX_PV;
    if (n == 0 || S->pv[0][0] != best) {
        in->pv[0] = best;
        n = best != QP_MOVE_NONE;
    } else {
        memcpy(in->pv, S->pv[0], (size_t)n * sizeof(qp_move));
    }
    in->pvlen = n;
    in->best = best;
}

static void publish(qp_search *S)
{
    qp_task_publish(&S->task, &S->info);
}

static void iterate(qp_search *S);

/* The job of a search's task: the main search or a helper. */
static void search_job(void *arg)
{
    iterate(arg);
}

/* Gives each helper the root, its history and untimed limits, and starts
 * it; a helper that cannot start is skipped (the search stays correct). */
static void start_helpers(qp_search *S)
{
    for (int i = 0; i < S->nhelpers; i++) {
        qp_search *H = S->helpers[i];
        atomic_store(&H->nodes_seen, 0);   /* not the last search's count */
        if (S->line_cap > H->line_cap) {
            qp_hist *nl = realloc(H->line, (size_t)S->line_cap * sizeof *nl);
            if (nl) H->line = nl;
            int *nr = realloc(H->rev, (size_t)S->line_cap * sizeof *nr);
            if (nr) H->rev = nr;
            if (!nl || !nr) continue;
            H->line_cap = S->line_cap;
        }
        H->base = S->base;
        memcpy(H->line, S->line, (size_t)(S->base + 1) * sizeof *H->line);
        memcpy(H->rev, S->rev, (size_t)(S->base + 1) * sizeof *H->rev);
        memcpy(H->root, S->root, S->ssz);
        H->lim = S->lim;
        H->lim.movetime_ms = H->lim.wtime = H->lim.btime = 0;
        H->lim.nodes = 0;
        H->lim.depth = S->max_depth;
        H->cb = NULL;
        atomic_store(&H->stop_req, false);
        qp_task_start(&H->task, search_job, H);   /* a helper that cannot start is left out */
    }
}

static void stop_helpers(qp_search *S)
{
    for (int i = 0; i < S->nhelpers; i++) atomic_store(&S->helpers[i]->stop_req, true);
    for (int i = 0; i < S->nhelpers; i++) {
        qp_search *H = S->helpers[i];
        if (!qp_task_live(&H->task)) continue;
        qp_task_join(&H->task);
        S->nodes += H->nodes;
    }
}

static void iterate(qp_search *S)
{
    const qp_rules *r = S->r;
    const qp_ruleset *rs = r->rs;
    memset(&S->info, 0, sizeof S->info);
    S->stopped = false;
    S->nodes = 0;
    S->check_at = STOP_CHECK_NODES;
    if (S->helper_id == 0) qp_tt_new_search(&S->tt);
    if (S->r->caps & QP_CAP_EVAL_CACHE) {
        if (!S->ecache) S->ecache = malloc(EVAL_CACHE_SLOTS * sizeof *S->ecache);
        if (S->ecache) ecache_clear(S);
    }
    qp_order_age(&S->ord);

    int side = rs->side_to_move(r, S->root);
    S->root_side = side;
    S->contempt = (int)qp_param_int(&r->params, "ai.contempt");
    S->corr_on =
        rs->eval_key && (r->caps & QP_CAP_LMR) && qp_param_bool(&r->params, "ai.eval_correction");
    qp_time_init(&S->tm, &S->lim, side);
    int level = S->lim.level >= 1 && S->lim.level <= 10 ? S->lim.level : 10;
    S->max_depth = S->lim.depth > 0 && S->lim.depth < MAX_ITER ? S->lim.depth : MAX_ITER;
    if (level_depth[level] && level_depth[level] < S->max_depth) S->max_depth = level_depth[level];
    S->noise = level_noise[level];
    bool timed = S->lim.movetime_ms > 0 || S->tm.hard_ms > 0;

    /* Root position and its history entry. */
    memcpy(S->states, S->root, S->ssz);
    S->pos[0] = S->states;
    qp_hist *h0 = &S->line[S->base];
    h0->hash = rs->hash(r, S->root);
    h0->to_move = side;
    h0->gave_check = rs->flags && (rs->flags(r, S->root) & QP_FLAG_CHECK);
    h0->board = qp_board_key(r, S->root);
    S->evals[0] = h0->gave_check ? NO_EVAL : static_eval(S, S->root, h0->hash, side, NULL, NULL);

    S->root_n = rs->gen(r, S->root, S->root_mv, QP_GEN_ALL);
    if (r->draw.superko) {   /* moves the game layer refuses are no root moves */
        int k = 0;
        void *c = S->states + S->ssz;
        for (int i = 0; i < S->root_n; i++) {
            memcpy(c, S->root, S->ssz);
            rs->make(r, c, S->root_mv[i], NULL);
            if (!qp_superko_repeats(S->line, S->base, qp_board_key(r, c))) S->root_mv[k++] = S->root_mv[i];
        }
        S->root_n = k;
    }
    if (S->root_n == 0) {
        S->info.score = terminal_score(S, S->root, 0);
        S->info.best = QP_MOVE_NONE;
        S->info.done = true;
        if (S->helper_id == 0) publish(S);
        return;
    }
    const qp_tt_entry *te = qp_tt_probe(S->T, h0->hash);
    int *sc = S->pm[0].sc;
    uint8_t *fl = S->pm[0].fl;
    qp_order_score(r, S->root, &S->ord, side, 0, te ? te->move : QP_MOVE_NONE, NULL, S->root_mv, sc, fl,
                   S->root_n);
    for (int i = 0; i < S->root_n; i++) qp_order_pick(S->root_mv, sc, fl, S->root_n, i);
    for (int i = 0; i < S->root_n; i++)
        S->root_bonus[i] =
            S->noise ? (int)(mix64(S->lim.seed ^ mix64(S->root_mv[i])) % (uint64_t)(S->noise + 1)) : 0;

    qp_move best = S->root_mv[0];
    int score = 0;
    start_helpers(S);
    /* Odd helpers search one ply deeper than the iteration: the threads
     * spread over two depths and fill the table for each other. */
    int skew = S->helper_id & 1;
    for (int d = 1 + skew; d <= S->max_depth; d++) {
        S->iter_best = QP_MOVE_NONE;
        S->seldepth = 0;
        S->root_depth = d;
        int w = ASPIRATION, lo = -INF, hi = INF, v;
        if (d >= 5 && score > -QP_SCORE_MATE_BOUND && score < QP_SCORE_MATE_BOUND) {
            lo = score - w;
            hi = score + w;
        }
        for (;;) {
            v = search_root(S, d, lo, hi);
            if (S->stopped) break;
            if (v <= lo && lo > -INF) {
                lo = v - w > -INF ? v - w : -INF;
                w *= 2;
            } else if (v >= hi && hi < INF) {
                hi = v + w < INF ? v + w : INF;
                w *= 2;
            } else {
                break;
            }
        }
        if (S->stopped) {
            /* A move that beat the previous best in the unfinished
             * iteration was searched with a full window: trust it. */
            if (S->iter_best != QP_MOVE_NONE) best = S->iter_best;
            if (S->info.depth == 0) fill_info(S, 0, 0, best);
            break;
        }
        bool changed = d > 1 + skew && S->root_mv[0] != best;
        int drop = d > 1 + skew ? score - v : 0;
        best = S->root_mv[0];
        score = v;
        int shown = score;
        if (shown < QP_SCORE_MATE_BOUND && shown > -QP_SCORE_MATE_BOUND) shown -= S->root_bonus[0];
        fill_info(S, d, shown, best);
        if (S->helper_id) continue;
        publish(S);
        if (S->cb) S->cb(&S->info, S->ud);
        if (timed) {
            if (!qp_time_more(&S->tm, qp_time_elapsed_ms(&S->tm), changed, drop)) break;
            if (S->root_n == 1) break;
            if (qp_score_is_mate(score) && d >= abs(qp_score_mate_plies(score)) + 2) break;
        }
    }
    if (S->helper_id) {
        atomic_store_explicit(&S->nodes_seen, S->nodes, memory_order_relaxed);
        return;
    }
    stop_helpers(S);
    S->info.best = best;
    if (S->info.pvlen == 0 || S->info.pv[0] != best) {
        S->info.pv[0] = best;
        S->info.pvlen = 1;
    }
    int64_t us = qp_now_us() - S->tm.start_us;
    S->info.nodes = S->nodes;
    S->info.time_ms = (int)(us / 1000);
    S->info.nps = us > 0 ? (uint64_t)((double)S->nodes * 1e6 / (double)us) : 0;
    S->info.done = true;
    publish(S);
}

/* Copies what the search needs from g: the position and its history. */
static int prepare(qp_search *S, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                   void *ud)
{
    const qp_rules *r = S->r;
    static const qp_search_limits none = {0};
    S->lim = lim ? *lim : none;
    S->cb = cb;
    S->ud = ud;
    atomic_store(&S->stop_req, false);
    int need = g->cursor + QP_MAX_PLY + 4;
    if (need > S->line_cap) {
        qp_hist *nl = realloc(S->line, (size_t)need * sizeof *nl);
        if (!nl) return -1;
        S->line = nl;
        int *nr = realloc(S->rev, (size_t)need * sizeof *nr);
        if (!nr) return -1;
        S->rev = nr;
        S->line_cap = need;
    }
    S->base = g->cursor;
    memcpy(S->line, g->hist, (size_t)(g->cursor + 1) * sizeof *S->line);
    /* Irreversible moves are not in the game's history: replay to find them. */
    void *a = S->states, *b = S->states + S->ssz;
    memcpy(a, g->start, S->ssz);
    S->rev[0] = 0;
    for (int i = 0; i < g->cursor; i++) {
        unsigned mf = r->rs->move_flags ? r->rs->move_flags(r, a, g->rec[i]) : 0;
        memcpy(b, a, S->ssz);
        r->rs->make(r, b, g->rec[i], NULL);
        void *t = a;
        a = b;
        b = t;
        S->rev[i + 1] = (mf & QP_MF_IRREVERSIBLE) ? i + 1 : S->rev[i];
    }
    memcpy(S->root, g->cur, S->ssz);
    return 0;
}

qp_move qp_search_run(qp_search *S, const qp_game *g, const qp_search_limits *lim,
                      qp_search_cb cb, void *ud, qp_search_info *out)
{
    if (prepare(S, g, lim, cb, ud) != 0) {
        if (out) memset(out, 0, sizeof *out);
        return QP_MOVE_NONE;
    }
    iterate(S);
    if (out) *out = S->info;
    return S->info.best;
}

/* ---- threads ----------------------------------------------------------- */

int qp_search_start(qp_search *S, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                    void *ud)
{
    if (qp_task_live(&S->task)) {
        qp_search_stop(S);
        qp_search_wait(S, NULL);
    }
    if (prepare(S, g, lim, cb, ud) != 0) return -1;
    return qp_task_start(&S->task, search_job, S);
}

void qp_search_stop(qp_search *S)
{
    atomic_store(&S->stop_req, true);
}

bool qp_search_poll(qp_search *S, qp_search_info *out)
{
    return qp_task_poll(&S->task, out);
}

qp_move qp_search_wait(qp_search *S, qp_search_info *out)
{
    qp_task_join(&S->task);
    if (out) *out = S->info;
    return S->info.best;
}

bool qp_search_running(const qp_search *S)
{
    return qp_task_running(&S->task);
}

/* ---- scores, levels, text ---------------------------------------------- */

bool qp_score_is_mate(int score)
{
    return score >= QP_SCORE_MATE_BOUND || score <= -QP_SCORE_MATE_BOUND;
}

int qp_score_mate_plies(int score)
{
    if (score >= QP_SCORE_MATE_BOUND) return QP_SCORE_MATE - score;
    if (score <= -QP_SCORE_MATE_BOUND) return -(QP_SCORE_MATE + score);
    return 0;
}

int qp_level_parse(const qp_params *p, const char *text)
{
    if (!text || !*text) return -1;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end == 0) return v >= 1 && v <= 10 ? (int)v : -1;
    long long m;
    if (p && qp_param_map_get(p, "ai.levels", text, &m) == 0 && m >= 1 && m <= 10) return (int)m;
    return -1;
}

int64_t qp_level_time_ms(int64_t base_ms, int level)
{
    if (level < 1 || level > 10) level = 10;
    int64_t ms = base_ms >> (10 - level);
    return ms < QP_LEVEL_MIN_MS ? QP_LEVEL_MIN_MS : ms;
}

void qp_search_info_text(const qp_rules *r, const void *root, const qp_search_info *info,
                         char *buf, size_t n)
{
    size_t k = 0;
    int w;
#define PUT(...)                                                     \
    do {                                                             \
        w = snprintf(buf + k, k < n ? n - k : 0, __VA_ARGS__);       \
        if (w > 0) k += (size_t)w;                                   \
    } while (0)
    if (n == 0) return;
    buf[0] = 0;
    PUT("info depth %d seldepth %d ", info->depth, info->seldepth);
    if (qp_score_is_mate(info->score)) {
        int p = qp_score_mate_plies(info->score);
        PUT("score mate %d", p > 0 ? (p + 1) / 2 : -((-p + 1) / 2));
    } else {
        PUT("score cp %d", info->score);
    }
    PUT(" nodes %llu nps %llu time %d pv", (unsigned long long)info->nodes,
        (unsigned long long)info->nps, info->time_ms);
    void *s = malloc(r->state_size ? r->state_size : 1);
    if (s) {
        memcpy(s, root, r->state_size);
        for (int i = 0; i < info->pvlen && k + QP_MOVE_TEXT + 2 < n; i++) {
            if (!qp_move_is_legal(r, s, info->pv[i])) break;
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, s, info->pv[i], t, sizeof t);
            PUT(" %s", t);
            r->rs->make(r, s, info->pv[i], NULL);
        }
        free(s);
    }
#undef PUT
}
