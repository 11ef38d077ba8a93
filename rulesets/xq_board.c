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

#include "xiangqi.h"

static const char xq_letters[XQ_NTYPES + 1] = "KABNRCP";
static const char *const xq_type_names[XQ_NTYPES] = {
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"
};
static const char *const xq_type_plural[XQ_NTYPES] = {
    "generals", "advisors", "elephants", "horses", "chariots", "cannons", "soldiers"
};
static const char *const xq_side_names[2] = {"red", "black"};

/* A fixed-seed generator so that hashes are the same in every run. */
static uint64_t xq_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

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

    uint64_t seed = 0x7869616E67716931ull;   /* "xiangqi1" */
    memset(im->zob, 0, sizeof im->zob);
    for (int side = 0; side < 2; side++)
        for (int t = 0; t < XQ_NTYPES; t++)
            for (int sq = 0; sq < 256; sq++) {
                if (!(im->sqf[sq] & XQ_SF_BOARD)) continue;
                uint64_t k = xq_splitmix(&seed);
                for (int slot = xq_slot_first[t]; slot < xq_slot_first[t + 1]; slot++)
                    im->zob[side * 16 + slot][sq] = k;
            }
    im->zob_side = xq_splitmix(&seed);
}

void xq_recompute(const xq_impl *im, xq_state *s)
{
    uint64_t h = s->side ? im->zob_side : 0;
    int32_t score = 0;
    for (int i = 0; i < 32; i++) {
        int sq = s->pos[i];
        if (!sq) continue;
        h ^= im->zob[i][sq];
        score += im->pst[i][sq];
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

static int xq_parse_board(const xq_impl *im, xq_state *s, const char *b, size_t len,
                          char *err, size_t errn)
{
    int rank = 9, file = 0, ranks = 1;
    int count[2][XQ_NTYPES] = {{0}};
    /* Count first: with a rank missing, every later rank would be
     * misplaced and the error would name a symptom. */
    for (size_t i = 0; i < len; i++) ranks += b[i] == '/';
    if (ranks != 10) {
        snprintf(err, errn, "FEN board: %d ranks, expected 10", ranks);
        return -1;
    }
    for (size_t i = 0; i <= len; i++) {
        char c = i < len ? b[i] : '/';
        if (c == '/') {
            if (file != 9) {
                snprintf(err, errn, "FEN board: rank %d has %d files, expected 9", rank + 1, file);
                return -1;
            }
            if (i == len) break;
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > 9) {
                snprintf(err, errn, "FEN board: rank %d has more than 9 files", rank + 1);
                return -1;
            }
        } else {
            int side, t = xq_letter_type(c, &side);
            if (t < 0) {
                snprintf(err, errn, "FEN board: unknown piece letter '%c'", c);
                return -1;
            }
            if (file >= 9) {
                snprintf(err, errn, "FEN board: rank %d has more than 9 files", rank + 1);
                return -1;
            }
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
            file++;
        }
    }
    for (int side = 0; side < 2; side++)
        if (!count[side][XQ_KING]) {
            snprintf(err, errn, "FEN board: %s has no general", xq_side_names[side]);
            return -1;
        }
    return 0;
}

/* Splits off the next space-separated field; returns its length (0 at end). */
static size_t xq_field(const char **p, const char **start)
{
    while (**p == ' ') (*p)++;
    *start = *p;
    while (**p && **p != ' ') (*p)++;
    return (size_t)(*p - *start);
}

static int xq_parse_counter(const char *f, size_t n, long min, long *out)
{
    if (n == 0 || n > 6) return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (f[i] < '0' || f[i] > '9') return -1;
        v = v * 10 + (f[i] - '0');
    }
    if (v < min) return -1;
    *out = v;
    return 0;
}

int xq_fen_parse(const xq_impl *im, xq_state *out, const char *fen, char *err, size_t errn)
{
    xq_state s;
    memset(&s, 0, sizeof s);
    for (int sq = 0; sq < 256; sq++)
        if (!(im->sqf[sq] & XQ_SF_BOARD)) s.board[sq] = XQ_OFF;

    const char *p = fen, *f;
    size_t n = xq_field(&p, &f);
    if (!n) {
        snprintf(err, errn, "FEN board: empty");
        return -1;
    }
    if (xq_parse_board(im, &s, f, n, err, errn)) return -1;

    n = xq_field(&p, &f);
    if (!n) {
        snprintf(err, errn, "FEN side to move: missing (expected 'w' or 'b')");
        return -1;
    }
    if (n != 1 || (f[0] != 'w' && f[0] != 'r' && f[0] != 'b')) {
        snprintf(err, errn, "FEN side to move: expected 'w' or 'b', got '%.*s'", (int)n, f);
        return -1;
    }
    s.side = f[0] == 'b';

    long half = 0, full = 1;
    n = xq_field(&p, &f);
    if (n && !(n == 1 && f[0] == '-')) {
        snprintf(err, errn, "FEN castling: expected '-', got '%.*s'", (int)n, f);
        return -1;
    }
    if (n) n = xq_field(&p, &f);
    if (n && !(n == 1 && f[0] == '-')) {
        snprintf(err, errn, "FEN en passant: expected '-', got '%.*s'", (int)n, f);
        return -1;
    }
    if (n) n = xq_field(&p, &f);
    if (n && xq_parse_counter(f, n, 0, &half)) {
        snprintf(err, errn, "FEN halfmove clock: expected a number >= 0, got '%.*s'", (int)n, f);
        return -1;
    }
    if (n) n = xq_field(&p, &f);
    if (n && xq_parse_counter(f, n, 1, &full)) {
        snprintf(err, errn, "FEN fullmove number: expected a number >= 1, got '%.*s'", (int)n, f);
        return -1;
    }
    if (n) n = xq_field(&p, &f);
    if (n) {
        snprintf(err, errn, "FEN: unexpected text after the fullmove number: '%.*s'", (int)n, f);
        return -1;
    }
    if (half > 65535 || full > 65535) {
        snprintf(err, errn, "FEN %s: too large", half > 65535 ? "halfmove clock" : "fullmove number");
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
}

void xq_fen_print(const xq_state *s, char *buf, size_t n)
{
    char tmp[128];
    size_t k = 0;
    for (int r = 9; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            unsigned p = s->board[XQ_SQ(f, r)];
            if (!p) {
                empty++;
                continue;
            }
            if (empty) tmp[k++] = (char)('0' + empty);
            empty = 0;
            tmp[k++] = xq_piece_letter(p);
        }
        if (empty) tmp[k++] = (char)('0' + empty);
        if (r) tmp[k++] = '/';
    }
    tmp[k] = 0;
    snprintf(buf, n, "%s %c - - %u %u", tmp, s->side ? 'b' : 'w', (unsigned)s->halfmove,
             (unsigned)s->fullmove);
}
