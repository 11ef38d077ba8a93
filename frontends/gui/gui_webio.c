/*
 * gui_webio.c — Save and Load through the browser (see gui_webio.h).  The
 * page's half, the picker and the download, is in web/pre.js.
 */
#include "gui_webio.h"

#include <ctype.h>
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

/* The length, dot included, of the extension s[0..len) ends with: a '.'
 * not first, then 1 to 4 ASCII letters and digits, the first a letter. */
static size_t extension_len(const char *s, size_t len)
{
    size_t dot = len;
    while (dot > 0 && s[dot - 1] != '.') dot--;
    if (dot < 2) return 0;   /* no '.', or only a leading one */
    size_t k = len - dot;
    if (k < 1 || k > 4 || !isalpha((unsigned char)s[dot])) return 0;
    for (size_t i = dot; i < len; i++)
        if (!isalnum((unsigned char)s[i])) return 0;
    return k + 1;
}

void gui_webio_save_name(const char *typed, char *out, size_t n)
{
    if (!n) return;
    out[0] = 0;
    size_t b = 0, e = strlen(typed);
    while (b < e && strchr(" \t\r\n", typed[b])) b++;
    while (e > b && strchr(" \t\r\n.", typed[e - 1])) e--;   /* systems drop a trailing dot */
    if (b == e) return;
    const char *s = typed + b;
    size_t len = e - b, ext = extension_len(s, len);
    const char *tail = ext ? s + len - ext : ".txt";
    size_t tail_len = ext ? ext : 4, stem = len - ext;
    size_t room = (n - 1 < GUI_WEBIO_NAME_MAX ? n - 1 : GUI_WEBIO_NAME_MAX);
    if (room <= tail_len) return;
    room -= tail_len;
    size_t k = 0;
    for (size_t i = 0; i < stem;) {   /* whole UTF-8 characters that fit */
        size_t cl = 1;
        while (i + cl < stem && ((unsigned char)s[i + cl] & 0xC0) == 0x80) cl++;
        if (k + cl > room) break;
        for (size_t j = 0; j < cl; j++, k++) {
            unsigned char c = (unsigned char)s[i + j];
            bool bad = c < 0x20 || c == 0x7f || strchr("/\\<>:\"|?*", c) || (k == 0 && c == '.');
            out[k] = bad ? '_' : (char)c;
        }
        i += cl;
    }
    if (k == 0) return;
    memcpy(out + k, tail, tail_len);
    out[k + tail_len] = 0;
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
EM_JS(int, webio_prompt, (const char *label, const char *name, char *out, int n), {
    return Module.qpAskName(UTF8ToString(label), UTF8ToString(name), out, n);
});
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

int gui_webio_ask_save(const char *label, const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    char typed[512], name[GUI_WEBIO_NAME_MAX + 1];
    if (!webio_prompt(label, slash ? slash + 1 : path, typed, (int)sizeof typed)) return -1;
    gui_webio_save_name(typed, name, sizeof name);
    if (!name[0]) return -1;
    snprintf(out, n, "%.*s%s", slash ? (int)(slash - path + 1) : 0, path, name);
    return 1;
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

int gui_webio_ask_save(const char *label, const char *path, char *out, size_t n)
{
    (void)label, (void)path, (void)out, (void)n;
    return 0;
}

int gui_webio_offer(const char *path, char *err, size_t errn)
{
    (void)path, (void)err, (void)errn;
    return 0;
}

#endif
