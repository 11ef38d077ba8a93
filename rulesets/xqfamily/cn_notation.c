/*
 * cn_notation.c — Chinese and WXF notation (contract in cn_notation.h).
 */
#include "cn_notation.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const cn_glyph[2][2][CN_NTYPES] = {
    {{"帅", "仕", "相", "马", "车", "炮", "兵"}, {"将", "士", "象", "马", "车", "炮", "卒"}},
    {{"帥", "仕", "相", "傌", "俥", "炮", "兵"}, {"將", "士", "象", "馬", "車", "砲", "卒"}},
};
static const char *const cn_num[2][10] = {
    {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"},
    {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"},
};
static const char *const cn_type_name[CN_NTYPES] = {
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
};
static const char cn_letter[CN_NTYPES + 1] = "KAEHRCP";

static bool cn_straight(int type)
{
    return type == CN_K || type == CN_R || type == CN_C || type == CN_P;
}

/* Like pieces on p's file: how many, and how many stand ahead of p. */
static void cn_tandem(const cn_piece *pc, int np, int i, int *cnt, int *idx)
{
    *cnt = *idx = 0;
    for (int j = 0; j < np; j++) {
        if (pc[j].type != pc[i].type || pc[j].file != pc[i].file) continue;
        (*cnt)++;
        if (pc[j].rank > pc[i].rank) (*idx)++;
    }
}

/* Files holding two or more pieces of the type. */
static int cn_doubled_files(const cn_piece *pc, int np, int type)
{
    int per[10] = {0}, k = 0;
    for (int j = 0; j < np; j++)
        if (pc[j].type == type && pc[j].file >= 1 && pc[j].file <= 9) per[pc[j].file]++;
    for (int f = 1; f <= 9; f++) k += per[f] >= 2;
    return k;
}

/* Soldier i's number among the soldiers of the files holding two or
 * more: files from the mover's right, front to back on each (the
 * official rule when two files hold two soldiers or more); 0 when i's
 * file holds one. */
static int cn_cross_ord(const cn_piece *pc, int np, int i)
{
    int per[10] = {0}, t = pc[i].type, ord = 1;
    for (int j = 0; j < np; j++)
        if (pc[j].type == t && pc[j].file >= 1 && pc[j].file <= 9) per[pc[j].file]++;
    if (pc[i].file < 1 || pc[i].file > 9 || per[pc[i].file] < 2) return 0;
    for (int j = 0; j < np; j++) {
        if (j == i || pc[j].type != t || pc[j].file < 1 || pc[j].file > 9 || per[pc[j].file] < 2) continue;
        if (pc[j].file < pc[i].file || (pc[j].file == pc[i].file && pc[j].rank > pc[i].rank)) ord++;
    }
    return ord;
}

void cn_halfwidth(const char *in, char *out, size_t n)
{
    size_t k = 0;
    if (!n) return;
    for (const unsigned char *p = (const unsigned char *)in; *p && k + 1 < n;) {
        /* U+FF01..U+FF5E are EF BC 81..BF and EF BD 80..9E; U+3000 E3 80 80 */
        if (p[0] == 0xEF && (p[1] == 0xBC || p[1] == 0xBD) && p[2] >= 0x80 && p[2] <= 0xBF) {
            unsigned cp = 0xFF00u + (p[1] == 0xBD ? 0x40u : 0u) + (p[2] - 0x80u);
            if (cp >= 0xFF01 && cp <= 0xFF5E) {
                out[k++] = (char)(cp - 0xFF01 + 0x21);
                p += 3;
                continue;
            }
        }
        if (p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80) {
            out[k++] = ' ';
            p += 3;
            continue;
        }
        out[k++] = (char)*p++;
    }
    out[k] = 0;
}

int cn_write(const cn_piece *pc, int np, const cn_move *mv, int side, const char *style,
             bool ae_by_file, char *buf, size_t n)
{
    bool wxf = !strcmp(style, "wxf"), trad = !strcmp(style, "traditional");
    if (!wxf && !trad && strcmp(style, "chinese")) return -1;
    const cn_piece *p = &pc[mv->piece];
    int cnt, idx, t = p->type;
    cn_tandem(pc, np, mv->piece, &cnt, &idx);
    if (ae_by_file && (t == CN_A || t == CN_E)) cnt = 1;
    bool by_file = t == CN_P && cnt >= 2 && cn_doubled_files(pc, np, t) > 1;
    int dr = mv->rank - p->rank;
    int number = dr && cn_straight(t) ? abs(dr) : mv->file;
    char d[32];
    if (wxf) {
        char x[4];
        snprintf(x, sizeof x, by_file ? "%d" : "%c", by_file ? p->file : cn_letter[t]);
        if (cnt == 1) snprintf(d, sizeof d, "%c%d", cn_letter[t], p->file);
        else if (cnt >= 4 && idx == 0) snprintf(d, sizeof d, "++");
        else if (cnt >= 4 && idx == cnt - 1) snprintf(d, sizeof d, "--");
        else if (cnt % 2 && idx == cnt / 2) snprintf(d, sizeof d, "%s%d", x, p->file);
        else snprintf(d, sizeof d, "%s%c", x, idx < cnt / 2 ? '+' : '-');
        snprintf(buf, n, "%s%c%d", d, dr > 0 ? '+' : dr < 0 ? '-' : '.', number);
        return 0;
    }
    const char *const *num = cn_num[side != 0];
    if (cnt == 1) {
        snprintf(d, sizeof d, "%s%s", cn_glyph[trad][side != 0][t], num[p->file]);
    } else {
        /* soldiers doubled on two files or more: numbered across them */
        int xo = by_file ? cn_cross_ord(pc, np, mv->piece) : 0;
        const char *word = xo ? cn_num[0][xo]
                           : cnt == 2 ? (idx ? (trad ? "後" : "后") : "前")
                           : cnt == 3 ? (idx == 0 ? "前" : idx == 1 ? "中" : trad ? "後" : "后")
                                      : cn_num[0][idx + 1];
        snprintf(d, sizeof d, "%s%s", word, cn_glyph[trad][side != 0][t]);
    }
    const char *act = dr > 0 ? (trad ? "進" : "进") : dr < 0 ? "退" : "平";
    snprintf(buf, n, "%s%s%s", d, act, num[number]);
    return 0;
}

/* Symbols of a move text */
enum {
    S_PIECE, S_DIGIT, S_FRONT, S_MID, S_REAR, S_PLUS, S_MINUS, S_ADV, S_RET, S_TRAV, S_X
};
typedef struct cn_sym { int kind, val; } cn_sym;

typedef struct cn_map { const char *utf8; int kind, val; } cn_map;
static const cn_map cn_chars[] = {
    {"车", S_PIECE, CN_R}, {"車", S_PIECE, CN_R}, {"俥", S_PIECE, CN_R},
    {"马", S_PIECE, CN_H}, {"馬", S_PIECE, CN_H}, {"傌", S_PIECE, CN_H},
    {"炮", S_PIECE, CN_C}, {"砲", S_PIECE, CN_C}, {"包", S_PIECE, CN_C},
    {"相", S_PIECE, CN_E}, {"象", S_PIECE, CN_E},
    {"仕", S_PIECE, CN_A}, {"士", S_PIECE, CN_A},
    {"帅", S_PIECE, CN_K}, {"帥", S_PIECE, CN_K}, {"将", S_PIECE, CN_K}, {"將", S_PIECE, CN_K},
    {"兵", S_PIECE, CN_P}, {"卒", S_PIECE, CN_P},
    {"一", S_DIGIT, 1}, {"二", S_DIGIT, 2}, {"三", S_DIGIT, 3}, {"四", S_DIGIT, 4},
    {"五", S_DIGIT, 5}, {"六", S_DIGIT, 6}, {"七", S_DIGIT, 7}, {"八", S_DIGIT, 8},
    {"九", S_DIGIT, 9},
    {"１", S_DIGIT, 1}, {"２", S_DIGIT, 2}, {"３", S_DIGIT, 3}, {"４", S_DIGIT, 4},
    {"５", S_DIGIT, 5}, {"６", S_DIGIT, 6}, {"７", S_DIGIT, 7}, {"８", S_DIGIT, 8},
    {"９", S_DIGIT, 9},
    {"前", S_FRONT, 0}, {"中", S_MID, 0}, {"后", S_REAR, 0}, {"後", S_REAR, 0},
    {"进", S_ADV, 0}, {"進", S_ADV, 0}, {"退", S_RET, 0}, {"平", S_TRAV, 0},
    {"兑", S_X, 0}, {"兌", S_X, 0},
    {"＋", S_PLUS, 0}, {"－", S_MINUS, 0}, {"．", S_TRAV, 0}, {"＝", S_TRAV, 0},
};

/* Next symbol at *p; advances.  0 at the end, -1 for an unknown one. */
static int cn_lex(const char **p, cn_sym *s)
{
    while (**p == ' ' || **p == '\t') (*p)++;
    const char *t = *p;
    if (!*t) return 0;
    unsigned char c = (unsigned char)*t;
    if (c < 0x80) {
        static const char letters[] = "KAEBHNRCPkaebhnrcp";
        static const int ty[9] = {CN_K, CN_A, CN_E, CN_E, CN_H, CN_H, CN_R, CN_C, CN_P};
        const char *L = strchr(letters, c);
        if (c >= '1' && c <= '9') *s = (cn_sym){S_DIGIT, c - '0'};
        else if (c == '+') *s = (cn_sym){S_PLUS, 0};
        else if (c == '-') *s = (cn_sym){S_MINUS, 0};
        else if (c == '.' || c == '=') *s = (cn_sym){S_TRAV, 0};
        else if (c == 'x' || c == 'X') *s = (cn_sym){S_X, 0};
        else if (L) *s = (cn_sym){S_PIECE, ty[(L - letters) % 9]};
        else return -1;
        (*p)++;
        return 1;
    }
    for (size_t i = 0; i < sizeof cn_chars / sizeof cn_chars[0]; i++) {
        size_t k = strlen(cn_chars[i].utf8);
        if (!strncmp(t, cn_chars[i].utf8, k)) {
            *p += k;
            *s = (cn_sym){cn_chars[i].kind, cn_chars[i].val};
            return 1;
        }
    }
    return -1;
}

void cn_canonical(const char *text, char *buf, size_t n)
{
    static const char *const canon_digit[10] = {"", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
    static const char *const canon_kind[] = {"", "", "前", "中", "后", "+", "-", "进", "退", "平", "兑"};
    size_t k = 0;
    const char *p = text;
    cn_sym s;
    int got;
    if (n) buf[0] = 0;
    while ((got = cn_lex(&p, &s)) != 0) {
        const char *piece = got < 0 ? NULL
                            : s.kind == S_PIECE ? cn_glyph[0][0][s.val]
                            : s.kind == S_DIGIT ? canon_digit[s.val] : canon_kind[s.kind];
        char one[8];
        if (!piece) {   /* keep unknown bytes as they are */
            one[0] = *p;
            one[1] = 0;
            piece = one;
            if (*p) p++;
        }
        size_t l = strlen(piece);
        if (k + l + 1 > n) break;
        memcpy(buf + k, piece, l);
        k += l;
        buf[k] = 0;
    }
}

/* Which piece on its file a designator picks */
enum { SEL_ANY, SEL_FRONT, SEL_MID, SEL_REAR, SEL_ORD, SEL_WPLUS, SEL_WMINUS, SEL_WFORE, SEL_WREAR };
typedef struct cn_desig { int type, file, sel, ord; } cn_desig;

/* xo: the piece's number across doubled files (cn_cross_ord), or 0 to
 * number soldiers on their own file. */
static bool cn_sel_fits(const cn_desig *d, int cnt, int idx, int xo)
{
    if (d->sel == SEL_ORD && xo) return xo == d->ord;
    switch (d->sel) {
    case SEL_ANY: return true;
    case SEL_FRONT: return cnt >= 2 && idx == 0;
    case SEL_REAR: return cnt >= 2 && idx == cnt - 1;
    case SEL_MID: return cnt >= 3 && cnt % 2 && idx == cnt / 2;
    case SEL_ORD: return cnt >= 2 && cnt >= d->ord && idx == d->ord - 1;
    case SEL_WPLUS: return cnt >= 2 && idx == (cnt >= 4 ? 1 : 0);
    case SEL_WMINUS: return cnt >= 2 && idx == (cnt >= 4 ? cnt - 2 : cnt - 1);
    case SEL_WFORE: return cnt >= 4 && idx == 0;
    case SEL_WREAR: return cnt >= 4 && idx == cnt - 1;
    }
    return false;
}

static int cn_pos_sel(const cn_sym *s)
{
    switch (s->kind) {
    case S_FRONT: return SEL_FRONT;
    case S_MID: return SEL_MID;
    case S_REAR: return SEL_REAR;
    case S_PLUS: return SEL_WPLUS;
    case S_MINUS: return SEL_WMINUS;
    }
    return -1;
}

/* The two leading symbols as a designator; -1 if they are not one. */
static int cn_designator(const cn_sym *a, const cn_sym *b, cn_desig *d)
{
    *d = (cn_desig){-1, 0, SEL_ANY, 0};
    int pa = cn_pos_sel(a), pb = cn_pos_sel(b);
    if (a->kind == S_PIECE && b->kind == S_DIGIT) {          /* 炮二, C2 */
        d->type = a->val;
        d->file = b->val;
    } else if (a->kind == S_PIECE && pb >= 0) {              /* R+, 车前 */
        d->type = a->val;
        d->sel = pb;
    } else if (pa >= 0 && b->kind == S_PIECE) {              /* 前炮, +R */
        d->type = b->val;
        d->sel = pa;
    } else if (pa >= 0 && b->kind == S_DIGIT) {              /* 前七 */
        d->file = b->val;
        d->sel = pa;
    } else if (a->kind == S_DIGIT && pb >= 0) {              /* 3+ (WXF) */
        d->file = a->val;
        d->sel = pb;
    } else if (a->kind == S_DIGIT && b->kind == S_DIGIT && a->val == b->val) {   /* 33 (WXF) */
        d->file = a->val;
        d->sel = SEL_MID;
    } else if (a->kind == S_DIGIT && b->kind == S_PIECE && a->val <= 5) {   /* 二兵 */
        d->type = b->val;
        d->sel = SEL_ORD;
        d->ord = a->val;
    } else if (a->kind == S_PLUS && b->kind == S_PLUS) {     /* ++ (WXF) */
        d->sel = SEL_WFORE;
    } else if (a->kind == S_MINUS && b->kind == S_MINUS) {   /* -- (WXF) */
        d->sel = SEL_WREAR;
    } else {
        return -1;
    }
    /* ++/-- and file-first forms name soldiers only */
    if (d->type < 0 && d->sel != SEL_ANY) d->type = CN_P;
    return 0;
}

/* Does move mv go as "op number" says? */
static bool cn_action_fits(const cn_piece *p, const cn_move *mv, int op, int number)
{
    int dr = mv->rank - p->rank;
    if (op == 0) return dr == 0 && mv->file == number;
    if ((op > 0) != (dr > 0) || dr == 0) return false;
    if (cn_straight(p->type)) return mv->file == p->file && abs(dr) == number;
    return mv->file == number;
}

/* Where "op number" sends piece p, if the kind's movement says so. */
static bool cn_target(const cn_piece *p, int op, int number, cn_move *g)
{
    g->file = p->file;
    g->rank = p->rank;
    if (op == 0) {
        g->file = number;
        return true;
    }
    int df = abs(number - p->file), step;
    switch (p->type) {
    case CN_K: case CN_R: case CN_C: case CN_P:
        g->rank += op * number;
        return true;
    case CN_H: step = df == 1 ? 2 : df == 2 ? 1 : 0; break;
    case CN_E: step = df == 2 ? 2 : 0; break;
    case CN_A: step = df == 1 ? 1 : 0; break;
    default: step = 0;
    }
    if (!step) return false;
    g->file = number;
    g->rank += op * step;
    return true;
}

int cn_read(const char *text, const cn_piece *pc, int np, const cn_move *mv, int nm, int *which,
            cn_move *guess, char *err, size_t errn)
{
    cn_sym s[5];
    int ns = 0, got;
    const char *p = text;
    guess->piece = -1;
    while (ns < 5 && (got = cn_lex(&p, &s[ns])) > 0) ns++;
    cn_desig d;
    int op = 2;
    if (ns == 4 && got >= 0) {
        int k = s[2].kind;
        op = k == S_PLUS || k == S_ADV ? 1 : k == S_MINUS || k == S_RET ? -1 : k == S_TRAV ? 0 : 2;
    }
    if (op == 2 || s[3].kind != S_DIGIT || cn_designator(&s[0], &s[1], &d)) {
        snprintf(err, errn, "unreadable: not a move in Chinese or WXF notation (such as 炮二平五 or C2.5)");
        return CN_UNREADABLE;
    }
    int number = s[3].val;
    int found = 0, fit = 0, fit_piece = -1, mid = -1, nmid = 0;
    /* 一兵..五兵 number the soldiers across the files holding two or more
     * when there are two such files (the official rule); a record that
     * numbers them on one file only is read so when that alone fits. */
    bool cross = d.sel == SEL_ORD && d.type == CN_P && cn_doubled_files(pc, np, CN_P) > 1;
    int cross_fit = 0, cross_piece = -1;   /* what the numbering across files found */
again:
    for (int i = 0; i < np; i++) {
        int cnt, idx;
        cn_tandem(pc, np, i, &cnt, &idx);
        if ((d.type >= 0 && pc[i].type != d.type) || (d.file && pc[i].file != d.file) ||
            !cn_sel_fits(&d, cnt, idx, cross ? cn_cross_ord(pc, np, i) : 0))
            continue;
        fit++;
        fit_piece = i;
    }
    for (int j = 0; j < nm; j++) {
        const cn_piece *q = &pc[mv[j].piece];
        int cnt, idx;
        cn_tandem(pc, np, mv[j].piece, &cnt, &idx);
        if ((d.type >= 0 && q->type != d.type) || (d.file && q->file != d.file) ||
            !cn_sel_fits(&d, cnt, idx, cross ? cn_cross_ord(pc, np, mv[j].piece) : 0) ||
            !cn_action_fits(q, &mv[j], op, number))
            continue;
        if (!found++) *which = j;
        /* WXF names the middle one of an odd file of soldiers by its file */
        if (d.sel == SEL_ANY && cnt >= 3 && cnt % 2 && idx == cnt / 2) {
            mid = j;
            nmid++;
        }
    }
    if (!found && cross) {
        cross = false;
        cross_fit = fit;
        cross_piece = fit_piece;
        fit = 0;
        fit_piece = -1;
        goto again;
    }
    if (!found && cross_fit) {   /* say why the soldier the rule names cannot go */
        fit = cross_fit;
        fit_piece = cross_piece;
    }
    if (found == 1) return CN_OK;
    if (found > 1 && nmid == 1) {
        *which = mid;
        return CN_OK;
    }
    if (found > 1) {
        snprintf(err, errn, "ambiguous: %d moves fit (tell the pieces apart with 前/后 or +/-)", found);
        return CN_AMBIGUOUS;
    }
    if (!fit) {
        if (d.type >= 0 && d.file)
            snprintf(err, errn, "illegal: no %s of yours on file %d", cn_type_name[d.type], d.file);
        else if (d.type >= 0)
            snprintf(err, errn, "illegal: no %s of yours fits '%s'", cn_type_name[d.type], text);
        else
            snprintf(err, errn, "illegal: no piece of yours fits '%s'", text);
        return CN_NOPIECE;
    }
    if (fit == 1 && cn_target(&pc[fit_piece], op, number, guess)) guess->piece = fit_piece;
    snprintf(err, errn, "illegal: the %s cannot move so", cn_type_name[pc[fit_piece].type]);
    return CN_NOMOVE;
}
