/*
 * sgf.c — SGF FF[4] records of Go (sgf.h).
 *
 * The reader walks the text once, without recursion (a file of a million
 * nested "(" cannot exhaust the stack): the main line is followed into
 * the first child of each game tree; other children are skipped by
 * counting parentheses outside values.  Each node's properties are
 * gathered first, then applied, so that a root may name SZ after AB.
 */
#include "sgf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

#define SGF_MAX_SIZE 19

/* ---- the area count and results (shared with GTP) ------------------------ */

bool qp_sgf_area(const qp_rules *r, const void *s, int area[2], int *komi2)
{
    char buf[256] = "";
    if (!r->rs->status_text) return false;
    r->rs->status_text(r, s, buf, sizeof buf);
    const char *p = strstr(buf, "Area: ");
    if (!p) return false;
    const char *dot = strstr(p, "\xC2\xB7 ");
    if (sscanf(p + 6, "%*s %d", &area[0]) != 1 || !dot || sscanf(dot + 3, "%*s %d", &area[1]) != 1)
        return false;
    const char *plus = strstr(dot + 3, " + "), *minus = strstr(dot + 3, " - ");
    const char *sign = plus ? plus : minus;
    if (!sign) return false;
    const char *q = sign + 3;
    int whole = atoi(q);
    while (isdigit((unsigned char)*q)) q++;
    *komi2 = 2 * whole + (!strncmp(q, ".5", 2) ? 1 : 0);
    if (sign == minus) *komi2 = -*komi2;
    return true;
}

void qp_sgf_score_text(int lead2, char *out, size_t n)
{
    if (lead2 == 0) {
        snprintf(out, n, "0");
        return;
    }
    int a = lead2 < 0 ? -lead2 : lead2;
    snprintf(out, n, "%c+%d%s", lead2 > 0 ? 'B' : 'W', a / 2, a % 2 ? ".5" : "");
}

/* ---- reading ---------------------------------------------------------------- */

typedef struct sgf_prop {
    char id[8];
    char *val;               /* unescaped */
    int line, col;           /* of its '[' */
} sgf_prop;

typedef struct sgf_reader {
    const char *name;
    const char *p, *end;
    int line, col;
    char *err;
    size_t errn;
    sgf_prop *props;         /* the node being read */
    int nprops, capprops;
} sgf_reader;

static int fail_at(sgf_reader *R, int line, int col, const char *near, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail_at(sgf_reader *R, int line, int col, const char *near, const char *fmt, ...)
{
    char why[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    char shown[24] = "";
    size_t k = 0;
    for (const char *q = near; q && *q && *q != '\n' && k < 16; q++)
        shown[k++] = (unsigned char)*q < 32 ? '?' : *q;
    shown[k] = 0;
    if (near && k) snprintf(R->err, R->errn, "%s:%d:%d: %s near '%s'", R->name, line, col, why, shown);
    else snprintf(R->err, R->errn, "%s:%d:%d: %s", R->name, line, col, why);
    return -1;
}

static void step(sgf_reader *R)
{
    if (*R->p == '\n') {
        R->line++;
        R->col = 1;
    } else {
        R->col++;
    }
    R->p++;
}

static void skip_ws(sgf_reader *R)
{
    while (R->p < R->end && isspace((unsigned char)*R->p)) step(R);
}

static int peek(const sgf_reader *R) { return R->p < R->end ? (unsigned char)*R->p : -1; }

/* A value from '[' to its ']', unescaped: "\x" is x, an escaped line
 * break is none; in text, line breaks become '\n' and other white space a
 * space.  *out malloc'd. */
static int read_value(sgf_reader *R, char **out)
{
    int line = R->line, col = R->col;
    step(R);   /* '[' */
    size_t cap = 64, n = 0;
    char *v = malloc(cap);
    if (!v) return fail_at(R, line, col, NULL, "out of memory");
    for (;;) {
        if (R->p >= R->end) {
            free(v);
            return fail_at(R, line, col, NULL, "value not closed: ']' missing");
        }
        char c = *R->p;
        if (c == ']') {
            step(R);
            break;
        }
        if (c == '\\') {
            step(R);
            if (R->p >= R->end) continue;
            c = *R->p;
            if (c == '\r' || c == '\n') {   /* a soft line break */
                char first = c;
                step(R);
                if (R->p < R->end && (*R->p == '\r' || *R->p == '\n') && *R->p != first) step(R);
                continue;
            }
        } else if (c == '\r' || c == '\n') {
            char first = c;
            step(R);
            if (R->p < R->end && (*R->p == '\r' || *R->p == '\n') && *R->p != first) step(R);
            c = '\n';
            goto put;
        } else if (isspace((unsigned char)c)) {
            c = ' ';
        }
        step(R);
    put:
        if (n + 2 > cap) {
            char *nv = realloc(v, cap *= 2);
            if (!nv) {
                free(v);
                return fail_at(R, line, col, NULL, "out of memory");
            }
            v = nv;
        }
        v[n++] = c;
    }
    v[n] = 0;
    *out = v;
    return 0;
}

static void free_props(sgf_reader *R)
{
    for (int i = 0; i < R->nprops; i++) free(R->props[i].val);
    R->nprops = 0;
}

/* A node after its ';': its properties into R->props (kept when keep,
 * else only checked). */
static int read_node(sgf_reader *R, bool keep)
{
    free_props(R);
    for (;;) {
        skip_ws(R);
        int c = peek(R);
        if (c < 0 || c == ';' || c == '(' || c == ')') return 0;
        if (!isalpha(c)) return fail_at(R, R->line, R->col, R->p, "expected a property");
        char id[8];
        size_t k = 0;
        int line = R->line, col = R->col;
        const char *start = R->p;
        while (R->p < R->end && isalpha((unsigned char)*R->p)) {
            /* FF[3]'s lowercase letters in names are ignored */
            if (isupper((unsigned char)*R->p) && k + 1 < sizeof id) id[k++] = *R->p;
            else if (isupper((unsigned char)*R->p)) return fail_at(R, line, col, start, "property name too long");
            step(R);
        }
        id[k] = 0;
        if (!k) return fail_at(R, line, col, start, "property name without a capital letter");
        skip_ws(R);
        if (peek(R) != '[') return fail_at(R, line, col, start, "property %s without a value", id);
        while (peek(R) == '[') {
            int vl = R->line, vc = R->col;
            char *v = NULL;
            if (read_value(R, &v)) return -1;
            if (!keep) {
                free(v);
            } else {
                if (R->nprops == R->capprops) {
                    int nc = R->capprops ? R->capprops * 2 : 16;
                    sgf_prop *np = realloc(R->props, sizeof *np * (size_t)nc);
                    if (!np) {
                        free(v);
                        return fail_at(R, vl, vc, NULL, "out of memory");
                    }
                    R->props = np;
                    R->capprops = nc;
                }
                sgf_prop *pr = &R->props[R->nprops++];
                snprintf(pr->id, sizeof pr->id, "%s", id);
                pr->val = v;
                pr->line = vl;
                pr->col = vc + 1;   /* the value's own text */
            }
            skip_ws(R);
        }
    }
}

/* Skips a game tree from its '(' to its ')' (checked like the main line);
 * *trees counts it and the trees inside it. */
static int skip_tree(sgf_reader *R, int *trees)
{
    int depth = 0, line = R->line, col = R->col;
    do {
        skip_ws(R);
        int c = peek(R);
        if (c == '(') {
            step(R);
            depth++;
            (*trees)++;
            skip_ws(R);
            if (peek(R) != ';') return fail_at(R, R->line, R->col, R->p, "a game tree must start with ';'");
        } else if (c == ')') {
            step(R);
            depth--;
        } else if (c == ';') {
            step(R);
            if (read_node(R, false)) return -1;
        } else if (c < 0) {
            return fail_at(R, line, col, NULL, "game tree not closed: ')' missing");
        } else {
            return fail_at(R, R->line, R->col, R->p, "unexpected text");
        }
    } while (depth > 0);
    return 0;
}

/* What the reader builds before it fills the record. */
typedef struct sgf_game {
    int size;
    bool has_size, has_komi;
    char komi[32];
    int8_t setup[SGF_MAX_SIZE * SGF_MAX_SIZE];   /* -1 empty, 0 black, 1 white */
    bool has_setup;
    int pl;                                      /* PL: 0, 1, -1 none */
    int first_mover;                             /* colour of the first move, -1 none */
    int to_move;                                 /* of the moves read so far, -1 before any */
    int nodes;                                   /* nodes read on the main line */
    /* comments: at move index (0: before the first move) */
    int ncom, capcom;
    int *com_at;
    char **com;
} sgf_game;

static int add_move(qp_record *rec, const char *text, int line, int col, int *cap)
{
    if (rec->nmoves == *cap) {
        int nc = *cap ? *cap * 2 : 128;
        char(*nm)[QP_MOVE_TEXT] = realloc(rec->moves, sizeof *nm * (size_t)nc);
        if (!nm) return -1;
        rec->moves = nm;
        int *nl = realloc(rec->move_line, sizeof *nl * (size_t)nc);
        if (!nl) return -1;
        rec->move_line = nl;
        int *ncol = realloc(rec->move_col, sizeof *ncol * (size_t)nc);
        if (!ncol) return -1;
        rec->move_col = ncol;
        *cap = nc;
    }
    snprintf(rec->moves[rec->nmoves], QP_MOVE_TEXT, "%s", text);
    rec->move_line[rec->nmoves] = line;
    rec->move_col[rec->nmoves] = col;
    rec->nmoves++;
    return 0;
}

static void keep_tag(qp_record *rec, const char *key, const char *val)
{
    qp_record_keep(rec, key, val);
}

/* A point "cd" as (x, y from the bottom); 1 for a pass ("" or "tt" up
 * to 19x19), 0 for a point, -1 off the board. */
static int sgf_point(const char *v, int size, int *x, int *y)
{
    if (!v[0] || (!strcmp(v, "tt") && size <= 19)) return 1;
    if (strlen(v) != 2 || v[0] < 'a' || v[0] >= 'a' + size || v[1] < 'a' || v[1] >= 'a' + size) return -1;
    *x = v[0] - 'a';
    *y = size - 1 - (v[1] - 'a');
    return 0;
}

static int add_comment(sgf_reader *R, sgf_game *G, int at, const char *text, int line, int col)
{
    if (G->ncom == G->capcom) {
        int nc = G->capcom ? G->capcom * 2 : 16;
        int *na = realloc(G->com_at, sizeof *na * (size_t)nc);
        if (!na) return fail_at(R, line, col, NULL, "out of memory");
        G->com_at = na;
        char **ncm = realloc(G->com, sizeof *ncm * (size_t)nc);
        if (!ncm) return fail_at(R, line, col, NULL, "out of memory");
        G->com = ncm;
        G->capcom = nc;
    }
    char *c = strdup(text);
    if (!c) return fail_at(R, line, col, NULL, "out of memory");
    G->com_at[G->ncom] = at;
    G->com[G->ncom++] = c;
    return 0;
}

/* Applies the main line's node in R->props. */
static int apply_node(sgf_reader *R, sgf_game *G, qp_record *rec, int *movecap)
{
    bool root = G->nodes++ == 0;
    const sgf_prop *move = NULL;
    for (int i = 0; i < R->nprops; i++) {
        const sgf_prop *p = &R->props[i];
        const char *id = p->id, *v = p->val;
        if (!strcmp(id, "B") || !strcmp(id, "W")) {
            if (move) return fail_at(R, p->line, p->col, v, "two moves in one node");
            move = p;
        } else if (!strcmp(id, "GM")) {
            if (!root) return fail_at(R, p->line, p->col, v, "GM outside the root node");
            if (strcmp(v, "1")) return fail_at(R, p->line, p->col, v, "not a Go record (GM[%s]; Go is GM[1])", v);
        } else if (!strcmp(id, "SZ")) {
            char *e;
            long n = strtol(v, &e, 10);
            if (!root) return fail_at(R, p->line, p->col, v, "SZ outside the root node");
            if (e == v || *e || n < 2 || n > SGF_MAX_SIZE)
                return fail_at(R, p->line, p->col, v, "board size must be a number up to %d", SGF_MAX_SIZE);
            if (G->has_size && G->size != (int)n) return fail_at(R, p->line, p->col, v, "SZ given twice");
            G->size = (int)n;
            G->has_size = true;
        } else if (!strcmp(id, "KM")) {
            char *e;
            strtod(v, &e);
            if (e == v || *e || strlen(v) >= sizeof G->komi)
                return fail_at(R, p->line, p->col, v, "komi must be a number");
            snprintf(G->komi, sizeof G->komi, "%s", v);
            G->has_komi = true;
        } else if (!strcmp(id, "PL")) {
            if (strcmp(v, "B") && strcmp(v, "W") && strcmp(v, "b") && strcmp(v, "w"))
                return fail_at(R, p->line, p->col, v, "PL must be B or W");
            G->pl = toupper((unsigned char)v[0]) == 'B' ? 0 : 1;
        } else if (!strcmp(id, "C")) {
            /* after the node's move: recorded below */
        } else if (root && (!strcmp(id, "PB") || !strcmp(id, "PW") || !strcmp(id, "EV") || !strcmp(id, "PC") ||
                            !strcmp(id, "RO") || !strcmp(id, "RE") || !strcmp(id, "DT"))) {
            static const char *const map[][2] = {{"PB", "Black"}, {"PW", "White"}, {"EV", "Event"},
                                                 {"PC", "Site"},  {"RO", "Round"}, {"RE", "RE"},
                                                 {"DT", "Date"}};
            for (size_t m = 0; m < sizeof map / sizeof map[0]; m++) {
                if (strcmp(map[m][0], id)) continue;
                char val[256];
                snprintf(val, sizeof val, "%s", v);
                for (char *q = val; *q; q++)
                    if (*q == '\n') *q = ' ';
                /* PGN dates are YYYY.MM.DD */
                if (m == 6 && strlen(val) == 10 && val[4] == '-' && val[7] == '-') val[4] = val[7] = '.';
                if (m == 6) snprintf(rec->date, sizeof rec->date, "%s", val);
                keep_tag(rec, map[m][1], val);
            }
        }
        /* AB AW AE below; others (markup, times, names) are not kept */
    }
    /* setup: before any move only */
    for (int i = 0; i < R->nprops; i++) {
        const sgf_prop *p = &R->props[i];
        int colour = !strcmp(p->id, "AB") ? 0 : !strcmp(p->id, "AW") ? 1 : !strcmp(p->id, "AE") ? -1 : -2;
        if (colour == -2) continue;
        if (rec->nmoves) return fail_at(R, p->line, p->col, p->val, "setup (%s) after the first move is not kept", p->id);
        int x, y, pt = sgf_point(p->val, G->size, &x, &y);
        if (strchr(p->val, ':')) return fail_at(R, p->line, p->col, p->val, "point ranges are not read");
        if (pt != 0) return fail_at(R, p->line, p->col, p->val, "point off the %dx%d board", G->size, G->size);
        G->setup[y * G->size + x] = (int8_t)colour;
        G->has_setup = true;
    }
    if (move) {
        G->has_size = true;
        int colour = move->id[0] == 'B' ? 0 : 1, x = 0, y = 0;
        int pt = sgf_point(move->val, G->size, &x, &y);
        if (pt < 0) return fail_at(R, move->line, move->col, move->val, "point off the %dx%d board", G->size, G->size);
        if (G->first_mover < 0) {
            G->first_mover = colour;
            G->to_move = G->pl >= 0 ? G->pl : colour;
        }
        if (colour != G->to_move && add_move(rec, "pass", move->line, move->col, movecap))
            return fail_at(R, move->line, move->col, NULL, "out of memory");
        char text[16];
        if (pt == 1) snprintf(text, sizeof text, "pass");
        else snprintf(text, sizeof text, "%c%d", 'a' + x, y + 1);
        if (add_move(rec, text, move->line, move->col, movecap))
            return fail_at(R, move->line, move->col, NULL, "out of memory");
        G->to_move = 1 - colour;
    }
    for (int i = 0; i < R->nprops; i++)
        if (!strcmp(R->props[i].id, "C") && R->props[i].val[0] &&
            add_comment(R, G, rec->nmoves, R->props[i].val, R->props[i].line, R->props[i].col))
            return -1;
    return 0;
}

/* The start position as a FEN: ranks from the top, X black, o white. */
static void setup_fen(const sgf_game *G, int to_move, char *fen, size_t n)
{
    size_t k = 0;
    for (int y = G->size - 1; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < G->size; x++) {
            int c = G->setup[y * G->size + x];
            if (c < 0) {
                run++;
                continue;
            }
            if (run) k += (size_t)snprintf(fen + k, n - k, "%d", run);
            run = 0;
            k += (size_t)snprintf(fen + k, n - k, "%c", c == 0 ? 'X' : 'o');
        }
        if (run) k += (size_t)snprintf(fen + k, n - k, "%d", run);
        if (y) k += (size_t)snprintf(fen + k, n - k, "/");
    }
    /* the game's FEN names the first side (black) w, as chess does */
    snprintf(fen + k, n - k, " %c 1", to_move ? 'b' : 'w');
}

static void free_game(sgf_game *G)
{
    for (int i = 0; i < G->ncom; i++) free(G->com[i]);
    free(G->com);
    free(G->com_at);
}

qp_sniff qp_sgf_sniff(const unsigned char *data, size_t len)
{
    size_t i = 0;
    if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) i = 3;
    while (i < len && isspace(data[i])) i++;
    if (i >= len || data[i] != '(') return QP_SNIFF_NO;
    for (i++; i < len && isspace(data[i]); i++) {}
    return i < len && data[i] == ';' ? QP_SNIFF_YES : QP_SNIFF_NO;
}

int qp_sgf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn)
{
    sgf_reader R = {name, (const char *)data, (const char *)data + len, 1, 1, err, errn, NULL, 0, 0};
    sgf_game G;
    memset(&G, 0, sizeof G);
    G.size = 19;   /* SGF's default for Go */
    G.pl = G.first_mover = G.to_move = -1;
    memset(G.setup, -1, sizeof G.setup);
    memset(rec, 0, sizeof *rec);
    rec->ply = -1;
    rec->plycount = -1;
    int movecap = 0, skipped = 0, rc = -1;
    if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) R.p += 3;

    skip_ws(&R);
    if (peek(&R) != '(') {
        fail_at(&R, R.line, R.col, R.p, "not an SGF record: '(' expected");
        goto out;
    }
    step(&R);
    int depth = 1;
    for (;;) {
        skip_ws(&R);
        if (peek(&R) != ';') {
            fail_at(&R, R.line, R.col, R.p, "a game tree must start with ';'");
            goto out;
        }
        while (skip_ws(&R), peek(&R) == ';') {
            step(&R);
            if (read_node(&R, true) || apply_node(&R, &G, rec, &movecap)) goto out;
        }
        if (peek(&R) == '(') {   /* the first child: the main line goes on */
            step(&R);
            depth++;
            continue;
        }
        break;
    }
    while (depth > 0) {
        skip_ws(&R);
        if (peek(&R) != ')') {
            if (peek(&R) < 0) fail_at(&R, R.line, R.col, NULL, "game tree not closed: ')' missing");
            else fail_at(&R, R.line, R.col, R.p, "unexpected text");
            goto out;
        }
        step(&R);
        depth--;
        /* the closed tree's later siblings: other variations */
        skip_ws(&R);
        while (depth > 0 && peek(&R) == '(') {
            if (skip_tree(&R, &skipped)) goto out;
            skip_ws(&R);
        }
    }
    /* other games of a collection */
    skip_ws(&R);
    while (peek(&R) == '(') {
        if (skip_tree(&R, &skipped)) goto out;
        skip_ws(&R);
    }
    if (peek(&R) >= 0) {
        fail_at(&R, R.line, R.col, R.p, "text after the game");
        goto out;
    }
    rec->nvariations = skipped;

    snprintf(rec->ruleset, sizeof rec->ruleset, "go");   /* SGF's GM[1] */
    snprintf(rec->result, sizeof rec->result, "*");       /* RE is kept, never judged */
    rec->nparams = 2;
    snprintf(rec->pkey[0], sizeof rec->pkey[0], "size");
    snprintf(rec->pval[0], sizeof rec->pval[0], "%d", G.size);
    snprintf(rec->pkey[1], sizeof rec->pkey[1], "komi");
    snprintf(rec->pval[1], sizeof rec->pval[1], "%s", G.has_komi ? G.komi : "0");
    int start = G.pl >= 0 ? G.pl : G.first_mover >= 0 ? G.first_mover : 0;
    if (G.pl < 0 && G.first_mover < 0 && G.has_setup) {
        /* handicap stones alone: white moves first */
        bool white_stones = false;
        for (int i = 0; i < G.size * G.size; i++) white_stones |= G.setup[i] == 1;
        if (!white_stones) start = 1;
    }
    if (G.has_setup || start != 0) setup_fen(&G, start, rec->fen, sizeof rec->fen);
    if (G.ncom) {
        rec->comments = calloc((size_t)rec->nmoves + 1, sizeof *rec->comments);
        if (!rec->comments) {
            snprintf(err, errn, "%s: out of memory", name);
            goto out;
        }
        for (int i = 0; i < G.ncom; i++)
            if (qp_record_comment(rec, G.com_at[i], G.com[i])) {
                snprintf(err, errn, "%s: out of memory", name);
                goto out;
            }
    }
    rc = 0;
out:
    free_props(&R);
    free(R.props);
    free_game(&G);
    if (rc) qp_record_free(rec);
    return rc;
}

/* ---- writing ------------------------------------------------------------------ */

typedef struct sgf_buf {
    char *s;
    size_t n, cap;
    bool bad;
} sgf_buf;

static void put(sgf_buf *b, const char *t, size_t k)
{
    if (b->bad) return;
    if (b->n + k + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 1024;
        while (nc < b->n + k + 1) nc *= 2;
        char *ns = realloc(b->s, nc);
        if (!ns) {
            b->bad = true;
            return;
        }
        b->s = ns;
        b->cap = nc;
    }
    memcpy(b->s + b->n, t, k);
    b->n += k;
    b->s[b->n] = 0;
}

static void puts_(sgf_buf *b, const char *t) { put(b, t, strlen(t)); }

/* ID[value], the value escaped and its white space as the reader leaves
 * it (so that what is read back writes the same). */
static void prop(sgf_buf *b, const char *id, const char *v)
{
    puts_(b, id);
    puts_(b, "[");
    for (const char *p = v; *p; p++) {
        char c = *p;
        if (c == '\r') {
            if (p[1] == '\n') p++;
            c = '\n';
        } else if (c != '\n' && isspace((unsigned char)c)) {
            c = ' ';
        }
        if (c == ']' || c == '\\') put(b, "\\", 1);
        put(b, &c, 1);
    }
    puts_(b, "]");
}

static const char *kept(const qp_record *src, const char *k)
{
    for (int i = 0; src && i < src->nkeep; i++)
        if (!strcmp(src->keep_key[i], k)) return src->keep_val[i];
    return NULL;
}

/* A tag worth writing: known ("?" is PGN's unknown). */
static const char *known(const qp_record *src, const char *k)
{
    const char *v = kept(src, k);
    return v && v[0] && !strchr(v, '?') ? v : NULL;
}

/* The SGF point of sq ("cd"), or "" for none. */
static void point_text(int sq, int size, char *out)
{
    out[0] = (char)('a' + sq % size);
    out[1] = (char)('a' + (size - 1 - sq / size));
    out[2] = 0;
}

/* Whether g is a game SGF can hold as Go. */
static bool go_like(const qp_rules *r, char *err, size_t errn)
{
    if (r->nsides != 2 || r->geom.w != r->geom.h || r->geom.w > SGF_MAX_SIZE || r->geom.kind != QP_BOARD_POINTS ||
        !qp_params_find(&r->params, "size") || !qp_params_find(&r->params, "komi")) {
        snprintf(err, errn, "SGF records are written for Go only, not %s", r->rs->name);
        return false;
    }
    return true;
}

char *qp_sgf_write(const qp_game *g, const qp_record *src, size_t *len, char *err, size_t errn)
{
    const qp_rules *r = g->r;
    if (!go_like(r, err, errn)) return NULL;
    int size = r->geom.w;
    sgf_buf b = {0};
    char t[64];
    puts_(&b, "(;FF[4]GM[1]CA[UTF-8]AP[qipan]");
    snprintf(t, sizeof t, "%d", size);
    prop(&b, "SZ", t);
    prop(&b, "KM", qp_param_str(&r->params, "komi"));
    static const char *const tags[][2] = {{"PB", "Black"}, {"PW", "White"}, {"EV", "Event"},
                                          {"PC", "Site"},  {"RO", "Round"}};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (known(src, tags[i][1])) prop(&b, tags[i][0], known(src, tags[i][1]));
    char date[32];
    if (src) snprintf(date, sizeof date, "%s", kept(src, "Date") ? kept(src, "Date") : "");
    else qp_record_today(date, sizeof date);
    if (date[0] && !strchr(date, '?')) {
        if (strlen(date) == 10 && date[4] == '.' && date[7] == '.') date[4] = date[7] = '-';
        prop(&b, "DT", date);
    }

    /* which of src's moves g still has: its comments and RE hold for them */
    int shared = 0;
    bool same = false;
    void *s = qp_state_new(r);
    if (!s) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    if (src) {
        memcpy(s, g->start, r->state_size);
        while (shared < g->len && shared < src->nmoves) {
            qp_move m;
            char e[QP_ERR];
            if (r->rs->move_parse(r, s, src->moves[shared], &m, e, sizeof e) || m != g->rec[shared]) break;
            r->rs->make(r, s, m, NULL);
            shared++;
        }
        same = shared == g->len && shared == src->nmoves;
    }
    /* RE: the record's, else what the game's end shows */
    qp_outcome o;
    qp_game_final_outcome(g, &o);
    if (same && kept(src, "RE")) {
        prop(&b, "RE", kept(src, "RE"));
    } else if (g->resigned >= 0 && o.result == QP_WIN) {
        prop(&b, "RE", o.winner == 0 ? "B+R" : "W+R");
    } else if (o.result != QP_ONGOING) {
        /* the end of the record: the game's own area count */
        memcpy(s, g->start, r->state_size);
        for (int i = 0; i < g->len; i++) r->rs->make(r, s, g->rec[i], NULL);
        int area[2], komi2;
        if (qp_sgf_area(r, s, area, &komi2)) {
            qp_sgf_score_text(2 * (area[0] - area[1]) - komi2, t, sizeof t);
            prop(&b, "RE", t);
        } else {
            prop(&b, "RE", o.result == QP_DRAW ? "0" : o.winner == 0 ? "B+" : "W+");
        }
    }

    /* setup: the start position's stones, and who moves */
    bool stones = false;
    {
        for (int colour = 0; colour < 2; colour++) {
            bool any = false;
            for (int sq = 0; sq < r->geom.n; sq++) {
                qp_piece_view v;
                if (!r->rs->piece_at(r, g->start, sq, &v) || v.side != colour) continue;
                char pt[4];
                point_text(sq, size, pt);
                if (!any) puts_(&b, colour ? "AW" : "AB");
                any = stones = true;
                puts_(&b, "[");
                puts_(&b, pt);
                puts_(&b, "]");
            }
        }
    }
    if (stones || r->rs->side_to_move(r, g->start) != 0) prop(&b, "PL", r->rs->side_to_move(r, g->start) ? "W" : "B");
    if (src && src->comments && src->comments[0]) prop(&b, "C", src->comments[0]);

    memcpy(s, g->start, r->state_size);
    for (int i = 0; i < g->len; i++) {
        char mt[QP_MOVE_TEXT], pt[4] = "";
        int side = r->rs->side_to_move(r, s);
        r->rs->move_text(r, s, g->rec[i], mt, sizeof mt);
        if (strcmp(mt, "pass")) {
            int x = mt[0] - 'a', y = atoi(mt + 1) - 1;
            if (mt[0] < 'a' || x >= size || y < 0 || y >= size) {
                snprintf(err, errn, "move %d '%s' is no point of SGF", i + 1, mt);
                free(s);
                free(b.s);
                return NULL;
            }
            point_text(y * size + x, size, pt);
        }
        puts_(&b, i % 10 == 0 ? "\n;" : ";");
        prop(&b, side ? "W" : "B", pt);
        if (i < shared && src->comments && src->comments[i + 1]) prop(&b, "C", src->comments[i + 1]);
        r->rs->make(r, s, g->rec[i], NULL);
    }
    puts_(&b, ")\n");
    free(s);
    if (b.bad) {
        free(b.s);
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    *len = b.n;
    return b.s;
}

const qp_record_format qp_sgf_format = {.name = "sgf", .title = "SGF (Smart Game Format, FF[4], Go)",
                                        .sniff = qp_sgf_sniff, .parse = qp_sgf_parse, .ext = "sgf",
                                        .write = qp_sgf_write};
