/*
 * no_net.c — `qipan host` and `qipan join` in a build without network play
 * (cmake -DQP_NET=OFF, or GnuTLS missing): they say so and fail.  Compiled
 * only in place of frontends/net/.
 */
#include <stdio.h>

#include "app.h"

static int no_net(const char *cmd)
{
    fprintf(stderr, "qipan: %s: this qipan was built without network play (cmake -DQP_NET=ON)\n", cmd);
    return 1;
}

int cmd_host(qp_app *app, int argc, char **argv)
{
    (void)app;
    (void)argc;
    (void)argv;
    return no_net("host");
}

int cmd_join(qp_app *app, int argc, char **argv)
{
    (void)app;
    (void)argc;
    (void)argv;
    return no_net("join");
}
