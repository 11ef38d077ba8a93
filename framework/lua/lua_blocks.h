/*
 * lua_blocks.h — internal to the Lua adapter: games whose file declares
 * `rules` (and optionally `eval`) are block games (framework/blocks/).
 *
 * Contract:
 *  - lb_read runs inside the protected create, after lr_read_game, and
 *    raises "path:line: message" naming the offending key of `rules` or
 *    `eval` (unknown keys get a "did you mean" suggestion).
 *  - lb_layout, after lr_pos_layout, checks the blocks against each other,
 *    extends the state with the blocks' aux part and sets caps.
 *  - lb_install, at load, replaces the adapter's hooks with the blocks'
 *    (keeping the adapter's in the game's `base` for the Lua hooks a
 *    block game may add: setup, moves it appends with their play, an
 *    outcome it judges before the blocks).
 */
#ifndef QP_LUA_BLOCKS_H
#define QP_LUA_BLOCKS_H

#include <stdbool.h>

#include "lua_game.h"

void lb_read(lua_State *L, lr_inst *in, int t, int params);
int lb_layout(lr_inst *in, char *err, size_t errn);
void lb_install(qp_ruleset *rs, bool has_eval, bool has_lua_eval);

#endif
