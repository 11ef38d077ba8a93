/*
 * gui_winstate.h — the window's own state of a game (who plays, the
 * level, the flip, the clocks), kept beside its record: FILE.txt has
 * FILE.window, "key values" lines:
 *
 *     mode 2
 *     level 5
 *     flip 0
 *     tc KIND BASE_S INC_S MOVE_S
 *     left MS MS
 *     spent MS MS
 *
 * Reading is forgiving (the game itself is in the record): a line that
 * does not parse or is out of range is ignored, at most 32 lines are
 * read.  Writing goes through the safe save (fileio.h).
 */
#ifndef GUI_WINSTATE_H
#define GUI_WINSTATE_H

#include <stdbool.h>
#include <stddef.h>

#include "gui_state.h"

/* FILE.window beside the record FILE.txt (or FILE). */
void gui_winstate_path(const char *record, char *out, size_t n);
/* The text of st's window state (the format above). */
void gui_winstate_text(const gui_state *st, char *buf, size_t n);
/* Writes it beside record; 0, or -1 with err. */
int gui_winstate_save(const gui_state *st, const char *record, char *err, size_t errn);
/* The file beside record, read whole into buf; false when there is none. */
bool gui_winstate_read(const char *record, char *buf, size_t n);
/* Applies what text says to st, line by line (see above). */
void gui_winstate_apply(gui_state *st, const char *text);

#endif
