/*
 * blk_shoot.c — moves followed by a shot (rules.shoot): after a step or a
 * slide, the piece that moved places a neutral piece (an arrow) on a point
 * it could itself move to from where it landed, the point it left being
 * empty by then.  The Game of the Amazons is a slide then a slide-shot.
 *
 * Contract: a shot move is enc(from, to) | (then + 1) << 24 (blk.h), one
 * move with one text "d1d7g7"; blk_make puts g->shoot_code on `then`.
 * A game with a shot has no move without one: a piece that moved always
 * has at least its vacated point to shoot at.
 */
#include "blk_internal.h"

#include <stdio.h>

/* Whether t is empty once the mover has left from. */
static inline bool free_at(const int8_t *c, int t, int from)
{
    return !c[t] || t == from;
}

int blk_shoot_gen(const blk_game *g, const int8_t *c, int from, int to, qp_move *out, int n, bool stop_at_one)
{
    qp_move base = (qp_move)(to + 1) | ((qp_move)(from + 1) << 10);
    bool slide = g->shoot_move & BLK_SLIDE;
    const int8_t *dirs = g->dir[to];
    for (int i = 0; i < g->ndir[to]; i++) {
        int d = dirs[i];
        for (int t = g->geom.nb[to][d]; t >= 0 && free_at(c, t, from); t = g->geom.nb[t][d]) {
            if (n >= QP_MAX_MOVES) return n;
            out[n++] = base | ((qp_move)(t + 1) << 24);
            if (stop_at_one) return n;
            if (!slide) break;
        }
    }
    return n;
}

/* The first point that blocks the way from a to b along one direction
 * (empty means free_at), or -1 when the way is clear; *dir_found is false
 * when b is not on any line from a the movement may follow. */
static int blocker(const blk_game *g, const int8_t *c, int a, int b, int from, bool slide, bool *dir_found)
{
    *dir_found = false;
    for (int i = 0; i < g->ndir[a]; i++) {
        int d = g->dir[a][i];
        int steps = 0, block = -1;
        for (int t = g->geom.nb[a][d]; t >= 0; t = g->geom.nb[t][d]) {
            steps++;
            if (t == b) {
                if (!slide && steps > 1) break;
                *dir_found = true;
                return block;
            }
            if (block < 0 && !free_at(c, t, from)) block = t;
        }
    }
    return -1;
}

void blk_shoot_why(const blk_game *g, const void *s, const int *sq, int k, const char *text, char *err, size_t errn)
{
    const int8_t *c = blk_ccells(g, s);
    int side = blk_side(s);
    char nm[3][8];
    for (int i = 0; i < k && i < 3; i++) qp_sq_name(&g->geom, sq[i], nm[i]);
    if (k != 3) {
        snprintf(err, errn, "%s: a move names three points: from, to and where the shot lands", text);
        return;
    }
    int from = sq[0], to = sq[1], then = sq[2];
    if (!c[from]) {
        snprintf(err, errn, "%s is empty", nm[0]);
        return;
    }
    if (g->side_of[c[from]] != side) {
        snprintf(err, errn, "%s is not your piece", nm[0]);
        return;
    }
    unsigned mv = g->move[c[from]];
    if (!(mv & (BLK_STEP | BLK_SLIDE))) {
        snprintf(err, errn, "%s: that piece does not move", nm[0]);
        return;
    }
    if (c[to]) {
        snprintf(err, errn, "%s is occupied", nm[1]);
        return;
    }
    bool found;
    int b = blocker(g, c, from, to, -1, mv & BLK_SLIDE, &found);
    if (!found) {
        snprintf(err, errn, "%s%s: the piece cannot move so", nm[0], nm[1]);
        return;
    }
    char bn[8];
    if (b >= 0) {
        qp_sq_name(&g->geom, b, bn);
        snprintf(err, errn, "%s%s: the way is blocked at %s", nm[0], nm[1], bn);
        return;
    }
    if (then == to) {
        snprintf(err, errn, "%s: the shot cannot land where the piece stands", text);
        return;
    }
    if (!free_at(c, then, from)) {
        snprintf(err, errn, "%s: the shot's point %s is occupied", text, nm[2]);
        return;
    }
    b = blocker(g, c, to, then, from, g->shoot_move & BLK_SLIDE, &found);
    if (!found) {
        snprintf(err, errn, "%s: %s is not a point the shot can reach from %s", text, nm[2], nm[1]);
        return;
    }
    if (b >= 0) {
        qp_sq_name(&g->geom, b, bn);
        snprintf(err, errn, "%s: the shot from %s to %s is blocked at %s", text, nm[1], nm[2], bn);
        return;
    }
    snprintf(err, errn, "%s is not a legal move", text);
}
