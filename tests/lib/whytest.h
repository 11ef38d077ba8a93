/*
 * whytest.h — table-driven checks of refusal reasons (framework/why.h),
 * for the suites of the rulesets and the rule blocks.
 */
#ifndef QP_WHYTEST_H
#define QP_WHYTEST_H

#include <stdbool.h>

#include "registry.h"

/* A refusal: the game (registry name), a FEN (NULL: the start), moves
 * played first (space-separated, NULL: none), what the player entered
 * (clicked points, space-separated, or a typed move text), and the exact
 * answer. */
typedef struct wt_case {
    const char *game, *fen, *moves;
    bool typed;
    const char *entered;
    qp_why_code code;
    const char *en, *zh;
} wt_case;

/* Prints every case whose answer differs, then fails the test (the
 * games are found in reg). */
void wt_check(qp_registry *reg, const wt_case *cases, int n);

#endif
