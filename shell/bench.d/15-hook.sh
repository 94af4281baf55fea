# plog hook: one Claude Code UserPromptSubmit payload on stdin, parsed, judged, redacted and
# appended with fsync, on a 10 MB and a 100 MB log (the hook reads only the log's tail and the
# transcript's last 64 KB). Also `plog add` and `prompthist` against a base build, when
# PLOG_BENCH_BASE names a directory holding that build's plog and prompthist.
set -euo pipefail
work=$BENCH_DIR/hook

# hf_cpu NAME CMD: mean user+system CPU ms of CMD (a command line as written). On a busy
# machine wall time mostly measures the wait for a core; CPU time shows the work done.
hf_cpu() {
  local json=$BENCH_DIR/hfc-$$.json runs=${HF_RUNS:-10}
  [ "$BENCH_QUICK" = 1 ] && runs=3
  hyperfine --warmup 2 --runs "$runs" --export-json "$json" "$2" >/dev/null 2>&1 || { echo nan; return 0; }
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.2f" % ((r["user"]+r["system"])*1000))' "$json"
  rm -f "$json"
}
rm -rf "$work"; mkdir -p "$work/home" "$work/repo/.git"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_STATE_HOME=$work/home/.local/state
fixtures=$PWD/Tests/EndToEndTests/Fixtures/hooks
# A transcript of a few hundred KB, as a session an hour in has, ending with an assistant line.
python3 - "$fixtures/claude-code-transcript.jsonl" "$work/transcript.jsonl" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
with open(sys.argv[2], "w") as f:
    for i in range(400):
        f.write(lines[0].replace("fix the auth bug", "fix the auth bug, round %d" % i) + "\n" + lines[1] + "\n")
PY
sed -e "s|\$CWD|$work/repo|" -e "s|\$TRANSCRIPT|$work/transcript.jsonl|" \
  "$fixtures/claude-code-user-prompt-submit.json" >"$work/payload.json"

# With --recall, a prompt on a subject the generated logs have (shell/genlog's words).
sed -e 's|"prompt":"[^"]*"|"prompt":"Write a Swift property wrapper that throttles writes to disk and flushes on background"|' \
  "$work/payload.json" >"$work/related.json"

echo "plog hook claude-code < payload.json (median wall ms of hyperfine runs, target under 15 ms;"
echo "with --recall, target under 50 ms more than without; cpu: mean user+system ms)"
row "log size" "hook ms" "--recall ms" "added ms"
for mb in 10 100; do
  src=$(bench_log "$mb")
  cp "$src" "$work/grown.log" && sync "$work/grown.log"
  cat "$work/grown.log" >/dev/null
  ms=$(hf_median "plog-hook-$mb" "sh -c 'PLOG_FILE=$work/grown.log $PLOG hook claude-code < $work/payload.json'")
  rc=$(hf_median "plog-hook-recall-$mb" "sh -c 'PLOG_FILE=$work/grown.log $PLOG hook claude-code --recall < $work/related.json >/dev/null'")
  row "$(du -h "$work/grown.log" | cut -f1)" "$ms" "$rc" "$(python3 -c 'import sys; print("%.2f" % (float(sys.argv[2]) - float(sys.argv[1])))' "$ms" "$rc")"
  c1=$(hf_cpu "plog-hook-cpu-$mb" "sh -c 'PLOG_FILE=$work/grown.log $PLOG hook claude-code < $work/payload.json'")
  c2=$(hf_cpu "plog-hook-recall-cpu-$mb" "sh -c 'PLOG_FILE=$work/grown.log $PLOG hook claude-code --recall < $work/related.json >/dev/null'")
  row "  cpu" "$c1" "$c2" ""
  rm -f "$work/grown.log"
done
# The shell that feeds stdin costs its own start-up: measure it alone to subtract.
sh_ms=$(hf_median "sh-only" "sh -c 'true < $work/payload.json'")
row "(sh -c 'true < payload', included above)" "$sh_ms" "" ""
if grep -q $'\terror\t' "$XDG_STATE_HOME/plog/hook.log" 2>/dev/null; then
  echo "bench: the hook logged errors:" >&2; grep $'\terror\t' "$XDG_STATE_HOME/plog/hook.log" | tail -3 >&2
fi

if [ -n "${PLOG_BENCH_BASE:-}" ] && [ -x "$PLOG_BENCH_BASE/plog" ]; then
  echo
  echo "plog add and prompthist, this build against the base build in \$PLOG_BENCH_BASE"
  row "command" "this ms" "base ms" "this/base"
  src=$(bench_log 100)
  cp "$src" "$work/a.log"; cp "$src" "$work/b.log"; sync "$work/a.log" "$work/b.log"
  a=$(hf_median add-this "$PLOG" add -f "$work/a.log" -t "throttle writes" --prompt "a 1 KB prompt" -q)
  b=$(hf_median add-base "$PLOG_BENCH_BASE/plog" add -f "$work/b.log" -t "throttle writes" --prompt "a 1 KB prompt" -q)
  row "plog add (100 MB log)" "$a" "$b" "$(ratio "$a" "$b")"
  a=$(hf_cpu add-this-cpu "$PLOG add -f $work/a.log -t x --prompt y -q")
  b=$(hf_cpu add-base-cpu "$PLOG_BENCH_BASE/plog add -f $work/b.log -t x --prompt y -q")
  row "  cpu" "$a" "$b" "$(ratio "$a" "$b")"
  a=$(hf_median hist-this "sh -c '$PROMPTHIST --print -f $src quokka | cat >/dev/null'")
  b=$(hf_median hist-base "sh -c '$PLOG_BENCH_BASE/prompthist --print -f $src quokka | cat >/dev/null'")
  row "prompthist --print quokka (100 MB)" "$a" "$b" "$(ratio "$a" "$b")"
  a=$(hf_cpu hist-this-cpu "sh -c '$PROMPTHIST --print -f $src quokka | cat >/dev/null'")
  b=$(hf_cpu hist-base-cpu "sh -c '$PLOG_BENCH_BASE/prompthist --print -f $src quokka | cat >/dev/null'")
  row "  cpu" "$a" "$b" "$(ratio "$a" "$b")"
  rm -f "$work/a.log" "$work/b.log"
fi
