/*
 * zg_rules.c — outcome, flags and rule-2 reasons for Zhonggong.
 */
#include "zg_rules.h"

#include "zg_attack.h"
#include "zg_movegen.h"

void zg_outcome(const zg_impl *z, const zg_state *s, qp_outcome *o)
{
    o->result = QP_ONGOING;
    o->winner = -1;
    o->reason = "";
    int mover = s->side ^ 1;
    bool gen0 = s->pos[ZG_BASE(0)] != 0, gen1 = s->pos[ZG_BASE(1)] != 0;
    if (s->winner >= 0) {
        o->result = QP_WIN;
        o->winner = s->winner;
        o->reason = "general-captured";
        return;
    }
    if (!gen0 || !gen1) {
        /* Only a set-up position can lack both; nobody has won it. */
        o->result = gen0 || gen1 ? QP_WIN : QP_DRAW;
        o->winner = gen0 ? 0 : gen1 ? 1 : -1;
        o->reason = "general-captured";
        return;
    }
    for (int k = 0; k < 2; k++) {
        int side = k ? s->side : mover;    /* the side that just moved first */
        if (s->bottom[side] >= z->soldiers_to_win) {
            o->result = QP_WIN;
            o->winner = side;
            o->reason = z->win_reason;
            return;
        }
    }
    qp_move mv[QP_MAX_MOVES];
    if (zg_generate(z, s, mv, false)) return;
    o->result = QP_WIN;
    o->winner = mover;
    o->reason = (zg_flags(z, s) & ZG_FLAG_CHECK) ? "checkmate" : "no-moves";
}

unsigned zg_flags(const zg_impl *z, const zg_state *s)
{
    int g = s->pos[ZG_BASE(s->side)];
    if (!g) return 0;
    zg_bd b = s->bd;
    unsigned f = 0;
    int t = zg_threat(z, &b, g, s->side);
    if (t == ZG_CHECK) f |= ZG_FLAG_CHECK;
    if (t == ZG_LEASH) f |= ZG_FLAG_LEASH;
    if (!zg_has_liberty(&b, g)) f |= ZG_FLAG_TRAPPED;
    return f;
}

const char *zg_rule2_reason(const zg_impl *z, zg_bd *b, int g, int side)
{
    if (zg_threat(z, b, g, side) == ZG_CHECK) return "leaves your general in check";
    if (z->liberties && !zg_has_liberty(b, g)) return "general would have no liberty";
    return NULL;
}
