/*
 * gui_toolview.c — the player tools on screen (see gui_toolview.h).
 */
#include "gui_toolview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_board.h"
#include "gui_editor.h"
#include "gui_libview.h"

static int iround(float v) { return (int)lroundf(v); }
static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

/* ---- where things are -------------------------------------------------- */

void gui_layout_library(const gui_layout *L, gui_lib_layout *B)
{
    SDL_Rect yes, no;
    float u = L->ui;
    gui_layout_dialog(L, 15, &B->card, &yes, &no);
    int pad = iround(22 * u), gap = iround(8 * u);
    const SDL_Rect *c = &B->card;
    B->title = (SDL_Rect){c->x + pad, c->y + pad, c->w - 2 * pad, iround(L->font_title * 1.5f)};
    int bw = (c->w - 2 * pad - (GUI_LIB_BTNS - 1) * gap) / GUI_LIB_BTNS;
    for (int i = 0; i < GUI_LIB_BTNS; i++) B->button[i] = (SDL_Rect){c->x + pad + i * (bw + gap), yes.y, bw, yes.h};
    int detail_h = iround(L->font_small * 3.1f);
    B->detail = (SDL_Rect){c->x + pad, yes.y - gap - detail_h, c->w - 2 * pad, detail_h};
    int top = B->title.y + B->title.h;
    B->row_h = imax(1, L->row_h);
    B->list = (SDL_Rect){c->x + pad, top, c->w - 2 * pad, imax(B->row_h, B->detail.y - gap - top)};
    B->rows = imax(1, B->list.h / B->row_h);
}

void gui_layout_editor(const gui_layout *L, int npal, gui_ed_layout *E)
{
    float u = L->ui;
    int pad = iround(12 * u), gap = iround(6 * u);
    SDL_Rect a = L->panel;
    E->area = a;
    int x = a.x + pad, w = a.w - 2 * pad, y = a.y + pad;
    E->title = (SDL_Rect){x, y, w, iround(L->font_title * 1.5f)};
    y += E->title.h + gap;
    /* the palette: each side's pieces in a row, the eraser after them */
    int per = 1;
    for (int i = 0; i < npal; i++) per++;
    per = imax(4, (per + 1) / 2 + 1);
    int bh = iround(32 * u);
    int room_h = a.y + a.h - pad - y - 4 * (bh + gap) - iround(L->font_small * 3.2f);
    E->pal_cols = per;
    E->pal_cell = imax(8, imin(w / per, imin(iround(L->piece_r * 2.3f), room_h / 2)));
    E->pal_x = x;
    E->pal_y = y;
    y += 2 * E->pal_cell + gap;
    int half = (w - gap) / 2;
    E->side_label = (SDL_Rect){x, y, w, iround(L->font_small * 1.5f)};
    y += E->side_label.h;
    E->side[0] = (SDL_Rect){x, y, half, bh};
    E->side[1] = (SDL_Rect){x + half + gap, y, half, bh};
    y += bh + gap;
    E->button[GUI_ED_BTN_CLEAR] = (SDL_Rect){x, y, half, bh};
    E->button[GUI_ED_BTN_START] = (SDL_Rect){x + half + gap, y, half, bh};
    y += bh + gap;
    E->button[GUI_ED_BTN_PLAY] = (SDL_Rect){x, y, half, bh};
    E->button[GUI_ED_BTN_ANALYSE] = (SDL_Rect){x + half + gap, y, half, bh};
    y += bh + gap;
    E->button[GUI_ED_BTN_CANCEL] = (SDL_Rect){x, y, w, bh};
    y += bh + gap;
    E->msg = (SDL_Rect){x, y, w, imax(0, a.y + a.h - pad - y)};
}

/* Palette cell under (x, y): index, -1 the eraser, -2 none. */
static int palette_at(const gui_ed_layout *E, const gui_editor *ed, int x, int y)
{
    if (x < E->pal_x || y < E->pal_y || E->pal_cell <= 0) return -2;
    int c = (x - E->pal_x) / E->pal_cell, k = (y - E->pal_y) / E->pal_cell;
    if (c >= E->pal_cols || k > 1) return -2;
    /* row k holds side k's pieces; the eraser ends the first row */
    int col = 0;
    for (int i = 0; i < ed->npal; i++) {
        int row = ed->pal[i].side == 0 ? 0 : 1;
        if (row != k) continue;
        if (col++ == c) return i;
    }
    if (k == 0 && c == col) return -1;
    return -2;
}

/* ---- keys and clicks --------------------------------------------------- */

static bool tool(gui_action *a, int item, int x)
{
    a->type = GUI_ACT_TOOL;
    a->arg = item;
    a->x = x;
    return true;
}

bool gui_toolview_key(const SDL_KeyboardEvent *k, const gui_state *st, gui_action *a)
{
    SDL_Keycode key = k->keysym.sym;
    bool ctrl = (k->keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0, shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    switch (st->dialog) {
    case GUI_DLG_LIBRARY:
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER || key == SDLK_o) return tool(a, GUI_LIB_OPEN, 0);
        if (key == SDLK_ESCAPE || key == SDLK_b) return tool(a, GUI_LIB_CLOSE, 0);
        if (key == SDLK_DELETE || key == SDLK_d) return tool(a, GUI_LIB_DELETE, 0);
        if ((ctrl && key == SDLK_z) || key == SDLK_u) return tool(a, GUI_LIB_UNDO, 0);
        if (key == SDLK_e || (ctrl && key == SDLK_s)) return tool(a, GUI_LIB_EXPORT, 0);
        if (key == SDLK_UP) return tool(a, GUI_LIB_UP, 0);
        if (key == SDLK_DOWN) return tool(a, GUI_LIB_DOWN, 0);
        return true;   /* nothing else while the list is open */
    case GUI_DLG_EDITOR:
        if (key == SDLK_ESCAPE) return tool(a, GUI_ED_CANCEL, 0);
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER) return tool(a, GUI_ED_PLAY, 0);
        if (key == SDLK_a) return tool(a, GUI_ED_ANALYSE, 0);
        if (key == SDLK_c && !ctrl) return tool(a, GUI_ED_CLEAR, 0);
        if (key == SDLK_s) return tool(a, GUI_ED_START, 0);
        if (key == SDLK_TAB) return tool(a, GUI_ED_SIDE, 0);
        if (key == SDLK_DELETE || key == SDLK_BACKSPACE || key == SDLK_0) return tool(a, GUI_ED_PAL, -1);
        if (ctrl && key == SDLK_c) return tool(a, GUI_TOOL_COPY_FEN, 0);
        return true;
    case GUI_DLG_PASTE:
        if (key == SDLK_y || key == SDLK_RETURN || key == SDLK_KP_ENTER) return tool(a, GUI_PASTE_YES, 0);
        if (key == SDLK_n || key == SDLK_ESCAPE) return tool(a, GUI_PASTE_NO, 0);
        return true;
    case GUI_DLG_NONE:
        break;
    default:
        return false;
    }
    if (ctrl && key == SDLK_c) return tool(a, shift ? GUI_TOOL_COPY_RECORD : GUI_TOOL_COPY_FEN, 0);
    if (ctrl && key == SDLK_v) return tool(a, GUI_TOOL_PASTE, 0);
    if (!ctrl && key == SDLK_b) return tool(a, GUI_TOOL_LIBRARY, 0);
    if (!ctrl && key == SDLK_e) return tool(a, GUI_TOOL_EDITOR, 0);
    if (!ctrl && key == SDLK_k) return tool(a, shift ? GUI_TOOL_EDGE : GUI_TOOL_NOTATION, 0);
    return false;
}

bool gui_toolview_click(const gui_layout *L, const gui_state *st, int x, int y, gui_action *a)
{
    if (st->dialog == GUI_DLG_LIBRARY && st->lib) {
        gui_lib_layout B;
        gui_layout_library(L, &B);
        static const int item[GUI_LIB_BTNS] = {GUI_LIB_OPEN, GUI_LIB_EXPORT, GUI_LIB_DELETE, GUI_LIB_UNDO, GUI_LIB_CLOSE};
        for (int i = 0; i < GUI_LIB_BTNS; i++)
            if (gui_in_rect(&B.button[i], x, y)) return tool(a, item[i], 0);
        if (gui_in_rect(&B.list, x, y)) {
            int row = st->lib->scroll + (y - B.list.y) / B.row_h;
            if (row < st->lib->n) return tool(a, GUI_LIB_ROW, row);
        }
        return true;
    }
    if (st->dialog == GUI_DLG_EDITOR && st->ed) {
        gui_ed_layout E;
        gui_layout_editor(L, st->ed->npal, &E);
        if (!gui_in_rect(&E.area, x, y)) {
            int sq = gui_layout_hit(L, x, y);
            if (sq >= 0) return tool(a, GUI_ED_SQ, sq);
            return true;
        }
        int p = palette_at(&E, st->ed, x, y);
        if (p >= -1) return tool(a, GUI_ED_PAL, p);
        for (int s = 0; s < 2; s++)
            if (gui_in_rect(&E.side[s], x, y) && s != st->ed->side) return tool(a, GUI_ED_SIDE, s);
        static const int item[GUI_ED_BTNS] = {GUI_ED_CLEAR, GUI_ED_START, GUI_ED_PLAY, GUI_ED_ANALYSE, GUI_ED_CANCEL};
        for (int i = 0; i < GUI_ED_BTNS; i++)
            if (gui_in_rect(&E.button[i], x, y)) return tool(a, item[i], 0);
        return true;
    }
    if (st->dialog == GUI_DLG_PASTE) {
        SDL_Rect card, yes, no;
        gui_layout_dialog(L, 4, &card, &yes, &no);
        if (gui_in_rect(&yes, x, y)) return tool(a, GUI_PASTE_YES, 0);
        if (gui_in_rect(&no, x, y)) return tool(a, GUI_PASTE_NO, 0);
        return true;
    }
    return false;
}

void gui_tools_move_words(const gui_state *st, qp_move m, char *buf, size_t n)
{
    const qp_rules *r = st->r;
    char t[QP_MOVE_TEXT], w[64] = "";
    r->rs->move_text(r, st->g.cur, m, t, sizeof t);
    if (r->rs->move_notation && !st->coords && st->cjk) r->rs->move_notation(r, st->g.cur, m, w, sizeof w);
    if (w[0]) snprintf(buf, n, "%s %s", w, t);
    else snprintf(buf, n, "%s", t);
}

/* ---- drawing ------------------------------------------------------------ */

static void button(gui_draw_ctx *d, const gui_layout *L, const SDL_Rect *R, const char *label, bool primary,
                   bool enabled)
{
    SDL_Color bg = !enabled ? GUI_C(200, 188, 170, 255) : primary ? GUI_C(178, 60, 40, 255) : GUI_C(120, 104, 90, 255);
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, bg);
    SDL_Rect in = {R->x + 3, R->y, R->w - 6, R->h};
    gui_text_box(&d->fonts, label, L->font_small, true, GUI_C(255, 250, 240, 255), in, GUI_HCENTER | GUI_VCENTER, 0);
}

static void card(gui_draw_ctx *d, const gui_layout *L, const SDL_Rect *c)
{
    gui_fill_rect(&d->gfx, 0, 0, (float)L->W, (float)L->H, GUI_C(0, 0, 0, 140));
    gui_round_rect(&d->gfx, c->x + 3.0f, c->y + 6.0f, (float)c->w, (float)c->h, 10 * L->ui, GUI_C(0, 0, 0, 90));
    gui_round_rect(&d->gfx, (float)c->x, (float)c->y, (float)c->w, (float)c->h, 10 * L->ui, GUI_CARD);
}

static void draw_library(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const gui_libview *v = st->lib;
    gui_lib_layout B;
    char a[300], b[300];
    gui_layout_library(L, &B);
    card(d, L, &B.card);
    snprintf(b, sizeof b, "Library: %d finished game%s", v->n, v->n == 1 ? "" : "s");
    snprintf(a, sizeof a, "棋谱库 %d局", v->n);
    char t[320];
    gui_text_box(f, gui_bi(f, t, sizeof t, a, b), L->font_title, true, GUI_CARD_TEXT, B.title, GUI_LEFT, 0);
    gui_round_rect(&d->gfx, (float)B.list.x, (float)B.list.y, (float)B.list.w, (float)B.list.h, 5 * L->ui,
                   GUI_C(236, 226, 206, 255));
    SDL_RenderSetClipRect(d->gfx.ren, &B.list);
    if (v->n == 0) {
        SDL_Rect in = {B.list.x + iround(8 * L->ui), B.list.y, B.list.w - iround(16 * L->ui), B.row_h};
        gui_text_box(f, gui_bi(f, a, sizeof a, "还没有下完的棋局", "No finished game yet"), L->font_small, false,
                     GUI_CARD_TEXT, in, GUI_LEFT | GUI_VCENTER, 0);
    }
    for (int k = 0; k < B.rows && v->scroll + k < v->n; k++) {
        int i = v->scroll + k;
        const qp_library_entry *e = &v->e[i];
        int ry = B.list.y + k * B.row_h;
        if (i == v->sel) gui_fill_rect(&d->gfx, (float)B.list.x, (float)ry, (float)B.list.w, (float)B.row_h,
                                       GUI_C(210, 190, 160, 255));
        snprintf(a, sizeof a, "%s   %s   %s   %d %s", e->date, e->result, e->ruleset, e->plies, e->plies == 1 ? "ply" : "plies");
        SDL_Rect in = {B.list.x + iround(8 * L->ui), ry, B.list.w - iround(16 * L->ui), B.row_h};
        gui_text_box(f, a, L->font_small, i == v->sel, GUI_CARD_TEXT, in, GUI_LEFT | GUI_VCENTER, 0);
    }
    SDL_RenderSetClipRect(d->gfx.ren, NULL);
    if (v->sel >= 0 && v->sel < v->n) {
        const qp_library_entry *e = &v->e[v->sel];
        snprintf(a, sizeof a, "%s \xE2\x80\x93 %s%s%s   %s", e->white, e->black, e->reason[0] ? ": " : "", e->reason,
                 e->file);
        gui_text_box(f, a, L->font_small, false, GUI_C(110, 90, 70, 255), B.detail, GUI_LEFT, GUI_FIT_WRAP);
    }
    bool any = v->n > 0;
    button(d, L, &B.button[GUI_LIB_BTN_OPEN], gui_bi(f, a, sizeof a, "打开", "Open"), true, any);
    button(d, L, &B.button[GUI_LIB_BTN_EXPORT], gui_bi(f, b, sizeof b, "另存", "Export"), false, any);
    button(d, L, &B.button[GUI_LIB_BTN_DELETE], gui_bi(f, a, sizeof a, "删除", "Delete"), false, any);
    button(d, L, &B.button[GUI_LIB_BTN_UNDO], gui_bi(f, b, sizeof b, "撤销", "Undo"), false, v->deleted[0] != 0);
    button(d, L, &B.button[GUI_LIB_BTN_CLOSE], gui_bi(f, a, sizeof a, "关闭", "Close"), false, true);
}

static void draw_editor(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const gui_editor *ed = st->ed;
    gui_ed_layout E;
    char a[300], b[300];
    gui_layout_editor(L, ed->npal, &E);
    gui_fill_rect(&d->gfx, (float)E.area.x, (float)E.area.y, (float)E.area.w, (float)E.area.h, GUI_PANEL);
    gui_text_box(f, gui_bi(f, a, sizeof a, "摆棋", "Set up a position"), L->font_title, true, GUI_TEXT, E.title,
                 GUI_LEFT | GUI_VCENTER, 0);
    /* the palette, the chosen tool framed */
    int col[2] = {0, 0};
    float k = E.pal_cell / (L->piece_r * 2.3f);
    for (int i = 0; i <= ed->npal; i++) {
        bool eraser = i == ed->npal;
        int row = eraser ? 0 : ed->pal[i].side == 0 ? 0 : 1;
        int c = col[row]++;
        float cx = E.pal_x + (c + 0.5f) * E.pal_cell, cy = E.pal_y + (row + 0.5f) * E.pal_cell;
        bool chosen = eraser ? ed->tool < 0 : ed->tool == i;
        if (chosen)
            gui_round_rect(&d->gfx, cx - E.pal_cell / 2.0f + 1, cy - E.pal_cell / 2.0f + 1, E.pal_cell - 2.0f,
                           E.pal_cell - 2.0f, 5 * L->ui, GUI_C(200, 160, 60, 255));
        if (eraser) {
            SDL_Rect in = {(int)(cx - E.pal_cell / 2.0f), (int)(cy - E.pal_cell / 2.0f), E.pal_cell, E.pal_cell};
            gui_text_box(f, "\xE2\x9C\x95", L->font_text, true, GUI_TEXT, in, GUI_HCENTER | GUI_VCENTER, 0);
        } else {
            gui_board_piece(d, L, st->r, &ed->pal[i], (int)cx, (int)cy, st->pieces, k);
        }
    }
    gui_text_box(f, gui_bi(f, a, sizeof a, "轮到", "To move"), L->font_small, false, GUI_TEXT_DIM, E.side_label,
                 GUI_LEFT | GUI_VCENTER, 0);
    for (int s = 0; s < 2; s++) {
        bool on = ed->side == s, can = s < st->r->nsides;
        gui_side_bi(f, st->r, s, a, sizeof a);
        SDL_Color bg = on ? GUI_C(178, 60, 40, 255) : GUI_BUTTON;
        gui_round_rect(&d->gfx, (float)E.side[s].x, (float)E.side[s].y, (float)E.side[s].w, (float)E.side[s].h,
                       6 * L->ui, bg);
        SDL_Rect in = {E.side[s].x + 3, E.side[s].y, E.side[s].w - 6, E.side[s].h};
        if (can) gui_text_box(f, a, L->font_small, on, GUI_TEXT, in, GUI_HCENTER | GUI_VCENTER, 0);
    }
    static const char *const zh[GUI_ED_BTNS] = {"清空", "开局", "对弈", "分析", "取消"};
    static const char *const en[GUI_ED_BTNS] = {"Clear", "Start", "Play", "Analyse", "Cancel"};
    for (int i = 0; i < GUI_ED_BTNS; i++)
        button(d, L, &E.button[i], gui_bi(f, b, sizeof b, zh[i], en[i]), i == GUI_ED_BTN_PLAY,
               i != GUI_ED_BTN_ANALYSE || st->engine_ok);
    if (ed->err[0] && E.msg.h > 0)
        gui_text_box(f, ed->err, L->font_small, false, GUI_C(255, 120, 100, 255), E.msg, GUI_LEFT, GUI_FIT_WRAP);
    else if (E.msg.h > 0)
        gui_text_box(f, gui_bi(f, a, sizeof a, "点棋子再点棋盘；再点一次移除", "Pick a piece, click points; again removes"),
                     L->font_small, false, GUI_TEXT_DIM, E.msg, GUI_LEFT, GUI_FIT_WRAP);
}

static void draw_paste(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    SDL_Rect c, yes, no;
    char a[300], b[300];
    gui_layout_dialog(L, 4, &c, &yes, &no);
    card(d, L, &c);
    int pad = iround(22 * L->ui);
    SDL_Rect t = {c.x + pad, c.y + pad, c.w - 2 * pad, iround(L->font_title * 1.5f)};
    gui_text_box(f, gui_bi(f, a, sizeof a, "替换当前棋局？", "Replace the game in progress?"), L->font_title, true,
                 GUI_CARD_TEXT, t, GUI_LEFT, 0);
    SDL_Rect w = {t.x, t.y + t.h, t.w, iround(L->font_text * 1.5f)};
    gui_text_box(f, st->paste_what, L->font_text, false, GUI_CARD_TEXT, w, GUI_LEFT, 0);
    SDL_Rect k = {t.x, w.y + w.h, t.w, yes.y - w.y - w.h - iround(6 * L->ui)};
    gui_text_box(f, gui_bi(f, b, sizeof b, "当前棋局另存。", "The game in progress is kept aside, in a file the message names."),
                 L->font_small, false, GUI_C(110, 90, 70, 255), k, GUI_LEFT, GUI_FIT_WRAP);
    button(d, L, &yes, gui_bi(f, a, sizeof a, "替换", "Replace (Y)"), true, true);
    button(d, L, &no, gui_bi(f, b, sizeof b, "取消", "Cancel (N)"), false, true);
}

bool gui_toolview_draw(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    if (st->dialog == GUI_DLG_LIBRARY && st->lib) draw_library(d, L, st);
    else if (st->dialog == GUI_DLG_EDITOR && st->ed) draw_editor(d, L, st);
    else if (st->dialog == GUI_DLG_PASTE) draw_paste(d, L, st);
    else return st->dialog == GUI_DLG_LIBRARY || st->dialog == GUI_DLG_EDITOR;
    return true;
}
