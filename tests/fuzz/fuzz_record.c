/*
 * fuzz_record.c — saved-game records: loading any text either fails with
 * a message or gives a game that saves and loads again to the same moves;
 * a record with variations and NAGs writes and reads back to the same
 * text; every game of a collection loads or fails with a message naming
 * the file.
 */
#include "fuzz_common.h"

#include <string.h>
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

/* Each game of a collection: loaded, and its text (variations, NAGs and
 * comments too) reads back to the same text. */
static int each_game(qp_record *rec, void *ctx)
{
    const char *path = ctx;
    qp_rules *r;
    qp_game g;
    qp_record keep;
    char err[QP_ERR] = "";
    if (qp_record_load_rec(&fz_reg, path, rec, &r, &g, &keep, err, sizeof err)) {
        FZ_CHECK(!strncmp(err, path, strlen(path)), "refused without the file's name: '%s'", err);
        return 0;
    }
    size_t len;
    char *text = qp_record_text_from(&g, NULL, &keep, &len, err, sizeof err);
    FZ_CHECK(text, "write: %s", err);
    qp_record back;
    FZ_CHECK(qp_record_parse(&back, "again", text, len, err, sizeof err) == 0, "reread: %s", err);
    FZ_CHECK(back.nmoves == g.len, "reread: %d moves, was %d", back.nmoves, g.len);
    qp_record_free(&back);
    free(text);
    qp_record_free(&keep);
    qp_game_free(&g);
    qp_rules_free(r);
    return 0;
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
    char e2[QP_ERR] = "";
    if (qp_record_each_game(path, each_game, (void *)path, e2, sizeof e2) < 0)
        FZ_CHECK(!strncmp(e2, path, strlen(path)), "a collection refused without the file's name: '%s'", e2);
    return 0;
}
