/*
 * test_gui_tools.c — the window's player tools without a window: the
 * position editor (gui_editor.c), copy and paste of FEN and records
 * (gui_clipboard.c) and the Library dialog's list with delete and undo
 * (gui_libview.c, over frontends/common/library.c).
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gui_clipboard.c"
#include "gui_editor.c"
#include "gui_libview.c"
#include "gui_opening.c"
#include "gui_notes.c"
#include "record_file.h"

static int sq_of(const qp_rules *r, const char *name)
{
    int sq;
    if (!qp_sq_parse(&r->geom, name, &sq)) fail_msg("bad square %s", name);
    return sq;
}

static int pal_of(const gui_editor *e, char letter)
{
    int i = pal_find(e, letter);
    if (i < 0) fail_msg("no '%c' in the palette", letter);
    return i;
}

static void put(gui_editor *e, char letter, const char *square)
{
    e->tool = pal_of(e, letter);
    gui_editor_click(e, sq_of(e->r, square));
}

/* Xiangqi: the palette is both sides' seven kinds; a setup the rules
 * refuse says the ruleset's reason and makes no game; a legal one is
 * played from exactly that FEN. */
static void test_editor_xiangqi(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    char err[QP_ERR], fen[QP_FEN_MAX];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    gui_editor *e = malloc(sizeof *e);
    assert_non_null(e);
    assert_int_equal(gui_editor_open(e, r, g.cur, err, sizeof err), 0);
    assert_int_equal(e->npal, 14);
    for (int i = 0; i < 7; i++) assert_int_equal(e->pal[i].side, 0);
    for (int i = 7; i < 14; i++) assert_int_equal(e->pal[i].side, 1);
    gui_editor_fen(e, fen, sizeof fen);
    assert_string_equal(fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");

    gui_editor_clear(e);
    put(e, 'K', "e1");
    put(e, 'k', "e10");
    gui_editor_fen(e, fen, sizeof fen);
    assert_string_equal(fen, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    qp_game g2;
    assert_int_equal(gui_editor_game(e, &g2, err, sizeof err), -1);
    assert_string_equal(err, "FEN board: the generals face each other on an open file");
    assert_string_equal(e->err, err);
    /* the same piece again empties the point; the eraser too */
    put(e, 'k', "e10");
    assert_false(gui_editor_piece_at(e, sq_of(r, "e10"), &(qp_piece_view){0}));
    put(e, 'k', "d10");
    put(e, 'R', "a5");
    put(e, 'R', "b5");
    e->tool = -1;
    gui_editor_click(e, sq_of(r, "b5"));
    put(e, 'p', "e5");
    gui_editor_toggle_side(e);
    gui_editor_fen(e, fen, sizeof fen);
    assert_string_equal(fen, "3k5/9/9/9/9/R3p4/9/9/9/4K4 b - - 0 1");
    assert_int_equal(gui_editor_game(e, &g2, err, sizeof err), 0);
    assert_string_equal(e->err, "");
    char back[QP_FEN_MAX];
    qp_game_fen(&g2, back, sizeof back);
    assert_string_equal(back, fen);
    assert_int_equal(qp_game_to_move(&g2), 1);
    qp_game_free(&g2);

    /* A red general outside its palace: the ruleset's own words. */
    gui_editor_clear(e);
    put(e, 'K', "a1");
    put(e, 'k', "e10");
    assert_int_equal(gui_editor_game(e, &g2, err, sizeof err), -1);
    assert_non_null(strstr(err, "a1"));
    /* Start brings the start position back, Red to move. */
    gui_editor_start(e);
    gui_editor_fen(e, fen, sizeof fen);
    assert_string_equal(fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    free(e);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* Every game with a FEN: the editor opened on the start position writes
 * the start FEN back, and that FEN makes the same game. */
static void test_editor_every_game(void **state)
{
    (void)state;
    gui_editor *e = malloc(sizeof *e);
    assert_non_null(e);
    int tried = 0;
    for (int i = 0; i < tu_reg.n; i++) {
        const qp_ruleset *rs = tu_reg.rs[i];
        if (!rs->fen_parse || !rs->fen_print) continue;
        char err[QP_ERR], fen[QP_FEN_MAX], start[QP_FEN_MAX];
        qp_rules *r = qp_rules_create(rs, NULL, err, sizeof err);
        if (!r) continue;
        qp_game g, g2;
        assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
        qp_game_fen(&g, start, sizeof start);
        if (gui_editor_open(e, r, g.cur, err, sizeof err)) fail_msg("%s: %s", rs->name, err);
        gui_editor_fen(e, fen, sizeof fen);
        if (strcmp(fen, start)) fail_msg("%s: editor '%s', start '%s'", rs->name, fen, start);
        if (gui_editor_game(e, &g2, err, sizeof err)) fail_msg("%s: %s", rs->name, err);
        assert_true(g2.hist[0].hash == g.hist[0].hash);
        qp_game_free(&g2);
        qp_game_free(&g);
        qp_rules_free(r);
        tried++;
    }
    assert_true(tried >= 3);
    free(e);
}

static void test_paste_fen(void **state)
{
    (void)state;
    qp_rules *cur = tu_rules(&tu_reg, "xiangqi"), *r;
    qp_game g;
    char err[QP_ERR * 3], fen[QP_FEN_MAX];
    const char *pos = "3k5/9/9/9/9/R3p4/9/9/9/4K4 b - - 0 1";
    char text[200];
    snprintf(text, sizeof text, "  %s\n", pos);
    assert_int_equal(gui_paste_read(&tu_reg, cur, text, &r, &g, err, sizeof err), GUI_PASTE_FEN);
    assert_true(r != cur);
    assert_string_equal(r->rs->name, "xiangqi");
    qp_game_fen(&g, fen, sizeof fen);
    assert_string_equal(fen, pos);
    qp_game_free(&g);
    qp_rules_free(r);
    /* refused with the text and the ruleset's reason, nothing made */
    assert_int_equal(gui_paste_read(&tu_reg, cur, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", &r, &g, err, sizeof err), -1);
    assert_null(r);
    assert_string_equal(err, "pasted FEN '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1': "
                             "FEN board: the generals face each other on an open file");
    assert_int_equal(gui_paste_read(&tu_reg, cur, " \n\t", &r, &g, err, sizeof err), -1);
    assert_string_equal(err, "the clipboard is empty");
    qp_rules_free(cur);
}

/* A record copied is pasted back as the same game; bare moves are moves
 * of the game shown; text that is neither is named in the refusal. */
static void test_paste_record(void **state)
{
    (void)state;
    qp_rules *cur = tu_rules(&tu_reg, "xiangqi"), *r;
    qp_game g, back;
    char err[QP_ERR * 3];
    assert_int_equal(qp_game_init(&g, cur, NULL, err, sizeof err), 0);
    const char *const moves[] = {"h3e3", "h10g8", "h1g3", "i10h10", NULL};
    for (int i = 0; moves[i]; i++) {
        qp_move m;
        assert_int_equal(cur->rs->move_parse(cur, g.cur, moves[i], &m, err, sizeof err), 0);
        qp_game_play(&g, m);
    }
    char *text = gui_copy_record(&g, err, sizeof err);
    assert_non_null(text);
    assert_int_equal(gui_paste_read(&tu_reg, cur, text, &r, &back, err, sizeof err), GUI_PASTE_RECORD);
    free(text);
    assert_int_equal(back.len, 4);
    assert_true(back.hist[4].hash == g.hist[4].hash);
    qp_game_free(&back);
    qp_rules_free(r);

    int k = gui_paste_read(&tu_reg, cur, "1. h3e3 h10g8\n2. h1g3", &r, &back, err, sizeof err);
    if (k != GUI_PASTE_RECORD) fail_msg("%s", err);
    assert_int_equal(k,
                     GUI_PASTE_RECORD);
    assert_string_equal(r->rs->name, "xiangqi");
    assert_int_equal(back.len, 3);
    qp_game_free(&back);
    qp_rules_free(r);

    assert_int_equal(gui_paste_read(&tu_reg, cur, "1. h3e3 h10h3", &r, &back, err, sizeof err), -1);
    assert_non_null(strstr(err, "pasted record"));
    assert_non_null(strstr(err, "h10h3"));
    qp_game_free(&g);
    qp_rules_free(cur);
}

static void test_paste_excerpt(void **state)
{
    (void)state;
    char buf[96];
    gui_paste_excerpt("  one\ntwo\tthree  ", buf, sizeof buf, 60);
    assert_string_equal(buf, "one two three");
    /* cut between characters, never inside one: 炮 is three bytes */
    gui_paste_excerpt("ab\xE7\x82\xAE\xE7\x82\xAE", buf, sizeof buf, 6);
    assert_string_equal(buf, "ab\xE7\x82\xAE\xE2\x80\xA6");
    gui_paste_excerpt("abc", buf, 5, 60);
    assert_string_equal(buf, "a\xE2\x80\xA6");
}

static void keep(qp_rules *r, const char *const *moves, char *path)
{
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    for (; *moves; moves++) {
        qp_move m;
        assert_int_equal(r->rs->move_parse(r, g.cur, *moves, &m, err, sizeof err), 0);
        qp_game_play(&g, m);
    }
    assert_int_equal(qp_library_keep(&g, path, 1024, err, sizeof err), 0);
    qp_game_free(&g);
}

/* Delete hides the chosen game (the list and `qipan library` leave it
 * out); Undo brings it back, chosen again. */
static void test_library_delete_undo(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    const char *const a[] = {"a1", "b1", "a2", "b2", "a3", NULL};
    const char *const b[] = {"b2", "a1", NULL};
    char p1[1024], p2[1024], err[QP_ERR * 2];
    keep(r, a, p1);
    keep(r, b, p2);
    gui_libview v = {0};
    assert_int_equal(gui_libview_load(&v, err, sizeof err), 0);
    assert_int_equal(v.n, 2);
    assert_int_equal(v.sel, 0);
    assert_string_equal(v.e[0].file, strrchr(p2, '/') + 1);
    gui_libview_move(&v, 1, 5);
    assert_int_equal(v.sel, 1);
    char path[1200];
    gui_libview_path(&v, path, sizeof path);
    assert_string_equal(path, p1);

    assert_int_equal(gui_libview_delete(&v, err, sizeof err), 0);
    assert_int_equal(v.n, 1);
    assert_int_equal(v.sel, 0);
    assert_string_equal(v.deleted, strrchr(p1, '/') + 1);
    assert_int_equal(access(p1, F_OK), -1);
    qp_library_entry *e;
    int n, bad;
    assert_int_equal(qp_library_list(&e, &n, &bad, err, sizeof err), 0);
    assert_int_equal(n, 1);
    assert_int_equal(bad, 0);
    free(e);

    assert_int_equal(gui_libview_undo(&v, err, sizeof err), 0);
    assert_int_equal(v.n, 2);
    assert_int_equal(v.sel, 1);
    assert_string_equal(v.deleted, "");
    assert_int_equal(access(p1, F_OK), 0);
    assert_int_equal(gui_libview_undo(&v, err, sizeof err), -1);
    assert_string_equal(err, "nothing deleted to bring back");

    /* only names of the folder's games */
    assert_int_equal(qp_library_delete("../settings.conf", err, sizeof err), -1);
    assert_string_equal(err, "not a game of the library: '../settings.conf'");
    assert_int_equal(qp_library_restore("missing.txt", err, sizeof err), -1);
    assert_non_null(strstr(err, "No such file"));
    gui_libview_free(&v);
    qp_rules_free(r);
}

/* A record's comments stay with their positions while the game keeps the
 * record's moves up to there. */
static void test_notes(void **state)
{
    (void)state;
    const char text[] = "[Ruleset \"xiangqi\"]\n\n{a quiet start} 1. h3e3 {the central cannon} h10g8 "
                        "2. h1g3 b10c8 {screen horses} *\n";
    qp_record rec;
    char err[QP_ERR];
    assert_int_equal(qp_record_parse(&rec, "t", text, strlen(text), err, sizeof err), 0);
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_record_replay(&rec, &g, err, sizeof err), 0);
    gui_notes o;
    assert_int_equal(gui_notes_take(&o, &rec, &g), 0);
    qp_record_free(&rec);
    int agree = gui_notes_agree(&o, &g);
    assert_int_equal(agree, 4);
    assert_string_equal(gui_notes_at(&o, agree, 0), "a quiet start");
    assert_string_equal(gui_notes_at(&o, agree, 1), "the central cannon");
    assert_null(gui_notes_at(&o, agree, 2));
    assert_string_equal(gui_notes_at(&o, agree, 4), "screen horses");
    /* another third move: the comments after it are no longer this game's */
    qp_game_goto(&g, 2);
    qp_move m;
    assert_int_equal(r->rs->move_parse(r, g.cur, "b1c3", &m, err, sizeof err), 0);
    qp_game_play(&g, m);
    agree = gui_notes_agree(&o, &g);
    assert_int_equal(agree, 2);
    assert_string_equal(gui_notes_at(&o, agree, 1), "the central cannon");
    assert_null(gui_notes_at(&o, agree, 4));
    gui_notes_free(&o);
    assert_null(gui_notes_at(NULL, -1, 0));
    qp_game_free(&g);
    qp_rules_free(r);
}

static int lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* qipan library delete / restore do what the window's Delete and Undo do. */
static void test_library_cli(void **state)
{
    (void)state;
    qp_rules *r = tu_rules(&tu_reg, "tictactoe");
    const char *const a[] = {"a1", "b1", "a2", "b2", "a3", NULL};
    char p1[1024], cmd[1200], *out, *err;
    keep(r, a, p1);
    assert_int_equal(tu_run("library", NULL, &out, &err), 0);
    int before = lines(out);
    assert_non_null(strstr(out, p1));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "library delete '%s'", p1);
    assert_int_equal(tu_run(cmd, NULL, &out, &err), 0);
    free(out);
    free(err);
    assert_int_equal(tu_run("library", NULL, &out, &err), 0);
    assert_int_equal(lines(out), before - 1);
    assert_null(strstr(out, p1));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "library restore '%s'", strrchr(p1, '/') + 1);
    assert_int_equal(tu_run(cmd, NULL, &out, &err), 0);
    free(out);
    free(err);
    assert_int_equal(tu_run("library", NULL, &out, &err), 0);
    assert_int_equal(lines(out), before);
    free(out);
    free(err);
    assert_int_equal(tu_run("library delete /etc/passwd", NULL, &out, &err), 1);
    assert_string_equal(err, "qipan: library: /etc/passwd is not in the library folder\n");
    free(out);
    free(err);
    assert_int_equal(tu_run("library restore", NULL, &out, &err), 2);
    assert_string_equal(err, "usage: qipan library [delete FILE | restore FILE]\n");
    free(out);
    free(err);
    qp_rules_free(r);
}

/* A game of coordinate moves from the start, or from fen. */
static void play_moves(qp_game *g, qp_rules *r, const char *fen, const char *moves)
{
    char err[QP_ERR], buf[256];
    assert_int_equal(qp_game_init(g, r, fen, err, sizeof err), 0);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        qp_move m;
        if (r->rs->move_parse(r, g->cur, t, &m, err, sizeof err)) fail_msg("%s: %s", t, err);
        qp_game_play(g, m);
    }
}

static const char *opening_of(const gui_openings *o, qp_rules *r, const char *fen, const char *moves)
{
    static char out[128];
    qp_game g;
    play_moves(&g, r, fen, moves);
    const gui_opening *op = gui_openings_find(o, &g);
    snprintf(out, sizeof out, "%s%s%s", op ? op->code : "-", op ? " " : "", op ? op->zh : "");
    qp_game_free(&g);
    return out;
}

/* The shipped Xiangqi table names openings by the longest line followed,
 * either wing, only from the start position; a bad table names its line. */
static void test_openings(void **state)
{
    (void)state;
    gui_openings o;
    char err[QP_ERR * 2];
    assert_int_equal(gui_openings_load(&o, QP_SCRIPTS_DIR, "xiangqi", err, sizeof err), 0);
    assert_int_equal(o.n, 46);
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    /* a group's range where its code needs more moves than the table has */
    assert_string_equal(opening_of(&o, r, NULL, "h3e3"), "B00-D99 中炮局");
    assert_string_equal(opening_of(&o, r, NULL, "h3e3 h10g8 h1g3 b10c8 i1h1"), "B00-D99 中炮局");
    assert_string_equal(opening_of(&o, r, NULL, "b3e3 b8e8"), "D00-D29 顺炮局");
    assert_string_equal(opening_of(&o, r, NULL, "h3e3 b8e8"), "D50-D59 中炮对列炮");
    assert_string_equal(opening_of(&o, r, NULL, "c1e3 h10g8"), "A10-A39 飞相局");
    assert_string_equal(opening_of(&o, r, NULL, "g4g5 h8g8"), "E10-E39 仙人指路对卒底炮");
    assert_string_equal(opening_of(&o, r, NULL, "f1e2 h10g8"), "A00-A09 上仕局");
    /* single codes, either wing */
    assert_string_equal(opening_of(&o, r, NULL, "h1g3 g7g6"), "A41 起马对进7卒");
    assert_string_equal(opening_of(&o, r, NULL, "h1g3 g7g6 b3e3 h10g8"), "A44 起马转中炮对进7卒");
    assert_string_equal(opening_of(&o, r, NULL, "b1c3 c7c6 g4g5"), "A45 起马互进七兵局");
    assert_string_equal(opening_of(&o, r, NULL, "b3d3 h8e8"), "A52 仕角炮对右中炮");
    assert_string_equal(opening_of(&o, r, NULL, "e4e5"), "-");
    /* the same moves from another position are no opening */
    assert_string_equal(opening_of(&o, r, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "h8e8"), "-");
    gui_openings_free(&o);
    /* none for a game without a table */
    assert_int_equal(gui_openings_load(&o, QP_SCRIPTS_DIR, "tictactoe", err, sizeof err), 0);
    assert_int_equal(o.n, 0);

    const char bad[] = "# x\nA01 | f1e2 | 上仕局 | Advisor opening\nA02 | a4a5 | 边兵局\n";
    assert_int_equal(gui_openings_parse(&o, bad, strlen(bad), err, sizeof err), -1);
    assert_string_equal(err, "line 3: want CODE | MOVES | 中文名 | English name");
    assert_null(o.e);
    const char empty[] = "A01 |  | 上仕局 | Advisor opening";
    assert_int_equal(gui_openings_parse(&o, empty, strlen(empty), err, sizeof err), -1);
    assert_string_equal(err, "line 1: no moves");
    qp_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_editor_xiangqi),
        cmocka_unit_test(test_editor_every_game),
        cmocka_unit_test(test_paste_fen),
        cmocka_unit_test(test_paste_record),
        cmocka_unit_test(test_paste_excerpt),
        cmocka_unit_test(test_library_delete_undo),
        cmocka_unit_test(test_openings),
        cmocka_unit_test(test_library_cli),
        cmocka_unit_test(test_notes),
    };
    return cmocka_run_group_tests(tests, tu_setup_data_home, tu_teardown_data_home);
}
