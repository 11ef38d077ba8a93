/*
 * test_sandbox.c — the Lua sandbox's time bounds against hostile scripts:
 * message handlers after the budget, backtracking patterns, huge string
 * results, the CPU watchdog; and that ordinary uses still work.
 */
#include "testutil.h"
#include "lua_sandbox.h"
#include "lua_ruleset.h"

#include <stdio.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The two ways a sandbox keeps time, for tests that run in both. */
static bool watched = false, counted = true;

/* Runs src as "h.lua" in a fresh sandbox with budget instructions (and a
 * CPU deadline of deadline_ns when > 0), watched or counted; returns the
 * error, "" if none. */
static const char *run_as(const char *src, long long budget, long long deadline_ns, bool count)
{
    static char err[QP_ERR];
    err[0] = 0;
    qp_sandbox *sb = qp_sandbox_new("game", 64u << 20);
    assert_non_null(sb);
    if (count) qp_sandbox_counted(sb);
    qp_sandbox_budget(sb, budget);
    /* watched runs go without a hook; counted ones count */
    assert_int_equal(lua_gethookmask(sb->L), count ? LUA_MASKCOUNT : 0);
    if (deadline_ns > 0) qp_sandbox_deadline(sb, deadline_ns);
    qp_sandbox_run(sb, "h.lua", src, strlen(src), 0, err, sizeof err);
    qp_sandbox_free(sb);
    return err;
}

static const char *run_with(const char *src, long long budget, long long deadline_ns)
{
    return run_as(src, budget, deadline_ns, false);
}

static const char *run(const char *src) { return run_with(src, 5000000, 0); }

static void test_message_handlers(void **st)
{
    bool count = *(bool *)*st;
#define run(src) run_as(src, 5000000, 0, count)
    /* issue 11: the handler ran with hooks off after the budget was spent */
    assert_string_equal(run("xpcall(function() while true do end end, function() while true do end end)"),
                        "h.lua:1: game took too long");
    /* a handler that loops on an ordinary error is counted */
    assert_string_equal(run("xpcall(function() error('x') end,\n function() while true do end end)"),
                        "h.lua:2: game took too long");
    /* nested xpcalls and pcall loops cannot outlive the budget */
    assert_string_equal(run("local function f() while true do end end\n"
                            "while true do xpcall(function() xpcall(f, f) end, f) pcall(f) end"),
                        "h.lua:1: game took too long");
    /* handlers still work while there is time */
    assert_string_equal(run("local ok, m = xpcall(function() error('boom', 0) end, function(e) return 'got ' .. e end)\n"
                            "assert(not ok and m == 'got boom')\n"
                            "local ok2, a, b = xpcall(function(x, y) return x + y, x * y end, print, 3, 4)\n"
                            "assert(ok2 and a == 7 and b == 12)"),
                        "");
    assert_string_equal(run("xpcall(print)"), "h.lua:1: bad argument #2 to 'xpcall' (function expected, got no value)");
#undef run
}

static void test_patterns(void **st)
{
    (void)st;
    /* issue 11: exponential backtracking in C, where no hook looks */
    assert_string_equal(run("local x = (\"a\"):rep(40):find((\"a*\"):rep(40)..\"b\")"),
                        "h.lua:1: string.find: pattern too complex for a subject of 40 bytes");
    assert_string_equal(run("local s = ('a'):rep(16)\nreturn s:match(('a-'):rep(16) .. 'b')"),
                        "h.lua:2: string.match: pattern too complex for a subject of 16 bytes");
    assert_string_equal(run("for w in ('a'):rep(30):gmatch(('a?'):rep(30) .. ('a*'):rep(5) .. 'b') do end"),
                        "h.lua:1: string.gmatch: pattern too complex for a subject of 30 bytes");
    assert_string_equal(run("local s = ('x'):rep(5000)\n\nlocal r = s:gsub('(x*)%1y', '')"),
                        "h.lua:3: string.gsub: pattern too complex for a subject of 5000 bytes");
    /* what games and configs do stays allowed, with Lua's own results */
    assert_string_equal(run("local t = {}\n"
                            "for k, v in ('k=v, a=b, x=y'):gmatch('(%w+)=(%w+)') do t[#t + 1] = k .. v end\n"
                            "assert(table.concat(t, ' ') == 'kv ab xy')\n"
                            "assert(select(2, ('a,b,c'):gsub(',', ';')) == 2)\n"
                            "assert(('hello world'):find('o w', 1, true) == 5)\n"
                            "assert(('rnbakabnr/9'):match('^([^/]+)/') == 'rnbakabnr')\n"
                            "assert(('%bxy'):len() == 4 and ('f(a(b)c)d'):match('%b()') == '(a(b)c)')\n"
                            "assert(('THE (quick) fox'):find('%f[%a]%a+%f[%A]') == 1)\n"
                            "assert(string.format('%d-%s', 3, 'x') == '3-x')\n"
                            "assert(('x'):rep(3, ',') == 'x,x,x' and ('x'):rep(0) == '')\n"
                            "local big = ('ab'):rep(100000)\n"
                            "assert(#big == 200000 and big:find('ba', 1, true) == 2 and select(2, big:gsub('ab', '')) == 100000)"),
                        "");
}

static void test_string_results(void **st)
{
    (void)st;
    assert_string_equal(run("local s = ('x'):rep(1 << 30)"), "h.lua:1: string.rep: result longer than 16777216 bytes");
    assert_string_equal(run("local s = ('x'):rep(1 << 23, ('y'):rep(8))"),
                        "h.lua:1: string.rep: result longer than 16777216 bytes");
    /* a sort without comparator runs in C */
    assert_string_equal(run("table.sort(setmetatable({}, { __len = function() return 1 << 21 end }))"),
                        "h.lua:1: table.sort: more than 1048576 elements");
    assert_string_equal(run("local t = {5, 3, 9}\ntable.sort(t)\nassert(table.concat(t, ',') == '3,5,9')"), "");
    /* wrapped functions keep Lua's messages, with their library's name */
    assert_string_equal(run("local x = string.find('a', 'b', {})"),
                        "h.lua:1: bad argument #3 to 'string.find' (number expected, got table)");
    assert_string_equal(run("local x = ('%d'):format('x')"),
                        "h.lua:1: bad argument #2 to 'string.format' (number expected, got string)");
    assert_string_equal(run("table.insert(1, 2)"),
                        "h.lua:1: bad argument #1 to 'table.insert' (table expected, got number)");
    assert_string_equal(run("assert(utf8.len('象棋') == 2 and utf8.char(26827) == '棋')"), "");
    /* empty copies cost a loop turn each, in C */
    assert_string_equal(run("local s = (''):rep(1e15)"), "h.lua:1: string.rep: more than 16777216 copies");
    assert_string_equal(run("assert(#(''):rep(1 << 24, '') == 0)"), "");
}

static void test_watchdog(void **st)
{
    (void)st;
    /* table.sort runs in C: its comparisons are not instructions.  With
     * an instruction budget that is never reached, the CPU deadline ends
     * the run at the next hook or library call after the sort. */
    const char *src = "local t = {}\nfor i = 1, 300000 do t[i] = (i * 7919) % 300007 end\n"
                      "table.sort(t)\ntable.sort(t, function(a, b) return a > b end)\n"
                      "for i = 1, 100000000 do end";
    const char *e = run_with(src, 1000000000000LL, 5000000);
    assert_non_null(strstr(e, "game took too long"));
    assert_true(!strncmp(e, "h.lua:", 6));
    assert_non_null(strstr(run_as(src, 1000000000000LL, 5000000, counted), "game took too long"));
    /* counted, the same script without a deadline runs into the count */
    assert_string_equal(run_as("table.sort({3, 1, 2})\nfor i = 1, 100000000 do end", 5000000, 0, counted),
                        "h.lua:2: game took too long");
    /* watched, into the CPU time the budget allows */
    assert_string_equal(run_as("table.sort({3, 1, 2})\nwhile true do end", 5000000, 0, watched),
                        "h.lua:2: game took too long");
}

/* A thread that blocks the watchdog's signal still ends a runaway: its
 * runs count instructions. */
static void *blocked_run(void *arg)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, QP_SANDBOX_SIGNAL);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    qp_sandbox *sb = arg;
    static char err[QP_ERR];
    qp_sandbox_budget(sb, 100000);
    assert_int_equal(lua_gethookmask(sb->L), LUA_MASKCOUNT);
    const char *loop = "local n = 0\nwhile true do n = n + 1 end";
    qp_sandbox_run(sb, "h.lua", loop, strlen(loop), 0, err, sizeof err);
    qp_sandbox_idle(sb);
    return err;
}

static void test_blocked_thread(void **st)
{
    (void)st;
    qp_sandbox *sb = qp_sandbox_new("game", 64u << 20);
    pthread_t t;
    void *err = NULL;
    assert_int_equal(pthread_create(&t, NULL, blocked_run, sb), 0);
    pthread_join(t, &err);
    assert_string_equal((const char *)err, "h.lua:2: game took too long");
    /* the same sandbox on this thread is watched again */
    qp_sandbox_budget(sb, 100000);
    assert_int_equal(lua_gethookmask(sb->L), 0);
    qp_sandbox_idle(sb);
    qp_sandbox_free(sb);
}

/* The watchdog's signal ends only the run it was sent for: between runs,
 * or in another run, it does nothing. */
static void test_stray_signal(void **st)
{
    (void)st;
    qp_sandbox *sb = qp_sandbox_new("game", 64u << 20);
    char err[QP_ERR];
    const char *ok = "local n = 0\nfor i = 1, 1000 do n = n + i end\nassert(n == 500500)";
    qp_sandbox_budget(sb, 100000);
    assert_int_equal(qp_sandbox_run(sb, "h.lua", ok, strlen(ok), 0, err, sizeof err), 0);
    qp_sandbox_idle(sb);
    assert_false(sb->counted);   /* the signal is the sandbox's */
    raise(QP_SANDBOX_SIGNAL);   /* between runs */
    qp_sandbox_budget(sb, 100000);
    raise(QP_SANDBOX_SIGNAL);   /* in a run the watchdog did not signal */
    assert_false(qp_sandbox_spent(sb));
    assert_int_equal(qp_sandbox_run(sb, "h.lua", ok, strlen(ok), 0, err, sizeof err), 0);
    qp_sandbox_idle(sb);
    qp_sandbox_free(sb);
}

static void test_budget_is_per_run(void **st)
{
    /* a spent budget does not leak into the next run of the same state */
    qp_sandbox *sb = qp_sandbox_new("game", 64u << 20);
    if (*(bool *)*st) qp_sandbox_counted(sb);
    char err[QP_ERR];
    qp_sandbox_budget(sb, 100000);
    const char *loop = "while true do end";
    assert_int_equal(qp_sandbox_run(sb, "h.lua", loop, strlen(loop), 0, err, sizeof err), -1);
    assert_string_equal(err, "h.lua:1: game took too long");
    qp_sandbox_budget(sb, 100000);
    const char *ok = "local ok, m = xpcall(error, function(e) return 'handled ' .. e end, 'x', 0)\nassert(m == 'handled x')";
    assert_int_equal(qp_sandbox_run(sb, "h.lua", ok, strlen(ok), 0, err, sizeof err), 0);
    qp_sandbox_free(sb);
}

/* The score of an evaluate hook returning ret (a Lua expression), and the
 * game's first error in err ("" if none). */
static int eval_score(const char *ret, char *err, size_t errn)
{
    char src[1024];
    snprintf(src, sizeof src,
             "return {\n"
             "  name = 'scores',\n"
             "  board = { width = 3, height = 1 },\n"
             "  sides = { 'a', 'b' },\n"
             "  pieces = { A = '', b = '' },\n"
             "  moves = function(pos) pos:add_empty() end,\n"
             "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"
             "  evaluate = function(pos) return %s end,\n"
             "}\n", ret);
    const char *path = tu_tmpfile(src, ".lua");
    char e[QP_ERR];
    qp_ruleset *rs = qp_lua_ruleset_load(path, e, sizeof e);
    if (!rs) fail_msg("%s", e);
    qp_rules *r = qp_rules_create(rs, NULL, e, sizeof e);
    assert_non_null(r);
    void *s = qp_state_new(r);
    r->rs->setup(r, s);
    fflush(stderr);
    int fd = dup(2), nul = open("/dev/null", O_WRONLY);   /* the report goes to stderr */
    dup2(nul, 2);
    close(nul);
    int v = r->rs->evaluate(r, s);
    fflush(stderr);
    dup2(fd, 2);
    close(fd);
    const char *le = qp_lua_rules_error(r);
    snprintf(err, errn, "%s", le ? le + strlen(path) : "");
    free(s);
    qp_rules_free(r);
    qp_lua_ruleset_free(rs);
    unlink(path);
    return v;
}

static void test_scores(void **st)
{
    (void)st;
    char err[QP_ERR];
    assert_int_equal(eval_score("42", err, sizeof err), 42);
    assert_string_equal(err, "");
    assert_int_equal(eval_score("-17.9", err, sizeof err), -17);
    assert_int_equal(eval_score("28999", err, sizeof err), 28999);
    /* issue 11: NaN and 1e300 were cast to int (undefined behaviour) */
    assert_int_equal(eval_score("0/0", err, sizeof err), 0);
    /* issue 43: with the line where the hook starts, and "nan" whatever printf says */
    assert_string_equal(err, ":8: evaluate returned nan: a score must be a number within ±28999");
    assert_int_equal(eval_score("1e300", err, sizeof err), 0);
    assert_string_equal(err, ":8: evaluate returned 1e+300: a score must be a number within ±28999");
    assert_int_equal(eval_score("-math.huge", err, sizeof err), 0);
    assert_string_equal(err, ":8: evaluate returned -inf: a score must be a number within ±28999");
    assert_int_equal(eval_score("29000", err, sizeof err), 0);
    assert_string_equal(err, ":8: evaluate returned 29000: a score must be a number within ±28999");
    assert_int_equal(eval_score("'12'", err, sizeof err), 0);
    assert_string_equal(err, ":8: evaluate returned a string value: a score must be a number within ±28999");
}

/* issue 43: table.move, insert, remove, concat and unpack looped in C over
 * a range the script chose, and no instruction ran: the sandbox's own
 * loops refuse a range the budget cannot pay for, and look at the time as
 * they go. */
static void test_table_loops(void **st)
{
    bool count = *(bool *)*st;
#define run(src) run_as(src, 5000000, 0, count)
    assert_string_equal(run("table.move({}, 1, 1e15, 1)"),
                        "h.lua:1: table.move: 1000000000000000 elements exceed the run's budget of 5000000 instructions");
    assert_string_equal(run("local t = setmetatable({}, { __len = function() return 1e15 end })\n"
                            "table.insert(t, 1, 'x')"),
                        "h.lua:2: table.insert: 1000000000000000 elements exceed the run's budget of 5000000 instructions");
    assert_string_equal(run("local t = setmetatable({}, { __len = function() return math.maxinteger end })\n"
                            "\nlocal x = table.remove(t, 1)"),
                        "h.lua:3: table.remove: 9223372036854775806 elements exceed the run's budget of 5000000 instructions");
    assert_string_equal(run("local s = table.concat(setmetatable({}, { __index = tostring }), '', 1, 1e15)"),
                        "h.lua:1: table.concat: 1000000000000000 elements exceed the run's budget of 5000000 instructions");
    assert_string_equal(run("local s = table.concat({}, '', math.mininteger, math.maxinteger)"),
                        "h.lua:1: table.concat: 9223372036854775807 elements exceed the run's budget of 5000000 instructions");
    assert_string_equal(run("local a = table.unpack({}, 1, 1e15)"), "h.lua:1: too many results to unpack");
    /* Lua's own checks and messages stay */
    assert_string_equal(run("table.move({}, -1, math.maxinteger, 1)"),
                        "h.lua:1: bad argument #3 to 'table.move' (too many elements to move)");
    assert_string_equal(run("table.move({1}, 1, 2, math.maxinteger)"),
                        "h.lua:1: bad argument #4 to 'table.move' (destination wrap around)");
    assert_string_equal(run("table.insert({}, 5, 1)"), "h.lua:1: bad argument #2 to 'table.insert' (position out of bounds)");
    assert_string_equal(run("table.insert({}, 1, 2, 3)"), "h.lua:1: wrong number of arguments to 'insert'");
    assert_string_equal(run("local x = table.remove({1}, 7)"),
                        "h.lua:1: bad argument #2 to 'table.remove' (position out of bounds)");
    assert_string_equal(run("local s = table.concat({1, {}, 3})"), "h.lua:1: invalid value (table) at index 2 in table for 'concat'");
    assert_string_equal(run("table.move(1, 1, 2, 3)"), "h.lua:1: bad argument #1 to 'table.move' (table expected, got number)");
    /* and their results */
    assert_string_equal(run("local t = {1, 2, 3, 4, 5}\n"
                            "assert(table.concat(table.move(t, 1, 3, 3), ',') == '1,2,1,2,3')\n"
                            "t = {1, 2, 3, 4, 5}\n"
                            "assert(table.concat(table.move(t, 2, 5, 1), ',') == '2,3,4,5,5')\n"
                            "assert(table.concat(table.move({1, 2}, 1, 2, 2, {9}), ',') == '9,1,2')\n"
                            "table.insert(t, 'x')\ntable.insert(t, 1, 'y')\n"
                            "assert(table.concat(t, ',') == 'y,2,3,4,5,5,x')\n"
                            "assert(table.remove(t) == 'x' and table.remove(t, 1) == 'y' and #t == 5)\n"
                            "assert(table.remove({}) == nil and table.remove({}, 1) == nil)\n"
                            "assert(table.concat({1, 2.5, 'c'}, '-', 2) == '2.5-c' and table.concat({}, 'x') == '')\n"
                            "local a, b, c = table.unpack({1, 2, 3}, 2)\nassert(a == 2 and b == 3 and c == nil)\n"
                            "assert(select('#', table.unpack({}, 1, 3)) == 3 and select('#', table.unpack({1}, 2)) == 0)\n"
                            "local p = setmetatable({}, { __index = function(_, k) return k * 2 end, __len = function() return 3 end })\n"
                            "assert(table.concat(p, ' ') == '2 4 6')\n"
                            "local big = {}\nfor i = 1, 100000 do big[i] = i end\n"
                            "table.move(big, 1, 100000, 2)\nassert(big[100001] == 100000 and big[2] == 1)\n"
                            "assert(#table.concat(big, ',') == 588896)"),
                        "");
    /* a range the budget allows, each element made by a C function (no
     * instruction runs): the loop itself ends the run in time */
    assert_string_equal(run_as("local t = setmetatable({}, { __index = rawlen })\n"
                               "local s = table.concat(t, '', 1, 4900000)", 5000000, 1000000, count),
                        "h.lua:2: game took too long");
#undef run
}

/* issue 43: running out of memory said only "h.lua: out of memory": past
 * its limit a state now fails at its next instruction, with the line; a
 * pcall that catches it goes on once the garbage is collected. */
static void test_memory(void **st)
{
    bool count = *(bool *)*st;
    /* a budget that lasts longer than the memory (ASan is slow to fill it) */
#define run(src) run_as(src, 1000000000, 0, count)
    assert_string_equal(run("local x = 1\nlocal function f() f() end\nf()"), "h.lua:2: out of memory (limit 64 MiB)");
    assert_string_equal(run("local t = {}\nfor i = 1, 1e9 do t[i] = ('x'):rep(1 << 20) .. i end"),
                        "h.lua:2: out of memory (limit 64 MiB)");
    assert_string_equal(run("local ok, m = pcall(function()\n  local t = {}\n  for i = 1, 1e9 do t[i] = ('x'):rep(1 << 20) .. i end\nend)\n"
                            "assert(not ok and m == 'h.lua:3: out of memory (limit 64 MiB)', m)\n"
                            "local t = {}\nfor i = 1, 100000 do t[i] = i end"),
                        "");
#undef run
}

/* issue 43: hostile game files through the qipan binary, which ended
 * only with ctest's timeout: every command that loads games, and the
 * commands that run a runaway hook. */
static void test_cli_games(void **st)
{
    (void)st;
    char cmd[2048], want[1024], *out, *err;
    /* `qipan list` loads every file of games_bad: each refused with its line */
    snprintf(cmd, sizeof cmd, "QIPAN_GAMES_PATH='%s/games_bad' QIPAN_SCRIPTS='%s' '%s' list", QP_TESTDATA_DIR,
             QP_SCRIPTS_DIR, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    static const char *const refused[] = {
        "loop_move.lua:3: table.move: 1000000000000000 elements exceed the run's budget of 50000000 instructions",
        "loop_concat.lua:5: table.concat: 1000000000000000 elements exceed",
        "loop_insert.lua:4: table.insert: ",
        "loop_remove.lua:4: table.remove: ",
        "loop_cstack.lua:11: C stack overflow\n",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        snprintf(want, sizeof want, "qipan: warning: %s/games_bad/%s", QP_TESTDATA_DIR, refused[i]);
        if (!strstr(err, want)) fail_msg("'%s' not in:\n%s", want, err);
    }
    assert_non_null(strstr(out, "zhonggong"));
    free(out);
    free(err);

    /* each file of games_bad/hooks says its error (line 1) and the
     * command that meets it (line 2) */
    static const char *const hooks[] = {"hook_move", "hook_concat", "hook_nan"};
    for (size_t i = 0; i < sizeof hooks / sizeof hooks[0]; i++) {
        char path[512], line1[256], line2[256];
        snprintf(path, sizeof path, "%s/games_bad/hooks/%s.lua", QP_TESTDATA_DIR, hooks[i]);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        assert_non_null(fgets(line1, sizeof line1, f));
        assert_non_null(fgets(line2, sizeof line2, f));
        fclose(f);
        line1[strcspn(line1, "\n")] = line2[strcspn(line2, "\n")] = 0;
        assert_int_equal(strncmp(line1, "-- error: ", 10), 0);
        assert_int_equal(strncmp(line2, "-- run: ", 8), 0);
        snprintf(cmd, sizeof cmd, "QIPAN_GAMES_PATH='%s/games_bad/hooks' QIPAN_SCRIPTS='%s' '%s' %s", QP_TESTDATA_DIR,
                 QP_SCRIPTS_DIR, QIPAN_BIN, line2 + 8);
        int rc = tu_run_cmd(cmd, NULL, &out, &err);
        snprintf(want, sizeof want, "qipan: %s%s\n", path, line1 + 10);
        if (strncmp(err, want, strlen(want))) fail_msg("%s: '%s', expected '%s'", hooks[i], err, want);
        /* perft prints no count that the failing hook made wrong */
        if (!strncmp(line2 + 8, "perft ", 6)) {
            assert_int_equal(rc, 1);
            assert_non_null(strstr(err, "qipan: perft: no count: a hook of the game failed\n"));
            assert_string_equal(out, "");
        }
        free(out);
        free(err);
    }

    /* UCI keeps answering: the search meets the runaway hook at ply 1 */
    snprintf(cmd, sizeof cmd, "QIPAN_GAMES_PATH='%s/games_bad/hooks' QIPAN_SCRIPTS='%s' '%s' uci", QP_TESTDATA_DIR,
             QP_SCRIPTS_DIR, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd,
                                "setoption name UCI_Variant value hook_move\nposition startpos\ngo infinite\n"
                                "stop\nisready\ngo depth 3\nisready\nquit\n",
                                &out, &err),
                     0);
    assert_non_null(strstr(out, "readyok\n"));
    assert_non_null(strstr(strstr(out, "readyok\n") + 8, "readyok\n"));
    assert_non_null(strstr(out, "bestmove "));
    snprintf(want, sizeof want, "%s/games_bad/hooks/hook_move.lua:10: table.move: ", QP_TESTDATA_DIR);
    assert_non_null(strstr(err, want));
    free(out);
    free(err);
}

/* issue 11's hostile files through the real binary: each ends with its
 * error (a hang would run into ctest's timeout). */
static void test_cli(void **st)
{
    (void)st;
    static const char *const cases[][2] = {
        {"xpcall(function() while true do end end, function() while true do end end)\nreturn {}\n",
         ":1: config took too long"},
        {"return { x = (\"a\"):rep(40):find((\"a*\"):rep(40)..\"b\") }\n",
         ":1: string.find: pattern too complex for a subject of 40 bytes"},
        {"while true do pcall(function() while true do end end) end\n", ":1: config took too long"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *path = tu_tmpfile(cases[i][0], ".lua");
        char args[256], want[256], *out, *err;
        snprintf(args, sizeof args, "status zhonggong --config %s", path);
        assert_int_equal(tu_run(args, NULL, &out, &err), 1);
        snprintf(want, sizeof want, "qipan: %s%s\n", path, cases[i][1]);
        assert_string_equal(err, want);
        free(out);
        free(err);
        unlink(path);
    }
    /* issue 11: --config /dev/zero read 4 GB in 8 s; issue 43: a device
     * is no config (test_fileio checks the size limit of plain files) */
    char *out, *err;
    assert_int_equal(tu_run("status zhonggong --config /dev/zero", NULL, &out, &err), 1);
    assert_string_equal(err, "qipan: /dev/zero: is a device, not a regular file\n");
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_message_handlers, &watched),
        cmocka_unit_test_prestate(test_message_handlers, &counted),
        cmocka_unit_test(test_patterns),
        cmocka_unit_test(test_string_results),
        cmocka_unit_test(test_watchdog),
        cmocka_unit_test(test_stray_signal),
        cmocka_unit_test(test_blocked_thread),
        cmocka_unit_test_prestate(test_budget_is_per_run, &watched),
        cmocka_unit_test_prestate(test_budget_is_per_run, &counted),
        cmocka_unit_test(test_scores),
        cmocka_unit_test(test_cli),
        cmocka_unit_test_prestate(test_table_loops, &watched),
        cmocka_unit_test_prestate(test_table_loops, &counted),
        cmocka_unit_test_prestate(test_memory, &watched),
        cmocka_unit_test_prestate(test_memory, &counted),
        cmocka_unit_test(test_cli_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
