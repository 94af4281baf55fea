# plog add: a 1 KB prompt from flags, fsync included, against `cat >> log && sync log` and jrnl,
# and flat as the log grows from empty to 1 GB (add reads at most the log's tail).
set -euo pipefail
work=$BENCH_DIR/add
rm -rf "$work"; mkdir -p "$work/home/.config/jrnl"
prompt=$(python3 -c 'import random; random.seed(1); w="the a property wrapper throttles writes to disk in under fifty ms for each user".split(); print(" ".join(random.choice(w) for _ in range(200))[:1024])')
printf '%s\n' "$prompt" >"$work/prompt.txt"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_STATE_HOME=$work/home/.local/state

# jrnl from PyPI, in its own virtualenv, with a config that asks nothing.
venv=$BENCH_DIR/jrnl-venv
if [ ! -x "$venv/bin/jrnl" ]; then
  python3 -m venv "$venv" && "$venv/bin/pip" install -q jrnl >/dev/null 2>&1 || echo "bench: could not install jrnl from PyPI" >&2
fi
cat >"$work/home/.config/jrnl/jrnl.yaml" <<YAML
colors: {body: none, date: none, tags: none, title: none}
default_hour: 9
default_minute: 0
editor: ''
encrypt: false
highlight: false
indent_character: '|'
journals:
  default:
    journal: $work/journal.txt
linewrap: 79
tagsymbols: '#@'
template: false
timeformat: '%F %r'
version: v4.6
YAML
[ -x "$venv/bin/jrnl" ] && "$venv/bin/jrnl" "warm up" </dev/null >/dev/null 2>&1 || true

export P1K=$prompt
plog_ms=$(hf_median plog-add "$PLOG" add -f "$work/empty.log" -m claude -p bench -t "throttle writes" --prompt "$prompt" -q)
cat_ms=$(hf_median cat-sync "sh -c 'cat $work/prompt.txt >> $work/cat.log && sync $work/cat.log'")
if [ -x "$venv/bin/jrnl" ]; then
  jrnl_ms=$(hf_median jrnl "$venv/bin/jrnl" "$prompt")
else
  jrnl_ms=nan
fi

echo "plog add, 1 KB prompt from flags, fsync included (median of hyperfine runs, ms)"
row "command" "median ms" "plog/x" ""
row "plog add (static release)" "$plog_ms" "1.00" ""
row "sh -c 'cat >> log && sync log'" "$cat_ms" "$(ratio "$plog_ms" "$cat_ms")" ""
row "jrnl (PyPI)" "$jrnl_ms" "$(ratio "$plog_ms" "$jrnl_ms")" ""
echo "target: plog add median under 6 ms"

echo
echo "plog add as the log grows (the add reads only the tail)"
row "log size" "median ms" "vs empty" ""
for mb in 1 100 1000; do
  src=$(bench_log "$mb")
  cp "$src" "$work/grown.log" && sync "$work/grown.log"
  ms=$(hf_median "plog-add-$mb" "$PLOG" add -f "$work/grown.log" -t "throttle writes" --prompt "$prompt" -q)
  row "$(du -h "$work/grown.log" | cut -f1)" "$ms" "$(ratio "$ms" "$plog_ms")" ""
  rm -f "$work/grown.log"
done
