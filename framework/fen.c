/*
 * fen.c — FEN fields, board field, side and counters (see fen.h).
 */
#include "fen.h"

#include <stdio.h>
#include <string.h>

static int fen_fail(qp_fen_error *e, qp_fen_status code, const char *text, size_t len)
{
    memset(e, 0, sizeof *e);
    e->code = code;
    if (text) {
        if (len >= sizeof e->text) len = sizeof e->text - 1;
        memcpy(e->text, text, len);
    }
    return -1;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

int qp_fen_split(const char *fen, int lo, int hi, qp_fen_fields *f, qp_fen_error *e)
{
    f->n = 0;
    size_t total = strlen(fen);
    if (total >= QP_FEN_MAX) {
        fen_fail(e, QP_FEN_TOO_LONG, NULL, 0);
        e->hi = QP_FEN_MAX - 1;
        return -1;
    }
    /* Each field is copied with a NUL in place of the separator after it,
     * so the copies never need more than total + 1 bytes. */
    char *out = f->buf;
    for (const char *p = fen;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        size_t len = strcspn(p, " \t");
        if (f->n < QP_FEN_MAX_FIELDS) f->field[f->n] = out;
        memcpy(out, p, len);
        out[len] = 0;
        out += len + 1;
        f->n++;
        p += len;
    }
    if (f->n < lo || f->n > hi) {
        fen_fail(e, QP_FEN_FIELDS, NULL, 0);
        e->got = f->n;
        e->lo = lo;
        e->hi = hi;
        return -1;
    }
    return 0;
}

int qp_fen_parse_board(int w, int h, const char *field, const char *allowed,
                       char *letters, qp_fen_error *e)
{
    memset(letters, 0, (size_t)(w * h));
    /* The rank count comes first: with a rank missing, every later rank
     * would be misplaced and any other error would name a symptom. */
    int nranks = 1;
    for (const char *c = field; *c; c++) nranks += *c == '/';
    if (nranks != h) {
        fen_fail(e, QP_FEN_RANKS, NULL, 0);
        e->got = nranks;
        e->lo = e->hi = h;
        return -1;
    }
    const char *p = field;
    for (int rank = h - 1; rank >= 0; rank--) {
        size_t len = strcspn(p, "/");
        int file = 0;
        for (size_t i = 0; i < len;) {
            char c = p[i];
            if (is_digit(c)) {
                size_t j = i;
                int run = 0;
                for (; j < len && is_digit(p[j]); j++)
                    if (j - i < 4) run = run * 10 + (p[j] - '0');
                /* More than three digits could overflow and never fits a
                 * board; a leading zero would break print(parse(x)) == x. */
                if (c == '0' || j - i > 3) {
                    fen_fail(e, QP_FEN_RUN, p + i, j - i);
                    e->rank = rank + 1;
                    return -1;
                }
                file += run;
                i = j;
                continue;
            }
            if (!is_letter(c) || (allowed && !strchr(allowed, c))) {
                fen_fail(e, QP_FEN_LETTER, &c, 1);
                return -1;
            }
            if (file < w) letters[rank * w + file] = c;
            file++;
            i++;
        }
        if (file != w) {
            fen_fail(e, QP_FEN_RANK_WIDTH, p, len);
            e->rank = rank + 1;
            e->got = file;
            e->lo = e->hi = w;
            return -1;
        }
        p += len + (p[len] == '/');
    }
    return 0;
}

int qp_fen_parse_side(const char *field, const char *sides, int *side, qp_fen_error *e)
{
    const char *at = field[0] && !field[1] ? strchr(sides, field[0]) : NULL;
    if (!at) {
        fen_fail(e, QP_FEN_SIDE, field, strlen(field));
        snprintf(e->sides, sizeof e->sides, "%s", sides);
        return -1;
    }
    *side = (int)(at - sides);
    return 0;
}

/* A decimal number of digits only: 0 with *v (saturated above the maximum),
 * or -1. */
static int parse_counter(const char *t, unsigned long *v)
{
    if (!*t) return -1;
    *v = 0;
    for (; *t; t++) {
        if (!is_digit(*t)) return -1;
        if (*v <= QP_FEN_COUNTER_MAX) *v = *v * 10 + (unsigned long)(*t - '0');
    }
    return 0;
}

int qp_fen_parse_counters(const qp_fen_fields *f, int first, unsigned *halfmove,
                          unsigned *fullmove, qp_fen_error *e)
{
    int n = f->n < QP_FEN_MAX_FIELDS ? f->n : QP_FEN_MAX_FIELDS;
    const char *castle = first < n ? f->field[first] : NULL;
    const char *ep = first + 1 < n ? f->field[first + 1] : NULL;
    const char *half = first + 2 < n ? f->field[first + 2] : NULL;
    const char *full = first + 3 < n ? f->field[first + 3] : NULL;
    unsigned long v;
    *halfmove = 0;
    *fullmove = 1;
    if (castle && strcmp(castle, "-"))
        return fen_fail(e, QP_FEN_CASTLING, castle, strlen(castle));
    if (ep && strcmp(ep, "-"))
        return fen_fail(e, QP_FEN_EN_PASSANT, ep, strlen(ep));
    if (half) {
        if (parse_counter(half, &v)) return fen_fail(e, QP_FEN_HALFMOVE, half, strlen(half));
        if (v > QP_FEN_COUNTER_MAX)
            return fen_fail(e, QP_FEN_HALFMOVE_RANGE, half, strlen(half));
        *halfmove = (unsigned)v;
    }
    if (full) {
        if (parse_counter(full, &v) || v < 1)
            return fen_fail(e, QP_FEN_FULLMOVE, full, strlen(full));
        if (v > QP_FEN_COUNTER_MAX)
            return fen_fail(e, QP_FEN_FULLMOVE_RANGE, full, strlen(full));
        *fullmove = (unsigned)v;
    }
    return 0;
}

size_t qp_fen_print_board(int w, int h, const char *letters, char *buf, size_t n)
{
    char out[QP_FEN_MAX];
    size_t len = 0;
    for (int rank = h - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file <= w; file++) {
            char c = file < w ? letters[rank * w + file] : 0;
            if (file < w && !c) {
                empty++;
                continue;
            }
            if (empty) len += (size_t)snprintf(out + len, sizeof out - len, "%d", empty);
            empty = 0;
            if (c) out[len++] = c;
        }
        if (rank) out[len++] = '/';
    }
    out[len] = 0;
    snprintf(buf, n, "%s", out);
    return len;
}

size_t qp_fen_print(int w, int h, const char *letters, char side, unsigned halfmove,
                    unsigned fullmove, char *buf, size_t n)
{
    char board[QP_FEN_MAX];
    qp_fen_print_board(w, h, letters, board, sizeof board);
    int len = snprintf(buf, n, "%s %c - - %u %u", board, side, halfmove, fullmove);
    return len < 0 ? 0 : (size_t)len;
}

/* "w", "w or b", "w, r or b". */
static void side_list(const char *sides, char *buf, size_t n)
{
    size_t k = strlen(sides), len = 0;
    buf[0] = 0;
    for (size_t i = 0; i < k && len < n; i++) {
        const char *sep = i == 0 ? "" : i + 1 == k ? " or " : ", ";
        len += (size_t)snprintf(buf + len, n - len, "%s%c", sep, sides[i]);
    }
}

void qp_fen_error_text(const qp_fen_error *e, char *err, size_t errn)
{
    char sides[32];
    switch (e->code) {
    case QP_FEN_OK:
        snprintf(err, errn, "FEN OK");
        break;
    case QP_FEN_TOO_LONG:
        snprintf(err, errn, "bad FEN: longer than %d characters", e->hi);
        break;
    case QP_FEN_FIELDS:
        if (e->lo == e->hi)
            snprintf(err, errn, "bad FEN: expected %d fields, got %d", e->lo, e->got);
        else
            snprintf(err, errn, "bad FEN: expected %d to %d fields, got %d", e->lo, e->hi, e->got);
        break;
    case QP_FEN_RANKS:
        snprintf(err, errn, "bad FEN board: %d ranks (expected %d)", e->got, e->lo);
        break;
    case QP_FEN_RANK_WIDTH:
        snprintf(err, errn, "bad FEN board: rank %d has %d points ('%s')", e->rank, e->got, e->text);
        break;
    case QP_FEN_RUN:
        snprintf(err, errn, "bad FEN board: rank %d has a bad count of empty points '%s'",
                 e->rank, e->text);
        break;
    case QP_FEN_LETTER:
        snprintf(err, errn, "bad FEN piece letter '%c'", e->text[0]);
        break;
    case QP_FEN_SIDE:
        side_list(e->sides, sides, sizeof sides);
        snprintf(err, errn, "bad FEN side to move '%s' (expected %s)", e->text, sides);
        break;
    case QP_FEN_CASTLING:
        snprintf(err, errn, "bad FEN castling field '%s' (expected -)", e->text);
        break;
    case QP_FEN_EN_PASSANT:
        snprintf(err, errn, "bad FEN en passant field '%s' (expected -)", e->text);
        break;
    case QP_FEN_HALFMOVE:
    case QP_FEN_HALFMOVE_RANGE:
        snprintf(err, errn, "bad FEN halfmove clock '%s'", e->text);
        break;
    case QP_FEN_FULLMOVE:
    case QP_FEN_FULLMOVE_RANGE:
        snprintf(err, errn, "bad FEN fullmove number '%s'", e->text);
        break;
    }
}
