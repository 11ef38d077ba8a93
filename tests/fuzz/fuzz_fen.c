/*
 * fuzz_fen.c — FEN parsing of every ruleset (the first byte picks it).
 * A FEN that parses must print back to a FEN that parses to the same
 * printed text, and its moves must generate, play and print.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    const qp_rules *r = fz_pick(data[0]);
    if (!r) return 0;
    char *fen = fz_string(data + 1, size - 1), err[QP_ERR];
    void *s = qp_state_new(r), *t = qp_state_new(r);
    if (r->rs->fen_parse(r, s, fen, err, sizeof err) == 0) {
        char a[2048], b[2048];
        r->rs->fen_print(r, s, a, sizeof a);
        FZ_CHECK(r->rs->fen_parse(r, t, a, err, sizeof err) == 0, "%s: printed FEN '%s' refused: %s",
                 r->rs->name, a, err);
        r->rs->fen_print(r, t, b, sizeof b);
        FZ_CHECK(!strcmp(a, b), "%s: '%s' then '%s'", r->rs->name, a, b);
        qp_move mv[QP_MAX_MOVES];
        int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
        FZ_CHECK(n >= 0 && n <= QP_MAX_MOVES, "%s: %d moves", r->rs->name, n);
        for (int i = 0; i < n && i < 8; i++) {
            char mt[QP_MOVE_TEXT];
            memcpy(t, s, r->state_size);
            r->rs->move_text(r, t, mv[i], mt, sizeof mt);
            qp_move back;
            FZ_CHECK(r->rs->move_parse(r, t, mt, &back, err, sizeof err) == 0 && back == mv[i],
                     "%s: move text '%s' of '%s' does not read back", r->rs->name, mt, a);
            r->rs->make(r, t, mv[i], NULL);
            qp_outcome o;
            r->rs->outcome(r, t, &o);
        }
    }
    free(s);
    free(t);
    free(fen);
    return 0;
}
