/*
 * zg_eval.h — static evaluation and move ordering for the search.
 *
 * Material and placement are kept incrementally in zg_state.psq (from the
 * piece-square tables built here out of the eval.* weights and the fitted
 * placement table below); evaluate() adds what depends on piece relations:
 * the general's liberties, guards next to it, whether it is attacked (a
 * leash or check), the five-soldier threat, light mobility of chariots,
 * cannons and horses, liberties the enemy attacks, and a tempo bonus.  A
 * phase (how much material has come off) weighs the endgame terms:
 * soldiers, attackers near the enemy general and a material lead count
 * more as it rises, so the side ahead trades down and presses instead of
 * drifting into the no-capture draw.
 * Scores are from the side to move's view, centi-soldiers.
 */
#ifndef ZG_EVAL_H
#define ZG_EVAL_H

#include "params.h"
#include "ruleset.h"
#include "zg_board.h"

/* Placement bonus of a piece by type, its own rank (0: its back rank) and
 * its file folded at the centre (0 = a/i .. 4 = e), fitted by
 * tools/zg_fit.c (zg_weights.c) and added to z->pst scaled by eval.pst
 * percent.  The rules are left-right symmetric, so the table is too. */
#define ZG_PLACE_FILES 5
extern const int16_t zg_placement[ZG_NTYPES][ZG_RANKS][ZG_PLACE_FILES];
static inline int zg_place_file(int f) { return f < ZG_PLACE_FILES ? f : ZG_FILES - 1 - f; }

/* Reads eval.* from p into z->w and builds z->pst. */
void zg_eval_setup(zg_impl *z, const qp_params *p);
int zg_evaluate(const zg_impl *z, const zg_state *s);
/* Higher first: captures by MVV-LVA, exchanges by the value they remove. */
int zg_move_order(const zg_impl *z, const zg_state *s, qp_move m);
/* Static exchange estimate of a capture or exchange: the victim's value,
 * less the capturer's when it is worth more and an enemy piece can move
 * onto the point afterwards; exchanges: the piece bought less the soldiers. */
int zg_see(const zg_impl *z, const zg_state *s, qp_move m);

#endif
