/*
 * lua_blocks.c — the Lua adapter's door to rule blocks: reads a game file's
 * `rules` and `eval` tables into a blk_game (framework/blocks/blk.h) once,
 * at create, and provides the ruleset hooks of a block game, which run in C
 * and call Lua only for the hooks the file adds (setup, moves it appends,
 * their play, an outcome it judges first).
 */
#include "lua_blocks.h"
#include "lua_rules_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "blk.h"
#include "blk_group.h"
#include "blk_why.h"
#include "lua_hook.h"
#include "lua_pieces.h"
#include "lua_promote.h"
#include "lua_pos.h"
#include "lua_promote.h"
#include "lua_royal.h"

/* ---- complaints ----------------------------------------------------------- */

/* Every string key of the table at t must be in known (NULL-terminated);
 * single letters are piece keys when letters_ok. */
static int choose(lua_State *L, lr_inst *in, int i, const char *key, const char *const *names)
{
    const char *s = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : NULL;
    char list[160] = "";
    for (int k = 0; names[k]; k++) {
        if (s && !strcmp(s, names[k])) return k;
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s\"%s\"", k ? (names[k + 1] ? ", " : " or ") : "", names[k]);
    }
    if (s) lr_key_fail(L, in, key, "%s must be %s, got \"%s\"", key, list, s);
    return lr_key_fail(L, in, key, "%s must be %s, got %s", key, list, luaL_typename(L, i));
}

static void reason(lua_State *L, lr_inst *in, int t, const char *key, char *dst)
{
    if (lua_getfield(L, t, "reason") != LUA_TNIL) {
        const char *s = lua_tostring(L, -1);
        if (!s || lua_type(L, -1) != LUA_TSTRING || !*s)
            lr_key_fail(L, in, key, "%s.reason must be a non-empty string", key);
        snprintf(dst, BLK_REASON, "%s", s);
    }
    lua_pop(L, 1);
}

static const char *const DIRS[] = {"lines", "orthogonal", "diagonal", NULL};

static int code_of_letter(lua_State *L, lr_inst *in, int i, const char *key)
{
    const char *s = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : NULL;
    int code = s && strlen(s) == 1 ? in->code_of[(unsigned char)s[0]] : -1;
    if (code <= 0) lr_key_fail(L, in, key, "%s: '%s' is not a piece of 'pieces'", key, s ? s : luaL_typename(L, i));
    return code;
}

/* The only piece of side, or 0 when it has none or several. */
static int only_piece(const lr_inst *in, int side)
{
    int found = 0;
    for (int c = 1; c <= in->npieces; c++)
        if (in->piece[c].side == side) {
            if (found) return 0;
            found = c;
        }
    return found;
}

/* Without rules.place.pieces, each side places its only piece: a side with
 * several cannot place at all (and would start lost), so it must be named. */
static void several_pieces(lua_State *L, lr_inst *in, const blk_game *g, const char *key)
{
    for (int s = 0; s < g->nsides; s++) {
        if (g->place_code[s]) continue;
        char letters[3 * LR_MAX_PIECES + 1] = "";
        int n = 0;
        for (int c = 1; c <= in->npieces; c++)
            if (in->piece[c].side == s) {
                size_t len = strlen(letters);
                snprintf(letters + len, sizeof letters - len, "%s%c", n++ ? ", " : "", in->piece[c].letter);
            }
        if (n > 1)
            lr_key_fail(L, in, key, "rules.place: side %d has several pieces (%s): say which it places in 'pieces'",
                    s + 1, letters);
    }
}

/* ---- reading the blocks -------------------------------------------------- */

static const char *const PLACE_KINDS[] = {"empty", "flank", "gravity", NULL};

/* Groups (blk_group.c): rules.place.capture = "surround" and
 * rules.place.suicide, inside the place table at v. */
static void read_group_capture(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const captures[] = {"none", "surround", NULL};
    if (lua_getfield(L, v, "capture") != LUA_TNIL)
        g->group_capture = choose(L, in, -1, "rules.place.capture", captures) == 1;
    lua_pop(L, 1);
    /* groups link orthogonally unless the file says otherwise */
    if (g->group_capture && lua_getfield(L, v, "directions") == LUA_TNIL) g->place_dirs = BLK_DIRS_ORTH;
    if (g->group_capture) lua_pop(L, 1);
    int ty = lua_getfield(L, v, "suicide");
    if (ty != LUA_TNIL && ty != LUA_TBOOLEAN)
        lr_key_fail(L, in, "rules.place.suicide", "rules.place.suicide must be true or false, got %s", luaL_typename(L, -1));
    g->group_suicide = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (g->group_suicide && !g->group_capture)
        lr_key_fail(L, in, "rules.place.suicide", "rules.place.suicide needs capture = \"surround\"");
    if (g->group_capture && g->place != BLK_PLACE_EMPTY)
        lr_key_fail(L, in, "rules.place.capture", "rules.place.capture = \"surround\" needs on = \"empty\"");
}

/* rules.pass = true | { ends = N }: a pass is always legal; N passes in a
 * row (default 2) end the game.  rules.score = "area" | { kind = "area",
 * komi = K, reason = ... }: how that end is scored.  rules.superko = true:
 * no move may recreate an earlier board (the game layer's rule). */
static void read_group_rules(lua_State *L, lr_inst *in, blk_game *g, int r, int params)
{
    static const char *const pass_keys[] = {"ends", NULL};
    int ty = lr_field(L, r, "pass", params);
    if (ty == LUA_TBOOLEAN) {
        g->pass_always = lua_toboolean(L, -1);
        g->pass_end = g->pass_always ? 2 : 0;
    } else if (ty == LUA_TTABLE) {
        lr_check_keys(L, in, lua_gettop(L), "rules.pass", pass_keys, false);
        g->pass_always = true;
        g->pass_end = 2;
        if (lua_getfield(L, -1, "ends") != LUA_TNIL) g->pass_end = lr_key_int(L, in, -1, "rules.pass.ends", 0, 100);
        lua_pop(L, 1);
    } else if (ty != LUA_TNIL) {
        lr_key_fail(L, in, "rules.pass", "rules.pass must be true or { ends = N }, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);

    static const char *const score_keys[] = {"kind", "komi", "reason", NULL};
    static const char *const kinds[] = {"area", NULL};
    ty = lr_field(L, r, "score", params);
    if (ty == LUA_TSTRING) {
        choose(L, in, -1, "rules.score", kinds);
        g->score_area = true;
    } else if (ty == LUA_TTABLE) {
        int v = lua_gettop(L);
        lr_check_keys(L, in, v, "rules.score", score_keys, false);
        lua_getfield(L, v, "kind");
        if (lua_isnil(L, -1)) lr_key_fail(L, in, "rules.score", "rules.score needs 'kind' (\"area\")");
        choose(L, in, -1, "rules.score.kind", kinds);
        lua_pop(L, 1);
        g->score_area = true;
        if (lua_getfield(L, v, "komi") != LUA_TNIL) {
            int isnum;
            lua_Number k = lua_tonumberx(L, -1, &isnum);
            if (!isnum || lua_type(L, -1) != LUA_TNUMBER || k * 2 != (lua_Number)(int)(k * 2) || k < -1000 || k > 1000)
                lr_key_fail(L, in, "rules.score.komi", "rules.score.komi must be a number of half points (7.5, 6, 0), got %s",
                        lua_type(L, -1) == LUA_TNUMBER ? lua_tostring(L, -1) : luaL_typename(L, -1));
            g->komi2 = (int)(k * 2);
        }
        lua_pop(L, 1);
        reason(L, in, v, "rules.score", g->score_reason);
    } else if (ty != LUA_TNIL) {
        lr_key_fail(L, in, "rules.score", "rules.score must be \"area\" or a table, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    if (g->score_area && !g->pass_end)
        lr_key_fail(L, in, "rules.score", "rules.score scores the end after passes: it needs rules.pass");

    ty = lr_field(L, r, "superko", params);
    if (ty != LUA_TNIL && ty != LUA_TBOOLEAN)
        lr_key_fail(L, in, "rules.superko", "rules.superko must be true or false, got %s", luaL_typename(L, -1));
    g->superko = lua_toboolean(L, -1);
    lua_pop(L, 1);
}

static void read_place(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"on", "pieces", "hand", "first", "directions", "capture", "suicide", NULL};
    int kind_at = v;
    if (lua_type(L, v) == LUA_TTABLE) {
        lr_check_keys(L, in, v, "rules.place", keys, false);
        lua_getfield(L, v, "on");
        kind_at = lua_gettop(L);
        if (lua_isnil(L, kind_at)) lr_key_fail(L, in, "rules.place", "rules.place needs 'on' (\"empty\", \"flank\" or \"gravity\")");
    }
    g->place = (blk_place)(1 + choose(L, in, kind_at, kind_at == v ? "rules.place" : "rules.place.on", PLACE_KINDS));
    for (int s = 0; s < g->nsides; s++) g->place_code[s] = only_piece(in, s);
    int ty = LUA_TNIL;
    if (lua_type(L, v) != LUA_TTABLE) {
        several_pieces(L, in, g, kind_at == v ? "rules.place" : "rules.place.on");
        return;
    }
    ty = lua_getfield(L, v, "pieces");
    if (ty == LUA_TSTRING) {
        int c = code_of_letter(L, in, -1, "rules.place.pieces");
        if (in->piece[c].side > 1)
            lr_key_fail(L, in, "rules.place.pieces", "rules.place.pieces: '%c' is neutral, no side's to place", in->piece[c].letter);
        g->place_code[0] = g->place_code[1] = 0;
        g->place_code[in->piece[c].side] = c;
    } else if (ty == LUA_TTABLE) {
        g->place_code[0] = g->place_code[1] = 0;
        for (int s = 0; s < g->nsides; s++) {
            lua_rawgeti(L, -1, s + 1);
            if (!lua_isnil(L, -1) && !(lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1)))
                g->place_code[s] = code_of_letter(L, in, -1, "rules.place.pieces");
            lua_pop(L, 1);
        }
    } else if (ty != LUA_TNIL) {
        lr_key_fail(L, in, "rules.place.pieces", "rules.place.pieces must be a letter or a list of letters per side");
    }
    lua_pop(L, 1);
    if (ty == LUA_TNIL) several_pieces(L, in, g, "rules.place");
    if (lua_getfield(L, v, "hand") != LUA_TNIL) {
        /* a count for each placing side, or one per side */
        int h[2];
        bool one = lua_type(L, -1) == LUA_TNUMBER;
        lr_key_per_side(L, in, -1, "rules.place.hand", 0, 255, g->nsides, h,
                        "a count or a list of counts, one per side");
        for (int s = 0; s < g->nsides; s++)
            if (!one || g->place_code[s]) g->hand[s] = h[s];
    }
    lua_pop(L, 1);
    if (lua_getfield(L, v, "first") != LUA_TNIL) g->place_first = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (lua_getfield(L, v, "directions") != LUA_TNIL)
        g->place_dirs = (blk_dirs)choose(L, in, -1, "rules.place.directions", DIRS);
    lua_pop(L, 1);
    read_group_capture(L, in, g, v);
}

/* A set of pieces: a string of letters ("mM") or a list of letters. */
static void piece_set(lua_State *L, lr_inst *in, int i, const char *key, bool *out)
{
    i = lua_absindex(L, i);
    if (lua_type(L, i) == LUA_TSTRING) {
        const char *s = lua_tostring(L, i);
        if (!*s) lr_key_fail(L, in, key, "%s must name at least one piece", key);
        for (; *s; s++) {
            int code = in->code_of[(unsigned char)*s];
            if (code <= 0) lr_key_fail(L, in, key, "%s: '%c' is not a piece of 'pieces'", key, *s);
            out[code] = true;
        }
        return;
    }
    if (lua_type(L, i) != LUA_TTABLE || lua_rawlen(L, i) == 0)
        lr_key_fail(L, in, key, "%s must be a string of piece letters or a list of them", key);
    for (lua_Integer k = 1; k <= (lua_Integer)lua_rawlen(L, i); k++) {
        lua_rawgeti(L, i, k);
        out[code_of_letter(L, in, -1, key)] = true;
        lua_pop(L, 1);
    }
}

static unsigned move_kinds(lua_State *L, lr_inst *in, int i, const char *key)
{
    /* bits in the order of BLK_STEP, BLK_SLIDE, BLK_JUMP, BLK_FLYJUMP */
    static const char *const kinds[] = {"step", "slide", "jump", "flying jump", NULL};
    unsigned m = 0;
    if (lua_type(L, i) == LUA_TSTRING) {
        m = 1u << choose(L, in, i, key, kinds);
    } else {
        if (lua_type(L, i) != LUA_TTABLE)
            lr_key_fail(L, in, key, "%s must be \"step\", \"slide\", \"jump\", \"flying jump\" or a list of them",
                        key);
        int t = lua_absindex(L, i);
        for (lua_Integer k = 1; k <= (lua_Integer)lua_rawlen(L, t); k++) {
            lua_rawgeti(L, t, k);
            m |= 1u << choose(L, in, -1, key, kinds);
            lua_pop(L, 1);
        }
    }
    return m & BLK_FLYJUMP ? m | BLK_JUMP : m;   /* a flying jump is a jump */
}

/* A piece's own directions (rules.move.M.directions = "forward-diagonals"):
 * a word or a list of words of the movements' vocabulary, relative to the
 * piece's side; bit d per qp_dir, at least one of move_dirs. */
static uint8_t own_dirs(lua_State *L, lr_inst *in, blk_game *g, int i, int side, const char *key)
{
    int t = lua_absindex(L, i);
    bool list = lua_type(L, t) == LUA_TTABLE;
    int n = list ? (int)lua_rawlen(L, t) : 1;
    if (!(list && n > 0) && lua_type(L, t) != LUA_TSTRING)
        lr_key_fail(L, in, key, "%s must be a direction word or a list of them (\"forward-diagonals\")", key);
    unsigned m = 0;
    for (int k = 1; k <= n; k++) {
        if (list) lua_rawgeti(L, t, k);
        else lua_pushvalue(L, t);
        const char *w = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int b = w ? blk_piece_dir_mask(w, side) : -1;
        if (b < 0)
            lr_key_fail(L, in, key,
                        "%s: unknown direction '%s' (n, ne, e, se, s, sw, w, nw, orthogonal, diagonal, all, forward, "
                        "backward, sideways, forward-diagonals, backward-diagonals)",
                        key, w ? w : luaL_typename(L, -1));
        m |= (unsigned)b;
        lua_pop(L, 1);
    }
    /* within rules.move.directions: its lines, orthogonal or diagonal */
    unsigned table = g->move_dirs == BLK_DIRS_ORTH ? 0x0fu : g->move_dirs == BLK_DIRS_DIAG ? 0xf0u : 0xffu;
    if (!(m & table)) lr_key_fail(L, in, key, "%s: none of these directions is among rules.move.directions", key);
    return (uint8_t)m;
}

static void read_move(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"directions", "forward", NULL};
    static const char *const piece_keys[] = {"directions", NULL};
    bool per_piece = false;
    if (lua_type(L, v) == LUA_TTABLE) {
        /* a list of kinds for every piece, or letter = kinds */
        lua_pushnil(L);
        while (lua_next(L, v)) {
            lua_pop(L, 1);
            if (lua_type(L, -1) == LUA_TSTRING && strlen(lua_tostring(L, -1)) == 1) per_piece = true;
        }
        lr_check_keys(L, in, v, "rules.move", keys, true);
        if (lua_getfield(L, v, "directions") != LUA_TNIL)
            g->move_dirs = (blk_dirs)choose(L, in, -1, "rules.move.directions", DIRS);
        lua_pop(L, 1);
        /* the older spelling, still read: forward = "Mm" gives those pieces
         * directions = { "forward", "forward-diagonals" } */
        bool fwd[BLK_MAX_CODES] = {false};
        if (lua_getfield(L, v, "forward") != LUA_TNIL) piece_set(L, in, -1, "rules.move.forward", fwd);
        lua_pop(L, 1);
        for (int c = 1; c <= in->npieces; c++)
            if (fwd[c])
                g->own_dirs[c] = (uint8_t)(blk_piece_dir_mask("forward", in->piece[c].side) |
                                           blk_piece_dir_mask("forward-diagonals", in->piece[c].side));
    }
    if (!per_piece) {
        unsigned m = lua_type(L, v) == LUA_TTABLE && lua_rawlen(L, v) == 0 ? 0 : move_kinds(L, in, v, "rules.move");
        for (int c = 1; c <= in->npieces; c++) g->move[c] = in->piece[c].side > 1 ? 0 : m;   /* neutral: still */
        return;
    }
    for (int c = 1; c <= in->npieces; c++) {
        char lk[2] = {in->piece[c].letter, 0};
        char key[32];
        snprintf(key, sizeof key, "rules.move.%s", lk);
        if (lua_getfield(L, v, lk) != LUA_TNIL) {
            if (in->piece[c].side > 1) lr_key_fail(L, in, key, "%s: '%s' is neutral and does not move", key, lk);
            if (lp_is_movements(L, -1)) {
                lp_read_movements(L, in, g, -1, c, key);   /* piece movements */
            } else {
                g->move[c] = move_kinds(L, in, -1, key);
                if (lua_type(L, -1) == LUA_TTABLE) {
                    lr_check_keys(L, in, lua_gettop(L), key, piece_keys, false);
                    if (lua_getfield(L, -1, "directions") != LUA_TNIL) {
                        char dk[48];
                        snprintf(dk, sizeof dk, "%s.directions", key);
                        if (g->own_dirs[c]) lr_key_fail(L, in, dk, "%s: the piece is in rules.move.forward too; say it once", dk);
                        g->own_dirs[c] = own_dirs(L, in, g, -1, in->piece[c].side, dk);
                    }
                    lua_pop(L, 1);
                }
            }
        }
        lua_pop(L, 1);
    }
    lua_pushnil(L);
    while (lua_next(L, v)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING && strlen(lua_tostring(L, -1)) == 1) {
            const char *k = lua_tostring(L, -1);
            if (in->code_of[(unsigned char)k[0]] <= 0) {
                char key[32];
                snprintf(key, sizeof key, "rules.move.%s", k);
                lr_key_fail(L, in, key, "rules.move: '%s' is not a piece of 'pieces'", k);
            }
        }
    }
}

static void read_jump(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"over", "chain", "forced", "most", "remove", "backward", NULL};
    static const char *const remove[] = {"each", "after", NULL};
    static const char *const over[] = {"enemy", "any", NULL};
    static const char *const chain[] = {"none", "optional", "full", NULL};
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, "rules.jump", "rules.jump must be a table");
    lr_check_keys(L, in, v, "rules.jump", keys, false);
    if (lua_getfield(L, v, "over") != LUA_TNIL) g->jump_over_own = choose(L, in, -1, "rules.jump.over", over) == 1;
    lua_pop(L, 1);
    if (lua_getfield(L, v, "chain") != LUA_TNIL) g->chain = (blk_chain)choose(L, in, -1, "rules.jump.chain", chain);
    lua_pop(L, 1);
    if (lua_getfield(L, v, "forced") != LUA_TNIL) g->jump_forced = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (lua_getfield(L, v, "most") != LUA_TNIL) g->jump_most = lua_toboolean(L, -1);
    lua_pop(L, 1);
    /* draughts: pieces taken when the chain ends, men capturing backward (blk_fly.c) */
    if (lua_getfield(L, v, "remove") != LUA_TNIL) g->jump_after = choose(L, in, -1, "rules.jump.remove", remove) == 1;
    lua_pop(L, 1);
    if (lua_getfield(L, v, "backward") != LUA_TNIL) piece_set(L, in, -1, "rules.jump.backward", g->jump_back);
    lua_pop(L, 1);
}

/* rules.capture: "custodian", or { "custodian", pattern = "XoX" or a list,
 * whole_line = bool, directions = ... } (blk_enclose.c). */
static void read_pattern(lua_State *L, lr_inst *in, blk_game *g, int i)
{
    const char *p = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : NULL;
    if (!p) lr_key_fail(L, in, "rules.capture.pattern", "rules.capture.pattern must be a string or a list of strings");
    size_t m = strlen(p);
    if (m < 2 || m > BLK_ENCLOSE_LEN)
        lr_key_fail(L, in, "rules.capture.pattern", "rules.capture.pattern '%s' must have 2 to %d points", p,
                BLK_ENCLOSE_LEN);
    size_t bad = strspn(p, "Xo.?");
    if (bad < m)
        lr_key_fail(L, in, "rules.capture.pattern",
                "rules.capture.pattern '%s': '%c' is not X (own), o (taken), . (empty) or ? (any)", p, p[bad]);
    if (!strchr(p, 'X') || !strchr(p, 'o'))
        lr_key_fail(L, in, "rules.capture.pattern", "rules.capture.pattern '%s' needs an X (own) and an o (taken)", p);
    if (g->enclose_npat >= BLK_ENCLOSE_PATS)
        lr_key_fail(L, in, "rules.capture.pattern", "rules.capture.pattern lists at most %d patterns", BLK_ENCLOSE_PATS);
    snprintf(g->enclose_pat[g->enclose_npat++], BLK_ENCLOSE_LEN + 1, "%s", p);
}

static void read_capture(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"pattern", "whole_line", "directions", NULL};
    static const char *const kinds[] = {"custodian", "surround", NULL};
    bool table = lua_type(L, v) == LUA_TTABLE;
    int kind;
    if (table) {
        lr_check_keys(L, in, v, "rules.capture", keys, false);
        lua_rawgeti(L, v, 1);
        if (lua_isnil(L, -1)) lr_key_fail(L, in, "rules.capture", "rules.capture needs its kind first (\"custodian\")");
        kind = choose(L, in, -1, "rules.capture", kinds);
        lua_pop(L, 1);
    } else {
        kind = choose(L, in, v, "rules.capture", kinds);
    }
    if (kind == 1) {   /* "surround": groups without an empty neighbour (blk_mill.c) */
        if (table) lr_key_fail(L, in, "rules.capture", "rules.capture: \"surround\" takes no options");
        g->surround = true;
        return;
    }
    int ty = table ? lua_getfield(L, v, "pattern") : LUA_TNIL;
    if (ty == LUA_TTABLE) {
        int t = lua_gettop(L), k = (int)lua_rawlen(L, t);
        if (!k) lr_key_fail(L, in, "rules.capture.pattern", "rules.capture.pattern must list at least one pattern");
        for (int i = 1; i <= k; i++) {
            lua_rawgeti(L, t, i);
            read_pattern(L, in, g, lua_gettop(L));
            lua_pop(L, 1);
        }
    } else if (ty != LUA_TNIL) {
        read_pattern(L, in, g, lua_gettop(L));
    } else {
        snprintf(g->enclose_pat[g->enclose_npat++], BLK_ENCLOSE_LEN + 1, "XoX");
    }
    lua_pop(L, 1);
    if (!table) return;
    if (lua_getfield(L, v, "whole_line") != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TBOOLEAN)
            lr_key_fail(L, in, "rules.capture.whole_line", "rules.capture.whole_line must be true or false");
        g->enclose_whole = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, v, "directions") != LUA_TNIL)
        g->enclose_dirs = (blk_dirs)choose(L, in, -1, "rules.capture.directions", DIRS);
    lua_pop(L, 1);
}

/* rules.shoot = { piece = "x", move = "slide" } (blk_shoot.c) */
static void read_shoot(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"piece", "move", NULL};
    static const char *const kinds[] = {"step", "slide", NULL};
    if (lua_type(L, v) != LUA_TTABLE)
        lr_key_fail(L, in, "rules.shoot", "rules.shoot must be a table { piece = letter, move = \"slide\" }");
    lr_check_keys(L, in, v, "rules.shoot", keys, false);
    if (lua_getfield(L, v, "piece") == LUA_TNIL) lr_key_fail(L, in, "rules.shoot", "rules.shoot needs 'piece'");
    g->shoot_code = code_of_letter(L, in, -1, "rules.shoot.piece");
    lua_pop(L, 1);
    g->shoot_move = BLK_SLIDE;
    if (lua_getfield(L, v, "move") != LUA_TNIL) g->shoot_move = 1u << choose(L, in, -1, "rules.shoot.move", kinds);
    lua_pop(L, 1);
}

/* One end of rules.connect: a board region's name or a rectangle "a1-k1". */
static void connect_end(lua_State *L, lr_inst *in, blk_game *g, int i, int side, int end)
{
    const char *s = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : NULL;
    int rg = s ? qp_geom_find_region(&g->geom, s) : -1, f0, r0, f1, r1;
    if (rg >= 0) {
        for (int sq = 0; sq < g->n; sq++)
            if (g->geom.regions[rg].in[sq]) g->connect_in[side][sq] |= (uint8_t)(1u << end);
    } else if (s && !qp_rect_parse(&g->geom, s, &f0, &r0, &f1, &r1)) {
        for (int r = r0; r <= r1; r++)
            for (int f = f0; f <= f1; f++) g->connect_in[side][qp_sq(&g->geom, f, r)] |= (uint8_t)(1u << end);
    } else {
        lr_key_fail(L, in, "rules.connect", "rules.connect: '%s' is neither a region of board.regions nor a rectangle like \"a1-k1\"",
                s ? s : luaL_typename(L, i));
    }
}

/* rules.connect = { {end, end} per side, reason = "..." } (blk_connect.c) */
static void read_connect(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"reason", NULL};
    if (lua_type(L, v) != LUA_TTABLE || (int)lua_rawlen(L, v) != in->nsides)
        lr_key_fail(L, in, "rules.connect", "rules.connect must list two ends per side, e.g. { {\"a1-k1\", \"a11-k11\"}, {\"a1-a11\", \"k1-k11\"} }");
    lr_check_keys(L, in, v, "rules.connect", keys, false);
    for (int s = 0; s < in->nsides; s++) {
        if (lua_rawgeti(L, v, s + 1) != LUA_TTABLE || lua_rawlen(L, -1) != 2)
            lr_key_fail(L, in, "rules.connect", "rules.connect: side %d needs a pair of ends {a, b}", s + 1);
        for (int e = 0; e < 2; e++) {
            lua_rawgeti(L, -1, e + 1);
            connect_end(L, in, g, lua_gettop(L), s, e);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    g->has_connect = true;
    reason(L, in, v, "rules.connect", g->connect_reason);
}

/* A rule given as a number or as { count/length = N, reason = ... }. */
static int count_rule(lua_State *L, lr_inst *in, int v, const char *key, const char *count_key,
                      const char *const *keys, int lo, int hi, char *why)
{
    if (lua_type(L, v) == LUA_TNUMBER) return lr_key_int(L, in, v, key, lo, hi);
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, key, "%s must be a count or a table", key);
    lr_check_keys(L, in, v, key, keys, false);
    char ck[64];
    snprintf(ck, sizeof ck, "%s.%s", key, count_key);
    lua_getfield(L, v, count_key);
    if (lua_isnil(L, -1)) lr_key_fail(L, in, key, "%s needs '%s'", key, count_key);
    int k = lr_key_int(L, in, -1, ck, lo, hi);
    lua_pop(L, 1);
    reason(L, in, v, key, why);
    return k;
}

static void read_eval(lua_State *L, lr_inst *in, blk_game *g, int v)
{
    static const char *const keys[] = {"squares", "mobility", "hand", "mirror", "runs",
                                       "frontier", "stable", "empty_corner", "near", NULL};
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, "eval", "'eval' must be a table");
    lr_check_keys(L, in, v, "eval", keys, false);
    g->has_eval = true;
    for (int c = 1; c <= in->npieces; c++) g->value[c] = in->piece[c].value;
    bool mirror = true;
    if (lua_getfield(L, v, "mirror") != LUA_TNIL) mirror = lua_toboolean(L, -1);
    lua_pop(L, 1);
    int ty = lua_getfield(L, v, "squares");
    if (ty == LUA_TTABLE) {
        int t = lua_gettop(L);
        bool per_piece = lua_rawlen(L, t) == 0;
        for (int c = 1; c <= in->npieces; c++) {
            int tt = t;
            char key[32] = "eval.squares";
            if (per_piece) {
                char lk[2] = {in->piece[c].letter, 0};
                snprintf(key, sizeof key, "eval.squares.%s", lk);
                if (lua_getfield(L, t, lk) == LUA_TNIL) {
                    lua_pop(L, 1);
                    continue;
                }
                tt = lua_gettop(L);
            }
            if (lua_type(L, tt) != LUA_TTABLE || (int)lua_rawlen(L, tt) != g->n)
                lr_key_fail(L, in, key, "%s must list %d numbers, a1 first", key, g->n);
            for (int sq = 0; sq < g->n; sq++) {
                lua_rawgeti(L, tt, sq + 1);
                int w = lr_key_int(L, in, -1, key, -10000, 10000);
                lua_pop(L, 1);
                int f = sq % g->geom.w, rk = sq / g->geom.w;
                int at = in->piece[c].side && mirror ? (g->geom.h - 1 - rk) * g->geom.w + f : sq;
                g->square[c][at] = (int16_t)w;
            }
            if (per_piece) lua_pop(L, 1);
        }
    } else if (ty != LUA_TNIL) {
        lr_key_fail(L, in, "eval.squares", "eval.squares must be a list of numbers or letter = list");
    }
    lua_pop(L, 1);
    if (lua_getfield(L, v, "runs") != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TTABLE)
            lr_key_fail(L, in, "eval.runs", "eval.runs must list a weight per run length (1, 2, …)");
        int k = (int)lua_rawlen(L, -1);
        if (k > QP_MAX_SIDE) lr_key_fail(L, in, "eval.runs", "eval.runs lists at most %d weights", QP_MAX_SIDE);
        for (int i = 1; i <= k; i++) {
            lua_rawgeti(L, -1, i);
            g->run_weight[i] = lr_key_int(L, in, -1, "eval.runs", -100000, 100000);
            lua_pop(L, 1);
        }
        g->has_runs = k > 0;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, v, "mobility") != LUA_TNIL) {
        /* one weight, or { first side's, second side's } */
        if (in->nsides != 2 && lua_type(L, -1) != LUA_TNUMBER)
            lr_key_fail(L, in, "eval.mobility", "eval.mobility must be a number, or two numbers, one per side");
        lr_key_per_side(L, in, -1, "eval.mobility", -1000, 1000, 2, g->mobility,
                        "a number, or two numbers, one per side");
    }
    lua_pop(L, 1);
    if (lua_getfield(L, v, "near") != LUA_TNIL)
        lr_key_per_side(L, in, -1, "eval.near", -1000, 1000, in->nsides, g->near,
                        "a number, or a list of numbers, one per side");
    lua_pop(L, 1);
    if (lua_getfield(L, v, "frontier") != LUA_TNIL) g->frontier = lr_key_int(L, in, -1, "eval.frontier", -1000, 1000);
    lua_pop(L, 1);
    if (lua_getfield(L, v, "stable") != LUA_TNIL) g->stable = lr_key_int(L, in, -1, "eval.stable", -1000, 1000);
    lua_pop(L, 1);
    if (lua_getfield(L, v, "empty_corner") != LUA_TNIL) {
        /* { diagonal = W, beside = W }: per piece next to an empty corner */
        static const char *const ck[] = {"diagonal", "beside", NULL};
        if (lua_type(L, -1) != LUA_TTABLE)
            lr_key_fail(L, in, "eval.empty_corner", "eval.empty_corner must be { diagonal = N, beside = N }");
        lr_check_keys(L, in, lua_gettop(L), "eval.empty_corner", ck, false);
        for (int j = 0; j < 2; j++) {
            if (lua_getfield(L, -1, ck[j]) != LUA_TNIL)
                g->corner_weight[j] = lr_key_int(L, in, -1, j ? "eval.empty_corner.beside" : "eval.empty_corner.diagonal",
                                                 -10000, 10000);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, v, "hand") != LUA_TNIL) {
        int h = lr_key_int(L, in, -1, "eval.hand", -10000, 10000);
        g->hand_value[0] = g->hand_value[1] = h;
    }
    lua_pop(L, 1);
}

/* rules.mill = 3 | { length = 3, noun = "man" }; rules.fly = 3 | true
 * (blk_mill.c) */
static void read_mill(lua_State *L, lr_inst *in, blk_game *g, int r, int params)
{
    static const char *const mill_keys[] = {"length", "noun", NULL};
    g->lines = in->lines;
    if (lr_field(L, r, "mill", params) != LUA_TNIL) {
        int v = lua_gettop(L);
        if (in->nsides != 2) lr_key_fail(L, in, "rules.mill", "rules.mill needs two sides");
        if (lua_type(L, v) == LUA_TTABLE) {
            lr_check_keys(L, in, v, "rules.mill", mill_keys, false);
            lua_getfield(L, v, "length");
            if (lua_isnil(L, -1)) lr_key_fail(L, in, "rules.mill", "rules.mill needs 'length'");
            g->mill_k = lr_key_int(L, in, -1, "rules.mill.length", 2, QP_MAX_SIDE);
            lua_pop(L, 1);
            if (lua_getfield(L, v, "noun") != LUA_TNIL) {
                const char *s = lua_tostring(L, -1);
                if (!s || lua_type(L, -1) != LUA_TSTRING || !*s || strlen(s) > 16)
                    lr_key_fail(L, in, "rules.mill.noun", "rules.mill.noun must be a short word (\"man\")");
                snprintf(g->noun, sizeof g->noun, "%s", s);
            }
            lua_pop(L, 1);
        } else {
            g->mill_k = lr_key_int(L, in, v, "rules.mill", 2, QP_MAX_SIDE);
        }
    }
    lua_pop(L, 1);
    int ty = lr_field(L, r, "fly", params);
    if (ty == LUA_TBOOLEAN) g->fly_at = lua_toboolean(L, -1) ? BLK_FLY_ALWAYS : 0;
    else if (ty != LUA_TNIL) g->fly_at = lr_key_int(L, in, -1, "rules.fly", 1, QP_MAX_POINTS);
    lua_pop(L, 1);
}

/* rules.playout.patterns = { "XOX/.*./???", ... }: the shapes a playout
 * plays first next to the last move (blk_shape.h); only games whose
 * playouts the group block makes (placements on empty points, captures of
 * groups, the pass) can use them. */
static void read_shapes(lua_State *L, lr_inst *in, int v)
{
    const char *key = "rules.playout.patterns";
    if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, key, "%s must be a list of strings", key);
    lua_Integer n = luaL_len(L, v);
    if (n < 1) lr_key_fail(L, in, key, "%s must list at least one pattern", key);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, v, i);
        if (lua_type(L, -1) != LUA_TSTRING) lr_key_fail(L, in, key, "%s[%d] must be a string", key, (int)i);
        char err[200];
        if (blk_shape_add(&in->blk->shapes, lua_tostring(L, -1), err, sizeof err))
            lr_key_fail(L, in, key, "%s[%d]: %s", key, (int)i, err);
        lua_pop(L, 1);
    }
    in->r->playout |= QP_PLAYOUT_PATTERNS;
}

/* rules.playout = { avoid_own_eyes = B, rave = B, atari = B, priors = B,
 * patterns = {...} }: the game's MCTS options (qp_rules.playout, mcts.h). */
static void read_playout(lua_State *L, lr_inst *in, int r, int params)
{
    static const char *const keys[] = {"avoid_own_eyes", "rave", "atari", "priors", "patterns", NULL};
    static const unsigned bits[] = {QP_PLAYOUT_AVOID_OWN_EYES, QP_PLAYOUT_RAVE, QP_PLAYOUT_ATARI,
                                    QP_PLAYOUT_PRIORS};
    int ty = lr_field(L, r, "playout", params);
    if (ty == LUA_TTABLE) {
        int v = lua_gettop(L);
        lr_check_keys(L, in, v, "rules.playout", keys, false);
        for (int k = 0; k < 4; k++) {
            char key[48];
            snprintf(key, sizeof key, "rules.playout.%s", keys[k]);
            int kt = lua_getfield(L, v, keys[k]);
            if (kt != LUA_TNIL && kt != LUA_TBOOLEAN) lr_key_fail(L, in, key, "%s must be true or false", key);
            if (lua_toboolean(L, -1)) in->r->playout |= bits[k];
            lua_pop(L, 1);
        }
        if (lua_getfield(L, v, "patterns") != LUA_TNIL) read_shapes(L, in, lua_gettop(L));
        lua_pop(L, 1);
    } else if (ty != LUA_TNIL) {
        lr_key_fail(L, in, "rules.playout", "rules.playout must be a table, got %s", luaL_typename(L, -1));
    }
    lua_pop(L, 1);
}

void lb_read(lua_State *L, lr_inst *in, int t, int params)
{
    static const char *const keys[] = {"start", "place", "move", "jump", "line", "stuck", "count",
                                       "captures", "fewer", "goal", "capture", "promote", "resets_no_capture",
                                       "mill", "fly",
                                       "zones", "terrain", "ranks", "reach",   /* pieces (lua_pieces.c) */
                                       "shoot", "connect", "swap",   /* blk_shoot.c, blk_connect.c, blk_swap.c */
                                       "pass", "score", "superko",             /* groups (blk_group.c) */
                                       "royal", "castling", "dead",            /* lua_royal.c */
                                       "playout",                              /* MCTS (mcts.h) */
                                       "notation", NULL};                      /* numbered squares (blk_fly.c) */
    blk_game *g = calloc(1, sizeof *g);
    if (!g) luaL_error(L, "out of memory");
    in->blk = g;
    blk_defaults(g);
    g->geom = in->logic;
    memcpy(g->hole, in->hole, sizeof g->hole);
    g->n = in->n;
    g->nsides = in->nsides;
    g->ncodes = in->npieces;
    for (int c = 1; c <= in->npieces; c++) {
        g->side_of[c] = (int8_t)in->piece[c].side;
        g->letter[c] = in->piece[c].letter;
        g->code_of[(unsigned char)in->piece[c].letter] = (int8_t)c;
    }

    int ty = lr_field(L, t, "rules", params);
    if (ty != LUA_TTABLE) lr_key_fail(L, in, "rules", "'rules' must be a table, got %s", luaL_typename(L, -1));
    int r = lua_gettop(L);
    lr_check_keys(L, in, r, "rules", keys, false);

    if (lr_field(L, r, "start", params) != LUA_TNIL) {
        if (lua_type(L, -1) != LUA_TSTRING) lr_key_fail(L, in, "rules.start", "rules.start must be a FEN board");
        in->blk_start = lr_strdup(lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    lp_read(L, in, g, r, params);
    if (lr_field(L, r, "place", params) != LUA_TNIL) read_place(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "move", params) != LUA_TNIL) read_move(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "jump", params) != LUA_TNIL) read_jump(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "capture", params) != LUA_TNIL) read_capture(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    /* shoot, connect, swap: moves with a shot, the connection goal, the pie rule */
    if (lr_field(L, r, "shoot", params) != LUA_TNIL) read_shoot(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "connect", params) != LUA_TNIL) read_connect(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "swap", params) != LUA_TNIL) {
        if (!lua_isboolean(L, -1)) lr_key_fail(L, in, "rules.swap", "rules.swap must be true or false");
        g->swap = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    /* promote: forced to one kind or a choice of kinds (lua_promote.c) */
    if (lr_field(L, r, "promote", params) != LUA_TNIL) lpr_read(L, in, g, lua_gettop(L));
    lua_pop(L, 1);
    if (lr_field(L, r, "resets_no_capture", params) != LUA_TNIL)
        piece_set(L, in, -1, "rules.resets_no_capture", g->resets_no_capture);
    lua_pop(L, 1);
    lk_read(L, in, g, r, params);
    read_playout(L, in, r, params);
    static const char *const notations[] = {"coordinates", "numbers", NULL};
    if (lr_field(L, r, "notation", params) != LUA_TNIL) g->numbers = choose(L, in, -1, "rules.notation", notations) == 1;
    lua_pop(L, 1);

    static const char *const line_keys[] = {"length", "exact", "directions", "reason", NULL};
    if (lr_field(L, r, "line", params) != LUA_TNIL) {
        int v = lua_gettop(L);
        g->line_k = count_rule(L, in, v, "rules.line", "length", line_keys, 2, QP_MAX_SIDE, g->line_reason);
        if (lua_type(L, v) == LUA_TTABLE) {
            if (lr_field(L, v, "exact", params) != LUA_TNIL) g->line_exact = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (lua_getfield(L, v, "directions") != LUA_TNIL)
                g->line_dirs = (blk_dirs)choose(L, in, -1, "rules.line.directions", DIRS);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);

    static const char *const stuck_names[] = {"loses", "wins", "draw", "pass", NULL};
    static const char *const stuck_keys[] = {"result", "reason", "check", "check_reason", NULL};
    if (lr_field(L, r, "stuck", params) != LUA_TNIL) {
        int v = lua_gettop(L);
        if (lua_type(L, v) == LUA_TTABLE) {
            lr_check_keys(L, in, v, "rules.stuck", stuck_keys, false);
            lua_getfield(L, v, "result");
            g->stuck = (blk_stuck)choose(L, in, -1, "rules.stuck.result", stuck_names);
            lua_pop(L, 1);
            lk_stuck_check(L, in, g, v);
            if (lua_getfield(L, v, "reason") == LUA_TTABLE) {
                for (int s = 0; s < in->nsides; s++) {
                    lua_rawgeti(L, -1, s + 1);
                    if (lua_type(L, -1) != LUA_TSTRING)
                        lr_key_fail(L, in, "rules.stuck.reason", "rules.stuck.reason must be a string or one per side");
                    snprintf(g->stuck_side_reason[s], BLK_REASON, "%s", lua_tostring(L, -1));
                    lua_pop(L, 1);
                }
                lua_pop(L, 1);
            } else {
                lua_pop(L, 1);
                reason(L, in, v, "rules.stuck", g->stuck_reason);
            }
        } else {
            g->stuck = (blk_stuck)choose(L, in, v, "rules.stuck", stuck_names);
        }
    }
    lua_pop(L, 1);

    static const char *const count_names[] = {"draw", "most", "fewest", NULL};
    static const char *const count_keys[] = {"result", "reason", "draw_reason", NULL};
    if (lr_field(L, r, "count", params) != LUA_TNIL) {
        int v = lua_gettop(L);
        if (lua_type(L, v) == LUA_TTABLE) {
            lr_check_keys(L, in, v, "rules.count", count_keys, false);
            lua_getfield(L, v, "result");
            g->count_end = (blk_count_end)choose(L, in, -1, "rules.count.result", count_names);
            lua_pop(L, 1);
            reason(L, in, v, "rules.count", g->count_reason);
            if (lua_getfield(L, v, "draw_reason") == LUA_TSTRING)
                snprintf(g->count_draw_reason, BLK_REASON, "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
        } else {
            g->count_end = (blk_count_end)choose(L, in, v, "rules.count", count_names);
        }
    }
    lua_pop(L, 1);

    static const char *const cap_keys[] = {"count", "reason", NULL};
    if (lr_field(L, r, "captures", params) != LUA_TNIL && !lp_captures_all(L, in, g, lua_gettop(L)))
        g->capture_win = count_rule(L, in, lua_gettop(L), "rules.captures", "count", cap_keys, 1, 1000,
                                    g->capture_reason);
    lua_pop(L, 1);
    if (lr_field(L, r, "fewer", params) != LUA_TNIL)
        g->fewer_loses = count_rule(L, in, lua_gettop(L), "rules.fewer", "count", cap_keys, 1, 1000,
                                    g->fewer_reason);
    lua_pop(L, 1);

    read_mill(L, in, g, r, params);

    static const char *const goal_keys[] = {"left", "at", "reason", "noun", "miss", NULL};
    if (lr_field(L, r, "goal", params) != LUA_TNIL) {
        int v = lua_gettop(L);
        if (lua_type(L, v) != LUA_TTABLE) lr_key_fail(L, in, "rules.goal", "rules.goal must be a table");
        if (in->nsides != 1) lr_key_fail(L, in, "rules.goal", "rules.goal is for one-player puzzles");
        lr_check_keys(L, in, v, "rules.goal", goal_keys, false);
        lua_getfield(L, v, "left");
        g->goal_left = lua_isnil(L, -1) ? 1 : lr_key_int(L, in, -1, "rules.goal.left", 1, QP_MAX_POINTS);
        lua_pop(L, 1);
        if (lr_field(L, v, "at", params) != LUA_TNIL) {
            const char *s = lua_tostring(L, -1);
            int sq = -1, k = s ? qp_sq_parse(&g->geom, s, &sq) : 0;
            if (!k || s[k] || g->hole[sq])
                lr_key_fail(L, in, "rules.goal.at", "rules.goal.at: '%s' is not a square of the board", s ? s : "?");
            g->goal_sq = sq;
        }
        lua_pop(L, 1);
        reason(L, in, v, "rules.goal", g->goal_reason);
        if (lua_getfield(L, v, "noun") != LUA_TNIL) {
            const char *s = lua_tostring(L, -1);
            if (!s || lua_type(L, -1) != LUA_TSTRING || !*s || strlen(s) > 16)
                lr_key_fail(L, in, "rules.goal.noun", "rules.goal.noun must be a short word (\"peg\")");
            snprintf(g->noun, sizeof g->noun, "%s", s);
        }
        lua_pop(L, 1);
        if (lua_getfield(L, v, "miss") != LUA_TNIL) {
            const char *s = lua_tostring(L, -1);
            if (!s || lua_type(L, -1) != LUA_TSTRING || !*s)
                lr_key_fail(L, in, "rules.goal.miss", "rules.goal.miss must be a non-empty string");
            snprintf(g->goal_miss_reason, sizeof g->goal_miss_reason, "%s", s);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    read_group_rules(L, in, g, r, params);
    lua_pop(L, 1);   /* rules */

    if (lr_field(L, t, "eval", params) != LUA_TNIL) read_eval(L, in, g, lua_gettop(L));
    lua_pop(L, 1);

    /* options that conflict, reported at the line of the key blk_prepare
     * names (lb_layout prepares again, with the state's layout) */
    g->hook_moves = in->ref[LR_H_MOVES] != LUA_NOREF;
    char err[QP_ERR];
    if (blk_prepare(g, 0, err, sizeof err)) {
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(err, ":"), err);
        lr_key_fail(L, in, key, "%s", err);
    }
}

/* ---- the hooks of a block game ------------------------------------------- */

static const blk_game *G(const qp_rules *r)
{
    return lr_in(r)->blk;
}

static const qp_ruleset *base(const qp_rules *r)
{
    return &((const lr_game *)r->rs->userdata)->base;
}

/* Moves the file's `moves` hook adds carry this bit; their play is the
 * file's `play` hook. */
#define LB_LUA ((qp_move)1 << 62)

static bool lb_has(const qp_rules *r, int hook)
{
    return lr_in(r)->ref[hook] != LUA_NOREF;
}

/* The aux part and the whole hash after cells or hands were written: the
 * adapter's keys for cells, side and vars, and the blocks' for hands. */
static void lb_refresh(lr_inst *in, void *s)
{
    blk_refresh(in->blk, s);
    lr_h(s)->hash = lr_hash_full(in, s) ^ blk_hands_key(in->blk, s) ^ blk_royal_key(in->blk, s);
}

static void lb_setup(const qp_rules *r, void *s)
{
    lr_inst *in = lr_in(r);
    char err[QP_ERR];
    if (in->blk_start) {
        char fen[QP_MAX_POINTS * 2 + 16];
        snprintf(fen, sizeof fen, "%s w", in->blk_start);
        if (lr_fen_read(in, s, fen, err, sizeof err)) {
            /* the empty board, and the error where loading looks for it */
            memset(s, 0, r->state_size);
            if (!in->err[0])
                snprintf(in->err, sizeof in->err, "%s:%d: rules.start: %s", in->game->path,
                         qp_lua_key_line(in->game->src, "rules.start", NULL), err);
        }
    } else {
        base(r)->setup(r, s);
    }
    blk_start_hands(in->blk, s);
    if (in->blk->rk.on) blk_royal_start(in->blk, s);   /* castling rights */
    lb_refresh(in, s);
}

/* A chess-form FEN (games with castling or en passant): "board side
 * castling ep halfmove fullmove", the last four optional.  Rewrites fen
 * as the adapter's "board side ply" into base and points the four fields
 * into store; 0, or -1 with err. */
static int lb_chess_fen(const char *fen, char *base, size_t basen, char *store, const char *f[4], char *err,
                        size_t errn)
{
    snprintf(store, 256, "%s", fen);
    char *tok[8];
    int nt = 0;
    for (char *p = strtok(store, " "); p && nt < 8; p = strtok(NULL, " ")) tok[nt++] = p;
    if (nt < 2 || nt > 6) {
        snprintf(err, errn, "FEN: expected board, side, castling, en passant, halfmove and fullmove, got %d fields", nt);
        return -1;
    }
    long full = 1;
    if (nt == 6) {
        char *end;
        full = strtol(tok[5], &end, 10);
        if (*end || full < 1 || full > 100000) {
            snprintf(err, errn, "FEN fullmove number: expected a count from 1, got '%s'", tok[5]);
            return -1;
        }
    }
    snprintf(base, basen, "%s %s %ld", tok[0], tok[1], 2 * (full - 1) + (tok[1][0] == 'b'));
    f[0] = nt > 2 ? tok[2] : "-";
    f[1] = nt > 3 ? tok[3] : "-";
    f[2] = nt > 4 ? tok[4] : NULL;
    return 0;
}

static int lb_fen_parse(const qp_rules *r, void *s, const char *fen, char *err, size_t errn)
{
    const blk_game *g = G(r);
    /* the board field may end with the hands, "[GGG]" */
    char buf[1024];
    size_t len = strlen(fen);
    if (len >= sizeof buf) {
        snprintf(err, errn, "FEN: longer than %zu characters", sizeof buf - 1);
        return -1;
    }
    /* passes in a row (rules.pass): "~N" ends the board field */
    int passes = 0;
    char nofen[1024];
    const char *tl = strchr(fen, '~');
    if (tl && (!strchr(fen, ' ') || tl < strchr(fen, ' '))) {
        char *end;
        long k = strtol(tl + 1, &end, 10);
        if (!g->pass_always || end == tl + 1 || k < 1 || k > 100 || (*end && *end != ' ')) {
            snprintf(err, errn, "FEN passes: '%.*s' is not ~N (passes in a row) of a game that passes", (int)strcspn(tl, " "), tl);
            return -1;
        }
        passes = (int)k;
        snprintf(nofen, sizeof nofen, "%.*s%s", (int)(tl - fen), fen, end);
        fen = nofen;
    }
    const char *p = fen;
    while (*p == ' ') p++;
    const char *lb = NULL;
    for (const char *q = p; *q && *q != ' '; q++)
        if (*q == '[') {
            lb = q;
            break;
        }
    char hands[512] = "";
    if (lb) {
        const char *rb = strchr(lb, ']');
        if (!rb || memchr(lb, ' ', (size_t)(rb - lb))) {
            snprintf(err, errn, "FEN hands: missing ']'");
            return -1;
        }
        size_t hl = rb ? (size_t)(rb - lb + 1) : strlen(lb);
        if (hl >= sizeof hands) hl = sizeof hands - 1;
        memcpy(hands, lb, hl);
        hands[hl] = 0;
        size_t pre = (size_t)(lb - fen);
        memcpy(buf, fen, pre);
        snprintf(buf + pre, sizeof buf - pre, "%s", lb + hl);
    } else {
        snprintf(buf, sizeof buf, "%s", fen);
    }
    uint8_t tmp[LR_MAX_STATE + 64];
    memset(tmp, 0, sizeof tmp);
    const char *chess[4] = {NULL, NULL, NULL, NULL};
    char store[256];
    if (g->rk.chess_fen) {
        char cut[1024];
        snprintf(cut, sizeof cut, "%s", buf);
        if (strlen(cut) >= sizeof store) {
            snprintf(err, errn, "FEN: longer than %zu characters", sizeof store - 1);
            return -1;
        }
        if (lb_chess_fen(cut, buf, sizeof buf, store, chess, err, errn)) return -1;
    }
    if (base(r)->fen_parse(r, tmp, buf, err, errn)) return -1;
    if (g->rk.chess_fen && blk_royal_fen_parse(g, tmp, chess[0], chess[1], chess[2], err, errn)) return -1;
    const char *hp = hands;
    if (hands[0] && blk_hands_parse(g, tmp, &hp, err, errn)) return -1;
    if (hands[0] && *hp) {
        snprintf(err, errn, "FEN hands: unexpected '%s'", hp);
        return -1;
    }
    blk_ax(g, tmp)->passes = (int8_t)passes;
    lb_refresh(lr_in(r), tmp);
    const blk_aux *a = blk_cax(g, tmp);
    if (g->rk.royal && blk_in_check(g, tmp, 1 - blk_side(tmp))) {
        snprintf(err, errn, "FEN: the side not to move is in check");
        return -1;
    }
    for (int k = 0; k < g->nsides; k++)
        if (g->hand[k] >= 0 && g->place_code[k] && a->count[k] + a->hand[k] > g->start_total[k]) {
            snprintf(err, errn, "FEN: %d '%c' on the board and in hand, more than the %d the game has",
                     a->count[k] + a->hand[k], g->letter[g->place_code[k]], g->start_total[k]);
            return -1;
        }
    memcpy(s, tmp, r->state_size);
    return 0;
}

static void lb_fen_print(const qp_rules *r, const void *s, char *buf, size_t n)
{
    base(r)->fen_print(r, s, buf, n);
    char *sp = strchr(buf, ' ');
    if (!sp) return;
    char rest[512];
    snprintf(rest, sizeof rest, "%s", sp);
    if (G(r)->rk.chess_fen) rest[2] = 0;   /* the side; then castling, ep, halfmove, fullmove */
    *sp = 0;
    blk_fen_print(G(r), s, buf, n);
    size_t len = strlen(buf);
    int passes = blk_cax(G(r), s)->passes;
    if (passes && len < n) len += (size_t)snprintf(buf + len, n - len, "~%d", passes);
    if (len > n) len = n;
    snprintf(buf + len, n > len ? n - len : 0, "%s", rest);
    if (G(r)->rk.chess_fen) blk_royal_fen_print(G(r), s, buf, n);
}

/* In check: a royal piece attacked (blk_royal.h); else the file's flags. */
static unsigned lb_flags(const qp_rules *r, const void *s)
{
    if (G(r)->rk.royal) return blk_in_check(G(r), s, blk_side(s)) ? QP_FLAG_CHECK : 0;
    return base(r)->flags ? base(r)->flags(r, s) : 0;
}

static int lb_gen(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode)
{
    qp_outcome o;
    /* a game the file's outcome hook ended has no moves either */
    if (lb_has(r, LR_H_OUTCOME) && lr_judge(r, s, &o)) return 0;
    int n = blk_gen(G(r), s, out, mode);
    if (!lb_has(r, LR_H_MOVES) || mode == QP_GEN_NOISY) return n;
    if (blk_decided(G(r), s, &o)) return 0;
    qp_move extra[QP_MAX_MOVES];
    int k = base(r)->gen(r, s, extra, QP_GEN_ALL);
    if (n == 1 && out[0] == BLK_PASS && k) n = 0;   /* the file's moves are moves: no pass */
    for (int i = 0; i < k && n < QP_MAX_MOVES; i++) out[n++] = extra[i] | LB_LUA;
    return n;
}

static void lb_make(const qp_rules *r, void *s, qp_move m, void *undo)
{
    if (m & LB_LUA) {
        base(r)->make(r, s, m & ~LB_LUA, undo);
        lb_refresh(lr_in(r), s);
        return;
    }
    blk_make(G(r), s, m);
}

static void lb_make_null(const qp_rules *r, void *s)
{
    blk_make_null(G(r), s);
}

static unsigned lb_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    if (m & LB_LUA) return base(r)->move_flags(r, s, m & ~LB_LUA);
    return blk_move_flags(G(r), s, m);
}

static int lb_move_order(const qp_rules *r, const void *s, qp_move m)
{
    return m & LB_LUA ? 0 : blk_move_order(G(r), s, m);
}

static void lb_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    if (m & LB_LUA) base(r)->move_text(r, s, m & ~LB_LUA, buf, n);
    else blk_fly_text(G(r), s, m, buf, n);   /* blk_move_text, or a draughts capture's text in s */
}

static int lb_move_parse(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err, size_t errn)
{
    qp_outcome o;
    if (lb_has(r, LR_H_OUTCOME) && lr_judge(r, s, &o)) {
        snprintf(err, errn, "the game is over (%s)", o.reason);
        return -1;
    }
    if (!blk_move_parse(G(r), s, text, m, err, errn)) return 0;
    if (!lb_has(r, LR_H_MOVES)) return -1;
    qp_move mv[QP_MAX_MOVES];
    int n = lb_gen(r, s, mv, QP_GEN_ALL);
    char t[QP_MOVE_TEXT * 4];
    for (int i = 0; i < n; i++) {
        if (!(mv[i] & LB_LUA)) continue;
        lb_move_text(r, s, mv[i], t, sizeof t);
        if (!strcmp(t, text)) {
            *m = mv[i];
            return 0;
        }
    }
    return -1;
}

static int lb_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    if (m & LB_LUA) return base(r)->move_squares(r, s, m & ~LB_LUA, sq, max);
    return blk_fly_squares(G(r), s, m, sq, max);   /* blk_move_squares, or a capture's route in s */
}

static int lb_move_effects(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    if (m & LB_LUA) return 0;   /* a hook's move tells its clicked points only */
    return blk_fly_effects(G(r), s, m, sq, max);   /* blk_move_effects, or the taken pieces */
}

static void lb_outcome(const qp_rules *r, const void *s, qp_outcome *o)
{
    if (lb_has(r, LR_H_OUTCOME)) {
        /* the file judges first; its own "no moves" fallback is the blocks' */
        if (lr_judge(r, s, o)) return;
    }
    blk_outcome(G(r), s, o);
    if (o->result == QP_ONGOING || !lb_has(r, LR_H_MOVES)) return;
    qp_move mv[QP_MAX_MOVES];
    if (!blk_decided(G(r), s, o) && lb_gen(r, s, mv, QP_GEN_ALL)) {
        o->result = QP_ONGOING;
        o->winner = 0;
        o->reason = "";
    }
}

static uint64_t lb_hash(const qp_rules *r, const void *s)
{
    (void)r;
    return *(const uint64_t *)s;
}

/* The board alone (superko): without side, vars, hands and passes. */
static uint64_t lb_board_key(const qp_rules *r, const void *s)
{
    return lr_board_key(lr_in(r), s) ^ blk_hands_key(G(r), s);
}

static int lb_evaluate(const qp_rules *r, const void *s)
{
    return blk_evaluate(G(r), s);
}

/* What the players count, for the window's panel: pieces in hand,
 * captures towards a win, the counts that score the end, pieces left. */
static bool lb_hopeless(const qp_rules *r, const void *s)
{
    return blk_hopeless(G(r), s) || (base(r)->hopeless && base(r)->hopeless(r, s));
}

static void lb_status_text(const qp_rules *r, const void *s, char *buf, size_t n)
{
    const blk_game *g = G(r);
    const blk_aux *a = blk_cax(g, s);
    char side[2][32];
    for (int k = 0; k < 2; k++) {
        snprintf(side[k], sizeof side[k], "%s", qp_side_name(r, k));
        if (side[k][0] >= 'a' && side[k][0] <= 'z') side[k][0] = (char)(side[k][0] - 'a' + 'A');
    }
    size_t len = 0;
    buf[0] = 0;
#define ADD(...) do { if (len < n) { int k_ = snprintf(buf + len, n - len, __VA_ARGS__); \
                                     if (k_ > 0) len += (size_t)k_; } } while (0)
    for (int k = 0; k < g->nsides; k++)
        if (g->hand[k] >= 0 && g->place_code[k])
            ADD("%sIn hand: %s %d", len ? " \xC2\xB7 " : "", side[k], a->hand[k]);
    if (g->capture_win)
        for (int k = 0; k < g->nsides; k++)
            if (a->captured[k])
                ADD("%sCaptured by %s: %d of %d", len ? " \xC2\xB7 " : "", side[k], a->captured[k],
                    g->capture_win);
    if (g->count_end != BLK_END_DRAW && g->nsides == 2)
        ADD("%sOn the board: %s %d \xC2\xB7 %s %d", len ? " \xC2\xB7 " : "", side[0], a->count[0],
            side[1], a->count[1]);
    if (g->nsides == 1) ADD("%s%c%ss left: %d", len ? " \xC2\xB7 " : "", g->noun[0] - 'a' + 'A', g->noun + 1, a->count[0]);
#undef ADD
    const char *names[2] = {side[0], side[1]};
    blk_group_status(g, s, names, buf, n);
}

static void lb_point_name(const qp_rules *r, int sq, char *buf, size_t n)
{
    char nm[8];
    blk_point_name(G(r), sq, nm);
    snprintf(buf, n, "%s", nm);
}

/* Playouts' answers to ataris (QP_PLAYOUT_ATARI): after a placement, in
 * games whose groups are captured (blk_group.c). */
static int lb_playout_urgent(const qp_rules *r, const void *s, qp_move last, qp_move *out, int max)
{
    return blk_group_urgent(G(r), s, last, out, max);
}

static void lb_move_priors(const qp_rules *r, const void *s, qp_move last, const qp_move *m, int n, int8_t *out)
{
    blk_group_priors(G(r), s, last, m, n, out);
}

static int lb_playout_move(const qp_rules *r, const void *s, qp_move last, unsigned flags, uint64_t *rng,
                           qp_move *out)
{
    return blk_group_playout_move(G(r), s, last, flags, rng, out);
}

/* Why points are refused: the blocks' reasons (blk_why.c). */
static qp_why_code lb_why_refused(const qp_rules *r, const void *s, const int *pts, int npts, qp_why *why)
{
    return blk_why(G(r), s, pts, npts, why);
}

void lb_install(qp_ruleset *rs, bool has_eval, bool has_lua_eval)
{
    lr_game *g = rs->userdata;
    g->base = *rs;
    rs->setup = lb_setup;
    rs->fen_parse = lb_fen_parse;
    rs->fen_print = lb_fen_print;
    rs->gen = lb_gen;
    rs->make = lb_make;
    rs->unmake = NULL;
    rs->make_null = lb_make_null;
    rs->move_flags = lb_move_flags;
    rs->move_order = lb_move_order;
    rs->move_text = lb_move_text;
    rs->move_parse = lb_move_parse;
    rs->why_refused = lb_why_refused;
    rs->move_squares = lb_move_squares;
    rs->move_effects = lb_move_effects;
    rs->point_name = lb_point_name;
    rs->playout_urgent = lb_playout_urgent;
    rs->playout_move = lb_playout_move;
    rs->move_priors = lb_move_priors;
    rs->outcome = lb_outcome;
    rs->hash = lb_hash;
    rs->board_key = lb_board_key;
    rs->status_text = lb_status_text;
    rs->hopeless = lb_hopeless;
    rs->flags = lb_flags;
    /* data first; a Lua evaluate costs a call per node; neither: none
     * (the game's AI is then MCTS) */
    rs->evaluate = has_eval ? lb_evaluate : has_lua_eval ? g->base.evaluate : NULL;
}

int lb_layout(lr_inst *in, char *err, size_t errn)
{
    blk_game *g = in->blk;
    qp_rules *r = in->r;
    g->z_cell = in->z_cell;
    g->z_side = in->z_side;
    if (blk_prepare(g, in->off_cells, err, errn)) return -1;
    r->state_size = g->state_size;
    r->undo_size = 0;
    /* start material, for capture counts */
    uint8_t *s = calloc(1, g->state_size);
    if (!s) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    lb_setup(r, s);
    if (g->rk.royal && !in->flag_names[0]) {   /* bit 0: in check, for the search */
        in->flag_names[0] = "check";
        in->flag_names[1] = NULL;
    }
    const blk_aux *a = blk_cax(g, s);
    for (int k = 0; k < 2; k++) g->start_total[k] = a->count[k] + (g->hand[k] > 0 ? g->hand[k] : 0);
    free(s);
    /* r->caps are lr_read_game's: every leaf checked (quiet moves end
     * games with lines), plus what the file's `caps` asks for */
    r->draw.superko |= g->superko;   /* blk_group.c: the game layer enforces it */
    /* captured groups free points again: placing bounds no game's length */
    if (!r->max_game_plies && g->place != BLK_PLACE_NONE && !g->group_capture) {
        bool moves = false;
        for (int c = 1; c <= g->ncodes; c++) moves |= g->move[c] != 0;
        if (!moves && g->hand[0] < 0) r->max_game_plies = g->n + (g->stuck == BLK_STUCK_PASS ? g->n : 0);
    }
    return 0;
}
