/*
 * gui_opening.h — naming a game's opening from a table of move lines
 * (scripts/openings/RULESET.txt; for Xiangqi the ECCO codes).
 *
 * A table line is "CODE | MOVES | 中文名 | English name", moves in the
 * ruleset's coordinates from its start position; a game is named by the
 * longest line its first moves follow, and only when it began at the
 * start position.  No SDL here; the panel shows the name.
 */
#ifndef GUI_OPENING_H
#define GUI_OPENING_H

#include <stddef.h>

#include "game.h"

#define GUI_OPENING_MOVES 12

typedef struct gui_opening {
    char code[8];
    char zh[64], en[96];
    int n;                                   /* 1..GUI_OPENING_MOVES */
    char mv[GUI_OPENING_MOVES][QP_MOVE_TEXT];
} gui_opening;

typedef struct gui_openings {
    int n;
    gui_opening *e;                          /* malloc'd */
} gui_openings;

/* Reads a table's text (at most 1 MB).  Returns 0, or -1 with err naming
 * the line ("line 12: …") and the table left empty. */
int gui_openings_parse(gui_openings *o, const char *text, size_t len, char *err, size_t errn);
/* The table of ruleset under scripts_dir/openings; a missing file is an
 * empty table (0), an unreadable or bad one -1 with err. */
int gui_openings_load(gui_openings *o, const char *scripts_dir, const char *ruleset, char *err, size_t errn);
void gui_openings_free(gui_openings *o);
/* The opening of game g (its moves up to its end), or NULL. */
const gui_opening *gui_openings_find(const gui_openings *o, const qp_game *g);

#endif
