/*
 * gui_gfx.c — anti-aliased shapes as triangle lists (see gui_gfx.h).
 *
 * A filled convex shape is a fan from its centre to a perimeter pulled in
 * by half a pixel, plus a one-pixel strip from there to the perimeter
 * pushed out by half a pixel whose outer edge is transparent: the strip is
 * the anti-aliasing.  Perimeter points carry their outward normal so arcs
 * and straight sides feather evenly.
 */
#include "gui_gfx.h"

#include <math.h>
#include <stdlib.h>

#define GFX_CAP 6144          /* vertices per batch */
#define MAX_SEG 360           /* perimeter points of one shape */
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

typedef struct perim {
    int n;
    float x[MAX_SEG], y[MAX_SEG], nx[MAX_SEG], ny[MAX_SEG];
} perim;

/* Fan + feather of a convex perimeter around (cx, cy). */
static void fill_convex(gui_gfx *g, float cx, float cy, const perim *p, SDL_Color centre,
                        SDL_Color rim)
{
    SDL_Color clear = rim;
    clear.a = 0;
    for (int i = 0; i < p->n; i++) {
        int j = (i + 1) % p->n;
        float ix = p->x[i] - 0.5f * p->nx[i], iy = p->y[i] - 0.5f * p->ny[i];
        float jx = p->x[j] - 0.5f * p->nx[j], jy = p->y[j] - 0.5f * p->ny[j];
        float ox = p->x[i] + 0.5f * p->nx[i], oy = p->y[i] + 0.5f * p->ny[i];
        float px = p->x[j] + 0.5f * p->nx[j], py = p->y[j] + 0.5f * p->ny[j];
        tri(g, cx, cy, centre, ix, iy, rim, jx, jy, rim);
        quad(g, ix, iy, rim, jx, jy, rim, px, py, clear, ox, oy, clear);
    }
    flush(g);
}

static int segments(float r)
{
    int n = (int)(2 * PI_F * r / 2.5f);
    return n < 20 ? 20 : n > MAX_SEG ? MAX_SEG : n;
}

static void circle_perim(perim *p, float cx, float cy, float r)
{
    p->n = segments(r);
    for (int i = 0; i < p->n; i++) {
        float a = 2 * PI_F * (float)i / (float)p->n;
        p->nx[i] = cosf(a);
        p->ny[i] = sinf(a);
        p->x[i] = cx + r * p->nx[i];
        p->y[i] = cy + r * p->ny[i];
    }
}

void gui_fill_rect(gui_gfx *g, float x, float y, float w, float h, SDL_Color c)
{
    SDL_FRect rc = {x, y, w, h};
    flush(g);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    if (SDL_RenderFillRectF(g->ren, &rc) < 0) SDL_Log("SDL_RenderFillRectF: %s", SDL_GetError());
}

void gui_vgradient(gui_gfx *g, float x, float y, float w, float h, SDL_Color top, SDL_Color bottom)
{
    quad(g, x, y, top, x + w, y, top, x + w, y + h, bottom, x, y + h, bottom);
    flush(g);
}

void gui_round_rect(gui_gfx *g, float x, float y, float w, float h, float rad, SDL_Color c)
{
    perim *p = malloc(sizeof *p);
    if (!p) return;
    if (rad > w / 2) rad = w / 2;
    if (rad > h / 2) rad = h / 2;
    if (rad < 0.5f) rad = 0.5f;
    /* Corner centres clockwise from top-left, each sweeping a quarter. */
    const float kx[4] = {x + rad, x + w - rad, x + w - rad, x + rad};
    const float ky[4] = {y + rad, y + rad, y + h - rad, y + h - rad};
    int per = segments(rad) / 4;
    if (per < 3) per = 3;
    if (per > MAX_SEG / 4 - 1) per = MAX_SEG / 4 - 1;
    p->n = 0;
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i <= per; i++) {
            float a = PI_F + k * PI_F / 2 + (PI_F / 2) * (float)i / (float)per;
            p->nx[p->n] = cosf(a);
            p->ny[p->n] = sinf(a);
            p->x[p->n] = kx[k] + rad * p->nx[p->n];
            p->y[p->n] = ky[k] + rad * p->ny[p->n];
            p->n++;
        }
    }
    fill_convex(g, x + w / 2, y + h / 2, p, c, c);
    free(p);
}

void gui_disc(gui_gfx *g, float cx, float cy, float r, SDL_Color centre, SDL_Color rim)
{
    perim *p = malloc(sizeof *p);
    if (!p) return;
    circle_perim(p, cx, cy, r);
    fill_convex(g, cx, cy, p, centre, rim);
    free(p);
}

void gui_ring(gui_gfx *g, float cx, float cy, float r_in, float r_out, SDL_Color c)
{
    SDL_Color clear = c;
    clear.a = 0;
    int n = segments(r_out);
    /* Four radii: feather in, solid in, solid out, feather out. */
    float ra = r_in - 0.5f, rb = r_in + 0.5f, rc = r_out - 0.5f, rd = r_out + 0.5f;
    if (rb > rc) rb = rc = (r_in + r_out) / 2;
    for (int i = 0; i < n; i++) {
        float a0 = 2 * PI_F * (float)i / (float)n, a1 = 2 * PI_F * (float)(i + 1) / (float)n;
        float c0 = cosf(a0), s0 = sinf(a0), c1 = cosf(a1), s1 = sinf(a1);
        quad(g, cx + ra * c0, cy + ra * s0, clear, cx + ra * c1, cy + ra * s1, clear,
             cx + rb * c1, cy + rb * s1, c, cx + rb * c0, cy + rb * s0, c);
        quad(g, cx + rb * c0, cy + rb * s0, c, cx + rb * c1, cy + rb * s1, c,
             cx + rc * c1, cy + rc * s1, c, cx + rc * c0, cy + rc * s0, c);
        quad(g, cx + rc * c0, cy + rc * s0, c, cx + rc * c1, cy + rc * s1, c,
             cx + rd * c1, cy + rd * s1, clear, cx + rd * c0, cy + rd * s0, clear);
    }
    flush(g);
}

void gui_glow(gui_gfx *g, float cx, float cy, float r_in, float r_out, SDL_Color c)
{
    SDL_Color clear = c;
    clear.a = 0;
    int n = segments(r_out);
    for (int i = 0; i < n; i++) {
        float a0 = 2 * PI_F * (float)i / (float)n, a1 = 2 * PI_F * (float)(i + 1) / (float)n;
        float c0 = cosf(a0), s0 = sinf(a0), c1 = cosf(a1), s1 = sinf(a1);
        tri(g, cx, cy, c, cx + r_in * c0, cy + r_in * s0, c, cx + r_in * c1, cy + r_in * s1, c);
        quad(g, cx + r_in * c0, cy + r_in * s0, c, cx + r_in * c1, cy + r_in * s1, c,
             cx + r_out * c1, cy + r_out * s1, clear, cx + r_out * c0, cy + r_out * s0, clear);
    }
    flush(g);
}

void gui_line(gui_gfx *g, float x0, float y0, float x1, float y1, float width, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    float nx = -dy / len, ny = dx / len;
    float hw = width / 2;
    float in = hw > 0.5f ? hw - 0.5f : 0, out = hw + 0.5f;
    SDL_Color clear = c, core = c;
    clear.a = 0;
    if (hw < 0.5f) core = gui_alpha(c, width);   /* thinner than a pixel: fainter */
    quad(g, x0 + nx * in, y0 + ny * in, core, x1 + nx * in, y1 + ny * in, core,
         x1 - nx * in, y1 - ny * in, core, x0 - nx * in, y0 - ny * in, core);
    quad(g, x0 + nx * in, y0 + ny * in, core, x1 + nx * in, y1 + ny * in, core,
         x1 + nx * out, y1 + ny * out, clear, x0 + nx * out, y0 + ny * out, clear);
    quad(g, x0 - nx * in, y0 - ny * in, core, x1 - nx * in, y1 - ny * in, core,
         x1 - nx * out, y1 - ny * out, clear, x0 - nx * out, y0 - ny * out, clear);
    flush(g);
}
