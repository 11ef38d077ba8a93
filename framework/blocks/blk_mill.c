/*
 * blk_mill.c — mills, flying and captures by surrounding after a move:
 * the rules of the morris family and of games that take what they enclose.
 *
 * Mills (rules.mill = k): every k consecutive points of a named line of the
 * board (board.lines, or the straight chains of its links) make a mill.  A
 * placement or move whose arriving piece completes a mill of its side
 * removes one enemy piece, as part of the same move (the removed square in
 * bits 24–33 of the move, blk.h): a piece that stands in no enemy mill, or
 * any piece when all do.  With no enemy piece on the board the move removes
 * nothing.  A mill that is broken and formed again counts again; a move
 * that forms two mills at once still removes one piece.  Mills need a board
 * of at most 64 points (each mill is a bit mask of aux.bb).
 *
 * Flying (rules.fly = N or true): a side with at most N pieces left (board
 * and hand) moves a piece to any empty point instead of along the lines.
 *
 * Surrounding (rules.capture = "surround"): after a move, every enemy group (its
 * pieces connected along the movement links) touching the arrived piece and
 * left without an empty neighbour is removed — Go's capture after a
 * placement, applied to a move, by the same code (blk_group.c).  The
 * mover's own pieces are never removed by its own move: a piece may enter
 * a point where it has no empty neighbour.
 */
#include "blk_group.h"
#include "blk_internal.h"

#include <stdio.h>
#include <string.h>

int blk_mill_prepare(blk_game *g, char *err, size_t errn)
{
    g->nmills = 0;
    memset(g->nmill_at, 0, sizeof g->nmill_at);
    if (!g->mill_k) return 0;
    if (g->n > 64) {
        snprintf(err, errn, "rules.mill: mills need a board of at most 64 points, this one has %d", g->n);
        return -1;
    }
    const qp_lines *l = &g->lines;
    for (int i = 0; i < l->n; i++)
        for (int at = l->start[i]; at + g->mill_k <= l->start[i + 1]; at++) {
            if (g->nmills >= BLK_MAX_MILLS) {
                snprintf(err, errn, "rules.mill: more than %d mills on this board", BLK_MAX_MILLS);
                return -1;
            }
            uint64_t mask = 0;
            for (int k = 0; k < g->mill_k; k++) mask |= (uint64_t)1 << l->pt[at + k];
            int m = g->nmills++;
            g->mill_mask[m] = mask;
            for (int k = 0; k < g->mill_k; k++) {
                int sq = l->pt[at + k];
                if (g->nmill_at[sq] >= BLK_MILLS_AT) {
                    snprintf(err, errn, "rules.mill: a point in more than %d mills", BLK_MILLS_AT);
                    return -1;
                }
                g->mill_at[sq][g->nmill_at[sq]++] = (uint8_t)m;
            }
        }
    if (!g->nmills) {
        snprintf(err, errn, "rules.mill: the board has no line of %d points", g->mill_k);
        return -1;
    }
    return 0;
}

int blk_fly_gen(const blk_game *g, const void *s, int side, qp_move *out, bool stop_at_one)
{
    const int8_t *c = blk_ccells(g, s);
    int n = 0;
    for (int sq = 0; sq < g->n; sq++) {
        int code = c[sq];
        if (!code || g->side_of[code] != side || !(g->move[code] & (BLK_STEP | BLK_SLIDE))) continue;
        for (int t = 0; t < g->n; t++) {
            if (c[t] || g->hole[t]) continue;
            if (n >= QP_MAX_MOVES) return n;
            out[n++] = (qp_move)(t + 1) | ((qp_move)(sq + 1) << 10);
            if (stop_at_one) return 1;
        }
    }
    return n;
}

/* The pieces of opp that a mill may remove: those in no mill, or all. */
static uint64_t removable(const blk_game *g, uint64_t opp)
{
    uint64_t in_mill = 0;
    for (int i = 0; i < g->nmills; i++)
        if ((opp & g->mill_mask[i]) == g->mill_mask[i]) in_mill |= g->mill_mask[i];
    uint64_t free = opp & ~in_mill;
    return free ? free : opp;
}

/* Whether side, holding own, completes a mill through the empty point to
 * when its piece arrives there from `from` (-1: placed): a mill whose
 * other points are all own, the leaving piece not among them. */
static bool closes_mill(const blk_game *g, uint64_t own, int from, int to)
{
    uint64_t left = from >= 0 ? (uint64_t)1 << from : 0;
    for (int i = 0; i < g->nmill_at[to]; i++) {
        uint64_t m = g->mill_mask[g->mill_at[to][i]] & ~((uint64_t)1 << to);
        if ((own & m) == m && !(m & left)) return true;
    }
    return false;
}

int blk_mill_expand(const blk_game *g, const void *s, int side, qp_move *out, int n, bool stop_at_one)
{
    const blk_aux *a = blk_cax(g, s);
    uint64_t own = a->bb[side], opp = a->bb[1 - side];
    if (!opp || g->nsides < 2 || n <= 0 || n > QP_MAX_MOVES) return n;
    /* hot: the points that would complete a mill of side (one point of
     * the mill missing); a move can close a mill only by arriving there */
    uint64_t hot = 0;
    for (int i = 0; i < g->nmills; i++) {
        uint64_t miss = g->mill_mask[i] & ~own;
        if (miss && !(miss & (miss - 1))) hot |= miss;
    }
    int i = 0;
    for (; i < n; i++)
        if (out[i] != BLK_PASS && (hot >> blk_to(out[i]) & 1) && closes_mill(g, own, blk_from(out[i]), blk_to(out[i])))
            break;
    if (i == n) return n;   /* no move closes a mill */
    uint64_t rem = removable(g, opp);
    qp_move base[QP_MAX_MOVES];
    int k = i;
    memcpy(base, out + i, (size_t)(n - i) * sizeof *out);
    for (int j = 0; j < n - i; j++) {
        qp_move m = base[j];
        if (m == BLK_PASS || !(hot >> blk_to(m) & 1) || !closes_mill(g, own, blk_from(m), blk_to(m))) {
            if (k < QP_MAX_MOVES) out[k++] = m;
            continue;
        }
        for (uint64_t b = rem; b && k < QP_MAX_MOVES; b &= b - 1)
            out[k++] = m | (qp_move)(__builtin_ctzll(b) + 1) << 24;
        if (stop_at_one) return k ? 1 : 0;
    }
    return k;
}

void blk_mill_make(const blk_game *g, void *s, qp_move m, int to, int side)
{
    int r = g->mill_k ? blk_then(m) : -1;
    if (r >= 0) {
        blk_aux *a = blk_ax(g, s);
        int code = blk_ccells(g, s)[r];
        if (code) {
            blk_put(g, s, r, 0);
            a->count[g->side_of[code]]--;
            if (g->capture_win && g->nsides == 2) a->captured[side]++;
        }
    }
    if (g->surround) blk_group_take_after_move(g, s, to, side);   /* blk_group.c */
}

bool blk_mill_captures(const blk_game *g, const void *s, qp_move m)
{
    if (m == BLK_PASS) return false;
    if (g->mill_k && blk_then(m) >= 0) return true;
    if (!g->surround) return false;
    uint8_t buf[4096];
    if (g->state_size > sizeof buf) return false;
    memcpy(buf, s, g->state_size);
    int side = blk_side(s);
    int before = blk_cax(g, buf)->count[1 - side];
    blk_make(g, buf, m);
    return blk_cax(g, buf)->count[1 - side] < before;
}

/* ---- reasons ------------------------------------------------------------ */

bool blk_mill_why(const blk_game *g, const void *s, const char *text, char *err, size_t errn)
{
    const int8_t *c = blk_ccells(g, s);
    int side = blk_side(s);
    char base[QP_MOVE_TEXT], t[QP_MOVE_TEXT * 4], nm[8];
    const char *x = strchr(text, 'x');
    size_t bl = x ? (size_t)(x - text) : strlen(text);
    if (bl >= sizeof base) return false;
    memcpy(base, text, bl);
    base[bl] = 0;
    qp_move mv[QP_MAX_MOVES];
    int n = blk_gen(g, s, mv, QP_GEN_ALL);
    qp_move with = 0, plain = 0;   /* the base move with a removal, without */
    for (int i = 0; i < n; i++) {
        if (mv[i] == BLK_PASS) continue;
        qp_move b = blk_then(mv[i]) >= 0 ? mv[i] & ~((qp_move)0x3ff << 24) : mv[i];
        blk_move_text(g, b, t, sizeof t);
        if (strcmp(t, base)) continue;
        if (blk_then(mv[i]) >= 0 && !with) with = mv[i];
        if (blk_then(mv[i]) < 0) plain = mv[i];
    }
    if (!with && !plain) {
        if (!x) return false;
        /* the move itself is wrong: say why as for any move */
        return false;
    }
    const char *noun = g->noun[0] ? g->noun : "piece";
    if (!x) {
        if (!with) return false;
        blk_move_text(g, with, t, sizeof t);
        snprintf(err, errn, "%s makes a mill: name the %s to remove (%s)", base, noun, t);
        return true;
    }
    if (plain) {
        snprintf(err, errn, "%s makes no mill: nothing to remove", base);
        return true;
    }
    int r;
    int used = qp_sq_parse(&g->geom, x + 1, &r);
    if (!used || x[1 + used] || g->hole[r]) {
        snprintf(err, errn, "'%s' is not a point of the board", x + 1);
        return true;
    }
    qp_sq_name(&g->geom, r, nm);
    if (!c[r] || g->side_of[c[r]] == side)
        snprintf(err, errn, "%s: there is no enemy %s to remove", nm, noun);
    else
        snprintf(err, errn, "%s stands in a mill (take a %s outside the mills)", nm, noun);
    return true;
}
