/*
 * gui_why.c — reasons for refused clicks (see gui_why.h).
 */
#include "gui_why.h"

#include "why.h"

bool gui_why_click(gui_state *st, const int *sel, int nsel, int sq)
{
    int pts[GUI_MAX_SQ + 1], n = 0;
    for (int i = 0; i < nsel && i < GUI_MAX_SQ; i++) pts[n++] = sel[i];
    if (!n || pts[n - 1] != sq) pts[n++] = sq;
    qp_why why;
    qp_why_code code = qp_why_points(&st->g, pts, n, false, &why);
    if (code == QP_WHY_NONE || (code == QP_WHY_EMPTY && n == 1)) return false;
    char line[2 * QP_WHY_TEXT + 8];
    qp_why_line(&why, st->cjk ? QP_WHY_ZH_EN : QP_WHY_EN, line, sizeof line);
    gui_state_message(st, true, "%s", line);
    return true;
}
