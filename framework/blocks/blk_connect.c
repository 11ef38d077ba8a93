/*
 * blk_connect.c — the connection goal (rules.connect): a side wins once a
 * chain of its pieces, each linked to the next along the board's links
 * (on a hex board, six neighbours), touches both of its two ends.  Hex
 * plays it: each side joins its two opposite borders.
 *
 * Contract: aux.connected is 1 + the side that has joined its ends (0:
 * none).  blk_make looks only at the chain through the point that changed
 * (a new piece can only join chains it touches), a flood of that chain;
 * blk_refresh looks at the whole board.  connect_in[side][sq] has bit e
 * set when sq is in the side's end e (0 or 1).
 */
#include "blk_internal.h"

#include <string.h>

int blk_connect_through(const blk_game *g, const int8_t *c, int sq)
{
    if (!c[sq]) return 0;
    int side = g->side_of[c[sq]];
    if (side > 1) return 0;
    const uint8_t *in = g->connect_in[side];
    uint64_t seen[(QP_MAX_POINTS + 63) / 64] = {0};
    int16_t stack[QP_MAX_POINTS];
    int top = 0;
    unsigned touched = 0;
    stack[top++] = (int16_t)sq;
    seen[sq >> 6] |= (uint64_t)1 << (sq & 63);
    while (top) {
        int p = stack[--top];
        touched |= in[p];
        if (touched == 3) return 1 + side;
        const int16_t *nb = g->geom.nb[p];
        for (int d = 0; d < QP_NDIRS; d++) {
            int t = nb[d];
            if (t < 0 || !c[t] || g->side_of[c[t]] != side) continue;
            if (seen[t >> 6] >> (t & 63) & 1) continue;
            seen[t >> 6] |= (uint64_t)1 << (t & 63);
            stack[top++] = (int16_t)t;
        }
    }
    return 0;
}

int blk_connect_find(const blk_game *g, const int8_t *c)
{
    /* every chain that could win touches end 0 */
    for (int sq = 0; sq < g->n; sq++) {
        if (!c[sq] || g->side_of[c[sq]] > 1 || !(g->connect_in[g->side_of[c[sq]]][sq] & 1)) continue;
        int w = blk_connect_through(g, c, sq);
        if (w) return w;
    }
    return 0;
}
