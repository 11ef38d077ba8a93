/*
 * record_format.h — the table of record formats qipan reads: each format
 * says how sure it is that a file's bytes are of it, and reads them into a
 * qp_record (record.h), whose moves are texts the ruleset parses (any
 * notation it reads; readers of coordinate formats write ICCS or
 * coordinates and set the record's hint).  qp_record_read asks every
 * format and hands the file to the surest; PGN is the fallback.
 *
 * A new format is one module with one entry added to qp_record_formats
 * (record_format.c): nothing else branches on formats.
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
} qp_record_format;

/* Every format, NULL-terminated; on a tie the earlier one wins. */
extern const qp_record_format *const qp_record_formats[];

/* The format to read data with: the surest of the table (PGN when none is
 * sure). */
const qp_record_format *qp_record_format_of(const unsigned char *data, size_t len);

#endif
