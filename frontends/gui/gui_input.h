/*
 * gui_input.h — turns SDL events into the window's actions.
 *
 * Input knows where things are (the layout) and which dialog is open, but
 * changes nothing: the app applies the action.  Mouse positions arrive in
 * window coordinates and are scaled to drawable pixels (HiDPI) here, so
 * every other module works in drawable pixels only.
 */
#ifndef GUI_INPUT_H
#define GUI_INPUT_H

#include <SDL.h>

#include "gui_layout.h"
#include "gui_state.h"

typedef enum gui_act {
    GUI_ACT_NONE,
    GUI_ACT_QUIT,
    GUI_ACT_BOARD,        /* arg: the point clicked */
    GUI_ACT_BUTTON,       /* arg: gui_button; alt: secondary (right click, Shift) */
    GUI_ACT_GOTO,         /* arg: ply to show */
    GUI_ACT_STEP,         /* arg: -1 back, +1 forward, -1000 start, +1000 end */
    GUI_ACT_SCROLL,       /* arg: rows (positive: down) */
    GUI_ACT_HOVER,        /* x, y: pointer in drawable pixels */
    GUI_ACT_YES,          /* dialog: confirm */
    GUI_ACT_NO,           /* dialog: cancel */
    GUI_ACT_TEXT,         /* text: typed into the entry */
    GUI_ACT_BACKSPACE,
    GUI_ACT_CLEAR,        /* empty the entry */
    GUI_ACT_DESELECT,
    GUI_ACT_ZOOM,         /* arg: +1 larger, -1 smaller, 0 the starting size */
    GUI_ACT_FULLSCREEN,   /* toggle */
    GUI_ACT_REDRAW,       /* exposed, resized, a search report; arg 1: textures lost */
    GUI_ACT_NG,           /* New Game dialog: arg is a gui_ng_item */
    GUI_ACT_DROP,         /* left button released: arg the point under it or -1; x, y */
    GUI_ACT_SETTING,      /* settings dialog: arg is a GUI_SET_* choice */
    GUI_ACT_FILE,         /* save/load dialog: arg is the listed entry clicked */
    GUI_ACT_TOOL,         /* the player tools: arg a gui_tool_item, x its row, point or piece (gui_toolview.h) */
    GUI_ACT_CHOOSE        /* the choice a click opened (gui_picker.h): arg the move chosen, -1 cancel */
} gui_act;

typedef struct gui_action {
    gui_act type;
    int arg;
    bool alt;
    int x, y;
    char text[32];
} gui_action;

/* scale: drawable pixels per window coordinate (1 without HiDPI).
 * wake_event: the user event type the search thread pushes. */
void gui_input_event(const SDL_Event *ev, const gui_layout *L, const gui_state *st, float scale,
                     Uint32 wake_event, gui_action *out);

#endif
