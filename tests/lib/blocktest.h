/*
 * blocktest.h — what the suites of games declared as data share: a
 * position from a FEN, the outcome as `qipan status` words, a line of
 * moves played by their texts, the reason a text is refused.  Each fails
 * the running test with the ruleset's name and the offending text.
 */
#ifndef QP_BLOCKTEST_H
#define QP_BLOCKTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "registry.h"
#include "ruleset.h"

/* A game's parameters as "key=value" texts, NULL after the last. */
typedef const char *bt_params[5];

/* A line of moves played from a position, and what it comes to. */
typedef struct bt_play_case {
    const char *game;
    bt_params params;
    const char *fen;     /* NULL: the start */
    const char *moves;   /* space-separated texts */
    const char *after;   /* the FEN after them */
    const char *status;  /* as bt_status_text says it */
} bt_play_case;

/* A new position (free it): fen, or the start when fen is NULL. */
void *bt_pos_at(const qp_rules *r, const char *fen);
/* "ongoing", "SIDE wins: REASON", "draw: REASON"; puzzles "solved: …" /
 * "failed: …". */
void bt_status_text(const qp_rules *r, const void *s, char *buf, size_t n);
/* Plays the space-separated move texts on s. */
void bt_play(const qp_rules *r, void *s, const char *moves);
/* Twins played in step: picks one of the space-separated move texts
 * (by the LCG in *seed, which advances) and plays it on both a and b.
 * False, playing nothing, when texts is empty. */
bool bt_play_both(const qp_rules *a, void *sa, const qp_rules *b, void *sb, const char *texts, uint64_t *seed);
/* Plays each of the n cases in its game of reg; fails on the first whose
 * FEN or status is not the one expected, naming the game and the moves. */
void bt_check_plays(qp_registry *reg, const bt_play_case *cases, size_t n);
/* Random playouts of r (name in messages): games games of up to plies plies
 * from the start, moves picked by the LCG in *seed (which advances).  At
 * every position its FEN must read back to the same bytes, hash and FEN. */
void bt_check_fen_round_trips(const qp_rules *r, const char *name, int games, int plies, uint64_t *seed);
/* Why move_parse refuses text ("" when it is legal); valid until the next call. */
const char *bt_refusal(const qp_rules *r, const void *s, const char *text);
/* The points qp_move_marks gives for move text at fen, as names: the
 * clicked ones, " |", then the others ("e1 g1 | h1 f1"); valid until the
 * next call. */
const char *bt_marks(const qp_rules *r, const char *fen, const char *text);
/* Fails unless s prints as FEN want. */
void bt_assert_fen(const qp_rules *r, const void *s, const char *want);

/* Every game file of dir says on line 1 "-- error: TEXT"; loading each
 * must fail with "PATH" + TEXT (":LINE: message").  Returns how many. */
int bt_check_bad_games(const char *dir);

#endif
