/*
 * gui_draw.c — rendering of the board, pieces, panel and dialogs
 * (see gui_draw.h).  Every size comes from the layout; every fact from the
 * state; the board's shape from the ruleset's geometry (grid, diagonal
 * links, regions, river), so any ruleset draws.
 */
#include "gui_draw.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- palette ---------------------------------------------------------- */

#define C(r, g, b, a) gui_rgba(r, g, b, a)
static const SDL_Color BG = {42, 37, 34, 255};
static const SDL_Color PANEL = {51, 45, 41, 255};
static const SDL_Color PANEL_BOX = {38, 33, 30, 255};
static const SDL_Color TEXT = {241, 230, 210, 255};
static const SDL_Color TEXT_DIM = {170, 156, 138, 255};
static const SDL_Color WOOD_TOP = {236, 202, 143, 255};
static const SDL_Color WOOD_BOTTOM = {222, 178, 112, 255};
static const SDL_Color FRAME = {112, 68, 33, 255};
static const SDL_Color INK = {88, 56, 28, 255};
static const SDL_Color COORD = {120, 82, 46, 255};
static const SDL_Color IVORY = {250, 238, 212, 255};
static const SDL_Color IVORY_RIM = {226, 196, 146, 255};
static const SDL_Color PIECE_EDGE = {150, 108, 58, 255};
static const SDL_Color RED = {184, 32, 26, 255};
static const SDL_Color BLACK = {30, 26, 24, 255};
static const SDL_Color SELECT = {46, 139, 255, 255};
static const SDL_Color TARGET = {38, 158, 72, 255};
static const SDL_Color LASTMV = {30, 110, 200, 255};
static const SDL_Color CHECK = {226, 40, 40, 255};
static const SDL_Color LEASH = {240, 140, 0, 255};
static const SDL_Color TRAP = {156, 54, 181, 255};
static const SDL_Color OK_GREEN = {140, 210, 140, 255};
static const SDL_Color ERR_RED = {255, 130, 120, 255};
static const SDL_Color BUTTON = {74, 63, 56, 255};
static const SDL_Color BUTTON_HOVER = {98, 84, 74, 255};
static const SDL_Color CARD = {248, 240, 224, 255};
static const SDL_Color CARD_TEXT = {50, 40, 32, 255};

/* ---- words ------------------------------------------------------------ */

const char *gui_bi(const gui_fonts *f, char *buf, size_t n, const char *zh, const char *en)
{
    if (f->cjk && zh && *zh) snprintf(buf, n, "%s %s", zh, en);
    else snprintf(buf, n, "%s", en);
    return buf;
}

const char *gui_side_zh(const qp_rules *r, int side)
{
    const char *n = qp_side_name(r, side);
    if (!strcmp(n, "red")) return "红方";
    if (!strcmp(n, "black")) return "黑方";
    if (!strcmp(n, "white")) return "白方";
    return "";
}

const char *gui_word_zh(const char *en)
{
    static const char *const map[][2] = {
        {"check", "将军"}, {"leash", "牵将"}, {"trapped", "困将"},
        {"checkmate", "将死"}, {"no-moves", "无着可走"}, {"five-soldiers", "五兵到底"},
        {"general-captured", "吃将"}, {"repetition", "重复局面"},
        {"no-capture-limit", "久不吃子"}, {"perpetual-check", "长将"},
        {"resignation", "认输"}, {"resigned", "认输"}, {"stalemate", "困毙"},
        {"three-in-a-row", "三子连线"}, {"board-full", "棋盘已满"},
        {"easy", "入门"}, {"medium", "中等"}, {"hard", "困难"}, {"master", "大师"},
        {NULL, NULL}};
    for (int i = 0; en && map[i][0]; i++)
        if (!strcmp(map[i][0], en)) return map[i][1];
    return "";
}

static void cap_word(char *buf, size_t n, const char *w)
{
    snprintf(buf, n, "%s", w);
    if (buf[0]) buf[0] = (char)toupper((unsigned char)buf[0]);
}

static const char *side_bi(const gui_fonts *f, const qp_rules *r, int side, char *buf, size_t n)
{
    char en[64];
    cap_word(en, sizeof en, qp_side_name(r, side));
    return gui_bi(f, buf, n, gui_side_zh(r, side), en);
}

static SDL_Color side_colour(int side)
{
    return side == 0 ? RED : BLACK;
}

/* ---- board ------------------------------------------------------------ */

static void point_xy(const gui_layout *L, int sq, float *x, float *y)
{
    int ix, iy;
    gui_layout_point(L, sq, &ix, &iy);
    *x = (float)ix;
    *y = (float)iy;
}

/* A horizontal or vertical grid line as a pixel-aligned rectangle: the
 * sharpest thing a rasteriser can draw. */
static void hline(gui_gfx *g, int x0, int x1, int y, int w, SDL_Color c)
{
    gui_fill_rect(g, (float)(x0 - w / 2), (float)(y - w / 2), (float)(x1 - x0 + w), (float)w, c);
}

static void vline(gui_gfx *g, int x, int y0, int y1, int w, SDL_Color c)
{
    gui_fill_rect(g, (float)(x - w / 2), (float)(y0 - w / 2), (float)w, (float)(y1 - y0 + w), c);
}

static void draw_wood(gui_draw_ctx *d, const gui_layout *L)
{
    gui_gfx *g = &d->gfx;
    const SDL_Rect *b = &L->board;
    float fr = fmaxf(3.0f, L->cell * 0.09f), rad = fmaxf(3.0f, L->cell * 0.12f);
    /* shadow, frame, then the wood */
    gui_round_rect(g, b->x - fr + 3, b->y - fr + 5, b->w + 2 * fr, b->h + 2 * fr, rad + fr, C(0, 0, 0, 70));
    gui_round_rect(g, b->x - fr, b->y - fr, b->w + 2 * fr, b->h + 2 * fr, rad + fr, FRAME);
    gui_round_rect(g, (float)b->x, (float)b->y, (float)b->w, (float)b->h, rad, WOOD_BOTTOM);
    gui_vgradient(g, (float)b->x, b->y + rad, (float)b->w, b->h - 2 * rad, WOOD_TOP, WOOD_BOTTOM);
    gui_round_rect(g, (float)b->x, (float)b->y, (float)b->w, 2 * rad + 1, rad, WOOD_TOP);
    /* faint grain: a few long, slightly darker bands */
    for (int i = 1; i < 9; i++) {
        float y = b->y + b->h * (i / 9.0f) + (float)((i * 37) % 11) * L->cell * 0.03f;
        gui_fill_rect(g, b->x + rad, y, b->w - 2 * rad, fmaxf(1.0f, L->cell * 0.05f), C(150, 95, 40, 14));
    }
}

/* Region tint: regions are drawn first so lines stay on top. */
static void draw_regions(gui_draw_ctx *d, const gui_layout *L, const qp_geom *geo)
{
    for (int ri = 0; ri < geo->nregions; ri++) {
        const qp_region *rg = &geo->regions[ri];
        int x0 = 1 << 30, y0 = 1 << 30, x1 = -(1 << 30), y1 = -(1 << 30);
        for (int sq = 0; sq < geo->n; sq++) {
            if (!rg->in[sq]) continue;
            int x, y;
            gui_layout_point(L, sq, &x, &y);
            if (L->kind == QP_BOARD_CELLS) {
                gui_fill_rect(&d->gfx, (float)(x - L->cell / 2), (float)(y - L->cell / 2),
                              (float)L->cell, (float)L->cell, C(150, 80, 30, 34));
                continue;
            }
            if (x < x0) x0 = x;
            if (y < y0) y0 = y;
            if (x > x1) x1 = x;
            if (y > y1) y1 = y;
        }
        if (L->kind == QP_BOARD_POINTS && x1 >= x0)
            gui_fill_rect(&d->gfx, (float)x0, (float)y0, (float)(x1 - x0), (float)(y1 - y0),
                          C(170, 90, 30, 30));
    }
}

/* Bottom/left coordinates, named as qp_sq_name names the points. */
static void draw_coords(gui_draw_ctx *d, const gui_layout *L, const qp_geom *geo)
{
    char name[8];
    float off = L->kind == QP_BOARD_POINTS ? 0.70f : 0.36f;
    for (int f = 0; f < geo->w; f++) {
        int sq = qp_sq(geo, f, 0), x, y, x2, ybottom;
        qp_sq_name(geo, sq, name);
        name[strcspn(name, "0123456789")] = 0;
        gui_layout_point(L, sq, &x, &y);
        gui_layout_point(L, qp_sq(geo, f, L->flip ? geo->h - 1 : 0), &x2, &ybottom);
        gui_text(&d->fonts, name, L->font_coord, false, COORD, (float)x,
                 ybottom + off * L->cell, GUI_HCENTER | GUI_VCENTER, 0);
    }
    for (int r = 0; r < geo->h; r++) {
        int sq = qp_sq(geo, L->flip ? geo->w - 1 : 0, r), x, y;
        qp_sq_name(geo, sq, name);
        const char *digits = name + strcspn(name, "0123456789");
        gui_layout_point(L, sq, &x, &y);
        gui_text(&d->fonts, digits, L->font_coord, false, COORD, x - off * L->cell, (float)y,
                 GUI_HCENTER | GUI_VCENTER, 0);
    }
}

static void draw_river(gui_draw_ctx *d, const gui_layout *L, const qp_geom *geo)
{
    if (geo->river <= 0 || geo->river >= geo->h || L->kind != QP_BOARD_POINTS) return;
    int xa, ya, xb, yb;
    gui_layout_point(L, qp_sq(geo, 0, geo->river - 1), &xa, &ya);
    gui_layout_point(L, qp_sq(geo, geo->w - 1, geo->river), &xb, &yb);
    float cy = (ya + yb) / 2.0f, xl = (float)(xa < xb ? xa : xb), xr = (float)(xa < xb ? xb : xa);
    gui_fill_rect(&d->gfx, xl, fminf(ya, yb) + L->line_w, xr - xl, fabsf((float)(yb - ya)) - L->line_w,
                  C(120, 170, 200, 26));
    if (!d->fonts.cjk) return;
    int px = (int)(L->cell * 0.46f);
    gui_text(&d->fonts, "楚 河", px, false, C(120, 82, 46, 200), xl + (xr - xl) * 0.25f, cy,
             GUI_HCENTER | GUI_VCENTER, 0);
    gui_text(&d->fonts, "漢 界", px, false, C(120, 82, 46, 200), xl + (xr - xl) * 0.75f, cy,
             GUI_HCENTER | GUI_VCENTER, 0);
}

static void draw_points_grid(gui_draw_ctx *d, const gui_layout *L, const qp_geom *geo)
{
    gui_gfx *g = &d->gfx;
    int lw = L->line_w;
    int x0, y0, x1, y1;   /* display corners */
    gui_layout_point(L, qp_sq(geo, 0, 0), &x0, &y0);
    gui_layout_point(L, qp_sq(geo, geo->w - 1, geo->h - 1), &x1, &y1);
    int left = x0 < x1 ? x0 : x1, right = x0 < x1 ? x1 : x0;
    int top = y0 < y1 ? y0 : y1, bottom = y0 < y1 ? y1 : y0;
    for (int r = 0; r < geo->h; r++) {
        int x, y;
        gui_layout_point(L, qp_sq(geo, 0, r), &x, &y);
        hline(g, left, right, y, lw, INK);
    }
    bool river = geo->river > 0 && geo->river < geo->h;
    for (int f = 0; f < geo->w; f++) {
        int x, ya, yb;
        gui_layout_point(L, qp_sq(geo, f, 0), &x, &ya);
        if (river && f > 0 && f < geo->w - 1) {
            int xr, yr0, yr1;
            gui_layout_point(L, qp_sq(geo, f, geo->river - 1), &xr, &yr0);
            gui_layout_point(L, qp_sq(geo, f, geo->river), &xr, &yr1);
            gui_layout_point(L, qp_sq(geo, f, geo->h - 1), &x, &yb);
            vline(g, x, ya < yr0 ? ya : yr0, ya < yr0 ? yr0 : ya, lw, INK);
            vline(g, x, yb < yr1 ? yb : yr1, yb < yr1 ? yr1 : yb, lw, INK);
        } else {
            vline(g, x, top, bottom, lw, INK);
        }
    }
    /* Diagonal links (palace 米 lines, alquerque boards): each once, from
     * the lower point upward. */
    for (int sq = 0; sq < geo->n; sq++) {
        float ax, ay, bx, by;
        for (int dir = QP_NE; dir <= QP_NW; dir++) {
            if (dir != QP_NE && dir != QP_NW) continue;
            int to = geo->nb[sq][dir];
            if (to < 0) continue;
            point_xy(L, sq, &ax, &ay);
            point_xy(L, to, &bx, &by);
            gui_line(g, ax, ay, bx, by, (float)lw * 1.05f, INK);
        }
    }
    /* Thick outer frame a little outside the grid, as on printed boards. */
    int m = (int)(L->cell * 0.11f) + L->border_w / 2;
    int bw = L->border_w;
    hline(g, left - m, right + m, top - m, bw, INK);
    hline(g, left - m, right + m, bottom + m, bw, INK);
    vline(g, left - m, top - m, bottom + m, bw, INK);
    vline(g, right + m, top - m, bottom + m, bw, INK);
}

static void draw_cells_grid(gui_draw_ctx *d, const gui_layout *L, const qp_geom *geo)
{
    gui_gfx *g = &d->gfx;
    int half = L->cell / 2;
    int x0, y0, x1, y1;
    gui_layout_point(L, qp_sq(geo, 0, 0), &x0, &y0);
    gui_layout_point(L, qp_sq(geo, geo->w - 1, geo->h - 1), &x1, &y1);
    int left = (x0 < x1 ? x0 : x1) - half, top = (y0 < y1 ? y0 : y1) - half;
    int right = left + geo->w * L->cell, bottom = top + geo->h * L->cell;
    for (int i = 1; i < geo->w; i++) vline(g, left + i * L->cell, top, bottom, L->line_w + 1, INK);
    for (int i = 1; i < geo->h; i++) hline(g, left, right, top + i * L->cell, L->line_w + 1, INK);
    int bw = L->border_w;
    hline(g, left, right, top, bw, INK);
    hline(g, left, right, bottom, bw, INK);
    vline(g, left, top, bottom, bw, INK);
    vline(g, right, top, bottom, bw, INK);
}

/* ---- pieces and markers ----------------------------------------------- */

static void corner_marks(gui_gfx *g, float x, float y, float half, float len, float w, SDL_Color c)
{
    for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2) {
            float cx = x + sx * half, cy = y + sy * half;
            gui_line(g, cx, cy, cx - sx * len, cy, w, c);
            gui_line(g, cx, cy - sy * w / 2, cx, cy - sy * len, w, c);
        }
}

static void draw_piece(gui_draw_ctx *d, const gui_layout *L, const qp_piece_view *pv, float x, float y)
{
    gui_gfx *g = &d->gfx;
    float r = L->piece_r;
    gui_glow(g, x + r * 0.05f, y + r * 0.10f, r * 0.92f, r * 1.14f, C(40, 20, 0, 110));
    if (!pv->glyph || !pv->glyph[0]) {
        /* plain stone: first player dark, second light */
        if (pv->side == 0) gui_disc(g, x, y, r, C(90, 90, 96, 255), C(18, 18, 20, 255));
        else gui_disc(g, x, y, r, C(255, 255, 255, 255), C(200, 198, 192, 255));
        return;
    }
    SDL_Color sc = side_colour(pv->side);
    gui_disc(g, x, y, r, PIECE_EDGE, PIECE_EDGE);
    gui_disc(g, x, y - r * 0.03f, r * 0.93f, IVORY, IVORY_RIM);
    gui_ring(g, x, y - r * 0.03f, r * 0.76f, r * 0.83f, sc);
    char text[16];
    const char *glyph = pv->glyph;
    bool ascii = ((unsigned char)glyph[0]) < 0x80;
    if (!d->fonts.cjk && !ascii) {
        text[0] = (char)toupper((unsigned char)pv->letter);
        text[1] = 0;
        glyph = text;
    }
    int px = L->font_glyph;
    if (glyph[0] && ((unsigned char)glyph[0]) < 0x80) px = (int)(px * 0.95f);
    /* The cap box of CJK glyphs sits a little above the line box's centre. */
    gui_text(&d->fonts, glyph, px, true, sc, x, y + px * 0.01f, GUI_HCENTER | GUI_VCENTER, 0);
}

static void draw_marks_under(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, int sq,
                             float x, float y, bool occupied)
{
    gui_gfx *g = &d->gfx;
    unsigned m = st->mark[sq];
    float r = L->piece_r;
    if (m & GUI_MARK_LAST) {
        float half = L->kind == QP_BOARD_POINTS ? r * 1.04f : L->cell * 0.44f;
        corner_marks(g, x, y, half, r * 0.32f, fmaxf(2.0f, L->cell * 0.045f), LASTMV);
        if (!occupied) gui_disc(g, x, y, r * 0.16f, gui_alpha(LASTMV, 0.55f), gui_alpha(LASTMV, 0.55f));
    }
    if (sq == st->hover_sq && (m & (GUI_MARK_SOURCE | GUI_MARK_TARGET | GUI_MARK_EXTEND)))
        gui_glow(g, x, y, r * 0.9f, r * 1.25f, C(255, 255, 240, 120));
    if (m & GUI_MARK_SELECTED) gui_glow(g, x, y, r * 0.95f, r * 1.35f, gui_alpha(SELECT, 0.55f));
}

static void draw_marks_over(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, int sq,
                            float x, float y, bool occupied)
{
    gui_gfx *g = &d->gfx;
    unsigned m = st->mark[sq];
    float r = L->piece_r;
    float w = fmaxf(2.0f, r * 0.10f);
    if (m & GUI_MARK_SELECTED) gui_ring(g, x, y, r + 1, r + 1 + w, SELECT);
    if (m & GUI_MARK_TARGET) {
        if (occupied) {
            gui_ring(g, x, y, r + 1, r + 1 + w, TARGET);
        } else {
            bool placement = st->nsel == 0;
            float rr = placement ? r * 0.15f : r * 0.24f;
            gui_disc(g, x, y, rr, gui_alpha(TARGET, placement ? 0.45f : 0.85f), gui_alpha(TARGET, placement ? 0.45f : 0.95f));
        }
    }
    if (m & GUI_MARK_EXTEND) gui_ring(g, x, y, r + 1, r + 1 + w * 0.6f, gui_alpha(SELECT, 0.7f));
}

/* Check / leash / trapped: rings around the general of the side to move. */
static void draw_alarm(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    if (st->king_sq < 0 || !st->flags || st->g.cursor < 0) return;
    float x, y, r = L->piece_r, w = fmaxf(2.5f, r * 0.11f), rr = r + 2;
    point_xy(L, st->king_sq, &x, &y);
    const char *const *names = st->r->flag_names;
    for (int i = 0; names && names[i]; i++) {
        if (!(st->flags >> i & 1u)) continue;
        SDL_Color c = !strcmp(names[i], "check") ? CHECK : !strcmp(names[i], "leash") ? LEASH
                      : !strcmp(names[i], "trapped") ? TRAP : CHECK;
        gui_glow(&d->gfx, x, y, rr, rr + r * 0.35f, gui_alpha(c, 0.45f));
        gui_ring(&d->gfx, x, y, rr, rr + w, c);
        rr += w + 2;
    }
}

static void draw_board(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    const qp_rules *r = st->r;
    const qp_geom *geo = &r->geom;
    draw_wood(d, L);
    draw_regions(d, L, geo);
    draw_river(d, L, geo);
    if (L->kind == QP_BOARD_POINTS) draw_points_grid(d, L, geo);
    else draw_cells_grid(d, L, geo);
    draw_coords(d, L, geo);

    qp_piece_view pv[QP_MAX_POINTS];
    bool occ[QP_MAX_POINTS];
    for (int sq = 0; sq < geo->n; sq++) occ[sq] = r->rs->piece_at(r, st->g.cur, sq, &pv[sq]);
    for (int sq = 0; sq < geo->n; sq++) {
        float x, y;
        point_xy(L, sq, &x, &y);
        draw_marks_under(d, L, st, sq, x, y, occ[sq]);
    }
    draw_alarm(d, L, st);
    for (int sq = 0; sq < geo->n; sq++) {
        if (!occ[sq]) continue;
        float x, y;
        point_xy(L, sq, &x, &y);
        draw_piece(d, L, &pv[sq], x, y);
    }
    for (int sq = 0; sq < geo->n; sq++) {
        float x, y;
        point_xy(L, sq, &x, &y);
        draw_marks_over(d, L, st, sq, x, y, occ[sq]);
    }
}

/* ---- side panel ------------------------------------------------------- */

static void fmt_clock(char *buf, size_t n, uint64_t ms)
{
    uint64_t s = ms / 1000;
    if (s >= 3600)
        snprintf(buf, n, "%d:%02d:%02d", (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60));
    else
        snprintf(buf, n, "%02d:%02d", (int)(s / 60), (int)(s % 60));
}

static void draw_status(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const qp_rules *r = st->r;
    char line[256], a[96], b[96], c[96];
    const SDL_Rect *R = &L->status;
    SDL_Color col = TEXT;
    bool bold = false;

    if (st->outcome.result == QP_WIN) {
        char en[64];
        cap_word(en, sizeof en, qp_side_name(r, st->outcome.winner));
        snprintf(a, sizeof a, "%s胜", gui_side_zh(r, st->outcome.winner));
        snprintf(b, sizeof b, "%s wins", en);
        gui_bi(f, c, sizeof c, a, b);
        snprintf(line, sizeof line, "%s: %s%s%s", c, gui_word_zh(st->outcome.reason),
                 f->cjk && *gui_word_zh(st->outcome.reason) ? " " : "", st->outcome.reason);
        if (!f->cjk) snprintf(line, sizeof line, "%s: %s", c, st->outcome.reason);
        col = side_colour(st->outcome.winner).r > 100 ? C(255, 120, 100, 255) : C(255, 255, 255, 255);
        bold = true;
    } else if (st->outcome.result == QP_DRAW) {
        snprintf(line, sizeof line, "%s: %s", gui_bi(f, a, sizeof a, "和棋", "Draw"),
                 f->cjk && *gui_word_zh(st->outcome.reason)
                     ? (snprintf(b, sizeof b, "%s %s", gui_word_zh(st->outcome.reason), st->outcome.reason), b)
                     : st->outcome.reason);
        bold = true;
    } else if (r->nsides < 2) {
        snprintf(line, sizeof line, "%s", gui_bi(f, a, sizeof a, "请走棋", "Your move"));
    } else {
        char en[64];
        cap_word(en, sizeof en, qp_side_name(r, st->to_move));
        snprintf(a, sizeof a, "%s走棋", gui_side_zh(r, st->to_move));
        snprintf(b, sizeof b, "%s to move", en);
        gui_bi(f, line, sizeof line, *gui_side_zh(r, st->to_move) ? a : "", b);
    }
    float y = (float)R->y;
    float dot = L->font_text * 0.42f;
    float tx = (float)R->x;
    if (st->outcome.result == QP_ONGOING && r->nsides > 1) {
        gui_disc(&d->gfx, R->x + dot, y + L->font_text * 0.68f, dot, gui_mix(side_colour(st->to_move), C(255, 255, 255, 255), 0.25f),
                 side_colour(st->to_move));
        gui_ring(&d->gfx, R->x + dot, y + L->font_text * 0.68f, dot, dot + 1.2f, C(230, 210, 180, 255));
        tx += dot * 2 + L->font_text * 0.5f;
    }
    gui_text_fit(f, line, L->font_text + 1, bold || true, col, tx, y, GUI_LEFT, R->x + R->w - (int)tx);
    y += L->font_text * 1.6f;

    /* second line: flags, the selection hint, or that history is shown */
    line[0] = 0;
    col = TEXT_DIM;
    if (st->flags && st->outcome.result == QP_ONGOING) {
        const char *const *names = r->flag_names;
        for (int i = 0; names && names[i]; i++) {
            if (!(st->flags >> i & 1u)) continue;
            size_t k = strlen(line);
            const char *zh = gui_word_zh(names[i]);
            if (f->cjk && *zh) snprintf(line + k, sizeof line - k, "%s%s %s!", k ? "  " : "", zh, names[i]);
            else snprintf(line + k, sizeof line - k, "%s%s!", k ? "  " : "", names[i]);
        }
        col = st->flags & QP_FLAG_CHECK ? C(255, 110, 100, 255) : C(255, 190, 90, 255);
    } else if (st->g.cursor < st->g.len) {
        snprintf(b, sizeof b, "Viewing move %d of %d", st->g.cursor, st->g.len);
        snprintf(a, sizeof a, "查看第%d步", st->g.cursor);
        gui_bi(f, line, sizeof line, a, b);
        col = C(150, 200, 255, 255);
    } else if (st->nsel > 1) {
        gui_bi(f, line, sizeof line, "兑子：再点要兑掉的敌子", "Exchange: now click the piece to take");
        col = C(150, 200, 255, 255);
    } else if (st->nsel == 1) {
        gui_bi(f, line, sizeof line, "点绿点走棋", "Click a green mark to move");
    }
    if (line[0]) gui_text_fit(f, line, L->font_small, false, col, (float)R->x, y, GUI_LEFT, R->w);
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
        if (active) gui_round_rect(&d->gfx, (float)R->x, y + 1, (float)R->w, rowh - 2, rowh * 0.25f, C(80, 68, 58, 255));
        float dot = rowh * 0.2f, cx = R->x + rowh * 0.45f, cy = y + rowh / 2;
        gui_disc(&d->gfx, cx, cy, dot, IVORY, IVORY_RIM);
        gui_ring(&d->gfx, cx, cy, dot * 0.55f, dot * 0.9f, side_colour(s));
        char name[96], who[64], line[160], t[32];
        side_bi(f, r, s, name, sizeof name);
        bool ai = st->engine_ok && (st->ai_mask >> s & 1u);
        gui_bi(f, who, sizeof who, ai ? "电脑" : "棋手", ai ? "computer" : "player");
        snprintf(line, sizeof line, "%s  \xC2\xB7 %s", name, who);
        gui_text_fit(f, line, L->font_text, active, active ? TEXT : TEXT_DIM, cx + rowh * 0.45f, cy,
                     GUI_LEFT | GUI_VCENTER, R->w - (int)(rowh * 3.5f));
        fmt_clock(t, sizeof t, st->clock_ms[s]);
        gui_text(f, t, L->font_text + 1, true, active ? TEXT : TEXT_DIM, (float)(R->x + R->w - rowh * 0.3f), cy,
                 GUI_RIGHT | GUI_VCENTER, 0);
    }
}

static void score_text(char *buf, size_t n, const gui_think *t)
{
    if (t->mate) snprintf(buf, n, "%s%d", t->mate_plies > 0 ? "#" : "#-", (abs(t->mate_plies) + 1) / 2);
    else snprintf(buf, n, "%+.2f", t->score / 100.0);
}

static void draw_think(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *R = &L->think;
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, PANEL_BOX);
    float pad = 8 * L->ui, x = R->x + pad, y = R->y + pad * 0.7f;
    int maxw = R->w - (int)(2 * pad);
    char a[160], b[160], line[320];
    const gui_think *t = &st->think;
    if (t->active || t->depth > 0) {
        if (t->active) {
            /* three dots chasing each other */
            for (int i = 0; i < 3; i++) {
                float ph = (float)((ticks / 140 + 3 - i) % 3) / 2.0f;
                gui_disc(&d->gfx, x + L->font_small * (0.35f + i * 0.8f), y + L->font_small * 0.62f,
                         L->font_small * 0.22f, gui_mix(C(120, 200, 255, 255), C(60, 80, 100, 255), ph),
                         gui_mix(C(120, 200, 255, 255), C(60, 80, 100, 255), ph));
            }
        }
        float tx = t->active ? x + L->font_small * 2.6f : x;
        char sc[32], nodes[32];
        score_text(sc, sizeof sc, t);
        if (t->nodes >= 1000000) snprintf(nodes, sizeof nodes, "%.1fM", t->nodes / 1e6);
        else snprintf(nodes, sizeof nodes, "%.1fk", t->nodes / 1e3);
        snprintf(b, sizeof b, "%s depth %d  score %s  %s nodes", t->active ? "Thinking" : "Last search",
                 t->depth, sc, nodes);
        gui_bi(f, line, sizeof line, t->active ? "思考中" : "", b);
        gui_text_fit(f, line, L->font_small, false, TEXT, tx, y, GUI_LEFT, maxw - (int)(tx - x));
        y += L->font_small * 1.45f;
        snprintf(line, sizeof line, "%s %s", f->cjk ? "主变 PV:" : "PV:", t->pv[0] ? t->pv : "-");
        gui_text_fit(f, line, L->font_small, false, TEXT_DIM, x, y, GUI_LEFT, maxw);
        y += L->font_small * 1.45f;
    } else {
        /* idle: show the mode and level */
        const char *zh, *en;
        char sa[96], sb[96];
        switch (st->ai_mask & 3u) {
        case 0: zh = "双人对弈"; en = "Two players"; break;
        case 3: zh = "电脑对电脑"; en = "Computer vs computer"; break;
        default: {
            int hs = gui_state_human_side(st);
            char cap[32];
            cap_word(cap, sizeof cap, qp_side_name(st->r, hs));
            snprintf(sa, sizeof sa, "执%s对电脑", *gui_side_zh(st->r, hs) ? gui_side_zh(st->r, hs) : "");
            snprintf(sb, sizeof sb, "You (%s) vs computer", cap);
            zh = sa;
            en = sb;
        }
        }
        if (!st->engine_ok) {
            zh = "双人对弈";
            en = "Two players (no engine)";
        }
        snprintf(line, sizeof line, "%s", gui_bi(f, a, sizeof a, zh, en));
        gui_text_fit(f, line, L->font_small, false, TEXT, x, y, GUI_LEFT, maxw);
        y += L->font_small * 1.45f;
        const char *nm = st->level_name[st->level];
        snprintf(b, sizeof b, "Level %d%s%s", st->level, *nm ? " \xC2\xB7 " : "", nm);
        snprintf(a, sizeof a, "等级%d%s%s", st->level, *gui_word_zh(nm) ? " " : "", gui_word_zh(nm));
        gui_text_fit(f, gui_bi(f, line, sizeof line, a, b), L->font_small, false, TEXT_DIM, x, y, GUI_LEFT, maxw);
    }
    (void)y;
}

static void draw_moves(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *R = &L->moves;
    if (R->h < L->row_h) return;
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, PANEL_BOX);
    int rows = gui_layout_move_rows(L), total = st->nply + 1;
    float top = R->y + 6 * L->ui;
    float xnum = R->x + L->font_text * 2.6f, xtext = xnum + L->font_text * 0.6f;
    float xnota = xtext + L->font_text * 4.6f;
    SDL_RenderSetClipRect(d->gfx.ren, R);
    for (int k = 0; k < rows && st->scroll + k < total; k++) {
        int row = st->scroll + k;
        float y = top + k * L->row_h;
        if (row == st->g.cursor)
            gui_round_rect(&d->gfx, R->x + 3 * L->ui, y, R->w - 6 * L->ui - 6 * L->ui, (float)L->row_h, 4 * L->ui,
                           C(92, 76, 60, 255));
        else if (row == st->hover_ply)
            gui_round_rect(&d->gfx, R->x + 3 * L->ui, y, R->w - 6 * L->ui - 6 * L->ui, (float)L->row_h, 4 * L->ui,
                           C(66, 57, 50, 255));
        float cy = y + L->row_h / 2.0f;
        bool cur = row == st->g.cursor;
        if (row == 0) {
            char a[64];
            gui_text(f, gui_bi(f, a, sizeof a, "开局", "Start"), L->font_text, cur, cur ? TEXT : TEXT_DIM,
                     xtext, cy, GUI_LEFT | GUI_VCENTER, 0);
            continue;
        }
        const gui_ply *p = &st->ply[row - 1];
        char num[16];
        /* Full-move numbers count the first side's plies. */
        int first_side = st->nply ? st->ply[0].side : 0;
        int full = (row - 1 + (first_side != 0)) / (st->r->nsides > 1 ? 2 : 1) + 1;
        if (p->side == 0 || row == 1 || st->r->nsides < 2) snprintf(num, sizeof num, "%d.", full);
        else num[0] = 0;
        SDL_Color col = cur ? TEXT : C(214, 202, 184, 255);
        if (num[0]) gui_text(f, num, L->font_small, false, TEXT_DIM, xnum, cy, GUI_RIGHT | GUI_VCENTER, 0);
        float dot = L->font_small * 0.26f;
        gui_disc(&d->gfx, xtext + dot, cy, dot, side_colour(p->side).r > 100 ? C(220, 70, 60, 255) : C(20, 18, 16, 255),
                 C(200, 190, 170, 255));
        gui_text(f, p->text, L->font_text, cur, col, xtext + dot * 3.2f, cy, GUI_LEFT | GUI_VCENTER, 0);
        if (p->nota[0] && (f->cjk || ((unsigned char)p->nota[0]) < 0x80))
            gui_text_fit(f, p->nota, L->font_text, cur, col, xnota + dot * 2, cy, GUI_LEFT | GUI_VCENTER,
                         (int)(R->x + R->w - xnota - 10 * L->ui));
    }
    SDL_RenderSetClipRect(d->gfx.ren, NULL);
    if (total > rows) {
        /* scroll bar */
        float track = R->h - 12 * L->ui, th = fmaxf(track * rows / total, 12 * L->ui);
        float ty = R->y + 6 * L->ui + (track - th) * st->scroll / (float)(total - rows);
        gui_round_rect(&d->gfx, R->x + R->w - 7 * L->ui, ty, 4 * L->ui, th, 2 * L->ui, C(120, 104, 90, 255));
    }
}

static bool button_enabled(const gui_state *st, int b)
{
    switch (b) {
    case GUI_BTN_UNDO: return st->g.cursor > 0;
    case GUI_BTN_REDO: return st->g.cursor < st->g.len;
    case GUI_BTN_RESIGN: return st->outcome.result == QP_ONGOING && st->g.resigned < 0;
    case GUI_BTN_MODE:
    case GUI_BTN_LEVEL: return st->engine_ok;
    case GUI_BTN_SOUND: return st->sound_ok;
    default: return true;
    }
}

static void button_label(const gui_state *st, int b, const char **zh, const char **en, char *ebuf, size_t n)
{
    static const char *const Z[GUI_NBUTTONS] = {"新局", "悔棋", "还原", "认输", "保存", "读取",
                                               "翻转", "模式", "等级", "声音", "帮助", "退出"};
    static const char *const E[GUI_NBUTTONS] = {"New", "Undo", "Redo", "Resign", "Save", "Load",
                                               "Flip", "Mode", "Level", "Sound", "Help", "Quit"};
    *zh = Z[b];
    *en = E[b];
    if (b == GUI_BTN_LEVEL) {
        snprintf(ebuf, n, "Level %d", st->level);
        *en = ebuf;
    } else if (b == GUI_BTN_SOUND) {
        snprintf(ebuf, n, "Sound %s", st->sound_on && st->sound_ok ? "on" : "off");
        *en = ebuf;
    }
}

static void draw_buttons(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    gui_fonts *f = &d->fonts;
    for (int b = 0; b < GUI_NBUTTONS; b++) {
        const SDL_Rect *R = &L->button[b];
        bool on = button_enabled(st, b);
        SDL_Color bg = st->hover_button == b && on ? BUTTON_HOVER : BUTTON;
        gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui, bg);
        const char *zh, *en;
        char ebuf[32];
        button_label(st, b, &zh, &en, ebuf, sizeof ebuf);
        SDL_Color c = on ? TEXT : C(120, 108, 96, 255);
        float cx = R->x + R->w / 2.0f, cy = R->y + R->h / 2.0f;
        if (f->cjk) {
            gui_text(f, zh, L->font_button, true, c, cx, cy - L->font_button * 0.02f, GUI_HCENTER | GUI_BOTTOM, 0);
            gui_text_fit(f, en, (int)(L->font_button * 0.78f), false, on ? TEXT_DIM : c, cx, cy + L->font_button * 0.02f,
                         GUI_HCENTER | GUI_TOP, R->w - 4);
        } else {
            gui_text_fit(f, en, L->font_button, true, c, cx, cy, GUI_HCENTER | GUI_VCENTER, R->w - 4);
        }
    }
}

static void draw_panel(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    gui_fonts *f = &d->fonts;
    const SDL_Rect *P = &L->panel;
    gui_fill_rect(&d->gfx, (float)P->x, (float)P->y, (float)P->w, (float)P->h, PANEL);
    if (L->wide) gui_fill_rect(&d->gfx, (float)P->x, (float)P->y, 1, (float)P->h, C(80, 70, 62, 255));
    else gui_fill_rect(&d->gfx, (float)P->x, (float)P->y, (float)P->w, 1, C(80, 70, 62, 255));
    const char *title = st->r->rs->title ? st->r->rs->title : st->r->rs->name;
    gui_text_fit(f, title, L->font_title, true, C(240, 200, 140, 255), (float)L->title.x,
                 L->title.y + L->title.h / 2.0f, GUI_LEFT | GUI_VCENTER, L->title.w);
    draw_status(d, L, st);
    draw_clocks(d, L, st);
    draw_think(d, L, st, ticks);
    draw_moves(d, L, st);
    if (st->msg[0])
        gui_text_fit(f, st->msg, L->font_small, false, st->msg_error ? ERR_RED : OK_GREEN, (float)L->msg.x,
                     L->msg.y + L->msg.h / 2.0f, GUI_LEFT | GUI_VCENTER, L->msg.w);
    draw_buttons(d, L, st);
}

/* ---- dialogs ---------------------------------------------------------- */

static void dialog_button(gui_draw_ctx *d, const gui_layout *L, const SDL_Rect *R, const char *label,
                          bool primary)
{
    gui_round_rect(&d->gfx, (float)R->x, (float)R->y, (float)R->w, (float)R->h, 6 * L->ui,
                   primary ? C(178, 60, 40, 255) : C(120, 104, 90, 255));
    gui_text_fit(&d->fonts, label, L->font_text, true, C(255, 250, 240, 255), R->x + R->w / 2.0f,
                 R->y + R->h / 2.0f, GUI_HCENTER | GUI_VCENTER, R->w - 6);
}

static const char help_keys[] =
    "N new game   U / Ctrl+Z undo   R redo   F flip board   M mode   L level   "
    "S sound   Ctrl+S save   Ctrl+O load   H help   Q quit   "
    "\xE2\x86\x90 / \xE2\x86\x92 step through the moves";

static void draw_dialog(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    gui_fonts *f = &d->fonts;
    SDL_Rect card, yes, no;
    char a[256], b[256];
    int lines = st->dialog == GUI_DLG_HELP ? 22 : 4;
    gui_layout_dialog(L, lines, &card, &yes, &no);
    gui_fill_rect(&d->gfx, 0, 0, (float)L->W, (float)L->H, C(0, 0, 0, 140));
    gui_round_rect(&d->gfx, card.x + 3.0f, card.y + 6.0f, (float)card.w, (float)card.h, 10 * L->ui, C(0, 0, 0, 90));
    gui_round_rect(&d->gfx, (float)card.x, (float)card.y, (float)card.w, (float)card.h, 10 * L->ui, CARD);
    float pad = 22 * L->ui, x = card.x + pad, y = card.y + pad;
    int w = card.w - (int)(2 * pad);
    switch (st->dialog) {
    case GUI_DLG_HELP: {
        const char *title = st->r->rs->title ? st->r->rs->title : st->r->rs->name;
        snprintf(b, sizeof b, "Help \xE2\x80\x94 %s", title);
        y += gui_text(f, gui_bi(f, a, sizeof a, "帮助", b), L->font_title, true, CARD_TEXT, x, y, GUI_LEFT, 0);
        y += 8 * L->ui;
        const char *help = st->r->rs->help_text;
        if (!help || !*help) help = "Click a piece, then one of the marked points.";
        SDL_Rect clip = {card.x, (int)y, card.w, (int)(yes.y - y - L->font_small * 4.2f)};
        SDL_RenderSetClipRect(d->gfx.ren, &clip);
        gui_text(f, help, L->font_small, false, CARD_TEXT, x, y, GUI_LEFT, w);
        SDL_RenderSetClipRect(d->gfx.ren, NULL);
        gui_text(f, help_keys, L->font_small, false, C(110, 90, 70, 255), x, yes.y - L->font_small * 3.8f,
                 GUI_LEFT, w);
        SDL_Rect ok = {card.x + (card.w - yes.w) / 2, yes.y, yes.w, yes.h};
        dialog_button(d, L, &ok, gui_bi(f, a, sizeof a, "关闭", "Close"), true);
        break;
    }
    case GUI_DLG_RESUME:
        y += gui_text(f, gui_bi(f, a, sizeof a, "继续上次未下完的棋局？", "Resume the unfinished game?"),
                      L->font_title, true, CARD_TEXT, x, y, GUI_LEFT, w);
        y += 6 * L->ui;
        snprintf(b, sizeof b, "%s", st->autosave_path);
        gui_text_fit(f, b, L->font_small, false, C(110, 90, 70, 255), x, y, GUI_LEFT, w);
        dialog_button(d, L, &yes, gui_bi(f, a, sizeof a, "是", "Yes (Y)"), true);
        dialog_button(d, L, &no, gui_bi(f, b, sizeof b, "否", "No (N)"), false);
        break;
    case GUI_DLG_SAVE:
    case GUI_DLG_LOAD: {
        bool save = st->dialog == GUI_DLG_SAVE;
        y += gui_text(f, save ? gui_bi(f, a, sizeof a, "保存棋局到文件", "Save the game to file")
                              : gui_bi(f, a, sizeof a, "从文件读取棋局", "Load a game from file"),
                      L->font_title, true, CARD_TEXT, x, y, GUI_LEFT, w);
        y += 10 * L->ui;
        float eh = L->font_text * 1.9f;
        gui_round_rect(&d->gfx, x, y, (float)w, eh, 5 * L->ui, C(255, 255, 255, 255));
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
        gui_text(f, shown, L->font_text, false, CARD_TEXT, tx, y + eh / 2, GUI_LEFT | GUI_VCENTER, 0);
        if (ticks / 500 % 2 == 0)
            gui_fill_rect(&d->gfx, tx + (shown[0] ? tw : 0) + 1, y + eh * 0.2f, fmaxf(1, L->ui * 1.5f), eh * 0.6f, CARD_TEXT);
        dialog_button(d, L, &yes, gui_bi(f, a, sizeof a, save ? "保存" : "读取", save ? "Save (Enter)" : "Load (Enter)"), true);
        dialog_button(d, L, &no, gui_bi(f, b, sizeof b, "取消", "Cancel (Esc)"), false);
        break;
    }
    default:
        break;
    }
}

/* ---- frame ------------------------------------------------------------ */

int gui_draw_init(gui_draw_ctx *d, SDL_Renderer *ren, char *err, size_t errn)
{
    memset(d, 0, sizeof *d);
    if (SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND) < 0) {
        snprintf(err, errn, "SDL_SetRenderDrawBlendMode: %s", SDL_GetError());
        return -1;
    }
    if (gui_gfx_init(&d->gfx, ren)) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (gui_fonts_open(&d->fonts, ren, err, errn)) {
        gui_gfx_free(&d->gfx);
        return -1;
    }
    return 0;
}

void gui_draw_free(gui_draw_ctx *d)
{
    gui_fonts_close(&d->fonts);
    gui_gfx_free(&d->gfx);
}

void gui_draw_frame(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, Uint32 ticks)
{
    SDL_SetRenderDrawColor(d->gfx.ren, BG.r, BG.g, BG.b, 255);
    SDL_RenderClear(d->gfx.ren);
    draw_board(d, L, st);
    draw_panel(d, L, st, ticks);
    if (st->dialog != GUI_DLG_NONE) draw_dialog(d, L, st, ticks);
    gui_fonts_end_frame(&d->fonts);
}
