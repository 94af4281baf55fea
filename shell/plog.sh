# plog.sh: optional shell glue for bash and zsh. Source it from ~/.bashrc or ~/.zshrc:
#
#   . /path/to/plog/shell/plog.sh
#
# It defines
#   ph WORDS...    recall every block matching all WORDS into the clipboard (prompthist --copy);
#                  a shorter name for the command you type most
#   Ctrl-X Ctrl-P  on the command line: recall with the words typed so far, then clear the
#                  line (kept when nothing matched, so you can change the words)
#
# Settings (before sourcing):
#   PLOG_RECALL_KEY   the key sequence: bash `bind` syntax (default '\C-x\C-p') or zsh
#                     `bindkey` syntax (default '^X^P'); set it empty for no key binding
#   PLOG_NO_ALIAS=1   do not define `ph`
# The functions call `prompthist` from $PATH; set PROMPTHIST to use another one.

# Recall into the clipboard with WORDS as the patterns; prompthist prints its one-line
# summary (blocks, lines, tokens, where it went) on stderr. Exit status as prompthist's:
# 0 something matched, 1 nothing matched, 2 an error.
plog_recall() {
  if [ $# -eq 0 ]; then
    echo "plog_recall: give the words to recall, e.g. plog_recall property wrapper" >&2
    return 2
  fi
  command "${PROMPTHIST:-prompthist}" --copy -- "$@"
}

if [ "${PLOG_NO_ALIAS:-0}" != 1 ]; then
  ph() { plog_recall "$@"; }
fi

if [ -n "${BASH_VERSION:-}" ]; then
  # bind -x widget: READLINE_LINE is the command line being edited.
  _plog_recall_readline() {
    local -a words
    read -r -a words <<<"$READLINE_LINE"
    if [ ${#words[@]} -eq 0 ]; then
      echo "plog: type the words to recall first, then press the key again" >&2
      return 0
    fi
    if plog_recall "${words[@]}" </dev/null; then
      READLINE_LINE=""
      READLINE_POINT=0
    fi
  }
  _plog_key=${PLOG_RECALL_KEY-'\C-x\C-p'}
  if [[ $- == *i* ]] && [ -n "$_plog_key" ]; then
    bind -x "\"$_plog_key\": _plog_recall_readline"
  fi
  unset _plog_key
elif [ -n "${ZSH_VERSION:-}" ]; then
  # zle widget: BUFFER is the command line; (z) splits it as zsh would, (Q) drops the quotes,
  # so "property wrapper" swift gives two patterns.
  _plog_recall_zle() {
    local -a words
    words=(${(Q)${(z)BUFFER}})
    if (( ${#words} == 0 )); then
      zle -M "plog: type the words to recall first, then press the key again"
      return 0
    fi
    # Inside a widget, zle owns the screen: the summary is shown with `zle -M` (anything a
    # widget writes to stderr may be drawn over). A bundle printed for lack of a clipboard goes
    # to the terminal itself.
    local summary
    if summary=$(plog_recall "${words[@]}" 2>&1 >/dev/tty </dev/null); then
      BUFFER=""
      CURSOR=0
    fi
    zle -M "$summary"
  }
  _plog_key=${PLOG_RECALL_KEY-'^X^P'}
  if [[ -o interactive ]] && [[ -n "$_plog_key" ]]; then
    zle -N _plog_recall_zle
    bindkey "$_plog_key" _plog_recall_zle
  fi
  unset _plog_key
fi
