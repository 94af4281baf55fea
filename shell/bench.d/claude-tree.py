#!/usr/bin/env python3
"""Writes a synthetic Claude Code history (projects/<dir>/<session>.jsonl and history.jsonl) of
about --mb megabytes under --out, for `plog import claude-code` throughput (shell/bench.d/80-import.sh).

Deterministic for a --seed. The shape follows the documented transcript lines (see
Tests/EndToEndTests/Fixtures/import/README.md): per turn one typed prompt, streamed assistant
lines (thinking, text, tool_use) sharing a message id, and tool results as user lines with
toolUseResult, which make up about two thirds of the bytes as in real transcripts.
"""
import argparse, json, os, random

p = argparse.ArgumentParser()
p.add_argument("--mb", type=int, default=500)
p.add_argument("--out", required=True)
p.add_argument("--seed", type=int, default=42)
a = p.parse_args()
rnd = random.Random(a.seed)
words = ("the a fix test build parser cache index module function request response error retry token "
         "session timeout config render layout query schema migrate deploy review refactor rename").split()

def text(n):
    return " ".join(rnd.choice(words) for _ in range(n))

target = a.mb * 1024 * 1024
written = 0
session = 0
t = 1_700_000_000
os.makedirs(a.out + "/projects", exist_ok=True)
hist = open(a.out + "/history.jsonl", "w")
while written < target:
    project = "-work-proj%d" % (session % 12)
    d = a.out + "/projects/" + project
    os.makedirs(d, exist_ok=True)
    sid = "%08x-0000-4000-8000-%012x" % (session, session)
    env = {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/work/proj%d" % (session % 12),
           "sessionId": sid, "version": "2.1.90", "gitBranch": "main"}
    lines = []
    size = 0
    want = rnd.randint(2, 12) * 1024 * 1024
    n = 0
    while size < want:
        n += 1
        t += rnd.randint(20, 600)
        stamp = lambda dt=0: __import__("time").strftime("%Y-%m-%dT%H:%M:%S.000Z", __import__("time").gmtime(t + dt))
        prompt = text(rnd.randint(8, 120))
        u = dict(env, type="user", message={"role": "user", "content": prompt}, uuid="%s-u%d" % (sid, n), timestamp=stamp())
        lines.append(json.dumps(u, separators=(",", ":")))
        hist.write(json.dumps({"display": prompt, "pastedContents": {}, "timestamp": t * 1000,
                               "project": env["cwd"], "sessionId": sid}, separators=(",", ":")) + "\n")
        for k in range(rnd.randint(2, 8)):
            mid = "msg_%s_%d_%d" % (sid[:8], n, k)
            for block in ({"type": "thinking", "thinking": text(60)}, {"type": "text", "text": text(40)},
                          {"type": "tool_use", "id": "toolu_%d_%d" % (n, k), "name": "Bash", "input": {"command": text(12)}}):
                asst = dict(env, message={"model": "claude-opus-4-6", "id": mid, "type": "message", "role": "assistant",
                                          "content": [block], "usage": {"input_tokens": 1000, "output_tokens": 200}},
                            requestId="req_" + mid, type="assistant", uuid="%s-a%d-%d-%s" % (sid, n, k, block["type"]), timestamp=stamp(k))
                lines.append(json.dumps(asst, separators=(",", ":")))
            out = text(rnd.randint(200, 1500))
            res = dict(env, type="user", message={"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_%d_%d" % (n, k),
                                                                              "content": out, "is_error": False}]},
                       toolUseResult={"stdout": out, "stderr": "", "interrupted": False}, uuid="%s-t%d-%d" % (sid, n, k), timestamp=stamp(k + 1))
            lines.append(json.dumps(res, separators=(",", ":")))
        size = sum(len(l) + 1 for l in lines)
    with open(d + "/" + sid + ".jsonl", "w") as f:
        f.write("\n".join(lines) + "\n")
    written += size
    session += 1
hist.close()
print("%d sessions, %d MB" % (session, written // (1024 * 1024)))
