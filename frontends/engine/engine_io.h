/*
 * engine_io.h — line I/O shared by the engine protocols (uci.c: UCI and
 * UCCI; xboard.c: CECP).
 *
 * Every line written goes through eng_say(), which writes it in one piece
 * (lines of a search thread and of the reader never interleave) and turns
 * control characters into '?': no text of a game file can end a protocol
 * line early or add one.  Input is read in bounded lines; words are split
 * by a cursor each caller owns (no strtok: its hidden state would be
 * shared between the reader and a search thread).
 */
#ifndef QP_ENGINE_IO_H
#define QP_ENGINE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Control characters (and spaces when word) of s become '?'. */
void eng_clean(char *s, bool word);
/* Writes one cleaned line and flushes it. */
void eng_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A cursor over the words of a line, split in place on spaces, tabs, CR. */
typedef struct eng_words {
    char *p;                         /* the rest of the line; NULL: none */
} eng_words;
bool eng_is_sep(char c);
/* The next word (NUL-terminated in the line), or NULL at the end. */
char *eng_word(eng_words *c);

/* A whole decimal number, optionally signed, clamped to +-10^15; false
 * for anything else ("1e30", "1.5", "x", ""). */
bool eng_parse_int(const char *t, long long *out);

/* Reads one line of at most max bytes into *buf (grown as needed).
 * Returns its length, -1 at the end of input, -2 for a longer line
 * (skipped to its end) or -3 for a line holding a NUL byte. */
long eng_read_line(FILE *in, char **buf, size_t *cap, size_t max);

/* Copies a move text shifting every rank number (digits right after a
 * file letter a-z) by delta: ICCS and XBoard count the ten ranks of
 * Xiangqi from 0 where qipan counts from 1. */
void eng_shift_ranks(const char *in, char *out, size_t n, int delta);

#endif
