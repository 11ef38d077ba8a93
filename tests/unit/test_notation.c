/*
 * test_notation.c — the notation hooks of Xiangqi and Zhonggong: every
 * spelling players use reads to the right move, errors say why, and every
 * legal move written in every notation reads back to itself.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset.h"

#define XQ_START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define XQ_BLACK "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
#define XQ_CANNONS "3k5/9/9/9/4C4/9/4C4/9/9/4K4 w - - 0 1"
#define XQ_THREE "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"
#define XQ_FOUR "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1"
#define XQ_TWO_FILES "3k5/9/2P1P4/2P1P4/9/9/9/9/9/4K4 w - - 0 1"
/* three soldiers on file 7 and two on file 5: numbered 一..五 across */
#define XQ_THREE_TWO "3k5/9/2P1P4/2P1P4/2P6/9/9/9/9/4K4 w - - 0 1"
/* Black's soldiers doubled on its files 3 and 5 */
#define XQ_BLACK_TWO "3k5/9/9/9/9/2p1p4/2p1p4/9/9/5K3 b - - 0 1"

static void *load(const qp_rules *r, const char *fen)
{
    char err[QP_ERR];
    void *s = qp_state_new(r);
    if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("%s: %s", fen, err);
    return s;
}

typedef struct read_case {
    const char *fen, *text, *hint, *want;   /* want: coordinates */
} read_case;

static const read_case xq_reads[] = {
    {XQ_START, "炮二平五", NULL, "h3e3"},
    {XQ_START, "砲二平五", NULL, "h3e3"},
    {XQ_START, "包2平5", NULL, "h3e3"},
    {XQ_START, "炮２平５", NULL, "h3e3"},
    {XQ_START, "C2.5", NULL, "h3e3"},
    {XQ_START, "c2=5", NULL, "h3e3"},
    {XQ_START, "h3e3", NULL, "h3e3"},
    {XQ_START, "h2e2", "iccs", "h3e3"},
    {XQ_START, "H2-E2", NULL, "h3e3"},
    {XQ_START, "h0g2", NULL, "h1g3"},
    {XQ_START, "傌二進三", NULL, "h1g3"},
    {XQ_START, "馬二进三", NULL, "h1g3"},
    {XQ_START, "N2+3", NULL, "h1g3"},
    {XQ_START, "俥一進一", NULL, "i1i2"},
    {XQ_START, "車1进1", NULL, "i1i2"},
    {XQ_START, "象七进五", NULL, "c1e3"},
    {XQ_START, "B7+5", NULL, "c1e3"},
    {XQ_START, "士四进五", NULL, "f1e2"},
    {XQ_START, "帥五進一", NULL, "e1e2"},
    {XQ_START, "將五进一", NULL, "e1e2"},
    {XQ_START, "K5+1", NULL, "e1e2"},
    {XQ_START, "卒三进一", NULL, "g4g5"},
    {XQ_BLACK, "马８进７", NULL, "h10g8"},
    {XQ_BLACK, "馬8進7", NULL, "h10g8"},
    {XQ_BLACK, "H8+7", NULL, "h10g8"},
    {XQ_BLACK, "炮２平５", NULL, "b8e8"},
    {XQ_BLACK, "砲二平五", NULL, "b8e8"},
    {XQ_BLACK, "卒５进１", NULL, "e7e6"},
    {XQ_BLACK, "h9g7", "iccs", "h10g8"},
    {XQ_CANNONS, "前炮平四", NULL, "e6f6"},
    {XQ_CANNONS, "炮前平四", NULL, "e6f6"},
    {XQ_CANNONS, "後炮進一", NULL, "e4e5"},
    {XQ_CANNONS, "后炮退二", NULL, "e4e2"},
    {XQ_CANNONS, "C+.4", NULL, "e6f6"},
    {XQ_CANNONS, "+C.4", NULL, "e6f6"},
    {XQ_CANNONS, "C--2", NULL, "e4e2"},
    {XQ_CANNONS, "炮五进三", NULL, "e6e9"},   /* only the front one can */
    {XQ_THREE, "前兵进一", NULL, "c8c9"},
    {XQ_THREE, "中兵平八", NULL, "c7b7"},
    {XQ_THREE, "后兵平六", NULL, "c6d6"},
    {XQ_THREE, "P+.8", NULL, "c8b8"},
    {XQ_THREE, "P7.8", NULL, "c7b7"},
    {XQ_THREE, "P-.6", NULL, "c6d6"},
    {XQ_FOUR, "一兵平六", NULL, "c9d9"},
    {XQ_FOUR, "二兵平六", NULL, "c8d8"},
    {XQ_FOUR, "四兵平八", NULL, "c6b6"},
    {XQ_FOUR, "++.6", NULL, "c9d9"},
    {XQ_FOUR, "P+.6", NULL, "c8d8"},
    {XQ_FOUR, "P-.6", NULL, "c7d7"},
    {XQ_FOUR, "--.6", NULL, "c6d6"},
    /* two files with two soldiers or more: numbered from the mover's right
     * file, front to back on each (the official rule) */
    {XQ_TWO_FILES, "一兵平四", NULL, "e8f8"},
    {XQ_TWO_FILES, "二兵平四", NULL, "e7f7"},
    {XQ_TWO_FILES, "三兵进一", NULL, "c8c9"},
    {XQ_TWO_FILES, "四兵平八", NULL, "c7b7"},
    {XQ_TWO_FILES, "四兵平八", NULL, "c7b7"},
    {XQ_TWO_FILES, "前七进一", NULL, "c8c9"},   /* the older form */
    {XQ_TWO_FILES, "后五平四", NULL, "e7f7"},
    {XQ_THREE_TWO, "一兵进一", NULL, "e8e9"},
    {XQ_THREE_TWO, "二兵平四", NULL, "e7f7"},
    {XQ_THREE_TWO, "三兵平八", NULL, "c8b8"},
    {XQ_THREE_TWO, "五兵平八", NULL, "c6b6"},
    {XQ_THREE_TWO, "5+.4", NULL, "e8f8"},
    {XQ_THREE_TWO, "77.8", NULL, "c7b7"},
    {XQ_THREE_TWO, "7-.8", NULL, "c6b6"},
    {XQ_BLACK_TWO, "一卒平２", NULL, "c4b4"},
    {XQ_BLACK_TWO, "三卒平４", NULL, "e4d4"},
    {XQ_BLACK_TWO, "四卒平６", NULL, "e5f5"},
    {XQ_BLACK_TWO, "3+.2", NULL, "c4b4"},
    /* SAN as XBoard writes it (ranks 0-9) and as chess-family programs do
     * (1-10): a 0 or 10 tells, else the hint, else 1-10 first */
    {XQ_START, "Che2", "iccs", "h3e3"},
    {XQ_START, "Che3", NULL, "h3e3"},
    {XQ_START, "Hg2", "iccs", "h1g3"},
    {XQ_START, "Hg3", NULL, "h1g3"},
    {XQ_START, "Ng3", NULL, "h1g3"},
    {XQ_START, "Ege2", "iccs", "g1e3"},
    {XQ_START, "Ege3", NULL, "g1e3"},
    {XQ_START, "Bce3", NULL, "c1e3"},
    {XQ_START, "Ri1", NULL, "i1i2"},
    {XQ_START, "Ri1", "iccs", "i1i2"},
    {XQ_START, "Ra2", NULL, "a1a2"},
    {XQ_START, "Chxh9", "iccs", "h3h10"},
    {XQ_START, "Chxh10", NULL, "h3h10"},
    {XQ_START, "c5", NULL, "c4c5"},
    {XQ_START, "c4", "iccs", "c4c5"},
    {XQ_START, "Ke2", NULL, "e1e2"},
    {XQ_BLACK, "Hg7", "iccs", "h10g8"},
    {XQ_BLACK, "Hg8", NULL, "h10g8"},
    {XQ_CANNONS, "C6f6", NULL, "e6f6"},
    {XQ_CANNONS, "Cef6", NULL, "e6f6"},
    /* full-width letters and digits in every notation */
    {XQ_START, "Ｃ２＝５", NULL, "h3e3"},
    {XQ_START, "Ｃ２．５", NULL, "h3e3"},
    {XQ_START, "Ｈ２＋３", NULL, "h1g3"},
    {XQ_START, "ｈ２ｅ２", "iccs", "h3e3"},
    {XQ_START, "Ｈ２－Ｅ２", NULL, "h3e3"},
    {XQ_START, "ｈ３ｅ３", NULL, "h3e3"},
    {XQ_START, "炮２平５", NULL, "h3e3"},
    {XQ_BLACK, "马８进７", NULL, "h10g8"},
    {XQ_BLACK, "ｈ９ｇ７", "iccs", "h10g8"},
    {XQ_TWO_FILES, "7+.6", NULL, "c8d8"},
    {XQ_TWO_FILES, "5-.4", NULL, "e7f7"},
};

/* Each case's text read in ruleset name: the move it names. */
static void check_reads(const char *name, const read_case *cases, size_t n)
{
    qp_rules *r = tu_rules(&tu_reg, name);
    for (size_t i = 0; i < n; i++) {
        const read_case *c = &cases[i];
        void *s = load(r, c->fen);
        qp_move m;
        char err[QP_ERR], got[QP_MOVE_TEXT];
        if (r->rs->notation_parse(r, s, c->text, c->hint, &m, err, sizeof err))
            fail_msg("%s in %s: %s", c->text, c->fen, err);
        r->rs->move_text(r, s, m, got, sizeof got);
        if (strcmp(got, c->want)) fail_msg("%s in %s: want %s got %s", c->text, c->fen, c->want, got);
        free(s);
    }
    qp_rules_free(r);
}

static void test_xiangqi_reads(void **st)
{
    (void)st;
    check_reads("xiangqi", xq_reads, sizeof xq_reads / sizeof xq_reads[0]);
}

typedef struct write_case {
    const char *fen, *move, *style, *want;
} write_case;

static const write_case xq_writes[] = {
    {XQ_START, "h3e3", "traditional", "炮二平五"},
    {XQ_START, "h1g3", "traditional", "傌二進三"},
    {XQ_START, "h3e3", "wxf", "C2.5"},
    {XQ_START, "h1g3", "wxf", "H2+3"},
    {XQ_START, "h3e3", "iccs", "h2e2"},
    {XQ_BLACK, "h10g8", "chinese", "马８进７"},
    {XQ_BLACK, "h10g8", "traditional", "馬８進７"},
    {XQ_BLACK, "b8e8", "wxf", "C2.5"},
    {XQ_BLACK, "a10a9", "iccs", "a9a8"},
    {XQ_CANNONS, "e4e2", "wxf", "C--2"},
    {XQ_CANNONS, "e6f6", "traditional", "前炮平四"},
    {XQ_CANNONS, "e4e5", "traditional", "後炮進一"},
    {XQ_THREE, "c8b8", "wxf", "P+.8"},
    {XQ_THREE, "c7b7", "wxf", "P7.8"},
    {XQ_THREE, "c6d6", "wxf", "P-.6"},
    {XQ_FOUR, "c9d9", "wxf", "++.6"},
    {XQ_FOUR, "c8d8", "wxf", "P+.6"},
    {XQ_FOUR, "c6d6", "wxf", "--.6"},
    {XQ_FOUR, "c6d6", "chinese", "四兵平六"},
    {XQ_TWO_FILES, "c8d8", "wxf", "7+.6"},
    {XQ_TWO_FILES, "e7f7", "chinese", "二兵平四"},
    {XQ_TWO_FILES, "e8f8", "chinese", "一兵平四"},
    {XQ_TWO_FILES, "c8c9", "traditional", "三兵進一"},
    {XQ_TWO_FILES, "c7b7", "chinese", "四兵平八"},
    {XQ_TWO_FILES, "e7f7", "wxf", "5-.4"},
    {XQ_THREE_TWO, "c6b6", "chinese", "五兵平八"},
    {XQ_THREE_TWO, "c8b8", "chinese", "三兵平八"},
    {XQ_THREE_TWO, "c7b7", "wxf", "77.8"},
    {XQ_THREE, "c7b7", "chinese", "中兵平八"},
    {XQ_THREE, "c8c9", "traditional", "前兵進一"},
    {XQ_FOUR, "c8d8", "chinese", "二兵平六"},
    {XQ_BLACK_TWO, "e4d4", "chinese", "三卒平４"},
    {XQ_BLACK_TWO, "c4b4", "traditional", "一卒平２"},
    {XQ_BLACK_TWO, "c4b4", "wxf", "3+.2"},
    /* advisors and elephants keep their file: their moves never clash */
    {"3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1", "d1e2", "chinese", "仕六进五"},
    {"3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1", "d3e2", "chinese", "仕六退五"},
};

static void test_xiangqi_writes(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    for (size_t i = 0; i < sizeof xq_writes / sizeof xq_writes[0]; i++) {
        const write_case *c = &xq_writes[i];
        void *s = load(r, c->fen);
        qp_move m;
        char err[QP_ERR], got[64];
        if (r->rs->move_parse(r, s, c->move, &m, err, sizeof err)) fail_msg("%s: %s", c->move, err);
        assert_int_equal(r->rs->notation_text(r, s, m, c->style, got, sizeof got), 0);
        if (strcmp(got, c->want))
            fail_msg("%s in %s as %s: want %s got %s", c->move, c->fen, c->style, c->want, got);
        free(s);
    }
    qp_rules_free(r);
}

typedef struct error_case {
    const char *fen, *text, *want;
} error_case;

static const error_case xq_errors[] = {
    {XQ_START, "炮二平X", "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)"},
    {XQ_START, "炮二平五五", "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)"},
    {XQ_START, "车二进一", "illegal: no chariot of yours on file 2"},
    {XQ_START, "前炮平五", "illegal: no cannon of yours fits '前炮平五'"},
    {XQ_START, "车一进三", "illegal: cannot capture your own piece"},
    {XQ_START, "马二进四", "illegal: the horse's leg is blocked"},
    {XQ_START, "兵三平四", "illegal: the soldier moves sideways only after crossing the river"},
    {XQ_START, "相三退一", "illegal: the elephant cannot move so"},
    {XQ_START, "h2e9", "illegal: the cannon moves along a rank or file"},
    {XQ_START, "h0h9", "illegal: the horse moves one point straight then one diagonally"},
    {XQ_START, "j2e2", "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)"},
    {XQ_CANNONS, "炮五平四", "ambiguous: 2 moves fit (tell the pieces apart with 前/后 or +/-)"},
    /* the soldier the numbering names, blocked by its file's front one */
    {XQ_BLACK_TWO, "四卒进１", "illegal: cannot capture your own piece"},
    {XQ_TWO_FILES, "六兵进一", "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)"},
    {XQ_TWO_FILES, "五兵进一", "illegal: no soldier of yours fits '五兵进一'"},
    {XQ_START, "Cd5", "illegal: no cannon of yours can go to d5"},
    {XQ_START, "Ee3", "ambiguous: 2 of your elephants can go to e3 (name the file or rank it leaves)"},
    {XQ_START, "Ce3", "ambiguous: 2 of your cannons can go to e3 (name the file or rank it leaves)"},
    {XQ_START, "Ｃ２＝Ｘ", "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)"},
};

static void test_xiangqi_errors(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    for (size_t i = 0; i < sizeof xq_errors / sizeof xq_errors[0]; i++) {
        const error_case *c = &xq_errors[i];
        void *s = load(r, c->fen);
        qp_move m;
        char err[QP_ERR];
        if (!r->rs->notation_parse(r, s, c->text, "iccs", &m, err, sizeof err))
            fail_msg("%s was read", c->text);
        if (strcmp(err, c->want)) fail_msg("%s: want '%s' got '%s'", c->text, c->want, err);
        free(s);
    }
    qp_rules_free(r);
}

static const read_case zg_reads[] = {
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1", "兵九进一", NULL, "a3a4"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1", "P9+1", NULL, "a3a4"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1", "俥九進一", NULL, "a1a2"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1", "a3a4", NULL, "a3a4"},
};

#define ZG_EXCHANGE "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1"

/* Exchanges in every notation, and the errors of bad ones. */
static void test_zhonggong_exchanges(void **st)
{
    (void)st;
    static const struct {
        const char *text, *want;
    } reads[] = {
        {"兵九兵七兑砲二", "a9c9xh8"}, {"兵9兵7兌炮2", "a9c9xh8"}, {"P9P7xC2", "a9c9xh8"},
        {"a9c9xh8", "a9c9xh8"}, {"兵三兑卒八", "g9xb8"}, {"卒3兌卒８", "g9xb8"}, {"P3xP8", "g9xb8"},
    };
    static const struct {
        const char *move, *style, *want;
    } writes[] = {
        {"a9c9xh8", "chinese", "兵九兵七兑砲二"}, {"a9c9xh8", "traditional", "兵九兵七兌砲二"},
        {"a9c9xh8", "wxf", "P9P7xC2"}, {"g9xb8", "wxf", "P3xP8"}, {"g9xb8", "chinese", "兵三兑卒八"},
    };
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    void *s = load(r, ZG_EXCHANGE);
    char err[QP_ERR], got[64];
    qp_move m;
    for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) {
        if (r->rs->notation_parse(r, s, reads[i].text, NULL, &m, err, sizeof err))
            fail_msg("%s: %s", reads[i].text, err);
        r->rs->move_text(r, s, m, got, sizeof got);
        assert_string_equal(got, reads[i].want);
    }
    for (size_t i = 0; i < sizeof writes / sizeof writes[0]; i++) {
        assert_int_equal(r->rs->move_parse(r, s, writes[i].move, &m, err, sizeof err), 0);
        assert_int_equal(r->rs->notation_text(r, s, m, writes[i].style, got, sizeof got), 0);
        assert_string_equal(got, writes[i].want);
    }
    assert_int_equal(r->rs->notation_parse(r, s, "兵兵兵兑砲二", NULL, &m, err, sizeof err), -1);
    assert_string_equal(err, "illegal: no such exchange");
    /* four soldiers stand on the far rank: the short form fits several */
    assert_int_equal(r->rs->notation_parse(r, s, "兵兑卒八", NULL, &m, err, sizeof err), -1);
    assert_string_equal(err, "ambiguous: 4 exchanges fit (give each soldier's file: 兵九兵七兑砲二)");
    assert_int_equal(r->rs->notation_parse(r, s, "xyz", NULL, &m, err, sizeof err), -1);
    assert_string_equal(err, "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)");
    assert_int_equal(r->rs->notation_text(r, s, m, "iccs", got, sizeof got), -1);
    free(s);
    qp_rules_free(r);
}

static void test_zhonggong_reads(void **st)
{
    (void)st;
    check_reads("zhonggong", zg_reads, sizeof zg_reads / sizeof zg_reads[0]);
}

/* Random games (a fixed LCG): every legal move of every position, written
 * in every notation, reads back to itself.  Returns the checks made. */
static long every_move_round_trip(const char *name, const char *const *styles, int games, int plies)
{
    qp_rules *r = tu_rules(&tu_reg, name);
    void *s = qp_state_new(r);
    uint64_t seed = 12345;
    long checks = 0;
    for (int g = 0; g < games; g++) {
        r->rs->setup(r, s);
        for (int ply = 0; ply < plies; ply++) {
            qp_move mv[QP_MAX_MOVES];
            int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
            if (!n) break;
            for (int i = 0; i < n; i++)
                for (int k = 0; styles[k]; k++) {
                    char text[64], err[QP_ERR];
                    qp_move back = 0;
                    assert_int_equal(r->rs->notation_text(r, s, mv[i], styles[k], text, sizeof text), 0);
                    if (r->rs->notation_parse(r, s, text, styles[k], &back, err, sizeof err) ||
                        back != mv[i]) {
                        char fen[256], want[QP_MOVE_TEXT];
                        r->rs->fen_print(r, s, fen, sizeof fen);
                        r->rs->move_text(r, s, mv[i], want, sizeof want);
                        fail_msg("%s %s: %s '%s' read back as %s", fen, want, styles[k], text,
                                 back == mv[i] ? err : "another move");
                    }
                    checks++;
                }
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            r->rs->make(r, s, mv[(seed >> 33) % (uint64_t)n], NULL);
        }
    }
    free(s);
    qp_rules_free(r);
    return checks;
}

static void test_xiangqi_every_move_round_trips(void **st)
{
    (void)st;
    static const char *const styles[] = {"coord", "chinese", "traditional", "wxf", "iccs", NULL};
    long n = every_move_round_trip("xiangqi", styles, 8, 120);
    print_message("%ld xiangqi checks\n", n);
    assert_true(n > 100000);
}

static void test_zhonggong_every_move_round_trips(void **st)
{
    (void)st;
    static const char *const styles[] = {"coord", "chinese", "traditional", "wxf", NULL};
    long n = every_move_round_trip("zhonggong", styles, 8, 120);
    print_message("%ld zhonggong checks\n", n);
    assert_true(n > 60000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xiangqi_reads),
        cmocka_unit_test(test_xiangqi_writes),
        cmocka_unit_test(test_xiangqi_errors),
        cmocka_unit_test(test_zhonggong_reads),
        cmocka_unit_test(test_zhonggong_exchanges),
        cmocka_unit_test(test_xiangqi_every_move_round_trips),
        cmocka_unit_test(test_zhonggong_every_move_round_trips),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
