/*
 * gui_picker.c — the choice among the moves a click completes (see
 * gui_picker.h).
 */
#include "gui_picker.h"

#include "gui_board.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int iround(float v) { return (int)lroundf(v); }
static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

void gui_layout_picker(const gui_layout *L, const gui_state *st, gui_picker_layout *P)
{
    memset(P, 0, sizeof *P);
    float u = L->ui;
    int n = imin(st->nchoice, GUI_MAX_CHOICE);
    int pad = iround(12 * u), gap = iround(8 * u);
    int title_h = iround(L->font_text * 1.6f), bh = iround(32 * u);
    int room = L->W - 2 * pad - iround(16 * u);   /* the widest the items may be */
    int iw, ih;
    P->n = n;
    P->pieces = st->choice_kinds;
    if (P->pieces) {
        /* a piece a little larger than on the board, its name below */
        P->cell = imax(L->cell, iround(58 * u));
        iw = P->cell;
        ih = P->cell + iround(L->font_small * 1.5f);
    } else {
        iw = iround(150 * u);
        ih = bh;
    }
    int cols = imax(1, imin(n, (room + gap) / (iw + gap)));
    if (!P->pieces) cols = imin(cols, n <= 4 ? 1 : 2);   /* move texts read best in a column */
    int rows = (n + cols - 1) / imax(1, cols);
    int cw = imax(cols * iw + (cols - 1) * gap, iround(220 * u)) + 2 * pad;
    int ch = pad + title_h + rows * ih + (rows - 1) * gap + gap + bh + pad;
    cw = imin(cw, L->W);
    ch = imin(ch, L->H);
    /* beside the move: below its points when the clicked one is in the
     * board's upper half, above them in the lower, so the piece moving
     * and where it goes stay in view */
    int px = L->W / 2, py = L->H / 2;
    if (st->choice_sq >= 0 && st->choice_sq < QP_MAX_POINTS) gui_layout_point(L, st->choice_sq, &px, &py);
    int top = py, bottom = py;
    for (int i = 0; i < st->nsel; i++) {
        int sx, sy;
        gui_layout_point(L, st->sel[i], &sx, &sy);
        top = imin(top, sy);
        bottom = imax(bottom, sy);
    }
    int half = L->cell / 2 + iround(6 * u);
    int y = py < L->board.y + L->board.h / 2 ? bottom + half : top - half - ch;
    int x = px - cw / 2;
    if (cw <= L->board.w) x = imax(L->board.x, imin(x, L->board.x + L->board.w - cw));   /* over the board */
    x = imax(0, imin(x, L->W - cw));
    y = imax(0, imin(y, L->H - ch));
    P->card = (SDL_Rect){x, y, cw, ch};
    P->title = (SDL_Rect){x + pad, y + pad, cw - 2 * pad, title_h};
    int gx = x + (cw - (cols * iw + (cols - 1) * gap)) / 2, gy = y + pad + title_h;
    for (int i = 0; i < n; i++)
        P->item[i] = (SDL_Rect){gx + (i % cols) * (iw + gap), gy + (i / cols) * (ih + gap), iw, ih};
    int cbw = iround(150 * u);
    P->cancel = (SDL_Rect){x + (cw - cbw) / 2, y + ch - pad - bh, cbw, bh};
}

static bool choose(gui_action *a, int i)
{
    a->type = GUI_ACT_CHOOSE;
    a->arg = i;
    return true;
}

bool gui_picker_key(const SDL_KeyboardEvent *k, const gui_state *st, gui_action *a)
{
    if (st->dialog != GUI_DLG_CHOOSE) return false;
    SDL_Keycode key = k->keysym.sym;
    if (key == SDLK_ESCAPE) return choose(a, -1);
    if (key >= SDLK_KP_1 && key <= SDLK_KP_9) key = '1' + (key - SDLK_KP_1);
    int i = key > 0 && key < 128 ? gui_state_choice_key(st, (int)key) : -1;
    if (i >= 0) return choose(a, i);
    return true;   /* nothing else while the choice is open */
}

bool gui_picker_click(const gui_layout *L, const gui_state *st, int x, int y, gui_action *a)
{
    if (st->dialog != GUI_DLG_CHOOSE) return false;
    gui_picker_layout P;
    gui_layout_picker(L, st, &P);
    for (int i = 0; i < P.n; i++)
        if (gui_in_rect(&P.item[i], x, y)) return choose(a, i);
    if (gui_in_rect(&P.cancel, x, y) || !gui_in_rect(&P.card, x, y)) return choose(a, -1);
    return true;   /* the card's margin: nothing */
}

bool gui_picker_draw(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    if (st->dialog != GUI_DLG_CHOOSE) return false;
    gui_fonts *f = &d->fonts;
    gui_picker_layout P;
    char a[160], b[160];
    gui_layout_picker(L, st, &P);
    const SDL_Rect *c = &P.card;
    gui_round_rect(&d->gfx, c->x + 3.0f, c->y + 6.0f, (float)c->w, (float)c->h, 10 * L->ui, GUI_C(0, 0, 0, 110));
    gui_round_rect(&d->gfx, (float)c->x, (float)c->y, (float)c->w, (float)c->h, 10 * L->ui, GUI_CARD);
    const char *title = !P.pieces             ? gui_bi(f, a, sizeof a, "选择着法", "Which move?")
                        : st->choice_promotes ? gui_bi(f, a, sizeof a, "升变为", "Promote to")
                                              : gui_bi(f, a, sizeof a, "选择棋子", "Which piece?");
    gui_text_box(f, title, L->font_text, true, GUI_CARD_TEXT, P.title, GUI_HCENTER | GUI_VCENTER, 0);
    for (int i = 0; i < P.n; i++) {
        const gui_choice *ch = &st->choice[i];
        const SDL_Rect *R = &P.item[i];
        bool hot = st->hover_choice == i;
        gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui,
                       hot ? GUI_C(236, 214, 170, 255) : GUI_C(226, 210, 182, 255));
        char key = (char)toupper((unsigned char)ch->key);
        if (P.pieces) {
            float k = P.cell * 0.92f / (2.5f * L->piece_r + 2);   /* a sprite is 2.5 radii wide */
            gui_board_piece(d, L, st->r, &ch->piece, R->x + R->w / 2, R->y + P.cell / 2, st->pieces, k);
            const char *name = gui_piece_name(&ch->piece, false);
            char en[48], label[96];
            snprintf(en, sizeof en, "%s", name);
            if (en[0]) en[0] = (char)toupper((unsigned char)en[0]);
            if (en[0]) snprintf(label, sizeof label, "%s (%c)", en, key);
            else snprintf(label, sizeof label, "%c", key);
            SDL_Rect lb = {R->x + 2, R->y + P.cell, R->w - 4, R->h - P.cell};
            gui_text_box(f, label, L->font_small, false, GUI_CARD_TEXT, lb, GUI_HCENTER | GUI_VCENTER, 0);
        } else {
            if (key) snprintf(b, sizeof b, "%c   %s", key, ch->text);
            else snprintf(b, sizeof b, "%s", ch->text);
            SDL_Rect in = {R->x + 6, R->y, R->w - 12, R->h};
            gui_text_box(f, b, L->font_text, false, GUI_CARD_TEXT, in, GUI_HCENTER | GUI_VCENTER, 0);
        }
    }
    const SDL_Rect *R = &P.cancel;
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, GUI_C(120, 104, 90, 255));
    gui_text_fit(f, gui_bi(f, a, sizeof a, "取消", "Cancel (Esc)"), L->font_text, true, GUI_C(255, 250, 240, 255),
                 R->x + R->w / 2.0f, R->y + R->h / 2.0f, GUI_HCENTER | GUI_VCENTER, R->w - 6);
    return true;
}
