/*
 * xqf.h — XQF, the binary Xiangqi record of XQStudio and the programs of
 * its family (the most common Chinese record format).
 *
 * A file is a 1024-byte header, then the record tree.  The header holds
 * "XQ", the version, the key bytes (3-15), the squares of the 32 pieces
 * (16-47: Red's R N B A K A B N R C C P P P P P, then Black's; a square is
 * file*10 + rank from Red's lower left, 0-89, anything else absent), who
 * moves first (0x32), the result (0x33: 0 unknown, 1 Red wins, 2 Black
 * wins, 3 or 4 a draw), the kind of record (0x40: 0 game, 1 opening,
 * 2 middlegame, 3 endgame) and length-prefixed GBK texts: title (0x50),
 * event (0xD0), date (0x110), site (0x120), Red (0x130), Black (0x140),
 * time rule (0x150), Red's and Black's time (0x190, 0x1A0), commentator
 * (0x1D0) and author (0x1E0).
 *
 * The tree is written depth first from a root record (the start
 * position, whose text is the comment before the first move): each
 * record is a from byte, a to byte, a flag byte, a spare byte and its
 * comment, then its continuation (flag "next") and then the alternative
 * to itself (flag "variation").  Versions up to 0x0A are plain: the
 * flags are 0xF0 (next) and 0x0F (variation) and every record carries a
 * 4-byte comment length.  Versions 0x0B and later scramble the file with
 * keys derived from the key bytes: the piece squares are shifted (and
 * rotated from 0x0C), every byte from 0x400 is offset by a 32-byte key
 * stream, from and to by two more keys, the flags are 0x80 (next), 0x40
 * (variation) and 0x20 (a comment follows, its length offset too).
 *
 * qp_xqf_parse reads the main line with its comments into a qp_record
 * (moves as ICCS, hint "iccs", ruleset "xiangqi", the start position as
 * FEN, the texts as UTF-8 tags) and its variations with theirs
 * (record.h's alt and vars; alternatives nested deeper than QP_VAR_DEPTH
 * are counted in nvariations, not kept).  Bad bytes in a text become U+FFFD.  A truncated or damaged file
 * is refused with "FILE: move N: why" (or "FILE: header: why").
 */
#ifndef QP_XQF_H
#define QP_XQF_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "record_format.h"

#define QP_XQF_HEADER 1024
#define QP_XQF_VERSION_PLAIN 0x0A   /* what qp_xqf_write writes */
#define QP_XQF_VERSION_MAX 0x12     /* the newest version XQStudio writes */

/* The format's entry in qp_record_formats. */
extern const qp_record_format qp_xqf_format;

/* "XQ" and a known version: QP_SNIFF_YES. */
qp_sniff qp_xqf_sniff(const unsigned char *data, size_t len);

/* What qp_xqf_parse saw beyond the record (may be NULL). */
typedef struct qp_xqf_info {
    int version;
    int variations;     /* alternatives to a move, at any depth */
    int nodes;          /* records of the tree, the root included */
} qp_xqf_info;

/* Reads data (len bytes) into rec (see record_format.h); info may be NULL. */
int qp_xqf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len,
                 qp_xqf_info *info, char *err, size_t errn);

/* g (a Xiangqi game) as a plain XQF of version 0x0A, which every program
 * of the family reads: its start position, its moves and, from src (the
 * record g was read from, may be NULL; for the moves g shares with it)
 * the comments and variations (a variation's pre leads its first move's
 * comment; a variation's move that does not replay ends it; NAGs are
 * lost), the texts (Title, Event, Date, Site, Red/White, Black, TimeRule,
 * RedTime, BlackTime, Annotator, Author) and a result the position does
 * not show.  Texts are written in GBK, cut to their field (15 bytes for a
 * name, 63 for a title or an event).  malloc'd, *len bytes; NULL with err
 * (another game, a position XQF cannot hold). */
char *qp_xqf_write(const qp_game *g, const qp_record *src, size_t *len, char *err, size_t errn);

/* The same file in the scrambled form of version (0x0B-0x12), with key
 * bytes drawn from seed: what XQStudio writes.  plain is a file of
 * version 0x0A or less (qp_xqf_write's).  malloc'd; NULL with err. */
char *qp_xqf_encrypt(const char *plain, size_t len, int version, uint32_t seed, size_t *out_len,
                     char *err, size_t errn);

#endif
