/* broken.h: does not parse */
int broken(int x;
