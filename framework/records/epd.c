/*
 * epd.c — EPD position collections (format in epd.h).
 */
#include "epd.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "encoding.h"

/* Length of the token at s (up to end), blanks and ';' end it. */
static size_t token(const char *s, const char *end)
{
    const char *e = s;
    while (e < end && !isspace((unsigned char)*e) && *e != ';') e++;
    return (size_t)(e - s);
}

static const char *skip_blanks(const char *s, const char *end)
{
    while (s < end && isspace((unsigned char)*s)) s++;
    return s;
}

/* A FEN board field: ranks of digits and piece letters split by '/'
 * (a '+' or '~' marks promoted pieces in some games); its size. */
static bool board_field(const char *s, size_t n, int *ranks, int *files)
{
    int r = 1, f = 0, maxf = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '/') {
            if (f > maxf) maxf = f;
            r++;
            f = 0;
        } else if (isdigit((unsigned char)c)) {
            int run = 0;
            while (i < n && isdigit((unsigned char)s[i]) && run <= 64) run = run * 10 + (s[i++] - '0');
            i--;
            if (run > 64) return false;
            f += run;
        } else if (isalpha((unsigned char)c)) {
            f++;
        } else if (c != '+' && c != '~') {
            return false;
        }
        if (r > 64 || f > 64) return false;
    }
    if (f > maxf) maxf = f;
    *ranks = r;
    *files = maxf;
    return r >= 3 && maxf >= 3;
}

/* Appends "; "-joined text to dst (size n). */
static void join(char *dst, size_t n, const char *s, size_t k)
{
    size_t l = strlen(dst);
    if (l && l + 2 < n) {
        memcpy(dst + l, "; ", 2);
        l += 2;
    }
    if (l + k >= n) k = n - l - 1;
    memcpy(dst + l, s, k);
    dst[l + k] = 0;
}

/* An operand s[0..n) without its quotes, into dst. */
static void operand(char *dst, size_t dn, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    if (n >= 2 && s[0] == '"' && s[n - 1] == '"') s++, n -= 2;
    dst[0] = 0;
    join(dst, dn, s, n);
}

int qp_epd_line(const char *line, size_t n, qp_epd_pos *pos, char *why, size_t whyn)
{
    const char *s = line, *end = line + n;
    while (end > s && isspace((unsigned char)end[-1])) end--;
    s = skip_blanks(s, end);
    memset(pos, 0, sizeof *pos);
    if (s == end || *s == '#') return 0;
    size_t k = token(s, end);
    if (!board_field(s, k, &pos->ranks, &pos->files)) {
        snprintf(why, whyn, "not a position (a FEN board first): '%.*s'", (int)(end - s > 60 ? 60 : end - s), s);
        return -1;
    }
    const char *board = s;
    size_t boardn = k;
    s = skip_blanks(s + k, end);
    k = token(s, end);
    char side = k == 1 ? (char)tolower((unsigned char)*s) : 0;
    if (side != 'w' && side != 'r' && side != 'b') {
        snprintf(why, whyn, "no side to move (w, r or b) after the board: '%.*s'",
                 (int)(end - line > 60 ? 60 : end - line), line);
        return -1;
    }
    if (side == 'r') side = 'w';
    s = skip_blanks(s + k, end);
    /* castling and en passant fields: "-" in the games qipan plays */
    for (int i = 0; i < 2 && (k = token(s, end)) == 1 && *s == '-'; i++) s = skip_blanks(s + 1, end);
    int half = 0, full = 1;
    size_t k2;
    const char *s2 = skip_blanks(s + (k = token(s, end)), end);
    if (k && k < 6 && strspn(s, "0123456789") == k && (k2 = token(s2, end)) && k2 < 6 &&
        strspn(s2, "0123456789") == k2) {
        half = atoi(s);
        full = atoi(s2);
        s = skip_blanks(s2 + k2, end);
    }
    if (boardn + 40 > sizeof pos->fen) {
        snprintf(why, whyn, "the board is too long: '%.60s'", board);
        return -1;
    }
    snprintf(pos->fen, sizeof pos->fen, "%.*s %c - - %d %d", (int)boardn, board, side, half, full);

    /* operations: segments split by ';' outside quotes */
    while (s < end) {
        const char *e = s;
        bool q = false;
        while (e < end && (q || *e != ';')) {
            if (*e == '"') q = !q;
            e++;
        }
        const char *a = skip_blanks(s, e), *b = e;
        while (b > a && isspace((unsigned char)b[-1])) b--;
        s = e < end ? e + 1 : e;
        if (a == b) continue;
        const char *o = a;
        while (o < b && (isalnum((unsigned char)*o) || *o == '_')) o++;
        bool op = isalpha((unsigned char)*a) && (o == b || isspace((unsigned char)*o)) && o - a <= 14;
        if (!op) {   /* free text: a title */
            if (!pos->id[0]) operand(pos->id, sizeof pos->id, a, (size_t)(b - a));
            else join(pos->comment, sizeof pos->comment, a, (size_t)(b - a));
            continue;
        }
        size_t ol = (size_t)(o - a);
        char val[512];
        operand(val, sizeof val, o, (size_t)(b - o));
        if (ol == 2 && !strncmp(a, "bm", 2)) snprintf(pos->bm, sizeof pos->bm, "%s", val);
        else if (ol == 2 && !strncmp(a, "am", 2)) snprintf(pos->am, sizeof pos->am, "%s", val);
        else if (ol == 2 && !strncmp(a, "id", 2)) snprintf(pos->id, sizeof pos->id, "%s", val);
        else if (ol == 7 && !strncmp(a, "variant", 7)) snprintf(pos->variant, sizeof pos->variant, "%s", val);
        else if (ol == 2 && a[0] == 'c' && isdigit((unsigned char)a[1])) join(pos->comment, sizeof pos->comment, val, strlen(val));
        else join(pos->comment, sizeof pos->comment, a, (size_t)(b - a));
    }
    return 1;
}

const char *qp_epd_ruleset(const qp_epd_pos *pos)
{
    if (pos->variant[0]) return pos->variant;
    if (pos->ranks == 10 && pos->files == 9) return "xiangqi";
    return NULL;
}

qp_sniff qp_epd_sniff(const unsigned char *data, size_t len)
{
    const char *s = (const char *)data, *end = s + len;
    if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) s += 3;
    for (int lines = 0; s < end && lines < 50; lines++) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        if (!e) e = end;
        /* the first line with text starts with a FEN board: EPD, and
         * the parser names what is wrong with the rest */
        const char *t = skip_blanks(s, e);
        if (t < e && *t != '#') {
            int ranks, files;
            return board_field(t, token(t, e), &ranks, &files) ? QP_SNIFF_YES : QP_SNIFF_NO;
        }
        s = e + (e < end);
    }
    return QP_SNIFF_NO;
}

int qp_epd_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn)
{
    char *text, e[QP_ERR];
    size_t tlen;
    if (qp_record_begin(rec, name, data, len, &text, &tlen, err, errn)) return -1;
    const char *s = text, *end = text + tlen;
    int line = 0, rc = 0;
    qp_epd_pos pos;
    while (s < end && rc == 0) {
        const char *eol = memchr(s, '\n', (size_t)(end - s));
        if (!eol) eol = end;
        line++;
        rc = qp_epd_line(s, (size_t)(eol - s), &pos, e, sizeof e);
        s = eol + (eol < end);
    }
    if (rc <= 0) {
        if (rc < 0) snprintf(err, errn, "%s:%d: %s", name, line, e);
        else snprintf(err, errn, "%s: no position in the file", name);
        free(text);
        return -1;
    }
    free(text);
    const char *rs = qp_epd_ruleset(&pos);
    if (!rs) {
        snprintf(err, errn, "%s:%d: which game is a board of %d ranks and %d files? (add variant \"NAME\")", name,
                 line, pos.ranks, pos.files);
        return -1;
    }
    snprintf(rec->ruleset, sizeof rec->ruleset, "%s", rs);
    snprintf(rec->fen, sizeof rec->fen, "%s", pos.fen);
    snprintf(rec->hint, sizeof rec->hint, "iccs");
    rec->moves = malloc(sizeof *rec->moves);
    rec->move_line = malloc(sizeof *rec->move_line);
    rec->move_col = malloc(sizeof *rec->move_col);
    char note[1100] = "";
    if (pos.bm[0]) snprintf(note + strlen(note), sizeof note - strlen(note), "%sbm %s", *note ? "; " : "", pos.bm);
    if (pos.am[0]) snprintf(note + strlen(note), sizeof note - strlen(note), "%sam %s", *note ? "; " : "", pos.am);
    if (pos.comment[0]) snprintf(note + strlen(note), sizeof note - strlen(note), "%s%s", *note ? "; " : "", pos.comment);
    if (!rec->moves || !rec->move_line || !rec->move_col || (note[0] && qp_record_comment(rec, 0, note))) {
        qp_record_free(rec);
        snprintf(err, errn, "%s: out of memory", name);
        return -1;
    }
    if (pos.id[0]) {
        snprintf(rec->keep_key[0], sizeof rec->keep_key[0], "Event");
        snprintf(rec->keep_val[0], sizeof rec->keep_val[0], "%s", pos.id);
        rec->nkeep = 1;
    }
    return 0;
}
