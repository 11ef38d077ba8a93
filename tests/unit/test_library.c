/*
 * test_library.c — the game library (frontends/common/library.h): finished games
 * kept as new files, never over another, listed newest first.
 */
#include "testutil.h"
#include "library.h"
#include "record.h"
#include "record_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A tic-tac-toe game of the given moves. */
static void game_of(qp_game *g, qp_rules *r, const char *const *moves)
{
    char err[QP_ERR];
    assert_int_equal(qp_game_init(g, r, NULL, err, sizeof err), 0);
    for (; *moves; moves++) {
        qp_move m;
        assert_int_equal(r->rs->move_parse(r, g->cur, *moves, &m, err, sizeof err), 0);
        qp_game_play(g, m);
    }
}

static void test_missing_folder_is_empty(void **st)
{
    (void)st;
    qp_library_entry *e = (qp_library_entry *)1;
    int n = -1, bad = -1;
    char err[QP_ERR];
    assert_int_equal(qp_library_list(&e, &n, &bad, err, sizeof err), 0);
    assert_null(e);
    assert_int_equal(n, 0);
    assert_int_equal(bad, 0);
}

static void test_keep_and_list(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game won, drawn, short_game;
    const char *const x_wins[] = {"a1", "b1", "a2", "b2", "a3", NULL};
    const char *const draw[] = {"a1", "b2", "c3", "a2", "c2", "c1", "a3", "b3", "b1", NULL};
    const char *const three[] = {"b2", "a1", "c3", NULL};
    game_of(&won, r, x_wins);
    game_of(&drawn, r, draw);
    game_of(&short_game, r, three);
    char p1[1024], p2[1024], p3[1024], err[QP_ERR];
    /* Kept within the same second or not, three games get three files. */
    assert_int_equal(qp_library_keep(&won, p1, sizeof p1, err, sizeof err), 0);
    assert_int_equal(qp_library_keep(&drawn, p2, sizeof p2, err, sizeof err), 0);
    assert_int_equal(qp_library_keep(&short_game, p3, sizeof p3, err, sizeof err), 0);
    assert_string_not_equal(p1, p2);
    assert_string_not_equal(p2, p3);
    char dir[256];
    snprintf(dir, sizeof dir, "%s/qipan/library/tictactoe-", tu_data_home);
    assert_memory_equal(p1, dir, strlen(dir));

    /* The file is the record: it loads back to the same game. */
    qp_rules *r2;
    qp_game back;
    assert_int_equal(qp_record_load(&tu_reg, p1, &r2, &back, err, sizeof err), 0);
    assert_int_equal(back.len, won.len);
    assert_true(back.hist[back.len].hash == won.hist[won.len].hash);
    qp_game_free(&back);
    qp_rules_free(r2);

    /* Something else in the folder is counted, not listed. */
    char junk[300];
    snprintf(junk, sizeof junk, "%s/qipan/library/notes.txt", tu_data_home);
    FILE *f = fopen(junk, "w");
    assert_non_null(f);
    fputs("not a record\n", f);
    fclose(f);

    qp_library_entry *e;
    int n, bad;
    assert_int_equal(qp_library_list(&e, &n, &bad, err, sizeof err), 0);
    assert_int_equal(n, 3);
    assert_int_equal(bad, 1);
    /* newest first: the last kept is listed first */
    assert_string_equal(e[0].file, strrchr(p3, '/') + 1);
    assert_string_equal(e[1].file, strrchr(p2, '/') + 1);
    assert_string_equal(e[2].file, strrchr(p1, '/') + 1);
    assert_string_equal(e[2].ruleset, "tictactoe");
    assert_string_equal(e[2].result, "1-0");
    assert_int_equal(e[2].plies, 5);
    assert_string_equal(e[1].result, "1/2-1/2");
    assert_int_equal(e[1].plies, 9);
    assert_string_equal(e[0].result, "*");
    assert_string_equal(e[0].white, "?");
    assert_string_equal(e[0].black, "?");
    free(e);
    qp_game_free(&won);
    qp_game_free(&drawn);
    qp_game_free(&short_game);
    qp_rules_free(r);
}

/* A folder that cannot be made is an error with the reason; nothing is
 * written. */
static void test_no_folder(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    qp_game g;
    const char *const none[] = {NULL};
    game_of(&g, r, none);
    char file[300], path[1024], err[QP_ERR];
    snprintf(file, sizeof file, "%s/a-file", tu_data_home);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    setenv("XDG_DATA_HOME", file, 1);   /* a file where the folder should be */
    assert_int_equal(qp_library_keep(&g, path, sizeof path, err, sizeof err), -1);
    char want[400];
    snprintf(want, sizeof want, "cannot create %s/qipan: Not a directory", file);
    assert_string_equal(err, want);
    setenv("XDG_DATA_HOME", tu_data_home, 1);
    qp_game_free(&g);
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_folder_is_empty),
        cmocka_unit_test(test_keep_and_list),
        cmocka_unit_test(test_no_folder),
    };
    return cmocka_run_group_tests(tests, tu_setup_data_home, tu_teardown_data_home);
}
