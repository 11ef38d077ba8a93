/*
 * gui_words.h — the Chinese the window shows beside English: side names
 * and the sentences about a side, the words of flags, outcome reasons and level names.  Pure lookups
 * (no SDL), shared by drawing and by the state's banner text.
 *
 * Also the window's language (zh, en or both) and its catalogue
 * (texts.h): a frontend global, as there is one window per process, set
 * once at start and by the Settings dialog.  Without a catalogue every
 * text from it is English.
 */
#ifndef GUI_WORDS_H
#define GUI_WORDS_H

#include "ruleset.h"
#include "texts.h"

/* What the window says of one side.  Each is a whole sentence of the
 * catalogue per side name ("Red to move" -> "红方走棋", "Goats win" ->
 * "羊方胜"), never a side word pasted into a sentence of another
 * language, so each language puts the side where its grammar does. */
typedef enum gui_side_text {
    GUI_SIDE_NAME,          /* "Red" (context "side": a bare word) */
    GUI_SIDE_TO_MOVE,       /* "Red to move" */
    GUI_SIDE_WINS,          /* "Red wins", "Tigers win" */
    GUI_SIDE_RESIGNED,      /* "Red resigned" */
    GUI_SIDE_OUT_OF_TIME,   /* "Red ran out of time" */
    GUI_SIDE_VS_COMPUTER,   /* "You (Red) vs computer" */
    GUI_SIDE_TEXTS
} gui_side_text;
/* The English of k for side (its name capitalised). */
const char *gui_side_en(const qp_rules *r, int side, gui_side_text k, char *buf, size_t n);
/* The catalogue's Chinese of that English, "" when it has none. */
const char *gui_side_zh(const qp_rules *r, int side, gui_side_text k);
/* The same in the window's language, joined as gui_lang_join does. */
const char *gui_side_say(bool cjk, const qp_rules *r, int side, gui_side_text k, char *buf, size_t n);
/* Chinese for a flag, reason or level name (context "word"); "" if none. */
const char *gui_word_zh(const char *en);
/* A game's title in the window's language: a title that holds its own
 * Chinese ("Zhonggong Xiangqi (中宫象棋)", "老虎棋 Laohu (...)") shows
 * that alone in zh and whole otherwise; another title ("Reversi
 * (Othello)") takes the catalogue's Chinese for it or for its part
 * before " (", as gui_lang_join joins them. */
const char *gui_title_say(bool cjk, const char *title, char *buf, size_t n);
/* A ruleset's status text (its players' counts) in the window's
 * language: in zh each part (parts are joined by " · ") as the catalogue
 * says it under context "status", its runs of digits standing for %d
 * and its runs of Chinese characters (piece glyphs) for %s, put back in
 * order; a part it has not stays as written; in en and
 * both the text as written. */
const char *gui_status_say(bool cjk, const char *en, char *buf, size_t n);
/* Whether s[0..n) holds a character of the CJK blocks. */
bool gui_has_cjk(const char *s, size_t n);
/* The name of a piece drawn as a chess figure (U+2654…U+265F: "queen",
 * zh "后"), "" for any other glyph. */
const char *gui_piece_name(const qp_piece_view *pv, bool zh);

/* The language and catalogue the window's texts use (t may be NULL; the
 * window does not own it).  The default is both, without a catalogue. */
void gui_texts_set(const qp_texts *t, qp_lang lang);
qp_lang gui_lang(void);
/* The Chinese catalogue (qp_texts_find), or NULL, said on stderr, when
 * there is none or it is damaged: the texts are then English. */
qp_texts *gui_texts_load(const char *argv0);
/* The catalogue's Chinese for an English text, "" when it has none. */
const char *gui_zh(const char *en);
/* "中文 English", "中文" or "English" as the language says: zh alone when
 * there is no Chinese (zh NULL or "") or no Chinese font (cjk false). */
const char *gui_lang_join(bool cjk, char *buf, size_t n, const char *zh, const char *en);

#endif
