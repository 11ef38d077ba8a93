/*
 * record.h — saved games: a plain-text record shared by every frontend.
 *
 *     [Ruleset "zhonggong"]
 *     [Date "2026-11-21"]
 *     [Result "red wins: checkmate"]      ("*" while ongoing)
 *     [FEN "rnbacabnr/4c4/..."]            (the start position)
 *     [Param "draw.repetitions" "4"]       (each non-default parameter)
 *     [Ply "12"]                           (only when viewing before the end)
 *
 *     1. e3e4 e7e6
 *     2. ...
 *
 * Saving goes through qp_file_save (fileio.h), so a crash never leaves a
 * half-written file.  Loading checks the headers, rebuilds the rules with
 * the saved parameters, replays every move and names the first bad one.
 */
#ifndef QP_RECORD_H
#define QP_RECORD_H

#include "game.h"
#include "registry.h"

int qp_record_save(const qp_game *g, const char *path, char *err, size_t errn);

/* Parsed record: the caller creates rules from ruleset+params, then
 * qp_record_replay() plays the moves into a game. */
typedef struct qp_record {
    char ruleset[64];
    char date[32];
    char result[128];
    char fen[512];
    int nparams;
    char pkey[QP_MAX_PARAMS][96];
    char pval[QP_MAX_PARAMS][QP_PARAM_TEXT];
    int ply;                       /* [Ply] header: viewing position, -1 = end */
    int nmoves;
    char (*moves)[QP_MOVE_TEXT];   /* heap */
    int *move_line;                /* source line of each move */
} qp_record;

int qp_record_read(qp_record *rec, const char *path, char *err, size_t errn);
void qp_record_free(qp_record *rec);
/* Builds params for rs from the record's Param headers. */
int qp_record_params(const qp_record *rec, const qp_ruleset *rs, qp_params *p, char *err, size_t errn);
/* g must be initialised from rec->fen; plays all moves, -1 at the first
 * bad one ("line 7: move 12 'e3e5': <reason>"). */
int qp_record_replay(const qp_record *rec, qp_game *g, char *err, size_t errn);

/* Whole load: read, find the ruleset, create rules, init game, replay.
 * On success *rules_out is owned by the caller (qp_rules_free after
 * qp_game_free). */
int qp_record_load(const qp_registry *reg, const char *path, qp_rules **rules_out,
                   qp_game *g, char *err, size_t errn);

#endif
