/*
 * lua_pos.h — internal to the Lua ruleset adapter: the state blob of a Lua
 * game, its Zobrist hash and FEN text, and the `pos` userdata through which
 * hooks see it.
 *
 * Contract:
 *  - A state is an lr_head, then in->nvars int32 vars, then one int8 piece
 *    code per grid square (0 empty, holes included), padded to 8 bytes:
 *    r->state_size as set by lr_pos_layout, at most LR_MAX_STATE.
 *  - lr_head.hash is the Zobrist key of cells, side to move and vars (not
 *    the ply).  The pos methods keep it current through every change;
 *    lr_hash_full recomputes it after a raw write.  Keys come from
 *    qp_splitmix64 with a fixed seed, so hashes agree across runs.
 *  - in->pos is bound to the caller's blob for one hook call (lr_bind) and
 *    stale outside it, so a script cannot keep a position alive behind the
 *    framework's back; pos:copy() makes copies that own their blob.
 *  - The pos methods and lr_check* raise Lua errors: they run inside the
 *    hook's lua_pcall.  Methods that return piece letters, and any C
 *    function calling lr_push_letter, have the letters table (code →
 *    letter, registry key LR_LETTERS) as upvalue 1.
 */
#ifndef QP_LUA_POS_H
#define QP_LUA_POS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lua_game.h"

typedef struct lr_head {
    uint64_t hash;
    int32_t side;
    int32_t ply;
} lr_head;

/* lr_head + vars + cells, rounded up */
#define LR_MAX_STATE (((16 + 4 * LR_MAX_VARS + QP_MAX_POINTS) + 7) & ~7)

/* Registry key of the letters table: created empty by lr_qp_install (the
 * qp helpers' upvalue), filled by lr_pos_init once the pieces are known. */
#define LR_LETTERS "qipan.letters"

/* The Lua view of a state.  Invariant: s is NULL outside the hook call
 * that bound it, except for copies, whose blob follows the struct. */
struct lr_pos {
    uint32_t magic;
    bool writable, turn_set, collecting, owned;
    uint8_t *s;
    lr_inst *in;
    uint8_t blob[];
};

static inline lr_head *lr_h(uint8_t *s) { return (lr_head *)s; }
static inline int32_t *lr_vars(uint8_t *s) { return (int32_t *)(s + sizeof(lr_head)); }
static inline int8_t *lr_cells(const lr_inst *in, uint8_t *s) { return (int8_t *)(s + in->off_cells); }

/* Sets in->off_cells and in->r->state_size from nvars and n, and draws the
 * Zobrist keys.  -1 when out of memory. */
int lr_pos_layout(lr_inst *in);

/* Protected: the pos metatable (in->ref_posmt) and in->pos (in->ref_pos);
 * fills the letters table from in->piece. */
void lr_pos_init(lua_State *L, lr_inst *in);

uint64_t lr_hash_full(const lr_inst *in, uint8_t *s);
/* The key of the board alone (superko): the hash without side and vars. */
uint64_t lr_board_key(const lr_inst *in, const uint8_t *s);
void lr_set_side(const lr_inst *in, uint8_t *s, int side);

/* Points p at s (NULL: stale) for one hook call, clearing its call flags. */
void lr_bind(lr_pos *p, uint8_t *s, bool writable);

/* After the play hook: passes the turn unless the hook chose the side (two
 * sides only), and counts the ply. */
void lr_end_turn(const lr_inst *in, lr_pos *p);

/* Argument checks for C functions called from Lua. */
lr_pos *lr_checkpos(lua_State *L, int i);
int lr_checksq(lua_State *L, const lr_inst *in, int i);
int lr_checkcode(lua_State *L, const lr_inst *in, int i);
/* The code of a piece letter at i, 0 for anything else (never raises;
 * converts a number at i to a string, as lua_tolstring does). */
int lr_tocode(lua_State *L, const lr_inst *in, int i);
void lr_push_letter(lua_State *L, int code);

/* FEN text of a state: BOARD SIDE [VAR...] PLY — ranks from the top
 * separated by '/', piece letters, digit runs for empty squares (holes
 * count as empty), side 'w' or 'b'.  lr_fen_read accepts the side, vars
 * and ply as optional from the end and sets the hash; it returns 0, or -1
 * with a message in err (s is then undefined). */
void lr_fen_write(const lr_inst *in, const uint8_t *s, char *buf, size_t n);
int lr_fen_read(const lr_inst *in, uint8_t *s, const char *fen, char *err, size_t errn);

#endif
