/*
 * builtin.c — registers the rulesets compiled into qipan.
 */
#include "registry.h"

extern const qp_ruleset zg_ruleset;
extern const qp_ruleset xq_ruleset;

void qp_register_builtin(qp_registry *reg)
{
    qp_registry_add(reg, &zg_ruleset);
    qp_registry_add(reg, &xq_ruleset);
}
