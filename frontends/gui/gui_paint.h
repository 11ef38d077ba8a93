/*
 * gui_paint.h — what the drawing modules (gui_draw, gui_board, gui_panel)
 * share: the drawing context with its caches, the palette, side colours
 * and words, and round shapes as cached textures.
 *
 * Shapes (discs, rings, halos) are painted once with exact coverage
 * (gui_raster) per (kind, size, colour) and then copied, so markers look
 * the same on every renderer and cost one copy per frame.
 */
#ifndef GUI_PAINT_H
#define GUI_PAINT_H

#include "gui_font.h"
#include "gui_gfx.h"
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

/* A round marker painted once (gui_shape). */
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
    bool board_flip, board_numbers;   /* board_numbers: the traditional file numbers at its edges */
    const qp_geom *board_geo;
    gui_sprite sprite[GUI_SPRITES];
    int nsprite, sprite_r100, sprite_style;
    const qp_rules *sprite_rules;
    gui_shape_entry shape[GUI_SHAPES];
    unsigned frame;
} gui_draw_ctx;

#define GUI_C(r, g, b, a) gui_rgba(r, g, b, a)

/* palette */
extern const SDL_Color GUI_BG, GUI_PANEL, GUI_PANEL_BOX, GUI_TEXT, GUI_TEXT_DIM;
extern const SDL_Color GUI_WOOD_TOP, GUI_WOOD_BOTTOM, GUI_FRAME, GUI_INK, GUI_COORD;
extern const SDL_Color GUI_IVORY, GUI_IVORY_RIM, GUI_PIECE_EDGE, GUI_RED, GUI_BLACK;
extern const SDL_Color GUI_SELECT, GUI_TARGET, GUI_LASTMV, GUI_CHECK, GUI_LEASH, GUI_TRAP;
extern const SDL_Color GUI_OK_GREEN, GUI_ERR_RED, GUI_BUTTON, GUI_BUTTON_HOVER, GUI_CARD, GUI_CARD_TEXT;

/* Ink of a side's glyphs and the look of its plain stones: by the colour
 * words the sides are named with when those differ, else by place. */
SDL_Color gui_side_colour(const qp_rules *r, int side);
void gui_stone_colours(const qp_rules *r, int side, SDL_Color *body, SDL_Color *rim);
void gui_cap_word(char *buf, size_t n, const char *w);
/* "红方 Red" (or "Red"). */
const char *gui_side_bi(const gui_fonts *f, const qp_rules *r, int side, char *buf, size_t n);

typedef enum gui_shape_kind { GUI_SHAPE_DISC, GUI_SHAPE_RING, GUI_SHAPE_GLOW } gui_shape_kind;
/* Disc: radius a, centre colour c, rim colour c2.  Ring: radii a..b in c.
 * Glow: c inside a, fading out at b.  Centred on (x, y). */
void gui_shape(gui_draw_ctx *d, gui_shape_kind k, float x, float y, float a, float b, SDL_Color c, SDL_Color c2);
/* A small picture of a side's piece (stone, or ivory with the side's ring). */
void gui_side_badge(gui_draw_ctx *d, const gui_state *st, int side, float x, float y, float rad);

/* Drops the cached shapes (the renderer lost them, or the end). */
void gui_paint_drop_shapes(gui_draw_ctx *d);

/* A text in the window's language (gui_lang_join): "中文 English", "中文"
 * or "English"; only the English without a CJK font. */
const char *gui_bi(const gui_fonts *f, char *buf, size_t n, const char *zh, const char *en);
/* The same with the Chinese from the catalogue (gui_zh). */
const char *gui_tr(const gui_fonts *f, char *buf, size_t n, const char *en);

#endif
