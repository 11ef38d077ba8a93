/*
 * gui_board.c — the board, its pieces and the markers on it.
 *
 * The board is drawn from the ruleset's geometry alone: a points board
 * gets a line for every orthogonal link (so holes and a river show as
 * missing lines), a diagonal for every diagonal link (palace 米 lines,
 * alquerque boards), a tint per region; a cells board gets squares.
 * The empty board is painted once per layout into a texture and the pieces
 * into sprites (gui_raster: exact anti-aliasing), so a frame is a handful
 * of copies.
 */
#include "gui_board.h"

#include "gui_editor.h"
#include "gui_raster.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- painting the empty board ---------------------------------------- */

/* Grid lines are whole-pixel rectangles centred on the point coordinate:
 * the sharpest line there is. */
static void hline(SDL_Surface *cv, int x0, int x1, int y, int w, SDL_Color c)
{
    gui_r_fill(cv, x0 - w / 2, y - w / 2, x1 - x0 + w, w, c);
}

static void vline(SDL_Surface *cv, int x, int y0, int y1, int w, SDL_Color c)
{
    gui_r_fill(cv, x - w / 2, y0 - w / 2, w, y1 - y0 + w, c);
}

static float frame_width(const gui_layout *L)
{
    return fmaxf(3.0f, L->cell * 0.09f);
}

/* The board's surface: wood, or green felt for reversi-like games. */
static void paint_wood(SDL_Surface *cv, const gui_layout *L, qp_board_look look)
{
    const SDL_Rect *b = &L->board;
    float fr = frame_width(L), rad = fmaxf(3.0f, L->cell * 0.12f);
    gui_r_round_rect(cv, b->x - fr + 2, b->y - fr + 4, b->w + 2 * fr, b->h + 2 * fr, rad + fr, GUI_C(0, 0, 0, 60));
    gui_r_round_rect(cv, b->x - fr, b->y - fr, b->w + 2 * fr, b->h + 2 * fr, rad + fr, GUI_FRAME);
    /* wood: a gradient clipped to the rounded board by painting the
     * rounded shape in the bottom colour and the gradient inside it */
    SDL_Color top = GUI_WOOD_TOP, bottom = GUI_WOOD_BOTTOM;
    if (look == QP_LOOK_FELT) top = GUI_C(40, 130, 72, 255), bottom = GUI_C(26, 104, 56, 255);
    gui_r_round_rect(cv, (float)b->x, (float)b->y, (float)b->w, (float)b->h, rad, bottom);
    int in = (int)ceilf(rad);
    gui_r_vgradient(cv, b->x, b->y + in, b->w, b->h - 2 * in, top, bottom);
    gui_r_round_rect(cv, (float)b->x, (float)b->y, (float)b->w, 2.0f * in, rad, top);
}

/* A Go board's star points (hoshi): on the third line (fourth from 13×13
 * up), their middles, and the centre, as printed boards mark them. */
static void paint_star_points(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    int w = geo->w;
    if (geo->look != QP_LOOK_GO || w != geo->h || w < 7 || !(w & 1)) return;
    int e = w >= 13 ? 3 : 2, m = w / 2;
    int at[3] = {e, m, w - 1 - e};
    float rad = fmaxf(2.5f, L->cell * 0.1f);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            bool middle = i == 1 || j == 1;
            /* the middles of the sides only on big boards; the centre always */
            if (middle && !(i == 1 && j == 1) && w < 19) continue;
            int x, y;
            gui_layout_point(L, qp_sq(geo, at[i], at[j]), &x, &y);
            gui_r_disc(cv, (float)x, (float)y, rad, GUI_INK, GUI_INK);
        }
}

/* Chess and draughts: every square of the grid in alternating colours,
 * a1 dark, holes too (draughts' light squares are no points but are
 * part of the board). */
static void paint_checkers(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    int half = L->cell / 2;
    for (int sq = 0; sq < geo->n; sq++) {
        int x, y;
        gui_layout_point(L, sq, &x, &y);
        bool dark = (qp_file(geo, sq) + qp_rank(geo, sq)) % 2 == 0;
        gui_r_fill(cv, x - half, y - half, L->cell, L->cell, dark ? GUI_C(150, 98, 60, 255) : GUI_C(236, 214, 176, 255));
    }
    int x0, y0, x1, y1;
    gui_layout_point(L, qp_sq(geo, 0, 0), &x0, &y0);
    gui_layout_point(L, qp_sq(geo, geo->w - 1, geo->h - 1), &x1, &y1);
    int l = (x0 < x1 ? x0 : x1) - half, t = (y0 < y1 ? y0 : y1) - half;
    int r = (x0 < x1 ? x1 : x0) + half, b = (y0 < y1 ? y1 : y0) + half;
    hline(cv, l, r, t, L->border_w, GUI_INK);
    hline(cv, l, r, b, L->border_w, GUI_INK);
    vline(cv, l, t, b, L->border_w, GUI_INK);
    vline(cv, r, t, b, L->border_w, GUI_INK);
}

static void paint_regions(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    for (int ri = 0; ri < geo->nregions; ri++) {
        const qp_region *rg = &geo->regions[ri];
        int x0 = 1 << 30, y0 = 1 << 30, x1 = -(1 << 30), y1 = -(1 << 30);
        for (int sq = 0; sq < geo->n; sq++) {
            if (!rg->in[sq]) continue;
            int x, y;
            gui_layout_point(L, sq, &x, &y);
            int h = L->cell / 2;
            switch (rg->paint) {
            case QP_PAINT_WATER:
                gui_r_fill(cv, x - h, y - h, L->cell, L->cell, GUI_C(70, 140, 200, 150));
                continue;
            case QP_PAINT_TRAP:   /* a dark square frame inside the square */
                gui_r_fill(cv, x - h, y - h, L->cell, L->cell, GUI_C(120, 70, 30, 60));
                gui_r_ring(cv, (float)x, (float)y, L->cell * 0.30f, L->cell * 0.36f, GUI_C(110, 60, 20, 140));
                continue;
            case QP_PAINT_GOAL:
                gui_r_fill(cv, x - h, y - h, L->cell, L->cell, GUI_C(214, 170, 40, 140));
                gui_r_ring(cv, (float)x, (float)y, L->cell * 0.36f, L->cell * 0.42f, GUI_C(150, 100, 10, 200));
                continue;
            default:
                break;
            }
            if (L->kind == QP_BOARD_CELLS) {
                gui_r_fill(cv, x - h, y - h, L->cell, L->cell, GUI_C(150, 80, 30, 34));
                continue;
            }
            if (x < x0) x0 = x;
            if (y < y0) y0 = y;
            if (x > x1) x1 = x;
            if (y > y1) y1 = y;
        }
        if (L->kind == QP_BOARD_POINTS && x1 >= x0)
            gui_r_fill(cv, x0, y0, x1 - x0, y1 - y0, GUI_C(170, 90, 30, 30));
    }
}

static void paint_text(gui_draw_ctx *d, SDL_Surface *cv, const char *s, int px, SDL_Color c, float x, float y)
{
    SDL_Surface *t = gui_text_surface(&d->fonts, s, px, false, c);
    if (!t) return;
    gui_r_blit(cv, t, (int)lroundf(x - t->w / 2.0f), (int)lroundf(y - t->h / 2.0f));
    SDL_FreeSurface(t);
}

/* The traditional file numbers of a Xiangqi board: 九…一 from left to
 * right along the first side's (Red's) edge, 1…9 along the second's,
 * each counted from that player's right; no rank numbers. */
static void paint_file_numbers(gui_draw_ctx *d, SDL_Surface *cv, const gui_layout *L, const qp_geom *geo, float off)
{
    static const char *const cn[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    for (int f = 0; f < geo->w && f < 9; f++) {
        int x, y0, y1;
        char num[4];
        gui_layout_point(L, qp_sq(geo, f, 0), &x, &y0);
        gui_layout_point(L, qp_sq(geo, f, geo->h - 1), &x, &y1);
        float out = y0 > y1 ? off : -off;   /* away from the board's middle */
        paint_text(d, cv, cn[geo->w - f], L->font_coord, GUI_COORD, (float)x, y0 + out * L->cell);
        snprintf(num, sizeof num, "%d", f + 1);
        paint_text(d, cv, num, L->font_coord, GUI_COORD, (float)x, y1 - out * L->cell);
    }
}

/* Bottom/left coordinates, named as qp_sq_name names the points; or the
 * traditional file numbers (numbers). */
static void paint_coords(gui_draw_ctx *d, SDL_Surface *cv, const gui_layout *L, const qp_geom *geo, bool numbers)
{
    char name[8];
    /* Halfway between the outer pieces and the board's edge. */
    float off = L->kind == QP_BOARD_POINTS ? 0.70f : 0.81f;
    if (numbers) {
        paint_file_numbers(d, cv, L, geo, off);
        return;
    }
    for (int f = 0; f < geo->w; f++) {
        int x, y, xb, yb;
        qp_sq_name(geo, qp_sq(geo, f, 0), name);
        name[strcspn(name, "0123456789")] = 0;
        gui_layout_point(L, qp_sq(geo, f, 0), &x, &y);
        gui_layout_point(L, qp_sq(geo, f, L->flip ? geo->h - 1 : 0), &xb, &yb);
        paint_text(d, cv, name, L->font_coord, GUI_COORD, (float)x, yb + off * L->cell);
    }
    for (int r = 0; r < geo->h; r++) {
        int sq = qp_sq(geo, L->flip ? geo->w - 1 : 0, r), x, y;
        qp_sq_name(geo, sq, name);
        gui_layout_point(L, sq, &x, &y);
        paint_text(d, cv, name + strcspn(name, "0123456789"), L->font_coord, GUI_COORD, x - off * L->cell, (float)y);
    }
}

static void paint_river(gui_draw_ctx *d, SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    if (geo->river <= 0 || geo->river >= geo->h || L->kind != QP_BOARD_POINTS) return;
    int xa, ya, xb, yb;
    gui_layout_point(L, qp_sq(geo, 0, geo->river - 1), &xa, &ya);
    gui_layout_point(L, qp_sq(geo, geo->w - 1, geo->river), &xb, &yb);
    int xl = xa < xb ? xa : xb, xr = xa < xb ? xb : xa, yt = ya < yb ? ya : yb, ybm = ya < yb ? yb : ya;
    gui_r_fill(cv, xl, yt + L->line_w, xr - xl, ybm - yt - 2 * L->line_w, GUI_C(110, 160, 190, 26));
    if (!d->fonts.cjk) return;
    int px = (int)(L->cell * 0.46f);
    float cy = (ya + yb) / 2.0f;
    /* Each side reads its own half: the words face the player below. */
    paint_text(d, cv, L->flip ? "漢 界" : "楚 河", px, GUI_C(120, 82, 46, 200), xl + (xr - xl) * 0.25f, cy);
    paint_text(d, cv, L->flip ? "楚 河" : "漢 界", px, GUI_C(120, 82, 46, 200), xl + (xr - xl) * 0.75f, cy);
}

/* A link drawn round the board's centre: from a to b along a curve whose
 * distance from the centre goes from a's to b's (an arc when they are
 * equal), the shorter way round. */
static void arc_link(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo, int a, int b, float w)
{
    int ax, ay, bx, by, c0x, c0y, c1x, c1y;
    gui_layout_point(L, a, &ax, &ay);
    gui_layout_point(L, b, &bx, &by);
    gui_layout_point(L, 0, &c0x, &c0y);
    gui_layout_point(L, geo->n - 1, &c1x, &c1y);
    float cx = (c0x + c1x) / 2.0f, cy = (c0y + c1y) / 2.0f;
    float ra = hypotf(ax - cx, ay - cy), rb = hypotf(bx - cx, by - cy);
    float ta = atan2f(ay - cy, ax - cx), tb = atan2f(by - cy, bx - cx), dt = tb - ta;
    while (dt > 3.14159265f) dt -= 6.2831853f;
    while (dt < -3.14159265f) dt += 6.2831853f;
    bool round = ra > 0 && rb > 0 && fabsf(ra - rb) < 0.15f * fmaxf(ra, rb) && fabsf(dt) > 0.01f;
    if (!round) {
        gui_r_line(cv, (float)ax, (float)ay, (float)bx, (float)by, w, GUI_INK);
        return;
    }
    int steps = 24;
    float px = (float)ax, py = (float)ay;
    for (int i = 1; i <= steps; i++) {
        float t = (float)i / steps, r = ra + (rb - ra) * t, th = ta + dt * t;
        float qx = cx + r * cosf(th), qy = cy + r * sinf(th);
        gui_r_line(cv, px, py, qx, qy, w, GUI_INK);
        px = qx, py = qy;
    }
}

/* Lines are drawn per link of the geometry, so a board with holes (the
 * Lua adapter cuts the links of missing points) draws only its real lines. */
static void paint_points_grid(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    int lw = L->line_w;
    bool river = geo->river > 0 && geo->river < geo->h, holes = false;
    if (geo->look == QP_LOOK_CIRCLES) {   /* every link once, round where it goes round */
        for (int sq = 0; sq < geo->n; sq++)
            for (int d = 0; d < QP_NDIRS; d++) {
                int t = geo->nb[sq][d];
                if (t > sq) arc_link(cv, L, geo, sq, t, lw * 1.1f);
            }
    }
    for (int sq = 0; sq < geo->n; sq++) {
        if (qp_geom_is_hole(geo, sq)) {
            holes = true;
            continue;
        }
        if (geo->look == QP_LOOK_CIRCLES) continue;
        int x, y, tx, ty;
        gui_layout_point(L, sq, &x, &y);
        int e = geo->nb[sq][QP_E], n = geo->nb[sq][QP_N];
        if (e >= 0) {
            gui_layout_point(L, e, &tx, &ty);
            hline(cv, x < tx ? x : tx, x < tx ? tx : x, y, lw, GUI_INK);
        }
        /* The river cuts the inner files, as on a printed Xiangqi board. */
        int f = qp_file(geo, sq), rk = qp_rank(geo, sq);
        bool across = river && rk == geo->river - 1 && f > 0 && f < geo->w - 1;
        if (n >= 0 && !across) {
            gui_layout_point(L, n, &tx, &ty);
            vline(cv, x, y < ty ? y : ty, y < ty ? ty : y, lw, GUI_INK);
        }
    }
    /* Diagonal links: each once, from the lower point upward. */
    for (int sq = 0; sq < geo->n && geo->look != QP_LOOK_CIRCLES; sq++) {
        const int dirs[2] = {QP_NE, QP_NW};
        for (int k = 0; k < 2; k++) {
            int to = geo->nb[sq][dirs[k]], ax, ay, bx, by;
            if (to < 0) continue;
            gui_layout_point(L, sq, &ax, &ay);
            gui_layout_point(L, to, &bx, &by);
            gui_r_line(cv, (float)ax, (float)ay, (float)bx, (float)by, lw * 1.1f, GUI_INK);
        }
    }
    if (holes) {
        /* a board with holes (morris, peg solitaire) marks its points,
         * since lines alone do not say where a piece may stand */
        float rad = fmaxf(2.5f, L->cell * 0.09f);
        for (int sq = 0; sq < geo->n; sq++) {
            if (qp_geom_is_hole(geo, sq)) continue;
            int x, y;
            gui_layout_point(L, sq, &x, &y);
            gui_r_disc(cv, (float)x, (float)y, rad, GUI_INK, GUI_INK);
        }
        return;
    }
    /* Thick outer frame a little outside the grid, as on printed boards. */
    int x0, y0, x1, y1;
    gui_layout_point(L, qp_sq(geo, 0, 0), &x0, &y0);
    gui_layout_point(L, qp_sq(geo, geo->w - 1, geo->h - 1), &x1, &y1);
    int left = x0 < x1 ? x0 : x1, right = x0 < x1 ? x1 : x0;
    int top = y0 < y1 ? y0 : y1, bottom = y0 < y1 ? y1 : y0;
    int m = (int)(L->cell * 0.11f) + L->border_w / 2, bw = L->border_w;
    hline(cv, left - m, right + m, top - m, bw, GUI_INK);
    hline(cv, left - m, right + m, bottom + m, bw, GUI_INK);
    vline(cv, left - m, top - m, bottom + m, bw, GUI_INK);
    vline(cv, right + m, top - m, bottom + m, bw, GUI_INK);
}

/* Each real cell gets its four edges: thin between cells, thick where the
 * board ends (its edge or a hole). */
/* The corner marks of a printed Xiangqi board on the cannons' and the
 * soldiers' starting points (a 9x10 board with a river); the half toward
 * the board's edge is left out at the edge files. */
static void paint_point_marks(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    if (geo->w != 9 || geo->h != 10 || geo->river != 5) return;
    static const int pts[][2] = {{1, 2}, {7, 2}, {1, 7}, {7, 7}, {0, 3}, {2, 3}, {4, 3}, {6, 3},
                                 {8, 3}, {0, 6}, {2, 6}, {4, 6}, {6, 6}, {8, 6}};
    int gap = L->cell / 14 > 2 ? L->cell / 14 : 2, len = L->cell / 5 > 4 ? L->cell / 5 : 4, w = L->line_w;
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        int f = pts[i][0], x, y;
        gui_layout_point(L, qp_sq(geo, f, pts[i][1]), &x, &y);
        int outside = f == 0 ? (L->flip ? 1 : -1) : f == geo->w - 1 ? (L->flip ? -1 : 1) : 0;
        for (int dx = -1; dx <= 1; dx += 2) {
            if (dx == outside) continue;
            for (int dy = -1; dy <= 1; dy += 2) {
                int x0 = x + dx * gap, x1 = x + dx * (gap + len), y0 = y + dy * gap, y1 = y + dy * (gap + len);
                hline(cv, x0 < x1 ? x0 : x1, x0 < x1 ? x1 : x0, y0, w, GUI_INK);
                vline(cv, x0, y0 < y1 ? y0 : y1, y0 < y1 ? y1 : y0, w, GUI_INK);
            }
        }
    }
}

static void paint_cells_grid(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo)
{
    int half = L->cell / 2, c = L->cell;
    /* display directions: up, right, down, left */
    const int dirs[4] = {L->flip ? QP_S : QP_N, L->flip ? QP_W : QP_E, L->flip ? QP_N : QP_S, L->flip ? QP_E : QP_W};
    for (int pass = 0; pass < 2; pass++)
        for (int sq = 0; sq < geo->n; sq++) {
            if (qp_geom_is_hole(geo, sq)) continue;
            int x, y;
            gui_layout_point(L, sq, &x, &y);
            int l = x - half, t = y - half;
            for (int k = 0; k < 4; k++) {
                bool edge = geo->nb[sq][dirs[k]] < 0;
                if (edge != (pass == 1)) continue;
                int w = edge ? L->border_w : L->line_w + 1;
                if (k == 0) hline(cv, l, l + c, t, w, GUI_INK);
                else if (k == 1) vline(cv, l + c, t, t + c, w, GUI_INK);
                else if (k == 2) hline(cv, l, l + c, t + c, w, GUI_INK);
                else vline(cv, l, t, t + c, w, GUI_INK);
            }
        }
}

/* Hex: a hexagon per cell, the edge cells of each side's two borders
 * tinted in its colour (the first side joins the first and last ranks,
 * the second the first and last files). */
static void paint_hex_cells(SDL_Surface *cv, const gui_layout *L, const qp_geom *geo, const qp_rules *rules)
{
    SDL_Color side[2] = {gui_side_colour(rules, 0), gui_side_colour(rules, 1)};
    float hw = L->cell * 0.5f;
    for (int sq = 0; sq < geo->n; sq++) {
        int x, y, f = qp_file(geo, sq), r = qp_rank(geo, sq);
        gui_layout_point(L, sq, &x, &y);
        gui_r_hexagon(cv, (float)x, (float)y, hw, GUI_INK);
        SDL_Color fill = GUI_C(238, 214, 168, 255);
        bool rows = r == 0 || r == geo->h - 1, files = f == 0 || f == geo->w - 1;
        if (rows && !files) fill = gui_alpha(side[0], 0.45f);
        else if (files && !rows) fill = gui_alpha(side[1], 0.45f);
        gui_r_hexagon(cv, (float)x, (float)y, hw - L->line_w - 0.5f, GUI_C(238, 214, 168, 255));
        if (fill.a != 255) gui_r_hexagon(cv, (float)x, (float)y, hw - L->line_w - 0.5f, fill);
    }
}

/* The empty board, painted for this layout once and then copied.  Returns
 * false if it could not be made (then the frame has no board). */
static bool board_texture(gui_draw_ctx *d, const gui_layout *L, const qp_rules *rules, bool numbers)
{
    const qp_geom *geo = &rules->geom;
    if (d->board_tex && d->board_w == L->W && d->board_h == L->H && d->board_cell == L->cell &&
        d->board_ox == L->ox && d->board_oy == L->oy && d->board_flip == L->flip && d->board_geo == geo &&
        d->board_numbers == numbers)
        return true;
    if (d->board_tex) SDL_DestroyTexture(d->board_tex);
    d->board_tex = NULL;
    int fr = (int)ceilf(frame_width(L)) + 1;
    SDL_Rect R = {L->board.x - fr, L->board.y - fr, L->board.w + 2 * fr + 4, L->board.h + 2 * fr + 6};
    /* Paint in the texture's own coordinates: the same layout, shifted. */
    gui_layout S = *L;
    S.ox -= R.x;
    S.oy -= R.y;
    S.board.x -= R.x;
    S.board.y -= R.y;
    SDL_Surface *cv = gui_r_new(R.w, R.h);
    if (!cv) return false;
    gui_r_fill(cv, 0, 0, R.w, R.h, GUI_BG);
    paint_wood(cv, &S, geo->look);
    if (geo->look == QP_LOOK_CHECKERED && S.kind == QP_BOARD_CELLS) paint_checkers(cv, &S, geo);
    paint_regions(cv, &S, geo);
    paint_river(d, cv, &S, geo);
    if (S.hex) {
        paint_hex_cells(cv, &S, geo, rules);
    } else if (S.kind == QP_BOARD_POINTS) {
        paint_points_grid(cv, &S, geo);
        paint_point_marks(cv, &S, geo);
        paint_star_points(cv, &S, geo);
    } else if (geo->look != QP_LOOK_CHECKERED) {
        paint_cells_grid(cv, &S, geo);
    }
    paint_coords(d, cv, &S, geo, numbers);
    d->board_tex = SDL_CreateTextureFromSurface(d->gfx.ren, cv);
    SDL_FreeSurface(cv);
    if (!d->board_tex) {
        SDL_Log("board texture: %s", SDL_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(d->board_tex, SDL_BLENDMODE_NONE);
    d->board_rect = R;
    d->board_w = L->W;
    d->board_h = L->H;
    d->board_cell = L->cell;
    d->board_ox = L->ox;
    d->board_oy = L->oy;
    d->board_flip = L->flip;
    d->board_geo = geo;
    d->board_numbers = numbers;
    return true;
}

/* ---- pieces ----------------------------------------------------------- */

/* U+2654..U+265F, the chess figures: the index 0..5 of the figure (king,
 * queen, rook, bishop, knight, pawn), or -1. */
static int chess_figure(const char *glyph)
{
    const unsigned char *u = (const unsigned char *)glyph;
    if (strlen(glyph) != 3 || u[0] != 0xE2 || u[1] != 0x99) return -1;
    if (u[2] >= 0x94 && u[2] <= 0x99) return u[2] - 0x94;
    if (u[2] >= 0x9A && u[2] <= 0x9F) return u[2] - 0x9A;
    return -1;
}

static void blit_centred(SDL_Surface *cv, SDL_Surface *t, float x, float y)
{
    if (!t) return;
    gui_r_blit(cv, t, (int)lroundf(x - t->w / 2.0f), (int)lroundf(y - t->h / 2.0f));
    SDL_FreeSurface(t);
}

static void paint_piece(gui_draw_ctx *d, SDL_Surface *cv, const gui_layout *L, const qp_rules *rules,
                        const qp_piece_view *pv, float x, float y)
{
    float r = L->piece_r;
    if (pv->side < 0 || pv->side > 1) {
        /* a piece of nobody's (an Amazons arrow): a burnt square */
        float h = r * 0.78f;
        gui_r_round_rect(cv, x - h, y - h, 2 * h, 2 * h, r * 0.16f, GUI_C(58, 40, 30, 235));
        gui_r_line(cv, x - h * 0.55f, y - h * 0.55f, x + h * 0.55f, y + h * 0.55f, r * 0.12f, GUI_C(200, 150, 90, 255));
        gui_r_line(cv, x - h * 0.55f, y + h * 0.55f, x + h * 0.55f, y - h * 0.55f, r * 0.12f, GUI_C(200, 150, 90, 255));
        return;
    }
    const unsigned char *u = (const unsigned char *)(pv->glyph ? pv->glyph : "");
    if (strlen(pv->glyph ? pv->glyph : "") == 3 && u[0] == 0xE2 && u[1] == 0x9B && u[2] >= 0x80 && u[2] <= 0x83) {
        /* U+26C0..U+26C3, draughts men and kings: a stone in the side's
         * colours, a king crowned with a second ring and a gold centre */
        SDL_Color body, rim;
        gui_stone_colours(rules, pv->side, &body, &rim);
        gui_r_disc(cv, x, y, r, body, rim);
        gui_r_ring(cv, x, y, r * 0.62f, r * 0.72f, gui_alpha(rim, 0.8f));
        if (u[2] == 0x81 || u[2] == 0x83) {
            gui_r_ring(cv, x, y, r * 0.36f, r * 0.46f, GUI_C(150, 100, 10, 255));
            gui_r_disc(cv, x, y, r * 0.34f, GUI_C(246, 206, 80, 255), GUI_C(200, 150, 30, 255));
        }
        return;
    }
    int fig = pv->glyph ? chess_figure(pv->glyph) : -1;
    if (fig >= 0) {
        /* the familiar figure: the solid form in the side's colour, the
         * outline form over it in black */
        char solid[4] = {(char)0xE2, (char)0x99, (char)(0x9A + fig), 0};
        char line[4] = {(char)0xE2, (char)0x99, (char)(0x94 + fig), 0};
        SDL_Color body, rim;
        gui_stone_colours(rules, pv->side, &body, &rim);
        int px = (int)(L->piece_r * 2.3f);
        blit_centred(cv, gui_glyph_surface(&d->fonts, solid, px, false, body), x, y);
        blit_centred(cv, gui_glyph_surface(&d->fonts, line, px, false, GUI_C(16, 16, 16, 255)), x, y);
        return;
    }
    gui_r_glow(cv, x + r * 0.05f, y + r * 0.10f, r * 0.90f, r * 1.16f, GUI_C(40, 20, 0, 120));
    if (!pv->glyph || !pv->glyph[0]) {
        SDL_Color body, rim;
        gui_stone_colours(rules, pv->side, &body, &rim);
        gui_r_disc(cv, x, y, r, body, rim);
        gui_r_glow(cv, x - r * 0.32f, y - r * 0.36f, 0, r * 0.45f, GUI_C(255, 255, 255, 90));
        return;
    }
    SDL_Color sc = gui_side_colour(rules, pv->side);
    gui_r_disc(cv, x, y, r, GUI_PIECE_EDGE, GUI_PIECE_EDGE);
    gui_r_disc(cv, x, y - r * 0.03f, r * 0.93f, GUI_IVORY, GUI_IVORY_RIM);
    gui_r_ring(cv, x, y - r * 0.03f, r * 0.73f, r * 0.83f, sc);
    char text[2];
    const char *glyph = pv->glyph;
    if (!d->fonts.cjk && ((unsigned char)glyph[0]) >= 0x80) {
        /* no Chinese font: the piece's letter instead */
        text[0] = (char)toupper((unsigned char)pv->letter);
        text[1] = 0;
        glyph = text;
    }
    int px = L->font_glyph;
    if (((unsigned char)glyph[0]) < 0x80) px = (int)(px * 0.95f);
    bool kai = d->sprite_style == 1 && ((unsigned char)glyph[0]) >= 0x80;
    SDL_Surface *t = gui_glyph_surface(&d->fonts, glyph, kai ? (int)(px * 1.08f) : px, kai, sc);
    if (!t) return;
    gui_r_blit(cv, t, (int)lroundf(x - t->w / 2.0f), (int)lroundf(y - t->h / 2.0f + px * 0.01f));
    SDL_FreeSurface(t);
}

static void drop_sprites(gui_draw_ctx *d)
{
    for (int i = 0; i < d->nsprite; i++) SDL_DestroyTexture(d->sprite[i].tex);
    d->nsprite = 0;
}

void gui_board_flush(gui_draw_ctx *d)
{
    if (d->board_tex) SDL_DestroyTexture(d->board_tex);
    d->board_tex = NULL;
    drop_sprites(d);
}

/* A piece centred on (x, y) via its sprite, drawn k times its size. */
static void piece_k(gui_draw_ctx *d, const gui_layout *L, const qp_rules *rules, const qp_piece_view *pv, int x, int y,
                    int style, float k)
{
    int r100 = (int)(L->piece_r * 100);
    if (r100 != d->sprite_r100 || rules != d->sprite_rules || style != d->sprite_style) {
        drop_sprites(d);
        d->sprite_r100 = r100;
        d->sprite_rules = rules;
        d->sprite_style = style;
    }
    const char *glyph = pv->glyph ? pv->glyph : "";
    gui_sprite *sp = NULL;
    for (int i = 0; i < d->nsprite && !sp; i++)
        if (d->sprite[i].side == pv->side && d->sprite[i].letter == pv->letter && !strcmp(d->sprite[i].glyph, glyph))
            sp = &d->sprite[i];
    if (!sp) {
        if (d->nsprite == GUI_SPRITES) drop_sprites(d);
        int size = 2 * (int)ceilf(L->piece_r * 1.25f) + 2;
        SDL_Surface *cv = gui_r_new(size, size);
        if (!cv) return;
        paint_piece(d, cv, L, rules, pv, size / 2.0f, size / 2.0f);
        SDL_Texture *t = SDL_CreateTextureFromSurface(d->gfx.ren, cv);
        SDL_FreeSurface(cv);
        if (!t) {
            SDL_Log("piece texture: %s", SDL_GetError());
            return;
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
        sp = &d->sprite[d->nsprite++];
        snprintf(sp->glyph, sizeof sp->glyph, "%s", glyph);
        sp->letter = pv->letter;
        sp->side = pv->side;
        sp->size = size;
        sp->tex = t;
    }
    int size = k == 1 ? sp->size : (int)lroundf(sp->size * k);
    SDL_Rect dst = {x - size / 2, y - size / 2, size, size};
    if (SDL_RenderCopy(d->gfx.ren, sp->tex, NULL, &dst) < 0) SDL_Log("SDL_RenderCopy: %s", SDL_GetError());
}

static void piece(gui_draw_ctx *d, const gui_layout *L, const qp_rules *rules, const qp_piece_view *pv, int x, int y,
                  int style)
{
    piece_k(d, L, rules, pv, x, y, style, 1);
}

void gui_board_piece(gui_draw_ctx *d, const gui_layout *L, const qp_rules *rules, const qp_piece_view *pv, int x, int y,
                     int style, float k)
{
    piece_k(d, L, rules, pv, x, y, style, k);
}

/* ---- markers ---------------------------------------------------------- */

/* Four L-shaped corners around a point: the last move's squares. */
static void corner_marks(gui_draw_ctx *d, int x, int y, int half, int len, int w, SDL_Color c)
{
    for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2) {
            int cx = x + sx * half, cy = y + sy * half;
            int hx = sx < 0 ? cx : cx - len, vy = sy < 0 ? cy : cy - len;
            gui_fill_rect(&d->gfx, (float)hx, (float)(sy < 0 ? cy : cy - w), (float)len, (float)w, c);
            gui_fill_rect(&d->gfx, (float)(sx < 0 ? cx : cx - w), (float)vy, (float)w, (float)len, c);
        }
}

static void marks_under(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, int sq, int x, int y, bool occupied)
{
    unsigned m = st->mark[sq];
    float r = L->piece_r;
    if (m & GUI_MARK_LAST) {
        int half = (int)(L->kind == QP_BOARD_POINTS ? r * 1.06f : L->cell * 0.45f);
        int w = (int)fmaxf(2.0f, L->cell * 0.045f);
        corner_marks(d, x, y, half, (int)(r * 0.34f), w, GUI_LASTMV);
        if (!occupied)
            gui_shape(d, GUI_SHAPE_DISC, (float)x, (float)y, r * 0.16f, 0, gui_alpha(GUI_LASTMV, 0.55f),
                      gui_alpha(GUI_LASTMV, 0.55f));
    }
    if (m & GUI_MARK_EFFECT) {
        /* what the move under the pointer (or being chosen) also changes:
         * a castling rook's squares, a pawn taken en passant */
        int half = (int)(L->kind == QP_BOARD_POINTS ? r * 1.06f : L->cell * 0.45f);
        int w = (int)fmaxf(2.0f, L->cell * 0.06f);
        corner_marks(d, x, y, half, (int)(r * 0.42f), w, gui_alpha(GUI_TARGET, 0.9f));
    }
    if (sq == st->hover_sq && (m & (GUI_MARK_SOURCE | GUI_MARK_TARGET | GUI_MARK_EXTEND)))
        gui_shape(d, GUI_SHAPE_GLOW, (float)x, (float)y, r * 0.9f, r * 1.3f, GUI_C(255, 255, 235, 150), GUI_BG);
    if (m & GUI_MARK_SELECTED)
        gui_shape(d, GUI_SHAPE_GLOW, (float)x, (float)y, r * 0.95f, r * 1.4f, gui_alpha(GUI_SELECT, 0.6f), GUI_BG);
}

static void marks_over(gui_draw_ctx *d, const gui_layout *L, const gui_state *st, int sq, int x, int y, bool occupied)
{
    unsigned m = st->mark[sq];
    float r = L->piece_r, w = fmaxf(2.0f, r * 0.10f);
    if (m & GUI_MARK_SELECTED) gui_shape(d, GUI_SHAPE_RING, (float)x, (float)y, r + 1, r + 1 + w, GUI_SELECT, GUI_BG);
    if (m & GUI_MARK_TARGET) {
        if (occupied) {
            gui_shape(d, GUI_SHAPE_RING, (float)x, (float)y, r + 1, r + 1 + w, GUI_TARGET, GUI_BG);
        } else {
            bool placement = st->nsel == 0;
            /* Many places to play (gomoku): mark only the one under the pointer. */
            if (placement && st->nplace > 12 && sq != st->hover_sq) return;
            float rr = placement ? r * 0.16f : r * 0.25f;
            SDL_Color c = gui_alpha(GUI_TARGET, placement ? 0.5f : 0.9f);
            gui_shape(d, GUI_SHAPE_DISC, (float)x, (float)y, rr, 0, c, c);
        }
    }
    if (m & GUI_MARK_EXTEND)
        gui_shape(d, GUI_SHAPE_RING, (float)x, (float)y, r + 1, r + 1 + w * 0.6f, gui_alpha(GUI_SELECT, 0.75f), GUI_BG);
}

/* Check / leash / trapped: rings around the general of the side to move. */
static void alarm_rings(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    if (st->king_sq < 0 || !st->flags || gui_state_over(st)) return;
    int x, y;
    gui_layout_point(L, st->king_sq, &x, &y);
    float r = L->piece_r, w = fmaxf(2.5f, r * 0.11f), rr = r + 2;
    const char *const *names = st->r->flag_names;
    for (int i = 0; names && names[i]; i++) {
        if (!(st->flags >> i & 1u)) continue;
        SDL_Color c = !strcmp(names[i], "leash") ? GUI_LEASH : !strcmp(names[i], "trapped") ? GUI_TRAP : GUI_CHECK;
        gui_shape(d, GUI_SHAPE_GLOW, (float)x, (float)y, rr, rr + r * 0.4f, gui_alpha(c, 0.5f), GUI_BG);
        gui_shape(d, GUI_SHAPE_RING, (float)x, (float)y, rr, rr + w, c, GUI_BG);
        rr += w + 2;
    }
}

void gui_draw_board(gui_draw_ctx *d, const gui_layout *L, const gui_state *st)
{
    const qp_rules *r = st->r;
    const qp_geom *geo = &r->geom;
    /* the traditional file numbers where the game writes its moves by them
     * (Xiangqi, Zhonggong: 9 files and a notation) and the font has them */
    bool numbers = st->file_numbers && r->rs->move_notation && r->geom.w == 9 && d->fonts.cjk;
    if (board_texture(d, L, r, numbers)) SDL_RenderCopy(d->gfx.ren, d->board_tex, NULL, &d->board_rect);

    qp_piece_view pv[QP_MAX_POINTS];
    bool occ[QP_MAX_POINTS];
    int x, y;
    /* the position editor's setup replaces the game's, without its marks */
    bool editing = st->dialog == GUI_DLG_EDITOR && st->ed;
    for (int sq = 0; sq < geo->n; sq++)
        occ[sq] = editing ? gui_editor_piece_at(st->ed, sq, &pv[sq]) : r->rs->piece_at(r, st->g.cur, sq, &pv[sq]);
    if (editing) {
        for (int sq = 0; sq < geo->n; sq++) {
            gui_layout_point(L, sq, &x, &y);
            if (occ[sq]) piece(d, L, r, &pv[sq], x, y, st->pieces);
        }
        return;
    }
    for (int sq = 0; sq < geo->n; sq++) {
        gui_layout_point(L, sq, &x, &y);
        marks_under(d, L, st, sq, x, y, occ[sq]);
    }
    alarm_rings(d, L, st);
    /* The points that decided the game, in gold, under the pieces. */
    if (st->g.cursor == st->g.len)
        for (int i = 0; i < st->ndecisive; i++) {
            gui_layout_point(L, st->decisive[i], &x, &y);
            float rr = L->piece_r + 2, w = fmaxf(3.0f, L->piece_r * 0.14f);
            gui_shape(d, GUI_SHAPE_GLOW, (float)x, (float)y, rr, rr + L->piece_r * 0.5f, GUI_C(255, 200, 40, 140), GUI_BG);
            gui_shape(d, GUI_SHAPE_RING, (float)x, (float)y, rr, rr + w, GUI_C(240, 170, 20, 255), GUI_BG);
        }
    bool drag = st->dragging && st->drag_sq >= 0 && st->drag_sq < geo->n && occ[st->drag_sq];
    for (int sq = 0; sq < geo->n; sq++) {
        if (!occ[sq] || (drag && sq == st->drag_sq)) continue;
        gui_layout_point(L, sq, &x, &y);
        if (sq == st->anim_to && st->anim_from >= 0 && st->anim_k < 1) {
            /* sliding in from where it came */
            int fx, fy;
            gui_layout_point(L, st->anim_from, &fx, &fy);
            float k = st->anim_k * (2 - st->anim_k);   /* ease out */
            x = (int)lroundf(fx + (x - fx) * k);
            y = (int)lroundf(fy + (y - fy) * k);
        }
        piece(d, L, r, &pv[sq], x, y, st->pieces);
    }
    for (int sq = 0; sq < geo->n; sq++) {
        gui_layout_point(L, sq, &x, &y);
        marks_over(d, L, st, sq, x, y, occ[sq]);
    }
    /* The hinted or analysed best move: an arrow (a placement: a ring). */
    if (st->hint_nsq >= 2) {
        /* one arrow from each source (an exchange has several) to the target */
        int x1, y1;
        gui_layout_point(L, st->hint_sq[st->hint_nsq - 1], &x1, &y1);
        for (int i = 0; i + 1 < st->hint_nsq; i++) {
            int x0, y0;
            gui_layout_point(L, st->hint_sq[i], &x0, &y0);
            /* from the edge of the moving piece, so its glyph stays readable */
            float dx = (float)(x1 - x0), dy = (float)(y1 - y0), len = sqrtf(dx * dx + dy * dy);
            float k = len > 0 ? fminf(0.5f, L->piece_r * 0.75f / len) : 0;
            gui_arrow(&d->gfx, x0 + dx * k, y0 + dy * k, (float)x1, (float)y1, fmaxf(4.0f, L->cell * 0.14f),
                      GUI_C(30, 120, 230, 200));
        }
    } else if (st->hint_nsq == 1) {
        gui_layout_point(L, st->hint_sq[0], &x, &y);
        gui_shape(d, GUI_SHAPE_RING, (float)x, (float)y, L->piece_r * 0.55f, L->piece_r * 0.8f, GUI_C(30, 120, 230, 220),
                  GUI_BG);
    }
    /* The dragged piece follows the pointer, above everything. */
    if (drag) piece(d, L, r, &pv[st->drag_sq], st->drag_x, st->drag_y, st->pieces);
}
