# prompthist: recall on generated logs of 100 MB and 1 GB against grep -c -i, rg -P -i -c,
# rg -i -c and `cat log > /dev/null`, for a rare pattern, a common one, one that never
# matches and regular expressions with \b and alternation (common and rare); then peak memory
# (max RSS from /usr/bin/time -v) from 1 MB to 1 GB. All figures from this one run.
set -euo pipefail
[ -x /usr/bin/time ] || plog_install_system_packages time

# Patterns (shell/genlog: `quokka` is in about 1 block in 100,000, `xylophonist` in none).
rare=quokka
common="property wrapper"
never=xylophonist
regex='\b(mutex|semaphore|spinlock)\b'
rare_regex='\b(quokka|axolotl)s?\b'

# Every command runs as `sh -c '... | cat >/dev/null'`, peers alike: a pipe, because GNU grep
# stops at the first match when its output is /dev/null, and exit 1 (nothing found) is not a failure.
q() { python3 -c 'import shlex, sys; print(shlex.quote(sys.argv[1]))' "$1"; }
t() { hf_median "$1" "sh -c $(q "$2 | cat >/dev/null")"; }

declare -A ms
peer_runs=${HF_PEER_RUNS:-5}
for mb in 100 1000; do
  log=$(bench_log "$mb")
  cat "$log" >/dev/null  # into the page cache before anything is timed
  # The baseline exactly as the targets state it: `cat log > /dev/null`, no pipe.
  ms[cat,$mb]=$(hf_median "cat-$mb" "sh -c $(q "cat $log >/dev/null")")
  ms[plog1,$mb]=$(t "prompthist-never-1thread-$mb" "env PLOG_THREADS=1 $PROMPTHIST --print -f $log $never")
  for name in rare common never regex rare_regex; do
    pat=${!name}
    ms[plog,$name,$mb]=$(t "prompthist-$name-$mb" "$PROMPTHIST --print -f $log $(q "$pat")")
    # Peers take up to seconds a run on 1 GB: fewer runs for them.
    ms[grep,$name,$mb]=$(HF_RUNS=$peer_runs t "grep-$name-$mb" "grep -c -i -E $(q "$pat") $log")
    ms[rgP,$name,$mb]=$(HF_RUNS=$peer_runs t "rgP-$name-$mb" "rg -P -i -c $(q "$pat") $log")
    if [ "$mb" = 1000 ] && [[ $name == *regex ]] && [ "$BENCH_QUICK" != 1 ]; then
      # ripgrep 13 runs a Unicode \b at a few MB/s on text with non-ASCII lines (its DFA gives
      # up): minutes a run on 1 GB. Measured on 100 MB only.
      ms[rg,$name,$mb]=skipped
    else
      ms[rg,$name,$mb]=$(HF_RUNS=$peer_runs t "rg-$name-$mb" "rg -i -c $(q "$pat") $log")
    fi
  done
done

rat() { case "$1 $2" in *skipped*) echo "-" ;; *) ratio "$1" "$2" ;; esac; }
fmt() { printf '%-36s %10s %10s %10s %10s %10s %9s %9s %9s\n' "$@"; }
for mb in 100 1000; do
  echo
  echo "prompthist --print on a ${mb} MB log (median ms of hyperfine runs; ratios: peer / prompthist, prompthist / cat)"
  fmt "pattern" "prompthist" "grep -i" "rg -P -i" "rg -i" "cat" "grep/ph" "rgP/ph" "ph/cat"
  for name in rare common never regex rare_regex; do
    p=${ms[plog,$name,$mb]}
    fmt "$name: ${!name}" "$p" "${ms[grep,$name,$mb]}" "${ms[rgP,$name,$mb]}" "${ms[rg,$name,$mb]}" "${ms[cat,$mb]}" \
      "$(rat "${ms[grep,$name,$mb]}" "$p")" "$(rat "${ms[rgP,$name,$mb]}" "$p")" "$(rat "$p" "${ms[cat,$mb]}")"
  done
  fmt "never, one thread (PLOG_THREADS=1)" "${ms[plog1,$mb]}" "" "" "" "${ms[cat,$mb]}" "" "" "$(ratio "${ms[plog1,$mb]}" "${ms[cat,$mb]}")"
done

# Peak memory: the scanned pages of the mapped log are handed back as the scan goes, so max RSS
# is what prompthist itself holds.
echo
echo "peak memory (max RSS, MB) of prompthist --print, by log size"
fmt "log" "no match" "common" "rare regex" "" "" "" "" ""
max_rss=0
for mb in 1 10 100 1000; do
  log=$(bench_log "$mb")
  row_values=()
  for pat in "$never" "$common" "$rare_regex"; do
    /usr/bin/time -v -o "$BENCH_DIR/time.txt" "$PROMPTHIST" --print -f "$log" "$pat" >/dev/null 2>&1 || true
    kb=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$BENCH_DIR/time.txt")
    row_values+=("$(python3 -c 'import sys; print("%.1f" % (int(sys.argv[1]) / 1024))' "$kb")")
    max_rss=$(python3 -c 'import sys; print(max(float(sys.argv[1]), int(sys.argv[2]) / 1024))' "$max_rss" "$kb")
  done
  fmt "${mb} MB" "${row_values[@]}" "" "" "" "" ""
done

echo
verdict() { python3 -c 'import sys; print("ok  " if eval(sys.argv[1]) else "MISS")' "$1"; }
n1=${ms[plog,never,1000]}; c1=${ms[cat,1000]}
echo "targets (this run):"
echo "  $(verdict "$n1 <= 2.5 * $c1") 1 GB no-match scan at most 2.5x cat: $n1 ms vs cat $c1 ms ($(ratio "$n1" "$c1")x)"
echo "  $(verdict "${ms[grep,never,1000]} >= 5 * $n1 and ${ms[rgP,never,1000]} >= 5 * $n1") 1 GB no-match at least 5x faster than grep -i and rg -P: $(ratio "${ms[grep,never,1000]}" "$n1")x, $(ratio "${ms[rgP,never,1000]}" "$n1")x"
echo "  $(verdict "${ms[plog,common,1000]} < 20") common pattern on 1 GB, default budget, under 20 ms: ${ms[plog,common,1000]} ms"
worst=$(python3 -c 'import sys; print(max(float(x) for x in sys.argv[1:]))' \
  "${ms[plog,rare,100]}" "${ms[plog,common,100]}" "${ms[plog,never,100]}" "${ms[plog,regex,100]}" "${ms[plog,rare_regex,100]}")
echo "  $(verdict "$worst < 60") 100 MB, any pattern, under 60 ms: slowest $worst ms"
echo "  $(verdict "$max_rss < 64") memory flat under 64 MB from 1 MB to 1 GB: peak $max_rss MB"
echo "  ($(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg))"
