/*
 * ruleset.c — creating ruleset instances and small helpers over the hooks.
 */
#include "ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

qp_rules *qp_rules_create(const qp_ruleset *rs, const qp_params *params, char *err, size_t errn)
{
    if (rs->abi != QP_ABI_VERSION) {
        snprintf(err, errn, "ruleset '%s' has ABI %d, qipan needs %d", rs->name, rs->abi, QP_ABI_VERSION);
        return NULL;
    }
    qp_rules *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    r->rs = rs;
    if (qp_params_init(&r->params, rs->params, err, errn)) {
        free(r);
        return NULL;
    }
    if (params) {
        /* Copy by key so params built for another schema cannot misalign. */
        for (int i = 0; i < params->n; i++) {
            const qp_param_val *v = &params->v[i];
            if (qp_params_set(&r->params, v->def->key, v->text, err, errn)) {
                free(r);
                return NULL;
            }
        }
    }
    r->nsides = 2;
    r->side_names[0] = "first";
    r->side_names[1] = "second";
    static const char *const no_flags[] = {NULL};
    r->flag_names = no_flags;
    /* A create hook that fails without a word still gets a message: no
     * caller prints an uninitialised buffer. */
    if (errn) err[0] = 0;
    if (rs->create(r, err, errn)) {
        if (errn && !err[0]) snprintf(err, errn, "its create hook failed without a message");
        free(r);
        return NULL;
    }
    if (!r->help_text) r->help_text = rs->help_text;
    return r;
}

void qp_rules_free(qp_rules *r)
{
    if (!r) return;
    if (r->rs->destroy) r->rs->destroy(r);
    free(r);
}

void *qp_state_new(const qp_rules *r)
{
    return calloc(1, r->state_size ? r->state_size : 1);
}

bool qp_move_is_legal(const qp_rules *r, const void *s, qp_move m)
{
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++)
        if (mv[i] == m) return true;
    return false;
}

uint64_t qp_board_key(const qp_rules *r, const void *s)
{
    return r->rs->board_key ? r->rs->board_key(r, s) : r->rs->hash(r, s);
}

const char *qp_side_name(const qp_rules *r, int side)
{
    if (side < 0 || side >= r->nsides || !r->side_names[side]) return "?";
    return r->side_names[side];
}

void qp_flags_text(const qp_rules *r, unsigned flags, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; r->flag_names && r->flag_names[i] && i < 32; i++) {
        if (!(flags & (1u << i))) continue;
        int k = snprintf(buf + len, n - len, "%s%s", len ? " " : "", r->flag_names[i]);
        if (k < 0 || (size_t)k >= n - len) break;
        len += (size_t)k;
    }
}
