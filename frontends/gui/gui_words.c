/*
 * gui_words.c — the window's Chinese words (see gui_words.h).
 */
#include "gui_words.h"

#include <stdio.h>
#include <string.h>

static const qp_texts *g_texts;
static qp_lang g_lang = QP_LANG_BOTH;

void gui_texts_set(const qp_texts *t, qp_lang lang)
{
    g_texts = t;
    g_lang = lang;
}

qp_lang gui_lang(void)
{
    return g_lang;
}

qp_texts *gui_texts_load(const char *argv0)
{
    char path[1024], err[1200];
    if (qp_texts_find(argv0, "zh_CN", path, sizeof path)) {
        fprintf(stderr, "qipan: no message catalogue (%s): the texts are English\n", path);
        return NULL;
    }
    qp_texts *t = qp_texts_load(path, err, sizeof err);
    if (!t) fprintf(stderr, "qipan: %s: the texts are English\n", err);
    return t;
}

const char *gui_zh(const char *en)
{
    return qp_texts_get(g_texts, en);
}

const char *gui_lang_join(bool cjk, char *buf, size_t n, const char *zh, const char *en)
{
    bool have = cjk && zh && *zh;
    if (have && g_lang == QP_LANG_ZH) snprintf(buf, n, "%s", zh);
    else if (have && g_lang == QP_LANG_BOTH) snprintf(buf, n, "%s %s", zh, en);
    else snprintf(buf, n, "%s", en);
    return buf;
}

const char *gui_side_zh(const qp_rules *r, int side)
{
    const char *n = qp_side_name(r, side);
    if (!strcmp(n, "red")) return "红方";
    if (!strcmp(n, "black")) return "黑方";
    if (!strcmp(n, "white")) return "白方";
    return "";
}

const char *gui_word_zh(const char *en)
{
    static const char *const map[][2] = {
        {"check", "将军"}, {"leash", "牵将"}, {"trapped", "困将"},
        {"checkmate", "将死"}, {"no-moves", "无着可走"}, {"five-soldiers", "五兵到底"},
        {"one-soldier", "一兵到底"}, {"two-soldiers", "二兵到底"}, {"three-soldiers", "三兵到底"},
        {"four-soldiers", "四兵到底"}, {"four in a row", "四子连线"}, {"more discs", "子多"},
        {"goats captured", "吃羊"}, {"tigers trapped", "困虎"}, {"goats trapped", "困羊"},
        {"general-captured", "吃将"}, {"repetition", "重复局面"},
        {"no-capture-limit", "久不吃子"}, {"perpetual-check", "长将"},
        {"resignation", "认输"}, {"agreement", "协议和棋"}, {"time", "超时"}, {"resigned", "认输"}, {"stalemate", "困毙"},
        {"three-in-a-row", "三子连线"}, {"three in a row", "三子连线"}, {"five in a row", "五子连珠"}, {"board-full", "棋盘已满"},
        {"easy", "入门"}, {"medium", "中等"}, {"hard", "困难"}, {"master", "大师"},
        {NULL, NULL}};
    for (int i = 0; en && map[i][0]; i++)
        if (!strcmp(map[i][0], en)) return map[i][1];
    return "";
}

const char *gui_piece_name(const qp_piece_view *pv, bool zh)
{
    static const char *const en_names[6] = {"king", "queen", "rook", "bishop", "knight", "pawn"};
    static const char *const zh_names[6] = {"王", "后", "车", "象", "马", "兵"};
    const unsigned char *u = (const unsigned char *)(pv->glyph ? pv->glyph : "");
    if (strlen((const char *)u) != 3 || u[0] != 0xE2 || u[1] != 0x99 || u[2] < 0x94 || u[2] > 0x9F) return "";
    int fig = (u[2] - 0x94) % 6;
    return zh ? zh_names[fig] : en_names[fig];
}
