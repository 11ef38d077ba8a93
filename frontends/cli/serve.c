/*
 * serve.c — `qipan serve`, the web build's file server (see serve.h).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <netinet/in.h>
#include <arpa/inet.h>

/* ---- names to files ---------------------------------------------------- */

const char *sv_mime_type(const char *name)
{
    static const struct { const char *ext, *type; } types[] = {
        {"html", "text/html; charset=utf-8"},   {"htm", "text/html; charset=utf-8"},
        {"js", "text/javascript; charset=utf-8"}, {"mjs", "text/javascript; charset=utf-8"},
        {"wasm", "application/wasm"},           {"data", "application/octet-stream"},
        {"json", "application/json"},           {"webmanifest", "application/manifest+json"},
        {"css", "text/css; charset=utf-8"},     {"txt", "text/plain; charset=utf-8"},
        {"copyright", "text/plain; charset=utf-8"}, {"lua", "text/plain; charset=utf-8"},
        {"png", "image/png"},                   {"svg", "image/svg+xml"},
        {"ico", "image/x-icon"},                {"jpg", "image/jpeg"},
        {"ttf", "font/ttf"},                    {"ttc", "font/collection"},
        {"otf", "font/otf"},                    {"woff2", "font/woff2"},
    };
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    const char *dot = strrchr(base, '.');
    if (dot)
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (!strcasecmp(dot + 1, types[i].ext)) return types[i].type;
    return "application/octet-stream";
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int sv_map_path(const char *root, const char *target, char *out, size_t n)
{
    if (target[0] != '/') return 400;   /* origin form only: no proxy requests */
    char path[PATH_MAX];
    size_t k = 0;
    for (const char *p = target; *p && *p != '?' && *p != '#'; p++) {
        char c = *p;
        if (c == '%') {
            int hi = hexval(p[1]), lo = hi < 0 ? -1 : hexval(p[2]);
            if (lo < 0) return 400;
            c = (char)(hi * 16 + lo);
            p += 2;
            if (c == 0) return 400;
        }
        if (c == '\\') return 400;   /* no second separator to slip a ".." through */
        if (k + 1 >= sizeof path) return 414;
        path[k++] = c;
    }
    path[k] = 0;
    /* Segment by segment: ".." refused, "." and empty ones dropped. */
    size_t w = (size_t)snprintf(out, n, "%s", root);
    if (w >= n) return 414;
    bool last_dir = true;
    for (char *seg = path; *seg;) {
        char *end = strchr(seg, '/');
        size_t len = end ? (size_t)(end - seg) : strlen(seg);
        if (len == 2 && seg[0] == '.' && seg[1] == '.') return 400;
        if (len > 0 && !(len == 1 && seg[0] == '.')) {
            if (w + 1 + len >= n) return 414;
            out[w++] = '/';
            memcpy(out + w, seg, len);
            w += len;
            out[w] = 0;
            last_dir = end != NULL;
        } else {
            last_dir = true;
        }
        seg += len;
        if (*seg == '/') seg++;
    }
    if (last_dir) {
        if (w + sizeof "/index.html" > n) return 414;
        memcpy(out + w, "/index.html", sizeof "/index.html");
    }
    return 0;
}

/* ---- one connection ---------------------------------------------------- */

typedef struct sv_client {
    int fd;                       /* -1: a free slot */
    char in[SV_MAX_REQUEST];      /* the request head as received */
    size_t nin;
    char head[1024];              /* the response head */
    size_t nhead, head_off;
    int file;                     /* the body's file, or -1 */
    long long body_left;          /* bytes of it still to send */
    char buf[16384];              /* a chunk of the body */
    size_t nbuf, buf_off;
    bool replying;                /* the request is read; sending */
    long long deadline;           /* monotonic ms: dropped when passed */
} sv_client;

typedef struct sv_server {
    char root[PATH_MAX];          /* the served folder, its real path */
    int listener;
    sv_client c[SV_MAX_CLIENTS];
} sv_server;

static volatile sig_atomic_t sv_stop;
static void on_signal(int sig) { (void)sig; sv_stop = 1; }

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static const char *reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 505: return "HTTP Version Not Supported";
    default: return "Internal Server Error";
    }
}

static void client_close(sv_client *c)
{
    if (c->fd >= 0) close(c->fd);
    if (c->file >= 0) close(c->file);
    c->fd = c->file = -1;
}

/* Sets up the response: its head (with the isolation headers on every
 * answer), and for a 200 to GET the file as body; an error's body is its
 * status line in text. */
static void reply(sv_client *c, int status, const char *type, long long length, int file, bool head_only)
{
    char body[64] = "";
    if (status != 200) {
        snprintf(body, sizeof body, "%d %s\n", status, reason(status));
        type = "text/plain; charset=utf-8";
        length = (long long)strlen(body);
    }
    int k = snprintf(c->head, sizeof c->head,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %lld\r\n"
                     "Cross-Origin-Opener-Policy: same-origin\r\nCross-Origin-Embedder-Policy: require-corp\r\n"
                     "Cross-Origin-Resource-Policy: same-origin\r\nX-Content-Type-Options: nosniff\r\n"
                     "Cache-Control: no-cache\r\n%sConnection: close\r\n\r\n%s",
                     status, reason(status), type, length, status == 405 ? "Allow: GET, HEAD\r\n" : "",
                     head_only ? "" : body);
    c->nhead = k > 0 && (size_t)k < sizeof c->head ? (size_t)k : 0;
    c->head_off = 0;
    c->file = -1;
    c->body_left = 0;
    if (status == 200 && !head_only) {
        c->file = file;
        c->body_left = length;
    } else if (file >= 0) {
        close(file);
    }
    c->replying = true;
}

/* Whether the real path of p lies in root (or is root). */
static bool inside(const char *root, const char *p)
{
    size_t n = strlen(root);
    return !strncmp(p, root, n) && (p[n] == '/' || p[n] == 0 || (n == 1 && root[0] == '/'));
}

/* Prints the request line's target with control bytes replaced, so a log
 * line is one line. */
static void log_request(const char *method, const char *target, int status)
{
    char t[200];
    size_t i = 0;
    for (; target[i] && i + 1 < sizeof t; i++) t[i] = (unsigned char)target[i] < 0x20 ? '?' : target[i];
    t[i] = 0;
    printf("%s %s %d\n", method, t, status);
    fflush(stdout);
}

static void handle_request(sv_server *s, sv_client *c)
{
    /* request line: METHOD SP TARGET SP HTTP/1.x CRLF */
    char *eol = strstr(c->in, "\r\n");
    *eol = 0;
    char *method = c->in, *sp1 = strchr(method, ' '), *target = sp1 ? sp1 + 1 : NULL;
    char *sp2 = target ? strchr(target, ' ') : NULL;
    if (!sp1 || !sp2 || strchr(sp2 + 1, ' ')) {
        log_request("-", "-", 400);
        reply(c, 400, NULL, 0, -1, false);
        return;
    }
    *sp1 = *sp2 = 0;
    const char *version = sp2 + 1;
    bool head_only = !strcmp(method, "HEAD");
    int status = 0;
    if (strncmp(version, "HTTP/1.", 7) != 0) status = 505;
    else if (strcmp(method, "GET") != 0 && !head_only) status = 405;
    char path[PATH_MAX], real[PATH_MAX];
    if (!status) status = sv_map_path(s->root, target, path, sizeof path);
    int fd = -1;
    struct stat st;
    if (!status) {
        if (!realpath(path, real)) status = errno == ENOENT || errno == ENOTDIR ? 404 : 403;
        else if (!inside(s->root, real)) status = 403;   /* a link out of the folder */
        else if (stat(real, &st) != 0) status = 404;
        else if (S_ISDIR(st.st_mode)) {   /* "/sub" without its slash: its index */
            size_t n = strlen(real);
            if (n + sizeof "/index.html" > sizeof real) status = 414;
            else {
                memcpy(real + n, "/index.html", sizeof "/index.html");
                char again[PATH_MAX];
                if (!realpath(real, again)) status = 404;
                else if (!inside(s->root, again)) status = 403;
                else {
                    memcpy(real, again, sizeof again);
                    if (stat(real, &st) != 0) status = 404;
                }
            }
        }
        if (!status && !S_ISREG(st.st_mode)) status = 403;
        if (!status && (fd = open(real, O_RDONLY | O_CLOEXEC)) < 0) status = errno == ENOENT ? 404 : 403;
    }
    if (!status) status = 200;
    log_request(method, target, status);
    reply(c, status, status == 200 ? sv_mime_type(real) : NULL, status == 200 ? (long long)st.st_size : 0, fd,
          head_only);
}

/* Reads what the client sent; true while the connection stays. */
static bool client_read(sv_server *s, sv_client *c)
{
    ssize_t k = recv(c->fd, c->in + c->nin, sizeof c->in - 1 - c->nin, 0);
    if (k < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    if (k == 0) return false;
    c->nin += (size_t)k;
    c->in[c->nin] = 0;
    c->deadline = now_ms() + SV_IDLE_MS;
    if (memchr(c->in, 0, c->nin)) {   /* a NUL in a request head */
        log_request("-", "-", 400);
        reply(c, 400, NULL, 0, -1, false);
    } else if (strstr(c->in, "\r\n\r\n")) {
        handle_request(s, c);
    } else if (c->nin >= sizeof c->in - 1) {
        log_request("-", "-", 431);
        reply(c, 431, NULL, 0, -1, false);
    }
    return true;
}

/* Sends what it can; true while there is more to send. */
static bool client_write(sv_client *c)
{
    for (;;) {
        const char *p;
        size_t n;
        if (c->head_off < c->nhead) {
            p = c->head + c->head_off;
            n = c->nhead - c->head_off;
        } else {
            if (c->buf_off == c->nbuf) {
                if (c->body_left <= 0) return false;
                ssize_t r = read(c->file, c->buf, sizeof c->buf);
                if (r <= 0) return false;   /* the file shrank: the client sees a short body */
                c->nbuf = (size_t)r;
                c->buf_off = 0;
                c->body_left -= r;
            }
            p = c->buf + c->buf_off;
            n = c->nbuf - c->buf_off;
        }
        ssize_t k = send(c->fd, p, n, MSG_NOSIGNAL);
        if (k < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
        c->deadline = now_ms() + SV_IDLE_MS;
        if (c->head_off < c->nhead) c->head_off += (size_t)k;
        else c->buf_off += (size_t)k;
    }
}

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int open_listener(const char *bind_addr, int port, char *shown, size_t n)
{
    struct addrinfo hints = {0}, *ai = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV;
    char ports[16];
    snprintf(ports, sizeof ports, "%d", port);
    int rc = getaddrinfo(bind_addr, ports, &hints, &ai);
    if (rc != 0) {
        fprintf(stderr, "qipan: serve: --bind %s: not a numeric address (%s)\n", bind_addr, gai_strerror(rc));
        return -1;
    }
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 64) != 0 || set_nonblock(fd) != 0) {
        fprintf(stderr, "qipan: serve: cannot listen on %s port %d: %s\n", bind_addr, port, strerror(errno));
        if (fd >= 0) close(fd);
        freeaddrinfo(ai);
        return -1;
    }
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    int actual = port;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0)
        actual = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                 : ((struct sockaddr_in *)&ss)->sin_port);
    snprintf(shown, n, ai->ai_family == AF_INET6 ? "[%s]:%d" : "%s:%d", bind_addr, actual);
    freeaddrinfo(ai);
    return fd;
}

static void serve_loop(sv_server *s)
{
    struct pollfd pf[SV_MAX_CLIENTS + 1];
    while (!sv_stop) {
        int np = 0, nfree = 0;
        long long now = now_ms(), next = now + 1000;
        for (int i = 0; i < SV_MAX_CLIENTS; i++) {
            sv_client *c = &s->c[i];
            if (c->fd < 0) {
                nfree++;
                continue;
            }
            if (now >= c->deadline) {   /* silent too long */
                client_close(c);
                nfree++;
                continue;
            }
            if (c->deadline < next) next = c->deadline;
        }
        if (nfree) pf[np++] = (struct pollfd){.fd = s->listener, .events = POLLIN};   /* full: the rest wait */
        int slot[SV_MAX_CLIENTS];
        for (int i = 0; i < SV_MAX_CLIENTS; i++)
            if (s->c[i].fd >= 0) {
                slot[np - (nfree ? 1 : 0)] = i;
                pf[np++] = (struct pollfd){.fd = s->c[i].fd, .events = s->c[i].replying ? POLLOUT : POLLIN};
            }
        int r = poll(pf, (nfds_t)np, (int)(next - now));
        if (r < 0) {
            if (errno == EINTR) continue;
            fprintf(stderr, "qipan: serve: poll: %s\n", strerror(errno));
            return;
        }
        int first = 0;
        if (nfree) {
            first = 1;
            if (pf[0].revents & POLLIN) {
                int fd;
                while (nfree > 0 && (fd = accept(s->listener, NULL, NULL)) >= 0) {
                    if (set_nonblock(fd) != 0) {
                        close(fd);
                        continue;
                    }
                    for (int i = 0; i < SV_MAX_CLIENTS; i++)
                        if (s->c[i].fd < 0) {
                            sv_client *c = &s->c[i];
                            c->fd = fd;
                            c->file = -1;
                            c->nin = c->nhead = c->head_off = c->nbuf = c->buf_off = 0;
                            c->replying = false;
                            c->deadline = now_ms() + SV_IDLE_MS;
                            nfree--;
                            break;
                        }
                }
            }
        }
        for (int k = first; k < np; k++) {
            sv_client *c = &s->c[slot[k - first]];
            if (!pf[k].revents) continue;
            bool keep;
            if (!c->replying) {
                keep = (pf[k].revents & (POLLIN | POLLHUP | POLLERR)) ? client_read(s, c) : true;
                if (keep && c->replying) keep = client_write(c);   /* most answers go at once */
            } else {
                keep = client_write(c);
            }
            if (!keep) client_close(c);
        }
    }
}

int cmd_serve(qp_app *app, int argc, char **argv)
{
    (void)app;
    const char *dir = "build-web", *bind_addr = "127.0.0.1";
    int port = SV_DEFAULT_PORT;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--port") && v) {
            char *end;
            long p = strtol(v, &end, 10);
            if (*v == 0 || *end || p < 0 || p > 65535) {
                fprintf(stderr, "qipan: serve: --port must be 0..65535, got '%s'\n", v);
                return 2;
            }
            port = (int)p;
            i++;
        } else if (!strcmp(argv[i], "--bind") && v) {
            bind_addr = v;
            i++;
        } else if (!strcmp(argv[i], "--dir") && v) {
            dir = v;
            i++;
        } else {
            fprintf(stderr, "usage: qipan serve [--port N] [--bind ADDR] [--dir DIR]\n");
            return 2;
        }
    }
    sv_server *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "qipan: out of memory\n");
        return 1;
    }
    struct stat st;
    if (!realpath(dir, s->root) || stat(s->root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "qipan: serve: no folder %s (build the page with 'sh setup.sh web', or name one with --dir)\n",
                dir);
        free(s);
        return 1;
    }
    char shown[96];
    s->listener = open_listener(bind_addr, port, shown, sizeof shown);
    if (s->listener < 0) {
        free(s);
        return 1;
    }
    for (int i = 0; i < SV_MAX_CLIENTS; i++) s->c[i].fd = s->c[i].file = -1;
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("qipan serve: %s at http://%s/\n", s->root, shown);
    fflush(stdout);
    serve_loop(s);
    for (int i = 0; i < SV_MAX_CLIENTS; i++) client_close(&s->c[i]);
    close(s->listener);
    free(s);
    return 0;
}
