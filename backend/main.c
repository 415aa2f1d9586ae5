/* main.c - entry point of the azc command. */
#include "driver.h"

int main(int argc, char **argv) { return azc_main(argc, argv); }
