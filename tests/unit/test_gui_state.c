/*
 * test_gui_state.c — the window's click rules, without a window.
 *
 * gui_state.c has no SDL in it, so it is compiled into this suite directly.
 * Pins: which points a selection marks (destinations, exchange partners),
 * that a click on a mark plays exactly that move, exchanges built soldier
 * by soldier, placements with no selection, the move list texts, the
 * last-move marks (the whole move: a castling's rook, a pawn taken en
 * passant, the discs flipped, the stones captured) and the choice a click
 * opens when it completes several moves.
 */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

#include "lua_ruleset.h"

#include "gui_state.c"
#include "gui_words.c"
#include "gui_files.c"
#include "gui_settings.c"
#include "gui_undo.c"
#include "gui_why.c"
#include "gui_webio.c"

static void open_state(gui_state *st, const char *ruleset, const char *fen)
{
    char err[QP_ERR];
    qp_rules *r = tu_rules(&tu_reg, ruleset);
    qp_game g;
    if (qp_game_init(&g, r, fen, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(gui_state_init(st, r, &g), 0);
}

static int sq_of(const gui_state *st, const char *name)
{
    int sq;
    if (!qp_sq_parse(&st->r->geom, name, &sq)) fail_msg("bad square %s", name);
    return sq;
}

/* The names of the points carrying mark bit, in square order, space-joined. */
static void marked(const gui_state *st, unsigned bit, char *buf, size_t n)
{
    buf[0] = 0;
    for (int sq = 0; sq < st->r->geom.n; sq++) {
        if (!(st->mark[sq] & bit)) continue;
        char name[8];
        qp_sq_name(&st->r->geom, sq, name);
        size_t k = strlen(buf);
        snprintf(buf + k, n - k, "%s%s", k ? " " : "", name);
    }
}

static qp_move click(gui_state *st, const char *name)
{
    return gui_state_click(st, sq_of(st, name));
}

static void move_text(const gui_state *st, qp_move m, char *buf)
{
    st->r->rs->move_text(st->r, st->g.cur, m, buf, QP_MOVE_TEXT);
}

static void test_select_and_move(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "zhonggong", NULL);
    assert_int_equal(st.ncand, 27);   /* Zhonggong's perft(1) from the start */

    /* The soldier on e3 is blocked ahead by its general: sideways only. */
    assert_int_equal(click(&st, "e3"), QP_MOVE_NONE);
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "d3 f3");
    marked(&st, GUI_MARK_SELECTED, buf, sizeof buf);
    assert_string_equal(buf, "e3");

    /* Another own piece switches the selection: the cannon on e2. */
    assert_int_equal(click(&st, "e2"), QP_MOVE_NONE);
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "a2 b2 c2 d2 f2 g2 h2 i2");
    /* Clicking it again drops it; so does a piece without moves (the
     * horse on b1 is hemmed in), an enemy piece or an empty point. */
    assert_int_equal(click(&st, "e2"), QP_MOVE_NONE);
    assert_int_equal(st.nsel, 0);
    click(&st, "e3");
    click(&st, "b1");
    assert_int_equal(st.nsel, 0);
    click(&st, "e6");
    assert_int_equal(st.nsel, 0);
    click(&st, "e5");
    assert_int_equal(st.nsel, 0);

    /* Select, then click a destination: exactly that move. */
    click(&st, "a3");
    qp_move m = click(&st, "a4");
    assert_int_not_equal(m, QP_MOVE_NONE);
    move_text(&st, m, buf);
    assert_string_equal(buf, "a3a4");
    assert_int_equal(st.nsel, 0);

    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    assert_int_equal(st.to_move, 1);
    assert_int_equal(st.nply, 1);
    assert_string_equal(st.ply[0].text, "a3a4");
    assert_int_equal(st.ply[0].side, 0);
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "a3 a4");
    /* Red's pieces are not Black's to move. */
    click(&st, "a4");
    assert_int_equal(st.nsel, 0);
    gui_state_free(&st);
}

static void test_exchange_built_soldier_by_soldier(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    /* Red in check from the cannon on e8 (screened by Black's general);
     * one answer is exchanging the two bottom soldiers for it. */
    open_state(&st, "zhonggong", "P1P6/4c4/p7p/4k4/9/4K4/9/9/R7R w - - 0 1");
    assert_int_equal(st.ncand, 7);
    assert_int_equal(st.flags & QP_FLAG_CHECK, QP_FLAG_CHECK);
    click(&st, "a9");
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "");
    marked(&st, GUI_MARK_EXTEND, buf, sizeof buf);
    assert_string_equal(buf, "c9");
    assert_int_equal(click(&st, "c9"), QP_MOVE_NONE);
    assert_int_equal(st.nsel, 2);
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "e8");
    assert_true(st.sel_takes);   /* the panel says "Exchange" */
    /* The black soldier on a7 is no choice for two soldiers. */
    assert_int_equal(click(&st, "a7"), QP_MOVE_NONE);
    assert_int_equal(st.nsel, 0);
    click(&st, "c9");
    click(&st, "a9");
    qp_move m = click(&st, "e8");
    assert_int_not_equal(m, QP_MOVE_NONE);
    move_text(&st, m, buf);
    assert_string_equal(buf, "a9c9xe8");

    int sq[GUI_MAX_SQ];
    assert_int_equal(gui_move_squares(st.r, st.g.cur, m, sq, GUI_MAX_SQ), 3);
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "e8 a9 c9");
    gui_state_free(&st);
}

static void test_placement(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "tictactoe", "X1o/1X1/2o w 4");
    /* Nothing selected: every empty cell is a place to play. */
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "a1 b1 a2 c2 b3");
    assert_int_equal(st.nplace, 5);
    assert_int_equal(click(&st, "a3"), QP_MOVE_NONE);   /* occupied: nothing */
    qp_move m = click(&st, "b3");
    move_text(&st, m, buf);
    assert_string_equal(buf, "b3");
    gui_state_free(&st);
}

/* A jump is clicked as the player sees it: the peg, then where it lands
 * (the jumped peg is no click), and the last move marks those two and
 * the peg it took. */
static void test_jump_two_clicks(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "pegsolitaire", NULL);
    marked(&st, GUI_MARK_SOURCE, buf, sizeof buf);
    assert_string_equal(buf, "d2 b4 f4 d6");
    assert_int_equal(click(&st, "d2"), QP_MOVE_NONE);
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "d4");
    assert_false(st.sel_takes);
    qp_move m = click(&st, "d4");
    assert_int_not_equal(m, QP_MOVE_NONE);
    move_text(&st, m, buf);
    assert_string_equal(buf, "d2d4");
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "d2 d3 d4");
    gui_state_free(&st);
}

/* Moves of several parts, click by click: an amazon, where it lands, where
 * it shoots; each landing of a draughts chain; a placement that makes a
 * mill, then the man to remove. */
static void test_compound_clicks(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "amazons", NULL);
    click(&st, "d1");
    assert_int_equal(click(&st, "d7"), QP_MOVE_NONE);   /* a landing square: go on */
    assert_int_equal(st.nsel, 2);
    assert_false(st.sel_takes);
    qp_move m = click(&st, "g7");
    move_text(&st, m, buf);
    assert_string_equal(buf, "d1d7g7");
    gui_state_free(&st);

    open_state(&st, "checkers", "8/8/5m2/8/1m1m4/2M5/8/M7 w 0");
    click(&st, "c3");
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "a5");   /* the one-jump capture; e5 goes on */
    marked(&st, GUI_MARK_EXTEND, buf, sizeof buf);
    assert_string_equal(buf, "e5");
    click(&st, "e5");
    m = click(&st, "g7");
    move_text(&st, m, buf);
    assert_string_equal(buf, "c3e5g7");
    gui_state_free(&st);

    open_state(&st, "morris9", "o2o2o/7/7/7/7/7/X5X[XXXXXXXoooooo] w 4");
    assert_int_equal(click(&st, "d1"), QP_MOVE_NONE);   /* makes a mill: choose the man */
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "a7 d7 g7");
    m = click(&st, "d7");
    move_text(&st, m, buf);
    assert_string_equal(buf, "d1xd7");
    gui_state_free(&st);
}

/* International draughts: a step by from and to; a capture by from and
 * its last landing when the route is unique (the men on e5 and g5, 28 and
 * 29, from d4 to h4: 32x34); two routes to one landing open the choice. */
static void choices(const gui_state *st, char *buf, size_t n);

static void test_draughts_clicks(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "draughts", NULL);
    assert_int_equal(click(&st, "d4"), QP_MOVE_NONE);
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "c5 e5");
    qp_move m = click(&st, "e5");
    move_text(&st, m, buf);
    assert_string_equal(buf, "32-28");
    gui_state_free(&st);

    open_state(&st, "draughts", "10/10/10/10/10/2k1m1m3/3M6/10/10/10 w 0");
    click(&st, "d4");
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "");   /* the capture of the king alone is too small */
    marked(&st, GUI_MARK_EXTEND, buf, sizeof buf);
    assert_string_equal(buf, "f6");
    m = click(&st, "h4");
    assert_int_not_equal(m, QP_MOVE_NONE);
    move_text(&st, m, buf);
    assert_string_equal(buf, "32x34");
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "d4 h4 e5 g5 f6");   /* the route and the men taken */
    gui_state_free(&st);

    /* the king on j6 (25) reaches f10 (3) by two routes */
    open_state(&st, "draughts", "10/4m3m1/10/10/5m3K/8m1/1m8/10/10/10 w 0");
    click(&st, "j6");
    assert_int_equal(click(&st, "f10"), QP_MOVE_NONE);
    assert_int_equal(st.dialog, GUI_DLG_CHOOSE);
    choices(&st, buf, sizeof buf);
    assert_string_equal(buf, "1:25x48x26x3 2:25x34x12x3");
    gui_state_choose_cancel(&st);
    gui_state_free(&st);
}

/* Connect Four: a click anywhere in a column drops the disc there;
 * tic-tac-toe (several places per file) plays only where clicked. */
static void test_column_drop(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "connect4", "7/7/7/7/7/2X4 b 1");
    qp_move m = click(&st, "c6");
    assert_int_not_equal(m, QP_MOVE_NONE);
    move_text(&st, m, buf);
    assert_string_equal(buf, "c2");
    m = click(&st, "a1");
    move_text(&st, m, buf);
    assert_string_equal(buf, "a1");
    gui_state_free(&st);
    open_state(&st, "tictactoe", "X1o/1X1/2o w 4");
    assert_int_equal(click(&st, "c1"), QP_MOVE_NONE);   /* occupied; b1 is in its file too */
    gui_state_free(&st);
}

static void test_levels_and_outcome(void **state)
{
    (void)state;
    gui_state st;
    open_state(&st, "zhonggong", NULL);
    assert_string_equal(st.level_name[5], "medium");
    assert_string_equal(st.level_name[10], "master");
    assert_string_equal(st.level_name[4], "");
    assert_int_equal(st.level, 5);
    assert_int_equal(st.king_sq, sq_of(&st, "e4"));
    assert_false(gui_state_over(&st));
    /* A resignation ends the game: no legal marks any more. */
    st.g.resigned = 0;
    gui_state_changed(&st);
    assert_true(gui_state_over(&st));
    assert_int_equal(st.ncand, 0);
    click(&st, "a3");
    assert_int_equal(st.nsel, 0);
    gui_state_free(&st);
}

/* The rulesets' panel counters, the decisive points and the banner text. */
static void test_counters_and_banner(void **state)
{
    (void)state;
    gui_state st;
    char res[128], why[160];
    open_state(&st, "zhonggong", NULL);
    assert_string_equal(st.counters, "Back-rank soldiers: red 0, black 0 (5 win)");
    assert_int_equal(st.ndecisive, 0);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "");
    st.g.resigned = 0;
    gui_state_changed(&st);
    /* without a catalogue: English (the Chinese: test_side_sentences) */
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "Black wins");
    assert_string_equal(why, "Red resigned");
    gui_state_banner(&st, false, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "Black wins");
    assert_string_equal(why, "Red resigned");
    gui_state_free(&st);

    open_state(&st, "zhonggong", "PPPPP4/9/9/4k4/9/4K4/9/9/9 b - - 0 1");
    assert_string_equal(st.counters, "Back-rank soldiers: red 5, black 0 (5 win)");
    assert_int_equal(st.ndecisive, 5);
    for (int i = 0; i < 5; i++) assert_int_equal(st.decisive[i], sq_of(&st, (const char *[]){"a9", "b9", "c9", "d9", "e9"}[i]));
    /* the Chinese from the catalogue, in each language */
    char err[512];
    qp_texts *t = qp_texts_load(QP_LOCALE_DIR "/zh_CN/LC_MESSAGES/qipan.mo", err, sizeof err);
    if (!t) fail_msg("%s", err);
    gui_texts_set(t, QP_LANG_BOTH);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(why, "五兵到底 five soldiers reached the last rank");
    gui_texts_set(t, QP_LANG_ZH);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "红方胜");
    assert_string_equal(why, "五兵到底");
    gui_texts_set(t, QP_LANG_EN);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "Red wins");
    assert_string_equal(why, "five soldiers reached the last rank");
    /* titles: their own Chinese, else the catalogue's */
    char tb[160];
    gui_texts_set(t, QP_LANG_ZH);
    assert_string_equal(gui_title_say(true, "Zhonggong Xiangqi (中宫象棋), 9x9", tb, sizeof tb), "中宫象棋");
    assert_string_equal(gui_title_say(true, "老虎棋 Laohu (the Chinese tiger game)", tb, sizeof tb), "老虎棋");
    assert_string_equal(gui_title_say(true, "Reversi (Othello)", tb, sizeof tb), "黑白棋");
    assert_string_equal(gui_title_say(true, "Hex", tb, sizeof tb), "六贯棋");
    assert_string_equal(gui_title_say(true, "Nim (3-4-5 piles)", tb, sizeof tb), "Nim (3-4-5 piles)");
    assert_string_equal(gui_title_say(false, "Reversi (Othello)", tb, sizeof tb), "Reversi (Othello)");
    assert_string_equal(gui_word_zh("time"), "超时");
    assert_string_equal(gui_word_zh("Time"), "");
    char sb[256];
    assert_string_equal(gui_status_say(true, st.counters, sb, sizeof sb), "底线兵：红5，黑0（5兵胜）");
    assert_string_equal(gui_status_say(true, "On the board: Black 12 \xC2\xB7 White 2", sb, sizeof sb),
                        "盘上：黑12 \xC2\xB7 白2");
    assert_string_equal(gui_status_say(true, "Area: Black 40 \xC2\xB7 White 41 + 7.5 \xC2\xB7 passed", sb, sizeof sb),
                        "地：黑40 \xC2\xB7 白41 + 7.5 \xC2\xB7 已停一手");
    assert_string_equal(gui_status_say(true, "Piles: a 3, b 4 \xC2\xB7 White 2", sb, sizeof sb),
                        "Piles: a 3, b 4 \xC2\xB7 白2");   /* a part the catalogue has not stays */
    assert_string_equal(gui_status_say(false, "White 2", sb, sizeof sb), "White 2");
    gui_texts_set(t, QP_LANG_BOTH);
    assert_string_equal(gui_title_say(true, "Reversi (Othello)", tb, sizeof tb), "黑白棋 Reversi (Othello)");
    assert_string_equal(gui_title_say(true, "Xiangqi (象棋)", tb, sizeof tb), "Xiangqi (象棋)");
    assert_string_equal(gui_status_say(true, "White 2", sb, sizeof sb), "White 2");
    gui_texts_set(t, QP_LANG_EN);
    assert_string_equal(gui_title_say(true, "Xiangqi (象棋)", tb, sizeof tb), "Xiangqi (象棋)");
    assert_string_equal(gui_title_say(true, "Reversi (Othello)", tb, sizeof tb), "Reversi (Othello)");
    /* without a catalogue the text is English even in both */
    gui_texts_set(NULL, QP_LANG_BOTH);
    assert_string_equal(gui_word_zh("time"), "");
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(why, "five soldiers reached the last rank");
    qp_texts_free(t);
    /* A flag fall ends the game on time. */
    gui_state_free(&st);
    open_state(&st, "zhonggong", NULL);
    st.flagged = 0;
    gui_state_changed(&st);
    assert_int_equal(st.outcome.result, QP_WIN);
    assert_int_equal(st.outcome.winner, 1);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(why, "Red ran out of time");
    gui_state_free(&st);

    /* Xiangqi: what each side has taken (Black lacks a chariot and two
     * soldiers; Red lacks a horse). */
    open_state(&st, "xiangqi", "1nbakabnr/9/1c5c1/p3p3p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w - - 0 1");
    assert_string_equal(st.counters, "Taken by red: 卒卒車 · by black: 马");
    gui_state_free(&st);
    open_state(&st, "xiangqi", NULL);
    assert_string_equal(st.counters, "");
    gui_state_free(&st);
}

/* A game without the decisive_squares hook: a win "in a row" shows the
 * winner's line, whichever way it runs. */
static void test_winning_line_found(void **state)
{
    (void)state;
    gui_state st;
    const struct { const char *fen; const char *line[3]; } cases[] = {
        {"XXX/oo1/3 b 5", {"a3", "b3", "c3"}},
        {"Xo1/oX1/2X b 5", {"a3", "b2", "c1"}},
        {"o1X/oX1/X2 b 5", {"a1", "b2", "c3"}},
        {"1Xo/1Xo/1X1 b 5", {"b1", "b2", "b3"}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        open_state(&st, "tictactoe", cases[i].fen);
        assert_int_equal(st.outcome.result, QP_WIN);
        if (st.ndecisive != 3) fail_msg("%s: %d points in the line", cases[i].fen, st.ndecisive);
        for (int k = 0; k < 3; k++) {
            bool found = false;
            for (int j = 0; j < 3; j++) found |= st.decisive[j] == sq_of(&st, cases[i].line[k]);
            if (!found) fail_msg("%s: %s not in the line", cases[i].fen, cases[i].line[k]);
        }
        gui_state_free(&st);
    }
    open_state(&st, "tictactoe", "Xo1/oX1/3 w 4");   /* game on: no line */
    assert_int_equal(st.ndecisive, 0);
    gui_state_free(&st);
}

/* Games without status_text: stones are counted per side, a puzzle's
 * pieces left. */
static void test_generic_counters(void **state)
{
    (void)state;
    gui_state st;
    open_state(&st, "pegsolitaire", NULL);
    assert_string_equal(st.counters, "Pegs left: 32");
    gui_state_free(&st);
    open_state(&st, "reversi", NULL);
    char want[96];
    char a[32], b[32];
    snprintf(a, sizeof a, "%s", qp_side_name(st.r, 0));
    snprintf(b, sizeof b, "%s", qp_side_name(st.r, 1));
    a[0] = (char)toupper((unsigned char)a[0]);
    b[0] = (char)toupper((unsigned char)b[0]);
    snprintf(want, sizeof want, "On the board: %s 2 \xC2\xB7 %s 2", a, b);
    assert_string_equal(st.counters, want);
    gui_state_free(&st);
    /* gomoku starts empty: its stones are counted once placed */
    open_state(&st, "gomoku", NULL);
    assert_string_equal(st.counters, "");
    qp_move m;
    char err[QP_ERR];
    assert_int_equal(st.r->rs->move_parse(st.r, st.g.cur, "h8", &m, err, sizeof err), 0);
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    assert_non_null(strstr(st.counters, " 1 \xC2\xB7 "));
    assert_non_null(strstr(st.counters, " 0"));
    gui_state_free(&st);
}

static void test_time_control_text(void **state)
{
    (void)state;
    char b[32];
    gui_tc tc = {GUI_TC_NONE, 180, 2, 30};
    gui_tc_text(&tc, b, sizeof b);
    assert_string_equal(b, "none");
    tc.kind = GUI_TC_INCREMENT;
    gui_tc_text(&tc, b, sizeof b);
    assert_string_equal(b, "3+2");
    tc.kind = GUI_TC_SUDDEN;
    tc.base_s = 300;
    gui_tc_text(&tc, b, sizeof b);
    assert_string_equal(b, "5 min");
    tc.kind = GUI_TC_PERMOVE;
    gui_tc_text(&tc, b, sizeof b);
    assert_string_equal(b, "30 s/move");
}

/* The computer's thinking time: scaled by level, capped by its clock,
 * and at the top level under a game clock the clocks themselves. */
static void test_think_limits(void **state)
{
    (void)state;
    gui_state st;
    open_state(&st, "zhonggong", NULL);   /* ai.movetime_ms 1000 */
    qp_search_limits l;
    gui_state_think_limits(&st, GUI_LEVELS, true, &l);
    assert_int_equal(l.movetime_ms, 1000);
    assert_int_equal(l.wtime, 0);
    assert_int_equal(l.level, GUI_LEVELS);
    gui_state_think_limits(&st, 9, true, &l);             /* half as long a level down */
    assert_int_equal(l.movetime_ms, 500);
    gui_state_think_limits(&st, 4, true, &l);
    assert_int_equal(l.movetime_ms, 15);
    gui_state_think_limits(&st, 1, true, &l);             /* 1000/512 */
    assert_int_equal(l.movetime_ms, 1);

    st.tc = (gui_tc){GUI_TC_INCREMENT, 180, 2, 30};
    st.left_ms[0] = 100000;
    st.left_ms[1] = 50000;
    st.to_move = 1;
    gui_state_think_limits(&st, GUI_LEVELS, true, &l);
    assert_int_equal(l.movetime_ms, 0);
    assert_int_equal(l.wtime, 100000);
    assert_int_equal(l.btime, 50000);
    assert_int_equal(l.winc, 2000);
    assert_int_equal(l.binc, 2000);
    gui_state_think_limits(&st, GUI_LEVELS, false, &l);   /* a hint: no clock */
    assert_int_equal(l.movetime_ms, 1000);
    assert_int_equal(l.btime, 0);
    gui_state_think_limits(&st, 9, true, &l);             /* 500 < 50000/30 + 1600 */
    assert_int_equal(l.movetime_ms, 500);
    assert_int_equal(l.btime, 0);

    st.tc.kind = GUI_TC_SUDDEN;
    st.left_ms[1] = 3000;
    gui_state_think_limits(&st, 9, true, &l);             /* a thirtieth of 3 s */
    assert_int_equal(l.movetime_ms, 100);
    gui_state_think_limits(&st, GUI_LEVELS, true, &l);
    assert_int_equal(l.btime, 3000);
    assert_int_equal(l.winc, 0);

    st.tc.kind = GUI_TC_PERMOVE;
    st.left_ms[1] = 400;
    gui_state_think_limits(&st, GUI_LEVELS, true, &l);    /* 80% of what is left */
    assert_int_equal(l.movetime_ms, 320);
    assert_int_equal(l.btime, 0);
    st.left_ms[1] = 30;
    gui_state_think_limits(&st, GUI_LEVELS, true, &l);
    assert_int_equal(l.movetime_ms, 24);
    st.left_ms[1] = 1;
    gui_state_think_limits(&st, GUI_LEVELS, true, &l);    /* never under the floor */
    assert_int_equal(l.movetime_ms, QP_LEVEL_MIN_MS);
    gui_state_free(&st);
}

/* The settings file keeps the search threads; a value out of 1..64 or
 * not a number is ignored (the rest of the file still counts), and an
 * unset value is not written. */
static void test_settings_threads(void **st)
{
    (void)st;
    gui_settings a, b;
    gui_settings_default(&a);
    assert_int_equal(a.threads, 0);
    const char *path = tu_tmpfile("threads 3\nlevel 4\n", ".conf");
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_int_equal(a.threads, 3);
    assert_int_equal(a.level, 4);
    unlink(path);
    static const char *const bad[] = {"threads 0\nlevel 5\n", "threads 65\nlevel 5\n", "threads two\nlevel 5\n"};
    for (int i = 0; i < 3; i++) {
        gui_settings_default(&b);
        path = tu_tmpfile(bad[i], ".conf");
        assert_int_equal(gui_settings_load(&b, path), 0);
        assert_int_equal(b.threads, 0);
        assert_int_equal(b.level, 5);
        unlink(path);
    }
    /* round trip */
    char err[256];
    a.threads = 64;
    path = tu_tmpfile("", ".conf");
    assert_int_equal(gui_settings_save(&a, path, err, sizeof err), 0);
    gui_settings_default(&b);
    assert_int_equal(gui_settings_load(&b, path), 0);
    assert_int_equal(b.threads, 64);
    assert_int_equal(b.level, 4);
    b.threads = 0;
    assert_int_equal(gui_settings_save(&b, path, err, sizeof err), 0);
    assert_null(strstr(tu_read_text(path), "threads"));
    assert_non_null(strstr(tu_read_text(path), "level 4\n"));
    unlink(path);
}

/* The settings file keeps whether a promotion asks (the default) or takes
 * the queen; another value is ignored. */
static void test_settings_promotion(void **st)
{
    (void)st;
    gui_settings a, b;
    char err[256];
    gui_settings_default(&a);
    assert_false(a.promote_first);
    const char *path = tu_tmpfile("promotion queen\n", ".conf");
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_true(a.promote_first);
    unlink(path);
    path = tu_tmpfile("promotion knight\n", ".conf");
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_true(a.promote_first);                 /* unchanged */
    assert_int_equal(gui_settings_save(&a, path, err, sizeof err), 0);
    assert_non_null(strstr(tu_read_text(path), "promotion queen\n"));
    gui_settings_default(&b);
    assert_int_equal(gui_settings_save(&b, path, err, sizeof err), 0);
    assert_non_null(strstr(tu_read_text(path), "promotion ask\n"));
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_false(a.promote_first);
    unlink(path);
}

/* The settings file keeps the language (both by default); another value
 * is ignored. */
static void test_settings_language(void **st)
{
    (void)st;
    gui_settings a;
    char err[256];
    gui_settings_default(&a);
    assert_int_equal(a.lang, QP_LANG_BOTH);
    const char *path = tu_tmpfile("language zh\n", ".conf");
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_int_equal(a.lang, QP_LANG_ZH);
    unlink(path);
    path = tu_tmpfile("language fr\n", ".conf");
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_int_equal(a.lang, QP_LANG_ZH);   /* unchanged */
    a.lang = QP_LANG_EN;
    assert_int_equal(gui_settings_save(&a, path, err, sizeof err), 0);
    assert_non_null(strstr(tu_read_text(path), "language en\n"));
    gui_settings_default(&a);
    assert_int_equal(gui_settings_load(&a, path), 0);
    assert_int_equal(a.lang, QP_LANG_EN);
    unlink(path);
}

/* Plays space-separated move texts on the window's game. */
static void play_texts(gui_state *st, const char *moves)
{
    char buf[256], err[QP_ERR];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        if (qp_game_play_text(&st->g, t, err, sizeof err)) fail_msg("%s: %s", t, err);
    gui_state_changed(st);
}

/* Undo against the computer goes back to the player's turn in one press;
 * the button is enabled exactly when Undo does something. */
static void test_undo_target(void **state)
{
    (void)state;
    gui_state st;
    open_state(&st, "zhonggong", NULL);
    st.flagged = -1;
    st.ai_mask = 2u;   /* the computer plays Black */
    assert_int_equal(gui_undo_target(&st), -1);   /* a new game: nothing to take back */
    assert_false(gui_undo_enabled(&st));
    play_texts(&st, "a3a4");
    assert_int_equal(gui_undo_target(&st), 0);    /* the computer is thinking: back to the start */
    play_texts(&st, "a7a6");
    assert_int_equal(gui_undo_target(&st), 0);    /* the move and the reply */
    assert_true(gui_undo_enabled(&st));
    play_texts(&st, "c3c4 c7c6");
    assert_int_equal(gui_undo_target(&st), 2);
    st.flagged = 1;                               /* a flag fall is final */
    assert_int_equal(gui_undo_target(&st), -1);
    assert_false(gui_undo_enabled(&st));
    st.flagged = -1;
    st.ai_mask = 0u;                              /* two people: one ply */
    assert_int_equal(gui_undo_target(&st), 3);
    st.ai_mask = 1u;                              /* the computer plays Red, thinking on c7c6 */
    assert_int_equal(gui_undo_target(&st), 3);
    qp_game_goto(&st.g, 3);                       /* its reply c3c4 and Black's a7a6 go together */
    gui_state_changed(&st);
    assert_int_equal(gui_undo_target(&st), 1);
    qp_game_goto(&st.g, 1);
    gui_state_changed(&st);
    assert_int_equal(gui_undo_target(&st), -1);   /* only its opening move */
    assert_false(gui_undo_enabled(&st));
    st.g.resigned = 0;                            /* a resignation can be taken back */
    assert_true(gui_undo_enabled(&st));
    st.g.resigned = -1;
    st.prev_game = true;                          /* the game New replaced */
    assert_true(gui_undo_enabled(&st));
    gui_state_free(&st);
}

/* A refused click says the rule, "中文 English" when the font shows
 * Chinese; a click on an empty point with nothing selected says nothing. */
static void test_refused_click_reason(void **state)
{
    (void)state;
    gui_state st;
    open_state(&st, "zhonggong", NULL);
    st.cjk = false;
    int b1 = sq_of(&st, "b1");
    assert_true(gui_why_click(&st, NULL, 0, b1));
    assert_string_equal(st.msg, "the horse on b1 has no legal move: the horse's leg is blocked by the elephant on c1");
    assert_true(st.msg_error);
    st.cjk = true;
    int a1 = sq_of(&st, "a1");
    assert_true(gui_why_click(&st, &a1, 1, sq_of(&st, "a5")));
    assert_string_equal(st.msg, "被a3的兵挡住 Blocked by the soldier on a3");
    st.msg[0] = 0;
    assert_false(gui_why_click(&st, NULL, 0, sq_of(&st, "d5")));
    assert_string_equal(st.msg, "");
    gui_state_free(&st);
    /* Bagh-Chal: a tiger clicked while goats wait in hand */
    open_state(&st, "baghchal", NULL);
    st.cjk = false;
    assert_true(gui_why_click(&st, NULL, 0, sq_of(&st, "a1")));
    assert_string_equal(st.msg, "a1 is not your piece: place one of yours from your hand on an empty point");
    gui_state_free(&st);
}

/* The choice a click opens, as "key:text" space-joined. */
static void choices(const gui_state *st, char *buf, size_t n)
{
    buf[0] = 0;
    for (int i = 0; i < st->nchoice; i++) {
        size_t k = strlen(buf);
        snprintf(buf + k, n - k, "%s%c:%s", k ? " " : "", st->choice[i].key ? st->choice[i].key : '-',
                 st->choice[i].text);
    }
}

/* A click that completes four promotions plays none of them: it opens the
 * choice of the kinds, which a key (either case) or Esc answers. */
static void test_promotion_choice(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "chess", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    click(&st, "e7");
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "e8");
    assert_int_equal(click(&st, "e8"), QP_MOVE_NONE);
    assert_int_equal(st.g.len, 0);                    /* the game unchanged */
    assert_int_equal(st.dialog, GUI_DLG_CHOOSE);
    assert_true(st.choice_kinds);
    assert_true(st.choice_promotes);
    choices(&st, buf, sizeof buf);
    assert_string_equal(buf, "q:e7e8q r:e7e8r b:e7e8b n:e7e8n");
    assert_int_equal(st.choice[3].piece.letter, 'N');  /* drawn as the white knight */
    assert_int_equal(st.choice[3].piece.side, 0);
    marked(&st, GUI_MARK_SELECTED, buf, sizeof buf);
    assert_string_equal(buf, "e7 e8");                /* the move being chosen */
    assert_int_equal(gui_state_choice_key(&st, 'x'), -1);
    assert_int_equal(gui_state_choice_key(&st, 'N'), 3);

    /* Esc: nothing played, the pawn still selected */
    gui_state_choose_cancel(&st);
    assert_int_equal(st.dialog, GUI_DLG_NONE);
    assert_int_equal(st.g.len, 0);
    assert_int_equal(st.nchoice, 0);
    marked(&st, GUI_MARK_TARGET, buf, sizeof buf);
    assert_string_equal(buf, "e8");
    assert_int_equal(gui_state_choose(&st, 0), QP_MOVE_NONE);   /* no choice open */

    /* again, and 'n' */
    assert_int_equal(click(&st, "e8"), QP_MOVE_NONE);
    qp_move m = gui_state_choose(&st, gui_state_choice_key(&st, 'n'));
    move_text(&st, m, buf);
    assert_string_equal(buf, "e7e8n");
    assert_int_equal(st.dialog, GUI_DLG_NONE);
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    qp_piece_view pv;
    assert_true(st.r->rs->piece_at(st.r, st.g.cur, sq_of(&st, "e8"), &pv));
    assert_int_equal(pv.letter, 'N');

    /* a new position closes a choice left open */
    qp_game_goto(&st.g, 0);
    gui_state_changed(&st);
    click(&st, "e7");
    click(&st, "e8");
    assert_int_equal(st.dialog, GUI_DLG_CHOOSE);
    qp_game_goto(&st.g, 1);
    gui_state_changed(&st);
    assert_int_equal(st.dialog, GUI_DLG_NONE);
    assert_int_equal(st.nchoice, 0);

    /* "always the first kind" (settings): the queen, unasked */
    qp_game_goto(&st.g, 0);
    gui_state_changed(&st);
    st.promote_first = true;
    click(&st, "e7");
    m = click(&st, "e8");
    move_text(&st, m, buf);
    assert_string_equal(buf, "e7e8q");
    assert_int_equal(st.dialog, GUI_DLG_NONE);
    gui_state_free(&st);
}

/* Two moves on every empty point ("a1" and "a1*"): where both land the
 * same piece the choice lists their texts, keys 1 and 2; where they land
 * two kinds (a drop of one or the other, no promotion) it shows the kinds,
 * which "always the first kind" does not choose unasked. */
static void test_choice_without_promotion(void **state)
{
    (void)state;
    static const char src[] =
        "return {\n"
        "  name = 't_twoways', board = { width = 3, height = 3 }, sides = { 'a', 'b' },\n"
        "  pieces = { A = '', C = '', b = '' },\n"
        "  moves = function(pos)\n"
        "    for sq = 0, qp.n - 1 do\n"
        "      if pos:get(sq) == nil then pos:add(qp.move(nil, sq, 0)); pos:add(qp.move(nil, sq, 1)) end\n"
        "    end\n"
        "  end,\n"
        "  play = function(pos, m)\n"
        "    local _, to, extra = qp.decode(m)\n"
        "    pos:set(to, pos:side() == 1 and 'b' or (extra == 1 and to % 2 == 1) and 'C' or 'A')\n"
        "  end,\n"
        "  move_text = function(pos, m)\n"
        "    local _, to, extra = qp.decode(m)\n"
        "    return qp.name(to) .. (extra == 1 and '*' or '')\n"
        "  end,\n"
        "}\n";
    char path[64], err[QP_ERR], buf[256];
    snprintf(path, sizeof path, "%s", tu_tmpfile(src, ".lua"));
    qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
    unlink(path);
    if (!rs) fail_msg("%s", err);
    qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
    if (!r) fail_msg("%s", err);
    qp_game g;
    if (qp_game_init(&g, r, NULL, err, sizeof err)) fail_msg("%s", err);
    gui_state st;
    assert_int_equal(gui_state_init(&st, r, &g), 0);
    assert_int_equal(click(&st, "b2"), QP_MOVE_NONE);
    assert_int_equal(st.dialog, GUI_DLG_CHOOSE);
    assert_false(st.choice_kinds);
    assert_false(st.choice_promotes);
    choices(&st, buf, sizeof buf);
    assert_string_equal(buf, "1:b2 2:b2*");
    assert_int_equal(gui_state_choice_key(&st, 'a'), -1);
    qp_move m = gui_state_choose(&st, gui_state_choice_key(&st, '2'));
    move_text(&st, m, buf);
    assert_string_equal(buf, "b2*");
    st.promote_first = true;
    assert_int_equal(click(&st, "a2"), QP_MOVE_NONE);
    assert_true(st.choice_kinds);
    assert_false(st.choice_promotes);
    choices(&st, buf, sizeof buf);
    assert_string_equal(buf, "a:a2 c:a2*");
    gui_state_free(&st);
    qp_lua_ruleset_free(rs);
}

/* A move is marked whole: castling with its rook, en passant with the
 * pawn taken, a capture chain with the pieces jumped; while the pointer
 * is on a target, the points its move changes besides those clicked. */
static void test_marks_show_the_whole_move(void **state)
{
    (void)state;
    gui_state st;
    char buf[512];
    open_state(&st, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    click(&st, "e1");
    gui_state_hover(&st, sq_of(&st, "g1"));
    marked(&st, GUI_MARK_EFFECT, buf, sizeof buf);
    assert_string_equal(buf, "f1 h1");
    gui_state_hover(&st, sq_of(&st, "c1"));
    marked(&st, GUI_MARK_EFFECT, buf, sizeof buf);
    assert_string_equal(buf, "a1 d1");
    gui_state_hover(&st, sq_of(&st, "e2"));           /* a plain king's step changes nothing more */
    marked(&st, GUI_MARK_EFFECT, buf, sizeof buf);
    assert_string_equal(buf, "");
    qp_move m = click(&st, "g1");
    move_text(&st, m, buf);
    assert_string_equal(buf, "e1g1");
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "e1 f1 g1 h1");
    play_texts(&st, "e8c8");
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "a8 c8 d8 e8");
    gui_state_free(&st);

    open_state(&st, "chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    click(&st, "e5");
    gui_state_hover(&st, sq_of(&st, "d6"));
    marked(&st, GUI_MARK_EFFECT, buf, sizeof buf);
    assert_string_equal(buf, "d5");
    m = click(&st, "d6");
    move_text(&st, m, buf);
    assert_string_equal(buf, "e5d6");
    qp_game_play(&st.g, m);
    gui_state_changed(&st);
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "d5 e5 d6");
    gui_state_free(&st);

    /* compound moves: the queen's move and its arrow; the man placed and
     * the one removed; each landing of a chain and each man jumped */
    open_state(&st, "amazons", NULL);
    play_texts(&st, "d1d7g7");
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "d1 d7 g7");
    gui_state_free(&st);
    open_state(&st, "morris9", "o2o2o/7/7/7/7/7/X5X[XXXXXXXoooooo] w 4");
    play_texts(&st, "d1xd7");
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "d1 d7");
    gui_state_free(&st);
    open_state(&st, "checkers", "8/8/5m2/8/1m1m4/2M5/8/M7 w 0");
    play_texts(&st, "c3e5g7");
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "c3 d4 e5 f6 g7");
    gui_state_free(&st);

    /* the discs a placement flips, the stones it captures: under the
     * pointer before, among the last move's marks after */
    open_state(&st, "reversi", "8/8/3X4/2oo4/4ooX1/2o5/1X6/8 w 0");
    gui_state_hover(&st, sq_of(&st, "d4"));
    marked(&st, GUI_MARK_EFFECT, buf, sizeof buf);
    assert_string_equal(buf, "c3 e4 f4 d5");
    play_texts(&st, "d4");
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "c3 d4 e4 f4 d5");
    gui_state_free(&st);
    open_state(&st, "go", "9/9/9/9/9/9/9/XX1X5/oo1oX4 w 0");
    play_texts(&st, "c1");
    marked(&st, GUI_MARK_LAST, buf, sizeof buf);
    assert_string_equal(buf, "a1 b1 c1 d1");
    gui_state_free(&st);
}

/* The page copies a picked file to a path made from the name the browser
 * gives (gui_webio.h): its last part, nothing hidden, no control
 * character, whole UTF-8 characters; natively there is no picker. */
static void test_webio_upload_path(void **state)
{
    (void)state;
    static const struct { const char *name, *path; } cases[] = {
        {"game.pgn", GUI_WEBIO_DIR "/game.pgn"},
        {"C:\\fakepath\\x.xqf", GUI_WEBIO_DIR "/x.xqf"},
        {"../../etc/passwd", GUI_WEBIO_DIR "/passwd"},
        {"..", GUI_WEBIO_DIR "/_."},
        {".hidden.sgf", GUI_WEBIO_DIR "/_hidden.sgf"},
        {"a\nb\tc.pgn", GUI_WEBIO_DIR "/a_b_c.pgn"},
        {"", GUI_WEBIO_DIR "/record"},
        {"dir/", GUI_WEBIO_DIR "/record"},
        {"\xE4\xB8\xAD\xE5\xB1\x80.pgn", GUI_WEBIO_DIR "/\xE4\xB8\xAD\xE5\xB1\x80.pgn"},
    };
    char out[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gui_webio_upload_path(cases[i].name, out, sizeof out);
        assert_string_equal(out, cases[i].path);
    }
    /* a long name is cut to 128 bytes, before a character that would not fit whole */
    char longname[400] = "";
    for (int i = 0; i < 100; i++) strcat(longname, "\xE4\xB8\xAD");   /* 3 bytes each */
    gui_webio_upload_path(longname, out, sizeof out);
    assert_int_equal(strlen(out), strlen(GUI_WEBIO_DIR "/") + 126);
    /* and to the room given, the same way */
    char small[sizeof GUI_WEBIO_DIR + 5];
    gui_webio_upload_path(longname, small, sizeof small);
    assert_string_equal(small, GUI_WEBIO_DIR "/\xE4\xB8\xAD");
    char err[64] = "";
    assert_false(gui_webio_pick(1000));
    assert_int_equal(gui_webio_take(out, sizeof out, err, sizeof err), 0);
    assert_int_equal(gui_webio_offer("/nonexistent/game.pgn", err, sizeof err), 0);
    assert_string_equal(err, "");
}

/* The name a page saves under, from what the player typed (gui_webio.h):
 * a plain name whatever was typed, the extension kept (it picks the
 * format) or ".txt" added, cut whole within GUI_WEBIO_NAME_MAX. */
static void test_webio_save_name(void **state)
{
    (void)state;
    static const struct { const char *typed, *name; } cases[] = {
        {"zhonggong-game.txt", "zhonggong-game.txt"},
        {"  My game: round 1/2?  ", "My game_ round 1_2_.txt"},
        {"go.SGF", "go.SGF"},
        {"final.pgn", "final.pgn"},
        {"v1.2", "v1.2.txt"},
        {"a.b.c", "a.b.c"},
        {"notes.backup", "notes.backup.txt"},
        {"game.", "game.txt"},
        {"game . . ", "game.txt"},
        {".hidden", "_hidden.txt"},
        {"..", ""},
        {"", ""},
        {"  \t ", ""},
        {"..\\up<>|*\"q\".pgn", "_._up_____q_.pgn"},
        {"a\tb\x7f.pgn", "a_b_.pgn"},
        {"\xE4\xB8\xAD\xE5\xB1\x80", "\xE4\xB8\xAD\xE5\xB1\x80.txt"},
    };
    char out[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gui_webio_save_name(cases[i].typed, out, sizeof out);
        assert_string_equal(out, cases[i].name);
    }
    /* a long name: its stem cut before a character that would not fit
     * whole, the extension kept */
    char longname[400] = "x";
    for (int i = 0; i < 50; i++) strcat(longname, "\xE4\xB8\xAD");   /* 3 bytes each */
    strcat(longname, ".pgn");
    gui_webio_save_name(longname, out, sizeof out);
    assert_int_equal(strlen(out), 1 + 31 * 3 + 4);   /* a 32nd would make 101 */
    assert_true(strlen(out) <= GUI_WEBIO_NAME_MAX);
    assert_string_equal(out + strlen(out) - 4, ".pgn");
    /* and to the room given: "中.txt" in 9 bytes and the NUL */
    char small[10];
    gui_webio_save_name("\xE4\xB8\xAD\xE5\xB1\x80", small, sizeof small);
    assert_string_equal(small, "\xE4\xB8\xAD.txt");
    /* natively the window opens its own dialog */
    assert_int_equal(gui_webio_ask_save("Save the game as:", "/d/x.txt", out, sizeof out), 0);
}

/* Each sentence about a side is the catalogue's whole sentence for that
 * side in Chinese (never a Chinese word in an English sentence, nor an
 * English one left in Chinese), English in en, both joined in both: for
 * every side of every game, then exact for a few, the banner among them. */
static void test_side_sentences(void **state)
{
    (void)state;
    char err[512], buf[256], en[160], want[320];
    qp_texts *t = qp_texts_load(QP_LOCALE_DIR "/zh_CN/LC_MESSAGES/qipan.mo", err, sizeof err);
    if (!t) fail_msg("%s", err);
    gui_texts_set(t, QP_LANG_BOTH);
    int checked = 0;
    for (int i = 0; i < tu_reg.n; i++) {
        qp_rules *r = tu_rules(&tu_reg, tu_reg.rs[i]->name);
        for (int s = 0; s < r->nsides; s++)
            for (int k = 0; k < GUI_SIDE_TEXTS; k++) {
                if (r->nsides < 2 && k != GUI_SIDE_NAME) continue;   /* a puzzle has no sides to name */
                gui_side_en(r, s, (gui_side_text)k, en, sizeof en);
                const char *zh = gui_side_zh(r, s, (gui_side_text)k);
                if (!gui_has_cjk(zh, strlen(zh)))
                    fail_msg("%s: no Chinese for '%s' (got '%s')", r->rs->name, en, zh);
                gui_texts_set(t, QP_LANG_ZH);
                assert_string_equal(gui_side_say(true, r, s, (gui_side_text)k, buf, sizeof buf), zh);
                gui_texts_set(t, QP_LANG_EN);
                assert_string_equal(gui_side_say(true, r, s, (gui_side_text)k, buf, sizeof buf), en);
                gui_texts_set(t, QP_LANG_BOTH);
                snprintf(want, sizeof want, "%s %s", zh, en);
                assert_string_equal(gui_side_say(true, r, s, (gui_side_text)k, buf, sizeof buf), want);
                /* no Chinese font: English whatever the language */
                gui_texts_set(t, QP_LANG_ZH);
                assert_string_equal(gui_side_say(false, r, s, (gui_side_text)k, buf, sizeof buf), en);
                checked++;
            }
        qp_rules_free(r);
    }
    assert_true(checked >= 100);

    static const struct {
        const char *game;
        int side;
        gui_side_text k;
        const char *zh, *en;
    } cases[] = {
        {"zhonggong", 0, GUI_SIDE_TO_MOVE, "红方走棋", "Red to move"},
        {"xiangqi", 1, GUI_SIDE_NAME, "黑方", "Black"},
        {"chess", 0, GUI_SIDE_WINS, "白方胜", "White wins"},
        {"connect4", 1, GUI_SIDE_WINS, "黄方胜", "Yellow wins"},
        {"hex", 1, GUI_SIDE_TO_MOVE, "蓝方走棋", "Blue to move"},
        {"baghchal", 0, GUI_SIDE_WINS, "羊方胜", "Goats win"},
        {"baghchal", 1, GUI_SIDE_VS_COMPUTER, "执虎方对电脑", "You (Tigers) vs computer"},
        {"laohu", 0, GUI_SIDE_OUT_OF_TIME, "兵方超时", "Men ran out of time"},
        {"laohu", 1, GUI_SIDE_RESIGNED, "虎方认输", "Tiger resigned"},
        {"jungle", 1, GUI_SIDE_WINS, "北方胜", "North wins"},
        {"tictactoe", 0, GUI_SIDE_TO_MOVE, "X方走棋", "X to move"},
        {"pegsolitaire", 0, GUI_SIDE_NAME, "棋手", "Player"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        qp_rules *r = tu_rules(&tu_reg, cases[i].game);
        gui_texts_set(t, QP_LANG_ZH);
        assert_string_equal(gui_side_say(true, r, cases[i].side, cases[i].k, buf, sizeof buf), cases[i].zh);
        gui_texts_set(t, QP_LANG_EN);
        assert_string_equal(gui_side_say(true, r, cases[i].side, cases[i].k, buf, sizeof buf), cases[i].en);
        gui_texts_set(t, QP_LANG_BOTH);
        snprintf(want, sizeof want, "%s %s", cases[i].zh, cases[i].en);
        assert_string_equal(gui_side_say(true, r, cases[i].side, cases[i].k, buf, sizeof buf), want);
        qp_rules_free(r);
    }

    /* the banner: Yellow resigned, Red wins */
    gui_state st;
    char res[128], why[160];
    open_state(&st, "connect4", NULL);
    st.g.resigned = 1;
    gui_state_changed(&st);
    static const struct { qp_lang lang; const char *res, *why; } banner[] = {
        {QP_LANG_ZH, "红方胜", "黄方认输"},
        {QP_LANG_EN, "Red wins", "Yellow resigned"},
        {QP_LANG_BOTH, "红方胜 Red wins", "黄方认输 Yellow resigned"},
    };
    for (int i = 0; i < 3; i++) {
        gui_texts_set(t, banner[i].lang);
        gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
        assert_string_equal(res, banner[i].res);
        assert_string_equal(why, banner[i].why);
    }
    gui_state_free(&st);
    /* Goats run out of time: the tigers win */
    open_state(&st, "baghchal", NULL);
    st.flagged = 0;
    gui_state_changed(&st);
    gui_texts_set(t, QP_LANG_ZH);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "虎方胜");
    assert_string_equal(why, "羊方超时");
    gui_texts_set(t, QP_LANG_EN);
    gui_state_banner(&st, true, res, sizeof res, why, sizeof why);
    assert_string_equal(res, "Tigers win");
    assert_string_equal(why, "Goats ran out of time");
    gui_state_free(&st);

    /* Xiangqi's count of what each side took: the glyphs stay, the words are Chinese */
    gui_texts_set(t, QP_LANG_ZH);
    assert_string_equal(gui_status_say(true, "Taken by red: 卒卒車 \xC2\xB7 by black: 马", buf, sizeof buf),
                        "红方吃子：卒卒車 \xC2\xB7 黑方吃子：马");
    assert_string_equal(gui_status_say(true, "Taken by red: - \xC2\xB7 by black: 马", buf, sizeof buf),
                        "红方吃子：无 \xC2\xB7 黑方吃子：马");
    gui_texts_set(t, QP_LANG_EN);
    assert_string_equal(gui_status_say(true, "Taken by red: 卒 \xC2\xB7 by black: -", buf, sizeof buf),
                        "Taken by red: 卒 \xC2\xB7 by black: -");
    gui_texts_set(t, QP_LANG_BOTH);
    assert_string_equal(gui_status_say(true, "Taken by red: 卒 \xC2\xB7 by black: -", buf, sizeof buf),
                        "Taken by red: 卒 \xC2\xB7 by black: -");
    gui_texts_set(NULL, QP_LANG_BOTH);
    qp_texts_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_target),
        cmocka_unit_test(test_think_limits),
        cmocka_unit_test(test_refused_click_reason),
        cmocka_unit_test(test_select_and_move),
        cmocka_unit_test(test_exchange_built_soldier_by_soldier),
        cmocka_unit_test(test_placement),
        cmocka_unit_test(test_jump_two_clicks),
        cmocka_unit_test(test_column_drop),
        cmocka_unit_test(test_compound_clicks),
        cmocka_unit_test(test_draughts_clicks),
        cmocka_unit_test(test_promotion_choice),
        cmocka_unit_test(test_choice_without_promotion),
        cmocka_unit_test(test_marks_show_the_whole_move),
        cmocka_unit_test(test_levels_and_outcome),
        cmocka_unit_test(test_counters_and_banner),
        cmocka_unit_test(test_side_sentences),
        cmocka_unit_test(test_time_control_text),
        cmocka_unit_test(test_winning_line_found),
        cmocka_unit_test(test_generic_counters),
        cmocka_unit_test(test_settings_threads),
        cmocka_unit_test(test_settings_promotion),
        cmocka_unit_test(test_settings_language),
        cmocka_unit_test(test_webio_upload_path),
        cmocka_unit_test(test_webio_save_name),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
