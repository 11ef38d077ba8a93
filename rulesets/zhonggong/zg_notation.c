/*
 * zg_notation.c — move text, move parsing with reasons, Chinese notation.
 */
#include "zg_notation.h"

#include <stdio.h>
#include <string.h>

#include "cn_notation.h"
#include "zg_movegen.h"
#include "zg_rules.h"

const char *const zg_type_names[ZG_NTYPES] = {
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
};

const char *const zg_glyphs[2][ZG_NTYPES] = {
    {"帅", "仕", "相", "马", "车", "炮", "兵"},
    {"将", "士", "象", "馬", "車", "砲", "卒"},
};

static const char *const numerals[2][10] = {
    {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"},
    {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"},
};

static void sq_name(int sq, char *buf)
{
    buf[0] = (char)('a' + zg_file(sq));
    buf[1] = (char)('1' + zg_rank(sq));
    buf[2] = 0;
}

/* A point name at t ("e4"): 2 characters, or 0 when there is none. */
static int read_sq(const char *t, int *sq)
{
    if (t[0] < 'a' || t[0] > 'i' || t[1] < '1' || t[1] > '9') return 0;
    *sq = zg_sq(t[0] - 'a', t[1] - '1');
    return 2;
}

void zg_move_text(qp_move m, char *buf, size_t n)
{
    char out[QP_MOVE_TEXT];
    size_t len = 0;
    if (zg_mv_is_exchange(m)) {
        for (int i = 0; i < zg_mv_k(m); i++, len += 2) sq_name(zg_mv_soldier(m, i), out + len);
        out[len++] = 'x';
    } else {
        sq_name(zg_mv_from(m), out + len);
        len += 2;
    }
    sq_name(zg_mv_to(m), out + len);
    snprintf(buf, n, "%s", out);
}

/* The legal move of s equal to m up to the answered bit, or 0. */
static qp_move find_legal(const zg_impl *z, const zg_state *s, qp_move m)
{
    qp_move mv[QP_MAX_MOVES];
    int n = zg_generate(z, s, mv, false);
    for (int i = 0; i < n; i++)
        if ((mv[i] & ~ZG_MV_ANSWERED) == m) return mv[i];
    return QP_MOVE_NONE;
}

static int parse_plain(const zg_impl *z, const zg_state *s, int from, int to, qp_move *m, char *err,
                       size_t errn)
{
    char a[3], b[3];
    sq_name(from, a);
    sq_name(to, b);
    int v = s->bd.sq[from];
    if (!v) {
        snprintf(err, errn, "no piece on %s", a);
        return -1;
    }
    if (zg_side_of(v) != s->side) {
        snprintf(err, errn, "not your piece");
        return -1;
    }
    if (s->bd.sq[to] && zg_side_of(s->bd.sq[to]) == s->side) {
        snprintf(err, errn, "%s is occupied by your own piece", b);
        return -1;
    }
    int tg[32], nt = zg_pseudo_targets(z, &s->bd, from, tg);
    bool reach = false;
    for (int i = 0; i < nt; i++) reach |= tg[i] == to;
    if (!reach) {
        snprintf(err, errn, "a%s %s cannot move from %s to %s",
                 zg_type_of(v) == ZG_ADVISOR || zg_type_of(v) == ZG_ELEPHANT ? "n" : "",
                 zg_type_names[zg_type_of(v)], a, b);
        return -1;
    }
    qp_move want = (qp_move)from | (qp_move)to << 8;
    if ((*m = find_legal(z, s, want))) return 0;
    if (s->bd.sq[to] == ZG_BASE(s->side ^ 1)) {
        snprintf(err, errn, "capturing the general there is answered (illegal)");
        return -1;
    }
    zg_bd bd = s->bd;
    bd.sq[to] = (uint8_t)v;
    bd.sq[from] = 0;
    zg_occ_clr(&bd, from);
    zg_occ_set(&bd, to);
    int g = from == s->pos[ZG_BASE(s->side)] ? to : s->pos[ZG_BASE(s->side)];
    const char *why = zg_rule2_reason(z, &bd, g, s->side);
    snprintf(err, errn, "%s", why ? why : "illegal move");
    return -1;
}

static int parse_exchange(const zg_impl *z, const zg_state *s, const int *sold, int k, int target,
                          qp_move *m, char *err, size_t errn)
{
    const int side = s->side;
    bool ok = k <= 4 && z->ex_type[k] >= 0 &&
              zg_is(s->bd.sq[target], ZG_BASE(side ^ 1), z->ex_type[k]);
    qp_move want = ZG_MV_EXCHANGE | (qp_move)k << 20 | (qp_move)target << 8;
    for (int i = 0; ok && i < k; i++) {
        ok = zg_is(s->bd.sq[sold[i]], ZG_BASE(side), ZG_SOLDIER) &&
             zg_rank(sold[i]) == zg_far_rank(side) && (i == 0 || sold[i - 1] < sold[i]);
        want |= (qp_move)sold[i] << (24 + 8 * i);
    }
    if (!ok) {
        snprintf(err, errn, "no such exchange");
        return -1;
    }
    if ((*m = find_legal(z, s, want))) return 0;
    zg_bd bd = s->bd;
    for (int i = 0; i < k; i++) {
        bd.sq[sold[i]] = 0;
        zg_occ_clr(&bd, sold[i]);
    }
    bd.sq[target] = 0;
    zg_occ_clr(&bd, target);
    const char *why = zg_rule2_reason(z, &bd, s->pos[ZG_BASE(side)], side);
    snprintf(err, errn, "%s", why ? why : "illegal move");
    return -1;
}

int zg_move_parse(const zg_impl *z, const zg_state *s, const char *text, qp_move *m, char *err,
                  size_t errn)
{
    *m = QP_MOVE_NONE;
    int sq[6], ns = 0, k, target;
    const char *p = text;
    while (ns < 6 && (k = read_sq(p, &sq[ns]))) {
        p += k;
        ns++;
    }
    bool plain = ns == 2 && !*p;
    bool exchange = ns >= 1 && *p == 'x' && read_sq(p + 1, &target) && !p[3];
    if (!plain && !exchange) {
        snprintf(err, errn, "bad move text '%s'", text);
        return -1;
    }
    if (zg_decided(z, s)) {
        snprintf(err, errn, "the game is over");
        return -1;
    }
    if (plain) return parse_plain(z, s, sq[0], sq[1], m, err, errn);
    return parse_exchange(z, s, sq, ns, target, m, err, errn);
}

static int file_number(int side, int sq)
{
    return side ? zg_file(sq) + 1 : ZG_FILES - zg_file(sq);
}

void zg_move_notation(const zg_state *s, qp_move m, char *buf, size_t n)
{
    const int side = s->side;
    const char *const *num = numerals[side];
    char out[96] = "";
    if (zg_mv_is_exchange(m)) {
        int to = zg_mv_to(m), v = s->bd.sq[to];
        for (int i = 0; i < zg_mv_k(m); i++) strcat(out, zg_glyphs[side][ZG_SOLDIER]);
        strcat(out, "兑");
        if (v && v != ZG_OFF) strcat(out, zg_glyphs[zg_side_of(v)][zg_type_of(v)]);
        strcat(out, num[file_number(side, to)]);
        snprintf(buf, n, "%s", out);
        return;
    }
    int from = zg_mv_from(m), to = zg_mv_to(m), v = s->bd.sq[from];
    if (!v || v == ZG_OFF) {
        snprintf(buf, n, "?");
        return;
    }
    int type = zg_type_of(v), base = ZG_BASE(zg_side_of(v));
    /* Like pieces sharing the file, front first. */
    int same = 0, ahead = 0;
    for (int i = 0; i < zg_nslot[type]; i++) {
        int p = s->pos[base + zg_slot0[type] + i];
        if (!p || zg_file(p) != zg_file(from)) continue;
        same++;
        if (p != from && (side ? zg_rank(p) < zg_rank(from) : zg_rank(p) > zg_rank(from))) ahead++;
    }
    /* Soldiers doubled on more than one file keep the file: 前七 */
    int per_file[ZG_FILES] = {0}, doubled = 0;
    for (int i = 0; i < zg_nslot[type]; i++) {
        int p = s->pos[base + zg_slot0[type] + i];
        if (p) doubled += ++per_file[zg_file(p)] == 2;
    }
    if (same >= 2) {
        static const char *const two[2] = {"前", "后"}, *const three[3] = {"前", "中", "后"};
        strcat(out, same == 2 ? two[ahead] : same == 3 ? three[ahead] : numerals[0][ahead + 1]);
        if (type == ZG_SOLDIER && doubled > 1) strcat(out, num[file_number(side, from)]);
        else strcat(out, zg_glyphs[side][type]);
    } else {
        strcat(out, zg_glyphs[side][type]);
        strcat(out, num[file_number(side, from)]);
    }
    int fwd = zg_rank(to) - zg_rank(from);
    if (side) fwd = -fwd;
    bool straight = type == ZG_GENERAL || type == ZG_CHARIOT || type == ZG_CANNON || type == ZG_SOLDIER;
    if (fwd == 0) {
        strcat(out, "平");
        strcat(out, num[file_number(side, to)]);
    } else {
        strcat(out, fwd > 0 ? "进" : "退");
        strcat(out, straight ? num[fwd > 0 ? fwd : -fwd] : num[file_number(side, to)]);
    }
    snprintf(buf, n, "%s", out);
}

int zg_move_squares(qp_move m, int *sq, int max)
{
    int n = 0;
    if (zg_mv_is_exchange(m)) {
        for (int i = 0; i < zg_mv_k(m) && n < max; i++) sq[n++] = zg_to81(zg_mv_soldier(m, i));
    } else if (n < max) {
        sq[n++] = zg_to81(zg_mv_from(m));
    }
    if (n < max) sq[n++] = zg_to81(zg_mv_to(m));
    return n;
}

/* The mover's pieces in the notation's frame; at[sq] is a piece's index. */
static int zg_cn_pieces(const zg_state *s, cn_piece *pc, int *at)
{
    int side = s->side, np = 0, base = ZG_BASE(side);
    for (int q = 0; q < 256; q++) at[q] = -1;
    for (int id = base; id < base + 16; id++) {
        int q = s->pos[id];
        if (!q) continue;
        int f = zg_file(q), rk = zg_rank(q);
        pc[np] = (cn_piece){zg_type_of(id), side ? f + 1 : ZG_FILES - f,
                            side ? ZG_RANKS - 1 - rk : rk};
        at[q] = np++;
    }
    return np;
}

static cn_move zg_cn_move(const zg_state *s, const int *at, qp_move m)
{
    int t = zg_mv_to(m), f = zg_file(t), rk = zg_rank(t);
    return (cn_move){at[zg_mv_from(m)], s->side ? f + 1 : ZG_FILES - f,
                     s->side ? ZG_RANKS - 1 - rk : rk};
}

/* An exchange in style 0 Chinese, 1 traditional, 2 WXF; with files, each
 * soldier is followed by its file (兵九兵七兑砲二, P9P7xC2). */
static void zg_exchange_text(const zg_state *s, qp_move m, int style, bool files, char *buf, size_t n)
{
    static const char *const trad_glyph[2][ZG_NTYPES] = {
        {"帥", "仕", "相", "傌", "俥", "炮", "兵"}, {"將", "士", "象", "馬", "車", "砲", "卒"},
    };
    const char *const(*glyph)[ZG_NTYPES] = style == 1 ? trad_glyph : zg_glyphs;
    int to = zg_mv_to(m), v = s->bd.sq[to], side = s->side;
    char out[128] = "";
    for (int i = 0; i < zg_mv_k(m); i++) {
        strcat(out, style == 2 ? "P" : glyph[side][ZG_SOLDIER]);
        int f = file_number(side, zg_mv_soldier(m, i));
        if (files && style == 2) snprintf(out + strlen(out), 4, "%d", f);
        else if (files) strcat(out, numerals[side][f]);
    }
    strcat(out, style == 2 ? "x" : style == 1 ? "兌" : "兑");
    if (v && v != ZG_OFF)
        strcat(out, style == 2 ? (const char[]){"KAEHRCP"[zg_type_of(v)], 0}
                               : glyph[zg_side_of(v)][zg_type_of(v)]);
    if (style == 2) snprintf(out + strlen(out), 4, "%d", file_number(side, to));
    else strcat(out, numerals[side][file_number(side, to)]);
    snprintf(buf, n, "%s", out);
}

/* Does the exchange need its soldiers' files?  Yes when more soldiers
 * than it gives stand on the far rank, so another set could give. */
static bool zg_exchange_needs_files(const zg_state *s, qp_move m)
{
    int base = ZG_BASE(s->side), on_far = 0;
    for (int i = 0; i < zg_nslot[ZG_SOLDIER]; i++) {
        int p = s->pos[base + zg_slot0[ZG_SOLDIER] + i];
        on_far += p && zg_rank(p) == zg_far_rank(s->side);
    }
    return on_far > zg_mv_k(m);
}

int zg_notation_text(const zg_state *s, qp_move m, const char *style, char *buf, size_t n)
{
    int st = !strcmp(style, QP_NOTATION_CHINESE) ? 0 : !strcmp(style, QP_NOTATION_TRADITIONAL) ? 1
           : !strcmp(style, QP_NOTATION_WXF) ? 2 : -1;
    if (!strcmp(style, QP_NOTATION_COORD)) {
        zg_move_text(m, buf, n);
        return 0;
    }
    if (st < 0) return -1;
    if (zg_mv_is_exchange(m)) {
        zg_exchange_text(s, m, st, zg_exchange_needs_files(s, m), buf, n);
        return 0;
    }
    if (st == 0) {
        zg_move_notation(s, m, buf, n);
        return 0;
    }
    cn_piece pc[16];
    int at[256];
    int np = zg_cn_pieces(s, pc, at);
    cn_move cm = zg_cn_move(s, at, m);
    if (cm.piece < 0) {
        snprintf(buf, n, "?");
        return 0;
    }
    return cn_write(pc, np, &cm, s->side, style, false, buf, n);
}

int zg_notation_parse(const zg_impl *z, const zg_state *s, const char *text, qp_move *m,
                      char *err, size_t errn)
{
    char e[QP_ERR], half[QP_MOVE_TEXT * 2];
    cn_halfwidth(text, half, sizeof half);   /* full-width letters and digits read as ASCII */
    text = half;
    int sq;
    if (read_sq(text, &sq)) {   /* coordinates: e3e4, a9c9xe8 */
        if (!zg_move_parse(z, s, text, m, e, sizeof e)) return 0;
        snprintf(err, errn, "%s: %s", strncmp(e, "bad move text", 13) ? "illegal" : "unreadable", e);
        return -1;
    }
    if (zg_decided(z, s)) {
        snprintf(err, errn, "illegal: the game is over");
        return -1;
    }
    qp_move list[QP_MAX_MOVES];
    int nm = zg_generate(z, s, list, false);
    char want[96], have[96], note[96];
    cn_canonical(text, want, sizeof want);
    if (strstr(want, "兑") && !strncmp(want, "兵", strlen("兵"))) {   /* 兵兵兑砲五, PPxC5 */
        int found = 0;
        for (int i = 0; i < nm; i++) {
            if (!zg_mv_is_exchange(list[i])) continue;
            bool fits = false;
            for (int files = 0; files < 2; files++) {
                zg_exchange_text(s, list[i], 0, files, note, sizeof note);
                cn_canonical(note, have, sizeof have);
                fits |= !strcmp(have, want);
            }
            if (fits && !found++) *m = list[i];
        }
        if (found == 1) return 0;
        if (found > 1)
            snprintf(err, errn, "ambiguous: %d exchanges fit (give each soldier's file: 兵九兵七兑砲二)", found);
        else
            snprintf(err, errn, "illegal: no such exchange");
        return -1;
    }
    cn_piece pc[16];
    cn_move cm[QP_MAX_MOVES], guess;
    qp_move plain[QP_MAX_MOVES];
    int at[256], np = zg_cn_pieces(s, pc, at), n = 0, which;
    for (int i = 0; i < nm; i++)
        if (!zg_mv_is_exchange(list[i])) {
            plain[n] = list[i];
            cm[n++] = zg_cn_move(s, at, list[i]);
        }
    int rc = cn_read(text, pc, np, cm, n, &which, &guess, err, errn);
    if (rc == CN_OK) {
        *m = plain[which];
        return 0;
    }
    if (rc == CN_NOMOVE && guess.piece >= 0 && guess.file >= 1 && guess.file <= ZG_FILES &&
        guess.rank >= 0 && guess.rank < ZG_RANKS) {
        int from = -1, side = s->side;
        for (int q = 0; q < 256 && from < 0; q++)
            if (at[q] == guess.piece) from = q;
        int tf = side ? guess.file - 1 : ZG_FILES - guess.file;
        int tr = side ? ZG_RANKS - 1 - guess.rank : guess.rank;
        qp_move dummy;
        if (from >= 0 && parse_plain(z, s, from, zg_sq(tf, tr), &dummy, e, sizeof e))
            snprintf(err, errn, "illegal: %s", e);
    }
    return -1;
}
