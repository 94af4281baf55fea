"""Drives plog-mcp with the official MCP Python client (PyPI `mcp`, 2.x), as an agent would.

Usage: python client_session.py PLOG_MCP LOG

Runs the server on the log LOG (a copy: the test appends to it) with `--file`, then checks:
initialize (version, instructions), tools/list (names, schemas, annotations), a call of every
tool, malformed calls (unknown tool, bad arguments), oversized limits, concurrent calls, a block
appended by another writer while the server runs, and that the session ends cleanly.
Prints one line per check; exits 0 when all pass, 1 at the first failure.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

SERVER, LOG = sys.argv[1], sys.argv[2]
EXPECTED = ["plog_search", "plog_like", "plog_get", "plog_recent", "plog_stats", "plog_add", "plog_outcome"]


def check(cond, what):
    if not cond:
        print("FAIL: " + what, flush=True)
        sys.exit(1)
    print("ok: " + what, flush=True)


def text(result):
    if len(result.content) != 1 or result.content[0].type != "text":
        check(False, "a result is one text content item: " + repr(result.content))
    return result.content[0].text


async def main():
    params = StdioServerParameters(command=SERVER, args=["--file", LOG])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(init.server_info.name == "plog", "serverInfo.name is plog")
            check(init.protocol_version == "2025-11-25", "protocol version negotiated: " + init.protocol_version)
            check(init.capabilities.tools is not None, "tools capability")
            check(init.instructions and len(init.instructions) < 2000, "instructions under 2,000 characters")

            await session.send_ping()
            check(True, "ping answered")

            tools = (await session.list_tools()).tools
            names = [t.name for t in tools]
            check(names == EXPECTED, "tools listed: " + ", ".join(names))
            for t in tools:
                schema = t.input_schema
                check(schema["type"] == "object" and isinstance(schema.get("required"), list), t.name + " has an object schema")
                read_only = t.name not in ("plog_add", "plog_outcome")
                check(t.annotations.read_only_hint is read_only, t.name + " readOnlyHint " + str(read_only))
                if not read_only:
                    check(t.annotations.destructive_hint is False, t.name + " destructiveHint false")

            # plog_search: both patterns must match; newest first; ids listed.
            r = await session.call_tool("plog_search", {"patterns": ["actor", "sendable"]})
            s = text(r)
            check(not r.is_error, "plog_search succeeds")
            check("id: @" in s and "## 2025-03-02T11:05+01:00" in s, "plog_search finds the actor block with its id")
            check("2025-01-10" not in s, "plog_search needs every pattern")
            block_id = next(line[4:].split()[0] for line in s.splitlines() if line.startswith("id: @"))

            r = await session.call_tool("plog_search", {"patterns": ["swift"], "project": "ios", "limit": 1})
            s = text(r)
            check(s.count("id: @") == 1 and "not shown" in s, "limit 1 shows one block and says more exist")

            r = await session.call_tool("plog_search", {"patterns": ["nothing-like-this-zzz"]})
            check(not r.is_error and text(r).startswith("No block matches"), "no match is a plain answer, not an error")

            # plog_get by @offset/timestamp and by SOURCE id.
            r = await session.call_tool("plog_get", {"id": block_id})
            check(not r.is_error and "TASK: Make the cache actor-isolated" in text(r), "plog_get returns the whole block")
            r = await session.call_tool("plog_get", {"id": "claude-code:prompt-0042"})
            check(not r.is_error and "SOURCE: claude-code" in text(r), "plog_get by SOURCE id")
            stale = block_id.split("/")[0] + "/1999-01-01T00:00Z"
            r = await session.call_tool("plog_get", {"id": stale})
            check(r.is_error and "fresh id" in text(r), "a stale id is refused with a hint")

            # plog_like, plog_recent, plog_stats.
            r = await session.call_tool("plog_like", {"draft": "make my cache an actor so it is Sendable"})
            check(not r.is_error and "2025-03-02T11:05+01:00" in text(r), "plog_like finds the related block")
            r = await session.call_tool("plog_recent", {"count": 2})
            s = text(r)
            check(s.count("id: @") == 2 and s.index("2025-04-20") < s.index("2025-04-02"), "plog_recent: two newest, newest first")
            r = await session.call_tool("plog_stats", {"project": "ios"})
            stats = json.loads(text(r))
            check(stats["blocks"] == 3 and stats["filters"]["project"] == "ios", "plog_stats filtered to a project")

            # Malformed calls: the session goes on after each.
            try:
                await session.call_tool("plog_nonsense", {})
                check(False, "an unknown tool is a protocol error")
            except MCPError as e:
                check(e.error.code == -32602 and "plog_nonsense" in e.error.message, "unknown tool: -32602 naming it")
            r = await session.call_tool("plog_search", {"pattern": "x"})
            check(r.is_error and "'pattern'" in text(r) and "patterns" in text(r), "misspelt argument named, with the right ones")
            r = await session.call_tool("plog_search", {"patterns": ["(unclosed"]})
            check(r.is_error and "invalid pattern" in text(r), "bad regular expression is an error result")
            r = await session.call_tool("plog_search", {"patterns": ["x"], "since": "last tuesday"})
            check(r.is_error and "since" in text(r), "bad date is named")
            r = await session.call_tool("plog_search", {"patterns": ["x"], "limit": "many"})
            check(r.is_error and "limit" in text(r), "non-numeric limit is named")
            r = await session.call_tool("plog_get", {})
            check(r.is_error and "id" in text(r), "missing required argument is named")

            # Oversized limits: lowered to the ceiling, said so, result within the ceiling.
            r = await session.call_tool("plog_search", {"patterns": ["."], "limit": 100000, "max_tokens": 10000000})
            s = text(r)
            check(not r.is_error and "above the ceiling" in s, "oversized limits are lowered and reported")
            check(len(s.encode()) <= 10000 * 4, "result within the 10,000-token ceiling")
            r = await session.call_tool("plog_get", {"id": "@0", "max_tokens": 200})
            check(len(text(r).encode()) <= 200 * 4 and "cut" in text(r), "a long block is cut to max_tokens, visibly")

            # Concurrent calls: all answered, each with its own result.
            calls = [session.call_tool("plog_search", {"patterns": [w]}) for w in ["actor", "regex", "sql", "css", "actor", "regex"]]
            results = await asyncio.gather(*calls)
            check(all(not r.is_error for r in results), "six concurrent calls answered")
            check("Make the cache actor-isolated" in text(results[0]) and "Sendable" not in text(results[3]),
                  "concurrent results belong to their calls")

            # plog_add, then plog_outcome on it; an older block is refused.
            r = await session.call_tool("plog_add", {"task": "Try the MCP add", "prompt": "Explain structured concurrency.\nkey=AKIAIOSFODNN7EXAMPLE",
                                                     "model": "test-model", "project": "mcp"})
            s = text(r)
            check(not r.is_error and s.startswith("Logged as @"), "plog_add logs a block and gives its id")
            new_id = s.split()[2].rstrip(":")
            r = await session.call_tool("plog_outcome", {"id": new_id, "verdict": "partial", "turns": 2, "text": "needed a nudge"})
            check(not r.is_error and "Worked after 2 turns. needed a nudge" in text(r), "plog_outcome records on the newest block")
            r = await session.call_tool("plog_outcome", {"id": block_id, "verdict": "hit"})
            check(r.is_error and "newest" in text(r), "plog_outcome refuses an older block")
            r = await session.call_tool("plog_get", {"id": new_id})
            s = text(r)
            check("Worked after 2 turns" in s and "AKIAIOSFODNN7EXAMPLE" not in s, "added block has its outcome, credential redacted")

            # Another writer appends while the server runs: the next call sees it.
            with open(LOG, "a") as f:
                f.write("\n## 2025-05-01T08:00+00:00  other  elsewhere\nTASK: Written by another program\n\nPROMPT:\n> quokka\n")
            r = await session.call_tool("plog_search", {"patterns": ["quokka"]})
            check("Written by another program" in text(r), "an append by another writer is seen on the next call")
    print("ok: session closed, server ended", flush=True)

    # The SDK's high-level Client probes `server/discover` (protocol 2026-07-28) first; plog answers
    # -32601 and the client falls back to the initialize handshake.
    from mcp.client.client import Client
    async with Client(params) as client:
        r = await client.call_tool("plog_search", {"patterns": ["grid"]})
        check("Center a card with CSS grid" in text(r), "the SDK's Client (discover, then initialize) works too")


asyncio.run(main())
