/*
 * fuzz_net.c — the network protocol's message parser (frontends/net/net_proto.c),
 * without sockets: each line of the input is parsed; a line it accepts is
 * valid UTF-8 without control characters (docs/protocol.md), formats
 * again, and the formatted line parses to the same message.  The join code
 * check and the parameter comparison get the same lines.
 */
#include "fuzz_common.h"

#include "net_proto.h"

/* Valid UTF-8 with no byte below 0x20 and no DEL. */
static bool clean_text(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        if (c < 0x20 || c == 0x7f) return false;
        int extra = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
        if (extra < 0) return false;
        for (int k = 1; k <= extra; k++)
            if ((p[k] & 0xc0) != 0x80) return false;
        p += extra + 1;
    }
    return true;
}

static void same_msg(const np_msg *a, const np_msg *b, const char *line)
{
    FZ_CHECK(a->kind == b->kind && a->num == b->num && a->ply == b->ply && a->answer == b->answer &&
                 a->ms[0] == b->ms[0] && a->ms[1] == b->ms[1] && a->digest == b->digest &&
                 !strcmp(a->word, b->word) && !strcmp(a->text, b->text),
             "'%s' formats to a line that parses to another message", line);
}

static void one_line(const char *line)
{
    static np_msg m, again;   /* 4 KiB each: off the stack */
    static char buf[NP_MAX_LINE + 16];
    char err[QP_ERR];
    err[0] = 0;
    if (np_parse(line, &m, err, sizeof err)) {
        FZ_CHECK(err[0], "'%s' refused without a message", line);
    } else {
        FZ_CHECK(strlen(line) < NP_MAX_LINE, "a line of %zu bytes accepted", strlen(line));
        FZ_CHECK(clean_text(line), "'%s' accepted with control characters or bad UTF-8", line);
        int n = np_format(&m, buf, sizeof buf);
        FZ_CHECK(n > 0 && (size_t)n == strlen(buf) && buf[n - 1] == '\n', "'%s' accepted but does not format", line);
        buf[n - 1] = 0;
        FZ_CHECK(np_parse(buf, &again, err, sizeof err) == 0, "'%s' formats to '%s', refused: %s", line, buf, err);
        same_msg(&m, &again, line);
    }
    np_code_valid(line);
    /* "KEY VALUE": compared with the parameters of a ruleset */
    const qp_rules *r = fz_pick((uint8_t)line[0]);
    if (r) {
        char key[NP_MAX_WORD], out[512];
        size_t k = strcspn(line, " ");
        if (k < sizeof key) {
            memcpy(key, line, k);
            key[k] = 0;
            out[0] = 0;
            if (np_param_differs(&r->params, key, line[k] ? line + k + 1 : "", out, sizeof out))
                FZ_CHECK(out[0], "'%s': a difference without words", line);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4 * NP_MAX_LINE) return 0;
    char *text = fz_string(data, size);
    for (char *line = text, *end; line; line = end) {
        end = strchr(line, '\n');
        if (end) *end++ = 0;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') line[n - 1] = 0;   /* the session strips a CR */
        one_line(line);
    }
    free(text);
    return 0;
}
