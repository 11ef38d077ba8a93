/*
 * gui_picker.h — the choice a click opens when it completes several legal
 * moves (GUI_DLG_CHOOSE, gui_state.h): a small card beside the clicked
 * point, one cell per move — the piece that would land there, drawn as
 * the board draws it, with its name and key (a promotion: Q R B N), else
 * the move's text and a digit — and Cancel.
 *
 * Like the other dialogs, drawing reads the state and never changes it; a
 * key or click becomes GUI_ACT_CHOOSE (gui_input.h), arg the choice or -1
 * to cancel, which the app applies.  Keys: the choice's letter or digit,
 * Esc cancels; every other key is swallowed while the card is open (Q
 * would quit otherwise).  A click outside the card cancels.
 */
#ifndef GUI_PICKER_H
#define GUI_PICKER_H

#include "gui_input.h"
#include "gui_layout.h"
#include "gui_paint.h"

/* Where the card's parts go.  Invariant: everything lies inside the
 * picture; item[i] for i < n. */
typedef struct gui_picker_layout {
    SDL_Rect card, title, item[GUI_MAX_CHOICE], cancel;
    int n;
    bool pieces;              /* cells of pieces (a promotion), else rows of move texts */
    int cell;                 /* a piece cell's width */
} gui_picker_layout;
void gui_layout_picker(const gui_layout *L, const gui_state *st, gui_picker_layout *P);

/* A key or click while the choice is open, into act; false when no
 * choice is open. */
bool gui_picker_key(const SDL_KeyboardEvent *k, const gui_state *st, gui_action *act);
bool gui_picker_click(const gui_layout *L, const gui_state *st, int x, int y, gui_action *act);

/* Draws the card when the choice is open; false when it is not. */
bool gui_picker_draw(gui_draw_ctx *d, const gui_layout *L, const gui_state *st);

#endif
