/*
 * gui_png.c — the picture to RGB rows, then libpng's simplified writer
 * (see gui_png.h).
 */
#include "gui_png.h"
#include "fileio.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int shift_of(uint32_t mask)
{
    int s = 0;
    while (mask && !(mask & 1u)) {
        mask >>= 1;
        s++;
    }
    return s;
}

/* Packed RGB rows of the picture. */
static uint8_t *rgb_rows(const gui_pixels *px)
{
    uint8_t *rgb = malloc((size_t)px->w * (size_t)px->h * 3);
    if (!rgb) return NULL;
    int rs = shift_of(px->rmask), gs = shift_of(px->gmask), bs = shift_of(px->bmask);
    uint8_t *o = rgb;
    for (int y = 0; y < px->h; y++) {
        const uint8_t *in = px->data + (size_t)y * (size_t)px->pitch;
        for (int x = 0; x < px->w; x++) {
            uint32_t v;
            memcpy(&v, in + 4 * (size_t)x, 4);
            *o++ = (uint8_t)((v & px->rmask) >> rs);
            *o++ = (uint8_t)((v & px->gmask) >> gs);
            *o++ = (uint8_t)((v & px->bmask) >> bs);
        }
    }
    return rgb;
}

int gui_png_write(const char *path, const gui_pixels *px, char *err, size_t errn)
{
    if (px->w <= 0 || px->h <= 0) {
        snprintf(err, errn, "cannot write %s: empty image", path);
        return -1;
    }
    uint8_t *rgb = rgb_rows(px);
    if (!rgb) {
        snprintf(err, errn, "cannot write %s: out of memory", path);
        return -1;
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = qp_file_open(tmp, "wb");
    if (!f) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        free(rgb);
        return -1;
    }
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = (png_uint_32)px->w;
    img.height = (png_uint_32)px->h;
    img.format = PNG_FORMAT_RGB;
    int ok = png_image_write_to_stdio(&img, f, 0, rgb, 0, NULL);
    free(rgb);
    int saved = errno;
    if (fclose(f) != 0) {
        saved = errno;
        ok = 0;
    }
    if (!ok || rename(tmp, path) != 0) {
        if (ok) saved = errno;
        snprintf(err, errn, "cannot write %s: %s", path, img.message[0] ? img.message : strerror(saved ? saved : EIO));
        unlink(tmp);
        png_image_free(&img);
        return -1;
    }
    png_image_free(&img);
    return 0;
}
