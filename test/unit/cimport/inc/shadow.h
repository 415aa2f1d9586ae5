/* shadow.h - test_cimport: hidden by the source directory's copy. */
int shadow_include(void);
