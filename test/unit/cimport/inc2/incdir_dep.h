/* incdir_dep.h - test_cimport: only in the second include directory. */
short dep_fn(short x);
