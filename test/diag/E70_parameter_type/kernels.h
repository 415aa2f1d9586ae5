/* kernels.h: C kernels for the header-import tests */
double scale(double v, int k);
void bump(int *counter);
int twice(int v);
struct foo;
int use_foo(int a, struct foo *p);
struct foo *make_foo(int n);
int sum_all(int n, ...);
