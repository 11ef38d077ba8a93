/*
 * texel.c — Texel-style tuning of a ruleset's eval.* weights on labelled
 * positions.
 *
 *   texel gen  --out FILE [--games N] [--nodes N] [--random-plies R] [--seed S]
 *   texel pgn  --out FILE [--skip P] [--scores PLAYER] GAMES.pgn...
 *   texel tune FILE... [--params eval.a,eval.b] [--rounds N] [--max N] [--step-div D]
 *   texel label --engine "CMD ARGS" [--variant V] [--depth D | --nodes N]
 *               [--option NAME=VALUE]... --out FILE DATA...
 *   common:    [--ruleset NAME] [--config FILE.lua]
 *
 * gen plays qipan against itself (node-limited searches, R random plies
 * first for variety) and appends the game's quiet positions, each labelled
 * with the game's result.  pgn does the same for finished games of a PGN
 * file (e.g. `match --pgn` against another engine), skipping the first P
 * plies (the opening).  With --scores, pgn labels positions instead with
 * the score in the comment of the move played from them, as match writes
 * it ({+0.35/14 0.998s}: pawns from the mover's view), when the mover is
 * PLAYER (its White or Black tag; '*': either): "FEN<TAB>S" lines, S in
 * centipawns from the side to move's view, as label writes them; mate
 * scores and |S| >= LABEL_CP_MAX are skipped.  A position is quiet when
 * the side to move is not in check and its static score equals its
 * quiescence score: no capture is pending, so the static score is what
 * the weights must explain.
 *
 * Position file: one position a line, "FEN ; R", R the score of side 0
 * (Red, the side that starts) in that game: 1, 0.5 or 0.  '#' lines are
 * comments.  Files from gen, pgn or elsewhere can be concatenated.
 *
 * tune fits K of the loss (tools/texel/fit.h) for the current weights,
 * then descends over the eval.* integer weights (all, or --params; first
 * steps |w| / D, default 8), and
 * prints the weights as a Lua snippet for the ruleset's configuration.
 * Every tenth position is held out and its loss reported before and
 * after, to show whether the fit generalises.  --config gives the
 * starting weights (default: the ruleset's defaults).
 *
 * label has a UCI engine (tools/engine; UCI_Variant --variant, else the
 * ruleset's name, as match sets it) search each position of DATA (the
 * lines above, bare FENs or "FEN<TAB>..." lines) to a fixed depth or node
 * count, and appends "FEN<TAB>S" to FILE, S the last exact score before
 * bestmove in centipawns from the side to move's view: the labels
 * xq_fit reads.  Mate scores, |S| >= LABEL_CP_MAX and positions without a
 * score are skipped (a fit of a static eval learns nothing from them);
 * FENs the ruleset refuses are reported as FILE:LINE and skipped (the
 * engine would answer for some other position).  One engine serves all
 * positions with its table kept: clearing it for each would cost more
 * than the labels gain.  An engine that dies or gives no bestmove within
 * LABEL_TIMEOUT_MS ends the run with the line it was at; FILE keeps the
 * labels written so far (each line is flushed).
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "config.h"
#include "engine.h"
#include "fileio.h"
#include "fit.h"
#include "game.h"
#include "pgn.h"
#include "quiet.h"
#include "registry.h"
#include "search.h"

#define MAX_TUNED 64
#define PLY_CAP 400
#define FEN_MAX 512
#define MAX_OPTIONS 16
#define LABEL_TIMEOUT_MS 60000
#define LABEL_CP_MAX 2000

typedef struct opts {
    const char *mode, *out, *ruleset, *config, *plist;
    int games, random_plies, skip, rounds, max, step_div;
    uint64_t nodes, seed;
    const char *files[64];
    int nfiles;
    /* label */
    const char *engine, *variant;
    const char *scores;    /* pgn --scores PLAYER */
    int depth;
    bool nodes_given;      /* --nodes on the command line (gen has a default) */
    const char *options[MAX_OPTIONS];
    int noptions;
} opts;

static uint64_t rng(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Candidate positions of one game, written once its result is known. */
typedef struct fenlist {
    char (*fen)[FEN_MAX];
    int n, cap;
} fenlist;

static int fenlist_add(fenlist *l, const qp_rules *r, const void *s)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 256;
        void *p = realloc(l->fen, (size_t)cap * sizeof *l->fen);
        if (!p) return -1;
        l->fen = p;
        l->cap = cap;
    }
    r->rs->fen_print(r, s, l->fen[l->n++], FEN_MAX);
    return 0;
}

static int fenlist_write(FILE *f, const fenlist *l, double result)
{
    for (int i = 0; i < l->n; i++)
        if (fprintf(f, "%s ; %g\n", l->fen[i], result) < 0) return -1;
    return fflush(f);
}

/* ---- gen: self-play ------------------------------------------------------ */

static int gen_mode(const qp_rules *r, const opts *o, FILE *out)
{
    qp_search *srch = qp_search_new(r, 16);
    void *buf = malloc(texel_quiet_scratch(r));
    if (!srch || !buf) {
        fprintf(stderr, "texel: out of memory\n");
        return 1;
    }
    qp_search_limits lim = {0};
    lim.nodes = o->nodes;
    lim.level = 10;
    uint64_t x = o->seed * 0x9E3779B97F4A7C15ull | 1;
    fenlist fl = {0};
    long kept = 0;
    int res_n[3] = {0, 0, 0};
    time_t t0 = time(NULL);
    for (int gi = 0; gi < o->games; gi++) {
        qp_game g;
        char err[QP_ERR];
        if (qp_game_init(&g, r, NULL, err, sizeof err)) {
            fprintf(stderr, "texel: %s\n", err);
            return 1;
        }
        qp_search_clear(srch);
        fl.n = 0;
        int nrand = o->random_plies ? 1 + (int)(rng(&x) % (uint64_t)o->random_plies) : 0;
        double result = 0.5;
        for (;;) {
            qp_outcome oc;
            qp_game_outcome(&g, &oc);
            if (oc.result == QP_WIN) result = oc.winner == 0 ? 1.0 : 0.0;
            if (oc.result != QP_ONGOING || g.cursor >= PLY_CAP) break;
            qp_move m;
            if (g.cursor < nrand) {
                qp_move mv[QP_MAX_MOVES];
                int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
                if (n == 0) break;
                m = mv[rng(&x) % (uint64_t)n];
            } else {
                if (texel_is_quiet(r, g.cur, buf) && fenlist_add(&fl, r, g.cur)) {
                    fprintf(stderr, "texel: out of memory\n");
                    return 1;
                }
                m = qp_search_run(srch, &g, &lim, NULL, NULL, NULL);
                if (m == QP_MOVE_NONE || !qp_move_is_legal(r, g.cur, m)) {
                    fprintf(stderr, "texel: the search returned no legal move; game dropped\n");
                    fl.n = 0;
                    break;
                }
            }
            qp_game_play(&g, m);
        }
        qp_game_free(&g);
        if (fenlist_write(out, &fl, result)) {
            fprintf(stderr, "texel: cannot write %s\n", o->out);
            return 1;
        }
        kept += fl.n;
        res_n[result == 1.0 ? 0 : result == 0.0 ? 2 : 1]++;
        if ((gi + 1) % 50 == 0 || gi + 1 == o->games) {
            fprintf(stderr, "gen: %d games (red %d, draws %d, black %d), %ld positions, %lds\n",
                    gi + 1, res_n[0], res_n[1], res_n[2], kept, (long)(time(NULL) - t0));
        }
    }
    free(fl.fen);
    free(buf);
    qp_search_free(srch);
    return 0;
}

/* ---- pgn: positions of finished games ------------------------------------ */

/* The centipawns of a match move note ("+0.35/14 0.998s", "-1.20 ...");
 * false for mates ("+M3/...") and anything else. */
static bool note_cp(const char *note, int *cp)
{
    if (!note || (note[0] != '+' && note[0] != '-') || note[1] == 'M') return false;
    char *end;
    double v = strtod(note, &end);
    if (end == note || (*end != '/' && *end != ' ' && *end != 0) || !(fabs(v) < 1e6)) return false;
    *cp = (int)lround(v * 100.0);
    return true;
}

/* --scores: whether the move from position i of p is PLAYER's and its
 * comment holds a centipawn score (*cp) within LABEL_CP_MAX. */
static bool move_score(const opts *o, const qp_pgn *p, int i, int side, int *cp)
{
    const char *tag = side == 0 ? "White" : side == 1 ? "Black" : NULL;
    const qp_pgn_tag *who = tag ? qp_pgn_find(p, tag) : NULL;
    bool mine = !strcmp(o->scores, "*") || (who && !strcmp(who->val, o->scores));
    return mine && note_cp(p->moves[i].comment, cp) && abs(*cp) < LABEL_CP_MAX;
}

/* One game's text: its positions after the first o->skip plies. */
static int pgn_game(const qp_rules *r, const opts *o, const char *text, size_t len, FILE *out,
                    void *buf, fenlist *fl, long *kept)
{
    qp_pgn p;
    char err[QP_ERR];
    qp_pgn_init(&p);
    if (qp_pgn_read(&p, text, len, err, sizeof err)) {
        fprintf(stderr, "texel: pgn: %s (game skipped)\n", err);
        qp_pgn_free(&p);
        return 0;
    }
    const qp_pgn_tag *res = qp_pgn_find(&p, "Result"), *fen = qp_pgn_find(&p, "FEN");
    double result = -1;
    if (res && !strcmp(res->val, "1-0")) result = 1.0;
    else if (res && !strcmp(res->val, "0-1")) result = 0.0;
    else if (res && !strcmp(res->val, "1/2-1/2")) result = 0.5;
    qp_game g;
    if ((result < 0 && !o->scores) || qp_game_init(&g, r, fen ? fen->val : NULL, err, sizeof err)) {
        qp_pgn_free(&p);
        return 0;   /* unfinished game or foreign start: nothing to learn */
    }
    fl->n = 0;
    int status = 0;
    for (int i = 0; i <= p.nmoves && !status; i++) {
        /* With --scores a position is written at once (no result needed). */
        int cp = 0;
        bool want = i >= o->skip &&
                    (!o->scores || (i < p.nmoves && move_score(o, &p, i, qp_game_to_move(&g), &cp)));
        if (want && texel_is_quiet(r, g.cur, buf)) {
            if (!o->scores) {
                status = fenlist_add(fl, r, g.cur);
            } else {
                char fenbuf[FEN_MAX];
                r->rs->fen_print(r, g.cur, fenbuf, sizeof fenbuf);
                status = fprintf(out, "%s\t%d\n", fenbuf, cp) < 0 ? -1 : 0;
                (*kept)++;
            }
        }
        if (i == p.nmoves) break;
        if (qp_game_play_text(&g, p.moves[i].text, err, sizeof err)) {
            fprintf(stderr, "texel: pgn: move %d '%s': %s (rest of the game skipped)\n", i + 1,
                    p.moves[i].text, err);
            break;
        }
    }
    qp_game_free(&g);
    qp_pgn_free(&p);
    if (status) return -1;
    if (o->scores) return fflush(out);
    *kept += fl->n;
    return fenlist_write(out, fl, result);
}

static int pgn_mode(const qp_rules *r, const opts *o, FILE *out)
{
    void *buf = malloc(texel_quiet_scratch(r));
    fenlist fl = {0};
    long kept = 0;
    int games = 0, status = 0;
    if (!buf) return 1;
    for (int fi = 0; fi < o->nfiles && !status; fi++) {
        size_t len;
        char *text;
        char err[QP_ERR];
        /* Match logs of many games: far above the records' QP_FILE_MAX. */
        if (qp_file_read(o->files[fi], (size_t)1 << 30, &text, &len, err, sizeof err)) {
            fprintf(stderr, "texel: %s\n", err);
            status = 1;
            break;
        }
        /* Games start at an [Event tag at the start of a line. */
        const char *g = strstr(text, "[Event ");
        while (g) {
            const char *next = strstr(g + 1, "\n[Event ");
            size_t glen = next ? (size_t)(next + 1 - g) : len - (size_t)(g - text);
            if (pgn_game(r, o, g, glen, out, buf, &fl, &kept)) {
                fprintf(stderr, "texel: cannot write %s\n", o->out);
                status = 1;
                break;
            }
            games++;
            g = next ? next + 1 : NULL;
        }
        free(text);
    }
    if (!status) fprintf(stderr, "pgn: %d games, %ld positions\n", games, kept);
    free(fl.fen);
    free(buf);
    return status;
}

/* ---- label: engine scores ------------------------------------------------ */

/* The FEN of a position line ("FEN ; R", "FEN<TAB>..." or a bare FEN),
 * cut in place without the blanks around it. */
static char *line_fen(char *line)
{
    line[strcspn(line, ";\t\r\n")] = 0;
    while (*line == ' ') line++;
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == ' ') line[--n] = 0;
    return line;
}

typedef struct label_count {
    long searched, labelled, skipped, bad;
} label_count;

/* Labels the positions of one file; 0, or 1 when the engine failed (with
 * the message) or FILE cannot be written. */
static int label_file(const qp_rules *r, const opts *o, const char *path, eng *e, void *s,
                      FILE *out, label_count *c, int64_t t0)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "texel: cannot read %s\n", path);
        return 1;
    }
    char go[64], line[FEN_MAX + 64], cmd[sizeof line + sizeof go + 16], err[QP_ERR];
    if (o->nodes_given) snprintf(go, sizeof go, "go nodes %llu", (unsigned long long)o->nodes);
    else snprintf(go, sizeof go, "go depth %d", o->depth);
    int status = 0;
    for (int ln = 1; !status && fgets(line, sizeof line, f); ln++) {
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            int ch;
            while ((ch = fgetc(f)) != EOF && ch != '\n') {}
            fprintf(stderr, "%s:%d: line too long (skipped)\n", path, ln);
            c->bad++;
            continue;
        }
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == 0) continue;
        char *fen = line_fen(line);
        if (r->rs->fen_parse(r, s, fen, err, sizeof err)) {
            fprintf(stderr, "%s:%d: bad FEN '%s': %s (skipped)\n", path, ln, fen, err);
            c->bad++;
            continue;
        }
        snprintf(cmd, sizeof cmd, "position fen %s\n%s\n", fen, go);
        eng_result res;
        int rc = eng_uci_go(e, cmd, LABEL_TIMEOUT_MS, &res);
        if (rc) {
            if (rc == ENG_TIMEOUT)
                fprintf(stderr, "texel: %s:%d: no bestmove from the engine within %d s\n", path,
                        ln, LABEL_TIMEOUT_MS / 1000);
            else if (rc == ENG_LONG)
                fprintf(stderr, "texel: %s:%d: the engine wrote a line over %d bytes\n", path, ln,
                        ENG_LINE_MAX);
            else {
                int st = eng_close(e);
                fprintf(stderr, "texel: %s:%d: the engine died (%s %d)\n", path, ln,
                        st >= 128 ? "signal" : "exit status", st >= 128 ? st - 128 : st);
            }
            status = 1;
            break;
        }
        c->searched++;
        if (res.error[0]) {
            /* Its score would be the previous position's. */
            fprintf(stderr, "%s:%d: the engine refused '%s': %s (skipped)\n", path, ln, fen,
                    res.error);
            c->bad++;
        } else if (res.kind == ENG_SCORE_CP && abs(res.score) < LABEL_CP_MAX) {
            if (fprintf(out, "%s\t%d\n", fen, res.score) < 0 || fflush(out)) {
                fprintf(stderr, "texel: cannot write %s\n", o->out);
                status = 1;
            } else {
                c->labelled++;
            }
        } else {
            c->skipped++;
        }
        if (c->searched % 1000 == 0)
            fprintf(stderr, "label: %ld positions, %ld labelled, %ld skipped, %.0f s\n",
                    c->searched, c->labelled, c->skipped, (eng_now_ms() - t0) / 1000.0);
    }
    fclose(f);
    return status;
}

static int label_mode(const qp_rules *r, const opts *o, FILE *out)
{
    char err[1024];
    eng *e = malloc(sizeof *e);
    void *s = qp_state_new(r);
    if (!e || !s) {
        fprintf(stderr, "texel: out of memory\n");
        free(e);
        free(s);
        return 1;
    }
    if (eng_start(e, o->engine, err, sizeof err) ||
        eng_uci_init(e, eng_uci_variant(o->variant, r->rs->name), o->options, o->noptions, err,
                     sizeof err) ||
        eng_send(e, "ucinewgame\n")) {
        fprintf(stderr, "texel: %s\n", err);
        eng_close(e);
        free(e);
        free(s);
        return 1;
    }
    label_count c = {0};
    int64_t t0 = eng_now_ms();
    int status = 0;
    for (int fi = 0; fi < o->nfiles && !status; fi++)
        status = label_file(r, o, o->files[fi], e, s, out, &c, t0);
    fprintf(stderr, "label: %ld labelled, %ld skipped (mate, |cp| >= %d or no score), %ld bad "
                    "lines; %.1f s%s%s\n",
            c.labelled, c.skipped, LABEL_CP_MAX, c.bad, (eng_now_ms() - t0) / 1000.0,
            status ? "; stopped, the labels so far are in " : "", status ? o->out : "");
    eng_close(e);
    free(e);
    free(s);
    return status;
}

/* ---- tune ---------------------------------------------------------------- */

typedef struct tuner {
    const qp_ruleset *rs;
    qp_params base;
    const qp_param_def *def[MAX_TUNED];
    const char *name[MAX_TUNED];
    int n;
    char (*fen)[FEN_MAX];
    double *result;
    int *score;
    int npos, ntrain;      /* positions [0, ntrain) train, the rest validate */
    double k;
    bool validate;         /* the loss is over the held-out positions */
    void *state;
} tuner;

/* Scores of all positions for weights w, side 0's view; -1 on error. */
static int score_all(tuner *t, const int *w)
{
    qp_params p = t->base;
    char err[QP_ERR], val[32];
    for (int i = 0; i < t->n; i++) {
        snprintf(val, sizeof val, "%d", w[i]);
        if (qp_params_set(&p, t->def[i]->key, val, err, sizeof err)) {
            fprintf(stderr, "texel: %s\n", err);
            return -1;
        }
    }
    qp_rules *r = qp_rules_create(t->rs, &p, err, sizeof err);
    if (!r) {
        fprintf(stderr, "texel: %s\n", err);
        return -1;
    }
    if (!t->state) t->state = malloc(r->state_size);
    for (int i = 0; i < t->npos && t->state; i++) {
        r->rs->fen_parse(r, t->state, t->fen[i], err, sizeof err);
        int e = r->rs->evaluate(r, t->state);
        t->score[i] = r->rs->side_to_move(r, t->state) ? -e : e;
    }
    qp_rules_free(r);
    return t->state ? 0 : -1;
}

static double loss_of(const int *w, void *ud)
{
    tuner *t = ud;
    if (score_all(t, w)) return INFINITY;
    return t->validate ? texel_mse(t->score + t->ntrain, t->result + t->ntrain, t->npos - t->ntrain, t->k)
                       : texel_mse(t->score, t->result, t->ntrain, t->k);
}

/* Reads "FEN ; R" lines; positions the ruleset cannot parse are reported
 * and skipped. */
static int load_positions(tuner *t, const qp_rules *r, const opts *o)
{
    int cap = 0;
    char line[FEN_MAX + 64], err[QP_ERR];
    void *s = qp_state_new(r);
    int total = 0;
    for (int fi = 0; fi < o->nfiles; fi++) {
        FILE *f = fopen(o->files[fi], "r");
        if (!f) {
            fprintf(stderr, "texel: cannot read %s\n", o->files[fi]);
            free(s);
            return -1;
        }
        for (int ln = 1; fgets(line, sizeof line, f); ln++) {
            if (line[0] == '#' || line[0] == '\n') continue;
            if (o->max && total >= o->max) break;
            double res;
            if (texel_split_line(line, &res) != 0) {
                fprintf(stderr, "%s:%d: expected 'FEN ; RESULT' with RESULT 0..1\n", o->files[fi], ln);
                continue;
            }
            if (strlen(line) >= FEN_MAX || r->rs->fen_parse(r, s, line, err, sizeof err)) {
                fprintf(stderr, "%s:%d: %s\n", o->files[fi], ln, strlen(line) >= FEN_MAX ? "FEN too long" : err);
                continue;
            }
            if (total == cap) {
                cap = cap ? 2 * cap : 4096;
                void *a = realloc(t->fen, (size_t)cap * sizeof *t->fen);
                void *b = a ? realloc(t->result, (size_t)cap * sizeof *t->result) : NULL;
                if (a) t->fen = a;
                if (b) t->result = b;
                if (!a || !b) {
                    fclose(f);
                    free(s);
                    return -1;
                }
            }
            strcpy(t->fen[total], line);
            t->result[total++] = res;
        }
        fclose(f);
    }
    free(s);
    /* Every tenth position to the end, for validation. */
    int nv = total / 10;
    for (int i = 0; i < nv; i++) {
        int a = total - 1 - i, b = 10 * i + 9;
        if (b >= a) break;
        char tmp[FEN_MAX];
        double tr = t->result[a];
        memcpy(tmp, t->fen[a], FEN_MAX);
        memcpy(t->fen[a], t->fen[b], FEN_MAX);
        memcpy(t->fen[b], tmp, FEN_MAX);
        t->result[a] = t->result[b];
        t->result[b] = tr;
    }
    t->npos = total;
    t->ntrain = total - nv;
    t->score = malloc((size_t)(total ? total : 1) * sizeof *t->score);
    return t->score ? 0 : -1;
}

static int tune_mode(const qp_rules *r, const qp_params *base, const opts *o)
{
    tuner t = {0};
    t.rs = r->rs;
    t.base = *base;
    int w[MAX_TUNED], lo[MAX_TUNED], hi[MAX_TUNED];
    for (const qp_param_def *d = r->rs->params; d && d->key && t.n < MAX_TUNED; d++) {
        if (d->type != QP_PT_INT || strncmp(d->key, "eval.", 5)) continue;
        if (o->plist) {
            const char *p = strstr(o->plist, d->key);
            size_t k = strlen(d->key);
            if (!p || (p != o->plist && p[-1] != ',') || (p[k] && p[k] != ',')) continue;
        }
        t.def[t.n] = d;
        t.name[t.n] = d->key + 5;
        w[t.n] = (int)qp_param_int(base, d->key);
        lo[t.n] = (int)d->min;
        hi[t.n] = (int)d->max;
        t.n++;
    }
    if (t.n == 0) {
        fprintf(stderr, "texel: %s has no integer eval.* parameters to tune%s\n", r->rs->name,
                o->plist ? " among --params" : "");
        return 2;
    }
    if (load_positions(&t, r, o)) {
        fprintf(stderr, "texel: out of memory or unreadable file\n");
        return 1;
    }
    if (t.ntrain < 1) {
        fprintf(stderr, "texel: no positions\n");
        return 2;
    }
    if (score_all(&t, w)) return 1;
    t.k = texel_fit_k(t.score, t.result, t.ntrain);
    double train0 = loss_of(w, &t);
    t.validate = true;
    double val0 = loss_of(w, &t);
    t.validate = false;
    printf("%d positions (%d train, %d held out), %d weights; K = %.6f; loss %.7f (held out %.7f)\n",
           t.npos, t.ntrain, t.npos - t.ntrain, t.n, t.k, train0, val0);
    fflush(stdout);
    int start[MAX_TUNED];
    memcpy(start, w, sizeof start);
    double train1 = texel_descend(w, lo, hi, t.n, loss_of, &t, o->rounds, o->step_div, t.name, stdout);
    t.validate = true;
    double val1 = loss_of(w, &t);
    printf("loss %.7f -> %.7f; held out %.7f -> %.7f\n", train0, train1, val0, val1);
    printf("-- tuned weights (paste into the %s configuration):\neval = {\n", r->rs->name);
    for (int i = 0; i < t.n; i++)
        printf("  %s = %d,   -- was %d\n", t.name[i], w[i], start[i]);
    printf("}\n");
    free(t.fen);
    free(t.result);
    free(t.score);
    free(t.state);
    return 0;
}

/* ---- main ---------------------------------------------------------------- */

static int usage(void)
{
    fprintf(stderr, "usage: texel gen  --out FILE [--games N] [--nodes N] [--random-plies R] [--seed S]\n"
                    "       texel pgn  --out FILE [--skip P] [--scores PLAYER] GAMES.pgn...\n"
                    "       texel tune FILE... [--params eval.a,eval.b] [--rounds N] [--max N] [--step-div D]\n"
                    "       texel label --engine \"CMD ARGS\" [--variant V] [--depth D | --nodes N]\n"
                    "                   [--option NAME=VALUE]... --out FILE DATA...\n"
                    "       common: [--ruleset NAME] [--config FILE.lua]\n");
    return 2;
}

int main(int argc, char **argv)
{
    opts o = {.ruleset = "zhonggong", .games = 1000, .random_plies = 8, .skip = 10,
              .rounds = 50, .step_div = 8, .nodes = 3000, .seed = (uint64_t)time(NULL)};
    if (argc < 2) return usage();
    o.mode = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-') {
            if (o.nfiles == (int)(sizeof o.files / sizeof *o.files)) return usage();
            o.files[o.nfiles++] = a;
            continue;
        }
        if (!v) return usage();
        i++;
        if (!strcmp(a, "--out")) o.out = v;
        else if (!strcmp(a, "--ruleset")) o.ruleset = v;
        else if (!strcmp(a, "--config")) o.config = v;
        else if (!strcmp(a, "--params")) o.plist = v;
        else if (!strcmp(a, "--games")) o.games = atoi(v);
        else if (!strcmp(a, "--nodes")) o.nodes = strtoull(v, NULL, 10), o.nodes_given = true;
        else if (!strcmp(a, "--random-plies")) o.random_plies = atoi(v);
        else if (!strcmp(a, "--seed")) o.seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--skip")) o.skip = atoi(v);
        else if (!strcmp(a, "--scores")) o.scores = v;
        else if (!strcmp(a, "--rounds")) o.rounds = atoi(v);
        else if (!strcmp(a, "--max")) o.max = atoi(v);
        else if (!strcmp(a, "--step-div")) o.step_div = atoi(v);
        else if (!strcmp(a, "--engine")) o.engine = v;
        else if (!strcmp(a, "--variant")) o.variant = v;
        else if (!strcmp(a, "--depth")) o.depth = atoi(v);
        else if (!strcmp(a, "--option") && o.noptions < MAX_OPTIONS) o.options[o.noptions++] = v;
        else {
            fprintf(stderr, "texel: unknown option %s\n", a);
            return usage();
        }
    }
    bool gen = !strcmp(o.mode, "gen"), pgn = !strcmp(o.mode, "pgn"), tune = !strcmp(o.mode, "tune");
    bool label = !strcmp(o.mode, "label");
    if (!gen && !pgn && !tune && !label) return usage();
    if ((gen || pgn || label) && !o.out) return usage();
    if ((pgn || tune || label) && o.nfiles == 0) return usage();
    if (label && (!o.engine || (o.depth > 0) == (o.nodes_given && o.nodes > 0))) {
        fprintf(stderr, "texel: label needs --engine and one of --depth D or --nodes N (> 0)\n");
        return usage();
    }
    if (o.games < 0 || o.random_plies < 0 || o.skip < 0 || o.rounds < 0 || o.max < 0 || o.step_div < 1) return usage();

    qp_registry reg;
    char err[QP_ERR * 2];
    qp_registry_open(&reg, argv[0], err, sizeof err);
    const qp_ruleset *rs = qp_registry_find(&reg, o.ruleset);
    qp_params prm;
    if (!rs || qp_params_init(&prm, rs->params, err, sizeof err)) {
        fprintf(stderr, "texel: unknown ruleset '%s'\n", o.ruleset);
        return 2;
    }
    static qp_config cfg;
    if (o.config && (qp_config_load(&cfg, o.config, err, sizeof err) ||
                     qp_config_apply(&cfg, &prm, err, sizeof err))) {
        fprintf(stderr, "texel: %s\n", err);
        return 2;
    }
    qp_rules *r = qp_rules_create(rs, &prm, err, sizeof err);
    if (!r) {
        fprintf(stderr, "texel: %s\n", err);
        return 2;
    }
    if (!rs->fen_parse || (!label && (!rs->evaluate || !rs->fen_print))) {
        fprintf(stderr, "texel: %s has no evaluation or no FEN\n", rs->name);
        return 2;
    }
    int status;
    if (tune) {
        status = tune_mode(r, &prm, &o);
    } else {
        FILE *out = fopen(o.out, "a");
        if (!out) {
            fprintf(stderr, "texel: cannot write %s\n", o.out);
            return 1;
        }
        /* A dead engine is an error return, not the end of texel. */
        if (label) signal(SIGPIPE, SIG_IGN);
        status = gen ? gen_mode(r, &o, out) : pgn ? pgn_mode(r, &o, out) : label_mode(r, &o, out);
        if (fclose(out)) status = 1;
    }
    qp_rules_free(r);
    qp_registry_free(&reg);
    return status;
}
