/*
 * lua_ruleset.c — the adapter that turns a Lua game file into a qp_ruleset:
 * loading the file, creating instances, and the qp_ruleset hooks, which
 * call the file's Lua functions.
 *
 * Each instance (qp_rules) runs the file in its own sandboxed lua_State,
 * because parameters may change the board; its hooks run under the
 * instance's mutex and inside lua_pcall, and a failing hook is reported on
 * stderr once and then behaves as "no moves" / "no change"; a hook that
 * ran away (time, memory, stack) is not called again by that instance.
 * Asked only whether there is a move (QP_GEN_ANY: a search leaf), the
 * moves hook is ended at its first pos:add.
 *
 * Its parts: lua_game.c reads the file's table, lua_hook.c calls its
 * hooks, lua_pos.c holds the state blob and the `pos` userdata, lua_qp.c
 * the `qp` helper table.  The game-file format is documented in
 * scripts/games/README.md.
 */
#include "lua_ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "blk.h"
#include "lua_blocks.h"
#include "lua_game.h"
#include "lua_hook.h"
#include "lua_pos.h"
#include "lua_qp.h"
#include "lua_sandbox.h"

#define LR_MEM_LIMIT (256u << 20)
#define LR_LOAD_BUDGET 50000000LL    /* running the file once */

#define LR_MEMO_BYTES (8u << 20)     /* per instance, at most */
#define LR_MEMO_MAX_SLOTS 16384u     /* powers of two */
#define LR_MEMO_MIN_SLOTS 1024u
#define LR_MEMO_MOVES 40             /* longer move lists are not kept */
#define LR_MEMO_AFTER 256            /* lookups before the memo is made */

typedef struct lr_memo_head {
    uint16_t n;                      /* moves kept, when has_gen */
    uint8_t has_gen, has_eval, used;
    int32_t eval;
} lr_memo_head;

/* Protected part of create: the game table is at index 2, params at 3. */
static int lr_create_p(lua_State *L)
{
    lr_inst *in = lua_touserdata(L, 1);
    lr_read_game(L, in, 2, 3);
    if (in->game->has_rules) lb_read(L, in, 2, 3);
    lr_qp_board(L, in);
    lr_pos_init(L, in);
    return 0;
}


/* ---- the memo (mutex held) ------------------------------------------------ */

/* The slot for state s, or NULL when the memo cannot be allocated.  *hit
 * tells whether the slot holds s; a miss leaves the slot to the caller,
 * who claims it with lr_memo_claim once it has an answer. */
static uint8_t *lr_memo_slot(lr_inst *in, const void *s, bool *hit)
{
    size_t size = in->r->state_size;
    *hit = false;
    if (!in->memo) {
        /* short-lived instances (the registry's check, a frontend's
         * question) do not pay for the memo */
        if (++in->memo_wait < LR_MEMO_AFTER) return NULL;
        in->memo_stride = sizeof(lr_memo_head) + size + LR_MEMO_MOVES * sizeof(qp_move);
        unsigned slots = LR_MEMO_MAX_SLOTS;
        while (slots > LR_MEMO_MIN_SLOTS && (size_t)slots * in->memo_stride > LR_MEMO_BYTES) slots /= 2;
        in->memo = calloc(slots, in->memo_stride);
        if (!in->memo) return NULL;
        in->memo_mask = slots - 1;
    }
    const lr_head *h = s;
    /* the hash leaves out the ply, which hooks may read */
    uint64_t key = h->hash ^ ((uint64_t)(uint32_t)h->ply * 0x9e3779b97f4a7c15ull);
    uint8_t *slot = in->memo + (size_t)((key >> 20) & in->memo_mask) * in->memo_stride;
    const lr_memo_head *mh = (const lr_memo_head *)slot;
    *hit = mh->used && !memcmp(slot + sizeof *mh, s, size);
    return slot;
}

static lr_memo_head *lr_memo_claim(lr_inst *in, uint8_t *slot, const void *s, bool hit)
{
    lr_memo_head *mh = (lr_memo_head *)slot;
    if (!hit) {
        memset(mh, 0, sizeof *mh);
        memcpy(slot + sizeof *mh, s, in->r->state_size);
        mh->used = 1;
    }
    return mh;
}

static qp_move *lr_memo_moves(const lr_inst *in, uint8_t *slot)
{
    return (qp_move *)(slot + sizeof(lr_memo_head) + in->r->state_size);
}

/* ---- generation ------------------------------------------------------------ */

/* The moves hook's list in out (mutex held): the count, or -1 after an
 * error (reported).  *keep turns false when the answer may not be
 * remembered. */
static int lr_moves_locked(lr_inst *in, const void *s, qp_move *out, bool *keep)
{
    *keep = true;
    lua_State *L = in->L;
    in->gen_out = out;
    in->gen_n = 0;
    int top = lua_gettop(L);
    if (!lr_call(in, LR_H_MOVES, (uint8_t *)s, false, false, 0, 1)) return -1;
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
                return -1;
            }
            if (in->gen_n >= QP_MAX_MOVES) {
                lr_report_key(in, "moves", "moves: more than %d moves", QP_MAX_MOVES);
                lua_settop(L, top);
                return -1;
            }
            out[in->gen_n++] = (qp_move)m;
        }
    } else if (!lua_isnil(L, t)) {
        /* the moves added so far stand, but are not remembered */
        lr_report_key(in, "moves", "moves must return a list of moves or nothing, got %s", luaL_typename(L, t));
        *keep = false;
    }
    lua_settop(L, top);
    return in->gen_n;
}

/* Legal moves (mutex held). */
static int lr_gen_locked(lr_inst *in, const void *s, qp_move *out, qp_gen_mode mode)
{
    /* Without a noisy hook no move is noisy: no need to ask for moves. */
    if (mode == QP_GEN_NOISY && in->ref[LR_H_NOISY] == LUA_NOREF) return 0;
    bool hit;
    uint8_t *slot = lr_memo_slot(in, s, &hit);
    int n;
    if (hit && ((lr_memo_head *)slot)->has_gen) {
        n = ((lr_memo_head *)slot)->n;
        memcpy(out, lr_memo_moves(in, slot), (size_t)n * sizeof *out);
    } else if (mode == QP_GEN_ANY) {
        /* Whether there is a move: the hook may stop at its first, and
         * the partial list is not remembered. */
        bool keep;
        in->gen_first = true;
        n = lr_moves_locked(in, s, out, &keep);
        in->gen_first = false;
        return n < 0 ? 0 : n;
    } else {
        bool keep;
        n = lr_moves_locked(in, s, out, &keep);
        if (n < 0) return 0;
        if (slot && keep && n <= LR_MEMO_MOVES) {
            lr_memo_head *mh = lr_memo_claim(in, slot, s, hit);
            mh->has_gen = 1;
            mh->n = (uint16_t)n;
            memcpy(lr_memo_moves(in, slot), out, (size_t)n * sizeof *out);
        }
    }
    lua_State *L = in->L;
    int top = lua_gettop(L);
    if (mode == QP_GEN_NOISY) {
        int k = 0;
        if (in->ref[LR_H_NOISY] != LUA_NOREF)
            for (int i = 0; i < n; i++) {
                if (!lr_call(in, LR_H_NOISY, (uint8_t *)s, false, true, out[i], 1)) break;
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
    if (!lr_call(in, LR_H_PLAY, s, true, true, m, 0)) {
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


static void lr_outcome(const qp_rules *r, const void *s, qp_outcome *o)
{
    lr_inst *in = lr_in(r);
    lr_lock(in);
    lr_judge_locked(in, s, o);
    if (o->result == QP_ONGOING) {
        /* The file said nothing, yet the side to move may be stuck. */
        qp_move mv[QP_MAX_MOVES];
        if (!in->err[0] && lr_gen_locked(in, s, mv, QP_GEN_ALL) == 0 && !in->err[0]) {
            int side = lr_h((uint8_t *)s)->side;
            o->result = QP_WIN, o->reason = "no moves";
            o->winner = in->nsides == 2 ? 1 - side : 1;   /* a stuck puzzle has failed */
        }
    }
    lr_unlock(in);
}

static unsigned lr_flags(const qp_rules *r, const void *s)
{
    lr_inst *in = lr_in(r);
    if (in->ref[LR_H_FLAGS] == LUA_NOREF) return 0;
    lua_State *L = in->L;
    unsigned f = 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (lr_call(in, LR_H_FLAGS, (uint8_t *)s, false, false, 0, LUA_MULTRET)) {
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

static uint64_t lr_board(const qp_rules *r, const void *s)
{
    return lr_board_key(lr_in(r), s);
}

static int lr_evaluate(const qp_rules *r, const void *s)
{
    lr_inst *in = lr_in(r);
    int side = ((const lr_head *)s)->side;
    if (in->ref[LR_H_EVAL] == LUA_NOREF) {
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
    int v = 0;
    lr_lock(in);
    bool hit;
    uint8_t *slot = lr_memo_slot(in, s, &hit);
    if (hit && ((lr_memo_head *)slot)->has_eval) {
        v = ((lr_memo_head *)slot)->eval;
    } else {
        int top = lua_gettop(L);
        if (lr_call(in, LR_H_EVAL, (uint8_t *)s, false, false, 0, 1)) {
            char msg[QP_ERR];
            lua_Integer score = 0;
            if (qp_sandbox_score(L, -1, in->game->path, in->line[LR_H_EVAL], "evaluate", QP_SCORE_MATE_BOUND - 1,
                                 &score, msg, sizeof msg))
                lr_report(in, msg);
            v = (int)score;
            lua_settop(L, top);
            if (slot) {
                lr_memo_head *mh = lr_memo_claim(in, slot, s, hit);
                mh->has_eval = 1;
                mh->eval = v;
            }
        }
    }
    lr_unlock(in);
    return (int)v;
}

static unsigned lr_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    lr_inst *in = lr_in(r);
    lua_State *L = in->L;
    unsigned f = in->irreversible_all ? QP_MF_IRREVERSIBLE : 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (in->ref[LR_H_NOISY] != LUA_NOREF && lr_call(in, LR_H_NOISY, (uint8_t *)s, false, true, m, 1)) {
        if (lua_toboolean(L, -1)) f |= QP_MF_CAPTURE;
        lua_settop(L, top);
    }
    if (in->ref[LR_H_IRREV] != LUA_NOREF && lr_call(in, LR_H_IRREV, (uint8_t *)s, false, true, m, 1)) {
        if (lua_toboolean(L, -1)) f |= QP_MF_IRREVERSIBLE;
        lua_settop(L, top);
    }
    lr_unlock(in);
    return f;
}

/* The file's hopeless hook: true only when it says so. */
static bool lr_hopeless(const qp_rules *r, const void *s)
{
    lr_inst *in = lr_in(r);
    if (in->ref[LR_H_HOPELESS] == LUA_NOREF) return false;
    bool v = false;
    lr_lock(in);
    int top = lua_gettop(in->L);
    if (lr_call(in, LR_H_HOPELESS, (uint8_t *)s, false, false, 0, 1)) v = lua_toboolean(in->L, -1);
    lua_settop(in->L, top);
    lr_unlock(in);
    return v;
}

static int lr_move_order(const qp_rules *r, const void *s, qp_move m)
{
    lr_inst *in = lr_in(r);
    if (in->ref[LR_H_ORDER] == LUA_NOREF) return 0;
    lua_State *L = in->L;
    int v = 0;
    lr_lock(in);
    int top = lua_gettop(L);
    if (lr_call(in, LR_H_ORDER, (uint8_t *)s, false, true, m, 1)) {
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
    if (in->ref[LR_H_TEXT] != LUA_NOREF && lr_call(in, LR_H_TEXT, (uint8_t *)s, false, true, m, 1)) {
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
    if (in->ref[LR_H_SQUARES] != LUA_NOREF) {
        lr_lock(in);
        int top = lua_gettop(L);
        if (lr_call(in, LR_H_SQUARES, (uint8_t *)s, false, true, m, LUA_MULTRET)) {
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
    if (in->ref[LR_H_SETUP] == LUA_NOREF) {
        lr_h(s)->hash = lr_hash_full(in, s);
        return;
    }
    lr_lock(in);
    lua_State *L = in->L;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref[LR_H_SETUP]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, in->ref_pos);
    lua_getglobal(L, "qp");
    lua_getfield(L, -1, "params");
    lua_remove(L, -2);
    lr_bind(in->pos, s, true);
    qp_sandbox_budget(in->sb, LR_HOOK_BUDGET);
    int rc = qp_sandbox_pcall(L, 2, 0);
    qp_sandbox_idle(in->sb);
    lr_bind(in->pos, NULL, false);
    if (rc != LUA_OK) {
        char msg[QP_ERR];
        lr_hook_message(in, LR_H_SETUP, rc, msg, sizeof msg);
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

static void lr_fen_print(const qp_rules *r, const void *s, char *buf, size_t n)
{
    lr_fen_write(lr_in(r), s, buf, n);
}

/* The text (lua_pos.h), then the file's from_fen hook, which may complete
 * the state or reject it with a message. */
static int lr_fen_parse(const qp_rules *r, void *sv, const char *fen, char *err, size_t errn)
{
    lr_inst *in = lr_in(r);
    uint8_t *s = sv;
    if (lr_fen_read(in, s, fen, err, errn)) return -1;
    if (in->ref[LR_H_FROM_FEN] != LUA_NOREF) {
        lr_lock(in);
        lua_State *L = in->L;
        int top = lua_gettop(L);
        int bad = 0;
        if (!lr_call(in, LR_H_FROM_FEN, s, true, false, 0, 1)) {
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
    free(in->blk);
    free(in->blk_start);
    pthread_mutex_destroy(&in->mu);
    free(in->memo);
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
    lr_qp_install(L, lua_touserdata(L, 1));
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
    int rc = qp_sandbox_run(sb, g->path, g->src, g->srclen, 1, err, errn);
    qp_sandbox_idle(sb);
    if (rc) {
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
    for (int h = 0; h < LR_H_N; h++) in->ref[h] = LUA_NOREF;
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
    int rc = qp_sandbox_pcall(L, 3, 0);
    qp_sandbox_idle(in->sb);
    if (rc != LUA_OK) {
        qp_sandbox_message(L, -1, g->path, err, errn);
        lr_destroy(r);
        return -1;
    }
    lua_settop(L, 0);   /* the hooks are held by reference */

    r->undo_size = 0;
    if (lr_pos_layout(in)) {
        snprintf(err, errn, "out of memory");
        lr_destroy(r);
        return -1;
    }
    if (in->blk && lb_layout(in, err, errn)) {
        char msg[QP_ERR];
        snprintf(msg, sizeof msg, "%s: %s", g->path, err);
        snprintf(err, errn, "%s", msg);
        lr_destroy(r);
        return -1;
    }
    return 0;
}

/* ---- loading a game file ----------------------------------------------- */

void qp_lua_ruleset_free(qp_ruleset *rs)
{
    if (rs) lr_free_game(rs->userdata);
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
    lua_pushcfunction(L, lr_read_meta_p);
    lua_pushlightuserdata(L, g);
    lua_pushvalue(L, 1);
    qp_sandbox_budget(sb, LR_LOAD_BUDGET);
    int rc = qp_sandbox_pcall(L, 2, 0);
    qp_sandbox_idle(sb);
    if (rc != LUA_OK) qp_sandbox_message(L, -1, path, err, errn);
    bool has_order = false, has_eval = false, has_lua_eval = false, has_hopeless = false;
    if (rc == LUA_OK) {
        has_order = lua_getfield(L, 1, "order") == LUA_TFUNCTION;   /* no metamethods: plain table */
        has_hopeless = lua_getfield(L, 1, "hopeless") == LUA_TFUNCTION;
        lua_pop(L, 1);
        g->has_rules = lua_getfield(L, 1, "rules") != LUA_TNIL;
        has_eval = lua_getfield(L, 1, "eval") != LUA_TNIL;
        has_lua_eval = lua_getfield(L, 1, "evaluate") == LUA_TFUNCTION;
        lua_pop(L, 4);
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
    rs->hopeless = has_hopeless ? lr_hopeless : NULL;
    rs->move_text = lr_move_text;
    rs->move_parse = lr_move_parse;
    rs->move_notation = NULL;
    rs->move_squares = lr_move_squares;
    rs->outcome = lr_outcome;
    rs->flags = lr_flags;
    rs->hash = lr_hash;
    rs->board_key = lr_board;
    rs->evaluate = lr_evaluate;
    rs->make_null = lr_make_null;
    rs->help_text = g->help;
    if (g->has_rules) lb_install(rs, has_eval, has_lua_eval);

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
        rs->setup(r, s);
        if (!in->err[0]) rs->gen(r, s, mv, QP_GEN_ALL);
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

const qp_game_loader qp_lua_loader = {".lua", qp_lua_ruleset_load, qp_lua_ruleset_free};

const char *qp_lua_rules_error(const qp_rules *r)
{
    if (!r || r->rs->create != lr_create) return "";
    return lr_in(r)->err;
}
