/*
 * record_format.h — what a record format is: how sure it is that a file's
 * bytes are of it, and how it reads them into a qp_record (record.h),
 * whose moves are texts the ruleset parses (any notation it reads;
 * readers of coordinate formats write ICCS or coordinates and set the
 * record's hint).  Each format module (xqf, dhtmlxq, epd; PGN is record.c)
 * defines one (CBR and CBL two); the table of them is record_file.c's, which hands a file to
 * the surest (record_file.h).
 *
 * A new format is one module with one entry added to the table: nothing
 * else branches on formats.
 */
#ifndef QP_RECORD_FORMAT_H
#define QP_RECORD_FORMAT_H

#include <stddef.h>

#include "record.h"

/* How sure a format is that data is of it. */
typedef enum qp_sniff {
    QP_SNIFF_NO = 0,       /* not this format */
    QP_SNIFF_MAYBE = 1,    /* could be: text the format reads, no signature */
    QP_SNIFF_YES = 2,      /* its signature or tags are there */
} qp_sniff;

typedef struct qp_record_format {
    const char *name;      /* "pgn" */
    const char *title;     /* "PGN (Portable Game Notation)" */
    qp_sniff (*sniff)(const unsigned char *data, size_t len);
    /* Reads data (len bytes, NUL-terminated past the end) into rec, which
     * is zeroed; name prefixes the messages ("FILE:LINE:COL: why").
     * Returns 0, or -1 with err (rec then holds nothing to free). */
    int (*parse)(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn);
    /* Optional (appended; NULL: saves are PGN): the file name ending that
     * asks for this format when a game is saved ("sgf"), and its writer:
     * g's text, keeping what src (the record g came from, may be NULL)
     * says beyond the moves; malloc'd, NULL with err. */
    const char *ext;
    char *(*write)(const qp_game *g, const qp_record *src, size_t *len, char *err, size_t errn);
    /* Optional (appended; NULL: a file holds one game), for files of many
     * games (a PGN collection, a CBL library): game n (from 1), as parse,
     * refused past the last ("NAME: no game N (the file holds M)"); and
     * every game in turn, each(rec, ctx) owning the record it is given
     * and returning 0 to go on: the number of games, or -1 with err. */
    int (*parse_game)(qp_record *rec, const char *name, const unsigned char *data, size_t len, int n,
                      char *err, size_t errn);
    int (*each)(const char *name, const unsigned char *data, size_t len,
                int (*each)(qp_record *rec, void *ctx), void *ctx, char *err, size_t errn);
} qp_record_format;

#endif
