# Trust: what the secret scan costs on the `plog add` path, the hand-written scanner against one
# combined PCRE2 pattern (compile and scan), its accuracy on the test fixtures (credentials found
# with the right kind, look-alikes touched), `plog doctor --secrets` over a large log, and the
# pre-push scan of `plog sync` on that log.
set -euo pipefail
work=$BENCH_DIR/trust
rm -rf "$work"; mkdir -p "$work/home"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_STATE_HOME=$work/home/.local/state
prompt=$(python3 -c 'import random; random.seed(1); w="the a property wrapper throttles writes to disk in under fifty ms for each user token = getToken() password: rules".split(); print(" ".join(random.choice(w) for _ in range(200))[:1024])')
secret_prompt="$prompt AKIAQWERTYUIOP234567 and password = \"hunter2hunter2\""

scan_ms=$(hf_median add-scan "$PLOG" add -f "$work/a.log" -m claude -p bench -t "throttle writes" --prompt "$prompt" -q)
keep_ms=$(hf_median add-keep "$PLOG" add -f "$work/b.log" -m claude -p bench -t "throttle writes" --prompt "$prompt" -q --keep-secrets)
found_ms=$(hf_median add-found "$PLOG" add -f "$work/c.log" -m claude -p bench -t "throttle writes" --prompt "$secret_prompt" -q)
echo "plog add, 1 KB prompt, fsync included (median ms)"
row "command" "median ms" "vs keep" ""
row "plog add (scan, nothing found)" "$scan_ms" "$(ratio "$scan_ms" "$keep_ms")" ""
row "plog add (scan, 2 redacted)" "$found_ms" "$(ratio "$found_ms" "$keep_ms")" ""
row "plog add --keep-secrets (no scan)" "$keep_ms" "1.00" ""
echo "target: plog add median under 6 ms with the scan"

echo
# The scanner alone, in process: no process start in the figures.
if (cd fuzz && swift build -c release --scratch-path "$BENCH_DIR/bench-secrets" --product bench-secrets) \
    >"$BENCH_DIR/bench-secrets.log" 2>&1; then
  "$BENCH_DIR/bench-secrets/release/bench-secrets" Tests/PromptLogTests/Fixtures/secrets
else
  echo "bench: bench-secrets did not build (see $BENCH_DIR/bench-secrets.log)" >&2
fi

echo
log=$(bench_log 100)
doctor_ms=$(HF_RUNS=3 hf_median doctor-secrets "sh -c '$PLOG doctor --secrets -f $log >/dev/null; true'")
cat_ms=$(hf_median cat "sh -c 'cat $log >/dev/null'")
echo "plog doctor --secrets over a $(du -hL "$log" | cut -f1) log"
row "command" "median ms" "vs cat" ""
row "plog doctor --secrets" "$doctor_ms" "$(ratio "$doctor_ms" "$cat_ms")" ""
row "cat log > /dev/null" "$cat_ms" "1.00" ""

echo
# plog sync scans what it is about to push. Each round appends one block to the large log and
# syncs it to a local bare remote: with the scan (only the lines the remote lacks are read) and
# with --allow-secrets (no scan). The first push of the whole log is timed once each way.
sync_dir=$work/sync
rm -rf "$sync_dir"; mkdir -p "$sync_dir"
git init -q --bare -b main "$sync_dir/remote.git"
"$PLOG" init -q --remote "$sync_dir/remote.git" "$sync_dir/a" >/dev/null
cp "$log" "$sync_dir/a/prompts.log"
ms_since() { python3 -c 'import sys,time; print("%.1f" % ((time.time_ns() - int(sys.argv[1])) / 1e6))' "$1"; }
t0=$(python3 -c 'import time; print(time.time_ns())')
"$PLOG" sync -q -f "$sync_dir/a/prompts.log" || true
first_scan=$(ms_since "$t0")
rounds=5
[ "$BENCH_QUICK" = 1 ] && rounds=2
median() { python3 -c 'import sys, statistics; print("%.1f" % statistics.median(map(float, sys.argv[1:])))' "$@"; }
scan_times=(); allow_times=()
for r in $(seq 1 $rounds); do
  for mode in scan allow; do
    "$PLOG" add -q -f "$sync_dir/a/prompts.log" -m claude -p bench -t "sync round $r $mode" --prompt "$prompt"
    flag=(); [ $mode = allow ] && flag=(--allow-secrets)
    t0=$(python3 -c 'import time; print(time.time_ns())')
    "$PLOG" sync -q "${flag[@]}" -f "$sync_dir/a/prompts.log" || echo "bench: sync ($mode) failed" >&2
    if [ $mode = scan ]; then scan_times+=("$(ms_since "$t0")"); else allow_times+=("$(ms_since "$t0")"); fi
  done
done
sync_scan=$(median "${scan_times[@]}"); sync_allow=$(median "${allow_times[@]}")
echo "plog sync of one new block on a $(du -hL "$log" | cut -f1) log, local bare remote (median of $rounds, ms)"
row "command" "median ms" "vs no scan" ""
row "plog sync (scans the unpushed lines)" "$sync_scan" "$(ratio "$sync_scan" "$sync_allow")" ""
row "plog sync --allow-secrets (no scan)" "$sync_allow" "1.00" ""
row "first push of the whole log, with the scan" "$first_scan" "" ""
