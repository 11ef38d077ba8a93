/*
 * fuzz_sgf.c — SGF records: any bytes either are refused with a message
 * naming the file, or read to a record; one whose moves replay in Go is
 * written again, and what is written reads back to the same start
 * position, moves and comments and writes the same bytes again.
 */
#include "fuzz_common.h"

#include "game.h"
#include "record.h"
#include "sgf.h"

/* rec played into a game (0), or -1 when its rules or moves are refused. */
static int replay(const qp_record *rec, qp_rules **r, qp_game *g)
{
    char err[QP_ERR];
    const qp_ruleset *rs = qp_record_ruleset(rec, &fz_reg);
    qp_params p;
    if (!rs || qp_record_params(rec, rs, &p, err, sizeof err)) return -1;
    *r = qp_rules_create(rs, &p, err, sizeof err);
    if (!*r) return -1;
    if (qp_game_init(g, *r, rec->fen[0] ? rec->fen : NULL, err, sizeof err)) {
        qp_rules_free(*r);
        return -1;
    }
    if (qp_record_replay(rec, g, err, sizeof err)) {
        qp_game_free(g);
        qp_rules_free(*r);
        return -1;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    fz_init();
    char *text = fz_string(data, size);
    qp_record rec;
    char err[QP_ERR] = "";
    if (qp_sgf_parse(&rec, "fuzz", (const unsigned char *)text, size, err, sizeof err)) {
        FZ_CHECK(!strncmp(err, "fuzz:", 5), "a message without the file: %s", err);
        free(text);
        return 0;
    }
    qp_rules *r;
    qp_game g;
    if (replay(&rec, &r, &g) == 0) {
        size_t len, len2;
        char *w1 = qp_sgf_write(&g, &rec, &len, err, sizeof err);
        FZ_CHECK(w1, "write: %s", err);
        qp_record again;
        FZ_CHECK(qp_sgf_parse(&again, "again", (const unsigned char *)w1, len, err, sizeof err) == 0, "reread: %s",
                 err);
        FZ_CHECK(!strcmp(again.fen, rec.fen) || (!again.fen[0] || !rec.fen[0]), "start %s, was %s", again.fen,
                 rec.fen);
        FZ_CHECK(again.nmoves == g.len, "%d moves, was %d", again.nmoves, g.len);
        qp_rules *r2;
        qp_game g2;
        FZ_CHECK(replay(&again, &r2, &g2) == 0, "the written game does not replay");
        for (int i = 0; i < g.len; i++) FZ_CHECK(g.rec[i] == g2.rec[i], "move %d differs", i + 1);
        char *w2 = qp_sgf_write(&g2, &again, &len2, err, sizeof err);
        FZ_CHECK(w2 && len2 == len && !memcmp(w1, w2, len), "written twice, different:\n%s\n%s", w1,
                 w2 ? w2 : err);
        free(w2);
        free(w1);
        qp_game_free(&g2);
        qp_rules_free(r2);
        qp_record_free(&again);
        qp_game_free(&g);
        qp_rules_free(r);
    }
    qp_record_free(&rec);
    free(text);
    return 0;
}
