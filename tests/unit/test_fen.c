/*
 * test_fen.c — the framework's FEN helpers (framework/fen.h): field
 * splitting, board field, side, counters, printing, error wording.
 */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "fen.h"

/* Parses a whole standard FEN (board, side "wb", "- - half full") of a
 * w×h board; returns 0 or -1 with the framework's message in err. */
static int parse_all(int w, int h, const char *fen, const char *allowed, char *letters,
                     char *err, size_t errn)
{
    qp_fen_fields f;
    qp_fen_error e;
    int side;
    unsigned half, full;
    if (qp_fen_split(fen, 2, 6, &f, &e) ||
        qp_fen_parse_board(w, h, f.field[0], allowed, letters, &e) ||
        qp_fen_parse_side(f.field[1], "wb", &side, &e) ||
        qp_fen_parse_counters(&f, 2, &half, &full, &e)) {
        qp_fen_error_text(&e, err, errn);
        return -1;
    }
    return 0;
}

typedef struct bad_fen {
    int w, h;
    const char *fen, *err;
    qp_fen_status code;
} bad_fen;

#define XQ "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

static const bad_fen bad_fens[] = {
    {9, 10, "", "bad FEN: expected 2 to 6 fields, got 0", QP_FEN_FIELDS},
    {9, 10, " \t ", "bad FEN: expected 2 to 6 fields, got 0", QP_FEN_FIELDS},
    {9, 10, XQ, "bad FEN: expected 2 to 6 fields, got 1", QP_FEN_FIELDS},
    {9, 10, XQ " w - - 0 1 x", "bad FEN: expected 2 to 6 fields, got 7", QP_FEN_FIELDS},
    {9, 10, XQ " w - - 0 1 x y z t u", "bad FEN: expected 2 to 6 fields, got 11", QP_FEN_FIELDS},
    {9, 10, "9/9/9 w", "bad FEN board: 3 ranks (expected 10)", QP_FEN_RANKS},
    {9, 10, XQ "/ w", "bad FEN board: 11 ranks (expected 10)", QP_FEN_RANKS},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w",
     "bad FEN board: rank 3 has 10 points ('1C5C2')", QP_FEN_RANK_WIDTH},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 6 has 8 points ('8')", QP_FEN_RANK_WIDTH},
    {9, 10, "rnbakabnr//1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 9 has 0 points ('')", QP_FEN_RANK_WIDTH},
    /* runs are whole numbers, not sums of digits */
    {9, 10, "rnbakabnr/45/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 9 has 45 points ('45')", QP_FEN_RANK_WIDTH},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/09/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 5 has a bad count of empty points '09'", QP_FEN_RUN},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/4k04/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 5 has a bad count of empty points '04'", QP_FEN_RUN},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/1000/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 5 has a bad count of empty points '1000'", QP_FEN_RUN},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/99999999999999999999/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
     "bad FEN board: rank 5 has a bad count of empty points '99999999999999999999'", QP_FEN_RUN},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w",
     "bad FEN piece letter 'Q'", QP_FEN_LETTER},
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA-ABNR w",
     "bad FEN piece letter '-'", QP_FEN_LETTER},
    /* a letter error in a rank comes before that rank's width */
    {9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRQ w",
     "bad FEN piece letter 'Q'", QP_FEN_LETTER},
    {9, 10, XQ " x", "bad FEN side to move 'x' (expected w or b)", QP_FEN_SIDE},
    {9, 10, XQ " wb", "bad FEN side to move 'wb' (expected w or b)", QP_FEN_SIDE},
    {9, 10, XQ " W", "bad FEN side to move 'W' (expected w or b)", QP_FEN_SIDE},
    {9, 10, XQ " w KQ", "bad FEN castling field 'KQ' (expected -)", QP_FEN_CASTLING},
    {9, 10, XQ " w - e3 0 1", "bad FEN en passant field 'e3' (expected -)", QP_FEN_EN_PASSANT},
    {9, 10, XQ " w - - z 1", "bad FEN halfmove clock 'z'", QP_FEN_HALFMOVE},
    {9, 10, XQ " w - - -1 1", "bad FEN halfmove clock '-1'", QP_FEN_HALFMOVE},
    {9, 10, XQ " w - - 65536 1", "bad FEN halfmove clock '65536'", QP_FEN_HALFMOVE_RANGE},
    {9, 10, XQ " w - - 99999999999999999999 1", "bad FEN halfmove clock '99999999999999999999'",
     QP_FEN_HALFMOVE_RANGE},
    {9, 10, XQ " w - - 0 0", "bad FEN fullmove number '0'", QP_FEN_FULLMOVE},
    {9, 10, XQ " w - - 0 y", "bad FEN fullmove number 'y'", QP_FEN_FULLMOVE},
    {9, 10, XQ " w - - 0 65536", "bad FEN fullmove number '65536'", QP_FEN_FULLMOVE_RANGE},
    {15, 15, "15/15/15/15/15/15/15/7X8/15/15/15/15/15/15/15 w",
     "bad FEN board: rank 8 has 16 points ('7X8')", QP_FEN_RANK_WIDTH},
    {15, 15, "15/15/15/15/15/15/15/7X6/15/15/15/15/15/15/15 w",
     "bad FEN board: rank 8 has 14 points ('7X6')", QP_FEN_RANK_WIDTH},
    {15, 15, "15/15/15/15/15/15/15/15/15/15/15/15/15/15 w",
     "bad FEN board: 14 ranks (expected 15)", QP_FEN_RANKS},
};

static void test_errors(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof bad_fens / sizeof *bad_fens; i++) {
        const bad_fen *b = &bad_fens[i];
        char letters[QP_MAX_POINTS], err[QP_ERR] = "";
        if (!parse_all(b->w, b->h, b->fen, "KABNRCPkabnrcpXO", letters, err, sizeof err))
            fail_msg("accepted: '%s'", b->fen);
        if (strcmp(err, b->err)) fail_msg("'%s'\n  want %s\n  got  %s", b->fen, b->err, err);
    }
}

/* The error data behind the words: what a ruleset with its own wording reads. */
static void test_error_data(void **st)
{
    (void)st;
    qp_fen_error e;
    char letters[QP_MAX_POINTS];
    assert_int_equal(qp_fen_parse_board(9, 10, XQ "/9", NULL, letters, &e), -1);
    assert_int_equal(e.code, QP_FEN_RANKS);
    assert_int_equal(e.got, 11);
    assert_int_equal(e.lo, 10);

    assert_int_equal(qp_fen_parse_board(3, 3, "3/1x2/3", NULL, letters, &e), -1);
    assert_int_equal(e.code, QP_FEN_RANK_WIDTH);
    assert_int_equal(e.rank, 2);
    assert_int_equal(e.got, 4);
    assert_int_equal(e.lo, 3);
    assert_string_equal(e.text, "1x2");

    assert_int_equal(qp_fen_parse_board(3, 3, "3/3/2*", NULL, letters, &e), -1);
    assert_int_equal(e.code, QP_FEN_LETTER);
    assert_string_equal(e.text, "*");

    /* a rank text longer than the error's buffer is cut, not overrun */
    char board[200];
    snprintf(board, sizeof board, "3/3/%0150d", 0);
    board[4] = 'x';
    assert_int_equal(qp_fen_parse_board(3, 3, board, NULL, letters, &e), -1);
    assert_int_equal(e.code, QP_FEN_RUN);
    assert_int_equal(strlen(e.text), sizeof e.text - 1);

    int side = -1;
    char err[QP_ERR];
    assert_int_equal(qp_fen_parse_side("b", "w", &side, &e), -1);
    qp_fen_error_text(&e, err, sizeof err);
    assert_string_equal(err, "bad FEN side to move 'b' (expected w)");
    assert_int_equal(qp_fen_parse_side("", "wrb", &side, &e), -1);
    qp_fen_error_text(&e, err, sizeof err);
    assert_string_equal(err, "bad FEN side to move '' (expected w, r or b)");
    assert_int_equal(qp_fen_parse_side("r", "wrb", &side, &e), 0);
    assert_int_equal(side, 1);
}

static void test_split(void **st)
{
    (void)st;
    qp_fen_fields f;
    qp_fen_error e;
    assert_int_equal(qp_fen_split("  a\tbb  c - -\t 7 ", 2, 6, &f, &e), 0);
    assert_int_equal(f.n, 6);
    const char *want[] = {"a", "bb", "c", "-", "-", "7"};
    for (int i = 0; i < 6; i++) assert_string_equal(f.field[i], want[i]);

    /* more fields than kept: all counted, the first kept */
    assert_int_equal(qp_fen_split("1 2 3 4 5 6 7 8 9 10", 0, 100, &f, &e), 0);
    assert_int_equal(f.n, 10);
    assert_string_equal(f.field[QP_FEN_MAX_FIELDS - 1], "8");

    assert_int_equal(qp_fen_split("x y z", 1, 1, &f, &e), -1);
    char err[QP_ERR];
    qp_fen_error_text(&e, err, sizeof err);
    assert_string_equal(err, "bad FEN: expected 1 fields, got 3");

    static char big[QP_FEN_MAX + 1];
    memset(big, 'a', QP_FEN_MAX);
    assert_int_equal(qp_fen_split(big, 1, 6, &f, &e), -1);
    qp_fen_error_text(&e, err, sizeof err);
    assert_string_equal(err, "bad FEN: longer than 1023 characters");
    big[QP_FEN_MAX - 1] = 0;   /* exactly the longest accepted */
    assert_int_equal(qp_fen_split(big, 1, 6, &f, &e), 0);
    assert_int_equal(strlen(f.field[0]), QP_FEN_MAX - 1);
}

static void test_counters(void **st)
{
    (void)st;
    qp_fen_fields f;
    qp_fen_error e;
    unsigned half = 99, full = 99;
    assert_int_equal(qp_fen_split("b w", 2, 6, &f, &e), 0);
    assert_int_equal(qp_fen_parse_counters(&f, 2, &half, &full, &e), 0);
    assert_int_equal(half, 0);
    assert_int_equal(full, 1);
    assert_int_equal(qp_fen_split("b w - - 17", 2, 6, &f, &e), 0);
    assert_int_equal(qp_fen_parse_counters(&f, 2, &half, &full, &e), 0);
    assert_int_equal(half, 17);
    assert_int_equal(full, 1);
    assert_int_equal(qp_fen_split("b w - - 65535 0065535", 2, 6, &f, &e), 0);
    assert_int_equal(qp_fen_parse_counters(&f, 2, &half, &full, &e), 0);
    assert_int_equal(half, 65535);
    assert_int_equal(full, 65535);
    /* the tail may start elsewhere (a game with more fields before it) */
    assert_int_equal(qp_fen_split("b w extra - - 3 4", 2, 7, &f, &e), 0);
    assert_int_equal(qp_fen_parse_counters(&f, 3, &half, &full, &e), 0);
    assert_int_equal(half, 3);
    assert_int_equal(full, 4);
}

/* print(parse(x)) == x, and the letters land on the squares board.h names. */
static void test_round_trip(void **st)
{
    (void)st;
    static const struct {
        int w, h;
        const char *board;
    } cases[] = {
        {9, 10, XQ},
        {9, 9, "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR"},
        {15, 15, "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15"},
        {15, 15, "O14/15/15/15/15/15/15/6XOX6/15/15/15/15/15/15/14X"},
        {15, 15, "1O1O1O1O1O1O1O1/15/15/15/15/15/15/10X4/4O10/15/15/15/15/15/XXXXXXXXXXXXXXX"},
        {19, 19, "19/19/19/3X15/19/19/19/19/19/9O9/19/19/19/19/19/15X3/19/19/18O"},
        {3, 3, "3/3/3"},
        {1, 1, "x"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char letters[QP_MAX_POINTS], out[QP_FEN_MAX];
        qp_fen_error e;
        if (qp_fen_parse_board(cases[i].w, cases[i].h, cases[i].board, NULL, letters, &e)) {
            char err[QP_ERR];
            qp_fen_error_text(&e, err, sizeof err);
            fail_msg("%s: %s", cases[i].board, err);
        }
        size_t len = qp_fen_print_board(cases[i].w, cases[i].h, letters, out, sizeof out);
        assert_string_equal(out, cases[i].board);
        assert_int_equal(len, strlen(cases[i].board));
    }

    char letters[QP_MAX_POINTS];
    qp_fen_error e;
    assert_int_equal(qp_fen_parse_board(15, 15, cases[3].board, NULL, letters, &e), 0);
    int n = 0;
    for (int sq = 0; sq < 225; sq++) n += letters[sq] != 0;
    assert_int_equal(n, 5);
    assert_int_equal(letters[14], 'X');                 /* o1 */
    assert_int_equal(letters[14 * 15 + 0], 'O');        /* a15 */
    assert_int_equal(letters[7 * 15 + 6], 'X');         /* g8 */
    assert_int_equal(letters[7 * 15 + 7], 'O');         /* h8 */
    assert_int_equal(letters[7 * 15 + 8], 'X');         /* i8 */
}

static void test_print_truncates(void **st)
{
    (void)st;
    char letters[9 * 10], out[8];
    qp_fen_error e;
    assert_int_equal(qp_fen_parse_board(9, 10, XQ, NULL, letters, &e), 0);
    assert_int_equal(qp_fen_print_board(9, 10, letters, out, sizeof out), strlen(XQ));
    assert_string_equal(out, "rnbakab");
}

/* The whole FEN round trip: split, board, side, counters, then print. */
static void test_whole_fen(void **st)
{
    (void)st;
    static const char *const fens[] = {
        XQ " w - - 0 1",
        "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 b - - 120 65535",
    };
    static const int size[] = {9, 10, 15, 15};
    for (int i = 0; i < 2; i++) {
        qp_fen_fields f;
        qp_fen_error e;
        char letters[QP_MAX_POINTS], out[QP_FEN_MAX];
        int side;
        unsigned half, full;
        int w = size[2 * i], h = size[2 * i + 1];
        assert_int_equal(qp_fen_split(fens[i], 2, 6, &f, &e), 0);
        assert_int_equal(qp_fen_parse_board(w, h, f.field[0], NULL, letters, &e), 0);
        assert_int_equal(qp_fen_parse_side(f.field[1], "wb", &side, &e), 0);
        assert_int_equal(side, i);
        assert_int_equal(qp_fen_parse_counters(&f, 2, &half, &full, &e), 0);
        size_t len = qp_fen_print(w, h, letters, "wb"[side], half, full, out, sizeof out);
        assert_string_equal(out, fens[i]);
        assert_int_equal(len, strlen(fens[i]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_error_data),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_counters),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_print_truncates),
        cmocka_unit_test(test_whole_fen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
