/*
 * gui_words.h — the Chinese the window shows beside English: side names
 * and the words of flags, outcome reasons and level names.  Pure lookups
 * (no SDL), shared by drawing and by the state's banner text.
 */
#ifndef GUI_WORDS_H
#define GUI_WORDS_H

#include "ruleset.h"

/* Chinese for a side ("红方"), and for a flag, reason or level name; "" if none. */
const char *gui_side_zh(const qp_rules *r, int side);
const char *gui_word_zh(const char *en);
/* The name of a piece drawn as a chess figure (U+2654…U+265F: "queen",
 * zh "后"), "" for any other glyph. */
const char *gui_piece_name(const qp_piece_view *pv, bool zh);

#endif
