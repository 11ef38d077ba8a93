/*
 * gui_state.h — everything the window shows, and the rules of clicking.
 *
 * gui_state owns the rules instance and the game; the rest is derived from
 * them by gui_state_changed() (legal moves with the squares each touches,
 * the move list texts, status flags, outcome) or is interaction state
 * (selection, hover, mode, dialogs).  Drawing reads a const gui_state, so
 * it never changes the game; the app changes the game and then calls
 * gui_state_changed().
 *
 * Selecting works the same for every game through the squares a move
 * touches (move_squares, else the squares named in its text): the last one
 * is where the player clicks to finish the move, those before it are what
 * the player selects first.  A normal move is "from, to"; a placement is
 * just "to"; a Zhonggong exchange is "soldier, soldier, …, enemy piece", so
 * the player selects soldiers one by one and then the piece they buy, and
 * only legal choices are marked.  A click that completes several legal
 * moves (a promotion's kinds: e7e8q, e7e8r, …) plays none of them: it
 * opens GUI_DLG_CHOOSE, whose choices the player picks by click or key.
 *
 * Marks show a move whole: besides the points clicked, those it changes
 * otherwise (a castling rook's from and to, a pawn taken en passant, the
 * pieces a jump passes over: qp_move_marks, framework/why.h), after the
 * move (GUI_MARK_LAST) and while choosing it (GUI_MARK_EFFECT).
 */
#ifndef GUI_STATE_H
#define GUI_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "gui_chat.h"
#include "search_info.h"

#define GUI_MAX_SQ 24         /* squares one move touches (a long capture chain: every landing) */
#define GUI_MAX_MARKS 32      /* points one move changes (a long capture chain's landings and victims) */
#define GUI_MAX_CHOICE 16     /* moves one click may complete */
#define GUI_LEVELS 10
/* Search threads the settings offer: QP_MAX_THREADS (gui_engine.c checks). */
#define GUI_MAX_THREADS 64

/* A legal move of the current position with its squares (sources then the
 * target; nsq >= 1). */
typedef struct gui_cand {
    qp_move m;
    int nsq;
    int sq[GUI_MAX_SQ];
    int nmk;                  /* every point it changes (qp_move_marks), the clicked ones first */
    int mk[GUI_MAX_MARKS];
} gui_cand;

/* One ply of the record, as played from the position before it. */
typedef struct gui_ply {
    char text[QP_MOVE_TEXT];
    char nota[64];            /* traditional notation, "" without one */
    int side;
    int nsq;
    int sq[GUI_MAX_SQ];
    int nmk;                  /* every point it changed (qp_move_marks) */
    int mk[GUI_MAX_MARKS];
    bool capture;
} gui_ply;

/* One of the moves a click completes (GUI_DLG_CHOOSE). */
typedef struct gui_choice {
    qp_move m;
    char text[QP_MOVE_TEXT];  /* its move text */
    bool has_piece;
    qp_piece_view piece;      /* what stands on the clicked point after it (the promoted kind) */
    char key;                 /* its key: the kind's letter in lower case, else '1'…'9'; 0 none */
} gui_choice;

/* What the computer reports while it thinks. */
typedef struct gui_think {
    bool active;
    int depth;
    int score;                /* side to move's view, centi-units */
    bool mate;
    int mate_plies;           /* > 0: the engine mates; < 0: is mated */
    uint64_t nodes;
    int time_ms;
    char pv[320];             /* the best line, coordinate text */
    char pv_nota[320];        /* the same in the game's own notation (炮二平五 …), "" without one */
    qp_move best;             /* its first move (legal in the searched position), or none */
} gui_think;

typedef enum gui_dialog {
    GUI_DLG_NONE, GUI_DLG_HELP, GUI_DLG_RESUME, GUI_DLG_SAVE, GUI_DLG_LOAD,
    GUI_DLG_CONFIRM,          /* yes/no before an action that ends a game */
    GUI_DLG_END,              /* the end-of-game banner: new game / review */
    GUI_DLG_NEWGAME,          /* game, players, level and time control */
    GUI_DLG_SETTINGS,         /* piece style, animation, sound */
    /* the player tools (gui_toolview.h) */
    GUI_DLG_LIBRARY,          /* finished games kept in the library */
    GUI_DLG_EDITOR,           /* setting up a position: the board is the editor's */
    GUI_DLG_PASTE,            /* may a paste replace the game in progress? */
    GUI_DLG_CHOOSE            /* which of the moves a click completes (a promotion's kind) */
} gui_dialog;

/* A time control.  Invariant: base_s ≥ 1 (sudden death, increment),
 * move_s ≥ 1 (per move), inc_s ≥ 0. */
typedef enum gui_tc_kind { GUI_TC_NONE, GUI_TC_SUDDEN, GUI_TC_INCREMENT, GUI_TC_PERMOVE, GUI_TC_KINDS } gui_tc_kind;
typedef struct gui_tc {
    gui_tc_kind kind;
    int base_s;               /* each side's time for the game */
    int inc_s;                /* added after each of the side's moves */
    int move_s;               /* per-move time */
} gui_tc;

/* The New Game dialog's choices, applied on Start (a new game) or Apply
 * (the game in progress keeps its moves). */
typedef struct gui_newgame {
    int game;                 /* index into games[] */
    unsigned ai_mask;
    int level;
    gui_tc tc;
} gui_newgame;

/* What a GUI_DLG_CONFIRM asks about. */
typedef enum gui_confirm {
    GUI_ASK_RESIGN, GUI_ASK_BRANCH,
    GUI_ASK_NET_DRAW, GUI_ASK_NET_TAKEBACK   /* the opponent's offer: Accept / Decline (gui_net.c) */
} gui_confirm;

/* Marks on board points (bits). */
enum {
    GUI_MARK_TARGET = 1,      /* finishes a move of the current selection */
    GUI_MARK_EXTEND = 2,      /* may join the selection (exchange soldiers) */
    GUI_MARK_SOURCE = 4,      /* starts some legal move */
    GUI_MARK_LAST = 8,        /* touched by the last move */
    GUI_MARK_SELECTED = 16,
    GUI_MARK_EFFECT = 32      /* changed, not clicked, by the move under the pointer or being chosen */
};

typedef struct gui_state {
    qp_rules *r;              /* owned */
    qp_game g;                /* owned */

    /* derived from g by gui_state_changed() */
    int ncand;
    gui_cand *cand;           /* QP_MAX_MOVES entries */
    int nply, cap_ply;
    gui_ply *ply;             /* the whole record, len entries */
    unsigned flags;           /* status flags of the side to move */
    qp_outcome outcome;
    int to_move;
    int king_sq;              /* general/king of the side to move, or -1 */
    bool stones[2];           /* the side's pieces are plain stones (no glyph) */
    uint8_t mark[QP_MAX_POINTS];
    int nplace;               /* targets of the empty selection (placements) */
    char counters[160];       /* the ruleset's status_text, "" without one */
    int ndecisive;            /* points that decided the game (highlighted) */
    int decisive[32];

    /* interaction */
    int nsel;
    int sel[GUI_MAX_SQ];
    /* GUI_DLG_CHOOSE: the moves the click on choice_sq completes.
     * Invariant while it is open: nchoice ≥ 2, all legal at the cursor,
     * the selection still the one they share. */
    int nchoice;
    gui_choice choice[GUI_MAX_CHOICE];
    int choice_sq;
    bool choice_kinds;        /* they differ by the piece that lands: shown as pieces */
    bool choice_promotes;     /* and each lands another kind than the piece selected: a promotion */
    bool promote_first;       /* settings: a promotion takes the first kind offered (chess: the queen) unasked */
    bool sel_takes;               /* the selection is an exchange: own pieces against an enemy one */
    int hover_sq, hover_button, hover_ply;
    int hover_choice;         /* GUI_DLG_CHOOSE: the choice under the pointer, or -1 */
    int drag_sq;              /* piece held by the pointer, or -1 */
    bool dragging;            /* it has moved far enough to be drawn there */
    int drag_x, drag_y;       /* pointer, drawable pixels */
    bool flip;
    unsigned ai_mask;         /* bit s: the computer plays side s */
    int level;                /* 1..10 */
    char level_name[GUI_LEVELS + 1][32];
    bool sound_on, sound_ok, engine_ok;
    bool cjk;                 /* the font shows Chinese: messages may use it */
    uint64_t clock_ms[2];     /* time each side has spent on its moves */
    gui_think think;
    bool analysis;            /* the engine thinks on every position shown */
    bool animate;             /* moves slide (settings) */
    int pieces;               /* gui_piece_style of the glyphs */
    bool coords;              /* hints and best lines in coordinates, not the game's notation (settings) */
    bool file_numbers;        /* the board's edges show 九…一 and 1…9, not a..i and ranks (settings) */
    int threads;              /* the computer's search threads (settings) */
    int ai_kind;              /* its search, QP_AI_ALPHABETA or QP_AI_MCTS (settings; each new
                               * game starts with the game's own choice) */
    int anim_from, anim_to;   /* the piece sliding onto anim_to, or anim_to = -1 */
    float anim_k;             /* how far it has slid, 0..1 */
    int hint_nsq;             /* the hinted (or analysed) best move's squares: an arrow */
    int hint_sq[GUI_MAX_SQ];
    gui_dialog dialog;
    char entry[512];          /* the file-name field of save/load */
    /* the folder of the entry, listed in the save/load dialog: folders
     * first (with a trailing '/'), then files, each sorted by name */
    int nfiles, file_scroll, file_sel;
    char file_dir[512];       /* the folder listed ("" the current one) */
    char files[200][128];
    int scroll;               /* first visible row of the move list */
    bool follow;              /* keep the current ply in view */
    char msg[300];            /* last message (saved, error, ...) */
    bool msg_error;
    bool log;                 /* QIPAN_GUI_LOG: messages and dialogs also go to stderr */
    gui_confirm confirm;      /* the question of GUI_DLG_CONFIRM */
    qp_move pending;          /* GUI_ASK_BRANCH: the move that would drop the later ones */
    bool end_seen;            /* the banner of the current end was shown */
    int flagged;              /* side whose clock ran out, or -1 */
    bool prev_game;           /* Undo would bring back the game New replaced */
    gui_tc tc;                /* the game's time control */
    int64_t left_ms[2];       /* time left on each clock (tc.kind != NONE) */
    gui_newgame ng;           /* choices while GUI_DLG_NEWGAME is open */
    const char *games[64];    /* registered rulesets the dialog offers */
    const char *game_titles[64];   /* and their titles (NULL: the name shown) */
    int ngames;
    char autosave_path[1024];
    int resume_moves;         /* plies in the autosave offered back */
    char resume_date[32];
    gui_chat net;             /* network game: our seat (-1: none) and the chat history */
    /* the player tools (gui_toolview.h): owned by the app, NULL while closed */
    struct gui_libview *lib;
    struct gui_editor *ed;
    char paste_what[160];     /* GUI_DLG_PASTE: what the paste brings */
    const struct gui_notes *notes;         /* a loaded record's comments (gui_notes.h), owned by the app; NULL: none */
    const struct gui_openings *openings;   /* the game's opening names (gui_opening.h), owned by the app; NULL: none */
} gui_state;

/* Takes ownership of r and *g (g is moved).  Returns 0 or -1 (memory). */
int gui_state_init(gui_state *st, qp_rules *r, qp_game *g);
void gui_state_free(gui_state *st);
/* Replaces rules and game (after loading a file); frees the old ones. */
void gui_state_replace(gui_state *st, qp_rules *r, qp_game *g);
/* Recomputes everything derived from the game; clears the selection. */
void gui_state_changed(gui_state *st);

/* A click on board point sq: returns the move it completes, or
 * QP_MOVE_NONE after updating the selection.  A capture chain's last
 * landing clicked after its first point(s) completes it when the route is
 * unique (draughts players click from and to), else opens the choice. */
qp_move gui_state_click(gui_state *st, int sq);
void gui_state_clear_selection(gui_state *st);
/* GUI_DLG_CHOOSE: choice i as the move to play (the dialog closes), or
 * QP_MOVE_NONE when i is no choice; the index of the choice a key picks
 * (either case), or -1; cancel closes it with the game and the selection
 * unchanged. */
qp_move gui_state_choose(gui_state *st, int i);
int gui_state_choice_key(const gui_state *st, int key);
void gui_state_choose_cancel(gui_state *st);
/* The pointer is over point sq (-1: none): a target under it shows the
 * points its move changes besides those clicked (GUI_MARK_EFFECT). */
void gui_state_hover(gui_state *st, int sq);

/* The computer's turn: a computer side to move, game on, at the record's end. */
bool gui_state_ai_to_move(const gui_state *st);
bool gui_state_over(const gui_state *st);
/* The side a person plays when exactly one side is the computer's, else -1. */
int gui_state_human_side(const gui_state *st);
void gui_state_message(gui_state *st, bool error, const char *fmt, ...);
/* Shows move m of the current position as the hint arrow (NONE: none). */
void gui_state_set_hint(gui_state *st, qp_move m);
/* How long the computer thinks at level 1..GUI_LEVELS: the rules'
 * ai.movetime_ms (1000 when unset), less at weaker levels so they answer
 * briskly (qp_level_time_ms: half as long a level down).  With use_clock and
 * a game clock, never more than the clock allows (a thirtieth of what is
 * left plus most of the increment; 80% of a per-move budget), except that
 * the top level under sudden death or an increment gets the clocks
 * themselves: the search's time manager (framework/timeman.h) then spends
 * more where the best move is unsettled, as it did in the matches of
 * docs/engine.md.  Fills *lim (seed left 0). */
void gui_state_think_limits(const gui_state *st, int level, bool use_clock, qp_search_limits *lim);
/* "none", "5 min", "3+2", "30 s/move". */
void gui_tc_text(const gui_tc *tc, char *buf, size_t n);
/* The end-of-game banner's two lines (result, reason), "中文 English"
 * when cjk, else English; "" when the game is on. */
void gui_state_banner(const gui_state *st, bool cjk, char *result, size_t rn, char *reason, size_t qn);

/* Squares of move m in state s (move_squares, else parsed from its text).
 * Exposed for tests. */
int gui_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max);

#endif
