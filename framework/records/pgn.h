/*
 * pgn.h — PGN text: tag pairs and movetext, read and written without
 * knowing the game.
 *
 * Reading takes one game of a text (a collection holds many, one after
 * the other: qp_pgn_read_next): tag pairs ([Key "value"], and qipan's
 * [Param "key" "value"] with a second value), then movetext.  In
 * movetext, move numbers (1. 1... 12.) and % escape lines are skipped,
 * and check marks (# +) dropped; every other token is a move, kept with
 * its line and column (columns count characters, from 1).  Kept with the
 * moves: {comments} and ; comments to the end of the line (comment0 before
 * the first move, else with the move before them; several joined by a
 * space, blanks around trimmed, line breaks made spaces), NAGs ($1, and
 * the marks ! ? !! ?? !? ?! as $1..$6) and ( variations ) at any depth up
 * to QP_VAR_DEPTH, in the pool `vars` (variation.h) with their own
 * comments and NAGs; nvariations counts the outermost ones.  The game
 * ends at a result token (1-0 0-1 1/2-1/2 *), at the next game's tags, or
 * at the end of the text.  A UTF-8 byte order mark, CRLF line ends and
 * ideographic spaces are accepted.  Errors are "LINE:COL: why"; a comment
 * or variation left open is "truncated".
 *
 * Writing puts the tags in order, then comment0 on a line of its own,
 * numbered moves, one full move per line, each move's NAGs, comment and
 * variations after it, then the result token.
 */
#ifndef QP_PGN_H
#define QP_PGN_H

#include <stdbool.h>
#include <stddef.h>

#include "variation.h"

typedef struct qp_pgn_tag {
    char *key, *val;
    char *val2;            /* a second quoted value, or NULL */
    int line;
} qp_pgn_tag;

typedef struct qp_pgn_move {
    char *text;
    int line, col;
    char *comment;         /* the {comment} after the move, or NULL */
    char *nags;            /* its NAGs ("$1 $14"), or NULL */
    int alt;               /* its first alternative in vars, -1 */
} qp_pgn_move;

/* Invariant: tags[0..ntags) and moves[0..nmoves) own their strings. */
typedef struct qp_pgn {
    qp_pgn_tag *tags;
    int ntags, tcap;
    qp_pgn_move *moves;
    int nmoves, mcap;
    char *comment0;        /* the {comment} before the first move, or NULL */
    char *nags0;           /* NAGs before the first move, or NULL */
    qp_vars vars;          /* the variations' moves (variation.h) */
    int nvariations;       /* ( variations ) read, nested ones not counted */
    char result[8];        /* the end token, "" when the movetext has none */
    int result_line, result_col;
    int end_line, end_col; /* where the game's text ends */
} qp_pgn;

void qp_pgn_init(qp_pgn *p);
void qp_pgn_free(qp_pgn *p);
int qp_pgn_add_tag(qp_pgn *p, const char *key, const char *val, const char *val2);
int qp_pgn_add_move(qp_pgn *p, const char *text, int line, int col);
/* The last tag with this key (case-sensitive), or NULL. */
const qp_pgn_tag *qp_pgn_find(const qp_pgn *p, const char *key);

/* Parses the first game of text[0..len) into p (initialised here); 0,
 * or -1 with err. */
int qp_pgn_read(qp_pgn *p, const char *text, size_t len, char *err, size_t errn);

/* Where the next game of a text starts: a byte offset with its line and
 * column.  Zeroed: the start of the text. */
typedef struct qp_pgn_pos {
    size_t off;
    int line, col;
    int trailer;   /* the line of text after the last game that is no game, 0 */
} qp_pgn_pos;
/* Parses the game at *at into p and moves *at past it: 0; 1 when no game
 * is left, p empty: only blanks and % lines, or (after a game) text that
 * does not start with a tag, such as a footer (at->trailer says where);
 * -1 with err. */
int qp_pgn_read_next(qp_pgn *p, const char *text, size_t len, qp_pgn_pos *at, char *err, size_t errn);

/* The text of p: tags, moves numbered from full move `number` (black_first:
 * the first move is the second side's, written "N..."; one_side: every
 * move gets its own number), then p->result ("*" when empty).  malloc'd,
 * NUL-terminated; NULL when out of memory. */
char *qp_pgn_write(const qp_pgn *p, int number, bool black_first, bool one_side, size_t *len);

/* True for 1-0 0-1 1/2-1/2 * */
bool qp_pgn_is_result(const char *tok);

#endif
