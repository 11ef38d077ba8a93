/*
 * datadirs.h — where qipan finds its files at run time.
 *
 * Nothing here is a path compiled in: everything is found from the
 * environment or from the running executable (/proc/self/exe), so an
 * installed tree can be moved as a whole.
 *
 *  - The shipped data directory (the Lua configurations NAME.lua and
 *    games/): $QIPAN_SCRIPTS when set, else the first that exists of
 *        EXE_DIR/scripts           (build tree: a link to the sources)
 *        EXE_DIR/../share/qipan    (installed: PREFIX/bin/qipan)
 *  - The shipped plugin directory: the first that exists of
 *    EXE_DIR/plugins (build tree) and EXE_DIR/../lib/qipan/plugins.
 *  - Search lists for Lua games and plugins: the shipped directory first,
 *    then each entry of $QIPAN_GAMES_PATH / $QIPAN_PLUGIN_PATH (a
 *    colon-separated list), then the user's folder
 *    $XDG_DATA_HOME/qipan/games or …/plugins ($XDG_DATA_HOME defaults to
 *    ~/.local/share).  The extra folders add to the shipped ones, never
 *    replace them: the first ruleset of a name wins.
 */
#ifndef QP_DATADIRS_H
#define QP_DATADIRS_H

#include <stddef.h>

#define QP_DIRS_MAX 16
#define QP_DIR_LEN 1024

typedef enum { QP_DIRS_GAMES, QP_DIRS_PLUGINS } qp_dirs_kind;

/* An ordered list of distinct directories (duplicates and empty entries
 * are dropped; a directory need not exist). */
typedef struct qp_dirlist {
    int n;
    char dir[QP_DIRS_MAX][QP_DIR_LEN];
} qp_dirlist;

/* The directory holding the running executable ("" if unknown); argv0 is
 * the fallback when /proc/self/exe cannot be read. */
void qp_exe_dir(const char *argv0, char *out, size_t n);

/* The shipped data directory (see above).  Returns 0, or -1 when none was
 * found (out then holds "scripts", relative to the current directory). */
int qp_default_scripts_dir(const char *argv0, char *out, size_t n);
/* The shipped plugin directory (see above). */
void qp_default_plugin_dir(const char *argv0, char *out, size_t n);

/* The user's folder $XDG_DATA_HOME/qipan/SUB (or ~/.local/share/qipan/SUB).
 * Returns -1 when neither XDG_DATA_HOME (absolute) nor HOME is set. */
int qp_user_data_dir(const char *sub, char *out, size_t n);

/* The search list of one kind: shipped (given: scripts_dir/games or the
 * plugin directory), then the environment's, then the user's. */
void qp_search_dirs(qp_dirs_kind kind, const char *shipped, qp_dirlist *out);

#endif
