/*
 * lua_ruleset.c — the adapter that turns a Lua game file into a qp_ruleset.
 *
 * The state is a flat C blob (lr_head, then the vars, then one int8 piece
 * code per square); Lua sees it through one `pos` userdata that is pointed
 * at the caller's blob for the length of a hook call and goes stale after,
 * so a script cannot keep a position alive behind the framework's back.
 * Every mutation goes through pos:set / setvar / the side, which keep the
 * Zobrist hash in the blob up to date.
 *
 * Each instance (qp_rules) runs the file in its own sandboxed lua_State,
 * because parameters may change the board; its hooks run under the
 * instance's mutex and inside lua_pcall, and a failing hook is reported on
 * stderr once and then behaves as "no moves" / "no change".
 *
 * The game-file format is documented in scripts/games/README.md.
 */
#include "lua_ruleset.h"
#include "lua_sandbox.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#define LR_MEM_LIMIT (256u << 20)
#define LR_LOAD_BUDGET 50000000LL    /* running the file once */
#define LR_HOOK_BUDGET 20000000LL    /* one hook call */
#define LR_PATH 1024
#define LR_MAX_PIECES 52
#define LR_MAX_VARS 32
#define LR_MAX_FLAGS 16
#define LR_MAX_REASONS 64
/* lr_head + vars + cells, rounded up */
#define LR_MAX_STATE (((16 + 4 * LR_MAX_VARS + QP_MAX_POINTS) + 7) & ~7)
#define LR_MAGIC 0x51504f53u         /* "QPOS" */

/* Standard move encoding (qp.move): to+1 in bits 0-9, from+1 in 10-19,
 * extra in 20-39.  Never 0 because to+1 >= 1. */
#define LR_TO_MASK 0x3ffu
#define LR_PASS ((qp_move)1 << 40)

typedef struct lr_head {
    uint64_t hash;
    int32_t side;
    int32_t ply;
} lr_head;

typedef struct lr_piece {
    char letter;
    int side;
    int value;
    char glyph[16];
} lr_piece;

/* One loaded game file: what the registry holds. */
typedef struct lr_game {
    qp_ruleset rs;
    char path[LR_PATH];
    char *src;
    size_t srclen;
    char name[32];
    char title[128];
    char *help;
    qp_param_def *params;    /* NULL-key terminated, strings owned */
    int nparams;
} lr_game;

typedef struct lr_inst lr_inst;

/* The Lua view of a state.  Invariant: s is NULL outside the hook call
 * that bound it, except for copies, whose blob follows the struct. */
typedef struct lr_pos {
    uint32_t magic;
    bool writable, turn_set, collecting, owned;
    uint8_t *s;
    lr_inst *in;
    uint8_t blob[];
} lr_pos;

enum { H_SETUP, H_MOVES, H_PLAY, H_OUTCOME, H_TEXT, H_EVAL, H_NOISY, H_ORDER, H_FLAGS,
       H_SQUARES, H_FROM_FEN, H_IRREV, H_N };
static const char *const lr_hook_names[H_N] = {
    "setup", "moves", "play", "outcome", "move_text", "evaluate", "noisy", "order", "flags",
    "squares", "from_fen", "irreversible",
};

struct lr_inst {
    const lr_game *game;
    qp_rules *r;
    qp_sandbox *sb;
    lua_State *L;
    pthread_mutex_t mu;

    const qp_geom *geom;       /* the drawn board: &r->geom */
    qp_geom logic;             /* lines the helpers follow */
    uint8_t hole[QP_MAX_POINTS];
    int n, nvars, nsides;
    size_t off_cells;

    int npieces;
    lr_piece piece[LR_MAX_PIECES + 1];   /* [0] unused: code 0 is empty */
    int8_t code_of[256];                  /* letter → code, -1 if none */

    uint64_t *z_cell;          /* n * (npieces+1), code 0 entries are 0 */
    uint64_t z_side, z_var[LR_MAX_VARS];
    char varname[LR_MAX_VARS][24];

    int ref[H_N];              /* registry refs of hooks, LUA_NOREF if absent */
    bool irreversible_all;
    int ref_pos, ref_posmt;
    lr_pos *pos;

    qp_move *gen_out;
    int gen_n;
    bool gen_overflow;

    char *side_name[2];
    const char *flag_names[LR_MAX_FLAGS + 1];
    char *flag_store[LR_MAX_FLAGS];
    char *reasons[LR_MAX_REASONS];
    int nreasons;

    bool quiet;                /* collect the first error without printing it */
    char err[QP_ERR];          /* the first hook error */
    char last[QP_ERR];         /* the latest one */
};

/* ---- small helpers ---------------------------------------------------- */

static uint64_t lr_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t lr_var_key(const lr_inst *in, int i, int32_t v)
{
    uint64_t x = in->z_var[i] ^ ((uint64_t)(uint32_t)v * 0x9e3779b97f4a7c15ull);
    return lr_splitmix(&x);
}

static inline lr_head *lr_h(uint8_t *s) { return (lr_head *)s; }
static inline int32_t *lr_vars(uint8_t *s) { return (int32_t *)(s + sizeof(lr_head)); }
static inline int8_t *lr_cells(const lr_inst *in, uint8_t *s) { return (int8_t *)(s + in->off_cells); }

static uint64_t lr_hash_full(const lr_inst *in, uint8_t *s)
{
    uint64_t h = 0;
    const int8_t *c = lr_cells(in, s);
    for (int sq = 0; sq < in->n; sq++) h ^= in->z_cell[sq * (in->npieces + 1) + c[sq]];
    if (lr_h(s)->side) h ^= in->z_side;
    for (int i = 0; i < in->nvars; i++) h ^= lr_var_key(in, i, lr_vars(s)[i]);
    return h;
}

static void lr_set_cell(const lr_inst *in, uint8_t *s, int sq, int code)
{
    int8_t *c = lr_cells(in, s);
    int np = in->npieces + 1;
    lr_h(s)->hash ^= in->z_cell[sq * np + c[sq]] ^ in->z_cell[sq * np + code];
    c[sq] = (int8_t)code;
}

static void lr_set_side(const lr_inst *in, uint8_t *s, int side)
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

static bool lr_on_board(const lr_inst *in, lua_Integer sq)
{
    return sq >= 0 && sq < in->n && !in->hole[sq];
}

static lr_inst *lr_of(lua_State *L)
{
    return qp_sandbox_of(L)->user;
}

static qp_move lr_encode(int from, int to, lua_Integer extra)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10) | ((qp_move)extra << 20);
}

/* Decodes a standard move; false for PASS or a move of the game's own. */
static bool lr_decode(const lr_inst *in, qp_move m, int *from, int *to, long *extra)
{
    if (m >= LR_PASS || !(m & LR_TO_MASK)) return false;
    int t = (int)(m & LR_TO_MASK) - 1, f = (int)((m >> 10) & LR_TO_MASK) - 1;
    if (t >= in->n || f >= in->n) return false;
    *to = t;
    *from = f;
    *extra = (long)(m >> 20);
    return true;
}

/* Records the first hook failure: stderr once, and in->err for tests. */
static void lr_report(lr_inst *in, const char *msg)
{
    snprintf(in->last, sizeof in->last, "%s", msg);
    if (in->err[0]) return;
    snprintf(in->err, sizeof in->err, "%s", msg);
    if (!in->quiet) fprintf(stderr, "qipan: %s\n", msg);
}

/* A message about the file itself, at the line where key is set. */
static void lr_report_key(lr_inst *in, const char *key, const char *fmt, ...)
{
    char msg[QP_ERR], full[QP_ERR + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = qp_lua_key_line(in->game->src, key, NULL);
    if (line) snprintf(full, sizeof full, "%s:%d: %s", in->game->path, line, msg);
    else snprintf(full, sizeof full, "%s: %s", in->game->path, msg);
    lr_report(in, full);
}

/* Raises "path:line: message" for a problem with key of the game file. */
static int lr_fail_key(lua_State *L, const lr_game *g, const char *key, const char *fmt, ...)
{
    char msg[QP_ERR];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = key ? qp_lua_key_line(g->src, key, NULL) : 0;
    if (line) lua_pushfstring(L, "%s:%d: %s", g->path, line, msg);
    else lua_pushfstring(L, "%s: %s", g->path, msg);
    return lua_error(L);
}

/* ---- pos methods ------------------------------------------------------ */

static lr_pos *lr_checkpos(lua_State *L, int i)
{
    lr_pos *p = lua_touserdata(L, i);
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

static int lr_checksq(lua_State *L, const lr_inst *in, int i)
{
    lua_Integer sq = luaL_checkinteger(L, i);
    if (!lr_on_board(in, sq)) luaL_error(L, "square %d is not on the board", (int)sq);
    return (int)sq;
}

static void lr_push_letter(lua_State *L, int code)
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
        if (lua_isnoneornil(L, 2)) return lua_pushnil(L), 1;
        sq = luaL_checkinteger(L, 2);
    }
    if (!lr_on_board(in, sq)) return lua_pushnil(L), 1;
    lr_push_letter(L, lr_cells(in, p->s)[sq]);
    return 1;
}

static int lr_checkcode(lua_State *L, const lr_inst *in, int i)
{
    if (lua_isnoneornil(L, i) || (lua_isboolean(L, i) && !lua_toboolean(L, i))) return 0;
    size_t len;
    const char *t = luaL_checklstring(L, i, &len);
    int code = len == 1 ? in->code_of[(unsigned char)t[0]] : -1;
    if (code <= 0) luaL_error(L, "unknown piece '%s'", t);
    return code;
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

static void lr_bind(lr_pos *p, uint8_t *s, bool writable)
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

static void lr_end_turn(const lr_inst *in, lr_pos *p)
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
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref[H_PLAY]);
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

/* ---- qp helpers --------------------------------------------------------- */

static const lr_inst *lr_board(lua_State *L)
{
    const lr_inst *in = lr_of(L);
    if (!in->geom) luaL_error(L, "board helpers work inside hooks, not while the file loads");
    return in;
}

/* An optional square argument: -1 for nil. */
static int lr_optsq(lua_State *L, const lr_inst *in, int i)
{
    if (lua_isnoneornil(L, i)) return -1;
    lua_Integer sq = luaL_checkinteger(L, i);
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
    lua_Integer d = luaL_checkinteger(L, i);
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
    int code = lua_isnoneornil(L, 4) ? c[sq] : lr_checkcode(L, in, 4), next;
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

#define LR_LETTERS "qipan.letters"

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

/* ---- reading the game table ------------------------------------------- */

/* Field `name` of the table at t, resolved through a function(params)
 * when it is one (so the board may depend on parameters). */
static int lr_field(lua_State *L, int t, const char *name, int params)
{
    int ty = lua_getfield(L, t, name);
    if (ty == LUA_TFUNCTION) {
        lua_pushvalue(L, params);
        lua_call(L, 1, 1);
        ty = lua_type(L, -1);
    }
    return ty;
}

static int lr_opt_int(lua_State *L, const lr_game *g, int t, const char *key, const char *name,
                      int params, int def, int lo, int hi)
{
    int ty = lr_field(L, t, name, params);
    int v = def;
    if (ty != LUA_TNIL) {
        int ok;
        lua_Integer i = lua_tointegerx(L, -1, &ok);
        if (!ok || ty != LUA_TNUMBER) lr_fail_key(L, g, key, "'%s' must be an integer, got %s", key, luaL_typename(L, -1));
        if (i < lo || i > hi) lr_fail_key(L, g, key, "'%s' must be between %d and %d, got %d", key, lo, hi, (int)i);
        v = (int)i;
    }
    lua_pop(L, 1);
    return v;
}

static int lr_sq_arg(lua_State *L, const lr_game *g, const qp_geom *geo, int i, const char *key)
{
    int sq;
    if (lua_type(L, i) == LUA_TSTRING) {
        const char *t = lua_tostring(L, i);
        int k = qp_sq_parse(geo, t, &sq);
        if (!k || t[k]) lr_fail_key(L, g, key, "'%s': '%s' is not a square of the board", key, t);
        return sq;
    }
    int ok;
    lua_Integer v = lua_tointegerx(L, i, &ok);
    if (!ok || v < 0 || v >= geo->n) lr_fail_key(L, g, key, "'%s': bad square", key);
    return (int)v;
}

/* board = { width, height, kind, diagonals, shape, regions, river } */
static void lr_read_board(lua_State *L, lr_inst *in, int t, int params)
{
    const lr_game *g = in->game;
    qp_rules *r = in->r;
    if (lr_field(L, t, "board", params) != LUA_TTABLE)
        lr_fail_key(L, g, "board", "'board' must be a table, got %s", luaL_typename(L, -1));
    int b = lua_gettop(L);
    int w = lr_opt_int(L, g, b, "board.width", "width", params, 0, 1, QP_MAX_SIDE);
    int h = lr_opt_int(L, g, b, "board.height", "height", params, 0, 1, QP_MAX_SIDE);
    if (!w || !h) lr_fail_key(L, g, "board", "'board' needs width and height (1..%d)", QP_MAX_SIDE);
    qp_board_kind kind = QP_BOARD_POINTS;
    if (lr_field(L, b, "kind", params) != LUA_TNIL) {
        const char *k = lua_tostring(L, -1);
        if (k && !strcmp(k, "cells")) kind = QP_BOARD_CELLS;
        else if (!k || strcmp(k, "points"))
            lr_fail_key(L, g, "board.kind", "'board.kind' must be \"points\" or \"cells\"");
    }
    lua_pop(L, 1);
    qp_geom_init(&r->geom, w, h, kind);
    in->geom = &r->geom;
    in->n = w * h;

    /* Diagonals: drawn links in r->geom; the helpers' lines in in->logic.
     * Omitted: none drawn, but every grid diagonal is a line (gomoku,
     * reversi). */
    bool logic_all = false;
    int ty = lr_field(L, b, "diagonals", params);
    if (ty == LUA_TNIL) {
        logic_all = true;
    } else if (ty == LUA_TSTRING) {
        const char *d = lua_tostring(L, -1);
        if (!strcmp(d, "all")) {
            qp_geom_link_all_diagonals(&r->geom);
        } else if (!strcmp(d, "alquerque")) {
            for (int sq = 0; sq < in->n; sq++) {
                int f = sq % w, rk = sq / w;
                if ((f + rk) % 2) continue;
                if (f + 1 < w && rk + 1 < h) qp_geom_link_diagonal(&r->geom, sq, sq + w + 1);
                if (f > 0 && rk + 1 < h) qp_geom_link_diagonal(&r->geom, sq, sq + w - 1);
            }
        } else if (strcmp(d, "none")) {
            lr_fail_key(L, g, "board.diagonals",
                        "'board.diagonals' must be \"all\", \"none\", \"alquerque\" or a list of square pairs");
        }
    } else if (ty == LUA_TTABLE) {
        int dt = lua_gettop(L);
        lua_Integer np = (lua_Integer)lua_rawlen(L, dt);
        for (lua_Integer i = 1; i <= np; i++) {
            if (lua_rawgeti(L, dt, i) != LUA_TTABLE)
                lr_fail_key(L, g, "board.diagonals", "'board.diagonals' item %d must be a pair {a, b}", (int)i);
            lua_rawgeti(L, -1, 1);
            lua_rawgeti(L, -2, 2);
            int a = lr_sq_arg(L, g, &r->geom, -2, "board.diagonals");
            int c = lr_sq_arg(L, g, &r->geom, -1, "board.diagonals");
            qp_geom_link_diagonal(&r->geom, a, c);
            lua_pop(L, 3);
        }
    } else {
        lr_fail_key(L, g, "board.diagonals", "'board.diagonals' must be a string or a list");
    }
    lua_pop(L, 1);

    /* shape: rows from the top, '.' or ' ' marks a hole */
    memset(in->hole, 0, sizeof in->hole);
    if (lr_field(L, b, "shape", params) == LUA_TTABLE) {
        if ((int)lua_rawlen(L, -1) != h)
            lr_fail_key(L, g, "board.shape", "'board.shape' must have %d rows", h);
        for (int row = 0; row < h; row++) {
            lua_rawgeti(L, -1, row + 1);
            size_t len;
            const char *s = lua_tolstring(L, -1, &len);
            if (!s || (int)len != w)
                lr_fail_key(L, g, "board.shape", "'board.shape' row %d must be a string of %d characters", row + 1, w);
            for (int f = 0; f < w; f++)
                if (s[f] == '.' || s[f] == ' ') in->hole[(h - 1 - row) * w + f] = 1;
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        lr_fail_key(L, g, "board.shape", "'board.shape' must be a list of strings");
    }
    lua_pop(L, 1);

    if (lr_field(L, b, "regions", params) == LUA_TTABLE) {
        int rt = lua_gettop(L);
        for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, rt); i++) {
            lua_rawgeti(L, rt, i);
            int e = lua_gettop(L);
            lua_getfield(L, e, "name");
            lua_getfield(L, e, "from");
            lua_getfield(L, e, "to");
            lua_getfield(L, e, "diagonals");
            const char *name = lua_tostring(L, e + 1);
            if (!name) lr_fail_key(L, g, "board.regions", "'board.regions' item %d needs a name", (int)i);
            int a = lr_sq_arg(L, g, &r->geom, e + 2, "board.regions");
            int c = lr_sq_arg(L, g, &r->geom, e + 3, "board.regions");
            if (qp_geom_add_region(&r->geom, name, a % w, a / w, c % w, c / w, lua_toboolean(L, e + 4)) < 0)
                lr_fail_key(L, g, "board.regions", "too many regions (max %d)", QP_MAX_REGIONS);
            lua_settop(L, rt);
        }
    }
    lua_pop(L, 1);
    r->geom.river = lr_opt_int(L, g, b, "board.river", "river", params, -1, -1, h);

    in->logic = r->geom;
    if (logic_all) qp_geom_link_all_diagonals(&in->logic);
    for (int sq = 0; sq < in->n; sq++)
        for (int d = 0; d < QP_NDIRS; d++) {
            int t2 = in->logic.nb[sq][d];
            if (in->hole[sq] || (t2 >= 0 && in->hole[t2])) in->logic.nb[sq][d] = -1;
            t2 = r->geom.nb[sq][d];
            if (in->hole[sq] || (t2 >= 0 && in->hole[t2])) r->geom.nb[sq][d] = -1;
        }
    lua_pop(L, 1);
}

static int lr_cmp_char(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}

/* pieces = { X = { glyph = "X", value = 100 }, o = "O" } */
static void lr_read_pieces(lua_State *L, lr_inst *in, int t)
{
    const lr_game *g = in->game;
    if (lua_getfield(L, t, "pieces") != LUA_TTABLE)
        lr_fail_key(L, g, "pieces", "'pieces' must be a table of letter = {...}");
    int pt = lua_gettop(L);
    char letters[LR_MAX_PIECES + 1];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, pt)) {
        lua_pop(L, 1);
        size_t len;
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        if (!k || len != 1 || !isalpha((unsigned char)k[0]))
            lr_fail_key(L, g, "pieces", "'pieces' keys must be single letters");
        if (n >= LR_MAX_PIECES) lr_fail_key(L, g, "pieces", "too many pieces");
        letters[n++] = k[0];
    }
    if (!n) lr_fail_key(L, g, "pieces", "'pieces' is empty");
    qsort(letters, (size_t)n, 1, lr_cmp_char);   /* codes must not depend on table order */
    memset(in->code_of, -1, sizeof in->code_of);
    in->npieces = n;
    for (int i = 0; i < n; i++) {
        lr_piece *pc = &in->piece[i + 1];
        char key[16];
        snprintf(key, sizeof key, "pieces.%c", letters[i]);
        pc->letter = letters[i];
        pc->side = isupper((unsigned char)letters[i]) ? 0 : 1;
        if (pc->side >= in->nsides)
            lr_fail_key(L, g, key, "piece '%c': lower case letters are the second side's", letters[i]);
        in->code_of[(unsigned char)letters[i]] = (int8_t)(i + 1);
        char lk[2] = {letters[i], 0};
        int ty = lua_getfield(L, pt, lk);
        if (ty == LUA_TSTRING) {
            snprintf(pc->glyph, sizeof pc->glyph, "%s", lua_tostring(L, -1));
        } else if (ty == LUA_TTABLE) {
            if (lua_getfield(L, -1, "glyph") == LUA_TSTRING)
                snprintf(pc->glyph, sizeof pc->glyph, "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
            if (lua_getfield(L, -1, "value") != LUA_TNIL) {
                if (!lua_isinteger(L, -1)) lr_fail_key(L, g, key, "'%s.value' must be an integer", key);
                pc->value = (int)lua_tointeger(L, -1);
            }
            lua_pop(L, 1);
        } else {
            lr_fail_key(L, g, key, "'%s' must be a table or a glyph string", key);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

static char *lr_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
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

/* Protected part of create: the game table is at index 1, params at 2. */
static int lr_create_p(lua_State *L)
{
    lr_inst *in = lua_touserdata(L, 1);
    const lr_game *g = in->game;
    qp_rules *r = in->r;
    const int t = 2, params = 3;

    /* sides */
    if (lua_getfield(L, t, "sides") != LUA_TTABLE)
        lr_fail_key(L, g, "sides", "'sides' must be a list of one or two side names");
    in->nsides = (int)lua_rawlen(L, -1);
    if (in->nsides < 1 || in->nsides > 2)
        lr_fail_key(L, g, "sides", "'sides' must name one or two sides");
    for (int i = 0; i < in->nsides; i++) {
        lua_rawgeti(L, -1, i + 1);
        const char *s = lua_tostring(L, -1);
        if (!s) lr_fail_key(L, g, "sides", "'sides' must be strings");
        in->side_name[i] = lr_strdup(s);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    r->nsides = in->nsides;
    for (int i = 0; i < 2; i++) r->side_names[i] = i < in->nsides ? in->side_name[i] : NULL;

    lr_read_board(L, in, t, params);
    lr_read_pieces(L, in, t);

    /* vars: a count or a list of names */
    int ty = lr_field(L, t, "vars", params);
    if (ty == LUA_TNUMBER) {
        lua_Integer k = lua_tointeger(L, -1);
        if (k < 0 || k > LR_MAX_VARS) lr_fail_key(L, g, "vars", "'vars' must be 0..%d", LR_MAX_VARS);
        in->nvars = (int)k;
        for (int i = 0; i < in->nvars; i++) snprintf(in->varname[i], sizeof in->varname[i], "%d", i + 1);
    } else if (ty == LUA_TTABLE) {
        lua_Integer k = (lua_Integer)lua_rawlen(L, -1);
        if (k > LR_MAX_VARS) lr_fail_key(L, g, "vars", "at most %d vars", LR_MAX_VARS);
        in->nvars = (int)k;
        for (int i = 0; i < in->nvars; i++) {
            lua_rawgeti(L, -1, i + 1);
            const char *s = lua_tostring(L, -1);
            if (!s || !*s || strlen(s) >= sizeof in->varname[i])
                lr_fail_key(L, g, "vars", "'vars' must be a list of short names");
            snprintf(in->varname[i], sizeof in->varname[i], "%s", s);
            lua_pop(L, 1);
        }
    } else if (ty != LUA_TNIL) {
        lr_fail_key(L, g, "vars", "'vars' must be a count or a list of names");
    }
    lua_pop(L, 1);

    /* hooks */
    for (int h = 0; h < H_N; h++) {
        int ht = lua_getfield(L, t, lr_hook_names[h]);
        if (h == H_IRREV && ht == LUA_TBOOLEAN) {
            in->irreversible_all = lua_toboolean(L, -1);
            lua_pop(L, 1);
            continue;
        }
        if (ht == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        if (ht != LUA_TFUNCTION)
            lr_fail_key(L, g, lr_hook_names[h], "'%s' must be a function, got %s", lr_hook_names[h],
                        luaL_typename(L, -1));
        in->ref[h] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (in->ref[H_MOVES] == LUA_NOREF || in->ref[H_PLAY] == LUA_NOREF)
        lr_fail_key(L, g, NULL, "a game needs 'moves' and 'play' functions");

    /* draw rules: the table, then params of the same names override */
    if (lr_field(L, t, "draw", params) == LUA_TTABLE) {
        int d = lua_gettop(L);
        r->draw.repetitions = lr_opt_int(L, g, d, "draw.repetitions", "repetitions", params, 0, 0, 1000);
        r->draw.no_capture_plies = lr_opt_int(L, g, d, "draw.no_capture_plies", "no_capture_plies", params, 0, 0, 100000);
        lua_getfield(L, d, "perpetual_check_loses");
        r->draw.perpetual_check_loses = lua_toboolean(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (qp_params_find(&r->params, "draw.repetitions"))
        r->draw.repetitions = (int)qp_param_int(&r->params, "draw.repetitions");
    if (qp_params_find(&r->params, "draw.no_capture_plies"))
        r->draw.no_capture_plies = (int)qp_param_int(&r->params, "draw.no_capture_plies");
    r->max_game_plies = lr_opt_int(L, g, t, "max_plies", "max_plies", params, 0, 0, INT_MAX);

    /* flags: names of status bits the flags hook may return */
    in->flag_names[0] = NULL;
    if (lua_getfield(L, t, "flag_names") == LUA_TTABLE) {
        int k = (int)lua_rawlen(L, -1);
        if (k > LR_MAX_FLAGS) lr_fail_key(L, g, "flag_names", "at most %d flag names", LR_MAX_FLAGS);
        for (int i = 0; i < k; i++) {
            lua_rawgeti(L, -1, i + 1);
            const char *s = lua_tostring(L, -1);
            if (!s) lr_fail_key(L, g, "flag_names", "'flag_names' must be strings");
            in->flag_store[i] = lr_strdup(s);
            in->flag_names[i] = in->flag_store[i];
            in->flag_names[i + 1] = NULL;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    r->flag_names = in->flag_names;

    /* perft = "games": a game that ends early is one perft leaf */
    int pt = lua_getfield(L, t, "perft");
    if (pt == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "games")) r->perft_counts_games = true;
    else if (pt != LUA_TNIL && !(pt == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "sequences")))
        lr_fail_key(L, g, "perft", "'perft' must be \"games\" or \"sequences\"");
    lua_pop(L, 1);

    r->caps = 0;
    if (lua_getfield(L, t, "caps") == LUA_TTABLE) {
        for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, -1); i++) {
            lua_rawgeti(L, -1, i);
            const char *s = lua_tostring(L, -1);
            if (s && !strcmp(s, "nullmove")) r->caps |= QP_CAP_NULLMOVE;
            else if (s && !strcmp(s, "lmr")) r->caps |= QP_CAP_LMR;
            else lr_fail_key(L, g, "caps", "'caps' knows \"nullmove\" and \"lmr\"");
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);

    /* board-dependent qp fields */
    lua_getglobal(L, "qp");
    lua_pushinteger(L, r->geom.w);
    lua_setfield(L, -2, "w");
    lua_pushinteger(L, r->geom.h);
    lua_setfield(L, -2, "h");
    lua_pushinteger(L, in->n);
    lua_setfield(L, -2, "n");
    lua_pushinteger(L, in->nsides);
    lua_setfield(L, -2, "nsides");
    lua_getfield(L, -1, "adj");   /* adj[sq] = squares linked to sq, in direction order */
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

    /* the pos userdata and its metatable; letters as the methods' upvalue */
    lua_newtable(L);                      /* metatable */
    lua_newtable(L);                      /* methods */
    lua_getfield(L, LUA_REGISTRYINDEX, LR_LETTERS);
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
    return 0;
}

/* ---- hook calls ---------------------------------------------------------- */

/* Calls hook h with (pos bound to s, [move]); leaves nres results on the
 * stack and returns true, or reports the error and returns false with the
 * stack restored.  The caller holds the mutex and pops the results. */
static bool lr_call(lr_inst *in, int h, uint8_t *s, bool writable, bool with_move, qp_move m, int nres)
{
    lua_State *L = in->L;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref[h]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref_pos);
    if (with_move) lua_pushinteger(L, (lua_Integer)m);
    lr_bind(in->pos, s, writable);
    in->pos->collecting = h == H_MOVES;
    qp_sandbox_budget(in->sb, LR_HOOK_BUDGET);
    int rc = lua_pcall(L, with_move ? 2 : 1, nres, 0);
    bool turn_set = in->pos->turn_set;
    lr_bind(in->pos, NULL, false);
    in->pos->turn_set = turn_set;
    if (rc != LUA_OK) {
        char msg[QP_ERR];
        if (rc == LUA_ERRMEM) snprintf(msg, sizeof msg, "%s: %s: out of memory", in->game->path, lr_hook_names[h]);
        else qp_sandbox_message(L, -1, in->game->path, msg, sizeof msg);
        lr_report(in, msg);
        lua_settop(L, top);
        return false;
    }
    return true;
}

static lr_inst *lr_in(const qp_rules *r)
{
    return r->impl;
}

static void lr_lock(lr_inst *in) { pthread_mutex_lock(&in->mu); }
static void lr_unlock(lr_inst *in) { pthread_mutex_unlock(&in->mu); }

/* Legal moves (mutex held). */
static int lr_gen_locked(lr_inst *in, const void *s, qp_move *out, qp_gen_mode mode)
{
    lua_State *L = in->L;
    in->gen_out = out;
    in->gen_n = 0;
    int top = lua_gettop(L);
    if (!lr_call(in, H_MOVES, (uint8_t *)s, false, false, 0, 1)) return 0;
    int t = lua_gettop(L);
    if (lua_type(L, t) == LUA_TTABLE) {
        lua_Integer k = (lua_Integer)lua_rawlen(L, t);
        for (lua_Integer i = 1; i <= k; i++) {
            int ok;
            lua_rawgeti(L, t, i);
            lua_Integer m = lua_tointegerx(L, -1, &ok);
            lua_pop(L, 1);
            if (!ok || m == 0) {
                lr_report_key(in, "moves", "moves: item %d is not a move (a non-zero integer)", (int)i);
                lua_settop(L, top);
                return 0;
            }
            if (in->gen_n >= QP_MAX_MOVES) {
                lr_report_key(in, "moves", "moves: more than %d moves", QP_MAX_MOVES);
                lua_settop(L, top);
                return 0;
            }
            out[in->gen_n++] = (qp_move)m;
        }
    } else if (!lua_isnil(L, t)) {
        lr_report_key(in, "moves", "moves must return a list of moves or nothing, got %s", luaL_typename(L, t));
    }
    lua_settop(L, top);
    int n = in->gen_n;
    if (mode == QP_GEN_NOISY) {
        int k = 0;
        if (in->ref[H_NOISY] != LUA_NOREF)
            for (int i = 0; i < n; i++) {
                if (!lr_call(in, H_NOISY, (uint8_t *)s, false, true, out[i], 1)) break;
                if (lua_toboolean(L, -1)) out[k++] = out[i];
                lua_settop(L, top);
            }
        n = k;
    }
    return n;
}

static int lr_gen(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode)
{
    lr_inst *in = lr_in(r);
    lr_lock(in);
    int n = lr_gen_locked(in, s, out, mode);
    lr_unlock(in);
    return n;
}

static void lr_make_locked(lr_inst *in, void *s, qp_move m)
{
    size_t size = in->r->state_size;
    uint8_t backup[LR_MAX_STATE];
    memcpy(backup, s, size);
    int top = lua_gettop(in->L);
    if (!lr_call(in, H_PLAY, s, true, true, m, 0)) {
        memcpy(s, backup, size);   /* a failed move changes nothing */
        return;
    }
    lua_settop(in->L, top);
    in->pos->s = s;
    lr_end_turn(in, in->pos);
    in->pos->s = NULL;
}

static void lr_make(const qp_rules *r, void *s, qp_move m, void *undo)
{
    (void)undo;
    lr_inst *in = lr_in(r);
    lr_lock(in);
    lr_make_locked(in, s, m);
    lr_unlock(in);
}

static void lr_make_null(const qp_rules *r, void *s)
{
    lr_inst *in = lr_in(r);
    if (in->nsides == 2) lr_set_side(in, s, lr_h(s)->side ^ 1);
    lr_h(s)->ply++;
}

/* Interns a reason so qp_outcome can point at it for good. */
static const char *lr_reason(lr_inst *in, const char *text)
{
    for (int i = 0; i < in->nreasons; i++)
        if (!strcmp(in->reasons[i], text)) return in->reasons[i];
    if (in->nreasons >= LR_MAX_REASONS) return "game over";
    in->reasons[in->nreasons] = lr_strdup(text);
    return in->reasons[in->nreasons] ? in->reasons[in->nreasons++] : "game over";
}

static void lr_outcome(const qp_rules *r, const void *s, qp_outcome *o)
{
    lr_inst *in = lr_in(r);
    lua_State *L = in->L;
    o->result = QP_ONGOING;
    o->winner = 0;
    o->reason = "";
    lr_lock(in);
    int top = lua_gettop(L);
    if (in->ref[H_OUTCOME] != LUA_NOREF && lr_call(in, H_OUTCOME, (uint8_t *)s, false, false, 0, 3)) {
        const char *kind = lua_type(L, top + 1) == LUA_TSTRING ? lua_tostring(L, top + 1) : NULL;
        if (kind && (!strcmp(kind, "win") || !strcmp(kind, "loss"))) {
            int ok;
            lua_Integer side = lua_tointegerx(L, top + 2, &ok);
            const char *why = lua_type(L, top + 3) == LUA_TSTRING ? lua_tostring(L, top + 3) : kind;
            if (!ok || side < 0 || side >= in->nsides) {
                lr_report_key(in, "outcome", "outcome: '%s' needs a side (0..%d)", kind, in->nsides - 1);
            } else if (!strcmp(kind, "win")) {
                o->result = QP_WIN, o->winner = (int)side, o->reason = lr_reason(in, why);
            } else if (in->nsides == 2) {
                o->result = QP_WIN, o->winner = 1 - (int)side, o->reason = lr_reason(in, why);
            } else {
                /* a lost puzzle: qp_outcome has no loss, and no one else wins */
                o->result = QP_DRAW, o->reason = lr_reason(in, why);
            }
        } else if (kind && !strcmp(kind, "draw")) {
            const char *why = lua_type(L, top + 2) == LUA_TSTRING ? lua_tostring(L, top + 2) : "draw";
            o->result = QP_DRAW, o->reason = lr_reason(in, why);
        } else if (kind || !lua_isnil(L, top + 1)) {
            lr_report_key(in, "outcome", "outcome must return nil, \"win\", \"loss\" or \"draw\"");
        }
        lua_settop(L, top);
    }
    if (o->result == QP_ONGOING) {
        /* The file said nothing, yet the side to move may be stuck. */
        qp_move mv[QP_MAX_MOVES];
        if (!in->err[0] && lr_gen_locked(in, s, mv, QP_GEN_ALL) == 0 && !in->err[0]) {
            int side = lr_h((uint8_t *)s)->side;
            if (in->nsides == 2) o->result = QP_WIN, o->winner = 1 - side, o->reason = "no moves";
            else o->result = QP_DRAW, o->reason = "no moves";
        }
    }
    lr_unlock(in);
}

static unsigned lr_flags(const qp_rules *r, const void *s)
{
    lr_inst *in = lr_in(r);
    if (in->ref[H_FLAGS] == LUA_NOREF) return 0;
    lua_State *L = in->L;
    unsigned f = 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (lr_call(in, H_FLAGS, (uint8_t *)s, false, false, 0, LUA_MULTRET)) {
        for (int i = top + 1; i <= lua_gettop(L); i++) {
            const char *name = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : "";
            for (int k = 0; in->flag_names[k]; k++)
                if (!strcmp(in->flag_names[k], name)) f |= 1u << k;
        }
        lua_settop(L, top);
    }
    lr_unlock(in);
    return f;
}

static uint64_t lr_hash(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const lr_head *)s)->hash;
}

static int lr_evaluate(const qp_rules *r, const void *s)
{
    lr_inst *in = lr_in(r);
    int side = ((const lr_head *)s)->side;
    if (in->ref[H_EVAL] == LUA_NOREF) {
        /* default: material by piece value */
        long v = 0;
        const int8_t *c = lr_cells(in, (uint8_t *)s);
        for (int sq = 0; sq < in->n; sq++)
            if (c[sq]) v += in->piece[c[sq]].side == side ? in->piece[c[sq]].value : -in->piece[c[sq]].value;
        if (v > QP_SCORE_MATE_BOUND - 1) v = QP_SCORE_MATE_BOUND - 1;
        if (v < -(QP_SCORE_MATE_BOUND - 1)) v = -(QP_SCORE_MATE_BOUND - 1);
        return (int)v;
    }
    lua_State *L = in->L;
    lua_Integer v = 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (lr_call(in, H_EVAL, (uint8_t *)s, false, false, 0, 1)) {
        v = (lua_Integer)lua_tonumber(L, -1);
        lua_settop(L, top);
    }
    lr_unlock(in);
    if (v > QP_SCORE_MATE_BOUND - 1) v = QP_SCORE_MATE_BOUND - 1;
    if (v < -(QP_SCORE_MATE_BOUND - 1)) v = -(QP_SCORE_MATE_BOUND - 1);
    return (int)v;
}

static unsigned lr_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    lr_inst *in = lr_in(r);
    lua_State *L = in->L;
    unsigned f = in->irreversible_all ? QP_MF_IRREVERSIBLE : 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (in->ref[H_NOISY] != LUA_NOREF && lr_call(in, H_NOISY, (uint8_t *)s, false, true, m, 1)) {
        if (lua_toboolean(L, -1)) f |= QP_MF_CAPTURE;
        lua_settop(L, top);
    }
    if (in->ref[H_IRREV] != LUA_NOREF && lr_call(in, H_IRREV, (uint8_t *)s, false, true, m, 1)) {
        if (lua_toboolean(L, -1)) f |= QP_MF_IRREVERSIBLE;
        lua_settop(L, top);
    }
    lr_unlock(in);
    return f;
}

static int lr_move_order(const qp_rules *r, const void *s, qp_move m)
{
    lr_inst *in = lr_in(r);
    if (in->ref[H_ORDER] == LUA_NOREF) return 0;
    lua_State *L = in->L;
    int v = 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (lr_call(in, H_ORDER, (uint8_t *)s, false, true, m, 1)) {
        v = (int)lua_tointeger(L, -1);
        lua_settop(L, top);
    }
    lr_unlock(in);
    return v;
}

static void lr_default_text(const lr_inst *in, qp_move m, char *buf, size_t n)
{
    int from, to;
    long extra;
    if (m == LR_PASS) {
        snprintf(buf, n, "pass");
    } else if (lr_decode(in, m, &from, &to, &extra)) {
        char a[8] = "", b[8];
        if (from >= 0) qp_sq_name(in->geom, from, a);
        qp_sq_name(in->geom, to, b);
        snprintf(buf, n, "%s%s", a, b);
    } else {
        snprintf(buf, n, "#%llu", (unsigned long long)m);
    }
}

static void lr_text_locked(lr_inst *in, const void *s, qp_move m, char *buf, size_t n)
{
    lua_State *L = in->L;
    int top = lua_gettop(L);
    if (in->ref[H_TEXT] != LUA_NOREF && lr_call(in, H_TEXT, (uint8_t *)s, false, true, m, 1)) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            snprintf(buf, n, "%s", lua_tostring(L, -1));
            lua_settop(L, top);
            return;
        }
        lua_settop(L, top);
    }
    lr_default_text(in, m, buf, n);
}

static void lr_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    lr_inst *in = lr_in(r);
    lr_lock(in);
    lr_text_locked(in, s, m, buf, n);
    lr_unlock(in);
}

/* Looks like a move: "pass" or one or more square names. */
static bool lr_well_formed(const lr_inst *in, const char *t)
{
    if (!strcmp(t, "pass")) return true;
    if (!*t) return false;
    while (*t) {
        int sq, k = qp_sq_parse(in->geom, t, &sq);
        if (!k) return false;
        t += k;
        if (*t == '-' || *t == 'x') t++;
    }
    return true;
}

static int lr_move_parse(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err, size_t errn)
{
    lr_inst *in = lr_in(r);
    qp_move mv[QP_MAX_MOVES];
    lr_lock(in);
    int n = lr_gen_locked(in, s, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++) {
        char t[QP_MOVE_TEXT];
        lr_text_locked(in, s, mv[i], t, sizeof t);
        if (!strcmp(t, text)) {
            *m = mv[i];
            lr_unlock(in);
            return 0;
        }
    }
    lr_unlock(in);
    if (lr_well_formed(in, text)) snprintf(err, errn, "illegal move '%s'", text);
    else snprintf(err, errn, "bad move text '%s'", text);
    return -1;
}

static int lr_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    lr_inst *in = lr_in(r);
    lua_State *L = in->L;
    int k = 0;
    if (in->ref[H_SQUARES] != LUA_NOREF) {
        lr_lock(in);
        int top = lua_gettop(L);
        if (lr_call(in, H_SQUARES, (uint8_t *)s, false, true, m, LUA_MULTRET)) {
            for (int i = top + 1; i <= lua_gettop(L) && k < max; i++) {
                int ok;
                lua_Integer v = lua_tointegerx(L, i, &ok);
                if (ok && lr_on_board(in, v)) sq[k++] = (int)v;
            }
            lua_settop(L, top);
        }
        lr_unlock(in);
        return k;
    }
    int from, to;
    long extra;
    if (lr_decode(in, m, &from, &to, &extra)) {
        if (from >= 0 && k < max) sq[k++] = from;
        if (k < max) sq[k++] = to;
    }
    return k;
}

/* ---- positions ----------------------------------------------------------- */

static void lr_setup(const qp_rules *r, void *s)
{
    lr_inst *in = lr_in(r);
    memset(s, 0, r->state_size);
    if (in->ref[H_SETUP] == LUA_NOREF) {
        lr_h(s)->hash = lr_hash_full(in, s);
        return;
    }
    lr_lock(in);
    lua_State *L = in->L;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref[H_SETUP]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref_pos);
    lua_getglobal(L, "qp");
    lua_getfield(L, -1, "params");
    lua_remove(L, -2);
    lr_bind(in->pos, s, true);
    qp_sandbox_budget(in->sb, LR_HOOK_BUDGET);
    int rc = lua_pcall(L, 2, 0, 0);
    lr_bind(in->pos, NULL, false);
    if (rc != LUA_OK) {
        char msg[QP_ERR];
        qp_sandbox_message(L, -1, in->game->path, msg, sizeof msg);
        lr_report(in, msg);
        memset(s, 0, r->state_size);
    }
    lua_settop(L, top);
    lr_h(s)->side = lr_h(s)->side < in->nsides ? lr_h(s)->side : 0;
    lr_h(s)->hash = lr_hash_full(in, s);
    lr_unlock(in);
}

static int lr_side_to_move(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const lr_head *)s)->side;
}

static bool lr_piece_at(const qp_rules *r, const void *s, int sq, qp_piece_view *out)
{
    lr_inst *in = lr_in(r);
    if (!lr_on_board(in, sq)) return false;
    int c = lr_cells(in, (uint8_t *)s)[sq];
    if (!c) return false;
    out->side = in->piece[c].side;
    out->letter = in->piece[c].letter;
    out->glyph = in->piece[c].glyph;
    return true;
}

/* BOARD SIDE [VAR...] [PLY]: ranks from the top separated by '/', piece
 * letters, digit runs for empty squares (holes count as empty). */
static void lr_fen_print(const qp_rules *r, const void *s, char *buf, size_t n)
{
    lr_inst *in = lr_in(r);
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

static int lr_fen_parse(const qp_rules *r, void *sv, const char *fen, char *err, size_t errn)
{
    lr_inst *in = lr_in(r);
    uint8_t *s = sv;
    int w = in->geom->w, h = in->geom->h;
    memset(s, 0, r->state_size);
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
            while (isdigit((unsigned char)*p)) k = k * 10 + (*p++ - '0');
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
    if (in->ref[H_FROM_FEN] != LUA_NOREF) {
        lr_lock(in);
        lua_State *L = in->L;
        int top = lua_gettop(L);
        int bad = 0;
        if (!lr_call(in, H_FROM_FEN, s, true, false, 0, 1)) {
            snprintf(err, errn, "FEN: %s", in->last);
            bad = 1;
        } else if (lua_type(L, -1) == LUA_TSTRING) {
            snprintf(err, errn, "FEN: %s", lua_tostring(L, -1));
            bad = 1;
        }
        lua_settop(L, top);
        lr_unlock(in);
        if (bad) return -1;
        lr_h(s)->hash = lr_hash_full(in, s);
    }
    return 0;
}

/* ---- instances ------------------------------------------------------------ */

static void lr_destroy(qp_rules *r)
{
    lr_inst *in = r->impl;
    if (!in) return;
    qp_sandbox_free(in->sb);
    pthread_mutex_destroy(&in->mu);
    free(in->z_cell);
    for (int i = 0; i < 2; i++) free(in->side_name[i]);
    for (int i = 0; i < LR_MAX_FLAGS; i++) free(in->flag_store[i]);
    for (int i = 0; i < in->nreasons; i++) free(in->reasons[i]);
    free(in);
    r->impl = NULL;
}

/* Protected: the global qp table with the instance's params. */
static int lr_boot_p(lua_State *L)
{
    const qp_params *params = lua_touserdata(L, 1);
    lr_push_qp(L);
    if (params) lr_push_params(L, params);
    else lua_newtable(L);
    lua_setfield(L, -2, "params");
    lua_setglobal(L, "qp");
    return 0;
}

/* A sandbox with qp installed that has run the game file; the returned
 * table is left at index 1.  NULL with err on failure. */
static qp_sandbox *lr_run_file(const lr_game *g, lr_inst *in, const qp_params *params, char *err, size_t errn)
{
    qp_sandbox *sb = qp_sandbox_new("game", LR_MEM_LIMIT);
    if (!sb) {
        snprintf(err, errn, "%s: out of memory", g->path);
        return NULL;
    }
    sb->user = in;
    lua_State *L = sb->L;
    lua_pushcfunction(L, lr_boot_p);
    lua_pushlightuserdata(L, (void *)params);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        snprintf(err, errn, "%s: out of memory", g->path);
        qp_sandbox_free(sb);
        return NULL;
    }
    qp_sandbox_budget(sb, LR_LOAD_BUDGET);
    if (qp_sandbox_run(sb, g->path, g->src, g->srclen, 1, err, errn)) {
        qp_sandbox_free(sb);
        return NULL;
    }
    if (lua_type(L, 1) != LUA_TTABLE) {
        snprintf(err, errn, "%s: must return a table", g->path);
        qp_sandbox_free(sb);
        return NULL;
    }
    return sb;
}

static int lr_create(qp_rules *r, char *err, size_t errn)
{
    const lr_game *g = r->rs->userdata;
    lr_inst *in = calloc(1, sizeof *in);
    if (!in) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    r->impl = in;
    in->game = g;
    in->r = r;
    for (int h = 0; h < H_N; h++) in->ref[h] = LUA_NOREF;
    in->ref_pos = in->ref_posmt = LUA_NOREF;
    pthread_mutex_init(&in->mu, NULL);
    in->sb = lr_run_file(g, in, &r->params, err, errn);
    if (!in->sb) {
        lr_destroy(r);
        return -1;
    }
    lua_State *L = in->L = in->sb->L;
    lua_pushcfunction(L, lr_create_p);
    lua_pushlightuserdata(L, in);
    lua_pushvalue(L, 1);
    lua_getglobal(L, "qp");
    lua_getfield(L, -1, "params");
    lua_remove(L, -2);
    qp_sandbox_budget(in->sb, LR_LOAD_BUDGET);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        qp_sandbox_message(L, -1, g->path, err, errn);
        lr_destroy(r);
        return -1;
    }
    lua_settop(L, 0);   /* the hooks are held by reference */

    in->off_cells = sizeof(lr_head) + sizeof(int32_t) * (size_t)in->nvars;
    r->state_size = (in->off_cells + (size_t)in->n + 7) & ~(size_t)7;
    r->undo_size = 0;
    int np = in->npieces + 1;
    in->z_cell = calloc((size_t)in->n * (size_t)np, sizeof *in->z_cell);
    if (!in->z_cell) {
        snprintf(err, errn, "out of memory");
        lr_destroy(r);
        return -1;
    }
    uint64_t seed = 0x7169706171697061ull;   /* fixed: hashes are stable across runs */
    for (int sq = 0; sq < in->n; sq++)
        for (int c = 1; c < np; c++) in->z_cell[sq * np + c] = lr_splitmix(&seed);
    in->z_side = lr_splitmix(&seed);
    for (int i = 0; i < LR_MAX_VARS; i++) in->z_var[i] = lr_splitmix(&seed);
    return 0;
}

/* ---- loading a game file ----------------------------------------------- */

static void lr_free_game(lr_game *g)
{
    if (!g) return;
    for (int i = 0; i < g->nparams; i++) {
        free((char *)g->params[i].key);
        free((char *)g->params[i].def);
        free((char *)g->params[i].doc);
    }
    free(g->params);
    free(g->src);
    free(g->help);
    free(g);
}

void qp_lua_ruleset_free(qp_ruleset *rs)
{
    if (rs) lr_free_game(rs->userdata);
}

/* Line of the first occurrence of "text" as a quoted string, 0 if none. */
static int lr_line_of_string(const char *src, const char *text)
{
    char needle[96];
    for (int q = 0; q < 2; q++) {
        snprintf(needle, sizeof needle, q ? "'%s'" : "\"%s\"", text);
        const char *at = strstr(src, needle);
        if (at) {
            int line = 1;
            for (const char *c = src; c < at; c++) line += *c == '\n';
            return line;
        }
    }
    return 0;
}

static int lr_fail_param(lua_State *L, const lr_game *g, const char *key, const char *fmt, ...)
{
    char msg[QP_ERR];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = key ? lr_line_of_string(g->src, key) : 0;
    if (!line) line = qp_lua_key_line(g->src, "params", NULL);
    if (line) lua_pushfstring(L, "%s:%d: %s", g->path, line, msg);
    else lua_pushfstring(L, "%s: %s", g->path, msg);
    return lua_error(L);
}

static int lr_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The default of a param (at the top of the stack) as text. */
static void lr_default_text_of(lua_State *L, const lr_game *g, const char *key, qp_param_type t, char *out,
                               size_t n)
{
    int ty = lua_type(L, -1);
    if (ty == LUA_TNIL) lr_fail_param(L, g, key, "param '%s' needs a default", key);
    if (ty == LUA_TSTRING && t != QP_PT_INT && t != QP_PT_BOOL) {
        snprintf(out, n, "%s", lua_tostring(L, -1));
        return;
    }
    switch (t) {
    case QP_PT_INT:
        if (!lua_isinteger(L, -1)) lr_fail_param(L, g, key, "param '%s': default must be an integer", key);
        snprintf(out, n, "%lld", (long long)lua_tointeger(L, -1));
        return;
    case QP_PT_BOOL:
        if (ty != LUA_TBOOLEAN) lr_fail_param(L, g, key, "param '%s': default must be a boolean", key);
        snprintf(out, n, "%s", lua_toboolean(L, -1) ? "true" : "false");
        return;
    case QP_PT_STRING:
        lr_fail_param(L, g, key, "param '%s': default must be a string", key);
        return;
    case QP_PT_LIST:
    case QP_PT_MAP: {
        if (ty != LUA_TTABLE) lr_fail_param(L, g, key, "param '%s': default must be a table", key);
        int t0 = lua_gettop(L);
        const char *names[QP_PARAM_TEXT];
        int k = 0;
        size_t len = 0;
        out[0] = 0;
        if (t == QP_PT_LIST) {
            for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, t0); i++) {
                lua_rawgeti(L, t0, i);
                const char *s = lua_tostring(L, -1);
                if (!s) lr_fail_param(L, g, key, "param '%s': default must be a list of strings", key);
                len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", i > 1 ? "," : "", s);
                lua_pop(L, 1);
            }
        } else {
            lua_pushnil(L);
            while (lua_next(L, t0)) {
                lua_pop(L, 1);
                if (lua_type(L, -1) != LUA_TSTRING || k >= (int)(sizeof names / sizeof names[0]))
                    lr_fail_param(L, g, key, "param '%s': default must be a table of name = integer", key);
                names[k++] = lua_tostring(L, -1);
            }
            qsort(names, (size_t)k, sizeof names[0], lr_cmp_str);
            for (int i = 0; i < k; i++) {
                lua_getfield(L, t0, names[i]);
                if (!lua_isinteger(L, -1))
                    lr_fail_param(L, g, key, "param '%s': default must be a table of name = integer", key);
                len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s=%lld", i ? "," : "", names[i],
                                        (long long)lua_tointeger(L, -1));
                lua_pop(L, 1);
            }
        }
        if (len >= n) lr_fail_param(L, g, key, "param '%s': default is too long", key);
        return;
    }
    }
}

/* Protected: name, title, help and the params schema from the table at 2. */
static int lr_meta_p(lua_State *L)
{
    lr_game *g = lua_touserdata(L, 1);
    const int t = 2;
    lua_getfield(L, t, "name");
    const char *name = lua_tostring(L, -1);
    if (!name || !*name || strlen(name) >= sizeof g->name)
        lr_fail_key(L, g, "name", "'name' must be a short string (the ruleset's registry name)");
    for (const char *c = name; *c; c++)
        if (!islower((unsigned char)*c) && !isdigit((unsigned char)*c) && *c != '_' && *c != '-')
            lr_fail_key(L, g, "name", "'name' may use a-z, 0-9, '_' and '-' only");
    snprintf(g->name, sizeof g->name, "%s", name);
    lua_pop(L, 1);
    lua_getfield(L, t, "title");
    snprintf(g->title, sizeof g->title, "%s", lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : g->name);
    lua_pop(L, 1);
    if (lua_getfield(L, t, "help") == LUA_TSTRING) g->help = lr_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);

    int ty = lua_getfield(L, t, "params");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    if (ty != LUA_TTABLE) lr_fail_key(L, g, "params", "'params' must be a list of {key=, type=, default=, doc=}");
    int pt = lua_gettop(L);
    int n = (int)lua_rawlen(L, pt);
    if (n > QP_MAX_PARAMS / 2) lr_fail_key(L, g, "params", "too many params");
    g->params = calloc((size_t)n + 1, sizeof *g->params);
    if (!g->params) return luaL_error(L, "out of memory");
    for (int i = 0; i < n; i++) {
        qp_param_def *d = &g->params[g->nparams];
        if (lua_rawgeti(L, pt, i + 1) != LUA_TTABLE)
            lr_fail_key(L, g, "params", "'params' item %d must be a table", i + 1);
        int e = lua_gettop(L);
        lua_getfield(L, e, "key");
        const char *key = lua_tostring(L, -1);
        if (!key || !*key || strlen(key) > 63) lr_fail_key(L, g, "params", "'params' item %d needs a key", i + 1);
        for (const char *c = key; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '_' && *c != '.')
                lr_fail_param(L, g, key, "param key '%s' may use letters, digits, '_' and '.'", key);
        for (int k = 0; k < g->nparams; k++)
            if (!strcmp(g->params[k].key, key)) lr_fail_param(L, g, key, "param '%s' is declared twice", key);
        lua_getfield(L, e, "type");
        const char *tn = lua_tostring(L, -1);
        static const struct { const char *name; qp_param_type t; } types[] = {
            {"int", QP_PT_INT}, {"integer", QP_PT_INT}, {"bool", QP_PT_BOOL}, {"boolean", QP_PT_BOOL},
            {"string", QP_PT_STRING}, {"list", QP_PT_LIST}, {"map", QP_PT_MAP}};
        int found = -1;
        for (size_t k = 0; tn && k < sizeof types / sizeof types[0]; k++)
            if (!strcmp(tn, types[k].name)) found = (int)k;
        if (found < 0)
            lr_fail_param(L, g, key, "param '%s': type must be \"int\", \"bool\", \"string\", \"list\" or \"map\"", key);
        d->type = types[found].t;
        d->min = INT32_MIN;
        d->max = INT32_MAX;
        if (lua_getfield(L, e, "min") != LUA_TNIL) {
            if (!lua_isinteger(L, -1)) lr_fail_param(L, g, key, "param '%s': min must be an integer", key);
            d->min = lua_tointeger(L, -1);
        }
        if (lua_getfield(L, e, "max") != LUA_TNIL) {
            if (!lua_isinteger(L, -1)) lr_fail_param(L, g, key, "param '%s': max must be an integer", key);
            d->max = lua_tointeger(L, -1);
        }
        lua_getfield(L, e, "doc");
        const char *doc = lua_tostring(L, -1);
        if (!doc || !*doc) lr_fail_param(L, g, key, "param '%s' needs a doc string", key);
        char def[QP_PARAM_TEXT];
        lua_getfield(L, e, "default");
        lr_default_text_of(L, g, key, d->type, def, sizeof def);
        if (d->type == QP_PT_INT) {
            long long v = strtoll(def, NULL, 10);
            if (v < d->min || v > d->max)
                lr_fail_param(L, g, key, "param '%s': default %lld is outside %lld..%lld", key, v, d->min, d->max);
        }
        d->key = lr_strdup(key);
        d->def = lr_strdup(def);
        d->doc = lr_strdup(doc);
        g->nparams++;
        if (!d->key || !d->def || !d->doc) return luaL_error(L, "out of memory");
        lua_settop(L, pt);
    }
    lua_pop(L, 1);
    return 0;
}

qp_ruleset *qp_lua_ruleset_load(const char *path, char *err, size_t errn)
{
    lr_game *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errn, "%s: out of memory", path);
        return NULL;
    }
    snprintf(g->path, sizeof g->path, "%s", path);
    g->src = qp_read_file(path, &g->srclen, err, errn);
    if (!g->src) {
        lr_free_game(g);
        return NULL;
    }

    /* First run: only the description.  No board exists yet (it may
     * depend on the params being read), so board helpers refuse. */
    lr_inst probe;
    memset(&probe, 0, sizeof probe);
    probe.game = g;
    probe.nsides = 2;
    qp_sandbox *sb = lr_run_file(g, &probe, NULL, err, errn);
    if (!sb) {
        lr_free_game(g);
        return NULL;
    }
    lua_State *L = sb->L;
    lua_pushcfunction(L, lr_meta_p);
    lua_pushlightuserdata(L, g);
    lua_pushvalue(L, 1);
    int rc = lua_pcall(L, 2, 0, 0);
    if (rc != LUA_OK) qp_sandbox_message(L, -1, path, err, errn);
    bool has_order = false;
    if (rc == LUA_OK) {
        has_order = lua_getfield(L, 1, "order") == LUA_TFUNCTION;   /* no metamethods: plain table */
        lua_pop(L, 1);
    }
    qp_sandbox_free(sb);
    if (rc != LUA_OK) {
        lr_free_game(g);
        return NULL;
    }

    qp_ruleset *rs = &g->rs;
    rs->abi = QP_ABI_VERSION;
    rs->name = g->name;
    rs->title = g->title;
    rs->params = g->params;
    rs->config_file = NULL;
    rs->userdata = g;
    rs->create = lr_create;
    rs->destroy = lr_destroy;
    rs->setup = lr_setup;
    rs->fen_parse = lr_fen_parse;
    rs->fen_print = lr_fen_print;
    rs->side_to_move = lr_side_to_move;
    rs->piece_at = lr_piece_at;
    rs->gen = lr_gen;
    rs->make = lr_make;
    rs->unmake = NULL;
    rs->move_flags = lr_move_flags;
    rs->move_order = has_order ? lr_move_order : NULL;
    rs->move_text = lr_move_text;
    rs->move_parse = lr_move_parse;
    rs->move_notation = NULL;
    rs->move_squares = lr_move_squares;
    rs->outcome = lr_outcome;
    rs->flags = lr_flags;
    rs->hash = lr_hash;
    rs->evaluate = lr_evaluate;
    rs->make_null = lr_make_null;
    rs->help_text = g->help;

    /* Prove the file with its defaults now, so a broken game is reported
     * when the registry loads it rather than in the middle of a game. */
    qp_rules *r = qp_rules_create(rs, NULL, err, errn);
    if (!r) {
        lr_free_game(g);
        return NULL;
    }
    lr_inst *in = r->impl;
    in->quiet = true;
    void *s = qp_state_new(r);
    qp_move mv[QP_MAX_MOVES];
    if (s) {
        lr_setup(r, s);
        if (!in->err[0]) lr_gen(r, s, mv, QP_GEN_ALL);
    }
    free(s);
    if (in->err[0]) {
        snprintf(err, errn, "%s", in->err);
        qp_rules_free(r);
        lr_free_game(g);
        return NULL;
    }
    qp_rules_free(r);
    return rs;
}

const char *qp_lua_rules_error(const qp_rules *r)
{
    if (!r || r->rs->create != lr_create) return "";
    return lr_in(r)->err;
}
