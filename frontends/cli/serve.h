/*
 * serve.h — `qipan serve`: a small static HTTP/1.1 file server for the web
 * build (build-web/), so the page can be tried in a browser, or on a phone
 * on the same network, with the headers its threads need.
 *
 * Contract:
 *   - GET and HEAD only (405 otherwise); one request per connection
 *     (Connection: close), answered from the files under the served folder.
 *   - A path never leaves the folder: a ".." segment is refused (400), and
 *     a file whose real path (symbolic links resolved) lies outside it is
 *     refused (403).  "/" and folders serve their index.html.
 *   - Every answer carries Cross-Origin-Opener-Policy: same-origin and
 *     Cross-Origin-Embedder-Policy: require-corp (SharedArrayBuffer, hence
 *     Emscripten's threads, need both), and the MIME type of the file's
 *     extension (application/wasm for .wasm).
 *   - A request head is at most SV_MAX_REQUEST bytes (431 beyond); a client
 *     that sends nothing for SV_IDLE_MS is dropped.  Clients are served
 *     together from one poll loop with non-blocking sockets, so a slow one
 *     never holds up the others.
 *   - It listens on 127.0.0.1 unless --bind says otherwise, prints
 *     "qipan serve: DIR at http://ADDR:PORT/" once listening (port 0 picks
 *     a free port, the line names it), a line per request, and runs until
 *     SIGINT or SIGTERM (exit 0).
 */
#ifndef QP_SERVE_H
#define QP_SERVE_H

#include <stddef.h>

#include "app.h"

#define SV_MAX_REQUEST 8192
#define SV_IDLE_MS 10000
#define SV_MAX_CLIENTS 64
#define SV_DEFAULT_PORT 8080

/* The MIME type served for a file name (its extension; unknown ones are
 * application/octet-stream). */
const char *sv_mime_type(const char *name);

/* Maps a request target ("/a/b.js?x=1") to a path under root: percent
 * escapes decoded, the query dropped, "/" and a trailing "/" given
 * index.html.  Returns 0, or the HTTP status refusing it (400: not
 * absolute, a ".." segment, a NUL or bad escape; 414: too long). */
int sv_map_path(const char *root, const char *target, char *out, size_t n);

int cmd_serve(qp_app *app, int argc, char **argv);

#endif
