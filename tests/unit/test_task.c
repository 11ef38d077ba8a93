/*
 * test_task.c — the background job runner (framework/task.h) that the
 * searches share: progress published by the job is what poll sees, done
 * and running say the truth before, during and after a job, and a task is
 * reusable.
 */
#include "testutil.h"
#include "task.h"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

typedef struct {
    qp_task *t;
    atomic_int step;       /* the test moves the job on */
    int ran;
} job_state;

static void wait_for(atomic_int *v, int want)
{
    struct timespec ts = {0, 1000000L};
    while (atomic_load(v) != want) nanosleep(&ts, NULL);
}

/* Publishes depth 1, waits for the test, publishes depth 2 and returns. */
static void job(void *arg)
{
    job_state *j = arg;
    qp_search_info in;
    memset(&in, 0, sizeof in);
    in.depth = 1;
    qp_task_publish(j->t, &in);
    atomic_store(&j->step, 1);
    wait_for(&j->step, 2);
    in.depth = 2;
    in.done = true;
    qp_task_publish(j->t, &in);
    j->ran++;
}

static void test_progress_and_states(void **st)
{
    (void)st;
    qp_task t;
    qp_task_init(&t);
    qp_search_info out;
    assert_true(qp_task_poll(&t, &out));    /* nothing runs: done */
    assert_false(qp_task_live(&t));
    assert_false(qp_task_running(&t));
    qp_task_join(&t);                       /* a no-op */

    job_state j = {.t = &t};
    for (int round = 1; round <= 2; round++) {   /* the task is reusable */
        atomic_store(&j.step, 0);
        assert_int_equal(qp_task_start(&t, job, &j), 0);
        assert_true(qp_task_live(&t));
        wait_for(&j.step, 1);
        assert_false(qp_task_poll(&t, &out));
        assert_int_equal(out.depth, 1);
        assert_true(qp_task_running(&t));
        atomic_store(&j.step, 2);
        qp_task_join(&t);
        assert_true(qp_task_poll(&t, &out));
        assert_int_equal(out.depth, 2);
        assert_true(out.done);
        assert_false(qp_task_live(&t));
        assert_false(qp_task_running(&t));
        assert_int_equal(j.ran, round);
    }
    qp_task_destroy(&t);
}

/* A new job starts with no progress of the last one. */
static void quiet(void *arg)
{
    (void)arg;
}

static void test_start_clears_progress(void **st)
{
    (void)st;
    qp_task t;
    qp_task_init(&t);
    qp_search_info in;
    memset(&in, 0, sizeof in);
    in.depth = 7;
    qp_task_publish(&t, &in);
    assert_int_equal(qp_task_start(&t, quiet, NULL), 0);
    qp_task_join(&t);
    qp_search_info out;
    assert_true(qp_task_poll(&t, &out));
    assert_int_equal(out.depth, 0);
    qp_task_destroy(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_progress_and_states),
        cmocka_unit_test(test_start_clears_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
