/*
 * fileio.c — bounded whole-file reads and atomic saves (contract in fileio.h).
 */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

static int fail(char *err, size_t errn, const char *path, int e)
{
    snprintf(err, errn, "%s: %s", path, strerror(e));
    return -1;
}

int qp_file_read(const char *path, size_t max, char **out, size_t *len, char *err, size_t errn)
{
    *out = NULL;
    if (len) *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fail(err, errn, path, errno);
    struct stat st;
    if (fstat(fd, &st)) {
        int e = errno;
        close(fd);
        return fail(err, errn, path, e);
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return fail(err, errn, path, EISDIR);
    }
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max) {
        close(fd);
        snprintf(err, errn, "%s: larger than %zu bytes", path, max);
        return -1;
    }
    /* Sizes of devices and pipes mean nothing: read until max + 1. */
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 4096, n = 0;
    if (cap > max + 1) cap = max + 1;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) {
            close(fd);
            return fail(err, errn, path, ENOMEM);
        }
        if (n == cap) {
            if (cap > max) break;   /* max + 1 bytes: too large */
            size_t nc = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *nb = realloc(buf, nc + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                continue;
            }
            buf = nb;
            cap = nc;
        }
        ssize_t k = read(fd, buf + n, cap - n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            int e = errno;
            free(buf);
            close(fd);
            return fail(err, errn, path, e);
        }
        if (k == 0) break;
        n += (size_t)k;
    }
    close(fd);
    if (n > max) {
        free(buf);
        snprintf(err, errn, "%s: larger than %zu bytes", path, max);
        return -1;
    }
    buf[n] = 0;
    *out = buf;
    if (len) *len = n;
    return 0;
}

static int write_all(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t k = write(fd, p, len);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return -1;
        p += k;
        len -= (size_t)k;
    }
    return 0;
}

/* A device or FIFO that exists: written in place, never replaced. */
static int save_in_place(const char *path, const void *data, size_t len, char *err, size_t errn)
{
    /* A FIFO waits for its reader, as any writer of a FIFO does. */
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return fail(err, errn, path, errno);
    int rc = write_all(fd, data, len);
    int e = errno;
    if (close(fd) && !rc) rc = -1, e = errno;
    return rc ? fail(err, errn, path, e) : 0;
}

/* Opens a new file "DIR/.BASE.XXXXXX" (random letters) exclusively; the
 * name goes to tmp.  Mode 0600 while it may hold another file's data. */
static int open_temp(const char *path, char *tmp, size_t n, mode_t mode)
{
    static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    const char *base = slash ? slash + 1 : path;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ ((uint64_t)getpid() << 17) ^ (uintptr_t)tmp;
    for (int attempt = 0; attempt < 100; attempt++) {
        char rnd[7];
        for (int i = 0; i < 6; i++) {
            x += 0x9e3779b97f4a7c15ULL;   /* splitmix64 step */
            uint64_t z = x;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            rnd[i] = abc[(z ^ (z >> 31)) % (sizeof abc - 1)];
        }
        rnd[6] = 0;
        if ((size_t)snprintf(tmp, n, "%.*s.%s.%s", dirlen, path, base, rnd) >= n) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

/* fsync of the folder holding path, so the rename is on disk too. */
static int sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    /* Some file systems cannot sync a folder: that is not a failed save. */
    if (rc && (errno == EINVAL || errno == EBADF || errno == EROFS)) rc = 0;
    close(fd);
    return rc;
}

int qp_file_save(const char *path, const void *data, size_t len, char *err, size_t errn)
{
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) return fail(err, errn, path, EISDIR);
    if (exists && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
        return save_in_place(path, data, len, err, errn);
    /* A link at path is replaced by the new file, never written through. */
    bool keep_mode = exists && S_ISREG(st.st_mode);

    char tmp[4096 + 16];
    int fd = open_temp(path, tmp, sizeof tmp, keep_mode ? 0600 : 0666);
    if (fd < 0) return fail(err, errn, path, errno);
    int e = 0;
    if (write_all(fd, data, len) || (keep_mode && fchmod(fd, st.st_mode & 07777)) || fsync(fd)) e = errno;
    if (close(fd) && !e) e = errno;
    if (!e && rename(tmp, path)) e = errno;
    if (e) {
        unlink(tmp);
        return fail(err, errn, path, e);
    }
    if (sync_dir(path)) return fail(err, errn, path, errno);
    return 0;
}
