/*
 * zg_notation.h — Zhonggong moves as text: coordinate text ("e3e4",
 * exchanges "a9c9xe8"), parsing with a precise reason for a rejected text,
 * traditional Chinese notation, the points a move touches, and what a
 * frontend draws on a point.
 *
 * Chinese notation (记谱), adapted to 9×9 with no river:
 *   piece, its file, action, number — e.g. 炮五进一, 马八进七, 车一平二.
 *   Pieces: Red 帅仕相马车炮兵, Black 将士象馬車砲卒.  Files are counted
 *   from the mover's right: Red writes 一..九 (file i = 一), Black writes
 *   full-width １..９ (file a = １).  进 forward, 退 back, 平 sideways.
 *   General, chariot, cannon and soldier give the distance when moving
 *   forward or back and the destination file with 平; advisor, elephant
 *   and horse give the destination file.  Two like pieces on one file are
 *   前/后 (three: 前/中/后; more: 一二三四五 from the front) instead of the
 *   file number: 前炮进一.
 *   Exchanges: one soldier name per soldier given, 兑, the piece taken and
 *   its file in the mover's numerals: 兵兵兑砲五 (two Red soldiers take the
 *   black cannon on file e).
 *
 * zg_notation_text writes "coord", "chinese" (as above), "traditional" and
 * "wxf" (exchanges as PPxC5); when more soldiers than an exchange gives
 * stand on the far rank, each soldier is followed by its file
 * (兵九兵七兑砲二, P9P7xC2), since the short form could name several
 * exchanges.  zg_notation_parse reads any of them (a short form that fits
 * several exchanges is "ambiguous"), plain moves in every form
 * cn_notation.h reads.
 */
#ifndef ZG_NOTATION_H
#define ZG_NOTATION_H

#include <stddef.h>

#include "ruleset.h"
#include "zg_board.h"

extern const char *const zg_type_names[ZG_NTYPES];   /* "general", ... */
extern const char *const zg_glyphs[2][ZG_NTYPES];

void zg_move_text(qp_move m, char *buf, size_t n);
int zg_move_parse(const zg_impl *z, const zg_state *s, const char *text, qp_move *m, char *err,
                  size_t errn);
void zg_move_notation(const zg_state *s, qp_move m, char *buf, size_t n);
int zg_move_squares(qp_move m, int *sq, int max);
int zg_notation_text(const zg_state *s, qp_move m, const char *style, char *buf, size_t n);
int zg_notation_parse(const zg_impl *z, const zg_state *s, const char *text, qp_move *m,
                      char *err, size_t errn);

#endif
