/*
 * xq_movefit.c — fits the Xiangqi evaluation's weights (rulesets/xiangqi/
 * xq_weights.c) to the moves of published games: in each position the
 * move the player chose should lead to the position qipan values most
 * (comparison training, as shogi programs first learned their
 * evaluations from professionals' games).
 *
 *     xq_movefit GAMES... [--exclude OPENINGS] [--from-ply N] [--temp T]
 *                [--epochs N] [--lr X] [--l2 X] [--holdout PCT] [--out FILE.c]
 *
 * GAMES: a game a line, tab-separated fields, the game's id first and its
 * moves last (coordinates such as h3e3, space-separated); '#' lines are
 * comments.  OPENINGS: an openings file whose "# games ID ..." lines name
 * games that no fit may read (tools/openings/heldout.txt): they are
 * skipped.  From ply N on (default 10) every position not in check is a
 * sample: each legal move is made and followed by a capture-only
 * quiescence with the evaluation in use, and the leaf it ends in is
 * traced once (the evaluation is linear in its weights).  Moves that give
 * check or end the game within the quiescence are left out (a leaf says
 * little there), and so is a position whose chosen move is one of them.
 *
 * The fit is a gradient descent (Adam) on the cross-entropy of the chosen
 * move under a softmax over the leaves' values divided by T centi-units
 * (default 30), plus l2 * (w - w0)^2.  Material (eval.*) and the tempo
 * are not fitted: they fix the scale.  The last PCT percent of the games
 * (default 10) are the holdout: the cross-entropy and the share of
 * positions whose best-valued move is the one chosen, for the table in
 * use and the fitted one, say whether the fit generalises.  The leaves
 * are those of the table in use; a second round (rebuilt with the fitted
 * table) refines them.  --out writes the rounded weights as the C source
 * of xq_weights.c.  Bad input stops it with FILE:LINE and nothing written.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "xq_internal.h"
#include "xq_table.h"

extern const qp_ruleset xq_ruleset;

#define QS_DEPTH 8   /* plies of captures followed */

/* The position after one move and its captures: its trace, and the
 * signs that turn its value into the mover's. */
typedef struct leaf {
    int first, n;       /* its terms: tc[first .. first + n) */
    int material, phase, div;
    int8_t sign;        /* +1 when the mover is Red */
    int8_t tempo;       /* +1 when the mover is to move at the leaf */
} leaf;

typedef struct sample {
    int first, n;       /* its leaves */
    int chosen;         /* the chosen move's leaf, 0..n-1 */
} sample;

typedef struct data {
    leaf *l;
    xq_term_count *tc;
    sample *s;
    int nl, lcap, ntc, tccap, ns, scap;
} data;

static bool grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap) return true;
    int c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return false;
    *p = q;
    *cap = c;
    return true;
}

/* Capture-only quiescence, side to move's view; *out is the leaf the
 * value comes from.  *decided is set when a capture ends the game. */
static int qsearch(const qp_rules *r, const xq_state *s, int alpha, int beta, int depth,
                   xq_state *out, bool *decided)
{
    int best = r->rs->evaluate(r, s);
    *out = *s;
    if (best >= beta || depth == 0) return best;
    if (best > alpha) alpha = best;
    qp_move mv[QP_MAX_MOVES], any[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_NOISY);
    for (int i = 0; i < n; i++) {
        xq_state c = *s, lf;
        r->rs->make(r, &c, mv[i], NULL);
        if (r->rs->gen(r, &c, any, QP_GEN_ANY) == 0) {
            *decided = true;
            return best;
        }
        int v = -qsearch(r, &c, -beta, -alpha, depth - 1, &lf, decided);
        if (v > best) {
            best = v;
            *out = lf;
        }
        if (v >= beta) break;
        if (v > alpha) alpha = v;
    }
    return best;
}

/* Adds s's leaves as a sample, chosen the move played; false when the
 * position is left out (see the header), or on no memory (*oom). */
static bool add_sample(const qp_rules *r, const xq_state *s, qp_move played, data *d, bool *oom)
{
    qp_move mv[QP_MAX_MOVES], any[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL), chosen = -1;
    if (!grow((void **)&d->l, &d->lcap, d->nl + n, sizeof *d->l) ||
        !grow((void **)&d->tc, &d->tccap, d->ntc + n * XQ_NTERMS, sizeof *d->tc) ||
        !grow((void **)&d->s, &d->scap, d->ns + 1, sizeof *d->s)) {
        *oom = true;
        return false;
    }
    int first = d->nl, tc0 = d->ntc;
    for (int i = 0; i < n; i++) {
        xq_state c = *s, lf;
        r->rs->make(r, &c, mv[i], NULL);
        bool decided = false;
        if (r->rs->gen(r, &c, any, QP_GEN_ANY) == 0 || (r->rs->flags(r, &c) & QP_FLAG_CHECK) ||
            (qsearch(r, &c, -QP_SCORE_MATE, QP_SCORE_MATE, QS_DEPTH, &lf, &decided), decided)) {
            if (mv[i] == played) break;
            continue;
        }
        if (mv[i] == played) chosen = d->nl - first;
        xq_trace tr;
        xq_eval_traced(r, &lf, &tr);
        leaf *L = &d->l[d->nl++];
        L->first = d->ntc;
        L->n = xq_table_sparse(&tr, d->tc + d->ntc);
        d->ntc += L->n;
        L->material = tr.material;
        L->phase = tr.phase;
        L->div = tr.scale_div;
        L->sign = s->side ? -1 : 1;
        L->tempo = lf.side == s->side ? 1 : -1;
    }
    if (chosen < 0 || d->nl - first < 2) {
        d->nl = first;
        d->ntc = tc0;
        return false;
    }
    d->s[d->ns++] = (sample){first, d->nl - first, chosen};
    return true;
}

/* The game ids named by OPENINGS' "# games ID ..." lines; -1 on error. */
static int read_exclude(const char *path, int **ids, int *cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[4096];
    int n = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        /* "# games 4 6 8": ids; "# games they come from": prose */
        if (strncmp(line, "# games ", 8) || line[8] < '0' || line[8] > '9') continue;
        for (char *save = NULL, *t = strtok_r(line + 8, " \r\n", &save); t;
             t = strtok_r(NULL, " \r\n", &save)) {
            char *end;
            long id = strtol(t, &end, 10);
            if (*end || id <= 0) {
                fprintf(stderr, "%s:%d: bad game id '%s'\n", path, lineno, t);
                fclose(f);
                return -1;
            }
            if (!grow((void **)ids, cap, n + 1, sizeof **ids)) {
                fprintf(stderr, "xq_movefit: out of memory\n");
                fclose(f);
                return -1;
            }
            (*ids)[n++] = (int)id;
        }
    }
    fclose(f);
    return n;
}

/* One game line: its samples from ply from on; -1 with FILE:LINE on
 * stderr at a move that is not legal. */
static int add_game(const qp_rules *r, const char *path, int lineno, char *line, int from, data *d,
                    int *left)
{
    char *moves = strrchr(line, '\t'), err[QP_ERR];
    moves = moves ? moves + 1 : line;
    xq_state s;
    r->rs->setup(r, &s);
    int ply = 0;
    for (char *save = NULL, *t = strtok_r(moves, " \r\n", &save); t;
         t = strtok_r(NULL, " \r\n", &save), ply++) {
        qp_move m;
        if (r->rs->move_parse(r, &s, t, &m, err, sizeof err)) {
            fprintf(stderr, "%s:%d: ply %d: %s\n", path, lineno, ply + 1, err);
            return -1;
        }
        bool oom = false;
        if (ply >= from && !(r->rs->flags(r, &s) & QP_FLAG_CHECK) && !add_sample(r, &s, m, d, &oom))
            (*left)++;
        if (oom) {
            fprintf(stderr, "xq_movefit: out of memory\n");
            return -1;
        }
        r->rs->make(r, &s, m, NULL);
    }
    return 0;
}

static double leaf_value(const data *d, const leaf *L, const double (*w)[2], double tempo)
{
    return L->sign * xq_table_value(d->tc + L->first, L->n, L->material, L->phase, w) / L->div +
           tempo * L->tempo;
}

/* The mean cross-entropy over samples lo..hi and (*agree) the share whose
 * best-valued move is the chosen one; with g, adds the gradient. */
static double pass(const data *d, int lo, int hi, const double (*w)[2], double tempo, double T,
                   double *agree, double (*g)[2])
{
    double ce = 0, v[QP_MAX_MOVES];
    int hits = 0;
    for (int k = lo; k < hi; k++) {
        const sample *S = &d->s[k];
        double mx = -1e300;
        int arg = 0;
        for (int i = 0; i < S->n; i++) {
            v[i] = leaf_value(d, &d->l[S->first + i], w, tempo) / T;
            if (v[i] > mx) mx = v[i], arg = i;
        }
        hits += arg == S->chosen;
        double z = 0;
        for (int i = 0; i < S->n; i++) z += exp(v[i] - mx);
        ce += log(z) - (v[S->chosen] - mx);
        if (!g) continue;
        for (int i = 0; i < S->n; i++) {
            const leaf *L = &d->l[S->first + i];
            double dv = (exp(v[i] - mx) / z - (i == S->chosen)) / T / (hi - lo) * L->sign / L->div;
            xq_table_gradient(d->tc + L->first, L->n, L->phase, dv, g);
        }
    }
    *agree = hi > lo ? (double)hits / (hi - lo) : 0;
    return hi > lo ? ce / (hi - lo) : 0;
}

static void report(const char *what, const data *d, int ntrain, const double (*w)[2], double tempo,
                   double T)
{
    double a1, a2;
    double c1 = pass(d, 0, ntrain, w, tempo, T, &a1, NULL);
    printf("%s: train ce %.5f agree %.4f", what, c1, a1);
    if (d->ns > ntrain) {
        double c2 = pass(d, ntrain, d->ns, w, tempo, T, &a2, NULL);
        printf("  holdout ce %.5f agree %.4f", c2, a2);
    }
    printf("\n");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    enum { MAX_GAMES = 64 };
    const char *paths[MAX_GAMES], *exclude = NULL, *out = NULL;
    int npaths = 0, from = 10, epochs = 250;
    double T = 30, lr = 0.5, l2 = 1e-6, holdout = 10;
    bool usage = false;
    for (int i = 1; i < argc && !usage; i++) {
        if (!strcmp(argv[i], "--exclude") && i + 1 < argc) exclude = argv[++i];
        else if (!strcmp(argv[i], "--from-ply") && i + 1 < argc) from = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--temp") && i + 1 < argc) T = atof(argv[++i]);
        else if (!strcmp(argv[i], "--epochs") && i + 1 < argc) epochs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--lr") && i + 1 < argc) lr = atof(argv[++i]);
        else if (!strcmp(argv[i], "--l2") && i + 1 < argc) l2 = atof(argv[++i]);
        else if (!strcmp(argv[i], "--holdout") && i + 1 < argc) holdout = atof(argv[++i]);
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (argv[i][0] != '-' && npaths < MAX_GAMES) paths[npaths++] = argv[i];
        else usage = true;
    }
    if (usage || !npaths || from < 0 || epochs < 0 || !(T > 0) || holdout < 0 || holdout >= 100) {
        fprintf(stderr, "usage: xq_movefit GAMES... [--exclude OPENINGS] [--from-ply N] [--temp T]\n"
                        "                  [--epochs N] [--lr X] [--l2 X] [--holdout PCT] [--out FILE.c]\n");
        return 2;
    }
    char err[QP_ERR];
    qp_rules *r = qp_rules_create(&xq_ruleset, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "xq_movefit: %s\n", err);
        return 1;
    }
    int *ids = NULL, idcap = 0, nids = exclude ? read_exclude(exclude, &ids, &idcap) : 0;
    int rc = nids < 0;
    /* The games kept, all read before any is traced: the holdout is the
     * last share of them. */
    typedef struct game { char *text; const char *path; int lineno; } game;
    game *games = NULL;
    int ngames = 0, gcap = 0, nexcl = 0;
    for (int p = 0; p < npaths && !rc; p++) {
        FILE *f = fopen(paths[p], "r");
        if (!f) {
            perror(paths[p]);
            rc = 1;
            break;
        }
        static char line[1 << 16];
        int lineno = 0;
        while (!rc && fgets(line, sizeof line, f)) {
            lineno++;
            if (!strchr(line, '\n') && !feof(f)) {
                fprintf(stderr, "%s:%d: line too long\n", paths[p], lineno);
                rc = 1;
                break;
            }
            if (line[0] == '#' || line[strspn(line, " \t\r\n")] == 0) continue;
            int id = atoi(line);
            bool skip = false;
            for (int i = 0; i < nids && !skip; i++) skip = ids[i] == id;
            if (skip) {
                nexcl++;
                continue;
            }
            if (!grow((void **)&games, &gcap, ngames + 1, sizeof *games) ||
                !(games[ngames].text = strdup(line))) {
                fprintf(stderr, "xq_movefit: out of memory\n");
                rc = 1;
                break;
            }
            games[ngames].path = paths[p];
            games[ngames].lineno = lineno;
            ngames++;
        }
        fclose(f);
    }
    int train_games = (int)(ngames * (1 - holdout / 100)), ntrain = 0, left = 0;
    data d = {0};
    for (int i = 0; i < ngames && !rc; i++) {
        if (i == train_games) ntrain = d.ns;
        if (add_game(r, games[i].path, games[i].lineno, games[i].text, from, &d, &left)) rc = 1;
    }
    if (train_games >= ngames) ntrain = d.ns;
    if (!rc) {
        printf("games %d (excluded %d), positions %d (train %d, holdout %d), left out %d\n", ngames,
               nexcl, d.ns, ntrain, d.ns - ntrain, left);
        if (ntrain == 0) {
            fprintf(stderr, "xq_movefit: no position to fit\n");
            rc = 1;
        }
    }
    if (!rc) {
        static double w[XQ_NTERMS][2], w0[XQ_NTERMS][2], m[XQ_NTERMS][2], v[XQ_NTERMS][2],
            g[XQ_NTERMS][2];
        for (int k = 0; k < XQ_NTERMS; k++)
            for (int p = 0; p < 2; p++) w0[k][p] = w[k][p] = xq_weights[k][p];
        double tempo = ((const xq_impl *)r->impl)->tempo;
        report("table in use", &d, ntrain, (const double (*)[2])w, tempo, T);
        for (int ep = 1; ep <= epochs; ep++) {
            double a;
            memset(g, 0, sizeof g);
            pass(&d, 0, ntrain, (const double (*)[2])w, tempo, T, &a, g);
            for (int k = 0; k < XQ_NTERMS; k++)
                for (int p = 0; p < 2; p++) g[k][p] += 2 * l2 * (w[k][p] - w0[k][p]);
            texel_adam_step(&w[0][0], &g[0][0], &m[0][0], &v[0][0], 2 * XQ_NTERMS, lr, ep);
            if (ep % 50 == 0 && ep < epochs) {
                char what[32];
                snprintf(what, sizeof what, "epoch %d", ep);
                report(what, &d, ntrain, (const double (*)[2])w, tempo, T);
            }
        }
        for (int k = 0; k < XQ_NTERMS; k++)
            for (int p = 0; p < 2; p++) w[k][p] = (double)lround(w[k][p]);
        report("fitted, rounded", &d, ntrain, (const double (*)[2])w, tempo, T);
        if (out && xq_table_write(out, (const double (*)[2])w)) rc = 1;
    }
    for (int i = 0; i < ngames; i++) free(games[i].text);
    free(games);
    free(ids);
    free(d.l);
    free(d.tc);
    free(d.s);
    qp_rules_free(r);
    return rc;
}
