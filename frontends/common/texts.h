/*
 * texts.h — the frontends' words through a message catalogue.
 *
 * Source texts are English; the Chinese comes from a GNU gettext catalogue
 * (po/zh_CN.po, compiled by msgfmt into LOCALE/zh_CN/LC_MESSAGES/qipan.mo).
 * The language is a setting, not the process locale: `zh`, `en`, or `both`
 * ("中文 English", the window's original bilingual texts).
 *
 * The catalogue is read here rather than through dgettext: glibc's gettext
 * takes its language only from the locale and $LANGUAGE, and in the C
 * locale it returns every text untranslated whatever is bound (tested), so
 * forcing it means changing the process's environment and thread locale
 * and needs a C.UTF-8 locale installed; and "both" wants two languages at
 * once.  A .mo is a sorted table of NUL-terminated pairs; reading it is a
 * bounds-checked binary search.
 *
 * Where the catalogue lives: $QIPAN_LOCALE when set, else the first that
 * holds zh_CN/LC_MESSAGES/qipan.mo of EXE_DIR/locale (the build tree) and
 * EXE_DIR/../share/qipan/locale (installed).
 */
#ifndef QP_TEXTS_H
#define QP_TEXTS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum qp_lang { QP_LANG_BOTH, QP_LANG_ZH, QP_LANG_EN } qp_lang;

/* A loaded catalogue: immutable once read, so it may be shared. */
typedef struct qp_texts qp_texts;

/* "zh", "en" or "both" to a language; -1 (and *out unchanged) for anything else. */
int qp_lang_parse(const char *s, qp_lang *out);
const char *qp_lang_name(qp_lang lang);

/* Reads a .mo file.  NULL with err ("PATH: why") when it cannot be read or
 * is not a well-formed catalogue; a damaged file is refused whole. */
qp_texts *qp_texts_load(const char *path, char *err, size_t errn);
void qp_texts_free(qp_texts *t);
/* The catalogue's path for language code (e.g. "zh_CN"), found as above.
 * Returns 0, or -1 when none exists (out then holds the first candidate). */
int qp_texts_find(const char *argv0, const char *code, char *out, size_t n);

/* The translation of en, or "" when the catalogue (which may be NULL) has
 * none.  The pointer lives as long as t. */
const char *qp_texts_get(const qp_texts *t, const char *en);
/* en in lang: zh the translation, en itself, both "中文 English"; a text
 * without a translation is en in every language.  Writes into buf. */
const char *qp_texts_say(const qp_texts *t, qp_lang lang, const char *en, char *buf, size_t n);

#endif
