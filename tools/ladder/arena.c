/*
 * arena.c — players, a referee and the tally of in-process matches (see
 * arena.h).
 */
#include "arena.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "mcts.h"
#include "splitmix.h"

#define GTP_TIMEOUT_MS 600000   /* one answer of a GTP program */
#define PLAYOUT_CAP 200         /* a playout of a game that bounds none */

/* ---- specs --------------------------------------------------------------- */

static int fail(char *err, size_t errn, const char *text, const char *why)
{
    snprintf(err, errn, "player '%s': %s", text, why);
    return -1;
}

/* A whole positive number at t (up to end), or 0. */
static uint64_t number(const char *t, const char *end)
{
    if (t == end || end - t > 12) return 0;
    uint64_t v = 0;
    for (; t < end; t++) {
        if (!isdigit((unsigned char)*t)) return 0;
        v = v * 10 + (uint64_t)(*t - '0');
    }
    return v;
}

static int mcts_options(const char *t, ar_spec *s, const char *text, char *err, size_t errn)
{
    while (*t) {
        size_t k = strcspn(t, ",");
        static const char *const names[] = {"rave", "reuse", "eyes", "atari", "patterns", "priors"};
        int *field[] = {&s->rave, &s->reuse, &s->eyes, &s->atari, &s->patterns, &s->priors};
        bool no = k > 2 && !strncmp(t, "no", 2);
        const char *name = no ? t + 2 : t;
        size_t nk = no ? k - 2 : k;
        int i = 0;
        while (i < 6 && !(strlen(names[i]) == nk && !strncmp(name, names[i], nk))) i++;
        if (i == 6)
            return fail(err, errn, text,
                        "MCTS options are rave, reuse, eyes, atari, patterns, priors, each with 'no' before to "
                        "turn it off");
        *field[i] = no ? 0 : 1;
        t += k;
        if (*t == ',') t++;
    }
    return 0;
}

int ar_parse(const char *text, ar_spec *s, char *err, size_t errn)
{
    memset(s, 0, sizeof *s);
    s->rave = s->reuse = s->eyes = s->atari = s->patterns = s->priors = -1;
    const char *colon = strchr(text, ':');
    size_t head = colon ? (size_t)(colon - text) : strlen(text);
    const char *arg = colon ? colon + 1 : "";
    const char *arg_end = arg + strcspn(arg, ":");
#define IS(word) (head == strlen(word) && !strncmp(text, word, head))
    if (IS("random")) {
        s->kind = AR_RANDOM;
        return colon ? fail(err, errn, text, "random takes no number") : 0;
    }
    if (IS("gtp")) {
        s->kind = AR_GTP;
        if (!*arg) return fail(err, errn, text, "gtp needs a program: gtp:CMD ARGS");
        if (strlen(arg) >= sizeof s->cmd) return fail(err, errn, text, "the command is too long");
        snprintf(s->cmd, sizeof s->cmd, "%s", arg);
        return 0;
    }
    uint64_t n = number(arg, arg_end);
    if (IS("flat") || IS("abn") || IS("mcts")) {
        s->kind = IS("flat") ? AR_FLAT : IS("abn") ? AR_ALPHABETA : AR_MCTS;
        if (!n) return fail(err, errn, text, "expected a positive number after ':' (e.g. mcts:2000)");
        s->budget = n;
        if (*arg_end && s->kind != AR_MCTS) return fail(err, errn, text, "nothing may follow the number");
        if (*arg_end) return mcts_options(arg_end + 1, s, text, err, errn);
        if (s->kind != AR_MCTS) s->rave = s->reuse = s->eyes = s->atari = s->patterns = s->priors = 0;
        return 0;
    }
    s->rave = s->reuse = s->eyes = s->atari = s->patterns = s->priors = 0;
    if (IS("ab")) {
        s->kind = AR_ALPHABETA;
        if (!n || n > 64 || *arg_end) return fail(err, errn, text, "expected a depth 1..64 (e.g. ab:4)");
        s->depth = (int)n;
        return 0;
    }
    if (IS("level")) {
        s->kind = AR_LEVEL;
        if (!n || n > 10) return fail(err, errn, text, "expected a level 1..10 (e.g. level:5)");
        s->level = (int)n;
        if (*arg_end) {
            s->budget = number(arg_end + 1, arg_end + 1 + strlen(arg_end + 1));
            if (!s->budget) return fail(err, errn, text, "expected a node count after the level (level:10:5000)");
        }
        if (s->level == 10 && !s->budget) return fail(err, errn, text, "level 10 has no limit of its own: give nodes (level:10:N)");
        return 0;
    }
#undef IS
    return fail(err, errn, text, "expected random, flat:N, ab:D, abn:N, mcts:N[:OPTS], level:L[:N] or gtp:CMD");
}

void ar_spec_text(const ar_spec *s, char *buf, size_t n)
{
    switch (s->kind) {
    case AR_RANDOM: snprintf(buf, n, "random"); return;
    case AR_FLAT: snprintf(buf, n, "flat:%llu", (unsigned long long)s->budget); return;
    case AR_ALPHABETA:
        if (s->depth) snprintf(buf, n, "ab:%d", s->depth);
        else snprintf(buf, n, "abn:%llu", (unsigned long long)s->budget);
        return;
    case AR_LEVEL:
        if (s->budget) snprintf(buf, n, "level:%d:%llu", s->level, (unsigned long long)s->budget);
        else snprintf(buf, n, "level:%d", s->level);
        return;
    case AR_GTP: snprintf(buf, n, "gtp:%s", s->cmd); return;
    case AR_MCTS: break;
    }
    int k = snprintf(buf, n, "mcts:%llu", (unsigned long long)s->budget);
    const char *names[] = {"rave", "reuse", "eyes", "atari", "patterns", "priors"};
    int v[] = {s->rave, s->reuse, s->eyes, s->atari, s->patterns, s->priors};
    char sep = ':';
    for (int i = 0; i < 6; i++) {
        if (v[i] < 0 || k < 0 || (size_t)k >= n) continue;
        k += snprintf(buf + k, n - (size_t)k, "%c%s%s", sep, v[i] ? "" : "no", names[i]);
        sep = ',';
    }
}

/* ---- GTP ------------------------------------------------------------------ */

void ar_gtp_vertex(int sq, int w, char *buf, size_t n)
{
    int f = sq % w, r = sq / w;
    snprintf(buf, n, "%c%d", 'A' + f + (f >= 8), r + 1);
}

int ar_gtp_point(const char *text, int w, int h)
{
    if (!strcasecmp(text, "pass")) return -2;
    int c = toupper((unsigned char)text[0]);
    if (c < 'A' || c > 'Z' || c == 'I') return -1;
    int f = c - 'A' - (c > 'I');
    char *end;
    long r = strtol(text + 1, &end, 10);
    if (end == text + 1 || *end || f >= w || r < 1 || r > h) return -1;
    return (int)(r - 1) * w + f;
}

/* Sends one command and reads its answer ("= text" / "? text" and the
 * empty line after it); the text after "= " into out.  0 for success, 1
 * for a refusal (out: its message), -1 when the program is gone. */
static int gtp_ask(ar_player *p, const char *cmd, char *out, size_t outn)
{
    char line[1024];
    if (eng_send(&p->e, cmd) || eng_send(&p->e, "\n")) return -1;
    int rc;
    while ((rc = eng_read_line(&p->e, line, sizeof line, GTP_TIMEOUT_MS)) == ENG_OK &&
           line[0] != '=' && line[0] != '?') {}
    if (rc != ENG_OK) return -1;
    const char *t = line + 1;
    while (isdigit((unsigned char)*t)) t++;   /* a command id */
    while (*t == ' ') t++;
    snprintf(out, outn, "%s", t);
    bool ok = line[0] == '=';
    while (eng_read_line(&p->e, line, sizeof line, GTP_TIMEOUT_MS) == ENG_OK && line[0]) {}
    return ok ? 0 : 1;
}

/* The point a move places on, -1 for a pass (or a move of another kind). */
static int move_point(const qp_rules *r, const void *s, qp_move m)
{
    int sq[2];
    if (r->rs->move_squares) return r->rs->move_squares(r, s, m, sq, 2) == 1 ? sq[0] : -1;
    char text[QP_MOVE_TEXT];
    r->rs->move_text(r, s, m, text, sizeof text);
    int p, used = qp_sq_parse(&r->geom, text, &p);
    return used > 0 && !text[used] ? p : -1;
}

static const char *gtp_colour(int side)
{
    return side == 0 ? "B" : "W";
}

/* Tells the program the game's moves it has not seen. */
static int gtp_sync(ar_player *p, const qp_game *g)
{
    const qp_rules *r = g->r;
    if (p->synced > g->cursor) return -1;
    void *s = qp_state_new(r);
    if (!s) return -1;
    memcpy(s, g->start, r->state_size);
    for (int i = 0; i < p->synced; i++) r->rs->make(r, s, g->rec[i], NULL);
    int rc = 0;
    char cmd[64], ans[256], v[8] = "pass";
    for (; p->synced < g->cursor && !rc; p->synced++) {
        qp_move m = g->rec[p->synced];
        int sq = move_point(r, s, m);
        if (sq >= 0) ar_gtp_vertex(sq, r->geom.w, v, sizeof v);
        else snprintf(v, sizeof v, "pass");
        snprintf(cmd, sizeof cmd, "play %s %s", gtp_colour(r->rs->side_to_move(r, s)), v);
        rc = gtp_ask(p, cmd, ans, sizeof ans) ? -1 : 0;
        /* a pass changes no point: a program that refuses to be told one
         * (gtp-rhino in reversi) learns it from the colour of its next
         * genmove */
        if (rc && sq < 0) rc = 0;
        if (rc) fprintf(stderr, "arena: %s refused '%s': %s\n", p->spec.cmd, cmd, ans);
        r->rs->make(r, s, m, NULL);
    }
    free(s);
    return rc;
}

static qp_move gtp_move(ar_player *p, const qp_game *g)
{
    const qp_rules *r = g->r;
    if (gtp_sync(p, g)) return QP_MOVE_NONE;
    char cmd[32], ans[256];
    snprintf(cmd, sizeof cmd, "genmove %s", gtp_colour(qp_game_to_move(g)));
    if (gtp_ask(p, cmd, ans, sizeof ans)) return QP_MOVE_NONE;
    p->synced++;   /* the program played it on its board */
    if (!strcasecmp(ans, "resign")) {
        p->resigned = true;
        return QP_MOVE_NONE;
    }
    int sq = ar_gtp_point(ans, r->geom.w, r->geom.h);
    if (sq == -1) {
        fprintf(stderr, "arena: %s answered '%s' to %s\n", p->spec.cmd, ans, cmd);
        return QP_MOVE_NONE;
    }
    qp_move *mv = malloc(QP_MAX_MOVES * sizeof *mv);
    if (!mv) return QP_MOVE_NONE;
    int n = r->rs->gen(r, g->cur, mv, QP_GEN_ALL);
    qp_move found = QP_MOVE_NONE;
    for (int i = 0; i < n && !found; i++)
        if (move_point(r, g->cur, mv[i]) == (sq == -2 ? -1 : sq)) found = mv[i];
    free(mv);
    if (!found) fprintf(stderr, "arena: %s played %s, not a legal move here\n", p->spec.cmd, ans);
    return found;
}

static int gtp_new_game(ar_player *p, const qp_game *g, char *err, size_t errn)
{
    const qp_rules *r = g->r;
    char cmd[64], ans[256];
    if (!p->started) {
        if (eng_start(&p->e, p->spec.cmd, err, errn)) return -1;
        p->started = true;
        if (gtp_ask(p, "protocol_version", ans, sizeof ans)) {
            snprintf(err, errn, "%s does not answer GTP", p->spec.cmd);
            return -1;
        }
    }
    snprintf(cmd, sizeof cmd, "boardsize %d", r->geom.w);
    if (r->geom.w != r->geom.h || gtp_ask(p, cmd, ans, sizeof ans) || gtp_ask(p, "clear_board", ans, sizeof ans)) {
        snprintf(err, errn, "%s refused a %dx%d board", p->spec.cmd, r->geom.w, r->geom.h);
        return -1;
    }
    const char *komi = qp_param_str(&r->params, "komi");
    if (*komi) {
        snprintf(cmd, sizeof cmd, "komi %s", komi);
        if (gtp_ask(p, cmd, ans, sizeof ans)) {
            snprintf(err, errn, "%s refused komi %s: %s", p->spec.cmd, komi, ans);
            return -1;
        }
    }
    p->synced = 0;
    p->resigned = false;
    return gtp_sync(p, g) ? (snprintf(err, errn, "%s refused the opening", p->spec.cmd), -1) : 0;
}

/* ---- players ------------------------------------------------------------ */

int ar_player_init(ar_player *p, const qp_rules *r, const ar_spec *s, char *err, size_t errn)
{
    memset(p, 0, sizeof *p);
    p->spec = *s;
    p->r = r;
    p->e.pid = -1;
    p->e.to = p->e.from = -1;
    switch (s->kind) {
    case AR_RANDOM:
    case AR_FLAT:
    case AR_GTP:
        return 0;
    case AR_ALPHABETA: p->ai = qp_ai_new(r, QP_AI_ALPHABETA, 64); break;
    case AR_MCTS: break;
    case AR_LEVEL: p->ai = qp_ai_new(r, QP_AI_DEFAULT, 64); break;
    }
    if (s->kind == AR_MCTS) {
        qp_mcts *m = p->mc = qp_mcts_new(r, 64);
        if (!m) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
        qp_mcts_options o;
        qp_mcts_get_options(m, &o);
        if (s->rave >= 0) o.rave = s->rave;
        if (s->reuse >= 0) o.reuse = s->reuse;
        if (s->eyes >= 0) o.avoid_own_eyes = s->eyes;
        if (s->atari >= 0) o.atari = s->atari;
        if (s->patterns >= 0) o.patterns = s->patterns;
        if (s->priors >= 0) o.priors = s->priors;
        qp_mcts_set_options(m, &o);
        return 0;
    }
    if (!p->ai) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    return 0;
}

void ar_player_free(ar_player *p)
{
    if (p->ai) qp_ai_free(p->ai);
    if (p->mc) qp_mcts_free(p->mc);
    p->mc = NULL;
    if (p->started) eng_close(&p->e);
    p->ai = NULL;
    p->started = false;
}

int ar_player_new_game(ar_player *p, const qp_game *g, char *err, size_t errn)
{
    if (p->ai) qp_ai_clear(p->ai);
    if (p->mc) qp_mcts_clear(p->mc);
    if (p->spec.kind == AR_GTP) return gtp_new_game(p, g, err, errn);
    return 0;
}

qp_move ar_player_move(ar_player *p, const qp_game *g, uint64_t seed)
{
    const qp_rules *r = g->r;
    p->rng ^= seed * 0x9E3779B97F4A7C15ull;
    if (p->spec.kind == AR_GTP) return gtp_move(p, g);
    if (p->spec.kind == AR_FLAT) return ar_flat_mc(r, g, p->spec.budget, &p->rng);
    if (p->spec.kind == AR_RANDOM) {
        qp_move *mv = malloc(QP_MAX_MOVES * sizeof *mv);
        if (!mv) return QP_MOVE_NONE;
        int n = qp_game_moves(g, mv);
        qp_move m = n ? mv[qp_splitmix64(&p->rng) % (uint64_t)n] : QP_MOVE_NONE;
        free(mv);
        return m;
    }
    qp_search_limits lim = {0};
    lim.seed = seed;
    lim.level = p->spec.kind == AR_LEVEL ? p->spec.level : 10;
    lim.depth = p->spec.depth;
    lim.nodes = p->spec.budget;
    if (p->mc) return qp_mcts_run(p->mc, g, &lim, NULL, NULL, NULL);
    return qp_ai_run(p->ai, g, &lim, NULL, NULL, NULL);
}

/* ---- flat Monte Carlo --------------------------------------------------- */

/* A uniformly random game from s (changed) to its end or the cap: the
 * mover's reward doubled (2 win, 1 draw or cap, 0 loss). */
static int random_playout(const qp_rules *r, void *s, int mover, qp_move *mv, uint64_t *rng)
{
    int cap = r->max_game_plies > 0 ? r->max_game_plies : PLAYOUT_CAP;
    for (int step = 0; step < cap; step++) {
        int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
        if (n == 0) break;
        r->rs->make(r, s, mv[qp_splitmix64(rng) % (uint64_t)n], NULL);
    }
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    if (o.result == QP_WIN) return o.winner == mover ? 2 : 0;
    return 1;
}

qp_move ar_flat_mc(const qp_rules *r, const qp_game *g, uint64_t playouts, uint64_t *rng)
{
    qp_move *moves = malloc(QP_MAX_MOVES * sizeof *moves), *mv = malloc(QP_MAX_MOVES * sizeof *mv);
    void *s = qp_state_new(r);
    uint64_t *sum = NULL;
    qp_move best = QP_MOVE_NONE;
    int n = moves && mv && s ? qp_game_moves(g, moves) : 0;
    if (n > 0) sum = calloc((size_t)n, sizeof *sum);
    if (!sum) goto done;
    int mover = qp_game_to_move(g);
    uint64_t rounds = playouts / (uint64_t)n + (playouts % (uint64_t)n != 0);
    for (int i = 0; i < n; i++) {   /* a win at once needs no playout */
        memcpy(s, g->cur, r->state_size);
        r->rs->make(r, s, moves[i], NULL);
        qp_outcome o;
        r->rs->outcome(r, s, &o);
        if (o.result == QP_WIN && o.winner == mover) {
            best = moves[i];
            goto done;
        }
    }
    for (uint64_t k = 0; k < rounds; k++)
        for (int i = 0; i < n; i++) {
            memcpy(s, g->cur, r->state_size);
            r->rs->make(r, s, moves[i], NULL);
            sum[i] += (uint64_t)random_playout(r, s, mover, mv, rng);
        }
    int bi = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[bi]) bi = i;
    best = moves[bi];
done:
    free(sum);
    free(s);
    free(mv);
    free(moves);
    return best;
}

/* ---- the referee -------------------------------------------------------- */

/* CPU time of this process: what a fixed budget costs, whatever the load. */
static double cpu_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)) return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int ar_play_game(const qp_rules *r, ar_player *a, ar_player *b, int a_side, int opening_plies,
                 uint64_t open_seed, uint64_t game_seed, int ply_cap, char *why, size_t whyn,
                 FILE *trace)
{
    char err[QP_ERR];
    qp_game g;
    if (qp_game_init(&g, r, NULL, err, sizeof err)) {
        snprintf(why, whyn, "%s", err);
        return 1;
    }
    qp_move *mv = malloc(QP_MAX_MOVES * sizeof *mv);
    uint64_t rng = open_seed;
    for (int i = 0; i < opening_plies && mv; i++) {
        int n = qp_game_moves(&g, mv);
        qp_outcome o;
        qp_game_outcome(&g, &o);
        if (n == 0 || o.result != QP_ONGOING) break;
        qp_game_play(&g, mv[qp_splitmix64(&rng) % (uint64_t)n]);
    }
    free(mv);
    ar_player *pl[2] = {a, b};
    qp_outcome oc = {QP_ONGOING, -1, ""};
    for (int i = 0; i < 2; i++)
        if (ar_player_new_game(pl[i], &g, err, sizeof err)) {
            fprintf(stderr, "arena: %s\n", err);
            oc.result = QP_WIN;
            oc.winner = i == 0 ? 1 - a_side : a_side;
            oc.reason = "a player could not start";
        }
    for (int plies = 0; oc.result == QP_ONGOING; plies++) {
        qp_game_outcome(&g, &oc);
        if (oc.result != QP_ONGOING) break;
        if (plies >= ply_cap) {
            oc.result = QP_DRAW;
            oc.reason = "ply cap (adjudicated)";
            break;
        }
        int side = qp_game_to_move(&g);
        ar_player *p = side == a_side ? a : b;
        double t0 = cpu_seconds();
        qp_move m = ar_player_move(p, &g, game_seed + (uint64_t)plies * 0x100000001B3ull);
        p->cpu_s += cpu_seconds() - t0;
        p->moves++;
        if (m == QP_MOVE_NONE || !qp_move_is_legal(r, g.cur, m) || !qp_game_superko_allows(&g, m)) {
            oc.result = QP_WIN;
            oc.winner = 1 - side;
            oc.reason = p->resigned ? "resignation" : "no legal move given";
            break;
        }
        qp_game_play(&g, m);
    }
    if (trace) {
        void *s = qp_state_new(r);
        for (int i = 0; s && i < g.cursor; i++) {
            char t[QP_MOVE_TEXT];
            r->rs->move_text(r, s, g.rec[i], t, sizeof t);
            fprintf(trace, "%s%s", i ? " " : "moves: ", t);
            r->rs->make(r, s, g.rec[i], NULL);
        }
        fprintf(trace, "\n");
        free(s);
    }
    int k = snprintf(why, whyn, "%s after %d plies", oc.reason ? oc.reason : "?", g.cursor);
    for (int i = 0; i < 2; i++) {   /* a GTP program's own count, for comparison */
        char ans[128];
        if (pl[i]->spec.kind != AR_GTP || !pl[i]->started || pl[i]->resigned || k < 0 || (size_t)k >= whyn) continue;
        if (!gtp_sync(pl[i], &g) && !gtp_ask(pl[i], "final_score", ans, sizeof ans))
            k += snprintf(why + k, whyn - (size_t)k, "; its final_score %s", ans);
    }
    qp_game_free(&g);
    if (oc.result == QP_DRAW) return 1;
    return oc.winner == a_side ? 2 : 0;
}

/* ---- the tally ---------------------------------------------------------- */

void ar_tally_game(elo_tally *t, int points2)
{
    if (points2 >= 2) t->w++;
    else if (points2 == 1) t->d++;
    else t->l++;
}

void ar_tally_text(const elo_tally *t, char *buf, size_t n)
{
    double sc, elo, lo, hi;
    elo_estimate(t, &sc, &elo, &lo, &hi);
    double *v[] = {&elo, &lo, &hi};
    for (int i = 0; i < 3; i++)
        if (*v[i] > -0.5 && *v[i] < 0.5) *v[i] = 0.0;   /* "+0", not "-0" */
    snprintf(buf, n, "%d-%d-%d (%.1f%%) Elo %+.0f [%+.0f, %+.0f]", t->w, t->d, t->l, 100 * sc, elo, lo, hi);
}
