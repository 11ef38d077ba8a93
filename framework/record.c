/*
 * record.c — saving and loading games as plain text (format in record.h).
 */
#include "record.h"

#include "fileio.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

static void put_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void header(FILE *f, const char *key, const char *val)
{
    fprintf(f, "[%s ", key);
    put_quoted(f, val);
    fputs("]\n", f);
}

static void result_text(const qp_game *g, char *buf, size_t n)
{
    qp_outcome o;
    qp_game_final_outcome(g, &o);   /* of the whole record, not the viewed ply */
    if (o.result == QP_ONGOING) snprintf(buf, n, "*");
    else if (o.result == QP_DRAW) snprintf(buf, n, "draw: %s", o.reason);
    else snprintf(buf, n, "%s wins: %s", qp_side_name(g->r, o.winner), o.reason);
}

int qp_record_save(const qp_game *g, const char *path, char *err, size_t errn)
{
    /* The text is built in memory, then saved atomically (fileio.h). */
    char *text = NULL;
    size_t textlen = 0;
    FILE *f = open_memstream(&text, &textlen);
    if (!f) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    char date[32], result[128];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d", localtime(&now));
    result_text(g, result, sizeof result);

    header(f, "Ruleset", g->r->rs->name);
    header(f, "Date", date);
    header(f, "Result", result);
    if (g->start_fen[0]) header(f, "FEN", g->start_fen);
    for (int i = 0; i < g->r->params.n; i++) {
        const qp_param_val *v = &g->r->params.v[i];
        if (qp_param_is_default(v)) continue;
        fputs("[Param ", f);
        put_quoted(f, v->def->key);
        fputc(' ', f);
        put_quoted(f, v->text);
        fputs("]\n", f);
    }
    if (g->cursor != g->len) fprintf(f, "[Ply \"%d\"]\n", g->cursor);
    fputc('\n', f);

    /* Moves, numbered per full move; texts come from the position before
     * each move, replayed from the start. */
    void *s = qp_state_new(g->r);
    memcpy(s, g->start, g->r->state_size);
    int col = 0, first = g->r->rs->side_to_move(g->r, s);
    for (int i = 0; i < g->len; i++) {
        char mt[QP_MOVE_TEXT], num[24] = "";
        int side = g->r->rs->side_to_move(g->r, s);
        g->r->rs->move_text(g->r, s, g->rec[i], mt, sizeof mt);
        if (g->r->nsides == 1) snprintf(num, sizeof num, "%d. ", i + 1);
        else if (side == 0) snprintf(num, sizeof num, "%d. ", (i + first) / 2 + 1);
        else if (i == 0) snprintf(num, sizeof num, "1... ");
        if (num[0] && col) {
            fputc('\n', f);
            col = 0;
        }
        col += fprintf(f, "%s%s%s", col ? " " : "", num, mt);
        g->r->rs->make(g->r, s, g->rec[i], NULL);
    }
    if (col) fputc('\n', f);
    free(s);

    int bad = ferror(f);
    if (fclose(f)) bad = 1;
    char ferr[QP_ERR];
    if (bad) snprintf(ferr, sizeof ferr, "%s: out of memory", path);
    if (bad || qp_file_save(path, text, textlen, ferr, sizeof ferr)) {
        snprintf(err, errn, "cannot write %s", ferr);
        free(text);
        return -1;
    }
    free(text);
    return 0;
}

/* Reads a quoted string at *p into out; advances *p.  -1 if malformed. */
static int read_quoted(const char **p, char *out, size_t n)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    if (*s != '"') return -1;
    s++;
    size_t k = 0;
    while (*s && *s != '"') {
        if (*s == '\\' && s[1]) s++;
        if (k + 1 >= n) return -1;
        out[k++] = *s++;
    }
    if (*s != '"') return -1;
    out[k] = 0;
    *p = s + 1;
    return 0;
}

static bool is_move_number(const char *t)
{
    if (!isdigit((unsigned char)*t)) return false;
    while (isdigit((unsigned char)*t)) t++;
    if (*t != '.') return false;
    while (*t == '.') t++;
    return !*t;
}

void qp_record_free(qp_record *rec)
{
    free(rec->moves);
    free(rec->move_line);
    rec->moves = NULL;
    rec->move_line = NULL;
    rec->nmoves = 0;
}

/* One line with its newline into buf: 0, -1 at the end of the file, 1 when
 * it does not fit, 2 on a NUL byte (fgets would hide it, and a stream of
 * NULs such as /dev/zero would never end). */
static int read_line(FILE *f, char *buf, size_t n)
{
    size_t k = 0;
    int c = EOF;
    while ((c = getc(f)) != EOF) {
        if (c == 0) return 2;
        if (k + 1 >= n) return 1;
        buf[k++] = (char)c;
        if (c == '\n') break;
    }
    buf[k] = 0;
    return k == 0 && c == EOF ? -1 : 0;
}

int qp_record_read(qp_record *rec, const char *path, char *err, size_t errn)
{
    memset(rec, 0, sizeof *rec);
    rec->ply = -1;
    char *text, ferr[QP_ERR];
    size_t textlen;
    FILE *f = NULL;
    if (qp_file_read(path, QP_FILE_MAX, &text, &textlen, ferr, sizeof ferr) == 0 &&
        !(f = fmemopen(text, textlen, "r")))
        snprintf(ferr, sizeof ferr, "%s: %s", path, strerror(errno));
    if (!f) {
        free(text);
        snprintf(err, errn, "cannot open %s", ferr);
        return -1;
    }
    char line[2048];
    int lineno = 0, cap = 0, got;
    bool in_moves = false;
    while ((got = read_line(f, line, sizeof line)) >= 0) {
        lineno++;
        if (got > 0) {
            snprintf(err, errn, "%s:%d: %s", path, lineno, got == 1 ? "line too long" : "binary data (a NUL byte)");
            goto fail;
        }
        line[strcspn(line, "\r\n")] = 0;
        char *semi = strchr(line, ';');     /* comments */
        if (semi) *semi = 0;
        char *p = line;
        while (isspace((unsigned char)*p)) p++;
        if (!*p) continue;
        if (*p == '[') {
            if (in_moves) {
                snprintf(err, errn, "%s:%d: header after the moves", path, lineno);
                goto fail;
            }
            char key[32], val[QP_PARAM_TEXT > 512 ? QP_PARAM_TEXT : 512];
            const char *q = p + 1;
            size_t k = 0;
            while (isalnum((unsigned char)*q) && k + 1 < sizeof key) key[k++] = *q++;
            key[k] = 0;
            if (!k || read_quoted(&q, val, sizeof val)) {
                snprintf(err, errn, "%s:%d: malformed header '%.60s'", path, lineno, p);
                goto fail;
            }
            if (!strcmp(key, "Param")) {
                if (rec->nparams >= QP_MAX_PARAMS) {
                    snprintf(err, errn, "%s:%d: too many Param headers", path, lineno);
                    goto fail;
                }
                snprintf(rec->pkey[rec->nparams], sizeof rec->pkey[0], "%s", val);
                if (read_quoted(&q, rec->pval[rec->nparams], sizeof rec->pval[0])) {
                    snprintf(err, errn, "%s:%d: malformed Param header", path, lineno);
                    goto fail;
                }
                rec->nparams++;
            }
            while (*q == ' ') q++;
            if (*q != ']') {
                snprintf(err, errn, "%s:%d: malformed header '%.60s'", path, lineno, p);
                goto fail;
            }
            if (!strcmp(key, "Ruleset")) snprintf(rec->ruleset, sizeof rec->ruleset, "%s", val);
            else if (!strcmp(key, "Date")) snprintf(rec->date, sizeof rec->date, "%s", val);
            else if (!strcmp(key, "Result")) snprintf(rec->result, sizeof rec->result, "%s", val);
            else if (!strcmp(key, "FEN")) snprintf(rec->fen, sizeof rec->fen, "%s", val);
            else if (!strcmp(key, "Ply")) {
                char *end;
                long v = strtol(val, &end, 10);
                if (*end || v < 0 || v > INT_MAX) {
                    snprintf(err, errn, "%s:%d: bad Ply '%s'", path, lineno, val);
                    goto fail;
                }
                rec->ply = (int)v;
            }
            continue;
        }
        in_moves = true;
        for (char *tok = strtok(p, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
            if (is_move_number(tok)) continue;
            if (strlen(tok) >= QP_MOVE_TEXT) {
                snprintf(err, errn, "%s:%d: bad move text '%.40s'", path, lineno, tok);
                goto fail;
            }
            if (rec->nmoves == cap) {
                cap = cap ? cap * 2 : 128;
                void *m = realloc(rec->moves, sizeof *rec->moves * (size_t)cap);
                if (m) rec->moves = m;
                void *l = m ? realloc(rec->move_line, sizeof *rec->move_line * (size_t)cap) : NULL;
                if (l) rec->move_line = l;
                if (!m || !l) {
                    snprintf(err, errn, "%s:%d: out of memory", path, lineno);
                    goto fail;
                }
            }
            snprintf(rec->moves[rec->nmoves], QP_MOVE_TEXT, "%s", tok);
            rec->move_line[rec->nmoves++] = lineno;
        }
    }
    if (ferror(f)) {   /* e.g. a directory */
        snprintf(err, errn, "cannot read %s: %s", path, strerror(errno));
        goto fail;
    }
    fclose(f);
    free(text);
    if (!rec->ruleset[0]) {
        snprintf(err, errn, "%s: not a qipan record (no [Ruleset] header)", path);
        qp_record_free(rec);
        return -1;
    }
    return 0;
fail:
    fclose(f);
    free(text);
    qp_record_free(rec);
    return -1;
}

int qp_record_params(const qp_record *rec, const qp_ruleset *rs, qp_params *p, char *err, size_t errn)
{
    if (qp_params_init(p, rs->params, err, errn)) return -1;
    for (int i = 0; i < rec->nparams; i++) {
        char e[QP_ERR];
        if (qp_params_set(p, rec->pkey[i], rec->pval[i], e, sizeof e)) {
            snprintf(err, errn, "Param header: %s", e);
            return -1;
        }
    }
    return 0;
}

int qp_record_replay(const qp_record *rec, qp_game *g, char *err, size_t errn)
{
    for (int i = 0; i < rec->nmoves; i++) {
        char e[QP_ERR];
        if (qp_game_play_text(g, rec->moves[i], e, sizeof e)) {
            snprintf(err, errn, "line %d: move %d '%s': %s", rec->move_line[i], i + 1, rec->moves[i], e);
            return -1;
        }
    }
    if (rec->ply >= 0) {
        if (rec->ply > g->len) {
            snprintf(err, errn, "Ply %d is past the last move (%d)", rec->ply, g->len);
            return -1;
        }
        qp_game_goto(g, rec->ply);
    }
    /* A resignation leaves no move behind: restore it from the result. */
    const char *res = strstr(rec->result, " wins: resignation");
    if (res && g->cursor == g->len && g->r->nsides == 2) {
        for (int s = 0; s < 2; s++) {
            const char *name = qp_side_name(g->r, s);
            if ((size_t)(res - rec->result) == strlen(name) && !strncmp(rec->result, name, strlen(name)))
                g->resigned = 1 - s;
        }
    }
    return 0;
}

int qp_record_load(const qp_registry *reg, const char *path, qp_rules **rules_out, qp_game *g,
                   char *err, size_t errn)
{
    qp_record rec;
    char e[QP_ERR];
    *rules_out = NULL;
    if (qp_record_read(&rec, path, err, errn)) return -1;
    const qp_ruleset *rs = qp_registry_find(reg, rec.ruleset);
    if (!rs) {
        snprintf(err, errn, "%s: unknown ruleset '%s'", path, rec.ruleset);
        goto fail;
    }
    qp_params p;
    if (qp_record_params(&rec, rs, &p, e, sizeof e)) {
        snprintf(err, errn, "%s: %s", path, e);
        goto fail;
    }
    qp_rules *r = qp_rules_create(rs, &p, e, sizeof e);
    if (!r) {
        snprintf(err, errn, "%s: %s", path, e);
        goto fail;
    }
    if (qp_game_init(g, r, rec.fen[0] ? rec.fen : NULL, e, sizeof e)) {
        snprintf(err, errn, "%s: FEN header: %s", path, e);
        qp_rules_free(r);
        goto fail;
    }
    if (qp_record_replay(&rec, g, e, sizeof e)) {
        snprintf(err, errn, "%s: %s", path, e);
        qp_game_free(g);
        qp_rules_free(r);
        goto fail;
    }
    *rules_out = r;
    qp_record_free(&rec);
    return 0;
fail:
    qp_record_free(&rec);
    return -1;
}
