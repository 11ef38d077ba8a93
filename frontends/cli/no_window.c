/*
 * no_window.c — `qipan play` and `qipan render` in a build without the
 * window (cmake -DQP_WINDOW=OFF, or SDL2, SDL2_ttf, fontconfig or libpng
 * missing): play is the console, as it is with the window when there is no
 * display; render says what the build lacks.  Compiled only in place of
 * frontends/gui/.
 */
#include <stdio.h>
#include <string.h>

#include "app.h"

int cmd_play(qp_app *app, int argc, char **argv)
{
    /* The window's network seat has no console form here: that is
     * `qipan host` / `qipan join`. */
    static const char *const net_opts[] = {"--host", "--join", "--code", "--side", "--time", "--save"};
    for (int i = 1; i < argc; i++)
        for (size_t k = 0; k < sizeof net_opts / sizeof net_opts[0]; k++)
            if (!strcmp(argv[i], net_opts[k])) {
                fprintf(stderr,
                        "qipan: play %s needs the window, and this qipan was built without it "
                        "(cmake -DQP_WINDOW=ON); use qipan host / qipan join\n",
                        argv[i]);
                return 2;
            }
    fprintf(stderr, "qipan: this qipan was built without the window; playing in the console\n");
    return cmd_console(app, argc, argv);
}

int cmd_render(qp_app *app, int argc, char **argv)
{
    (void)app;
    (void)argc;
    (void)argv;
    fprintf(stderr, "qipan: render: this qipan was built without the window (cmake -DQP_WINDOW=ON)\n");
    return 1;
}
