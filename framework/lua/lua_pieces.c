/*
 * lua_pieces.c — reads the piece vocabulary of a block game's `rules`
 * (framework/blocks/blk_piece.h) into its blk_game: movements per kind in
 * rules.move, and rules.zones, rules.terrain, rules.ranks, rules.reach and
 * rules.captures = "all".  Every bad value raises "path:line: message" at
 * the key that holds it; nothing is silently dropped.
 */
#include "lua_pieces.h"
#include "lua_rules_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "blk.h"

static void lp_keys(lua_State *L, lr_inst *in, int t, const char *where, const char *const *known)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) continue;
        const char *k = lua_tostring(L, -1);
        bool ok = false;
        for (int i = 0; known[i] && !ok; i++) ok = !strcmp(k, known[i]);
        if (ok) continue;
        const char *best = lr_closest_key(k, known);
        if (best) lr_key_fail(L, in, where, "%s: unknown key '%s' (did you mean '%s'?)", where, k, best);
        lr_key_fail(L, in, where, "%s: unknown key '%s'", where, k);
    }
}

static int lp_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* ---- zones: name = "squares" | { "first side's", "second side's" } -------------- */

static void read_zones(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, "rules.zones", "rules.zones must be a table of name = squares");
    /* by name, so a zone's index does not depend on table order */
    const char *names[BLK_MAX_ZONES + 1];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, v)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) lr_key_fail(L, in, "rules.zones", "rules.zones: keys must be zone names");
        if (n > BLK_MAX_ZONES - 1) lr_key_fail(L, in, "rules.zones", "rules.zones: more than %d zones", BLK_MAX_ZONES);
        names[n++] = lua_tostring(L, -1);   /* the table holds the string */
    }
    qsort(names, (size_t)n, sizeof names[0], lp_cmp_str);
    for (int i = 0; i < n; i++) {
        char key[64], err[QP_ERR];
        snprintf(key, sizeof key, "rules.zones.%s", names[i]);
        const char *texts[2];
        int nt = 0, ty = lua_getfield(L, v, names[i]);
        if (ty == LUA_TSTRING) {
            texts[nt++] = lua_tostring(L, -1);
        } else if (ty == LUA_TTABLE && lua_rawlen(L, -1) == 2 && g->nsides == 2) {
            for (int k = 1; k <= 2; k++) {
                lua_rawgeti(L, -1 - (k - 1), k);
                texts[nt++] = lr_key_string(L, in, -1, key, "a string of squares");
            }
        } else {
            lr_key_fail(L, in, key, "%s must be squares (\"b4-c6 e4\") or one such string per side", key);
        }
        if (blk_zone_add(&g->pc, &g->geom, g->hole, names[i], texts, nt, err, sizeof err) < 0)
            lr_key_fail(L, in, key, "%s: %s", key, err);
        lua_pop(L, 1 + (ty == LUA_TTABLE ? 2 : 0));
    }
}

static int zone_arg(lua_State *L, lr_inst *in, const blk_game *g, int i, const char *key)
{
    const char *s = lr_key_string(L, in, i, key, "the name of a zone of rules.zones");
    int z = blk_zone_find(&g->pc, s);
    if (z < 0) lr_key_fail(L, in, key, "%s: '%s' is not a zone of rules.zones", key, s);
    return z;
}

/* ---- terrain: zone = { pieces = "Rr", own = false, rank = 0, capture_across = false } */

static void read_terrain(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"pieces", "own", "rank", "capture_across", "reason", NULL};
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, "rules.terrain", "rules.terrain must be a table of zone = rules");
    blk_pieces *p = &g->pc;
    lua_pushnil(L);
    while (lua_next(L, v)) {
        int e = lua_gettop(L);
        const char *name = lua_type(L, e - 1) == LUA_TSTRING ? lua_tostring(L, e - 1) : "?";
        char key[64];
        snprintf(key, sizeof key, "rules.terrain.%s", name);
        int z = blk_zone_find(p, name);
        if (z < 0) lr_key_fail(L, in, key, "%s: '%s' is not a zone of rules.zones", key, name);
        if (lua_type(L, e) != LUA_TTABLE) lr_key_fail(L, in, key, "%s must be a table", key);
        lp_keys(L, in, e, key, keys);
        if (lua_getfield(L, e, "pieces") != LUA_TNIL) p->zenter[z] = lr_key_letters(L, in, -1, key);
        lua_pop(L, 1);
        if (lua_getfield(L, e, "own") != LUA_TNIL) {
            if (!p->zsided[z]) lr_key_fail(L, in, key, "%s.own: zone '%s' has no part per side", key, name);
            p->zown_closed[z] = !lua_toboolean(L, -1);
        }
        lua_pop(L, 1);
        if (lua_getfield(L, e, "rank") != LUA_TNIL) p->zrank[z] = (int8_t)lr_key_int(L, in, -1, key, 0, 100);
        lua_pop(L, 1);
        if (lua_getfield(L, e, "capture_across") != LUA_TNIL) p->zwithin[z] = !lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, e, "reason") != LUA_TNIL)
            snprintf(p->zreason[z], sizeof p->zreason[z], "%s", lr_key_string(L, in, -1, key, "a string"));
        lua_pop(L, 1);
        lua_pop(L, 1);
    }
}

/* ---- ranks: E = 8, …, takes = { R = "e" }, spares = { E = "r" } --------------------- */

static void read_exceptions(lua_State *L, lr_inst *in, int e, const char *key, uint64_t *set)
{
    if (lua_type(L, e) != LUA_TTABLE) lr_key_fail(L, in, key, "%s must be a table of letter = letters", key);
    lua_pushnil(L);
    while (lua_next(L, e)) {
        const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        int c = strlen(k) == 1 ? in->code_of[(unsigned char)k[0]] : -1;
        if (c <= 0) lr_key_fail(L, in, key, "%s: '%s' is not a piece of 'pieces'", key, k);
        set[c] |= lr_key_letters(L, in, -1, key);
        lua_pop(L, 1);
    }
}

static void read_ranks(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, "rules.ranks", "rules.ranks must be a table of letter = rank");
    blk_pieces *p = &g->pc;
    p->ranked = true;
    lua_pushnil(L);
    while (lua_next(L, v)) {
        lua_pop(L, 1);
        const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        if (!strcmp(k, "takes") || !strcmp(k, "spares")) continue;
        if (strlen(k) != 1 || in->code_of[(unsigned char)k[0]] <= 0)
            lr_key_fail(L, in, "rules.ranks", "rules.ranks: '%s' is not a piece of 'pieces' (nor takes or spares)", k);
    }
    for (int c = 1; c <= in->npieces; c++) {
        char lk[2] = {in->piece[c].letter, 0}, key[32];
        snprintf(key, sizeof key, "rules.ranks.%s", lk);
        if (lua_getfield(L, v, lk) == LUA_TNIL) lr_key_fail(L, in, "rules.ranks", "rules.ranks: piece '%s' has no rank", lk);
        p->rank[c] = (int8_t)lr_key_int(L, in, -1, key, 0, 100);
        lua_pop(L, 1);
    }
    if (lua_getfield(L, v, "takes") != LUA_TNIL) read_exceptions(L, in, lua_gettop(L), "rules.ranks.takes", p->takes);
    lua_pop(L, 1);
    if (lua_getfield(L, v, "spares") != LUA_TNIL) read_exceptions(L, in, lua_gettop(L), "rules.ranks.spares", p->spares);
    lua_pop(L, 1);
}

/* ---- reach: "zone" | { zone = , part = "own" | "enemy", reason = } ------------------- */

static void read_reach(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"zone", "part", "reason", NULL};
    blk_pieces *p = &g->pc;
    if (lua_type(L, v) == LUA_TSTRING) {
        p->reach_zone = zone_arg(L, in, g, v, "rules.reach");
    } else if (lua_type(L, v) == LUA_TTABLE) {
        lp_keys(L, in, v, "rules.reach", keys);
        lua_getfield(L, v, "zone");
        p->reach_zone = zone_arg(L, in, g, -1, "rules.reach.zone");
        lua_pop(L, 1);
        if (lua_getfield(L, v, "part") != LUA_TNIL) {
            const char *s = lr_key_string(L, in, -1, "rules.reach.part", "\"own\" or \"enemy\"");
            if (strcmp(s, "own") && strcmp(s, "enemy"))
                lr_key_fail(L, in, "rules.reach.part", "rules.reach.part must be \"own\" or \"enemy\", got \"%s\"", s);
            p->reach_enemy = s[0] == 'e';
        }
        lua_pop(L, 1);
        if (lua_getfield(L, v, "reason") != LUA_TNIL)
            snprintf(p->reach_reason, sizeof p->reach_reason, "%s", lr_key_string(L, in, -1, "rules.reach.reason", "a string"));
        lua_pop(L, 1);
    } else {
        lr_key_fail(L, in, "rules.reach", "rules.reach must be a zone name or { zone = , part = , reason = }");
    }
    if (!p->reach_reason[0])
        snprintf(p->reach_reason, sizeof p->reach_reason, "%s reached", p->zname[p->reach_zone]);
}

/* Zones with terrain become regions of the drawn board, painted by what
 * their rules say: ground only some pieces enter as water, a zone that
 * lowers ranks as traps, one a side may not enter as its den.  Zones with
 * no terrain (a start zone, the far rank) are not drawn. */
static void export_zones(lr_inst *in, const blk_game *g)
{
    const blk_pieces *p = &g->pc;
    for (int z = 0; z < p->nzones; z++) {
        qp_region_paint paint;
        if (p->zenter[z] != ~(uint64_t)0) paint = QP_PAINT_WATER;
        else if (p->zrank[z] >= 0) paint = QP_PAINT_TRAP;
        else if (p->zown_closed[z]) paint = QP_PAINT_GOAL;
        else continue;
        qp_geom_add_region_set(&in->r->geom, p->zname[z], p->zin[z], paint);
    }
}

void lp_read(lua_State *L, lr_inst *in, blk_game *g, int r, int params)
{
    if (lr_field(L, r, "zones", params) != LUA_TNIL) read_zones(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "terrain", params) != LUA_TNIL) read_terrain(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "ranks", params) != LUA_TNIL) read_ranks(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "reach", params) != LUA_TNIL) read_reach(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    export_zones(in, g);
}

bool lp_captures_all(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    const char *reason = NULL;
    if (lua_type(L, v) == LUA_TSTRING) {
        if (strcmp(lua_tostring(L, v), "all"))
            lr_key_fail(L, in, "rules.captures", "rules.captures must be a count, \"all\" or a table, got \"%s\"",
                    lua_tostring(L, v));
    } else if (lua_type(L, v) == LUA_TTABLE && lua_getfield(L, v, "count") == LUA_TSTRING) {
        if (strcmp(lua_tostring(L, -1), "all"))
            lr_key_fail(L, in, "rules.captures.count", "rules.captures.count must be a count or \"all\", got \"%s\"",
                    lua_tostring(L, -1));
        lua_pop(L, 1);
        if (lua_getfield(L, v, "reason") != LUA_TNIL) reason = lr_key_string(L, in, -1, "rules.captures.reason", "a string");
        lua_pop(L, 1);
    } else {
        if (lua_type(L, v) == LUA_TTABLE) lua_pop(L, 1);
        return false;
    }
    g->pc.capture_all = true;
    snprintf(g->pc.capture_all_reason, sizeof g->pc.capture_all_reason, "%s", reason ? reason : "all captured");
    return true;
}

/* ---- movements: { {"step", "forward", capture = "never"}, {"leap", {1, 2}}, … } ------- */

bool lp_is_movements(lua_State *L, int i)
{
    if (lua_type(L, i) != LUA_TTABLE) return false;
    bool is = lua_rawgeti(L, i, 1) == LUA_TTABLE;
    lua_pop(L, 1);
    return is;
}

static void read_movement(lua_State *L, lr_inst *in, blk_game *g, int e, int code, const char *key)
{
    static const char *const keys[] = {"capture", "range", "zone", "from", "en_passant", NULL};
    static const char *const kinds[] = {"step", "slide", "leap", "cross", NULL};
    static const char *const caps[] = {"also", "only", "never", NULL};
    int side = in->piece[code].side;
    char err[QP_ERR];
    lp_keys(L, in, e, key, keys);
    lua_rawgeti(L, e, 1);
    const char *ks = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    int kind = 0;
    while (kinds[kind] && strcmp(kinds[kind], ks)) kind++;
    if (!kinds[kind])
        lr_key_fail(L, in, key, "%s: a movement starts with \"step\", \"slide\", \"leap\" or \"cross\", got '%s'", key,
                *ks ? ks : luaL_typename(L, -1));
    lua_pop(L, 1);
    unsigned cap = BLK_PM_MOVE | BLK_PM_TAKE;
    if (lua_getfield(L, e, "capture") != LUA_TNIL) {
        const char *s = lr_key_string(L, in, -1, key, "\"also\", \"only\" or \"never\"");
        int k = 0;
        while (caps[k] && strcmp(caps[k], s)) k++;
        if (!caps[k]) lr_key_fail(L, in, key, "%s: capture must be \"also\", \"only\" or \"never\", got \"%s\"", key, s);
        cap = k == 0 ? BLK_PM_MOVE | BLK_PM_TAKE : k == 1 ? BLK_PM_TAKE : BLK_PM_MOVE;
    }
    lua_pop(L, 1);
    int range = kind == 1 ? 255 : 1;
    if (lua_getfield(L, e, "range") != LUA_TNIL) {
        if (kind != 1) lr_key_fail(L, in, key, "%s: only a slide has a range", key);
        range = lr_key_int(L, in, -1, key, 1, QP_MAX_SIDE);
    }
    lua_pop(L, 1);
    int zone = -1;
    if (lua_getfield(L, e, "zone") != LUA_TNIL) {
        if (kind != 3) lr_key_fail(L, in, key, "%s: only a cross names a zone", key);
        zone = zone_arg(L, in, g, -1, key);
    } else if (kind == 3) {
        lr_key_fail(L, in, key, "%s: a cross needs the zone it crosses (zone = \"water\")", key);
    }
    lua_pop(L, 1);
    int from_zone = -1;
    if (lua_getfield(L, e, "from") != LUA_TNIL) from_zone = zone_arg(L, in, g, -1, key);
    lua_pop(L, 1);
    /* en passant (blk_royal.h) */
    bool en_passant = false;
    if (lua_getfield(L, e, "en_passant") != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TBOOLEAN) lr_key_fail(L, in, key, "%s: en_passant must be true or false", key);
        en_passant = lua_toboolean(L, -1);
        if (en_passant && (cap != BLK_PM_TAKE || kind == 1 || kind == 3))
            lr_key_fail(L, in, key, "%s: en_passant is for a step or leap that only captures (capture = \"only\")", key);
    }
    lua_pop(L, 1);
    int len = (int)lua_rawlen(L, e);
    if (len < 2) lr_key_fail(L, in, key, "%s: a %s needs %s", key, kinds[kind], kind == 2 ? "offsets ({1, 2})" : "directions");
    for (int i = 2; i <= len; i++) {
        lua_rawgeti(L, e, i);
        int dx[8], dy[8], nd = 0;
        if (kind == 2) {
            /* a leap's offset {a, b}: all its mirror images and turns */
            if (lua_type(L, -1) != LUA_TTABLE || lua_rawlen(L, -1) != 2)
                lr_key_fail(L, in, key, "%s: a leap takes offsets {a, b} (a knight: {1, 2})", key);
            lua_rawgeti(L, -1, 1);
            lua_rawgeti(L, -2, 2);
            int a = lr_key_int(L, in, -2, key, 0, QP_MAX_SIDE - 1), b = lr_key_int(L, in, -1, key, 0, QP_MAX_SIDE - 1);
            lua_pop(L, 2);
            if (!a && !b) lr_key_fail(L, in, key, "%s: offset {0, 0} goes nowhere", key);
            int cand[8][2] = {{a, b}, {-a, b}, {a, -b}, {-a, -b}, {b, a}, {-b, a}, {b, -a}, {-b, -a}};
            for (int k = 0; k < 8; k++) {
                bool dup = false;
                for (int j = 0; j < nd; j++) dup |= dx[j] == cand[k][0] && dy[j] == cand[k][1];
                if (!dup) dx[nd] = cand[k][0], dy[nd] = cand[k][1], nd++;
            }
        } else {
            if (lua_type(L, -1) != LUA_TSTRING)
                lr_key_fail(L, in, key, "%s: directions are words (\"forward\", \"orthogonal\", \"ne\"), got %s", key,
                        luaL_typename(L, -1));
            nd = blk_piece_dirs(lua_tostring(L, -1), side, dx, dy);
            if (nd < 0)
                lr_key_fail(L, in, key,
                        "%s: unknown direction '%s' (n, ne, e, se, s, sw, w, nw, orthogonal, diagonal, all, forward, "
                        "backward, sideways, forward-diagonals, backward-diagonals)",
                        key, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
        for (int k = 0; k < nd; k++) {
            if (blk_piece_add(&g->pc, code, dx[k], dy[k], range, cap, zone, kind == 2, from_zone, err, sizeof err))
                lr_key_fail(L, in, key, "%s: %s", key, err);
            blk_pmove *m = &g->pc.pm[code][g->pc.npm[code] - 1];
            m->en_passant = en_passant;
        }
    }
}

void lp_read_movements(lua_State *L, lr_inst *in, blk_game *g, int v, int code, const char *key)
{
    v = lua_absindex(L, v);
    int len = (int)lua_rawlen(L, v);
    lua_pushnil(L);
    while (lua_next(L, v)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > len) {
            lua_pop(L, 1);
            lr_key_fail(L, in, key, "%s: a list of movements has no named keys", key);
        }
    }
    for (int i = 1; i <= len; i++) {
        if (lua_rawgeti(L, v, i) != LUA_TTABLE)
            lr_key_fail(L, in, key, "%s: movement %d must be a table ({\"step\", \"forward\"})", key, i);
        read_movement(L, in, g, lua_gettop(L), code, key);
        lua_pop(L, 1);
    }
}
