/*
 * zg_fen.c — FEN parsing and printing for Zhonggong.
 *
 * The text format is the framework's (fen.h) and so is the wording of its
 * errors; what is Zhonggong's own is the piece set and how many of each
 * kind a side may have.
 */
#include "zg_fen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "fen.h"

const char zg_letters[ZG_NTYPES + 1] = "KABNRCP";
static const char zg_both_cases[] = "KABNRCPkabnrcp";

static const char *const type_plural[ZG_NTYPES] = {
    "generals", "advisors", "elephants", "horses", "chariots", "cannons", "soldiers",
};

/* Places the pieces in FEN order (rank 9 first), so that with several
 * surplus pieces the first one in the text is named.  A general stands in
 * the palace, as in Xiangqi; other pieces may stand anywhere. */
static int place_pieces(const zg_impl *z, zg_state *s, const char *letters, char *err, size_t errn)
{
    for (int rank = ZG_RANKS - 1; rank >= 0; rank--)
        for (int file = 0; file < ZG_FILES; file++) {
            char c = letters[rank * ZG_FILES + file];
            if (!c) continue;
            int side = islower((unsigned char)c) ? 1 : 0;
            int type = (int)(strchr(zg_letters, toupper((unsigned char)c)) - zg_letters);
            if (type == ZG_GENERAL && !z->in_palace[zg_sq(file, rank)]) {
                snprintf(err, errn, "FEN board: %s general on %c%d is outside the palace %s",
                         side ? "black" : "red", 'a' + file, rank + 1, z->palace);
                return -1;
            }
            if (!zg_place(s, side, type, zg_sq(file, rank))) {
                snprintf(err, errn, "too many %s %s", side ? "black" : "red", type_plural[type]);
                return -1;
            }
        }
    return 0;
}

int zg_fen_parse(const zg_impl *z, zg_state *s, const char *fen, char *err, size_t errn)
{
    qp_fen_fields f;
    qp_fen_error e;
    char letters[ZG_POINTS];
    int side;
    unsigned half, full;
    if (qp_fen_split(fen, 2, 6, &f, &e) ||
        qp_fen_parse_board(ZG_FILES, ZG_RANKS, f.field[0], zg_both_cases, letters, &e))
        goto bad;
    zg_state_clear(s);
    if (place_pieces(z, s, letters, err, errn)) return -1;
    if (qp_fen_parse_side(f.field[1], "wb", &side, &e) ||
        qp_fen_parse_counters(&f, 2, &half, &full, &e))
        goto bad;
    s->side = (uint8_t)side;
    s->halfmove = (uint16_t)half;
    s->fullmove = (uint16_t)full;
    zg_state_refresh(z, s);
    return 0;
bad:
    qp_fen_error_text(&e, err, errn);
    return -1;
}

void zg_fen_print(const zg_state *s, char *buf, size_t n)
{
    char letters[ZG_POINTS];
    for (int i = 0; i < ZG_POINTS; i++) {
        int v = s->bd.sq[zg_from81(i)];
        char c = v ? zg_letters[zg_type_of(v)] : 0;
        letters[i] = v && zg_side_of(v) ? (char)tolower((unsigned char)c) : c;
    }
    qp_fen_print(ZG_FILES, ZG_RANKS, letters, s->side ? 'b' : 'w', s->halfmove, s->fullmove, buf, n);
}
