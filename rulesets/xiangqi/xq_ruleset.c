/*
 * xq_ruleset.c — the "xiangqi" ruleset: parameters, instance creation and
 * the qp_ruleset hook table over the xq_* modules.
 *
 * Rules as engines usually simplify the Asian rules: checkmate and
 * stalemate both lose for the side to move; repetition, perpetual check and
 * the no-capture limit are history rules left to the game layer through
 * r->draw (params draw.*).  Perpetual chase is not judged: a repetition
 * without perpetual check is a draw, here and in the search.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xq_internal.h"

static const qp_param_def xq_params[] = {
    {"setup", QP_PT_STRING, XQ_START_FEN, 0, 0,
     "start position as FEN (Fairy-Stockfish letters K A B N R C P, Red upper case)"},
    {"draw.repetitions", QP_PT_INT, "3", 0, 100,
     "the n-th occurrence of a position (same side to move) ends the game; 0: off"},
    {"draw.perpetual_check_loses", QP_PT_BOOL, "true", 0, 0,
     "in a repetition, the side that gave check with every move loses"},
    {"draw.no_capture_plies", QP_PT_INT, "120", 0, 100000,
     "plies without a capture that draw; 0: off"},
    {"ai.eval_correction", QP_PT_BOOL, "false", 0, 0,
     "the search corrects the static eval by how far its searches found it off "
     "(per structure of generals, defenders and soldiers)"},
    {"eval.advisor", QP_PT_INT, "120", 0, 10000, "material value of an advisor"},
    {"eval.elephant", QP_PT_INT, "120", 0, 10000, "material value of an elephant"},
    {"eval.horse", QP_PT_INT, "270", 0, 10000, "material value of a horse"},
    {"eval.chariot", QP_PT_INT, "600", 0, 10000, "material value of a chariot"},
    {"eval.cannon", QP_PT_INT, "285", 0, 10000, "material value of a cannon"},
    {"eval.soldier", QP_PT_INT, "30", 0, 10000, "material value of a soldier"},
    {"eval.soldier_crossed", QP_PT_INT, "60", 0, 10000,
     "bonus of a soldier that crossed the river"},
    {"eval.pst", QP_PT_INT, "100", 0, 1000, "weight of the placement tables, percent"},
    {"eval.tempo", QP_PT_INT, "10", 0, 1000, "bonus for the side to move"},
    {NULL, 0, NULL, 0, 0, NULL},
};

static const char *const xq_flag_names[] = {"check", NULL};

static const char xq_help[] =
    "象棋 (Xiangqi) — 红方先行。帅/将与仕/士不出九宫，帅将不可在同一直线上"
    "直接照面；相/象走田字、不过河，塞象眼则不能走；马走日，蹩马腿则不能走；"
    "车直行；炮移动如车，吃子须隔一子（炮架）；兵/卒过河前只能前进，过河后"
    "可左右平移，永不后退。将死或困毙（无子可动）对方者胜。\n"
    "Xiangqi — Red moves first. Generals and advisors stay in the palace; the "
    "two generals may never face each other on an open file. Elephants move "
    "two points diagonally, cannot cross the river and are blocked by a piece "
    "on the point between (the eye). Horses move one point straight then one "
    "diagonally and are blocked by a piece next to them in that straight "
    "direction (the leg). Chariots move any distance along a line. Cannons "
    "move like chariots but capture by jumping over exactly one piece. "
    "Soldiers move one point forward; after crossing the river also sideways; "
    "never backward. A side with no legal move (checkmate or stalemate) "
    "loses.\n";

static int xq_create(qp_rules *r, char *err, size_t errn)
{
    xq_impl *im = calloc(1, sizeof *im);
    if (!im) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    xq_init_tables(im);
    xq_eval_init(im, &r->params);
    char e[QP_ERR];
    if (xq_fen_parse(im, &im->start, qp_param_str(&r->params, "setup"), e, sizeof e)) {
        snprintf(err, errn, "setup: %s", e);
        free(im);
        return -1;
    }
    if (qp_geom_init(&r->geom, 9, 10, QP_BOARD_POINTS)) {
        snprintf(err, errn, "board geometry");
        free(im);
        return -1;
    }
    qp_geom_add_region(&r->geom, "red palace", 3, 0, 5, 2, true);
    qp_geom_add_region(&r->geom, "black palace", 3, 7, 5, 9, true);
    r->geom.river = 5;

    r->impl = im;
    r->state_size = sizeof(xq_state);
    r->undo_size = sizeof(xq_undo);
    r->nsides = 2;
    r->side_names[0] = "red";
    r->side_names[1] = "black";
    r->flag_names = xq_flag_names;
    r->draw.repetitions = (int)qp_param_int(&r->params, "draw.repetitions");
    r->draw.perpetual_check_loses = qp_param_bool(&r->params, "draw.perpetual_check_loses");
    r->draw.no_capture_plies = (int)qp_param_int(&r->params, "draw.no_capture_plies");
    r->caps = QP_CAP_NULLMOVE | QP_CAP_LMR | QP_CAP_QCHECKS | QP_CAP_EVAL_CACHE;
    r->max_game_plies = 0;
    return 0;
}

static void xq_destroy(qp_rules *r)
{
    free(r->impl);
    r->impl = NULL;
}

static void xq_setup(const qp_rules *r, void *s)
{
    const xq_impl *im = r->impl;
    memcpy(s, &im->start, sizeof im->start);
}

static int xq_fen_parse_hook(const qp_rules *r, void *s, const char *fen, char *err, size_t errn)
{
    return xq_fen_parse(r->impl, s, fen, err, errn);
}

static void xq_fen_print_hook(const qp_rules *r, const void *s, char *buf, size_t n)
{
    (void)r;
    xq_fen_print(s, buf, n);
}

static int xq_side_to_move(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const xq_state *)s)->side;
}

static bool xq_piece_at(const qp_rules *r, const void *sv, int sq, qp_piece_view *out)
{
    static const char *const glyphs[2][XQ_NTYPES] = {
        {"帅", "仕", "相", "马", "车", "炮", "兵"},
        {"将", "士", "象", "馬", "車", "砲", "卒"},
    };
    const xq_state *s = sv;
    if (sq < 0 || sq >= r->geom.n) return false;
    unsigned p = s->board[xq_from_geom(sq)];
    if (!p) return false;
    out->side = XQ_SIDE_OF(p);
    out->letter = xq_piece_letter(p);
    out->glyph = glyphs[out->side][xq_slot_type[p & 15]];
    return true;
}

/* The pieces each side has taken: the standard set minus what is left. */
static void xq_status_hook(const qp_rules *r, const void *sv, char *buf, size_t n)
{
    static const int full[XQ_NTYPES] = {1, 2, 2, 2, 2, 2, 5};
    int have[2][XQ_NTYPES] = {{0}};
    const xq_state *s = sv;
    for (int sq = 0; sq < r->geom.n; sq++) {
        unsigned p = s->board[xq_from_geom(sq)];
        if (p) have[XQ_SIDE_OF(p)][xq_slot_type[p & 15]]++;
    }
    char took[2][128] = {"", ""};
    for (int side = 0; side < 2; side++)
        for (int t = XQ_NTYPES - 1; t >= 0; t--)
            for (int k = have[1 - side][t]; k < full[t]; k++) {
                size_t len = strlen(took[side]);
                /* the glyph of the taken (enemy) piece */
                static const char *const g[2][XQ_NTYPES] = {
                    {"帅", "仕", "相", "马", "车", "炮", "兵"},
                    {"将", "士", "象", "馬", "車", "砲", "卒"},
                };
                snprintf(took[side] + len, sizeof took[side] - len, "%s", g[1 - side][t]);
            }
    if (!took[0][0] && !took[1][0]) {
        buf[0] = 0;
        return;
    }
    snprintf(buf, n, "Taken by red: %s \xC2\xB7 by black: %s", took[0][0] ? took[0] : "-", took[1][0] ? took[1] : "-");
}

static int xq_gen(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode)
{
    return xq_gen_legal(r->impl, s, out, mode == QP_GEN_NOISY);
}

static void xq_make(const qp_rules *r, void *s, qp_move m, void *undo)
{
    xq_do_move(r->impl, s, m, undo);
}

static void xq_unmake(const qp_rules *r, void *s, qp_move m, const void *undo)
{
    (void)r;
    xq_undo_move(s, m, undo);
}

static unsigned xq_move_flags(const qp_rules *r, const void *sv, qp_move m)
{
    (void)r;
    const xq_state *s = sv;
    if (s->board[XQ_TO(m)]) return QP_MF_CAPTURE | QP_MF_IRREVERSIBLE;
    unsigned p = s->board[XQ_FROM(m)];
    /* A soldier's step forward can never be taken back. */
    if ((p & 15) >= 11 && XQ_RANK(XQ_FROM(m)) != XQ_RANK(XQ_TO(m))) return QP_MF_IRREVERSIBLE;
    return 0;
}

/* A quiet move can give check only from or to the enemy general's
 * lines (a chariot, a cannon or its new screen, a line opened), to a
 * point near it (a horse, a soldier), or from a point next to it (a
 * horse's leg freed). */
static bool xq_may_check(const qp_rules *r, const void *sv, qp_move m)
{
    (void)r;
    const xq_state *s = sv;
    int g = s->pos[(s->side ^ 1) * 16];
    int f = XQ_FROM(m), t = XQ_TO(m);
    int gf = XQ_FILE(g), gr = XQ_RANK(g);
    int ff = XQ_FILE(f), fr = XQ_RANK(f), tf = XQ_FILE(t), tr = XQ_RANK(t);
    if (ff == gf || fr == gr || tf == gf || tr == gr) return true;
    if (abs(tf - gf) <= 2 && abs(tr - gr) <= 2) return true;
    return abs(ff - gf) <= 1 && abs(fr - gr) <= 1;
}

static void xq_outcome(const qp_rules *r, const void *sv, qp_outcome *o)
{
    const xq_state *s = sv;
    qp_move mv[QP_MAX_MOVES];
    o->result = QP_ONGOING;
    o->winner = -1;
    o->reason = "";
    if (xq_gen_legal(r->impl, s, mv, false)) return;
    o->result = QP_WIN;
    o->winner = !s->side;
    o->reason = xq_in_check(r->impl, s) ? "checkmate" : "stalemate";
}

static unsigned xq_flags(const qp_rules *r, const void *s)
{
    return xq_in_check(r->impl, s) ? QP_FLAG_CHECK : 0;
}

static uint64_t xq_hash(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const xq_state *)s)->hash;
}

/* The eval correction's key: generals, advisors, elephants and soldiers
 * (slots 0-4 and 11-15), the part of the position where the evaluation's
 * king safety errs and that changes slowly. */
static uint64_t xq_eval_key(const qp_rules *r, const void *sv)
{
    const xq_impl *im = r->impl;
    const xq_state *s = sv;
    uint64_t k = 0;
    for (int i = 0; i < 32; i++) {
        int slot = i & 15;
        if (s->pos[i] && (slot <= 4 || slot >= 11)) k ^= im->zob[i][s->pos[i]];
    }
    return k;
}

static void xq_make_null(const qp_rules *r, void *sv)
{
    const xq_impl *im = r->impl;
    xq_state *s = sv;
    /* Counters are left alone so that two passes restore the state exactly. */
    s->side ^= 1;
    s->hash ^= im->zob_side;
}

const qp_ruleset xq_ruleset = {
    .abi = QP_ABI_VERSION,
    .name = "xiangqi",
    .title = "Xiangqi (象棋), standard Chinese chess",
    .params = xq_params,
    .config_file = "xiangqi.lua",
    .create = xq_create,
    .destroy = xq_destroy,
    .setup = xq_setup,
    .fen_parse = xq_fen_parse_hook,
    .fen_print = xq_fen_print_hook,
    .side_to_move = xq_side_to_move,
    .piece_at = xq_piece_at,
    .gen = xq_gen,
    .make = xq_make,
    .unmake = xq_unmake,
    .move_flags = xq_move_flags,
    .move_order = xq_move_order,
    .move_text = xq_move_text,
    .move_parse = xq_move_parse,
    .move_notation = xq_move_notation,
    .move_squares = xq_move_squares,
    .outcome = xq_outcome,
    .flags = xq_flags,
    .hash = xq_hash,
    .evaluate = xq_evaluate,
    .make_null = xq_make_null,
    .help_text = xq_help,
    .notation_text = xq_notation_text,
    .why_refused = xq_why_refused,   /* refusal reasons: xq_why.c */
    .notation_parse = xq_notation_parse,
    .status_text = xq_status_hook,
    .see = xq_see,
    .may_check = xq_may_check,
    .eval_key = xq_eval_key,
    /* Fairy-Stockfish's name; the Chinese programs' [Game], which their
     * collections also use for a title */
    .record_variant = "xiangqi",
    .record_game = "Chinese Chess",
    .record_game_any = true,
};
