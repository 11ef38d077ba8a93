/*
 * record.c — saving and loading games as PGN records (format in record.h).
 */
#include "record.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "encoding.h"
#include "fileio.h"
#include "pgn.h"

/* The standard token of an outcome, "*" while ongoing. */
static const char *outcome_token(const qp_outcome *o)
{
    if (o->result == QP_DRAW) return "1/2-1/2";
    if (o->result == QP_WIN) return o->winner == 0 ? "1-0" : "0-1";
    return "*";
}

/* The verdict of the position at the end of the record by the ruleset
 * alone (checkmate, no moves), without the history rules: those differ
 * between rule books, and a record from elsewhere may play on after a
 * repetition qipan's rules would end. */
static void position_outcome(const qp_game *g, qp_outcome *o)
{
    const qp_rules *r = g->r;
    if (g->cursor == g->len) {
        r->rs->outcome(r, g->cur, o);
        return;
    }
    void *s = qp_state_new(r);
    if (!s) {
        o->result = QP_ONGOING;
        return;
    }
    memcpy(s, g->start, r->state_size);
    for (int i = 0; i < g->len; i++) r->rs->make(r, s, g->rec[i], NULL);
    r->rs->outcome(r, s, o);
    free(s);
}

static void outcome_text(const qp_rules *r, const qp_outcome *o, char *buf, size_t n)
{
    if (o->result == QP_ONGOING) snprintf(buf, n, "*");
    else if (o->result == QP_DRAW) snprintf(buf, n, "draw: %s", o->reason);
    else snprintf(buf, n, "%s wins: %s", qp_side_name(r, o->winner), o->reason);
}

/* Tags the writer makes itself; any other tag of a record read is kept. */
static bool own_tag(const char *k)
{
    static const char *const own[] = {
        "Result", "Ruleset", "Variant", "Game", "Notation", "Format", "SetUp", "FEN",
        "Param", "Ply", "PlyCount", "Termination", NULL,
    };
    for (int i = 0; own[i]; i++)
        if (!strcmp(k, own[i])) return true;
    return false;
}

/* The value src keeps for tag k, or NULL. */
static const char *kept(const qp_record *src, const char *k)
{
    for (int i = 0; src && i < src->nkeep; i++)
        if (!strcmp(src->keep_key[i], k)) return src->keep_val[i];
    return NULL;
}

void qp_record_today(char *buf, size_t n)
{
    time_t now = time(NULL);
    struct tm tm;
    if (!localtime_r(&now, &tm) || !strftime(buf, n, "%Y.%m.%d", &tm)) snprintf(buf, n, "????.??.??");
}

/* A walk over a record's variations from the positions they branch off:
 * each move is read (and, with a notation, written in it); the first
 * that does not read is named in warn and the rest of its line kept as
 * written. */
typedef struct var_walk {
    const qp_rules *r;
    const char *hint;
    qp_vars *v;
    const char *notation;   /* NULL: only check */
    int bad;
    char *warn;
    size_t warnn;
} var_walk;

int qp_record_read_move(const qp_rules *r, const void *s, const char *text, const char *hint, qp_move *m,
                        char *e, size_t en)
{
    const qp_ruleset *rs = r->rs;
    return rs->notation_parse ? rs->notation_parse(r, s, text, hint, m, e, en) : rs->move_parse(r, s, text, m, e, en);
}

int qp_record_shared(const qp_record *src, const qp_game *g)
{
    const qp_rules *r = g->r;
    void *t = src && src->moves ? qp_state_new(r) : NULL;
    if (!t) return 0;
    memcpy(t, g->start, r->state_size);
    int shared = 0;
    while (shared < g->len && shared < src->nmoves) {
        qp_move m;
        char e[QP_ERR];
        if (qp_record_read_move(r, t, src->moves[shared], src->hint[0] ? src->hint : NULL, &m, e, sizeof e) ||
            m != g->rec[shared])
            break;
        r->rs->make(r, t, m, NULL);
        shared++;
    }
    free(t);
    return shared;
}

static void walk_line(var_walk *w, const void *s, int k, int ply, int depth)
{
    const qp_rules *r = w->r;
    void *t = qp_state_new(r);
    if (!t) {
        w->bad++;
        return;
    }
    memcpy(t, s, r->state_size);
    for (int first = k; k >= 0; k = w->v->node[k].next, ply++) {
        qp_var_node *nd = &w->v->node[k];
        if (k != first && depth < QP_VAR_DEPTH)
            for (int a = nd->alt; a >= 0; a = w->v->node[a].alt) walk_line(w, t, a, ply, depth + 1);
        qp_move m;
        char e[QP_ERR], mt[QP_MOVE_TEXT * 2];
        qp_outcome o;
        r->rs->outcome(r, t, &o);
        int rc = o.result != QP_ONGOING ? (snprintf(e, sizeof e, "illegal: the game is over (%s)", o.reason), -1)
                                        : qp_record_read_move(r, t, nd->text, w->hint, &m, e, sizeof e);
        if (rc) {
            if (!w->bad++) {   /* after what the reader said, if anything */
                size_t k = strlen(w->warn);
                snprintf(w->warn + k, w->warnn - k, "%sa variation at ply %d: move '%s': %s (kept as written)",
                         k ? "; " : "", ply + 1, nd->text, e);
            }
            break;
        }
        if (w->notation) {
            bool coord = !strcmp(w->notation, QP_NOTATION_COORD);
            int wr = 0;
            if (coord) r->rs->move_text(r, t, m, mt, sizeof mt);
            else wr = r->rs->notation_text(r, t, m, w->notation, mt, sizeof mt);
            if (!wr && strlen(mt) < QP_MOVE_TEXT) strcpy(nd->text, mt);
        }
        r->rs->make(r, t, m, NULL);
    }
    free(t);
}

/* Walks the variations branching off the first n moves of g. */
static void walk_variations(var_walk *w, const qp_game *g, const int *alt, int n)
{
    const qp_rules *r = g->r;
    void *t = qp_state_new(r);
    if (!t) {
        w->bad++;
        return;
    }
    memcpy(t, g->start, r->state_size);
    for (int i = 0; i < n; i++) {
        for (int a = alt[i]; a >= 0; a = w->v->node[a].alt) walk_line(w, t, a, i, 1);
        r->rs->make(r, t, g->rec[i], NULL);
    }
    free(t);
}

int qp_record_check_variations(qp_record *rec, const qp_game *g)
{
    if (!rec->alt) return 0;
    var_walk w = {g->r, rec->hint[0] ? rec->hint : NULL, &rec->vars, NULL, 0, rec->warning, sizeof rec->warning};
    walk_variations(&w, g, rec->alt, g->len < rec->nmoves ? g->len : rec->nmoves);
    return w.bad;
}

char *qp_record_text(const qp_game *g, const char *notation, size_t *len, char *err, size_t errn)
{
    return qp_record_text_from(g, notation, NULL, len, err, errn);
}

char *qp_record_text_from(const qp_game *g, const char *notation, const qp_record *src, size_t *len,
                          char *err, size_t errn)
{
    const qp_rules *r = g->r;
    const qp_ruleset *rs = r->rs;
    bool coord = !notation || !strcmp(notation, QP_NOTATION_COORD);
    if (!coord && !rs->notation_text) {
        snprintf(err, errn, "%s has no %s notation", rs->name, notation);
        return NULL;
    }
    qp_pgn p;
    qp_pgn_init(&p);
    char date[32], text[128];
    qp_record_today(date, sizeof date);
    qp_outcome o;
    qp_game_final_outcome(g, &o);   /* of the whole record, not the viewed ply */
    /* A result the position does not show (agreement, time) comes from
     * the record read, with its reason. */
    const char *token = outcome_token(&o), *claim = src ? qp_record_claim(src) : NULL;
    const char *reason = NULL;
    qp_outcome po;
    position_outcome(g, &po);
    if (claim && g->len == src->nmoves && po.result == QP_ONGOING) {
        token = claim;
        if (src->termination[0]) reason = src->termination;
    }
    int bad = 0;
    static const char *const roster[] = {"Event", "Site", "Date", "Round", NULL};
    for (int i = 0; roster[i]; i++) {
        const char *v = kept(src, roster[i]);
        /* a game read from a record without a date has an unknown one */
        const char *def = i != 2 ? "?" : src ? "????.??.??" : date;
        bad |= qp_pgn_add_tag(&p, roster[i], v ? v : def, NULL);
    }
    /* Red/Black is the Xiangqi world's spelling of White/Black */
    const char *white = kept(src, "Red") ? "Red" : r->nsides == 1 ? "Player" : "White";
    bad |= qp_pgn_add_tag(&p, white, kept(src, white) ? kept(src, white) : "?", NULL);
    if (r->nsides == 2) bad |= qp_pgn_add_tag(&p, "Black", kept(src, "Black") ? kept(src, "Black") : "?", NULL);
    for (int i = 0; src && i < src->nkeep; i++) {
        const char *k = src->keep_key[i];
        bool done = !strcmp(k, white) || !strcmp(k, "Black");
        for (int j = 0; roster[j]; j++) done |= !strcmp(k, roster[j]);
        if (!done) bad |= qp_pgn_add_tag(&p, k, src->keep_val[i], NULL);
    }
    bad |= qp_pgn_add_tag(&p, "Result", token, NULL);
    if (!coord) bad |= qp_pgn_add_tag(&p, "Notation", notation, NULL);
    if (g->start_fen[0]) {
        bad |= qp_pgn_add_tag(&p, "SetUp", "1", NULL);
        bad |= qp_pgn_add_tag(&p, "FEN", g->start_fen, NULL);
    }
    for (int i = 0; i < r->params.n; i++) {
        const qp_param_val *v = &r->params.v[i];
        if (!qp_param_is_default(v)) bad |= qp_pgn_add_tag(&p, "Param", v->def->key, v->text);
    }
    if (g->cursor != g->len) {
        snprintf(text, sizeof text, "%d", g->cursor);
        bad |= qp_pgn_add_tag(&p, "Ply", text, NULL);
    }
    snprintf(text, sizeof text, "%d", g->len);
    bad |= qp_pgn_add_tag(&p, "PlyCount", text, NULL);
    if (reason) {
        bad |= qp_pgn_add_tag(&p, "Termination", reason, NULL);
    } else if (o.result != QP_ONGOING) {
        outcome_text(r, &o, text, sizeof text);
        bad |= qp_pgn_add_tag(&p, "Termination", text, NULL);
    }
    /* The tags that name the game come last: a file cut anywhere before
     * them is no record, and one cut after them has [PlyCount] to check. */
    bad |= qp_pgn_add_tag(&p, "Ruleset", rs->name, NULL);
    /* Other programs know the game by these (Xiangqi tools tell the two
     * worlds' coordinates apart by them) */
    if (coord && rs->record_variant) bad |= qp_pgn_add_tag(&p, "Variant", rs->record_variant, NULL);
    if (!coord && rs->record_game) bad |= qp_pgn_add_tag(&p, "Game", rs->record_game, NULL);
    snprintf(p.result, sizeof p.result, "%s", token);

    /* Moves: texts come from the position before each move. */
    void *s = qp_state_new(r);
    if (!s) bad = 1;
    else memcpy(s, g->start, r->state_size);
    int first = s ? rs->side_to_move(r, s) : 0;
    for (int i = 0; s && i < g->len && !bad; i++) {
        char mt[QP_MOVE_TEXT * 2];
        if (coord) {
            rs->move_text(r, s, g->rec[i], mt, sizeof mt);
        } else if (rs->notation_text(r, s, g->rec[i], notation, mt, sizeof mt)) {
            snprintf(err, errn, "%s has no %s notation", rs->name, notation);
            free(s);
            qp_pgn_free(&p);
            return NULL;
        }
        bad |= qp_pgn_add_move(&p, mt, 0, 0);
        rs->make(r, s, g->rec[i], NULL);
    }
    /* The record's comments, while g's moves are the record's (a game
     * played on from it keeps those of the moves they share). */
    int shared = src && (src->comments || src->nags || src->alt) ? qp_record_shared(src, g) : 0;
    if (src && src->comments && src->comments[0] && !(p.comment0 = strdup(src->comments[0]))) bad = 1;
    for (int i = 0; src && src->comments && i < shared && i < p.nmoves && !bad; i++)
        if (src->comments[i + 1] && !(p.moves[i].comment = strdup(src->comments[i + 1]))) bad = 1;
    /* its NAGs and variations too, in the notation written */
    if (src && src->nags && src->nags[0] && !(p.nags0 = strdup(src->nags[0]))) bad = 1;
    for (int i = 0; src && src->nags && i < shared && i < p.nmoves && !bad; i++)
        if (src->nags[i + 1] && !(p.moves[i].nags = strdup(src->nags[i + 1]))) bad = 1;
    if (src && src->alt && shared && !bad) {
        if (qp_vars_copy(&p.vars, &src->vars)) {
            bad = 1;
        } else {
            char warn[QP_ERR];
            var_walk w = {r, src->hint[0] ? src->hint : NULL, &p.vars, coord ? QP_NOTATION_COORD : notation,
                          0, warn, sizeof warn};
            walk_variations(&w, g, src->alt, shared);
            for (int i = 0; i < shared; i++) p.moves[i].alt = src->alt[i];
        }
    }
    free(s);
    /* FEN's full-move number would be the natural start; 1 keeps files
     * from different positions alike, as most Xiangqi tools do. */
    char *out = bad ? NULL : qp_pgn_write(&p, 1, r->nsides == 2 && first == 1, r->nsides == 1, len);
    qp_pgn_free(&p);
    if (!out) snprintf(err, errn, "out of memory");
    return out;
}

int qp_record_save_as(const qp_game *g, const char *path, const char *notation, char *err,
                      size_t errn)
{
    size_t len;
    char *text = qp_record_text(g, notation, &len, err, errn);
    if (!text) return -1;
    int rc = qp_file_save(path, text, len, err, errn);
    free(text);
    return rc;
}

int qp_record_save(const qp_game *g, const char *path, char *err, size_t errn)
{
    return qp_record_save_as(g, path, NULL, err, errn);
}

/* Appends text to entry i of *list (nmoves + 1 entries, made on first use). */
static int record_text(char ***list, int nmoves, int i, const char *text)
{
    if (i < 0 || i > nmoves) return -1;
    if (!*list) {
        *list = calloc((size_t)nmoves + 1, sizeof **list);
        if (!*list) return -1;
    }
    return qp_text_append(&(*list)[i], text);
}

int qp_record_nags(qp_record *rec, int i, const char *text)
{
    return record_text(&rec->nags, rec->nmoves, i, text);
}

int qp_record_keep_given(qp_record *rec, const char *key, const char *val)
{
    return *val ? qp_record_keep(rec, key, val) : 0;
}

int qp_record_keep(qp_record *rec, const char *key, const char *val)
{
    int k = rec->nkeep;
    for (int j = 0; j < rec->nkeep; j++)
        if (!strcmp(rec->keep_key[j], key)) k = j;
    if (k >= QP_RECORD_KEEP) return -1;
    size_t n = strlen(val), cap = sizeof rec->keep_val[0] - 1;
    if (n > cap) {
        n = cap;
        while (n > 0 && ((unsigned char)val[n] & 0xC0) == 0x80) n--;   /* not inside a character */
    }
    snprintf(rec->keep_key[k], sizeof rec->keep_key[0], "%s", key);
    char *v = rec->keep_val[k];
    memcpy(v, val, n);
    v[n] = 0;
    for (; *v; v++)   /* a tag is one line */
        if ((unsigned char)*v < 0x20) *v = ' ';
    if (k == rec->nkeep) rec->nkeep++;
    return 0;
}

int qp_record_comment(qp_record *rec, int i, const char *text)
{
    if (i < 0 || i > rec->nmoves) return -1;
    if (!rec->comments) {
        rec->comments = calloc((size_t)rec->nmoves + 1, sizeof *rec->comments);
        if (!rec->comments) return -1;
    }
    char *old = rec->comments[i];
    size_t a = old ? strlen(old) : 0, b = strlen(text);
    char *c = malloc(a + b + 2);
    if (!c) return -1;
    if (old) {
        memcpy(c, old, a);
        c[a++] = ' ';
    }
    memcpy(c + a, text, b + 1);
    free(old);
    rec->comments[i] = c;
    return 0;
}

void qp_record_free(qp_record *rec)
{
    if (rec->comments)
        for (int i = 0; i <= rec->nmoves; i++) free(rec->comments[i]);
    free(rec->comments);
    rec->comments = NULL;
    if (rec->nags)
        for (int i = 0; i <= rec->nmoves; i++) free(rec->nags[i]);
    free(rec->nags);
    rec->nags = NULL;
    free(rec->alt);
    rec->alt = NULL;
    qp_vars_free(&rec->vars);
    free(rec->moves);
    free(rec->move_line);
    free(rec->move_col);
    rec->moves = NULL;
    rec->move_line = rec->move_col = NULL;
    rec->nmoves = 0;
}

/* The game a PGN names: qipan's own tag, else [Variant] (as
 * Fairy-Stockfish writes), else [Game] (as the Xiangqi world writes: the
 * game's name or a collection's title), which the registry resolves. */
static void find_ruleset(const qp_pgn *p, qp_record *rec)
{
    const qp_pgn_tag *t;
    if ((t = qp_pgn_find(p, "Ruleset"))) {
        snprintf(rec->ruleset, sizeof rec->ruleset, "%s", t->val);
    } else if ((t = qp_pgn_find(p, "Variant"))) {
        snprintf(rec->ruleset, sizeof rec->ruleset, "%s", t->val);
        for (char *c = rec->ruleset; *c; c++) *c = (char)tolower((unsigned char)*c);
    } else if ((t = qp_pgn_find(p, "Game")) && strcasecmp(t->val, "chess")) {
        snprintf(rec->game, sizeof rec->game, "%s", t->val);
    }
}

const qp_ruleset *qp_record_ruleset(const qp_record *rec, const qp_registry *reg)
{
    if (rec->ruleset[0]) {
        const qp_ruleset *rs = qp_registry_find(reg, rec->ruleset);
        for (int i = 0; !rs && i < reg->n; i++)
            if (reg->rs[i]->record_variant && !strcasecmp(reg->rs[i]->record_variant, rec->ruleset))
                rs = reg->rs[i];
        return rs;
    }
    if (!rec->game[0]) return NULL;
    for (int i = 0; i < reg->n; i++)
        if (reg->rs[i]->record_game && !strcasecmp(reg->rs[i]->record_game, rec->game)) return reg->rs[i];
    for (int i = 0; i < reg->n; i++)
        if (reg->rs[i]->record_game_any) return reg->rs[i];
    return NULL;
}

/* Names game n in msg, a message about file name ("NAME:L:C: why"
 * becomes "NAME:L:C: game n: why"); n 0 leaves it. */
void qp_record_name_game(char *msg, size_t n, const char *name, int game)
{
    size_t k = strlen(name);
    if (game <= 0 || strncmp(msg, name, k)) return;
    for (int i = 0; i < 2 && msg[k] == ':' && isdigit((unsigned char)msg[k + 1]); i++) {
        k++;
        while (isdigit((unsigned char)msg[k])) k++;
    }
    if (msg[k] == ':') k++;
    if (msg[k] == ' ') k++;
    char rest[QP_ERR * 2];
    snprintf(rest, sizeof rest, "%s", msg + k);
    if (k >= n) return;
    snprintf(msg + k, n - k, "game %d: %s", game, rest);
}

static int record_from_pgn(qp_record *rec, const char *name, qp_pgn *pp, char *err, size_t errn);

void qp_record_summary(const qp_record *rec, int n, char *buf, size_t len)
{
    const char *red = kept(rec, "Red"), *black = kept(rec, "Black"), *claim = qp_record_claim(rec);
    if (!red) red = kept(rec, "White");
    snprintf(buf, len, "%d. %s - %s, %s, %s, %d %s", n, red ? red : "?", black ? black : "?",
             claim ? claim : "*", rec->date[0] ? rec->date : "????.??.??", rec->nmoves,
             rec->nmoves == 1 ? "ply" : "plies");
}

int qp_record_parse(qp_record *rec, const char *name, const char *raw, size_t rawlen, char *err,
                    size_t errn)
{
    return qp_record_parse_game(rec, name, raw, rawlen, 1, err, errn);
}

/* The decoded text's games, read one after the other. */
static int decode(const char *name, const char *raw, size_t rawlen, char **text, size_t *len, char *err,
                  size_t errn)
{
    char e[QP_ERR];
    if (qp_text_decode((const unsigned char *)raw, rawlen, text, len, NULL, NULL, e, sizeof e)) {
        snprintf(err, errn, "%s: %s", name, e);
        return -1;
    }
    return 0;
}

int qp_record_begin(qp_record *rec, const char *name, const unsigned char *data, size_t len, char **text,
                    size_t *tlen, char *err, size_t errn)
{
    memset(rec, 0, sizeof *rec);
    rec->ply = rec->plycount = -1;
    return text ? decode(name, (const char *)data, len, text, tlen, err, errn) : 0;
}

int qp_record_adopt(qp_record *rec, int n, char (**moves)[QP_MOVE_TEXT], int **line, int **col, char ***comments)
{
    rec->nmoves = n;
    /* never NULL, even without moves: readers of rec index them freely */
    rec->moves = *moves ? *moves : malloc(sizeof *rec->moves);
    rec->move_line = *line ? *line : calloc((size_t)n + 1, sizeof *rec->move_line);
    rec->move_col = *col ? *col : calloc((size_t)n + 1, sizeof *rec->move_col);
    *moves = NULL;
    *line = *col = NULL;
    bool any = false;
    for (int i = 0; *comments && i <= n; i++) any |= (*comments)[i] != NULL;
    if (any) rec->comments = *comments;
    else free(*comments);
    *comments = NULL;
    return rec->moves && rec->move_line && rec->move_col ? 0 : -1;
}

/* Reads the next game of text into rec; 1 when none is left. */
static int next_game(qp_record *rec, const char *name, const char *text, size_t len, qp_pgn_pos *at, int game,
                     char *err, size_t errn)
{
    qp_pgn p;
    char e[QP_ERR];
    qp_record_begin(rec, name, NULL, 0, NULL, NULL, err, errn);
    int rc = qp_pgn_read_next(&p, text, len, at, e, sizeof e);
    if (rc) {
        if (rc > 0) return 1;
        snprintf(err, errn, "%s:%s", name, e);
        qp_record_name_game(err, errn, name, game > 1 ? game : 0);   /* is game 1 one of many? unknown */
        return -1;
    }
    /* a file of many games names them: is there another after this one? */
    qp_pgn q;
    qp_pgn_pos look = *at;
    int more = qp_pgn_read_next(&q, text, len, &look, e, sizeof e);
    qp_pgn_free(&q);
    if (game == 1 && more == 1) game = 0;
    rec->game_no = game;
    rc = record_from_pgn(rec, name, &p, err, errn);
    qp_pgn_free(&p);
    if (rc) qp_record_name_game(err, errn, name, game);
    /* text after the last game that is no game: said, not read */
    if (!rc && more == 1 && look.trailer) {
        size_t k = strlen(rec->warning);
        snprintf(rec->warning + k, sizeof rec->warning - k, "%sline %d on: text after the last game, not a game",
                 k ? "; " : "", look.trailer);
    }
    return rc;
}

int qp_record_parse_game(qp_record *rec, const char *name, const char *raw, size_t rawlen, int n, char *err,
                         size_t errn)
{
    char *text;
    size_t len;
    if (qp_record_begin(rec, name, (const unsigned char *)raw, rawlen, &text, &len, err, errn)) return -1;
    qp_pgn_pos at = {0, 0, 0, 0};
    int rc = 0;
    for (int i = 1; i <= n; i++) {
        if (i > 1) qp_record_free(rec);
        rc = next_game(rec, name, text, len, &at, i, err, errn);
        if (rc > 0) {
            snprintf(err, errn, "%s: no game %d (the file holds %d)", name, n, i - 1);
            rc = -1;
        }
        if (rc) break;
    }
    free(text);
    return rc;
}

int qp_record_each(const char *name, const char *raw, size_t rawlen, int (*each)(qp_record *rec, void *ctx),
                   void *ctx, char *err, size_t errn)
{
    char *text;
    size_t len;
    if (decode(name, raw, rawlen, &text, &len, err, errn)) return -1;
    qp_pgn_pos at = {0, 0, 0, 0};
    int n = 0;
    for (;;) {
        qp_record rec;
        int rc = next_game(&rec, name, text, len, &at, n + 1, err, errn);
        if (rc > 0) break;
        if (rc < 0 || each(&rec, ctx)) {
            n = -1;
            break;
        }
        n++;
    }
    free(text);
    return n;
}

static int record_from_pgn(qp_record *rec, const char *name, qp_pgn *pp, char *err, size_t errn)
{
    qp_pgn p = *pp;   /* the caller frees it; the record takes its variations */
    find_ruleset(&p, rec);
    if (!rec->ruleset[0] && !rec->game[0]) {
        snprintf(err, errn, "%s: not a record qipan knows (no [Ruleset], [Variant] or [Game] tag)", name);
        goto fail;
    }
    int dropped = 0;   /* tags past what a record keeps, or cut short */
    for (int i = 0; i < p.ntags; i++) {
        const qp_pgn_tag *t = &p.tags[i];
        if (!strcmp(t->key, "Param")) {
            if (rec->nparams >= QP_MAX_PARAMS || !t->val2) {
                snprintf(err, errn, "%s:%d: %s", name, t->line,
                         t->val2 ? "too many Param tags" : "a Param tag needs a key and a value");
                goto fail;
            }
            snprintf(rec->pkey[rec->nparams], sizeof rec->pkey[0], "%s", t->val);
            snprintf(rec->pval[rec->nparams], sizeof rec->pval[0], "%s", t->val2);
            rec->nparams++;
        } else if (!strcmp(t->key, "Date")) {
            snprintf(rec->date, sizeof rec->date, "%s", t->val);
        } else if (!strcmp(t->key, "Result")) {
            snprintf(rec->result, sizeof rec->result, "%s", t->val);
        } else if (!strcmp(t->key, "Termination")) {
            snprintf(rec->termination, sizeof rec->termination, "%s", t->val);
        } else if (!strcmp(t->key, "FEN")) {
            snprintf(rec->fen, sizeof rec->fen, "%s", t->val);
            /* The Chinese world writes Red to move as "r" */
            char *sp = strchr(rec->fen, ' ');
            if (sp && (sp[1] == 'r' || sp[1] == 'R') && (!sp[2] || sp[2] == ' ')) sp[1] = 'w';
        } else if (!strcmp(t->key, "Ply") || !strcmp(t->key, "PlyCount")) {
            char *end;
            long v = strtol(t->val, &end, 10);
            if (!*t->val || *end || v < 0 || v > INT_MAX) {
                snprintf(err, errn, "%s:%d: bad %s '%s'", name, t->line, t->key, t->val);
                goto fail;
            }
            if (t->key[3]) rec->plycount = (int)v;
            else rec->ply = (int)v;
        } else if (!strcmp(t->key, "Notation") || !strcmp(t->key, "Format")) {
            if (!strcasecmp(t->val, "iccs")) snprintf(rec->hint, sizeof rec->hint, "iccs");
        }
        if (!own_tag(t->key) && (rec->nkeep == QP_RECORD_KEEP || strlen(t->key) >= sizeof rec->keep_key[0] ||
                                 strlen(t->val) >= sizeof rec->keep_val[0])) {
            bool known = false;   /* a repeated tag replaces its value */
            for (int j = 0; j < rec->nkeep; j++) known |= !strcmp(rec->keep_key[j], t->key);
            if (!known || strlen(t->val) >= sizeof rec->keep_val[0]) dropped++;
        }
        if (!own_tag(t->key) && rec->nkeep < QP_RECORD_KEEP && strlen(t->key) < sizeof rec->keep_key[0]) {
            int k = rec->nkeep;
            for (int j = 0; j < rec->nkeep; j++)   /* a repeated tag: the last one wins */
                if (!strcmp(rec->keep_key[j], t->key)) k = j;
            snprintf(rec->keep_key[k], sizeof rec->keep_key[0], "%s", t->key);
            snprintf(rec->keep_val[k], sizeof rec->keep_val[0], "%s", t->val);
            if (k == rec->nkeep) rec->nkeep++;
        }
    }
    if (dropped)
        snprintf(rec->warning, sizeof rec->warning, "%d tag%s not kept whole (a record keeps %d tags of %zu bytes)",
                 dropped, dropped == 1 ? "" : "s", QP_RECORD_KEEP, sizeof rec->keep_val[0] - 1);
    /* The Chinese world's PGN writes coordinates as ICCS */
    if (!rec->hint[0] && qp_pgn_find(&p, "Game") && !qp_pgn_find(&p, "Variant") &&
        !qp_pgn_find(&p, "Ruleset"))
        snprintf(rec->hint, sizeof rec->hint, "iccs");
    snprintf(rec->end, sizeof rec->end, "%s", p.result);
    /* SAN as XBoard writes it counts ranks 0-9: a move to rank 0 and none
     * to rank 10 says so for the whole game (per move, a rank 1-9 reads
     * both ways) */
    if (!rec->hint[0]) {
        bool zero = false, ten = false;
        for (int i = 0; i < p.nmoves; i++) {
            const char *m = p.moves[i].text;
            size_t n = strlen(m);
            if (n < 2 || n > 8 || !strchr("KAEBHNRCP", m[0]) || m[1] < 'a' || m[1] > 'i') continue;
            if (m[n - 1] == '0' && m[n - 2] >= 'a' && m[n - 2] <= 'i') zero = true;
            if (n >= 3 && m[n - 1] == '0' && m[n - 2] == '1' && m[n - 3] >= 'a' && m[n - 3] <= 'i') ten = true;
        }
        if (zero && !ten) snprintf(rec->hint, sizeof rec->hint, "iccs");
    }

    rec->moves = malloc(sizeof *rec->moves * (size_t)(p.nmoves + 1));
    rec->move_line = malloc(sizeof *rec->move_line * (size_t)(p.nmoves + 1));
    rec->move_col = malloc(sizeof *rec->move_col * (size_t)(p.nmoves + 1));
    if (!rec->moves || !rec->move_line || !rec->move_col) {
        snprintf(err, errn, "%s: out of memory", name);
        goto fail;
    }
    for (int i = 0; i < p.nmoves; i++) {
        const qp_pgn_move *m = &p.moves[i];
        if (strlen(m->text) >= QP_MOVE_TEXT) {
            snprintf(err, errn, "%s:%d:%d: move %d '%.40s': unreadable: too long", name, m->line,
                     m->col, i + 1, m->text);
            goto fail;
        }
        snprintf(rec->moves[i], QP_MOVE_TEXT, "%s", m->text);
        rec->move_line[i] = m->line;
        rec->move_col[i] = m->col;
        rec->nmoves++;
    }
    for (int i = 0; i <= p.nmoves; i++) {
        const char *c = i ? p.moves[i - 1].comment : p.comment0;
        const char *g = i ? p.moves[i - 1].nags : p.nags0;
        if ((c && qp_record_comment(rec, i, c)) || (g && qp_record_nags(rec, i, g))) {
            snprintf(err, errn, "%s: out of memory", name);
            goto fail;
        }
    }
    if (p.vars.n) {   /* the variations move to the record */
        rec->alt = malloc(sizeof *rec->alt * (size_t)(p.nmoves + 1));
        if (!rec->alt) {
            snprintf(err, errn, "%s: out of memory", name);
            goto fail;
        }
        for (int i = 0; i < p.nmoves; i++) rec->alt[i] = p.moves[i].alt;
        rec->vars = pp->vars;
        memset(&pp->vars, 0, sizeof pp->vars);
    }

    /* Integrity: a record that counts its moves or says the game ended
     * must end with its result token (qipan's older saves and many
     * collections of unfinished games have neither). */
    bool ended = !strcmp(rec->result, "1-0") || !strcmp(rec->result, "0-1") ||
                 !strcmp(rec->result, "1/2-1/2");
    if (rec->plycount >= 0 && rec->nmoves < rec->plycount) {
        snprintf(err, errn, "%s: truncated: %d of the %d moves of [PlyCount]", name, rec->nmoves,
                 rec->plycount);
        goto fail;
    }
    if (!p.result[0] && (ended || rec->plycount >= 0)) {
        snprintf(err, errn, "%s:%d:%d: truncated: no result token (1-0, 0-1, 1/2-1/2 or *) at the end",
                 name, p.end_line, p.end_col);
        goto fail;
    }
    if (rec->plycount >= 0 && rec->nmoves > rec->plycount) {
        snprintf(err, errn, "%s: inconsistent: %d moves but [PlyCount] says %d", name, rec->nmoves,
                 rec->plycount);
        goto fail;
    }
    if (p.result[0] && qp_pgn_is_result(rec->result) && strcmp(p.result, rec->result)) {
        snprintf(err, errn, "%s:%d:%d: inconsistent: the moves end with %s but [Result] is %s", name,
                 p.result_line, p.result_col, p.result, rec->result);
        goto fail;
    }
    return 0;
fail:
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

/* The side a "NAME wins: resignation" text names as winner, or -1. */
static int resignation_winner(const qp_rules *r, const char *text)
{
    const char *res = strstr(text, " wins: resignation");
    if (!res || r->nsides != 2) return -1;
    for (int s = 0; s < 2; s++) {
        const char *name = qp_side_name(r, s);
        if ((size_t)(res - text) == strlen(name) && !strncmp(text, name, strlen(name))) return s;
    }
    return -1;
}

const char *qp_record_claim(const qp_record *rec)
{
    return rec->end[0] ? rec->end : qp_pgn_is_result(rec->result) ? rec->result : NULL;
}

int qp_record_replay(const qp_record *rec, qp_game *g, char *err, size_t errn)
{
    const qp_ruleset *rs = g->r->rs;
    for (int i = 0; i < rec->nmoves; i++) {
        char e[QP_ERR];
        qp_outcome o;
        qp_move m;
        rs->outcome(g->r, g->cur, &o);   /* the position's own end, see position_outcome */
        int rc = -1;
        if (o.result != QP_ONGOING)
            snprintf(e, sizeof e, "illegal: the game is over (%s)", o.reason);
        else if (rs->notation_parse)
            rc = rs->notation_parse(g->r, g->cur, rec->moves[i], rec->hint[0] ? rec->hint : NULL,
                                    &m, e, sizeof e);
        else
            rc = rs->move_parse(g->r, g->cur, rec->moves[i], &m, e, sizeof e);
        if (rc) {
            if (rec->move_line && rec->move_line[i] > 0)
                snprintf(err, errn, "%d:%d: move %d '%s': %s", rec->move_line[i], rec->move_col[i], i + 1,
                         rec->moves[i], e);
            else   /* a binary format's move has no line */
                snprintf(err, errn, "move %d '%s': %s", i + 1, rec->moves[i], e);
            return -1;
        }
        qp_game_play(g, m);
    }
    /* A resignation leaves no move behind: restore it from the result. */
    int w = resignation_winner(g->r, rec->termination);
    if (w < 0) w = resignation_winner(g->r, rec->result);
    if (w >= 0) g->resigned = 1 - w;

    /* The result must agree with the position the moves reach. */
    const char *claim = qp_record_claim(rec);
    bool decided_claim = claim && strcmp(claim, "*");
    qp_outcome o, all;
    position_outcome(g, &o);
    qp_game_final_outcome(g, &all);
    /* A win neither the position nor the history rules show is a
     * resignation (or a loss on time: the game layer knows only
     * resignations). */
    if (decided_claim && o.result == QP_ONGOING && g->r->nsides == 2 && g->resigned < 0 &&
        strcmp(claim, outcome_token(&all)) && (!strcmp(claim, "1-0") || !strcmp(claim, "0-1")))
        g->resigned = claim[0] == '1' ? 1 : 0;
    if (decided_claim && o.result != QP_ONGOING && strcmp(claim, outcome_token(&o))) {
        char why[128];
        outcome_text(g->r, &o, why, sizeof why);
        snprintf(err, errn, "inconsistent: the moves end in %s (%s) but the result is %s", why,
                 outcome_token(&o), claim);
        return -1;
    }
    if (rec->ply >= 0) {
        if (rec->ply > g->len) {
            snprintf(err, errn, "Ply %d is past the last move (%d)", rec->ply, g->len);
            return -1;
        }
        qp_game_goto(g, rec->ply);
    }
    return 0;
}
