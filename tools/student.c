/*
 * student.c — a "student-level" opponent: the kind of engine a student
 * writes first.  Plain fixed-depth negamax alpha-beta (default 4 plies),
 * material-only evaluation, captures tried first, no transposition table,
 * no quiescence, no pruning beyond alpha-beta.  It shares only the rules
 * (the ruleset hooks) with qipan, not a line of its search, so matches
 * against it measure the engine rather than agree with it.
 *
 * It speaks a subset of UCI on stdin/stdout, so tools/match.c (or a GUI)
 * can play it:  uci, isready, ucinewgame, setoption name UCI_Variant|Depth|
 * Seed value V, position startpos|fen F [moves ...], go [depth N], quit.
 * Ties between equally good moves are broken by a seeded random choice,
 * so games against it are not all the same game.
 *
 *     student [--depth N] [--seed S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "game.h"
#include "registry.h"

#define ST_INF 1000000
#define ST_WIN 100000
#define ST_MAX_DEPTH 32

typedef struct student {
    qp_registry reg;
    qp_rules *r;
    qp_game g;
    int depth;
    uint64_t rng;
    unsigned long long nodes;
    char *buf;                  /* (depth + 1) scratch positions */
} student;

static uint64_t st_rand(student *st)
{
    st->rng ^= st->rng << 13;
    st->rng ^= st->rng >> 7;
    st->rng ^= st->rng << 17;
    return st->rng;
}

/* Textbook Xiangqi values by FEN letter; other games count pieces. */
static int piece_value(char letter)
{
    switch (letter) {
    case 'K': case 'k': return 0;
    case 'A': case 'a': return 200;
    case 'B': case 'b': return 200;
    case 'N': case 'n': return 400;
    case 'R': case 'r': return 900;
    case 'C': case 'c': return 450;
    case 'P': case 'p': return 100;
    default: return 100;
    }
}

static int material(const student *st, const void *s)
{
    const qp_rules *r = st->r;
    int me = r->rs->side_to_move(r, s), v = 0;
    for (int sq = 0; sq < r->geom.n; sq++) {
        qp_piece_view pv;
        if (r->rs->piece_at(r, s, sq, &pv)) v += (pv.side == me ? 1 : -1) * piece_value(pv.letter);
    }
    return v;
}

static int negamax(student *st, const void *s, int depth, int ply, int alpha, int beta)
{
    const qp_rules *r = st->r;
    st->nodes++;
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    if (n == 0) {
        qp_outcome o;
        r->rs->outcome(r, s, &o);
        if (o.result != QP_WIN) return 0;
        int sc = ST_WIN - ply;   /* sooner wins are better */
        return o.winner == r->rs->side_to_move(r, s) ? sc : -sc;
    }
    if (depth == 0) return material(st, s);
    /* Captures first, in generation order; then the rest. */
    int k = 0;
    for (int i = 0; i < n; i++)
        if (r->rs->move_flags(r, s, mv[i]) & QP_MF_CAPTURE) {
            qp_move t = mv[k];
            mv[k++] = mv[i];
            mv[i] = t;
        }
    char *child = st->buf + (size_t)(ply + 1) * r->state_size;
    int me = r->rs->side_to_move(r, s);
    int best = -ST_INF;
    for (int i = 0; i < n; i++) {
        memcpy(child, s, r->state_size);
        r->rs->make(r, child, mv[i], NULL);
        int v = r->rs->side_to_move(r, child) == me
                    ? negamax(st, child, depth - 1, ply + 1, alpha, beta)
                    : -negamax(st, child, depth - 1, ply + 1, -beta, -alpha);
        if (v > best) best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return best;
}

/* Root: full value of every move (so ties are real ties), then a random
 * choice among the best. */
static qp_move think(student *st, int depth, int *score)
{
    const qp_rules *r = st->r;
    const void *s = st->g.cur;
    qp_move mv[QP_MAX_MOVES], best[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL), nb = 0, bv = -ST_INF;
    char *child = st->buf + r->state_size;
    int me = r->rs->side_to_move(r, s);
    for (int i = 0; i < n; i++) {
        memcpy(child, s, r->state_size);
        r->rs->make(r, child, mv[i], NULL);
        /* Window just below the best so far: equal moves still get exact
         * values, worse ones are cut early. */
        int a = bv - 1, b = ST_INF;
        int v = r->rs->side_to_move(r, child) == me ? negamax(st, child, depth - 1, 1, a, b)
                                                    : -negamax(st, child, depth - 1, 1, -b, -a);
        if (v > bv) {
            bv = v;
            nb = 0;
        }
        if (v == bv) best[nb++] = mv[i];
    }
    *score = bv;
    return nb ? best[st_rand(st) % (uint64_t)nb] : QP_MOVE_NONE;
}

static int open_variant(student *st, const char *name)
{
    char err[QP_ERR];
    const qp_ruleset *rs = qp_registry_find(&st->reg, name);
    if (!rs) {
        printf("info string error: unknown variant '%s'\n", name);
        return -1;
    }
    qp_params p;
    if (qp_params_init(&p, rs->params, err, sizeof err)) return -1;
    qp_rules *r = qp_rules_create(rs, &p, err, sizeof err);
    if (!r) {
        printf("info string error: %s\n", err);
        return -1;
    }
    if (st->r) {
        qp_game_free(&st->g);
        qp_rules_free(st->r);
    }
    st->r = r;
    qp_game_init(&st->g, r, NULL, err, sizeof err);
    free(st->buf);
    st->buf = malloc((size_t)(ST_MAX_DEPTH + 2) * r->state_size);
    return 0;
}

static void position(student *st, char *args)
{
    char err[QP_ERR], fen[1024] = "";
    char *mv = strstr(args, " moves");
    if (mv) *mv = 0;
    if (!strncmp(args, "fen ", 4)) snprintf(fen, sizeof fen, "%s", args + 4);
    else if (strncmp(args, "startpos", 8)) {
        printf("info string error: bad position command\n");
        return;
    }
    qp_game g;
    if (qp_game_init(&g, st->r, fen[0] ? fen : NULL, err, sizeof err)) {
        printf("info string error: bad fen: %s\n", err);
        return;
    }
    if (mv)
        for (char *t = strtok(mv + 6, " \t\r\n"); t; t = strtok(NULL, " \t\r\n"))
            if (qp_game_play_text(&g, t, err, sizeof err)) {
                printf("info string error: move %s: %s\n", t, err);
                break;
            }
    qp_game_free(&st->g);
    st->g = g;
}

int main(int argc, char **argv)
{
    student st;
    memset(&st, 0, sizeof st);
    st.depth = 4;
    st.rng = 0x853C49E6748FEA9Bull;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--depth")) st.depth = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed")) st.rng ^= strtoull(argv[i + 1], NULL, 10) * 2654435761u;
    }
    if (st.depth < 1) st.depth = 1;
    if (st.depth > ST_MAX_DEPTH) st.depth = ST_MAX_DEPTH;
    char err[QP_ERR];
    qp_registry_open(&st.reg, argv[0], err, sizeof err);
    if (open_variant(&st, "zhonggong")) return 1;
    setvbuf(stdout, NULL, _IOLBF, 0);

    char line[65536];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strcmp(line, "uci")) {
            printf("id name student\nid author qipan tools\n"
                   "option name Depth type spin default %d min 1 max 8\nuciok\n", st.depth);
        } else if (!strcmp(line, "isready")) {
            printf("readyok\n");
        } else if (!strcmp(line, "quit")) {
            break;
        } else if (!strcmp(line, "ucinewgame")) {
            qp_game_reset(&st.g);
        } else if (!strncmp(line, "setoption name ", 15)) {
            char *v = strstr(line, " value ");
            if (!v) continue;
            *v = 0;
            v += 7;
            const char *name = line + 15;
            if (!strcmp(name, "UCI_Variant")) open_variant(&st, v);
            else if (!strcmp(name, "Depth")) st.depth = atoi(v) > 0 && atoi(v) <= ST_MAX_DEPTH ? atoi(v) : st.depth;
            else if (!strcmp(name, "Seed")) st.rng ^= strtoull(v, NULL, 10) * 2654435761u | 1;
        } else if (!strncmp(line, "position ", 9)) {
            position(&st, line + 9);
        } else if (!strncmp(line, "go", 2)) {
            int d = st.depth;
            char *p = strstr(line, "depth ");
            if (p) d = atoi(p + 6) > 0 ? atoi(p + 6) : 1;
            if (d > ST_MAX_DEPTH) d = ST_MAX_DEPTH;
            st.nodes = 0;
            int score = 0;
            qp_move m = think(&st, d, &score);
            char t[QP_MOVE_TEXT] = "(none)";
            if (m != QP_MOVE_NONE) st.r->rs->move_text(st.r, st.g.cur, m, t, sizeof t);
            printf("info depth %d score cp %d nodes %llu\nbestmove %s\n", d, score, st.nodes, t);
        } else if (line[0]) {
            printf("info string error: unknown command '%s'\n", line);
        }
    }
    qp_game_free(&st.g);
    qp_rules_free(st.r);
    free(st.buf);
    qp_registry_free(&st.reg);
    return 0;
}
