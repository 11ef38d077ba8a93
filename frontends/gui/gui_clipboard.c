/*
 * gui_clipboard.c — copy and paste of FEN and records (see gui_clipboard.h).
 */
#include "gui_clipboard.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

void gui_paste_excerpt(const char *text, char *buf, size_t n, size_t max)
{
    if (n < 4) {
        if (n) buf[0] = 0;
        return;
    }
    if (max > n - 4) max = n - 4;
    while (*text && isspace((unsigned char)*text)) text++;
    size_t i = 0, k = 0;
    while (text[i]) {
        unsigned char c = (unsigned char)text[i];
        size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        for (size_t j = 1; j < len; j++)
            if (!text[i + j]) len = j;   /* a character cut short: its bytes alone */
        if (k + len > max) break;
        for (size_t j = 0; j < len; j++) {
            char ch = text[i + j];
            buf[k++] = ch == '\n' || ch == '\r' || ch == '\t' ? ' ' : ch;
        }
        i += len;
    }
    while (k > 0 && buf[k - 1] == ' ') k--;
    buf[k] = 0;
    const char *rest = text + i;
    while (*rest && isspace((unsigned char)*rest)) rest++;
    if (*rest) snprintf(buf + k, n - k, "\xE2\x80\xA6");
}

/* One line whose first field has a '/': a FEN. */
static bool looks_like_fen(const char *t)
{
    while (*t && isspace((unsigned char)*t)) t++;
    const char *end = t + strlen(t);
    while (end > t && isspace((unsigned char)end[-1])) end--;
    if (end == t || *t == '[') return false;
    for (const char *p = t; p < end; p++)
        if (*p == '\n' || *p == '\r') return false;
    size_t first = strcspn(t, " \t");
    return memchr(t, '/', first) != NULL;
}

static int paste_fen(const qp_rules *cur, const char *text, qp_rules **r_out, qp_game *g, char *err, size_t errn)
{
    char fen[1024], e[QP_ERR], ex[96];
    while (*text && isspace((unsigned char)*text)) text++;
    snprintf(fen, sizeof fen, "%s", text);
    size_t k = strlen(fen);
    while (k > 0 && isspace((unsigned char)fen[k - 1])) fen[--k] = 0;
    gui_paste_excerpt(text, ex, sizeof ex, 60);
    qp_rules *r = qp_rules_create(cur->rs, &cur->params, e, sizeof e);
    if (!r) {
        snprintf(err, errn, "%s", e);
        return -1;
    }
    if (qp_game_init(g, r, fen, e, sizeof e)) {
        snprintf(err, errn, "pasted FEN '%s': %s", ex, e);
        qp_rules_free(r);
        return -1;
    }
    *r_out = r;
    return GUI_PASTE_FEN;
}

static int paste_record(const qp_registry *reg, const qp_rules *cur, const char *text, qp_rules **r_out, qp_game *g,
                        char *err, size_t errn)
{
    qp_record rec;
    char e[QP_ERR], ex[96];
    gui_paste_excerpt(text, ex, sizeof ex, 60);
    /* bare moves without tags are moves of the game shown */
    char *tagged = NULL;
    if (!strchr(text, '[')) {
        size_t n = strlen(text) + strlen(cur->rs->name) + 32;
        tagged = malloc(n);
        if (!tagged) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
        snprintf(tagged, n, "[Ruleset \"%s\"]\n\n%s", cur->rs->name, text);
        text = tagged;
    }
    int bad = qp_record_parse(&rec, "pasted record", text, strlen(text), e, sizeof e);
    free(tagged);
    if (bad) {
        snprintf(err, errn, "neither a FEN nor a record: '%s': %s", ex, e);
        return -1;
    }
    const qp_ruleset *rs = rec.ruleset[0] || rec.game[0] ? qp_record_ruleset(&rec, reg) : cur->rs;
    qp_params p;
    qp_rules *r = NULL;
    if (!rs) {
        if (rec.ruleset[0]) snprintf(err, errn, "pasted record: unknown ruleset '%s'", rec.ruleset);
        else snprintf(err, errn, "pasted record: no ruleset plays [Game \"%s\"]", rec.game);
        goto fail;
    }
    if (rs == cur->rs && !rec.nparams) p = cur->params;
    else if (qp_record_params(&rec, rs, &p, e, sizeof e)) {
        snprintf(err, errn, "pasted record: %s", e);
        goto fail;
    }
    r = qp_rules_create(rs, &p, e, sizeof e);
    if (!r) {
        snprintf(err, errn, "pasted record: %s", e);
        goto fail;
    }
    if (qp_game_init(g, r, rec.fen[0] ? rec.fen : NULL, e, sizeof e)) {
        snprintf(err, errn, "pasted record: FEN header: %s", e);
        goto fail;
    }
    if (rec.nmoves == 0 && !rec.fen[0]) {
        snprintf(err, errn, "neither a FEN nor a record: '%s': no moves", ex);
        qp_game_free(g);
        goto fail;
    }
    if (qp_record_replay(&rec, g, e, sizeof e)) {
        snprintf(err, errn, "pasted record:%s%s", isdigit((unsigned char)e[0]) ? "" : " ", e);
        qp_game_free(g);
        goto fail;
    }
    qp_record_free(&rec);
    *r_out = r;
    return GUI_PASTE_RECORD;
fail:
    if (r) qp_rules_free(r);
    qp_record_free(&rec);
    return -1;
}

int gui_paste_read(const qp_registry *reg, const qp_rules *cur, const char *text, qp_rules **r_out, qp_game *g,
                   char *err, size_t errn)
{
    *r_out = NULL;
    if (!text || !*text || strspn(text, " \t\r\n") == strlen(text)) {
        snprintf(err, errn, "the clipboard is empty");
        return -1;
    }
    if (strlen(text) > QP_RECORD_MAX) {
        snprintf(err, errn, "the clipboard holds %zu bytes, more than a record's %u", strlen(text), QP_RECORD_MAX);
        return -1;
    }
    if (looks_like_fen(text)) return paste_fen(cur, text, r_out, g, err, errn);
    return paste_record(reg, cur, text, r_out, g, err, errn);
}

char *gui_copy_record(const qp_game *g, char *err, size_t errn)
{
    size_t len;
    return qp_record_text(g, NULL, &len, err, errn);
}
