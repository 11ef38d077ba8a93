/*
 * lua_royal.c — reads rules.royal, rules.castling,
 * rules.dead and rules.stuck's check options into a block
 * game (framework/blocks/blk_royal.h).  Every bad value raises
 * "path:line: message" at the key that holds it.
 */
#include "lua_royal.h"
#include "lua_rules_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "blk.h"

static void lk_reason(lua_State *L, lr_inst *in, int v, const char *field, const char *key, char *dst, size_t n)
{
    if (lua_getfield(L, v, field) != LUA_TNIL) {
        const char *s = lr_key_string(L, in, -1, key, "a string");
        if (!*s || strlen(s) >= n) lr_key_fail(L, in, key, "%s must have 1 to %d characters", key, (int)n - 1);
        snprintf(dst, n, "%s", s);
    }
    lua_pop(L, 1);
}

/* ---- royal = "Kk" | { pieces = "Kk", name = "king" } ---------------------------- */

static void read_royal(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    blk_royal *k = &g->rk;
    if (lua_type(L, v) == LUA_TTABLE) {
        lua_getfield(L, v, "pieces");
        k->royal = lr_key_letters(L, in, -1, "rules.royal.pieces");
        lua_pop(L, 1);
        lk_reason(L, in, v, "name", "rules.royal.name", k->royal_name, sizeof k->royal_name);
    } else {
        k->royal = lr_key_letters(L, in, v, "rules.royal");
    }
    for (int s = 0; s < 2; s++) {
        int n = 0;
        for (int c = 1; c <= g->ncodes; c++) n += (k->royal >> c & 1) && g->side_of[c] == s;
        if (n > 1) lr_key_fail(L, in, "rules.royal", "rules.royal: one royal kind per side");
    }
}

/* ---- castling = { K = "e1 g1 h1 f1", … }: royal from, to, partner from, to ---- */

static int castle_cmp(const void *a, const void *b)
{
    const blk_castle *x = a, *y = b;
    if (x->side != y->side) return x->side - y->side;
    return (x->right | 0x20) - (y->right | 0x20);
}

static void read_castling(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    blk_royal *k = &g->rk;
    const char *key = "rules.castling";
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, key, "%s must be a table of letter = \"e1 g1 h1 f1\"", key);
    lua_pushnil(L);
    while (lua_next(L, v)) {
        const char *letter = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        char ek[48];
        snprintf(ek, sizeof ek, "%s.%s", key, letter);
        if (strlen(letter) != 1 || !((letter[0] >= 'A' && letter[0] <= 'Z') || (letter[0] >= 'a' && letter[0] <= 'z')))
            lr_key_fail(L, in, key, "%s: keys are the FEN letters of the rights (\"K\", \"q\")", key);
        if (k->ncastle >= BLK_MAX_CASTLES) lr_key_fail(L, in, key, "%s: at most %d castlings", key, BLK_MAX_CASTLES);
        const char *txt = lr_key_string(L, in, -1, ek, "four squares: royal from and to, partner from and to");
        int sq[4], n = 0;
        const char *p = txt;
        while (*p) {
            while (*p == ' ') p++;
            if (!*p) break;
            int used = n < 4 ? qp_sq_parse(&g->geom, p, &sq[n]) : 0;
            if (!used || (p[used] && p[used] != ' ') || g->hole[sq[n]])
                lr_key_fail(L, in, ek, "%s: '%s' is not four squares of the board (\"e1 g1 h1 f1\")", ek, txt);
            n++;
            p += used;
        }
        if (n != 4) lr_key_fail(L, in, ek, "%s: '%s' is not four squares of the board (\"e1 g1 h1 f1\")", ek, txt);
        int side = letter[0] >= 'a';
        for (int i = 0; i < k->ncastle; i++)
            if (k->castle[i].right == letter[0]) lr_key_fail(L, in, ek, "%s: named twice", ek);
        blk_castle *ca = &k->castle[k->ncastle++];
        ca->kfrom = (int16_t)sq[0], ca->kto = (int16_t)sq[1], ca->pfrom = (int16_t)sq[2], ca->pto = (int16_t)sq[3];
        ca->side = (int8_t)side;
        ca->right = letter[0];
        int w = g->geom.w;
        for (int a = 0; a < 2; a++) {
            int from = sq[2 * a], to = sq[2 * a + 1];
            int dx = to % w - from % w, dy = to / w - from / w;
            if (from == to || (dx && dy && abs(dx) != abs(dy)))
                lr_key_fail(L, in, ek, "%s: each piece goes along a line to another square", ek);
        }
        lua_pop(L, 1);
    }
    qsort(k->castle, (size_t)k->ncastle, sizeof k->castle[0], castle_cmp);
}

/* ---- dead = { "Kk", "KBk", …, reason = } ------------------------------------------- */

static void read_dead(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    blk_royal *k = &g->rk;
    const char *key = "rules.dead";
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, key, "%s must be a list of piece sets (\"KBk\")", key);
    lua_pushnil(L);
    while (lua_next(L, v)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), "reason"))
            lr_key_fail(L, in, key, "%s: unknown key '%s' (the sets are a list; reason = )", key, lua_tostring(L, -1));
    }
    int n = (int)lua_rawlen(L, v);
    if (n < 1 || n > BLK_MAX_DEAD) lr_key_fail(L, in, key, "%s: 1 to %d sets of pieces", key, BLK_MAX_DEAD);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, v, i);
        const char *s = lr_key_string(L, in, -1, key, "a list of strings of piece letters");
        if (!*s) lr_key_fail(L, in, key, "%s: an empty set", key);
        for (const char *p = s; *p; p++) {
            int c = in->code_of[(unsigned char)*p];
            if (c <= 0) lr_key_fail(L, in, key, "%s: '%c' is not a piece of 'pieces'", key, *p);
            k->dead[k->ndead][c]++;
        }
        k->ndead++;
        lua_pop(L, 1);
    }
    lk_reason(L, in, v, "reason", "rules.dead.reason", k->dead_reason, sizeof k->dead_reason);
}

void lk_stuck_check(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const names[] = {"loses", "wins", "draw", NULL};
    blk_royal *k = &g->rk;
    if (lua_getfield(L, v, "check") != LUA_TNIL) {
        const char *s = lr_key_string(L, in, -1, "rules.stuck.check", "\"loses\", \"wins\" or \"draw\"");
        int i = 0;
        while (names[i] && strcmp(names[i], s)) i++;
        if (!names[i])
            lr_key_fail(L, in, "rules.stuck.check", "rules.stuck.check must be \"loses\", \"wins\" or \"draw\", got \"%s\"", s);
        k->stuck_check_set = true;
        k->stuck_check = i == 0 ? BLK_STUCK_LOSES : i == 1 ? BLK_STUCK_WINS : BLK_STUCK_DRAW;
        snprintf(k->stuck_check_reason, sizeof k->stuck_check_reason, "no moves in check");
    }
    lua_pop(L, 1);
    lk_reason(L, in, v, "check_reason", "rules.stuck.check_reason", k->stuck_check_reason, sizeof k->stuck_check_reason);
}

void lk_read(lua_State *L, lr_inst *in, blk_game *g, int r, int params)
{
    if (lr_field(L, r, "royal", params) != LUA_TNIL) read_royal(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "castling", params) != LUA_TNIL) read_castling(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "dead", params) != LUA_TNIL) read_dead(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
}
