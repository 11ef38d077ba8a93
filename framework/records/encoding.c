/*
 * encoding.c — text records' encodings to and from UTF-8 (contract in
 * encoding.h), with glibc's iconv.
 */
#include "encoding.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none:
 * no overlong forms, no surrogates, nothing past U+10FFFF. */
static size_t utf8_seq(const unsigned char *s, size_t n, unsigned *cp)
{
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (!k || c > 0xF4 || k > n) return 0;
    unsigned v = c & (0x3F >> (k - 1));
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if ((k == 3 && v < 0x800) || (k == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
        (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return k;
}

static bool valid_utf8(const unsigned char *s, size_t n)
{
    unsigned cp;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq(s + i, n - i, &cp);
        if (!k) return false;
        i += k;
    }
    return true;
}

/* The characters Xiangqi records are made of, simplified and traditional:
 * pieces, move words, digits, sides, results. */
static const unsigned xq_chars[] = {
    0x8F66, 0x8ECA, 0x9A6C, 0x99AC, 0x70AE, 0x7832, 0x76F8, 0x8C61, 0x4ED5, 0x58EB, 0x5E05,
    0x5E25, 0x5C06, 0x5C07, 0x5175, 0x5352, 0x8FDB, 0x9032, 0x9000, 0x5E73, 0x4E00, 0x4E8C,
    0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D, 0x7EA2, 0x7D05, 0x9ED1, 0x80DC,
    0x52DD, 0x548C, 0x5C40, 0x68CB, 0x524D, 0x540E, 0x5F8C,
};

static long xq_score(const char *s, size_t n)
{
    long score = 0;
    unsigned cp;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_seq((const unsigned char *)s + i, n - i, &cp);
        if (!k) {
            i++;
            continue;
        }
        if (cp >= 0x4E00)
            for (size_t j = 0; j < sizeof xq_chars / sizeof *xq_chars; j++)
                if (xq_chars[j] == cp) score++;
        i += k;
    }
    return score;
}

/* How much data reads as everyday Chinese in GBK (big5 false) or Big5:
 * +1 for each pair in the encoding's frequent characters (GB2312's
 * level 1, rows B0-D7; Big5's frequent block, rows A4-C6), 0 for
 * punctuation and full-width signs, -1 for the rare rest.  Text of the
 * other encoding decodes too, mostly into rare characters. */
static long common_score(const unsigned char *s, size_t n, bool big5)
{
    long score = 0;
    for (size_t i = 0; i < n;) {
        unsigned a = s[i];
        if (a < 0x80 || i + 1 >= n) {
            i++;
            continue;
        }
        unsigned b = s[i + 1];
        if (!big5 && b >= 0x30 && b <= 0x39) {   /* GB18030's four bytes */
            score--;
            i += 4;
            continue;
        }
        if (big5)
            score += a >= 0xA4 && a <= 0xC6 ? 1 : a >= 0xA1 && a <= 0xA3 ? 0 : -1;
        else
            score += a >= 0xB0 && a <= 0xD7 && b >= 0xA1 ? 1 : a >= 0xA1 && a <= 0xA9 ? 0 : -1;
        i += 2;
    }
    return score;
}

/* data in encoding from as UTF-8; undecodable bytes become U+FFFD and
 * are counted in *bad.  -1 when iconv has no such converter or memory
 * runs out. */
static int convert(const unsigned char *data, size_t len, const char *from, char **out, size_t *outlen,
                   int *bad)
{
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1) return -1;
    size_t cap = len * 2 + 16, used = 0;
    char *buf = malloc(cap);
    char *in = (char *)data;
    size_t left = len;
    *bad = 0;
    while (buf) {
        char *o = buf + used;
        size_t room = cap - used - 1;
        size_t r = left ? iconv(cd, &in, &left, &o, &room) : iconv(cd, NULL, NULL, &o, &room);
        used = (size_t)(o - buf);
        if (r != (size_t)-1) {
            if (!left) break;
            continue;
        }
        if (errno == E2BIG || cap - used < 8) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            continue;
        }
        /* EILSEQ, or EINVAL at a sequence cut by the end of the file */
        memcpy(buf + used, "\xEF\xBF\xBD", 3);
        used += 3;
        in++;
        left--;
        (*bad)++;
        iconv(cd, NULL, NULL, NULL, NULL);
    }
    iconv_close(cd);
    if (!buf) return -1;
    buf[used] = 0;
    *out = buf;
    *outlen = used;
    return 0;
}

const char *qp_encoding_name(const char *user)
{
    static const struct {
        const char *user, *iconv;
    } names[] = {
        {"utf-8", "UTF-8"},   {"utf8", "UTF-8"},    {"gbk", "GBK"},      {"gb2312", "GBK"},
        {"cp936", "GBK"},     {"x-gbk", "GBK"},     {"gb18030", "GB18030"}, {"big5", "BIG5-HKSCS"},
        {"x-big5", "BIG5-HKSCS"}, {"big5-hkscs", "BIG5-HKSCS"}, {"cp950", "BIG5-HKSCS"},
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcasecmp(user, names[i].user)) return names[i].iconv;
    return NULL;
}

/* The encoding the text declares ("charset=gb2312" in an HTML meta tag
 * or an XML prolog's encoding="big5") in its first 4 KiB, as an iconv
 * name, or NULL. */
static const char *declared(const unsigned char *data, size_t len)
{
    size_t n = len < 4096 ? len : 4096;
    static const char *const keys[] = {"charset=", "encoding=", NULL};
    for (int k = 0; keys[k]; k++) {
        size_t kl = strlen(keys[k]);
        for (size_t i = 0; i + kl < n; i++) {
            if (strncasecmp((const char *)data + i, keys[k], kl)) continue;
            size_t j = i + kl;
            while (j < n && (data[j] == '"' || data[j] == '\'' || data[j] == ' ')) j++;
            char name[32];
            size_t m = 0;
            while (j < n && m + 1 < sizeof name && (isalnum(data[j]) || data[j] == '-' || data[j] == '_'))
                name[m++] = (char)data[j++];
            name[m] = 0;
            if (!m) continue;
            const char *e = qp_encoding_name(name);
            /* GBK's superset reads every GBK file and more */
            if (e && !strcmp(e, "GBK")) e = "GB18030";
            if (e) return e;
        }
    }
    return NULL;
}

int qp_text_decode(const unsigned char *data, size_t len, char **out, size_t *outlen, const char **enc,
                   int *bad, char *err, size_t errn)
{
    int nbad = 0;
    const char *e = NULL;
    if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) {
        data += 3;
        len -= 3;
        e = "UTF-8";
    } else if (len >= 2 && (!memcmp(data, "\xFF\xFE", 2) || !memcmp(data, "\xFE\xFF", 2))) {
        e = data[0] == 0xFF ? "UTF-16LE" : "UTF-16BE";
        data += 2;
        len -= 2;
    }
    if ((!e || !strcmp(e, "UTF-8")) && valid_utf8(data, len)) {
        char *t = malloc(len + 1);
        if (!t) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
        memcpy(t, data, len);
        t[len] = 0;
        *out = t;
        *outlen = len;
        if (enc) *enc = "UTF-8";
        if (bad) *bad = 0;
        return 0;
    }
    if (!e) e = declared(data, len);
    if (e && !strcmp(e, "UTF-8")) e = NULL;   /* declared so, but it is not */
    if (e) {
        if (convert(data, len, e, out, outlen, &nbad)) goto fail;
    } else {
        /* GB18030 or Big5: fewer invalid bytes, then more Xiangqi text */
        char *a = NULL, *b = NULL;
        size_t al = 0, bl = 0;
        int abad = 0, bbad = 0;
        if (convert(data, len, "GB18030", &a, &al, &abad)) goto fail;
        if (convert(data, len, "BIG5-HKSCS", &b, &bl, &bbad)) {
            free(a);
            goto fail;
        }
        long ca = common_score(data, len, false), cb = common_score(data, len, true);
        bool big5 = bbad < abad ||
                    (bbad == abad && (cb > ca || (cb == ca && xq_score(b, bl) > xq_score(a, al))));
        e = big5 ? "BIG5-HKSCS" : "GB18030";
        *out = big5 ? b : a;
        *outlen = big5 ? bl : al;
        nbad = big5 ? bbad : abad;
        free(big5 ? a : b);
    }
    if (enc) *enc = e;
    if (bad) *bad = nbad;
    return 0;
fail:
    snprintf(err, errn, "cannot read the text's encoding %s (iconv: %s)", e ? e : "GB18030/Big5",
             strerror(errno));
    return -1;
}

int qp_text_encode(const char *text, size_t len, const char *enc, char **out, size_t *outlen, char *err,
                   size_t errn)
{
    iconv_t cd = iconv_open(enc, "UTF-8");
    if (cd == (iconv_t)-1) {
        snprintf(err, errn, "no converter from UTF-8 to %s", enc);
        return -1;
    }
    size_t cap = len * 2 + 16;
    char *buf = malloc(cap), *in = (char *)text, *o = buf;
    size_t left = len, room = cap - 1;
    int rc = 0;
    while (buf && left) {
        if (iconv(cd, &in, &left, &o, &room) != (size_t)-1) break;
        if (errno == E2BIG) {
            size_t used = (size_t)(o - buf);
            char *b = realloc(buf, cap *= 2);
            if (!b) break;
            buf = b;
            o = buf + used;
            room = cap - used - 1;
            continue;
        }
        int line = 1;
        for (const char *q = text; q < in; q++) line += *q == '\n';
        unsigned cp = 0;
        size_t k = utf8_seq((const unsigned char *)in, left, &cp);
        if (k)
            snprintf(err, errn, "line %d: '%.*s' (U+%04X) has no %s code", line, (int)k, in, cp, enc);
        else
            snprintf(err, errn, "line %d: the text is not UTF-8", line);
        rc = -1;
        break;
    }
    iconv_close(cd);
    if (!buf || (rc == 0 && left)) {
        if (rc == 0) snprintf(err, errn, "out of memory");
        free(buf);
        return -1;
    }
    if (rc) {
        free(buf);
        return -1;
    }
    *o = 0;
    *out = buf;
    *outlen = (size_t)(o - buf);
    return 0;
}
