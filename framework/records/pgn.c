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
        free(p->moves[i].nags);
    }
    free(p->comment0);
    free(p->nags0);
    qp_vars_free(&p->vars);
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
    p->moves[p->nmoves++] = (qp_pgn_move){t, line, col, NULL, NULL, -1};
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

static bool ends_token(const scan *c)
{
    return c->s >= c->end || blank_at(c) || strchr("{}();[", *c->s) || (*c->s == '$');
}

/* A line being read: the main line, or a variation opened at (line, col)
 * as an alternative to the move `parent` (a main-line index when
 * parent_main, else a node of vars). */
typedef struct pgn_ctx {
    bool main, parent_main;
    int parent;
    int last;          /* the line's last move so far (a node), -1 */
    char *pre;         /* a comment before its first move */
    int line, col;
} pgn_ctx;

/* The NAG of an annotation mark, 0 for none. */
static int mark_nag(const char *m)
{
    static const char *const marks[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; i++)
        if (!strcmp(m, marks[i])) return i + 1;
    return 0;
}

/* Where a comment or NAG goes in the line being read: the last move's
 * comment/nags, else before the first move. */
static char **comment_slot(qp_pgn *p, pgn_ctx *x, bool nag)
{
    if (x->main) {
        if (!p->nmoves) return nag ? &p->nags0 : &p->comment0;
        return nag ? &p->moves[p->nmoves - 1].nags : &p->moves[p->nmoves - 1].comment;
    }
    if (x->last < 0) return &x->pre;
    return nag ? &p->vars.node[x->last].nags : &p->vars.node[x->last].comment;
}

/* Adds move m to the line x; -1 when out of memory or too long. */
static int line_add(qp_pgn *p, pgn_ctx *x, const char *m, int line, int col)
{
    if (x->main) return qp_pgn_add_move(p, m, line, col);
    int k = qp_vars_add(&p->vars, m, line, col);
    if (k < 0) return -1;
    if (x->last >= 0) {
        p->vars.node[x->last].next = k;
    } else {
        p->vars.node[k].pre = x->pre;
        x->pre = NULL;
        qp_vars_append_alt(&p->vars, x->parent_main ? &p->moves[x->parent].alt : &p->vars.node[x->parent].alt, k);
    }
    x->last = k;
    return 0;
}

static int read_game(qp_pgn *p, scan *cp, char *err, size_t errn)
{
    scan c = *cp;
    pgn_ctx stack[QP_VAR_DEPTH + 1];
    int depth = 0;
    stack[0] = (pgn_ctx){true, false, -1, -1, NULL, 0, 0};
    bool in_moves = false;
    for (;;) {
        pgn_ctx *x = &stack[depth];
        skip_blanks(&c);
        if (c.s >= c.end) break;
        char b = *c.s;
        if (b == '%' && c.col == 1) {
            skip_line(&c);
            continue;
        }
        if (b == '[') {
            if (depth) break;   /* an open variation: named below */
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
            if (text && join_comment(comment_slot(p, x, false), text)) {
                snprintf(err, errn, "%d:%d: out of memory", line, col);
                goto fail;
            }
            continue;
        }
        if (b == ';') {   /* a comment to the end of the line: kept as {…} */
            const char *t0 = c.s + 1;
            skip_line(&c);
            const char *t1 = c.s;
            while (t0 < t1 && isspace((unsigned char)*t0)) t0++;
            while (t1 > t0 && isspace((unsigned char)t1[-1])) t1--;
            if (t1 > t0) {
                char *text = malloc((size_t)(t1 - t0) + 1);
                if (!text || (memcpy(text, t0, (size_t)(t1 - t0)), text[t1 - t0] = 0,
                              join_comment(comment_slot(p, x, false), text))) {
                    snprintf(err, errn, "%d:%d: out of memory", line, col);
                    goto fail;
                }
            }
            continue;
        }
        if (b == '(') {
            int parent = x->main ? p->nmoves - 1 : x->last;
            if (parent < 0) {
                snprintf(err, errn, "%d:%d: unreadable: a variation before any move it could replace", line,
                         col);
                goto fail;
            }
            if (depth == QP_VAR_DEPTH) {
                snprintf(err, errn, "%d:%d: unreadable: variations nested more than %d deep", line, col,
                         QP_VAR_DEPTH);
                goto fail;
            }
            adv(&c);
            if (!depth) p->nvariations++;
            stack[++depth] = (pgn_ctx){false, x->main, parent, -1, NULL, line, col};
            continue;
        }
        if (b == ')' && depth) {
            adv(&c);
            if (x->pre) {   /* a variation of a comment only: the comment stays, after its move */
                char **to = x->parent_main ? &p->moves[x->parent].comment : &p->vars.node[x->parent].comment;
                if (join_comment(to, x->pre)) {
                    x->pre = NULL;
                    snprintf(err, errn, "%d:%d: out of memory", line, col);
                    goto fail;
                }
                x->pre = NULL;
            }
            depth--;
            continue;
        }
        if (b == ')' || b == '}') {
            snprintf(err, errn, "%d:%d: unreadable: '%c' without its opening '%c'", line, col, b,
                     b == ')' ? '(' : '{');
            goto fail;
        }
        if (b == '$') {
            const char *t0 = c.s;
            adv(&c);
            while (c.s < c.end && isdigit((unsigned char)*c.s)) adv(&c);
            char nag[16];
            snprintf(nag, sizeof nag, "%.*s", (int)(c.s - t0 < 12 ? c.s - t0 : 12), t0);
            if (nag[1] && qp_text_append(comment_slot(p, x, true), nag)) {
                snprintf(err, errn, "%d:%d: out of memory", line, col);
                goto fail;
            }
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
            if (depth) break;   /* the variation is not closed: named below */
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
        while (k > 0 && (m[k - 1] == '!' || m[k - 1] == '?')) k--;
        int nag = !m[k] ? 0 : mark_nag(m + k) ? mark_nag(m + k) : m[k] == '!' ? 1 : 2;
        if (k > 1 && (m[k - 1] == '#' || m[k - 1] == '+')) k--;
        m[k] = 0;
        if (k && line_add(p, x, m, line, col)) {
            if (strlen(m) >= QP_MOVE_TEXT && !x->main)
                snprintf(err, errn, "%d:%d: unreadable: a move of %zu bytes", line, col, strlen(m));
            else
                snprintf(err, errn, "%d:%d: out of memory", line, col);
            goto fail;
        }
        if (nag) {   /* a mark standing alone is the move before's */
            char t[8];
            snprintf(t, sizeof t, "$%d", nag);
            if (qp_text_append(comment_slot(p, x, true), t)) {
                snprintf(err, errn, "%d:%d: out of memory", line, col);
                goto fail;
            }
        }
    }
    if (depth) {
        snprintf(err, errn, "%d:%d: truncated: the variation is not closed", stack[depth].line,
                 stack[depth].col);
        goto fail;
    }
    p->end_line = c.line;
    p->end_col = c.col;
    *cp = c;
    return 0;
fail:
    for (int i = 0; i <= depth; i++) free(stack[i].pre);
    qp_pgn_free(p);
    return -1;
}

/* Refuses a text with a NUL byte, naming where. */
static int check_nul(const scan *c, char *err, size_t errn)
{
    const char *nul = memchr(c->s, 0, (size_t)(c->end - c->s));
    if (!nul) return 0;
    scan at = *c;
    while (at.s < nul) adv(&at);
    snprintf(err, errn, "%d:%d: binary data (a NUL byte)", at.line, at.col);
    return -1;
}

int qp_pgn_read(qp_pgn *p, const char *text, size_t len, char *err, size_t errn)
{
    qp_pgn_pos at = {0, 0, 0, 0};
    int rc = qp_pgn_read_next(p, text, len, &at, err, errn);
    return rc < 0 ? -1 : 0;
}

int qp_pgn_read_next(qp_pgn *p, const char *text, size_t len, qp_pgn_pos *at, char *err, size_t errn)
{
    qp_pgn_init(p);
    scan c = {text, text + len, 1, 1};
    if (at->off == 0 && len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) c.s += 3;   /* byte order mark */
    if (at->off) {
        c.s = text + at->off;
        c.line = at->line;
        c.col = at->col;
    } else if (check_nul(&c, err, errn)) {
        return -1;
    }
    /* only blanks and % lines left: no game */
    scan look = c;
    for (;;) {
        skip_blanks(&look);
        if (look.s < look.end && *look.s == '%' && look.col == 1) skip_line(&look);
        else break;
    }
    if (at->off && look.s < look.end && *look.s != '[') {   /* a footer, not a game */
        at->trailer = look.line;
        at->off = len;
        return 1;
    }
    if (look.s >= look.end) {
        bool first = !at->off;
        at->off = len;
        at->line = look.line;
        at->col = look.col;
        return first ? 0 : 1;
    }
    if (read_game(p, &c, err, errn)) return -1;
    at->off = (size_t)(c.s - text);
    at->line = c.line;
    at->col = c.col;
    return 0;
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

/* The number written before the move at ply (0 = the first side's first
 * move of full move `number`): "12. " for the first side, "12... " for
 * the second when told, else "". */
static void move_number(char *num, size_t n, int number, int ply, bool one_side, bool tell)
{
    num[0] = 0;
    if (one_side) snprintf(num, n, "%d. ", number + ply);
    else if (ply % 2 == 0) snprintf(num, n, "%d. ", number + ply / 2);
    else if (tell) snprintf(num, n, "%d... ", number + ply / 2);
}

static void put_nags_comment(tbuf *b, const char *nags, const char *comment)
{
    if (nags) {
        puts_(b, " ");
        puts_(b, nags);
    }
    if (comment) {
        puts_(b, " ");
        put_comment(b, comment);
    }
}

static void put_line(tbuf *b, const qp_vars *v, int k, int ply, int number, bool one_side);

/* The alternatives chained from first, each in parentheses. */
static void put_alts(tbuf *b, const qp_vars *v, int first, int ply, int number, bool one_side)
{
    for (int a = first; a >= 0; a = v->node[a].alt) {
        puts_(b, " (");
        put_line(b, v, a, ply, number, one_side);
        puts_(b, ")");
    }
}

/* The variation from node k, whose first move is at ply; the first
 * node's own alternatives are its caller's (they are its siblings). */
static void put_line(tbuf *b, const qp_vars *v, int k, int ply, int number, bool one_side)
{
    bool tell = true;
    for (int first = k; k >= 0; k = v->node[k].next, ply++) {
        const qp_var_node *nd = &v->node[k];
        char num[32];
        if (k != first) puts_(b, " ");
        if (k == first && nd->pre) {
            put_comment(b, nd->pre);
            puts_(b, " ");
        }
        move_number(num, sizeof num, number, ply, one_side, tell);
        puts_(b, num);
        puts_(b, nd->text);
        put_nags_comment(b, nd->nags, nd->comment);
        tell = nd->comment != NULL;
        if (k != first && nd->alt >= 0) {
            put_alts(b, v, nd->alt, ply, number, one_side);
            tell = true;
        }
    }
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
    if (p->comment0 || p->nags0) {
        if (p->nags0) puts_(&b, p->nags0);
        if (p->nags0 && p->comment0) puts_(&b, " ");
        if (p->comment0) put_comment(&b, p->comment0);
        puts_(&b, "\n");
    }
    int col = 0;
    bool tell = true;
    for (int i = 0; i < p->nmoves; i++) {
        char num[32];
        int ply = i + (black_first ? 1 : 0);
        move_number(num, sizeof num, number, ply, one_side, tell);
        if (num[0] && col && (one_side || ply % 2 == 0)) {
            puts_(&b, "\n");
            col = 0;
        }
        if (col) puts_(&b, " ");
        puts_(&b, num);
        puts_(&b, p->moves[i].text);
        put_nags_comment(&b, p->moves[i].nags, NULL);
        if (p->moves[i].comment) {
            puts_(&b, " ");
            put_comment(&b, p->moves[i].comment);
        }
        tell = false;
        if (p->moves[i].alt >= 0) {
            put_alts(&b, &p->vars, p->moves[i].alt, ply, number, one_side);
            tell = true;
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
