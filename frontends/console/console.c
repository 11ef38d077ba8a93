/*
 * console.c — `qipan console`: text play on stdin/stdout for any ruleset.
 *
 * A read-eval-print loop over one qp_game: a line is a command (help lists
 * them) or a move as the ruleset writes it.  Everything goes
 * through the framework (game, record, search, the ruleset hooks), so Lua
 * games play exactly like the C ones.  Bad input never changes the game:
 * moves are checked by the ruleset's move_parse before anything is played.
 *
 * Output is deterministic when stdout is not a terminal (no colour), and
 * when stdin is not a terminal each command is echoed after the prompt, so
 * a piped session reads as a transcript.  The computer's moves come from
 * console_ai_move() alone.
 */
#include "app.h"
#include "console_view.h"
#include "console.h"
#include "pass_guard.h"
#include "sgf.h"
#include "fileio.h"
#include "record.h"
#include "record_file.h"
#include "ai.h"
#include "search.h"
#include "why.h"

#include <ctype.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#ifdef QP_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

#define CON_LIST_TAIL 5        /* move-list lines shown under the board */
#define CON_WRAP 72            /* column where the `moves` list wraps */
#define CON_NOTATION 64

/* Invariant: r is g's rules; search, when non-NULL, was made for r. */
typedef struct con_session {
    qp_app *app;
    qp_rules *r;
    qp_game g;
    con_style style;
    bool ai[2];            /* the computer plays this side */
    int level;             /* 1..10 */
    int depth, movetime;   /* --depth / --movetime override the level; 0: unset */
    qp_ai *search;         /* the game's AI (alpha-beta or MCTS) */
    int search_kind;       /* QP_AI_*: DEFAULT is the game's own choice */
    int threads;           /* --threads, 0: the rules' ai.threads */
    int info_depth;        /* last depth printed by the search callback */
    bool echo;             /* stdin is not a terminal: echo each command */
    bool edit;             /* stdin and stdout are terminals: libedit reads lines */
    qp_record src;         /* the record loaded (its tags are saved again); nmoves -1: none */
    char loaded[1024];     /* the file it came from ('games' lists it), "" */
    int ngames;            /* games listed so far by 'games' */
    FILE *out;
} con_session;

/* One played ply as the user sees it. */
typedef struct con_ply {
    char text[QP_MOVE_TEXT];
    char nota[CON_NOTATION];
    int side;
} con_ply;

enum { CON_GO_ON, CON_QUIT };

/* ---- small helpers ---------------------------------------------------- */

/* "red" -> "Red": side names are lower case in the rulesets. */
static const char *side_title(const con_session *c, int side, char *buf, size_t n)
{
    snprintf(buf, n, "%s", qp_side_name(c->r, side));
    if (buf[0]) buf[0] = (char)toupper((unsigned char)buf[0]);
    return buf;
}

static bool game_over(const con_session *c, qp_outcome *o)
{
    qp_game_outcome(&c->g, o);
    return o->result != QP_ONGOING;
}

static void result_text(const con_session *c, const qp_outcome *o, char *buf, size_t n)
{
    char side[32];
    if (c->r->nsides == 1 && o->result != QP_ONGOING)   /* a puzzle: solved or failed */
        snprintf(buf, n, "%s: %s", o->result == QP_WIN && o->winner == 0 ? "Solved" : "Failed", o->reason);
    else if (o->result == QP_WIN && o->winner >= 0)
        snprintf(buf, n, "%s wins: %s", side_title(c, o->winner, side, sizeof side), o->reason);
    else if (o->result == QP_WIN)
        snprintf(buf, n, "Game won: %s", o->reason);
    else
        snprintf(buf, n, "Draw: %s", o->reason);
}

/* Texts of rec[0..cursor), replayed once from the start (the game's own
 * text functions replay per move, which is quadratic for a long list). */
static con_ply *ply_texts(const con_session *c)
{
    const qp_rules *r = c->r;
    int n = c->g.cursor;
    con_ply *p = calloc((size_t)(n > 0 ? n : 1), sizeof *p);
    void *s = qp_state_new(r);
    if (!p || !s) {
        free(p);
        free(s);
        return NULL;
    }
    memcpy(s, c->g.start, r->state_size);
    for (int i = 0; i < n; i++) {
        qp_move m = c->g.rec[i];
        p[i].side = r->rs->side_to_move(r, s);
        r->rs->move_text(r, s, m, p[i].text, sizeof p[i].text);
        if (r->rs->move_notation) r->rs->move_notation(r, s, m, p[i].nota, sizeof p[i].nota);
        r->rs->make(r, s, m, NULL);
    }
    free(s);
    return p;
}

/* Plies grouped into numbered lines: side 0's move starts a line; in a
 * two-side game a line holds side 0's and side 1's move.  Returns the
 * number of lines; line k covers plies first[k] .. first[k+1]-1. */
static int group_lines(const con_session *c, const con_ply *p, int n, int *first)
{
    int lines = 0;
    for (int i = 0; i < n; i++) {
        bool starts = i == 0 || c->r->nsides == 1 || p[i].side == 0 || p[i - 1].side == p[i].side;
        if (starts) first[lines++] = i;
    }
    first[lines] = n;
    return lines;
}

/* Columns are padded so that lines align; the last one is not, so that no
 * line ends in spaces. */
static void print_ply(con_session *c, const con_ply *p, bool last_on_line)
{
    bool nota = c->r->rs->move_notation != NULL;
    if (last_on_line && !nota) {
        fputs(p->text, c->out);
        return;
    }
    con_put_padded(c->out, p->text, 8);
    if (nota) {
        fputc(' ', c->out);
        if (last_on_line) fputs(p->nota, c->out);
        else con_put_padded(c->out, p->nota, 12);
    }
}

/* Lines from..lines-1 of the move list. */
static void print_move_lines(con_session *c, const con_ply *p, int n, int from_line)
{
    int *first = malloc(sizeof *first * (size_t)(n + 1));
    if (!first) return;
    int lines = group_lines(c, p, n, first);
    for (int k = from_line < 0 ? 0 : from_line; k < lines; k++) {
        fprintf(c->out, "%3d. ", k + 1);
        int a = first[k], b = first[k + 1];
        if (c->r->nsides == 2 && p[a].side == 1) {
            /* a line that starts with side 1's move (a FEN with black to move) */
            con_put_padded(c->out, "...", 8);
            if (c->r->rs->move_notation) fprintf(c->out, " %12s", "");
            fputs("  ", c->out);
        }
        for (int i = a; i < b; i++) {
            if (i > a) fputs("  ", c->out);
            print_ply(c, &p[i], i == b - 1);
        }
        fputc('\n', c->out);
    }
    free(first);
}

static int line_count(const con_session *c, const con_ply *p, int n)
{
    int *first = malloc(sizeof *first * (size_t)(n + 1));
    if (!first) return 0;
    int lines = group_lines(c, p, n, first);
    free(first);
    return lines;
}

/* Squares the last move touched, for highlighting (colour only). */
static int last_move_marks(const con_session *c, int *marks, int max)
{
    const qp_rules *r = c->r;
    if (!c->style.color || c->g.cursor == 0 || !r->rs->move_squares) return 0;
    void *s = qp_state_new(r);
    if (!s) return 0;
    memcpy(s, c->g.start, r->state_size);
    for (int i = 0; i < c->g.cursor - 1; i++) r->rs->make(r, s, c->g.rec[i], NULL);
    int n = r->rs->move_squares(r, s, c->g.rec[c->g.cursor - 1], marks, max);
    free(s);
    return n;
}

/* The status of the side to move in words. */
static void print_flags(con_session *c, int side)
{
    char who[32];
    unsigned flags = c->r->rs->flags ? c->r->rs->flags(c->r, c->g.cur) : 0;
    side_title(c, side, who, sizeof who);
    for (int i = 0; c->r->flag_names && c->r->flag_names[i] && i < 32; i++) {
        if (!(flags & (1u << i))) continue;
        const char *f = c->r->flag_names[i];
        if (!strcmp(f, "check")) fprintf(c->out, "%s is in check!\n", who);
        else if (!strcmp(f, "leash")) fprintf(c->out, "%s's general is leashed\n", who);
        else if (!strcmp(f, "trapped")) fprintf(c->out, "%s's general is trapped — relieve it\n", who);
        else fprintf(c->out, "%s: %s\n", who, f);
    }
}

static void show_status(con_session *c, const con_ply *p)
{
    qp_outcome o;
    char buf[160];
    if (c->g.cursor > 0) {
        const con_ply *last = &p[c->g.cursor - 1];
        if (last->nota[0]) fprintf(c->out, "Last move: %s (%s)\n", last->text, last->nota);
        else fprintf(c->out, "Last move: %s\n", last->text);
    }
    if (c->g.cursor < c->g.len)
        fprintf(c->out, "(%d later move%s: redo)\n", c->g.len - c->g.cursor,
                c->g.len - c->g.cursor == 1 ? "" : "s");
    if (game_over(c, &o)) {
        result_text(c, &o, buf, sizeof buf);
        fprintf(c->out, "%s\n", buf);
        return;
    }
    int side = qp_game_to_move(&c->g);
    fprintf(c->out, "%s to move.\n", side_title(c, side, buf, sizeof buf));
    print_flags(c, side);
}

/* Board, the tail of the move list, and the status lines. */
static void show(con_session *c)
{
    int marks[16];
    int nmarks = last_move_marks(c, marks, 16);
    con_ply *p = ply_texts(c);
    con_draw_board(c->out, c->r, c->g.cur, &c->style, marks, nmarks);
    if (p && c->g.cursor > 0) {
        int lines = line_count(c, p, c->g.cursor);
        if (lines > CON_LIST_TAIL)
            fprintf(c->out, "     (%d earlier lines: type history)\n", lines - CON_LIST_TAIL);
        print_move_lines(c, p, c->g.cursor, lines - CON_LIST_TAIL);
    }
    if (p) show_status(c, p);
    free(p);
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* ---- the computer ----------------------------------------------------- */

/* The level caps the search's depth, adds noise (search.c) and sets the
 * time: ai.movetime_ms at level 10, half as long a level down
 * (qp_level_time_ms), as in the window.  --depth / --movetime replace
 * these limits. */
static void limits_for(const con_session *c, qp_search_limits *lim)
{
    memset(lim, 0, sizeof *lim);
    lim->level = c->level;
    lim->seed = 0x9E3779B97F4A7C15ull ^ (uint64_t)c->g.cursor;   /* reproducible games */
    if (c->depth || c->movetime) {
        lim->depth = c->depth;
        lim->movetime_ms = c->movetime;
        return;
    }
    int64_t base = qp_param_int(&c->r->params, "ai.movetime_ms");
    int64_t ms = qp_level_time_ms(base > 0 ? base : 1000, c->level);
    lim->movetime_ms = (int)(ms > INT32_MAX ? INT32_MAX : ms);
}

/* Principal variation as coordinate text, replayed from the current
 * position (move_text needs the position before each move). */
static void pv_text(const con_session *c, const qp_search_info *info, char *buf, size_t n)
{
    const qp_rules *r = c->r;
    size_t len = 0;
    buf[0] = 0;
    void *s = qp_state_new(r);
    if (!s) return;
    memcpy(s, c->g.cur, r->state_size);
    for (int i = 0; i < info->pvlen && i < QP_MAX_PV; i++) {
        char t[QP_MOVE_TEXT];
        if (!qp_move_is_legal(r, s, info->pv[i])) break;   /* never trust a stale PV */
        r->rs->move_text(r, s, info->pv[i], t, sizeof t);
        int k = snprintf(buf + len, n - len, "%s%s", i ? " " : "", t);
        if (k < 0 || (size_t)k >= n - len) break;
        len += (size_t)k;
        r->rs->make(r, s, info->pv[i], NULL);
    }
    free(s);
}

static void on_search_info(const qp_search_info *info, void *ud)
{
    con_session *c = ud;
    char pv[1024], score[32];
    if (info->done && info->depth == c->info_depth) return;   /* already printed */
    c->info_depth = info->depth;
    if (qp_score_is_mate(info->score)) {
        /* in moves, as UCI counts them; negative: being mated */
        int p = qp_score_mate_plies(info->score);
        snprintf(score, sizeof score, "mate %d", p > 0 ? (p + 1) / 2 : -((-p + 1) / 2));
    }
    else
        snprintf(score, sizeof score, "%d", info->score);
    pv_text(c, info, pv, sizeof pv);
    fprintf(c->out, "depth %d score %s nodes %llu pv %s\n", info->depth, score,
            (unsigned long long)info->nodes, pv);
    fflush(c->out);
}

/* The computer's move for the side to move (QP_MOVE_NONE if it has none). */
static qp_move console_ai_move(con_session *c)
{
    if (!c->search) {
        long long mb = qp_param_int(&c->r->params, "ai.hash_mb");
        c->search = qp_ai_new(c->r, c->search_kind, (size_t)(mb > 0 ? mb : 16));
        if (!c->search || (c->threads && qp_ai_set_threads(c->search, c->threads))) {
            fprintf(c->out, "the computer player could not start (out of memory)\n");
            qp_ai_free(c->search);
            c->search = NULL;
            return QP_MOVE_NONE;
        }
    }
    qp_search_limits lim;
    qp_search_info info;
    limits_for(c, &lim);
    c->info_depth = -1;
    qp_move m = qp_ai_run(c->search, &c->g, &lim, on_search_info, c, &info);
    if (m != QP_MOVE_NONE && !qp_move_is_legal(c->r, c->g.cur, m)) m = QP_MOVE_NONE;
    /* a game scored by area with every stone alive: no pass while a move
     * still gains (pass_guard.h) */
    int area[2], komi2;
    if (m != QP_MOVE_NONE && qp_sgf_area(c->r, c->g.cur, area, &komi2)) m = qp_pass_guard(c->r, &c->g, m, false);
    return m;
}

/* ---- playing moves ---------------------------------------------------- */

static bool ai_to_move(const con_session *c);

typedef enum { CON_SAY_ALWAYS, CON_SAY_IF_AI_NEXT } con_say;

static void play_move(con_session *c, qp_move m, con_say say)
{
    char text[QP_MOVE_TEXT], nota[CON_NOTATION] = "", who[32];
    int side = qp_game_to_move(&c->g);
    c->r->rs->move_text(c->r, c->g.cur, m, text, sizeof text);
    if (c->r->rs->move_notation) c->r->rs->move_notation(c->r, c->g.cur, m, nota, sizeof nota);
    qp_game_play(&c->g, m);
    if (say == CON_SAY_ALWAYS || ai_to_move(c)) {
        side_title(c, side, who, sizeof who);
        if (nota[0]) fprintf(c->out, "%s plays %s (%s)\n", who, text, nota);
        else fprintf(c->out, "%s plays %s\n", who, text);
    }
}

static bool refuse_if_over(con_session *c)
{
    qp_outcome o;
    char buf[160];
    if (!game_over(c, &o)) return false;
    result_text(c, &o, buf, sizeof buf);
    fprintf(c->out, "the game is over (%s): type new, undo or load\n", buf);
    return true;
}

/* A move typed by the user: parsed and checked by the ruleset first. */
/* A move in another notation the ruleset reads (炮二平五, C2.5): 1 when
 * read, 0 when it is no such text, -1 when it is one but cannot be played
 * (err says why). */
static int parse_notation(const con_session *c, const char *text, qp_move *m, char *err, size_t errn)
{
    const qp_ruleset *rs = c->r->rs;
    int sq;
    if (!rs->notation_parse || qp_sq_parse(&c->r->geom, text, &sq) > 0) return 0;   /* coordinates */
    if (!rs->notation_parse(c->r, c->g.cur, text, NULL, m, err, errn)) return 1;
    return strncmp(err, "unreadable", 10) ? -1 : 0;
}

static void user_move(con_session *c, const char *text)
{
    char err[QP_ERR] = "";
    qp_move m;
    if (refuse_if_over(c)) return;
    char nerr[QP_ERR];
    int note = 0;
    if (c->r->rs->move_parse(c->r, c->g.cur, text, &m, err, sizeof err) &&
        (note = parse_notation(c, text, &m, nerr, sizeof nerr)) < 0) {
        fprintf(c->out, "illegal move '%s': %s\n", text, nerr);
        return;
    }
    if ((err[0] && note != 1) || !qp_move_is_legal(c->r, c->g.cur, m) || !qp_game_superko_allows(&c->g, m)) {
        /* the reason in both languages, as the window gives it (why.h) */
        qp_why why;
        char line[2 * QP_WHY_TEXT + 8];
        if (qp_why_text(&c->g, text, &why) == QP_WHY_NONE) qp_why_set(&why, QP_WHY_RULE, "not a legal move", "着法不合规则");
        qp_why_line(&why, QP_WHY_EN_ZH, line, sizeof line);
        fprintf(c->out, "illegal move '%s': %s\n", text, line);
        return;
    }
    /* when the computer answers, a line will do: its board follows at once */
    play_move(c, m, CON_SAY_IF_AI_NEXT);
    if (!ai_to_move(c)) show(c);
}

static bool ai_to_move(const con_session *c)
{
    qp_outcome o;
    int side = qp_game_to_move(&c->g);
    /* only at the end of the record: walking back through a game must
     * not make it play over the rest */
    return side >= 0 && side < 2 && c->ai[side] && c->g.cursor == c->g.len && !game_over(c, &o);
}

/* One computer move; false when it found none (then it stops playing). */
static bool ai_turn(con_session *c)
{
    int side = qp_game_to_move(&c->g);
    char who[32];
    fprintf(c->out, "%s is thinking...\n", side_title(c, side, who, sizeof who));
    fflush(c->out);
    qp_move m = console_ai_move(c);
    if (m == QP_MOVE_NONE) {
        fprintf(c->out, "the computer found no move; you play %s now\n", qp_side_name(c->r, side));
        if (side >= 0 && side < 2) c->ai[side] = false;
        return false;
    }
    play_move(c, m, CON_SAY_ALWAYS);
    show(c);
    return true;
}

/* ---- commands --------------------------------------------------------- */

typedef struct con_cmd {
    const char *name;
    int (*fn)(con_session *c, const char *arg);
    const char *args;
    const char *help;
} con_cmd;

static int do_help(con_session *c, const char *arg);

static int do_board(con_session *c, const char *arg)
{
    (void)arg;
    show(c);
    return CON_GO_ON;
}

static int do_moves(con_session *c, const char *arg)
{
    (void)arg;
    qp_move mv[QP_MAX_MOVES];
    char(*t)[QP_MOVE_TEXT] = malloc(sizeof *t * QP_MAX_MOVES);
    if (!t) return CON_GO_ON;
    qp_outcome o;
    int n = game_over(c, &o) ? 0 : qp_game_moves(&c->g, mv);
    for (int i = 0; i < n; i++) c->r->rs->move_text(c->r, c->g.cur, mv[i], t[i], QP_MOVE_TEXT);
    qsort(t, (size_t)n, sizeof *t, cmp_text);
    fprintf(c->out, "%d legal move%s%s\n", n, n == 1 ? "" : "s", n ? ":" : "");
    int col = 0;
    for (int i = 0; i < n; i++) {
        int w = (int)strlen(t[i]);
        if (col && col + 1 + w > CON_WRAP) {
            fputc('\n', c->out);
            col = 0;
        }
        col += fprintf(c->out, "%s%s", col ? " " : "", t[i]);
    }
    if (col) fputc('\n', c->out);
    free(t);
    return CON_GO_ON;
}

static int do_history(con_session *c, const char *arg)
{
    (void)arg;
    if (c->g.cursor == 0) {
        fprintf(c->out, "no moves yet\n");
        return CON_GO_ON;
    }
    con_ply *p = ply_texts(c);
    if (p) print_move_lines(c, p, c->g.cursor, 0);
    free(p);
    return CON_GO_ON;
}

/* With the computer playing one side, undo and redo step over its moves
 * so that the user lands on a position where it is their turn. */
static bool human_turn(const con_session *c)
{
    int side = qp_game_to_move(&c->g);
    return !(side >= 0 && side < 2 && c->ai[side]) || (c->ai[0] && c->ai[1]);
}

static int do_undo(con_session *c, const char *arg)
{
    (void)arg;
    if (!qp_game_undo(&c->g)) {
        fprintf(c->out, "nothing to undo\n");
        return CON_GO_ON;
    }
    while (!human_turn(c) && c->g.cursor > 0 && qp_game_undo(&c->g)) {
    }
    show(c);
    return CON_GO_ON;
}

static int do_redo(con_session *c, const char *arg)
{
    (void)arg;
    if (!qp_game_redo(&c->g)) {
        fprintf(c->out, "nothing to redo\n");
        return CON_GO_ON;
    }
    while (!human_turn(c) && qp_game_redo(&c->g)) {
    }
    show(c);
    return CON_GO_ON;
}

static void forget_source(con_session *c);

static int do_new(con_session *c, const char *arg)
{
    (void)arg;
    forget_source(c);
    qp_game_reset(&c->g);
    if (c->search) qp_ai_clear(c->search);
    fprintf(c->out, "new game\n");
    show(c);
    return CON_GO_ON;
}

static int do_fen(con_session *c, const char *arg)
{
    (void)arg;
    char fen[1024];
    qp_game_fen(&c->g, fen, sizeof fen);
    if (fen[0]) fprintf(c->out, "%s\n", fen);
    else fprintf(c->out, "this game has no FEN\n");
    return CON_GO_ON;
}

/* The loaded record's tags no longer describe a new game. */
static void forget_source(con_session *c)
{
    qp_record_free(&c->src);
    memset(&c->src, 0, sizeof c->src);
    c->src.nmoves = -1;
}

/* save FILE [NOTATION]: the last word names a notation when it is one. */
static int do_save(con_session *c, const char *arg)
{
    static const char *const notations[] = {
        QP_NOTATION_COORD, QP_NOTATION_CHINESE, QP_NOTATION_TRADITIONAL, QP_NOTATION_WXF,
        QP_NOTATION_ICCS,
    };
    char err[QP_ERR * 2], path[QP_PATH];
    const char *notation = NULL;
    if (!*arg) {
        fprintf(c->out, "usage: save FILE [coord|chinese|traditional|wxf|iccs]\n");
        return CON_GO_ON;
    }
    if (strlen(arg) >= sizeof path) {   /* a cut name could be another file */
        fprintf(c->out, "save failed: the name is too long\n");
        return CON_GO_ON;
    }
    snprintf(path, sizeof path, "%s", arg);
    char *sp = strrchr(path, ' ');
    for (size_t i = 0; sp && i < sizeof notations / sizeof notations[0]; i++)
        if (!strcmp(sp + 1, notations[i])) notation = notations[i];
    if (notation) {
        while (sp > path && sp[-1] == ' ') sp--;
        *sp = 0;
    }
    size_t len;
    const qp_record *src = c->src.nmoves >= 0 ? &c->src : NULL;
    /* a name ending in .sgf saves SGF (record_file.h), unless a notation was asked */
    char *text = !notation && qp_record_format_for_path(path)
                     ? qp_record_file_text(path, &c->g, src, &len, err, sizeof err)
                     : qp_record_text_from(&c->g, notation, src, &len, err, sizeof err);
    if (!text || qp_file_save(path, text, len, err, sizeof err))
        fprintf(c->out, "save failed: %s\n", err);
    else fprintf(c->out, "saved %s\n", path);
    free(text);
    return CON_GO_ON;
}

/* Walking a game: the record stays whole until a move is played. */
static int walk_to(con_session *c, int ply)
{
    qp_game_goto(&c->g, ply);
    show(c);
    return CON_GO_ON;
}

static int do_first(con_session *c, const char *arg)
{
    (void)arg;
    return walk_to(c, 0);
}

static int do_last(con_session *c, const char *arg)
{
    (void)arg;
    return walk_to(c, c->g.len);
}

static int do_prev(con_session *c, const char *arg)
{
    (void)arg;
    if (c->g.cursor == 0) {
        fprintf(c->out, "at the start\n");
        return CON_GO_ON;
    }
    return walk_to(c, c->g.cursor - 1);
}

static int do_next(con_session *c, const char *arg)
{
    (void)arg;
    if (c->g.cursor == c->g.len) {
        fprintf(c->out, "at the end\n");
        return CON_GO_ON;
    }
    return walk_to(c, c->g.cursor + 1);
}

static int do_goto(con_session *c, const char *arg)
{
    char *end;
    long n = strtol(arg, &end, 10);
    if (!*arg || *end || n < 0 || n > c->g.len) {
        fprintf(c->out, "usage: goto N, with N from 0 to %d (plies from the start)\n", c->g.len);
        return CON_GO_ON;
    }
    return walk_to(c, (int)n);
}

/* A line of 'games' for each game of a collection. */
static int list_game(qp_record *rec, void *ctx)
{
    con_session *c = ctx;
    char line[1024];
    qp_record_summary(rec, ++c->ngames, line, sizeof line);
    fprintf(c->out, "%s\n", line);
    qp_record_free(rec);
    return 0;
}

static int do_games(con_session *c, const char *arg)
{
    char err[QP_ERR * 2];
    const char *path = *arg ? arg : c->loaded;
    if (!*path) {
        fprintf(c->out, "usage: games FILE (or load a file first)\n");
        return CON_GO_ON;
    }
    c->ngames = 0;
    if (qp_record_each_game(path, list_game, c, err, sizeof err) < 0) fprintf(c->out, "games: %s\n", err);
    return CON_GO_ON;
}

/* The loaded game replaces the current one only when the whole record
 * replays; otherwise nothing changes.  "load FILE N": game N of a
 * collection. */
static int do_load(con_session *c, const char *arg)
{
    char err[QP_ERR * 2], path[1024];
    qp_rules *nr = NULL;
    qp_game ng;
    if (!*arg) {
        fprintf(c->out, "usage: load FILE [N]\n");
        return CON_GO_ON;
    }
    snprintf(path, sizeof path, "%s", arg);
    long n = 1;
    char *sp = strrchr(path, ' ');
    if (sp && sp[1] && strspn(sp + 1, "0123456789") == strlen(sp + 1) && access(path, F_OK)) {
        n = strtol(sp + 1, NULL, 10);
        *sp = 0;
    }
    qp_record rec;
    if (n < 1 || n > 1000000 ||
        qp_record_load_game(&c->app->reg, path, (int)n, &nr, &ng, &rec, err, sizeof err)) {
        fprintf(c->out, "load failed: %s\n", n < 1 || n > 1000000 ? "no such game" : err);
        return CON_GO_ON;
    }
    if (rec.nvariations)
        fprintf(c->out, "warning: %s: %d variation%s not kept\n", path, rec.nvariations,
                rec.nvariations == 1 ? "" : "s");
    if (rec.warning[0]) fprintf(c->out, "warning: %s: %s\n", path, rec.warning);
    snprintf(c->loaded, sizeof c->loaded, "%s", path);
    forget_source(c);
    c->src = rec;
    if (c->search) qp_ai_free(c->search);
    c->search = NULL;
    qp_game_free(&c->g);
    qp_rules_free(c->r);
    c->r = nr;
    c->g = ng;
    c->g.r = nr;
    if (c->r->nsides < 2) c->ai[1] = false;
    fprintf(c->out, "loaded %s (%s, %d move%s)\n", path, c->r->rs->name, c->g.len,
            c->g.len == 1 ? "" : "s");
    show(c);
    return CON_GO_ON;
}

static int do_resign(con_session *c, const char *arg)
{
    (void)arg;
    qp_outcome o;
    char buf[160];
    if (refuse_if_over(c)) return CON_GO_ON;
    /* game.h keeps the resignation in the game: undo takes it back */
    qp_game_resign(&c->g, qp_game_to_move(&c->g));
    game_over(c, &o);
    result_text(c, &o, buf, sizeof buf);
    fprintf(c->out, "%s\n", buf);
    return CON_GO_ON;
}

static int do_flip(con_session *c, const char *arg)
{
    (void)arg;
    c->style.flip = !c->style.flip;
    show(c);
    return CON_GO_ON;
}

/* "red", "black" (the ruleset's side names), "both" or "none". */
static int parse_ai(const con_session *c, const char *v, bool ai[2])
{
    ai[0] = ai[1] = false;
    if (!strcasecmp(v, "none")) return 0;
    if (!strcasecmp(v, "both")) {
        ai[0] = true;
        ai[1] = c->r->nsides == 2;
        return 0;
    }
    for (int s = 0; s < c->r->nsides && s < 2; s++)
        if (!strcasecmp(v, qp_side_name(c->r, s))) {
            ai[s] = true;
            return 0;
        }
    return -1;
}

static void ai_choices(const con_session *c, char *buf, size_t n)
{
    if (c->r->nsides == 2)
        snprintf(buf, n, "%s, %s, both or none", qp_side_name(c->r, 0), qp_side_name(c->r, 1));
    else
        snprintf(buf, n, "%s, both or none", qp_side_name(c->r, 0));
}

static int do_ai(con_session *c, const char *arg)
{
    bool ai[2];
    char choices[96];
    if (!*arg || parse_ai(c, arg, ai)) {
        ai_choices(c, choices, sizeof choices);
        fprintf(c->out, "usage: ai SIDE (%s)\n", choices);
        return CON_GO_ON;
    }
    c->ai[0] = ai[0];
    c->ai[1] = ai[1];
    fprintf(c->out, "computer plays: %s\n", arg);
    return CON_GO_ON;
}

static int do_level(con_session *c, const char *arg)
{
    if (!*arg) {
        fprintf(c->out, "level %d\n", c->level);
        return CON_GO_ON;
    }
    int level = qp_level_parse(&c->r->params, arg);   /* "7" or a name such as "hard" */
    if (level < 0) {
        fprintf(c->out, "usage: level N (1..10, or a name: %s)\n", qp_param_str(&c->r->params, "ai.levels"));
        return CON_GO_ON;
    }
    c->level = level;
    c->depth = c->movetime = 0;   /* the level replaces --depth/--movetime */
    fprintf(c->out, "level %d\n", c->level);
    return CON_GO_ON;
}

static int do_go(con_session *c, const char *arg)
{
    (void)arg;
    if (refuse_if_over(c)) return CON_GO_ON;
    int side = qp_game_to_move(&c->g);
    bool was = side >= 0 && side < 2 && c->ai[side];
    ai_turn(c);
    if (side >= 0 && side < 2) c->ai[side] = was;   /* go is one move, not a side switch */
    return CON_GO_ON;
}

/* Which search the computer uses; switching drops the current one. */
static int do_search(con_session *c, const char *arg)
{
    if (*arg) {
        int kind = qp_ai_parse(arg);
        if (kind < 0) {
            fprintf(c->out, "usage: search mcts|alphabeta\n");
            return CON_GO_ON;
        }
        if (c->search) qp_ai_free(c->search);
        c->search = NULL;
        c->search_kind = kind;
    }
    int kind = c->search_kind ? c->search_kind : qp_ai_choose(c->r);
    fprintf(c->out, "search %s\n", qp_ai_name(kind));
    return CON_GO_ON;
}

/* The computer's move for the side to move, shown, not played. */
static int do_hint(con_session *c, const char *arg)
{
    (void)arg;
    if (refuse_if_over(c)) return CON_GO_ON;
    qp_move m = console_ai_move(c);
    char t[QP_MOVE_TEXT];
    if (m == QP_MOVE_NONE) {
        fprintf(c->out, "no hint\n");
        return CON_GO_ON;
    }
    c->r->rs->move_text(c->r, c->g.cur, m, t, sizeof t);
    fprintf(c->out, "hint: %s\n", t);
    return CON_GO_ON;
}

static int do_rules(con_session *c, const char *arg)
{
    (void)arg;
    const char *t = c->r->help_text;
    fprintf(c->out, "%s: %s\n", c->r->rs->name, c->r->rs->title);
    if (t && *t) fprintf(c->out, "%s%s", t, t[strlen(t) - 1] == '\n' ? "" : "\n");
    return CON_GO_ON;
}

static int do_quit(con_session *c, const char *arg)
{
    (void)c;
    (void)arg;
    return CON_QUIT;
}

static const con_cmd con_cmds[] = {
    {"moves", do_moves, "", "list the legal moves"},
    {"undo", do_undo, "", "take back a move"},
    {"redo", do_redo, "", "play a taken-back move again"},
    {"new", do_new, "", "start again from the initial position"},
    {"fen", do_fen, "", "print the current position as FEN"},
    {"save", do_save, "FILE", "save as PGN (SGF when FILE ends in .sgf); 'save FILE wxf' picks the notation (coord, chinese, traditional, wxf, iccs)"},
    {"load", do_load, "FILE [N]", "load a game (PGN in any notation, XQF, DhtmlXQ, CBF, CBR/CBL, EPD, SGF); N: game N of a collection or library"},
    {"games", do_games, "[FILE]", "list the games of a file (default: the one loaded): number, players, result, date, plies"},
    {"first", do_first, "", "go to the start of the game"},
    {"prev", do_prev, "", "go one move back"},
    {"next", do_next, "", "go one move forward"},
    {"last", do_last, "", "go to the end of the game"},
    {"goto", do_goto, "N", "go to the position after N plies"},
    {"resign", do_resign, "", "the side to move resigns"},
    {"history", do_history, "", "the whole move list"},
    {"board", do_board, "", "draw the board again"},
    {"flip", do_flip, "", "turn the board around"},
    {"ai", do_ai, "SIDE", "the computer plays SIDE (a side, both or none)"},
    {"level", do_level, "N", "computer strength 1..10 (or easy, medium, ...)"},
    {"go", do_go, "", "the computer plays one move for the side to move"},
    {"hint", do_hint, "", "the computer's move for the side to move, not played"},
    {"search", do_search, "KIND", "the computer's search: mcts or alphabeta"},
    {"rules", do_rules, "", "a summary of the rules"},
    {"help", do_help, "", "this text"},
    {"quit", do_quit, "", "leave (so does the end of input)"},
    {"exit", do_quit, NULL, NULL},
};

static int do_help(con_session *c, const char *arg)
{
    (void)arg;
    /* the example is a legal move of this game, so it always fits */
    qp_move mv[QP_MAX_MOVES];
    char ex[QP_MOVE_TEXT + 8] = "";
    int n = c->r->rs->gen(c->r, c->g.cur, mv, QP_GEN_ALL);
    if (n > 0) {
        char t[QP_MOVE_TEXT];
        c->r->rs->move_text(c->r, c->g.cur, mv[n - 1], t, sizeof t);
        snprintf(ex, sizeof ex, ", e.g. %s", t);
    }
    fprintf(c->out, "Type a move as the game writes it%s%s, or a command:\n", ex,
            c->r->rs->notation_parse ? " (or in Chinese or WXF notation, such as 炮二平五 or C2.5)" : "");
    for (size_t i = 0; i < sizeof con_cmds / sizeof con_cmds[0]; i++) {
        const con_cmd *k = &con_cmds[i];
        char head[32];
        if (!k->help) continue;
        snprintf(head, sizeof head, "%s%s%s", k->name, *k->args ? " " : "", k->args);
        fprintf(c->out, "  %-12s %s\n", head, k->help);
    }
    return CON_GO_ON;
}

/* A word that is no command is played as a move, so a move the game
 * cannot play gets the game's own reason (numbered squares, Chinese
 * notation, anything move_parse reads).  Only a word that no reading takes
 * and that names no square or number (no digit: "xyz", a mistyped
 * command) is an unknown command. */
static bool looks_like_move(const con_session *c, const char *line, const char *word)
{
    int sq;
    qp_move m;
    char err[QP_ERR];
    if (qp_sq_parse(&c->r->geom, word, &sq) > 0 || strpbrk(word, "0123456789")) return true;
    return c->r->rs->move_parse(c->r, c->g.cur, line, &m, err, sizeof err) == 0 ||
           parse_notation(c, line, &m, err, sizeof err) != 0;
}

static int execute(con_session *c, char *line)
{
    char word[32];
    size_t k = 0;
    while (line[k] && !isspace((unsigned char)line[k])) k++;
    snprintf(word, sizeof word, "%.*s", (int)k, line);
    const char *arg = line + k;
    while (isspace((unsigned char)*arg)) arg++;

    for (size_t i = 0; i < sizeof con_cmds / sizeof con_cmds[0]; i++)
        if (!strcmp(word, con_cmds[i].name)) return con_cmds[i].fn(c, arg);
    if (looks_like_move(c, line, word)) {
        user_move(c, line);
        return CON_GO_ON;
    }
    fprintf(c->out, "unknown command '%s' (type help)\n", word);
    return CON_GO_ON;
}

/* ---- the loop ------------------------------------------------------- */

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    size_t k = 0;
    while (isspace((unsigned char)s[k])) k++;
    memmove(s, s + k, n - k + 1);
}

static void prompt(con_session *c, char *buf, size_t n)
{
    qp_outcome o;
    if (game_over(c, &o)) snprintf(buf, n, "game over> ");
    else snprintf(buf, n, "%s> ", qp_side_name(c->r, qp_game_to_move(&c->g)));
}

/* One line of input without its newline, malloc'd; NULL at the end.  On
 * a terminal libedit gives line editing and history; piped input, or any
 * input in a build without libedit, is read plainly so a transcript stays
 * exactly what was typed. */
static char *read_input(con_session *c, char *ps)
{
#ifdef QP_HAVE_LIBEDIT
    if (c->edit) {
        char *l = readline(ps);
        if (l && *l) add_history(l);
        return l;
    }
#endif
    fputs(ps, c->out);
    fflush(c->out);
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, stdin) < 0) {
        free(line);
        return NULL;
    }
    return line;
}

static int run(con_session *c)
{
    char *line = NULL;
    show(c);
    for (;;) {
        if (ai_to_move(c)) {
            ai_turn(c);
            continue;
        }
        char ps[96];
        prompt(c, ps, sizeof ps);
        free(line);
        line = read_input(c, ps);
        if (!line) {
            fputc('\n', c->out);
            break;
        }
        trim(line);
        if (c->echo) fprintf(c->out, "%s\n", line);
        if (!line[0]) continue;
        if (execute(c, line) == CON_QUIT) break;
    }
    free(line);
    return 0;
}

static int start_level(const con_session *c, const qp_opts *o, int *level)
{
    if (o->has_level) {
        if (o->level < 1 || o->level > 10) {
            fprintf(stderr, "qipan: --level must be 1..10, got %d\n", o->level);
            return -1;
        }
        *level = o->level;
        return 0;
    }
    long long l = qp_param_int(&c->r->params, "ai.level");
    *level = l >= 1 && l <= 10 ? (int)l : 5;
    return 0;
}

int cmd_console(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    con_session c;
    char err[QP_ERR * 2];

    if (qp_opts_parse(&o, argc, argv)) return 2;
    if (o.npos > 1) {
        fprintf(stderr, "usage: qipan console [RULESET] [--config FILE] [--fen FEN] "
                        "[--ai red|black|both|none] [--level N] [--ascii] [--search mcts|alphabeta]\n");
        return 2;
    }
    if (o.search && qp_ai_parse(o.search) < 0) {
        fprintf(stderr, "qipan: --search must be mcts or alphabeta, got '%s'\n", o.search);
        return 2;
    }
    memset(&c, 0, sizeof c);
    c.src.nmoves = -1;
    c.app = app;
    c.out = stdout;
    if (o.load) {
        if (qp_record_load_keep(&app->reg, o.load, &c.r, &c.g, &c.src, err, sizeof err)) {
            fprintf(stderr, "qipan: %s\n", err);
            return 1;
        }
    } else if (qp_app_open_game(app, &o, &c.r, &c.g)) {
        return 1;
    }
    c.style.ascii = o.ascii;
    c.style.flip = o.flip;
    c.style.color = isatty(fileno(stdout)) && !getenv("NO_COLOR");
    c.echo = !isatty(fileno(stdin));
    c.edit = !c.echo && isatty(fileno(stdout));
    if (c.edit) setlocale(LC_CTYPE, "");   /* libedit edits UTF-8 (炮二平五) by the locale */
    c.depth = o.has_depth ? o.depth : 0;
    c.movetime = o.has_movetime ? o.movetime : 0;
    c.search_kind = o.search ? qp_ai_parse(o.search) : QP_AI_DEFAULT;
    c.threads = o.threads;

    int rc = 0;
    if (start_level(&c, &o, &c.level)) {
        rc = 2;
    } else if (o.ai && parse_ai(&c, o.ai, c.ai)) {
        char choices[96];
        ai_choices(&c, choices, sizeof choices);
        fprintf(stderr, "qipan: --ai must be %s, got '%s'\n", choices, o.ai);
        rc = 2;
    } else {
        rc = run(&c);
    }
    if (c.search) qp_ai_free(c.search);
    qp_record_free(&c.src);
    qp_game_free(&c.g);
    qp_rules_free(c.r);
    return rc;
}

/* ---- for network play (net_console.h) ------------------------------- */

/* A session that only reads a game owned elsewhere (net_cmd.c): the view
 * commands below never change c->g, so a shallow copy is enough. */
static con_session view_session(FILE *out, const qp_rules *r, const qp_game *g, const con_style *st)
{
    con_session c;
    memset(&c, 0, sizeof c);
    c.r = (qp_rules *)r;
    c.g = *g;
    c.style = *st;
    c.out = out;
    return c;
}

void con_show_game(FILE *out, const qp_rules *r, const qp_game *g, const con_style *st)
{
    con_session c = view_session(out, r, g, st);
    show(&c);
}

bool con_view_command(FILE *out, const qp_rules *r, const qp_game *g, con_style *st, const char *line)
{
    static const char *const views[] = {"board", "moves", "history", "fen", "flip", "rules", NULL};
    char word[32];
    size_t k = strcspn(line, " \t");
    snprintf(word, sizeof word, "%.*s", (int)k, line);
    for (int i = 0; views[i]; i++) {
        if (strcmp(word, views[i])) continue;
        con_session c = view_session(out, r, g, st);
        for (size_t j = 0; j < sizeof con_cmds / sizeof con_cmds[0]; j++)
            if (!strcmp(con_cmds[j].name, word)) con_cmds[j].fn(&c, "");
        *st = c.style;   /* flip */
        return true;
    }
    return false;
}
