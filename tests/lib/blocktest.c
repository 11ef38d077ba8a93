/*
 * blocktest.c — shared helpers of the game suites (see blocktest.h).
 */
#include "blocktest.h"
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_ruleset.h"
#include "why.h"

void *bt_pos_at(const qp_rules *r, const char *fen)
{
    void *s = qp_state_new(r);
    char err[QP_ERR];
    if (fen) {
        if (r->rs->fen_parse(r, s, fen, err, sizeof err)) fail_msg("%s: FEN %s: %s", r->rs->name, fen, err);
    } else {
        r->rs->setup(r, s);
    }
    return s;
}

void bt_status_text(const qp_rules *r, const void *s, char *buf, size_t n)
{
    qp_outcome o;
    r->rs->outcome(r, s, &o);
    if (o.result == QP_ONGOING) snprintf(buf, n, "ongoing");
    else if (o.result == QP_WIN && r->nsides == 1) snprintf(buf, n, "%s: %s", o.winner ? "failed" : "solved", o.reason);
    else if (o.result == QP_WIN) snprintf(buf, n, "%s wins: %s", qp_side_name(r, o.winner), o.reason);
    else snprintf(buf, n, "draw: %s", o.reason);
}

void bt_play(const qp_rules *r, void *s, const char *moves)
{
    char buf[1024], err[QP_ERR];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        qp_move m;
        if (r->rs->move_parse(r, s, t, &m, err, sizeof err)) fail_msg("%s: %s: %s", r->rs->name, t, err);
        r->rs->make(r, s, m, NULL);
    }
}

bool bt_play_both(const qp_rules *a, void *sa, const qp_rules *b, void *sb, const char *texts, uint64_t *seed)
{
    size_t n = *texts ? 1 : 0;
    for (const char *p = texts; *p; p++) n += *p == ' ';
    if (!n) return false;
    *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
    size_t k = (*seed >> 33) % n;
    const char *t = texts;
    for (size_t j = 0; j < k; j++) t = strchr(t, ' ') + 1;
    char mv[QP_MOVE_TEXT];
    snprintf(mv, sizeof mv, "%.*s", (int)strcspn(t, " "), t);
    bt_play(a, sa, mv);
    bt_play(b, sb, mv);
    return true;
}

const char *bt_refusal(const qp_rules *r, const void *s, const char *text)
{
    static char err[QP_ERR];
    qp_move m;
    err[0] = 0;
    if (!r->rs->move_parse(r, s, text, &m, err, sizeof err)) return "";
    return err;
}

const char *bt_marks(const qp_rules *r, const char *fen, const char *text)
{
    static char out[512];
    void *s = bt_pos_at(r, fen);
    qp_move m;
    char err[QP_ERR], nm[8];
    if (r->rs->move_parse(r, s, text, &m, err, sizeof err)) fail_msg("%s: %s: %s", r->rs->name, text, err);
    int pts[64], np, n = qp_move_marks(r, s, m, pts, 64, &np);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        qp_sq_name(&r->geom, pts[i], nm);
        size_t len = strlen(out);
        snprintf(out + len, sizeof out - len, "%s%s%s", i == np ? " |" : "", len ? " " : "", nm);
    }
    free(s);
    return out;
}

void bt_assert_fen(const qp_rules *r, const void *s, const char *want)
{
    char fen[1024];
    r->rs->fen_print(r, s, fen, sizeof fen);
    assert_string_equal(fen, want);
}

int bt_check_bad_games(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) fail_msg("%s: cannot open", dir);
    int checked = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua")) continue;
        char path[1024], line[512], want[1536], err[QP_ERR] = "";
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) fail_msg("%s: cannot open", path);
        if (!fgets(line, sizeof line, f)) line[0] = 0;
        fclose(f);
        line[strcspn(line, "\n")] = 0;
        if (strncmp(line, "-- error: ", 10)) fail_msg("%s: line 1 must be '-- error: TEXT'", path);
        snprintf(want, sizeof want, "%s%s", path, line + 10);
        qp_ruleset *rs = qp_lua_ruleset_load(path, err, sizeof err);
        if (rs) fail_msg("%s loaded", path);
        if (strcmp(err, want)) fail_msg("'%s', expected '%s'", err, want);
        checked++;
    }
    closedir(d);
    return checked;
}

void bt_check_plays(qp_registry *reg, const bt_play_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const bt_play_case *c = &cases[i];
        qp_rules *r = tu_rules_with(reg, c->game, c->params);
        void *s = bt_pos_at(r, c->fen);
        bt_play(r, s, c->moves);
        char fen[256], status[128];
        r->rs->fen_print(r, s, fen, sizeof fen);
        if (strcmp(fen, c->after)) fail_msg("%s %s: '%s', expected '%s'", c->game, c->moves, fen, c->after);
        bt_status_text(r, s, status, sizeof status);
        if (strcmp(status, c->status)) fail_msg("%s %s: '%s', expected '%s'", c->game, c->moves, status, c->status);
        free(s);
        qp_rules_free(r);
    }
}

void bt_check_fen_round_trips(const qp_rules *r, const char *name, int games, int plies, uint64_t *seed)
{
    void *s = qp_state_new(r), *t = qp_state_new(r);
    char fen[1024], fen2[1024], err[QP_ERR];
    for (int game = 0; game < games; game++) {
        r->rs->setup(r, s);
        for (int ply = 0; ply < plies; ply++) {
            r->rs->fen_print(r, s, fen, sizeof fen);
            memset(t, 0, r->state_size);
            if (r->rs->fen_parse(r, t, fen, err, sizeof err)) fail_msg("%s: %s: %s", name, fen, err);
            r->rs->fen_print(r, t, fen2, sizeof fen2);
            if (strcmp(fen, fen2)) fail_msg("%s: %s reads back as %s", name, fen, fen2);
            if (r->rs->hash(r, s) != r->rs->hash(r, t)) fail_msg("%s: hash drift at %s", name, fen);
            if (memcmp(s, t, r->state_size)) fail_msg("%s: state differs from its FEN %s", name, fen);
            qp_move mv[QP_MAX_MOVES];
            int n = r->rs->gen(r, s, mv, QP_GEN_ALL);
            if (!n) break;
            *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
            r->rs->make(r, s, mv[(*seed >> 33) % (uint64_t)n], NULL);
        }
    }
    free(s);
    free(t);
}
