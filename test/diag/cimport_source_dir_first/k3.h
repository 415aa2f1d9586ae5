/* k3.h: next to the source: found first */
int pick(int a);
