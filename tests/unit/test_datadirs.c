/*
 * test_datadirs.c — run-time lookup of the data, game and plugin folders
 * (framework/datadirs.h): order, the environment, the user's folder,
 * duplicates, and the build tree's layout.
 */
#include "testutil.h"
#include "datadirs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void clear_env(void)
{
    unsetenv("QIPAN_SCRIPTS");
    unsetenv("QIPAN_GAMES_PATH");
    unsetenv("QIPAN_PLUGIN_PATH");
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/someone", 1);
}

static void expect_list(const qp_dirlist *l, const char *const *want)
{
    int n = 0;
    while (want[n]) n++;
    for (int i = 0; i < l->n && i < n; i++) assert_string_equal(l->dir[i], want[i]);
    assert_int_equal(l->n, n);
}

static void test_search_order(void **st)
{
    (void)st;
    clear_env();
    qp_dirlist l;
    qp_search_dirs(QP_DIRS_PLUGINS, "/opt/q/lib/qipan/plugins", &l);
    expect_list(&l, (const char *const[]){"/opt/q/lib/qipan/plugins", "/home/someone/.local/share/qipan/plugins", NULL});

    /* the environment's folders come after the shipped one, empty entries
     * and repeats are dropped */
    setenv("QIPAN_PLUGIN_PATH", "/p1::/p2:/p1:", 1);
    setenv("XDG_DATA_HOME", "/xdg", 1);
    qp_search_dirs(QP_DIRS_PLUGINS, "/opt/q/lib/qipan/plugins", &l);
    expect_list(&l, (const char *const[]){"/opt/q/lib/qipan/plugins", "/p1", "/p2", "/xdg/qipan/plugins", NULL});
    /* each kind reads its own variable */
    qp_search_dirs(QP_DIRS_GAMES, "/opt/q/share/qipan/games", &l);
    expect_list(&l, (const char *const[]){"/opt/q/share/qipan/games", "/xdg/qipan/games", NULL});
    setenv("QIPAN_GAMES_PATH", "/g", 1);
    qp_search_dirs(QP_DIRS_GAMES, "/opt/q/share/qipan/games", &l);
    expect_list(&l, (const char *const[]){"/opt/q/share/qipan/games", "/g", "/xdg/qipan/games", NULL});
    /* the same folder under another name (a link) is listed once too */
    char tmp[] = "/tmp/qp_dirs_XXXXXX", link[64], env[160];
    assert_non_null(mkdtemp(tmp));
    snprintf(link, sizeof link, "%s-link", tmp);
    assert_int_equal(symlink(tmp, link), 0);
    snprintf(env, sizeof env, "%s:/g2", link);
    setenv("QIPAN_GAMES_PATH", env, 1);
    qp_search_dirs(QP_DIRS_GAMES, tmp, &l);
    expect_list(&l, (const char *const[]){tmp, "/g2", "/xdg/qipan/games", NULL});
    unlink(link);
    rmdir(tmp);
    setenv("QIPAN_GAMES_PATH", "/g", 1);
    /* the user folder that is the shipped one is listed once */
    qp_search_dirs(QP_DIRS_GAMES, "/xdg/qipan/games", &l);
    expect_list(&l, (const char *const[]){"/xdg/qipan/games", "/g", NULL});
    clear_env();
}

static void test_user_dir(void **st)
{
    (void)st;
    clear_env();
    char d[QP_DIR_LEN];
    assert_int_equal(qp_user_data_dir("games", d, sizeof d), 0);
    assert_string_equal(d, "/home/someone/.local/share/qipan/games");
    /* the XDG spec ignores a relative XDG_DATA_HOME */
    setenv("XDG_DATA_HOME", "relative/dir", 1);
    assert_int_equal(qp_user_data_dir("games", d, sizeof d), 0);
    assert_string_equal(d, "/home/someone/.local/share/qipan/games");
    setenv("XDG_DATA_HOME", "/data", 1);
    assert_int_equal(qp_user_data_dir("plugins", d, sizeof d), 0);
    assert_string_equal(d, "/data/qipan/plugins");
    /* neither: no user folder, and the search list is the shipped one alone */
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_int_equal(qp_user_data_dir("games", d, sizeof d), -1);
    qp_dirlist l;
    qp_search_dirs(QP_DIRS_GAMES, "/s/games", &l);
    expect_list(&l, (const char *const[]){"/s/games", NULL});
    clear_env();
}

/* In the build tree the data directory is the link build/scripts next to
 * the executables, and plugins are build/plugins. */
static void test_build_tree(void **st)
{
    (void)st;
    clear_env();
    char exe[QP_DIR_LEN], d[QP_DIR_LEN], want[QP_DIR_LEN + 16];
    qp_exe_dir(NULL, exe, sizeof exe);
    assert_true(exe[0] == '/');
    assert_int_equal(qp_default_scripts_dir(NULL, d, sizeof d), 0);
    snprintf(want, sizeof want, "%s/scripts", exe);
    assert_string_equal(d, want);
    snprintf(want, sizeof want, "%s/zhonggong.lua", d);
    assert_int_equal(access(want, R_OK), 0);
    qp_default_plugin_dir(NULL, d, sizeof d);
    snprintf(want, sizeof want, "%s/plugins", exe);
    assert_string_equal(d, want);
    /* QIPAN_SCRIPTS replaces the data directory */
    setenv("QIPAN_SCRIPTS", "/somewhere/else", 1);
    assert_int_equal(qp_default_scripts_dir(NULL, d, sizeof d), 0);
    assert_string_equal(d, "/somewhere/else");
    clear_env();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_order),
        cmocka_unit_test(test_user_dir),
        cmocka_unit_test(test_build_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
