/*
 * variation.c — the pool of variation nodes (contract in variation.h).
 */
#include "variation.h"

#include <stdlib.h>
#include <string.h>

int qp_vars_add(qp_vars *v, const char *text, int line, int col)
{
    if (strlen(text) >= QP_MOVE_TEXT) return -1;
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 32;
        qp_var_node *n = realloc(v->node, sizeof *n * (size_t)cap);
        if (!n) return -1;
        v->node = n;
        v->cap = cap;
    }
    qp_var_node *n = &v->node[v->n];
    memset(n, 0, sizeof *n);
    strcpy(n->text, text);
    n->line = line;
    n->col = col;
    n->next = n->alt = -1;
    return v->n++;
}

void qp_vars_append_alt(qp_vars *v, int *head, int k)
{
    int *at = head;
    while (*at >= 0) at = &v->node[*at].alt;
    *at = k;
}

static char *dup_or_null(const char *s, int *bad)
{
    if (!s) return NULL;
    char *d = strdup(s);
    if (!d) *bad = 1;
    return d;
}

int qp_vars_copy(qp_vars *dst, const qp_vars *src)
{
    memset(dst, 0, sizeof *dst);
    if (!src->n) return 0;
    dst->node = malloc(sizeof *dst->node * (size_t)src->n);
    if (!dst->node) return -1;
    int bad = 0;
    for (int i = 0; i < src->n; i++) {
        dst->node[i] = src->node[i];
        dst->node[i].pre = dup_or_null(src->node[i].pre, &bad);
        dst->node[i].comment = dup_or_null(src->node[i].comment, &bad);
        dst->node[i].nags = dup_or_null(src->node[i].nags, &bad);
    }
    dst->n = dst->cap = src->n;
    if (bad) qp_vars_free(dst);
    return bad ? -1 : 0;
}

void qp_vars_free(qp_vars *v)
{
    for (int i = 0; i < v->n; i++) {
        free(v->node[i].pre);
        free(v->node[i].comment);
        free(v->node[i].nags);
    }
    free(v->node);
    memset(v, 0, sizeof *v);
}

int qp_text_append(char **to, const char *text)
{
    size_t a = *to ? strlen(*to) : 0, b = strlen(text);
    char *j = realloc(*to, a + b + 2);
    if (!j) return -1;
    if (a) j[a++] = ' ';
    memcpy(j + a, text, b + 1);
    *to = j;
    return 0;
}
