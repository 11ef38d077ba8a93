/*
 * test_fileio.c — bounded reads and atomic saves: limits, hostile links,
 * kept permissions, no temporary file left behind (not even by a killed
 * save), FIFOs and devices refused without blocking.
 */
#include "testutil.h"
#include "config.h"
#include "fileio.h"
#include "record.h"
#include "record_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[64];

static int setup(void **st)
{
    (void)st;
    snprintf(dir, sizeof dir, "/tmp/qp_fileio_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **st)
{
    (void)st;
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[512];
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]))) continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d) closedir(d);
    rmdir(dir);
    return 0;
}

static const char *in_dir(const char *name)
{
    static char p[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The whole file as a string (static), through the API under test. */
static const char *get(const char *path)
{
    static char copy[4096];
    char *buf, err[QP_ERR];
    size_t len;
    if (qp_file_read(path, sizeof copy - 1, &buf, &len, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(strlen(buf), len);
    snprintf(copy, sizeof copy, "%s", buf);
    free(buf);
    return copy;
}

static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    while (readdir(d)) n++;
    closedir(d);
    return n - 2;
}

static bool present(const char *name)
{
    struct stat sb;
    return lstat(in_dir(name), &sb) == 0;
}

static void test_read(void **st)
{
    (void)st;
    char *buf, err[QP_ERR];
    size_t len = 99;
    put(in_dir("a.txt"), "hello\n");
    assert_string_equal(get(in_dir("a.txt")), "hello\n");
    put(in_dir("empty"), "");
    assert_int_equal(qp_file_read(in_dir("empty"), 10, &buf, &len, err, sizeof err), 0);
    assert_int_equal(len, 0);
    assert_string_equal(buf, "");
    free(buf);
    /* exactly max bytes fit; one more does not */
    assert_int_equal(qp_file_read(in_dir("a.txt"), 6, &buf, NULL, err, sizeof err), 0);
    free(buf);
    assert_int_equal(qp_file_read(in_dir("a.txt"), 5, &buf, &len, err, sizeof err), -1);
    assert_null(buf);
    char want[300];
    snprintf(want, sizeof want, "%s: larger than 5 bytes", in_dir("a.txt"));
    assert_string_equal(err, want);
    /* issue 11: /dev/zero was read without limit; issue 43: devices are
     * no files to read */
    assert_int_equal(qp_file_read("/dev/zero", 1000, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/dev/zero: is a device, not a regular file");
    assert_null(buf);
    assert_int_equal(qp_file_read("/dev/null", 1000, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/dev/null: is a device, not a regular file");
    assert_int_equal(qp_file_read("/nonexistent/x", 10, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/x: No such file or directory");
    assert_int_equal(qp_file_read("/", 10, &buf, &len, err, sizeof err), -1);
    assert_string_equal(err, "/: Is a directory");
}

static void test_save(void **st)
{
    (void)st;
    char err[QP_ERR];
    const char *p = in_dir("game.txt");
    mode_t old = umask(022);
    assert_int_equal(qp_file_save(p, "one\n", 4, err, sizeof err), 0);
    assert_string_equal(get(p), "one\n");
    struct stat sb;
    assert_int_equal(stat(p, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0644);   /* new: as the umask says */
    /* issue 11: a 600 file stays 600 */
    assert_int_equal(chmod(p, 0600), 0);
    assert_int_equal(qp_file_save(p, "two, longer\n", 12, err, sizeof err), 0);
    assert_string_equal(get(p), "two, longer\n");
    assert_int_equal(stat(p, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0600);
    assert_int_equal(qp_file_save(p, "3", 1, err, sizeof err), 0);
    assert_string_equal(get(p), "3");
    assert_int_equal(entries(), 1);   /* no temporary file left */
    umask(old);
    unlink(p);
}

static void test_links(void **st)
{
    (void)st;
    char err[QP_ERR];
    const char *notes = in_dir("notes.txt"), *game = in_dir("game.txt");
    put(notes, "my notes\n");
    /* issue 11: a planted game.txt.tmp link made the save overwrite notes */
    assert_int_equal(symlink(notes, in_dir("game.txt.tmp")), 0);
    assert_int_equal(qp_file_save(game, "game\n", 5, err, sizeof err), 0);
    assert_string_equal(get(notes), "my notes\n");
    assert_string_equal(get(game), "game\n");
    /* a link at the target itself is replaced, never written through */
    unlink(game);
    assert_int_equal(symlink(notes, game), 0);
    assert_int_equal(qp_file_save(game, "game 2\n", 7, err, sizeof err), 0);
    assert_string_equal(get(notes), "my notes\n");
    struct stat sb;
    assert_int_equal(lstat(game, &sb), 0);
    assert_true(S_ISREG(sb.st_mode));
    assert_string_equal(get(game), "game 2\n");
    assert_int_equal(entries(), 3);   /* notes, game, the planted link */
}

static void test_save_errors(void **st)
{
    (void)st;
    char err[QP_ERR];
    assert_int_equal(qp_file_save("/nonexistent/dir/x.txt", "x", 1, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/dir/x.txt: No such file or directory");
    assert_int_equal(qp_file_save(dir, "x", 1, err, sizeof err), -1);
    char want[128];
    snprintf(want, sizeof want, "%s: Is a directory", dir);
    assert_string_equal(err, want);
    /* a device is refused, not written or replaced */
    assert_int_equal(qp_file_save("/dev/null", "x", 1, err, sizeof err), -1);
    assert_string_equal(err, "/dev/null: is a device, not a regular file");
    struct stat sb;
    assert_int_equal(stat("/dev/null", &sb), 0);
    assert_true(S_ISCHR(sb.st_mode));
    /* a relative name saves in the current folder */
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    assert_int_equal(qp_file_save("rel.txt", "r", 1, err, sizeof err), 0);
    assert_int_equal(chdir(cwd), 0);
    assert_string_equal(get(in_dir("rel.txt")), "r");
}

/* Issue 43: a FIFO given as a config, record or save target blocked for
 * ever.  Every way in refuses it at once (the alarm ends a regression
 * instead of hanging the suite), and it stays a FIFO. */
static void test_fifo_and_socket(void **st)
{
    (void)st;
    char err[QP_ERR], want[300], *buf = NULL;
    const char *fifo = in_dir("game.fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    snprintf(want, sizeof want, "%s: is a FIFO, not a regular file", fifo);
    alarm(20);
    assert_int_equal(qp_file_read(fifo, 1000, &buf, NULL, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_null(buf);
    assert_int_equal(qp_file_save(fifo, "x", 1, err, sizeof err), -1);
    assert_string_equal(err, want);
    qp_config cfg;
    assert_int_equal(qp_config_load(&cfg, fifo, err, sizeof err), -1);
    assert_string_equal(err, want);
    qp_record rec;
    assert_int_equal(qp_record_read(&rec, fifo, err, sizeof err), -1);
    assert_string_equal(err, want);
    /* a reader waiting on the other end changes nothing */
    pid_t pid = fork();
    if (pid == 0) {
        int fd = open(fifo, O_RDONLY);   /* blocks until the parent's open, if any */
        char c;
        _exit(fd >= 0 && read(fd, &c, 1) == 1 ? 1 : 0);
    }
    assert_int_equal(qp_file_save(fifo, "x", 1, err, sizeof err), -1);
    assert_string_equal(err, want);
    int unblock = open(fifo, O_WRONLY);   /* lets the child's open return; it reads EOF */
    close(unblock);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);   /* no byte reached it */
    alarm(0);
    struct stat sb;
    assert_int_equal(lstat(fifo, &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));

    /* a socket */
    const char *sock = in_dir("game.sock");
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    snprintf(want, sizeof want, "%s: is a socket, not a regular file", sock);
    assert_int_equal(qp_file_read(sock, 1000, &buf, NULL, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_int_equal(qp_file_save(sock, "x", 1, err, sizeof err), -1);
    assert_string_equal(err, want);
    close(fd);
    assert_int_equal(entries(), 2);   /* nothing else was created */
}

/* qp_file_open, the window's and the PNG writer's fopen: regular files
 * only, never blocking on a FIFO, never following a link when writing. */
static void test_file_open(void **st)
{
    (void)st;
    const char *fifo = in_dir("state.window"), *tmp = in_dir("x.png.tmp"), *plain = in_dir("settings");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(mkfifo(tmp, 0600), 0);
    alarm(20);
    errno = 0;
    assert_null(qp_file_open(fifo, "r"));
    assert_int_equal(errno, EINVAL);
    errno = 0;
    assert_null(qp_file_open(tmp, "wb"));
    assert_int_equal(errno, EINVAL);
    errno = 0;
    assert_null(qp_file_open("/dev/null", "w"));
    assert_int_equal(errno, EINVAL);
    errno = 0;
    assert_null(qp_file_open(dir, "r"));
    assert_int_equal(errno, EISDIR);
    errno = 0;
    assert_null(qp_file_open(in_dir("missing"), "r"));
    assert_int_equal(errno, ENOENT);
    alarm(0);
    FILE *f = qp_file_open(plain, "w");
    assert_non_null(f);
    fputs("size 800x600\n", f);
    assert_int_equal(fclose(f), 0);
    f = qp_file_open(plain, "r");
    assert_non_null(f);
    char line[64];
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "size 800x600\n");
    fclose(f);
    assert_int_equal(symlink(plain, in_dir("link")), 0);
    assert_null(qp_file_open(in_dir("link"), "w"));
    assert_string_equal(get(plain), "size 800x600\n");
}

/* The window of `qipan render`: a FIFO where the PNG writer puts its
 * temporary file made it wait for ever. */
static void test_render_fifo(void **st)
{
    (void)st;
    assert_int_equal(mkfifo(in_dir("x.png.tmp"), 0600), 0);
    char cmd[512], *out = NULL, *errout = NULL, want[300];
    snprintf(cmd, sizeof cmd, "timeout 60 '%s' render tictactoe --out '%s'", QIPAN_BIN, in_dir("x.png"));
    assert_int_equal(tu_run_cmd(cmd, NULL, &out, &errout), 1);
    snprintf(want, sizeof want, "qipan: cannot write %s: Invalid argument\n", in_dir("x.png"));
    assert_string_equal(errout, want);
    assert_false(present("x.png"));
    free(out);
    free(errout);
}

/* A pid no process has: a child that has exited and been waited for. */
static pid_t dead_pid(void)
{
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    assert_int_equal(waitpid(pid, NULL, 0), pid);
    return pid;
}

/* Plants name in the folder, last written at t (seconds since 1970). */
static void plant(const char *name, time_t t)
{
    put(in_dir(name), "half a save");
    struct timespec ts[2] = {{.tv_sec = t}, {.tv_sec = t}};
    assert_int_equal(utimensat(AT_FDCWD, in_dir(name), ts, 0), 0);
}

/* Issue 43: kill -9 during saves left hidden temporary files for good.
 * The next save into the folder removes the stale ones of qipan's naming
 * and nothing else: not one whose writer lives or that was written in the
 * last minute (a save under way), not a link, not someone's dotfile. */
static void test_stale_temps(void **st)
{
    (void)st;
    char err[QP_ERR], name[12][128];
    long dead = (long)dead_pid(), alive = (long)getppid();
    const time_t old = 1000000000;   /* 2001: long before any test runs */
    snprintf(name[0], 128, ".game.txt.qipan-%ld-AbC123", dead);    /* stale: removed */
    snprintf(name[1], 128, ".other.pgn.qipan-%ld-zzzzzz", dead);   /* another target's: removed */
    snprintf(name[2], 128, ".game.txt.qipan-%ld-AbC123", alive);   /* its writer lives */
    snprintf(name[3], 128, ".game.txt.qipan-%ld-AbC124", dead);    /* written just now */
    snprintf(name[4], 128, ".game.txt.qipan-%ld-AbC12", dead);     /* not our form: 5 letters */
    snprintf(name[5], 128, ".game.txt.qipan-%ld-AbC12!", dead);    /* not our form */
    snprintf(name[6], 128, "game.txt.qipan-%ld-AbC123", dead);     /* not hidden */
    snprintf(name[7], 128, ".game.txt.AbC123");                    /* the old naming: could be anyone's */
    snprintf(name[8], 128, ".notes");
    snprintf(name[9], 128, ".game.txt.qipan-%ld-link00", dead);    /* a link */
    for (int i = 0; i < 9; i++) plant(name[i], i == 3 ? time(NULL) : old);
    assert_int_equal(symlink(in_dir(".notes"), in_dir(name[9])), 0);
    assert_int_equal(entries(), 10);
    assert_int_equal(qp_file_save(in_dir("game.txt"), "saved\n", 6, err, sizeof err), 0);
    assert_string_equal(get(in_dir("game.txt")), "saved\n");
    assert_false(present(name[0]));
    assert_false(present(name[1]));
    for (int i = 2; i < 10; i++)
        if (!present(name[i])) fail_msg("%s was removed", name[i]);
    assert_int_equal(entries(), 9);   /* 8 kept and the saved game */
    assert_string_equal(get(in_dir(".notes")), "half a save");
}

/* issue 11 through the console's and window's save: qp_record_save. */
static void test_record_save(void **st)
{
    (void)st;
    qp_registry reg;
    tu_registry(&reg);
    qp_rules *r = tu_rules(&reg, "xiangqi");
    qp_game g;
    char err[QP_ERR];
    assert_int_equal(qp_game_init(&g, r, NULL, err, sizeof err), 0);
    assert_int_equal(qp_game_play_text(&g, "h3e3", err, sizeof err), 0);
    const char *notes = in_dir("notes.txt"), *game = in_dir("game.txt");
    put(notes, "my notes\n");
    assert_int_equal(symlink(notes, in_dir("game.txt.tmp")), 0);
    put(game, "old game\n");
    assert_int_equal(chmod(game, 0600), 0);
    assert_int_equal(qp_record_save(&g, game, err, sizeof err), 0);
    assert_string_equal(get(notes), "my notes\n");
    assert_non_null(strstr(get(game), "[Ruleset \"xiangqi\"]\n"));
    assert_non_null(strstr(get(game), "1. h3e3\n"));
    struct stat sb;
    assert_int_equal(stat(game, &sb), 0);
    assert_int_equal(sb.st_mode & 07777, 0600);
    assert_int_equal(entries(), 3);
    qp_game_free(&g);
    qp_rules_free(r);
    qp_registry_free(&reg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_read, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save, setup, teardown),
        cmocka_unit_test_setup_teardown(test_links, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_record_save, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fifo_and_socket, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stale_temps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_open, setup, teardown),
        cmocka_unit_test_setup_teardown(test_render_fifo, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
