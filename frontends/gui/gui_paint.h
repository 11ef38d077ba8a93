/*
 * gui_paint.h — what the drawing modules share (internal to gui_draw,
 * gui_board and gui_panel): the palette, side colours and words, and
 * round shapes as cached textures.
 *
 * Shapes (discs, rings, halos) are painted once with exact coverage
 * (gui_raster) per (kind, size, colour) and then copied, so markers look
 * the same on every renderer and cost one copy per frame.
 */
#ifndef GUI_PAINT_H
#define GUI_PAINT_H

#include "gui_draw.h"

#define GUI_C(r, g, b, a) gui_rgba(r, g, b, a)

/* palette */
extern const SDL_Color GUI_BG, GUI_PANEL, GUI_PANEL_BOX, GUI_TEXT, GUI_TEXT_DIM;
extern const SDL_Color GUI_WOOD_TOP, GUI_WOOD_BOTTOM, GUI_FRAME, GUI_INK, GUI_COORD;
extern const SDL_Color GUI_IVORY, GUI_IVORY_RIM, GUI_PIECE_EDGE, GUI_RED, GUI_BLACK;
extern const SDL_Color GUI_SELECT, GUI_TARGET, GUI_LASTMV, GUI_CHECK, GUI_LEASH, GUI_TRAP;
extern const SDL_Color GUI_OK_GREEN, GUI_ERR_RED, GUI_BUTTON, GUI_BUTTON_HOVER, GUI_CARD, GUI_CARD_TEXT;

/* Ink of a side's glyphs and the look of its plain stones. */
SDL_Color gui_side_colour(const qp_rules *r, int side);
bool gui_stone_white(const qp_rules *r, int side);
void gui_cap_word(char *buf, size_t n, const char *w);
/* "红方 Red" (or "Red"). */
const char *gui_side_bi(const gui_fonts *f, const qp_rules *r, int side, char *buf, size_t n);

typedef enum gui_shape_kind { GUI_SHAPE_DISC, GUI_SHAPE_RING, GUI_SHAPE_GLOW } gui_shape_kind;
/* Disc: radius a, centre colour c, rim colour c2.  Ring: radii a..b in c.
 * Glow: c inside a, fading out at b.  Centred on (x, y). */
void gui_shape(gui_draw_ctx *d, gui_shape_kind k, float x, float y, float a, float b, SDL_Color c, SDL_Color c2);
/* A small picture of a side's piece (stone, or ivory with the side's ring). */
void gui_side_badge(gui_draw_ctx *d, const gui_state *st, int side, float x, float y, float rad);

/* The board and its pieces (gui_board.c), the side panel and dialogs
 * (gui_panel.c). */
void gui_draw_board(gui_draw_ctx *d, const gui_layout *L, const gui_state *st);
void gui_board_flush(gui_draw_ctx *d);
void gui_draw_panel(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);
void gui_draw_dialog(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks);

#endif
