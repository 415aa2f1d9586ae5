" syntax/zpl.vim - Vim syntax for ZPL, azc's dialect: the lexical grammar of language.md section 2
" (comments, reserved words, literals, the operators, the reduction and scan tokens, @ and @^,
" square brackets, inside which " is the ditto token) and the predefined names of section 8.
" Install: copy to ~/.vim/syntax/ (with ../ftdetect/zpl.vim and ../ftplugin/zpl.vim), or add
" PREFIX/share/vim/vimfiles to 'runtimepath' after make install.
if exists('b:current_syntax')
  finish
endif
let s:cpo_save = &cpo
set cpo&vim

syntax case match

" Operators (section 2.6), first: the tokens below that start at the same place win over them.
syntax match zplOperator ":=\|[-+*/%&|]=\|!=\|<=\|>=\|\.\.\|[-+*/%^=<>&|!]"
" Errors: == (L7), && and || (L8), a preprocessor line (L10).
syntax match zplError "==\|&&\|||"
syntax match zplError "^\s*#.*$"

" Reductions and scans: op<< and op||, op one of + * & | max min band bor bxor or any other
" identifier (a user-defined reduction, section 15.5), written without spaces.
syntax match zplReduce "\([+*&|]\|\<\h\w*\)<<"
syntax match zplScan "\([+*&|]\|\<\h\w*\)||"
syntax match zplShift "@^\="
syntax match zplFlood ">>"
" The primed shift A'@east belongs to an out-of-scope feature (section 13).
syntax match zplError "\(\w\|]\)\@<='@"

" Reserved words (section 2.4, those of out-of-scope features included) and the scalar types.
syntax keyword zplKeyword array at begin block bread bwrite by config const constant continue
syntax keyword zplKeyword cyclic direction distribution do downto else elsif end exit extern
syntax keyword zplKeyword for free generic genericensemble grid halt if in inout interleave
syntax keyword zplKeyword irregular multiblock nondist of opaque out procedure program prototype
syntax keyword zplKeyword read record reflect region repeat return scaledby scan static swith
syntax keyword zplKeyword swithout then to type union until var while with without wrap write
syntax keyword zplKeyword writeln
syntax keyword zplType boolean char complex dcomplex double file float integer longint qcomplex
syntax keyword zplType quad sbyte shortint string ubyte uinteger ulongint ushortint

" Predefined constants and functions (section 8), as matches: max<< is a reduction, not max.
syntax match zplConstant "\<\(true\|false\|PROCESSORS\|zin\|zout\|zerr\|znull\|file_read\|file_write\)\>"
syntax match zplConstant "\<\(CHAR_BIT\|CHAR_MIN\|CHAR_MAX\|SBYTE_MIN\|SBYTE_MAX\|UBYTE_MAX\|SHRT_MIN\|SHRT_MAX\|USHRT_MAX\|INT_MIN\|INT_MAX\|UINT_MAX\|LONG_MIN\|LONG_MAX\|ULONG_MAX\)\>"
syntax match zplConstant "\<\(FLT\|DBL\)_\(RADIX\|DIG\|MANT_DIG\|EPSILON\|MIN\|MAX\)\>"
syntax match zplConstant "\<M_\(E\|LOG2E\|LOG10E\|LN2\|PI\|PI_2\|PI_4\|1_PI\|2_PI\|2_SQRTPI\|SQRT2\|SQRT_2\)\>"
syntax match zplBuiltin "\<\(abs\|max\|min\|sqr\|cube\|trunc\|band\|bor\|bxor\|bnot\|bsl\|bsr\|bpop\)\>\(<<\|||\)\@!"
syntax match zplBuiltin "\<\(acos\|asin\|atan\|atan2\|ceil\|cos\|cosh\|exp\|fabs\|floor\|fmod\|ldexp\|log\|log10\|pow\|sin\|sinh\|sqrt\|tan\|tanh\)f\=\>\(<<\|||\)\@!"
syntax match zplBuiltin "\<to_\(boolean\|char\|sbyte\|ubyte\|shortint\|ushortint\|integer\|uinteger\|longint\|ulongint\|float\|double\|quad\)\>"
syntax match zplBuiltin "\<\(open\|close\|eof\|ResetTimer\|CheckTimer\|ClearTimer\|StartTimer\|StopTimer\|ReadTimer\|[Ii]ndex[1-6]\)\>\(<<\|||\)\@!"

" Numbers (section 2.5): decimal, octal and hexadecimal integers with an optional l/L; an octal
" literal with an 8 or 9 is an error (L6); floating literals, but 1..n is 1, .., n.
syntax match zplNumber "\<\d\+[lL]\=\>"
syntax match zplNumber "\<0[xX]\x\+[lL]\=\>"
syntax match zplError "\<0\d*[89]\d*[lL]\=\>"
syntax match zplFloat "\<\d\+\.\.\@!\d*\([eE][-+]\=\d\+\)\=[lL]\="
syntax match zplFloat "\.\@<!\.\d\+\([eE][-+]\=\d\+\)\=[lL]\=\>"
syntax match zplFloat "\<\d\+[eE][-+]\=\d\+[lL]\=\>"

" Character and string literals with their escapes; a backslash at the end of a line joins it to
" the next inside a string.
syntax match zplBadEscape contained "\\[^ntrbfva\\'"0-7]"
syntax match zplEscape contained "\\\([ntrbfva\\'"]\|\o\{1,3}\|$\)"
syntax match zplCharacter "'\([^\\']\|\\\([ntrbfva\\'"]\|\o\{1,3}\)\)'" contains=zplEscape
syntax region zplString start=+"+ skip=+\\\\\|\\"+ end=+"+ end=+\\\@<!$+ contains=zplEscape,zplBadEscape

" Square brackets (regions, directions, indexing): inside them " is the ditto token, never a string.
syntax match zplDitto contained +"+
syntax cluster zplInBrackets contains=zplOperator,zplError,zplReduce,zplScan,zplShift,zplFlood,zplKeyword,zplType,zplConstant,zplBuiltin,zplNumber,zplFloat,zplCharacter,zplDitto,zplBrackets,zplComment
syntax region zplBrackets matchgroup=zplRegionBracket start="\[" end="\]" contains=@zplInBrackets

" Comments (section 2.2), last: -- wins over the operator -, /* over /. They do not nest.
syntax keyword zplTodo contained TODO FIXME XXX NOTE
syntax match zplComment "--.*$" contains=zplTodo
syntax region zplComment start="/\*" end="\*/" contains=zplTodo

highlight default link zplKeyword Keyword
highlight default link zplType Type
highlight default link zplConstant Constant
highlight default link zplBuiltin Function
highlight default link zplNumber Number
highlight default link zplFloat Float
highlight default link zplCharacter Character
highlight default link zplString String
highlight default link zplEscape SpecialChar
highlight default link zplBadEscape Error
highlight default link zplOperator Operator
highlight default link zplReduce Special
highlight default link zplScan Special
highlight default link zplShift Operator
highlight default link zplFlood Operator
highlight default link zplRegionBracket Delimiter
highlight default link zplDitto Special
highlight default link zplComment Comment
highlight default link zplTodo Todo
highlight default link zplError Error

let b:current_syntax = 'zpl'
let &cpo = s:cpo_save
unlet s:cpo_save
