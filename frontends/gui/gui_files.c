/*
 * gui_files.c — data directory and file paths (see gui_files.h).
 */
#include "gui_files.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int gui_data_dir(char *out, size_t n)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    /* The XDG spec ignores a relative XDG_DATA_HOME. */
    if (xdg && xdg[0] == '/') snprintf(out, n, "%s/qipan", xdg);
    else if (home && *home) snprintf(out, n, "%s/.local/share/qipan", home);
    else {
        out[0] = 0;
        return -1;
    }
    return 0;
}

int gui_autosave_path(const char *ruleset, char *out, size_t n)
{
    char dir[1024];
    if (gui_data_dir(dir, sizeof dir)) return -1;
    snprintf(out, n, "%s/autosave-%s.txt", dir, ruleset);
    return 0;
}

int gui_default_save_path(const char *ruleset, char *out, size_t n)
{
    char dir[1024];
    if (gui_data_dir(dir, sizeof dir)) {
        snprintf(out, n, "%s-game.txt", ruleset);
        return 0;
    }
    snprintf(out, n, "%s/%s-game.txt", dir, ruleset);
    return 0;
}

int gui_make_parent_dirs(const char *path, char *err, size_t errn)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf) return 0;
    *slash = 0;
    for (char *p = buf + 1; ; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
                snprintf(err, errn, "cannot create %s: %s", buf, strerror(errno));
                return -1;
            }
            *p = c;
            if (!c) break;
        }
    }
    return 0;
}

bool gui_file_exists(const char *path)
{
    struct stat st;
    return path && *path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}
