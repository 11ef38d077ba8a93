/*
 * gui_notes.h — the comments of a loaded record, kept beside its moves so
 * the panel can show them while the game is reviewed.
 *
 * A comment belongs to a position of the record: text[0] before the first
 * move, text[i] after move i.  It is shown only while the game still has
 * the record's moves up to that position (a move played differently from
 * an earlier position leaves the later comments behind).  No SDL here.
 */
#ifndef GUI_NOTES_H
#define GUI_NOTES_H

#include "game.h"
#include "record.h"

typedef struct gui_notes {
    int n;                    /* moves of the record */
    qp_move *move;            /* n of them, as replayed */
    char **text;              /* n + 1 entries, each NULL or a malloc'd text */
} gui_notes;

/* Copies rec's comments with the moves g replayed from it; a record
 * without comments leaves o empty.  Returns 0, or -1 (memory; o empty). */
int gui_notes_take(gui_notes *o, const qp_record *rec, const qp_game *g);
void gui_notes_free(gui_notes *o);
/* How many of g's first moves are the record's (the comments up to that
 * position apply). */
int gui_notes_agree(const gui_notes *o, const qp_game *g);
/* The comment at position ply (0: before the first move) when it applies
 * (ply <= agree), else NULL. */
const char *gui_notes_at(const gui_notes *o, int agree, int ply);

#endif
