/*
 * blk_royal.h — royal pieces and the special moves around them, declared
 * as data on top of the piece vocabulary (blk_piece.h), implemented in
 * blk_royal.c:
 *
 *   royal       kinds whose capture ends the game: a move that leaves the
 *               mover's royal piece attacked is illegal, and a side with
 *               no legal move while attacked suffers stuck_check (checkmate)
 *   castling    a royal piece and a partner that have not moved go to two
 *               given squares, when the squares between are empty and the
 *               royal piece is not attacked on its square, on those it
 *               passes, nor where it lands; each castling is a right kept
 *               in the state (FEN letters, "KQkq")
 *   double step a move of two squares or more by a movement that holds
 *               only from a zone (blk_pmove.from_zone: a pawn's from its
 *               start rank); the square it passed may then be taken en
 *               passant by an enemy movement marked en_passant (capture
 *               only), which removes the piece that passed
 *   promotion   a piece of a promoting kind that reaches its side's part
 *               of the promotion area (g->promote_zone) becomes a kind of
 *               the mover's choice ("e7e8q"); a promotion to one kind is
 *               forced and unwritten (blk_promote.c)
 *   resets      kinds whose every move resets the count of plies without a
 *               capture (rules.resets_no_capture, QP_MF_RESETS_COUNTER:
 *               the fifty-move rule's pawn moves), kept for the FEN
 *   dead        sets of material (the pieces on the board) that cannot
 *               win: the game is drawn when the board holds exactly one
 *
 * Attacks are the movements of the attacking side's pieces that capture,
 * looked at in reverse from the attacked square (a slide walks out until a
 * piece, a step or leap looks at one square), ignoring ranks and terrain.
 *
 * Moves (blk.h): piece moves from-to; bits 34-39 the promotion code, bits
 * 40-43 the special kind (BLK_SP_*).  A castling is the royal piece's
 * from-to with BLK_SP_CASTLE; its text is the royal piece's ("e1g1"), a
 * promotion's adds the lowercase letter ("e7e8q").
 *
 * State (blk_aux): rights (bit i: castling i still allowed), ep (the square
 * that may be taken en passant + 1, 0: none; set only when some enemy
 * movement could take there), ep_victim (the piece that passed + 1), quiet
 * (plies since a capture or a resetting move: the FEN halfmove clock, not
 * hashed), royal[side] (its royal piece's square + 1; one per side).  The
 * hash covers rights and ep.
 */
#ifndef QP_BLK_ROYAL_H
#define QP_BLK_ROYAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "ruleset.h"

#define BLK_MAX_CASTLES 8
#define BLK_MAX_DEAD 16
#define BLK_RREASON 48            /* = BLK_REASON */
#define BLK_ROYAL_MAX_STATE (QP_MAX_POINTS + 512)   /* a state copied to test a move */

/* The special kind of a move, bits 40-43. */
#define BLK_SP_SHIFT 40
#define BLK_SP_DOUBLE 1u          /* a double step: leaves an en passant square */
#define BLK_SP_EP 2u              /* an en passant capture */
#define BLK_SP_CASTLE 3u          /* a castling: the royal piece's from-to */
#define BLK_PROMO_SHIFT 34        /* bits 34-39: the promotion code, 0 none */

typedef struct blk_castle {
    int16_t kfrom, kto, pfrom, pto;   /* royal piece and partner, from and to */
    int8_t side;
    char right;                       /* its FEN letter */
} blk_castle;

typedef struct blk_royal {
    bool on;                      /* some special below is declared */
    uint64_t royal;               /* bit c: code c is royal */
    char royal_name[16];          /* what reasons call it ("king") */
    int ncastle;
    blk_castle castle[BLK_MAX_CASTLES];
    char castle_refused[BLK_RREASON];
    bool promo_choice;            /* some kind promotes to a kind of the mover's choice,
                                     where g->promote_zone says (lua_promote.c) */
    uint8_t npromo[64];           /* per code: how many kinds it may become */
    uint8_t promo_list[64][8];    /* and which, in the declared order */
    bool en_passant;              /* some movement takes en passant */
    uint64_t resets;              /* bit c: code c's moves reset the quiet count */
    int ndead;
    uint8_t dead[BLK_MAX_DEAD][64];   /* per set: count per code */
    int dead_max;                 /* the most pieces of any set */
    char dead_reason[BLK_RREASON];
    bool stuck_check_set;         /* stuck while attacked is judged apart */
    int stuck_check;              /* blk_stuck */
    char stuck_check_reason[BLK_RREASON];
    bool chess_fen;               /* FEN: side castling ep halfmove fullmove */

    /* ---- derived by blk_royal_prepare ---- */
    uint8_t keep_rights[QP_MAX_POINTS];   /* rights kept by a move from or to sq */
    int nav[2];                   /* attacking vectors per attacking side */
    uint8_t av[2][48];
    uint8_t arange[48][64];       /* per vector and code: capture range, 0 none */
    uint8_t amax[2][48];
    int16_t rto[QP_MAX_POINTS][48];   /* the square at -vector, -1 none */
    int nepm[2];                  /* en passant movements per taking side */
    uint8_t ep_code[2][16], ep_vec[2][16];
    uint64_t z_rights[BLK_MAX_CASTLES];
    uint64_t z_ep[QP_MAX_POINTS];
} blk_royal;

struct blk_game;

void blk_royal_defaults(blk_royal *k);
int blk_royal_prepare(struct blk_game *g, char *err, size_t errn);

/* The start position's rights: every castling whose pieces stand on their
 * squares.  Call before the hash is computed. */
void blk_royal_start(const struct blk_game *g, void *s);
/* Royal squares from the cells (blk_refresh). */
void blk_royal_refresh(const struct blk_game *g, void *s);
/* The part of the hash for rights and the en passant square. */
uint64_t blk_royal_key(const struct blk_game *g, const void *s);

/* Whether sq is attacked by side by. */
bool blk_attacked(const struct blk_game *g, const void *s, int sq, int by);
/* Whether side's royal piece is attacked. */
bool blk_in_check(const struct blk_game *g, const void *s, int side);

/* The legal piece moves of side appended to out[n..] (piece movements,
 * promotions, castling, filtered for royal safety); the new count. */
int blk_royal_moves(const struct blk_game *g, const void *s, int side, qp_move *out, int n, bool stop_at_one);

/* Called by blk_make for a from-to move before the moving piece is put on
 * `to`: removes the en passant victim, moves a castling partner, updates
 * rights, the en passant square and the quiet count; returns the code that
 * lands (the promoted one). */
int blk_royal_make(const struct blk_game *g, void *s, qp_move m, int from, int to, int code);
/* The points a castling or an en passant capture changes besides the
 * royal piece's (or pawn's) from and to: the partner's from and to, the
 * pawn taken; the count (≤ max), 0 for any other move. */
int blk_royal_effects(const struct blk_game *g, const void *s, qp_move m, int *sq, int max);
/* A null move clears the en passant square. */
void blk_royal_null(const struct blk_game *g, void *s);

/* Noisy (captures and promotions) and resetting moves. */
bool blk_royal_noisy(const struct blk_game *g, const void *s, qp_move m);
unsigned blk_royal_flags(const struct blk_game *g, const void *s, qp_move m);

/* Dead material draws. */
bool blk_royal_decided(const struct blk_game *g, const void *s, qp_outcome *o);

/* Why the move text ("e1g1", "e7e8k") of the side to move is refused by
 * these rules (a castling's conditions, a royal piece left attacked, a
 * promotion's choice); false to let others say. */
bool blk_royal_why(const struct blk_game *g, const void *s, const char *text, char *err, size_t errn);

/* FEN tail "castling ep halfmove fullmove" of a chess-form FEN: printing
 * appends to buf; parsing reads the fields after the side (toks), sets
 * state fields; returns 0 or -1 with err. */
void blk_royal_fen_print(const struct blk_game *g, const void *s, char *buf, size_t n);
int blk_royal_fen_parse(const struct blk_game *g, void *s, const char *castling, const char *ep,
                        const char *half, char *err, size_t errn);

#endif
