/*
 * test_layout_fit.c — every text of the window fits its room, at every
 * window size and aspect, measured.
 *
 * `qipan render --boxes` draws the window's frame off-screen and prints
 * each drawn text: the box its pixels took, the room the layout gave it,
 * its layer (0 the window, 1 a dialog over it) and whether it had to be
 * cut with an end "…".  For each screen (the game with a long message, an
 * exchange and the analysis rows; each dialog; the end banner; the resume
 * question with its path; the promotion picker a click opens) at small,
 * default, large, wide and portrait sizes, no text may be cut, run past
 * its room or the picture, or overlap another text of its layer.  The
 * texts players missed are checked whole.  The texts in Chinese alone and
 * in English alone (--lang) fit too, and are in the language asked.
 */
#include "testutil.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define KEPT_PATH "/home/someone/.local/share/qipan/autosave-zhonggong.txt"
#define KEPT "Not resumed: the unfinished game is kept as " KEPT_PATH
#define LOAD_FAIL "load failed: /home/someone/games/a-very-long-folder-name/record.pgn:12: move 7: no piece on e5"
#define JOIN "Hosting on port 7777: the other player joins with qipan join 192.168.1.20:7777 --code k3x9"

static const char *const sizes[] = {"800x600", "1000x760", "1280x1024", "1920x1080", "720x1280", "390x844"};

typedef struct rec {
    int x, y, w, h, ix, iy, iw, ih, layer;
    char how[8];
    char text[208];
} rec;

typedef struct boxes {
    int n;
    rec r[1024];
} boxes;

/* Runs render with --boxes and reads its lines. */
static void render_boxes(const char *args, const char *size, boxes *B)
{
    char path[64], cmd[1024];
    snprintf(path, sizeof path, "/tmp/qp_fit_%d.png", (int)getpid());
    snprintf(cmd, sizeof cmd, "%s --size %s --out %s --boxes", args, size, path);
    char *out, *err;
    int rc = tu_run(cmd, NULL, &out, &err);
    if (rc != 0) fail_msg("'%s' failed (%d): %s", cmd, rc, err);
    unlink(path);
    B->n = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (B->n == (int)(sizeof B->r / sizeof B->r[0])) fail_msg("'%s': too many texts", cmd);
        rec *r = &B->r[B->n];
        int used = 0;
        if (sscanf(line, "text %d %d %d %d in %d %d %d %d layer %d %7s %n", &r->x, &r->y, &r->w, &r->h, &r->ix, &r->iy,
                   &r->iw, &r->ih, &r->layer, r->how, &used) != 10 || used == 0)
            fail_msg("'%s': bad line '%s'", cmd, line);
        snprintf(r->text, sizeof r->text, "%s", line + used);
        B->n++;
    }
    free(out);
    free(err);
    if (B->n < 10) fail_msg("'%s': only %d texts", cmd, B->n);
}

static bool overlap(const rec *a, const rec *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* The number of defects: a text cut, out of its room or the picture, or
 * over another of its layer; each printed. */
static int defects(const char *what, const char *size, const boxes *B)
{
    int W, H, bad = 0;
    assert_int_equal(sscanf(size, "%dx%d", &W, &H), 2);
    for (int i = 0; i < B->n; i++) {
        const rec *r = &B->r[i];
        bool out_room = r->x < r->ix || r->y < r->iy || r->x + r->w > r->ix + r->iw || r->y + r->h > r->iy + r->ih;
        bool out_pic = r->x < 0 || r->y < 0 || r->x + r->w > W || r->y + r->h > H;
        if (!strcmp(r->how, "cut") || out_room || out_pic) {
            print_error("%s at %s: '%s' %s%s%s (%d,%d %dx%d in %d,%d %dx%d)\n", what, size, r->text,
                        !strcmp(r->how, "cut") ? "cut " : "", out_room ? "past its room " : "",
                        out_pic ? "past the picture" : "", r->x, r->y, r->w, r->h, r->ix, r->iy, r->iw, r->ih);
            bad++;
        }
        for (int j = i + 1; j < B->n; j++) {
            if (B->r[j].layer != r->layer || !overlap(r, &B->r[j])) continue;
            print_error("%s at %s: '%s' overlaps '%s'\n", what, size, r->text, B->r[j].text);
            bad++;
        }
    }
    return bad;
}

static const rec *find(const boxes *B, const char *text)
{
    for (int i = 0; i < B->n; i++)
        if (strstr(B->r[i].text, text)) return &B->r[i];
    return NULL;
}

static const rec *find_exact(const boxes *B, const char *text)
{
    for (int i = 0; i < B->n; i++)
        if (!strcmp(B->r[i].text, text)) return &B->r[i];
    return NULL;
}

/* Each screen at each size: nothing cut, past its room or overlapping. */
static void check_screen(const char *what, const char *args)
{
    int bad = 0;
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        render_boxes(args, sizes[s], B);
        bad += defects(what, sizes[s], B);
    }
    free(B);
    assert_int_equal(bad, 0);
}

/* The game with the texts that were cut at 1000x760: an exchange prompt,
 * the analysis rows, a kept-as path on the message line; the computer's
 * level beside its side. */
static void test_game_with_long_texts(void **state)
{
    (void)state;
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    int bad = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        render_boxes("render zhonggong --analysis --exchange --message '" KEPT "'", sizes[s], B);
        bad += defects("game", sizes[s], B);
        if (!find(B, "Exchange: click the piece to take")) fail_msg("at %s the exchange prompt is not whole", sizes[s]);
        if (!find(B, "computer L5")) fail_msg("at %s the computer's level is not whole", sizes[s]);
        /* the file name stays, wrapped whole or with the path's middle left out */
        if (!find(B, "autosave-zhonggong.txt")) fail_msg("at %s the kept file's name is not shown", sizes[s]);
        if (!find(B, "depth 5")) fail_msg("at %s the analysis row is not shown", sizes[s]);
        /* the best line in the notation the player reads: Chinese, 进/平/退
         * (with a Chinese font, which the line's label "主变" shows) */
        const rec *pv = find(B, "PV:");
        if (!pv || (strstr(pv->text, "\xE4\xB8\xBB\xE5\x8F\x98") && !strstr(pv->text, "\xE8\xBF\x9B") && !strstr(pv->text, "\xE5\xB9\xB3") && !strstr(pv->text, "\xE9\x80\x80")))
            fail_msg("at %s the best line is not in Chinese notation: %s", sizes[s], pv ? pv->text : "none");
    }
    assert_int_equal(bad, 0);
    free(B);
}

static void test_game_with_other_messages(void **state)
{
    (void)state;
    check_screen("load error", "render zhonggong --message '" LOAD_FAIL "'");
    check_screen("join code", "render zhonggong --message '" JOIN "'");
}

static void test_dialogs(void **state)
{
    (void)state;
    check_screen("new game dialog", "render zhonggong --dialog newgame");
    check_screen("help", "render zhonggong --dialog help");
    check_screen("settings", "render zhonggong --dialog settings");
    check_screen("resume", "render zhonggong --dialog resume --message '" KEPT_PATH "'");
}

/* A network game: the opponent's offers in their dialog, and the chat
 * history (the newest lines that fit, each wrapped) where the thinking
 * rows go; the clock rows say which side is whose. */
#define CHAT " --chat 'you: hello' --chat 'good luck, have fun; I will try the central cannon opening again today' " \
             "--chat 'you: 好的 fine' --chat 'your horse on b1 has nowhere to go, watch the left flank' --chat 'you: thanks'"
static void test_network(void **state)
{
    (void)state;
    check_screen("draw offer", "render zhonggong --dialog draw-offer" CHAT);
    check_screen("takeback offer", "render zhonggong --dialog takeback-offer");
    check_screen("chat", "render zhonggong" CHAT);
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    render_boxes("render zhonggong" CHAT, "1000x760", B);
    assert_non_null(find(B, "thanks"));     /* the newest line is shown */
    assert_non_null(find(B, "opponent"));   /* and who plays which side */
    render_boxes("render zhonggong --dialog draw-offer", "1000x760", B);
    assert_non_null(find(B, "Your opponent offers a draw"));
    assert_non_null(find(B, "Decline (N)"));
    free(B);
}

static void test_end_banner(void **state)
{
    (void)state;
    check_screen("end banner", "render zhonggong --resign black");
}

/* --lang zh and --lang en: the game, the New and Settings dialogs and the
 * end banner fit at every size, each text in the language asked (at the
 * default size: the Chinese from the catalogue, or none of it). */
static void test_languages(void **state)
{
    (void)state;
    static const char *const langs[] = {"zh", "en"};
    static const char *const screens[][2] = {{"game", "--exchange"}, {"new game dialog", "--dialog newgame"},
                                             {"settings", "--dialog settings"}, {"end banner", "--resign black"}};
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    for (int l = 0; l < 2; l++) {
        char args[256], what[64];
        for (int k = 0; k < 4; k++) {
            snprintf(args, sizeof args, "render zhonggong %s --lang %s", screens[k][1], langs[l]);
            snprintf(what, sizeof what, "%s (%s)", screens[k][0], langs[l]);
            check_screen(what, args);
        }
        bool zh = l == 0;
        /* exact texts of each screen in the language, none in the other */
        render_boxes(zh ? "render zhonggong --exchange --lang zh" : "render zhonggong --exchange --lang en", "1000x760", B);
        if (!find_exact(B, zh ? "新局" : "New")) fail_msg("%s: the New button is not '%s'", langs[l], zh ? "新局" : "New");
        if (!find_exact(B, zh ? "兑子：点要换的敌子" : "Exchange: click the piece to take"))
            fail_msg("%s: the exchange prompt is not in the language", langs[l]);
        if (find(B, zh ? "Exchange" : "兑子")) fail_msg("%s: the other language shows", langs[l]);
        render_boxes(zh ? "render zhonggong --dialog newgame --lang zh" : "render zhonggong --dialog newgame --lang en",
                     "1000x760", B);
        if (!find_exact(B, zh ? "新局设置" : "New game")) fail_msg("%s: the New game title is not in the language", langs[l]);
        if (!find_exact(B, zh ? "开始新局" : "Start (Enter)")) fail_msg("%s: the Start button is not in the language", langs[l]);
        render_boxes(zh ? "render zhonggong --dialog settings --lang zh" : "render zhonggong --dialog settings --lang en",
                     "1000x760", B);
        if (!find_exact(B, zh ? "语言" : "Language (7)")) fail_msg("%s: the Language row is not in the language", langs[l]);
        render_boxes(zh ? "render zhonggong --resign black --lang zh" : "render zhonggong --resign black --lang en",
                     "1000x760", B);
        if (!find_exact(B, zh ? "红方胜" : "Red wins")) fail_msg("%s: the banner is not in the language", langs[l]);
    }
    /* both: the window's bilingual texts */
    render_boxes("render zhonggong --dialog settings", "1000x760", B);
    if (!find_exact(B, "语言 Language (7)") || !find_exact(B, "中文 Chinese") || !find_exact(B, "设置 Settings"))
        fail_msg("both: the Settings dialog is not bilingual");
    free(B);
}

/* Texts about a side, in games whose sides are not Red and Black: in
 * Chinese the catalogue's whole sentences and no English word anywhere
 * (none pasted into a sentence, none left over), in English the English,
 * in both the two. */
static void test_side_texts_in_each_language(void **state)
{
    (void)state;
    static const struct {
        const char *args, *zh[4], *en[4];
    } cases[] = {
        {"render baghchal", {"羊方走棋", "羊方", "虎方", "执羊方对电脑"},
         {"Goats to move", "Goats", "Tigers", "You (Goats) vs computer"}},
        {"render laohu --resign men", {"虎方胜", "兵方认输", "兵方", "虎方"}, {"Tiger wins", "Men resigned", "Men", "Tiger"}},
        {"render jungle --resign south", {"北方胜", "南方认输", "南方", "北方"},
         {"North wins", "South resigned", "South", "North"}},
        {"render connect4 --dialog newgame", {"红方", "黄方", "新局设置", "黄方"}, {"Red", "Yellow", "New game", "Yellow"}},
        {"render baghchal --resign tigers", {"羊方胜", "虎方认输", "羊方", "虎方"},
         {"Goats win", "Tigers resigned", "Goats", "Tigers"}},
    };
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    char args[256], both[256];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snprintf(args, sizeof args, "%s --lang zh", cases[c].args);
        render_boxes(args, "1000x760", B);
        for (int k = 0; k < 4; k++)
            if (!find_exact(B, cases[c].zh[k])) fail_msg("'%s': no text '%s'", args, cases[c].zh[k]);
        for (int i = 0; i < B->n; i++)
            for (const char *t = B->r[i].text; t[0] && t[1]; t++)
                if (isalpha((unsigned char)t[0]) && isalpha((unsigned char)t[1]))
                    fail_msg("'%s': English in '%s'", args, B->r[i].text);
        snprintf(args, sizeof args, "%s --lang en", cases[c].args);
        render_boxes(args, "1000x760", B);
        for (int k = 0; k < 4; k++)
            if (!find_exact(B, cases[c].en[k])) fail_msg("'%s': no text '%s'", args, cases[c].en[k]);
        snprintf(args, sizeof args, "%s --lang both", cases[c].args);
        render_boxes(args, "1000x760", B);
        for (int k = 0; k < 4; k++) {
            snprintf(both, sizeof both, "%s %s", cases[c].zh[k], cases[c].en[k]);
            if (!find_exact(B, both)) fail_msg("'%s': no text '%s'", args, both);
        }
    }
    free(B);
}

/* The player tools' dialogs: the Library (a full list, a long player
 * name and reason), the position editor with a refusal and the paste
 * question. */
static void test_tool_dialogs(void **state)
{
    (void)state;
    char home[64], dir[160], path[240];
    snprintf(home, sizeof home, "/tmp/qp_fit_lib_XXXXXX");
    assert_non_null(mkdtemp(home));
    snprintf(dir, sizeof dir, "%s/qipan", home);
    assert_int_equal(mkdir(dir, 0755), 0);
    snprintf(dir, sizeof dir, "%s/qipan/library", home);
    assert_int_equal(mkdir(dir, 0755), 0);
    for (int i = 0; i < 25; i++) {
        snprintf(path, sizeof path, "%s/xiangqi-20261201-1200%02d.txt", dir, i);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f, "[Date \"2026.12.01\"]\n[Red \"A player with a rather long name, %d\"]\n[Black \"Computer level 10\"]\n"
                   "[Result \"0-1\"]\n[Termination \"red resigns\"]\n[Ruleset \"xiangqi\"]\n\n1. h3e3 h10g8 0-1\n", i);
        fclose(f);
    }
    setenv("XDG_DATA_HOME", home, 1);
    check_screen("library", "render xiangqi --dialog library");
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    render_boxes("render xiangqi --dialog library", "1000x760", B);
    assert_non_null(find(B, "Library: 25 finished games"));
    assert_non_null(find(B, "A player with a rather long name, 24"));
    free(B);
    unsetenv("XDG_DATA_HOME");
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    assert_int_equal(system(cmd), 0);
    check_screen("editor", "render xiangqi --dialog editor --message 'FEN board: the generals face each other on an open file'");
    check_screen("editor zhonggong", "render zhonggong --dialog editor");
    check_screen("paste", "render xiangqi --dialog paste --message 'Chinese Chess (Xiangqi): 120 plies'");
}

/* Chess: the choice a click on a promotion square opens (--click), its
 * four kinds named whole, beside the move at the top and the bottom of
 * the board and from Black's side. */
#define PROMO_W "render chess --fen '7k/4P3/8/8/8/8/8/4K3 w - - 0 1' --click e7 --click e8"
#define PROMO_B "render chess --fen '4k3/8/8/8/8/8/p7/4K3 b - - 0 1' --click a2 --click a1"
static void test_promotion_picker(void **state)
{
    (void)state;
    check_screen("promotion", PROMO_W);
    check_screen("black's promotion", PROMO_B);
    check_screen("promotion, flipped", PROMO_B " --flip");
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    static const char *const kinds[] = {"Queen (Q)", "Rook (R)", "Bishop (B)", "Knight (N)", "Cancel (Esc)"};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        render_boxes(PROMO_W, sizes[s], B);
        for (int k = 0; k < 5; k++)
            if (!find(B, kinds[k])) fail_msg("at %s the picker's '%s' is not whole", sizes[s], kinds[k]);
    }
    free(B);
}

/* A long title and a long best line: the title drops its parenthesis, the
 * best line keeps the whole moves that fit. */
static void test_other_games(void **state)
{
    (void)state;
    check_screen("peg solitaire", "render pegsolitaire --analysis");
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    render_boxes("render pegsolitaire", "800x600", B);
    assert_non_null(find_exact(B, "孔明棋 Peg solitaire"));   /* both languages, the catalogue's Chinese */
    assert_null(find(B, "English 33"));
    free(B);
}

/* At 1000x1000 (a panel below the board) the message stays under the
 * mode box and above the buttons. */
static void test_square_window(void **state)
{
    (void)state;
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    render_boxes("render zhonggong --message '" LOAD_FAIL "'", "1000x1000", B);
    assert_int_equal(defects("square window", "1000x1000", B), 0);
    const rec *m = find(B, "load failed"), *mode = find(B, "vs computer"), *btn = find_exact(B, "New");
    assert_non_null(m);
    assert_non_null(mode);
    assert_non_null(btn);
    assert_true(m->y >= mode->y + mode->h);
    assert_true(m->y + m->h <= btn->y);
    free(B);
}

/* A phone upright (390x844 CSS px, at one and three pixels a CSS px):
 * every button is at least 44 CSS px each way, a finger's room, and the
 * buttons' labels fit whole (the other tests check every text at 390x844). */
static void test_phone_buttons(void **state)
{
    (void)state;
    static const struct { const char *size; int scale; } phones[] = {{"390x844", 1}, {"1170x2532", 3}};
    for (size_t p = 0; p < sizeof phones / sizeof *phones; p++) {
        char cmd[160], *out, *err;
        snprintf(cmd, sizeof cmd, "render zhonggong --size %s --layout --out /tmp/qp_phone_%d.png", phones[p].size,
                 (int)getpid());
        if (tu_run(cmd, NULL, &out, &err) != 0) fail_msg("'%s' failed: %s", cmd, err);
        snprintf(cmd, sizeof cmd, "/tmp/qp_phone_%d.png", (int)getpid());
        unlink(cmd);
        int nbtn = 0;
        for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
            char name[32];
            int x, y, w, h;
            if (strncmp(line, "btn-", 4)) continue;
            if (sscanf(line, "%31s %d %d %d %d", name, &x, &y, &w, &h) != 5) fail_msg("bad line '%s'", line);
            if (w < 44 * phones[p].scale || h < 44 * phones[p].scale)
                fail_msg("at %s the button %s is %dx%d pixels, under 44 CSS px", phones[p].size, name, w, h);
            nbtn++;
        }
        assert_int_equal(nbtn, 19);   /* the grid's 15 and the review strip's 4 */
        free(out);
        free(err);
    }
    boxes *B = malloc(sizeof *B);
    assert_non_null(B);
    render_boxes("render zhonggong", "1170x2532", B);
    assert_int_equal(defects("phone at 3 pixels a CSS px", "1170x2532", B), 0);
    static const char *const labels[] = {"Save", "Load", "Settings", "Analyze", "Resign"};
    for (size_t k = 0; k < sizeof labels / sizeof *labels; k++)
        if (!find_exact(B, labels[k])) fail_msg("the button '%s' is not whole on the phone", labels[k]);
    free(B);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_with_long_texts),
        cmocka_unit_test(test_game_with_other_messages),
        cmocka_unit_test(test_dialogs),
        cmocka_unit_test(test_network),
        cmocka_unit_test(test_end_banner),
        cmocka_unit_test(test_languages),
        cmocka_unit_test(test_side_texts_in_each_language),
        cmocka_unit_test(test_other_games),
        cmocka_unit_test(test_tool_dialogs),
        cmocka_unit_test(test_promotion_picker),
        cmocka_unit_test(test_square_window),
        cmocka_unit_test(test_phone_buttons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
