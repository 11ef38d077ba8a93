/*
 * variation.h — the variations of a game record: lines of moves branching
 * off the main line (or off another variation), with their comments and
 * NAGs, as every record format that holds them gives them.
 *
 * Nodes live in one pool and link by index, so the pool may grow while
 * lines are built:
 *   - the record's main-line move i has its first alternative at alt[i];
 *   - a node's `next` is the move after it on its own line;
 *   - a node's `alt` is the next alternative to it: a move played instead
 *     of it from the same position (the first node of another line).
 * The alternatives to a move are the chain of `alt` links from the first
 * one; a variation is the chain of `next` links from its first node.
 *
 * Invariant: every link is -1 or a node of the pool, each node is reached
 * once, and alternatives nest at most QP_VAR_DEPTH deep (readers refuse
 * or drop deeper ones), so walkers may recurse.
 */
#ifndef QP_VARIATION_H
#define QP_VARIATION_H

#include "ruleset.h"

#define QP_VAR_DEPTH 64

typedef struct qp_var_node {
    char text[QP_MOVE_TEXT];   /* the move as written (formats of squares: ICCS) */
    int line, col;             /* where it is written; 0 in a binary format */
    char *pre;                 /* a comment before it (first move of a line), or NULL */
    char *comment;             /* the comment after it, or NULL */
    char *nags;                /* its NAGs ("$1 $14"), or NULL */
    int next, alt;
} qp_var_node;

/* Invariant: node[0..n) are in use, each owning its strings. */
typedef struct qp_vars {
    qp_var_node *node;
    int n, cap;
} qp_vars;

/* A new node (links -1); its index, or -1 when out of memory or text is
 * too long (QP_MOVE_TEXT). */
int qp_vars_add(qp_vars *v, const char *text, int line, int col);
/* Makes node k the last alternative of the chain starting at *head. */
void qp_vars_append_alt(qp_vars *v, int *head, int k);
/* A deep copy of src into dst (zeroed first); -1 when out of memory. */
int qp_vars_copy(qp_vars *dst, const qp_vars *src);
void qp_vars_free(qp_vars *v);

/* Appends text to the string at *to (malloc'd or NULL), a space between;
 * -1 when out of memory (*to unchanged). */
int qp_text_append(char **to, const char *text);

#endif
