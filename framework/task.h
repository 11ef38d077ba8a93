/*
 * task.h — one job on a background thread and the progress it publishes:
 * the plumbing alpha-beta (search.c), MCTS (mcts.c) and the AI
 * dispatcher's puzzle jobs (ai.c) share, so that a frontend starts, polls,
 * stops and waits for any of them the same way and never blocks.
 *
 * The task runs one job at a time: qp_task_start runs fn(arg) on a new
 * thread; the job publishes its latest qp_search_info (qp_task_publish)
 * and the owner reads it (qp_task_poll) under the task's lock.  Asking a
 * job to stop is the job's own business (its stop flag): the task only
 * says when the job has returned and joins its thread.
 *
 * Invariant: live is true from a successful start until the join; done is
 * true whenever no job is running (before the first start, and once fn
 * has returned).
 */
#ifndef QP_TASK_H
#define QP_TASK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "search_info.h"

typedef struct qp_task {
    pthread_t th;
    bool live;                 /* a thread was started and not yet joined */
    atomic_bool done;          /* no job is running */
    pthread_mutex_t mu;
    qp_search_info shared;     /* the last progress published, under mu */
    void (*fn)(void *);
    void *arg;
} qp_task;

void qp_task_init(qp_task *t);
/* Joins a thread still live (its job must have been asked to stop). */
void qp_task_destroy(qp_task *t);

/* Runs fn(arg) on a thread of its own; the previous job must have been
 * joined.  The published progress starts empty.  Returns 0, or -1 when no
 * thread could be started (then nothing runs). */
int qp_task_start(qp_task *t, void (*fn)(void *), void *arg);

/* From the job: the progress the owner sees next. */
void qp_task_publish(qp_task *t, const qp_search_info *info);

/* The last progress published (out may be NULL); true once the job has
 * returned. */
bool qp_task_poll(qp_task *t, qp_search_info *out);

/* Waits for the job to return (no-op when none was started). */
void qp_task_join(qp_task *t);

/* A job was started and not joined yet (it may have returned). */
bool qp_task_live(const qp_task *t);
/* A job is running now. */
bool qp_task_running(const qp_task *t);

#endif
