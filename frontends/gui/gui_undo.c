/*
 * gui_undo.c — Undo's target (see gui_undo.h).
 */
#include "gui_undo.h"

int gui_undo_target(const gui_state *st)
{
    const qp_game *g = &st->g;
    if (st->flagged >= 0 || g->cursor <= 0) return -1;
    int human = gui_state_human_side(st);
    if (st->ai_mask == 0 || human < 0) return g->cursor - 1;
    /* back to the position where the player was to move last */
    for (int ply = g->cursor - 1; ply >= 0; ply--)
        if (g->hist[ply].to_move == human) return ply;
    return -1;   /* only the computer's opening move: it would play it again */
}

bool gui_undo_enabled(const gui_state *st)
{
    if (st->flagged >= 0) return false;
    return gui_undo_target(st) >= 0 || st->g.resigned >= 0 || st->prev_game;
}
