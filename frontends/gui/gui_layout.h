/*
 * gui_layout.h — where everything goes, computed from the picture size.
 *
 * The layout is a pure function of (picture size, board geometry, flip):
 * the window recomputes it every frame from the drawable size, so resizing
 * and HiDPI just work, and `qipan render` computes the same one for its
 * off-screen picture, which is why `render --layout` coordinates are valid
 * in a window of that size.  Pixel values are integers so grid lines and
 * text land on whole pixels.
 *
 * A wide picture puts the side panel right of the board, a tall one below.
 * A picture at least 1.6 times as tall as wide is a phone held upright:
 * its buttons are an eighth of the width tall (49 CSS px on a phone 390
 * px wide, whatever its pixel density), in five columns, so a finger hits
 * them; the dialogs' buttons (and the New Game and Settings rows) are as
 * tall.
 */
#ifndef GUI_LAYOUT_H
#define GUI_LAYOUT_H

#include <stdbool.h>
#include <SDL.h>

#include "board.h"

typedef enum gui_button {
    GUI_BTN_NEW, GUI_BTN_UNDO, GUI_BTN_REDO, GUI_BTN_RESIGN,
    GUI_BTN_SAVE, GUI_BTN_LOAD, GUI_BTN_FLIP, GUI_BTN_MODE,
    GUI_BTN_LEVEL, GUI_BTN_SOUND, GUI_BTN_HELP, GUI_BTN_QUIT,
    GUI_BTN_HINT, GUI_BTN_ANALYZE, GUI_BTN_SETTINGS,
    GUI_BTN_MAIN,             /* the grid above; the review strip below the move list: */
    GUI_BTN_FIRST = GUI_BTN_MAIN, GUI_BTN_PREV, GUI_BTN_NEXT, GUI_BTN_LAST,
    GUI_NBUTTONS
} gui_button;

/* Invariant: the point of display column c, row r (row 0 at the top) is at
 * (ox + c*cell, oy + r*cell); everything lies inside [0,W)×[0,H). */
typedef struct gui_layout {
    int W, H;                 /* picture size in pixels */
    float ui;                 /* UI scale: 1.0 for a 1000×760 picture */
    bool wide;                /* panel right of the board (else below) */
    int touch;                /* least height of a button (standing phone shapes: a finger's), else 0 */

    /* board */
    int bw, bh;               /* points (or cells) per row / column */
    qp_board_kind kind;
    bool hex;                 /* hexagonal cells: rows cell·√3/2 apart, each half a cell right of the one below */
    bool flip;                /* Black's (side 1's) view: rotated 180° */
    SDL_Rect board;           /* the wooden board */
    int ox, oy, cell;
    int line_w, border_w;     /* grid line and outer border widths */
    float piece_r;
    int font_glyph, font_coord;

    /* side panel */
    SDL_Rect panel, title, status, clocks, think, moves, msg;
    SDL_Rect button[GUI_NBUTTONS];
    int row_h;                /* one move list row */
    int font_small, font_text, font_title, font_button;
} gui_layout;

void gui_layout_compute(gui_layout *L, const qp_geom *g, int W, int H, bool flip);

/* Pixel centre of a board point (or cell). */
void gui_layout_point(const gui_layout *L, int sq, int *x, int *y);
/* Board point under pixel (x, y), or -1. */
int gui_layout_hit(const gui_layout *L, int x, int y);
/* Button under pixel (x, y), or -1. */
int gui_layout_button_at(const gui_layout *L, int x, int y);
/* A button's name for scripts and tests: its English label in lower case
 * ("save", "settings"; the review strip "first", "prev", "next", "last");
 * NULL out of range. */
const char *gui_layout_button_name(int b);

/* Modal dialog card and its two buttons (yes/no, or OK/cancel). */
void gui_layout_dialog(const gui_layout *L, int lines, SDL_Rect *card, SDL_Rect *yes, SDL_Rect *no);

/* The save/load dialog: its card, the file-name entry, the folder list
 * (rows of row_h) and the two buttons. */
#define GUI_FILE_DLG_LINES 15
void gui_layout_files(const gui_layout *L, SDL_Rect *card, SDL_Rect *entry, SDL_Rect *list, int *rows,
                      SDL_Rect *yes, SDL_Rect *no);
/* Row of the folder list under (x, y), or -1. */
int gui_layout_file_row_at(const gui_layout *L, int x, int y);

/* The New Game dialog: its card, the rows' label column and tops, and
 * every clickable item. */
typedef enum gui_ng_item {
    GUI_NG_GAME_PREV, GUI_NG_GAME_NEXT,
    GUI_NG_S0_HUMAN, GUI_NG_S0_AI, GUI_NG_S1_HUMAN, GUI_NG_S1_AI,
    GUI_NG_LEVEL_DN, GUI_NG_LEVEL_UP,
    GUI_NG_TC0, GUI_NG_TC1, GUI_NG_TC2, GUI_NG_TC3,
    GUI_NG_BASE_DN, GUI_NG_BASE_UP, GUI_NG_INC_DN, GUI_NG_INC_UP,
    GUI_NG_START, GUI_NG_APPLY, GUI_NG_CANCEL,
    GUI_NG_HOST, GUI_NG_JOIN,     /* a network game (gui_net.h): a row above Start */
    GUI_NG_ITEMS
} gui_ng_item;
#define GUI_NG_ROWS 6
typedef struct gui_ng_layout {
    SDL_Rect card;
    int label_x, value_x, row_y[GUI_NG_ROWS], row_h;
    SDL_Rect item[GUI_NG_ITEMS];
} gui_ng_layout;
void gui_layout_newgame(const gui_layout *L, gui_ng_layout *N);
int gui_layout_newgame_at(const gui_layout *L, int x, int y);

/* The settings dialog: card, row tops and its choices: piece style
 * (plain, Kai), animation (on, off), sound (on, off), search threads
 * (fewer, more), the computer's search (alpha-beta, MCTS), a promotion
 * (ask, always the queen), the languages shown (Chinese, English), then
 * Close; GUI_SET_ROWS rows of two. */
enum { GUI_SET_PLAIN, GUI_SET_KAI, GUI_SET_ANIM_ON, GUI_SET_ANIM_OFF, GUI_SET_SOUND_ON, GUI_SET_SOUND_OFF,
       GUI_SET_THREADS_DN, GUI_SET_THREADS_UP, GUI_SET_ALPHABETA, GUI_SET_MCTS, GUI_SET_PROMO_ASK, GUI_SET_PROMO_QUEEN,
       GUI_SET_LANG_ZH, GUI_SET_LANG_EN, GUI_SET_CLOSE, GUI_SET_ITEMS };
#define GUI_SET_ROWS 7
void gui_layout_settings(const gui_layout *L, SDL_Rect *card, int row_y[GUI_SET_ROWS], int *label_x,
                         SDL_Rect item[GUI_SET_ITEMS]);
int gui_layout_settings_at(const gui_layout *L, int x, int y);

/* Move list: rows that fit, and the row under pixel y (-1: none); row 0 is
 * the start position, row i the position after ply i. */
int gui_layout_move_rows(const gui_layout *L);
int gui_layout_move_row_at(const gui_layout *L, int scroll, int x, int y);

static inline bool gui_in_rect(const SDL_Rect *r, int x, int y)
{
    return x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}

#endif
