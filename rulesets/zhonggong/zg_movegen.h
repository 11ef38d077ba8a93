/*
 * zg_movegen.h — Zhonggong move encoding, legal move generation and
 * make/unmake.
 *
 * A move is a qp_move:
 *   bits 0-7   from point (0 for an exchange)
 *   bits 8-15  to point (for an exchange: the enemy piece taken)
 *   bit 16     exchange
 *   bit 17     an answered capture of the general (legal only with
 *              answered_general_capture = "loses"; the capturer loses)
 *   bits 20-22 k, the number of soldiers given up in an exchange
 *   bits 24-55 the exchanged soldiers' points, 8 bits each, ascending
 * The encoding depends only on the position, never on piece ids, so the
 * same move in transposed positions is the same value.
 */
#ifndef ZG_MOVEGEN_H
#define ZG_MOVEGEN_H

#include "ruleset.h"
#include "zg_board.h"

#define ZG_MV_EXCHANGE (1ull << 16)
#define ZG_MV_ANSWERED (1ull << 17)

static inline int zg_mv_from(qp_move m) { return (int)(m & 0xff); }
static inline int zg_mv_to(qp_move m) { return (int)((m >> 8) & 0xff); }
static inline bool zg_mv_is_exchange(qp_move m) { return (m & ZG_MV_EXCHANGE) != 0; }
static inline int zg_mv_k(qp_move m) { return (int)((m >> 20) & 7); }
static inline int zg_mv_soldier(qp_move m, int i) { return (int)((m >> (24 + 8 * i)) & 0xff); }

/* A decided position (a general gone, or enough bottom soldiers): no moves. */
bool zg_decided(const zg_impl *z, const zg_state *s);
/* Legal moves (noisy: captures and exchanges only); returns the count. */
int zg_generate(const zg_impl *z, const zg_state *s, qp_move *out, bool noisy);
void zg_make(const zg_impl *z, zg_state *s, qp_move m, zg_undo *u);
void zg_unmake(const zg_impl *z, zg_state *s, qp_move m, const zg_undo *u);
void zg_make_null(const zg_impl *z, zg_state *s);

/* Points the piece on `from` can move to by the movement rules alone
 * (captures of anything enemy included, legality ignored). */
int zg_pseudo_targets(const zg_impl *z, const zg_bd *b, int from, int *out);

#endif
