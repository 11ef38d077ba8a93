/*
 * gui_png.c — PNG writer: signature, IHDR, IDAT (zlib with stored deflate
 * blocks), IEND.  See gui_png.h.
 */
#include "gui_png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STORED_MAX 65535u   /* largest stored deflate block */

static void crc_table(uint32_t t[256])
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
}

static uint32_t crc_update(const uint32_t t[256], uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    while (n--)
        crc = t[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return ~crc;
}

uint32_t gui_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
    uint32_t t[256];
    crc_table(t);
    return crc_update(t, crc, p, n);
}

uint32_t gui_adler32(uint32_t adler, const uint8_t *p, size_t n)
{
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
    while (n) {
        /* 5552 bytes keep b below 2^32 before the modulo (zlib's NMAX). */
        size_t k = n < 5552 ? n : 5552;
        n -= k;
        while (k--) {
            a += *p++;
            b += a;
        }
        a %= 65521;
        b %= 65521;
    }
    return (b << 16) | a;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Appends a chunk (length, type, data, CRC of type+data). */
static int chunk(FILE *f, const uint32_t t[256], const char *type, const uint8_t *data, size_t n)
{
    uint8_t hdr[8];
    put32(hdr, (uint32_t)n);
    memcpy(hdr + 4, type, 4);
    uint32_t crc = crc_update(t, 0, hdr + 4, 4);
    crc = crc_update(t, crc, data, n);
    uint8_t tail[4];
    put32(tail, crc);
    if (fwrite(hdr, 1, 8, f) != 8) return -1;
    if (n && fwrite(data, 1, n, f) != n) return -1;
    return fwrite(tail, 1, 4, f) == 4 ? 0 : -1;
}

static int shift_of(uint32_t mask)
{
    int s = 0;
    while (mask && !(mask & 1)) {
        mask >>= 1;
        s++;
    }
    return s;
}

/* The raw scanlines: a filter byte 0 then RGB triples per row. */
static uint8_t *scanlines(const gui_pixels *px, size_t *len)
{
    size_t row = 1 + (size_t)px->w * 3;
    *len = row * (size_t)px->h;
    uint8_t *raw = malloc(*len ? *len : 1);
    if (!raw) return NULL;
    int rs = shift_of(px->rmask), gs = shift_of(px->gmask), bs = shift_of(px->bmask);
    for (int y = 0; y < px->h; y++) {
        uint8_t *o = raw + row * (size_t)y;
        const uint8_t *in = px->data + (size_t)px->pitch * (size_t)y;
        *o++ = 0;
        for (int x = 0; x < px->w; x++) {
            uint32_t v;
            memcpy(&v, in + 4 * (size_t)x, 4);
            *o++ = (uint8_t)((v & px->rmask) >> rs);
            *o++ = (uint8_t)((v & px->gmask) >> gs);
            *o++ = (uint8_t)((v & px->bmask) >> bs);
        }
    }
    return raw;
}

/* zlib stream of stored blocks around raw. */
static uint8_t *zlib_stored(const uint8_t *raw, size_t len, size_t *zlen)
{
    size_t nblocks = len / STORED_MAX + 1;
    *zlen = 2 + len + 5 * nblocks + 4;
    uint8_t *z = malloc(*zlen);
    if (!z) return NULL;
    uint8_t *o = z;
    *o++ = 0x78;   /* deflate, 32K window */
    *o++ = 0x01;   /* no preset dictionary, fastest; (0x78 << 8 | 1) % 31 == 0 */
    size_t pos = 0;
    for (size_t b = 0; b < nblocks; b++) {
        size_t k = len - pos < STORED_MAX ? len - pos : STORED_MAX;
        *o++ = b + 1 == nblocks ? 1 : 0;   /* BFINAL, BTYPE 00 */
        *o++ = (uint8_t)(k & 0xFF);
        *o++ = (uint8_t)(k >> 8);
        *o++ = (uint8_t)(~k & 0xFF);
        *o++ = (uint8_t)((~k >> 8) & 0xFF);
        memcpy(o, raw + pos, k);
        o += k;
        pos += k;
    }
    put32(o, gui_adler32(1, raw, len));
    return z;
}

int gui_png_write(const char *path, const gui_pixels *px, char *err, size_t errn)
{
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint32_t t[256];
    size_t len, zlen;

    if (px->w <= 0 || px->h <= 0) {
        snprintf(err, errn, "cannot write %s: empty image", path);
        return -1;
    }
    crc_table(t);
    uint8_t *raw = scanlines(px, &len);
    uint8_t *z = raw ? zlib_stored(raw, len, &zlen) : NULL;
    free(raw);
    if (!z) {
        snprintf(err, errn, "cannot write %s: out of memory", path);
        return -1;
    }

    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)px->w);
    put32(ihdr + 4, (uint32_t)px->h);
    ihdr[8] = 8;    /* bit depth */
    ihdr[9] = 2;    /* truecolour RGB */
    ihdr[10] = 0;   /* deflate */
    ihdr[11] = 0;   /* filter method 0 */
    ihdr[12] = 0;   /* no interlace */

    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        free(z);
        return -1;
    }
    int bad = fwrite(sig, 1, 8, f) != 8 || chunk(f, t, "IHDR", ihdr, sizeof ihdr) ||
              chunk(f, t, "IDAT", z, zlen) || chunk(f, t, "IEND", NULL, 0);
    free(z);
    if (fclose(f) != 0) bad = 1;
    if (bad) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}
