/*
 * test_cbr.c — CBR and CBL, CCBridge's binary records
 * (framework/records/cbr.h): a record built here byte by byte from the
 * layout, holding a published game's opening (Liu Dahua - Huang Yong,
 * 1991) with comments and a variation, reads to its moves, tags,
 * comments and variation, loads and converts; a library of two such
 * games lists both and picks either; each damaged or truncated file
 * gives its exact error, and no cut of a file crashes.
 */
#include "testutil.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uchar.h>

#include "cbr.h"
#include "record.h"
#include "record_file.h"

typedef struct bytes {
    unsigned char *b;
    size_t n;
} bytes;

static void put(bytes *o, const void *p, size_t n)
{
    o->b = realloc(o->b, o->n + n);
    assert_non_null(o->b);
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

static void put32(bytes *o, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    put(o, b, 4);
}

/* s as UTF-16LE bytes at p (no terminator); its length in bytes. */
static size_t utf16(unsigned char *p, const char16_t *s)
{
    size_t n = 0;
    for (; *s; s++, n += 2) {
        p[n] = (unsigned char)(*s & 0xff);
        p[n + 1] = (unsigned char)(*s >> 8);
    }
    return n;
}

/* A comment as the format stores it: its byte length, then UTF-16LE. */
static void put_comment(bytes *o, const char16_t *s)
{
    unsigned char t[256];
    size_t n = utf16(t, s);
    put32(o, (uint32_t)n);
    put(o, t, n);
}

/* The CBR square of an ICCS square ("h2": file h, rank 2 from Red's side). */
static int sq(const char *iccs)
{
    return (9 - (iccs[1] - '0')) * 9 + (iccs[0] - 'a');
}

static void put_move(bytes *o, int flags, const char *iccs)
{
    unsigned char b[4] = {(unsigned char)flags, 0, (unsigned char)sq(iccs), (unsigned char)sq(iccs + 2)};
    put(o, b, 4);
}

/* The header of a game from the start position, Red to move. */
static void put_header(bytes *o, const char16_t *title, int result)
{
    unsigned char h[QP_CBR_HEADER] = {0};
    memcpy(h, "CCBridge Record", 16);
    utf16(h + 180, title);
    utf16(h + 692, u"全国象棋个人赛");
    utf16(h + 1076, u"柳大华");
    utf16(h + 1300, u"黄勇");
    h[2076] = (unsigned char)result;
    h[2116] = 1;
    static const unsigned char back[] = {1, 2, 3, 4, 5, 4, 3, 2, 1};
    for (int f = 0; f < 9; f++) {
        h[2120 + f] = (unsigned char)(0x20 + back[f]);
        h[2120 + 81 + f] = (unsigned char)(0x10 + back[f]);
        if (f % 2 == 0) {
            h[2120 + 27 + f] = 0x27;
            h[2120 + 54 + f] = 0x17;
        }
    }
    h[2120 + 18 + 1] = h[2120 + 18 + 7] = 0x26;
    h[2120 + 63 + 1] = h[2120 + 63 + 7] = 0x16;
    put(o, h, sizeof h);
}

/* Liu Dahua - Huang Yong 1991, its first six plies, a comment before the
 * first move and on the first, and 马２进３ as an alternative to 马８进７. */
static bytes game(const char16_t *title, int result)
{
    bytes o = {0};
    put_header(&o, title, result);
    put32(&o, 1);
    put_comment(&o, u"中炮对屏风马");
    put_move(&o, 4, "h2e2");
    put_comment(&o, u"当头炮");
    put_move(&o, 2, "h9g7");
    put_move(&o, 0, "h0g2");
    put_move(&o, 0, "i9h9");
    put_move(&o, 0, "c3c4");
    put_move(&o, 1, "g6g5");
    put_move(&o, 1 | 4, "b9c7");   /* the alternative to h9g7 */
    put_comment(&o, u"另一变");
    put32(&o, 0);
    return o;
}

static const char *tmp_bytes(const bytes *b, const char *suffix)
{
    static char path[4][256];
    static int k;
    char *p = path[k++ % 4];
    const char *t = tu_tmpfile("", suffix);
    snprintf(p, 256, "%s", t);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b->b, 1, b->n, f), b->n);
    fclose(f);
    return p;
}

static void test_read_game(void **st)
{
    (void)st;
    bytes b = game(u"中炮对屏风马", 1);
    qp_record rec;
    char err[QP_ERR];
    if (qp_cbr_parse(&rec, "t.cbr", b.b, b.n, err, sizeof err)) fail_msg("%s", err);
    static const char *const want[] = {"h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5"};
    assert_int_equal(rec.nmoves, 6);
    for (int i = 0; i < 6; i++) assert_string_equal(rec.moves[i], want[i]);
    assert_string_equal(rec.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    assert_string_equal(rec.hint, "iccs");
    assert_string_equal(rec.result, "1-0");
    assert_string_equal(rec.comments[0], "中炮对屏风马");
    assert_string_equal(rec.comments[1], "当头炮");
    assert_null(rec.comments[2]);
    static const char *const tags[][2] = {
        {"Title", "中炮对屏风马"}, {"Event", "全国象棋个人赛"}, {"Red", "柳大华"}, {"Black", "黄勇"}};
    assert_int_equal(rec.nkeep, 4);
    for (int i = 0; i < 4; i++) {
        assert_string_equal(rec.keep_key[i], tags[i][0]);
        assert_string_equal(rec.keep_val[i], tags[i][1]);
    }
    assert_non_null(rec.alt);
    assert_int_equal(rec.alt[0], -1);
    int v = rec.alt[1];
    assert_true(v >= 0);
    assert_string_equal(rec.vars.node[v].text, "b9c7");
    assert_string_equal(rec.vars.node[v].comment, "另一变");
    assert_int_equal(rec.vars.node[v].next, -1);
    assert_int_equal(rec.vars.node[v].alt, -1);
    for (int i = 2; i < 6; i++) assert_int_equal(rec.alt[i], -1);
    qp_record_free(&rec);

    /* As a file: found by its bytes, loaded, and converted with its
     * comments and variation. */
    const char *path = tmp_bytes(&b, ".cbr");
    qp_rules *r;
    qp_game g;
    if (qp_record_load_keep(&tu_reg, path, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(g.len, 6);
    assert_string_equal(rec.format, "cbr");
    assert_string_equal(rec.warning, "");
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert %s - --notation chinese", path);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n{中炮对屏风马}\n1. 炮二平五 {当头炮} 马８进７ (1... 马２进３ {另一变})\n"
                                "2. 马二进三 车９平８\n3. 兵七进一 卒７进１\n1-0\n"));
    free(out);
    free(errout);
    free(b.b);
}

/* A game whose line ends with a zero node instead of flag 1, and a game
 * from a position with Black to move. */
static void test_line_end_and_side(void **st)
{
    (void)st;
    bytes o = {0};
    put_header(&o, u"", 0);
    o.b[2116] = 2;
    put32(&o, 0);
    put_move(&o, 0, "h7e7");   /* 炮８平５ */
    put32(&o, 0);
    qp_record rec;
    char err[QP_ERR];
    if (qp_cbr_parse(&rec, "t", o.b, o.n, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nmoves, 1);
    assert_string_equal(rec.moves[0], "h7e7");
    assert_string_equal(rec.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    assert_null(rec.comments);
    assert_int_equal(rec.nkeep, 3);   /* no empty title */
    assert_string_equal(rec.result, "*");
    qp_record_free(&rec);
    free(o.b);
}

/* A library: its header, an index, two games each in a 4096-byte slot. */
static bytes library(size_t index_end)
{
    bytes o = {0};
    unsigned char h[QP_CBL_HEADER] = {0};
    memcpy(h, "CCBridgeLibrary", 16);
    h[60] = 2;
    utf16(h + 64, u"测试库");
    put(&o, h, sizeof h);
    unsigned char *zero = calloc(1, index_end);
    assert_non_null(zero);
    put(&o, zero, index_end - QP_CBL_HEADER);
    for (int i = 0; i < 2; i++) {
        bytes g = game(i ? u"第二局" : u"第一局", i ? 2 : 3);
        assert_true(g.n <= QP_CBL_SLOT);
        put(&o, g.b, g.n);
        put(&o, zero, QP_CBL_SLOT - g.n);
        free(g.b);
    }
    free(zero);
    return o;
}

static int list_one(qp_record *rec, void *ctx)
{
    char *line = ctx;
    size_t n = strlen(line);
    snprintf(line + n, 256 - n, "%d:%s:%s:%d;", rec->game_no, rec->keep_val[0], rec->result, rec->nmoves);
    qp_record_free(rec);
    return 0;
}

static void test_library(void **st)
{
    (void)st;
    /* at the offset the format puts two games, and at a shorter index */
    size_t at[] = {101952, 4096};
    for (int k = 0; k < 2; k++) {
        bytes b = library(at[k]);
        assert_int_equal(qp_cbl_count(b.b, b.n), 2);
        const char *path = tmp_bytes(&b, ".cbl");
        char line[256] = "", err[QP_ERR];
        assert_int_equal(qp_record_each_game(path, list_one, line, err, sizeof err), 2);
        assert_string_equal(line, "1:第一局:1/2-1/2:6;2:第二局:0-1:6;");
        qp_record rec;
        if (qp_record_read_game(&rec, path, 2, err, sizeof err)) fail_msg("%s", err);
        assert_string_equal(rec.keep_val[0], "第二局");
        assert_string_equal(rec.format, "cbl");
        qp_record_free(&rec);
        assert_int_equal(qp_record_read_game(&rec, path, 3, err, sizeof err), -1);
        char want[512];
        snprintf(want, sizeof want, "%s: no game 3 (the file holds 2)", path);
        assert_string_equal(err, want);
        free(b.b);
    }
}

static void test_errors(void **st)
{
    (void)st;
    qp_record rec;
    char err[QP_ERR];
    bytes b = game(u"x", 0);

    assert_int_equal(qp_cbr_parse(&rec, "t", (const unsigned char *)"CCBridge Recorx", 16, err, sizeof err), -1);
    assert_string_equal(err, "t: header: not a CBR record (no \"CCBridge Record\" at the start)");
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, 2000, err, sizeof err), -1);
    assert_string_equal(err, "t: header: truncated: 2000 of its 2214 bytes");
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, QP_CBR_HEADER + 8, err, sizeof err), -1);
    assert_string_equal(err, "t: the start record: truncated: a comment of 12 bytes at byte 2222, the file has 0 left");
    size_t first = QP_CBR_HEADER + 8 + 12;   /* the first move */
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, first + 6, err, sizeof err), -1);
    assert_string_equal(err, "t: move 1: truncated: the file ends inside the comment length at byte 2238");
    /* the alternative to 马８进７ announced, the file ended before it */
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, b.n - 4 - 4 - 4 - 6, err, sizeof err), -1);
    assert_string_equal(err, "t: a variation at move 2: truncated: the file ends inside the move at byte 2268");

    b.b[2120 + 40] = 0x18;
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, b.n, err, sizeof err), -1);
    assert_string_equal(err, "t: header: damaged: an unknown piece 0x18 on e5");
    b.b[2120 + 40] = 0;

    b.b[first + 3] = 95;   /* h2 to off the board */
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, b.n, err, sizeof err), -1);
    assert_string_equal(err, "t: move 1: to square 0x5f is off the board");
    b.b[first + 3] = b.b[first + 2];
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, b.n, err, sizeof err), -1);
    assert_string_equal(err, "t: move 1: from and to are the same square h2");
    b.b[first + 3] = (unsigned char)sq("e2");

    b.b[first + 4] = 0xff;   /* its comment's length, negative */
    b.b[first + 5] = b.b[first + 6] = b.b[first + 7] = 0xff;
    assert_int_equal(qp_cbr_parse(&rec, "t", b.b, b.n, err, sizeof err), -1);
    assert_string_equal(err, "t: move 1: damaged: a comment length of -1 bytes at byte 2238");
    free(b.b);

    /* A move that does not replay is refused when loading. */
    b = game(u"x", 0);
    b.b[first + 2] = (unsigned char)sq("h3");
    const char *path = tmp_bytes(&b, ".cbr");
    qp_rules *r;
    qp_game g;
    assert_int_equal(qp_record_load(&tu_reg, path, &r, &g, err, sizeof err), -1);
    assert_non_null(strstr(err, "move 1 'h3e2'"));
    free(b.b);
}

/* Every cut of a game either gives an error naming the file or reads to
 * a beginning of its main line (the format counts nothing, so a cut
 * between moves reads as a shorter game); every cut of a library counts
 * at most its games. */
static void test_every_cut(void **st)
{
    (void)st;
    bytes b = game(u"x", 0);
    static const char *const line[] = {"h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5"};
    for (size_t cut = 0; cut <= b.n; cut++) {
        qp_record rec;
        char err[QP_ERR];
        if (qp_cbr_parse(&rec, "t", b.b, cut, err, sizeof err) == 0) {
            assert_true(rec.nmoves <= 6);
            for (int i = 0; i < rec.nmoves; i++) assert_string_equal(rec.moves[i], line[i]);
            if (cut >= b.n - 4) assert_int_equal(rec.nmoves, 6);
            qp_record_free(&rec);
        } else {
            assert_non_null(strstr(err, "t: "));
        }
    }
    free(b.b);
    bytes l = library(4096);
    for (size_t cut = 0; cut <= l.n; cut += 61) {
        int n = qp_cbl_count(l.b, cut);
        assert_true(n >= 0 && n <= 2);
    }
    free(l.b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_game),
        cmocka_unit_test(test_line_end_and_side),
        cmocka_unit_test(test_library),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_every_cut),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
