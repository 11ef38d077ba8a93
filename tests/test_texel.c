/*
 * test_texel.c — the pure part of the Texel tuner (tools/texel/fit.c):
 * the loss, the fit of K and the coordinate descent, on synthetic sets
 * whose answer is known because the labels were made from it.
 */
#include "testutil.h"
#include "fit.h"

#include <math.h>
#include <stdlib.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigmoid_and_mse),
        cmocka_unit_test(test_fit_k_recovers_the_scale),
        cmocka_unit_test(test_descent_finds_the_weights),
        cmocka_unit_test(test_descent_keeps_bounds),
        cmocka_unit_test(test_split_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
