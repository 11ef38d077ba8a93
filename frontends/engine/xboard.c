/*
 * xboard.c — `qipan xboard`: the XBoard/WinBoard protocol (CECP v2).
 *
 * The games qipan and XBoard share are offered as XBoard names them
 * (xb_variants: xiangqi, and normal for chess), and `new` starts XBoard's
 * default, normal chess, as the protocol has it (xiangqi when qipan has
 * no chess); `variant NAME` also takes any other qipan ruleset by its own
 * name, for programs that drive qipan directly.  It speaks XBoard's
 * Xiangqi conventions: ranks counted from 0 on a board of ten ranks
 * (a0..i9, as in ICCS), and in setboard's FEN the horse and elephant
 * written H and E (qipan's N and B are read too).
 *
 * The game goes on as long as the position has moves: an end by the
 * history (repetition, the no-capture count) is the GUI's to judge, as
 * its rules for them may not be qipan's.  When the side to move has no
 * move, the engine says the result (a win, or a stalemate draw), which
 * XBoard checks.
 *
 * The protocol is read line by line on the main thread.  A search runs on
 * a thread of its own (qp_ai_start) and a waiter thread plays and writes
 * its move; when pondering is on (`hard`), the waiter then searches the
 * position with the opponent to move, filling the hash table until the
 * opponent's move comes.  Every command that changes the game first
 * cancels the search (cancel_search: the cancelled search's move is
 * dropped) and joins its thread, so the game is never changed while a
 * search reads it.  `?` only stops the search: its move is played.  A
 * ping that comes while the engine thinks is answered after its move.
 *
 * Moves received are checked: an illegal one, or one after the end of
 * the game, is answered `Illegal move: MOVE` and changes nothing.  Other
 * bad input is answered `Error (WHY): TEXT`; it never ends the session.
 */
#include "app.h"
#include "ai.h"
#include "engine_io.h"
#include "search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define XB_MAX_LINE ((size_t)1 << 16)
#define XB_MATE 100000            /* XBoard's mate score: 100000 + moves */
#define XB_DEFAULT_MS 5000        /* per move when no time control came */

enum { XB_IDLE, XB_THINK, XB_PONDER, XB_ANALYZE };

/* The games qipan and XBoard share: XBoard's name, qipan's. */
static const char *const xb_variants[][2] = {{"normal", "chess"}, {"xiangqi", "xiangqi"}};
#define XB_NVARIANTS (sizeof xb_variants / sizeof xb_variants[0])

typedef struct xb {
    qp_app *app;
    qp_rules *r;
    qp_game g;
    qp_ai *s;
    size_t hash_mb;

    bool force;                 /* play no move, only follow the game */
    int engine_side;            /* the side the engine plays, -1: none */
    bool post, hard;
    int sd;                     /* depth limit, 0: none */
    int st_ms;                  /* fixed time per move, 0: none */
    int mps;                    /* moves per time control, 0: all */
    long long base_ms, inc_ms;  /* level */
    const char *start;          /* the qipan ruleset of `new` */
    bool set_up;                /* the game started from a setboard */
    qp_rules *spare_r;          /* the game before, kept for a switch back */
    qp_ai *spare_s;             /* (both NULL, or both set) */
    long long my_ms, opp_ms;    /* time/otim, -1: not told */

    pthread_t th;               /* the waiter */
    bool th_live;
    pthread_mutex_t mu;         /* guards the fields below, g while a
                                 * search runs and the order of output */
    int mode;                   /* XB_*: what the running search is for */
    bool cancel;                /* the running search's result is dropped */
    qp_search_info last;        /* its last iteration, for `.` */
    char pong[32];              /* a ping that came while the engine
                                 * thought: answered after its move */
} xb;

/* ---- moves in XBoard's coordinates ------------------------------------- */

/* XBoard counts ranks from 0 on boards of ten ranks or more. */
static int rank_delta(const xb *x) { return x->r->geom.h >= 10 ? 1 : 0; }

static void move_out(const xb *x, const char *t, char *out, size_t n)
{
    eng_shift_ranks(t, out, n, -rank_delta(x));
    eng_clean(out, true);
}

/* Whether the position is decided by its own rules (no move to play);
 * *o says how.  The history's ends are not looked at: they are XBoard's. */
static bool position_over(const xb *x, qp_outcome *o)
{
    o->result = QP_ONGOING;
    o->winner = -1;
    o->reason = "";
    x->r->rs->outcome(x->r, x->g.cur, o);
    return o->result != QP_ONGOING;
}

/* The move XBoard wrote as qipan's text, or -1 when it is no legal move
 * of the current position (a decided position has none). */
static int move_in(const xb *x, const char *t, qp_move *m)
{
    char mt[QP_MOVE_TEXT * 2], err[QP_ERR];
    eng_shift_ranks(t, mt, sizeof mt, rank_delta(x));
    qp_outcome o;
    if (position_over(x, &o)) return -1;
    return x->r->rs->move_parse(x->r, x->g.cur, mt, m, err, sizeof err) ? -1 : 0;
}

/* When the position is decided, says the result XBoard can check: a win
 * (the side to move has no move), or a stalemate draw; other draws of a
 * position (not enough material) are left to XBoard's own rules. */
static void claim_result(const xb *x)
{
    qp_outcome o;
    if (!position_over(x, &o) || x->r->nsides != 2) return;
    if (o.result == QP_WIN && (o.winner == 0 || o.winner == 1))
        eng_say("%s {%s}", o.winner == 0 ? "1-0" : "0-1", o.reason);
    else if (o.result == QP_DRAW && strstr(o.reason, "stalemate"))
        eng_say("1/2-1/2 {%s}", o.reason);
}

/* ---- the search --------------------------------------------------------- */

/* "DEPTH SCORE TIME NODES PV": score in centipawns of the side to move,
 * mates as +-(100000 + moves), time in centiseconds. */
static void on_info(const qp_search_info *info, void *ud)
{
    xb *x = ud;
    char line[4096], pv[4096] = "";
    qp_search_info_text(x->r, x->g.cur, info, line, sizeof line);
    const char *p = strstr(line, " pv ");
    if (p) {
        size_t k = 0;
        eng_words c = {(char *)p + 4};
        for (char *w = eng_word(&c); w && k < sizeof pv; w = eng_word(&c)) {
            char m[QP_MOVE_TEXT * 2];
            move_out(x, w, m, sizeof m);
            k += (size_t)snprintf(pv + k, sizeof pv - k, "%s%s", k ? " " : "", m);
        }
    }
    int score = info->score;
    if (qp_score_is_mate(score)) {
        int moves = (qp_score_mate_plies(score) + 1) / 2;
        score = score > 0 ? XB_MATE + moves : -XB_MATE - moves;
    }
    pthread_mutex_lock(&x->mu);
    x->last = *info;
    if (!x->cancel && x->mode != XB_PONDER && (x->post || x->mode == XB_ANALYZE))
        eng_say("%d %d %d %llu %s", info->depth, score, info->time_ms / 10,
                (unsigned long long)info->nodes, pv);
    pthread_mutex_unlock(&x->mu);
}

/* The limits of a move of the engine: sd, then st, then the clock. */
static qp_search_limits think_limits(const xb *x)
{
    qp_search_limits lim = {0};
    lim.depth = x->sd;
    if (x->st_ms > 0) {
        lim.movetime_ms = x->st_ms;
        return lim;
    }
    long long mine = x->my_ms >= 0 ? x->my_ms : x->base_ms;
    long long theirs = x->opp_ms >= 0 ? x->opp_ms : x->base_ms;
    if (mine <= 0) {
        if (!x->sd) lim.movetime_ms = XB_DEFAULT_MS;
        return lim;
    }
    int side = qp_game_to_move(&x->g);
    if (mine > 1000000000LL) mine = 1000000000LL;
    if (theirs > 1000000000LL) theirs = 1000000000LL;
    *(side == 1 ? &lim.btime : &lim.wtime) = (int)(mine > 0 ? mine : 1);
    *(side == 1 ? &lim.wtime : &lim.btime) = (int)(theirs > 0 ? theirs : 1);
    lim.winc = lim.binc = (int)(x->inc_ms < 1000000000LL ? x->inc_ms : 1000000000LL);
    if (x->mps > 0) lim.movestogo = x->mps - (x->g.cursor / 2) % x->mps;
    return lim;
}

static int start_search(xb *x, int mode);

/* Waits for the search; after a move of the engine, plays it, writes it
 * and, when pondering, searches on with the opponent to move. */
static void *waiter_main(void *arg)
{
    xb *x = arg;
    for (;;) {
        qp_search_info info;
        qp_move m = qp_ai_wait(x->s, &info);
        pthread_mutex_lock(&x->mu);
        bool more = false;
        if (!x->cancel && x->mode == XB_THINK && m != QP_MOVE_NONE) {
            char t[QP_MOVE_TEXT], out[QP_MOVE_TEXT * 2];
            x->r->rs->move_text(x->r, x->g.cur, m, t, sizeof t);
            qp_game_play(&x->g, m);
            move_out(x, t, out, sizeof out);
            eng_say("move %s", out);
            claim_result(x);
            qp_outcome o;
            /* cancel is checked under mu: a cancel that came before this
             * search started sees it stopped by its qp_ai_stop */
            more = x->hard && !position_over(x, &o) && start_search(x, XB_PONDER) == 0;
        }
        if (x->pong[0]) eng_say("pong %s", x->pong);
        x->pong[0] = 0;
        if (!more) x->mode = XB_IDLE;
        pthread_mutex_unlock(&x->mu);
        if (!more) break;
    }
    return NULL;
}

/* Starts a search of the current position (mu held, or no thread). */
static int start_search(xb *x, int mode)
{
    qp_search_limits lim = {0};
    if (mode == XB_THINK) lim = think_limits(x);
    lim.level = 10;
    lim.seed = (uint64_t)time(NULL);
    x->mode = mode;
    x->cancel = false;
    memset(&x->last, 0, sizeof x->last);
    if (qp_ai_start(x->s, &x->g, &lim, on_info, x) != 0) {
        x->mode = XB_IDLE;
        eng_say("Error (cannot start the search): %s", mode == XB_ANALYZE ? "analyze" : "go");
        return -1;
    }
    return 0;
}

/* Drops the running search's result and joins its thread. */
static void cancel_search(xb *x)
{
    if (!x->th_live) return;
    pthread_mutex_lock(&x->mu);
    x->cancel = true;
    pthread_mutex_unlock(&x->mu);
    qp_ai_stop(x->s);
    pthread_join(x->th, NULL);
    x->th_live = false;
    x->mode = XB_IDLE;
}

/* Starts a search and its waiter (no thread running). */
static void launch(xb *x, int mode)
{
    if (start_search(x, mode)) return;
    if (pthread_create(&x->th, NULL, waiter_main, x) != 0) {
        qp_ai_stop(x->s);
        waiter_main(x);
        return;
    }
    x->th_live = true;
}

/* The engine moves when it is its turn and the game goes on. */
static void maybe_think(xb *x)
{
    if (x->force || x->engine_side != qp_game_to_move(&x->g)) return;
    qp_outcome o;
    if (position_over(x, &o)) {
        claim_result(x);
        return;
    }
    launch(x, XB_THINK);
}

/* After the game changed: analysis goes on from the new position, or the
 * engine moves if it is its turn. */
static void resume(xb *x, bool analyzing)
{
    if (analyzing) launch(x, XB_ANALYZE);
    else maybe_think(x);
}

/* ---- commands ----------------------------------------------------------- */

/* Sets up the game name (a qipan ruleset) from fen (NULL: its start),
 * with a cleared search.  The rules and table of the current game, or of
 * the one before it (kept as spare), serve again when they are that
 * game's: XBoard names the variant after every `new` (which is chess)
 * and often sends a position, and a new table costs a fifth of a second.
 * -1, nothing changed, when the game is unknown or fen is none of its
 * positions. */
static int open_game(xb *x, const char *name, const char *fen)
{
    char err[QP_ERR];
    enum { CURRENT, SPARE, NEW } from;
    qp_rules *r;
    qp_ai *s = NULL;
    if (x->r && !strcmp(x->r->rs->name, name)) {
        from = CURRENT;
        r = x->r;
    } else if (x->spare_r && !strcmp(x->spare_r->rs->name, name)) {
        from = SPARE;
        r = x->spare_r;
    } else {
        from = NEW;
        r = qp_registry_find(&x->app->reg, name) ? qp_app_open_rules(x->app, name, NULL) : NULL;
        if (!r) return -1;
    }
    qp_game g;
    if (qp_game_init(&g, r, fen, err, sizeof err)) {
        if (from == NEW) qp_rules_free(r);
        return -1;
    }
    if (from == NEW && !(s = qp_ai_new(r, QP_AI_DEFAULT, x->hash_mb))) {
        eng_say("Error (out of memory): a %zu MiB hash", x->hash_mb);
        qp_game_free(&g);
        qp_rules_free(r);
        return -1;
    }
    if (x->r) qp_game_free(&x->g);
    if (from != CURRENT) {
        qp_rules *old_r = x->r;
        qp_ai *old_s = x->s;
        if (from == SPARE) {
            s = x->spare_s;
        } else if (x->spare_r) {
            qp_ai_free(x->spare_s);
            qp_rules_free(x->spare_r);
        }
        x->r = r;
        x->s = s;
        x->spare_r = old_r;
        x->spare_s = old_s;
    }
    if (from != NEW) qp_ai_clear(x->s);
    x->g = g;
    x->set_up = fen != NULL;
    return 0;
}

/* XBoard's Xiangqi FEN letters (H horse, E elephant) as qipan's (N, B),
 * in the board field only. */
static void fen_in(const xb *x, const char *in, char *out, size_t n)
{
    bool xq = x->r->geom.h >= 9 && (!strcmp(x->r->rs->name, "xiangqi") || !strcmp(x->r->rs->name, "zhonggong"));
    size_t k = 0;
    bool board = true;
    for (const char *p = in; *p && k + 1 < n; p++) {
        char c = *p;
        if (c == ' ') board = false;
        if (board && xq) {
            if (c == 'h') c = 'n';
            else if (c == 'H') c = 'N';
            else if (c == 'e') c = 'b';
            else if (c == 'E') c = 'B';
        }
        out[k++] = c;
    }
    out[k] = 0;
}

/* level MPS BASE INC: BASE in minutes or MIN:SEC, INC in seconds. */
static void cmd_level(xb *x, char **tok, int n)
{
    long long mps, inc, min, sec = 0;
    char *colon = n == 4 ? strchr(tok[2], ':') : NULL;
    if (colon) *colon = 0;
    if (n != 4 || !eng_parse_int(tok[1], &mps) || !eng_parse_int(tok[2], &min) ||
        (colon && !eng_parse_int(colon + 1, &sec)) || mps < 0 || min < 0 || sec < 0) {
        if (colon) *colon = ':';
        eng_say("Error (usage: level MPS BASE INC): %s", n > 1 ? tok[1] : "level");
        return;
    }
    /* INC may have a fraction (XBoard writes 0.1): up to milliseconds */
    char *dot = strchr(tok[3], '.');
    long long frac_ms = 0;
    if (dot) {
        *dot = 0;
        int digits = 0;
        for (const char *d = dot + 1; *d; d++, digits++) {
            if (*d < '0' || *d > '9') digits = 99;
            else if (digits < 3) frac_ms += (*d - '0') * (digits == 0 ? 100 : digits == 1 ? 10 : 1);
        }
        if (digits > 9) frac_ms = -1;
    }
    if (!eng_parse_int(tok[3], &inc) || inc < 0 || frac_ms < 0) {
        if (dot) *dot = '.';
        eng_say("Error (usage: level MPS BASE INC): %s", tok[3]);
        return;
    }
    x->mps = mps > 100000 ? 100000 : (int)mps;
    x->base_ms = (min > 1000000 ? 1000000 : min) * 60000 + (sec > 1000000 ? 1000000 : sec) * 1000;
    x->inc_ms = (inc > 1000000 ? 1000000 : inc) * 1000 + frac_ms;
    x->st_ms = 0;
}

static bool number_arg(char **tok, int n, long long lo, long long hi, long long *v)
{
    if (n != 2 || !eng_parse_int(tok[1], v)) {
        eng_say("Error (needs a whole number): %s", tok[0]);
        return false;
    }
    *v = *v < lo ? lo : *v > hi ? hi : *v;
    return true;
}

/* Writes the analysis status for `.`: time (cs), nodes, depth. */
static void xb_status(xb *x)
{
    pthread_mutex_lock(&x->mu);
    if (x->mode == XB_ANALYZE)
        eng_say("stat01: %d %llu %d 0 0", x->last.time_ms / 10, (unsigned long long)x->last.nodes,
                x->last.depth);
    pthread_mutex_unlock(&x->mu);
}

int cmd_xboard(qp_app *app, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    xb x;
    memset(&x, 0, sizeof x);
    x.app = app;
    x.engine_side = 1;
    x.my_ms = x.opp_ms = -1;
    pthread_mutex_init(&x.mu, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);

    /* `variants`: the shared games this qipan has, in XBoard's names */
    char variants[256] = "";
    for (size_t i = 0; i < XB_NVARIANTS; i++) {
        if (!qp_registry_find(&app->reg, xb_variants[i][1])) continue;
        size_t k = strlen(variants);
        snprintf(variants + k, sizeof variants - k, "%s%s", k ? "," : "", xb_variants[i][0]);
    }
    x.start = qp_registry_find(&app->reg, "chess") ? "chess" : "xiangqi";
    qp_rules *r = qp_app_open_rules(app, x.start, NULL);
    if (!r) return 1;
    long long mb = qp_param_int(&r->params, "ai.hash_mb");
    x.hash_mb = mb > 0 ? (size_t)mb : 64;
    qp_rules_free(r);
    if (open_game(&x, x.start, NULL)) return 1;

    char **tok = NULL, *line = NULL;
    int tok_cap = 0;
    size_t cap = 0;
    long len;
    bool quit = false, analyzing = false;
    while (!quit && (len = eng_read_line(stdin, &line, &cap, XB_MAX_LINE)) != -1) {
        if (len == -2 || len == -3) {
            eng_say("Error (%s): line ignored", len == -2 ? "line too long" : "NUL byte");
            continue;
        }
        int n = 0;
        eng_words c = {line};
        for (char *w = eng_word(&c); w; w = eng_word(&c)) {
            if (n == tok_cap) {
                int nc = tok_cap ? tok_cap * 2 : 32;
                char **nt = realloc(tok, sizeof *nt * (size_t)nc);
                if (!nt) break;
                tok = nt;
                tok_cap = nc;
            }
            tok[n++] = w;
        }
        if (n == 0) continue;
        const char *cmd = tok[0];
        if (!strcmp(cmd, "xboard") || !strcmp(cmd, "accepted") || !strcmp(cmd, "rejected") ||
            !strcmp(cmd, "random") || !strcmp(cmd, "computer") || !strcmp(cmd, "name") ||
            !strcmp(cmd, "ics") || !strcmp(cmd, "hint") || !strcmp(cmd, "bk") ||
            !strcmp(cmd, "draw") || !strcmp(cmd, "nps") || !strcmp(cmd, "cores") ||
            !strcmp(cmd, "memory") || !strcmp(cmd, "white") || !strcmp(cmd, "black")) {
            /* nothing to do: qipan accepts no draw offer, has no book */
        } else if (!strcmp(cmd, "protover")) {
            eng_say("feature done=0");
            eng_say("feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 san=0 analyze=1 "
                    "colors=0 reuse=1 myname=\"qipan 0.1\" variants=\"%s\"", variants);
            eng_say("feature done=1");
        } else if (!strcmp(cmd, "quit")) {
            quit = true;
        } else if (!strcmp(cmd, "ping")) {
            /* pong says every command before it is done: a move being
             * thought about is, once it is out */
            pthread_mutex_lock(&x.mu);
            if (x.th_live && x.mode == XB_THINK) snprintf(x.pong, sizeof x.pong, "%s", n > 1 ? tok[1] : "");
            else eng_say("pong %s", n > 1 ? tok[1] : "");
            pthread_mutex_unlock(&x.mu);
        } else if (!strcmp(cmd, "new")) {
            cancel_search(&x);
            analyzing = false;
            open_game(&x, x.start, NULL);
            x.force = false;
            x.engine_side = 1;
            x.sd = 0;
            x.my_ms = x.opp_ms = -1;
        } else if (!strcmp(cmd, "variant")) {
            cancel_search(&x);
            const char *name = n == 2 ? tok[1] : "";
            for (size_t i = 0; i < XB_NVARIANTS; i++)
                if (!strcmp(name, xb_variants[i][0])) name = xb_variants[i][1];
            if (open_game(&x, name, NULL)) eng_say("Error (unknown variant): %s", n > 1 ? tok[1] : "");
            resume(&x, analyzing);
        } else if (!strcmp(cmd, "setboard")) {
            cancel_search(&x);
            char fen[1024] = "", conv[1024];
            for (int i = 1; i < n; i++) {
                size_t k = strlen(fen);
                snprintf(fen + k, sizeof fen - k, "%s%s", k ? " " : "", tok[i]);
            }
            fen_in(&x, fen, conv, sizeof conv);
            if (open_game(&x, x.r->rs->name, conv)) eng_say("tellusererror Illegal position: %s", fen);
            resume(&x, analyzing);
        } else if (!strcmp(cmd, "force")) {
            cancel_search(&x);
            x.force = true;
        } else if (!strcmp(cmd, "go")) {
            cancel_search(&x);
            x.force = false;
            x.engine_side = qp_game_to_move(&x.g);
            maybe_think(&x);
        } else if (!strcmp(cmd, "playother")) {
            cancel_search(&x);
            x.force = false;
            x.engine_side = 1 - qp_game_to_move(&x.g);
            if (x.hard) launch(&x, XB_PONDER);
        } else if (!strcmp(cmd, "usermove") || (n == 1 && strlen(cmd) >= 4 && cmd[0] >= 'a' &&
                                                 cmd[0] <= 'z' && cmd[1] >= '0' && cmd[1] <= '9')) {
            const char *mv = !strcmp(cmd, "usermove") ? (n > 1 ? tok[1] : "") : cmd;
            cancel_search(&x);
            qp_move m;
            if (move_in(&x, mv, &m)) {
                eng_say("Illegal move: %s", mv);
                resume(&x, analyzing);
                continue;
            }
            qp_game_play(&x.g, m);
            resume(&x, analyzing);
        } else if (!strcmp(cmd, "?")) {
            if (x.th_live && x.mode == XB_THINK) qp_ai_stop(x.s);
        } else if (!strcmp(cmd, "undo") || !strcmp(cmd, "remove")) {
            cancel_search(&x);
            int k = !strcmp(cmd, "undo") ? 1 : 2;
            for (int i = 0; i < k; i++)
                if (!qp_game_undo(&x.g)) eng_say("Error (no move to take back): %s", cmd);
            if (analyzing) launch(&x, XB_ANALYZE);
        } else if (!strcmp(cmd, "result")) {
            cancel_search(&x);
            x.force = true;
        } else if (!strcmp(cmd, "hard") || !strcmp(cmd, "easy")) {
            pthread_mutex_lock(&x.mu);
            x.hard = cmd[0] == 'h';
            bool pondering = x.mode == XB_PONDER;
            pthread_mutex_unlock(&x.mu);
            if (pondering && !x.hard) cancel_search(&x);
        } else if (!strcmp(cmd, "post") || !strcmp(cmd, "nopost")) {
            pthread_mutex_lock(&x.mu);
            x.post = cmd[0] == 'p';
            pthread_mutex_unlock(&x.mu);
        } else if (!strcmp(cmd, "analyze")) {
            cancel_search(&x);
            analyzing = true;
            launch(&x, XB_ANALYZE);
        } else if (!strcmp(cmd, "exit")) {
            cancel_search(&x);
            analyzing = false;
        } else if (!strcmp(cmd, ".")) {
            xb_status(&x);
        } else if (!strcmp(cmd, "level")) {
            cmd_level(&x, tok, n);
        } else if (!strcmp(cmd, "st")) {
            long long v;
            if (number_arg(tok, n, 1, 1000000, &v)) x.st_ms = (int)v * 1000;
        } else if (!strcmp(cmd, "sd")) {
            long long v;
            if (number_arg(tok, n, 1, QP_MAX_PLY - 8, &v)) x.sd = (int)v;
        } else if (!strcmp(cmd, "time") || !strcmp(cmd, "otim")) {
            long long v;
            if (number_arg(tok, n, 0, 100000000, &v)) *(cmd[0] == 't' ? &x.my_ms : &x.opp_ms) = v * 10;
        } else {
            eng_say("Error (unknown command): %s", cmd);
        }
    }
    cancel_search(&x);
    free(line);
    free(tok);
    qp_ai_free(x.s);
    qp_game_free(&x.g);
    qp_rules_free(x.r);
    if (x.spare_r) {
        qp_ai_free(x.spare_s);
        qp_rules_free(x.spare_r);
    }
    pthread_mutex_destroy(&x.mu);
    return 0;
}
