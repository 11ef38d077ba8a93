/*
 * match.c — engine-vs-engine games with a referee.
 *
 * The referee owns the game (qp_game): it asks each player for a move,
 * checks the move is among the legal ones (gen) before playing it, and
 * ends each game only by the rules (qp_game_outcome: no legal move, five
 * soldiers, repetition, the no-capture limit); a ply cap is a safety net
 * and is reported when hit.  A watchdog alarm turns a hang into a report.
 *
 * Two modes:
 *   match student [--games N] [--movetime MS | --depth D] [--student PATH]
 *                 [--student-depth D] [--seed S]
 *       qipan (in-process search) against tools/student (a separate
 *       program spoken to over UCI), from the start and random short
 *       openings, each opening played with both colours.
 *   match selfplay [--games N] [--movetime MS | --depth D] [--seed S]
 *                  [--b-caps C] [--a-config FILE] [--b-config FILE]
 *       qipan against itself from randomised openings: fast games that
 *       check legality, termination and the absence of crashes and hangs.
 *       With --b-caps, the second engine searches with the ruleset's
 *       capabilities replaced by C (0: no null move, reductions or
 *       pruning); with --a-config / --b-config each engine's rules take
 *       that Lua configuration (e.g. tuned eval weights from tools/tune).
 *       Either makes colours alternate, and the score says which is better.
 *   match engine --engine "CMD ARGS" [--protocol uci|xboard] [--variant V]
 *                [--openings FILE] [--games N] [--movetime MS | --depth D |
 *                --nodes N] [--a-movetime MS] [--threads T] [--a-engine "CMD ARGS"]
 *                [--a-protocol uci|xboard] [--tc BASE+INC]
 *                [--option NAME=VALUE]... [--a-option NAME=VALUE]... [--pgn FILE]
 *                [--concurrency N] [--sprt ELO0,ELO1[,ALPHA,BETA]]
 *                [--draw-adjudicate PLY,MOVES,CP] [--resign-adjudicate MOVES,CP]
 *       qipan (in-process, or the program --a-engine, e.g. an older
 *       build's "qipan uci", or "qipan xboard" with --a-protocol xboard)
 *       against an external engine: UCI (Fairy-
 *       Stockfish, Sjaak II, qipan itself; UCI_Variant is set to the
 *       ruleset's name or --variant) or CECP/xboard (MaxQi: no setboard,
 *       so games start from the initial position and the opening moves are
 *       sent as moves; its ranks count from 0).  Each opening of the file
 *       (one line of coordinate moves, '#' comments) is played twice with
 *       colours swapped; every line is checked before the first game, and
 *       a bad move stops the match with FILE:LINE.  The summary gives W-D-L
 *       (in all, then by the colour qipan played), the score and an Elo
 *       estimate with its 95% interval, and --pgn writes every game, each
 *       move commented with the mover's score over its depth and the
 *       time it took, {+0.35/14 0.998s}, as far as the player tells them
 *       (xboard engines: the time only; opening moves: no comment).
 *       --tc BASE+INC plays with a clock instead (seconds, e.g. 10+0.1):
 *       each side starts with BASE and gains INC after each move, the
 *       engines are told both clocks (UCI go wtime/btime/winc/binc) and
 *       manage their own time, and a side whose clock falls below zero
 *       loses on time (counted as a forfeit).  UCI engines only.
 *       --a-movetime gives A its own time per move (B keeps --movetime),
 *       e.g. for a ladder of levels that think as long as the window
 *       lets each level think.
 *       --concurrency N plays N game pairs at once, each in a worker
 *       process with its own engines (one core each, at most 64); games
 *       are printed as they end.  --sprt ELO0,ELO1[,ALPHA,BETA] stops the
 *       match as soon as a sequential probability ratio test over the game
 *       pairs accepts H0 (A is at most ELO0 better than B) or H1 (at least
 *       ELO1); --games is then the most it plays.  Each finished pair prints
 *       the running log-likelihood ratio, and the summary the decision.
 *       A worker that fails (its engine died or would not start) ends the
 *       match at once, with the failing status.
 *       --draw-adjudicate PLY,MOVES,CP and --resign-adjudicate MOVES,CP end
 *       a game early where both players' scores agree, as engine testers
 *       do for long time controls: a draw once, from ply PLY on, each
 *       side's last MOVES scores lay within CP of even; a loss for the
 *       side whose last MOVES scores were -CP or less (or mated) while
 *       its opponent's were CP or more (or mating).  The reason says
 *       "adjudicated: ...", and the summary counts such games.
 * Common: [--ruleset NAME] [--ply-cap P] [--level L] [--opening "MOVES"]
 *         [--hash MB] [-v]
 *   --hash sizes each in-process search's table, 1..4096 MiB (16 unless given; a
 *   long time per move fills that, so give the engines equal larger ones,
 *   e.g. --hash 64 --option Hash=64).
 *   --opening plays every game (pair) from those moves instead of random
 *   ones, to replay one game of an earlier match.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "builtin.h"
#include "engine.h"
#include "game.h"
#include "registry.h"
#include "config.h"
#include "search.h"
#include "elo.h"

#define MOVE_TIMEOUT_MS 120000
#define MAX_OPTIONS 16
#define MAX_WORKERS 64

typedef enum { PROTO_UCI, PROTO_XBOARD } proto;

/* ---- players ----------------------------------------------------------- */

typedef struct player {
    const char *name;
    bool external;
    /* in-process */
    qp_search *s;
    qp_search_limits lim;
    /* external program (tools/engine) */
    eng e;
    char go[64];
    proto proto;
    int synced;            /* xboard: moves of the game already sent */
    int xb_time_cs;        /* xboard: centiseconds per move, 0: depth */
    int xb_depth;
    bool startpos;         /* UCI: "position startpos" rather than the FEN */
    /* statistics */
    int64_t max_ms;
} player;

/* The xboard greeting: the feature list ends with done=1 (or the engine
 * sends none). */
static int xb_init(player *p, const char *cmd)
{
    char line[1024];
    if (eng_send(&p->e, "xboard\nprotover 2\n") ||
        eng_read_until(&p->e, "feature", NULL, line, sizeof line, 10000)) {
        fprintf(stderr, "match: %s does not answer xboard (is it installed? for MaxQi: "
                        "apt-get install fairymax)\n", cmd);
        return -1;
    }
    while (!strstr(line, "done=1") &&
           !eng_read_until(&p->e, "feature", NULL, line, sizeof line, 2000)) {}
    return 0;
}

/* Starts the program cmd (words separated by spaces, no quoting) and
 * greets it in its protocol; options are "NAME=VALUE" (UCI setoption). */
static int spawn(player *p, const char *cmd, proto pr, const char *variant,
                 const char *const *options, int noptions)
{
    char err[1024];
    if (eng_start(&p->e, cmd, err, sizeof err)) {
        fprintf(stderr, "match: %s\n", err);
        return -1;
    }
    p->external = true;
    p->proto = pr;
    if (pr == PROTO_XBOARD) return xb_init(p, cmd);
    if (eng_uci_init(&p->e, variant, options, noptions, err, sizeof err)) {
        fprintf(stderr, "match: %s\n", err);
        return -1;
    }
    return 0;
}

static void close_player(player *p)
{
    if (p->external) eng_close(&p->e);
    if (p->s) qp_search_free(p->s);
}

/* Shifts every rank number of a coordinate move ("h3e3") by d, in place:
 * xboard Xiangqi engines count ranks from 0. */
static void xb_ranks(char *mv, int d)
{
    char out[32];
    size_t k = 0;
    for (const char *c = mv; *c && k + 4 < sizeof out;) {
        if (*c >= '0' && *c <= '9') {
            char *end;
            long v = strtol(c, &end, 10);
            k += (size_t)snprintf(out + k, sizeof out - k, "%ld", v + d);
            c = end;
        } else {
            out[k++] = *c++;
        }
    }
    out[k] = 0;
    strcpy(mv, out);
}

/* A move's PGN comment: the mover's score in pawns ("+0.35", or "+M3" /
 * "-M3" for mate in moves) over the depth it came from, then the time
 * ("+0.35/14 0.998s"); only the time when the player gave no score. */
#define NOTE_MAX 40
static void format_note(char *out, size_t n, int kind, int score, int depth, int64_t ms)
{
    char sc[24] = "";
    if (kind == ENG_SCORE_CP) snprintf(sc, sizeof sc, "%+.2f", score / 100.0);
    else if (kind == ENG_SCORE_MATE) snprintf(sc, sizeof sc, "%cM%d", score < 0 ? '-' : '+', abs(score));
    char dp[16] = "";
    if (sc[0] && depth > 0) snprintf(dp, sizeof dp, "/%d", depth);
    snprintf(out, n, "%s%s%s%.3fs", sc, dp, sc[0] ? " " : "", (double)ms / 1000.0);
}

/* A move's score as its player gave it: the mover's view, in centi-units
 * or (ENG_SCORE_MATE) moves to mate, negative when mated. */
typedef struct ply_score {
    int8_t kind;           /* ENG_SCORE_* */
    int8_t side;           /* the mover */
    int score;
} ply_score;

/* The player's move in g, or QP_MOVE_NONE with a reason; note (NOTE_MAX
 * bytes) gets its comment and *sc its score. */
static qp_move get_move(player *p, const qp_game *g, const char *moves_text, char *why, size_t whyn,
                        char *note, ply_score *sc)
{
    const qp_rules *r = g->r;
    int64_t t0 = eng_now_ms();
    qp_move m = QP_MOVE_NONE;
    int kind = ENG_SCORE_NONE, score = 0, depth = 0;
    if (!p->external) {
        qp_search_info info;
        m = qp_search_run(p->s, g, &p->lim, NULL, NULL, &info);
        if (m == QP_MOVE_NONE) snprintf(why, whyn, "search returned no move");
        if (info.depth > 0) {
            int plies = qp_score_mate_plies(info.score);
            kind = plies ? ENG_SCORE_MATE : ENG_SCORE_CP;
            score = plies > 0 ? (plies + 1) / 2 : plies < 0 ? -((1 - plies) / 2) : info.score;
            depth = info.depth;
        }
    } else if (p->proto == PROTO_XBOARD) {
        /* Moves since the last sync, ranks counted from 0. */
        char line[1 << 15], reply[256], text[64] = "";
        size_t k = 0;
        line[0] = 0;
        int i = 0;
        for (const char *t = moves_text; *t;) {
            size_t w = strcspn(t, " ");
            if (i++ >= p->synced && k + w + 2 < sizeof line) {
                char mv[32];
                snprintf(mv, sizeof mv, "%.*s", (int)(w < 31 ? w : 31), t);
                xb_ranks(mv, -1);
                k += (size_t)snprintf(line + k, sizeof line - k, "%s\n", mv);
            }
            t += w;
            while (*t == ' ') t++;
        }
        if (p->xb_time_cs)
            snprintf(line + k, sizeof line - k, "time %d\notim %d\ngo\n", p->xb_time_cs,
                     p->xb_time_cs);
        else
            snprintf(line + k, sizeof line - k, "go\n");
        int rc = eng_send(&p->e, line)
                     ? -1
                     : eng_read_until(&p->e, "move ", "resign", reply, sizeof reply, MOVE_TIMEOUT_MS);
        if (rc) {
            snprintf(why, whyn, rc > 0 ? "resigns" : "no move (crash or timeout)");
            return QP_MOVE_NONE;
        }
        eng_send(&p->e, "force\n");
        p->synced = i + 1;
        sscanf(reply + 5, "%63s", text);
        xb_ranks(text, +1);
        char err[QP_ERR];
        if (r->rs->move_parse(r, g->cur, text, &m, err, sizeof err)) {
            snprintf(why, whyn, "bad move '%s': %s", text, err);
            return QP_MOVE_NONE;
        }
    } else {
        char line[1 << 15];
        eng_result res;
        /* Engine matches start from the initial position: "startpos" is
         * understood by engines that read no Xiangqi FEN (Sjaak II). */
        if (p->startpos)
            snprintf(line, sizeof line, "position startpos%s%s\n%s\n",
                     moves_text[0] ? " moves " : "", moves_text, p->go);
        else
            snprintf(line, sizeof line, "position fen %s%s%s\n%s\n", g->start_fen,
                     moves_text[0] ? " moves " : "", moves_text, p->go);
        if (eng_uci_go(&p->e, line, MOVE_TIMEOUT_MS, &res)) {
            snprintf(why, whyn, "no bestmove (crash or timeout)");
            return QP_MOVE_NONE;
        }
        char err[QP_ERR];
        if (r->rs->move_parse(r, g->cur, res.best, &m, err, sizeof err)) {
            snprintf(why, whyn, "bad move '%s': %s", res.best, err);
            return QP_MOVE_NONE;
        }
        kind = res.kind;
        score = res.score;
        depth = res.depth;
    }
    int64_t dt = eng_now_ms() - t0;
    if (dt > p->max_ms) p->max_ms = dt;
    format_note(note, NOTE_MAX, kind, score, depth, dt);
    sc->kind = (int8_t)kind;
    sc->score = score;
    if (m != QP_MOVE_NONE && !qp_move_is_legal(r, g->cur, m)) {
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g->cur, m, t, sizeof t);
        snprintf(why, whyn, "illegal move %s", t);
        return QP_MOVE_NONE;
    }
    return m;
}

/* ---- adjudication ------------------------------------------------------ */

/* Engine matches may end a game both players' scores agree on: as a draw
 * when from draw_ply on each side's last draw_moves scores lay within
 * draw_cp of even, as a loss for the side whose last resign_moves scores
 * were at most -resign_cp (or mated) while its opponent's were at least
 * resign_cp (or mating).  A move without a score (an opening move, an
 * engine that gave none) breaks a streak.  0 moves: off. */
typedef struct adjud {
    int draw_ply, draw_moves, draw_cp;
    int resign_moves, resign_cp;
} adjud;

enum { SC_EVEN, SC_LOSING, SC_WINNING };

static bool score_is(const ply_score *s, int what, int cp)
{
    if (s->kind == ENG_SCORE_MATE) return what == SC_LOSING ? s->score < 0 : what == SC_WINNING && s->score > 0;
    if (s->kind != ENG_SCORE_CP) return false;
    return what == SC_EVEN ? abs(s->score) <= cp : what == SC_LOSING ? s->score <= -cp : s->score >= cp;
}

/* Whether side's last `want` moves of the n plies in ps all scored `what`. */
static bool streak(const ply_score *ps, int n, int side, int want, int what, int cp)
{
    int k = 0;
    for (int i = n - 1; i >= 0 && k < want; i--) {
        if (ps[i].side != side) continue;
        if (!score_is(&ps[i], what, cp)) return false;
        k++;
    }
    return k == want;
}

/* The adjudicated end after n plies: -1 a draw, 0 or 1 the winner, -2
 * none; reason (n bytes) says why. */
static int adjudicate(const adjud *a, const qp_rules *r, const ply_score *ps, int n, char *why,
                      size_t whyn)
{
    if (!a) return -2;
    for (int side = 0; a->resign_moves && side < 2; side++)
        if (streak(ps, n, side, a->resign_moves, SC_LOSING, a->resign_cp) &&
            streak(ps, n, 1 - side, a->resign_moves, SC_WINNING, a->resign_cp)) {
            snprintf(why, whyn, "adjudicated: %s scored -%d or less for %d moves",
                     qp_side_name(r, side), a->resign_cp, a->resign_moves);
            return 1 - side;
        }
    if (a->draw_moves && n >= a->draw_ply && streak(ps, n, 0, a->draw_moves, SC_EVEN, a->draw_cp) &&
        streak(ps, n, 1, a->draw_moves, SC_EVEN, a->draw_cp)) {
        snprintf(why, whyn, "adjudicated: both scored within %d for %d moves", a->draw_cp,
                 a->draw_moves);
        return -1;
    }
    return -2;
}

/* ---- games ------------------------------------------------------------- */

typedef struct result {
    int winner;            /* 0, 1, or -1 for a draw */
    char reason[64];
    int plies;
    bool capped, forfeit, adjudicated;
    char *moves;           /* the game's moves (malloc'd, caller frees) */
    char (*notes)[NOTE_MAX];  /* each move's comment ("" for opening moves;
                               * malloc'd, caller frees) */
} result;

static uint64_t rng(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* A random opening of n plies that leaves the game ongoing, as move text. */
static void random_opening(const qp_rules *r, int n, uint64_t *x, char *out, size_t outn)
{
    qp_game g;
    char err[QP_ERR];
    qp_move mv[QP_MAX_MOVES];
    out[0] = 0;
    qp_game_init(&g, r, NULL, err, sizeof err);
    for (int i = 0; i < n; i++) {
        int k = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
        if (k == 0) break;
        qp_move m = mv[rng(x) % (uint64_t)k];
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g.cur, m, t, sizeof t);
        qp_game_play(&g, m);
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) break;
        size_t l = strlen(out);
        snprintf(out + l, outn - l, "%s%s", l ? " " : "", t);
    }
    qp_game_free(&g);
}

static bool verbose;

/* realloc that ends the match, which cannot go on without the memory. */
static void *grow(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "match: out of memory\n");
        exit(2);
    }
    return q;
}

/* Plays one game from the opening moves; -1 (and a message) when an
 * opening move is bad. */
/* Tells the player whose turn it is both clocks (ms), for its own time
 * management. */
static void set_clock(player *p, const int64_t clk[2], int inc)
{
    if (!p->external) {
        p->lim.movetime_ms = 0;
        p->lim.wtime = (int)clk[0];
        p->lim.btime = (int)clk[1];
        p->lim.winc = p->lim.binc = inc;
    } else {
        snprintf(p->go, sizeof p->go, "go wtime %lld btime %lld winc %d binc %d", (long long)clk[0],
                 (long long)clk[1], inc, inc);
    }
}

/* tc: {base, increment} in ms for a clock game, NULL for a time per move;
 * adj: the adjudication, NULL for none. */
static int play_game(const qp_rules *r, player *pl[2], const char *opening, int ply_cap,
                     const int *tc, const adjud *adj, result *res)
{
    int64_t clk[2] = {tc ? tc[0] : 0, tc ? tc[0] : 0};
    qp_game g;
    char err[QP_ERR], why[256] = "";
    size_t cap = 1 << 15, ncap = 256;
    char *moves = grow(NULL, cap);
    char(*notes)[NOTE_MAX] = grow(NULL, ncap * NOTE_MAX);
    ply_score *scores = grow(NULL, ncap * sizeof *scores);
    moves[0] = 0;
    memset(notes, 0, ncap * NOTE_MAX);
    memset(scores, 0, ncap * sizeof *scores);
    memset(res, 0, sizeof *res);
    res->winner = -1;
    qp_game_init(&g, r, NULL, err, sizeof err);
    if (opening[0]) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", opening);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
            if ((size_t)g.cursor < ncap) scores[g.cursor].side = (int8_t)qp_game_to_move(&g);
            if (qp_game_play_text(&g, t, err, sizeof err)) {
                fprintf(stderr, "match: opening move %s: %s\n", t, err);
                free(moves);
                free(notes);
                free(scores);
                qp_game_free(&g);
                return -1;
            }
        }
        snprintf(moves, cap, "%s", opening);
    }
    for (int i = 0; i < 2; i++) {
        player *p = pl[i];
        if (p->s) qp_search_clear(p->s);
        if (p->external && p->proto == PROTO_UCI) eng_send(&p->e, "ucinewgame\n");
        if (p->external && p->proto == PROTO_XBOARD) {
            char line[256];
            if (p->xb_time_cs)
                snprintf(line, sizeof line, "new\nvariant %s\nforce\nlevel 1 0 0\npost\n",
                         r->rs->name);
            else
                snprintf(line, sizeof line, "new\nvariant %s\nforce\nsd %d\npost\n", r->rs->name,
                         p->xb_depth);
            eng_send(&p->e, line);
            p->synced = 0;
        }
    }
    for (;;) {
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (o.result != QP_ONGOING) {
            res->winner = o.result == QP_WIN ? o.winner : -1;
            snprintf(res->reason, sizeof res->reason, "%s", o.reason);
            break;
        }
        if (g.cursor >= ply_cap) {
            res->capped = true;
            snprintf(res->reason, sizeof res->reason, "ply cap");
            break;
        }
        int judged = adjudicate(adj, r, scores, g.cursor, res->reason, sizeof res->reason);
        if (judged != -2) {
            res->winner = judged;
            res->adjudicated = true;
            break;
        }
        int side = qp_game_to_move(&g);
        player *p = pl[side];
        if (p->lim.seed) p->lim.seed++;
        if ((size_t)g.cursor >= ncap) {
            notes = grow(notes, ncap * 2 * NOTE_MAX);
            memset(notes + ncap, 0, ncap * NOTE_MAX);
            scores = grow(scores, ncap * 2 * sizeof *scores);
            memset(scores + ncap, 0, ncap * sizeof *scores);
            ncap *= 2;
        }
        if (tc) set_clock(p, clk, tc[1]);
        int64_t t0 = eng_now_ms();
        scores[g.cursor].side = (int8_t)side;
        qp_move m = get_move(p, &g, moves, why, sizeof why, notes[g.cursor], &scores[g.cursor]);
        if (tc && m != QP_MOVE_NONE) {
            int64_t used = eng_now_ms() - t0;
            if (used > clk[side]) {
                snprintf(why, sizeof why, "time (took %lld ms with %lld left)", (long long)used,
                         (long long)clk[side]);
                m = QP_MOVE_NONE;
            }
            clk[side] += tc[1] - used;
        }
        if (m == QP_MOVE_NONE) {
            char fen[512];
            qp_game_fen(&g, fen, sizeof fen);
            fprintf(stderr, "match: %s forfeits at ply %d (%s): %s\n", p->name, g.cursor, fen, why);
            res->forfeit = true;
            res->winner = 1 - side;
            snprintf(res->reason, sizeof res->reason, "forfeit: %s", why);
            break;
        }
        char t[QP_MOVE_TEXT];
        r->rs->move_text(r, g.cur, m, t, sizeof t);
        size_t l = strlen(moves);
        if (l + QP_MOVE_TEXT + 2 > cap) moves = grow(moves, cap *= 2);
        snprintf(moves + l, cap - l, "%s%s", l ? " " : "", t);
        qp_game_play(&g, m);
    }
    res->plies = g.cursor;
    if (verbose) printf("  moves: %s\n", moves);
    res->moves = moves;
    res->notes = notes;
    free(scores);
    qp_game_free(&g);
    return 0;
}

/* ---- the watchdog ------------------------------------------------------ */

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "match: a game exceeded its time budget (hang?)\n";
    if (write(2, msg, sizeof msg - 1) < 0) _exit(3);
    _exit(3);
}

/* ---- main -------------------------------------------------------------- */

typedef struct opts {
    const char *mode, *ruleset, *student;
    int games, movetime, depth, student_depth, ply_cap, level, b_caps;
    int tc_base_ms, tc_inc_ms;   /* --tc: a clock (base > 0) instead of a time per move */
    uint64_t seed;
    const char *a_config, *b_config;   /* Lua configs (e.g. tuned weights) per engine */
    const char *opening;               /* fixed opening moves, or NULL */
    /* engine mode */
    const char *engine, *a_engine, *protocol, *a_protocol, *variant, *openings, *pgn;
    uint64_t nodes;
    int threads, a_movetime, hash_mb, concurrency;
    const char *sprt;                  /* "ELO0,ELO1[,ALPHA,BETA]" or NULL */
    adjud adj;                         /* --draw-adjudicate, --resign-adjudicate */
    const char *options[MAX_OPTIONS], *a_options[MAX_OPTIONS];
    int noptions, na_options;
} opts;

static int usage(void)
{
    fprintf(stderr, "usage: match student|selfplay [--games N] [--movetime MS | --depth D]\n"
                    "       [--student PATH] [--student-depth D] [--seed S] [--ruleset NAME]\n"
                    "       [--ply-cap P] [--level L] [--b-caps C]\n"
                    "       [--a-config FILE] [--b-config FILE] [--opening MOVES] [-v]\n"
                    "   or: match engine --engine \"CMD ARGS\" [--protocol uci|xboard] [--variant V]\n"
                    "       [--openings FILE] [--games N] [--movetime MS | --depth D | --nodes N]\n"
                    "       [--a-movetime MS] [--threads T] [--a-engine \"CMD ARGS\"] [--a-protocol uci|xboard]\n"
                    "       [--tc BASE+INC]\n"
                    "       [--option NAME=VALUE]...\n"
                    "       [--a-option NAME=VALUE]... [--concurrency N] [--sprt ELO0,ELO1[,ALPHA,BETA]]\n"
                    "       [--draw-adjudicate PLY,MOVES,CP] [--resign-adjudicate MOVES,CP]\n"
                    "       [--pgn FILE] [--ruleset NAME] [--ply-cap P] [--level L] [--hash MB] [-v]\n");
    return 2;
}

static void init_engine(player *p, const char *name, const qp_rules *r, const opts *o)
{
    memset(p, 0, sizeof *p);
    p->name = name;
    size_t mb = o->hash_mb > 0 ? (size_t)o->hash_mb : 16;
    p->s = qp_search_new(r, mb);
    if (!p->s) {
        fprintf(stderr, "match: out of memory for a %zu MiB table\n", mb);
        exit(2);
    }
    p->lim.depth = o->depth;
    p->lim.movetime_ms = o->depth || o->nodes ? 0 : o->movetime;
    p->lim.nodes = o->nodes;
    p->lim.level = o->level;
    p->lim.seed = o->level < 10 ? o->seed : 0;
    if (o->threads > 1) qp_search_set_threads(p->s, o->threads);
}

/* Applies a Lua configuration file (NULL: none) to p. */
static int apply_config(const char *path, qp_params *p)
{
    if (!path) return 0;
    static qp_config c;
    char err[QP_ERR * 2];
    if (qp_config_load(&c, path, err, sizeof err) || qp_config_apply(&c, p, err, sizeof err)) {
        fprintf(stderr, "match: %s\n", err);
        return -1;
    }
    return 0;
}

/* ---- engine matches ---------------------------------------------------- */

/* Plays the opening's moves on a new game: 0, or -1 with the first bad
 * move and why in err. */
static int check_opening(const qp_rules *r, const char *opening, char *err, size_t n)
{
    qp_game g;
    char why[QP_ERR], buf[1024];
    if (qp_game_init(&g, r, NULL, why, sizeof why)) {
        snprintf(err, n, "%s", why);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", opening);
    int bad = 0;
    for (char *t = strtok(buf, " \t"); t && !bad; t = strtok(NULL, " \t"))
        if (qp_game_play_text(&g, t, why, sizeof why)) {
            snprintf(err, n, "opening move %s: %s", t, why);
            bad = -1;
        }
    qp_game_free(&g);
    return bad;
}

/* Reads the openings: one line of moves each, '#' starts a comment.  Each
 * line is played out here, so a bad move stops the match before its first
 * game (FILE:LINE and the move), not when its turn comes hours later. */
static int load_openings(const qp_rules *r, const char *path, char ***out)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "match: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[1024], err[QP_ERR + 64];
    char **v = NULL;
    int n = 0, cap = 0, ln = 0, bad = 0;
    while (!bad && fgets(line, sizeof line, f)) {
        ln++;
        if (!strchr(line, '\n') && !feof(f)) {
            fprintf(stderr, "match: %s:%d: line longer than %d characters\n", path, ln,
                    (int)sizeof line - 2);
            bad = 1;
            break;
        }
        line[strcspn(line, "#\r\n")] = 0;
        char *t = line;
        while (*t == ' ' || *t == '\t') t++;
        size_t l = strlen(t);
        while (l > 0 && (t[l - 1] == ' ' || t[l - 1] == '\t')) t[--l] = 0;
        if (!l) continue;
        if (check_opening(r, t, err, sizeof err)) {
            fprintf(stderr, "match: %s:%d: %s\n", path, ln, err);
            bad = 1;
            break;
        }
        if (n == cap) v = grow(v, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *v);
        v[n] = grow(NULL, l + 1);
        memcpy(v[n++], t, l + 1);
    }
    if (!bad && ferror(f)) {
        fprintf(stderr, "match: cannot read %s: %s\n", path, strerror(errno));
        bad = 1;
    }
    fclose(f);
    if (!bad && n == 0) {
        fprintf(stderr, "match: %s holds no opening\n", path);
        bad = 1;
    }
    if (bad) {
        for (int i = 0; i < n; i++) free(v[i]);
        free(v);
        return -1;
    }
    *out = v;
    return n;
}

static void pgn_game(FILE *f, const qp_rules *r, int round, const char *red, const char *black,
                     const result *res)
{
    const char *rt = res->winner < 0 ? "1/2-1/2" : res->winner == 0 ? "1-0" : "0-1";
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    fprintf(f, "[Event \"qipan match\"]\n[Site \"?\"]\n[Date \"%04d.%02d.%02d\"]\n[Round \"%d\"]\n",
            tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, round);
    fprintf(f, "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[Variant \"%s\"]\n", red, black,
            rt, r->rs->name);
    fprintf(f, "[Termination \"%s\"]\n[PlyCount \"%d\"]\n\n", res->reason, res->plies);
    int ply = 0, col = 0;
    for (const char *m = res->moves ? res->moves : ""; *m;) {
        size_t w = strcspn(m, " ");
        char num[16] = "";
        if (ply % 2 == 0) snprintf(num, sizeof num, "%d. ", ply / 2 + 1);
        int need = (int)(strlen(num) + w + 1);
        if (col + need > 79) {
            fputc('\n', f);
            col = 0;
        }
        col += fprintf(f, "%s%s%.*s", col ? " " : "", num, (int)w, m);
        const char *note = res->notes ? res->notes[ply] : "";
        if (note[0]) {
            if (col + (int)strlen(note) + 3 > 79) {
                fputc('\n', f);
                col = 0;
            }
            col += fprintf(f, "%s{%s}", col ? " " : "", note);
        }
        ply++;
        m += w;
        while (*m == ' ') m++;
    }
    fprintf(f, "%s%s\n\n", col ? " " : "", rt);
}

static const char *base_name(const char *cmd, char *buf, size_t n)
{
    size_t w = strcspn(cmd, " ");
    const char *b = cmd;
    for (const char *c = cmd; c < cmd + w; c++)
        if (*c == '/') b = c + 1;
    snprintf(buf, n, "%.*s", (int)(w - (size_t)(b - cmd)), b);
    return buf;
}

/* The opening of game pair p: the fixed one, the file's p-th (cycling),
 * or random moves drawn from a generator seeded by the pair, so a pair's
 * opening does not depend on which worker plays it. */
static void pair_opening(const qp_rules *r, const opts *o, char **ops, int nops, int p, char *out,
                         size_t n)
{
    if (o->opening) {
        snprintf(out, n, "%s", o->opening);
    } else if (nops) {
        snprintf(out, n, "%s", ops[p % nops]);
    } else {
        uint64_t x = (o->seed + (uint64_t)p) * 0x9E3779B97F4A7C15ull;
        x ^= x >> 31;
        x |= 1;
        random_opening(r, 2 + (int)(rng(&x) % 3), &x, out, n);
    }
}

/* What a match needs to play its games: the same in every worker. */
typedef struct match_plan {
    const qp_rules *r;
    const opts *o;
    char **ops;
    int nops, games;
    proto pr, a_pr;   /* B's protocol, A's when A is a program */
    const char *variant;
    char aname[128], bname[128];
    char a_go[64], b_go[64], tc[64];
} match_plan;

/* One finished game as the referee saw it. */
typedef struct report {
    int gi, aside;
    result res;
    int64_t max_ms[2];     /* A's and B's longest move so far (in that worker) */
} report;

/* The results so far, kept by the process that prints them. */
typedef struct match_tally {
    const match_plan *m;
    elo_tally t;
    int forfeits[2], capped, adjudicated, done;
    int by_colour[2][3];   /* A's W, D, L by the colour A played */
    int64_t max_ms[2];
    signed char *pair_half;   /* per pair: the first finished game's half-points, or -1 */
    FILE *pgn;
    const elo_sprt *sprt;
    int decision;
} match_tally;

/* Takes in one game: prints it, writes it to the PGN, counts it and, at
 * the end of a pair, runs the SPRT.  The decision (ELO_SPRT_*) is kept. */
static void tally_game(match_tally *mt, const report *rp)
{
    const match_plan *m = mt->m;
    const result *res = &rp->res;
    int aside = rp->aside;
    if (res->forfeit) mt->forfeits[res->winner == aside ? 1 : 0]++;
    mt->capped += res->capped;
    mt->adjudicated += res->adjudicated;
    int half = res->winner < 0 ? 1 : res->winner == aside ? 2 : 0;
    if (half == 1) mt->t.d++;
    else if (half == 2) mt->t.w++;
    else mt->t.l++;
    mt->by_colour[aside][2 - half]++;
    for (int i = 0; i < 2; i++)
        if (rp->max_ms[i] > mt->max_ms[i]) mt->max_ms[i] = rp->max_ms[i];
    mt->done++;
    char opening[1024];
    pair_opening(m->r, m->o, m->ops, m->nops, rp->gi / 2, opening, sizeof opening);
    const char *who = res->winner < 0 ? "draw" : qp_side_name(m->r, res->winner);
    printf("game %d: %s %s, opening '%s': %s%s (%s) in %d plies; %d-%d-%d\n", rp->gi + 1, m->aname,
           qp_side_name(m->r, aside), opening, who, res->winner < 0 ? "" : " wins", res->reason,
           res->plies, mt->t.w, mt->t.d, mt->t.l);
    if (mt->pgn) {
        pgn_game(mt->pgn, m->r, rp->gi + 1, aside == 0 ? m->aname : m->bname,
                 aside == 0 ? m->bname : m->aname, res);
        fflush(mt->pgn);
    }
    signed char *ph = &mt->pair_half[rp->gi / 2];
    if (*ph < 0) {
        *ph = (signed char)half;
    } else {
        elo_add_pair(&mt->t, *ph + half);
        if (mt->sprt) {
            double lo, hi;
            elo_sprt_bounds(mt->sprt, &lo, &hi);
            int pairs = 0;
            for (int k = 0; k < 5; k++) pairs += mt->t.penta[k];
            printf("sprt: LLR %+.2f [%+.2f, %+.2f] after %d pairs\n", elo_sprt_llr(mt->sprt, &mt->t),
                   lo, hi, pairs);
            mt->decision = elo_sprt_state(mt->sprt, &mt->t);
        }
    }
    fflush(stdout);
}

/* A worker's report travels over a pipe as a header line, then the
 * reason, the moves and the notes (NOTE_MAX bytes per ply). */
static int write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int send_report(int fd, const report *rp)
{
    const result *res = &rp->res;
    char head[256];
    size_t rl = strlen(res->reason), ml = strlen(res->moves);
    int hl = snprintf(head, sizeof head, "%d %d %d %d %d %d %d %lld %lld %zu %zu\n", rp->gi,
                      rp->aside, res->winner, res->plies, res->forfeit, res->capped,
                      res->adjudicated, (long long)rp->max_ms[0], (long long)rp->max_ms[1], rl, ml);
    return write_all(fd, head, (size_t)hl) || write_all(fd, res->reason, rl) ||
           write_all(fd, res->moves, ml) ||
           write_all(fd, res->notes, (size_t)res->plies * NOTE_MAX);
}

/* Decodes one report from buf[0..len): its size, 0 while incomplete, -1
 * when the header is not one. */
static long take_report(const char *buf, size_t len, report *rp)
{
    const char *nl = memchr(buf, '\n', len);
    if (!nl) return len > 255 ? -1 : 0;
    int forfeit, capped, adjudicated;
    long long mx0, mx1;
    size_t rl, ml;
    memset(rp, 0, sizeof *rp);
    result *res = &rp->res;
    if (sscanf(buf, "%d %d %d %d %d %d %d %lld %lld %zu %zu", &rp->gi, &rp->aside, &res->winner,
               &res->plies, &forfeit, &capped, &adjudicated, &mx0, &mx1, &rl, &ml) != 11 ||
        rl >= sizeof res->reason || res->plies < 0 || ml > (1u << 24))
        return -1;
    size_t hl = (size_t)(nl + 1 - buf), nb = (size_t)res->plies * NOTE_MAX;
    size_t total = hl + rl + ml + nb;
    if (len < total) return 0;
    res->forfeit = forfeit;
    res->capped = capped;
    res->adjudicated = adjudicated;
    rp->max_ms[0] = mx0;
    rp->max_ms[1] = mx1;
    memcpy(res->reason, nl + 1, rl);
    res->moves = grow(NULL, ml + 1);
    memcpy(res->moves, nl + 1 + rl, ml);
    res->moves[ml] = 0;
    res->notes = grow(NULL, nb ? nb : 1);
    memcpy(res->notes, nl + 1 + rl + ml, nb);
    return (long)total;
}

/* Plays the pairs wid, wid + nw, ... of the match: into mt when fd < 0,
 * else as reports written to fd.  0, or the match's exit status. */
static int play_pairs(const match_plan *m, int wid, int nw, int fd, match_tally *mt)
{
    const opts *o = m->o;
    player a, b;
    memset(&b, 0, sizeof b);
    b.name = m->bname;
    if (o->a_engine) {
        memset(&a, 0, sizeof a);
        a.name = m->aname;
        if (spawn(&a, o->a_engine, m->a_pr, m->variant, o->a_options, o->na_options)) return 1;
    } else {
        init_engine(&a, m->aname, m->r, o);
    }
    if (spawn(&b, o->engine, m->pr, m->variant, o->options, o->noptions)) {
        close_player(&a);
        return 1;
    }
    if (o->a_movetime > 0 && !o->depth && !o->nodes) a.lim.movetime_ms = o->a_movetime;
    snprintf(a.go, sizeof a.go, "%s", m->a_go);
    snprintf(b.go, sizeof b.go, "%s", m->b_go);
    a.startpos = b.startpos = true;
    b.xb_time_cs = o->depth || o->nodes ? 0 : (o->movetime + 9) / 10;
    b.xb_depth = o->depth ? o->depth : 8;
    a.xb_time_cs = o->depth || o->nodes ? 0 : ((o->a_movetime > 0 ? o->a_movetime : o->movetime) + 9) / 10;
    a.xb_depth = b.xb_depth;
    int per_move = o->depth || o->nodes ? 30000
                   : o->tc_base_ms ? o->tc_inc_ms + 1000
                   : (o->a_movetime > o->movetime ? o->a_movetime : o->movetime) + 1000;
    int budget_s = (int)((int64_t)o->ply_cap * per_move / 1000 + 2 * (int64_t)o->tc_base_ms / 1000) + 60;
    signal(SIGALRM, on_alarm);
    int status = 0;
    char opening[1024];
    for (int p = wid; 2 * p < m->games && status == 0; p += nw) {
        pair_opening(m->r, o, m->ops, m->nops, p, opening, sizeof opening);
        for (int gi = 2 * p; gi < 2 * p + 2 && gi < m->games; gi++) {
            int aside = gi % 2;
            player *pl[2];
            pl[aside] = &a;
            pl[1 - aside] = &b;
            report rp = {.gi = gi, .aside = aside};
            alarm((unsigned)budget_s);
            int tc[2] = {o->tc_base_ms, o->tc_inc_ms};
            int bad = play_game(m->r, pl, opening, o->ply_cap, o->tc_base_ms ? tc : NULL, &o->adj,
                                &rp.res);
            alarm(0);
            if (bad) {
                status = 2;
                break;
            }
            rp.max_ms[0] = a.max_ms;
            rp.max_ms[1] = b.max_ms;
            if (fd < 0) tally_game(mt, &rp);
            else if (send_report(fd, &rp)) status = 1;   /* the match is gone */
            free(rp.res.moves);
            free(rp.res.notes);
            if (status || (mt && mt->decision)) break;
        }
        if (mt && mt->decision) break;
    }
    close_player(&a);
    close_player(&b);
    return status;
}

/* Runs nw workers, each in its own process group (its engines with it),
 * and tallies their reports as they come; an SPRT decision ends the
 * others at once.  0, or the first failing worker's status. */
static int run_workers(const match_plan *m, int nw, match_tally *mt)
{
    pid_t pid[MAX_WORKERS];
    int fd[MAX_WORKERS];
    char *buf[MAX_WORKERS];
    size_t len[MAX_WORKERS], cap[MAX_WORKERS];
    bool reaped[MAX_WORKERS] = {false};
    fflush(stdout);
    fflush(stderr);
    int started = 0, status = 0;
    for (int w = 0; w < nw; w++) {
        int pp[2];
        if (pipe(pp)) {
            fprintf(stderr, "match: pipe: %s\n", strerror(errno));
            status = 1;
            break;
        }
        pid[w] = fork();
        if (pid[w] < 0) {
            fprintf(stderr, "match: fork: %s\n", strerror(errno));
            close(pp[0]);
            close(pp[1]);
            status = 1;
            break;
        }
        if (pid[w] == 0) {
            setpgid(0, 0);
            close(pp[0]);
            for (int k = 0; k < w; k++) close(fd[k]);
            int st = play_pairs(m, w, nw, pp[1], NULL);
            fflush(stdout);
            _exit(st);
        }
        setpgid(pid[w], pid[w]);
        close(pp[1]);
        fd[w] = pp[0];
        buf[w] = NULL;
        len[w] = cap[w] = 0;
        started++;
    }
    int open_n = status ? 0 : started;   /* a failed fork stops the others at once */
    while (open_n > 0 && !mt->decision && !status) {
        struct pollfd pf[MAX_WORKERS];
        for (int w = 0; w < started; w++) pf[w] = (struct pollfd){.fd = fd[w], .events = POLLIN};
        if (poll(pf, (nfds_t)started, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int w = 0; w < started && !mt->decision; w++) {
            if (fd[w] < 0 || !(pf[w].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            if (len[w] + 65536 > cap[w]) buf[w] = grow(buf[w], cap[w] = 2 * cap[w] + 65536);
            ssize_t k = read(fd[w], buf[w] + len[w], cap[w] - len[w]);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) {
                /* A worker that fails (an engine died or would not start)
                 * ends the match now, not when the others are done. */
                close(fd[w]);
                fd[w] = -1;
                open_n--;
                int st;
                if (waitpid(pid[w], &st, 0) == pid[w]) {
                    reaped[w] = true;
                    if (WIFEXITED(st) && WEXITSTATUS(st)) status = WEXITSTATUS(st);
                    else if (WIFSIGNALED(st)) status = 3;
                    if (status) break;
                }
                continue;
            }
            len[w] += (size_t)k;
            report rp;
            long used = 0;
            while (!mt->decision && (used = take_report(buf[w], len[w], &rp)) > 0) {
                tally_game(mt, &rp);
                free(rp.res.moves);
                free(rp.res.notes);
                memmove(buf[w], buf[w] + used, len[w] - (size_t)used);
                len[w] -= (size_t)used;
            }
            if (used < 0) {
                fprintf(stderr, "match: worker %d sent a garbled report\n", w + 1);
                status = 1;
                open_n = 0;
                break;
            }
        }
    }
    for (int w = 0; w < started; w++) {
        if (fd[w] >= 0) close(fd[w]);
        free(buf[w]);
        /* The group outlives a reaped worker while its engines do. */
        if (mt->decision || status) kill(-pid[w], SIGTERM);
        int st;
        if (reaped[w]) continue;
        if (waitpid(pid[w], &st, 0) == pid[w] && !mt->decision && !status) {
            if (WIFEXITED(st) && WEXITSTATUS(st)) status = WEXITSTATUS(st);
            else if (WIFSIGNALED(st)) status = 3;
        }
    }
    return status;
}

static int engine_match(const qp_rules *r, const opts *o)
{
    match_plan m = {.r = r, .o = o};
    m.pr = o->protocol && !strcmp(o->protocol, "xboard") ? PROTO_XBOARD : PROTO_UCI;
    m.a_pr = o->a_protocol && !strcmp(o->a_protocol, "xboard") ? PROTO_XBOARD : PROTO_UCI;
    m.variant = eng_uci_variant(o->variant, r->rs->name);
    if ((m.pr == PROTO_XBOARD || (o->a_engine && m.a_pr == PROTO_XBOARD)) && o->tc_base_ms) {
        fprintf(stderr, "match: --tc is for UCI engines; xboard engines take --movetime or --depth\n");
        return 2;
    }
    if ((m.pr == PROTO_XBOARD || (o->a_engine && m.a_pr == PROTO_XBOARD)) && o->nodes) {
        fprintf(stderr, "match: xboard engines take --movetime or --depth, not --nodes\n");
        return 2;
    }
    elo_sprt sprt;
    if (o->sprt) {
        char err[256];
        if (elo_sprt_parse(o->sprt, &sprt, err, sizeof err)) {
            fprintf(stderr, "match: %s\n", err);
            return 2;
        }
    }
    char oerr[QP_ERR + 64];
    if (o->opening && check_opening(r, o->opening, oerr, sizeof oerr)) {
        fprintf(stderr, "match: --opening: %s\n", oerr);
        return 2;
    }
    if (o->openings) {
        m.nops = load_openings(r, o->openings, &m.ops);
        if (m.nops < 0) return 2;
    }
    base_name(o->engine, m.bname, sizeof m.bname);
    if (o->a_engine) base_name(o->a_engine, m.aname, sizeof m.aname);
    else snprintf(m.aname, sizeof m.aname, "qipan");
    if (!strcmp(m.aname, m.bname)) snprintf(m.aname, sizeof m.aname, "A"), snprintf(m.bname, sizeof m.bname, "B");
    if (o->nodes)
        snprintf(m.b_go, sizeof m.b_go, "go nodes %llu", (unsigned long long)o->nodes);
    else if (o->depth)
        snprintf(m.b_go, sizeof m.b_go, "go depth %d", o->depth);
    else
        snprintf(m.b_go, sizeof m.b_go, "go movetime %d", o->movetime);
    snprintf(m.a_go, sizeof m.a_go, "%s", m.b_go);
    snprintf(m.tc, sizeof m.tc, "%s", m.b_go + 3);
    if (o->tc_base_ms)
        snprintf(m.tc, sizeof m.tc, "tc %g+%g", o->tc_base_ms / 1000.0, o->tc_inc_ms / 1000.0);
    if (o->a_movetime > 0 && !o->depth && !o->nodes && !o->tc_base_ms) {
        snprintf(m.a_go, sizeof m.a_go, "go movetime %d", o->a_movetime);
        snprintf(m.tc, sizeof m.tc, "movetime %d/%d", o->a_movetime, o->movetime);
    }
    m.games = o->games > 0 ? o->games : (m.nops ? 2 * m.nops : 10);
    match_tally mt = {.m = &m, .sprt = o->sprt ? &sprt : NULL};
    mt.pair_half = grow(NULL, (size_t)m.games / 2 + 1);
    memset(mt.pair_half, -1, (size_t)m.games / 2 + 1);
    int status = 0;
    if (o->pgn && !(mt.pgn = fopen(o->pgn, "w"))) {
        fprintf(stderr, "match: cannot write %s: %s\n", o->pgn, strerror(errno));
        status = 2;
        goto out;
    }
    int64_t t0 = eng_now_ms();
    int nw = o->concurrency > 1 ? o->concurrency : 1;
    if (nw > (m.games + 1) / 2) nw = (m.games + 1) / 2;
    status = nw > 1 ? run_workers(&m, nw, &mt) : play_pairs(&m, 0, 1, -1, &mt);
    double sc, elo, lo, hi;
    elo_estimate(&mt.t, &sc, &elo, &lo, &hi);
    printf("%s vs %s (%s): %d games, W-D-L %d-%d-%d, score %.1f%%, Elo %+.0f [%+.0f, %+.0f] "
           "(95%%); forfeits %s %d, %s %d; ply cap %d; adjudicated %d; longest move %s %lld ms, "
           "%s %lld ms; %.1f s\n",
           m.aname, m.bname, m.tc, mt.done, mt.t.w, mt.t.d, mt.t.l, sc * 100, elo, lo, hi, m.aname,
           mt.forfeits[0], m.bname, mt.forfeits[1], mt.capped, mt.adjudicated, m.aname,
           (long long)mt.max_ms[0],
           m.bname, (long long)mt.max_ms[1], (eng_now_ms() - t0) / 1000.0);
    /* The first move is worth much in Xiangqi: a side weak with one
     * colour shows here, not in the total. */
    printf("%s by colour: %s %d-%d-%d, %s %d-%d-%d\n", m.aname, qp_side_name(r, 0),
           mt.by_colour[0][0], mt.by_colour[0][1], mt.by_colour[0][2], qp_side_name(r, 1),
           mt.by_colour[1][0], mt.by_colour[1][1], mt.by_colour[1][2]);
    printf("%s by pair (0, 1/2, 1, 3/2, 2 points): %d %d %d %d %d\n", m.aname, mt.t.penta[0],
           mt.t.penta[1], mt.t.penta[2], mt.t.penta[3], mt.t.penta[4]);
    if (mt.sprt) {
        double llo, lhi;
        elo_sprt_bounds(&sprt, &llo, &lhi);
        printf("SPRT elo0 %g, elo1 %g, alpha %g, beta %g: LLR %+.2f [%+.2f, %+.2f], %s\n", sprt.elo0,
               sprt.elo1, sprt.alpha, sprt.beta, elo_sprt_llr(&sprt, &mt.t), llo, lhi,
               mt.decision == ELO_SPRT_H1   ? "H1 accepted"
               : mt.decision == ELO_SPRT_H0 ? "H0 accepted"
                                            : "no decision");
    }
out:
    if (mt.pgn) fclose(mt.pgn);
    free(mt.pair_half);
    for (int i = 0; i < m.nops; i++) free(m.ops[i]);
    free(m.ops);
    return status;
}

int main(int argc, char **argv)
{
    opts o = {.ruleset = "zhonggong", .movetime = 1000, .student_depth = 5, .ply_cap = 1000,
              .level = 10, .b_caps = -1, .seed = 1};
    char student_path[1024];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-v")) { verbose = true; continue; }
        if (a[0] != '-') { o.mode = a; continue; }
        if (!v) return usage();
        i++;
        if (!strcmp(a, "--games")) o.games = atoi(v);
        else if (!strcmp(a, "--movetime")) o.movetime = atoi(v), o.depth = 0;
        else if (!strcmp(a, "--depth")) o.depth = atoi(v);
        else if (!strcmp(a, "--student")) o.student = v;
        else if (!strcmp(a, "--student-depth")) o.student_depth = atoi(v);
        else if (!strcmp(a, "--seed")) o.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--ruleset")) o.ruleset = v;
        else if (!strcmp(a, "--ply-cap")) o.ply_cap = atoi(v);
        else if (!strcmp(a, "--level")) o.level = atoi(v);
        else if (!strcmp(a, "--b-caps")) o.b_caps = atoi(v);
        else if (!strcmp(a, "--a-config")) o.a_config = v;
        else if (!strcmp(a, "--b-config")) o.b_config = v;
        else if (!strcmp(a, "--opening")) o.opening = v;
        else if (!strcmp(a, "--engine")) o.engine = v;
        else if (!strcmp(a, "--a-engine")) o.a_engine = v;
        else if (!strcmp(a, "--protocol")) o.protocol = v;
        else if (!strcmp(a, "--a-protocol")) o.a_protocol = v;
        else if (!strcmp(a, "--variant")) o.variant = v;
        else if (!strcmp(a, "--openings")) o.openings = v;
        else if (!strcmp(a, "--pgn")) o.pgn = v;
        else if (!strcmp(a, "--nodes")) o.nodes = strtoull(v, NULL, 10), o.depth = 0;
        else if (!strcmp(a, "--threads")) o.threads = atoi(v);
        else if (!strcmp(a, "--hash")) {
            char *end;
            long mb = strtol(v, &end, 10);
            if (end == v || *end || mb < 1 || mb > 4096) {
                fprintf(stderr, "match: --hash must be 1..4096 (MiB), got '%s'\n", v);
                return 2;
            }
            o.hash_mb = (int)mb;
        }
        else if (!strcmp(a, "--a-movetime")) o.a_movetime = atoi(v);
        else if (!strcmp(a, "--tc")) {
            char *end, *e2;
            double base = strtod(v, &end), inc = *end == '+' ? strtod(end + 1, &e2) : -1;
            if (*end != '+' || *e2 || e2 == end + 1 || !(base > 0 && base <= 36000) || !(inc >= 0 && inc <= 600)) {
                fprintf(stderr, "match: --tc wants BASE+INC in seconds (e.g. 10+0.1), got '%s'\n", v);
                return 2;
            }
            o.tc_base_ms = (int)(base * 1000 + 0.5);
            o.tc_inc_ms = (int)(inc * 1000 + 0.5);
            o.depth = 0;
            o.nodes = 0;
        }
        else if (!strcmp(a, "--sprt")) o.sprt = v;
        else if (!strcmp(a, "--draw-adjudicate")) {
            adjud *j = &o.adj;
            char tail;
            if (sscanf(v, "%d,%d,%d%c", &j->draw_ply, &j->draw_moves, &j->draw_cp, &tail) != 3 ||
                j->draw_ply < 0 || j->draw_moves < 1 || j->draw_cp < 0) {
                fprintf(stderr, "match: --draw-adjudicate wants PLY,MOVES,CP (e.g. 80,10,10), got '%s'\n", v);
                return 2;
            }
        }
        else if (!strcmp(a, "--resign-adjudicate")) {
            adjud *j = &o.adj;
            char tail;
            if (sscanf(v, "%d,%d%c", &j->resign_moves, &j->resign_cp, &tail) != 2 ||
                j->resign_moves < 1 || j->resign_cp < 1) {
                fprintf(stderr, "match: --resign-adjudicate wants MOVES,CP (e.g. 4,600), got '%s'\n", v);
                return 2;
            }
        }
        else if (!strcmp(a, "--concurrency")) {
            char *end;
            long c = strtol(v, &end, 10);
            if (end == v || *end || c < 1 || c > MAX_WORKERS) {
                fprintf(stderr, "match: --concurrency must be 1..%d, got '%s'\n", MAX_WORKERS, v);
                return 2;
            }
            o.concurrency = (int)c;
        }
        else if (!strcmp(a, "--option") && o.noptions < MAX_OPTIONS) o.options[o.noptions++] = v;
        else if (!strcmp(a, "--a-option") && o.na_options < MAX_OPTIONS)
            o.a_options[o.na_options++] = v;
        else return usage();
    }
    bool engine = o.mode && !strcmp(o.mode, "engine");
    if (engine && (!o.engine || (o.protocol && strcmp(o.protocol, "uci") && strcmp(o.protocol, "xboard")) ||
                   (o.a_protocol && strcmp(o.a_protocol, "uci") && strcmp(o.a_protocol, "xboard"))))
        return usage();
    if (!o.mode || (strcmp(o.mode, "student") && strcmp(o.mode, "selfplay") && !engine))
        return usage();
    bool selfplay = !strcmp(o.mode, "selfplay");
    if (o.games <= 0) o.games = selfplay ? 100 : 10;
    if (o.seed == 0) o.seed = 1;
    if (!o.student) {
        /* Next to this program. */
        snprintf(student_path, sizeof student_path, "%s", argv[0]);
        char *slash = strrchr(student_path, '/');
        snprintf(slash ? slash + 1 : student_path,
                 sizeof student_path - (size_t)(slash ? slash + 1 - student_path : 0), "student");
        o.student = student_path;
    }
    signal(SIGPIPE, SIG_IGN);

    qp_registry reg;
    char err[QP_ERR];
    qp_registry_open(&reg, argv[0], err, sizeof err);
    int status;
    const qp_ruleset *rs = qp_registry_find(&reg, o.ruleset);
    qp_params prm;
    if (!rs || qp_params_init(&prm, rs->params, err, sizeof err)) {
        fprintf(stderr, "match: unknown ruleset '%s'\n", o.ruleset);
        return 2;
    }
    qp_params prm_b = prm;
    if (apply_config(o.a_config, &prm) || apply_config(o.b_config, &prm_b)) return 2;
    qp_rules *r = qp_rules_create(rs, &prm, err, sizeof err);
    if (!r) {
        fprintf(stderr, "match: %s\n", err);
        return 2;
    }

    if (engine) {
        signal(SIGPIPE, SIG_IGN);
        status = engine_match(r, &o);
        qp_rules_free(r);
        qp_registry_free(&reg);
        return status;
    }
    player a, b;
    qp_rules *rb = NULL;
    init_engine(&a, "qipan", r, &o);
    if (selfplay && (o.b_caps >= 0 || o.a_config || o.b_config)) {
        rb = qp_rules_create(rs, &prm_b, err, sizeof err);
        if (!rb) {
            fprintf(stderr, "match: %s\n", err);
            return 2;
        }
        if (o.b_caps >= 0) rb->caps = (unsigned)o.b_caps;
        init_engine(&b, "qipan-b", rb, &o);
    } else if (selfplay) {
        init_engine(&b, "qipan-2", r, &o);
    } else {
        memset(&b, 0, sizeof b);
        b.name = "student";
        snprintf(b.go, sizeof b.go, "go depth %d", o.student_depth);
        if (spawn(&b, o.student, PROTO_UCI, rs->name, NULL, 0)) return 1;
    }

    uint64_t x = o.seed * 0x9E3779B97F4A7C15ull | 1;
    int wins = 0, draws = 0, losses = 0, capped = 0, forfeits = 0, total_plies = 0;
    int by_side[2] = {0, 0};
    char reasons[16][64];
    int reason_n[16] = {0}, nreasons = 0;
    int64_t t0 = eng_now_ms();
    char opening[1024] = "";
    int budget_s = o.depth ? 600 : (int)(o.ply_cap * (int64_t)(o.movetime + 50) / 1000) + 60;
    if (!selfplay) budget_s += o.ply_cap * 5;
    signal(SIGALRM, on_alarm);
    for (int gi = 0; gi < o.games; gi++) {
        /* Pairs of games share an opening with colours swapped (student
         * games start with the start position itself); plain self-play
         * takes a new random opening every game. */
        bool paired = !selfplay || rb;
        if (o.opening)
            snprintf(opening, sizeof opening, "%s", o.opening);
        else if (!paired)
            random_opening(r, 2 + (int)(rng(&x) % 7), &x, opening, sizeof opening);
        else if (gi % 2 == 0)
            random_opening(r, !selfplay && gi == 0 ? 0 : 2 + (int)(rng(&x) % (selfplay ? 7 : 3)), &x,
                           opening, sizeof opening);
        int qside = paired ? gi % 2 : 0;        /* qipan's colour */
        player *pl[2];
        pl[qside] = &a;
        pl[1 - qside] = &b;
        result res;
        alarm((unsigned)budget_s);
        int bad_opening = play_game(r, pl, opening, o.ply_cap, NULL, NULL, &res);
        alarm(0);
        if (bad_opening) {
            status = 2;
            goto done;
        }
        total_plies += res.plies;
        capped += res.capped;
        forfeits += res.forfeit;
        if (res.winner >= 0) by_side[res.winner]++;
        if (res.winner < 0) draws++;
        else if (res.winner == qside) wins++;
        else losses++;
        int k = 0;
        while (k < nreasons && strcmp(reasons[k], res.reason)) k++;
        if (k == nreasons && nreasons < 16) snprintf(reasons[nreasons++], 64, "%s", res.reason);
        if (k < 16) reason_n[k]++;
        const char *who = res.winner < 0 ? "draw" : qp_side_name(r, res.winner);
        if (selfplay) {
            if (verbose || (gi + 1) % 100 == 0)
                printf("game %d: %s (%s) in %d plies; opening '%s'\n", gi + 1, who, res.reason,
                       res.plies, opening);
        } else {
            printf("game %d: qipan %s, opening '%s': %s%s (%s) in %d plies\n", gi + 1,
                   qp_side_name(r, qside), opening, who, res.winner < 0 ? "" : " wins", res.reason,
                   res.plies);
        }
        fflush(stdout);
        free(res.moves);
        free(res.notes);
    }
    int64_t dt = eng_now_ms() - t0;
    printf("results by reason:");
    for (int k = 0; k < nreasons; k++) printf(" %s %d;", reasons[k], reason_n[k]);
    printf("\n");
    if (rb) {
        printf("A (caps %u%s%s) vs B (caps %u%s%s): +%d =%d -%d, score %.1f%% for A\n", r->caps,
               o.a_config ? ", " : "", o.a_config ? o.a_config : "", rb->caps, o.b_config ? ", " : "",
               o.b_config ? o.b_config : "", wins, draws, losses, (wins + 0.5 * draws) / o.games * 100.0);
    }
    if (selfplay) {
        printf("selfplay: %d games, %s wins %d, %s wins %d, draws %d; forfeits (illegal/no move) %d, "
               "ply cap %d; avg %.1f plies; longest move %lld ms; %.1f s\n",
               o.games, qp_side_name(r, 0), by_side[0], qp_side_name(r, 1), by_side[1], draws,
               forfeits, capped, (double)total_plies / o.games, (long long)a.max_ms, dt / 1000.0);
    } else {
        double score = (wins + 0.5 * draws) / o.games * 100.0;
        printf("qipan vs student (depth %d): +%d =%d -%d, score %.1f%% of %d games; forfeits %d, "
               "ply cap %d; longest move qipan %lld ms, student %lld ms; %.1f s\n",
               o.student_depth, wins, draws, losses, score, o.games, forfeits, capped,
               (long long)a.max_ms, (long long)b.max_ms, dt / 1000.0);
    }
    status = forfeits || capped ? 1 : 0;
done:
    close_player(&a);
    close_player(&b);
    if (rb) qp_rules_free(rb);
    qp_rules_free(r);
    qp_registry_free(&reg);
    return status;
}
