/*
 * oldtable.c — a plugin built against an earlier ruleset.h, whose table
 * ended five hooks sooner (before status_text, decisive_squares,
 * hopeless, see and may_check).  qipan reading those five from it would
 * read past its table and call whatever lies there: the registry must
 * refuse it by the size the table states (tests/unit/test_registry.c).
 */
#include <assert.h>

#include "tiny_game.h"

/* qp_ruleset as the earlier header declared it: the same fields, up to
 * notation_parse. */
typedef struct old_ruleset {
    int abi;
    size_t size;
    const char *name, *title;
    const qp_param_def *params;
    const char *config_file;
    void *userdata;
    int (*create)(qp_rules *r, char *err, size_t errn);
    void (*destroy)(qp_rules *r);
    void (*setup)(const qp_rules *r, void *s);
    int (*fen_parse)(const qp_rules *r, void *s, const char *fen, char *err, size_t errn);
    void (*fen_print)(const qp_rules *r, const void *s, char *buf, size_t n);
    int (*side_to_move)(const qp_rules *r, const void *s);
    bool (*piece_at)(const qp_rules *r, const void *s, int sq, qp_piece_view *out);
    int (*gen)(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode);
    void (*make)(const qp_rules *r, void *s, qp_move m, void *undo);
    void (*unmake)(const qp_rules *r, void *s, qp_move m, const void *undo);
    unsigned (*move_flags)(const qp_rules *r, const void *s, qp_move m);
    int (*move_order)(const qp_rules *r, const void *s, qp_move m);
    void (*move_text)(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n);
    int (*move_parse)(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err, size_t errn);
    void (*move_notation)(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n);
    int (*move_squares)(const qp_rules *r, const void *s, qp_move m, int *sq, int max);
    void (*outcome)(const qp_rules *r, const void *s, qp_outcome *o);
    unsigned (*flags)(const qp_rules *r, const void *s);
    uint64_t (*hash)(const qp_rules *r, const void *s);
    int (*evaluate)(const qp_rules *r, const void *s);
    void (*make_null)(const qp_rules *r, void *s);
    const char *help_text;
    int (*notation_text)(const qp_rules *r, const void *s, qp_move m, const char *style, char *buf, size_t n);
    int (*notation_parse)(const qp_rules *r, const void *s, const char *text, const char *style, qp_move *m,
                          char *err, size_t errn);
} old_ruleset;

/* The same start as today's table, five pointers shorter. */
static_assert(sizeof(old_ruleset) == offsetof(qp_ruleset, status_text), "old_ruleset is the earlier table");
static_assert(sizeof(qp_ruleset) - sizeof(old_ruleset) >= 5 * sizeof(void (*)(void)), "five hooks fewer, or more");

static const old_ruleset old = {
    .abi = QP_ABI_VERSION,
    .size = sizeof(old_ruleset),   /* what sizeof(qp_ruleset) was in the earlier header */
    .name = "oldtable",
    .title = "a plugin built against an earlier ruleset.h",
    .create = tiny_create,
    TINY_HOOKS,
};

int qp_plugin_abi = QP_ABI_VERSION;

int qp_plugin_register(qp_registry *reg)
{
    return qp_registry_add(reg, (const qp_ruleset *)(const void *)&old);
}
