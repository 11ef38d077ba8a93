/*
 * lua_promote.h — internal to the Lua adapter: reading rules.promote, the
 * one promotion block (forced to one kind, or a choice of kinds), into a
 * block game.  See lua_promote.c for the contract.
 */
#ifndef QP_LUA_PROMOTE_H
#define QP_LUA_PROMOTE_H

#include "lua_game.h"

struct blk_game;

/* The promote table at stack index v; runs after rules.zones and rules.move. */
void lpr_read(lua_State *L, lr_inst *in, struct blk_game *g, int v);

#endif
