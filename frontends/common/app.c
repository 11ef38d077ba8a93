/*
 * app.c — option parsing and opening rulesets/games for the subcommands.
 */
#include "app.h"
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int parse_count(const char *opt, const char *v, int *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < 0 || n > 1000000000L) {
        fprintf(stderr, "qipan: %s needs a non-negative number, got '%s'\n", opt, v);
        return -1;
    }
    *out = (int)n;
    return 0;
}

int qp_opts_parse(qp_opts *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            if (o->npos >= (int)(sizeof o->pos / sizeof o->pos[0])) {
                fprintf(stderr, "qipan: too many arguments\n");
                return -1;
            }
            o->pos[o->npos++] = a;
            continue;
        }
        if (!strcmp(a, "--flip")) { o->flip = true; continue; }
        if (!strcmp(a, "--layout")) { o->layout = true; continue; }
        if (!strcmp(a, "--ascii")) { o->ascii = true; continue; }
        if (!strcmp(a, "--finished")) { o->finished = true; continue; }
        if (!strcmp(a, "--no-bulk")) { o->no_bulk = true; continue; }
        static const char *const valued[] = {"--fen", "--config", "--out", "--size", "--ai",
                                             "--load", "--depth", "--movetime", "--level", "--search",
                                             "--threads", "--playouts", "--seed", NULL};
        int k = 0;
        while (valued[k] && strcmp(valued[k], a)) k++;
        if (!valued[k]) {
            fprintf(stderr, "qipan %s: unknown option '%s'\n", argv[0], a);
            return -1;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "qipan: %s needs a value\n", a);
            return -1;
        }
        const char *v = argv[++i];
        /* an empty value (an unset shell variable) must not silently mean
         * the default position or file */
        if (!*v) {
            fprintf(stderr, "qipan: %s needs a value, got ''\n", a);
            return -1;
        }
        switch (k) {
        case 0: o->fen = v; break;
        case 1: o->config = v; break;
        case 2: o->out = v; break;
        case 3: o->size = v; break;
        case 4: o->ai = v; break;
        case 5: o->load = v; break;
        case 6: if (parse_count(a, v, &o->depth)) return -1; o->has_depth = true; break;
        case 7: if (parse_count(a, v, &o->movetime)) return -1; o->has_movetime = true; break;
        case 8: if (parse_count(a, v, &o->level)) return -1; o->has_level = true; break;
        case 9: o->search = v; break;
        case 10:
            if (parse_count(a, v, &o->threads)) return -1;
            if (o->threads < 1 || o->threads > 64) {
                fprintf(stderr, "qipan: --threads must be 1..64, got '%s'\n", v);
                return -1;
            }
            break;
        case 11:
        case 12: {
            char *end;
            errno = 0;
            unsigned long long n = strtoull(v, &end, 10);
            bool pl = k == 11;
            if (*end || errno || !(v[0] >= '0' && v[0] <= '9') || (pl && (n < 1 || n > 1000000000ull))) {
                fprintf(stderr, "qipan: %s must be %s, got '%s'\n", a,
                        pl ? "1..1000000000" : "a number 0..18446744073709551615", v);
                return -1;
            }
            if (pl) o->playouts = (long)n;
            else o->seed = n, o->has_seed = true;
            break;
        }
        }
    }
    return 0;
}

/* The ruleset rejected its parameters; its message names the key
 * ('palace' or "setup: ..."), so a key set by the config file gets the file:line. */
static void rules_error(const qp_config *cfg, const char *name, const char *err)
{
    for (int i = 0; cfg && i < cfg->n; i++) {
        char quoted[sizeof cfg->e[i].key + 2];
        snprintf(quoted, sizeof quoted, "'%s'", cfg->e[i].key);
        size_t k = strlen(cfg->e[i].key);
        bool named = strstr(err, quoted) || (!strncmp(err, cfg->e[i].key, k) && err[k] == ':');
        if (cfg->e[i].line > 0 && named) {
            fprintf(stderr, "qipan: %s:%d: %s: %s\n", cfg->path, cfg->e[i].line, name, err);
            return;
        }
    }
    fprintf(stderr, "qipan: %s: %s\n", name, err);
}

qp_rules *qp_app_open_rules(qp_app *app, const char *name, const char *config)
{
    /* Initialised: a hook may fail without writing a message. */
    char err[QP_ERR * 2] = "";
    qp_config *cfg = NULL;
    const qp_ruleset *rs;

    if (config) {
        cfg = malloc(sizeof *cfg);
        if (qp_config_load(cfg, config, err, sizeof err)) {
            fprintf(stderr, "qipan: %s\n", err);
            free(cfg);
            return NULL;
        }
        if (name && cfg->ruleset[0] && strcmp(name, cfg->ruleset)) {
            fprintf(stderr, "qipan: %s configures ruleset '%s', not '%s'\n", config, cfg->ruleset, name);
            free(cfg);
            return NULL;
        }
        if (!name && cfg->ruleset[0]) name = cfg->ruleset;
    }
    if (!name) name = "zhonggong";
    rs = qp_registry_find(&app->reg, name);
    if (!rs) {
        fprintf(stderr, "qipan: unknown ruleset '%s' (see 'qipan list')\n", name);
        free(cfg);
        return NULL;
    }
    if (!cfg && rs->config_file) {
        /* The ruleset's default configuration: editing it changes the game
         * without recompiling. */
        char path[QP_PATH * 2];
        snprintf(path, sizeof path, "%s/%s", app->reg.scripts_dir, rs->config_file);
        if (access(path, R_OK) == 0) {
            cfg = malloc(sizeof *cfg);
            if (qp_config_load(cfg, path, err, sizeof err)) {
                fprintf(stderr, "qipan: %s\n", err);
                free(cfg);
                return NULL;
            }
        }
    }
    qp_params p;
    if (qp_params_init(&p, rs->params, err, sizeof err) ||
        (cfg && qp_config_apply(cfg, &p, err, sizeof err))) {
        fprintf(stderr, "qipan: %s\n", err);
        free(cfg);
        return NULL;
    }
    qp_rules *r = qp_rules_create(rs, &p, err, sizeof err);   /* always says why */
    if (!r) rules_error(cfg, name, err);
    free(cfg);
    return r;
}

int qp_app_open_game(qp_app *app, const qp_opts *o, qp_rules **r, qp_game *g)
{
    char err[QP_ERR] = "";
    *r = qp_app_open_rules(app, o->npos > 0 ? o->pos[0] : NULL, o->config);
    if (!*r) return -1;
    if (qp_game_init(g, *r, o->fen, err, sizeof err)) {
        fprintf(stderr, "qipan: %s\n", err[0] ? err : "the game could not start (no reason given)");
        qp_rules_free(*r);
        *r = NULL;
        return -1;
    }
    return 0;
}
