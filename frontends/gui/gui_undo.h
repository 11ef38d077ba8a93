/*
 * gui_undo.h — what Undo takes back, so that the button and the key agree.
 *
 * Against the computer one press takes back the player's last move and
 * the computer's reply (or its search, when it is still thinking), so the
 * player is to move again; between two people, or when the computer plays
 * both sides, one ply.  Undo has nothing to take back at the start of the
 * record, and after a flag fall (the clock cannot give time back).  No SDL
 * here: tests/unit/test_gui_state.c checks it without a window.
 */
#ifndef GUI_UNDO_H
#define GUI_UNDO_H

#include <stdbool.h>

#include "gui_state.h"

/* The ply Undo takes the game back to, or -1 when it takes no move back
 * (a resignation and the game New replaced are the app's to restore). */
int gui_undo_target(const gui_state *st);
/* Whether the Undo button does something: a move to take back, a
 * resignation, or the game New replaced; never after a flag fall. */
bool gui_undo_enabled(const gui_state *st);

#endif
