/*
 * test_layers.c — the layering of framework/: the core (its top folder) names
 * no adapter (no framework/lua header, no Lua header, no call into
 * framework/lua/), and the modules of framework/lua/ form no cycle, by
 * their #include lines or by their calls.
 *
 * A module is X.c with its X.h.  X depends on Y when X.c or X.h includes
 * Y.h, or when X.c's object uses a symbol Y.c's defines (nm over the core
 * library): a function declared in one module's header but defined in
 * another's .c is a dependency the #include lines do not show.
 *
 * The library is read from libqipan_core.a in the folder the test runs in
 * (ctest runs it in the build folder), or from $QP_CORE_LIB.
 */
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LY_SRC QP_TESTDATA_DIR "/../.."
#define LY_MAX 128
#define LY_WHY 96

/* The folders whose modules are read; the core is the first. */
static const char *const ly_folder[] = {"framework", "framework/lua", "framework/records"};
enum { LY_CORE, LY_LUA, LY_RECORDS, LY_NFOLDERS };

typedef struct ly_graph {
    int n;
    char name[LY_MAX][64];
    int folder[LY_MAX];
    char why[LY_MAX][LY_MAX][LY_WHY];   /* why[a][b][0]: a depends on b, and why */
} ly_graph;

static ly_graph g_inc, g_sym;
static char ly_bad[4096];   /* the core's includes of the adapter or Lua */

static int ly_find(const ly_graph *g, const char *name)
{
    for (int i = 0; i < g->n; i++)
        if (!strcmp(g->name[i], name)) return i;
    return -1;
}

static bool ly_ends(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a > b && !strcmp(s + a - b, suf);
}

/* Every X.c of the folders, as modules of both graphs. */
static void ly_modules(ly_graph *g)
{
    g->n = 0;
    for (int f = 0; f < LY_NFOLDERS; f++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", LY_SRC, ly_folder[f]);
        DIR *d = opendir(dir);
        if (!d) fail_msg("cannot open %s", dir);
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!ly_ends(e->d_name, ".c") || g->n >= LY_MAX) continue;
            snprintf(g->name[g->n], sizeof g->name[0], "%.*s", (int)strlen(e->d_name) - 2, e->d_name);
            g->folder[g->n++] = f;
        }
        closedir(d);
    }
}

/* Whether folder f holds the header name ("x.h"). */
static bool ly_has_header(int f, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s/%s", LY_SRC, ly_folder[f], name);
    FILE *fp = fopen(path, "r");
    if (fp) fclose(fp);
    return fp != NULL;
}

/* The #include lines of module m's .c and .h: edges of g_inc, and the
 * core's includes of an adapter or Lua header appended to ly_bad. */
static void ly_includes(int m)
{
    char *bad = ly_bad;
    size_t badn = sizeof ly_bad;
    static const char *const lua_headers[] = {"lua.h", "lauxlib.h", "lualib.h"};
    for (int k = 0; k < 2; k++) {
        char path[512], line[512];
        snprintf(path, sizeof path, "%s/%s/%s%s", LY_SRC, ly_folder[g_inc.folder[m]], g_inc.name[m],
                 k ? ".h" : ".c");
        FILE *fp = fopen(path, "r");
        if (!fp) continue;
        for (int no = 1; fgets(line, sizeof line, fp); no++) {
            char *p = line + strspn(line, " \t");
            if (*p++ != '#') continue;
            p += strspn(p, " \t");
            if (strncmp(p, "include", 7)) continue;
            p += 7 + strspn(p + 7, " \t");
            char open = *p, close = open == '<' ? '>' : '"';
            if (open != '"' && open != '<') continue;
            char inc[256];
            size_t len = strcspn(p + 1, ">\"");
            if (p[1 + len] != close || len >= sizeof inc) continue;
            snprintf(inc, sizeof inc, "%.*s", (int)len, p + 1);
            const char *base = strrchr(inc, '/') ? strrchr(inc, '/') + 1 : inc;
            if (g_inc.folder[m] == LY_CORE) {
                bool up = open == '"' && ly_has_header(LY_LUA, base);
                for (size_t i = 0; i < sizeof lua_headers / sizeof lua_headers[0]; i++)
                    if (open == '<' && !strcmp(base, lua_headers[i])) up = true;
                if (up) {
                    size_t at = strlen(bad);
                    snprintf(bad + at, badn - at, "%s/%s%s:%d includes %s\n", ly_folder[LY_CORE],
                             g_inc.name[m], k ? ".h" : ".c", no, inc);
                }
            }
            if (open != '"' || !ly_ends(base, ".h")) continue;
            char mod[64];
            snprintf(mod, sizeof mod, "%.*s", (int)strlen(base) - 2, base);
            int to = ly_find(&g_inc, mod);
            if (to >= 0 && to != m && !g_inc.why[m][to][0]) {
                char why[LY_WHY];
                snprintf(why, sizeof why, "%s%s includes %s", g_inc.name[m], k ? ".h" : ".c", base);
                memcpy(g_inc.why[m][to], why, sizeof why);
            }
        }
        fclose(fp);
    }
}

typedef struct ly_def {
    char sym[80];
    int mod;
} ly_def;

static int ly_cmp_def(const void *a, const void *b)
{
    return strcmp(((const ly_def *)a)->sym, ((const ly_def *)b)->sym);
}

/* One line of `nm -A`: "LIB:MEMBER.c.o: [ADDR] TYPE SYMBOL".  The module
 * index of the member (-1: none of ours), type and symbol; false if the
 * line is not one. */
static bool ly_nm_line(char *line, int *mod, char *type, char *sym, size_t symn)
{
    char *c1 = strstr(line, ".c.o:");
    if (!c1) return false;
    char *member = c1;
    while (member > line && member[-1] != ':' && member[-1] != '/') member--;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(c1 - member), member);
    *mod = ly_find(&g_sym, name);
    char a[128], b[128], c[128];
    int k = sscanf(c1 + 5, "%127s %127s %127s", a, b, c);
    if (k == 2) *type = a[0], snprintf(sym, symn, "%s", b);
    else if (k == 3) *type = b[0], snprintf(sym, symn, "%s", c);
    else return false;
    return true;
}

/* The calls between modules: edges of g_sym (read once). */
static void ly_symbols(void)
{
    static bool done;
    if (done) return;
    done = true;
    const char *lib = getenv("QP_CORE_LIB");
    if (!lib || !*lib) lib = "libqipan_core.a";
    FILE *probe = fopen(lib, "rb");
    if (!probe) fail_msg("cannot read the core library %s (run in the build folder or set QP_CORE_LIB)", lib);
    fclose(probe);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "nm -A '%s' 2>/dev/null", lib);
    static ly_def defs[20000];
    int ndefs = 0;
    static struct {
        int mod;
        char sym[80];
    } uses[40000];
    int nuses = 0;
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[1024], sym[256], type;
    int mod;
    while (fgets(line, sizeof line, p)) {
        if (!ly_nm_line(line, &mod, &type, sym, sizeof sym) || mod < 0 || strlen(sym) >= 80) continue;
        if (type == 'U' && nuses < (int)(sizeof uses / sizeof uses[0])) {
            uses[nuses].mod = mod;
            snprintf(uses[nuses++].sym, sizeof uses[0].sym, "%s", sym);
        } else if (type >= 'A' && type <= 'Z' && ndefs < (int)(sizeof defs / sizeof defs[0])) {
            defs[ndefs].mod = mod;
            snprintf(defs[ndefs++].sym, sizeof defs[0].sym, "%s", sym);
        }
    }
    if (pclose(p) != 0) fail_msg("'%s' failed: nm is needed to read the calls", cmd);
    if (!ndefs) fail_msg("nm found no symbol of ours in %s", lib);
    qsort(defs, (size_t)ndefs, sizeof defs[0], ly_cmp_def);
    for (int i = 0; i < nuses; i++) {
        ly_def key;
        snprintf(key.sym, sizeof key.sym, "%s", uses[i].sym);
        const ly_def *d = bsearch(&key, defs, (size_t)ndefs, sizeof defs[0], ly_cmp_def);
        int a = uses[i].mod;
        if (d && d->mod != a && !g_sym.why[a][d->mod][0]) {
            char why[LY_WHY];
            snprintf(why, sizeof why, "%s.c calls %s", g_sym.name[a], uses[i].sym);
            memcpy(g_sym.why[a][d->mod], why, sizeof why);
        }
    }
}

/* A cycle among the modules of folder f, written in out ("" if none):
 * "a -> b -> a (a.c includes b.h; b.c calls a_fn)". */
static void ly_cycle(const ly_graph *g, int f, char *out, size_t n)
{
    int state[LY_MAX] = {0}, stack[LY_MAX + 1];
    out[0] = 0;
    for (int s = 0; s < g->n && !out[0]; s++) {
        if (g->folder[s] != f || state[s]) continue;
        /* iterative DFS: next[] holds where each stacked module's scan is */
        int next[LY_MAX], depth = 0;
        stack[0] = s, next[0] = 0, state[s] = 1;
        while (depth >= 0 && !out[0]) {
            int v = stack[depth], w = next[depth]++;
            if (w >= g->n) {
                state[v] = 2;
                depth--;
                continue;
            }
            if (g->folder[w] != f || !g->why[v][w][0]) continue;
            if (state[w] == 1) {
                int from = depth;
                while (stack[from] != w) from--;
                size_t len = 0;
                for (int i = from; i <= depth; i++)
                    len += (size_t)snprintf(out + len, n - len, "%s -> ", g->name[stack[i]]);
                len += (size_t)snprintf(out + len, n - len, "%s (", g->name[w]);
                for (int i = from; i <= depth && len < n; i++) {
                    int to = i < depth ? stack[i + 1] : w;
                    len += (size_t)snprintf(out + len, n - len, "%s%s", i > from ? "; " : "",
                                            g->why[stack[i]][to]);
                }
                if (len < n) snprintf(out + len, n - len, ")");
            } else if (!state[w]) {
                state[w] = 1;
                stack[++depth] = w, next[depth] = 0;
            }
        }
    }
}

static int setup(void **st)
{
    (void)st;
    memset(&g_inc, 0, sizeof g_inc);
    ly_modules(&g_inc);
    memcpy(g_sym.name, g_inc.name, sizeof g_sym.name);
    memcpy(g_sym.folder, g_inc.folder, sizeof g_sym.folder);
    g_sym.n = g_inc.n;
    ly_bad[0] = 0;
    for (int m = 0; m < g_inc.n; m++) ly_includes(m);
    return 0;
}

/* The core includes no header of the Lua adapter and none of Lua's. */
static void test_core_includes_no_adapter(void **st)
{
    (void)st;
    assert_true(g_inc.n > 20);
    assert_true(ly_find(&g_inc, "registry") >= 0 && ly_find(&g_inc, "lua_ruleset") >= 0);
    /* the check sees includes: the adapter includes the core's ruleset.h */
    assert_true(g_inc.why[ly_find(&g_inc, "lua_ruleset")][ly_find(&g_inc, "ruleset")][0] != 0);
    if (ly_bad[0]) fail_msg("the core names the Lua adapter:\n%s", ly_bad);
}

/* No module of the core calls one of framework/lua/. */
static void test_core_calls_no_adapter(void **st)
{
    (void)st;
    ly_symbols();
    /* the check sees calls: the adapter calls the core's rulesets */
    assert_true(g_sym.why[ly_find(&g_sym, "lua_ruleset")][ly_find(&g_sym, "ruleset")][0] != 0);
    char bad[4096] = "";
    size_t len = 0;
    for (int a = 0; a < g_sym.n; a++)
        for (int b = 0; b < g_sym.n; b++)
            if (g_sym.folder[a] == LY_CORE && g_sym.folder[b] == LY_LUA && g_sym.why[a][b][0] && len < sizeof bad)
                len += (size_t)snprintf(bad + len, sizeof bad - len, "%s (framework/lua/%s.c)\n", g_sym.why[a][b],
                                        g_sym.name[b]);
    if (bad[0]) fail_msg("the core calls the Lua adapter:\n%s", bad);
}

/* The modules of framework/lua/ form no cycle, by includes or by calls. */
static void test_lua_no_cycle(void **st)
{
    (void)st;
    char cycle[1024];
    ly_cycle(&g_inc, LY_LUA, cycle, sizeof cycle);
    if (cycle[0]) fail_msg("framework/lua: include cycle %s", cycle);
    ly_symbols();
    ly_cycle(&g_sym, LY_LUA, cycle, sizeof cycle);
    if (cycle[0]) fail_msg("framework/lua: call cycle %s", cycle);
}

/* Nor do the core's own modules, nor those of framework/records/ (the
 * formats sit between the file entry points and the record itself). */
static void test_core_and_records_no_cycle(void **st)
{
    (void)st;
    char cycle[1024];
    for (int f = LY_CORE; f <= LY_RECORDS; f += LY_RECORDS - LY_CORE) {
        ly_cycle(&g_inc, f, cycle, sizeof cycle);
        if (cycle[0]) fail_msg("%s: include cycle %s", ly_folder[f], cycle);
        ly_symbols();
        ly_cycle(&g_sym, f, cycle, sizeof cycle);
        if (cycle[0]) fail_msg("%s: call cycle %s", ly_folder[f], cycle);
    }
}

/* The cycle finder finds one: a -> b -> c -> a, with its reasons. */
static void test_cycle_finder(void **st)
{
    (void)st;
    static ly_graph t;
    memset(&t, 0, sizeof t);
    t.n = 4;
    const char *names[] = {"a", "b", "c", "d"};
    for (int i = 0; i < 4; i++) snprintf(t.name[i], sizeof t.name[i], "%s", names[i]), t.folder[i] = LY_LUA;
    snprintf(t.why[0][1], LY_WHY, "a.c includes b.h");
    snprintf(t.why[1][2], LY_WHY, "b.c calls c_fn");
    snprintf(t.why[0][3], LY_WHY, "a.c calls d_fn");
    char out[512];
    ly_cycle(&t, LY_LUA, out, sizeof out);
    assert_string_equal(out, "");
    snprintf(t.why[2][0], LY_WHY, "c.c calls a_fn");
    ly_cycle(&t, LY_LUA, out, sizeof out);
    assert_string_equal(out, "a -> b -> c -> a (a.c includes b.h; b.c calls c_fn; c.c calls a_fn)");
    t.folder[2] = LY_CORE;   /* a cycle through another folder is not this folder's */
    ly_cycle(&t, LY_LUA, out, sizeof out);
    assert_string_equal(out, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cycle_finder),
        cmocka_unit_test(test_core_includes_no_adapter),
        cmocka_unit_test(test_core_calls_no_adapter),
        cmocka_unit_test(test_lua_no_cycle),
        cmocka_unit_test(test_core_and_records_no_cycle),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
