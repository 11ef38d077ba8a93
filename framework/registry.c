/*
 * registry.c — rulesets by name: built-ins, plugins (dlopen), and game
 * files through the loaders the program added.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include "registry.h"

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void qp_registry_init(qp_registry *reg, const char *scripts_dir)
{
    memset(reg, 0, sizeof *reg);
    snprintf(reg->scripts_dir, sizeof reg->scripts_dir, "%s", scripts_dir ? scripts_dir : "scripts");
}

void qp_registry_free(qp_registry *reg)
{
    for (int i = 0; i < reg->nowned; i++) reg->owned_by[i]->free(reg->owned[i]);
    for (int i = 0; i < reg->n; i++) free(reg->origin[i]);
    for (int i = 0; i < reg->ndl; i++) dlclose(reg->dl[i]);
    memset(reg, 0, sizeof *reg);
}

/* s in double quotes, every byte outside printable ASCII (and the quote
 * and backslash) written as \xHH: a hostile name never reaches a
 * terminal raw. */
static void quote_bytes(const char *s, char *out, size_t n)
{
    size_t k = 0;
    if (n < 3) {
        if (n) out[0] = 0;
        return;
    }
    out[k++] = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p && k + 6 < n; p++) {
        if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\') out[k++] = (char)*p;
        else k += (size_t)snprintf(out + k, n - k, "\\x%02x", *p);
    }
    out[k++] = '"';
    out[k] = 0;
}

static bool printable_name(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p <= 0x20 || *p >= 0x7f) return false;
    return true;
}

/* A title is UTF-8 text for one line: no C0 or C1 control character
 * (C1 as UTF-8 is C2 80..C2 9F: CSI is C2 9B) and no DEL. */
static bool clean_title(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f || (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)) return false;
    return true;
}

/* Why a plugin's table cannot be read as this qipan's qp_ruleset ("" if
 * it can).  Only abi and size are read: they start every table since ABI
 * 2, and anything further may lie past the end of a shorter one. */
static void check_shape(const qp_ruleset *rs, char *why, size_t n)
{
    static const char rebuild[] = "rebuild it against this qipan's include/qipan";
    why[0] = 0;
    if (rs->abi != QP_ABI_VERSION)
        snprintf(why, n, "built against another qipan/ruleset.h (ABI %d, this qipan expects %d): %s", rs->abi,
                 QP_ABI_VERSION, rebuild);
    else if (rs->size != sizeof(qp_ruleset))
        snprintf(why, n, "built against another qipan/ruleset.h (table of %zu bytes, this qipan expects %zu): %s",
                 rs->size, sizeof(qp_ruleset), rebuild);
}

/* Why rs cannot be registered ("" if it can): no name or one that is not
 * printable, or a hook missing that the framework calls without looking
 * (ruleset.h marks the others optional), which would crash its first
 * caller. */
static void check_ruleset(const qp_ruleset *rs, char *why, size_t n)
{
    why[0] = 0;
    if (!rs || !rs->name || !rs->name[0]) {
        snprintf(why, n, "a ruleset has no name");
        return;
    }
    if (!printable_name(rs->name)) {
        char q[128];
        quote_bytes(rs->name, q, sizeof q);
        snprintf(why, n, "ruleset name %s is not printable ASCII without spaces", q);
        return;
    }
    if (rs->title && !clean_title(rs->title)) {
        char q[160];
        quote_bytes(rs->title, q, sizeof q);
        snprintf(why, n, "ruleset '%s' has control characters in its title %s", rs->name, q);
        return;
    }
    const struct {
        const char *name;
        bool present;
    } required[] = {
        {"create", rs->create},         {"setup", rs->setup},           {"side_to_move", rs->side_to_move},
        {"piece_at", rs->piece_at},     {"gen", rs->gen},               {"make", rs->make},
        {"move_text", rs->move_text},   {"move_parse", rs->move_parse}, {"outcome", rs->outcome},
        {"hash", rs->hash},
    };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!required[i].present) {
            snprintf(why, n, "ruleset '%s' lacks required hook '%s'", rs->name, required[i].name);
            return;
        }
}

/* Why the registry cannot take a ruleset named name ("" if it can). */
static void check_room(const qp_registry *reg, const char *name, char *why, size_t n)
{
    why[0] = 0;
    for (int i = 0; i < reg->n; i++) {
        if (strcmp(reg->rs[i]->name, name)) continue;
        if (reg->origin[i]) snprintf(why, n, "ruleset '%s' is already registered by %s", name, reg->origin[i]);
        else snprintf(why, n, "ruleset '%s' is already a built-in ruleset", name);
        return;
    }
    if (reg->n >= QP_MAX_RULESETS) snprintf(why, n, "too many rulesets (at most %d)", QP_MAX_RULESETS);
}

int qp_registry_add(qp_registry *reg, const qp_ruleset *rs)
{
    char why[QP_ERR] = "";
    char *origin = NULL;
    if (rs && reg->loading_plugin) check_shape(rs, why, sizeof why);
    if (!why[0]) check_ruleset(rs, why, sizeof why);
    if (!why[0]) check_room(reg, rs->name, why, sizeof why);
    if (!why[0] && reg->loading && !(origin = strdup(reg->loading))) snprintf(why, sizeof why, "out of memory");
    if (why[0]) {
        if (!reg->refused[0]) snprintf(reg->refused, sizeof reg->refused, "%s", why);
        return -1;
    }
    reg->origin[reg->n] = origin;
    reg->rs[reg->n++] = rs;
    return 0;
}

/* Drops the rulesets registered after the first `keep` (a refused plugin). */
static void truncate_to(qp_registry *reg, int keep)
{
    while (reg->n > keep) {
        reg->n--;
        free(reg->origin[reg->n]);
        reg->origin[reg->n] = NULL;
    }
}

/* Adds a ruleset read by loader, freed by it with the registry. */
static int add_owned(qp_registry *reg, qp_ruleset *rs, const qp_game_loader *loader)
{
    if (reg->nowned >= QP_MAX_RULESETS || qp_registry_add(reg, rs)) return -1;
    reg->owned_by[reg->nowned] = loader;
    reg->owned[reg->nowned++] = rs;
    return 0;
}

int qp_registry_add_loader(qp_registry *reg, const qp_game_loader *loader)
{
    if (!loader || !loader->suffix || !loader->suffix[0] || !loader->load || !loader->free ||
        reg->nloaders >= QP_MAX_LOADERS)
        return -1;
    for (int i = 0; i < reg->nloaders; i++)
        if (!strcmp(reg->loader[i]->suffix, loader->suffix)) return -1;
    reg->loader[reg->nloaders++] = loader;
    return 0;
}

const qp_ruleset *qp_registry_find(const qp_registry *reg, const char *name)
{
    for (int i = 0; i < reg->n; i++)
        if (!strcmp(reg->rs[i]->name, name)) return reg->rs[i];
    return NULL;
}

/* Why the plugin at path must not be opened ("" if it may): it, or the
 * folder holding it, is writable by every user, so anyone could have put
 * their code there.  The real file is checked, not a link to it.  A name
 * without a slash is left to dlopen's own search of the system's
 * library folders. */
static void check_place(const char *path, char *why, size_t n)
{
    char real[PATH_MAX];
    struct stat st;
    why[0] = 0;
    if (!strchr(path, '/') || !realpath(path, real)) return;   /* dlopen says what is wrong */
    if (stat(real, &st) == 0 && (st.st_mode & S_IWOTH)) {
        snprintf(why, n, "refused: %s is writable by every user", real);
        return;
    }
    char *slash = strrchr(real, '/');
    if (slash == real) slash[1] = 0;
    else *slash = 0;
    if (stat(real, &st) == 0 && (st.st_mode & S_IWOTH))
        snprintf(why, n, "refused: its folder %s is writable by every user", real);
}

int qp_registry_load_plugin(qp_registry *reg, const char *path, char *err, size_t errn)
{
    if (reg->ndl >= (int)(sizeof reg->dl / sizeof reg->dl[0])) {
        snprintf(err, errn, "%s: too many plugins", path);
        return -1;
    }
    char why[PATH_MAX + 64];
    check_place(path, why, sizeof why);
    if (why[0]) {
        snprintf(err, errn, "plugin %s: %s", path, why);
        return -1;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, errn, "%s", dlerror());
        return -1;
    }
    const int *abi = dlsym(h, "qp_plugin_abi");
    int (*reg_fn)(qp_registry *) = (int (*)(qp_registry *))dlsym(h, "qp_plugin_register");
    if (!abi || !reg_fn) {
        snprintf(err, errn, "%s: not a qipan plugin (no qp_plugin_abi / qp_plugin_register)", path);
        dlclose(h);
        return -1;
    }
    if (*abi != QP_ABI_VERSION) {
        snprintf(err, errn,
                 "plugin %s: built against another qipan/ruleset.h (ABI %d, this qipan expects %d): "
                 "rebuild it against this qipan's include/qipan",
                 path, *abi, QP_ABI_VERSION);
        dlclose(h);
        return -1;
    }
    int before = reg->n;
    reg->refused[0] = 0;
    reg->loading = path;
    reg->loading_plugin = true;
    int rc = reg_fn(reg);
    reg->loading = NULL;
    reg->loading_plugin = false;
    /* A refused ruleset refuses its plugin, whatever the plugin returned:
     * nothing of it stays registered. */
    if (rc != 0 || reg->refused[0]) {
        if (reg->refused[0]) snprintf(err, errn, "plugin %s: %s", path, reg->refused);
        else snprintf(err, errn, "plugin %s: its qp_plugin_register failed (returned %d)", path, rc);
        reg->refused[0] = 0;
        truncate_to(reg, before);
        dlclose(h);
        return -1;
    }
    reg->dl[reg->ndl++] = h;
    return 0;
}

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a > b && !strcmp(s + a - b, suf);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The loader that claims file name, or NULL. */
static const qp_game_loader *loader_of(const qp_registry *reg, const char *name)
{
    for (int i = 0; i < reg->nloaders; i++)
        if (has_suffix(name, reg->loader[i]->suffix)) return reg->loader[i];
    return NULL;
}

/* Sorted file names in dir ending with suffix (reg: with a loader's
 * suffix); returns the count. */
static int list_dir(const qp_registry *reg, const char *dir, const char *suffix, char names[][256], int max)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max)
        if (reg ? loader_of(reg, e->d_name) != NULL : has_suffix(e->d_name, suffix))
            snprintf(names[n++], 256, "%s", e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_names);   /* load order must not depend on the disk */
    return n;
}

/* The problems of a directory's files, one line each, in a caller's
 * buffer: as many whole lines as fit (the first always, cut if it must
 * be), then a last line counting the ones left out. */
typedef struct problems {
    char *buf;
    size_t n, len;
    int dropped;
} problems;

#define PROBLEMS_TAIL 32   /* room kept for "\n... and N more" */

static void problem(problems *p, const char *msg)
{
    if (p->n <= 2 * PROBLEMS_TAIL) {   /* too small for a list: the first only */
        if (!p->len && p->n) {
            snprintf(p->buf, p->n, "%s", msg);
            p->len = strlen(p->buf);
        }
        return;
    }
    size_t room = p->n - PROBLEMS_TAIL;
    if (!p->dropped && (!p->len || p->len + 1 + strlen(msg) < room)) {
        snprintf(p->buf + p->len, room - p->len, "%s%s", p->len ? "\n" : "", msg);
        p->len += strlen(p->buf + p->len);
        return;
    }
    p->dropped++;
    snprintf(p->buf + p->len, p->n - p->len, "\n... and %d more", p->dropped);
}

int qp_registry_load_games(qp_registry *reg, char *err, size_t errn)
{
    char dir[QP_PATH + 8];
    snprintf(dir, sizeof dir, "%s/games", reg->scripts_dir);
    return qp_registry_load_game_dir(reg, dir, err, errn);
}

int qp_registry_load_game_dir(qp_registry *reg, const char *dir, char *err, size_t errn)
{
    char names[64][256];
    problems pr = {err, errn, 0, 0};
    if (errn) err[0] = 0;
    int n = list_dir(reg, dir, NULL, names, 64), loaded = 0;
    for (int i = 0; i < n; i++) {
        char path[QP_PATH + 300], e[QP_ERR + 64];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        const qp_game_loader *loader = loader_of(reg, names[i]);
        qp_ruleset *rs = loader->load(path, e, sizeof e);
        if (!rs) {
            problem(&pr, e);
            continue;
        }
        reg->refused[0] = 0;
        reg->loading = path;
        int rc = add_owned(reg, rs, loader);
        reg->loading = NULL;
        if (rc) {
            snprintf(e, sizeof e, "%s: %s", path, reg->refused[0] ? reg->refused : "refused by the registry");
            reg->refused[0] = 0;
            problem(&pr, e);
            loader->free(rs);
            continue;
        }
        loaded++;
    }
    return loaded;
}

int qp_registry_load_plugin_dir(qp_registry *reg, const char *dir, char *err, size_t errn)
{
    char names[64][256];
    problems pr = {err, errn, 0, 0};
    if (errn) err[0] = 0;
    int n = list_dir(NULL, dir, ".so", names, 64), loaded = 0;
    for (int i = 0; i < n; i++) {
        char path[QP_PATH + 300], e[QP_ERR + 64];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (qp_registry_load_plugin(reg, path, e, sizeof e)) {
            problem(&pr, e);
            continue;
        }
        loaded++;
    }
    return loaded;
}
