" synids.vim - for test/unit/editor_vim.sh, sourced by a headless Vim (vim -es) with the buffer
" to look at loaded: writes to the file g:zpl_out the buffer's 'filetype' on the first line, then
" for each "LINE COL" line of the file g:zpl_positions the name of the syntax group there (an
" empty line for none), then every place highlighted as an error ("error LINE COL GROUP").
let s:out = ['filetype ' . &filetype]
for s:pos in readfile(g:zpl_positions)
  let [s:l, s:c] = split(s:pos)
  call add(s:out, synIDattr(synID(str2nr(s:l), str2nr(s:c), 1), 'name'))
endfor
for s:l in range(1, line('$'))
  let s:n = strlen(getline(s:l))
  for s:c in range(1, s:n)
    let s:name = synIDattr(synID(s:l, s:c, 1), 'name')
    if s:name =~# 'Error\|BadEscape'
      call add(s:out, 'error ' . s:l . ' ' . s:c . ' ' . s:name)
    endif
  endfor
endfor
call writefile(s:out, g:zpl_out)
