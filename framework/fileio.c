/*
 * fileio.c — bounded whole-file reads and atomic saves (contract in fileio.h).
 */
#include "fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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

/* The refusal of anything but a regular file: a FIFO or a terminal would
 * block the reader or writer for ever, a device has no end (/dev/zero)
 * or swallows the data (/dev/null), and renaming over any of them would
 * replace it.  -1 with the message, 0 for a regular file. */
static int not_regular(const struct stat *st, const char *path, char *err, size_t errn)
{
    const char *what = S_ISFIFO(st->st_mode)                              ? "a FIFO"
                       : S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "a device"
                       : S_ISSOCK(st->st_mode)                          ? "a socket"
                                                                        : "not a plain file";
    if (S_ISREG(st->st_mode)) return 0;
    if (S_ISDIR(st->st_mode)) return fail(err, errn, path, EISDIR);
    snprintf(err, errn, "%s: is %s, not a regular file", path, what);
    return -1;
}

int qp_file_read(const char *path, size_t max, char **out, size_t *len, char *err, size_t errn)
{
    *out = NULL;
    if (len) *len = 0;
    /* Looked at before opening (opening some devices does something),
     * and again on the open file in case it was swapped in between: the
     * open itself cannot block, as O_NONBLOCK opens a FIFO at once. */
    struct stat st;
    if (stat(path, &st) == 0 && not_regular(&st, path, err, errn)) return -1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return fail(err, errn, path, errno);
    if (fstat(fd, &st)) {
        int e = errno;
        close(fd);
        return fail(err, errn, path, e);
    }
    if (not_regular(&st, path, err, errn)) {
        close(fd);
        return -1;
    }
    if ((uintmax_t)st.st_size > max) {
        close(fd);
        snprintf(err, errn, "%s: larger than %zu bytes", path, max);
        return -1;
    }
    /* A file that grows while it is read is still cut at max + 1. */
    size_t cap = (size_t)st.st_size + 1, n = 0;
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

/* The folder of path ("." or "/" when it has none), in dir. */
static void dir_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, n, ".");
    else if (slash == path) snprintf(dir, n, "/");
    else snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

/* The temporary files of saves are "DIR/.BASE" TEMP_TAG "PID-XXXXXX":
 * the tag and the pid say whose they are and whether their writer lives. */
#define TEMP_TAG ".qipan-"
#define TEMP_RANDOM 6
#define TEMP_STALE_S 60

/* The pid in a name of the temporary files' form, or 0 if name is not
 * one. */
static long temp_pid(const char *name)
{
    if (name[0] != '.') return 0;
    const char *tag = NULL;
    for (const char *p = strstr(name + 1, TEMP_TAG); p; p = strstr(p + 1, TEMP_TAG)) tag = p;
    if (!tag || tag == name + 1) return 0;
    const char *p = tag + strlen(TEMP_TAG);
    long pid = 0;
    for (; *p >= '0' && *p <= '9' && pid < 100000000L; p++) pid = pid * 10 + (*p - '0');
    if (pid <= 0 || *p++ != '-') return 0;
    for (int i = 0; i < TEMP_RANDOM; i++, p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))) return 0;
    return *p ? 0 : pid;
}

/* Removes the temporary files a killed save left in dir.  A file is
 * stale only when all of these hold, so a save under way (in this
 * process, another, or another pid namespace sharing the folder) is never
 * touched: it has the exact form of our names, is a regular file of ours
 * with one link, its writer's pid is not a running process, and it was
 * last written more than TEMP_STALE_S seconds ago.  Best effort: errors
 * are ignored. */
static void remove_stale_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        long pid = temp_pid(e->d_name);
        struct stat st;
        if (!pid || pid == (long)getpid()) continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode) ||
            st.st_uid != geteuid() || st.st_nlink != 1 || now - st.st_mtime <= TEMP_STALE_S)
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;   /* alive, or not ours to ask */
        unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
}

/* Opens a new file "DIR/.BASE.qipan-PID-XXXXXX" (random letters)
 * exclusively; the name goes to tmp.  Mode 0600 while it may hold another
 * file's data. */
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
        char rnd[TEMP_RANDOM + 1];
        for (int i = 0; i < TEMP_RANDOM; i++) {
            x += 0x9e3779b97f4a7c15ULL;   /* splitmix64 step */
            uint64_t z = x;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            rnd[i] = abc[(z ^ (z >> 31)) % (sizeof abc - 1)];
        }
        rnd[TEMP_RANDOM] = 0;
        if ((size_t)snprintf(tmp, n, "%.*s.%s" TEMP_TAG "%ld-%s", dirlen, path, base, (long)getpid(), rnd) >= n) {
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
    char dir[4096];
    dir_of(path, dir, sizeof dir);
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
    /* The target itself is never opened (the data goes to a new file
     * renamed over it), so nothing here can block; a FIFO or device is
     * refused rather than replaced by a plain file. */
    if (exists && !S_ISLNK(st.st_mode) && not_regular(&st, path, err, errn)) return -1;
    /* A link at path is replaced by the new file, never written through. */
    bool keep_mode = exists && S_ISREG(st.st_mode);
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    remove_stale_temps(dir);

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

FILE *qp_file_open(const char *path, const char *mode)
{
    bool write = mode[0] == 'w';
    if (!write && mode[0] != 'r') {
        errno = EINVAL;
        return NULL;
    }
    int flags = write ? O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW : O_RDONLY;
    /* O_NONBLOCK: a FIFO opens at once (or fails, ENXIO, for a writer
     * without a reader) instead of waiting for the other end. */
    int fd = open(path, flags | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
    if (fd < 0 && errno == ENXIO) errno = EINVAL;   /* a FIFO without reader, a socket */
    if (fd < 0) return NULL;
    struct stat st;
    int e = 0;
    if (fstat(fd, &st)) e = errno;
    else if (S_ISDIR(st.st_mode)) e = EISDIR;
    else if (!S_ISREG(st.st_mode)) e = EINVAL;
    /* back to blocking, as fopen's stream would be */
    int fl = e ? 0 : fcntl(fd, F_GETFL);
    if (!e && (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0)) e = errno;
    FILE *f = e ? NULL : fdopen(fd, mode);
    if (!f) {
        if (!e) e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

int qp_make_dirs(const char *dir, char *err, size_t errn)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
        snprintf(err, errn, "cannot create %s: %s", dir, strerror(ENAMETOOLONG));
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p) continue;
        char c = *p;
        *p = 0;
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
            snprintf(err, errn, "cannot create %s: %s", buf, strerror(errno));
            return -1;
        }
        if (!c) return 0;
        *p = c;
    }
}
