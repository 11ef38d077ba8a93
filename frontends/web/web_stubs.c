/*
 * web_stubs.c — what the web build of the window has in place of the parts
 * a browser page cannot have: the network session (TLS over TCP sockets)
 * and the PNG writer of `qipan render` (libpng).  Compiled only into the
 * web build (web/web.cmake), in place of frontends/net/net_session.c and
 * frontends/gui/gui_png.c.
 *
 * No session is ever made (ns_new refuses, saying why), so the other
 * ns_* functions are never reached with one; they answer as for an
 * ended session.
 */
#include <stdio.h>

#include "gui_png.h"
#include "net_session.h"

static const char no_net[] = "network play is not available in the browser; use the qipan program";

ns_session *ns_new(const ns_options *o, qp_rules *r, const char *fen, ns_open_rules_fn open_rules, void *ud,
                   char *err, size_t errn)
{
    (void)o, (void)fen, (void)open_rules, (void)ud;
    qp_rules_free(r);   /* handed over, as ns_new's contract says */
    snprintf(err, errn, "%s", no_net);
    return NULL;
}

void ns_free(ns_session *s) { (void)s; }
int ns_pollfds(ns_session *s, struct pollfd *p) { (void)s, (void)p; return 0; }
int ns_timeout_ms(ns_session *s) { (void)s; return -1; }
void ns_after_poll(ns_session *s, const struct pollfd *p, int n) { (void)s, (void)p, (void)n; }
void ns_step(ns_session *s, int timeout_ms) { (void)s, (void)timeout_ms; }
bool ns_next_event(ns_session *s, ns_event *ev) { (void)s, (void)ev; return false; }
ns_phase ns_get_phase(const ns_session *s) { (void)s; return NS_FAILED; }
const qp_game *ns_game(const ns_session *s) { (void)s; return NULL; }
int ns_seat(const ns_session *s) { (void)s; return 0; }
bool ns_timed(const ns_session *s) { (void)s; return false; }
bool ns_started(const ns_session *s) { (void)s; return false; }
long long ns_clock_ms(const ns_session *s, int side) { (void)s, (void)side; return 0; }
const char *ns_result(const ns_session *s) { (void)s; return ""; }
bool ns_done(const ns_session *s) { (void)s; return true; }
bool ns_draw_offered(const ns_session *s) { (void)s; return false; }
bool ns_takeback_requested(const ns_session *s, int *ply) { (void)s, (void)ply; return false; }

void ns_clock_text(const ns_session *s, char *buf, size_t n)
{
    (void)s;
    if (n) buf[0] = 0;
}

static int refuse(char *err, size_t errn)
{
    snprintf(err, errn, "%s", no_net);
    return -1;
}

int ns_play(ns_session *s, qp_move m, char *err, size_t errn) { (void)s, (void)m; return refuse(err, errn); }
int ns_resign(ns_session *s, char *err, size_t errn) { (void)s; return refuse(err, errn); }
int ns_offer_draw(ns_session *s, char *err, size_t errn) { (void)s; return refuse(err, errn); }
int ns_answer_draw(ns_session *s, bool accept, char *err, size_t errn) { (void)s, (void)accept; return refuse(err, errn); }
int ns_request_takeback(ns_session *s, char *err, size_t errn) { (void)s; return refuse(err, errn); }
int ns_answer_takeback(ns_session *s, bool accept, char *err, size_t errn) { (void)s, (void)accept; return refuse(err, errn); }
int ns_chat(ns_session *s, const char *text, char *err, size_t errn) { (void)s, (void)text; return refuse(err, errn); }
void ns_leave(ns_session *s) { (void)s; }
int ns_save(const ns_session *s, const char *path, char *err, size_t errn) { (void)s, (void)path; return refuse(err, errn); }

int gui_png_write(const char *path, const gui_pixels *px, char *err, size_t errn)
{
    (void)px;
    snprintf(err, errn, "cannot write %s: PNG pictures are not made in the browser", path);
    return -1;
}
