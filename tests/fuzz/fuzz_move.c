/*
 * fuzz_move.c — move text of every ruleset (the first byte picks it, the
 * second how many start moves to play first).  Lines of text are played
 * in turn through qp_game_play_text: each is either refused with a
 * message or a legal move whose own text reads back to it.
 */
#include "fuzz_common.h"

#include "game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 4096) return 0;
    const qp_rules *r = fz_pick(data[0]);
    if (!r) return 0;
    qp_game g;
    char err[QP_ERR];
    if (qp_game_init(&g, r, NULL, err, sizeof err)) return 0;
    for (int i = 0; i < data[1] % 6; i++) {   /* a few first moves */
        qp_move mv[QP_MAX_MOVES];
        int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
        if (n <= 0) break;
        char mt[QP_MOVE_TEXT];
        r->rs->move_text(r, g.cur, mv[(unsigned)i * 7 % (unsigned)n], mt, sizeof mt);
        if (qp_game_play_text(&g, mt, err, sizeof err)) break;
    }
    char *text = fz_string(data + 2, size - 2);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        int before = g.len;
        err[0] = 0;
        if (qp_game_play_text(&g, line, err, sizeof err)) {
            FZ_CHECK(err[0], "%s: '%s' refused without a message", r->rs->name, line);
            FZ_CHECK(g.len == before, "%s: a refused move changed the game", r->rs->name);
        } else {
            FZ_CHECK(g.len == before + 1, "%s: '%s' played %d moves", r->rs->name, line, g.len - before);
        }
    }
    free(text);
    qp_game_free(&g);
    return 0;
}
