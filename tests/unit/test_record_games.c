/*
 * test_record_games.c — what a record holds beyond its main line, and
 * files of many games: variations, NAGs and comments read, written back
 * exactly and kept through `qipan convert` in every notation; PGN
 * collections listed, picked and converted whole; the errors of each
 * naming the file, the game, the ply and why.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn.h"
#include "record.h"
#include "record_file.h"

/* The opening of Liu Dahua - Liu Yici, Chinese National Champion 1956,
 * with alternatives an annotator might give. */
static const char annotated[] =
    "[Game \"Chinese Chess\"]\n[Red \"LIU DaHua\"]\n[Black \"LIU YiCi\"]\n[Result \"*\"]\n\n"
    "{中炮} 1. 炮二平五 $1 马８进７ {屏风马} (1... 炮８平５ {顺炮} 2. 马二进三 (2. 车一进一 ?!) 马８进７) "
    "(1... 马２进３) 2. 马二进三 !? 马２进３ 3. 车一平二 车９平８ *\n";

/* Read, written in each notation and read again: the same tree. */
static void test_variation_round_trip(void **st)
{
    (void)st;
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    const char *in = tu_tmpfile(annotated, ".pgn");
    if (qp_record_load_keep(&tu_reg, in, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nvariations, 0);
    assert_string_equal(rec.warning, "");
    assert_string_equal(rec.nags[1], "$1");
    assert_string_equal(rec.nags[3], "$5");   /* !? */
    assert_int_equal(rec.vars.n, 5);
    const qp_var_node *v = &rec.vars.node[rec.alt[1]];
    assert_string_equal(v->text, "炮８平５");
    assert_string_equal(v->comment, "顺炮");
    assert_string_equal(rec.vars.node[v->next].text, "马二进三");
    assert_string_equal(rec.vars.node[rec.vars.node[v->next].alt].nags, "$6");
    assert_string_equal(rec.vars.node[v->alt].text, "马２进３");

    static const struct {
        const char *notation, *moves;
    } want[] = {
        {QP_NOTATION_CHINESE,
         "{中炮}\n1. 炮二平五 $1 马８进７ {屏风马} (1... 炮８平５ {顺炮} 2. 马二进三 (2. 车一进一 $6) 2... 马８进７) "
         "(1... 马２进３)\n2. 马二进三 $5 马２进３\n3. 车一平二 车９平８\n*\n"},
        {QP_NOTATION_WXF,
         "{中炮}\n1. C2.5 $1 H8+7 {屏风马} (1... C8.5 {顺炮} 2. H2+3 (2. R1+1 $6) 2... H8+7) "
         "(1... H2+3)\n2. H2+3 $5 H2+3\n3. R1.2 R9.8\n*\n"},
        {QP_NOTATION_COORD,
         "{中炮}\n1. h3e3 $1 h10g8 {屏风马} (1... h8e8 {顺炮} 2. h1g3 (2. i1i2 $6) 2... h10g8) "
         "(1... b10c8)\n2. h1g3 $5 b10c8\n3. i1h1 i10h10\n*\n"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        size_t len;
        char *text = qp_record_text_from(&g, want[i].notation, &rec, &len, err, sizeof err);
        assert_non_null(text);
        const char *moves = strstr(text, "\n\n");
        assert_non_null(moves);
        assert_string_equal(moves + 2, want[i].moves);
        /* read again and written again: the same text */
        qp_record rec2;
        qp_rules *r2;
        qp_game g2;
        const char *again = tu_tmpfile(text, ".pgn");
        if (qp_record_load_keep(&tu_reg, again, &r2, &g2, &rec2, err, sizeof err)) fail_msg("%s", err);
        char *text2 = qp_record_text_from(&g2, want[i].notation, &rec2, &len, err, sizeof err);
        assert_string_equal(text2, text);
        free(text2);
        free(text);
        qp_record_free(&rec2);
        qp_game_free(&g2);
        qp_rules_free(r2);
    }
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);

    /* XQF keeps the comments and variations, not the NAGs (said); read
     * back, the same tree */
    char xqf[600], cmd0[1200], *o0, *e0, w0[700];
    snprintf(xqf, sizeof xqf, "%s.xqf", in);
    snprintf(cmd0, sizeof cmd0, "convert %s %s --format xqf", in, xqf);
    assert_int_equal(tu_run(cmd0, "", &o0, &e0), 0);
    snprintf(w0, sizeof w0, "qipan convert: %s: the NAGs of 3 moves not written (XQF has none)\n", in);
    assert_string_equal(e0, w0);
    free(o0);
    free(e0);
    snprintf(cmd0, sizeof cmd0, "convert %s - --notation chinese", xqf);
    assert_int_equal(tu_run(cmd0, "", &o0, &e0), 0);
    assert_non_null(strstr(o0, "\n\n{中炮}\n1. 炮二平五 马８进７ {屏风马} (1... 炮８平５ {顺炮} 2. 马二进三 (2. 车一进一) "
                               "2... 马８进７) (1... 马２进３)\n2. 马二进三 马２进３\n3. 车一平二 车９平８\n*\n"));
    assert_string_equal(e0, "");
    free(o0);
    free(e0);
    remove(xqf);

    /* convert keeps the record's own notation unless told */
    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert %s -", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, want[0].moves));
    assert_non_null(strstr(out, "[Notation \"chinese\"]\n"));
    assert_string_equal(errout, "");
    free(out);
    free(errout);
}

/* A variation's move that does not replay is kept as written, and said. */
static void test_bad_variation_kept(void **st)
{
    (void)st;
    const char *in = tu_tmpfile("[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 (1... h9h5 h0g2) 2. h0g2 *\n", ".pgn");
    char cmd[512], *out, *errout, want[512];
    snprintf(cmd, sizeof cmd, "convert %s - --notation wxf", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n1. C2.5 H8+7 (1... h9h5 2. h0g2)\n2. H2+3\n*\n"));
    snprintf(want, sizeof want,
             "qipan convert: %s: a variation at ply 2: move 'h9h5': illegal: the horse moves one point straight "
             "then one diagonally (kept as written)\n",
             in);
    assert_string_equal(errout, want);
    free(out);
    free(errout);
}

/* Malformed variations: named where they open. */
static void test_variation_errors(void **st)
{
    (void)st;
    static const struct {
        const char *text, *err;
    } cases[] = {
        {"1. h2e2 (1. b2e2 h9g7", "1:9: truncated: the variation is not closed"},
        {"1. h2e2 (1. b2e2 1-0", "1:9: truncated: the variation is not closed"},
        {"( 1. h2e2 ) 1. b2e2", "1:1: unreadable: a variation before any move it could replace"},
        {"1. h2e2 h9g7 )", "1:14: unreadable: ')' without its opening '('"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_pgn p;
        char err[QP_ERR];
        assert_int_equal(qp_pgn_read(&p, cases[i].text, strlen(cases[i].text), err, sizeof err), -1);
        assert_string_equal(err, cases[i].err);
    }
    /* nesting past the bound */
    char deep[4096] = "1. h2e2";
    for (int i = 0; i <= QP_VAR_DEPTH; i++) strcat(deep, " (1. b2e2");
    qp_pgn p;
    char err[QP_ERR];
    assert_int_equal(qp_pgn_read(&p, deep, strlen(deep), err, sizeof err), -1);
    char want[128];
    snprintf(want, sizeof want, "1:%d: unreadable: variations nested more than %d deep",
             (int)strlen(deep) - 7, QP_VAR_DEPTH);
    assert_string_equal(err, want);
}

static const char collection[] =
    "[Game \"Chinese Chess\"]\n[Red \"LIU DaHua\"]\n[Black \"LIU YiCi\"]\n[Date \"1956\"]\n[Result \"1-0\"]\n\n"
    "1. 炮二平五 马８进７ 2. 马二进三 1-0\n\n"
    "[Game \"Chinese Chess\"]\n[Red \"LIU DaHua\"]\n[Black \"HUANG Yong\"]\n\n"
    "1. C2.5 H8+7 *\n\n"
    "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h0g2 *\n";

/* A collection: listed, one game picked, all converted. */
static void test_collection(void **st)
{
    (void)st;
    const char *in = tu_tmpfile(collection, ".pgn");
    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert --list %s", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_string_equal(out, "1. LIU DaHua - LIU YiCi, 1-0, 1956, 3 plies\n"
                             "2. LIU DaHua - HUANG Yong, *, ????.??.??, 2 plies\n"
                             "3. ? - ?, *, ????.??.??, 3 plies\n");
    assert_string_equal(errout, "");
    free(out);
    free(errout);

    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_game(&tu_reg, in, 2, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.game_no, 2);
    assert_int_equal(g.len, 2);
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
    assert_int_equal(qp_record_load_game(&tu_reg, in, 4, &r, &g, &rec, err, sizeof err), -1);
    char want[600];
    snprintf(want, sizeof want, "%s: no game 4 (the file holds 3)", in);
    assert_string_equal(err, want);

    snprintf(cmd, sizeof cmd, "convert %s - --game 2", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "[Black \"HUANG Yong\"]\n"));
    assert_non_null(strstr(out, "\n1. C2.5 H8+7\n*\n"));   /* its own notation, WXF */
    free(out);
    free(errout);

    snprintf(cmd, sizeof cmd, "convert %s - --notation iccs", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    const char *a = strstr(out, "\n1. h2e2 h9g7\n2. h0g2\n1-0\n"), *b = strstr(out, "\n1. h2e2 h9g7\n*\n"),
               *c = strstr(out, "\n1. h2e2 h9g7\n2. h0g2\n*\n");
    assert_true(a && b && c && a < b && b < c);
    assert_string_equal(errout, "");
    free(out);
    free(errout);

    /* the console lists and loads them too */
    snprintf(cmd, sizeof cmd, "console xiangqi");
    char script[1200];
    snprintf(script, sizeof script, "games %s\nload %s 3\ngames\nquit\n", in, in);
    assert_int_equal(tu_run(cmd, script, &out, &errout), 0);
    assert_non_null(strstr(out, "1. LIU DaHua - LIU YiCi, 1-0, 1956, 3 plies\n"));
    snprintf(want, sizeof want, "loaded %s (xiangqi, 3 moves)", in);
    assert_non_null(strstr(out, want));
    assert_non_null(strstr(strstr(out, want), "3. ? - ?, *, ????.??.??, 3 plies\n"));
    free(out);
    free(errout);
}

/* A bad move in game 3 of a collection: the file, the line, the game,
 * the ply and why; nothing is written. */
static void test_collection_errors(void **st)
{
    (void)st;
    char text[1024];
    snprintf(text, sizeof text, "%s", collection);
    char *h0g2 = strstr(strstr(text, "1. h2e2"), "h0g2");
    memcpy(h0g2, "h0g9", 4);
    const char *in = tu_tmpfile(text, ".pgn");
    char cmd[512], *out, *errout, want[600];
    snprintf(cmd, sizeof cmd, "convert %s -", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 1);
    assert_string_equal(out, "");
    snprintf(want, sizeof want,
             "qipan convert: %s:17:17: game 3: move 3 'h0g9': illegal: the horse moves one point straight then "
             "one diagonally\n",
             in);
    assert_string_equal(errout, want);
    free(out);
    free(errout);

    /* an unreadable tag in game 2 */
    snprintf(text, sizeof text, "%s", collection);
    memcpy(strstr(text, "[Black \"HUANG"), "[Black  HUANG", 13);
    in = tu_tmpfile(text, ".pgn");
    snprintf(cmd, sizeof cmd, "convert --list %s", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 1);
    snprintf(want, sizeof want, "qipan convert: %s:11:1: game 2: malformed tag '[Black  HUANG Yong\"]'\n", in);
    assert_string_equal(errout, want);
    free(out);
    free(errout);
}

/* XBoard's Xiangqi PGN: SAN with ranks 0-9, told from SAN with ranks
 * 1-10 by the game replaying (Ri8 is i9i8 in one, i10i8 in the other). */
static void test_xboard_san(void **st)
{
    (void)st;
    const char *in = tu_tmpfile("[Event \"Computer chess game\"]\n[White \"qipan\"]\n[Black \"Fairy-Stockfish\"]\n"
                                "[Result \"*\"]\n[Variant \"xiangqi\"]\n\n"
                                "1. Che2 Hg7 2. Hg2 Ri8 3. Ri1 Rh8 4. Ri2 Chh5 5. Rh2 Afe8 *\n",
                                ".pgn");
    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert %s - --notation iccs", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n1. h2e2 h9g7\n2. h0g2 i9i8\n3. i0i1 i8h8\n4. i1i2 h7h5\n5. i2h2 f9e8\n*\n"));
    assert_string_equal(errout, "");
    free(out);
    free(errout);
    /* the same game in ranks 1-10 */
    in = tu_tmpfile("[Result \"*\"]\n[Variant \"xiangqi\"]\n\n"
                    "1. Che3 Hg8 2. Hg3 Ri9 3. Ri2 Rh9 4. Ri3 Chh6 5. Rh3 Afe9 *\n",
                    ".pgn");
    snprintf(cmd, sizeof cmd, "convert %s - --notation iccs", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n1. h2e2 h9g7\n2. h0g2 i9i8\n3. i0i1 i8h8\n4. i1i2 h7h5\n5. i2h2 f9e8\n*\n"));
    free(out);
    free(errout);
}

/* What a PGN file holds beyond its games is said, not dropped silently:
 * a footer after the last game, ; comments (kept as comments). */
static void test_nothing_dropped_silently(void **st)
{
    (void)st;
    const char *in = tu_tmpfile("[Game \"Chinese Chess\"]\n\n1. h2e2 ; the central cannon\nh9g7 *\n"
                                "==========\nfrom a collection of games\n",
                                ".pgn");
    char cmd[512], *out, *errout, want[600];
    snprintf(cmd, sizeof cmd, "convert %s -", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n1. h2e2 {the central cannon} h9g7\n*\n"));   /* its own ICCS */
    snprintf(want, sizeof want, "qipan convert: %s: line 5 on: text after the last game, not a game\n", in);
    assert_string_equal(errout, want);
    free(out);
    free(errout);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variation_round_trip), cmocka_unit_test(test_bad_variation_kept),
        cmocka_unit_test(test_variation_errors),    cmocka_unit_test(test_collection),
        cmocka_unit_test(test_collection_errors),   cmocka_unit_test(test_xboard_san),
        cmocka_unit_test(test_nothing_dropped_silently),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
