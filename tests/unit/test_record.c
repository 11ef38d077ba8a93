/*
 * test_record.c — saved games: format, atomic save, loading with checks.
 */
#include "testutil.h"
#include "walkgame.h"
#include "record.h"
#include "record_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void setup_reg(qp_registry *reg)
{
    qp_registry_init(reg, QP_SCRIPTS_DIR);
    assert_int_equal(qp_registry_add(reg, &walk_ruleset), 0);
    assert_int_equal(qp_registry_add(reg, &walk_ruleset), -1);   /* names are unique */
}

static qp_rules *walk_with(const char *key, const char *val)
{
    char err[QP_ERR];
    qp_params p;
    qp_params_init(&p, walk_ruleset.params, err, sizeof err);
    if (key) assert_int_equal(qp_params_set(&p, key, val, err, sizeof err), 0);
    qp_rules *r = qp_rules_create(&walk_ruleset, &p, err, sizeof err);
    assert_non_null(r);
    return r;
}

static void test_save_load_round_trip(void **st)
{
    (void)st;
    qp_registry reg;
    setup_reg(&reg);
    qp_rules *r = walk_with("draw.no_capture_plies", "50");
    qp_game g;
    char err[QP_ERR], path[] = "/tmp/qp_rec_XXXXXX";
    close(mkstemp(path));
    assert_int_equal(qp_game_init(&g, r, "2 b", err, sizeof err), 0);
    for (const char *m = "rrlr"; *m; m++) {
        char t[2] = {*m, 0};
        assert_int_equal(qp_game_play_text(&g, t, err, sizeof err), 0);
    }
    qp_game_undo(&g);
    assert_int_equal(qp_record_save(&g, path, err, sizeof err), 0);
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    assert_int_equal(access(tmp, F_OK), -1);   /* renamed into place */
    const char *text = read_file(path);
    assert_non_null(strstr(text, "[Ruleset \"walk\"]\n"));
    assert_non_null(strstr(text, "[Result \"*\"]\n"));
    assert_non_null(strstr(text, "[FEN \"2 b\"]\n"));
    assert_non_null(strstr(text, "[Param \"draw.no_capture_plies\" \"50\"]\n"));
    assert_null(strstr(text, "draw.repetitions"));      /* defaults are not written */
    assert_non_null(strstr(text, "[Ply \"3\"]\n"));
    assert_non_null(strstr(text, "[PlyCount \"4\"]\n"));
    assert_non_null(strstr(text, "\n1... r\n2. r l\n3. r\n*\n"));

    qp_rules *r2;
    qp_game g2;
    assert_int_equal(qp_record_load(&reg, path, &r2, &g2, err, sizeof err), 0);
    assert_int_equal(g2.len, 4);
    assert_int_equal(g2.cursor, 3);
    assert_memory_equal(g2.rec, g.rec, sizeof g.rec[0] * 4);
    assert_int_equal(qp_param_int(&r2->params, "draw.no_capture_plies"), 50);
    assert_memory_equal(g2.cur, g.cur, r->state_size);
    qp_game_free(&g2);
    qp_rules_free(r2);
    qp_game_free(&g);
    qp_rules_free(r);
    unlink(path);
    qp_registry_free(&reg);
}

static void expect_load_error(qp_registry *reg, const char *content, const char *want)
{
    const char *path = tu_tmpfile(content, ".txt");
    qp_rules *r;
    qp_game g;
    char err[QP_ERR], full[QP_ERR + 64];
    assert_int_equal(qp_record_load(reg, path, &r, &g, err, sizeof err), -1);
    snprintf(full, sizeof full, want, path);
    assert_string_equal(err, full);
    unlink(path);
}

static void test_bad_records(void **st)
{
    (void)st;
    qp_registry reg;
    setup_reg(&reg);
    expect_load_error(&reg, "1. r l\n", "%s: not a record qipan knows (no [Ruleset], [Variant] or [Game] tag)");
    expect_load_error(&reg, "[Ruleset \"chess\"]\n\n1. e2e4\n", "%s: unknown ruleset 'chess'");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[FEN \"3 w\n", "%s:2:1: malformed tag '[FEN \"3 w'");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[FEN \"5 w\"]\n\n1. r l\n2. r r\n3. l\n",
                      "%s:5:6: move 4 'r': illegal move 'r'");
    /* Truncated in the middle of a move text. */
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[FEN \"5 w\"]\n\n1. r l\n2. rr",
                      "%s:5:4: move 3 'rr': illegal move 'rr'");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[FEN \"8 w\"]\n", "%s: FEN header: bad FEN '8 w'");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[Param \"start\" \"99\"]\n",
                      "%s: Param header: 'start' must be between 0 and 6, got 99");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[Ply \"7\"]\n1. r\n", "%s: Ply 7 is past the last move (1)");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n1. r\n[FEN \"3 w\"]\n", "%s:3:1: tag after the moves (the game before has no result token)");
    qp_rules *r;
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_record_load(&reg, "/nonexistent/x.txt", &r, &g, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/x.txt: No such file or directory");
    qp_registry_free(&reg);
}

static void test_save_failure_leaves_old_file(void **st)
{
    (void)st;
    qp_rules *r = walk_with(NULL, NULL);
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_record_save(&g, "/nonexistent/dir/x.txt", err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/dir/x.txt: No such file or directory");
    qp_game_free(&g);
    qp_rules_free(r);
}

/* A resignation survives a save: the result token, the reason in
 * [Termination], and the resignation restored on loading. */
static void test_resignation_round_trip(void **st)
{
    (void)st;
    qp_registry reg;
    setup_reg(&reg);
    qp_rules *r = walk_with(NULL, NULL);
    qp_game g;
    char err[QP_ERR], path[] = "/tmp/qp_rec_XXXXXX";
    close(mkstemp(path));
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_game_play_text(&g, "r", err, sizeof err), 0);
    qp_game_resign(&g, qp_game_to_move(&g));
    assert_int_equal(qp_record_save(&g, path, err, sizeof err), 0);
    const char *text = read_file(path);
    char want[160];
    snprintf(want, sizeof want, "[Result \"1-0\"]\n");
    assert_non_null(strstr(text, want));
    snprintf(want, sizeof want, "[Termination \"%s wins: resignation\"]\n", qp_side_name(r, 0));
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, "\n1. r\n1-0\n"));
    qp_rules *r2;
    qp_game g2;
    assert_int_equal(qp_record_load(&reg, path, &r2, &g2, err, sizeof err), 0);
    assert_int_equal(g2.resigned, 1);
    assert_int_equal(g2.len, 1);
    qp_game_free(&g2);
    qp_rules_free(r2);
    /* a notation the ruleset does not write is refused, nothing written */
    assert_int_equal(qp_record_save_as(&g, path, "chinese", err, sizeof err), -1);
    assert_string_equal(err, "walk has no chinese notation");
    assert_non_null(strstr(read_file(path), "\n1. r\n1-0\n"));
    qp_game_free(&g);
    qp_rules_free(r);
    unlink(path);
    qp_registry_free(&reg);
}

/* Tags that must carry a value, and the integrity tags of records. */
static void test_bad_tags(void **st)
{
    (void)st;
    qp_registry reg;
    setup_reg(&reg);
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[Param \"start\"]\n",
                      "%s:2: a Param tag needs a key and a value");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[PlyCount \"x\"]\n", "%s:2: bad PlyCount 'x'");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[PlyCount \"2\"]\n\n1. r l\n",
                      "%s:5:1: truncated: no result token (1-0, 0-1, 1/2-1/2 or *) at the end");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[PlyCount \"3\"]\n\n1. r l *\n",
                      "%s: truncated: 2 of the 3 moves of [PlyCount]");
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[Result \"1-0\"]\n\n1. r l *\n",
                      "%s:4:8: inconsistent: the moves end with * but [Result] is 1-0");
    qp_registry_free(&reg);
}

/* Found by tests/fuzz/fuzz_cli.py. */
static void test_fuzz_regressions(void **st)
{
    (void)st;
    qp_registry reg;
    setup_reg(&reg);
    qp_rules *r;
    qp_game g;
    char err[QP_ERR];
    /* fgets hid NUL bytes: /dev/zero was read for ever */
    assert_int_equal(qp_record_load(&reg, "/dev/zero", &r, &g, err, sizeof err), -1);
    assert_non_null(strstr(err, "/dev/zero"));
    assert_int_equal(qp_record_load(&reg, "/", &r, &g, err, sizeof err), -1);
    assert_non_null(strstr(err, "/"));
    expect_load_error(&reg, "[Ruleset \"walk\"]\n[Ply \"4294967296\"]\n1. r\n", "%s:2: bad Ply '4294967296'");

    /* Issue 43: a FIFO given as a record to save or load blocked for
     * ever (a save wrote into it and waited for a reader).  Both refuse
     * it at once and leave it a FIFO; the alarm ends a regression. */
    r = walk_with(NULL, NULL);
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    char fifo[] = "/tmp/qp_fifo_XXXXXX", want[128];
    close(mkstemp(fifo));
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    snprintf(want, sizeof want, "%s: is a FIFO, not a regular file", fifo);
    alarm(20);
    assert_int_equal(qp_record_save(&g, fifo, err, sizeof err), -1);
    assert_string_equal(err, want);
    qp_rules *r2;
    qp_game g2;
    assert_int_equal(qp_record_load(&reg, fifo, &r2, &g2, err, sizeof err), -1);
    assert_string_equal(err, want);
    alarm(0);
    struct stat sb;
    assert_true(stat(fifo, &sb) == 0 && S_ISFIFO(sb.st_mode));
    unlink(fifo);
    assert_int_equal(qp_record_save(&g, "/tmp", err, sizeof err), -1);
    assert_string_equal(err, "/tmp: Is a directory");
    qp_game_free(&g);
    qp_rules_free(r);
    qp_registry_free(&reg);
}

static void test_plugin(void **st)
{
    (void)st;
    qp_registry reg;
    char err[QP_ERR];
    qp_registry_init(&reg, QP_SCRIPTS_DIR);
    assert_int_equal(qp_registry_load_plugin_dir(&reg, QP_PLUGIN_DIR, err, sizeof err), 1);
    const qp_ruleset *rs = qp_registry_find(&reg, "nim");
    assert_non_null(rs);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    assert_non_null(r);
    void *s = qp_state_new(r);
    rs->setup(r, s);
    qp_move mv[QP_MAX_MOVES];
    assert_int_equal(rs->gen(r, s, mv, QP_GEN_ALL), 9);
    free(s);
    qp_rules_free(r);
    assert_int_equal(qp_registry_load_plugin(&reg, "/nonexistent.so", err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent.so"));
    /* A shared object that is not a plugin. */
    assert_int_equal(qp_registry_load_plugin(&reg, "libm.so.6", err, sizeof err), -1);
    assert_string_equal(err, "libm.so.6: not a qipan plugin (no qp_plugin_abi / qp_plugin_register)");
    qp_registry_free(&reg);
}

/* Comments of the main line: before the first move and after any move,
 * appended with a space, out-of-range indices refused, freed by
 * qp_record_free. */
static void test_comments(void **st)
{
    (void)st;
    static const char text[] = "[Ruleset \"walk\"]\n\n1. a b\n";
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_parse(&rec, "t", text, sizeof text - 1, err, sizeof err)) fail_msg("%s", err);
    assert_null(rec.comments);
    assert_int_equal(rec.nmoves, 2);
    assert_int_equal(qp_record_comment(&rec, 0, "opening"), 0);
    assert_int_equal(qp_record_comment(&rec, 2, "the end"), 0);
    assert_int_equal(qp_record_comment(&rec, 2, "really"), 0);
    assert_int_equal(qp_record_comment(&rec, 3, "past the end"), -1);
    assert_int_equal(qp_record_comment(&rec, -1, "before"), -1);
    assert_string_equal(rec.comments[0], "opening");
    assert_null(rec.comments[1]);
    assert_string_equal(rec.comments[2], "the end really");
    qp_record_free(&rec);
    assert_null(rec.comments);
}

/* Which ruleset a record is a game of comes from the rulesets' record
 * tags, not from the record module: [Game] names a game or a collection. */
static void test_record_game_tags(void **st)
{
    (void)st;
    static const char cc[] = "[Game \"Chinese Chess\"]\n\n1. h2e2\n";
    static const char title[] = "[Game \"A Book of Endgames\"]\n\n1. h2e2\n";
    static const char var[] = "[Variant \"XiangQi\"]\n\n1. h3e3\n";
    qp_record rec;
    char err[QP_ERR];
    qp_registry only_walk, full;
    setup_reg(&only_walk);
    tu_registry(&full);
    const qp_ruleset *xq = qp_registry_find(&full, "xiangqi");
    assert_non_null(xq);
    assert_string_equal(xq->record_game, "Chinese Chess");

    assert_int_equal(qp_record_parse(&rec, "t", cc, sizeof cc - 1, err, sizeof err), 0);
    assert_string_equal(rec.ruleset, "");
    assert_string_equal(rec.game, "Chinese Chess");
    assert_ptr_equal(qp_record_ruleset(&rec, &full), xq);
    assert_null(qp_record_ruleset(&rec, &only_walk));   /* nobody plays it */
    qp_record_free(&rec);

    assert_int_equal(qp_record_parse(&rec, "t", title, sizeof title - 1, err, sizeof err), 0);
    assert_ptr_equal(qp_record_ruleset(&rec, &full), xq);   /* record_game_any */
    qp_record_free(&rec);

    assert_int_equal(qp_record_parse(&rec, "t", var, sizeof var - 1, err, sizeof err), 0);
    assert_string_equal(rec.ruleset, "xiangqi");
    assert_ptr_equal(qp_record_ruleset(&rec, &full), xq);
    qp_record_free(&rec);

    /* and the writer names the game by the ruleset's tags */
    qp_rules *r = tu_rules(&full, "xiangqi");
    qp_game g;
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    size_t tlen;
    char *t = qp_record_text(&g, NULL, &tlen, err, sizeof err);
    assert_non_null(strstr(t, "[Variant \"xiangqi\"]"));
    assert_null(strstr(t, "[Game "));
    free(t);
    t = qp_record_text(&g, QP_NOTATION_CHINESE, &tlen, err, sizeof err);
    assert_non_null(strstr(t, "[Game \"Chinese Chess\"]"));
    assert_null(strstr(t, "[Variant "));
    free(t);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_registry_free(&only_walk);
    qp_registry_free(&full);
}

/* A kept tag is one line of UTF-8 however long it came: cut where a
 * character ends (a cut inside one once made a written PGN read back as
 * GBK, found by fuzz_cbf), a key kept again replaced. */
static void test_keep_tag(void **st)
{
    (void)st;
    qp_record rec;
    memset(&rec, 0, sizeof rec);
    char val[400] = "X";
    for (int i = 0; i < 130; i++) strcat(val, "\xC3\xA9");   /* é, two bytes each */
    assert_int_equal(qp_record_keep(&rec, "Black", val), 0);
    size_t n = strlen(rec.keep_val[0]);
    assert_int_equal(n, 1 + 2 * 127);                            /* 255 bytes would end inside an é */
    assert_int_equal((unsigned char)rec.keep_val[0][n - 1], 0xA9);
    assert_int_equal(qp_record_keep(&rec, "Event", "a\nb\tc"), 0);
    assert_string_equal(rec.keep_val[1], "a b c");
    assert_int_equal(qp_record_keep(&rec, "Black", "Lü"), 0);
    assert_int_equal(rec.nkeep, 2);
    assert_string_equal(rec.keep_val[0], "Lü");
    for (int i = rec.nkeep; i < QP_RECORD_KEEP; i++) {
        char k[16];
        snprintf(k, sizeof k, "T%d", i);
        assert_int_equal(qp_record_keep(&rec, k, "v"), 0);
    }
    assert_int_equal(qp_record_keep(&rec, "Over", "v"), -1);
    assert_int_equal(rec.nkeep, QP_RECORD_KEEP);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_save_load_round_trip),
        cmocka_unit_test(test_bad_records),
        cmocka_unit_test(test_save_failure_leaves_old_file),
        cmocka_unit_test(test_resignation_round_trip),
        cmocka_unit_test(test_bad_tags),
        cmocka_unit_test(test_fuzz_regressions),
        cmocka_unit_test(test_plugin),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_record_game_tags),
        cmocka_unit_test(test_keep_tag),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}
