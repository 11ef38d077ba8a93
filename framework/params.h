/*
 * params.h — typed rule parameters of a ruleset instance.
 *
 * A ruleset declares a schema: one qp_param_def per key, with type, default
 * and a one-line doc.  Nested Lua tables become dotted keys
 * ("draw.repetitions").  A qp_params holds one value for every key of the
 * schema (the ruleset's own plus the framework's common keys such as
 * "ai.level"), starting from the defaults; the Lua config, a save file's
 * headers or a UCI setoption change them through qp_params_set*.
 *
 * Lists (a Lua array of strings) and maps (a Lua table of name = integer)
 * are kept as text, "P,C,N,R" and "easy=2,medium=5"; the ruleset splits them.
 */
#ifndef QP_PARAMS_H
#define QP_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#define QP_MAX_PARAMS 96
#define QP_PARAM_TEXT 256

typedef enum {
    QP_PT_INT,     /* integer within [min, max] */
    QP_PT_BOOL,
    QP_PT_STRING,
    QP_PT_LIST,    /* array of strings; text "a,b,c", "" when empty */
    QP_PT_MAP      /* table name = integer; text "easy=2,hard=9" */
} qp_param_type;

/* One schema entry.  Invariant: def parses as the declared type. */
typedef struct qp_param_def {
    const char *key;       /* dotted name, e.g. "draw.no_capture_plies" */
    qp_param_type type;
    const char *def;       /* default, as text ("3", "true", "P,C,N,R") */
    long long min, max;    /* QP_PT_INT; also each QP_PT_MAP value when min < max */
    const char *doc;
} qp_param_def;

typedef struct qp_param_val {
    const qp_param_def *def;
    char text[QP_PARAM_TEXT];   /* canonical text of the value */
    long long i;                /* INT, BOOL (0/1) */
} qp_param_val;

typedef struct qp_params {
    int n;
    qp_param_val v[QP_MAX_PARAMS];
} qp_params;

/* The framework's keys every ruleset has (ai.*). NULL-key terminated. */
extern const qp_param_def qp_common_params[];

/* Fills p with the defaults of schema (NULL-key terminated, may be NULL)
 * followed by qp_common_params.  Returns 0 or -1 (too many keys / a bad
 * default, which is a programming error reported in err). */
int qp_params_init(qp_params *p, const qp_param_def *schema, char *err, size_t errn);

/* Sets key from text (the value is checked against the type and range).
 * Returns 0, or -1 with err naming the key and what is wrong. */
int qp_params_set(qp_params *p, const char *key, const char *text, char *err, size_t errn);

const qp_param_val *qp_params_find(const qp_params *p, const char *key);
long long qp_param_int(const qp_params *p, const char *key);    /* 0 if absent */
bool qp_param_bool(const qp_params *p, const char *key);
const char *qp_param_str(const qp_params *p, const char *key);   /* "" if absent */
/* Map lookup: value of name inside a QP_PT_MAP key; returns 0 and sets *out,
 * or -1 if absent. */
int qp_param_map_get(const qp_params *p, const char *key, const char *name, long long *out);
bool qp_param_is_default(const qp_param_val *v);

#endif
