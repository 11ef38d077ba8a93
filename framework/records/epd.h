/*
 * epd.h — EPD position collections (test suites, endgame and puzzle
 * sets): one position a line,
 *
 *     BOARD SIDE [CASTLING EP] [HALFMOVE FULLMOVE] [OPERATIONS]
 *     rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - bm h2e2; id "start";
 *     3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 ; 02.单车
 *
 * The side is w or r (Red, the first player) or b.  Operations are
 * ";"-separated: bm (best moves), am (moves to avoid), id "...", c0..c9
 * "..." comments, any other opcode kept as comment text; a segment that
 * is no opcode (XQ Wizard's endgame files write " ; TITLE") is the
 * position's title, its id when it has none.  Moves are texts the
 * ruleset reads; for Xiangqi, coordinates count ranks 0-9 as ICCS and
 * UCCI do (h2e2).  Lines that are blank or start with '#' are skipped.
 *
 * As a record (record_format.h), an EPD file opens its first position,
 * to play from: the game is Xiangqi for a board of 10 ranks of 9 files,
 * else the one a `variant "NAME"` operation names; id is kept as the
 * [Event] tag and bm/am/comments as the comment before the first move.
 * `qipan analyze RULESET --epd FILE` runs every position as a test suite.
 */
#ifndef QP_EPD_H
#define QP_EPD_H

#include <stddef.h>

#include "record_format.h"

typedef struct qp_epd_pos {
    char fen[512];         /* BOARD SIDE - - HALFMOVE FULLMOVE, side w or b */
    char bm[256], am[256]; /* the operands as written, "" without */
    char id[256];          /* "" without */
    char comment[512];     /* c0..c9 and other operations, "; "-joined */
    char variant[64];      /* a variant operation's name, "" without */
    int ranks, files;      /* the board's size */
} qp_epd_pos;

/* Reads one line (n bytes, no line end): 1 with a position, 0 for a line
 * without one (blank, '#'), -1 with why. */
int qp_epd_line(const char *line, size_t n, qp_epd_pos *pos, char *why, size_t whyn);

/* The ruleset a position is of ("xiangqi" for 10x9), or NULL. */
const char *qp_epd_ruleset(const qp_epd_pos *pos);

qp_sniff qp_epd_sniff(const unsigned char *data, size_t len);
int qp_epd_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn);

#endif
