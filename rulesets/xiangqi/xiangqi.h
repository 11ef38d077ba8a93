/*
 * xiangqi.h — the standard Xiangqi ruleset (象棋: 9×10 board, river,
 * palaces, the flying general; repetition with the perpetual-check rule,
 * but not the Asian rules' perpetual chase: a repeated chase is a draw).
 * This header only exports the hook table; internals live in
 * xq_internal.h.
 */
#ifndef XIANGQI_H
#define XIANGQI_H

#include "ruleset.h"

extern const qp_ruleset xq_ruleset;

#endif
