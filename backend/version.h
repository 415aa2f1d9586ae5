/* version.h - the version of azc and azpdl (--version, the man pages, the pkg-config files). */
#ifndef AZC_VERSION_H
#define AZC_VERSION_H
#define AZC_VERSION "0.1.0"
#endif
