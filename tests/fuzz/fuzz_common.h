/*
 * fuzz_common.h — what the libFuzzer targets share: one registry of every
 * ruleset (built in and the Lua games of scripts/), built once, and rules
 * for the ruleset a byte selects.  Each target is one tests/fuzz/fuzz_*.c,
 * built with -DQP_FUZZ=ON (clang); see tests/fuzz/README.md.
 */
#ifndef QP_FUZZ_COMMON_H
#define QP_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "registry.h"
#include "ruleset.h"

void qp_register_builtin(qp_registry *reg);

static qp_registry fz_reg;
static qp_rules **fz_rules;   /* default rules of each ruleset, made once */

static inline void fz_init(void)
{
    if (fz_rules) return;
    char err[QP_ERR] = "";
    const char *dir = getenv("QIPAN_SCRIPTS");
    qp_registry_init(&fz_reg, dir ? dir : QP_SCRIPTS_DIR);
    qp_register_builtin(&fz_reg);
    qp_registry_load_games(&fz_reg, err, sizeof err);
    if (err[0]) fprintf(stderr, "fuzz: %s\n", err);
    fz_rules = calloc((size_t)fz_reg.n, sizeof *fz_rules);
    for (int i = 0; i < fz_reg.n; i++) {
        fz_rules[i] = qp_rules_create(fz_reg.rs[i], NULL, err, sizeof err);
        if (!fz_rules[i]) fprintf(stderr, "fuzz: %s: %s\n", fz_reg.rs[i]->name, err);
    }
}

/* The rules byte b selects (every ruleset in turn), or NULL. */
static inline const qp_rules *fz_pick(uint8_t b)
{
    fz_init();
    return fz_reg.n ? fz_rules[b % fz_reg.n] : NULL;
}

/* data as a NUL-terminated string (malloc'ed). */
static inline char *fz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* A scratch file of this process, /tmp/qp_fuzz_NAME_PIDEXT, named once
 * and removed when the fuzzer exits. */
#define FZ_SCRATCH_MAX 4
static char fz_scratch_paths[FZ_SCRATCH_MAX][80];
static int fz_nscratch;

static void fz_scratch_remove(void)
{
    for (int i = 0; i < fz_nscratch; i++) remove(fz_scratch_paths[i]);
}

static inline const char *fz_scratch(const char *name, const char *ext)
{
    char p[sizeof fz_scratch_paths[0]];
    snprintf(p, sizeof p, "/tmp/qp_fuzz_%s_%d%s", name, (int)getpid(), ext);
    for (int i = 0; i < fz_nscratch; i++)
        if (!strcmp(fz_scratch_paths[i], p)) return fz_scratch_paths[i];
    if (fz_nscratch == FZ_SCRATCH_MAX) abort();
    if (fz_nscratch == 0) atexit(fz_scratch_remove);
    return strcpy(fz_scratch_paths[fz_nscratch++], p);
}

/* Fails loudly: libFuzzer saves the input that got here. */
#define FZ_CHECK(cond, ...)                                         \
    do {                                                            \
        if (!(cond)) {                                              \
            fprintf(stderr, "fuzz check failed: %s: ", #cond);       \
            fprintf(stderr, __VA_ARGS__);                           \
            fputc('\n', stderr);                                    \
            abort();                                                \
        }                                                           \
    } while (0)

#endif
