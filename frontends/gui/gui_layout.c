/*
 * gui_layout.c — geometry of the window from its size (see gui_layout.h).
 */
#include "gui_layout.h"

#include <math.h>

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }
static int iround(float v) { return (int)floorf(v + 0.5f); }

static SDL_Rect rect(int x, int y, int w, int h)
{
    SDL_Rect r = {x, y, imax(w, 0), imax(h, 0)};
    return r;
}

/* Fits the board into area: the cell size is a whole number of pixels and
 * there is room around the outer lines for pieces and coordinates. */
#define HEX_ROW 0.8660254f   /* rows of hexagons: √3/2 of a cell apart */

/* A hex board: a rhombus of cells, bw + (bh-1)/2 cells wide. */
static void place_hex_board(gui_layout *L, SDL_Rect area)
{
    float pad = 0.62f, frame = 0.12f;
    float span_w = L->bw + (L->bh - 1) * 0.5f + 2 * (pad + frame);
    float span_h = (L->bh - 1) * HEX_ROW + 1.16f + 2 * (pad + frame);
    int cell = (int)floorf(fminf(area.w / span_w, area.h / span_h));
    if (cell < 4) cell = 4;
    L->cell = cell;
    int gw = iround((L->bw + (L->bh - 1) * 0.5f) * cell), gh = iround(((L->bh - 1) * HEX_ROW + 1.16f) * cell);
    int gx = area.x + (area.w - gw) / 2, gy = area.y + (area.h - gh) / 2;
    L->ox = gx + cell / 2;
    L->oy = gy + iround(0.58f * cell);
    int m = iround(pad * cell);
    L->board = rect(gx - m, gy - m, gw + 2 * m, gh + 2 * m);
    L->line_w = imax(1, iround(cell / 40.0f));
    L->border_w = imax(2, iround(cell / 17.0f));
    L->piece_r = 0.40f * cell;
    L->font_glyph = imax(6, iround(L->piece_r * 1.18f));
    L->font_coord = imax(7, imin(iround(cell * 0.27f), iround(22 * L->ui)));
}

static void place_board(gui_layout *L, SDL_Rect area)
{
    if (L->hex) {
        place_hex_board(L, area);
        return;
    }
    bool points = L->kind == QP_BOARD_POINTS;
    /* Span of the wooden board in cells: the grid plus a margin that holds
     * half a piece and a coordinate label. */
    float pad = points ? 0.95f : 0.62f, frame = 0.12f;
    float span_w = (float)(points ? L->bw - 1 : L->bw) + 2 * (pad + frame);
    float span_h = (float)(points ? L->bh - 1 : L->bh) + 2 * (pad + frame);
    int cell = (int)floorf(fminf(area.w / span_w, area.h / span_h));
    if (cell < 4) cell = 4;
    L->cell = cell;
    int gw = (points ? L->bw - 1 : L->bw) * cell, gh = (points ? L->bh - 1 : L->bh) * cell;
    int gx = area.x + (area.w - gw) / 2, gy = area.y + (area.h - gh) / 2;
    L->ox = points ? gx : gx + cell / 2;
    L->oy = points ? gy : gy + cell / 2;
    int m = iround(pad * cell);
    L->board = rect(gx - m, gy - m, gw + 2 * m, gh + 2 * m);
    L->line_w = imax(1, iround(cell / 40.0f));
    L->border_w = imax(2, iround(cell / 17.0f));
    L->piece_r = points ? 0.455f * cell : 0.42f * cell;
    L->font_glyph = imax(6, iround(L->piece_r * 1.18f));
    L->font_coord = imax(7, imin(iround(cell * 0.27f), iround(22 * L->ui)));
}

static void place_buttons(gui_layout *L, SDL_Rect area, int cols, int gap)
{
    int rows = (GUI_BTN_MAIN + cols - 1) / cols;
    int bw = (area.w - (cols - 1) * gap) / cols;
    int bh = (area.h - (rows - 1) * gap) / rows;
    for (int i = 0; i < GUI_BTN_MAIN; i++) {
        int c = i % cols, r = i / cols;
        L->button[i] = rect(area.x + c * (bw + gap), area.y + r * (bh + gap), bw, bh);
    }
}

/* Heights of the panel's boxes, from the fonts: the status holds its
 * first line and two of the second (an exchange prompt wraps); the
 * thinking box a summary and two lines of the best line over the
 * evaluation bar; the message two lines (a kept-as path wraps). */
static int status_h(const gui_layout *L) { return iround(L->font_text * 1.6f + 2 * L->font_small * 1.35f); }
static int think_h(const gui_layout *L) { return iround(L->font_small * (0.62f + 3 * 1.45f) + 14 * L->ui); }
static int msg_h(const gui_layout *L) { return iround(2 * L->font_small * 1.35f); }

/* The panel's column of boxes, top to bottom; the move list takes what is
 * left.  Returns the bottom of the last box. */
static int stack_info(gui_layout *L, SDL_Rect col, int gap, bool with_moves, int bottom)
{
    int y = col.y;
    L->title = rect(col.x, y, col.w, iround(L->font_title * 1.55f));
    y += L->title.h + gap / 2;
    L->status = rect(col.x, y, col.w, status_h(L));
    y += L->status.h + gap;
    L->clocks = rect(col.x, y, col.w, iround(L->font_text * 3.7f));
    y += L->clocks.h + gap;
    L->think = rect(col.x, y, col.w, think_h(L));
    y += L->think.h;
    if (with_moves) L->moves = rect(col.x, y + gap, col.w, bottom - y - gap);
    return y;
}

void gui_layout_compute(gui_layout *L, const qp_geom *g, int W, int H, bool flip)
{
    W = imax(W, 64);
    H = imax(H, 64);
    L->W = W;
    L->H = H;
    L->bw = g->w;
    L->bh = g->h;
    L->kind = g->kind;
    L->hex = g->hex;
    L->flip = flip;
    L->wide = W * 100 >= H * 105;
    /* The panel's text scales with the smaller of the picture's width and
     * height (against 1000×760, or 760×1000 standing), and the panel grows
     * with it, so a bigger window never has more text in the same room. */
    float u = L->wide ? fminf(H / 760.0f, W / 1000.0f) : fminf(W / 760.0f, H / 1000.0f);
    if (u < 0.62f) u = 0.62f;
    if (u > 4.0f) u = 4.0f;
    L->ui = u;
    int pad = iround(14 * u), gap = iround(8 * u);
    L->font_small = imax(8, iround(13 * u));
    L->font_text = imax(9, iround(15 * u));
    L->font_title = imax(10, iround(19 * u));
    L->font_button = imax(8, iround(14 * u));
    L->row_h = iround(L->font_text * 1.5f);

    /* A phone upright: the width decides a finger's room, as the layout
     * knows pixels, not the screen's density; the labels grow with it. */
    L->touch = !L->wide && H * 10 >= W * 16 ? W / 8 : 0;
    if (L->touch) L->font_button = imax(L->font_button, iround(L->touch * 0.29f));

    SDL_Rect board_area;
    int btn_cols = L->wide || L->touch ? 5 : 7;
    int btn_rows = (GUI_BTN_MAIN + btn_cols - 1) / btn_cols;
    int bh = imax(iround(34 * u), L->touch);
    int btn_h = btn_rows * bh + (btn_rows - 1) * gap;
    if (L->wide) {
        /* a third of the width, within 320..460 at the scale of the text */
        int pw = imin(imax(iround(W * 0.32f), iround(320 * u)), iround(460 * u));
        pw = imin(pw, W / 2);
        L->panel = rect(W - pw, 0, pw, H);
        board_area = rect(pad / 2, pad / 2, W - pw - pad, H - pad);
    } else {
        /* below the board: as tall as its left column needs (title down to
         * the thinking box, then the message and the buttons) */
        int info = iround(L->font_title * 1.55f) + gap / 2 + status_h(L) + gap + iround(L->font_text * 3.7f) + gap +
                   think_h(L);
        int need = 2 * pad + info + gap + msg_h(L) + gap + btn_h;
        int ph = imin(imax(iround(H * 0.36f), need), H / 2);
        L->panel = rect(0, H - ph, W, ph);
        board_area = rect(pad / 2, pad / 2, W - pad, H - ph - pad);
    }
    place_board(L, board_area);

    SDL_Rect in = rect(L->panel.x + pad, L->panel.y + pad, L->panel.w - 2 * pad, L->panel.h - 2 * pad);
    SDL_Rect btns = rect(in.x, in.y + in.h - btn_h, in.w, btn_h);
    place_buttons(L, btns, btn_cols, gap);
    L->msg = rect(in.x, btns.y - gap - msg_h(L), in.w, msg_h(L));
    int bottom = L->msg.y - gap;
    if (L->wide) {
        stack_info(L, in, gap, true, bottom);
    } else {
        int half = (in.w - gap) / 2;
        stack_info(L, rect(in.x, in.y, half, bottom - in.y), gap, false, bottom);
        L->moves = rect(in.x + half + gap, in.y, in.w - half - gap, bottom - in.y);
    }
    /* The review strip (first, previous, next, last) under the move list. */
    int nh = imax(iround(26 * u), L->touch), nw = (L->moves.w - 3 * gap / 2) / 4;
    L->moves.h = imax(0, L->moves.h - nh - gap / 2);
    for (int k = 0; k < 4; k++)
        L->button[GUI_BTN_FIRST + k] = rect(L->moves.x + k * (nw + gap / 2), L->moves.y + L->moves.h + gap / 2, nw, nh);
}

void gui_layout_point(const gui_layout *L, int sq, int *x, int *y)
{
    int f = sq % L->bw, r = sq / L->bw;
    int col = L->flip ? L->bw - 1 - f : f;
    int row = L->flip ? r : L->bh - 1 - r;
    if (L->hex) {
        *x = L->ox + iround((col + (L->bh - 1 - row) * 0.5f) * L->cell);
        *y = L->oy + iround(row * HEX_ROW * L->cell);
        return;
    }
    *x = L->ox + col * L->cell;
    *y = L->oy + row * L->cell;
}

int gui_layout_hit(const gui_layout *L, int x, int y)
{
    if (L->hex) {   /* the nearest centre, if inside its cell */
        int best = -1;
        long bd = 0;
        for (int sq = 0; sq < L->bw * L->bh; sq++) {
            int cx, cy;
            gui_layout_point(L, sq, &cx, &cy);
            long d = (long)(cx - x) * (cx - x) + (long)(cy - y) * (cy - y);
            if (best < 0 || d < bd) best = sq, bd = d;
        }
        return bd * 4 <= (long)L->cell * L->cell ? best : -1;
    }
    float fc = (float)(x - L->ox) / (float)L->cell, fr = (float)(y - L->oy) / (float)L->cell;
    int col = iround(fc), row = iround(fr);
    if (col < 0 || row < 0 || col >= L->bw || row >= L->bh) return -1;
    /* Within a piece's radius (a bit more) of the point, not between points. */
    float dx = fc - col, dy = fr - row;
    if (dx * dx + dy * dy > 0.5f * 0.5f && L->kind == QP_BOARD_POINTS) return -1;
    int f = L->flip ? L->bw - 1 - col : col;
    int r = L->flip ? row : L->bh - 1 - row;
    return r * L->bw + f;
}

int gui_layout_button_at(const gui_layout *L, int x, int y)
{
    for (int i = 0; i < GUI_NBUTTONS; i++)
        if (gui_in_rect(&L->button[i], x, y)) return i;
    return -1;
}

const char *gui_layout_button_name(int b)
{
    static const char *const names[GUI_NBUTTONS] = {
        "new", "undo", "redo", "resign", "save", "load", "flip", "mode", "level", "sound",
        "help", "quit", "hint", "analyze", "settings", "first", "prev", "next", "last"};
    return b >= 0 && b < GUI_NBUTTONS ? names[b] : NULL;
}

void gui_layout_dialog(const gui_layout *L, int lines, SDL_Rect *card, SDL_Rect *yes, SDL_Rect *no)
{
    float u = L->ui;
    int w = imin(iround(620 * u), L->W - iround(40 * u));
    int line = iround(L->font_text * 1.45f);
    int bh = imax(iround(36 * u), L->touch), pad = iround(22 * u);
    int h = imin(pad * 3 + lines * line + bh, L->H - iround(30 * u));
    *card = rect((L->W - w) / 2, (L->H - h) / 2, w, h);
    int bw = iround(150 * u), gap = iround(16 * u);
    int by = card->y + card->h - pad - bh;
    *yes = rect(card->x + card->w / 2 - gap / 2 - bw, by, bw, bh);
    *no = rect(card->x + card->w / 2 + gap / 2, by, bw, bh);
}

int gui_layout_move_rows(const gui_layout *L)
{
    int inner = L->moves.h - 2 * iround(6 * L->ui);
    return imax(1, inner / imax(1, L->row_h));
}

int gui_layout_move_row_at(const gui_layout *L, int scroll, int x, int y)
{
    if (!gui_in_rect(&L->moves, x, y)) return -1;
    int top = L->moves.y + iround(6 * L->ui);
    if (y < top) return -1;
    int k = (y - top) / imax(1, L->row_h);
    if (k >= gui_layout_move_rows(L)) return -1;
    return scroll + k;
}

void gui_layout_newgame(const gui_layout *L, gui_ng_layout *N)
{
    float u = L->ui;
    int pad = iround(22 * u), title = iround(40 * u), gap = iround(8 * u);
    int rh = imax(iround(40 * u), L->touch + gap), bh = imax(iround(36 * u), L->touch);   /* a finger's height */
    int w = imin(iround(660 * u), L->W - iround(20 * u));
    int h = imin(pad * 2 + title + GUI_NG_ROWS * rh + gap + bh + (gap + bh) /* Host, Join */, L->H - iround(10 * u));
    N->card = rect((L->W - w) / 2, (L->H - h) / 2, w, h);
    N->row_h = rh;
    N->label_x = N->card.x + pad;
    int x0 = N->card.x + pad + iround(140 * u), x1 = N->card.x + w - pad, avail = x1 - x0;
    N->value_x = x0;
    int bw = iround(34 * u), ih = rh - gap;
    for (int r = 0; r < GUI_NG_ROWS; r++) N->row_y[r] = N->card.y + pad + title + r * rh;
#define ROW(r) (N->row_y[r] + gap / 2)
    N->item[GUI_NG_GAME_PREV] = rect(x0, ROW(0), bw, ih);
    N->item[GUI_NG_GAME_NEXT] = rect(x1 - bw, ROW(0), bw, ih);
    int sw = imin(iround(130 * u), (avail - gap) / 2);
    N->item[GUI_NG_S0_HUMAN] = rect(x0, ROW(1), sw, ih);
    N->item[GUI_NG_S0_AI] = rect(x0 + sw + gap, ROW(1), sw, ih);
    N->item[GUI_NG_S1_HUMAN] = rect(x0, ROW(2), sw, ih);
    N->item[GUI_NG_S1_AI] = rect(x0 + sw + gap, ROW(2), sw, ih);
    N->item[GUI_NG_LEVEL_DN] = rect(x0, ROW(3), bw, ih);
    N->item[GUI_NG_LEVEL_UP] = rect(x0 + iround(150 * u), ROW(3), bw, ih);
    int tw = (avail - 3 * gap) / 4;
    for (int k = 0; k < 4; k++) N->item[GUI_NG_TC0 + k] = rect(x0 + k * (tw + gap), ROW(4), tw, ih);
    int half = avail / 2;
    N->item[GUI_NG_BASE_DN] = rect(x0, ROW(5), bw, ih);
    N->item[GUI_NG_BASE_UP] = rect(x0 + half - bw - gap, ROW(5), bw, ih);
    N->item[GUI_NG_INC_DN] = rect(x0 + half, ROW(5), bw, ih);
    N->item[GUI_NG_INC_UP] = rect(x1 - bw, ROW(5), bw, ih);
#undef ROW
    int by = N->card.y + h - pad - bh, fw = (w - 2 * pad - 2 * gap) / 3;
    for (int k = 0; k < 3; k++) N->item[GUI_NG_START + k] = rect(N->card.x + pad + k * (fw + gap), by, fw, bh);
    /* network: Host and Join, a row above */
    for (int k = 0; k < 2; k++) N->item[GUI_NG_HOST + k] = rect(N->card.x + pad + k * (fw + gap), by - bh - gap, fw, bh);
}

int gui_layout_newgame_at(const gui_layout *L, int x, int y)
{
    gui_ng_layout N;
    gui_layout_newgame(L, &N);
    for (int i = 0; i < GUI_NG_ITEMS; i++)
        if (gui_in_rect(&N.item[i], x, y)) return i;
    return -1;
}

void gui_layout_settings(const gui_layout *L, SDL_Rect *card, int row_y[GUI_SET_ROWS], int *label_x,
                         SDL_Rect item[GUI_SET_ITEMS])
{
    SDL_Rect yes, no;
    float u = L->ui;
    int pad = iround(22 * u), gap = iround(8 * u), title = iround(40 * u);
    int rh = imax(iround(40 * u), L->touch + gap);   /* a finger's height */
    /* Enough text lines of card that Close sits below the last row (the
     * dialog puts its buttons 2 pads + lines below the card's top). */
    int line = imax(1, iround(L->font_text * 1.45f));
    int lines = (title + GUI_SET_ROWS * rh + iround(12 * u) - pad + line - 1) / line;
    gui_layout_dialog(L, lines, card, &yes, &no);
    int x0 = card->x + pad + iround(170 * u), bw = imin(iround(150 * u), (card->x + card->w - pad - x0 - gap) / 2);
    *label_x = card->x + pad;
    for (int r = 0; r < GUI_SET_ROWS; r++) {
        row_y[r] = card->y + pad + title + r * rh;
        item[2 * r] = rect(x0, row_y[r] + gap / 2, bw, rh - gap);
        item[2 * r + 1] = rect(x0 + bw + gap, row_y[r] + gap / 2, bw, rh - gap);
    }
    item[GUI_SET_CLOSE] = rect(card->x + (card->w - yes.w) / 2, yes.y, yes.w, yes.h);
}

int gui_layout_settings_at(const gui_layout *L, int x, int y)
{
    SDL_Rect card, item[GUI_SET_ITEMS];
    int row_y[GUI_SET_ROWS], lx;
    gui_layout_settings(L, &card, row_y, &lx, item);
    for (int i = 0; i < GUI_SET_ITEMS; i++)
        if (gui_in_rect(&item[i], x, y)) return i;
    return -1;
}

void gui_layout_files(const gui_layout *L, SDL_Rect *card, SDL_Rect *entry, SDL_Rect *list, int *rows,
                      SDL_Rect *yes, SDL_Rect *no)
{
    float u = L->ui;
    gui_layout_dialog(L, GUI_FILE_DLG_LINES, card, yes, no);
    int pad = iround(22 * u);
    int ey = card->y + pad + iround(L->font_title * 1.5f) + iround(10 * u);
    *entry = rect(card->x + pad, ey, card->w - 2 * pad, iround(L->font_text * 1.9f));
    int ly = entry->y + entry->h + iround(8 * u);
    *list = rect(entry->x, ly, entry->w, yes->y - iround(10 * u) - ly);
    *rows = imax(0, list->h / imax(1, L->row_h));
}

int gui_layout_file_row_at(const gui_layout *L, int x, int y)
{
    SDL_Rect card, entry, list, yes, no;
    int rows;
    gui_layout_files(L, &card, &entry, &list, &rows, &yes, &no);
    if (!gui_in_rect(&list, x, y)) return -1;
    int k = (y - list.y) / imax(1, L->row_h);
    return k < rows ? k : -1;
}
