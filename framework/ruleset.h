/*
 * ruleset.h — the one door between the generic core and a game.
 *
 * A qp_ruleset is a static table of hooks plus a parameter schema; it is
 * registered by name (registry.h).  qp_rules_create() turns it into an
 * instance, a qp_rules, for one set of parameters: the ruleset's create hook
 * reads the parameters, fills the instance's description (state size,
 * board geometry, side names, draw rules, capabilities) and keeps private
 * data in r->impl.
 *
 * A position ("state") is a flat blob of r->state_size bytes owned by the
 * caller: the framework copies it with memcpy, so it holds no pointers to
 * itself.  Moves are opaque 64-bit values owned by the ruleset; the value 0
 * (QP_MOVE_NONE) is never a move.
 *
 * Contract of the hooks (r is the instance, s a state):
 *  - gen(r, s, out, mode) writes the legal moves (mode QP_GEN_ALL) or the
 *    legal noisy moves only (QP_GEN_NOISY: captures and whatever else the
 *    quiescence search should look at) and returns their count
 *    (≤ QP_MAX_MOVES).  It returns 0 from a decided position (the game is
 *    over by the position's own rules); outcome() then says how.
 *  - make(r, s, m, undo) plays a legal move in place.  If unmake is set and
 *    undo is non-NULL, undo (r->undo_size bytes) receives what unmake
 *    needs; callers without unmake, or passing undo = NULL, copy the state
 *    before make (copy-make).
 *  - outcome(r, s, &o) judges the position alone (no history): ongoing, or
 *    who won and why, or a draw.  History rules (repetition, move
 *    counters) are the game layer's, driven by r->draw.
 *  - hash(r, s) is a Zobrist-style key of the position incl. side to move.
 *  - evaluate(r, s) scores for the side to move, in centi-units where a
 *    typical piece is ~100; |score| < QP_SCORE_MATE_BOUND.
 *  - flags(r, s) reports status flags of the side to move, bit i named
 *    r->flag_names[i]; bit 0 (QP_FLAG_CHECK) means "in check" for the
 *    search's check extension.
 *  - move_parse(r, s, text, &m, err) accepts exactly the texts move_text
 *    produces for legal moves, and otherwise says what is wrong in err
 *    ("not your piece", "leaves your general in check", ...).
 *
 * Side 0 moves first (Red / White / X); one-player games use side 0 only.
 * One-player puzzles (nsides == 1) never draw: QP_WIN with winner 0 means
 * "solved", QP_WIN with winner 1 means "failed" (frontends print
 * `solved: REASON` / `failed: REASON`).
 */
#ifndef QP_RULESET_H
#define QP_RULESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "params.h"

/* The plugin ABI.  Every table a plugin registers starts with its ABI
 * version and its own size (sizeof (qp_ruleset) as the plugin's copy of
 * this header has it), so a plugin built against another ruleset.h is
 * refused before a hook past the end of its table is called: hooks
 * appended here change the size, which the registry checks, without
 * anyone remembering to raise the version.  The version rises only when
 * the start of the table changes (2: the size field was added). */
#define QP_ABI_VERSION 2
/* Moves in one position: Amazons 10x10 has 2176 at the start and more in
 * open middle games; callers keep one or two lists on the stack (32 KiB
 * each), the search and perft keep theirs on the heap. */
#define QP_MAX_MOVES 4096
#define QP_MOVE_NONE ((qp_move)0)
#define QP_SCORE_MATE 30000
#define QP_SCORE_MATE_BOUND 29000   /* scores beyond are mate distances */
#define QP_MOVE_TEXT 64   /* room for a 12-hop jump chain on a 26×26 board */
#define QP_ERR 256

typedef uint64_t qp_move;

/* What gen lists: every legal move; the noisy ones (captures and the
 * like, for quiescence); or enough to tell whether there is a legal move
 * at all (a search leaf asking "is the game over?") — a ruleset may stop
 * after the first, or treat QP_GEN_ANY as QP_GEN_ALL. */
typedef enum { QP_GEN_ALL, QP_GEN_NOISY, QP_GEN_ANY } qp_gen_mode;

typedef enum { QP_ONGOING, QP_WIN, QP_DRAW } qp_result;

typedef struct qp_outcome {
    qp_result result;
    int winner;            /* QP_WIN: the side that won */
    const char *reason;    /* static text, e.g. "checkmate", "repetition" */
} qp_outcome;

/* Status flag bit 0 is the search's "in check". */
#define QP_FLAG_CHECK 1u

/* Move properties the framework needs without knowing the game. */
#define QP_MF_CAPTURE 1u        /* noisy; resets the no-capture counter */
#define QP_MF_IRREVERSIBLE 2u   /* no earlier position can recur after it */
#define QP_MF_RESETS_COUNTER 4u /* not a capture, yet resets the no-capture counter
                                   (a draughts man's move, a chess pawn's) */

/* Capabilities the search may use. */
#define QP_CAP_NULLMOVE 1u      /* passing is never best: null-move pruning OK */
#define QP_CAP_LMR 2u           /* late-move reductions OK */
#define QP_CAP_LEAF_CHECK 4u    /* a quiet move can end the game (k in a row):
                                   the search checks every leaf for a decided
                                   position, not only flagged ones */
#define QP_CAP_QCHECKS 8u       /* quiescence tries quiet checks on its first
                                   ply (needs flags() to report check) */
#define QP_CAP_EVAL_CACHE 16u   /* evaluate() depends only on what hash()
                                   covers: the search may keep evals by hash
                                   (not so when the eval reads a counter the
                                   hash leaves out) */

/* MCTS options a game declares (qp_rules.playout). */
#define QP_PLAYOUT_AVOID_OWN_EYES 1u   /* playouts fill no single-point eye of the mover */
#define QP_PLAYOUT_RAVE 2u             /* AMAF/RAVE: a move scores alike wherever it is played */
#define QP_PLAYOUT_ATARI 4u            /* playouts answer ataris (the playout_urgent hook) */
#define QP_PLAYOUT_PATTERNS 8u         /* playouts play the game's local shapes next to the last
                                          move first (playout_move only) */
#define QP_PLAYOUT_PRIORS 16u          /* new tree nodes start from the game's opinion of their
                                          moves (the move_priors hook) */

/* The AI of a game (qp_rules.ai). */
#define QP_AI_DEFAULT 0
#define QP_AI_ALPHABETA 1
#define QP_AI_MCTS 2

/* History draw rules, applied by the game layer.  0 disables a rule. */
typedef struct qp_draw_rules {
    int repetitions;            /* n-th occurrence of a position draws */
    bool perpetual_check_loses; /* the side that checked every move loses */
    int no_capture_plies;       /* plies without a capture that draw */
    /* Positional superko (Go): a move that turns the board into one it
     * was earlier in the game is illegal; a move that leaves the board as
     * it is (a pass) is not.  Boards are compared by qp_board_key.  The
     * game layer refuses such moves and leaves them out of its lists
     * (game.h), the search and MCTS skip them along their line and the
     * game before it, perft along its path from the root (perft.h); the
     * gen hook, which sees one position, still lists them. */
    bool superko;
} qp_draw_rules;

/* What a frontend draws at a point. */
typedef struct qp_piece_view {
    int side;               /* 0 or 1; 2: a neutral piece, no side's (an arrow) */
    char letter;            /* ASCII letter (FEN case) */
    const char *glyph;      /* UTF-8 glyph, e.g. "帅"; "" for a plain stone */
} qp_piece_view;

/* Why a move was refused (the why_refused hook, framework/why.h): a
 * reason code for tests and frontends, and the reason in English and in
 * Chinese, each one short line naming the points and pieces concerned
 * ("blocked by the soldier on a3" / "被a3的兵挡住"). */
typedef enum qp_why_code {
    QP_WHY_NONE = 0,      /* no refusal: the points make or begin a legal move */
    QP_WHY_OVER,          /* the game is over */
    QP_WHY_OFF_BOARD,     /* a point that is not on the board */
    QP_WHY_EMPTY,         /* no piece on the point moved from */
    QP_WHY_NOT_YOURS,     /* the piece is the opponent's */
    QP_WHY_OWN_PIECE,     /* the destination holds one of the mover's pieces */
    QP_WHY_OCCUPIED,      /* the point is taken (a placement, a landing) */
    QP_WHY_NO_MOVE,       /* the piece has no legal move at all */
    QP_WHY_CANNOT_MOVE,   /* the piece does not move that way */
    QP_WHY_BLOCKED,       /* a piece stands in the way */
    QP_WHY_LEG,           /* a horse's leg or an elephant's eye is blocked */
    QP_WHY_SELF_CHECK,    /* it would leave the mover's general (king) in check */
    QP_WHY_FLYING,        /* the two generals would face each other */
    QP_WHY_HAND_FIRST,    /* pieces in hand must be placed first */
    QP_WHY_NO_HAND,       /* nothing left in hand to place */
    QP_WHY_SUICIDE,       /* the piece would have no liberty */
    QP_WHY_MUST_CAPTURE,  /* a capture (jump) is compulsory */
    QP_WHY_MUST_CONTINUE, /* the move is unfinished: continue the chain / name its last part */
    QP_WHY_REPETITION,    /* it would repeat an earlier position (ko, superko) */
    QP_WHY_RULE,          /* another rule of the game: the texts say which */
    QP_WHY_CODES
} qp_why_code;

#define QP_WHY_TEXT 160
typedef struct qp_why {
    qp_why_code code;
    char en[QP_WHY_TEXT];  /* English, no final period */
    char zh[QP_WHY_TEXT];  /* Chinese (UTF-8) */
} qp_why;

typedef struct qp_ruleset qp_ruleset;
typedef struct qp_rules qp_rules;

/* An instance: a ruleset with its parameters.  Filled by create(). */
struct qp_rules {
    const qp_ruleset *rs;
    void *impl;                      /* the ruleset's private data */
    qp_params params;
    size_t state_size;
    size_t undo_size;
    qp_geom geom;
    int nsides;                      /* 1 or 2 */
    const char *side_names[2];       /* "red", "black" */
    const char *const *flag_names;   /* NULL-terminated */
    qp_draw_rules draw;
    unsigned caps;                   /* QP_CAP_* */
    int max_game_plies;              /* upper bound of a game's length; 0: none */
    /* Which count the game's published perft figures are (documentation
     * for perft.h; it changes no count): false, positions after exactly
     * the depth (chess, Xiangqi); true, also a game that ended earlier as
     * one leaf (tic-tac-toe's 255168 games), which `qipan perft
     * --finished` counts and plain `qipan perft` notes on stderr. */
    bool perft_counts_games;
    /* rules text of this instance for help screens (UTF-8): rs->help_text
     * unless create() wrote one that follows the parameters */
    const char *help_text;
    /* Which AI plays the game (ai.h): QP_AI_DEFAULT lets the framework
     * choose, MCTS when the ruleset has no evaluate hook, else alpha-beta. */
    int ai;
    /* The first failure a hook of this instance reported ("FILE:LINE:
     * why" for a game file), NULL while none: set by adapters, whose
     * failing hooks then answer "no moves" / "no change", so counts and
     * searches after it are wrong and callers say so. */
    const char *failed;
    /* The game's MCTS options (mcts.h), appended: QP_PLAYOUT_* bits, 0
     * for uniformly random playouts and plain UCT. */
    unsigned playout;
};

/* Both fields first, as a plugin writes them:
 *     .abi = QP_ABI_VERSION, .size = sizeof(qp_ruleset),
 * (or QP_RULESET_HEAD).  Tables compiled into qipan need not set size. */
#define QP_RULESET_HEAD .abi = QP_ABI_VERSION, .size = sizeof(qp_ruleset)

struct qp_ruleset {
    int abi;                         /* QP_ABI_VERSION */
    size_t size;                     /* sizeof(qp_ruleset) where the table was compiled */
    const char *name;                /* registry name, e.g. "zhonggong" */
    const char *title;               /* one line for `qipan list` */
    const qp_param_def *params;      /* schema, NULL-key terminated */
    const char *config_file;         /* default config under scripts/, or NULL */
    void *userdata;                  /* for adapters (Lua rulesets) */

    /* The hooks.  REQUIRED ones the registry insists on and the framework
     * calls without looking; every other is optional: left NULL, the
     * framework does what its comment says instead. */

    /* REQUIRED: reads the parameters and fills the instance (state size,
     * geometry, sides, flags, draw rules, caps).  0, or -1 with err. */
    int (*create)(qp_rules *r, char *err, size_t errn);
    /* optional: frees r->impl (without it nothing is freed but r). */
    void (*destroy)(qp_rules *r);

    /* Positions */
    void (*setup)(const qp_rules *r, void *s);             /* REQUIRED: the start position */
    /* optional: reads a FEN (without it --fen and records with [FEN] fail:
     * "ruleset 'NAME' does not read FEN"). */
    int (*fen_parse)(const qp_rules *r, void *s, const char *fen, char *err, size_t errn);
    /* optional: writes a FEN (without it records carry no [FEN] and the
     * console's fen prints nothing). */
    void (*fen_print)(const qp_rules *r, const void *s, char *buf, size_t n);
    int (*side_to_move)(const qp_rules *r, const void *s); /* REQUIRED */
    /* REQUIRED: what stands on a point (side, letter, glyph), for drawing. */
    bool (*piece_at)(const qp_rules *r, const void *s, int sq, qp_piece_view *out);

    /* Moves */
    /* REQUIRED: the legal moves (or the noisy ones, or enough to tell
     * whether there is one: qp_gen_mode). */
    int (*gen)(const qp_rules *r, const void *s, qp_move *out, qp_gen_mode mode);
    /* REQUIRED: plays m in place; fills undo when it is not NULL. */
    void (*make)(const qp_rules *r, void *s, qp_move m, void *undo);
    /* optional: takes m back from its undo record (without it the search
     * and perft copy the position before each move). */
    void (*unmake)(const qp_rules *r, void *s, qp_move m, const void *undo);
    /* optional: QP_MF_* of m (without it every move is quiet and
     * reversible). */
    unsigned (*move_flags)(const qp_rules *r, const void *s, qp_move m);
    /* optional: MVV-LVA-like, higher first (without it captures are
     * ordered by their history only). */
    int (*move_order)(const qp_rules *r, const void *s, qp_move m);
    /* REQUIRED: m in coordinates ("e3e4"). */
    void (*move_text)(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n);
    /* REQUIRED: reads what move_text writes, or says why a text is no
     * legal move. */
    int (*move_parse)(const qp_rules *r, const void *s, const char *text, qp_move *m,
                      char *err, size_t errn);
    /* optional: traditional notation (e.g. 炮五进一) shown beside the
     * coordinates (without it move lists show coordinates only). */
    void (*move_notation)(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n);
    /* optional: the squares a player clicks to enter the move, the last
     * one completing it: from, to; every landing of a capture chain in
     * order; extra squares such as exchanged soldiers, or a compound
     * move's second part (an arrow shot, a man removed) last.  Returns the
     * count (without it the window takes the points the move text names). */
    int (*move_squares)(const qp_rules *r, const void *s, qp_move m, int *sq, int max);

    /* Judgement */
    /* REQUIRED: the position alone: ongoing, won (by whom, why), drawn. */
    void (*outcome)(const qp_rules *r, const void *s, qp_outcome *o);
    /* optional: status flags of the side to move, bit 0 "in check"
     * (without it: no check extension, no perpetual-check rule). */
    unsigned (*flags)(const qp_rules *r, const void *s);
    uint64_t (*hash)(const qp_rules *r, const void *s);   /* REQUIRED: Zobrist key */
    /* optional: a score for the side to move, ~100 a piece (without it the
     * game plays by MCTS unless it asks for alpha-beta, which sees 0). */
    int (*evaluate)(const qp_rules *r, const void *s);
    /* optional: pass for null-move pruning (with QP_CAP_NULLMOVE; without
     * it no null move). */
    void (*make_null)(const qp_rules *r, void *s);

    /* optional: brief rules text for help screens (UTF-8; without it the
     * title). */
    const char *help_text;

    /* optional: a move in a named notation (QP_NOTATION_* below); -1 when
     * the ruleset does not write that notation (without it only
     * coordinates are written). */
    int (*notation_text)(const qp_rules *r, const void *s, qp_move m, const char *style,
                         char *buf, size_t n);
    /* optional: reads a move in any notation the ruleset knows.  style is
     * a hint for texts that read two ways (NULL, or "iccs": coordinates
     * with ranks 0-9).  err starts with "unreadable", "illegal" or
     * "ambiguous" and says why (without it records read move_parse's
     * coordinates only). */
    int (*notation_parse)(const qp_rules *r, const void *s, const char *text, const char *style,
                          qp_move *m, char *err, size_t errn);
    /* Optional frontend hooks (appended: a ruleset that leaves them NULL
     * works as before).
     * status_text: one short line of what the players count in this
     *   position, UTF-8, e.g. "Discs: X 12 · O 9", "Goats in hand 5 ·
     *   captured 2", "Pegs left 17"; writes "" when there is nothing
     *   (without it no counter line).
     * decisive_squares: in a decided position, the points that decided
     *   it (the k in a row, the soldiers on the last rank), for
     *   highlighting; returns their count (≤ max), 0 for none (without it
     *   the end banner rings no pieces). */
    void (*status_text)(const qp_rules *r, const void *s, char *buf, size_t n);
    int (*decisive_squares)(const qp_rules *r, const void *s, int *sq, int max);
    /* Optional, for one-player puzzles (appended): true only when the
     * goal provably cannot be reached from s (an invariant, never a
     * guess); the solver gives such positions up unsearched (without it
     * it searches them out). */
    bool (*hopeless)(const qp_rules *r, const void *s);
    /* Optional search hooks (appended).
     * see: a static exchange estimate of a capture m in centi-units, what
     *   it wins minus what it loses if the capturer is taken back (a
     *   negative value: the capture loses material).  The search orders
     *   such captures late and skips them in quiescence (without it,
     *   neither). */
    int (*see)(const qp_rules *r, const void *s, qp_move m);
    /* may_check: false only when the quiet move m surely does not give
     *   check (a cheap geometric filter); quiescence's search for quiet
     *   checks (QP_CAP_QCHECKS) skips such moves unmade (without it every
     *   quiet move is made to find out). */
    bool (*may_check)(const qp_rules *r, const void *s, qp_move m);

    /* Optional record tags (appended): how other programs' records name
     * this game, so that the record module (framework/records/) names no
     * game itself.
     * record_variant: the [Variant "…"] written with coordinate moves
     *   (Fairy-Stockfish's name; a record's [Variant] also finds the
     *   ruleset of that name).
     * record_game: the [Game "…"] written with the game's own notations,
     *   and recognised in records without [Ruleset].
     * record_game_any: a [Game] that names no ruleset's game (a
     *   collection's title, as the Xiangqi world writes) is this game's. */
    const char *record_variant;
    const char *record_game;
    bool record_game_any;

    /* Optional (appended): a key of the board alone — what stands on the
     * points, without side to move or counters — for positional superko
     * (qp_draw_rules.superko).  Without it the framework compares hash(). */
    uint64_t (*board_key)(const qp_rules *r, const void *s);

    /* Optional (appended): why the points a player entered are no legal
     * move, for the window and the console (framework/why.h asks it).
     * pts are the points in the order they were entered (from, to; every
     * landing of a chain; one point for a placement or a piece clicked
     * alone); the framework has already found that they neither make nor
     * begin a legal move and the game is on.  Fills why and returns its
     * code, or QP_WHY_NONE to leave the reason to the framework (empty
     * point, not your piece, own piece in the way, no move, cannot move
     * so).  Without it the framework's generic reasons are given. */
    qp_why_code (*why_refused)(const qp_rules *r, const void *s, const int *pts, int npts, qp_why *why);

    /* Optional (appended): the points move m changes that the player does
     * not click — a castling partner's from and to, a piece taken en
     * passant, the pieces a jump passes over, discs flipped, stones or
     * pieces captured by surrounding or enclosing — so that the window marks
     * the whole move (framework/why.h's qp_move_marks).  Returns the count
     * (≤ max); without it only the clicked points are marked. */
    int (*move_effects)(const qp_rules *r, const void *s, qp_move m, int *sq, int max);

    /* Optional (appended): the name the game's move texts give point sq
     * (draughts' square numbers, "32"), for the reasons of why.h; at most
     * 7 bytes.  Without it the coordinate name of qp_sq_name ("e4"). */
    void (*point_name)(const qp_rules *r, int sq, char *buf, size_t n);

    /* Optional (appended): the moves a random playout should prefer in s
     * just after `last` was played — Go's capture of the group the last
     * stone left in atari, and the saving of one's own group it put in
     * atari — at most max, legal or not (MCTS keeps only those among the
     * generated moves); their count, 0 when nothing is urgent.  Asked
     * only when the game declares QP_PLAYOUT_ATARI. */
    int (*playout_urgent)(const qp_rules *r, const void *s, qp_move last, qp_move *out, int max);

    /* Optional (appended): a random playout's move in s by the game's own
     * means, for games where generating every move costs most of a
     * playout (Go: random empty points tried until one is legal).  The
     * choice must be what MCTS would make from the generated moves under
     * flags (the QP_PLAYOUT_* options in force; asked only with
     * QP_PLAYOUT_AVOID_OWN_EYES): uniform among the legal placements that
     * fill no own eye, after an urgent answer to `last` under
     * QP_PLAYOUT_ATARI, a pass only when nothing else is left; under
     * QP_PLAYOUT_PATTERNS a move of the game's own shapes next to `last`
     * comes after the urgent answers (MCTS's choice from the generated
     * moves knows no shapes, so a game declaring them implements this
     * hook).  Draws from
     * *rng.  Returns 1 with *out set, 0 when the game has no move (it is
     * over), -1 when it cannot choose so here (MCTS then generates). */
    int (*playout_move)(const qp_rules *r, const void *s, qp_move last, unsigned flags, uint64_t *rng,
                        qp_move *out);

    /* Optional (appended): the game's opinion of the n moves m in s just
     * after `last` (QP_MOVE_NONE when unknown), for the first statistics
     * of new MCTS nodes: per move in out, 2 an urgent answer (a capture,
     * an escape), 1 a good shape, 0 nothing known, -1 a poor move (a
     * self-atari, a lone move on the edge).  Asked only when the game
     * declares QP_PLAYOUT_PRIORS. */
    void (*move_priors)(const qp_rules *r, const void *s, qp_move last, const qp_move *m, int n, int8_t *out);

    /* Optional (appended): a key of the slow-changing part of s that the
     * evaluation's errors depend on most (Xiangqi: the generals, their
     * defenders and the soldiers), side to move left out.  The search
     * learns, per key and side, how far its searches found the static
     * eval off and corrects the eval by that (search.c: eval correction;
     * only with QP_CAP_LMR and a true ai.eval_correction parameter);
     * without it the eval is used as it is. */
    uint64_t (*eval_key)(const qp_rules *r, const void *s);
};

/* Notation styles of notation_text: coordinates as move_text writes them,
 * Chinese notation in simplified or traditional characters, WXF, ICCS. */
#define QP_NOTATION_COORD "coord"
#define QP_NOTATION_CHINESE "chinese"
#define QP_NOTATION_TRADITIONAL "traditional"
#define QP_NOTATION_WXF "wxf"
#define QP_NOTATION_ICCS "iccs"

/* Creates an instance with the ruleset's defaults, then the given params
 * (may be NULL) copied over them.  Returns NULL with err set on failure. */
qp_rules *qp_rules_create(const qp_ruleset *rs, const qp_params *params, char *err, size_t errn);
void qp_rules_free(qp_rules *r);

/* Convenience: fresh state buffer of r->state_size bytes (zeroed). */
void *qp_state_new(const qp_rules *r);

/* Legal-move check by generation; used by frontends and tests. */
bool qp_move_is_legal(const qp_rules *r, const void *s, qp_move m);
/* The board key of superko: board_key, else hash. */
uint64_t qp_board_key(const qp_rules *r, const void *s);
/* The side's name, "?" if out of range. */
const char *qp_side_name(const qp_rules *r, int side);
/* Flags as text: names of set bits separated by single spaces. */
void qp_flags_text(const qp_rules *r, unsigned flags, char *buf, size_t n);

#endif
