/*
 * texts.c — a GNU .mo catalogue read and looked up (see texts.h).
 */
#include "texts.h"

#include "datadirs.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MO_MAGIC 0x950412deu
#define MO_MAX (16u << 20)   /* a catalogue of the frontends' words is a few kB */

/* Invariant: every entry of both tables was checked at load to lie inside
 * data and end in a NUL, so lookups index without further checks. */
struct qp_texts {
    unsigned char *data;
    uint32_t size, n, orig, trans;
    bool swap;   /* written on a machine of the other byte order */
};

int qp_lang_parse(const char *s, qp_lang *out)
{
    if (!s) return -1;
    if (!strcmp(s, "zh")) *out = QP_LANG_ZH;
    else if (!strcmp(s, "en")) *out = QP_LANG_EN;
    else if (!strcmp(s, "both")) *out = QP_LANG_BOTH;
    else return -1;
    return 0;
}

const char *qp_lang_name(qp_lang lang)
{
    return lang == QP_LANG_ZH ? "zh" : lang == QP_LANG_EN ? "en" : "both";
}

static uint32_t word(const qp_texts *t, uint32_t off)
{
    uint32_t v;
    memcpy(&v, t->data + off, 4);
    return t->swap ? __builtin_bswap32(v) : v;
}

/* Entry i of the table at tab: its text, or NULL when it runs out of the file. */
static const char *entry(const qp_texts *t, uint32_t tab, uint32_t i)
{
    uint32_t len = word(t, tab + 8 * i), off = word(t, tab + 8 * i + 4);
    if (off >= t->size || len >= t->size - off || t->data[off + len] != 0) return NULL;
    return (const char *)t->data + off;
}

qp_texts *qp_texts_load(const char *path, char *err, size_t errn)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errn, "%s: %s", path, strerror(errno));
        return NULL;
    }
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    bool big = size < 0 || size >= (long)MO_MAX;   /* -1: not a seekable file: refused as too large */
    qp_texts *t = calloc(1, sizeof *t);
    unsigned char *buf = big ? malloc(1) : malloc((size_t)size + 1);
    rewind(f);
    size_t got = t && buf && !big ? fread(buf, 1, (size_t)size, f) : 0;
    fclose(f);
    if (!t || !buf) {
        snprintf(err, errn, "%s: out of memory", path);
        goto bad;
    }
    t->data = buf;
    t->size = (uint32_t)got;
    const char *why = NULL;
    if (big) why = "larger than a catalogue can be";
    else if (got < 20) why = "too short for a catalogue";
    if (!why) {
        uint32_t m;
        memcpy(&m, buf, 4);
        t->swap = m == __builtin_bswap32(MO_MAGIC);
        if (m != MO_MAGIC && !t->swap) why = "not a .mo catalogue (bad magic number)";
    }
    if (!why && word(t, 4) >> 16) why = "a .mo revision this reader does not know";
    if (!why) {
        t->n = word(t, 8);
        t->orig = word(t, 12);
        t->trans = word(t, 16);
        if (t->n > t->size / 16 || t->orig > t->size - 8 * t->n || t->trans > t->size - 8 * t->n)
            why = "its tables run past the end";
    }
    for (uint32_t i = 0; !why && i < t->n; i++)
        if (!entry(t, t->orig, i) || !entry(t, t->trans, i)) why = "a text runs past the end";
    for (uint32_t i = 1; !why && i < t->n; i++)
        if (strcmp(entry(t, t->orig, i - 1), entry(t, t->orig, i)) >= 0) why = "its texts are not sorted";
    if (why) {
        snprintf(err, errn, "%s: %s", path, why);
        goto bad;
    }
    return t;
bad:
    if (t) t->data = NULL;
    free(buf);
    free(t);
    return NULL;
}

void qp_texts_free(qp_texts *t)
{
    if (!t) return;
    free(t->data);
    free(t);
}

int qp_texts_find(const char *argv0, const char *code, char *out, size_t n)
{
    char dir[QP_DIR_LEN];
    const char *env = getenv("QIPAN_LOCALE");
    static const char *const rel[] = {"/locale", "/../share/qipan/locale", NULL};
    qp_exe_dir(argv0, dir, sizeof dir);
    out[0] = 0;
    for (int i = -1; i < 0 || rel[i]; i++) {
        char cand[QP_DIR_LEN * 2];
        if (i < 0 && !(env && *env)) continue;
        if (i < 0) snprintf(cand, sizeof cand, "%s/%s/LC_MESSAGES/qipan.mo", env, code);
        else snprintf(cand, sizeof cand, "%s%s/%s/LC_MESSAGES/qipan.mo", dir, rel[i], code);
        if (!out[0]) snprintf(out, n, "%s", cand);
        if (access(cand, R_OK) == 0) {
            snprintf(out, n, "%s", cand);
            return 0;
        }
        if (i < 0) return -1;   /* $QIPAN_LOCALE is where it must be */
    }
    return -1;
}

const char *qp_texts_get(const qp_texts *t, const char *en)
{
    if (!t || !en || !*en) return "";   /* "" is the header's key, never a text */
    uint32_t lo = 0, hi = t->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(en, entry(t, t->orig, mid));
        if (c == 0) return entry(t, t->trans, mid);
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return "";
}

const char *qp_texts_say(const qp_texts *t, qp_lang lang, const char *en, char *buf, size_t n)
{
    const char *zh = qp_texts_get(t, en);
    if (!*zh || lang == QP_LANG_EN) snprintf(buf, n, "%s", en ? en : "");
    else if (lang == QP_LANG_ZH) snprintf(buf, n, "%s", zh);
    else snprintf(buf, n, "%s %s", zh, en);
    return buf;
}
