/*
 * xq_table.c — the Xiangqi weight table's names and C source (see xq_table.h).
 */
#include "xq_table.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The terms between the placement and the mobility tables, by name. */
static const char *const term_names[] = {
    "HORSE_MOB",     "CHARIOT_MOB",   "CANNON_MOB",     "HOLLOW_CANNON",  "SCREEN_CANNON",
    "IMBALANCE",     "DANGER_CHARIOT", "DANGER_HORSE",  "DANGER_CANNON",  "DANGER_SOLDIER",
    "ADVISOR_PAIR",  "ELEPHANT_PAIR", "THREAT_ONE",     "THREAT_MORE",    "KING_ATTACK",
    "PALACE_HITS",   "CHECK_CHARIOT", "CHECK_HORSE",    "CHECK_CANNON"};
_Static_assert(sizeof term_names / sizeof *term_names == XQ_T_HORSE_MOBT - XQ_T_HORSE_MOB,
               "a name for every term between the tables");

int xq_table_term(const char *name)
{
    int n = (int)(sizeof term_names / sizeof *term_names);
    for (int k = 0; k < n; k++)
        if (!strcmp(name, term_names[k])) return XQ_T_HORSE_MOB + k;
    return -1;
}

void xq_table_names(FILE *f)
{
    int n = (int)(sizeof term_names / sizeof *term_names);
    for (int k = 0; k < n; k++) fprintf(f, "%s%s", k ? " " : "", term_names[k]);
}

static void write_c(FILE *f, const double (*w)[2])
{
    static const char *const types[XQ_NTYPES] = {"king",   "advisor", "elephant", "horse",
                                                 "chariot", "cannon", "soldier"};
    fprintf(f, "/*\n * xq_weights.c — the Xiangqi evaluation's weights (see xq_internal.h: XQ_T_*),\n"
               " * in the layout tools/xq_fit.c --out writes.  {middlegame, endgame} per\n"
               " * term, in eval units (a soldier is about 30).\n */\n#include \"xq_internal.h\"\n\n"
               "const int16_t xq_weights[XQ_NTERMS][2] = {\n");
    for (int t = 0; t < XQ_NTYPES; t++) {
        fprintf(f, "    /* %s: own rank 0..9 (rows), files a..e (the board folded at the centre) */\n",
                types[t]);
        for (int r = 0; r < 10; r++) {
            fprintf(f, "   ");
            for (int c = 0; c < 5; c++) {
                const double *x = w[XQ_PST_INDEX(t, c, r)];
                fprintf(f, " {%ld, %ld},", lround(x[0]), lround(x[1]));
            }
            fprintf(f, "\n");
        }
    }
    for (int k = XQ_T_HORSE_MOB; k < XQ_T_HORSE_MOBT; k++)
        fprintf(f, "    [XQ_T_%s] = {%ld, %ld},\n", term_names[k - XQ_T_HORSE_MOB], lround(w[k][0]),
                lround(w[k][1]));
    static const struct { const char *name; int first, n; } tabs[] = {
        {"HORSE_MOBT", XQ_T_HORSE_MOBT, XQ_HORSE_MOB_MAX + 1},
        {"CHARIOT_MOBT", XQ_T_CHARIOT_MOBT, XQ_LINE_MOB_MAX + 1},
        {"CANNON_MOBT", XQ_T_CANNON_MOBT, XQ_LINE_MOB_MAX + 1}};
    for (int t = 0; t < 3; t++)
        for (int k = 0; k < tabs[t].n; k++)
            fprintf(f, "    [XQ_T_%s + %d] = {%ld, %ld},\n", tabs[t].name, k,
                    lround(w[tabs[t].first + k][0]), lround(w[tabs[t].first + k][1]));
    fprintf(f, "};\n");
}

int xq_table_write(const char *path, const double (*w)[2])
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    write_c(f, w);
    if (fclose(f)) {
        perror(path);
        return -1;
    }
    return 0;
}


int xq_table_sparse(const xq_trace *tr, xq_term_count *out)
{
    int n = 0;
    for (int k = 0; k < XQ_NTERMS; k++)
        if (tr->count[k]) out[n++] = (xq_term_count){(int16_t)k, (int16_t)tr->count[k]};
    return n;
}

double xq_table_value(const xq_term_count *tc, int n, int material, int phase,
                      const double (*w)[2])
{
    double mg = material, eg = material;
    for (int i = 0; i < n; i++) {
        mg += w[tc[i].term][0] * tc[i].count;
        eg += w[tc[i].term][1] * tc[i].count;
    }
    return (mg * phase + eg * (XQ_PHASE_MAX - phase)) / XQ_PHASE_MAX;
}

void xq_table_gradient(const xq_term_count *tc, int n, int phase, double d, double (*g)[2])
{
    double gm = d * phase / XQ_PHASE_MAX, ge = d * (XQ_PHASE_MAX - phase) / XQ_PHASE_MAX;
    for (int i = 0; i < n; i++) {
        g[tc[i].term][0] += gm * tc[i].count;
        g[tc[i].term][1] += ge * tc[i].count;
    }
}
