/*
 * zg_notation.c — move text, move parsing with reasons, Chinese notation.
 */
#include "zg_notation.h"

#include <stdio.h>
#include <string.h>

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
    if (same >= 2) {
        static const char *const two[2] = {"前", "后"}, *const three[3] = {"前", "中", "后"};
        strcat(out, same == 2 ? two[ahead] : same == 3 ? three[ahead] : numerals[0][ahead + 1]);
        strcat(out, zg_glyphs[side][type]);
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
