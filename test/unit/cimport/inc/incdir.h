/* incdir.h - test_cimport: found through an include directory; its own includes use
   the source directory (beside.h) and the second include directory (incdir_dep.h). */
#include "beside.h"
#include <incdir_dep.h>
unsigned incdir_fn(unsigned x);
