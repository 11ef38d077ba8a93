/*
 * blk_goal.c — the goals that decide a block game from the position alone,
 * without asking for moves: a line, a puzzle's goal, enough captures, too
 * few pieces.  The move generator asks it first (a decided position has
 * no moves), and so does the outcome (blk_end.c).
 */
#include "blk_group.h"
#include "blk_internal.h"

bool blk_decided(const blk_game *g, const void *s, qp_outcome *o)
{
    const blk_aux *a = blk_cax(g, s);
    if (a->connected) {   /* blk_connect.c */
        blk_win(o, a->connected - 1, g->connect_reason);
        return true;
    }
    if (g->pass_end && blk_group_decided(g, s, o)) return true;   /* passes in a row */
    if (a->line) {
        blk_win(o, a->line - 1, g->line_reason);
        return true;
    }
    if (g->nsides == 1) {
        if (g->goal_left && a->count[0] == g->goal_left &&
            (g->goal_sq < 0 || blk_ccells(g, s)[g->goal_sq])) {
            blk_win(o, 0, g->goal_reason);
            return true;
        }
        return false;
    }
    if ((g->pc.reach_zone >= 0 || g->pc.capture_all) && blk_piece_decided(g, s, o)) return true;
    if (g->rk.ndead && blk_royal_decided(g, s, o)) return true;
    if (g->capture_win) {
        int side = blk_side(s);
        /* the side that just moved made its capture first */
        for (int k = 0; k < 2; k++) {
            int sd = k ? side : 1 - side;
            if (a->captured[sd] >= g->capture_win) {
                blk_win(o, sd, g->capture_reason);
                return true;
            }
        }
    }
    if (g->fewer_loses) {
        int side = blk_side(s);
        for (int k = 0; k < 2; k++) {
            int sd = k ? 1 - side : side;
            int have = a->count[sd] + (g->hand[sd] >= 0 ? a->hand[sd] : 0);
            if (have < g->fewer_loses) {
                blk_win(o, 1 - sd, g->fewer_reason);
                return true;
            }
        }
    }
    return false;
}
