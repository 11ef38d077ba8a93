/*
 * lua_qp.c — the global `qp` table of a Lua game: helpers on squares,
 * lines and moves, constants, params and the board-dependent fields.
 */
#include "lua_qp.h"

#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "lua_pos.h"

/* ---- helpers ----------------------------------------------------------- */

static const lr_inst *lr_board(lua_State *L)
{
    const lr_inst *in = lr_of(L);
    if (!in->geom) luaL_error(L, "board helpers work inside hooks, not while the file loads");
    return in;
}

/* An optional square argument: -1 for nil. */
static int lr_optsq(lua_State *L, const lr_inst *in, int i)
{
    int ok;
    lua_Integer sq = lua_tointegerx(L, i, &ok);
    if (!ok) {
        if (lua_isnoneornil(L, i)) return -1;
        sq = luaL_checkinteger(L, i);
    }
    return lr_on_board(in, sq) ? (int)sq : -1;
}

static void lr_push_sq(lua_State *L, int sq)
{
    if (sq >= 0) lua_pushinteger(L, sq);
    else lua_pushnil(L);
}

static int qp_l_sq(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    lua_Integer f = luaL_checkinteger(L, 1), r = luaL_checkinteger(L, 2);
    int sq = -1;
    if (f >= 0 && f < in->geom->w && r >= 0 && r < in->geom->h) sq = (int)(r * in->geom->w + f);
    lr_push_sq(L, sq >= 0 && !in->hole[sq] ? sq : -1);
    return 1;
}

/* A grid square (holes included: coordinates and names exist for them). */
static int lr_checkgrid(lua_State *L, const lr_inst *in, int i)
{
    lua_Integer sq = luaL_checkinteger(L, i);
    if (sq < 0 || sq >= in->n) luaL_error(L, "square %d is outside the grid", (int)sq);
    return (int)sq;
}

static int qp_l_file(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    lua_pushinteger(L, lr_checkgrid(L, in, 1) % in->geom->w);
    return 1;
}

static int qp_l_rank(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    lua_pushinteger(L, lr_checkgrid(L, in, 1) / in->geom->w);
    return 1;
}

static int qp_l_on_board(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    lua_pushboolean(L, lua_isinteger(L, 1) && lr_on_board(in, lua_tointeger(L, 1)));
    return 1;
}

static int qp_l_name(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    char buf[8];
    qp_sq_name(in->geom, lr_checkgrid(L, in, 1), buf);
    lua_pushstring(L, buf);
    return 1;
}

static int qp_l_square(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    const char *t = luaL_checkstring(L, 1);
    int sq;
    int k = qp_sq_parse(in->geom, t, &sq);
    lr_push_sq(L, k && !t[k] && !in->hole[sq] ? sq : -1);
    return 1;
}

static int lr_checkdir(lua_State *L, int i)
{
    int ok;
    lua_Integer d = lua_tointegerx(L, i, &ok);
    if (!ok) d = luaL_checkinteger(L, i);   /* raises the usual message */
    if (d < 0 || d >= QP_NDIRS) luaL_error(L, "bad direction %d", (int)d);
    return (int)d;
}

/* qp.step(sq, dir [, n]): n steps along the board's lines, nil if off. */
static int qp_l_step(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    int sq = lr_optsq(L, in, 1), d = lr_checkdir(L, 2);
    lua_Integer k = luaL_optinteger(L, 3, 1);
    for (; k > 0 && sq >= 0; k--) sq = in->logic.nb[sq][d];
    lr_push_sq(L, sq);
    return 1;
}

/* The opposite direction: N<->S, E<->W, NE<->SW, SE<->NW. */
static int lr_back(int d)
{
    return d < 4 ? (d + 2) % 4 : 4 + (d - 2) % 4;
}

static int qp_l_back(lua_State *L)
{
    lua_pushinteger(L, lr_back(lr_checkdir(L, 1)));
    return 1;
}

/* Consecutive squares from sq (exclusive) along d holding code. */
static int lr_run(const lr_inst *in, const int8_t *c, int sq, int d, int code, int *next)
{
    int k = 0;
    int t = in->logic.nb[sq][d];
    while (t >= 0 && c[t] == code) {
        k++;
        t = in->logic.nb[t][d];
    }
    *next = t;
    return k;
}

/* qp.run(pos, sq, dir [, letter]) → count, next: how many squares after
 * sq along dir hold letter (default: sq's piece), and the first square that
 * does not (nil off the board). */
static int qp_l_run(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    const lr_inst *in = p->in;
    int sq = lr_checksq(L, in, 2), d = lr_checkdir(L, 3);
    const int8_t *c = lr_cells(in, p->s);
    int code = lr_tocode(L, in, 4), next;
    if (!code) code = lua_isnoneornil(L, 4) ? c[sq] : lr_checkcode(L, in, 4);
    lua_pushinteger(L, lr_run(in, c, sq, d, code, &next));
    lr_push_sq(L, next);
    return 2;
}

/* qp.line_length(pos, sq, dir): length of the run of sq's piece through sq
 * along the axis of dir (both ways); 0 on an empty square. */
static int qp_l_line_length(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    const lr_inst *in = p->in;
    int sq = lr_checksq(L, in, 2), d = lr_checkdir(L, 3), next;
    const int8_t *c = lr_cells(in, p->s);
    if (!c[sq]) return lua_pushinteger(L, 0), 1;
    int k = 1 + lr_run(in, c, sq, d, c[sq], &next) + lr_run(in, c, sq, lr_back(d), c[sq], &next);
    lua_pushinteger(L, k);
    return 1;
}

/* qp.find_line(pos, k [, exact]) → letter, sq: a run of at least k (exactly
 * k with exact) equal pieces along a line; sq is its first square. */
static int qp_l_find_line(lua_State *L)
{
    lr_pos *p = lr_checkpos(L, 1);
    const lr_inst *in = p->in;
    lua_Integer k = luaL_checkinteger(L, 2);
    bool exact = lua_toboolean(L, 3);
    const int8_t *c = lr_cells(in, p->s);
    static const int axes[4] = {QP_N, QP_E, QP_NE, QP_SE};
    for (int sq = 0; sq < in->n; sq++) {
        if (!c[sq] || in->hole[sq]) continue;
        for (int a = 0; a < 4; a++) {
            int d = axes[a], prev = in->logic.nb[sq][lr_back(d)], next;
            if (prev >= 0 && c[prev] == c[sq]) continue;   /* not the start of the run */
            int len = 1 + lr_run(in, c, sq, d, c[sq], &next);
            if (exact ? len == k : len >= k) {
                lr_push_letter(L, c[sq]);
                lua_pushinteger(L, sq);
                return 2;
            }
        }
    }
    lua_pushnil(L);
    return 1;
}

static int qp_l_place(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    lua_pushinteger(L, (lua_Integer)lr_encode(-1, lr_checksq(L, in, 1), 0));
    return 1;
}

/* qp.move(from, to [, extra]); from nil gives a placement. */
static int qp_l_move(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    int from = lua_isnoneornil(L, 1) ? -1 : lr_checksq(L, in, 1);
    int to = lr_checksq(L, in, 2);
    lua_Integer extra = luaL_optinteger(L, 3, 0);
    if (extra < 0 || extra >= (1 << 20)) luaL_error(L, "move extra %I out of range 0..1048575", extra);
    lua_pushinteger(L, (lua_Integer)lr_encode(from, to, extra));
    return 1;
}

/* qp.decode(move) → from (nil for a placement), to, extra; nil for a pass
 * or a move of the game's own encoding. */
static int qp_l_decode(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    int from, to;
    long extra;
    if (!lr_decode(in, (qp_move)luaL_checkinteger(L, 1), &from, &to, &extra)) return lua_pushnil(L), 1;
    lr_push_sq(L, from);
    lua_pushinteger(L, to);
    lua_pushinteger(L, extra);
    return 3;
}

/* qp.to(move), qp.from(move): one square of a standard move (nil when
 * there is none: from of a placement, or a pass). */
static int lr_move_part(lua_State *L, bool want_from)
{
    const lr_inst *in = lr_board(L);
    int from, to;
    long extra;
    if (!lr_decode(in, (qp_move)luaL_checkinteger(L, 1), &from, &to, &extra)) return lua_pushnil(L), 1;
    lr_push_sq(L, want_from ? from : to);
    return 1;
}

static int qp_l_to(lua_State *L) { return lr_move_part(L, false); }
static int qp_l_from(lua_State *L) { return lr_move_part(L, true); }

static int qp_l_other(lua_State *L)
{
    const lr_inst *in = lr_of(L);
    lua_Integer s = luaL_checkinteger(L, 1);
    lua_pushinteger(L, in->nsides == 2 ? 1 - s : s);
    return 1;
}

static int qp_l_in_region(lua_State *L)
{
    const lr_inst *in = lr_board(L);
    int rg = qp_geom_find_region(in->geom, luaL_checkstring(L, 1));
    if (rg < 0) luaL_error(L, "no region '%s'", lua_tostring(L, 1));
    lua_Integer sq = luaL_checkinteger(L, 2);
    lua_pushboolean(L, sq >= 0 && sq < in->n && in->geom->regions[rg].in[sq]);
    return 1;
}

static const luaL_Reg lr_qp_funcs[] = {
    {"sq", qp_l_sq},         {"file", qp_l_file},       {"rank", qp_l_rank},
    {"on_board", qp_l_on_board},
    {"name", qp_l_name},     {"square", qp_l_square},   {"step", qp_l_step},
    {"back", qp_l_back},     {"run", qp_l_run},         {"line_length", qp_l_line_length},
    {"find_line", qp_l_find_line}, {"place", qp_l_place}, {"move", qp_l_move},
    {"decode", qp_l_decode}, {"to", qp_l_to},             {"from", qp_l_from},
    {"other", qp_l_other},     {"in_region", qp_l_in_region},
    {NULL, NULL},
};

/* ---- the table ----------------------------------------------------------- */

/* The global `qp` table: helpers and constants.  Board-dependent fields are
 * filled once the board exists; qp.adj is created empty now so the file's
 * top level may keep a reference to it.  The helpers share the letters
 * table (code → letter) as their upvalue, filled with the pieces later. */
static void lr_push_qp(lua_State *L)
{
    lua_newtable(L);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, LR_LETTERS);
    luaL_setfuncs(L, lr_qp_funcs, 1);
    lua_newtable(L);
    lua_setfield(L, -2, "adj");
    static const char *const dirs[QP_NDIRS] = {"N", "E", "S", "W", "NE", "SE", "SW", "NW"};
    for (int d = 0; d < QP_NDIRS; d++) {
        lua_pushinteger(L, d);
        lua_setfield(L, -2, dirs[d]);
    }
    static const struct { const char *name; int from, to; } sets[] = {
        {"dirs", 0, 7}, {"ortho", 0, 3}, {"diag", 4, 7}};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        lua_newtable(L);
        for (int d = sets[i].from; d <= sets[i].to; d++) {
            lua_pushinteger(L, d);
            lua_rawseti(L, -2, d - sets[i].from + 1);
        }
        lua_setfield(L, -2, sets[i].name);
    }
    lua_pushinteger(L, (lua_Integer)LR_PASS);
    lua_setfield(L, -2, "PASS");
}

/* The params table Lua sees: key → integer / boolean / string / list / map. */
static void lr_push_params(lua_State *L, const qp_params *p)
{
    lua_newtable(L);
    for (int i = 0; i < p->n; i++) {
        const qp_param_val *v = &p->v[i];
        switch (v->def->type) {
        case QP_PT_INT: lua_pushinteger(L, v->i); break;
        case QP_PT_BOOL: lua_pushboolean(L, v->i != 0); break;
        case QP_PT_STRING: lua_pushstring(L, v->text); break;
        case QP_PT_LIST:
        case QP_PT_MAP: {
            lua_newtable(L);
            int k = 1;
            for (const char *s = v->text; *s;) {
                const char *e = strchr(s, ',');
                size_t len = e ? (size_t)(e - s) : strlen(s);
                if (v->def->type == QP_PT_LIST) {
                    lua_pushlstring(L, s, len);
                    lua_rawseti(L, -2, k++);
                } else {
                    const char *eq = memchr(s, '=', len);
                    if (eq) {
                        lua_pushlstring(L, s, (size_t)(eq - s));
                        lua_pushinteger(L, strtoll(eq + 1, NULL, 10));
                        lua_rawset(L, -3);
                    }
                }
                s += len;
                if (*s == ',') s++;
            }
            break;
        }
        }
        lua_setfield(L, -2, v->def->key);
    }
}

void lr_qp_install(lua_State *L, const qp_params *params)
{
    lr_push_qp(L);
    if (params) lr_push_params(L, params);
    else lua_newtable(L);
    lua_setfield(L, -2, "params");
    lua_setglobal(L, "qp");
}

void lr_qp_board(lua_State *L, const lr_inst *in)
{
    lua_getglobal(L, "qp");
    lua_pushinteger(L, in->geom->w);
    lua_setfield(L, -2, "w");
    lua_pushinteger(L, in->geom->h);
    lua_setfield(L, -2, "h");
    lua_pushinteger(L, in->n);
    lua_setfield(L, -2, "n");
    lua_pushinteger(L, in->nsides);
    lua_setfield(L, -2, "nsides");
    lua_getfield(L, -1, "adj");
    for (int sq = 0; sq < in->n; sq++) {
        if (in->hole[sq]) continue;
        lua_newtable(L);
        int k = 1;
        for (int d = 0; d < QP_NDIRS; d++)
            if (in->logic.nb[sq][d] >= 0) {
                lua_pushinteger(L, in->logic.nb[sq][d]);
                lua_rawseti(L, -2, k++);
            }
        lua_rawseti(L, -2, sq);
    }
    lua_pop(L, 2);
}
