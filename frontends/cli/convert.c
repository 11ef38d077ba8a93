/*
 * convert.c — `qipan convert IN OUT [--notation N]`: reads a record in any
 * form qipan reads (record_file.h) and writes it as PGN with the moves in
 * the chosen notation (coord, chinese, traditional, wxf, iccs; by default
 * the input's own: Chinese, WXF or a PGN's ICCS, else coord),
 * keeping its other tags (Event, Red, Black, ...), its result, its
 * comments, NAGs and variations (what it cannot keep is named on stderr).
 * The text is UTF-8, or --encoding gbk (big5) for older tools;
 * `--format xqf` writes a Xiangqi game as XQF instead (xqf.h), with its
 * comments and variations; `--format sgf`, or an OUT ending in .sgf,
 * writes a Go game as SGF (sgf.h), with its comments and variations
 * too; neither holds NAGs (said on stderr).  OUT "-" is standard output.
 *
 * A PGN collection converts whole, game after game, unless `--game N`
 * picks one; `--list` prints its games instead (number, players, result,
 * date, plies).  Every move is checked on the way; a bad record writes
 * nothing and names the first problem (its file, game, ply and why).
 */
#include <ctype.h>
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

/* The notation a record's moves are written in, when it is one a reader
 * would keep (Chinese, traditional, WXF); NULL for coordinates. */
static const char *record_notation(const qp_record *rec)
{
    static const char *const trad[] = {"進", "後", "帥", "將", "車", "馬", "傌", "俥", "砲", "帥", NULL};
    for (int i = 0; i < rec->nmoves && i < 8; i++) {
        const char *m = rec->moves[i];
        if ((unsigned char)m[0] >= 0x80) {
            for (int k = 0; trad[k]; k++)
                if (strstr(m, trad[k])) return QP_NOTATION_TRADITIONAL;
            continue;
        }
        if (strpbrk(m, ".=") || (strlen(m) >= 4 && strchr("+-", m[2]) && m[1] != '-' && m[0] != '-'))
            return QP_NOTATION_WXF;
    }
    for (int i = 0; i < rec->nmoves && i < 8; i++)
        if ((unsigned char)rec->moves[i][0] >= 0x80) return QP_NOTATION_CHINESE;
    /* PGN in ICCS as the Chinese world writes it (not the squares of a
     * binary or web format, read as ICCS too) */
    bool pgn = !rec->format[0] || !strcmp(rec->format, "pgn");
    if (pgn && !strcmp(rec->hint, "iccs") && rec->nmoves && strlen(rec->moves[0]) == 4 &&
        islower((unsigned char)rec->moves[0][0]) && isdigit((unsigned char)rec->moves[0][1]))
        return QP_NOTATION_ICCS;
    return NULL;
}

/* One game's conversion, appended to out. */
typedef struct conv {
    qp_app *app;
    const char *in, *notation;
    bool xqf, sgf;
    char *out;
    size_t len;
    int ngames, nmoves;
    const char *ruleset;
    char used[16];     /* the notation the last game was written in */
    char err[QP_ERR];
} conv;

static int convert_one(qp_record *rec_in, void *ctx)
{
    conv *c = ctx;
    qp_rules *r;
    qp_game g;
    qp_record rec;
    if (qp_record_load_rec(&c->app->reg, c->in, rec_in, &r, &g, &rec, c->err, sizeof c->err)) return -1;
    const char *where = c->in;
    char gname[600];
    if (rec.game_no) {
        snprintf(gname, sizeof gname, "%s: game %d", c->in, rec.game_no);
        where = gname;
    }
    if (rec.nvariations)
        fprintf(stderr, "qipan convert: %s: %d variation%s not kept\n", where, rec.nvariations,
                rec.nvariations == 1 ? "" : "s");
    if (rec.warning[0]) fprintf(stderr, "qipan convert: %s: %s\n", where, rec.warning);
    if (c->xqf || c->sgf) {   /* formats without NAGs */
        int n = 0;
        for (int i = 0; rec.nags && i <= rec.nmoves; i++) n += rec.nags[i] != NULL;
        for (int k = 0; k < rec.vars.n; k++) n += rec.vars.node[k].nags != NULL;
        if (n)
            fprintf(stderr, "qipan convert: %s: the NAGs of %d move%s not written (%s has none)\n", where, n,
                    n == 1 ? "" : "s", c->xqf ? "XQF" : "SGF");
    }
    const char *notation = c->notation ? c->notation : record_notation(&rec);
    if (!notation) notation = QP_NOTATION_COORD;
    size_t len;
    char *text = c->xqf   ? qp_xqf_write(&g, &rec, &len, c->err, sizeof c->err)
                 : c->sgf ? qp_sgf_write(&g, &rec, &len, c->err, sizeof c->err)
                          : qp_record_text_from(&g, notation, &rec, &len, c->err, sizeof c->err);
    int rc = 0;
    if (!text) {
        rc = -1;
    } else {
        char *o = realloc(c->out, c->len + len + 2);
        if (!o) {
            snprintf(c->err, sizeof c->err, "out of memory");
            rc = -1;
        } else {
            if (c->len) o[c->len++] = '\n';   /* a blank line between games */
            memcpy(o + c->len, text, len);
            c->len += len;
            c->out = o;
            c->ngames++;
            c->nmoves = g.len;
            c->ruleset = r->rs->name;   /* a registered ruleset's name outlives the rules */
            snprintf(c->used, sizeof c->used, "%s", notation);
        }
        free(text);
    }
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
    return rc;
}

/* --list: one line a game. */
static int list_one(qp_record *rec, void *ctx)
{
    int *n = ctx;
    char line[1024];
    qp_record_summary(rec, ++*n, line, sizeof line);
    printf("%s\n", line);
    qp_record_free(rec);
    return 0;
}

int cmd_convert(qp_app *app, int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *notation = NULL, *encoding = NULL;
    bool xqf = false, sgf = false, pgn = false, list = false;
    long game = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--list")) {
            list = true;
        } else if (!strcmp(argv[i], "--encoding") || !strcmp(argv[i], "--notation") ||
                   !strcmp(argv[i], "--format") || !strcmp(argv[i], "--game")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "qipan convert: %s needs a value\n", argv[i]);
                return 2;
            }
            const char *v = argv[++i];
            if (!strcmp(argv[i - 1], "--encoding")) {
                encoding = qp_encoding_name(v);
                if (!encoding) {
                    fprintf(stderr, "qipan convert: unknown encoding '%s' (utf-8, gbk, gb18030, big5)\n", v);
                    return 2;
                }
            } else if (!strcmp(argv[i - 1], "--format")) {
                if (strcmp(v, "pgn") && strcmp(v, "xqf") && strcmp(v, "sgf")) {
                    fprintf(stderr, "qipan convert: unknown format '%s' (pgn, xqf, sgf)\n", v);
                    return 2;
                }
                xqf = !strcmp(v, "xqf");
                sgf = !strcmp(v, "sgf");
                pgn = !strcmp(v, "pgn");
            } else if (!strcmp(argv[i - 1], "--game")) {
                char *end;
                game = strtol(v, &end, 10);
                if (*end || game < 1 || game > 1000000) {
                    fprintf(stderr, "qipan convert: --game wants a number from 1, not '%s'\n", v);
                    return 2;
                }
            } else {
                notation = v;
            }
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
    if (!in || (!out && !list)) {
        fprintf(stderr, "usage: qipan convert IN OUT [--notation coord|chinese|traditional|wxf|iccs] "
                        "[--format pgn|xqf|sgf] [--encoding utf-8|gbk|big5] [--game N] | qipan convert --list IN\n");
        return 2;
    }
    char err[QP_ERR];
    if (list) {
        int n = 0;
        if (qp_record_each_game(in, list_one, &n, err, sizeof err) < 0) {
            fprintf(stderr, "qipan convert: %s\n", err);
            return 1;
        }
        return 0;
    }
    bool known = !notation;
    for (int i = 0; notation && notations[i]; i++) known |= !strcmp(notations[i], notation);
    if (!known) {
        fprintf(stderr, "qipan convert: unknown notation '%s' (coord, chinese, traditional, wxf, iccs)\n",
                notation);
        return 2;
    }
    conv c = {app, in, notation, xqf, sgf, NULL, 0, 0, 0, NULL, "", ""};
    int rc = 0;
    if (game) {
        qp_record rec;
        rc = qp_record_read_game(&rec, in, (int)game, c.err, sizeof c.err) ? -1 : convert_one(&rec, &c);
    } else {
        rc = qp_record_each_game(in, convert_one, &c, c.err, sizeof c.err) < 0 ? -1 : 0;
        if (!rc && (xqf || sgf) && c.ngames > 1) {
            snprintf(c.err, sizeof c.err, "%s holds %d games and an %s file one: pick one with --game N", in,
                     c.ngames, xqf ? "XQF" : "SGF");
            rc = -1;
        }
    }
    if (!rc && encoding && strcmp(encoding, "UTF-8")) {
        char *t;
        size_t tl;
        if (qp_text_encode(c.out, c.len, encoding, &t, &tl, c.err, sizeof c.err)) {
            rc = -1;
        } else {
            free(c.out);
            c.out = t;
            c.len = tl;
        }
    }
    if (rc) {
        /* the message was made already */
    } else if (!strcmp(out, "-")) {
        if (fwrite(c.out, 1, c.len, stdout) != c.len || fflush(stdout)) {
            snprintf(c.err, sizeof c.err, "cannot write to standard output");
            rc = -1;
        }
    } else if (qp_file_save(out, c.out, c.len, c.err, sizeof c.err)) {
        rc = -1;
    }
    if (rc) {
        fprintf(stderr, "qipan convert: %s\n", c.err);
    } else if (strcmp(out, "-")) {
        if (c.ngames > 1)
            printf("%s: %d games of %s%s%s\n", out, c.ngames, c.ruleset, xqf || sgf ? "" : " in ",
                   xqf || sgf ? "" : notation ? notation : "their own notation");
        else
            printf("%s: %s, %d move%s %s%s%s\n", out, c.ruleset, c.nmoves, c.nmoves == 1 ? "" : "s",
                   xqf ? "as XQF" : sgf ? "as SGF" : "in ", xqf || sgf ? "" : c.used, xqf || sgf ? "" : " notation");
    }
    free(c.out);
    return rc ? 1 : 0;
}
