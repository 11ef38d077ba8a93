/*
 * gui_draw.h — draws one frame of the window: board, pieces, markers, side
 * panel and any dialog.
 *
 * Drawing reads the state and the layout and never changes the game; the
 * only things it touches are the renderer and its own caches (shape
 * batches, text textures).  The window and `qipan render` call the same
 * function, so an off-screen picture is exactly what the window shows.
 */
#ifndef GUI_DRAW_H
#define GUI_DRAW_H

#include "gui_font.h"
#include "gui_gfx.h"
#include "gui_layout.h"
#include "gui_state.h"

typedef struct gui_draw_ctx {
    gui_gfx gfx;
    gui_fonts fonts;
} gui_draw_ctx;

/* Sets up shapes and fonts for a renderer.  Returns 0 or -1 with err. */
int gui_draw_init(gui_draw_ctx *d, SDL_Renderer *ren, char *err, size_t errn);
void gui_draw_free(gui_draw_ctx *d);

/* ticks drives small animations (the thinking indicator). */
void gui_draw_frame(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);

/* Bilingual text: "中文 English", or only the English without a CJK font. */
const char *gui_bi(const gui_fonts *f, char *buf, size_t n, const char *zh, const char *en);
/* Words for a side, flag and outcome reason, Chinese and English. */
const char *gui_side_zh(const qp_rules *r, int side);
const char *gui_word_zh(const char *en);

#endif
