/*
 * blk_why.h — why a block game refuses the points a player entered: the
 * why_refused hook (ruleset.h) of games declared as data, one reason per
 * rule block (an occupied point, a group without a liberty, a compulsory
 * capture, pieces in hand to place first, a piece's movement, a mill's
 * removal, a royal piece left in check), in English and Chinese.
 */
#ifndef QP_BLK_WHY_H
#define QP_BLK_WHY_H

#include "blk.h"

/* pts as the hook receives them; QP_WHY_NONE leaves the reason to the
 * framework's generic ones. */
qp_why_code blk_why(const blk_game *g, const void *s, const int *pts, int npts, qp_why *why);

#endif
