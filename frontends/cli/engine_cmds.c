/*
 * engine_cmds.c — `qipan analyze` and `qipan bench`: the search from the
 * command line.  Output is a fixed contract (README.md, "The `qipan` command"): analyze
 * prints UCI `info` lines and ends with `bestmove MOVE`; bench ends with
 * `nodes N nps M`, where N is deterministic (fixed positions, fixed depth,
 * a fresh table per position) and so works as a signature of the search.
 * `bench RULESET --playouts N [--seed S]` plays N random games instead:
 * `playouts N plies P mean L capped C (cap K plies) checksum X`, the
 * results, then `time T s playouts/s A moves/s B` (the measure of general
 * game systems); all but the last line depend only on the seed.
 * `analyze RULESET --epd FILE` runs an EPD file as a test suite: one line
 * a position ("N. ID: bestmove M, bm B: found|missed"), then "F of T best
 * moves found" (T: the positions with bm or am); a bad line is named on
 * stderr (FILE:LINE) and the exit status is 1.
 */
#include "app.h"
#include "ai.h"
#include "encoding.h"
#include "epd.h"
#include "fileio.h"
#include "record.h"
#include "search.h"
#include "splitmix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const qp_rules *r;
    const void *root;
} info_ctx;

static void print_info(const qp_search_info *info, void *ud)
{
    const info_ctx *c = ud;
    char line[4096];
    qp_search_info_text(c->r, c->root, info, line, sizeof line);
    printf("%s\n", line);
    fflush(stdout);
}

static void move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    if (m == QP_MOVE_NONE)
        snprintf(buf, n, "(none)");
    else
        r->rs->move_text(r, s, m, buf, n);
}

/* The moves of an EPD operand (blank-separated) read in s; count, or -1
 * with the text refused in why. */
static int epd_moves(const qp_rules *r, const void *s, const char *operand, qp_move *mv, int max, char *why,
                     size_t whyn)
{
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", operand);
    for (char *save = NULL, *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        char e[QP_ERR];
        int rc = r->rs->notation_parse ? r->rs->notation_parse(r, s, t, QP_NOTATION_ICCS, &mv[n], e, sizeof e)
                                       : r->rs->move_parse(r, s, t, &mv[n], e, sizeof e);
        if (rc) {
            snprintf(why, whyn, "'%s': %s", t, e);
            return -1;
        }
        if (n + 1 < max) n++;
    }
    return n;
}

/* A found move in the notation EPD files write (ICCS for Xiangqi). */
static void epd_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    if (m != QP_MOVE_NONE && r->rs->notation_text &&
        r->rs->notation_text(r, s, m, QP_NOTATION_ICCS, buf, n) == 0)
        return;
    move_text(r, s, m, buf, n);
}

/* `analyze RULESET --epd FILE`: every position of the file searched
 * with the same limits, its move checked against bm and am. */
static int analyze_epd(qp_app *app, const qp_opts *o, const char *path, int kind)
{
    qp_rules *r = qp_app_open_rules(app, o->pos[0], o->config);
    if (!r) return 1;
    char err[QP_ERR], *raw, *text;
    size_t rawlen, len;
    if (qp_file_read(path, QP_RECORD_MAX, &raw, &rawlen, err, sizeof err)) {
        fprintf(stderr, "qipan analyze: %s\n", err);
        qp_rules_free(r);
        return 1;
    }
    int rc = qp_text_decode((const unsigned char *)raw, rawlen, &text, &len, NULL, NULL, err, sizeof err);
    free(raw);
    if (rc) {
        fprintf(stderr, "qipan analyze: %s: %s\n", path, err);
        qp_rules_free(r);
        return 1;
    }
    int line = 0, bad = 0, tested = 0, found = 0, npos = 0;
    for (const char *s = text, *end = text + len; s < end;) {
        const char *eol = memchr(s, '\n', (size_t)(end - s));
        if (!eol) eol = end;
        size_t n = (size_t)(eol - s);
        const char *ln = s;
        s = eol + (eol < end);
        line++;
        while (n && (ln[n - 1] == '\r' || ln[n - 1] == ' ')) n--;
        qp_epd_pos pos;
        char why[QP_ERR];
        int k = qp_epd_line(ln, n, &pos, why, sizeof why);
        if (k == 0) continue;
        qp_game g;
        if (k < 0 || qp_game_init(&g, r, pos.fen, why, sizeof why)) {
            if (k < 0) fprintf(stderr, "qipan analyze: %s:%d: %s\n", path, line, why);
            else fprintf(stderr, "qipan analyze: %s:%d: bad position '%s': %s\n", path, line, pos.fen, why);
            bad++;
            continue;
        }
        qp_move bm[64], am[64];
        int nbm = pos.bm[0] ? epd_moves(r, g.cur, pos.bm, bm, 64, why, sizeof why) : 0;
        int nam = nbm >= 0 && pos.am[0] ? epd_moves(r, g.cur, pos.am, am, 64, why, sizeof why) : 0;
        if (nbm < 0 || nam < 0) {
            fprintf(stderr, "qipan analyze: %s:%d: %s %s\n", path, line, nbm < 0 ? "bm" : "am", why);
            bad++;
            qp_game_free(&g);
            continue;
        }
        qp_ai *ai = qp_ai_new(r, kind, 0);
        if (!ai) {
            fprintf(stderr, "qipan: out of memory for the search\n");
            qp_game_free(&g);
            free(text);
            qp_rules_free(r);
            return 1;
        }
        qp_search_limits lim = {0};
        lim.depth = o->has_depth ? o->depth : 0;
        lim.movetime_ms = o->has_movetime ? o->movetime : 0;
        lim.level = o->has_level ? o->level : 10;
        lim.seed = 1;   /* the same answers run after run */
        qp_outcome oc;
        qp_game_outcome(&g, &oc);
        qp_search_info info;
        qp_move best = oc.result == QP_ONGOING ? qp_ai_run(ai, &g, &lim, NULL, NULL, &info) : QP_MOVE_NONE;
        qp_ai_free(ai);
        bool ok = true;
        if (nbm) {
            ok = false;
            for (int i = 0; i < nbm; i++) ok |= bm[i] == best;
        }
        for (int i = 0; i < nam; i++) ok &= am[i] != best;
        char t[QP_MOVE_TEXT * 2], label[300];
        epd_move_text(r, g.cur, best, t, sizeof t);
        if (pos.id[0]) snprintf(label, sizeof label, "%s", pos.id);
        else snprintf(label, sizeof label, "line %d", line);
        printf("%d. %s: bestmove %s", ++npos, label, t);
        if (nbm) printf(", bm %s", pos.bm);
        if (nam) printf(", am %s", pos.am);
        if (nbm || nam) {
            tested++;
            found += ok;
            printf(": %s", ok ? "found" : "missed");
        }
        printf("\n");
        fflush(stdout);
        qp_game_free(&g);
    }
    printf("%d of %d best moves found\n", found, tested);
    free(text);
    qp_rules_free(r);
    return bad ? 1 : 0;
}

int cmd_analyze(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    /* --epd FILE is analyze's own: the rest are the common options */
    const char *epd = NULL;
    char *args[64];
    int nargs = 0;
    for (int i = 0; i < argc && nargs < 63; i++) {
        if (i > 0 && !strcmp(argv[i], "--epd")) {
            if (i + 1 >= argc || !*argv[i + 1]) {
                fprintf(stderr, "qipan: --epd needs a value\n");
                return 2;
            }
            epd = argv[++i];
            continue;
        }
        args[nargs++] = argv[i];
    }
    args[nargs] = NULL;
    if (qp_opts_parse(&o, nargs, args)) return 2;
    if (o.npos > 1 || (!o.has_depth && !o.has_movetime) || (epd && (o.npos != 1 || o.fen || o.load))) {
        fprintf(stderr, "usage: qipan analyze RULESET [--fen FEN | --epd FILE] [--config FILE] "
                        "(--depth N | --movetime MS) [--level N] [--search mcts|alphabeta]\n");
        return 2;
    }
    int kind = o.search ? qp_ai_parse(o.search) : QP_AI_DEFAULT;
    if (kind < 0) {
        fprintf(stderr, "qipan: --search must be mcts or alphabeta, got '%s'\n", o.search);
        return 2;
    }
    if (o.has_level && (o.level < 1 || o.level > 10)) {
        fprintf(stderr, "qipan: --level must be 1..10, got %d\n", o.level);
        return 2;
    }
    /* 0 would mean "no limit" to the search: analyze would never end */
    if ((o.has_depth && o.depth == 0) || (o.has_movetime && o.movetime == 0)) {
        fprintf(stderr, "qipan: analyze: --%s must be at least 1\n", o.has_depth && o.depth == 0 ? "depth" : "movetime");
        return 2;
    }
    if (epd) return analyze_epd(app, &o, epd, kind);
    qp_rules *r;
    qp_game g;
    if (qp_app_open_game(app, &o, &r, &g)) return 1;
    qp_ai *s = qp_ai_new(r, kind, 0);
    if (!s) {
        fprintf(stderr, "qipan: out of memory for the search\n");
        qp_game_free(&g);
        qp_rules_free(r);
        return 1;
    }
    qp_outcome oc;
    qp_game_outcome(&g, &oc);
    if (oc.result != QP_ONGOING) printf("info string game over: %s\n", oc.reason);

    qp_search_limits lim = {0};
    lim.depth = o.has_depth ? o.depth : 0;
    lim.movetime_ms = o.has_movetime ? o.movetime : 0;
    lim.level = o.has_level ? o.level : 10;
    lim.seed = (uint64_t)time(NULL);
    info_ctx c = {r, g.cur};
    qp_search_info info;
    qp_move best = oc.result == QP_ONGOING ? qp_ai_run(s, &g, &lim, print_info, &c, &info)
                                           : QP_MOVE_NONE;
    char t[QP_MOVE_TEXT];
    move_text(r, g.cur, best, t, sizeof t);
    printf("bestmove %s\n", t);
    qp_ai_free(s);
    qp_game_free(&g);
    qp_rules_free(r);
    return 0;
}

/* ---- bench ------------------------------------------------------------- */

/* Zhonggong: the start and positions from engine games (plies 13-49). */
static const char *const zg_bench[] = {
    "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1",
    "1nbacabnr/3r1c3/p1p2pp1p/5k3/1C7/4K4/P2PPAP1P/R8/1NBA1CBNR b - - 13 7",
    "2b1ca1nr/2ar4c/p1n2pppb/2p2k3/8C/4K2P1/P1NPPAP2/1R7/2BA1CBNR b - - 25 13",
    "2b1cabn1/3r4r/pa3ppp1/4nk3/5R3/N1p1K1PP1/P2PPA3/1R7/2BA1CBN1 b - - 7 19",
    "1nb1c1bnr/r5a2/p1pap1p1p/4k4/9/3K5/P1P1P1PPN/5R3/RNBACAB2 b - - 8 7",
    "1nbc2bnr/2r6/p2apap1p/4k4/2p6/PP2K4/2N1PP1PN/5R3/R1BACAB2 b - - 20 13",
    "2bc2bn1/7r1/p2apap1p/4k4/3n5/P1r1KP3/R4P1PN/N4RA2/2BAC1B2 b - - 9 19",
    "2bc2bn1/4a4/p3pap1p/4k4/9/C3KP3/4BP1PN/NrA2RA2/6B2 b - - 0 25",
    NULL,
};

#define BENCH_DEPTH_ZG 8
#define BENCH_DEPTH_OTHER 6
#define BENCH_DEPTH_WIDE 4
#define BENCH_HASH_MB 16

/* Other rulesets: the start and two positions reached by a fixed
 * pseudo-random walk, so any game gets a reproducible bench. */
static int walk_positions(const qp_rules *r, char fens[3][512])
{
    void *s = qp_state_new(r);
    qp_move mv[QP_MAX_MOVES];
    uint64_t x = 0x2545F4914F6CDD1Dull;
    int k = 0;
    r->rs->setup(r, s);
    for (int ply = 0; ply <= 12 && k < 3; ply++) {
        if (ply % 6 == 0) {
            if (r->rs->fen_print) r->rs->fen_print(r, s, fens[k], 512);
            else fens[k][0] = 0;
            k++;
        }
        int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
        if (n == 0) break;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        r->rs->make(r, s, mv[x % (uint64_t)n], NULL);
    }
    free(s);
    return k;
}

/* The ruleset's built-in defaults, not its editable default configuration,
 * so the signature moves only with the code; --config still applies. */
static qp_rules *bench_rules(qp_app *app, const char *name, const char *config)
{
    if (config) return qp_app_open_rules(app, name, config);
    const qp_ruleset *rs = qp_registry_find(&app->reg, name);
    if (!rs) {
        fprintf(stderr, "qipan: unknown ruleset '%s' (see 'qipan list')\n", name);
        return NULL;
    }
    char err[QP_ERR];
    qp_params p;
    qp_rules *r = NULL;
    if (qp_params_init(&p, rs->params, err, sizeof err) == 0) r = qp_rules_create(rs, &p, err, sizeof err);
    if (!r) fprintf(stderr, "qipan: %s: %s\n", name, err);
    return r;
}

/* ---- bench --playouts ------------------------------------------------------ */

/* A game that may not end (no max_game_plies) stops after this many plies;
 * such playouts are counted as capped, neither won nor drawn. */
#define BENCH_PLAYOUT_CAP 1000

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* N playouts from the start position, each move drawn uniformly among the
 * legal ones by splitmix64 from the seed, to the game's own end: the
 * position's verdict (gen lists no move) or a history rule (the game
 * layer's repetition and no-capture draws).  What is played depends only
 * on the seed, so the first two lines (totals, results) are a signature;
 * the last line is the speed. */
static int bench_playouts(const qp_rules *r, long playouts, uint64_t seed)
{
    qp_game g;
    char err[QP_ERR];
    qp_move *mv = malloc(sizeof *mv * QP_MAX_MOVES);
    if (!mv || qp_game_init(&g, r, NULL, err, sizeof err)) {
        fprintf(stderr, "qipan: bench: %s\n", mv ? err : "out of memory");
        free(mv);
        return 1;
    }
    int cap = r->max_game_plies > 0 ? r->max_game_plies : BENCH_PLAYOUT_CAP;
    uint64_t x = seed, plies = 0, sum = 0xcbf29ce484222325ull;   /* FNV-1a over the moves */
    long wins[2] = {0, 0}, draws = 0, capped = 0;
    double t0 = wall_s();
    for (long p = 0; p < playouts; p++) {
        qp_game_reset(&g);
        qp_outcome o = {QP_ONGOING, -1, ""};
        int ply = 0;
        for (;; ply++) {
            qp_game_outcome(&g, &o);
            if (o.result != QP_ONGOING) break;
            int n = r->rs->gen(r, g.cur, mv, QP_GEN_ALL);
            if (n == 0) {   /* against gen's contract; judged as the ruleset says */
                r->rs->outcome(r, g.cur, &o);
                break;
            }
            if (ply == cap) break;
            qp_move m = mv[qp_splitmix64(&x) % (uint64_t)n];
            /* superko: a move the game refuses is drawn again among the
             * others, which keeps the draw uniform over the legal moves */
            while (r->draw.superko && !qp_game_superko_allows(&g, m) && n > 1) {
                for (int i = 0; i < n; i++)
                    if (mv[i] == m) mv[i] = mv[--n];
                m = mv[qp_splitmix64(&x) % (uint64_t)n];
            }
            sum = (sum ^ m) * 0x100000001b3ull;
            qp_game_play(&g, m);
        }
        plies += (uint64_t)ply;
        sum = (sum ^ (uint64_t)ply) * 0x100000001b3ull;
        if (o.result == QP_WIN && o.winner >= 0 && o.winner < 2) wins[o.winner]++;
        else if (o.result == QP_DRAW) draws++;
        else capped++;
    }
    double dt = wall_s() - t0;
    printf("playouts %ld plies %llu mean %.2f capped %ld (cap %d plies) checksum %016llx\n", playouts,
           (unsigned long long)plies, playouts ? (double)plies / (double)playouts : 0.0, capped, cap,
           (unsigned long long)sum);
    if (r->nsides == 1)
        printf("solved %ld failed %ld\n", wins[0], wins[1] + draws);
    else
        printf("%s %ld %s %ld draw %ld\n", qp_side_name(r, 0), wins[0], qp_side_name(r, 1), wins[1], draws);
    printf("time %.3f s playouts/s %.0f moves/s %.0f\n", dt, dt > 0 ? playouts / dt : 0.0,
           dt > 0 ? (double)plies / dt : 0.0);
    if (r->failed) {
        fprintf(stderr, "qipan: bench: a hook of the game failed: the playouts are wrong\n");
        qp_game_free(&g);
        free(mv);
        return 1;
    }
    qp_game_free(&g);
    free(mv);
    return 0;
}

int cmd_bench(qp_app *app, int argc, char **argv)
{
    qp_opts o;
    if (qp_opts_parse(&o, argc, argv)) return 2;
    long playouts = o.playouts;
    uint64_t seed = o.has_seed ? o.seed : 1;
    bool has_seed = o.has_seed;
    if (o.npos > 1) {
        fprintf(stderr, "usage: qipan bench [RULESET] [--depth N | --playouts N [--seed S]] [--config FILE]\n");
        return 2;
    }
    if (playouts && o.has_depth) {
        fprintf(stderr, "qipan: bench: --depth is the search's, --playouts the random games': not both\n");
        return 2;
    }
    if (has_seed && !playouts) {
        fprintf(stderr, "qipan: bench: --seed needs --playouts\n");
        return 2;
    }
    const char *name = o.npos ? o.pos[0] : "zhonggong";
    qp_rules *r = bench_rules(app, name, o.config);
    if (!r) return 1;
    if (playouts) {
        int rc = bench_playouts(r, playouts, seed);
        qp_rules_free(r);
        return rc;
    }

    char fens[16][512];
    int nfen = 0;
    int depth;
    if (!strcmp(r->rs->name, "zhonggong")) {
        for (; zg_bench[nfen] && nfen < 16; nfen++) snprintf(fens[nfen], 512, "%s", zg_bench[nfen]);
        depth = BENCH_DEPTH_ZG;
    } else {
        nfen = walk_positions(r, fens);
        depth = BENCH_DEPTH_OTHER;
        /* wide games (gomoku: 225 first moves) search shallower */
        void *st = qp_state_new(r);
        qp_move mv[QP_MAX_MOVES];
        r->rs->setup(r, st);
        if (r->rs->gen(r, st, mv, QP_GEN_ALL) > 100) depth = BENCH_DEPTH_WIDE;
        free(st);
    }
    if (o.has_depth && o.depth > 0) depth = o.depth;

    qp_search *s = qp_search_new(r, BENCH_HASH_MB);
    if (!s) {
        fprintf(stderr, "qipan: out of memory for the search\n");
        qp_rules_free(r);
        return 1;
    }
    uint64_t nodes = 0;
    int64_t ms = 0;
    int rc = 0;
    for (int i = 0; i < nfen; i++) {
        qp_game g;
        char err[QP_ERR];
        if (qp_game_init(&g, r, fens[i][0] ? fens[i] : NULL, err, sizeof err)) {
            fprintf(stderr, "qipan: bench position %d: %s\n", i + 1, err);
            rc = 1;
            break;
        }
        qp_search_clear(s);
        qp_search_limits lim = {0};
        lim.depth = depth;
        lim.level = 10;
        qp_search_info info;
        qp_move best = qp_search_run(s, &g, &lim, NULL, NULL, &info);
        char t[QP_MOVE_TEXT];
        move_text(r, g.cur, best, t, sizeof t);
        printf("position %d: %s\n", i + 1, fens[i]);
        printf("  depth %d score %d nodes %llu time %d bestmove %s\n", info.depth, info.score,
               (unsigned long long)info.nodes, info.time_ms, t);
        fflush(stdout);
        nodes += info.nodes;
        ms += info.time_ms;
        qp_game_free(&g);
    }
    if (rc == 0)
        printf("nodes %llu nps %llu\n", (unsigned long long)nodes,
               (unsigned long long)(ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes));
    qp_search_free(s);
    qp_rules_free(r);
    return rc;
}
