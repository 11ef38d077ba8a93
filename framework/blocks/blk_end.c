/*
 * blk_end.c — how a block game ends: what blk_goal.c decides from the
 * position, then a side without moves and counting when both must pass.
 */
#include "blk_internal.h"

void blk_outcome(const blk_game *g, const void *s, qp_outcome *o)
{
    o->result = QP_ONGOING;
    o->winner = 0;
    o->reason = "";
    if (blk_decided(g, s, o)) return;
    if (g->pass_always) return;   /* rules.pass: a pass is always a move (blk_group.c) */
    qp_move mv[QP_MAX_MOVES];
    int side = blk_side(s);
    /* one move is enough to go on (blk_gen's pass: the other side moves) */
    if (blk_gen_side(g, s, side, mv, true)) return;
    if (g->stuck == BLK_STUCK_PASS && g->nsides == 2 && blk_gen_side(g, s, 1 - side, mv, true)) return;
    const blk_aux *a = blk_cax(g, s);
    if (g->nsides == 1) {
        int left = a->count[0];
        const char *why = g->goal_left && left == g->goal_left ? g->goal_miss_reason
                          : left < 64                          ? g->reason_left[left]
                                                               : "no moves";
        blk_win(o, 1, why);   /* failed: the convention for one-player games */
        return;
    }
    const char *why = g->stuck_side_reason[side][0] ? g->stuck_side_reason[side] : g->stuck_reason;
    blk_stuck stuck = g->stuck;
    if (g->rk.stuck_check_set && blk_in_check(g, s, side)) {   /* checkmate (blk_royal.h) */
        stuck = (blk_stuck)g->rk.stuck_check;
        why = g->rk.stuck_check_reason;
    }
    switch (stuck) {
    case BLK_STUCK_LOSES: blk_win(o, 1 - side, why); return;
    case BLK_STUCK_WINS: blk_win(o, side, why); return;
    case BLK_STUCK_DRAW:
        o->result = QP_DRAW;
        o->reason = why;
        return;
    case BLK_STUCK_PASS:
        break;
    }
    /* neither side can move: count */
    int x = a->count[0], y = a->count[1];
    if (g->count_end == BLK_END_DRAW || x == y) {
        o->result = QP_DRAW;
        o->reason = g->count_end == BLK_END_DRAW ? g->stuck_reason : g->count_draw_reason;
        return;
    }
    bool first = g->count_end == BLK_END_MOST ? x > y : x < y;
    blk_win(o, first ? 0 : 1, g->count_reason);
}
