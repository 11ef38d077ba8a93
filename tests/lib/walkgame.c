#include "walkgame.h"

#include <stdio.h>
#include <string.h>

static const qp_param_def walk_params[] = {
    {"start", QP_PT_INT, "3", 0, 6, "starting cell"},
    {"draw.repetitions", QP_PT_INT, "3", 0, 10, ""},
    {"draw.perpetual_check_loses", QP_PT_BOOL, "true", 0, 0, ""},
    {"draw.no_capture_plies", QP_PT_INT, "20", 0, 1000, ""},
    {NULL, 0, NULL, 0, 0, NULL},
};
static const char *const walk_flags[] = {"check", NULL};

static int walk_create(qp_rules *r, char *err, size_t errn)
{
    (void)err, (void)errn;
    r->state_size = sizeof(walk_state);
    r->side_names[0] = "white";
    r->side_names[1] = "black";
    r->flag_names = walk_flags;
    r->draw.repetitions = (int)qp_param_int(&r->params, "draw.repetitions");
    r->draw.perpetual_check_loses = qp_param_bool(&r->params, "draw.perpetual_check_loses");
    r->draw.no_capture_plies = (int)qp_param_int(&r->params, "draw.no_capture_plies");
    qp_geom_init(&r->geom, 7, 1, QP_BOARD_CELLS);
    return 0;
}

static void walk_setup(const qp_rules *r, void *sv)
{
    walk_state *s = sv;
    memset(s, 0, sizeof *s);
    s->cell = (int)qp_param_int(&r->params, "start");
}

static int walk_fen_parse(const qp_rules *r, void *sv, const char *fen, char *err, size_t errn)
{
    (void)r;
    walk_state *s = sv;
    int cell;
    char side;
    if (sscanf(fen, "%d %c", &cell, &side) != 2 || cell < 0 || cell > 6 || (side != 'w' && side != 'b')) {
        snprintf(err, errn, "bad FEN '%s'", fen);
        return -1;
    }
    memset(s, 0, sizeof *s);
    s->cell = cell;
    s->side = side == 'b';
    return 0;
}

static void walk_fen_print(const qp_rules *r, const void *sv, char *buf, size_t n)
{
    (void)r;
    const walk_state *s = sv;
    snprintf(buf, n, "%d %c", s->cell, s->side ? 'b' : 'w');
}

/* The token, drawn as a plain stone of the side to move. */
static bool walk_piece_at(const qp_rules *r, const void *sv, int sq, qp_piece_view *out)
{
    (void)r;
    const walk_state *s = sv;
    if (sq != s->cell) return false;
    out->side = s->side;
    out->letter = 'T';
    out->glyph = "";
    return true;
}

static int walk_side(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const walk_state *)s)->side;
}

static int walk_gen(const qp_rules *r, const void *sv, qp_move *out, qp_gen_mode mode)
{
    (void)r;
    const walk_state *s = sv;
    int n = 0;
    if (s->cell == 0) out[n++] = 'c';
    if (mode == QP_GEN_NOISY) return n;
    if (s->cell > 0) out[n++] = 'l';
    if (s->cell < 6) out[n++] = 'r';
    return n;
}

static void walk_make(const qp_rules *r, void *sv, qp_move m, void *undo)
{
    (void)r, (void)undo;
    walk_state *s = sv;
    if (m == 'l') s->cell--;
    if (m == 'r') s->cell++;
    s->side ^= 1;
    s->moves_made++;
}

static unsigned walk_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    (void)r, (void)s;
    return m == 'c' ? QP_MF_CAPTURE : 0;
}

static void walk_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)r, (void)s;
    snprintf(buf, n, "%c", (char)m);
}

static int walk_move_parse(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err,
                           size_t errn)
{
    qp_move mv[4];
    int n = walk_gen(r, s, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++)
        if (text[0] == (char)mv[i] && !text[1]) {
            *m = mv[i];
            return 0;
        }
    snprintf(err, errn, "illegal move '%s'", text);
    return -1;
}

static void walk_outcome(const qp_rules *r, const void *s, qp_outcome *o)
{
    (void)r, (void)s;
    o->result = QP_ONGOING;
    o->winner = -1;
    o->reason = "";
}

static unsigned walk_flag_bits(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const walk_state *)s)->cell == 6 ? QP_FLAG_CHECK : 0;
}

static uint64_t walk_hash(const qp_rules *r, const void *sv)
{
    (void)r;
    const walk_state *s = sv;   /* moves_made is deliberately not part of the position */
    return (uint64_t)(s->cell * 2 + s->side + 1) * 0x9E3779B97F4A7C15ull;
}

static int walk_eval(const qp_rules *r, const void *s)
{
    (void)r, (void)s;
    return 0;
}

const qp_ruleset walk_ruleset = {
    .abi = QP_ABI_VERSION,
    .name = "walk",
    .title = "test: token walk",
    .params = walk_params,
    .create = walk_create,
    .setup = walk_setup,
    .fen_parse = walk_fen_parse,
    .fen_print = walk_fen_print,
    .side_to_move = walk_side,
    .piece_at = walk_piece_at,
    .gen = walk_gen,
    .make = walk_make,
    .move_flags = walk_move_flags,
    .move_text = walk_move_text,
    .move_parse = walk_move_parse,
    .outcome = walk_outcome,
    .flags = walk_flag_bits,
    .hash = walk_hash,
    .evaluate = walk_eval,
};
