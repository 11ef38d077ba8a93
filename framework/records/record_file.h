/*
 * record_file.h — game records as files: a file read in any format qipan
 * reads (the table of formats, record_format.h: PGN in any encoding,
 * XQF, DhtmlXQ, EPD), and the whole load of a record into a game.  Above
 * the formats, which are above record.h: files are read with a size bound
 * (fileio.h).
 */
#ifndef QP_RECORD_FILE_H
#define QP_RECORD_FILE_H

#include "record.h"
#include "record_format.h"

/* Every format, NULL-terminated; on a tie the earlier one wins. */
extern const qp_record_format *const qp_record_formats[];

/* The format to read data with: the surest of the table (PGN when none is
 * sure). */
const qp_record_format *qp_record_format_of(const unsigned char *data, size_t len);

/* Reads the file at path into rec, in the format its bytes say. */
int qp_record_read(qp_record *rec, const char *path, char *err, size_t errn);

/* Game n (from 1) of the file at path: a PGN collection holds many, any
 * other file one ("FILE holds 1 game" for n > 1). */
int qp_record_read_game(qp_record *rec, const char *path, int n, char *err, size_t errn);
/* Every game of the file at path in turn (qp_record_each: each owns the
 * record it is given); the number of games, or -1 with err. */
int qp_record_each_game(const char *path, int (*each)(qp_record *rec, void *ctx), void *ctx, char *err,
                        size_t errn);

/* Whole load: read, find the ruleset, create rules, init game, replay.
 * On success *rules_out is owned by the caller (qp_rules_free after
 * qp_game_free). */
int qp_record_load(const qp_registry *reg, const char *path, qp_rules **rules_out,
                   qp_game *g, char *err, size_t errn);
/* The same, also handing the parsed record to the caller (qp_record_free).
 * What it found wrong without refusing the record (a variation that does
 * not replay) is in rec->warning. */
int qp_record_load_keep(const qp_registry *reg, const char *path, qp_rules **rules_out,
                        qp_game *g, qp_record *rec, char *err, size_t errn);
/* The same for game n (from 1) of the file. */
int qp_record_load_game(const qp_registry *reg, const char *path, int n, qp_rules **rules_out, qp_game *g,
                        qp_record *rec, char *err, size_t errn);
/* The load of a record already read (path names it in messages): rec is
 * handed to keep (may be NULL: freed) on success, freed on failure. */
int qp_record_load_rec(const qp_registry *reg, const char *path, qp_record *rec, qp_rules **rules_out,
                       qp_game *g, qp_record *keep, char *err, size_t errn);

/* Saving by the file's name: the format whose ext the name ends with
 * (".sgf": SGF), else PGN in the game's own move text.  src as for
 * qp_record_text_from (may be NULL).  The text is malloc'd, NULL with err. */
const qp_record_format *qp_record_format_for_path(const char *path);
char *qp_record_file_text(const char *path, const qp_game *g, const qp_record *src, size_t *len, char *err,
                          size_t errn);
int qp_record_file_save(const char *path, const qp_game *g, const qp_record *src, char *err, size_t errn);

#endif
