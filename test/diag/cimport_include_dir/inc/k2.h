/* k2.h: found through -I inc */
long widen(long v);
