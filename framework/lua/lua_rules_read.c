/*
 * lua_rules_read.c — checked reads of a rules table's values (see
 * lua_rules_read.h).
 */
#include "lua_rules_read.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

int lr_key_int(lua_State *L, lr_inst *in, int i, const char *key, int lo, int hi)
{
    int ok;
    lua_Integer v = lua_tointegerx(L, i, &ok);
    if (!ok || lua_type(L, i) != LUA_TNUMBER)
        lr_key_fail(L, in, key, "%s must be an integer, got %s", key, luaL_typename(L, i));
    if (v < lo || v > hi) lr_key_fail(L, in, key, "%s must be between %d and %d, got %d", key, lo, hi, (int)v);
    return (int)v;
}

void lr_key_per_side(lua_State *L, lr_inst *in, int i, const char *key, int lo, int hi,
                     int nsides, int *out, const char *what)
{
    i = lua_absindex(L, i);
    if (lua_type(L, i) == LUA_TNUMBER) {
        int v = lr_key_int(L, in, i, key, lo, hi);
        for (int s = 0; s < nsides; s++) out[s] = v;
        return;
    }
    if (lua_type(L, i) != LUA_TTABLE || lua_rawlen(L, i) != (lua_Unsigned)nsides)
        lr_key_fail(L, in, key, "%s must be %s", key, what);
    for (int s = 0; s < nsides; s++) {
        lua_rawgeti(L, i, s + 1);
        out[s] = lr_key_int(L, in, -1, key, lo, hi);
        lua_pop(L, 1);
    }
}

const char *lr_key_string(lua_State *L, lr_inst *in, int i, const char *key, const char *what)
{
    if (lua_type(L, i) != LUA_TSTRING) lr_key_fail(L, in, key, "%s must be %s, got %s", key, what, luaL_typename(L, i));
    return lua_tostring(L, i);
}

uint64_t lr_key_letters(lua_State *L, lr_inst *in, int i, const char *key)
{
    const char *s = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : NULL;
    if (!s || !*s) lr_key_fail(L, in, key, "%s must be a string of piece letters (\"Kk\")", key);
    uint64_t set = 0;
    for (const char *p = s; *p; p++) {
        int c = in->code_of[(unsigned char)*p];
        if (c <= 0) lr_key_fail(L, in, key, "%s: '%c' is not a piece of 'pieces'", key, *p);
        set |= (uint64_t)1 << c;
    }
    return set;
}

void lr_check_keys(lua_State *L, lr_inst *in, int t, const char *where, const char *const *known,
                   bool letters_ok)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) continue;   /* list items */
        const char *k = lua_tostring(L, -1);
        if (letters_ok && strlen(k) == 1) continue;
        bool ok = false;
        for (int i = 0; known[i] && !ok; i++) ok = !strcmp(k, known[i]);
        if (ok) continue;
        const char *best = lr_closest_key(k, known);
        char key[96];
        snprintf(key, sizeof key, "%s.%s", where, k);
        if (best)
            lr_key_fail(L, in, key, "%s: unknown key '%s' (did you mean '%s'?)", where, k, best);
        else
            lr_key_fail(L, in, key, "%s: unknown key '%s'", where, k);
    }
}
