/*
 * test_xqf.c — XQF records: writing, reading back every version (plain
 * and scrambled), variations, texts in GBK, damaged and truncated files,
 * and `qipan convert --format xqf`.
 *
 * The games are public scores (facts): a master game, written here by
 * qipan's own writer; the scrambled files are made from it by
 * qp_xqf_encrypt, following the format's published description.  Set
 * QP_XQF_REGEN=1 to write tests/data/records/ again.
 */
#include "testutil.h"
#include "record.h"
#include "record_file.h"
#include "record_file.h"
#include "xqf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* China Team Championship 1995, Liu Dahua - Zhao Guorong (qipan's
 * coordinates, ranks 1-10). */
static const char game3[] =
    "h3e3 h10g8 h1g3 i10h10 c4c5 g7g6 b1c3 b10c8 b3b5 g8h6 c3d5 c10e8 i1i2 h10h9 e3d3 b8b9 c1e3 b9c9 "
    "a1b1 a10b10 b5b7 c7c6 c5c6 c9c6 i2f2 c6d6 d3c3 h6g4 c3c4 g4e3 d5e3 h8g8 c4c7 d10e9 g3i2 h9h3 "
    "e3c4 d6e6 f1e2 b10d10 e4e5 e6c6 f2f4 g6g5 i4i5 c6g6 g1e3 g5g4 f4f9 d10d4 b7b8 d4c4 b8e8 e10d10 "
    "b1b6 g6c6 e8d8 h3e3 f9f6 c4d4 b6c6 d4d8 c6d6 d8d6 f6d6 d10e10 d6g6 g8e8 g6g4 e3e5 i2g3 e5c5 "
    "c7d7 c8d6 g4g6 d6b5 g6b6 c5g5 e1f1 b5d4";
#define GAME3_PLIES 80

static char *read_bytes(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, 1 << 20, f);
    fclose(f);
    return buf;
}

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* A game of rules r from fen (NULL: the start) with the moves of text. */
static void play(qp_game *g, qp_rules *r, const char *fen, const char *moves)
{
    char err[QP_ERR], mv[16];
    assert_int_equal(qp_game_init(g, r, fen, err, sizeof err), 0);
    for (const char *p = moves; sscanf(p, "%15s", mv) == 1; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : "") {
        if (qp_game_play_text(g, mv, err, sizeof err)) fail_msg("%s: %s", mv, err);
        if (!strchr(p, ' ')) break;
    }
}

static void keep(qp_record *rec, const char *k, const char *v)
{
    snprintf(rec->keep_key[rec->nkeep], sizeof rec->keep_key[0], "%s", k);
    snprintf(rec->keep_val[rec->nkeep], sizeof rec->keep_val[0], "%s", v);
    rec->nkeep++;
}

static const char *tag(const qp_record *rec, const char *k)
{
    for (int i = 0; i < rec->nkeep; i++)
        if (!strcmp(rec->keep_key[i], k)) return rec->keep_val[i];
    return NULL;
}

/* The source record of game g (game3): its moves, tags and a few
 * comments. */
static void game3_source(qp_record *src, const qp_game *g)
{
    int nmoves = g->len;
    memset(src, 0, sizeof *src);
    src->ply = src->plycount = -1;
    src->nmoves = nmoves;
    src->moves = malloc(sizeof *src->moves * (size_t)nmoves);
    assert_non_null(src->moves);
    for (int i = 0; i < nmoves; i++) qp_game_move_text(g, i, src->moves[i], QP_MOVE_TEXT);
    snprintf(src->result, sizeof src->result, "*");
    snprintf(src->date, sizeof src->date, "1995");
    keep(src, "Event", "全国象棋团体赛");
    keep(src, "Site", "China");
    keep(src, "Red", "柳大华");
    keep(src, "Black", "赵国荣");
    keep(src, "Title", "中炮对屏风马");
    keep(src, "Date", "1995");
    assert_int_equal(qp_record_comment(src, 0, "中炮对屏风马，红方先走。"), 0);
    assert_int_equal(qp_record_comment(src, 1, "Central cannon"), 0);
    assert_int_equal(qp_record_comment(src, 2, "马8进7\n第二行"), 0);
    assert_int_equal(qp_record_comment(src, nmoves, "红方占优。"), 0);
}

/* The written file of game3, malloc'd. */
static char *game3_xqf(qp_rules *r, qp_game *g, qp_record *src, size_t *len)
{
    char err[QP_ERR];
    play(g, r, NULL, game3);
    assert_int_equal(g->len, GAME3_PLIES);
    game3_source(src, g);
    char *x = qp_xqf_write(g, src, len, err, sizeof err);
    if (!x) fail_msg("%s", err);
    return x;
}

/* Reads data, replays it into a fresh game; -1 with err on either. */
static int load(qp_rules *r, const char *data, size_t len, qp_record *rec, qp_game *g, qp_xqf_info *info,
                char *err, size_t errn)
{
    if (qp_xqf_parse(rec, "T.xqf", (const unsigned char *)data, len, info, err, errn)) return -1;
    assert_string_equal(rec->game, "Chinese Chess");   /* the registry says whose */
    assert_string_equal(rec->hint, "iccs");
    assert_int_equal(qp_game_init(g, r, rec->fen, err, errn), 0);
    if (qp_record_replay(rec, g, err, errn)) {
        qp_game_free(g);
        qp_record_free(rec);
        return -1;
    }
    return 0;
}

/* rec and g read back are the game written from src. */
static void same_as_written(const qp_game *g0, const qp_record *src, const qp_record *rec, const qp_game *g)
{
    const qp_rules *r = g0->r;
    assert_int_equal(g->len, g0->len);
    for (int i = 0; i < g->len; i++) assert_true(g->rec[i] == g0->rec[i]);
    assert_string_equal(g->start_fen, g0->start_fen);
    assert_true(r->rs->hash(r, g->cur) == r->rs->hash(r, g0->cur));
    for (int i = 0; i < src->nkeep; i++) {
        const char *v = tag(rec, src->keep_key[i]);
        if (!v) fail_msg("tag %s lost", src->keep_key[i]);
        assert_string_equal(v, src->keep_val[i]);
    }
    assert_string_equal(rec->date, src->date[0] ? src->date : "");
    for (int i = 0; i <= g->len; i++) {
        const char *want = src->comments ? src->comments[i] : NULL;
        const char *got = rec->comments ? rec->comments[i] : NULL;
        if (!want) assert_null(got);
        else assert_string_equal(got, want);
    }
}

static void test_write_read_round_trip(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g0, g;
    qp_record src, rec;
    qp_xqf_info info;
    size_t len;
    char err[QP_ERR];
    char *x = game3_xqf(r, &g0, &src, &len);
    assert_memory_equal(x, "XQ\x0a", 3);
    assert_int_equal(qp_xqf_sniff((const unsigned char *)x, len), QP_SNIFF_YES);
    if (load(r, x, len, &rec, &g, &info, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(info.version, 0x0a);
    assert_int_equal(info.variations, 0);
    assert_int_equal(info.nodes, GAME3_PLIES + 1);
    assert_int_equal(rec.nmoves, GAME3_PLIES);
    assert_string_equal(rec.moves[0], "h2e2");   /* ICCS, ranks 0-9 */
    assert_string_equal(rec.moves[1], "h9g7");
    assert_string_equal(rec.moves[GAME3_PLIES - 1], "b4d3");
    assert_string_equal(rec.result, "*");
    assert_string_equal(rec.fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    same_as_written(&g0, &src, &rec, &g);

    /* the ICCS moves and qipan's coordinates (rank + 1, no hint) agree */
    qp_game g2;
    assert_int_equal(qp_game_init(&g2, r, rec.fen, err, sizeof err), 0);
    for (int i = 0; i < rec.nmoves; i++) {
        char c[16];
        snprintf(c, sizeof c, "%c%d%c%d", rec.moves[i][0], rec.moves[i][1] - '0' + 1, rec.moves[i][2],
                 rec.moves[i][3] - '0' + 1);
        if (qp_game_play_text(&g2, c, err, sizeof err)) fail_msg("%s: %s", c, err);
        assert_true(g2.rec[i] == g.rec[i]);
    }
    qp_game_free(&g2);

    /* the file in tests/data/records is this writer's output */
    char path[512];
    snprintf(path, sizeof path, "%s/records/liu-zhao-1995.xqf", QP_TESTDATA_DIR);
    if (getenv("QP_XQF_REGEN")) write_bytes(path, x, len);
    size_t flen;
    char *f = read_bytes(path, &flen);
    assert_non_null(f);
    assert_int_equal(flen, len);
    assert_memory_equal(f, x, len);
    free(f);

    qp_game_free(&g);
    qp_record_free(&rec);
    qp_record_free(&src);
    qp_game_free(&g0);
    free(x);
    qp_rules_free(r);
}

/* Every scrambled version reads to the same game as the plain file. */
static void test_scrambled_versions(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g0, g;
    qp_record src, rec;
    qp_xqf_info info;
    size_t len, elen;
    char err[QP_ERR];
    char *x = game3_xqf(r, &g0, &src, &len);
    static const int versions[] = {0x0b, 0x0c, 0x0f, 0x10, 0x11, 0x12};
    for (int v = 0; v < 6; v++) {
        for (uint32_t seed = 1; seed <= 40; seed++) {
            char *e = qp_xqf_encrypt(x, len, versions[v], seed, &elen, err, sizeof err);
            if (!e) fail_msg("%s", err);
            assert_int_equal((unsigned char)e[2], versions[v]);
            assert_int_equal(qp_xqf_sniff((const unsigned char *)e, elen), QP_SNIFF_YES);
            /* the moves are scrambled: the plain bytes are not there */
            assert_true(memcmp(e + QP_XQF_HEADER, x + QP_XQF_HEADER, 16) != 0);
            if (load(r, e, elen, &rec, &g, &info, err, sizeof err))
                fail_msg("version 0x%02x seed %u: %s", versions[v], seed, err);
            assert_int_equal(info.version, versions[v]);
            assert_int_equal(rec.nmoves, GAME3_PLIES);
            same_as_written(&g0, &src, &rec, &g);
            qp_game_free(&g);
            qp_record_free(&rec);
            if (versions[v] == 0x12 && seed == 7) {
                char path[512];
                snprintf(path, sizeof path, "%s/records/liu-zhao-1995-v12.xqf", QP_TESTDATA_DIR);
                if (getenv("QP_XQF_REGEN")) write_bytes(path, e, elen);
                size_t flen;
                char *f = read_bytes(path, &flen);
                assert_non_null(f);
                assert_int_equal(flen, elen);
                assert_memory_equal(f, e, elen);
                free(f);
            }
            free(e);
        }
    }
    assert_null(qp_xqf_encrypt(x, len, 0x13, 1, &elen, err, sizeof err));
    assert_string_equal(err, "version 0x13 is not a scrambled XQF version (0x0b-0x12)");
    qp_record_free(&src);
    qp_game_free(&g0);
    free(x);
    qp_rules_free(r);
}

/* A position set up, Black to move, and a result the position does not
 * show (a draw agreed), written and read back in both forms. */
static void test_setup_position_and_claimed_result(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    const char *fen = "3k5/4a4/4b4/9/2p6/9/9/4B4/4A4/2R1K4 b - - 0 1";
    qp_game g0, g;
    qp_record src, rec;
    size_t len, elen;
    char err[QP_ERR];
    play(&g0, r, fen, "c6c5 c1c3 d10e10");
    memset(&src, 0, sizeof src);
    src.nmoves = g0.len;
    snprintf(src.result, sizeof src.result, "1/2-1/2");
    keep(&src, "Type", "endgame");
    char *x = qp_xqf_write(&g0, &src, &len, err, sizeof err);
    assert_non_null(x);
    assert_int_equal(x[0x32], 1);   /* Black moves first */
    assert_int_equal(x[0x33], 3);   /* a draw */
    assert_int_equal(x[0x40], 3);   /* an endgame */
    char *e = qp_xqf_encrypt(x, len, 0x12, 99, &elen, err, sizeof err);
    for (int k = 0; k < 2; k++) {
        if (load(r, k ? e : x, k ? elen : len, &rec, &g, NULL, err, sizeof err)) fail_msg("%s", err);
        assert_string_equal(rec.fen, fen);
        assert_string_equal(rec.result, "1/2-1/2");
        assert_string_equal(tag(&rec, "Type"), "endgame");
        assert_null(rec.comments);
        same_as_written(&g0, &src, &rec, &g);
        qp_game_free(&g);
        qp_record_free(&rec);
    }
    free(e);
    free(x);
    qp_game_free(&g0);
    qp_rules_free(r);
}

/* Texts: cut to their field at a whole character; bad GBK bytes read as
 * U+FFFD. */
static void test_texts(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g0;
    qp_record src, rec;
    size_t len;
    char err[QP_ERR];
    play(&g0, r, NULL, "h3e3");
    memset(&src, 0, sizeof src);
    src.nmoves = 1;
    keep(&src, "White", "一二三四五六七八九");   /* 18 bytes of GBK in a field of 15 */
    keep(&src, "Black", "Lee\x01\tKo");
    /* cleaned as the reader cleans (blanks at the ends, control
     * characters as spaces), and no blank left where the field cuts */
    keep(&src, "Site", "  a\x7f" "b ");
    keep(&src, "Annotator", "一二三四五六七 八");
    char *x = qp_xqf_write(&g0, &src, &len, err, sizeof err);
    assert_non_null(x);
    assert_int_equal(x[0x120], 3);
    assert_memory_equal(x + 0x121, "a b", 3);
    assert_int_equal(x[0x1D0], 14);
    assert_int_equal(x[0x130], 14);
    assert_int_equal(qp_xqf_parse(&rec, "T.xqf", (unsigned char *)x, len, NULL, err, sizeof err), 0);
    assert_string_equal(tag(&rec, "Red"), "一二三四五六七");
    assert_string_equal(tag(&rec, "Black"), "Lee  Ko");
    assert_string_equal(tag(&rec, "Site"), "a b");
    assert_string_equal(tag(&rec, "Annotator"), "一二三四五六七");
    qp_record_free(&rec);

    /* GBK by hand: 啊 (B0 A1), a byte no character starts with, A, a
     * lead byte cut at the end */
    memcpy(x + 0x50, "\x05\xB0\xA1\xFF\x41\xB0", 6);
    assert_int_equal(qp_xqf_parse(&rec, "T.xqf", (unsigned char *)x, len, NULL, err, sizeof err), 0);
    assert_string_equal(tag(&rec, "Title"), "啊\xEF\xBF\xBD" "A\xEF\xBF\xBD");
    qp_record_free(&rec);
    /* a length byte past the field is cut to the field */
    memset(x + 0x50, 'a', 64);
    x[0x50] = (char)0xff;
    assert_int_equal(qp_xqf_parse(&rec, "T.xqf", (unsigned char *)x, len, NULL, err, sizeof err), 0);
    assert_int_equal(strlen(tag(&rec, "Title")), 63);
    qp_record_free(&rec);
    free(x);
    qp_game_free(&g0);
    qp_rules_free(r);
}

/* A plain record: from, to (squares), flags, comment. */
static size_t node(unsigned char *p, int from, int to, int flags, const char *comment)
{
    size_t n = comment ? strlen(comment) : 0;
    p[0] = (unsigned char)(from + 0x18);
    p[1] = (unsigned char)(to + 0x20);
    p[2] = (unsigned char)flags;
    p[3] = 0;
    p[4] = (unsigned char)n;
    p[5] = p[6] = p[7] = 0;
    if (n) memcpy(p + 8, comment, n);
    return 8 + n;
}
#define NEXT 0xF0
#define VAR 0x0F
#define SQ(f, r) ((f) * 10 + (r))

/* The header of the start position with no moves. */
static size_t empty_header(unsigned char *buf)
{
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    size_t len;
    char err[QP_ERR];
    play(&g, r, NULL, "");
    char *x = qp_xqf_write(&g, NULL, &len, err, sizeof err);
    assert_non_null(x);
    assert_int_equal(len, QP_XQF_HEADER + 8);
    memcpy(buf, x, QP_XQF_HEADER);
    free(x);
    qp_game_free(&g);
    qp_rules_free(r);
    return QP_XQF_HEADER;
}

/* Variations are kept with their comments (record.h's alt and vars),
 * each alternative beside the move it replaces, and written as PGN. */
static void test_variations(void **st)
{
    (void)st;
    unsigned char buf[4096];
    size_t n = empty_header(buf);
    /* 1. h2e2 (1. b2e2 (1. c3c4)) h9g7 (h7e7 {not main}) 2. h0g2 */
    n += node(buf + n, 0, 0, NEXT, "\xA1\xA1start\r\n");   /* an ideographic space before */
    n += node(buf + n, SQ(7, 2), SQ(4, 2), NEXT | VAR, "main 1");
    n += node(buf + n, SQ(7, 9), SQ(6, 7), NEXT | VAR, "main 2");
    n += node(buf + n, SQ(7, 0), SQ(6, 2), 0, "main 3");
    n += node(buf + n, SQ(7, 7), SQ(4, 7), 0, "not main");
    n += node(buf + n, SQ(1, 2), SQ(4, 2), VAR, "var 1");
    n += node(buf + n, SQ(2, 3), SQ(2, 4), 0, NULL);
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_record rec;
    qp_game g;
    qp_xqf_info info;
    char err[QP_ERR], e2[QP_ERR];
    size_t elen;
    char *e = qp_xqf_encrypt((char *)buf, n, 0x12, 5, &elen, err, sizeof err);
    assert_non_null(e);
    for (int k = 0; k < 2; k++) {
        if (load(r, k ? e : (char *)buf, k ? elen : n, &rec, &g, &info, err, sizeof err)) fail_msg("%s", err);
        assert_int_equal(info.variations, 3);
        assert_int_equal(info.nodes, 7);
        assert_int_equal(rec.nmoves, 3);
        assert_string_equal(rec.moves[0], "h2e2");
        assert_string_equal(rec.moves[1], "h9g7");
        assert_string_equal(rec.moves[2], "h0g2");
        assert_string_equal(rec.comments[0], "start");
        assert_string_equal(rec.comments[1], "main 1");
        assert_string_equal(rec.comments[2], "main 2");
        assert_string_equal(rec.comments[3], "main 3");
        assert_non_null(rec.alt);
        assert_int_equal(rec.alt[2], -1);
        const qp_var_node *v = &rec.vars.node[rec.alt[1]];
        assert_string_equal(v->text, "h7e7");
        assert_string_equal(v->comment, "not main");
        assert_int_equal(v->next, -1);
        assert_int_equal(v->alt, -1);
        v = &rec.vars.node[rec.alt[0]];
        assert_string_equal(v->text, "b2e2");
        assert_string_equal(v->comment, "var 1");
        assert_int_equal(v->next, -1);
        assert_string_equal(rec.vars.node[v->alt].text, "c3c4");
        assert_null(rec.vars.node[v->alt].comment);
        assert_int_equal(qp_record_check_variations(&rec, &g), 0);
        size_t tl;
        char *text = qp_record_text_from(&g, QP_NOTATION_WXF, &rec, &tl, err, sizeof err);
        assert_non_null(text);
        assert_non_null(strstr(text, "\n{start}\n1. C2.5 {main 1} (1. C8.5 {var 1}) (1. P7+1) 1... H8+7 {main 2} "
                                     "(1... C8.5 {not main})\n2. H2+3 {main 3}\n*\n"));
        free(text);
        qp_game_free(&g);
        qp_record_free(&rec);
    }
    /* the first alternative cut short: the file is refused */
    assert_int_equal(qp_xqf_parse(&rec, "T.xqf", buf, n - 6, NULL, err, sizeof err), -1);
    snprintf(e2, sizeof e2, "T.xqf: a variation at move 1: truncated: the file ends inside the record at byte %zu",
             n - 8);
    assert_string_equal(err, e2);
    free(e);
    qp_rules_free(r);
}

/* XQF -> record -> XQF: the tree written back as it was, byte for byte,
 * from a plain file and from its scrambled form; deeper nesting and a
 * variation that does not replay (cut there) from a PGN record. */
static void test_write_variations(void **st)
{
    (void)st;
    unsigned char buf[4096];
    size_t n = empty_header(buf);
    /* 1. h2e2 (1. b2e2 (1. c3c4)) h9g7 (h7e7) 2. h0g2, written as the
     * writer orders a tree: each move's continuation, then the
     * alternative to it */
    n += node(buf + n, 0, 0, NEXT, "start");
    n += node(buf + n, SQ(7, 2), SQ(4, 2), NEXT | VAR, "main 1");
    n += node(buf + n, SQ(7, 9), SQ(6, 7), NEXT | VAR, "main 2");
    n += node(buf + n, SQ(7, 0), SQ(6, 2), 0, "main 3");
    n += node(buf + n, SQ(7, 7), SQ(4, 7), 0, "not main");
    n += node(buf + n, SQ(1, 2), SQ(4, 2), NEXT | VAR, "var 1");
    n += node(buf + n, SQ(7, 9), SQ(6, 7), 0, "var 1 goes on");
    n += node(buf + n, SQ(2, 3), SQ(2, 4), 0, NULL);
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_record rec;
    qp_game g;
    char err[QP_ERR];
    size_t elen, len;
    char *e = qp_xqf_encrypt((char *)buf, n, 0x10, 7, &elen, err, sizeof err);
    assert_non_null(e);
    for (int k = 0; k < 2; k++) {
        if (load(r, k ? e : (char *)buf, k ? elen : n, &rec, &g, NULL, err, sizeof err)) fail_msg("%s", err);
        assert_int_equal(rec.vars.n, 4);
        char *x = qp_xqf_write(&g, &rec, &len, err, sizeof err);
        if (!x) fail_msg("%s", err);
        assert_int_equal(len, n);
        assert_memory_equal(x, buf, n);
        free(x);
        qp_game_free(&g);
        qp_record_free(&rec);
    }
    free(e);

    /* from PGN: a variation nested in a variation's second move, a pre
     * comment (it leads the move's comment), an alternative that does not
     * replay (left out) and one whose second move does not (cut there) */
    static const char pgn[] = "[Game \"Chinese Chess\"]\n\n"
                              "{start} 1. h2e2 {c1} ({pre} 1. b2e2 {v1} 1... h9g7 (1... b9c7 {v2} 2. h0g2) 2. h0g2) "
                              "(1. e0e2) (1. c3c4 1... e9e7) 1... h9g7 2. h0g2 *\n";
    qp_record src;
    qp_game g0;
    if (qp_record_parse(&src, "T.pgn", pgn, strlen(pgn), err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(qp_game_init(&g0, r, src.fen[0] ? src.fen : NULL, err, sizeof err), 0);
    if (qp_record_replay(&src, &g0, err, sizeof err)) fail_msg("%s", err);
    char *x = qp_xqf_write(&g0, &src, &len, err, sizeof err);
    if (!x) fail_msg("%s", err);
    if (load(r, x, len, &rec, &g, NULL, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nmoves, 3);
    assert_string_equal(rec.comments[1], "c1");
    const qp_vars *v = &rec.vars;
    assert_int_equal(v->n, 6);
    int a = rec.alt[0];
    assert_string_equal(v->node[a].text, "b2e2");
    assert_string_equal(v->node[a].comment, "pre v1");
    int b = v->node[a].next;
    assert_string_equal(v->node[b].text, "h9g7");
    assert_string_equal(v->node[v->node[b].next].text, "h0g2");
    int c = v->node[b].alt;
    assert_string_equal(v->node[c].text, "b9c7");
    assert_string_equal(v->node[c].comment, "v2");
    assert_string_equal(v->node[v->node[c].next].text, "h0g2");
    int d = v->node[a].alt;
    assert_string_equal(v->node[d].text, "c3c4");
    assert_int_equal(v->node[d].next, -1);
    assert_int_equal(v->node[d].alt, -1);
    assert_int_equal(rec.alt[1], -1);
    assert_int_equal(rec.alt[2], -1);
    /* and written again: the same bytes */
    char *x2 = qp_xqf_write(&g, &rec, &elen, err, sizeof err);
    assert_non_null(x2);
    assert_int_equal(elen, len);
    assert_memory_equal(x2, x, len);
    free(x2);
    free(x);
    qp_game_free(&g);
    qp_record_free(&rec);
    qp_game_free(&g0);
    qp_record_free(&src);
    qp_rules_free(r);
}

/* Alternatives nested 20000 deep: no recursion, no limit but the file. */
static void test_deep_tree(void **st)
{
    (void)st;
    enum { DEEP = 20000 };
    size_t cap = QP_XQF_HEADER + 8 * (2 * DEEP + 8);
    unsigned char *buf = malloc(cap);
    size_t n = empty_header(buf);
    n += node(buf + n, 0, 0, NEXT, NULL);
    n += node(buf + n, SQ(7, 2), SQ(4, 2), VAR, NULL);   /* 1. h2e2, then its alternatives */
    for (int i = 0; i < DEEP; i++) n += node(buf + n, SQ(1, 2), SQ(4, 2), NEXT | VAR, NULL);
    n += node(buf + n, SQ(1, 2), SQ(4, 2), 0, NULL);
    for (int i = 0; i < DEEP; i++) n += node(buf + n, SQ(1, 2), SQ(4, 2), 0, NULL);
    qp_record rec;
    qp_xqf_info info;
    char err[QP_ERR];
    if (qp_xqf_parse(&rec, "T.xqf", buf, n, &info, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nmoves, 1);
    assert_int_equal(info.variations, 1 + DEEP);
    assert_int_equal(info.nodes, 2 + 2 * DEEP + 1);
    qp_record_free(&rec);
    /* and every cut of it is refused */
    assert_int_equal(qp_xqf_parse(&rec, "T.xqf", buf, n - 8, NULL, err, sizeof err), -1);
    free(buf);
}

/* The offset of record k (0: the start) of a plain file. */
static size_t record_at(const char *x, size_t len, int k)
{
    size_t at = QP_XQF_HEADER;
    for (int i = 0; i < k; i++) {
        const unsigned char *p = (const unsigned char *)x + at;
        assert_true(at + 8 <= len);
        at += 8 + (p[4] | p[5] << 8 | p[6] << 16 | (size_t)p[7] << 24);
    }
    return at;
}

static void expect_error(const char *data, size_t len, const char *want)
{
    qp_record rec;
    char err[QP_ERR];
    assert_int_equal(qp_xqf_parse(&rec, "T.xqf", (const unsigned char *)data, len, NULL, err, sizeof err), -1);
    assert_string_equal(err, want);
}

static void test_damaged_files(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g0;
    qp_record src;
    size_t len;
    char *x = game3_xqf(r, &g0, &src, &len);
    char *y = malloc(len);

    expect_error(x, 100, "T.xqf: header: truncated: 100 of its 1024 bytes");
    expect_error("PK\x03\x04", 4, "T.xqf: header: not an XQF file (no \"XQ\" at the start)");
    memcpy(y, x, len);
    y[2] = 0x13;
    expect_error(y, len, "T.xqf: header: version 0x13 is newer than the XQF versions qipan reads (up to 0x12)");
    memcpy(y, x, len);
    y[16 + 1] = y[16];   /* a horse on the chariot's square */
    expect_error(y, len, "T.xqf: header: damaged: two pieces on a0");

    /* move 2's from square off the board: 0x5f */
    size_t m2 = record_at(x, len, 2);
    memcpy(y, x, len);
    assert_int_equal((unsigned char)y[m2], SQ(7, 9) + 0x18);
    y[m2] = 0x5f + 0x18;
    expect_error(y, len, "T.xqf: move 2: from square 0x5f is off the board");
    memcpy(y, x, len);
    y[m2 + 1] = y[m2] + 8;   /* to == from */
    expect_error(y, len, "T.xqf: move 2: from and to are the same square h9");
    /* a comment length past the end, and a negative one */
    memcpy(y, x, len);
    memcpy(y + m2 + 4, "\x00\x00\x01\x00", 4);
    char want[QP_ERR];
    snprintf(want, sizeof want, "T.xqf: move 2: truncated: a comment of 65536 bytes at byte %zu, the file has %zu left",
             m2 + 8, len - m2 - 8);
    expect_error(y, len, want);
    memcpy(y + m2 + 4, "\xff\xff\xff\xff", 4);
    snprintf(want, sizeof want, "T.xqf: move 2: damaged: a comment length of -1 bytes at byte %zu", m2 + 4);
    expect_error(y, len, want);

    /* a move the position does not allow is named by the replay */
    memcpy(y, x, len);
    y[m2] = SQ(7, 9) + 0x18;
    y[m2 + 1] = SQ(7, 5) + 0x20;   /* h9h5: a horse does not go there */
    qp_record rec;
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(load(r, y, len, &rec, &g, NULL, err, sizeof err), -1);
    /* a binary record's move has no line and column to name */
    assert_int_equal(strncmp(err, "move 2 'h9h5': illegal", strlen("move 2 'h9h5': illegal")), 0);

    /* scrambled: the key bytes must add up */
    size_t elen;
    char *e = qp_xqf_encrypt(x, len, 0x12, 3, &elen, err, sizeof err);
    e[13]++;
    expect_error(e, elen, "T.xqf: header: damaged: the key bytes do not add up");
    free(e);

    /* every cut of the plain and the scrambled file is refused with a
     * message; none crashes */
    e = qp_xqf_encrypt(x, len, 0x12, 3, &elen, err, sizeof err);
    for (int k = 0; k < 2; k++) {
        const char *d = k ? e : x;
        size_t dl = k ? elen : len;
        for (size_t cut = 0; cut < dl; cut++) {
            err[0] = 0;
            assert_int_equal(qp_xqf_parse(&rec, "T.xqf", (const unsigned char *)d, cut, NULL, err, sizeof err), -1);
            assert_true(!strncmp(err, "T.xqf: ", 7));
            assert_non_null(strstr(err, cut < 2 ? "not an XQF file" : "truncated"));
        }
    }
    /* the exact message of a cut inside move 3 */
    size_t m3 = record_at(x, len, 3);
    snprintf(want, sizeof want, "T.xqf: move 3: truncated: the file ends inside the record at byte %zu", m3);
    expect_error(x, m3 + 2, want);
    free(e);
    free(y);
    free(x);
    qp_record_free(&src);
    qp_game_free(&g0);
    qp_rules_free(r);
}

static void test_writer_refuses(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    qp_game g;
    size_t len;
    char err[QP_ERR];
    play(&g, r, NULL, "");
    assert_null(qp_xqf_write(&g, NULL, &len, err, sizeof err));
    assert_string_equal(err, "XQF holds Xiangqi games, not zhonggong");
    qp_game_free(&g);
    qp_rules_free(r);
}

/* The format table hands "XQ" files to XQF, and qp_record_load reads
 * them like any record. */
static void test_table_and_load(void **st)
{
    (void)st;
    assert_ptr_equal(qp_record_format_of((const unsigned char *)"XQ\x12", 3), &qp_xqf_format);
    assert_ptr_not_equal(qp_record_format_of((const unsigned char *)"[Event \"x\"]", 11), &qp_xqf_format);
    assert_int_equal(qp_xqf_sniff((const unsigned char *)"XQ is a word", 12), QP_SNIFF_NO);
    char path[512], err[QP_ERR];
    snprintf(path, sizeof path, "%s/records/liu-zhao-1995-v12.xqf", QP_TESTDATA_DIR);
    qp_rules *r, *r0 = tu_rules(&tu_reg, "xiangqi");
    qp_game g, g0;
    if (qp_record_load(&tu_reg, path, &r, &g, err, sizeof err)) fail_msg("%s", err);
    play(&g0, r0, NULL, game3);
    assert_int_equal(g.len, GAME3_PLIES);
    assert_true(r->rs->hash(r, g.cur) == r0->rs->hash(r0, g0.cur));
    qp_game_free(&g0);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_rules_free(r0);
}

static void test_convert_command(void **st)
{
    (void)st;
    char in[512], cmd[2048], *out, *errs;
    snprintf(in, sizeof in, "%s/records/liu-zhao-1995-v12.xqf", QP_TESTDATA_DIR);
    char xqf[] = "/tmp/qp_xqf_XXXXXX";
    close(mkstemp(xqf));
    snprintf(cmd, sizeof cmd, "convert '%s' '%s' --format xqf", in, xqf);
    assert_int_equal(tu_run(cmd, NULL, &out, &errs), 0);
    char want[1024];
    snprintf(want, sizeof want, "%s: xiangqi, 80 moves as XQF\n", xqf);
    assert_string_equal(out, want);
    free(out);
    free(errs);
    /* the plain file written is the one of the data folder */
    size_t a, b;
    char *x = read_bytes(xqf, &a);
    snprintf(in, sizeof in, "%s/records/liu-zhao-1995.xqf", QP_TESTDATA_DIR);
    char *y = read_bytes(in, &b);
    assert_int_equal(a, b);
    assert_memory_equal(x, y, a);
    free(x);
    free(y);
    /* and reads as PGN with its texts */
    snprintf(cmd, sizeof cmd, "convert '%s' - --notation chinese", xqf);
    assert_int_equal(tu_run(cmd, NULL, &out, &errs), 0);
    assert_non_null(strstr(out, "[Red \"柳大华\"]\n"));
    assert_non_null(strstr(out, "[Event \"全国象棋团体赛\"]\n"));
    /* with the comments of the main line, as PGN keeps them */
    assert_non_null(strstr(out, "\n{中炮对屏风马，红方先走。}\n1. 炮二平五 {Central cannon} 马８进７ {"));
    assert_non_null(strstr(out, "\n2. 马二进三 车９平８\n"));
    free(out);
    free(errs);
    /* a damaged file is named with the move and why */
    x = read_bytes(xqf, &a);
    x[record_at(x, a, 80)] = 0x77;   /* the last move's from square: 0x5f */
    write_bytes(xqf, x, a);
    free(x);
    snprintf(cmd, sizeof cmd, "convert '%s' -", xqf);
    assert_int_equal(tu_run(cmd, NULL, &out, &errs), 1);
    snprintf(want, sizeof want, "qipan convert: %s: move 80: from square 0x5f is off the board\n", xqf);
    assert_string_equal(errs, want);
    assert_string_equal(out, "");
    free(out);
    free(errs);
    assert_int_equal(tu_run("convert a b --format cbf", NULL, &out, &errs), 2);
    assert_string_equal(errs, "qipan convert: unknown format 'cbf' (pgn, xqf, sgf)\n");
    free(out);
    free(errs);
    unlink(xqf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_read_round_trip),
        cmocka_unit_test(test_scrambled_versions),
        cmocka_unit_test(test_setup_position_and_claimed_result),
        cmocka_unit_test(test_texts),
        cmocka_unit_test(test_variations),
        cmocka_unit_test(test_write_variations),
        cmocka_unit_test(test_deep_tree),
        cmocka_unit_test(test_damaged_files),
        cmocka_unit_test(test_writer_refuses),
        cmocka_unit_test(test_table_and_load),
        cmocka_unit_test(test_convert_command),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
