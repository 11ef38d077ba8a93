/*
 * test_board.c — geometry: neighbours, diagonal links, regions, names.
 */
#include "testutil.h"

#include <string.h>

static void test_neighbours_and_names(void **st)
{
    (void)st;
    qp_geom g;
    assert_int_equal(qp_geom_init(&g, 9, 9, QP_BOARD_POINTS), 0);
    int e4 = qp_sq(&g, 4, 3);
    assert_int_equal(g.nb[e4][QP_N], qp_sq(&g, 4, 4));
    assert_int_equal(g.nb[e4][QP_W], qp_sq(&g, 3, 3));
    assert_int_equal(g.nb[e4][QP_NE], -1);          /* no diagonal until linked */
    assert_int_equal(g.nb[0][QP_S], -1);
    assert_int_equal(g.nb[8][QP_E], -1);
    char name[8];
    qp_sq_name(&g, e4, name);
    assert_string_equal(name, "e4");
    int sq;
    assert_int_equal(qp_sq_parse(&g, "i9x", &sq), 2);
    assert_int_equal(sq, 80);
    assert_int_equal(qp_sq_parse(&g, "j1", &sq), 0);
    assert_int_equal(qp_sq_parse(&g, "a0", &sq), 0);
    assert_int_equal(qp_sq_parse(&g, "a10", &sq), 0);   /* only 9 ranks */
    assert_int_equal(qp_geom_init(&g, 20, 3, QP_BOARD_CELLS), -1);
}

static void test_large_board_names(void **st)
{
    (void)st;
    qp_geom g;
    assert_int_equal(qp_geom_init(&g, 15, 15, QP_BOARD_POINTS), 0);
    int sq;
    assert_int_equal(qp_sq_parse(&g, "o15", &sq), 3);
    assert_int_equal(sq, 224);
    char name[8];
    qp_sq_name(&g, qp_sq(&g, 7, 9), name);
    assert_string_equal(name, "h10");
}

static void test_palace_region(void **st)
{
    (void)st;
    qp_geom g;
    qp_geom_init(&g, 9, 9, QP_BOARD_POINTS);
    int f0, r0, f1, r1;
    assert_int_equal(qp_rect_parse(&g, "d4-f6", &f0, &r0, &f1, &r1), 0);
    assert_int_equal(f0 * 1000 + r0 * 100 + f1 * 10 + r1, 3 * 1000 + 3 * 100 + 5 * 10 + 5);
    assert_int_equal(qp_rect_parse(&g, "f6-d4", &f0, &r0, &f1, &r1), -1);
    assert_int_equal(qp_rect_parse(&g, "d4f6", &f0, &r0, &f1, &r1), -1);
    int id = qp_geom_add_region(&g, "palace", 3, 3, 5, 5, true);
    assert_int_equal(id, 0);
    assert_int_equal(qp_geom_find_region(&g, "palace"), 0);
    assert_int_equal(qp_geom_find_region(&g, "river"), -1);
    int d4 = qp_sq(&g, 3, 3), e5 = qp_sq(&g, 4, 4), f6 = qp_sq(&g, 5, 5), e4 = qp_sq(&g, 4, 3);
    assert_true(g.regions[0].in[e5]);
    assert_false(g.regions[0].in[qp_sq(&g, 2, 3)]);
    /* The 米 lines: corner-centre-corner both ways, and nothing else. */
    assert_int_equal(g.nb[d4][QP_NE], e5);
    assert_int_equal(g.nb[e5][QP_NE], f6);
    assert_int_equal(g.nb[f6][QP_SW], e5);
    assert_int_equal(g.nb[e5][QP_NW], qp_sq(&g, 3, 5));
    assert_int_equal(g.nb[e4][QP_NE], -1);
    assert_int_equal(g.nb[e4][QP_NW], -1);
    int links = 0;
    for (int sq = 0; sq < g.n; sq++)
        for (int d = QP_NE; d <= QP_NW; d++) links += g.nb[sq][d] >= 0;
    assert_int_equal(links, 8);   /* 4 segments, each linked both ways */
}

static void test_all_diagonals(void **st)
{
    (void)st;
    qp_geom g;
    qp_geom_init(&g, 3, 3, QP_BOARD_POINTS);
    qp_geom_link_all_diagonals(&g);
    assert_int_equal(g.nb[4][QP_NE], 8);
    assert_int_equal(g.nb[4][QP_SW], 0);
    assert_int_equal(g.nb[0][QP_SW], -1);
    assert_int_equal(g.nb[1][QP_NW], 3);
}

static void test_params(void **st)
{
    (void)st;
    static const qp_param_def schema[] = {
        {"size", QP_PT_INT, "15", 5, 19, ""},
        {"exact", QP_PT_BOOL, "false", 0, 0, ""},
        {"setup", QP_PT_STRING, "abc", 0, 0, ""},
        {"exchange", QP_PT_LIST, "P,C,N,R", 0, 0, ""},
        {"ai.level", QP_PT_INT, "7", 1, 10, "a ruleset may override a common default"},
        {NULL, 0, NULL, 0, 0, NULL},
    };
    qp_params p;
    char err[QP_ERR];
    assert_int_equal(qp_params_init(&p, schema, err, sizeof err), 0);
    assert_int_equal(qp_param_int(&p, "size"), 15);
    assert_int_equal(qp_param_int(&p, "ai.level"), 7);
    assert_int_equal(qp_param_int(&p, "ai.hash_mb"), 64);
    long long lv;
    assert_int_equal(qp_param_map_get(&p, "ai.levels", "hard", &lv), 0);
    assert_int_equal(lv, 8);
    assert_int_equal(qp_param_map_get(&p, "ai.levels", "godlike", &lv), -1);
    assert_int_equal(qp_params_set(&p, "size", "25", err, sizeof err), -1);
    assert_string_equal(err, "'size' must be between 5 and 19, got 25");
    assert_int_equal(qp_param_int(&p, "size"), 15);
    assert_int_equal(qp_params_set(&p, "size", "1x", err, sizeof err), -1);
    assert_string_equal(err, "'size' must be an integer, got '1x'");
    assert_int_equal(qp_params_set(&p, "exact", "yes", err, sizeof err), -1);
    assert_string_equal(err, "'exact' must be a boolean (true/false), got 'yes'");
    assert_int_equal(qp_params_set(&p, "exact", "true", err, sizeof err), 0);
    assert_true(qp_param_bool(&p, "exact"));
    assert_false(qp_param_is_default(qp_params_find(&p, "exact")));
    assert_int_equal(qp_params_set(&p, "nosuch", "1", err, sizeof err), -1);
    assert_string_equal(err, "unknown key 'nosuch'");
    assert_int_equal(qp_params_set(&p, "ai.levels", "easy=1,x", err, sizeof err), -1);
    assert_int_equal(qp_params_set(&p, "ai.levels", "easy=1,pro=10", err, sizeof err), 0);
    assert_int_equal(qp_param_map_get(&p, "ai.levels", "pro", &lv), 0);
    assert_int_equal(lv, 10);
    assert_string_equal(qp_param_str(&p, "exchange"), "P,C,N,R");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_neighbours_and_names),
        cmocka_unit_test(test_large_board_names),
        cmocka_unit_test(test_palace_region),
        cmocka_unit_test(test_all_diagonals),
        cmocka_unit_test(test_params),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
