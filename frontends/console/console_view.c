/*
 * console_view.c — text drawing of a board (see console_view.h).
 */
#include "console_view.h"

#include <stdint.h>
#include <string.h>

#define ANSI_RED "\033[31m"
#define ANSI_BOLD "\033[1m"
#define ANSI_MARK "\033[7m"   /* reverse video: squares of the last move */
#define ANSI_OFF "\033[0m"

/* Decodes one UTF-8 sequence at s; returns its length (1 for bad bytes, so
 * a broken glyph still advances) and the code point in *cp. */
static int utf8_next(const char *s, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    int len;
    uint32_t c;
    if (u[0] < 0x80) { *cp = u[0]; return 1; }
    if ((u[0] & 0xE0) == 0xC0) { len = 2; c = u[0] & 0x1F; }
    else if ((u[0] & 0xF0) == 0xE0) { len = 3; c = u[0] & 0x0F; }
    else if ((u[0] & 0xF8) == 0xF0) { len = 4; c = u[0] & 0x07; }
    else { *cp = 0xFFFD; return 1; }
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80) { *cp = 0xFFFD; return 1; }
        c = (c << 6) | (u[i] & 0x3F);
    }
    *cp = c;
    return len;
}

/* East Asian Wide/Fullwidth ranges that matter for board glyphs and
 * notation (CJK, Hangul, full-width forms, common emoji). */
static int cp_width(uint32_t c)
{
    if (c == 0) return 0;
    if ((c >= 0x0300 && c <= 0x036F) || c == 0x200B || (c >= 0xFE00 && c <= 0xFE0F)) return 0;
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
        (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
        (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
        (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
        (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
        (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
        (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
        return 2;
    return 1;
}

int con_text_width(const char *s)
{
    int w = 0;
    while (*s) {
        uint32_t c;
        s += utf8_next(s, &c);
        w += cp_width(c);
    }
    return w;
}

void con_put_padded(FILE *f, const char *s, int width)
{
    fputs(s, f);
    for (int w = con_text_width(s); w < width; w++) fputc(' ', f);
}

/* The full-width form (U+FF01..U+FF5E) of a printable ASCII character,
 * two columns wide like a CJK glyph. */
static void fullwidth(char c, char out[4])
{
    if (c < 0x21 || c > 0x7E) c = '?';
    uint32_t cp = 0xFF01u + (uint32_t)(c - 0x21);
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    out[3] = 0;
}

static bool in_region(const qp_geom *g, int sq)
{
    for (int i = 0; i < g->nregions; i++)
        if (g->regions[i].in[sq]) return true;
    return false;
}

static bool is_marked(int sq, const int *marks, int nmarks)
{
    for (int i = 0; i < nmarks; i++)
        if (marks[i] == sq) return true;
    return false;
}

/* One point: `pitch - 1` columns of content (1 in ASCII, 2 with glyphs). */
static void draw_point(FILE *f, const qp_rules *r, const void *s, int sq, const con_style *st,
                       bool mark)
{
    const qp_geom *g = &r->geom;
    qp_piece_view pv;
    bool has = r->rs->piece_at(r, s, sq, &pv);
    char buf[8];
    const char *text;

    if (has) {
        if (st->ascii) {
            buf[0] = pv.letter ? pv.letter : '?';
            buf[1] = 0;
            text = buf;
        } else if (pv.glyph && pv.glyph[0] && con_text_width(pv.glyph) == 2) {
            text = pv.glyph;
        } else if (pv.glyph && pv.glyph[0] && !pv.glyph[1] && pv.glyph[0] > 0x20) {
            /* one ASCII character: its full-width form matches the pitch */
            fullwidth(pv.glyph[0], buf);
            text = buf;
        } else if (pv.glyph && pv.glyph[0] && con_text_width(pv.glyph) == 1 &&
                   strlen(pv.glyph) < sizeof buf - 1) {
            /* a narrow glyph is padded to the two-column pitch */
            snprintf(buf, sizeof buf, "%s ", pv.glyph);
            text = buf;
        } else {
            fullwidth(pv.letter ? pv.letter : '?', buf);
            text = buf;
        }
    } else if (qp_geom_is_hole(g, sq)) {
        text = st->ascii ? " " : "  ";   /* no point here: a blank of the pitch */
    } else if (st->ascii) {
        text = in_region(g, sq) ? "+" : ".";
    } else if (g->kind == QP_BOARD_CELLS) {
        text = in_region(g, sq) ? "＊" : "．";
    } else {
        text = in_region(g, sq) ? "＊" : "＋";
    }

    if (st->color) {
        if (mark) fputs(ANSI_MARK, f);
        if (has && pv.side == 0) fputs(ANSI_RED ANSI_BOLD, f);
        else if (has && pv.side == 1) fputs(ANSI_BOLD, f);   /* neutral pieces (2) plain */
    }
    fputs(text, f);
    if (st->color && (mark || has)) fputs(ANSI_OFF, f);
}

static void draw_files(FILE *f, const qp_geom *g, const con_style *st, int lw)
{
    int pitch = st->ascii ? 2 : g->hex ? 4 : 3;
    fprintf(f, "%*s", lw + 1, "");
    for (int i = 0; i < g->w; i++) {
        int file = st->flip ? g->w - 1 - i : i;
        fputc('a' + file, f);
        if (i < g->w - 1) fprintf(f, "%*s", pitch - 1, "");
    }
    fputc('\n', f);
}

static void draw_river(FILE *f, const qp_geom *g, const con_style *st, int lw)
{
    fprintf(f, "%*s", lw + 1, "");
    for (int i = 0; i < g->w; i++) {
        fputs(st->ascii ? "~" : "～", f);
        if (i < g->w - 1) fputc(' ', f);
    }
    fputc('\n', f);
}

/* A hex board is a rhombus: each row drawn half a cell right of the row
 * below it (the cells a row touches above are then up-left and up-right). */
static int hex_gap(const qp_geom *g, const con_style *st)
{
    return g->hex && !st->ascii ? 2 : 1;   /* spaces between cells */
}

static int hex_shift(const qp_geom *g, const con_style *st, int row)
{
    if (!g->hex) return 0;
    int k = g->h - 1 - row;
    return st->ascii ? k : 2 * k;   /* pitch 2, or 4 (hex_gap) */
}

void con_draw_board(FILE *f, const qp_rules *r, const void *s, const con_style *st,
                    const int *marks, int nmarks)
{
    const qp_geom *g = &r->geom;
    int lw = g->h >= 10 ? 2 : 1;

    draw_files(f, g, st, lw + hex_shift(g, st, 0));
    for (int row = 0; row < g->h; row++) {
        int rank = st->flip ? row : g->h - 1 - row;
        fprintf(f, "%*d %*s", lw, rank + 1, hex_shift(g, st, row), "");
        for (int i = 0; i < g->w; i++) {
            int file = st->flip ? g->w - 1 - i : i;
            int sq = qp_sq(g, file, rank);
            draw_point(f, r, s, sq, st, is_marked(sq, marks, nmarks));
            if (i < g->w - 1) fprintf(f, "%*s", hex_gap(g, st), "");
        }
        fprintf(f, " %d\n", rank + 1);
        /* the river lies between rank river-1 and river (0-based) */
        int next = st->flip ? rank + 1 : rank - 1;
        if (g->river > 0 && row < g->h - 1 &&
            ((rank == g->river && next == g->river - 1) || (rank == g->river - 1 && next == g->river)))
            draw_river(f, g, st, lw);
    }
    draw_files(f, g, st, lw + hex_shift(g, st, g->h - 1));
}
