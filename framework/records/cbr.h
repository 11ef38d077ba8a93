/*
 * cbr.h — CBR and CBL: the binary records of CCBridge (象棋桥), one game
 * (.cbr) and a library of many (.cbl).
 *
 * A CBR is a 2214-byte header, then the move tree.  All numbers are
 * little-endian; texts are UTF-16LE, ended by a zero unit or their field.
 *     0     "CCBridge Record\0"
 *     180   title (128 bytes)        692   event (64)
 *     1076  Red (64)                 1300  Black (64)
 *     2076  result: 0 unknown, 1 Red wins, 2 Black wins, 3 or 4 a draw
 *     2116  who moves first (16 bits): 1 Red, else Black
 *     2120  the board, 90 bytes: square r*9 + f, row r counted from
 *           Black's side, file f from Red's left; 0x11-0x17 Red's
 *           R N B A K C P, 0x21-0x27 Black's, 0 empty
 * Then the comment before the first move (a 32-bit count; when it is not
 * 0, a 32-bit byte length and the text), then the moves, 4 bytes each:
 * flags, a spare byte, from and to (squares as the board's), and, when
 * flag 4 is set, a 32-bit byte length and the move's comment.  Flag 1:
 * the line ends after this move; flag 2: an alternative to it follows
 * its line.  The order is depth first, as XQF's (tree_read.h): a move,
 * its continuation, then its alternative.  Four zero bytes in place of a
 * continuation end the line too, and so does the end of the file (the
 * format counts nothing, so a file cut between two moves of the main line
 * reads as a shorter game); a file that ends inside a move, inside a
 * comment or before an alternative its flags announce is refused.
 *
 * A CBL is a 576-byte header ("CCBridgeLibrary\0", the number of games
 * at 60 as 32 bits, the library's name at 64, 512 bytes), an index, then
 * the games: each a CBR at the start of a 4096-byte slot (a longer game
 * runs on into the next slots).  The index's size grows with the number
 * of games; the first game is the first slot that holds the CBR
 * signature past it.
 *
 * Reading gives what xqf.h's reader gives: moves as ICCS (hint "iccs"),
 * the start position as FEN, the texts as tags (Title, Event, Red,
 * Black), comments and variations.  Errors: "FILE: header: why",
 * "FILE: move N: why", "FILE: game N: ..." in a library, "FILE: no game
 * N (the file holds M)".  The layout is the one CCBridge's files are
 * read by in public Xiangqi tools; no CCBridge documentation exists.
 */
#ifndef QP_CBR_H
#define QP_CBR_H

#include <stddef.h>

#include "record.h"
#include "record_format.h"

#define QP_CBR_HEADER 2214
#define QP_CBL_HEADER 576
#define QP_CBL_SLOT 4096

extern const qp_record_format qp_cbr_format;   /* one game */
extern const qp_record_format qp_cbl_format;   /* a library */

/* The game at data (a CBR, alone or in a library's slot). */
int qp_cbr_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn);
/* How many games the library data holds (slots with the CBR signature). */
int qp_cbl_count(const unsigned char *data, size_t len);

#endif
