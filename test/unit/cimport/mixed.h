/* mixed.h - test_cimport: importable and non-importable C function declarations. */
#ifndef AZC_TEST_MIXED_H
#define AZC_TEST_MIXED_H
#include <stddef.h>
#include <stdbool.h>
#include "mixed_part.h"

struct point { double x, y; };
typedef struct point point_t;
typedef double (*unary_fn)(double);
typedef double binop_t(double, double);
typedef int myint;
enum color { RED, GREEN };
#define NOT_A_FUNCTION(x) ((x) + 1)

double scale(double x, int factor);
void reset(void);
int take_struct(int n, struct point p);
int take_struct_ptr(double a, int b, struct point *p);
void take_void_ptr(void *p);
int print_all(const char *fmt, ...);
double apply(unary_fn f, double x);
double apply_raw(double (*f)(double), double x);
struct point make_point(double x, double y);
point_t make_point_t(double x, double y);
size_t count_items(size_t n);
void fill(double *out, const double *in, int n);
bool is_even(_Bool strict, long n);
long double extended(long double x, float y);
unsigned short narrow(unsigned short a, short b, signed char c, unsigned char d, char e);
unsigned long long big(long long a, unsigned int b, unsigned long c);
myint via_typedef(myint a);
enum color paint(int x);
int take_enum(enum color c);
char *name_of(int i);
void counts(int *n, char *buf, _Bool *flag, volatile long *v);
int twice(int **pp);
double first_decl(double x);
double first_decl(double x);
int no_proto();
int later_proto();
int later_proto(int a);
static inline int inline_add(int a, int b) { return a + b; }
binop_t via_fn_typedef;
int arr_param(double a[], int n);
__int128 wide(int x);
int with_complex(double _Complex z);
int with_atomic(_Atomic int a);
int variadic_bad_param(void *p, ...);
struct point bad_result_variadic(int n, ...);
void *unnamed(int, double);
int const_param(const int x);
float float_fn(float a);
#endif
