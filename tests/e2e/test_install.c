/*
 * test_install.c — `cmake --install` into a temporary prefix, then use the
 * installed tree as a user and a plugin author would: the binary finds its
 * Lua files from its own location, the example plugin builds out of tree
 * with pkg-config and loads from the user's folders, and the help texts
 * are exact.  The desktop's files (menu entry, icons, AppStream data, bash
 * completion) are installed and valid, and an uninstall removes exactly
 * what the install put in place.
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
        "share/doc/qipan/examples/nim.c", "share/man/man1/qipan.1", "share/doc/qipan/README.md",
        "share/doc/qipan/docs/zhonggong.md", "share/doc/qipan/docs/records.md", "share/doc/qipan/docs/protocol.md",
        "share/applications/org.qipan.qipan.desktop", "share/metainfo/org.qipan.qipan.metainfo.xml",
        "share/icons/hicolor/scalable/apps/qipan.svg", "share/bash-completion/completions/qipan",
        "share/qipan/install_manifest.txt", "share/qipan/locale/zh_CN/LC_MESSAGES/qipan.mo", NULL,
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

/* The README's links to docs/ lead to installed files. */
static void test_readme_links(void **st)
{
    (void)st;
    char path[400];
    snprintf(path, sizeof path, "%s/share/doc/qipan/README.md", prefix);
    char *readme = slurp_path(path);
    int n = 0;
    for (const char *p = strstr(readme, "](docs/"); p; p = strstr(p + 1, "](docs/")) {
        char rel[128];
        size_t k = strcspn(p + 2, ")#");
        snprintf(rel, sizeof rel, "share/doc/qipan/%.*s", (int)k, p + 2);
        if (!exists(prefix, rel)) fail_msg("README links %s, which is not installed", rel);
        n++;
    }
    assert_true(n >= 5);
    assert_non_null(strstr(readme, "](docs/records.md"));
    assert_non_null(strstr(readme, "](docs/protocol.md"));
    free(readme);
}

/* The width and height a PNG file's header gives, or -1. */
static void png_size(const char *path, long *w, long *h)
{
    unsigned char b[24];
    FILE *f = fopen(path, "rb");
    *w = *h = -1;
    if (!f) return;
    if (fread(b, 1, sizeof b, f) == sizeof b && !memcmp(b, "\x89PNG\r\n\x1a\n", 8) && !memcmp(b + 12, "IHDR", 4)) {
        *w = (long)b[16] << 24 | (long)b[17] << 16 | (long)b[18] << 8 | b[19];
        *h = (long)b[20] << 24 | (long)b[21] << 16 | (long)b[22] << 8 | b[23];
    }
    fclose(f);
}

/* The menu entry starts the window with the icon the theme holds in every
 * size; the entry and the AppStream data pass their validators (when
 * installed: desktop-file-utils, appstream). */
static void test_desktop_entry(void **st)
{
    (void)st;
    char path[400], *out, *err;
    snprintf(path, sizeof path, "%s/share/applications/org.qipan.qipan.desktop", prefix);
    char *entry = slurp_path(path);
    assert_non_null(strstr(entry, "[Desktop Entry]\nType=Application\n"));
    assert_non_null(strstr(entry, "\nExec=qipan play\n"));
    assert_non_null(strstr(entry, "\nIcon=qipan\n"));
    assert_non_null(strstr(entry, "\nCategories=Game;BoardGame;\n"));
    free(entry);
    static const long sizes[] = {16, 32, 48, 64, 128, 256};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        long w, h;
        snprintf(path, sizeof path, "%s/share/icons/hicolor/%ldx%ld/apps/qipan.png", prefix, sizes[i], sizes[i]);
        png_size(path, &w, &h);
        if (w != sizes[i] || h != sizes[i]) fail_msg("%s is %ldx%ld", path, w, h);
    }
    snprintf(path, sizeof path, "%s/share/metainfo/org.qipan.qipan.metainfo.xml", prefix);
    char *meta = slurp_path(path);
    assert_non_null(strstr(meta, "<id>org.qipan.qipan</id>"));
    assert_non_null(strstr(meta, "<launchable type=\"desktop-id\">org.qipan.qipan.desktop</launchable>"));
    free(meta);

    char cmd[1024];
    bool validated = false;
    if (sh("command -v desktop-file-validate", NULL, NULL) == 0) {
        snprintf(cmd, sizeof cmd, "desktop-file-validate \"%s/share/applications/org.qipan.qipan.desktop\"", prefix);
        if (sh(cmd, &out, &err)) fail_msg("desktop-file-validate: %s%s", out, err);
        assert_string_equal(out, "");
        free(out);
        free(err);
        validated = true;
    }
    if (sh("command -v appstreamcli", NULL, NULL) == 0) {
        snprintf(cmd, sizeof cmd, "appstreamcli validate --no-net --pedantic \"%s\"", path);
        if (sh(cmd, &out, &err)) fail_msg("appstreamcli validate: %s%s", out, err);
        free(out);
        free(err);
        validated = true;
    }
    if (!validated) fprintf(stderr, "test_desktop_entry: no desktop-file-validate or appstreamcli: not validated\n");
}

/* The bash completion names every command `qipan help` lists, a
 * command's options, an option's choices and the installed rulesets. */
static void test_bash_completion(void **st)
{
    (void)st;
    if (sh("command -v bash", NULL, NULL)) {
        skip();
        return;
    }
    char cmd[4096], *out;
    /* complete WORDS...: the completions of the last word, one line */
    snprintf(cmd, sizeof cmd,
             "cat > \"%s/complete.bash\" <<\"EOF\"\n"
             "f() { source \"$1/share/bash-completion/completions/qipan\"; }\n"
             "f \"$1\"\n"
             "c() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _qipan; echo \"${COMPREPLY[*]}\"; }\n"
             "q=\"$1/bin/qipan\"\n"
             "c \"$q\" pe; c \"$q\" perft --f; c \"$q\" console --ai \"\"; c \"$q\" perft xia; c \"$q\" help con\n"
             "c \"$q\" play --fen \"\"; c \"$q\" convert --encoding \"\"; echo \"$_qipan_commands\"\n"
             "EOF\n", tmp);
    must(cmd);
    snprintf(cmd, sizeof cmd, "bash \"%s/complete.bash\" \"%s\"", tmp, prefix);
    assert_int_equal(sh(cmd, &out, NULL), 0);
    const char *want = "perft\n--finished --fen\nred black both none\nxiangqi\nconsole convert\n\n"
                       "utf-8 gbk big5\n";
    if (strncmp(out, want, strlen(want))) fail_msg("completions:\n%s", out);
    /* the list of commands is help's */
    char cmds[1024];
    snprintf(cmds, sizeof cmds, " %s", out + strlen(want));
    char *help;
    assert_int_equal(qipan(NULL, prefix, "help", &help, NULL), 0);
    int n = 0;
    for (char *l = strtok(help, "\n"); l; l = strtok(NULL, "\n")) {
        char name[64], word[80];
        if (sscanf(l, " qipan %63[a-z]", name) != 1) continue;
        snprintf(word, sizeof word, " %s ", name);
        if (!strstr(cmds, word)) fail_msg("no '%s' in:%s", name, cmds);
        n++;
    }
    assert_true(n >= 11);
    assert_non_null(strstr(cmds, " help\n"));
    free(help);
    free(out);
}

/* Every file and folder of the list, one a line, under dir (sorted). */
static char *tree(const char *dir)
{
    char cmd[600], *out;
    snprintf(cmd, sizeof cmd, "cd \"%s\" && find . -mindepth 1 | LC_ALL=C sort", dir);
    if (sh(cmd, &out, NULL)) fail_msg("find in %s", dir);
    return out;
}

/* An uninstall removes every file the install put in place and every
 * folder it made, and nothing else: what the prefix held before stays,
 * and so does a file of another program put in one of qipan's folders
 * since.  Installing twice lists the same. */
static void test_uninstall(void **st)
{
    (void)st;
    char p[400], cmd[2048], *out, *err;
    snprintf(p, sizeof p, "%s/un", tmp);
    /* a prefix holding things already, in folders the install writes to */
    snprintf(cmd, sizeof cmd, "mkdir -p \"%s/bin\" \"%s/share/applications\" && echo x > \"%s/bin/other\" && "
             "echo y > \"%s/share/applications/other.desktop\"", p, p, p, p);
    must(cmd);
    char *before = tree(p);
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, "\"%s\" --install \"%s\" --prefix \"%s\"", QP_CMAKE, QP_BUILD_DIR, p);
        must(cmd);
    }
    char path[500];
    snprintf(path, sizeof path, "%s/share/qipan/install_manifest.txt", p);
    char *manifest = slurp_path(path);
    assert_non_null(strstr(manifest, "bin/qipan\n"));
    assert_non_null(strstr(manifest, "\nshare/qipan/\n"));
    assert_null(strstr(manifest, "\nbin/\n"));                 /* it was there */
    assert_null(strstr(manifest, "\nshare/applications/\n"));
    assert_null(strstr(manifest, tmp));                        /* relative paths */
    free(manifest);
    char *installed = tree(p);
    assert_non_null(strstr(installed, "./share/icons/hicolor/48x48/apps/qipan.png\n"));
    free(installed);

    snprintf(cmd, sizeof cmd, "mkdir -p \"%s/share/man/man1\" && echo z > \"%s/share/man/man1/other.1\"", p, p);
    must(cmd);
    snprintf(cmd, sizeof cmd, "\"%s\" -DPREFIX=\"%s\" -P \"%s/packaging/uninstall.cmake\"", QP_CMAKE, p, QP_SOURCE_DIR);
    if (sh(cmd, &out, &err)) fail_msg("uninstall: %s%s", out, err);
    free(out);
    free(err);
    char *after = tree(p);
    char want[4096];
    snprintf(want, sizeof want, "%s./share/man\n./share/man/man1\n./share/man/man1/other.1\n", before);
    /* the sorted union: before's lines and the man page's folders */
    char *sorted;
    snprintf(cmd, sizeof cmd, "printf \"%%s\" \"%s\" | LC_ALL=C sort", want);
    assert_int_equal(sh(cmd, &sorted, NULL), 0);
    assert_string_equal(after, sorted);
    free(sorted);
    free(after);
    free(before);

    /* nothing installed there any more: said */
    snprintf(cmd, sizeof cmd, "\"%s\" -DPREFIX=\"%s\" -P \"%s/packaging/uninstall.cmake\"", QP_CMAKE, p, QP_SOURCE_DIR);
    assert_int_not_equal(sh(cmd, NULL, &err), 0);
    assert_non_null(strstr(err, "no qipan installation in "));
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
        cmocka_unit_test(test_readme_links),
        cmocka_unit_test(test_desktop_entry),
        cmocka_unit_test(test_bash_completion),
        cmocka_unit_test(test_uninstall),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
