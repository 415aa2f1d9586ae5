/* other.h: declares no reset */
int helper2(int a);
