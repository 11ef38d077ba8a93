/*
 * xiangqi.h — the standard Xiangqi ruleset (象棋: 9×10 board, river,
 * palaces, the flying general, perpetual-check and chase rules).  This
 * header only exports the hook table; internals live in xq_internal.h.
 */
#ifndef XIANGQI_H
#define XIANGQI_H

#include "ruleset.h"

extern const qp_ruleset xq_ruleset;

#endif
