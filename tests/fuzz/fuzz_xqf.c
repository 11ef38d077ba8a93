/*
 * fuzz_xqf.c — XQF records: any bytes either are refused with a message
 * or read to a record; one whose moves replay is written again (plain,
 * then scrambled with a key from the input) and reads back to the same
 * start position and moves; what was written, read and written again, is
 * the same bytes (its variations and comments too).
 */
#include "fuzz_common.h"

#include "game.h"
#include "record.h"
#include "xqf.h"

/* data read back gives rec's start position and moves. */
static void check_again(const char *what, const char *data, size_t len, const qp_record *rec)
{
    qp_record again;
    char err[QP_ERR] = "";
    FZ_CHECK(qp_xqf_parse(&again, "again", (const unsigned char *)data, len, NULL, err, sizeof err) == 0,
             "%s: %s", what, err);
    FZ_CHECK(!strcmp(again.fen, rec->fen), "%s: start %s, was %s", what, again.fen, rec->fen);
    FZ_CHECK(again.nmoves == rec->nmoves, "%s: %d moves, was %d", what, again.nmoves, rec->nmoves);
    for (int i = 0; i < rec->nmoves; i++)
        FZ_CHECK(!strcmp(again.moves[i], rec->moves[i]), "%s: move %d is %s, was %s", what, i + 1,
                 again.moves[i], rec->moves[i]);
    qp_record_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    fz_init();
    qp_record rec;
    qp_xqf_info info;
    char err[QP_ERR] = "";
    if (qp_xqf_parse(&rec, "fuzz", data, size, &info, err, sizeof err)) {
        FZ_CHECK(!strncmp(err, "fuzz: ", 6), "a message without the file: %s", err);
        return 0;
    }
    FZ_CHECK(info.nodes >= rec.nmoves + 1, "%d nodes for %d moves", info.nodes, rec.nmoves);
    const qp_ruleset *rs = qp_registry_find(&fz_reg, "xiangqi");
    qp_rules *r = rs ? qp_rules_create(rs, NULL, err, sizeof err) : NULL;
    qp_game g;
    if (r && qp_game_init(&g, r, rec.fen, err, sizeof err) == 0) {
        if (qp_record_replay(&rec, &g, err, sizeof err) == 0) {
            size_t len, elen;
            char *x = qp_xqf_write(&g, &rec, &len, err, sizeof err);
            FZ_CHECK(x, "write: %s", err);
            check_again("plain", x, len, &rec);
            qp_record back;
            qp_game g2;
            FZ_CHECK(qp_xqf_parse(&back, "again", (const unsigned char *)x, len, NULL, err, sizeof err) == 0,
                     "reread: %s", err);
            FZ_CHECK(qp_game_init(&g2, r, back.fen, err, sizeof err) == 0 &&
                         qp_record_replay(&back, &g2, err, sizeof err) == 0,
                     "the written game does not replay: %s", err);
            size_t len2;
            char *x2 = qp_xqf_write(&g2, &back, &len2, err, sizeof err);
            FZ_CHECK(x2 && len2 == len && !memcmp(x, x2, len), "written twice, different (%zu, %zu bytes)", len,
                     len2);
            free(x2);
            qp_game_free(&g2);
            qp_record_free(&back);
            uint32_t seed = size >= 4 ? (uint32_t)data[size - 1] << 8 | data[size - 2] : 1;
            char *e = qp_xqf_encrypt(x, len, 0x0b + (int)(seed % 8), seed, &elen, err, sizeof err);
            FZ_CHECK(e, "encrypt: %s", err);
            check_again("scrambled", e, elen, &rec);
            free(e);
            free(x);
        }
        qp_game_free(&g);
    }
    if (r) qp_rules_free(r);
    qp_record_free(&rec);
    return 0;
}
