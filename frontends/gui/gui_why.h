/*
 * gui_why.h — a click that made no move says why, in the ruleset's words.
 *
 * The points the player had selected and the point clicked are asked of
 * the framework's one door (framework/why.h: the ruleset's why_refused
 * hook, else the framework's generic reasons); the answer becomes the
 * message line, "中文 English" when the font shows Chinese.  No SDL here,
 * so tests/unit/test_gui_state.c runs it without a window.
 */
#ifndef GUI_WHY_H
#define GUI_WHY_H

#include <stdbool.h>

#include "gui_state.h"

/* sel[0..nsel): the selection before the click on sq, which left none.
 * Sets the message (an error) and returns true when there is a reason to
 * give; a click on an empty point with nothing selected, in a game that
 * does not place, says nothing. */
bool gui_why_click(gui_state *st, const int *sel, int nsel, int sq);

#endif
