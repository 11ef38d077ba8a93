/*
 * registry.h — rulesets by name: built-in C rulesets, plugin shared
 * objects, and game files read by a loader (a Lua game file is one).
 *
 * The registry is a value the caller owns (no global table).  Built-ins
 * are added by rulesets/builtin.c's qp_register_builtin().  A plugin is a
 * shared object exporting
 *     int qp_plugin_abi;                              (== QP_ABI_VERSION)
 *     int qp_plugin_register(qp_registry *reg);       (0 on success)
 * whose tables start with QP_RULESET_HEAD (ruleset.h): a table of another
 * ABI or size was compiled against another ruleset.h and is refused.  A
 * plugin that is, or whose folder is, writable by every user is refused
 * before it is opened: anyone could have replaced it.
 * Game files are read by the loaders the program adds (qp_game_loader:
 * qp_register_builtin adds the Lua adapter's, for NAME.lua), each
 * claiming the files whose names end with its suffix; the registry
 * knows no file format itself.  The shipped ones are in scripts/games/.
 *
 * A ruleset name is printable ASCII without spaces (it is typed on the
 * command line and printed in messages) and unique: the first of a name
 * stays, a later one is refused saying where the first came from.  A
 * title is one line of UTF-8 text without control characters.
 */
#ifndef QP_REGISTRY_H
#define QP_REGISTRY_H

#include <stdbool.h>

#include "datadirs.h"
#include "ruleset.h"

#define QP_MAX_RULESETS 64
#define QP_MAX_LOADERS 4
#define QP_PATH 1024

/* Reads game files of one format into rulesets.  load returns a heap
 * ruleset, or NULL with "FILE:LINE: message" in err; the registry frees
 * what it keeps with free. */
typedef struct qp_game_loader {
    const char *suffix;   /* the file names it claims end with this: ".lua" */
    qp_ruleset *(*load)(const char *path, char *err, size_t errn);
    void (*free)(qp_ruleset *rs);
} qp_game_loader;

typedef struct qp_registry {
    int n;
    const qp_ruleset *rs[QP_MAX_RULESETS];
    qp_ruleset *owned[QP_MAX_RULESETS];   /* read from game files; freed with the registry */
    const qp_game_loader *owned_by[QP_MAX_RULESETS];   /* the loader that frees owned[i] */
    int nowned;
    const qp_game_loader *loader[QP_MAX_LOADERS];
    int nloaders;
    char *origin[QP_MAX_RULESETS];         /* the plugin or game file rs[i] came from; NULL: built in */
    void *dl[16];                          /* dlopen handles */
    int ndl;
    char scripts_dir[QP_PATH];             /* where configs and games/ live */
    char refused[QP_ERR];                  /* why qp_registry_add first refused a ruleset */
    const char *loading;                   /* the plugin or game file being registered, or NULL */
    bool loading_plugin;                   /* loading is a plugin: its tables' shape is checked */
} qp_registry;

void qp_registry_init(qp_registry *reg, const char *scripts_dir);
void qp_registry_free(qp_registry *reg);
/* Adds a ruleset (not copied: it must outlive the registry).  -1 if the
 * ruleset has no name or one that is not printable, if the name is taken
 * or the registry full, if it lacks a hook the framework calls
 * unconditionally (create, setup, side_to_move, piece_at, gen, make,
 * move_text, move_parse, outcome, hash), or (from a plugin) if its table
 * has another ABI or size: then reg->refused says why ("ruleset 'NAME'
 * lacks required hook 'gen'", "ruleset 'nim' is already registered by
 * PATH", "... is already a built-in ruleset"), unless it already held a
 * reason, and a plugin that registered it is refused as a whole. */
int qp_registry_add(qp_registry *reg, const qp_ruleset *rs);
/* Adds a reader of game files (not copied: it must outlive the registry);
 * -1 if it lacks a suffix, load or free, if the table is full or if
 * another loader claims the same suffix. */
int qp_registry_add_loader(qp_registry *reg, const qp_game_loader *loader);
const qp_ruleset *qp_registry_find(const qp_registry *reg, const char *name);
/* dlopen a plugin and let it register; -1 with err on failure ("plugin
 * PATH: ruleset 'nim' lacks required hook 'gen'", "plugin PATH: built
 * against another qipan/ruleset.h (table of 200 bytes, this qipan expects
 * 240): rebuild it against this qipan's include/qipan", "plugin PATH:
 * refused: its folder DIR is writable by every user", ...).  A refused
 * plugin leaves nothing registered. */
int qp_registry_load_plugin(qp_registry *reg, const char *path, char *err, size_t errn);
/* Registers every game file of scripts_dir/games/ that a loader claims,
 * in the order of their names, and returns how many.  Every broken file
 * is reported in err, one line each ("FILE:LINE: message"), as many as
 * fit in errn; the good files still register. */
int qp_registry_load_games(qp_registry *reg, char *err, size_t errn);
/* The same for the game files in dir (user and extra game folders).
 * Every broken file is reported in err, one line each. */
int qp_registry_load_game_dir(qp_registry *reg, const char *dir, char *err, size_t errn);
/* Loads every *.so in dir; returns how many.  Every refused plugin is
 * reported in err, one line each, as above. */
int qp_registry_load_plugin_dir(qp_registry *reg, const char *dir, char *err, size_t errn);

#endif
