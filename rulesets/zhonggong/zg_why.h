/*
 * zg_why.h — Zhonggong's why_refused hook (ruleset.h): the reasons of
 * rulesets/xqfamily/xqf_why.c asked of Zhonggong's board and rules.
 */
#ifndef ZG_WHY_H
#define ZG_WHY_H

#include "ruleset.h"

qp_why_code zg_why_refused(const qp_rules *r, const void *s, const int *pts, int npts, qp_why *why);

#endif
