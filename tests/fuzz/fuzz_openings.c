/*
 * fuzz_openings.c — an opening table (frontends/gui/gui_opening.c): any
 * text is read or refused with its line, and a table read names any game
 * without reading past its moves.
 */
#include "fuzz_common.h"

#include "gui_opening.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536) return 0;
    const qp_rules *r = fz_pick(data[0]);
    if (!r) return 0;
    gui_openings o;
    char err[256];
    err[0] = 0;
    if (gui_openings_parse(&o, (const char *)data + 1, size - 1, err, sizeof err) == 0) {
        FZ_CHECK(o.n == 0 || o.e, "table of %d lines without entries", o.n);
        for (int i = 0; i < o.n; i++)
            FZ_CHECK(o.e[i].n >= 1 && o.e[i].n <= GUI_OPENING_MOVES && o.e[i].code[0], "line %d: %d moves", i, o.e[i].n);
        /* the start position and two plies of the first moves */
        qp_game g;
        char e[256];
        if (qp_game_init(&g, r, NULL, e, sizeof e) == 0) {
            qp_move mv[QP_MAX_MOVES];
            for (int k = 0; k < 2; k++) {
                int n = qp_game_moves(&g, mv);
                if (n <= 0) break;
                qp_game_play(&g, mv[data[0] % n]);
            }
            (void)gui_openings_find(&o, &g);
            qp_game_free(&g);
        }
        gui_openings_free(&o);
    } else {
        FZ_CHECK(!strncmp(err, "line ", 5) || !strncmp(err, "more than", 9) || !strcmp(err, "out of memory"),
                 "refused without a line: '%s'", err);
        FZ_CHECK(o.n == 0 && !o.e, "a refused table kept %d lines", o.n);
    }
    return 0;
}
