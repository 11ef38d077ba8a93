/*
 * test_zhonggong.c — the "zhonggong" ruleset: perft, exact legal-move sets
 * of hand-built positions for every special rule and parameter, status and
 * flags, move text / notation / parse reasons, FEN round trips and errors,
 * make/unmake and hash consistency, and the default Lua configuration.
 *
 * Every expected move set below was worked out by hand from
 * the rules (docs/zhonggong.md); the reasoning is in the comment above
 * each case.  Squares: files a-i from Red's left, ranks 1-9 from Red's
 * side, palace d4-f6 unless a case changes it.
 */
#include "testutil.h"
#include "blocktest.h"
#include "whytest.h"
#include "config.h"
#include "perft.h"
#include "zg_eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_FEN "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"

static void *parse_fen(const qp_rules *r, const char *fen)
{
    char err[QP_ERR];
    void *s = qp_state_new(r);
    if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("FEN %s: %s", fen, err);
    return s;
}

/* ---- perft ---- */

static const uint64_t start_perft[] = {27, 728, 21434, 626938, 19251762};

static void test_start_perft(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    void *s = qp_state_new(r);
    r->rs->setup(r, s);
    for (int d = 1; d <= 5; d++) assert_int_equal(qp_perft(r, s, d), start_perft[d - 1]);
    /* The copy-make path (no unmake) must agree. */
    for (int d = 1; d <= 3; d++) assert_int_equal(tu_perft(r, s, d), start_perft[d - 1]);
    free(s);
    qp_rules_free(r);
}

/* ---- exact move sets ---- */

typedef struct move_case {
    const char *name;
    const char *params[4];   /* "key=value", NULL-terminated */
    const char *fen;
    const char *moves;       /* sorted, space-separated */
    const char *status;
    const char *flags;
} move_case;

static const move_case move_cases[] = {
    /* Check answered only by guarding.  Red K d4 is attacked by the black
     * chariot i4 along rank 4 and nothing red can reach d4: a free capture,
     * check.  K d5 / K e4 are next to the black general e5 (and e4 is still
     * on the chariot's rank); nothing red could take back there, so both
     * stay in check.  c4 and d3 are outside the palace.  No red piece can
     * block e4-h4 or take the chariot.  Advisor b2: only c3 is diagonally
     * next to d4, so after b2c3 the capture on d4 is answered (a leash);
     * a1, c1, a3 leave the check. */
    {"check answered by guarding", {NULL}, "9/9/9/9/4k4/3K4r/9/1A7/9 w - - 0 1", "b2c3", "ongoing",
     "check"},
    /* The same without the advisor: no answer, checkmate. */
    {"checkmate", {NULL}, "9/9/9/9/4k4/3K4r/9/9/9 w - - 0 1", "", "black wins: checkmate", "check"},
    /* Leash: advisor c3 answers the chariot's capture on d4.  Withdrawing
     * it (b2, d2, b4 — none diagonally next to d4, none on e4-h4) turns
     * the leash into check: illegal.  K d5 / e4 are free captures for the
     * black general (and the chariot on e4).  The soldier a7 (a8, b7)
     * changes nothing near the general: legal. */
    {"last guard of a leash", {NULL}, "9/9/P8/9/4k4/3K4r/2A6/9/9 w - - 0 1", "a7a8 a7b7", "ongoing",
     "leash"},
    /* Trapped: K d4 is surrounded by its own soldiers c4 d3 d5 e4 and
     * cannot move.  Every soldier move empties a neighbour of the general:
     * c4 -> c5 b4; d3 -> c3 e3 (d4 own); d5 -> d6 c5 e5; e4 -> e5 f4.
     * Black has only its general f6, far from d4, so no move gives check.
     * a1b2 (the advisor's only step) leaves the general trapped. */
    {"trapped relieved", {NULL}, "9/9/9/5k3/3P5/2PKP4/3P5/9/A8 w - - 0 1",
     "c4b4 c4c5 d3c3 d3e3 d5c5 d5d6 d5e5 e4e5 e4f4", "ongoing", "trapped"},
    /* liberties = false: the trap no longer restricts, a1b2 is legal too. */
    {"liberties off", {"liberties=false", NULL}, "9/9/9/5k3/3P5/2PKP4/3P5/9/A8 w - - 0 1",
     "a1b2 c4b4 c4c5 d3c3 d3e3 d5c5 d5d6 d5e5 e4e5 e4f4", "ongoing", "trapped"},
    /* Trap that cannot be relieved: K d4 between black advisors c4 d5 and
     * elephants d3 e4; none of them attacks d4 (advisors hit diagonals,
     * elephants two diagonally) and the chariots d9 / i4 are blocked by
     * d5 / e4, so this is no check.  The general can only take d5 or e4
     * (c4, d3 are outside the palace): on d5 the chariot d9 takes it
     * freely, on e4 the chariot i4 does.  No legal move, not in check. */
    {"trap not relievable", {NULL}, "3r5/9/9/5k3/3a5/2aKb3r/3b5/9/9 w - - 0 1", "",
     "black wins: no-moves", "trapped"},
    /* Exchanges.  Red bottom soldiers a9 c9 g9 i9 (four: not yet five).
     * Black: soldier b8, cannon h8, horses b6 h6, chariot a1, general e6;
     * none of them reaches e4, d4 or f4 (horse b6 hits a8 c8 d7 d5 a4 c4,
     * h6 hits g8 i8 f7 f5 g4 i4).  Ordinary moves: K d4, f4 (e5 is next to
     * the black general: free capture; e3 outside the palace); soldiers
     * sideways a9b9 c9b9 c9d9 g9f9 g9h9 i9h9.  Removing pieces never
     * exposes e4 here, so every exchange is legal: k=1 soldier b8 (4),
     * k=2 cannon h8 (6 pairs), k=3 horses b6, h6 (4 triples x 2), k=4
     * chariot a1 (1). */
    {"exchanges k=1..4", {NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1",
     "a9b9 a9c9g9i9xa1 a9c9g9xb6 a9c9g9xh6 a9c9i9xb6 a9c9i9xh6 a9c9xh8 a9g9i9xb6 a9g9i9xh6 "
     "a9g9xh8 a9i9xh8 a9xb8 c9b9 c9d9 c9g9i9xb6 c9g9i9xh6 c9g9xh8 c9i9xh8 c9xb8 e4d4 e4f4 g9f9 "
     "g9h9 g9i9xh8 g9xb8 i9h9 i9xb8",
     "ongoing", ""},
    /* Exchange table R,N,C,P: k=1 chariot a1 (4), k=2 horses (6 x 2),
     * k=3 cannon h8 (4), k=4 soldier b8 (1), plus the 8 ordinary moves. */
    {"exchange table R,N,C,P", {"exchange=R,N,C,P", NULL},
     "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1",
     "a9b9 a9c9g9i9xb8 a9c9g9xh8 a9c9i9xh8 a9c9xb6 a9c9xh6 a9g9i9xh8 a9g9xb6 a9g9xh6 a9i9xb6 "
     "a9i9xh6 a9xa1 c9b9 c9d9 c9g9i9xh8 c9g9xb6 c9g9xh6 c9i9xb6 c9i9xh6 c9xa1 e4d4 e4f4 g9f9 "
     "g9h9 g9i9xb6 g9i9xh6 g9xa1 i9h9 i9xa1",
     "ongoing", ""},
    /* Exchange table C,R: k=1 cannon (4), k=2 chariot (6); no k=3, 4. */
    {"exchange table C,R", {"exchange=C,R", NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1",
     "a9b9 a9c9xa1 a9g9xa1 a9i9xa1 a9xh8 c9b9 c9d9 c9g9xa1 c9i9xa1 c9xh8 e4d4 e4f4 g9f9 g9h9 "
     "g9i9xa1 g9xh8 i9h9 i9xh8",
     "ongoing", ""},
    /* Empty exchange list: only the 8 ordinary moves. */
    {"no exchanges", {"exchange=", NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1",
     "a9b9 c9b9 c9d9 e4d4 e4f4 g9f9 g9h9 i9h9", "ongoing", ""},
    /* soldiers_to_win = 4: the four bottom soldiers have already won. */
    {"soldiers_to_win 4", {"soldiers_to_win=4", NULL},
     "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "", "red wins: four-soldiers", ""},
    /* Five bottom soldiers: decided, no moves for anyone. */
    {"five soldiers", {NULL}, "PPPPP4/9/9/4k4/9/4K4/9/9/9 b - - 0 1", "", "red wins: five-soldiers",
     ""},
    /* The fifth soldier's move must obey rule 2.  Red K e4 is in check
     * from the chariot i4 (f4-h4 empty, nothing red reaches e4).  e8e9
     * would make five but leaves the check: illegal, like e8d8, e8f8,
     * d9e9.  K d4 / f4 stay on the chariot's rank; K e5 is safe (the black
     * general f6 is diagonal to it).  a9b9c9d9 can buy the chariot (k=4):
     * that removes the checker. */
    {"five soldiers needs rule 2", {NULL}, "PPPP5/4P4/9/5k3/9/4K3r/9/9/9 w - - 0 1",
     "a9b9c9d9xi4 e4e5", "ongoing", "check"},
    /* Cannon screen opened by the capturer leaving.  Black soldier e5
     * attacks K e4 (forward for Black is down).  After e5xe4 the red
     * cannon e8 sees e7, e6 (black general: the screen), e5 (now empty),
     * e4: it recaptures, so this is a leash, although on the board as it
     * stands two pieces lie between e8 and e4.  K d4, f4: safe.  K e5
     * takes the soldier but sits next to the black general, and then the
     * cannon has no screen: free, illegal.  The cannon keeps guarding from
     * e7 or e9, or removes the attacker with e8xe5 (screen e6); any move
     * along rank 8 drops the guard: check, illegal. */
    {"cannon screen opened", {NULL}, "9/4C4/9/4k4/4p4/4K4/9/9/9 w - - 0 1",
     "e4d4 e4f4 e8e5 e8e7 e8e9", "ongoing", "leash"},
    /* Cannon screen closed by the capturer leaving.  Black chariot e3
     * attacks K e4.  Statically the cannon e1 has the chariot as its
     * screen, but after e3xe4 the chariot's point is empty and e1 sees no
     * screen: a free capture, check.  e1e2 (still no screen after the
     * capture) and the rank-1 moves do not help; K e5 stays on the file
     * (free again); K d4, f4 leave the chariot's lines. */
    {"cannon screen closed", {NULL}, "9/9/9/5k3/9/4K4/4r4/9/4C4 w - - 0 1", "e4d4 e4f4", "ongoing",
     "check"},
    /* flying_general: now K f4 would face the black general f6 over an
     * empty f5: the black general takes it freely. */
    {"cannon screen closed, flying", {"flying_general=true", NULL},
     "9/9/9/5k3/9/4K4/4r4/9/4C4 w - - 0 1", "e4d4", "ongoing", "check"},
    /* Generals facing on an open file: legal by default and no attack.
     * K e5 would be next to the black general (free capture). */
    {"generals facing", {NULL}, "9/9/9/4k4/9/4K4/9/9/9 w - - 0 1", "e4d4 e4f4", "ongoing", ""},
    /* flying_general = true: the black general attacks e4 along the file,
     * freely: check.  Red may take the black general the same way (e4e6,
     * nothing black can take back) or step to d4 / f4 off the file. */
    {"generals facing, flying", {"flying_general=true", NULL}, "9/9/9/4k4/9/4K4/9/9/9 w - - 0 1",
     "e4d4 e4e6 e4f4", "ongoing", "check"},
    /* Palace c3-g7: e3 is now a palace point. */
    {"palace c3-g7", {"palace=c3-g7", NULL}, "9/9/9/4k4/9/4K4/9/9/9 w - - 0 1", "e4d4 e4e3 e4f4",
     "ongoing", ""},
    /* Free capture of the general: horse g7 takes e6 through the empty leg
     * f7 and Black has nothing to take back.  Other horse moves: f5 h5 f9
     * h9 e8 i8 i6; K d4 f4 (e5 is next to the black general). */
    {"free capture of the general", {NULL}, "9/9/6N2/4k4/9/4K4/9/9/9 w - - 0 1",
     "e4d4 e4f4 g7e6 g7e8 g7f5 g7f9 g7h5 g7h9 g7i6 g7i8", "ongoing", ""},
    /* Answered: the black advisor d7 can take back on e6, so g7e6 is
     * illegal; nothing else changes. */
    {"answered capture of the general", {NULL}, "9/9/3a2N2/4k4/9/4K4/9/9/9 w - - 0 1",
     "e4d4 e4f4 g7e8 g7f5 g7f9 g7h5 g7h9 g7i6 g7i8", "ongoing", ""},
    /* answered_general_capture = "loses": the answered capture is legal. */
    {"answered capture loses", {"answered_general_capture=loses", NULL},
     "9/9/3a2N2/4k4/9/4K4/9/9/9 w - - 0 1", "e4d4 e4f4 g7e6 g7e8 g7f5 g7f9 g7h5 g7h9 g7i6 g7i8",
     "ongoing", ""},
};

static void test_move_sets(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof move_cases / sizeof *move_cases; i++) {
        const move_case *c = &move_cases[i];
        qp_rules *r = tu_rules_with(&tu_reg, "zhonggong", c->params);
        void *s = parse_fen(r, c->fen);
        char *moves = tu_moves_text(r, s);
        char status[128], flags[128];
        bt_status_text(r, s, status, sizeof status);
        qp_flags_text(r, r->rs->flags(r, s), flags, sizeof flags);
        if (strcmp(moves, c->moves) || strcmp(status, c->status) || strcmp(flags, c->flags))
            fail_msg("%s: got moves '%s' status '%s' flags '%s'\n expected '%s' '%s' '%s'", c->name,
                     moves, status, flags, c->moves, c->status, c->flags);
        free(moves);
        free(s);
        qp_rules_free(r);
    }
}

/* ---- playing decisive moves ---- */

typedef struct play_case {
    const char *params[3];
    const char *fen;
    const char *move;
    const char *status;     /* after the move */
} play_case;

static const play_case play_cases[] = {
    /* The fifth soldier reaches the back rank (no check around). */
    {{NULL}, "PPPP5/4P4/9/5k3/9/4K4/9/9/9 w - - 0 1", "e8e9", "red wins: five-soldiers"},
    /* A free capture of the general wins at once. */
    {{NULL}, "9/9/6N2/4k4/9/4K4/9/9/9 w - - 0 1", "g7e6", "red wins: general-captured"},
    /* An answered capture under "loses": the capturer loses. */
    {{"answered_general_capture=loses", NULL}, "9/9/3a2N2/4k4/9/4K4/9/9/9 w - - 0 1", "g7e6",
     "black wins: general-captured"},
    /* Flying general capture. */
    {{"flying_general=true", NULL}, "9/9/9/4k4/9/4K4/9/9/9 w - - 0 1", "e4e6",
     "red wins: general-captured"},
};

static void test_decisive_moves(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof play_cases / sizeof *play_cases; i++) {
        const play_case *c = &play_cases[i];
        qp_rules *r = tu_rules_with(&tu_reg, "zhonggong", c->params);
        void *s = parse_fen(r, c->fen);
        char err[QP_ERR], status[128];
        qp_move m;
        if (r->rs->move_parse(r, s, c->move, &m, err, sizeof err)) fail_msg("%s: %s", c->move, err);
        assert_int_equal(r->rs->move_flags(r, s, m) & QP_MF_CAPTURE,
                         strcmp(c->move, "e8e9") ? QP_MF_CAPTURE : 0);
        r->rs->make(r, s, m, NULL);
        bt_status_text(r, s, status, sizeof status);
        assert_string_equal(status, c->status);
        qp_move mv[QP_MAX_MOVES];
        assert_int_equal(r->rs->gen(r, s, mv, QP_GEN_ALL), 0);
        assert_int_not_equal(r->rs->move_parse(r, s, "a1a2", &m, err, sizeof err), 0);
        assert_string_equal(err, "the game is over");
        free(s);
        qp_rules_free(r);
    }
}

/* ---- move text reasons ---- */

typedef struct parse_case {
    const char *params[3];
    const char *fen;
    const char *text;
    const char *err;        /* NULL: accepted */
} parse_case;

static const parse_case parse_cases[] = {
    {{NULL}, START_FEN, "zz", "bad move text 'zz'"},
    {{NULL}, START_FEN, "e3e4e5", "bad move text 'e3e4e5'"},
    {{NULL}, START_FEN, "e3e10", "bad move text 'e3e10'"},
    {{NULL}, START_FEN, "j1a1", "bad move text 'j1a1'"},
    {{NULL}, START_FEN, "e5e6", "no piece on e5"},
    {{NULL}, START_FEN, "e7e6", "not your piece"},
    {{NULL}, START_FEN, "a1b2", "a chariot cannot move from a1 to b2"},
    {{NULL}, START_FEN, "d1d2", "an advisor cannot move from d1 to d2"},
    {{NULL}, START_FEN, "d1e2", "e2 is occupied by your own piece"},
    {{NULL}, START_FEN, "e4e3", "e3 is occupied by your own piece"},
    {{NULL}, START_FEN, "e4c4", "a general cannot move from e4 to c4"},
    {{NULL}, START_FEN, "a3a2", "a soldier cannot move from a3 to a2"},
    {{NULL}, START_FEN, "e2e3", "e3 is occupied by your own piece"},
    {{NULL}, START_FEN, "e2d3", "a cannon cannot move from e2 to d3"},
    {{NULL}, START_FEN, "c3c4", NULL},
    {{NULL}, START_FEN, "a3xb8", "no such exchange"},
    {{NULL}, "9/9/9/5k3/9/4K4/4r4/9/4C4 w - - 0 1", "e1e2", "leaves your general in check"},
    {{NULL}, "9/9/9/5k3/3P5/2PKP4/3P5/9/A8 w - - 0 1", "a1b2", "general would have no liberty"},
    {{NULL}, "9/9/P8/9/4k4/3K4r/2A6/9/9 w - - 0 1", "c3b4", "leaves your general in check"},
    {{NULL}, "9/9/3a2N2/4k4/9/4K4/9/9/9 w - - 0 1", "g7e6",
     "capturing the general there is answered (illegal)"},
    {{NULL}, "PPPP5/4P4/9/5k3/9/4K3r/9/9/9 w - - 0 1", "e8e9", "leaves your general in check"},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9c9xh8", NULL},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "c9a9xh8", "no such exchange"},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9xh8", "no such exchange"},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9c9xe6", "no such exchange"},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9c9xb8", "no such exchange"},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9c9", "c9 is occupied by your own piece"},
    {{NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9a8", "a soldier cannot move from a9 to a8"},
    {{"exchange=", NULL}, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9xb8", "no such exchange"},
    {{NULL}, "PPPPP4/9/9/4k4/9/4K4/9/9/9 b - - 0 1", "e6e7", "the game is over"},
};

static void test_move_parse(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof parse_cases / sizeof *parse_cases; i++) {
        const parse_case *c = &parse_cases[i];
        qp_rules *r = tu_rules_with(&tu_reg, "zhonggong", c->params);
        void *s = parse_fen(r, c->fen);
        char err[QP_ERR] = "", text[QP_MOVE_TEXT];
        qp_move m = QP_MOVE_NONE;
        int rc = r->rs->move_parse(r, s, c->text, &m, err, sizeof err);
        if (!c->err) {
            if (rc) fail_msg("%s: rejected: %s", c->text, err);
            assert_true(qp_move_is_legal(r, s, m));
            r->rs->move_text(r, s, m, text, sizeof text);
            assert_string_equal(text, c->text);
        } else {
            if (!rc) fail_msg("%s: accepted, expected '%s'", c->text, c->err);
            assert_string_equal(err, c->err);
        }
        free(s);
        qp_rules_free(r);
    }
}

/* Every legal move's text parses back to the same move (start position
 * and the exchange position). */
static void test_text_round_trip(void **state)
{
    (void)state;
    static const char *const fens[] = {START_FEN, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1"};
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    for (size_t f = 0; f < 2; f++) {
        void *s = parse_fen(r, fens[f]);
        qp_move mv[QP_MAX_MOVES], m;
        int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
        for (int i = 0; i < n; i++) {
            char text[QP_MOVE_TEXT], err[QP_ERR];
            r->rs->move_text(r, s, mv[i], text, sizeof text);
            if (r->rs->move_parse(r, s, text, &m, err, sizeof err)) fail_msg("%s: %s", text, err);
            assert_true(m == mv[i]);
        }
        free(s);
    }
    qp_rules_free(r);
}

/* ---- notation ---- */

typedef struct notation_case {
    const char *fen;
    const char *move;
    const char *notation;
} notation_case;

static const notation_case notation_cases[] = {
    /* Red counts files from its right: i = 一 ... a = 九. */
    {START_FEN, "a1a2", "车九进一"},
    {START_FEN, "c3c4", "兵七进一"},
    {START_FEN, "e4d4", "帅五平六"},
    {START_FEN, "e4e5", "帅五进一"},
    {START_FEN, "d1c2", "仕六进七"},
    {START_FEN, "f1g2", "仕四进三"},
    /* Two red cannons on file e: e2 is the front one. */
    {START_FEN, "e2c2", "前炮平七"},
    /* Black counts from its own right (file a = １) with full-width digits;
     * its front cannon is the lower one, e8. */
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR b - - 0 1", "e8c8", "前砲平３"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR b - - 0 1", "d9c8", "士４进３"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR b - - 0 1", "a9a8", "車１进１"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR b - - 0 1", "e6d6", "将５平４"},
    /* Backward moves. */
    {"9/9/9/4k4/9/4K4/9/9/R8 w - - 0 1", "a1a9", "车九进八"},
    {"R8/9/9/4k4/9/4K4/9/9/9 w - - 0 1", "a9a2", "车九退七"},
    {"9/9/9/3k5/9/4K4/9/9/9 w - - 0 1", "e4e5", "帅五进一"},
    /* Exchanges: soldiers given, 兑, the piece taken and its file. */
    {"P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "a9c9xh8", "兵兵兑砲二"},
    {"P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1", "g9xb8", "兵兑卒八"},
};

static void test_notation(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    for (size_t i = 0; i < sizeof notation_cases / sizeof *notation_cases; i++) {
        const notation_case *c = &notation_cases[i];
        void *s = parse_fen(r, c->fen);
        char err[QP_ERR], buf[96];
        qp_move m;
        if (r->rs->move_parse(r, s, c->move, &m, err, sizeof err)) fail_msg("%s: %s", c->move, err);
        r->rs->move_notation(r, s, m, buf, sizeof buf);
        if (strcmp(buf, c->notation)) fail_msg("%s: got %s, expected %s", c->move, buf, c->notation);
        free(s);
    }
    qp_rules_free(r);
}

static void test_squares_and_pieces(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    void *s = parse_fen(r, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1");
    char err[QP_ERR];
    qp_move m;
    int sq[8];
    assert_int_equal(r->rs->move_parse(r, s, "a9c9xh8", &m, err, sizeof err), 0);
    assert_int_equal(r->rs->move_squares(r, s, m, sq, 8), 3);
    assert_int_equal(sq[0], 72);   /* a9 */
    assert_int_equal(sq[1], 74);   /* c9 */
    assert_int_equal(sq[2], 70);   /* h8 */
    assert_int_equal(r->rs->move_parse(r, s, "e4d4", &m, err, sizeof err), 0);
    assert_int_equal(r->rs->move_squares(r, s, m, sq, 8), 2);
    assert_int_equal(sq[0], 31);
    assert_int_equal(sq[1], 30);
    qp_piece_view v;
    assert_true(r->rs->piece_at(r, s, 31, &v));
    assert_int_equal(v.side, 0);
    assert_int_equal(v.letter, 'K');
    assert_string_equal(v.glyph, "帅");
    assert_true(r->rs->piece_at(r, s, 70, &v));
    assert_int_equal(v.side, 1);
    assert_int_equal(v.letter, 'c');
    assert_string_equal(v.glyph, "砲");
    assert_false(r->rs->piece_at(r, s, 40, &v));
    assert_int_equal(r->geom.w, 9);
    assert_int_equal(r->geom.h, 9);
    int pal = qp_geom_find_region(&r->geom, "palace");
    assert_true(pal >= 0);
    assert_true(r->geom.regions[pal].in[30] && r->geom.regions[pal].in[50]);
    assert_false(r->geom.regions[pal].in[29] || r->geom.regions[pal].in[51]);
    assert_string_equal(r->side_names[0], "red");
    assert_string_equal(r->side_names[1], "black");
    assert_non_null(strstr(r->help_text, "Exchange"));
    assert_non_null(strstr(r->help_text, "兑子"));
    assert_non_null(strstr(r->help_text, "Leash"));
    free(s);
    qp_rules_free(r);
}

/* ---- FEN ---- */

static void test_fen_round_trip(void **state)
{
    (void)state;
    static const char *const fens[] = {
        START_FEN,
        "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 b - - 17 42",
        "3r5/9/9/5k3/3a5/2aKb3r/3b5/9/9 w - - 0 1",
        "9/9/9/9/9/9/9/9/9 w - - 0 1",
    };
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    char buf[256];
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        void *s = parse_fen(r, fens[i]);
        r->rs->fen_print(r, s, buf, sizeof buf);
        assert_string_equal(buf, fens[i]);
        free(s);
    }
    /* Two fields are enough; printing fills in the rest. */
    void *s = parse_fen(r, "9/9/9/4k4/9/4K4/9/9/9 b");
    r->rs->fen_print(r, s, buf, sizeof buf);
    assert_string_equal(buf, "9/9/9/4k4/9/4K4/9/9/9 b - - 0 1");
    free(s);
    /* setup() is the start FEN. */
    s = qp_state_new(r);
    r->rs->setup(r, s);
    r->rs->fen_print(r, s, buf, sizeof buf);
    assert_string_equal(buf, START_FEN);
    free(s);
    qp_rules_free(r);
}

typedef struct fen_error {
    const char *fen;
    const char *err;
} fen_error;

static const fen_error fen_errors[] = {
    {"", "bad FEN: expected 2 to 6 fields, got 0"},
    {"9/9/9/4k4/9/4K4/9/9/9", "bad FEN: expected 2 to 6 fields, got 1"},
    {"9/9/9/4k4/9/4K4/9/9/9 w - - 0 1 x", "bad FEN: expected 2 to 6 fields, got 7"},
    {"4k4/9/9/9/9/9/9/4K4 w", "bad FEN board: 8 ranks (expected 9)"},
    {"rnbacabnr/4c4/p1p1p1p1p1/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1",
     "bad FEN board: rank 7 has 10 points ('p1p1p1p1p1')"},
    {"4k4/9/9/9/9/9/9/4K3/9 w", "bad FEN board: rank 2 has 8 points ('4K3')"},
    {"rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBQCABNR w - - 0 1", "bad FEN piece letter 'Q'"},
    {"9/9/9/4k4/9/3KK4/9/9/9 w", "too many red generals"},
    {"9/9/9/4k4/9/4K4/9/9/RRR6 w", "too many red chariots"},
    {"9/9/9/4k4/pppppp3/4K4/9/9/9 w", "too many black soldiers"},
    /* a general stands in the palace, as in Xiangqi; the first one outside
     * in FEN order is named, with the configured palace */
    {"4k4/9/9/9/9/9/9/9/4K4 w", "FEN board: black general on e9 is outside the palace d4-f6"},
    {"9/9/9/4k4/9/9/4K4/9/9 w", "FEN board: red general on e3 is outside the palace d4-f6"},
    {"9/9/9/9/9/9/9/9/k8 b", "FEN board: black general on a1 is outside the palace d4-f6"},
    {"9/9/9/4k4/9/4K4/9/9/9 x", "bad FEN side to move 'x' (expected w or b)"},
    {"9/9/9/4k4/9/4K4/9/9/9 w KQ - 0 1", "bad FEN castling field 'KQ' (expected -)"},
    {"9/9/9/4k4/9/4K4/9/9/9 w - e3 0 1", "bad FEN en passant field 'e3' (expected -)"},
    {"9/9/9/4k4/9/4K4/9/9/9 w - - z 1", "bad FEN halfmove clock 'z'"},
    {"9/9/9/4k4/9/4K4/9/9/9 w - - -1 1", "bad FEN halfmove clock '-1'"},
    {"9/9/9/4k4/9/4K4/9/9/9 w - - 0 0", "bad FEN fullmove number '0'"},
    {"9/9/9/4k4/9/4K4/9/9/9 w - - 0 y", "bad FEN fullmove number 'y'"},
};

static void test_fen_errors(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    void *s = qp_state_new(r);
    for (size_t i = 0; i < sizeof fen_errors / sizeof *fen_errors; i++) {
        char err[QP_ERR] = "";
        if (!r->rs->fen_parse(r, s, fen_errors[i].fen, err, sizeof err))
            fail_msg("'%s' accepted", fen_errors[i].fen);
        assert_string_equal(err, fen_errors[i].err);
    }
    free(s);
    qp_rules_free(r);
}

/* ---- parameters ---- */

typedef struct param_error {
    const char *kv;
    const char *err;
} param_error;

static const param_error param_errors[] = {
    {"answered_general_capture=sometimes",
     "'answered_general_capture' must be \"illegal\" or \"loses\", got 'sometimes'"},
    {"exchange=P,K", "'exchange': bad entry 'K' (expected P, C, N or R)"},
    {"exchange=P,C,N,R,R", "'exchange' has more than 4 entries (k = 1..4 soldiers)"},
    {"palace=d4-j6", "'palace' must be a rectangle of points like d4-f6, got 'd4-j6'"},
    {"palace=f6-d4", "'palace' must be a rectangle of points like d4-f6, got 'f6-d4'"},
    {"setup=9/9 w", "'setup': bad FEN board: 2 ranks (expected 9)"},
    /* the default start position does not fit a smaller palace */
    {"palace=d3-f5", "'setup': FEN board: black general on e6 is outside the palace d3-f5"},
};

static void test_param_errors(void **state)
{
    (void)state;
    const qp_ruleset *rs = qp_registry_find(&tu_reg, "zhonggong");
    for (size_t i = 0; i < sizeof param_errors / sizeof *param_errors; i++) {
        char err[QP_ERR] = "", key[64];
        qp_params p;
        assert_int_equal(qp_params_init(&p, rs->params, err, sizeof err), 0);
        const char *kv = param_errors[i].kv, *eq = strchr(kv, '=');
        snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
        assert_int_equal(qp_params_set(&p, key, eq + 1, err, sizeof err), 0);
        qp_rules *r = qp_rules_create(rs, &p, err, sizeof err);
        if (r) fail_msg("%s accepted", kv);
        assert_string_equal(err, param_errors[i].err);
    }
}

static void test_params_applied(void **state)
{
    (void)state;
    static const char *const kv[] = {"draw.repetitions=4", "draw.perpetual_check_loses=false",
                                     "draw.no_capture_plies=200",
                                     "setup=9/9/9/3k5/9/5K3/9/9/9 b - - 0 1", NULL};
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    assert_int_equal(r->draw.repetitions, 3);
    assert_true(r->draw.perpetual_check_loses);
    assert_int_equal(r->draw.no_capture_plies, 120);
    assert_int_equal(r->caps, QP_CAP_NULLMOVE | QP_CAP_LMR);
    qp_rules_free(r);
    r = tu_rules_with(&tu_reg, "zhonggong", kv);
    assert_int_equal(r->draw.repetitions, 4);
    assert_false(r->draw.perpetual_check_loses);
    assert_int_equal(r->draw.no_capture_plies, 200);
    void *s = qp_state_new(r);
    char buf[128];
    r->rs->setup(r, s);
    r->rs->fen_print(r, s, buf, sizeof buf);
    assert_string_equal(buf, "9/9/9/3k5/9/5K3/9/9/9 b - - 0 1");
    free(s);
    qp_rules_free(r);
}

/* The rules summary states the rules of these parameters, not the defaults. */
static void test_help_follows_params(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    const char *h = r->help_text;
    assert_non_null(strstr(h, "双方共用中央九宫（d4-f6）"));
    assert_non_null(strstr(h, "one palace (d4-f6) shared by both generals"));
    assert_non_null(strstr(h, "buy one enemy piece: 1 soldier, 2 cannon, 3 horse, 4 chariot (a9c9xe8).\n"));
    assert_non_null(strstr(h, "五个底兵即胜"));
    assert_non_null(strstr(h, "Five soldiers on the enemy back rank win; no legal move loses.  Draws: third "
                              "repetition (perpetual check loses), 120 plies without a capture.\n"));
    assert_non_null(strstr(h, "no flying general"));
    qp_rules_free(r);

    static const char *const kv[] = {"palace=c3-g7", "soldiers_to_win=4", "exchange=C,R", "flying_general=true",
                                     "liberties=false", "answered_general_capture=loses", "draw.repetitions=4",
                                     "draw.perpetual_check_loses=false", "draw.no_capture_plies=0", NULL};
    r = tu_rules_with(&tu_reg, "zhonggong", kv);
    h = r->help_text;
    assert_null(strstr(h, "d4-f6"));
    assert_non_null(strstr(h, "双方共用中央九宫（c3-g7）"));
    assert_non_null(strstr(h, "one palace (c3-g7) shared by both generals"));
    assert_non_null(strstr(h, "buy one enemy piece: 1 cannon, 2 chariot (a9c9xe8).\n"));
    assert_non_null(strstr(h, "1 兵换炮，2 兵换车"));
    assert_non_null(strstr(h, "四个底兵即胜"));
    assert_non_null(strstr(h, "Four soldiers on the enemy back rank win; no legal move loses.  Draws: fourth "
                              "repetition.\n"));
    assert_non_null(strstr(h, "flying general: generals facing"));
    assert_non_null(strstr(h, "No liberties rule"));
    assert_null(strstr(h, "Liberty:"));
    assert_non_null(strstr(h, "an answered capture may be played but loses at once"));
    qp_rules_free(r);

    static const char *const kv2[] = {"soldiers_to_win=6", "exchange=", "draw.repetitions=0",
                                      "draw.no_capture_plies=0", NULL};
    r = tu_rules_with(&tu_reg, "zhonggong", kv2);
    h = r->help_text;
    assert_null(strstr(h, "back rank win"));
    assert_null(strstr(h, "底兵即胜"));
    assert_non_null(strstr(h, "No exchanges.\nno legal move loses.  No draw rules.\n"));
    assert_non_null(strstr(h, "本规则不许兑子。无合法着法者负。"));
    qp_rules_free(r);
}

/* The default configuration names every key once, with its default. */
static void test_default_config(void **state)
{
    (void)state;
    const qp_ruleset *rs = qp_registry_find(&tu_reg, "zhonggong");
    char path[QP_PATH + 64], err[QP_ERR];
    snprintf(path, sizeof path, "%s/%s", QP_SCRIPTS_DIR, rs->config_file);
    qp_config *c = malloc(sizeof *c);
    if (qp_config_load(c, path, err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(c->ruleset, "zhonggong");
    qp_params p;
    assert_int_equal(qp_params_init(&p, rs->params, err, sizeof err), 0);
    for (int i = 0; i < p.n; i++) {
        const char *key = p.v[i].def->key;
        int found = 0;
        for (int k = 0; k < c->n; k++)
            if (!strcmp(c->e[k].key, key)) {
                found++;
                qp_params q = p;
                if (qp_params_set(&q, key, c->e[k].text, err, sizeof err)) fail_msg("%s", err);
                if (!qp_param_is_default(qp_params_find(&q, key)))
                    fail_msg("%s = '%s' in the config, default '%s'", key, c->e[k].text, p.v[i].def->def);
            }
        if (found != 1) fail_msg("key %s appears %d times in %s", key, found, path);
    }
    /* Nothing unknown either: applying the file succeeds. */
    if (qp_config_apply(c, &p, err, sizeof err)) fail_msg("%s", err);
    free(c);
}

/* ---- make/unmake and hashing along random playouts ---- */

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void test_playouts(void **state)
{
    (void)state;
    static const char *const variants[][3] = {
        {NULL},
        {"flying_general=true", "answered_general_capture=loses", NULL},
        {"liberties=false", "exchange=R,N,C,P", NULL},
    };
    for (size_t vi = 0; vi < 3; vi++) {
        qp_rules *r = tu_rules_with(&tu_reg, "zhonggong", variants[vi]);
        void *s = qp_state_new(r), *before = qp_state_new(r), *fresh = qp_state_new(r);
        void *undo = malloc(r->undo_size);
        uint64_t seed = 0x9E3779B97F4A7C15ull + vi;
        for (int game = 0; game < 60; game++) {
            r->rs->setup(r, s);
            for (int ply = 0; ply < 200; ply++) {
                qp_move mv[QP_MAX_MOVES], nz[QP_MAX_MOVES];
                int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
                if (!n) break;
                /* NOISY = exactly the moves flagged as captures. */
                int nn = r->rs->gen(r, s, nz, QP_GEN_NOISY), ncap = 0;
                for (int i = 0; i < n; i++) ncap += (r->rs->move_flags(r, s, mv[i]) & QP_MF_CAPTURE) != 0;
                assert_int_equal(nn, ncap);
                /* Every move: make + unmake restores the bytes. */
                for (int i = 0; i < n; i++) {
                    memcpy(before, s, r->state_size);
                    r->rs->make(r, s, mv[i], undo);
                    r->rs->unmake(r, s, mv[i], undo);
                    assert_memory_equal(before, s, r->state_size);
                }
                /* Prefer captures and exchanges now and then, to reach
                 * bottom soldiers and sparse boards. */
                qp_move m = mv[rng_next(&seed) % (uint64_t)n];
                if (nn && rng_next(&seed) % 3 == 0) m = nz[rng_next(&seed) % (uint64_t)nn];
                r->rs->make(r, s, m, undo);
                char fen[256], err[QP_ERR];
                r->rs->fen_print(r, s, fen, sizeof fen);
                if (r->rs->fen_parse(r, fresh, fen, err, sizeof err)) fail_msg("%s: %s", fen, err);
                assert_true(r->rs->hash(r, s) == r->rs->hash(r, fresh));
                /* The incremental material / placement sums match too. */
                if (r->rs->gen(r, s, nz, QP_GEN_ALL))
                    assert_int_equal(r->rs->evaluate(r, s), r->rs->evaluate(r, fresh));
            }
        }
        free(undo);
        free(fresh);
        free(before);
        free(s);
        qp_rules_free(r);
    }
}

static void test_evaluate(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    void *s = qp_state_new(r);
    r->rs->setup(r, s);
    /* The start is symmetric: the side to move has the tempo only. */
    assert_int_equal(r->rs->evaluate(r, s), qp_param_int(&r->params, "eval.tempo"));
    qp_rules *r2 = tu_rules_with(&tu_reg, "zhonggong", (const char *const[]){"eval.tempo=37", NULL});
    assert_int_equal(r2->rs->evaluate(r2, s), 37);
    qp_rules_free(r2);
    /* Red without its chariot a1 is clearly worse, from either side. */
    void *t = parse_fen(r, "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/1NBACABNR w - - 0 1");
    assert_true(r->rs->evaluate(r, t) < -700);
    void *u = parse_fen(r, "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/1NBACABNR b - - 0 1");
    assert_true(r->rs->evaluate(r, u) > 700);
    /* Captures order by victim, then by the cheaper attacker. */
    void *w = parse_fen(r, "P1P3P1P/1p5c1/9/1n2k2n1/9/4K4/9/9/r8 w - - 0 1");
    char err[QP_ERR];
    qp_move a, b, q;
    assert_int_equal(r->rs->move_parse(r, w, "a9c9g9i9xa1", &a, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, w, "a9xb8", &b, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, w, "e4d4", &q, err, sizeof err), 0);
    assert_true(r->rs->move_order(r, w, a) > r->rs->move_order(r, w, b));
    assert_true(r->rs->move_order(r, w, b) > r->rs->move_order(r, w, q));
    free(w);
    free(u);
    free(t);
    free(s);
    qp_rules_free(r);
}

/* eval(fen) with the placement table at pct percent, less eval(fen) without
 * it.  Each instance parses the FEN itself: the state keeps the material
 * and placement of the instance that made it. */
static int placement_part(const char *fen, const char *pct)
{
    char kv[32];
    snprintf(kv, sizeof kv, "eval.pst=%s", pct);
    qp_rules *on = tu_rules_with(&tu_reg, "zhonggong", (const char *const[]){kv, NULL});
    qp_rules *off = tu_rules_with(&tu_reg, "zhonggong", (const char *const[]){"eval.pst=0", NULL});
    void *a = parse_fen(on, fen), *b = parse_fen(off, fen);
    int d = on->rs->evaluate(on, a) - off->rs->evaluate(off, b);
    free(b);
    free(a);
    qp_rules_free(off);
    qp_rules_free(on);
    return d;
}

/* The fitted placement table counts a piece by its own rank and its file
 * folded at the centre, for either colour, scaled by eval.pst percent.
 * The generals stand on mirrored points: their entries cancel. */
static void test_placement(void **state)
{
    (void)state;
    int horse = zg_placement[ZG_HORSE][2][2], chariot = zg_placement[ZG_CHARIOT][0][1];
    assert_true(horse != 0 && chariot != 0);   /* the table is fitted, not empty */
    /* A Red horse on g3, Red to move. */
    assert_int_equal(placement_part("9/9/9/4k4/9/4K4/6N2/9/9 w - - 0 1", "100"), horse);
    assert_int_equal(placement_part("9/9/9/4k4/9/4K4/6N2/9/9 w - - 0 1", "50"), horse * 50 / 100);
    /* The same horse for Black (g7), Black to move; and seen by Red. */
    assert_int_equal(placement_part("9/9/6n2/4k4/9/4K4/9/9/9 b - - 0 1", "100"), horse);
    assert_int_equal(placement_part("9/9/6n2/4k4/9/4K4/9/9/9 w - - 0 1", "100"), -horse);
    /* A Red chariot on b1. */
    assert_int_equal(placement_part("9/9/9/4k4/9/4K4/9/9/1R7 w - - 0 1", "100"), chariot);
}

/* The see hook: a capture wins its victim unless a dearer capturer is
 * taken back; the eval shrinks toward a draw as the no-capture count
 * (the FEN's halfmove field) nears draw.no_capture_plies. */
static void test_see_and_progress(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "zhonggong");
    /* Black chariot c9 guards the soldier c2 down the open c-file; the
     * soldier g2 has no guard; Red's chariot i7 puts Red a chariot up. */
    void *s = parse_fen(r, "2r6/9/8R/4k4/9/4K2N1/9/R1p3p2/9 w - - 0 1");
    char err[QP_ERR];
    qp_move guarded, loose;
    assert_int_equal(r->rs->move_parse(r, s, "a2c2", &guarded, err, sizeof err), 0);
    assert_int_equal(r->rs->move_parse(r, s, "h4g2", &loose, err, sizeof err), 0);
    long long soldier = qp_param_int(&r->params, "eval.soldier");
    assert_int_equal(r->rs->see(r, s, guarded), soldier - qp_param_int(&r->params, "eval.chariot"));
    assert_int_equal(r->rs->see(r, s, loose), soldier);
    /* Same pieces, 60 and 150 plies without a capture (limit 120). */
    long long tempo = qp_param_int(&r->params, "eval.tempo");
    int e0 = r->rs->evaluate(r, s) - (int)tempo;
    void *t = parse_fen(r, "2r6/9/8R/4k4/9/4K2N1/9/R1p3p2/9 w - - 60 31");
    void *u = parse_fen(r, "2r6/9/8R/4k4/9/4K2N1/9/R1p3p2/9 w - - 150 76");
    assert_true(e0 > 500);   /* Red is a chariot up */
    assert_int_equal(r->rs->evaluate(r, t) - tempo, e0 * 180 / 240);
    assert_int_equal(r->rs->evaluate(r, u) - tempo, e0 / 2);
    free(u);
    free(t);
    free(s);
    qp_rules_free(r);
}

/* Refused moves say the rule that refuses them, in both languages
 * (framework/why.h through zg_why.c): typed, as the console asks, and
 * clicked, as the window does. */
static void test_refusal_reasons(void **st)
{
    (void)st;
    static const wt_case cases[] = {
        {"zhonggong", NULL, NULL, false, "b1", QP_WHY_NO_MOVE,
         "the horse on b1 has no legal move: the horse's leg is blocked by the elephant on c1",
         "b1的马无路可走：蹩马腿：c1有相"},
        {"zhonggong", NULL, NULL, true, "a1a5", QP_WHY_BLOCKED, "blocked by the soldier on a3", "被a3的兵挡住"},
        {"zhonggong", NULL, NULL, false, "a1 a5", QP_WHY_BLOCKED, "blocked by the soldier on a3", "被a3的兵挡住"},
        {"zhonggong", NULL, NULL, true, "b1c3", QP_WHY_OWN_PIECE, "c3 is occupied by your own soldier", "c3已有己方的兵"},
        {"zhonggong", NULL, NULL, true, "a7a6", QP_WHY_NOT_YOURS, "a7 is not your piece", "a7不是你的棋子"},
        {"zhonggong", NULL, NULL, true, "e3e5", QP_WHY_CANNOT_MOVE, "a soldier cannot move from e3 to e5", "兵不能从e3走到e5"},
        {"zhonggong", NULL, NULL, true, "d5d6", QP_WHY_EMPTY, "there is no piece on d5", "d5没有棋子"},
        {"zhonggong", NULL, NULL, true, "e2e8", QP_WHY_BLOCKED,
         "a cannon captures over exactly one piece; 4 stand between e2 and e8", "炮只能隔一子吃子，e2与e8之间有4子"},
        {"zhonggong", "4r4/9/9/3k5/4R4/4K4/9/9/9 w - - 0 1", NULL, true, "e5a5", QP_WHY_SELF_CHECK,
         "it would leave your general in check", "走后己方将帅被将军"},
        {"zhonggong", "9/9/9/5k3/3P5/2PK5/3P5/9/4R4 w - - 0 1", NULL, true, "e1e4", QP_WHY_SUICIDE,
         "your general would have no liberty", "己方将帅将无气"},
        {"zhonggong", "P1P6/4c4/9/4k4/9/4K4/9/9/9 w - - 0 1", NULL, true, "a9b9", QP_WHY_SELF_CHECK,
         "your general is in check and this move does not answer it", "正被将军，此着未能应将"},
        {"zhonggong", "P1P6/4c4/9/4k4/9/4K4/9/9/9 w - - 0 1", NULL, true, "a9", QP_WHY_MUST_CONTINUE,
         "the move is not finished: it goes on from a9", "着法未完：须从a9继续"},
        {"zhonggong", "2r1r4/9/9/5k3/9/3K5/9/9/9 b - - 0 1", "c9d9", true, "d4d5", QP_WHY_OVER, "the game is over",
         "对局已结束"},
    };
    wt_check(&tu_reg, cases, (int)(sizeof cases / sizeof cases[0]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusal_reasons),
        cmocka_unit_test(test_start_perft),
        cmocka_unit_test(test_move_sets),
        cmocka_unit_test(test_decisive_moves),
        cmocka_unit_test(test_move_parse),
        cmocka_unit_test(test_text_round_trip),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_squares_and_pieces),
        cmocka_unit_test(test_fen_round_trip),
        cmocka_unit_test(test_fen_errors),
        cmocka_unit_test(test_help_follows_params),
        cmocka_unit_test(test_param_errors),
        cmocka_unit_test(test_params_applied),
        cmocka_unit_test(test_default_config),
        cmocka_unit_test(test_playouts),
        cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_placement),
        cmocka_unit_test(test_see_and_progress),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
