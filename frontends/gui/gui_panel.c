/*
 * gui_panel.c — the side panel (title, status, clocks, thinking, move
 * list, message, buttons) and the modal dialogs (help, resume, save/load).
 * Reads the state, never changes it.
 */
#include "gui_panel.h"
#include "gui_undo.h"

#include "gui_notes.h"
#include "gui_opening.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- side panel ------------------------------------------------------- */

static void fmt_clock(char *buf, size_t n, uint64_t ms)
{
    uint64_t s = ms / 1000;
    if (s >= 3600)
        snprintf(buf, n, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
    else
        snprintf(buf, n, "%02d:%02d", (int)(s / 60), (int)(s % 60));
}

/* "将死 checkmate" (or "checkmate") for an outcome reason or a flag. */
static const char *word_bi(const gui_fonts *f, const char *en, char *buf, size_t n)
{
    return gui_bi(f, buf, n, gui_word_zh(en), en);
}


static void draw_status(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const qp_rules *r = st->r;
    char line[512], a[96], b[96], end_why[192] = "";
    const SDL_Rect *R = &L->status;
    SDL_Color col = GUI_TEXT;

    /* first line: who is to move, or how the game ended (each text in
     * its own buffer: one buffer reused within a call garbled it) */
    if (st->outcome.result != QP_ONGOING) {
        gui_state_banner(st, f->cjk, line, sizeof line, end_why, sizeof end_why);
        col = GUI_C(255, 214, 120, 255);
    } else if (r->nsides < 2) {
        gui_tr(f, line, sizeof line, "Your move");
    } else {
        gui_side_say(f->cjk, r, st->to_move, GUI_SIDE_TO_MOVE, line, sizeof line);
    }
    float y = (float)R->y, tx = (float)R->x, dot = L->font_text * 0.42f;
    if (st->outcome.result == QP_ONGOING && r->nsides > 1) {
        gui_side_badge(d, st, st->to_move, R->x + dot, y + L->font_text * 0.68f, dot);
        tx += dot * 2 + L->font_text * 0.5f;
    }
    gui_text_fit(f, line, L->font_text + 1, true, col, tx, y, GUI_LEFT, R->x + R->w - (int)tx);
    y += L->font_text * 1.6f;

    /* second line: an exchange in progress, the flags, history, a hint */
    line[0] = 0;
    col = GUI_TEXT_DIM;
    if (end_why[0]) {
        snprintf(line, sizeof line, "%s", end_why);
        col = GUI_C(255, 214, 120, 255);
    } else if (st->nsel > 1) {
        /* several own pieces chosen against an enemy piece: an exchange
         * (Zhonggong); else a move of several clicks under way (a jump
         * chain, a shot, a removal) */
        gui_tr(f, line, sizeof line, st->sel_takes ? "Exchange: click the piece to take" : "Go on: click the next point");
        col = GUI_C(150, 200, 255, 255);
    } else if (st->flags && st->outcome.result == QP_ONGOING) {
        const char *const *names = r->flag_names;
        for (int i = 0; names && names[i]; i++) {
            if (!(st->flags >> i & 1u)) continue;
            size_t k = strlen(line);
            snprintf(line + k, sizeof line - k, "%s%s!", k ? "   " : "", word_bi(f, names[i], a, sizeof a));
        }
        col = st->flags & QP_FLAG_CHECK ? GUI_C(255, 110, 100, 255) : GUI_C(255, 190, 90, 255);
    } else if (st->g.cursor < st->g.len) {
        snprintf(b, sizeof b, "Viewing move %d of %d", st->g.cursor, st->g.len);
        snprintf(a, sizeof a, "查看第%d步", st->g.cursor);
        gui_bi(f, line, sizeof line, a, b);
        col = GUI_C(150, 200, 255, 255);
    } else if (st->nsel == 1) {
        gui_tr(f, line, sizeof line, "Click a green mark to move");
    } else if (st->counters[0]) {
        gui_status_say(f->cjk, st->counters, line, sizeof line);   /* what the game's players count */
    }
    /* a loaded record's comment on the position shown, beside what is said */
    const char *note = gui_notes_at(st->notes, gui_notes_agree(st->notes, &st->g), st->g.cursor);
    if (note && !end_why[0] && st->nsel <= 1) {
        size_t k = strlen(line);
        snprintf(line + k, sizeof line - k, "%s\xE2\x9C\x8E %s", k ? "   " : "", note);
        col = GUI_C(200, 220, 170, 255);
    }
    SDL_Rect rest = {R->x, (int)y, R->w, R->y + R->h - (int)y};
    if (line[0]) gui_text_box(f, line, L->font_small, false, col, rest, GUI_LEFT, GUI_FIT_WRAP);
}

static void draw_clocks(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const qp_rules *r = st->r;
    const SDL_Rect *R = &L->clocks;
    int n = r->nsides < 2 ? 1 : 2;
    float rowh = R->h / 2.0f;
    for (int s = 0; s < n; s++) {
        float y = R->y + s * rowh;
        bool active = st->to_move == s && st->outcome.result == QP_ONGOING;
        if (active) gui_round_rect(&d->gfx, (float)R->x, y + 1, (float)R->w, rowh - 2, rowh * 0.25f, GUI_C(80, 68, 58, 255));
        float dot = rowh * 0.2f, cx = R->x + rowh * 0.45f, cy = y + rowh / 2;
        gui_side_badge(d, st, s, cx, cy, dot);
        char name[96], who[64], t[32];
        gui_side_bi(f, r, s, name, sizeof name);
        bool ai = st->engine_ok && (st->ai_mask >> s & 1u);
        char lz[32], le[32];
        snprintf(lz, sizeof lz, "电脑%d级", st->level);
        snprintf(le, sizeof le, "computer L%d", st->level);
        gui_bi(f, who, sizeof who, ai ? lz : "棋手", ai ? le : "player");
        if (st->net.seat >= 0)   /* a network game: which side is whose */
            gui_bi(f, who, sizeof who, s == st->net.seat ? "你" : "对手", s == st->net.seat ? "you" : "opponent");
        float tx = cx + rowh * 0.45f;
        int time_w, name_w;
        gui_text_size(f, "00:00", L->font_text + 1, true, &time_w, NULL);
        int room = (int)(R->x + R->w - rowh * 0.3f - time_w - 8 * L->ui - tx);
        SDL_Rect nb = {(int)tx, (int)y, room, (int)rowh};
        gui_text_box(f, name, L->font_text, active, active ? GUI_TEXT : GUI_TEXT_DIM, nb, GUI_LEFT | GUI_VCENTER, 0);
        gui_text_size(f, name, L->font_text, active, &name_w, NULL);
        int gap = (int)(L->font_text * 0.6f);
        SDL_Rect wb = {nb.x + name_w + gap, nb.y, room - name_w - gap, nb.h};
        if (wb.w > L->font_small * 3)
            gui_text_box(f, who, L->font_small, false, GUI_TEXT_DIM, wb, GUI_LEFT | GUI_VCENTER, 0);
        SDL_Color tc = active ? GUI_TEXT : GUI_TEXT_DIM;
        if (st->tc.kind != GUI_TC_NONE) {
            int64_t left = st->left_ms[s] > 0 ? st->left_ms[s] : 0;
            if (left < 10000) {   /* the last seconds in tenths, in red */
                snprintf(t, sizeof t, "%d.%d", (int)(left / 1000), (int)(left / 100 % 10));
                tc = GUI_C(255, 110, 100, 255);
            } else {
                fmt_clock(t, sizeof t, (uint64_t)(left + 999));
            }
        } else {
            fmt_clock(t, sizeof t, st->clock_ms[s]);
        }
        gui_text(f, t, L->font_text + 1, true, tc, (float)(R->x + R->w - rowh * 0.3f), cy, GUI_RIGHT | GUI_VCENTER, 0);
    }
}

static void score_text(char *buf, size_t n, const gui_think *t)
{
    if (t->mate) snprintf(buf, n, "%s%d", t->mate_plies > 0 ? "#" : "#-", (abs(t->mate_plies) + 1) / 2);
    else snprintf(buf, n, "%+.2f", t->score / 100.0);
}

/* The evaluation bar along the bottom of the thinking box: the first
 * side's share from the left in its colour, the second side's in ivory
 * from the right; even is the middle.  Scores saturate smoothly (tanh), mates fill. */
static void draw_eval_bar(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, const gui_think *t)
{
    const SDL_Rect *R = &L->think;
    float pad = 8 * L->ui, h = fmaxf(4.0f, 6 * L->ui);
    float x = R->x + pad, w = R->w - 2 * pad, y = R->y + R->h - h - 3 * L->ui;
    int sign = st->to_move == 0 ? 1 : -1;   /* the score is the side to move's view */
    float share;
    if (t->mate) share = (t->mate_plies > 0) == (sign > 0) ? 1.0f : 0.0f;
    else share = 0.5f + 0.5f * tanhf((float)(sign * t->score) / 500.0f);
    gui_fill_rect(&d->gfx, x, y, w, h, GUI_C(226, 214, 194, 255));
    gui_fill_rect(&d->gfx, x, y, w * share, h, gui_side_colour(st->r, 0));
    gui_fill_rect(&d->gfx, x + w / 2 - 1, y - 2, 2, h + 4, GUI_C(240, 230, 210, 255));
}

/* A network game's chat: the newest lines that fit, oldest at the top,
 * each wrapped to the box's width. */
static void draw_chat(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, float x, int maxw)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *R = &L->think;
    float pad = 8 * L->ui, room = R->h - 1.4f * pad, lineh = L->font_small * 1.3f, need = 0;
    int from = st->net.n;
    while (from > 0) {   /* how many of the newest lines fit, by their wrapped height */
        int w;
        gui_text_size(f, gui_chat_line(&st->net, from - 1, NULL), L->font_small, false, &w, NULL);
        float h = lineh * (float)(w / (maxw > 1 ? maxw : 1) + 1);
        if (need + h > room) break;
        need += h;
        from--;
    }
    float y = R->y + pad * 0.7f;
    for (int i = from; i < st->net.n; i++) {
        bool mine;
        const char *line = gui_chat_line(&st->net, i, &mine);
        y += gui_text(f, line, L->font_small, false, mine ? GUI_TEXT_DIM : GUI_TEXT, x, y, GUI_LEFT, maxw);
    }
}

static void draw_think(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *R = &L->think;
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, GUI_PANEL_BOX);
    float pad = 8 * L->ui, x = R->x + pad, y = R->y + pad * 0.7f;
    int maxw = R->w - (int)(2 * pad);
    char a[160], b[160], line[320];
    const gui_think *t = &st->think;
    if (!t->active && t->depth == 0 && st->net.seat >= 0 && st->net.n > 0) {
        draw_chat(d, L, st, x, maxw);
        return;
    }
    /* the last search stays only while it is the computer's, at the game's
     * end: not in a two-player game, not while reviewing */
    bool last = t->depth > 0 && (st->ai_mask & 3u) && st->g.cursor == st->g.len;
    if (t->active || st->analysis || last) {
        if (t->active) {
            /* three dots chasing each other */
            for (int i = 0; i < 3; i++) {
                float ph = (float)((ticks / 140 + 3 - i) % 3) / 2.0f;
                SDL_Color dc = gui_mix(GUI_C(120, 200, 255, 255), GUI_C(60, 80, 100, 255), ph);
                gui_shape(d, GUI_SHAPE_DISC, x + L->font_small * (0.35f + i * 0.8f), y + L->font_small * 0.62f,
                          L->font_small * 0.22f, 0, dc, dc);
            }
        }
        float tx = t->active ? x + L->font_small * 2.6f : x;
        char sc[32], nodes[32];
        score_text(sc, sizeof sc, t);
        if (t->nodes >= 1000000) snprintf(nodes, sizeof nodes, "%.1fM", t->nodes / 1e6);
        else snprintf(nodes, sizeof nodes, "%.1fk", t->nodes / 1e3);
        /* The score is the computer's view: + means it likes its position. */
        snprintf(b, sizeof b, "%s depth %d  eval %s  %s nodes",
                 st->analysis ? "Analysis" : t->active ? "Thinking" : "Last search", t->depth, sc, nodes);
        gui_bi(f, line, sizeof line, st->analysis ? "分析" : t->active ? "思考中" : "", b);
        SDL_Rect head = {(int)tx, (int)y, maxw - (int)(tx - x), (int)(L->font_small * 1.45f)};
        gui_text_box(f, line, L->font_small, false, GUI_TEXT, head, GUI_LEFT, 0);
        y += L->font_small * 1.45f;
        /* the best line over two lines, above the evaluation bar */
        /* in the notation the player reads (needs the Chinese font), else coordinates */
        const char *best = t->pv_nota[0] && !st->coords && f->cjk ? t->pv_nota : t->pv;
        snprintf(line, sizeof line, "%s %s", f->cjk ? "主变 PV:" : "PV:", best[0] ? best : "-");
        SDL_Rect pv = {(int)x, (int)y, maxw, (int)(L->font_small * 2.9f)};
        /* a line too long for its two lines shows the whole moves that fit */
        size_t keep = strlen(line);
        while (!gui_text_fits(f, line, L->font_small, false, pv, GUI_FIT_WRAP)) {
            while (keep > 0 && line[keep - 1] == ' ') keep--;
            size_t sp = keep;
            while (sp > 0 && line[sp - 1] != ' ') sp--;
            if (sp < 9) break;
            keep = sp - 1;
            snprintf(line + keep, sizeof line - keep, " \xE2\x80\xA6");
        }
        gui_text_box(f, line, L->font_small, false, GUI_TEXT_DIM, pv, GUI_LEFT, GUI_FIT_WRAP);
        y += L->font_small * 2.9f;
        if (st->analysis) draw_eval_bar(d, L, st, t);
    } else {
        /* idle: show the mode and level */
        const char *zh, *en;
        char sb[96];
        switch (st->r->nsides < 2 ? 4u : st->ai_mask & 3u) {
        case 4: zh = st->ai_mask & 1u ? "电脑解题" : "独自解题";
                en = st->ai_mask & 1u ? "Puzzle (the computer solves)" : "Puzzle"; break;
        case 0: zh = "双人对弈"; en = "Two players"; break;
        case 3: zh = "电脑对电脑"; en = "Computer vs computer"; break;
        default: {
            int hs = gui_state_human_side(st);
            zh = gui_side_zh(st->r, hs, GUI_SIDE_VS_COMPUTER);
            en = gui_side_en(st->r, hs, GUI_SIDE_VS_COMPUTER, sb, sizeof sb);
        }
        }
        if (!st->engine_ok && st->r->nsides > 1) {
            zh = "双人对弈";
            en = "Two players (no engine)";
        }
        snprintf(line, sizeof line, "%s", gui_bi(f, a, sizeof a, zh, en));
        SDL_Rect l1 = {(int)x, (int)y, maxw, (int)(L->font_small * 1.45f)};
        gui_text_box(f, line, L->font_small, false, GUI_TEXT, l1, GUI_LEFT, 0);
        y += L->font_small * 1.45f;
        const char *nm = st->level_name[st->level];
        snprintf(b, sizeof b, "Level %d%s%s", st->level, *nm ? " \xC2\xB7 " : "", nm);
        snprintf(a, sizeof a, "等级%d%s%s", st->level, *gui_word_zh(nm) ? " " : "", gui_word_zh(nm));
        SDL_Rect l2 = {(int)x, (int)y, maxw, (int)(L->font_small * 1.45f)};
        gui_text_box(f, gui_bi(f, line, sizeof line, a, b), L->font_small, false, GUI_TEXT_DIM, l2, GUI_LEFT, 0);
    }
    (void)y;
}

static void draw_moves(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *R = &L->moves;
    if (R->h < L->row_h) return;
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, GUI_PANEL_BOX);
    int rows = gui_layout_move_rows(L), total = st->nply + 1;
    float top = R->y + 6 * L->ui;
    float xnum = R->x + L->font_text * 2.6f, xtext = xnum + L->font_text * 0.6f;
    float xnota = xtext + L->font_text * 4.6f;
    SDL_RenderSetClipRect(d->gfx.ren, R);
    int agree = gui_notes_agree(st->notes, &st->g);
    for (int k = 0; k < rows && st->scroll + k < total; k++) {
        int row = st->scroll + k;
        float y = top + k * L->row_h;
        if (row == st->g.cursor)
            gui_round_rect(&d->gfx, R->x + 3 * L->ui, y, R->w - 6 * L->ui - 6 * L->ui, (float)L->row_h, 4 * L->ui,
                           GUI_C(92, 76, 60, 255));
        else if (row == st->hover_ply)
            gui_round_rect(&d->gfx, R->x + 3 * L->ui, y, R->w - 6 * L->ui - 6 * L->ui, (float)L->row_h, 4 * L->ui,
                           GUI_C(66, 57, 50, 255));
        float cy = y + L->row_h / 2.0f;
        bool cur = row == st->g.cursor;
        if (row == 0) {
            char a[64];
            gui_text(f, gui_bi(f, a, sizeof a, "开局", "Start"), L->font_text, cur, cur ? GUI_TEXT : GUI_TEXT_DIM,
                     xtext, cy, GUI_LEFT | GUI_VCENTER, 0);
            /* the opening the moves follow, by its code (ECCO for Xiangqi) */
            const gui_opening *op = gui_openings_find(st->openings, &st->g);
            if (op) {
                char on[200];
                int sw;
                gui_text_size(f, a, L->font_text, cur, &sw, NULL);
                /* one language for room: Chinese unless English alone is asked */
                bool zh = f->cjk && gui_lang() != QP_LANG_EN;
                snprintf(on, sizeof on, "%s %s", op->code, zh ? op->zh : op->en);
                float ox = xtext + sw + L->font_text * 0.8f;
                SDL_Rect ob = {(int)ox, (int)y, (int)(R->x + R->w - ox - 10 * L->ui), L->row_h};
                if (ob.w > L->font_small * 4)
                    gui_text_box(f, on, L->font_small, false, GUI_C(200, 170, 110, 255), ob, GUI_LEFT | GUI_VCENTER, 0);
            }
            continue;
        }
        const gui_ply *p = &st->ply[row - 1];
        if (gui_notes_at(st->notes, agree, row))   /* a comment here: a mark at the row's end */
            gui_shape(d, GUI_SHAPE_DISC, R->x + R->w - 14 * L->ui, cy, L->font_small * 0.18f, 0, GUI_C(200, 220, 170, 255),
                      GUI_C(200, 220, 170, 255));
        char num[16];
        /* Full-move numbers count the first side's plies. */
        int first_side = st->nply ? st->ply[0].side : 0;
        int full = (row - 1 + (first_side != 0)) / (st->r->nsides > 1 ? 2 : 1) + 1;
        if (p->side == 0 || row == 1 || st->r->nsides < 2) snprintf(num, sizeof num, "%d.", full);
        else num[0] = 0;
        SDL_Color col = cur ? GUI_TEXT : GUI_C(214, 202, 184, 255);
        if (num[0]) gui_text(f, num, L->font_small, false, GUI_TEXT_DIM, xnum, cy, GUI_RIGHT | GUI_VCENTER, 0);
        float dot = L->font_small * 0.26f;
        gui_side_badge(d, st, p->side, xtext + dot, cy, dot);
        gui_text(f, p->text, L->font_text, cur, col, xtext + dot * 3.2f, cy, GUI_LEFT | GUI_VCENTER, 0);
        if (p->nota[0] && (f->cjk || ((unsigned char)p->nota[0]) < 0x80)) {
            /* a long move text (an exchange: a9b9g9xb8) pushes the notation right */
            int tw;
            gui_text_size(f, p->text, L->font_text, cur, &tw, NULL);
            float nx = fmaxf(xnota + dot * 2, xtext + dot * 3.2f + tw + L->font_text * 0.7f);
            int room = (int)(R->x + R->w - nx - 10 * L->ui);
            if (room > L->font_text * 2)
                gui_text_fit(f, p->nota, L->font_text, cur, col, nx, cy, GUI_LEFT | GUI_VCENTER, room);
        }
    }
    SDL_RenderSetClipRect(d->gfx.ren, NULL);
    if (total > rows) {
        /* scroll bar */
        float track = R->h - 12 * L->ui, th = fmaxf(track * rows / total, 12 * L->ui);
        float ty = R->y + 6 * L->ui + (track - th) * st->scroll / (float)(total - rows);
        gui_round_rect(&d->gfx, R->x + R->w - 7 * L->ui, ty, 4 * L->ui, th, 2 * L->ui, GUI_C(120, 104, 90, 255));
    }
}

static bool button_enabled(const gui_state *st, int b)
{
    switch (b) {
    /* a flag fall is final (the clock has nothing left to give back) */
    case GUI_BTN_UNDO: return gui_undo_enabled(st);   /* the same rule as the key (gui_undo.c) */
    case GUI_BTN_REDO: return st->g.cursor < st->g.len;
    case GUI_BTN_RESIGN: return st->outcome.result == QP_ONGOING && st->g.resigned < 0 && st->r->nsides > 1;
    case GUI_BTN_MODE:
    case GUI_BTN_LEVEL: return st->engine_ok;
    case GUI_BTN_SOUND: return st->sound_ok;
    case GUI_BTN_HINT: return st->engine_ok && st->outcome.result == QP_ONGOING;
    case GUI_BTN_ANALYZE: return st->engine_ok;
    case GUI_BTN_FIRST:
    case GUI_BTN_PREV: return st->g.cursor > 0;
    case GUI_BTN_NEXT:
    case GUI_BTN_LAST: return st->g.cursor < st->g.len;
    default: return true;
    }
}

static void button_label(const gui_state *st, int b, const char **zh, const char **en, char *ebuf, size_t n)
{
    static const char *const E[GUI_NBUTTONS] = {"New", "Undo", "Redo", "Resign", "Save", "Load", "Flip", "Mode",
                                               "Level", "Sound", "Help", "Quit", "Hint", "Analyze", "Settings",
                                               "\xC2\xAB", "\xE2\x80\xB9", "\xE2\x80\xBA", "\xC2\xBB"};
    *zh = gui_zh(E[b]);   /* the review strip's symbols have none */
    *en = E[b];
    if (b == GUI_BTN_LEVEL) {
        snprintf(ebuf, n, "Level %d", st->level);
        *en = ebuf;
    } else if (b == GUI_BTN_SOUND) {
        /* greyed: it says why */
        if (st->sound_ok) snprintf(ebuf, n, "Sound %s", st->sound_on ? "on" : "off");
        else snprintf(ebuf, n, "No audio");
        if (!st->sound_ok) *zh = gui_zh("No audio");
        *en = ebuf;
    } else if (b == GUI_BTN_ANALYZE) {
        *en = st->analysis ? "On" : "Analyze";
    }
}

static void draw_buttons(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    for (int b = 0; b < GUI_NBUTTONS; b++) {
        const SDL_Rect *R = &L->button[b];
        bool on = button_enabled(st, b);
        SDL_Color bg = st->hover_button == b && on ? GUI_BUTTON_HOVER : GUI_BUTTON;
        gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, bg);
        const char *zh, *en;
        char ebuf[32];
        button_label(st, b, &zh, &en, ebuf, sizeof ebuf);
        SDL_Color c = on ? GUI_TEXT : GUI_C(120, 108, 96, 255);
        float cx = R->x + R->w / 2.0f, cy = R->y + R->h / 2.0f;
        if (b >= GUI_BTN_MAIN) {   /* review strip: symbols only */
            gui_text_fit(f, en, L->touch ? L->font_button : L->font_small, true, c, cx, cy, GUI_HCENTER | GUI_VCENTER,
                         R->w - 4);
        } else if (f->cjk && *zh && gui_lang() == QP_LANG_ZH) {
            gui_text_fit(f, zh, L->font_button, true, c, cx, cy, GUI_HCENTER | GUI_VCENTER, R->w - 4);
        } else if (f->cjk && *zh && gui_lang() == QP_LANG_BOTH) {
            gui_text(f, zh, L->font_button, true, c, cx, cy - L->font_button * 0.02f, GUI_HCENTER | GUI_BOTTOM, 0);
            gui_text_fit(f, en, (int)(L->font_button * 0.78f), false, on ? GUI_TEXT_DIM : c, cx, cy + L->font_button * 0.02f,
                         GUI_HCENTER | GUI_TOP, R->w - 4);
        } else {
            /* English alone: the button's size when it fits, else the second line's of both */
            int tw, th;
            gui_text_size(f, en, L->font_button, true, &tw, &th);
            bool big = tw <= R->w - 4;
            gui_text_fit(f, en, big ? L->font_button : (int)(L->font_button * 0.78f), big, c, cx, cy,
                         GUI_HCENTER | GUI_VCENTER, R->w - 4);
        }
    }
}

void gui_draw_panel(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *P = &L->panel;
    gui_fill_rect(&d->gfx, (float)P->x, (float)P->y, (float)P->w, (float)P->h, GUI_PANEL);
    if (L->wide) gui_fill_rect(&d->gfx, (float)P->x, (float)P->y, 1, (float)P->h, GUI_C(80, 70, 62, 255));
    else gui_fill_rect(&d->gfx, (float)P->x, (float)P->y, (float)P->w, 1, GUI_C(80, 70, 62, 255));
    /* The title up to its first comma: the rest is detail for `qipan list`. */
    char title[128];
    gui_title_say(f->cjk, st->r->rs->title ? st->r->rs->title : st->r->rs->name, title, sizeof title);
    int depth = 0;
    for (char *p = title; *p; p++) {
        if (*p == '(') depth++;
        else if (*p == ')') depth--;
        else if (*p == ',' && depth == 0 && p > title) {
            *p = 0;
            break;
        }
    }
    /* and without a parenthesis that does not fit: "Peg solitaire" */
    char *paren = strstr(title, " (");
    if (paren && !gui_text_fits(f, title, L->font_title, true, L->title, 0)) *paren = 0;
    gui_text_box(f, title, L->font_title, true, GUI_C(240, 200, 140, 255), L->title, GUI_LEFT | GUI_VCENTER, 0);
    draw_status(d, L, st);
    draw_clocks(d, L, st);
    draw_think(d, L, st, ticks);
    draw_moves(d, L, st);
    /* a long message wraps over the box's two lines; a path in it that
     * still does not fit loses its middle, never its file name */
    if (st->msg[0])
        gui_text_box(f, st->msg, L->font_small, false, st->msg_error ? GUI_ERR_RED : GUI_OK_GREEN, L->msg,
                     GUI_LEFT | GUI_VCENTER, GUI_FIT_WRAP | GUI_FIT_PATH);
    draw_buttons(d, L, st);
}

/* ---- dialogs ---------------------------------------------------------- */

static void dialog_button(gui_draw_ctx *d, const gui_layout *L, const SDL_Rect *R, const char *label,
                          bool primary)
{
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui,
                   primary ? GUI_C(178, 60, 40, 255) : GUI_C(120, 104, 90, 255));
    gui_text_fit(&d->fonts, label, L->font_text, true, GUI_C(255, 250, 240, 255), R->x + R->w / 2.0f,
                 R->y + R->h / 2.0f, GUI_HCENTER | GUI_VCENTER, R->w - 6);
}

/* The Help dialog's keys: each key, then what it does (translated). */
static const char *const help_keys[][2] = {
    {"N / M", "new game and mode dialog"}, {"U / Ctrl+Z", "undo (also of a new game)"}, {"R", "redo"},
    {"Ctrl+R", "resign"}, {"T", "hint"}, {"A", "analysis"}, {"F", "flip board"}, {"L / -", "level"},
    {"S", "sound"}, {"Ctrl+S", "save"}, {"Ctrl+O", "load"}, {"P", "settings"},
    {"Ctrl+= / Ctrl+- / Ctrl+0 / Ctrl+wheel", "zoom"}, {"F11", "full screen"}, {"H", "help"}, {"Q", "quit"},
    {"Home / \xE2\x86\x90 / \xE2\x86\x92 / End", "review"}, {"", "drag or click to move (a promotion: Q R B N)"},
    {"Esc", "cancel"}, {"B", "library"}, {"E", "set up a position"}, {"Ctrl+C / Ctrl+Shift+C", "copy FEN / record"},
    {"Ctrl+V", "paste"}, {"K", "Chinese or coordinate moves (Shift+K file numbers at the edges)"},
    {"", "Network game:"}, {"D", "offer a draw"}, {"Y / N", "answer an offer"}, {"C", "chat"},
};

/* The keys as one text to wrap: Chinese in zh (with a Chinese font),
 * English otherwise (both at once would double a long list). */
static void help_keys_text(const gui_fonts *f, char *out, size_t n)
{
    size_t k = 0;
    bool zh = f->cjk && gui_lang() == QP_LANG_ZH;
    out[0] = 0;
    for (size_t i = 0; i < sizeof help_keys / sizeof help_keys[0] && k < n; i++) {
        const char *what = zh && *gui_zh(help_keys[i][1]) ? gui_zh(help_keys[i][1]) : help_keys[i][1];
        /* a no-break space keeps a key on the line of what it does */
        int w = snprintf(out + k, n - k, "%s%s%s%s", i ? "   " : "", help_keys[i][0],
                         *help_keys[i][0] ? "\xC2\xA0" : "", what);
        if (w < 0) break;
        k += (size_t)w;
    }
}

/* A rules text written in both languages, line by line, in the window's
 * one: its lines with Chinese in zh, the others in en, all in both (and
 * all when the language would leave nothing). */
static void help_in_lang(const gui_fonts *f, const char *in, char *out, size_t n)
{
    qp_lang lang = f->cjk ? gui_lang() : QP_LANG_EN;
    size_t k = 0;
    out[0] = 0;
    for (const char *l = in; *l && lang != QP_LANG_BOTH;) {
        size_t len = strcspn(l, "\n");
        bool zh = gui_has_cjk(l, len);
        if (zh == (lang == QP_LANG_ZH) && k + len + 2 < n) {
            memcpy(out + k, l, len);
            k += len;
            out[k++] = '\n';
            out[k] = 0;
        }
        l += len + (l[len] == '\n');
    }
    if (!k) snprintf(out, n, "%s", in);
}

/* Rules texts are written with hard line breaks; inside a sentence they
 * become spaces so the dialog's own wrapping reads well. */
static void reflow(const char *in, char *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; in[i] && k + 1 < n; i++) {
        char c = in[i];
        if (c == '\n' && i > 0 && in[i + 1]) {
            unsigned char prev = (unsigned char)in[i - 1], next = (unsigned char)in[i + 1];
            bool sentence_goes_on = prev < 0x80 && prev != '.' && prev != ':' && prev != '\n' &&
                                    ((next >= 'a' && next <= 'z') || next == '(');
            if (sentence_goes_on) c = ' ';
        }
        out[k++] = c;
    }
    out[k] = 0;
}

/* A choice of the New Game dialog: filled when chosen. */
static void ng_button(gui_draw_ctx *d, const gui_layout *L, const SDL_Rect *R, const char *label, bool on, bool enabled)
{
    SDL_Color bg = on ? GUI_C(178, 60, 40, 255) : GUI_C(226, 212, 190, 255);
    SDL_Color fg = on ? GUI_C(255, 250, 240, 255) : enabled ? GUI_CARD_TEXT : GUI_C(170, 156, 138, 255);
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 5 * L->ui, bg);
    gui_text_fit(&d->fonts, label, L->font_small, true, fg, R->x + R->w / 2.0f, R->y + R->h / 2.0f,
                 GUI_HCENTER | GUI_VCENTER, R->w - 4);
}

static void draw_newgame(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    gui_ng_layout N;
    gui_layout_newgame(L, &N);
    const gui_newgame *ng = &st->ng;
    const SDL_Rect *C = &N.card;
    char a[160], b[160];
    gui_fill_rect(&d->gfx, 0, 0, (float)L->W, (float)L->H, GUI_C(0, 0, 0, 140));
    gui_round_rect(&d->gfx, (float)C->x, (float)C->y, (float)C->w, (float)C->h, 10 * L->ui, GUI_CARD);
    float pad = 22 * L->ui;
    SDL_Rect tb = {C->x + (int)pad, C->y + (int)pad, C->w - 2 * (int)pad, N.row_y[0] - C->y - (int)pad};
    gui_text_box(f, gui_tr(f, a, sizeof a, "New game"), L->font_title, true, GUI_CARD_TEXT, tb, GUI_LEFT, 0);
    const char *game = ng->game >= 0 && ng->game < st->ngames ? st->games[ng->game] : st->r->rs->name;
    /* the Game row shows the game's title, in the window's language, up to its first comma or parenthesis */
    char shown[96];
    const char *tl = ng->game >= 0 && ng->game < st->ngames ? st->game_titles[ng->game] : NULL;
    gui_title_say(f->cjk, tl && *tl ? tl : game, shown, sizeof shown);   /* in the window's language */
    shown[strcspn(shown, ",")] = 0;
    if (!shown[0]) snprintf(shown, sizeof shown, "%s", game);
    /* Side names of the chosen game are known only for the current one. */
    bool same = !strcmp(game, st->r->rs->name);
    char s0[64], s1[64];
    gui_cap_word(s0, sizeof s0, same ? qp_side_name(st->r, 0) : "first");
    gui_cap_word(s1, sizeof s1, same ? qp_side_name(st->r, 1) : "second");
    /* the time control as players write it: "3+2", "5 min", "30 s/move" */
    char tcl[48], tct[32];
    gui_tc_text(&ng->tc, tct, sizeof tct);
    snprintf(tcl, sizeof tcl, "Time %s", ng->tc.kind == GUI_TC_NONE ? "" : tct);
    const char *le[GUI_NG_ROWS] = {"Game", s0, s1, "Level", tcl, ng->tc.kind == GUI_TC_PERMOVE ? "Seconds" : "Minutes"};
    for (int r = 0; r < GUI_NG_ROWS; r++) {
        /* the Time row's English carries the control ("Time 3+2"), its Chinese the word */
        const char *zh = gui_zh(r == 4 ? "Time" : le[r]);
        if (r == 1 && same) zh = gui_side_zh(st->r, 0, GUI_SIDE_NAME);
        if (r == 2 && same) zh = gui_side_zh(st->r, 1, GUI_SIDE_NAME);
        gui_text_fit(f, gui_bi(f, a, sizeof a, zh, le[r]), L->font_text, true, GUI_CARD_TEXT, (float)N.label_x,
                     N.row_y[r] + N.row_h / 2.0f, GUI_LEFT | GUI_VCENTER, N.value_x - N.label_x - 6);
    }
    bool two = !same || st->r->nsides > 1;
    float cy0 = N.row_y[0] + N.row_h / 2.0f;
    ng_button(d, L, &N.item[GUI_NG_GAME_PREV], "<", false, true);
    ng_button(d, L, &N.item[GUI_NG_GAME_NEXT], ">", false, true);
    float gx = (N.item[GUI_NG_GAME_PREV].x + N.item[GUI_NG_GAME_PREV].w + N.item[GUI_NG_GAME_NEXT].x) / 2.0f;
    {   /* a parenthesis that does not fit goes */
        SDL_Rect gr = {0, 0, N.item[GUI_NG_GAME_NEXT].x - N.item[GUI_NG_GAME_PREV].x - N.item[GUI_NG_GAME_PREV].w - 8, N.row_h};
        char *paren = strstr(shown, " (");
        if (paren && !gui_text_fits(f, shown, L->font_text, true, gr, 0)) *paren = 0;
    }
    gui_text_fit(f, shown, L->font_text, true, GUI_CARD_TEXT, gx, cy0, GUI_HCENTER | GUI_VCENTER,
                 N.item[GUI_NG_GAME_NEXT].x - N.item[GUI_NG_GAME_PREV].x - N.item[GUI_NG_GAME_PREV].w - 8);
    for (int sd = 0; sd < 2; sd++) {
        bool ai = ng->ai_mask >> sd & 1u, en = sd == 0 || two;
        ng_button(d, L, &N.item[GUI_NG_S0_HUMAN + 2 * sd], gui_tr(f, a, sizeof a, sd ? "Player (2)" : "Player (1)"),
                  !ai && en, en);
        ng_button(d, L, &N.item[GUI_NG_S0_AI + 2 * sd], gui_tr(f, b, sizeof b, "Computer"), ai && en,
                  en && st->engine_ok);
    }
    ng_button(d, L, &N.item[GUI_NG_LEVEL_DN], "-", false, true);
    ng_button(d, L, &N.item[GUI_NG_LEVEL_UP], "+", false, true);
    const SDL_Rect *ld = &N.item[GUI_NG_LEVEL_DN], *lu = &N.item[GUI_NG_LEVEL_UP];
    snprintf(a, sizeof a, "%d", ng->level);
    gui_text(f, a, L->font_text, true, GUI_CARD_TEXT, (ld->x + ld->w + lu->x) / 2.0f, N.row_y[3] + N.row_h / 2.0f,
             GUI_HCENTER | GUI_VCENTER, 0);
    if (same && st->level_name[ng->level][0])
        gui_text(f, gui_bi(f, b, sizeof b, gui_word_zh(st->level_name[ng->level]), st->level_name[ng->level]), L->font_small, false, GUI_C(110, 90, 70, 255),
                 lu->x + lu->w + 10 * L->ui, N.row_y[3] + N.row_h / 2.0f, GUI_LEFT | GUI_VCENTER, 0);
    static const char *const te[4] = {"None", "Sudden", "Base + inc", "Per move"};
    for (int k = 0; k < 4; k++)
        ng_button(d, L, &N.item[GUI_NG_TC0 + k], gui_tr(f, a, sizeof a, te[k]), (int)ng->tc.kind == k, true);
    bool timed = ng->tc.kind != GUI_TC_NONE, inc = ng->tc.kind == GUI_TC_INCREMENT;
    ng_button(d, L, &N.item[GUI_NG_BASE_DN], "-", false, timed);
    ng_button(d, L, &N.item[GUI_NG_BASE_UP], "+", false, timed);
    ng_button(d, L, &N.item[GUI_NG_INC_DN], "-", false, inc);
    ng_button(d, L, &N.item[GUI_NG_INC_UP], "+", false, inc);
    const SDL_Rect *bd = &N.item[GUI_NG_BASE_DN], *bu = &N.item[GUI_NG_BASE_UP];
    const SDL_Rect *id = &N.item[GUI_NG_INC_DN], *iu = &N.item[GUI_NG_INC_UP];
    float cy5 = N.row_y[5] + N.row_h / 2.0f;
    if (ng->tc.kind == GUI_TC_PERMOVE) snprintf(a, sizeof a, "%d", ng->tc.move_s);
    else snprintf(a, sizeof a, "%d", ng->tc.base_s / 60);
    gui_text(f, a, L->font_text, true, timed ? GUI_CARD_TEXT : GUI_C(170, 156, 138, 255), (bd->x + bd->w + bu->x) / 2.0f,
             cy5, GUI_HCENTER | GUI_VCENTER, 0);
    snprintf(b, sizeof b, "+%d s", ng->tc.inc_s);
    gui_text(f, b, L->font_text, true, inc ? GUI_CARD_TEXT : GUI_C(170, 156, 138, 255), (id->x + id->w + iu->x) / 2.0f,
             cy5, GUI_HCENTER | GUI_VCENTER, 0);
    dialog_button(d, L, &N.item[GUI_NG_START], gui_tr(f, a, sizeof a, "Start (Enter)"), true);
    dialog_button(d, L, &N.item[GUI_NG_APPLY], gui_tr(f, b, sizeof b, "Apply (A)"), false);
    dialog_button(d, L, &N.item[GUI_NG_CANCEL], gui_tr(f, a, sizeof a, "Cancel (Esc)"), false);
    dialog_button(d, L, &N.item[GUI_NG_HOST], gui_tr(f, a, sizeof a, "Host (H)"), false);
    dialog_button(d, L, &N.item[GUI_NG_JOIN], gui_tr(f, b, sizeof b, "Join (J)"), false);
}

static void draw_settings(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    SDL_Rect card, item[GUI_SET_ITEMS];
    int row_y[GUI_SET_ROWS], lx;
    char a[96], b[96], tz[32], te[32];
    gui_layout_settings(L, &card, row_y, &lx, item);
    gui_fill_rect(&d->gfx, 0, 0, (float)L->W, (float)L->H, GUI_C(0, 0, 0, 140));
    gui_round_rect(&d->gfx, (float)card.x, (float)card.y, (float)card.w, (float)card.h, 10 * L->ui, GUI_CARD);
    float pad = 22 * L->ui;
    SDL_Rect tb = {card.x + (int)pad, card.y + (int)pad, card.w - 2 * (int)pad, row_y[0] - card.y - (int)pad};
    gui_text_box(f, gui_tr(f, a, sizeof a, "Settings"), L->font_title, true, GUI_CARD_TEXT, tb, GUI_LEFT, 0);
    snprintf(tz, sizeof tz, "%s %d", gui_zh("Threads"), st->threads);
    snprintf(te, sizeof te, "Threads %d (4)", st->threads);
    const char *re[GUI_SET_ROWS] = {"Pieces (1)", "Animation (2)", "Sound (3)", te, "Search (5)", "Promotion (6)",
                                    "Language (7)"};
    bool on[GUI_SET_ITEMS] = {st->pieces == 0, st->pieces == 1, st->animate, !st->animate,
                              st->sound_on && st->sound_ok, !(st->sound_on && st->sound_ok), false, false,
                              st->ai_kind != QP_AI_MCTS, st->ai_kind == QP_AI_MCTS,
                              !st->promote_first, st->promote_first,
                              gui_lang() != QP_LANG_EN, gui_lang() != QP_LANG_ZH};
    bool kai_ok = f->kai_path[0] != 0;
    const char *lab[GUI_SET_ITEMS] = {"Standard", kai_ok ? "Kai (brush)" : "Kai (no font)", "On", "Off", "On", "Off",
                                      "Fewer", "More", "Alpha-beta", "MCTS", "Ask", "Always queen", "Chinese", "English"};
    for (int r = 0; r < GUI_SET_ROWS; r++) {
        gui_text_fit(f, gui_bi(f, a, sizeof a, r == 3 ? (*gui_zh("Threads") ? tz : "") : gui_zh(re[r]), re[r]), L->font_text, true, GUI_CARD_TEXT, (float)lx,
                     item[2 * r].y + item[2 * r].h / 2.0f, GUI_LEFT | GUI_VCENTER, item[0].x - lx - 6);
        for (int k = 0; k < 2; k++)
            ng_button(d, L, &item[2 * r + k], gui_tr(f, b, sizeof b, lab[2 * r + k]),
                      on[2 * r + k],
                      r == 2 ? st->sound_ok
                      : r == 3 ? (k ? st->threads < GUI_MAX_THREADS : st->threads > 1)
                      : r == 4 ? st->engine_ok
                               : true);
    }
    dialog_button(d, L, &item[GUI_SET_CLOSE], gui_tr(f, a, sizeof a, "Close"), true);
}

void gui_draw_dialog(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    if (st->dialog == GUI_DLG_SETTINGS) {
        draw_settings(d, L, st);
        return;
    }
    if (st->dialog == GUI_DLG_NEWGAME) {
        draw_newgame(d, L, st);
        return;
    }
    gui_fonts *f = &d->fonts;
    SDL_Rect card, yes, no;
    char a[256], b[256];
    int lines = st->dialog == GUI_DLG_HELP ? 22 : st->dialog == GUI_DLG_SAVE || st->dialog == GUI_DLG_LOAD ? GUI_FILE_DLG_LINES : 4;
    gui_layout_dialog(L, lines, &card, &yes, &no);
    /* The end banner leaves the board readable: the decisive pieces show. */
    if (st->dialog != GUI_DLG_END) gui_fill_rect(&d->gfx, 0, 0, (float)L->W, (float)L->H, GUI_C(0, 0, 0, 140));
    gui_round_rect(&d->gfx, card.x + 3.0f, card.y + 6.0f, (float)card.w, (float)card.h, 10 * L->ui, GUI_C(0, 0, 0, 90));
    gui_round_rect(&d->gfx, (float)card.x, (float)card.y, (float)card.w, (float)card.h, 10 * L->ui, GUI_CARD);
    float pad = 22 * L->ui, x = card.x + pad, y = card.y + pad;
    int w = card.w - (int)(2 * pad);
    switch (st->dialog) {
    case GUI_DLG_HELP: {
        char title[160], head[200];
        gui_title_say(f->cjk, st->r->rs->title ? st->r->rs->title : st->r->rs->name, title, sizeof title);
        snprintf(head, sizeof head, "%s \xE2\x80\x94 %s", gui_tr(f, b, sizeof b, "Help"), title);
        SDL_Rect tb = {(int)x, (int)y, w, (int)(L->font_title * 1.4f)};
        y += gui_text_box(f, head, L->font_title, true, GUI_CARD_TEXT, tb, GUI_LEFT, 0);
        y += 8 * L->ui;
        const char *raw = st->r->help_text;
        if (!raw || !*raw) raw = "Click a piece, then one of the marked points.";
        char help[4096], mine[4096];
        help_in_lang(f, raw, mine, sizeof mine);
        reflow(mine, help, sizeof help);
        /* The keys sit above the button, in as many lines as they wrap to
         * (one spare for the words a line break pushes down); the rules
         * get what is left above them. */
        char keys[1536];
        help_keys_text(f, keys, sizeof keys);
        int kw, kh;
        gui_text_size(f, keys, L->font_small, false, &kw, &kh);
        float keys_y = yes.y - (float)(kw / (w > 0 ? w : 1) + 2) * (float)kh - 0.3f * L->font_small;
        SDL_Rect room = {(int)x, (int)y, w, (int)(keys_y - y - 0.4f * L->font_small)};
        SDL_RenderSetClipRect(d->gfx.ren, &room);
        gui_text_box(f, help, L->font_small, false, GUI_CARD_TEXT, room, GUI_LEFT, GUI_FIT_WRAP | GUI_FIT_SMALL);
        SDL_RenderSetClipRect(d->gfx.ren, NULL);
        SDL_Rect kb = {(int)x, (int)keys_y, w, yes.y - (int)keys_y};
        gui_text_box(f, keys, L->font_small, false, GUI_C(110, 90, 70, 255), kb, GUI_LEFT, GUI_FIT_WRAP);
        SDL_Rect ok = {card.x + (card.w - yes.w) / 2, yes.y, yes.w, yes.h};
        dialog_button(d, L, &ok, gui_bi(f, a, sizeof a, "关闭", "Close"), true);
        break;
    }
    case GUI_DLG_RESUME:
        y += gui_text(f, gui_bi(f, a, sizeof a, "继续上次未下完的棋局？", "Resume the unfinished game?"),
                      L->font_title, true, GUI_CARD_TEXT, x, y, GUI_LEFT, w);
        y += 6 * L->ui;
        {
            char zh[96], en[128];
            snprintf(zh, sizeof zh, "已走%d步", st->resume_moves);
            snprintf(en, sizeof en, "%d move%s played%s%s", st->resume_moves, st->resume_moves == 1 ? "" : "s",
                     st->resume_date[0] ? ", saved " : "", st->resume_date);
            y += gui_text(f, gui_bi(f, b, sizeof b, zh, en), L->font_text, false, GUI_CARD_TEXT, x, y, GUI_LEFT, 0);
            y += 4 * L->ui;
        }
        SDL_Rect pb = {(int)x, (int)y, w, (int)(L->font_small * 1.4f)};
        gui_text_box(f, st->autosave_path, L->font_small, false, GUI_C(110, 90, 70, 255), pb, GUI_LEFT, GUI_FIT_PATH);
        dialog_button(d, L, &yes, gui_bi(f, a, sizeof a, "是", "Yes (Y)"), true);
        dialog_button(d, L, &no, gui_bi(f, b, sizeof b, "否", "No (N)"), false);
        break;
    case GUI_DLG_CONFIRM: {
        /* New needs no question: the New Game dialog is one, and the old game is kept */
        /* and the network opponent's offers (gui_net.c): Accept / Decline */
        static const char *const tz[4] = {"确定认输？", "从这里改走？", "对方提和", "对方请求悔棋"};
        static const char *const te[4] = {"Resign this game?", "Play a different move here?",
                                          "Your opponent offers a draw", "Your opponent asks to take back"};
        static const char *const dz[4] = {"悔棋可以撤回认输。", "之后的着法将被删除。", "接受则本局和棋。",
                                          "接受则撤回上一步。"};
        static const char *const de[4] = {"Undo takes a resignation back.", "The moves after this position will be dropped.",
                                          "Accepting ends the game in a draw.", "Accepting takes the last move back."};
        static const char *const yz[4] = {"认输", "改走", "接受", "接受"};
        static const char *const ye[4] = {"Resign (Y)", "Play it (Y)", "Accept (Y)", "Accept (Y)"};
        static const char *const nz[4] = {"继续", "取消", "拒绝", "拒绝"};
        static const char *const ne[4] = {"Keep playing (N)", "Cancel (N)", "Decline (N)", "Decline (N)"};
        int q = (int)st->confirm;
        char later[160];
        snprintf(later, sizeof later, "%s (%d)", de[q], st->g.len - st->g.cursor);
        y += gui_text(f, gui_bi(f, a, sizeof a, tz[q], te[q]), L->font_title, true, GUI_CARD_TEXT, x, y, GUI_LEFT, w);
        y += 6 * L->ui;
        gui_text(f, gui_bi(f, b, sizeof b, dz[q], q == GUI_ASK_BRANCH ? later : de[q]), L->font_text, false,
                 GUI_CARD_TEXT, x, y, GUI_LEFT, w);
        dialog_button(d, L, &yes, gui_bi(f, a, sizeof a, yz[q], ye[q]), true);
        dialog_button(d, L, &no, gui_bi(f, b, sizeof b, nz[q], ne[q]), false);
        break;
    }
    case GUI_DLG_END: {
        char res[128], why[192];
        gui_state_banner(st, f->cjk, res, sizeof res, why, sizeof why);
        y += gui_text(f, res, (int)(L->font_title * 1.5f), true, GUI_C(150, 30, 20, 255), card.x + card.w / 2.0f, y,
                      GUI_HCENTER, w);
        y += 4 * L->ui;
        SDL_Rect wb = {(int)x, (int)y, w, yes.y - (int)y - (int)(4 * L->ui)};
        gui_text_box(f, why, L->font_text + 2, false, GUI_CARD_TEXT, wb, GUI_HCENTER, GUI_FIT_WRAP);
        dialog_button(d, L, &yes, gui_bi(f, a, sizeof a, "新局", "New game (N)"), true);
        dialog_button(d, L, &no, gui_bi(f, b, sizeof b, "复盘", "Review (R)"), false);
        break;
    }
    case GUI_DLG_SAVE:
    case GUI_DLG_LOAD: {
        bool save = st->dialog == GUI_DLG_SAVE;
        y += gui_text(f, save ? gui_bi(f, a, sizeof a, "保存棋局到文件", "Save the game to file")
                              : gui_bi(f, a, sizeof a, "从文件读取棋局", "Load a game from file"),
                      L->font_title, true, GUI_CARD_TEXT, x, y, GUI_LEFT, w);
        SDL_Rect entry, list;
        int rows;
        gui_layout_files(L, &card, &entry, &list, &rows, &yes, &no);
        float eh = (float)entry.h;
        x = (float)entry.x;
        y = (float)entry.y;
        gui_round_rect(&d->gfx, x, y, (float)w, eh, 5 * L->ui, GUI_C(255, 255, 255, 255));
        int tw;
        const char *shown = st->entry;
        gui_text_size(f, shown[0] ? shown : " ", L->font_text, false, &tw, NULL);
        /* Long paths: show the end, where the file name is. */
        while (tw > w - 20 && *shown) {
            shown++;
            while ((*shown & 0xC0) == 0x80) shown++;
            gui_text_size(f, shown[0] ? shown : " ", L->font_text, false, &tw, NULL);
        }
        float tx = x + 8 * L->ui;
        gui_text(f, shown, L->font_text, false, GUI_CARD_TEXT, tx, y + eh / 2, GUI_LEFT | GUI_VCENTER, 0);
        if (ticks / 500 % 2 == 0)
            gui_fill_rect(&d->gfx, tx + (shown[0] ? tw : 0) + 1, y + eh * 0.2f, fmaxf(1, L->ui * 1.5f), eh * 0.6f, GUI_CARD_TEXT);
        /* the folder: click a folder to enter it, a file to choose it
         * (twice to save or load it) */
        gui_round_rect(&d->gfx, (float)list.x, (float)list.y, (float)list.w, (float)list.h, 5 * L->ui,
                       GUI_C(236, 226, 206, 255));
        SDL_RenderSetClipRect(d->gfx.ren, &list);
        const char *base = strrchr(st->entry, '/');
        base = base ? base + 1 : st->entry;
        for (int k = 0; k < rows && st->file_scroll + k < st->nfiles; k++) {
            const char *nm = st->files[st->file_scroll + k];
            float ry = (float)(list.y + k * L->row_h);
            bool chosen = (base[0] && !strcmp(nm, base)) ||
                          (!base[0] && st->file_sel > 0 && st->file_scroll + k == st->file_sel);
            if (chosen) gui_fill_rect(&d->gfx, (float)list.x, ry, (float)list.w, (float)L->row_h, GUI_C(210, 190, 160, 255));
            bool folder = nm[strlen(nm) - 1] == '/';
            gui_text_fit(f, nm, L->font_small, folder, folder ? GUI_C(120, 70, 30, 255) : GUI_CARD_TEXT,
                         list.x + 8 * L->ui, ry + L->row_h / 2.0f, GUI_LEFT | GUI_VCENTER, list.w - (int)(16 * L->ui));
        }
        SDL_RenderSetClipRect(d->gfx.ren, NULL);
        dialog_button(d, L, &yes, gui_bi(f, a, sizeof a, save ? "保存" : "读取", save ? "Save (Enter)" : "Load (Enter)"), true);
        dialog_button(d, L, &no, gui_bi(f, b, sizeof b, "取消", "Cancel (Esc)"), false);
        break;
    }
    default:
        break;
    }
}

