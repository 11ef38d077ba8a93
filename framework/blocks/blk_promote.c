/*
 * blk_promote.c — pieces of a block game that go only forward, promote on
 * reaching a zone, and reset the no-capture counter; and the rule that a
 * capture must take the most pieces (draughts' men and kings, chess pawns,
 * Breakthrough's runners).
 *
 * Contract:
 *  - "Forward" is relative to the side: the first side's forward is up the
 *    ranks (N, NE, NW), the second side's down (S, SE, SW).  A forward
 *    piece steps, slides and jumps only in the directions of move_dirs
 *    that go forward; dir_mask[code] holds, per code, the directions its
 *    movements may take (every linked direction of move_dirs otherwise).
 *  - promote_to[code] != 0: the piece becomes that kind when a move of it
 *    ends on a point of its side's zone (promote_zone bit side); with
 *    promote_ends_chain, a jump chain ends there even when the promoted
 *    piece could jump on (English draughts).  Promotion is forced and to
 *    one kind, so it is not written in the move.
 *  - jump_most: when jumps exist, only those taking the most pieces are
 *    legal (the number of hops: jumped pieces are removed).
 *  - resets_no_capture[code]: a move of that piece is irreversible and
 *    resets the game layer's no-capture counter (QP_MF_RESETS_COUNTER),
 *    as a draughts man's move or a chess pawn's does.
 */
#include "blk_internal.h"

static bool goes_forward(int side, int d)
{
    if (side == 0) return d == QP_N || d == QP_NE || d == QP_NW;
    return d == QP_S || d == QP_SE || d == QP_SW;
}

void blk_prepare_pieces(blk_game *g)
{
    for (int c = 1; c <= g->ncodes; c++) {
        unsigned m = 0;
        for (int d = 0; d < QP_NDIRS; d++)
            if (blk_dir_ok(g->move_dirs, d) && (!g->forward[c] || goes_forward(g->side_of[c], d))) m |= 1u << d;
        g->dir_mask[c] = (uint8_t)m;
    }
}

int blk_keep_most(qp_move *mv, int n)
{
    int most = 0;
    for (int i = 0; i < n; i++)
        if (blk_hops(mv[i]) > most) most = blk_hops(mv[i]);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (blk_hops(mv[i]) == most) mv[k++] = mv[i];
    return k;
}
