/*
 * gui_draw.h — draws one frame of the window: board, pieces, markers, side
 * panel and any dialog.
 *
 * Drawing reads the state and the layout and never changes the game; the
 * only things it touches are the renderer and its own caches (the painted
 * empty board, piece sprites, shapes, text textures).  The window and
 * `qipan render` call the same function, so an off-screen picture is
 * exactly what the window shows.
 *
 * The frame is put together here from the board (gui_board.h) and the
 * panel and dialogs (gui_panel.h); what those share — the drawing context,
 * palette, words and shapes — is gui_paint.h, below all three.
 */
#ifndef GUI_DRAW_H
#define GUI_DRAW_H

#include "gui_layout.h"
#include "gui_paint.h"

/* Sets up shapes and fonts for a renderer.  Returns 0 or -1 with err. */
int gui_draw_init(gui_draw_ctx *d, SDL_Renderer *ren, char *err, size_t errn);
void gui_draw_free(gui_draw_ctx *d);
/* Drops cached textures (the renderer lost them). */
void gui_draw_flush(gui_draw_ctx *d);

/* ticks drives small animations (the thinking indicator). */
void gui_draw_frame(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);

#endif
