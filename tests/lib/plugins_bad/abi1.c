/*
 * abi1.c — a plugin built before tables carried their size (ABI 1): its
 * tables have no size field, so nothing after abi is where this qipan
 * looks for it.  The loader must refuse it by qp_plugin_abi alone,
 * without calling qp_plugin_register (tests/unit/test_registry.c).
 */
#include <stdlib.h>

#include "registry.h"

int qp_plugin_abi = 1;

int qp_plugin_register(qp_registry *reg)
{
    (void)reg;
    abort();   /* never reached: the test fails loudly if it is */
}
