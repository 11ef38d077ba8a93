/*
 * xq_notation.c — Xiangqi moves as text: coordinates ("h3e3", "a10a9"),
 * the reason a move is refused, and traditional Chinese notation.
 *
 * Chinese notation (中文纵线记谱): piece, file, action, number.  Files are
 * counted from each player's right: Red writes 一..九 (file i = 一), Black
 * writes full-width １..９ (file a = １).  进/退 with a number of points for
 * pieces moving in straight lines (general, chariot, cannon, soldier) and
 * with the target file for the others; 平 with the target file.  Two or
 * three pieces of a kind on one file are told apart by 前/(中)/后 in place
 * of the file (前炮平五); four or five soldiers by ordinals 一..五 from the
 * front; when soldiers are doubled on several files the file is kept after
 * the position word (前兵 becomes 前七).  Pieces are written with the
 * simplified characters usual in printed records: Red 帅仕相马车炮兵,
 * Black 将士象马车炮卒 (the board glyphs 馬車砲 are for drawing only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi.h"

static const char *const xq_red_num[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const xq_black_num[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const xq_note_piece[2][XQ_NTYPES] = {
    {"帅", "仕", "相", "马", "车", "炮", "兵"},
    {"将", "士", "象", "马", "车", "炮", "卒"},
};

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
static const char *xq_explain(const xq_impl *im, const xq_state *s, int f, int t)
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

void xq_move_notation(const qp_rules *r, const void *sv, qp_move m, char *buf, size_t n)
{
    (void)r;
    const xq_state *s = sv;
    int f = XQ_FROM(m), t = XQ_TO(m);
    unsigned p = s->board[f];
    if (!p) {
        snprintf(buf, n, "?");
        return;
    }
    int side = XQ_SIDE_OF(p), type = xq_slot_type[p & 15];
    const char *const *num = side ? xq_black_num : xq_red_num;
    int ff = XQ_FILE(f), tf = XQ_FILE(t);
    int nff = side ? ff + 1 : 9 - ff, ntf = side ? tf + 1 : 9 - tf;
    int fwd_r = side ? -XQ_RANK(f) : XQ_RANK(f);   /* larger is further forward */

    /* Same-kind pieces on the from-file: how many, how many ahead of ours,
     * and whether the kind is doubled on another file too. */
    int same = 0, ahead = 0, doubled_files = 0;
    int per_file[9] = {0};
    for (int slot = xq_slot_first[type]; slot < xq_slot_first[type + 1]; slot++) {
        int q = s->pos[side * 16 + slot];
        if (!q) continue;
        per_file[XQ_FILE(q)]++;
        if (XQ_FILE(q) != ff) continue;
        same++;
        if ((side ? -XQ_RANK(q) : XQ_RANK(q)) > fwd_r) ahead++;
    }
    for (int i = 0; i < 9; i++) doubled_files += per_file[i] >= 2;

    char prefix[32];
    if (same == 1) {
        snprintf(prefix, sizeof prefix, "%s%s", xq_note_piece[side][type], num[nff]);
    } else {
        const char *word;
        if (same == 2) word = ahead ? "后" : "前";
        else if (same == 3) word = ahead == 0 ? "前" : ahead == 1 ? "中" : "后";
        else word = num[ahead + 1];
        if (type == XQ_SOLDIER && doubled_files > 1)
            snprintf(prefix, sizeof prefix, "%s%s", word, num[nff]);
        else
            snprintf(prefix, sizeof prefix, "%s%s", word, xq_note_piece[side][type]);
    }

    int dr = (XQ_RANK(t) - XQ_RANK(f)) * (side ? -1 : 1);
    bool straight = type == XQ_KING || type == XQ_CHARIOT || type == XQ_CANNON ||
                    type == XQ_SOLDIER;
    if (dr == 0)
        snprintf(buf, n, "%s平%s", prefix, num[ntf]);
    else
        snprintf(buf, n, "%s%s%s", prefix, dr > 0 ? "进" : "退",
                 straight ? num[abs(dr)] : num[ntf]);
}
