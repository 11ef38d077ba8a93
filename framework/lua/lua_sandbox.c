/*
 * lua_sandbox.c — restricted Lua states with memory and time limits, and a
 * scanner that finds the source line of a table key.
 */
#define _GNU_SOURCE   /* gettid, tgkill: the watchdog signals one thread */
#include "lua_sandbox.h"

#include "fileio.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

/* The web build (Emscripten): a browser's threads take no signals, so the
 * watchdog never starts (sb_signal_ready says no) and runs are bounded by
 * counting instructions, as when the signal is taken. */
#ifdef __EMSCRIPTEN__
#define tgkill(pid, tid, sig) ((void)(pid), (void)(tid), (void)(sig), -1)
#endif

/* Counted: the hook runs every SB_STEP instructions. */
#define SB_STEP 1000
/* The watchdog reads the wall clock (cheap, vDSO) at every check, and the
 * CPU clock (a system call) at most every SB_CPU_READ_NS of wall time. */
#define SB_CPU_READ_NS 1000000LL
/* CPU time allowed per budgeted instruction, and at least SB_MIN_NS: the
 * instruction budget is the precise limit; the clock catches work done in
 * C, and must leave honest scripts room under sanitizers (ASan triples
 * the cost of memory-heavy library calls). */
#define SB_NS_PER_INSN 25
#define SB_MIN_NS 500000000LL
/* The wall clock, the last line (a thread starved of CPU, a clock that
 * fails), allows SB_WALL_FACTOR times as much: a loaded machine must not
 * make an honest script fail. */
#define SB_WALL_FACTOR 10

/* CPU time of the calling thread in ns: preemption on a busy machine does
 * not count against a script, only what it runs. */
static long long sb_cpu_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)) return 0;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Wall-clock time in ns. */
static long long sb_wall_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts)) return 0;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* True once the run has spent its budget or passed a deadline (the
 * clocks are read here: from the count hook and the wrapped C functions). */
static bool sb_spent(qp_sandbox *sb)
{
    if (qp_sandbox_spent(sb)) return true;
    if (!sb->counting) return false;   /* the watchdog keeps the time */
    long long w = sb_wall_ns();
    if (w > sb->wall_deadline) sb->budget = -1;
    else if (w - sb->cpu_read_at >= SB_CPU_READ_NS) {
        sb->cpu_read_at = w;
        long long c = sb_cpu_ns();
        /* The first reading of a run fixes its deadline.  The time since
         * the start is wall time (the thread may have waited for a CPU):
         * up to one reading interval of it counts as spent. */
        if (sb->deadline < 0) {
            long long before = w - sb->started;
            sb->deadline = c + sb->cpu_allow - (before < SB_CPU_READ_NS ? before : SB_CPU_READ_NS);
        }
        if (c > sb->deadline) sb->budget = -1;
    }
    return sb->budget < 0;
}

static void sb_count_hook(lua_State *L, lua_Debug *ar);

/* Past mem_limit the allocator still gives up to half as much again and
 * arms the count hook, which fails the next instruction with the line
 * ("file:line: out of memory"); Lua's own memory error, which the
 * allocator raises beyond that, carries no line. */
static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    qp_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;   /* for a new block osize is a type tag */
    if (nsize == 0) {
        free(ptr);
        sb->mem -= old;
        return NULL;
    }
    if (nsize > old && sb->mem + (nsize - old) > sb->mem_limit + sb->mem_limit / 2) return NULL;
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    sb->mem = sb->mem - old + nsize;
    if (sb->mem > sb->mem_limit && !sb->over && sb->L) {
        /* lua_sethook only sets fields and flags the running frames: safe
         * in the middle of an allocation (Lua calls it from signals) */
        sb->over = true;
        lua_sethook(sb->L, sb_count_hook, LUA_MASKCOUNT, 1);
    }
    return p;
}

/* The count hook once the state went past its memory limit: fails while
 * it is still past (every instruction, as for time), else puts back the
 * hook the run keeps time with.  False when not over. */
static bool sb_memory_hook(lua_State *L, qp_sandbox *sb, lua_Debug *ar)
{
    if (!sb->over) return false;
    /* what Lua's emergency collection would free: a pcall that caught
     * the error goes on as it would after Lua's own memory error */
    if (sb->mem > sb->mem_limit) lua_gc(L, LUA_GCCOLLECT, 0);
    if (sb->mem > sb->mem_limit) {
        int mib = (int)(sb->mem_limit >> 20);
        if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
            lua_pushfstring(L, "%s:%d: out of memory (limit %d MiB)", ar->short_src, ar->currentline, mib);
        else
            lua_pushfstring(L, "out of memory (limit %d MiB)", mib);
        lua_error(L);
    }
    sb->over = false;
    if (sb->counting) lua_sethook(L, sb_count_hook, LUA_MASKCOUNT, SB_STEP);
    else if (!sb->expired && !sb->hooked) lua_sethook(L, NULL, 0, 0);   /* a late signal is sent again */
    return true;
}

static void sb_count_hook(lua_State *L, lua_Debug *ar)
{
    qp_sandbox *sb = qp_sandbox_of(L);
    if (sb_memory_hook(L, sb, ar)) return;
    if (sb->counting && sb->budget >= 0) sb->budget -= SB_STEP;
    if (!sb_spent(sb)) return;
    sb->budget = -1;
    /* From now on every instruction fails, so a pcall loop cannot catch
     * the error forever at the same point of its cycle; each failure
     * names the line where the time ran out. */
    lua_sethook(L, sb_count_hook, LUA_MASKCOUNT, 1);
    if (!sb->spent_at[0]) {
        /* luaL_error would name the caller's line; the hook's own record
         * names the line that was running. */
        if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
            snprintf(sb->spent_at, sizeof sb->spent_at, "%s:%d: %s took too long", ar->short_src,
                     ar->currentline, sb->what);
        else
            snprintf(sb->spent_at, sizeof sb->spent_at, "%s took too long", sb->what);
    }
    lua_pushstring(L, sb->spent_at);
    lua_error(L);
}

static int sb_panic(lua_State *L)
{
    const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
    fprintf(stderr, "qipan: unprotected Lua error: %s\n", m);
    abort();
}

/* True when the table at index 2 has a __gc field (raw: no tricks). */
static bool sb_has_gc(lua_State *L)
{
    lua_pushliteral(L, "__gc");
    bool has = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    return has;
}

/* print, but to stderr: stdout may be speaking a protocol. */
static int sb_print(lua_State *L)
{
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len);
        if (i > 1) fputc('\t', stderr);
        fwrite(s, 1, len, stderr);
        lua_pop(L, 1);
    }
    fputc('\n', stderr);
    return 0;
}

/* setmetatable without __gc: Lua runs finalizers with hooks switched off,
 * so a looping __gc would escape the instruction budget and hang.  Lua
 * marks an object for finalization only when setmetatable sees __gc, so
 * adding the field later does nothing. */
static int sb_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE && sb_has_gc(L))
        return luaL_error(L, "__gc metamethods are not allowed");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* ---- time bounds of C functions ----------------------------------------- */

/* Pushes "file:line: " of the innermost Lua function running (luaL_where
 * looks at one level only, and a C function there has no line), or "". */
static void sb_where(lua_State *L)
{
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    lua_pushliteral(L, "");
}

/* Raises "took too long" at the caller's line once the run is spent. */
static void sb_check_time(lua_State *L)
{
    qp_sandbox *sb = qp_sandbox_of(L);
    if (!sb_spent(sb)) return;
    if (sb->spent_at[0]) lua_pushstring(L, sb->spent_at);
    else sb_where(L), lua_pushfstring(L, "%s took too long", sb->what), lua_concat(L, 2);
    lua_error(L);
}

/* Calls the original function (upvalue 1) with this call's arguments. */
static int sb_forward(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Message handler wrapping a user's: the user's runs only while the budget
 * lasts.  A budget error is raised from the count hook, where Lua keeps
 * hooks off, so a user handler run then could loop forever. */
static int sb_guarded_handler(lua_State *L)
{
    if (qp_sandbox_spent(qp_sandbox_of(L))) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int sb_xpcall(lua_State *L)
{
    luaL_checktype(L, 2, LUA_TFUNCTION);
    sb_check_time(L);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, sb_guarded_handler, 1);
    lua_replace(L, 2);
    return sb_forward(L);
}

/* An upper bound of the steps Lua's backtracking matcher may take for
 * pattern p on a subject of m bytes: every start position, times the
 * choices of each quantified item (m + 1 lengths for * + -, 2 for ?) and
 * of each %b or back reference, times the items.  A quantifier that ends
 * the pattern never backtracks (the rest cannot fail), so it adds nothing. */
static double sb_match_cost(const char *p, size_t plen, size_t m, bool plain)
{
    double cost = ((double)m + 1) * ((double)plen + 1), span = (double)m + 1;
    if (plain) return cost;
    size_t i = p[0] == '^' ? 1 : 0;
    while (i < plen && cost <= QP_SANDBOX_MATCH_STEPS) {
        char c = p[i];
        bool single = true;
        if (c == '(' || c == ')') {
            i++;
            continue;
        } else if (c == '%' && i + 1 < plen) {
            char d = p[i + 1];
            i += 2;
            if (d == 'b') {
                i += 2;
                cost *= span;
                single = false;
            } else if (d == 'f') {
                /* %f[set]: the set is skipped as an item of its own next
                 * time round; a frontier takes no quantifier. */
                single = false;
            } else if (d >= '0' && d <= '9') {
                cost *= span;
                single = false;
            }
        } else if (c == '[') {
            i++;
            if (i < plen && p[i] == '^') i++;
            if (i < plen && p[i] == ']') i++;   /* a leading ] is literal */
            while (i < plen && p[i] != ']') i += p[i] == '%' ? 2 : 1;
            i++;
        } else {
            i++;
        }
        if (!single || i >= plen) continue;
        char q = p[i];
        if (q == '*' || q == '+' || q == '-') {
            size_t j = i + 1;
            while (j < plen && p[j] == ')') j++;
            if (j < plen) cost *= span;
            i++;
        } else if (q == '?') {
            cost *= 2;
            i++;
        }
    }
    return cost;
}

/* find, match, gmatch, gsub: refuse a pattern that may not end in time. */
static int sb_pattern_fn(lua_State *L)
{
    size_t m, plen;
    luaL_checklstring(L, 1, &m);
    const char *p = luaL_checklstring(L, 2, &plen);
    /* string.find(s, p, init, true) compares plainly. */
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    bool plain = !strcmp(name, "find") && lua_toboolean(L, 4);
    double cost = sb_match_cost(p, plen, m, plain);
    if (cost > QP_SANDBOX_MATCH_STEPS)
        return luaL_error(L, "string.%s: pattern too complex for a subject of %d bytes", name,
                          (int)(m > 2147483647 ? 2147483647 : m));
    sb_check_time(L);
    return sb_forward(L);
}

static int sb_rep(lua_State *L)
{
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    if (n > 0 && (double)n * ((double)len + (double)seplen) > (double)QP_SANDBOX_STR_MAX)
        return luaL_error(L, "string.rep: result longer than %d bytes", (int)QP_SANDBOX_STR_MAX);
    /* Lua loops once per copy even when they are empty: ("").rep("", 1e15) */
    if (n > (lua_Integer)QP_SANDBOX_STR_MAX)
        return luaL_error(L, "string.rep: more than %d copies", (int)QP_SANDBOX_STR_MAX);
    sb_check_time(L);
    return sb_forward(L);
}

/* Any other library function: C work between two count hooks (a
 * thousand instructions, each of which may call one) is watched too. */
static int sb_checked(lua_State *L)
{
    sb_check_time(L);
    return sb_forward(L);
}

/* A base or math function (upvalue 1, a light C function) run in this
 * call's own frame: Lua names it and counts error levels as it would the
 * original, and the check costs no second call.  A C loop that calls back
 * (table.sort's comparator, string.gsub's replacement, a metamethod) stops
 * at its next call once the run is spent, whatever function it calls. */
static int sb_direct(lua_State *L)
{
    sb_check_time(L);
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* Wraps, in place, every function of the table on top that is a light C
 * function (a closure's own upvalues would be out of its reach). */
static void sb_wrap_direct(lua_State *L)
{
    int t = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_iscfunction(L, -1) && !lua_getupvalue(L, -1, 1)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);   /* key key fn */
            lua_pushcclosure(L, sb_direct, 1);
            lua_rawset(L, t);    /* an existing key: next still works */
        } else {
            lua_pop(L, lua_gettop(L) - t - 1);   /* the value (and an upvalue) */
        }
    }
}

/* table.sort runs its comparisons in C when it has no comparator. */
#define SB_SORT_MAX ((lua_Integer)1 << 20)
static int sb_sort(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    if (luaL_len(L, 1) > SB_SORT_MAX)
        return luaL_error(L, "table.sort: more than %d elements", (int)SB_SORT_MAX);
    sb_check_time(L);
    return sb_forward(L);
}

/* ---- table loops that stop ---------------------------------------------------- */

/* Lua's own table.move, insert, remove, concat and unpack loop in C over a
 * range the caller chooses (or __len makes up) and run no instruction:
 * table.move({}, 1, 1e15, 1) ran for days.  These versions behave as
 * Lua's (same results, same messages), but refuse a range longer than the
 * run's instruction budget (an element costs an instruction), charge the
 * elements to a counted run, and look at the time every SB_SLICE elements,
 * so that metamethods written in C (tostring as __index) cannot stretch
 * the loop either. */
#define SB_SLICE 1024

/* Refuses the elements first..last (first <= last) when the run could
 * not afford them; the count minus one cannot overflow. */
static void sb_range(lua_State *L, const char *fn, lua_Integer first, lua_Integer last)
{
    qp_sandbox *sb = qp_sandbox_of(L);
    lua_Unsigned span = (lua_Unsigned)last - (lua_Unsigned)first;
    if (span < (lua_Unsigned)sb->insns) return;
    lua_Integer shown = span >= (lua_Unsigned)LUA_MAXINTEGER ? LUA_MAXINTEGER : (lua_Integer)span + 1;
    sb_where(L);
    lua_pushfstring(L, "%s: %I elements exceed the run's budget of %I instructions", fn, (LUAI_UACINT)shown,
                    (LUAI_UACINT)sb->insns);
    lua_concat(L, 2);
    lua_error(L);
}

/* One element done: every SB_SLICE, charge them and look at the time. */
static inline void sb_tick(lua_State *L, int *left)
{
    if (--*left > 0) return;
    *left = SB_SLICE;
    qp_sandbox *sb = qp_sandbox_of(L);
    if (sb->counting && sb->budget >= 0) sb->budget -= SB_SLICE;
    sb_check_time(L);
}

/* Lua's checktab: a table, or a value whose metatable has the fields. */
#define SB_TAB_R 1
#define SB_TAB_W 2
#define SB_TAB_L 4
static void sb_checktab(lua_State *L, int arg, int what)
{
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int n = 1;
    if (lua_getmetatable(L, arg) &&
        (!(what & SB_TAB_R) || (lua_pushliteral(L, "__index"), ++n, lua_rawget(L, -n) != LUA_TNIL)) &&
        (!(what & SB_TAB_W) || (lua_pushliteral(L, "__newindex"), ++n, lua_rawget(L, -n) != LUA_TNIL)) &&
        (!(what & SB_TAB_L) || (lua_pushliteral(L, "__len"), ++n, lua_rawget(L, -n) != LUA_TNIL)))
        lua_pop(L, n);
    else
        luaL_checktype(L, arg, LUA_TTABLE);   /* raises */
}

static lua_Integer sb_getn(lua_State *L, int arg, int what)
{
    sb_checktab(L, arg, what | SB_TAB_L);
    return luaL_len(L, arg);
}

static int sb_tmove(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3), t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    sb_checktab(L, 1, SB_TAB_R);
    sb_checktab(L, tt, SB_TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        sb_range(L, "table.move", f, e);
        int left = SB_SLICE;
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++, sb_tick(L, &left)) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--, sb_tick(L, &left)) {
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

static int sb_tinsert(lua_State *L)
{
    lua_Integer e = sb_getn(L, 1, SB_TAB_R | SB_TAB_W);
    e = (lua_Integer)((lua_Unsigned)e + 1u);   /* first empty element */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3: {
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        if (pos < e) sb_range(L, "table.insert", pos + 1, e);
        int left = SB_SLICE;
        for (lua_Integer i = e; i > pos; i--, sb_tick(L, &left)) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    }
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int sb_tremove(lua_State *L)
{
    lua_Integer size = sb_getn(L, 1, SB_TAB_R | SB_TAB_W);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    if (pos < size) sb_range(L, "table.remove", pos + 1, size);
    lua_geti(L, 1, pos);
    int left = SB_SLICE;
    for (; pos < size; pos++, sb_tick(L, &left)) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static void sb_addfield(lua_State *L, luaL_Buffer *b, lua_Integer i)
{
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUAI_UACINT)i);
    luaL_addvalue(b);
}

static int sb_tconcat(lua_State *L)
{
    lua_Integer last = sb_getn(L, 1, SB_TAB_R);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    if (i <= last) sb_range(L, "table.concat", i, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    int left = SB_SLICE;
    for (; i < last; i++, sb_tick(L, &left)) {
        sb_addfield(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) sb_addfield(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

static int sb_tunpack(lua_State *L)
{
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;   /* elements - 1 */
    if (n >= (unsigned)INT_MAX || !lua_checkstack(L, (int)(++n)))
        return luaL_error(L, "too many results to unpack");
    int left = SB_SLICE;
    for (; i < e; i++, sb_tick(L, &left)) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

/* Puts the loops above into the registered table module, where the
 * wrappers' forward finds them and Lua names them ("table.move"). */
static void sb_own_table_loops(lua_State *L)
{
    static const luaL_Reg own[] = {
        {"move", sb_tmove},     {"insert", sb_tinsert}, {"remove", sb_tremove},
        {"concat", sb_tconcat}, {"unpack", sb_tunpack}, {NULL, NULL},
    };
    lua_getglobal(L, LUA_TABLIBNAME);
    luaL_setfuncs(L, own, 0);
    lua_pop(L, 1);
}

/* Replaces global library lib by a copy whose C functions are wrapped
 * (special[] by their own wrappers, the others by sb_checked).  The
 * original table stays the registered module, so Lua still names the
 * original functions in messages ("bad argument #3 to 'string.find'").
 * Leaves the copy on the stack. */
static void sb_wrap_lib(lua_State *L, const char *lib, const char *const special[], const lua_CFunction fns[])
{
    lua_getglobal(L, lib);
    int orig = lua_gettop(L);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, orig)) {
        lua_pushvalue(L, -2);   /* key */
        lua_insert(L, -2);      /* key key value */
        if (lua_iscfunction(L, -1) && lua_type(L, -2) == LUA_TSTRING) {
            const char *name = lua_tostring(L, -2);
            lua_CFunction fn = sb_checked;
            for (int i = 0; special[i]; i++)
                if (!strcmp(special[i], name)) fn = fns[i];
            lua_pushstring(L, name);
            lua_pushcclosure(L, fn, 2);
        }
        lua_rawset(L, orig + 1);
    }
    lua_pushvalue(L, -1);
    lua_setglobal(L, lib);
    lua_remove(L, orig);
}

static int sb_open(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},      {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL},
    };
    for (const luaL_Reg *l = libs; l->name; l++) {
        luaL_requiref(L, l->name, l->func, 1);
        lua_pop(L, 1);
    }
    static const char *const removed[] = {"dofile", "loadfile", "load", "collectgarbage", NULL};
    for (const char *const *k = removed; *k; k++) {
        lua_pushnil(L);
        lua_setglobal(L, *k);
    }
    lua_pushcfunction(L, sb_print);
    lua_setglobal(L, "print");
    lua_pushglobaltable(L);
    sb_wrap_direct(L);
    lua_getglobal(L, LUA_MATHLIBNAME);
    sb_wrap_direct(L);
    lua_pop(L, 2);
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, sb_setmetatable, 1);
    lua_setglobal(L, "setmetatable");
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, sb_xpcall, 1);
    lua_setglobal(L, "xpcall");
    static const char *const str_special[] = {"find", "match", "gmatch", "gsub", "rep", NULL};
    static const lua_CFunction str_fns[] = {sb_pattern_fn, sb_pattern_fn, sb_pattern_fn, sb_pattern_fn, sb_rep};
    sb_wrap_lib(L, LUA_STRLIBNAME, str_special, str_fns);
    /* strings' methods come from their metatable: ("a"):rep(9) too */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 3);
    sb_own_table_loops(L);
    static const char *const tab_special[] = {"sort", NULL};
    static const lua_CFunction tab_fns[] = {sb_sort};
    sb_wrap_lib(L, LUA_TABLIBNAME, tab_special, tab_fns);
    lua_pop(L, 1);
    static const char *const none[] = {NULL};
    sb_wrap_lib(L, LUA_UTF8LIBNAME, none, NULL);
    lua_pop(L, 1);
    return 0;
}

/* ---- the watchdog ---------------------------------------------------------- */

/* The run the calling thread is in (NULL between runs), for the signal
 * handler, which has no other way to find it: a signal that arrives late
 * finds NULL or a run that is still on, never a freed sandbox.  With the
 * thread's id and CPU clock, read once per thread. */
static _Thread_local struct {
    qp_sandbox *run;
    pid_t tid;
    clockid_t cpu;
    bool blocked;   /* the thread blocks the watchdog's signal: count */
} sb_thread;

/* The watchdog's signal: arms the count hook, whose next call raises
 * "took too long" where the script is.  lua_sethook may be called from a
 * signal handler (the interpreter's own SIGINT handling does it). */
static void sb_on_signal(int sig)
{
    (void)sig;
    qp_sandbox *sb = sb_thread.run;
    if (!sb || atomic_load_explicit(&sb->kill_seq, memory_order_relaxed) !=
                   atomic_load_explicit(&sb->run_seq, memory_order_relaxed))
        return;   /* that run ended meanwhile */
    sb->expired = 1;
    lua_sethook(sb->L, sb_count_hook, LUA_MASKCOUNT, 1);
}

/* Installs sb_on_signal unless the program uses the signal itself.
 * Signal actions are the process's: this is the one thing the sandbox
 * sets outside its own state, and it does so only for a free signal. */
static bool sb_signal_ready(void)
{
#ifdef __EMSCRIPTEN__
    return false;
#endif
    struct sigaction old;
    if (sigaction(QP_SANDBOX_SIGNAL, NULL, &old)) return false;
    if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == sb_on_signal) return true;
    if (old.sa_flags & SA_SIGINFO || old.sa_handler != SIG_DFL) return false;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sb_on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    return sigaction(QP_SANDBOX_SIGNAL, &sa, NULL) == 0;
}

/* The watchdog looks SB_LOOKS times per allowance, at least every
 * SB_LOOK_MAX_NS: a run ends between its allowance and 1.25 times it. */
#define SB_LOOKS 4
#define SB_LOOK_MAX_NS 100000000LL

static long long sb_clock_ns(clockid_t c)
{
    struct timespec ts;
    if (clock_gettime(c, &ts)) return -1;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void *sb_watchdog(void *arg)
{
    qp_sandbox *sb = arg;
    unsigned long seen = 0;
    long long since = 0;   /* the run's CPU clock when first seen */
    pthread_mutex_lock(&sb->dog_mu);
    while (!sb->dog_stop) {
        long long allow = atomic_load_explicit(&sb->allow, memory_order_relaxed);
        long long look = allow / SB_LOOKS < SB_LOOK_MAX_NS ? allow / SB_LOOKS : SB_LOOK_MAX_NS;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        long long ns = until.tv_nsec + look;
        until.tv_sec += ns / 1000000000LL;
        until.tv_nsec = ns % 1000000000LL;
        pthread_cond_timedwait(&sb->dog_cv, &sb->dog_mu, &until);
        if (sb->dog_stop) break;
        unsigned long seq = atomic_load_explicit(&sb->run_seq, memory_order_acquire);
        if (!(seq & 1)) continue;   /* idle */
        /* A dead thread's clock reads -1: its run is over anyway. */
        long long now = sb_clock_ns(atomic_load_explicit(&sb->run_clock, memory_order_relaxed));
        if (seq != seen) {
            seen = seq;
            since = now;
            continue;
        }
        if (now < 0 || now - since <= allow) continue;
        /* Over time: signal until the run ends (a signal may meet the
         * thread between two runs and be ignored). */
        atomic_store_explicit(&sb->kill_seq, seq, memory_order_relaxed);
        tgkill(getpid(), atomic_load_explicit(&sb->run_tid, memory_order_relaxed), QP_SANDBOX_SIGNAL);
    }
    pthread_mutex_unlock(&sb->dog_mu);
    return NULL;
}

/* Starts the watchdog; false when it cannot (count instead). */
static bool sb_dog_start(qp_sandbox *sb)
{
    if (!sb_signal_ready()) return false;
    if (pthread_mutex_init(&sb->dog_mu, NULL)) return false;
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) || pthread_cond_init(&sb->dog_cv, &ca)) {
        pthread_mutex_destroy(&sb->dog_mu);
        return false;
    }
    pthread_condattr_destroy(&ca);
    /* The watchdog needs no signals of its own. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&sb->dog, NULL, sb_watchdog, sb);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc) {
        pthread_cond_destroy(&sb->dog_cv);
        pthread_mutex_destroy(&sb->dog_mu);
        return false;
    }
    sb->dog_on = true;
    return true;
}

static void sb_dog_stop(qp_sandbox *sb)
{
    if (!sb->dog_on) return;
    pthread_mutex_lock(&sb->dog_mu);
    sb->dog_stop = true;
    pthread_cond_signal(&sb->dog_cv);
    pthread_mutex_unlock(&sb->dog_mu);
    pthread_join(sb->dog, NULL);
    pthread_cond_destroy(&sb->dog_cv);
    pthread_mutex_destroy(&sb->dog_mu);
    sb->dog_on = false;
}

/* ---- sandboxes --------------------------------------------------------------- */

qp_sandbox *qp_sandbox_new(const char *what, size_t mem_limit)
{
    qp_sandbox *sb = calloc(1, sizeof *sb);
    if (!sb) return NULL;
    sb->mem_limit = mem_limit;
    sb->what = what;
    sb->budget = 0;
    atomic_init(&sb->run_seq, 0);
    atomic_init(&sb->kill_seq, 0);
    atomic_init(&sb->run_tid, 0);
    atomic_init(&sb->run_clock, CLOCK_THREAD_CPUTIME_ID);
    atomic_init(&sb->allow, SB_MIN_NS);
    sb->L = lua_newstate(sb_alloc, sb);
    if (!sb->L) {
        free(sb);
        return NULL;
    }
    *(qp_sandbox **)lua_getextraspace(sb->L) = sb;
    lua_atpanic(sb->L, sb_panic);
    lua_pushcfunction(sb->L, sb_open);
    if (lua_pcall(sb->L, 0, 0, 0) != LUA_OK) {
        lua_close(sb->L);
        free(sb);
        return NULL;
    }
    /* Until the first run is watched, or when it cannot be, count. */
    sb->counted = sb->counting = true;
    lua_sethook(sb->L, sb_count_hook, LUA_MASKCOUNT, SB_STEP);
    return sb;
}

void qp_sandbox_counted(qp_sandbox *sb)
{
    sb_dog_stop(sb);
    sb->counted = sb->counting = true;
    sb->dog_stop = true;   /* and never start it */
    lua_sethook(sb->L, sb_count_hook, LUA_MASKCOUNT, SB_STEP);
}

void qp_sandbox_free(qp_sandbox *sb)
{
    if (!sb) return;
    qp_sandbox_idle(sb);
    sb_dog_stop(sb);
    lua_close(sb->L);
    free(sb);
}

void qp_sandbox_budget(qp_sandbox *sb, long long instructions)
{
    sb->budget = sb->insns = instructions;
    long long ns = instructions > SB_MIN_NS / SB_NS_PER_INSN ? instructions * SB_NS_PER_INSN : SB_MIN_NS;
    qp_sandbox_deadline(sb, ns);
    sb->spent_at[0] = 0;
    if (sb->counted && !sb->dog_on && !sb->dog_stop && sb_dog_start(sb)) {
        sb->counted = false;
        sb->hooked = true;   /* the counting hook, cleared below */
    }
    if (!sb->counted && !sb_thread.tid) {
        sb_thread.tid = gettid();
        if (pthread_getcpuclockid(pthread_self(), &sb_thread.cpu)) sb_thread.cpu = CLOCK_THREAD_CPUTIME_ID;
        sigset_t mask;
        sb_thread.blocked = pthread_sigmask(SIG_BLOCK, NULL, &mask) != 0 || sigismember(&mask, QP_SANDBOX_SIGNAL);
    }
    sb->counting = sb->counted || sb_thread.blocked;
    if (sb->counting) {
        lua_sethook(sb->L, sb_count_hook, LUA_MASKCOUNT, sb->over ? 1 : SB_STEP);
        sb->hooked = true;
        return;
    }
    /* A new run: an odd sequence number (a run already on moves on by
     * two), first, so that a late signal for the last run is ignored. */
    unsigned long seq = atomic_load_explicit(&sb->run_seq, memory_order_relaxed);
    if (sb_thread.run != sb) {
        atomic_store_explicit(&sb->run_tid, sb_thread.tid, memory_order_relaxed);
        atomic_store_explicit(&sb->run_clock, sb_thread.cpu, memory_order_relaxed);
    }
    atomic_store_explicit(&sb->run_seq, seq + ((seq & 1) ? 2 : 1), memory_order_release);
    sb_thread.run = sb;
    sb->expired = 0;
    if (sb->hooked) {
        lua_sethook(sb->L, NULL, 0, 0);
        sb->hooked = false;
    }
    if (sb->over) lua_sethook(sb->L, sb_count_hook, LUA_MASKCOUNT, 1);   /* still past the memory limit? */
}

void qp_sandbox_idle(qp_sandbox *sb)
{
    if (sb_thread.run != sb) return;
    sb_thread.run = NULL;
    unsigned long seq = atomic_load_explicit(&sb->run_seq, memory_order_relaxed);
    if (seq & 1) atomic_store_explicit(&sb->run_seq, seq + 1, memory_order_release);
    /* A run that expired left the count hook on: it stays until the next
     * run, so whatever the caller still does in Lua fails too. */
    if (sb->expired) sb->hooked = true;
}

/* Only the cheap wall clock is read here: a game calls its hooks
 * millions of times, and the CPU clock is a system call. */
void qp_sandbox_deadline(qp_sandbox *sb, long long cpu_ns)
{
    long long w = sb_wall_ns();
    sb->started = sb->cpu_read_at = w;
    sb->cpu_allow = cpu_ns;
    atomic_store_explicit(&sb->allow, cpu_ns, memory_order_relaxed);
    sb->deadline = -1;
    sb->wall_deadline = w + cpu_ns * SB_WALL_FACTOR;
}

int qp_sandbox_score(lua_State *L, int idx, const char *path, int line, const char *hook, long long limit,
                     lua_Integer *out, char *err, size_t errn)
{
    *out = 0;
    char got[64];
    if (lua_type(L, idx) != LUA_TNUMBER) {
        snprintf(got, sizeof got, "a %s value", luaL_typename(L, idx));
    } else if (lua_isinteger(L, idx)) {
        lua_Integer v = lua_tointeger(L, idx);
        if (v >= -limit && v <= limit) {
            *out = v;
            return 0;
        }
        snprintf(got, sizeof got, "%lld", (long long)v);
    } else {
        double d = (double)lua_tonumber(L, idx);
        if (d > -(double)limit - 1 && d < (double)limit + 1) {   /* false for NaN */
            *out = (lua_Integer)d;
            return 0;
        }
        if (isnan(d)) snprintf(got, sizeof got, "nan");   /* printf may say "-nan" */
        else snprintf(got, sizeof got, "%g", d);
    }
    char at[24] = "";
    if (line > 0) snprintf(at, sizeof at, ":%d", line);
    snprintf(err, errn, "%s%s: %s returned %s: a score must be a number within ±%lld", path, at, hook, got, limit);
    return -1;
}

/* Lua abbreviates long chunk names as "...tail"; put the whole path back
 * when the message starts with such a tail of it. */
static void restore_path(const char *msg, const char *path, char *buf, size_t n)
{
    if (path && !strncmp(msg, "...", 3)) {
        const char *p = msg + 3;
        for (const char *c = strchr(p, ':'); c; c = strchr(c + 1, ':')) {
            const char *d = c + 1;
            if (!isdigit((unsigned char)*d)) continue;
            while (isdigit((unsigned char)*d)) d++;
            if (*d != ':') continue;
            size_t tail = (size_t)(c - p), plen = strlen(path);
            if (tail <= plen && !strncmp(path + plen - tail, p, tail)) {
                snprintf(buf, n, "%s%s", path, c);
                return;
            }
            break;
        }
    }
    snprintf(buf, n, "%s", msg);
}

void qp_sandbox_message(lua_State *L, int idx, const char *path, char *buf, size_t n)
{
    int t = lua_type(L, idx);
    if (t == LUA_TSTRING) {
        restore_path(lua_tostring(L, idx), path, buf, n);
    } else if (t == LUA_TNUMBER) {
        /* lua_tostring would convert in place, which may allocate */
        if (lua_isinteger(L, idx)) snprintf(buf, n, "%s: error %lld", path, (long long)lua_tointeger(L, idx));
        else snprintf(buf, n, "%s: error %g", path, (double)lua_tonumber(L, idx));
    } else {
        snprintf(buf, n, "%s: error object is a %s value", path, lua_typename(L, t));
    }
}

int qp_sandbox_fail(lua_State *L, const char *path, int line, const char *fmt, ...)
{
    char msg[QP_SANDBOX_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0) lua_pushfstring(L, "%s:%d: %s", path, line, msg);
    else lua_pushfstring(L, "%s: %s", path, msg);
    return lua_error(L);
}

/* True when msg starts "chunk:LINE:", Lua's positioned form. */
static bool sb_has_position(const char *msg)
{
    const char *c = strchr(msg, ':');
    if (!c || !isdigit((unsigned char)c[1])) return false;
    for (c++; isdigit((unsigned char)*c); c++) {}
    return *c == ':';
}

/* Message handler: an error that carries no position (error({}),
 * error("x", 0), "C stack overflow" raised inside a C function) gets the
 * line of the innermost Lua function that was running. */
static int sb_msgh(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TLIGHTUSERDATA) return 1;   /* C code's own signal, not an error */
    const char *msg = lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER ? lua_tostring(L, 1) : NULL;
    if (msg && (sb_has_position(msg) || !strncmp(msg, "...", 3))) return 1;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        /* "file: message" (qp_sandbox_fail without a line) stays as it is */
        if (msg && !strncmp(msg, ar.short_src, strlen(ar.short_src))) return 1;
        if (msg) lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
        else lua_pushfstring(L, "%s:%d: error object is a %s value", ar.short_src, ar.currentline, luaL_typename(L, 1));
        return 1;
    }
    return 1;
}

/* The line where brackets nest deepest: Lua's parser reports running out
 * of C stack on deep nesting without any position. */
static int sb_deepest_line(const char *src)
{
    int depth = 0, best = 0, line = 1, at = 0;
    char q = 0;
    for (const char *p = src; *p; p++) {
        if (*p == '\n') line++;
        if (q) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == q) q = 0;
        } else if (*p == '"' || *p == '\'') {
            q = *p;
        } else if (*p == '-' && p[1] == '-') {
            while (p[1] && p[1] != '\n') p++;
        } else if (*p == '(' || *p == '{' || *p == '[') {
            if (++depth > best) best = depth, at = line;
        } else if (*p == ')' || *p == '}' || *p == ']') {
            depth--;
        }
    }
    return at;
}

int qp_sandbox_pcall(lua_State *L, int nargs, int nresults)
{
    int base = lua_gettop(L) - nargs;   /* the function */
    lua_pushcfunction(L, sb_msgh);
    lua_insert(L, base);
    int rc = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    return rc;
}

bool qp_sandbox_positioned(const char *msg)
{
    return sb_has_position(msg);
}

int qp_sandbox_run(qp_sandbox *sb, const char *path, const char *src, size_t len,
                   int nresults, char *err, size_t errn)
{
    lua_State *L = sb->L;
    char chunk[1040];
    snprintf(chunk, sizeof chunk, "@%s", path);
    int top = lua_gettop(L);
    lua_pushcfunction(L, sb_msgh);   /* a light function: allocates nothing */
    int rc = luaL_loadbufferx(L, src, len, chunk, "t");   /* never binary chunks */
    bool loaded = rc == LUA_OK;
    if (loaded) rc = lua_pcall(L, 0, nresults, top + 1);
    if (rc != LUA_OK) {
        if (rc == LUA_ERRMEM) {
            snprintf(err, errn, "%s: out of memory (limit %zu MiB)", path, sb->mem_limit >> 20);
        } else if (!loaded && lua_type(L, -1) == LUA_TSTRING && !sb_has_position(lua_tostring(L, -1))) {
            snprintf(err, errn, "%s:%d: %s (nesting too deep?)", path, sb_deepest_line(src), lua_tostring(L, -1));
        } else {
            qp_sandbox_message(L, -1, path, err, errn);
        }
        lua_settop(L, top);
        return -1;
    }
    lua_remove(L, top + 1);
    return 0;
}

char *qp_read_file(const char *path, size_t *len, char *err, size_t errn)
{
    char *buf;
    return qp_file_read(path, QP_FILE_MAX, &buf, len, err, errn) ? NULL : buf;
}

/* ---- key line scanner ----------------------------------------------- */

#define KS_DEPTH 32
#define KS_NAME 64

typedef struct ks_state {
    const char *s;
    long i;
    int line;
    char frame[KS_DEPTH][KS_NAME];   /* key of each open constructor, "" if none */
    int depth;
} ks_state;

/* Skips a long bracket [==[ ... ]==] starting at s[i] == '['; returns
 * false if it is not one. */
static bool ks_long(ks_state *k)
{
    const char *s = k->s;
    long j = k->i + 1;
    int level = 0;
    while (s[j] == '=') level++, j++;
    if (s[j] != '[') return false;
    for (j++; s[j]; j++) {
        if (s[j] == '\n') k->line++;
        if (s[j] == ']') {
            long e = j + 1;
            int l = 0;
            while (s[e] == '=') l++, e++;
            if (l == level && s[e] == ']') {
                k->i = e + 1;
                return true;
            }
        }
    }
    k->i = j;
    return true;
}

/* Skips a quoted string at s[i]; copies up to cap-1 chars into out. */
static void ks_string(ks_state *k, char *out, size_t cap)
{
    const char *s = k->s;
    char q = s[k->i];
    size_t n = 0;
    long j = k->i + 1;
    for (; s[j] && s[j] != q; j++) {
        if (s[j] == '\n') k->line++;
        if (s[j] == '\\' && s[j + 1]) {
            j++;
            if (s[j] == '\n') k->line++;
        }
        if (out && n + 1 < cap) out[n++] = s[j];
    }
    if (out) out[n] = 0;
    k->i = s[j] ? j + 1 : j;
}

static void ks_space(ks_state *k)
{
    const char *s = k->s;
    for (;;) {
        char c = s[k->i];
        if (c == '\n') k->line++, k->i++;
        else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') k->i++;
        else if (c == '-' && s[k->i + 1] == '-') {
            k->i += 2;
            if (s[k->i] == '[' && ks_long(k)) continue;
            while (s[k->i] && s[k->i] != '\n') k->i++;
        } else return;
    }
}

/* True when the next token is a lone '=' (an assignment, not '=='). */
static bool ks_assign_follows(ks_state *k)
{
    ks_state t = *k;
    ks_space(&t);
    return t.s[t.i] == '=' && t.s[t.i + 1] != '=';
}

static void ks_path(const ks_state *k, const char *name, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = 0;
    for (int d = 0; d < k->depth && d < KS_DEPTH; d++) {
        if (!k->frame[d][0]) continue;
        n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s.", k->frame[d]);
        if (n >= cap) return;
    }
    snprintf(out + n, n < cap ? cap - n : 0, "%s", name);
}

int qp_lua_key_line(const char *src, const char *key, long *pos)
{
    ks_state k = {.s = src, .i = 0, .line = 1, .depth = 0};
    const char *last = strrchr(key, '.');
    last = last ? last + 1 : key;
    int exact_line = 0, tail_line = 0;
    long exact_pos = -1, tail_pos = -1;
    char pending[KS_NAME] = "";
    int expect = 0;   /* 1: key seen, '=' next; 2: '=' seen, value next */

    while (src[k.i]) {
        ks_space(&k);
        char c = src[k.i];
        if (!c) break;
        long start = k.i;
        int line = k.line;
        char name[KS_NAME];
        bool is_key = false;
        if (isalpha((unsigned char)c) || c == '_') {
            size_t n = 0;
            while (isalnum((unsigned char)src[k.i]) || src[k.i] == '_') {
                if (n + 1 < sizeof name) name[n++] = src[k.i];
                k.i++;
            }
            name[n] = 0;
            is_key = ks_assign_follows(&k);
        } else if (isdigit((unsigned char)c)) {
            while (isalnum((unsigned char)src[k.i]) || src[k.i] == '.') k.i++;
            expect = 0;
            continue;
        } else if (c == '"' || c == '\'') {
            ks_string(&k, NULL, 0);
            expect = 0;
            continue;
        } else if (c == '[') {
            if (ks_long(&k)) {
                expect = 0;
                continue;
            }
            /* ["key"] = value */
            ks_state t = k;
            t.i++;
            ks_space(&t);
            if (t.s[t.i] == '"' || t.s[t.i] == '\'') {
                ks_string(&t, name, sizeof name);
                ks_space(&t);
                if (t.s[t.i] == ']') {
                    t.i++;
                    if (ks_assign_follows(&t)) {
                        k = t;
                        is_key = true;
                    }
                }
            }
            if (!is_key) {
                k.i++;
                expect = 0;
                continue;
            }
        } else if (c == '{') {
            if (k.depth < KS_DEPTH)
                snprintf(k.frame[k.depth], KS_NAME, "%s", expect == 2 ? pending : "");
            k.depth++;
            k.i++;
            expect = 0;
            continue;
        } else if (c == '}') {
            if (k.depth > 0) k.depth--;
            k.i++;
            expect = 0;
            continue;
        } else if (c == '=' && expect == 1) {
            k.i++;
            expect = 2;
            continue;
        } else {
            k.i++;
            expect = 0;
            continue;
        }
        if (!is_key) {
            expect = 0;
            continue;
        }
        snprintf(pending, sizeof pending, "%s", name);
        expect = 1;
        if (!strcmp(name, last)) {
            char path[512];
            ks_path(&k, name, path, sizeof path);
            if (!strcmp(path, key)) exact_line = line, exact_pos = start;
            tail_line = line, tail_pos = start;
        }
    }
    if (pos) *pos = exact_line ? exact_pos : tail_pos;
    return exact_line ? exact_line : tail_line;
}
