/*
 * gui_editor.h — the position editor's state: a board of FEN letters the
 * player sets up by hand, the side to move, and the pieces to pick from.
 *
 * Works for any game whose ruleset reads and writes FEN (fen.h's board
 * field: ranks from the top, letters, runs of empty points).  The palette
 * is the game's pieces as its start position (and the position the editor
 * opened on) shows them, both sides.  Nothing is judged while editing; a
 * setup becomes a game only through the ruleset's own FEN reader
 * (gui_editor_game), so an illegal setup is refused with the ruleset's
 * reason and nothing changes.  No SDL here (gui_toolview.h draws it).
 *
 * Invariant: letters[] is indexed like the board's squares (fen.h), 0 an
 * empty point; every letter on it is in the palette.
 */
#ifndef GUI_EDITOR_H
#define GUI_EDITOR_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

#define GUI_ED_PALETTE 40

typedef struct gui_editor {
    const qp_rules *r;
    char letters[QP_MAX_POINTS];
    char start[QP_MAX_POINTS];          /* the start position's letters */
    char hand[64], start_hand[64];      /* pieces in hand after the board ("[GGG]"), kept as they are */
    int side;                           /* to move: 0 or 1 */
    char side_letters[3];               /* the FEN's side letters, "wb" */
    char tail[128];                     /* the FEN after its side field, "- - 0 1" */
    int npal;
    qp_piece_view pal[GUI_ED_PALETTE];  /* glyph points into glyphs[] */
    char glyphs[GUI_ED_PALETTE][16];
    int tool;                           /* palette index, or -1: erase */
    char err[256];                      /* why the last Play / Analyse was refused */
} gui_editor;

/* Opens the editor on position s of r.  Returns 0, or -1 with err when
 * the ruleset reads or writes no FEN. */
int gui_editor_open(gui_editor *e, const qp_rules *r, const void *s, char *err, size_t errn);
/* A click on point sq: puts the tool's piece there (the same piece again
 * empties it), or empties it with the eraser. */
void gui_editor_click(gui_editor *e, int sq);
void gui_editor_clear(gui_editor *e);
void gui_editor_start(gui_editor *e);
void gui_editor_toggle_side(gui_editor *e);
/* The piece on sq as the board draws it; false when empty. */
bool gui_editor_piece_at(const gui_editor *e, int sq, qp_piece_view *out);
/* The setup as FEN text. */
void gui_editor_fen(const gui_editor *e, char *buf, size_t n);
/* A game from the setup.  Returns 0, or -1 with the ruleset's reason in
 * err (also kept in e->err) and g untouched. */
int gui_editor_game(gui_editor *e, qp_game *g, char *err, size_t errn);

#endif
