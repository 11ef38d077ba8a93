/*
 * gui_libview.c — the Library dialog's state (see gui_libview.h).
 */
#include "gui_libview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gui_libview_load(gui_libview *v, char *err, size_t errn)
{
    char keep[256] = "";
    if (v->e && v->sel >= 0 && v->sel < v->n) snprintf(keep, sizeof keep, "%s", v->e[v->sel].file);
    free(v->e);
    v->e = NULL;
    v->n = v->bad = 0;
    if (qp_library_dir(v->dir, sizeof v->dir) || qp_library_list(&v->e, &v->n, &v->bad, err, errn)) {
        if (!v->dir[0]) snprintf(err, errn, "no data folder for the library (set HOME or XDG_DATA_HOME)");
        v->sel = v->scroll = 0;
        return -1;
    }
    int found = -1;
    for (int i = 0; i < v->n && keep[0]; i++)
        if (!strcmp(v->e[i].file, keep)) found = i;
    if (found >= 0) v->sel = found;
    if (v->sel >= v->n) v->sel = v->n - 1;
    if (v->sel < 0) v->sel = 0;
    if (v->scroll > v->sel) v->scroll = v->sel;
    return 0;
}

void gui_libview_free(gui_libview *v)
{
    free(v->e);
    memset(v, 0, sizeof *v);
}

void gui_libview_path(const gui_libview *v, char *buf, size_t n)
{
    if (v->sel < 0 || v->sel >= v->n) buf[0] = 0;
    else snprintf(buf, n, "%s/%s", v->dir, v->e[v->sel].file);
}

int gui_libview_delete(gui_libview *v, char *err, size_t errn)
{
    if (v->sel < 0 || v->sel >= v->n) {
        snprintf(err, errn, "no game chosen");
        return -1;
    }
    char file[256];
    snprintf(file, sizeof file, "%s", v->e[v->sel].file);
    if (qp_library_delete(file, err, errn)) return -1;
    snprintf(v->deleted, sizeof v->deleted, "%s", file);
    int sel = v->sel;
    gui_libview_load(v, err, errn);
    v->sel = sel < v->n ? sel : v->n - 1;
    if (v->sel < 0) v->sel = 0;
    return 0;
}

int gui_libview_undo(gui_libview *v, char *err, size_t errn)
{
    if (!v->deleted[0]) {
        snprintf(err, errn, "nothing deleted to bring back");
        return -1;
    }
    if (qp_library_restore(v->deleted, err, errn)) return -1;
    if (gui_libview_load(v, err, errn)) return -1;
    for (int i = 0; i < v->n; i++)
        if (!strcmp(v->e[i].file, v->deleted)) v->sel = i;
    v->deleted[0] = 0;
    return 0;
}

void gui_libview_move(gui_libview *v, int d, int rows)
{
    v->sel += d;
    if (v->sel >= v->n) v->sel = v->n - 1;
    if (v->sel < 0) v->sel = 0;
    if (rows < 1) rows = 1;
    if (v->sel < v->scroll) v->scroll = v->sel;
    if (v->sel >= v->scroll + rows) v->scroll = v->sel - rows + 1;
    if (v->scroll < 0) v->scroll = 0;
}
