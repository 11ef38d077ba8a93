/*
 * gui_png.h — writes the window's picture as a PNG through libpng (real
 * deflate compression, checked CRCs).
 *
 * The pixels come from a 32-bit buffer whose byte order the caller states
 * through masks, so an SDL_Surface of any 32-bit format works; the file is
 * 8-bit RGB.
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

/* Writes path (through path.tmp and a rename, so a failed write leaves no
 * broken file); returns 0, or -1 with err ("cannot write x.png: ..."). */
int gui_png_write(const char *path, const gui_pixels *px, char *err, size_t errn);

#endif
