/*
 * zg_rules.h — Zhonggong judgement of a position: outcome (who won and
 * why), the status flags of the side to move, and the reason a move text
 * that names no legal move is rejected.
 */
#ifndef ZG_RULES_H
#define ZG_RULES_H

#include "ruleset.h"
#include "zg_board.h"

#define ZG_FLAG_CHECK 1u
#define ZG_FLAG_LEASH 2u
#define ZG_FLAG_TRAPPED 4u

void zg_outcome(const zg_impl *z, const zg_state *s, qp_outcome *o);
/* check / leash / trapped of the side to move (0 without its general). */
unsigned zg_flags(const zg_impl *z, const zg_state *s);
/* Why the position after a rule-2 move (on board b, general of side on g)
 * is illegal: "leaves your general in check", "general would have no
 * liberty"; NULL when it is legal. */
const char *zg_rule2_reason(const zg_impl *z, zg_bd *b, int g, int side);

#endif
