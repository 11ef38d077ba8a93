/*
 * zg_text.c — rules summary and win-reason texts of a Zhonggong instance.
 */
#include "zg_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *zg_soldiers_reason(int k)
{
    static const char *const r[] = {"one-soldier", "two-soldiers", "three-soldiers",
                                     "four-soldiers", "five-soldiers", "six-soldiers"};
    return k >= 1 && k <= 6 ? r[k - 1] : "soldiers";
}

/* Appends to buf (a bounded string builder: text beyond n is dropped). */
static void add(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= n) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}

static const char *const cn_num[] = {"零", "一", "二", "三", "四", "五", "六"};
static const char *const en_num[] = {"No", "One", "Two", "Three", "Four", "Five", "Six"};
/* Names of the types an exchange can buy, by zg type. */
static const char *cn_type(int t)
{
    return t == ZG_SOLDIER ? "兵" : t == ZG_CANNON ? "炮" : t == ZG_HORSE ? "马" : t == ZG_CHARIOT ? "车" : "?";
}
static const char *en_type(int t)
{
    return t == ZG_SOLDIER ? "soldier" : t == ZG_CANNON ? "cannon" : t == ZG_HORSE ? "horse"
         : t == ZG_CHARIOT ? "chariot" : "?";
}

static const char *ordinal(int k)
{
    static const char *const o[] = {"", "first", "second", "third", "fourth", "fifth", "sixth"};
    return k >= 1 && k <= 6 ? o[k] : NULL;
}

void zg_help_text(const zg_impl *z, const qp_params *p, char *buf, size_t n)
{
    const char *pal = qp_param_str(p, "palace");
    int reps = (int)qp_param_int(p, "draw.repetitions");
    int plies = (int)qp_param_int(p, "draw.no_capture_plies");
    bool perpetual = qp_param_bool(p, "draw.perpetual_check_loses");
    int win = z->soldiers_to_win, nex = 0;
    for (int k = 1; k <= 4; k++)
        if (z->ex_type[k] >= 0) nex = k;
    buf[0] = 0;

    /* 中文 */
    add(buf, n, "中宫象棋：九路九线，双方共用中央九宫（%s），无河界。\n", pal);
    add(buf, n, "帅/将只在宫内直走一步，%s；仕/士斜走一步、相/象斜走两步（塞象眼），均可走遍全盘；"
                "马、车、炮同象棋；兵/卒可进可平，不可退。\n",
        z->flying ? "可以飞将（同一直线无子相隔时可吃对方将帅）" : "不许飞将");
    if (z->liberties) add(buf, n, "气点：将帅四邻的空点。走子后己方将帅至少要留一口气，否则为困将。\n");
    else add(buf, n, "本规则不计气点：将帅可以被围住。\n");
    if (z->loses) add(buf, n, "白吃：吃将后对方无法在该点吃回，白吃者胜；能被吃回的吃将可以走，但走者立即判负。\n");
    else add(buf, n, "白吃：吃将后对方无法在该点吃回，白吃者胜；能被吃回的吃将不许走。\n");
    add(buf, n, "将军＝对方可白吃我将，必须应将（走开、垫子、吃子或加保护）；"
                "牵将＝虽被攻击但每种吃法都能吃回，不必应，但不可撤走最后的保护。\n");
    if (nex) {
        add(buf, n, "兑子：k 个底兵换对方一子——");
        for (int k = 1; k <= nex; k++)
            if (z->ex_type[k] >= 0) add(buf, n, "%s%d 兵换%s", k > 1 ? "，" : "", k, cn_type(z->ex_type[k]));
        add(buf, n, "（如 a9c9xe8）。");
    } else {
        add(buf, n, "本规则不许兑子。");
    }
    if (win <= 5) add(buf, n, "%s个底兵即胜；", cn_num[win]);
    add(buf, n, "无合法着法者负。\n");

    /* English */
    add(buf, n, "Zhonggong Xiangqi: 9x9 board, one palace (%s) shared by both generals, no river.\n", pal);
    add(buf, n, "General: one step orthogonally, never leaving the palace; %s\n",
        z->flying ? "flying general: generals facing each other on an open file may capture along it."
                  : "no flying general.");
    add(buf, n, "Advisor: one step diagonally; elephant: two diagonally, blocked by the midpoint; both move anywhere.\n"
                "Horse, chariot, cannon as in Xiangqi; soldier: forward or sideways from the start, never back.\n");
    if (z->liberties)
        add(buf, n, "Liberty: an empty point next to a general.  Your move must leave your general at least one.\n");
    else
        add(buf, n, "No liberties rule: a general may be boxed in.\n");
    if (z->loses)
        add(buf, n, "Capturing a general wins if the capturer cannot be taken back there (a free capture);\n"
                    "an answered capture may be played but loses at once.\n");
    else
        add(buf, n, "Capturing a general is legal only if the capturer cannot be taken back there (a free capture), and wins.\n");
    add(buf, n, "Check: the enemy has a free capture of your general; answer it (move, block, capture or guard).\n"
                "Leash: attacked but every capture is answered; no need to react, but do not withdraw the last guard.\n");
    if (nex) {
        add(buf, n, "Exchange: k soldiers on the enemy back rank buy one enemy piece:");
        for (int k = 1; k <= nex; k++)
            if (z->ex_type[k] >= 0) add(buf, n, "%s %d %s", k > 1 ? "," : "", k, en_type(z->ex_type[k]));
        add(buf, n, " (a9c9xe8).\n");
    } else {
        add(buf, n, "No exchanges.\n");
    }
    if (win <= 5) add(buf, n, "%s soldier%s on the enemy back rank win%s; ", en_num[win], win > 1 ? "s" : "", win > 1 ? "" : "s");
    add(buf, n, "no legal move loses.");
    if (reps || plies) {
        add(buf, n, "  Draws:");
        if (reps) {
            const char *o = ordinal(reps);
            if (o) add(buf, n, " %s repetition", o);
            else add(buf, n, " repetition no. %d", reps);
            if (perpetual) add(buf, n, " (perpetual check loses)");
        }
        if (plies) add(buf, n, "%s %d plies without a capture", reps ? "," : "", plies);
        add(buf, n, ".\n");
    } else {
        add(buf, n, "  No draw rules.\n");
    }
}
