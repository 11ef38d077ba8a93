/*
 * silent.c — a plugin that registers fine but whose create hook fails
 * without writing a message: the frontend must say so in its own words,
 * never print the message buffer as it was (tests/unit/test_registry.c).
 */
#include "tiny_game.h"

static int silent_create(qp_rules *r, char *err, size_t errn)
{
    (void)r, (void)err, (void)errn;
    return -1;
}

static const qp_ruleset silent_ruleset = {
    QP_RULESET_HEAD,
    .name = "silent",
    .title = "a ruleset whose create fails without a word",
    .create = silent_create,
    TINY_HOOKS,
};

int qp_plugin_abi = QP_ABI_VERSION;

int qp_plugin_register(qp_registry *reg)
{
    /* tiny_create is the good create; unused here */
    (void)tiny_create;
    return qp_registry_add(reg, &silent_ruleset);
}
