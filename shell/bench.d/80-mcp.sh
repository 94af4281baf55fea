# plog-mcp: start to the `initialize` answer, plog_search latency inside a running server on a
# 100 MB log (request written to answer read, as an agent sees it) against `prompthist --print`
# with the same token budget (a process per search), idle RSS, and the binary's size. The MCP
# swift-sdk 0.12.1 figures (minimal stdio server, measured when plog chose its own server;
# docs/design.md) are printed beside them for reference, not re-measured.
set -euo pipefail
log=$(bench_log 100)
cat "$log" >/dev/null  # into the page cache before anything is timed
runs=${HF_RUNS:-10}
[ "$BENCH_QUICK" = 1 ] && runs=3
probe=$(python3 shell/mcp-probe "$BIN/plog-mcp" --file "$log" --runs "$runs" \
  --search quokka --search "property wrapper" --search xylophonist --json)
get() { python3 -c 'import json,sys; v=json.loads(sys.argv[1]); [v:=v[k] for k in sys.argv[2:]]; print(v)' "$probe" "$@"; }

echo "plog-mcp on $(basename "$log") (median ms; peers: prompthist --print, a process per search, and the swift-sdk's figures)"
row "" "plog-mcp" "peer" "peer/mcp"
row "start to initialize answer (ms)" "$(get start_ms)" "9 (sdk)" "$(ratio 9 "$(get start_ms)")"
for pat in quokka "property wrapper" xylophonist; do
  q=$(python3 -c 'import shlex, sys; print(shlex.quote(sys.argv[1]))' "$pat")
  ph=$(hf_median "prompthist-$pat" "sh -c $(python3 -c 'import shlex, sys; print(shlex.quote(sys.argv[1]))' "$PROMPTHIST --print --tokens 3850 -f $log $q | cat >/dev/null")")
  mcp=$(get search_ms "$pat")
  row "plog_search \"$pat\" (ms)" "$mcp" "$ph" "$(ratio "$ph" "$mcp")"
done
row "idle RSS (MB)" "$(python3 -c 'import sys; print("%.1f" % (int(sys.argv[1]) / 1024))' "$(get idle_rss_kb)")" "" ""
stripped=$(mktemp)
strip -o "$stripped" "$BIN/plog-mcp"
size=$(stat -c %s "$BIN/plog-mcp"); ssize=$(stat -c %s "$stripped"); rm -f "$stripped"
row "binary size, static stdlib (MB)" "$(( size / 1000000 ))" "81 (sdk)" "$(ratio 81 $(( size / 1000000 )))"
row "binary size, stripped (MB)" "$(( ssize / 1000000 ))" "61 (sdk)" "$(ratio 61 $(( ssize / 1000000 )))"
