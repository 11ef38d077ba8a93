/*
 * lua_pos.c — the state blob of a Lua game: its layout and Zobrist keys,
 * the `pos` methods that read and change it from Lua, and its FEN text.
 */
#include "lua_pos.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "splitmix.h"

#define LR_MAGIC 0x51504f53u         /* "QPOS" */

/* ---- layout and hash ---------------------------------------------------- */

static uint64_t lr_var_key(const lr_inst *in, int i, int32_t v)
{
    uint64_t x = in->z_var[i] ^ ((uint64_t)(uint32_t)v * 0x9e3779b97f4a7c15ull);
    return qp_splitmix64(&x);
}

uint64_t lr_hash_full(const lr_inst *in, uint8_t *s)
{
    uint64_t h = 0;
    const int8_t *c = lr_cells(in, s);
    for (int sq = 0; sq < in->n; sq++) h ^= in->z_cell[sq * (in->npieces + 1) + c[sq]];
    if (lr_h(s)->side) h ^= in->z_side;
    for (int i = 0; i < in->nvars; i++) h ^= lr_var_key(in, i, lr_vars(s)[i]);
    return h;
}

uint64_t lr_board_key(const lr_inst *in, const uint8_t *s)
{
    const lr_head *h = (const lr_head *)s;
    uint64_t k = h->hash;
    if (h->side) k ^= in->z_side;
    const int32_t *v = (const int32_t *)(s + sizeof(lr_head));
    for (int i = 0; i < in->nvars; i++) k ^= lr_var_key(in, i, v[i]);
    return k;
}

static void lr_set_cell(const lr_inst *in, uint8_t *s, int sq, int code)
{
    int8_t *c = lr_cells(in, s);
    int np = in->npieces + 1;
    lr_h(s)->hash ^= in->z_cell[sq * np + c[sq]] ^ in->z_cell[sq * np + code];
    c[sq] = (int8_t)code;
}

void lr_set_side(const lr_inst *in, uint8_t *s, int side)
{
    if (lr_h(s)->side != side) lr_h(s)->hash ^= in->z_side;
    lr_h(s)->side = side;
}

static void lr_set_var(const lr_inst *in, uint8_t *s, int i, int32_t v)
{
    int32_t *vars = lr_vars(s);
    lr_h(s)->hash ^= lr_var_key(in, i, vars[i]) ^ lr_var_key(in, i, v);
    vars[i] = v;
}

int lr_pos_layout(lr_inst *in)
{
    in->off_cells = sizeof(lr_head) + sizeof(int32_t) * (size_t)in->nvars;
    in->r->state_size = (in->off_cells + (size_t)in->n + 7) & ~(size_t)7;
    int np = in->npieces + 1;
    in->z_cell = calloc((size_t)in->n * (size_t)np, sizeof *in->z_cell);
    if (!in->z_cell) return -1;
    uint64_t seed = 0x7169706171697061ull;   /* fixed: hashes are stable across runs */
    for (int sq = 0; sq < in->n; sq++)
        for (int c = 1; c < np; c++) in->z_cell[sq * np + c] = qp_splitmix64(&seed);
    in->z_side = qp_splitmix64(&seed);
    for (int i = 0; i < LR_MAX_VARS; i++) in->z_var[i] = qp_splitmix64(&seed);
    return 0;
}

/* ---- pos methods ------------------------------------------------------ */

lr_pos *lr_checkpos(lua_State *L, int i)
{
    lr_pos *p = lua_touserdata(L, i);
    /* The bound pos is by far the most common argument: known by identity
     * (scripts cannot forge a light userdata), it needs no further check. */
    if (p && p == lr_of(L)->pos && p->s) return p;
    if (!p || lua_type(L, i) != LUA_TUSERDATA || lua_rawlen(L, i) < sizeof *p || p->magic != LR_MAGIC)
        luaL_typeerror(L, i, "position");
    if (!p->s) luaL_error(L, "position used after its hook returned");
    return p;
}

static lr_pos *lr_writable(lua_State *L, int i)
{
    lr_pos *p = lr_checkpos(L, i);
    if (!p->writable) luaL_error(L, "position is read-only in this hook");
    return p;
}

int lr_checksq(lua_State *L, const lr_inst *in, int i)
{
    int ok;
    lua_Integer sq = lua_tointegerx(L, i, &ok);
    if (!ok) sq = luaL_checkinteger(L, i);   /* raises the usual message */
    if (!lr_on_board(in, sq)) luaL_error(L, "square %d is not on the board", (int)sq);
    return (int)sq;
}

void lr_push_letter(lua_State *L, int code)
{
    if (code) lua_rawgeti(L, lua_upvalueindex(1), code);
    else lua_pushnil(L);
}

/* pos:get(sq) or pos:get(file, rank): the piece letter, nil if empty or off
 * the board (nil squares are allowed, so pos:get(qp.step(...)) works). */
static int pos_get(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    const lr_inst *in = p->in;
    lua_Integer sq;
    if (lua_gettop(L) >= 3) {
        lua_Integer f = luaL_checkinteger(L, 2), r = luaL_checkinteger(L, 3);
        if (f < 0 || f >= in->geom->w || r < 0 || r >= in->geom->h) return lua_pushnil(L), 1;
        sq = r * in->geom->w + f;
    } else {
        int ok;
        sq = lua_tointegerx(L, 2, &ok);
        if (!ok) {
            if (lua_isnoneornil(L, 2)) return lua_pushnil(L), 1;
            sq = luaL_checkinteger(L, 2);
        }
    }
    if (!lr_on_board(in, sq)) return lua_pushnil(L), 1;
    lr_push_letter(L, lr_cells(in, p->s)[sq]);
    return 1;
}

/* lr_checkcode's general case: nil and false mean empty, errors raise. */
static int lr_checkcode_slow(lua_State *L, const lr_inst *in, int i)
{
    if (lua_isnoneornil(L, i) || (lua_isboolean(L, i) && !lua_toboolean(L, i))) return 0;
    size_t len;
    const char *t = luaL_checklstring(L, i, &len);
    int code = len == 1 ? in->code_of[(unsigned char)t[0]] : -1;
    if (code <= 0) luaL_error(L, "unknown piece '%s'", t);
    return code;
}

int lr_tocode(lua_State *L, const lr_inst *in, int i)
{
    size_t len;
    const char *t = lua_tolstring(L, i, &len);   /* NULL for none, nil and booleans */
    int code = t && len == 1 ? in->code_of[(unsigned char)t[0]] : 0;
    return code > 0 ? code : 0;
}

int lr_checkcode(lua_State *L, const lr_inst *in, int i)
{
    int code = lr_tocode(L, in, i);
    return code ? code : lr_checkcode_slow(L, in, i);
}

/* pos:set(sq, letter) — letter nil or false empties the square. */
static int pos_set(lua_State *L)
{
    lr_pos *p = lr_writable(L, 1);
    const lr_inst *in = p->in;
    int sq = lr_checksq(L, in, 2);
    lr_set_cell(in, p->s, sq, lr_checkcode(L, in, 3));
    return 0;
}

static int pos_owner(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    const lr_inst *in = p->in;
    if (lua_isnoneornil(L, 2)) return lua_pushnil(L), 1;
    lua_Integer sq = luaL_checkinteger(L, 2);
    int code = lr_on_board(in, sq) ? lr_cells(in, p->s)[sq] : 0;
    if (code) lua_pushinteger(L, in->piece[code].side);
    else lua_pushnil(L);
    return 1;
}

static int pos_count(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    const lr_inst *in = p->in;
    int code = lr_checkcode(L, in, 2), k = 0;
    const int8_t *c = lr_cells(in, p->s);
    for (int sq = 0; sq < in->n; sq++) k += c[sq] == code && !in->hole[sq];
    lua_pushinteger(L, k);
    return 1;
}

static int pos_side(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    lua_pushinteger(L, lr_h(p->s)->side);
    return 1;
}

static int pos_ply(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    lua_pushinteger(L, lr_h(p->s)->ply);
    return 1;
}

static int pos_set_side(lua_State *L)
{
    lr_pos *p = lr_writable(L, 1);
    lua_Integer side = luaL_checkinteger(L, 2);
    if (side < 0 || side >= p->in->nsides) luaL_error(L, "no side %d", (int)side);
    lr_set_side(p->in, p->s, (int)side);
    p->turn_set = true;
    return 0;
}

static int pos_keep_turn(lua_State *L)
{
    lr_pos *p = lr_writable(L, 1);
    p->turn_set = true;
    return 0;
}

static int lr_checkvar(lua_State *L, const lr_inst *in, int i)
{
    if (lua_type(L, i) == LUA_TSTRING) {
        const char *name = lua_tostring(L, i);
        for (int k = 0; k < in->nvars; k++)
            if (!strcmp(in->varname[k], name)) return k;
        return luaL_error(L, "no var '%s'", name);
    }
    lua_Integer k = luaL_checkinteger(L, i);
    if (k < 1 || k > in->nvars) luaL_error(L, "no var %d (the game has %d)", (int)k, in->nvars);
    return (int)k - 1;
}

static int pos_var(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    lua_pushinteger(L, lr_vars(p->s)[lr_checkvar(L, p->in, 2)]);
    return 1;
}

static int pos_setvar(lua_State *L)
{
    lr_pos *p = lr_writable(L, 1);
    int k = lr_checkvar(L, p->in, 2);
    lua_Integer v = luaL_checkinteger(L, 3);
    if (v < INT32_MIN || v > INT32_MAX) luaL_error(L, "var value %I out of range", v);
    lr_set_var(p->in, p->s, k, (int32_t)v);
    return 0;
}

static void lr_add(lua_State *L, lr_inst *in, qp_move m)
{
    if (in->gen_n >= QP_MAX_MOVES) luaL_error(L, "more than %d moves", QP_MAX_MOVES);
    in->gen_out[in->gen_n++] = m;
    if (in->gen_first) {
        /* One move answers QP_GEN_ANY: unwind the hook (lr_call knows
         * this error by its value). */
        lua_pushlightuserdata(L, in);
        lua_error(L);
    }
}

static int pos_add(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    if (!p->collecting) luaL_error(L, "pos:add is for the moves hook");
    lua_Integer m = luaL_checkinteger(L, 2);
    if (m == 0) luaL_error(L, "0 is not a move");
    lr_add(L, p->in, (qp_move)m);
    return 0;
}

/* pos:add_empty(): a placement move on every empty square. */
static int pos_add_empty(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    lr_inst *in = p->in;
    if (!p->collecting) luaL_error(L, "pos:add_empty is for the moves hook");
    const int8_t *c = lr_cells(in, p->s);
    for (int sq = 0; sq < in->n; sq++)
        if (!c[sq] && !in->hole[sq]) lr_add(L, in, lr_encode(-1, sq, 0));
    return 0;
}

void lr_bind(lr_pos *p, uint8_t *s, bool writable)
{
    p->s = s;
    p->writable = writable;
    p->turn_set = false;
    p->collecting = false;
}

static int pos_copy(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    lr_inst *in = p->in;
    lr_pos *c = lua_newuserdatauv(L, sizeof *c + in->r->state_size, 0);
    memset(c, 0, sizeof *c);
    c->magic = LR_MAGIC;
    c->in = in;
    c->owned = true;
    memcpy(c->blob, p->s, in->r->state_size);
    lr_bind(c, c->blob, true);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref_posmt);
    lua_setmetatable(L, -2);
    return 1;
}

void lr_end_turn(const lr_inst *in, lr_pos *p)
{
    if (!p->turn_set && in->nsides == 2) lr_set_side(in, p->s, lr_h(p->s)->side ^ 1);
    lr_h(p->s)->ply++;
}

/* copy:play(move): the game's play hook on a copy, turn passing included. */
static int pos_play(lua_State *L)
{
    lr_pos *p = lr_writable(L, 1);
    lr_inst *in = p->in;
    if (!p->owned) luaL_error(L, "only copies can be played (pos:copy())");
    lua_Integer m = luaL_checkinteger(L, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref[LR_H_PLAY]);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, m);
    p->turn_set = false;
    lua_call(L, 2, 0);
    lr_end_turn(in, p);
    return 0;
}

static int pos_tostring(lua_State *L)
{
    lr_pos *p = lua_touserdata(L, 1);
    lua_pushfstring(L, "position%s", p && p->s ? "" : " (stale)");
    return 1;
}

static const luaL_Reg lr_pos_methods[] = {
    {"get", pos_get},         {"set", pos_set},         {"owner", pos_owner},
    {"count", pos_count},     {"side", pos_side},       {"ply", pos_ply},
    {"set_side", pos_set_side}, {"keep_turn", pos_keep_turn}, {"var", pos_var},
    {"setvar", pos_setvar},   {"add", pos_add},         {"add_empty", pos_add_empty},
    {"copy", pos_copy},       {"play", pos_play},       {NULL, NULL},
};

void lr_pos_init(lua_State *L, lr_inst *in)
{
    lua_newtable(L);                      /* metatable */
    lua_newtable(L);                      /* methods */
    lua_getfield(L, LUA_REGISTRYINDEX, LR_LETTERS);   /* their upvalue */
    for (int c = 1; c <= in->npieces; c++) {
        char lk[2] = {in->piece[c].letter, 0};
        lua_pushstring(L, lk);
        lua_rawseti(L, -2, c);
    }
    luaL_setfuncs(L, lr_pos_methods, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, pos_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "position");
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    in->ref_posmt = luaL_ref(L, LUA_REGISTRYINDEX);
    in->pos = lua_newuserdatauv(L, sizeof *in->pos, 0);
    memset(in->pos, 0, sizeof *in->pos);
    in->pos->magic = LR_MAGIC;
    in->pos->in = in;
    lua_pushvalue(L, -2);
    lua_setmetatable(L, -2);
    in->ref_pos = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);
}

/* ---- FEN ------------------------------------------------------------------ */

void lr_fen_write(const lr_inst *in, const uint8_t *s, char *buf, size_t n)
{
    const int8_t *c = lr_cells(in, (uint8_t *)s);
    int w = in->geom->w, h = in->geom->h;
    size_t len = 0;
#define PUT(...) do { int k_ = snprintf(buf + len, len < n ? n - len : 0, __VA_ARGS__); \
                      if (k_ > 0) len += (size_t)k_; } while (0)
    for (int rk = h - 1; rk >= 0; rk--) {
        int empty = 0;
        for (int f = 0; f < w; f++) {
            int code = c[rk * w + f];
            if (!code) {
                empty++;
                continue;
            }
            if (empty) PUT("%d", empty);
            empty = 0;
            PUT("%c", in->piece[code].letter);
        }
        if (empty) PUT("%d", empty);
        if (rk) PUT("/");
    }
    PUT(" %c", lr_h((uint8_t *)s)->side ? 'b' : 'w');
    for (int i = 0; i < in->nvars; i++) PUT(" %d", (int)lr_vars((uint8_t *)s)[i]);
    PUT(" %d", (int)lr_h((uint8_t *)s)->ply);
#undef PUT
    if (n && len >= n) buf[n - 1] = 0;
}

static bool lr_parse_int(const char *t, size_t len, int32_t *out)
{
    char tmp[16];
    if (!len || len >= sizeof tmp) return false;
    memcpy(tmp, t, len);
    tmp[len] = 0;
    char *end;
    long v = strtol(tmp, &end, 10);
    if (*end || v < INT32_MIN || v > INT32_MAX) return false;
    *out = (int32_t)v;
    return true;
}

int lr_fen_read(const lr_inst *in, uint8_t *s, const char *fen, char *err, size_t errn)
{
    int w = in->geom->w, h = in->geom->h;
    memset(s, 0, in->r->state_size);
    int8_t *c = lr_cells(in, s);
    const char *p = fen;
    while (*p == ' ') p++;
    int rk = h - 1, f = 0;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            if (f != w) {
                snprintf(err, errn, "FEN board: rank %d has %d squares, expected %d", rk + 1, f, w);
                return -1;
            }
            if (--rk < 0) {
                snprintf(err, errn, "FEN board: more than %d ranks", h);
                return -1;
            }
            f = 0;
        } else if (isdigit((unsigned char)*p)) {
            int k = 0;
            /* saturate: a run longer than any board must not overflow */
            while (isdigit((unsigned char)*p)) {
                k = k > w ? k : k * 10 + (*p - '0');
                p++;
            }
            p--;
            if (k == 0 || f + k > w) {
                snprintf(err, errn, "FEN board: rank %d has more than %d squares", rk + 1, w);
                return -1;
            }
            f += k;
        } else {
            int code = in->code_of[(unsigned char)*p];
            if (code <= 0) {
                snprintf(err, errn, "FEN board: unknown piece '%c'", *p);
                return -1;
            }
            if (f >= w) {
                snprintf(err, errn, "FEN board: rank %d has more than %d squares", rk + 1, w);
                return -1;
            }
            if (in->hole[rk * w + f]) {
                char nm[8];
                qp_sq_name(in->geom, rk * w + f, nm);
                snprintf(err, errn, "FEN board: %s is not on the board", nm);
                return -1;
            }
            c[rk * w + f++] = (int8_t)code;
        }
    }
    if (rk != 0 || f != w) {
        snprintf(err, errn, "FEN board: expected %d ranks of %d squares", h, w);
        return -1;
    }
    /* side, vars, ply */
    const char *tok[LR_MAX_VARS + 3];
    size_t tlen[LR_MAX_VARS + 3];
    int nt = 0;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        if (nt >= LR_MAX_VARS + 3) {
            snprintf(err, errn, "FEN: too many fields");
            return -1;
        }
        tok[nt] = p;
        while (*p && *p != ' ') p++;
        tlen[nt] = (size_t)(p - tok[nt]);
        nt++;
    }
    if (nt > 0) {
        if (tlen[0] != 1 || (tok[0][0] != 'w' && tok[0][0] != 'b') || (tok[0][0] == 'b' && in->nsides < 2)) {
            snprintf(err, errn, "FEN side: expected %s, got '%.*s'", in->nsides < 2 ? "'w'" : "'w' or 'b'",
                     (int)tlen[0], tok[0]);
            return -1;
        }
        lr_h(s)->side = tok[0][0] == 'b';
    }
    if (nt > in->nvars + 2) {
        snprintf(err, errn, "FEN: %d fields after the board, expected at most %d (side, %d vars, ply)", nt,
                 in->nvars + 2, in->nvars);
        return -1;
    }
    for (int i = 1; i < nt; i++) {
        int32_t v;
        if (!lr_parse_int(tok[i], tlen[i], &v) || (i == in->nvars + 1 && v < 0)) {
            if (i <= in->nvars)
                snprintf(err, errn, "FEN var '%s': expected an integer, got '%.*s'", in->varname[i - 1],
                         (int)tlen[i], tok[i]);
            else
                snprintf(err, errn, "FEN ply: expected a count, got '%.*s'", (int)tlen[i], tok[i]);
            return -1;
        }
        if (i <= in->nvars) lr_vars(s)[i - 1] = v;
        else lr_h(s)->ply = v;
    }
    lr_h(s)->hash = lr_hash_full(in, s);
    return 0;
}
