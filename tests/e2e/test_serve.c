/*
 * test_serve.c — `qipan serve` (frontends/cli/serve.h): the request path
 * mapping and MIME types as functions, then the server as a client sees it
 * over a socket: files with their types and the isolation headers, HEAD,
 * 404, 405, traversal and links out refused, an oversized head, and a
 * silent client that does not hold up another.  Needs no emscripten: it
 * serves a folder the test writes.
 */
#include "testutil.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "serve.h"

/* ---- the functions ---------------------------------------------------- */

static void test_mime_types(void **st)
{
    (void)st;
    assert_string_equal(sv_mime_type("qipan.wasm"), "application/wasm");
    assert_string_equal(sv_mime_type("/x/qipan.js"), "text/javascript; charset=utf-8");
    assert_string_equal(sv_mime_type("index.html"), "text/html; charset=utf-8");
    assert_string_equal(sv_mime_type("manifest.webmanifest"), "application/manifest+json");
    assert_string_equal(sv_mime_type("icons/icon-192.PNG"), "image/png");
    assert_string_equal(sv_mime_type("qipan.data"), "application/octet-stream");
    assert_string_equal(sv_mime_type("README"), "application/octet-stream");
    assert_string_equal(sv_mime_type("a.b/README"), "application/octet-stream");   /* a dot in a folder */
}

static void test_map_path(void **st)
{
    (void)st;
    char out[256];
    assert_int_equal(sv_map_path("/r", "/", out, sizeof out), 0);
    assert_string_equal(out, "/r/index.html");
    assert_int_equal(sv_map_path("/r", "/a/b.js?v=1#top", out, sizeof out), 0);
    assert_string_equal(out, "/r/a/b.js");
    assert_int_equal(sv_map_path("/r", "/a//./b%20c.txt", out, sizeof out), 0);
    assert_string_equal(out, "/r/a/b c.txt");
    assert_int_equal(sv_map_path("/r", "/icons/", out, sizeof out), 0);
    assert_string_equal(out, "/r/icons/index.html");
    /* refused: a ".." segment however spelt, no leading slash, NUL, bad escapes */
    assert_int_equal(sv_map_path("/r", "/../etc/passwd", out, sizeof out), 400);
    assert_int_equal(sv_map_path("/r", "/a/%2e%2e/%2E%2E/x", out, sizeof out), 400);
    assert_int_equal(sv_map_path("/r", "/a/..", out, sizeof out), 400);
    assert_int_equal(sv_map_path("/r", "/a\\..\\x", out, sizeof out), 400);
    assert_int_equal(sv_map_path("/r", "http://x/", out, sizeof out), 400);
    assert_int_equal(sv_map_path("/r", "/a%00b", out, sizeof out), 400);
    assert_int_equal(sv_map_path("/r", "/a%4", out, sizeof out), 400);
    /* "..." and "..x" are names like any other */
    assert_int_equal(sv_map_path("/r", "/.../..x", out, sizeof out), 0);
    assert_string_equal(out, "/r/.../..x");
    char small[12];
    assert_int_equal(sv_map_path("/r", "/a-long-name.html", small, sizeof small), 414);
}

/* ---- the server over a socket ----------------------------------------- */

typedef struct served {
    char dir[64];
    pid_t pid;
    int port;
    FILE *out;   /* the server's stdout */
} served;

static void write_file(const char *dir, const char *name, const char *text)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A folder with a page, a wasm file, a subfolder, and a link out of it;
 * a secret file beside the folder; the server on a free port. */
static int setup(void **state)
{
    served *s = calloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/qp_serve_XXXXXX");
    if (!mkdtemp(s->dir)) return -1;
    char p[256];
    snprintf(p, sizeof p, "%s/www", s->dir);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/www/sub", s->dir);
    mkdir(p, 0700);
    write_file(s->dir, "secret.txt", "not for the web\n");
    write_file(s->dir, "www/index.html", "<p>board</p>\n");
    write_file(s->dir, "www/qipan.wasm", "\x01wasm");
    write_file(s->dir, "www/sub/index.html", "sub\n");
    char target[256];
    snprintf(target, sizeof target, "%s/secret.txt", s->dir);
    snprintf(p, sizeof p, "%s/www/out.txt", s->dir);
    if (symlink(target, p) != 0) return -1;
    snprintf(p, sizeof p, "%s/www/sub/same.wasm", s->dir);
    if (symlink("../qipan.wasm", p) != 0) return -1;   /* a link that stays inside is served */

    int fds[2];
    if (pipe(fds) != 0) return -1;
    snprintf(p, sizeof p, "%s/www", s->dir);
    s->pid = fork();
    if (s->pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execl(QIPAN_BIN, "qipan", "serve", "--port", "0", "--dir", p, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    /* "qipan serve: DIR at http://127.0.0.1:PORT/" */
    char line[512];
    FILE *f = s->out = fdopen(fds[0], "r");
    if (!f || !fgets(line, sizeof line, f)) return -1;
    char *colon = strrchr(line, ':');
    s->port = colon ? atoi(colon + 1) : 0;
    if (s->port <= 0 || !strstr(line, "qipan serve: ") || !strstr(line, " at http://127.0.0.1:")) return -1;
    /* the request lines go on into the pipe; the test does not read them
     * (they are far below its capacity) */
    *state = s;
    return 0;
}

static int teardown(void **state)
{
    served *s = *state;
    if (!s) return 0;
    if (s->pid > 0) {
        kill(s->pid, SIGTERM);
        int status = -1;
        waitpid(s->pid, &status, 0);
        /* a stop by signal is a clean exit */
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    }
    if (s->out) fclose(s->out);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    if (system(cmd) != 0) return -1;
    free(s);
    return 0;
}

static int connect_to(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct timeval tv = {5, 0};   /* a hung server fails the test, never hangs it */
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    return fd;
}

/* Sends req and reads the whole answer (the server closes after one). */
static char *exchange(int port, const char *req, size_t len)
{
    int fd = connect_to(port);
    for (size_t off = 0; off < len;) {
        ssize_t k = send(fd, req + off, len - off, MSG_NOSIGNAL);
        if (k <= 0) break;   /* the server may answer and close before all is sent */
        off += (size_t)k;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n + 1 >= cap) buf = realloc(buf, cap *= 2);
        ssize_t k = recv(fd, buf + n, cap - 1 - n, 0);
        if (k <= 0) break;
        n += (size_t)k;
    }
    buf[n] = 0;
    close(fd);
    return buf;
}

static char *get(int port, const char *method, const char *target)
{
    char req[512];
    int n = snprintf(req, sizeof req, "%s %s HTTP/1.1\r\nHost: localhost\r\n\r\n", method, target);
    return exchange(port, req, (size_t)n);
}

static void assert_isolated(const char *resp)
{
    assert_non_null(strstr(resp, "\r\nCross-Origin-Opener-Policy: same-origin\r\n"));
    assert_non_null(strstr(resp, "\r\nCross-Origin-Embedder-Policy: require-corp\r\n"));
}

static const char *body(const char *resp)
{
    const char *b = strstr(resp, "\r\n\r\n");
    assert_non_null(b);
    return b + 4;
}

static void test_files_and_headers(void **state)
{
    served *s = *state;
    char *r = get(s->port, "GET", "/");
    assert_true(!strncmp(r, "HTTP/1.1 200 OK\r\n", 17));
    assert_non_null(strstr(r, "\r\nContent-Type: text/html; charset=utf-8\r\n"));
    assert_non_null(strstr(r, "\r\nContent-Length: 13\r\n"));
    assert_isolated(r);
    assert_string_equal(body(r), "<p>board</p>\n");
    free(r);
    r = get(s->port, "GET", "/qipan.wasm?v=2");
    assert_true(!strncmp(r, "HTTP/1.1 200 OK\r\n", 17));
    assert_non_null(strstr(r, "\r\nContent-Type: application/wasm\r\n"));
    assert_string_equal(body(r), "\x01wasm");
    free(r);
    r = get(s->port, "HEAD", "/qipan.wasm");
    assert_true(!strncmp(r, "HTTP/1.1 200 OK\r\n", 17));
    assert_non_null(strstr(r, "\r\nContent-Length: 5\r\n"));
    assert_isolated(r);
    assert_string_equal(body(r), "");
    free(r);
    r = get(s->port, "GET", "/sub");   /* a folder: its index */
    assert_string_equal(body(r), "sub\n");
    free(r);
    r = get(s->port, "GET", "/sub/same.wasm");   /* a link inside the folder */
    assert_true(!strncmp(r, "HTTP/1.1 200 OK\r\n", 17));
    assert_string_equal(body(r), "\x01wasm");
    free(r);
}

static void test_refusals(void **state)
{
    served *s = *state;
    static const struct { const char *method, *target, *status; } cases[] = {
        {"GET", "/missing.js", "HTTP/1.1 404 Not Found\r\n"},
        {"GET", "/../secret.txt", "HTTP/1.1 400 Bad Request\r\n"},
        {"GET", "/%2e%2e/secret.txt", "HTTP/1.1 400 Bad Request\r\n"},
        {"GET", "/sub/%2E%2E/%2E%2E/secret.txt", "HTTP/1.1 400 Bad Request\r\n"},
        {"GET", "/out.txt", "HTTP/1.1 403 Forbidden\r\n"},   /* the link out of the folder */
        {"POST", "/", "HTTP/1.1 405 Method Not Allowed\r\n"},
        {"DELETE", "/qipan.wasm", "HTTP/1.1 405 Method Not Allowed\r\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *r = get(s->port, cases[i].method, cases[i].target);
        if (strncmp(r, cases[i].status, strlen(cases[i].status)) != 0)
            fail_msg("%s %s: got '%.40s'", cases[i].method, cases[i].target, r);
        assert_isolated(r);
        assert_null(strstr(r, "not for the web"));
        if (!strcmp(cases[i].method, "POST")) assert_non_null(strstr(r, "\r\nAllow: GET, HEAD\r\n"));
        free(r);
    }
    /* not HTTP at all; a request line with a stray space; HTTP/2 */
    char *r = exchange(s->port, "hello\r\n\r\n", 9);
    assert_true(!strncmp(r, "HTTP/1.1 400 Bad Request\r\n", 26));
    free(r);
    r = exchange(s->port, "GET / x HTTP/1.1\r\n\r\n", 20);
    assert_true(!strncmp(r, "HTTP/1.1 400 Bad Request\r\n", 26));
    free(r);
    r = exchange(s->port, "GET / HTTP/2\r\n\r\n", 16);
    assert_true(!strncmp(r, "HTTP/1.1 505 HTTP Version Not Supported\r\n", 41));
    free(r);
    /* a head longer than SV_MAX_REQUEST */
    size_t n = SV_MAX_REQUEST + 100;
    char *big = malloc(n + 1);
    memcpy(big, "GET / HTTP/1.1\r\nX-Long: ", 24);
    memset(big + 24, 'a', n - 24);
    big[n] = 0;
    r = exchange(s->port, big, n);
    assert_true(!strncmp(r, "HTTP/1.1 431 Request Header Fields Too Large\r\n", 46));
    free(r);
    free(big);
}

/* A client that connects and says nothing, and one that sends half a
 * request, do not stop a third being served. */
static void test_slow_client_blocks_nobody(void **state)
{
    served *s = *state;
    int silent = connect_to(s->port), half = connect_to(s->port);
    assert_int_equal(send(half, "GET /qipan.wa", 13, 0), 13);
    char *r = get(s->port, "GET", "/qipan.wasm");
    assert_true(!strncmp(r, "HTTP/1.1 200 OK\r\n", 17));
    free(r);
    /* the half request, finished, is answered too */
    assert_int_equal(send(half, "sm HTTP/1.1\r\n\r\n", 15, 0), 15);
    char buf[512];
    ssize_t k = recv(half, buf, sizeof buf - 1, 0);
    assert_true(k > 17);
    buf[k] = 0;
    assert_true(!strncmp(buf, "HTTP/1.1 200 OK\r\n", 17));
    close(half);
    close(silent);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mime_types),
        cmocka_unit_test(test_map_path),
        cmocka_unit_test_setup_teardown(test_files_and_headers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_slow_client_blocks_nobody, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
