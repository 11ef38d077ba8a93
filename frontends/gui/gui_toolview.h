/*
 * gui_toolview.h — the player tools on screen: the Library dialog, the
 * position editor's panel and the question before a paste replaces a
 * game; where their parts are, how they are drawn, and which key or
 * click means what.
 *
 * Like the other dialogs, drawing reads the state (gui_state's lib, ed
 * and paste fields) and never changes it; a click or key becomes a
 * GUI_ACT_TOOL action (gui_input.h) whose arg is a gui_tool_item and x
 * its row, point or palette index, which the app applies.  The editor
 * leaves the board visible and clickable: its panel covers the side
 * panel only.
 */
#ifndef GUI_TOOLVIEW_H
#define GUI_TOOLVIEW_H

#include "gui_input.h"
#include "gui_layout.h"
#include "gui_paint.h"

typedef enum gui_tool_item {
    /* anywhere (keys) */
    GUI_TOOL_COPY_FEN, GUI_TOOL_COPY_RECORD, GUI_TOOL_PASTE, GUI_TOOL_LIBRARY, GUI_TOOL_EDITOR,
    GUI_TOOL_NOTATION,        /* hints and best lines: the game's notation or coordinates */
    GUI_TOOL_EDGE,            /* the board's edges: coordinates or the traditional file numbers */
    /* the Library dialog: x the row's game for LIB_ROW */
    GUI_LIB_ROW, GUI_LIB_OPEN, GUI_LIB_EXPORT, GUI_LIB_DELETE, GUI_LIB_UNDO, GUI_LIB_CLOSE,
    GUI_LIB_UP, GUI_LIB_DOWN, GUI_LIB_SCROLL,
    /* the editor: x the point (ED_SQ) or palette index, -1 the eraser (ED_PAL) */
    GUI_ED_SQ, GUI_ED_PAL, GUI_ED_SIDE, GUI_ED_CLEAR, GUI_ED_START, GUI_ED_PLAY, GUI_ED_ANALYSE, GUI_ED_CANCEL,
    /* the paste question */
    GUI_PASTE_YES, GUI_PASTE_NO
} gui_tool_item;

/* The Library dialog's buttons, left to right. */
enum { GUI_LIB_BTN_OPEN, GUI_LIB_BTN_EXPORT, GUI_LIB_BTN_DELETE, GUI_LIB_BTN_UNDO, GUI_LIB_BTN_CLOSE, GUI_LIB_BTNS };
typedef struct gui_lib_layout {
    SDL_Rect card, title, list, detail, button[GUI_LIB_BTNS];
    int rows, row_h;
} gui_lib_layout;
void gui_layout_library(const gui_layout *L, gui_lib_layout *B);

/* The editor's panel: title, palette cells (eraser last), side buttons,
 * the action buttons and the line for the refusal. */
enum { GUI_ED_BTN_CLEAR, GUI_ED_BTN_START, GUI_ED_BTN_PLAY, GUI_ED_BTN_ANALYSE, GUI_ED_BTN_CANCEL, GUI_ED_BTNS };
typedef struct gui_ed_layout {
    SDL_Rect area, title, side_label, side[2], button[GUI_ED_BTNS], msg;
    int pal_x, pal_y, pal_cell, pal_cols;   /* cell c of row k at (pal_x + c*cell, pal_y + k*cell) */
} gui_ed_layout;
void gui_layout_editor(const gui_layout *L, int npal, gui_ed_layout *E);

/* A key or click of the tools into act (type GUI_ACT_TOOL); false when
 * it is none of theirs. */
bool gui_toolview_key(const SDL_KeyboardEvent *k, const gui_state *st, gui_action *act);
bool gui_toolview_click(const gui_layout *L, const gui_state *st, int x, int y, gui_action *act);

/* Move m of the position shown as the player reads it: the game's own
 * notation and the coordinates ("炮二平五 h3e3") unless st->coords or the
 * font has no Chinese, else the coordinates alone. */
void gui_tools_move_words(const gui_state *st, qp_move m, char *buf, size_t n);

/* Draws the tools' dialog when one is open; false when none is. */
bool gui_toolview_draw(gui_draw_ctx *d, const gui_layout *L, const gui_state *st);

#endif
