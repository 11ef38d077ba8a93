/*
 * test_fileio.c — bounded reads and atomic saves: limits, hostile links,
 * kept permissions, no temporary file left behind.
 */
#include "testutil.h"
#include "fileio.h"
#include "record.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static int setup(void **st)
{
    (void)st;
    snprintf(dir, sizeof dir, "/tmp/qp_fileio_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **st)
{
    (void)st;
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[512];
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]))) continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d) closedir(d);
    rmdir(dir);
    return 0;
}

static const char *in_dir(const char *name)
{
    static char p[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The whole file as a string (static), through the API under test. */
static const char *get(const char *path)
{
    static char copy[4096];
    char *buf, err[QP_ERR];
    size_t len;
    if (qp_file_read(path, sizeof copy - 1, &buf, &len, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(strlen(buf), len);
    snprintf(copy, sizeof copy, "%s", buf);
    free(buf);
    return copy;
}

static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    while (readdir(d)) n++;
    closedir(d);
    return n - 2;
}

static void test_read(void **st)
{
    (void)st;
    char *buf, err[QP_ERR];
    size_t len = 99;
    put(in_dir("a.txt"), "hello\n");
    assert_string_equal(get(in_dir("a.txt")), "hello\n");
    put(in_dir("empty"), "");
    assert_int_equal(qp_file_read(in_dir("empty"), 10, &buf, &len, err, sizeof err), 0);
    assert_int_equal(len, 0);
    assert_string_equal(buf, "");
    free(buf);
    /* exactly max bytes fit; one more does not */
    assert_int_equal(qp_file_read(in_dir("a.txt"), 6, &buf, NULL, err, sizeof err), 0);
    free(buf);
    assert_int_equal(qp_file_read(in_dir("a.txt"), 5, &buf, &len, err, sizeof err), -1);
    assert_null(buf);
    char want[300];
    snprintf(want, sizeof want, "%s: larger than 5 bytes", in_dir("a.txt"));
    assert_string_equal(err, want);
    /* issue 11: /dev/zero was read without limit */
    assert_int_equal(qp_file_read("/dev/zero", 1000, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/dev/zero: larger than 1000 bytes");
    assert_int_equal(qp_file_read("/dev/null", 1000, &buf, &len, err, sizeof err), 0);
    assert_int_equal(len, 0);
    free(buf);
    assert_int_equal(qp_file_read("/nonexistent/x", 10, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/x: No such file or directory");
    assert_int_equal(qp_file_read("/", 10, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/: Is a directory");
}

static void test_save(void **st)
{
    (void)st;
    char err[QP_ERR];
    const char *p = in_dir("game.txt");
    mode_t old = umask(022);
    assert_int_equal(qp_file_save(p, "one\n", 4, err, sizeof err), 0);
    assert_string_equal(get(p), "one\n");
    struct stat sb;
    assert_int_equal(stat(p, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0644);   /* new: as the umask says */
    /* issue 11: a 600 file stays 600 */
    assert_int_equal(chmod(p, 0600), 0);
    assert_int_equal(qp_file_save(p, "two, longer\n", 12, err, sizeof err), 0);
    assert_string_equal(get(p), "two, longer\n");
    assert_int_equal(stat(p, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0600);
    assert_int_equal(qp_file_save(p, "3", 1, err, sizeof err), 0);
    assert_string_equal(get(p), "3");
    assert_int_equal(entries(), 1);   /* no temporary file left */
    umask(old);
    unlink(p);
}

static void test_links(void **st)
{
    (void)st;
    char err[QP_ERR];
    const char *notes = in_dir("notes.txt"), *game = in_dir("game.txt");
    put(notes, "my notes\n");
    /* issue 11: a planted game.txt.tmp link made the save overwrite notes */
    assert_int_equal(symlink(notes, in_dir("game.txt.tmp")), 0);
    assert_int_equal(qp_file_save(game, "game\n", 5, err, sizeof err), 0);
    assert_string_equal(get(notes), "my notes\n");
    assert_string_equal(get(game), "game\n");
    /* a link at the target itself is replaced, never written through */
    unlink(game);
    assert_int_equal(symlink(notes, game), 0);
    assert_int_equal(qp_file_save(game, "game 2\n", 7, err, sizeof err), 0);
    assert_string_equal(get(notes), "my notes\n");
    struct stat sb;
    assert_int_equal(lstat(game, &sb), 0);
    assert_true(S_ISREG(sb.st_mode));
    assert_string_equal(get(game), "game 2\n");
    assert_int_equal(entries(), 3);   /* notes, game, the planted link */
}

static void test_save_errors(void **st)
{
    (void)st;
    char err[QP_ERR];
    assert_int_equal(qp_file_save("/nonexistent/dir/x.txt", "x", 1, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/dir/x.txt: No such file or directory");
    assert_int_equal(qp_file_save(dir, "x", 1, err, sizeof err), -1);
    char want[128];
    snprintf(want, sizeof want, "%s: Is a directory", dir);
    assert_string_equal(err, want);
    /* a device is written in place, not replaced */
    assert_int_equal(qp_file_save("/dev/null", "x", 1, err, sizeof err), 0);
    struct stat sb;
    assert_int_equal(stat("/dev/null", &sb), 0);
    assert_true(S_ISCHR(sb.st_mode));
    /* a relative name saves in the current folder */
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    assert_int_equal(qp_file_save("rel.txt", "r", 1, err, sizeof err), 0);
    assert_int_equal(chdir(cwd), 0);
    assert_string_equal(get(in_dir("rel.txt")), "r");
}

/* issue 11 through the console's and window's save: qp_record_save. */
static void test_record_save(void **st)
{
    (void)st;
    qp_registry reg;
    tu_registry(&reg);
    qp_rules *r = tu_rules(&reg, "xiangqi");
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_game_play_text(&g, "h3e3", err, sizeof err), 0);
    const char *notes = in_dir("notes.txt"), *game = in_dir("game.txt");
    put(notes, "my notes\n");
    assert_int_equal(symlink(notes, in_dir("game.txt.tmp")), 0);
    put(game, "old game\n");
    assert_int_equal(chmod(game, 0600), 0);
    assert_int_equal(qp_record_save(&g, game, err, sizeof err), 0);
    assert_string_equal(get(notes), "my notes\n");
    assert_non_null(strstr(get(game), "[Ruleset \"xiangqi\"]\n"));
    assert_non_null(strstr(get(game), "1. h3e3\n"));
    struct stat sb;
    assert_int_equal(stat(game, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0600);
    assert_int_equal(entries(), 3);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_registry_free(&reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save, setup, teardown),
        cmocka_unit_test_setup_teardown(test_links, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_save, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
