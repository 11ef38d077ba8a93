/*
 * whytest.c — see whytest.h.
 */
#include "whytest.h"

#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "why.h"

static int check_one(qp_registry *reg, const wt_case *c)
{
    char err[QP_ERR], buf[256];
    qp_rules *r = tu_rules(reg, c->game);
    qp_game g;
    if (qp_game_init(&g, r, c->fen, err, sizeof err)) fail_msg("%s: %s", c->game, err);
    if (c->moves) {
        snprintf(buf, sizeof buf, "%s", c->moves);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            if (qp_game_play_text(&g, t, err, sizeof err)) fail_msg("%s: move %s: %s", c->game, t, err);
    }
    qp_why why;
    if (c->typed) {
        qp_why_text(&g, c->entered, &why);
    } else {
        int pts[16], n = 0;
        snprintf(buf, sizeof buf, "%s", c->entered);
        for (char *t = strtok(buf, " "); t && n < 16; t = strtok(NULL, " "))
            if (!qp_sq_parse(&r->geom, t, &pts[n++])) fail_msg("%s: bad point %s", c->game, t);
        qp_why_points(&g, pts, n, false, &why);
    }
    int bad = why.code != c->code || strcmp(why.en, c->en) || strcmp(why.zh, c->zh);
    if (bad)
        print_error("%s %s '%s': got %s \"%s\" / \"%s\", want %s \"%s\" / \"%s\"\n", c->game,
                    c->typed ? "typed" : "clicked", c->entered, qp_why_name(why.code), why.en, why.zh,
                    qp_why_name(c->code), c->en, c->zh);
    qp_game_free(&g);
    qp_rules_free(r);
    return bad;
}

void wt_check(qp_registry *reg, const wt_case *cases, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++) bad += check_one(reg, &cases[i]);
    if (bad) fail_msg("%d of %d refusals differ", bad, n);
}
