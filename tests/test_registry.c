/*
 * test_registry.c — the registry (framework/registry.h): rulesets lacking a
 * required hook are refused with the hook's name, a plugin registering one
 * is refused as a whole, and every broken game file of a scripts folder is
 * reported while the good ones still register.
 */
#define _DEFAULT_SOURCE   /* mkdtemp */
#include "testutil.h"

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

/* A plugin whose ruleset lacks gen is refused, and nothing of it stays. */
static void test_plugin_refused(void **st)
{
    (void)st;
    qp_registry reg;
    qp_registry_init(&reg, QP_SCRIPTS_DIR);
    char err[QP_ERR + 64], want[QP_ERR + 64];
    const char *path = QP_BAD_PLUGIN_DIR "/nogen.so";
    snprintf(want, sizeof want, "plugin %s: ruleset 'nogen' lacks required hook 'gen'", path);
    assert_int_equal(qp_registry_load_plugin(&reg, path, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_int_equal(reg.n, 0);
    assert_int_equal(reg.ndl, 0);
    assert_null(qp_registry_find(&reg, "nogen"));
    /* from a folder: reported the same way */
    assert_int_equal(qp_registry_load_plugin_dir(&reg, QP_BAD_PLUGIN_DIR, err, sizeof err), 0);
    assert_string_equal(err, want);
    assert_int_equal(reg.n, 0);
    /* a good plugin still loads afterwards */
    assert_int_equal(qp_registry_load_plugin_dir(&reg, QP_PLUGIN_DIR, err, sizeof err), 1);
    assert_string_equal(err, "");
    assert_non_null(qp_registry_find(&reg, "nim"));
    qp_registry_free(&reg);
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
             "%s/games/e_dup.lua: ruleset name 'good' is already taken",
             dir, dir, dir, dir);
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
    assert_int_equal(qp_registry_load_lua_games(&reg, err, sizeof err), 1);
    assert_string_equal(err, want);
    assert_non_null(qp_registry_find(&reg, "good"));
    assert_int_equal(reg.n, 1);
    qp_registry_free(&reg);

    /* a buffer too small for all: whole lines, then how many were left out */
    char small[160];
    qp_registry_init(&reg, dir);
    assert_int_equal(qp_registry_load_lua_games(&reg, small, sizeof small), 1);
    char first[512];
    snprintf(first, sizeof first, "%.*s\n... and 3 more", (int)strcspn(want, "\n"), want);
    assert_string_equal(small, first);
    qp_registry_free(&reg);
    remove_games(dir);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_required_hooks),
        cmocka_unit_test(test_plugin_refused),
        cmocka_unit_test(test_every_broken_file),
        cmocka_unit_test(test_list_warns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
