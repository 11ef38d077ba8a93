/*
 * registry.h — rulesets by name: built-in C rulesets, plugin shared
 * objects, and rulesets written in Lua (wrapped by lua_ruleset.h).
 *
 * The registry is a value the caller owns (no global table).  Built-ins
 * are added by rulesets/builtin.c's qp_register_builtin().  A plugin is a
 * shared object exporting
 *     int qp_plugin_abi;                              (== QP_ABI_VERSION)
 *     int qp_plugin_register(qp_registry *reg);       (0 on success)
 * Lua rulesets are found as scripts/games/NAME.lua.
 */
#ifndef QP_REGISTRY_H
#define QP_REGISTRY_H

#include "datadirs.h"
#include "ruleset.h"

#define QP_MAX_RULESETS 64
#define QP_PATH 1024

typedef struct qp_registry {
    int n;
    const qp_ruleset *rs[QP_MAX_RULESETS];
    qp_ruleset *owned[QP_MAX_RULESETS];   /* allocated by adapters; freed with the registry */
    int nowned;
    void *dl[16];                          /* dlopen handles */
    int ndl;
    char scripts_dir[QP_PATH];             /* where NAME.lua configs and games/ live */
    char refused[QP_ERR];                  /* why qp_registry_add last refused a ruleset */
} qp_registry;

void qp_registry_init(qp_registry *reg, const char *scripts_dir);
void qp_registry_free(qp_registry *reg);
/* Adds a ruleset (not copied: it must outlive the registry).  -1 if the
 * name is taken or the table is full, or if the ruleset has no name or
 * lacks a hook the framework calls unconditionally (create, setup,
 * side_to_move, piece_at, gen, make, move_text, move_parse, outcome,
 * hash): then reg->refused says "ruleset 'NAME' lacks required hook
 * 'gen'", and a plugin that registered it is refused as a whole. */
int qp_registry_add(qp_registry *reg, const qp_ruleset *rs);
/* Takes ownership of a heap ruleset (adapters). */
int qp_registry_add_owned(qp_registry *reg, qp_ruleset *rs);
const qp_ruleset *qp_registry_find(const qp_registry *reg, const char *name);
/* dlopen a plugin and let it register; -1 with err on failure ("plugin
 * PATH: ruleset 'nim' lacks required hook 'gen'", ...).  A refused plugin
 * leaves nothing registered. */
int qp_registry_load_plugin(qp_registry *reg, const char *path, char *err, size_t errn);
/* Registers every scripts_dir/games/ *.lua ruleset and returns how many.
 * Every broken file is reported in err, one line each ("FILE:LINE:
 * message"), as many as fit in errn; the good files still register. */
int qp_registry_load_lua_games(qp_registry *reg, char *err, size_t errn);
/* The same for every *.lua in dir (user and extra game folders).  Every
 * broken file is reported in err, one line each. */
int qp_registry_load_lua_dir(qp_registry *reg, const char *dir, char *err, size_t errn);
/* Loads every *.so in dir; returns how many.  Every refused plugin is
 * reported in err, one line each, as above. */
int qp_registry_load_plugin_dir(qp_registry *reg, const char *dir, char *err, size_t errn);

#endif
