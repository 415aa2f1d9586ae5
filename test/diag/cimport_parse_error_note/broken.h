/* broken.h: uses a type it never declares */
int area(shape_t s);
