/*
 * testutil.h — helpers shared by the cmocka suites.
 */
#ifndef QP_TESTUTIL_H
#define QP_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <sys/types.h>
#include <cmocka.h>

#include "registry.h"
#include "game.h"

/* The exit status of a suite that cannot run here (its tools are missing):
 * ctest reports it as skipped (SKIP_RETURN_CODE in CMakeLists.txt). */
#define TU_SKIPPED 77

/* A registry with the built-in rulesets and the Lua games of scripts/. */
void tu_registry(qp_registry *reg);
/* A suite-wide registry: pass tu_setup_registry / tu_teardown_registry to
 * cmocka_run_group_tests and use tu_reg in the tests. */
extern qp_registry tu_reg;
int tu_setup_registry(void **state);
int tu_teardown_registry(void **state);
/* The same registry with the test games of tests/data/games/ too (fails
 * the suite when one does not load). */
int tu_setup_registry_games(void **state);
/* A suite with a data folder of its own: tu_setup_data_home makes a fresh
 * folder, tu_data_home, sets XDG_DATA_HOME to it and sets up tu_reg;
 * tu_teardown_data_home removes the folder and frees tu_reg. */
extern char tu_data_home[128];
int tu_setup_data_home(void **state);
int tu_teardown_data_home(void **state);
/* Rules of a registered ruleset with its defaults (fails the test if absent). */
qp_rules *tu_rules(qp_registry *reg, const char *name);
/* Rules with param overrides "key=value" (NULL-terminated list). */
qp_rules *tu_rules_with(qp_registry *reg, const char *name, const char *const *kv);

/* Runs the qipan binary with args (a shell command line fragment) and
 * stdin text (may be NULL).  Returns the exit status; *out receives
 * malloc'ed stdout (and *errout stderr, when non-NULL). */
int tu_run(const char *args, const char *stdin_text, char **out, char **errout);
/* Runs the qipan binary with args and no input; fails the test, naming
 * args, unless it exits with rc and prints exactly want on stdout. */
void tu_expect_out(const char *args, int rc, const char *want);
/* The same for any shell command line (another tool of the build). */
int tu_run_cmd(const char *cmdline, const char *stdin_text, char **out, char **errout);

/* Sorted, newline-joined legal moves of s (malloc'ed). */
char *tu_moves_text(const qp_rules *r, const void *s);

/* qp_perft (framework/perft.h). */
uint64_t tu_perft(const qp_rules *r, const void *s, int depth);

/* Writes text to a fresh temporary file and returns its path (static buffer
 * per call index 0..3). */
const char *tu_tmpfile(const char *text, const char *suffix);
/* The text of a small file (up to 8 KiB, in a static buffer the next call
 * overwrites); fails the test when it cannot be read. */
const char *tu_read_text(const char *path);

/* Starts Xvfb on a display it picks itself (-displayfd: no clash with other
 * servers or parallel test runs) and waits until it takes clients (xdotool).
 * 0 with *pid and display (":N") set, or -1. */
int tu_start_xvfb(pid_t *pid, char *display, size_t n);
/* The same with the screen (1280x1024, 32 bits a pixel) kept in fbdir as
 * the XWD file Xvfb_screen0, which the tests read as a screenshot. */
int tu_start_xvfb_fb(pid_t *pid, char *display, size_t n, const char *fbdir);
/* Runs "xdotool ARGS" on display (60 s at most); its output, up to 255
 * bytes, in a buffer of this function's that the next call reuses ("" if
 * it could not run). */
const char *tu_xdotool(const char *display, const char *args);
/* The id of the visible window named qipan on display, polled for up to
 * timeout_ms (a loaded machine can take long to map it, and xdotool's own
 * --sync wait gives up on a window that vanishes while it searches).
 * False when none appeared. */
/* Sleeps ms milliseconds. */
void tu_sleep_ms(int ms);
/* Ends pid: SIGTERM, up to grace_ms for it to go, then SIGKILL; reaped. */
void tu_stop(pid_t pid, int grace_ms);
/* pid's exit status within ms (128 when a signal ended it), or -1 after
 * stopping it with tu_stop(pid, grace_ms). */
int tu_wait_exit(pid_t pid, int ms, int grace_ms);
bool tu_find_window(const char *display, char *win, size_t n, int timeout_ms);

#endif
