# Trust: what the secret scan costs on the `plog add` path, the hand-written scanner against one
# combined PCRE2 pattern (compile and scan), and `plog doctor --secrets` over a large log.
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
  "$BENCH_DIR/bench-secrets/release/bench-secrets"
else
  echo "bench: bench-secrets did not build (see $BENCH_DIR/bench-secrets.log)" >&2
fi

echo
log=$(bench_log 100)
doctor_ms=$(HF_RUNS=3 hf_median doctor-secrets "sh -c '$PLOG doctor --secrets -f $log >/dev/null; true'")
cat_ms=$(hf_median cat "sh -c 'cat $log >/dev/null'")
echo "plog doctor --secrets over a $(du -h "$log" | cut -f1) log"
row "command" "median ms" "vs cat" ""
row "plog doctor --secrets" "$doctor_ms" "$(ratio "$doctor_ms" "$cat_ms")" ""
row "cat log > /dev/null" "$cat_ms" "1.00" ""
