/*
 * fileio.c — bounded reads and safe saves (contract in fileio.h).
 */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int qp_file_read(const char *path, size_t max, char **out, size_t *len, char *err, size_t errn)
{
    *out = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errn, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            if (cap > max + 1) break;
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - 1 - n, f);
        n += k;
        if (n > max) {
            snprintf(err, errn, "cannot read %s: larger than %zu bytes", path, max);
            goto fail;
        }
        if (k == 0) break;
    }
    if (!buf) {
        snprintf(err, errn, "cannot read %s: out of memory", path);
        goto fail;
    }
    if (ferror(f)) {
        snprintf(err, errn, "cannot read %s: %s", path, strerror(errno ? errno : EIO));
        goto fail;
    }
    fclose(f);
    buf[n] = 0;
    *out = buf;
    *len = n;
    return 0;
fail:
    free(buf);
    fclose(f);
    return -1;
}

int qp_file_save(const char *path, const void *data, size_t len, char *err, size_t errn)
{
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp) {
        snprintf(err, errn, "cannot write %s: out of memory", path);
        return -1;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        free(tmp);
        /* a device such as /dev/null is written in place; a folder is refused */
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errn, "cannot write %s: %s", path, strerror(EISDIR));
            return -1;
        }
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
            snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    snprintf(tmp, pl + 16, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errn, "cannot write %s: %s", path, strerror(errno));
        free(tmp);
        return -1;
    }
    const char *p = data;
    size_t left = len;
    int bad = 0;
    while (left && !bad) {
        ssize_t k = write(fd, p, left);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) bad = 1;
        else {
            p += k;
            left -= (size_t)k;
        }
    }
    if (!bad && fsync(fd)) bad = 1;
    int e = errno;
    if (close(fd)) bad = 1;
    if (bad || rename(tmp, path)) {
        if (!bad) e = errno;
        snprintf(err, errn, "cannot write %s: %s", path, strerror(e));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
