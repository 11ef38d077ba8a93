/*
 * encoding.h — the character encodings of text records (PGN, DhtmlXQ,
 * EPD) as players publish them: UTF-8 (with or without a byte order
 * mark), GBK/GB18030 (mainland programs, XQ Wizard) and Big5 (Taiwan and
 * Hong Kong).  Every text format reads UTF-8 only; qp_text_decode makes
 * it from whatever a file holds, before the format's parser runs.
 *
 * The encoding of a file is, in order:
 *   1. its byte order mark (UTF-8, UTF-16LE/BE), dropped from the text;
 *   2. UTF-8 when the bytes are valid UTF-8 (ASCII is);
 *   3. the encoding it declares (an HTML <meta charset=...>, a
 *      "charset=..." in the first 4 KiB), when glibc's iconv knows it;
 *   4. else GB18030 or Big5: the one that decodes with fewer invalid
 *      bytes; on a tie (most Big5 text is valid GBK, and the reverse is
 *      frequent) the one in which more of the text falls among its
 *      frequent characters (GB2312 level 1, Big5's frequent block), then
 *      the one whose text holds more of the characters Xiangqi records
 *      are made of (车馬炮進退平...), then GB18030.
 * Bytes the chosen encoding cannot decode become U+FFFD, so a broken
 * comment does not hide the moves; the count is returned.
 *
 * Writing: UTF-8 by default; qp_text_encode makes GBK (or Big5) for older
 * tools and refuses, naming it, a character the target cannot hold.
 */
#ifndef QP_ENCODING_H
#define QP_ENCODING_H

#include <stddef.h>

/* data[0..len) as UTF-8 text: *out malloc'd and NUL-terminated, *outlen
 * its length; *enc (may be NULL) the encoding read ("UTF-8", "GB18030",
 * "BIG5-HKSCS", "UTF-16LE", ...), *bad (may be NULL) the bytes replaced
 * by U+FFFD.  0, or -1 with err (out of memory, no iconv converter). */
int qp_text_decode(const unsigned char *data, size_t len, char **out, size_t *outlen,
                   const char **enc, int *bad, char *err, size_t errn);

/* The iconv name of an encoding a user names ("utf-8", "gbk", "gb18030",
 * "big5"; any case), or NULL when it is none of them. */
const char *qp_encoding_name(const char *user);

/* UTF-8 text[0..len) in encoding enc (an iconv name, see
 * qp_encoding_name): *out malloc'd, NUL-terminated.  0, or -1 with err
 * ("line 3: '♔' (U+2654) has no GBK code"). */
int qp_text_encode(const char *text, size_t len, const char *enc, char **out, size_t *outlen,
                   char *err, size_t errn);

#endif
