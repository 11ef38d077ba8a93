/*
 * blk_promote.c — pieces of a block game that go only forward, promote on
 * reaching a zone, and reset the no-capture counter; and the rule that a
 * capture must take the most pieces (draughts' men and kings, chess pawns,
 * Breakthrough's runners).
 *
 * Contract:
 *  - A piece may keep only some directions of move_dirs (own_dirs[code],
 *    from its own direction words, relative to its side: the first side's
 *    forward is up the ranks, the second side's down); it steps, slides
 *    and jumps only in those.  dir_mask[code] holds, per code, the
 *    directions its movements may take: those of move_dirs it keeps.
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

void blk_prepare_pieces(blk_game *g)
{
    for (int c = 1; c <= g->ncodes; c++) {
        unsigned m = 0, own = g->own_dirs[c] ? g->own_dirs[c] : 0xffu;
        for (int d = 0; d < QP_NDIRS; d++)
            if (blk_dir_ok(g->move_dirs, d) && (own >> d & 1)) m |= 1u << d;
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
