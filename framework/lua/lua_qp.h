/*
 * lua_qp.h — internal to the Lua ruleset adapter: the global `qp` table a
 * game file sees.  It holds the direction constants (N, E, ..., dirs,
 * ortho, diag), qp.PASS, the instance's params, helpers on squares, lines
 * and moves (documented in scripts/games/README.md), and once the board is
 * read, qp.w, qp.h, qp.n, qp.nsides and qp.adj.
 *
 * Contract:
 *  - lr_qp_install runs before the file does, so the file's top level may
 *    keep references to qp and qp.adj; lr_qp_board fills them in later.
 *  - Board helpers raise "board helpers work inside hooks, not while the
 *    file loads" until the board exists; all helpers raise Lua errors for
 *    bad arguments, so both functions here and the helpers run protected.
 *  - Helpers return nil, never an error, for a square off the board, so
 *    scripts can chain them (pos:get(qp.step(sq, qp.N))).
 */
#ifndef QP_LUA_QP_H
#define QP_LUA_QP_H

#include "lua_game.h"

/* Sets the global qp, with qp.params from params (NULL: an empty table),
 * and creates the letters table (lua_pos.h) its helpers share. */
void lr_qp_install(lua_State *L, const qp_params *params);

/* The board-dependent fields of qp: w, h, n, nsides, and adj[sq] = the
 * squares linked to sq along the helpers' lines, in direction order. */
void lr_qp_board(lua_State *L, const lr_inst *in);

#endif
