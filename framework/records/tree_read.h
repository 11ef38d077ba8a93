/*
 * tree_read.h — what the binary record formats share (XQF, CBR): a move
 * tree stored depth first, and texts in a legacy encoding.
 *
 * Both formats store a record's moves as a tree written depth first from
 * a root (the start position, whose comment comes before the first
 * move): each node, then its continuation (when it has one), then the
 * alternative to itself (when it has one).  qp_tree_read walks such a
 * tree without recursion, reading one node at a time through the
 * format's callback, and builds the record's main line (the first
 * continuation of every node) and its variations (record.h's alt and
 * vars).  After a node the next one read is its continuation, else its
 * alternative, else the alternative still owed to the nearest node above
 * that had both (kept on an explicit stack); every node the callback
 * reads consumes bytes, so a file of any shape ends the walk.
 */
#ifndef QP_TREE_READ_H
#define QP_TREE_READ_H

#include <iconv.h>
#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/* One node as the format read it. */
typedef struct qp_tree_node {
    char move[QP_MOVE_TEXT];   /* the move (ICCS: "h2e2"); ignored for the root */
    char *comment;             /* malloc'd UTF-8 or NULL; the walk takes it */
    bool next;                 /* its continuation follows */
    bool alt;                  /* an alternative to it follows its continuation */
    /* Why move cannot be played ("from square 0x5a is off the board"),
     * "" when it can: a main-line move so is refused (the record would
     * not replay), a variation's is kept as written (loading drops the
     * variation with a warning). */
    char bad[64];
} qp_tree_node;

/* Reads the next node into *nd; 0, or -1 with why (no NAME: prefix):
 * "truncated: ...", "from square 0x5a is off the board". */
typedef int (*qp_tree_read_fn)(void *ctx, qp_tree_node *nd, char *why, size_t whyn);

typedef struct qp_tree_stats {
    int nodes;        /* the root included */
    int variations;   /* alternatives to a move, at any depth */
} qp_tree_stats;

/* Reads the root and every node into rec (begun by qp_record_begin):
 * the root's comment before the first move, the main line through
 * qp_record_adopt (no lines or columns: a binary format), the
 * variations; alternatives nested deeper than QP_VAR_DEPTH are counted
 * in rec->nvariations, not kept.  A main line longer than max_ply is
 * refused.  Errors: "NAME: the start record: why", "NAME: move N: why",
 * "NAME: a variation at move N: why", "NAME: move N: BAD", "NAME: move N: more moves than a
 * game has (MAX)", "NAME: out of memory".  0, or -1 with err (rec is
 * then freed).  st may be NULL. */
int qp_tree_read(qp_record *rec, const char *name, qp_tree_read_fn read, void *ctx, int max_ply,
                 qp_tree_stats *st, char *err, size_t errn);

/* Sets nd's move from squares numbered 0-89 (90 and up: off the board),
 * each written by name (its name into buf): the text from then to, and
 * bad when a square is off the board ("from square 0x5a is off the
 * board") or both are one ("from and to are the same square e4"). */
void qp_tree_set_move(qp_tree_node *nd, int from, int to, const char *(*name)(int sq, char *buf, size_t n));

/* s[0..n) converted by cd (an iconv to UTF-8; (iconv_t)-1: ASCII only),
 * each byte that starts no character as U+FFFD.  malloc'd, NULL when out
 * of memory. */
char *qp_tree_text(iconv_t cd, const unsigned char *s, size_t n);

/* A comment as records keep it: CRLF as LF, blanks (and the ideographic
 * space U+3000 Chinese texts indent with) trimmed at both ends; s itself,
 * or NULL (s freed) when nothing is left. */
char *qp_tree_comment(char *s);

/* A tag value: control characters as spaces, blanks trimmed, in place. */
void qp_tree_clean(char *s);

#endif
