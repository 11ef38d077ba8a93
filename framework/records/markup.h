/*
 * markup.h — what the readers of records embedded in markup share (CBF's
 * XML, DhtmlXQ in web pages): where a byte is, as a line and a column,
 * and a value's text with its entities decoded.
 */
#ifndef QP_MARKUP_H
#define QP_MARKUP_H

#include <stddef.h>

/* Line and column (characters of UTF-8, both from 1) of at in text. */
void qp_text_where(const char *text, const char *at, int *line, int *col);

/* Also HTML's: &nbsp; as a space and <br> as a line break. */
#define QP_MARKUP_HTML 1u

/* s[0..n) as text: the entities &lt; &gt; &amp; &quot; &apos; and numeric
 * ones (&#233; &#xE9;) decoded, "||" (the Xiangqi sites' line break) a
 * line break, blanks around trimmed; an entity it does not know stays as
 * written.  malloc'd (a decoded entity is never longer than its text, so
 * n + 1 bytes do), NULL when out of memory. */
char *qp_markup_text(const char *s, size_t n, unsigned flags);

#endif
