/*
 * lua_config.c — the reader of configuration files (config.h's
 * qp_config_load), which are Lua: run the file in a sandbox, flatten the
 * returned table into typed entries for config.c to check and apply.
 *
 * Flattening keeps tables of named fields as an entry of their own followed
 * by their fields, because whether `levels = { easy = 2 }` is one map value
 * or the dotted key "levels.easy" depends on the schema, which apply sees
 * and load does not.
 */
#include "config.h"
#include "fileio.h"
#include "lua_sandbox.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#define CF_MEM_LIMIT (64u << 20)
#define CF_BUDGET 5000000LL   /* instructions: a real config needs a few thousand */

typedef struct cf_ctx {
    qp_config *c;
    const char *src;
} cf_ctx;

typedef struct cf_field {
    const char *name;   /* held by the table being flattened */
    long pos;           /* source offset of the key, -1 if unknown */
    int line;
} cf_field;

/* Raises "path:line: message" (line 0: "path: message"). */
#define cf_fail(L, c, line, ...) qp_sandbox_fail(L, (c)->path, line, __VA_ARGS__)

static int cmp_field(const void *a, const void *b)
{
    const cf_field *x = a, *y = b;
    if ((x->pos < 0) != (y->pos < 0)) return x->pos < 0 ? 1 : -1;
    if (x->pos != y->pos) return x->pos < y->pos ? -1 : 1;
    return strcmp(x->name, y->name);
}

static qp_config_entry *cf_new_entry(lua_State *L, const cf_ctx *x, const char *key, int line)
{
    qp_config *c = x->c;
    if (c->n >= QP_CONFIG_MAX) cf_fail(L, c, line, "too many keys (max %d)", QP_CONFIG_MAX);
    if (strlen(key) >= sizeof c->e[0].key) cf_fail(L, c, line, "key '%s' is too long", key);
    qp_config_entry *e = &c->e[c->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->key, sizeof e->key, "%s", key);
    e->line = line;
    return e;
}

/* Appends s to buf (cap QP_PARAM_TEXT) or fails naming key. */
static void cf_append(lua_State *L, const cf_ctx *x, char *buf, size_t *len, const char *s,
                      const char *key, int line)
{
    size_t k = strlen(s);
    if (*len + k >= QP_PARAM_TEXT) cf_fail(L, x->c, line, "value of '%s' is too long", key);
    memcpy(buf + *len, s, k + 1);
    *len += k;
}

/* The table at idx as a list of strings, "a,b,c" (empty table: ""). */
static void cf_list(lua_State *L, const cf_ctx *x, int idx, const char *key, int line, char *out)
{
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    size_t len = 0;
    out[0] = 0;
    for (lua_Integer i = 1; i <= n; i++) {
        if (lua_rawgeti(L, idx, i) != LUA_TSTRING)
            cf_fail(L, x->c, line, "'%s' must be a list of strings, item %d is a %s", key, (int)i,
                    luaL_typename(L, -1));
        const char *s = lua_tostring(L, -1);
        if (strchr(s, ',')) cf_fail(L, x->c, line, "'%s': list item '%s' contains ','", key, s);
        if (i > 1) cf_append(L, x, out, &len, ",", key, line);
        cf_append(L, x, out, &len, s, key, line);
        lua_pop(L, 1);
    }
}

static void cf_fields(lua_State *L, const cf_ctx *x, int t, const char *prefix, char *map_text,
                      bool *is_map);

/* One value (on top of the stack) under dotted key. */
static void cf_value(lua_State *L, const cf_ctx *x, const char *key, int line)
{
    const qp_config *c = x->c;
    int v = lua_gettop(L);
    switch (lua_type(L, v)) {
    case LUA_TBOOLEAN: {
        qp_config_entry *e = cf_new_entry(L, x, key, line);
        e->type = QP_PT_BOOL;
        snprintf(e->text, sizeof e->text, "%s", lua_toboolean(L, v) ? "true" : "false");
        return;
    }
    case LUA_TNUMBER: {
        int ok;
        lua_Integer i = lua_tointegerx(L, v, &ok);
        if (!ok) cf_fail(L, c, line, "'%s' must be an integer, got %s", key, lua_tostring(L, v));
        qp_config_entry *e = cf_new_entry(L, x, key, line);
        e->type = QP_PT_INT;
        snprintf(e->text, sizeof e->text, "%lld", (long long)i);
        return;
    }
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, v, &n);
        if (n >= QP_PARAM_TEXT) cf_fail(L, c, line, "value of '%s' is too long", key);
        qp_config_entry *e = cf_new_entry(L, x, key, line);
        e->type = QP_PT_STRING;
        memcpy(e->text, s, n + 1);
        return;
    }
    case LUA_TTABLE: {
        int named = 0, items = 0;
        lua_pushnil(L);
        while (lua_next(L, v)) {
            if (lua_type(L, -2) == LUA_TSTRING) named++;
            else items++;
            lua_pop(L, 1);
        }
        if (named && items) cf_fail(L, c, line, "'%s' mixes list items and named fields", key);
        if (!named) {
            if ((lua_Integer)lua_rawlen(L, v) != items)
                cf_fail(L, c, line, "'%s' must be a list of strings (keys 1..n)", key);
            qp_config_entry *e = cf_new_entry(L, x, key, line);
            e->type = QP_PT_LIST;
            char text[QP_PARAM_TEXT];
            cf_list(L, x, v, key, line, text);
            snprintf(e->text, sizeof e->text, "%s", text);
            return;
        }
        int at = x->c->n;
        qp_config_entry *e = cf_new_entry(L, x, key, line);
        e->type = QP_PT_MAP;
        char text[QP_PARAM_TEXT];
        bool is_map;
        cf_fields(L, x, v, key, text, &is_map);
        e = &x->c->e[at];
        e->fields = x->c->n - at - 1;
        e->map = is_map;
        snprintf(e->text, sizeof e->text, "%s", is_map ? text : "");
        return;
    }
    default:
        cf_fail(L, c, line, "'%s' cannot be a %s", key, luaL_typename(L, v));
    }
}

/* Flattens the named fields of table t (prefix "" at the top), in source
 * order.  map_text receives "a=1,b=2" and *is_map whether every field is
 * an integer (so the table can be a map value). */
static void cf_fields(lua_State *L, const cf_ctx *x, int t, const char *prefix, char *map_text,
                      bool *is_map)
{
    qp_config *c = x->c;
    int n = 0;
    /* each nesting level holds a few slots; a C function is promised only
     * LUA_MINSTACK of them */
    if (!lua_checkstack(L, 8)) cf_fail(L, c, 0, "'%s' is nested too deeply", prefix);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        if (lua_type(L, -2) != LUA_TSTRING) {
            if (!prefix[0]) cf_fail(L, c, 0, "the returned table must hold named values only");
            cf_fail(L, c, qp_lua_key_line(x->src, prefix, NULL), "'%s' mixes list items and named fields",
                    prefix);
        }
        n++;
        lua_pop(L, 1);
    }
    cf_field *f = lua_newuserdatauv(L, sizeof *f * (size_t)(n ? n : 1), 0);
    int k = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        f[k].name = lua_tostring(L, -1);
        char key[256];
        snprintf(key, sizeof key, "%s%s%s", prefix, prefix[0] ? "." : "", f[k].name);
        f[k].line = qp_lua_key_line(x->src, key, &f[k].pos);
        k++;
    }
    qsort(f, (size_t)n, sizeof *f, cmp_field);

    size_t mlen = 0;
    map_text[0] = 0;
    *is_map = true;
    for (int i = 0; i < n; i++) {
        char key[256];
        snprintf(key, sizeof key, "%s%s%s", prefix, prefix[0] ? "." : "", f[i].name);
        lua_getfield(L, t, f[i].name);   /* string keys of a plain table: raw enough */
        if (!prefix[0] && !strcmp(f[i].name, "ruleset")) {
            if (lua_type(L, -1) != LUA_TSTRING)
                cf_fail(L, c, f[i].line, "'ruleset' must be a string, got %s", luaL_typename(L, -1));
            if (strlen(lua_tostring(L, -1)) >= sizeof c->ruleset)
                cf_fail(L, c, f[i].line, "'ruleset' is too long");
            snprintf(c->ruleset, sizeof c->ruleset, "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
            continue;
        }
        if (lua_isinteger(L, -1) && !strpbrk(f[i].name, ",=")) {
            char pair[320];
            snprintf(pair, sizeof pair, "%s%s=%lld", mlen ? "," : "", f[i].name,
                     (long long)lua_tointeger(L, -1));
            if (mlen + strlen(pair) < QP_PARAM_TEXT) {
                memcpy(map_text + mlen, pair, strlen(pair) + 1);
                mlen += strlen(pair);
            } else {
                *is_map = false;
            }
        } else {
            *is_map = false;
        }
        cf_value(L, x, key, f[i].line);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);   /* the field array */
}

/* Protected: (ctx, table) → entries. */
static int cf_flatten(lua_State *L)
{
    const cf_ctx *x = lua_touserdata(L, 1);
    char text[QP_PARAM_TEXT];
    bool is_map;
    cf_fields(L, x, 2, "", text, &is_map);
    return 0;
}

int qp_config_load_string(qp_config *c, const char *name, const char *src, char *err, size_t errn)
{
    memset(c, 0, sizeof *c);
    snprintf(c->path, sizeof c->path, "%s", name);
    qp_sandbox *sb = qp_sandbox_new("config", CF_MEM_LIMIT);
    if (!sb) {
        snprintf(err, errn, "%s: out of memory", name);
        return -1;
    }
    lua_State *L = sb->L;
    qp_sandbox_budget(sb, CF_BUDGET);
    int rc = -1;
    if (qp_sandbox_run(sb, name, src, strlen(src), 1, err, errn) == 0) {
        if (lua_type(L, -1) != LUA_TTABLE) {
            snprintf(err, errn, "%s: must return a table", name);
        } else {
            cf_ctx x = {c, src};
            lua_pushcfunction(L, cf_flatten);
            lua_pushlightuserdata(L, &x);
            lua_pushvalue(L, -3);
            if (qp_sandbox_pcall(L, 2, 0) == LUA_OK) rc = 0;
            else qp_sandbox_message(L, -1, name, err, errn);
        }
    }
    qp_sandbox_free(sb);
    if (rc) c->n = 0;
    return rc;
}

int qp_config_load(qp_config *c, const char *path, char *err, size_t errn)
{
    char *src;
    if (qp_file_read(path, QP_FILE_MAX, &src, NULL, err, errn)) {
        memset(c, 0, sizeof *c);
        return -1;
    }
    int rc = qp_config_load_string(c, path, src, err, errn);
    free(src);
    return rc;
}
