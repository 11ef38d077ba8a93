/*
 * gui_winstate.c — the window's state of a game beside its record
 * (gui_winstate.h).
 */
#include "gui_winstate.h"

#include <stdio.h>
#include <string.h>

#include "fileio.h"

void gui_winstate_path(const char *record, char *out, size_t n)
{
    snprintf(out, n, "%s", record);
    size_t k = strlen(out);
    if (k > 4 && !strcmp(out + k - 4, ".txt")) out[k - 4] = 0;
    k = strlen(out);
    snprintf(out + k, n - k, ".window");
}

void gui_winstate_text(const gui_state *st, char *buf, size_t n)
{
    snprintf(buf, n, "mode %u\nlevel %d\nflip %d\ntc %d %d %d %d\nleft %lld %lld\nspent %llu %llu\n", st->ai_mask & 3u,
             st->level, st->flip ? 1 : 0, (int)st->tc.kind, st->tc.base_s, st->tc.inc_s, st->tc.move_s,
             (long long)st->left_ms[0], (long long)st->left_ms[1], (unsigned long long)st->clock_ms[0],
             (unsigned long long)st->clock_ms[1]);
}

int gui_winstate_save(const gui_state *st, const char *record, char *err, size_t errn)
{
    char path[1100], text[512];
    gui_winstate_path(record, path, sizeof path);
    gui_winstate_text(st, text, sizeof text);
    return qp_file_save(path, text, strlen(text), err, errn);
}

bool gui_winstate_read(const char *record, char *buf, size_t n)
{
    char path[1100];
    gui_winstate_path(record, path, sizeof path);
    FILE *f = qp_file_open(path, "r");
    if (!f) return false;
    size_t k = fread(buf, 1, n - 1, f);
    buf[k] = 0;
    fclose(f);
    return true;
}

/* A whole decimal number in [lo, hi] at *p (spaces before it skipped);
 * false, *p unchanged, otherwise.  sscanf's %lld is undefined past the
 * type's range: a hostile file must not reach that. */
static bool number(const char **p, long long lo, long long hi, long long *out)
{
    const char *s = *p;
    while (*s == ' ') s++;
    bool neg = *s == '-';
    if (neg) s++;
    if (*s < '0' || *s > '9') return false;
    long long v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (hi + 9) / 10 + 1) return false;   /* far out of range already */
        v = v * 10 + (*s - '0');
    }
    if (neg) v = -v;
    if (v < lo || v > hi) return false;
    *p = s;
    *out = v;
    return true;
}

/* The line's values after key, each in [lo, hi], and nothing else. */
static bool values(const char *line, const char *key, int count, long long lo, long long hi, long long *out)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) || line[k] != ' ') return false;
    const char *p = line + k;
    for (int i = 0; i < count; i++)
        if (!number(&p, lo, hi, &out[i])) return false;
    while (*p == ' ' || *p == '\r') p++;
    return *p == 0;
}

void gui_winstate_apply(gui_state *st, const char *text)
{
    char line[256];
    for (int lines = 0; lines < 32 && *text; lines++) {
        size_t len = strcspn(text, "\n");
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), text);
        text += len + (text[len] == '\n');
        long long v[4];
        if (values(line, "mode", 1, 0, 3, v)) st->ai_mask = st->r->nsides > 1 ? (unsigned)v[0] : (unsigned)v[0] & 1u;
        else if (values(line, "level", 1, 1, GUI_LEVELS, v)) st->level = (int)v[0];
        else if (values(line, "flip", 1, 0, 1, v)) st->flip = v[0] == 1;
        else if (values(line, "tc", 4, 0, 36000, v) && v[0] < GUI_TC_KINDS && v[1] >= 1 && v[2] <= 3600 && v[3] >= 1)
            st->tc = (gui_tc){(gui_tc_kind)v[0], (int)v[1], (int)v[2], (int)v[3]};
        else if (values(line, "left", 2, 0, 360000000LL, v)) {
            st->left_ms[0] = v[0];
            st->left_ms[1] = v[1];
        } else if (values(line, "spent", 2, 0, 360000000LL, v)) {
            st->clock_ms[0] = (uint64_t)v[0];
            st->clock_ms[1] = (uint64_t)v[1];
        }
    }
    if (!st->engine_ok) st->ai_mask = 0;
}
