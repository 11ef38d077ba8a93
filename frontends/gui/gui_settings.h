/*
 * gui_settings.h — what the window remembers between runs, in
 * $XDG_CONFIG_HOME/qipan/settings.conf (else ~/.config/qipan/): window
 * size, who plays (mode), level, flip, sound, piece style, animation, the
 * computer's search threads, whether a promotion asks for its kind and the
 * language of the texts.
 *
 * The file is "key value" lines; a line that does not parse or is out of
 * range is ignored, so a damaged file costs only that setting.  Command
 * line options win over the file.
 */
#ifndef GUI_SETTINGS_H
#define GUI_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "texts.h"

typedef enum gui_piece_style { GUI_PIECES_PLAIN, GUI_PIECES_KAI, GUI_PIECE_STYLES } gui_piece_style;

typedef struct gui_settings {
    int w, h;                 /* window size; 0: not set */
    int mode;                 /* ai mask 0..3; -1: not set */
    int level;                /* 1..10; 0: not set */
    int threads;              /* search threads 1..QP_MAX_THREADS; 0: not set (the config's ai.threads) */
    bool flip, sound, animate;
    gui_piece_style pieces;
    bool coords;              /* hints and best lines in coordinates, not the game's own notation */
    bool file_numbers;        /* Xiangqi boards: the traditional file numbers at the edges */
    bool promote_first;       /* a promotion takes the first kind (chess: the queen) unasked; default off */
    qp_lang lang;             /* the texts' language; default both */
} gui_settings;

/* Defaults: nothing set, sound and animation on, plain pieces, both languages. */
void gui_settings_default(gui_settings *s);
/* The settings file's path; -1 when neither XDG_CONFIG_HOME nor HOME is set. */
int gui_settings_path(char *out, size_t n);
/* Reads the file over *s (missing file: *s unchanged).  Returns 0, or -1
 * when the file exists but cannot be read. */
int gui_settings_load(gui_settings *s, const char *path);
/* Writes through a temporary file and a rename.  Returns 0 or -1 with err. */
int gui_settings_save(const gui_settings *s, const char *path, char *err, size_t errn);

#endif
