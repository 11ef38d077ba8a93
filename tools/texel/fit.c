/*
 * fit.c — Texel loss, K fit and coordinate descent (see fit.h).
 */
#include "fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int texel_split_line(char *line, double *result)
{
    char *semi = strrchr(line, ';'), *end;
    if (!semi) return -1;
    double res = strtod(semi + 1, &end);
    if (end == semi + 1 || res < 0 || res > 1) return -1;
    *semi = 0;
    while (semi > line && semi[-1] == ' ') *--semi = 0;
    *result = res;
    return 0;
}

double texel_sigmoid(double k, double e)
{
    return 1.0 / (1.0 + exp(-k * e));
}

double texel_mse(const int *score, const double *result, int n, double k)
{
    if (n <= 0) return 0.0;
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        double d = result[i] - texel_sigmoid(k, score[i]);
        sum += d * d;
    }
    return sum / n;
}

double texel_fit_k(const int *score, const double *result, int n)
{
    const double phi = (sqrt(5.0) - 1.0) / 2.0;
    double a = log(1e-5), b = 0.0;
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = texel_mse(score, result, n, exp(c)), fd = texel_mse(score, result, n, exp(d));
    for (int it = 0; it < 100 && b - a > 1e-6; it++) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - phi * (b - a);
            fc = texel_mse(score, result, n, exp(c));
        } else {
            a = c, c = d, fc = fd;
            d = a + phi * (b - a);
            fd = texel_mse(score, result, n, exp(d));
        }
    }
    return exp((a + b) / 2.0);
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

double texel_descend(int *w, const int *lo, const int *hi, int n, texel_loss_fn f, void *ud,
                     int max_rounds, int step_div, const char *const *names, FILE *log)
{
    if (step_div < 1) step_div = 1;
    int *step = malloc((size_t)(n > 0 ? n : 1) * sizeof *step);
    if (!step) return f(w, ud);
    for (int i = 0; i < n; i++) step[i] = abs(w[i]) / step_div > 2 ? abs(w[i]) / step_div : 2;
    double best = f(w, ud);
    for (int round = 0; round < max_rounds; round++) {
        int improved = 0, any_step = 0;
        for (int i = 0; i < n; i++) {
            if (step[i] < 1) continue;
            any_step = 1;
            for (int dir = 1; dir >= -1; dir -= 2) {
                int moved = 0;
                for (;;) {
                    int old = w[i], nv = clampi(old + dir * step[i], lo[i], hi[i]);
                    if (nv == old) break;
                    w[i] = nv;
                    double l = f(w, ud);
                    if (l < best) {
                        best = l;
                        moved = improved = 1;
                    } else {
                        w[i] = old;
                        break;
                    }
                }
                if (moved) break;   /* the other direction cannot help now */
            }
        }
        if (log) {
            fprintf(log, "round %d: loss %.7f;", round + 1, best);
            for (int i = 0; i < n; i++) fprintf(log, " %s=%d", names ? names[i] : "w", w[i]);
            fprintf(log, "\n");
            fflush(log);
        }
        if (!any_step) break;
        if (!improved) {
            int left = 0;
            for (int i = 0; i < n; i++) left |= (step[i] /= 2) >= 1;
            if (!left) break;
        }
    }
    free(step);
    return best;
}

void texel_adam_step(double *x, const double *g, double *m, double *v, int n, double lr, int t)
{
    const double b1 = 0.9, b2 = 0.999;
    for (int j = 0; j < n; j++) {
        m[j] = b1 * m[j] + (1 - b1) * g[j];
        v[j] = b2 * v[j] + (1 - b2) * g[j] * g[j];
        double mh = m[j] / (1 - pow(b1, t)), vh = v[j] / (1 - pow(b2, t));
        x[j] -= lr * mh / (sqrt(vh) + 1e-12);
    }
}
