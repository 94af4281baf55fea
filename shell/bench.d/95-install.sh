# The install: what shell/install puts in PREFIX/bin (stripped binaries, prompthist a link to
# plog), their sizes, and the start-up of plog and prompthist; with PLOG_BENCH_INSTALL=1 also
# the time of shell/install on a fresh clone of this checkout (a clean release build).
set -euo pipefail
work=$BENCH_DIR/install
rm -rf "$work"; mkdir -p "$work/bin"
for exe in plog plog-git plog-import plog-mcp; do
  [ -x "$BIN/$exe" ] || continue
  install -m 0755 -s "$BIN/$exe" "$work/bin/$exe"
done
ln -sf plog "$work/bin/prompthist"
size() { [ -e "$work/bin/$1" ] && stat -c %s "$work/bin/$1" 2>/dev/null || stat -f %z "$work/bin/$1" 2>/dev/null || echo 0; }
mb() { python3 -c 'import sys; print("%.1f MB" % (int(sys.argv[1]) / 1e6))' "$1"; }
core=$(( $(size plog) + $(size plog-git) ))
echo "Installed binaries, stripped (shell/install's PREFIX/bin):"
row "binary" "size" "" ""
row "plog (and prompthist, a link to it)" "$(mb "$(size plog)")" "" ""
row "plog-git (libgit2; no argument parser)" "$(mb "$(size plog-git)")" "" ""
row "plog + prompthist + plog-git" "$(mb "$core")" "" "target < 30 MB"
for exe in plog-import plog-mcp; do
  [ -e "$work/bin/$exe" ] && row "$exe (helper)" "$(mb "$(size $exe)")" "" ""
done
echo
echo "Start-up (median ms):"
row "command" "ms" "" ""
row "plog --version" "$(hf_median plog-version "$work/bin/plog" --version)" "" ""
row "prompthist --version" "$(hf_median prompthist-version "$work/bin/prompthist" --version)" "" ""
if [ "${PLOG_BENCH_INSTALL:-0}" = 1 ]; then
  clone=$work/clone
  git clone -q "$root" "$clone"
  [ -d "$root/../shared" ] && ln -sfn "$root/../shared" "$work/shared"
  start=$(date +%s)
  (cd "$clone" && PREFIX=$work/prefix PLOG_SKIP_DEMO=1 shell/install >"$work/install.log" 2>&1) || { echo "bench: shell/install failed, see $work/install.log" >&2; exit 1; }
  echo
  echo "shell/install on a fresh clone (system packages present; a clean release build): $(( $(date +%s) - start )) s"
fi
