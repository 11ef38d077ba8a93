/*
 * test_pgn.c — PGN text (framework/pgn) and the records built on it:
 * tokens and their positions, whole games written and read back in every
 * notation, published master games imported in each notation, and the
 * exact error of each malformed, truncated or inconsistent record.
 */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgn.h"
#include "record.h"
#include "record_file.h"

static void test_tokens(void **st)
{
    (void)st;
    const char *text = "\xEF\xBB\xBF[Event \"a \\\"b\\\"\"]\r\n[Param \"k\" \"v\"]\r\n\r\n"
                       "% escape line\r\n"
                       "1. h2e2 {a comment\r\nover lines} h9g7! $1 (2. h0g2 (2... x) b9c7) ; rest\r\n"
                       "2.h0g2　b9c7?! 3... 炮二平五+ 1-0 4. never";
    qp_pgn p;
    char err[QP_ERR];
    assert_int_equal(qp_pgn_read(&p, text, strlen(text), err, sizeof err), 0);
    assert_int_equal(p.ntags, 2);
    assert_string_equal(qp_pgn_find(&p, "Event")->val, "a \"b\"");
    assert_string_equal(qp_pgn_find(&p, "Param")->val2, "v");
    assert_null(qp_pgn_find(&p, "Site"));
    static const char *const want[] = {"h2e2", "h9g7", "h0g2", "b9c7", "炮二平五"};
    static const int line[] = {5, 6, 7, 7, 7}, col[] = {4, 13, 3, 8, 20};
    assert_int_equal(p.nmoves, 5);
    for (int i = 0; i < 5; i++) {
        assert_string_equal(p.moves[i].text, want[i]);
        assert_int_equal(p.moves[i].line, line[i]);
        assert_int_equal(p.moves[i].col, col[i]);
    }
    assert_string_equal(p.result, "1-0");
    assert_int_equal(p.result_line, 7);
    assert_int_equal(p.result_col, 26);
    /* The comment after a move stays with it, a ; comment too; those in
     * variations stay in them. */
    assert_string_equal(p.moves[0].comment, "a comment over lines");
    assert_string_equal(p.moves[1].comment, "rest");
    for (int i = 2; i < 5; i++) assert_null(p.moves[i].comment);
    qp_pgn_free(&p);
}

/* Comments of the main line: the one before the first move, and every
 * one after a move (several joined by a space; trimmed, a blank one is
 * none), written back and read again; a brace inside one (set by a
 * program) is written as ')' so the text stays readable.  Variations are
 * kept with their comments, and counted; NAGs too.  A variation inside a
 * variation's first move is an alternative to that move: written beside
 * it. */
static void test_move_comments(void **st)
{
    (void)st;
    const char *text = "{before} 1. h2e2 {  +0.35/14 0.998s } {second} h9g7 {   } "
                       "(1... h7e7 {in a variation} (1... b9c7)) ( 1... b7e7 ) "
                       "2. h0g2 $1 {-M3/20 0.120s} 1/2-1/2";
    qp_pgn p;
    char err[QP_ERR];
    assert_int_equal(qp_pgn_read(&p, text, strlen(text), err, sizeof err), 0);
    assert_int_equal(p.nmoves, 3);
    assert_int_equal(p.nvariations, 2);
    assert_string_equal(p.comment0, "before");
    assert_string_equal(p.moves[0].comment, "+0.35/14 0.998s second");
    assert_null(p.moves[1].comment);
    assert_string_equal(p.moves[2].comment, "-M3/20 0.120s");
    free(p.moves[1].comment);
    p.moves[1].comment = strdup("a}b");
    size_t len;
    char *out = qp_pgn_write(&p, 1, false, false, &len);
    assert_string_equal(out, "\n{before}\n1. h2e2 {+0.35/14 0.998s second} h9g7 {a)b} "
                             "(1... h7e7 {in a variation}) (1... b9c7) (1... b7e7)\n"
                             "2. h0g2 $1 {-M3/20 0.120s}\n1/2-1/2\n");
    qp_pgn q;
    assert_int_equal(qp_pgn_read(&q, out, len, err, sizeof err), 0);
    assert_int_equal(q.nmoves, 3);
    assert_int_equal(q.nvariations, 3);
    assert_string_equal(q.moves[2].nags, "$1");
    assert_string_equal(q.comment0, "before");
    static const char *const back[] = {"+0.35/14 0.998s second", "a)b", "-M3/20 0.120s"};
    for (int i = 0; i < 3; i++) {
        assert_string_equal(q.moves[i].text, p.moves[i].text);
        assert_string_equal(q.moves[i].comment, back[i]);
    }
    free(out);
    qp_pgn_free(&q);
    qp_pgn_free(&p);
}

/* A record keeps its main line's comments (qp_record_comment) and its
 * variations; the writer puts the comments back, before the first move
 * and after each, and `qipan convert` keeps both, the variations'
 * moves in the notation asked for. */
static void test_record_comments_round_trip(void **st)
{
    (void)st;
    /* the start of Liu Dianzhong - Liu Dahua, Jiafun Cup 1997 */
    const char *text = "[Game \"Chinese Chess\"]\n[Red \"LIU DianZhong\"]\n[Black \"LIU DaHua\"]\n\n"
                       "{中炮对屏风马}\n1. 炮二平五 {当头炮} 马２进３ (1... 炮８平５ {顺炮}) "
                       "2. 马二进三 炮８平６ {平炮} (2... 马８进７) (2... 卒７进１) *\n";
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_parse(&rec, "t", text, strlen(text), err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(rec.nmoves, 4);
    assert_int_equal(rec.nvariations, 0);
    assert_non_null(rec.alt);
    assert_int_equal(rec.vars.n, 3);
    assert_non_null(rec.comments);
    assert_string_equal(rec.comments[0], "中炮对屏风马");
    assert_string_equal(rec.comments[1], "当头炮");
    assert_null(rec.comments[2]);
    assert_null(rec.comments[3]);
    assert_string_equal(rec.comments[4], "平炮");
    qp_record_free(&rec);

    const char *in = tu_tmpfile(text, ".pgn");
    char cmd[512], *out, *errout;
    snprintf(cmd, sizeof cmd, "convert %s - --notation chinese", in);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n{中炮对屏风马}\n1. 炮二平五 {当头炮} 马２进３ (1... 炮８平５ {顺炮})\n"
                                "2. 马二进三 炮８平６ {平炮} (2... 马８进７) (2... 卒７进１)\n*\n"));
    assert_string_equal(errout, "");
    /* read again: the same comments, nothing more to warn about */
    const char *again = tu_tmpfile(out, ".pgn");
    free(out);
    free(errout);
    snprintf(cmd, sizeof cmd, "convert %s - --notation coord", again);
    assert_int_equal(tu_run(cmd, "", &out, &errout), 0);
    assert_non_null(strstr(out, "\n{中炮对屏风马}\n1. h3e3 {当头炮} b10c8 (1... h8e8 {顺炮})\n"
                                "2. h1g3 h8f8 {平炮} (2... h10g8) (2... g7g6)\n*\n"));
    assert_string_equal(errout, "");
    free(out);
    free(errout);
    unlink(in);
    unlink(again);
}

static void expect_pgn_error(const char *text, const char *want)
{
    qp_pgn p;
    char err[QP_ERR];
    assert_int_equal(qp_pgn_read(&p, text, strlen(text), err, sizeof err), -1);
    assert_string_equal(err, want);
}

static void test_token_errors(void **st)
{
    (void)st;
    expect_pgn_error("[Event \"x]\n", "1:1: malformed tag '[Event \"x]'");
    expect_pgn_error("[Event x]\n", "1:1: malformed tag '[Event x]'");
    expect_pgn_error("1. h2e2 {open\n", "1:9: truncated: the comment is not closed");
    expect_pgn_error("1. h2e2 (h9g7 (x)\n", "1:9: truncated: the variation is not closed");
    expect_pgn_error("1. h2e2 )\n", "1:9: unreadable: ')' without its opening '('");
    expect_pgn_error("1. h2e2\n[Event \"2\"]\n", "2:1: tag after the moves (the game before has no result token)");
    static const char nul[] = "1. 炮二平五 h2\0e2";
    qp_pgn p;
    char err[QP_ERR];
    assert_int_equal(qp_pgn_read(&p, nul, sizeof nul - 1, err, sizeof err), -1);
    assert_string_equal(err, "1:11: binary data (a NUL byte)");
}

/* Plays a fixed pseudo-random game of the ruleset. */
static void random_game(qp_game *g, int plies, uint64_t seed)
{
    for (int i = 0; i < plies; i++) {
        qp_move mv[QP_MAX_MOVES];
        qp_outcome o;
        qp_game_outcome(g, &o);
        int n = g->r->rs->gen(g->r, g->cur, mv, QP_GEN_ALL);
        if (o.result != QP_ONGOING || !n) break;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        qp_game_play(g, mv[(seed >> 33) % (uint64_t)n]);
    }
}

/* Whole games: written in each notation, read back to the same moves. */
static void test_whole_games_round_trip(void **st)
{
    (void)st;
    static const struct {
        const char *ruleset, *notations[6];
    } cases[] = {
        {"xiangqi", {"coord", "chinese", "traditional", "wxf", "iccs", NULL}},
        {"zhonggong", {"coord", "chinese", "traditional", "wxf", NULL}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        qp_rules *r = tu_rules(&tu_reg, cases[c].ruleset);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            qp_game g;
            char err[QP_ERR];
            assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
            random_game(&g, 200, seed);
            assert_true(g.len > 20);
            for (int k = 0; cases[c].notations[k]; k++) {
                size_t len;
                char *text = qp_record_text(&g, cases[c].notations[k], &len, err, sizeof err);
                assert_non_null(text);
                qp_record rec;
                if (qp_record_parse(&rec, "t", text, len, err, sizeof err)) fail_msg("%s", err);
                assert_int_equal(rec.nmoves, g.len);
                assert_int_equal(rec.plycount, g.len);
                qp_game h;
                assert_int_equal(qp_game_init(&h, r, rec.fen[0] ? rec.fen : NULL, err, sizeof err), 0);
                if (qp_record_replay(&rec, &h, err, sizeof err))
                    fail_msg("%s %s: %s", cases[c].ruleset, cases[c].notations[k], err);
                assert_int_equal(h.len, g.len);
                assert_memory_equal(h.rec, g.rec, sizeof g.rec[0] * (size_t)g.len);
                qp_game_free(&h);
                qp_record_free(&rec);
                free(text);
            }
            qp_game_free(&g);
        }
        qp_rules_free(r);
    }
}

/* Published master games (tests/data/masters), each in five notations,
 * import to the same moves and final position. */
static void test_master_games(void **st)
{
    (void)st;
    static const char *const games[] = {"game01", "game04", "game05"};
    static const char *const notations[] = {"coord", "chinese", "traditional", "wxf", "iccs"};
    static const int lengths[] = {76, 95, 51};
    for (int i = 0; i < 3; i++) {
        char path[512], fen0[512] = "";
        qp_move first_moves[8] = {0};
        for (int k = 0; k < 5; k++) {
            snprintf(path, sizeof path, "%s/masters/%s-%s.pgn", QP_TESTDATA_DIR, games[i], notations[k]);
            qp_rules *r;
            qp_game g;
            char err[QP_ERR], fen[512];
            if (qp_record_load(&tu_reg, path, &r, &g, err, sizeof err)) fail_msg("%s", err);
            assert_int_equal(g.len, lengths[i]);
            qp_game_fen(&g, fen, sizeof fen);
            if (!k) {
                snprintf(fen0, sizeof fen0, "%s", fen);
                memcpy(first_moves, g.rec, sizeof first_moves);
            }
            assert_string_equal(fen, fen0);
            assert_memory_equal(g.rec, first_moves, sizeof first_moves);
            qp_game_free(&g);
            qp_rules_free(r);
        }
    }
}

static void expect_record_error(const char *text, const char *want)
{
    qp_rules *r;
    qp_game g;
    char err[QP_ERR], full[QP_ERR + 64];
    const char *path = tu_tmpfile(text, ".pgn");
    assert_int_equal(qp_record_load(&tu_reg, path, &r, &g, err, sizeof err), -1);
    snprintf(full, sizeof full, want, path);
    assert_string_equal(err, full);
    unlink(path);
}

#define CC "[Game \"Chinese Chess\"]\n"

static void test_malformed_records(void **st)
{
    (void)st;
    expect_record_error(CC "\n1. 炮二平五 马８进７\n2. 炮五平X *\n",
                        "%s:4:4: move 3 '炮五平X': unreadable: not a move in Chinese or WXF notation "
                        "(such as 炮二平五 or C2.5)");
    expect_record_error(CC "\n1. 炮二平五 马８进７\n2. 车二进一 *\n",
                        "%s:4:4: move 3 '车二进一': illegal: no chariot of yours on file 2");
    expect_record_error(CC "[FEN \"3k5/9/9/9/4C4/9/4C4/9/9/4K4 r - - 0 1\"]\n\n1. 炮五平四 *\n",
                        "%s:4:4: move 1 '炮五平四': ambiguous: 2 moves fit (tell the pieces apart with "
                        "前/后 or +/-)");
    expect_record_error(CC "\n1. h2e2 h9g7 2. h0g2 h9g7 *\n",
                        "%s:3:22: move 4 'h9g7': illegal: no piece on h10");
    expect_record_error("[Variant \"xiangqi\"]\n\n1. h3e3 h10g8 2. h1g3 i10i9 3. i1h1 i9i11 *\n",
                        "%s:3:37: move 6 'i9i11': unreadable: not a move in Chinese or WXF notation "
                        "(such as 炮二平五 or C2.5)");
}

static void test_truncated_and_inconsistent(void **st)
{
    (void)st;
    /* a record that counts its moves, cut short */
    expect_record_error("[Ruleset \"xiangqi\"]\n[Result \"*\"]\n[PlyCount \"4\"]\n\n1. h3e3 h10g8\n2. h1g3\n",
                        "%s: truncated: 3 of the 4 moves of [PlyCount]");
    expect_record_error("[Ruleset \"xiangqi\"]\n[Result \"*\"]\n[PlyCount \"3\"]\n\n1. h3e3 h10g8\n2. h1g3\n",
                        "%s:7:1: truncated: no result token (1-0, 0-1, 1/2-1/2 or *) at the end");
    expect_record_error(CC "[Result \"1-0\"]\n\n1. 炮二平五 马８进７\n2. 马二进三",
                        "%s:5:8: truncated: no result token (1-0, 0-1, 1/2-1/2 or *) at the end");
    expect_record_error("[Ruleset \"xiangqi\"]\n[PlyCount \"1\"]\n\n1. h3e3 h10g8 *\n",
                        "%s: inconsistent: 2 moves but [PlyCount] says 1");
    expect_record_error(CC "[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 0-1\n",
                        "%s:4:14: inconsistent: the moves end with 0-1 but [Result] is 1-0");
    /* the moves mate Black (a smothered general), the result says otherwise */
    expect_record_error(CC "[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 r - - 0 1\"]\n\n1. 车九平六 0-1\n",
                        "%s: inconsistent: the moves end in red wins: checkmate (1-0) but the result is 0-1");
}

/* Real games play on after repetitions that qipan's history rules would
 * end; only the position's own end (checkmate) stops a record. */
static void test_play_on_after_repetition(void **st)
{
    (void)st;
    const char *path = tu_tmpfile("[Variant \"xiangqi\"]\n[Result \"1-0\"]\n\n"
                                  "1. h1g3 h10g8 2. g3h1 g8h10 3. h1g3 h10g8 4. g3h1 g8h10\n"
                                  "5. h1g3 h10g8 6. g3h1 g8h10 7. h3e3 1-0\n", ".pgn");
    qp_rules *r;
    qp_game g;
    char err[QP_ERR];
    if (qp_record_load(&tu_reg, path, &r, &g, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(g.len, 13);
    assert_int_equal(g.resigned, 1);   /* the 1-0 the position does not show */
    qp_game_free(&g);
    qp_rules_free(r);
    unlink(path);
}

/* qipan's older saves, a byte order mark and CRLF still load. */
static void test_old_saves_bom_crlf(void **st)
{
    (void)st;
    static const char *const texts[] = {
        "[Ruleset \"xiangqi\"]\n[Date \"2026-11-21\"]\n[Result \"*\"]\n\n1. h3e3 h10g8\n2. h1g3\n",
        "\xEF\xBB\xBF[Game \"Chinese Chess\"]\r\n[Result \"*\"]\r\n\r\n1. 炮二平五 马８进７\r\n2. 马二进三 *\r\n",
        "[Variant \"xiangqi\"]\r\n\r\n1. h3e3 h10g8 2. h1g3 *",
    };
    for (int i = 0; i < 3; i++) {
        const char *path = tu_tmpfile(texts[i], ".pgn");
        qp_rules *r;
        qp_game g;
        char err[QP_ERR], fen[256];
        if (qp_record_load(&tu_reg, path, &r, &g, err, sizeof err)) fail_msg("%d: %s", i, err);
        qp_game_fen(&g, fen, sizeof fen);
        assert_string_equal(fen, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2");
        qp_game_free(&g);
        qp_rules_free(r);
        unlink(path);
    }
}

/* The writer: standard tags, the result token, the reason, PlyCount. */
static void test_writer(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", err, sizeof err), 0);
    assert_int_equal(qp_game_play_text(&g, "a1d1", err, sizeof err), 0);
    size_t len;
    char *text = qp_record_text(&g, "chinese", &len, err, sizeof err);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Result \"1-0\"]\n"));
    assert_non_null(strstr(text, "[Result \"1-0\"]\n[Notation \"chinese\"]\n[SetUp \"1\"]\n"));
    assert_non_null(strstr(text, "[PlyCount \"1\"]\n[Termination \"red wins: checkmate\"]\n"
                                 "[Ruleset \"xiangqi\"]\n[Game \"Chinese Chess\"]\n\n1. 车九平六\n1-0\n"));
    free(text);
    assert_null(qp_record_text(&g, "klingon", &len, err, sizeof err));
    assert_string_equal(err, "xiangqi has no klingon notation");
    qp_game_free(&g);
    qp_rules_free(r);
}

/* A record qipan wrote, cut at any byte, is refused: before the tags
 * that name the game it is no record; after them [PlyCount] and the
 * result token tell ("truncated"). */
static void test_every_truncation_refused(void **st)
{
    (void)st;
    qp_rules *r = tu_rules(&tu_reg, "xiangqi");
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    random_game(&g, 60, 7);
    size_t len;
    char *text = qp_record_text(&g, "chinese", &len, err, sizeof err);
    assert_non_null(text);
    int truncated = 0;
    for (size_t cut = 0; cut + 1 < len; cut++) {   /* all but the final newline */
        qp_record rec;
        int rc = qp_record_parse(&rec, "t", text, cut, err, sizeof err);
        if (!rc) {
            qp_game h;
            assert_int_equal(qp_game_init(&h, r, NULL, err, sizeof err), 0);
            rc = qp_record_replay(&rec, &h, err, sizeof err);
            qp_game_free(&h);
            qp_record_free(&rec);
        }
        if (!rc) fail_msg("cut at %zu of %zu loaded", cut, len);
        truncated += strstr(err, "truncated") != NULL;
    }
    assert_true(truncated > (int)len / 2);   /* every cut in the moves says so */
    free(text);
    qp_game_free(&g);
    qp_rules_free(r);
}

/* qipan convert keeps the record's tags and a draw the position does not
 * show; a bad record writes nothing and names the move. */
static void test_convert_command(void **st)
{
    (void)st;
    const char *in = tu_tmpfile("[Event \"Club match\"]\n[Red \"A\"]\n[Black \"B\"]\n"
                                "[Result \"1/2-1/2\"]\n[Termination \"draw by agreement\"]\n"
                                "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 1/2-1/2\n", ".pgn");
    char cmd[512], *out, *err;
    snprintf(cmd, sizeof cmd, "convert %s - --notation wxf", in);
    assert_int_equal(tu_run(cmd, "", &out, &err), 0);
    assert_non_null(strstr(out, "[Event \"Club match\"]\n"));
    assert_non_null(strstr(out, "[Red \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n[Notation \"wxf\"]\n"));
    assert_non_null(strstr(out, "[Termination \"draw by agreement\"]\n"));
    assert_non_null(strstr(out, "\n1. C2.5 H8+7\n1/2-1/2\n"));
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "convert %s - --notation klingon", in);
    assert_int_equal(tu_run(cmd, "", &out, &err), 2);
    assert_string_equal(err, "qipan convert: unknown notation 'klingon' (coord, chinese, traditional, wxf, iccs)\n");
    free(out);
    free(err);
    unlink(in);
    in = tu_tmpfile("[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７\n2. 炮五进九 *\n", ".pgn");
    snprintf(cmd, sizeof cmd, "convert %s /tmp/qp_never_written.pgn", in);
    assert_int_equal(tu_run(cmd, "", &out, &err), 1);
    char want[256];
    snprintf(want, sizeof want, "qipan convert: %s:4:4: move 3 '炮五进九': illegal: the cannon cannot move so\n", in);
    assert_string_equal(err, want);
    assert_int_equal(access("/tmp/qp_never_written.pgn", F_OK), -1);
    free(out);
    free(err);
    unlink(in);
}

/* A game played on from a record keeps the comments of the moves it
 * still shares with it, not those of the moves it replaced. */
static void test_comments_of_shared_moves(void **st)
{
    (void)st;
    const char *path = tu_tmpfile("[Game \"Chinese Chess\"]\n\n{start} 1. h2e2 {a} h9g7 {b} 2. h0g2 {c} *\n", ".pgn");
    qp_rules *r;
    qp_game g;
    qp_record rec;
    char err[QP_ERR];
    if (qp_record_load_keep(&tu_reg, path, &r, &g, &rec, err, sizeof err)) fail_msg("%s", err);
    size_t len;
    char *text = qp_record_text_from(&g, QP_NOTATION_ICCS, &rec, &len, err, sizeof err);
    assert_non_null(strstr(text, "\n{start}\n1. h2e2 {a} h9g7 {b}\n2. h0g2 {c}\n*\n"));
    free(text);
    qp_game_goto(&g, 2);
    qp_move m;
    assert_int_equal(r->rs->notation_parse(r, g.cur, "b0c2", "iccs", &m, err, sizeof err), 0);
    qp_game_play(&g, m);
    text = qp_record_text_from(&g, QP_NOTATION_ICCS, &rec, &len, err, sizeof err);
    assert_non_null(strstr(text, "\n{start}\n1. h2e2 {a} h9g7 {b}\n2. b0c2\n*\n"));
    free(text);
    qp_record_free(&rec);
    qp_game_free(&g);
    qp_rules_free(r);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_token_errors),
        cmocka_unit_test(test_move_comments),
        cmocka_unit_test(test_record_comments_round_trip),
        cmocka_unit_test(test_comments_of_shared_moves),
        cmocka_unit_test(test_whole_games_round_trip),
        cmocka_unit_test(test_master_games),
        cmocka_unit_test(test_malformed_records),
        cmocka_unit_test(test_truncated_and_inconsistent),
        cmocka_unit_test(test_play_on_after_repetition),
        cmocka_unit_test(test_old_saves_bom_crlf),
        cmocka_unit_test(test_writer),
        cmocka_unit_test(test_every_truncation_refused),
        cmocka_unit_test(test_convert_command),
    };
    return cmocka_run_group_tests(tests, tu_setup_registry, tu_teardown_registry);
}
