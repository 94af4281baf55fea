# prompthist --like: a draft against generated logs of 10 MB and 100 MB, beside plain recall
# of a rare and a common pattern on the same log and `cat log > /dev/null`; three drafts: one
# with a rare word (`quokka`, about 1 block in 100,000) among common ones, one of common words
# only (every chosen term in thousands of blocks), and a CJK one (no ASCII term: the screen
# passes over every ASCII word). Then peak memory (max RSS from
# /usr/bin/time -v) from 1 MB to 1 GB. All figures from this one run.
set -euo pipefail
[ -x /usr/bin/time ] || plog_install_system_packages time

q() { python3 -c 'import shlex, sys; print(shlex.quote(sys.argv[1]))' "$1"; }
t() { hf_median "$1" "sh -c $(q "$2 | cat >/dev/null")"; }

drafts=$BENCH_DIR/like-drafts
mkdir -p "$drafts"
printf '%s\n' "My property wrapper deadlocks under load and the quokka snapshot test fails; make it thread safe." \
  >"$drafts/rare.txt"
printf '%s\n' "Fix the failing test in the cache and make the build faster." >"$drafts/common.txt"
printf '%s\n' "属性包装器在多线程下死锁，如何修复？" >"$drafts/cjk.txt"

declare -A ms
for mb in 10 100; do
  log=$(bench_log "$mb")
  cat "$log" >/dev/null  # into the page cache before anything is timed
  ms[cat,$mb]=$(hf_median "cat-$mb" "sh -c $(q "cat $log >/dev/null")")
  ms[rare,$mb]=$(t "prompthist-rare-$mb" "$PROMPTHIST --print -f $log quokka")
  ms[common,$mb]=$(t "prompthist-common-$mb" "$PROMPTHIST --print -f $log 'property wrapper'")
  for d in rare common cjk; do
    ms[like,$d,$mb]=$(t "like-$d-$mb" "$PROMPTHIST --print -f $log --like $drafts/$d.txt")
  done
  ms[like1,$mb]=$(t "like-rare-1thread-$mb" "env PLOG_THREADS=1 $PROMPTHIST --print -f $log --like $drafts/rare.txt")
done

fmt() { printf '%-44s %10s %10s %10s %10s\n' "$@"; }
for mb in 10 100; do
  echo
  echo "prompthist on a ${mb} MB log (median ms of hyperfine runs; ratios: --like / plain recall of a rare pattern, / cat)"
  fmt "command" "ms" "recall ms" "x recall" "x cat"
  r=${ms[rare,$mb]}; c=${ms[cat,$mb]}
  fmt "prompthist quokka (plain recall, rare)" "$r" "" "" "$(ratio "$r" "$c")"
  fmt "prompthist 'property wrapper' (common)" "${ms[common,$mb]}" "" "" "$(ratio "${ms[common,$mb]}" "$c")"
  for d in rare common cjk; do
    v=${ms[like,$d,$mb]}
    fmt "prompthist --like ($d draft)" "$v" "$r" "$(ratio "$v" "$r")" "$(ratio "$v" "$c")"
  done
  fmt "--like (rare draft), one thread" "${ms[like1,$mb]}" "$r" "$(ratio "${ms[like1,$mb]}" "$r")" "$(ratio "${ms[like1,$mb]}" "$c")"
  fmt "cat log > /dev/null" "$c" "" "" ""
done

echo
echo "peak memory (max RSS, MB) of prompthist --like, by log size"
max_rss=0
for mb in 1 10 100 1000; do
  log=$(bench_log "$mb")
  line=""
  for d in rare common; do
    /usr/bin/time -v -o "$BENCH_DIR/time.txt" "$PROMPTHIST" --print -f "$log" --like "$drafts/$d.txt" >/dev/null 2>&1 || true
    kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$BENCH_DIR/time.txt")
    line+=$(printf ' %10.1f' "$(python3 -c 'import sys; print(int(sys.argv[1]) / 1024)' "$kb")")
    max_rss=$(python3 -c 'import sys; print(max(float(sys.argv[1]), int(sys.argv[2]) / 1024))' "$max_rss" "$kb")
  done
  printf '%-10s%s   (rare draft, common draft)\n' "${mb} MB" "$line"
done

echo
verdict() { python3 -c 'import sys; print("ok  " if eval(sys.argv[1]) else "MISS")' "$1"; }
worst100=$(python3 -c 'import sys; print(max(float(x) for x in sys.argv[1:]))' "${ms[like,rare,100]}" "${ms[like,common,100]}" "${ms[like,cjk,100]}")
worst10=$(python3 -c 'import sys; print(max(float(x) for x in sys.argv[1:]))' "${ms[like,rare,10]}" "${ms[like,common,10]}" "${ms[like,cjk,10]}")
echo "targets (this run):"
echo "  $(verdict "$worst100 <= 100") --like on 100 MB at most 100 ms: slowest draft $worst100 ms"
echo "  $(verdict "$worst10 <= 20") --like on 10 MB at most 20 ms: slowest draft $worst10 ms"
echo "  $(verdict "$max_rss < 64") memory flat under 64 MB from 1 MB to 1 GB: peak $max_rss MB"
echo "  ($(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg))"
