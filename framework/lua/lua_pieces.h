/*
 * lua_pieces.h — internal to the Lua adapter: reading the piece vocabulary
 * of a block game's `rules` (framework/blocks/blk_piece.h).
 *
 * Contract: each reader runs inside lb_read (protected) and raises
 * "path:line: message" at the offending key.  lp_read reads rules.zones,
 * rules.terrain, rules.ranks and rules.reach (zones first: movements and
 * terrain name them), before rules.move.
 */
#ifndef QP_LUA_PIECES_H
#define QP_LUA_PIECES_H

#include <stdbool.h>

#include "lua_game.h"

struct blk_game;

void lp_read(lua_State *L, lr_inst *in, struct blk_game *g, int rules, int params);

/* Whether the value at i is a list of movements (its first item a table). */
bool lp_is_movements(lua_State *L, int i);

/* Reads the movements at v of piece code into g; key names it in errors. */
void lp_read_movements(lua_State *L, lr_inst *in, struct blk_game *g, int v, int code, const char *key);

/* rules.captures = "all" (or { count = "all", reason = }): true when it
 * was that form and was read. */
bool lp_captures_all(lua_State *L, lr_inst *in, struct blk_game *g, int v);

#endif
