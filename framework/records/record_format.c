/*
 * record_format.c — the table of record formats (record_format.h).
 */
#include "record_format.h"

#include "xqf.h"
#include "dhtmlxq.h"
#include "epd.h"

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

static const qp_record_format pgn_format = {"pgn", "PGN (Portable Game Notation)", pgn_sniff, pgn_parse};
static const qp_record_format dhtmlxq_format = {"dhtmlxq", "DhtmlXQ (web pages' Xiangqi records)",
                                                qp_dhtmlxq_sniff, qp_dhtmlxq_parse};
static const qp_record_format epd_format = {"epd", "EPD (positions with operations)", qp_epd_sniff,
                                            qp_epd_parse};

const qp_record_format *const qp_record_formats[] = {
    &pgn_format,
    &qp_xqf_format,
    &dhtmlxq_format,
    &epd_format,
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
