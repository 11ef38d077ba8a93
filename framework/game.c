/*
 * game.c — the game record, undo/redo by replay, and the history rules.
 */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void grow(qp_game *g, int need)
{
    if (need <= g->cap) return;
    int cap = g->cap ? g->cap : 64;
    while (cap < need) cap *= 2;
    qp_move *rec = realloc(g->rec, sizeof *rec * (size_t)cap);
    qp_hist *hist = realloc(g->hist, sizeof *hist * (size_t)(cap + 1));
    if (!rec || !hist) {
        fprintf(stderr, "qipan: out of memory\n");
        abort();
    }
    g->rec = rec;
    g->hist = hist;
    g->cap = cap;
}

static void hist_start(qp_game *g)
{
    const qp_ruleset *rs = g->r->rs;
    qp_hist *h = &g->hist[0];
    h->hash = rs->hash(g->r, g->start);
    h->gave_check = rs->flags && (rs->flags(g->r, g->start) & QP_FLAG_CHECK);
    h->quiet_plies = 0;
    h->to_move = rs->side_to_move(g->r, g->start);
}

/* Plays m on cur and records hist[ply + 1]. */
static void step(qp_game *g, int ply, qp_move m)
{
    const qp_ruleset *rs = g->r->rs;
    unsigned mf = rs->move_flags ? rs->move_flags(g->r, g->cur, m) : 0;
    rs->make(g->r, g->cur, m, NULL);
    qp_hist *h = &g->hist[ply + 1];
    h->hash = rs->hash(g->r, g->cur);
    h->gave_check = rs->flags && (rs->flags(g->r, g->cur) & QP_FLAG_CHECK);
    h->quiet_plies = (mf & (QP_MF_CAPTURE | QP_MF_RESET)) ? 0 : g->hist[ply].quiet_plies + 1;
    h->to_move = rs->side_to_move(g->r, g->cur);
}

/* The record is the truth: rebuild cur by replaying rec[0..ply). */
static void replay(qp_game *g, int ply)
{
    memcpy(g->cur, g->start, g->r->state_size);
    hist_start(g);
    for (int i = 0; i < ply; i++) step(g, i, g->rec[i]);
    g->cursor = ply;
}

int qp_game_init(qp_game *g, const qp_rules *r, const char *fen, char *err, size_t errn)
{
    memset(g, 0, sizeof *g);
    g->r = r;
    g->resigned = -1;
    g->start = qp_state_new(r);
    g->cur = qp_state_new(r);
    if (!g->start || !g->cur) {
        snprintf(err, errn, "out of memory");
        qp_game_free(g);
        return -1;
    }
    if (fen && *fen) {
        if (!r->rs->fen_parse) {
            snprintf(err, errn, "ruleset '%s' does not read FEN", r->rs->name);
            qp_game_free(g);
            return -1;
        }
        if (r->rs->fen_parse(r, g->start, fen, err, errn)) {
            qp_game_free(g);
            return -1;
        }
    } else {
        r->rs->setup(r, g->start);
    }
    if (r->rs->fen_print) r->rs->fen_print(r, g->start, g->start_fen, sizeof g->start_fen);
    grow(g, 64);
    replay(g, 0);
    return 0;
}

void qp_game_free(qp_game *g)
{
    free(g->start);
    free(g->cur);
    free(g->rec);
    free(g->hist);
    memset(g, 0, sizeof *g);
}

void qp_game_reset(qp_game *g)
{
    g->len = 0;
    g->resigned = -1;
    replay(g, 0);
}

void qp_game_play(qp_game *g, qp_move m)
{
    grow(g, g->cursor + 1);
    g->rec[g->cursor] = m;
    step(g, g->cursor, m);
    g->cursor++;
    g->len = g->cursor;
    g->resigned = -1;
}

int qp_game_play_text(qp_game *g, const char *text, char *err, size_t errn)
{
    qp_outcome o;
    qp_game_outcome(g, &o);
    if (o.result != QP_ONGOING) {
        snprintf(err, errn, "the game is over (%s)", o.reason);
        return -1;
    }
    qp_move m;
    if (g->r->rs->move_parse(g->r, g->cur, text, &m, err, errn)) return -1;
    qp_game_play(g, m);
    return 0;
}

void qp_game_resign(qp_game *g, int side)
{
    g->len = g->cursor;
    g->resigned = side;
}

bool qp_game_undo(qp_game *g)
{
    if (g->resigned >= 0) {      /* taking back a resignation is an undo too */
        g->resigned = -1;
        return true;
    }
    if (g->cursor == 0) return false;
    replay(g, g->cursor - 1);
    return true;
}

bool qp_game_redo(qp_game *g)
{
    if (g->cursor >= g->len) return false;
    replay(g, g->cursor + 1);
    return true;
}

void qp_game_goto(qp_game *g, int ply)
{
    if (ply < 0) ply = 0;
    if (ply > g->len) ply = g->len;
    replay(g, ply);
}

int qp_game_to_move(const qp_game *g)
{
    return g->r->rs->side_to_move(g->r, g->cur);
}

void qp_history_judge(const qp_rules *r, const qp_hist *h, int last, qp_outcome *o)
{
    o->result = QP_ONGOING;
    o->winner = -1;
    o->reason = "";
    const qp_draw_rules *d = &r->draw;
    if (d->repetitions > 1) {
        /* Positions before the last capture cannot recur. */
        int first = last, count = 1;
        int lo = last - h[last].quiet_plies;
        if (lo < 0) lo = 0;
        for (int j = last - 2; j >= lo; j -= 2)
            if (h[j].hash == h[last].hash && h[j].to_move == h[last].to_move) {
                count++;
                first = j;
            }
        if (count >= d->repetitions) {
            o->result = QP_DRAW;
            o->reason = "repetition";
            if (d->perpetual_check_loses && r->nsides == 2) {
                /* Ply k (first < k <= last) was played by h[k-1].to_move. */
                bool all_check[2] = {true, true};
                for (int k = first + 1; k <= last; k++)
                    if (!h[k].gave_check) all_check[h[k - 1].to_move & 1] = false;
                if (all_check[0] != all_check[1]) {
                    o->result = QP_WIN;
                    o->winner = all_check[0] ? 1 : 0;
                    o->reason = "perpetual-check";
                }
            }
            return;
        }
    }
    if (d->no_capture_plies > 0 && h[last].quiet_plies >= d->no_capture_plies) {
        o->result = QP_DRAW;
        o->reason = "no-capture-limit";
    }
}

void qp_game_outcome(const qp_game *g, qp_outcome *o)
{
    g->r->rs->outcome(g->r, g->cur, o);
    if (o->result != QP_ONGOING) return;
    if (g->resigned >= 0) {
        o->result = QP_WIN;
        o->winner = g->r->nsides == 2 ? 1 - g->resigned : -1;
        o->reason = "resignation";
        if (g->r->nsides == 1) o->result = QP_DRAW;
        return;
    }
    qp_history_judge(g->r, g->hist, g->cursor, o);
}

void qp_game_final_outcome(const qp_game *g, qp_outcome *o)
{
    if (g->cursor == g->len) {
        qp_game_outcome(g, o);
        return;
    }
    /* Replay into a scratch game sharing the record. */
    qp_game end = *g;
    end.cur = qp_state_new(g->r);
    end.hist = malloc(sizeof *end.hist * (size_t)(g->cap + 1));
    end.resigned = -1;
    replay(&end, g->len);
    qp_game_outcome(&end, o);
    free(end.cur);
    free(end.hist);
}

/* Text hooks need the position before the move: replay into a scratch. */
static void *position_before(const qp_game *g, int i)
{
    void *s = qp_state_new(g->r);
    memcpy(s, g->start, g->r->state_size);
    for (int k = 0; k < i && k < g->len; k++) g->r->rs->make(g->r, s, g->rec[k], NULL);
    return s;
}

void qp_game_move_text(const qp_game *g, int i, char *buf, size_t n)
{
    buf[0] = 0;
    if (i < 0 || i >= g->len) return;
    void *s = position_before(g, i);
    g->r->rs->move_text(g->r, s, g->rec[i], buf, n);
    free(s);
}

void qp_game_move_notation(const qp_game *g, int i, char *buf, size_t n)
{
    buf[0] = 0;
    if (i < 0 || i >= g->len) return;
    void *s = position_before(g, i);
    if (g->r->rs->move_notation) g->r->rs->move_notation(g->r, s, g->rec[i], buf, n);
    else g->r->rs->move_text(g->r, s, g->rec[i], buf, n);
    free(s);
}

void qp_game_fen(const qp_game *g, char *buf, size_t n)
{
    buf[0] = 0;
    if (g->r->rs->fen_print) g->r->rs->fen_print(g->r, g->cur, buf, n);
}
