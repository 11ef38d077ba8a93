/*
 * tune.c — self-play tuning of a ruleset's eval.* weights by SPSA.
 *
 * Each iteration perturbs every tuned weight by ±c_i at random (one
 * random sign vector), builds two rules instances θ+ and θ−, and lets them
 * play a pair of short games from one random opening with colours
 * swapped.  The pair's result r = (score(θ+) − score(θ−)) / 2 in [−1, 1]
 * moves every weight by lr_k · c_i · sign_i · r: weights that helped the
 * winner drift its way.  Noisy per step, but unbiased, and it needs two
 * games per step whatever the number of weights.
 *
 *     tune [--ruleset NAME] [--iterations N] [--depth D | --movetime MS]
 *          [--params eval.a,eval.b,...] [--seed S] [--lr X]
 *
 * Prints progress, then the tuned weights as a Lua snippet for the
 * ruleset's configuration file.  Use moderate settings: the machine is
 * shared (defaults: 200 iterations at depth 3).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "game.h"
#include "registry.h"
#include "search.h"

#define MAX_TUNED 32
#define PLY_CAP 400

typedef struct tuned {
    const qp_param_def *def;
    double theta, c;
} tuned;

static uint64_t rng(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static qp_rules *make_rules(const qp_ruleset *rs, const tuned *t, int n, const int *sign, double k)
{
    qp_params p;
    char err[QP_ERR], val[32];
    if (qp_params_init(&p, rs->params, err, sizeof err)) return NULL;
    for (int i = 0; i < n; i++) {
        double v = t[i].theta + k * t[i].c * sign[i];
        if (v < t[i].def->min) v = (double)t[i].def->min;
        if (v > t[i].def->max) v = (double)t[i].def->max;
        snprintf(val, sizeof val, "%lld", (long long)llround(v));
        if (qp_params_set(&p, t[i].def->key, val, err, sizeof err)) {
            fprintf(stderr, "tune: %s\n", err);
            return NULL;
        }
    }
    return qp_rules_create(rs, &p, err, sizeof err);
}

/* One game between rules a (side 0) and b (side 1) after an opening;
 * returns side 0's score: 1, 0.5 or 0.  Each side searches with its own
 * rules on its own copy of the game, kept in step. */
static double play(qp_rules *ra, qp_rules *rb, qp_search *sa, qp_search *sb,
                   const qp_search_limits *lim, const qp_move *open, int nopen)
{
    qp_game ga, gb;
    char err[QP_ERR];
    qp_game_init(&ga, ra, NULL, err, sizeof err);
    qp_game_init(&gb, rb, NULL, err, sizeof err);
    for (int i = 0; i < nopen; i++) {
        qp_game_play(&ga, open[i]);
        qp_game_play(&gb, open[i]);
    }
    qp_search_clear(sa);
    qp_search_clear(sb);
    double score = 0.5;
    for (;;) {
        qp_outcome o;
        qp_game_outcome(&ga, &o);
        if (o.result == QP_WIN) score = o.winner == 0 ? 1.0 : 0.0;
        if (o.result != QP_ONGOING || ga.cursor >= PLY_CAP) break;
        int side = qp_game_to_move(&ga);
        qp_move m = side == 0 ? qp_search_run(sa, &ga, lim, NULL, NULL, NULL)
                              : qp_search_run(sb, &gb, lim, NULL, NULL, NULL);
        if (m == QP_MOVE_NONE || !qp_move_is_legal(ra, ga.cur, m)) {
            fprintf(stderr, "tune: no legal move from the search; game scored a draw\n");
            break;
        }
        qp_game_play(&ga, m);
        qp_game_play(&gb, m);
    }
    qp_game_free(&ga);
    qp_game_free(&gb);
    return score;
}

int main(int argc, char **argv)
{
    const char *ruleset = "zhonggong", *plist = NULL;
    int iters = 200, depth = 3, movetime = 0;
    uint64_t seed = (uint64_t)time(NULL);
    double lr0 = 0.5;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *a = argv[i], *v = argv[i + 1];
        if (!strcmp(a, "--ruleset")) ruleset = v;
        else if (!strcmp(a, "--iterations")) iters = atoi(v);
        else if (!strcmp(a, "--depth")) depth = atoi(v), movetime = 0;
        else if (!strcmp(a, "--movetime")) movetime = atoi(v), depth = 0;
        else if (!strcmp(a, "--params")) plist = v;
        else if (!strcmp(a, "--seed")) seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--lr")) lr0 = atof(v);
        else {
            fprintf(stderr, "tune: unknown option %s\n", a);
            return 2;
        }
    }
    if (argc % 2 == 0) {
        fprintf(stderr, "usage: tune [--ruleset NAME] [--iterations N] [--depth D | --movetime MS]\n"
                        "            [--params eval.a,eval.b] [--seed S] [--lr X]\n");
        return 2;
    }
    qp_registry reg;
    char err[QP_ERR];
    qp_registry_open(&reg, argv[0], err, sizeof err);
    const qp_ruleset *rs = qp_registry_find(&reg, ruleset);
    if (!rs) {
        fprintf(stderr, "tune: unknown ruleset '%s'\n", ruleset);
        return 2;
    }

    tuned t[MAX_TUNED];
    int n = 0;
    for (const qp_param_def *d = rs->params; d && d->key && n < MAX_TUNED; d++) {
        if (d->type != QP_PT_INT || strncmp(d->key, "eval.", 5)) continue;
        if (plist) {
            const char *p = strstr(plist, d->key);
            size_t k = strlen(d->key);
            if (!p || (p != plist && p[-1] != ',') || (p[k] && p[k] != ',')) continue;
        }
        t[n].def = d;
        t[n].theta = atof(d->def);
        /* Perturb by a tenth of the weight, at least 2 units. */
        t[n].c = fmax(2.0, fabs(t[n].theta) / 10.0);
        n++;
    }
    if (n == 0) {
        fprintf(stderr, "tune: %s has no integer eval.* parameters to tune\n", ruleset);
        return 2;
    }
    qp_search_limits lim = {0};
    lim.depth = depth;
    lim.movetime_ms = movetime;
    lim.level = 10;
    printf("tuning %d weights of %s: %d iterations (2 games each), %s %d\n", n, ruleset, iters,
           depth ? "depth" : "movetime", depth ? depth : movetime);

    uint64_t x = seed * 0x9E3779B97F4A7C15ull | 1;
    double total = 0;
    for (int k = 0; k < iters; k++) {
        int sign[MAX_TUNED];
        for (int i = 0; i < n; i++) sign[i] = (rng(&x) & 1) ? 1 : -1;
        qp_rules *rp = make_rules(rs, t, n, sign, +1), *rm = make_rules(rs, t, n, sign, -1);
        if (!rp || !rm) return 1;
        qp_search *sp = qp_search_new(rp, 8), *sm = qp_search_new(rm, 8);

        /* A random opening of 2-6 plies, the same for both games. */
        qp_move open[8], mv[QP_MAX_MOVES];
        int nopen = 2 + (int)(rng(&x) % 5);
        void *s = qp_state_new(rp);
        rp->rs->setup(rp, s);
        for (int i = 0; i < nopen; i++) {
            int c = rp->rs->gen(rp, s, mv, QP_GEN_ALL);
            if (c == 0) {
                nopen = i;
                break;
            }
            open[i] = mv[rng(&x) % (uint64_t)c];
            rp->rs->make(rp, s, open[i], NULL);
        }
        free(s);
        double a = play(rp, rm, sp, sm, &lim, open, nopen);
        double b = 1.0 - play(rm, rp, sm, sp, &lim, open, nopen);
        double r = (a + b) - 1.0;   /* θ+'s pair score minus θ−'s, halved */
        total += a + b;
        double lr = lr0 / pow(1.0 + k / 50.0, 0.602);
        for (int i = 0; i < n; i++) {
            t[i].theta += lr * t[i].c * sign[i] * r;
            if (t[i].theta < t[i].def->min) t[i].theta = (double)t[i].def->min;
            if (t[i].theta > t[i].def->max) t[i].theta = (double)t[i].def->max;
        }
        qp_search_free(sp);
        qp_search_free(sm);
        qp_rules_free(rp);
        qp_rules_free(rm);
        if ((k + 1) % 10 == 0 || k + 1 == iters) {
            printf("iteration %d: theta+ scored %.1f%% so far;", k + 1, 50.0 * total / (k + 1));
            for (int i = 0; i < n; i++) printf(" %s=%.0f", t[i].def->key + 5, t[i].theta);
            printf("\n");
            fflush(stdout);
        }
    }
    printf("-- tuned weights (paste into the %s configuration):\neval = {\n", ruleset);
    for (int i = 0; i < n; i++)
        printf("  %s = %lld,   -- default %s\n", t[i].def->key + 5, (long long)llround(t[i].theta),
               t[i].def->def);
    printf("}\n");
    qp_registry_free(&reg);
    return 0;
}
