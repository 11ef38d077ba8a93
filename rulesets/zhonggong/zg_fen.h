/*
 * zg_fen.h — Zhonggong positions as FEN text (Fairy-Stockfish letters:
 * K general, A advisor, B elephant, N horse, R chariot, C cannon,
 * P soldier; upper case Red; ranks 9..1; side w/b; "- - halfmove
 * fullmove").  Parsing accepts 2 to 6 fields and names the bad field;
 * printing writes all six, so print(parse(x)) == x for canonical x.
 */
#ifndef ZG_FEN_H
#define ZG_FEN_H

#include <stddef.h>

#include "zg_board.h"

#define ZG_START_FEN "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"

extern const char zg_letters[ZG_NTYPES + 1];   /* "KABNRCP" */

/* Returns 0, or -1 with the reason in err (s is then unspecified). */
int zg_fen_parse(const zg_impl *z, zg_state *s, const char *fen, char *err, size_t errn);
void zg_fen_print(const zg_state *s, char *buf, size_t n);

#endif
