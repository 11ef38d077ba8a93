/*
 * why.h — the one door through which a refused move says why.
 *
 * The window (a click that makes no move) and the console (a typed move
 * that is no move) both ask here; the answer is a reason code and the
 * reason in English and Chinese (qp_why, ruleset.h).  The framework
 * decides what needs no knowledge of the game — the game is over, a point
 * off the board, a move the superko rule forbids, an unfinished move — then
 * asks the ruleset's why_refused hook, and when the hook has nothing to
 * say, gives a generic reason from the legal moves and the pieces on the
 * points (no piece there, not your piece, your own piece in the way, no
 * move for that piece, it cannot go there).
 */
#ifndef QP_WHY_H
#define QP_WHY_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

/* The points of move m in s: move_squares, else the points its text names. */
int qp_move_points(const qp_rules *r, const void *s, qp_move m, int *pts, int max);
/* Every point move m in s changes, for marking it: its points as above,
 * then the ruleset's move_effects (a castling rook's from and to, a pawn
 * taken en passant, discs flipped, stones captured), each point once.
 * *npoints (when not NULL) gets how many lead as the points above, so one
 * call serves both. */
int qp_move_marks(const qp_rules *r, const void *s, qp_move m, int *pts, int max, int *npoints);

/* Point sq as the game's move texts name it (the point_name hook: a
 * draughts square's number), else its coordinates; buf of 8 bytes will do. */
void qp_point_name(const qp_rules *r, int sq, char *buf, size_t n);
/* Why pts (entered in this order) are no legal move at the game's cursor.
 * finished: the player says the move ends there (a typed move); when
 * false (clicks so far) points that begin a legal move are no refusal.
 * Returns the code, QP_WHY_NONE (why's texts "") when there is nothing
 * to refuse. */
qp_why_code qp_why_points(const qp_game *g, const int *pts, int npts, bool finished, qp_why *why);
/* Why the typed text is no legal move at the cursor (a text of points is
 * asked as points; any other the ruleset's move_parse reason is given as
 * QP_WHY_RULE, without a leading "TEXT: " that repeats what was typed). */
qp_why_code qp_why_text(const qp_game *g, const char *text, qp_why *why);

/* Fills why: code and both texts (copied, cut to fit).  Returns code. */
qp_why_code qp_why_set(qp_why *why, qp_why_code code, const char *en, const char *zh);

/* How a reason is written on one line. */
typedef enum qp_why_style {
    QP_WHY_EN,           /* English only */
    QP_WHY_EN_ZH,        /* "English / 中文" (the console) */
    QP_WHY_ZH_EN         /* "中文 English" (the window's bilingual style) */
} qp_why_style;
void qp_why_line(const qp_why *why, qp_why_style style, char *buf, size_t n);
/* The code's name for logs and tests ("blocked"), "?" out of range. */
const char *qp_why_name(qp_why_code code);

#endif
