/*
 * net_session.c — sockets, handshake and game synchronisation for network
 * play (see net_session.h and docs/protocol.md).
 */
#include "net_session.h"
#include "fileio.h"
#include "record.h"

#include <errno.h>
#include <fcntl.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <stdint.h>
#include <stdarg.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NS_OUT_MAX (8u << 20)   /* pending output; more means a stuck peer */
#define NS_MAX_EVENTS 4096
#define NS_RETRY_MS 500         /* joiner: between reconnect attempts */
#define NS_CONNECT_MS 5000
#define NS_PEERS 64             /* host: addresses whose wrong codes are counted */
#define NS_TLS_CHUNK 16384      /* bytes handed to one TLS record */
/* TLS 1.3 only, and only key exchanges that mix the join code (the
 * pre-shared key) with a fresh (EC)DH secret: a recorded session stays
 * secret even to whoever learns the code later. */
#define NS_TLS_PRIORITY "NORMAL:-VERS-ALL:+VERS-TLS1.3:-KX-ALL:+ECDHE-PSK:+DHE-PSK"
#define NS_PSK_IDENTITY "qipan"
#define NS_KEY_LEN 32

/* One TCP connection.  Invariant: fd < 0 means none; in[0..inlen) holds
 * the start of an unfinished line (never an LF).  tls, once made, is the
 * only way bytes go in and out (a cleartext line goes out only to a peer
 * that spoke in clear, to say it must not); lines are read and written
 * only when secure. */
typedef struct ns_conn {
    int fd;
    gnutls_session_t tls;     /* NULL until the handshake starts */
    bool secure;              /* the handshake is done: the peer has the code */
    bool psk_asked;           /* host: the peer got as far as offering a key */
    bool alerted;             /* the handshake failed by the peer's alert */
    size_t tls_try;           /* bytes of a record send to repeat (GnuTLS asks for the same) */
    const unsigned char *key; /* the session's key, for the host's key lookup */
    bool connecting;          /* joiner: non-blocking connect in progress */
    int stage;                /* handshake: 0 hello/welcome, 1 set-up, 2 playing */
    char in[NP_MAX_LINE];
    size_t inlen;
    bool discarding;          /* skipping the rest of an over-long line */
    char *out;
    size_t outlen, outcap;
    bool close_after_flush;
    const char *close_why;    /* static text: why we close it */
    long long last_rx, last_tx, opened;
    double tokens;            /* rate limit bucket */
    long long tokens_at;
    int errors;
    char peer[64];            /* host: the peer's address (IPv6: its /64), for wrong codes */
} ns_conn;

/* Wrong codes from one address.  Invariant: addr[0] == 0 marks a free
 * entry; until is when the address may be heard again (0: at once). */
typedef struct ns_peer {
    char addr[64];
    int fails;
    long long until, last;
} ns_peer;

struct ns_session {
    ns_options o;
    char addr[256], code[40];
    ns_phase phase;
    qp_rules *r;
    qp_game g;
    bool have_game;
    char my_fen[512];         /* joiner: its own start position ("" = ruleset's) */
    ns_open_rules_fn open_rules;
    void *ud;
    int seat;
    int lfd;                  /* host: listening socket */
    ns_conn c;                /* the opponent's seat (host: only with the right code) */
    ns_conn pend[NS_MAX_PENDING];   /* host: connections that gave no code yet */
    ns_peer peers[NS_PEERS];
    unsigned char key[NS_KEY_LEN];             /* from the code: the TLS pre-shared key */
    gnutls_psk_server_credentials_t psk_srv;   /* host */
    gnutls_psk_client_credentials_t psk_cli;   /* joiner */
    /* joiner's set-up as it arrives */
    struct {
        uint64_t digest;
        char diff[320];
        int expect_moves;
        qp_game tmp;
        bool tmp_ok;
        long long ms[2];
        bool got_clock;
    } su;
    /* clocks: the host measures, the joiner shows what it was told */
    bool timed;
    long long left[2];
    long long turn_start;     /* when the side to move started thinking */
    bool running;
    int clock_ply;            /* joiner: ply of the last clock message refunded */
    /* agreements; -1 when none is pending */
    int my_draw, peer_draw;         /* ply of the offer */
    int my_tb, my_tb_len, peer_tb, peer_tb_len;
    char result[160];         /* "" while the game goes on */
    long long deadline;       /* ABSENT: give up then */
    long long next_retry;     /* joiner: next reconnect attempt */
    bool ever_connected;
    int ping_seq;
    ns_event *ev;
    int nev, ev_head;
};

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- events ----------------------------------------------------------- */

static void emit(ns_session *s, ns_event_kind k, int ply, int side, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void emit(ns_session *s, ns_event_kind k, int ply, int side, const char *fmt, ...)
{
    if (s->ev_head == s->nev) s->nev = s->ev_head = 0;
    if (s->nev == NS_MAX_EVENTS && s->ev_head > 0) {   /* move the unread ones down */
        memmove(s->ev, s->ev + s->ev_head, sizeof *s->ev * (size_t)(s->nev - s->ev_head));
        s->nev -= s->ev_head;
        s->ev_head = 0;
    }
    if (s->nev == NS_MAX_EVENTS) return;   /* nobody reads: a flood of notes is cut */
    ns_event *e = &s->ev[s->nev];
    e->kind = k;
    e->ply = ply;
    e->side = side;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
    s->nev++;
}

bool ns_next_event(ns_session *s, ns_event *ev)
{
    if (s->ev_head >= s->nev) return false;
    *ev = s->ev[s->ev_head++];
    return true;
}

/* ---- connection ------------------------------------------------------- */

static void conn_reset(ns_conn *c)
{
    if (c->tls) gnutls_deinit(c->tls);
    free(c->out);
    memset(c, 0, sizeof *c);
    c->fd = -1;
}

static void conn_close(ns_conn *c)
{
    if (c->tls && c->secure && c->fd >= 0) gnutls_bye(c->tls, GNUTLS_SHUT_WR);   /* best effort: non-blocking */
    if (c->fd >= 0) close(c->fd);
    conn_reset(c);
}

static void conn_open(ns_conn *c, int fd)
{
    conn_reset(c);
    c->fd = fd;
    c->last_rx = c->last_tx = c->opened = c->tokens_at = now_ms();
    c->tokens = NS_RATE_BURST;
}

static void conn_flush(ns_conn *c)
{
    while (c->fd >= 0 && !c->connecting && c->outlen > 0) {
        ssize_t k;
        if (c->tls) {
            if (!c->secure) return;   /* the lines wait for the handshake */
            size_t n = c->tls_try ? c->tls_try : c->outlen > NS_TLS_CHUNK ? NS_TLS_CHUNK : c->outlen;
            k = gnutls_record_send(c->tls, c->out, n);
            if (k == GNUTLS_E_AGAIN || k == GNUTLS_E_INTERRUPTED) {
                c->tls_try = n;
                return;
            }
            c->tls_try = 0;
            if (k < 0) {
                c->outlen = 0;   /* broken: the read side notices */
                return;
            }
        } else {
            k = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL);
            if (k < 0) {
                if (errno == EINTR) continue;
                if (errno != EAGAIN && errno != EWOULDBLOCK) c->outlen = 0;   /* dropped: the read side notices */
                return;
            }
        }
        memmove(c->out, c->out + k, c->outlen - (size_t)k);
        c->outlen -= (size_t)k;
    }
}

static void conn_send(ns_conn *c, const char *line, int len)
{
    if (c->fd < 0 || len <= 0) return;
    if (c->outlen + (size_t)len > NS_OUT_MAX) return;   /* the idle limit will drop this peer */
    if (c->outlen + (size_t)len > c->outcap) {
        size_t cap = c->outcap ? c->outcap : 4096;
        while (cap < c->outlen + (size_t)len) cap *= 2;
        char *p = realloc(c->out, cap);
        if (!p) return;
        c->out = p;
        c->outcap = cap;
    }
    memcpy(c->out + c->outlen, line, (size_t)len);
    c->outlen += (size_t)len;
    c->last_tx = now_ms();
    conn_flush(c);
}

static void send_line(ns_session *s, const char *line, int len)
{
    conn_send(&s->c, line, len);
}

/* ---- TLS with the join code as the pre-shared key ---------------------- */

/* The key both sides derive from the code; only ever used by TLS, which
 * proves its knowledge without sending it. */
static int derive_key(const char *code, unsigned char key[NS_KEY_LEN])
{
    char text[96];
    int n = snprintf(text, sizeof text, "qipan join code, protocol %d: %s", NP_VERSION, code);
    return gnutls_hash_fast(GNUTLS_DIG_SHA256, text, (size_t)n, key) < 0 ? -1 : 0;
}

/* Host: the key for the identity a joiner offers (one identity only). */
static int psk_lookup(gnutls_session_t ses, const char *user, gnutls_datum_t *key)
{
    ns_conn *c = gnutls_session_get_ptr(ses);
    c->psk_asked = true;
    if (strcmp(user, NS_PSK_IDENTITY)) return -1;
    key->data = gnutls_malloc(NS_KEY_LEN);
    if (!key->data) return -1;
    memcpy(key->data, c->key, NS_KEY_LEN);
    key->size = NS_KEY_LEN;
    return 0;
}

/* GnuTLS writes through this, so a closed peer is an error, never SIGPIPE. */
static ssize_t tls_push(gnutls_transport_ptr_t p, const void *data, size_t n)
{
    return send((int)(intptr_t)p, data, n, MSG_NOSIGNAL);
}

/* Starts the TLS session of c.  0, or -1. */
static int tls_start(ns_session *s, ns_conn *c, bool server)
{
    unsigned flags = (server ? GNUTLS_SERVER : GNUTLS_CLIENT) | GNUTLS_NONBLOCK | GNUTLS_NO_TICKETS;
    if (gnutls_init(&c->tls, flags) < 0) {
        c->tls = NULL;
        return -1;
    }
    void *cred = server ? (void *)s->psk_srv : (void *)s->psk_cli;
    if (gnutls_priority_set_direct(c->tls, NS_TLS_PRIORITY, NULL) < 0 ||
        gnutls_credentials_set(c->tls, GNUTLS_CRD_PSK, cred) < 0)
        return -1;
    c->key = s->key;
    gnutls_session_set_ptr(c->tls, c);
    gnutls_transport_set_int(c->tls, c->fd);
    gnutls_transport_set_push_function(c->tls, tls_push);
    return 0;
}

/* One step of the handshake: 1 done, 0 not yet (poll again), -1 failed
 * with the reason in err. */
static int tls_step(ns_conn *c, bool server, char *err, size_t errn)
{
    for (int tries = 0; tries < 8; tries++) {
        int rc = gnutls_handshake(c->tls);
        if (rc == GNUTLS_E_SUCCESS) {
            c->secure = true;
            gnutls_session_set_ptr(c->tls, NULL);   /* the connection may move: no lookups after this */
            return 1;
        }
        if (rc == GNUTLS_E_AGAIN) return 0;
        if (rc == GNUTLS_E_INTERRUPTED || !gnutls_error_is_fatal(rc)) continue;
        if (server) gnutls_alert_send_appropriate(c->tls, rc);
        c->alerted = rc == GNUTLS_E_FATAL_ALERT_RECEIVED;
        if (c->alerted)
            snprintf(err, errn, "%s", gnutls_alert_get_name(gnutls_alert_get(c->tls)));
        else
            snprintf(err, errn, "%s", gnutls_strerror(rc));
        return -1;
    }
    return 0;
}

/* Reads what c has, TLS or not: like recv, but -2 for "nothing now", and
 * on an error the reason in why. */
static ssize_t conn_recv(ns_conn *c, char *buf, size_t n, char *why, size_t whyn)
{
    for (;;) {
        ssize_t k;
        if (c->tls) {
            k = gnutls_record_recv(c->tls, buf, n);
            if (k == GNUTLS_E_AGAIN) return -2;
            if (k == GNUTLS_E_INTERRUPTED) continue;
            if (k == GNUTLS_E_PREMATURE_TERMINATION) k = 0;   /* closed without TLS's goodbye: a plain close */
            if (k < 0) {
                snprintf(why, whyn, "the connection failed its encryption or authentication (%s)",
                         gnutls_strerror((int)k));
                return -1;
            }
            return k;
        }
        k = recv(c->fd, buf, n, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return -2;
        if (k < 0) snprintf(why, whyn, "%s", strerror(errno));
        return k;
    }
}

/* Decrypted bytes that wait inside TLS (poll does not see them). */
static bool conn_buffered(const ns_conn *c)
{
    return c->fd >= 0 && c->tls && c->secure && gnutls_record_check_pending(c->tls) > 0;
}

/* The poll events c waits for. */
static short conn_events(const ns_conn *c)
{
    if (c->tls && !c->secure)   /* the handshake: whichever way it last blocked */
        return (short)(gnutls_record_get_direction(c->tls) ? POLLOUT : POLLIN);
    return (short)((c->close_after_flush ? 0 : POLLIN) | (c->outlen || c->connecting ? POLLOUT : 0));
}

static void send_msg(ns_session *s, const np_msg *m)
{
    char buf[NP_MAX_LINE + 8];
    send_line(s, buf, np_format(m, buf, sizeof buf));
}

/* Answers a bad message: an error line to the peer, a note in the log. */
static void reject(ns_session *s, const char *kind, const char *line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void reject(ns_session *s, const char *kind, const char *line, const char *fmt, ...)
{
    char text[400], buf[NP_MAX_LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    send_line(s, buf, np_format_error(buf, sizeof buf, kind, text));
    char shown[64];
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)line; *p && k + 4 < sizeof shown; p++)
        shown[k++] = *p >= 0x20 && *p < 0x7f ? (char)*p : '?';
    shown[k] = 0;
    emit(s, NS_EV_INFO, s->have_game ? s->g.len : 0, -1, "refused '%s%s': %s %s", shown,
         line[k] ? "..." : "", kind, text);
    if (++s->c.errors > NS_MAX_ERRORS) {
        emit(s, NS_EV_INFO, 0, -1, "too many errors from the peer: closing the connection");
        s->c.close_after_flush = true;
        s->c.close_why = "too many errors";
    }
}

/* ---- game helpers ----------------------------------------------------- */

static const char *side_name(const ns_session *s, int side)
{
    return qp_side_name(s->r, side);
}

static void clock_str(long long ms, char *buf, size_t n)
{
    if (ms < 0) ms = 0;
    snprintf(buf, n, "%lld:%02lld.%lld", ms / 60000, ms / 1000 % 60, ms / 100 % 10);
}

void ns_clock_text(const ns_session *s, char *buf, size_t n)
{
    char a[32], b[32];
    buf[0] = 0;
    if (!s->timed || !s->r) return;
    clock_str(ns_clock_ms(s, 0), a, sizeof a);
    clock_str(ns_clock_ms(s, 1), b, sizeof b);
    snprintf(buf, n, "%s %s  %s %s", side_name(s, 0), a, side_name(s, 1), b);
}

long long ns_clock_ms(const ns_session *s, int side)
{
    if (!s->timed || side < 0 || side > 1) return 0;
    long long v = s->left[side];
    if (s->running && s->have_game && qp_game_to_move(&s->g) == side) v -= now_ms() - s->turn_start;
    return v < 0 ? 0 : v;
}

/* Host: the side to move has used its time since turn_start. */
static void charge_clock(ns_session *s)
{
    if (!s->timed || !s->running) return;
    int side = qp_game_to_move(&s->g);
    long long t = now_ms();
    if (side >= 0 && side < 2) s->left[side] -= t - s->turn_start;
    if (s->left[side] < 0) s->left[side] = 0;
    s->turn_start = t;
}

static void pause_clock(ns_session *s)
{
    if (s->o.role == NS_HOST) charge_clock(s);
    else if (s->running && s->timed) {
        int side = qp_game_to_move(&s->g);
        if (side >= 0 && side < 2) s->left[side] = ns_clock_ms(s, side);
    }
    s->running = false;
}

static void send_clock(ns_session *s)
{
    if (!s->timed) return;
    np_msg m = np_simple(NP_CLOCK, s->g.len);
    m.ms[0] = s->left[0];
    m.ms[1] = s->left[1];
    send_msg(s, &m);
}

static void clear_offers(ns_session *s)
{
    s->my_draw = s->peer_draw = -1;
    s->my_tb = s->peer_tb = -1;
}

/* Closes after the last line is out. */
static void finish_conn(ns_session *s)
{
    if (s->c.fd >= 0) s->c.close_after_flush = true;
}

static void set_over(ns_session *s, const char *result)
{
    if (s->phase == NS_OVER) return;
    pause_clock(s);
    snprintf(s->result, sizeof s->result, "%s", result);
    s->phase = NS_OVER;
    emit(s, NS_EV_END, s->g.len, -1, "%s", s->result);
    if (s->o.role == NS_HOST) {
        np_msg m = np_simple(NP_END, s->g.len);
        snprintf(m.text, sizeof m.text, "%s", s->result);
        send_msg(s, &m);
        finish_conn(s);
    }
}

/* After every change of the record: has the game ended by its rules? */
static void check_end(ns_session *s)
{
    qp_outcome o;
    char buf[160];
    qp_game_outcome(&s->g, &o);
    if (o.result == QP_ONGOING) return;
    if (o.result == QP_DRAW) snprintf(buf, sizeof buf, "draw: %s", o.reason);
    else snprintf(buf, sizeof buf, "%s wins: %s", side_name(s, o.winner), o.reason);
    set_over(s, buf);
}

static void play(ns_session *s, qp_move m, int side)
{
    if (s->o.role == NS_HOST) charge_clock(s);
    else if (s->timed && s->running) s->left[side] = ns_clock_ms(s, side);   /* until the host's clock */
    qp_game_play(&s->g, m);
    clear_offers(s);
    if (s->timed) {
        if (s->o.role == NS_HOST) s->left[side] += s->o.inc_ms;
        s->turn_start = now_ms();
    }
    emit(s, NS_EV_MOVE, s->g.len - 1, side, "%s", "");
    if (s->o.role == NS_HOST) send_clock(s);
    check_end(s);
}

static void truncate_to(ns_session *s, int ply)
{
    if (s->o.role == NS_HOST) charge_clock(s);
    qp_game_goto(&s->g, ply);
    s->g.len = s->g.cursor;   /* the taken-back moves leave the record */
    clear_offers(s);
    s->turn_start = now_ms();
    emit(s, NS_EV_TAKEBACK_DONE, ply, -1, "%s", "");
    if (s->o.role == NS_HOST) send_clock(s);
}

/* ---- messages while playing (both roles) ------------------------------ */

static void on_move(ns_session *s, const np_msg *m, const char *line)
{
    int peer = 1 - s->seat;
    char err[QP_ERR] = "";
    qp_move mv;
    if (s->phase != NS_PLAYING) {
        reject(s, "state", line, "the game is over");
        return;
    }
    if (m->ply != s->g.len) {
        reject(s, "ply", line, "expected ply %d, got %d", s->g.len, m->ply);
        return;
    }
    if (qp_game_to_move(&s->g) != peer) {
        reject(s, "turn", line, "not your turn: %s to move", side_name(s, qp_game_to_move(&s->g)));
        return;
    }
    if (s->r->rs->move_parse(s->r, s->g.cur, m->word, &mv, err, sizeof err) ||
        !qp_move_is_legal(s->r, s->g.cur, mv)) {
        reject(s, "illegal", line, "illegal move '%s': %s", m->word, err[0] ? err : "not a legal move");
        return;
    }
    play(s, mv, peer);
}

/* A message about a ply that is not the current one, or no game. */
static void reject_ply(ns_session *s, const char *line, bool live)
{
    if (live) reject(s, "ply", line, "expected ply %d", s->g.len);
    else reject(s, "state", line, "the game is over");
}

static void on_playing_msg(ns_session *s, const np_msg *m, const char *line)
{
    int peer = 1 - s->seat;
    bool live = s->phase == NS_PLAYING;
    switch (m->kind) {
    case NP_MOVE:
        on_move(s, m, line);
        return;
    case NP_PING: {
        np_msg r = np_simple(NP_PONG, 0);
        snprintf(r.word, sizeof r.word, "%s", m->word);
        send_msg(s, &r);
        return;
    }
    case NP_PONG:
        return;
    case NP_CHAT:
        emit(s, NS_EV_CHAT, s->g.len, peer, "%s", m->text);
        return;
    case NP_ERROR:
        if (s->o.role == NS_JOIN && !strcmp(m->word, "replaced")) {
            /* the one who has the code came back on another connection:
             * this one must not take the seat back */
            s->c.close_after_flush = true;
            s->c.close_why = "replaced";
            if (live) {
                pause_clock(s);
                s->phase = NS_ADJOURNED;
                emit(s, NS_EV_ADJOURNED, s->g.len, -1, "another connection with the join code took this seat");
            }
            return;
        }
        emit(s, NS_EV_INFO, s->g.len, -1, "the peer reports: %s %s", m->word, m->text);
        return;
    case NP_BYE:
        s->c.close_after_flush = true;
        s->c.close_why = "the opponent left";
        if (s->o.role == NS_JOIN && live) {
            /* the host keeps the game: without it there is nothing to resume */
            pause_clock(s);
            s->phase = NS_ADJOURNED;
            emit(s, NS_EV_ADJOURNED, s->g.len, -1, "the host left the game");
        }
        return;
    case NP_RESIGN:
        if (!live || m->ply != s->g.len) {
            reject_ply(s, line, live);
            return;
        }
        qp_game_resign(&s->g, peer);
        check_end(s);
        return;
    case NP_DRAW:
        if (!live || m->ply != s->g.len) {
            reject_ply(s, line, live);
            return;
        }
        if (m->answer == NP_OFFER) {
            s->peer_draw = s->g.len;
            emit(s, NS_EV_DRAW_OFFERED, s->g.len, peer, "%s", "");
        } else if (s->my_draw != s->g.len) {
            reject(s, "state", line, "no draw offer is standing");
        } else if (m->answer == NP_ACCEPT) {
            s->my_draw = -1;
            set_over(s, "draw: agreement");
        } else {
            s->my_draw = -1;
            emit(s, NS_EV_DRAW_DECLINED, s->g.len, peer, "%s", "");
        }
        return;
    case NP_TAKEBACK:
        if (!live) {
            reject(s, "state", line, "the game is over");
            return;
        }
        if (m->answer == NP_OFFER) {
            if (m->ply >= s->g.len || m->ply < s->g.len - 2) {
                reject(s, "ply", line, "a takeback goes back one or two plies from %d", s->g.len);
                return;
            }
            s->peer_tb = m->ply;
            s->peer_tb_len = s->g.len;
            emit(s, NS_EV_TAKEBACK_REQUESTED, m->ply, peer, "%s", "");
        } else if (s->my_tb != m->ply || s->my_tb_len != s->g.len) {
            reject(s, "state", line, "no takeback to ply %d was requested", m->ply);
        } else if (m->answer == NP_ACCEPT) {
            truncate_to(s, m->ply);
        } else {
            s->my_tb = -1;
            emit(s, NS_EV_TAKEBACK_DECLINED, m->ply, peer, "%s", "");
        }
        return;
    case NP_CLOCK:
        if (s->o.role != NS_JOIN) break;
        if (!s->timed) {
            reject(s, "state", line, "this game has no clocks");
            return;
        }
        if (m->ply != s->g.len) return;   /* stale: a newer one follows */
        s->left[0] = m->ms[0];
        s->left[1] = m->ms[1];
        s->turn_start = now_ms();
        s->running = s->phase == NS_PLAYING;
        return;
    case NP_TIMEOUT:
        if (s->o.role != NS_JOIN) break;
        if (!s->timed || !live || m->ply != s->g.len || m->num != qp_game_to_move(&s->g)) {
            reject(s, "state", line, s->timed ? "no clock is running out there" : "this game has no clocks");
            return;
        }
        {
            char buf[160];
            s->left[m->num] = 0;
            snprintf(buf, sizeof buf, "%s wins: time", side_name(s, 1 - m->num));
            set_over(s, buf);
        }
        return;
    case NP_END:
        if (s->o.role != NS_JOIN) break;
        if (s->phase != NS_OVER) {
            if (m->ply != s->g.len)
                emit(s, NS_EV_INFO, s->g.len, -1, "the host ended the game at ply %d", m->ply);
            set_over(s, m->text);
        } else if (strcmp(m->text, s->result)) {
            emit(s, NS_EV_INFO, s->g.len, -1, "the host records '%s'", m->text);
        }
        s->c.close_after_flush = true;
        return;
    default:
        break;
    }
    reject(s, "unexpected", line, "this message is not expected now");
}

/* ---- host: handshake --------------------------------------------------- */

static void host_send_setup(ns_session *s)
{
    np_msg m = np_simple(NP_WELCOME, 0);
    m.num = NP_VERSION;
    send_msg(s, &m);
    m = np_simple(NP_RULES, 0);
    snprintf(m.word, sizeof m.word, "%s", s->r->rs->name);
    m.digest = np_rules_digest(s->r);
    send_msg(s, &m);
    for (int i = 0; i < s->r->params.n; i++) {
        const qp_param_val *v = &s->r->params.v[i];
        if (!np_param_counts(v->def->key)) continue;
        m = np_simple(NP_PARAM, 0);
        snprintf(m.word, sizeof m.word, "%s", v->def->key);
        snprintf(m.text, sizeof m.text, "%s", v->text);
        send_msg(s, &m);
    }
    m = np_simple(NP_START, 0);
    snprintf(m.text, sizeof m.text, "%s", s->g.start_fen[0] ? s->g.start_fen : "-");
    send_msg(s, &m);
    m = np_simple(NP_SEAT, 0);
    m.num = 1 - s->seat;
    send_msg(s, &m);
    m = np_simple(NP_TIME, 0);
    m.ms[0] = s->timed ? s->o.base_ms : 0;
    m.ms[1] = s->timed ? s->o.inc_ms : 0;
    send_msg(s, &m);
    m = np_simple(NP_HISTORY, 0);
    m.num = s->g.len;
    send_msg(s, &m);
    /* the texts need the position before each move: replay once */
    void *st = qp_state_new(s->r);
    if (st) {
        memcpy(st, s->g.start, s->r->state_size);
        for (int i = 0; i < s->g.len; i++) {
            m = np_simple(NP_MOVE, i);
            s->r->rs->move_text(s->r, st, s->g.rec[i], m.word, sizeof m.word);
            send_msg(s, &m);
            s->r->rs->make(s->r, st, s->g.rec[i], NULL);
        }
        free(st);
    }
    send_clock(s);
    m = np_simple(NP_SYNC, s->g.len);
    send_msg(s, &m);
}

static void host_handshake(ns_session *s, const np_msg *m, const char *line)
{
    ns_conn *c = &s->c;
    if (m->kind == NP_ERROR) {   /* the joiner refused our rules */
        emit(s, NS_EV_INFO, s->g.len, -1, "a joiner refused the game: %s", m->text[0] ? m->text : m->word);
        c->close_after_flush = true;
        return;
    }
    if (m->kind == NP_PING || m->kind == NP_PONG) {
        on_playing_msg(s, m, line);
        return;
    }
    if (m->kind == NP_BYE) {   /* the joiner went away before the game */
        c->close_after_flush = true;
        return;
    }
    if (m->kind != NP_READY) {
        reject(s, "unexpected", line, "expected ready");
        return;
    }
    if (m->digest != np_rules_digest(s->r) || m->ply != s->g.len) {
        reject(s, "rules", line, "the joiner's rules or record differ");
        c->close_after_flush = true;
        return;
    }
    c->stage = 2;
    clear_offers(s);   /* the joiner forgot them too */
    bool resumed = s->ever_connected;
    s->ever_connected = true;
    s->phase = NS_PLAYING;
    char clk[96];
    ns_clock_text(s, clk, sizeof clk);   /* as paused: the same the joiner is told */
    s->running = s->timed;
    s->turn_start = now_ms();
    emit(s, NS_EV_CONNECTED, s->g.len, 1 - s->seat, "%s %s at ply %d%s%s%s",
         side_name(s, 1 - s->seat), resumed ? "is back" : "joined", s->g.len, clk[0] ? " (clock " : "",
         clk, clk[0] ? ")" : "");
    check_end(s);
}

/* ---- joiner: set-up ---------------------------------------------------- */

static void join_fail(ns_session *s, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void join_fail(ns_session *s, const char *kind, const char *fmt, ...)
{
    char text[400], buf[NP_MAX_LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (kind) send_line(s, buf, np_format_error(buf, sizeof buf, kind, text));
    finish_conn(s);
    if (s->phase == NS_WAITING || !s->ever_connected) {
        s->phase = NS_FAILED;
        emit(s, NS_EV_FAILED, 0, -1, "%s", text);
    } else {
        /* a resumed game that no longer matches: stop, keep what we have */
        s->phase = NS_ADJOURNED;
        emit(s, NS_EV_ADJOURNED, s->g.len, -1, "%s", text);
    }
}

static void join_setup(ns_session *s, const np_msg *m, const char *line)
{
    ns_conn *c = &s->c;
    char err[QP_ERR * 2];
    if (m->kind == NP_ERROR) {
        if (s->ever_connected && !strcmp(m->word, "busy")) {
            /* the host has not yet noticed that our old connection died:
             * dial again until it has, or until we give up */
            conn_close(c);
            return;
        }
        join_fail(s, NULL, "refused by the host: %s", m->text[0] ? m->text : m->word);
        return;
    }
    if (m->kind == NP_PING) {
        on_playing_msg(s, m, line);
        return;
    }
    if (c->stage == 0) {
        if (m->kind != NP_WELCOME || m->num != NP_VERSION) {
            join_fail(s, "version", "the host speaks protocol %d, this side %d", m->num, NP_VERSION);
            return;
        }
        c->stage = 1;
        memset(&s->su, 0, sizeof s->su);
        s->su.expect_moves = -1;
        return;
    }
    switch (m->kind) {
    case NP_RULES:
        if (!s->r) {
            s->r = s->open_rules(s->ud, m->word, err, sizeof err);
            if (!s->r) {
                join_fail(s, "rules", "%s", err);
                return;
            }
        }
        if (strcmp(s->r->rs->name, m->word)) {
            join_fail(s, "rules", "rules differ: the host plays '%s', this side '%s'", m->word,
                      s->r->rs->name);
            return;
        }
        s->su.digest = m->digest;
        return;
    case NP_PARAM:
        if (!s->r) break;
        if (!s->su.diff[0]) np_param_differs(&s->r->params, m->word, m->text, s->su.diff, sizeof s->su.diff);
        return;
    case NP_START: {
        if (!s->r) break;
        if (!s->have_game) {
            if (qp_game_init(&s->g, s->r, s->my_fen[0] ? s->my_fen : NULL, err, sizeof err)) {
                join_fail(s, "rules", "%s", err);
                return;
            }
            s->have_game = true;
        }
        const char *mine = s->g.start_fen[0] ? s->g.start_fen : "-";
        if (!s->su.diff[0] && strcmp(mine, m->text))
            snprintf(s->su.diff, sizeof s->su.diff, "start position: '%s' on the host, '%s' here", m->text, mine);
        return;
    }
    case NP_SEAT:
        if (s->ever_connected && m->num != s->seat) {
            join_fail(s, "seat", "the host changed our side");
            return;
        }
        s->seat = m->num;
        return;
    case NP_TIME:
        s->timed = m->ms[0] > 0;
        s->o.base_ms = m->ms[0];
        s->o.inc_ms = m->ms[1];
        return;
    case NP_HISTORY:
        if (!s->have_game) break;
        if (s->su.diff[0]) return;   /* refused at sync */
        if (s->su.tmp_ok) qp_game_free(&s->su.tmp);
        if (qp_game_init(&s->su.tmp, s->r, s->my_fen[0] ? s->my_fen : NULL, err, sizeof err)) {
            join_fail(s, "rules", "%s", err);
            return;
        }
        s->su.tmp_ok = true;
        s->su.expect_moves = m->num;
        return;
    case NP_MOVE:
        if (!s->su.tmp_ok || s->su.diff[0]) break;
        if (m->ply != s->su.tmp.len || m->ply >= s->su.expect_moves) {
            join_fail(s, "ply", "the host's record skips to ply %d", m->ply);
            return;
        }
        if (qp_game_play_text(&s->su.tmp, m->word, err, sizeof err)) {
            join_fail(s, "illegal", "the host's record has an illegal move %d '%s': %s", m->ply + 1, m->word, err);
            return;
        }
        return;
    case NP_CLOCK:
        s->su.ms[0] = m->ms[0];
        s->su.ms[1] = m->ms[1];
        s->su.got_clock = true;
        return;
    case NP_SYNC: {
        if (!s->have_game) break;
        if (s->su.diff[0]) {
            join_fail(s, "rules", "rules differ: %s", s->su.diff);
            return;
        }
        if (s->su.digest != np_rules_digest(s->r)) {
            join_fail(s, "rules", "rules differ: the parameters' digest");
            return;
        }
        if (!s->su.tmp_ok || s->su.tmp.len != s->su.expect_moves || m->ply != s->su.tmp.len) {
            join_fail(s, "ply", "the host's record is incomplete");
            return;
        }
        /* the host's record replaces ours: it is the authority after a drop */
        qp_game_free(&s->g);
        s->g = s->su.tmp;
        s->su.tmp_ok = false;
        if (s->timed && s->su.got_clock) {
            s->left[0] = s->su.ms[0];
            s->left[1] = s->su.ms[1];
        } else if (s->timed) {
            s->left[0] = s->left[1] = s->o.base_ms;
        }
        bool resumed = s->ever_connected || s->g.len > 0;
        s->ever_connected = true;
        c->stage = 2;
        s->phase = NS_PLAYING;
        s->running = false;
        char clk[96];
        ns_clock_text(s, clk, sizeof clk);   /* exactly what the host sent */
        s->running = s->timed;
        s->turn_start = now_ms();
        clear_offers(s);
        np_msg r = np_simple(NP_READY, s->g.len);
        r.digest = np_rules_digest(s->r);
        send_msg(s, &r);
        emit(s, NS_EV_CONNECTED, s->g.len, s->seat, "%s at ply %d, playing %s%s%s%s",
             resumed ? "resumed" : "joined", s->g.len, side_name(s, s->seat), clk[0] ? " (clock " : "",
             clk, clk[0] ? ")" : "");
        check_end(s);
        return;
    }
    default:
        break;
    }
    join_fail(s, "unexpected", "unexpected '%s' in the host's set-up", line);
}

/* ---- incoming lines ---------------------------------------------------- */

static bool rate_ok(ns_conn *c)
{
    long long t = now_ms();
    c->tokens += (double)(t - c->tokens_at) * NS_RATE_PER_S / 1000.0;
    if (c->tokens > NS_RATE_BURST) c->tokens = NS_RATE_BURST;
    c->tokens_at = t;
    if (c->tokens < 1) return false;
    c->tokens -= 1;
    return true;
}

static void on_line(ns_session *s, const char *line)
{
    np_msg m;
    char err[QP_ERR];
    /* the host's set-up may be long (the whole record): only the
     * joiner's messages and play are rate-limited */
    bool setup = s->o.role == NS_JOIN && s->c.stage < 2;
    if (!setup && !rate_ok(&s->c)) {
        reject(s, "rate", line, "more than %d messages a second", NS_RATE_PER_S);
        s->c.close_after_flush = true;
        s->c.close_why = "too many messages";
        return;
    }
    if (np_parse(line, &m, err, sizeof err)) {
        reject(s, "syntax", line, "%s", err);
        if (s->c.stage == 0) s->c.close_after_flush = true;   /* a stranger */
        return;
    }
    if (s->c.stage < 2) {
        if (s->o.role == NS_HOST) host_handshake(s, &m, line);
        else join_setup(s, &m, line);
        return;
    }
    int len = s->g.len;
    on_playing_msg(s, &m, line);
    /* a move that was played costs nothing: turns alternate, so legal moves
     * come no faster than our own; the limit is for everything else */
    if (m.kind == NP_MOVE && s->g.len == len + 1) s->c.tokens += 1;
    if (m.kind == NP_CLOCK && s->o.role == NS_JOIN && m.ply == s->g.len && s->clock_ply != m.ply) {
        s->clock_ply = m.ply;   /* the host's one clock per ply, likewise */
        s->c.tokens += 1;
    }
}

static void lost(ns_session *s, const char *why);

/* Reads what is there; complete lines go to on_line. */
static void conn_read(ns_session *s)
{
    ns_conn *c = &s->c;
    char buf[16384];
    char why[200];
    for (int rounds = 0; rounds < 64 && c->fd >= 0 && !c->close_after_flush; rounds++) {
        ssize_t k = conn_recv(c, buf, sizeof buf, why, sizeof why);
        if (k == -2) return;
        if (k <= 0) {
            if (k < 0) emit(s, NS_EV_INFO, s->have_game ? s->g.len : 0, -1, "%s", why);
            lost(s, k == 0 ? "the opponent closed the connection" : why);
            return;
        }
        c->last_rx = now_ms();
        for (ssize_t i = 0; i < k && c->fd >= 0 && !c->close_after_flush; i++) {
            char ch = buf[i];
            if (ch == '\n') {
                if (c->discarding) {
                    c->discarding = false;
                    c->inlen = 0;
                    continue;
                }
                if (c->inlen && c->in[c->inlen - 1] == '\r') c->inlen--;
                c->in[c->inlen] = 0;
                c->inlen = 0;
                on_line(s, c->in);
                continue;
            }
            if (c->discarding) continue;
            if (ch == 0) ch = 0x7f;   /* a NUL would cut the line short: make it a bad byte */
            if (c->inlen + 1 >= NP_MAX_LINE) {
                char head[40];
                snprintf(head, sizeof head, "%.32s", c->in);
                c->discarding = true;
                c->inlen = 0;
                reject(s, "too-long", head, "a message is at most %d bytes", NP_MAX_LINE);
                if (c->stage == 0) c->close_after_flush = true;
                continue;
            }
            c->in[c->inlen++] = ch;
        }
    }
}

/* ---- connection lifecycle --------------------------------------------- */

static void lost(ns_session *s, const char *why)
{
    int stage = s->c.stage;
    conn_close(&s->c);
    if (s->phase != NS_PLAYING || stage < 2) {
        if (s->o.role == NS_JOIN && s->phase == NS_WAITING) {
            s->phase = NS_FAILED;
            emit(s, NS_EV_FAILED, 0, -1, "the host closed the connection during the set-up");
        }
        return;
    }
    pause_clock(s);
    s->phase = NS_ABSENT;
    s->deadline = now_ms() + s->o.reconnect_wait_ms;
    s->next_retry = now_ms() + NS_RETRY_MS;
    char clk[96];
    ns_clock_text(s, clk, sizeof clk);
    emit(s, NS_EV_LOST, s->g.len, -1, "connection lost at ply %d%s%s%s (%s); waiting %d s for %s",
         s->g.len, clk[0] ? " (clock " : "", clk, clk[0] ? ")" : "", why, s->o.reconnect_wait_ms / 1000,
         s->o.role == NS_HOST ? "the opponent to reconnect" : "the host");
}

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int host_listen(ns_session *s, char *err, size_t errn)
{
    struct addrinfo hints, *res = NULL;
    char port[16];
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    snprintf(port, sizeof port, "%d", s->o.port);
    int rc = getaddrinfo(s->addr, port, &hints, &res);
    if (rc) {
        snprintf(err, errn, "cannot listen on %s: %s", s->addr, gai_strerror(rc));
        return -1;
    }
    int fd = -1, e = 0;
    for (struct addrinfo *a = res; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, 0);
        if (fd < 0) continue;
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) || listen(fd, 4) || set_nonblock(fd)) {
            e = errno;
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    if (fd < 0) {
        snprintf(err, errn, "cannot listen on %s port %d: %s", s->addr, s->o.port, strerror(e ? e : EINVAL));
        return -1;
    }
    struct sockaddr_storage sa;
    socklen_t sl = sizeof sa;
    char host[128] = "?", serv[16] = "?";
    if (!getsockname(fd, (struct sockaddr *)&sa, &sl))
        getnameinfo((struct sockaddr *)&sa, sl, host, sizeof host, serv, sizeof serv,
                    NI_NUMERICHOST | NI_NUMERICSERV);
    s->lfd = fd;
    emit(s, NS_EV_LISTENING, 0, s->seat, "%s:%s", host, serv);
    return 0;
}

/* Joiner: a step of the TLS handshake; hello once it is done.  A failed
 * handshake ends a first connection (the code is wrong, or the host does
 * not hear this address for now) and is dialled again while resuming. */
static void join_tls_step(ns_session *s)
{
    ns_conn *c = &s->c;
    char err[QP_ERR], why[QP_ERR * 2];
    int rc = tls_step(c, false, err, sizeof err);
    if (rc == 0) return;
    if (rc > 0) {
        np_msg m = np_simple(NP_HELLO, 0);
        m.num = NP_VERSION;
        send_msg(s, &m);
        return;
    }
    if (c->alerted)
        snprintf(why, sizeof why, "refused by the host: wrong join code (the TLS handshake ended with: %s)", err);
    else
        snprintf(why, sizeof why, "the host closed the connection during the TLS handshake (%s); an address that "
                 "gave wrong codes must wait a while", err);
    conn_close(c);
    if (s->phase == NS_WAITING) {
        s->phase = NS_FAILED;
        emit(s, NS_EV_FAILED, 0, -1, "%s", why);
    } else {
        emit(s, NS_EV_INFO, s->have_game ? s->g.len : 0, -1, "%s", why);
    }
}

static void join_start_tls(ns_session *s)
{
    if (tls_start(s, &s->c, false)) {
        conn_close(&s->c);
        if (s->phase == NS_WAITING) {
            s->phase = NS_FAILED;
            emit(s, NS_EV_FAILED, 0, -1, "cannot start TLS");
        }
        return;
    }
    join_tls_step(s);
}

/* Joiner: starts a non-blocking connect; false when it failed at once. */
static bool join_connect(ns_session *s, char *err, size_t errn)
{
    struct addrinfo hints, *res = NULL;
    char port[16];
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    snprintf(port, sizeof port, "%d", s->o.port);
    int rc = getaddrinfo(s->addr, port, &hints, &res);
    if (rc) {
        snprintf(err, errn, "cannot find %s: %s", s->addr, gai_strerror(rc));
        return false;
    }
    int fd = -1;
    bool pending = false;
    snprintf(err, errn, "cannot connect to %s:%d", s->addr, s->o.port);
    for (struct addrinfo *a = res; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, 0);
        if (fd < 0) continue;
        if (set_nonblock(fd) == 0 && connect(fd, a->ai_addr, a->ai_addrlen) == 0) break;
        if (errno == EINPROGRESS) {
            pending = true;
            break;
        }
        snprintf(err, errn, "cannot connect to %s:%d: %s", s->addr, s->o.port, strerror(errno));
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) return false;
    conn_open(&s->c, fd);
    s->c.connecting = pending;
    if (!pending) join_start_tls(s);
    return true;
}

ns_session *ns_new(const ns_options *o, qp_rules *r, const char *fen, ns_open_rules_fn open_rules,
                   void *ud, char *err, size_t errn)
{
    if (!np_code_valid(o->code)) {
        snprintf(err, errn, "a join code is 4 to 32 letters, digits, '-' or '_', got '%s'", o->code);
        if (r) qp_rules_free(r);
        return NULL;
    }
    ns_session *s = calloc(1, sizeof *s);
    if (!s || !(s->ev = calloc(NS_MAX_EVENTS, sizeof *s->ev))) {
        if (r) qp_rules_free(r);
        free(s);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    s->o = *o;
    snprintf(s->addr, sizeof s->addr, "%s", o->addr);
    snprintf(s->code, sizeof s->code, "%s", o->code);
    s->o.addr = s->addr;
    s->o.code = s->code;
    s->lfd = -1;
    conn_reset(&s->c);
    for (int i = 0; i < NS_MAX_PENDING; i++) conn_reset(&s->pend[i]);
    clear_offers(s);
    s->r = r;
    s->open_rules = open_rules;
    s->ud = ud;
    snprintf(s->my_fen, sizeof s->my_fen, "%s", fen ? fen : "");
    s->phase = NS_WAITING;
    s->timed = o->base_ms > 0;
    s->left[0] = s->left[1] = o->base_ms;
    int tls_rc = derive_key(s->code, s->key);
    if (!tls_rc && o->role == NS_HOST) {
        tls_rc = gnutls_psk_allocate_server_credentials(&s->psk_srv);
        if (!tls_rc) gnutls_psk_set_server_credentials_function(s->psk_srv, psk_lookup);
        else s->psk_srv = NULL;
    } else if (!tls_rc) {
        gnutls_datum_t k = {s->key, NS_KEY_LEN};
        tls_rc = gnutls_psk_allocate_client_credentials(&s->psk_cli);
        if (!tls_rc) tls_rc = gnutls_psk_set_client_credentials(s->psk_cli, NS_PSK_IDENTITY, &k, GNUTLS_PSK_KEY_RAW);
        else s->psk_cli = NULL;
    }
    if (tls_rc < 0) {
        snprintf(err, errn, "cannot set up TLS: %s", gnutls_strerror(tls_rc));
        s->r = r;
        ns_free(s);
        return NULL;
    }
    if (o->role == NS_HOST) {
        if (qp_game_init(&s->g, r, fen, err, errn)) {
            ns_free(s);
            return NULL;
        }
        s->have_game = true;
        s->seat = o->side;
        if (host_listen(s, err, errn)) {
            ns_free(s);
            return NULL;
        }
    } else {
        if (!join_connect(s, err, errn)) {
            ns_free(s);
            return NULL;
        }
    }
    return s;
}

void ns_free(ns_session *s)
{
    if (!s) return;
    conn_close(&s->c);
    for (int i = 0; i < NS_MAX_PENDING; i++) conn_close(&s->pend[i]);
    if (s->lfd >= 0) close(s->lfd);
    if (s->su.tmp_ok) qp_game_free(&s->su.tmp);
    if (s->have_game) qp_game_free(&s->g);
    if (s->r) qp_rules_free(s->r);
    if (s->psk_srv) gnutls_psk_free_server_credentials(s->psk_srv);
    if (s->psk_cli) gnutls_psk_free_client_credentials(s->psk_cli);
    memset(s->key, 0, sizeof s->key);
    free(s->ev);
    free(s);
}

/* ---- the loop ---------------------------------------------------------- */

int ns_pollfds(ns_session *s, struct pollfd *p)
{
    int n = 0;
    if (s->lfd >= 0 && s->phase != NS_OVER && s->phase != NS_ADJOURNED) {
        p[n].fd = s->lfd;
        p[n].events = POLLIN;
        p[n++].revents = 0;
    }
    if (s->c.fd >= 0) {
        p[n].fd = s->c.fd;
        p[n].events = conn_events(&s->c);
        p[n++].revents = 0;
    }
    for (int i = 0; i < NS_MAX_PENDING; i++) {
        const ns_conn *c = &s->pend[i];
        if (c->fd < 0) continue;
        p[n].fd = c->fd;
        p[n].events = conn_events(c);
        p[n++].revents = 0;
    }
    return n;
}

int ns_timeout_ms(ns_session *s)
{
    long long t = now_ms(), due = t + 1000;
    if (conn_buffered(&s->c)) return 0;
    for (int i = 0; i < NS_MAX_PENDING; i++)
        if (conn_buffered(&s->pend[i])) return 0;
    if (s->c.fd >= 0) {
        if (s->c.last_tx + NS_PING_MS < due) due = s->c.last_tx + NS_PING_MS;
        if (s->c.last_rx + NS_IDLE_MS < due) due = s->c.last_rx + NS_IDLE_MS;
    }
    if (s->phase == NS_PLAYING && s->running && s->o.role == NS_HOST) {
        int side = qp_game_to_move(&s->g);
        if (side >= 0 && side < 2 && s->turn_start + s->left[side] < due) due = s->turn_start + s->left[side];
    }
    for (int i = 0; i < NS_MAX_PENDING; i++)
        if (s->pend[i].fd >= 0 && s->pend[i].opened + NS_AUTH_MS < due) due = s->pend[i].opened + NS_AUTH_MS;
    if (s->phase == NS_ABSENT && s->deadline < due) due = s->deadline;
    if (s->phase == NS_ABSENT && s->o.role == NS_JOIN && s->next_retry < due) due = s->next_retry;
    return due <= t ? 0 : (int)(due - t);
}

/* The address wrong codes are counted for: an IPv4 address, or the /64
 * of an IPv6 one (one machine commonly holds a whole /64). */
static void addr_key(const struct sockaddr_storage *sa, char *out, size_t n)
{
    snprintf(out, n, "?");
    if (sa->ss_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out, (socklen_t)n);
    } else if (sa->ss_family == AF_INET6) {
        struct in6_addr a = ((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(&a)) {
            inet_ntop(AF_INET, a.s6_addr + 12, out, (socklen_t)n);
            return;
        }
        memset(a.s6_addr + 8, 0, 8);
        char t[INET6_ADDRSTRLEN];
        if (inet_ntop(AF_INET6, &a, t, sizeof t)) snprintf(out, n, "%s/64", t);
    }
}

/* The entry of addr; with make, a new one if there is none (replacing the
 * least recent entry that waits for nothing, else the least recent). */
static ns_peer *peer_find(ns_session *s, const char *addr, bool make)
{
    ns_peer *victim = NULL;
    long long t = now_ms();
    for (int i = 0; i < NS_PEERS; i++) {
        ns_peer *p = &s->peers[i];
        if (p->addr[0] && !strcmp(p->addr, addr)) return p;
        bool idle = !p->addr[0] || p->until <= t, vidle = victim && (!victim->addr[0] || victim->until <= t);
        if (!victim || (idle && !vidle) || (idle == vidle && p->last < victim->last)) victim = p;
    }
    if (!make) return NULL;
    memset(victim, 0, sizeof *victim);
    snprintf(victim->addr, sizeof victim->addr, "%s", addr);
    return victim;
}

/* Milliseconds addr must still wait before it is heard (0: none). */
static long long peer_wait(ns_session *s, const char *addr)
{
    ns_peer *p = peer_find(s, addr, false);
    long long t = now_ms();
    return p && p->until > t ? p->until - t : 0;
}

/* A wrong code from c's address: counted, and logged only the first time. */
static void wrong_code(ns_session *s, const ns_conn *c)
{
    ns_peer *p = peer_find(s, c->peer, true);
    long long t = now_ms();
    if (p->fails == 0)
        emit(s, NS_EV_INFO, s->g.len, -1, "wrong join code from %s (its further wrong codes are not logged)",
             c->peer);
    p->fails++;
    p->last = t;
    if (p->fails >= NS_FREE_GUESSES) {
        int k = p->fails - NS_FREE_GUESSES;
        long long wait = k >= 16 ? NS_GUESS_WAIT_MAX_MS : 1000LL << k;
        p->until = t + (wait > NS_GUESS_WAIT_MAX_MS ? NS_GUESS_WAIT_MAX_MS : wait);
    }
}

static void pend_refuse(ns_conn *c, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Refuses a connection that has no seat: one error line, then closed.
 * Nothing is logged: strangers could fill the log. */
static void pend_refuse(ns_conn *c, const char *kind, const char *fmt, ...)
{
    char text[200], buf[NP_MAX_LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    conn_send(c, buf, np_format_error(buf, sizeof buf, kind, text));
    c->close_after_flush = true;
}

/* The connection pend[i] gave the right code: it takes the seat, from
 * whoever held it (the same player on a connection that died unseen, or
 * one that was in the set-up). */
static void promote(ns_session *s, int i)
{
    ns_conn *c = &s->c;
    if (c->fd >= 0) {
        char buf[NP_MAX_LINE];
        conn_send(c, buf, np_format_error(buf, sizeof buf, "replaced",
                                          "another connection with the join code took this seat"));
        emit(s, NS_EV_INFO, s->g.len, -1, "a new connection with the join code replaces the old one");
        if (c->stage >= 2 && s->phase == NS_PLAYING) lost(s, "replaced by a new connection");
        else conn_close(c);
    }
    *c = s->pend[i];   /* the buffers move with it */
    memset(&s->pend[i], 0, sizeof s->pend[i]);
    s->pend[i].fd = -1;
    c->inlen = 0;
    c->stage = 1;
    c->last_rx = now_ms();
    host_send_setup(s);
}

/* The first line of a connection without a seat: `hello VERSION`. */
static void pend_hello(ns_session *s, int i, const char *line)
{
    ns_conn *c = &s->pend[i];
    np_msg m;
    char err[QP_ERR];
    /* the handshake proved the code: this only checks the version */
    if (np_parse(line, &m, err, sizeof err)) pend_refuse(c, "syntax", "%s", err);
    else if (m.kind != NP_HELLO) pend_refuse(c, "hello", "say hello first");
    else if (m.num != NP_VERSION) pend_refuse(c, "version", "protocol version %d here, %d there", NP_VERSION, m.num);
    else promote(s, i);
}

/* Host: the handshake of pend[i], then its first line.  A peer that
 * speaks in clear (a version 1 qipan sends `hello 1 CODE`) is told the
 * version and closed; a failed handshake after the peer offered a key
 * counts as a wrong code.  Nothing may follow hello before `welcome`, so
 * what does is dropped. */
static void pend_read(ns_session *s, int i)
{
    ns_conn *c = &s->pend[i];
    char err[QP_ERR];
    if (!c->tls) {
        unsigned char b;
        ssize_t k = recv(c->fd, &b, 1, MSG_PEEK);
        if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
        if (k <= 0) {
            conn_close(c);
            return;
        }
        if (b != 0x16) {   /* no TLS handshake record */
            pend_refuse(c, "version", "protocol version %d here: TLS with the join code as its key, not text in clear",
                        NP_VERSION);
            return;
        }
        long long wait = peer_wait(s, c->peer);
        if (wait > 0 || tls_start(s, c, true)) {   /* a guess while waiting is not even heard */
            conn_close(c);
            return;
        }
    }
    if (!c->secure) {
        int rc = tls_step(c, true, err, sizeof err);
        if (rc == 0) return;
        if (rc < 0) {
            if (c->psk_asked) wrong_code(s, c);
            conn_close(c);
            return;
        }
    }
    for (int rounds = 0; rounds < 16; rounds++) {
        size_t room = NP_MAX_LINE - 1 - c->inlen;
        if (room == 0) {
            pend_refuse(c, "too-long", "a message is at most %d bytes", NP_MAX_LINE);
            return;
        }
        ssize_t k = conn_recv(c, c->in + c->inlen, room, err, sizeof err);
        if (k == -2) return;
        if (k <= 0) {
            conn_close(c);
            return;
        }
        char *start = c->in + c->inlen, *nl = memchr(start, '\n', (size_t)k);
        c->inlen += (size_t)k;
        if (!nl) continue;
        for (char *q = c->in; q < nl; q++)
            if (!*q) *q = 0x7f;   /* a NUL would cut the line short: make it a bad byte */
        *nl = 0;
        if (nl > c->in && nl[-1] == '\r') nl[-1] = 0;
        c->inlen = 0;
        pend_hello(s, i, c->in);
        return;
    }
}

/* A new connection waits in the pool for its code; a full pool (or an
 * address's share of it) gives up its oldest.  An address that must wait
 * is closed at once. */
static void host_accept(ns_session *s)
{
    struct sockaddr_storage sa;
    socklen_t sl = sizeof sa;
    memset(&sa, 0, sizeof sa);
    int fd = accept(s->lfd, (struct sockaddr *)&sa, &sl);
    if (fd < 0) return;
    if (set_nonblock(fd) || s->phase == NS_OVER || s->phase == NS_ADJOURNED) {
        close(fd);
        return;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    char addr[64];
    addr_key(&sa, addr, sizeof addr);
    if (peer_wait(s, addr) > 0) {   /* closed unheard: its peer speaks TLS, so no word in clear */
        close(fd);
        return;
    }
    int slot = -1, mine = 0, my_oldest = -1, oldest = -1;
    for (int i = 0; i < NS_MAX_PENDING; i++) {
        ns_conn *p = &s->pend[i];
        if (p->fd < 0) {
            if (slot < 0) slot = i;
            continue;
        }
        if (oldest < 0 || p->opened < s->pend[oldest].opened) oldest = i;
        if (!strcmp(p->peer, addr)) {
            mine++;
            if (my_oldest < 0 || p->opened < s->pend[my_oldest].opened) my_oldest = i;
        }
    }
    if (mine >= NS_PENDING_PER_ADDR) slot = my_oldest;
    else if (slot < 0) slot = oldest;
    conn_close(&s->pend[slot]);
    conn_open(&s->pend[slot], fd);
    snprintf(s->pend[slot].peer, sizeof s->pend[slot].peer, "%s", addr);
}

static void check_timers(ns_session *s)
{
    long long t = now_ms();
    ns_conn *c = &s->c;
    for (int i = 0; i < NS_MAX_PENDING; i++) {
        ns_conn *p = &s->pend[i];
        /* no code in time, or refused and told: closed without a word in the log */
        if (p->fd >= 0 && (t - p->opened > NS_AUTH_MS || (p->close_after_flush && p->outlen == 0))) conn_close(p);
    }
    if (c->fd >= 0 && !c->connecting) {
        if (c->stage < 2 && s->o.role == NS_HOST && t - c->opened > NS_HANDSHAKE_MS) {
            emit(s, NS_EV_INFO, s->have_game ? s->g.len : 0, -1, "a connection did not complete the handshake");
            conn_close(c);
        } else if (t - c->last_rx > NS_IDLE_MS) {
            lost(s, "no message for too long");
        } else if (t - c->last_tx >= NS_PING_MS && !c->close_after_flush && (!c->tls || c->secure)) {
            /* (never during the TLS handshake: hello must come first) */
            np_msg m = np_simple(NP_PING, 0);
            snprintf(m.word, sizeof m.word, "p%d", ++s->ping_seq);
            send_msg(s, &m);
        }
    }
    if (s->phase == NS_PLAYING && s->running && s->o.role == NS_HOST) {
        int side = qp_game_to_move(&s->g);
        if (side >= 0 && side < 2 && t - s->turn_start >= s->left[side]) {
            charge_clock(s);
            s->left[side] = 0;
            np_msg m = np_simple(NP_TIMEOUT, s->g.len);
            m.num = side;
            send_msg(s, &m);
            char buf[160];
            snprintf(buf, sizeof buf, "%s wins: time", side_name(s, 1 - side));
            set_over(s, buf);
        }
    }
    if (s->phase == NS_ABSENT && t >= s->deadline) {
        if (s->o.role == NS_HOST && s->o.absent == NS_ABSENT_LOSS) {
            char buf[160];
            snprintf(buf, sizeof buf, "%s wins: time", side_name(s, s->seat));
            s->left[1 - s->seat] = 0;
            set_over(s, buf);
        } else {
            s->phase = NS_ADJOURNED;
            emit(s, NS_EV_ADJOURNED, s->g.len, -1, "%s did not come back within %d s: the game is adjourned",
                 s->o.role == NS_HOST ? "the opponent" : "the host", s->o.reconnect_wait_ms / 1000);
        }
        conn_close(c);
    }
    if (s->phase == NS_ABSENT && s->o.role == NS_JOIN && c->fd < 0 && t >= s->next_retry) {
        char err[QP_ERR];
        s->next_retry = t + NS_RETRY_MS;
        join_connect(s, err, sizeof err);
    }
}

void ns_after_poll(ns_session *s, const struct pollfd *p, int n)
{
    bool incoming = false;   /* accepted after the loop: a new fd may reuse a number polled here */
    for (int i = 0; i < n; i++) {
        if (p[i].fd == s->lfd && (p[i].revents & POLLIN)) incoming = true;
        for (int k = 0; k < NS_MAX_PENDING; k++) {
            ns_conn *q = &s->pend[k];
            if (q->fd < 0 || q->fd != p[i].fd || p[i].fd == s->lfd) continue;
            if (p[i].revents & POLLOUT) conn_flush(q);
            if (q->fd >= 0 && !q->close_after_flush && (p[i].revents & (POLLIN | POLLHUP | POLLERR))) pend_read(s, k);
            else if (q->fd >= 0 && (p[i].revents & (POLLHUP | POLLERR))) conn_close(q);
        }
        if (p[i].fd != s->c.fd || s->c.fd < 0) continue;
        ns_conn *c = &s->c;
        if (c->connecting && (p[i].revents & (POLLOUT | POLLERR | POLLHUP))) {
            int e = 0;
            socklen_t el = sizeof e;
            getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &el);
            if (e) {
                conn_close(c);
                if (s->phase == NS_WAITING) {
                    s->phase = NS_FAILED;
                    emit(s, NS_EV_FAILED, 0, -1, "cannot connect to %s:%d: %s", s->addr, s->o.port, strerror(e));
                }
                continue;
            }
            c->connecting = false;
            join_start_tls(s);
            continue;
        }
        if (c->tls && !c->secure) {
            if (p[i].revents) join_tls_step(s);
            continue;
        }
        if (p[i].revents & POLLOUT) conn_flush(c);
        if (c->fd >= 0 && (p[i].revents & (POLLIN | POLLHUP | POLLERR))) {
            if (c->close_after_flush) {
                if (p[i].revents & (POLLHUP | POLLERR)) conn_close(c);
            } else {
                conn_read(s);
            }
        }
    }
    if (incoming && s->lfd >= 0) host_accept(s);
    if (s->c.fd >= 0 && s->c.close_after_flush && s->c.outlen == 0) {
        bool playing = s->c.stage >= 2 && s->phase == NS_PLAYING;
        if (playing) lost(s, s->c.close_why ? s->c.close_why : "closed");
        else conn_close(&s->c);
    }
    if (s->c.fd >= 0 && (s->c.connecting || !s->c.secure) && now_ms() - s->c.opened > NS_CONNECT_MS) {
        conn_close(&s->c);
        if (s->phase == NS_WAITING) {
            s->phase = NS_FAILED;
            emit(s, NS_EV_FAILED, 0, -1, "cannot connect to %s:%d: timed out", s->addr, s->o.port);
        }
    }
    /* what TLS has decrypted already is not seen by poll */
    if (conn_buffered(&s->c) && !s->c.close_after_flush) conn_read(s);
    for (int k = 0; k < NS_MAX_PENDING; k++)
        if (conn_buffered(&s->pend[k]) && !s->pend[k].close_after_flush) pend_read(s, k);
    check_timers(s);
}

void ns_step(ns_session *s, int timeout_ms)
{
    struct pollfd p[NS_MAX_FDS];
    int n = ns_pollfds(s, p);
    int t = ns_timeout_ms(s);
    if (timeout_ms < t) t = timeout_ms;
    if (poll(p, (nfds_t)n, t) < 0) n = 0;
    ns_after_poll(s, p, n);
}

/* ---- state ------------------------------------------------------------- */

ns_phase ns_get_phase(const ns_session *s) { return s->phase; }
const qp_game *ns_game(const ns_session *s) { return s->have_game ? &s->g : NULL; }
int ns_seat(const ns_session *s) { return s->seat; }
bool ns_timed(const ns_session *s) { return s->timed; }
bool ns_started(const ns_session *s) { return s->ever_connected; }
const char *ns_result(const ns_session *s) { return s->result; }

bool ns_done(const ns_session *s)
{
    bool end = s->phase == NS_OVER || s->phase == NS_ADJOURNED || s->phase == NS_FAILED;
    return end && (s->c.fd < 0 || s->c.outlen == 0);
}

bool ns_draw_offered(const ns_session *s)
{
    return s->phase == NS_PLAYING && s->peer_draw == s->g.len;
}

bool ns_takeback_requested(const ns_session *s, int *ply)
{
    if (s->phase != NS_PLAYING || s->peer_tb < 0 || s->peer_tb_len != s->g.len) return false;
    if (ply) *ply = s->peer_tb;
    return true;
}

/* ---- our actions ------------------------------------------------------- */

static int need_playing(const ns_session *s, char *err, size_t errn)
{
    static const char *const why[] = {"the opponent has not joined yet", "", "the opponent is away",
                                      "the game is over", "the game is adjourned", "not connected"};
    if (s->phase == NS_PLAYING) return 0;
    snprintf(err, errn, "%s", why[s->phase]);
    return -1;
}

int ns_play(ns_session *s, qp_move m, char *err, size_t errn)
{
    if (need_playing(s, err, errn)) return -1;
    int side = qp_game_to_move(&s->g);
    if (side != s->seat) {
        snprintf(err, errn, "not your turn: %s to move", side_name(s, side));
        return -1;
    }
    if (!qp_move_is_legal(s->r, s->g.cur, m)) {
        snprintf(err, errn, "not a legal move");
        return -1;
    }
    np_msg msg = np_simple(NP_MOVE, s->g.len);
    s->r->rs->move_text(s->r, s->g.cur, m, msg.word, sizeof msg.word);
    send_msg(s, &msg);
    play(s, m, side);
    return 0;
}

int ns_resign(ns_session *s, char *err, size_t errn)
{
    if (need_playing(s, err, errn)) return -1;
    np_msg msg = np_simple(NP_RESIGN, s->g.len);
    send_msg(s, &msg);
    qp_game_resign(&s->g, s->seat);
    check_end(s);
    return 0;
}

int ns_offer_draw(ns_session *s, char *err, size_t errn)
{
    if (need_playing(s, err, errn)) return -1;
    if (s->peer_draw == s->g.len) return ns_answer_draw(s, true, err, errn);
    np_msg msg = np_simple(NP_DRAW, s->g.len);
    msg.answer = NP_OFFER;
    send_msg(s, &msg);
    s->my_draw = s->g.len;
    return 0;
}

int ns_answer_draw(ns_session *s, bool accept, char *err, size_t errn)
{
    if (need_playing(s, err, errn)) return -1;
    if (s->peer_draw != s->g.len) {
        snprintf(err, errn, "no draw offer is standing");
        return -1;
    }
    np_msg msg = np_simple(NP_DRAW, s->g.len);
    msg.answer = accept ? NP_ACCEPT : NP_DECLINE;
    send_msg(s, &msg);
    s->peer_draw = -1;
    if (accept) set_over(s, "draw: agreement");
    return 0;
}

int ns_request_takeback(ns_session *s, char *err, size_t errn)
{
    if (need_playing(s, err, errn)) return -1;
    /* back to before our own last move */
    int target = s->g.len - (qp_game_to_move(&s->g) == s->seat ? 2 : 1);
    if (target < 0) {
        snprintf(err, errn, "you have no move to take back");
        return -1;
    }
    np_msg msg = np_simple(NP_TAKEBACK, target);
    msg.answer = NP_OFFER;
    send_msg(s, &msg);
    s->my_tb = target;
    s->my_tb_len = s->g.len;
    return 0;
}

int ns_answer_takeback(ns_session *s, bool accept, char *err, size_t errn)
{
    int target;
    if (need_playing(s, err, errn)) return -1;
    if (!ns_takeback_requested(s, &target)) {
        snprintf(err, errn, "no takeback was requested");
        return -1;
    }
    np_msg msg = np_simple(NP_TAKEBACK, target);
    msg.answer = accept ? NP_ACCEPT : NP_DECLINE;
    send_msg(s, &msg);
    s->peer_tb = -1;
    if (accept) truncate_to(s, target);
    return 0;
}

int ns_chat(ns_session *s, const char *text, char *err, size_t errn)
{
    if (s->c.fd < 0 || s->c.stage < 2) {
        snprintf(err, errn, "not connected");
        return -1;
    }
    char why[96];
    if (!np_text_ok(text, why, sizeof why)) {
        snprintf(err, errn, "chat refused: %s (a chat line is printable text)", why);
        return -1;
    }
    np_msg msg = np_simple(NP_CHAT, 0);
    size_t n = strlen(text);
    if (n > 400) {   /* cut at a character's start, so the cut stays valid UTF-8 */
        n = 400;
        while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80) n--;
    }
    snprintf(msg.text, sizeof msg.text, "%.*s", (int)n, text);
    char buf[NP_MAX_LINE];
    int len = np_format(&msg, buf, sizeof buf);
    if (len < 0) {
        snprintf(err, errn, "a chat line is printable text");
        return -1;
    }
    send_line(s, buf, len);
    return 0;
}

void ns_leave(ns_session *s)
{
    np_msg m = np_simple(NP_BYE, 0);
    send_msg(s, &m);
    finish_conn(s);
    if (s->phase != NS_OVER && s->phase != NS_FAILED) {
        pause_clock(s);
        s->phase = NS_ADJOURNED;
        emit(s, NS_EV_ADJOURNED, s->have_game ? s->g.len : 0, -1, "you left the game");
    }
}

/* ---- saving ------------------------------------------------------------ */

/* The PGN result token of a result text from outside the moves ("red
 * wins: time", "draw: agreement"); "*" for a text that names no winner
 * of this game (the host's `end` text is the peer's to choose). */
static const char *result_token(const qp_rules *r, const char *result)
{
    if (!strncmp(result, "draw:", 5)) return "1/2-1/2";
    for (int side = 0; side < 2; side++) {
        const char *name = qp_side_name(r, side);
        size_t k = strlen(name);
        if (!strncmp(result, name, k) && !strncmp(result + k, " wins:", 6)) return side ? "0-1" : "1-0";
    }
    return "*";
}

/* The record's own result is what its moves say; a result from outside
 * the moves (time, agreement) is given to the writer as a claimed result
 * with its reason in [Termination].  A claimed record counts as one read
 * from a file, whose missing date the writer leaves unknown: the date of
 * today is handed over as the record's own Date tag (qp_record_today). */
int ns_save(const ns_session *s, const char *path, char *err, size_t errn)
{
    if (!s->have_game) {
        snprintf(err, errn, "no game to save");
        return -1;
    }
    qp_outcome o;
    qp_game_final_outcome(&s->g, &o);
    if (!s->result[0] || o.result != QP_ONGOING) return qp_record_save(&s->g, path, err, errn);
    qp_record *claim = calloc(1, sizeof *claim);
    if (!claim) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    snprintf(claim->result, sizeof claim->result, "%s", result_token(s->g.r, s->result));
    snprintf(claim->termination, sizeof claim->termination, "%s", s->result);
    claim->nmoves = s->g.len;
    claim->plycount = -1;
    snprintf(claim->keep_key[0], sizeof claim->keep_key[0], "Date");
    qp_record_today(claim->keep_val[0], sizeof claim->keep_val[0]);
    claim->nkeep = 1;
    size_t len;
    char *text = qp_record_text_from(&s->g, NULL, claim, &len, err, errn);
    free(claim);
    if (!text) return -1;
    int rc = qp_file_save(path, text, len, err, errn);
    free(text);
    return rc;
}
