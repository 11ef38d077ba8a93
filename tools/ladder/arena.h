/*
 * arena.h — players and a referee for matches played in process: the
 * engine (alpha-beta, MCTS with its options, a level) and plain
 * references (uniformly random moves, flat Monte Carlo, fixed-depth
 * alpha-beta), plus a GTP program over a pipe (GNU Go).  tools/ladder
 * plays them; its tests check the pieces here.
 *
 * Contract:
 * - A player is described by a spec, a short text:
 *     random            a uniformly random legal move
 *     flat:N            flat Monte Carlo: N uniformly random playouts a move,
 *                       spread evenly over the legal moves, the best mean wins
 *     ab:D              alpha-beta to fixed depth D (full strength otherwise)
 *     abn:N             alpha-beta with N nodes a move
 *     mcts:N[:OPT,...]  MCTS with N playouts a move; OPT is rave, norave,
 *                       reuse, noreuse, eyes, noeyes, atari, noatari,
 *                       patterns, nopatterns, priors, nopriors
 *                       (default: the game's)
 *     level:L[:N]       the game's own AI at level L (1..10), capped at N
 *                       nodes/playouts a move when given (level 10 needs N)
 *     gtp:CMD           a GTP engine program (words split at spaces), for
 *                       games whose moves are single points or a pass
 *   ar_parse reads one, or says what is wrong with the text.
 * - Every budget is fixed (nodes, playouts, depth): results do not depend
 *   on the machine's load.  The same seeds give the same games, except
 *   against a GTP program.
 * - ar_play_game is the referee: it plays a few random opening plies from
 *   open_seed, then asks each player in turn, checks each move is legal
 *   (under superko too) and ends the game by qp_game_outcome or at a ply
 *   cap (a draw, said in why).  A player that gives no legal move loses.
 * - Results are kept from A's side in an elo_tally (tools/stats): each
 *   game as W, D or L, each pair of games (same opening, colours swapped)
 *   in the pentanomial.
 * No globals; output only where a function says so.
 */
#ifndef QP_TOOLS_ARENA_H
#define QP_TOOLS_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ai.h"
#include "elo.h"
#include "engine.h"
#include "game.h"

typedef enum { AR_RANDOM, AR_FLAT, AR_ALPHABETA, AR_MCTS, AR_LEVEL, AR_GTP } ar_kind;

/* A parsed spec.  Invariant: the fields the kind does not use are 0. */
typedef struct ar_spec {
    ar_kind kind;
    uint64_t budget;    /* flat, mcts: playouts a move; abn, level: nodes (0: none) */
    int depth;          /* ab: plies */
    int level;          /* level: 1..10 */
    int rave, reuse, eyes, atari, patterns, priors;   /* mcts: -1 the game's default, 0 off, 1 on */
    char cmd[200];      /* gtp: the program and its arguments */
} ar_spec;

/* 0, or -1 with a message naming the text in err. */
int ar_parse(const char *text, ar_spec *out, char *err, size_t errn);
/* The spec as text again, e.g. "mcts:2000:norave". */
void ar_spec_text(const ar_spec *s, char *buf, size_t n);

typedef struct ar_player {
    ar_spec spec;
    const qp_rules *r;
    qp_ai *ai;          /* alphabeta, level */
    qp_mcts *mc;        /* mcts (with its options) */
    uint64_t rng;       /* random, flat */
    eng e;              /* gtp */
    bool started;       /* gtp: the program runs */
    int synced;         /* gtp: plies of the game it has been told */
    bool resigned;      /* gtp: it answered "resign" */
    double cpu_s;       /* this process's CPU time spent in its moves (not a GTP program's) */
    int moves;          /* moves asked of it */
} ar_player;

/* 0, or -1 with a message in err (out of memory, a program that does not
 * start or answer GTP). */
int ar_player_init(ar_player *p, const qp_rules *r, const ar_spec *s, char *err, size_t errn);
void ar_player_free(ar_player *p);
/* A new game from g's start (trees and tables forgotten; a GTP program
 * gets boardsize, clear_board and komi). */
int ar_player_new_game(ar_player *p, const qp_game *g, char *err, size_t errn);
/* The player's move at g's cursor; QP_MOVE_NONE when it has none, gives
 * an unreadable one or resigns (p->resigned). */
qp_move ar_player_move(ar_player *p, const qp_game *g, uint64_t seed);

/* Flat Monte Carlo: playouts uniformly random games spread over the legal
 * moves of g (each at least once), the move with the best mean score for
 * the mover; a move that wins at once is taken at once. */
qp_move ar_flat_mc(const qp_rules *r, const qp_game *g, uint64_t playouts, uint64_t *rng);

/* Plays one game; returns A's points doubled (2 win, 1 draw, 0 loss) and
 * the reason it ended in why.  a_side: the side A plays.  trace, when
 * not NULL, gets the game's moves as one line of text. */
int ar_play_game(const qp_rules *r, ar_player *a, ar_player *b, int a_side, int opening_plies,
                 uint64_t open_seed, uint64_t game_seed, int ply_cap, char *why, size_t whyn,
                 FILE *trace);

/* Adds a game with A's doubled points to t. */
void ar_tally_game(elo_tally *t, int points2);
/* One line: "W-D-L (score %) Elo E [lo, hi]" into buf. */
void ar_tally_text(const elo_tally *t, char *buf, size_t n);

/* GTP vertex ("E5", "J9": letters skip I, rows from 1 at the bottom) of a
 * point of an n-wide board, and back (-1 when not one; "pass" is -2). */
void ar_gtp_vertex(int sq, int w, char *buf, size_t n);
int ar_gtp_point(const char *text, int w, int h);

#endif
