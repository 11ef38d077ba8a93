/*
 * cbr.c — CCBridge's binary records, CBR and CBL (layout in cbr.h).
 */
#include "cbr.h"

#include <iconv.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tree_read.h"

#define CBR_MAX_PLY 9999   /* a main line longer than this is no game */

static const char cbr_magic[16] = "CCBridge Record";   /* and its NUL */
static const char cbl_magic[16] = "CCBridgeLibrary";

/* Header offsets */
enum {
    CBR_TITLE = 180, CBR_EVENT = 692, CBR_RED = 1076, CBR_BLACK = 1300, CBR_RESULT = 2076,
    CBR_WHO = 2116, CBR_BOARD = 2120, CBL_COUNT = 60,
};

static const struct cbr_text {
    int at, size;
    const char *tag;
} cbr_texts[] = {
    {CBR_TITLE, 128, "Title"}, {CBR_EVENT, 64, "Event"}, {CBR_RED, 64, "Red"}, {CBR_BLACK, 64, "Black"},
};

/* Where a library's games begin, by how many it holds: the index before
 * them grows in steps (beyond the last step, the last offset). */
static const struct {
    int games;
    size_t at;
} cbl_index[] = {{128, 101952}, {256, 137280}, {384, 151080}, {512, 207936}, {INT32_MAX, 349248}};

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* s (n bytes of UTF-16LE, up to a zero unit) as UTF-8; NULL when out of
 * memory. */
static char *cbr_utf8(iconv_t cd, const unsigned char *s, size_t n)
{
    size_t k = 0;
    while (k + 1 < n && (s[k] || s[k + 1])) k += 2;
    return qp_tree_text(cd, s, k);
}

/* "e4" for a square of the board (row from Black's side), "0x5a" off it. */
static const char *cbr_square(int sq, char *buf, size_t n)
{
    if (sq < 90) snprintf(buf, n, "%c%d", 'a' + sq % 9, 9 - sq / 9);
    else snprintf(buf, n, "0x%02x", (unsigned)sq);
    return buf;
}

typedef struct cbr_reader {
    const unsigned char *data;
    size_t len, pos;
    iconv_t cd;
    bool root;
} cbr_reader;

/* A 32-bit length at r->pos and the text after it, as a comment; what
 * names the length in messages. */
static int cbr_comment(cbr_reader *r, char **out, char *why, size_t whyn)
{
    size_t at = r->pos;
    if (r->len - r->pos < 4) {
        snprintf(why, whyn, "truncated: the file ends inside the comment length at byte %zu", at);
        return -1;
    }
    int32_t n = (int32_t)le32(r->data + r->pos);
    r->pos += 4;
    if (n < 0) {
        snprintf(why, whyn, "damaged: a comment length of %ld bytes at byte %zu", (long)n, at);
        return -1;
    }
    if ((size_t)n > r->len - r->pos) {
        snprintf(why, whyn, "truncated: a comment of %ld bytes at byte %zu, the file has %zu left", (long)n,
                 at + 4, r->len - r->pos);
        return -1;
    }
    *out = NULL;
    if (n) {
        char *t = cbr_utf8(r->cd, r->data + r->pos, (size_t)n);
        if (!t) {
            snprintf(why, whyn, "out of memory");
            return -1;
        }
        *out = qp_tree_comment(t);
    }
    r->pos += (size_t)n;
    return 0;
}

/* Whether a node follows at r->pos as a line's continuation: not when
 * four zero bytes stand there (a line's end marker, consumed), nor at the
 * end of the file (fewer than four bytes left: readers of the format end
 * the line there, and files so written exist). */
static bool cbr_more(cbr_reader *r)
{
    if (r->len - r->pos < 4) return false;
    if (le32(r->data + r->pos)) return true;
    r->pos += 4;
    return false;
}

/* The tree's nodes for qp_tree_read: the opening comment as the root,
 * then each move. */
static int cbr_node(void *ctx, qp_tree_node *nd, char *why, size_t whyn)
{
    cbr_reader *r = ctx;
    if (r->root) {
        r->root = false;
        if (r->len - r->pos < 4) {
            snprintf(why, whyn, "truncated: the file ends at byte %zu, before the moves", r->pos);
            return -1;
        }
        uint32_t has = le32(r->data + r->pos);
        r->pos += 4;
        if (has && cbr_comment(r, &nd->comment, why, whyn)) return -1;
        nd->next = cbr_more(r);
        return 0;
    }
    size_t at = r->pos;
    if (r->len - r->pos < 4) {
        snprintf(why, whyn, "truncated: the file ends inside the move at byte %zu", at);
        return -1;
    }
    const unsigned char *b = r->data + r->pos;
    r->pos += 4;
    int flags = b[0], from = b[2], to = b[3];
    qp_tree_set_move(nd, from, to, cbr_square);
    if ((flags & 4) && cbr_comment(r, &nd->comment, why, whyn)) return -1;
    nd->alt = flags & 2;
    /* the continuation follows unless flag 1 ends the line, or a zero
     * node stands in its place */
    nd->next = !(flags & 1) && cbr_more(r);
    return 0;
}

int qp_cbr_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn)
{
    qp_record_begin(rec, name, data, len, NULL, NULL, err, errn);
    if (len < sizeof cbr_magic || memcmp(data, cbr_magic, sizeof cbr_magic)) {
        snprintf(err, errn, "%s: header: not a CBR record (no \"CCBridge Record\" at the start)", name);
        return -1;
    }
    if (len < QP_CBR_HEADER) {
        snprintf(err, errn, "%s: header: truncated: %zu of its %d bytes", name, len, QP_CBR_HEADER);
        return -1;
    }
    /* The start position, row by row from Black's side. */
    static const char kinds[] = "RNBAKCP";
    char fen[128];
    size_t fl = 0;
    int color[90];
    for (int row = 0; row < 10; row++) {
        int empty = 0;
        for (int file = 0; file < 9; file++) {
            int sq = row * 9 + file, v = data[CBR_BOARD + sq];
            color[sq] = -1;
            if (!v) {
                empty++;
                continue;
            }
            int kind = (v & 0x0f) - 1, side = (v >> 4) - 1;
            if (kind < 0 || kind > 6 || side < 0 || side > 1) {
                char b[8];
                snprintf(err, errn, "%s: header: damaged: an unknown piece 0x%02x on %s", name, (unsigned)v,
                         cbr_square(sq, b, sizeof b));
                return -1;
            }
            if (empty) fen[fl++] = (char)('0' + empty);
            empty = 0;
            fen[fl++] = (char)(side ? kinds[kind] + ('a' - 'A') : kinds[kind]);
            color[sq] = side;
        }
        if (empty) fen[fl++] = (char)('0' + empty);
        if (row < 9) fen[fl++] = '/';
    }
    fen[fl] = 0;

    cbr_reader r = {data, len, QP_CBR_HEADER, iconv_open("UTF-8", "UTF-16LE"), true};
    int rc = -1;
    for (size_t i = 0; i < sizeof cbr_texts / sizeof cbr_texts[0]; i++) {
        char *v = cbr_utf8(r.cd, data + cbr_texts[i].at, (size_t)cbr_texts[i].size);
        if (!v) {
            snprintf(err, errn, "%s: out of memory", name);
            qp_record_free(rec);
            goto done;
        }
        qp_tree_clean(v);
        qp_record_keep_given(rec, cbr_texts[i].tag, v);
        free(v);
    }
    static const char *const results[] = {"*", "1-0", "0-1", "1/2-1/2", "1/2-1/2"};
    int res = data[CBR_RESULT];
    snprintf(rec->result, sizeof rec->result, "%s", res <= 4 ? results[res] : "*");
    snprintf(rec->game, sizeof rec->game, "Chinese Chess");
    snprintf(rec->hint, sizeof rec->hint, "iccs");

    if (qp_tree_read(rec, name, cbr_node, &r, CBR_MAX_PLY, NULL, err, errn)) goto done;
    /* Who moves first: the piece of the first move, else the header. */
    int side = (data[CBR_WHO] | data[CBR_WHO + 1] << 8) == 1 ? 0 : 1;
    if (rec->nmoves) {   /* main-line moves are on the board: "e3e4" */
        int from = (9 - (rec->moves[0][1] - '0')) * 9 + (rec->moves[0][0] - 'a');
        if (color[from] >= 0) side = color[from];
    }
    snprintf(rec->fen, sizeof rec->fen, "%s %c - - 0 1", fen, side ? 'b' : 'w');
    rc = 0;
done:
    if (r.cd != (iconv_t)-1) iconv_close(r.cd);
    return rc;
}

static qp_sniff cbr_sniff(const unsigned char *data, size_t len)
{
    return len >= sizeof cbr_magic && !memcmp(data, cbr_magic, sizeof cbr_magic) ? QP_SNIFF_YES : QP_SNIFF_NO;
}

const qp_record_format qp_cbr_format = {.name = "cbr", .title = "CBR (CCBridge's binary record)",
                                        .sniff = cbr_sniff, .parse = qp_cbr_parse};

/* ---- libraries ------------------------------------------------------ */

static qp_sniff cbl_sniff(const unsigned char *data, size_t len)
{
    return len >= sizeof cbl_magic && !memcmp(data, cbl_magic, sizeof cbl_magic) ? QP_SNIFF_YES : QP_SNIFF_NO;
}

/* The offset of the library's first game slot, len when it has none. */
static size_t cbl_first(const unsigned char *data, size_t len)
{
    if (len < QP_CBL_HEADER) return len;
    int32_t count = (int32_t)le32(data + CBL_COUNT);
    size_t at = QP_CBL_HEADER;
    for (size_t i = 0; i < sizeof cbl_index / sizeof cbl_index[0]; i++)
        if (count <= cbl_index[i].games) {
            at = cbl_index[i].at;
            break;
        }
    if (at >= len) at = QP_CBL_HEADER;   /* a shorter index than the steps say: search from the header */
    for (; at + sizeof cbr_magic <= len; at++)
        if (data[at] == 'C' && !memcmp(data + at, cbr_magic, sizeof cbr_magic)) return at;
    return len;
}

/* The first slot at or after at (a slot's offset) that holds a game,
 * len when none does: the others are a long game's overflow, or empty. */
static size_t cbl_next(const unsigned char *data, size_t len, size_t at)
{
    for (; at + sizeof cbr_magic <= len; at += QP_CBL_SLOT)
        if (!memcmp(data + at, cbr_magic, sizeof cbr_magic)) return at;
    return len;
}

/* The offset of game n (from 1), or len when there are fewer; *count
 * (may be NULL) how many games there are when n is 0. */
static size_t cbl_game(const unsigned char *data, size_t len, int n, int *count)
{
    int k = 0;
    for (size_t at = cbl_next(data, len, cbl_first(data, len)); at < len;
         at = cbl_next(data, len, at + QP_CBL_SLOT))
        if (++k == n) return at;
    if (count) *count = k;
    return len;
}

int qp_cbl_count(const unsigned char *data, size_t len)
{
    int k = 0;
    cbl_game(data, len, 0, &k);
    return k;
}

/* Game n, found at offset at, read into rec (messages name the game). */
static int cbl_read_at(qp_record *rec, const char *name, const unsigned char *data, size_t len, size_t at, int n,
                       char *err, size_t errn)
{
    char gname[QP_ERR];
    snprintf(gname, sizeof gname, "%s: game %d", name, n);
    if (qp_cbr_parse(rec, gname, data + at, len - at, err, errn)) return -1;
    rec->game_no = n;
    return 0;
}

static int cbl_parse_game(qp_record *rec, const char *name, const unsigned char *data, size_t len, int n,
                          char *err, size_t errn)
{
    memset(rec, 0, sizeof *rec);
    if (len < QP_CBL_HEADER) {
        snprintf(err, errn, "%s: header: truncated: %zu of its %d bytes", name, len, QP_CBL_HEADER);
        return -1;
    }
    size_t at = cbl_game(data, len, n, NULL);
    if (at >= len) {
        snprintf(err, errn, "%s: no game %d (the file holds %d)", name, n, qp_cbl_count(data, len));
        return -1;
    }
    return cbl_read_at(rec, name, data, len, at, n, err, errn);
}

static int cbl_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                     size_t errn)
{
    return cbl_parse_game(rec, name, data, len, 1, err, errn);
}

/* Every game in one walk over the slots (not a search from the start
 * for each, which a library of thousands would pay for squared). */
static int cbl_each(const char *name, const unsigned char *data, size_t len, int (*each)(qp_record *rec, void *ctx),
                    void *ctx, char *err, size_t errn)
{
    int n = 0;
    for (size_t at = cbl_next(data, len, cbl_first(data, len)); at < len;
         at = cbl_next(data, len, at + QP_CBL_SLOT)) {
        qp_record rec;
        memset(&rec, 0, sizeof rec);
        if (cbl_read_at(&rec, name, data, len, at, ++n, err, errn)) return -1;
        snprintf(rec.format, sizeof rec.format, "cbl");
        if (each(&rec, ctx)) return -1;
    }
    return n;
}

const qp_record_format qp_cbl_format = {.name = "cbl", .title = "CBL (CCBridge's library of records)",
                                        .sniff = cbl_sniff, .parse = cbl_parse,
                                        .parse_game = cbl_parse_game, .each = cbl_each};
