/*
 * record_file.c — records as files (record_file.h): the table of formats,
 * a file read in whichever its bytes say, and loaded into a game.
 */
#include "record_file.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cbf.h"
#include "dhtmlxq.h"
#include "cbr.h"
#include "epd.h"
#include "fileio.h"
#include "record_format.h"
#include "sgf.h"
#include "xqf.h"

/* PGN: qipan's own saves and the PGN of other programs.  It reads any
 * text, so it is the fallback of every file no other format claims. */
static qp_sniff pgn_sniff(const unsigned char *data, size_t len)
{
    (void)data;
    (void)len;
    return QP_SNIFF_MAYBE;
}

static int pgn_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                     size_t errn)
{
    return qp_record_parse(rec, name, (const char *)data, len, err, errn);
}

static int pgn_parse_game(qp_record *rec, const char *name, const unsigned char *data, size_t len, int n,
                          char *err, size_t errn)
{
    return qp_record_parse_game(rec, name, (const char *)data, len, n, err, errn);
}

static int pgn_each(const char *name, const unsigned char *data, size_t len, int (*each)(qp_record *rec, void *ctx),
                    void *ctx, char *err, size_t errn)
{
    return qp_record_each(name, (const char *)data, len, each, ctx, err, errn);
}

static const qp_record_format pgn_format = {.name = "pgn", .title = "PGN (Portable Game Notation)",
                                            .sniff = pgn_sniff, .parse = pgn_parse,
                                            .parse_game = pgn_parse_game, .each = pgn_each};
static const qp_record_format dhtmlxq_format = {.name = "dhtmlxq",
                                                .title = "DhtmlXQ (web pages' Xiangqi records)",
                                                .sniff = qp_dhtmlxq_sniff, .parse = qp_dhtmlxq_parse};
static const qp_record_format epd_format = {.name = "epd", .title = "EPD (positions with operations)",
                                            .sniff = qp_epd_sniff, .parse = qp_epd_parse};
/* CBF: CCBridge's XML records */
static const qp_record_format cbf_format = {.name = "cbf", .title = "CBF (CCBridge's XML records)",
                                            .sniff = qp_cbf_sniff, .parse = qp_cbf_parse};

const qp_record_format *const qp_record_formats[] = {
    &pgn_format,
    &qp_xqf_format,
    &dhtmlxq_format,
    &epd_format,
    &qp_sgf_format,   /* SGF: Go records */
    &cbf_format,
    &qp_cbr_format,   /* CCBridge's binary records */
    &qp_cbl_format,
    NULL,
};

const qp_record_format *qp_record_format_of(const unsigned char *data, size_t len)
{
    const qp_record_format *best = &pgn_format;
    qp_sniff best_s = QP_SNIFF_NO;
    for (int i = 0; qp_record_formats[i]; i++) {
        qp_sniff s = qp_record_formats[i]->sniff(data, len);
        if (s > best_s) {
            best_s = s;
            best = qp_record_formats[i];
        }
    }
    return best;
}

int qp_record_read(qp_record *rec, const char *path, char *err, size_t errn)
{
    return qp_record_read_game(rec, path, 1, err, errn);
}

int qp_record_read_game(qp_record *rec, const char *path, int n, char *err, size_t errn)
{
    char *text;
    size_t len;
    memset(rec, 0, sizeof *rec);
    if (qp_file_read(path, QP_RECORD_MAX, &text, &len, err, errn)) return -1;
    const qp_record_format *f = qp_record_format_of((const unsigned char *)text, len);
    int rc;
    if (f->parse_game) {
        rc = f->parse_game(rec, path, (const unsigned char *)text, len, n < 1 ? 1 : n, err, errn);
    } else if (n > 1) {
        snprintf(err, errn, "%s: no game %d (the file holds 1)", path, n);
        rc = -1;
    } else {
        rc = f->parse(rec, path, (const unsigned char *)text, len, err, errn);
    }
    if (!rc) snprintf(rec->format, sizeof rec->format, "%s", f->name);
    free(text);
    return rc;
}

int qp_record_each_game(const char *path, int (*each)(qp_record *rec, void *ctx), void *ctx, char *err,
                        size_t errn)
{
    char *text;
    size_t len;
    if (qp_file_read(path, QP_RECORD_MAX, &text, &len, err, errn)) return -1;
    const qp_record_format *f = qp_record_format_of((const unsigned char *)text, len);
    int rc;
    if (f->each) {
        rc = f->each(path, (const unsigned char *)text, len, each, ctx, err, errn);
    } else {
        qp_record rec;
        rc = f->parse(&rec, path, (const unsigned char *)text, len, err, errn);
        if (!rc) snprintf(rec.format, sizeof rec.format, "%s", f->name);
        rc = rc ? -1 : each(&rec, ctx) ? -1 : 1;
    }
    free(text);
    return rc;
}

/* ---- saving by the file's name (SGF) ---- */

const qp_record_format *qp_record_format_for_path(const char *path)
{
    const char *dot = strrchr(path, '.');
    for (int i = 0; dot && qp_record_formats[i]; i++)
        if (qp_record_formats[i]->ext && qp_record_formats[i]->write && !strcasecmp(dot + 1, qp_record_formats[i]->ext))
            return qp_record_formats[i];
    return NULL;
}

char *qp_record_file_text(const char *path, const qp_game *g, const qp_record *src, size_t *len, char *err,
                          size_t errn)
{
    const qp_record_format *f = qp_record_format_for_path(path);
    return f ? f->write(g, src, len, err, errn) : qp_record_text_from(g, NULL, src, len, err, errn);
}

int qp_record_file_save(const char *path, const qp_game *g, const qp_record *src, char *err, size_t errn)
{
    size_t len;
    char *text = qp_record_file_text(path, g, src, &len, err, errn);
    if (!text) return -1;
    int rc = qp_file_save(path, text, len, err, errn);
    free(text);
    return rc;
}

int qp_record_load(const qp_registry *reg, const char *path, qp_rules **rules_out, qp_game *g,
                   char *err, size_t errn)
{
    return qp_record_load_game(reg, path, 1, rules_out, g, NULL, err, errn);
}

int qp_record_load_keep(const qp_registry *reg, const char *path, qp_rules **rules_out, qp_game *g,
                        qp_record *keep, char *err, size_t errn)
{
    return qp_record_load_game(reg, path, 1, rules_out, g, keep, err, errn);
}

int qp_record_load_game(const qp_registry *reg, const char *path, int n, qp_rules **rules_out, qp_game *g,
                        qp_record *keep, char *err, size_t errn)
{
    qp_record rec;
    *rules_out = NULL;
    if (qp_record_read_game(&rec, path, n, err, errn)) return -1;
    return qp_record_load_rec(reg, path, &rec, rules_out, g, keep, err, errn);
}

/* Whether the record's moves are SAN (Che2, Hg3): a piece letter, then a
 * file in lower case. */
static bool san_moves(const qp_record *rec)
{
    for (int i = 0; i < rec->nmoves && i < 4; i++) {
        const char *m = rec->moves[i];
        if (m[0] && strchr("KAEBHNRCP", m[0]) && m[1] >= 'a' && m[1] <= 'i') return true;
    }
    return false;
}

int qp_record_load_rec(const qp_registry *reg, const char *path, qp_record *rec_in, qp_rules **rules_out,
                       qp_game *g, qp_record *keep, char *err, size_t errn)
{
    qp_record rec = *rec_in;
    char e[QP_ERR];
    *rules_out = NULL;
    const qp_ruleset *rs = qp_record_ruleset(&rec, reg);
    if (!rs) {
        if (rec.ruleset[0]) snprintf(err, errn, "%s: unknown ruleset '%s'", path, rec.ruleset);
        else snprintf(err, errn, "%s: no ruleset plays [Game \"%s\"]", path, rec.game);
        goto fail;
    }
    qp_params p;
    if (qp_record_params(&rec, rs, &p, e, sizeof e)) {
        snprintf(err, errn, "%s: %s", path, e);
        goto fail;
    }
    qp_rules *r = qp_rules_create(rs, &p, e, sizeof e);
    if (!r) {
        snprintf(err, errn, "%s: %s", path, e);
        goto fail;
    }
    if (qp_game_init(g, r, rec.fen[0] ? rec.fen : NULL, e, sizeof e)) {
        snprintf(err, errn, "%s: FEN header: %s", path, e);
        qp_rules_free(r);
        goto fail;
    }
    if (qp_record_replay(&rec, g, e, sizeof e)) {
        /* SAN with ranks 1-10 that does not replay may be XBoard's, 0-9 */
        bool retry = !rec.hint[0] && san_moves(&rec);
        if (retry) {
            qp_game_free(g);
            snprintf(rec.hint, sizeof rec.hint, "iccs");
            char e2[QP_ERR];
            retry = !qp_game_init(g, r, rec.fen[0] ? rec.fen : NULL, e2, sizeof e2) &&
                    !qp_record_replay(&rec, g, e2, sizeof e2);
            if (!retry) rec.hint[0] = 0;
        }
        if (!retry) {
            snprintf(err, errn, "%s:%s%s", path, isdigit((unsigned char)e[0]) ? "" : " ", e);
            qp_game_free(g);
            qp_rules_free(r);
            goto fail;
        }
    }
    qp_record_check_variations(&rec, g);
    *rules_out = r;
    if (keep) *keep = rec;
    else qp_record_free(&rec);
    return 0;
fail:
    qp_record_name_game(err, errn, path, rec.game_no);
    qp_record_free(&rec);
    return -1;
}
