/*
 * gui_panel.h — the side panel (players, clocks, moves, messages) and the
 * dialogs drawn over the window: parts of a frame (gui_draw.c).
 */
#ifndef GUI_PANEL_H
#define GUI_PANEL_H

#include "gui_layout.h"
#include "gui_paint.h"

void gui_draw_panel(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);
void gui_draw_dialog(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);

#endif
