/*
 * movepick.c — move ordering (see movepick.h).
 */
#include "movepick.h"

#include <string.h>

#define HISTORY_MAX 16000
#define CAPTURE_HISTORY_DIV 2   /* capture history counts this much less than move_order */

/* Bands keep the classes apart whatever move_order returns. */
#define SCORE_HASH (1 << 30)
#define SCORE_CAPTURE (1 << 28)
#define SCORE_KILLER1 (1 << 27)
#define SCORE_KILLER2 ((1 << 27) - 1)
#define SCORE_COUNTER ((1 << 27) - 2)
#define SCORE_BAD (-(1 << 26))   /* below every history score */

static unsigned hist_index(qp_move m)
{
    uint64_t x = m * 0x9E3779B97F4A7C15ull;
    return (unsigned)(x >> 50) & (QP_HISTORY_SIZE - 1);
}

static unsigned cont_index(qp_move before, qp_move m)
{
    uint64_t x = (before * 0x9E3779B97F4A7C15ull) ^ (m + 0x632BE59BD9B4E019ull);
    x *= 0xBF58476D1CE4E5B9ull;
    return (unsigned)(x >> 40) & (QP_CONT_SIZE - 1);
}

void qp_order_clear(qp_order *o)
{
    memset(o, 0, sizeof *o);
}

void qp_order_age(qp_order *o)
{
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < QP_HISTORY_SIZE; i++) {
            o->history[s][i] /= 2;
            o->capture[s][i] /= 2;
        }
    for (int k = 0; k < 2; k++)
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < QP_CONT_SIZE; i++) o->cont[k][s][i] /= 2;
    memset(o->killers, 0, sizeof o->killers);
}

/* The moves whose continuation tables apply (QP_MOVE_NONE: none). */
static void before_moves(const qp_move *prev, qp_move b[2])
{
    b[0] = prev ? prev[0] : QP_MOVE_NONE;
    b[1] = prev ? prev[1] : QP_MOVE_NONE;
}

void qp_order_score(const qp_rules *r, const void *s, const qp_order *o, int side, int ply,
                    qp_move hash_move, const qp_move *prev, const qp_move *mv, int *score,
                    uint8_t *fl, int n)
{
    const qp_ruleset *rs = r->rs;
    const qp_move *k = o->killers[ply < QP_ORDER_PLIES ? ply : QP_ORDER_PLIES - 1];
    side &= 1;
    qp_move b[2];
    before_moves(prev, b);
    qp_move cm = b[0] != QP_MOVE_NONE ? o->counter[side][hist_index(b[0])] : QP_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        qp_move m = mv[i];
        unsigned mf = rs->move_flags ? rs->move_flags(r, s, m) : 0;
        uint8_t f = (uint8_t)(((mf & QP_MF_CAPTURE) ? QP_PICK_CAPTURE : 0) |
                              ((mf & QP_MF_IRREVERSIBLE) ? QP_PICK_IRREV : 0) |
                              ((mf & QP_MF_RESET) ? QP_PICK_RESET : 0));
        int sc, see;
        if (m == hash_move) {
            sc = SCORE_HASH;
            f |= QP_PICK_HASH;
        } else if ((f & QP_PICK_CAPTURE) && rs->see && (see = rs->see(r, s, m)) < 0) {
            sc = SCORE_BAD + see;
            f |= QP_PICK_BAD;
        } else if (f & QP_PICK_CAPTURE) {
            int mo = rs->move_order ? rs->move_order(r, s, m) : 0;
            if (mo > (1 << 26)) mo = 1 << 26;
            if (mo < -(1 << 26)) mo = -(1 << 26);
            sc = SCORE_CAPTURE + mo + o->capture[side][hist_index(m)] / CAPTURE_HISTORY_DIV;
        } else if (m == k[0]) {
            sc = SCORE_KILLER1;
            f |= QP_PICK_KILLER;
        } else if (m == k[1]) {
            sc = SCORE_KILLER2;
            f |= QP_PICK_KILLER;
        } else if (m == cm) {
            sc = SCORE_COUNTER;
        } else {
            sc = o->history[side][hist_index(m)];
            for (int j = 0; j < 2; j++)
                if (b[j] != QP_MOVE_NONE) sc += o->cont[j][side][cont_index(b[j], m)];
        }
        score[i] = sc;
        fl[i] = f;
    }
}

void qp_order_pick(qp_move *mv, int *score, uint8_t *fl, int n, int i)
{
    if (i < QP_PICK_LAZY) {
        int b = i;
        for (int j = i + 1; j < n; j++)
            if (score[j] > score[b]) b = j;
        if (b != i) {
            qp_move tm = mv[i];
            int ts = score[i];
            uint8_t tf = fl[i];
            mv[i] = mv[b], score[i] = score[b], fl[i] = fl[b];
            mv[b] = tm, score[b] = ts, fl[b] = tf;
        }
        return;
    }
    if (i > QP_PICK_LAZY) return;
    /* No cutoff among the first picks: this node likely tries them all,
     * so one insertion sort beats picking each. */
    for (int j = i + 1; j < n; j++) {
        qp_move tm = mv[j];
        int ts = score[j];
        uint8_t tf = fl[j];
        int k = j - 1;
        for (; k >= i && score[k] < ts; k--) {
            mv[k + 1] = mv[k], score[k + 1] = score[k], fl[k + 1] = fl[k];
        }
        mv[k + 1] = tm, score[k + 1] = ts, fl[k + 1] = tf;
    }
}

/* Gravity update: the entry moves toward ±HISTORY_MAX and saturates there. */
static void hist_add(int *h, int bonus)
{
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

/* What a cutoff at depth adds to its move's entries (and takes from the
 * moves tried before it). */
static int cutoff_bonus(int depth)
{
    int b = depth * depth;
    return b < 400 ? b : 400;
}

/* The same for the int16 tables (|entries| stay below HISTORY_MAX). */
static void hist_add16(int16_t *h, int bonus)
{
    int v = *h;
    hist_add(&v, bonus);
    *h = (int16_t)v;
}

void qp_order_cutoff(qp_order *o, int side, int ply, int depth, qp_move m, const qp_move *prev,
                     const qp_move *tried, int ntried)
{
    side &= 1;
    qp_move b[2];
    before_moves(prev, b);
    if (b[0] != QP_MOVE_NONE) o->counter[side][hist_index(b[0])] = m;
    if (ply < QP_ORDER_PLIES && o->killers[ply][0] != m) {
        o->killers[ply][1] = o->killers[ply][0];
        o->killers[ply][0] = m;
    }
    int bonus = cutoff_bonus(depth);
    hist_add(&o->history[side][hist_index(m)], bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != m) hist_add(&o->history[side][hist_index(tried[i])], -bonus);
    for (int j = 0; j < 2; j++) {
        if (b[j] == QP_MOVE_NONE) continue;
        int16_t *c = o->cont[j][side];
        hist_add16(&c[cont_index(b[j], m)], bonus);
        for (int i = 0; i < ntried; i++)
            if (tried[i] != m) hist_add16(&c[cont_index(b[j], tried[i])], -bonus);
    }
}

void qp_order_capture_cutoff(qp_order *o, int side, int depth, qp_move m, const qp_move *tried,
                             int ntried)
{
    side &= 1;
    int bonus = cutoff_bonus(depth);
    if (m != QP_MOVE_NONE) hist_add16(&o->capture[side][hist_index(m)], bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != m) hist_add16(&o->capture[side][hist_index(tried[i])], -bonus);
}
