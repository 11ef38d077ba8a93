/*
 * pass_guard.h — passing in games scored by area with every stone on the
 * board alive (Go as qipan declares it: a pass is always legal, two in a
 * row end the game, and the count takes every stone as it stands).
 *
 * A search may choose to pass while a move still gains: a capture, the
 * defence of a group in atari, a neutral point (dame) made one's own;
 * against an opponent who plays on, or under a count with no dead stones
 * removed, that pass loses points.  The guard replaces such a pass by the
 * move that gains most, among the legal moves (superko included) that
 * leave the stone's group at least two liberties and do not fill one of
 * the mover's own eyes (a point all of whose neighbours are its stones).
 * In cleanup mode (GTP's kgs-genmove_cleanup) taking a liberty of an
 * enemy group also counts, so dead stones are captured before the engine
 * passes.  Frontends apply it to the engine's move when the game is
 * scored by area (qp_sgf_area); the search itself is unchanged.
 *
 * It reads the board through piece_at (sides 0 and 1), the grid's N/E/S/W
 * neighbours and point names "a1".."t19"; a move text "pass" is the pass.
 */
#ifndef QP_PASS_GUARD_H
#define QP_PASS_GUARD_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* The point a placement's text names ("c3": file letter, rank from 1),
 * -1 for a pass or anything else. */
int qp_stone_point(const qp_rules *r, const char *text);
/* col[sq] (r->geom.n entries): the side of the stone on sq, -1 empty. */
void qp_stone_colours(const qp_rules *r, const void *s, int8_t *col);

/* best, or the move that gains most when best is a pass (or none). */
qp_move qp_pass_guard(const qp_rules *r, const qp_game *g, qp_move best, bool cleanup);

#endif
