/*
 * gui_settings.c — the window's remembered settings (see gui_settings.h).
 */
#include "gui_settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "gui_files.h"
#include "search.h"

void gui_settings_default(gui_settings *s)
{
    memset(s, 0, sizeof *s);
    s->mode = -1;
    s->sound = s->animate = true;
    s->pieces = GUI_PIECES_PLAIN;
    s->lang = QP_LANG_BOTH;
}

int gui_settings_path(char *out, size_t n)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/') snprintf(out, n, "%s/qipan/settings.conf", xdg);
    else if (home && *home) snprintf(out, n, "%s/.config/qipan/settings.conf", home);
    else {
        out[0] = 0;
        return -1;
    }
    return 0;
}

static bool flag(const char *v, bool *out)
{
    if (!strcmp(v, "on") || !strcmp(v, "1")) *out = true;
    else if (!strcmp(v, "off") || !strcmp(v, "0")) *out = false;
    else return false;
    return true;
}

int gui_settings_load(gui_settings *s, const char *path)
{
    FILE *f = qp_file_open(path, "r");
    if (!f) return errno == ENOENT ? 0 : -1;
    char line[256], key[32], val[64];
    for (int k = 0; k < 64 && fgets(line, sizeof line, f); k++) {
        if (sscanf(line, "%31s %63s", key, val) != 2) continue;
        int a, b;
        if (!strcmp(key, "size") && sscanf(val, "%dx%d", &a, &b) == 2 && a >= 360 && b >= 300 && a <= 8192 && b <= 8192) {
            s->w = a;
            s->h = b;
        } else if (!strcmp(key, "mode") && sscanf(val, "%d", &a) == 1 && a >= 0 && a <= 3) {
            s->mode = a;
        } else if (!strcmp(key, "level") && sscanf(val, "%d", &a) == 1 && a >= 1 && a <= 10) {
            s->level = a;
        } else if (!strcmp(key, "threads") && sscanf(val, "%d", &a) == 1 && a >= 1 && a <= QP_MAX_THREADS) {
            s->threads = a;
        } else if (!strcmp(key, "flip")) {
            flag(val, &s->flip);
        } else if (!strcmp(key, "sound")) {
            flag(val, &s->sound);
        } else if (!strcmp(key, "animation")) {
            flag(val, &s->animate);
        } else if (!strcmp(key, "edge")) {
            if (!strcmp(val, "numbers")) s->file_numbers = true;
            else if (!strcmp(val, "coords")) s->file_numbers = false;
        } else if (!strcmp(key, "notation")) {
            if (!strcmp(val, "coords")) s->coords = true;
            else if (!strcmp(val, "native")) s->coords = false;
        } else if (!strcmp(key, "promotion")) {
            if (!strcmp(val, "queen")) s->promote_first = true;
            else if (!strcmp(val, "ask")) s->promote_first = false;
        } else if (!strcmp(key, "language")) {
            qp_lang_parse(val, &s->lang);
        } else if (!strcmp(key, "pieces")) {
            if (!strcmp(val, "kai")) s->pieces = GUI_PIECES_KAI;
            else if (!strcmp(val, "plain")) s->pieces = GUI_PIECES_PLAIN;
        }
    }
    fclose(f);
    return 0;
}

int gui_settings_save(const gui_settings *s, const char *path, char *err, size_t errn)
{
    char tmp[1100];
    if (gui_make_parent_dirs(path, err, errn)) return -1;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = qp_file_open(tmp, "w");
    if (!f) {
        snprintf(err, errn, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    fprintf(f, "# qipan window settings\n");
    if (s->w > 0 && s->h > 0) fprintf(f, "size %dx%d\n", s->w, s->h);
    if (s->mode >= 0) fprintf(f, "mode %d\n", s->mode);
    if (s->level > 0) fprintf(f, "level %d\n", s->level);
    if (s->threads > 0) fprintf(f, "threads %d\n", s->threads);
    fprintf(f, "flip %s\nsound %s\nanimation %s\npieces %s\n", s->flip ? "on" : "off", s->sound ? "on" : "off",
            s->animate ? "on" : "off", s->pieces == GUI_PIECES_KAI ? "kai" : "plain");
    fprintf(f, "notation %s\nedge %s\n", s->coords ? "coords" : "native", s->file_numbers ? "numbers" : "coords");
    fprintf(f, "promotion %s\nlanguage %s\n", s->promote_first ? "queen" : "ask", qp_lang_name(s->lang));
    bool ok = fflush(f) == 0 && !ferror(f);
    if (fclose(f) != 0) ok = false;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
