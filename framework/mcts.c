/*
 * mcts.c — UCT with random playouts and proven nodes (see mcts.h).
 *
 * The tree is a pool of nodes; a node's children are contiguous in the
 * pool (allocated together when it is expanded), so a node stores its
 * first child and their count.  Positions are not stored: each iteration
 * replays the selected moves from the root by copy-make.
 *
 * Values: a node's `halves` count the rewards (in half points: a reward
 * is 0, 1/2 or 1, so the sums are exact) of the side that made the move
 * into it (`who`), so a parent picks among its children by their own
 * win rates.  A proof is a node's exact value for `who` (loss, draw or
 * win); a parent is proven when one child wins for the side to move, or
 * when all its children are proven (then the best of them counts).
 *
 * AMAF/RAVE (options.rave): each child also counts the rewards of the
 * iterations in which its mover played its move later on, anywhere below
 * its parent (in the tree or the playout); `amaf` holds, per iteration,
 * the first ply at which each side played each move (moves are compared
 * by their encoding, so a placement is "the same move" wherever it is
 * played).  Selection mixes the two means, the AMAF one weighing less as
 * the child's own visits grow (Gelly & Silver's β with equivalence
 * RAVE_K).
 *
 * Tree reuse (options.reuse): the root is pool[root_idx]; a search whose
 * position follows the previous root by the game's last one or two moves
 * starts from that subtree, its statistics kept.  Nodes outside it are
 * not reclaimed, so reuse stops (the pool starts over) once half of the
 * pool is used.
 *
 * Playout policy (r->playout & QP_PLAYOUT_AVOID_OWN_EYES): a playout
 * picks uniformly among the placements that do not fill a single-point
 * eye of the mover (an empty point whose orthogonal neighbours are all the
 * mover's, with at most one enemy diagonal, none on the edge); a move that
 * places on no point (a pass) only when no other is left.  The tree does
 * not try such fills either, unless they are all there is.  With
 * options.atari a playout first asks the game for its urgent answers to
 * the move just played (a capture, an escape from atari) and plays one
 * of those that are legal, chosen uniformly.  A game with the
 * playout_move hook makes the same choice itself, without generating
 * every move (Go: random empty points tried until one is legal).
 *
 * Superko (r->draw.superko): `boards` holds the board keys of the game up
 * to the root, then of the selected path; a child whose board repeats one
 * of them (qp_superko_repeats) is an illegal move, made a proven loss for
 * its mover so that it is never selected.  Random playouts do not check
 * it: they end by the game's own rules or the ply cap.
 */
#include "mcts.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "eye.h"
#include "splitmix.h"
#include "task.h"
#include "timeman.h"

#define DEFAULT_MEM_MB 64
#define MIN_NODES 1024
#define DEFAULT_PLAYOUT_CAP 200
#define UCT_C 0.8
#define FIRST_INFO 128        /* iterations before the first info line */
#define TIME_CHECK_MASK 7     /* check the clock every 8 iterations */
#define NO_NODE UINT32_MAX
#define MAX_PATH 1024         /* superko: tree depth whose boards are kept */
#define RAVE_K 1000.0         /* visits at which a child's own mean and AMAF weigh alike */
#define UCT_C_RAVE 0.2        /* exploration when AMAF guides the choice */
#define RAVE_FPU 1.1          /* an untried child without AMAF is tried first */
#define AMAF_SLOTS 4096       /* hash of (move, side) per iteration; power of two */
#define PRIOR_EVEN 10         /* priors: virtual visits at an even result for every new child */
#define PRIOR_STEP 10         /* and per step of the game's opinion, won (good) or lost (poor) */

enum { PR_NONE, PR_LOSS, PR_DRAW, PR_WIN };

typedef struct node {
    qp_move move;         /* the move into this node */
    uint32_t parent;
    uint32_t child;       /* first child; valid when nchild > 0 */
    uint16_t nchild;
    int8_t who;           /* side that played move */
    uint8_t proof;        /* PR_*, for who */
    uint8_t expanded;     /* children made, or known terminal */
    uint8_t prior;        /* virtual visits the game's priors gave it (in visits too) */
    uint32_t visits;
    uint32_t halves;      /* twice the rewards of who */
    uint32_t amaf_visits; /* iterations in which who played move below the parent */
    uint32_t amaf_halves; /* twice the rewards of who in those */
} node;

/* One (move, side) of the current iteration: the first ply (from the
 * root) at which side played move; a slot is live when stamp matches. */
typedef struct amaf_slot {
    qp_move move;
    uint32_t stamp;
    int16_t side;
    int16_t ply;
} amaf_slot;

struct qp_mcts {
    const qp_rules *r;
    size_t ssz;
    node *pool;
    uint32_t cap, used;
    uint32_t root_idx;    /* the root of this search (tree reuse) */
    qp_move root_last;    /* the game's last move before the root, QP_MOVE_NONE */
    qp_mcts_options opt;
    unsigned char *root, *cur, *tmp;
    amaf_slot *amaf;      /* AMAF_SLOTS */
    uint32_t amaf_stamp;
    int amaf_used;
    qp_move *mv;          /* QP_MAX_MOVES */
    int max_seldepth;
    uint64_t rng;

    qp_search_limits lim;
    qp_timeman tm;
    int64_t deadline_ms;
    uint64_t max_iter;
    qp_search_cb cb;
    void *ud;
    atomic_bool stop_req;
    qp_search_info info;

    qp_task task;          /* the background search (qp_mcts_start) */

    /* superko: the game's boards (nhist) then the path's (npath in all) */
    qp_hist *boards;
    int nhist, npath, boards_cap;
};

/* ---- lifetime ---------------------------------------------------------- */

qp_mcts *qp_mcts_new(const qp_rules *r, size_t mem_mb)
{
    qp_mcts *M = calloc(1, sizeof *M);
    if (!M) return NULL;
    qp_task_init(&M->task);
    M->r = r;
    M->ssz = r->state_size ? r->state_size : 1;
    if (mem_mb == 0) {
        long long p = qp_param_int(&r->params, "ai.hash_mb");
        mem_mb = p > 0 ? (size_t)p : DEFAULT_MEM_MB;
    }
    size_t n = mem_mb * 1024 * 1024 / sizeof(node);
    if (n < MIN_NODES) n = MIN_NODES;
    if (n > UINT32_MAX - QP_MAX_MOVES) n = UINT32_MAX - QP_MAX_MOVES;
    M->cap = (uint32_t)n;
    M->pool = malloc((size_t)M->cap * sizeof *M->pool);
    M->root = malloc(M->ssz);
    M->cur = malloc(M->ssz);
    M->tmp = malloc(M->ssz);
    M->mv = malloc(QP_MAX_MOVES * sizeof *M->mv);
    M->amaf = calloc(AMAF_SLOTS, sizeof *M->amaf);
    if (!M->pool || !M->root || !M->cur || !M->tmp || !M->mv || !M->amaf) {
        qp_mcts_free(M);
        return NULL;
    }
    atomic_init(&M->stop_req, false);
    M->opt.rave = (r->playout & QP_PLAYOUT_RAVE) != 0;
    M->opt.reuse = false;   /* no gain shown at fixed playouts (Go 9x9: 11-0-9 in 20 games) */
    M->opt.avoid_own_eyes = (r->playout & QP_PLAYOUT_AVOID_OWN_EYES) != 0;
    M->opt.atari = (r->playout & QP_PLAYOUT_ATARI) && r->rs->playout_urgent;
    M->opt.patterns = (r->playout & QP_PLAYOUT_PATTERNS) && r->rs->playout_move;
    M->opt.priors = (r->playout & QP_PLAYOUT_PRIORS) && r->rs->move_priors;
    return M;
}

void qp_mcts_free(qp_mcts *M)
{
    if (!M) return;
    if (qp_task_live(&M->task)) {
        qp_mcts_stop(M);
        qp_mcts_wait(M, NULL);
    }
    qp_task_destroy(&M->task);
    free(M->pool);
    free(M->root);
    free(M->cur);
    free(M->tmp);
    free(M->mv);
    free(M->amaf);
    free(M->boards);
    free(M);
}

void qp_mcts_clear(qp_mcts *M)
{
    M->used = 0;   /* no tree: the next search starts afresh */
}

void qp_mcts_get_options(const qp_mcts *M, qp_mcts_options *o)
{
    *o = M->opt;
}

uint64_t qp_mcts_root_visits(const qp_mcts *M)
{
    return M->used ? M->pool[M->root_idx].visits : 0;
}

void qp_mcts_set_options(qp_mcts *M, const qp_mcts_options *o)
{
    M->opt = *o;
    M->opt.atari = o->atari && M->r->rs->playout_urgent;   /* nothing to ask without the hook */
    M->opt.patterns = o->patterns && (M->r->playout & QP_PLAYOUT_PATTERNS) && M->r->rs->playout_move;
    M->opt.priors = o->priors && M->r->rs->move_priors;
    M->used = 0;
}

uint64_t qp_mcts_level_playouts(int level)
{
    if (level < 1 || level >= 10) return 0;
    return (uint64_t)100 << (level - 1);
}

/* ---- the tree ---------------------------------------------------------- */

static uint32_t rnd(qp_mcts *M, uint32_t n)
{
    return (uint32_t)(((qp_splitmix64(&M->rng) >> 32) * (uint64_t)n) >> 32);
}

/* Rewards of both sides for an outcome. */
static void rewards(const qp_rules *r, const qp_outcome *o, float rw[2])
{
    if (o->result == QP_WIN && o->winner >= 0 && o->winner < 2) {
        rw[o->winner] = 1.0f;
        rw[1 - o->winner] = 0.0f;
    } else if (r->nsides == 1) {
        rw[0] = 0.0f;   /* a puzzle that is not solved has failed */
        rw[1] = 1.0f;
    } else {
        rw[0] = rw[1] = 0.5f;
    }
}

static uint8_t proof_of(float reward)
{
    return reward > 0.75f ? PR_WIN : reward < 0.25f ? PR_LOSS : PR_DRAW;
}

/* A proof for side `who` as seen by side `to` (zero-sum for two sides). */
static uint8_t proof_for(const qp_rules *r, uint8_t p, int who, int to)
{
    if (who == to || r->nsides == 1 || p == PR_DRAW || p == PR_NONE) return p;
    return p == PR_WIN ? PR_LOSS : PR_WIN;
}

static void rewards_of_proof(const node *n, float rw[2])
{
    float v = n->proof == PR_WIN ? 1.0f : n->proof == PR_LOSS ? 0.0f : 0.5f;
    int w = n->who >= 0 && n->who < 2 ? n->who : 0;
    rw[w] = v;
    rw[1 - w] = 1.0f - v;
}

/* Proves parents upwards from a freshly proven node while possible. */
static void propagate_proof(qp_mcts *M, uint32_t idx)
{
    while (idx != M->root_idx) {
        uint32_t p = M->pool[idx].parent;
        node *pn = &M->pool[p];
        if (pn->proof != PR_NONE) return;
        int mover = M->pool[pn->child].who;
        uint8_t best = PR_NONE;
        bool all = true;
        for (uint32_t i = 0; i < pn->nchild; i++) {
            uint8_t c = M->pool[pn->child + i].proof;
            if (c == PR_NONE) all = false;
            else if (c > best) best = c;
        }
        if (best != PR_WIN && !all) return;
        pn->proof = proof_for(M->r, best, mover, pn->who);
        idx = p;
    }
}

/* A child's value under RAVE: its own mean and its AMAF mean mixed by
 * β = ñ / (n + ñ + n·ñ / RAVE_K), plus a small exploration term. */
static double rave_value(const node *cn, double logn)
{
    double n = cn->visits, na = cn->amaf_visits;
    if (n == 0 && na == 0) return RAVE_FPU;
    double q = n > 0 ? cn->halves * 0.5 / n : 0.0;
    double qa = na > 0 ? cn->amaf_halves * 0.5 / na : 0.0;
    double beta = na / (n + na + n * na / RAVE_K);
    return (1.0 - beta) * q + beta * qa + UCT_C_RAVE * sqrt(logn / (n + 1.0));
}

static uint32_t select_child(qp_mcts *M, const node *n)
{
    double logn = log((double)(n->visits ? n->visits : 1));
    uint32_t best = n->child;
    double bv = -1.0;
    uint32_t start = rnd(M, n->nchild);
    bool rave = M->opt.rave;
    for (uint32_t k = 0; k < n->nchild; k++) {
        uint32_t c = n->child + (start + k) % n->nchild;
        const node *cn = &M->pool[c];
        if (cn->proof == PR_WIN) return c;
        if (cn->proof == PR_LOSS) continue;
        double v;
        if (rave) {
            v = rave_value(cn, logn);
        } else {
            if (cn->visits == 0) return c;
            v = cn->halves * 0.5 / cn->visits + UCT_C * sqrt(logn / cn->visits);
        }
        if (v > bv) {
            bv = v;
            best = c;
        }
    }
    return best;
}

/* Starts the n new children of pn (moves M->mv at M->cur, after pn's
 * move) from the game's opinion of them: PRIOR_EVEN virtual visits at an
 * even result each, and PRIOR_STEP more per step of opinion, won when it
 * is good and lost when poor; in the AMAF counts too, where RAVE looks
 * first.  Proven children keep their proof alone. */
static void give_priors(qp_mcts *M, const node *pn, qp_move last, int n)
{
    int8_t op[QP_MAX_MOVES];
    const qp_rules *r = M->r;
    r->rs->move_priors(r, M->cur, last, M->mv, n, op);
    for (int i = 0; i < n; i++) {
        node *c = &M->pool[pn->child + (uint32_t)i];
        if (c->proof != PR_NONE) continue;
        int v = op[i], good = v > 0 ? PRIOR_STEP * v : 0, poor = v < 0 ? PRIOR_STEP * -v : 0;
        uint32_t visits = (uint32_t)(PRIOR_EVEN + good + poor), halves = (uint32_t)(PRIOR_EVEN + 2 * good);
        c->prior = (uint8_t)visits;
        c->visits = c->amaf_visits = visits;
        c->halves = c->amaf_halves = halves;
    }
}

/* Expands M->pool[idx] at position M->cur; false when the pool is full.
 * Each child is judged at once, so a win in one is proven before any
 * playout and a move that allows one is refuted on its second visit. */
static bool expand(qp_mcts *M, uint32_t idx, int n)
{
    const qp_rules *r = M->r;
    if ((uint64_t)M->used + (uint64_t)n > M->cap) return false;
    int who = r->rs->side_to_move(r, M->cur);
    node *pn = &M->pool[idx];
    pn->child = M->used;
    pn->nchild = (uint16_t)n;
    pn->expanded = 1;
    uint32_t proven = NO_NODE;
    for (int i = 0; i < n; i++) {
        uint32_t ci = M->used++;
        node *c = &M->pool[ci];
        memset(c, 0, sizeof *c);
        c->move = M->mv[i];
        c->parent = idx;
        c->who = (int8_t)who;
        memcpy(M->tmp, M->cur, M->ssz);
        r->rs->make(r, M->tmp, c->move, NULL);
        if (r->draw.superko && M->npath > 0 &&
            qp_superko_repeats(M->boards, M->npath - 1, qp_board_key(r, M->tmp))) {
            c->expanded = 1;   /* an illegal move: lost for its mover */
            c->proof = PR_LOSS;
            proven = ci;
            continue;
        }
        qp_outcome o;
        r->rs->outcome(r, M->tmp, &o);
        if (o.result != QP_ONGOING) {
            float rw[2];
            rewards(r, &o, rw);
            c->expanded = 1;
            c->proof = proof_of(rw[who >= 0 && who < 2 ? who : 0]);
            proven = ci;
        }
    }
    if (M->opt.priors) give_priors(M, pn, idx == M->root_idx ? M->root_last : pn->move, n);
    if (proven != NO_NODE) propagate_proof(M, proven);
    return true;
}

/* ---- AMAF: the moves of one iteration ----------------------------------- */

static void amaf_begin(qp_mcts *M)
{
    if (++M->amaf_stamp == 0) {   /* wrapped: no slot may look live */
        memset(M->amaf, 0, AMAF_SLOTS * sizeof *M->amaf);
        M->amaf_stamp = 1;
    }
    M->amaf_used = 0;
}

static uint32_t amaf_hash(qp_move m, int side)
{
    uint64_t h = (m ^ ((uint64_t)side << 62)) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 40) & (AMAF_SLOTS - 1);
}

/* Notes that side played m at ply (the first time only).  A table more
 * than half full takes no more: later moves go uncounted. */
static void amaf_note(qp_mcts *M, qp_move m, int side, int ply)
{
    if (M->amaf_used >= AMAF_SLOTS / 2) return;
    for (uint32_t h = amaf_hash(m, side);; h = (h + 1) & (AMAF_SLOTS - 1)) {
        amaf_slot *e = &M->amaf[h];
        if (e->stamp != M->amaf_stamp) {
            e->stamp = M->amaf_stamp;
            e->move = m;
            e->side = (int16_t)side;
            e->ply = (int16_t)(ply < INT16_MAX ? ply : INT16_MAX);
            M->amaf_used++;
            return;
        }
        if (e->move == m && e->side == side) return;
    }
}

/* The first ply at which side played m in this iteration, -1 if never. */
static int amaf_first(const qp_mcts *M, qp_move m, int side)
{
    for (uint32_t h = amaf_hash(m, side);; h = (h + 1) & (AMAF_SLOTS - 1)) {
        const amaf_slot *e = &M->amaf[h];
        if (e->stamp != M->amaf_stamp) return -1;
        if (e->move == m && e->side == side) return e->ply;
    }
}

/* Credits the children of n (whose moves are played at ply) with the
 * iteration's rewards where their mover played their move at ply or
 * later. */
static void amaf_credit(qp_mcts *M, const node *n, int ply, const float rw[2])
{
    for (uint32_t i = 0; i < n->nchild; i++) {
        node *c = &M->pool[n->child + i];
        if (c->who < 0 || c->who > 1) continue;
        int f = amaf_first(M, c->move, c->who);
        if (f < ply) continue;
        c->amaf_visits++;
        c->amaf_halves += (uint32_t)(rw[c->who] * 2.0f + 0.5f);
    }
}

/* ---- the playout policy ----------------------------------------------- */

/* The point a move places on, -1 for a move that is not one placement
 * (a pass, a piece's step). */
static int placement_point(const qp_rules *r, const void *s, qp_move m)
{
    int sq[2];
    if (r->rs->move_squares) return r->rs->move_squares(r, s, m, sq, 2) == 1 ? sq[0] : -1;
    char text[QP_MOVE_TEXT];
    r->rs->move_text(r, s, m, text, sizeof text);
    int p;
    int used = qp_sq_parse(&r->geom, text, &p);
    return used > 0 && text[used] == 0 ? p : -1;
}

/* Whose piece is on sq through the ruleset, for eye.h: 1 the mover's,
 * -1 the enemy's, 0 none. */
typedef struct piece_view_ctx {
    const qp_rules *r;
    const void *s;
    int side;
} piece_view_ctx;

static int piece_owner(const void *ctx, int sq)
{
    const piece_view_ctx *x = ctx;
    qp_piece_view v;
    if (!x->r->rs->piece_at(x->r, x->s, sq, &v)) return 0;
    return v.side == x->side ? 1 : -1;
}

/* Whether placing at p fills a single-point eye of side (eye.h). */
static bool fills_own_eye(const qp_rules *r, const void *s, int p, int side)
{
    piece_view_ctx x = {r, s, side};
    if (piece_owner(&x, p) != 0) return false;
    return qp_is_own_eye(&r->geom, r->geom.hole, p, piece_owner, &x);
}

/* One of the game's urgent answers to `last` that is among the cnt of
 * M->mv, QP_MOVE_NONE when there is none. */
static qp_move urgent_pick(qp_mcts *M, int cnt, qp_move last)
{
    qp_move u[8];
    const qp_rules *r = M->r;
    int nu = r->rs->playout_urgent(r, M->cur, last, u, 8), k = 0;
    for (int i = 0; i < nu; i++)
        for (int j = 0; j < cnt; j++)
            if (M->mv[j] == u[i]) {
                u[k++] = u[i];
                break;
            }
    return k ? u[rnd(M, (uint32_t)k)] : QP_MOVE_NONE;
}

/* A playout's move among the cnt of M->mv at M->cur, after `last`
 * (QP_MOVE_NONE when unknown); reorders M->mv. */
static qp_move playout_pick(qp_mcts *M, int cnt, qp_move last)
{
    if (M->opt.atari && last != QP_MOVE_NONE) {
        qp_move m = urgent_pick(M, cnt, last);
        if (m != QP_MOVE_NONE) return m;
    }
    if (!M->opt.avoid_own_eyes) return M->mv[rnd(M, (uint32_t)cnt)];
    const qp_rules *r = M->r;
    int side = r->rs->side_to_move(r, M->cur);
    qp_move other = QP_MOVE_NONE, fill = M->mv[0];
    while (cnt > 0) {
        uint32_t i = rnd(M, (uint32_t)cnt);
        qp_move m = M->mv[i];
        int p = placement_point(r, M->cur, m);
        if (p >= 0 && !fills_own_eye(r, M->cur, p, side)) return m;
        if (p < 0) other = m;
        fill = m;
        M->mv[i] = M->mv[--cnt];
    }
    return other != QP_MOVE_NONE ? other : fill;
}

/* The moves of M->mv at M->cur the tree tries: under avoid_own_eyes, not
 * those that fill the mover's own eye (all of them when nothing else is
 * left).  Returns their count, first in M->mv. */
static int tree_moves(qp_mcts *M, int cnt)
{
    if (!M->opt.avoid_own_eyes) return cnt;
    const qp_rules *r = M->r;
    int side = r->rs->side_to_move(r, M->cur), k = 0;
    for (int i = 0; i < cnt; i++) {
        int p = placement_point(r, M->cur, M->mv[i]);
        if (p < 0 || !fills_own_eye(r, M->cur, p, side)) {
            qp_move t = M->mv[k];
            M->mv[k++] = M->mv[i];
            M->mv[i] = t;
        }
    }
    return k > 0 ? k : cnt;
}

/* ---- one iteration ------------------------------------------------------ */

/* Real visits a leaf needs, past its first, before it is expanded: none
 * while the pool is less than half full, then more as it fills, so a long
 * search keeps growing the tree where it looks most (Go 9×9 at 5 s a
 * move expands about 30 000 nodes of 80 children, 100 MB). */
static uint32_t expand_after(const qp_mcts *M)
{
    uint32_t half = M->cap / 2;
    if (M->used < half) return 0;
    return M->used < half + half / 2 ? 4 : 16;
}

static void iteration(qp_mcts *M)
{
    const qp_rules *r = M->r;
    const qp_ruleset *rs = r->rs;
    const bool rave = M->opt.rave;
    memcpy(M->cur, M->root, M->ssz);
    uint32_t idx = M->root_idx;
    int depth = 0;
    M->npath = M->nhist;
    if (rave) amaf_begin(M);
    while (M->pool[idx].nchild > 0 && M->pool[idx].proof == PR_NONE) {
        idx = select_child(M, &M->pool[idx]);
        if (rave) amaf_note(M, M->pool[idx].move, M->pool[idx].who, depth);
        rs->make(r, M->cur, M->pool[idx].move, NULL);
        depth++;
        if (r->draw.superko) {
            if (M->npath > 0 && M->npath < M->boards_cap) M->boards[M->npath++].board = qp_board_key(r, M->cur);
            else M->npath = 0;   /* too deep to keep: no check below */
        }
    }
    float rw[2];
    node *n = &M->pool[idx];
    if (n->proof != PR_NONE) {
        rewards_of_proof(n, rw);
    } else {
        /* Expand a node on its second visit (the root at once); a node
         * that has no move is terminal and proven. */
        int cnt = -1;
        if (!n->expanded && (n->visits > n->prior + expand_after(M) || idx == M->root_idx)) {
            cnt = rs->gen(r, M->cur, M->mv, QP_GEN_ALL);
            if (cnt > 0 && expand(M, idx, tree_moves(M, cnt))) {
                if (n->proof != PR_NONE) {   /* decided by a child judged at once */
                    rewards_of_proof(n, rw);
                    goto backup;
                }
                idx = select_child(M, n);
                if (rave) amaf_note(M, M->pool[idx].move, M->pool[idx].who, depth);
                rs->make(r, M->cur, M->pool[idx].move, NULL);
                depth++;
                n = &M->pool[idx];
                cnt = -1;
            }
        }
        /* Playout: cnt >= 0 means the moves of M->cur are already in M->mv. */
        int cap = r->max_game_plies > 0 ? r->max_game_plies : DEFAULT_PLAYOUT_CAP;
        qp_move last = idx != M->root_idx ? n->move : M->root_last;
        /* the game's own playout moves (playout_move) under avoid_own_eyes */
        bool fast = M->opt.avoid_own_eyes && rs->playout_move;
        unsigned flags = QP_PLAYOUT_AVOID_OWN_EYES | (M->opt.atari ? QP_PLAYOUT_ATARI : 0u) |
                         (M->opt.patterns ? QP_PLAYOUT_PATTERNS : 0u);
        for (int step = 0;; step++) {
            qp_move m = QP_MOVE_NONE;
            int got = cnt < 0 && fast ? rs->playout_move(r, M->cur, last, flags, &M->rng, &m) : -1;
            if (got < 0) {
                if (cnt < 0) cnt = rs->gen(r, M->cur, M->mv, QP_GEN_ALL);
                got = cnt > 0;
                m = QP_MOVE_NONE;
            }
            if (!got) {
                qp_outcome o;
                rs->outcome(r, M->cur, &o);
                rewards(r, &o, rw);
                if (step == 0) {
                    n->expanded = 1;
                    n->proof = proof_of(rw[n->who >= 0 && n->who < 2 ? n->who : 0]);
                    propagate_proof(M, idx);
                }
                break;
            }
            if (step >= cap) {
                rw[0] = rw[1] = 0.5f;
                if (r->nsides == 1) rw[0] = 0.0f, rw[1] = 1.0f;
                break;
            }
            if (m == QP_MOVE_NONE) m = playout_pick(M, cnt, last);
            if (rave) amaf_note(M, m, rs->side_to_move(r, M->cur), depth + step);
            rs->make(r, M->cur, m, NULL);
            last = m;
            cnt = -1;
        }
    }
backup:
    if (depth > M->max_seldepth) M->max_seldepth = depth;
    for (int ply = depth;; ply--) {
        node *b = &M->pool[idx];
        b->visits++;
        if (b->who >= 0 && b->who < 2) b->halves += (uint32_t)(rw[b->who] * 2.0f + 0.5f);
        if (rave && b->nchild > 0) amaf_credit(M, b, ply, rw);
        if (idx == M->root_idx) break;
        idx = b->parent;
    }
}

/* The child a player would choose: a proven win, else the child not
 * proven lost with the most visits of its own (the priors' virtual ones
 * left out; the better mean breaks ties). */
static uint32_t best_child(const qp_mcts *M, const node *n)
{
    uint32_t best = NO_NODE;
    int bclass = -1;
    for (uint32_t i = 0; i < n->nchild; i++) {
        uint32_t c = n->child + i;
        const node *cn = &M->pool[c];
        int cls = cn->proof == PR_WIN ? 2 : cn->proof == PR_LOSS ? 0 : 1;
        const node *bn = best == NO_NODE ? cn : &M->pool[best];
        uint32_t v = cn->visits - cn->prior, bv = bn->visits - bn->prior;
        if (best == NO_NODE || cls > bclass ||
            (cls == bclass && (v > bv || (v == bv && (uint64_t)cn->halves * bn->visits >
                                                         (uint64_t)bn->halves * cn->visits)))) {
            best = c;
            bclass = cls;
        }
    }
    return best;
}

static void fill_info(qp_mcts *M, uint64_t iters)
{
    qp_search_info *in = &M->info;
    const node *root = &M->pool[M->root_idx];
    memset(in, 0, sizeof *in);
    int n = 0;
    const node *at = root;
    while (n < QP_MAX_PV && at->nchild > 0) {
        uint32_t c = best_child(M, at);
        if (c == NO_NODE || (M->pool[c].visits == 0 && n > 0)) break;
        in->pv[n++] = M->pool[c].move;
        at = &M->pool[c];
    }
    in->pvlen = n;
    in->best = n ? in->pv[0] : QP_MOVE_NONE;
    in->depth = n;
    in->seldepth = M->max_seldepth;
    in->nodes = iters;
    int64_t us = qp_now_us() - M->tm.start_us;
    in->time_ms = (int)(us / 1000);
    in->nps = us > 0 ? (uint64_t)((double)iters * 1e6 / (double)us) : 0;
    if (n == 0) return;
    const node *b = &M->pool[best_child(M, root)];
    if (b->proof == PR_WIN) {
        in->score = QP_SCORE_MATE - n;
    } else if (b->proof == PR_LOSS) {
        in->score = -(QP_SCORE_MATE - n);
    } else if (b->proof == PR_DRAW) {
        in->score = 0;
    } else {
        double p = b->visits ? b->halves * 0.5 / b->visits : 0.5;
        if (p < 0.001) p = 0.001;
        if (p > 0.999) p = 0.999;
        in->score = (int)lround(400.0 * log10(p / (1.0 - p)));
    }
}

static void publish(qp_mcts *M)
{
    qp_task_publish(&M->task, &M->info);
}

static void search(qp_mcts *M)
{
    const qp_rules *r = M->r;
    int side = r->rs->side_to_move(r, M->root);
    qp_time_init(&M->tm, &M->lim, side);
    M->deadline_ms = M->lim.movetime_ms > 0 ? M->tm.hard_ms : M->tm.soft_ms;
    M->max_iter = M->lim.nodes;
    if (M->lim.depth > 0 && (M->max_iter == 0 || (uint64_t)M->lim.depth * 1000 < M->max_iter))
        M->max_iter = (uint64_t)M->lim.depth * 1000;
    uint64_t lv = qp_mcts_level_playouts(M->lim.level);
    if (lv && (M->max_iter == 0 || lv < M->max_iter)) M->max_iter = lv;
    M->rng = M->lim.seed ^ 0x6A09E667F3BCC909ull;
    M->max_seldepth = 0;
    if (M->used == 0) {   /* no tree kept: a fresh root */
        M->used = 1;
        M->root_idx = 0;
        memset(&M->pool[0], 0, sizeof M->pool[0]);
        M->pool[0].parent = NO_NODE;
        M->pool[0].who = (int8_t)(r->nsides == 1 ? 0 : 1 - side);
    }
    node *root = &M->pool[M->root_idx];

    uint64_t it = 0, next_info = FIRST_INFO;
    for (;;) {
        /* one iteration at least: it expands the root, so there is a move */
        if (it > 0 && atomic_load_explicit(&M->stop_req, memory_order_relaxed)) break;
        if (M->max_iter && it >= M->max_iter) break;
        if (M->deadline_ms && (it & TIME_CHECK_MASK) == 0 && qp_time_elapsed_ms(&M->tm) >= M->deadline_ms)
            break;
        iteration(M);
        it++;
        if (root->proof != PR_NONE) break;               /* the answer is known */
        if (root->nchild == 1 && (M->deadline_ms || M->max_iter == 0)) break;   /* nothing to choose */
        if (root->nchild == 0) break;                    /* no move */
        if (it == next_info) {
            fill_info(M, it);
            publish(M);
            if (M->cb) M->cb(&M->info, M->ud);
            next_info *= 2;
        }
    }
    fill_info(M, it);
    M->info.done = true;
    publish(M);
    if (M->cb) M->cb(&M->info, M->ud);
}

/* The node of the game's position when it follows the last search's root
 * by the game's last one or two moves and the tree holds them; NO_NODE
 * otherwise.  M->root still holds the last root's position. */
static uint32_t reusable_root(qp_mcts *M, const qp_game *g)
{
    if (!M->opt.reuse || M->used == 0 || M->used > M->cap / 2) return NO_NODE;
    const qp_rules *r = M->r;
    for (int k = 1; k <= 2 && k <= g->cursor; k++) {
        memcpy(M->tmp, M->root, M->ssz);
        uint32_t idx = M->root_idx;
        for (int i = g->cursor - k; i < g->cursor && idx != NO_NODE; i++) {
            const node *n = &M->pool[idx];
            uint32_t found = NO_NODE;
            for (uint32_t c = 0; c < n->nchild && found == NO_NODE; c++)
                if (M->pool[n->child + c].move == g->rec[i]) found = n->child + c;
            idx = found;
            if (idx != NO_NODE) r->rs->make(r, M->tmp, g->rec[i], NULL);
        }
        if (idx != NO_NODE && !memcmp(M->tmp, g->cur, M->ssz)) return idx;
    }
    return NO_NODE;
}

static void prepare(qp_mcts *M, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                    void *ud)
{
    static const qp_search_limits none = {0};
    M->lim = lim ? *lim : none;
    M->cb = cb;
    M->ud = ud;
    atomic_store(&M->stop_req, false);
    uint32_t keep = reusable_root(M, g);
    if (keep != NO_NODE) M->root_idx = keep;
    else M->used = 0;
    memcpy(M->root, g->cur, M->ssz);
    M->root_last = g->cursor > 0 ? g->rec[g->cursor - 1] : QP_MOVE_NONE;
    M->nhist = M->npath = 0;
    if (M->r->draw.superko) {
        int need = g->cursor + 1 + MAX_PATH;
        if (need > M->boards_cap) {
            qp_hist *b = realloc(M->boards, (size_t)need * sizeof *b);
            if (b) M->boards = b, M->boards_cap = need;
        }
        if (need <= M->boards_cap) {
            memcpy(M->boards, g->hist, (size_t)(g->cursor + 1) * sizeof *M->boards);
            M->nhist = g->cursor + 1;
        }
    }
}

qp_move qp_mcts_run(qp_mcts *M, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                    void *ud, qp_search_info *out)
{
    prepare(M, g, lim, cb, ud);
    search(M);
    if (out) *out = M->info;
    return M->info.best;
}

/* ---- threads ----------------------------------------------------------- */

static void mcts_job(void *arg)
{
    search(arg);
}

int qp_mcts_start(qp_mcts *M, const qp_game *g, const qp_search_limits *lim, qp_search_cb cb,
                  void *ud)
{
    if (qp_task_live(&M->task)) {
        qp_mcts_stop(M);
        qp_mcts_wait(M, NULL);
    }
    prepare(M, g, lim, cb, ud);
    return qp_task_start(&M->task, mcts_job, M);
}

void qp_mcts_stop(qp_mcts *M)
{
    atomic_store(&M->stop_req, true);
}

bool qp_mcts_poll(qp_mcts *M, qp_search_info *out)
{
    return qp_task_poll(&M->task, out);
}

qp_move qp_mcts_wait(qp_mcts *M, qp_search_info *out)
{
    qp_task_join(&M->task);
    if (out) *out = M->info;
    return M->info.best;
}

bool qp_mcts_running(const qp_mcts *M)
{
    return qp_task_running(&M->task);
}
