/*
 * test_records_text.c — the text records players publish: encodings
 * (UTF-8 with and without a byte order mark, GBK, Big5, declared
 * charsets), DhtmlXQ (web pages and .txt files) and EPD (position sets,
 * `analyze --epd`).  Master games of tests/data/masters are encoded here
 * with iconv and must read to the same moves and final position as their
 * coordinate records; malformed and cut files give their errors.
 */
#include "testutil.h"

#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dhtmlxq.h"
#include "encoding.h"
#include "epd.h"
#include "fileio.h"
#include "record.h"
#include "record_file.h"
#include "record_file.h"

/* text (UTF-8) in encoding enc, by iconv; malloc'd, *n its length. */
static char *iconv_to(const char *enc, const char *text, size_t *n)
{
    iconv_t cd = iconv_open(enc, "UTF-8");
    assert_true(cd != (iconv_t)-1);
    size_t len = strlen(text), cap = len * 2 + 16, left = len, room = cap;
    char *out = malloc(cap), *o = out, *in = (char *)text;
    assert_true(iconv(cd, &in, &left, &o, &room) != (size_t)-1);
    iconv_close(cd);
    *n = (size_t)(o - out);
    return out;
}

/* A fresh temporary file holding data[0..n). */
static const char *tmp_bytes(const char *data, size_t n, const char *suffix)
{
    const char *p = tu_tmpfile("", suffix);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
    return p;
}

static char *slurp(const char *path, size_t *n)
{
    char *text = NULL, err[QP_ERR];
    int rc = qp_file_read(path, QP_RECORD_MAX, &text, n, err, sizeof err);
    if (rc) fail_msg("%s", err);
    return text;
}

/* Loads a record, failing the test on error. */
static void load(const char *path, qp_rules **r, qp_game *g)
{
    char err[QP_ERR];
    if (qp_record_load(&tu_reg, path, r, g, err, sizeof err)) fail_msg("%s", err);
}

/* g and h played the same moves to the same position. */
static void assert_same_game(const qp_game *g, const qp_game *h)
{
    assert_int_equal(g->len, h->len);
    for (int i = 0; i < g->len; i++) assert_int_equal(g->rec[i], h->rec[i]);
    char a[512], b[512];
    g->r->rs->fen_print(g->r, g->cur, a, sizeof a);
    h->r->rs->fen_print(h->r, h->cur, b, sizeof b);
    assert_string_equal(a, b);
}

/* ---- encodings ---------------------------------------------------------- */

static void expect_decode(const char *data, size_t n, const char *enc, const char *text, int bad)
{
    char *out, err[QP_ERR];
    size_t len;
    const char *e;
    int nbad;
    if (qp_text_decode((const unsigned char *)data, n, &out, &len, &e, &nbad, err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(e, enc);
    assert_string_equal(out, text);
    assert_int_equal(len, strlen(text));
    assert_int_equal(nbad, bad);
    free(out);
}

static void test_decode(void **st)
{
    (void)st;
    const char *text = "1. 炮二平五 马８进７ {中炮}";
    expect_decode(text, strlen(text), "UTF-8", text, 0);
    char bom[128];
    snprintf(bom, sizeof bom, "\xEF\xBB\xBF%s", text);
    expect_decode(bom, strlen(bom), "UTF-8", text, 0);
    size_t n;
    char *gbk = iconv_to("GBK", text, &n);
    expect_decode(gbk, n, "GB18030", text, 0);
    free(gbk);
    const char *trad = "1. 炮二平五 馬８進７ {中炮開局}";
    char *big5 = iconv_to("BIG5", trad, &n);
    assert_non_null(memchr(big5, '}', n - 1));   /* 開's second byte */
    expect_decode(big5, n, "BIG5-HKSCS", trad, 0);
    free(big5);
    char *u16 = iconv_to("UTF-16", text, &n);   /* glibc writes a byte order mark */
    expect_decode(u16, n, "UTF-16LE", text, 0);
    free(u16);
    /* a declared charset decides between two encodings that both read */
    const char *page = "<meta charset=\"big5\">中炮";
    char *gb = iconv_to("GBK", page, &n);
    char *out, err[QP_ERR];
    size_t len;
    const char *e;
    assert_int_equal(qp_text_decode((unsigned char *)gb, n, &out, &len, &e, NULL, err, sizeof err), 0);
    assert_string_equal(e, "BIG5-HKSCS");
    free(out);
    free(gb);
    /* a byte no encoding reads becomes U+FFFD and is counted */
    const char broken[] = "\xD6\xD0\xC5\xDA \xFF";   /* 中炮 in GBK, then 0xFF */
    expect_decode(broken, sizeof broken - 1, "GB18030", "中炮 \xEF\xBF\xBD", 1);
}

static void test_encode(void **st)
{
    (void)st;
    char *out, err[QP_ERR];
    size_t n, want_n;
    const char *text = "[Event \"象棋\"]\n1. 炮二平五\n";
    assert_int_equal(qp_text_encode(text, strlen(text), "GBK", &out, &n, err, sizeof err), 0);
    char *want = iconv_to("GBK", text, &want_n);
    assert_int_equal(n, want_n);
    assert_memory_equal(out, want, n);
    free(out);
    free(want);
    const char *chess = "[Event \"x\"]\n{♔}\n";
    assert_int_equal(qp_text_encode(chess, strlen(chess), "GBK", &out, &n, err, sizeof err), -1);
    assert_string_equal(err, "line 2: '♔' (U+2654) has no GBK code");
    assert_string_equal(qp_encoding_name("GBK"), "GBK");
    assert_string_equal(qp_encoding_name("big5"), "BIG5-HKSCS");
    assert_null(qp_encoding_name("latin-9"));
}

/* A master game's Chinese record in GBK and its traditional record in
 * Big5 (with a comment whose Big5 bytes hold a '}') read to the moves
 * and final position of its coordinate record. */
static void test_gbk_and_big5_records(void **st)
{
    (void)st;
    qp_rules *r0, *r1;
    qp_game g0, g1;
    load(QP_TESTDATA_DIR "/masters/game01-coord.pgn", &r0, &g0);
    static const struct {
        const char *file, *enc;
    } cases[] = {
        {"/masters/game01-chinese.pgn", "GBK"},
        {"/masters/game01-traditional.pgn", "BIG5-HKSCS"},   /* 俥 is an HKSCS character */
        {"/masters/game01-chinese.pgn", "GB18030"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", QP_TESTDATA_DIR, cases[i].file);
        size_t n;
        char *utf8 = slurp(path, &n);
        char *with = malloc(n + 64);
        /* a comment before the first move, its '}' inside Big5's 開 */
        int head = (int)strcspn(utf8, "\n");
        while (utf8[head] && strncmp(utf8 + head, "\n\n", 2)) head += 1 + (int)strcspn(utf8 + head + 1, "\n");
        assert_true(utf8[head]);
        snprintf(with, n + 64, "%.*s\n\n{中炮開局}\n%s", head, utf8, utf8 + head + 2);
        char *bytes = iconv_to(cases[i].enc, with, &n);
        const char *p = tmp_bytes(bytes, n, ".pgn");
        qp_record rec;
        char err[QP_ERR];
        if (qp_record_load_keep(&tu_reg, p, &r1, &g1, &rec, err, sizeof err)) fail_msg("%s: %s", cases[i].enc, err);
        assert_same_game(&g0, &g1);
        assert_string_equal(rec.comments[0], "中炮開局");
        assert_string_equal(rec.keep_key[4], "Red");
        assert_string_equal(rec.keep_val[4], "LIU DianZhong");
        qp_record_free(&rec);
        qp_game_free(&g1);
        qp_rules_free(r1);
        unlink(p);
        free(bytes);
        free(with);
        free(utf8);
    }
    qp_game_free(&g0);
    qp_rules_free(r0);
}

/* convert writes UTF-8 by default and GBK when asked, byte for byte
 * what iconv makes of the UTF-8 text. */
static void test_convert_encoding(void **st)
{
    (void)st;
    const char *in = QP_TESTDATA_DIR "/masters/game04-chinese.pgn";
    char cmd[512], *utf8, *gbk, *err;
    snprintf(cmd, sizeof cmd, "convert %s - --notation chinese", in);
    assert_int_equal(tu_run(cmd, "", &utf8, &err), 0);
    free(err);
    const char *out = tu_tmpfile("", ".pgn");
    snprintf(cmd, sizeof cmd, "convert %s %s --notation chinese --encoding gbk", in, out);
    assert_int_equal(tu_run(cmd, "", &gbk, &err), 0);
    free(gbk);
    free(err);
    size_t n, want_n;
    gbk = slurp(out, &n);
    char *want = iconv_to("GBK", utf8, &want_n);
    assert_int_equal(n, want_n);
    assert_memory_equal(gbk, want, n);
    /* and it reads back */
    qp_rules *r1, *r2;
    qp_game g1, g2;
    load(in, &r1, &g1);
    load(out, &r2, &g2);
    assert_same_game(&g1, &g2);
    qp_game_free(&g1);
    qp_game_free(&g2);
    qp_rules_free(r1);
    qp_rules_free(r2);
    free(want);
    free(gbk);
    free(utf8);
    snprintf(cmd, sizeof cmd, "convert %s - --encoding ebcdic", in);
    assert_int_equal(tu_run(cmd, "", &utf8, &err), 2);
    assert_string_equal(err, "qipan convert: unknown encoding 'ebcdic' (utf-8, gbk, gb18030, big5)\n");
    free(utf8);
    free(err);
    unlink(out);
}

/* ---- DhtmlXQ ------------------------------------------------------------ */

/* A GBK web page (charset declared) with a master game, its comments,
 * two variations (each replaces a move: [DhtmlXQ_move_0_2_1] the
 * second) and HTML entities. */
static void test_dhtmlxq_page(void **st)
{
    (void)st;
    qp_rules *r0, *r1;
    qp_game g0, g1;
    qp_record rec;
    char err[QP_ERR];
    load(QP_TESTDATA_DIR "/masters/game04-coord.pgn", &r0, &g0);
    const char *page = QP_TESTDATA_DIR "/records/game04-dhtmlxq.html";
    if (qp_record_load_keep(&tu_reg, page, &r1, &g1, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_same_game(&g0, &g1);
    assert_string_equal(rec.game, "Chinese Chess");
    assert_string_equal(g1.r->rs->name, "xiangqi");
    assert_int_equal(rec.nvariations, 0);
    assert_int_equal(rec.vars.n, 3);
    assert_int_equal(rec.alt[1], 0);
    assert_int_equal(rec.alt[3], 2);
    assert_string_equal(rec.warning, "");
    assert_string_equal(rec.comments[0], "全国象棋个人赛 \n第一局");
    assert_string_equal(rec.comments[1], "中炮");
    assert_string_equal(rec.comments[2], "变着");   /* [DhtmlXQ_comment0_2]: the main line's */
    assert_string_equal(rec.comments[4], "屏风马开局");
    assert_null(rec.comments[3]);
    assert_string_equal(rec.result, "");   /* 未知: unknown */
    static const char *const tags[][2] = {
        {"Title", "LIU DaHua & LIU YiCi"}, {"Event", "Chinese National Champion 1956"},
        {"Date", "1956"}, {"Red", "LIU DaHua"}, {"Black", "LIU YiCi"},
    };
    assert_int_equal(rec.nkeep, 5);
    for (int i = 0; i < 5; i++) {
        assert_string_equal(rec.keep_key[i], tags[i][0]);
        assert_string_equal(rec.keep_val[i], tags[i][1]);
    }
    qp_record_free(&rec);
    qp_game_free(&g1);
    qp_rules_free(r1);
    qp_game_free(&g0);
    qp_rules_free(r0);

    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert %s - --notation chinese", page);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "[Red \"LIU DaHua\"]\n"));
    assert_non_null(strstr(out, "\n{全国象棋个人赛 \n第一局}\n1. 炮二平五 {中炮} 马８进７ {变着} (1... 马２进３ 2. 马八进七)\n"
                                "2. 马二进三 马２进３ {屏风马开局} (2... 车９进１)\n"));
    assert_string_equal(errout, "");
    free(out);
    free(errout);
}

/* A start position from binit (pieces off the board, Black to move)
 * and a result that the final position confirms. */
static void test_dhtmlxq_binit(void **st)
{
    (void)st;
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_keep(&tu_reg, QP_TESTDATA_DIR "/records/rooks-binit.txt", &r, &g, &rec, err, sizeof err))
        fail_msg("%s", err);
    assert_string_equal(rec.fen, "4k4/R8/9/9/9/9/8p/9/9/1R1K5 b - - 0 1");
    assert_int_equal(rec.nmoves, 2);
    assert_string_equal(rec.moves[0], "i3h3");
    assert_string_equal(rec.moves[1], "b0b9");
    assert_string_equal(rec.result, "1-0");
    assert_string_equal(rec.comments[2], "Mate: the rook on a8 holds the second rank.");
    qp_outcome o;
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, 0);
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
}

static void expect_load_error(const char *text, const char *suffix, const char *want)
{
    const char *p = tu_tmpfile(text, suffix);
    qp_rules *r;
    qp_game g;
    char err[QP_ERR], full[QP_ERR];
    assert_int_equal(qp_record_load(&tu_reg, p, &r, &g, err, sizeof err), -1);
    snprintf(full, sizeof full, "%s%s", p, want);
    assert_string_equal(err, full);
    unlink(p);
}

static void test_dhtmlxq_errors(void **st)
{
    (void)st;
    expect_load_error("[DhtmlXQ]\n[DhtmlXQ_movelist]7747706[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n", ".txt",
                      ":2:23: truncated: move 2 of [DhtmlXQ_movelist] has 3 of its 4 digits");
    expect_load_error("[DhtmlXQ]\n[DhtmlXQ_movelist]77477062\n", ".txt",
                      ":2:1: truncated: [DhtmlXQ_movelist] is not closed");
    expect_load_error("[DhtmlXQ][DhtmlXQ_movelist]7747 70x2[/DhtmlXQ_movelist][/DhtmlXQ]", ".txt",
                      ":1:35: unreadable: 'x' in [DhtmlXQ_movelist] (four digits a move)");
    expect_load_error("[DhtmlXQ][DhtmlXQ_movelist]77479062[/DhtmlXQ_movelist][/DhtmlXQ]", ".txt",
                      ":1:32: move 2 '9062': unreadable: files are 0-8");
    expect_load_error("[DhtmlXQ][DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist][/DhtmlXQ]", ".txt",
                      ":1:32: move 2 'h2e2': illegal: no piece on h3");
    expect_load_error("[DhtmlXQ][DhtmlXQ_binit]1234[/DhtmlXQ_binit][/DhtmlXQ]", ".txt",
                      ":1:25: bad start position '1234': 64 digits, two a piece");
    expect_load_error("[DhtmlXQ][DhtmlXQ_binit]"
                      "0000999999999999999999999999999999999999999999999999999999999999"
                      "[/DhtmlXQ_binit][/DhtmlXQ]", ".txt",
                      ":1:25: bad start position: two pieces at '00'");
    expect_load_error("<html>[DhtmlXQ][DhtmlXQ_title]x[/DhtmlXQ_title][/DhtmlXQ]</html>", ".html",
                      ": a DhtmlXQ record without [DhtmlXQ_movelist] or [DhtmlXQ_binit]");
}

/* A tag value with line breaks ("||") is one line in PGN, so the
 * record written reads back (found by fuzz_dhtmlxq). */
static void test_dhtmlxq_multiline_tag(void **st)
{
    (void)st;
    const char *in = tu_tmpfile("[DhtmlXQ][DhtmlXQ_title]a||b\r\nc[/DhtmlXQ_title]"
                                "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]", ".txt");
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "convert %s -", in);
    assert_int_equal(tu_run(cmd, "", &out, &err), 0);
    assert_non_null(strstr(out, "\n[Title \"a b  c\"]\n"));
    const char *again = tu_tmpfile(out, ".pgn");
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "convert %s -", again);
    assert_int_equal(tu_run(cmd, "", &out, &err), 0);
    assert_non_null(strstr(out, "\n1. h3e3\n"));
    free(out);
    free(err);
    unlink(in);
    unlink(again);
}

/* Every cut of a page either reads or gives an error, never a crash. */
static void test_dhtmlxq_every_cut(void **st)
{
    (void)st;
    size_t n;
    char *page = slurp(QP_TESTDATA_DIR "/records/game04-dhtmlxq.html", &n);
    int ok = 0;
    for (size_t cut = 0; cut <= n; cut += 3) {
        qp_record rec;
        char err[QP_ERR] = "";
        if (qp_dhtmlxq_parse(&rec, "t", (const unsigned char *)page, cut, err, sizeof err) == 0) {
            ok++;
            qp_record_free(&rec);
        } else {
            assert_true(err[0] == 't');
        }
    }
    assert_true(ok > 0);
    free(page);
}

/* ---- EPD ---------------------------------------------------------------- */

static void test_epd_lines(void **st)
{
    (void)st;
    qp_epd_pos p;
    char why[QP_ERR];
    const char *a = "4k4/R8/9/9/9/9/9/9/9/1R1K5 r - - bm b0b9; am a8a9; id \"mate; in one\"; c0 \"two rooks\";";
    assert_int_equal(qp_epd_line(a, strlen(a), &p, why, sizeof why), 1);
    assert_string_equal(p.fen, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    assert_string_equal(p.bm, "b0b9");
    assert_string_equal(p.am, "a8a9");
    assert_string_equal(p.id, "mate; in one");
    assert_string_equal(p.comment, "two rooks");
    assert_string_equal(qp_epd_ruleset(&p), "xiangqi");
    /* XQ Wizard's endgame sets: move counters, then " ; TITLE" */
    const char *b = "4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 3 12 ; 01.双车(一)\r";
    assert_int_equal(qp_epd_line(b, strlen(b), &p, why, sizeof why), 1);
    assert_string_equal(p.fen, "4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 3 12");
    assert_string_equal(p.id, "01.双车(一)");
    assert_string_equal(p.bm, "");
    assert_int_equal(qp_epd_line("  # note", 8, &p, why, sizeof why), 0);
    assert_int_equal(qp_epd_line("", 0, &p, why, sizeof why), 0);
    const char *c = "4k4/R8/9 x bm a1a2";
    assert_int_equal(qp_epd_line(c, strlen(c), &p, why, sizeof why), -1);
    assert_string_equal(why, "no side to move (w, r or b) after the board: '4k4/R8/9 x bm a1a2'");
    assert_int_equal(qp_epd_line("[Event \"x\"]", 11, &p, why, sizeof why), -1);
    assert_string_equal(why, "not a position (a FEN board first): '[Event \"x\"]'");
}

/* As a record, an EPD file opens its first position. */
static void test_epd_record(void **st)
{
    (void)st;
    const char *p = tu_tmpfile("# two positions\n\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - bm b0b9; id \"mate in one\";\n"
                               "4k4/9/9/9/9/9/9/9/9/1R1K5 w - - id \"second\";\n", ".epd");
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_keep(&tu_reg, p, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.ruleset, "xiangqi");
    assert_string_equal(g.start_fen, "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    assert_int_equal(g.len, 0);
    assert_string_equal(rec.keep_key[0], "Event");
    assert_string_equal(rec.keep_val[0], "mate in one");
    assert_string_equal(rec.comments[0], "bm b0b9");
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
    unlink(p);
    expect_load_error("\n# bad\n4k4/R8/9/9/9/9/9/9/9/1R1K5 q - - id \"a\";\n", ".epd",
                      ":3: no side to move (w, r or b) after the board: '4k4/R8/9/9/9/9/9/9/9/1R1K5 q - - id \"a\";'");
    expect_load_error("# nothing\n", ".epd", ": not a record qipan knows (no [Ruleset], [Variant] or [Game] tag)");
    expect_load_error("4k4/R8/9 w - - id \"small\";\n", ".epd",
                      ":1: which game is a board of 3 ranks and 9 files? (add variant \"NAME\")");
}

/* analyze --epd: each position's answer and the tally; bad lines named
 * with FILE:LINE, the others still run. */
static void test_analyze_epd(void **st)
{
    (void)st;
    const char *p = tu_tmpfile("# a small suite\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - bm b0b9; id \"mate in one\";\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 r - - am a8a9; id \"not this check\"\n"
                               "this is no epd line\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - bm z9z9;\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - bm a8a9;\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 ; 01.双车\n"
                               "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - -\n"
                               "4k4/9/9/9/9/9/9/9/9/4K4 w - - bm e0e1\n", ".epd");
    char cmd[512], *out, *err, want[1024];
    snprintf(cmd, sizeof cmd, "analyze xiangqi --epd %s --depth 3", p);
    assert_int_equal(tu_run(cmd, "", &out, &err), 1);
    assert_string_equal(out, "1. mate in one: bestmove b0b9, bm b0b9: found\n"
                             "2. not this check: bestmove b0b9, am a8a9: found\n"
                             "3. line 6: bestmove b0b9, bm a8a9: missed\n"
                             "4. 01.双车: bestmove b0b9\n"
                             "5. line 8: bestmove b0b9\n"
                             "2 of 3 best moves found\n");
    snprintf(want, sizeof want,
             "qipan analyze: %s:4: not a position (a FEN board first): 'this is no epd line'\n"
             "qipan analyze: %s:5: bm 'z9z9': unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)\n"
             "qipan analyze: %s:9: bad position '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1': ",
             p, p, p);
    assert_true(!strncmp(err, want, strlen(want)));
    free(out);
    free(err);
    unlink(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decode),
        cmocka_unit_test(test_encode),
        cmocka_unit_test(test_gbk_and_big5_records),
        cmocka_unit_test(test_convert_encoding),
        cmocka_unit_test(test_dhtmlxq_page),
        cmocka_unit_test(test_dhtmlxq_binit),
        cmocka_unit_test(test_dhtmlxq_errors),
        cmocka_unit_test(test_dhtmlxq_multiline_tag),
        cmocka_unit_test(test_dhtmlxq_every_cut),
        cmocka_unit_test(test_epd_lines),
        cmocka_unit_test(test_epd_record),
        cmocka_unit_test(test_analyze_epd),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
