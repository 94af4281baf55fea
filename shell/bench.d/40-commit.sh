# plog commit: a changed 100 MB log and a changed 1 MB log (one block appended before each run),
# against `git add && git commit` on the same repository; then a simulated year (365 daily
# commits of a log growing from 0 to 5 MB) and the repository's size against what
# `git gc --aggressive` makes of the same history.
set -euo pipefail
work=$BENCH_DIR/commit
rm -rf "$work"; mkdir -p "$work/home"
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_STATE_HOME=$work/home/.local/state
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
git config --global user.name bench; git config --global user.email bench@example.com
git config --global init.defaultBranch main

# The block appended before each timed commit (so every run commits a change).
printf '\n## 2025-08-14T16:32+09:00  claude-sonnet-4-5  bench\nTASK: one more block\n\nPROMPT:\n> again\n' >"$work/block.txt"

kb() { du -sk "$1" | cut -f1; }

commit_row() {  # commit_row MB: plog commit and git commit of a changed MB-sized log
  local mb=$1 src repo
  src=$(bench_log "$mb")
  repo=$work/repo-$mb; mkdir -p "$repo"; cp "$src" "$repo/prompts.log"
  "$PLOG" init -q "$repo" >/dev/null
  local plog_ms git_ms
  # Each run appends the block and commits (hf_median takes one command), for plog and for git.
  plog_ms=$(hf_median "plog-commit-$mb" "sh -c 'cat $work/block.txt >> $repo/prompts.log && $PLOG commit -q --file $repo/prompts.log'")
  git_ms=$(hf_median "git-commit-$mb" "sh -c 'cat $work/block.txt >> $repo/prompts.log && cd $repo && git add prompts.log && git commit -q -m bench'")
  row "$(du -h "$repo/prompts.log" | cut -f1) log, one block appended" "$plog_ms" "$git_ms" "$(ratio "$plog_ms" "$git_ms")"
}

echo "plog commit of a changed log: append one block, commit (median of hyperfine runs, ms)"
row "log" "plog ms" "git CLI ms" "plog/git"
commit_row 100
commit_row 1
echo "targets: 100 MB under 1500 ms, 1 MB under 50 ms"

# The simulated year: day d commits the log cut at the first block boundary after d/365 of 5 MB.
days=365; year_mb=5
[ "$BENCH_QUICK" = 1 ] && days=60
src=$(bench_log "$year_mb")
python3 - "$src" "$days" >"$work/cuts.txt" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read(); days = int(sys.argv[2])
for d in range(1, days + 1):
    target = len(data) * d // days
    p = data.find(b"\n\n## ", target)
    print(len(data) if p < 0 or d == days else p + 2)
PY
year=$work/year; gityear=$work/year-git
mkdir -p "$year" "$gityear"
"$PLOG" init -q "$year" >/dev/null
git -C "$gityear" init -q
start=$(date +%s.%N)
while read -r cut; do
  head -c "$cut" "$src" >"$year/prompts.log"
  "$PLOG" commit -q --file "$year/prompts.log"
done <"$work/cuts.txt"
plog_s=$(python3 -c "import time,sys; print('%.1f' % (time.time() - float(sys.argv[1])))" "$start")
start=$(date +%s.%N)
while read -r cut; do
  head -c "$cut" "$src" >"$gityear/prompts.log"
  (cd "$gityear" && git add prompts.log && git commit -q -m day)
done <"$work/cuts.txt"
git_s=$(python3 -c "import time,sys; print('%.1f' % (time.time() - float(sys.argv[1])))" "$start")
git -C "$year" fsck --full --strict >/dev/null 2>&1 && fsck=clean || fsck=FAILED

plog_kb=$(kb "$year/.git/objects")
git_kb=$(kb "$gityear/.git/objects")
git clone -q --mirror "$year" "$work/year-gc"
gc_start=$(date +%s.%N)
git -C "$work/year-gc" gc -q --aggressive --prune=now
gc_s=$(python3 -c "import time,sys; print('%.1f' % (time.time() - float(sys.argv[1])))" "$gc_start")
gc_kb=$(kb "$work/year-gc/objects")

echo
echo "a simulated year: $days daily commits of a log growing to $(du -h "$src" | cut -f1) (objects/, KB)"
row "repository" "KB" "seconds" "vs gc --aggr."
row "plog commit, daily (fsck $fsck)" "$plog_kb" "$plog_s" "$(ratio "$plog_kb" "$gc_kb")"
row "git add && git commit, daily (auto gc)" "$git_kb" "$git_s" "$(ratio "$git_kb" "$gc_kb")"
row "git gc --aggressive of the same history" "$gc_kb" "$gc_s" "1.00"
echo "target: plog within 2x of git gc --aggressive"
