/*
 * gui_clipboard.h — what the window copies and pastes: the position as
 * FEN, the game as its record (PGN), and pasted text read back as either.
 *
 * No SDL here: the app moves the text through SDL's clipboard and asks
 * before a paste replaces a game in progress.  A paste that is neither
 * is refused with its reason and the text itself (the first 60
 * characters), and nothing changes.
 */
#ifndef GUI_CLIPBOARD_H
#define GUI_CLIPBOARD_H

#include <stddef.h>

#include "game.h"
#include "registry.h"

typedef enum gui_paste_kind { GUI_PASTE_FEN, GUI_PASTE_RECORD } gui_paste_kind;

/* Reads pasted text: one line with a '/' in its first field is a FEN of
 * the game shown (rules cur, a new instance of its ruleset and
 * parameters); anything else a record, whose tags name its game (none:
 * the game shown).  On success *r_out and *g are the caller's (free g
 * before r).  Returns the kind, or -1 with err. */
int gui_paste_read(const qp_registry *reg, const qp_rules *cur, const char *text, qp_rules **r_out, qp_game *g,
                   char *err, size_t errn);

/* The record of g as PGN text (malloc'd; NULL with err). */
char *gui_copy_record(const qp_game *g, char *err, size_t errn);

/* The start of text for a message: at most max bytes of whole UTF-8
 * characters, line breaks as spaces, "…" when cut. */
void gui_paste_excerpt(const char *text, char *buf, size_t n, size_t max);

#endif
