/*
 * fen.h — the game-independent part of FEN text: splitting into fields,
 * the board field, the side to move, the "- - halfmove fullmove" tail.
 *
 * Contract:
 *  - The board field lists ranks from the top (the last rank, h) down to
 *    rank 1, separated by '/'; in a rank, a letter is a piece and a decimal
 *    number (several digits allowed: "15" on a 15×15 gomoku board, no
 *    leading zero) is that many empty points.  Boards are up to
 *    QP_MAX_SIDE × QP_MAX_SIDE.
 *  - Parsed boards come out as letters[w*h], indexed like board.h squares
 *    (sq = rank * w + file, rank 0 on the first player's side), 0 = empty.
 *    Which letters mean what stays the caller's business.
 *  - Every parser returns 0, or -1 with a qp_fen_error describing what is
 *    wrong in data (which field, the offending text, the counts).
 *    qp_fen_error_text() words it in the framework's style ("bad FEN board:
 *    rank 7 has 10 points ('p1p1p1p1p1')"); a ruleset whose users already
 *    rely on other wording formats the same data itself.
 *  - print(parse(x)) == x for every board field parse accepts, since runs
 *    are maximal digit strings and a leading zero is rejected.
 *
 * Rulesets keep what is specific to them: which letters exist, how many
 * pieces of a kind, where they may stand.
 */
#ifndef QP_FEN_H
#define QP_FEN_H

#include <stddef.h>

#include "board.h"

#define QP_FEN_MAX 1024         /* longest FEN text accepted, NUL included */
#define QP_FEN_MAX_FIELDS 8     /* fields kept by qp_fen_split (more are counted) */
#define QP_FEN_COUNTER_MAX 65535

typedef enum {
    QP_FEN_OK,
    QP_FEN_TOO_LONG,        /* hi: the limit */
    QP_FEN_FIELDS,          /* got fields, expected lo..hi */
    QP_FEN_RANKS,           /* got ranks, expected lo */
    QP_FEN_RANK_WIDTH,      /* rank has got points, expected lo; text: the rank */
    QP_FEN_RUN,             /* rank has a bad number of empty points: text */
    QP_FEN_LETTER,          /* text[0]: a character that is no piece letter */
    QP_FEN_SIDE,            /* text: the field; sides: the letters accepted */
    QP_FEN_CASTLING,        /* text: the field, which must be "-" */
    QP_FEN_EN_PASSANT,      /* text: the field, which must be "-" */
    QP_FEN_HALFMOVE,        /* text: not a number >= 0 */
    QP_FEN_HALFMOVE_RANGE,  /* text: a number above QP_FEN_COUNTER_MAX */
    QP_FEN_FULLMOVE,        /* text: not a number >= 1 */
    QP_FEN_FULLMOVE_RANGE   /* text: a number above QP_FEN_COUNTER_MAX */
} qp_fen_status;

typedef struct qp_fen_error {
    qp_fen_status code;
    int got, lo, hi;        /* counts, as noted per code */
    int rank;               /* 1-based rank as printed in move text (RANK_WIDTH, RUN) */
    char text[64];          /* offending text, truncated */
    char sides[8];          /* QP_FEN_SIDE: the accepted side letters */
} qp_fen_error;

/* Fields of a FEN, split at spaces and tabs.  Invariant: n counts every
 * field; field[i] (i < min(n, QP_FEN_MAX_FIELDS)) points into buf, so the
 * struct must not be copied while the pointers are used. */
typedef struct qp_fen_fields {
    int n;
    const char *field[QP_FEN_MAX_FIELDS];
    char buf[QP_FEN_MAX];
} qp_fen_fields;

/* Splits fen; fails with QP_FEN_TOO_LONG, or QP_FEN_FIELDS when the count
 * is outside [lo, hi] (f is filled in either case but the first). */
int qp_fen_split(const char *fen, int lo, int hi, qp_fen_fields *f, qp_fen_error *e);

/* Reads a board field of w × h into letters[w*h] (0 = empty).  allowed
 * lists the piece letters, case-sensitive (NULL: any ASCII letter).
 * Checks, in this order: the rank count; then rank by rank from the top,
 * each character (letters, run counts) and the rank's width. */
int qp_fen_parse_board(int w, int h, const char *field, const char *allowed,
                       char *letters, qp_fen_error *e);

/* The side to move: exactly one letter of sides ("wb": 'w' side 0, 'b' side 1). */
int qp_fen_parse_side(const char *field, const char *sides, int *side, qp_fen_error *e);

/* The chess-style tail f->field[first ..]: castling "-", en passant "-",
 * halfmove clock >= 0, fullmove number >= 1, each optional from the end
 * (absent counters give 0 and 1). */
int qp_fen_parse_counters(const qp_fen_fields *f, int first, unsigned *halfmove,
                          unsigned *fullmove, qp_fen_error *e);

/* Writes the board field of letters[w*h] (see above); returns its length,
 * and like snprintf truncates to n - 1 characters (n > 0). */
size_t qp_fen_print_board(int w, int h, const char *letters, char *buf, size_t n);

/* A whole chess-style FEN: board, side letter, "- -", the two counters.
 * Returns its length; truncates like qp_fen_print_board. */
size_t qp_fen_print(int w, int h, const char *letters, char side, unsigned halfmove,
                    unsigned fullmove, char *buf, size_t n);

/* The framework's wording of e. */
void qp_fen_error_text(const qp_fen_error *e, char *err, size_t errn);

#endif
