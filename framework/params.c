/*
 * params.c — typed parameter values, checked against their schema.
 */
#include "params.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const qp_param_def qp_common_params[] = {
    {"ai.level", QP_PT_INT, "5", 1, 10, "computer strength 1 (weakest) .. 10 (full strength)"},
    {"ai.levels", QP_PT_MAP, "easy=2,medium=5,hard=8,master=10", 1, 10,
     "named levels: name = level (1..10)"},
    {"ai.hash_mb", QP_PT_INT, "64", 1, 4096, "transposition table size in MiB"},
    {"ai.threads", QP_PT_INT, "1", 1, 64, "search threads (lazy SMP; 1 is deterministic)"},
    {"ai.movetime_ms", QP_PT_INT, "1000", 10, 3600000, "thinking time per move at full strength, ms"},
    {NULL, 0, NULL, 0, 0, NULL},
};

static int parse_int(const char *t, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 10);
    if (!*t || *end || errno) return -1;
    *out = v;
    return 0;
}

static bool valid_name(const char *s, size_t n)
{
    if (!n) return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '_' && s[i] != '-') return false;
    return true;
}

/* Normalises text into v->text per the type; -1 with a reason in err. */
static int set_value(qp_param_val *v, const char *text, char *err, size_t errn)
{
    const qp_param_def *d = v->def;
    long long i = 0;
    switch (d->type) {
    case QP_PT_INT:
        if (parse_int(text, &i)) {
            snprintf(err, errn, "'%s' must be an integer, got '%s'", d->key, text);
            return -1;
        }
        if (i < d->min || i > d->max) {
            snprintf(err, errn, "'%s' must be between %lld and %lld, got %lld", d->key, d->min, d->max, i);
            return -1;
        }
        snprintf(v->text, sizeof v->text, "%lld", i);
        v->i = i;
        return 0;
    case QP_PT_BOOL:
        if (!strcmp(text, "true") || !strcmp(text, "1")) i = 1;
        else if (!strcmp(text, "false") || !strcmp(text, "0")) i = 0;
        else {
            snprintf(err, errn, "'%s' must be a boolean (true/false), got '%s'", d->key, text);
            return -1;
        }
        snprintf(v->text, sizeof v->text, "%s", i ? "true" : "false");
        v->i = i;
        return 0;
    case QP_PT_STRING:
    case QP_PT_LIST:
        if (strlen(text) >= sizeof v->text) {
            snprintf(err, errn, "'%s' is too long", d->key);
            return -1;
        }
        snprintf(v->text, sizeof v->text, "%s", text);
        return 0;
    case QP_PT_MAP: {
        /* name=int pairs separated by commas */
        const char *p = text;
        while (*p) {
            const char *eq = strchr(p, '='), *comma = strchr(p, ',');
            if (!comma) comma = p + strlen(p);
            char num[32];
            if (!eq || eq > comma || !valid_name(p, (size_t)(eq - p)) || comma - eq - 1 <= 0 ||
                comma - eq - 1 >= (long)sizeof num) {
                snprintf(err, errn, "'%s' must be a table of name = integer, got '%s'", d->key, text);
                return -1;
            }
            snprintf(num, sizeof num, "%.*s", (int)(comma - eq - 1), eq + 1);
            if (parse_int(num, &i)) {
                snprintf(err, errn, "'%s': '%.*s' must be an integer", d->key, (int)(eq - p), p);
                return -1;
            }
            if (d->min < d->max && (i < d->min || i > d->max)) {
                snprintf(err, errn, "'%s': '%.*s' must be between %lld and %lld, got %lld", d->key,
                         (int)(eq - p), p, d->min, d->max, i);
                return -1;
            }
            p = *comma ? comma + 1 : comma;
        }
        if (strlen(text) >= sizeof v->text) {
            snprintf(err, errn, "'%s' is too long", d->key);
            return -1;
        }
        snprintf(v->text, sizeof v->text, "%s", text);
        return 0;
    }
    }
    return -1;
}

static int add_schema(qp_params *p, const qp_param_def *schema, char *err, size_t errn)
{
    for (const qp_param_def *d = schema; d && d->key; d++) {
        if (qp_params_find(p, d->key)) continue;   /* a ruleset may override a common key */
        if (p->n >= QP_MAX_PARAMS) {
            snprintf(err, errn, "too many parameters (max %d)", QP_MAX_PARAMS);
            return -1;
        }
        qp_param_val *v = &p->v[p->n];
        memset(v, 0, sizeof *v);
        v->def = d;
        if (set_value(v, d->def, err, errn)) return -1;
        p->n++;
    }
    return 0;
}

int qp_params_init(qp_params *p, const qp_param_def *schema, char *err, size_t errn)
{
    p->n = 0;
    if (add_schema(p, schema, err, errn)) return -1;
    return add_schema(p, qp_common_params, err, errn);
}

const qp_param_val *qp_params_find(const qp_params *p, const char *key)
{
    for (int i = 0; i < p->n; i++)
        if (!strcmp(p->v[i].def->key, key)) return &p->v[i];
    return NULL;
}

int qp_params_set(qp_params *p, const char *key, const char *text, char *err, size_t errn)
{
    qp_param_val *v = (qp_param_val *)qp_params_find(p, key);
    if (!v) {
        snprintf(err, errn, "unknown key '%s'", key);
        return -1;
    }
    qp_param_val tmp = *v;    /* a failed set leaves the old value */
    if (set_value(&tmp, text, err, errn)) return -1;
    *v = tmp;
    return 0;
}

long long qp_param_int(const qp_params *p, const char *key)
{
    const qp_param_val *v = qp_params_find(p, key);
    return v ? v->i : 0;
}

bool qp_param_bool(const qp_params *p, const char *key)
{
    const qp_param_val *v = qp_params_find(p, key);
    return v && v->i;
}

const char *qp_param_str(const qp_params *p, const char *key)
{
    const qp_param_val *v = qp_params_find(p, key);
    return v ? v->text : "";
}

int qp_param_map_get(const qp_params *p, const char *key, const char *name, long long *out)
{
    const qp_param_val *v = qp_params_find(p, key);
    if (!v || v->def->type != QP_PT_MAP) return -1;
    size_t n = strlen(name);
    for (const char *s = v->text; *s;) {
        const char *eq = strchr(s, '=');
        if (!eq) break;
        if ((size_t)(eq - s) == n && !strncmp(s, name, n)) {
            *out = strtoll(eq + 1, NULL, 10);
            return 0;
        }
        const char *comma = strchr(eq, ',');
        if (!comma) break;
        s = comma + 1;
    }
    return -1;
}

bool qp_param_is_default(const qp_param_val *v)
{
    qp_param_val d = *v;
    char err[8];
    if (set_value(&d, v->def->def, err, sizeof err)) return false;
    return !strcmp(d.text, v->text);
}
