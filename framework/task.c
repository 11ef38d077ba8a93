/*
 * task.c — one job on a background thread (task.h).
 */
#include "task.h"

#include <string.h>

void qp_task_init(qp_task *t)
{
    memset(t, 0, sizeof *t);
    atomic_init(&t->done, true);
    pthread_mutex_init(&t->mu, NULL);
}

void qp_task_destroy(qp_task *t)
{
    qp_task_join(t);
    pthread_mutex_destroy(&t->mu);
}

static void *task_main(void *arg)
{
    qp_task *t = arg;
    t->fn(t->arg);
    atomic_store(&t->done, true);
    return NULL;
}

int qp_task_start(qp_task *t, void (*fn)(void *), void *arg)
{
    qp_task_join(t);
    pthread_mutex_lock(&t->mu);
    memset(&t->shared, 0, sizeof t->shared);
    pthread_mutex_unlock(&t->mu);
    t->fn = fn;
    t->arg = arg;
    atomic_store(&t->done, false);
    if (pthread_create(&t->th, NULL, task_main, t) != 0) {
        atomic_store(&t->done, true);
        return -1;
    }
    t->live = true;
    return 0;
}

void qp_task_publish(qp_task *t, const qp_search_info *info)
{
    pthread_mutex_lock(&t->mu);
    t->shared = *info;
    pthread_mutex_unlock(&t->mu);
}

bool qp_task_poll(qp_task *t, qp_search_info *out)
{
    bool done = atomic_load(&t->done);
    if (out) {
        pthread_mutex_lock(&t->mu);
        *out = t->shared;
        pthread_mutex_unlock(&t->mu);
    }
    return done;
}

void qp_task_join(qp_task *t)
{
    if (!t->live) return;
    pthread_join(t->th, NULL);
    t->live = false;
}

bool qp_task_live(const qp_task *t)
{
    return t->live;
}

bool qp_task_running(const qp_task *t)
{
    return t->live && !atomic_load(&((qp_task *)t)->done);
}
