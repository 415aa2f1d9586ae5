/* beside.h - test_cimport: found next to the source file. */
double beside_fn(double x);
