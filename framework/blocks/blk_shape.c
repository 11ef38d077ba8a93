/*
 * blk_shape.c — 3×3 shapes around a point (see blk_shape.h).
 *
 * A pattern is compiled by listing every code it matches: for each of
 * the 8 symmetries of the square and both readings of X, each ring
 * position allows a set of states, and the product of those sets is
 * set in the table (at most 4^8 codes each, once, when the game loads).
 */
#include "blk_shape.h"

#include <stdio.h>
#include <string.h>

enum { ST_EMPTY, ST_FIRST, ST_SECOND, ST_OFF };

/* The ring, clockwise from north, as directions and as places in the
 * pattern text "abc/d*e/fgh" (row * 4 + column). */
static const int ring_dir[8] = {QP_N, QP_NE, QP_E, QP_SE, QP_S, QP_SW, QP_W, QP_NW};
static const int ring_text[8] = {1, 2, 6, 10, 9, 8, 4, 0};

/* The states a pattern letter allows (bit per ST_*), X read as side x. */
static unsigned allowed(char ch, int x)
{
    unsigned X = 1u << x, O = 1u << (3 - x), E = 1u << ST_EMPTY, OFF = 1u << ST_OFF;
    switch (ch) {
    case 'X': return X;
    case 'O': return O;
    case 'x': return E | O | OFF;
    case 'o': return E | X | OFF;
    case '.': return E;
    case '#': return OFF;
    default: return E | X | O | OFF;   /* '?' */
    }
}

static void mark(blk_shapes *t, const unsigned set[8], int i, int code)
{
    if (i == 8) {
        t->bits[code >> 3] |= (uint8_t)(1u << (code & 7));
        return;
    }
    for (int st = 0; st < 4; st++)
        if (set[i] >> st & 1) mark(t, set, i + 1, code | st << (2 * i));
}

int blk_shape_add(blk_shapes *t, const char *text, char *err, size_t errsz)
{
    if (strlen(text) != 11 || text[3] != '/' || text[7] != '/' || text[5] != '*') {
        snprintf(err, errsz, "pattern '%s' must be three rows of three points around '*', as \"XOX/.*./???\"",
                 text);
        return -1;
    }
    for (int k = 0; k < 8; k++) {
        char ch = text[ring_text[k]];
        if (!strchr("XOxo.#?", ch)) {
            snprintf(err, errsz,
                     "pattern '%s': '%c' is not X, O (the two sides), x (not X), o (not O), . (empty), "
                     "# (off the board) or ? (any)",
                     text, ch);
            return -1;
        }
    }
    for (int x = ST_FIRST; x <= ST_SECOND; x++)
        for (int refl = 0; refl < 2; refl++)
            for (int rot = 0; rot < 4; rot++) {
                unsigned set[8];
                for (int i = 0; i < 8; i++) {
                    int j = ((refl ? (8 - i) % 8 : i) + 2 * rot) % 8;
                    set[j] = allowed(text[ring_text[i]], x);
                }
                mark(t, set, 0, 0);
            }
    t->count++;
    return 0;
}

void blk_shape_ring(const qp_geom *g, const uint8_t *hole, int p, int ring[8])
{
    for (int i = 0; i < 8; i++) {
        int q;
        if (i % 2 == 0) {
            q = g->nb[p][ring_dir[i]];
        } else {   /* a corner: two steps along the lines, either way round */
            int a = ring_dir[i - 1], b = ring_dir[(i + 1) % 8], m = g->nb[p][a];
            q = m >= 0 && !hole[m] ? g->nb[m][b] : -1;
            if (q < 0) {
                m = g->nb[p][b];
                q = m >= 0 && !hole[m] ? g->nb[m][a] : -1;
            }
        }
        ring[i] = q >= 0 && !hole[q] ? q : -1;
    }
}

int blk_shape_code(const qp_geom *g, const uint8_t *hole, const int8_t *cells, const int8_t *side_of, int p)
{
    int ring[8], code = 0;
    blk_shape_ring(g, hole, p, ring);
    for (int i = 0; i < 8; i++) {
        int q = ring[i], st = q < 0 ? ST_OFF : !cells[q] ? ST_EMPTY : side_of[cells[q]] + 1;
        code |= st << (2 * i);
    }
    return code;
}
