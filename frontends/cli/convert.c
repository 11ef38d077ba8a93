/*
 * convert.c — `qipan convert IN OUT [--notation N]`: reads a record in any
 * form qipan reads (record.h) and writes it as PGN with the moves in the
 * chosen notation (coord, chinese, traditional, wxf, iccs), keeping its
 * other tags (Event, Red, Black, ...), its result and its comments
 * (variations it cannot keep are named on stderr).  The text is UTF-8,
 * or --encoding gbk (big5) for older tools; `--format xqf` writes a
 * Xiangqi game as XQF instead (xqf.h), with the comments of its main
 * line.  `--format sgf`, or an OUT ending in .sgf, writes a Go game as SGF
 * (sgf.h).  OUT "-" is standard output.  Every move is checked on the way;
 * a bad record writes nothing and names the first problem.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "encoding.h"
#include "fileio.h"
#include "record.h"
#include "record_file.h"
#include "sgf.h"
#include "xqf.h"

int cmd_convert(qp_app *app, int argc, char **argv);

static const char *const notations[] = {
    QP_NOTATION_COORD, QP_NOTATION_CHINESE, QP_NOTATION_TRADITIONAL, QP_NOTATION_WXF,
    QP_NOTATION_ICCS, NULL,
};

int cmd_convert(qp_app *app, int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *notation = QP_NOTATION_COORD, *encoding = NULL;
    bool xqf = false, sgf = false, pgn = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--encoding")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "qipan convert: --encoding needs a value\n");
                return 2;
            }
            encoding = qp_encoding_name(argv[++i]);
            if (!encoding) {
                fprintf(stderr, "qipan convert: unknown encoding '%s' (utf-8, gbk, gb18030, big5)\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--notation") || !strcmp(argv[i], "--format")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "qipan convert: %s needs a value\n", argv[i]);
                return 2;
            }
            if (!strcmp(argv[i], "--format")) {
                if (strcmp(argv[i + 1], "pgn") && strcmp(argv[i + 1], "xqf") && strcmp(argv[i + 1], "sgf")) {
                    fprintf(stderr, "qipan convert: unknown format '%s' (pgn, xqf, sgf)\n", argv[i + 1]);
                    return 2;
                }
                xqf = !strcmp(argv[i + 1], "xqf");
                sgf = !strcmp(argv[i + 1], "sgf");
                pgn = !strcmp(argv[i + 1], "pgn");
            } else {
                notation = argv[i + 1];
            }
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "qipan convert: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!in) {
            in = argv[i];
        } else if (!out) {
            out = argv[i];
        } else {
            fprintf(stderr, "qipan convert: too many arguments\n");
            return 2;
        }
    }
    /* OUT's name asks for SGF unless --format said otherwise */
    if (out && !xqf && !pgn && qp_record_format_for_path(out) == &qp_sgf_format) sgf = true;
    if (sgf && encoding) {
        fprintf(stderr, "qipan convert: --encoding is for PGN; SGF is written in UTF-8\n");
        return 2;
    }
    if (xqf && encoding) {
        fprintf(stderr, "qipan convert: --encoding is for PGN; XQF's texts are always GBK\n");
        return 2;
    }
    if (!in || !out) {
        fprintf(stderr, "usage: qipan convert IN OUT [--notation coord|chinese|traditional|wxf|iccs] "
                        "[--format pgn|xqf|sgf] [--encoding utf-8|gbk|big5]\n");
        return 2;
    }
    bool known = false;
    for (int i = 0; notations[i]; i++) known |= !strcmp(notations[i], notation);
    if (!known) {
        fprintf(stderr, "qipan convert: unknown notation '%s' (coord, chinese, traditional, wxf, iccs)\n",
                notation);
        return 2;
    }
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_keep(&app->reg, in, &r, &g, &rec, err, sizeof err)) {
        fprintf(stderr, "qipan convert: %s\n", err);
        return 1;
    }
    if (rec.nvariations)
        fprintf(stderr, "qipan convert: %s: %d variation%s not kept\n", in, rec.nvariations,
                rec.nvariations == 1 ? "" : "s");
    size_t len;
    char *text = xqf   ? qp_xqf_write(&g, &rec, &len, err, sizeof err)
                 : sgf ? qp_sgf_write(&g, &rec, &len, err, sizeof err)
                       : qp_record_text_from(&g, notation, &rec, &len, err, sizeof err);
    int rc = 0;
    if (text && encoding && strcmp(encoding, "UTF-8")) {
        char *t;
        size_t tl;
        if (qp_text_encode(text, len, encoding, &t, &tl, err, sizeof err)) {
            free(text);
            text = NULL;
        } else {
            free(text);
            text = t;
            len = tl;
        }
    }
    if (!text) {
        rc = 1;
    } else if (!strcmp(out, "-")) {
        if (fwrite(text, 1, len, stdout) != len || fflush(stdout)) {
            snprintf(err, sizeof err, "cannot write to standard output");
            rc = 1;
        }
    } else if (qp_file_save(out, text, len, err, sizeof err)) {
        rc = 1;
    }
    if (rc) fprintf(stderr, "qipan convert: %s\n", err);
    else if (strcmp(out, "-"))
        printf("%s: %s, %d move%s %s%s%s\n", out, r->rs->name, g.len, g.len == 1 ? "" : "s",
               xqf ? "as XQF" : sgf ? "as SGF" : "in ", xqf || sgf ? "" : notation, xqf || sgf ? "" : " notation");
    free(text);
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
    return rc;
}
