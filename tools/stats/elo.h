/*
 * elo.h — what a match's results say: the score, the Elo difference with
 * its 95% interval, and a sequential probability ratio test (SPRT) that
 * tells when enough games have been played to accept or reject a change.
 *
 * Contract:
 * - A tally counts games (W, D, L from A's side) and game pairs: two
 *   games from one opening with colours swapped, scored 0, 1/2, ... 2
 *   points into five buckets (the pentanomial).  Pairs are what the SPRT
 *   reads: the colour and opening a pair shares cancel out of its score,
 *   so its variance is smaller than two single games'.
 * - elo_sprt_llr is the log-likelihood ratio of H1 (A is elo1 better)
 *   against H0 (elo0 better), by the normal approximation of the
 *   generalised SPRT on logistic Elo: N/(2v) * (s1 - s0) * (2m - s0 - s1)
 *   over the pairs' mean score m and variance v, s0 and s1 the scores the
 *   two hypotheses expect.  The variance has a prior of one pair spread
 *   over the five results, so a few alike pairs cannot decide the test.
 * - The test stops at the bounds log(beta / (1 - alpha)) (accept H0) and
 *   log((1 - beta) / alpha) (accept H1).
 * - elo_sprt_parse reads "ELO0,ELO1" or "ELO0,ELO1,ALPHA,BETA" (alpha and
 *   beta default to 0.05); bad text gets a message naming it.
 * No globals; nothing here does input or output.
 */
#ifndef QP_TOOLS_ELO_H
#define QP_TOOLS_ELO_H

#include <stddef.h>

typedef struct elo_tally {
    int w, d, l;       /* games, from A's side */
    int penta[5];      /* pairs by A's points in the pair: 0, 1/2, 1, 3/2, 2 */
} elo_tally;

typedef struct elo_sprt {
    double elo0, elo1, alpha, beta;
} elo_sprt;

enum { ELO_SPRT_GOING = 0, ELO_SPRT_H0 = -1, ELO_SPRT_H1 = 1 };

/* Elo difference for a score fraction (clamped away from 0 and 1). */
double elo_of_score(double p);

/* The score fraction, its Elo and the Elo's 95% interval from the games'
 * score variance (the trinomial 1, 1/2, 0). */
void elo_estimate(const elo_tally *t, double *score, double *elo, double *lo, double *hi);

/* Adds a pair whose two games gave A points2 half-points (0..4). */
void elo_add_pair(elo_tally *t, int points2);

double elo_sprt_llr(const elo_sprt *s, const elo_tally *t);
void elo_sprt_bounds(const elo_sprt *s, double *lower, double *upper);
/* ELO_SPRT_H0, ELO_SPRT_H1, or ELO_SPRT_GOING while the ratio is between the bounds. */
int elo_sprt_state(const elo_sprt *s, const elo_tally *t);

/* 0, or -1 with a message in err. */
int elo_sprt_parse(const char *text, elo_sprt *s, char *err, size_t errn);

#endif
