/*
 * record.h — saved games: PGN records shared by every frontend.
 *
 *     [Event "?"] [Site "?"] [Date "2026.11.25"] [Round "?"]
 *     [White "?"] [Black "?"]
 *     [Result "1-0"]                       (1-0 0-1 1/2-1/2 *)
 *     [Notation "chinese"]                 (how the moves are written, unless coord)
 *     [SetUp "1"] [FEN "..."]              (the start position)
 *     [Param "draw.repetitions" "4"]       (each non-default parameter)
 *     [Ply "12"]                           (only when viewing before the end)
 *     [PlyCount "57"]                      (moves in the record)
 *     [Termination "red wins: checkmate"]  (the reason, when the game ended)
 *     [Ruleset "xiangqi"]                  (qipan's name of the game)
 *     [Game "Chinese Chess"]               (Xiangqi in Chinese notation, WXF, ICCS)
 *     [Variant "xiangqi"]                  (Xiangqi in coordinates, as Fairy-Stockfish)
 *
 *     1. 炮二平五 马８进７
 *     ...
 *     1-0
 *
 * Reading accepts qipan's own older saves ([Result "red wins: ..."], no
 * result token), PGN from the Chinese Xiangqi world ([Game "Chinese
 * Chess"], FEN side r/b, ICCS moves with ranks 0-9) and from
 * Fairy-Stockfish sites ([Variant "xiangqi"], coordinates a1-i10).  Moves
 * may be in any notation the ruleset reads (notation_parse).  A record is
 * refused, and nothing changes, when a move is bad ("FILE:LINE:COL: move N
 * 'TEXT': unreadable|illegal|ambiguous: why"), when it is "truncated"
 * (fewer moves than [PlyCount]; no result token at the end of a record
 * with [PlyCount] or a [Result] of 1-0, 0-1 or 1/2-1/2) or
 * "inconsistent" (more moves than [PlyCount], a result token that differs
 * from [Result], a decided result that contradicts the position the moves
 * reach).  Only the position's own end (checkmate, no moves) stops a
 * record: the history rules (repetition, perpetual check) differ between
 * rule books, and real games play on after repetitions.
 *
 * The tags naming the game come last, so a file cut anywhere is refused:
 * before them it is no record, after them [PlyCount] and the result token
 * tell.  Files are read with a size bound and saved atomically (fileio.h).
 */
#ifndef QP_RECORD_H
#define QP_RECORD_H

#include "game.h"
#include "registry.h"
#include "variation.h"

#define QP_RECORD_MAX (8u << 20)   /* bytes: a larger file is not a record */
#define QP_RECORD_KEEP 24           /* other tags kept from a record read */

typedef struct qp_record qp_record;

/* Today's date as records write it ("2026.12.01", local time). */
void qp_record_today(char *buf, size_t n);

/* The PGN text of g with moves in notation (QP_NOTATION_*; NULL: the
 * ruleset's move_text).  malloc'd; NULL with err when the ruleset cannot
 * write that notation. */
char *qp_record_text(const qp_game *g, const char *notation, size_t *len, char *err, size_t errn);
/* The same, keeping what src (the record g was read from, may be NULL)
 * says beyond the moves: its other tags, and, while g still has the
 * record's moves, a result the position does not show (a draw by
 * agreement) with its [Termination]. */
char *qp_record_text_from(const qp_game *g, const char *notation, const qp_record *src, size_t *len,
                          char *err, size_t errn);
int qp_record_save(const qp_game *g, const char *path, char *err, size_t errn);
int qp_record_save_as(const qp_game *g, const char *path, const char *notation, char *err,
                      size_t errn);

/* Parsed record: the caller creates rules from ruleset+params, then
 * qp_record_replay() plays the moves into a game. */
typedef struct qp_record {
    char ruleset[64];              /* [Ruleset], else [Variant] lowercased, else "" */
    char game[128];                /* [Game] when neither: the registry knows whose
                                    * (qp_record_ruleset) */
    char date[32];
    char result[128];              /* [Result] as written */
    char termination[128];         /* [Termination], "" without */
    char fen[512];
    char hint[16];                 /* "iccs" when coordinates count ranks 0-9 */
    char end[8];                   /* result token ending the moves, "" without */
    int nparams;
    char pkey[QP_MAX_PARAMS][96];
    char pval[QP_MAX_PARAMS][QP_PARAM_TEXT];
    int ply;                       /* [Ply] header: viewing position, -1 = end */
    int plycount;                  /* [PlyCount], -1 without */
    int nmoves;
    char (*moves)[QP_MOVE_TEXT];   /* heap */
    int *move_line, *move_col;     /* where each move is written */
    /* Comments of the main line, or NULL when the record has none: nmoves
     * + 1 entries, comments[0] before the first move and comments[i]
     * after move i; each NULL or a malloc'd UTF-8 text (qp_record_comment). */
    char **comments;
    /* NAGs of the main line like comments: NULL, or nmoves + 1 entries
     * (nags[0] before the first move), each NULL or "$1 $14". */
    char **nags;
    /* Variations (variation.h): NULL, or nmoves entries, alt[i] the first
     * alternative to moves[i] in vars (-1 for none). */
    int *alt;
    qp_vars vars;
    /* Variations the file holds that the record does not keep (the
     * reader skipped them): the frontends warn "FILE: 3 variations not
     * kept". */
    int nvariations;
    char format[16];               /* the format it was read from ("pgn", "xqf"...), "" */
    /* The game's number in a file of many (from 1), 0 in a file of one:
     * messages name it. */
    int game_no;
    /* What loading found wrong without refusing the record (a variation's
     * move that does not replay: kept as written), "" when nothing; the
     * frontends print it. */
    char warning[QP_ERR];
    /* Other tags (Event, Red, Opening, ...), kept for writing the game again */
    int nkeep;
    char keep_key[QP_RECORD_KEEP][32];
    char keep_val[QP_RECORD_KEEP][256];
} qp_record;

/* What every format's reader starts with: rec emptied (no [Ply], no
 * [PlyCount]) and, when text is not NULL, data decoded to UTF-8
 * (encoding.h) into *text (malloc'd, *tlen bytes).  0, or -1 with
 * "NAME: why". */
int qp_record_begin(qp_record *rec, const char *name, const unsigned char *data, size_t len, char **text,
                    size_t *tlen, char *err, size_t errn);
/* What a reader that builds its main line apart ends with: the line's n
 * moves, their lines and columns (NULL: none, a binary format) and
 * comments (n + 1 entries or NULL) taken into rec, each pointer then
 * NULL; the comments only when one is there (the array freed else).
 * 0, or -1 when out of memory (what rec took, qp_record_free frees). */
int qp_record_adopt(qp_record *rec, int n, char (**moves)[QP_MOVE_TEXT], int **line, int **col, char ***comments);
/* Parses a record's text (PGN, in any encoding encoding.h reads); name
 * prefixes the messages. */
int qp_record_parse(qp_record *rec, const char *name, const char *text, size_t len, char *err,
                    size_t errn);
/* Game n (from 1) of a PGN text that may hold many (a collection); errors
 * of a file of many name the game ("FILE:12:5: game 3: move 7 ...").
 * "FILE: game 4 of 3" when there is no such game. */
int qp_record_parse_game(qp_record *rec, const char *name, const char *text, size_t len, int n, char *err,
                         size_t errn);
/* A line about game n of a collection, as lists of games show it:
 * "3. RED - BLACK, RESULT, DATE, PLIES plies" (? for what it lacks). */
void qp_record_summary(const qp_record *rec, int n, char *buf, size_t len);
/* Names game n in msg, a message about file name: "NAME:L:C: why"
 * becomes "NAME:L:C: game n: why"; n 0 leaves it. */
void qp_record_name_game(char *msg, size_t n, const char *name, int game);
/* Every game of a PGN text in turn: each(rec, ctx) may keep rec (then it
 * must free it) and returns 0 to go on.  Returns the number of games, or
 * -1 at the first that does not parse (err) or when each fails. */
int qp_record_each(const char *name, const char *text, size_t len, int (*each)(qp_record *rec, void *ctx),
                   void *ctx, char *err, size_t errn);
void qp_record_free(qp_record *rec);
/* The registered ruleset rec is a game of: the one [Ruleset] names, else
 * the one whose name or record_variant is [Variant], else the one whose
 * record_game is [Game] (or that takes any [Game]: record_game_any).
 * NULL when none. */
const qp_ruleset *qp_record_ruleset(const qp_record *rec, const qp_registry *reg);

/* Sets NAGs like qp_record_comment sets comments. */
int qp_record_nags(qp_record *rec, int i, const char *text);
/* How many first moves of g are src's own (read in src's hint): the
 * moves whose comments, NAGs and variations a writer keeps for g. */
int qp_record_shared(const qp_record *src, const qp_game *g);
/* Reads text (a record's move, in any notation the ruleset reads, hint as
 * the record's) at s; 0, or -1 with e. */
int qp_record_read_move(const qp_rules *r, const void *s, const char *text, const char *hint, qp_move *m,
                        char *e, size_t en);
/* Checks that every variation's moves replay from where they branch off
 * g (the game replayed from rec): the first that does not is named in
 * rec->warning ("a variation at ply 5: move 'h2e2': illegal: ..."), and
 * kept as written.  Returns the number of such variations. */
int qp_record_check_variations(qp_record *rec, const qp_game *g);

/* Keeps tag key = val with the record, to be written again: on one line
 * (control characters become spaces) and cut, if it must be, where a
 * UTF-8 character ends, so what is written stays UTF-8; a key kept
 * already is replaced.  Returns 0, or -1 when QP_RECORD_KEEP tags are
 * kept already (nothing changed). */
int qp_record_keep(qp_record *rec, const char *key, const char *val);
/* The same for a value a format's field gives, where an empty one says
 * nothing: nothing is kept for it (0). */
int qp_record_keep_given(qp_record *rec, const char *key, const char *val);
/* Sets the comment at index i (0..nmoves, see comments) to a copy of text,
 * appending to one already there (a space between).  Call after the moves
 * are in rec.  Returns 0, or -1 when out of memory or i is out of range. */
int qp_record_comment(qp_record *rec, int i, const char *text);
/* Builds params for rs from the record's Param headers. */
int qp_record_params(const qp_record *rec, const qp_ruleset *rs, qp_params *p, char *err, size_t errn);
/* g must be initialised from rec->fen; plays all moves, -1 at the first
 * bad one ("LINE:COL: move 12 'e3e5': <reason>") or when the result
 * contradicts the position ("inconsistent: ..."). */
int qp_record_replay(const qp_record *rec, qp_game *g, char *err, size_t errn);

/* The result the record claims: its end token, else a standard [Result],
 * else NULL. */
const char *qp_record_claim(const qp_record *rec);

#endif
