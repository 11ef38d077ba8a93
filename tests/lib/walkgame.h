/*
 * walkgame.h — a tiny ruleset used by the framework's own tests.
 *
 * A token on cells 0..6 of a line; the side to move steps it left ("l") or
 * right ("r"), or "c" ("capture": only from cell 0, resets the no-capture
 * counter).  Standing on cell 6 means the side to move is in check, so the
 * move into it "gave check".  No natural end: the history rules decide.
 * Built to drive the game layer (repetition, perpetual check, counters,
 * undo/redo, records) without depending on a real game.
 */
#ifndef QP_WALKGAME_H
#define QP_WALKGAME_H

#include "ruleset.h"

extern const qp_ruleset walk_ruleset;

typedef struct walk_state {
    int cell, side, moves_made;
} walk_state;

#endif
