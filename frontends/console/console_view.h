/*
 * console_view.h — a position drawn as text, for `qipan console`.
 *
 * Any ruleset's board is drawn from its geometry and piece_at hook only.
 * Two styles: glyphs (each point two terminal columns wide, so CJK piece
 * glyphs and full-width empty marks line up) and ASCII (FEN letters, upper
 * case = side 0).  Points inside a region (a palace) are drawn with their
 * own empty mark.  Files are lettered on the top and bottom edges, ranks
 * numbered on both sides, highest rank on top (bottom on top when flipped).
 * ANSI colour is used only when the caller asks for it (a TTY); output
 * without colour is byte-for-byte deterministic.
 */
#ifndef QP_CONSOLE_VIEW_H
#define QP_CONSOLE_VIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "ruleset.h"

typedef struct con_style {
    bool ascii;   /* FEN letters instead of glyphs */
    bool color;   /* ANSI colours: side 0 red, last move highlighted */
    bool flip;    /* seen from side 1: rank 1 on top, files reversed */
} con_style;

/* Draws s.  marks[0..nmarks) are squares to highlight (the last move);
 * they are shown only in colour. */
void con_draw_board(FILE *f, const qp_rules *r, const void *s, const con_style *st,
                    const int *marks, int nmarks);

/* Terminal columns taken by UTF-8 text (East Asian wide characters count
 * two, combining marks zero). */
int con_text_width(const char *s);

/* Writes s and pads it with spaces to at least `width` columns. */
void con_put_padded(FILE *f, const char *s, int width);

#endif
