/*
 * why.c — reasons for refused moves (see why.h).
 */
#include "why.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WHY_MAX_PTS 16

int qp_move_points(const qp_rules *r, const void *s, qp_move m, int *pts, int max)
{
    if (r->rs->move_squares) {
        int n = r->rs->move_squares(r, s, m, pts, max);
        if (n > 0) return n > max ? max : n;
    }
    char text[QP_MOVE_TEXT];
    r->rs->move_text(r, s, m, text, sizeof text);
    int n = 0;
    for (const char *p = text; *p && n < max;) {
        int k = 0, v;
        if (isalpha((unsigned char)*p)) k = qp_sq_parse(&r->geom, p, &v);
        if (k > 0) {
            pts[n++] = v;
            p += k;
        } else {
            p++;
        }
    }
    return n;
}

int qp_move_marks(const qp_rules *r, const void *s, qp_move m, int *pts, int max, int *npoints)
{
    int n = qp_move_points(r, s, m, pts, max);
    if (npoints) *npoints = n;
    if (!r->rs->move_effects || n >= max) return n;
    int fx[QP_MAX_POINTS];
    int k = r->rs->move_effects(r, s, m, fx, max - n < QP_MAX_POINTS ? max - n : QP_MAX_POINTS);
    for (int i = 0; i < k && n < max; i++) {
        bool seen = fx[i] < 0 || fx[i] >= r->geom.n;
        for (int j = 0; j < n && !seen; j++) seen = pts[j] == fx[i];
        if (!seen) pts[n++] = fx[i];
    }
    return n;
}

void qp_point_name(const qp_rules *r, int sq, char *buf, size_t n)
{
    char nm[8] = "";
    if (r->rs->point_name) r->rs->point_name(r, sq, nm, sizeof nm);
    if (!nm[0]) qp_sq_name(&r->geom, sq, nm);
    snprintf(buf, n, "%s", nm);
}

qp_why_code qp_why_set(qp_why *why, qp_why_code code, const char *en, const char *zh)
{
    why->code = code;
    snprintf(why->en, sizeof why->en, "%s", en ? en : "");
    snprintf(why->zh, sizeof why->zh, "%s", zh ? zh : "");
    return code;
}

static const char *const why_names[QP_WHY_CODES] = {
    "none", "over", "off-board", "empty", "not-yours", "own-piece", "occupied", "no-move",
    "cannot-move", "blocked", "leg", "self-check", "flying-generals", "hand-first", "no-hand",
    "suicide", "must-capture", "must-continue", "repetition", "rule",
};

const char *qp_why_name(qp_why_code code)
{
    return code >= 0 && code < QP_WHY_CODES ? why_names[code] : "?";
}

void qp_why_line(const qp_why *why, qp_why_style style, char *buf, size_t n)
{
    if (!n) return;
    if (style == QP_WHY_EN || !why->zh[0]) {
        snprintf(buf, n, "%s", why->en);
    } else if (style == QP_WHY_EN_ZH) {
        snprintf(buf, n, "%s / %s", why->en, why->zh);
    } else {
        snprintf(buf, n, "%s %s", why->zh, why->en);
        size_t z = strlen(why->zh) + 1;   /* a sentence of its own: capital first */
        if (z < strlen(buf) && islower((unsigned char)buf[z])) buf[z] = (char)toupper((unsigned char)buf[z]);
    }
}

/* The legal moves at the cursor with their points. */
typedef struct why_moves {
    int n;
    qp_move *m;
    int (*pts)[WHY_MAX_PTS];
    int *npts;
} why_moves;

static int why_moves_load(const qp_game *g, why_moves *w)
{
    w->m = malloc(QP_MAX_MOVES * sizeof *w->m);
    w->pts = malloc(QP_MAX_MOVES * sizeof *w->pts);
    w->npts = malloc(QP_MAX_MOVES * sizeof *w->npts);
    if (!w->m || !w->pts || !w->npts) {
        free(w->m), free(w->pts), free(w->npts);
        return -1;
    }
    w->n = qp_game_moves(g, w->m);
    for (int i = 0; i < w->n; i++) w->npts[i] = qp_move_points(g->r, g->cur, w->m[i], w->pts[i], WHY_MAX_PTS);
    return 0;
}

static void why_moves_free(why_moves *w)
{
    free(w->m), free(w->pts), free(w->npts);
}

/* Whether a legal move's points start with pts[0..k) (and have more when
 * proper). */
static bool starts_with(const why_moves *w, const int *pts, int k, bool proper)
{
    for (int i = 0; i < w->n; i++) {
        if (w->npts[i] < k || (proper && w->npts[i] == k)) continue;
        bool same = true;
        for (int j = 0; same && j < k; j++) same = w->pts[i][j] == pts[j];
        if (same) return true;
    }
    return false;
}

static bool is_move(const why_moves *w, const int *pts, int k)
{
    for (int i = 0; i < w->n; i++)
        if (w->npts[i] == k && !memcmp(w->pts[i], pts, (size_t)k * sizeof *pts)) return true;
    return false;
}

/* A move gen lists but superko forbids, with exactly these points. */
static bool superko_forbids(const qp_game *g, const int *pts, int npts)
{
    if (!g->r->draw.superko) return false;
    qp_move *mv = malloc(QP_MAX_MOVES * sizeof *mv);
    if (!mv) return false;
    int n = g->r->rs->gen(g->r, g->cur, mv, QP_GEN_ALL);
    bool found = false;
    for (int i = 0; i < n && !found; i++) {
        int p[WHY_MAX_PTS], k = qp_move_points(g->r, g->cur, mv[i], p, WHY_MAX_PTS);
        if (k != npts || memcmp(p, pts, (size_t)k * sizeof *p)) continue;
        found = !qp_game_superko_allows(g, mv[i]);
    }
    free(mv);
    return found;
}

/* A hole of the board among pts: a point without links that holds no
 * piece and no legal move touches (a board with no links at all, Nim's
 * piles, has no holes that way). */
static bool off_board(const qp_game *g, const why_moves *w, const int *pts, int npts)
{
    const qp_geom *geo = &g->r->geom;
    bool links = geo->holes_marked;
    for (int p = 0; p < geo->n && !links; p++)
        for (int d = 0; d < QP_NDIRS && !links; d++) links = geo->nb[p][d] >= 0;
    if (!links) return false;
    qp_piece_view pv;
    for (int i = 0; i < npts; i++) {
        if (!qp_geom_is_hole(&g->r->geom, pts[i]) || g->r->rs->piece_at(g->r, g->cur, pts[i], &pv)) continue;
        bool used = false;
        for (int m = 0; m < w->n && !used; m++)
            for (int j = 0; j < w->npts[m] && !used; j++) used = w->pts[m][j] == pts[i];
        if (!used) return true;
    }
    return false;
}

static qp_why_code repetition(qp_why *why)
{
    return qp_why_set(why, QP_WHY_REPETITION, "it would repeat an earlier position (ko)",
                      "不能重复以前的局面（打劫）");
}

/* The reasons that need no knowledge of the game, after the hook. */
static qp_why_code generic(const qp_game *g, const why_moves *w, const int *pts, int npts, qp_why *why)
{
    const qp_rules *r = g->r;
    char a[8], b[8], en[QP_WHY_TEXT], zh[QP_WHY_TEXT];
    int side = qp_game_to_move(g);
    qp_piece_view pv;
    qp_point_name(r, pts[0], a, sizeof a);
    qp_point_name(r, pts[npts - 1], b, sizeof b);
    bool piece = r->rs->piece_at(r, g->cur, pts[0], &pv);
    bool places = false;
    for (int i = 0; i < w->n && !places; i++) places = w->npts[i] == 1;
    if (npts == 1) {
        if (!piece && places) {
            snprintf(en, sizeof en, "%s is no legal placement", a);
            snprintf(zh, sizeof zh, "%s不能落子", a);
            return qp_why_set(why, QP_WHY_CANNOT_MOVE, en, zh);
        }
        if (!piece) {
            snprintf(en, sizeof en, "there is no piece on %s", a);
            snprintf(zh, sizeof zh, "%s没有棋子", a);
            return qp_why_set(why, QP_WHY_EMPTY, en, zh);
        }
        if (places && !starts_with(w, pts, 1, false)) {
            snprintf(en, sizeof en, "%s is occupied", a);
            snprintf(zh, sizeof zh, "%s已有棋子", a);
            return qp_why_set(why, QP_WHY_OCCUPIED, en, zh);
        }
    }
    if (!piece) {
        snprintf(en, sizeof en, "there is no piece on %s", a);
        snprintf(zh, sizeof zh, "%s没有棋子", a);
        return qp_why_set(why, QP_WHY_EMPTY, en, zh);
    }
    if (pv.side != side && r->nsides > 1) {
        snprintf(en, sizeof en, "%s is not your piece", a);
        snprintf(zh, sizeof zh, "%s不是你的棋子", a);
        return qp_why_set(why, QP_WHY_NOT_YOURS, en, zh);
    }
    if (!starts_with(w, pts, 1, false)) {
        snprintf(en, sizeof en, "the piece on %s has no legal move", a);
        snprintf(zh, sizeof zh, "%s的棋子无路可走", a);
        return qp_why_set(why, QP_WHY_NO_MOVE, en, zh);
    }
    qp_piece_view dv;
    if (npts >= 2 && r->rs->piece_at(r, g->cur, pts[npts - 1], &dv) && dv.side == side) {
        snprintf(en, sizeof en, "%s is occupied by your own piece", b);
        snprintf(zh, sizeof zh, "%s已有己方棋子", b);
        return qp_why_set(why, QP_WHY_OWN_PIECE, en, zh);
    }
    if (npts == 1) {   /* a piece that has moves: asked alone, nothing to refuse */
        return qp_why_set(why, QP_WHY_NONE, "", "");
    }
    snprintf(en, sizeof en, "the piece on %s cannot move to %s", a, b);
    snprintf(zh, sizeof zh, "%s的棋子不能走到%s", a, b);
    return qp_why_set(why, QP_WHY_CANNOT_MOVE, en, zh);
}

qp_why_code qp_why_points(const qp_game *g, const int *pts, int npts, bool finished, qp_why *why)
{
    const qp_rules *r = g->r;
    char a[8], en[QP_WHY_TEXT], zh[QP_WHY_TEXT];
    qp_why_set(why, QP_WHY_NONE, "", "");
    if (npts <= 0) return QP_WHY_NONE;
    for (int i = 0; i < npts; i++)
        if (pts[i] < 0 || pts[i] >= r->geom.n)
            return qp_why_set(why, QP_WHY_OFF_BOARD, "that point is not on the board", "该点不在棋盘上");
    why_moves w;
    if (why_moves_load(g, &w)) return qp_why_set(why, QP_WHY_RULE, "out of memory", "内存不足");
    qp_why_code code = QP_WHY_NONE;
    if (off_board(g, &w, pts, npts)) {
        code = qp_why_set(why, QP_WHY_OFF_BOARD, "that point is not on the board", "该点不在棋盘上");
    } else if (w.n == 0 && !(r->draw.superko && superko_forbids(g, pts, npts))) {
        code = qp_why_set(why, QP_WHY_OVER, "the game is over", "对局已结束");
    } else if (is_move(&w, pts, npts) || (!finished && starts_with(&w, pts, npts, true))) {
        code = QP_WHY_NONE;
    } else if (starts_with(&w, pts, npts, true)) {
        qp_point_name(r, pts[npts - 1], a, sizeof a);
        snprintf(en, sizeof en, "the move is not finished: it goes on from %s", a);
        snprintf(zh, sizeof zh, "着法未完：须从%s继续", a);
        code = qp_why_set(why, QP_WHY_MUST_CONTINUE, en, zh);
    } else if (npts >= 2 && starts_with(&w, pts, npts - 1, true) && npts - 1 > 1) {
        qp_point_name(r, pts[npts - 1], a, sizeof a);
        snprintf(en, sizeof en, "the move under way cannot go on to %s", a);
        snprintf(zh, sizeof zh, "当前着法不能接到%s", a);
        code = qp_why_set(why, QP_WHY_MUST_CONTINUE, en, zh);
    } else if (superko_forbids(g, pts, npts)) {
        code = repetition(why);
    } else {
        if (r->rs->why_refused) code = r->rs->why_refused(r, g->cur, pts, npts, why);
        if (code == QP_WHY_NONE) code = generic(g, &w, pts, npts, why);
    }
    why_moves_free(&w);
    return code;
}

qp_why_code qp_why_text(const qp_game *g, const char *text, qp_why *why)
{
    const qp_rules *r = g->r;
    char err[QP_ERR] = "";
    qp_move m;
    qp_why_set(why, QP_WHY_NONE, "", "");
    if (r->rs->move_parse(r, g->cur, text, &m, err, sizeof err) == 0 && qp_move_is_legal(r, g->cur, m))
        return qp_game_superko_allows(g, m) ? QP_WHY_NONE : repetition(why);
    int pts[WHY_MAX_PTS], n = 0, k;
    const char *p = text;
    while (*p && n < WHY_MAX_PTS && (k = qp_sq_parse(&r->geom, p, &pts[n])) > 0) {
        p += k;
        n++;
    }
    if (n > 0 && !*p && qp_why_points(g, pts, n, true, why) != QP_WHY_NONE) return why->code;
    qp_outcome o;
    qp_game_outcome(g, &o);
    if (o.result != QP_ONGOING) return qp_why_set(why, QP_WHY_OVER, "the game is over", "对局已结束");
    /* the caller shows the text: the reason need not repeat it */
    const char *en = err;
    size_t len = strlen(text);
    if (len && !strncmp(en, text, len) && !strncmp(en + len, ": ", 2)) en += len + 2;
    return qp_why_set(why, QP_WHY_RULE, en[0] ? en : "not a legal move", "着法不合规则");
}
