/*
 * sgf.h — SGF (Smart Game Format, FF[4]) records of Go, read and written.
 *
 * Read: the first game of a collection: its main line (the first child
 * at every branch) and its other branches as the record's variations
 * (variation.h).  Root properties: GM (1, Go, or absent), SZ (square, up
 * to 19; SGF's default 19 when absent), KM (komi; 0 when absent), PB, PW,
 * DT, EV, PC, RO, RE, AB/AW/AE setup (points, or FF[4]'s rectangles
 * "aa:cc") and PL (side to move), which make the record's start position
 * (a FEN); moves B[] and W[] with a point, or empty ("B[]", and "tt" on
 * boards up to 19) for a pass; C comments, kept on the move of their
 * node (comments[0]: the root's and those before the first move; a
 * branch's nodes before its first move: that move's pre).  A move of the
 * side not to move is preceded by a pass of the other (qipan's games
 * alternate), in a branch too.  Other properties (markup, times, names)
 * are read for their syntax and not kept.  Branches that set up stones,
 * branches without a move, branches nested deeper than QP_VAR_DEPTH and
 * other games of the collection are skipped and counted
 * (rec->nvariations: frontends say "N variations not kept").  Malformed
 * text is refused with "NAME:LINE:COL: why near 'TEXT'" and nothing is
 * read.
 *
 * The record names ruleset "go" (SGF's GM[1]) with params size and komi;
 * players, date, event, site, round and RE are kept tags (Black, White,
 * Date as YYYY.MM.DD, Event, Site, Round, RE), so PGN keeps them too.
 * RE is kept as written and never checked against the moves (a scored
 * result counts dead stones the game's own count keeps).
 *
 * Written: one game with src's comments and variations (for the moves g
 * shares with src: the first child at each branch is the line g or the
 * variation goes on with, the alternatives follow, a variation's move
 * that does not replay ends it; NAGs are not written), escaping "\" and
 * "]" in values; what is read back from it is written again byte for
 * byte.
 */
#ifndef QP_SGF_H
#define QP_SGF_H

#include <stddef.h>

#include "record_format.h"

extern const qp_record_format qp_sgf_format;

qp_sniff qp_sgf_sniff(const unsigned char *data, size_t len);
int qp_sgf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn);
/* g as SGF, keeping from src (may be NULL) its tags and, while g still
 * has its moves, its comments and RE.  NULL with err for a game that is
 * not Go-like (a square board of points up to 19, params size and komi,
 * moves that are points or a pass).  malloc'd, *len bytes. */
char *qp_sgf_write(const qp_game *g, const qp_record *src, size_t *len, char *err, size_t errn);

/* The area count the game reports in its status line ("Area: Black 45 ·
 * White 36 + 7.5"): each side's stones and surrounded points, and komi
 * in half points.  False when the game reports none. */
bool qp_sgf_area(const qp_rules *r, const void *s, int area[2], int *komi2);
/* "B+3.5", "W+0.5" or "0" from Black's lead in half points. */
void qp_sgf_score_text(int lead2, char *out, size_t n);

#endif
