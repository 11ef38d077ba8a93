/*
 * dhtmlxq.h — DhtmlXQ ("UBB") records, the Xiangqi web format: a block
 * of tags, in a .txt file or inside an HTML page (the first block of the
 * page is read):
 *
 *     [DhtmlXQ]
 *     [DhtmlXQ_title]...[/DhtmlXQ_title]      (also _event _date _place
 *                                              _round _red _black _redteam
 *                                              _blackteam _open _author)
 *     [DhtmlXQ_result]红胜[/DhtmlXQ_result]    (W/L/D, 红胜, 黑胜, 和棋, 1-0, ...)
 *     [DhtmlXQ_binit]...[/DhtmlXQ_binit]      (the start position, see below)
 *     [DhtmlXQ_movelist]77477062...[/DhtmlXQ_movelist]
 *     [DhtmlXQ_comment0]...[/DhtmlXQ_comment0]  (before the first move;
 *                                              commentN after move N, "||" a line break)
 *     [DhtmlXQ_move_0_5_1]...[/DhtmlXQ_move_0_5_1]  (variation 1: replaces move 5
 *                                              of branch 0, the main line)
 *     [DhtmlXQ_comment1_6]...                  (after move 6 of variation 1)
 *     [/DhtmlXQ]
 *
 * Squares are two digits, the file 0-8 from Red's left and the row 0-9
 * from Black's side (Red's back row is 9): a move is four digits, from
 * then to ("7747" is h2e2 in ICCS, 炮二平五).  binit is 32 squares, one a
 * piece in the order R N B A K A B N R C C P P P P P, then Black's the
 * same; "99" is a piece off the board.  The side to move is the side of
 * the first move's piece (Red when there is none); without binit the game
 * starts from the standard position.
 *
 * The reader makes a Xiangqi qp_record with ICCS moves, the tags kept as
 * PGN tags (Event, Site, Date, Round, Red, Black, RedTeam, BlackTeam,
 * Opening, Annotator, Title), the main line's comments, and the
 * variations with theirs (record.h's alt and vars): [DhtmlXQ_move_B_S_N]
 * is branch N, whose first move replaces move S (a ply of the game, from
 * 1) of branch B.  A branch that leaves a move its parent lacks, or whose
 * digits are bad, is counted in nvariations and not kept.  Viewer settings (_ver, _init, _firstnum, ...) are ignored.
 * HTML entities in values (&nbsp; &amp; &#20013; ...) are decoded.
 * Errors: "FILE:LINE:COL: why" (a bad binit or movelist, a tag left open:
 * "truncated").
 */
#ifndef QP_DHTMLXQ_H
#define QP_DHTMLXQ_H

#include <stddef.h>

#include "record_format.h"

qp_sniff qp_dhtmlxq_sniff(const unsigned char *data, size_t len);
int qp_dhtmlxq_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                     size_t errn);

#endif
