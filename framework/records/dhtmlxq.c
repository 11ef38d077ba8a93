/*
 * dhtmlxq.c — reading DhtmlXQ records (format in dhtmlxq.h).
 */
#include "dhtmlxq.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "encoding.h"
#include "markup.h"

/* The first s[0..n) case-insensitive match of key (NUL-terminated) in
 * s[from..to), or NULL. */
static const char *find_ci(const char *from, const char *to, const char *key)
{
    size_t k = strlen(key);
    for (const char *p = from; p + k <= to; p++)
        if (!strncasecmp(p, key, k)) return p;
    return NULL;
}

qp_sniff qp_dhtmlxq_sniff(const unsigned char *data, size_t len)
{
    const char *s = (const char *)data;
    return find_ci(s, s + len, "[DhtmlXQ") ? QP_SNIFF_YES : QP_SNIFF_NO;
}

/* Where p is in text: line and column (characters, from 1). */
static void where(const char *text, const char *p, int *line, int *col)
{
    qp_text_where(text, p, line, col);
}

/* A tag's value s[0..n) as text: HTML entities decoded, "||" and <br> a
 * line break, blanks around trimmed (markup.h).  malloc'd, NULL when out
 * of memory. */
static char *value_text(const char *s, size_t n)
{
    return qp_markup_text(s, n, QP_MARKUP_HTML);
}

/* One [DhtmlXQ_key]value[/DhtmlXQ_key] of the block. */
typedef struct tag {
    char key[48];
    const char *val, *end;     /* the raw value */
    bool closed;
} tag;

/* The next tag at or after *p in [*p, to); false when none.  A value
 * without its closing tag runs to the next '[' (some writers close
 * [DhtmlXQ_blacktime] with [/DhtmlXQ_time]). */
static bool next_tag(const char **p, const char *to, tag *t)
{
    const char *s = find_ci(*p, to, "[DhtmlXQ_");
    if (!s) return false;
    const char *k = s + 9, *e = k;
    while (e < to && (isalnum((unsigned char)*e) || *e == '_')) e++;
    if (e >= to || *e != ']' || e == k || (size_t)(e - k) >= sizeof t->key) {
        *p = s + 1;
        return next_tag(p, to, t);
    }
    memcpy(t->key, k, (size_t)(e - k));
    t->key[e - k] = 0;
    t->val = e + 1;
    char close[64];
    snprintf(close, sizeof close, "[/DhtmlXQ_%s]", t->key);
    const char *c = find_ci(t->val, to, close), *next = find_ci(t->val, to, "[DhtmlXQ_");
    if (c && (!next || c < next)) {
        t->end = c;
        t->closed = true;
        *p = c + strlen(close);
    } else {
        const char *b = memchr(t->val, '[', (size_t)(to - t->val));
        t->end = b ? b : to;
        t->closed = false;
        *p = t->end;
    }
    return true;
}

/* The result token a [DhtmlXQ_result] says, or NULL (unknown). */
static const char *result_token(const char *v)
{
    if (!strcasecmp(v, "W") || !strcmp(v, "1-0")) return "1-0";
    if (!strcasecmp(v, "L") || !strcasecmp(v, "B") || !strcmp(v, "0-1")) return "0-1";
    if (!strcasecmp(v, "D") || !strcmp(v, "1/2-1/2")) return "1/2-1/2";
    bool red = strstr(v, "红") || strstr(v, "紅"), black = strstr(v, "黑");
    bool win = strstr(v, "胜") || strstr(v, "勝"), loss = strstr(v, "负") || strstr(v, "負");
    if (strstr(v, "和")) return "1/2-1/2";
    if ((red && win) || (black && loss)) return "1-0";
    if ((black && win) || (red && loss)) return "0-1";
    return NULL;
}

/* PGN's name of a DhtmlXQ tag kept with the record, or NULL. */
static const char *pgn_key(const char *k)
{
    static const char *const map[][2] = {
        {"event", "Event"},      {"place", "Site"},           {"date", "Date"},   {"round", "Round"},
        {"red", "Red"},          {"black", "Black"},          {"redteam", "RedTeam"},
        {"blackteam", "BlackTeam"}, {"open", "Opening"},      {"author", "Annotator"},
        {"title", "Title"},
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (!strcasecmp(k, map[i][0])) return map[i][1];
    return NULL;
}

/* binit's 32 squares into a FEN (board and side); side is Black's when
 * the piece on from (a "xy" square, "" for none) is Black's.  -1 with why
 * naming the bad pair. */
static int binit_fen(const char *v, const char *first, char *fen, size_t n, char *why, size_t whyn)
{
    static const char pieces[] = "RNBAKABNRCCPPPPPrnbakabnrccppppp";
    char board[10][9];
    memset(board, 0, sizeof board);
    size_t len = strlen(v);
    if (len != 64 || strspn(v, "0123456789") != 64) {
        snprintf(why, whyn, "bad start position '%.70s': 64 digits, two a piece", v);
        return -1;
    }
    for (int i = 0; i < 32; i++) {
        int x = v[2 * i] - '0', y = v[2 * i + 1] - '0';
        if (x == 9 && y == 9) continue;
        if (x > 8) {
            snprintf(why, whyn, "bad start position: piece %d '%c' at '%.2s' (files 0-8, or 99 off the board)",
                     i + 1, pieces[i], v + 2 * i);
            return -1;
        }
        if (board[y][x]) {
            snprintf(why, whyn, "bad start position: two pieces at '%.2s'", v + 2 * i);
            return -1;
        }
        board[y][x] = pieces[i];
    }
    size_t k = 0;
    for (int y = 0; y < 10; y++) {
        int empty = 0;
        for (int x = 0; x < 9; x++) {
            if (!board[y][x]) {
                empty++;
                continue;
            }
            if (empty) fen[k++] = (char)('0' + empty);
            empty = 0;
            fen[k++] = board[y][x];
        }
        if (empty) fen[k++] = (char)('0' + empty);
        if (y < 9) fen[k++] = '/';
    }
    char side = 'w';
    if (first[0]) {
        char p = board[first[1] - '0'][first[0] - '0'];
        if (p >= 'a' && p <= 'z') side = 'b';
    }
    snprintf(fen + k, n - k, " %c - - 0 1", side);
    return 0;
}

/* A variation, [DhtmlXQ_move_B_S_N]: branch N replaces move S (a ply of
 * the game, from 1) of branch B (0: the main line). */
typedef struct dx_branch {
    long from, step, no;
    const char *val, *end;
    int first;       /* its first node in the record's vars, -1 until linked */
    int level;       /* nesting: 1 off the main line */
    bool done;       /* linked, or given up (counted in nvariations) */
} dx_branch;

/* The node of branch b at ply step, or -1. */
static int dx_node_at(const qp_record *rec, const dx_branch *b, long step)
{
    if (!b->done || b->first < 0 || step < b->step) return -1;
    int k = b->first;
    for (long i = b->step; i < step && k >= 0; i++) k = rec->vars.node[k].next;
    return k;
}

static const dx_branch *dx_find(const dx_branch *br, int n, long no)
{
    for (int i = 0; i < n; i++)
        if (br[i].no == no) return &br[i];
    return NULL;
}

/* Links branch b into rec's tree when the branch it leaves is there: 1
 * done (linked or counted as not kept), 0 not yet, -1 out of memory. */
static int dx_link(qp_record *rec, dx_branch *br, int n, dx_branch *b)
{
    const dx_branch *parent = b->from ? dx_find(br, n, b->from) : NULL;
    if (b->from && parent && !parent->done) return 0;
    b->done = true;
    int level = 1, of = -1;
    if (b->from) {
        of = parent ? dx_node_at(rec, parent, b->step) : -1;
        if (of >= 0) level = b->step == parent->step ? parent->level : parent->level + 1;
    }
    bool ok = b->from ? of >= 0 : b->step >= 1 && b->step <= rec->nmoves;
    /* its moves: four digits each, as the movelist's */
    int last = -1;
    for (const char *q = b->val; ok && q < b->end;) {
        if (isspace((unsigned char)*q)) {
            q++;
            continue;
        }
        if (b->end - q < 4 || strspn(q, "0123456789") < 4 || q[0] > '8' || q[2] > '8') {
            ok = false;
            break;
        }
        char t[8];
        snprintf(t, sizeof t, "%c%c%c%c", 'a' + (q[0] - '0'), '0' + ('9' - q[1]), 'a' + (q[2] - '0'),
                 '0' + ('9' - q[3]));
        int k = qp_vars_add(&rec->vars, t, 0, 0);
        if (k < 0) return -1;
        if (last >= 0) rec->vars.node[last].next = k;
        else b->first = k;
        last = k;
        q += 4;
    }
    if (!ok || b->first < 0 || level > QP_VAR_DEPTH) {
        b->first = -1;   /* the nodes read stay unlinked */
        rec->nvariations++;
        return 1;
    }
    b->level = level;
    if (!b->from) {
        if (!rec->alt) {
            rec->alt = malloc(sizeof *rec->alt * (size_t)(rec->nmoves + 1));
            if (!rec->alt) return -1;
            for (int i = 0; i <= rec->nmoves; i++) rec->alt[i] = -1;
        }
        qp_vars_append_alt(&rec->vars, &rec->alt[b->step - 1], b->first);
    } else {
        qp_vars_append_alt(&rec->vars, &rec->vars.node[of].alt, b->first);
    }
    return 1;
}

/* Reads every [DhtmlXQ_move_B_S_N] of [from, to) into rec's tree, and
 * returns the branches (for their comments; *nb of them), NULL with *nb
 * -1 when out of memory. */
static dx_branch *dx_variations(qp_record *rec, const char *from, const char *to, int *nb)
{
    dx_branch *br = NULL;
    int n = 0, cap = 0;
    const char *p = from;
    tag t;
    *nb = -1;
    while (next_tag(&p, to, &t)) {
        long b, s, no;
        char extra;
        if (strncasecmp(t.key, "move_", 5) || sscanf(t.key + 5, "%ld_%ld_%ld%c", &b, &s, &no, &extra) != 3)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            dx_branch *nbr = realloc(br, sizeof *nbr * (size_t)cap);
            if (!nbr) {
                free(br);
                return NULL;
            }
            br = nbr;
        }
        br[n++] = (dx_branch){b, s, no, t.val, t.end, -1, 0, false};
    }
    /* a branch is linked once the one it leaves is; a pass links at least
     * one, or none is left that can be */
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < n; i++) {
            if (br[i].done) continue;
            int rc = dx_link(rec, br, n, &br[i]);
            if (rc < 0) {
                free(br);
                return NULL;
            }
            more |= rc > 0;
        }
    }
    for (int i = 0; i < n; i++)
        if (!br[i].done) rec->nvariations++;   /* it leaves a branch the record lacks */
    *nb = n;
    return br ? br : malloc(1);
}

int qp_dhtmlxq_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                     size_t errn)
{
    char *text;
    size_t tlen;
    if (qp_record_begin(rec, name, data, len, &text, &tlen, err, errn)) return -1;
    const char *from = find_ci(text, text + tlen, "[DhtmlXQ]"), *to = text + tlen;
    if (from) {
        const char *close = find_ci(from, to, "[/DhtmlXQ]");
        if (close) to = close;
    } else {
        from = text;
    }
    /* the format's game, as other programs' records name it: the registry
     * knows which ruleset plays it (qp_record_ruleset) */
    snprintf(rec->game, sizeof rec->game, "Chinese Chess");
    snprintf(rec->hint, sizeof rec->hint, "iccs");

    /* First pass: the moves and the start position. */
    const char *p = from, *ml = NULL, *mle = NULL, *bi = NULL, *bie = NULL;
    tag t;
    while (next_tag(&p, to, &t)) {
        bool isml = !strcasecmp(t.key, "movelist"), isbi = !strcasecmp(t.key, "binit");
        if ((isml || isbi) && !t.closed) {
            int line, col;
            where(text, t.val - strlen(t.key) - 10, &line, &col);
            snprintf(err, errn, "%s:%d:%d: truncated: [DhtmlXQ_%s] is not closed", name, line, col, t.key);
            goto fail;
        }
        if (isml && !ml) ml = t.val, mle = t.end;
        if (isbi && !bi) bi = t.val, bie = t.end;
    }
    if (!ml && !bi) {
        snprintf(err, errn, "%s: a DhtmlXQ record without [DhtmlXQ_movelist] or [DhtmlXQ_binit]", name);
        goto fail;
    }
    size_t nd = 0;
    char *digits = malloc(ml ? (size_t)(mle - ml) + 1 : 1);
    int *dline = malloc(sizeof *dline * (ml ? (size_t)(mle - ml) / 4 + 1 : 1));
    int *dcol = malloc(sizeof *dcol * (ml ? (size_t)(mle - ml) / 4 + 1 : 1));
    if (!digits || !dline || !dcol) {
        free(digits);
        free(dline);
        free(dcol);
        snprintf(err, errn, "%s: out of memory", name);
        goto fail;
    }
    if (ml) {
        int line, col;
        where(text, ml, &line, &col);
        for (const char *q = ml; q < mle; q++) {
            if (isspace((unsigned char)*q)) {
                if (*q == '\n') line++, col = 1;
                else col++;
                continue;
            }
            if (!isdigit((unsigned char)*q)) {
                snprintf(err, errn, "%s:%d:%d: unreadable: '%c' in [DhtmlXQ_movelist] (four digits a move)",
                         name, line, col, *q);
                goto fail_moves;
            }
            if (nd % 4 == 0) {
                dline[nd / 4] = line;
                dcol[nd / 4] = col;
            }
            digits[nd++] = *q;
            col++;
        }
    }
    digits[nd] = 0;
    int nmoves = (int)(nd / 4);
    if (nd % 4) {
        snprintf(err, errn, "%s:%d:%d: truncated: move %d of [DhtmlXQ_movelist] has %zu of its 4 digits", name,
                 dline[nmoves], dcol[nmoves], nmoves + 1, nd % 4);
        goto fail_moves;
    }
    if (bi) {
        char *v = value_text(bi, (size_t)(bie - bi)), why[200];
        char first[3] = "";
        if (nd >= 2) memcpy(first, digits, 2);
        if (first[0] > '8') first[0] = 0;
        int rc = v ? binit_fen(v, first, rec->fen, sizeof rec->fen, why, sizeof why) : -1;
        if (!v) snprintf(why, sizeof why, "out of memory");
        free(v);
        if (rc) {
            int line, col;
            where(text, bi, &line, &col);
            snprintf(err, errn, "%s:%d:%d: %s", name, line, col, why);
            goto fail_moves;
        }
        if (!strcmp(rec->fen, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"))
            rec->fen[0] = 0;
    }
    rec->moves = malloc(sizeof *rec->moves * (size_t)(nmoves + 1));
    rec->move_line = malloc(sizeof *rec->move_line * (size_t)(nmoves + 1));
    rec->move_col = malloc(sizeof *rec->move_col * (size_t)(nmoves + 1));
    if (!rec->moves || !rec->move_line || !rec->move_col) {
        snprintf(err, errn, "%s: out of memory", name);
        goto fail_moves;
    }
    for (int i = 0; i < nmoves; i++) {
        const char *m = digits + 4 * i;
        if (m[0] > '8' || m[2] > '8') {
            snprintf(err, errn, "%s:%d:%d: move %d '%.4s': unreadable: files are 0-8", name, dline[i], dcol[i],
                     i + 1, m);
            goto fail_moves;
        }
        snprintf(rec->moves[i], QP_MOVE_TEXT, "%c%c%c%c", 'a' + (m[0] - '0'), '0' + ('9' - m[1]),
                 'a' + (m[2] - '0'), '0' + ('9' - m[3]));
        rec->move_line[i] = dline[i];
        rec->move_col[i] = dcol[i];
        rec->nmoves++;
    }
    free(digits);
    free(dline);
    free(dcol);

    /* The variations, then tags and comments, now that the moves are known. */
    int nb;
    dx_branch *br = dx_variations(rec, from, to, &nb);
    if (!br) {
        snprintf(err, errn, "%s: out of memory", name);
        goto fail;
    }
    p = from;
    while (next_tag(&p, to, &t)) {
        const char *k = t.key;
        if (!strcasecmp(k, "movelist") || !strcasecmp(k, "binit")) continue;
        long bno, step;
        char extra;
        if (!strncasecmp(k, "comment", 7) && sscanf(k + 7, "%ld_%ld%c", &bno, &step, &extra) == 2) {
            /* a variation's comment: branch bno, after its move at ply step
             * (branch 0, the main line, as commentN) */
            if (!bno) {
                snprintf(t.key, sizeof t.key, "comment%ld", step);
                k = t.key;
                goto main_comment;
            }
            const dx_branch *b = dx_find(br, nb, bno);
            int at = b ? dx_node_at(rec, b, step) : -1;
            char *v = at >= 0 ? value_text(t.val, (size_t)(t.end - t.val)) : NULL;
            if (at >= 0 && (!v || (*v && qp_text_append(&rec->vars.node[at].comment, v)))) {
                free(v);
                free(br);
                snprintf(err, errn, "%s: out of memory", name);
                goto fail;
            }
            if (at < 0) rec->nvariations++;   /* a comment of a branch not kept */
            free(v);
            continue;
        }
    main_comment:;
        bool comment = !strncasecmp(k, "comment", 7) && k[7] && strspn(k + 7, "0123456789") == strlen(k + 7);
        const char *pk = pgn_key(k);
        if (!comment && !pk && strcasecmp(k, "result")) continue;
        char *v = value_text(t.val, (size_t)(t.end - t.val));
        if (!v) {
            free(br);
            snprintf(err, errn, "%s: out of memory", name);
            goto fail;
        }
        if (comment) {
            long i = strtol(k + 7, NULL, 10);
            if (*v && i >= 0 && i <= rec->nmoves && qp_record_comment(rec, (int)i, v)) {
                free(v);
                free(br);
                snprintf(err, errn, "%s: out of memory", name);
                goto fail;
            }
        } else if (pk) {
            qp_record_keep_given(rec, pk, v);
            if (!strcmp(pk, "Date")) snprintf(rec->date, sizeof rec->date, "%s", v);
        } else {
            const char *tok = result_token(v);
            if (tok) snprintf(rec->result, sizeof rec->result, "%s", tok);
        }
        free(v);
    }
    free(br);
    free(text);
    return 0;
fail_moves:
    free(digits);
    free(dline);
    free(dcol);
fail:
    free(text);
    qp_record_free(rec);
    return -1;
}
