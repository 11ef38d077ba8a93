/*
 * gui_gfx.c — rectangles and rounded rectangles for the panel (see
 * gui_gfx.h).  A rounded rectangle is a cross of whole-pixel rectangles
 * plus four quarter discs whose outer half pixel fades to transparent.
 */
#include "gui_gfx.h"

#include <math.h>
#include <stdlib.h>

#define GFX_CAP 6144          /* vertices per batch */
#define PI_F 3.14159265f

int gui_gfx_init(gui_gfx *g, SDL_Renderer *ren)
{
    g->ren = ren;
    g->n = 0;
    g->cap = GFX_CAP;
    g->v = malloc(sizeof *g->v * (size_t)g->cap);
    return g->v ? 0 : -1;
}

void gui_gfx_free(gui_gfx *g)
{
    free(g->v);
    g->v = NULL;
}

SDL_Color gui_mix(SDL_Color a, SDL_Color b, float t)
{
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    SDL_Color c = {
        (Uint8)(a.r + (b.r - a.r) * t + 0.5f), (Uint8)(a.g + (b.g - a.g) * t + 0.5f),
        (Uint8)(a.b + (b.b - a.b) * t + 0.5f), (Uint8)(a.a + (b.a - a.a) * t + 0.5f)};
    return c;
}

SDL_Color gui_alpha(SDL_Color c, float k)
{
    float a = c.a * k;
    c.a = (Uint8)(a < 0 ? 0 : a > 255 ? 255 : a + 0.5f);
    return c;
}

static void flush(gui_gfx *g)
{
    if (g->n && SDL_RenderGeometry(g->ren, NULL, g->v, g->n, NULL, 0) < 0)
        SDL_Log("SDL_RenderGeometry: %s", SDL_GetError());
    g->n = 0;
}

static void vert(gui_gfx *g, float x, float y, SDL_Color c)
{
    if (g->n == g->cap) flush(g);
    SDL_Vertex *v = &g->v[g->n++];
    v->position.x = x;
    v->position.y = y;
    v->color = c;
    v->tex_coord.x = 0;
    v->tex_coord.y = 0;
}

/* One triangle; flushing only between triangles keeps them whole. */
static void tri(gui_gfx *g, float x0, float y0, SDL_Color c0, float x1, float y1, SDL_Color c1,
                float x2, float y2, SDL_Color c2)
{
    if (g->n + 3 > g->cap) flush(g);
    vert(g, x0, y0, c0);
    vert(g, x1, y1, c1);
    vert(g, x2, y2, c2);
}

static void quad(gui_gfx *g, float ax, float ay, SDL_Color ac, float bx, float by, SDL_Color bc,
                 float cx, float cy, SDL_Color cc, float dx, float dy, SDL_Color dc)
{
    tri(g, ax, ay, ac, bx, by, bc, cx, cy, cc);
    tri(g, ax, ay, ac, cx, cy, cc, dx, dy, dc);
}

static int segments(float r)
{
    int n = (int)(2 * PI_F * r / 2.5f);
    return n < 20 ? 20 : n > 360 ? 360 : n;
}

void gui_fill_rect(gui_gfx *g, float x, float y, float w, float h, SDL_Color c)
{
    if (w <= 0 || h <= 0) return;
    SDL_FRect rc = {x, y, w, h};
    flush(g);
    /* Opaque fills need no blending: much faster on the software renderer. */
    SDL_SetRenderDrawBlendMode(g->ren, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    if (SDL_RenderFillRectF(g->ren, &rc) < 0) SDL_Log("SDL_RenderFillRectF: %s", SDL_GetError());
    SDL_SetRenderDrawBlendMode(g->ren, SDL_BLENDMODE_BLEND);
}

/* A quarter disc at corner centre (kx, ky) from angle a0, anti-aliased. */
static void quarter(gui_gfx *g, float kx, float ky, float rad, float a0, SDL_Color c)
{
    SDL_Color clear = c;
    clear.a = 0;
    int n = segments(rad) / 4;
    if (n < 3) n = 3;
    float in = rad > 0.5f ? rad - 0.5f : 0, out = rad + 0.5f;
    for (int i = 0; i < n; i++) {
        float b0 = a0 + (PI_F / 2) * (float)i / (float)n, b1 = a0 + (PI_F / 2) * (float)(i + 1) / (float)n;
        float c0 = cosf(b0), s0 = sinf(b0), c1 = cosf(b1), s1 = sinf(b1);
        tri(g, kx, ky, c, kx + in * c0, ky + in * s0, c, kx + in * c1, ky + in * s1, c);
        quad(g, kx + in * c0, ky + in * s0, c, kx + in * c1, ky + in * s1, c, kx + out * c1, ky + out * s1, clear,
             kx + out * c0, ky + out * s0, clear);
    }
}

void gui_round_rect(gui_gfx *g, float x, float y, float w, float h, float rad, SDL_Color c)
{
    if (w <= 0 || h <= 0) return;
    /* Whole pixels, so the rectangles and the corners meet without seams. */
    x = floorf(x + 0.5f);
    y = floorf(y + 0.5f);
    w = floorf(w + 0.5f);
    h = floorf(h + 0.5f);
    if (rad > w / 2) rad = w / 2;
    if (rad > h / 2) rad = h / 2;
    rad = floorf(rad);
    if (rad < 1) {
        gui_fill_rect(g, x, y, w, h, c);
        return;
    }
    /* A cross of rectangles plus four anti-aliased quarter discs: cheap on
     * every renderer, where a fan over the whole area is not. */
    gui_fill_rect(g, x + rad, y, w - 2 * rad, h, c);
    gui_fill_rect(g, x, y + rad, rad, h - 2 * rad, c);
    gui_fill_rect(g, x + w - rad, y + rad, rad, h - 2 * rad, c);
    quarter(g, x + rad, y + rad, rad, PI_F, c);
    quarter(g, x + w - rad, y + rad, rad, 1.5f * PI_F, c);
    quarter(g, x + w - rad, y + h - rad, rad, 0, c);
    quarter(g, x + rad, y + h - rad, rad, 0.5f * PI_F, c);
    flush(g);
}

void gui_arrow(gui_gfx *g, float x0, float y0, float x1, float y1, float w, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1) return;
    float ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
    float head = fminf(w * 3.0f, len * 0.6f), hw = w * 1.5f;
    float bx = x1 - ux * head, by = y1 - uy * head;   /* where the head starts */
    float h = w / 2;
    quad(g, x0 + nx * h, y0 + ny * h, c, bx + nx * h, by + ny * h, c, bx - nx * h, by - ny * h, c, x0 - nx * h,
         y0 - ny * h, c);
    tri(g, bx + nx * hw, by + ny * hw, c, x1, y1, c, bx - nx * hw, by - ny * hw, c);
    flush(g);
}
