# plog import chatgpt and llm on generated histories (deterministic, cached in $BENCH_DIR):
# a ChatGPT export zip whose conversations.json is ~200 MB (20 MB quick), against `unzip -p`
# (inflate alone, a floor) and Python's json.load of the same entry (what most export readers
# do); its peak memory, which streaming keeps far below the file's size; and an llm logs.db of
# 200k turns (20k quick) against sqlite3 selecting the same rows. --dry-run: everything but the
# merge (reading, the capture rules, secret scanning, dedupe against an empty log).
set -euo pipefail
[ -x /usr/bin/time ] || plog_install_system_packages time
command -v unzip >/dev/null && command -v sqlite3 >/dev/null || plog_install_system_packages unzip sqlite3

mb=200; turns=200000
[ "$BENCH_QUICK" = 1 ] && { mb=20; turns=20000; }
zip=$BENCH_DIR/chatgpt-export-${mb}M.zip
db=$BENCH_DIR/llm-logs-${turns}.db
if [ ! -s "$zip" ]; then
  echo "== generating a ChatGPT export of ${mb} MB" >&2
  python3 - "$zip" "$mb" <<'EOF'
import json, random, sys, zipfile
path, mb = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
words = "the a cache query index swift render layout thread lock merge parse token stream error retry".split()
def text(n): return " ".join(rng.choice(words) for _ in range(n))
with zipfile.ZipFile(path + ".tmp", "w", compression=zipfile.ZIP_DEFLATED) as z:
    with z.open("conversations.json", "w", force_zip64=True) as f:
        f.write(b"[")
        size, i, t = 0, 0, 1.7e9
        while size < mb * 1_000_000:
            mapping, parent = {}, None
            for k in range(rng.randint(2, 12)):
                nid = f"c{i}-n{k}"
                role = "user" if k % 2 == 0 else "assistant"
                t += rng.randint(5, 600)
                msg = {"id": nid, "author": {"role": role}, "create_time": t,
                       "content": {"content_type": "text", "parts": [text(rng.randint(8, 60) if role == "user" else rng.randint(50, 400))]},
                       "metadata": {"model_slug": "gpt-4o"} if role == "assistant" else {}}
                mapping[nid] = {"id": nid, "message": msg, "parent": parent, "children": []}
                if parent: mapping[parent]["children"].append(nid)
                parent = nid
            conv = {"id": f"conv-{i}", "title": text(4), "create_time": t, "mapping": mapping, "current_node": parent}
            b = (b"," if i else b"") + json.dumps(conv).encode()
            f.write(b); size += len(b); i += 1
        f.write(b"]")
    z.writestr("user.json", "{}")
import os; os.replace(path + ".tmp", path)
EOF
fi
if [ ! -s "$db" ]; then
  echo "== generating an llm logs.db of ${turns} turns" >&2
  python3 - "$db" "$turns" <<'EOF'
import random, sqlite3, sys
path, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
words = "explain refactor the cache query index swift render layout thread lock merge parse".split()
con = sqlite3.connect(path + ".tmp")
con.executescript("""
CREATE TABLE threads (id TEXT PRIMARY KEY, name TEXT, tip_message_hash TEXT, forked_from TEXT, datetime_utc TEXT);
CREATE TABLE turns (id TEXT PRIMARY KEY, thread_id TEXT, parent_message_hash TEXT, tip_message_hash TEXT, model TEXT,
  resolved_model TEXT, options_json TEXT, schema_id TEXT, input_tokens INTEGER, output_tokens INTEGER, token_details TEXT,
  duration_ms INTEGER, datetime_utc TEXT, response_json TEXT);
CREATE TABLE turn_search (id INTEGER PRIMARY KEY, turn_id TEXT, prompt TEXT, response TEXT);
CREATE UNIQUE INDEX idx_turn_search_turn_id ON turn_search (turn_id);
""")
for i in range(n):
    tid = f"01t{i:020d}"
    con.execute("INSERT INTO turns (id, thread_id, model, datetime_utc) VALUES (?,?,?,?)",
                (tid, f"th{i // 5}", "gpt-4o-mini", f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00+00:00"))
    con.execute("INSERT INTO turn_search (turn_id, prompt, response) VALUES (?,?,?)",
                (tid, " ".join(rng.choice(words) for _ in range(rng.randint(6, 40))), "ok " * 50))
con.commit(); con.close()
import os; os.replace(path + ".tmp", path)
EOF
fi

q() { python3 -c 'import shlex, sys; print(shlex.quote(sys.argv[1]))' "$1"; }
empty=$BENCH_DIR/import-empty.log
rm -f "$empty"
ms_plog_zip=$(hf_median "import-chatgpt" "$PLOG" import chatgpt --dry-run -q -f "$empty" "$zip")
ms_unzip=$(hf_median "unzip-p" "sh -c $(q "unzip -p $zip conversations.json >/dev/null")")
ms_python=$(hf_median "python-json" python3 -c 'import json, sys, zipfile; json.load(zipfile.ZipFile(sys.argv[1]).open("conversations.json"))' "$zip")
ms_plog_llm=$(hf_median "import-llm" "$PLOG" import llm --dry-run -q -f "$empty" "$db")
ms_sqlite=$(hf_median "sqlite3-select" "sh -c $(q "sqlite3 $db 'SELECT t.id, t.thread_id, t.model, t.datetime_utc, s.prompt FROM turns t JOIN turn_search s ON s.turn_id = t.id ORDER BY t.datetime_utc, t.id' >/dev/null")")

/usr/bin/time -v -o "$BENCH_DIR/time.txt" "$PLOG" import chatgpt --dry-run -q -f "$empty" "$zip" >/dev/null 2>&1 || true
rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); printf "%.1f", $2 / 1024}' "$BENCH_DIR/time.txt")
json_mb=$(unzip -l "$zip" conversations.json | awk 'NR == 4 {printf "%.0f", $1 / 1000000}')

echo
echo "plog import --dry-run (median ms of hyperfine runs; ratio: plog / peer)"
row "command" "ms" "peer ms" "x peer"
row "chatgpt, ${json_mb} MB conversations.json in a zip" "$ms_plog_zip" "$ms_unzip" "$(ratio "$ms_plog_zip" "$ms_unzip")"
row "  vs python json.load of the same entry" "$ms_plog_zip" "$ms_python" "$(ratio "$ms_plog_zip" "$ms_python")"
row "llm, logs.db of ${turns} turns vs sqlite3" "$ms_plog_llm" "$ms_sqlite" "$(ratio "$ms_plog_llm" "$ms_sqlite")"
echo
echo "peak memory of plog import chatgpt on the ${json_mb} MB export: ${rss} MB (max RSS)"
