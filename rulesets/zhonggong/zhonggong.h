/*
 * zhonggong.h — the Zhonggong Xiangqi ruleset (中宫象棋: 9×9 board, one
 * shared central palace, exchanges of bottom soldiers, free and answered
 * captures of the general).  The rules are docs/zhonggong.md;
 * this header only exports the hook table.  Internals live in zg_*.h.
 */
#ifndef ZHONGGONG_H
#define ZHONGGONG_H

#include "ruleset.h"

extern const qp_ruleset zg_ruleset;

#endif
