/*
 * registry.c — rulesets by name: built-ins, plugins (dlopen), Lua games.
 */
#include "registry.h"
#include "lua_ruleset.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void qp_registry_init(qp_registry *reg, const char *scripts_dir)
{
    memset(reg, 0, sizeof *reg);
    snprintf(reg->scripts_dir, sizeof reg->scripts_dir, "%s", scripts_dir ? scripts_dir : "scripts");
}

void qp_registry_free(qp_registry *reg)
{
    for (int i = 0; i < reg->nowned; i++) qp_lua_ruleset_free(reg->owned[i]);
    for (int i = 0; i < reg->ndl; i++) dlclose(reg->dl[i]);
    memset(reg, 0, sizeof *reg);
}

/* Why rs cannot be registered ("" if it can): no name, or a hook missing
 * that the framework calls without looking (ruleset.h marks the others
 * optional), which would crash its first caller. */
static void check_ruleset(const qp_ruleset *rs, char *why, size_t n)
{
    why[0] = 0;
    if (!rs || !rs->name || !rs->name[0]) {
        snprintf(why, n, "a ruleset has no name");
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

int qp_registry_add(qp_registry *reg, const qp_ruleset *rs)
{
    char why[QP_ERR];
    check_ruleset(rs, why, sizeof why);
    if (why[0]) {
        if (!reg->refused[0]) snprintf(reg->refused, sizeof reg->refused, "%s", why);
        return -1;
    }
    if (reg->n >= QP_MAX_RULESETS || qp_registry_find(reg, rs->name)) return -1;
    reg->rs[reg->n++] = rs;
    return 0;
}

int qp_registry_add_owned(qp_registry *reg, qp_ruleset *rs)
{
    if (reg->nowned >= QP_MAX_RULESETS || qp_registry_add(reg, rs)) return -1;
    reg->owned[reg->nowned++] = rs;
    return 0;
}

const qp_ruleset *qp_registry_find(const qp_registry *reg, const char *name)
{
    for (int i = 0; i < reg->n; i++)
        if (!strcmp(reg->rs[i]->name, name)) return reg->rs[i];
    return NULL;
}

int qp_registry_load_plugin(qp_registry *reg, const char *path, char *err, size_t errn)
{
    if (reg->ndl >= (int)(sizeof reg->dl / sizeof reg->dl[0])) {
        snprintf(err, errn, "%s: too many plugins", path);
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
        snprintf(err, errn, "%s: plugin ABI %d, qipan needs %d", path, *abi, QP_ABI_VERSION);
        dlclose(h);
        return -1;
    }
    int before = reg->n;
    reg->refused[0] = 0;
    int rc = reg_fn(reg);
    /* A refused ruleset refuses its plugin, whatever the plugin returned:
     * nothing of it stays registered. */
    if (rc != 0 || reg->refused[0]) {
        if (reg->refused[0]) snprintf(err, errn, "plugin %s: %s", path, reg->refused);
        else snprintf(err, errn, "%s: plugin registration failed", path);
        reg->refused[0] = 0;
        reg->n = before;
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

/* Sorted file names in dir ending with suffix; returns the count. */
static int list_dir(const char *dir, const char *suffix, char names[][256], int max)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max)
        if (has_suffix(e->d_name, suffix)) snprintf(names[n++], 256, "%s", e->d_name);
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

int qp_registry_load_lua_games(qp_registry *reg, char *err, size_t errn)
{
    char dir[QP_PATH + 8];
    snprintf(dir, sizeof dir, "%s/games", reg->scripts_dir);
    return qp_registry_load_lua_dir(reg, dir, err, errn);
}

int qp_registry_load_lua_dir(qp_registry *reg, const char *dir, char *err, size_t errn)
{
    char names[64][256];
    problems pr = {err, errn, 0, 0};
    if (errn) err[0] = 0;
    int n = list_dir(dir, ".lua", names, 64), loaded = 0;
    for (int i = 0; i < n; i++) {
        char path[QP_PATH + 300], e[QP_ERR + 64];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        qp_ruleset *rs = qp_lua_ruleset_load(path, e, sizeof e);
        if (!rs) {
            problem(&pr, e);
            continue;
        }
        if (qp_registry_add_owned(reg, rs)) {
            snprintf(e, sizeof e, "%s: ruleset name '%s' is already taken", path, rs->name);
            problem(&pr, e);
            qp_lua_ruleset_free(rs);
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
    int n = list_dir(dir, ".so", names, 64), loaded = 0;
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
