/* shadow.h - test_cimport: the source directory's copy wins over inc/shadow.h. */
int shadow_source(void);
