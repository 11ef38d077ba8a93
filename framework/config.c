/*
 * config.c — configurations: applying the entries a configuration file
 * gave (their keys, types and lines) to a ruleset's parameters, each
 * checked against the schema.  Reading the file is the Lua adapter's
 * (framework/lua/lua_config.c): this part knows no file format.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#define CF_MSG 512

static const char *cf_want(qp_param_type t)
{
    switch (t) {
    case QP_PT_INT: return "an integer";
    case QP_PT_BOOL: return "a boolean";
    case QP_PT_STRING: return "a string";
    case QP_PT_LIST: return "a list of strings";
    case QP_PT_MAP: return "a table of name = integer";
    }
    return "?";
}

static const char *cf_got(const qp_config_entry *e)
{
    switch (e->type) {
    case QP_PT_INT: return "integer";
    case QP_PT_BOOL: return "boolean";
    case QP_PT_STRING: return "string";
    case QP_PT_LIST: return e->text[0] ? "list" : "table";
    case QP_PT_MAP: return "table";
    }
    return "?";
}

static int cf_err(const qp_config *c, const qp_config_entry *e, char *err, size_t errn, const char *msg)
{
    if (e->line > 0) snprintf(err, errn, "%s:%d: %s", c->path, e->line, msg);
    else snprintf(err, errn, "%s: %s", c->path, msg);
    return -1;
}

/* Does any schema key live under "prefix."? */
static bool cf_has_prefix(const qp_params *p, const char *prefix)
{
    size_t n = strlen(prefix);
    for (int i = 0; i < p->n; i++) {
        const char *k = p->v[i].def->key;
        if (!strncmp(k, prefix, n) && k[n] == '.') return true;
    }
    return false;
}

int qp_config_apply(const qp_config *c, qp_params *p, char *err, size_t errn)
{
    char msg[CF_MSG];
    for (int i = 0; i < c->n; i++) {
        const qp_config_entry *e = &c->e[i];
        const qp_param_val *v = qp_params_find(p, e->key);
        const qp_param_def *d = v ? v->def : NULL;
        if (e->fields > 0 && !(d && d->type == QP_PT_MAP)) {
            if (d) {
                snprintf(msg, sizeof msg, "'%s' must be %s, got table", e->key, cf_want(d->type));
                return cf_err(c, e, err, errn, msg);
            }
            if (!cf_has_prefix(p, e->key)) {
                snprintf(msg, sizeof msg, "unknown key '%s'", e->key);
                return cf_err(c, e, err, errn, msg);
            }
            continue;   /* its fields follow as dotted keys */
        }
        if (!d) {
            snprintf(msg, sizeof msg, "unknown key '%s'", e->key);
            return cf_err(c, e, err, errn, msg);
        }
        bool ok = e->type == d->type;
        if (d->type == QP_PT_MAP) {
            ok = (e->type == QP_PT_MAP && e->map) || (e->type == QP_PT_LIST && !e->text[0]);
            i += e->fields;
        }
        if (!ok) {
            snprintf(msg, sizeof msg, "'%s' must be %s, got %s", e->key, cf_want(d->type), cf_got(e));
            return cf_err(c, e, err, errn, msg);
        }
        if (qp_params_set(p, e->key, e->text, msg, sizeof msg)) return cf_err(c, e, err, errn, msg);
    }
    return 0;
}
