/*
 * fileio.h — bounded reads and safe saves of user files.
 *
 * qp_file_read reads a whole file into a NUL-terminated malloc'd buffer
 * (*out, *len bytes without the NUL); a file larger than max is refused.
 * qp_file_save replaces path with data atomically: a unique temporary file
 * in the target's folder, written, synced and renamed over it.
 * Both return 0, or -1 with a message naming the file in err.
 */
#ifndef QP_FILEIO_H
#define QP_FILEIO_H

#include <stddef.h>

int qp_file_read(const char *path, size_t max, char **out, size_t *len, char *err, size_t errn);
int qp_file_save(const char *path, const void *data, size_t len, char *err, size_t errn);

#endif
