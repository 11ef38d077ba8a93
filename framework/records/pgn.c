/*
 * pgn.c — reading and writing PGN text (contract in pgn.h).
 */
#include "pgn.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void qp_pgn_init(qp_pgn *p)
{
    memset(p, 0, sizeof *p);
}

void qp_pgn_free(qp_pgn *p)
{
    for (int i = 0; i < p->ntags; i++) {
        free(p->tags[i].key);
        free(p->tags[i].val);
        free(p->tags[i].val2);
    }
    for (int i = 0; i < p->nmoves; i++) {
        free(p->moves[i].text);
        free(p->moves[i].comment);
    }
    free(p->comment0);
    free(p->tags);
    free(p->moves);
    qp_pgn_init(p);
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

int qp_pgn_add_tag(qp_pgn *p, const char *key, const char *val, const char *val2)
{
    if (p->ntags == p->tcap) {
        int cap = p->tcap ? p->tcap * 2 : 16;
        qp_pgn_tag *t = realloc(p->tags, sizeof *t * (size_t)cap);
        if (!t) return -1;
        p->tags = t;
        p->tcap = cap;
    }
    qp_pgn_tag *t = &p->tags[p->ntags];
    t->key = dup_n(key, strlen(key));
    t->val = dup_n(val, strlen(val));
    t->val2 = val2 ? dup_n(val2, strlen(val2)) : NULL;
    t->line = 0;
    if (!t->key || !t->val || (val2 && !t->val2)) {
        free(t->key);
        free(t->val);
        free(t->val2);
        return -1;
    }
    p->ntags++;
    return 0;
}

int qp_pgn_add_move(qp_pgn *p, const char *text, int line, int col)
{
    if (p->nmoves == p->mcap) {
        int cap = p->mcap ? p->mcap * 2 : 128;
        qp_pgn_move *m = realloc(p->moves, sizeof *m * (size_t)cap);
        if (!m) return -1;
        p->moves = m;
        p->mcap = cap;
    }
    char *t = dup_n(text, strlen(text));
    if (!t) return -1;
    p->moves[p->nmoves++] = (qp_pgn_move){t, line, col, NULL};
    return 0;
}

const qp_pgn_tag *qp_pgn_find(const qp_pgn *p, const char *key)
{
    for (int i = p->ntags - 1; i >= 0; i--)
        if (!strcmp(p->tags[i].key, key)) return &p->tags[i];
    return NULL;
}

bool qp_pgn_is_result(const char *t)
{
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*");
}

/* A cursor over the text that knows its line and column. */
typedef struct scan {
    const char *s, *end;
    int line, col;
} scan;

static void adv(scan *c)
{
    if (c->s >= c->end) return;
    unsigned char b = (unsigned char)*c->s++;
    if (b == '\n') {
        c->line++;
        c->col = 1;
    } else if ((b & 0xC0) != 0x80) {
        c->col++;
    }
}

static const char IDEO_SPACE[] = "\xE3\x80\x80";   /* U+3000 */

/* Length of a blank at c (0: none): ASCII white space or U+3000. */
static int blank_at(const scan *c)
{
    if (c->s >= c->end) return 0;
    if (isspace((unsigned char)*c->s)) return 1;
    if (c->end - c->s >= 3 && !memcmp(c->s, IDEO_SPACE, 3)) return 3;
    return 0;
}

static void skip_blanks(scan *c)
{
    int k;
    while ((k = blank_at(c)))
        while (k--) adv(c);
}

static void skip_line(scan *c)
{
    while (c->s < c->end && *c->s != '\n') adv(c);
}

/* A quoted tag value at c into a malloc'd string; NULL if malformed. */
static char *quoted(scan *c)
{
    while (c->s < c->end && (*c->s == ' ' || *c->s == '\t')) adv(c);
    if (c->s >= c->end || *c->s != '"') return NULL;
    adv(c);
    size_t cap = 64, k = 0;
    char *out = malloc(cap);
    while (out && c->s < c->end && *c->s != '"' && *c->s != '\n') {
        if (*c->s == '\\' && c->s + 1 < c->end && c->s[1] != '\n') adv(c);
        if (k + 2 > cap) {
            char *o = realloc(out, cap *= 2);
            if (!o) break;
            out = o;
        }
        out[k++] = *c->s;
        adv(c);
    }
    if (!out || c->s >= c->end || *c->s != '"') {
        free(out);
        return NULL;
    }
    out[k] = 0;
    adv(c);
    return out;
}

static int read_tag(qp_pgn *p, scan *c, char *err, size_t errn)
{
    scan start = *c;
    const char *eol = memchr(c->s, '\n', (size_t)(c->end - c->s));
    int show = (int)((eol ? eol : c->end) - c->s);
    if (show > 60) show = 60;
    while (show > 0 && (c->s[show - 1] == '\r' || c->s[show - 1] == ' ')) show--;
    adv(c);   /* [ */
    char key[64];
    size_t k = 0;
    while (c->s < c->end && (isalnum((unsigned char)*c->s) || *c->s == '_') && k + 1 < sizeof key) {
        key[k++] = *c->s;
        adv(c);
    }
    key[k] = 0;
    char *val = k ? quoted(c) : NULL, *val2 = NULL;
    if (val) {
        scan save = *c;
        val2 = quoted(c);
        if (!val2) *c = save;
        while (c->s < c->end && (*c->s == ' ' || *c->s == '\t')) adv(c);
    }
    int rc = 0;
    if (!val || c->s >= c->end || *c->s != ']') {
        snprintf(err, errn, "%d:%d: malformed tag '%.*s'", start.line, start.col, show, start.s);
        rc = -1;
    } else {
        adv(c);
        if (qp_pgn_add_tag(p, key, val, val2)) {
            snprintf(err, errn, "%d: out of memory", start.line);
            rc = -1;
        } else {
            p->tags[p->ntags - 1].line = start.line;
        }
    }
    free(val);
    free(val2);
    return rc;
}

/* Skips a { comment }; -1 if it is not closed. */
static int skip_comment(scan *c)
{
    while (c->s < c->end && *c->s != '}') adv(c);
    if (c->s >= c->end) return -1;
    adv(c);
    return 0;
}

/* The { comment } at c as text for the move before it: trimmed, line
 * breaks made spaces; NULL when blank (or out of memory).  c is left on
 * the brace, for skip_comment. */
static char *comment_text(const scan *c)
{
    const char *s = c->s + 1, *e = s;
    while (e < c->end && *e != '}') e++;
    while (s < e && isspace((unsigned char)*s)) s++;
    while (e > s && isspace((unsigned char)e[-1])) e--;
    if (s == e) return NULL;
    char *t = malloc((size_t)(e - s) + 1);
    if (!t) return NULL;
    size_t k = 0;
    for (const char *q = s; q < e; q++) {
        if (*q == '\r' && q + 1 < e && q[1] == '\n') continue;   /* CRLF: one break */
        t[k++] = *q == '\r' || *q == '\n' || *q == '\t' ? ' ' : *q;
    }
    t[k] = 0;
    return t;
}

/* Appends text (malloc'd, taken) to the comment at *to, a space
 * between; -1 when out of memory (text freed). */
static int join_comment(char **to, char *text)
{
    if (!*to) {
        *to = text;
        return 0;
    }
    size_t a = strlen(*to), b = strlen(text);
    char *j = realloc(*to, a + b + 2);
    if (!j) {
        free(text);
        return -1;
    }
    j[a] = ' ';
    memcpy(j + a + 1, text, b + 1);
    *to = j;
    free(text);
    return 0;
}

/* Skips a ( variation ), nested ones and comments inside; -1 if open. */
static int skip_variation(scan *c)
{
    int depth = 0;
    while (c->s < c->end) {
        char b = *c->s;
        if (b == '{') {
            if (skip_comment(c)) return -1;
            continue;
        }
        if (b == ';') {
            skip_line(c);
            continue;
        }
        adv(c);
        if (b == '(') depth++;
        else if (b == ')' && --depth == 0) return 0;
    }
    return -1;
}

static bool ends_token(const scan *c)
{
    return c->s >= c->end || blank_at(c) || strchr("{}();[", *c->s) || (*c->s == '$');
}

int qp_pgn_read(qp_pgn *p, const char *text, size_t len, char *err, size_t errn)
{
    qp_pgn_init(p);
    scan c = {text, text + len, 1, 1};
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) c.s += 3;   /* byte order mark */
    const char *nul = memchr(c.s, 0, (size_t)(c.end - c.s));
    if (nul) {
        scan at = c;
        while (at.s < nul) adv(&at);
        snprintf(err, errn, "%d:%d: binary data (a NUL byte)", at.line, at.col);
        return -1;
    }
    bool in_moves = false;
    for (;;) {
        skip_blanks(&c);
        if (c.s >= c.end) break;
        char b = *c.s;
        if (b == '%' && c.col == 1) {
            skip_line(&c);
            continue;
        }
        if (b == '[') {
            if (in_moves) {
                snprintf(err, errn, "%d:%d: tag after the moves (the game before has no result token)",
                         c.line, c.col);
                goto fail;
            }
            if (read_tag(p, &c, err, errn)) goto fail;
            continue;
        }
        in_moves = true;
        int line = c.line, col = c.col;
        if (b == '{') {
            char *text = comment_text(&c);
            if (skip_comment(&c)) {
                free(text);
                snprintf(err, errn, "%d:%d: truncated: the comment is not closed", line, col);
                goto fail;
            }
            char **to = p->nmoves ? &p->moves[p->nmoves - 1].comment : &p->comment0;
            if (text && join_comment(to, text)) {
                snprintf(err, errn, "%d:%d: out of memory", line, col);
                goto fail;
            }
            continue;
        }
        if (b == ';') {
            skip_line(&c);
            continue;
        }
        if (b == '(') {
            if (skip_variation(&c)) {
                snprintf(err, errn, "%d:%d: truncated: the variation is not closed", line, col);
                goto fail;
            }
            p->nvariations++;
            continue;
        }
        if (b == ')' || b == '}') {
            snprintf(err, errn, "%d:%d: unreadable: '%c' without its opening '%c'", line, col, b,
                     b == ')' ? '(' : '{');
            goto fail;
        }
        if (b == '$') {
            adv(&c);
            while (c.s < c.end && isdigit((unsigned char)*c.s)) adv(&c);
            continue;
        }
        const char *t0 = c.s;
        while (!ends_token(&c)) adv(&c);
        char tok[256];
        size_t n = (size_t)(c.s - t0);
        if (n >= sizeof tok) {
            snprintf(err, errn, "%d:%d: unreadable: a token of %zu bytes", line, col, n);
            goto fail;
        }
        memcpy(tok, t0, n);
        tok[n] = 0;
        if (qp_pgn_is_result(tok)) {
            snprintf(p->result, sizeof p->result, "%s", tok);
            p->result_line = line;
            p->result_col = col;
            break;
        }
        /* A move number, maybe glued to the move: 12. 12... 1.h2e2 */
        char *m = tok;
        if (isdigit((unsigned char)*m)) {
            char *q = m;
            while (isdigit((unsigned char)*q)) q++;
            if (*q == '.') {
                while (*q == '.') q++;
                col += (int)(q - m);
                m = q;
            }
        }
        if (strspn(m, ".") == strlen(m)) continue;   /* "..." */
        size_t k = strlen(m);
        while (k > 1 && (m[k - 1] == '!' || m[k - 1] == '?')) k--;
        if (k > 1 && (m[k - 1] == '#' || m[k - 1] == '+')) k--;
        m[k] = 0;
        if (qp_pgn_add_move(p, m, line, col)) {
            snprintf(err, errn, "%d:%d: out of memory", line, col);
            goto fail;
        }
    }
    p->end_line = c.line;
    p->end_col = c.col;
    return 0;
fail:
    qp_pgn_free(p);
    return -1;
}

/* A growing text buffer; on allocation failure it stays failed. */
typedef struct tbuf {
    char *s;
    size_t n, cap;
    bool bad;
} tbuf;

static void put(tbuf *b, const char *s, size_t n)
{
    if (b->bad) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (b->n + n + 1 > cap) cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->bad = true;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void puts_(tbuf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void put_quoted(tbuf *b, const char *s)
{
    puts_(b, "\"");
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') put(b, "\\", 1);
        /* a tag is one line: a value read from another format may hold
         * line breaks */
        put(b, (unsigned char)*s < 0x20 ? " " : s, 1);
    }
    puts_(b, "\"");
}

static void put_comment(tbuf *b, const char *s)
{
    /* A brace would end it early. */
    puts_(b, "{");
    for (; *s; s++) put(b, *s == '}' ? ")" : s, 1);
    puts_(b, "}");
}

char *qp_pgn_write(const qp_pgn *p, int number, bool black_first, bool one_side, size_t *len)
{
    tbuf b = {0};
    for (int i = 0; i < p->ntags; i++) {
        puts_(&b, "[");
        puts_(&b, p->tags[i].key);
        puts_(&b, " ");
        put_quoted(&b, p->tags[i].val);
        if (p->tags[i].val2) {
            puts_(&b, " ");
            put_quoted(&b, p->tags[i].val2);
        }
        puts_(&b, "]\n");
    }
    puts_(&b, "\n");
    if (p->comment0) {
        put_comment(&b, p->comment0);
        puts_(&b, "\n");
    }
    int col = 0;
    for (int i = 0; i < p->nmoves; i++) {
        char num[32] = "";
        int ply = i + (black_first ? 1 : 0);
        if (one_side) snprintf(num, sizeof num, "%d. ", number + i);
        else if (ply % 2 == 0) snprintf(num, sizeof num, "%d. ", number + ply / 2);
        else if (i == 0) snprintf(num, sizeof num, "%d... ", number);
        if (num[0] && col) {
            puts_(&b, "\n");
            col = 0;
        }
        if (col) puts_(&b, " ");
        puts_(&b, num);
        puts_(&b, p->moves[i].text);
        if (p->moves[i].comment) {
            puts_(&b, " ");
            put_comment(&b, p->moves[i].comment);
        }
        col = 1;
    }
    if (col) puts_(&b, "\n");
    puts_(&b, p->result[0] ? p->result : "*");
    puts_(&b, "\n");
    if (b.bad) {
        free(b.s);
        return NULL;
    }
    *len = b.n;
    return b.s;
}
