/*
 * gui_draw.h — draws one frame of the window: board, pieces, markers, side
 * panel and any dialog.
 *
 * Drawing reads the state and the layout and never changes the game; the
 * only things it touches are the renderer and its own caches (the painted
 * empty board, piece sprites, shapes, text textures).  The window and
 * `qipan render` call the same function, so an off-screen picture is
 * exactly what the window shows.
 */
#ifndef GUI_DRAW_H
#define GUI_DRAW_H

#include "gui_font.h"
#include "gui_gfx.h"
#include "gui_layout.h"
#include "gui_state.h"
#include "gui_words.h"

#define GUI_SPRITES 48
#define GUI_SHAPES 96

/* A piece painted once into a texture, reused every frame. */
typedef struct gui_sprite {
    char glyph[16];
    char letter;
    int side;
    int size;                 /* texture width = height */
    SDL_Texture *tex;
} gui_sprite;

/* A round marker painted once (see gui_paint.h). */
typedef struct gui_shape_entry {
    int kind, a100, b100;
    SDL_Color c, c2;
    int size;
    SDL_Texture *tex;
    unsigned used;
} gui_shape_entry;

/* Invariant: board_tex (when set) holds the empty board painted for the
 * layout recorded in the board_* keys, covering board_rect; every sprite
 * has radius sprite_r100/100 and the colours of sprite_rules. */
typedef struct gui_draw_ctx {
    gui_gfx gfx;
    gui_fonts fonts;
    SDL_Texture *board_tex;
    SDL_Rect board_rect;
    int board_w, board_h, board_cell, board_ox, board_oy;
    bool board_flip;
    const qp_geom *board_geo;
    gui_sprite sprite[GUI_SPRITES];
    int nsprite, sprite_r100, sprite_style;
    const qp_rules *sprite_rules;
    gui_shape_entry shape[GUI_SHAPES];
    unsigned frame;
} gui_draw_ctx;

/* Sets up shapes and fonts for a renderer.  Returns 0 or -1 with err. */
int gui_draw_init(gui_draw_ctx *d, SDL_Renderer *ren, char *err, size_t errn);
void gui_draw_free(gui_draw_ctx *d);
/* Drops cached textures (the renderer lost them). */
void gui_draw_flush(gui_draw_ctx *d);

/* ticks drives small animations (the thinking indicator). */
void gui_draw_frame(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);

/* Bilingual text: "中文 English", or only the English without a CJK font. */
const char *gui_bi(const gui_fonts *f, char *buf, size_t n, const char *zh, const char *en);

#endif
