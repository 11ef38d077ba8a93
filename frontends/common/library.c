/*
 * library.c — the game library (library.h): keeping finished games as
 * records in the data folder, and listing them.
 */
#include "library.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "datadirs.h"
#include "fileio.h"
#include "record.h"
#include "record_file.h"

int qp_library_dir(char *out, size_t n)
{
    return qp_user_data_dir("library", out, n);
}

int qp_library_reserve(const char *ruleset, char *path, size_t pathn, char *err, size_t errn)
{
    char dir[900], stamp[32];
    if (qp_library_dir(dir, sizeof dir)) {
        snprintf(err, errn, "no data folder for the library (set HOME or XDG_DATA_HOME)");
        return -1;
    }
    if (qp_make_dirs(dir, err, errn)) return -1;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    /* The name is taken by creating it exclusively: two games kept in the
     * same second get two names, and no game ever replaces another. */
    for (int k = 1; k < 1000; k++) {
        char suffix[16] = "";
        if (k > 1) snprintf(suffix, sizeof suffix, "-%d", k);
        snprintf(path, pathn, "%s/%s-%s%s.txt", dir, ruleset, stamp, suffix);
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            close(fd);
            return 0;
        }
        if (errno != EEXIST) {
            snprintf(err, errn, "cannot create %s: %s", path, strerror(errno));
            return -1;
        }
    }
    snprintf(err, errn, "too many games kept this second in %s", dir);
    return -1;
}

int qp_library_keep(const qp_game *g, char *path, size_t pathn, char *err, size_t errn)
{
    /* the record replaces the reserved empty file in one rename (the safe save) */
    if (qp_library_reserve(g->r->rs->name, path, pathn, err, errn)) return -1;
    if (qp_record_save(g, path, err, errn)) {
        unlink(path);
        return -1;
    }
    return 0;
}

static const char *tag(const qp_record *rec, const char *key)
{
    for (int i = 0; i < rec->nkeep; i++)
        if (!strcmp(rec->keep_key[i], key)) return rec->keep_val[i];
    return NULL;
}

/* The sort key of a library file name RULESET-YYYYmmdd-HHMMSS[-N].txt:
 * the stamp and N (0 without), so that newer sorts after older; other
 * names key as their whole name. */
static void time_key(const char *file, char *key, size_t n)
{
    char base[256];
    snprintf(base, sizeof base, "%s", file);
    size_t len = strlen(base);
    if (len > 4) base[len -= 4] = 0;   /* ".txt" */
    int k = 0;
    char *dash = strrchr(base, '-');
    if (dash && strlen(dash + 1) < 4 && dash[1] && strspn(dash + 1, "0123456789") == strlen(dash + 1)) {
        k = atoi(dash + 1);
        *dash = 0;
        len = strlen(base);
    }
    if (len >= 15 && base[len - 7] == '-' && strspn(base + len - 15, "0123456789") == 8)
        snprintf(key, n, "%s-%03d", base + len - 15, k);
    else
        snprintf(key, n, " %s", file);   /* before every stamp: listed last */
}

static int by_time_desc(const void *a, const void *b)
{
    const char *fa = ((const qp_library_entry *)a)->file, *fb = ((const qp_library_entry *)b)->file;
    char ka[300], kb[300];
    time_key(fa, ka, sizeof ka);
    time_key(fb, kb, sizeof kb);
    int c = strcmp(kb, ka);
    return c ? c : strcmp(fb, fa);
}

int qp_library_list(qp_library_entry **out, int *n, int *bad, char *err, size_t errn)
{
    *out = NULL;
    *n = *bad = 0;
    char dir[900];
    if (qp_library_dir(dir, sizeof dir)) {
        snprintf(err, errn, "no data folder for the library (set HOME or XDG_DATA_HOME)");
        return -1;
    }
    DIR *d = opendir(dir);
    if (!d) {
        if (errno == ENOENT) return 0;
        snprintf(err, errn, "cannot read %s: %s", dir, strerror(errno));
        return -1;
    }
    qp_record *rec = malloc(sizeof *rec);
    if (!rec) {
        closedir(d);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    int cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len < 5 || strcmp(e->d_name + len - 4, ".txt") || len >= sizeof(*out)->file)
            continue;
        char path[1200], why[QP_ERR];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (qp_record_read(rec, path, why, sizeof why)) {
            (*bad)++;
            continue;
        }
        if (*n == cap) {
            cap = cap ? cap * 2 : 16;
            qp_library_entry *grown = realloc(*out, (size_t)cap * sizeof **out);
            if (!grown) {
                qp_record_free(rec);
                free(rec);
                closedir(d);
                free(*out);
                *out = NULL;
                *n = 0;
                snprintf(err, errn, "out of memory");
                return -1;
            }
            *out = grown;
        }
        qp_library_entry *x = &(*out)[(*n)++];
        memset(x, 0, sizeof *x);
        snprintf(x->file, sizeof x->file, "%s", e->d_name);
        snprintf(x->ruleset, sizeof x->ruleset, "%s", rec->ruleset);
        snprintf(x->date, sizeof x->date, "%s", rec->date[0] ? rec->date : "????.??.??");
        const char *w = tag(rec, "Red") ? tag(rec, "Red") : tag(rec, "White") ? tag(rec, "White") : tag(rec, "Player");
        snprintf(x->white, sizeof x->white, "%s", w ? w : "?");
        snprintf(x->black, sizeof x->black, "%s", tag(rec, "Black") ? tag(rec, "Black") : "?");
        snprintf(x->result, sizeof x->result, "%s", rec->result[0] ? rec->result : "*");
        snprintf(x->reason, sizeof x->reason, "%s", rec->termination);
        x->plies = rec->nmoves;
        qp_record_free(rec);
    }
    closedir(d);
    free(rec);
    if (*n > 1) qsort(*out, (size_t)*n, sizeof **out, by_time_desc);
    return 0;
}

/* The folder, and FILE's path in it and its hidden deleted twin's. */
static int deleted_paths(const char *file, char *live, char *gone, size_t n, char *err, size_t errn)
{
    char dir[900];
    if (!*file || strchr(file, '/') || file[0] == '.' || strlen(file) > 255) {
        snprintf(err, errn, "not a game of the library: '%s'", file);
        return -1;
    }
    if (qp_library_dir(dir, sizeof dir)) {
        snprintf(err, errn, "no data folder for the library (set HOME or XDG_DATA_HOME)");
        return -1;
    }
    snprintf(live, n, "%s/%s", dir, file);
    snprintf(gone, n, "%s/.deleted-%s", dir, file);
    return 0;
}

/* rename() without replacing what is there (link, then unlink the old). */
static int move_no_replace(const char *from, const char *to, char *err, size_t errn)
{
    if (link(from, to) != 0) {
        snprintf(err, errn, "cannot move %s to %s: %s", from, to, strerror(errno));
        return -1;
    }
    if (unlink(from) != 0) {
        snprintf(err, errn, "cannot remove %s: %s", from, strerror(errno));
        unlink(to);
        return -1;
    }
    return 0;
}

int qp_library_delete(const char *file, char *err, size_t errn)
{
    char live[1200], gone[1200];
    if (deleted_paths(file, live, gone, sizeof live, err, errn)) return -1;
    unlink(gone);   /* an older delete of the same name gives way */
    return move_no_replace(live, gone, err, errn);
}

int qp_library_restore(const char *file, char *err, size_t errn)
{
    char live[1200], gone[1200];
    if (deleted_paths(file, live, gone, sizeof live, err, errn)) return -1;
    return move_no_replace(gone, live, err, errn);
}
