/*
 * lua_sandbox.h — a lua_State that cannot touch the machine or hang.
 *
 * Shared by the config loader (config.c) and the Lua ruleset adapter
 * (lua_ruleset.c).  A sandbox opens only the base, string, table, math and
 * utf8 libraries, removes dofile, loadfile, load and collectgarbage, and
 * routes print to stderr (stdout belongs to protocols such as UCI).  It caps
 * the memory the state may allocate and bounds the time a run may take:
 *   - memory: past its limit the state fails at its next instruction with
 *     "file:line: out of memory (limit N MiB)" (while it stays past it);
 *     the allocator refuses anything beyond 1.5 times the limit, which
 *     ends the run with Lua's memory error, without a line;
 *   - time: each run (from qp_sandbox_budget to qp_sandbox_idle) may take
 *     the CPU time its budget allows: 25 ns per instruction of the budget,
 *     and at least 0.5 s (an honest script under sanitizers must fit).
 *     Two ways to enforce it:
 *       watched (the default): a watchdog thread per sandbox reads the
 *         running thread's CPU clock a few times per allowance and, once
 *         the run is over it, signals that thread (QP_SANDBOX_SIGNAL);
 *         the handler arms Lua's count hook, so the next instruction
 *         fails.  The VM runs without hooks until then: a count hook
 *         makes Lua 5.4 trap on every instruction, which halves the
 *         speed of a hook game.
 *       counted (when the signal is taken by someone else, the thread
 *         cannot start, qp_sandbox_counted asks for it, or, for one
 *         run, when the running thread blocks the signal): the count
 *         hook runs every thousand instructions, spends the instruction
 *         budget, and reads the thread's CPU clock, with a wall-clock
 *         deadline ten times as long as the last line.
 *     Either way, once spent the run fails with "file:line: WHAT took
 *     too long" and every further instruction fails, so no pcall loop
 *     can go on;
 *   - xpcall message handlers are not run once the budget is spent (Lua
 *     runs them with hooks off, where nothing could stop them);
 *   - C code runs no instruction, so neither the hook nor the signal can
 *     stop it; the library's C loops are bounded instead, in two ways:
 *       every library function (base, string, table, math, utf8) looks
 *       at the time when it is called, so a C loop that calls back
 *       (table.sort's comparator, gsub's replacement, a metamethod such
 *       as __index = tostring) stops at its next call once the run is
 *       spent;
 *       a C loop that calls nothing is bounded by its size: a pattern
 *       (find, match, gmatch, gsub) whose worst case on its subject
 *       exceeds QP_SANDBOX_MATCH_STEPS (Lua patterns backtrack
 *       exponentially), a rep result over QP_SANDBOX_STR_MAX bytes or
 *       copies, a table.sort of over 2^20 elements are refused; and
 *       table.move, insert, remove, concat and unpack are the sandbox's
 *       own loops (Lua's results and messages), which refuse a range of
 *       more elements than the run's instruction budget ("table.move:
 *       N elements exceed the run's budget of B instructions": an
 *       element costs at least an instruction), spend the elements from
 *       a counted budget, and look at the time every 1024 elements.
 *     Other C work is linear in the memory the state holds.
 *
 * Error messages keep Lua's "file:line: message" form; qp_sandbox_message
 * restores a path that Lua shortened to "...tail" (Lua keeps only ~60
 * characters of a chunk name), so callers always see the path they gave.
 * User code runs through qp_sandbox_run or qp_sandbox_pcall, whose message
 * handler gives an error raised where Lua knows no line (C stack overflow
 * inside a C function, error("x", 0)) the line of the innermost running
 * Lua function.
 *
 * Every C-API call that might raise (allocate) must run inside lua_pcall:
 * an error never longjmps across the C core.
 */
#ifndef QP_LUA_SANDBOX_H
#define QP_LUA_SANDBOX_H

#include <stddef.h>

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

#include <lua.h>

/* The signal the watchdog sends to a runaway run's thread.  The sandbox
 * installs its handler when the signal's action is the default, and
 * counts instructions instead when a program uses the signal itself. */
#define QP_SANDBOX_SIGNAL (SIGRTMIN + 5)

typedef struct qp_sandbox {
    lua_State *L;
    size_t mem, mem_limit;   /* bytes in use / allowed (up to 1.5 times, briefly: see sb_alloc) */
    bool over;               /* mem went past mem_limit: the count hook fails the next instruction */
    long long budget;        /* counted: VM instructions left for the current run; < 0: spent */
    long long insns;         /* the current run's whole instruction budget */
    bool counted;            /* instructions are counted (no watchdog) */
    bool counting;           /* ... in the current run (counted, or its thread blocks the signal) */
    volatile sig_atomic_t expired;   /* watched: the watchdog ended the run */
    bool hooked;             /* watched: the count hook is set (after expiry) */
    /* The watchdog: a thread that sleeps between looks at the run. */
    pthread_t dog;
    bool dog_on, dog_stop;
    pthread_mutex_t dog_mu;
    pthread_cond_t dog_cv;
    atomic_ulong run_seq;          /* odd while a run is on */
    atomic_ulong kill_seq;         /* the run the watchdog signalled */
    atomic_int run_tid;            /* its thread */
    _Atomic clockid_t run_clock;   /* and that thread's CPU clock */
    atomic_llong allow;            /* CPU ns the run may take */
    long long cpu_allow;     /* CPU time (ns) the run may take */
    long long deadline;      /* thread CPU time at which it ends; -1: not read yet */
    long long started;       /* monotonic clock (ns) at the start of the run */
    long long wall_deadline; /* and the monotonic clock's deadline, the last line */
    long long cpu_read_at;   /* wall time of the last CPU clock reading */
    char spent_at[256];      /* "file:line: WHAT took too long" once spent */
    const char *what;        /* "config", "game": names the runaway in messages */
    void *user;              /* the owner's context, for C functions */
} qp_sandbox;

/* A fresh sandbox, or NULL when out of memory. */
qp_sandbox *qp_sandbox_new(const char *what, size_t mem_limit);
void qp_sandbox_free(qp_sandbox *sb);

/* The sandbox a state belongs to (kept in the state's extra space). */
static inline qp_sandbox *qp_sandbox_of(lua_State *L)
{
    return *(qp_sandbox **)lua_getextraspace(L);
}

#define QP_SANDBOX_MATCH_STEPS 50000000.0   /* worst-case pattern matching steps */
#define QP_SANDBOX_STR_MAX ((size_t)16 << 20)  /* longest string.rep result */

/* Starts a run on the calling thread: the instruction budget and the CPU
 * time that goes with it (see above).  Every run of user code (the
 * lua_pcall or qp_sandbox_run calls) happens between this and
 * qp_sandbox_idle, on this thread. */
void qp_sandbox_budget(qp_sandbox *sb, long long instructions);

/* Ends the run that qp_sandbox_budget started (a no-op when none is on). */
void qp_sandbox_idle(qp_sandbox *sb);

/* Counts instructions instead of watching the CPU clock from a thread
 * (see above); for tests of the fallback.  Call before the first run. */
void qp_sandbox_counted(qp_sandbox *sb);

/* True once the current run has spent its time. */
static inline bool qp_sandbox_spent(const qp_sandbox *sb) { return sb->budget < 0 || sb->expired; }

/* Brings the CPU deadline of the current run to cpu_ns from now (for a
 * caller that needs an answer sooner than the budget allows). */
void qp_sandbox_deadline(qp_sandbox *sb, long long cpu_ns);

/* Loads src as chunk "@path" and calls it (protected) with nresults results
 * left on the stack.  Returns 0, or -1 with "path:line: message" in err. */
int qp_sandbox_run(qp_sandbox *sb, const char *path, const char *src, size_t len,
                   int nresults, char *err, size_t errn);

/* lua_pcall with the sandbox's message handler: an error raised where no
 * Lua line is known ("C stack overflow" in a C function, error({}),
 * error("x", 0)) gets the line of the innermost running Lua function.
 * Every call of user code goes through this or qp_sandbox_run. */
int qp_sandbox_pcall(lua_State *L, int nargs, int nresults);

/* True when msg starts with "chunk:LINE:". */
bool qp_sandbox_positioned(const char *msg);

/* The error value at idx as "path:line: message" text (never raises). */
void qp_sandbox_message(lua_State *L, int idx, const char *path, char *buf, size_t n);

/* Raises "path:line: message", or "path: message" when line is 0, for a
 * fault the loader finds in a file.  The message takes any printf format
 * (lua_pushfstring knows only a few) and is cut at QP_SANDBOX_MSG - 1
 * bytes.  Never returns; typed int so C functions can `return` it. */
#define QP_SANDBOX_MSG 512
int qp_sandbox_fail(lua_State *L, const char *path, int line, const char *fmt, ...);

/* The number a hook returned at idx as an integer within [-limit, limit]
 * (a float is truncated toward zero).  0, or -1 with *out = 0 and
 * "path:line: HOOK returned nan: a score must be a number within ±limit"
 * (or "... returned a string value ...") in err, line being where the
 * hook's function starts (left out when 0): casting NaN, an infinity or
 * 1e300 to an integer is undefined behaviour. */
int qp_sandbox_score(lua_State *L, int idx, const char *path, int line, const char *hook, long long limit,
                     lua_Integer *out, char *err, size_t errn);

/* Reads a whole Lua source (NUL-terminated, malloc'ed), at most
 * QP_FILE_MAX bytes (fileio.h).  NULL with "path: reason" in err. */
char *qp_read_file(const char *path, size_t *len, char *err, size_t errn);

/* The source line where dotted key ("draw.repetitions") is set in a Lua
 * table constructor, found by scanning the text (Lua keeps no line of a
 * table key): the last `name =` whose enclosing constructors' keys match,
 * else the last one with the same final name.  0 if not found.  *pos, when
 * non-NULL, receives the byte offset (or -1) so callers can keep source
 * order. */
int qp_lua_key_line(const char *src, const char *key, long *pos);

#endif
