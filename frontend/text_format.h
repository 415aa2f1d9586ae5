/* text_format.h - printf-style formatting for the compiler's own text (the generated C, names). */
#ifndef AZC_TEXT_FORMAT_H
#define AZC_TEXT_FORMAT_H
#include <stdarg.h>
#include <stddef.h>

/* vsnprintf's contract and result, byte for byte: formats fmt into dst (at most cap bytes with the
 * terminating NUL) and returns the length of the whole text (negative on error). The conversions
 * azc writes most (%s, %.*s, %c, %d, %i, %u with the length modifiers l, ll and z, and %%) are
 * formatted here, without the C library's per-call set-up; a format with anything else (a flag,
 * a width, %f, ...) goes to vsnprintf as a whole. */
int text_vformat(char *dst, size_t cap, const char *fmt, va_list ap);
#endif
