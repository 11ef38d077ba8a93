/*
 * gui_raster.c — exact anti-aliased painting on ARGB8888 surfaces
 * (see gui_raster.h).  Coverage of a pixel is estimated from the signed
 * distance of its centre to the shape's edge: clamp(0.5 - d, 0, 1).
 */
#include "gui_raster.h"

#include <math.h>
#include <stdbool.h>

SDL_Surface *gui_r_new(int w, int h)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w > 0 ? w : 1, h > 0 ? h : 1, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s) SDL_FillRect(s, NULL, 0);
    return s;
}

static float clamp01(float v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Straight-alpha "over" of colour c at coverage cov onto pixel *p. */
static inline void over(Uint32 *p, int r, int g, int b, int a, float cov)
{
    float sa = a / 255.0f * cov;
    if (sa <= 0.0f) return;
    Uint32 d = *p;
    float da = (float)(d >> 24) / 255.0f;
    float k = da * (1.0f - sa), oa = sa + k;
    if (oa <= 0.0f) return;
    float inv = 1.0f / oa;
    int orr = (int)((r * sa + (float)((d >> 16) & 255) * k) * inv + 0.5f);
    int og = (int)((g * sa + (float)((d >> 8) & 255) * k) * inv + 0.5f);
    int ob = (int)((b * sa + (float)(d & 255) * k) * inv + 0.5f);
    int oa8 = (int)(oa * 255.0f + 0.5f);
    *p = (Uint32)oa8 << 24 | (Uint32)orr << 16 | (Uint32)og << 8 | (Uint32)ob;
}

static inline Uint32 *px(SDL_Surface *s, int x, int y)
{
    return (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch) + x;
}

/* Clips the box [x0,x1)×[y0,y1) to the surface. */
static void clip(const SDL_Surface *s, int *x0, int *y0, int *x1, int *y1)
{
    if (*x0 < 0) *x0 = 0;
    if (*y0 < 0) *y0 = 0;
    if (*x1 > s->w) *x1 = s->w;
    if (*y1 > s->h) *y1 = s->h;
}

/* The pixels a shape centred at (cx, cy), reaching rx across and ry up and
 * down, can touch: its box with a pixel to spare for the antialiased rim,
 * clipped to s. */
static void around(const SDL_Surface *s, float cx, float cy, float rx, float ry, int *x0, int *y0, int *x1,
                   int *y1)
{
    *x0 = (int)floorf(cx - rx) - 1, *y0 = (int)floorf(cy - ry) - 1;
    *x1 = (int)ceilf(cx + rx) + 1, *y1 = (int)ceilf(cy + ry) + 1;
    clip(s, x0, y0, x1, y1);
}

void gui_r_fill(SDL_Surface *s, int x, int y, int w, int h, SDL_Color c)
{
    int x0 = x, y0 = y, x1 = x + w, y1 = y + h;
    clip(s, &x0, &y0, &x1, &y1);
    for (int j = y0; j < y1; j++) {
        Uint32 *p = px(s, x0, j);
        if (c.a == 255) {
            Uint32 v = 0xFF000000u | (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
            for (int i = x0; i < x1; i++) *p++ = v;
        } else {
            for (int i = x0; i < x1; i++) over(p++, c.r, c.g, c.b, c.a, 1.0f);
        }
    }
}

void gui_r_vgradient(SDL_Surface *s, int x, int y, int w, int h, SDL_Color top, SDL_Color bottom)
{
    for (int j = 0; j < h; j++) {
        float t = h > 1 ? (float)j / (float)(h - 1) : 0;
        SDL_Color c = {(Uint8)(top.r + (bottom.r - top.r) * t + 0.5f), (Uint8)(top.g + (bottom.g - top.g) * t + 0.5f),
                       (Uint8)(top.b + (bottom.b - top.b) * t + 0.5f), (Uint8)(top.a + (bottom.a - top.a) * t + 0.5f)};
        gui_r_fill(s, x, y + j, w, 1, c);
    }
}

void gui_r_round_rect(SDL_Surface *s, float x, float y, float w, float h, float rad, SDL_Color c)
{
    if (w <= 0 || h <= 0) return;
    float hw = w / 2, hh = h / 2, cx = x + hw, cy = y + hh;
    if (rad > hw) rad = hw;
    if (rad > hh) rad = hh;
    int x0 = (int)floorf(x) - 1, y0 = (int)floorf(y) - 1, x1 = (int)ceilf(x + w) + 1, y1 = (int)ceilf(y + h) + 1;
    clip(s, &x0, &y0, &x1, &y1);
    /* Pixels fully inside, away from the corners: a plain fill. */
    int ix0 = (int)ceilf(x + rad), ix1 = (int)floorf(x + w - rad), iy0 = (int)ceilf(y + 0.5f), iy1 = (int)floorf(y + h - 0.5f);
    for (int j = y0; j < y1; j++) {
        float qy = fabsf(j + 0.5f - cy) - (hh - rad);
        Uint32 *p = px(s, x0, j);
        bool band = j >= iy0 && j < iy1;
        for (int i = x0; i < x1; i++, p++) {
            if (band && i >= ix0 && i < ix1) {
                if (c.a == 255) {
                    Uint32 v = 0xFF000000u | (Uint32)c.r << 16 | (Uint32)c.g << 8 | c.b;
                    for (; i < ix1; i++, p++) *p = v;
                } else {
                    for (; i < ix1; i++, p++) over(p, c.r, c.g, c.b, c.a, 1.0f);
                }
                i--;
                p--;
                continue;
            }
            float qx = fabsf(i + 0.5f - cx) - (hw - rad);
            float mx = qx > 0 ? qx : 0, my = qy > 0 ? qy : 0;
            float inside = qx > qy ? qx : qy;
            float d = sqrtf(mx * mx + my * my) + (inside < 0 ? inside : 0) - rad;
            float cov = clamp01(0.5f - d);
            if (cov > 0) over(p, c.r, c.g, c.b, c.a, cov);
        }
    }
}

void gui_r_disc(SDL_Surface *s, float cx, float cy, float r, SDL_Color centre, SDL_Color rim)
{
    int x0, y0, x1, y1;
    around(s, cx, cy, r, r, &x0, &y0, &x1, &y1);
    for (int j = y0; j < y1; j++) {
        Uint32 *p = px(s, x0, j);
        float dy = j + 0.5f - cy;
        for (int i = x0; i < x1; i++, p++) {
            float dx = i + 0.5f - cx, d = sqrtf(dx * dx + dy * dy);
            float cov = clamp01(r + 0.5f - d);
            if (cov <= 0) continue;
            float t = clamp01(d / r);
            over(p, (int)(centre.r + (rim.r - centre.r) * t), (int)(centre.g + (rim.g - centre.g) * t),
                 (int)(centre.b + (rim.b - centre.b) * t), (int)(centre.a + (rim.a - centre.a) * t), cov);
        }
    }
}

void gui_r_ring(SDL_Surface *s, float cx, float cy, float r_in, float r_out, SDL_Color c)
{
    int x0, y0, x1, y1;
    around(s, cx, cy, r_out, r_out, &x0, &y0, &x1, &y1);
    for (int j = y0; j < y1; j++) {
        Uint32 *p = px(s, x0, j);
        float dy = j + 0.5f - cy;
        for (int i = x0; i < x1; i++, p++) {
            float dx = i + 0.5f - cx, d = sqrtf(dx * dx + dy * dy);
            float cov = clamp01(r_out + 0.5f - d) - clamp01(r_in + 0.5f - d);
            if (cov > 0) over(p, c.r, c.g, c.b, c.a, cov);
        }
    }
}

void gui_r_hexagon(SDL_Surface *s, float cx, float cy, float half_w, SDL_Color c)
{
    /* pointy-top: the distance to the hexagon is the largest projection on
     * the normals of its three edge pairs (0°, 60°, 120°) minus half_w */
    float r = half_w / 0.8660254f;
    int x0, y0, x1, y1;
    around(s, cx, cy, half_w, r, &x0, &y0, &x1, &y1);
    for (int j = y0; j < y1; j++) {
        Uint32 *p = px(s, x0, j);
        float dy = j + 0.5f - cy;
        for (int i = x0; i < x1; i++, p++) {
            float dx = i + 0.5f - cx;
            float a = fabsf(dx), b = fabsf(0.5f * dx + 0.8660254f * dy), e = fabsf(-0.5f * dx + 0.8660254f * dy);
            float d = fmaxf(a, fmaxf(b, e)) - half_w;
            float cov = clamp01(0.5f - d);
            if (cov > 0) over(p, c.r, c.g, c.b, c.a, cov);
        }
    }
}

void gui_r_glow(SDL_Surface *s, float cx, float cy, float r_in, float r_out, SDL_Color c)
{
    int x0, y0, x1, y1;
    around(s, cx, cy, r_out, r_out, &x0, &y0, &x1, &y1);
    float span = r_out - r_in > 0.5f ? r_out - r_in : 0.5f;
    for (int j = y0; j < y1; j++) {
        Uint32 *p = px(s, x0, j);
        float dy = j + 0.5f - cy;
        for (int i = x0; i < x1; i++, p++) {
            float dx = i + 0.5f - cx, d = sqrtf(dx * dx + dy * dy);
            float t = clamp01((d - r_in) / span);
            float cov = (1 - t) * (1 - t);   /* soft, like light falling off */
            if (cov > 0) over(p, c.r, c.g, c.b, c.a, cov);
        }
    }
}

void gui_r_line(SDL_Surface *s, float x0, float y0, float x1, float y1, float w, SDL_Color c)
{
    float hw = w / 2;
    int bx0 = (int)floorf(fminf(x0, x1) - hw) - 1, by0 = (int)floorf(fminf(y0, y1) - hw) - 1;
    int bx1 = (int)ceilf(fmaxf(x0, x1) + hw) + 1, by1 = (int)ceilf(fmaxf(y0, y1) + hw) + 1;
    clip(s, &bx0, &by0, &bx1, &by1);
    float dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    for (int j = by0; j < by1; j++) {
        Uint32 *p = px(s, bx0, j);
        for (int i = bx0; i < bx1; i++, p++) {
            float qx = i + 0.5f - x0, qy = j + 0.5f - y0;
            float t = len2 > 0 ? clamp01((qx * dx + qy * dy) / len2) : 0;
            float ex = qx - t * dx, ey = qy - t * dy;
            float cov = clamp01(hw + 0.5f - sqrtf(ex * ex + ey * ey));
            /* thinner than a pixel: fainter rather than thinner */
            if (w < 1) cov *= w;
            if (cov > 0) over(p, c.r, c.g, c.b, c.a, cov);
        }
    }
}

void gui_r_blit(SDL_Surface *dst, SDL_Surface *src, int x, int y)
{
    SDL_Surface *conv = src;
    if (src->format->format != SDL_PIXELFORMAT_ARGB8888) {
        conv = SDL_ConvertSurfaceFormat(src, SDL_PIXELFORMAT_ARGB8888, 0);
        if (!conv) return;
    }
    int x0 = x, y0 = y, x1 = x + conv->w, y1 = y + conv->h;
    clip(dst, &x0, &y0, &x1, &y1);
    for (int j = y0; j < y1; j++) {
        Uint32 *p = px(dst, x0, j);
        const Uint32 *q = px(conv, x0 - x, j - y);
        for (int i = x0; i < x1; i++, p++, q++) {
            Uint32 v = *q;
            if (v >> 24) over(p, (v >> 16) & 255, (v >> 8) & 255, v & 255, (int)(v >> 24), 1.0f);
        }
    }
    if (conv != src) SDL_FreeSurface(conv);
}
