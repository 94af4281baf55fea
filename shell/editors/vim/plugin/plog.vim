" plog.vim: log the prompt you are writing with `plog add`, and recall past prompts with
" `prompthist`, from Vim or Neovim.
"
"   :[range]PlogAdd [TASK]     log the lines (default: the whole buffer) as a prompt
"   :[range]PromptHist [WORDS] recall into the clipboard; no WORDS: the word under the cursor,
"                              or the selected lines with a range
"   :PromptHist! [WORDS]       the same, shown in a scratch window instead of copied
"   {Visual}<Leader>pa         log the exact selection (characters, not whole lines)
"   {Visual}<Leader>ph         recall with the exact selection as the pattern
"   <Leader>ph                 recall the word under the cursor
"
" Model and project come from plog itself (PLOG_MODEL, the config, the newest block, the git
" repository around Vim's working directory), so they match `plog add` on the command line.
" Set g:plog_model or g:plog_project (or b:plog_project) to override them from Vim.
" g:plog_command / g:prompthist_command name the programs (default: plog / prompthist on $PATH);
" g:plog_no_mappings = 1 leaves your mappings alone.

if exists('g:loaded_plog') || &compatible
  finish
endif
let g:loaded_plog = 1

let s:save_cpo = &cpo
set cpo&vim

function! s:program(name) abort
  return get(g:, a:name . '_command', a:name ==# 'plog' ? 'plog' : 'prompthist')
endfunction

" Runs argv (a list; each word shell-escaped, so nothing in it is interpreted) with `input` on
" stdin. Returns [status, stdout lines, stderr text].
function! s:run(argv, input) abort
  let l:errfile = tempname()
  let l:cmd = join(map(copy(a:argv), 'shellescape(v:val)'), ' ') . ' 2>' . shellescape(l:errfile)
  let l:out = systemlist(l:cmd, a:input)
  let l:status = v:shell_error
  let l:err = filereadable(l:errfile) ? join(readfile(l:errfile), "\n") : ''
  call delete(l:errfile)
  return [l:status, l:out, l:err]
endfunction

function! s:report(status, err) abort
  " plog's notes start with the program name; drop it, Vim's message line is narrow.
  let l:msg = substitute(a:err, '\v(^|\n)(plog|prompthist): ', '\1', 'g')
  execute 'echohl' (a:status == 0 ? 'None' : a:status == 1 ? 'WarningMsg' : 'ErrorMsg')
  for l:line in split(l:msg, "\n")
    echomsg l:line
  endfor
  echohl None
endfunction

" Logs `text` as the prompt of a new block with TASK `task` (may be empty).
function! plog#add_text(text, task) abort
  if a:text =~# '^\_s*$'
    echohl WarningMsg | echomsg 'PlogAdd: nothing to log (the text is empty)' | echohl None
    return 1
  endif
  let l:argv = [s:program('plog'), 'add']
  if a:task !=# '' | call extend(l:argv, ['--task', a:task]) | endif
  let l:model = get(g:, 'plog_model', '')
  let l:project = get(b:, 'plog_project', get(g:, 'plog_project', ''))
  if l:model !=# '' | call extend(l:argv, ['--model', l:model]) | endif
  if l:project !=# '' | call extend(l:argv, ['--project', l:project]) | endif
  let [l:status, l:out, l:err] = s:run(l:argv, a:text)
  call s:report(l:status, join(l:out + [l:err], "\n"))
  return l:status
endfunction

function! plog#add(line1, line2, task) abort
  let l:lines = getline(a:line1, a:line2)
  return plog#add_text(join(l:lines, "\n") . "\n", a:task)
endfunction

" Recalls the blocks matching every word in `patterns` (a list). With `show`, the bundle opens
" in a scratch window; otherwise it goes to the clipboard the way prompthist chooses.
function! plog#hist(patterns, show) abort
  let l:patterns = filter(copy(a:patterns), 'v:val !~# "^\\s*$"')
  if empty(l:patterns)
    echohl WarningMsg | echomsg 'PromptHist: nothing to search for (no word under the cursor)' | echohl None
    return 2
  endif
  let l:argv = [s:program('prompthist'), a:show ? '--print' : '--copy', '--'] + l:patterns
  let [l:status, l:out, l:err] = s:run(l:argv, '')
  if a:show && l:status == 0
    new
    setlocal buftype=nofile bufhidden=wipe noswapfile nobuflisted filetype=markdown
    execute 'file' fnameescape('prompthist ' . join(l:patterns, ' '))
    call setline(1, l:out)
    setlocal nomodified
  endif
  call s:report(l:status, l:err)
  return l:status
endfunction

function! s:hist_command(bang, count, line1, line2, args) abort
  if a:args !=# ''
    let l:patterns = split(a:args)
  elseif a:count > 0
    " A range: the selected lines, as one pattern (the literal phrase).
    let l:patterns = [s:phrase(join(getline(a:line1, a:line2), "\n"))]
  else
    let l:patterns = [expand('<cword>')]
  endif
  call plog#hist(l:patterns, a:bang ==# '!')
endfunction

" The exact text of the last Visual selection, without touching any register for good.
function! s:selection() abort
  let l:saved = [getreg('z'), getregtype('z')]
  normal! gv"zy
  let l:text = getreg('z')
  call setreg('z', l:saved[0], l:saved[1])
  return l:text
endfunction

" A selection as one search phrase: lines joined by a space, outer blanks dropped.
function! s:phrase(text) abort
  return join(filter(map(split(a:text, "\n"), 'trim(v:val)'), 'v:val !=# ""'), ' ')
endfunction

command! -range=% -nargs=? PlogAdd call plog#add(<line1>, <line2>, <q-args>)
command! -range=0 -bang -nargs=* PromptHist call s:hist_command('<bang>', <count>, <line1>, <line2>, <q-args>)

xnoremap <silent> <Plug>(PlogAddSelection) :<C-u>call plog#add_text(<SID>selection(), input('Task: '))<CR>
xnoremap <silent> <Plug>(PromptHistSelection) :<C-u>call plog#hist([<SID>phrase(<SID>selection())], 0)<CR>
nnoremap <silent> <Plug>(PromptHistWord) :<C-u>call plog#hist([expand('<cword>')], 0)<CR>

if !get(g:, 'plog_no_mappings', 0)
  if !hasmapto('<Plug>(PlogAddSelection)', 'x') && maparg('<Leader>pa', 'x') ==# ''
    xmap <Leader>pa <Plug>(PlogAddSelection)
  endif
  if !hasmapto('<Plug>(PromptHistSelection)', 'x') && maparg('<Leader>ph', 'x') ==# ''
    xmap <Leader>ph <Plug>(PromptHistSelection)
  endif
  if !hasmapto('<Plug>(PromptHistWord)', 'n') && maparg('<Leader>ph', 'n') ==# ''
    nmap <Leader>ph <Plug>(PromptHistWord)
  endif
endif

let &cpo = s:save_cpo
unlet s:save_cpo
