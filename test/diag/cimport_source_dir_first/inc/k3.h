/* k3.h: through -I: hidden by the one next to the source */
double pick(double a);
