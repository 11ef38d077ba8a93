/*
 * ladder.c — the engine against plain references, for any shipped game,
 * at fixed budgets (nodes, playouts, depth: the results do not depend on
 * the machine's load).
 *
 *   ladder RULESET [--engine SPEC | --level L [--nodes N] |
 *                   --search mcts|alphabeta (--playouts N | --nodes N | --depth D)]
 *                  [--ref SPEC]... [--games N] [--opening-plies K] [--seed S]
 *                  [--ply-cap P] [--param KEY=VALUE]... [-v | -vv]
 *
 * SPEC is a player of tools/ladder/arena.h: random, flat:N, ab:D, abn:N,
 * mcts:N[:rave,noreuse,...], level:L[:N], gtp:CMD (e.g. "gtp:gnugo --mode
 * gtp --level 1 --chinese-rules").  The engine (A) plays each --ref (B;
 * default: random, flat:1000 and ab:2) for --games games (default 10):
 * pairs from the same K random opening plies (default 2; from --seed),
 * A playing first in one and second in the other.  For each reference it
 * prints "RULESET: A vs B: W-D-L (score%) Elo E [lo, hi]" from A's side,
 * the interval a 95% one, then the CPU time each spent a move (this
 * process's: 0 for a GTP program); -v prints every game, -vv its moves too.  --param sets a rule
 * parameter (size=9, komi=7.5).  Exit status 0, or 2 for bad arguments.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "builtin.h"
#include "registry.h"

#define MAX_REFS 16
#define MAX_PARAMS 8
#define DEFAULT_PLY_CAP 1000

typedef struct opts {
    const char *ruleset;
    const char *engine, *search;
    int level, depth, games, plies, ply_cap;
    uint64_t nodes, playouts, seed;
    const char *ref[MAX_REFS];
    int nref;
    const char *param[MAX_PARAMS];
    int nparam;
    bool verbose, trace;
} opts;

static int usage(void)
{
    fprintf(stderr,
            "usage: ladder RULESET [--engine SPEC | --level L [--nodes N] | --search mcts|alphabeta "
            "(--playouts N | --nodes N | --depth D)] [--ref SPEC]... [--games N] [--opening-plies K] "
            "[--seed S] [--ply-cap P] [--param KEY=VALUE]... [-v | -vv]\n"
            "SPEC: random, flat:N, ab:D, abn:N, mcts:N[:rave,reuse,eyes,atari,patterns,priors,norave,...], level:L[:N], gtp:CMD\n");
    return 2;
}

static int parse(opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->games = 10;
    o->plies = 2;
    o->seed = 1;
    o->ply_cap = DEFAULT_PLY_CAP;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-v") || !strcmp(a, "-vv")) {
            o->verbose = true;
            o->trace = a[2] == 'v';
            continue;
        }
        if (a[0] != '-') {
            if (o->ruleset) return -1;
            o->ruleset = a;
            continue;
        }
        if (!v) return -1;
        i++;
        if (!strcmp(a, "--engine")) o->engine = v;
        else if (!strcmp(a, "--search")) o->search = v;
        else if (!strcmp(a, "--level")) o->level = atoi(v);
        else if (!strcmp(a, "--depth")) o->depth = atoi(v);
        else if (!strcmp(a, "--nodes")) o->nodes = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--playouts")) o->playouts = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--games")) o->games = atoi(v);
        else if (!strcmp(a, "--opening-plies")) o->plies = atoi(v);
        else if (!strcmp(a, "--seed")) o->seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--ply-cap")) o->ply_cap = atoi(v);
        else if (!strcmp(a, "--ref") && o->nref < MAX_REFS) o->ref[o->nref++] = v;
        else if (!strcmp(a, "--param") && o->nparam < MAX_PARAMS) o->param[o->nparam++] = v;
        else return -1;
    }
    return o->ruleset && o->games > 0 && o->plies >= 0 && o->ply_cap > 0 ? 0 : -1;
}

/* The engine's spec from --engine, --level or --search. */
static int engine_spec(const opts *o, ar_spec *s, char *err, size_t errn)
{
    char text[64];
    if (o->engine) return ar_parse(o->engine, s, err, errn);
    if (o->level) {
        if (o->nodes) snprintf(text, sizeof text, "level:%d:%llu", o->level, (unsigned long long)o->nodes);
        else snprintf(text, sizeof text, "level:%d", o->level);
    } else if (o->search && !strcmp(o->search, "mcts")) {
        uint64_t n = o->playouts ? o->playouts : o->nodes;
        snprintf(text, sizeof text, "mcts:%llu", (unsigned long long)(n ? n : 1000));
    } else if (o->search && !strcmp(o->search, "alphabeta")) {
        if (o->depth) snprintf(text, sizeof text, "ab:%d", o->depth);
        else snprintf(text, sizeof text, "abn:%llu", (unsigned long long)(o->nodes ? o->nodes : 10000));
    } else if (o->search) {
        snprintf(err, errn, "--search must be mcts or alphabeta, got '%s'", o->search);
        return -1;
    } else {
        snprintf(text, sizeof text, "level:5");
    }
    return ar_parse(text, s, err, errn);
}

static qp_rules *make_rules(const qp_ruleset *rs, const opts *o, char *err, size_t errn)
{
    qp_params p;
    if (qp_params_init(&p, rs->params, err, errn)) return NULL;
    for (int i = 0; i < o->nparam; i++) {
        char key[128];
        const char *eq = strchr(o->param[i], '=');
        if (!eq || eq == o->param[i] || (size_t)(eq - o->param[i]) >= sizeof key) {
            snprintf(err, errn, "--param '%s': expected KEY=VALUE", o->param[i]);
            return NULL;
        }
        snprintf(key, sizeof key, "%.*s", (int)(eq - o->param[i]), o->param[i]);
        if (qp_params_set(&p, key, eq + 1, err, errn)) return NULL;
    }
    return qp_rules_create(rs, &p, err, errn);
}

static int run_match(const opts *o, const qp_rules *r, const ar_spec *sa, const ar_spec *sb)
{
    char err[QP_ERR], na[256], nb[256], line[160], why[160];
    ar_spec_text(sa, na, sizeof na);
    ar_spec_text(sb, nb, sizeof nb);
    ar_player *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    if (!a || !b || ar_player_init(a, r, sa, err, sizeof err) || ar_player_init(b, r, sb, err, sizeof err)) {
        fprintf(stderr, "ladder: %s\n", a && b ? err : "out of memory");
        free(a);
        free(b);
        return 2;
    }
    elo_tally t = {0};
    int pair = 0;
    for (int i = 0; i < o->games; i++) {
        uint64_t open_seed = o->seed * 1000003u + (uint64_t)(i / 2);
        int a_side = i % 2;
        int s = ar_play_game(r, a, b, a_side, o->plies, open_seed, o->seed * 7919u + (uint64_t)i * 104729u,
                             o->ply_cap, why, sizeof why, o->trace ? stderr : NULL);
        ar_tally_game(&t, s);
        pair += s;
        if (i % 2) {
            elo_add_pair(&t, pair);
            pair = 0;
        }
        if (o->verbose) {
            ar_tally_text(&t, line, sizeof line);
            fprintf(stderr, "game %d: A plays %s: %s (%s); %s\n", i + 1, qp_side_name(r, a_side),
                    s == 2 ? "A wins" : s == 1 ? "draw" : "B wins", why, line);
        }
    }
    ar_tally_text(&t, line, sizeof line);
    printf("%s: %s vs %s: %s; CPU a move: A %.1f ms, B %.1f ms\n", o->ruleset, na, nb, line,
           a->moves ? 1000 * a->cpu_s / a->moves : 0.0, b->moves ? 1000 * b->cpu_s / b->moves : 0.0);
    fflush(stdout);
    ar_player_free(a);
    ar_player_free(b);
    free(a);
    free(b);
    return 0;
}

int main(int argc, char **argv)
{
    opts o;
    if (parse(&o, argc, argv)) return usage();
    signal(SIGPIPE, SIG_IGN);   /* a GTP program that dies is an error return */
    char err[QP_ERR];
    ar_spec sa, sb[MAX_REFS];
    if (engine_spec(&o, &sa, err, sizeof err)) {
        fprintf(stderr, "ladder: %s\n", err);
        return 2;
    }
    static const char *const defaults[] = {"random", "flat:1000", "ab:2"};
    int nref = o.nref ? o.nref : 3;
    for (int i = 0; i < nref; i++)
        if (ar_parse(o.nref ? o.ref[i] : defaults[i], &sb[i], err, sizeof err)) {
            fprintf(stderr, "ladder: %s\n", err);
            return 2;
        }
    qp_registry reg;
    qp_registry_open(&reg, argv[0], err, sizeof err);
    const qp_ruleset *rs = qp_registry_find(&reg, o.ruleset);
    if (!rs) {
        fprintf(stderr, "ladder: unknown ruleset '%s'\n", o.ruleset);
        qp_registry_free(&reg);
        return 2;
    }
    qp_rules *r = make_rules(rs, &o, err, sizeof err);
    if (!r || r->nsides != 2) {
        fprintf(stderr, "ladder: %s\n", r ? "not a two-player game" : err);
        if (r) qp_rules_free(r);
        qp_registry_free(&reg);
        return 2;
    }
    int rc = 0;
    for (int i = 0; i < nref && !rc; i++) rc = run_match(&o, r, &sa, &sb[i]);
    qp_rules_free(r);
    qp_registry_free(&reg);
    return rc;
}
