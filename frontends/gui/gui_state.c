/*
 * gui_state.c — derived view data and the selection rules (see gui_state.h).
 */
#include "gui_state.h"
#include "gui_words.h"
#include "search.h"
#include "why.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gui_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    return qp_move_points(r, s, m, sq, max);   /* why.h: the hook's squares, else those the text names */
}

/* Level names from the "ai.levels" map ("easy=2,medium=5"). */
static void level_names(gui_state *st)
{
    memset(st->level_name, 0, sizeof st->level_name);
    const char *t = qp_param_str(&st->r->params, "ai.levels");
    while (t && *t) {
        const char *eq = strchr(t, '='), *comma = strchr(t, ',');
        if (!comma) comma = t + strlen(t);
        if (eq && eq < comma) {
            int lv = atoi(eq + 1);
            if (lv >= 1 && lv <= GUI_LEVELS)
                snprintf(st->level_name[lv], sizeof st->level_name[lv], "%.*s", (int)(eq - t), t);
        }
        t = *comma ? comma + 1 : comma;
    }
}

int gui_state_init(gui_state *st, qp_rules *r, qp_game *g)
{
    memset(st, 0, sizeof *st);
    st->cand = calloc(QP_MAX_MOVES, sizeof *st->cand);
    if (!st->cand) return -1;
    st->r = r;
    st->g = *g;
    memset(g, 0, sizeof *g);
    st->hover_sq = st->hover_button = st->hover_ply = st->hover_choice = -1;
    st->drag_sq = -1;
    st->anim_to = -1;
    st->net.seat = -1;   /* not networked until gui_net says so */
    st->level = (int)qp_param_int(&r->params, "ai.level");
    if (st->level < 1 || st->level > GUI_LEVELS) st->level = 5;
    st->follow = true;
    st->flagged = -1;
    st->tc = (gui_tc){GUI_TC_NONE, 180, 2, 30};
    level_names(st);
    gui_state_changed(st);
    return 0;
}

void gui_state_free(gui_state *st)
{
    qp_game_free(&st->g);
    if (st->r) qp_rules_free(st->r);
    free(st->cand);
    free(st->ply);
    st->r = NULL;
    st->cand = NULL;
    st->ply = NULL;
}

void gui_state_replace(gui_state *st, qp_rules *r, qp_game *g)
{
    qp_game_free(&st->g);
    if (st->r != r) qp_rules_free(st->r);
    st->r = r;
    st->g = *g;
    memset(g, 0, sizeof *g);
    level_names(st);
    st->follow = true;
    gui_state_changed(st);
}

/* Rebuilds the move list by one replay of the record: O(len), where asking
 * the game for each ply's text would replay once per ply. */
static void rebuild_plies(gui_state *st)
{
    const qp_rules *r = st->r;
    const qp_ruleset *rs = r->rs;
    qp_game *g = &st->g;
    if (g->len > st->cap_ply) {
        int cap = st->cap_ply ? st->cap_ply : 128;
        while (cap < g->len) cap *= 2;
        gui_ply *p = realloc(st->ply, sizeof *p * (size_t)cap);
        if (!p) {
            st->nply = 0;
            return;
        }
        st->ply = p;
        st->cap_ply = cap;
    }
    void *s = malloc(r->state_size);
    if (!s) {
        st->nply = 0;
        return;
    }
    memcpy(s, g->start, r->state_size);
    for (int i = 0; i < g->len; i++) {
        gui_ply *p = &st->ply[i];
        qp_move m = g->rec[i];
        rs->move_text(r, s, m, p->text, sizeof p->text);
        p->nota[0] = 0;
        if (rs->move_notation) rs->move_notation(r, s, m, p->nota, sizeof p->nota);
        p->side = rs->side_to_move(r, s);
        p->nmk = qp_move_marks(r, s, m, p->mk, GUI_MAX_MARKS, &p->nsq);   /* one call: a hook's may be Lua */
        if (p->nsq > GUI_MAX_SQ) p->nsq = GUI_MAX_SQ;
        memcpy(p->sq, p->mk, sizeof p->sq[0] * (size_t)p->nsq);
        p->capture = rs->move_flags && (rs->move_flags(r, s, m) & QP_MF_CAPTURE);
        rs->make(r, s, m, NULL);
    }
    st->nply = g->len;
    free(s);
}

static void find_stones(gui_state *st)
{
    const qp_rules *r = st->r;
    st->stones[0] = st->stones[1] = false;
    for (int sq = 0; sq < r->geom.n; sq++) {
        qp_piece_view pv;
        if (r->rs->piece_at(r, st->g.start, sq, &pv) && pv.side >= 0 && pv.side < 2 && (!pv.glyph || !pv.glyph[0]))
            st->stones[pv.side] = true;
    }
}

static void find_king(gui_state *st)
{
    const qp_rules *r = st->r;
    st->king_sq = -1;
    for (int sq = 0; sq < r->geom.n; sq++) {
        qp_piece_view pv;
        if (r->rs->piece_at(r, st->g.cur, sq, &pv) && pv.side == st->to_move &&
            toupper((unsigned char)pv.letter) == 'K') {
            st->king_sq = sq;
            return;
        }
    }
}

static bool has(const int *a, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (a[i] == v) return true;
    return false;
}

/* Is every element of a (na) among the sources of c? */
static bool sel_within(const int *a, int na, const gui_cand *c)
{
    for (int i = 0; i < na; i++)
        if (!has(c->sq, c->nsq - 1, a[i])) return false;
    return true;
}

static bool sel_equals(const int *a, int na, const gui_cand *c)
{
    return na == c->nsq - 1 && sel_within(a, na, c);
}

static void compute_marks(gui_state *st)
{
    const qp_geom *geo = &st->r->geom;
    memset(st->mark, 0, sizeof st->mark);
    for (int i = 0; i < st->ncand; i++) {
        const gui_cand *c = &st->cand[i];
        for (int k = 0; k + 1 < c->nsq; k++) st->mark[c->sq[k]] |= GUI_MARK_SOURCE;
        if (sel_equals(st->sel, st->nsel, c)) st->mark[c->sq[c->nsq - 1]] |= GUI_MARK_TARGET;
        if (st->nsel && sel_within(st->sel, st->nsel, c))
            for (int k = 0; k + 1 < c->nsq; k++)
                if (!has(st->sel, st->nsel, c->sq[k])) st->mark[c->sq[k]] |= GUI_MARK_EXTEND;
    }
    for (int i = 0; i < st->nsel; i++) st->mark[st->sel[i]] |= GUI_MARK_SELECTED;
    /* several own pieces chosen, every target an enemy piece: an exchange */
    const qp_rules *r = st->r;
    qp_piece_view pv;
    st->sel_takes = st->nsel > 1;
    for (int i = 0; i < st->nsel && st->sel_takes; i++)
        st->sel_takes = r->rs->piece_at(r, st->g.cur, st->sel[i], &pv) && pv.side == st->to_move;
    bool any = false;
    for (int sq = 0; sq < geo->n && st->sel_takes; sq++)
        if (st->mark[sq] & GUI_MARK_TARGET) {
            any = true;
            st->sel_takes = r->rs->piece_at(r, st->g.cur, sq, &pv) && pv.side != st->to_move;
        }
    st->sel_takes &= any;
    st->nplace = 0;
    for (int i = 0; i < st->ncand; i++) st->nplace += st->cand[i].nsq == 1;
    int cur = st->g.cursor;
    if (cur > 0 && cur <= st->nply)
        for (int k = 0; k < st->ply[cur - 1].nmk; k++)
            if (st->ply[cur - 1].mk[k] >= 0 && st->ply[cur - 1].mk[k] < geo->n)
                st->mark[st->ply[cur - 1].mk[k]] |= GUI_MARK_LAST;
    /* the move being chosen, else those the pointer's target would play */
    int at = st->dialog == GUI_DLG_CHOOSE ? st->choice_sq : st->hover_sq;
    if (at < 0 || at >= geo->n || !(st->mark[at] & GUI_MARK_TARGET)) return;
    if (st->dialog == GUI_DLG_CHOOSE) st->mark[at] |= GUI_MARK_SELECTED;
    for (int i = 0; i < st->ncand; i++) {
        const gui_cand *c = &st->cand[i];
        if (c->sq[c->nsq - 1] != at || !sel_equals(st->sel, st->nsel, c)) continue;
        for (int k = 0; k < c->nmk; k++)
            if (!has(c->sq, c->nsq, c->mk[k]) && c->mk[k] >= 0 && c->mk[k] < geo->n) st->mark[c->mk[k]] |= GUI_MARK_EFFECT;
    }
}

/* Without the ruleset's hook, a win "k in a row" (k spelt out in its
 * reason, else 3) shows the winner's longest straight line of at least k. */
static void find_line(gui_state *st)
{
    static const char *const words[] = {"three", "four", "five", "six", "seven"};
    const qp_rules *r = st->r;
    const char *why = st->outcome.reason ? st->outcome.reason : "";
    if (!strstr(why, "in a row") && !strstr(why, "in-a-row")) return;
    int k = 3;
    for (int i = 0; i < 5; i++)
        if (strstr(why, words[i])) k = i + 3;
    /* Steps by coordinates: boards of cells need not link diagonals. */
    static const int df[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};
    const qp_geom *geo = &r->geom;
    int best = 0, best_sq = -1, best_d = 0;
    for (int sq = 0; sq < geo->n; sq++) {
        qp_piece_view pv;
        if (!r->rs->piece_at(r, st->g.cur, sq, &pv) || pv.side != st->outcome.winner) continue;
        int f0 = sq % geo->w, r0 = sq / geo->w;
        for (int d = 0; d < 4; d++) {
            int n = 0;
            for (int f = f0, rk = r0; f >= 0 && rk >= 0 && f < geo->w && rk < geo->h && n < 32; f += df[d], rk += dr[d]) {
                qp_piece_view tv;
                int t = rk * geo->w + f;
                if (!r->rs->piece_at(r, st->g.cur, t, &tv) || tv.side != pv.side) break;
                n++;
            }
            if (n > best) {
                best = n;
                best_sq = sq;
                best_d = d;
            }
        }
    }
    if (best < k) return;
    for (int i = 0; i < best && i < 32; i++)
        st->decisive[st->ndecisive++] = (best_sq / geo->w + i * dr[best_d]) * geo->w + best_sq % geo->w + i * df[best_d];
}

/* Without the ruleset's status_text: games of plain stones (reversi,
 * gomoku) count each side's stones, one-player games the pieces left (peg
 * solitaire); games of named pieces show nothing. */
static void count_pieces(gui_state *st)
{
    const qp_rules *r = st->r;
    bool stones = st->stones[0] || st->stones[1];   /* plain stones at the start, or placed since */
    int n[2] = {0, 0};
    for (int sq = 0; sq < r->geom.n; sq++) {
        qp_piece_view pv;
        if (r->rs->piece_at(r, st->g.cur, sq, &pv) && pv.side >= 0 && pv.side < 2) {
            n[pv.side]++;
            stones |= !pv.glyph || !pv.glyph[0];
        }
    }
    if (!stones && r->nsides > 1) return;
    if (r->nsides < 2) {
        snprintf(st->counters, sizeof st->counters, "Pieces left: %d", n[0]);
        return;
    }
    char a[32], b[32];
    snprintf(a, sizeof a, "%s", qp_side_name(r, 0));
    snprintf(b, sizeof b, "%s", qp_side_name(r, 1));
    if (a[0] >= 'a' && a[0] <= 'z') a[0] = (char)(a[0] - 'a' + 'A');
    if (b[0] >= 'a' && b[0] <= 'z') b[0] = (char)(b[0] - 'a' + 'A');
    snprintf(st->counters, sizeof st->counters, "On the board: %s %d \xC2\xB7 %s %d", a, n[0], b, n[1]);
}

void gui_state_changed(gui_state *st)
{
    const qp_rules *r = st->r;
    const qp_ruleset *rs = r->rs;
    const void *s = st->g.cur;

    qp_game_outcome(&st->g, &st->outcome);
    /* A fallen flag ends the game at the end of the record; viewing an
     * earlier move shows that position as it was. */
    if (st->flagged >= 0 && st->outcome.result == QP_ONGOING && st->g.cursor == st->g.len) {
        st->outcome.result = QP_WIN;
        st->outcome.winner = st->r->nsides > 1 ? 1 - st->flagged : 1;
        st->outcome.reason = "time";
    }
    st->to_move = qp_game_to_move(&st->g);
    st->flags = rs->flags ? rs->flags(r, s) : 0;
    st->ncand = 0;
    if (st->outcome.result == QP_ONGOING) {
        qp_move mv[QP_MAX_MOVES];
        int n = rs->gen(r, s, mv, QP_GEN_ALL);
        for (int i = 0; i < n; i++) {
            gui_cand *c = &st->cand[st->ncand];
            c->m = mv[i];
            c->nmk = qp_move_marks(r, s, mv[i], c->mk, GUI_MAX_MARKS, &c->nsq);
            if (c->nsq > GUI_MAX_SQ) c->nsq = GUI_MAX_SQ;
            memcpy(c->sq, c->mk, sizeof c->sq[0] * (size_t)c->nsq);
            if (c->nsq > 0) st->ncand++;
        }
    }
    st->hint_nsq = 0;   /* a hint belongs to the position it was asked in */
    st->counters[0] = 0;
    if (rs->status_text) rs->status_text(r, s, st->counters, sizeof st->counters);
    st->ndecisive = 0;
    if (rs->decisive_squares && st->outcome.result != QP_ONGOING) {
        int n = rs->decisive_squares(r, s, st->decisive, 32);
        for (int i = 0; i < n && i < 32; i++)
            if (st->decisive[i] >= 0 && st->decisive[i] < r->geom.n) st->decisive[st->ndecisive++] = st->decisive[i];
    } else if (st->outcome.result == QP_WIN) {
        find_line(st);
    }
    rebuild_plies(st);
    find_king(st);
    find_stones(st);
    if (!st->counters[0]) count_pieces(st);
    st->nsel = 0;
    st->follow = true;
    if (st->dialog == GUI_DLG_CHOOSE) st->dialog = GUI_DLG_NONE;   /* its moves belonged to the position before */
    st->nchoice = 0;
    compute_marks(st);
}

void gui_state_clear_selection(gui_state *st)
{
    st->nsel = 0;
    compute_marks(st);
}

/* Games whose placements drop down a column (Connect Four) offer at most
 * one placement per file: there a click anywhere in the file plays it. */
static qp_move column_drop(const gui_state *st, int sq)
{
    const qp_geom *geo = &st->r->geom;
    qp_move found = QP_MOVE_NONE;
    uint8_t seen[QP_MAX_SIDE] = {0};
    for (int i = 0; i < st->ncand; i++) {
        const gui_cand *c = &st->cand[i];
        if (c->nsq != 1) continue;
        int f = qp_file(geo, c->sq[0]);
        if (seen[f]++) return QP_MOVE_NONE;   /* two in one file: not a drop game */
        if (f == qp_file(geo, sq)) found = c->m;
    }
    return found;
}

/* Fills the choices among the moves cands[idx[0..n-1]] that the click on
 * sq completes: their texts, what lands on sq after each, and their keys —
 * the landing kinds' letters when those tell them apart (a promotion),
 * else the digits. */
static void fill_choices(gui_state *st, int sq, const int *idx, int n)
{
    const qp_rules *r = st->r;
    void *s = malloc(r->state_size);
    st->nchoice = 0;
    st->choice_sq = sq;
    st->choice_kinds = s != NULL;
    for (int i = 0; i < n && i < GUI_MAX_CHOICE; i++) {
        gui_choice *ch = &st->choice[st->nchoice++];
        memset(ch, 0, sizeof *ch);
        ch->m = st->cand[idx[i]].m;
        r->rs->move_text(r, st->g.cur, ch->m, ch->text, sizeof ch->text);
        if (!s) continue;
        memcpy(s, st->g.cur, r->state_size);
        r->rs->make(r, s, ch->m, NULL);
        ch->has_piece = r->rs->piece_at(r, s, sq, &ch->piece) && isalpha((unsigned char)ch->piece.letter);
        ch->key = ch->has_piece ? (char)tolower((unsigned char)ch->piece.letter) : 0;
        st->choice_kinds &= ch->has_piece;
        for (int j = 0; j + 1 < st->nchoice && st->choice_kinds; j++) st->choice_kinds = st->choice[j].key != ch->key;
    }
    free(s);
    for (int i = 0; i < st->nchoice; i++) {
        if (!st->choice_kinds) st->choice[i].key = i < 9 ? (char)('1' + i) : 0;
        if (!st->choice_kinds) st->choice[i].has_piece = false;
    }
    /* a promotion: the piece selected becomes one of several other kinds
     * (a drop of one kind or another is no promotion) */
    qp_piece_view mover;
    st->choice_promotes = st->choice_kinds && st->nsel >= 1 &&
                          r->rs->piece_at(r, st->g.cur, st->sel[0], &mover) && mover.side == st->to_move;
    for (int i = 0; i < st->nchoice && st->choice_promotes; i++)
        st->choice_promotes = st->choice[i].piece.letter != mover.letter;
}

/* Whether c is a capture chain (it takes pieces besides its clicks)
 * whose points begin with the selection, in order, and end at sq with
 * landings between. */
static bool skips_to(const gui_state *st, const gui_cand *c, int sq)
{
    if (c->nsq - 1 <= st->nsel || c->sq[c->nsq - 1] != sq || c->nmk <= c->nsq) return false;
    for (int i = 0; i < st->nsel; i++)
        if (c->sq[i] != st->sel[i]) return false;
    return true;
}

/* A click at sq that the n (>= 1) candidates idx complete: the one move,
 * else the choice among them (never one picked silently), or the first
 * promotion's when the settings say so. */
static qp_move play_or_choose(gui_state *st, int sq, const int *idx, int n)
{
    if (n == 1) {
        st->nsel = 0;
        compute_marks(st);
        return st->cand[idx[0]].m;
    }
    fill_choices(st, sq, idx, n);
    if (st->promote_first && st->choice_promotes) {
        qp_move m = st->choice[0].m;
        st->nchoice = 0;
        st->nsel = 0;
        compute_marks(st);
        return m;
    }
    st->dialog = GUI_DLG_CHOOSE;
    compute_marks(st);
    return QP_MOVE_NONE;
}

qp_move gui_state_click(gui_state *st, int sq)
{
    if (sq < 0 || sq >= st->r->geom.n) {
        gui_state_clear_selection(st);
        return QP_MOVE_NONE;
    }
    if (st->mark[sq] & GUI_MARK_TARGET) {
        int idx[GUI_MAX_CHOICE], n = 0;
        for (int i = 0; i < st->ncand && n < GUI_MAX_CHOICE; i++) {
            const gui_cand *c = &st->cand[i];
            if (c->sq[c->nsq - 1] == sq && sel_equals(st->sel, st->nsel, c)) idx[n++] = i;
        }
        if (n) return play_or_choose(st, sq, idx, n);
    }
    if (st->nsel && !(st->mark[sq] & (GUI_MARK_EXTEND | GUI_MARK_SOURCE)) && !has(st->sel, st->nsel, sq)) {
        /* a capture chain's last landing, the landings between skipped
         * (draughts players click from and to): the one move, else the
         * choice among the routes */
        int idx[GUI_MAX_CHOICE], n = 0;
        for (int i = 0; i < st->ncand && n < GUI_MAX_CHOICE; i++)
            if (skips_to(st, &st->cand[i], sq)) idx[n++] = i;
        if (n) return play_or_choose(st, sq, idx, n);
    }
    qp_move column = st->nsel ? QP_MOVE_NONE : column_drop(st, sq);
    if (column != QP_MOVE_NONE) return column;
    if (has(st->sel, st->nsel, sq)) {
        int k = 0;
        for (int i = 0; i < st->nsel; i++)
            if (st->sel[i] != sq) st->sel[k++] = st->sel[i];
        st->nsel = k;
    } else if ((st->mark[sq] & GUI_MARK_EXTEND) && st->nsel < GUI_MAX_SQ) {
        st->sel[st->nsel++] = sq;
    } else if (st->mark[sq] & GUI_MARK_SOURCE) {
        st->sel[0] = sq;
        st->nsel = 1;
    } else {
        st->nsel = 0;
    }
    compute_marks(st);
    return QP_MOVE_NONE;
}

qp_move gui_state_choose(gui_state *st, int i)
{
    if (st->dialog != GUI_DLG_CHOOSE || i < 0 || i >= st->nchoice) return QP_MOVE_NONE;
    qp_move m = st->choice[i].m;
    st->dialog = GUI_DLG_NONE;
    st->nchoice = 0;
    st->nsel = 0;
    compute_marks(st);
    return m;
}

int gui_state_choice_key(const gui_state *st, int key)
{
    if (st->dialog != GUI_DLG_CHOOSE || key <= 0 || key > 127) return -1;
    for (int i = 0; i < st->nchoice; i++)
        if (st->choice[i].key && st->choice[i].key == tolower(key)) return i;
    return -1;
}

void gui_state_choose_cancel(gui_state *st)
{
    if (st->dialog == GUI_DLG_CHOOSE) st->dialog = GUI_DLG_NONE;
    st->nchoice = 0;
    compute_marks(st);
}

void gui_state_hover(gui_state *st, int sq)
{
    if (sq == st->hover_sq) return;
    st->hover_sq = sq;
    if (st->dialog != GUI_DLG_CHOOSE) compute_marks(st);
}

bool gui_state_over(const gui_state *st)
{
    return st->outcome.result != QP_ONGOING;
}

bool gui_state_ai_to_move(const gui_state *st)
{
    return st->engine_ok && (st->ai_mask >> st->to_move & 1u) && !gui_state_over(st) &&
           st->g.cursor == st->g.len;
}

int gui_state_human_side(const gui_state *st)
{
    if (st->r->nsides < 2) return st->ai_mask & 1u ? -1 : 0;
    if (st->ai_mask == 1u) return 1;
    if (st->ai_mask == 2u) return 0;
    return -1;
}


void gui_state_message(gui_state *st, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->msg, sizeof st->msg, fmt, ap);
    va_end(ap);
    st->msg_error = error;
    if (st->log) fprintf(stderr, "qipan: %s: %s\n", error ? "error" : "message", st->msg);
}

static void join(char *out, size_t n, bool cjk, const char *zh, const char *en)
{
    gui_lang_join(cjk, out, n, zh, en);
}

void gui_state_banner(const gui_state *st, bool cjk, char *result, size_t rn, char *reason, size_t qn)
{
    const qp_rules *r = st->r;
    const qp_outcome *o = &st->outcome;
    char en[128];
    result[0] = reason[0] = 0;
    if (o->result == QP_ONGOING) return;
    if (o->result == QP_DRAW) {
        join(result, rn, cjk, gui_zh("Draw"), "Draw");
    } else if (r->nsides < 2) {
        const char *e = o->winner == 0 ? "Solved" : "Failed";
        join(result, rn, cjk, gui_zh(e), e);
    } else {
        gui_side_say(cjk, r, o->winner, GUI_SIDE_WINS, result, rn);
    }
    const char *why = o->reason ? o->reason : "";
    int loser = r->nsides > 1 && o->result == QP_WIN ? 1 - o->winner : -1;
    if (!strcmp(why, "resignation") && loser >= 0) {
        gui_side_say(cjk, r, loser, GUI_SIDE_RESIGNED, reason, qn);
    } else if (!strcmp(why, "time") && st->flagged >= 0) {
        gui_side_say(cjk, r, st->flagged, GUI_SIDE_OUT_OF_TIME, reason, qn);
    } else if (!strcmp(why, "five-soldiers")) {
        join(reason, qn, cjk, gui_zh("five soldiers reached the last rank"), "five soldiers reached the last rank");
    } else {
        snprintf(en, sizeof en, "%s", why);
        for (char *p = en; *p; p++)
            if (*p == '-' || *p == '_') *p = ' ';
        join(reason, qn, cjk, gui_word_zh(why), en);
    }
}

void gui_state_think_limits(const gui_state *st, int level, bool use_clock, qp_search_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    if (level < 1 || level > GUI_LEVELS) level = GUI_LEVELS;
    lim->level = level;
    int64_t base = qp_param_int(&st->r->params, "ai.movetime_ms");
    if (base <= 0) base = 1000;
    int64_t ms = qp_level_time_ms(base, level);
    const gui_tc *tc = &st->tc;
    if (use_clock && tc->kind != GUI_TC_NONE) {
        int64_t left = st->left_ms[st->to_move] > 0 ? st->left_ms[st->to_move] : 0;
        if (level == GUI_LEVELS && (tc->kind == GUI_TC_SUDDEN || tc->kind == GUI_TC_INCREMENT)) {
            /* The clocks as a GUI gives them to an engine (1 ms at least:
             * 0 would mean no clock). */
            lim->wtime = (int)(st->left_ms[0] > 1 ? (st->left_ms[0] < INT32_MAX ? st->left_ms[0] : INT32_MAX) : 1);
            lim->btime = (int)(st->left_ms[1] > 1 ? (st->left_ms[1] < INT32_MAX ? st->left_ms[1] : INT32_MAX) : 1);
            lim->winc = lim->binc = tc->kind == GUI_TC_INCREMENT ? tc->inc_s * 1000 : 0;
            return;
        }
        int64_t cap = tc->kind == GUI_TC_PERMOVE ? left * 8 / 10
                      : left / 30 + (tc->kind == GUI_TC_INCREMENT ? tc->inc_s * 800LL : 0);
        if (ms > cap) ms = cap;
    }
    lim->movetime_ms = (int)(ms < QP_LEVEL_MIN_MS ? QP_LEVEL_MIN_MS : ms > INT32_MAX ? INT32_MAX : ms);
}

void gui_tc_text(const gui_tc *tc, char *buf, size_t n)
{
    switch (tc->kind) {
    case GUI_TC_SUDDEN:
        if (tc->base_s % 60) snprintf(buf, n, "%d s", tc->base_s);
        else snprintf(buf, n, "%d min", tc->base_s / 60);
        break;
    case GUI_TC_INCREMENT:
        if (tc->base_s % 60) snprintf(buf, n, "%ds+%d", tc->base_s, tc->inc_s);
        else snprintf(buf, n, "%d+%d", tc->base_s / 60, tc->inc_s);
        break;
    case GUI_TC_PERMOVE: snprintf(buf, n, "%d s/move", tc->move_s); break;
    default: snprintf(buf, n, "none"); break;
    }
}

void gui_state_set_hint(gui_state *st, qp_move m)
{
    st->hint_nsq = 0;
    if (m == QP_MOVE_NONE || !qp_move_is_legal(st->r, st->g.cur, m)) return;
    st->hint_nsq = gui_move_squares(st->r, st->g.cur, m, st->hint_sq, GUI_MAX_SQ);
}
