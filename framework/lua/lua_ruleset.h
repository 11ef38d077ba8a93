/*
 * lua_ruleset.h — rulesets written wholly in Lua, wrapped as qp_ruleset.
 *
 * A game file (scripts/games/NAME.lua) returns a table describing the board,
 * the parameters and the hooks as Lua functions; the adapter implements
 * every qp_ruleset hook by calling them, so the rest of qipan cannot tell a
 * Lua ruleset from a C one.  The file's format is documented in
 * scripts/games/README.md.
 *
 * Each loaded ruleset owns one sandboxed lua_State guarded by a mutex, so a
 * search thread and a GUI thread may both call its hooks.  Hooks that read
 * the position must answer from it alone: each instance remembers the
 * answers of `moves` and `evaluate` per position (the whole state, ply
 * included) and does not call them again for it; gen(QP_GEN_NOISY) of a
 * game without a `noisy` hook is empty without a Lua call.
 */
#ifndef QP_LUA_RULESET_H
#define QP_LUA_RULESET_H

#include "registry.h"
#include "ruleset.h"

/* Loads a game file.  Returns a heap ruleset, or NULL with
 * "file:line: message" in err; a key the game table may not hold is such
 * an error ("unknown key 'moevs' (did you mean 'moves'?)"). */
qp_ruleset *qp_lua_ruleset_load(const char *path, char *err, size_t errn);
void qp_lua_ruleset_free(qp_ruleset *rs);

/* The registry's reader of NAME.lua game files (the two above), added by
 * the program with qp_registry_add_loader. */
extern const qp_game_loader qp_lua_loader;

/* The first error a hook of this instance raised ("file:line: message"),
 * "" if none or if r is not a Lua ruleset.  Hook errors are printed on
 * stderr once and otherwise behave as "no moves" / "no change". */
const char *qp_lua_rules_error(const qp_rules *r);

#endif
