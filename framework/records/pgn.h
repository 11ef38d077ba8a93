/*
 * pgn.h — PGN text: tag pairs and movetext, read and written without
 * knowing the game.
 *
 * Reading takes the first game of a text: tag pairs ([Key "value"], and
 * qipan's [Param "key" "value"] with a second value), then movetext.  In
 * movetext, move numbers (1. 1... 12.), ; comments to the end of the
 * line, % escape lines, ( variations ) at any depth, NAGs ($1) and
 * trailing annotation marks (! ? !? # and a check +) are skipped; every
 * other token is a move, kept with its line and column (columns count
 * characters, from 1).  The {comments} of the main line are kept: those
 * before the first move in comment0, those after a move with it (an
 * engine's "{+0.35/14 0.998s}", an annotator's words), several joined by
 * a space; blanks around each are trimmed and line breaks inside made
 * spaces.  Variations are skipped with their comments and counted
 * (nvariations, the outermost ones).  The game ends at a result token (1-0 0-1 1/2-1/2
 * *), at the next game's tags, or at the end of the text.  A UTF-8 byte
 * order mark, CRLF line ends and ideographic spaces are accepted.  Errors
 * are "LINE:COL: why"; a comment or variation left open is "truncated".
 *
 * Writing puts the tags in order, then comment0 on a line of its own,
 * numbered moves, one full move per line, each move's comment after it,
 * then the result token.
 */
#ifndef QP_PGN_H
#define QP_PGN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct qp_pgn_tag {
    char *key, *val;
    char *val2;            /* a second quoted value, or NULL */
    int line;
} qp_pgn_tag;

typedef struct qp_pgn_move {
    char *text;
    int line, col;
    char *comment;         /* the {comment} after the move, or NULL */
} qp_pgn_move;

/* Invariant: tags[0..ntags) and moves[0..nmoves) own their strings. */
typedef struct qp_pgn {
    qp_pgn_tag *tags;
    int ntags, tcap;
    qp_pgn_move *moves;
    int nmoves, mcap;
    char *comment0;        /* the {comment} before the first move, or NULL */
    int nvariations;       /* ( variations ) skipped, nested ones not counted */
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

/* Parses text[0..len) into p (initialised here); 0, or -1 with err. */
int qp_pgn_read(qp_pgn *p, const char *text, size_t len, char *err, size_t errn);

/* The text of p: tags, moves numbered from full move `number` (black_first:
 * the first move is the second side's, written "N..."; one_side: every
 * move gets its own number), then p->result ("*" when empty).  malloc'd,
 * NUL-terminated; NULL when out of memory. */
char *qp_pgn_write(const qp_pgn *p, int number, bool black_first, bool one_side, size_t *len);

/* True for 1-0 0-1 1/2-1/2 * */
bool qp_pgn_is_result(const char *tok);

#endif
