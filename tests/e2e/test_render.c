/*
 * test_render.c — `qipan render`: the off-screen picture of the window.
 *
 * Runs the real binary, then reads the PNG it wrote with libpng (which
 * checks every chunk's CRC and the zlib stream, so a broken file fails) and
 * looks at pixels where `--layout` says the board points are: grid lines
 * have the line colour, a red piece shows its red ring, an empty point
 * shows wood, `--flip` mirrors the coordinates.  Bad arguments give the
 * documented errors.
 */
#include "testutil.h"

#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define START_FEN "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"

/* ---- reading the PNG (libpng) ------------------------------------------- */

typedef struct image {
    int w, h;
    unsigned char *rgb;   /* w*h*3 */
} image;

/* Reads an 8-bit RGB PNG; libpng checks every chunk's CRC and the zlib
 * stream, so a broken file fails here. */
static void read_png(const char *path, image *img)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) fail_msg("cannot read %s: %s", path, pi.message);
    /* what qipan writes: 8-bit colour without alpha */
    assert_int_equal(pi.format, PNG_FORMAT_RGB);
    pi.format = PNG_FORMAT_RGB;
    img->w = (int)pi.width;
    img->h = (int)pi.height;
    img->rgb = malloc(PNG_IMAGE_SIZE(pi));
    if (!png_image_finish_read(&pi, NULL, img->rgb, 0, NULL)) fail_msg("cannot decode %s: %s", path, pi.message);
}

static void pixel(const image *img, int x, int y, int *r, int *g, int *b)
{
    assert_true(x >= 0 && y >= 0 && x < img->w && y < img->h);
    const unsigned char *p = img->rgb + ((size_t)y * img->w + x) * 3;
    *r = p[0];
    *g = p[1];
    *b = p[2];
}

/* ---- layout ------------------------------------------------------------ */

typedef struct point {
    char name[8];
    int x, y;
} point;

typedef struct layout {
    int n;
    point p[400];
} layout;

static void parse_layout(const char *text, layout *L)
{
    L->n = 0;
    const char *s = text;
    while (*s) {
        if (!strncmp(s, "btn-", 4)) {   /* a button's line (test_layout_fit reads them) */
            s += strcspn(s, "\n");
            while (*s == '\n') s++;
            continue;
        }
        point *p = &L->p[L->n];
        int used = 0;
        if (sscanf(s, "%7s %d %d%n", p->name, &p->x, &p->y, &used) != 3) fail_msg("bad layout line: %.40s", s);
        L->n++;
        s += used;
        while (*s == '\n') s++;
    }
}

static const point *at(const layout *L, const char *name)
{
    for (int i = 0; i < L->n; i++)
        if (!strcmp(L->p[i].name, name)) return &L->p[i];
    fail_msg("no point %s in the layout", name);
    return NULL;
}

/* Renders and reads the picture and its layout. */
static void render(const char *args, image *img, layout *L)
{
    char path[64], cmd[1024];
    snprintf(path, sizeof path, "/tmp/qp_render_%d.png", (int)getpid());
    snprintf(cmd, sizeof cmd, "%s --out %s --layout", args, path);
    char *out, *err;
    int rc = tu_run(cmd, NULL, &out, &err);
    if (rc != 0) fail_msg("render failed (%d): %s", rc, err);
    parse_layout(out, L);
    read_png(path, img);
    unlink(path);
    free(out);
    free(err);
}

static int spacing(const layout *L)
{
    return abs(at(L, "b1")->x - at(L, "a1")->x);
}

static bool is_line(int r, int g, int b) { return r < 140 && g < 105 && b < 75; }
static bool is_wood(int r, int g, int b) { return r > 190 && g > 140 && b > 80 && b < 190 && r - b > 60; }
static bool is_red(int r, int g, int b) { return r > 140 && g < 110 && b < 110; }
static bool is_dark(int r, int g, int b) { return r < 90 && g < 90 && b < 90; }

/* How many of 8 samples on a circle of radius rad around p satisfy pred;
 * off 22.5° so that grid lines through the point are not sampled. */
static int ring_count(const image *img, int x, int y, float rad, bool (*pred)(int, int, int))
{
    int hits = 0;
    for (int k = 0; k < 8; k++) {
        float a = (float)(k * 45 + 22.5) * 3.14159265f / 180;
        int r, g, b;
        pixel(img, x + (int)lroundf(rad * cosf(a)), y + (int)lroundf(rad * sinf(a)), &r, &g, &b);
        hits += pred(r, g, b);
    }
    return hits;
}

/* ---- tests ------------------------------------------------------------- */

static void test_size_and_layout(void **state)
{
    (void)state;
    image img;
    layout L;
    render("render zhonggong --size 900x700", &img, &L);
    assert_int_equal(img.w, 900);
    assert_int_equal(img.h, 700);
    assert_int_equal(L.n, 81);
    assert_string_equal(L.p[0].name, "a1");
    assert_string_equal(L.p[80].name, "i9");
    /* Red's side at the bottom, files left to right, even spacing. */
    int c = spacing(&L);
    assert_true(c >= 30);
    assert_true(at(&L, "a1")->y > at(&L, "a9")->y);
    assert_int_equal(at(&L, "i1")->x - at(&L, "a1")->x, 8 * c);
    assert_int_equal(at(&L, "a1")->y - at(&L, "a9")->y, 8 * c);
    for (int i = 0; i < L.n; i++) assert_true(L.p[i].x > 0 && L.p[i].x < 900 && L.p[i].y > 0 && L.p[i].y < 700);
    free(img.rgb);

    render("render zhonggong", &img, &L);   /* default size */
    assert_int_equal(img.w, 1000);
    assert_int_equal(img.h, 760);
    free(img.rgb);
}

static void test_grid_lines_and_wood(void **state)
{
    (void)state;
    image img;
    layout L;
    render("render zhonggong", &img, &L);
    int c = spacing(&L), r, g, b;
    /* Rank 5 is empty: the line from b5 to c5, and the file from b5 to b6. */
    const point *b5 = at(&L, "b5"), *b6 = at(&L, "b6");
    for (int k = 2; k <= 8; k++) {
        pixel(&img, b5->x + c * k / 10, b5->y, &r, &g, &b);
        if (!is_line(r, g, b)) fail_msg("rank line at +%d/10: %d,%d,%d", k, r, g, b);
        pixel(&img, b5->x, b5->y - c * k / 10, &r, &g, &b);
        if (!is_line(r, g, b)) fail_msg("file line at +%d/10: %d,%d,%d", k, r, g, b);
    }
    /* Between the lines: wood. */
    pixel(&img, (b5->x + at(&L, "c5")->x) / 2, (b5->y + b6->y) / 2, &r, &g, &b);
    if (!is_wood(r, g, b)) fail_msg("square centre: %d,%d,%d", r, g, b);
    /* The palace's diagonal passes through the middle of d4-e5. */
    const point *d4 = at(&L, "d4"), *e5 = at(&L, "e5");
    pixel(&img, (d4->x + e5->x) / 2, (d4->y + e5->y) / 2, &r, &g, &b);
    if (!is_line(r, g, b)) fail_msg("palace diagonal: %d,%d,%d", r, g, b);
    /* No diagonal outside the palace. */
    const point *a5 = at(&L, "a5"), *b6p = at(&L, "b6");
    pixel(&img, (a5->x + b6p->x) / 2, (a5->y + b6p->y) / 2, &r, &g, &b);
    if (!is_wood(r, g, b)) fail_msg("no diagonal a5-b6: %d,%d,%d", r, g, b);
    free(img.rgb);
}

static void test_pieces_and_empty_points(void **state)
{
    (void)state;
    image img;
    layout L;
    render("render zhonggong --fen '" START_FEN "'", &img, &L);
    float rad = spacing(&L) * 0.455f * 0.78f;   /* the ring inside a piece */
    /* Red pieces show a red ring, black ones a dark ring, empty points wood. */
    const char *red[] = {"e4", "a1", "e2", "i3"}, *black[] = {"e6", "a9", "e8"}, *empty[] = {"b5", "e5", "h4", "c8"};
    for (size_t i = 0; i < sizeof red / sizeof *red; i++) {
        const point *p = at(&L, red[i]);
        int n = ring_count(&img, p->x, p->y, rad, is_red);
        if (n < 6) fail_msg("red piece at %s: %d/8 red samples", red[i], n);
    }
    for (size_t i = 0; i < sizeof black / sizeof *black; i++) {
        const point *p = at(&L, black[i]);
        int n = ring_count(&img, p->x, p->y, rad, is_dark);
        if (n < 6) fail_msg("black piece at %s: %d/8 dark samples", black[i], n);
        assert_int_equal(ring_count(&img, p->x, p->y, rad, is_red), 0);
    }
    for (size_t i = 0; i < sizeof empty / sizeof *empty; i++) {
        const point *p = at(&L, empty[i]);
        int n = ring_count(&img, p->x, p->y, rad, is_wood);
        if (n < 8) fail_msg("empty point %s: %d/8 wood samples", empty[i], n);
    }
    free(img.rgb);

    /* A position where d4 holds Red's general instead: the picture follows. */
    render("render zhonggong --fen 'rnbacabnr/4c4/p1p1p1p1p/4k4/9/3K5/P1P1P1P1P/4C4/RNBACABNR w - - 0 1'", &img, &L);
    const point *e4 = at(&L, "e4"), *d4 = at(&L, "d4");
    assert_true(ring_count(&img, e4->x, e4->y, rad, is_wood) == 8);
    assert_true(ring_count(&img, d4->x, d4->y, rad, is_red) >= 6);
    free(img.rgb);
}

static void test_flip_mirrors(void **state)
{
    (void)state;
    image a, b;
    layout La, Lb;
    render("render zhonggong", &a, &La);
    render("render zhonggong --flip", &b, &Lb);
    assert_int_equal(La.n, Lb.n);
    for (int i = 0; i < La.n; i++) {
        /* The flipped picture puts point (f, r) where (8-f, 8-r) was. */
        char m[8];
        snprintf(m, sizeof m, "%c%c", 'a' + ('i' - La.p[i].name[0]), '1' + ('9' - La.p[i].name[1]));
        const point *p = at(&Lb, La.p[i].name), *q = at(&La, m);
        if (p->x != q->x || p->y != q->y)
            fail_msg("flipped %s at %d,%d, unflipped %s at %d,%d", La.p[i].name, p->x, p->y, m, q->x, q->y);
    }
    assert_true(at(&Lb, "a1")->y < at(&Lb, "a9")->y);
    /* Red's general (e4) now sits above Black's (e6), still drawn red. */
    float rad = spacing(&La) * 0.455f * 0.78f;
    const point *e4 = at(&Lb, "e4");
    assert_true(e4->y < at(&Lb, "e6")->y);
    assert_true(ring_count(&b, e4->x, e4->y, rad, is_red) >= 6);
    free(a.rgb);
    free(b.rgb);
}

static void test_other_rulesets(void **state)
{
    (void)state;
    image img;
    layout L;
    /* Cells: tic-tac-toe's squares, X on a3, O on c3. */
    render("render tictactoe --fen 'X1o/1X1/2o w 4' --size 800x600", &img, &L);
    assert_int_equal(L.n, 9);
    assert_string_equal(L.p[8].name, "c3");
    int c = abs(at(&L, "b1")->x - at(&L, "a1")->x);
    float rad = c * 0.42f * 0.78f;
    const point *a3 = at(&L, "a3"), *b3 = at(&L, "b3"), *c3 = at(&L, "c3");
    assert_true(ring_count(&img, a3->x, a3->y, rad, is_red) >= 6);
    assert_true(ring_count(&img, c3->x, c3->y, rad, is_dark) >= 6);
    assert_int_equal(ring_count(&img, b3->x, b3->y, rad, is_wood), 8);
    /* A cell boundary halfway between a3 and b3 is a line. */
    int r, g, b;
    pixel(&img, (a3->x + b3->x) / 2, a3->y + c / 3, &r, &g, &b);
    assert_true(is_line(r, g, b));
    free(img.rgb);

    /* Xiangqi: 90 points, the river leaves the inner files unjoined. */
    render("render xiangqi", &img, &L);
    assert_int_equal(L.n, 90);
    const point *c5 = at(&L, "c5"), *c6 = at(&L, "c6"), *a5 = at(&L, "a5"), *a6 = at(&L, "a6");
    pixel(&img, c5->x, (c5->y + c6->y) / 2, &r, &g, &b);
    assert_false(is_line(r, g, b));
    pixel(&img, a5->x, (a5->y + a6->y) / 2, &r, &g, &b);
    assert_true(is_line(r, g, b));
    free(img.rgb);
}

static bool is_felt(int r, int g, int b) { return g > 90 && g > r + 40 && g > b + 30; }
static bool is_yellow(int r, int g, int b) { return r > 180 && g > 140 && b < 90; }
static bool is_blue(int r, int g, int b) { return b > 100 && b > r + 40 && b > g + 20; }

/* Each game's own board: Go's star points, reversi's felt, Connect Four's
 * red and yellow discs, a checkered board, and two sides named blue and
 * red drawn in those colours (not both red). */
static void test_board_looks(void **state)
{
    (void)state;
    image img;
    layout L;
    int r, g, b;
    render("render gomoku --fen '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 w 0'", &img, &L);
    int c = spacing(&L), off = c / 20 > 1 ? c / 20 : 2;
    const point *d4 = at(&L, "d4"), *e4 = at(&L, "e4"), *h8 = at(&L, "h8"), *l12 = at(&L, "l12");
    /* just off the crossing, inside the star point's disc; not at e4 */
    pixel(&img, d4->x + off, d4->y + off, &r, &g, &b);
    assert_true(is_line(r, g, b));
    pixel(&img, h8->x + off, h8->y - off, &r, &g, &b);
    assert_true(is_line(r, g, b));
    pixel(&img, l12->x - off, l12->y + off, &r, &g, &b);
    assert_true(is_line(r, g, b));
    pixel(&img, e4->x + off, e4->y + off, &r, &g, &b);
    assert_true(is_wood(r, g, b));
    free(img.rgb);

    render("render reversi --fen '8/8/8/8/8/8/8/8 w 0'", &img, &L);
    pixel(&img, at(&L, "a1")->x, at(&L, "a1")->y, &r, &g, &b);
    assert_true(is_felt(r, g, b));
    free(img.rgb);

    render("render connect4 --fen '7/7/7/7/7/2Xo3 w 2'", &img, &L);
    float rad = spacing(&L) * 0.42f * 0.6f;
    assert_true(ring_count(&img, at(&L, "c1")->x, at(&L, "c1")->y, rad, is_red) >= 6);
    assert_true(ring_count(&img, at(&L, "d1")->x, at(&L, "d1")->y, rad, is_yellow) >= 6);
    free(img.rgb);
}

/* Terrain from the rules, painted: Jungle's water, its traps and dens. */
static void test_terrain(void **state)
{
    (void)state;
    image img;
    layout L;
    int r, g, b;
    render("render jungle", &img, &L);   /* the start: b4, d1 and a2 are empty */
    pixel(&img, at(&L, "b4")->x, at(&L, "b4")->y, &r, &g, &b);
    if (!(b > r + 20)) fail_msg("b4 is not water: %d,%d,%d", r, g, b);
    pixel(&img, at(&L, "d1")->x, at(&L, "d1")->y, &r, &g, &b);
    assert_true(r > 200 && b < 110);               /* the den: gold */
    pixel(&img, at(&L, "a2")->x, at(&L, "a2")->y, &r, &g, &b);
    assert_true(is_wood(r, g, b));                 /* plain ground */
    free(img.rgb);
}

/* Hex: hexagons in a rhombus, each rank half a cell right of the one
 * below, the borders in their side's colour (Red the ranks, Blue the
 * files). */
static void test_hex_board(void **state)
{
    (void)state;
    image img;
    layout L;
    int r, g, b;
    render("render hex --fen '11/11/11/11/11/11/11/11/11/11/11 w 0'", &img, &L);
    const point *a1 = at(&L, "a1"), *a2 = at(&L, "a2"), *b1 = at(&L, "b1"), *c3 = at(&L, "c3");
    int c = abs(b1->x - a1->x);
    assert_true(abs((a2->x - a1->x) - c / 2) <= 1);   /* half a cell right */
    assert_true(abs((a1->y - a2->y) - (int)lroundf(c * 0.866f)) <= 1);   /* rows √3/2 apart */
    pixel(&img, b1->x, b1->y, &r, &g, &b);
    if (!(r > b + 40)) fail_msg("b1 is not Red's border: %d,%d,%d", r, g, b);
    pixel(&img, a2->x, a2->y, &r, &g, &b);
    if (!(b > r)) fail_msg("a2 is not Blue's border: %d,%d,%d", r, g, b);
    pixel(&img, c3->x, c3->y, &r, &g, &b);
    assert_true(is_wood(r, g, b));
    /* between two cells of a rank: the line of their shared side */
    pixel(&img, (c3->x + at(&L, "d3")->x) / 2, c3->y, &r, &g, &b);
    assert_true(is_line(r, g, b));
    free(img.rgb);
}

/* Graph boards: Nine Men's Morris marks its 24 points; 西瓜棋 draws the
 * links round its centre as arcs (on the circle, not on the chord). */
static void test_graph_boards(void **state)
{
    (void)state;
    image img;
    layout L;
    int r, g, b;
    render("render morris9", &img, &L);
    const point *b2 = at(&L, "b2"), *a1 = at(&L, "a1");
    int c = abs(b2->x - a1->x), off = c / 20 > 1 ? c / 20 : 2;
    pixel(&img, b2->x + off, b2->y + off, &r, &g, &b);   /* the dot, off its lines */
    assert_true(is_line(r, g, b));
    free(img.rgb);

    render("render xigua", &img, &L);   /* the start: the inner circle is empty */
    const point *d4 = at(&L, "d4"), *d5 = at(&L, "d5"), *e4 = at(&L, "e4");
    float rad = (float)(e4->x - d4->x);   /* the inner circle */
    int x = d4->x + (int)lroundf(rad * 0.7071f), y = d4->y - (int)lroundf(rad * 0.7071f);
    int hits = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            pixel(&img, x + dx, y + dy, &r, &g, &b);
            hits += is_line(r, g, b);
        }
    assert_true(hits > 0);   /* on the arc d5-e4 */
    pixel(&img, (d5->x + e4->x) / 2, (d5->y + e4->y) / 2, &r, &g, &b);
    assert_false(is_line(r, g, b));   /* not on the chord */
    free(img.rgb);
}

static void test_checkered_and_named_sides(void **state)
{
    (void)state;
    char path[64], cmd[1024];
    snprintf(path, sizeof path, "/tmp/qp_render_look_%d.png", (int)getpid());
    snprintf(cmd, sizeof cmd, "QIPAN_GAMES_PATH='%s/games' QIPAN_SCRIPTS='%s' '%s' render t_look --out %s --layout",
             QP_TESTDATA_DIR, QP_SCRIPTS_DIR, QIPAN_BIN, path);
    char *out, *err;
    int rc = tu_run_cmd(cmd, NULL, &out, &err);
    if (rc != 0) fail_msg("render failed (%d): %s", rc, err);
    layout L;
    image img;
    parse_layout(out, &L);
    read_png(path, &img);
    unlink(path);
    free(out);
    free(err);
    int r, g, b, r2, g2, bl2, c = spacing(&L);
    /* a1 dark, b2 dark, b1 light: sampled away from the pieces */
    const point *a2 = at(&L, "a2"), *b2 = at(&L, "b2"), *c1 = at(&L, "c1");
    pixel(&img, a2->x, a2->y, &r, &g, &b);
    pixel(&img, b2->x, b2->y, &r2, &g2, &bl2);
    assert_true(r + g + b > r2 + g2 + bl2 + 150);   /* a2 light, b2 dark */
    pixel(&img, c1->x, c1->y, &r2, &g2, &bl2);
    assert_true(r + g + b > r2 + g2 + bl2 + 150);   /* c1 dark */
    float rad = c * 0.42f * 0.6f;
    assert_true(ring_count(&img, at(&L, "a1")->x, at(&L, "a1")->y, rad, is_blue) >= 6);
    assert_true(ring_count(&img, at(&L, "b1")->x, at(&L, "b1")->y, rad, is_red) >= 6);
    free(img.rgb);
}

static void expect_error(const char *args, int status, const char *msg)
{
    char *out, *err;
    int rc = tu_run(args, NULL, &out, &err);
    if (rc != status) fail_msg("'%s': status %d, want %d (%s)", args, rc, status, err);
    if (!strstr(err, msg)) fail_msg("'%s': stderr '%s' lacks '%s'", args, err, msg);
    free(out);
    free(err);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    char path[64], args[256];
    snprintf(path, sizeof path, "/tmp/qp_render_bad_%d.png", (int)getpid());
    expect_error("render zhonggong", 2, "render: --out FILE.png is required");
    expect_error("render", 2, "usage: qipan render RULESET");
    snprintf(args, sizeof args, "render zhonggong --out %s --size 12x", path);
    expect_error(args, 2, "render: bad --size '12x' (want WxH");
    snprintf(args, sizeof args, "render zhonggong --out %s --size 100x100", path);
    expect_error(args, 2, "bad --size '100x100'");
    snprintf(args, sizeof args, "render nosuch --out %s", path);
    expect_error(args, 1, "unknown ruleset 'nosuch'");
    snprintf(args, sizeof args, "render zhonggong --fen 'rnbacabnr/9 w' --out %s", path);
    expect_error(args, 1, "FEN");
    snprintf(args, sizeof args, "render zhonggong --out %s --bogus", path);
    expect_error(args, 2, "unknown option '--bogus'");
    expect_error("render zhonggong --out /nonexistent-qp-dir/x.png", 1, "cannot write /nonexistent-qp-dir/x.png");
    assert_int_equal(access(path, F_OK), -1);   /* nothing written on errors */
    snprintf(args, sizeof args, "render zhonggong --out %s --resign green", path);
    expect_error(args, 2, "--resign must name a side of a two-player game, got 'green'");
    snprintf(args, sizeof args, "render zhonggong --out %s --resign", path);
    expect_error(args, 2, "render: --resign needs a side");
}

static bool is_card(int r, int g, int b) { return r > 240 && g > 232 && b > 214 && b < 234; }

/* Samples along the top inside edge of the end banner's card (1000x760:
 * the card is 620x190 in the middle, x 190..810, y 285..475): how many of
 * the 61 samples have the card's colour. */
static int banner_hits(const image *img)
{
    int hits = 0;
    for (int x = 200; x <= 800; x += 10) {
        int r, g, b;
        pixel(img, x, 291, &r, &g, &b);
        hits += is_card(r, g, b);
    }
    return hits;
}

static bool is_gold(int r, int g, int b) { return r > 200 && g > 130 && g < 215 && b < 90; }

/* Five soldiers: the five on the last rank are ringed in gold, no other
 * point is. */
static void test_decisive_points(void **state)
{
    (void)state;
    image img;
    layout L;
    render("render zhonggong --fen 'PPPPP4/9/9/4k4/9/4K4/9/9/9 b - - 0 1'", &img, &L);
    int c = spacing(&L);
    float pr = 0.455f * c, w = fmaxf(3.0f, pr * 0.14f), rad = pr + 2 + w / 2;
    const char *ringed[] = {"a9", "c9", "e9"}, *plain[] = {"g9", "i9", "a1"};
    for (int i = 0; i < 3; i++) {
        const point *p = at(&L, ringed[i]);
        if (ring_count(&img, p->x, p->y, rad, is_gold) < 6) fail_msg("%s is not ringed in gold", ringed[i]);
        p = at(&L, plain[i]);
        assert_int_equal(ring_count(&img, p->x, p->y, rad, is_gold), 0);
    }
    free(img.rgb);
}

static bool is_arrow(int r, int g, int b) { return r < 110 && g > 90 && g < 170 && b > 170; }
static bool is_bar_red(int r, int g, int b) { return r > 170 && r < 200 && g < 50 && b < 45; }

/* Red mates with the chariot g2g6 (the other guards rank 5): --hint draws the engine's move as an
 * arrow along the g file; --analysis adds the evaluation bar (a mate: all
 * Red) in the panel. */
static void test_hint_arrow_and_analysis_bar(void **state)
{
    (void)state;
    image plain, hint, an;
    layout L;
    const char *fen = "--fen '9/9/9/3k5/7R1/5K3/9/6R2/9 w - - 0 1'";
    char cmd[256];
    snprintf(cmd, sizeof cmd, "render zhonggong %s", fen);
    render(cmd, &plain, &L);
    snprintf(cmd, sizeof cmd, "render zhonggong %s --hint", fen);
    render(cmd, &hint, &L);
    snprintf(cmd, sizeof cmd, "render zhonggong %s --analysis", fen);
    render(cmd, &an, &L);
    const point *g4 = at(&L, "g4"), *g5 = at(&L, "g5"), *f4 = at(&L, "f4");
    int r, g, b, gap = spacing(&L) / 2;
    /* on the g file between the points: arrow in both, wood without */
    int ys[] = {g4->y - gap, g5->y - gap, g4->y + gap};
    for (int i = 0; i < 3; i++) {
        pixel(&hint, g4->x, ys[i], &r, &g, &b);
        if (!is_arrow(r, g, b)) fail_msg("no arrow at y %d: %d,%d,%d", ys[i], r, g, b);
        pixel(&an, g4->x, ys[i], &r, &g, &b);
        assert_true(is_arrow(r, g, b));
        pixel(&plain, g4->x, ys[i], &r, &g, &b);
        assert_false(is_arrow(r, g, b));
    }
    pixel(&hint, f4->x, f4->y - gap, &r, &g, &b);   /* not on the f file */
    assert_false(is_arrow(r, g, b));
    /* the bar: hundreds of pixels of Red's colour in the panel */
    int bar_plain = 0, bar_an = 0, bar_hint = 0;
    for (int y = 0; y < an.h; y++)
        for (int x = an.w * 2 / 3; x < an.w; x++) {
            pixel(&an, x, y, &r, &g, &b);
            bar_an += is_bar_red(r, g, b);
            pixel(&plain, x, y, &r, &g, &b);
            bar_plain += is_bar_red(r, g, b);
            pixel(&hint, x, y, &r, &g, &b);
            bar_hint += is_bar_red(r, g, b);
        }
    if (bar_an < bar_plain + 800) fail_msg("no evaluation bar: %d red pixels, %d without", bar_an, bar_plain);
    assert_int_equal(bar_hint, bar_plain);
    free(plain.rgb);
    free(hint.rgb);
    free(an.rgb);
}

/* Xiangqi's corner marks on the cannon and soldier points; the Kai piece
 * style draws other glyphs on the same pieces, and plain is the default. */
static void test_xiangqi_marks_and_kai_pieces(void **state)
{
    (void)state;
    image img, plain, kai;
    layout L;
    int r, g, b;
    render("render xiangqi --fen '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1'", &img, &L);
    int c = spacing(&L), gap = c / 14 > 2 ? c / 14 : 2, len = c / 5 > 4 ? c / 5 : 4;
    const point *b3 = at(&L, "b3"), *a4 = at(&L, "a4"), *b2 = at(&L, "b2");
    pixel(&img, b3->x + gap + len / 2, b3->y + gap, &r, &g, &b);
    if (!is_line(r, g, b)) fail_msg("no mark at b3: %d,%d,%d", r, g, b);
    pixel(&img, b3->x - gap - len / 2, b3->y - gap, &r, &g, &b);
    assert_true(is_line(r, g, b));
    pixel(&img, a4->x + gap + len / 2, a4->y + gap, &r, &g, &b);
    assert_true(is_line(r, g, b));
    pixel(&img, b2->x + gap + len / 2, b2->y + gap, &r, &g, &b);   /* not a marked point */
    assert_false(is_line(r, g, b));
    free(img.rgb);

    /* Without a Kai font (fonts-arphic-ukai) qipan says so: skipped here. */
    char *out, *err, cmd[128];
    snprintf(cmd, sizeof cmd, "render xiangqi --pieces kai --out /tmp/qp_render_kai_%d.png", (int)getpid());
    int rc = tu_run(cmd, NULL, &out, &err);
    unlink(cmd + strlen("render xiangqi --pieces kai --out "));
    bool no_kai = rc != 0 && strstr(err, "qipan: render: no Kai font (install fonts-arphic-ukai)\n");
    free(out);
    free(err);
    if (no_kai) {
        skip();
        return;
    }
    render("render xiangqi", &img, &L);
    render("render xiangqi --pieces plain", &plain, &L);
    render("render xiangqi --pieces kai", &kai, &L);
    assert_memory_equal(img.rgb, plain.rgb, (size_t)img.w * img.h * 3);
    const point *e1 = at(&L, "e1");
    int pr = (int)(0.4f * spacing(&L)), differ = 0;
    for (int y = e1->y - pr; y <= e1->y + pr; y++)
        for (int x = e1->x - pr; x <= e1->x + pr; x++) {
            int r2, g2, b2;
            pixel(&plain, x, y, &r, &g, &b);
            pixel(&kai, x, y, &r2, &g2, &b2);
            differ += abs(r - r2) + abs(g - g2) + abs(b - b2) > 60;
        }
    if (differ < 40) fail_msg("the Kai glyph looks like the plain one (%d pixels differ)", differ);
    free(img.rgb);
    free(plain.rgb);
    free(kai.rgb);
}

static void test_end_banner(void **state)
{
    (void)state;
    image img;
    layout L;
    render("render zhonggong", &img, &L);   /* game on: no banner */
    assert_true(banner_hits(&img) < 5);
    free(img.rgb);
    render("render zhonggong --resign red", &img, &L);
    assert_int_equal(banner_hits(&img), 61);
    free(img.rgb);
    /* Decided by the position: five red soldiers on the last rank. */
    render("render zhonggong --fen 'PPPPP4/9/9/4k4/9/4K4/9/9/9 b - - 0 1'", &img, &L);
    assert_int_equal(banner_hits(&img), 61);
    free(img.rgb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_and_layout),
        cmocka_unit_test(test_grid_lines_and_wood),
        cmocka_unit_test(test_pieces_and_empty_points),
        cmocka_unit_test(test_flip_mirrors),
        cmocka_unit_test(test_other_rulesets),
        cmocka_unit_test(test_board_looks),
        cmocka_unit_test(test_checkered_and_named_sides),
        cmocka_unit_test(test_terrain),
        cmocka_unit_test(test_hex_board),
        cmocka_unit_test(test_graph_boards),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_end_banner),
        cmocka_unit_test(test_decisive_points),
        cmocka_unit_test(test_hint_arrow_and_analysis_bar),
        cmocka_unit_test(test_xiangqi_marks_and_kai_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
