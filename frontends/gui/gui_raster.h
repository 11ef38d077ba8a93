/*
 * gui_raster.h — painting on CPU surfaces with exact anti-aliasing.
 *
 * Renderers rasterise triangles differently (SDL's software renderer snaps
 * vertices to half pixels, which makes thin anti-aliasing strips uneven),
 * so everything round — the board's diagonals, pieces, rings, dots — is
 * painted here from exact per-pixel coverage (distance to the shape) and
 * then turned into a texture.  Every renderer then only copies pictures,
 * and a window and an off-screen render look the same.
 *
 * Surfaces are SDL_PIXELFORMAT_ARGB8888 with straight (not premultiplied)
 * alpha; painting composites "over" what is there, so shapes on a
 * transparent surface keep clean edges when the texture is blended later.
 */
#ifndef GUI_RASTER_H
#define GUI_RASTER_H

#include <SDL.h>

SDL_Surface *gui_r_new(int w, int h);   /* transparent; NULL on failure */

void gui_r_fill(SDL_Surface *s, int x, int y, int w, int h, SDL_Color c);
void gui_r_vgradient(SDL_Surface *s, int x, int y, int w, int h, SDL_Color top, SDL_Color bottom);
void gui_r_round_rect(SDL_Surface *s, float x, float y, float w, float h, float rad, SDL_Color c);
/* Disc shaded from the centre colour to the rim colour. */
void gui_r_disc(SDL_Surface *s, float cx, float cy, float r, SDL_Color centre, SDL_Color rim);
void gui_r_ring(SDL_Surface *s, float cx, float cy, float r_in, float r_out, SDL_Color c);
/* A regular hexagon standing on a point, half_w from its centre to its
 * vertical sides (a hex board's cell). */
void gui_r_hexagon(SDL_Surface *s, float cx, float cy, float half_w, SDL_Color c);
/* Soft halo: full c inside r_in, fading to nothing at r_out. */
void gui_r_glow(SDL_Surface *s, float cx, float cy, float r_in, float r_out, SDL_Color c);
/* A line of width w with round ends. */
void gui_r_line(SDL_Surface *s, float x0, float y0, float x1, float y1, float w, SDL_Color c);
/* Composites src (any 32-bit surface with alpha, e.g. SDL_ttf's) with its
 * top-left corner at (x, y), tinted by nothing. */
void gui_r_blit(SDL_Surface *dst, SDL_Surface *src, int x, int y);

#endif
