/*
 * sgf.c — SGF FF[4] records of Go (sgf.h).
 *
 * The reader walks the text once, without recursion (a file of a million
 * nested "(" cannot exhaust the stack): a stack holds, for each open game
 * tree, where its parent's moves ended (sgf_at); the first child read
 * from there goes on with the line, the later ones are alternatives to
 * that child's first move.  The first child is read first, so the main
 * line is whole before any variation starts.  Each node's properties are
 * gathered first, then applied, so that a root may name SZ after AB.
 * The writer recurses only into nested variations (QP_VAR_DEPTH deep).
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
    int start;                                   /* the side the moves start with, -1 before any */
    int nodes;                                   /* nodes read */
    /* comments of the main line: at move index (0: before the first move) */
    int ncom, capcom;
    int *com_at;
    char **com;
    int nalt;                                    /* entries of rec->alt */
    /* the comment of nodes without a move at the start of a branch: the
     * next variation node's `pre` (NULL when none) */
    char *pre;
} sgf_game;

/* Where the next move of the tree goes.  Main line (var -1): after its
 * move ply; a move there extends the main line, or is an alternative to
 * the main line's move ply when it has one.  In a variation: after node
 * var, extending its line, or an alternative to the node after it. */
typedef struct sgf_at {
    int var, ply;
    int to_move;     /* -1: the side the moves start with */
    int depth;       /* nesting of var's line (main line 0) */
    bool drop;       /* a branch not kept (counted once, where it was dropped) */
} sgf_at;

/* The cursors of the open game trees, equal neighbours run-length coded
 * (a file of a million nested "(;" without moves holds one entry). */
typedef struct sgf_stack {
    struct {
        sgf_at at;
        int times;
    } *e;
    int n, cap;
} sgf_stack;

static int push(sgf_stack *S, const sgf_at *at)
{
    if (S->n && !memcmp(&S->e[S->n - 1].at, at, sizeof *at)) {
        S->e[S->n - 1].times++;
        return 0;
    }
    if (S->n == S->cap) {
        int nc = S->cap ? S->cap * 2 : 16;
        void *ne = realloc(S->e, sizeof *S->e * (size_t)nc);
        if (!ne) return -1;
        S->e = ne;
        S->cap = nc;
    }
    S->e[S->n].at = *at;
    S->e[S->n++].times = 1;
    return 0;
}

static sgf_at pop(sgf_stack *S)
{
    sgf_at at = S->e[S->n - 1].at;
    if (!--S->e[S->n - 1].times) S->n--;
    return at;
}

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

/* A value of a point list: one point, or FF[4]'s compressed "aa:cc", the
 * rectangle with those corners.  Its corners' x and y (y from the
 * bottom), or -1 when it is neither. */
static int sgf_rect(const char *v, int size, int *x0, int *y0, int *x1, int *y1)
{
    char a[3] = "", b[3] = "";
    const char *colon = strchr(v, ':');
    if (!colon) {
        if (sgf_point(v, size, x0, y0)) return -1;
        *x1 = *x0;
        *y1 = *y0;
        return 0;
    }
    if (colon - v != 2 || strlen(colon + 1) != 2) return -1;
    memcpy(a, v, 2);
    memcpy(b, colon + 1, 2);
    if (sgf_point(a, size, x0, y0) || sgf_point(b, size, x1, y1)) return -1;
    int t;
    if (*x0 > *x1) t = *x0, *x0 = *x1, *x1 = t;
    if (*y0 > *y1) t = *y0, *y0 = *y1, *y1 = t;
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

/* Whether the move from c would leave the line it is on (c has a move
 * after it already): a comment there waits for the branch's first move. */
static bool branching(const qp_record *rec, const sgf_at *c)
{
    return c->var < 0 ? c->ply < rec->nmoves : rec->vars.node[c->var].next >= 0;
}

/* rec->alt holding every main-line move (-1: no alternative). */
static int grow_alt(qp_record *rec, sgf_game *G)
{
    if (G->nalt >= rec->nmoves) return 0;
    int *na = realloc(rec->alt, sizeof *na * (size_t)rec->nmoves);
    if (!na) return -1;
    for (int i = G->nalt; i < rec->nmoves; i++) na[i] = -1;
    rec->alt = na;
    G->nalt = rec->nmoves;
    return 0;
}

/* Plays text at c: on its line, or as a new line beside the move already
 * there.  A branch nested deeper than QP_VAR_DEPTH is dropped.  -1 when
 * out of memory. */
static int place(sgf_game *G, qp_record *rec, sgf_at *c, const char *text, int line, int col, int *movecap)
{
    if (c->var < 0 && c->ply == rec->nmoves) {
        if (add_move(rec, text, line, col, movecap)) return -1;
        c->ply++;
        return 0;
    }
    bool beside = branching(rec, c);
    if (beside && c->depth + 1 > QP_VAR_DEPTH) {
        c->drop = true;
        rec->nvariations++;
        return 0;
    }
    int k = qp_vars_add(&rec->vars, text, line, col);
    if (k < 0) return -1;
    if (c->var < 0) {
        if (grow_alt(rec, G)) return -1;
        qp_vars_append_alt(&rec->vars, &rec->alt[c->ply], k);
    } else if (!beside) {
        rec->vars.node[c->var].next = k;
    } else {
        qp_vars_append_alt(&rec->vars, &rec->vars.node[rec->vars.node[c->var].next].alt, k);
    }
    if (beside) {
        c->depth++;
        rec->vars.node[k].pre = G->pre;
        G->pre = NULL;
    }
    c->var = k;
    c->ply++;
    return 0;
}

/* Applies the node in R->props at c. */
static int apply_node(sgf_reader *R, sgf_game *G, qp_record *rec, sgf_at *c, int *movecap)
{
    bool root = G->nodes++ == 0, main = c->var < 0;
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
            if (main) G->pl = toupper((unsigned char)v[0]) == 'B' ? 0 : 1;
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
        /* C, AB AW AE below; others (markup, times, names) are not kept */
    }
    /* setup: before the main line's first move only; a branch that sets
     * up stones is not kept */
    for (int i = 0; i < R->nprops; i++) {
        const sgf_prop *p = &R->props[i];
        int colour = !strcmp(p->id, "AB") ? 0 : !strcmp(p->id, "AW") ? 1 : !strcmp(p->id, "AE") ? -1 : -2;
        if (colour == -2) continue;
        int x0, y0, x1, y1;
        if (sgf_rect(p->val, G->size, &x0, &y0, &x1, &y1))
            return fail_at(R, p->line, p->col, p->val, "point off the %dx%d board", G->size, G->size);
        if (!main || branching(rec, c)) {
            c->drop = true;
            rec->nvariations++;
            return 0;
        }
        if (rec->nmoves) return fail_at(R, p->line, p->col, p->val, "setup (%s) after the first move is not kept", p->id);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) G->setup[y * G->size + x] = (int8_t)colour;
        G->has_setup = true;
    }
    if (move) {
        G->has_size = true;
        int colour = move->id[0] == 'B' ? 0 : 1, x = 0, y = 0;
        int pt = sgf_point(move->val, G->size, &x, &y);
        if (pt < 0) return fail_at(R, move->line, move->col, move->val, "point off the %dx%d board", G->size, G->size);
        if (G->start < 0) {
            G->first_mover = colour;
            G->start = G->pl >= 0 ? G->pl : colour;
        }
        if (c->to_move < 0) c->to_move = G->start;
        if (colour != c->to_move && place(G, rec, c, "pass", move->line, move->col, movecap))
            return fail_at(R, move->line, move->col, NULL, "out of memory");
        char text[16];
        if (pt == 1) snprintf(text, sizeof text, "pass");
        else snprintf(text, sizeof text, "%c%d", 'a' + x, y + 1);
        if (!c->drop && place(G, rec, c, text, move->line, move->col, movecap))
            return fail_at(R, move->line, move->col, NULL, "out of memory");
        c->to_move = 1 - colour;
        if (c->drop) return 0;
    }
    /* comments: the move's, else the position's where the line goes on,
     * else the next branch's first move's (its pre) */
    for (int i = 0; i < R->nprops; i++) {
        const sgf_prop *p = &R->props[i];
        if (strcmp(p->id, "C") || !p->val[0]) continue;
        int rc;
        if (!move && branching(rec, c)) rc = qp_text_append(&G->pre, p->val);
        else if (c->var < 0) rc = add_comment(R, G, c->ply, p->val, p->line, p->col);
        else rc = qp_text_append(&rec->vars.node[c->var].comment, p->val);
        if (rc) return fail_at(R, p->line, p->col, NULL, "out of memory");
    }
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
    free(G->pre);
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

/* The first game tree, from its '(' to its ')': every branch into rec. */
static int read_tree(sgf_reader *R, sgf_game *G, qp_record *rec)
{
    sgf_stack S = {0};
    sgf_at at = {-1, 0, -1, 0, false};
    int movecap = 0, depth = 0, rc = -1;
    bool after_tree = false;   /* a game tree closed: only trees or ')' follow */
    for (;;) {
        skip_ws(R);
        int c = peek(R);
        if (c == '(') {
            step(R);
            skip_ws(R);
            if (peek(R) != ';') {
                fail_at(R, R->line, R->col, R->p, "a game tree must start with ';'");
                goto out;
            }
            if (push(&S, &at)) {
                fail_at(R, R->line, R->col, NULL, "out of memory");
                goto out;
            }
            depth++;
            after_tree = false;
        } else if (c == ')' && depth) {
            step(R);
            if (G->pre) {   /* a branch without a move: its comment has no place */
                free(G->pre);
                G->pre = NULL;
                rec->nvariations++;
            }
            at = pop(&S);
            after_tree = true;
            if (!--depth) break;
        } else if (c == ';' && !after_tree && depth) {
            step(R);
            if (read_node(R, !at.drop) || (!at.drop && apply_node(R, G, rec, &at, &movecap))) goto out;
        } else if (c < 0) {
            fail_at(R, R->line, R->col, NULL, "game tree not closed: ')' missing");
            goto out;
        } else {
            fail_at(R, R->line, R->col, R->p, "unexpected text");
            goto out;
        }
    }
    if (grow_alt(rec, G) == 0) rc = 0;
    else fail_at(R, R->line, R->col, NULL, "out of memory");
out:
    free(S.e);
    return rc;
}

int qp_sgf_parse(qp_record *rec, const char *name, const unsigned char *data, size_t len, char *err,
                 size_t errn)
{
    sgf_reader R = {name, (const char *)data, (const char *)data + len, 1, 1, err, errn, NULL, 0, 0};
    sgf_game G;
    memset(&G, 0, sizeof G);
    G.size = 19;   /* SGF's default for Go */
    G.pl = G.first_mover = G.start = -1;
    memset(G.setup, -1, sizeof G.setup);
    qp_record_begin(rec, name, data, len, NULL, NULL, err, errn);
    int skipped = 0, rc = -1;
    if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) R.p += 3;

    skip_ws(&R);
    if (peek(&R) != '(') {
        fail_at(&R, R.line, R.col, R.p, "not an SGF record: '(' expected");
        goto out;
    }
    if (read_tree(&R, &G, rec)) goto out;
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
    rec->nvariations += skipped;
    if (!rec->vars.n) {
        free(rec->alt);
        rec->alt = NULL;
    }

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

/* The SGF point of move m at s ("cd", "" for a pass); -1 when m is no
 * point of the board (mt: its text). */
static int move_point(const qp_rules *r, const void *s, qp_move m, char *pt, char *mt, size_t mtn)
{
    int size = r->geom.w;
    r->rs->move_text(r, s, m, mt, mtn);
    pt[0] = 0;
    if (!strcmp(mt, "pass")) return 0;
    int x = mt[0] - 'a', y = atoi(mt + 1) - 1;
    if (mt[0] < 'a' || x >= size || y < 0 || y >= size) return -1;
    point_text(y * size + x, size, pt);
    return 0;
}

/* The alternatives owed at the branch points of a line, written after
 * the line: each the first alternative and the position before it. */
typedef struct sgf_owed {
    struct {
        int alt;
        void *s;
    } *e;
    int n, cap;
    bool bad;
} sgf_owed;

static void owe(sgf_owed *o, const qp_rules *r, int alt, const void *s)
{
    void *t = NULL;
    if (o->n == o->cap) {
        int nc = o->cap ? 2 * o->cap : 8;
        void *ne = realloc(o->e, sizeof *o->e * (size_t)nc);
        if (!ne) {
            o->bad = true;
            return;
        }
        o->e = ne;
        o->cap = nc;
    }
    if (!(t = qp_state_new(r))) {
        o->bad = true;
        return;
    }
    memcpy(t, s, r->state_size);
    o->e[o->n].alt = alt;
    o->e[o->n++].s = t;
}

static void put_variation(sgf_buf *b, const qp_rules *r, const qp_record *src, const void *s, int k, int depth);

/* Closes the line's branch points, innermost first, each followed by
 * its alternatives (SGF's later children). */
static void pay(sgf_buf *b, sgf_owed *o, const qp_rules *r, const qp_record *src, int depth)
{
    if (o->bad) b->bad = true;
    while (o->n) {
        o->n--;
        puts_(b, ")");
        for (int a = o->e[o->n].alt; a >= 0; a = src->vars.node[a].alt)
            put_variation(b, r, src, o->e[o->n].s, a, depth + 1);
        free(o->e[o->n].s);
    }
    free(o->e);
}

/* The node's move at s, when it reads there and is a point or a pass. */
static bool var_move(const qp_rules *r, const qp_record *src, const void *s, const qp_var_node *nd, qp_move *m,
                     char *pt)
{
    char e[QP_ERR], mt[QP_MOVE_TEXT];
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    return o.result == QP_ONGOING &&
           !qp_record_read_move(r, s, nd->text, src->hint[0] ? src->hint : NULL, m, e, sizeof e) &&
           !move_point(r, s, *m, pt, mt, sizeof mt);
}

/* Whether one of the alternatives chained from a writes a first move at s
 * (a branch point without one is not opened). */
static bool any_alt(const qp_rules *r, const qp_record *src, const void *s, int a)
{
    char pt[4];
    qp_move m;
    for (; a >= 0; a = src->vars.node[a].alt)
        if (var_move(r, src, s, &src->vars.node[a], &m, pt)) return true;
    return false;
}

/* The variation from node k (at s, of depth) as a game tree "(;B[..]...)";
 * it ends before a move that does not read (the load warned of it), and
 * is left out when its first does not. */
static void put_variation(sgf_buf *b, const qp_rules *r, const qp_record *src, const void *s, int k, int depth)
{
    const qp_vars *v = &src->vars;
    char pt[4];
    qp_move m;
    if (!var_move(r, src, s, &v->node[k], &m, pt)) return;
    void *t = qp_state_new(r);
    if (!t) {
        b->bad = true;
        return;
    }
    memcpy(t, s, r->state_size);
    sgf_owed o = {0};
    puts_(b, "\n(");
    if (v->node[k].pre) {
        puts_(b, ";");
        prop(b, "C", v->node[k].pre);
    }
    for (int first = k; k >= 0; k = v->node[k].next) {
        const qp_var_node *nd = &v->node[k];
        if (k != first && !var_move(r, src, t, nd, &m, pt)) break;
        if (k != first && depth < QP_VAR_DEPTH && any_alt(r, src, t, nd->alt)) {
            puts_(b, "(");
            owe(&o, r, nd->alt, t);
        }
        puts_(b, ";");
        prop(b, r->rs->side_to_move(r, t) ? "W" : "B", pt);
        if (nd->comment) prop(b, "C", nd->comment);
        r->rs->make(r, t, m, NULL);
    }
    pay(b, &o, r, src, depth);
    puts_(b, ")");
    free(t);
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
    int shared = qp_record_shared(src, g);
    bool same = src && shared == g->len && shared == src->nmoves;
    void *s = qp_state_new(r);
    if (!s) {
        snprintf(err, errn, "out of memory");
        return NULL;
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

    /* the moves, and src's variations off the moves g shares with it */
    sgf_owed owed = {0};
    memcpy(s, g->start, r->state_size);
    for (int i = 0; i < g->len; i++) {
        char mt[QP_MOVE_TEXT], pt[4];
        if (move_point(r, s, g->rec[i], pt, mt, sizeof mt)) {
            snprintf(err, errn, "move %d '%s' is no point of SGF", i + 1, mt);
            for (int j = 0; j < owed.n; j++) free(owed.e[j].s);
            free(owed.e);
            free(s);
            free(b.s);
            return NULL;
        }
        if (i < shared && src->alt && any_alt(r, src, s, src->alt[i])) {
            puts_(&b, "(");
            owe(&owed, r, src->alt[i], s);
        }
        puts_(&b, i % 10 == 0 ? "\n;" : ";");
        prop(&b, r->rs->side_to_move(r, s) ? "W" : "B", pt);
        if (i < shared && src->comments && src->comments[i + 1]) prop(&b, "C", src->comments[i + 1]);
        r->rs->make(r, s, g->rec[i], NULL);
    }
    pay(&b, &owed, r, src, 0);
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
