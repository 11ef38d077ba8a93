/*
 * test_gui_fullscreen.c — F11 makes the window draw the whole screen.
 *
 * A bare X server has no window manager, and without one SDL's full-screen
 * request changes nothing; so this suite starts a small one (evilwm, which
 * honours _NET_WM_STATE_FULLSCREEN) on a private Xvfb whose screen is kept
 * in a file (-fbdir), opens `qipan play zhonggong` at 900x700 and presses
 * F11.  The window must then report a frame of the screen's size, the X
 * server must give it the whole screen, and the screen's pixels must be
 * the picture `qipan render` draws off-screen at that size: the layout
 * uses the whole output and nothing is cut or left from the smaller
 * window.  F11 again brings back the 900x700 window.  Skipped, saying
 * why, without Xvfb, xdotool or evilwm.
 */
#include "testutil.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SCREEN_W 1280
#define SCREEN_H 1024
#define GRACE_MS 2500

static bool have(const char *prog)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
    return system(cmd) == 0;
}

typedef struct image {
    int w, h;
    unsigned char *rgb;   /* w*h*3 */
} image;

static unsigned be32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

static int mask_shift(unsigned m)
{
    int s = 0;
    while (m && !(m & 1)) {
        m >>= 1;
        s++;
    }
    return s;
}

/* The screen as Xvfb keeps it under -fbdir: an XWD file (a header of
 * big-endian 32-bit fields, a colour map, then rows of 32-bit pixels in the
 * header's byte order, channels by its masks).  False if it is not one. */
static bool read_screen(const char *path, image *img)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    unsigned char h[100];
    bool ok = fread(h, 1, sizeof h, f) == sizeof h;
    unsigned hsize = be32(h), w = be32(h + 16), ht = be32(h + 20), order = be32(h + 28), bpp = be32(h + 44),
             bpl = be32(h + 48), rm = be32(h + 56), gm = be32(h + 60), bm = be32(h + 64), ncolors = be32(h + 76);
    ok = ok && bpp == 32 && w == SCREEN_W && ht == SCREEN_H && bpl >= w * 4 && rm == 0xff0000 && gm == 0xff00 &&
         bm == 0xff;
    unsigned char *row = ok ? malloc(bpl) : NULL;
    img->w = (int)w;
    img->h = (int)ht;
    img->rgb = ok ? malloc((size_t)w * ht * 3) : NULL;
    ok = ok && row && img->rgb && fseek(f, (long)hsize + (long)ncolors * 12, SEEK_SET) == 0;
    for (unsigned y = 0; ok && y < ht; y++) {
        if (fread(row, 1, bpl, f) != bpl) ok = false;
        for (unsigned x = 0; ok && x < w; x++) {
            const unsigned char *p = row + x * 4;
            unsigned v = order == 0 ? (unsigned)p[3] << 24 | (unsigned)p[2] << 16 | (unsigned)p[1] << 8 | p[0]
                                    : be32(p);
            unsigned char *o = img->rgb + ((size_t)y * w + x) * 3;
            o[0] = (unsigned char)((v & rm) >> mask_shift(rm));
            o[1] = (unsigned char)((v & gm) >> mask_shift(gm));
            o[2] = (unsigned char)((v & bm) >> mask_shift(bm));
        }
    }
    free(row);
    fclose(f);
    if (!ok) {
        free(img->rgb);
        img->rgb = NULL;
    }
    return ok;
}

static void read_png(const char *path, image *img)
{
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&pi, path)) fail_msg("cannot read %s: %s", path, pi.message);
    pi.format = PNG_FORMAT_RGB;
    img->w = (int)pi.width;
    img->h = (int)pi.height;
    img->rgb = malloc(PNG_IMAGE_SIZE(pi));
    if (!img->rgb || !png_image_finish_read(&pi, NULL, img->rgb, 0, NULL))
        fail_msg("cannot decode %s: %s", path, pi.message);
}

/* Per mille of the pixels of a and b (the same size) that differ clearly
 * in a channel: antialiasing and the pointer give a few, a picture laid
 * out for another size or shifted gives hundreds. */
static int differ_permille(const image *a, const image *b)
{
    if (a->w != b->w || a->h != b->h) return 1000;
    long n = (long)a->w * a->h, bad = 0;
    for (long i = 0; i < n; i++) {
        const unsigned char *p = a->rgb + i * 3, *q = b->rgb + i * 3;
        for (int c = 0; c < 3; c++)
            if (abs(p[c] - q[c]) > 48) {
                bad++;
                break;
            }
    }
    return (int)(bad * 1000 / n);
}

typedef struct fenv {
    char dir[64], display[32], fb[96], win[32];
    pid_t xvfb, wm, play;
    size_t seen;          /* log bytes already matched */
    char why[512];        /* the first failure, "" while all is well */
} fenv;

static pid_t spawn(const fenv *e, const char *const *argv, const char *log)
{
    pid_t pid = fork();
    if (pid == 0) {
        for (int fd = 3; fd < 1024; fd++) close(fd);
        setenv("DISPLAY", e->display, 1);
        unsetenv("WAYLAND_DISPLAY");
        unsetenv("SDL_VIDEODRIVER");
        setenv("SDL_AUDIODRIVER", "dummy", 1);
        setenv("QIPAN_GUI_LOG", "1", 1);
        setenv("ASAN_OPTIONS", "detect_leaks=0", 1);   /* X11 and Mesa leak at exit: not ours */
        int out = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644), null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(out, 1);
        dup2(out, 2);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    return pid;
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf = calloc(1, 65536);
    if (f && buf) buf[fread(buf, 1, 65535, f)] = 0;
    if (f) fclose(f);
    return buf;
}

/* Waits up to 60 s for needle in the window's log after what earlier
 * waits matched. */
static bool wait_log(fenv *e, const char *needle)
{
    char path[96];
    snprintf(path, sizeof path, "%s/play.log", e->dir);
    for (int i = 0; !e->why[0] && i < 1200; i++) {
        char *s = read_all(path);
        const char *hit = s && e->seen <= strlen(s) ? strstr(s + e->seen, needle) : NULL;
        if (hit) e->seen = (size_t)(hit - s) + strlen(needle);
        free(s);
        if (hit) return true;
        tu_sleep_ms(50);
    }
    if (!e->why[0]) snprintf(e->why, sizeof e->why, "the window never reported '%s'", needle);
    return false;
}

static const char *xdo(const fenv *e, const char *args)
{
    return tu_xdotool(e->display, args);
}

static void key(fenv *e, const char *k)
{
    char args[96];
    snprintf(args, sizeof args, "key --window %s %s", e->win, k);
    if (!e->why[0]) xdo(e, args);
}

/* Polls (the X server and the window settle asynchronously) until the
 * window's geometry is w x h at x, y. */
static bool wait_geometry(fenv *e, int want_x, int want_y, int want_w, int want_h)
{
    char args[96], last[256] = "";
    snprintf(args, sizeof args, "getwindowgeometry %s", e->win);
    for (int i = 0; !e->why[0] && i < 100; i++) {
        const char *g = xdo(e, args);
        int x = -1, y = -1, w = 0, h = 0;
        const char *pos = strstr(g, "Position: "), *geo = strstr(g, "Geometry: ");
        if (pos) sscanf(pos, "Position: %d,%d", &x, &y);
        if (geo) sscanf(geo, "Geometry: %dx%d", &w, &h);
        if (w == want_w && h == want_h && (want_x < 0 || (x == want_x && y == want_y))) return true;
        snprintf(last, sizeof last, "%s", g);
        tu_sleep_ms(100);
    }
    if (!e->why[0]) snprintf(e->why, sizeof e->why, "the window's geometry is not %dx%d: %s", want_w, want_h, last);
    return false;
}

/* Polls the screen until it matches ref within limit per mille (the frame
 * is presented after it is logged); the last measure goes to *got. */
static bool screen_matches(const fenv *e, const image *ref, int limit, int *got)
{
    *got = 1000;
    for (int i = 0; i < 50; i++) {
        image s;
        if (read_screen(e->fb, &s)) {
            *got = differ_permille(&s, ref);
            free(s.rgb);
            if (*got <= limit) return true;
        }
        tu_sleep_ms(100);
    }
    return false;
}

static void test_f11_fills_the_screen(void **state)
{
    (void)state;
    fenv e;
    memset(&e, 0, sizeof e);
    snprintf(e.dir, sizeof e.dir, "/tmp/qp_fs_XXXXXX");
    if (!mkdtemp(e.dir)) fail_msg("mkdtemp: %s", strerror(errno));
    snprintf(e.fb, sizeof e.fb, "%s/Xvfb_screen0", e.dir);
    /* The window and render read the same fresh settings. */
    char path[160], cmd[256], log[96], *out = NULL, *err = NULL;
    snprintf(path, sizeof path, "%s/data", e.dir);
    setenv("XDG_DATA_HOME", path, 1);
    snprintf(path, sizeof path, "%s/config", e.dir);
    setenv("XDG_CONFIG_HOME", path, 1);
    setenv("HOME", e.dir, 1);
    snprintf(log, sizeof log, "%s/play.log", e.dir);

    /* The picture the whole screen must show, drawn off-screen. */
    image full = {0};
    snprintf(cmd, sizeof cmd, "render zhonggong --size %dx%d --out %s/full.png", SCREEN_W, SCREEN_H, e.dir);
    if (tu_run(cmd, NULL, &out, &err) != 0) fail_msg("render failed: %s", err);
    snprintf(path, sizeof path, "%s/full.png", e.dir);
    read_png(path, &full);
    free(out);
    free(err);

    if (tu_start_xvfb_fb(&e.xvfb, e.display, sizeof e.display, e.dir)) fail_msg("Xvfb did not start");
    const char *wm_argv[] = {"evilwm", NULL};
    e.wm = spawn(&e, wm_argv, log);
    /* the manager is up before the window starts (SDL asks for one at
     * start): xdotool reads the current desktop only from a manager */
    for (int i = 0; i < 100; i++) {
        snprintf(cmd, sizeof cmd, "DISPLAY=%s xdotool get_desktop >/dev/null 2>&1", e.display);
        if (system(cmd) == 0) break;
        tu_sleep_ms(100);
    }
    const char *play_argv[] = {QIPAN_BIN, "play", "zhonggong", "--size", "900x700", "--ai", "none", NULL};
    e.play = spawn(&e, play_argv, log);
    if (!tu_find_window(e.display, e.win, sizeof e.win, 60000)) snprintf(e.why, sizeof e.why, "no qipan window");
    wait_log(&e, "start: ");
    wait_log(&e, "frame: 900x700\n");

    int before = 0, after = 0;
    /* A 900x700 window on the screen is far from the full picture: the
     * measure tells the two apart. */
    if (!e.why[0] && screen_matches(&e, &full, 250, &before))
        snprintf(e.why, sizeof e.why, "the 900x700 window already shows the full picture (%d per mille differ)", before);
    key(&e, "F11");
    wait_log(&e, "frame: 1280x1024\n");
    wait_geometry(&e, 0, 0, SCREEN_W, SCREEN_H);
    if (!e.why[0] && !screen_matches(&e, &full, 10, &after))
        snprintf(e.why, sizeof e.why, "in full screen %d per mille of the screen differ from render at %dx%d", after,
                 SCREEN_W, SCREEN_H);
    if (!e.why[0] && e.play > 0) {
        /* keep what the screen showed, for a look after a failure */
        snprintf(cmd, sizeof cmd, "cp '%s' '%s/fullscreen.xwd'", e.fb, e.dir);
        if (system(cmd) != 0) snprintf(e.why, sizeof e.why, "cannot copy the screen");
    }
    key(&e, "F11");
    wait_log(&e, "frame: 900x700\n");
    wait_geometry(&e, -1, -1, 900, 700);
    key(&e, "q");
    if (!e.why[0] && tu_wait_exit(e.play, 30000, GRACE_MS) != 0)
        snprintf(e.why, sizeof e.why, "the window did not close cleanly on q");
    else if (e.why[0] && e.play > 0)
        tu_stop(e.play, GRACE_MS);
    tu_stop(e.wm, GRACE_MS);
    tu_stop(e.xvfb, GRACE_MS);
    char *all = read_all(log);
    if (!e.why[0] && all && (strstr(all, "runtime error") || strstr(all, "AddressSanitizer")))
        snprintf(e.why, sizeof e.why, "a sanitizer reported an error");
    if (e.why[0]) fail_msg("%s (kept in %s); the log: %s", e.why, e.dir, all ? all : "");
    print_message("measured: %d per mille of the screen differ from the full picture with the 900x700 window, "
                  "%d in full screen\n", before, after);
    free(all);
    free(full.rgb);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", e.dir);
    if (system(cmd) != 0) fail_msg("cleanup %s", e.dir);
}

int main(void)
{
    const char *need[] = {"Xvfb", "xdotool", "evilwm"};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!have(need[i])) {
            printf("# skipped: %s is needed (setup.sh installs it)\n", need[i]);
            return TU_SKIPPED;
        }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f11_fills_the_screen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
