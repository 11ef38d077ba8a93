/*
 * luatest.h — small Lua game files written for a test (test_lua_adapter,
 * test_lua_games): a head of five lines (a 3x1 board, sides a and b,
 * pieces A and b), the test's body from line 6, then "}".  The file is a
 * temporary one, removed after loading; messages name it "F".
 */
#ifndef QP_LUATEST_H
#define QP_LUATEST_H

#include <stddef.h>

#include "ruleset.h"

/* moves and play hooks that load: lines 6 and 7. */
extern const char lt_ok_hooks[];

/* The game file's text for body (malloc'ed). */
char *lt_game_src(const char *body);
/* The ruleset of body's game, or NULL with the error in err, the temporary
 * path written "F" ("F:6: unexpected symbol near '='"). */
qp_ruleset *lt_load(const char *body, char *err, size_t errn);
/* "" when body's game loads, else the error as lt_load gives it (a static
 * buffer the next call overwrites). */
const char *lt_load_error(const char *body);

#endif
