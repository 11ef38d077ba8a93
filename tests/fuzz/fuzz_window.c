/*
 * fuzz_window.c — the window's state file beside a record, FILE.window
 * (frontends/gui/gui_winstate.c): any text applies (a line that does not
 * parse is ignored), every value applied is in its range, and what
 * applies is written and applies again the same.
 */
#include "fuzz_common.h"

#include "gui_winstate.h"

static void fresh(gui_state *st, const qp_rules *r)
{
    memset(st, 0, sizeof *st);
    st->r = (qp_rules *)r;
    st->engine_ok = true;
    st->level = 5;
    st->tc = (gui_tc){GUI_TC_NONE, 180, 2, 30};
}

static void check_ranges(const gui_state *st, const char *what)
{
    FZ_CHECK(st->ai_mask <= 3u && (st->r->nsides > 1 || st->ai_mask <= 1u), "%s: mode %u", what, st->ai_mask);
    FZ_CHECK(st->level >= 1 && st->level <= GUI_LEVELS, "%s: level %d", what, st->level);
    FZ_CHECK(st->tc.kind >= GUI_TC_NONE && st->tc.kind < GUI_TC_KINDS, "%s: tc kind %d", what, (int)st->tc.kind);
    FZ_CHECK(st->tc.base_s >= 1 && st->tc.base_s <= 36000 && st->tc.inc_s >= 0 && st->tc.inc_s <= 3600 &&
                 st->tc.move_s >= 1 && st->tc.move_s <= 36000,
             "%s: tc %d %d %d", what, st->tc.base_s, st->tc.inc_s, st->tc.move_s);
    for (int i = 0; i < 2; i++)
        FZ_CHECK(st->left_ms[i] >= 0 && st->left_ms[i] <= 360000000LL && st->clock_ms[i] <= 360000000ULL,
                 "%s: clocks %lld %llu", what, (long long)st->left_ms[i], (unsigned long long)st->clock_ms[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 65536) return 0;
    const qp_rules *r = fz_pick(data[0]);
    if (!r) return 0;
    char *text = fz_string(data + 1, size - 1);
    gui_state a, b;
    fresh(&a, r);
    gui_winstate_apply(&a, text);
    free(text);
    check_ranges(&a, "applied");
    char again[512];
    gui_winstate_text(&a, again, sizeof again);
    fresh(&b, r);
    gui_winstate_apply(&b, again);
    FZ_CHECK(a.ai_mask == b.ai_mask && a.level == b.level && a.flip == b.flip && a.tc.kind == b.tc.kind &&
                 a.tc.base_s == b.tc.base_s && a.tc.inc_s == b.tc.inc_s && a.tc.move_s == b.tc.move_s &&
                 a.left_ms[0] == b.left_ms[0] && a.left_ms[1] == b.left_ms[1] && a.clock_ms[0] == b.clock_ms[0] &&
                 a.clock_ms[1] == b.clock_ms[1],
             "written and applied again, the state differs:\n%s", again);
    return 0;
}
