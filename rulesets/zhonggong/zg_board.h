/*
 * zg_board.h — Zhonggong internals: board geometry, piece codes, the
 * position blob (zg_state) and the per-instance data (zg_impl).
 *
 * Board: a padded mailbox of 16 columns × 13 rows.  Point (file f, rank r),
 * f and r in 0..8, is index (r + 2) * 16 + f + 2, so every step, horse jump
 * or elephant jump from a point stays inside the array and reads ZG_OFF
 * when it leaves the board.  Index 0 is never a point, so a move's
 * from-square is never 0 and an encoded move is never QP_MOVE_NONE.
 *
 * Pieces: a piece on the board is an id, 16..31 Red and 32..47 Black
 * (ZG_BASE(side) + slot).  Slots are grouped by type — general 0,
 * advisors 1-2, elephants 3-4, horses 5-6, chariots 7-8, cannons 9-10,
 * soldiers 11-15 — so "is v a black chariot" is one subtraction and one
 * unsigned compare, and a side never has more pieces of a type than the
 * standard set (the FEN parser enforces it).
 *
 * Invariants of a zg_state: bd.sq[] and pos[] agree (pos[id] is the point
 * of id, 0 when off the board); rocc/focc mirror the occupied points;
 * hash, psq and bottom equal what zg_state_refresh() would compute.
 */
#ifndef ZG_BOARD_H
#define ZG_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define ZG_FILES 9
#define ZG_RANKS 9
#define ZG_POINTS 81
#define ZG_BOARD 208          /* 13 rows of 16 */
#define ZG_OFF 0xFF           /* value of the padding */
#define ZG_BASE(side) (16 + 16 * (side))

enum { ZG_GENERAL, ZG_ADVISOR, ZG_ELEPHANT, ZG_HORSE, ZG_CHARIOT, ZG_CANNON, ZG_SOLDIER, ZG_NTYPES };

/* First slot and slot count of each type (see the header comment). */
static const uint8_t zg_slot0[ZG_NTYPES] = {0, 1, 3, 5, 7, 9, 11};
static const uint8_t zg_nslot[ZG_NTYPES] = {1, 2, 2, 2, 2, 2, 5};
static const uint8_t zg_slot_type[16] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6};

static inline int zg_sq(int file, int rank) { return (rank + 2) * 16 + file + 2; }
static inline int zg_file(int sq) { return (sq & 15) - 2; }
static inline int zg_rank(int sq) { return (sq >> 4) - 2; }
/* Framework square index (rank * 9 + file) of a point and back. */
static inline int zg_to81(int sq) { return zg_rank(sq) * ZG_FILES + zg_file(sq); }
static inline int zg_from81(int i) { return zg_sq(i % ZG_FILES, i / ZG_FILES); }

/* Is board value v a piece of type t of the side whose ids start at base? */
static inline bool zg_is(int v, int base, int t)
{
    return (unsigned)(v - base - zg_slot0[t]) < zg_nslot[t];
}
static inline int zg_side_of(int id) { return (id >> 4) - 1; }      /* id must be a piece */
static inline int zg_type_of(int id) { return zg_slot_type[id & 15]; }
/* Colour-and-type index 0..13 for tables (Zobrist keys, piece-square). */
static inline int zg_ct(int id) { return zg_side_of(id) * ZG_NTYPES + zg_type_of(id); }
/* Rank of the enemy's back rank for side: where its soldiers become bottom soldiers. */
static inline int zg_far_rank(int side) { return side ? 0 : ZG_RANKS - 1; }
static inline int zg_forward(int side) { return side ? -16 : 16; }

/* The board proper: what move legality depends on. */
typedef struct zg_bd {
    uint8_t sq[ZG_BOARD];       /* piece id, 0 empty, ZG_OFF outside */
    uint16_t rocc[ZG_RANKS];    /* bit f set: point (f, rank) occupied */
    uint16_t focc[ZG_FILES];    /* bit r set: point (file, r) occupied */
} zg_bd;

static inline void zg_occ_set(zg_bd *b, int sq)
{
    b->rocc[zg_rank(sq)] |= (uint16_t)(1u << zg_file(sq));
    b->focc[zg_file(sq)] |= (uint16_t)(1u << zg_rank(sq));
}
static inline void zg_occ_clr(zg_bd *b, int sq)
{
    b->rocc[zg_rank(sq)] &= (uint16_t)~(1u << zg_file(sq));
    b->focc[zg_file(sq)] &= (uint16_t)~(1u << zg_rank(sq));
}

/* A position.  Fields are ordered so the struct has no inner padding:
 * states are compared byte for byte by the tests. */
typedef struct zg_state {
    uint64_t hash;          /* Zobrist key of pieces and side to move */
    int32_t psq[2];         /* material + piece-square score of each side */
    zg_bd bd;
    uint8_t pos[48];        /* point of piece id (ids 16..47), 0: not on the board */
    uint16_t halfmove;      /* plies since the last capture or exchange */
    uint16_t fullmove;
    uint8_t side;           /* side to move: 0 Red, 1 Black */
    uint8_t bottom[2];      /* soldiers of each side on the enemy back rank */
    int8_t winner;          /* -1, or the side that won by a capture of a general */
} zg_state;

/* What unmake needs beyond the move itself. */
typedef struct zg_undo {
    uint64_t hash;
    int32_t psq[2];
    uint16_t halfmove, fullmove;
    uint8_t cap[5];         /* captured id / exchanged ids (soldiers then target) */
    uint8_t bottom[2];
    int8_t winner;
} zg_undo;

/* Evaluation weights (params eval.*), centi-soldiers. */
typedef struct zg_weights {
    int value[ZG_NTYPES];   /* general unused */
    int soldier_advance, bottom_soldier, five_threat;
    int liberty, trapped, guard, leash, mobility, tempo, center, attack;
    int liberty_attack, trade, soldier_late, attack_late;   /* zg_eval.c */
    int line_attack, horse_mobility;
    int full_material;      /* both sides' start material, for the phase */
} zg_weights;

/* Per-instance data held in qp_rules.impl: parameters in a form the hot
 * paths read directly, and precomputed tables. */
typedef struct zg_impl {
    bool flying;                 /* flying_general */
    bool loses;                  /* answered_general_capture == "loses" */
    bool liberties;
    int soldiers_to_win;
    int no_capture_plies;        /* draw.no_capture_plies, for the eval */
    int8_t ex_type[5];           /* type bought by k bottom soldiers, k = 1..4; -1: none */
    uint8_t in_palace[ZG_BOARD];
    /* slide[p][occ]: for a point at position p on a line whose occupancy
     * is occ (9 bits), the distances to the first and second occupied
     * points in the + direction (bytes 0, 1) and the - direction (bytes 2,
     * 3); 0 when there is none. */
    uint32_t slide[9][512];
    uint64_t zob[2 * ZG_NTYPES][ZG_POINTS];
    uint64_t zob_side;
    int16_t pst[2 * ZG_NTYPES][ZG_BOARD];   /* material + placement per colour-type */
    zg_weights w;
    zg_state start;
    char palace[16];             /* the palace parameter, for messages */
    const char *win_reason;      /* the bottom-soldier win: "five-soldiers" */
    char help[4096];             /* rules summary of these parameters (zg_text.h) */
} zg_impl;

/* Fills slide[] and the Zobrist keys (fixed seed: hashes are reproducible). */
void zg_tables_init(zg_impl *z);
/* An empty board: padding ZG_OFF, points empty, Red to move. */
void zg_state_clear(zg_state *s);
/* Puts a piece of side/type on an empty point, in the first free slot of
 * its type.  Returns the id, or 0 when the side has no free slot. */
int zg_place(zg_state *s, int side, int type, int sq);
/* Recomputes hash, psq and bottom from the board. */
void zg_state_refresh(const zg_impl *z, zg_state *s);
uint64_t zg_hash_full(const zg_impl *z, const zg_state *s);

#endif
