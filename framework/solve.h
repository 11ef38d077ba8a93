/*
 * solve.h — exact solver for one-player puzzles (r->nsides == 1).
 *
 * A puzzle is solved when outcome() says QP_WIN with winner 0; any other
 * end (QP_WIN winner 1, or a draw from an adapter without "failed") is a
 * failure.  The solver is a depth-first search over the hooks (gen, make
 * by copy-make, hash, outcome) that remembers every position it has
 * proven dead in a table of hash keys, so no position is searched twice;
 * moves are tried best first by the ruleset's move_order when it has one,
 * else in generation order.  (Ordering by evaluate was tried and dropped:
 * a two-player evaluation is no guide to a puzzle's progress; on English
 * peg solitaire it searched 13 times as many positions.)
 * Positions repeated along the current line are skipped, so puzzles with
 * reversible moves terminate too.
 *
 * Memory is bounded: the dead table has a fixed size (mem_mb; the rules'
 * ai.hash_mb when 0) and overwrites old keys when full (which costs time,
 * never correctness).  The table is kept between calls on the same
 * solver, since a dead position stays dead; it is forgotten after a call
 * that met a cycle and did not prove "no solution", where a key may stand
 * for a position proven dead only relative to the line then searched.
 * 64-bit keys are trusted: a collision could wrongly prune a position.
 */
#ifndef QP_SOLVE_H
#define QP_SOLVE_H

#include <stdint.h>

#include "ruleset.h"

typedef enum {
    QP_SOLVE_FOUND,     /* a solution is in the result */
    QP_SOLVE_NONE,      /* proven: no sequence of moves solves it */
    QP_SOLVE_UNKNOWN,   /* stopped, or a limit was reached first */
} qp_solve_status;

typedef struct qp_solve_result {
    qp_solve_status status;
    qp_move *moves;     /* the solution, from the given position (malloc'ed) */
    int len;
    uint64_t nodes;     /* positions generated */
    int time_ms;
} qp_solve_result;

typedef struct qp_solver qp_solver;

qp_solver *qp_solver_new(const qp_rules *r, size_t mem_mb);
void qp_solver_free(qp_solver *sv);
void qp_solver_clear(qp_solver *sv);   /* forget the dead positions */

/* Solves position pos.  max_nodes / max_ms of 0 mean no limit.  res->moves
 * must be released with qp_solve_result_free.  Returns res->status. */
qp_solve_status qp_solve(qp_solver *sv, const void *pos, uint64_t max_nodes, int max_ms,
                         qp_solve_result *res);
void qp_solve_result_free(qp_solve_result *res);

/* Asynchronous request from any thread: the running qp_solve returns
 * QP_SOLVE_UNKNOWN soon.  A new qp_solve forgets old requests. */
void qp_solver_stop(qp_solver *sv);

#endif
