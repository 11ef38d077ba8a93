/*
 * lua_promote.c — reads rules.promote, the one promotion block, into a
 * block game:
 *
 *   promote = { M = "K", m = "k", at = "far rank", ends_chain = true }   -- draughts
 *   promote = { P = "QRBN", p = "qrbn", zone = "far" }                   -- chess
 *
 * Contract:
 *  - Each piece letter names the kinds it may become (its own side's, not
 *    itself).  One kind: the promotion is forced and not written in the
 *    move (blk_promote.c: promote_to).  Several: the mover chooses and the
 *    move text names the choice, "e7e8q" (blk_royal.c: promo_list); the
 *    piece must then move by kind (movement lists in rules.move).
 *  - Where: `at` ("far rank", the default: each side's last rank from its
 *    side, or a list of points for both sides) or `zone` (a zone of
 *    rules.zones, each side its own part); not both.  Either way it fills
 *    g->promote_zone, which both kinds of promotion read.
 *  - ends_chain: a forced promotion ends a jump chain there.
 *  - Runs inside lb_read after rules.zones and rules.move; every bad value
 *    raises "path:line: message" at its key.
 */
#include "lua_promote.h"
#include "lua_rules_read.h"

#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "blk.h"

static void read_area(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    int at = lua_getfield(L, v, "at"), ati = lua_gettop(L);
    int zone = lua_getfield(L, v, "zone");
    if (at != LUA_TNIL && zone != LUA_TNIL)
        lr_key_fail(L, in, "rules.promote.zone", "rules.promote: give `at` or `zone`, not both");
    if (zone != LUA_TNIL) {
        const char *z = lr_key_string(L, in, -1, "rules.promote.zone", "the name of a zone of rules.zones");
        int i = blk_zone_find(&g->pc, z);
        if (i < 0) lr_key_fail(L, in, "rules.promote.zone", "rules.promote.zone: '%s' is not a zone of rules.zones", z);
        for (int sq = 0; sq < g->n; sq++) g->promote_zone[sq] = g->pc.zin[i][sq] & 3;
    } else if (at == LUA_TNIL || (at == LUA_TSTRING && !strcmp(lua_tostring(L, ati), "far rank"))) {
        /* each side's last rank, seen from its side: the first side's is the top */
        for (int f = 0; f < g->geom.w; f++) {
            g->promote_zone[(g->geom.h - 1) * g->geom.w + f] |= 1;
            g->promote_zone[f] |= 2;
        }
    } else if (at == LUA_TTABLE && lua_rawlen(L, ati) > 0) {
        for (lua_Integer k = 1; k <= (lua_Integer)lua_rawlen(L, ati); k++) {
            lua_rawgeti(L, ati, k);
            const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
            int sq = -1, used = s ? qp_sq_parse(&g->geom, s, &sq) : 0;
            if (!used || s[used] || g->hole[sq])
                lr_key_fail(L, in, "rules.promote.at", "rules.promote.at: '%s' is not a point of the board",
                            s ? s : luaL_typename(L, -1));
            g->promote_zone[sq] = 3;
            lua_pop(L, 1);
        }
    } else {
        lr_key_fail(L, in, "rules.promote.at", "rules.promote.at must be \"far rank\" or a list of points");
    }
    lua_pop(L, 2);
}

/* The piece c may become the kinds in the string at the top of the stack. */
static void read_kinds(lua_State *L, lr_inst *in, blk_game *g, int c, const char *ek)
{
    const char *to = lr_key_string(L, in, -1, ek, "the letters of the pieces it may become (\"QRBN\")");
    size_t n = strlen(to);
    if (!n || n > 8) lr_key_fail(L, in, ek, "%s: name 1 to 8 pieces", ek);
    for (const char *p = to; *p; p++) {
        int t = in->code_of[(unsigned char)*p];
        if (t <= 0) lr_key_fail(L, in, ek, "%s: '%c' is not a piece of 'pieces'", ek, *p);
        if (g->side_of[t] != g->side_of[c]) lr_key_fail(L, in, ek, "%s: '%c' is not the same side's piece", ek, *p);
        if (t == c) lr_key_fail(L, in, ek, "%s: a piece promotes to another kind", ek);
    }
    if (n == 1) {
        g->promote_to[c] = (int8_t)in->code_of[(unsigned char)to[0]];
        return;
    }
    if (!g->pc.npm[c])
        lr_key_fail(L, in, ek, "%s: a choice of kinds needs the piece to move by kind (a movement list in rules.move)", ek);
    for (const char *p = to; *p; p++) g->rk.promo_list[c][g->rk.npromo[c]++] = (uint8_t)in->code_of[(unsigned char)*p];
    g->rk.promo_choice = true;
}

void lpr_read(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"at", "zone", "ends_chain", NULL};
    if (lua_type(L, v) != LUA_TTABLE)
        lr_key_fail(L, in, "rules.promote", "rules.promote must be a table (M = \"K\", at = \"far rank\")");
    lr_check_keys(L, in, v, "rules.promote", keys, true);
    read_area(L, in, g, v);
    int kinds = 0;
    lua_pushnil(L);
    while (lua_next(L, v)) {
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        if (strlen(name) == 1) {
            char ek[32];
            snprintf(ek, sizeof ek, "rules.promote.%s", name);
            int c = in->code_of[(unsigned char)name[0]];
            if (c <= 0) lr_key_fail(L, in, ek, "%s: '%s' is not a piece of 'pieces'", ek, name);
            read_kinds(L, in, g, c, ek);
            kinds++;
        }
        lua_pop(L, 1);
    }
    if (!kinds) lr_key_fail(L, in, "rules.promote", "rules.promote: no piece promotes (M = \"K\", P = \"QRBN\")");
    if (lua_getfield(L, v, "ends_chain") != LUA_TNIL) g->promote_ends_chain = lua_toboolean(L, -1);
    lua_pop(L, 1);
}
