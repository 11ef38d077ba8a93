/*
 * lua_game.h — internal to the Lua ruleset adapter (lua_ruleset.c with
 * lua_hook.c, lua_pos.c, lua_qp.c and lua_blocks.c): what a loaded game
 * file (lr_game) and one instance of it (lr_inst) hold, and reading the
 * file's returned table into them.
 *
 * Contract:
 *  - lr_read_meta_p and lr_read_game run inside lua_pcall and fail with a
 *    Lua error "path:line: message", the line being where the offending key
 *    is set in the file (just "path: message" when no line is found).
 *  - An lr_inst is built once by the adapter's create and read-only after,
 *    except the Lua state, the scratch of the hook call under way (gen_*,
 *    the pos binding) and the error and reason stores, which are touched
 *    only under in->mu.
 *  - Standard moves (qp.move): to+1 in bits 0-9, from+1 in bits 10-19
 *    (0: a placement), extra in bits 20-39; never 0 because to+1 >= 1.
 *    LR_PASS lies above them all; any other value is the game's own.
 */
#ifndef QP_LUA_GAME_H
#define QP_LUA_GAME_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <lua.h>

#include "board_links.h"
#include "lua_sandbox.h"
#include "ruleset.h"

#define LR_PATH 1024
#define LR_MAX_PIECES 52
#define LR_MAX_VARS 32
#define LR_MAX_FLAGS 16
#define LR_MAX_REASONS 64

#define LR_TO_MASK 0x3ffu
#define LR_PASS ((qp_move)1 << 40)

typedef struct lr_piece {
    char letter;
    int side;          /* 0, 1; 2: neutral (no side's) */
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
    bool has_rules;          /* a block game (lua_blocks.h) */
    qp_ruleset base;         /* block games: the adapter's own hooks */
} lr_game;

typedef struct lr_pos lr_pos;   /* lua_pos.h */

/* The hooks a game file may define, by their key in the file. */
enum { LR_H_SETUP, LR_H_MOVES, LR_H_PLAY, LR_H_OUTCOME, LR_H_TEXT, LR_H_EVAL, LR_H_NOISY, LR_H_ORDER,
       LR_H_FLAGS, LR_H_SQUARES, LR_H_FROM_FEN, LR_H_IRREV, LR_H_HOPELESS, LR_H_N };
extern const char *const lr_hook_names[LR_H_N];

struct blk_game;

typedef struct lr_inst {
    const lr_game *game;
    struct blk_game *blk;      /* block games: the compiled rules */
    char *blk_start;           /* block games: rules.start, or NULL */
    qp_rules *r;
    qp_sandbox *sb;
    lua_State *L;
    pthread_mutex_t mu;

    const qp_geom *geom;       /* the drawn board: &r->geom */
    qp_geom logic;             /* lines the helpers follow */
    uint8_t hole[QP_MAX_POINTS];
    qp_lines lines;            /* board.lines, or the chains of its links */
    int n, nvars, nsides;
    size_t off_cells;

    int npieces;
    lr_piece piece[LR_MAX_PIECES + 1];   /* [0] unused: code 0 is empty */
    int8_t code_of[256];                  /* letter → code, -1 if none */

    uint64_t *z_cell;          /* n * (npieces+1), code 0 entries are 0 */
    uint64_t z_side, z_var[LR_MAX_VARS];
    char varname[LR_MAX_VARS][24];

    int ref[LR_H_N];           /* registry refs of hooks, LUA_NOREF if absent */
    int line[LR_H_N];          /* the line each hook's function starts at */
    bool irreversible_all;
    int ref_pos, ref_posmt;
    lr_pos *pos;

    qp_move *gen_out;
    int gen_n;
    bool gen_first;   /* QP_GEN_ANY: the first pos:add ends the moves hook */

    /* Answers of the moves and evaluate hooks by position (lua_ruleset.c):
     * a hook that reads the position answers from it alone, so a position
     * the search meets again (iterative deepening, transpositions, the
     * leaf's second look) needs no Lua call.  Direct-mapped, allocated
     * once the instance proves busy; each slot is an lr_memo_head, the state, LR_MEMO_MOVES
     * moves. */
    uint8_t *memo;
    size_t memo_stride;
    uint32_t memo_mask;        /* slots - 1 */
    unsigned memo_wait;        /* lookups so far, until the memo is made */

    char *side_name[2];
    const char *flag_names[LR_MAX_FLAGS + 1];
    char *flag_store[LR_MAX_FLAGS];
    char *reasons[LR_MAX_REASONS];
    int nreasons;

    bool quiet;                /* collect the first error without printing it */
    char err[QP_ERR];          /* the first hook error */
    char last[QP_ERR];         /* the latest one */
    bool runaway[LR_H_N];      /* the hook once ran out of time, memory or
                                  stack: not called again (each such call
                                  costs up to seconds, a search makes many) */
} lr_inst;

static inline lr_inst *lr_in(const qp_rules *r)
{
    return r->impl;
}

/* The instance whose sandbox runs L (C functions called from Lua). */
static inline lr_inst *lr_of(lua_State *L)
{
    return qp_sandbox_of(L)->user;
}

static inline bool lr_on_board(const lr_inst *in, lua_Integer sq)
{
    return sq >= 0 && sq < in->n && !in->hole[sq];
}

static inline qp_move lr_encode(int from, int to, lua_Integer extra)
{
    return (qp_move)(to + 1) | ((qp_move)(from + 1) << 10) | ((qp_move)extra << 20);
}

/* Decodes a standard move; false for PASS or a move of the game's own. */
static inline bool lr_decode(const lr_inst *in, qp_move m, int *from, int *to, long *extra)
{
    if (m >= LR_PASS || !(m & LR_TO_MASK)) return false;
    int t = (int)(m & LR_TO_MASK) - 1, f = (int)((m >> 10) & LR_TO_MASK) - 1;
    if (t >= in->n || f >= in->n) return false;
    *to = t;
    *from = f;
    *extra = (long)(m >> 20);
    return true;
}

/* Pushes field `name` of the table at t, resolved through a
 * function(params) when it is one (so the board or the rules may depend
 * on parameters); returns its type.  Raises like lua_call. */
int lr_field(lua_State *L, int t, const char *name, int params);

/* The key of keys (NULL-terminated) closest to an unknown one, for "did
 * you mean": at most two edits (a swap of neighbours is one), and fewer
 * than half the key's letters; NULL if none is that close. */
const char *lr_closest_key(const char *key, const char *const *keys);

/* A malloc'ed copy of s, NULL when out of memory. */
char *lr_strdup(const char *s);

/* Protected (lua_CFunction): the lr_game at 1 (light userdata) receives
 * name, title, help and the params schema of the table at 2.  First it
 * raises for the earliest key (in the file) that the table may not hold,
 * with the closest valid key: the valid keys are one list in lua_game.c. */
int lr_read_meta_p(lua_State *L);

/* Frees a game and what lr_read_meta_p stored in it; NULL is fine. */
void lr_free_game(lr_game *g);

/* Reads sides, board, pieces, vars, hooks, draw rules, flag names, perft
 * mode and caps of the table at stack index t into in and in->r.  params is
 * the stack index of the params table, passed to keys given as functions.
 * Raises on a bad key (run it protected). */
void lr_read_game(lua_State *L, lr_inst *in, int t, int params);

#endif
