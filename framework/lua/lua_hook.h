/*
 * lua_hook.h — internal to the Lua adapter: calling one of a game file's
 * hooks and recording what went wrong, for the adapter's qp_ruleset hooks
 * (lua_ruleset.c) and the block games' (lua_blocks.c), which both ask the
 * file's `outcome` hook.
 *
 * Contract:
 *  - Every function here but lr_lock and lr_judge expects in->mu held; a
 *    hook runs inside lua_pcall with a fresh instruction budget, so a
 *    failing or runaway hook never unwinds into C.
 *  - The first failure of an instance is kept in in->err (and r->failed)
 *    and printed on stderr once, unless in->quiet; in->last holds the
 *    latest.  A hook that ran out of time, memory or stack is marked
 *    runaway and not called again by that instance.
 */
#ifndef QP_LUA_HOOK_H
#define QP_LUA_HOOK_H

#include <stdbool.h>
#include <stdint.h>

#include "lua_game.h"

#define LR_HOOK_BUDGET 20000000LL    /* instructions for one hook call */

static inline void lr_lock(lr_inst *in) { pthread_mutex_lock(&in->mu); }
static inline void lr_unlock(lr_inst *in) { pthread_mutex_unlock(&in->mu); }

/* Records a hook failure ("path:line: message"). */
void lr_report(lr_inst *in, const char *msg);
/* A message about the file itself, at the line where key is set. */
void lr_report_key(lr_inst *in, const char *key, const char *fmt, ...);

/* The error of hook h's failed call (rc, the error value on top of in->L)
 * as "path:line: message". */
void lr_hook_message(const lr_inst *in, int h, int rc, char *msg, size_t n);

/* Calls hook h with (pos bound to s, [move]); leaves nres results on the
 * stack and returns true, or reports the error and returns false with the
 * stack restored.  The caller pops the results. */
bool lr_call(lr_inst *in, int h, uint8_t *s, bool writable, bool with_move, qp_move m, int nres);

/* Runs the file's outcome hook on s: fills o, ongoing when the hook is
 * absent, says nothing or fails. */
void lr_judge_locked(lr_inst *in, const void *s, qp_outcome *o);
/* The same taking the instance's mutex; true when the hook decided. */
bool lr_judge(const qp_rules *r, const void *s, qp_outcome *o);

#endif
