/*
 * datadirs.c — run-time lookup of data, game and plugin directories.
 */
#include "datadirs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

void qp_exe_dir(const char *argv0, char *out, size_t n)
{
    char exe[QP_DIR_LEN];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k > 0) exe[k] = 0;
    else snprintf(exe, sizeof exe, "%s", argv0 ? argv0 : "");
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    else exe[0] = 0;
    snprintf(out, n, "%s", exe);
}

/* The first of EXE_DIR + rel[i] that is a directory; -1 if none. */
static int first_dir(const char *argv0, const char *const *rel, char *out, size_t n)
{
    char dir[QP_DIR_LEN];
    qp_exe_dir(argv0, dir, sizeof dir);
    for (size_t i = 0; dir[0] && rel[i]; i++) {
        char cand[QP_DIR_LEN + 32];
        snprintf(cand, sizeof cand, "%s%s", dir, rel[i]);
        if (is_dir(cand)) {
            snprintf(out, n, "%s", cand);
            return 0;
        }
    }
    return -1;
}

int qp_default_scripts_dir(const char *argv0, char *out, size_t n)
{
    const char *env = getenv("QIPAN_SCRIPTS");
    if (env && *env) {
        snprintf(out, n, "%s", env);
        return 0;
    }
    /* the build tree's link first: a build directory may sit next to an
     * installed share/qipan, while an installed bin/ has no scripts/ */
    static const char *const rel[] = {"/scripts", "/../share/qipan", NULL};
    if (first_dir(argv0, rel, out, n) == 0) return 0;
    snprintf(out, n, "scripts");
    return -1;
}

void qp_default_plugin_dir(const char *argv0, char *out, size_t n)
{
    static const char *const rel[] = {"/plugins", "/../lib/qipan/plugins", NULL};
    if (first_dir(argv0, rel, out, n) == 0) return;
    char dir[QP_DIR_LEN];
    qp_exe_dir(argv0, dir, sizeof dir);
    snprintf(out, n, "%s/plugins", dir[0] ? dir : ".");
}

int qp_user_data_dir(const char *sub, char *out, size_t n)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    /* The XDG spec ignores a relative XDG_DATA_HOME. */
    if (xdg && xdg[0] == '/') snprintf(out, n, "%s/qipan/%s", xdg, sub);
    else if (home && *home) snprintf(out, n, "%s/.local/share/qipan/%s", home, sub);
    else {
        out[0] = 0;
        return -1;
    }
    return 0;
}

/* Adds dir unless empty, already listed (same text or same directory on
 * disk), or the list is full. */
static void add_dir(qp_dirlist *l, const char *dir, size_t len)
{
    if (len == 0 || len >= QP_DIR_LEN || l->n >= QP_DIRS_MAX) return;
    char d[QP_DIR_LEN];
    memcpy(d, dir, len);
    d[len] = 0;
    struct stat a, b;
    int have = stat(d, &a) == 0;
    for (int i = 0; i < l->n; i++) {
        if (!strcmp(l->dir[i], d)) return;
        if (have && stat(l->dir[i], &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) return;
    }
    snprintf(l->dir[l->n++], QP_DIR_LEN, "%s", d);
}

void qp_search_dirs(qp_dirs_kind kind, const char *shipped, qp_dirlist *out)
{
    out->n = 0;
    if (shipped) add_dir(out, shipped, strlen(shipped));
    const char *env = getenv(kind == QP_DIRS_GAMES ? "QIPAN_GAMES_PATH" : "QIPAN_PLUGIN_PATH");
    for (const char *p = env; p && *p;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        add_dir(out, p, len);
        p += len + (colon ? 1 : 0);
    }
    char user[QP_DIR_LEN];
    if (qp_user_data_dir(kind == QP_DIRS_GAMES ? "games" : "plugins", user, sizeof user) == 0)
        add_dir(out, user, strlen(user));
}
