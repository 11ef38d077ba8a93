/*
 * lua_royal.h — internal to the Lua adapter: reading royal pieces and the
 * special moves around them from a block game's `rules`
 * (framework/blocks/blk_royal.h): rules.royal, rules.castling,
 * rules.dead, and the `check` options of
 * rules.stuck.
 *
 * Contract: each reader runs inside lb_read (protected) and raises
 * "path:line: message" at the offending key; lk_read runs after rules.zones
 * and rules.move were read (castling squares pieces' kinds).
 */
#ifndef QP_LUA_ROYAL_H
#define QP_LUA_ROYAL_H

#include "lua_game.h"

struct blk_game;

void lk_read(lua_State *L, lr_inst *in, struct blk_game *g, int rules, int params);

/* rules.stuck's `check` and `check_reason` keys in the table at v. */
void lk_stuck_check(lua_State *L, lr_inst *in, struct blk_game *g, int v);

#endif
