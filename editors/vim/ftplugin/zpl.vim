" ftplugin/zpl.vim - Vim: settings for ZPL buffers (azc's dialect): the comment leaders of
" language.md section 2.2, for gq, the o command and commenting plugins.
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=--\ %s
setlocal comments=:--,s1:/*,mb:*,ex:*/
setlocal formatoptions-=t formatoptions+=croql
let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions<'
