/*
 * cn_notation.h — Chinese and WXF move notation, shared by the Xiangqi and
 * Zhonggong rulesets (both have the same seven kinds of piece).
 *
 * The ruleset describes the mover's pieces and its legal moves in the
 * mover's own frame: files 1..9 counted from the mover's right, ranks
 * counted forward from the mover's side.  This module knows only the
 * notation, never the board.
 *
 * Writing follows the official Chinese rules: piece, file, action
 * (进 forward, 退 back, 平 sideways), number (points moved for a piece that
 * moves straight, else the destination file).  Two or three like pieces on
 * one file are 前/(中)/后 in place of the file, four or five soldiers the
 * ordinals 一..五 from the front, and when two files or more hold two
 * soldiers or more, those soldiers are numbered 一..五 across them: files
 * from the mover's right, front to back on each (一兵, 二兵, ...).  Red counts
 * files with 一..九, Black with full-width １..９.  WXF writes the same in
 * letters K A E H R C P, + - . and the tandem marks of the WXF rules
 * (R+.3, C--1, ++.4, P3.4, 3+.4).
 *
 * Reading accepts all of that in simplified or traditional characters
 * (and the older 前七 for the front soldier of file 7 among doubled
 * files),
 * every common piece form (车車俥 马馬傌 炮砲包 相象 仕士 帅帥将將 兵卒),
 * Chinese, ASCII or full-width digits, and WXF (letters in either case,
 * B for E and N for H, '.' or '=' for sideways, +R/-R before the letter).
 */
#ifndef CN_NOTATION_H
#define CN_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

enum { CN_K, CN_A, CN_E, CN_H, CN_R, CN_C, CN_P, CN_NTYPES };

typedef struct cn_piece {
    int type;      /* CN_* */
    int file;      /* 1..9 from the mover's right */
    int rank;      /* 0.. forward from the mover's side */
} cn_piece;

typedef struct cn_move {
    int piece;     /* index into the piece list */
    int file, rank;   /* destination, same frame */
} cn_move;

/* Result codes of cn_read */
#define CN_OK 0
#define CN_UNREADABLE (-1)
#define CN_NOPIECE (-2)      /* no piece of the mover fits the text */
#define CN_NOMOVE (-3)       /* pieces fit, none can make the move */
#define CN_AMBIGUOUS (-4)

/* Writes move mv in style "chinese", "traditional" or "wxf"; -1 for any
 * other style.  side 0 is Red (Chinese numerals), 1 Black.  ae_by_file:
 * advisors and elephants always give their file, as the official rules
 * allow when their moves cannot be confused (Xiangqi; not Zhonggong,
 * whose advisors can reach one file from one file both ways forward). */
int cn_write(const cn_piece *pc, int np, const cn_move *mv, int side, const char *style,
             bool ae_by_file, char *buf, size_t n);

/* Reads text against the legal moves mv[0..nm).  CN_OK with *which set;
 * otherwise a code above and err ("unreadable: ...", "illegal: ...",
 * "ambiguous: ...").  For CN_NOMOVE with one fitting piece, *guess holds
 * that piece and the point the text sends it to (guess->piece -1 when
 * there is none), so the ruleset can say why the move is illegal. */
int cn_read(const char *text, const cn_piece *pc, int np, const cn_move *mv, int nm, int *which,
            cn_move *guess, char *err, size_t errn);

/* in with full-width ASCII (U+FF01..U+FF5E: Ｃ２＝５, ｈ２ｅ２) and the
 * ideographic space made ASCII, into out (n bytes, always terminated):
 * every notation reads them so. */
void cn_halfwidth(const char *in, char *out, size_t n);

/* The text with every piece, digit and action character mapped to one
 * canonical form (simplified pieces of Red, ASCII digits), for comparing
 * notations that cn_read does not parse (Zhonggong's exchanges). */
void cn_canonical(const char *text, char *buf, size_t n);

#endif
