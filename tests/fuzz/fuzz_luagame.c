/*
 * fuzz_luagame.c — Lua game files: any text loads or fails with a
 * "FILE:" message; a game that loads is set up and played a few plies
 * (hooks that fail or run away are reported, never crash or hang).
 */
#include "fuzz_common.h"

#include "lua_ruleset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384) return 0;
    static const char *path;
    if (!path) path = fz_scratch("game", ".lua");
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(data, 1, size, f);
    fclose(f);
    char err[QP_ERR] = "";
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
    if (!rs) {
        FZ_CHECK(!strncmp(err, path, strlen(path)), "message without the file name: %s", err);
        return 0;
    }
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    if (r) {
        void *s = qp_state_new(r);
        r->rs->setup(r, s);
        for (int ply = 0; ply < 4; ply++) {
            qp_move mv[QP_MAX_MOVES];
            int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
            if (n <= 0) break;
            char mt[QP_MOVE_TEXT], fen[1024];
            r->rs->move_text(r, s, mv[0], mt, sizeof mt);
            r->rs->make(r, s, mv[0], NULL);
            if (r->rs->fen_print) r->rs->fen_print(r, s, fen, sizeof fen);
            if (r->rs->evaluate) r->rs->evaluate(r, s);   /* optional: a block game without eval has none */
            qp_outcome o;
            r->rs->outcome(r, s, &o);
            if (o.result != QP_ONGOING) break;
        }
        free(s);
        qp_rules_free(r);
    }
    qp_lua_ruleset_free(rs);
    return 0;
}
