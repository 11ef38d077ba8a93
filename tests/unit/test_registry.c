/*
 * test_registry.c — the registry (framework/registry.h): rulesets lacking a
 * required hook are refused with the hook's name, a plugin registering one
 * is refused as a whole, plugins built against another ruleset.h, from
 * places anyone can write, or with unprintable or taken names are refused
 * with a message that says why, every broken game file of a scripts
 * folder is reported while the good ones still register, and game files
 * are read by the loaders the program added, each for its suffix.
 */
#define _DEFAULT_SOURCE   /* mkdtemp, realpath */
#include "testutil.h"
#include "whytest.h"
#include "lua_ruleset.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

void qp_register_builtin(qp_registry *reg);

/* ---- required hooks ------------------------------------------------------ */

static const struct {
    const char *name;
    size_t off;
} required[] = {
    {"create", offsetof(qp_ruleset, create)},
    {"setup", offsetof(qp_ruleset, setup)},
    {"side_to_move", offsetof(qp_ruleset, side_to_move)},
    {"piece_at", offsetof(qp_ruleset, piece_at)},
    {"gen", offsetof(qp_ruleset, gen)},
    {"make", offsetof(qp_ruleset, make)},
    {"move_text", offsetof(qp_ruleset, move_text)},
    {"move_parse", offsetof(qp_ruleset, move_parse)},
    {"outcome", offsetof(qp_ruleset, outcome)},
    {"hash", offsetof(qp_ruleset, hash)},
};

/* A copy of a complete ruleset with each required hook removed in turn. */
static void test_required_hooks(void **st)
{
    (void)st;
    qp_registry reg;
    qp_registry_init(&reg, QP_SCRIPTS_DIR);
    qp_register_builtin(&reg);
    const qp_ruleset *zg = qp_registry_find(&reg, "zhonggong");
    assert_non_null(zg);
    int n = reg.n;
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        qp_ruleset copy = *zg;
        copy.name = "zg_copy";
        memset((char *)&copy + required[i].off, 0, sizeof copy.gen);
        char want[QP_ERR];
        snprintf(want, sizeof want, "ruleset 'zg_copy' lacks required hook '%s'", required[i].name);
        reg.refused[0] = 0;
        assert_int_equal(qp_registry_add(&reg, &copy), -1);
        assert_string_equal(reg.refused, want);
        assert_int_equal(reg.n, n);
        assert_null(qp_registry_find(&reg, "zg_copy"));
    }
    qp_ruleset unnamed = *zg;
    unnamed.name = NULL;
    reg.refused[0] = 0;
    assert_int_equal(qp_registry_add(&reg, &unnamed), -1);
    assert_string_equal(reg.refused, "a ruleset has no name");
    /* the optional hooks may be missing */
    static qp_ruleset minimal;
    minimal = *zg;
    minimal.name = "zg_minimal";
    minimal.destroy = NULL, minimal.fen_parse = NULL, minimal.fen_print = NULL, minimal.unmake = NULL;
    minimal.move_flags = NULL, minimal.move_order = NULL, minimal.move_notation = NULL;
    minimal.move_squares = NULL, minimal.flags = NULL, minimal.evaluate = NULL, minimal.make_null = NULL;
    assert_int_equal(qp_registry_add(&reg, &minimal), 0);
    assert_ptr_equal(qp_registry_find(&reg, "zg_minimal"), &minimal);
    qp_registry_free(&reg);
}

/* What the registry says of each plugin of tests/lib/plugins_bad/ but
 * silent.so (which registers: only its create fails), in load order. */
#define BAD(name) QP_BAD_PLUGIN_DIR "/" name ".so"
#define REBUILD "rebuild it against this qipan's include/qipan"
static const char *bad_message(int i, char *buf, size_t n)
{
    switch (i) {
    case 0:
        snprintf(buf, n, "plugin %s: built against another qipan/ruleset.h (ABI 1, this qipan expects %d): %s",
                 BAD("abi1"), QP_ABI_VERSION, REBUILD);
        break;
    case 1:
        snprintf(buf, n, "plugin %s: ruleset name \"bad\\x1b[2Jname\" is not printable ASCII without spaces",
                 BAD("badname"));
        break;
    case 2:
        snprintf(buf, n, "plugin %s: ruleset 'nogen' lacks required hook 'gen'", BAD("nogen"));
        break;
    case 3:
        snprintf(buf, n, "plugin %s: built against another qipan/ruleset.h (table of %zu bytes, this qipan expects %zu): %s",
                 BAD("oldtable"), offsetof(qp_ruleset, status_text)   /* the table before the five hooks */, sizeof(qp_ruleset), REBUILD);
        break;
    default:
        return NULL;
    }
    return buf;
}

/* A plugin whose ruleset lacks gen is refused, and nothing of it stays. */
static void test_plugin_refused(void **st)
{
    (void)st;
    qp_registry reg;
    qp_registry_init(&reg, QP_SCRIPTS_DIR);
    char err[2048], want[2048];
    const char *path = QP_BAD_PLUGIN_DIR "/nogen.so";
    snprintf(want, sizeof want, "plugin %s: ruleset 'nogen' lacks required hook 'gen'", path);
    assert_int_equal(qp_registry_load_plugin(&reg, path, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_int_equal(reg.n, 0);
    assert_int_equal(reg.ndl, 0);
    assert_null(qp_registry_find(&reg, "nogen"));
    /* from a folder: each reported the same way, one line each; only
     * silent.so registers */
    want[0] = 0;
    char line[QP_ERR + 64];
    for (int i = 0; bad_message(i, line, sizeof line); i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", i ? "\n" : "", line);
    assert_int_equal(qp_registry_load_plugin_dir(&reg, QP_BAD_PLUGIN_DIR, err, sizeof err), 1);
    assert_string_equal(err, want);
    assert_int_equal(reg.n, 1);
    assert_non_null(qp_registry_find(&reg, "silent"));
    /* a good plugin still loads afterwards */
    assert_int_equal(qp_registry_load_plugin_dir(&reg, QP_PLUGIN_DIR, err, sizeof err), 1);
    assert_string_equal(err, "");
    assert_non_null(qp_registry_find(&reg, "nim"));
    qp_registry_free(&reg);
}

/* Issue 43: a plugin built against an earlier ruleset.h, whose table ends
 * five hooks sooner, passed the ABI check and the search called past its
 * table.  Its table states its size and is refused by it; a plugin from
 * before tables had a size is refused by its ABI, unregistered. */
static void test_plugin_other_header(void **st)
{
    (void)st;
    qp_registry reg;
    qp_registry_init(&reg, QP_SCRIPTS_DIR);
    char err[QP_ERR + 64], want[QP_ERR + 64];
    assert_int_equal(qp_registry_load_plugin(&reg, BAD("oldtable"), err, sizeof err), -1);
    assert_string_equal(err, bad_message(3, want, sizeof want));
    assert_int_equal(reg.n, 0);
    assert_int_equal(reg.ndl, 0);
    assert_int_equal(qp_registry_load_plugin(&reg, BAD("abi1"), err, sizeof err), -1);   /* abort()s if registered */
    assert_string_equal(err, bad_message(0, want, sizeof want));
    assert_int_equal(reg.n, 0);
    /* a table compiled into qipan needs no size; one from a plugin does */
    qp_register_builtin(&reg);
    static qp_ruleset copy;
    copy = *qp_registry_find(&reg, "zhonggong");
    copy.name = "zg_sized";
    copy.size = 0;
    assert_int_equal(qp_registry_add(&reg, &copy), 0);
    copy.name = "zg_unsized";
    reg.loading = "x.so";
    reg.loading_plugin = true;
    reg.refused[0] = 0;
    assert_int_equal(qp_registry_add(&reg, &copy), -1);
    snprintf(want, sizeof want, "built against another qipan/ruleset.h (table of 0 bytes, this qipan expects %zu): %s",
             sizeof(qp_ruleset), REBUILD);
    assert_string_equal(reg.refused, want);
    reg.loading = NULL;
    reg.loading_plugin = false;
    qp_registry_free(&reg);
}

/* Copies the file at from to to, with the given mode. */
static void copy_file(const char *from, const char *to, mode_t mode)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, in)) > 0) assert_int_equal(fwrite(buf, 1, k, out), k);
    fclose(in);
    assert_int_equal(fclose(out), 0);
    assert_int_equal(chmod(to, mode), 0);
}

/* Issue 43: plugins from folders and files anyone may write were loaded
 * without a word.  A taken name said only "registration failed". */
static void test_plugin_place_and_name(void **st)
{
    (void)st;
    char tmp[] = "/tmp/qp_plug_XXXXXX", real[PATH_MAX], so[PATH_MAX + 16], err[2 * PATH_MAX], want[2 * PATH_MAX];
    assert_non_null(mkdtemp(tmp));
    assert_non_null(realpath(tmp, real));   /* what the message names */
    snprintf(so, sizeof so, "%s/nim.so", tmp);
    copy_file(QP_PLUGIN_DIR "/nim.so", so, 0644);
    qp_registry reg;
    qp_registry_init(&reg, QP_SCRIPTS_DIR);

    assert_int_equal(chmod(tmp, 0777), 0);
    assert_int_equal(qp_registry_load_plugin(&reg, so, err, sizeof err), -1);
    snprintf(want, sizeof want, "plugin %s: refused: its folder %s is writable by every user", so, real);
    assert_string_equal(err, want);
    /* a link from a safe folder to it: the real place counts */
    char safe[] = "/tmp/qp_plug_XXXXXX", link[PATH_MAX + 16];
    assert_non_null(mkdtemp(safe));
    snprintf(link, sizeof link, "%s/nim.so", safe);
    assert_int_equal(symlink(so, link), 0);
    assert_int_equal(qp_registry_load_plugin(&reg, link, err, sizeof err), -1);
    snprintf(want, sizeof want, "plugin %s: refused: its folder %s is writable by every user", link, real);
    assert_string_equal(err, want);
    unlink(link);
    rmdir(safe);
    assert_int_equal(chmod(tmp, 0755), 0);
    assert_int_equal(chmod(so, 0666), 0);
    assert_int_equal(qp_registry_load_plugin(&reg, so, err, sizeof err), -1);
    snprintf(want, sizeof want, "plugin %s: refused: %s/nim.so is writable by every user", so, real);
    assert_string_equal(err, want);
    assert_int_equal(reg.n, 0);
    assert_int_equal(reg.ndl, 0);

    /* the same plugin twice: the second says who has the name */
    assert_int_equal(chmod(so, 0644), 0);
    assert_int_equal(qp_registry_load_plugin(&reg, QP_PLUGIN_DIR "/nim.so", err, sizeof err), 0);
    assert_int_equal(qp_registry_load_plugin(&reg, so, err, sizeof err), -1);
    snprintf(want, sizeof want, "plugin %s: ruleset 'nim' is already registered by %s/nim.so", so, QP_PLUGIN_DIR);
    assert_string_equal(err, want);
    assert_int_equal(reg.n, 1);
    /* a built-in name */
    qp_register_builtin(&reg);
    static qp_ruleset copy;
    copy = *qp_registry_find(&reg, "zhonggong");
    reg.refused[0] = 0;
    assert_int_equal(qp_registry_add(&reg, &copy), -1);
    assert_string_equal(reg.refused, "ruleset 'zhonggong' is already a built-in ruleset");
    /* names are printable ASCII without spaces, shown escaped */
    static const char *const bad[] = {"two words", "tab\there", "\xe4\xb8\xad", "del\x7f", NULL};
    static const char *const shown[] = {"\"two words\"", "\"tab\\x09here\"", "\"\\xe4\\xb8\\xad\"", "\"del\\x7f\""};
    for (int i = 0; bad[i]; i++) {
        copy.name = bad[i];
        reg.refused[0] = 0;
        assert_int_equal(qp_registry_add(&reg, &copy), -1);
        snprintf(want, sizeof want, "ruleset name %s is not printable ASCII without spaces", shown[i]);
        assert_string_equal(reg.refused, want);
    }
    /* titles are one line of text: no C0 or C1 control characters */
    copy.name = "zg_titled";
    static const char *const titles[] = {"red\x1b[31m", "csi\xc2\x9b" "2J", "two\nlines", NULL};
    static const char *const tshown[] = {"\"red\\x1b[31m\"", "\"csi\\xc2\\x9b2J\"", "\"two\\x0alines\""};
    for (int i = 0; titles[i]; i++) {
        copy.title = titles[i];
        reg.refused[0] = 0;
        assert_int_equal(qp_registry_add(&reg, &copy), -1);
        snprintf(want, sizeof want, "ruleset 'zg_titled' has control characters in its title %s", tshown[i]);
        assert_string_equal(reg.refused, want);
    }
    copy.title = "中宫 · Zhonggong";   /* other UTF-8 is text */
    assert_int_equal(qp_registry_add(&reg, &copy), 0);
    qp_registry_free(&reg);
    unlink(so);
    rmdir(tmp);
}

/* Issue 43: a plugin whose create failed without a message made `qipan`
 * print its uninitialised message buffer.  The warnings of the refused
 * plugins of the same folder come first, escaped. */
static void test_silent_create(void **st)
{
    (void)st;
    char *out = NULL, *errout = NULL, want[4096] = "", line[QP_ERR + 64];
    for (int i = 0; bad_message(i, line, sizeof line); i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "qipan: warning: %s\n", line);
    snprintf(want + strlen(want), sizeof want - strlen(want), "qipan: silent: its create hook failed without a message\n");
    assert_int_equal(tu_run_cmd("QIPAN_PLUGIN_PATH='" QP_BAD_PLUGIN_DIR "' '" QIPAN_BIN "' perft silent 1", NULL, &out,
                                &errout),
                     1);
    assert_string_equal(out, "");
    assert_string_equal(errout, want);
    free(out);
    free(errout);
}

/* Issue 43: the soak never played the nim plugin (the soak binary
 * exported no qp_* symbols, so nim.so did not load, and the error was
 * ignored).  It plays it now, and a plugin that does not load stops it. */
static void test_soak_plays_plugins(void **st)
{
    (void)st;
    char *out = NULL, *errout = NULL;
    assert_int_equal(tu_run_cmd("'" SOAK_BIN "' 1 --ruleset nim --depth 1 --seed 7", NULL, &out, &errout), 0);
    const char *line = strstr(out, "\n  nim ");
    if (!line) fail_msg("no nim line in the soak's output:\n%s%s", out, errout);
    long games = 0, plies = 0, problems = -1;
    assert_int_equal(sscanf(line, " nim %ld games %ld plies %ld problems", &games, &plies, &problems), 3);
    assert_true(games >= 1);
    assert_true(plies >= games * 4);   /* 12 stones, at most 3 a move */
    assert_int_equal(problems, 0);
    assert_string_equal(errout, "");
    free(out);
    free(errout);

    char want[4096] = "", msg[QP_ERR + 64];
    for (int i = 0; bad_message(i, msg, sizeof msg); i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", i ? "\n" : "soak: ", msg);
    snprintf(want + strlen(want), sizeof want - strlen(want),
             "\nsoak: stopped: every plugin must load, or the soak does not play it\n");
    assert_int_equal(tu_run_cmd("QIPAN_PLUGIN_PATH='" QP_BAD_PLUGIN_DIR "' '" SOAK_BIN "' 1 --ruleset nim", NULL, &out,
                                &errout),
                     2);
    assert_string_equal(out, "");
    assert_string_equal(errout, want);
    free(out);
    free(errout);
}

/* ---- broken game files ---------------------------------------------------- */

static const char good_game[] =
    "return {\n"
    "  name = 'good',\n"
    "  board = { width = 3, height = 1 },\n"
    "  sides = { 'a', 'b' },\n"
    "  pieces = { A = '', b = '' },\n"
    "  moves = function(pos) pos:add_empty() end,\n"
    "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"
    "}\n";

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/games/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A scripts folder whose games/ holds one good game and four broken
 * files; the expected report, one line per broken file, goes in want. */
static void make_games(char *dir, char *want, size_t n)
{
    strcpy(dir, "/tmp/qp_reg_XXXXXX");
    assert_non_null(mkdtemp(dir));
    char games[300];
    snprintf(games, sizeof games, "%s/games", dir);
    assert_int_equal(mkdir(games, 0700), 0);
    char text[1024];
    write_file(dir, "a_good.lua", good_game);
    /* a misspelt hook */
    snprintf(text, sizeof text, "%s", good_game);
    memcpy(strstr(text, "moves ="), "moevs =", 7);
    memcpy(strstr(text, "'good'"), "'b_x1'", 6);
    write_file(dir, "b_moevs.lua", text);
    /* an unknown key, nothing close to it */
    const char *moves = strstr(good_game, "  moves");
    snprintf(text, sizeof text, "%.*s  wombat = 1,\n%s", (int)(moves - good_game), good_game, moves);
    memcpy(strstr(text, "'good'"), "'c_x2'", 6);
    write_file(dir, "c_key.lua", text);
    write_file(dir, "d_syntax.lua", "return {\n  name = = 'd',\n}\n");
    write_file(dir, "e_dup.lua", good_game);   /* the name is taken */
    snprintf(want, n,
             "%s/games/b_moevs.lua:6: unknown key 'moevs' (did you mean 'moves'?)\n"
             "%s/games/c_key.lua:6: unknown key 'wombat'\n"
             "%s/games/d_syntax.lua:2: unexpected symbol near '='\n"
             "%s/games/e_dup.lua: ruleset 'good' is already registered by %s/games/a_good.lua",
             dir, dir, dir, dir, dir);
}

static void remove_games(const char *dir)
{
    static const char *const names[] = {"a_good.lua", "b_moevs.lua", "c_key.lua", "d_syntax.lua", "e_dup.lua"};
    char path[300];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/games/%s", dir, names[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/games", dir);
    rmdir(path);
    rmdir(dir);
}

static void test_every_broken_file(void **st)
{
    (void)st;
    char dir[64], want[2048], err[2048];
    make_games(dir, want, sizeof want);
    qp_registry reg;
    qp_registry_init(&reg, dir);
    assert_int_equal(qp_registry_add_loader(&reg, &qp_lua_loader), 0);
    assert_int_equal(qp_registry_load_games(&reg, err, sizeof err), 1);
    assert_string_equal(err, want);
    assert_non_null(qp_registry_find(&reg, "good"));
    assert_int_equal(reg.n, 1);
    qp_registry_free(&reg);

    /* a buffer too small for all: whole lines, then how many were left out */
    char small[160];
    qp_registry_init(&reg, dir);
    assert_int_equal(qp_registry_add_loader(&reg, &qp_lua_loader), 0);
    assert_int_equal(qp_registry_load_games(&reg, small, sizeof small), 1);
    char first[512];
    snprintf(first, sizeof first, "%.*s\n... and 3 more", (int)strcspn(want, "\n"), want);
    assert_string_equal(small, first);
    qp_registry_free(&reg);
    remove_games(dir);
}

/* ---- game-file loaders ------------------------------------------------- */

/* A loader of *.txt files holding a name: a copy of Zhonggong under that
 * name, or an error for the name "bad". */
typedef struct txt_game {
    qp_ruleset rs;
    char name[32];
} txt_game;

static const qp_ruleset *txt_base;
static int txt_freed;

static qp_ruleset *txt_load(const char *path, char *err, size_t errn)
{
    char name[32] = "";
    FILE *f = fopen(path, "r");
    if (f) {
        if (!fgets(name, sizeof name, f)) name[0] = 0;
        fclose(f);
    }
    name[strcspn(name, "\n")] = 0;
    if (!strcmp(name, "bad")) {
        snprintf(err, errn, "%s:1: bad game", path);
        return NULL;
    }
    txt_game *g = malloc(sizeof *g);
    assert_non_null(g);
    g->rs = *txt_base;
    snprintf(g->name, sizeof g->name, "%s", name);
    g->rs.name = g->name;
    return &g->rs;
}

static void txt_free(qp_ruleset *rs)
{
    txt_freed++;
    free(rs);   /* rs is the first member of its txt_game */
}

static const qp_game_loader txt_loader = {".txt", txt_load, txt_free};

/* Each file goes to the loader of its suffix, all in the order of their
 * names; a file no loader claims is not read, a refused ruleset is freed
 * by its loader, and the registry names no format of its own. */
static void test_game_loaders(void **st)
{
    (void)st;
    char dir[64], games[128], path[300];
    strcpy(dir, "/tmp/qp_reg_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(games, sizeof games, "%s/games", dir);
    assert_int_equal(mkdir(games, 0700), 0);
    write_file(dir, "a_one.txt", "one\n");
    write_file(dir, "b_good.lua", good_game);
    write_file(dir, "c_bad.txt", "bad\n");
    write_file(dir, "d_other.dat", "other\n");
    write_file(dir, "e_one.txt", "one\n");

    qp_registry reg;
    char err[2048], want[2048];
    /* no loader: no game file is read */
    qp_registry_init(&reg, dir);
    assert_int_equal(qp_registry_load_games(&reg, err, sizeof err), 0);
    assert_string_equal(err, "");
    assert_int_equal(reg.n, 0);
    qp_registry_free(&reg);

    qp_registry_init(&reg, dir);
    qp_register_builtin(&reg);
    txt_base = qp_registry_find(&reg, "zhonggong");
    assert_non_null(txt_base);
    int n = reg.n;
    txt_freed = 0;
    assert_int_equal(qp_registry_add_loader(&reg, &txt_loader), 0);
    assert_int_equal(qp_registry_add_loader(&reg, &txt_loader), -1);     /* .txt is taken */
    assert_int_equal(qp_registry_add_loader(&reg, &qp_lua_loader), -1);  /* so is .lua */
    static const qp_game_loader no_free = {".nf", txt_load, NULL}, no_suffix = {"", txt_load, txt_free};
    assert_int_equal(qp_registry_add_loader(&reg, &no_free), -1);
    assert_int_equal(qp_registry_add_loader(&reg, &no_suffix), -1);
    assert_int_equal(qp_registry_load_games(&reg, err, sizeof err), 2);
    snprintf(want, sizeof want,
             "%s/c_bad.txt:1: bad game\n"
             "%s/e_one.txt: ruleset 'one' is already registered by %s/a_one.txt",
             games, games, games);
    assert_string_equal(err, want);
    assert_int_equal(txt_freed, 1);   /* the second 'one' */
    assert_int_equal(reg.n, n + 2);
    assert_string_equal(reg.rs[n]->name, "one");
    assert_string_equal(reg.rs[n + 1]->name, "good");
    assert_null(qp_registry_find(&reg, "other"));
    qp_registry_free(&reg);
    assert_int_equal(txt_freed, 2);

    /* a full table */
    static char suffix[QP_MAX_LOADERS + 1][8];
    static qp_game_loader more[QP_MAX_LOADERS + 1];
    for (int i = 0; i <= QP_MAX_LOADERS; i++) {
        snprintf(suffix[i], sizeof suffix[i], ".x%d", i);
        more[i] = (qp_game_loader){suffix[i], txt_load, txt_free};
    }
    qp_registry_init(&reg, dir);
    for (int i = 0; i < QP_MAX_LOADERS; i++) assert_int_equal(qp_registry_add_loader(&reg, &more[i]), 0);
    assert_int_equal(qp_registry_add_loader(&reg, &more[QP_MAX_LOADERS]), -1);
    qp_registry_free(&reg);

    static const char *const names[] = {"a_one.txt", "b_good.lua", "c_bad.txt", "d_other.dat", "e_one.txt"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", games, names[i]);
        unlink(path);
    }
    rmdir(games);
    rmdir(dir);
}

/* `qipan list` lists the good game and warns once per broken file. */
static void test_list_warns(void **st)
{
    (void)st;
    char dir[64], want[2048], cmd[1024], out[128], errp[128];
    make_games(dir, want, sizeof want);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(errp, sizeof errp, "%s/err", dir);
    snprintf(cmd, sizeof cmd, "QIPAN_SCRIPTS='%s' QIPAN_PLUGINS='%s' '%s' list > '%s' 2> '%s'", dir, dir, QIPAN_BIN,
             out, errp);
    assert_int_equal(system(cmd), 0);
    assert_non_null(strstr(tu_read_text(out), "\ngood\tgood\n"));
    char warn[4096] = "";
    for (const char *p = want; *p;) {
        size_t len = strcspn(p, "\n");
        snprintf(warn + strlen(warn), sizeof warn - strlen(warn), "qipan: warning: %.*s\n", (int)len, p);
        p += len + (p[len] == '\n');
    }
    assert_string_equal(tu_read_text(errp), warn);
    unlink(out);
    unlink(errp);
    remove_games(dir);
}

/* A plugin explains refused moves through the same hook (Nim's piles). */
static void test_plugin_refusal_reasons(void **st)
{
    (void)st;
    static const wt_case cases[] = {
        {"nim", NULL, NULL, false, "c4", QP_WHY_CANNOT_MOVE, "take at most 3 stones at a time", "每次最多取3颗"},
        {"nim", NULL, NULL, false, "a5", QP_WHY_RULE, "pile a has only 3 stones", "第a堆只有3颗"},
        {"nim", NULL, NULL, true, "b2c1", QP_WHY_RULE, "a move is one point: its pile and how many stones it takes",
         "一着只点一个点：哪一堆、取几颗"},
    };
    qp_registry reg;
    char err[QP_ERR + 64];
    qp_registry_init(&reg, QP_SCRIPTS_DIR);
    assert_int_equal(qp_registry_load_plugin_dir(&reg, QP_PLUGIN_DIR, err, sizeof err), 1);
    wt_check(&reg, cases, (int)(sizeof cases / sizeof cases[0]));
    qp_registry_free(&reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_required_hooks),
        cmocka_unit_test(test_plugin_refused),
        cmocka_unit_test(test_plugin_other_header),
        cmocka_unit_test(test_plugin_place_and_name),
        cmocka_unit_test(test_silent_create),
        cmocka_unit_test(test_soak_plays_plugins),
        cmocka_unit_test(test_every_broken_file),
        cmocka_unit_test(test_game_loaders),
        cmocka_unit_test(test_list_warns),
        cmocka_unit_test(test_plugin_refusal_reasons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
