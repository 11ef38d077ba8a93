/*
 * test_install.c — `cmake --install` into a temporary prefix, then use the
 * installed tree as a user and a plugin author would: the binary finds its
 * Lua files from its own location, the example plugin builds out of tree
 * with pkg-config and loads from the user's folders, and the help texts
 * are exact.
 *
 * Every command runs with the test's own HOME and without the QIPAN_*
 * variables ctest sets, so only the installed tree is visible to it.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char tmp[256];      /* the test's directory */
static char prefix[300];   /* tmp/prefix: the installation */

#define CLEAN_ENV "env -u QIPAN_SCRIPTS -u QIPAN_PLUGIN_PATH -u QIPAN_GAMES_PATH -u XDG_DATA_HOME"

static char *slurp_path(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return strdup("");
    size_t cap = 4096, len = 0, k;
    char *buf = malloc(cap);
    while ((k = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += k;
        if (cap - len < 2) buf = realloc(buf, cap *= 2);
    }
    buf[len] = 0;
    fclose(f);
    return buf;
}

/* Runs a shell command line with HOME=tmp/home and no QIPAN_* variables;
 * returns the exit status, *out / *err get stdout / stderr (may be NULL). */
static int sh(const char *cmdline, char **out, char **err)
{
    char cmd[4096], o[300], e[300];
    snprintf(o, sizeof o, "%s/out.txt", tmp);
    snprintf(e, sizeof e, "%s/err.txt", tmp);
    snprintf(cmd, sizeof cmd, "%s HOME='%s/home' sh -c '%s' >'%s' 2>'%s' </dev/null", CLEAN_ENV, tmp, cmdline, o, e);
    int st = system(cmd);
    if (out) *out = slurp_path(o);
    if (err) *err = slurp_path(e);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* Runs the installed qipan of prefix p with args (env assignments may
 * come first in pre). */
static int qipan(const char *pre, const char *p, const char *args, char **out, char **err)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s/bin/qipan %s", pre ? pre : "", p, args);
    return sh(cmd, out, err);
}

static void must(const char *cmdline)
{
    char *err;
    int rc = sh(cmdline, NULL, &err);
    if (rc) fail_msg("'%s' failed (%d): %s", cmdline, rc, err);
    free(err);
}

static bool exists(const char *dir, const char *rel)
{
    char p[1024];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", dir, rel);
    return stat(p, &st) == 0;
}

static bool listed(const char *list, const char *name)
{
    char line[128];
    snprintf(line, sizeof line, "\n%s\t", name);
    return !strncmp(list, line + 1, strlen(line + 1)) || strstr(list, line);
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/qp_install_XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    snprintf(prefix, sizeof prefix, "%s/prefix", tmp);
    char cmd[1024], *err;
    snprintf(cmd, sizeof cmd, "mkdir -p \"%s/home\" && \"%s\" --install \"%s\" --prefix \"%s\"", tmp, QP_CMAKE,
             QP_BUILD_DIR, prefix);
    int rc = sh(cmd, NULL, &err);
    if (rc) fprintf(stderr, "cmake --install failed: %s\n", err);
    free(err);
    return rc ? -1 : 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) ? -1 : 0;
}

static void test_layout(void **st)
{
    (void)st;
    static const char *const files[] = {
        "bin/qipan", "share/qipan/zhonggong.lua", "share/qipan/xiangqi.lua", "share/qipan/games/tictactoe.lua",
        "include/qipan/registry.h", "include/qipan/ruleset.h", "include/qipan/board.h",
        "include/qipan/params.h", "lib/pkgconfig/qipan.pc", "lib/qipan/plugins/nim.so",
        "share/doc/qipan/examples/nim.c", "share/man/man1/qipan.1", "share/doc/qipan/zhonggong.md", NULL,
    };
    for (int i = 0; files[i]; i++)
        if (!exists(prefix, files[i])) fail_msg("not installed: %s", files[i]);
    /* the manual page is of this version */
    char path[400];
    snprintf(path, sizeof path, "%s/share/man/man1/qipan.1", prefix);
    char *man = slurp_path(path);
    assert_non_null(strstr(man, "\"qipan " QP_VERSION "\" \"User Commands\"\n"));
    free(man);
}

/* No path of the source tree is compiled into an optimised binary (debug
 * builds carry source file names in their debug and sanitizer data). */
static void test_no_source_path(void **st)
{
    (void)st;
    if (strcmp(QP_BUILD_TYPE, "Release")) {
        skip();
        return;
    }
    char path[400];
    snprintf(path, sizeof path, "%s/bin/qipan", prefix);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    const char *needle = QP_SOURCE_DIR;
    size_t nl = strlen(needle), keep = 0, k;
    assert_true(nl > 1 && nl < 1024);
    /* scan in blocks, keeping nl-1 bytes so a match across blocks is seen */
    while ((k = fread(buf + keep, 1, sizeof buf - keep, f)) > 0) {
        size_t len = keep + k;
        for (size_t i = 0; i + nl <= len; i++)
            if (!memcmp(buf + i, needle, nl)) fail_msg("the installed binary contains '%s'", needle);
        keep = len < nl - 1 ? len : nl - 1;
        memmove(buf, buf + len - keep, keep);
    }
    fclose(f);
}

/* The installed binary reads the installed Lua files, wherever the tree is:
 * a copy with one game removed lists every shipped game but that one. */
static void test_finds_its_data(void **st)
{
    (void)st;
    char *out, *err, cmd[1024], moved[300];
    assert_int_equal(qipan(NULL, prefix, "list", &out, NULL), 0);
    assert_true(listed(out, "zhonggong") && listed(out, "tictactoe") && listed(out, "nim"));
    free(out);
    assert_int_equal(qipan(NULL, prefix, "perft zhonggong 3", &out, NULL), 0);
    assert_string_equal(out, "21434\n");
    free(out);

    snprintf(moved, sizeof moved, "%s/elsewhere", tmp);
    snprintf(cmd, sizeof cmd, "cp -a \"%s\" \"%s\" && rm \"%s/share/qipan/games/tictactoe.lua\"", prefix, moved, moved);
    must(cmd);
    assert_int_equal(qipan(NULL, moved, "list", &out, &err), 0);
    assert_false(listed(out, "tictactoe"));
    assert_true(listed(out, "reversi") && listed(out, "zhonggong"));
    assert_string_equal(err, "");
    free(out);
    free(err);
    /* a config error names the installed file, proving which one was read */
    snprintf(cmd, sizeof cmd, "printf \"return { ruleset = \\\"zhonggong\\\", bogus = 1 }\\n\" > \"%s/share/qipan/zhonggong.lua\"", moved);
    must(cmd);
    assert_int_equal(qipan(NULL, moved, "perft zhonggong 1", &out, &err), 1);
    char want[600];
    snprintf(want, sizeof want, "%s/bin/../share/qipan/zhonggong.lua:1", moved);
    if (!strstr(err, want)) fail_msg("stderr '%s' does not name '%s'", err, want);
    free(out);
    free(err);
}

/* A plugin built from the installed example with pkg-config alone loads
 * from $QIPAN_PLUGIN_PATH and from the user's plugin folder. */
static void test_plugin_out_of_tree(void **st)
{
    (void)st;
    char cmd[2048], *out, *err, bare[300], pre[600];
    snprintf(cmd, sizeof cmd,
             "PKG_CONFIG_PATH=\"%s/lib/pkgconfig\" pkg-config --cflags qipan", prefix);
    assert_int_equal(sh(cmd, &out, NULL), 0);
    char want[600];
    snprintf(want, sizeof want, "-I%s/lib/pkgconfig/../../include/qipan", prefix);
    assert_non_null(strstr(out, want));
    free(out);
    snprintf(cmd, sizeof cmd, "PKG_CONFIG_PATH=\"%s/lib/pkgconfig\" pkg-config --modversion qipan", prefix);
    assert_int_equal(sh(cmd, &out, NULL), 0);
    assert_string_equal(out, QP_VERSION "\n");
    free(out);

    snprintf(cmd, sizeof cmd,
             "mkdir -p \"%s/src\" \"%s/plug\" && cp \"%s/share/doc/qipan/examples/nim.c\" \"%s/src/\" && cd \"%s/src\" && "
             "\"%s\" -shared -fPIC $(PKG_CONFIG_PATH=\"%s/lib/pkgconfig\" pkg-config --cflags qipan) "
             "-o \"%s/plug/nim.so\" nim.c",
             tmp, tmp, prefix, tmp, tmp, QP_CC, prefix, tmp);
    must(cmd);

    /* an installation without the shipped nim.so, so only ours can list it */
    snprintf(bare, sizeof bare, "%s/bare", tmp);
    snprintf(cmd, sizeof cmd, "cp -a \"%s\" \"%s\" && rm \"%s/lib/qipan/plugins/nim.so\"", prefix, bare, bare);
    must(cmd);
    assert_int_equal(qipan(NULL, bare, "list", &out, NULL), 0);
    assert_false(listed(out, "nim"));
    free(out);

    snprintf(pre, sizeof pre, "QIPAN_PLUGIN_PATH=/nonexistent:\"%s/plug\"", tmp);
    assert_int_equal(qipan(pre, bare, "list", &out, &err), 0);
    assert_true(listed(out, "nim") && listed(out, "zhonggong") && listed(out, "tictactoe"));
    assert_string_equal(err, "");
    free(out);
    free(err);
    assert_int_equal(qipan(pre, bare, "perft nim 2", &out, NULL), 0);
    assert_string_equal(out, "71\n");
    free(out);

    /* the user's folder: $XDG_DATA_HOME/qipan/plugins, else ~/.local/share */
    snprintf(cmd, sizeof cmd, "mkdir -p \"%s/xdg/qipan/plugins\" && cp \"%s/plug/nim.so\" \"%s/xdg/qipan/plugins/\"", tmp, tmp, tmp);
    must(cmd);
    snprintf(pre, sizeof pre, "XDG_DATA_HOME=\"%s/xdg\"", tmp);
    assert_int_equal(qipan(pre, bare, "list", &out, NULL), 0);
    assert_true(listed(out, "nim") && listed(out, "zhonggong"));
    free(out);
    snprintf(cmd, sizeof cmd, "mkdir -p \"%s/home/.local/share/qipan/plugins\" && cp \"%s/plug/nim.so\" \"%s/home/.local/share/qipan/plugins/\"", tmp, tmp, tmp);
    must(cmd);
    assert_int_equal(qipan(NULL, bare, "list", &out, NULL), 0);
    assert_true(listed(out, "nim"));
    free(out);
    snprintf(cmd, sizeof cmd, "rm -r \"%s/home/.local\"", tmp);
    must(cmd);
}

/* Lua games from $QIPAN_GAMES_PATH and the user's games folder add to the
 * shipped ones; a user file of a shipped name does not replace it. */
static void test_user_games(void **st)
{
    (void)st;
    char cmd[2048], *out, *err, pre[600];
    snprintf(cmd, sizeof cmd,
             "mkdir -p \"%s/games\" \"%s/home/.local/share/qipan/games\" && "
             "sed \"s/name = \\\"tictactoe\\\"/name = \\\"tictactoe2\\\"/\" \"%s/share/qipan/games/tictactoe.lua\" > \"%s/games/t2.lua\" && "
             "sed \"s/name = \\\"tictactoe\\\"/name = \\\"tictactoe3\\\"/\" \"%s/share/qipan/games/tictactoe.lua\" > \"%s/home/.local/share/qipan/games/t3.lua\" && "
             "sed \"s/title = \\\"Tic-tac-toe/title = \\\"Impostor/\" \"%s/share/qipan/games/tictactoe.lua\" > \"%s/home/.local/share/qipan/games/tictactoe.lua\"",
             tmp, tmp, prefix, tmp, prefix, tmp, prefix, tmp);
    must(cmd);
    snprintf(pre, sizeof pre, "QIPAN_GAMES_PATH=\"%s/games\"", tmp);
    assert_int_equal(qipan(pre, prefix, "list", &out, &err), 0);
    assert_true(listed(out, "tictactoe") && listed(out, "tictactoe2") && listed(out, "tictactoe3"));
    assert_non_null(strstr(out, "\ntictactoe\tTic-tac-toe (noughts and crosses)\n"));
    assert_null(strstr(out, "Impostor"));
    /* the shadowed user file is reported, not silently dropped */
    assert_non_null(strstr(err, "/home/.local/share/qipan/games/tictactoe.lua"));
    free(out);
    free(err);
    assert_int_equal(qipan(pre, prefix, "perft tictactoe2 2", &out, NULL), 0);
    assert_string_equal(out, "72\n");
    free(out);
    snprintf(cmd, sizeof cmd, "rm -r \"%s/home/.local\"", tmp);
    must(cmd);
}

static void test_version_and_help(void **st)
{
    (void)st;
    char *out, *err, *out2;
    assert_int_equal(qipan(NULL, prefix, "--version", &out, NULL), 0);
    assert_string_equal(out, "qipan " QP_VERSION "\n");
    free(out);

    static const char perft_help[] =
        "usage: qipan perft RULESET DEPTH [--finished | --no-bulk] [--fen FEN] [--config FILE] [--threads N]\n"
        "Count the positions reached after exactly DEPTH plies from the position (a game\n"
        "that ended earlier is none, as chess programs count); the last line is the\n"
        "count alone.\n"
        "\n"
        "options:\n"
        "  --finished         also count each game that ended before DEPTH as one leaf (tic-tac-toe 9: 255168)\n"
        "  --no-bulk          make every leaf instead of counting the last ply's moves: the same count, timed as general "
        "game systems time theirs\n"
        "  --fen FEN          the position as FEN (default: the configured start position)\n"
        "  --config FILE      a Lua configuration file (default: the ruleset's own NAME.lua)\n"
        "  --threads N        threads 1..64: the search's (default: the config's ai.threads, 1), or perft's (default 1)\n"
        "  --help             this text\n";
    assert_int_equal(qipan(NULL, prefix, "help perft", &out, NULL), 0);
    assert_string_equal(out, perft_help);
    free(out);
    assert_int_equal(qipan(NULL, prefix, "perft --help", &out, NULL), 0);
    assert_string_equal(out, perft_help);
    free(out);

    /* every command listed by `help` has its own page, the same both ways */
    assert_int_equal(qipan(NULL, prefix, "help", &out, NULL), 0);
    int n = 0;
    for (char *l = strtok(out, "\n"); l; l = strtok(NULL, "\n")) {
        char name[64], args[128], want[80];
        if (sscanf(l, " qipan %63[a-z]", name) != 1) continue;
        n++;
        snprintf(args, sizeof args, "help %s", name);
        assert_int_equal(qipan(NULL, prefix, args, &out2, NULL), 0);
        snprintf(want, sizeof want, "usage: qipan %s", name);
        if (strncmp(out2, want, strlen(want)) || !strstr(out2, "\noptions:\n"))
            fail_msg("help %s: '%s'", name, out2);
        char *page = out2;
        snprintf(args, sizeof args, "%s --help", name);
        assert_int_equal(qipan(NULL, prefix, args, &out2, NULL), 0);
        assert_string_equal(out2, page);
        free(page);
        free(out2);
    }
    assert_true(n >= 11);
    free(out);

    assert_int_equal(qipan(NULL, prefix, "perft zhonggong 1 --fenn x", &out, &err), 2);
    assert_string_equal(err, "qipan perft: unknown option '--fenn'\n");
    assert_string_equal(out, "");
    free(out);
    free(err);
    /* an option of another command is unknown here too */
    assert_int_equal(qipan(NULL, prefix, "moves zhonggong --out x.png", &out, &err), 2);
    assert_string_equal(err, "qipan moves: unknown option '--out'\n");
    free(out);
    free(err);
    /* an option's value may look like an option */
    assert_int_equal(qipan(NULL, prefix, "perft zhonggong 1 --config --x", &out, &err), 1);
    assert_null(strstr(err, "unknown option"));
    free(out);
    free(err);
    assert_int_equal(qipan(NULL, prefix, "--versio", &out, &err), 2);
    assert_true(!strncmp(err, "qipan: unknown option '--versio'\n", 33));
    free(out);
    free(err);
    assert_int_equal(qipan(NULL, prefix, "help nosuch", &out, &err), 2);
    assert_true(!strncmp(err, "qipan help: unknown command 'nosuch'\n", 37));
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_no_source_path),
        cmocka_unit_test(test_finds_its_data),
        cmocka_unit_test(test_plugin_out_of_tree),
        cmocka_unit_test(test_user_games),
        cmocka_unit_test(test_version_and_help),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
