/*
 * tree_read.c — a depth-first move tree read into a record (tree_read.h),
 * and the text helpers of the binary formats.
 */
#include "tree_read.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The main line as it is read. */
typedef struct tree_line {
    int n, cap;
    char (*moves)[QP_MOVE_TEXT];
    char **comments;   /* n + 1 */
    int *alt;          /* n: the first alternative to each move in the record's vars, -1 */
} tree_line;

static void line_free(tree_line *l)
{
    for (int i = 0; l->comments && i <= l->n; i++) free(l->comments[i]);
    free(l->comments);
    free(l->moves);
    free(l->alt);
}

static int line_add(tree_line *l, const char *move, char *comment)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        void *m = realloc(l->moves, sizeof *l->moves * (size_t)cap);
        if (m) l->moves = m;
        void *c = realloc(l->comments, sizeof *l->comments * (size_t)(cap + 1));
        if (c) l->comments = c;
        void *a = realloc(l->alt, sizeof *l->alt * (size_t)cap);
        if (a) l->alt = a;
        if (!m || !c || !a) return -1;
        l->cap = cap;
    }
    snprintf(l->moves[l->n], QP_MOVE_TEXT, "%s", move);
    l->alt[l->n] = -1;
    l->comments[++l->n] = comment;
    return 0;
}

/* p grown to hold index k (the new part zeroed); NULL when out of memory
 * (p freed). */
static int *grow(int *p, int *cap, int k)
{
    int c = *cap ? *cap : 64;
    while (c <= k) c *= 2;
    int *n = realloc(p, sizeof *n * (size_t)c);
    if (!n) {
        free(p);
        return NULL;
    }
    memset(n + *cap, 0, sizeof *n * (size_t)(c - *cap));
    *cap = c;
    return n;
}

int qp_tree_read(qp_record *rec, const char *name, qp_tree_read_fn read, void *ctx, int max_ply,
                 qp_tree_stats *st, char *err, size_t errn)
{
    tree_line line = {0};
    int *stack = NULL, nstack = 0, capstack = 0, rc = -1, lvcap = 0, *lv = NULL;
    char why[QP_ERR];
    if (st) memset(st, 0, sizeof *st);

    line.comments = calloc(1, sizeof *line.comments);
    if (!line.comments) goto oom;
    qp_tree_node nd;
    memset(&nd, 0, sizeof nd);
    if (read(ctx, &nd, why, sizeof why)) {
        snprintf(err, errn, "%s: the start record: %s", name, why);
        goto done;
    }
    line.comments[0] = nd.comment;
    int nodes = 1, variations = 0, depth = 0, dropped = 0;
    bool main = true;
    /* The node just read: a main-line move (cur < 0: moves[-cur - 1]) or a
     * node of vars; lv[k] its nesting level times two, plus one when it
     * starts its line (its own alternatives are then its line's). */
    int cur = 0;
    for (;;) {
        /* where the next node goes: depth d, on the main line or not,
         * after (child) or beside (an alternative to) node `of` */
        int d, of;
        bool m, child;
        if (depth > 0 && nd.alt) variations++;   /* the start has no alternative */
        if (nd.next) {
            d = depth + 1;
            m = main;
            child = true;
            of = cur;
            if (depth > 0 && nd.alt) {
                if (nstack + 2 > capstack) {
                    int cap = capstack ? 2 * capstack : 64;
                    int *s = realloc(stack, sizeof *stack * (size_t)cap);
                    if (!s) goto oom;
                    stack = s;
                    capstack = cap;
                }
                stack[nstack++] = depth;
                stack[nstack++] = cur;
            }
        } else if (depth > 0 && nd.alt) {
            d = depth;
            m = false;
            child = false;
            of = cur;
        } else if (nstack) {
            of = stack[--nstack];
            d = stack[--nstack];
            m = false;
            child = false;
        } else {
            break;
        }
        memset(&nd, 0, sizeof nd);
        if (read(ctx, &nd, why, sizeof why)) {
            if (m) snprintf(err, errn, "%s: move %d: %s", name, d, why);
            else snprintf(err, errn, "%s: a variation at move %d: %s", name, d, why);
            goto done;
        }
        nodes++;
        depth = d;
        main = m;
        if (!m) {   /* a variation's move, kept in vars */
            int k = qp_vars_add(&rec->vars, nd.move, 0, 0);
            if (k < 0 || (k >= lvcap && !(lv = grow(lv, &lvcap, k)))) {
                free(nd.comment);
                goto oom;
            }
            rec->vars.node[k].comment = nd.comment;
            int level;
            if (child) {
                level = lv[of] & ~1;
                rec->vars.node[of].next = k;
                lv[k] = level;
            } else {
                level = of < 0 ? 2 : (lv[of] & 1) ? lv[of] & ~1 : (lv[of] & ~1) + 2;
                lv[k] = level | 1;
                if (level / 2 > QP_VAR_DEPTH)
                    dropped++;   /* nested too deep to keep: left unlinked, counted */
                else if (of < 0)
                    qp_vars_append_alt(&rec->vars, &line.alt[-of - 1], k);
                else
                    qp_vars_append_alt(&rec->vars, &rec->vars.node[of].alt, k);
            }
            cur = k;
            continue;
        }
        if (nd.bad[0]) {
            snprintf(err, errn, "%s: move %d: %s", name, d, nd.bad);
            free(nd.comment);
            goto done;
        }
        if (d > max_ply) {
            snprintf(err, errn, "%s: move %d: more moves than a game has (%d)", name, d, max_ply);
            free(nd.comment);
            goto done;
        }
        if (line_add(&line, nd.move, nd.comment)) {
            free(nd.comment);
            goto oom;
        }
        cur = -line.n;
    }
    rec->nvariations = dropped;
    if (st) {
        st->variations = variations;
        st->nodes = nodes;
    }
    int *no_pos = NULL;   /* a binary format: no lines, no columns */
    if (qp_record_adopt(rec, line.n, &line.moves, &no_pos, &no_pos, &line.comments)) goto oom;
    if (rec->vars.n && line.n) {
        rec->alt = line.alt;
        line.alt = NULL;
    }
    rc = 0;
    goto done;
oom:
    snprintf(err, errn, "%s: out of memory", name);
done:
    if (rc) qp_record_free(rec);
    line_free(&line);
    free(stack);
    free(lv);
    return rc;
}

void qp_tree_set_move(qp_tree_node *nd, int from, int to, const char *(*name)(int sq, char *buf, size_t n))
{
    char f[8], t[8];
    snprintf(nd->move, sizeof nd->move, "%s%s", name(from, f, sizeof f), name(to, t, sizeof t));
    if (from >= 90 || to >= 90)
        snprintf(nd->bad, sizeof nd->bad, "%s square %s is off the board", from >= 90 ? "from" : "to",
                 from >= 90 ? f : t);
    else if (from == to)
        snprintf(nd->bad, sizeof nd->bad, "from and to are the same square %s", f);
}

char *qp_tree_text(iconv_t cd, const unsigned char *s, size_t n)
{
    char *out = malloc(3 * n + 1);   /* at most 3 bytes of UTF-8 per byte read */
    if (!out) return NULL;
    char *o = out;
    size_t room = 3 * n;
    if (cd == (iconv_t)-1) {   /* no converter: ASCII only */
        for (size_t i = 0; i < n; i++) {
            if (s[i] < 0x80) {
                *o++ = (char)s[i];
            } else {
                memcpy(o, "\xEF\xBF\xBD", 3);
                o += 3;
            }
        }
    } else {
        iconv(cd, NULL, NULL, NULL, NULL);
        char *in = (char *)s;
        size_t left = n;
        while (left) {
            if (iconv(cd, &in, &left, &o, &room) != (size_t)-1) break;
            if ((errno != EILSEQ && errno != EINVAL) || room < 3) break;
            memcpy(o, "\xEF\xBF\xBD", 3);
            o += 3;
            room -= 3;
            in++;
            left--;
        }
    }
    *o = 0;
    return out;
}

char *qp_tree_comment(char *s)
{
    static const char ideo[] = "\xE3\x80\x80";
    char *o = s;
    for (char *c = s; *c; c++)
        if (!(c[0] == '\r' && c[1] == '\n')) *o++ = *c;
    *o = 0;
    size_t n = strlen(s), a = 0;
    for (;;) {
        if (n && isspace((unsigned char)s[n - 1])) n--;
        else if (n >= 3 && !memcmp(s + n - 3, ideo, 3)) n -= 3;
        else break;
    }
    s[n] = 0;
    for (;;) {
        if (isspace((unsigned char)s[a])) a++;
        else if (a + 3 <= n && !memcmp(s + a, ideo, 3)) a += 3;
        else break;
    }
    memmove(s, s + a, n - a + 1);
    if (!*s) {
        free(s);
        return NULL;
    }
    return s;
}

void qp_tree_clean(char *s)
{
    for (char *c = s; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = ' ';
    size_t n = strlen(s), a = 0;
    while (n && s[n - 1] == ' ') s[--n] = 0;
    while (s[a] == ' ') a++;
    memmove(s, s + a, n - a + 1);
}
