/*
 * gui_font.h — finding a font with Chinese glyphs at run time, and drawing
 * text through a cache of rendered strings.
 *
 * The font is looked up in this order: $QIPAN_FONT; well-known CJK font
 * files; fontconfig's fonts covering Chinese (so the user's font settings
 * count), sans faces such as WenQuanYi / Noto CJK preferred.  Without any,
 * DejaVu Sans (or fontconfig's "sans") is used and gui_fonts.cjk is false:
 * callers then show Latin letters instead of Chinese (one warning on
 * stderr).  A brush-style Kai face ($QIPAN_KAI_FONT, else fontconfig's,
 * e.g. AR PL UKai from fonts-arphic-ukai) is the second piece style.
 *
 * Rendering text with SDL_ttf costs far more than drawing a texture, so
 * every (string, size, style, colour, wrap width) becomes a texture kept
 * while it is used; gui_fonts_end_frame() drops those unused for a while.
 */
#ifndef GUI_FONT_H
#define GUI_FONT_H

#include <stdbool.h>
#include <stddef.h>
#include <SDL.h>
#include <SDL_ttf.h>

#define GUI_FONT_SIZES 24
#define GUI_TEXT_CACHE 512

/* Text placement: horizontal and vertical alignment flags. */
enum {
    GUI_LEFT = 0, GUI_HCENTER = 1, GUI_RIGHT = 2,
    GUI_TOP = 0, GUI_VCENTER = 4, GUI_BOTTOM = 8
};

typedef struct gui_text_entry {
    Uint32 hash;
    char *s;
    int px, wrap;
    bool bold;
    SDL_Color c;
    SDL_Texture *tex;
    int w, h;
    unsigned used;          /* frame of last use */
} gui_text_entry;

/* One drawn text, kept when measuring is on (`qipan render --boxes`):
 * where its pixels went (box), the room it was given (in; w == 0: the
 * whole picture), the drawing layer (0 the window, 1 a dialog over it),
 * and how it was made to fit: cut with an end "…" (a defect), or a path
 * shortened in its middle (by design). */
typedef struct gui_text_rec {
    SDL_Rect box, in;
    int layer;
    bool cut, shortened;
    char s[200];
} gui_text_rec;

typedef struct gui_fonts {
    char path[1024];
    bool cjk;               /* the font has Chinese glyphs */
    char kai_path[1024];    /* a Kai face for piece glyphs, "" without one */
    TTF_Font *kai;          /* open at kai_px */
    int kai_px;
    SDL_Renderer *ren;
    struct { int px; bool bold; TTF_Font *f; } open[GUI_FONT_SIZES];
    int nopen;
    gui_text_entry cache[GUI_TEXT_CACHE];
    unsigned frame;
    gui_text_rec *rec;      /* NULL: no measuring; else room for rec_cap */
    int nrec, rec_cap, layer;
} gui_fonts;

/* Finds the font file; returns true if it has CJK glyphs. */
bool gui_font_find(char *path, size_t n);
/* Finds a Kai (brush-style) face covering Chinese; false without one. */
bool gui_font_find_kai(char *path, size_t n);

/* TTF_Init must have succeeded.  Returns 0, or -1 with err. */
int gui_fonts_open(gui_fonts *f, SDL_Renderer *ren, char *err, size_t errn);
void gui_fonts_close(gui_fonts *f);
/* Forgets every texture (after the renderer's textures were lost). */
void gui_fonts_flush(gui_fonts *f);
void gui_fonts_end_frame(gui_fonts *f);

/* The size the string would have. */
void gui_text_size(gui_fonts *f, const char *s, int px, bool bold, int *w, int *h);
/* Draws s anchored at (x, y) by align; wrap > 0 wraps lines at that width.
 * Returns the drawn height. */
int gui_text(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, float x, float y,
             int align, int wrap);
/* The string as a new ARGB surface (the caller frees it), for painting on
 * CPU surfaces; NULL for "" or on failure. */
SDL_Surface *gui_text_surface(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c);
/* A piece glyph: in the Kai face when kai and one was found, else like
 * gui_text_surface (bold). */
SDL_Surface *gui_glyph_surface(gui_fonts *f, const char *s, int px, bool kai, SDL_Color c);
/* Like gui_text but cuts the string with "…" to fit max_w pixels. */
void gui_text_fit(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, float x, float y,
                  int align, int max_w);

/* Fits s into box, each step only when the last does not fit: one line at
 * px; wrapped over the box's lines (GUI_FIT_WRAP); the same at smaller
 * sizes down to 4/5 of px (3/5 with GUI_FIT_SMALL, for long prose); a path shortened in its middle keeping the file
 * name ("/home/…/autosave.txt", GUI_FIT_PATH); last, cut with "…".  align
 * places the text inside the box.  Returns the drawn height. */
enum { GUI_FIT_WRAP = 1, GUI_FIT_PATH = 2, GUI_FIT_SMALL = 4 };
int gui_text_box(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, SDL_Rect box, int align, int fit);
/* Whether gui_text_box would show s whole (neither shortened nor cut), so
 * a caller can shorten it its own way first (whole moves of a line). */
bool gui_text_fits(gui_fonts *f, const char *s, int px, bool bold, SDL_Rect box, int fit);

#endif
