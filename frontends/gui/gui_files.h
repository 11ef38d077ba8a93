/*
 * gui_files.h — where the window keeps its files: the data directory
 * ($XDG_DATA_HOME/qipan, else ~/.local/share/qipan), the autosave of each
 * ruleset (autosave-RULESET.txt) and the default save file.  Games are
 * written in the shared record format (record.h), so the console and the
 * window read each other's files.
 */
#ifndef GUI_FILES_H
#define GUI_FILES_H

#include <stdbool.h>
#include <stddef.h>

/* The data directory; returns 0, or -1 when neither XDG_DATA_HOME nor
 * HOME is set. */
int gui_data_dir(char *out, size_t n);
int gui_autosave_path(const char *ruleset, char *out, size_t n);
int gui_default_save_path(const char *ruleset, char *out, size_t n);
/* Creates the directories leading to file path (mkdir -p of its parent).
 * Returns 0 or -1 with err. */
int gui_make_parent_dirs(const char *path, char *err, size_t errn);
bool gui_file_exists(const char *path);
/* Moves a file the window would otherwise overwrite or delete out of the
 * way: FILE.txt becomes FILE-TAG-YYYYmmdd-HHMMSS[-N].txt in the same
 * folder (never over an existing file).  The new name goes to out.
 * Returns 0, or -1 with err. */
int gui_keep_aside(const char *path, const char *tag, char *out, size_t n, char *err, size_t errn);

#endif
