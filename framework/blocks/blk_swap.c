/*
 * blk_swap.c — the pie rule (rules.swap): after the first side has put its
 * first piece down, the second side may, as its first move, take that
 * piece over instead of placing one.  The piece becomes the second side's,
 * mirrored across the a1 diagonal (file and rank exchanged) so that it
 * serves the second side's goal as it served the first's (Hex: the first
 * side joins ranks, the second files), and the first side moves again.
 * Recorded as the move BLK_SWAP, text "swap".
 *
 * Contract: the swap is legal exactly when the second side is to move,
 * the first side has one piece on the board and the second none (a
 * property of the position, so hashes and replays agree).
 */
#include "blk_internal.h"

int blk_swap_from(const blk_game *g, const void *s)
{
    if (!g->swap || blk_side(s) != 1) return -1;
    const blk_aux *a = blk_cax(g, s);
    if (a->count[0] != 1 || a->count[1] != 0) return -1;
    const int8_t *c = blk_ccells(g, s);
    for (int sq = 0; sq < g->n; sq++)
        if (c[sq] && g->side_of[c[sq]] == 0) return sq;
    return -1;
}
