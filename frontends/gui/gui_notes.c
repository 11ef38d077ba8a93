/*
 * gui_notes.c — a loaded record's comments beside its moves (see gui_notes.h).
 */
#include "gui_notes.h"

#include <stdlib.h>
#include <string.h>

int gui_notes_take(gui_notes *o, const qp_record *rec, const qp_game *g)
{
    memset(o, 0, sizeof *o);
    if (!rec->comments) return 0;
    int n = rec->nmoves < g->len ? rec->nmoves : g->len;
    o->move = malloc(((size_t)n + 1) * sizeof *o->move);
    o->text = calloc((size_t)n + 1, sizeof *o->text);
    if (!o->move || !o->text) {
        gui_notes_free(o);
        return -1;
    }
    o->n = n;
    memcpy(o->move, g->rec, (size_t)n * sizeof *o->move);
    for (int i = 0; i <= n; i++) {
        const char *c = rec->comments[i];
        if (!c || !*c) continue;
        o->text[i] = strdup(c);
        if (!o->text[i]) {
            gui_notes_free(o);
            return -1;
        }
    }
    return 0;
}

void gui_notes_free(gui_notes *o)
{
    if (o->text)
        for (int i = 0; i <= o->n; i++) free(o->text[i]);
    free(o->text);
    free(o->move);
    memset(o, 0, sizeof *o);
}

int gui_notes_agree(const gui_notes *o, const qp_game *g)
{
    if (!o || !o->text) return -1;
    int k = 0;
    while (k < o->n && k < g->len && g->rec[k] == o->move[k]) k++;
    return k;
}

const char *gui_notes_at(const gui_notes *o, int agree, int ply)
{
    if (!o || !o->text || ply < 0 || ply > agree || ply > o->n) return NULL;
    return o->text[ply];
}
