/*
 * fit.h — the game-free part of Texel tuning: the loss, the fit of the
 * sigmoid's scale K, and a coordinate descent over integer weights.
 *
 * A labelled position i has a static score e_i (centi-units, side 0's
 * view) and a result r_i in [0, 1] (side 0's score in the game it came
 * from).  The loss of a set is the mean of (r_i − σ(K·e_i))², σ the
 * logistic function.  K converts centi-units into the log-odds of the
 * result; it is fitted once for the starting weights and then held fixed
 * while the weights move (otherwise a uniform scaling of all weights and
 * K would leave the loss unchanged).
 */
#ifndef TEXEL_FIT_H
#define TEXEL_FIT_H

#include <stdio.h>

/* σ(k·e) = 1 / (1 + exp(−k·e)). */
double texel_sigmoid(double k, double e);
/* Mean squared error of n scores against their results; 0 when n is 0. */
double texel_mse(const int *score, const double *result, int n, double k);
/* The K in [1e-5, 1] minimising texel_mse (golden-section search on log K;
 * the loss is unimodal in K for the sets that occur). */
double texel_fit_k(const int *score, const double *result, int n);

/* A line of a position file, "FEN ; R" with R side 0's result in 0..1
 * (texel gen and pgn write 1, 0.5 or 0): cuts line down to the FEN (spaces
 * before the ';' dropped) and sets *result; returns 0, or -1 (line
 * unchanged) when the line is not one. */
int texel_split_line(char *line, double *result);

/* The loss of a weight vector (lower is better). */
typedef double (*texel_loss_fn)(const int *w, void *ud);

/* Coordinate descent: each weight w[i] (kept within lo[i]..hi[i]) is tried
 * at ± its step; a change that lowers the loss is kept and repeated in the
 * same direction.  After a round without improvement every step halves;
 * the descent ends when all steps are below 1 or after max_rounds rounds.
 * Starting steps: max(2, |w| / step_div) (step_div ≥ 1; a larger one
 * refines weights that are already close).  Progress lines go to log (may
 * be NULL) with names[i] (may be NULL).  Returns the final loss; w holds
 * the best. */
double texel_descend(int *w, const int *lo, const int *hi, int n, texel_loss_fn f, void *ud,
                     int max_rounds, int step_div, const char *const *names, FILE *log);
/* One step of Adam (β1 0.9, β2 0.999) on the n parameters x along the
 * gradient g: m and v are its moment estimates (zeros before the first
 * step), t the step's number from 1, lr the step size. */
void texel_adam_step(double *x, const double *g, double *m, double *v, int n, double lr, int t);

#endif
