/*
 * xq_fit.c — fits the Xiangqi evaluation's weights (rulesets/xiangqi/xq_weights.c)
 * to labelled positions, Texel style.
 *
 *     xq_fit DATA... [--epochs N] [--lr X] [--holdout PCT | --holdout-file F]
 *            [--l2 X] [--tempo N] [--fit-tempo] [--only TERM,...] [--coarse]
 *            [--flat] [--out FILE.c] [--residuals FILE]
 *
 * DATA has one position per line: FEN, a tab, then a label from the side
 * to move's view, an integer score in centipawns from any reference
 * search, which becomes the expected result 1 / (1 + 10^(-s/400)); or the
 * game's result from Red's view, 1-0, 1/2-1/2 or 0-1.  The lines of
 * `texel gen` and `texel pgn` ("FEN ; R", R Red's result in 0..1, read by
 * texel_split_line as texel tune reads them) are taken as they are; '#'
 * lines are comments.
 *
 * The evaluation is linear in its weights (xq_internal.h: the trace), so each
 * position is traced once and the fit is a gradient descent (Adam) on the
 * mean squared error between the label and 1 / (1 + exp(-K e)), e being
 * qipan's evaluation, with K fitted first (tools/texel/fit.c) to the
 * weights as they are, and a penalty l2 * (w - w0)^2 that keeps each
 * weight near the one it starts from (rare terms have little evidence).
 * The evaluation includes the side to move's bonus (eval.tempo, a
 * parameter, not a table entry), at its built-in value or --tempo N: the
 * labels are the side to move's, and the engine adds it.  --fit-tempo
 * (or TEMPO in --only's list) fits it too; the last value is printed
 * ("tempo N") for the parameter, which a fitted table assumes.
 * --only fits the named terms (the names of --out's table, and TEMPO)
 * and keeps every other weight as it is: a new term is judged on the
 * holdout without a refit of the whole table (whole refits of the few
 * thousand labels at hand came out no better than the table in use on
 * held-out games: docs/tuning.md).
 * --coarse moves the placement tables only as a whole per piece type (its
 * material, in the middlegame and the endgame) and fits the other terms
 * freely; --flat keeps each term's middlegame and endgame weights equal.
 *
 * Positions that are not quiet (tools/texel/quiet.c: in check, decided,
 * or a capture sequence changes the score) are left out, and so are those
 * where a side cannot mate (its eval is scaled, not linear).  A holdout
 * measures the fit on positions it did not see: the last share of the
 * DATA files read in order (default 10%), or the positions of the file F
 * (--holdout-file), so that whole games can be held out: positions of one
 * game are too alike for a share of shuffled lines to be a fair test.
 * The last line gives the holdout's loss of the table in use and of the
 * fitted one, each at the K that fits it best on the holdout: the way to
 * compare tables when the holdout was labelled by another reference.
 * --out writes the rounded weights as the C source of xq_weights.c;
 * --residuals writes, per quiet position, its FEN, "train" or "holdout",
 * the label and the fitted table's prediction as Red's expected result,
 * and the fitted eval (Red's view): the part of the labels the terms do
 * not explain, where a new term should be looked for.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "quiet.h"
#include "xq_internal.h"
#include "xq_table.h"

extern const qp_ruleset xq_ruleset;

typedef struct sample {
    char *fen;          /* kept for --residuals */
    int first, n;       /* its terms: terms[first .. first + n) */
    int material, phase;
    int stm;            /* +1 Red to move, -1 Black: the tempo's count */
    float target;       /* expected result for Red */
} sample;

typedef struct data {
    sample *s;
    xq_term_count *tc;
    int n, cap, ntc, tccap;
} data;

/* The tempo (eval.tempo, the side to move's bonus) is one more row after
 * the terms, in the weights but not in the table --out writes. */
#define XQ_T_TEMPO_FIT XQ_NTERMS
#define NW (XQ_NTERMS + 1)

/* A score's expected result: 400 centipawns ahead is 10 to 1. */
#define CP_K (2.302585092994046 / 400)   /* ln 10 / 400 */

/* The label as Red's expected result, or -1 when it is not one. */
static double parse_label(const char *t, int side)
{
    if (!strcmp(t, "1-0")) return 1;
    if (!strcmp(t, "0-1")) return 0;
    if (!strcmp(t, "1/2-1/2")) return 0.5;
    char *end;
    long cp = strtol(t, &end, 10);
    if (end == t || *end) return -1;
    double p = texel_sigmoid(CP_K, (double)cp);
    return side ? 1 - p : p;
}

/* Adds path's quiet positions to d, counting the others in *skipped;
 * -1 with FILE:LINE on stderr at the first bad line. */
static int load(const qp_rules *r, const char *path, data *d, int *skipped)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[1024], err[QP_ERR];
    int lineno = 0, rc = 0;
    void *scratch = malloc(texel_quiet_scratch(r));
    if (!scratch) {
        fprintf(stderr, "xq_fit: out of memory\n");
        rc = -1;
    }
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || line[0] == 0) continue;
        /* FEN<TAB>label, or texel's "FEN ; R" (R Red's result, 0..1) */
        char *tab = strchr(line, '\t');
        double result = -1;
        if (tab) {
            *tab = 0;
        } else if (texel_split_line(line, &result) != 0) {
            fprintf(stderr, "%s:%d: expected FEN<TAB>label or 'FEN ; RESULT' with RESULT 0..1\n",
                    path, lineno);
            rc = -1;
            break;
        }
        xq_state s;
        if (r->rs->fen_parse(r, &s, line, err, sizeof err)) {
            fprintf(stderr, "%s:%d: %s\n", path, lineno, err);
            rc = -1;
            break;
        }
        double target = tab ? parse_label(tab + 1, s.side) : result;
        if (target < 0) {
            fprintf(stderr, "%s:%d: bad label '%s'\n", path, lineno, tab + 1);
            rc = -1;
            break;
        }
        xq_trace tr;
        xq_eval_traced(r, &s, &tr);
        if (tr.scale_div != 1 || !texel_is_quiet(r, &s, scratch)) {
            (*skipped)++;
            continue;
        }
        if (d->n == d->cap) {
            d->cap = d->cap ? d->cap * 2 : 4096;
            sample *ns = realloc(d->s, (size_t)d->cap * sizeof *d->s);
            if (!ns) rc = -1;
            else d->s = ns;
        }
        if (rc == 0 && d->ntc + XQ_NTERMS > d->tccap) {
            d->tccap = d->tccap ? d->tccap * 2 : 65536;
            xq_term_count *nt = realloc(d->tc, (size_t)d->tccap * sizeof *d->tc);
            if (!nt) rc = -1;
            else d->tc = nt;
        }
        if (rc) {
            fprintf(stderr, "xq_fit: out of memory\n");
            break;
        }
        sample *sm = &d->s[d->n];
        if (!(sm->fen = strdup(line))) {
            fprintf(stderr, "xq_fit: out of memory\n");
            rc = -1;
            break;
        }
        d->n++;
        sm->first = d->ntc;
        sm->n = xq_table_sparse(&tr, d->tc + d->ntc);
        d->ntc += sm->n;
        sm->stm = s.side ? -1 : 1;
        sm->material = tr.material;
        sm->phase = tr.phase;
        sm->target = (float)target;
    }
    free(scratch);
    fclose(f);
    return rc;
}

static double eval_of(const data *d, const sample *sm, const double (*w)[2])
{
    return xq_table_value(d->tc + sm->first, sm->n, sm->material, sm->phase, w) +
           w[XQ_T_TEMPO_FIT][0] * sm->stm;
}

static double loss(const data *d, int lo, int hi, const double (*w)[2], double k)
{
    double sum = 0;
    for (int i = lo; i < hi; i++) {
        double e = texel_sigmoid(k, eval_of(d, &d->s[i], w)) - d->s[i].target;
        sum += e * e;
    }
    return hi > lo ? sum / (hi - lo) : 0;
}

/* K for weights w over samples lo..hi (tools/texel/fit.c), on rounded scores. */
static double fit_k(const data *d, int lo, int hi, const double (*w)[2])
{
    int n = hi - lo;
    int *score = malloc((size_t)n * sizeof *score);
    double *result = malloc((size_t)n * sizeof *result);
    if (!score || !result) {
        free(score);
        free(result);
        return CP_K;
    }
    for (int i = 0; i < n; i++) {
        score[i] = (int)lround(eval_of(d, &d->s[lo + i], w));
        result[i] = d->s[lo + i].target;
    }
    double k = texel_fit_k(score, result, n);
    free(score);
    free(result);
    return k;
}

/* --only LIST: marks the named terms (and TEMPO) in fit[]; -1 on a name
 * it does not know, said on stderr. */
static int parse_only(const char *list, bool *fit)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (!strcmp(t, "TEMPO")) {
            fit[XQ_T_TEMPO_FIT] = true;
            continue;
        }
        int k = xq_table_term(t);
        if (k < 0) {
            fprintf(stderr, "xq_fit: --only: unknown term '%s' (TEMPO or one of ", t);
            xq_table_names(stderr);
            fprintf(stderr, ")\n");
            return -1;
        }
        fit[k] = true;
    }
    return 0;
}

/* One line per quiet position: FEN, train or holdout, the label and the
 * fitted table's prediction (Red's expected result at K), and its eval
 * (Red's view): what the terms leave unexplained, for finding new ones. */
static int write_residuals(const char *path, const data *d, int ntrain, const double (*w)[2],
                           double k)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    for (int i = 0; i < d->n; i++) {
        const sample *sm = &d->s[i];
        double e = eval_of(d, sm, w);
        fprintf(f, "%s\t%s\t%.4f\t%.4f\t%ld\n", sm->fen, i < ntrain ? "train" : "holdout",
                sm->target, texel_sigmoid(k, e), lround(e));
    }
    if (fclose(f)) {
        perror(path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    enum { MAX_DATA = 64 };
    const char *paths[MAX_DATA], *out = NULL, *holdout_file = NULL, *residuals = NULL, *only = NULL;
    int npaths = 0, epochs = 2000;
    double lr = 0.5, holdout = 10, l2 = 1e-7, tempo = -1;
    bool coarse = false, flat = false, fit_tempo = false, usage = false;
    for (int i = 1; i < argc && !usage; i++) {
        if (!strcmp(argv[i], "--epochs") && i + 1 < argc) epochs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--lr") && i + 1 < argc) lr = atof(argv[++i]);
        else if (!strcmp(argv[i], "--holdout") && i + 1 < argc) holdout = atof(argv[++i]);
        else if (!strcmp(argv[i], "--holdout-file") && i + 1 < argc) holdout_file = argv[++i];
        else if (!strcmp(argv[i], "--l2") && i + 1 < argc) l2 = atof(argv[++i]);
        else if (!strcmp(argv[i], "--tempo") && i + 1 < argc) tempo = atof(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--fit-tempo")) fit_tempo = true;
        else if (!strcmp(argv[i], "--coarse")) coarse = true;
        else if (!strcmp(argv[i], "--flat")) flat = true;
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (!strcmp(argv[i], "--residuals") && i + 1 < argc) residuals = argv[++i];
        else if (argv[i][0] != '-' && npaths < MAX_DATA) paths[npaths++] = argv[i];
        else usage = true;
    }
    if (usage || !npaths || epochs < 0 || holdout < 0 || holdout >= 100) {
        fprintf(stderr, "usage: xq_fit DATA... [--epochs N] [--lr X] [--holdout PCT | --holdout-file F]\n"
                        "              [--l2 X] [--tempo N] [--fit-tempo] [--only TERM,...] [--coarse]\n"
                        "              [--flat] [--out FILE.c] [--residuals FILE]\n");
        return 2;
    }
    static bool fit[NW];
    for (int k = 0; k < XQ_NTERMS; k++) fit[k] = !only;
    fit[XQ_T_TEMPO_FIT] = fit_tempo;
    if (only && parse_only(only, fit)) return 2;
    char err[QP_ERR];
    qp_rules *r = qp_rules_create(&xq_ruleset, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "xq_fit: %s\n", err);
        return 1;
    }
    data d = {0};
    int skipped = 0, ntrain = 0, rc = 0;
    for (int i = 0; i < npaths && !rc; i++) rc = load(r, paths[i], &d, &skipped);
    if (!rc && holdout_file) {
        ntrain = d.n;
        rc = load(r, holdout_file, &d, &skipped);
    } else if (!rc) {
        ntrain = (int)(d.n * (1 - holdout / 100));
    }
    if (!rc) {
        printf("positions %d (train %d, holdout %d), not quiet or scaled %d\n", d.n, ntrain,
               d.n - ntrain, skipped);
        rc = ntrain == 0;
    }
    if (rc) {
        rc = 1;
        goto done;
    }

    static double w[NW][2], w0[NW][2], m[NW][2], v[NW][2], g[NW][2];
    for (int k = 0; k < XQ_NTERMS; k++)
        for (int p = 0; p < 2; p++) w0[k][p] = xq_weights[k][p];
    if (tempo < 0) tempo = ((const xq_impl *)r->impl)->tempo;
    w0[XQ_T_TEMPO_FIT][0] = w0[XQ_T_TEMPO_FIT][1] = tempo;
    memcpy(w, w0, sizeof w);
    double K = fit_k(&d, 0, ntrain, (const double (*)[2])w);
    printf("K %.4f  loss train %.6f holdout %.6f\n", K, loss(&d, 0, ntrain, (const double (*)[2])w, K),
           loss(&d, ntrain, d.n, (const double (*)[2])w, K));

    for (int ep = 1; ep <= epochs; ep++) {
        memset(g, 0, sizeof g);
        for (int i = 0; i < ntrain; i++) {
            const sample *sm = &d.s[i];
            double p = texel_sigmoid(K, eval_of(&d, sm, (const double (*)[2])w));
            double de = 2 * (p - sm->target) * p * (1 - p) * K / ntrain;
            xq_table_gradient(d.tc + sm->first, sm->n, sm->phase, de, g);
            g[XQ_T_TEMPO_FIT][0] += de * sm->stm;   /* one weight: [1] never moves */
        }
        if (coarse)   /* a type's squares move together: its material, mg and eg */
            for (int t = 0; t < XQ_NTYPES; t++)
                for (int p = 0; p < 2; p++) {
                    double sum = 0;
                    for (int q = 0; q < 50; q++) sum += g[t * 50 + q][p];
                    for (int q = 0; q < 50; q++) g[t * 50 + q][p] = sum / 50;
                }
        if (flat)   /* one weight for both phases */
            for (int k = 0; k < XQ_NTERMS; k++) g[k][0] = g[k][1] = (g[k][0] + g[k][1]) / 2;
        for (int k = 0; k < NW; k++)
            for (int p = 0; p < 2; p++) g[k][p] += 2 * l2 * (w[k][p] - w0[k][p]);
        for (int k = 0; k < NW; k++)
            if (!fit[k]) g[k][0] = g[k][1] = 0;
        texel_adam_step(&w[0][0], &g[0][0], &m[0][0], &v[0][0], 2 * NW, lr, ep);
        if (ep % 200 == 0 || ep == epochs)
            printf("epoch %d  loss train %.6f holdout %.6f\n", ep,
                   loss(&d, 0, ntrain, (const double (*)[2])w, K),
                   loss(&d, ntrain, d.n, (const double (*)[2])w, K));
    }
    for (int k = 0; k < NW; k++)
        for (int p = 0; p < 2; p++) w[k][p] = (double)lround(w[k][p]);
    printf("tempo %.0f (eval.tempo, %.0f before)\n", w[XQ_T_TEMPO_FIT][0], w0[XQ_T_TEMPO_FIT][0]);
    printf("rounded  loss train %.6f holdout %.6f\n", loss(&d, 0, ntrain, (const double (*)[2])w, K),
           loss(&d, ntrain, d.n, (const double (*)[2])w, K));
    /* The holdout's labels may come from another reference than the
     * training data's (another engine, another depth) and so want another
     * scale: compare the tables each at the K that suits it best there. */
    if (d.n > ntrain) {
        double k0 = fit_k(&d, ntrain, d.n, (const double (*)[2])w0);
        double k1 = fit_k(&d, ntrain, d.n, (const double (*)[2])w);
        printf("holdout at its own K: table in use %.6f (K %.4f), fitted %.6f (K %.4f)\n",
               loss(&d, ntrain, d.n, (const double (*)[2])w0, k0), k0,
               loss(&d, ntrain, d.n, (const double (*)[2])w, k1), k1);
    }
    if (residuals && write_residuals(residuals, &d, ntrain, (const double (*)[2])w, K)) rc = 1;
    if (out && xq_table_write(out, (const double (*)[2])w)) rc = 1;
done:
    for (int i = 0; i < d.n; i++) free(d.s[i].fen);
    free(d.s);
    free(d.tc);
    qp_rules_free(r);
    return rc;
}
