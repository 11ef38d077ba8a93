/*
 * console.h — what other frontends borrow from the console (console.c):
 * network play (net/net_cmd.c) shows a seat on stdin/stdout exactly like
 * `qipan console` with these.
 */
#ifndef QP_CONSOLE_H
#define QP_CONSOLE_H

#include <stdbool.h>
#include <stdio.h>

#include "console_view.h"
#include "game.h"

/* The console's board, the tail of the move list and the status lines. */
void con_show_game(FILE *out, const qp_rules *r, const qp_game *g, const con_style *st);

/* The console's read-only commands (board moves history fen flip rules) on
 * g; true when line was one of them (flip changes *st). */
bool con_view_command(FILE *out, const qp_rules *r, const qp_game *g, con_style *st, const char *line);

#endif
