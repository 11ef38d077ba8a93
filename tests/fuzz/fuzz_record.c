/*
 * fuzz_record.c — saved-game records: loading any text either fails with
 * a message or gives a game that saves and loads again to the same moves.
 */
#include "fuzz_common.h"

#include <unistd.h>

#include "game.h"
#include "record.h"
#include "record_file.h"

static void write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(data, 1, size, f);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    fz_init();
    static const char *path, *again;
    if (!path) {
        path = fz_scratch("record", ".txt");
        again = fz_scratch("record", ".txt.again");
    }
    write_file(path, data, size);
    qp_rules *r;
    qp_game g;
    char err[QP_ERR] = "";
    if (qp_record_load(&fz_reg, path, &r, &g, err, sizeof err) == 0) {
        FZ_CHECK(qp_record_save(&g, again, err, sizeof err) == 0, "save: %s", err);
        qp_rules *r2;
        qp_game g2;
        FZ_CHECK(qp_record_load(&fz_reg, again, &r2, &g2, err, sizeof err) == 0, "reload: %s", err);
        FZ_CHECK(g2.len == g.len && g2.cursor == g.cursor, "reload: %d/%d moves, was %d/%d", g2.cursor,
                 g2.len, g.cursor, g.len);
        for (int i = 0; i < g.len; i++) FZ_CHECK(g.rec[i] == g2.rec[i], "reload: move %d differs", i + 1);
        qp_game_free(&g2);
        qp_rules_free(r2);
        unlink(again);
        qp_game_free(&g);
        qp_rules_free(r);
    } else {
        FZ_CHECK(err[0], "refused without a message");
    }
    return 0;
}
