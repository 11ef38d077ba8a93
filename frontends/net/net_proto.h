/*
 * net_proto.h — the network-play line protocol (docs/protocol.md): parsing
 * and formatting of single messages, and the rules digest both sides
 * compare.  Pure functions: no sockets, no clocks, no global state, so
 * every rule of the protocol text is unit-tested here.
 *
 * A message is one line of at most NP_MAX_LINE bytes including its LF.
 * np_parse() takes the line without LF (a trailing CR is the caller's to
 * strip) and either fills an np_msg or says what is wrong; it never reads
 * past the terminating NUL and accepts only printable Unicode (np_text_ok),
 * so a chat line can carry neither terminal escapes nor text that
 * reorders what is printed around it.  np_format() is its inverse:
 * np_parse(np_format(m)) == m for every valid m.
 */
#ifndef QP_NET_PROTO_H
#define QP_NET_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"

#define NP_VERSION 2              /* 2: TLS with the join code as key; hello has no code */
#define NP_MAX_LINE 4096          /* bytes per message, LF included */
#define NP_MAX_WORD 64            /* a code, ruleset name, key, token */
#define NP_MAX_PLY 100000
#define NP_MAX_MS 864000000LL     /* ten days: bounds every clock value */

typedef enum {
    NP_HELLO,      /* hello VERSION                  joiner -> host, inside TLS */
    NP_WELCOME,    /* welcome VERSION                host -> joiner */
    NP_RULES,      /* rules RULESET DIGEST */
    NP_PARAM,      /* param KEY VALUE... */
    NP_START,      /* start FEN... | start - */
    NP_SEAT,       /* seat SIDE                      the receiver's side */
    NP_TIME,       /* time BASE_MS INC_MS            0 0: untimed */
    NP_HISTORY,    /* history N                      N move lines follow */
    NP_MOVE,       /* move PLY TEXT */
    NP_CLOCK,      /* clock PLY MS0 MS1 */
    NP_SYNC,       /* sync PLY                       end of the set-up */
    NP_READY,      /* ready PLY DIGEST               joiner accepts */
    NP_RESIGN,     /* resign PLY */
    NP_DRAW,       /* draw offer|accept|decline PLY */
    NP_TAKEBACK,   /* takeback request|accept|decline PLY */
    NP_CHAT,       /* chat TEXT... */
    NP_PING,       /* ping TOKEN */
    NP_PONG,       /* pong TOKEN */
    NP_ERROR,      /* error KIND TEXT... */
    NP_TIMEOUT,    /* timeout SIDE PLY               SIDE's time ran out */
    NP_END,        /* end PLY RESULT... */
    NP_BYE         /* bye */
} np_kind;

typedef enum { NP_OFFER, NP_ACCEPT, NP_DECLINE } np_answer;

/* One message.  Which fields are set depends on kind (see the list above);
 * the others are zero. */
typedef struct np_msg {
    np_kind kind;
    int num;                  /* VERSION, SIDE, N */
    int ply;
    np_answer answer;         /* DRAW, TAKEBACK (offer = request) */
    long long ms[2];          /* CLOCK: MS0 MS1; TIME: BASE INC */
    uint64_t digest;          /* RULES, READY */
    char word[NP_MAX_WORD];   /* CODE RULESET KEY move-TEXT error-KIND TOKEN */
    char text[NP_MAX_LINE];   /* VALUE FEN chat error text RESULT ("" if none) */
} np_msg;

/* Parses one line (no LF).  Returns 0, or -1 with err saying what is wrong
 * (e.g. "unknown message 'foo'", "move: bad ply 'x'"). */
int np_parse(const char *line, np_msg *m, char *err, size_t errn);

/* Formats m with its LF into buf.  Returns the length, or -1 when a field
 * is out of range or the line would exceed NP_MAX_LINE (nothing to send). */
int np_format(const np_msg *m, char *buf, size_t n);

/* Convenience constructors for the common messages. */
np_msg np_simple(np_kind kind, int ply);
int np_format_error(char *buf, size_t n, const char *kind, const char *text);

/* True when s may be sent as TEXT: printable Unicode (valid UTF-8, no C0
 * or C1 control character, no bidirectional embedding, override or
 * isolate U+202A-U+202E, U+2066-U+2069).  Otherwise err (may be NULL)
 * names the first offence: "control character U+009B at byte 3". */
bool np_text_ok(const char *s, char *err, size_t errn);

/* A valid join code: 4..32 characters of [A-Za-z0-9_-]. */
bool np_code_valid(const char *code);

/* Digest of what makes the rules: the ruleset's name and every parameter
 * except the engine's own (ai.* preferences, eval.* weights), which never
 * change what is legal, in schema order (FNV-1a 64).  It detects
 * accidental differences; it is no security measure. */
uint64_t np_rules_digest(const qp_rules *r);
/* True when the parameter key takes part in the digest. */
bool np_param_counts(const char *key);

/* Compares a parameter the host announced with ours: writes into buf what
 * differs ("parameter 'draw.repetitions' is 3 on the host, 4 here" or
 * "parameter 'x' is unknown here") and returns true, or returns false. */
bool np_param_differs(const qp_params *mine, const char *key, const char *value,
                      char *buf, size_t n);

#endif
