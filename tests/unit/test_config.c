/*
 * test_config.c — Lua configuration files: flattening, schema checks, error
 * messages with file:line, and the sandbox.
 */
#include "testutil.h"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const qp_param_def schema[] = {
    {"size", QP_PT_INT, "15", 5, 19, "board size"},
    {"liberties", QP_PT_BOOL, "false", 0, 0, "count liberties"},
    {"name", QP_PT_STRING, "plain", 0, 0, "a name"},
    {"pieces", QP_PT_LIST, "P", 0, 0, "piece letters"},
    {"levels", QP_PT_MAP, "easy=1", 0, 0, "named levels"},
    {"draw.repetitions", QP_PT_INT, "3", 0, 10, "repetitions that draw"},
    {"draw.perpetual_check_loses", QP_PT_BOOL, "true", 0, 0, "perpetual check loses"},
    {"a.b.c", QP_PT_INT, "0", 0, 100, "deeply nested"},
    {NULL, 0, NULL, 0, 0, NULL},
};

static void init_params(qp_params *p)
{
    char err[QP_ERR];
    if (qp_params_init(p, schema, err, sizeof err)) fail_msg("%s", err);
}

/* Loads src as "t.lua" and applies it; returns the first error ("" if none). */
static const char *run(const char *src, qp_params *p)
{
    static char err[QP_ERR * 2];
    static qp_config c;
    err[0] = 0;
    init_params(p);
    if (qp_config_load_string(&c, "t.lua", src, err, sizeof err)) return err;
    if (qp_config_apply(&c, p, err, sizeof err)) return err;
    return "";
}

static void test_round_trip(void **st)
{
    (void)st;
    static const char src[] =
        "-- a config\n"
        "local big = 9\n"
        "return {\n"
        "  ruleset = \"zhonggong\",\n"
        "  size = big,\n"
        "  liberties = true,\n"
        "  name = 'Hello, world',\n"
        "  pieces = { \"P\", \"C\", \"N\" },\n"
        "  draw = { repetitions = 4, perpetual_check_loses = false },\n"
        "  levels = { hard = 9, easy = 2 },\n"
        "  a = { b = { c = 42 } },\n"
        "  ai = { level = 7, levels = { weak = 1, strong = 10 } },\n"
        "}\n";
    qp_config c;
    qp_params p;
    char err[QP_ERR * 2] = "";
    init_params(&p);
    assert_int_equal(qp_config_load_string(&c, "t.lua", src, err, sizeof err), 0);
    assert_string_equal(c.ruleset, "zhonggong");
    assert_int_equal(qp_config_apply(&c, &p, err, sizeof err), 0);
    assert_int_equal(qp_param_int(&p, "size"), 9);
    assert_true(qp_param_bool(&p, "liberties"));
    assert_string_equal(qp_param_str(&p, "name"), "Hello, world");
    assert_string_equal(qp_param_str(&p, "pieces"), "P,C,N");
    assert_int_equal(qp_param_int(&p, "draw.repetitions"), 4);
    assert_false(qp_param_bool(&p, "draw.perpetual_check_loses"));
    /* maps keep source order, not hash order */
    assert_string_equal(qp_param_str(&p, "levels"), "hard=9,easy=2");
    assert_int_equal(qp_param_int(&p, "a.b.c"), 42);
    assert_int_equal(qp_param_int(&p, "ai.level"), 7);
    assert_string_equal(qp_param_str(&p, "ai.levels"), "weak=1,strong=10");
    long long v;
    assert_int_equal(qp_param_map_get(&p, "ai.levels", "strong", &v), 0);
    assert_int_equal(v, 10);
    /* the ruleset key is not a parameter */
    assert_null(qp_params_find(&p, "ruleset"));
    /* entries carry their source lines */
    for (int i = 0; i < c.n; i++)
        if (!strcmp(c.e[i].key, "draw.repetitions")) assert_int_equal(c.e[i].line, 9);
}

static void test_unknown_key(void **st)
{
    (void)st;
    qp_params p;
    assert_string_equal(run("return {\n  size = 9,\n  draw = { repetiton = 3 },\n}\n", &p),
                        "t.lua:3: unknown key 'draw.repetiton'");
    assert_string_equal(run("return {\n  sise = 9,\n}\n", &p), "t.lua:2: unknown key 'sise'");
    /* a table under an unknown prefix is reported whole */
    assert_string_equal(run("return {\n\n  drww = { repetitions = 3 },\n}\n", &p), "t.lua:3: unknown key 'drww'");
    /* the same name at another depth does not confuse the line */
    assert_string_equal(run("return {\n  ai = { level = 3 },\n  level = 3,\n}\n", &p), "t.lua:3: unknown key 'level'");
}

static void test_type_errors(void **st)
{
    (void)st;
    qp_params p;
    assert_string_equal(run("return {\n  liberties = \"yes\",\n}\n", &p),
                        "t.lua:2: 'liberties' must be a boolean, got string");
    assert_string_equal(run("return { size = { 'x' } }", &p), "t.lua:1: 'size' must be an integer, got list");
    assert_string_equal(run("return { size = 1.5 }", &p), "t.lua:1: 'size' must be an integer, got 1.5");
    assert_string_equal(run("return { name = 3 }", &p), "t.lua:1: 'name' must be a string, got integer");
    assert_string_equal(run("return { pieces = 'P' }", &p),
                        "t.lua:1: 'pieces' must be a list of strings, got string");
    assert_string_equal(run("return { levels = { 'easy' } }", &p),
                        "t.lua:1: 'levels' must be a table of name = integer, got list");
    assert_string_equal(run("return { levels = { easy = 'x' } }", &p),
                        "t.lua:1: 'levels' must be a table of name = integer, got table");
    assert_string_equal(run("return { draw = 3 }", &p), "t.lua:1: unknown key 'draw'");
    assert_string_equal(run("return { pieces = { 'P', 2 } }", &p),
                        "t.lua:1: 'pieces' must be a list of strings, item 2 is a number");
    assert_string_equal(run("return { pieces = { 'P', x = 'C' } }", &p),
                        "t.lua:1: 'pieces' mixes list items and named fields");
    assert_string_equal(run("return { size = print }", &p), "t.lua:1: 'size' cannot be a function");
    assert_string_equal(run("return { ruleset = 5 }", &p), "t.lua:1: 'ruleset' must be a string, got number");
    /* range checks come from the schema, with the line in front */
    assert_string_equal(run("return {\n  a = { b = { c = 101 } } }", &p),
                        "t.lua:2: 'a.b.c' must be between 0 and 100, got 101");
    assert_string_equal(run("return { ai = { level = 11 } }", &p),
                        "t.lua:1: 'ai.level' must be between 1 and 10, got 11");
}

static void test_lua_errors(void **st)
{
    (void)st;
    qp_params p;
    const char *e = run("return {\n  size = 9\n  liberties = true }\n", &p);
    assert_string_equal(e, "t.lua:3: '}' expected (to close '{' at line 1) near 'liberties'");
    assert_string_equal(run("local x = nil\nreturn { size = x.y }\n", &p),
                        "t.lua:2: attempt to index a nil value (local 'x')");
    assert_string_equal(run("error('no config for you')", &p), "t.lua:1: no config for you");
    assert_string_equal(run("error({})", &p), "t.lua:1: error object is a table value");
    assert_string_equal(run("return 5", &p), "t.lua: must return a table");
    assert_string_equal(run("local t = {}", &p), "t.lua: must return a table");
    assert_string_equal(run("return { 1, 2 }", &p), "t.lua: the returned table must hold named values only");
}

static void test_sandbox(void **st)
{
    (void)st;
    qp_params p;
    assert_string_equal(run("os.execute('touch /tmp/qp_pwned')\nreturn {}", &p),
                        "t.lua:1: attempt to index a nil value (global 'os')");
    assert_string_equal(run("local f = io.open('/etc/passwd')\nreturn {}", &p),
                        "t.lua:1: attempt to index a nil value (global 'io')");
    assert_string_equal(run("return { size = require('x') }", &p),
                        "t.lua:1: attempt to call a nil value (global 'require')");
    assert_string_equal(run("return { size = load('return 5')() }", &p),
                        "t.lua:1: attempt to call a nil value (global 'load')");
    assert_string_equal(run("dofile('/etc/passwd')", &p), "t.lua:1: attempt to call a nil value (global 'dofile')");
    assert_string_equal(run("return { size = debug.getinfo(1).currentline }", &p),
                        "t.lua:1: attempt to index a nil value (global 'debug')");
    assert_string_equal(run("return { size = string.dump(print) }", &p),
                        "t.lua:1: unable to dump given function");
    /* the harmless parts work */
    assert_string_equal(run("return { size = math.max(5, #string.rep('x', 7)), name = table.concat({'a','b'}, '-') }", &p), "");
    assert_int_equal(qp_param_int(&p, "size"), 7);
    assert_string_equal(qp_param_str(&p, "name"), "a-b");
}

static void test_runaway(void **st)
{
    (void)st;
    qp_params p;
    assert_string_equal(run("local n = 0\nwhile true do\n  n = n + 1\nend\n", &p), "t.lua:3: config took too long");
    /* pcall cannot swallow the limit for long */
    const char *e = run("while true do pcall(function() while true do end end) end", &p);
    assert_non_null(strstr(e, "config took too long"));
    assert_string_equal(run("local s = string.rep('x', 1 << 30)\nreturn {}", &p),
                        "t.lua:1: string.rep: result longer than 16777216 bytes");
    assert_string_equal(run("local t = {}\nlocal k = string.rep('x', 4096)\nfor i = 1, 8 do t[i] = k:rep(4096) end\nreturn {}", &p),
                        "t.lua:3: out of memory (limit 64 MiB)");   /* issue 43: with the line */
    /* finalizers run with hooks off: a looping __gc would hang for ever */
    assert_string_equal(run("local t = {}\nreturn setmetatable(t, { __gc = function() while true do end end })", &p),
                        "t.lua:2: __gc metamethods are not allowed");
    assert_string_equal(run("return setmetatable({}, {})", &p), "");
}

/* Found by tests/fuzz/fuzz_cli.py. */
static void test_fuzz_regressions(void **st)
{
    (void)st;
    qp_params p;
    /* a table holding itself: flattening recursed past the Lua stack */
    assert_string_equal(run("local t = {}\nt.t = t\nreturn { draw = t }", &p),
                        "t.lua:2: key 'draw.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t.t."
                        "t.t.t.t.t.t.t.t.t.t.t' is too long");
    /* errors that Lua raises without a position get the line */
    assert_string_equal(run("\n\nerror(5)", &p), "t.lua:3: 5");
    assert_string_equal(run("\nerror('plain', 0)", &p), "t.lua:2: plain");
    char src[1100] = "return\n\n";
    size_t n = strlen(src);
    for (int i = 0; i < 500; i++) src[n++] = '{';
    for (int i = 0; i < 500; i++) src[n++] = '}';
    src[n] = 0;
    assert_string_equal(run(src, &p), "t.lua:3: C stack overflow (nesting too deep?)");
    /* map values are checked against the key's range */
    assert_string_equal(run("return { ai = { levels = { easy = 0 } } }", &p),
                        "t.lua:1: 'ai.levels': 'easy' must be between 1 and 10, got 0");
}

static void test_empty_tables(void **st)
{
    (void)st;
    qp_params p;
    assert_string_equal(run("return { pieces = {}, levels = {} }", &p), "");
    assert_string_equal(qp_param_str(&p, "pieces"), "");
    assert_string_equal(qp_param_str(&p, "levels"), "");
    assert_string_equal(run("return { size = {} }", &p), "t.lua:1: 'size' must be an integer, got table");
}

static void test_files(void **st)
{
    (void)st;
    qp_config c;
    char err[QP_ERR * 2];
    assert_int_equal(qp_config_load(&c, "/nonexistent/qp.lua", err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/qp.lua: No such file or directory");

    /* Lua shortens long chunk names to "...tail"; messages keep the path */
    char dir[256], path[320], want[400];
    snprintf(dir, sizeof dir, "/tmp/qp_config_test_with_a_rather_long_directory_name_%d", (int)getpid());
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/some_config_file.lua", dir);
    FILE *f = fopen(path, "w");
    fputs("return {\n  size = = 3,\n}\n", f);
    fclose(f);
    assert_int_equal(qp_config_load(&c, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:2: unexpected symbol near '='", path);
    assert_string_equal(err, want);
    f = fopen(path, "w");
    fputs("return {\n  ruleset = 'gomoku',\n  size = 9,\n}\n", f);
    fclose(f);
    assert_int_equal(qp_config_load(&c, path, err, sizeof err), 0);
    assert_string_equal(c.ruleset, "gomoku");
    assert_int_equal(c.n, 1);
    assert_string_equal(c.e[0].key, "size");
    assert_int_equal(c.e[0].line, 3);
    unlink(path);
    rmdir(dir);
}

/* The qipan command reports config errors with file:line and fails. */
static void test_cli(void **st)
{
    (void)st;
    const char *path = tu_tmpfile("return {\n  ruleset = 'gomoku',\n  size = 7,\n}\n", ".lua");
    char args[512], *out, *errout;
    snprintf(args, sizeof args, "perft gomoku 1 --config %s", path);
    assert_int_equal(tu_run(args, NULL, &out, NULL), 0);
    size_t n = strlen(out);
    while (n && out[n - 1] == '\n') out[--n] = 0;
    const char *last = strrchr(out, '\n');
    assert_string_equal(last ? last + 1 : out, "49");
    free(out);
    unlink(path);

    path = tu_tmpfile("return {\n  ruleset = 'gomoku',\n  exact_fiv = true,\n}\n", ".lua");
    snprintf(args, sizeof args, "perft gomoku 1 --config %s", path);
    assert_int_not_equal(tu_run(args, NULL, NULL, &errout), 0);
    char want[256];
    snprintf(want, sizeof want, "%s:3: unknown key 'exact_fiv'", path);
    assert_non_null(strstr(errout, want));
    free(errout);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),  cmocka_unit_test(test_unknown_key),
        cmocka_unit_test(test_type_errors), cmocka_unit_test(test_lua_errors),
        cmocka_unit_test(test_sandbox),     cmocka_unit_test(test_runaway),
        cmocka_unit_test(test_empty_tables), cmocka_unit_test(test_files),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_fuzz_regressions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
