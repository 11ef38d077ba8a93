/*
 * config.h — configuration files: what one holds, read by the Lua
 * adapter (qp_config_load*, framework/lua/lua_config.c), and applying it
 * to a ruleset's parameters (qp_config_apply, config.c, which knows no
 * file format).
 *
 * A config file is a Lua 5.4 chunk returning a table:
 *     return { ruleset = "zhonggong", draw = { repetitions = 3 }, ... }
 * It runs in a sandbox (base functions without dofile/loadfile/load,
 * string, table, math, utf8; no io, os or package) with an instruction
 * limit, so a config cannot touch the machine or hang.  Nested tables become
 * dotted keys.  Applying a config to a qp_params checks every key against
 * the schema: an unknown key or a wrong type is an error naming the key and
 * file:line ("scripts/zhonggong.lua:14: unknown key 'draw.repetition'").
 */
#ifndef QP_CONFIG_H
#define QP_CONFIG_H

#include <stdbool.h>

#include "params.h"

#define QP_CONFIG_MAX 128

typedef struct qp_config_entry {
    char key[96];
    char text[QP_PARAM_TEXT];    /* value as canonical text */
    qp_param_type type;          /* what the Lua value looked like */
    int line;                    /* source line of the key, 0 if unknown */
    /* A table of named fields is one entry (type QP_PT_MAP) followed by
     * `fields` entries for everything inside it, so apply can take it
     * whole for a map key or by its dotted fields otherwise.  map: every
     * field is an integer and text is "a=1,b=2". */
    int fields;
    bool map;
} qp_config_entry;

typedef struct qp_config {
    char path[1024];
    char ruleset[64];            /* "" when the file names none */
    int n;
    qp_config_entry e[QP_CONFIG_MAX];
} qp_config;

/* Loads and flattens path (lua_config.c).  Returns 0, or -1 with
 * "file:line: message". */
int qp_config_load(qp_config *c, const char *path, char *err, size_t errn);
/* Same for a chunk held in memory (tests); name is used in messages. */
int qp_config_load_string(qp_config *c, const char *name, const char *src, char *err, size_t errn);
/* Applies every entry to p.  Returns 0, or -1 with "file:line: ..." */
int qp_config_apply(const qp_config *c, qp_params *p, char *err, size_t errn);

#endif
