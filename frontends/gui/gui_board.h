/*
 * gui_board.h — the board, its pieces and markers: part of a frame
 * (gui_draw.c puts the frame together).
 */
#ifndef GUI_BOARD_H
#define GUI_BOARD_H

#include "gui_layout.h"
#include "gui_paint.h"

void gui_draw_board(gui_draw_ctx *d, const gui_layout *L, const gui_state *st);
/* A piece as the board draws it, centred on (x, y), k times its size
 * there (the position editor's palette). */
void gui_board_piece(gui_draw_ctx *d, const gui_layout *L, const qp_rules *rules, const qp_piece_view *pv, int x, int y,
                     int style, float k);
/* Drops the painted board and the piece sprites. */
void gui_board_flush(gui_draw_ctx *d);

#endif
