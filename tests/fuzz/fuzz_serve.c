/*
 * fuzz_serve.c — `qipan serve`'s mapping of a request target to a file
 * (frontends/cli/serve.h).  Whatever the target, a mapped path stays under
 * the root: it starts with "ROOT/", has no ".." segment, no NUL and no
 * backslash, and a refusal is one of the statuses the contract names.
 */
#include "fuzz_common.h"

#include "serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *target = fz_string(data, size), out[512];
    int st = sv_map_path("/srv/www", target, out, sizeof out);
    FZ_CHECK(st == 0 || st == 400 || st == 414, "'%s': status %d", target, st);
    if (st == 0) {
        FZ_CHECK(!strncmp(out, "/srv/www/", 9), "'%s' mapped to '%s'", target, out);
        FZ_CHECK(!strchr(out, '\\'), "'%s' mapped to '%s'", target, out);
        for (const char *p = out; (p = strstr(p, "/..")) != NULL; p++)
            FZ_CHECK(p[3] != '/' && p[3] != 0, "'%s' mapped to '%s'", target, out);
    }
    (void)sv_mime_type(target);
    free(target);
    return 0;
}
