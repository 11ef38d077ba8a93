/*
 * fuzz_settings.c — the window's settings file (frontends/gui/gui_settings.c):
 * any text loads (a line that does not parse is ignored), every value
 * loaded is in its range, and what loads saves and loads again the same.
 * (The window's other file, NAME.window beside a record: fuzz_window.)
 */
#include "fuzz_common.h"

#include "gui_settings.h"
#include "search.h"

static void check_ranges(const gui_settings *s, const char *what)
{
    FZ_CHECK((s->w == 0 && s->h == 0) || (s->w >= 360 && s->w <= 8192 && s->h >= 300 && s->h <= 8192),
             "%s: size %dx%d", what, s->w, s->h);
    FZ_CHECK(s->mode >= -1 && s->mode <= 3, "%s: mode %d", what, s->mode);
    FZ_CHECK(s->level >= 0 && s->level <= 10, "%s: level %d", what, s->level);
    FZ_CHECK(s->threads >= 0 && s->threads <= QP_MAX_THREADS, "%s: threads %d", what, s->threads);
    FZ_CHECK(s->pieces == GUI_PIECES_PLAIN || s->pieces == GUI_PIECES_KAI, "%s: pieces %d", what, (int)s->pieces);
    FZ_CHECK(s->lang == QP_LANG_BOTH || s->lang == QP_LANG_ZH || s->lang == QP_LANG_EN, "%s: language %d", what, (int)s->lang);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    static const char *path, *again;
    if (!path) {
        path = fz_scratch("settings", ".conf");
        again = fz_scratch("settings", ".again.conf");
    }
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(data, 1, size, f);
    fclose(f);
    gui_settings s, t;
    gui_settings_default(&s);
    FZ_CHECK(gui_settings_load(&s, path) == 0, "a readable file refused");
    check_ranges(&s, "loaded");
    char err[QP_ERR];
    FZ_CHECK(gui_settings_save(&s, again, err, sizeof err) == 0, "save: %s", err);
    gui_settings_default(&t);
    FZ_CHECK(gui_settings_load(&t, again) == 0, "its own file refused");
    FZ_CHECK(s.w == t.w && s.h == t.h && s.mode == t.mode && s.level == t.level && s.threads == t.threads &&
                 s.flip == t.flip && s.sound == t.sound && s.animate == t.animate && s.pieces == t.pieces,
             "saved and loaded again, the settings differ");
    return 0;
}
