/*
 * net_proto.c — parse and format the messages of docs/protocol.md.
 */
#include "net_proto.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Argument shapes of a verb, one letter each: V version/number, P ply,
 * M milliseconds, D digest, W word, A answer, T rest of the line (may be
 * empty, must be last), S side (0/1). */
typedef struct np_verb {
    const char *name;
    np_kind kind;
    const char *args;
} np_verb;

static const np_verb verbs[] = {
    {"hello", NP_HELLO, "V"},     {"welcome", NP_WELCOME, "V"}, {"rules", NP_RULES, "WD"},
    {"param", NP_PARAM, "WT"},     {"start", NP_START, "T"},     {"seat", NP_SEAT, "S"},
    {"time", NP_TIME, "MM"},       {"history", NP_HISTORY, "V"}, {"move", NP_MOVE, "PW"},
    {"clock", NP_CLOCK, "PMM"},    {"sync", NP_SYNC, "P"},       {"ready", NP_READY, "PD"},
    {"resign", NP_RESIGN, "P"},    {"draw", NP_DRAW, "AP"},      {"takeback", NP_TAKEBACK, "AP"},
    {"chat", NP_CHAT, "T"},        {"ping", NP_PING, "W"},       {"pong", NP_PONG, "W"},
    {"error", NP_ERROR, "WT"},     {"timeout", NP_TIMEOUT, "SP"}, {"end", NP_END, "PT"},
    {"bye", NP_BYE, ""},
};
#define NVERBS (sizeof verbs / sizeof verbs[0])

static const char *const answers[2][3] = {
    {"offer", "accept", "decline"},
    {"request", "accept", "decline"},
};

/* Checks that s is printable Unicode: valid UTF-8 in its shortest form
 * (no surrogates, nothing past U+10FFFF), without C0 or C1 control
 * characters (tab and DEL included) and without the characters that
 * reorder the text shown around them (bidirectional embeddings, overrides
 * and isolates, U+202A-U+202E and U+2066-U+2069).  0, or -1 with err
 * naming the first offence. */
static int text_check(const char *s, char *err, size_t errn)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        size_t at = (size_t)(p - (const unsigned char *)s);
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f) {
                snprintf(err, errn, "control character U+%04X at byte %zu", c, at);
                return -1;
            }
            p++;
            continue;
        }
        int extra = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
        unsigned cp = extra == 1 ? c & 0x1f : extra == 2 ? c & 0x0f : c & 0x07;
        for (int k = 1; k <= extra; k++) {
            if ((p[k] & 0xc0) != 0x80) {
                extra = -1;
                break;
            }
            cp = cp << 6 | (p[k] & 0x3f);
        }
        static const unsigned least[4] = {0, 0x80, 0x800, 0x10000};
        if (extra < 0 || cp < least[extra] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            snprintf(err, errn, "bad UTF-8 at byte %zu", at);
            return -1;
        }
        if (cp <= 0x9f) {
            snprintf(err, errn, "control character U+%04X at byte %zu", cp, at);
            return -1;
        }
        if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) {
            snprintf(err, errn, "bidirectional control U+%04X at byte %zu", cp, at);
            return -1;
        }
        p += extra + 1;
    }
    return 0;
}

bool np_text_ok(const char *s, char *err, size_t errn)
{
    char dummy[8];
    if (!err) err = dummy, errn = sizeof dummy;
    return text_check(s, err, errn) == 0;
}

static bool text_ok(const char *s)
{
    return np_text_ok(s, NULL, 0);
}

/* A word: 1..NP_MAX_WORD-1 printable ASCII characters, no space. */
static bool word_ok(const char *s, size_t len)
{
    if (len == 0 || len >= NP_MAX_WORD) return false;
    for (size_t i = 0; i < len; i++)
        if (s[i] <= 0x20 || s[i] >= 0x7f) return false;
    return true;
}

static int parse_num(const char *s, size_t len, long long max, long long *out)
{
    long long v = 0;
    if (len == 0 || len > 12) return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        v = v * 10 + (s[i] - '0');
    }
    if (len > 1 && s[0] == '0') return -1;   /* one spelling per number */
    if (v > max) return -1;
    *out = v;
    return 0;
}

static int parse_digest(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (len != 16) return -1;
    for (size_t i = 0; i < len; i++) {
        int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0' : s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10 : -1;
        if (d < 0) return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

int np_parse(const char *line, np_msg *m, char *err, size_t errn)
{
    memset(m, 0, sizeof *m);
    size_t total = strlen(line);
    if (total + 1 > NP_MAX_LINE) {
        snprintf(err, errn, "message longer than %d bytes", NP_MAX_LINE);
        return -1;
    }
    if (text_check(line, err, errn)) return -1;
    size_t vl = strcspn(line, " ");
    const np_verb *v = NULL;
    for (size_t i = 0; i < NVERBS; i++)
        if (strlen(verbs[i].name) == vl && !memcmp(verbs[i].name, line, vl)) v = &verbs[i];
    if (!v) {
        snprintf(err, errn, "unknown message '%.*s'", (int)(vl > 32 ? 32 : vl), line);
        return -1;
    }
    m->kind = v->kind;
    const char *p = line + vl;
    int nms = 0;
    for (const char *a = v->args; *a; a++) {
        if (*p != ' ') {
            snprintf(err, errn, "%s: missing argument %d", v->name, (int)(a - v->args) + 1);
            return -1;
        }
        p++;
        if (*a == 'T') {   /* the rest of the line */
            snprintf(m->text, sizeof m->text, "%s", p);
            p += strlen(p);
            break;
        }
        size_t len = strcspn(p, " ");
        long long n = 0;
        bool ok = true;
        switch (*a) {
        case 'V':
            ok = !parse_num(p, len, NP_MAX_PLY, &n);
            m->num = (int)n;
            break;
        case 'S':
            ok = !parse_num(p, len, 1, &n);
            m->num = (int)n;
            break;
        case 'P':
            ok = !parse_num(p, len, NP_MAX_PLY, &n);
            m->ply = (int)n;
            break;
        case 'M':
            ok = !parse_num(p, len, NP_MAX_MS, &n);
            m->ms[nms++] = n;
            break;
        case 'D':
            ok = !parse_digest(p, len, &m->digest);
            break;
        case 'W':
            ok = word_ok(p, len);
            if (ok) snprintf(m->word, sizeof m->word, "%.*s", (int)len, p);
            break;
        case 'A': {
            ok = false;
            const char *const *names = answers[v->kind == NP_TAKEBACK];
            for (int k = 0; k < 3; k++)
                if (strlen(names[k]) == len && !memcmp(names[k], p, len)) {
                    m->answer = (np_answer)k;
                    ok = true;
                }
            break;
        }
        }
        if (!ok) {
            snprintf(err, errn, "%s: bad argument '%.*s'", v->name, (int)(len > 40 ? 40 : len), p);
            return -1;
        }
        p += len;
    }
    if (*p) {
        snprintf(err, errn, "%s: unexpected text after the arguments", v->name);
        return -1;
    }
    return 0;
}

int np_format(const np_msg *m, char *buf, size_t n)
{
    const np_verb *v = NULL;
    for (size_t i = 0; i < NVERBS; i++)
        if (verbs[i].kind == m->kind) v = &verbs[i];
    if (!v || n == 0) return -1;
    char line[NP_MAX_LINE + 64];
    size_t len = (size_t)snprintf(line, sizeof line, "%s", v->name);
    int nms = 0;
    for (const char *a = v->args; *a && len < sizeof line; a++) {
        char *o = line + len;
        size_t room = sizeof line - len;
        switch (*a) {
        case 'V':
            if (m->num < 0 || m->num > NP_MAX_PLY) return -1;
            len += (size_t)snprintf(o, room, " %d", m->num);
            break;
        case 'S':
            if (m->num < 0 || m->num > 1) return -1;
            len += (size_t)snprintf(o, room, " %d", m->num);
            break;
        case 'P':
            if (m->ply < 0 || m->ply > NP_MAX_PLY) return -1;
            len += (size_t)snprintf(o, room, " %d", m->ply);
            break;
        case 'M':
            if (m->ms[nms] < 0 || m->ms[nms] > NP_MAX_MS) return -1;
            len += (size_t)snprintf(o, room, " %lld", m->ms[nms]);
            nms++;
            break;
        case 'D':
            len += (size_t)snprintf(o, room, " %016" PRIx64, m->digest);
            break;
        case 'W':
            if (!word_ok(m->word, strlen(m->word))) return -1;
            len += (size_t)snprintf(o, room, " %s", m->word);
            break;
        case 'A':
            if ((int)m->answer < 0 || (int)m->answer > 2) return -1;
            len += (size_t)snprintf(o, room, " %s", answers[m->kind == NP_TAKEBACK][m->answer]);
            break;
        case 'T':
            if (!text_ok(m->text)) return -1;
            len += (size_t)snprintf(o, room, " %s", m->text);
            break;
        }
    }
    if (len + 1 > NP_MAX_LINE || len + 2 > n) return -1;
    memcpy(buf, line, len);
    buf[len++] = '\n';
    buf[len] = 0;
    return (int)len;
}

np_msg np_simple(np_kind kind, int ply)
{
    np_msg m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.ply = ply;
    return m;
}

int np_format_error(char *buf, size_t n, const char *kind, const char *text)
{
    np_msg m = np_simple(NP_ERROR, 0);
    snprintf(m.word, sizeof m.word, "%s", kind);
    /* the text may quote what the peer sent: keep only what is printable */
    size_t k = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && k + 1 < 200; p++)
        m.text[k++] = *p >= 0x20 && *p < 0x7f ? (char)*p : '?';
    m.text[k] = 0;
    return np_format(&m, buf, n);
}

bool np_code_valid(const char *code)
{
    size_t n = strlen(code);
    if (n < 4 || n > 32) return false;
    for (size_t i = 0; i < n; i++) {
        char c = code[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '-';
        if (!ok) return false;
    }
    return true;
}

bool np_param_counts(const char *key)
{
    return strncmp(key, "ai.", 3) != 0 && strncmp(key, "eval.", 5) != 0;
}

static uint64_t fnv(uint64_t h, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        h ^= *p;
        h *= 0x100000001b3ull;
    }
    h ^= 0xff;   /* a separator no text contains, so "ab","c" != "a","bc" */
    return h * 0x100000001b3ull;
}

uint64_t np_rules_digest(const qp_rules *r)
{
    uint64_t h = fnv(0xcbf29ce484222325ull, r->rs->name);
    for (int i = 0; i < r->params.n; i++) {
        const qp_param_val *v = &r->params.v[i];
        if (!np_param_counts(v->def->key)) continue;
        h = fnv(h, v->def->key);
        h = fnv(h, v->text);
    }
    return h;
}

bool np_param_differs(const qp_params *mine, const char *key, const char *value, char *buf, size_t n)
{
    const qp_param_val *v = qp_params_find(mine, key);
    if (!v) {
        snprintf(buf, n, "parameter '%s' is unknown here", key);
        return true;
    }
    if (strcmp(v->text, value)) {
        snprintf(buf, n, "parameter '%s' is %s on the host, %s here", key, value, v->text);
        return true;
    }
    return false;
}
