/*
 * zg_attack.h — who can move onto a point, and the free/answered analysis
 * of captures of the general.  Hot paths, so everything is static inline
 * and works on a bare zg_bd.
 *
 * "by can move onto sq" follows the movement rules only (no legality): a
 * piece of `by` standing where it could step, jump or slide onto sq
 * (whatever stands on sq).  Attacks are found in reverse from sq:
 * chariots and cannons through the rank/file slide tables, horses through
 * the four diagonal neighbours of sq (which are exactly the horses' legs),
 * elephants through the same points as eyes.
 *
 * A capture of a general at g is *free* when, on the board after the
 * capture (capturer on g, its point emptied: lines, screens, legs and eyes
 * change), the victim's side has no move onto g.  Check = an enemy free
 * capture exists; leash = attacked, but every capture is answered.
 */
#ifndef ZG_ATTACK_H
#define ZG_ATTACK_H

#include "zg_board.h"

#define ZG_MAX_ATTACKERS 24

enum { ZG_SAFE, ZG_LEASH, ZG_CHECK };

/* The four diagonal steps and, for each, its file and rank components
 * (a horse attacking sq through the leg sq+diag stands at leg+dx or leg+dy). */
static const int zg_diag[4] = {17, 15, -15, -17};
static const int zg_diag_dx[4] = {1, -1, 1, -1};
static const int zg_diag_dy[4] = {16, 16, -16, -16};
static const int zg_orth[4] = {16, 1, -16, -1};

static inline bool zg_has_liberty(const zg_bd *b, int g)
{
    return !b->sq[g + 16] || !b->sq[g - 16] || !b->sq[g + 1] || !b->sq[g - 1];
}

static inline int zg_liberties(const zg_bd *b, int g)
{
    return !b->sq[g + 16] + !b->sq[g - 16] + !b->sq[g + 1] + !b->sq[g - 1];
}

/* Does side `by` have a piece that can move onto sq? */
static inline bool zg_attacked(const zg_impl *z, const zg_bd *b, int sq, int by)
{
    const int base = ZG_BASE(by);
    const int f = zg_file(sq), r = zg_rank(sq);
    uint32_t t = z->slide[f][b->rocc[r]];
    int d;
    if ((d = t & 0xff)) {
        if (zg_is(b->sq[sq + d], base, ZG_CHARIOT)) return true;
        if ((d = (t >> 8) & 0xff) && zg_is(b->sq[sq + d], base, ZG_CANNON)) return true;
    }
    if ((d = (t >> 16) & 0xff)) {
        if (zg_is(b->sq[sq - d], base, ZG_CHARIOT)) return true;
        if ((d = t >> 24) && zg_is(b->sq[sq - d], base, ZG_CANNON)) return true;
    }
    t = z->slide[r][b->focc[f]];
    if ((d = t & 0xff)) {
        int v = b->sq[sq + 16 * d];
        if (zg_is(v, base, ZG_CHARIOT) || (z->flying && v == base)) return true;
        if ((d = (t >> 8) & 0xff) && zg_is(b->sq[sq + 16 * d], base, ZG_CANNON)) return true;
    }
    if ((d = (t >> 16) & 0xff)) {
        int v = b->sq[sq - 16 * d];
        if (zg_is(v, base, ZG_CHARIOT) || (z->flying && v == base)) return true;
        if ((d = t >> 24) && zg_is(b->sq[sq - 16 * d], base, ZG_CANNON)) return true;
    }
    for (int i = 0; i < 4; i++) {
        int n = sq + zg_diag[i], v = b->sq[n];
        if (v == 0) {
            if (zg_is(b->sq[n + zg_diag[i]], base, ZG_ELEPHANT)) return true;
            if (zg_is(b->sq[n + zg_diag_dx[i]], base, ZG_HORSE)) return true;
            if (zg_is(b->sq[n + zg_diag_dy[i]], base, ZG_HORSE)) return true;
        } else if (zg_is(v, base, ZG_ADVISOR)) {
            return true;
        }
    }
    if (zg_is(b->sq[sq + 1], base, ZG_SOLDIER) || zg_is(b->sq[sq - 1], base, ZG_SOLDIER) ||
        zg_is(b->sq[sq - zg_forward(by)], base, ZG_SOLDIER))
        return true;
    if (z->in_palace[sq])
        for (int i = 0; i < 4; i++)
            if (b->sq[sq + zg_orth[i]] == base) return true;
    return false;
}

/* The points of every piece of `by` that can move onto sq; returns the count. */
static inline int zg_attackers(const zg_impl *z, const zg_bd *b, int sq, int by, int *out)
{
    const int base = ZG_BASE(by);
    const int f = zg_file(sq), r = zg_rank(sq);
    int n = 0;
    for (int line = 0; line < 2; line++) {
        uint32_t t = line ? z->slide[r][b->focc[f]] : z->slide[f][b->rocc[r]];
        int step = line ? 16 : 1;
        for (int half = 0; half < 2; half++, t >>= 16) {
            int sgn = half ? -step : step, d1 = t & 0xff, d2 = (t >> 8) & 0xff;
            if (!d1) continue;
            int p1 = sq + sgn * d1, v = b->sq[p1];
            if (zg_is(v, base, ZG_CHARIOT) || (line && z->flying && v == base)) out[n++] = p1;
            if (d2 && zg_is(b->sq[sq + sgn * d2], base, ZG_CANNON)) out[n++] = sq + sgn * d2;
        }
    }
    for (int i = 0; i < 4; i++) {
        int p = sq + zg_diag[i], v = b->sq[p];
        if (v == 0) {
            int q = p + zg_diag[i];
            if (zg_is(b->sq[q], base, ZG_ELEPHANT)) out[n++] = q;
            q = p + zg_diag_dx[i];
            if (zg_is(b->sq[q], base, ZG_HORSE)) out[n++] = q;
            q = p + zg_diag_dy[i];
            if (zg_is(b->sq[q], base, ZG_HORSE)) out[n++] = q;
        } else if (zg_is(v, base, ZG_ADVISOR)) {
            out[n++] = p;
        }
    }
    if (zg_is(b->sq[sq + 1], base, ZG_SOLDIER)) out[n++] = sq + 1;
    if (zg_is(b->sq[sq - 1], base, ZG_SOLDIER)) out[n++] = sq - 1;
    if (zg_is(b->sq[sq - zg_forward(by)], base, ZG_SOLDIER)) out[n++] = sq - zg_forward(by);
    if (z->in_palace[sq])
        for (int i = 0; i < 4; i++)
            if (b->sq[sq + zg_orth[i]] == base) {
                /* A flying general next to sq was already found on the file. */
                int p = sq + zg_orth[i];
                bool dup = false;
                for (int k = 0; k < n; k++) dup |= out[k] == p;
                if (!dup) out[n++] = p;
            }
    return n;
}

/* Is the capture by `by` of the general at g, from `from`, free?  b is
 * changed and restored. */
static inline bool zg_capture_free(const zg_impl *z, zg_bd *b, int from, int g, int by)
{
    uint8_t v = b->sq[from], k = b->sq[g];
    b->sq[g] = v;
    b->sq[from] = 0;
    zg_occ_clr(b, from);
    bool answered = zg_attacked(z, b, g, by ^ 1);
    b->sq[from] = v;
    b->sq[g] = k;
    zg_occ_set(b, from);
    return !answered;
}

/* ZG_SAFE, ZG_LEASH or ZG_CHECK for the general of `side` at g. */
static inline int zg_threat(const zg_impl *z, zg_bd *b, int g, int side)
{
    if (!zg_attacked(z, b, g, side ^ 1)) return ZG_SAFE;
    int att[ZG_MAX_ATTACKERS];
    int n = zg_attackers(z, b, g, side ^ 1, att);
    for (int i = 0; i < n; i++)
        if (zg_capture_free(z, b, att[i], g, side ^ 1)) return ZG_CHECK;
    return ZG_LEASH;
}

/* Rule 2 on the board after a move of side: not in check and, with the
 * liberties rule, a liberty.  g is side's general. */
static inline bool zg_position_ok(const zg_impl *z, zg_bd *b, int g, int side)
{
    if (z->liberties && !zg_has_liberty(b, g)) return false;
    return zg_threat(z, b, g, side) != ZG_CHECK;
}

#endif
