/*
 * fileio.h — bounded reads and crash-safe saves of whole files.
 *
 * Every file qipan reads (configs, Lua games, records) goes through
 * qp_file_read, which never reads more than a given size: a huge file
 * ends with "PATH: larger than N bytes" instead of eating the memory.
 * Every file qipan writes goes through qp_file_save, which never leaves a
 * half-written file and never writes through a link an attacker placed:
 * the data goes to a fresh temporary file in the target's folder (created
 * with O_EXCL|O_NOFOLLOW under an unpredictable name), is fsynced, takes
 * the old file's permission bits, and is renamed over the target; the
 * folder is fsynced so the rename itself survives a crash.
 *
 * Both take regular files only: a FIFO would block for ever, a device
 * has no end or swallows the data, and renaming over either would
 * replace it.  "PATH: is a FIFO, not a regular file" (a device, a
 * socket), "PATH: Is a directory"; reading opens without blocking and
 * checks the open file, so a FIFO swapped in meanwhile is refused too.
 *
 * Temporary files are named ".BASE.qipan-PID-XXXXXX".  A save killed
 * between creating and renaming one leaves it behind; the next save into
 * that folder removes such leftovers when their writer's pid is gone and
 * they were last written over a minute ago (never a save under way).
 *
 * Errors are "PATH: reason" (strerror text, or the texts above).
 */
#ifndef QP_FILEIO_H
#define QP_FILEIO_H

#include <stddef.h>
#include <stdio.h>

/* The size limit of text inputs (configs, game files, records). */
#define QP_FILE_MAX ((size_t)16 << 20)

/* Reads the whole file at path, at most max bytes, into a malloc'ed
 * NUL-terminated buffer (*out, length *len; len may be NULL).  0, or -1
 * with *out = NULL and the reason in err. */
int qp_file_read(const char *path, size_t max, char **out, size_t *len, char *err, size_t errn);

/* Replaces the file at path with len bytes of data, atomically (see
 * above).  0, or -1 with the reason in err; the old file is then intact
 * and no temporary file is left behind. */
int qp_file_save(const char *path, const void *data, size_t len, char *err, size_t errn);

/* fopen for the few files written or read through stdio (the window's
 * settings and state, PNG pictures): mode "r"/"rb" opens an existing
 * regular file, "w"/"wb" creates or truncates one, never through a link.
 * A FIFO, device, socket or directory at path is refused without
 * blocking: NULL with errno EINVAL (EISDIR for a directory); otherwise as
 * fopen. */
FILE *qp_file_open(const char *path, const char *mode);

/* mkdir -p: creates the folder dir and the folders leading to it (mode
 * 0755), those already there kept.  0, or -1 with "cannot create DIR:
 * reason" in err. */
int qp_make_dirs(const char *dir, char *err, size_t errn);

#endif
