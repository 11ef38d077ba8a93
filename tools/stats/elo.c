/*
 * elo.c — match statistics: Elo estimates and the SPRT (see elo.h).
 */
#include "elo.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

double elo_of_score(double p)
{
    if (p < 0.001) p = 0.001;
    if (p > 0.999) p = 0.999;
    return -400.0 * log10(1.0 / p - 1.0);
}

static double score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

void elo_estimate(const elo_tally *t, double *score, double *elo, double *lo, double *hi)
{
    int n = t->w + t->d + t->l;
    double p = n ? (t->w + 0.5 * t->d) / n : 0.5;
    double var = n ? (t->w * (1 - p) * (1 - p) + t->d * (0.5 - p) * (0.5 - p) + t->l * p * p) / n : 0;
    double se = n ? sqrt(var / n) : 0;
    *score = p;
    *elo = elo_of_score(p);
    *lo = elo_of_score(p - 1.96 * se);
    *hi = elo_of_score(p + 1.96 * se);
}

void elo_add_pair(elo_tally *t, int points2)
{
    if (points2 >= 0 && points2 <= 4) t->penta[points2]++;
}

double elo_sprt_llr(const elo_sprt *s, const elo_tally *t)
{
    /* The variance takes a prior of one pair spread evenly over the five
     * results: a short run of alike pairs (five draws) has no variance of
     * its own and would otherwise decide the test at once.  Its weight,
     * 1 / (N + 1), is nothing after a few hundred pairs. */
    int n = 0;
    double sum = 0;
    for (int k = 0; k < 5; k++) {
        n += t->penta[k];
        sum += t->penta[k] * (k / 4.0);
    }
    if (n == 0) return 0;
    double m = sum / n, v = 0;
    for (int k = 0; k < 5; k++) {
        double dx = k / 4.0 - m;
        v += (t->penta[k] + 0.2) * dx * dx;
    }
    v /= n + 1;
    double s0 = score_of_elo(s->elo0), s1 = score_of_elo(s->elo1);
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
}

void elo_sprt_bounds(const elo_sprt *s, double *lower, double *upper)
{
    *lower = log(s->beta / (1 - s->alpha));
    *upper = log((1 - s->beta) / s->alpha);
}

int elo_sprt_state(const elo_sprt *s, const elo_tally *t)
{
    double lo, hi, llr = elo_sprt_llr(s, t);
    elo_sprt_bounds(s, &lo, &hi);
    return llr <= lo ? ELO_SPRT_H0 : llr >= hi ? ELO_SPRT_H1 : ELO_SPRT_GOING;
}

int elo_sprt_parse(const char *text, elo_sprt *s, char *err, size_t errn)
{
    double v[4] = {0, 0, 0.05, 0.05};
    const char *p = text;
    int n = 0;
    bool bad = false;
    for (;;) {
        char *end;
        double x = strtod(p, &end);
        if (end == p || !isfinite(x) || n == 4) {
            bad = true;
            break;
        }
        v[n++] = x;
        p = end;
        if (*p != ',') break;
        p++;
    }
    if (bad || (n != 2 && n != 4) || *p) {
        snprintf(err, errn, "--sprt wants ELO0,ELO1[,ALPHA,BETA], got '%s'", text);
        return -1;
    }
    if (!(v[1] > v[0])) {
        snprintf(err, errn, "--sprt: ELO1 must be above ELO0, got '%s'", text);
        return -1;
    }
    if (!(v[2] > 0 && v[2] < 0.5 && v[3] > 0 && v[3] < 0.5)) {
        snprintf(err, errn, "--sprt: ALPHA and BETA must be between 0 and 0.5, got '%s'", text);
        return -1;
    }
    s->elo0 = v[0];
    s->elo1 = v[1];
    s->alpha = v[2];
    s->beta = v[3];
    return 0;
}
