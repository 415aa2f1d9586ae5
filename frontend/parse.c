/* parse.c - the parse driver: feeds tokens to the lemon parser, words syntax errors as section 14.2
 * says (S1-S6), and recovers at the next ';', 'end' or declaration keyword. */
#include "parse.h"
#include <stdlib.h>
#include <string.h>
#include "parse_internal.h"
#include "parser.h"

/* Keywords that begin a program-level section: where the parser restarts after an error. */
static bool is_section_keyword(int kind) {
  switch (kind) {
  case TK_PROCEDURE: case TK_PROTOTYPE: case TK_REGION: case TK_DIRECTION: case TK_TYPE:
  case TK_CONFIG: case TK_CONSTANT: case TK_CONST: case TK_VAR: case TK_EXTERN: case TK_GRID:
  case TK_DISTRIBUTION: case TK_FREE:
    return true;
  default:
    return false;
  }
}

/* Tokens where parsing resumes after a syntax error (section 14.1). */
static bool is_sync_token(int kind) {
  return kind == 0 || kind == TK_SEMI || kind == TK_END || kind == TK_ELSE || kind == TK_ELSIF || kind == TK_UNTIL ||
         is_section_keyword(kind);
}

/* The spelling of a token kind in "expected 'X'" messages. */
static const char *expected_spelling(int kind) {
  switch (kind) {
  case TK_SEMI: return ";";
  case TK_THEN: return "then";
  case TK_DO: return "do";
  case TK_OF: return "of";
  case TK_COLON: return ":";
  case TK_EQ: return "=";
  case TK_ASSIGN: return ":=";
  case TK_TO: return "to";
  case TK_RPAREN: return ")";
  case TK_RBRACKET: return "]";
  case TK_RBRACE: return "}";
  case TK_UNTIL: return "until";
  case TK_PROGRAM: return "program";
  default: return "?";
  }
}

/* The keyword that opened a block, as written. */
static const char *block_keyword(int kind) {
  switch (kind) {
  case TK_BEGIN: return "begin";
  case TK_IF: return "if";
  case TK_WHILE: return "while";
  case TK_FOR: return "for";
  case TK_RECORD: return "record";
  case TK_UNION: return "union";
  case TK_SCAN: return "scan";
  case TK_INTERLEAVE: return "interleave";
  default: return "repeat";
  }
}

/* "'text'" for a token, or "end of file". */
static const char *describe_token(ParseCtx *ctx, const Token *t) {
  if (t->kind == 0) return "end of file";
  int len = t->len;
  const char *text = ctx->src->text + t->off;
  const char *nl = memchr(text, '\n', (size_t)len);
  if (nl) len = (int)(nl - text);
  return arena_printf(ctx->arena, "'%.*s'", len, text);
}

void parse_action_error(ParseCtx *ctx, Token at, const char *msg) {
  diag_syntax(ctx->diags, at.line, at.col, "%s", msg);
}

/* Track blocks that need 'end' (or 'until') so that S2 can name the one left open. */
static void track_block(ParseCtx *ctx, int kind, int line) {
  switch (kind) {
  case TK_BEGIN: case TK_IF: case TK_WHILE: case TK_FOR: case TK_RECORD: case TK_UNION:
  case TK_SCAN: case TK_INTERLEAVE: case TK_REPEAT:
    if (ctx->nblocks == ctx->capblocks) {
      ctx->capblocks = ctx->capblocks ? ctx->capblocks * 2 : 16;
      OpenBlock *nb = arena_alloc(ctx->arena, sizeof(OpenBlock) * (size_t)ctx->capblocks);
      if (ctx->nblocks) memcpy(nb, ctx->blocks, sizeof(OpenBlock) * (size_t)ctx->nblocks);
      ctx->blocks = nb;
    }
    ctx->blocks[ctx->nblocks].kind = kind;
    ctx->blocks[ctx->nblocks].line = line;
    ctx->nblocks++;
    break;
  case TK_END:
    if (ctx->nblocks > 0 && ctx->blocks[ctx->nblocks - 1].kind != TK_REPEAT) ctx->nblocks--;
    break;
  case TK_UNTIL:
    if (ctx->nblocks > 0 && ctx->blocks[ctx->nblocks - 1].kind == TK_REPEAT) ctx->nblocks--;
    break;
  default:
    break;
  }
}

bool parse_syntax_error(ParseCtx *ctx, void *parser, int major, const Token *tok) {
  Diags *d = ctx->diags;
  const char *found = describe_token(ctx, tok);
  int line = tok->line, col = tok->col;
  OpenBlock *top = ctx->nblocks ? &ctx->blocks[ctx->nblocks - 1] : NULL;
  if (major == TK_ASSIGN && zpl_parser_accepts(parser, TK_EQ)) {
    diag_syntax(d, line, col, "expected '=', found ':='");
    return false;
  }
  if (token_is_reserved(major) && zpl_parser_accepts_pair(parser, TK_IDENT, ctx->peek.kind)) {
    diag_syntax(d, line, col, "'%.*s' is a reserved word and cannot be used as an identifier", tok->len,
                ctx->src->text + tok->off);
    return true;
  }
  if (zpl_parser_accepts(parser, TK_SEMI) && !zpl_parser_accepts(parser, TK_IDENT)) {
    diag_syntax(d, line, col, "expected ';', found %s", found);
    return false;
  }
  if (top && top->kind != TK_REPEAT && zpl_parser_accepts(parser, TK_END) &&
      (major == 0 || is_section_keyword(major))) {
    diag_syntax(d, line, col, "expected 'end' to close '%s' from line %d, found %s", block_keyword(top->kind),
                top->line, found);
    return false;
  }
  if (top && top->kind == TK_REPEAT && zpl_parser_accepts(parser, TK_UNTIL) &&
      (major == 0 || is_section_keyword(major))) {
    diag_syntax(d, line, col, "expected 'until' to close 'repeat' from line %d, found %s", top->line, found);
    return false;
  }
  static const int candidates[] = {TK_THEN, TK_DO, TK_OF, TK_RPAREN, TK_RBRACKET, TK_RBRACE,
                                   TK_COLON, TK_EQ, TK_ASSIGN, TK_TO};
  bool in_expression = zpl_parser_accepts(parser, TK_PLUS);
  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
    if (candidates[i] == TK_EQ && in_expression) continue; /* '=' there is a comparison */
    if (zpl_parser_accepts(parser, candidates[i])) {
      diag_syntax(d, line, col, "expected '%s', found %s", expected_spelling(candidates[i]), found);
      return false;
    }
  }
  diag_syntax(d, line, col, "unexpected %s", found);
  return false;
}

/* Start a fresh parser that expects program-level sections (after recovery at a declaration keyword). */
static void *restart_parser(ParseCtx *ctx, void *parser) {
  if (parser) ZplParseFree(parser, free);
  parser = ZplParseAlloc(malloc);
  Token resync = {0};
  resync.kind = TK_RESYNC;
  ZplParse(parser, TK_RESYNC, resync, ctx);
  ctx->nblocks = 0;
  ctx->cur_proc = NULL;
  return parser;
}

Program *parse_program(Arena *a, const Source *src, Diags *diags) {
  ParseCtx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.arena = a;
  ctx.diags = diags;
  ctx.src = src;
  ctx.prog = ARENA_NEW(a, Program);
  Lexer lex;
  lexer_init(&lex, src, diags, a);
  void *parser = ZplParseAlloc(malloc);
  Token tok = lexer_next(&lex);
  bool skipping = false; /* after a syntax error: skip to the next ';', 'end' or declaration keyword */
  bool to_section = false; /* after the parser gave up: skip to the next declaration keyword */
  for (;;) {
    ctx.peek = tok.kind ? lexer_next(&lex) : tok;
    if ((skipping && !is_sync_token(tok.kind)) || (to_section && tok.kind != 0 && !is_section_keyword(tok.kind))) {
      track_block(&ctx, tok.kind, tok.line);
      tok = ctx.peek;
      continue;
    }
    skipping = false;
    if (to_section) {
      to_section = false;
      if (tok.kind == 0) break;
      parser = restart_parser(&ctx, parser);
    }
    if (tok.kind == 0 && lex.eof_in_error) {
      break; /* an unterminated comment: the lexical error says it all */
    }
    if (tok.kind == TK_GE && !zpl_parser_accepts(parser, TK_GE) && zpl_parser_accepts_pair(parser, TK_GT, TK_EQ)) {
      /* 'direction<+,0>= [1, 0]': the '>' that closes a type, then the '=' of the initializer */
      Token gt = tok;
      gt.kind = TK_GT;
      gt.len = 1;
      ZplParse(parser, TK_GT, gt, &ctx);
      tok.kind = TK_EQ;
      tok.off++;
      tok.col++;
      tok.len = 1;
    }
    if (token_is_reserved(tok.kind) && zpl_parser_errcnt(parser) < 0 &&
        !zpl_parser_accepts_pair(parser, tok.kind, ctx.peek.kind) &&
        zpl_parser_accepts_pair(parser, TK_IDENT, ctx.peek.kind)) {
      /* A reserved word where a name fits (`scan := 1;`): S5, then go on with a name. */
      diag_syntax(diags, tok.line, tok.col, "'%.*s' is a reserved word and cannot be used as an identifier", tok.len,
                  src->text + tok.off);
      tok.kind = TK_IDENT;
    } else if (tok.kind != TK_LEXERROR && !zpl_parser_accepts(parser, tok.kind)) {
      /* Word the error from the state before lemon's default reductions lose it. */
      bool report = zpl_parser_errcnt(parser) < 0;
      if (report && parse_syntax_error(&ctx, parser, tok.kind, &tok)) {
        tok.kind = TK_IDENT; /* a reserved word used as a name: go on as if it were one */
      } else if (is_section_keyword(tok.kind)) {
        parser = restart_parser(&ctx, parser);
      } else {
        skipping = tok.kind != 0 && !is_sync_token(tok.kind);
      }
    }
    track_block(&ctx, tok.kind, tok.line);
    ZplParse(parser, tok.kind, tok, &ctx);
    if (ctx.overflow) {
      diag_syntax(diags, tok.line, tok.col, "program is nested too deeply");
      break;
    }
    if (ctx.parse_failed) { /* nothing could recover inside: start again at the next declaration */
      ctx.parse_failed = false;
      to_section = true;
    } else if (tok.kind == TK_SEMI || tok.kind == TK_END) {
      zpl_parser_clear_errors(parser); /* report the next error too */
    }
    if (tok.kind == 0) break;
    tok = ctx.peek;
  }
  ZplParseFree(parser, free);
  return ctx.prog;
}
