/*
 * game.h — a game: an initial position plus the record of moves.
 *
 * The record is the single source of truth.  The current position is the
 * initial one with rec[0..cursor) replayed; undo and redo move the cursor
 * and rebuild by replaying, so they can never drift from what was played.
 * Playing a move while the cursor is behind the end drops the redo tail.
 *
 * The game layer also owns the rules that need history (r->draw):
 * repetition with perpetual-check loss, and the no-capture counter, and a
 * resignation.  For each ply i (0..cursor) it keeps the hash of the
 * position before ply i+1 and whether the move into it gave check, so the
 * search can detect repetitions along its own line, and the key of each
 * board for positional superko (r->draw.superko): qp_game_play_text
 * refuses a move that recreates an earlier board and qp_game_moves leaves
 * such moves out.
 */
#ifndef QP_GAME_H
#define QP_GAME_H

#include "ruleset.h"

/* Invariant: positions 0..cursor have hist[] entries; cur is the position
 * after rec[0..cursor). */
typedef struct qp_hist {
    uint64_t hash;        /* of the position after this ply (ply 0: start) */
    bool gave_check;      /* the move into it left the mover's enemy in check */
    int quiet_plies;      /* plies since the last capture, as of this position */
    int to_move;          /* side to move in this position */
    uint64_t board;       /* qp_board_key of this position (superko) */
} qp_hist;

typedef struct qp_game {
    const qp_rules *r;
    void *start;              /* initial position */
    void *cur;                /* position at cursor */
    char start_fen[512];      /* "" when the ruleset has no FEN */
    qp_move *rec;             /* moves played, len of them */
    int len, cap, cursor;
    qp_hist *hist;            /* cursor+1 entries valid */
    int resigned;             /* side that resigned, or -1 */
    void *scratch;            /* a position's room for superko's look ahead */
} qp_game;

/* Starts a game from the ruleset's setup, or from fen when non-NULL.
 * Returns 0, or -1 with err (bad FEN: the field and text). */
int qp_game_init(qp_game *g, const qp_rules *r, const char *fen, char *err, size_t errn);
void qp_game_free(qp_game *g);
/* Back to the initial position with an empty record. */
void qp_game_reset(qp_game *g);

/* Plays a legal move (the caller checked legality, e.g. with move_parse).
 * Drops any redo tail and a resignation. */
void qp_game_play(qp_game *g, qp_move m);
/* Parses and plays text; -1 with the ruleset's reason in err, or, under
 * superko, "d5 recreates an earlier position (superko)". */
int qp_game_play_text(qp_game *g, const char *text, char *err, size_t errn);
/* The legal moves at the cursor: the gen hook's, less those superko
 * forbids.  out holds QP_MAX_MOVES. */
int qp_game_moves(const qp_game *g, qp_move *out);
/* Whether superko allows m (a move gen lists) at the cursor; true when
 * the game has no superko. */
bool qp_game_superko_allows(const qp_game *g, qp_move m);

/* The side resigns at the current position; undo takes it back.
 * A resignation ends the record: the redo tail is dropped. */
void qp_game_resign(qp_game *g, int side);
bool qp_game_undo(qp_game *g);      /* false at the start */
bool qp_game_redo(qp_game *g);      /* false at the end */
void qp_game_goto(qp_game *g, int ply);   /* 0..len */

/* The ruleset's verdict, then resignation, then history draws. */
void qp_game_outcome(const qp_game *g, qp_outcome *o);
/* The same verdict for the end of the record, whatever ply is viewed. */
void qp_game_final_outcome(const qp_game *g, qp_outcome *o);
int qp_game_to_move(const qp_game *g);

/* Text of rec[i], as played from the position before it (replays). */
void qp_game_move_text(const qp_game *g, int i, char *buf, size_t n);
void qp_game_move_notation(const qp_game *g, int i, char *buf, size_t n);
/* Current position as FEN (ruleset's fen_print), "" without one. */
void qp_game_fen(const qp_game *g, char *buf, size_t n);

/* History-rule verdict for a line: given the hashes/check flags of a game
 * plus a search line, the search asks this through qp_hist arrays.
 * Returns QP_ONGOING, or a draw / win (perpetual check) at position last. */
void qp_history_judge(const qp_rules *r, const qp_hist *h, int last, qp_outcome *o);
/* Superko: whether a move from position last of h that leads to a board
 * of key `board` recreates an earlier board (one of h[0..last], other
 * than h[last]'s own: a move that changes nothing, a pass, is allowed). */
bool qp_superko_repeats(const qp_hist *h, int last, uint64_t board);

#endif
