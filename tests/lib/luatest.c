/*
 * luatest.c — small Lua game files written for a test (see luatest.h).
 */
#include "luatest.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua_ruleset.h"

static const char game_head[] =
    "return {\n"                                   /* 1 */
    "  name = 'test',\n"                           /* 2 */
    "  board = { width = 3, height = 1 },\n"       /* 3 */
    "  sides = { 'a', 'b' },\n"                    /* 4 */
    "  pieces = { A = '', b = '' },\n";            /* 5 */

const char lt_ok_hooks[] =
    "  moves = function(pos) pos:add_empty() end,\n"                                  /* 6 */
    "  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and 'A' or 'b') end,\n"; /* 7 */

char *lt_game_src(const char *body)
{
    size_t n = strlen(game_head) + strlen(body) + 8;
    char *s = malloc(n);
    if (!s) fail_msg("out of memory");
    snprintf(s, n, "%s%s}\n", game_head, body);
    return s;
}

qp_ruleset *lt_load(const char *body, char *err, size_t errn)
{
    char *src = lt_game_src(body), path[64];
    snprintf(path, sizeof path, "%s", tu_tmpfile(src, ".lua"));
    free(src);
    char e[QP_ERR];
    e[0] = 0;
    qp_ruleset *rs = qp_lua_ruleset_load(path, e, sizeof e);
    unlink(path);
    size_t k = strlen(path);
    if (!strncmp(e, path, k)) snprintf(err, errn, "F%s", e + k);
    else snprintf(err, errn, "%s", e);
    return rs;
}

const char *lt_load_error(const char *body)
{
    static char err[QP_ERR];
    qp_ruleset *rs = lt_load(body, err, sizeof err);
    if (rs) {
        qp_lua_ruleset_free(rs);
        return "";
    }
    return err;
}
