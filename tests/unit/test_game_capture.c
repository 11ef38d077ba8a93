/*
 * test_game_capture.c — capture by enclosing (framework/blocks/blk_enclose.c,
 * rules.capture) and the games declared with it or with jumps alone:
 * 六子冲 (scripts/games/liuzichong.lua) and the Chinese tiger game
 * (scripts/games/laohu.lua).
 *
 * No published perft exists for either game: the counts here are the
 * block game's and an independent Lua-hook twin's (tests/data/games/
 * hk_liuzichong.lua, hk_laohu.lua), which must agree.
 */
#include "testutil.h"
#include "blocktest.h"
#include "lua_ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- played moves: what is captured, what is not ------------------------- */

static const bt_play_case plays[] = {
    /* 六子冲: own-own-enemy-empty along the moved piece's column or row,
     * read either way, the moved piece either of the two own */
    {"liuzichong", {NULL}, "3b/b2b/1W2/W3 w 0", "b2a2", "3b/3b/W3/W3 b 1", "ongoing"},        /* column, up */
    {"liuzichong", {NULL}, "W2b/1W1b/b3/4 w 0", "b3a3", "W2b/W2b/4/4 b 1", "ongoing"},        /* column, down */
    {"liuzichong", {NULL}, "3b/3b/3W/1bW1 w 0", "d2d1", "3b/3b/4/2WW b 1", "ongoing"},        /* row, leftward */
    {"liuzichong", {NULL}, "3b/3b/W3/1Wb1 w 0", "a2a1", "3b/3b/4/WW2 b 1", "ongoing"},        /* row, the outer one moved */
    {"liuzichong", {NULL}, "b1b1/4/4/W1W1 w 0", "c1b1", "b1b1/4/4/WW2 b 1", "ongoing"},       /* no enemy: nothing */
    /* the empty point may also be at the own pieces' end (.XXo): the
     * source's own example, black b2a2 taking a4 */
    {"liuzichong", {NULL}, "W2W/b3/1b1W/4 b 0", "b2a2", "3W/b3/b2W/4 w 1", "ongoing"},
    /* the row (.XXo) and the column (XXo.) at once */
    {"liuzichong", {NULL}, "b2b/1b2/W1Wb/1W2 w 0", "a2b2", "b2b/4/1WW1/1W2 b 1", "ongoing"},
    /* black captures too, and the last but one piece lost ends the game */
    {"liuzichong", {NULL}, "1b2/b3/W3/WW2 b 0", "b4a4", "b3/b3/W3/WW2 w 1", "ongoing"},
    {"liuzichong", {NULL}, "4/b3/W2b/1W2 b 0", "d2c2", "4/b3/W1b1/1W2 w 1", "ongoing"},
    {"liuzichong", {NULL}, "b3/b3/W3/1W2 w 0", "b1a1", "b3/b3/W3/W3 b 1", "ongoing"},
    {"liuzichong", {NULL}, "3b/b3/1W2/W3 w 0", "b2a2", "3b/4/W3/W3 b 1", "white wins: one piece left"},
    /* not captured: the fourth point occupied (by either side), two
     * enemies, a gap between the own pieces, the pattern on another line */
    {"liuzichong", {NULL}, "W2b/b2b/1W2/W3 w 0", "b2a2", "W2b/b2b/W3/W3 b 1", "ongoing"},
    {"liuzichong", {NULL}, "b2b/b2b/1W2/W3 w 0", "b2a2", "b2b/b2b/W3/W3 b 1", "ongoing"},
    {"liuzichong", {NULL}, "3b/b2b/4/WW1W w 0", "d1d2", "3b/b2b/3W/WW2 b 1", "ongoing"},
    {"liuzichong", {NULL}, "3b/1b1b/1W2/1W1W w 0", "d1c1", "3b/1b1b/1W2/1WW1 b 1", "ongoing"},
    {"liuzichong", {NULL}, "3b/b2b/1W2/W2W w 0", "d1d2", "3b/b2b/1W1W/W3 b 1", "ongoing"},
    /* moving into the enemy's place of the pattern is safe */
    {"liuzichong", {NULL}, "b3/1b2/W3/W2b b 0", "b3a3", "b3/b3/W3/W2b w 1", "ongoing"},
    /* the classic custodian capture: an enemy between the moved piece and
     * an own one, orthogonally; two at once; between two enemies is safe */
    {"t_custodian", {NULL}, "7/7/7/3r3/7/3R3/R6 w 0", "a1a4", "7/7/7/R2r3/7/3R3/7 b 1", "ongoing"},
    {"t_custodian", {NULL}, "7/7/7/R2rR2/7/3R3/7 w 0", "a4c4", "7/7/7/2R1R2/7/3R3/7 b 1", "white wins: all taken"},
    {"t_custodian", {NULL}, "7/7/3R3/1Rr1rR1/7/7/7 w 0", "d5d4", "7/7/7/1R1R1R1/7/7/7 b 1", "white wins: all taken"},
    {"t_custodian", {NULL}, "7/7/7/2R1R2/7/r6/6r b 0", "a2d2", "7/7/7/2R1R2/7/3r3/6r w 1", "ongoing"},
    {"t_custodian", {NULL}, "7/7/7/2RrR2/7/r6/6r w 0", "c4c3", "7/7/7/3rR2/2R4/r6/6r b 1", "ongoing"},
    /* diagonal enclosures count only where the directions say so */
    {"t_custodian", {NULL}, "7/7/7/3R3/2r4/R6/6r w 0", "a2b2", "7/7/7/3R3/2r4/1R5/6r b 1", "ongoing"},
    {"t_custodian", {"dirs=lines", NULL}, "7/7/7/3R3/2r4/R6/6r w 0", "a2b2", "7/7/7/3R3/7/1R5/6r b 1", "ongoing"},
    {"t_custodian", {"dirs=diagonal", NULL}, "7/7/7/3R3/2r4/R6/6r w 0", "a2b2", "7/7/7/3R3/7/1R5/6r b 1",
     "ongoing"},
    {"t_custodian", {"dirs=diagonal", NULL}, "7/7/7/R2rR2/7/3R3/6r w 0", "a4c4", "7/7/7/2RrR2/7/3R3/6r b 1",
     "ongoing"},
    /* intervention (the general of Shap Luk Kon Tseung Kwan): stepping
     * between two enemies takes both */
    {"t_custodian", {"pattern=oXo", NULL}, "7/7/7/1r1r3/2R4/7/6r w 0", "c3c4", "7/7/7/2R4/7/7/6r b 1", "ongoing"},
    {"t_custodian", {"pattern=oXo", NULL}, "7/7/7/1r1r3/7/2R4/6r w 0", "c2c3", "7/7/7/1r1r3/2R4/7/6r b 1",
     "ongoing"},
    /* whole_line: the pattern must span the line edge to edge */
    {"t_custodian", {"pattern=XoX....", "whole=true", NULL}, "7/7/7/Rr5/7/7/2R3r w 0", "c1c4",
     "7/7/7/R1R4/7/7/6r b 1", "ongoing"},
    {"t_custodian", {"pattern=XoX....", "whole=true", NULL}, "7/7/7/Rr4R/7/7/2R3r w 0", "c1c4",
     "7/7/7/RrR3R/7/7/6r b 1", "ongoing"},
    {"t_custodian", {"pattern=XoX", "whole=true", NULL}, "7/7/7/Rr5/7/7/2R3r w 0", "c1c4",
     "7/7/7/RrR4/7/7/6r b 1", "ongoing"},
    /* a second pattern: two enemies between */
    {"t_custodian", {"pattern2=XooX", NULL}, "7/7/7/1Rrr3/7/7/4R1r w 0", "e1e4", "7/7/7/1R2R2/7/7/6r b 1",
     "ongoing"},
    {"t_custodian", {NULL}, "7/7/7/1Rrr3/7/7/4R1r w 0", "e1e4", "7/7/7/1RrrR2/7/7/6r b 1", "ongoing"},
    /* the tiger game: the tiger's jump takes the man; enough taken wins */
    {"laohu", {NULL}, "9/9/9/9/9/9/4t4/4M4/9/MMMMMMMMM/MMMMMMMM1 b 0", "e5e3",
     "9/9/9/9/9/9/9/9/4t4/MMMMMMMMM/MMMMMMMM1 w 1", "ongoing"},
    {"laohu", {"captures=2", NULL}, "9/9/9/9/9/9/4t4/4M4/9/MMMMMMMMM/MMMMMMM2 b 0", "e5e3",
     "9/9/9/9/9/9/9/9/4t4/MMMMMMMMM/MMMMMMM2 w 1", "tiger wins: men captured"},
};

static void test_play(void **st)
{
    (void)st;
    bt_check_plays(&tu_reg, plays, sizeof plays / sizeof plays[0]);
}

/* ---- move sets, flags and the noisy moves ------------------------------- */

typedef struct moves_case {
    const char *game;
    const char *fen;     /* NULL: the start */
    const char *moves;   /* sorted, space-separated */
    const char *noisy;   /* the captures, as QP_GEN_NOISY gives them */
} moves_case;

static const moves_case move_sets[] = {
    {"liuzichong", NULL, "a2b2 b1b2 c1c2 d2c2", ""},
    {"liuzichong", "3b/b2b/1W2/W3 w 0", "a1a2 a1b1 b2a2 b2b1 b2b3 b2c2", "b2a2"},
    {"laohu", NULL, "a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 i2i3", ""},
    {"laohu", "9/4t4/9/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMMM b 0", "e10d10 e10e11 e10e9 e10f10", ""},
    /* the lair: from e9 the tiger may enter it or jump a man into it */
    {"laohu", "9/4M4/4t4/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMM1 b 0", "e9d9 e9e11 e9e8 e9f9", "e9e11"},
    /* the lair's edge: no step or jump off the board's shape */
    {"laohu", "3Mt4/9/9/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMM1 b 0", "e11e10 e11f11", ""},
};

static void test_move_sets(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof move_sets / sizeof move_sets[0]; i++) {
        const moves_case *c = &move_sets[i];
        qp_rules *r = tu_rules(&tu_reg, c->game);
        void *s = bt_pos_at(r, c->fen);
        char *got = tu_moves_text(r, s);
        for (char *p = got; *p; p++)
            if (*p == '\n') *p = ' ';
        if (strcmp(got, c->moves)) fail_msg("%s %s: '%s', expected '%s'", c->game, c->fen ? c->fen : "", got, c->moves);
        free(got);
        /* the captures are the noisy moves and carry the capture flag */
        qp_move mv[QP_MAX_MOVES];
        int n = r->rs->gen(r, s, mv, QP_GEN_NOISY);
        char noisy[256] = "", t[QP_MOVE_TEXT];
        for (int k = 0; k < n; k++) {
            r->rs->move_text(r, s, mv[k], t, sizeof t);
            snprintf(noisy + strlen(noisy), sizeof noisy - strlen(noisy), "%s%s", k ? " " : "", t);
            assert_true(r->rs->move_flags(r, s, mv[k]) & QP_MF_CAPTURE);
        }
        if (strcmp(noisy, c->noisy)) fail_msg("%s %s noisy: '%s', expected '%s'", c->game, c->fen ? c->fen : "", noisy, c->noisy);
        n = r->rs->gen(r, s, mv, QP_GEN_ALL);
        int flagged = 0;
        for (int k = 0; k < n; k++) flagged += (r->rs->move_flags(r, s, mv[k]) & QP_MF_CAPTURE) != 0;
        assert_int_equal(flagged, c->noisy[0] ? (int)(strchr(c->noisy, ' ') ? 2 : 1) : 0);
        free(s);
        qp_rules_free(r);
    }
}

/* ---- outcomes ------------------------------------------------------------ */

static void test_outcomes(void **st)
{
    (void)st;
    static const struct {
        const char *game, *fen, *status;
    } cases[] = {
        {"liuzichong", NULL, "ongoing"},
        {"liuzichong", "b3/4/W3/W3 b 7", "white wins: one piece left"},
        {"liuzichong", "b3/4/W3/W3 w 7", "white wins: one piece left"},
        {"liuzichong", "bbW1/WW2/4/4 b 7", "white wins: no moves"},
        /* the tiger walled in its lair */
        {"laohu", "3MtM3/4M4/9/9/9/9/9/9/9/MMMMMMMMM/MMMMMM3 b 0", "ongoing"},   /* it jumps e10 */
        {"laohu", "3MtM3/4M4/4M4/9/9/9/9/9/9/MMMMMMMMM/MMMMM4 b 0", "men wins: tiger trapped"},
        {"laohu", "3MtM3/4M4/9/9/9/9/9/9/9/MMMMMMMMM/MMMMMM3 w 0", "ongoing"},
        {"laohu", "9/4t4/9/9/9/9/9/9/9/MMMMMMMMM/MMMMM4 w 0", "tiger wins: men captured"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_rules *r = tu_rules(&tu_reg, cases[i].game);
        void *s = bt_pos_at(r, cases[i].fen);
        char status[128];
        bt_status_text(r, s, status, sizeof status);
        if (strcmp(status, cases[i].status))
            fail_msg("%s %s: '%s', expected '%s'", cases[i].game, cases[i].fen ? cases[i].fen : "", status,
                     cases[i].status);
        free(s);
        qp_rules_free(r);
    }
}

/* ---- perft: the block game against its hook twin ----------------------- */

static void test_perft_twins(void **st)
{
    (void)st;
    static const struct {
        const char *game, *twin, *fen;
        int twin_depth;
        uint64_t count[8];
    } cases[] = {
        {"liuzichong", "hk_liuzichong", NULL, 6, {4, 18, 108, 632, 3282, 16840, 98224}},
        /* captures in both directions from the first ply */
        {"liuzichong", "hk_liuzichong", "b1b1/1bW1/Wb1W/W1W1 w 0", 5, {0}},
        {"laohu", "hk_laohu", NULL, 5, {9, 36, 524, 1703, 27638, 93544}},
        /* the tiger among the men: jumps and the capture count */
        {"laohu", "hk_laohu", "9/9/9/9/9/3MMM3/3MtM3/3M1M3/9/MMMMMMMMM/MMMMMM3 b 0", 4, {0}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_rules *r = tu_rules(&tu_reg, cases[i].game), *h = tu_rules(&tu_reg, cases[i].twin);
        void *s = bt_pos_at(r, cases[i].fen), *hs = bt_pos_at(h, cases[i].fen);
        for (int d = 1; d <= cases[i].twin_depth || (d <= 8 && cases[i].count[d - 1]); d++) {
            uint64_t n = tu_perft(r, s, d), hn = d <= cases[i].twin_depth ? tu_perft(h, hs, d) : n;
            if (n != hn)
                fail_msg("%s %s perft %d: blocks %llu, hooks %llu", cases[i].game, cases[i].fen ? cases[i].fen : "", d,
                         (unsigned long long)n, (unsigned long long)hn);
            if (cases[i].count[0] && n != cases[i].count[d - 1])
                fail_msg("%s perft %d: %llu, expected %llu", cases[i].game, d, (unsigned long long)n,
                         (unsigned long long)cases[i].count[d - 1]);
        }
        assert_string_equal(qp_lua_rules_error(h), "");
        free(s);
        free(hs);
        qp_rules_free(r);
        qp_rules_free(h);
    }
}

/* ---- the two ways of finding captures agree ------------------------------ */

/* fen (a 7×7 board) inside a rim of holes: the 9×9 board of frame=true. */
static void framed(const char *fen, char *out, size_t n)
{
    size_t len = 0;
    len += (size_t)snprintf(out + len, n - len, "9/");
    const char *p = fen;
    while (*p && *p != ' ') {
        char rank[10];
        int k = 0;
        rank[k++] = '.';
        for (; *p && *p != '/' && *p != ' '; p++) {
            if (*p >= '1' && *p <= '9')
                for (int e = 0; e < *p - '0'; e++) rank[k++] = '.';
            else
                rank[k++] = *p;
        }
        rank[k++] = '.';
        for (int i = 0; i < k;) {   /* re-encode the runs of empties */
            int e = 0;
            while (i < k && rank[i] == '.') e++, i++;
            if (e) len += (size_t)snprintf(out + len, n - len, "%d", e);
            if (i < k) out[len++] = rank[i++];
        }
        out[len++] = '/';
        if (*p == '/') p++;
    }
    snprintf(out + len, n - len, "9%s", p);
}

/* The pieces left on the board, summed over the positions depth plies on:
 * what the captures took, which a count of moves alone may miss. */
static uint64_t pieces_left(const qp_rules *r, const void *s, int depth)
{
    if (depth == 0) {
        char fen[256];
        r->rs->fen_print(r, s, fen, sizeof fen);
        uint64_t k = 0;
        for (const char *p = fen; *p && *p != ' '; p++) k += *p == 'R' || *p == 'r';
        return k;
    }
    qp_move mv[QP_MAX_MOVES];
    int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
    uint64_t total = 0;
    void *c = malloc(r->state_size);
    for (int i = 0; i < n; i++) {
        memcpy(c, s, r->state_size);
        r->rs->make(r, c, mv[i], NULL);
        total += pieces_left(r, c, depth - 1);
    }
    free(c);
    return total;
}

static void test_bitboards_and_walks(void **st)
{
    (void)st;
    static const struct {
        bt_params params;
        const char *fen;
        int depth;
    } cases[] = {
        {{NULL}, "r1r1r1r/1R1R1R1/r1r1r1r/7/RRRRRRR/1r1r1r1/R1R1R1R w 0", 3},
        {{"dirs=lines", "pattern2=XooX", NULL}, "r1r1r1r/1R1R1R1/r1r1r1r/7/RRRRRRR/1r1r1r1/R1R1R1R w 0", 3},
        {{"pattern=XXo????", "pattern2=.XXo...", "whole=true", NULL}, "r1rr3/7/7/R1r4/1R5/3r3/1R3rr w 0", 3},
        {{"pattern=Xo?X", NULL}, "rr1r1rr/7/2R1r2/1r3r1/7/2R1R2/R5R b 0", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *kv[6];
        int k = 0;
        for (; cases[i].params[k]; k++) kv[k] = cases[i].params[k];
        kv[k] = "frame=true";
        kv[k + 1] = NULL;
        qp_rules *r = tu_rules_with(&tu_reg, "t_custodian", cases[i].params), *f = tu_rules_with(&tu_reg, "t_custodian", kv);
        char big[256];
        framed(cases[i].fen, big, sizeof big);
        void *s = bt_pos_at(r, cases[i].fen), *fs = bt_pos_at(f, big);
        uint64_t n = tu_perft(r, s, cases[i].depth), fn = tu_perft(f, fs, cases[i].depth);
        if (n != fn) fail_msg("t_custodian %s perft %d: bitboards %llu, walks %llu", cases[i].fen, cases[i].depth,
                              (unsigned long long)n, (unsigned long long)fn);
        uint64_t left = pieces_left(r, s, 2), fleft = pieces_left(f, fs, 2), moves2 = tu_perft(r, s, 2);
        if (left != fleft) fail_msg("t_custodian %s: pieces left after 2 plies: bitboards %llu, walks %llu", cases[i].fen,
                                    (unsigned long long)left, (unsigned long long)fleft);
        /* captures happened: fewer pieces than the start's on every leaf */
        uint64_t start = pieces_left(r, s, 0);
        if (left >= start * moves2) fail_msg("t_custodian %s: no capture within 2 plies", cases[i].fen);
        free(s);
        free(fs);
        qp_rules_free(r);
        qp_rules_free(f);
    }
}

/* ---- bad rules.capture ---------------------------------------------------- */

static void test_bad_capture(void **st)
{
    (void)st;
    static const struct {
        const char *capture, *err;
    } cases[] = {
        {"\"flank\"", ":9: rules.capture must be \"custodian\" or \"surround\", got \"flank\""},
        {"{ pattern = \"XoX\" }", ":9: rules.capture needs its kind first (\"custodian\")"},
        {"{ \"custodian\", pattern = \"XoY\" }",
         ":9: rules.capture.pattern 'XoY': 'Y' is not X (own), o (taken), . (empty) or ? (any)"},
        {"{ \"custodian\", pattern = \"XX..\" }", ":9: rules.capture.pattern 'XX..' needs an X (own) and an o (taken)"},
        {"{ \"custodian\", pattern = \"XoooooooX\" }", ":9: rules.capture.pattern 'XoooooooX' must have 2 to 8 points"},
        {"{ \"custodian\", pattern = {} }", ":9: rules.capture.pattern must list at least one pattern"},
        {"{ \"custodian\", pattern = 3 }", ":9: rules.capture.pattern must be a string or a list of strings"},
        {"{ \"custodian\", whole_line = 1 }", ":9: rules.capture.whole_line must be true or false"},
        {"{ \"custodian\", directions = \"up\" }",
         ":9: rules.capture.directions must be \"lines\", \"orthogonal\" or \"diagonal\", got \"up\""},
        {"{ \"custodian\", patern = \"XoX\" }", ":9: rules.capture: unknown key 'patern' (did you mean 'pattern'?)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024], err[QP_ERR] = "", want[1024];
        snprintf(text, sizeof text,
                 "return {\n  name = \"bad_capture\",\n  board = { width = 4, height = 4 },\n"
                 "  sides = { \"a\", \"b\" },\n  pieces = { X = \"\", o = \"\" },\n  rules = {\n"
                 "    start = \"oooo/4/4/XXXX\",\n    move = \"step\",\n    capture = %s,\n  },\n}\n",
                 cases[i].capture);
        const char *path = tu_tmpfile(text, ".lua");
        qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
        if (rs) fail_msg("%s loaded", cases[i].capture);
        snprintf(want, sizeof want, "%s%s", path, cases[i].err);
        if (strcmp(err, want)) fail_msg("'%s', expected '%s'", err, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play),          cmocka_unit_test(test_move_sets),
        cmocka_unit_test(test_outcomes),      cmocka_unit_test(test_perft_twins),
        cmocka_unit_test(test_bitboards_and_walks), cmocka_unit_test(test_bad_capture),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry_games, tu_teardown_registry);
}
