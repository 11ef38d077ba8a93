/*
 * lua_game.c — reading a game file's returned table: the description the
 * registry lists (name, title, help, params schema), then, per instance,
 * the sides, board, pieces, vars, hooks and rules.  Every complaint names
 * the line of the file where the offending key is set.
 */
#include "lua_game.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

/* Every key a game table may hold: one list, so that a misspelt key is an
 * error.  A new key is added here and read where it belongs. */
static const char *const lr_game_keys[] = {
    /* description (lr_read_meta_p) */
    "name", "title", "help", "params",
    /* the game (lr_read_game) */
    "sides", "board", "pieces", "vars", "draw", "max_plies", "flag_names", "perft", "caps",
    /* hooks (lr_hook_names) */
    "setup", "moves", "play", "outcome", "move_text", "evaluate", "noisy", "order", "flags",
    "squares", "from_fen", "irreversible", "hopeless",
    /* rule blocks and their evaluation (lua_blocks.c), the AI (ai.h) */
    "rules", "eval", "ai",
    NULL,
};

const char *const lr_hook_names[LR_H_N] = {
    "setup", "moves", "play", "outcome", "move_text", "evaluate", "noisy", "order", "flags",
    "squares", "from_fen", "irreversible", "hopeless",
};

char *lr_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* ---- complaints --------------------------------------------------------- */

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

/* Where key is set in the file; 0 for NULL (the file as a whole). */
static int lr_key_line(const lr_game *g, const char *key)
{
    return key ? qp_lua_key_line(g->src, key, NULL) : 0;
}

/* Where a param is declared: its key as a quoted string, else `params`. */
static int lr_param_line(const lr_game *g, const char *key)
{
    int line = key ? lr_line_of_string(g->src, key) : 0;
    return line ? line : qp_lua_key_line(g->src, "params", NULL);
}

/* Raise "path:line: message" for a problem with key of the file, or with
 * the declaration of param key. */
#define lr_fail_key(L, g, key, ...) qp_sandbox_fail(L, (g)->path, lr_key_line(g, key), __VA_ARGS__)
#define lr_fail_param(L, g, key, ...) qp_sandbox_fail(L, (g)->path, lr_param_line(g, key), __VA_ARGS__)

/* ---- an instance: board, pieces, rules -------------------------------- */

int lr_field(lua_State *L, int t, const char *name, int params)
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

/* The name of point sq, or a complaint at key when it is a hole. */
static void lr_point_arg(lua_State *L, lr_inst *in, int sq, const char *key, int item)
{
    char nm[8];
    qp_sq_name(&in->r->geom, sq, nm);
    if (in->hole[sq])
        lr_fail_key(L, in->game, key, "'%s' item %d: %s is not a point of the board (a hole of board.shape)", key,
                    item, nm);
}

/* board.links = { {"a1", "d1"}, {"a1", "a4", "a7"}, ... }: each item a
 * chain of points, each linked to the next; the grid's own links go. */
static void lr_read_links(lua_State *L, lr_inst *in, int lt)
{
    const lr_game *g = in->game;
    qp_rules *r = in->r;
    if (lua_type(L, lt) != LUA_TTABLE)
        lr_fail_key(L, g, "board.links", "'board.links' must be a list of point chains {\"a1\", \"d1\", ...}");
    qp_geom_unlink_all(&r->geom);
    lua_Integer np = (lua_Integer)lua_rawlen(L, lt);
    for (lua_Integer i = 1; i <= np; i++) {
        if (lua_rawgeti(L, lt, i) != LUA_TTABLE || lua_rawlen(L, -1) < 2)
            lr_fail_key(L, g, "board.links", "'board.links' item %d must list two or more points {a, b, ...}", (int)i);
        int prev = -1;
        for (lua_Integer k = 1; k <= (lua_Integer)lua_rawlen(L, -1); k++) {
            lua_rawgeti(L, -1, k);
            int sq = lr_sq_arg(L, g, &r->geom, -1, "board.links");
            lua_pop(L, 1);
            lr_point_arg(L, in, sq, "board.links", (int)i);
            char err[128];
            if (prev >= 0 && qp_geom_link(&r->geom, prev, sq, err, sizeof err))
                lr_fail_key(L, g, "board.links", "'board.links' item %d: %s", (int)i, err);
            prev = sq;
        }
        lua_pop(L, 1);
    }
}

/* board.lines = { {"a1", "d1", "g1"}, ... }: the named lines (mills). */
static void lr_read_lines(lua_State *L, lr_inst *in, int lt)
{
    const lr_game *g = in->game;
    if (lua_type(L, lt) != LUA_TTABLE)
        lr_fail_key(L, g, "board.lines", "'board.lines' must be a list of point lists {\"a1\", \"d1\", \"g1\"}");
    memset(&in->lines, 0, sizeof in->lines);
    lua_Integer np = (lua_Integer)lua_rawlen(L, lt);
    for (lua_Integer i = 1; i <= np; i++) {
        if (lua_rawgeti(L, lt, i) != LUA_TTABLE || lua_rawlen(L, -1) < 2 || lua_rawlen(L, -1) > QP_MAX_POINTS)
            lr_fail_key(L, g, "board.lines", "'board.lines' item %d must list two or more points", (int)i);
        int pts[QP_MAX_POINTS], k = (int)lua_rawlen(L, -1);
        for (int j = 0; j < k; j++) {
            lua_rawgeti(L, -1, j + 1);
            pts[j] = lr_sq_arg(L, g, in->geom, -1, "board.lines");
            lua_pop(L, 1);
            lr_point_arg(L, in, pts[j], "board.lines", (int)i);
            for (int e = 0; e < j; e++)
                if (pts[e] == pts[j]) lr_fail_key(L, g, "board.lines", "'board.lines' item %d names a point twice", (int)i);
        }
        if (qp_lines_add(&in->lines, pts, k))
            lr_fail_key(L, g, "board.lines", "'board.lines': at most %d lines of %d points in all", QP_MAX_LINES,
                        QP_MAX_LINE_POINTS);
        lua_pop(L, 1);
    }
}

/* board = { width, height, kind, diagonals, shape, links, lines, regions, river, look } */
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
    bool diagonals_given = ty != LUA_TNIL;
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
        } else if (!strcmp(d, "hex")) {
            /* six neighbours: the SE-NW diagonal of every cell */
            for (int sq = 0; sq < in->n; sq++)
                if (sq % w + 1 < w && sq / w > 0) qp_geom_link_diagonal(&r->geom, sq, sq - w + 1);
            r->geom.hex = true;
        } else if (strcmp(d, "none")) {
            lr_fail_key(L, g, "board.diagonals",
                        "'board.diagonals' must be \"all\", \"none\", \"alquerque\", \"hex\" or a list of square pairs");
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
            int df = qp_file(&r->geom, a) - qp_file(&r->geom, c), dr = qp_rank(&r->geom, a) - qp_rank(&r->geom, c);
            if ((df != 1 && df != -1) || (dr != 1 && dr != -1)) {
                /* the board would drop the link without a word */
                char na[8], nc[8];
                qp_sq_name(&r->geom, a, na);
                qp_sq_name(&r->geom, c, nc);
                lr_fail_key(L, g, "board.diagonals", "'board.diagonals' item %d: %s and %s are not diagonal neighbours",
                            (int)i, na, nc);
            }
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
    /* squares: the points are one colour of a checkered board (a1 dark);
     * the other colour's are holes, and diagonals join the points */
    if (lr_field(L, b, "squares", params) != LUA_TNIL) {
        const char *k = lua_tostring(L, -1);
        int keep = k && !strcmp(k, "dark") ? 0 : k && !strcmp(k, "light") ? 1 : -1;
        if (keep < 0 || lua_type(L, -1) != LUA_TSTRING)
            lr_fail_key(L, g, "board.squares", "'board.squares' must be \"dark\" or \"light\"");
        for (int sq = 0; sq < in->n; sq++)
            if ((sq % w + sq / w) % 2 != keep) in->hole[sq] = 1;
    }
    lua_pop(L, 1);

    /* links and lines: a board as a graph (board_links.h) */
    if (lr_field(L, b, "links", params) != LUA_TNIL) {
        if (diagonals_given)
            lr_fail_key(L, g, "board.diagonals", "'board.diagonals': a board with 'links' has those links only");
        lr_read_links(L, in, lua_gettop(L));
        logic_all = false;
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
    static const char *const looks[] = {"plain", "go", "checkered", "felt", "circles", NULL};
    if (lr_field(L, b, "look", params) != LUA_TNIL) {
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int i = 0;
        while (k && looks[i] && strcmp(looks[i], k)) i++;
        if (!k || !looks[i])
            lr_fail_key(L, g, "board.look", "'board.look' must be \"plain\", \"go\", \"checkered\", \"felt\" or \"circles\"");
        r->geom.look = (qp_board_look)i;
    }
    lua_pop(L, 1);

    memcpy(r->geom.hole, in->hole, sizeof r->geom.hole);
    r->geom.holes_marked = true;
    in->logic = r->geom;
    if (logic_all) qp_geom_link_all_diagonals(&in->logic);
    for (int sq = 0; sq < in->n; sq++)
        for (int d = 0; d < QP_NDIRS; d++) {
            int t2 = in->logic.nb[sq][d];
            if (in->hole[sq] || (t2 >= 0 && in->hole[t2])) in->logic.nb[sq][d] = -1;
            t2 = r->geom.nb[sq][d];
            if (in->hole[sq] || (t2 >= 0 && in->hole[t2])) r->geom.nb[sq][d] = -1;
        }
    if (lr_field(L, b, "lines", params) != LUA_TNIL) lr_read_lines(L, in, lua_gettop(L));
    else qp_lines_derive(&in->logic, &in->lines);
    lua_pop(L, 1);
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
            /* neutral = true: a piece of no side (an arrow), side 2 */
            if (lua_getfield(L, -1, "neutral") != LUA_TNIL) {
                if (!lua_isboolean(L, -1)) lr_fail_key(L, g, key, "'%s.neutral' must be true or false", key);
                if (lua_toboolean(L, -1)) pc->side = 2;
            }
            lua_pop(L, 1);
        } else {
            lr_fail_key(L, g, key, "'%s' must be a table or a glyph string", key);
        }
        if (pc->side < 2 && pc->side >= in->nsides)
            lr_fail_key(L, g, key, "piece '%c': lower case letters are the second side's", letters[i]);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}
void lr_read_game(lua_State *L, lr_inst *in, int t, int params)
{
    const lr_game *g = in->game;
    qp_rules *r = in->r;

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
    for (int h = 0; h < LR_H_N; h++) {
        int ht = lua_getfield(L, t, lr_hook_names[h]);
        if (h == LR_H_IRREV && ht == LUA_TBOOLEAN) {
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
        lua_Debug ar;
        lua_pushvalue(L, -1);
        in->line[h] = lua_getinfo(L, ">S", &ar) && ar.linedefined > 0 ? ar.linedefined : 0;
        in->ref[h] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (!g->has_rules && (in->ref[LR_H_MOVES] == LUA_NOREF || in->ref[LR_H_PLAY] == LUA_NOREF))
        lr_fail_key(L, g, NULL, "a game needs 'moves' and 'play' functions, or 'rules'");
    if (g->has_rules && in->ref[LR_H_MOVES] != LUA_NOREF && in->ref[LR_H_PLAY] == LUA_NOREF)
        lr_fail_key(L, g, "moves", "moves the 'moves' hook adds need a 'play' function");
    if (in->ref[LR_H_HOPELESS] != LUA_NOREF && in->nsides != 1)
        lr_fail_key(L, g, "hopeless", "'hopeless' is for one-player puzzles (one side)");

    /* ai = "mcts" | "alphabeta"; a game without evaluate plays by MCTS */
    int ait = lua_getfield(L, t, "ai");
    const char *ai = ait == LUA_TSTRING ? lua_tostring(L, -1) : "";
    if (!strcmp(ai, "mcts")) r->ai = QP_AI_MCTS;
    else if (!strcmp(ai, "alphabeta")) r->ai = QP_AI_ALPHABETA;
    else if (ait != LUA_TNIL) lr_fail_key(L, g, "ai", "'ai' must be \"mcts\" or \"alphabeta\"");
    lua_pop(L, 1);
    if (!r->ai) {
        bool data_eval = lua_getfield(L, t, "eval") != LUA_TNIL;   /* blocks' evaluation */
        lua_pop(L, 1);
        r->ai = in->ref[LR_H_EVAL] == LUA_NOREF && !data_eval ? QP_AI_MCTS : QP_AI_DEFAULT;
    }

    /* draw rules: the table, then params of the same names override */
    if (lr_field(L, t, "draw", params) == LUA_TTABLE) {
        int d = lua_gettop(L);
        r->draw.repetitions = lr_opt_int(L, g, d, "draw.repetitions", "repetitions", params, 0, 0, 1000);
        r->draw.no_capture_plies = lr_opt_int(L, g, d, "draw.no_capture_plies", "no_capture_plies", params, 0, 0, 100000);
        lua_getfield(L, d, "perpetual_check_loses");
        r->draw.perpetual_check_loses = lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, d, "superko");
        r->draw.superko = lua_toboolean(L, -1);
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

    /* perft = "games": the game's published perft figures also count a
     * game that ended early as a leaf (qp_rules.perft_counts_games) */
    int pt = lua_getfield(L, t, "perft");
    if (pt == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "games")) r->perft_counts_games = true;
    else if (pt != LUA_TNIL && !(pt == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "sequences")))
        lr_fail_key(L, g, "perft", "'perft' must be \"games\" or \"sequences\"");
    lua_pop(L, 1);

    /* Lua games judge positions in outcome() without move generation and
     * usually end by quiet moves (a line of k), so every search leaf is
     * checked. */
    r->caps = QP_CAP_LEAF_CHECK;
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
}

/* ---- a game file: what the registry lists ------------------------------ */

void lr_free_game(lr_game *g)
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

/* Edit distance with adjacent transpositions ("moevs" is one edit from
 * "moves"); the strings are short keys. */
static int lr_distance(const char *a, const char *b)
{
    enum { MAXK = 32 };
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la >= MAXK || lb >= MAXK) return MAXK;
    int d[MAXK + 1][MAXK + 1];
    for (int i = 0; i <= la; i++) d[i][0] = i;
    for (int j = 0; j <= lb; j++) d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
                c = d[i - 2][j - 2] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

const char *lr_closest_key(const char *key, const char *const *keys)
{
    const char *best = NULL;
    int bd = 3, len = (int)strlen(key);
    for (const char *const *k = keys; *k; k++) {
        int dist = lr_distance(key, *k);
        if (dist < bd && 2 * dist < len) best = *k, bd = dist;
    }
    return best;
}

/* Raises for the first key of the game table (in source order) that is not
 * in lr_game_keys, naming its line and the closest valid key. */
static void lr_check_keys(lua_State *L, const lr_game *g, int t)
{
    char bad[64] = "";
    long bad_at = -1;
    int bad_line = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            const char *ty = luaL_typename(L, -1);
            lua_pop(L, 1);
            lr_fail_key(L, g, NULL, "the game table may only have named keys, not a %s key", ty);
        }
        const char *key = lua_tostring(L, -1);
        bool known = false;
        for (const char *const *k = lr_game_keys; *k && !known; k++) known = !strcmp(key, *k);
        if (known) continue;
        long at;
        int line = qp_lua_key_line(g->src, key, &at);
        /* the earliest in the file; keys the scanner cannot place come last, by name */
        bool first = !bad[0] || (at >= 0 && (bad_at < 0 || at < bad_at)) ||
                     (at < 0 && bad_at < 0 && strcmp(key, bad) < 0);
        if (first) {
            snprintf(bad, sizeof bad, "%s", key);
            bad_at = at;
            bad_line = line;
        }
    }
    if (!bad[0]) return;
    const char *near = lr_closest_key(bad, lr_game_keys);
    if (near) qp_sandbox_fail(L, g->path, bad_line, "unknown key '%s' (did you mean '%s'?)", bad, near);
    qp_sandbox_fail(L, g->path, bad_line, "unknown key '%s'", bad);
}

int lr_read_meta_p(lua_State *L)
{
    lr_game *g = lua_touserdata(L, 1);
    const int t = 2;
    lr_check_keys(L, g, t);
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
