/*
 * test_sgf.c — SGF records of Go: the properties read into a record and a
 * game (size, komi, players, setup, passes, comments, escapes), the main
 * line kept and variations counted, write -> read -> write identical,
 * malformed files refused with line, column and the text, and the
 * format's place in the table (sniffing, saving by the .sgf name).
 */
#include "testutil.h"
#include "record.h"
#include "record_file.h"
#include "sgf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse(qp_record *rec, const char *text, char *err, size_t errn)
{
    return qp_sgf_parse(rec, "t.sgf", (const unsigned char *)text, strlen(text), err, errn);
}

static const char *kept(const qp_record *rec, const char *k)
{
    for (int i = 0; i < rec->nkeep; i++)
        if (!strcmp(rec->keep_key[i], k)) return rec->keep_val[i];
    return NULL;
}

/* rec replayed into a game of its rules (caller frees both). */
static qp_rules *load(const qp_record *rec, qp_game *g)
{
    char err[QP_ERR];
    const qp_ruleset *rs = qp_record_ruleset(rec, &tu_reg);
    assert_non_null(rs);
    qp_params p;
    assert_int_equal(qp_record_params(rec, rs, &p, err, sizeof err), 0);
    qp_rules *r = qp_rules_create(rs, &p, err, sizeof err);
    if (!r) fail_msg("%s", err);
    if (qp_game_init(g, r, rec->fen[0] ? rec->fen : NULL, err, sizeof err)) fail_msg("%s", err);
    if (qp_record_replay(rec, g, err, sizeof err)) fail_msg("%s", err);
    return r;
}

static const char game1[] =
    "(;FF[4]GM[1]SZ[9]KM[6.5]PB[Alice]PW[Bob \\] \\\\x]DT[2024-05-01]RE[W+R]\n"
    "C[root]AB[cc][gg]AW[ee]\n"
    ";W[ce]C[first\\]\nline two]\n"
    "(;B[dd];W[]\n;B[tt])\n"
    "(;B[aa];W[bb](;B[cb])(;B[ca])))\n";

static void test_read_properties(void **st)
{
    (void)st;
    qp_record rec;
    char err[QP_ERR];
    if (parse(&rec, game1, err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.ruleset, "go");
    assert_int_equal(rec.nparams, 2);
    assert_string_equal(rec.pkey[0], "size");
    assert_string_equal(rec.pval[0], "9");
    assert_string_equal(rec.pkey[1], "komi");
    assert_string_equal(rec.pval[1], "6.5");
    assert_string_equal(kept(&rec, "Black"), "Alice");
    assert_string_equal(kept(&rec, "White"), "Bob ] \\x");
    assert_string_equal(kept(&rec, "Date"), "2024.05.01");
    assert_string_equal(kept(&rec, "RE"), "W+R");
    /* AB c7 g3, AW e5; white to move (the first move is W's) */
    assert_string_equal(rec.fen, "9/9/2X6/9/4o4/9/6X2/9/9 b 1");
    assert_int_equal(rec.nmoves, 4);
    assert_string_equal(rec.moves[0], "c5");
    assert_string_equal(rec.moves[1], "d6");
    assert_string_equal(rec.moves[2], "pass");
    assert_string_equal(rec.moves[3], "pass");   /* tt on 9x9 */
    assert_int_equal(rec.move_line[1], 5);
    assert_int_equal(rec.move_col[1], 5);
    assert_non_null(rec.comments);
    assert_string_equal(rec.comments[0], "root");
    assert_string_equal(rec.comments[1], "first]\nline two");
    assert_null(rec.comments[2]);
    /* the branches: B[aa] W[bb] B[cb] beside the main line's second
     * move, and B[ca] beside B[cb] */
    assert_int_equal(rec.nvariations, 0);
    assert_non_null(rec.alt);
    assert_int_equal(rec.alt[0], -1);
    assert_int_equal(rec.alt[2], -1);
    assert_int_equal(rec.alt[3], -1);
    const qp_vars *v = &rec.vars;
    assert_int_equal(v->n, 4);
    int a = rec.alt[1];
    assert_string_equal(v->node[a].text, "a9");
    assert_int_equal(v->node[a].line, 7);
    assert_int_equal(v->node[a].col, 5);
    assert_int_equal(v->node[a].alt, -1);
    int b = v->node[a].next;
    assert_string_equal(v->node[b].text, "b8");
    int c = v->node[b].next;
    assert_string_equal(v->node[c].text, "c8");
    assert_int_equal(v->node[c].next, -1);
    assert_string_equal(v->node[v->node[c].alt].text, "c9");
    assert_int_equal(v->node[v->node[c].alt].next, -1);
    qp_game g;
    qp_rules *r = load(&rec, &g);
    assert_int_equal(g.len, 4);
    qp_outcome o;
    qp_game_outcome(&g, &o);
    assert_int_equal(o.result, QP_WIN);   /* two passes ended it */
    qp_game_free(&g);
    qp_rules_free(r);
    qp_record_free(&rec);
}

/* Defaults: SZ 19, KM 0; a move of the side not to move gets a pass
 * before it; handicap stones alone: white first. */
static void test_defaults_and_turns(void **st)
{
    (void)st;
    qp_record rec;
    char err[QP_ERR];
    if (parse(&rec, "(;GM[1];B[pd];B[dp];W[dd])", err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.pval[0], "19");
    assert_string_equal(rec.pval[1], "0");
    assert_string_equal(rec.fen, "");
    assert_int_equal(rec.nmoves, 4);
    assert_string_equal(rec.moves[0], "p16");
    assert_string_equal(rec.moves[1], "pass");
    assert_string_equal(rec.moves[2], "d4");
    assert_string_equal(rec.moves[3], "d16");
    assert_int_equal(rec.nvariations, 0);
    qp_record_free(&rec);
    if (parse(&rec, "(;SZ[9]HA[2]AB[cg][gc])", err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.fen, "9/9/6X2/9/9/9/2X6/9/9 b 1");
    qp_record_free(&rec);
    /* a game of 19x19 with "tt" a pass; on 19x19 "ss" is a point */
    if (parse(&rec, "(;SZ[19];B[ss];W[tt])", err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.moves[0], "s1");
    assert_string_equal(rec.moves[1], "pass");
    qp_record_free(&rec);
}

/* write -> read -> write gives the same bytes, and the game back. */
static void test_round_trip(void **st)
{
    (void)st;
    qp_record rec, again;
    char err[QP_ERR];
    size_t len, len2;
    if (parse(&rec, game1, err, sizeof err)) fail_msg("%s", err);
    qp_game g, g2;
    qp_rules *r = load(&rec, &g);
    char *w1 = qp_sgf_write(&g, &rec, &len, err, sizeof err);
    if (!w1) fail_msg("%s", err);
    assert_string_equal(w1, "(;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[6.5]PB[Alice]PW[Bob \\] \\\\x]DT[2024-05-01]"
                            "RE[W+R]AB[gg][cc]AW[ee]PL[W]C[root]\n"
                            ";W[ce]C[first\\]\nline two](;B[dd];W[];B[])\n"
                            "(;B[aa];W[bb](;B[cb])\n(;B[ca])))\n");
    if (parse(&again, w1, err, sizeof err)) fail_msg("%s", err);
    qp_rules *r2 = load(&again, &g2);
    char *w2 = qp_sgf_write(&g2, &again, &len2, err, sizeof err);
    if (!w2) fail_msg("%s", err);
    assert_int_equal(len, len2);
    assert_string_equal(w1, w2);
    assert_int_equal(again.nvariations, 0);
    assert_int_equal(again.vars.n, 4);
    assert_int_equal(g2.len, g.len);
    for (int i = 0; i < g.len; i++) assert_true(g.rec[i] == g2.rec[i]);
    free(w1);
    free(w2);
    /* a game played on: its RE is the game's own count (two passes) */
    qp_game_free(&g2);
    qp_rules_free(r2);
    qp_record_free(&again);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_record_free(&rec);

    /* a game of qipan's: area count B 1 + W 1 + 7.5 komi */
    r = tu_rules(&tu_reg, "go");
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    const char *moves[] = {"e5", "d5", "pass", "pass"};
    for (int i = 0; i < 4; i++) assert_int_equal(qp_game_play_text(&g, moves[i], err, sizeof err), 0);
    rec.nmoves = 0;
    char *w = qp_sgf_write(&g, NULL, &len, err, sizeof err);
    assert_non_null(w);
    /* the date is today's: compare around it */
    assert_non_null(strstr(w, "SZ[9]KM[7.5]DT["));
    assert_non_null(strstr(w, "]RE[W+7.5]\n;B[ee];W[de];B[];W[])\n"));
    free(w);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Point lists: FF[4]'s compressed "aa:cc" is the rectangle with those
 * corners (in either order) for AB, AW and AE; a corner off the board
 * is refused with the value. */
static void test_point_ranges(void **st)
{
    (void)st;
    qp_record rec;
    char err[QP_ERR];
    static const char *const same[] = {"(;SZ[9]AB[aa:bc]AW[ee][dd:de]AE[ab])", "(;SZ[9]AB[bc:aa]AW[de:dd][ee]AE[ab:ab])",
                                       "(;SZ[9]AB[aa][ba][ab][bb][ac][bc]AW[dd][de][ee]AE[ab])"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        if (parse(&rec, same[i], err, sizeof err)) fail_msg("%s: %s", same[i], err);
        assert_string_equal(rec.fen, "XX7/1X7/XX7/3o5/3oo4/9/9/9/9 w 1");
        qp_record_free(&rec);
    }
    /* written back one point at a time */
    assert_int_equal(parse(&rec, same[0], err, sizeof err), 0);
    qp_game g;
    qp_rules *r = load(&rec, &g);
    size_t len;
    char *w = qp_sgf_write(&g, &rec, &len, err, sizeof err);
    assert_non_null(w);
    assert_string_equal(w, "(;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[0]AB[ac][bc][bb][aa][ba]AW[de][ee][dd]PL[B])\n");
    free(w);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_record_free(&rec);
    static const struct {
        const char *text, *err;
    } bad[] = {
        {"(;SZ[9]AB[aa:jj])", "t.sgf:1:11: point off the 9x9 board near 'aa:jj'"},
        {"(;SZ[9]AW[aa:])", "t.sgf:1:11: point off the 9x9 board near 'aa:'"},
        {"(;SZ[9]AE[a:bb])", "t.sgf:1:11: point off the 9x9 board near 'a:bb'"},
        {"(;SZ[9]AB[aa:bb:cc])", "t.sgf:1:11: point off the 9x9 board near 'aa:bb:cc'"},
        {"(;SZ[9]AB[tt])", "t.sgf:1:11: point off the 9x9 board near 'tt'"},
        {"(;SZ[9]\nAB[cc:bb]B[aa:bb])", "t.sgf:2:12: point off the 9x9 board near 'aa:bb'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char e[QP_ERR] = "";
        if (parse(&rec, bad[i].text, e, sizeof e) == 0) fail_msg("read: %s", bad[i].text);
        assert_string_equal(e, bad[i].err);
    }
}

/* Branches: a comment before a branch's first move is its `pre`; a move
 * of the side not to move gets a pass before it, as on the main line;
 * read -> write -> read -> write identical. */
static void test_variations(void **st)
{
    (void)st;
    static const char text[] = "(;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[7.5]C[root]\n"
                               ";B[ee]C[b1](;W[dd](;B[cc];W[gg])\n(;B[gc]C[side];W[cg]))\n"
                               "(;C[before];W[];B[cc]C[after]))\n";
    qp_record rec;
    char err[QP_ERR];
    if (parse(&rec, text, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nmoves, 4);
    assert_int_equal(rec.nvariations, 0);
    const qp_vars *v = &rec.vars;
    assert_int_equal(v->n, 4);
    int p = rec.alt[1];   /* beside W[dd]: a pass, then c7 */
    assert_string_equal(v->node[p].text, "pass");
    assert_string_equal(v->node[p].pre, "before");
    assert_null(v->node[p].comment);
    assert_string_equal(v->node[v->node[p].next].text, "c7");
    assert_string_equal(v->node[v->node[p].next].comment, "after");
    int s = rec.alt[2];   /* beside B[cc] */
    assert_string_equal(v->node[s].text, "g7");
    assert_string_equal(v->node[s].comment, "side");
    assert_string_equal(v->node[v->node[s].next].text, "c3");
    assert_int_equal(rec.alt[0], -1);
    assert_int_equal(rec.alt[3], -1);
    qp_game g;
    qp_rules *r = load(&rec, &g);
    size_t len;
    char *w = qp_sgf_write(&g, &rec, &len, err, sizeof err);
    assert_non_null(w);
    assert_string_equal(w, text);
    assert_int_equal(len, strlen(text));
    free(w);
    /* the same through PGN: the branches in parentheses */
    char *pgn = qp_record_text_from(&g, NULL, &rec, &len, err, sizeof err);
    assert_non_null(pgn);
    assert_non_null(strstr(pgn, "{root}\n1. e5 {b1} d6 ({before} 1... pass 2. c7 {after})\n2. c7 (2. g7 {side} 2... c3) 2... g3\n*\n"));
    free(pgn);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_record_free(&rec);

    /* a branch whose move does not replay: warned at the load, left out
     * of what is written */
    const char *path = tu_tmpfile("(;SZ[9];B[ee](;W[dd])(;W[ee];B[cc]))", ".sgf");
    if (qp_record_load_keep(&tu_reg, path, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(rec.warning, "a variation at ply 2: move 'e5': e5 is occupied (kept as written)");
    w = qp_sgf_write(&g, &rec, &len, err, sizeof err);
    assert_non_null(w);
    assert_string_equal(w, "(;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[0]\n;B[ee];W[dd])\n");
    free(w);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_record_free(&rec);
}

/* Branches not kept are counted: one that sets up stones, one without a
 * move, one nested deeper than QP_VAR_DEPTH; other games too. */
static void test_branches_not_kept(void **st)
{
    (void)st;
    qp_record rec;
    char err[QP_ERR];
    if (parse(&rec, "(;SZ[9];B[ee](;W[dd])(;AB[aa];W[cc];B[gg])(;C[lonely])(;W[cc]))(;SZ[9])", err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(rec.nvariations, 3);
    assert_int_equal(rec.vars.n, 1);
    assert_string_equal(rec.vars.node[rec.alt[1]].text, "c7");
    qp_record_free(&rec);
    /* level L: a move that goes on, and beside it a move (nesting L) whose
     * line holds the next level */
    char deep[4096];
    size_t k = (size_t)snprintf(deep, sizeof deep, "(;SZ[19];B[aa]");
    int levels = QP_VAR_DEPTH + 1;
    for (int l = 1; l <= levels; l++) {
        const char *c = l % 2 ? "W" : "B";
        int a = 2 * l, b = 2 * l + 1;
        k += (size_t)snprintf(deep + k, sizeof deep - k, "(;%s[%c%c])(;%s[%c%c]", c, 'a' + a % 19, 'a' + a / 19, c,
                              'a' + b % 19, 'a' + b / 19);
    }
    for (int l = 0; l <= levels; l++) deep[k++] = ')';
    deep[k] = 0;
    if (parse(&rec, deep, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nmoves, 2);
    assert_int_equal(rec.nvariations, 1);   /* the deepest */
    assert_int_equal(rec.vars.n, 2 * QP_VAR_DEPTH);
    qp_record_free(&rec);
}

/* Malformed text: a message with line, column and the text; nothing read. */
static void test_malformed(void **st)
{
    (void)st;
    static const struct {
        const char *text, *err;
    } bad[] = {
        {"", "t.sgf:1:1: not an SGF record: '(' expected"},
        {"[Event \"x\"]", "t.sgf:1:1: not an SGF record: '(' expected near '[Event \"x\"]'"},
        {"(;SZ[9];B[ee]", "t.sgf:1:14: game tree not closed: ')' missing"},
        {"(;SZ[9]\n;B[ee\n", "t.sgf:2:3: value not closed: ']' missing"},
        {"(;SZ[9];B[zz])", "t.sgf:1:11: point off the 9x9 board near 'zz'"},
        {"(;SZ[9]\n;B[ee]W[dd])", "t.sgf:2:9: two moves in one node near 'dd'"},
        {"(;GM[2]SZ[8])", "t.sgf:1:6: not a Go record (GM[2]; Go is GM[1]) near '2'"},
        {"(;SZ[25])", "t.sgf:1:6: board size must be a number up to 19 near '25'"},
        {"(;SZ[9]KM[six])", "t.sgf:1:11: komi must be a number near 'six'"},
        {"(;SZ[9];B[ee];AB[dd])", "t.sgf:1:18: setup (AB) after the first move is not kept near 'dd'"},
        {"(;SZ[9];B [ee] 7)", "t.sgf:1:16: expected a property near '7)'"},
        {"(;SZ[9] B)", "t.sgf:1:9: property B without a value near 'B)'"},
        {"(;SZ[9])x", "t.sgf:1:9: text after the game near 'x'"},
        {"(SZ[9])", "t.sgf:1:2: a game tree must start with ';' near 'SZ[9])'"},
        {"(;SZ[9](;B[ee])(B[dd]))", "t.sgf:1:17: a game tree must start with ';' near 'B[dd]))'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        qp_record rec;
        char err[QP_ERR] = "";
        if (parse(&rec, bad[i].text, err, sizeof err) == 0) fail_msg("read: %s", bad[i].text);
        assert_string_equal(err, bad[i].err);
        assert_null(rec.moves);
        assert_int_equal(rec.nmoves, 0);
    }
    /* a million nested trees: refused or read, never a crash */
    size_t n = 1000000;
    char *deep = malloc(3 * n + 16);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) deep[k++] = '(', deep[k++] = ';';
    for (size_t i = 0; i < n; i++) deep[k++] = ')';
    deep[k] = 0;
    qp_record rec;
    char err[QP_ERR];
    assert_int_equal(parse(&rec, deep, err, sizeof err), 0);
    assert_int_equal(rec.nmoves, 0);
    qp_record_free(&rec);
    free(deep);
}

/* The table hands .sgf text to SGF; a .sgf name saves SGF, others PGN;
 * the writer refuses games it cannot hold. */
static void test_table_and_save(void **st)
{
    (void)st;
    const char *t = "\xEF\xBB\xBF  ( ;GM[1]SZ[9];B[ee])";
    assert_ptr_equal(qp_record_format_of((const unsigned char *)t, strlen(t)), &qp_sgf_format);
    assert_ptr_equal(qp_record_format_of((const unsigned char *)"[Event \"x\"]", 11)->parse != qp_sgf_parse, true);
    assert_ptr_equal(qp_record_format_for_path("a/b.SGF"), &qp_sgf_format);
    assert_null(qp_record_format_for_path("a/b.pgn"));
    assert_null(qp_record_format_for_path("sgf"));

    const char *path = tu_tmpfile("(;GM[1]SZ[9]KM[7.5]C[hi];B[ee]C[c1];W[dd])\n", ".sgf");
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_keep(&tu_reg, path, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(g.len, 2);
    char out[512];
    snprintf(out, sizeof out, "%s.sgf", path);
    assert_int_equal(qp_record_file_save(out, &g, &rec, err, sizeof err), 0);
    assert_string_equal(tu_read_text(out),
                        "(;FF[4]GM[1]CA[UTF-8]AP[qipan]SZ[9]KM[7.5]C[hi]\n;B[ee]C[c1];W[dd])\n");
    snprintf(out, sizeof out, "%s.pgn", path);
    assert_int_equal(qp_record_file_save(out, &g, &rec, err, sizeof err), 0);
    assert_non_null(strstr(tu_read_text(out), "[Ruleset \"go\"]"));
    assert_non_null(strstr(tu_read_text(out), "1. e5 {c1} d6"));
    remove(out);
    out[strlen(out) - 4] = 0;
    strcat(out, ".sgf");
    remove(out);
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);

    r = tu_rules(&tu_reg, "xiangqi");
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    size_t len;
    assert_null(qp_sgf_write(&g, NULL, &len, err, sizeof err));
    assert_string_equal(err, "SGF records are written for Go only, not xiangqi");
    qp_game_free(&g);
    qp_rules_free(r);
}

/* `qipan convert` reads SGF and writes it by OUT's name. */
static void test_convert_command(void **st)
{
    (void)st;
    const char *in = tu_tmpfile(game1, ".sgf");
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "convert %s -", in);
    assert_int_equal(tu_run(cmd, NULL, &out, &err), 0);
    assert_non_null(strstr(out, "[FEN \"9/9/2X6/9/4o4/9/6X2/9/9 b 1\"]"));
    assert_non_null(strstr(out, "[White \"Bob ] \\\\x\"]"));
    /* the branches kept, as PGN variations; nothing to warn of */
    assert_non_null(strstr(out, "\n2. d6 (2. a9 b8 3. c8 (3. c9)) 2... pass\n3. pass\n0-1\n"));
    assert_string_equal(err, "");
    free(out);
    free(err);
    /* a second game is not kept, and said so with the file's name */
    char two[sizeof game1 + 16], want[600];
    snprintf(two, sizeof two, "%s(;SZ[9])\n", game1);
    in = tu_tmpfile(two, ".sgf");
    snprintf(cmd, sizeof cmd, "convert %s -", in);
    assert_int_equal(tu_run(cmd, NULL, &out, &err), 0);
    snprintf(want, sizeof want, "qipan convert: %s: 1 variation not kept\n", in);
    assert_string_equal(err, want);
    free(out);
    free(err);
    /* OUT's name asks for SGF */
    char sgf[600];
    snprintf(sgf, sizeof sgf, "%s.out.sgf", in);
    snprintf(cmd, sizeof cmd, "convert %s %s", in, sgf);
    assert_int_equal(tu_run(cmd, NULL, &out, &err), 0);
    assert_non_null(strstr(out, ": go, 4 moves as SGF\n"));
    assert_non_null(strstr(tu_read_text(sgf), ";W[ce]C[first\\]\nline two](;B[dd];W[];B[])\n(;B[aa];W[bb](;B[cb])\n(;B[ca])))\n"));
    remove(sgf);
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_properties),
        cmocka_unit_test(test_defaults_and_turns),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_point_ranges),
        cmocka_unit_test(test_variations),
        cmocka_unit_test(test_branches_not_kept),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_table_and_save),
        cmocka_unit_test(test_convert_command),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
