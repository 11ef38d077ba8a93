/*
 * gui_chat.h — the window's view of a network game's people: which side
 * is you, and the chat kept as a scrolling history.
 *
 * gui_state holds one gui_chat (rendering reads it, gui_net.c writes it).
 * Invariant: lines[(first + i) % GUI_CHAT_LINES] for i < n are the last n
 * lines in order, oldest first; each is "who: text", cut to fit.
 */
#ifndef GUI_CHAT_H
#define GUI_CHAT_H

#include <stdbool.h>

#define GUI_CHAT_LINES 12

typedef struct gui_chat {
    int seat;                 /* our side in a network game, -1 when not networked */
    int n, first;
    char lines[GUI_CHAT_LINES][200];
    bool mine[GUI_CHAT_LINES]; /* the line is ours (drawn in another colour) */
} gui_chat;

void gui_chat_clear(gui_chat *c);
/* Appends a line said by us (mine) or the opponent; the oldest goes when
 * the history is full. */
void gui_chat_add(gui_chat *c, bool mine, const char *who, const char *text);
/* The i-th line from the oldest kept (0 ≤ i < n). */
const char *gui_chat_line(const gui_chat *c, int i, bool *mine);

#endif
