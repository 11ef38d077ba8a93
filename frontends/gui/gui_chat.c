/*
 * gui_chat.c — the chat history (see gui_chat.h).
 */
#include "gui_chat.h"

#include <stdio.h>
#include <string.h>

void gui_chat_clear(gui_chat *c)
{
    int seat = c->seat;
    memset(c, 0, sizeof *c);
    c->seat = seat;
}

void gui_chat_add(gui_chat *c, bool mine, const char *who, const char *text)
{
    int at = (c->first + c->n) % GUI_CHAT_LINES;
    if (c->n == GUI_CHAT_LINES) c->first = (c->first + 1) % GUI_CHAT_LINES;
    else c->n++;
    snprintf(c->lines[at], sizeof c->lines[at], "%s: %s", who, text);
    c->mine[at] = mine;
}

const char *gui_chat_line(const gui_chat *c, int i, bool *mine)
{
    int at = (c->first + i) % GUI_CHAT_LINES;
    if (mine) *mine = c->mine[at];
    return c->lines[at];
}
