/*
 * xq_notation.c — Xiangqi moves as text: coordinates ("h3e3", "a10a9"),
 * the reason a move is refused, and the notations players exchange:
 * Chinese (simplified and traditional), WXF (cn_notation.c knows those),
 * and ICCS ("h2e2", ranks 0-9).  Reading accepts any of them; a text such
 * as "h2e2" that reads both as coordinates and as ICCS follows the
 * record's hint, unless a rank 0 or 10 tells.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cn_notation.h"
#include "xq_internal.h"

void xq_move_text(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    (void)s;
    char a[8], b[8];
    qp_sq_name(&r->geom, xq_to_geom(XQ_FROM(m)), a);
    qp_sq_name(&r->geom, xq_to_geom(XQ_TO(m)), b);
    snprintf(buf, n, "%s%s", a, b);
}

int xq_move_squares(const qp_rules *r, const void *s, qp_move m, int *sq, int max)
{
    (void)r;
    (void)s;
    int k = 0;
    if (k < max) sq[k++] = xq_to_geom(XQ_FROM(m));
    if (k < max) sq[k++] = xq_to_geom(XQ_TO(m));
    return k;
}

static int xq_between(const uint8_t *b, int f, int t)
{
    int d = !((f ^ t) & 15) ? (t > f ? 16 : -16) : (t > f ? 1 : -1), k = 0;
    for (int x = f + d; x != t; x += d) k += b[x] != 0;
    return k;
}

/* Why the piece on f cannot go to t by its movement rules, or NULL when it
 * can (the move is then pseudo-legal).  The target is empty or enemy. */
const char *xq_explain(const xq_impl *im, const xq_state *s, int f, int t)
{
    const uint8_t *b = s->board;
    int side = s->side, type = xq_slot_type[b[f] & 15];
    int df = abs(XQ_FILE(t) - XQ_FILE(f));
    int dr = (XQ_RANK(t) - XQ_RANK(f)) * (side ? -1 : 1);   /* forward > 0 */
    int adr = abs(dr);
    switch (type) {
    case XQ_KING:
        if (df + adr != 1) return "the general moves one point along a rank or file";
        if (!(im->sqf[t] & XQ_SF_PALACE(side))) return "the general cannot leave the palace";
        return NULL;
    case XQ_ADVISOR:
        if (df != 1 || adr != 1) return "the advisor moves one point diagonally";
        if (!(im->sqf[t] & XQ_SF_PALACE(side))) return "the advisor cannot leave the palace";
        return NULL;
    case XQ_ELEPHANT:
        if (df != 2 || adr != 2) return "the elephant moves two points diagonally";
        if (!(im->sqf[t] & XQ_SF_HALF(side))) return "the elephant cannot cross the river";
        if (b[(f + t) / 2]) return "the elephant's eye is blocked";
        return NULL;
    case XQ_HORSE: {
        if (!((df == 1 && adr == 2) || (df == 2 && adr == 1)))
            return "the horse moves one point straight then one diagonally";
        int leg;
        if (df == 2) leg = f + (XQ_FILE(t) > XQ_FILE(f) ? 1 : -1);
        else leg = f + (XQ_RANK(t) > XQ_RANK(f) ? 16 : -16);
        if (b[leg]) return "the horse's leg is blocked";
        return NULL;
    }
    case XQ_CHARIOT:
        if (df && adr) return "the chariot moves along a rank or file";
        if (xq_between(b, f, t)) return "the chariot's path is blocked";
        return NULL;
    case XQ_CANNON: {
        if (df && adr) return "the cannon moves along a rank or file";
        int k = xq_between(b, f, t);
        if (!b[t] && k) return "the cannon's path is blocked (it jumps only to capture)";
        if (b[t] && k != 1) return "the cannon captures by jumping over exactly one piece";
        return NULL;
    }
    case XQ_SOLDIER:
        if (dr < 0) return "the soldier cannot move backward";
        if (df + adr != 1) return "the soldier moves one point at a time";
        if (!dr && (im->sqf[f] & XQ_SF_HALF(side)))
            return "the soldier moves sideways only after crossing the river";
        return NULL;
    default:
        return "illegal move";
    }
}

int xq_move_parse(const qp_rules *r, const void *sv, const char *text, qp_move *m,
                  char *err, size_t errn)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    int a, b, k1 = qp_sq_parse(&r->geom, text, &a), k2 = 0;
    if (k1) k2 = qp_sq_parse(&r->geom, text + k1, &b);
    char canon[QP_MOVE_TEXT];
    if (k1 && k2) {
        qp_move mv = XQ_MOVE(xq_from_geom(a), xq_from_geom(b));
        xq_move_text(r, s, mv, canon, sizeof canon);
    }
    if (!k1 || !k2 || text[k1 + k2] || strcmp(canon, text)) {
        snprintf(err, errn, "bad move text '%s' (expected two points such as h3e3)", text);
        return -1;
    }
    int f = xq_from_geom(a), t = xq_from_geom(b);
    qp_move mv = XQ_MOVE(f, t);
    unsigned p = s->board[f], c = s->board[t];
    char nf[8];
    qp_sq_name(&r->geom, a, nf);
    if (!p) {
        snprintf(err, errn, "no piece on %s", nf);
        return -1;
    }
    if (XQ_SIDE_OF(p) != s->side) {
        snprintf(err, errn, "not your piece");
        return -1;
    }
    if (f == t) {
        snprintf(err, errn, "a move must go to another point");
        return -1;
    }
    if (c && XQ_SIDE_OF(c) == s->side) {
        snprintf(err, errn, "cannot capture your own piece");
        return -1;
    }
    const char *why = xq_explain(im, s, f, t);
    if (why) {
        snprintf(err, errn, "%s", why);
        return -1;
    }
    if (!xq_pseudo_is_legal(s, mv)) {
        uint8_t bd[256];
        memcpy(bd, s->board, sizeof bd);
        bd[t] = bd[f];
        bd[f] = 0;
        int k0 = s->pos[0], kb = s->pos[16];
        if (f == k0) k0 = t;
        if (f == kb) kb = t;
        snprintf(err, errn, "%s", xq_generals_face(bd, k0, kb) ? "generals would face each other"
                                                                 : "leaves your general in check");
        return -1;
    }
    /* The generator is the authority; explain() only words the refusal. */
    qp_move list[QP_MAX_MOVES];
    int n = xq_gen_legal(im, s, list, false);
    for (int i = 0; i < n; i++)
        if (list[i] == mv) {
            *m = mv;
            return 0;
        }
    snprintf(err, errn, "illegal move");
    return -1;
}

void xq_move_notation(const qp_rules *r, const void *s, qp_move m, char *buf, size_t n)
{
    xq_notation_text(r, s, m, QP_NOTATION_CHINESE, buf, n);
}

/* The mover's pieces in the notation's frame (files from the mover's
 * right, ranks forward); at[sq] is the index of the piece on sq. */
static int xq_cn_pieces(const xq_state *s, cn_piece *pc, int *at)
{
    int side = s->side, np = 0;
    for (int q = 0; q < 256; q++) at[q] = -1;
    for (int slot = 0; slot < 16; slot++) {
        int q = s->pos[side * 16 + slot];
        if (!q) continue;
        int f = XQ_FILE(q), rk = XQ_RANK(q);
        pc[np] = (cn_piece){xq_slot_type[slot], side ? f + 1 : 9 - f, side ? 9 - rk : rk};
        at[q] = np++;
    }
    return np;
}

static cn_move xq_cn_move(const xq_state *s, const int *at, qp_move m)
{
    int t = XQ_TO(m), f = XQ_FILE(t), rk = XQ_RANK(t);
    return (cn_move){at[XQ_FROM(m)], s->side ? f + 1 : 9 - f, s->side ? 9 - rk : rk};
}

int xq_notation_text(const qp_rules *r, const void *sv, qp_move m, const char *style, char *buf,
                     size_t n)
{
    const xq_state *s = sv;
    if (!strcmp(style, QP_NOTATION_COORD)) {
        xq_move_text(r, s, m, buf, n);
        return 0;
    }
    int f = XQ_FROM(m), t = XQ_TO(m);
    if (!strcmp(style, QP_NOTATION_ICCS)) {
        snprintf(buf, n, "%c%d%c%d", 'a' + XQ_FILE(f), XQ_RANK(f), 'a' + XQ_FILE(t), XQ_RANK(t));
        return 0;
    }
    unsigned p = s->board[f];
    if (!p || p == XQ_OFF || XQ_SIDE_OF(p) != s->side) {
        snprintf(buf, n, "?");
        return 0;
    }
    cn_piece pc[16];
    int at[256];
    int np = xq_cn_pieces(s, pc, at);
    cn_move cm = xq_cn_move(s, at, m);
    return cn_write(pc, np, &cm, s->side, style, true, buf, n);
}

/* A point name "h2" / "h10"; with iccs the rank is 0-9.  Returns the
 * length read (0: none) and the rank as written in *rank. */
static int xq_read_point(const char *t, int *file, int *rank)
{
    char c = t[0];
    if (c >= 'A' && c <= 'I') c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'i' || t[1] < '0' || t[1] > '9') return 0;
    *file = c - 'a';
    if (t[1] == '1' && t[2] == '0') {
        *rank = 10;
        return 3;
    }
    *rank = t[1] - '0';
    return 2;
}

/* SAN as XBoard and chess-family programs write Xiangqi: an optional
 * piece letter (K A E/B H/N R C P; none for a soldier), an optional file
 * and/or rank telling like pieces apart, an optional 'x', the point
 * reached (Che2, Hg2, Rxa9, Ch2e2 is coordinates).  XBoard counts ranks
 * 0-9, other programs 1-10: a 0 or 10 tells, else the record's hint
 * (iccs: 0-9 first), else 1-10 first, and the other when that reads no
 * legal move.  Returns 1 when text is not SAN. */
static int xq_san_parse(const xq_impl *im, const xq_state *s, const char *text, const char *style, qp_move *m,
                        char *err, size_t errn)
{
    static const char letters[] = "KAEBHNRCP";
    static const int types[] = {XQ_KING, XQ_ADVISOR, XQ_ELEPHANT, XQ_ELEPHANT, XQ_HORSE, XQ_HORSE,
                                XQ_CHARIOT, XQ_CANNON, XQ_SOLDIER};
    static const char *const names[] = {"general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"};
    const char *t = text;
    int type = XQ_SOLDIER;
    if (*t && strchr(letters, *t)) type = types[strchr(letters, *t++) - letters];
    /* the point reached ends the text: a file letter and 1-2 digits */
    size_t n = strlen(t);
    size_t e = n;
    while (e > 0 && isdigit((unsigned char)t[e - 1])) e--;
    if (e == 0 || n - e < 1 || n - e > 2 || t[e - 1] < 'a' || t[e - 1] > 'i') return 1;
    int tf = t[e - 1] - 'a', tr = atoi(t + e);
    if (tr > 10) return 1;
    /* between: [file][rank][x] */
    const char *q = t, *end = t + e - 1;
    int df = -1, dr = -1;
    if (q < end && *q >= 'a' && *q <= 'i') df = *q++ - 'a';
    if (q < end && isdigit((unsigned char)*q)) {
        dr = *q++ - '0';
        if (dr == 1 && q < end && *q == '0') {
            dr = 10;
            q++;
        }
    }
    if (q < end && *q == 'x') q++;
    if (q != end) return 1;
    /* rank conventions to try: 0 = ranks 0-9, 1 = ranks 1-10 */
    int order[2] = {1, 0}, ntry = 2;
    if (tr == 0 || dr == 0) order[0] = 0, ntry = 1;
    else if (tr == 10 || dr == 10) ntry = 1;
    else if (style && !strcmp(style, QP_NOTATION_ICCS)) order[0] = 0, order[1] = 1;
    qp_move list[QP_MAX_MOVES];
    int nm = xq_gen_legal(im, s, list, false);
    for (int k = 0; k < ntry; k++) {
        int off = order[k] == 0 ? 0 : 1, found = 0;
        for (int i = 0; i < nm; i++) {
            int f = XQ_FROM(list[i]), to = XQ_TO(list[i]);
            if (xq_slot_type[s->board[f] & 15] != type || XQ_FILE(to) != tf || XQ_RANK(to) != tr - off) continue;
            if ((df >= 0 && XQ_FILE(f) != df) || (dr >= 0 && XQ_RANK(f) != dr - off)) continue;
            if (!found++) *m = list[i];
        }
        if (found == 1) return 0;
        if (found > 1) {
            snprintf(err, errn, "ambiguous: %d of your %ss can go to %c%d (name the file or rank it leaves)", found,
                     names[type], 'a' + tf, tr);
            return -1;
        }
    }
    snprintf(err, errn, "illegal: no %s of yours can go to %c%d", names[type], 'a' + tf, tr);
    return -1;
}

int xq_notation_parse(const qp_rules *r, const void *sv, const char *text, const char *style,
                      qp_move *m, char *err, size_t errn)
{
    const xq_state *s = sv;
    const xq_impl *im = r->impl;
    char e[QP_ERR], half[QP_MOVE_TEXT * 2];
    cn_halfwidth(text, half, sizeof half);   /* full-width letters and digits read as ASCII */
    text = half;
    int f1, r1, f2, r2, k1 = xq_read_point(text, &f1, &r1), k2 = 0;
    bool dash = false;
    if (k1) {
        dash = text[k1] == '-';
        k2 = xq_read_point(text + k1 + dash, &f2, &r2);
    }
    /* "C6f6" is SAN (a cannon from rank 6), not ICCS "C6F6" */
    bool mixed = k1 && k2 && isupper((unsigned char)text[0]) && islower((unsigned char)text[k1 + dash]);
    if (k1 && k2 && !text[k1 + dash + k2] && !mixed) {
        /* ICCS counts ranks 0-9, the coordinates 1-10: a 0 or 10 tells,
         * else the record's convention (the hint) or ICCS's look does. */
        bool upper = text[0] >= 'A' && text[0] <= 'I';
        bool iccs = (style && !strcmp(style, QP_NOTATION_ICCS)) || dash || upper;
        if (r1 == 0 || r2 == 0) iccs = true;
        if (r1 == 10 || r2 == 10) iccs = false;
        if (!iccs && (r1 == 0 || r2 == 0)) iccs = true;
        if (iccs && (r1 > 9 || r2 > 9)) {
            snprintf(err, errn, "unreadable: an ICCS rank is 0-9");
            return -1;
        }
        if (iccs) {
            r1++;
            r2++;
        }
        char coord[16];
        snprintf(coord, sizeof coord, "%c%d%c%d", 'a' + f1, r1, 'a' + f2, r2);
        if (xq_move_parse(r, s, coord, m, e, sizeof e)) {
            snprintf(err, errn, "illegal: %s", e);
            return -1;
        }
        return 0;
    }
    int san = xq_san_parse(im, s, text, style, m, err, errn);
    if (san <= 0) return san;
    cn_piece pc[16];
    int at[256];
    int np = xq_cn_pieces(s, pc, at);
    qp_move list[QP_MAX_MOVES];
    cn_move cm[QP_MAX_MOVES], guess;
    int nm = xq_gen_legal(im, s, list, false), which;
    for (int i = 0; i < nm; i++) cm[i] = xq_cn_move(s, at, list[i]);
    int rc = cn_read(text, pc, np, cm, nm, &which, &guess, err, errn);
    if (rc == CN_OK) {
        *m = list[which];
        return 0;
    }
    if (rc == CN_NOMOVE && guess.piece >= 0 && guess.file >= 1 && guess.file <= 9 &&
        guess.rank >= 0 && guess.rank <= 9) {
        /* Back to board points, then the coordinate parser says why. */
        int side = s->side, from = -1;
        for (int q = 0; q < 256 && from < 0; q++)
            if (at[q] == guess.piece) from = q;
        int tf = side ? guess.file - 1 : 9 - guess.file, tr = side ? 9 - guess.rank : guess.rank;
        char coord[16];
        snprintf(coord, sizeof coord, "%c%d%c%d", 'a' + XQ_FILE(from), XQ_RANK(from) + 1, 'a' + tf,
                 tr + 1);
        qp_move dummy;
        if (from >= 0 && xq_move_parse(r, s, coord, &dummy, e, sizeof e))
            snprintf(err, errn, "illegal: %s", e);
    }
    return -1;
}
