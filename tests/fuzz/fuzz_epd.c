/*
 * fuzz_epd.c — EPD position files: each line is a position, nothing, or
 * an error with a message; a position's FEN is one the reader made
 * (board, side w or b, counters), and the whole file either opens its
 * first position as a record or is refused with a message.
 */
#include "fuzz_common.h"

#include "epd.h"
#include "game.h"
#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    fz_init();
    char *text = fz_string(data, size), err[QP_ERR] = "";
    const qp_ruleset *rs = qp_registry_find(&fz_reg, "xiangqi");
    qp_rules *r = rs ? qp_rules_create(rs, NULL, err, sizeof err) : NULL;
    for (const char *s = text, *end = text + size; s < end;) {
        const char *eol = memchr(s, '\n', (size_t)(end - s));
        if (!eol) eol = end;
        qp_epd_pos pos;
        char why[QP_ERR] = "";
        int rc = qp_epd_line(s, (size_t)(eol - s), &pos, why, sizeof why);
        FZ_CHECK(rc >= -1 && rc <= 1, "rc %d", rc);
        if (rc < 0) FZ_CHECK(why[0], "a bad line without a message");
        if (rc > 0) {
            const char *sp = strchr(pos.fen, ' ');
            FZ_CHECK(sp && (sp[1] == 'w' || sp[1] == 'b') && sp[2] == ' ', "side of '%s'", pos.fen);
            qp_game g;
            if (r && qp_epd_ruleset(&pos) && !strcmp(qp_epd_ruleset(&pos), "xiangqi") &&
                qp_game_init(&g, r, pos.fen, why, sizeof why) == 0)
                qp_game_free(&g);
        }
        s = eol + (eol < end);
    }
    qp_record rec;
    if (qp_epd_parse(&rec, "f", (const unsigned char *)text, size, err, sizeof err) == 0) qp_record_free(&rec);
    else FZ_CHECK(err[0] == 'f', "refused without its name: '%s'", err);
    qp_rules_free(r);
    free(text);
    return 0;
}
