/*
 * engine.h — the client side of an external engine program (UCI, or any
 * line protocol such as xboard on top of the plain calls): tools/match.c
 * plays against one, tools/texel.c has positions labelled by one.
 *
 * Contract:
 * - eng_start runs CMD (words split at spaces, no quoting; the program is
 *   looked up on PATH) with pipes for its standard input and output; its
 *   standard error stays ours.  A program that cannot be run fails here,
 *   with a message, rather than as a silent end of output later.  The
 *   pipes are close-on-exec, so a second engine does not inherit the
 *   first one's.
 * - The caller ignores SIGPIPE (signal(SIGPIPE, SIG_IGN)): writing to an
 *   engine that died is then an error return, not the end of the caller.
 * - Output is read in whole lines of at most ENG_LINE_MAX bytes, returned
 *   without their '\n' (and '\r').  A read waits at most its timeout and
 *   tells a timeout (ENG_TIMEOUT) from the end of the engine's output
 *   (ENG_GONE: it exited, crashed or closed its output) and from a line
 *   too long for the buffer (ENG_LONG).
 * - eng_close always reaps the process: "quit", then up to a grace period
 *   for it to exit, then SIGKILL (a hung engine cannot hang the caller).
 *   It is safe on an eng that was zeroed and never started.
 * No globals: all state is in the eng.
 */
#ifndef ENG_ENGINE_H
#define ENG_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define ENG_LINE_MAX (1 << 16)

enum { ENG_OK = 0, ENG_TIMEOUT = -1, ENG_GONE = -2, ENG_LONG = -3 };

/* A running engine.  Invariant: pid > 0 exactly while the process is ours
 * to reap; buf[0..len) is output read but not yet returned as lines. */
typedef struct eng {
    pid_t pid;
    int to, from;          /* its standard input, its standard output */
    char cmd[256];         /* for messages */
    char buf[ENG_LINE_MAX];
    size_t len;
} eng;

/* Milliseconds of a monotonic clock. */
int64_t eng_now_ms(void);

/* Starts cmd; 0, or -1 with a message in err. */
int eng_start(eng *e, const char *cmd, char *err, size_t errn);
/* Writes text (one or more lines, each ending in '\n'); 0 or -1. */
int eng_send(eng *e, const char *text);
/* The next line into out (truncated to outn), within timeout_ms: ENG_OK
 * or a negative ENG_ code. */
int eng_read_line(eng *e, char *out, size_t outn, int timeout_ms);
/* Reads lines until one starts with prefix (copied to out): ENG_OK; 1
 * when a line starting with stop (NULL: none) comes first, e.g. an xboard
 * engine's "resign"; else the negative code of eng_read_line.  The
 * timeout is for the whole wait. */
int eng_read_until(eng *e, const char *prefix, const char *stop, char *out, size_t outn,
                   int timeout_ms);
/* Sends "quit", closes the pipes and reaps the process (see above): its
 * exit status, 128 + the signal that ended it, or -1 without a process. */
int eng_close(eng *e);

/* ---- UCI ----------------------------------------------------------------- */

/* The UCI_Variant for a ruleset: the one given, else the ruleset's own
 * name (Fairy-Stockfish and qipan know xiangqi by that name). */
const char *eng_uci_variant(const char *given, const char *ruleset);
/* The greeting: "uci", UCI_Variant (unless variant is NULL), each option
 * "NAME=VALUE" (or "NAME" for a button) as setoption, then "isready",
 * waiting up to 10 s for "readyok".  0, or -1 with a message in err. */
int eng_uci_init(eng *e, const char *variant, const char *const *options, int noptions,
                 char *err, size_t errn);

enum { ENG_SCORE_NONE, ENG_SCORE_CP, ENG_SCORE_MATE };

/* What one search reported: its move and its last exact score. */
typedef struct eng_result {
    char best[64];         /* bestmove's move, e.g. "(none)" in a finished game */
    int kind;              /* ENG_SCORE_ */
    int score;             /* centipawns, or moves to mate (< 0: being mated);
                            * from the side to move's view */
    int depth;             /* the depth of the line that gave score, 0 if none */
    char error[256];       /* the first "info string error..." line's text
                            * after "info string ", "" if none: an engine
                            * that refuses a position says so and answers
                            * for the one before */
} eng_result;

/* The score of an "info" line: its kind (ENG_SCORE_NONE for lines
 * without one, "info string" lines, bounds (lowerbound / upperbound: an
 * aspiration window failed, not a result) and lines of a multipv other
 * than the first), *score and, when depth is not NULL, *depth (0 when the
 * line names none); both are left alone for ENG_SCORE_NONE. */
int eng_uci_info_score(const char *line, int *score, int *depth);
/* Sends commands (e.g. "position fen F\ngo depth 8\n") and reads until
 * "bestmove", within timeout_ms for the whole search: ENG_OK with res
 * filled (res->error set when the engine reported an error meanwhile),
 * or the negative code of eng_read_line (ENG_GONE too when the commands
 * cannot be written). */
int eng_uci_go(eng *e, const char *commands, int timeout_ms, eng_result *res);

#endif
