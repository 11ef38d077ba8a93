/*
 * gui_words.c — the window's Chinese words (see gui_words.h).
 */
#include "gui_words.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const qp_texts *g_texts;
static qp_lang g_lang = QP_LANG_BOTH;

void gui_texts_set(const qp_texts *t, qp_lang lang)
{
    g_texts = t;
    g_lang = lang;
}

qp_lang gui_lang(void)
{
    return g_lang;
}

qp_texts *gui_texts_load(const char *argv0)
{
    char path[1024], err[1200];
    if (qp_texts_find(argv0, "zh_CN", path, sizeof path)) {
        fprintf(stderr, "qipan: no message catalogue (%s): the texts are English\n", path);
        return NULL;
    }
    qp_texts *t = qp_texts_load(path, err, sizeof err);
    if (!t) fprintf(stderr, "qipan: %s: the texts are English\n", err);
    return t;
}

const char *gui_zh(const char *en)
{
    return qp_texts_get(g_texts, en);
}

const char *gui_lang_join(bool cjk, char *buf, size_t n, const char *zh, const char *en)
{
    bool have = cjk && zh && *zh;
    if (have && g_lang == QP_LANG_ZH) snprintf(buf, n, "%s", zh);
    else if (have && g_lang == QP_LANG_BOTH) snprintf(buf, n, "%s %s", zh, en);
    else snprintf(buf, n, "%s", en);
    return buf;
}

const char *gui_side_en(const qp_rules *r, int side, gui_side_text k, char *buf, size_t n)
{
    char name[64];
    snprintf(name, sizeof name, "%s", qp_side_name(r, side));
    if (name[0] >= 'a' && name[0] <= 'z') name[0] = (char)(name[0] - 'a' + 'A');
    /* a side named in the plural ("goats", "men") wins without an s */
    size_t len = strlen(name);
    bool plural = (len > 1 && name[len - 1] == 's') || !strcmp(name, "Men");
    switch (k) {
    case GUI_SIDE_TO_MOVE: snprintf(buf, n, "%s to move", name); break;
    case GUI_SIDE_WINS: snprintf(buf, n, "%s %s", name, plural ? "win" : "wins"); break;
    case GUI_SIDE_RESIGNED: snprintf(buf, n, "%s resigned", name); break;
    case GUI_SIDE_OUT_OF_TIME: snprintf(buf, n, "%s ran out of time", name); break;
    case GUI_SIDE_VS_COMPUTER: snprintf(buf, n, "You (%s) vs computer", name); break;
    default: snprintf(buf, n, "%s", name); break;
    }
    return buf;
}

const char *gui_side_zh(const qp_rules *r, int side, gui_side_text k)
{
    char en[96], key[128];
    gui_side_en(r, side, k, en, sizeof en);
    if (k != GUI_SIDE_NAME) return gui_zh(en);
    snprintf(key, sizeof key, "side\004%s", en);   /* the bare word "Red" is not the colour's */
    return qp_texts_get(g_texts, key);
}

const char *gui_side_say(bool cjk, const qp_rules *r, int side, gui_side_text k, char *buf, size_t n)
{
    char en[96];
    return gui_lang_join(cjk, buf, n, gui_side_zh(r, side, k), gui_side_en(r, side, k, en, sizeof en));
}

const char *gui_word_zh(const char *en)
{
    /* the catalogue's entries of context "word" (po/zh_CN.po): a bare word
     * such as "time" must not take the translation of a sentence */
    char key[128];
    if (!en || snprintf(key, sizeof key, "word\004%s", en) >= (int)sizeof key) return "";
    return qp_texts_get(g_texts, key);
}

/* Whether s starts a character of the CJK blocks (U+3000-U+9FFF, and
 * the full-width forms U+FF00-U+FFEF): three bytes of UTF-8. */
static bool cjk_at(const char *s)
{
    unsigned char c = (unsigned char)s[0];
    if (c >= 0xE3 && c <= 0xE9) return s[1] && s[2];
    return c == 0xEF && ((unsigned char)s[1] == 0xBC || (unsigned char)s[1] == 0xBD) && s[2];
}

/* One part of a status text in Chinese: its runs of digits as %d and its
 * runs of Chinese characters (piece glyphs: "Taken by red: 卒車") as %s,
 * looked up under context "status", then put back in order; NULL when
 * the catalogue has no such entry (or its placeholders do not match). */
static const char *status_part_zh(const char *part, size_t len, char *buf, size_t n)
{
    char key[256], args[8][64], kind[8];
    int na = 0;
    size_t k = (size_t)snprintf(key, sizeof key, "status\004");
    for (size_t i = 0; i < len && k + 3 < sizeof key;) {
        size_t j = i;
        char c = 0;
        if (isdigit((unsigned char)part[i])) {
            while (j < len && isdigit((unsigned char)part[j])) j++;
            c = 'd';
        } else if (i + 3 <= len && cjk_at(part + i)) {
            while (j + 3 <= len && cjk_at(part + j)) j += 3;
            c = 's';
        }
        if (!c) {
            key[k++] = part[i++];
            continue;
        }
        if (na == 8 || j - i >= sizeof args[0]) return NULL;
        snprintf(args[na], sizeof args[0], "%.*s", (int)(j - i), part + i);
        kind[na++] = c;
        key[k++] = '%';
        key[k++] = c;
        i = j;
    }
    key[k] = 0;
    const char *zh = qp_texts_get(g_texts, key);
    if (!*zh) return NULL;
    size_t o = 0;
    int used = 0;
    for (const char *z = zh; *z && o + 1 < n; z++) {
        if (z[0] == '%' && (z[1] == 'd' || z[1] == 's')) {
            if (used == na || kind[used] != z[1]) return NULL;
            o += (size_t)snprintf(buf + o, n - o, "%s", args[used++]);
            if (o >= n) return NULL;
            z++;
        } else {
            buf[o++] = *z;
        }
    }
    buf[o < n ? o : n - 1] = 0;
    return used == na ? buf : NULL;
}

const char *gui_status_say(bool cjk, const char *en, char *buf, size_t n)
{
    snprintf(buf, n, "%s", en);
    if (!cjk || gui_lang() != QP_LANG_ZH || !n) return buf;
    static const char dot[] = " \xC2\xB7 ";
    char out[512], part[256];
    size_t o = 0;
    for (const char *p = en; *p;) {
        const char *e = strstr(p, dot);
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *zh = status_part_zh(p, len, part, sizeof part);
        o += (size_t)snprintf(out + o, sizeof out - o, "%s%.*s", o ? dot : "", (int)(zh ? strlen(zh) : len),
                              zh ? zh : p);
        if (o >= sizeof out) return buf;   /* too long to say otherwise: as written */
        p = e ? e + sizeof dot - 1 : p + len;
    }
    snprintf(buf, n, "%s", out);
    return buf;
}

bool gui_has_cjk(const char *s, size_t n)
{
    for (size_t i = 0; i + 2 < n && s[i]; i++)
        if (cjk_at(s + i)) return true;
    return false;
}

const char *gui_title_say(bool cjk, const char *title, char *buf, size_t n)
{
    /* its own Chinese: the first run of CJK characters in it */
    const char *z = title;
    while (*z && !cjk_at(z)) z++;
    if (*z) {
        if (!cjk || gui_lang() != QP_LANG_ZH) {
            snprintf(buf, n, "%s", title);   /* already in both, and readable in English */
            return buf;
        }
        const char *e = z;
        while (cjk_at(e)) e += 3;
        snprintf(buf, n, "%.*s", (int)(e - z), z);
        return buf;
    }
    /* else the catalogue's, for the whole title or the part before " (" */
    char head[128];
    snprintf(head, sizeof head, "%s", title);
    char *paren = strstr(head, " (");
    const char *zh = gui_zh(title);
    if (!*zh && paren) {
        *paren = 0;
        zh = gui_zh(head);
    }
    return gui_lang_join(cjk, buf, n, zh, title);
}

const char *gui_piece_name(const qp_piece_view *pv, bool zh)
{
    static const char *const en_names[6] = {"king", "queen", "rook", "bishop", "knight", "pawn"};
    static const char *const zh_names[6] = {"王", "后", "车", "象", "马", "兵"};
    const unsigned char *u = (const unsigned char *)(pv->glyph ? pv->glyph : "");
    if (strlen((const char *)u) != 3 || u[0] != 0xE2 || u[1] != 0x99 || u[2] < 0x94 || u[2] > 0x9F) return "";
    int fig = (u[2] - 0x94) % 6;
    return zh ? zh_names[fig] : en_names[fig];
}
