/*
 * blk.h — rule blocks: board games declared as data and played in C.
 *
 * A blk_game is a compiled rule set: which placements, movements, captures
 * and endings a game uses, each chosen from a fixed vocabulary (the blocks)
 * with its options.  A reader (the Lua adapter's lua_blocks.c) fills one
 * from a game file's `rules` and `eval` tables, calls blk_prepare, and the
 * ruleset hooks then call blk_gen / blk_make / blk_outcome … with no
 * interpreter in the loop.
 *
 * State layout (shared with the Lua adapter so hooks written in Lua can
 * read and change a block game's position through `pos`):
 *   [0]  u64 hash (Zobrist key of cells, side, vars and hands; not ply)
 *   [8]  i32 side to move, [12] i32 ply
 *   [16] nvars × i32 game vars (the file's `vars`)
 *   [off_cells] n × i8 piece codes (0 empty; holes always 0)
 *   [off_aux] blk_aux (hands, piece counts, captures, a made line)
 * state_size is off_aux + sizeof(blk_aux) rounded up to 8.
 *
 * Invariants: on boards of at most 64 points aux.bb[s] has bit sq set iff
 * side s has a piece on sq (else both are 0); aux.count[s] is the number of side s's pieces on the board,
 * aux.captured[s] the opponent pieces side s has removed (start material
 * minus what is left, so it is a function of board and hands; kept only
 * for games that end on a capture count, 0 otherwise), aux.line
 * is 1 + the side that has k in a row on the board (0: none).  The hash
 * covers cells, side, vars and hands; count/captured/line follow from them.
 *
 * Moves (64-bit, never 0):
 *   placement      to+1 in bits 0–9
 *   step / slide   to+1 | (from+1) << 10
 *   jump           to+1 | (from+1) << 10 | hops << 20 | dir_i << (24 + 3i)
 *                  (hops ≤ BLK_MAX_HOPS; each hop jumps the neighbour in
 *                  direction dir_i and lands just beyond it)
 *   set capture    to+1 | (from+1) << 10 | min(taken, 15) << 20 | set << 24
 *                  (rules.jump.remove = "after", blk_fly.c: bit i of set
 *                  is the i-th point a jump may take, jset_sq[i]; the
 *                  route is not written, so captures by different routes
 *                  taking the same pieces are one move)
 *   pass           BLK_PASS
 *   piece move     to+1 | (from+1) << 10, as a step; a capture when `to`
 *                  holds an enemy (blk_piece.h: displacement); bits 34-39
 *                  a promotion code, bits 40-43 a special kind (double
 *                  step, en passant, castling: blk_royal.h)
 *   shot           a step / slide | (then+1) << 24: the neutral piece shot
 *                  after the move lands on `then` (blk_shoot.c)
 *   swap           BLK_SWAP (the pie rule, blk_swap.c)
 *   mill           a placement or step | (r+1) << 24: it makes a mill and
 *                  removes the enemy piece on r (rules.mill, blk_mill.c)
 * A step, slide or placement may also capture by enclosing
 * (rules.capture): what it takes follows from the position, the move
 * carries no extra bits.
 * For moves with hops == 0, bits 24-33 hold a "then" square + 1, bits
 * 34-39 a promotion / piece code and bits 40-43 a special kind (chess).
 * A promotion (rules.promote) is not written in the move: a piece of a
 * kind that promotes always becomes its one promoted kind where it lands.
 * Group capture (rules.place.capture = "surround", blk_group.c) uses the
 * placement encoding only: what a stone takes follows from the position.
 * Texts: a placement is its square ("e4"), a move from-to ("a1b2"), a
 * chain of jumps every landing square ("a1c3e5"), a move and its shot
 * from-to-then ("d1d7g7"), a pass "pass", the pie rule's "swap"; a removal
 * after a mill follows as 'x' and its square ("d2xa7", "a1d1xg7").  A
 * game with set captures writes them with every landing ("c3e5g7"), or
 * with numbered squares (rules.notation) as draughts players do: "32-28",
 * "19x30" (blk_fly.c).
 *
 * Neutral pieces (side_of == 2, a piece kind no side owns: arrows) block
 * movement, count in aux.bb[2] / aux.count[2], and are nobody's to move.
 */
#ifndef QP_BLK_H
#define QP_BLK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "blk_piece.h"
#include "blk_royal.h"
#include "blk_shape.h"
#include "board.h"
#include "board_links.h"
#include "ruleset.h"

#define BLK_MAX_CODES 53           /* piece codes 1..52 */
#define BLK_MAX_HOPS 12
#define BLK_PASS ((qp_move)1 << 63)
#define BLK_SWAP ((qp_move)1 << 61)  /* the pie rule's swap (blk_swap.c) */
#define BLK_NEUTRAL 2                /* side_of a piece no side owns */
#define BLK_REASON 48
#define BLK_ENCLOSE_PATS 4         /* rules.capture patterns */
#define BLK_ENCLOSE_LEN 8          /* points in a pattern */
#define BLK_ENCLOSE_LINE QP_MAX_SIDE /* points in a line of the grid */
#define BLK_ENCLOSE_TPLS 1024      /* bitboard templates of all patterns */
#define BLK_MAX_MILLS 256          /* mills: windows of k points on the named lines */
#define BLK_MILLS_AT 24            /* mills through one point */
#define BLK_FLY_ALWAYS 1000

/* Where a placement may go. */
typedef enum {
    BLK_PLACE_NONE,     /* no placing */
    BLK_PLACE_EMPTY,    /* any empty point */
    BLK_PLACE_FLANK,    /* an empty point that brackets enemy runs, which flip */
    BLK_PLACE_GRAVITY   /* the lowest empty point of a column */
} blk_place;

/* Movement abilities of a piece (bit set). */
#define BLK_STEP 1u      /* to an adjacent empty point */
#define BLK_SLIDE 2u     /* any distance along a line through empty points */
#define BLK_JUMP 4u      /* over an adjacent piece to the empty point beyond, capturing it */
#define BLK_FLYJUMP 8u   /* with BLK_JUMP: over an enemy any distance away on a line (the points
                            between empty) to any empty point beyond it (a flying king) */
#define BLK_JSET_MAX 37  /* points a set capture may take: move bits 24-60 */

/* Which links movement and lines follow. */
typedef enum { BLK_DIRS_LINES, BLK_DIRS_ORTH, BLK_DIRS_DIAG } blk_dirs;

/* Chained jumps. */
typedef enum { BLK_CHAIN_NONE, BLK_CHAIN_OPTIONAL, BLK_CHAIN_FULL } blk_chain;

/* What a side to move without a legal move means. */
typedef enum {
    BLK_STUCK_LOSES,    /* it loses ("no moves") */
    BLK_STUCK_WINS,     /* it wins */
    BLK_STUCK_DRAW,     /* a draw ("board full") */
    BLK_STUCK_PASS,     /* it passes; when neither side can move the game ends */
} blk_stuck;

/* How a game that ends by passing or a full board is scored. */
typedef enum { BLK_END_DRAW, BLK_END_MOST, BLK_END_FEWEST } blk_count_end;

/* A placement of an enclosing pattern (blk_enclose.c) as bit masks. */
typedef struct blk_enclose_tpl {
    uint64_t own, enemy, empty;
} blk_enclose_tpl;

typedef struct blk_aux {
    uint64_t bb[3];          /* boards of ≤ 64 points: each side's pieces as bits; [2] neutral */
    int16_t hand[2];
    int16_t count[3];        /* [2]: neutral pieces */
    int16_t captured[2];
    int8_t line;
    int8_t connected;        /* 1 + the side whose pieces join its two regions (blk_connect.c) */
    int8_t passes;           /* rules.pass: passes in a row just made (hashed) */
    int8_t pad[1];
    /* royal pieces and special moves (blk_royal.h) */
    int16_t royal[2];        /* a side's royal piece's square + 1; 0: none */
    int16_t ep, ep_victim;   /* en passant square + 1 and the piece that passed + 1 */
    uint16_t quiet;          /* plies since a capture or a resetting move */
    uint8_t rights;          /* bit i: castling i allowed */
    uint8_t pad2[5];
} blk_aux;

typedef struct blk_game {
    /* ---- filled by the reader ---------------------------------------- */
    qp_geom geom;                 /* the lines moves and rows follow (holes unlinked) */
    uint8_t hole[QP_MAX_POINTS];
    int n, nsides, ncodes;        /* codes 1..ncodes */
    int8_t side_of[BLK_MAX_CODES];
    char letter[BLK_MAX_CODES];
    int8_t code_of[256];          /* letter → code, 0 if none */
    const uint64_t *z_cell;       /* n × (ncodes+1), code 0 entries are 0 */
    uint64_t z_side;

    /* placement */
    blk_place place;
    int place_code[2];            /* the piece each side places; 0: none */
    int hand[2];                  /* pieces in hand at the start; -1: unlimited */
    bool place_first;             /* with a hand: must place while any is left */
    blk_dirs place_dirs;          /* flank: the directions runs are bracketed in */

    /* movement */
    unsigned move[BLK_MAX_CODES]; /* BLK_STEP | BLK_SLIDE | BLK_JUMP per code */
    blk_dirs move_dirs;
    bool jump_over_own;           /* jumps may cross own pieces too (peg solitaire) */
    blk_chain chain;
    bool jump_forced;             /* a jump, when one exists, must be taken */
    bool move_while_hand;         /* pieces may move while the hand is not empty */
    bool hook_moves;              /* a Lua hook adds moves: no block need make any */

    /* capture by enclosing (blk_enclose.c): patterns read along the
     * lines through a moved or placed piece; 'X' own (the moved piece one
     * of them), 'o' enemy (taken), '.' empty, '?' any */
    int enclose_npat;             /* 0: no enclosing capture */
    char enclose_pat[BLK_ENCLOSE_PATS][BLK_ENCLOSE_LEN + 1];
    int8_t enclose_len[BLK_ENCLOSE_PATS];
    bool enclose_pal[BLK_ENCLOSE_PATS]; /* reads the same backward */
    bool enclose_whole;           /* a pattern must span its line edge to edge */
    blk_dirs enclose_dirs;
    /* derived on boards of ≤ 64 points: each placement of a pattern with
     * sq on an X as bit masks, templates [enclose_first[sq],
     * enclose_first[sq + 1]); enclose_bb false when they do not fit */
    bool enclose_bb;
    int16_t enclose_first[65];
    blk_enclose_tpl enclose_tpl[BLK_ENCLOSE_TPLS];
    /* pieces by kind: movements, zones and terrain, ranks, reach and
     * capture-all goals (blk_piece.h) */
    blk_pieces pc;
    /* royal pieces, castling, en passant, promotion, resetting kinds and
     * dead material (blk_royal.h) */
    blk_royal rk;

    /* pieces that go only forward, promote on reaching a zone, reset the
     * no-capture counter; the most-captures rule (blk_promote.c) */
    uint8_t own_dirs[BLK_MAX_CODES];  /* bit d: the piece keeps direction d of move_dirs (its own
                                       * `directions`, "forward-diagonals"); 0: keeps them all */
    int8_t promote_to[BLK_MAX_CODES];     /* the piece a code becomes in its zone; 0: none */
    uint8_t promote_zone[QP_MAX_POINTS];  /* bit s: side s's pieces promote on this point */
    bool promote_ends_chain;      /* a promotion ends a jump chain there */
    bool jump_most;               /* of the jumps, only those taking the most pieces */
    /* captures taken at the chain's end (blk_fly.c) */
    bool jump_after;              /* jumped pieces stay until the chain ends: they block, none is
                                     jumped twice; moves are set captures */
    bool jump_back[BLK_MAX_CODES];/* a forward piece that jumps backward too (draughts men):
                                     jump_mask, not dir_mask, gives its jumps */
    bool numbers;                 /* rules.notation = "numbers": points named 1..N, moves 32-28, 19x30 */
    uint8_t jump_mask[BLK_MAX_CODES];     /* derived: bit d, the piece jumps in direction d */
    int njset;                    /* derived: points a jump can take (never on an edge) */
    int8_t jset_bit[QP_MAX_POINTS];       /* their bit in a set capture, -1 */
    int16_t jset_sq[BLK_JSET_MAX];
    int16_t num_of[QP_MAX_POINTS];        /* derived with numbers: a point's number, 0 for holes */
    int16_t sq_of_num[QP_MAX_POINTS + 1];
    int nnum;
    bool resets_no_capture[BLK_MAX_CODES]; /* its moves reset the no-capture counter */
    uint8_t dir_mask[BLK_MAX_CODES];      /* derived: bit d, the piece moves in direction d */

    /* endings */
    int line_k;                   /* k in a row wins; 0: no line rule */
    bool line_exact;              /* exactly k (no overlines) */
    blk_dirs line_dirs;
    char line_reason[BLK_REASON];
    /* derived (blk_line.c) on boards of ≤ 64 points: every window of
     * line_k points along an axis, the points just past its ends (exact
     * lines), the windows through each point; line_bb false: walk cells */
    bool line_bb;
    int nlines;
    uint64_t line_mask[BLK_MAX_MILLS], line_ext[BLK_MAX_MILLS];
    uint8_t nline_at[64];
    uint8_t line_at[64][BLK_MILLS_AT];
    blk_stuck stuck;
    char stuck_reason[BLK_REASON];
    char stuck_side_reason[2][BLK_REASON]; /* per stuck side, when given */
    blk_count_end count_end;      /* scoring a game that ends by both passing */
    char count_reason[BLK_REASON];
    char count_draw_reason[BLK_REASON];
    int capture_win;              /* a side that has captured this many wins; 0: off */
    char capture_reason[BLK_REASON];
    int fewer_loses;              /* a side left with fewer pieces (board + hand) loses; 0: off */
    char fewer_reason[BLK_REASON];
    /* one-player goal */
    int goal_left;                /* pieces left that solve the puzzle; 0: no goal */
    int goal_sq;                  /* the last piece must stand here; -1: anywhere */
    char goal_reason[BLK_REASON];
    char noun[20];                /* what the pieces are called ("peg"); "piece" */

    /* shoot (blk_shoot.c): after a step or slide the piece shoots a
     * neutral piece from where it landed to a point it could move to so
     * (the point it left is empty by then): Amazons' arrows */
    int shoot_code;               /* the piece shot; 0: no shot */
    unsigned shoot_move;          /* BLK_STEP or BLK_SLIDE: how the shot travels */

    /* connect (blk_connect.c): a side whose pieces join its two regions
     * along the board's links wins (Hex) */
    bool has_connect;
    uint8_t connect_in[2][QP_MAX_POINTS]; /* per side: bit e set if the point is in end e */
    char connect_reason[BLK_REASON];
    /* swap (blk_swap.c): the pie rule, the second side's first move may
     * take over the first side's lone piece, mirrored across the a1 diagonal */
    bool swap;
    /* groups (blk_group.c): rules.place.capture, rules.pass, rules.score */
    bool group_capture;           /* "surround": groups left without a liberty are removed */
    bool group_suicide;           /* a placement may take its own group off (else illegal) */
    bool pass_always;             /* a pass is always a legal move */
    int pass_end;                 /* this many passes in a row end the game; 0: never */
    bool score_area;              /* the end is scored: stones + empty regions one side borders */
    int komi2;                    /* twice the komi, added to the second side's score */
    bool superko;                 /* a move may not recreate an earlier board (the game layer's) */
    char score_reason[BLK_REASON];
    /* playout shapes (blk_shape.h, rules.playout.patterns): next to the
     * last move a playout plays a point whose 3×3 neighbourhood matches */
    blk_shapes shapes;

    /* mills, flying and captures by surrounding (blk_mill.c) */
    int mill_k;                   /* a new line of k own pieces removes an enemy piece; 0: off */
    int fly_at;                   /* a side with at most this many pieces (board + hand) moves
                                     a piece to any empty point; 0: off, BLK_FLY_ALWAYS */
    bool surround;                /* capture = "surround": enemy groups a move leaves without
                                     an empty neighbour go */
    qp_lines lines;               /* the board's named lines (board.lines or its links' chains) */
    int nmills;                   /* derived: every k consecutive points of a line */
    uint64_t mill_mask[BLK_MAX_MILLS];
    uint8_t nmill_at[QP_MAX_POINTS];
    uint8_t mill_at[QP_MAX_POINTS][BLK_MILLS_AT];

    /* evaluation as data */
    bool has_eval;
    int value[BLK_MAX_CODES];     /* material, centi-units */
    int16_t square[BLK_MAX_CODES][QP_MAX_POINTS]; /* per code, from its side's view */
    int mobility[2];              /* per legal move, of each side */
    int hand_value[2];            /* a piece in hand is worth */
    int run_weight[QP_MAX_SIDE + 1]; /* per run of L pieces on a line, per open end */
    bool has_runs;
    int near[2];                  /* per enemy piece next to a piece of the side, of each side */
    int frontier;                 /* per piece next to an empty point, subtracted */
    int stable;                   /* per piece no flip can take (blk_eval.c) */
    int corner_weight[2];         /* per piece diagonally / orthogonally next to an empty corner */

    /* ---- derived by blk_prepare --------------------------------------- */
    size_t off_cells, off_aux, state_size;
    uint64_t z_hand[2][256];
    int start_total[2];           /* start material per side: board + hand */
    int ndir[QP_MAX_POINTS];      /* movement directions per square */
    int8_t dir[QP_MAX_POINTS][QP_NDIRS];
    bool any_jump;                /* some piece jumps: the only noisy moves */
    /* bitboards (n ≤ 64): neighbour in direction d is sq + bb_delta[d]
     * exactly for the squares in bb_valid[d] */
    bool bb_ok;
    int bb_delta[QP_NDIRS];
    uint64_t bb_valid[QP_NDIRS];
    uint64_t bb_empty_ok;         /* the points that exist (no holes) */
    int ncorners;                 /* blk_eval_prepare: the board's corners and, per corner, */
    int16_t corner[8], corner_next[8][3]; /* the point diagonally next to it, then the two beside it */
    int naxis_lines[4];           /* bb_ok: the board's lines along each axis (blk_eval.c) */
    uint64_t bb_line[4][64];       /* (a line split by holes is two) */
    uint64_t bb_edge[4];          /* bb_ok: the points with an end of their line beside them */
    uint64_t bb_points;           /* the same on every board of ≤ 64 points (aux.bb is kept there) */
    unsigned side_moves[2];       /* BLK_* movement bits of any piece of the side */
    int npdir[QP_MAX_POINTS];     /* flank directions per square */
    int8_t pdir[QP_MAX_POINTS][QP_NDIRS];
    char reason_left[64][BLK_REASON]; /* "N pieces left" texts for failed puzzles */
    char goal_miss_reason[BLK_REASON];
    /* One-player puzzles of orthogonal capturing jumps aiming at one piece
     * (peg solitaire): the position class.  Colour every point by
     * (x + y) mod 3 and by (x - y) mod 3; a jump takes pieces off two
     * colours of each colouring and puts one on the third, so the
     * parities of the three counts all flip together, and their pairwise
     * sums (4 bits) never change.  A position whose class no goal
     * position shares cannot reach the goal. */
    bool has_class;
    uint16_t goal_classes;        /* bit k: some goal position has class k */
    uint8_t colour[QP_MAX_POINTS];/* (x + y) mod 3 | ((x - y) mod 3) << 2 */
    uint64_t z_pass[4];           /* groups: key of aux.passes (capped at 3) */
} blk_game;

/* The position class of a puzzle with has_class (see blk_game), 0..15. */
int blk_class(const blk_game *g, const uint8_t *s);

/* True when a has_class puzzle cannot reach its goal from s. */
bool blk_hopeless(const blk_game *g, const uint8_t *s);

/* Fills the defaults every option has; the reader then overrides. */
void blk_defaults(blk_game *g);

/* Checks the options against each other and computes derived tables.
 * off_cells and base (the adapter's bytes before the aux) are given.
 * Returns 0, or -1 with err naming the conflicting options. */
int blk_prepare(blk_game *g, size_t off_cells, char *err, size_t errn);

/* Positions.  blk_refresh recomputes the aux part (counts, bitboards, a
 * made line, captures) from cells and hands, after a FEN or a Lua hook
 * wrote them; holes are emptied.  The hash is the reader's to recompute:
 * its keys for cells, side and vars (z_cell and z_side are those), XOR
 * blk_hands_key. */
void blk_refresh(const blk_game *g, void *s);
uint64_t blk_hands_key(const blk_game *g, const void *s);
void blk_fen_print(const blk_game *g, const void *s, char *buf, size_t n);
/* Fills the hands field of a position set up by the caller: the start hands. */
void blk_start_hands(const blk_game *g, void *s);
/* The hands field "[GGG]" when the game has hands: parses text at *p (after
 * the board) and advances; 0 or -1 with err. */
int blk_hands_parse(const blk_game *g, void *s, const char **p, char *err, size_t errn);

/* Moves. */
int blk_gen(const blk_game *g, const void *s, qp_move *out, qp_gen_mode mode);
void blk_make(const blk_game *g, void *s, qp_move m);   /* copy-make: no undo */
void blk_make_null(const blk_game *g, void *s);
unsigned blk_move_flags(const blk_game *g, const void *s, qp_move m);
int blk_move_order(const blk_game *g, const void *s, qp_move m);
void blk_move_text(const blk_game *g, qp_move m, char *buf, size_t n);
/* Parses a move text; on an illegal move err says why ("e4 is occupied",
 * "must flip at least one disc", "a jump is available and must be taken"). */
int blk_move_parse(const blk_game *g, const void *s, const char *text, qp_move *m, char *err, size_t errn);
int blk_move_squares(const blk_game *g, qp_move m, int *sq, int max);
/* The points m changes that are not clicked (the move_effects hook): the
 * pieces a jump chain passes over in its order, a castling partner's from
 * and to, a piece taken en passant, then every other point whose piece the
 * move changes (discs flipped, stones or pieces captured), in board order.
 * At most max; 0 for a pass. */
int blk_move_effects(const blk_game *g, const void *s, qp_move m, int *sq, int max);
/* Games with rules.jump.remove = "after" (blk_fly.c): the move text in s
 * (a capture's landings where the game's notation needs them; s NULL:
 * from and to only), the clicked points (every landing: the route is
 * found in s) and the taken pieces.  Each falls back to the functions
 * above for other games. */
void blk_fly_text(const blk_game *g, const void *s, qp_move m, char *buf, size_t n);
/* The name of point sq in the game's move texts: its number with
 * rules.notation = "numbers", else its coordinates (8 bytes of buf). */
void blk_point_name(const blk_game *g, int sq, char *buf);
int blk_fly_squares(const blk_game *g, const void *s, qp_move m, int *sq, int max);
int blk_fly_effects(const blk_game *g, const void *s, qp_move m, int *sq, int max);

/* Judgement.  blk_decided: whether the position is decided without
 * looking at moves (a line, a capture count, too few pieces, a solved
 * puzzle); fills o when it is. */
bool blk_decided(const blk_game *g, const void *s, qp_outcome *o);
void blk_outcome(const blk_game *g, const void *s, qp_outcome *o);
int blk_evaluate(const blk_game *g, const void *s);

static inline int8_t *blk_cells(const blk_game *g, void *s) { return (int8_t *)((uint8_t *)s + g->off_cells); }
static inline const int8_t *blk_ccells(const blk_game *g, const void *s)
{
    return (const int8_t *)((const uint8_t *)s + g->off_cells);
}
static inline blk_aux *blk_ax(const blk_game *g, void *s) { return (blk_aux *)((uint8_t *)s + g->off_aux); }
static inline const blk_aux *blk_cax(const blk_game *g, const void *s)
{
    return (const blk_aux *)((const uint8_t *)s + g->off_aux);
}
static inline int blk_side(const void *s) { return *(const int32_t *)((const uint8_t *)s + 8); }

#endif
