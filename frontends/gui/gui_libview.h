/*
 * gui_libview.h — the Library dialog's state: the finished games kept in
 * the game library (library.h), newest first, one of them chosen, and the
 * last one deleted (Undo brings it back).
 *
 * No SDL here: the app opens, deletes and restores through these calls;
 * drawing and clicks are gui_toolview.h.  Invariant: 0 <= sel < n when
 * n > 0; scroll keeps sel within the rows shown (gui_libview_show).
 */
#ifndef GUI_LIBVIEW_H
#define GUI_LIBVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "library.h"

typedef struct gui_libview {
    qp_library_entry *e;      /* malloc'd, n of them */
    int n, bad;               /* bad: files that are no readable record */
    int sel, scroll;
    char dir[900];            /* the library folder */
    char deleted[256];        /* the file last deleted, "" none */
} gui_libview;

/* Reads the library (again), keeping the chosen file chosen when it is
 * still there.  Returns 0, or -1 with err (the view is then empty). */
int gui_libview_load(gui_libview *v, char *err, size_t errn);
void gui_libview_free(gui_libview *v);
/* The chosen game's path, or "" with none. */
void gui_libview_path(const gui_libview *v, char *buf, size_t n);
/* Hides the chosen game (qp_library_delete) and remembers it for Undo. */
int gui_libview_delete(gui_libview *v, char *err, size_t errn);
/* Brings back the game last deleted, chosen again. */
int gui_libview_undo(gui_libview *v, char *err, size_t errn);
/* Moves the choice by d rows (clamped) and scrolls it into rows. */
void gui_libview_move(gui_libview *v, int d, int rows);

#endif
