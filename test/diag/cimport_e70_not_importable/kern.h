/* kern.h: C functions for the cimport tests */
struct pt { double x, y; };
struct foo;
double scale(double v, int k);
void bump(int *counter);
int twice(int v);
double norm(struct pt p);
int legacy();
int count(char **argv);
long widen(long v);
void reset(void);
unsigned int hash(unsigned int seed, int v);
int use_foo(int a, struct foo *p);
double hypot3(double a, double b, double c);
#include <stddef.h>
size_t length(size_t n);
