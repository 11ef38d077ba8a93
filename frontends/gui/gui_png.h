/*
 * gui_png.h — a minimal PNG writer with no dependencies.
 *
 * Writes 8-bit RGB images (colour type 2, no interlace, filter 0 on every
 * row) whose zlib stream is made of stored (uncompressed) deflate blocks,
 * so only CRC-32 and Adler-32 are needed.  Files are larger than a real
 * encoder's, which does not matter for screenshots; any PNG reader opens
 * them.  The pixels come from a 32-bit buffer whose byte order the caller
 * states through shifts, so an SDL_Surface of any 32-bit format works.
 */
#ifndef GUI_PNG_H
#define GUI_PNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct gui_pixels {
    const uint8_t *data;    /* first row */
    int w, h;
    int pitch;              /* bytes per row */
    uint32_t rmask, gmask, bmask;   /* masks of a native-endian uint32 pixel */
} gui_pixels;

/* Writes path; returns 0, or -1 with err ("cannot write x.png: ..."). */
int gui_png_write(const char *path, const gui_pixels *px, char *err, size_t errn);

/* The checksums, exposed for tests. */
uint32_t gui_crc32(uint32_t crc, const uint8_t *p, size_t n);
uint32_t gui_adler32(uint32_t adler, const uint8_t *p, size_t n);

#endif
