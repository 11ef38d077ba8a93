/*
 * zg_fen.c — FEN parsing and printing for Zhonggong.
 */
#include "zg_fen.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char zg_letters[ZG_NTYPES + 1] = "KABNRCP";

static const char *const type_plural[ZG_NTYPES] = {
    "generals", "advisors", "elephants", "horses", "chariots", "cannons", "soldiers",
};

/* A non-negative decimal number that fits max; -1 otherwise. */
static long parse_count(const char *t, long max)
{
    if (!*t) return -1;
    long v = 0;
    for (; *t; t++) {
        if (!isdigit((unsigned char)*t)) return -1;
        v = v * 10 + (*t - '0');
        if (v > max) return -1;
    }
    return v;
}

static int parse_board(zg_state *s, const char *text, char *err, size_t errn)
{
    char ranks[ZG_RANKS + 1][64];
    int nr = 0;
    const char *p = text;
    for (;;) {
        const char *slash = strchr(p, '/');
        size_t len = slash ? (size_t)(slash - p) : strlen(p);
        if (nr <= ZG_RANKS) snprintf(ranks[nr], sizeof ranks[nr], "%.*s", (int)len, p);
        nr++;
        if (!slash) break;
        p = slash + 1;
    }
    if (nr != ZG_RANKS) {
        snprintf(err, errn, "bad FEN board: %d ranks (expected %d)", nr, ZG_RANKS);
        return -1;
    }
    for (int i = 0; i < ZG_RANKS; i++) {
        int rank = ZG_RANKS - 1 - i, file = 0;
        /* Count first, so a wrong width is reported as such, not as a
         * piece placed off the board. */
        for (const char *c = ranks[i]; *c;) {
            if (isdigit((unsigned char)*c)) {
                int run = 0;
                while (isdigit((unsigned char)*c) && run < 100) run = run * 10 + (*c++ - '0');
                file += run;
                continue;
            }
            const char *l = strchr(zg_letters, toupper((unsigned char)*c));
            if (!isalpha((unsigned char)*c) || !l) {
                snprintf(err, errn, "bad FEN piece letter '%c'", *c);
                return -1;
            }
            file++;
            c++;
        }
        if (file != ZG_FILES) {
            snprintf(err, errn, "bad FEN board: rank %d has %d points ('%s')", rank + 1, file, ranks[i]);
            return -1;
        }
        file = 0;
        for (const char *c = ranks[i]; *c;) {
            if (isdigit((unsigned char)*c)) {
                int run = 0;
                while (isdigit((unsigned char)*c)) run = run * 10 + (*c++ - '0');
                file += run;
                continue;
            }
            int side = islower((unsigned char)*c) ? 1 : 0;
            int type = (int)(strchr(zg_letters, toupper((unsigned char)*c)) - zg_letters);
            if (!zg_place(s, side, type, zg_sq(file, rank))) {
                snprintf(err, errn, "too many %s %s", side ? "black" : "red", type_plural[type]);
                return -1;
            }
            file++;
            c++;
        }
    }
    return 0;
}

int zg_fen_parse(const zg_impl *z, zg_state *s, const char *fen, char *err, size_t errn)
{
    char f[7][128];
    int nf = 0;
    for (const char *p = fen;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        size_t len = strcspn(p, " \t");
        if (nf < 7) snprintf(f[nf], sizeof f[nf], "%.*s", (int)len, p);
        nf++;
        p += len;
    }
    if (nf < 2 || nf > 6) {
        snprintf(err, errn, "bad FEN: expected 2 to 6 fields, got %d", nf);
        return -1;
    }
    zg_state_clear(s);
    if (parse_board(s, f[0], err, errn)) return -1;
    if (!strcmp(f[1], "w")) s->side = 0;
    else if (!strcmp(f[1], "b")) s->side = 1;
    else {
        snprintf(err, errn, "bad FEN side to move '%s' (expected w or b)", f[1]);
        return -1;
    }
    if (nf > 2 && strcmp(f[2], "-")) {
        snprintf(err, errn, "bad FEN castling field '%s' (expected -)", f[2]);
        return -1;
    }
    if (nf > 3 && strcmp(f[3], "-")) {
        snprintf(err, errn, "bad FEN en passant field '%s' (expected -)", f[3]);
        return -1;
    }
    if (nf > 4) {
        long v = parse_count(f[4], 65535);
        if (v < 0) {
            snprintf(err, errn, "bad FEN halfmove clock '%s'", f[4]);
            return -1;
        }
        s->halfmove = (uint16_t)v;
    }
    if (nf > 5) {
        long v = parse_count(f[5], 65535);
        if (v < 1) {
            snprintf(err, errn, "bad FEN fullmove number '%s'", f[5]);
            return -1;
        }
        s->fullmove = (uint16_t)v;
    }
    zg_state_refresh(z, s);
    return 0;
}

void zg_fen_print(const zg_state *s, char *buf, size_t n)
{
    char out[128];
    size_t len = 0;
    for (int rank = ZG_RANKS - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < ZG_FILES; file++) {
            int v = s->bd.sq[zg_sq(file, rank)];
            if (!v) {
                empty++;
                continue;
            }
            if (empty) out[len++] = (char)('0' + empty);
            empty = 0;
            char c = zg_letters[zg_type_of(v)];
            out[len++] = zg_side_of(v) ? (char)tolower((unsigned char)c) : c;
        }
        if (empty) out[len++] = (char)('0' + empty);
        if (rank) out[len++] = '/';
    }
    out[len] = 0;
    snprintf(buf, n, "%s %c - - %u %u", out, s->side ? 'b' : 'w', (unsigned)s->halfmove,
             (unsigned)s->fullmove);
}
