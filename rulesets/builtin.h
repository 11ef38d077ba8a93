/*
 * builtin.h — the rulesets compiled into qipan, and the registry the
 * developer tools start from.
 */
#ifndef QP_BUILTIN_H
#define QP_BUILTIN_H

#include <stddef.h>

#include "registry.h"

/* Registers the built-in rulesets (Zhonggong, Xiangqi) and the loaders
 * of game files compiled in (Lua: NAME.lua). */
void qp_register_builtin(qp_registry *reg);
/* A registry over the scripts folder found from argv0
 * (qp_default_scripts_dir) with the built-in rulesets and the games of
 * its games/ folder; returns qp_registry_load_games's count, broken game
 * files reported in err as it does. */
int qp_registry_open(qp_registry *reg, const char *argv0, char *err, size_t errn);

#endif
