/*
 * gui_sound.h — short sounds synthesised in code and played through SDL
 * audio: no sound files to ship.  Without an audio device everything is
 * silently a no-op (gui_sound_ok() says so).
 */
#ifndef GUI_SOUND_H
#define GUI_SOUND_H

#include <stdbool.h>

typedef enum gui_sfx {
    GUI_SFX_SELECT, GUI_SFX_MOVE, GUI_SFX_CAPTURE, GUI_SFX_CHECK, GUI_SFX_END, GUI_SFX_ERROR,
    GUI_NSFX
} gui_sfx;

typedef struct gui_sound gui_sound;

/* Opens the default output device (SDL's audio subsystem is initialised
 * here).  Never NULL; check gui_sound_ok(). */
gui_sound *gui_sound_open(void);
void gui_sound_close(gui_sound *s);
bool gui_sound_ok(const gui_sound *s);
void gui_sound_play(gui_sound *s, gui_sfx which);

/* The samples of a sound (mono, signed 16-bit, at rate); exposed for
 * tests.  Returns the sample count written (<= max). */
int gui_sound_synth(gui_sfx which, int rate, short *out, int max);

#endif
