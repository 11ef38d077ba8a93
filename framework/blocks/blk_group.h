/*
 * blk_group.h — groups of stones for rule blocks (blk_group.c): capture
 * of groups without a liberty, suicide, passing, the end after passes in
 * a row and the area score.  Called by the block modules at their
 * dispatch points and by the Lua adapter; see blk_group.c for the
 * contract.
 */
#ifndef QP_BLK_GROUP_H
#define QP_BLK_GROUP_H

#include "blk.h"

/* Derived tables (pass keys, default reasons); from blk_prepare. */
void blk_group_prepare(blk_game *g);
/* The hash part of aux.passes (0 with no pass made). */
uint64_t blk_group_key(const blk_game *g, const void *s);
/* Whether side may place on the empty point sq (not suicide). */
bool blk_group_may_place(const blk_game *g, const void *s, int sq, int side);
/* Every point side may place on, in board order (blk_group_may_place of
 * each empty point), from one labelling of the groups: the count. */
int blk_group_placements(const blk_game *g, const void *s, int side, qp_move *out);
/* After side's piece was put on sq: captures, then suicide; resets passes. */
void blk_group_place(const blk_game *g, void *s, int sq, int side);
/* After side's move to sq (rules.capture = "surround"): removes the enemy
 * groups linked to sq, along the movement links, left without a liberty;
 * how many pieces went. */
int blk_group_take_after_move(const blk_game *g, void *s, int sq, int side);
/* A pass: one more in a row. */
void blk_group_pass(const blk_game *g, void *s);
/* Area score per side (komi not added). */
void blk_group_score(const blk_game *g, const void *s, int score[2]);
/* Whether passes in a row ended the game; fills o (scored) when they did. */
bool blk_group_decided(const blk_game *g, const void *s, qp_outcome *o);
/* The playout's urgent answers after the placement `last` (mcts.h,
 * QP_PLAYOUT_ATARI): in games whose groups are captured: the liberty of
 * the placed stone's group when it has only that one (a capture; not
 * the recapture of a lone stone in a ko), and for each group of the side to move
 * beside it left in atari, the liberty of an enemy group touching it that
 * is in atari too (a counter-capture) and its own liberty when a stone
 * there would have two or more (an escape).  Placements, at most max;
 * their count. */
int blk_group_urgent(const blk_game *g, const void *s, qp_move last, qp_move *out, int max);
/* A playout's move in a game whose only moves are placements on empty
 * points and the pass (Go), by ruleset.h's playout_move contract: the
 * empty points in random order until one is legal and, under
 * QP_PLAYOUT_AVOID_OWN_EYES, fills no single-point eye of the mover;
 * first an urgent answer to `last` under QP_PLAYOUT_ATARI.  -1 for any
 * other game. */
int blk_group_playout_move(const blk_game *g, const void *s, qp_move last, unsigned flags, uint64_t *rng,
                           qp_move *out);
/* MCTS priors (ruleset.h, move_priors) in games whose groups are
 * captured: 2 for an urgent answer to `last` (blk_group_urgent), 1 for a
 * placement next to it matching the game's shapes, -1 for a self-atari,
 * a placement on the edge with no stone around it (3×3) and the pass,
 * else 0 (moves of other games too). */
void blk_group_priors(const blk_game *g, const void *s, qp_move last, const qp_move *m, int n, int8_t *out);
/* Why a placement on sq is refused by the group rules ("is suicide: ..."),
 * to follow the point's name; NULL when they allow it. */
const char *blk_group_why_not(const blk_game *g, const void *s, int sq);
/* Appends "Area: Black 45 · White 36 + 7.5" to buf (status line). */
void blk_group_status(const blk_game *g, const void *s, const char *names[2], char *buf, size_t n);

#endif
