/*
 * net_session.h — one network game between two qipan programs
 * (docs/protocol.md): the connection, the handshake, and the game kept
 * in step on both sides.
 *
 * The connection is TLS 1.3 (GnuTLS) whose only key is the join code
 * (TLS-PSK with (EC)DHE): the code is never sent, a peer without it fails
 * the handshake, and every line after it is encrypted and authenticated,
 * so a relay can break a session but not put a move, a resignation or any
 * other line into it.
 *
 * The session owns the rules and the game record; the record is the single
 * source of truth.  Every move that arrives is parsed and checked with the
 * ruleset (move_parse + legality, ply number, side to move) before it is
 * played; anything else is answered with an `error` message, reported as
 * an NS_EV_INFO event, and changes nothing.  The host is the authority for
 * the clocks and for the game after a reconnect (its record is replayed,
 * move by move and checked, by the joiner).
 *
 * It never blocks: the caller polls its descriptors (ns_pollfds, with its
 * own such as stdin) with the timeout ns_timeout_ms gives, then calls
 * ns_after_poll; or calls ns_step(s, 0) once per frame (a window).  What
 * happened comes out as events (ns_next_event).  Nothing a peer sends can
 * reach a file or code: messages are bounded (NP_MAX_LINE bytes, a rate
 * limit, an idle limit), parsed into fixed fields, and only ever matched
 * against the ruleset's own move texts.
 *
 * The host's seat is taken only by a connection that finished the TLS
 * handshake with the join code and said hello: new connections wait in a
 * pool of their own (NS_MAX_PENDING, the oldest dropped when it is full)
 * and are closed unless they do so within NS_AUTH_MS, so connections that
 * never speak hold nothing.  A connection
 * with the code takes the seat even from one that holds it (a dropped
 * player whose old connection the host has not seen die yet comes back at
 * once); the old one is told `error replaced` and closed.  Wrong codes
 * (handshakes that fail after the peer offered a key) are counted per
 * address (IPv6: per /64): after NS_FREE_GUESSES an address waits 1 s,
 * 2 s, 4 s ... (at most NS_GUESS_WAIT_MAX_MS) before its next connection
 * is heard, and only its first wrong code is logged.
 */
#ifndef QP_NET_SESSION_H
#define QP_NET_SESSION_H

#include <poll.h>
#include <stdbool.h>

#include "game.h"
#include "net_proto.h"

#define NS_DEFAULT_PORT 7071
#define NS_HANDSHAKE_MS 10000   /* from accept to `ready` */
#define NS_AUTH_MS 5000         /* host: from accept to a right code, or closed */
#define NS_MAX_PENDING 8        /* host: connections without a right code yet */
#define NS_PENDING_PER_ADDR 4   /* of which from one address */
#define NS_FREE_GUESSES 3       /* wrong codes from an address before it must wait */
#define NS_GUESS_WAIT_MAX_MS 60000   /* the longest wait: 1 s, 2 s, 4 s ... up to this */
#define NS_PING_MS 5000         /* a ping after this long without sending */
#define NS_IDLE_MS 30000        /* a connection silent this long is dropped */
#define NS_RATE_PER_S 20        /* messages per second, sustained */
#define NS_RATE_BURST 100       /* messages at once */
#define NS_MAX_ERRORS 16        /* protocol errors before the connection is closed */

typedef enum { NS_HOST, NS_JOIN } ns_role;
typedef enum { NS_ABSENT_LOSS, NS_ABSENT_ADJOURN } ns_absent;

typedef enum {
    NS_WAITING,     /* host: no opponent yet; joiner: connecting */
    NS_PLAYING,
    NS_ABSENT,      /* the connection dropped; waiting for a reconnect */
    NS_OVER,        /* the game ended; ns_result says how */
    NS_ADJOURNED,   /* the opponent did not come back; the game stops unfinished */
    NS_FAILED       /* refused (wrong code, rules differ) or cannot connect */
} ns_phase;

typedef struct ns_options {
    ns_role role;
    const char *addr;          /* host: address to listen on; join: host to connect to */
    int port;                  /* host: 0 picks a free port */
    const char *code;          /* join code */
    int side;                  /* host: the host's side, 0 or 1 */
    long long base_ms, inc_ms; /* clocks; base 0: untimed */
    int reconnect_wait_ms;     /* how long a dropped side may take to come back */
    ns_absent absent;          /* host: what happens when it does not */
} ns_options;

typedef enum {
    NS_EV_LISTENING,      /* text: "ADDR:PORT" */
    NS_EV_CONNECTED,      /* the game starts or resumes at ply; text: how */
    NS_EV_MOVE,           /* rec[ply] was played by side */
    NS_EV_DRAW_OFFERED,   /* the opponent offers a draw */
    NS_EV_DRAW_DECLINED,
    NS_EV_TAKEBACK_REQUESTED,   /* back to ply */
    NS_EV_TAKEBACK_DONE,        /* the record now ends at ply */
    NS_EV_TAKEBACK_DECLINED,
    NS_EV_CHAT,           /* text: the opponent's line */
    NS_EV_LOST,           /* the connection dropped; text says what now */
    NS_EV_INFO,           /* a protocol error or note, for the log */
    NS_EV_END,            /* the game is over; text: the result */
    NS_EV_ADJOURNED,      /* text: why */
    NS_EV_FAILED          /* text: the reason (refused, cannot connect) */
} ns_event_kind;

typedef struct ns_event {
    ns_event_kind kind;
    int ply, side;
    char text[512];
} ns_event;

typedef struct ns_session ns_session;

/* The joiner learns the ruleset's name from the host; this opens it with
 * the joiner's own configuration (NULL: not available, with the reason
 * already in err). */
typedef qp_rules *(*ns_open_rules_fn)(void *ud, const char *name, char *err, size_t errn);

/* Host: r and g (initialised from r) are handed over to the session.
 * Joiner: r/g are NULL unless the user named a ruleset (then the host's
 * must match); open_rules opens the host's ruleset otherwise; fen is the
 * joiner's start position (NULL: the ruleset's).  Returns NULL with err
 * (r is freed then too). */
ns_session *ns_new(const ns_options *o, qp_rules *r, const char *fen, ns_open_rules_fn open_rules,
                   void *ud, char *err, size_t errn);
void ns_free(ns_session *s);

/* Event loop: descriptors to poll (at most NS_MAX_FDS), the poll timeout,
 * and the work after poll(); ns_step does all three. */
#define NS_MAX_FDS (2 + NS_MAX_PENDING)
int ns_pollfds(ns_session *s, struct pollfd *p);
int ns_timeout_ms(ns_session *s);
void ns_after_poll(ns_session *s, const struct pollfd *p, int n);
void ns_step(ns_session *s, int timeout_ms);
bool ns_next_event(ns_session *s, ns_event *ev);

/* State. */
ns_phase ns_get_phase(const ns_session *s);
const qp_game *ns_game(const ns_session *s);   /* NULL until the joiner knows the rules */
int ns_seat(const ns_session *s);              /* our side */
bool ns_timed(const ns_session *s);
bool ns_started(const ns_session *s);          /* both sides were at the board at least once */
long long ns_clock_ms(const ns_session *s, int side);   /* remaining, now */
const char *ns_result(const ns_session *s);    /* "red wins: checkmate", "" while playing */
bool ns_done(const ns_session *s);             /* over/adjourned/failed and all sent */
bool ns_draw_offered(const ns_session *s);     /* by the opponent, standing */
bool ns_takeback_requested(const ns_session *s, int *ply);
/* "red 4:59.8  black 5:00.0" (empty when untimed). */
void ns_clock_text(const ns_session *s, char *buf, size_t n);

/* Our actions; -1 with the reason in err when not possible now. */
int ns_play(ns_session *s, qp_move m, char *err, size_t errn);
int ns_resign(ns_session *s, char *err, size_t errn);
int ns_offer_draw(ns_session *s, char *err, size_t errn);
int ns_answer_draw(ns_session *s, bool accept, char *err, size_t errn);
int ns_request_takeback(ns_session *s, char *err, size_t errn);
int ns_answer_takeback(ns_session *s, bool accept, char *err, size_t errn);
int ns_chat(ns_session *s, const char *text, char *err, size_t errn);
/* Leaves without resigning (the opponent may wait for a reconnect). */
void ns_leave(ns_session *s);

/* Saves the record; a result the record cannot derive from its moves (a
 * loss on time, a draw by agreement) is written into its Result header. */
int ns_save(const ns_session *s, const char *path, char *err, size_t errn);

#endif
