/*
 * zg_text.h — Zhonggong texts that follow the configuration: the rules
 * summary of an instance (help screens) and the name of the bottom-soldier
 * win ("five-soldiers" with the default soldiers_to_win = 5).
 */
#ifndef ZG_TEXT_H
#define ZG_TEXT_H

#include <stddef.h>

#include "params.h"
#include "zg_board.h"

/* The reason of a win by k bottom soldiers: "one-soldier", "two-soldiers"
 * … "six-soldiers" (static text). */
const char *zg_soldiers_reason(int k);

/* The rules summary (Chinese, then English) of an instance whose
 * parameters are p and whose zg_impl z was filled from them. */
void zg_help_text(const zg_impl *z, const qp_params *p, char *buf, size_t n);

#endif
