/*
 * gui_app.c — the window's frame loop and the actions that change the game
 * (see gui_app.h).
 */
#include "gui_app.h"
#include "pass_guard.h"
#include "sgf.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "ai.h"
#include "fileio.h"
#include "gui_draw.h"
#include "gui_engine.h"
#include "gui_files.h"
#include "gui_input.h"
#include "gui_net.h"
#include "gui_picker.h"
#include "gui_settings.h"
#include "gui_sound.h"
#include "gui_undo.h"
#include "gui_web.h"
#include "gui_webio.h"
#include "gui_why.h"
#include "gui_winstate.h"
#include "gui_words.h"
#include "gui_clipboard.h"
#include "gui_editor.h"
#include "gui_libview.h"
#include "gui_notes.h"
#include "gui_opening.h"
#include "gui_toolview.h"
#include "datadirs.h"
#include "library.h"
#include "record.h"
#include "record_file.h"

/* What the engine is doing for the window. */
typedef enum gui_job { GUI_JOB_PLAY, GUI_JOB_HINT, GUI_JOB_ANALYZE } gui_job;

typedef struct gui_app {
    qp_app *app;
    SDL_Window *win;
    SDL_Renderer *ren;
    gui_draw_ctx draw;
    gui_layout L;
    gui_state st;
    gui_engine *eng;
    gui_job job;              /* of the running search */
    uint64_t analysed;        /* key of the position analysis last started on */
    gui_sound *snd;
    Uint32 wake;
    bool quit, dirty;
    bool autosave_armed;      /* false while the resume question is open */
    Uint64 last_ms;
    int start_w, start_h;     /* window size at start: what zoom 0 returns to */
    int drawn_w, drawn_h;     /* output size of the last frame drawn (for the log) */
    unsigned think_phase;     /* animation step of the thinking dots */
    char save_path[1024];
    char prev_path[1024];     /* the game New replaced, kept aside: Undo brings it back */
    gui_settings set;         /* remembered between runs */
    qp_texts *texts;          /* the message catalogue, NULL without one: English */
    char settings_path[1024]; /* "" when there is no place for them */
    Uint64 anim_start;        /* when the sliding piece started */
    bool dropped;             /* the move being played was dragged there */
    bool loaded_ws;           /* the last load found the window's state beside the file */
    char hook_err[256];       /* the last hook error shown (a game file's) */
    uint64_t kept_sig;        /* the finished game last kept in the library or loaded */
    int took_back;            /* the ply Undo took the game back to (a move there replaces
                               * the later ones without asking), or -1 */
    /* measurements (QIPAN_GUI_STATS=1 prints them on exit) */
    int frames, think_frames;
    double draw_sum, draw_max, think_draw_sum, think_draw_max;
    double t0, t_video, t_window, first_frame;
    gui_net *net;             /* a network game (gui_net.h), or NULL */
    gui_net_entry net_entry;  /* the address being typed for Host / Join */
    char net_game[64];        /* the ruleset the dialog chose to host */
    gui_tc net_tc;            /* and its time control */
    unsigned local_ai;        /* the local game's mode, flip and clocks, back after the network game */
    bool local_flip;
    gui_tc local_tc;
    qp_rules *paste_r;        /* a paste waiting for GUI_DLG_PASTE's answer, or NULL */
    qp_game paste_g;
    gui_openings openings;    /* of the ruleset shown: st.openings */
    gui_notes notes;          /* the loaded record's comments: st.notes */
} gui_app;

double gui_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A message in the window's language, its Chinese from the catalogue. */
static void say(gui_state *st, bool error, const char *en)
{
    char b[256];
    gui_state_message(st, error, "%s", gui_lang_join(st->cjk, b, sizeof b, gui_zh(en), en));
}

static void sound(gui_app *a, gui_sfx s)
{
    if (a->st.sound_on) gui_sound_play(a->snd, s);
}

/* ---- clocks ---------------------------------------------------------- */

static void reset_clocks(gui_state *st)
{
    int64_t full = st->tc.kind == GUI_TC_PERMOVE ? st->tc.move_s * 1000LL : st->tc.base_s * 1000LL;
    st->left_ms[0] = st->left_ms[1] = full;
    st->clock_ms[0] = st->clock_ms[1] = 0;
}

/* The computer's thinking time within what its clock allows. */
/* ---- saving ----------------------------------------------------------- */

/* Tells one finished game from another: its last position, its length and
 * how it ended beyond the position (resignation, flag fall). */
static uint64_t game_sig(const gui_state *st)
{
    return st->g.hist[st->g.len].hash ^ (uint64_t)st->g.len * 0x9E3779B97F4A7C15ull ^
           (uint64_t)(st->g.resigned + 2) << 56 ^ (uint64_t)(st->flagged + 2) << 60;
}

/* A game that has just ended here is kept in the library (library.h), once;
 * a game loaded from a file is kept where it came from. */
static void keep_finished(gui_app *a)
{
    gui_state *st = &a->st;
    char path[1024], err[QP_ERR * 2];
    if (a->net || game_sig(st) == a->kept_sig) return;
    /* a position decided before any move (a FEN) is no game played */
    if (st->g.len == 0 && st->g.resigned < 0 && st->flagged < 0) return;
    a->kept_sig = game_sig(st);
    if (qp_library_keep(&st->g, path, sizeof path, err, sizeof err)) {
        fprintf(stderr, "qipan: library: %s\n", err);
        gui_state_message(st, true, "%s: %s", st->cjk ? "未能存入棋谱库 library" : "library", err);
        return;
    }
    if (st->log) fprintf(stderr, "qipan: library: kept %s\n", path);
    gui_state_message(st, false, "%s %s", st->cjk ? "对局已存入棋谱库 Game kept in the library:" : "Game kept in the library:",
                      path);
}

/* The game in progress goes to the autosave; a finished or empty game
 * leaves none behind, so the next start offers only what is unfinished. */
static void autosave(gui_app *a)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    if (!a->autosave_armed || !st->autosave_path[0]) return;
    char side[1100];
    gui_winstate_path(st->autosave_path, side, sizeof side);
    if (st->g.len == 0 || gui_state_over(st)) {
        if (unlink(st->autosave_path) != 0 && errno != ENOENT)
            fprintf(stderr, "qipan: cannot remove %s: %s\n", st->autosave_path, strerror(errno));
        unlink(side);
        gui_web_saved();
        return;
    }
    if (gui_make_parent_dirs(st->autosave_path, err, sizeof err) ||
        qp_record_save(&st->g, st->autosave_path, err, sizeof err)) {
        fprintf(stderr, "qipan: autosave: %s\n", err);
        gui_state_message(st, true, "autosave: %s", err);
        return;
    }
    if (gui_winstate_save(st, st->autosave_path, err, sizeof err)) fprintf(stderr, "qipan: autosave: %s\n", err);
    gui_web_saved();   /* the browser's copy of the data folder */
}

static void set_autosave_path(gui_app *a)
{
    if (gui_autosave_path(a->st.r->rs->name, a->st.autosave_path, sizeof a->st.autosave_path))
        a->st.autosave_path[0] = 0;
}

/* Moves the file at path out of the way instead of overwriting or
 * deleting it, and says where it went.  Returns 0 when kept (out holds the
 * new name). */
static int keep_aside(gui_app *a, const char *path, const char *tag, const char *why, char *out, size_t n)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    if (gui_keep_aside(path, tag, out, n, err, sizeof err)) {
        fprintf(stderr, "qipan: %s\n", err);
        gui_state_message(st, true, "%s", err);
        return -1;
    }
    fprintf(stderr, "qipan: %s%skept as %s\n", why, *why ? "; " : "", out);
    gui_state_message(st, *why != 0, "%s%s%s %s", why, *why ? "; " : "",
                      st->cjk ? "已另存 kept as" : "kept as", out);
    return 0;
}

static void log_dialog(gui_app *a, const char *what)
{
    if (a->st.log) fprintf(stderr, "qipan: dialog: %s\n", what);
}

/* ---- game changes ----------------------------------------------------- */

static void engine_cancel(gui_app *a)
{
    gui_engine_cancel(a->eng);
    a->st.think.active = false;
}

static void after_change(gui_app *a)
{
    if (a->job != GUI_JOB_PLAY) engine_cancel(a);   /* hints and analysis were of the old position */
    gui_state_changed(&a->st);
    if (a->net) gui_net_outcome(a->net, &a->st);
    autosave(a);
    a->dirty = true;
}

static void play(gui_app *a, qp_move m)
{
    gui_state *st = &a->st;
    int mover = st->to_move;
    if (a->net) {   /* the session plays it, then the window follows */
        if (!gui_net_play(a->net, st, m)) return;
    } else {
        qp_game_play(&st->g, m);
    }
    a->took_back = -1;
    if (a->net) { /* the host keeps the clocks */
    } else if (st->tc.kind == GUI_TC_INCREMENT) st->left_ms[mover] += st->tc.inc_s * 1000LL;
    else if (st->tc.kind == GUI_TC_PERMOVE) st->left_ms[0] = st->left_ms[1] = st->tc.move_s * 1000LL;
    after_change(a);
    const gui_ply *p = st->nply ? &st->ply[st->nply - 1] : NULL;
    if (st->log && p) fprintf(stderr, "qipan: played: %s\n", p->text);
    /* A short slide, except for a piece the pointer has just put there. */
    st->anim_to = -1;
    if (st->animate && p && p->nsq >= 2 && !a->dropped) {
        st->anim_from = p->sq[0];
        st->anim_to = p->sq[p->nsq - 1];
        st->anim_k = 0;
        a->anim_start = SDL_GetTicks64();
    }
    if (gui_state_over(st)) sound(a, GUI_SFX_END);
    else if (st->flags & QP_FLAG_CHECK) sound(a, GUI_SFX_CHECK);
    else sound(a, p && p->capture ? GUI_SFX_CAPTURE : GUI_SFX_MOVE);
    st->msg[0] = 0;
}

static bool side_is_ai(const gui_app *a, int side)
{
    return a->st.engine_ok && (a->st.ai_mask >> side & 1u);
}

/* The loaded record's comments go with the game they came with. */
static void drop_notes(gui_app *a)
{
    gui_notes_free(&a->notes);
    a->st.notes = NULL;
}

/* A new game never destroys the old one: an unfinished game's autosave is
 * kept aside, and Undo on the empty new game brings it back. */
static void new_game(gui_app *a)
{
    gui_state *st = &a->st;
    engine_cancel(a);
    gui_engine_clear(a->eng);
    bool kept = false;
    a->prev_path[0] = 0;
    if (st->g.len > 0 && !gui_state_over(st) && gui_file_exists(st->autosave_path))
        kept = keep_aside(a, st->autosave_path, "previous", "", a->prev_path, sizeof a->prev_path) == 0;
    if (!kept) a->prev_path[0] = 0;
    qp_game_reset(&st->g);
    drop_notes(a);
    a->took_back = -1;
    st->flagged = -1;
    memset(st->clock_ms, 0, sizeof st->clock_ms);
    memset(&st->think, 0, sizeof st->think);
    after_change(a);
    if (kept)
        gui_state_message(st, false, "%s %s", st->cjk ? "新局（悔棋可找回上局） New game (Undo brings the last one back):"
                                                      : "New game (Undo brings the last one back):", a->prev_path);
    else
        gui_state_message(st, false, "%s", st->cjk ? "新局 New game" : "New game");
}

static void load_from(gui_app *a, const char *path);
static void replace_game(gui_app *a, qp_rules *r, qp_game *g);

/* Against the computer, undo and redo step over its reply too, so it is
 * the person's turn again. */
static void undo(gui_app *a)
{
    gui_state *st = &a->st;
    engine_cancel(a);
    if (a->net) {   /* the opponent decides */
        if (!gui_net_over(a->net)) gui_net_takeback(a->net, st);
        return;
    }
    if (st->g.len == 0 && a->prev_path[0] && gui_file_exists(a->prev_path)) {
        char prev[1024];
        snprintf(prev, sizeof prev, "%s", a->prev_path);
        a->prev_path[0] = 0;
        load_from(a, prev);
        if (!st->msg_error) {
            unlink(prev);   /* the autosave holds it again */
            say(st, false, "Previous game back");
        }
        return;
    }
    if (st->flagged >= 0) {
        say(st, true, "Time is up: no take-back");
        return;
    } else if (st->g.resigned >= 0) {
        st->g.resigned = -1;
    } else if (gui_undo_target(st) >= 0) {
        /* against the computer its reply goes too (gui_undo.c) */
        for (int to = gui_undo_target(st); st->g.cursor > to;) qp_game_undo(&st->g);
        /* Undo takes the moves back: the next move replaces them without
         * the question review asks (redo still brings them back). */
        a->took_back = st->g.cursor;
    } else {
        return;
    }
    if (st->log) fprintf(stderr, "qipan: undo: back to ply %d\n", st->g.cursor);
    after_change(a);
}

static void redo(gui_app *a)
{
    gui_state *st = &a->st;
    engine_cancel(a);
    if (a->net) return;
    if (!qp_game_redo(&st->g)) return;
    a->took_back = st->g.cursor < st->g.len ? st->g.cursor : -1;
    if (st->ai_mask != 0 && st->ai_mask != 3u && side_is_ai(a, qp_game_to_move(&st->g)) &&
        st->g.cursor < st->g.len)
        qp_game_redo(&st->g);
    after_change(a);
}

static void go_to(gui_app *a, int ply)
{
    gui_state *st = &a->st;
    if (ply < 0) ply = 0;
    if (ply > st->g.len) ply = st->g.len;
    if (ply == st->g.cursor) return;
    engine_cancel(a);
    a->took_back = -1;   /* reviewing: a new move asks first */
    qp_game_goto(&st->g, ply);
    gui_state_changed(st);
    a->dirty = true;
}

static void resign(gui_app *a)
{
    gui_state *st = &a->st;
    if (gui_state_over(st) || st->r->nsides < 2) return;
    engine_cancel(a);
    if (a->net) {
        gui_net_resign(a->net, st);
        after_change(a);
        return;
    }
    int hs = gui_state_human_side(st);
    st->g.resigned = hs >= 0 ? hs : st->to_move;
    after_change(a);
    sound(a, GUI_SFX_END);
}

/* ---- the folder list of the save/load dialog ---------------------------- */

static int cmp_entry(const void *x, const void *y)
{
    const char *a = x, *b = y;
    bool da = a[strlen(a) - 1] == '/', db = b[strlen(b) - 1] == '/';
    if (da != db) return da ? -1 : 1;
    return strcmp(a, b);
}

/* The folder part of the entry ("" for the current folder), with its '/'. */
static void entry_dir(const char *entry, char *dir, size_t n)
{
    const char *slash = strrchr(entry, '/');
    if (!slash) dir[0] = 0;
    else snprintf(dir, n, "%.*s", (int)(slash - entry + 1), entry);
}

static void list_folder(gui_state *st)
{
    char dir[512];
    entry_dir(st->entry, dir, sizeof dir);
    snprintf(st->file_dir, sizeof st->file_dir, "%s", dir);
    st->nfiles = 0;
    st->file_scroll = 0;
    st->file_sel = 0;
    DIR *d = opendir(dir[0] ? dir : ".");
    if (!d) return;
    int cap = (int)(sizeof st->files / sizeof st->files[0]);
    snprintf(st->files[st->nfiles++], sizeof st->files[0], "../");
    struct dirent *e;
    while ((e = readdir(d)) && st->nfiles < cap) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len + 2 > sizeof st->files[0]) continue;   /* hidden, or too long to show */
        /* a record's window state beside it is not a game to load */
        if (len > 7 && !strcmp(e->d_name + len - 7, ".window")) continue;
        char full[1024];
        struct stat sb;
        snprintf(full, sizeof full, "%s%s", dir, e->d_name);
        if (stat(full, &sb) != 0) continue;
        if (S_ISDIR(sb.st_mode)) snprintf(st->files[st->nfiles++], sizeof st->files[0], "%s/", e->d_name);
        else if (S_ISREG(sb.st_mode)) snprintf(st->files[st->nfiles++], sizeof st->files[0], "%s", e->d_name);
    }
    closedir(d);
    qsort(st->files + 1, (size_t)(st->nfiles - 1), sizeof st->files[0], cmp_entry);
}

/* A click on a listed name: a folder is entered, a file goes into the
 * entry (a second click on it saves or loads). */
static bool pick_file(gui_app *a, int i)
{
    gui_state *st = &a->st;
    if (i < 0 || i >= st->nfiles) return false;
    char dir[512], path[1024];
    snprintf(dir, sizeof dir, "%s", st->file_dir);
    const char *name = st->files[i];
    if (!strcmp(name, "../")) {
        /* up: drop the last folder (a relative path gains a "../") */
        size_t k = strlen(dir);
        if (k > 1) {
            dir[k - 1] = 0;
            char *up = strrchr(dir, '/');
            if (up && strcmp(up + 1, "..")) up[1] = 0;
            else if (!up && strcmp(dir, "..")) dir[0] = 0;
            else snprintf(dir + strlen(dir), sizeof dir - strlen(dir), "/../");
        } else if (k == 0) {
            snprintf(dir, sizeof dir, "../");
        }
        snprintf(st->entry, sizeof st->entry, "%s", dir);
        list_folder(st);
        return false;
    }
    snprintf(path, sizeof path, "%s%s", dir, name);
    if (name[strlen(name) - 1] == '/') {
        snprintf(st->entry, sizeof st->entry, "%s", path);
        list_folder(st);
        return false;
    }
    bool again = !strcmp(st->entry, path);
    snprintf(st->entry, sizeof st->entry, "%s", path);
    return again;
}

static void open_entry(gui_app *a, gui_dialog which)
{
    gui_state *st = &a->st;
    st->dialog = which;
    snprintf(st->entry, sizeof st->entry, "%s", a->save_path);
    list_folder(st);
    SDL_StartTextInput();
    log_dialog(a, which == GUI_DLG_SAVE ? "save" : "load");
}

/* ---- the New Game dialog ------------------------------------------------ */

static bool net_blocks(gui_app *a);

static void open_newgame(gui_app *a)
{
    gui_state *st = &a->st;
    if (net_blocks(a)) return;
    engine_cancel(a);   /* the computer waits for the answer */
    st->ng.game = 0;
    for (int i = 0; i < st->ngames; i++)
        if (!strcmp(st->games[i], st->r->rs->name)) st->ng.game = i;
    st->ng.ai_mask = st->engine_ok ? st->ai_mask : 0;
    st->ng.level = st->level;
    st->ng.tc = st->tc;
    st->dialog = GUI_DLG_NEWGAME;
    log_dialog(a, "newgame");
}

static void describe_mode(const gui_state *st, char *buf, size_t n)
{
    char tc[32];
    gui_tc_text(&st->tc, tc, sizeof tc);
    snprintf(buf, n, "%s; %s %s", st->r->rs->name, qp_side_name(st->r, 0), st->ai_mask & 1u ? "computer" : "player");
    size_t k = strlen(buf);
    if (st->r->nsides > 1)
        snprintf(buf + k, n - k, "; %s %s", qp_side_name(st->r, 1), st->ai_mask & 2u ? "computer" : "player");
    k = strlen(buf);
    snprintf(buf + k, n - k, "; level %d; time %s", st->level, tc);
}

/* The person's side at the bottom when exactly one side is the
 * computer's; else the first side, so the board is never left flipped. */
static void flip_for_mode(gui_state *st)
{
    int hs = gui_state_human_side(st);
    st->flip = hs == 1;
}

static void apply_choices(gui_app *a, bool fresh)
{
    gui_state *st = &a->st;
    bool tc_changed = memcmp(&st->tc, &st->ng.tc, sizeof st->tc) != 0;
    st->ai_mask = st->engine_ok ? st->ng.ai_mask & (st->r->nsides > 1 ? 3u : 1u) : 0;
    st->level = st->ng.level;
    st->tc = st->ng.tc;
    if (fresh || tc_changed) reset_clocks(st);
    flip_for_mode(st);
}

static void start_from_dialog(gui_app *a)
{
    gui_state *st = &a->st;
    const char *want = st->ng.game >= 0 && st->ng.game < st->ngames ? st->games[st->ng.game] : st->r->rs->name;
    if (strcmp(want, st->r->rs->name)) {
        /* Another game: its own rules; this game's autosave stays where it is. */
        qp_rules *r = qp_app_open_rules(a->app, want, NULL);
        qp_game g;
        char err[QP_ERR * 2];
        if (!r) {
            gui_state_message(st, true, "cannot open %s", want);
            return;
        }
        if (qp_game_init(&g, r, NULL, err, sizeof err)) {
            gui_state_message(st, true, "%s", err);
            qp_rules_free(r);
            return;
        }
        engine_cancel(a);
        replace_game(a, r, &g);
        set_autosave_path(a);
        gui_default_save_path(st->r->rs->name, a->save_path, sizeof a->save_path);
        a->prev_path[0] = 0;
        char aside[1024];
        if (gui_file_exists(st->autosave_path) &&
            keep_aside(a, st->autosave_path, "previous", "", aside, sizeof aside) == 0)
            snprintf(a->prev_path, sizeof a->prev_path, "%s", aside);
        apply_choices(a, true);
        after_change(a);
    } else {
        apply_choices(a, true);
        new_game(a);
    }
    if (st->log) {
        char d[256];
        describe_mode(st, d, sizeof d);
        fprintf(stderr, "qipan: new game: %s\n", d);
    }
}

static void newgame_item(gui_app *a, int it)
{
    gui_state *st = &a->st;
    gui_newgame *ng = &st->ng;
    int per = ng->tc.kind == GUI_TC_PERMOVE;
    switch (it) {
    case GUI_NG_GAME_PREV: if (st->ngames) ng->game = (ng->game + st->ngames - 1) % st->ngames; break;
    case GUI_NG_GAME_NEXT: if (st->ngames) ng->game = (ng->game + 1) % st->ngames; break;
    case GUI_NG_S0_HUMAN: ng->ai_mask &= ~1u; break;
    case GUI_NG_S0_AI: if (st->engine_ok) ng->ai_mask |= 1u; break;
    case GUI_NG_S1_HUMAN: ng->ai_mask &= ~2u; break;
    case GUI_NG_S1_AI: if (st->engine_ok) ng->ai_mask |= 2u; break;
    case GUI_NG_LEVEL_DN: if (ng->level > 1) ng->level--; break;
    case GUI_NG_LEVEL_UP: if (ng->level < GUI_LEVELS) ng->level++; break;
    case GUI_NG_TC0: case GUI_NG_TC1: case GUI_NG_TC2: case GUI_NG_TC3:
        ng->tc.kind = (gui_tc_kind)(it - GUI_NG_TC0);
        break;
    case GUI_NG_BASE_DN:
        if (per) ng->tc.move_s = ng->tc.move_s > 5 ? ng->tc.move_s - 5 : 1;
        else ng->tc.base_s = ng->tc.base_s > 60 ? ng->tc.base_s - 60 : 60;
        break;
    case GUI_NG_BASE_UP:
        if (per) ng->tc.move_s = ng->tc.move_s < 5 ? 5 : ng->tc.move_s < 3600 ? ng->tc.move_s + 5 : 3600;
        else if (ng->tc.base_s < 36000) ng->tc.base_s += 60;
        break;
    case GUI_NG_INC_DN: if (ng->tc.inc_s > 0) ng->tc.inc_s--; break;
    case GUI_NG_INC_UP: if (ng->tc.inc_s < 60) ng->tc.inc_s++; break;
    case GUI_NG_START:
        st->dialog = GUI_DLG_NONE;
        start_from_dialog(a);
        break;
    case GUI_NG_APPLY: {
        st->dialog = GUI_DLG_NONE;
        apply_choices(a, false);
        autosave(a);
        char d[256];
        describe_mode(st, d, sizeof d);
        if (st->log) fprintf(stderr, "qipan: applied: %s\n", d);
        say(st, false, "Settings applied");
        break;
    }
    case GUI_NG_CANCEL:
        st->dialog = GUI_DLG_NONE;
        log_dialog(a, "closed");
        break;
    case GUI_NG_HOST:
    case GUI_NG_JOIN: {
        /* the game and clocks chosen here, the address typed next */
        const char *game = ng->game >= 0 && ng->game < st->ngames ? st->games[ng->game] : st->r->rs->name;
        snprintf(a->net_game, sizeof a->net_game, "%s", game);
        a->net_tc = ng->tc;
        st->dialog = GUI_DLG_NONE;
        gui_net_entry_open(&a->net_entry, it == GUI_NG_HOST ? GUI_NET_ENTRY_HOST : GUI_NET_ENTRY_JOIN, st);
        break;
    }
    default: break;
    }
}

static void close_dialog(gui_app *a);

/* The offer dialog's buttons answer the opponent (gui_net.c opened it). */
static bool answer_offer(gui_app *a, bool yes)
{
    if (a->st.dialog != GUI_DLG_CONFIRM || a->st.confirm < GUI_ASK_NET_DRAW) return false;
    close_dialog(a);
    if (a->net) gui_net_answer(a->net, &a->st, yes);
    return true;
}

static void ask(gui_app *a, gui_confirm what)
{
    engine_cancel(a);   /* nothing moves while the question is open */
    a->st.dialog = GUI_DLG_CONFIRM;
    a->st.confirm = what;
    log_dialog(a, what == GUI_ASK_RESIGN ? "confirm-resign" : "confirm-branch");
}

static void close_dialog(gui_app *a)
{
    if (a->st.dialog == GUI_DLG_SAVE || a->st.dialog == GUI_DLG_LOAD) SDL_StopTextInput();
    a->st.dialog = GUI_DLG_NONE;
}

static void save_to(gui_app *a, const char *path)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    if (!*path) return;
    /* the name picks the format: .sgf saves SGF, any other PGN */
    if (gui_make_parent_dirs(path, err, sizeof err) || qp_record_file_save(path, &st->g, NULL, err, sizeof err)) {
        gui_state_message(st, true, "%s", err);
        sound(a, GUI_SFX_ERROR);
        return;
    }
    /* mode, level and clocks beside it: the game is saved even without */
    if (gui_winstate_save(st, path, err, sizeof err)) fprintf(stderr, "qipan: save: %s\n", err);
    snprintf(a->save_path, sizeof a->save_path, "%s", path);
    /* in a page the file stays in the browser: the player gets it as a download */
    int offered = gui_webio_offer(path, err, sizeof err);
    if (offered < 0) {
        gui_state_message(st, true, "%s", err);
        sound(a, GUI_SFX_ERROR);
    } else if (offered) {
        const char *name = strrchr(path, '/');
        gui_state_message(st, false, "%s %s", st->cjk ? "已下载 Downloaded" : "Downloaded", name ? name + 1 : path);
    } else {
        gui_state_message(st, false, "%s %s", st->cjk ? "已保存 Saved" : "Saved", path);
    }
}

/* Save: the window's file dialog; in a page the browser's own text box
 * asks the name (a phone's keyboard types there) and the game is saved
 * at once, Cancel saving nothing. */
static void save_as(gui_app *a)
{
    char label[160], path[sizeof a->save_path];
    const char *en = "Save the game as:";
    gui_lang_join(a->st.cjk, label, sizeof label, gui_zh(en), en);
    int named = gui_webio_ask_save(label, a->save_path, path, sizeof path);
    if (named == 0) open_entry(a, GUI_DLG_SAVE);
    else if (named > 0) save_to(a, path);
}

/* The opening names of the game shown (scripts/openings/RULESET.txt). */
static void load_openings(gui_app *a)
{
    char dir[1024], err[QP_ERR * 2];
    gui_openings_free(&a->openings);
    gui_notes_free(&a->notes);
    a->st.openings = NULL;
    qp_default_scripts_dir(a->app->argv0, dir, sizeof dir);
    if (gui_openings_load(&a->openings, dir, a->st.r->rs->name, err, sizeof err)) fprintf(stderr, "qipan: %s\n", err);
    else if (a->openings.n) a->st.openings = &a->openings;
}

/* Another game (and maybe other rules) replaces the one shown. */
static void replace_game(gui_app *a, qp_rules *r, qp_game *g)
{
    gui_state *st = &a->st;
    /* The engine belongs to the old rules: replace both. */
    gui_engine_free(a->eng);
    a->eng = NULL;
    gui_state_replace(st, r, g);
    a->took_back = -1;
    a->eng = gui_engine_new(st->r);
    if (a->eng && gui_engine_set_threads(a->eng, st->threads) != 0) {
        st->threads = 1;
        gui_engine_set_threads(a->eng, 1);
    }
    st->engine_ok = a->eng != NULL;
    st->ai_kind = a->eng ? gui_engine_kind(a->eng) : QP_AI_ALPHABETA;   /* the new game's own choice */
    if (!st->engine_ok) st->ai_mask = 0;
    memset(st->clock_ms, 0, sizeof st->clock_ms);
    memset(&st->think, 0, sizeof st->think);
    st->flagged = -1;
    reset_clocks(st);
    char title[160];
    snprintf(title, sizeof title, "qipan \xE2\x80\x94 %s", st->r->rs->title ? st->r->rs->title : st->r->rs->name);
    if (a->win) SDL_SetWindowTitle(a->win, title);
    load_openings(a);
    drop_notes(a);
}

static void load_from(gui_app *a, const char *path)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    qp_rules *r = NULL;
    qp_game g;
    if (!*path) return;
    engine_cancel(a);
    a->loaded_ws = false;
    qp_record *rec = malloc(sizeof *rec);   /* kept for its comments */
    if (!rec || qp_record_load_keep(&a->app->reg, path, &r, &g, rec, err, sizeof err)) {
        gui_state_message(st, true, "%s", rec ? err : "out of memory");
        sound(a, GUI_SFX_ERROR);
        free(rec);
        return;
    }
    /* Read before anything is written: the autosave's own state file is
     * rewritten below. */
    char ws[2048];
    bool have_ws = gui_winstate_read(path, ws, sizeof ws);
    replace_game(a, r, &g);
    if (gui_notes_take(&a->notes, rec, &st->g) == 0 && a->notes.text) st->notes = &a->notes;
    /* what the file held that the game does not keep, said with the load */
    char lost[QP_ERR + 64] = "";
    if (rec->nvariations)
        snprintf(lost, sizeof lost, "; %d variation%s not kept", rec->nvariations, rec->nvariations == 1 ? "" : "s");
    if (rec->warning[0]) snprintf(lost + strlen(lost), sizeof lost - strlen(lost), "; %s", rec->warning);
    qp_record_free(rec);
    free(rec);
    if (have_ws) {
        gui_winstate_apply(st, ws);
        a->loaded_ws = true;
        if (st->log) {
            char tc[32];
            gui_tc_text(&st->tc, tc, sizeof tc);
            fprintf(stderr, "qipan: state: mode %u level %d flip %d time %s left %lld %lld\n", st->ai_mask, st->level,
                    st->flip ? 1 : 0, tc, (long long)st->left_ms[0], (long long)st->left_ms[1]);
        }
    }
    set_autosave_path(a);
    snprintf(a->save_path, sizeof a->save_path, "%s", path);
    if (gui_state_over(st)) a->kept_sig = game_sig(st);
    /* The autosave about to be overwritten holds another unfinished game
     * (the one in progress, or an earlier one of this ruleset): keep it. */
    char kept[1024] = "";
    if (strcmp(path, st->autosave_path) && gui_file_exists(st->autosave_path) &&
        keep_aside(a, st->autosave_path, "previous", "", kept, sizeof kept) == 0)
        snprintf(a->prev_path, sizeof a->prev_path, "%s", kept);
    autosave(a);
    if (kept[0])
        gui_state_message(st, false, "%s %s; %s %s%s", st->cjk ? "已读取 Loaded" : "Loaded", path,
                          st->cjk ? "上局另存为 previous game kept as" : "previous game kept as", kept, lost);
    else
        gui_state_message(st, false, "%s %s%s", st->cjk ? "已读取 Loaded" : "Loaded", path, lost);
    a->dirty = true;
}

static void resume_autosave(gui_app *a)
{
    char keep[1024], err[QP_ERR * 2], aside[1024];
    snprintf(keep, sizeof keep, "%s", a->st.autosave_path);
    qp_rules *r = NULL;
    qp_game g;
    if (qp_record_load(&a->app->reg, keep, &r, &g, err, sizeof err)) {
        /* Never deleted: the next autosave would otherwise replace it. */
        keep_aside(a, keep, "unreadable", err, aside, sizeof aside);
        return;
    }
    qp_game_free(&g);
    qp_rules_free(r);
    load_from(a, keep);
    if (!a->st.msg_error && a->loaded_ws) {
        gui_state *st = &a->st;
        char tc[32];
        gui_tc_text(&st->tc, tc, sizeof tc);
        if (st->log)
            fprintf(stderr, "qipan: resumed: mode %u level %d flip %d time %s left %lld %lld\n", st->ai_mask, st->level,
                    st->flip ? 1 : 0, tc, (long long)st->left_ms[0], (long long)st->left_ms[1]);
        autosave(a);
    }
    if (a->st.msg_error) gui_state_message(&a->st, true, "%s", a->st.msg);
    else say(&a->st, false, "Game resumed");
    snprintf(a->save_path, sizeof a->save_path, "%s", "");
    gui_default_save_path(a->st.r->rs->name, a->save_path, sizeof a->save_path);
}

/* ---- network game (gui_net.h) ------------------------------------------ */

/* The window plays one seat; the local autosave is left as it is (the
 * host keeps the record, and the finished game is saved by gui_net). */
static void net_start(gui_app *a, const gui_net_opts *o, const char *name)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    engine_cancel(a);
    bool was = a->net != NULL;
    gui_net_free(a->net);
    a->net = gui_net_start(a->app, name, o, err, sizeof err);
    if (!a->net) {
        gui_state_message(st, true, "network: %s", err);
        fprintf(stderr, "qipan: network: %s\n", err);
        return;
    }
    if (st->dialog == GUI_DLG_RESUME) close_dialog(a);   /* offered again next time */
    if (!was) {   /* keep the local game's choices */
        a->local_ai = st->ai_mask;
        a->local_flip = st->flip;
        a->local_tc = st->tc;
    }
    a->autosave_armed = false;
    st->ai_mask = 0;
    st->analysis = false;
    gui_state_message(st, false, "%s", gui_net_status(a->net));
}

/* After a network game the local one comes back: its autosave was left
 * alone while the network game was shown. */
static void net_local_choices(gui_app *a)
{
    a->st.ai_mask = a->st.engine_ok ? a->local_ai : 0;
    a->st.flip = a->local_flip;
    a->st.tc = a->local_tc;
}

static void net_stop(gui_app *a)
{
    gui_net_free(a->net);
    a->net = NULL;
    a->autosave_armed = true;
    net_local_choices(a);
    if (gui_file_exists(a->st.autosave_path)) {
        char path[1024];
        snprintf(path, sizeof path, "%s", a->st.autosave_path);
        load_from(a, path);
    } else {
        set_autosave_path(a);
        after_change(a);   /* the outcome pointed into the network game's result */
    }
}

/* Host or Join from the New Game dialog, once the address is typed. */
static void net_from_entry(gui_app *a)
{
    gui_net_opts o;
    char err[QP_ERR];
    if (gui_net_entry_opts(&a->net_entry, &o, err, sizeof err)) {
        gui_state_message(&a->st, true, "%s", err);
        return;
    }
    const gui_tc *tc = &a->net_tc;   /* the protocol's clocks are base + increment */
    if (tc->kind == GUI_TC_SUDDEN || tc->kind == GUI_TC_INCREMENT) {
        o.base_ms = tc->base_s * 1000LL;
        o.inc_ms = tc->kind == GUI_TC_INCREMENT ? tc->inc_s * 1000LL : 0;
    }
    net_start(a, &o, a->net_game);
}

/* Once a frame: the session's news into the window. */
static void net_update(gui_app *a)
{
    gui_state *st = &a->st;
    qp_rules *nr = NULL;
    qp_game ng;
    unsigned did = gui_net_step(a->net, st, &nr, &ng);
    if (did & GUI_NET_REPLACE) {
        replace_game(a, nr, &ng);
        st->ai_mask = 0;
        st->flip = gui_net_seat(a->net) == 1;   /* our side at the bottom */
        after_change(a);
    }
    if (did & GUI_NET_MOVED) {
        after_change(a);
        if (did & GUI_NET_OPPONENT) {
            const gui_ply *p = st->nply ? &st->ply[st->nply - 1] : NULL;
            if (st->log && p) fprintf(stderr, "qipan: opponent played: %s\n", p->text);
            sound(a, gui_state_over(st) ? GUI_SFX_END : p && p->capture ? GUI_SFX_CAPTURE : GUI_SFX_MOVE);
        }
    }
    if (did & GUI_NET_ENDED) {
        after_change(a);
        sound(a, GUI_SFX_END);
    }
    if (did) a->dirty = true;
}

/* New, Load and the mode are the local game's: not while a network game
 * is on.  After it ended, they leave it. */
static bool net_blocks(gui_app *a)
{
    if (!a->net) return false;
    if (!gui_net_over(a->net)) {
        gui_state_message(&a->st, true, "%s", "a network game is on (resign or quit first)");
        return true;
    }
    net_stop(a);
    return false;
}

/* ---- settings --------------------------------------------------------- */

static void save_settings(gui_app *a)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    if (!a->settings_path[0]) return;
    if (a->win && !(SDL_GetWindowFlags(a->win) & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_FULLSCREEN_DESKTOP | SDL_WINDOW_MAXIMIZED)))
        SDL_GetWindowSize(a->win, &a->set.w, &a->set.h);
    a->set.mode = (int)(st->ai_mask & 3u);
    a->set.level = st->level;
    a->set.flip = st->flip;
    if (st->sound_ok) a->set.sound = st->sound_on;   /* no device now: keep the choice */
    a->set.animate = st->animate;
    a->set.pieces = (gui_piece_style)st->pieces;
    a->set.coords = st->coords;
    a->set.file_numbers = st->file_numbers;
    a->set.promote_first = st->promote_first;
    a->set.threads = st->threads;
    a->set.lang = gui_lang();
    if (gui_settings_save(&a->set, a->settings_path, err, sizeof err)) fprintf(stderr, "qipan: settings: %s\n", err);
}

static void setting(gui_app *a, int it)
{
    gui_state *st = &a->st;
    switch (it) {
    case GUI_SET_PLAIN: st->pieces = GUI_PIECES_PLAIN; break;
    case GUI_SET_KAI:
        if (a->draw.fonts.kai_path[0]) st->pieces = GUI_PIECES_KAI;
        else gui_state_message(st, true, "no Kai font (install fonts-arphic-ukai)");
        break;
    case GUI_SET_ANIM_ON: st->animate = true; break;
    case GUI_SET_ANIM_OFF: st->animate = false; break;
    case GUI_SET_SOUND_ON: st->sound_on = st->sound_ok; break;
    case GUI_SET_SOUND_OFF: st->sound_on = false; break;
    case GUI_SET_THREADS_DN:
    case GUI_SET_THREADS_UP: {
        int n = st->threads + (it == GUI_SET_THREADS_UP ? 1 : -1);
        if (n < 1 || n > GUI_MAX_THREADS) break;
        if (a->eng && gui_engine_set_threads(a->eng, n) != 0) {
            gui_state_message(st, true, "out of memory for %d search threads", n);
            break;
        }
        st->threads = n;
        break;
    }
    case GUI_SET_ALPHABETA:
    case GUI_SET_MCTS:
        /* applied from the computer's next move */
        if (!a->eng) break;
        st->ai_kind = it == GUI_SET_MCTS ? QP_AI_MCTS : QP_AI_ALPHABETA;
        gui_engine_set_kind(a->eng, st->ai_kind);
        break;
    case GUI_SET_PROMO_ASK:
    case GUI_SET_PROMO_QUEEN: st->promote_first = it == GUI_SET_PROMO_QUEEN; break;
    case GUI_SET_LANG_ZH:
    case GUI_SET_LANG_EN: {
        /* each button shows or hides its language; hiding the only one shown switches to the other */
        qp_lang l = gui_lang(), mine = it == GUI_SET_LANG_ZH ? QP_LANG_ZH : QP_LANG_EN;
        qp_lang other = mine == QP_LANG_ZH ? QP_LANG_EN : QP_LANG_ZH;
        gui_texts_set(a->texts, l == QP_LANG_BOTH ? other : l == mine ? other : QP_LANG_BOTH);
        break;
    }
    case GUI_SET_CLOSE:
        st->dialog = GUI_DLG_NONE;
        log_dialog(a, "closed");
        break;
    default: break;
    }
    save_settings(a);
    if (st->log && it != GUI_SET_CLOSE)
        fprintf(stderr, "qipan: settings: pieces %s animation %s sound %s promotion %s language %s threads %d search %s\n",
                st->pieces ? "kai" : "plain", st->animate ? "on" : "off", st->sound_on ? "on" : "off",
                st->promote_first ? "queen" : "ask", qp_lang_name(gui_lang()), st->threads, qp_ai_name(st->ai_kind));
}

/* ---- actions ---------------------------------------------------------- */

/* The engine's best move for the person to move, drawn as an arrow. */
static void hint(gui_app *a)
{
    gui_state *st = &a->st;
    if (!st->engine_ok || gui_state_over(st)) return;
    if (gui_state_ai_to_move(st)) return;   /* the computer is about to move anyway */
    engine_cancel(a);
    a->analysed = 0;   /* analysis, if on, resumes after the hint */
    qp_search_limits lim;
    gui_state_think_limits(st, GUI_LEVELS, false, &lim);
    if (gui_engine_start(a->eng, &st->g, &lim, a->wake) == 0) {
        a->job = GUI_JOB_HINT;
        memset(&st->think, 0, sizeof st->think);
        st->think.active = true;
        say(st, false, "Thinking of a hint");
    }
}

static void button(gui_app *a, int b, bool alt)
{
    gui_state *st = &a->st;
    if (b == GUI_BTN_LOAD && net_blocks(a)) return;   /* New and the mode: open_newgame */
    if ((b == GUI_BTN_HINT || b == GUI_BTN_ANALYZE) && a->net && !gui_net_over(a->net)) {
        gui_state_message(st, true, "%s", "no engine help in a network game");
        return;
    }
    switch (b) {
    case GUI_BTN_NEW: open_newgame(a); break;
    case GUI_BTN_UNDO: undo(a); break;
    case GUI_BTN_REDO: redo(a); break;
    case GUI_BTN_RESIGN:
        if (!gui_state_over(st) && st->r->nsides > 1) ask(a, GUI_ASK_RESIGN);
        break;
    case GUI_BTN_SAVE: save_as(a); break;
    case GUI_BTN_LOAD:   /* a page: the browser's file picker (gui_webio.h) */
        if (!gui_webio_pick(QP_RECORD_MAX)) open_entry(a, GUI_DLG_LOAD);
        break;
    case GUI_BTN_FLIP: st->flip = !st->flip; break;
    case GUI_BTN_MODE: open_newgame(a); break;
    case GUI_BTN_LEVEL:
        if (!st->engine_ok) break;
        st->level = alt ? (st->level + GUI_LEVELS - 2) % GUI_LEVELS + 1 : st->level % GUI_LEVELS + 1;
        break;
    case GUI_BTN_SOUND:
        st->sound_on = !st->sound_on;
        if (st->sound_on) sound(a, GUI_SFX_SELECT);
        break;
    case GUI_BTN_HELP: st->dialog = GUI_DLG_HELP; break;
    case GUI_BTN_HINT: hint(a); break;
    case GUI_BTN_SETTINGS:
        st->dialog = GUI_DLG_SETTINGS;
        log_dialog(a, "settings");
        break;
    case GUI_BTN_ANALYZE:
        if (!st->engine_ok) break;
        st->analysis = !st->analysis;
        a->analysed = 0;
        if (!st->analysis && a->job == GUI_JOB_ANALYZE) {
            engine_cancel(a);
            st->hint_nsq = 0;
        }
        say(st, false, st->analysis ? "Analysis on" : "Analysis off");
        break;
    case GUI_BTN_FIRST: go_to(a, 0); break;
    case GUI_BTN_PREV: go_to(a, st->g.cursor - 1); break;
    case GUI_BTN_NEXT: go_to(a, st->g.cursor + 1); break;
    case GUI_BTN_LAST: go_to(a, st->g.len); break;
    case GUI_BTN_QUIT: a->quit = true; break;
    default: break;
    }
    a->dirty = true;
}

/* A move the player entered (clicks, a drop, a choice): played, or asked
 * about first when it would drop later moves. */
static void entered(gui_app *a, qp_move m)
{
    gui_state *st = &a->st;
    if (st->g.cursor < st->g.len) {
        /* Playing from an earlier position: the recorded move just steps
         * on; another one would drop the later moves, so it asks first. */
        if (m == st->g.rec[st->g.cursor]) {
            go_to(a, st->g.cursor + 1);
        } else if (a->took_back == st->g.cursor) {
            engine_cancel(a);
            play(a, m);
        } else {
            st->pending = m;
            ask(a, GUI_ASK_BRANCH);
        }
    } else {
        engine_cancel(a);
        play(a, m);
    }
}

static void board_click(gui_app *a, int sq)
{
    gui_state *st = &a->st;
    if (gui_state_over(st)) {
        gui_state_clear_selection(st);
        return;
    }
    if (side_is_ai(a, st->to_move) && st->g.cursor == st->g.len) {
        gui_state_message(st, false, "%s", st->cjk ? "电脑正在思考 The computer is thinking"
                                                         : "The computer is thinking");
        return;
    }
    if (a->net && !gui_net_may_move(a->net, st)) return;
    int sel[GUI_MAX_SQ], nsel = st->nsel;
    memcpy(sel, st->sel, sizeof sel);
    bool marked = sq >= 0 && sq < st->r->geom.n &&
                  (st->mark[sq] & (GUI_MARK_TARGET | GUI_MARK_EXTEND | GUI_MARK_SOURCE | GUI_MARK_SELECTED));
    qp_move m = gui_state_click(st, sq);
    if (m != QP_MOVE_NONE) {
        entered(a, m);
    } else if (st->dialog == GUI_DLG_CHOOSE) {
        sound(a, GUI_SFX_SELECT);   /* several moves end here: the picker asks which */
        st->msg[0] = 0;
        log_dialog(a, "choose");
    } else if (st->nsel > 0) {
        sound(a, GUI_SFX_SELECT);
        st->msg[0] = 0;
    } else if (!marked && sq >= 0 && sq < st->r->geom.n) {
        if (gui_why_click(st, sel, nsel, sq)) sound(a, GUI_SFX_ERROR);   /* the reason: gui_why.c */
    }
}

static void hover(gui_app *a, int x, int y)
{
    gui_state *st = &a->st;
    if (st->drag_sq >= 0) {
        int dx = x - st->drag_x, dy = y - st->drag_y;
        if (st->dragging || dx * dx + dy * dy > 36) {
            st->dragging = true;
            st->drag_x = x;
            st->drag_y = y;
            a->dirty = true;
        }
    }
    int sq = -1, b = -1, row = -1;
    if (st->dialog == GUI_DLG_CHOOSE) {
        gui_picker_layout P;
        int c = -1;
        gui_layout_picker(&a->L, st, &P);
        for (int i = 0; i < P.n; i++)
            if (gui_in_rect(&P.item[i], x, y)) c = i;
        if (c != st->hover_choice) {
            st->hover_choice = c;
            a->dirty = true;
        }
    }
    if (st->dialog == GUI_DLG_NONE) {
        sq = gui_layout_hit(&a->L, x, y);
        b = gui_layout_button_at(&a->L, x, y);
        row = gui_layout_move_row_at(&a->L, st->scroll, x, y);
        if (row > st->nply) row = -1;
    }
    if (sq != st->hover_sq || b != st->hover_button || row != st->hover_ply) {
        gui_state_hover(st, sq);   /* a target shows all its move changes */
        st->hover_button = b;
        st->hover_ply = row;
        a->dirty = true;
    }
    bool hand = b >= 0 || row >= 0 || (sq >= 0 && (st->mark[sq] & (GUI_MARK_SOURCE | GUI_MARK_TARGET | GUI_MARK_EXTEND)));
    static SDL_Cursor *arrow, *hand_c;
    if (!arrow) arrow = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW);
    if (!hand_c) hand_c = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    SDL_SetCursor(hand ? hand_c : arrow);
}

/* Zoom resizes the window in steps of about 12%, within the display's
 * usable area; the layout follows the new size like any resize.  In full
 * screen there is nothing to zoom. */
static bool is_fullscreen(const gui_app *a)
{
    return SDL_GetWindowFlags(a->win) & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_FULLSCREEN_DESKTOP);
}

static void zoom(gui_app *a, int step)
{
    if (is_fullscreen(a)) return;
    int w, h, minw, minh;
    SDL_GetWindowSize(a->win, &w, &h);
    SDL_GetWindowMinimumSize(a->win, &minw, &minh);
    if (step == 0) {
        w = a->start_w;
        h = a->start_h;
    } else {
        float f = step > 0 ? 1.125f : 1 / 1.125f;
        w = (int)(w * f + 0.5f);
        h = (int)(h * f + 0.5f);
    }
    SDL_Rect usable;
    int disp = SDL_GetWindowDisplayIndex(a->win);
    if (disp >= 0 && SDL_GetDisplayUsableBounds(disp, &usable) == 0 && usable.w > 0 && usable.h > 0) {
        /* Keep the aspect ratio when the display caps the size. */
        float cap = fminf((float)usable.w / w, (float)usable.h / h);
        if (cap < 1) {
            w = (int)(w * cap);
            h = (int)(h * cap);
        }
    }
    if (w < minw || h < minh) return;
    SDL_SetWindowSize(a->win, w, h);
    a->dirty = true;
}

static void toggle_fullscreen(gui_app *a)
{
    if (SDL_SetWindowFullscreen(a->win, is_fullscreen(a) ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) < 0)
        gui_state_message(&a->st, true, "full screen: %s", SDL_GetError());
    a->dirty = true;
}

/* ---- the player tools: library, clipboard, position editor ------------- */

static void tools_free(gui_app *a)
{
    gui_state *st = &a->st;
    if (st->lib) gui_libview_free(st->lib);
    free(st->lib);
    free(st->ed);
    st->lib = NULL;
    st->ed = NULL;
    if (a->paste_r) {
        qp_game_free(&a->paste_g);
        qp_rules_free(a->paste_r);
        a->paste_r = NULL;
    }
}

static void tools_close(gui_app *a)
{
    tools_free(a);
    a->st.dialog = GUI_DLG_NONE;
    log_dialog(a, "closed");
}

static void open_library(gui_app *a)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    if (net_blocks(a)) return;
    gui_libview *v = calloc(1, sizeof *v);
    if (!v) return;
    engine_cancel(a);
    if (gui_libview_load(v, err, sizeof err)) {
        gui_state_message(st, true, "%s: %s", st->cjk ? "棋谱库 library" : "library", err);
        free(v);
        return;
    }
    st->lib = v;
    st->dialog = GUI_DLG_LIBRARY;
    log_dialog(a, "library");
    if (st->log) fprintf(stderr, "qipan: library: %d games\n", v->n);
}

/* Opens the chosen game for review at its start: stepping shows its moves,
 * and a move from any position continues the game from there. */
static void library_open(gui_app *a, bool export)
{
    gui_state *st = &a->st;
    char path[1200];
    gui_libview_path(st->lib, path, sizeof path);
    if (!path[0]) return;
    tools_close(a);
    load_from(a, path);
    if (st->msg_error) return;
    gui_default_save_path(st->r->rs->name, a->save_path, sizeof a->save_path);   /* never over the library's file */
    if (export) {
        save_as(a);
        return;
    }
    go_to(a, 0);
    gui_state_message(st, false, "%s %s", st->cjk ? "复盘（→ 逐步，任一步可续下）Review (\xE2\x86\x92 steps; play on from any move):"
                                                   : "Review (\xE2\x86\x92 steps; play on from any move):", path);
}

static void library_item(gui_app *a, const gui_action *act)
{
    gui_state *st = &a->st;
    gui_libview *v = st->lib;
    char err[QP_ERR * 2];
    gui_lib_layout B;
    gui_layout_library(&a->L, &B);
    switch (act->arg) {
    case GUI_LIB_ROW:
        if (act->x == v->sel) library_open(a, false);   /* a second click opens */
        else gui_libview_move(v, act->x - v->sel, B.rows);
        break;
    case GUI_LIB_UP: gui_libview_move(v, -1, B.rows); break;
    case GUI_LIB_DOWN: gui_libview_move(v, 1, B.rows); break;
    case GUI_LIB_SCROLL:
        v->scroll += act->x;
        if (v->scroll > v->n - B.rows) v->scroll = v->n - B.rows;
        if (v->scroll < 0) v->scroll = 0;
        break;
    case GUI_LIB_OPEN: library_open(a, false); break;
    case GUI_LIB_EXPORT: library_open(a, true); break;
    case GUI_LIB_DELETE:
        if (v->n == 0) break;
        if (gui_libview_delete(v, err, sizeof err)) gui_state_message(st, true, "%s", err);
        else if (st->log) fprintf(stderr, "qipan: library: deleted %s\n", v->deleted);
        break;
    case GUI_LIB_UNDO:
        if (!v->deleted[0]) break;
        if (st->log) fprintf(stderr, "qipan: library: restored %s\n", v->deleted);
        if (gui_libview_undo(v, err, sizeof err)) gui_state_message(st, true, "%s", err);
        break;
    case GUI_LIB_CLOSE: tools_close(a); break;
    default: break;
    }
}

static void copy_text(gui_app *a, bool record)
{
    gui_state *st = &a->st;
    char fen[1024], err[QP_ERR * 2];
    char *text = NULL;
    if (record) {
        text = gui_copy_record(&st->g, err, sizeof err);
    } else if (st->dialog == GUI_DLG_EDITOR && st->ed) {
        gui_editor_fen(st->ed, fen, sizeof fen);
    } else {
        qp_game_fen(&st->g, fen, sizeof fen);
        if (!fen[0]) snprintf(err, sizeof err, "%s has no FEN to copy", st->r->rs->name);
    }
    const char *t = record ? text : fen[0] ? fen : NULL;
    if (!t) {
        gui_state_message(st, true, "%s", err);
        return;
    }
    if (SDL_SetClipboardText(t) < 0) {
        gui_state_message(st, true, "clipboard: %s", SDL_GetError());
    } else {
        if (st->log) fprintf(stderr, "qipan: copied %s: %s\n", record ? "record" : "FEN", record ? "" : t);
        if (record) say(st, false, "Record copied");
        else gui_state_message(st, false, "%s %s", st->cjk ? "已复制 FEN copied:" : "FEN copied:", t);
    }
    free(text);
}

/* The game the paste brought (a->paste_*) replaces the one shown; an
 * unfinished game's autosave is kept aside first, so Undo on the new game
 * brings it back as after New. */
static void paste_apply(gui_app *a)
{
    gui_state *st = &a->st;
    qp_rules *r = a->paste_r;
    qp_game g = a->paste_g;
    a->paste_r = NULL;
    st->dialog = GUI_DLG_NONE;
    engine_cancel(a);
    gui_engine_clear(a->eng);
    char aside[1024];
    a->prev_path[0] = 0;
    if (st->g.len > 0 && !gui_state_over(st) && gui_file_exists(st->autosave_path) &&
        keep_aside(a, st->autosave_path, "previous", "", aside, sizeof aside) == 0)
        snprintf(a->prev_path, sizeof a->prev_path, "%s", aside);
    replace_game(a, r, &g);
    set_autosave_path(a);
    gui_default_save_path(st->r->rs->name, a->save_path, sizeof a->save_path);
    if (gui_state_over(st)) a->kept_sig = game_sig(st);   /* a finished game pasted is not one played here */
    after_change(a);
    char fen[1024];
    qp_game_fen(&st->g, fen, sizeof fen);
    if (st->log) fprintf(stderr, "qipan: pasted: %s %d plies %s\n", st->r->rs->name, st->g.len, fen);
    if (a->prev_path[0])
        gui_state_message(st, false, "%s %s; %s %s", st->cjk ? "已粘贴 Pasted:" : "Pasted:", st->paste_what,
                          st->cjk ? "上局另存为 previous game kept as" : "previous game kept as", a->prev_path);
    else
        gui_state_message(st, false, "%s %s", st->cjk ? "已粘贴 Pasted:" : "Pasted:", st->paste_what);
}

static void paste(gui_app *a)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 3];
    if (net_blocks(a)) return;
    char *text = SDL_HasClipboardText() ? SDL_GetClipboardText() : NULL;
    qp_rules *r = NULL;
    qp_game g;
    int kind = gui_paste_read(&a->app->reg, st->r, text ? text : "", &r, &g, err, sizeof err);
    SDL_free(text);
    if (kind < 0) {
        gui_state_message(st, true, "%s", err);
        if (st->log) fprintf(stderr, "qipan: paste refused: %s\n", err);
        sound(a, GUI_SFX_ERROR);
        return;
    }
    tools_free(a);
    a->paste_r = r;
    a->paste_g = g;
    char title[64];   /* the title up to its first comma */
    snprintf(title, sizeof title, "%s", r->rs->title ? r->rs->title : r->rs->name);
    title[strcspn(title, ",")] = 0;
    if (kind == GUI_PASTE_FEN) snprintf(st->paste_what, sizeof st->paste_what, "FEN (%s)", r->rs->name);
    else snprintf(st->paste_what, sizeof st->paste_what, "%s: %d ply%s", title, g.len, g.len == 1 ? "" : "s");
    if (st->g.len > 0 && !gui_state_over(st)) {
        engine_cancel(a);
        st->dialog = GUI_DLG_PASTE;   /* a game in progress: ask first */
        log_dialog(a, "paste");
        return;
    }
    paste_apply(a);
}

static void open_editor(gui_app *a)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2];
    if (net_blocks(a)) return;
    gui_editor *e = calloc(1, sizeof *e);
    if (!e) return;
    if (gui_editor_open(e, st->r, st->g.cur, err, sizeof err)) {
        gui_state_message(st, true, "%s", err);
        free(e);
        return;
    }
    engine_cancel(a);
    gui_state_clear_selection(st);
    st->ed = e;
    st->dialog = GUI_DLG_EDITOR;
    log_dialog(a, "editor");
}

/* Play (or analyse) from the setup: the ruleset's FEN reader judges it;
 * refused, the editor stays open with the reason. */
static void editor_done(gui_app *a, bool analyse)
{
    gui_state *st = &a->st;
    char err[QP_ERR * 2], fen[1024];
    qp_game g;
    if (gui_editor_game(st->ed, &g, err, sizeof err)) {
        if (st->log) fprintf(stderr, "qipan: editor refused: %s\n", err);
        sound(a, GUI_SFX_ERROR);
        return;
    }
    engine_cancel(a);
    gui_engine_clear(a->eng);
    char aside[1024];
    a->prev_path[0] = 0;
    if (st->g.len > 0 && !gui_state_over(st) && gui_file_exists(st->autosave_path) &&
        keep_aside(a, st->autosave_path, "previous", "", aside, sizeof aside) == 0)
        snprintf(a->prev_path, sizeof a->prev_path, "%s", aside);
    qp_game_free(&st->g);
    st->g = g;
    drop_notes(a);
    tools_free(a);
    st->dialog = GUI_DLG_NONE;
    a->took_back = -1;
    st->flagged = -1;
    reset_clocks(st);
    memset(&st->think, 0, sizeof st->think);
    if (analyse && st->engine_ok) {
        st->ai_mask = 0;   /* nobody moves by itself while analysing */
        st->analysis = true;
        a->analysed = 0;
    }
    after_change(a);
    qp_game_fen(&st->g, fen, sizeof fen);
    if (st->log) fprintf(stderr, "qipan: editor: %s %s\n", analyse ? "analyse" : "play", fen);
    if (a->prev_path[0])   /* the game it replaced: aside, Undo on the new one brings it back */
        gui_state_message(st, false, "%s %s; %s %s", st->cjk ? "摆棋完成 Set up:" : "Set up:", fen,
                          st->cjk ? "上局另存为 previous game kept as" : "previous game kept as", a->prev_path);
    else
        gui_state_message(st, false, "%s %s", st->cjk ? "摆棋完成 Set up:" : "Set up:", fen);
}

static void editor_item(gui_app *a, const gui_action *act)
{
    gui_editor *e = a->st.ed;
    switch (act->arg) {
    case GUI_ED_SQ: gui_editor_click(e, act->x); break;
    case GUI_ED_PAL: e->tool = act->x >= 0 && act->x < e->npal ? act->x : -1; break;
    case GUI_ED_SIDE: gui_editor_toggle_side(e); break;
    case GUI_ED_CLEAR: gui_editor_clear(e); break;
    case GUI_ED_START: gui_editor_start(e); break;
    case GUI_ED_PLAY: editor_done(a, false); break;
    case GUI_ED_ANALYSE: editor_done(a, true); break;
    case GUI_ED_CANCEL: tools_close(a); break;
    default: break;
    }
}

static void tool_action(gui_app *a, const gui_action *act)
{
    gui_state *st = &a->st;
    switch (act->arg) {
    case GUI_TOOL_COPY_FEN: copy_text(a, false); return;
    case GUI_TOOL_COPY_RECORD: copy_text(a, true); return;
    case GUI_TOOL_PASTE: paste(a); return;
    case GUI_TOOL_LIBRARY: open_library(a); return;
    case GUI_TOOL_EDITOR: open_editor(a); return;
    case GUI_TOOL_EDGE:
        st->file_numbers = !st->file_numbers;
        if (st->log) fprintf(stderr, "qipan: settings: edge %s\n", st->file_numbers ? "numbers" : "coords");
        return;
    case GUI_TOOL_NOTATION:
        st->coords = !st->coords;
        if (st->log) fprintf(stderr, "qipan: settings: notation %s\n", st->coords ? "coords" : "native");
        say(st, false, st->coords ? "Moves in coordinates" : "Moves in the game's notation");
        return;
    case GUI_PASTE_YES: if (a->paste_r) paste_apply(a); return;
    case GUI_PASTE_NO: tools_close(a); return;
    default: break;
    }
    if (st->dialog == GUI_DLG_LIBRARY && st->lib) library_item(a, act);
    else if (st->dialog == GUI_DLG_EDITOR && st->ed) editor_item(a, act);
}

static void apply(gui_app *a, const gui_action *act)
{
    gui_state *st = &a->st;
    switch (act->type) {
    case GUI_ACT_QUIT: a->quit = true; break;
    case GUI_ACT_BOARD:
        board_click(a, act->arg);
        /* A piece just picked up may also be dragged to its target. */
        st->drag_sq = st->nsel == 1 && st->sel[0] == act->arg ? act->arg : -1;
        st->dragging = false;
        st->drag_x = act->x;
        st->drag_y = act->y;
        break;
    case GUI_ACT_DROP: {
        int from = st->drag_sq;
        bool moved = st->dragging;
        st->drag_sq = -1;
        st->dragging = false;
        if (moved && act->arg >= 0 && act->arg != from && st->nsel == 1 && st->sel[0] == from) {
            a->dropped = true;
            board_click(a, act->arg);
            a->dropped = false;
        }
        break;
    }
    case GUI_ACT_BUTTON: button(a, act->arg, act->alt); break;
    case GUI_ACT_GOTO: go_to(a, act->arg); break;
    case GUI_ACT_STEP:
        go_to(a, act->arg <= -1000 ? 0 : act->arg >= 1000 ? st->g.len : st->g.cursor + act->arg);
        break;
    case GUI_ACT_TOOL: tool_action(a, act); break;
    case GUI_ACT_CHOOSE: {
        qp_move m = act->arg >= 0 ? gui_state_choose(st, act->arg) : QP_MOVE_NONE;
        if (m != QP_MOVE_NONE) {
            entered(a, m);
        } else {
            if (st->log) log_dialog(a, "closed");
            gui_state_choose_cancel(st);
        }
        st->hover_choice = -1;
        break;
    }
    case GUI_ACT_SCROLL:
        if (st->dialog == GUI_DLG_LIBRARY) {   /* the wheel over the Library's list */
            gui_action sc = {.type = GUI_ACT_TOOL, .arg = GUI_LIB_SCROLL, .x = act->arg};
            tool_action(a, &sc);
            break;
        }
        if (st->dialog == GUI_DLG_SAVE || st->dialog == GUI_DLG_LOAD) {
            st->file_scroll += act->arg;
            if (st->file_scroll > st->nfiles - 1) st->file_scroll = st->nfiles - 1;
            if (st->file_scroll < 0) st->file_scroll = 0;
            break;
        }
        st->scroll += act->arg;
        st->follow = false;
        break;
    case GUI_ACT_HOVER: hover(a, act->x, act->y); return;
    case GUI_ACT_DESELECT: gui_state_clear_selection(st); break;
    case GUI_ACT_ZOOM: zoom(a, act->arg); break;
    case GUI_ACT_FULLSCREEN: toggle_fullscreen(a); break;
    case GUI_ACT_NG: newgame_item(a, act->arg); break;
    case GUI_ACT_SETTING: setting(a, act->arg); break;
    case GUI_ACT_YES:
        if (answer_offer(a, true)) break;
        if (st->dialog == GUI_DLG_RESUME) {
            close_dialog(a);
            a->autosave_armed = true;
            resume_autosave(a);
        } else if (st->dialog == GUI_DLG_CONFIRM) {
            close_dialog(a);
            if (st->confirm == GUI_ASK_RESIGN) resign(a);
            else if (st->pending != QP_MOVE_NONE && qp_move_is_legal(st->r, st->g.cur, st->pending)) play(a, st->pending);
        } else if (st->dialog == GUI_DLG_END) {
            close_dialog(a);
            open_newgame(a);
        } else if ((st->dialog == GUI_DLG_SAVE || st->dialog == GUI_DLG_LOAD) && st->entry[0] &&
                   st->entry[strlen(st->entry) - 1] == '/') {
            list_folder(st);   /* Enter on a folder opens it */
        } else if (st->dialog == GUI_DLG_SAVE) {
            close_dialog(a);
            save_to(a, st->entry);
        } else if (st->dialog == GUI_DLG_LOAD) {
            close_dialog(a);
            load_from(a, st->entry);
        } else {
            close_dialog(a);
        }
        break;
    case GUI_ACT_NO:
        if (answer_offer(a, false)) break;
        if (st->dialog == GUI_DLG_RESUME) {
            /* A new game starts; the declined one stays on disk. */
            char aside[1024];
            a->autosave_armed = true;
            if (keep_aside(a, st->autosave_path, "previous", "", aside, sizeof aside) == 0)
                snprintf(a->prev_path, sizeof a->prev_path, "%s", aside);
        }
        if (st->log && st->dialog != GUI_DLG_NONE) log_dialog(a, "closed");
        close_dialog(a);
        break;
    case GUI_ACT_TEXT: {
        size_t n = strlen(st->entry), k = strlen(act->text);
        if (n + k < sizeof st->entry) memcpy(st->entry + n, act->text, k + 1);
        if (strchr(act->text, '/')) list_folder(st);
        break;
    }
    case GUI_ACT_BACKSPACE: {
        size_t n = strlen(st->entry);
        bool slash = n > 0 && st->entry[n - 1] == '/';
        while (n > 0 && (st->entry[n - 1] & 0xC0) == 0x80) n--;   /* a whole UTF-8 char */
        if (n > 0) n--;
        st->entry[n] = 0;
        if (slash) list_folder(st);
        break;
    }
    case GUI_ACT_CLEAR:
        st->entry[0] = 0;
        list_folder(st);
        break;
    case GUI_ACT_FILE:
        if (act->arg < 0) {
            /* Tab / Shift+Tab: the next or previous listed name into the entry */
            if (st->nfiles > 1) {
                int n = st->nfiles - 1, k = st->file_sel - 1;   /* "../" is not cycled through */
                k = ((act->arg == -1 ? k + 1 : k - 1) % n + n) % n;
                st->file_sel = k + 1;
                snprintf(st->entry, sizeof st->entry, "%s%s", st->file_dir, st->files[st->file_sel]);
                int rows = 1;
                SDL_Rect c_, e_, l_, y_, n_;
                gui_layout_files(&a->L, &c_, &e_, &l_, &rows, &y_, &n_);
                if (st->file_sel < st->file_scroll) st->file_scroll = st->file_sel;
                if (rows > 0 && st->file_sel >= st->file_scroll + rows) st->file_scroll = st->file_sel - rows + 1;
            }
            break;
        }
        if (pick_file(a, act->arg)) {
            gui_action yes = {.type = GUI_ACT_YES};
            apply(a, &yes);
            return;
        }
        break;
    case GUI_ACT_REDRAW:
        if (act->arg == 1) gui_draw_flush(&a->draw);
        break;
    default:
        return;
    }
    a->dirty = true;
}

/* ---- update ----------------------------------------------------------- */

static void update(gui_app *a)
{
    gui_state *st = &a->st;
    Uint64 now = SDL_GetTicks64();
    Uint64 dt = now - a->last_ms;
    a->last_ms = now;
    if (a->net) net_update(a);
    st->prev_game = a->prev_path[0] && st->g.len == 0;
    /* A game file's hook that failed is reported on stderr by the adapter;
     * the window shows it too, once.  Read only while no search runs:
     * the engine's thread may be the one writing it. */
    if (!gui_engine_busy(a->eng)) {
        const char *he = st->r->failed;
        if (he && strncmp(he, a->hook_err, sizeof a->hook_err - 1)) {
            snprintf(a->hook_err, sizeof a->hook_err, "%s", he);
            gui_state_message(st, true, "%s", he);
            a->dirty = true;
        }
    }
    /* A side's clock runs while it is to move at the end of the record,
     * from the first move (or the computer's first thought) on, and stops
     * while a dialog is open. */
    bool running = !gui_state_over(st) && st->g.cursor == st->g.len &&
                   (st->dialog == GUI_DLG_NONE || st->dialog == GUI_DLG_CHOOSE) &&   /* choosing is thinking */
                   (st->g.len > 0 || (gui_engine_busy(a->eng) && a->job == GUI_JOB_PLAY));
    if (a->net) {
        /* the session keeps the clocks */
    } else if (running && st->tc.kind != GUI_TC_NONE) {
        int side = st->to_move;
        int64_t before = st->left_ms[side];
        st->left_ms[side] -= (int64_t)dt;
        /* Redraw each second, each tenth in the last ten seconds. */
        int64_t step = st->left_ms[side] < 10000 ? 100 : 1000;
        if ((before + step - 1) / step != (st->left_ms[side] + step - 1) / step) a->dirty = true;
        if (st->left_ms[side] <= 0) {
            /* Flag fall: the side to move loses on time. */
            st->left_ms[side] = 0;
            engine_cancel(a);
            st->flagged = side;
            after_change(a);
            sound(a, GUI_SFX_END);
        }
    } else if (running) {
        uint64_t before = st->clock_ms[st->to_move] / 1000;
        st->clock_ms[st->to_move] += dt;
        if (st->clock_ms[st->to_move] / 1000 != before) a->dirty = true;
    }

    if (gui_engine_busy(a->eng)) {
        gui_think before = st->think;
        qp_move m = gui_engine_poll(a->eng, &st->think);
        /* Redraw for news or the next step of the thinking dots only: the
         * search wants the processor more than the window does. */
        unsigned phase = (unsigned)(now / 140);
        if (memcmp(&before, &st->think, sizeof before) || phase != a->think_phase) a->dirty = true;
        a->think_phase = phase;
        /* a game scored by area with every stone alive: no pass while a
         * move still gains (pass_guard.h) */
        int area[2], komi2;
        if (m != QP_MOVE_NONE && a->job != GUI_JOB_ANALYZE && qp_sgf_area(st->r, st->g.cur, area, &komi2))
            m = qp_pass_guard(st->r, &st->g, m, false);
        if (a->job == GUI_JOB_PLAY) {
            if (m != QP_MOVE_NONE && gui_state_ai_to_move(st)) play(a, m);
        } else if (a->job == GUI_JOB_HINT) {
            if (m != QP_MOVE_NONE) {
                char t[QP_MOVE_TEXT + 64];
                gui_state_set_hint(st, m);
                gui_tools_move_words(st, m, t, sizeof t);
                gui_state_message(st, false, "%s %s", st->cjk ? "提示 Hint:" : "Hint:", t);
            }
        } else if (st->think.best != before.best) {
            gui_state_set_hint(st, st->think.best);   /* analysis: the arrow follows the best line */
        }
    }
    if (!gui_engine_busy(a->eng) && gui_state_ai_to_move(st) && st->dialog == GUI_DLG_NONE) {
        qp_search_limits lim;
        gui_state_think_limits(st, st->level, true, &lim);
        if (gui_engine_start(a->eng, &st->g, &lim, a->wake) == 0) {
            a->job = GUI_JOB_PLAY;
            st->think.active = true;
            st->think.depth = 0;
            st->think.pv[0] = 0;
        } else {
            gui_state_message(st, true, "the computer could not start");
            st->ai_mask = 0;
        }
        a->dirty = true;
    } else if (!gui_engine_busy(a->eng) && st->analysis && st->engine_ok && !gui_state_over(st) &&
               st->dialog == GUI_DLG_NONE && !gui_state_ai_to_move(st)) {
        /* Analysis: once per position shown, until stopped or done. */
        uint64_t key = st->g.hist[st->g.cursor].hash ^ (uint64_t)st->g.cursor * 0x9E3779B97F4A7C15ull;
        if (key != a->analysed) {
            a->analysed = key;
            if (gui_engine_start(a->eng, &st->g, NULL, a->wake) == 0) {
                a->job = GUI_JOB_ANALYZE;
                memset(&st->think, 0, sizeof st->think);
                st->think.active = true;
            }
            a->dirty = true;
        }
    }

    if (st->anim_to >= 0) {
        st->anim_k = (float)(now - a->anim_start) / 160.0f;
        if (st->anim_k >= 1) st->anim_to = -1;
        a->dirty = true;
    }

    /* The end-of-game banner, once per end reached at the record's end. */
    if (!gui_state_over(st)) {
        st->end_seen = false;
    } else if (!st->end_seen && st->g.cursor == st->g.len && st->dialog == GUI_DLG_NONE) {
        st->end_seen = true;
        st->dialog = GUI_DLG_END;
        if (st->log) {
            char res[160], why[200];
            gui_state_banner(st, true, res, sizeof res, why, sizeof why);
            fprintf(stderr, "qipan: banner: %s \xE2\x80\x94 %s\n", res, why);
        }
        keep_finished(a);
        a->dirty = true;
    }

    /* keep the current ply in view in the move list */
    int rows = gui_layout_move_rows(&a->L), total = st->nply + 1;
    if (st->follow) {
        if (st->g.cursor < st->scroll) st->scroll = st->g.cursor;
        if (st->g.cursor >= st->scroll + rows) st->scroll = st->g.cursor - rows + 1;
    }
    if (st->scroll > total - rows) st->scroll = total - rows;
    if (st->scroll < 0) st->scroll = 0;
}

/* ---- render ----------------------------------------------------------- */

static void render(gui_app *a)
{
    int w, h;
    if (SDL_GetRendererOutputSize(a->ren, &w, &h) < 0) {
        SDL_Log("SDL_GetRendererOutputSize: %s", SDL_GetError());
        SDL_GetWindowSize(a->win, &w, &h);
    }
    double t = gui_now();
    /* The size each new frame is laid out for: the tests wait on it after
     * a zoom or F11 before they look at the screen. */
    if (a->st.log && (w != a->drawn_w || h != a->drawn_h)) fprintf(stderr, "qipan: frame: %dx%d\n", w, h);
    a->drawn_w = w;
    a->drawn_h = h;
    gui_layout_compute(&a->L, &a->st.r->geom, w, h, a->st.flip);
    gui_draw_frame(&a->draw, &a->L, &a->st, SDL_GetTicks());
    SDL_RenderPresent(a->ren);
    /* Draw plus present: batching renderers rasterise during present. */
    double ms = (gui_now() - t) * 1000;
    a->frames++;
    a->draw_sum += ms;
    if (ms > a->draw_max) a->draw_max = ms;
    if (a->st.think.active) {
        a->think_frames++;
        a->think_draw_sum += ms;
        if (ms > a->think_draw_max) a->think_draw_max = ms;
    }
    if (a->frames == 1) a->first_frame = gui_now();
    a->dirty = false;
}

/* Drawable pixels per window coordinate: 2 on a typical HiDPI screen. */
static float pixel_scale(gui_app *a)
{
    int ww, wh, dw, dh;
    SDL_GetWindowSize(a->win, &ww, &wh);
    if (SDL_GetRendererOutputSize(a->ren, &dw, &dh) < 0 || ww <= 0) return 1.0f;
    return (float)dw / (float)ww;
}

static int open_window(gui_app *a, const gui_options *opt, char *err, size_t errn)
{
    char title[160];
    snprintf(title, sizeof title, "qipan \xE2\x80\x94 %s", a->st.r->rs->title ? a->st.r->rs->title : a->st.r->rs->name);
    /* Hidden until its renderer and fonts exist: creating an OpenGL
     * renderer may recreate the X window, and a window shown early could
     * take clicks meant for its successor (and flashes blank). */
    a->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, opt->w, opt->h,
                              SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_HIDDEN);
    if (!a->win) {
        snprintf(err, errn, "SDL_CreateWindow: %s", SDL_GetError());
        return -1;
    }
    SDL_SetWindowMinimumSize(a->win, 360, 300);
    a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!a->ren) a->ren = SDL_CreateRenderer(a->win, -1, SDL_RENDERER_SOFTWARE);
    if (!a->ren) {
        snprintf(err, errn, "SDL_CreateRenderer: %s", SDL_GetError());
        return -1;
    }
    if (gui_draw_init(&a->draw, a->ren, err, errn)) return -1;
    SDL_ShowWindow(a->win);
    return 0;
}

static void print_stats(const gui_app *a)
{
    if (!getenv("QIPAN_GUI_STATS")) return;
    SDL_RendererInfo info;
    SDL_GetRendererInfo(a->ren, &info);
    fprintf(stderr, "qipan: gui stats: renderer %s; start-up %.1f ms to first frame (video %.1f, window+renderer+font "
                    "%.1f, first frame %.1f); %d frames, "
                    "frame avg %.2f ms max %.2f ms; while thinking %d frames, avg %.2f ms max %.2f ms\n",
            info.name, (a->first_frame - a->t0) * 1000, (a->t_video - a->t0) * 1000, (a->t_window - a->t_video) * 1000,
            (a->first_frame - a->t_window) * 1000, a->frames,
            a->frames ? a->draw_sum / a->frames : 0, a->draw_max, a->think_frames,
            a->think_frames ? a->think_draw_sum / a->think_frames : 0, a->think_draw_max);
}

/* A page: the file the browser's picker gave is loaded as a file of the
 * desktop is; it waits while a dialog is open. */
static void take_picked(gui_app *a)
{
    char path[1024], err[QP_ERR * 2];
    if (a->st.dialog != GUI_DLG_NONE) return;
    int k = gui_webio_take(path, sizeof path, err, sizeof err);
    if (k == 0 || net_blocks(a)) return;
    if (k > 0) {
        load_from(a, path);
    } else {
        gui_state_message(&a->st, true, "%s", err);
        sound(a, GUI_SFX_ERROR);
    }
    a->dirty = true;
}

/* One turn of the frame loop: events (waiting for the first up to a
 * timeout that keeps animation, the engine and the network moving when
 * wait is set), then update and draw. */
static void loop_step(gui_app *a, bool wait)
{
    gui_state *st = &a->st;
    SDL_Event ev;
    int timeout = st->anim_to >= 0 ? 10 : gui_engine_busy(a->eng) ? 35 : a->net ? 20 : 250;
    if (wait ? SDL_WaitEventTimeout(&ev, timeout) : SDL_PollEvent(&ev)) {
        float scale = pixel_scale(a);
        do {
            gui_action act;
            if (a->net && gui_net_key(a->net, st, &ev)) {
                a->dirty = true;
                continue;
            }
            int ek = gui_net_entry_event(&a->net_entry, st, &ev);
            if (ek) {
                if (ek == 2) {
                    net_from_entry(a);
                    a->net_entry.kind = GUI_NET_ENTRY_NONE;
                }
                a->dirty = true;
                continue;
            }
            gui_input_event(&ev, &a->L, st, scale, a->wake, &act);
            apply(a, &act);
        } while (!a->quit && SDL_PollEvent(&ev));
    }
    if (a->quit) return;
    take_picked(a);
    update(a);
    if (a->dirty) render(a);
    gui_web_publish(st, &a->L, pixel_scale(a));
}

#ifdef __EMSCRIPTEN__
/* A browser frame: never waits (a blocking loop would freeze the page).
 * Quit has no window to close there: it stops the loop, the page stays. */
static void web_step(void *arg)
{
    gui_app *a = arg;
    loop_step(a, false);
    if (a->quit) emscripten_cancel_main_loop();
}
#endif

int gui_app_run(qp_app *app, qp_rules *r, qp_game *g, const gui_options *opt)
{
    gui_app *a = calloc(1, sizeof *a);
    char err[QP_ERR * 2];
    int rc = 0;
    if (!a || gui_state_init(&a->st, r, g)) {
        fprintf(stderr, "qipan: out of memory\n");
        free(a);
        return 1;
    }
    a->app = app;
    a->took_back = -1;
    a->t0 = opt->t0;
    a->t_video = opt->t_video;
    gui_state *st = &a->st;
    gui_settings_default(&a->set);
    if (gui_settings_path(a->settings_path, sizeof a->settings_path) == 0 &&
        gui_settings_load(&a->set, a->settings_path) != 0)
        fprintf(stderr, "qipan: cannot read %s\n", a->settings_path);
    a->texts = gui_texts_load(app->argv0);
    gui_texts_set(a->texts, a->set.lang);
    /* The command line wins over what was remembered. */
    gui_options o2 = *opt;
    if (!opt->size_given && a->set.w > 0) {
        o2.w = a->set.w;
        o2.h = a->set.h;
    }
    opt = &o2;
    st->flip = opt->flip || a->set.flip;
    if (a->set.level >= 1) st->level = a->set.level;
    if (opt->level >= 1 && opt->level <= GUI_LEVELS) st->level = opt->level;
    st->animate = a->set.animate;
    st->pieces = a->set.pieces;
    st->coords = a->set.coords;
    st->file_numbers = a->set.file_numbers;
    st->promote_first = a->set.promote_first;
    /* Threads: remembered, else the config's ai.threads. */
    long long cfg_threads = qp_param_int(&st->r->params, "ai.threads");
    st->threads = a->set.threads > 0 ? a->set.threads : cfg_threads > 0 ? (int)cfg_threads : 1;
    if (st->threads > GUI_MAX_THREADS) st->threads = GUI_MAX_THREADS;
    set_autosave_path(a);
    gui_default_save_path(st->r->rs->name, a->save_path, sizeof a->save_path);
    load_openings(a);

    if (open_window(a, opt, err, sizeof err)) {
        fprintf(stderr, "qipan: %s\n", err);
        rc = 1;
        goto done;
    }
    a->t_window = gui_now();
    a->start_w = opt->w;
    a->start_h = opt->h;
    SDL_StopTextInput();   /* only the file-name field takes text */
    a->wake = SDL_RegisterEvents(1);
    if (a->wake == (Uint32)-1) a->wake = 0;
    /* The engine (its hash table) and sound are set up after the first
     * frame, so the window shows at once. */
    st->engine_ok = gui_engine_available();
    if (opt->ai_mask >= 0) st->ai_mask = (unsigned)opt->ai_mask;
    else if (a->set.mode >= 0) st->ai_mask = (unsigned)a->set.mode & (st->r->nsides > 1 ? 3u : 1u);
    else st->ai_mask = st->r->nsides > 1 ? 2u : 0u;
    /* Sound opens after the first frame (probing audio devices can take a
     * while); until then it is assumed to work. */
    st->sound_ok = true;
    st->sound_on = a->set.sound;
    st->cjk = a->draw.fonts.cjk;
    if (st->pieces == GUI_PIECES_KAI && !a->draw.fonts.kai_path[0]) st->pieces = GUI_PIECES_PLAIN;
    st->log = getenv("QIPAN_GUI_LOG") && *getenv("QIPAN_GUI_LOG");
    for (int i = 0; i < app->reg.n && st->ngames < (int)(sizeof st->games / sizeof st->games[0]); i++)
    {
        st->game_titles[st->ngames] = app->reg.rs[i]->title;
        st->games[st->ngames++] = app->reg.rs[i]->name;
    }

    if (st->log)
        fprintf(stderr, "qipan: start: mode %u level %d flip %d pieces %s animation %s sound %s threads %d\n",
                st->ai_mask, st->level, st->flip ? 1 : 0, st->pieces ? "kai" : "plain", st->animate ? "on" : "off",
                st->sound_on ? "on" : "off", st->threads);
    a->autosave_armed = true;
    if (gui_file_exists(st->autosave_path)) {
        /* Offered back only if it loads; one that does not is kept aside
         * (a config changed since, a broken game file) and never deleted. */
        qp_rules *rr = NULL;
        qp_game gg;
        char aside[1024];
        if (qp_record_load(&a->app->reg, st->autosave_path, &rr, &gg, err, sizeof err) == 0) {
            st->resume_moves = gg.len;
            qp_game_free(&gg);
            qp_rules_free(rr);
            qp_record rec;
            if (qp_record_read(&rec, st->autosave_path, err, sizeof err) == 0) {
                snprintf(st->resume_date, sizeof st->resume_date, "%s", rec.date);
                qp_record_free(&rec);
            }
            st->dialog = GUI_DLG_RESUME;
            log_dialog(a, "resume");
            a->autosave_armed = false;
        } else {
            char why[QP_ERR * 2 + 40];
            snprintf(why, sizeof why, "%s %s", st->cjk ? "无法读取自动存档 cannot load the autosave:" : "cannot load the autosave:", err);
            keep_aside(a, st->autosave_path, "unreadable", why, aside, sizeof aside);
        }
    }
    a->last_ms = SDL_GetTicks64();
    a->dirty = true;
    render(a);
    a->eng = gui_engine_new(st->r);
    if (a->eng && gui_engine_set_threads(a->eng, st->threads) != 0) {
        st->threads = 1;
        gui_engine_set_threads(a->eng, 1);
    }
    st->engine_ok = a->eng != NULL;
    if (a->eng && opt->search) gui_engine_set_kind(a->eng, opt->search);
    st->ai_kind = a->eng ? gui_engine_kind(a->eng) : QP_AI_ALPHABETA;
    if (!st->engine_ok) st->ai_mask = 0;
    a->snd = gui_sound_open();
    st->sound_ok = gui_sound_ok(a->snd);
    st->sound_on = st->sound_on && st->sound_ok;
    a->dirty = !st->sound_ok || !st->engine_ok;
    if (opt->net && opt->net->on) net_start(a, opt->net, st->r->rs->name);

#ifdef __EMSCRIPTEN__
    /* The browser runs the loop, a step each frame; the page closing ends
     * it, so nothing below runs (each change was autosaved already). */
    emscripten_set_main_loop_arg(web_step, a, 0, 1);
#endif
    while (!a->quit) loop_step(a, true);

    engine_cancel(a);
    if (a->net) {   /* the local autosave and settings stay as they were */
        gui_net_free(a->net);
        net_local_choices(a);
    }
    else if (a->autosave_armed) autosave(a);
    save_settings(a);
    print_stats(a);
    tools_free(a);
done:
    gui_openings_free(&a->openings);
    gui_engine_free(a->eng);
    gui_sound_close(a->snd);
    if (a->ren) {
        gui_draw_free(&a->draw);
        SDL_DestroyRenderer(a->ren);
    }
    if (a->win) SDL_DestroyWindow(a->win);
    gui_state_free(st);
    gui_texts_set(NULL, QP_LANG_BOTH);
    qp_texts_free(a->texts);
    free(a);
    return rc;
}
