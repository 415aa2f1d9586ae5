/* ast_dump.h - the readable, stable dump of a checked program printed by azc --emit=ast. */
#ifndef AZC_AST_DUMP_H
#define AZC_AST_DUMP_H
#include <stdio.h>
#include "ast.h"
#include "sema.h"

void ast_dump(FILE *out, const Program *prog, const Sema *sema);
#endif
