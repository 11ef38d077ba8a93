/*
 * gui_web.c — the window's page in a browser (see gui_web.h).
 */
#include "gui_web.h"

#ifdef __EMSCRIPTEN__

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <emscripten.h>

/* The page's view of the one window there is (a frontend may keep
 * globals; the core may not). */
static struct {
    const gui_state *st;
    const gui_layout *L;
    float scale;
    char json[65536];
    char point[64];
} web;

void gui_web_publish(const gui_state *st, const gui_layout *L, float scale)
{
    web.st = st;
    web.L = L;
    web.scale = scale > 0 ? scale : 1;
}

void gui_web_saved(void)
{
    /* web/pre.js writes the data folder to IndexedDB (at most one write
     * at a time; a save during one is written after it). */
    emscripten_run_script("if (Module.qpSync) Module.qpSync();");
}

static const char *dialog_name(int d)
{
    static const char *const names[] = {"", "help", "resume", "save", "load", "confirm", "end", "newgame", "settings"};
    return d >= 0 && d < (int)(sizeof names / sizeof names[0]) ? names[d] : "other";
}

/* Appends printf-style text to web.json at *at; false when it is full. */
static bool put(size_t *at, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool put(size_t *at, const char *fmt, ...)
{
    if (*at >= sizeof web.json) return false;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(web.json + *at, sizeof web.json - *at, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof web.json - *at) return false;
    *at += (size_t)k;
    return true;
}

/* Move texts are coordinates ("c3c4", "P@e5"): no quote or backslash can
 * occur, but a control character would break the JSON, so none passes. */
static bool put_text(size_t *at, const char *s)
{
    char clean[QP_MOVE_TEXT];
    size_t i = 0;
    for (; s[i] && i + 1 < sizeof clean; i++)
        clean[i] = (s[i] == '"' || s[i] == '\\' || (unsigned char)s[i] < 0x20) ? '?' : s[i];
    clean[i] = 0;
    return put(at, "\"%s\"", clean);
}

/* Any text as a JSON string: quote, backslash and control characters
 * escaped, UTF-8 passed as it is. */
static bool put_json(size_t *at, const char *s)
{
    bool ok = put(at, "\"");
    for (; ok && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') ok = put(at, "\\%c", c);
        else if (c < 0x20) ok = put(at, "\\u%04x", c);
        else ok = put(at, "%c", c);
    }
    return ok && put(at, "\"");
}

EMSCRIPTEN_KEEPALIVE const char *qp_web_state(void)
{
    const gui_state *st = web.st;
    if (!st || !web.L) return "";
    size_t at = 0;
    bool ok = put(&at, "{\"game\":\"%s\",\"len\":%d,\"cursor\":%d,\"moves\":[", st->r->rs->name, st->g.len,
                  st->g.cursor);
    for (int i = 0; ok && i < st->nply; i++) ok = (i == 0 || put(&at, ",")) && put_text(&at, st->ply[i].text);
    ok = ok && put(&at,
                   "],\"to_move\":%d,\"thinking\":%s,\"dialog\":\"%s\",\"over\":%s,\"width\":%d,\"height\":%d,"
                   "\"wide\":%s,\"error\":%s,\"message\":",
                   st->to_move, st->think.active ? "true" : "false", dialog_name((int)st->dialog),
                   gui_state_over(st) ? "true" : "false", (int)(web.L->W / web.scale), (int)(web.L->H / web.scale),
                   web.L->wide ? "true" : "false", st->msg_error ? "true" : "false") &&
         put_json(&at, st->msg) && put(&at, "}");
    return ok ? web.json : "";
}

EMSCRIPTEN_KEEPALIVE const char *qp_web_point(const char *name)
{
    int sq, x, y;
    if (!web.st || !web.L || !name || qp_sq_parse(&web.st->r->geom, name, &sq) != (int)strlen(name)) return "";
    gui_layout_point(web.L, sq, &x, &y);
    snprintf(web.point, sizeof web.point, "%d %d", (int)(x / web.scale + 0.5f), (int)(y / web.scale + 0.5f));
    return web.point;
}

EMSCRIPTEN_KEEPALIVE const char *qp_web_button(const char *name)
{
    const gui_state *st = web.st;
    const gui_layout *L = web.L;
    if (!st || !L || !name) return "";
    SDL_Rect R = {0, 0, 0, 0}, card, yes, no;
    for (int b = 0; b < GUI_NBUTTONS; b++)
        if (!strcmp(name, gui_layout_button_name(b))) R = L->button[b];
    bool yn = !strcmp(name, "yes") || !strcmp(name, "no");
    if (yn && (st->dialog == GUI_DLG_SAVE || st->dialog == GUI_DLG_LOAD)) {
        SDL_Rect entry, list;
        int rows;
        gui_layout_files(L, &card, &entry, &list, &rows, &yes, &no);
        R = name[0] == 'y' ? yes : no;
    } else if (yn && (st->dialog == GUI_DLG_RESUME || st->dialog == GUI_DLG_CONFIRM || st->dialog == GUI_DLG_END)) {
        gui_layout_dialog(L, 4, &card, &yes, &no);   /* the lines gui_draw_dialog gives them */
        R = name[0] == 'y' ? yes : no;
    }
    if (R.w <= 0) return "";
    snprintf(web.point, sizeof web.point, "%d %d %d %d", (int)(R.x / web.scale + 0.5f), (int)(R.y / web.scale + 0.5f),
             (int)(R.w / web.scale + 0.5f), (int)(R.h / web.scale + 0.5f));
    return web.point;
}

#else

void gui_web_publish(const gui_state *st, const gui_layout *L, float scale) { (void)st, (void)L, (void)scale; }
void gui_web_saved(void) {}

#endif
