/*
 * fileio.h — bounded reads and crash-safe saves of whole files.
 *
 * Every file qipan reads (configs, Lua games, records) goes through
 * qp_file_read, which never reads more than a given size: /dev/zero or a
 * huge file ends with "PATH: larger than N bytes" instead of eating the
 * memory.  Every file qipan writes goes through qp_file_save, which never
 * leaves a half-written file and never writes through a link an attacker
 * placed: the data goes to a fresh temporary file in the target's folder
 * (created with O_EXCL|O_NOFOLLOW under an unpredictable name), is
 * fsynced, takes the old file's permission bits, and is renamed over the
 * target; the folder is fsynced so the rename itself survives a crash.
 * A target that exists and is not a regular file (/dev/null, a FIFO) is
 * written in place: renaming over it would replace the device.
 *
 * Errors are "PATH: reason" (strerror text, or "larger than N bytes").
 */
#ifndef QP_FILEIO_H
#define QP_FILEIO_H

#include <stddef.h>

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

#endif
