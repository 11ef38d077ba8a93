/*
 * test_elo.c — match statistics (tools/stats/elo.c): the Elo estimate,
 * the SPRT's ratio, bounds and decisions, the parsing of --sprt; and the
 * match tool's --concurrency and --sprt run against `qipan uci`.
 */
#include "testutil.h"
#include "elo.h"
#include "fileio.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_estimate(void **state)
{
    (void)state;
    double sc, elo, lo, hi;
    elo_tally even = {.w = 10, .d = 10, .l = 10};
    elo_estimate(&even, &sc, &elo, &lo, &hi);
    assert_float_equal(sc, 0.5, 1e-12);
    assert_float_equal(elo, 0.0, 1e-9);
    assert_float_equal(lo, -hi, 1e-9);
    assert_true(hi > 50 && hi < 150);
    /* 3 to 1: 400 log10(3) = 190.85 */
    elo_tally strong = {.w = 75, .l = 25};
    elo_estimate(&strong, &sc, &elo, &lo, &hi);
    assert_float_equal(elo, 190.85, 0.01);
    assert_true(lo < elo && elo < hi);
    assert_float_equal(elo_of_score(0), elo_of_score(0.001), 1e-12);
}

static void test_bounds_and_pairs(void **state)
{
    (void)state;
    elo_sprt s = {0, 10, 0.05, 0.05};
    double lo, hi;
    elo_sprt_bounds(&s, &lo, &hi);
    assert_float_equal(lo, -2.944439, 1e-6);   /* log(0.05 / 0.95) */
    assert_float_equal(hi, 2.944439, 1e-6);
    elo_tally t = {0};
    assert_float_equal(elo_sprt_llr(&s, &t), 0.0, 0.0);
    assert_int_equal(elo_sprt_state(&s, &t), ELO_SPRT_GOING);
    elo_add_pair(&t, 5);
    elo_add_pair(&t, -1);
    for (int k = 0; k < 5; k++) assert_int_equal(t.penta[k], 0);
    elo_add_pair(&t, 4);
    elo_add_pair(&t, 2);
    assert_int_equal(t.penta[4], 1);
    assert_int_equal(t.penta[2], 1);
}

/* One pair of 1 point and one of 2: mean 3/4; variance with the prior
 * (0.2 0.2 1.2 0.2 1.2 around 3/4) 0.3125 / 3; s0 = 1/2, s1 =
 * 1 / (1 + 10^-0.025) = 0.5143868; LLR = 2 (s1 - s0)(3/2 - s0 - s1) / (2 v). */
static void test_llr_value(void **state)
{
    (void)state;
    elo_sprt s = {0, 10, 0.05, 0.05};
    elo_tally t = {.penta = {0, 0, 1, 0, 1}};
    double s1 = 1 / (1 + pow(10, -0.025)), v = 0.3125 / 3;
    assert_float_equal(elo_sprt_llr(&s, &t), 2 * (s1 - 0.5) * (1.5 - 0.5 - s1) / (2 * v), 1e-9);
}

/* A result at the middle of the hypotheses says nothing; mirroring the
 * pairs and the hypotheses negates the ratio; a clear result decides. */
static void test_llr_symmetry_and_decisions(void **state)
{
    (void)state;
    elo_sprt mid = {-5, 5, 0.05, 0.05};
    elo_tally even = {.penta = {10, 20, 40, 20, 10}};
    assert_float_equal(elo_sprt_llr(&mid, &even), 0.0, 1e-9);
    elo_sprt s = {0, 10, 0.05, 0.05}, m = {-10, 0, 0.05, 0.05};
    elo_tally t = {.penta = {7, 30, 80, 35, 9}}, r = {.penta = {9, 35, 80, 30, 7}};
    assert_float_equal(elo_sprt_llr(&s, &t), -elo_sprt_llr(&m, &r), 1e-9);
    elo_tally good = {.penta = {10, 40, 100, 70, 30}}, bad = {.penta = {30, 70, 100, 40, 10}};
    assert_int_equal(elo_sprt_state(&s, &good), ELO_SPRT_H1);
    assert_int_equal(elo_sprt_state(&s, &bad), ELO_SPRT_H0);
    /* Five drawn pairs are not yet a decision. */
    elo_tally draws = {.penta = {0, 0, 5, 0, 0}};
    assert_int_equal(elo_sprt_state(&s, &draws), ELO_SPRT_GOING);
}

static void test_parse(void **state)
{
    (void)state;
    elo_sprt s;
    char err[256];
    assert_int_equal(elo_sprt_parse("0,10", &s, err, sizeof err), 0);
    assert_float_equal(s.elo0, 0, 0);
    assert_float_equal(s.elo1, 10, 0);
    assert_float_equal(s.alpha, 0.05, 0);
    assert_float_equal(s.beta, 0.05, 0);
    assert_int_equal(elo_sprt_parse("-3.5,2.5,0.1,0.2", &s, err, sizeof err), 0);
    assert_float_equal(s.elo0, -3.5, 0);
    assert_float_equal(s.beta, 0.2, 0);
    static const struct { const char *in, *msg; } bad[] = {
        {"", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got ''"},
        {"5", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got '5'"},
        {"0,10,", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got '0,10,'"},
        {"0,10,0.05", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got '0,10,0.05'"},
        {"0,10,0.05,0.05,1", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got '0,10,0.05,0.05,1'"},
        {"0;10", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got '0;10'"},
        {"nan,10", "--sprt wants ELO0,ELO1[,ALPHA,BETA], got 'nan,10'"},
        {"10,0", "--sprt: ELO1 must be above ELO0, got '10,0'"},
        {"0,10,0.5,0.05", "--sprt: ALPHA and BETA must be between 0 and 0.5, got '0,10,0.5,0.05'"},
        {"0,10,0.05,0", "--sprt: ALPHA and BETA must be between 0 and 0.5, got '0,10,0.05,0'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s.elo0 = 123;
        assert_int_equal(elo_sprt_parse(bad[i].in, &s, err, sizeof err), -1);
        assert_string_equal(err, bad[i].msg);
        assert_float_equal(s.elo0, 123, 0);
    }
}

/* ---- the match tool ---------------------------------------------------- */

/* Bad --concurrency and --sprt are refused by name before a game starts. */
static void test_match_bad_options(void **state)
{
    (void)state;
    static const struct { const char *opt, *msg; } bad[] = {
        {"--concurrency 0", "match: --concurrency must be 1..64, got '0'\n"},
        {"--concurrency 65", "match: --concurrency must be 1..64, got '65'\n"},
        {"--concurrency 2x", "match: --concurrency must be 1..64, got '2x'\n"},
        {"--sprt 10,0", "match: --sprt: ELO1 must be above ELO0, got '10,0'\n"},
        {"--draw-adjudicate 80,10", "match: --draw-adjudicate wants PLY,MOVES,CP (e.g. 80,10,10), got '80,10'\n"},
        {"--draw-adjudicate 80,0,10", "match: --draw-adjudicate wants PLY,MOVES,CP (e.g. 80,10,10), got '80,0,10'\n"},
        {"--resign-adjudicate 4,0", "match: --resign-adjudicate wants MOVES,CP (e.g. 4,600), got '4,0'\n"},
        {"--resign-adjudicate 4,600x", "match: --resign-adjudicate wants MOVES,CP (e.g. 4,600), got '4,600x'\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[1024], *out, *err;
        snprintf(cmd, sizeof cmd, "'%s' engine --engine '%s uci' --ruleset xiangqi --games 2 --depth 1 %s",
                 MATCH_BIN, QIPAN_BIN, bad[i].opt);
        assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 2);
        assert_string_equal(err, bad[i].msg);
        assert_string_equal(out, "");
        free(out);
        free(err);
    }
}

/* Both players programs speaking the XBoard protocol (qipan xboard on
 * both sides, --a-protocol xboard): the games are played to their end or
 * the ply cap with no forfeit; an unknown protocol is a usage error. */
static void test_match_xboard_both_sides(void **state)
{
    (void)state;
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd,
             "'%s' engine --engine '%s xboard' --protocol xboard --a-engine '%s xboard' --a-protocol xboard "
             "--ruleset xiangqi --games 2 --depth 2 --ply-cap 40",
             MATCH_BIN, QIPAN_BIN, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    if (!strstr(out, ": 2 games, W-D-L ") || !strstr(out, "; forfeits A 0, B 0;"))
        fail_msg("match output:\n%s\n%s", out, err);
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "'%s' engine --engine '%s xboard' --a-engine '%s xboard' --a-protocol cecp --games 2",
             MATCH_BIN, QIPAN_BIN, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 2);
    assert_non_null(strstr(err, "[--a-protocol uci|xboard]"));
    free(out);
    free(err);
}

/* Three workers play all seven games once each: every round is in the PGN
 * once, the by-colour and by-pair tallies add up to the total, and the
 * games are the ones one worker plays (depth-limited games repeat). */
static void test_match_concurrency(void **state)
{
    (void)state;
    char pgn[2][64], cmd[1024], *out[2], *err;
    int w[2], d[2], l[2];
    for (int run = 0; run < 2; run++) {
        snprintf(pgn[run], sizeof pgn[run], "%s", tu_tmpfile("", ".pgn"));
        snprintf(cmd, sizeof cmd,
                 "'%s' engine --engine '%s uci' --ruleset xiangqi --games 7 --depth 2 --seed 5 "
                 "--concurrency %d --pgn %s",
                 MATCH_BIN, QIPAN_BIN, run ? 3 : 1, pgn[run]);
        char *o;
        assert_int_equal(tu_run_cmd(cmd, NULL, &o, &err), 0);
        free(err);
        out[run] = malloc(strlen(o) + 2);   /* a newline before the first line too */
        assert_non_null(out[run]);
        sprintf(out[run], "\n%s", o);
        free(o);
        const char *sum = strstr(out[run], "W-D-L ");
        assert_non_null(sum);
        assert_int_equal(sscanf(sum, "W-D-L %d-%d-%d", &w[run], &d[run], &l[run]), 3);
        assert_int_equal(w[run] + d[run] + l[run], 7);
        int c[2][3], p[5];
        const char *col = strstr(out[run], " by colour: red ");
        const char *pair = strstr(out[run], " by pair (0, 1/2, 1, 3/2, 2 points): ");
        assert_non_null(col);
        assert_non_null(pair);
        assert_int_equal(sscanf(col, " by colour: red %d-%d-%d, black %d-%d-%d", &c[0][0], &c[0][1],
                                &c[0][2], &c[1][0], &c[1][1], &c[1][2]),
                         6);
        assert_int_equal(c[0][0] + c[0][1] + c[0][2], 4);
        assert_int_equal(c[1][0] + c[1][1] + c[1][2], 3);
        assert_int_equal(sscanf(pair, " by pair (0, 1/2, 1, 3/2, 2 points): %d %d %d %d %d", &p[0],
                                &p[1], &p[2], &p[3], &p[4]),
                         5);
        assert_int_equal(p[0] + p[1] + p[2] + p[3] + p[4], 3);   /* game 7 has no partner */
    }
    /* The same games, in whatever order the workers finished them. */
    assert_int_equal(w[0], w[1]);
    assert_int_equal(d[0], d[1]);
    assert_int_equal(l[0], l[1]);
    for (int g = 1; g <= 7; g++) {
        char line[64];
        snprintf(line, sizeof line, "\ngame %d: ", g);
        for (int run = 0; run < 2; run++) {
            const char *a = strstr(out[run], line);
            assert_non_null(a);
            assert_null(strstr(a + 1, line));
        }
        const char *a = strstr(out[0], line), *b = strstr(out[1], line);
        size_t la = strcspn(a + 1, ";"), lb = strcspn(b + 1, ";");
        assert_int_equal(la, lb);
        assert_memory_equal(a, b, la);
    }
    char *text[2], ferr[256];
    size_t len;
    for (int run = 0; run < 2; run++) {
        assert_int_equal(qp_file_read(pgn[run], 1 << 20, &text[run], &len, ferr, sizeof ferr), 0);
        for (int g = 1; g <= 7; g++) {
            char tag[32];
            snprintf(tag, sizeof tag, "[Round \"%d\"]\n", g);
            const char *a = strstr(text[run], tag);
            assert_non_null(a);
            assert_null(strstr(a + 1, tag));
        }
        free(out[run]);
        unlink(pgn[run]);
    }
    free(text[0]);
    free(text[1]);
}

/* The scores (centi-units; mate as +-100000) the PGN's comments give the
 * plies of one game, from its text on; the number of plies. */
static int pgn_scores(const char *game, int *sc, int max)
{
    const char *end = strstr(game + 1, "[Event ");
    int n = 0;
    for (const char *c = strchr(game, '{'); c && (!end || c < end) && n < max; c = strchr(c + 1, '{')) {
        double v;
        if (c[1] == '+' && c[2] == 'M') sc[n++] = 100000;
        else if (c[1] == '-' && c[2] == 'M') sc[n++] = -100000;
        else if (sscanf(c + 1, "%lf", &v) == 1) sc[n++] = (int)(v * 100 + (v < 0 ? -0.5 : 0.5));
    }
    return n;
}

/* Adjudication.  Draw: with a bound no score reaches, every game ends as
 * a draw once each side has scored twice after the opening.  Resign: each
 * game ends at the first ply where one side's last two scores are -30 or
 * less and the other's +30 or more (read back from the PGN), as a win
 * for the other side, and the summary counts the games. */
static void test_match_adjudication(void **state)
{
    (void)state;
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd,
             "'%s' engine --engine '%s uci' --ruleset xiangqi --games 2 --depth 2 --opening 'h3e3 h10g8' "
             "--draw-adjudicate 0,2,100000",
             MATCH_BIN, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    free(err);
    for (int g = 1; g <= 2; g++) {
        char want[200];
        snprintf(want, sizeof want,
                 "game %d: A %s, opening 'h3e3 h10g8': draw (adjudicated: both scored within 100000 "
                 "for 2 moves) in 6 plies;",
                 g, g == 1 ? "red" : "black");
        if (!strstr(out, want)) fail_msg("no '%s' in:\n%s", want, out);
    }
    assert_non_null(strstr(out, "; ply cap 0; adjudicated 2; "));
    free(out);

    const char *pgn = tu_tmpfile("", ".pgn");
    snprintf(cmd, sizeof cmd,
             "'%s' engine --engine '%s uci' --ruleset xiangqi --games 4 --depth 3 --concurrency 2 "
             "--resign-adjudicate 2,30 --pgn %s",
             MATCH_BIN, QIPAN_BIN, pgn);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    free(err);
    const char *sum = strstr(out, "; adjudicated ");
    int adjudicated = -1;
    assert_non_null(sum);
    assert_int_equal(sscanf(sum, "; adjudicated %d;", &adjudicated), 1);
    free(out);
    char *text, ferr[256];
    size_t len;
    assert_int_equal(qp_file_read(pgn, 1 << 20, &text, &len, ferr, sizeof ferr), 0);
    int seen = 0;
    for (const char *g = strstr(text, "[Event "); g; g = strstr(g + 1, "[Event ")) {
        const char *term = strstr(g, "[Termination \"");
        assert_non_null(term);
        if (strncmp(term + 14, "adjudicated: ", 13)) continue;
        seen++;
        int loser = !strncmp(term + 27, "red scored -30 or less for 2 moves\"", 35) ? 0
                    : !strncmp(term + 27, "black scored -30 or less for 2 moves\"", 37) ? 1
                                                                                        : -1;
        if (loser < 0) fail_msg("termination: %.60s", term);
        assert_non_null(strstr(g, loser ? "[Result \"1-0\"]" : "[Result \"0-1\"]"));
        int sc[512], n = pgn_scores(strstr(g, "\n\n"), sc, 512);
        /* Random openings have no comment: the scored plies are the last
         * n, and the mover of the game's last ply is known from its count. */
        int plies;
        assert_int_equal(sscanf(strstr(g, "[PlyCount \""), "[PlyCount \"%d\"]", &plies), 1);
        int open = plies - n;
        bool judged = false;
        for (int k = 4; k <= n && !judged; k++) {
            /* after open + k plies: the last two of each side are sc[k-1..k-4] */
            int a = sc[k - 1], b = sc[k - 3], c = sc[k - 2], d = sc[k - 4];
            int last = (open + k - 1) % 2;   /* the mover of sc[k-1] */
            int lose_last = a <= -30 && b <= -30, win_last = a >= 30 && b >= 30;
            int lose_other = c <= -30 && d <= -30, win_other = c >= 30 && d >= 30;
            if ((lose_last && win_other) || (lose_other && win_last)) {
                judged = true;
                assert_int_equal(k, n);   /* the game ended there, not later */
                assert_int_equal(lose_last ? last : 1 - last, loser);
            }
        }
        assert_true(judged);
    }
    assert_int_equal(seen, adjudicated);
    assert_true(seen > 0);
    free(text);
    unlink(pgn);
}

/* An engine crippled to level 1 loses every pair; the SPRT accepts H0
 * long before the 400 games allowed, and says so. */
static void test_match_sprt_stops(void **state)
{
    (void)state;
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd,
             "'%s' engine --engine '%s uci' --ruleset xiangqi --games 400 --depth 3 --level 1 "
             "--concurrency 2 --sprt 0,10",
             MATCH_BIN, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 0);
    free(err);
    assert_non_null(strstr(out, "sprt: LLR "));
    const char *sum = strstr(out, "SPRT elo0 0, elo1 10, alpha 0.05, beta 0.05: LLR ");
    assert_non_null(sum);
    assert_non_null(strstr(sum, "], H0 accepted\n"));
    int w, d, l;
    assert_int_equal(sscanf(strstr(out, "W-D-L "), "W-D-L %d-%d-%d", &w, &d, &l), 3);
    assert_true(w + d + l < 100);
    assert_true(l > 10 * (w + d));
    free(out);
}

/* Every line of --openings is played out before the first game: a bad
 * move, an over-long line or an empty file stops the match with FILE:LINE
 * and the offending text, and no game is played. */
static void test_match_bad_openings(void **state)
{
    (void)state;
    char longline[1200];
    memset(longline, 0, sizeof longline);
    for (int i = 0; i < 230; i++) memcpy(longline + 5 * i, "h3e3 ", 5);
    strcat(longline, "\n");
    static const struct { const char *text, *msg; } bad[] = {
        {"# book\nh3e3 h10g8\n\nb1c3 b10c8 zz9 h1g3\n",
         ":4: opening move zz9: bad move text 'zz9' (expected two points such as h3e3)\n"},
        {"h3e3 h10g8 h3h10\n", ":1: opening move h3h10: no piece on h3\n"},
        {"h3e3\nb3e3 b8e8 e3e6 # comment\n",
         ":2: opening move e3e6: the cannon's path is blocked (it jumps only to capture)\n"},
        {NULL, ":1: line longer than 1022 characters\n"},
        {"# nothing but a comment\n\n", " holds no opening\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[256], cmd[1024], want[512], *out, *err;
        snprintf(path, sizeof path, "%s", tu_tmpfile(bad[i].text ? bad[i].text : longline, ".txt"));
        snprintf(cmd, sizeof cmd, "'%s' engine --engine '%s uci' --ruleset xiangqi --games 2 --depth 1 --openings %s",
                 MATCH_BIN, QIPAN_BIN, path);
        assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 2);
        snprintf(want, sizeof want, "match: %s%s", path, bad[i].msg);
        assert_string_equal(err, want);
        assert_string_equal(out, "");
        free(out);
        free(err);
        unlink(path);
    }
    char cmd[1024], *out, *err;
    snprintf(cmd, sizeof cmd, "'%s' engine --engine '%s uci' --ruleset xiangqi --games 2 --depth 1 --opening 'h3e3 e3e3'",
             MATCH_BIN, QIPAN_BIN);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 2);
    assert_string_equal(err, "match: --opening: opening move e3e3: not your piece\n");
    assert_string_equal(out, "");
    free(out);
    free(err);
}

/* A worker whose engine will not start ends the match at once: the other
 * worker's engine starts (the first to take the lock directory) and would
 * otherwise play its 200 games. */
static void test_match_failing_worker(void **state)
{
    (void)state;
    char lock[256], script[512], path[256], cmd[1024], *out, *err;
    snprintf(lock, sizeof lock, "%s.d", tu_tmpfile("", ".lock"));
    snprintf(script, sizeof script, "#!/bin/sh\nmkdir '%s' 2>/dev/null && exec '%s' uci\nexit 1\n", lock, QIPAN_BIN);
    snprintf(path, sizeof path, "%s", tu_tmpfile(script, ".sh"));
    assert_int_equal(chmod(path, 0700), 0);
    snprintf(cmd, sizeof cmd, "'%s' engine --engine %s --ruleset xiangqi --games 400 --depth 2 --concurrency 2",
             MATCH_BIN, path);
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &err), 1);
    assert_non_null(strstr(err, "match: "));
    int games = 0;
    for (const char *p = out; (p = strstr(p, "game ")); p++)
        if (p == out || p[-1] == '\n') games++;
    assert_true(games < 20);
    assert_non_null(strstr(out, "W-D-L "));
    free(out);
    free(err);
    rmdir(lock);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_estimate),
        cmocka_unit_test(test_bounds_and_pairs),
        cmocka_unit_test(test_llr_value),
        cmocka_unit_test(test_llr_symmetry_and_decisions),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_match_bad_options), cmocka_unit_test(test_match_xboard_both_sides),
        cmocka_unit_test(test_match_concurrency),
        cmocka_unit_test(test_match_adjudication),
        cmocka_unit_test(test_match_sprt_stops),
        cmocka_unit_test(test_match_bad_openings),
        cmocka_unit_test(test_match_failing_worker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
