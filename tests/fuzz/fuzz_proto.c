/*
 * fuzz_proto.c — the engine protocol loops, UCI, UCCI or XBoard (the
 * first byte picks it: even UCI, odd UCCI, and XBoard when it is 'x'), on
 * any input: the session must end at the end of input with
 * status 0, whatever it was told (searches included: they end with it).
 */
#include "fuzz_common.h"

#include <stdbool.h>

#include "app.h"

/* True when data names the hash size: a legal `setoption name Hash value
 * 4096` would spend the fuzzer's memory limit, which is no finding. */
static bool names_hash(const uint8_t *data, size_t size)
{
    for (size_t i = 0; i + 4 <= size; i++)
        if ((data[i] | 32) == 'h' && (data[i + 1] | 32) == 'a' && (data[i + 2] | 32) == 's' && (data[i + 3] | 32) == 'h')
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192 || names_hash(data, size)) return 0;
    static qp_app app;
    static const char *path;
    if (!path) {
        fz_init();
        app.reg = fz_reg;
        app.argv0 = "qipan";
        path = fz_scratch("proto", ".txt");
        if (!freopen("/dev/null", "w", stdout)) abort();
    }
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    if (!freopen(path, "rb", stdin)) abort();
    char *argv[] = {"xboard", NULL};
    int rc = data[0] == 'x' ? cmd_xboard(&app, 1, argv) : qp_engine_session(&app, data[0] & 1);
    FZ_CHECK(rc == 0, "session ended with %d", rc);
    return 0;
}
