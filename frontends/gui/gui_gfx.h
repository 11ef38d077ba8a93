/*
 * gui_gfx.h — anti-aliased shapes over SDL_RenderGeometry.
 *
 * SDL2's renderer draws only hard-edged rectangles and 1-pixel lines; a
 * board that must look crisp at any size needs smooth discs, rings and
 * thick lines.  Each shape is a triangle list whose outer half-pixel fades
 * to transparent, which works on every backend including the software
 * renderer used for off-screen pictures.  The caller sets the renderer's
 * draw blend mode to SDL_BLENDMODE_BLEND once.
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
/* Vertical gradient from top colour to bottom colour. */
void gui_vgradient(gui_gfx *g, float x, float y, float w, float h, SDL_Color top, SDL_Color bottom);
void gui_round_rect(gui_gfx *g, float x, float y, float w, float h, float rad, SDL_Color c);
/* Disc shaded from centre colour to rim colour. */
void gui_disc(gui_gfx *g, float cx, float cy, float r, SDL_Color centre, SDL_Color rim);
void gui_ring(gui_gfx *g, float cx, float cy, float r_in, float r_out, SDL_Color c);
/* Soft shadow: alpha falls from c at radius r_in to 0 at r_out. */
void gui_glow(gui_gfx *g, float cx, float cy, float r_in, float r_out, SDL_Color c);
void gui_line(gui_gfx *g, float x0, float y0, float x1, float y1, float width, SDL_Color c);

#endif
