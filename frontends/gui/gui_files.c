/*
 * gui_files.c — data directory and file paths (see gui_files.h).
 */
#include "gui_files.h"

#include "fileio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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
    return qp_make_dirs(buf, err, errn);
}

bool gui_file_exists(const char *path)
{
    struct stat st;
    return path && *path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int gui_keep_aside(const char *path, const char *tag, char *out, size_t n, char *err, size_t errn)
{
    char base[1024], stamp[32];
    snprintf(base, sizeof base, "%s", path);
    size_t len = strlen(base);
    const char *ext = "";
    if (len > 4 && !strcmp(base + len - 4, ".txt")) {
        base[len - 4] = 0;
        ext = ".txt";
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 1; k < 1000; k++) {
        if (k == 1) snprintf(out, n, "%s-%s-%s%s", base, tag, stamp, ext);
        else snprintf(out, n, "%s-%s-%s-%d%s", base, tag, stamp, k, ext);
        /* link() fails on an existing name, so nothing is ever replaced. */
        if (link(path, out) == 0) {
            if (unlink(path) != 0) {
                snprintf(err, errn, "cannot remove %s: %s", path, strerror(errno));
                unlink(out);
                return -1;
            }
            return 0;
        }
        if (errno != EEXIST) {
            if (rename(path, out) == 0 && !gui_file_exists(path)) return 0;   /* no hard links here */
            snprintf(err, errn, "cannot keep %s as %s: %s", path, out, strerror(errno));
            return -1;
        }
    }
    snprintf(err, errn, "cannot find a free name for %s", path);
    return -1;
}
