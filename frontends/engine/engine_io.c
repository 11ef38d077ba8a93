/*
 * engine_io.c — the line I/O shared by the engine protocols (see
 * engine_io.h).
 */
#include "engine_io.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Makes s safe to write as (part of) one protocol line: control
 * characters (below 0x20, and 0x7f) become '?', and so do spaces when s
 * must stay one word (a move).  The one check of every text written. */
void eng_clean(char *s, bool word)
{
    for (unsigned char *p = (unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f || (word && *p == ' ')) *p = '?';
}

/* Writes one line, cleaned, in one piece (so that lines of the search
 * thread and of the reader never interleave within a line). */
void eng_say(const char *fmt, ...)
{
    char small[8192], *buf = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof small - 1) {
        buf = malloc((size_t)n + 2);
        if (!buf) {
            buf = small;
            n = (int)strlen(small);
        } else {
            va_start(ap, fmt);
            vsnprintf(buf, (size_t)n + 1, fmt, ap);
            va_end(ap);
        }
    }
    eng_clean(buf, false);
    buf[n] = '\n';
    fwrite(buf, 1, (size_t)n + 1, stdout);
    fflush(stdout);
    if (buf != small) free(buf);
}

/* A cursor over the eng_words of a line, split in place on spaces, tabs and
 * CR.  Each caller owns its cursor: there is no hidden state to share. */

bool eng_is_sep(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The next word (NUL-terminated in the line), or NULL at the end. */
char *eng_word(eng_words *c)
{
    char *p = c->p;
    if (!p) return NULL;
    while (eng_is_sep(*p)) p++;
    if (!*p) {
        c->p = NULL;
        return NULL;
    }
    char *w = p;
    while (*p && !eng_is_sep(*p)) p++;
    if (*p) *p++ = 0;
    c->p = p;
    return w;
}

/* A whole decimal number, optionally signed; one beyond +-10^15 is taken
 * as +-10^15 (above every bound, so it clamps like any large one).
 * False for anything else: "1e30", "1.5", "x", "". */
bool eng_parse_int(const char *t, long long *out)
{
    const char *p = t;
    bool neg = *p == '-';
    if (*p == '-' || *p == '+') p++;
    if (!*p) return false;
    long long v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9') return false;
        if (v < 1000000000000000LL) v = v * 10 + (*p - '0');
    }
    if (v > 1000000000000000LL) v = 1000000000000000LL;
    *out = neg ? -v : v;
    return true;
}

/* Reads one line of at most max bytes into *buf (grown as needed; a
 * string whenever the result is not -1, "" for an empty line).
 * Returns its length, -1 at the end of input, -2 for a longer line
 * (skipped to its end; *buf holds its first max bytes) or -3 for a line
 * holding a NUL byte. */
long eng_read_line(FILE *in, char **buf, size_t *cap, size_t max)
{
    size_t n = 0;
    bool nul = false, longer = false;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (c == 0) nul = true;
        if (n >= max) {
            longer = true;
            continue;
        }
        if (n + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, nc);
            if (!nb) {
                longer = true;
                continue;
            }
            *buf = nb;
            *cap = nc;
        }
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && n == 0 && !nul && !longer) return -1;
    if (!*buf) {
        *buf = malloc(256);
        if (!*buf) return -2;
        *cap = 256;
    }
    (*buf)[n] = 0;
    return longer ? -2 : nul ? -3 : (long)n;
}

/* Shifts every rank number (digits right after a file letter a-z) by
 * delta: ICCS counts ranks from 0 where qipan counts from 1.  Other text
 * (promotions, drops, separators) is kept. */
void eng_shift_ranks(const char *in, char *out, size_t n, int delta)
{
    size_t k = 0;
    for (const char *p = in; *p && k + 1 < n;) {
        if (*p >= '0' && *p <= '9' && p > in && p[-1] >= 'a' && p[-1] <= 'z') {
            /* A rank has a few digits; a longer run is no rank and is
             * kept as written, for the move parser to refuse by name. */
            const char *end = p;
            long v = 0;
            while (*end >= '0' && *end <= '9') {
                if (v < 100000) v = v * 10 + (*end - '0');
                end++;
            }
            if (end - p > 5) {
                k += (size_t)snprintf(out + k, n - k, "%.*s", (int)(end - p), p);
            } else {
                v += delta;
                k += (size_t)snprintf(out + k, n - k, "%ld", v < 0 ? 0 : v);
            }
            p = end;
        } else {
            out[k++] = *p++;
        }
    }
    out[k < n ? k : n - 1] = 0;
}
