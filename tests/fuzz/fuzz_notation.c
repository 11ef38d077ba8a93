/*
 * fuzz_notation.c — moves in the traditional notations (Chinese in
 * simplified and traditional characters, WXF, ICCS) as records write them,
 * read by the notation_parse hook of the rulesets that have one.  The first
 * byte picks the ruleset (among those) and whether the ICCS hint is given;
 * each following line is read in turn: refused with a message that starts
 * as ruleset.h says, or a legal move, which is played, and whose text in
 * every notation the ruleset writes reads back to it.
 */
#include "fuzz_common.h"

#include "game.h"

static const char *const styles[] = {QP_NOTATION_COORD, QP_NOTATION_CHINESE, QP_NOTATION_TRADITIONAL,
                                     QP_NOTATION_WXF, QP_NOTATION_ICCS};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    fz_init();
    static const qp_rules *with[QP_MAX_RULESETS];
    static int nwith = -1;
    if (nwith < 0) {
        nwith = 0;
        for (int i = 0; i < fz_reg.n; i++)
            if (fz_rules[i] && fz_rules[i]->rs->notation_parse) with[nwith++] = fz_rules[i];
    }
    if (!nwith) return 0;
    const qp_rules *r = with[(data[0] >> 1) % nwith];
    const char *hint = data[0] & 1 ? "iccs" : NULL;
    qp_game g;
    char err[QP_ERR];
    if (qp_game_init(&g, r, NULL, err, sizeof err)) abort();
    char *text = fz_string(data + 1, size - 1);
    for (char *line = text, *end; line; line = end) {
        end = strchr(line, '\n');
        if (end) *end++ = 0;
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) break;
        qp_move m = QP_MOVE_NONE;
        err[0] = 0;
        if (r->rs->notation_parse(r, g.cur, line, hint, &m, err, sizeof err)) {
            FZ_CHECK(!strncmp(err, "unreadable", 10) || !strncmp(err, "illegal", 7) || !strncmp(err, "ambiguous", 9),
                     "'%s' refused with '%s'", line, err);
            continue;
        }
        FZ_CHECK(qp_move_is_legal(r, g.cur, m), "'%s' read as a move that is not legal", line);
        for (size_t k = 0; k < sizeof styles / sizeof styles[0] && r->rs->notation_text; k++) {
            char back[QP_MOVE_TEXT] = "";
            qp_move again = QP_MOVE_NONE;
            if (r->rs->notation_text(r, g.cur, m, styles[k], back, sizeof back) < 0) continue;
            const char *h = !strcmp(styles[k], QP_NOTATION_ICCS) ? "iccs" : NULL;
            FZ_CHECK(r->rs->notation_parse(r, g.cur, back, h, &again, err, sizeof err) == 0 && again == m,
                     "'%s': its %s text '%s' does not read back", line, styles[k], back);
        }
        qp_game_play(&g, m);
    }
    free(text);
    qp_game_free(&g);
    return 0;
}
