/*
 * pass_guard.c — a pass replaced by a move that still gains (pass_guard.h).
 */
#include "pass_guard.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int qp_stone_point(const qp_rules *r, const char *text)
{
    if (text[0] < 'a' || text[0] > 'z' || !isdigit((unsigned char)text[1])) return -1;
    int file = text[0] - 'a', rank = atoi(text + 1) - 1;
    if (file >= r->geom.w || rank < 0 || rank >= r->geom.h) return -1;
    return rank * r->geom.w + file;
}

void qp_stone_colours(const qp_rules *r, const void *s, int8_t *col)
{
    for (int sq = 0; sq < r->geom.n; sq++) {
        qp_piece_view v;
        col[sq] = r->rs->piece_at(r, s, sq, &v) && v.side >= 0 && v.side <= 1 ? (int8_t)v.side : -1;
    }
}

/* The stones of sq's group into mark (value tag) and its liberties. */
static int group_liberties(const qp_rules *r, const int8_t *col, int sq, int *mark, int tag, int *size)
{
    int stack[QP_MAX_POINTS], sp = 0, libs = 0, n = 0;
    static const int dirs[4] = {QP_N, QP_E, QP_S, QP_W};
    int seen_lib[QP_MAX_POINTS];
    memset(seen_lib, 0, sizeof(int) * (size_t)r->geom.n);
    mark[sq] = tag;
    stack[sp++] = sq;
    while (sp) {
        int p = stack[--sp];
        n++;
        for (int d = 0; d < 4; d++) {
            int q = r->geom.nb[p][dirs[d]];
            if (q < 0) continue;
            if (col[q] < 0 && !seen_lib[q]) {
                seen_lib[q] = 1;
                libs++;
            } else if (col[q] == col[sq] && mark[q] != tag) {
                mark[q] = tag;
                stack[sp++] = q;
            }
        }
    }
    if (size) *size = n;
    return libs;
}

/* Whether the empty region of sq touches stones of both sides. */
static bool region_neutral(const qp_rules *r, const int8_t *col, int sq)
{
    int stack[QP_MAX_POINTS], sp = 0, seen[QP_MAX_POINTS] = {0};
    static const int dirs[4] = {QP_N, QP_E, QP_S, QP_W};
    bool touch[2] = {false, false};
    seen[sq] = 1;
    stack[sp++] = sq;
    while (sp) {
        int p = stack[--sp];
        for (int d = 0; d < 4; d++) {
            int q = r->geom.nb[p][dirs[d]];
            if (q < 0) continue;
            if (col[q] >= 0) touch[col[q]] = true;
            else if (!seen[q]) {
                seen[q] = 1;
                stack[sp++] = q;
            }
        }
    }
    return touch[0] && touch[1];
}

/* Why the engine should play m rather than pass, as a gain (0: none).
 * s is the position, me the side to move, sq m's point. */
static int move_gain(const qp_rules *r, bool cleanup, const void *s, qp_move m, int me, int sq, const int8_t *col)
{
    static const int dirs[4] = {QP_N, QP_E, QP_S, QP_W};
    /* an eye: every neighbour one of mine */
    bool eye = true;
    for (int d = 0; d < 4; d++) {
        int q = r->geom.nb[sq][dirs[d]];
        if (q >= 0 && col[q] != me) eye = false;
    }
    if (eye) return 0;
    /* enemy stones next to it before: their groups' liberties */
    int mark[QP_MAX_POINTS];
    memset(mark, 0, sizeof(int) * (size_t)r->geom.n);
    int threat = 0, attack = 0, tag = 1;
    for (int d = 0; d < 4; d++) {
        int q = r->geom.nb[sq][dirs[d]];
        if (q < 0 || col[q] < 0 || mark[q]) continue;
        int size, libs = group_liberties(r, col, q, mark, tag++, &size);
        if (col[q] == me && libs == 1) threat += size;    /* in atari: sq is its liberty */
        if (col[q] != me) attack = 1;
    }
    void *after = malloc(r->state_size);
    if (!after) return 0;
    memcpy(after, s, r->state_size);
    r->rs->make(r, after, m, NULL);
    int8_t col2[QP_MAX_POINTS];
    qp_stone_colours(r, after, col2);
    free(after);
    int captured = 0;
    for (int i = 0; i < r->geom.n; i++)
        if (col[i] == 1 - me && col2[i] < 0) captured++;
    memset(mark, 0, sizeof(int) * (size_t)r->geom.n);
    int libs = col2[sq] == me ? group_liberties(r, col2, sq, mark, 1, NULL) : 0;
    if (captured) return 4 * captured + 2;
    if (libs < 2) return 0;                       /* self-atari: it would be taken */
    if (threat) return 4 * threat + 1;            /* saved from atari */
    if (region_neutral(r, col, sq)) return 2;     /* a neutral point made mine */
    if (cleanup && attack) return 1;           /* a liberty of enemy stones taken */
    return 0;
}

qp_move qp_pass_guard(const qp_rules *r, const qp_game *g, qp_move best, bool cleanup)
{
    char text[QP_MOVE_TEXT];
    if (best != QP_MOVE_NONE) {
        r->rs->move_text(r, g->cur, best, text, sizeof text);
        if (strcmp(text, "pass")) return best;
    }
    int me = qp_game_to_move(g);
    int8_t col[QP_MAX_POINTS];
    qp_stone_colours(r, g->cur, col);
    qp_move *moves = malloc(sizeof *moves * QP_MAX_MOVES);
    if (!moves) return best;
    int n = qp_game_moves(g, moves), top = 0;
    qp_move pick = best;
    for (int i = 0; i < n; i++) {
        r->rs->move_text(r, g->cur, moves[i], text, sizeof text);
        int sq = qp_stone_point(r, text);
        if (sq < 0 || col[sq] >= 0) continue;
        int gain = move_gain(r, cleanup, g->cur, moves[i], me, sq, col);
        if (gain > top) {
            top = gain;
            pick = moves[i];
        }
    }
    free(moves);
    return pick;
}
