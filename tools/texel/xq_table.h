/*
 * xq_table.h — the Xiangqi evaluation's weight table as the fitting tools
 * see it: its terms' names and the C source of xq_weights.c.
 *
 * The weights are rulesets/xiangqi/xq_weights.c's, {middlegame, endgame}
 * per term (xq_internal.h: XQ_T_*); a fitted table is written back in the
 * same layout, rounded, so a fit replaces that file as it is.  The
 * evaluation is linear in them: a fit keeps each position's trace as its
 * nonzero terms, and values and differentiates it with the functions
 * below.
 */
#ifndef XQ_TABLE_H
#define XQ_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "xq_internal.h"

/* One nonzero term of a trace: Red's count minus Black's. */
typedef struct xq_term_count {
    int16_t term, count;
} xq_term_count;

/* Writes tr's nonzero terms to out (room for XQ_NTERMS); their number. */
int xq_table_sparse(const xq_trace *tr, xq_term_count *out);
/* material plus the weights w of the n terms tc, each phase's sum blended
 * by phase (0..XQ_PHASE_MAX): Red's view, before the scaling of a side
 * that cannot mate and before the tempo. */
double xq_table_value(const xq_term_count *tc, int n, int material, int phase,
                      const double (*w)[2]);
/* Adds to g the derivative of that value by each weight, times d. */
void xq_table_gradient(const xq_term_count *tc, int n, int phase, double d, double (*g)[2]);

/* The term named name (one of the terms between the placement and the
 * mobility tables, e.g. "KING_ATTACK"), or -1. */
int xq_table_term(const char *name);
/* Lists those names, space-separated, on f. */
void xq_table_names(FILE *f);
/* Writes w (XQ_NTERMS rows, rounded) to path as the C source of
 * xq_weights.c; -1, said on stderr, when the file cannot be written. */
int xq_table_write(const char *path, const double (*w)[2]);

#endif
