/*
 * lua_rules_read.h — what the readers of a game file's `rules` table
 * share (lua_blocks.c, lua_pieces.c, lua_royal.c): a complaint at the
 * line that sets a key, and the checked reads of an integer and a string.
 * Each raises "PATH:LINE: message" through the sandbox and does not return
 * on a bad value.
 */
#ifndef QP_LUA_RULES_READ_H
#define QP_LUA_RULES_READ_H

#include <stdint.h>

#include <lua.h>

#include "lua_game.h"
#include "lua_sandbox.h"

/* "PATH:LINE: message" for key (dotted, e.g. "rules.zones.water") of the file. */
#define lr_key_fail(L, in, key, ...) \
    qp_sandbox_fail(L, (in)->game->path, qp_lua_key_line((in)->game->src, key, NULL), __VA_ARGS__)

/* The integer at stack index i, lo..hi. */
int lr_key_int(lua_State *L, lr_inst *in, int i, const char *key, int lo, int hi);
/* A value given for every side at once or side by side: the integer at
 * stack index i, copied to out[0..nsides-1], or a list of exactly nsides
 * integers in `sides` order; each lo..hi.  Anything else fails with
 * "KEY must be " what. */
void lr_key_per_side(lua_State *L, lr_inst *in, int i, const char *key, int lo, int hi,
                     int nsides, int *out, const char *what);
/* The string at stack index i; what says what it should be ("a zone name"). */
const char *lr_key_string(lua_State *L, lr_inst *in, int i, const char *key, const char *what);

/* A string of piece letters at stack index i ("Kk"): the set of their
 * codes, bit c for code c. */
uint64_t lr_key_letters(lua_State *L, lr_inst *in, int i, const char *key);

/* Refuses any string key of the table at t not in known (NULL-ended),
 * naming the closest known one; with letters_ok one-letter keys (pieces)
 * pass. */
void lr_check_keys(lua_State *L, lr_inst *in, int t, const char *where, const char *const *known, bool letters_ok);

#endif
