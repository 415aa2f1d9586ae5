/* mixed_part.h - test_cimport: a header included by mixed.h (transitive declarations). */
#ifndef AZC_TEST_MIXED_PART_H
#define AZC_TEST_MIXED_PART_H
int part_fn(int a);
#endif
