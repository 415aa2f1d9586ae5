" ftdetect/zpl.vim - Vim: files ending in .zpl or .z are ZPL (azc's dialect; azc accepts both).
autocmd BufRead,BufNewFile *.zpl,*.z setfiletype zpl
