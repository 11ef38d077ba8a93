/*
 * test_cbf.c — CBF, CCBridge's XML records (framework/records/cbf.h): a
 * record written by hand from a published game score reads to its moves,
 * tags and comments and converts to PGN that reads back the same; each
 * malformed or truncated file gives its exact error, and no cut of a file
 * crashes.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbf.h"
#include "record.h"
#include "record_file.h"

#define CBF_FILE QP_TESTDATA_DIR "/records/liu-huang-1991.cbf"

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *s = malloc(1 << 16);
    *n = fread(s, 1, (1 << 16) - 1, f);
    s[*n] = 0;
    fclose(f);
    return s;
}

/* Liu Dahua - Huang Yong 1991, its first six plies as published. */
static void test_read(void **st)
{
    (void)st;
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_keep(&tu_reg, CBF_FILE, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    static const char *const want[] = {"h3e3", "h10g8", "h1g3", "i10h10", "c4c5", "g7g6"};
    assert_int_equal(g.len, 6);
    for (int i = 0; i < 6; i++) {
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g.cur, g.rec[i], t, sizeof t);   /* any state: coordinates need none */
        assert_string_equal(t, want[i]);
    }
    assert_string_equal(rec.comments[0], "中炮对屏风马");
    assert_string_equal(rec.comments[1], "当头炮");
    assert_string_equal(rec.comments[4], "车９平８");
    assert_null(rec.comments[2]);
    assert_string_equal(rec.result, "*");
    static const char *const tags[][2] = {
        {"Title", "LIU DaHua & HUANG Yong"}, {"Event", "Chinese National Champion 1991"}, {"Date", "1991"},
        {"Red", "LIU DaHua"}, {"Black", "HUANG Yong"}, {"ECCO", "C70"},
    };
    assert_int_equal(rec.nkeep, 6);
    for (int i = 0; i < 6; i++) {
        assert_string_equal(rec.keep_key[i], tags[i][0]);
        assert_string_equal(rec.keep_val[i], tags[i][1]);
    }
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);

    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert %s - --notation chinese", CBF_FILE);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n{中炮对屏风马}\n1. 炮二平五 {当头炮} 马８进７\n2. 马二进三 车９平８ {车９平８}\n"
                                "3. 兵七进一 卒７进１\n*\n"));
    assert_string_equal(errout, "");
    /* and the PGN reads back to the same moves */
    const char *again = tu_tmpfile(out, ".pgn");
    qp_rules *r2;
    qp_game g2;
    if (qp_record_load(&tu_reg, again, &r2, &g2, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(g2.len, 6);
    qp_game_free(&g2);
    qp_rules_free(r2);
    free(out);
    free(errout);
}

/* A start position of its own (side "r"), a result, entities, moves
 * inside a move (a variation: counted, not kept). */
static void test_position_and_variation(void **st)
{
    (void)st;
    const char *text = "<?xml version='1.0' encoding='utf-8'?>\n"
                       "<ChineseChessRecord Version='1.0'><Head><Name>&#20013;&amp;</Name>"
                       "<RecordResult>1</RecordResult><FEN>3k5/9/9/9/9/9/9/9/4R4/4K4 r - - 0 1</FEN></Head>\n"
                       "<MoveList><Move value='00-00'/><Move value='48-38' comment='mate'>"
                       "<Move value='48-40'/></Move></MoveList></ChineseChessRecord>\n";
    qp_record rec;
    char err[QP_ERR];
    assert_int_equal(qp_cbf_sniff((const unsigned char *)text, strlen(text)), QP_SNIFF_YES);
    if (qp_cbf_parse(&rec, "t.cbf", (const unsigned char *)text, strlen(text), err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.fen, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    assert_int_equal(rec.nmoves, 1);
    assert_string_equal(rec.moves[0], "e1d1");
    assert_string_equal(rec.comments[1], "mate");
    assert_string_equal(rec.result, "1-0");
    assert_int_equal(rec.nvariations, 1);
    assert_string_equal(rec.keep_val[0], "中&");
    qp_record_free(&rec);
}

static void test_errors(void **st)
{
    (void)st;
    static const struct {
        const char *text, *err;
    } cases[] = {
        {"<ChineseChessRecord><MoveList><Move value=\"77-4\"/></MoveList></ChineseChessRecord>",
         "t.cbf:1:31: move 1 '77-4': unreadable: a move is two squares of two digits (\"77-47\")"},
        {"<ChineseChessRecord><MoveList>\n<Move value=\"00-00\"/>\n<Move value=\"97-47\"/></MoveList></ChineseChessRecord>",
         "t.cbf:3:1: move 1 '97-47': unreadable: files are 0-8"},
        {"<ChineseChessRecord><MoveList><Move/></MoveList></ChineseChessRecord>",
         "t.cbf:1:31: move 1: unreadable: <Move> without its value"},
        {"<ChineseChessRecord>\n<MoveList><Move value=\"77-47\"/>\n", "t.cbf:2:1: truncated: <MoveList> is not closed"},
        {"<ChineseChessRecord><Head><Red>x</Red>", "t.cbf:1:39: truncated: <Head> is not closed"},
        {"<ChineseChessRecord><Head></MoveList>", "t.cbf:1:27: unreadable: </MoveList> closes <Head>"},
        {"<ChineseChessRecord><Head><Red x=\"1>", "t.cbf:1:27: truncated: a tag is not closed with '>'"},
        {"<Record/>", "t.cbf:1:1: not a CBF record (its first element is not <ChineseChessRecord>)"},
        {"just text", "t.cbf: not a CBF record (no <ChineseChessRecord>)"},
        {"<ChineseChessRecord><!-- open", "t.cbf:1:21: truncated: a comment <!-- is not closed"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_record rec;
        char err[QP_ERR];
        if (!qp_cbf_parse(&rec, "t.cbf", (const unsigned char *)cases[i].text, strlen(cases[i].text), err, sizeof err))
            fail_msg("read: %s", cases[i].text);
        assert_string_equal(err, cases[i].err);
    }
    /* a move the game refuses: the file, the line, the ply and why */
    const char *bad = tu_tmpfile("<ChineseChessRecord><MoveList>\n<Move value=\"00-00\"/>\n<Move value=\"77-47\"/>\n"
                                 "<Move value=\"70-60\"/></MoveList></ChineseChessRecord>\n",
                                 ".cbf");
    qp_rules *r;
    qp_game g;
    char err[QP_ERR], want[600];
    assert_int_equal(qp_record_load(&tu_reg, bad, &r, &g, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:4:1: move 2 'h9g9': illegal: cannot capture your own piece",
             bad);
    assert_string_equal(err, want);
}

/* Every cut of the file reads or gives an error naming it. */
static void test_every_cut(void **st)
{
    (void)st;
    size_t n;
    char *text = slurp(CBF_FILE, &n);
    int ok = 0;
    for (size_t cut = 0; cut <= n; cut += 2) {
        qp_record rec;
        char err[QP_ERR] = "";
        if (qp_cbf_parse(&rec, "t", (const unsigned char *)text, cut, err, sizeof err) == 0) {
            ok++;
            qp_record_free(&rec);
        } else {
            assert_true(err[0] == 't');
        }
    }
    assert_true(ok > 0);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read), cmocka_unit_test(test_position_and_variation), cmocka_unit_test(test_errors),
        cmocka_unit_test(test_every_cut),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
