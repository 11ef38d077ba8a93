/*
 * test_texts.c — the message catalogue (frontends/common/texts.h): the
 * Chinese of an English text under zh, the English under en, both under
 * both, in the C locale; every text of po/zh_CN.po found in the compiled
 * catalogue; damaged catalogues refused with their path named.
 */
#include "testutil.h"
#include "texts.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MO QP_LOCALE_DIR "/zh_CN/LC_MESSAGES/qipan.mo"

static qp_texts *load(void)
{
    char err[512] = "";
    qp_texts *t = qp_texts_load(MO, err, sizeof err);
    if (!t) fail_msg("%s", err);
    return t;
}

static void test_languages_in_c_locale(void **state)
{
    (void)state;
    assert_non_null(setlocale(LC_ALL, "C"));
    setenv("LANG", "C", 1);
    unsetenv("LANGUAGE");
    qp_texts *t = load();
    char buf[128];
    assert_string_equal(qp_texts_get(t, "New game"), "新局设置");
    assert_string_equal(qp_texts_say(t, QP_LANG_ZH, "New game", buf, sizeof buf), "新局设置");
    assert_string_equal(qp_texts_say(t, QP_LANG_EN, "New game", buf, sizeof buf), "New game");
    assert_string_equal(qp_texts_say(t, QP_LANG_BOTH, "New game", buf, sizeof buf), "新局设置 New game");
    assert_string_equal(qp_texts_say(t, QP_LANG_BOTH, "Your move", buf, sizeof buf), "请走棋 Your move");
    /* a sentence about a side is one text per side, its order the language's */
    assert_string_equal(qp_texts_say(t, QP_LANG_ZH, "You (Tigers) vs computer", buf, sizeof buf), "执虎方对电脑");
    assert_string_equal(qp_texts_say(t, QP_LANG_EN, "You (Tigers) vs computer", buf, sizeof buf),
                        "You (Tigers) vs computer");
    assert_string_equal(qp_texts_say(t, QP_LANG_BOTH, "Yellow wins", buf, sizeof buf), "黄方胜 Yellow wins");
    assert_string_equal(qp_texts_get(t, "side\004Red"), "红方");   /* the bare word, in its context */
    assert_string_equal(qp_texts_get(t, "Red"), "");
    /* a text the catalogue lacks is English in every language */
    assert_string_equal(qp_texts_get(t, "no such text"), "");
    assert_string_equal(qp_texts_say(t, QP_LANG_ZH, "no such text", buf, sizeof buf), "no such text");
    assert_string_equal(qp_texts_say(t, QP_LANG_BOTH, "no such text", buf, sizeof buf), "no such text");
    /* the header's empty key is not a text */
    assert_string_equal(qp_texts_get(t, ""), "");
    qp_texts_free(t);
    /* no catalogue: English */
    assert_string_equal(qp_texts_say(NULL, QP_LANG_ZH, "New game", buf, sizeof buf), "New game");
}

/* Every msgid/msgstr pair of the .po (single-line entries) looks up to its msgstr. */
static void test_every_po_text_found(void **state)
{
    (void)state;
    qp_texts *t = load();
    FILE *f = fopen(QP_PO, "r");
    assert_non_null(f);
    char line[512], id[512] = "", ctxt[64] = "";
    int n = 0, nctxt = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        size_t k = strlen(line);
        /* an entry with a context is found as "CONTEXT\004ID" */
        if (!strncmp(line, "msgctxt \"", 9) && k > 10) snprintf(ctxt, sizeof ctxt, "%.*s", (int)(k - 10), line + 9);
        else if (!strncmp(line, "msgid \"", 7) && k > 8) {
            if (ctxt[0]) nctxt++;
            snprintf(id, sizeof id, "%s%s%.*s", ctxt, ctxt[0] ? "\004" : "", (int)(k - 8), line + 7);
            ctxt[0] = 0;
        }
        else if (!strncmp(line, "msgstr \"", 8) && id[0] && k > 9) {
            char want[512];
            snprintf(want, sizeof want, "%.*s", (int)(k - 9), line + 8);
            if (strcmp(qp_texts_get(t, id), want)) fail_msg("\"%s\": \"%s\", not \"%s\"", id, qp_texts_get(t, id), want);
            n++;
            id[0] = 0;
        }
    }
    fclose(f);
    assert_true(n >= 50);
    assert_true(nctxt >= 30);   /* the window's words (gui_word_zh) */
    qp_texts_free(t);
}

static void expect_refused(const char *bytes, size_t len, const char *why)
{
    char path[] = "/tmp/qp_texts_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    fwrite(bytes, 1, len, f);
    fclose(f);
    char err[512] = "";
    qp_texts *t = qp_texts_load(path, err, sizeof err);
    unlink(path);
    if (t) fail_msg("a catalogue that is %s was read", why);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, why));
}

static void test_damaged_catalogues_refused(void **state)
{
    (void)state;
    char err[512];
    assert_null(qp_texts_load("/nonexistent/qipan.mo", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/qipan.mo"));
    assert_null(qp_texts_load("/tmp", err, sizeof err));   /* a folder */
    assert_non_null(strstr(err, "/tmp"));
    expect_refused("hello", 5, "too short");
    expect_refused("abcdefghijklmnopqrstuvwxyz", 26, "bad magic number");
    /* a real catalogue cut short: its texts run out of the file */
    FILE *f = fopen(MO, "rb");
    assert_non_null(f);
    static char mo[65536];
    size_t n = fread(mo, 1, sizeof mo, f);
    fclose(f);
    assert_true(n > 200);
    expect_refused(mo, n - 40, "past the end");
    /* one entry's offset pointed far outside */
    static char bad[65536];
    memcpy(bad, mo, n);
    uint32_t orig;
    memcpy(&orig, bad + 12, 4);
    memset(bad + orig + 4, 0x7f, 4);
    expect_refused(bad, n, "past the end");
    /* a text count larger than the file */
    memcpy(bad, mo, n);
    memset(bad + 8, 0xff, 4);
    expect_refused(bad, n, "past the end");
}

static void test_language_names(void **state)
{
    (void)state;
    qp_lang l = QP_LANG_EN;
    assert_int_equal(qp_lang_parse("zh", &l), 0);
    assert_int_equal(l, QP_LANG_ZH);
    assert_int_equal(qp_lang_parse("both", &l), 0);
    assert_int_equal(l, QP_LANG_BOTH);
    assert_int_equal(qp_lang_parse("fr", &l), -1);
    assert_int_equal(l, QP_LANG_BOTH);
    assert_int_equal(qp_lang_parse(NULL, &l), -1);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(qp_lang_parse(qp_lang_name((qp_lang)i), &l), 0);
        assert_int_equal(l, (qp_lang)i);
    }
}

static void test_find(void **state)
{
    (void)state;
    char p[1024];
    setenv("QIPAN_LOCALE", QP_LOCALE_DIR, 1);
    assert_int_equal(qp_texts_find(NULL, "zh_CN", p, sizeof p), 0);
    assert_string_equal(p, MO);
    setenv("QIPAN_LOCALE", "/nonexistent", 1);
    assert_int_equal(qp_texts_find(NULL, "zh_CN", p, sizeof p), -1);
    assert_string_equal(p, "/nonexistent/zh_CN/LC_MESSAGES/qipan.mo");
    unsetenv("QIPAN_LOCALE");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_languages_in_c_locale),
        cmocka_unit_test(test_every_po_text_found),
        cmocka_unit_test(test_damaged_catalogues_refused),
        cmocka_unit_test(test_language_names),
        cmocka_unit_test(test_find),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
