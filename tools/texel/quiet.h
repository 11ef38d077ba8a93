/*
 * quiet.h — which positions a Texel fit may learn from: ongoing, the side
 * to move not in check, and no capture sequence changing the static score
 * (an exchange under way or a piece hanging would label the material
 * balance with a result it does not explain).  Works on any ruleset
 * through its hooks (gen QP_GEN_NOISY, make with copies, evaluate).
 */
#ifndef TEXEL_QUIET_H
#define TEXEL_QUIET_H

#include <stdbool.h>
#include <stddef.h>

#include "ruleset.h"

#define TEXEL_QS_DEPTH 8   /* plies of captures looked at */

/* Bytes of scratch texel_is_quiet needs for r's positions. */
size_t texel_quiet_scratch(const qp_rules *r);
/* Whether s is quiet (see above); scratch holds texel_quiet_scratch(r) bytes. */
bool texel_is_quiet(const qp_rules *r, const void *s, void *scratch);

#endif
