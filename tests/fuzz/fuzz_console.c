/*
 * fuzz_console.c — the console's command lines (frontends/console/console.c), fed
 * to `qipan console RULESET` on stdin as a pipe would (no terminal, so no
 * line editing): the first byte picks the ruleset, the rest are the lines.
 * Whatever they say, the session ends at the end of input with status 0.
 *
 * The command dispatcher is private to console.c, so the whole session
 * runs per input.  Lines are passed on as typed except:
 *  - `save` and `load` name this process's scratch file instead of the
 *    typed path (the fuzzer must not write or block on files of its own
 *    choosing; `save`'s notation word is kept);
 *  - `ai` and `level` are dropped: the computer plays with --depth 1 and
 *    --movetime 1, one move per `go` or `hint` (two such lines per input,
 *    the others dropped: each search ages the move-ordering tables, which
 *    costs more than the rest of a session), where `ai both` would play
 *    whole games and `level` would give it seconds per move;
 * and its hash table is 1 MiB (a configuration of this process), since
 * clearing the default 64 MiB for each session would be most of the work.
 */
#include "fuzz_common.h"

#include <ctype.h>

#include "app.h"

static const char *const notations[] = {"coord", "chinese", "traditional", "wxf", "iccs"};

/* Appends line (a C string, as the console reads it) to f, rewritten as
 * the header says. */
static void pass_line(FILE *f, const char *line, const char *scratch, int *searches)
{
    const char *p = line;
    while (isspace((unsigned char)*p)) p++;
    size_t k = 0;
    while (p[k] && !isspace((unsigned char)p[k])) k++;
    if ((k == 2 && !memcmp(p, "ai", 2)) || (k == 5 && !memcmp(p, "level", 5))) return;
    if ((k == 2 && !memcmp(p, "go", 2)) || (k == 4 && !memcmp(p, "hint", 4)))
        if (++*searches > 2) return;
    if (k == 4 && (!memcmp(p, "save", 4) || !memcmp(p, "load", 4))) {
        const char *notation = "";
        size_t n = strlen(p);
        while (n && isspace((unsigned char)p[n - 1])) n--;
        for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++) {
            size_t len = strlen(notations[i]);
            if (n > len + 4 && p[n - len - 1] == ' ' && !memcmp(p + n - len, notations[i], len)) notation = notations[i];
        }
        fprintf(f, "%.4s %s%s%s\n", p, scratch, *notation ? " " : "", notation);
        return;
    }
    fprintf(f, "%s\n", line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    static qp_app app;
    static const char *path, *record, *config;
    if (!path) {
        fz_init();
        app.reg = fz_reg;
        app.argv0 = "qipan";
        path = fz_scratch("console", ".txt");
        record = fz_scratch("console", ".pgn");
        config = fz_scratch("console", ".lua");
        FILE *c = fopen(config, "w");
        if (!c || fputs("return { ai = { hash_mb = 1 } }\n", c) < 0 || fclose(c)) abort();
        if (!freopen("/dev/null", "w", stdout)) abort();
    }
    const qp_rules *r = fz_pick(data[0]);
    if (!r) return 0;
    char *text = fz_string(data + 1, size - 1);
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    int searches = 0;
    for (char *line = text, *end; line; line = end) {
        end = memchr(line, '\n', (size_t)(text + size - 1 - line));
        if (end) *end++ = 0;
        pass_line(f, line, record, &searches);
    }
    fclose(f);
    free(text);
    if (!freopen(path, "rb", stdin)) abort();
    char *argv[] = {"console", (char *)r->rs->name, "--config", (char *)config, "--depth", "1", "--movetime", "1", NULL};
    int rc = cmd_console(&app, 8, argv);
    FZ_CHECK(rc == 0, "the session ended with %d", rc);
    return 0;
}
