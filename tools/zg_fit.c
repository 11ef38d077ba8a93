/*
 * zg_fit.c — fits Zhonggong's placement table (rulesets/zhonggong/zg_weights.c) to
 * labelled positions, Texel style.
 *
 *     zg_fit DATA... [--epochs N] [--lr X] [--holdout PCT] [--l2 X] [--k K] [--additive] [--out FILE.c]
 *
 * DATA are texel's position files ("FEN ; R", R Red's result in 0..1, as
 * texel gen and texel pgn write them; '#' lines are comments).  Positions
 * that are not quiet (tools/texel/quiet.c) are left out.
 *
 * The rest of the evaluation stays as it is: each position keeps its
 * score e0 under the current weights, and the fit moves only the table,
 * whose entries add linearly to it (a piece of the side to move counts +1,
 * the other side's -1, both scaled as the evaluation scales them near the
 * no-capture limit).  The fit is a gradient descent (Adam) on the mean
 * squared error between the result and 1 / (1 + exp(-K e)), K fitted
 * first to the current weights (tools/texel/fit.c) unless --k gives it,
 * with a penalty l2 * w^2 that keeps rarely seen entries near 0.
 * --additive fits fewer numbers, less noisy: per type a part for each
 * rank and one for each file, an entry moving by the sum of its two.  The
 * last share of the positions (--holdout, default 10%) is held out to
 * show whether the fit generalises.  --out writes the rounded table as
 * the C source of zg_weights.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "quiet.h"
#include "zg_board.h"
#include "zg_eval.h"
#include "zhonggong.h"

#define NW (ZG_NTYPES * ZG_RANKS * ZG_PLACE_FILES)

typedef struct sample {
    int first, n;      /* its entries: feat[first .. first + n) */
    float e0, scale;   /* score under the current weights; the eval's shrink */
    float target;      /* result from the side to move's view */
} sample;

typedef struct feat {
    int16_t k, count;   /* table entry, pieces there (+ mover, - other) */
} feat;

typedef struct data {
    sample *s;
    feat *f;
    int n, cap, nf, fcap;
} data;

static int entry(int type, int own_rank, int file)
{
    return (type * ZG_RANKS + own_rank) * ZG_PLACE_FILES + zg_place_file(file);
}

/* With --additive, the parameters of entry e's rank and of its file:
 * per type ZG_RANKS rank parts, then ZG_PLACE_FILES file parts. */
#define PER_TYPE (ZG_RANKS + ZG_PLACE_FILES)
static int rank_part(int e)
{
    return e / (ZG_RANKS * ZG_PLACE_FILES) * PER_TYPE + e / ZG_PLACE_FILES % ZG_RANKS;
}
static int file_part(int e)
{
    return e / (ZG_RANKS * ZG_PLACE_FILES) * PER_TYPE + ZG_RANKS + e % ZG_PLACE_FILES;
}

/* The table entries of a position, side to move's pieces +1. */
static int features(const zg_state *s, feat *out)
{
    int cnt[NW] = {0}, n = 0;
    for (int side = 0; side < 2; side++)
        for (int slot = 0; slot < 16; slot++) {
            int sq = s->pos[ZG_BASE(side) + slot];
            if (!sq) continue;
            int r = zg_rank(sq), own = side ? ZG_RANKS - 1 - r : r;
            cnt[entry(zg_slot_type[slot], own, zg_file(sq))] += side == s->side ? 1 : -1;
        }
    for (int k = 0; k < NW; k++)
        if (cnt[k]) out[n++] = (feat){(int16_t)k, (int16_t)cnt[k]};
    return n;
}

static int grow(data *d)
{
    if (d->n == d->cap) {
        int cap = d->cap ? d->cap * 2 : 4096;
        sample *ns = realloc(d->s, (size_t)cap * sizeof *ns);
        if (!ns) return -1;
        d->s = ns, d->cap = cap;
    }
    if (d->nf + 32 > d->fcap) {
        int cap = d->fcap ? d->fcap * 2 : 65536;
        feat *nf = realloc(d->f, (size_t)cap * sizeof *nf);
        if (!nf) return -1;
        d->f = nf, d->fcap = cap;
    }
    return 0;
}

static int load(const qp_rules *r, const char *path, data *d, long *skipped)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    const zg_impl *z = r->impl;
    void *scratch = malloc(texel_quiet_scratch(r));
    char line[1024], err[QP_ERR];
    int lineno = 0, rc = scratch ? 0 : -1;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || line[0] == 0) continue;
        double result;
        zg_state s;
        if (texel_split_line(line, &result)) {
            fprintf(stderr, "%s:%d: expected 'FEN ; RESULT' with RESULT 0..1\n", path, lineno);
            rc = -1;
        } else if (r->rs->fen_parse(r, &s, line, err, sizeof err)) {
            fprintf(stderr, "%s:%d: %s\n", path, lineno, err);
            rc = -1;
        } else if (!texel_is_quiet(r, &s, scratch)) {
            (*skipped)++;
        } else if (grow(d)) {
            fprintf(stderr, "zg_fit: out of memory\n");
            rc = -1;
        } else {
            sample *sm = &d->s[d->n++];
            sm->first = d->nf;
            sm->n = features(&s, d->f + d->nf);
            d->nf += sm->n;
            sm->e0 = (float)zg_evaluate(z, &s);
            int lim = z->no_capture_plies, hm = s.halfmove < lim ? s.halfmove : lim;
            sm->scale = lim > 0 ? (float)(2 * lim - hm) / (float)(2 * lim) : 1.0f;
            sm->target = (float)(s.side ? 1 - result : result);
        }
    }
    if (!scratch) fprintf(stderr, "zg_fit: out of memory\n");
    free(scratch);
    fclose(f);
    return rc;
}

/* The score of a sample with the table w (w0: the table e0 was scored with). */
static double score(const data *d, const sample *sm, const double *w, const double *w0)
{
    double e = 0;
    for (int i = 0; i < sm->n; i++) {
        const feat *c = &d->f[sm->first + i];
        e += (w[c->k] - w0[c->k]) * c->count;
    }
    return sm->e0 + sm->scale * e;
}

static double loss(const data *d, int lo, int hi, const double *w, const double *w0, double k)
{
    double sum = 0;
    for (int i = lo; i < hi; i++) {
        double e = texel_sigmoid(k, score(d, &d->s[i], w, w0)) - d->s[i].target;
        sum += e * e;
    }
    return hi > lo ? sum / (hi - lo) : 0;
}

static double fit_k(const data *d, int n)
{
    int *sc = malloc((size_t)n * sizeof *sc);
    double *res = malloc((size_t)n * sizeof *res);
    double k = 0.004;
    if (sc && res) {
        for (int i = 0; i < n; i++) sc[i] = (int)lround(d->s[i].e0), res[i] = d->s[i].target;
        k = texel_fit_k(sc, res, n);
    }
    free(sc);
    free(res);
    return k;
}

static int write_c(const char *path, const double *w)
{
    static const char *const types[ZG_NTYPES] = {"general", "advisor", "elephant", "horse",
                                                 "chariot", "cannon",  "soldier"};
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    fprintf(f, "/*\n * zg_weights.c — Zhonggong's placement table (zg_eval.h: zg_placement), in\n"
               " * the layout tools/zg_fit.c --out writes: per piece type, its own rank 0..8\n"
               " * (rows, 0 its back rank) by file a..e (the board folded at the centre),\n"
               " * centi-soldiers added to the piece's value.\n */\n#include \"zg_eval.h\"\n\n"
               "const int16_t zg_placement[ZG_NTYPES][ZG_RANKS][ZG_PLACE_FILES] = {\n");
    for (int t = 0; t < ZG_NTYPES; t++) {
        fprintf(f, "    /* %s */\n    {\n", types[t]);
        for (int r = 0; r < ZG_RANKS; r++) {
            fprintf(f, "        {");
            for (int c = 0; c < ZG_PLACE_FILES; c++)
                fprintf(f, "%s%ld", c ? ", " : "", lround(w[entry(t, r, c)]));
            fprintf(f, "},\n");
        }
        fprintf(f, "    },\n");
    }
    fprintf(f, "};\n");
    return fclose(f) ? -1 : 0;
}

int main(int argc, char **argv)
{
    const char *paths[64], *out = NULL;
    int npaths = 0, epochs = 1000;
    double lr = 1.0, holdout = 10, l2 = 1e-8, k = 0;
    bool bad = false, additive = false;
    for (int i = 1; i < argc && !bad; i++) {
        if (!strcmp(argv[i], "--epochs") && i + 1 < argc) epochs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--lr") && i + 1 < argc) lr = atof(argv[++i]);
        else if (!strcmp(argv[i], "--holdout") && i + 1 < argc) holdout = atof(argv[++i]);
        else if (!strcmp(argv[i], "--l2") && i + 1 < argc) l2 = atof(argv[++i]);
        else if (!strcmp(argv[i], "--k") && i + 1 < argc) k = atof(argv[++i]);
        else if (!strcmp(argv[i], "--additive")) additive = true;
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (argv[i][0] != '-' && npaths < 64) paths[npaths++] = argv[i];
        else bad = true;
    }
    if (bad || !npaths || epochs < 0 || holdout < 0 || holdout >= 100 || k < 0) {
        fprintf(stderr, "usage: zg_fit DATA... [--epochs N] [--lr X] [--holdout PCT] [--l2 X] [--k K] [--additive] [--out FILE.c]\n");
        return 2;
    }
    char err[QP_ERR];
    qp_rules *r = qp_rules_create(&zg_ruleset, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "zg_fit: %s\n", err);
        return 1;
    }
    data d = {0};
    long skipped = 0;
    int rc = 0;
    for (int i = 0; i < npaths && !rc; i++) rc = load(r, paths[i], &d, &skipped) ? 1 : 0;
    int ntrain = (int)(d.n * (1 - holdout / 100));
    if (!rc) printf("positions %d (train %d, holdout %d), not quiet %ld\n", d.n, ntrain, d.n - ntrain, skipped);
    if (rc || ntrain == 0) {
        free(d.s);
        free(d.f);
        qp_rules_free(r);
        return 1;
    }

    /* The fitted parameters: the table's entries, or with --additive a
     * rank part and a file part per type (an entry moves by their sum). */
    static double w[NW], w0[NW], g[NW], x[NW], m[NW], v[NW], gx[NW];
    static bool seen[NW];
    for (int t = 0; t < ZG_NTYPES; t++)
        for (int rk = 0; rk < ZG_RANKS; rk++)
            for (int c = 0; c < ZG_PLACE_FILES; c++) w[entry(t, rk, c)] = zg_placement[t][rk][c];
    memcpy(w0, w, sizeof w);
    for (int i = 0; i < d.nf; i++) seen[d.f[i].k] = true;
    const int nx = additive ? ZG_NTYPES * PER_TYPE : NW;
    double K = k > 0 ? k : fit_k(&d, ntrain);
    printf("K %.5f  loss train %.6f holdout %.6f\n", K, loss(&d, 0, ntrain, w, w0, K),
           loss(&d, ntrain, d.n, w, w0, K));
    for (int ep = 1; ep <= epochs; ep++) {
        memset(g, 0, sizeof g);
        for (int i = 0; i < ntrain; i++) {
            const sample *sm = &d.s[i];
            double p = texel_sigmoid(K, score(&d, sm, w, w0));
            double de = 2 * (p - sm->target) * p * (1 - p) * K * sm->scale / ntrain;
            for (int j = 0; j < sm->n; j++) g[d.f[sm->first + j].k] += de * d.f[sm->first + j].count;
        }
        if (additive) {
            memset(gx, 0, sizeof gx);
            for (int e = 0; e < NW; e++) {
                gx[rank_part(e)] += g[e];
                gx[file_part(e)] += g[e];
            }
        } else {
            memcpy(gx, g, sizeof g);
        }
        for (int j = 0; j < nx; j++) gx[j] += 2 * l2 * x[j];
        texel_adam_step(x, gx, m, v, nx, lr, ep);
        for (int e = 0; e < NW; e++)
            w[e] = w0[e] + (!additive ? x[e] : seen[e] ? x[rank_part(e)] + x[file_part(e)] : 0);
        if (ep % 100 == 0 || ep == epochs)
            printf("epoch %d  loss train %.6f holdout %.6f\n", ep, loss(&d, 0, ntrain, w, w0, K),
                   loss(&d, ntrain, d.n, w, w0, K));
    }
    for (int e = 0; e < NW; e++) w[e] = (double)lround(w[e]);
    printf("rounded  loss train %.6f holdout %.6f\n", loss(&d, 0, ntrain, w, w0, K),
           loss(&d, ntrain, d.n, w, w0, K));
    rc = out && write_c(out, w) ? 1 : 0;
    free(d.s);
    free(d.f);
    qp_rules_free(r);
    return rc;
}
