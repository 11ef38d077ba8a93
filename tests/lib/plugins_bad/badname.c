/*
 * badname.c — a plugin whose ruleset name holds a terminal escape
 * sequence: the registry refuses it and its message shows the bytes
 * escaped, never raw (tests/unit/test_registry.c).
 */
#include "tiny_game.h"

static const qp_ruleset badname_ruleset = {
    QP_RULESET_HEAD,
    .name = "bad\x1b[2Jname",
    .title = "a ruleset whose name clears the screen",
    .create = tiny_create,
    TINY_HOOKS,
};

int qp_plugin_abi = QP_ABI_VERSION;

int qp_plugin_register(qp_registry *reg)
{
    return qp_registry_add(reg, &badname_ruleset);
}
