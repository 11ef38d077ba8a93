/*
 * builtin.c — registers the rulesets compiled into qipan.
 */
#include "builtin.h"

#include "datadirs.h"
#include "xiangqi.h"
#include "zhonggong.h"

void qp_register_builtin(qp_registry *reg)
{
    qp_registry_add(reg, &zg_ruleset);
    qp_registry_add(reg, &xq_ruleset);
}

int qp_registry_open(qp_registry *reg, const char *argv0, char *err, size_t errn)
{
    char dir[QP_PATH];
    qp_default_scripts_dir(argv0, dir, sizeof dir);
    qp_registry_init(reg, dir);
    qp_register_builtin(reg);
    return qp_registry_load_lua_games(reg, err, errn);
}
