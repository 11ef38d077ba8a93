/*
 * test_texel.c — the pure part of the Texel tuner (tools/texel/fit.c):
 * the loss, the fit of K and the coordinate descent, on synthetic sets
 * whose answer is known because the labels were made from it; and
 * `texel label` (tools/engine's UCI client) run on small files, with
 * `qipan uci` and with a scripted fake engine as the engine.
 */
#include "testutil.h"
#include "engine.h"
#include "fileio.h"
#include "fit.h"
#include "zg_eval.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NPOS 400
#define NW 3

/* Synthetic positions: features f_ij, true score e_i = Σ w_j f_ij, label
 * r_i = σ(K_true · e_i) (an expected result, noise-free). */
typedef struct synth {
    int feat[NPOS][NW];
    double result[NPOS];
    int score[NPOS];
    double k;
    int calls;
} synth;

static const int true_w[NW] = {100, 35, -20};
#define TRUE_K 0.004

static void make_synth(synth *s)
{
    unsigned x = 12345;
    for (int i = 0; i < NPOS; i++) {
        for (int j = 0; j < NW; j++) {
            x = x * 1103515245u + 12345u;
            s->feat[i][j] = (int)((x >> 16) % 9) - 4;   /* -4..4 */
        }
        int e = 0;
        for (int j = 0; j < NW; j++) e += true_w[j] * s->feat[i][j];
        s->result[i] = texel_sigmoid(TRUE_K, e);
    }
    s->k = TRUE_K;
    s->calls = 0;
}

static double synth_loss(const int *w, void *ud)
{
    synth *s = ud;
    s->calls++;
    for (int i = 0; i < NPOS; i++) {
        s->score[i] = 0;
        for (int j = 0; j < NW; j++) s->score[i] += w[j] * s->feat[i][j];
    }
    return texel_mse(s->score, s->result, NPOS, s->k);
}

static void test_sigmoid_and_mse(void **state)
{
    (void)state;
    assert_true(fabs(texel_sigmoid(0.01, 0) - 0.5) < 1e-12);
    assert_true(fabs(texel_sigmoid(0.01, 100) - 1.0 / (1.0 + exp(-1.0))) < 1e-12);
    assert_true(fabs(texel_sigmoid(0.01, -100) + texel_sigmoid(0.01, 100) - 1.0) < 1e-12);
    /* Two positions, scores 0 and 100 with K = 0.01, results 1 and 0:
     * errors 0.5 and σ(1) = 0.7311, mean of squares 0.39226. */
    int score[2] = {0, 100};
    double result[2] = {1.0, 0.0};
    double want = (0.25 + pow(1.0 / (1.0 + exp(-1.0)), 2)) / 2.0;
    assert_true(fabs(texel_mse(score, result, 2, 0.01) - want) < 1e-12);
    assert_true(texel_mse(score, result, 0, 0.01) == 0.0);
}

static void test_fit_k_recovers_the_scale(void **state)
{
    (void)state;
    synth *s = malloc(sizeof *s);
    assert_non_null(s);
    make_synth(s);
    synth_loss(true_w, s);
    double k = texel_fit_k(s->score, s->result, NPOS);
    assert_true(fabs(k - TRUE_K) / TRUE_K < 1e-3);
    assert_true(texel_mse(s->score, s->result, NPOS, k) < 1e-9);
    /* Halving every score doubles the fitted K. */
    for (int i = 0; i < NPOS; i++) s->score[i] /= 2;
    double k2 = texel_fit_k(s->score, s->result, NPOS);
    assert_true(k2 > 1.8 * TRUE_K && k2 < 2.2 * TRUE_K);
    free(s);
}

static void test_descent_finds_the_weights(void **state)
{
    (void)state;
    synth *s = malloc(sizeof *s);
    assert_non_null(s);
    make_synth(s);
    int w[NW] = {60, 80, 10}, lo[NW] = {0, 0, -100}, hi[NW] = {500, 500, 100};
    double before = synth_loss(w, s);
    const char *names[NW] = {"a", "b", "c"};
    double after = texel_descend(w, lo, hi, NW, synth_loss, s, 200, 8, names, NULL);
    assert_true(after < before / 100);
    assert_true(fabs(after - synth_loss(w, s)) < 1e-15);   /* w is the best vector */
    for (int j = 0; j < NW; j++) assert_true(abs(w[j] - true_w[j]) <= 2);
    free(s);
}

static void test_descent_keeps_bounds(void **state)
{
    (void)state;
    synth *s = malloc(sizeof *s);
    assert_non_null(s);
    make_synth(s);
    /* The best first weight (100) is out of reach: it ends on its bound. */
    int w[NW] = {10, 35, -20}, lo[NW] = {0, 0, -100}, hi[NW] = {50, 500, 100};
    texel_descend(w, lo, hi, NW, synth_loss, s, 200, 1, NULL, NULL);
    assert_int_equal(w[0], 50);
    assert_true(w[1] >= 0 && w[1] <= 500 && w[2] >= -100 && w[2] <= 100);
    /* Zero rounds: one evaluation, nothing changes. */
    int v[NW] = {10, 35, -20};
    s->calls = 0;
    texel_descend(v, lo, hi, NW, synth_loss, s, 0, 8, NULL, NULL);
    assert_int_equal(s->calls, 1);
    assert_int_equal(v[0], 10);
    free(s);
}

/* Position-file lines: the FEN and side 0's result, or -1 with the line
 * left alone. */
static void test_split_line(void **state)
{
    (void)state;
    double res = -2;
    char a[] = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 ; 0.5\n";
    assert_int_equal(texel_split_line(a, &res), 0);
    assert_string_equal(a, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_true(res == 0.5);
    char b[] = "FEN;1";
    assert_int_equal(texel_split_line(b, &res), 0);
    assert_string_equal(b, "FEN");
    assert_true(res == 1);
    static const char *const bad[] = {"FEN ; 2", "FEN ; -1", "FEN ; x", "FEN ;", "FEN 1-0"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char t[32];
        snprintf(t, sizeof t, "%s", bad[i]);
        res = -2;
        assert_int_equal(texel_split_line(t, &res), -1);
        assert_string_equal(t, bad[i]);
        assert_true(res == -2);
    }
}

/* ---- texel label ------------------------------------------------------- */

#define XQ_START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define XQ_OPENED "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3"
#define XQ_BAD "rnbakabnr/9/1c5c1/p1p1p1p1p/9/zz w - - 0 1"

/* Checks that text is exactly the lines "FEN<TAB>INTEGER" of fens, in
 * order; the integers go to score. */
static void check_labels(const char *text, const char *const *fens, int n, int *score)
{
    char *copy = strdup(text), *save = NULL;
    int i = 0;
    for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save), i++) {
        char *tab = strchr(l, '\t');
        if (i >= n || !tab) fail_msg("unexpected label line %d: '%s'", i + 1, l);
        *tab = 0;
        assert_string_equal(l, fens[i]);
        char *end;
        long v = strtol(tab + 1, &end, 10);
        if (end == tab + 1 || *end) fail_msg("label '%s' is not an integer", tab + 1);
        score[i] = (int)v;
    }
    assert_int_equal(i, n);
    free(copy);
}

/* qipan's own UCI engine labels the good positions of a file in order, at
 * depth 2; the bad FEN between them is reported as FILE:LINE with its
 * text; xq_fit reads the result. */
static void test_label_with_qipan_uci(void **state)
{
    (void)state;
    char in[64], lab[64], cmd[1024], *out, *err;
    snprintf(in, sizeof in, "%s",
             tu_tmpfile("# two good positions, a bad one between them\n" XQ_START " ; 0.5\n" XQ_BAD
                        " ; 1\n" XQ_OPENED "\t35\n",
                        ".txt"));
    snprintf(lab, sizeof lab, "%s", tu_tmpfile("", ".tsv"));
    snprintf(cmd, sizeof cmd,
             "'%s' label --ruleset xiangqi --engine '%s uci' --depth 2 --out %s %s", TEXEL_BIN,
             QIPAN_BIN, lab, in);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    char want[256];
    snprintf(want, sizeof want, "%s:3: bad FEN '%s'", in, XQ_BAD);
    if (!strstr(err, want)) fail_msg("no '%s' in: %s", want, err);
    assert_non_null(strstr(err, "label: 2 labelled, 0 skipped"));
    free(out);
    free(err);
    static const char *const fens[] = {XQ_START, XQ_OPENED};
    int score[2];
    check_labels(tu_read_text(lab), fens, 2, score);
    for (int i = 0; i < 2; i++) assert_true(abs(score[i]) < 500);   /* openings are balanced */
    snprintf(cmd, sizeof cmd, "'%s' %s --epochs 1 --holdout 0", XQ_FIT_BIN, lab);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    if (!strstr(out, "positions 2 ")) fail_msg("xq_fit: %s%s", out, err);
    free(out);
    free(err);
    unlink(in);
    unlink(lab);
}

/* Runs cmd; fails unless it exits with rc, its stdout holds out_has and
 * not out_lacks, and its stderr holds err_has (each NULL: not checked). */
static void expect_cmd(const char *cmd, int rc, const char *out_has, const char *out_lacks,
                       const char *err_has)
{
    char *out, *err;
    int got = tu_run_cmd(cmd, NULL, &out, &err);
    if (got != rc || (out_has && !strstr(out, out_has)) || (out_lacks && strstr(out, out_lacks)) ||
        (err_has && !strstr(err, err_has)))
        fail_msg("%s: exit %d (want %d)\nstdout: %s\nstderr: %s", cmd, got, rc, out, err);
    free(out);
    free(err);
}

/* xq_fit --holdout-file: the DATA files train, the named file's positions
 * are the holdout (whole games held out); a bad line there is named by
 * FILE:LINE and nothing is fitted. */
static void test_xq_fit_holdout_file(void **state)
{
    (void)state;
    char a[64], b[64], bad[64], cmd[1024], want[128];
    snprintf(a, sizeof a, "%s", tu_tmpfile(XQ_START "\t10\n" XQ_OPENED "\t35\n", ".tsv"));
    snprintf(b, sizeof b, "%s", tu_tmpfile("# held-out game\n" XQ_OPENED "\t-20\n", ".tsv"));
    snprintf(bad, sizeof bad, "%s", tu_tmpfile(XQ_START "\t0\nnot a position\n", ".tsv"));
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout-file %s --epochs 1", XQ_FIT_BIN, a, b);
    expect_cmd(cmd, 0, "positions 3 (train 2, holdout 1)", NULL, NULL);
    /* The holdout again, each table at the K that suits it there: with no
     * epoch the fitted table is the table in use, and K fitted on the
     * holdout does no worse there than the training data's K. */
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout-file %s --epochs 0", XQ_FIT_BIN, a, b);
    {
        char *out, *err;
        assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
        double k, train, hold, own0, k0, own1, k1;
        const char *l1 = strstr(out, "K "), *l2 = strstr(out, "holdout at its own K: ");
        if (!l1 || !l2 ||
            sscanf(l1, "K %lf  loss train %lf holdout %lf", &k, &train, &hold) != 3 ||
            sscanf(l2, "holdout at its own K: table in use %lf (K %lf), fitted %lf (K %lf)", &own0,
                   &k0, &own1, &k1) != 4)
            fail_msg("xq_fit: %s%s", out, err);
        assert_true(own0 == own1 && k0 == k1);
        assert_true(own0 <= hold + 1e-9);
        free(out);
        free(err);
    }
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout 0 --epochs 0", XQ_FIT_BIN, a);
    expect_cmd(cmd, 0, "positions 2 (train 2, holdout 0)", "own K", NULL);
    /* two DATA files and the default share: the last 10% of 4 rounds to 1 */
    snprintf(cmd, sizeof cmd, "'%s' %s %s --epochs 1", XQ_FIT_BIN, a, a);
    expect_cmd(cmd, 0, "positions 4 (train 3, holdout 1)", NULL, NULL);
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout-file %s --epochs 1", XQ_FIT_BIN, a, bad);
    snprintf(want, sizeof want, "%s:2: expected FEN<TAB>label or 'FEN ; RESULT'", bad);
    expect_cmd(cmd, 1, NULL, "positions", want);
    unlink(a);
    unlink(b);
    unlink(bad);
}

/* Runs an xq_fit command line that must succeed; the tempo it printed. */
static int fitted_tempo(const char *cmd)
{
    char *out, *err;
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    const char *t = strstr(out, "\ntempo ");
    int v;
    if (!t || sscanf(t, "\ntempo %d", &v) != 1)
        fail_msg("%s: no tempo line in: %s%s", cmd, out, err);
    free(out);
    free(err);
    return v;
}

/* xq_fit --only: the named weights move, every other stays.  The side to
 * move's bonus is fitted only when TEMPO is named or with --fit-tempo
 * (from --tempo 0, to labels that favour the side to move in both colours
 * of one position, which only the tempo can tell apart).  An unknown name
 * is refused.  --residuals writes a line per quiet position. */
static void test_xq_fit_only_tempo_residuals(void **state)
{
    (void)state;
    /* a chariot each, attacking nothing: equal for either side to move
     * but for the tempo */
    static const char *even_w = "r4k3/9/9/9/9/9/9/9/9/3K4R w - - 0 1",
                      *even_b = "r4k3/9/9/9/9/9/9/9/9/3K4R b - - 0 1";
    char data[64], in_use[64], only[64], res[64], cmd[1024], text[512];
    snprintf(text, sizeof text, "%s\t150\n%s\t150\n%s\t60\n", even_w, even_b, XQ_OPENED);
    snprintf(data, sizeof data, "%s", tu_tmpfile(text, ".tsv"));
    snprintf(in_use, sizeof in_use, "%s", tu_tmpfile("", ".c"));
    snprintf(only, sizeof only, "%s", tu_tmpfile("", ".c"));
    snprintf(res, sizeof res, "%s", tu_tmpfile("", ".tsv"));
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout 0 --epochs 0 --out %s", XQ_FIT_BIN, data, in_use);
    expect_cmd(cmd, 0, "positions 3 (train 3, holdout 0)", NULL, NULL);
    snprintf(cmd, sizeof cmd,
             "'%s' %s --holdout 0 --epochs 300 --tempo 0 --only THREAT_ONE --out %s", XQ_FIT_BIN,
             data, only);
    assert_int_equal(fitted_tempo(cmd), 0);
    /* The same table: THREAT_ONE is the only weight free, and no
     * position here has a threatened piece. */
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", in_use, only);
    expect_cmd(cmd, 0, NULL, NULL, NULL);
    snprintf(cmd, sizeof cmd,
             "'%s' %s --holdout 0 --epochs 300 --tempo 0 --only TEMPO --residuals %s", XQ_FIT_BIN,
             data, res);
    int tempo = fitted_tempo(cmd);
    if (tempo < 5) fail_msg("--only TEMPO: tempo %d, from 0", tempo);
    /* A whole fit keeps the tempo unless told to fit it. */
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout 0 --epochs 50 --tempo 0", XQ_FIT_BIN, data);
    expect_cmd(cmd, 0, "\ntempo 0 (eval.tempo, 0 before)", NULL, NULL);
    snprintf(cmd, sizeof cmd, "'%s' %s --holdout 0 --epochs 300 --tempo 0 --fit-tempo", XQ_FIT_BIN,
             data);
    tempo = fitted_tempo(cmd);
    if (tempo < 5) fail_msg("--fit-tempo: tempo %d, from 0", tempo);
    const char *r = tu_read_text(res);
    int lines = 0;
    for (const char *p = r; (p = strchr(p, '\n')); p++) lines++;
    assert_int_equal(lines, 3);
    char want[160];
    snprintf(want, sizeof want, "%s\ttrain\t", XQ_OPENED);
    if (!strstr(r, want)) fail_msg("no '%s' in: %s", want, r);
    snprintf(cmd, sizeof cmd, "'%s' %s --only THREAT_ONE,NOPE", XQ_FIT_BIN, data);
    expect_cmd(cmd, 2, NULL, "positions",
               "xq_fit: --only: unknown term 'NOPE' (TEMPO or one of HORSE_MOB");
    unlink(data);
    unlink(in_use);
    unlink(only);
    unlink(res);
}

/* Three games from the usual start (master games' first plies). */
#define MF_G1 "h3e3 h10g8 h1g3 i10h10 c4c5 h8i8 b1c3 h10h5 e4e5"
#define MF_G2 "c4c5 g7g6 h3g3 c10e8 h1i3 h10g8 i1h1 i10h10"
#define MF_G3 "b3e3 h10g8 h1g3 i10h10 i1h1 h8i8 h3h7 c10e8"

/* The training figures of one of xq_movefit's report lines. */
static void movefit_line(const char *out, const char *what, double *ce, double *agree)
{
    const char *l = strstr(out, what);
    if (!l || sscanf(l + strlen(what), ": train ce %lf agree %lf", ce, agree) != 2)
        fail_msg("no '%s' line in: %s", what, out);
}

/* xq_movefit: the games an openings file names are not read (the same
 * fit as without them); with no epoch the table written is the table in
 * use, byte for byte; a fit lowers the cross-entropy of the moves played
 * and does not lower how often the best-valued move is the one played;
 * an illegal move or a bad game id is named by FILE:LINE. */
static void test_xq_movefit(void **state)
{
    (void)state;
    char all[64], some[64], ex[64], bad[64], badex[64], w0[64], wa[64], wb[64], cmd[1024];
    snprintf(all, sizeof all, "%s",
             tu_tmpfile("# id, event, red, black, moves\n1\tA\tx\ty\t" MF_G1 "\n2\tB\tx\ty\t" MF_G2
                        "\n3\tC\tx\ty\t" MF_G3 "\n", ".tsv"));
    snprintf(some, sizeof some, "%s",
             tu_tmpfile("1\tA\tx\ty\t" MF_G1 "\n3\tC\tx\ty\t" MF_G3 "\n", ".tsv"));
    snprintf(ex, sizeof ex, "%s",
             tu_tmpfile("# Held out: the games\n# games they come from:\n# games 2 7\n"
                        "h3e3 h10g8  # +10\n", ".txt"));
    snprintf(bad, sizeof bad, "%s",
             tu_tmpfile("1\tA\tx\ty\t" MF_G1 "\n2\tB\tx\ty\tc4c5 z1z1\n", ".tsv"));
    snprintf(badex, sizeof badex, "%s", tu_tmpfile("# games 4 x\n", ".txt"));
    snprintf(w0, sizeof w0, "%s", tu_tmpfile("", ".c"));
    snprintf(wa, sizeof wa, "%s", tu_tmpfile("", ".c"));
    snprintf(wb, sizeof wb, "%s", tu_tmpfile("", ".c"));

    snprintf(cmd, sizeof cmd, "'%s' %s --from-ply 0 --holdout 0 --epochs 0 --out %s",
             XQ_MOVEFIT_BIN, all, w0);
    expect_cmd(cmd, 0, "games 3 (excluded 0), positions ", NULL, NULL);
    snprintf(cmd, sizeof cmd, "cmp -s %s '%s'", w0, XQ_WEIGHTS_SRC);
    expect_cmd(cmd, 0, NULL, NULL, NULL);

    char *out_a, *out_b, *err;
    snprintf(cmd, sizeof cmd, "'%s' %s --exclude %s --from-ply 0 --holdout 0 --epochs 40 --out %s",
             XQ_MOVEFIT_BIN, all, ex, wa);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out_a, &err), 0);
    free(err);
    snprintf(cmd, sizeof cmd, "'%s' %s --from-ply 0 --holdout 0 --epochs 40 --out %s",
             XQ_MOVEFIT_BIN, some, wb);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out_b, &err), 0);
    free(err);
    assert_non_null(strstr(out_a, "games 2 (excluded 1), positions "));
    /* the rest of the first line, and every figure after it, agree */
    assert_string_equal(strstr(out_a, "positions "), strstr(out_b, "positions "));
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", wa, wb);
    expect_cmd(cmd, 0, NULL, NULL, NULL);
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", wa, w0);
    expect_cmd(cmd, 1, NULL, NULL, NULL);
    double ce0, ag0, ce1, ag1;
    movefit_line(out_a, "table in use", &ce0, &ag0);
    movefit_line(out_a, "fitted, rounded", &ce1, &ag1);
    if (!(ce1 < ce0) || ag1 < ag0) fail_msg("no fit: %s", out_a);
    free(out_a);
    free(out_b);

    char want[160];
    snprintf(cmd, sizeof cmd, "'%s' %s --from-ply 0", XQ_MOVEFIT_BIN, bad);
    snprintf(want, sizeof want,
             "%s:2: ply 2: bad move text 'z1z1' (expected two points such as h3e3)", bad);
    expect_cmd(cmd, 1, NULL, "games", want);
    snprintf(cmd, sizeof cmd, "'%s' %s --exclude %s", XQ_MOVEFIT_BIN, all, badex);
    snprintf(want, sizeof want, "%s:1: bad game id 'x'", badex);
    expect_cmd(cmd, 1, NULL, "games", want);
    snprintf(cmd, sizeof cmd, "'%s' %s --temp 0", XQ_MOVEFIT_BIN, all);
    expect_cmd(cmd, 2, NULL, "games", "usage: xq_movefit GAMES...");
    const char *files[] = {all, some, ex, bad, badex, w0, wa, wb};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) unlink(files[i]);
}

/* The first two entries of a piece type's own-rank-0 row in zg_fit's
 * C output, or fails. */
static void zg_row0(const char *c, const char *type, int *a, int *b)
{
    char mark[64];
    snprintf(mark, sizeof mark, "/* %s */", type);
    const char *p = strstr(c, mark);
    if (!p || !(p = strchr(p + strlen(mark), '{')) || !(p = strchr(p + 1, '{')) ||
        sscanf(p, "{%d, %d,", a, b) != 2)
        fail_msg("no %s row in:\n%s", type, c);
}

/* zg_fit learns a planted signal: a chariot on its a1 wins and one on its
 * b1 loses, with either side to move (the fit must turn the features and
 * the result to the mover's view).  K is given: the planted positions
 * score 0, which leaves it free.  A bad line is FILE:LINE. */
static void test_zg_fit_learns(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "7r1/9/9/4k4/9/4K4/9/9/R8 w - - 0 1 ; 1", "7r1/9/9/4k4/9/4K4/9/9/R8 b - - 0 1 ; 1",
        "8r/9/9/4k4/9/4K4/9/9/1R7 w - - 0 1 ; 0", "8r/9/9/4k4/9/4K4/9/9/1R7 b - - 0 1 ; 0",
    };
    char text[4096], in[64], outc[64], cmd[1024], *out, *err;
    size_t used = 0;
    for (int i = 0; i < 40; i++) {
        int w = snprintf(text + used, sizeof text - used, "%s\n", lines[i % 4]);
        assert_true(w > 0 && (size_t)w < sizeof text - used);
        used += (size_t)w;
    }
    snprintf(in, sizeof in, "%s", tu_tmpfile(text, ".txt"));
    snprintf(outc, sizeof outc, "%s", tu_tmpfile("", ".c"));
    snprintf(cmd, sizeof cmd, "'%s' %s --epochs 200 --holdout 0 --k 0.005 --out %s", ZG_FIT_BIN, in, outc);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    if (!strstr(out, "positions 40 (train 40, holdout 0), not quiet 0")) fail_msg("zg_fit: %s%s", out, err);
    free(out);
    free(err);
    const char *c = tu_read_text(outc);
    int a, b;
    zg_row0(c, "chariot", &a, &b);
    int a0 = zg_placement[ZG_CHARIOT][0][0], b0 = zg_placement[ZG_CHARIOT][0][1];
    if (a - b < a0 - b0 + 100) fail_msg("a1 %d b1 %d, from %d %d", a, b, a0, b0);
    unlink(in);
    snprintf(in, sizeof in, "%s", tu_tmpfile("# planted\n7r1/9/9/4k4/9/4K4/9/9/R8 w - - 0 1 ; 2\n", ".txt"));
    snprintf(cmd, sizeof cmd, "'%s' %s", ZG_FIT_BIN, in);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 1);
    char want[128];
    snprintf(want, sizeof want, "%s:2: expected 'FEN ; RESULT' with RESULT 0..1", in);
    if (!strstr(err, want)) fail_msg("no '%s' in: %s", want, err);
    free(out);
    free(err);
    unlink(in);
    unlink(outc);
}

/* An engine in another game refuses the positions (and would answer for
 * its previous one): each is reported with the engine's words, none is
 * labelled. */
static void test_label_refused_positions(void **state)
{
    (void)state;
    char in[64], lab[64], cmd[1024], *out, *err;
    snprintf(in, sizeof in, "%s", tu_tmpfile(XQ_START "\n" XQ_OPENED "\n", ".txt"));
    snprintf(lab, sizeof lab, "%s", tu_tmpfile("", ".tsv"));
    snprintf(cmd, sizeof cmd,
             "'%s' label --ruleset xiangqi --engine '%s uci' --option UCI_Variant=zhonggong "
             "--depth 1 --out %s %s",
             TEXEL_BIN, QIPAN_BIN, lab, in);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    char want[256];
    for (int ln = 1; ln <= 2; ln++) {
        snprintf(want, sizeof want, "%s:%d: the engine refused '%s': error: bad fen: ", in, ln,
                 ln == 1 ? XQ_START : XQ_OPENED);
        if (!strstr(err, want)) fail_msg("no '%s' in: %s", want, err);
    }
    if (!strstr(err, "label: 0 labelled, 0 skipped (mate, |cp| >= 2000 or no score), 2 bad lines"))
        fail_msg("summary: %s", err);
    assert_string_equal(tu_read_text(lab), "");
    free(out);
    free(err);
    unlink(in);
    unlink(lab);
}

/* A scripted engine: which score of its info lines is the label (the last
 * exact one of the first multipv), which are skipped (mate, |cp| >= 2000),
 * and its death at the fifth position: an error naming the line, with the
 * labels so far kept. */
static void test_label_scores_and_dead_engine(void **state)
{
    (void)state;
    static const char script[] =
        "n=0\n"
        "while read -r cmd rest; do\n"
        "  case \"$cmd\" in\n"
        "  uci) echo 'id name fake'; echo uciok ;;\n"
        "  isready) echo readyok ;;\n"
        "  go) n=$((n + 1))\n"
        "    case $n in\n"
        "    1) echo 'info depth 1 score cp 12 pv a1a2'; echo 'info depth 2 score cp 30 lowerbound';\n"
        "       echo 'info string score cp 999'; echo 'info depth 2 multipv 2 score cp 77' ;;\n"
        "    2) echo 'info depth 1 score cp 40'; echo 'info depth 2 score mate 3' ;;\n"
        "    3) echo 'info depth 2 score cp -2000' ;;\n"
        "    4) echo 'info depth 2 multipv 1 score cp -1999 nodes 10 pv a1a2' ;;\n"
        "    *) exit 3 ;;\n"
        "    esac\n"
        "    echo 'bestmove a1a2' ;;\n"
        "  quit) exit 0 ;;\n"
        "  esac\n"
        "done\n";
    char sh[64], in[64], lab[64], cmd[1024], *out, *err;
    snprintf(sh, sizeof sh, "%s", tu_tmpfile(script, ".sh"));
    snprintf(in, sizeof in, "%s",
             tu_tmpfile(XQ_START "\n" XQ_OPENED "\n" XQ_START "\n" XQ_OPENED "\n" XQ_START "\n"
                        XQ_OPENED "\n",
                        ".txt"));
    snprintf(lab, sizeof lab, "%s", tu_tmpfile("", ".tsv"));
    snprintf(cmd, sizeof cmd, "'%s' label --ruleset xiangqi --engine 'sh %s' --depth 5 --out %s %s",
             TEXEL_BIN, sh, lab, in);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 1);
    char want[128];
    snprintf(want, sizeof want, "%s:5: the engine died (exit status 3)", in);
    if (!strstr(err, want)) fail_msg("no '%s' in: %s", want, err);
    assert_non_null(strstr(err, "label: 2 labelled, 2 skipped"));
    free(out);
    free(err);
    static const char *const fens[] = {XQ_START, XQ_OPENED};
    int score[2];
    check_labels(tu_read_text(lab), fens, 2, score);
    assert_int_equal(score[0], 12);
    assert_int_equal(score[1], -1999);
    unlink(sh);
    unlink(in);
    unlink(lab);
}

/* ---- match's PGN ------------------------------------------------------- */

/* A move comment of match: "+0.35/14 0.998s" or "-M3/20 0.120s". */
static bool is_move_note(const char *c)
{
    if (*c != '+' && *c != '-') return false;
    c++;
    if (*c == 'M') {
        c++;
        if (!isdigit((unsigned char)*c)) return false;
        while (isdigit((unsigned char)*c)) c++;
    } else {
        if (!isdigit((unsigned char)*c)) return false;
        while (isdigit((unsigned char)*c)) c++;
        if (c[0] != '.' || !isdigit((unsigned char)c[1]) || !isdigit((unsigned char)c[2])) return false;
        c += 3;
    }
    if (*c++ != '/' || !isdigit((unsigned char)*c)) return false;
    while (isdigit((unsigned char)*c)) c++;
    if (*c++ != ' ' || !isdigit((unsigned char)*c)) return false;
    while (isdigit((unsigned char)*c)) c++;
    if (c[0] != '.' || !isdigit((unsigned char)c[1]) || !isdigit((unsigned char)c[2]) ||
        !isdigit((unsigned char)c[3]))
        return false;
    return !strcmp(c + 4, "s");
}

/* match --hash takes 1..4096 MiB: anything else is refused by name
 * before a game starts (a size too large to allocate crashed it). */
static void test_match_bad_hash(void **state)
{
    (void)state;
    static const char *const bad[] = {"0", "4097", "999999", "12x", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[1024], want[128], *out, *err;
        snprintf(cmd, sizeof cmd,
                 "'%s' engine --engine '%s uci' --ruleset xiangqi --games 2 --depth 1 --hash '%s'",
                 MATCH_BIN, QIPAN_BIN, bad[i]);
        assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 2);
        snprintf(want, sizeof want, "match: --hash must be 1..4096 (MiB), got '%s'\n", bad[i]);
        assert_string_equal(err, want);
        assert_string_equal(out, "");
        free(out);
        free(err);
    }
}

/* match against qipan uci writes every move after the opening with its
 * score, depth and time, and texel pgn reads the games back. */
static void test_match_pgn_notes(void **state)
{
    (void)state;
    char pgn[64], out_tsv[64], cmd[1024], *out, *err;
    snprintf(pgn, sizeof pgn, "%s", tu_tmpfile("", ".pgn"));
    snprintf(out_tsv, sizeof out_tsv, "%s", tu_tmpfile("", ".txt"));
    snprintf(cmd, sizeof cmd,
             "'%s' engine --engine '%s uci' --ruleset xiangqi --games 2 --depth 2 "
             "--opening 'h3e3 h10g8' --pgn %s",
             MATCH_BIN, QIPAN_BIN, pgn);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    /* The by-colour tally adds up to the total, one game per colour. */
    int w, d, l, c[2][3];
    const char *sum = strstr(out, "W-D-L "), *col = strstr(out, " by colour: red ");
    assert_non_null(sum);
    assert_non_null(col);
    assert_int_equal(sscanf(sum, "W-D-L %d-%d-%d", &w, &d, &l), 3);
    assert_int_equal(sscanf(col, " by colour: red %d-%d-%d, black %d-%d-%d", &c[0][0], &c[0][1],
                            &c[0][2], &c[1][0], &c[1][1], &c[1][2]),
                     6);
    assert_int_equal(c[0][0] + c[1][0], w);
    assert_int_equal(c[0][1] + c[1][1], d);
    assert_int_equal(c[0][2] + c[1][2], l);
    assert_int_equal(c[0][0] + c[0][1] + c[0][2], 1);
    assert_int_equal(c[1][0] + c[1][1] + c[1][2], 1);
    free(out);
    free(err);
    char *text, ferr[256];
    size_t len;
    assert_int_equal(qp_file_read(pgn, 1 << 20, &text, &len, ferr, sizeof ferr), 0);
    int games = 0, moves = 0, notes = 0;
    bool want_note = false;
    for (const char *p = text; *p;) {
        if (*p == '[') {            /* a tag line starts a game */
            if (!strncmp(p, "[Event ", 7)) games++, moves = 0;
            p += strcspn(p, "\n");
        } else if (*p == '{') {
            const char *end = strchr(p, '}');
            assert_non_null(end);
            char note[64];
            snprintf(note, sizeof note, "%.*s", (int)(end - p - 1), p + 1);
            if (!want_note || !is_move_note(note)) fail_msg("game %d: stray note {%s}", games, note);
            notes++;
            want_note = false;
            p = end + 1;
        } else if (isspace((unsigned char)*p)) {
            p++;
        } else {
            size_t w = strcspn(p, " \n");
            bool number = p[w - 1] == '.';
            bool result = !strncmp(p, "1-0", 3) || !strncmp(p, "0-1", 3) ||
                          !strncmp(p, "1/2-1/2", 7) || *p == '*';
            if (want_note) fail_msg("game %d: move %d has no note", games, moves);
            if (!number && !result) want_note = ++moves > 2;   /* the opening has none */
            p += w;
        }
    }
    free(text);
    assert_int_equal(games, 2);
    assert_true(notes > 10);
    snprintf(cmd, sizeof cmd, "'%s' pgn --ruleset xiangqi --out %s %s", TEXEL_BIN, out_tsv, pgn);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    if (!strstr(err, "pgn: 2 games, ") || strstr(err, "pgn: 2 games, 0 positions") ||
        strstr(err, "skipped"))
        fail_msg("texel pgn: %s", err);
    free(out);
    free(err);
    /* --scores labels positions with the notes: A's and B's (the two
     * qipan uci of the match) make up both's, each a FEN the notes were
     * written from, at most one a note. */
    static const char *const who[] = {"A", "B", "*", "nobody"};
    int labels[4];
    for (int k = 0; k < 4; k++) {
        unlink(out_tsv);   /* texel appends */
        snprintf(cmd, sizeof cmd, "'%s' pgn --ruleset xiangqi --skip 0 --scores '%s' --out %s %s",
                 TEXEL_BIN, who[k], out_tsv, pgn);
        assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
        free(out);
        free(err);
        char *lab;
        assert_int_equal(qp_file_read(out_tsv, 1 << 20, &lab, &len, ferr, sizeof ferr), 0);
        labels[k] = 0;
        for (char *l = lab, *nl; *l; l = nl + 1) {
            nl = strchr(l, '\n');
            assert_non_null(nl);
            char *tab = memchr(l, '\t', (size_t)(nl - l)), *end;
            assert_non_null(tab);
            long v = strtol(tab + 1, &end, 10);
            if (end != nl || v <= -2000 || v >= 2000) fail_msg("bad label line '%.*s'", (int)(nl - l), l);
            labels[k]++;
        }
        free(lab);
    }
    assert_true(labels[0] > 0 && labels[1] > 0);
    assert_int_equal(labels[0] + labels[1], labels[2]);
    assert_true(labels[2] <= notes);
    assert_int_equal(labels[3], 0);
    unlink(pgn);
    unlink(out_tsv);
}

/* The score and depth of single info lines. */
static void test_uci_info_score(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        int kind, score, depth;
    } cases[] = {
        {"info depth 3 seldepth 5 score cp -41 nodes 900 pv h2e2 h9g7", ENG_SCORE_CP, -41, 3},
        {"info depth 9 score mate -2 pv a1a2", ENG_SCORE_MATE, -2, 9},
        {"info multipv 1 depth 4 score cp 7", ENG_SCORE_CP, 7, 4},
        {"info score cp 8 nodes 5 pv a1a2 depth 6", ENG_SCORE_CP, 8, 0},
        {"info multipv 2 depth 4 score cp 7", ENG_SCORE_NONE, 0, 0},
        {"info depth 4 score cp 7 upperbound", ENG_SCORE_NONE, 0, 0},
        {"info string score cp 5", ENG_SCORE_NONE, 0, 0},
        {"info depth 4 nodes 10", ENG_SCORE_NONE, 0, 0},
        {"info depth 4 score cp x", ENG_SCORE_NONE, 0, 0},
        {"bestmove a1a2", ENG_SCORE_NONE, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int score = 12345, depth = 12345;
        int kind = eng_uci_info_score(cases[i].line, &score, &depth);
        if (kind != cases[i].kind) fail_msg("'%s': kind %d", cases[i].line, kind);
        assert_int_equal(score, kind == ENG_SCORE_NONE ? 12345 : cases[i].score);
        assert_int_equal(depth, kind == ENG_SCORE_NONE ? 12345 : cases[i].depth);
        score = 12345;
        assert_int_equal(eng_uci_info_score(cases[i].line, &score, NULL), kind);
        assert_int_equal(score, kind == ENG_SCORE_NONE ? 12345 : cases[i].score);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigmoid_and_mse),
        cmocka_unit_test(test_fit_k_recovers_the_scale),
        cmocka_unit_test(test_descent_finds_the_weights),
        cmocka_unit_test(test_descent_keeps_bounds),
        cmocka_unit_test(test_split_line),
        cmocka_unit_test(test_uci_info_score),
        cmocka_unit_test(test_label_with_qipan_uci),
        cmocka_unit_test(test_label_refused_positions),
        cmocka_unit_test(test_xq_fit_holdout_file),
        cmocka_unit_test(test_xq_fit_only_tempo_residuals),
        cmocka_unit_test(test_xq_movefit),
        cmocka_unit_test(test_zg_fit_learns),
        cmocka_unit_test(test_match_pgn_notes),
        cmocka_unit_test(test_match_bad_hash),
        cmocka_unit_test(test_label_scores_and_dead_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
