/*
 * gui_gfx.h — per-frame shapes: fills, rounded rectangles and arrows drawn through the renderer (SDL_RenderFillRect and,
 * for the rounded corners, SDL_RenderGeometry).  Round things on the board
 * are painted by gui_raster instead.  The caller sets the renderer's draw
 * blend mode to SDL_BLENDMODE_BLEND once.
 */
#ifndef GUI_GFX_H
#define GUI_GFX_H

#include <SDL.h>

/* Invariant: v holds room for cap vertices; n is the batch being built. */
typedef struct gui_gfx {
    SDL_Renderer *ren;
    SDL_Vertex *v;
    int n, cap;
} gui_gfx;

int gui_gfx_init(gui_gfx *g, SDL_Renderer *ren);   /* 0, or -1 out of memory */
void gui_gfx_free(gui_gfx *g);

static inline SDL_Color gui_rgba(Uint8 r, Uint8 g, Uint8 b, Uint8 a)
{
    SDL_Color c = {r, g, b, a};
    return c;
}
SDL_Color gui_mix(SDL_Color a, SDL_Color b, float t);   /* a..b, t in [0,1] */
SDL_Color gui_alpha(SDL_Color c, float k);             /* alpha scaled by k */

void gui_fill_rect(gui_gfx *g, float x, float y, float w, float h, SDL_Color c);
void gui_round_rect(gui_gfx *g, float x, float y, float w, float h, float rad, SDL_Color c);
/* An arrow from (x0, y0) to the tip (x1, y1): a shaft of width w and a
 * head three widths wide. */
void gui_arrow(gui_gfx *g, float x0, float y0, float x1, float y1, float w, SDL_Color c);

#endif
