/*
 * builtin.c — registers the rulesets and game-file loaders compiled into
 * qipan: the one place that names them, so the registry names none.
 */
#include "builtin.h"

#include "datadirs.h"
#include "lua_ruleset.h"
#include "xiangqi.h"
#include "zhonggong.h"

void qp_register_builtin(qp_registry *reg)
{
    qp_registry_add(reg, &zg_ruleset);
    qp_registry_add(reg, &xq_ruleset);
    qp_registry_add_loader(reg, &qp_lua_loader);
}

int qp_registry_open(qp_registry *reg, const char *argv0, char *err, size_t errn)
{
    char dir[QP_PATH];
    qp_default_scripts_dir(argv0, dir, sizeof dir);
    qp_registry_init(reg, dir);
    qp_register_builtin(reg);
    return qp_registry_load_games(reg, err, errn);
}
