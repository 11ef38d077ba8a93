/*
 * gui_web.h — the window as a page in a web browser (the web build, web/):
 * what the page's JavaScript may read of the game, and when the game
 * stored in the browser is written out.
 *
 * The window calls gui_web_publish once a frame and gui_web_saved after
 * each autosave; in a native build both do nothing.  In the web build the
 * page (web/pre.js) mounts the browser's storage (IndexedDB) at the data
 * folder; gui_web_saved asks it to write the folder back, so a game in
 * progress survives closing the tab and is offered back on the next visit.
 *
 * JavaScript reads (Module.ccall, all strings):
 *   qp_web_state()      the game as JSON: {"game", "len", "cursor",
 *                       "moves": [coordinate texts], "to_move", "thinking",
 *                       "dialog" (the name of the open dialog or ""),
 *                       "over", "width", "height" (CSS pixels), "wide",
 *                       "message" (the message line), "error" (it is one)}
 *   qp_web_point(NAME)  "X Y": the CSS pixel of board point NAME ("c3") in
 *                       the canvas, "" when there is no such point
 *   qp_web_button(NAME) "X Y W H": the CSS box of button NAME (the names of
 *                       gui_layout_button_name: "save", "load"...), or of
 *                       the open dialog's "yes" and "no" buttons (the
 *                       Save/Load, resume, question and end dialogs); ""
 *                       when there is none
 * All answer "" before the window's first frame.
 */
#ifndef GUI_WEB_H
#define GUI_WEB_H

#include "gui_layout.h"
#include "gui_state.h"

/* st and L stay valid while the window runs; scale: drawable pixels per
 * CSS pixel. */
void gui_web_publish(const gui_state *st, const gui_layout *L, float scale);
void gui_web_saved(void);

#endif
