/*
 * test_zg_reference.c — cross-checks the fast "zhonggong" ruleset against a
 * deliberately simple reference written straight from
 * the rules (docs/zhonggong.md).
 *
 * The reference keeps a plain 9×9 char board, generates pseudo-moves per
 * piece by the movement rules, and judges every rule by playing the move on
 * a copy and asking the plain question the rules page asks ("after the
 * capture, does the other side have a move onto that point?").  It is slow
 * on purpose: nothing in it is incremental or cached, so it shares no bugs
 * with an optimised generator.
 *
 * The suite compares, through the public ruleset interface only: perft of
 * the start position, legal-move texts, flags, outcome and the board after
 * every move along seeded random playouts (plain and biased towards soldier
 * advances and exchanges), perft from hand-made tactical positions, and all
 * of that again with the rule parameters changed.  Along the playouts it
 * also checks the ruleset's own consistency: move_parse gives back each
 * move, QP_GEN_NOISY and QP_MF_CAPTURE agree with the captures, the hash
 * equals that of a fresh FEN parse, and unmake restores the position.  A
 * mismatch prints the FEN and the symmetric difference of the move sets
 * before failing.
 */
#include "testutil.h"
#include "perft.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reference ---------------------------------------------------------- */

#define REF_N 9              /* files and ranks */
#define REF_SQ (REF_N * REF_N)
#define REF_MAX_MOVES 512

enum { REF_RED, REF_BLACK };

/* The rule parameters the reference understands. */
typedef struct ref_rules {
    bool answered_loses;     /* answered_general_capture = "loses" */
    bool liberties;          /* rule 2(b) */
    bool flying_general;     /* a general captures the other along an open file */
    char exchange[5];        /* exchange[k]: piece letter k soldiers buy, 0 none */
    int soldiers_to_win;
    int pal_f0, pal_r0, pal_f1, pal_r1;   /* palace, inclusive, 0-based */
} ref_rules;

/* Invariant: b[rank][file] holds a FEN letter or '.'; rank 0 is Red's back
 * rank.  winner is -1 unless a general was captured on the way here, then
 * the side that won by that capture (the capturer for a free capture, the
 * captured side for an answered one under "loses"). */
typedef struct ref_pos {
    char b[REF_N][REF_N];
    int side;
    int winner;
} ref_pos;

/* An ordinary move (nsold == 0) goes from -> to; an exchange removes the
 * nsold soldiers sold[] (ascending file) and the enemy piece on target.
 * Squares are rank * 9 + file. */
typedef struct ref_move {
    int from, to;
    int nsold;
    int sold[4];
    int target;
} ref_move;

static void ref_rules_default(ref_rules *rr)
{
    memset(rr, 0, sizeof *rr);
    rr->answered_loses = false;
    rr->liberties = true;
    rr->flying_general = false;
    memcpy(rr->exchange, "\0PCNR", 5);
    rr->soldiers_to_win = 5;
    rr->pal_f0 = 3, rr->pal_r0 = 3, rr->pal_f1 = 5, rr->pal_r1 = 5;
}

static int ref_owner(char c)
{
    return c == '.' ? -1 : isupper((unsigned char)c) ? REF_RED : REF_BLACK;
}
static char ref_kind(char c) { return (char)toupper((unsigned char)c); }
static bool ref_on_board(int f, int r) { return f >= 0 && f < REF_N && r >= 0 && r < REF_N; }
static char ref_get(const ref_pos *p, int sq) { return p->b[sq / REF_N][sq % REF_N]; }
static void ref_set(ref_pos *p, int sq, char c) { p->b[sq / REF_N][sq % REF_N] = c; }

/* The rank on which a side's soldiers are "bottom soldiers": the enemy's back rank. */
static int ref_bottom_rank(int side) { return side == REF_RED ? REF_N - 1 : 0; }

static int ref_general(const ref_pos *p, int side)
{
    for (int sq = 0; sq < REF_SQ; sq++) {
        char c = ref_get(p, sq);
        if (ref_kind(c) == 'K' && ref_owner(c) == side) return sq;
    }
    return -1;
}

static int ref_bottom_soldiers(const ref_pos *p, int side, int *sq_out)
{
    int n = 0, r = ref_bottom_rank(side);
    for (int f = 0; f < REF_N; f++) {
        char c = p->b[r][f];
        if (ref_kind(c) == 'P' && ref_owner(c) == side) {
            if (sq_out) sq_out[n] = r * REF_N + f;
            n++;
        }
    }
    return n;
}

/* Parses the board and side fields of a FEN; the rest is ignored. */
static int ref_parse_fen(ref_pos *p, const char *fen)
{
    memset(p->b, '.', sizeof p->b);
    p->winner = -1;
    int r = REF_N - 1, f = 0;
    const char *c = fen;
    for (; *c && *c != ' '; c++) {
        if (*c == '/') {
            if (f != REF_N) return -1;
            r--, f = 0;
        } else if (isdigit((unsigned char)*c)) {
            f += *c - '0';
        } else if (strchr("KABNRCPkabnrcp", *c)) {
            if (!ref_on_board(f, r)) return -1;
            p->b[r][f++] = *c;
        } else {
            return -1;
        }
        if (r < 0 || f > REF_N) return -1;
    }
    if (r != 0 || f != REF_N || *c != ' ') return -1;
    c++;
    if (*c == 'w' || *c == 'r') p->side = REF_RED;
    else if (*c == 'b') p->side = REF_BLACK;
    else return -1;
    return 0;
}

/* Board and side fields only: "rnbacabnr/.../RNBACABNR w". */
static void ref_fen_board(const ref_pos *p, char *buf)
{
    char *o = buf;
    for (int r = REF_N - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < REF_N; f++) {
            char c = p->b[r][f];
            if (c == '.') { empty++; continue; }
            if (empty) *o++ = (char)('0' + empty), empty = 0;
            *o++ = c;
        }
        if (empty) *o++ = (char)('0' + empty);
        if (r) *o++ = '/';
    }
    *o++ = ' ';
    *o++ = p->side == REF_RED ? 'w' : 'b';
    *o = 0;
}

static void ref_fen(const ref_pos *p, char *buf)
{
    ref_fen_board(p, buf);
    strcat(buf, " - - 0 1");
}

static void ref_sq_name(int sq, char *buf)
{
    buf[0] = (char)('a' + sq % REF_N);
    buf[1] = (char)('1' + sq / REF_N);
    buf[2] = 0;
}

static void ref_move_text(const ref_move *m, char *buf)
{
    buf[0] = 0;
    char sq[3];
    if (m->nsold == 0) {
        ref_sq_name(m->from, buf);
        ref_sq_name(m->to, sq);
        strcat(buf, sq);
        return;
    }
    for (int i = 0; i < m->nsold; i++) {
        ref_sq_name(m->sold[i], sq);
        strcat(buf, sq);
    }
    strcat(buf, "x");
    ref_sq_name(m->target, sq);
    strcat(buf, sq);
}

/* ---- movement rules: pseudo-moves of one side, whoever is to move ---- */

typedef struct ref_list {
    int n;
    ref_move m[REF_MAX_MOVES];
} ref_list;

/* Adds from -> (f, r) if that point is on the board and not the mover's own. */
static void ref_add(const ref_pos *p, ref_list *l, int side, int from, int f, int r)
{
    if (!ref_on_board(f, r)) return;
    if (ref_owner(p->b[r][f]) == side) return;
    ref_move *m = &l->m[l->n++];
    memset(m, 0, sizeof *m);
    m->from = from;
    m->to = r * REF_N + f;
}

static bool ref_in_palace(const ref_rules *rr, int f, int r)
{
    return f >= rr->pal_f0 && f <= rr->pal_f1 && r >= rr->pal_r0 && r <= rr->pal_r1;
}

static const int ref_orth[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
static const int ref_diag[4][2] = { { 1, 1 }, { 1, -1 }, { -1, -1 }, { -1, 1 } };

static void ref_gen_piece(const ref_rules *rr, const ref_pos *p, int side, int sq, ref_list *l)
{
    int f = sq % REF_N, r = sq / REF_N;
    char kind = ref_kind(ref_get(p, sq));
    switch (kind) {
    case 'K':
        for (int d = 0; d < 4; d++) {
            int nf = f + ref_orth[d][0], nr = r + ref_orth[d][1];
            if (ref_in_palace(rr, nf, nr)) ref_add(p, l, side, sq, nf, nr);
        }
        if (rr->flying_general) {
            /* Xiangqi's facing generals: a capture along the open file.
             * Next to each other that is the step already generated. */
            for (int dr = -1; dr <= 1; dr += 2) {
                for (int nr = r + dr; ref_on_board(f, nr); nr += dr) {
                    char c = p->b[nr][f];
                    if (c == '.') continue;
                    bool stepped = nr == r + dr && ref_in_palace(rr, f, nr);
                    if (ref_kind(c) == 'K' && ref_owner(c) != side && !stepped)
                        ref_add(p, l, side, sq, f, nr);
                    break;
                }
            }
        }
        break;
    case 'A':
        for (int d = 0; d < 4; d++) ref_add(p, l, side, sq, f + ref_diag[d][0], r + ref_diag[d][1]);
        break;
    case 'B':
        for (int d = 0; d < 4; d++) {
            int ef = f + ref_diag[d][0], er = r + ref_diag[d][1];
            if (ref_on_board(ef, er) && p->b[er][ef] == '.')
                ref_add(p, l, side, sq, f + 2 * ref_diag[d][0], r + 2 * ref_diag[d][1]);
        }
        break;
    case 'N':
        for (int d = 0; d < 4; d++) {
            int df = ref_orth[d][0], dr = ref_orth[d][1];
            int lf = f + df, lr = r + dr;            /* the leg */
            if (!ref_on_board(lf, lr) || p->b[lr][lf] != '.') continue;
            /* two steps out, one to either side of the line */
            ref_add(p, l, side, sq, f + 2 * df + dr, r + 2 * dr + df);
            ref_add(p, l, side, sq, f + 2 * df - dr, r + 2 * dr - df);
        }
        break;
    case 'R':
    case 'C':
        for (int d = 0; d < 4; d++) {
            int df = ref_orth[d][0], dr = ref_orth[d][1];
            int nf = f + df, nr = r + dr;
            while (ref_on_board(nf, nr) && p->b[nr][nf] == '.') {
                ref_add(p, l, side, sq, nf, nr);
                nf += df, nr += dr;
            }
            if (!ref_on_board(nf, nr)) continue;
            if (kind == 'R') {
                ref_add(p, l, side, sq, nf, nr);     /* refused if it is our own */
                continue;
            }
            /* (nf, nr) is the cannon's screen: jump it onto the next piece */
            nf += df, nr += dr;
            while (ref_on_board(nf, nr) && p->b[nr][nf] == '.') nf += df, nr += dr;
            if (ref_on_board(nf, nr)) ref_add(p, l, side, sq, nf, nr);
        }
        break;
    case 'P': {
        int fwd = side == REF_RED ? 1 : -1;
        ref_add(p, l, side, sq, f, r + fwd);
        ref_add(p, l, side, sq, f - 1, r);
        ref_add(p, l, side, sq, f + 1, r);
        break;
    }
    default:
        break;
    }
}

static void ref_pseudo(const ref_rules *rr, const ref_pos *p, int side, ref_list *l)
{
    l->n = 0;
    for (int sq = 0; sq < REF_SQ; sq++)
        if (ref_owner(ref_get(p, sq)) == side) ref_gen_piece(rr, p, side, sq, l);
}

/* Does side have a move by the movement rules onto sq? */
static bool ref_has_move_to(const ref_rules *rr, const ref_pos *p, int side, int sq)
{
    ref_list l;
    ref_pseudo(rr, p, side, &l);
    for (int i = 0; i < l.n; i++)
        if (l.m[i].to == sq) return true;
    return false;
}

/* ---- playing a move on a copy ---- */

static ref_pos ref_after(const ref_rules *rr, const ref_pos *p, const ref_move *m)
{
    ref_pos q = *p;
    int mover = p->side;
    if (m->nsold == 0) {
        char taken = ref_get(p, m->to);
        ref_set(&q, m->to, ref_get(p, m->from));
        ref_set(&q, m->from, '.');
        if (ref_kind(taken) == 'K') {
            /* Judged on the board after the capture: can the victim take back? */
            bool answered = ref_has_move_to(rr, &q, 1 - mover, m->to);
            q.winner = answered ? 1 - mover : mover;
        }
    } else {
        for (int i = 0; i < m->nsold; i++) ref_set(&q, m->sold[i], '.');
        ref_set(&q, m->target, '.');
    }
    q.side = 1 - mover;
    return q;
}

/* The same board change without judging anything: for "what if E captured". */
static ref_pos ref_after_raw(const ref_pos *p, const ref_move *m)
{
    ref_pos q = *p;
    ref_set(&q, m->to, ref_get(p, m->from));
    ref_set(&q, m->from, '.');
    return q;
}

/* ---- the terms of the rules page ---- */

/* Check: the enemy has a free capture of side's general. */
static bool ref_in_check(const ref_rules *rr, const ref_pos *p, int side)
{
    int g = ref_general(p, side);
    if (g < 0) return false;
    ref_list l;
    ref_pseudo(rr, p, 1 - side, &l);
    bool check = false;
    for (int i = 0; i < l.n && !check; i++) {
        if (l.m[i].to != g) continue;
        ref_pos q = ref_after_raw(p, &l.m[i]);
        if (!ref_has_move_to(rr, &q, side, g)) check = true;
    }
    return check;
}

/* Attacked: the enemy has any capture of side's general, free or answered. */
static bool ref_attacked(const ref_rules *rr, const ref_pos *p, int side)
{
    int g = ref_general(p, side);
    return g >= 0 && ref_has_move_to(rr, p, 1 - side, g);
}

static int ref_liberties(const ref_pos *p, int side)
{
    int g = ref_general(p, side);
    if (g < 0) return 0;
    int n = 0, f = g % REF_N, r = g / REF_N;
    for (int d = 0; d < 4; d++) {
        int nf = f + ref_orth[d][0], nr = r + ref_orth[d][1];
        if (ref_on_board(nf, nr) && p->b[nr][nf] == '.') n++;
    }
    return n;
}

/* Rule 2: what must hold for the mover after any move that is not a
 * capture of the enemy general. */
static bool ref_rule2_ok(const ref_rules *rr, const ref_pos *after, int mover)
{
    if (ref_in_check(rr, after, mover)) return false;
    if (rr->liberties && ref_liberties(after, mover) == 0) return false;
    return true;
}

/* Decided by the position itself: a general missing or enough bottom soldiers. */
static bool ref_decided(const ref_rules *rr, const ref_pos *p)
{
    if (ref_general(p, REF_RED) < 0 || ref_general(p, REF_BLACK) < 0) return true;
    for (int s = 0; s < 2; s++)
        if (ref_bottom_soldiers(p, s, NULL) >= rr->soldiers_to_win) return true;
    return false;
}

static void ref_add_exchanges(const ref_rules *rr, const ref_pos *p, ref_list *out)
{
    int side = p->side;
    int sold[REF_N];
    int nb = ref_bottom_soldiers(p, side, sold);   /* ascending file */
    for (int k = 1; k <= 4; k++) {
        char bought = rr->exchange[k];
        if (!bought || nb < k) continue;
        /* every k-subset of the bottom soldiers, as a bit mask over sold[] */
        for (unsigned mask = 0; mask < (1u << nb); mask++) {
            if (__builtin_popcount(mask) != k) continue;
            for (int t = 0; t < REF_SQ; t++) {
                char c = ref_get(p, t);
                if (ref_owner(c) != 1 - side || ref_kind(c) != bought) continue;
                ref_move m;
                memset(&m, 0, sizeof m);
                for (int i = 0; i < nb; i++)
                    if (mask & (1u << i)) m.sold[m.nsold++] = sold[i];
                m.target = t;
                ref_pos q = ref_after(rr, p, &m);
                if (ref_rule2_ok(rr, &q, side)) out->m[out->n++] = m;
            }
        }
    }
}

/* The legal moves of the side to move. */
static void ref_legal(const ref_rules *rr, const ref_pos *p, ref_list *out)
{
    out->n = 0;
    if (ref_decided(rr, p)) return;
    int side = p->side;
    ref_list l;
    ref_pseudo(rr, p, side, &l);
    for (int i = 0; i < l.n; i++) {
        const ref_move *m = &l.m[i];
        ref_pos q = ref_after(rr, p, m);
        bool ok;
        if (ref_kind(ref_get(p, m->to)) == 'K')
            ok = q.winner == side || rr->answered_loses;    /* rule 1 */
        else
            ok = ref_rule2_ok(rr, &q, side);                /* rule 2 */
        if (ok) out->m[out->n++] = *m;
    }
    ref_add_exchanges(rr, p, out);
}

enum { REF_F_CHECK = 1, REF_F_LEASH = 2, REF_F_TRAPPED = 4 };

static unsigned ref_flags(const ref_rules *rr, const ref_pos *p)
{
    int side = p->side;
    if (ref_general(p, side) < 0) return 0;
    unsigned fl = 0;
    bool check = ref_in_check(rr, p, side);
    if (check) fl |= REF_F_CHECK;
    else if (ref_attacked(rr, p, side)) fl |= REF_F_LEASH;
    if (ref_liberties(p, side) == 0) fl |= REF_F_TRAPPED;
    return fl;
}

typedef struct ref_outcome {
    qp_result result;
    int winner;
    const char *reason;
} ref_outcome;

/* nlegal is the number of legal moves of p (ref_legal's count), which the
 * callers have at hand anyway. */
static void ref_judge(const ref_rules *rr, const ref_pos *p, int nlegal, ref_outcome *o)
{
    o->result = QP_ONGOING, o->winner = -1, o->reason = "";
    for (int s = 0; s < 2; s++) {
        if (ref_general(p, s) >= 0) continue;
        o->result = QP_WIN;
        o->winner = p->winner >= 0 ? p->winner : 1 - s;
        o->reason = "general-captured";
        return;
    }
    for (int s = 0; s < 2; s++) {
        if (ref_bottom_soldiers(p, s, NULL) < rr->soldiers_to_win) continue;
        /* the reason names the configured count: "four-soldiers" when 4 win */
        static const char *const why[] = { "", "one-soldier", "two-soldiers", "three-soldiers",
                                           "four-soldiers", "five-soldiers" };
        o->result = QP_WIN, o->winner = s, o->reason = why[rr->soldiers_to_win];
        return;
    }
    if (nlegal == 0) {
        o->result = QP_WIN;
        o->winner = 1 - p->side;
        o->reason = ref_in_check(rr, p, p->side) ? "checkmate" : "no-moves";
    }
}

static void ref_judge_fresh(const ref_rules *rr, const ref_pos *p, ref_outcome *o)
{
    ref_list l;
    ref_legal(rr, p, &l);
    ref_judge(rr, p, l.n, o);
}

static uint64_t ref_perft(const ref_rules *rr, const ref_pos *p, int depth)
{
    if (depth == 0) return 1;
    ref_list l;
    ref_legal(rr, p, &l);
    if (depth == 1) return (uint64_t)l.n;
    uint64_t n = 0;
    for (int i = 0; i < l.n; i++) {
        ref_pos q = ref_after(rr, p, &l.m[i]);
        n += ref_perft(rr, &q, depth - 1);
    }
    return n;
}

/* ---- end of reference --------------------------------------------------- */

/* ---- comparing the ruleset with the reference ---------------------------- */

/* Under the sanitizers everything runs ~10x slower: play fewer games. */
#if defined(__SANITIZE_ADDRESS__)      /* gcc */
#define CMP_SCALE 4
#elif defined(__has_feature)            /* clang */
#if __has_feature(address_sanitizer)
#define CMP_SCALE 4
#endif
#endif
#ifndef CMP_SCALE
#define CMP_SCALE 1
#endif

#define CMP_MAX_REPORTS 12   /* mismatches printed per comparison context */

/* What one comparison run needs: both implementations with the same rule
 * parameters, the ruleset's flag bits by name, and a mismatch count. */
typedef struct cmp_ctx {
    qp_registry reg;
    qp_rules *r;
    ref_rules rr;
    const char *label;
    unsigned bit_check, bit_leash, bit_trapped;
    int mismatches;
    /* what the comparisons covered, for the summary line */
    long positions, exchanges[5], checks, leashes, traps, five_bottom;
} cmp_ctx;

typedef struct mv_entry {
    char text[QP_MOVE_TEXT];
    qp_move m;               /* the ruleset's move, or the reference list index */
} mv_entry;

typedef struct mv_set {
    int n;
    mv_entry e[QP_MAX_MOVES];
} mv_set;

static int mv_entry_cmp(const void *a, const void *b)
{
    return strcmp(((const mv_entry *)a)->text, ((const mv_entry *)b)->text);
}

static void set_from_ruleset(const qp_rules *r, const void *s, mv_set *set)
{
    qp_move mv[QP_MAX_MOVES];
    set->n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    for (int i = 0; i < set->n; i++) {
        set->e[i].m = mv[i];
        r->rs->move_text(r, s, mv[i], set->e[i].text, QP_MOVE_TEXT);
    }
    qsort(set->e, (size_t)set->n, sizeof set->e[0], mv_entry_cmp);
}

static void set_from_ref(const ref_list *l, mv_set *set)
{
    set->n = l->n;
    for (int i = 0; i < l->n; i++) {
        set->e[i].m = (qp_move)i;
        ref_move_text(&l->m[i], set->e[i].text);
    }
    qsort(set->e, (size_t)set->n, sizeof set->e[0], mv_entry_cmp);
}

static bool sets_equal(const mv_set *a, const mv_set *b)
{
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->e[i].text, b->e[i].text)) return false;
    return true;
}

/* Prints the texts in a but not in b (as multisets: a duplicate counts). */
static void print_only(const char *what, const mv_set *a, const mv_set *b)
{
    printf("    only in %s:", what);
    int i = 0, j = 0;
    while (i < a->n) {
        int c = j < b->n ? strcmp(a->e[i].text, b->e[j].text) : -1;
        if (c == 0) i++, j++;
        else if (c < 0) printf(" %s", a->e[i++].text);
        else j++;
    }
    printf("\n");
}

static int rs_find(const mv_set *set, const char *text)
{
    for (int i = 0; i < set->n; i++)
        if (!strcmp(set->e[i].text, text)) return i;
    return -1;
}

static const char *flags_text(unsigned f, char *buf)
{
    snprintf(buf, 32, "%s%s%s", f & REF_F_CHECK ? "check " : "", f & REF_F_LEASH ? "leash " : "",
             f & REF_F_TRAPPED ? "trapped " : "");
    return buf;
}

static unsigned rs_flags_as_ref(const cmp_ctx *c, const void *s)
{
    unsigned f = c->r->rs->flags(c->r, s), out = 0;
    if (f & c->bit_check) out |= REF_F_CHECK;
    if (f & c->bit_leash) out |= REF_F_LEASH;
    if (f & c->bit_trapped) out |= REF_F_TRAPPED;
    return out;
}

static void report_header(cmp_ctx *c, const ref_pos *p, const char *what)
{
    char fen[128];
    ref_fen(p, fen);
    c->mismatches++;
    if (c->mismatches <= CMP_MAX_REPORTS)
        printf("MISMATCH [%s] %s\n    fen: %s\n", c->label, what, fen);
}

/* The move hooks around gen, on the reference's legal moves: the text of
 * every move parses back to it; ordinary captures are noisy and noisy moves
 * are legal; captures and exchanges (and only they) reset the no-capture
 * count.  Returns true if all hold. */
static bool compare_move_hooks(cmp_ctx *c, const ref_pos *p, const void *s, const ref_list *ref_l,
                               const mv_set *rs_set)
{
    const qp_ruleset *rs = c->r->rs;
    bool ok = true;
    qp_move noisy[QP_MAX_MOVES];
    int nn = rs->gen(c->r, s, noisy, QP_GEN_NOISY);
    for (int i = 0; i < nn && ok; i++) {
        bool legal = false;
        for (int j = 0; j < rs_set->n && !legal; j++) legal = rs_set->e[j].m == noisy[i];
        if (!legal) {
            char t[QP_MOVE_TEXT];
            rs->move_text(c->r, s, noisy[i], t, sizeof t);
            report_header(c, p, "a noisy move is not among the legal moves");
            if (c->mismatches <= CMP_MAX_REPORTS) printf("    move %s\n", t);
            ok = false;
        }
    }
    for (int i = 0; i < ref_l->n && ok; i++) {
        const ref_move *m = &ref_l->m[i];
        char text[QP_MOVE_TEXT], err[QP_ERR] = "";
        ref_move_text(m, text);
        int j = rs_find(rs_set, text);
        if (j < 0) continue;   /* reported as a move-set difference */
        qp_move want = rs_set->e[j].m, got = QP_MOVE_NONE;
        const char *what = NULL;
        bool capture = m->nsold == 0 && ref_get(p, m->to) != '.';
        bool in_noisy = false;
        for (int k = 0; k < nn && !in_noisy; k++) in_noisy = noisy[k] == want;
        if (rs->move_parse(c->r, s, text, &got, err, sizeof err) || got != want)
            what = "move_parse does not give the move back";
        else if (capture && !in_noisy)
            what = "a capture is missing from QP_GEN_NOISY";
        else if (((rs->move_flags(c->r, s, want) & QP_MF_CAPTURE) != 0) != (capture || m->nsold))
            what = "QP_MF_CAPTURE is wrong";
        if (what) {
            report_header(c, p, what);
            if (c->mismatches <= CMP_MAX_REPORTS) printf("    move %s %s\n", text, err);
            ok = false;
        }
    }
    return ok;
}

/* Compares everything both sides say about one position; true if equal.
 * ref_set receives the reference's moves (indices into ref_l) and rs_set
 * the ruleset's, for the caller to continue with. */
static bool compare_position(cmp_ctx *c, const ref_pos *p, const void *s, ref_list *ref_l,
                             mv_set *ref_set, mv_set *rs_set)
{
    bool ok = true;
    c->positions++;
    ref_legal(&c->rr, p, ref_l);
    for (int i = 0; i < ref_l->n; i++) c->exchanges[ref_l->m[i].nsold]++;
    if (ref_bottom_soldiers(p, p->side, NULL) == 5) c->five_bottom++;
    set_from_ref(ref_l, ref_set);
    set_from_ruleset(c->r, s, rs_set);
    if (!sets_equal(ref_set, rs_set)) {
        report_header(c, p, "legal moves differ");
        if (c->mismatches <= CMP_MAX_REPORTS) {
            printf("    counts: ruleset %d, reference %d\n", rs_set->n, ref_set->n);
            print_only("ruleset", rs_set, ref_set);
            print_only("reference", ref_set, rs_set);
        }
        ok = false;
    }
    if (!compare_move_hooks(c, p, s, ref_l, rs_set)) ok = false;

    char rs_fen[512], ref_board[128];
    c->r->rs->fen_print(c->r, s, rs_fen, sizeof rs_fen);
    ref_fen_board(p, ref_board);
    size_t blen = strlen(ref_board);
    if (strncmp(rs_fen, ref_board, blen) || (rs_fen[blen] != ' ' && rs_fen[blen] != 0)) {
        report_header(c, p, "board differs");
        if (c->mismatches <= CMP_MAX_REPORTS) printf("    ruleset fen: %s\n", rs_fen);
        ok = false;
    }

    if (!ref_decided(&c->rr, p)) {
        /* The key reached by playing moves must be the key of the position. */
        char fen[128], err[QP_ERR] = "";
        ref_fen(p, fen);
        void *fresh = qp_state_new(c->r);
        if (c->r->rs->fen_parse(c->r, fresh, fen, err, sizeof err) ||
            c->r->rs->hash(c->r, fresh) != c->r->rs->hash(c->r, s)) {
            report_header(c, p, "hash differs from a fresh parse of the same position");
            if (c->mismatches <= CMP_MAX_REPORTS && err[0]) printf("    %s\n", err);
            ok = false;
        }
        free(fresh);

        unsigned fr = rs_flags_as_ref(c, s), ff = ref_flags(&c->rr, p);
        c->checks += (ff & REF_F_CHECK) != 0;
        c->leashes += (ff & REF_F_LEASH) != 0;
        c->traps += (ff & REF_F_TRAPPED) != 0;
        if (fr != ff) {
            char a[32], b[32];
            report_header(c, p, "flags differ");
            if (c->mismatches <= CMP_MAX_REPORTS)
                printf("    ruleset '%s', reference '%s'\n", flags_text(fr, a), flags_text(ff, b));
            ok = false;
        }
    }

    qp_outcome ro;
    ref_outcome fo;
    memset(&ro, 0, sizeof ro);
    c->r->rs->outcome(c->r, s, &ro);
    ref_judge(&c->rr, p, ref_l->n, &fo);
    bool same = ro.result == fo.result;
    if (same && fo.result != QP_ONGOING)
        same = (fo.result == QP_DRAW || ro.winner == fo.winner) && ro.reason &&
               !strcmp(ro.reason, fo.reason);
    if (!same) {
        report_header(c, p, "outcome differs");
        if (c->mismatches <= CMP_MAX_REPORTS)
            printf("    ruleset %d/%d/%s, reference %d/%d/%s (result/winner/reason)\n", ro.result,
                   ro.winner, ro.reason ? ro.reason : "(null)", fo.result, fo.winner, fo.reason);
        ok = false;
    }
    return ok;
}

static void cmp_init(cmp_ctx *c, const char *label, const char *const *kv)
{
    memset(c, 0, sizeof *c);
    c->label = label;
    tu_registry(&c->reg);
    c->r = tu_rules_with(&c->reg, "zhonggong", kv);
    ref_rules_default(&c->rr);
    for (int i = 0; c->r->flag_names && c->r->flag_names[i]; i++) {
        const char *n = c->r->flag_names[i];
        if (!strcmp(n, "check")) c->bit_check = 1u << i;
        if (!strcmp(n, "leash")) c->bit_leash = 1u << i;
        if (!strcmp(n, "trapped")) c->bit_trapped = 1u << i;
    }
    if (!c->bit_check || !c->bit_leash || !c->bit_trapped)
        fail_msg("zhonggong lacks one of the flags check, leash, trapped");
}

static void cmp_free(cmp_ctx *c)
{
    qp_rules_free(c->r);
    qp_registry_free(&c->reg);
}

static void *cmp_state(cmp_ctx *c, ref_pos *p, const char *fen)
{
    char err[QP_ERR] = "";
    void *s = qp_state_new(c->r);
    if (c->r->rs->fen_parse(c->r, s, fen, err, sizeof err))
        fail_msg("ruleset fen %s: %s", fen, err);
    if (ref_parse_fen(p, fen)) fail_msg("reference fen %s", fen);
    return s;
}

/* ---- random playouts ---- */

typedef struct cmp_rng {
    uint64_t s;
} cmp_rng;

static uint64_t rng_next(cmp_rng *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return g->s * 2685821657736338717ull;
}

/* How a playout picks its moves.  Uniform play rarely gets soldiers to
 * the far rank, so two biased modes push them there: EAGER likes captures
 * and spends bottom soldiers on exchanges at once, HOARD keeps them until
 * exchanges of three or four and five-soldier wins come up. */
typedef enum { PICK_UNIFORM, PICK_EAGER, PICK_HOARD } pick_mode;

static int move_weight(const ref_pos *p, const ref_move *m, pick_mode mode)
{
    if (mode == PICK_UNIFORM) return 1;
    bool advance = !m->nsold && ref_kind(ref_get(p, m->from)) == 'P' &&
                   m->to / REF_N != m->from / REF_N;
    bool capture = !m->nsold && ref_get(p, m->to) != '.';
    if (mode == PICK_EAGER) return m->nsold ? 12 : capture ? 4 : advance ? 8 : 1;
    return m->nsold ? 1 : advance ? 30 : capture ? 3 : 1;
}

static int pick_move(cmp_rng *g, const ref_pos *p, const ref_list *l, pick_mode mode)
{
    int total = 0;
    for (int i = 0; i < l->n; i++) total += move_weight(p, &l->m[i], mode);
    int x = (int)(rng_next(g) % (uint64_t)total);
    for (int i = 0; i < l->n; i++) {
        x -= move_weight(p, &l->m[i], mode);
        if (x < 0) return i;
    }
    return l->n - 1;
}

/* make then unmake must restore the position make started from, as far
 * as the FEN and the hash can tell; the search relies on it. */
static void check_make_unmake(cmp_ctx *c, const ref_pos *p, void *s, qp_move m, const char *text)
{
    const qp_ruleset *rs = c->r->rs;
    if (!rs->unmake) return;
    char before[512], after[512];
    rs->fen_print(c->r, s, before, sizeof before);
    uint64_t h = rs->hash(c->r, s);
    void *undo = malloc(c->r->undo_size ? c->r->undo_size : 1);
    rs->make(c->r, s, m, undo);
    rs->unmake(c->r, s, m, undo);
    free(undo);
    rs->fen_print(c->r, s, after, sizeof after);
    if (strcmp(before, after) || rs->hash(c->r, s) != h) {
        report_header(c, p, "make + unmake does not restore the position");
        if (c->mismatches <= CMP_MAX_REPORTS) printf("    move %s, after: %s\n", text, after);
    }
}

/* Plays games from fen, comparing every position on the way.  Biased
 * playouts alternate the EAGER and HOARD modes game by game. */
static void playouts(cmp_ctx *c, const char *fen, int games, int plies, uint64_t seed, bool biased)
{
    cmp_rng g = { seed * 0x9E3779B97F4A7C15ull + 1 };
    ref_list *l = malloc(sizeof *l);
    mv_set *ref_set = malloc(sizeof *ref_set), *rs_set = malloc(sizeof *rs_set);
    for (int game = 0; game < games && c->mismatches <= CMP_MAX_REPORTS; game++) {
        ref_pos p;
        void *s = cmp_state(c, &p, fen);
        for (int ply = 0; ply < plies; ply++) {
            if (!compare_position(c, &p, s, l, ref_set, rs_set) || l->n == 0) break;
            pick_mode mode = !biased ? PICK_UNIFORM : game % 2 ? PICK_HOARD : PICK_EAGER;
            int k = pick_move(&g, &p, l, mode);
            char text[QP_MOVE_TEXT];
            ref_move_text(&l->m[k], text);
            qp_move m = rs_set->e[rs_find(rs_set, text)].m;   /* present: the sets are equal */
            check_make_unmake(c, &p, s, m, text);
            c->r->rs->make(c->r, s, m, NULL);
            p = ref_after(&c->rr, &p, &l->m[k]);
        }
        free(s);
    }
    free(l);
    free(ref_set);
    free(rs_set);
}

/* ---- perft ---- */

/* Walks the tree comparing every node; true when a differing one was found
 * (and reported). */
static bool locate_difference(cmp_ctx *c, const ref_pos *p, const void *s, int depth)
{
    ref_list *l = malloc(sizeof *l);
    mv_set *ref_set = malloc(sizeof *ref_set), *rs_set = malloc(sizeof *rs_set);
    bool found = !compare_position(c, p, s, l, ref_set, rs_set);
    void *t = malloc(c->r->state_size);
    for (int i = 0; !found && depth > 1 && i < l->n; i++) {
        char text[QP_MOVE_TEXT];
        ref_move_text(&l->m[i], text);
        memcpy(t, s, c->r->state_size);
        c->r->rs->make(c->r, t, rs_set->e[rs_find(rs_set, text)].m, NULL);
        ref_pos q = ref_after(&c->rr, p, &l->m[i]);
        found = locate_difference(c, &q, t, depth - 1);
    }
    free(t);
    free(l);
    free(ref_set);
    free(rs_set);
    return found;
}

/* perft of fen by both; on a difference, finds and reports the position. */
static uint64_t perft_compare(cmp_ctx *c, const char *fen, int depth)
{
    ref_pos p;
    void *s = cmp_state(c, &p, fen);
    uint64_t want = ref_perft(&c->rr, &p, depth);
    uint64_t got = qp_perft(c->r, s, depth);
    if (got != want) {
        c->mismatches++;
        printf("MISMATCH [%s] perft(%d) ruleset %llu, reference %llu\n    fen: %s\n", c->label,
               depth, (unsigned long long)got, (unsigned long long)want, fen);
        uint64_t copy_make = tu_perft(c->r, s, depth);
        if (copy_make != got)
            printf("    (copy-make perft of the ruleset gives %llu: make/unmake disagree)\n",
                   (unsigned long long)copy_make);
        if (!locate_difference(c, &p, s, depth))
            printf("    no single position differs: suspect make/unmake\n");
    }
    free(s);
    return want;
}

/* ---- positions ---- */

#define START_FEN "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"

/* Hand-made positions, each aimed at one corner of the rules. */
static const struct tactical {
    const char *name, *fen;
} tactical[] = {
    /* Generals touch; each is guarded by an advisor, so both captures of a
     * general (king and cannon through the king) are answered: a leash. */
    { "palace duel", "r1b3b1r/4c4/p3p3p/3a5/4k4/4K4/3A5/4C4/R1B3B1R w - - 0 1" },
    /* Black's cannon checks through its own general; Red answers by guard,
     * general moves or by exchanging two of four bottom soldiers for it. */
    { "screened check, exchanges", "P1P3P1P/4c4/1n5r1/4k4/2p3c2/4K4/9/9/p2p2N1R w - - 0 1" },
    /* Red's general is boxed in and in check: one relief only. */
    { "trapped in check", "rn7/9/9/4k4/3a5/2pKA4/3b5/9/R8 w - - 0 1" },
    /* Four bottom soldiers and a fifth one step away. */
    { "five soldiers near", "P1P1P1P2/7P1/2r6/4k4/9/4K4/9/9/p1p1p4 w - - 0 1" },
    /* Cannons on the e-file screened by both generals; Black to move. */
    { "cannon screens", "2b1c1b2/1r5n1/3a1a3/4k4/2n6/3RK4/P1P3P1P/4C4/1N1A1A1N1 b - - 0 1" },
    /* Black has four bottom soldiers and every type to buy. */
    { "black exchanges", "4r4/9/2N1P1C2/3k5/9/5K3/9/1R5c1/p1p1C1p1p b - - 0 1" },
    /* The generals share a file with one horse between (flying generals). */
    { "one piece between", "4c4/9/3a5/4k4/4N4/4K4/3A5/9/4R4 w - - 0 1" },
    /* Bare generals touching: Red captures freely and wins. */
    { "free capture", "3a5/9/9/9/4k4/4K4/9/9/4R4 w - - 0 1" },
    /* Red's chariot may not take the general: once it stands on e6 the
     * e9 cannon has exactly one screen (e8) and takes back. */
    { "judged after the capture", "3ac4/4P4/4R4/4k4/9/4K4/9/9/9 w - - 0 1" },
    /* Soldiers one step from the far rank on both sides, full armies. */
    { "soldier race", "rnbacabnr/P1P1P1P1P/1c7/4k4/9/4K4/7C1/p1p1p1p1p/RNBACABNR w - - 0 1" },
    /* Exchanging c5 would open the a5 chariot's rank onto Red's general. */
    { "exchange opens a line", "P8/9/9/4k4/r1p2K3/9/9/9/p8 w - - 0 1" },
    /* Red's general is boxed in; buying the d3 soldier frees it. */
    { "exchange relieves a trap", "P8/9/9/9/3ak4/2bKA4/3p5/9/9 w - - 0 1" },
    /* Decided positions: no moves, and the outcome says why. */
    { "five on the board", "P1P1P1P1P/9/9/4k4/9/4K4/9/9/9 b - - 0 1" },
    { "general missing", "9/9/9/9/9/4K4/9/9/9 b - - 0 1" },
    /* Boxed in, attacked by a soldier, every capture of a neighbour loses. */
    { "checkmate", "9/9/9/9/3ak4/2pKa4/3b5/9/9 w - - 0 1" },
    /* Boxed in without being attacked. */
    { "no moves", "9/9/9/9/3ak4/2bKa4/3b5/9/9 w - - 0 1" },
};
#define NTACTICAL (int)(sizeof tactical / sizeof tactical[0])

static const char *tactical_fen(const char *name)
{
    for (int i = 0; i < NTACTICAL; i++)
        if (!strcmp(tactical[i].name, name)) return tactical[i].fen;
    fail_msg("no tactical position '%s'", name);
    return NULL;
}

/* ---- the reference alone: pinned to the rules page ---- */

static char *ref_moves_text(const ref_rules *rr, const char *fen)
{
    ref_pos p;
    assert_int_equal(ref_parse_fen(&p, fen), 0);
    ref_list *l = malloc(sizeof *l);
    mv_set *set = malloc(sizeof *set);
    ref_legal(rr, &p, l);
    set_from_ref(l, set);
    char *out = calloc((size_t)set->n + 1, QP_MOVE_TEXT);
    for (int i = 0; i < set->n; i++) {
        if (i) strcat(out, " ");
        strcat(out, set->e[i].text);
    }
    free(l);
    free(set);
    return out;
}

static unsigned ref_flags_of(const ref_rules *rr, const char *fen)
{
    ref_pos p;
    assert_int_equal(ref_parse_fen(&p, fen), 0);
    return ref_flags(rr, &p);
}

/* Plays text from fen in the reference and judges the result. */
static void ref_outcome_after(const ref_rules *rr, const char *fen, const char *text,
                              ref_outcome *o)
{
    ref_pos p;
    assert_int_equal(ref_parse_fen(&p, fen), 0);
    ref_list l;
    ref_legal(rr, &p, &l);
    for (int i = 0; i < l.n; i++) {
        char t[QP_MOVE_TEXT];
        ref_move_text(&l.m[i], t);
        if (strcmp(t, text)) continue;
        ref_pos q = ref_after(rr, &p, &l.m[i]);
        ref_judge_fresh(rr, &q, o);
        return;
    }
    fail_msg("%s is not legal in %s", text, fen);
}

static void test_reference_start_perft(void **state)
{
    (void)state;
    ref_rules rr;
    ref_rules_default(&rr);
    ref_pos p;
    assert_int_equal(ref_parse_fen(&p, START_FEN), 0);
    static const uint64_t want[] = { 1, 27, 728, 21434, 626938 };
    int maxd = CMP_SCALE == 1 ? 4 : 3;
    for (int d = 1; d <= maxd; d++) assert_int_equal(ref_perft(&rr, &p, d), want[d]);
}

static void test_reference_rules_examples(void **state)
{
    (void)state;
    ref_rules rr;
    ref_rules_default(&rr);
    char *t;
    ref_outcome o;

    /* Both captures of the black general are answered by the d6 advisor;
     * the d3 advisor is the only guard of Red's general and stays. */
    unsigned f = ref_flags_of(&rr, tactical_fen("palace duel"));
    assert_int_equal(f, REF_F_LEASH);
    t = ref_moves_text(&rr, tactical_fen("palace duel"));
    assert_null(strstr(t, "e4e5"));
    assert_null(strstr(t, "e2e5"));
    assert_null(strstr(t, "d3"));
    assert_non_null(strstr(t, "e2e3"));
    free(t);

    t = ref_moves_text(&rr, tactical_fen("screened check, exchanges"));
    assert_string_equal(t, "a9c9xe8 a9g9xe8 a9i9xe8 c9g9xe8 c9i9xe8 e4d4 e4f4 g9i9xe8 i1i4");
    free(t);
    assert_int_equal(ref_flags_of(&rr, tactical_fen("screened check, exchanges")), REF_F_CHECK);

    t = ref_moves_text(&rr, tactical_fen("trapped in check"));
    assert_string_equal(t, "d4d5");
    free(t);
    assert_int_equal(ref_flags_of(&rr, tactical_fen("trapped in check")),
                     REF_F_CHECK | REF_F_TRAPPED);

    /* Without rule 2(b) guarding the d4 square from a4 is enough. */
    ref_rules nolib = rr;
    nolib.liberties = false;
    t = ref_moves_text(&nolib, tactical_fen("trapped in check"));
    assert_string_equal(t, "a1a4 d4d5");
    free(t);

    t = ref_moves_text(&rr, tactical_fen("five soldiers near"));
    assert_non_null(strstr(t, "a9xa1 "));
    assert_non_null(strstr(t, "a9c9e9g9xc7"));
    assert_null(strstr(t, "e4e5"));
    free(t);
    t = ref_moves_text(&rr, tactical_fen("judged after the capture"));
    assert_null(strstr(t, "e7e6"));
    assert_non_null(strstr(t, "e4e5"));   /* a leash, answered by the chariot */
    free(t);

    ref_outcome_after(&rr, tactical_fen("five soldiers near"), "h8h9", &o);
    assert_int_equal(o.result, QP_WIN);
    assert_int_equal(o.winner, REF_RED);
    assert_string_equal(o.reason, "five-soldiers");

    ref_outcome_after(&rr, tactical_fen("free capture"), "e4e5", &o);
    assert_int_equal(o.winner, REF_RED);
    assert_string_equal(o.reason, "general-captured");

    /* Under "loses" the answered capture is legal and loses at once. */
    ref_rules loses = rr;
    loses.answered_loses = true;
    ref_outcome_after(&loses, tactical_fen("palace duel"), "e4e5", &o);
    assert_int_equal(o.winner, REF_BLACK);
    assert_string_equal(o.reason, "general-captured");

    /* A flying general takes the other across the empty e5. */
    ref_rules flying = rr;
    flying.flying_general = true;
    t = ref_moves_text(&flying, "3a5/9/9/4k4/9/4K4/9/9/4R4 w - - 0 1");
    assert_string_equal(t, "e1e2 e1e3 e4d4 e4e5 e4e6 e4f4");
    free(t);

    ref_pos p;
    assert_int_equal(ref_parse_fen(&p, tactical_fen("checkmate")), 0);
    ref_judge_fresh(&rr, &p, &o);
    assert_int_equal(o.winner, REF_BLACK);
    assert_string_equal(o.reason, "checkmate");
    assert_int_equal(ref_flags(&rr, &p), REF_F_CHECK | REF_F_TRAPPED);
    assert_int_equal(ref_parse_fen(&p, tactical_fen("no moves")), 0);
    ref_judge_fresh(&rr, &p, &o);
    assert_int_equal(o.winner, REF_BLACK);
    assert_string_equal(o.reason, "no-moves");
    assert_int_equal(ref_flags(&rr, &p), REF_F_TRAPPED);
}

/* The rules page: "from a legal game position a general is never actually
 * captured".  The reference's playouts must agree, and the biased ones must
 * reach exchanges of every size and five-soldier wins, or the comparisons
 * below would not cover them. */
static void test_reference_playout_coverage(void **state)
{
    (void)state;
    ref_rules rr;
    ref_rules_default(&rr);
    cmp_rng g = { 77 };
    long exchanges[5] = { 0 }, five = 0, general_captures = 0;
    const char *fens[] = { START_FEN, tactical_fen("soldier race") };
    ref_list *l = malloc(sizeof *l);
    for (int game = 0; game < 40; game++) {
        ref_pos p;
        assert_int_equal(ref_parse_fen(&p, fens[game % 2]), 0);
        for (int ply = 0; ply < 150; ply++) {
            ref_legal(&rr, &p, l);
            if (l->n == 0) break;
            for (int i = 0; i < l->n; i++) {
                exchanges[l->m[i].nsold]++;
                if (!l->m[i].nsold && ref_kind(ref_get(&p, l->m[i].to)) == 'K') general_captures++;
            }
            pick_mode mode = game / 2 % 2 ? PICK_HOARD : PICK_EAGER;
            p = ref_after(&rr, &p, &l->m[pick_move(&g, &p, l, mode)]);
        }
        ref_outcome o;
        ref_judge_fresh(&rr, &p, &o);
        if (o.result == QP_WIN && !strcmp(o.reason, "five-soldiers")) five++;
    }
    free(l);
    printf("exchange moves seen k=1..4: %ld %ld %ld %ld; five-soldier wins %ld\n", exchanges[1],
           exchanges[2], exchanges[3], exchanges[4], five);
    assert_int_equal(general_captures, 0);
    for (int k = 1; k <= 4; k++) assert_true(exchanges[k] > 0);
    assert_true(five > 0);
}

/* ---- the ruleset against the reference ---- */

static void check_clean(const cmp_ctx *c)
{
    printf("[%s] %ld positions compared, %d mismatches\n", c->label, c->positions, c->mismatches);
    if (c->positions) printf("    seen: exchange moves k=1..4 %ld %ld %ld %ld, check %ld, leash %ld, trapped %ld,"
           " five bottom soldiers %ld\n", c->exchanges[1], c->exchanges[2], c->exchanges[3],
           c->exchanges[4], c->checks, c->leashes, c->traps, c->five_bottom);
    assert_int_equal(c->mismatches, 0);
}

static void test_start_perft(void **state)
{
    (void)state;
    cmp_ctx c;
    cmp_init(&c, "default", NULL);
    static const uint64_t want[] = { 1, 27, 728, 21434, 626938 };
    for (int d = 1; d <= 3; d++) assert_int_equal(perft_compare(&c, START_FEN, d), want[d]);
    ref_pos p;
    void *s = cmp_state(&c, &p, START_FEN);
    assert_int_equal(qp_perft(c.r, s, 4), want[4]);
    free(s);
    check_clean(&c);
    cmp_free(&c);
}

static void test_start_playouts(void **state)
{
    (void)state;
    cmp_ctx c;
    cmp_init(&c, "default", NULL);
    playouts(&c, START_FEN, 100 / CMP_SCALE, 150, 1, false);
    playouts(&c, START_FEN, 100 / CMP_SCALE, 150, 2, true);
    check_clean(&c);
    cmp_free(&c);
}

static void test_tactical_perft(void **state)
{
    (void)state;
    cmp_ctx c;
    cmp_init(&c, "default", NULL);
    for (int i = 0; i < NTACTICAL; i++) {
        c.label = tactical[i].name;
        perft_compare(&c, tactical[i].fen, 3);
    }
    c.label = "tactical";
    check_clean(&c);
    cmp_free(&c);
}

static void test_tactical_playouts(void **state)
{
    (void)state;
    cmp_ctx c;
    cmp_init(&c, "default", NULL);
    for (int i = 0; i < NTACTICAL; i++) {
        c.label = tactical[i].name;
        playouts(&c, tactical[i].fen, 20 / CMP_SCALE, 100, 100 + (uint64_t)i, false);
        playouts(&c, tactical[i].fen, 20 / CMP_SCALE, 100, 200 + (uint64_t)i, true);
    }
    c.label = "tactical";
    check_clean(&c);
    cmp_free(&c);
}

/* ---- changed parameters, applied to both ---- */

typedef struct variant {
    const char *name;
    const char *kv[8];             /* ruleset overrides, NULL-terminated */
    void (*adjust)(ref_rules *);   /* the same change in the reference */
} variant;

static void adj_loses(ref_rules *rr) { rr->answered_loses = true; }
static void adj_no_liberties(ref_rules *rr) { rr->liberties = false; }
static void adj_flying(ref_rules *rr) { rr->flying_general = true; }
static void adj_exchange(ref_rules *rr) { memcpy(rr->exchange, "\0RNCP", 5); }
static void adj_exchange_short(ref_rules *rr) { memcpy(rr->exchange, "\0CR\0\0", 5); }
static void adj_exchange_none(ref_rules *rr) { memset(rr->exchange, 0, 5); }
static void adj_soldiers(ref_rules *rr) { rr->soldiers_to_win = 4; }
static void adj_soldiers_never(ref_rules *rr) { rr->soldiers_to_win = 6; }
static void adj_palace(ref_rules *rr)
{
    rr->pal_f0 = 2, rr->pal_r0 = 2, rr->pal_f1 = 6, rr->pal_r1 = 6;
}
static void adj_all(ref_rules *rr)
{
    adj_loses(rr);
    adj_no_liberties(rr);
    adj_flying(rr);
    adj_exchange(rr);
    adj_soldiers(rr);
    adj_palace(rr);
}

static const variant variants[] = {
    { "answered capture loses", { "answered_general_capture=loses", NULL }, adj_loses },
    { "no liberties", { "liberties=false", NULL }, adj_no_liberties },
    { "flying general", { "flying_general=true", NULL }, adj_flying },
    { "exchange table R,N,C,P", { "exchange=R,N,C,P", NULL }, adj_exchange },
    { "exchange table C,R", { "exchange=C,R", NULL }, adj_exchange_short },
    { "no exchanges", { "exchange=", NULL }, adj_exchange_none },
    { "four soldiers win", { "soldiers_to_win=4", NULL }, adj_soldiers },
    /* Five bottom soldiers then stay on the board and offer exchanges. */
    { "soldiers never win", { "soldiers_to_win=6", NULL }, adj_soldiers_never },
    { "palace c3-g7", { "palace=c3-g7", NULL }, adj_palace },
    { "all changed",
      { "answered_general_capture=loses", "liberties=false", "flying_general=true",
        "exchange=R,N,C,P", "soldiers_to_win=4", "palace=c3-g7", NULL },
      adj_all },
};
#define NVARIANTS (int)(sizeof variants / sizeof variants[0])

static void run_variant(const variant *v)
{
    cmp_ctx c;
    cmp_init(&c, v->name, v->kv);
    v->adjust(&c.rr);
    perft_compare(&c, START_FEN, 3);
    for (int i = 0; i < NTACTICAL; i++) perft_compare(&c, tactical[i].fen, 2);
    playouts(&c, START_FEN, 20 / CMP_SCALE, 150, 300, false);
    playouts(&c, START_FEN, 20 / CMP_SCALE, 150, 301, true);
    for (int i = 0; i < NTACTICAL; i++) {
        playouts(&c, tactical[i].fen, 5 / CMP_SCALE + 1, 80, 400 + (uint64_t)i, false);
        playouts(&c, tactical[i].fen, 5 / CMP_SCALE + 1, 80, 500 + (uint64_t)i, true);
    }
    check_clean(&c);
    cmp_free(&c);
}

static void test_variant_loses(void **state) { (void)state; run_variant(&variants[0]); }
static void test_variant_no_liberties(void **state) { (void)state; run_variant(&variants[1]); }
static void test_variant_flying(void **state) { (void)state; run_variant(&variants[2]); }
static void test_variant_exchange(void **state) { (void)state; run_variant(&variants[3]); }
static void test_variant_exchange_short(void **state) { (void)state; run_variant(&variants[4]); }
static void test_variant_no_exchanges(void **state) { (void)state; run_variant(&variants[5]); }
static void test_variant_soldiers(void **state) { (void)state; run_variant(&variants[6]); }
static void test_variant_soldiers_never(void **state) { (void)state; run_variant(&variants[7]); }
static void test_variant_palace(void **state) { (void)state; run_variant(&variants[8]); }
static void test_variant_all(void **state) { (void)state; run_variant(&variants[9]); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reference_start_perft),
        cmocka_unit_test(test_reference_rules_examples),
        cmocka_unit_test(test_reference_playout_coverage),
        cmocka_unit_test(test_start_perft),
        cmocka_unit_test(test_start_playouts),
        cmocka_unit_test(test_tactical_perft),
        cmocka_unit_test(test_tactical_playouts),
        cmocka_unit_test(test_variant_loses),
        cmocka_unit_test(test_variant_no_liberties),
        cmocka_unit_test(test_variant_flying),
        cmocka_unit_test(test_variant_exchange),
        cmocka_unit_test(test_variant_exchange_short),
        cmocka_unit_test(test_variant_no_exchanges),
        cmocka_unit_test(test_variant_soldiers),
        cmocka_unit_test(test_variant_soldiers_never),
        cmocka_unit_test(test_variant_palace),
        cmocka_unit_test(test_variant_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
