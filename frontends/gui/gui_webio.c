/*
 * gui_webio.c — Save and Load through the browser (see gui_webio.h).  The
 * page's half, the picker and the download, is in web/pre.js.
 */
#include "gui_webio.h"

#include <stdio.h>
#include <string.h>

#include "gui_files.h"

void gui_webio_upload_path(const char *name, char *out, size_t n)
{
    size_t dir = strlen(GUI_WEBIO_DIR) + 1;
    if (n <= dir + 1) {
        if (n) out[0] = 0;
        return;
    }
    const char *base = name;
    for (const char *p = name; *p; p++)
        if (*p == '/' || *p == '\\') base = p + 1;
    char clean[129];
    size_t room = sizeof clean - 1 < n - dir - 1 ? sizeof clean - 1 : n - dir - 1, k = 0;
    /* whole UTF-8 characters that fit */
    for (const char *p = base; *p;) {
        size_t len = 1;
        while (((unsigned char)p[len] & 0xC0) == 0x80) len++;
        if (k + len > room) break;
        for (size_t i = 0; i < len; i++, k++) {
            unsigned char c = (unsigned char)p[i];
            clean[k] = c < 0x20 || c == 0x7f || (k == 0 && c == '.') ? '_' : p[i];
        }
        p += len;
    }
    clean[k] = 0;
    snprintf(out, n, "%s/%s", GUI_WEBIO_DIR, k ? clean : "record");
}

#ifdef __EMSCRIPTEN__

#include <emscripten.h>

/* The page's half (web/pre.js).  EM_JS, not EM_ASM: the build is C11. */
EM_JS(void, webio_pick, (double max), { Module.qpPick(max); });
EM_JS(int, webio_picked_name, (char *buf, int n), { return Module.qpPickedName(buf, n); });
EM_JS(int, webio_write_picked, (const char *path, char *err, int n), {
    return Module.qpWritePicked(UTF8ToString(path), err, n);
});
EM_JS(void, webio_drop_picked, (void), { Module.qpPicked = null; });
EM_JS(int, webio_download, (const char *path, const char *name, char *err, int n), {
    return Module.qpDownload(UTF8ToString(path), UTF8ToString(name), err, n);
});

bool gui_webio_pick(size_t max)
{
    webio_pick((double)max);
    return true;
}

int gui_webio_take(char *path, size_t n, char *err, size_t errn)
{
    char name[512];
    int k = webio_picked_name(name, (int)sizeof name);
    if (k == 0) return 0;
    if (k < 0) {
        snprintf(err, errn, "%s", name);
        return -1;
    }
    gui_webio_upload_path(name, path, n);
    if (gui_make_parent_dirs(path, err, errn)) {
        webio_drop_picked();
        return -1;
    }
    return webio_write_picked(path, err, (int)errn) ? -1 : 1;
}

int gui_webio_offer(const char *path, char *err, size_t errn)
{
    const char *slash = strrchr(path, '/');
    return webio_download(path, slash ? slash + 1 : path, err, (int)errn);
}

#else

bool gui_webio_pick(size_t max)
{
    (void)max;
    return false;
}

int gui_webio_take(char *path, size_t n, char *err, size_t errn)
{
    (void)path, (void)n, (void)err, (void)errn;
    return 0;
}

int gui_webio_offer(const char *path, char *err, size_t errn)
{
    (void)path, (void)err, (void)errn;
    return 0;
}

#endif
