/*
 * xqf.c — XQF records (layout in xqf.h): reading every version, writing
 * the plain version 0x0A, scrambling a plain file into a later version.
 *
 * The tree is walked without recursion by qp_tree_read (tree_read.h),
 * one record at a time; every record consumes at least four bytes, so a
 * file of any shape ends the walk.  The writer makes the same order with a stack of the alternatives owed
 * (xqf_owed), without recursion either.
 */
#include "xqf.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "tree_read.h"

#define XQF_MAX_PLY 9999   /* a main line longer than this is no game */

/* Header offsets */
enum {
    XQF_VERSION = 2, XQF_KEYMASK = 3, XQF_KEYOR = 8, XQF_KEYSUM = 12, XQF_KEYXY = 13,
    XQF_KEYXYF = 14, XQF_KEYXYT = 15, XQF_PIECES = 16, XQF_WHO = 0x32, XQF_RESULT = 0x33,
    XQF_TYPE = 0x40,
};

/* The header's texts: a length byte, then up to size-1 bytes of GBK. */
static const struct xqf_text {
    int at, size;
    const char *tag;
} xqf_texts[] = {
    {0x50, 64, "Title"},    {0xD0, 64, "Event"},     {0x110, 16, "Date"},
    {0x120, 16, "Site"},    {0x130, 16, "Red"},      {0x140, 16, "Black"},
    {0x150, 64, "TimeRule"}, {0x190, 16, "RedTime"}, {0x1A0, 16, "BlackTime"},
    {0x1D0, 16, "Annotator"}, {0x1E0, 16, "Author"},
};
#define XQF_NTEXTS (int)(sizeof xqf_texts / sizeof xqf_texts[0])

/* Each side's 16 pieces in header order, as Red's FEN letters. */
static const char xqf_kinds[] = "RNBAKABNRCCPPPPP";
/* The kind of record at 0x40 (0: a whole game, no tag). */
static const char *const xqf_types[] = {NULL, "opening", "middlegame", "endgame"};

/* ---- keys ---------------------------------------------------------- */

typedef struct xqf_keys {
    bool scrambled;               /* version > 0x0A */
    unsigned char xy, xyf, xyt;   /* offsets of piece squares, from, to */
    long rmk;                     /* added to comment lengths */
    unsigned char stream[32];     /* added to the byte at file offset p: stream[p % 32] */
} xqf_keys;

/* The derivation the format publishes: 54*b*b + 221, times a multiplier. */
static unsigned char xqf_key(unsigned b, unsigned mul)
{
    return (unsigned char)((54u * b * b + 221u) * mul);
}

static void xqf_keys_init(xqf_keys *k, const unsigned char *h)
{
    static const char notice[] = "[(C) Copyright Mr. Dong Shiwei.]";
    memset(k, 0, sizeof *k);
    if (h[XQF_VERSION] <= QP_XQF_VERSION_PLAIN) return;
    k->scrambled = true;
    k->xy = xqf_key(h[XQF_KEYXY], h[XQF_KEYXY]);
    k->xyf = xqf_key(h[XQF_KEYXYF], k->xy);
    k->xyt = xqf_key(h[XQF_KEYXYT], k->xyf);
    k->rmk = (long)((h[XQF_KEYSUM] * 256u + h[XQF_KEYXY]) % 32000u + 767u);
    for (int i = 0; i < 32; i++) {
        unsigned char b = (unsigned char)((h[XQF_KEYSUM + i % 4] & h[XQF_KEYMASK]) | h[XQF_KEYOR + i % 4]);
        k->stream[i] = (unsigned char)(notice[i] & b);
    }
}

/* ---- texts --------------------------------------------------------- */

/* s (n bytes, up to a NUL) from GBK/GB18030 to UTF-8 (tree_read.h). */
static char *xqf_utf8(iconv_t cd, const unsigned char *s, size_t n)
{
    const unsigned char *z = memchr(s, 0, n);
    return qp_tree_text(cd, s, z ? (size_t)(z - s) : n);
}

/* ---- reading ------------------------------------------------------- */

typedef struct xqf_reader {
    const unsigned char *data;
    size_t len, pos;
    const xqf_keys *k;
    int version;
    iconv_t cd;
} xqf_reader;

/* The next n bytes, unscrambled; false when fewer are left. */
static bool xqf_take(xqf_reader *r, unsigned char *out, size_t n)
{
    if (n > r->len - r->pos) return false;
    for (size_t i = 0; i < n; i++, r->pos++)
        out[i] = (unsigned char)(r->data[r->pos] - (r->k->scrambled ? r->k->stream[r->pos % 32] : 0));
    return true;
}

/* One record of the tree.  from/to are squares as written (90 and up:
 * off the board); text is the comment as UTF-8 or NULL. */
typedef struct xqf_node {
    int from, to;
    bool next, var;
    char *text;
} xqf_node;

/* Reads the record at r->pos; the comment is converted only when
 * want_text.  -1 with why. */
static int xqf_node_read(xqf_reader *r, bool want_text, xqf_node *nd, char *why, size_t whyn)
{
    unsigned char b[4];
    size_t at = r->pos;
    memset(nd, 0, sizeof *nd);
    if (!xqf_take(r, b, 4)) {
        snprintf(why, whyn, "truncated: the file ends inside the record at byte %zu", at);
        return -1;
    }
    nd->from = (unsigned char)(b[0] - 0x18 - r->k->xyf);
    nd->to = (unsigned char)(b[1] - 0x20 - r->k->xyt);
    bool has_text;
    if (r->version <= QP_XQF_VERSION_PLAIN) {
        nd->next = b[2] & 0xF0;
        nd->var = b[2] & 0x0F;
        has_text = true;   /* a length, 0 for none */
    } else {
        nd->next = b[2] & 0x80;
        nd->var = b[2] & 0x40;
        has_text = b[2] & 0x20;
    }
    if (!has_text) return 0;
    if (!xqf_take(r, b, 4)) {
        snprintf(why, whyn, "truncated: the file ends inside the comment length at byte %zu", at + 4);
        return -1;
    }
    /* a signed 32-bit length, offset by a key in the scrambled versions */
    long n = (long)(int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                             (uint32_t)b[3] << 24) -
             r->k->rmk;
    if (n < 0) {
        snprintf(why, whyn, "damaged: a comment length of %ld bytes at byte %zu", n, at + 4);
        return -1;
    }
    if ((unsigned long)n > r->len - r->pos) {
        snprintf(why, whyn, "truncated: a comment of %ld bytes at byte %zu, the file has %zu left", n,
                 at + 8, r->len - r->pos);
        return -1;
    }
    if (!want_text || !n) {
        r->pos += (size_t)n;
        return 0;
    }
    unsigned char *raw = malloc((size_t)n);
    if (!raw) {
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    xqf_take(r, raw, (size_t)n);
    char *t = xqf_utf8(r->cd, raw, (size_t)n);
    free(raw);
    if (!t) {
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    nd->text = qp_tree_comment(t);
    return 0;
}

qp_sniff qp_xqf_sniff(const unsigned char *data, size_t len)
{
    /* "XQ" then a version byte, a control character: no text starts so */
    if (len >= 3 && data[0] == 'X' && data[1] == 'Q' && data[2] >= 1 && data[2] < 0x20)
        return QP_SNIFF_YES;
    return QP_SNIFF_NO;
}

/* The square's name for messages: "e4", or its number off the board. */
static const char *xqf_square(int sq, char *buf, size_t n)
{
    if (sq < 90) snprintf(buf, n, "%c%d", 'a' + sq / 10, sq % 10);
    else snprintf(buf, n, "0x%02x", (unsigned)sq);
    return buf;
}

/* The tree's nodes for qp_tree_read: the root first, then each record. */
static int xqf_tree_node(void *ctx, qp_tree_node *out, char *why, size_t whyn)
{
    xqf_reader *r = ctx;
    xqf_node nd;
    if (xqf_node_read(r, true, &nd, why, whyn)) return -1;
    qp_tree_set_move(out, nd.from, nd.to, xqf_square);
    out->comment = nd.text;
    out->next = nd.next;
    out->alt = nd.var;
    return 0;
}

int qp_xqf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len,
                 qp_xqf_info *info, char *err, size_t errn)
{
    qp_record_begin(rec, name, data, len, NULL, NULL, err, errn);
    if (info) memset(info, 0, sizeof *info);
    if (len < 2 || data[0] != 'X' || data[1] != 'Q') {
        snprintf(err, errn, "%s: header: not an XQF file (no \"XQ\" at the start)", name);
        return -1;
    }
    if (len < QP_XQF_HEADER) {
        snprintf(err, errn, "%s: header: truncated: %zu of its %d bytes", name, len, QP_XQF_HEADER);
        return -1;
    }
    const unsigned char *h = data;
    int version = h[XQF_VERSION];
    if (info) info->version = version;
    if (version > QP_XQF_VERSION_MAX) {
        snprintf(err, errn, "%s: header: version 0x%02x is newer than the XQF versions qipan reads (up to 0x%02x)",
                 name, (unsigned)version, QP_XQF_VERSION_MAX);
        return -1;
    }
    if (version > QP_XQF_VERSION_PLAIN &&
        ((h[XQF_KEYSUM] + h[XQF_KEYXY] + h[XQF_KEYXYF] + h[XQF_KEYXYT]) & 0xff)) {
        snprintf(err, errn, "%s: header: damaged: the key bytes do not add up", name);
        return -1;
    }
    xqf_keys k;
    xqf_keys_init(&k, h);

    /* The start position: piece i of the header order on board[square]. */
    unsigned char sq[32];
    for (int i = 0; i < 32; i++) {
        unsigned char raw = h[XQF_PIECES + i];
        if (version >= 0x0C) sq[(k.xy + i + 1) & 31] = raw;
        else sq[i] = raw;
    }
    int board[90];
    for (int i = 0; i < 90; i++) board[i] = -1;
    for (int i = 0; i < 32; i++) {
        int s = (unsigned char)(sq[i] - k.xy);
        if (s >= 90) continue;   /* captured */
        if (board[s] >= 0) {
            char b[8];
            snprintf(err, errn, "%s: header: damaged: two pieces on %s", name, xqf_square(s, b, sizeof b));
            return -1;
        }
        board[s] = i;
    }

    xqf_reader r = {data, len, QP_XQF_HEADER, &k, version, iconv_open("UTF-8", "GB18030")};
    int rc = -1;
    for (int i = 0; i < XQF_NTEXTS; i++) {
        const struct xqf_text *t = &xqf_texts[i];
        int n = h[t->at] < t->size ? h[t->at] : t->size - 1;
        char *v = xqf_utf8(r.cd, h + t->at + 1, (size_t)n);
        if (!v) {
            snprintf(err, errn, "%s: out of memory", name);
            qp_record_free(rec);
            goto done;
        }
        qp_tree_clean(v);
        qp_record_keep_given(rec, t->tag, v);
        if (!strcmp(t->tag, "Date")) snprintf(rec->date, sizeof rec->date, "%s", v);
        free(v);
    }
    if (h[XQF_TYPE] >= 1 && h[XQF_TYPE] <= 3) qp_record_keep_given(rec, "Type", xqf_types[h[XQF_TYPE]]);
    static const char *const results[] = {"*", "1-0", "0-1", "1/2-1/2", "1/2-1/2"};
    snprintf(rec->result, sizeof rec->result, "%s", h[XQF_RESULT] <= 4 ? results[h[XQF_RESULT]] : "*");
    /* the format's game, as other programs' records name it: the registry
     * knows which ruleset plays it (qp_record_ruleset) */
    snprintf(rec->game, sizeof rec->game, "Chinese Chess");
    snprintf(rec->hint, sizeof rec->hint, "iccs");

    qp_tree_stats ts;
    if (qp_tree_read(rec, name, xqf_tree_node, &r, XQF_MAX_PLY, &ts, err, errn)) goto done;
    if (info) {
        info->variations = ts.variations;
        info->nodes = ts.nodes;
    }

    /* Who moves first: the piece of the first move, else the header. */
    int side = h[XQF_WHO] == 1;
    if (rec->nmoves) {   /* main-line moves are on the board: "e3e4" */
        int from = (rec->moves[0][0] - 'a') * 10 + (rec->moves[0][1] - '0');
        if (board[from] >= 0) side = board[from] >= 16;
    }
    char fen[128];
    size_t fl = 0;
    for (int rank = 9; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 9; file++) {
            int p = board[file * 10 + rank];
            if (p < 0) {
                empty++;
                continue;
            }
            if (empty) fen[fl++] = (char)('0' + empty);
            empty = 0;
            char c = xqf_kinds[p % 16];
            fen[fl++] = p >= 16 ? (char)tolower((unsigned char)c) : c;
        }
        if (empty) fen[fl++] = (char)('0' + empty);
        if (rank) fen[fl++] = '/';
    }
    snprintf(fen + fl, sizeof fen - fl, " %c - - 0 1", side ? 'b' : 'w');
    snprintf(rec->fen, sizeof rec->fen, "%s", fen);

    rc = 0;
done:
    if (r.cd != (iconv_t)-1) iconv_close(r.cd);
    return rc;
}

static int xqf_format_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len,
                            char *err, size_t errn)
{
    return qp_xqf_parse(rec, name, data, len, NULL, err, errn);
}

const qp_record_format qp_xqf_format = {.name = "xqf", .title = "XQF (XQStudio's binary record)",
                                        .sniff = qp_xqf_sniff, .parse = xqf_format_parse};

/* ---- writing ------------------------------------------------------- */

typedef struct xqf_buf {
    unsigned char *p;
    size_t n, cap;
    bool oom;
} xqf_buf;

static void xqf_put(xqf_buf *b, const void *data, size_t n)
{
    if (b->oom) return;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n) cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, data, n);
    b->n += n;
}

static void xqf_put32(xqf_buf *b, uint32_t v)
{
    unsigned char le[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                           (unsigned char)(v >> 24)};
    xqf_put(b, le, 4);
}

/* UTF-8 s as GB18030, at most max bytes and whole characters; bytes that
 * are no UTF-8 become '?'.  malloc'd (*n bytes), NULL when out of memory. */
static char *xqf_gbk(iconv_t cd, const char *s, size_t max, size_t *n)
{
    size_t len = strlen(s), room = 4 * len;
    char *out = malloc(room + 1), *o = out, *in = (char *)s;
    if (!out) return NULL;
    if (cd == (iconv_t)-1) {   /* no converter: ASCII only */
        for (size_t i = 0; i < len; i++) *o++ = (unsigned char)s[i] < 0x80 ? s[i] : '?';
    } else {
        iconv(cd, NULL, NULL, NULL, NULL);
        while (len) {
            if (iconv(cd, &in, &len, &o, &room) != (size_t)-1) break;
            if ((errno != EILSEQ && errno != EINVAL) || !room) break;
            *o++ = '?';
            room--;
            in++;
            len--;
        }
    }
    /* cut at a character: one byte, or two, or four (a digit second) */
    size_t total = (size_t)(o - out), at = 0;
    while (at < total) {
        const unsigned char *c = (const unsigned char *)out + at;
        size_t w = c[0] < 0x80 ? 1 : at + 1 < total && c[1] >= 0x30 && c[1] <= 0x39 ? 4 : 2;
        if (at + w > max || at + w > total) break;
        at += w;
    }
    out[at] = 0;
    *n = at;
    return out;
}

/* The value src keeps for tag key, or NULL. */
static const char *xqf_kept(const qp_record *src, const char *key)
{
    for (int i = 0; src && i < src->nkeep; i++)
        if (!strcmp(src->keep_key[i], key)) return src->keep_val[i];
    return NULL;
}

/* A record: from, to, flags, a spare byte, then the comment's length and
 * text (plain version: the length always).  pre, a comment before the
 * move (a variation's first), has no place of its own: it leads the
 * comment. */
static int xqf_put_node(xqf_buf *b, iconv_t cd, int from, int to, bool next, bool var, const char *pre,
                        const char *comment)
{
    unsigned char r[4] = {(unsigned char)(from + 0x18), (unsigned char)(to + 0x20),
                          (unsigned char)((next ? 0xF0 : 0) | (var ? 0x0F : 0)), 0};
    xqf_put(b, r, 4);
    char *joined = NULL;
    if (pre && comment) {
        if (!(joined = strdup(pre)) || qp_text_append(&joined, comment)) {
            free(joined);
            return -1;
        }
        comment = joined;
    } else if (pre) {
        comment = pre;
    }
    size_t n = 0;
    char *t = comment ? xqf_gbk(cd, comment, (size_t)1 << 30, &n) : NULL;
    free(joined);
    if (comment && !t) return -1;
    xqf_put32(b, (uint32_t)n);
    if (n) xqf_put(b, t, n);
    free(t);
    return 0;
}

/* Move m at s as XQF squares (file * 10 + rank from 0); -1 when it is not
 * a move from one square to another (mt: its text). */
static int xqf_squares(const qp_rules *r, const void *s, qp_move m, int *from, int *to, char *mt, size_t mtn)
{
    char f1, f2;
    int r1, r2, used = 0;
    r->rs->move_text(r, s, m, mt, mtn);
    if (sscanf(mt, "%c%d%c%d%n", &f1, &r1, &f2, &r2, &used) != 4 || mt[used] || f1 < 'a' || f1 > 'i' || f2 < 'a' ||
        f2 > 'i' || r1 < 1 || r1 > 10 || r2 < 1 || r2 > 10)
        return -1;
    *from = (f1 - 'a') * 10 + r1 - 1;
    *to = (f2 - 'a') * 10 + r2 - 1;
    return 0;
}

/* The move of variation node k at s, when it replays there. */
static bool xqf_var_move(const qp_rules *r, const qp_record *src, const void *s, int k, qp_move *m, int *from,
                         int *to)
{
    char e[QP_ERR], mt[QP_MOVE_TEXT];
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    return o.result == QP_ONGOING &&
           !qp_record_read_move(r, s, src->vars.node[k].text, src->hint[0] ? src->hint : NULL, m, e, sizeof e) &&
           !xqf_squares(r, s, *m, from, to, mt, sizeof mt);
}

/* The first of the alternatives chained from a that replays at s, or -1:
 * a variation's move that does not replay (the load warned of it) ends
 * its line, and an alternative that does not is left out. */
static int xqf_first_alt(const qp_rules *r, const qp_record *src, const void *s, int a)
{
    qp_move m;
    int f, t;
    while (a >= 0 && !xqf_var_move(r, src, s, a, &m, &f, &t)) a = src->vars.node[a].alt;
    return a;
}

/* The alternatives owed: each written after the continuation of the move
 * it is an alternative to (the file's depth-first order), from the
 * position before that move. */
typedef struct xqf_owed {
    struct {
        int k;
        void *s;
    } *e;
    int n, cap;
} xqf_owed;

static int xqf_owe(xqf_owed *o, const qp_rules *r, int k, const void *s)
{
    if (o->n == o->cap) {
        int cap = o->cap ? 2 * o->cap : 16;
        void *e = realloc(o->e, sizeof *o->e * (size_t)cap);
        if (!e) return -1;
        o->e = e;
        o->cap = cap;
    }
    void *t = qp_state_new(r);
    if (!t) return -1;
    memcpy(t, s, r->state_size);
    o->e[o->n].k = k;
    o->e[o->n++].s = t;
    return 0;
}

/* The owed alternatives, last owed first, each with its line and the
 * alternatives owed inside it. */
static int xqf_put_owed(xqf_buf *b, iconv_t cd, const qp_rules *r, const qp_record *src, xqf_owed *o)
{
    while (o->n) {
        o->n--;
        void *t = o->e[o->n].s;
        int rc = 0;
        for (int k = o->e[o->n].k; k >= 0 && !rc;) {
            const qp_var_node *nd = &src->vars.node[k];
            qp_move m;
            int from, to;
            xqf_var_move(r, src, t, k, &m, &from, &to);   /* it replays: checked before k was owed */
            int alt = xqf_first_alt(r, src, t, nd->alt);
            if (alt >= 0 && xqf_owe(o, r, alt, t)) rc = -1;
            r->rs->make(r, t, m, NULL);
            int next = nd->next >= 0 && xqf_first_alt(r, src, t, nd->next) == nd->next ? nd->next : -1;
            if (!rc) rc = xqf_put_node(b, cd, from, to, next >= 0, alt >= 0, nd->pre, nd->comment);
            k = next;
        }
        free(t);
        if (rc) return -1;
    }
    return 0;
}

char *qp_xqf_write(const qp_game *g, const qp_record *src, size_t *len, char *err, size_t errn)
{
    const qp_rules *r = g->r;
    const qp_ruleset *rs = r->rs;
    if (!rs->record_game || strcasecmp(rs->record_game, "Chinese Chess") || !g->start_fen[0]) {
        snprintf(err, errn, "XQF holds Xiangqi games, not %s", rs->name);
        return NULL;
    }
    unsigned char h[QP_XQF_HEADER] = {'X', 'Q', QP_XQF_VERSION_PLAIN};
    memset(h + XQF_PIECES, 0xff, 32);
    /* the start position's pieces, each in the first free slot of its kind */
    const char *f = g->start_fen;
    int file = 0, rank = 9;
    for (; *f && *f != ' '; f++) {
        if (*f == '/') {
            rank--;
            file = 0;
            continue;
        }
        if (isdigit((unsigned char)*f)) {
            file += *f - '0';
            continue;
        }
        int side = islower((unsigned char)*f) != 0;
        char c = (char)toupper((unsigned char)*f);
        c = c == 'E' ? 'B' : c == 'H' ? 'N' : c;
        int slot = -1;
        for (int i = 0; i < 16 && slot < 0; i++)
            if (xqf_kinds[i] == c && h[XQF_PIECES + side * 16 + i] == 0xff) slot = side * 16 + i;
        if (file > 8 || rank < 0) {
            snprintf(err, errn, "XQF cannot hold this position: a square off the board (%s)", g->start_fen);
            return NULL;
        }
        if (slot < 0) {
            snprintf(err, errn, "XQF cannot hold this position: more '%c' than a side starts with (%s)", *f,
                     g->start_fen);
            return NULL;
        }
        h[XQF_PIECES + slot] = (unsigned char)(file * 10 + rank);
        file++;
    }
    if (*f == ' ' && f[1] == 'b') h[XQF_WHO] = 1;

    /* the result: the game's, else one the record claims (agreement, time) */
    qp_outcome o;
    qp_game_final_outcome(g, &o);
    int res = o.result == QP_DRAW ? 3 : o.result == QP_WIN ? (o.winner == 0 ? 1 : 2) : 0;
    const char *claim = src && g->len == src->nmoves ? qp_record_claim(src) : NULL;
    if (!res && claim) res = !strcmp(claim, "1-0") ? 1 : !strcmp(claim, "0-1") ? 2 : !strcmp(claim, "1/2-1/2") ? 3 : 0;
    h[XQF_RESULT] = (unsigned char)res;
    const char *type = xqf_kept(src, "Type");
    for (int i = 1; type && i <= 3; i++)
        if (!strcmp(type, xqf_types[i])) h[XQF_TYPE] = (unsigned char)i;

    iconv_t cd = iconv_open("GB18030", "UTF-8");
    xqf_buf b = {0};
    xqf_owed owed = {0};
    char *out = NULL;
    void *s = NULL;
    for (int i = 0; i < XQF_NTEXTS; i++) {
        const struct xqf_text *t = &xqf_texts[i];
        const char *v = xqf_kept(src, t->tag);
        if (!v && !strcmp(t->tag, "Red")) v = xqf_kept(src, "White");
        if (!v && !strcmp(t->tag, "Date") && src && src->date[0]) v = src->date;
        if (!v || !strcmp(v, "?") || !strcmp(v, "????.??.??")) continue;
        /* cleaned as the reader cleans it, and no blank left at the cut:
         * what is read back writes the same bytes */
        char clean[sizeof src->keep_val[0]];
        snprintf(clean, sizeof clean, "%s", v);
        qp_tree_clean(clean);
        size_t n;
        char *gbk = xqf_gbk(cd, clean, (size_t)t->size - 1, &n);
        if (!gbk) goto oom;
        while (n && gbk[n - 1] == ' ') n--;   /* a space is never part of a GBK character */
        h[t->at] = (unsigned char)n;
        memcpy(h + t->at + 1, gbk, n);
        free(gbk);
    }
    xqf_put(&b, h, sizeof h);

    /* comments and variations belong to the record's moves while g still
     * has them */
    int shared = qp_record_shared(src, g);
    char *const *comments = src ? src->comments : NULL;
    if (xqf_put_node(&b, cd, 0, 0, g->len > 0, false, NULL, comments ? comments[0] : NULL)) goto oom;
    s = qp_state_new(r);
    if (!s) goto oom;
    memcpy(s, g->start, r->state_size);
    for (int i = 0; i < g->len; i++) {
        char mt[QP_MOVE_TEXT];
        int from, to;
        if (xqf_squares(r, s, g->rec[i], &from, &to, mt, sizeof mt)) {
            snprintf(err, errn, "move %d '%s': XQF writes only moves from one square to another", i + 1, mt);
            goto fail;
        }
        int alt = i < shared && src->alt ? xqf_first_alt(r, src, s, src->alt[i]) : -1;
        if (alt >= 0 && xqf_owe(&owed, r, alt, s)) goto oom;
        if (xqf_put_node(&b, cd, from, to, i + 1 < g->len, alt >= 0, NULL,
                         i < shared && comments ? comments[i + 1] : NULL))
            goto oom;
        rs->make(r, s, g->rec[i], NULL);
    }
    if (xqf_put_owed(&b, cd, r, src, &owed) || b.oom) goto oom;
    out = (char *)b.p;
    b.p = NULL;
    *len = b.n;
    goto fail;
oom:
    snprintf(err, errn, "out of memory");
fail:
    for (int i = 0; i < owed.n; i++) free(owed.e[i].s);
    free(owed.e);
    free(s);
    free(b.p);
    if (cd != (iconv_t)-1) iconv_close(cd);
    return out;
}

/* ---- scrambling ---------------------------------------------------- */

static uint32_t xqf_next(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

char *qp_xqf_encrypt(const char *plain_text, size_t len, int version, uint32_t seed, size_t *out_len,
                     char *err, size_t errn)
{
    const unsigned char *plain = (const unsigned char *)plain_text;
    if (len < QP_XQF_HEADER || plain[0] != 'X' || plain[1] != 'Q' ||
        plain[XQF_VERSION] > QP_XQF_VERSION_PLAIN) {
        snprintf(err, errn, "not a plain XQF file (version 0x%02x or less)", QP_XQF_VERSION_PLAIN);
        return NULL;
    }
    if (version <= QP_XQF_VERSION_PLAIN || version > QP_XQF_VERSION_MAX) {
        snprintf(err, errn, "version 0x%02x is not a scrambled XQF version (0x0b-0x%02x)",
                 (unsigned)version, QP_XQF_VERSION_MAX);
        return NULL;
    }
    unsigned char *out = malloc(len);   /* a scrambled file is never longer */
    if (!out) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    unsigned char *h = out;
    memcpy(h, plain, QP_XQF_HEADER);
    uint32_t x = seed ? seed : 0x9e3779b9u;
    h[XQF_VERSION] = (unsigned char)version;
    h[XQF_KEYMASK] = (unsigned char)(xqf_next(&x) | 0x81);
    for (int i = 0; i < 4; i++) h[XQF_KEYOR + i] = (unsigned char)(xqf_next(&x) & 0x55);
    h[XQF_KEYXY] = (unsigned char)xqf_next(&x);
    h[XQF_KEYXYF] = (unsigned char)xqf_next(&x);
    h[XQF_KEYXYT] = (unsigned char)xqf_next(&x);
    h[XQF_KEYSUM] = (unsigned char)(0x100 - ((h[XQF_KEYXY] + h[XQF_KEYXYF] + h[XQF_KEYXYT]) & 0xff));
    xqf_keys k;
    xqf_keys_init(&k, h);
    unsigned char t[32];
    for (int i = 0; i < 32; i++) t[i] = (unsigned char)(plain[XQF_PIECES + i] + k.xy);
    for (int i = 0; i < 32; i++) h[XQF_PIECES + i] = version >= 0x0C ? t[(k.xy + i + 1) & 31] : t[i];

    size_t p = QP_XQF_HEADER, o = QP_XQF_HEADER;
    while (p < len) {
        if (len - p < 8) goto cut;
        const unsigned char *rd = plain + p;
        uint32_t n = (uint32_t)rd[4] | (uint32_t)rd[5] << 8 | (uint32_t)rd[6] << 16 | (uint32_t)rd[7] << 24;
        if (n > len - p - 8) goto cut;
        out[o++] = (unsigned char)(rd[0] + k.xyf);
        out[o++] = (unsigned char)(rd[1] + k.xyt);
        out[o++] = (unsigned char)((rd[2] & 0xF0 ? 0x80 : 0) | (rd[2] & 0x0F ? 0x40 : 0) | (n ? 0x20 : 0));
        out[o++] = rd[3];
        if (n) {
            uint32_t v = n + (uint32_t)k.rmk;
            for (int i = 0; i < 4; i++) out[o++] = (unsigned char)(v >> (8 * i));
            memcpy(out + o, rd + 8, n);
            o += n;
        }
        p += 8 + n;
    }
    for (size_t i = QP_XQF_HEADER; i < o; i++) out[i] = (unsigned char)(out[i] + k.stream[i % 32]);
    *out_len = o;
    return (char *)out;
cut:
    snprintf(err, errn, "truncated: the record at byte %zu is cut", p);
    free(out);
    return NULL;
}
