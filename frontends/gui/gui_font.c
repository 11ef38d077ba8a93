/*
 * gui_font.c — font lookup and the text texture cache (see gui_font.h).
 */
#include "gui_font.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The web build has no fontconfig: its font sits at a fixed path of the
 * page's file system, named by QIPAN_FONT (web/pre.js). */
#ifndef QP_NO_FONTCONFIG
#include <fontconfig/fontconfig.h>
#endif

/* ---- finding a font --------------------------------------------------- */

static bool is_file(const char *p)
{
    struct stat st;
    return p && *p && stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Substrings of file names of fonts known to carry Chinese glyphs, best
 * first: sans faces read better at small sizes on pieces and panels. */
static const char *const cjk_names[] = {
    "wqy-microhei", "notosanscjk", "notosanssc", "sourcehansans", "wqy-zenhei",
    "droidsansfallback", "notoserifcjk", "uming", "ukai", NULL};

static int cjk_rank(const char *path)
{
    const char *base = strrchr(path, '/');
    char low[256];
    size_t i = 0;
    for (base = base ? base + 1 : path; *base && i + 1 < sizeof low; base++)
        low[i++] = (char)tolower((unsigned char)*base);
    low[i] = 0;
    for (int k = 0; cjk_names[k]; k++)
        if (strstr(low, cjk_names[k])) return k;
    return -1;
}

static bool known_file(char *path, size_t n)
{
    static const char *const files[] = {
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
        "/usr/share/fonts/wenquanyi/wqy-zenhei/wqy-zenhei.ttc",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        "/System/Library/Fonts/PingFang.ttc",
        NULL};
    for (int i = 0; files[i]; i++)
        if (is_file(files[i])) {
            snprintf(path, n, "%s", files[i]);
            return true;
        }
    return false;
}

/* The fonts fontconfig knows that cover Chinese (honouring the user's font
 * configuration); the best-ranked file wins.  want_kai: only brush-style
 * Kai faces (family or file name with "Kai"). */
static bool fc_find(char *path, size_t n, bool want_kai)
{
#ifdef QP_NO_FONTCONFIG
    (void)path, (void)n, (void)want_kai, (void)cjk_rank;
    return false;
#else
    if (!FcInit()) return false;
    FcPattern *pat = FcPatternCreate();
    FcLangSet *ls = FcLangSetCreate();
    FcObjectSet *os = FcObjectSetBuild(FC_FILE, FC_FAMILY, (char *)NULL);
    bool found = false;
    if (pat && ls && os && FcLangSetAdd(ls, (const FcChar8 *)"zh-cn") && FcPatternAddLangSet(pat, FC_LANG, ls)) {
        FcFontSet *fs = FcFontList(NULL, pat, os);
        int best_rank = 1 << 30;
        for (int i = 0; fs && i < fs->nfont; i++) {
            FcChar8 *file = NULL, *family = NULL;
            if (FcPatternGetString(fs->fonts[i], FC_FILE, 0, &file) != FcResultMatch || !is_file((char *)file)) continue;
            if (FcPatternGetString(fs->fonts[i], FC_FAMILY, 0, &family) != FcResultMatch) family = NULL;
            int rk = cjk_rank((const char *)file);
            if (want_kai) {
                char low[512];
                snprintf(low, sizeof low, "%s %s", (const char *)file, family ? (const char *)family : "");
                for (char *p = low; *p; p++) *p = (char)tolower((unsigned char)*p);
                if (!strstr(low, "kai")) continue;
                rk = 0;
            } else if (rk < 0) {
                rk = 1000;   /* unknown but covers Chinese: better than none */
            }
            if (rk < best_rank) {
                best_rank = rk;
                snprintf(path, n, "%s", (const char *)file);
                found = true;
            }
        }
        if (fs) FcFontSetDestroy(fs);
    }
    if (os) FcObjectSetDestroy(os);
    if (ls) FcLangSetDestroy(ls);
    if (pat) FcPatternDestroy(pat);
    return found;
#endif
}

bool gui_font_find_kai(char *path, size_t n)
{
    const char *env = getenv("QIPAN_KAI_FONT");
    if (is_file(env)) {
        snprintf(path, n, "%s", env);
        return true;
    }
    path[0] = 0;
    return fc_find(path, n, true);
}

static bool latin_font(char *path, size_t n)
{
    static const char *const files[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        NULL};
    for (int i = 0; files[i]; i++)
        if (is_file(files[i])) {
            snprintf(path, n, "%s", files[i]);
            return true;
        }
#ifdef QP_NO_FONTCONFIG
    return false;
#else
    /* fontconfig's best match for "sans" */
    bool ok = false;
    if (!FcInit()) return false;
    FcPattern *pat = FcNameParse((const FcChar8 *)"sans");
    if (!pat) return false;
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res;
    FcPattern *m = FcFontMatch(NULL, pat, &res);
    FcChar8 *file;
    if (m && FcPatternGetString(m, FC_FILE, 0, &file) == FcResultMatch && is_file((char *)file)) {
        snprintf(path, n, "%s", (const char *)file);
        ok = true;
    }
    if (m) FcPatternDestroy(m);
    FcPatternDestroy(pat);
    return ok;
#endif
}

bool gui_font_find(char *path, size_t n)
{
    const char *env = getenv("QIPAN_FONT");
    path[0] = 0;
    if (is_file(env)) {
        snprintf(path, n, "%s", env);
        return true;   /* the user's choice: trust it to cover Chinese */
    }
    if (known_file(path, n) || fc_find(path, n, false)) return true;
    path[0] = 0;
    latin_font(path, n);
    return false;
}

/* ---- open fonts and the text cache ------------------------------------ */

int gui_fonts_open(gui_fonts *f, SDL_Renderer *ren, char *err, size_t errn)
{
    memset(f, 0, sizeof *f);
    f->ren = ren;
    f->cjk = gui_font_find(f->path, sizeof f->path);
    if (f->cjk) gui_font_find_kai(f->kai_path, sizeof f->kai_path);
    if (!f->path[0]) {
        snprintf(err, errn, "no usable font found (install fonts-wqy-microhei or fonts-dejavu)");
        return -1;
    }
    if (!f->cjk)
        fprintf(stderr, "qipan: warning: no Chinese font found (install fonts-wqy-microhei); "
                        "showing Latin letters\n");
    TTF_Font *probe = TTF_OpenFont(f->path, 16);
    if (!probe) {
        snprintf(err, errn, "cannot open font %s: %s", f->path, TTF_GetError());
        return -1;
    }
    f->open[0].px = 16;
    f->open[0].f = probe;
    f->nopen = 1;
    return 0;
}

void gui_fonts_flush(gui_fonts *f)
{
    for (int i = 0; i < GUI_TEXT_CACHE; i++) {
        gui_text_entry *e = &f->cache[i];
        if (e->tex) SDL_DestroyTexture(e->tex);
        free(e->s);
        memset(e, 0, sizeof *e);
    }
}

void gui_fonts_close(gui_fonts *f)
{
    gui_fonts_flush(f);
    for (int i = 0; i < f->nopen; i++) TTF_CloseFont(f->open[i].f);
    f->nopen = 0;
    if (f->kai) TTF_CloseFont(f->kai);
    f->kai = NULL;
#ifndef QP_NO_FONTCONFIG
    FcFini();   /* fontconfig's caches, so leak checkers see a clean exit */
#endif
}

void gui_fonts_end_frame(gui_fonts *f)
{
    f->frame++;
    /* Strings unused for a few hundred frames (a resize, an old move list
     * page) go; the live set of a frame is far below the cache size. */
    for (int i = 0; i < GUI_TEXT_CACHE; i++) {
        gui_text_entry *e = &f->cache[i];
        if (e->tex && f->frame - e->used > 600) {
            SDL_DestroyTexture(e->tex);
            free(e->s);
            memset(e, 0, sizeof *e);
        }
    }
}

static TTF_Font *font_at(gui_fonts *f, int px, bool bold)
{
    if (px < 4) px = 4;
    if (px > 400) px = 400;
    for (int i = 0; i < f->nopen; i++)
        if (f->open[i].px == px && f->open[i].bold == bold) return f->open[i].f;
    TTF_Font *t = TTF_OpenFont(f->path, px);
    if (!t) {
        SDL_Log("TTF_OpenFont %s: %s", f->path, TTF_GetError());
        return f->open[0].f;
    }
    if (bold) TTF_SetFontStyle(t, TTF_STYLE_BOLD);
    TTF_SetFontHinting(t, TTF_HINTING_LIGHT);
    int slot = f->nopen;
    if (slot == GUI_FONT_SIZES) {
        /* Full: reuse the least recently opened slot except the probe. */
        slot = 1;
        TTF_CloseFont(f->open[slot].f);
        memmove(&f->open[1], &f->open[2], sizeof f->open[0] * (GUI_FONT_SIZES - 2));
        slot = GUI_FONT_SIZES - 1;
    } else {
        f->nopen++;
    }
    f->open[slot].px = px;
    f->open[slot].bold = bold;
    f->open[slot].f = t;
    return t;
}

static Uint32 hash_of(const char *s, int px, int wrap, bool bold, SDL_Color c)
{
    Uint32 h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    h = (h ^ (Uint32)px) * 16777619u;
    h = (h ^ (Uint32)wrap) * 16777619u;
    h = (h ^ (Uint32)bold) * 16777619u;
    h = (h ^ ((Uint32)c.r << 24 | (Uint32)c.g << 16 | (Uint32)c.b << 8 | c.a)) * 16777619u;
    return h;
}

static gui_text_entry *lookup(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, int wrap)
{
    Uint32 h = hash_of(s, px, wrap, bold, c);
    int start = (int)(h % GUI_TEXT_CACHE), free_slot = -1, oldest = start;
    for (int k = 0; k < GUI_TEXT_CACHE; k++) {
        int i = (start + k) % GUI_TEXT_CACHE;
        gui_text_entry *e = &f->cache[i];
        if (!e->tex) {
            if (free_slot < 0) free_slot = i;
            if (k > 32) break;   /* open addressing: a hole this far means a miss */
            continue;
        }
        if (e->hash == h && e->px == px && e->wrap == wrap && e->bold == bold && e->c.r == c.r &&
            e->c.g == c.g && e->c.b == c.b && e->c.a == c.a && !strcmp(e->s, s)) {
            e->used = f->frame;
            return e;
        }
        if (f->frame - e->used > f->frame - f->cache[oldest].used) oldest = i;
        if (k > 32 && free_slot >= 0) break;
    }
    int slot = free_slot >= 0 ? free_slot : oldest;
    gui_text_entry *e = &f->cache[slot];
    if (e->tex) SDL_DestroyTexture(e->tex);
    free(e->s);
    memset(e, 0, sizeof *e);

    TTF_Font *font = font_at(f, px, bold);
    SDL_Surface *surf = wrap > 0 ? TTF_RenderUTF8_Blended_Wrapped(font, s, c, (Uint32)wrap)
                                 : TTF_RenderUTF8_Blended(font, s, c);
    if (!surf) return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(f->ren, surf);
    if (!tex) {
        SDL_Log("SDL_CreateTextureFromSurface: %s", SDL_GetError());
        SDL_FreeSurface(surf);
        return NULL;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    e->hash = h;
    e->s = strdup(s);
    e->px = px;
    e->wrap = wrap;
    e->bold = bold;
    e->c = c;
    e->tex = tex;
    e->w = surf->w;
    e->h = surf->h;
    e->used = f->frame;
    SDL_FreeSurface(surf);
    if (!e->s) {
        SDL_DestroyTexture(tex);
        memset(e, 0, sizeof *e);
        return NULL;
    }
    return e;
}

void gui_text_size(gui_fonts *f, const char *s, int px, bool bold, int *w, int *h)
{
    int tw = 0, th = 0;
    if (*s) TTF_SizeUTF8(font_at(f, px, bold), s, &tw, &th);
    else th = TTF_FontHeight(font_at(f, px, bold));
    if (w) *w = tw;
    if (h) *h = th;
}

/* Keeps the drawn box of s when measuring is on. */
static void record(gui_fonts *f, const char *s, SDL_Rect box, const SDL_Rect *in, bool cut, bool shortened)
{
    if (!f->rec || f->nrec >= f->rec_cap) return;
    gui_text_rec *r = &f->rec[f->nrec++];
    memset(r, 0, sizeof *r);
    r->box = box;
    if (in) r->in = *in;
    r->layer = f->layer;
    r->cut = cut;
    r->shortened = shortened;
    size_t n = strlen(s);
    if (n >= sizeof r->s) {   /* whole UTF-8 characters */
        n = sizeof r->s - 1;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    }
    memcpy(r->s, s, n);
    r->s[n] = 0;
    for (char *p = r->s; *p; p++)
        if (*p == '\n' || *p == '\t') *p = ' ';
}

static int draw_text(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, float x, float y, int align,
                     int wrap, const SDL_Rect *in, bool cut, bool shortened)
{
    if (!s || !*s) return 0;
    gui_text_entry *e = lookup(f, s, px, bold, c, wrap);
    if (!e) return 0;
    float dx = x, dy = y;
    if (align & GUI_HCENTER) dx -= e->w / 2.0f;
    else if (align & GUI_RIGHT) dx -= (float)e->w;
    if (align & GUI_VCENTER) dy -= e->h / 2.0f;
    else if (align & GUI_BOTTOM) dy -= (float)e->h;
    /* Whole pixels keep glyph edges sharp. */
    SDL_Rect dst = {(int)SDL_floorf(dx + 0.5f), (int)SDL_floorf(dy + 0.5f), e->w, e->h};
    if (SDL_RenderCopy(f->ren, e->tex, NULL, &dst) < 0) SDL_Log("SDL_RenderCopy: %s", SDL_GetError());
    record(f, s, dst, in, cut, shortened);
    return e->h;
}

int gui_text(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, float x, float y,
             int align, int wrap)
{
    return draw_text(f, s, px, bold, c, x, y, align, wrap, NULL, false, false);
}

SDL_Surface *gui_text_surface(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c)
{
    if (!s || !*s) return NULL;
    SDL_Surface *t = TTF_RenderUTF8_Blended(font_at(f, px, bold), s, c);
    if (!t) SDL_Log("TTF_RenderUTF8_Blended: %s", TTF_GetError());
    return t;
}

SDL_Surface *gui_glyph_surface(gui_fonts *f, const char *s, int px, bool kai, SDL_Color c)
{
    if (!kai || !f->kai_path[0]) return gui_text_surface(f, s, px, true, c);
    if (!f->kai || f->kai_px != px) {
        if (f->kai) TTF_CloseFont(f->kai);
        f->kai = TTF_OpenFont(f->kai_path, px);
        f->kai_px = px;
        if (!f->kai) {
            SDL_Log("TTF_OpenFont %s: %s", f->kai_path, TTF_GetError());
            f->kai_path[0] = 0;
            return gui_text_surface(f, s, px, true, c);
        }
    }
    SDL_Surface *t = TTF_RenderUTF8_Blended(f->kai, s, c);
    if (!t) SDL_Log("TTF_RenderUTF8_Blended: %s", TTF_GetError());
    return t;
}

/* The longest start of s that fits max_w with "…" after it, into buf. */
static void cut_end(gui_fonts *f, const char *s, int px, bool bold, int max_w, char *buf, size_t bufn)
{
    size_t n = strlen(s);
    if (n > bufn - 4) n = bufn - 4;
    int w;
    while (n > 0) {
        n--;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;   /* whole UTF-8 chars */
        memcpy(buf, s, n);
        memcpy(buf + n, "\xE2\x80\xA6", 4);   /* "…" */
        gui_text_size(f, buf, px, bold, &w, NULL);
        if (w <= max_w) return;
    }
    memcpy(buf, "\xE2\x80\xA6", 4);
}

/* s with its middle (before the last '/') replaced by "…" so that it fits
 * max_w: the start says where, the end names the file.  False when even
 * the file name alone does not fit. */
static bool shorten_path(gui_fonts *f, const char *s, int px, bool bold, int max_w, char *buf, size_t bufn)
{
    const char *slash = strrchr(s, '/');
    if (!slash || slash == s) return false;
    size_t tail = strlen(slash), head = (size_t)(slash - s);
    if (tail + 4 >= bufn) return false;
    if (head > bufn - tail - 4) head = bufn - tail - 4;
    int w;
    for (;;) {
        memcpy(buf, s, head);
        memcpy(buf + head, "\xE2\x80\xA6", 3);
        memcpy(buf + head + 3, slash, tail + 1);
        gui_text_size(f, buf, px, bold, &w, NULL);
        if (w <= max_w) return true;
        if (head == 0) return false;
        head--;
        while (head > 0 && ((unsigned char)s[head] & 0xC0) == 0x80) head--;
    }
}

void gui_text_fit(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, float x, float y,
                  int align, int max_w)
{
    if (!s || !*s) return;
    int w, h;
    gui_text_size(f, s, px, bold, &w, &h);
    /* the room: max_w wide where align puts the text, as tall as a line */
    float ix = x, iy = y;
    if (align & GUI_HCENTER) ix -= max_w / 2.0f;
    else if (align & GUI_RIGHT) ix -= (float)max_w;
    if (align & GUI_VCENTER) iy -= h / 2.0f;
    else if (align & GUI_BOTTOM) iy -= (float)h;
    SDL_Rect in = {(int)SDL_floorf(ix + 0.5f), (int)SDL_floorf(iy + 0.5f), max_w, h};
    if (w <= max_w) {
        draw_text(f, s, px, bold, c, x, y, align, 0, &in, false, false);
        return;
    }
    char buf[512];
    cut_end(f, s, px, bold, max_w, buf, sizeof buf);
    draw_text(f, buf, px, bold, c, x, y, align, 0, &in, true, false);
}

/* Wrapped sizes do not depend on the colour: measure with one. */
static const SDL_Color GUI_FIT_COLOUR = {255, 255, 255, 255};

static int min_px_of(int px, int fit)
{
    int m = fit & GUI_FIT_SMALL ? px * 3 / 5 : px * 4 / 5;
    return m < 7 ? (px < 7 ? px : 7) : m;
}

bool gui_text_fits(gui_fonts *f, const char *s, int px, bool bold, SDL_Rect box, int fit)
{
    if (!s || !*s) return true;
    for (int p = px; p >= min_px_of(px, fit); p--) {
        int w;
        gui_text_size(f, s, p, bold, &w, NULL);
        if (w <= box.w) return true;
        if (fit & GUI_FIT_WRAP) {
            gui_text_entry *e = lookup(f, s, p, bold, GUI_FIT_COLOUR, box.w);
            if (e && e->w <= box.w && e->h <= box.h) return true;
        }
    }
    return false;
}

int gui_text_box(gui_fonts *f, const char *s, int px, bool bold, SDL_Color c, SDL_Rect box, int align, int fit)
{
    if (!s || !*s || box.w <= 0) return 0;
    float x = align & GUI_HCENTER ? box.x + box.w / 2.0f : align & GUI_RIGHT ? (float)(box.x + box.w) : (float)box.x;
    int valign = align & (GUI_VCENTER | GUI_BOTTOM), halign = align & (GUI_HCENTER | GUI_RIGHT);
    float y = valign & GUI_VCENTER ? box.y + box.h / 2.0f : valign & GUI_BOTTOM ? (float)(box.y + box.h) : (float)box.y;
    int min_px = min_px_of(px, fit);
    for (int p = px; p >= min_px; p--) {
        int w, h;
        gui_text_size(f, s, p, bold, &w, &h);
        if (w <= box.w)
            return draw_text(f, s, p, bold, c, x, y, align, 0, &box, false, false);
        if (fit & GUI_FIT_WRAP) {
            gui_text_entry *e = lookup(f, s, p, bold, c, box.w);
            if (e && e->w <= box.w && e->h <= box.h) {
                /* a wrapped block: its lines start at the box's left */
                float bx = (float)box.x;
                if (halign & GUI_HCENTER) bx = box.x + (box.w - e->w) / 2.0f;
                return draw_text(f, s, p, bold, c, bx, y, GUI_LEFT | valign, box.w, &box, false, false);
            }
        }
    }
    char buf[512];
    if ((fit & GUI_FIT_PATH) && shorten_path(f, s, px, bold, box.w, buf, sizeof buf))
        return draw_text(f, buf, px, bold, c, x, y, align, 0, &box, false, true);
    cut_end(f, s, min_px, bold, box.w, buf, sizeof buf);
    return draw_text(f, buf, min_px, bold, c, x, y, align, 0, &box, true, false);
}
