/*
 * lua_sandbox.h — a lua_State that cannot touch the machine or hang.
 *
 * Shared by the config loader (config.c) and the Lua ruleset adapter
 * (lua_ruleset.c).  A sandbox opens only the base, string, table, math and
 * utf8 libraries, removes dofile, loadfile, load and collectgarbage, and
 * routes print to stderr (stdout belongs to protocols such as UCI).  It caps
 * the memory the state may allocate and counts VM instructions: once the
 * budget set by qp_sandbox_budget is spent, the running chunk fails with
 * "file:line: WHAT took too long".
 *
 * Error messages keep Lua's "file:line: message" form; qp_sandbox_message
 * restores a path that Lua shortened to "...tail" (Lua keeps only ~60
 * characters of a chunk name), so callers always see the path they gave.
 *
 * Every C-API call that might raise (allocate) must run inside lua_pcall:
 * an error never longjmps across the C core.
 */
#ifndef QP_LUA_SANDBOX_H
#define QP_LUA_SANDBOX_H

#include <stddef.h>

#include <lua.h>

typedef struct qp_sandbox {
    lua_State *L;
    size_t mem, mem_limit;   /* bytes in use / allowed */
    long long budget;        /* VM instructions left for the current run */
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

/* Sets the instruction budget for the next run(s). */
void qp_sandbox_budget(qp_sandbox *sb, long long instructions);

/* Loads src as chunk "@path" and calls it (protected) with nresults results
 * left on the stack.  Returns 0, or -1 with "path:line: message" in err. */
int qp_sandbox_run(qp_sandbox *sb, const char *path, const char *src, size_t len,
                   int nresults, char *err, size_t errn);

/* The error value at idx as "path:line: message" text (never raises). */
void qp_sandbox_message(lua_State *L, int idx, const char *path, char *buf, size_t n);

/* Raises "path:line: message", or "path: message" when line is 0, for a
 * fault the loader finds in a file.  The message takes any printf format
 * (lua_pushfstring knows only a few) and is cut at QP_SANDBOX_MSG - 1
 * bytes.  Never returns; typed int so C functions can `return` it. */
#define QP_SANDBOX_MSG 512
int qp_sandbox_fail(lua_State *L, const char *path, int line, const char *fmt, ...);

/* Reads a whole file (NUL-terminated, malloc'ed).  NULL with
 * "path: reason" in err. */
char *qp_read_file(const char *path, size_t *len, char *err, size_t errn);

/* The source line where dotted key ("draw.repetitions") is set in a Lua
 * table constructor, found by scanning the text (Lua keeps no line of a
 * table key): the last `name =` whose enclosing constructors' keys match,
 * else the last one with the same final name.  0 if not found.  *pos, when
 * non-NULL, receives the byte offset (or -1) so callers can keep source
 * order. */
int qp_lua_key_line(const char *src, const char *key, long *pos);

#endif
