/*
 * gui_opening.c — opening names from move lines (see gui_opening.h).
 */
#include "gui_opening.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

#define TABLE_MAX (1u << 20)

/* The text between p and the next '|' (or the end), trimmed, into out. */
static const char *field(const char *p, const char *end, char *out, size_t n, bool *toolong)
{
    const char *bar = memchr(p, '|', (size_t)(end - p));
    const char *stop = bar ? bar : end;
    while (p < stop && isspace((unsigned char)*p)) p++;
    const char *q = stop;
    while (q > p && isspace((unsigned char)q[-1])) q--;
    size_t k = (size_t)(q - p);
    *toolong = k >= n;
    if (k >= n) k = n - 1;
    memcpy(out, p, k);
    out[k] = 0;
    return bar ? bar + 1 : NULL;
}

static int parse_line(gui_opening *e, const char *p, const char *end, char *why, size_t whyn)
{
    char moves[256];
    bool l1, l2, l3, l4;
    memset(e, 0, sizeof *e);
    p = field(p, end, e->code, sizeof e->code, &l1);
    if (!p) return snprintf(why, whyn, "want CODE | MOVES | 中文名 | English name"), -1;
    p = field(p, end, moves, sizeof moves, &l2);
    if (!p) return snprintf(why, whyn, "want CODE | MOVES | 中文名 | English name"), -1;
    p = field(p, end, e->zh, sizeof e->zh, &l3);
    if (!p) return snprintf(why, whyn, "want CODE | MOVES | 中文名 | English name"), -1;
    if (field(p, end, e->en, sizeof e->en, &l4)) return snprintf(why, whyn, "more than four fields"), -1;
    if (l1 || l2 || l3 || l4) return snprintf(why, whyn, "a field is too long"), -1;
    if (!e->code[0] || !e->zh[0] || !e->en[0]) return snprintf(why, whyn, "an empty field"), -1;
    for (char *t = strtok(moves, " \t"); t; t = strtok(NULL, " \t")) {
        if (e->n == GUI_OPENING_MOVES) return snprintf(why, whyn, "more than %d moves", GUI_OPENING_MOVES), -1;
        if (strlen(t) >= QP_MOVE_TEXT) return snprintf(why, whyn, "move '%.20s' too long", t), -1;
        snprintf(e->mv[e->n++], QP_MOVE_TEXT, "%s", t);
    }
    if (e->n == 0) return snprintf(why, whyn, "no moves"), -1;
    return 0;
}

int gui_openings_parse(gui_openings *o, const char *text, size_t len, char *err, size_t errn)
{
    memset(o, 0, sizeof *o);
    if (len > TABLE_MAX) {
        snprintf(err, errn, "more than %u bytes", TABLE_MAX);
        return -1;
    }
    int cap = 0, line = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        line++;
        const char *s = p;
        while (s < le && isspace((unsigned char)*s)) s++;
        if (s < le && *s != '#') {
            if (memchr(s, 0, (size_t)(le - s))) {
                snprintf(err, errn, "line %d: a NUL byte", line);
                gui_openings_free(o);
                return -1;
            }
            if (o->n == cap) {
                cap = cap ? cap * 2 : 32;
                gui_opening *g = realloc(o->e, (size_t)cap * sizeof *g);
                if (!g) {
                    snprintf(err, errn, "out of memory");
                    gui_openings_free(o);
                    return -1;
                }
                o->e = g;
            }
            char why[96];
            if (parse_line(&o->e[o->n], s, le, why, sizeof why)) {
                snprintf(err, errn, "line %d: %s", line, why);
                gui_openings_free(o);
                return -1;
            }
            o->n++;
        }
        p = nl ? nl + 1 : end;
    }
    return 0;
}

int gui_openings_load(gui_openings *o, const char *scripts_dir, const char *ruleset, char *err, size_t errn)
{
    char path[1200], e[256];
    memset(o, 0, sizeof *o);
    snprintf(path, sizeof path, "%s/openings/%s.txt", scripts_dir, ruleset);
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char *buf = malloc(TABLE_MAX + 1);
    if (!buf) {
        fclose(f);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    size_t len = fread(buf, 1, TABLE_MAX + 1, f);
    fclose(f);
    int rc = gui_openings_parse(o, buf, len, e, sizeof e);
    free(buf);
    if (rc) snprintf(err, errn, "%s: %s", path, e);
    return rc;
}

void gui_openings_free(gui_openings *o)
{
    free(o->e);
    memset(o, 0, sizeof *o);
}

const gui_opening *gui_openings_find(const gui_openings *o, const qp_game *g)
{
    if (!o || o->n == 0 || g->len == 0) return NULL;
    const qp_rules *r = g->r;
    /* only a game from the start position */
    void *s = malloc(r->state_size ? r->state_size : 1);
    if (!s) return NULL;
    r->rs->setup(r, s);
    bool from_start = r->rs->hash(r, s) == g->hist[0].hash;
    const gui_opening *best = NULL;
    char t[QP_MOVE_TEXT];
    for (int i = 0; from_start && i < o->n; i++) {
        const gui_opening *e = &o->e[i];
        if (e->n > g->len || (best && e->n <= best->n)) continue;
        r->rs->setup(r, s);
        int k = 0;
        for (; k < e->n; k++) {
            r->rs->move_text(r, s, g->rec[k], t, sizeof t);
            if (strcmp(t, e->mv[k])) break;
            r->rs->make(r, s, g->rec[k], NULL);
        }
        if (k == e->n) best = e;
    }
    free(s);
    return best;
}
