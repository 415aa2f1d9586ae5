/* parse.h - turning a source file into a Program (lexer + lemon parser + syntax error recovery). */
#ifndef AZC_PARSE_H
#define AZC_PARSE_H
#include "ast.h"
#include "diag.h"
#include "source.h"

/* Parse src. Lexical and syntax errors go to diags; the tree is complete only when there were none. */
Program *parse_program(Arena *a, const Source *src, Diags *diags);
#endif
