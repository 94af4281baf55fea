# plog import claude-code: throughput (MB of transcripts per second) and peak memory on a
# synthetic Claude Code history of 500 MB (shell/bench.d/claude-tree.py, cached in $BENCH_DIR),
# against the floor of reading the same bytes (`cat` to /dev/null) and finding the user lines
# (`rg -c '"type":"user"'`). Targets: at least 50 MB/s, under 100 MB resident.
set -euo pipefail
mb=500
[ "$BENCH_QUICK" = 1 ] && mb=50
tree=$BENCH_DIR/claude-tree-${mb}M
if [ ! -s "$tree/history.jsonl" ]; then
  echo "== generating a ${mb} MB Claude Code history" >&2
  rm -rf "$tree.tmp"
  python3 shell/bench.d/claude-tree.py --mb "$mb" --out "$tree.tmp" >&2 && mv "$tree.tmp" "$tree"
fi
bytes=$(du -sb "$tree" | cut -f1)
work=$BENCH_DIR/import
rm -rf "$work"; mkdir -p "$work/home"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_STATE_HOME=$work/home/.local/state

# One cold-cache-independent warm-up read, then the timed runs.
cat "$tree"/projects/*/*.jsonl >/dev/null
# Each run imports into a fresh log: every prompt is new, the merge writes them all.
import_ms=$(hf_median plog-import "sh -c 'rm -f $work/p.log; $PLOG import claude-code -q -f $work/p.log $tree'")
cat_ms=$(hf_median cat "sh -c 'cat $tree/projects/*/*.jsonl $tree/history.jsonl >/dev/null'")
rg_ms=nan
command -v rg >/dev/null && rg_ms=$(hf_median rg "sh -c 'rg -c -F \"\\\"type\\\":\\\"user\\\"\" $tree >/dev/null'")

rm -f "$work/p.log"
/usr/bin/time -v "$PLOG" import claude-code -f "$work/p.log" "$tree" 2>"$work/time.txt" >/dev/null
rss_kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
summary=$(grep '^plog: claude-code' "$work/time.txt" || true)
again_ms=$(hf_median plog-import-again "$PLOG" import claude-code -q -f "$work/p.log" "$tree")

mbs() { python3 -c 'import sys; b,ms=float(sys.argv[1]),float(sys.argv[2]); print("%.0f" % (b/1048576/(ms/1000)) if ms==ms and ms>0 else "nan")' "$1" "$2"; }
echo "plog import claude-code, $(( bytes / 1048576 )) MB of transcripts and history.jsonl (median ms, MB/s)"
row "command" "median ms" "MB/s" "plog/x"
row "plog import (fresh log, all new)" "$import_ms" "$(mbs "$bytes" "$import_ms")" "1.00"
row "plog import again (all present)" "$again_ms" "$(mbs "$bytes" "$again_ms")" "$(ratio "$again_ms" "$import_ms")"
row "cat > /dev/null (reading floor)" "$cat_ms" "$(mbs "$bytes" "$cat_ms")" "$(ratio "$import_ms" "$cat_ms")"
row "rg -c '\"type\":\"user\"'" "$rg_ms" "$(mbs "$bytes" "$rg_ms")" "$(ratio "$import_ms" "$rg_ms")"
echo "peak resident memory of one import: $(( rss_kb / 1024 )) MB"
echo "$summary"
echo "targets: at least 50 MB/s, under 100 MB resident"
