/*
 * gui_sound.c — synthesised sound effects (see gui_sound.h).
 *
 * Wood on wood is mostly a short noise burst through a resonance plus a
 * low thump that dies in tens of milliseconds; a few damped sines of the
 * right pitch and decay give a convincing click without samples.
 */
#include "gui_sound.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <SDL.h>

#define RATE 44100
#define MAX_SAMPLES (RATE / 2)

struct gui_sound {
    SDL_AudioDeviceID dev;
    int rate;
    short *buf[GUI_NSFX];
    int len[GUI_NSFX];
};

/* A damped sine: frequency f Hz, amplitude a, decay time constant tau s,
 * starting at t0 s. */
typedef struct partial {
    float f, a, tau, t0;
} partial;

static int render(const partial *p, int np, float noise_a, float noise_tau, float dur, int rate,
                  short *out, int max)
{
    int n = (int)(dur * rate);
    if (n > max) n = max;
    uint32_t seed = 12345u;
    float lp = 0;
    for (int i = 0; i < n; i++) {
        float t = (float)i / (float)rate, v = 0;
        for (int k = 0; k < np; k++) {
            float u = t - p[k].t0;
            if (u >= 0) v += p[k].a * expf(-u / p[k].tau) * sinf(2 * 3.14159265f * p[k].f * u);
        }
        if (noise_a > 0) {
            seed = seed * 1664525u + 1013904223u;
            float w = (float)(seed >> 8) / 8388608.0f - 1.0f;
            lp += 0.35f * (w - lp);   /* soften the hiss */
            v += noise_a * expf(-t / noise_tau) * lp;
        }
        /* 2 ms fade-in avoids a click at the start of a tone. */
        if (t < 0.002f) v *= t / 0.002f;
        if (v > 1) v = 1;
        if (v < -1) v = -1;
        out[i] = (short)(v * 30000);
    }
    return n;
}

int gui_sound_synth(gui_sfx which, int rate, short *out, int max)
{
    switch (which) {
    case GUI_SFX_SELECT: {
        const partial p[] = {{1850, 0.25f, 0.012f, 0}, {3100, 0.10f, 0.006f, 0}};
        return render(p, 2, 0.15f, 0.004f, 0.06f, rate, out, max);
    }
    case GUI_SFX_MOVE: {
        const partial p[] = {{420, 0.45f, 0.030f, 0}, {1250, 0.22f, 0.012f, 0}, {2600, 0.08f, 0.006f, 0}};
        return render(p, 3, 0.35f, 0.006f, 0.16f, rate, out, max);
    }
    case GUI_SFX_CAPTURE: {
        const partial p[] = {{330, 0.50f, 0.035f, 0}, {980, 0.22f, 0.015f, 0},
                             {460, 0.45f, 0.040f, 0.045f}, {1400, 0.20f, 0.015f, 0.045f}};
        return render(p, 4, 0.45f, 0.010f, 0.24f, rate, out, max);
    }
    case GUI_SFX_CHECK: {
        const partial p[] = {{880, 0.30f, 0.09f, 0}, {1320, 0.22f, 0.10f, 0.10f}};
        return render(p, 2, 0, 1, 0.38f, rate, out, max);
    }
    case GUI_SFX_END: {
        const partial p[] = {{523.25f, 0.22f, 0.30f, 0}, {659.25f, 0.20f, 0.30f, 0.12f},
                             {783.99f, 0.20f, 0.35f, 0.24f}, {1046.5f, 0.16f, 0.40f, 0.36f}};
        return render(p, 4, 0, 1, 1.2f, rate, out, max);
    }
    case GUI_SFX_ERROR: {
        const partial p[] = {{196, 0.30f, 0.08f, 0}, {185, 0.25f, 0.08f, 0.09f}};
        return render(p, 2, 0, 1, 0.25f, rate, out, max);
    }
    default:
        return 0;
    }
}

gui_sound *gui_sound_open(void)
{
    gui_sound *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    /* Audio libraries (ALSA) print their probing failures on stderr; no
     * device is not an error here, so keep them quiet. */
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) dup2(null, 2);
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 512;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0) {
        s->dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
        if (!s->dev) SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    if (saved >= 0) {
        dup2(saved, 2);
        close(saved);
    }
    if (null >= 0) close(null);
    if (!s->dev) return s;
    s->rate = have.freq;
    for (int k = 0; k < GUI_NSFX; k++) {
        s->buf[k] = malloc(sizeof(short) * MAX_SAMPLES);
        if (s->buf[k]) s->len[k] = gui_sound_synth((gui_sfx)k, s->rate, s->buf[k], MAX_SAMPLES);
    }
    SDL_PauseAudioDevice(s->dev, 0);
    return s;
}

void gui_sound_close(gui_sound *s)
{
    if (!s) return;
    if (s->dev) {
        SDL_CloseAudioDevice(s->dev);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    for (int k = 0; k < GUI_NSFX; k++) free(s->buf[k]);
    free(s);
}

bool gui_sound_ok(const gui_sound *s)
{
    return s && s->dev;
}

void gui_sound_play(gui_sound *s, gui_sfx which)
{
    if (!gui_sound_ok(s) || which < 0 || which >= GUI_NSFX || !s->buf[which]) return;
    /* A new sound replaces one still playing: the latest event matters. */
    SDL_ClearQueuedAudio(s->dev);
    if (SDL_QueueAudio(s->dev, s->buf[which], (Uint32)(sizeof(short) * (size_t)s->len[which])) < 0)
        SDL_Log("SDL_QueueAudio: %s", SDL_GetError());
}
