/*
 * nogen.c — a plugin the registry must refuse (tests/unit/test_registry.c): its
 * ruleset has every required hook but gen, so the first search or perft
 * would call a NULL pointer if it were registered.
 */
#include <string.h>

#include "registry.h"

typedef struct nogen_state {
    int side;
} nogen_state;

static int nogen_create(qp_rules *r, char *err, size_t errn)
{
    (void)err;
    (void)errn;
    r->state_size = sizeof(nogen_state);
    r->side_names[0] = "first";
    r->side_names[1] = "second";
    memset(&r->geom, 0, sizeof r->geom);
    r->geom.w = r->geom.h = r->geom.n = 1;
    r->geom.river = -1;
    memset(r->geom.nb, 0xff, sizeof r->geom.nb);
    return 0;
}

static void nogen_setup(const qp_rules *r, void *s)
{
    memset(s, 0, r->state_size);
}

static int nogen_side(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const nogen_state *)s)->side;
}

static bool nogen_piece_at(const qp_rules *r, const void *s, int sq, qp_piece_view *out)
{
    (void)r, (void)s, (void)sq, (void)out;
    return false;
}

static void nogen_make(const qp_rules *r, void *s, qp_move m, void *undo)
{
    (void)r, (void)m, (void)undo;
    ((nogen_state *)s)->side ^= 1;
}

static void nogen_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)r, (void)s, (void)m;
    if (n) buf[0] = 0;
}

static int nogen_parse(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err, size_t errn)
{
    (void)r, (void)s, (void)text, (void)m, (void)err, (void)errn;
    return -1;
}

static void nogen_outcome(const qp_rules *r, const void *s, qp_outcome *o)
{
    (void)r, (void)s;
    o->result = QP_ONGOING;
}

static uint64_t nogen_hash(const qp_rules *r, const void *s)
{
    (void)r;
    return (uint64_t)((const nogen_state *)s)->side;
}

static const qp_ruleset nogen_ruleset = {
    QP_RULESET_HEAD,
    .name = "nogen",
    .title = "a ruleset without gen",
    .create = nogen_create,
    .setup = nogen_setup,
    .side_to_move = nogen_side,
    .piece_at = nogen_piece_at,
    .make = nogen_make,
    .move_text = nogen_text,
    .move_parse = nogen_parse,
    .outcome = nogen_outcome,
    .hash = nogen_hash,
};

int qp_plugin_abi = QP_ABI_VERSION;

/* Ignores the registry's answer on purpose, as a careless plugin would:
 * the loader must refuse the plugin anyway. */
int qp_plugin_register(qp_registry *reg)
{
    qp_registry_add(reg, &nogen_ruleset);
    return 0;
}
