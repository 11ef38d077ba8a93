/*
 * library.h — the game library: every finished game the window plays is
 * kept as a record in the user's data folder ($XDG_DATA_HOME/qipan/library,
 * one PGN file a game, named RULESET-YYYYmmdd-HHMMSS.txt), so a won or lost
 * game can be looked at again without having been saved by hand.
 *
 * Files are written once and never replaced (a name taken by another game
 * gets -2, -3 …); `qipan library` lists them, newest first, and any command
 * that loads a record (--load, the window's Load) opens them.
 */
#ifndef QP_LIBRARY_H
#define QP_LIBRARY_H

#include <stddef.h>

#include "game.h"

/* The library folder (not created).  Returns 0, or -1 when the user has no
 * data folder (neither XDG_DATA_HOME nor HOME). */
int qp_library_dir(char *out, size_t n);

/* A new, empty file of the library for a game of ruleset (the folder made
 * when missing), its name in path, for a writer that replaces it whole
 * (the safe save).  Returns 0, or -1 with err and nothing made. */
int qp_library_reserve(const char *ruleset, char *path, size_t pathn, char *err, size_t errn);

/* Writes g (the whole record, its result and reason) as a new file of the
 * library; the file's name goes to path.  Returns 0, or -1 with err and
 * nothing written. */
int qp_library_keep(const qp_game *g, char *path, size_t pathn, char *err, size_t errn);

/* One game of the library, as its record's tags say. */
typedef struct qp_library_entry {
    char file[256];            /* name within the folder */
    char ruleset[64];
    char date[32];
    char white[96], black[96]; /* [White]/[Red] and [Black], "?" when unknown */
    char result[16];           /* the result token: 1-0, 0-1, 1/2-1/2, * */
    char reason[128];          /* [Termination], "" without */
    int plies;
} qp_library_entry;

/* The games of the library, newest first (by file name: the time it was
 * kept), in *out (malloc'd, *n of them; free()).  Files that are not
 * readable records are left out and counted in *bad.  A missing folder is
 * an empty library.  Returns 0, or -1 with err. */
int qp_library_list(qp_library_entry **out, int *n, int *bad, char *err, size_t errn);

/* Deleting keeps the file, hidden: FILE (a name within the folder, as
 * listed) becomes ".deleted-FILE", which the list leaves out, and
 * qp_library_restore brings it back, so a delete can be undone.  Names
 * with a '/' or a leading '.' are refused.  Return 0, or -1 with err and
 * nothing changed. */
int qp_library_delete(const char *file, char *err, size_t errn);
int qp_library_restore(const char *file, char *err, size_t errn);

#endif
