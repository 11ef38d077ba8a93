/*
 * cbf.c — reading CBF records (format in cbf.h) with a small XML scanner.
 */
#include "cbf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "encoding.h"
#include "markup.h"

#define CBF_DEPTH 32   /* elements nested deeper make no record */

qp_sniff qp_cbf_sniff(const unsigned char *data, size_t len)
{
    size_t n = len < 4096 ? len : 4096;
    static const char key[] = "<ChineseChessRecord";
    for (size_t i = 0; i + sizeof key - 1 <= n; i++)
        if (!memcmp(data + i, key, sizeof key - 1)) return QP_SNIFF_YES;
    return QP_SNIFF_NO;
}

/* The scanner: text, where it is, what it saw. */
typedef struct xml {
    const char *s, *p, *end;
    const char *name;      /* the file, for messages */
    char *err;
    size_t errn;
} xml;

static void xml_where(const xml *x, const char *at, int *line, int *col)
{
    qp_text_where(x->s, at, line, col);
}

static int xml_fail(xml *x, const char *at, const char *why)
{
    int line, col;
    xml_where(x, at, &line, &col);
    snprintf(x->err, x->errn, "%s:%d:%d: %s", x->name, line, col, why);
    return -1;
}

/* s[0..n) with its entities decoded and blanks around trimmed; CCBridge's
 * "||" is a line break (markup.h).  malloc'd, NULL when out of memory. */
static char *xml_text(const char *s, size_t n)
{
    return qp_markup_text(s, n, 0);
}

/* One tag <name a="v" ...> (or </name>, or <name .../>) at x->p. */
typedef struct xtag {
    char name[48];
    bool close, empty;
    const char *at;           /* its '<' */
    const char *attrs, *attrs_end;
} xtag;

/* The value of attribute key in t, decoded (malloc'd), or NULL. */
static char *xml_attr(const xtag *t, const char *key)
{
    size_t k = strlen(key);
    for (const char *q = t->attrs; q < t->attrs_end;) {
        while (q < t->attrs_end && isspace((unsigned char)*q)) q++;
        const char *n0 = q;
        while (q < t->attrs_end && !isspace((unsigned char)*q) && *q != '=') q++;
        size_t nl = (size_t)(q - n0);
        while (q < t->attrs_end && isspace((unsigned char)*q)) q++;
        if (q >= t->attrs_end || *q != '=') return NULL;
        q++;
        while (q < t->attrs_end && isspace((unsigned char)*q)) q++;
        if (q >= t->attrs_end || (*q != '"' && *q != '\'')) return NULL;
        char quote = *q++;
        const char *v0 = q;
        while (q < t->attrs_end && *q != quote) q++;
        if (q >= t->attrs_end) return NULL;
        if (nl == k && !strncasecmp(n0, key, k)) return xml_text(v0, (size_t)(q - v0));
        q++;
    }
    return NULL;
}

/* The next tag after x->p, skipping text, comments, the prolog,
 * DOCTYPE; text before it is [*text, t->at).  0, 1 at the end, -1 with
 * err. */
static int xml_next(xml *x, xtag *t, const char **text)
{
    *text = x->p;
    for (;;) {
        const char *lt = memchr(x->p, '<', (size_t)(x->end - x->p));
        if (!lt) {
            x->p = x->end;
            return 1;
        }
        size_t left = (size_t)(x->end - lt);
        const char *close = NULL;
        if (left >= 4 && !memcmp(lt, "<!--", 4)) {
            close = strstr(lt + 4, "-->");
            if (!close) return xml_fail(x, lt, "truncated: a comment <!-- is not closed");
            x->p = close + 3;
            continue;
        }
        if (left >= 9 && !memcmp(lt, "<![CDATA[", 9)) {
            close = strstr(lt + 9, "]]>");
            if (!close) return xml_fail(x, lt, "truncated: <![CDATA[ is not closed");
            x->p = close + 3;
            continue;
        }
        if (left >= 2 && (lt[1] == '?' || lt[1] == '!')) {
            close = memchr(lt, '>', left);
            if (!close) return xml_fail(x, lt, "truncated: a declaration is not closed");
            x->p = close + 1;
            continue;
        }
        const char *gt = lt + 1;
        char quote = 0;
        for (; gt < x->end; gt++) {
            if (quote) {
                if (*gt == quote) quote = 0;
            } else if (*gt == '"' || *gt == '\'') {
                quote = *gt;
            } else if (*gt == '>' || *gt == '<') {
                break;
            }
        }
        if (gt >= x->end || *gt != '>') return xml_fail(x, lt, "truncated: a tag is not closed with '>'");
        memset(t, 0, sizeof *t);
        t->at = lt;
        const char *q = lt + 1;
        if (*q == '/') {
            t->close = true;
            q++;
        }
        const char *n0 = q;
        while (q < gt && (isalnum((unsigned char)*q) || *q == '_' || *q == '-' || *q == ':' || *q == '.')) q++;
        if (q == n0 || (size_t)(q - n0) >= sizeof t->name) return xml_fail(x, lt, "unreadable: a tag without a name");
        memcpy(t->name, n0, (size_t)(q - n0));
        t->attrs = q;
        t->attrs_end = gt;
        if (gt > q && gt[-1] == '/') {
            t->empty = true;
            t->attrs_end = gt - 1;
        }
        x->p = gt + 1;
        return 0;
    }
}

/* PGN's name of a Head element kept with the record, or NULL. */
static const char *pgn_key(const char *k)
{
    static const char *const map[][2] = {
        {"Name", "Title"},    {"Contest", "Event"},     {"Round", "Round"},   {"Date", "Date"},
        {"Site", "Site"},     {"Red", "Red"},           {"Black", "Black"},   {"RedTeam", "RedTeam"},
        {"BlackTeam", "BlackTeam"}, {"Commentator", "Annotator"}, {"ECCO", "ECCO"},
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (!strcasecmp(k, map[i][0])) return map[i][1];
    return NULL;
}

/* The moves read so far. */
typedef struct cbf_line {
    int n, cap;
    char (*moves)[QP_MOVE_TEXT];
    int *line, *col;
    char **comments;   /* n + 1 */
} cbf_line;

static int line_add(cbf_line *l, const char *mv, int line, int col)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        void *m = realloc(l->moves, sizeof *l->moves * (size_t)cap);
        if (m) l->moves = m;
        void *a = realloc(l->line, sizeof *l->line * (size_t)cap);
        if (a) l->line = a;
        void *b = realloc(l->col, sizeof *l->col * (size_t)cap);
        if (b) l->col = b;
        bool fresh = !l->comments;   /* else the start's comment is there */
        void *c = realloc(l->comments, sizeof *l->comments * (size_t)(cap + 1));
        if (c) l->comments = c;
        if (c && fresh) l->comments[0] = NULL;
        if (!m || !a || !b || !c) return -1;
        l->cap = cap;
    }
    snprintf(l->moves[l->n], QP_MOVE_TEXT, "%s", mv);
    l->line[l->n] = line;
    l->col[l->n] = col;
    l->comments[++l->n] = NULL;
    return 0;
}

static void line_free(cbf_line *l)
{
    for (int i = 0; l->comments && i <= l->n; i++) free(l->comments[i]);
    free(l->comments);
    free(l->moves);
    free(l->line);
    free(l->col);
}

/* "77-47" as ICCS "h2e2"; NULL with why when it is no move. */
static const char *cbf_move(const char *v, char *out, char *why, size_t whyn)
{
    if (strlen(v) != 5 || v[2] != '-' || !isdigit((unsigned char)v[0]) || !isdigit((unsigned char)v[1]) ||
        !isdigit((unsigned char)v[3]) || !isdigit((unsigned char)v[4])) {
        snprintf(why, whyn, "unreadable: a move is two squares of two digits (\"77-47\")");
        return NULL;
    }
    if (v[0] > '8' || v[3] > '8') {
        snprintf(why, whyn, "unreadable: files are 0-8");
        return NULL;
    }
    snprintf(out, 8, "%c%c%c%c", 'a' + (v[0] - '0'), '0' + ('9' - v[1]), 'a' + (v[3] - '0'), '0' + ('9' - v[4]));
    return out;
}

int qp_cbf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn)
{
    char *text, e[QP_ERR];
    size_t tlen;
    if (qp_record_begin(rec, name, data, len, &text, &tlen, err, errn)) return -1;
    xml x = {text, text, text + tlen, name, err, errn};
    snprintf(rec->game, sizeof rec->game, "Chinese Chess");
    snprintf(rec->hint, sizeof rec->hint, "iccs");
    cbf_line l = {0};
    char stack[CBF_DEPTH][48];
    int depth = 0, rc = -1, moves_at = -1, move_open = -1;   /* depths of <MoveList>, of an open <Move> */
    bool seen_root = false, in_list = false, list_closed = false;
    const char *list_at = NULL;
    xtag t;
    const char *before;
    int got;
    while ((got = xml_next(&x, &t, &before)) == 0) {
        if (t.close) {
            if (!depth || strcasecmp(stack[depth - 1], t.name)) {
                char why[160];
                snprintf(why, sizeof why, "unreadable: </%s> closes %s%s%s", t.name, depth ? "<" : "nothing open",
                         depth ? stack[depth - 1] : "", depth ? ">" : "");
                xml_fail(&x, t.at, why);
                goto done;
            }
            depth--;
            const char *parent = depth ? stack[depth - 1] : "";
            if (depth == move_open) {
                /* text inside <Move>…</Move>: the move's comment */
                char *c = xml_text(before, (size_t)(t.at - before));
                if (!c) goto oom;
                if (*c && l.n && qp_text_append(&l.comments[l.n], c)) {
                    free(c);
                    goto oom;
                }
                free(c);
                move_open = -1;
            } else if (!strcasecmp(parent, "Head")) {
                char *v = xml_text(before, (size_t)(t.at - before));
                if (!v) goto oom;
                const char *pk = pgn_key(t.name);
                if (pk) qp_record_keep_given(rec, pk, v);
                if (!strcasecmp(t.name, "Date")) snprintf(rec->date, sizeof rec->date, "%s", v);
                if (!strcasecmp(t.name, "FEN")) snprintf(rec->fen, sizeof rec->fen, "%s", v);
                if (!strcasecmp(t.name, "RecordResult")) {
                    static const char *const res[] = {"*", "1-0", "0-1", "1/2-1/2", "1/2-1/2"};
                    int r = atoi(v);
                    snprintf(rec->result, sizeof rec->result, "%s", r >= 0 && r <= 4 ? res[r] : "*");
                }
                free(v);
            }
            if (depth == moves_at) {
                in_list = false;
                list_closed = true;
            }
            continue;
        }
        if (!seen_root) {
            if (strcasecmp(t.name, "ChineseChessRecord")) {
                xml_fail(&x, t.at, "not a CBF record (its first element is not <ChineseChessRecord>)");
                goto done;
            }
            seen_root = true;
        }
        const char *parent = depth ? stack[depth - 1] : "";
        if (in_list && !strcasecmp(t.name, "Move")) {
            if (strcasecmp(parent, "MoveList")) {
                rec->nvariations += move_open == depth - 1;   /* moves inside a move: not kept */
            } else {
                char *v = xml_attr(&t, "value");
                int line, col;
                xml_where(&x, t.at, &line, &col);
                if (!v) {
                    snprintf(e, sizeof e, "move %d: unreadable: <Move> without its value", l.n + 1);
                    xml_fail(&x, t.at, e);
                    goto done;
                }
                char iccs[8], why[128];
                bool start = !strcmp(v, "00-00") && !l.n;
                if (!start && !cbf_move(v, iccs, why, sizeof why)) {
                    char msg[QP_ERR];
                    snprintf(msg, sizeof msg, "move %d '%.12s': %s", l.n + 1, v, why);
                    free(v);
                    xml_fail(&x, t.at, msg);
                    goto done;
                }
                free(v);
                if (!start && line_add(&l, iccs, line, col)) goto oom;
                if (start && !l.comments && !(l.comments = calloc(1, sizeof *l.comments))) goto oom;
                char *c = xml_attr(&t, "comment");
                if (c && *c && qp_text_append(&l.comments[l.n], c)) {
                    free(c);
                    goto oom;
                }
                free(c);
                if (!t.empty) move_open = depth;
            }
        }
        if (!strcasecmp(t.name, "MoveList") && !in_list) {
            in_list = true;
            list_at = t.at;
            moves_at = depth;
        }
        if (t.empty) continue;
        if (depth == CBF_DEPTH) {
            xml_fail(&x, t.at, "unreadable: elements nested too deep");
            goto done;
        }
        snprintf(stack[depth++], sizeof stack[0], "%s", t.name);
    }
    if (got < 0) goto done;
    if (!seen_root) {
        snprintf(err, errn, "%s: not a CBF record (no <ChineseChessRecord>)", name);
        goto done;
    }
    if (in_list || (!list_closed && list_at)) {
        xml_fail(&x, list_at, "truncated: <MoveList> is not closed");
        goto done;
    }
    if (depth) {
        char why[128];
        snprintf(why, sizeof why, "truncated: <%s> is not closed", stack[depth - 1]);
        xml_fail(&x, x.end, why);
        goto done;
    }
    /* The Chinese world writes Red to move as "r"; the standard start is none */
    char *sp = strchr(rec->fen, ' ');
    if (sp && (sp[1] == 'r' || sp[1] == 'R')) sp[1] = 'w';
    static const char start_fen[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    if (!strncmp(rec->fen, start_fen, sizeof start_fen - 1)) rec->fen[0] = 0;
    if (qp_record_adopt(rec, l.n, &l.moves, &l.line, &l.col, &l.comments)) goto oom;
    rc = 0;
    goto done;
oom:
    snprintf(err, errn, "%s: out of memory", name);
done:
    if (rc) qp_record_free(rec);
    line_free(&l);
    free(text);
    return rc;
}
