/* test_text_format.c - text_vformat (frontend/text_format.c) gives vsnprintf's text and result
 * byte for byte: the conversions it formats itself (with extreme values, null strings, precision),
 * those it leaves to vsnprintf, and every buffer size from 0 to past the text (truncation). */
#include "text_format.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures, checks;

/* Format fmt with the arguments through both functions at every size 0 .. length + 2. */
static void check(const char *fmt, ...) {
  char want[512], got[512];
  va_list ap, again;
  va_start(ap, fmt);
  va_copy(again, ap);
  int full = vsnprintf(NULL, 0, fmt, again);
  va_end(again);
  for (size_t cap = 0; cap <= (size_t)full + 2 && cap <= sizeof want; cap++) {
    memset(want, 'x', sizeof want);
    memset(got, 'x', sizeof got);
    va_list a1, a2;
    va_copy(a1, ap);
    va_copy(a2, ap);
    int n_want = vsnprintf(cap ? want : NULL, cap, fmt, a1);
    int n_got = text_vformat(cap ? got : NULL, cap, fmt, a2);
    va_end(a1);
    va_end(a2);
    checks++;
    if (n_want != n_got || memcmp(want, got, sizeof want) != 0) {
      failures++;
      printf("FAIL: format \"%s\" at size %zu: vsnprintf gives %d \"%.*s\", text_vformat %d \"%.*s\"\n", fmt, cap,
             n_want, (int)(cap ? cap : 1) - 1, want, n_got, (int)(cap ? cap : 1) - 1, got);
      break;
    }
  }
  va_end(ap);
}

int main(void) {
  const char *null_string = NULL;
  check("");
  check("no conversion at all");
  check("%%");
  check("100%% of %s", "it");
  check("%s", "");
  check("%s%s%s", "a", "bc", "def");
  check("  z_%s = %s + %s;", "A", "zt1[i]", "1");
  check("%s", null_string);                                 /* vsnprintf prints it its own way */
  check("before %s after %d", null_string, 7);
  check("%.*s|", 3, "abcdef");
  check("%.*s|", 10, "abc");
  check("%.*s|", 0, "abc");
  check("%.*s|", -1, "abcdef");
  check("%.*s|", 2, null_string);
  check("%c%c%c", 'a', '\'', '"');
  check("[%c]", 0);
  check("%d %d %d", 0, INT_MAX, INT_MIN);
  check("%i,%u", -42, UINT_MAX);
  check("%ld %lu", LONG_MIN, ULONG_MAX);
  check("%lld %lld %llu", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
  check("%li %lli", -1L, -1LL);
  check("%zu", (size_t)SIZE_MAX);
  check("zx%d = ZRT_XFER_INIT(%d, %d);", 12345, 6, 789);
  check("%5d|%-3s|%03o|%9.4f", 42, "ab", 8, 3.14159);       /* left to vsnprintf */
  check("%zd %g %x %p", (size_t)3, 1.5, 255u, (void *)0);
  check("%s %5s", "a", "b");
  check("%hd %hu", 1, 2);
  check("%ls", L"wide");
  if (failures) printf("test_text_format: %d of %d checks failed\n", failures, checks);
  else printf("test_text_format: %d checks passed\n", checks);
  return failures != 0;
}
