/* bad_include.h - test_cimport: a header that includes a file that does not exist. */
#include "azc_no_such_header.h"
int after_missing(int x);
