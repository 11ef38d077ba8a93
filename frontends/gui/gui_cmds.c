/*
 * gui_cmds.c — `qipan play` (the SDL2 window, or console play without a
 * display) and `qipan render` (the window's picture drawn off-screen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_ttf.h>

#include "app.h"
#include "gui_app.h"
#include "ai.h"
#include "gui_draw.h"
#include "gui_editor.h"
#include "gui_engine.h"
#include "gui_libview.h"
#include "gui_opening.h"
#include "datadirs.h"
#include "gui_png.h"
#include "gui_toolview.h"
#include "record.h"
#include "record_file.h"

#define DEFAULT_W 1000
#define DEFAULT_H 760

/* "WxH" with each side in 160..8192. */
static int parse_size(const char *cmd, const char *text, int *w, int *h)
{
    char *end;
    long a = strtol(text, &end, 10), b = 0;
    bool ok = end != text && (*end == 'x' || *end == 'X');
    if (ok) {
        const char *p = end + 1;
        b = strtol(p, &end, 10);
        ok = end != p && *end == 0;
    }
    if (!ok || a < 160 || b < 160 || a > 8192 || b > 8192) {
        fprintf(stderr, "qipan: %s: bad --size '%s' (want WxH, each 160..8192, e.g. %dx%d)\n", cmd, text,
                DEFAULT_W, DEFAULT_H);
        return -1;
    }
    *w = (int)a;
    *h = (int)b;
    return 0;
}

/* --ai as the console reads it: a side name, "both" or "none". */
static int parse_ai(const qp_rules *r, const char *text, int *mask)
{
    if (!strcmp(text, "none")) *mask = 0;
    else if (!strcmp(text, "both")) *mask = r->nsides > 1 ? 3 : 1;
    else if (!strcmp(text, qp_side_name(r, 0))) *mask = 1;
    else if (r->nsides > 1 && !strcmp(text, qp_side_name(r, 1))) *mask = 2;
    else {
        fprintf(stderr, "qipan: --ai must be %s%s%s, both or none, got '%s'\n", qp_side_name(r, 0),
                r->nsides > 1 ? ", " : "", r->nsides > 1 ? qp_side_name(r, 1) : "", text);
        return -1;
    }
    return 0;
}

static bool have_display(void)
{
#if defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
    const char *drv = getenv("SDL_VIDEODRIVER");
    if (drv && *drv) return true;   /* the user chose a driver: let SDL decide */
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    return (x && *x) || (wl && *wl);
#else
    return true;
#endif
}

/* Without a display `play` is the console; a network seat there is
 * `qipan host` / `qipan join`. */
static int console_unless_net(qp_app *app, int argc, char **argv, const gui_net_opts *net)
{
    if (net->on) {
        fprintf(stderr, "qipan: play --host/--join needs a display; use qipan %s\n", net->host ? "host" : "join");
        return 2;
    }
    return cmd_console(app, argc, argv);
}

int cmd_play(qp_app *app, int argc, char **argv)
{
    gui_options opt = {DEFAULT_W, DEFAULT_H, false, false, -1, 0, gui_now(), 0, NULL, QP_AI_DEFAULT};
    qp_opts o;
    gui_net_opts net;   /* --host / --join: the window plays over the network */
    if (gui_net_take_opts(&argc, argv, &net)) return 2;
    opt.net = &net;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos > 1) {
        fprintf(stderr, "usage: qipan play [RULESET] [--config FILE] [--fen FEN] [--load FILE] "
                        "[--size WxH] [--flip] [--ai SIDE|both|none] [--level N]\n"
                        "       [--host [PORT] [--code C] [--side S] [--time M+S] | --join HOST:PORT --code C] [--save FILE]\n");
        return 2;
    }
    if (o.size && parse_size("play", o.size, &opt.w, &opt.h)) return 2;
    opt.size_given = o.size != NULL;
    if (o.has_level && (o.level < 1 || o.level > 10)) {
        fprintf(stderr, "qipan: --level must be 1..10, got %d\n", o.level);
        return 2;
    }
    if (o.search && (opt.search = qp_ai_parse(o.search)) < 0) {
        fprintf(stderr, "qipan: --search must be mcts or alphabeta, got '%s'\n", o.search);
        return 2;
    }
    if (!have_display()) {
        fprintf(stderr, "qipan: no display (DISPLAY/WAYLAND_DISPLAY unset); playing in the console\n");
        return console_unless_net(app, argc, argv, &net);
    }
    /* A click that focuses the window also plays: by default SDL drops a
     * click that arrives within 10 ms of focus (as measured when events are
     * read, so a busy machine loses the first click). */
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) < 0) {
        fprintf(stderr, "qipan: no display (%s); playing in the console\n", SDL_GetError());
        SDL_Quit();
        return console_unless_net(app, argc, argv, &net);
    }
    /* Without SDL_VIDEODRIVER, SDL may end up on a driver that shows
     * nothing (offscreen, dummy) when the display cannot be reached. */
    const char *drv = SDL_GetCurrentVideoDriver(), *asked = getenv("SDL_VIDEODRIVER");
    if (!(asked && *asked) && drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy") || !strcmp(drv, "evdev"))) {
        fprintf(stderr, "qipan: no display (video driver '%s'); playing in the console\n", drv);
        SDL_Quit();
        return console_unless_net(app, argc, argv, &net);
    }
    if (TTF_Init() < 0) {
        fprintf(stderr, "qipan: TTF_Init: %s\n", TTF_GetError());
        SDL_Quit();
        return 1;
    }
    opt.t_video = gui_now();
    qp_rules *r = NULL;
    qp_game g;
    char err[QP_ERR * 2];
    int rc = 1;
    if (o.load) {
        if (qp_record_load(&app->reg, o.load, &r, &g, err, sizeof err)) {
            fprintf(stderr, "qipan: %s\n", err);
            goto out;
        }
    } else if (qp_app_open_game(app, &o, &r, &g)) {
        goto out;
    }
    if (o.ai && parse_ai(r, o.ai, &opt.ai_mask)) {
        qp_game_free(&g);
        qp_rules_free(r);
        rc = 2;
        goto out;
    }
    opt.flip = o.flip;
    opt.level = o.has_level ? o.level : 0;
    rc = gui_app_run(app, r, &g, &opt);   /* owns r and g now */
out:
    TTF_Quit();
    SDL_Quit();
    return rc;
}

/* ---- render ----------------------------------------------------------- */

/* --boxes: each drawn text as "text X Y W H in X Y W H layer N ok|cut|short TEXT", the room
 * "in" being the whole picture for a text given none. */
static void print_boxes(const gui_fonts *f, int w, int h)
{
    for (int i = 0; i < f->nrec; i++) {
        const gui_text_rec *t = &f->rec[i];
        SDL_Rect in = t->in.w > 0 ? t->in : (SDL_Rect){0, 0, w, h};
        printf("text %d %d %d %d in %d %d %d %d layer %d %s %s\n", t->box.x, t->box.y, t->box.w, t->box.h, in.x, in.y,
               in.w, in.h, t->layer, t->cut ? "cut" : t->shortened ? "short" : "ok", t->s);
    }
}

static int render_png(const gui_state *st, int w, int h, const char *out, gui_layout *L, bool boxes)
{
    char err[QP_ERR * 2];
    int rc = 1;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!surf) {
        fprintf(stderr, "qipan: SDL_CreateRGBSurfaceWithFormat: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(surf);
    if (!ren) {
        fprintf(stderr, "qipan: SDL_CreateSoftwareRenderer: %s\n", SDL_GetError());
        SDL_FreeSurface(surf);
        return 1;
    }
    gui_draw_ctx d;
    if (gui_draw_init(&d, ren, err, sizeof err)) {
        fprintf(stderr, "qipan: %s\n", err);
    } else {
        if (boxes) {
            d.fonts.rec_cap = 1024;
            d.fonts.rec = calloc((size_t)d.fonts.rec_cap, sizeof *d.fonts.rec);
            if (!d.fonts.rec) fprintf(stderr, "qipan: out of memory for --boxes\n");
        }
        gui_layout_compute(L, &st->r->geom, w, h, st->flip);
        gui_draw_frame(&d, L, st, 0);
        SDL_RenderPresent(ren);   /* flushes the batched drawing into the surface */
        gui_pixels px = {surf->pixels, surf->w, surf->h, surf->pitch, surf->format->Rmask,
                         surf->format->Gmask, surf->format->Bmask};
        if (SDL_MUSTLOCK(surf)) SDL_LockSurface(surf);
        if (gui_png_write(out, &px, err, sizeof err)) fprintf(stderr, "qipan: %s\n", err);
        else rc = 0;
        if (boxes && !d.fonts.rec) rc = 1;
        if (rc == 0 && boxes) print_boxes(&d.fonts, w, h);
        free(d.fonts.rec);
        d.fonts.rec = NULL;
        if (SDL_MUSTLOCK(surf)) SDL_UnlockSurface(surf);
        gui_draw_free(&d);
    }
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(surf);
    return rc;
}

/* Options of render alone, taken out of argv before the common parser:
 * --resign SIDE (that side has resigned: the end banner shows), --dialog
 * newgame|help|settings (that dialog open), --hint (the engine's move as an arrow),
 * --pieces plain|kai (the piece glyph style), --analysis (the analysis view: arrow, score and evaluation bar).  The
 * engine searches to a fixed depth, so the picture never depends on time.
 * --message TEXT puts TEXT on the message line, --exchange shows the
 * exchange prompt, --dialog resume the resume question with --message as
 * the path, --boxes prints every drawn text's box (print_boxes), --click
 * POINT (repeatable) clicks the board as a player would: a selection, or
 * the choice a promotion opens; --lang zh|en|both the texts' language (both,
 * not the remembered setting, so a picture does not depend on it). */
typedef struct render_opts {
    const char *resign, *dialog, *message;
    bool hint, analysis, kai, boxes, exchange;
    const char *chat[GUI_CHAT_LINES];   /* --chat: a network game's chat history, we play the first side */
    int nchat;
    bool file_numbers;   /* --file-numbers: the traditional file numbers at the board's edges */
    const char *click[GUI_MAX_SQ + 1];   /* --click: board points clicked, in order */
    int nclick;
    qp_lang lang;
} render_opts;

static int take_render_opts(int *argc, char **argv, render_opts *ro)
{
    int k = 1;
    for (int i = 1; i < *argc; i++) {
        if (!strcmp(argv[i], "--resign")) {
            if (i + 1 >= *argc) {
                fprintf(stderr, "qipan: render: --resign needs a side\n");
                return -1;
            }
            ro->resign = argv[++i];
        } else if (!strcmp(argv[i], "--pieces")) {
            if (i + 1 >= *argc || (strcmp(argv[i + 1], "kai") && strcmp(argv[i + 1], "plain"))) {
                fprintf(stderr, "qipan: render: --pieces must be plain or kai\n");
                return -1;
            }
            ro->kai = !strcmp(argv[++i], "kai");
        } else if (!strcmp(argv[i], "--lang")) {
            if (i + 1 >= *argc || qp_lang_parse(argv[i + 1], &ro->lang)) {
                fprintf(stderr, "qipan: render: --lang must be zh, en or both, got '%s'\n", i + 1 < *argc ? argv[i + 1] : "");
                return -1;
            }
            i++;
        } else if (!strcmp(argv[i], "--hint")) {
            ro->hint = true;
        } else if (!strcmp(argv[i], "--analysis")) {
            ro->analysis = true;
        } else if (!strcmp(argv[i], "--boxes")) {
            ro->boxes = true;
        } else if (!strcmp(argv[i], "--file-numbers")) {
            ro->file_numbers = true;
        } else if (!strcmp(argv[i], "--exchange")) {
            ro->exchange = true;
        } else if (!strcmp(argv[i], "--message")) {
            if (i + 1 >= *argc) {
                fprintf(stderr, "qipan: render: --message needs a text\n");
                return -1;
            }
            ro->message = argv[++i];
        } else if (!strcmp(argv[i], "--dialog")) {
            if (i + 1 >= *argc ||
                (strcmp(argv[i + 1], "newgame") && strcmp(argv[i + 1], "help") && strcmp(argv[i + 1], "settings") &&
                 strcmp(argv[i + 1], "resume") && strcmp(argv[i + 1], "draw-offer") &&
                 strcmp(argv[i + 1], "takeback-offer") && strcmp(argv[i + 1], "library") &&
                 strcmp(argv[i + 1], "editor") && strcmp(argv[i + 1], "paste"))) {
                fprintf(stderr, "qipan: render: --dialog must be newgame, help, settings, resume, draw-offer, "
                                "takeback-offer, library, editor or paste\n");
                return -1;
            }
            ro->dialog = argv[++i];
        } else if (!strcmp(argv[i], "--click")) {
            if (i + 1 >= *argc || ro->nclick >= GUI_MAX_SQ + 1) {
                fprintf(stderr, "qipan: render: --click needs a point (at most %d)\n", GUI_MAX_SQ + 1);
                return -1;
            }
            ro->click[ro->nclick++] = argv[++i];
        } else if (!strcmp(argv[i], "--chat")) {   /* repeatable: "you: text" is ours, any other line the opponent's */
            if (i + 1 >= *argc || ro->nchat >= GUI_CHAT_LINES) {
                fprintf(stderr, "qipan: render: --chat needs a text (at most %d)\n", GUI_CHAT_LINES);
                return -1;
            }
            ro->chat[ro->nchat++] = argv[++i];
        } else {
            argv[k++] = argv[i];
        }
    }
    *argc = k;
    return 0;
}

int cmd_render(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    render_opts ro = {.lang = QP_LANG_BOTH};
    int w = DEFAULT_W, h = DEFAULT_H;
    if (take_render_opts(&argc, argv, &ro)) return 2;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos != 1) {
        fprintf(stderr, "usage: qipan render RULESET [--fen FEN] [--config FILE] --out FILE.png "
                        "[--size WxH] [--flip] [--layout] [--resign SIDE] [--dialog newgame|help|settings|resume|draw-offer|takeback-offer|library|editor|paste] [--hint] [--analysis] [--pieces plain|kai]\n"
                        "       [--message TEXT] [--exchange] [--boxes] [--chat TEXT]... [--file-numbers] [--click POINT]... [--lang zh|en|both]\n");
        return 2;
    }
    if (!o.out || !*o.out) {
        fprintf(stderr, "qipan: render: --out FILE.png is required\n");
        return 2;
    }
    if (o.size && parse_size("render", o.size, &w, &h)) return 2;
    char kai_path[512];
    if (ro.kai && !gui_font_find_kai(kai_path, sizeof kai_path)) {
        /* the window falls back to plain glyphs with a word; a picture
         * asked for in Kai would silently be another picture */
        fprintf(stderr, "qipan: render: no Kai font (install fonts-arphic-ukai)\n");
        return 1;
    }

    qp_rules *r;
    qp_game g;
    if (qp_app_open_game(app, &o, &r, &g)) return 1;
    if (SDL_Init(0) < 0 || TTF_Init() < 0) {
        fprintf(stderr, "qipan: SDL: %s\n", SDL_GetError());
        qp_game_free(&g);
        qp_rules_free(r);
        return 1;
    }
    gui_state st;
    if (gui_state_init(&st, r, &g)) {
        fprintf(stderr, "qipan: out of memory\n");
        qp_game_free(&g);
        qp_rules_free(r);
        TTF_Quit();
        SDL_Quit();
        return 1;
    }
    if (ro.resign) {
        int side = -1;
        for (int k = 0; k < r->nsides; k++)
            if (!strcmp(ro.resign, qp_side_name(r, k))) side = k;
        if (side < 0 || r->nsides < 2) {
            fprintf(stderr, "qipan: render: --resign must name a side of a two-player game, got '%s'\n", ro.resign);
            gui_state_free(&st);
            TTF_Quit();
            SDL_Quit();
            return 2;
        }
        st.g.resigned = side;
        gui_state_changed(&st);
    }
    /* A finished game shows its end banner, as the window does. */
    if (gui_state_over(&st)) st.dialog = GUI_DLG_END;
    /* As a freshly opened window shows the position: the computer would
     * play the second side when there is an engine, sound on. */
    st.flip = o.flip;
    st.engine_ok = gui_engine_available();
    st.ai_mask = st.engine_ok && r->nsides > 1 ? 2u : 0u;
    st.sound_ok = st.sound_on = true;

    if ((ro.hint || ro.analysis) && !gui_state_over(&st)) {
        gui_engine *e = gui_engine_new(st.r);
        gui_think t;
        if (!e || gui_engine_think_sync(e, &st.g, 5, &t)) {
            fprintf(stderr, "qipan: render: this build has no engine for --hint/--analysis\n");
            gui_engine_free(e);
            gui_state_free(&st);
            TTF_Quit();
            SDL_Quit();
            return 1;
        }
        gui_engine_free(e);
        gui_state_set_hint(&st, t.best);
        if (ro.analysis) {
            st.analysis = true;
            st.think = t;
        }
    }
    if (ro.dialog) {
        st.dialog = !strcmp(ro.dialog, "help")       ? GUI_DLG_HELP
                    : !strcmp(ro.dialog, "settings") ? GUI_DLG_SETTINGS
                    : !strcmp(ro.dialog, "resume")   ? GUI_DLG_RESUME
                    : strstr(ro.dialog, "-offer")    ? GUI_DLG_CONFIRM
                                                     : GUI_DLG_NEWGAME;
        /* the network opponent's offers (gui_net.c) */
        st.confirm = !strcmp(ro.dialog, "draw-offer") ? GUI_ASK_NET_DRAW : GUI_ASK_NET_TAKEBACK;
        st.threads = 1;
        st.engine_ok = true;
        st.ai_kind = qp_ai_choose(r);
        for (int i = 0; i < app->reg.n && st.ngames < (int)(sizeof st.games / sizeof st.games[0]); i++) {
            if (!strcmp(app->reg.rs[i]->name, r->rs->name)) st.ng.game = st.ngames;
            st.game_titles[st.ngames] = app->reg.rs[i]->title;
            st.games[st.ngames++] = app->reg.rs[i]->name;
        }
        st.ng.ai_mask = st.ai_mask;
        st.ng.level = st.level;
        st.ng.tc = (gui_tc){GUI_TC_INCREMENT, 180, 2, 30};
    }
    st.pieces = ro.kai ? 1 : 0;
    st.file_numbers = ro.file_numbers;
    /* the opening names the window shows beside the start row */
    gui_openings ops = {0};
    char sdir[1024], oerr[QP_ERR * 2];
    qp_default_scripts_dir(app->argv0, sdir, sizeof sdir);
    if (gui_openings_load(&ops, sdir, r->rs->name, oerr, sizeof oerr)) fprintf(stderr, "qipan: %s\n", oerr);
    st.openings = ops.n ? &ops : NULL;
    /* the player tools' dialogs (gui_toolview.h): the library of
     * $XDG_DATA_HOME, the editor on the position, --message what a paste brings */
    gui_libview lib = {0};
    gui_editor ed;
    if (ro.dialog && !strcmp(ro.dialog, "library")) {
        char err[QP_ERR * 2];
        if (gui_libview_load(&lib, err, sizeof err)) fprintf(stderr, "qipan: render: library: %s\n", err);
        st.lib = &lib;
        st.dialog = GUI_DLG_LIBRARY;
    } else if (ro.dialog && !strcmp(ro.dialog, "editor")) {
        char err[QP_ERR * 2];
        if (gui_editor_open(&ed, st.r, st.g.cur, err, sizeof err) == 0) {
            st.ed = &ed;
            st.dialog = GUI_DLG_EDITOR;
            if (ro.message) snprintf(ed.err, sizeof ed.err, "%s", ro.message);
        } else {
            fprintf(stderr, "qipan: render: %s\n", err);
        }
    } else if (ro.dialog && !strcmp(ro.dialog, "paste")) {
        st.dialog = GUI_DLG_PASTE;
        snprintf(st.paste_what, sizeof st.paste_what, "%s", ro.message ? ro.message : "FEN");
    }
    if (ro.message && (st.dialog == GUI_DLG_EDITOR || st.dialog == GUI_DLG_PASTE)) {
        /* said in the dialog */
    } else if (ro.message) {
        if (st.dialog == GUI_DLG_RESUME) {
            snprintf(st.autosave_path, sizeof st.autosave_path, "%s", ro.message);
            st.resume_moves = 12;
            snprintf(st.resume_date, sizeof st.resume_date, "2024-01-02 03:04");
        } else {
            gui_state_message(&st, false, "%s", ro.message);
        }
    }
    if (ro.nchat) {   /* a network game seen from the first side, with its chat */
        st.net.seat = 0;
        for (int i = 0; i < ro.nchat; i++) {
            bool mine = !strncmp(ro.chat[i], "you: ", 5);
            gui_chat_add(&st.net, mine, mine ? "你 you" : "对手 opponent", ro.chat[i] + (mine ? 5 : 0));
        }
    }
    for (int i = 0; i < ro.nclick; i++) {   /* clicks as a player's: a move they finish is not played */
        int sq;
        int k = qp_sq_parse(&r->geom, ro.click[i], &sq);
        if (!k || ro.click[i][k]) {
            fprintf(stderr, "qipan: render: --click: '%s' is no point of the board\n", ro.click[i]);
            gui_state_free(&st);
            TTF_Quit();
            SDL_Quit();
            return 2;
        }
        gui_state_click(&st, sq);
    }
    if (ro.exchange) {   /* what the status line shows in an exchange */
        st.nsel = 2;
        st.sel_takes = true;
    }
    gui_layout L;
    qp_texts *texts = gui_texts_load(app->argv0);
    gui_texts_set(texts, ro.lang);
    int rc = render_png(&st, w, h, o.out, &L, ro.boxes);
    gui_texts_set(NULL, QP_LANG_BOTH);
    qp_texts_free(texts);
    if (rc == 0 && o.layout) {
        for (int sq = 0; sq < r->geom.n; sq++) {
            if (qp_geom_is_hole(&r->geom, sq)) continue;
            char name[8];
            int x, y;
            qp_sq_name(&r->geom, sq, name);
            gui_layout_point(&L, sq, &x, &y);
            printf("%s %d %d\n", name, x, y);
        }
        /* the buttons: centre, then size (a finger needs room on a phone) */
        for (int b = 0; b < GUI_NBUTTONS; b++) {
            const SDL_Rect *R = &L.button[b];
            printf("btn-%s %d %d %d %d\n", gui_layout_button_name(b), R->x + R->w / 2, R->y + R->h / 2, R->w, R->h);
        }
        if (st.ed) {   /* the editor's palette and buttons, for click tests */
            gui_ed_layout E;
            gui_layout_editor(&L, ed.npal, &E);
            int col[2] = {0, 0};
            for (int i = 0; i <= ed.npal; i++) {
                int row = i == ed.npal ? 0 : ed.pal[i].side == 0 ? 0 : 1, c = col[row]++;
                int x = E.pal_x + c * E.pal_cell + E.pal_cell / 2, y = E.pal_y + row * E.pal_cell + E.pal_cell / 2;
                if (i == ed.npal) printf("pal-erase %d %d\n", x, y);
                else printf("pal-%c %d %d\n", ed.pal[i].letter, x, y);
            }
            static const char *const nm[GUI_ED_BTNS] = {"ed-clear", "ed-start", "ed-play", "ed-analyse", "ed-cancel"};
            for (int i = 0; i < GUI_ED_BTNS; i++)
                printf("%s %d %d\n", nm[i], E.button[i].x + E.button[i].w / 2, E.button[i].y + E.button[i].h / 2);
            for (int sd = 0; sd < 2; sd++)
                printf("ed-side%d %d %d\n", sd, E.side[sd].x + E.side[sd].w / 2, E.side[sd].y + E.side[sd].h / 2);
        }
    }
    gui_libview_free(&lib);
    gui_openings_free(&ops);
    st.openings = NULL;
    st.lib = NULL;
    st.ed = NULL;
    gui_state_free(&st);
    TTF_Quit();
    SDL_Quit();
    return rc;
}
