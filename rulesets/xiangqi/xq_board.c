/*
 * xq_board.c — the Xiangqi board: square tables, Zobrist keys, FEN.
 *
 * FEN follows Fairy-Stockfish: ranks 10 down to 1, letters K A B N R C P
 * (upper case Red; E and H are accepted for B and N), side w (or r) / b,
 * then "- -" and the two move counters.  Parsing rejects positions that
 * cannot arise in a game (extra pieces, pieces on points they can never
 * reach, the side not to move in check), because move generation relies on
 * them: a general is always in its palace, advisors and elephants on their
 * points, soldiers never behind their starting rank.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "splitmix.h"
#include "xq_internal.h"

static const char xq_letters[XQ_NTYPES + 1] = "KABNRCP";
static const char *const xq_type_names[XQ_NTYPES] = {
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"
};
static const char *const xq_type_plural[XQ_NTYPES] = {
    "generals", "advisors", "elephants", "horses", "chariots", "cannons", "soldiers"
};
static const char *const xq_side_names[2] = {"red", "black"};

void xq_init_tables(xq_impl *im)
{
    memset(im->sqf, 0, sizeof im->sqf);
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++) {
            unsigned fl = XQ_SF_BOARD;
            fl |= r < 5 ? XQ_SF_HALF(0) : XQ_SF_HALF(1);
            if (f >= 3 && f <= 5 && r <= 2) fl |= XQ_SF_PALACE(0);
            if (f >= 3 && f <= 5 && r >= 7) fl |= XQ_SF_PALACE(1);
            im->sqf[XQ_SQ(f, r)] = (uint8_t)fl;
        }

    /* A fixed seed: hashes are the same in every run. */
    uint64_t seed = 0x7869616E67716931ull;   /* "xiangqi1" */
    memset(im->zob, 0, sizeof im->zob);
    for (int side = 0; side < 2; side++)
        for (int t = 0; t < XQ_NTYPES; t++)
            for (int sq = 0; sq < 256; sq++) {
                if (!(im->sqf[sq] & XQ_SF_BOARD)) continue;
                uint64_t k = qp_splitmix64(&seed);
                for (int slot = xq_slot_first[t]; slot < xq_slot_first[t + 1]; slot++)
                    im->zob[side * 16 + slot][sq] = k;
            }
    im->zob_side = qp_splitmix64(&seed);

    for (int i = 0; i < 9; i++)
        for (unsigned occ = 0; occ < 512; occ++) {
            int lo = 0, hi = 0;
            for (int j = i - 1; j >= 0 && !(occ >> j & 1u); j--) lo++;
            for (int j = i + 1; j < 9 && !(occ >> j & 1u); j++) hi++;
            im->rank_run[i][occ][0] = (uint8_t)lo;
            im->rank_run[i][occ][1] = (uint8_t)hi;
        }
    for (int i = 0; i < 10; i++)
        for (unsigned occ = 0; occ < 1024; occ++) {
            int lo = 0, hi = 0;
            for (int j = i - 1; j >= 0 && !(occ >> j & 1u); j--) lo++;
            for (int j = i + 1; j < 10 && !(occ >> j & 1u); j++) hi++;
            im->file_run[i][occ][0] = (uint8_t)lo;
            im->file_run[i][occ][1] = (uint8_t)hi;
        }
}

void xq_recompute(const xq_impl *im, xq_state *s)
{
    uint64_t h = s->side ? im->zob_side : 0;
    int32_t score = 0;
    memset(s->occ_rank, 0, sizeof s->occ_rank);
    memset(s->occ_file, 0, sizeof s->occ_file);
    for (int i = 0; i < 32; i++) {
        int sq = s->pos[i];
        if (!sq) continue;
        h ^= im->zob[i][sq];
        score += im->pst[i][sq];
        s->occ_rank[XQ_RANK(sq)] |= (uint16_t)(1u << XQ_FILE(sq));
        s->occ_file[XQ_FILE(sq)] |= (uint16_t)(1u << XQ_RANK(sq));
    }
    s->hash = h;
    s->score = score;
}

char xq_piece_letter(unsigned p)
{
    char c = xq_letters[xq_slot_type[p & 15]];
    return XQ_SIDE_OF(p) ? (char)(c - 'A' + 'a') : c;
}

static int xq_letter_type(char c, int *side)
{
    *side = (c >= 'a' && c <= 'z');
    char u = *side ? (char)(c - 'a' + 'A') : c;
    if (u == 'E') u = 'B';
    if (u == 'H') u = 'N';
    const char *at = strchr(xq_letters, u);
    return (at && u) ? (int)(at - xq_letters) : -1;
}

static void xq_name(int sq, char *buf)
{
    int r = XQ_RANK(sq) + 1;
    buf[0] = (char)('a' + XQ_FILE(sq));
    buf[1] = (char)(r >= 10 ? '1' : '0' + r);
    buf[2] = r >= 10 ? '0' : 0;
    buf[3] = 0;
}

/* Points a piece of side can ever stand on; 0 with why in err otherwise. */
static bool xq_placement_ok(const xq_impl *im, int side, int t, int sq, char *err, size_t errn)
{
    int f = XQ_FILE(sq), r = side ? 9 - XQ_RANK(sq) : XQ_RANK(sq);   /* r from side's view */
    char nm[8];
    const char *why = NULL;
    xq_name(sq, nm);
    switch (t) {
    case XQ_KING:
        if (!(im->sqf[sq] & XQ_SF_PALACE(side))) why = "is outside its palace";
        break;
    case XQ_ADVISOR:
        if (!(im->sqf[sq] & XQ_SF_PALACE(side)) || !((f + r) & 1))
            why = "is not on a point of its palace's diagonals";
        break;
    case XQ_ELEPHANT:
        if (r > 4 || (r & 1) || (f & 1) || !((r / 2 + f / 2) & 1))
            why = "is not on an elephant point of its own half";
        break;
    case XQ_SOLDIER:
        if (r < 3) why = "is behind its starting rank";
        else if (r < 5 && (f & 1)) why = "has not crossed the river but is off its starting files";
        break;
    default:
        break;
    }
    if (why) snprintf(err, errn, "FEN board: %s %s on %s %s", xq_side_names[side],
                      xq_type_names[t], nm, why);
    return why == NULL;
}

/* Places the pieces of a syntax-checked board in FEN order (rank 10
 * first), so that the first offending piece in the text is named. */
static int xq_place_pieces(const xq_impl *im, xq_state *s, const char *letters,
                           char *err, size_t errn)
{
    int count[2][XQ_NTYPES] = {{0}};
    for (int rank = 9; rank >= 0; rank--)
        for (int file = 0; file < 9; file++) {
            char c = letters[rank * 9 + file];
            if (!c) continue;
            int side, t = xq_letter_type(c, &side);
            int sq = XQ_SQ(file, rank);
            int max = xq_slot_first[t + 1] - xq_slot_first[t];
            if (count[side][t] == max) {
                if (max == 1)
                    snprintf(err, errn, "FEN board: %s has more than one general", xq_side_names[side]);
                else
                    snprintf(err, errn, "FEN board: %s has more than %d %s", xq_side_names[side],
                             max, xq_type_plural[t]);
                return -1;
            }
            if (!xq_placement_ok(im, side, t, sq, err, errn)) return -1;
            unsigned slot = xq_slot_first[t] + count[side][t]++;
            unsigned p = XQ_SIDEBIT(side) | slot;
            s->board[sq] = (uint8_t)p;
            s->pos[XQ_PIDX(p)] = (uint8_t)sq;
        }
    for (int side = 0; side < 2; side++)
        if (!count[side][XQ_KING]) {
            snprintf(err, errn, "FEN board: %s has no general", xq_side_names[side]);
            return -1;
        }
    return 0;
}

/* Xiangqi's wording of the framework's FEN errors, which its users (and
 * tests) already rely on. */
static void xq_fen_error_text(const qp_fen_error *e, char *err, size_t errn)
{
    switch (e->code) {
    case QP_FEN_RANKS:
        snprintf(err, errn, "FEN board: %d ranks, expected %d", e->got, e->lo);
        break;
    case QP_FEN_RANK_WIDTH:
        if (e->got > e->lo)
            snprintf(err, errn, "FEN board: rank %d has more than %d files", e->rank, e->lo);
        else
            snprintf(err, errn, "FEN board: rank %d has %d files, expected %d", e->rank, e->got, e->lo);
        break;
    case QP_FEN_RUN:
        snprintf(err, errn, "FEN board: rank %d has a bad count of empty points '%s'", e->rank,
                 e->text);
        break;
    case QP_FEN_LETTER:
        snprintf(err, errn, "FEN board: unknown piece letter '%c'", e->text[0]);
        break;
    case QP_FEN_SIDE:
        snprintf(err, errn, "FEN side to move: expected 'w' or 'b', got '%s'", e->text);
        break;
    case QP_FEN_CASTLING:
        snprintf(err, errn, "FEN castling: expected '-', got '%s'", e->text);
        break;
    case QP_FEN_EN_PASSANT:
        snprintf(err, errn, "FEN en passant: expected '-', got '%s'", e->text);
        break;
    case QP_FEN_HALFMOVE_RANGE:
    case QP_FEN_FULLMOVE_RANGE:
        /* Up to six digits read as a number that is too large; longer
         * text as no number at all. */
        if (strlen(e->text) <= 6) {
            snprintf(err, errn, "FEN %s: too large",
                     e->code == QP_FEN_HALFMOVE_RANGE ? "halfmove clock" : "fullmove number");
            break;
        }
        /* fall through */
    case QP_FEN_HALFMOVE:
    case QP_FEN_FULLMOVE:
        if (e->code == QP_FEN_HALFMOVE || e->code == QP_FEN_HALFMOVE_RANGE)
            snprintf(err, errn, "FEN halfmove clock: expected a number >= 0, got '%s'", e->text);
        else
            snprintf(err, errn, "FEN fullmove number: expected a number >= 1, got '%s'", e->text);
        break;
    default:
        qp_fen_error_text(e, err, errn);
        break;
    }
}

int xq_fen_parse(const xq_impl *im, xq_state *out, const char *fen, char *err, size_t errn)
{
    xq_state s;
    memset(&s, 0, sizeof s);
    for (int sq = 0; sq < 256; sq++)
        if (!(im->sqf[sq] & XQ_SF_BOARD)) s.board[sq] = XQ_OFF;

    qp_fen_fields f;
    qp_fen_error e;
    char letters[90];
    int side;
    unsigned half, full;
    /* Any field count is split; missing and extra fields are named below,
     * after the fields before them have been checked. */
    if (qp_fen_split(fen, 0, QP_FEN_MAX, &f, &e)) goto bad;
    if (f.n == 0) {
        snprintf(err, errn, "FEN board: empty");
        return -1;
    }
    if (qp_fen_parse_board(9, 10, f.field[0], "KABNRCPEHkabnrcpeh", letters, &e)) goto bad;
    if (xq_place_pieces(im, &s, letters, err, errn)) return -1;
    if (f.n < 2) {
        snprintf(err, errn, "FEN side to move: missing (expected 'w' or 'b')");
        return -1;
    }
    if (qp_fen_parse_side(f.field[1], "wbr", &side, &e)) goto bad;
    s.side = side == 1;   /* 'r' is another name for Red */
    if (qp_fen_parse_counters(&f, 2, &half, &full, &e)) goto bad;
    if (f.n > 6) {
        snprintf(err, errn, "FEN: unexpected text after the fullmove number: '%s'", f.field[6]);
        return -1;
    }
    s.halfmove = (uint16_t)half;
    s.fullmove = (uint16_t)full;

    int k0 = s.pos[0], k1 = s.pos[16];
    if (xq_generals_face(s.board, k0, k1)) {
        snprintf(err, errn, "FEN board: the generals face each other on an open file");
        return -1;
    }
    if (xq_attacked(s.board, s.side ? k0 : k1, !s.side)) {
        snprintf(err, errn, "FEN side to move: %s is to move but %s is in check",
                 xq_side_names[s.side], xq_side_names[!s.side]);
        return -1;
    }
    xq_recompute(im, &s);
    *out = s;
    return 0;
bad:
    xq_fen_error_text(&e, err, errn);
    return -1;
}

void xq_fen_print(const xq_state *s, char *buf, size_t n)
{
    char letters[90];
    for (int i = 0; i < 90; i++) {
        unsigned p = s->board[XQ_SQ(i % 9, i / 9)];
        letters[i] = p ? xq_piece_letter(p) : 0;
    }
    qp_fen_print(9, 10, letters, s->side ? 'b' : 'w', s->halfmove, s->fullmove, buf, n);
}
