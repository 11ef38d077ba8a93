/*
 * lua_hook.c — calling a game file's hooks: the position bound, a budget
 * per call, errors placed at a line of the file and recorded once; and
 * the outcome hook, which the adapter and the block games both ask.
 */
#include "lua_hook.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "lua_pos.h"
#include "lua_sandbox.h"

/* Records the first hook failure: stderr once, and in->err for tests. */
void lr_report(lr_inst *in, const char *msg)
{
    snprintf(in->last, sizeof in->last, "%s", msg);
    if (in->err[0]) return;
    snprintf(in->err, sizeof in->err, "%s", msg);
    if (in->r) in->r->failed = in->err;
    if (!in->quiet) fprintf(stderr, "qipan: %s\n", msg);
}

/* A message about the file itself, at the line where key is set. */
void lr_report_key(lr_inst *in, const char *key, const char *fmt, ...)
{
    char msg[QP_ERR], full[QP_ERR + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = qp_lua_key_line(in->game->src, key, NULL);
    if (line) snprintf(full, sizeof full, "%s:%d: %s", in->game->path, line, msg);
    else snprintf(full, sizeof full, "%s: %s", in->game->path, msg);
    lr_report(in, full);
}

/* ---- hook calls ---------------------------------------------------------- */

/* The error of hook h's failed call (rc, the error value on top) as
 * "path:line: message": an error that no Lua line claims (out of memory,
 * a failing message handler) is placed at the line the hook starts. */
void lr_hook_message(const lr_inst *in, int h, int rc, char *msg, size_t n)
{
    char m[QP_ERR];
    if (rc == LUA_ERRMEM) snprintf(m, sizeof m, "out of memory");
    else qp_sandbox_message(in->L, -1, in->game->path, m, sizeof m);
    if (rc != LUA_ERRMEM && qp_sandbox_positioned(m)) snprintf(msg, n, "%s", m);
    else if (in->line[h]) snprintf(msg, n, "%s:%d: %s: %s", in->game->path, in->line[h], lr_hook_names[h], m);
    else snprintf(msg, n, "%s: %s: %s", in->game->path, lr_hook_names[h], m);
}

/* Calls hook h with (pos bound to s, [move]); leaves nres results on the
 * stack and returns true, or reports the error and returns false with the
 * stack restored.  The caller holds the mutex and pops the results. */
bool lr_call(lr_inst *in, int h, uint8_t *s, bool writable, bool with_move, qp_move m, int nres)
{
    lua_State *L = in->L;
    int top = lua_gettop(L);
    if (in->runaway[h]) {
        snprintf(in->last, sizeof in->last, "%s: %s: not called after it ran away", in->game->path, lr_hook_names[h]);
        return false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref[h]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref_pos);
    if (with_move) lua_pushinteger(L, (lua_Integer)m);
    lr_bind(in->pos, s, writable);
    in->pos->collecting = h == LR_H_MOVES;
    qp_sandbox_budget(in->sb, LR_HOOK_BUDGET);
    int rc = qp_sandbox_pcall(L, with_move ? 2 : 1, nres);
    qp_sandbox_idle(in->sb);
    if (rc == LUA_ERRRUN && in->gen_first && lua_touserdata(L, -1) == (void *)in) {
        /* the moves hook stopped at its first move (QP_GEN_ANY) */
        lua_settop(L, top);
        for (int i = 0; i < nres; i++) lua_pushnil(L);
        rc = LUA_OK;
    }
    bool turn_set = in->pos->turn_set;
    lr_bind(in->pos, NULL, false);
    in->pos->turn_set = turn_set;
    if (rc != LUA_OK) {
        char msg[QP_ERR];
        lr_hook_message(in, h, rc, msg, sizeof msg);
        in->runaway[h] = rc == LUA_ERRMEM || rc == LUA_ERRERR || qp_sandbox_spent(in->sb) ||
                         strstr(msg, "stack overflow") != NULL || strstr(msg, "out of memory") != NULL;
        lr_report(in, msg);
        lua_settop(L, top);
        return false;
    }
    return true;
}


/* Interns a reason so qp_outcome can point at it for good. */
static const char *lr_reason(lr_inst *in, const char *text)
{
    for (int i = 0; i < in->nreasons; i++)
        if (!strcmp(in->reasons[i], text)) return in->reasons[i];
    if (in->nreasons >= LR_MAX_REASONS) return "game over";
    in->reasons[in->nreasons] = lr_strdup(text);
    return in->reasons[in->nreasons] ? in->reasons[in->nreasons++] : "game over";
}

/* The file's outcome hook (mutex held): fills o, ongoing when it says nothing. */
void lr_judge_locked(lr_inst *in, const void *s, qp_outcome *o)
{
    lua_State *L = in->L;
    o->result = QP_ONGOING;
    o->winner = 0;
    o->reason = "";
    int top = lua_gettop(L);
    if (in->ref[LR_H_OUTCOME] != LUA_NOREF && lr_call(in, LR_H_OUTCOME, (uint8_t *)s, false, false, 0, 3)) {
        const char *kind = lua_type(L, top + 1) == LUA_TSTRING ? lua_tostring(L, top + 1) : NULL;
        if (kind && (!strcmp(kind, "win") || !strcmp(kind, "loss"))) {
            int ok;
            lua_Integer side = lua_tointegerx(L, top + 2, &ok);
            const char *why = lua_type(L, top + 3) == LUA_TSTRING ? lua_tostring(L, top + 3) : kind;
            if (!ok || side < 0 || side >= in->nsides) {
                lr_report_key(in, "outcome", "outcome: '%s' needs a side (0..%d)", kind, in->nsides - 1);
            } else if (!strcmp(kind, "win")) {
                o->result = QP_WIN, o->winner = (int)side, o->reason = lr_reason(in, why);
            } else if (in->nsides == 2) {
                o->result = QP_WIN, o->winner = 1 - (int)side, o->reason = lr_reason(in, why);
            } else {
                /* a lost puzzle: "failed", by the one-player convention */
                o->result = QP_WIN, o->winner = 1, o->reason = lr_reason(in, why);
            }
        } else if (kind && !strcmp(kind, "draw")) {
            const char *why = lua_type(L, top + 2) == LUA_TSTRING ? lua_tostring(L, top + 2) : "draw";
            o->result = QP_DRAW, o->reason = lr_reason(in, why);
        } else if (kind || !lua_isnil(L, top + 1)) {
            lr_report_key(in, "outcome", "outcome must return nil, \"win\", \"loss\" or \"draw\"");
        }
        lua_settop(L, top);
    }
}

bool lr_judge(const qp_rules *r, const void *s, qp_outcome *o)
{
    lr_inst *in = lr_in(r);
    lr_lock(in);
    lr_judge_locked(in, s, o);
    lr_unlock(in);
    return o->result != QP_ONGOING;
}
