/* bad.h - test_cimport: a header that libclang cannot parse. */
int ok_before(int x);
int broken(int x double y);
int ok_after(int x);
