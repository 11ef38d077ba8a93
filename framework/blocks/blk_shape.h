/*
 * blk_shape.h — 3×3 shapes around an empty point (rules.playout.patterns):
 * the local moves a playout plays first next to the last move (in Go the
 * hane, cut and edge shapes of MoGo's playouts, declared in go.lua).
 *
 * A pattern is three rows of three points, top row first, separated by
 * '/', around its centre '*' (the empty point to play):
 *   X  a stone of one side           O  a stone of the other side
 *   x  anything but X (O, empty, off the board)
 *   o  anything but O                .  empty
 *   #  off the board (or a hole)    ?  anything
 * Every rotation and reflection of a pattern matches, and X may be
 * either side (a shape is as good for both).  A point's neighbourhood is
 * one of 4^8 codes (for each neighbour N, NE, E, SE, S, SW, W, NW: empty,
 * the first side, the second, off the board); the table keeps one bit a
 * code, so matching is one lookup.
 */
#ifndef QP_BLK_SHAPE_H
#define QP_BLK_SHAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define BLK_SHAPE_CODES 65536

typedef struct blk_shapes {
    int count;                             /* patterns added */
    uint8_t bits[BLK_SHAPE_CODES / 8];
} blk_shapes;

/* Adds one pattern; 0, or -1 with why in err ("'Z' is not one of ..."). */
int blk_shape_add(blk_shapes *t, const char *text, char *err, size_t errsz);
/* The eight points around p, N, NE, E, SE, S, SW, W, NW (-1 off the
 * board or a hole); a corner is two steps along the lines from p, so
 * boards without diagonal links have them too. */
void blk_shape_ring(const qp_geom *g, const uint8_t *hole, int p, int ring[8]);
/* The neighbourhood code of point p: cells hold a code per point (0
 * empty), side_of maps a code to its side (0 or 1). */
int blk_shape_code(const qp_geom *g, const uint8_t *hole, const int8_t *cells, const int8_t *side_of, int p);
static inline bool blk_shape_match(const blk_shapes *t, int code)
{
    return t->bits[code >> 3] >> (code & 7) & 1;
}

#endif
