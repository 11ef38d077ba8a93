/*
 * zg_ruleset.c — the Zhonggong hook table: parameter schema, creating an
 * instance from its parameters, and thin adapters from the qp_ruleset
 * hooks to the zg_* modules.
 */
#include "zhonggong.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zg_board.h"
#include "zg_eval.h"
#include "zg_fen.h"
#include "zg_movegen.h"
#include "zg_notation.h"
#include "zg_rules.h"
#include "zg_text.h"
#include "zg_why.h"

static const qp_param_def zg_params[] = {
    {"palace", QP_PT_STRING, "d4-f6", 0, 0, "the shared palace: a rectangle of points, corners like d4-f6"},
    {"setup", QP_PT_STRING, ZG_START_FEN, 0, 0, "start position (FEN)"},
    {"flying_general", QP_PT_BOOL, "false", 0, 0,
     "generals facing on an open file may capture each other along it"},
    {"answered_general_capture", QP_PT_STRING, "illegal", 0, 0,
     "an answered capture of the general: \"illegal\", or \"loses\" (legal, the capturer loses)"},
    {"liberties", QP_PT_BOOL, "true", 0, 0, "a move must leave its own general a liberty"},
    {"exchange", QP_PT_LIST, "P,C,N,R", 0, 0,
     "what k = 1, 2, 3, 4 bottom soldiers buy (letters P C N R); empty: no exchanges"},
    {"soldiers_to_win", QP_PT_INT, "5", 1, 6, "bottom soldiers that win (6: never)"},
    {"draw.repetitions", QP_PT_INT, "3", 0, 100, "the n-th occurrence of a position draws (0: off)"},
    {"draw.perpetual_check_loses", QP_PT_BOOL, "true", 0, 0,
     "in a repetition, the side that checked with every move loses"},
    {"draw.no_capture_plies", QP_PT_INT, "120", 0, 100000,
     "plies without a capture or exchange that draw (0: off)"},
    {"eval.advisor", QP_PT_INT, "334", 0, 5000, "value of an advisor"},
    {"eval.elephant", QP_PT_INT, "69", 0, 5000, "value of an elephant"},
    {"eval.horse", QP_PT_INT, "388", 0, 5000, "value of a horse"},
    {"eval.chariot", QP_PT_INT, "1285", 0, 5000, "value of a chariot"},
    {"eval.cannon", QP_PT_INT, "421", 0, 5000, "value of a cannon"},
    {"eval.soldier", QP_PT_INT, "168", 0, 5000, "value of a soldier"},
    {"eval.pst", QP_PT_INT, "100", 0, 1000, "weight of the fitted placement table, percent"},
    {"eval.soldier_advance", QP_PT_INT, "0", 0, 500, "per rank a soldier has advanced"},
    {"eval.bottom_soldier", QP_PT_INT, "0", 0, 2000, "extra for a soldier on the enemy back rank"},
    {"eval.five_threat", QP_PT_INT, "103", 0, 5000, "when one more bottom soldier would win"},
    {"eval.center", QP_PT_INT, "19", 0, 500, "per step toward the centre (advisor, elephant, horse)"},
    {"eval.liberty", QP_PT_INT, "0", 0, 1000, "per liberty of the general"},
    {"eval.trapped", QP_PT_INT, "11", 0, 5000, "penalty for a general with no liberty"},
    {"eval.guard", QP_PT_INT, "5", 0, 1000, "per own piece next to the general"},
    {"eval.leash", QP_PT_INT, "0", 0, 5000, "penalty when the general is attacked"},
    {"eval.mobility", QP_PT_INT, "0", 0, 100, "per point a chariot, cannon or horse can reach"},
    {"eval.tempo", QP_PT_INT, "0", 0, 500, "bonus for the side to move"},
    {"eval.attack", QP_PT_INT, "33", 0, 500,
     "per horse, chariot, cannon or soldier within two points of the enemy general"},
    {"eval.liberty_attack", QP_PT_INT, "0", 0, 1000, "per liberty of the general the enemy attacks"},
    {"eval.trade", QP_PT_INT, "0", 0, 500,
     "material lead counts this many percent more as the material comes off"},
    {"eval.soldier_late", QP_PT_INT, "0", 0, 1000, "extra per soldier as the material comes off"},
    {"eval.attack_late", QP_PT_INT, "8", 0, 500, "extra per attacker near the enemy general as the material comes off"},
    {"eval.line_attack", QP_PT_INT, "0", 0, 500, "per chariot or cannon on the enemy general's file or rank"},
    {"eval.horse_mobility", QP_PT_INT, "20", 0, 100, "extra per open leg of a horse"},
    {"ai.contempt", QP_PT_INT, "25", -1000, 1000,
     "how much worse than even a draw scores for the side the engine plays"},
    {NULL, 0, NULL, 0, 0, NULL},
};

static const char *const zg_flag_names[] = {"check", "leash", "trapped", NULL};

#define Z(r) ((const zg_impl *)(r)->impl)

static int read_exchange(zg_impl *z, const char *text, char *err, size_t errn)
{
    for (int k = 0; k < 5; k++) z->ex_type[k] = -1;
    int k = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, ",");
        char item[16];
        snprintf(item, sizeof item, "%.*s", (int)(len < 15 ? len : 15), p);
        char *it = item;
        while (isspace((unsigned char)*it)) it++;
        for (char *e = it + strlen(it); e > it && isspace((unsigned char)e[-1]);) *--e = 0;
        const char *hit = strlen(it) == 1 ? strchr("PCNR", toupper((unsigned char)it[0])) : NULL;
        if (!hit || !*it) {
            snprintf(err, errn, "'exchange': bad entry '%s' (expected P, C, N or R)", it);
            return -1;
        }
        if (++k > 4) {
            snprintf(err, errn, "'exchange' has more than 4 entries (k = 1..4 soldiers)");
            return -1;
        }
        z->ex_type[k] = (int8_t)(strchr(zg_letters, *hit) - zg_letters);
        p += len;
        if (*p) p++;
    }
    return 0;
}

static int zg_create(qp_rules *r, char *err, size_t errn)
{
    zg_impl *z = calloc(1, sizeof *z);
    if (!z) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    const qp_params *p = &r->params;
    zg_tables_init(z);
    qp_geom_init(&r->geom, ZG_FILES, ZG_RANKS, QP_BOARD_POINTS);
    const char *pal = qp_param_str(p, "palace");
    int f0, r0, f1, r1;
    if (qp_rect_parse(&r->geom, pal, &f0, &r0, &f1, &r1)) {
        snprintf(err, errn, "'palace' must be a rectangle of points like d4-f6, got '%s'", pal);
        goto fail;
    }
    qp_geom_add_region(&r->geom, "palace", f0, r0, f1, r1, true);
    snprintf(z->palace, sizeof z->palace, "%s", pal);
    for (int f = f0; f <= f1; f++)
        for (int k = r0; k <= r1; k++) z->in_palace[zg_sq(f, k)] = 1;
    z->flying = qp_param_bool(p, "flying_general");
    const char *agc = qp_param_str(p, "answered_general_capture");
    if (!strcmp(agc, "loses")) z->loses = true;
    else if (strcmp(agc, "illegal")) {
        snprintf(err, errn, "'answered_general_capture' must be \"illegal\" or \"loses\", got '%s'", agc);
        goto fail;
    }
    z->liberties = qp_param_bool(p, "liberties");
    if (read_exchange(z, qp_param_str(p, "exchange"), err, errn)) goto fail;
    z->soldiers_to_win = (int)qp_param_int(p, "soldiers_to_win");
    z->win_reason = zg_soldiers_reason(z->soldiers_to_win);
    zg_eval_setup(z, p);
    char ferr[QP_ERR];
    if (zg_fen_parse(z, &z->start, qp_param_str(p, "setup"), ferr, sizeof ferr)) {
        snprintf(err, errn, "'setup': %s", ferr);
        goto fail;
    }
    zg_help_text(z, p, z->help, sizeof z->help);
    r->help_text = z->help;
    r->impl = z;
    r->state_size = sizeof(zg_state);
    r->undo_size = sizeof(zg_undo);
    r->nsides = 2;
    r->side_names[0] = "red";
    r->side_names[1] = "black";
    r->flag_names = zg_flag_names;
    r->draw.repetitions = (int)qp_param_int(p, "draw.repetitions");
    r->draw.perpetual_check_loses = qp_param_bool(p, "draw.perpetual_check_loses");
    r->draw.no_capture_plies = (int)qp_param_int(p, "draw.no_capture_plies");
    z->no_capture_plies = r->draw.no_capture_plies;
    r->caps = QP_CAP_NULLMOVE | QP_CAP_LMR;
    r->max_game_plies = 0;
    return 0;
fail:
    free(z);
    return -1;
}

static void zg_destroy(qp_rules *r)
{
    free(r->impl);
    r->impl = NULL;
}

static void zg_setup_hook(const qp_rules *r, void *s)
{
    memcpy(s, &Z(r)->start, sizeof(zg_state));
}

static int zg_fen_parse_hook(const qp_rules *r, void *s, const char *fen, char *err, size_t errn)
{
    zg_state tmp;
    if (zg_fen_parse(Z(r), &tmp, fen, err, errn)) return -1;
    memcpy(s, &tmp, sizeof tmp);
    return 0;
}

static void zg_fen_print_hook(const qp_rules *r, const void *s, char *buf, size_t n)
{
    (void)r;
    zg_fen_print(s, buf, n);
}

static int zg_side_to_move(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const zg_state *)s)->side;
}

static bool zg_piece_at(const qp_rules *r, const void *s, int sq, qp_piece_view *out)
{
    (void)r;
    if (sq < 0 || sq >= ZG_POINTS) return false;
    int v = ((const zg_state *)s)->bd.sq[zg_from81(sq)];
    if (!v) return false;
    int side = zg_side_of(v), t = zg_type_of(v);
    out->side = side;
    out->letter = side ? (char)tolower((unsigned char)zg_letters[t]) : zg_letters[t];
    out->glyph = zg_glyphs[side][t];
    return true;
}

static int zg_gen_hook(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode)
{
    return zg_generate(Z(r), s, out, mode == QP_GEN_NOISY);
}

static void zg_make_hook(const qp_rules *r, void *s, qp_move m, void *undo)
{
    zg_make(Z(r), s, m, undo);
}

static void zg_unmake_hook(const qp_rules *r, void *s, qp_move m, const void *undo)
{
    zg_unmake(Z(r), s, m, undo);
}

static unsigned zg_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    (void)r;
    const zg_state *st = s;
    if (zg_mv_is_exchange(m) || st->bd.sq[zg_mv_to(m)]) return QP_MF_CAPTURE | QP_MF_IRREVERSIBLE;
    /* A soldier never moves back, so its forward step is irreversible. */
    int from = zg_mv_from(m);
    if (zg_type_of(st->bd.sq[from]) == ZG_SOLDIER && zg_rank(zg_mv_to(m)) != zg_rank(from))
        return QP_MF_IRREVERSIBLE;
    return 0;
}

static int zg_move_order_hook(const qp_rules *r, const void *s, qp_move m)
{
    return zg_move_order(Z(r), s, m);
}

static int zg_see_hook(const qp_rules *r, const void *s, qp_move m)
{
    return zg_see(Z(r), s, m);
}

static void zg_move_text_hook(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)r;
    (void)s;
    zg_move_text(m, buf, n);
}

static int zg_move_parse_hook(const qp_rules *r, const void *s, const char *text, qp_move *m,
                              char *err, size_t errn)
{
    return zg_move_parse(Z(r), s, text, m, err, errn);
}

static void zg_notation_hook(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)r;
    zg_move_notation(s, m, buf, n);
}

static int zg_notation_text_hook(const qp_rules *r, const void *s, qp_move m, const char *style,
                                 char *buf, size_t n)
{
    (void)r;
    return zg_notation_text(s, m, style, buf, n);
}

static int zg_notation_parse_hook(const qp_rules *r, const void *s, const char *text,
                                  const char *style, qp_move *m, char *err, size_t errn)
{
    (void)style;
    return zg_notation_parse(Z(r), s, text, m, err, errn);
}

static int zg_squares_hook(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    (void)r;
    (void)s;
    return zg_move_squares(m, sq, max);
}

static void zg_outcome_hook(const qp_rules *r, const void *s, qp_outcome *o)
{
    zg_outcome(Z(r), s, o);
}

static unsigned zg_flags_hook(const qp_rules *r, const void *s)
{
    return zg_flags(Z(r), s);
}

static uint64_t zg_hash_hook(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const zg_state *)s)->hash;
}

static int zg_evaluate_hook(const qp_rules *r, const void *s)
{
    return zg_evaluate(Z(r), s);
}

static void zg_null_hook(const qp_rules *r, void *s)
{
    zg_make_null(Z(r), s);
}

/* Soldiers on the enemy back rank count toward five and pay for exchanges. */
static void zg_status_hook(const qp_rules *r, const void *sv, char *buf, size_t n)
{
    const zg_state *s = sv;
    snprintf(buf, n, "Back-rank soldiers: red %d, black %d (%d win)", s->bottom[0], s->bottom[1],
             Z(r)->soldiers_to_win);
}

/* Five soldiers: the winner's soldiers on the enemy back rank. */
static int zg_decisive_hook(const qp_rules *r, const void *sv, int *sq, int max)
{
    const zg_state *s = sv;
    qp_outcome o;
    zg_outcome(Z(r), s, &o);
    if (o.result != QP_WIN || !strstr(o.reason, "soldier")) return 0;
    int n = 0;
    for (int f = 0; f < ZG_FILES && n < max; f++) {
        int v = s->bd.sq[zg_sq(f, zg_far_rank(o.winner))];
        if (v && zg_side_of(v) == o.winner && zg_type_of(v) == ZG_SOLDIER) sq[n++] = zg_far_rank(o.winner) * ZG_FILES + f;
    }
    return n;
}

const qp_ruleset zg_ruleset = {
    .abi = QP_ABI_VERSION,
    .name = "zhonggong",
    .title = "Zhonggong Xiangqi (中宫象棋), 9x9, shared palace",
    .params = zg_params,
    .config_file = "zhonggong.lua",
    .userdata = NULL,
    .create = zg_create,
    .destroy = zg_destroy,
    .setup = zg_setup_hook,
    .fen_parse = zg_fen_parse_hook,
    .fen_print = zg_fen_print_hook,
    .side_to_move = zg_side_to_move,
    .piece_at = zg_piece_at,
    .gen = zg_gen_hook,
    .make = zg_make_hook,
    .unmake = zg_unmake_hook,
    .move_flags = zg_move_flags,
    .move_order = zg_move_order_hook,
    .move_text = zg_move_text_hook,
    .move_parse = zg_move_parse_hook,
    .move_notation = zg_notation_hook,
    .move_squares = zg_squares_hook,
    .outcome = zg_outcome_hook,
    .flags = zg_flags_hook,
    .hash = zg_hash_hook,
    .evaluate = zg_evaluate_hook,
    .make_null = zg_null_hook,
    .help_text = NULL,   /* per instance: r->help_text follows the parameters */
    .notation_text = zg_notation_text_hook,
    .why_refused = zg_why_refused,   /* refusal reasons: zg_why.c */
    .notation_parse = zg_notation_parse_hook,
    .status_text = zg_status_hook,
    .decisive_squares = zg_decisive_hook,
    .see = zg_see_hook,
};
