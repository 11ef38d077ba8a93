/*
 * nim.c — a tiny example plugin: Nim on three piles (3, 4, 5).
 *
 * Shows how a ruleset outside the qipan binary plugs in: a shared object
 * exporting qp_plugin_abi and qp_plugin_register, built from the framework
 * headers alone.  Players alternately take 1..3 stones from one pile; who
 * takes the last stone wins.  Move text "b2" takes 2 stones from pile b.
 *
 * Out of the source tree, against an installed qipan:
 *     cc -shared -fPIC $(pkg-config --cflags qipan) -o nim.so nim.c
 * then copy nim.so to ~/.local/share/qipan/plugins/ and run `qipan list`.
 */
#include <stdio.h>
#include <string.h>

#include "registry.h"

#define NIM_PILES 3
#define NIM_HEIGHT 5

typedef struct nim_state {
    int pile[NIM_PILES];
    int side;
} nim_state;

static const qp_param_def nim_params[] = {
    {"max_take", QP_PT_INT, "3", 1, 5, "most stones one move may take"},
    {NULL, 0, NULL, 0, 0, NULL},
};

static int nim_create(qp_rules *r, char *err, size_t errn)
{
    (void)err;
    (void)errn;
    r->state_size = sizeof(nim_state);
    r->side_names[0] = "first";
    r->side_names[1] = "second";
    /* Geometry by hand: a plugin links against nothing but libc. */
    memset(&r->geom, 0, sizeof r->geom);
    r->geom.w = NIM_PILES;
    r->geom.h = NIM_HEIGHT;
    r->geom.n = NIM_PILES * NIM_HEIGHT;
    r->geom.kind = QP_BOARD_CELLS;
    r->geom.river = -1;
    memset(r->geom.nb, 0xff, sizeof r->geom.nb);
    return 0;
}

static void nim_setup(const qp_rules *r, void *sv)
{
    (void)r;
    nim_state *s = sv;
    s->pile[0] = 3, s->pile[1] = 4, s->pile[2] = 5;
    s->side = 0;
}

static int nim_side(const qp_rules *r, const void *s)
{
    (void)r;
    return ((const nim_state *)s)->side;
}

static bool nim_piece_at(const qp_rules *r, const void *sv, int sq, qp_piece_view *out)
{
    const nim_state *s = sv;
    (void)r;
    if (sq < 0 || sq >= NIM_PILES * NIM_HEIGHT || sq / NIM_PILES >= s->pile[sq % NIM_PILES]) return false;
    out->side = 0;
    out->letter = 'o';
    out->glyph = "";
    return true;
}

static int nim_gen(const qp_rules *r, const void *sv, qp_move *out, qp_gen_mode mode)
{
    const nim_state *s = sv;
    int n = 0, max = (int)qp_param_int(&r->params, "max_take");
    if (mode == QP_GEN_NOISY) return 0;
    for (int p = 0; p < NIM_PILES; p++)
        for (int k = 1; k <= max && k <= s->pile[p]; k++) out[n++] = (qp_move)(p * 16 + k);
    return n;
}

static void nim_make(const qp_rules *r, void *sv, qp_move m, void *undo)
{
    (void)r;
    (void)undo;
    nim_state *s = sv;
    s->pile[m / 16] -= (int)(m % 16);
    s->side ^= 1;
}

static unsigned nim_move_flags(const qp_rules *r, const void *s, qp_move m)
{
    (void)r, (void)s, (void)m;
    return QP_MF_CAPTURE | QP_MF_IRREVERSIBLE;
}

static void nim_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)r, (void)s;
    snprintf(buf, n, "%c%d", (int)('a' + m / 16), (int)(m % 16));
}

static int nim_move_parse(const qp_rules *r, const void *s, const char *text, qp_move *m, char *err,
                          size_t errn)
{
    qp_move mv[QP_MAX_MOVES];
    int n = nim_gen(r, s, mv, QP_GEN_ALL);
    for (int i = 0; i < n; i++) {
        char t[QP_MOVE_TEXT];
        nim_move_text(r, s, mv[i], t, sizeof t);
        if (!strcmp(t, text)) {
            *m = mv[i];
            return 0;
        }
    }
    snprintf(err, errn, "illegal move '%s' (write pile letter and count, e.g. b2)", text);
    return -1;
}

static void nim_outcome(const qp_rules *r, const void *sv, qp_outcome *o)
{
    (void)r;
    const nim_state *s = sv;
    o->result = QP_ONGOING;
    o->winner = -1;
    o->reason = "";
    if (s->pile[0] + s->pile[1] + s->pile[2] == 0) {
        o->result = QP_WIN;
        o->winner = s->side ^ 1;    /* who took the last stone */
        o->reason = "last-stone";
    }
}

static uint64_t nim_hash(const qp_rules *r, const void *sv)
{
    (void)r;
    const nim_state *s = sv;
    uint64_t h = (uint64_t)(s->pile[0] | s->pile[1] << 4 | s->pile[2] << 8 | s->side << 12);
    return h * 0x9E3779B97F4A7C15ull + 1;
}

static int nim_evaluate(const qp_rules *r, const void *s)
{
    (void)r, (void)s;
    return 0;
}

/* For the window's panel: what is left in each pile. */
static void nim_status(const qp_rules *r, const void *sv, char *buf, size_t n)
{
    const nim_state *s = sv;
    (void)r;
    snprintf(buf, n, "Piles: a %d, b %d, c %d", s->pile[0], s->pile[1], s->pile[2]);
}

/* Why a clicked point takes no stones: point (file p, rank k-1) means
 * "take k from pile p". */
static qp_why_code nim_why(const qp_rules *r, const void *sv, const int *pts, int npts, qp_why *why)
{
    const nim_state *s = sv;
    int max = (int)qp_param_int(&r->params, "max_take");
    int pile = pts[0] % NIM_PILES, k = pts[0] / NIM_PILES + 1;
    why->code = QP_WHY_RULE;
    if (npts != 1) {
        snprintf(why->en, sizeof why->en, "a move is one point: its pile and how many stones it takes");
        snprintf(why->zh, sizeof why->zh, "一着只点一个点：哪一堆、取几颗");
    } else if (k > s->pile[pile]) {   /* a rule of Nim, not a silent click on nothing */
        snprintf(why->en, sizeof why->en, "pile %c has only %d stones", 'a' + pile, s->pile[pile]);
        snprintf(why->zh, sizeof why->zh, "第%c堆只有%d颗", 'a' + pile, s->pile[pile]);
    } else {
        why->code = QP_WHY_CANNOT_MOVE;
        snprintf(why->en, sizeof why->en, "take at most %d stones at a time", max);
        snprintf(why->zh, sizeof why->zh, "每次最多取%d颗", max);
    }
    return why->code;
}

static const qp_ruleset nim_ruleset = {
    .abi = QP_ABI_VERSION,
    .size = sizeof(qp_ruleset),   /* the registry checks it: a table of another shape is refused */
    .name = "nim",
    .title = "Nim (3-4-5 piles), an example plugin",
    .params = nim_params,
    .create = nim_create,
    .setup = nim_setup,
    .side_to_move = nim_side,
    .piece_at = nim_piece_at,
    .gen = nim_gen,
    .make = nim_make,
    .move_flags = nim_move_flags,
    .move_text = nim_move_text,
    .move_parse = nim_move_parse,
    .outcome = nim_outcome,
    .hash = nim_hash,
    .evaluate = nim_evaluate,
    .status_text = nim_status,
    .why_refused = nim_why,
    .help_text = "Nim: three piles of 3, 4 and 5 stones (files a, b, c).  Players take turns\n"
                 "removing 1 to 3 stones (the max_take parameter) from one pile; whoever takes\n"
                 "the last stone wins.  A move names the pile and how many it takes: \"b2\" takes\n"
                 "two stones from pile b.  In the window, click the point of that name: the\n"
                 "second stone of pile b, counting from the bottom.",
};

int qp_plugin_abi = QP_ABI_VERSION;

int qp_plugin_register(qp_registry *reg)
{
    return qp_registry_add(reg, &nim_ruleset);
}
