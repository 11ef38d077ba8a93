/*
 * gui_paint.c — what the drawing modules share: palette, words, side
 * colours and the cache of round shapes (see gui_paint.h).
 */
#include "gui_paint.h"
#include "gui_raster.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- palette ---------------------------------------------------------- */

const SDL_Color GUI_BG = {42, 37, 34, 255};
const SDL_Color GUI_PANEL = {51, 45, 41, 255};
const SDL_Color GUI_PANEL_BOX = {38, 33, 30, 255};
const SDL_Color GUI_TEXT = {241, 230, 210, 255};
const SDL_Color GUI_TEXT_DIM = {170, 156, 138, 255};
const SDL_Color GUI_WOOD_TOP = {236, 202, 143, 255};
const SDL_Color GUI_WOOD_BOTTOM = {222, 178, 112, 255};
const SDL_Color GUI_FRAME = {112, 68, 33, 255};
const SDL_Color GUI_INK = {88, 56, 28, 255};
const SDL_Color GUI_COORD = {120, 82, 46, 255};
const SDL_Color GUI_IVORY = {250, 238, 212, 255};
const SDL_Color GUI_IVORY_RIM = {226, 196, 146, 255};
const SDL_Color GUI_PIECE_EDGE = {150, 108, 58, 255};
const SDL_Color GUI_RED = {184, 32, 26, 255};
const SDL_Color GUI_BLACK = {30, 26, 24, 255};
const SDL_Color GUI_SELECT = {46, 139, 255, 255};
const SDL_Color GUI_TARGET = {38, 158, 72, 255};
const SDL_Color GUI_LASTMV = {30, 110, 200, 255};
const SDL_Color GUI_CHECK = {226, 40, 40, 255};
const SDL_Color GUI_LEASH = {240, 140, 0, 255};
const SDL_Color GUI_TRAP = {156, 54, 181, 255};
const SDL_Color GUI_OK_GREEN = {140, 210, 140, 255};
const SDL_Color GUI_ERR_RED = {255, 130, 120, 255};
const SDL_Color GUI_BUTTON = {74, 63, 56, 255};
const SDL_Color GUI_BUTTON_HOVER = {98, 84, 74, 255};
const SDL_Color GUI_CARD = {248, 240, 224, 255};
const SDL_Color GUI_CARD_TEXT = {50, 40, 32, 255};

/* ---- words ------------------------------------------------------------ */

const char *gui_bi(const gui_fonts *f, char *buf, size_t n, const char *zh, const char *en)
{
    return gui_lang_join(f->cjk, buf, n, zh, en);
}

const char *gui_tr(const gui_fonts *f, char *buf, size_t n, const char *en)
{
    return gui_lang_join(f->cjk, buf, n, gui_zh(en), en);
}

void gui_cap_word(char *buf, size_t n, const char *w)
{
    snprintf(buf, n, "%s", w);
    if (buf[0]) buf[0] = (char)toupper((unsigned char)buf[0]);
}

const char *gui_side_bi(const gui_fonts *f, const qp_rules *r, int side, char *buf, size_t n)
{
    return gui_side_say(f->cjk, r, side, GUI_SIDE_NAME, buf, n);
}

/* ---- sides ------------------------------------------------------------ */

/* Colour words a game may name its sides by, with the ink of a glyph and
 * the body and rim of a plain stone in that colour. */
typedef struct named_colour {
    const char *word;
    SDL_Color ink, body, rim;
} named_colour;

static const named_colour COLOURS[] = {
    {"red", {184, 32, 26, 255}, {206, 44, 36, 255}, {120, 16, 12, 255}},   /* ink: GUI_RED */
    {"black", {30, 26, 24, 255}, {78, 78, 84, 255}, {14, 14, 16, 255}},    /* ink: GUI_BLACK */
    {"white", {60, 80, 130, 255}, {255, 255, 255, 255}, {200, 198, 190, 255}},
    {"blue", {30, 70, 170, 255}, {52, 96, 200, 255}, {20, 40, 110, 255}},
    {"green", {24, 120, 52, 255}, {46, 150, 72, 255}, {18, 80, 36, 255}},
    {"yellow", {170, 130, 0, 255}, {246, 206, 40, 255}, {170, 130, 10, 255}},
    {"gold", {160, 120, 20, 255}, {224, 180, 60, 255}, {140, 100, 20, 255}},
    {"orange", {200, 100, 10, 255}, {240, 140, 40, 255}, {160, 80, 10, 255}},
};

static const named_colour *colour_word(const char *w)
{
    for (size_t i = 0; i < sizeof COLOURS / sizeof COLOURS[0]; i++)
        if (!strcmp(w, COLOURS[i].word)) return &COLOURS[i];
    return NULL;
}

/* A side's colour by its name only when both sides name different known
 * colours; otherwise by its place (first red / dark, second black /
 * white), so two sides never look alike whatever they are called. */
static const named_colour *side_named(const qp_rules *r, int side)
{
    if (!r || r->nsides < 2 || side < 0 || side > 1) return NULL;
    const named_colour *a = colour_word(qp_side_name(r, 0)), *b = colour_word(qp_side_name(r, 1));
    if (!a || !b || a == b) return NULL;
    return side ? b : a;
}

SDL_Color gui_side_colour(const qp_rules *r, int side)
{
    const named_colour *c = side_named(r, side);
    if (c) return c->ink;
    return side == 0 ? GUI_RED : GUI_BLACK;
}

void gui_stone_colours(const qp_rules *r, int side, SDL_Color *body, SDL_Color *rim)
{
    const named_colour *c = side_named(r, side);
    if (!c) c = colour_word(side == 1 ? "white" : "black");
    *body = c->body;
    *rim = c->rim;
}

void gui_side_badge(gui_draw_ctx *d, const gui_state *st, int side, float x, float y, float rad)
{
    if (side >= 0 && side < 2 && st->stones[side]) {
        SDL_Color body, rim;
        gui_stone_colours(st->r, side, &body, &rim);
        gui_shape(d, GUI_SHAPE_DISC, x, y, rad, 0, body, rim);
        return;
    }
    gui_shape(d, GUI_SHAPE_DISC, x, y, rad, 0, GUI_IVORY, GUI_IVORY_RIM);
    gui_shape(d, GUI_SHAPE_RING, x, y, rad * 0.45f, rad * 0.85f, gui_side_colour(st->r, side), GUI_BG);
}

/* ---- shapes ----------------------------------------------------------- */

static bool same_colour(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

void gui_shape(gui_draw_ctx *d, gui_shape_kind k, float x, float y, float a, float b, SDL_Color c, SDL_Color c2)
{
    int a100 = (int)lroundf(a * 100), b100 = (int)lroundf(b * 100);
    if (k == GUI_SHAPE_DISC) {
        b100 = 0;
    } else {
        c2 = GUI_BG;   /* unused: keep the key canonical */
    }
    gui_shape_entry *e = NULL, *victim = &d->shape[0];
    for (int i = 0; i < GUI_SHAPES; i++) {
        gui_shape_entry *s = &d->shape[i];
        if (s->tex && s->kind == (int)k && s->a100 == a100 && s->b100 == b100 && same_colour(s->c, c) &&
            same_colour(s->c2, c2)) {
            e = s;
            break;
        }
        if (!s->tex) victim = s;
        else if (victim->tex && d->frame - s->used > d->frame - victim->used) victim = s;
    }
    if (!e) {
        e = victim;
        if (e->tex) SDL_DestroyTexture(e->tex);
        memset(e, 0, sizeof *e);
        float outer = k == GUI_SHAPE_DISC ? a : fmaxf(a, b);
        int size = 2 * (int)ceilf(outer + 2);
        SDL_Surface *cv = gui_r_new(size, size);
        if (!cv) return;
        float m = size / 2.0f;
        if (k == GUI_SHAPE_DISC) gui_r_disc(cv, m, m, a, c, c2);
        else if (k == GUI_SHAPE_RING) gui_r_ring(cv, m, m, a, b, c);
        else gui_r_glow(cv, m, m, a, b, c);
        e->tex = SDL_CreateTextureFromSurface(d->gfx.ren, cv);
        SDL_FreeSurface(cv);
        if (!e->tex) {
            SDL_Log("shape texture: %s", SDL_GetError());
            return;
        }
        SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_BLEND);
        e->kind = (int)k;
        e->a100 = a100;
        e->b100 = b100;
        e->c = c;
        e->c2 = c2;
        e->size = size;
    }
    e->used = d->frame;
    SDL_Rect dst = {(int)lroundf(x - e->size / 2.0f), (int)lroundf(y - e->size / 2.0f), e->size, e->size};
    if (SDL_RenderCopy(d->gfx.ren, e->tex, NULL, &dst) < 0) SDL_Log("SDL_RenderCopy: %s", SDL_GetError());
}

void gui_paint_drop_shapes(gui_draw_ctx *d)
{
    for (int i = 0; i < GUI_SHAPES; i++) {
        if (d->shape[i].tex) SDL_DestroyTexture(d->shape[i].tex);
        memset(&d->shape[i], 0, sizeof d->shape[i]);
    }
}
