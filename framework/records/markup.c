/*
 * markup.c — positions and entity-decoded text for the markup readers
 * (markup.h).
 */
#include "markup.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void qp_text_where(const char *text, const char *at, int *line, int *col)
{
    *line = *col = 1;
    for (const char *q = text; q < at; q++) {
        if (*q == '\n') {
            ++*line;
            *col = 1;
        } else if ((*q & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

/* Appends code point cp as UTF-8 at o. */
static char *put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | cp >> 6);
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (char)(0xE0 | cp >> 12);
        *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xF0 | cp >> 18);
        *o++ = (char)(0x80 | (cp >> 12 & 0x3F));
        *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    return o;
}

/* The entity at s[i] ('&'), decoded at *o; the index past it, or i when
 * it is none this reader knows.  UTF-8 of a code point fits in the
 * entity's own bytes ("&#1;" is the shortest). */
static size_t entity(const char *s, size_t n, size_t i, unsigned flags, char **o)
{
    static const struct {
        const char *name;
        unsigned cp;
        bool html;
    } ent[] = {{"lt", '<', false},  {"gt", '>', false},    {"amp", '&', false},
               {"quot", '"', false}, {"apos", '\'', false}, {"nbsp", ' ', true}};
    const char *semi = memchr(s + i, ';', n - i < 12 ? n - i : 12);
    if (!semi) return i;
    const char *e = s + i + 1;
    size_t el = (size_t)(semi - e);
    if (el >= 2 && e[0] == '#') {
        bool hex = e[1] == 'x' || e[1] == 'X';
        char *stop;
        unsigned long v = strtoul(e + 1 + hex, &stop, hex ? 16 : 10);
        if (stop != semi || stop <= e + 1 + hex || v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return i;
        *o = put_utf8(*o, (unsigned)v);
        return (size_t)(semi - s) + 1;
    }
    for (size_t k = 0; k < sizeof ent / sizeof *ent; k++)
        if ((!ent[k].html || (flags & QP_MARKUP_HTML)) && strlen(ent[k].name) == el && !strncmp(e, ent[k].name, el)) {
            *o = put_utf8(*o, ent[k].cp);
            return (size_t)(semi - s) + 1;
        }
    return i;
}

char *qp_markup_text(const char *s, size_t n, unsigned flags)
{
    char *out = malloc(n + 1), *o = out;
    if (!out) return NULL;
    for (size_t i = 0; i < n;) {
        if (s[i] == '|' && i + 1 < n && s[i + 1] == '|') {
            *o++ = '\n';
            i += 2;
            continue;
        }
        if ((flags & QP_MARKUP_HTML) && s[i] == '<' && n - i >= 4 && !strncasecmp(s + i, "<br", 3)) {
            const char *gt = memchr(s + i, '>', n - i);
            if (gt) {
                *o++ = '\n';
                i = (size_t)(gt - s) + 1;
                continue;
            }
        }
        if (s[i] == '&') {
            size_t past = entity(s, n, i, flags, &o);
            if (past != i) {
                i = past;
                continue;
            }
        }
        *o++ = s[i++];
    }
    *o = 0;
    char *a = out;
    while (isspace((unsigned char)*a)) a++;
    size_t k = strlen(a);
    while (k && isspace((unsigned char)a[k - 1])) k--;
    memmove(out, a, k);
    out[k] = 0;
    return out;
}
