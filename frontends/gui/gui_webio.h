/*
 * gui_webio.h — Save and Load in a web page (the web build, web/): the
 * page's file system lives in the browser, so a saved record is also
 * offered to the player as a download, and Load opens the browser's file
 * picker instead of the window's folder dialog.
 *
 * A picked file is copied into the page's file system at
 * GUI_WEBIO_DIR/NAME and loaded from there by the window's own load, so
 * every format the desktop reads (record_file.h) and every error text it
 * gives is the same in the page.  The copy holds at most max bytes + 1
 * (gui_webio_pick): a larger file still reaches the reader, which refuses
 * it by its size, without the page holding all of it.
 *
 * The flow: the Load button calls gui_webio_pick, which opens the picker
 * and returns at once; the page reads the chosen file in the background;
 * the frame loop calls gui_webio_take, which hands over the copy's path
 * once it is there.  The Save button calls gui_webio_ask_save instead of
 * opening the window's file dialog (its folder is the browser's private
 * storage, and a phone brings up no keyboard for it): the browser's own
 * text box asks the name, which a phone's on-screen keyboard types into;
 * then the window saves there as on the desktop and calls gui_webio_offer.
 *
 * In a native build nothing of this happens: gui_webio_pick returns false
 * and gui_webio_ask_save 0 (the window opens its own dialog),
 * gui_webio_take and gui_webio_offer return 0.  gui_webio_upload_path and
 * gui_webio_save_name are the same in both (tested natively).
 */
#ifndef GUI_WEBIO_H
#define GUI_WEBIO_H

#include <stdbool.h>
#include <stddef.h>

#define GUI_WEBIO_DIR "/tmp/upload"
/* The longest name a record is saved under in the page, in bytes. */
#define GUI_WEBIO_NAME_MAX 100

/* Opens the browser's file picker; true in the web build. */
bool gui_webio_pick(size_t max);

/* 1: a picked file waits at path (made from its name); -1: it could not
 * be read (err says why, naming it); 0: nothing picked since. */
int gui_webio_take(char *path, size_t n, char *err, size_t errn);

/* Offers the file at path as a download named after its last part.
 * 1: offered; 0: not a page; -1 with err. */
int gui_webio_offer(const char *path, char *err, size_t errn);

/* Where a picked file named name (as the browser gives it: maybe with a
 * folder, "C:\fakepath\x.pgn", or control characters) is copied:
 * GUI_WEBIO_DIR "/" its last part, with '/', '\\' and control characters
 * replaced by '_', a leading '.' too (no hidden file, no "..") and "record"
 * for an empty name; cut to whole UTF-8 characters within n. */
void gui_webio_upload_path(const char *name, char *out, size_t n);

/* Asks the player, with label, for the name to save a record under,
 * offering path's last part; out gets path's folder and the name made of
 * the answer (gui_webio_save_name).  1: named; -1: cancelled, or nothing
 * left of the name (nothing is to be saved); 0: not a page. */
int gui_webio_ask_save(const char *label, const char *path, char *out, size_t n);

/* The file name made of what the player typed: spaces at both ends and
 * dots at the end dropped; '/', '\\', control characters and what other
 * systems refuse in a name (< > : " | ? *) replaced by '_', a leading '.'
 * too; ".txt" added when it has no extension (a '.' then 1 to 4 ASCII
 * letters and digits, the first a letter), as the extension picks the
 * format the desktop's way (record_file.h: ".sgf" SGF, any other PGN);
 * the part before the extension cut to whole UTF-8 characters so the
 * whole fits GUI_WEBIO_NAME_MAX bytes and n.  "" when nothing is left. */
void gui_webio_save_name(const char *typed, char *out, size_t n);

#endif
