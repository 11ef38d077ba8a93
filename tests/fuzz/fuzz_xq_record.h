/*
 * fuzz_xq_record.h — the check the Xiangqi record readers share (fuzz_cbf,
 * fuzz_dhtmlxq): reading either fails with a message naming the file or
 * gives a record; a record that replays is written as PGN, which reads
 * back to the same moves.
 */
#ifndef QP_FUZZ_XQ_RECORD_H
#define QP_FUZZ_XQ_RECORD_H

#include "fuzz_common.h"

#include "game.h"
#include "record.h"

typedef int (*fz_record_parse)(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                               size_t errn);

static inline int fz_xq_record(const uint8_t *data, size_t size, fz_record_parse parse)
{
    if (size > 65536) return 0;
    fz_init();
    const qp_ruleset *rs = qp_registry_find(&fz_reg, "xiangqi");
    if (!rs) return 0;
    char *text = fz_string(data, size), err[QP_ERR] = "";
    qp_record rec;
    if (parse(&rec, "f", (const unsigned char *)text, size, err, sizeof err)) {
        FZ_CHECK(err[0] == 'f', "refused without its name: '%s'", err);
        free(text);
        return 0;
    }
    FZ_CHECK(rec.nmoves >= 0 && rec.nvariations >= 0, "%d moves, %d variations", rec.nmoves, rec.nvariations);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    qp_game g;
    if (r && qp_game_init(&g, r, rec.fen[0] ? rec.fen : NULL, err, sizeof err) == 0) {
        if (qp_record_replay(&rec, &g, err, sizeof err) == 0) {
            size_t len;
            char *pgn = qp_record_text_from(&g, NULL, &rec, &len, err, sizeof err);
            FZ_CHECK(pgn, "write: %s", err);
            qp_record back;
            FZ_CHECK(qp_record_parse(&back, "again", pgn, len, err, sizeof err) == 0, "reread: %s", err);
            FZ_CHECK(back.nmoves == g.len, "reread: %d moves, was %d", back.nmoves, g.len);
            qp_record_free(&back);
            free(pgn);
        }
        qp_game_free(&g);
    }
    qp_rules_free(r);
    qp_record_free(&rec);
    free(text);
    return 0;
}

#endif
