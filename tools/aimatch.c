/*
 * aimatch.c — alpha-beta against MCTS (or any two AI kinds of ai.h) on one
 * game, in process.
 *
 *   aimatch RULESET [--games N] [--movetime MS | --nodes N] [--a KIND]
 *           [--b KIND] [--opening-plies K] [--seed S] [-v]
 *
 * Games come in pairs: each pair starts from the same K random plies
 * (2 by default; 0 plays every pair from the start) and A plays first in
 * one game and second in the other.  Every move is checked for legality;
 * a game ends by qp_game_outcome (the rules and the history draws) or, as
 * a safety net, at 1000 plies as a draw (reported).  Prints each result
 * when -v, then "A vs B: W-D-L (score %) Elo E ± M" from A's side, where
 * the margin is a 95% interval from the per-game score deviation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "ai.h"
#include "game.h"
#include "registry.h"
#include "splitmix.h"

#define PLY_CAP 1000

typedef struct opts {
    const char *ruleset;
    int games, movetime, plies;
    uint64_t nodes, seed;
    int kind[2];
    bool verbose;
} opts;

static int usage(void)
{
    fprintf(stderr, "usage: aimatch RULESET [--games N] [--movetime MS | --nodes N] [--a alphabeta|mcts] "
                    "[--b alphabeta|mcts] [--opening-plies K] [--seed S] [-v]\n");
    return 2;
}

static int parse(opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->games = 10;
    o->movetime = 200;
    o->plies = 2;
    o->seed = 1;
    o->kind[0] = QP_AI_ALPHABETA;
    o->kind[1] = QP_AI_MCTS;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-v")) { o->verbose = true; continue; }
        if (a[0] != '-') {
            if (o->ruleset) return -1;
            o->ruleset = a;
            continue;
        }
        if (!v) return -1;
        i++;
        if (!strcmp(a, "--games")) o->games = atoi(v);
        else if (!strcmp(a, "--movetime")) o->movetime = atoi(v), o->nodes = 0;
        else if (!strcmp(a, "--nodes")) o->nodes = strtoull(v, NULL, 10), o->movetime = 0;
        else if (!strcmp(a, "--opening-plies")) o->plies = atoi(v);
        else if (!strcmp(a, "--seed")) o->seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--a") || !strcmp(a, "--b")) {
            int k = qp_ai_parse(v);
            if (k < 0) return -1;
            o->kind[a[2] == 'b'] = k;
        } else {
            return -1;
        }
    }
    return o->ruleset && o->games > 0 && o->plies >= 0 ? 0 : -1;
}

/* K random legal plies from the start (fewer if the game ends). */
static void random_opening(qp_game *g, int k, uint64_t *rng)
{
    qp_move mv[QP_MAX_MOVES];
    for (int i = 0; i < k; i++) {
        int n = g->r->rs->gen(g->r, g->cur, mv, QP_GEN_ALL);
        if (n == 0) break;
        qp_game_play(g, mv[qp_splitmix64(rng) % (uint64_t)n]);
    }
}

/* Plays one game; returns A's score ×2 (0 loss, 1 draw, 2 win). */
static int play_game(const opts *o, qp_rules *r, qp_ai *ai[2], int a_side, uint64_t open_seed,
                     uint64_t game_seed, char *why, size_t whyn)
{
    char err[QP_ERR];
    qp_game g;
    if (qp_game_init(&g, r, NULL, err, sizeof err)) {
        fprintf(stderr, "aimatch: %s\n", err);
        exit(2);
    }
    uint64_t rng = open_seed;
    random_opening(&g, o->plies, &rng);
    qp_outcome oc;
    int plies = 0;
    for (;;) {
        qp_game_outcome(&g, &oc);
        if (oc.result != QP_ONGOING) break;
        if (plies++ >= PLY_CAP) {
            oc.result = QP_DRAW;
            oc.reason = "ply cap (adjudicated)";
            break;
        }
        int side = qp_game_to_move(&g);
        int who = side == a_side ? 0 : 1;   /* 0: player A */
        qp_search_limits lim = {0};
        lim.level = 10;
        lim.movetime_ms = o->movetime;
        lim.nodes = o->nodes;
        lim.seed = game_seed + (uint64_t)plies;
        qp_ai_clear(ai[who]);
        qp_move m = qp_ai_run(ai[who], &g, &lim, NULL, NULL, NULL);
        if (m == QP_MOVE_NONE || !qp_move_is_legal(r, g.cur, m)) {
            fprintf(stderr, "aimatch: %s returned no legal move at ply %d\n", who ? "B" : "A", g.cursor);
            oc.result = QP_WIN;
            oc.winner = 1 - side;
            oc.reason = "illegal move";
            break;
        }
        qp_game_play(&g, m);
    }
    snprintf(why, whyn, "%s", oc.reason);
    qp_game_free(&g);
    if (oc.result == QP_DRAW) return 1;
    return oc.winner == a_side ? 2 : 0;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse(&o, argc, argv)) return usage();
    qp_registry reg;
    char err[QP_ERR];
    qp_registry_open(&reg, argv[0], err, sizeof err);
    const qp_ruleset *rs = qp_registry_find(&reg, o.ruleset);
    if (!rs) {
        fprintf(stderr, "aimatch: unknown ruleset '%s'\n", o.ruleset);
        return 2;
    }
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "aimatch: %s\n", err);
        return 2;
    }
    if (r->nsides != 2) {
        fprintf(stderr, "aimatch: %s is not a two-player game\n", o.ruleset);
        return 2;
    }
    qp_ai *ai[2] = {qp_ai_new(r, o.kind[0], 64), qp_ai_new(r, o.kind[1], 64)};
    if (!ai[0] || !ai[1]) {
        fprintf(stderr, "aimatch: out of memory\n");
        return 2;
    }
    int w = 0, d = 0, l = 0;
    double sum = 0, sum2 = 0;
    for (int i = 0; i < o.games; i++) {
        uint64_t open_seed = o.seed * 1000003u + (uint64_t)(i / 2);
        int a_side = i % 2;
        char why[128];
        int s = play_game(&o, r, ai, a_side, open_seed, o.seed * 7919u + (uint64_t)i * 104729u, why,
                          sizeof why);
        if (s == 2) w++;
        else if (s == 1) d++;
        else l++;
        sum += s / 2.0;
        sum2 += (s / 2.0) * (s / 2.0);
        if (o.verbose)
            fprintf(stderr, "game %d: A (%s) plays %s: %s (%s)\n", i + 1, qp_ai_name(o.kind[0]),
                    qp_side_name(r, a_side), s == 2 ? "A wins" : s == 1 ? "draw" : "B wins", why);
    }
    int n = w + d + l;
    double p = sum / n;
    double var = sum2 / n - p * p;
    double se = n > 1 ? sqrt(var / (n - 1)) : 0;
    double pc = p < 0.001 ? 0.001 : p > 0.999 ? 0.999 : p;
    double elo = -400 * log10(1 / pc - 1);
    /* margin: the Elo of p ± 1.96 se, half the span */
    double lo = p - 1.96 * se, hi = p + 1.96 * se;
    lo = lo < 0.001 ? 0.001 : lo > 0.999 ? 0.999 : lo;
    hi = hi < 0.001 ? 0.001 : hi > 0.999 ? 0.999 : hi;
    double margin = (-400 * log10(1 / hi - 1) + 400 * log10(1 / lo - 1)) / 2;
    printf("%s: %s vs %s: %d-%d-%d (%.1f%%) Elo %+.0f ± %.0f (%s)\n", o.ruleset, qp_ai_name(o.kind[0]),
           qp_ai_name(o.kind[1]), w, d, l, 100 * p, elo, margin,
           o.nodes ? "fixed nodes" : "fixed time");
    qp_ai_free(ai[0]);
    qp_ai_free(ai[1]);
    qp_rules_free(r);
    qp_registry_free(&reg);
    return 0;
}
