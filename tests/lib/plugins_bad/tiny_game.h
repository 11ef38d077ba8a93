/*
 * tiny_game.h — the hooks of a trivial game (one pile of stones, take one
 * per move) for the plugins of tests/lib/plugins_bad/, each of which is wrong
 * in one way only.  Included by one plugin source each: static hooks.
 */
#ifndef TINY_GAME_H
#define TINY_GAME_H

#include <stdio.h>
#include <string.h>

#include "registry.h"

typedef struct tiny_state {
    int side, left;
} tiny_state;

static int tiny_create(qp_rules *r, char *err, size_t errn)
{
    (void)err;
    (void)errn;
    r->state_size = sizeof(tiny_state);
    memset(&r->geom, 0, sizeof r->geom);
    r->geom.w = r->geom.h = r->geom.n = 1;
    r->geom.river = -1;
    memset(r->geom.nb, 0xff, sizeof r->geom.nb);
    return 0;
}

static void tiny_setup(const qp_rules *r, void *s)
{
    (void)r;
    ((tiny_state *)s)->side = 0;
    ((tiny_state *)s)->left = 3;
}

static int tiny_side(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const tiny_state *)s)->side;
}

static bool tiny_piece_at(const qp_rules *r, const void *s, int sq, qp_piece_view *out)
{
    (void)r, (void)s, (void)sq, (void)out;
    return false;
}

static int tiny_gen(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode)
{
    (void)r;
    if (mode == QP_GEN_NOISY || ((const tiny_state *)s)->left == 0) return 0;
    out[0] = 1;
    return 1;
}

static void tiny_make(const qp_rules *r, void *s, qp_move m, void *undo)
{
    (void)r, (void)m, (void)undo;
    ((tiny_state *)s)->left--;
    ((tiny_state *)s)->side ^= 1;
}

static void tiny_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)r, (void)s, (void)m;
    snprintf(buf, n, "take");
}

static int tiny_parse(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err, size_t errn)
{
    (void)r;
    if (!strcmp(text, "take") && ((const tiny_state *)s)->left > 0) {
        *m = 1;
        return 0;
    }
    snprintf(err, errn, "illegal move '%s'", text);
    return -1;
}

static void tiny_outcome(const qp_rules *r, const void *s, qp_outcome *o)
{
    (void)r;
    const tiny_state *t = s;
    o->result = t->left ? QP_ONGOING : QP_WIN;
    o->winner = t->side ^ 1;
    o->reason = t->left ? "" : "last-stone";
}

static uint64_t tiny_hash(const qp_rules *r, const void *s)
{
    (void)r;
    const tiny_state *t = s;
    return (uint64_t)(t->left * 2 + t->side) * 0x9E3779B97F4A7C15ull + 1;
}

/* The required hooks but create, as designated initializers of a table
 * (a qp_ruleset, or a plugin's own copy of an older one). */
#define TINY_HOOKS                                                                                         \
    .setup = tiny_setup, .side_to_move = tiny_side, .piece_at = tiny_piece_at, .gen = tiny_gen,          \
    .make = tiny_make, .move_text = tiny_text, .move_parse = tiny_parse, .outcome = tiny_outcome,        \
    .hash = tiny_hash

#endif
