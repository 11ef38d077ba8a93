/*
 * xq_table.h — the Xiangqi evaluation's weight table as the fitting tools
 * see it: its terms' names and the C source of xq_weights.c.
 *
 * The weights are rulesets/xiangqi/xq_weights.c's, {middlegame, endgame}
 * per term (xq_internal.h: XQ_T_*); a fitted table is written back in the
 * same layout, rounded, so a fit replaces that file as it is.
 */
#ifndef XQ_TABLE_H
#define XQ_TABLE_H

#include <stdio.h>

/* The term named name (one of the terms between the placement and the
 * mobility tables, e.g. "KING_ATTACK"), or -1. */
int xq_table_term(const char *name);
/* Lists those names, space-separated, on f. */
void xq_table_names(FILE *f);
/* Writes w (XQ_NTERMS rows) as the C source of xq_weights.c. */
void xq_table_write(FILE *f, const double (*w)[2]);

#endif
