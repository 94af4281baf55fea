# plog stats: the whole report (text and --json) on generated logs of 100 MB and 1 GB against
# `cat log > /dev/null` on the same file, with every core and with one; then peak memory (max RSS
# from /usr/bin/time -v) from 1 MB to 1 GB. All figures from this one run.
set -euo pipefail
[ -x /usr/bin/time ] || plog_install_system_packages time

q() { python3 -c 'import shlex, sys; print(shlex.quote(sys.argv[1]))' "$1"; }
t() { hf_median "$1" "sh -c $(q "$2 | cat >/dev/null")"; }

declare -A ms
for mb in 100 1000; do
  log=$(bench_log "$mb")
  cat "$log" >/dev/null  # into the page cache before anything is timed
  # The baseline exactly as the targets state it: `cat log > /dev/null`, no pipe.
  ms[cat,$mb]=$(hf_median "cat-$mb" "sh -c $(q "cat $log >/dev/null")")
  ms[text,$mb]=$(t "stats-$mb" "$PLOG stats -f $log")
  ms[json,$mb]=$(t "stats-json-$mb" "$PLOG stats --json -f $log")
  ms[one,$mb]=$(t "stats-1thread-$mb" "env PLOG_THREADS=1 $PLOG stats -f $log")
  ms[filtered,$mb]=$(t "stats-filtered-$mb" "$PLOG stats -f $log --model claude --since 2024-01 --outcome hit,miss")
done

fmt() { printf '%-40s %12s %12s %10s\n' "$@"; }
for mb in 100 1000; do
  echo
  echo "plog stats on a ${mb} MB log (median ms of hyperfine runs; ratio: stats / cat)"
  fmt "command" "ms" "cat ms" "x cat"
  c=${ms[cat,$mb]}
  fmt "plog stats" "${ms[text,$mb]}" "$c" "$(ratio "${ms[text,$mb]}" "$c")"
  fmt "plog stats --json" "${ms[json,$mb]}" "$c" "$(ratio "${ms[json,$mb]}" "$c")"
  fmt "plog stats, one thread (PLOG_THREADS=1)" "${ms[one,$mb]}" "$c" "$(ratio "${ms[one,$mb]}" "$c")"
  fmt "plog stats with --model --since --outcome" "${ms[filtered,$mb]}" "$c" "$(ratio "${ms[filtered,$mb]}" "$c")"
done

# Peak memory: nothing of a block is kept (counts per model, project, month, day and distinct
# task line only), and scanned pages of the mapped log are handed back as the scan goes.
echo
echo "peak memory (max RSS, MB) of plog stats, by log size"
fmt "log" "max RSS MB" "" ""
declare -A rss
for mb in 1 10 100 1000; do
  log=$(bench_log "$mb")
  /usr/bin/time -v -o "$BENCH_DIR/time.txt" "$PLOG" stats -f "$log" >/dev/null 2>&1 || true
  kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$BENCH_DIR/time.txt")
  rss[$mb]=$(python3 -c 'import sys; print("%.1f" % (int(sys.argv[1]) / 1024))' "$kb")
  fmt "${mb} MB" "${rss[$mb]}" "" ""
done

echo
verdict() { python3 -c 'import sys; print("ok  " if eval(sys.argv[1]) else "MISS")' "$1"; }
s1=${ms[text,1000]}; c1=${ms[cat,1000]}
small=${rss[1]}; big=${rss[1000]}
echo "targets (this run):"
echo "  $(verdict "$s1 <= 10 * $c1") 1 GB stats under 10x cat: $s1 ms vs cat $c1 ms ($(ratio "$s1" "$c1")x)"
echo "  $(verdict "$big - $small <= 64") memory flat from 1 MB to 1 GB: $small MB -> $big MB (within 64 MB)"
