import Foundation
import Testing

/// The import fixtures (see Fixtures/import/README.md for the public source of each shape).
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/import").path

extension Sandbox {
    /// Copies `Fixtures/import/<name>` into HOME; transcripts get modification times in the order
    /// Claude Code would have written them (git does not keep them).
    func installImportFixture(_ name: String) throws {
        let fm = FileManager.default
        let from = fixtures + "/" + name
        for item in try fm.contentsOfDirectory(atPath: from) {
            try fm.copyItem(atPath: from + "/" + item, toPath: home + "/" + item)
        }
        let project = home + "/.claude/projects/-work-app/"
        if fm.fileExists(atPath: project) {
            try fm.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_775_041_200)], ofItemAtPath: project + "s1.jsonl")
            try fm.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_775_120_400)], ofItemAtPath: project + "s2.jsonl")
        }
    }

    /// The blocks of a log, each from its header to the next.
    func blocks(_ path: String) throws -> [String] {
        try read(path).components(separatedBy: "\n## ").enumerated().map { $0.offset == 0 ? $0.element : "## " + $0.element }
    }
}

/// What the Claude Code fixture imports (TZ=UTC).
private let claudeBlocks = """
    ## 2025-01-01T10:00+00:00  -  deploy
    TASK: what does the retry flag of the deploy script do

    SOURCE: claude-code - h-55a1df5adcd7c984

    PROMPT:
    > what does the retry flag of the deploy script do

    ## 2025-02-01T10:00+00:00  -  ops
    TASK: summarise this log ERROR disk full

    SOURCE: claude-code s0 h-2eae04930ddcf38a

    PROMPT:
    > summarise this log ERROR disk full
    > WARN retrying in two sentences

    ## 2026-04-01T10:00:01+00:00  claude-opus-4-6  app
    TASK: fix the auth bug in the login middleware

    SOURCE: claude-code s1 u1

    PROMPT:
    > fix the auth bug in the login middleware

    ## 2026-04-01T10:05+00:00  claude-sonnet-4-5  app
    TASK: now add a test for the expiry case

    SOURCE: claude-code s1 u2

    PROMPT:
    > now add a test for the expiry case

    ## 2026-04-01T10:07+00:00  claude-opus-4-6  app
    TASK: /review the payment module

    SOURCE: claude-code s1 c3

    PROMPT:
    > /review the payment module

    ## 2026-04-01T10:07:12+00:00  claude-opus-4-6  app
    TASK: also check the refund path

    SOURCE: claude-code s1 q-934a31a844f4e3dd

    PROMPT:
    > also check the refund path

    ## 2026-04-02T08:30+00:00  claude-opus-4-6  app
    TASK: rename the helper to verifyToken everywhere

    SOURCE: claude-code s2 u3

    PROMPT:
    > rename the helper to verifyToken everywhere

    """

@Suite("plog import: other tools' histories into the log")
struct ImportTests {
    @Test("claude-code from a throwaway HOME: typed prompts only, each once, in time order; a second run adds nothing")
    func claudeCode() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        let r = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        // Not typed: a tool result, isMeta, command output, a compaction summary, sidechain traffic,
        // an interruption notice. Trivial: /clear and `yes`. Unreadable: the cut-off line.
        #expect(r.stderr == "plog: claude-code: added 7, 0 already present, 6 not typed by a person, 2 trivial, 1 unreadable lines (\(s.work)/p.log)\n")
        #expect(try s.read("work/p.log") == claudeBlocks)

        let again = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.hasPrefix("plog: claude-code: added 0, 7 already present,"))
        #expect(try s.read("work/p.log") == claudeBlocks)
    }

    @Test("plog hands import to plog-import beside it; without it, a clear error")
    func handOff() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        try FileManager.default.createDirectory(atPath: s.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Binaries.path("plog"), toPath: s.root + "/bin/plog")
        let r = try s.run(s.root + "/bin/plog", ["import", "claude-code", "-f", "p.log"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("plog-import was not found"))
        #expect(r.stderr.contains("shell/install"))
        #expect(!s.exists("work/p.log"))
        // Help and usage errors need no helper.
        #expect(try s.run(s.root + "/bin/plog", ["import", "codex", "--help"]).stdout.contains("$CODEX_HOME"))
        #expect(try s.run(s.root + "/bin/plog", ["import", "codex", "--since", "soon"]).status == 2)
    }

    @Test("claude-code honours $CLAUDE_CONFIG_DIR and takes named directories and files")
    func claudeCodePaths() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        try FileManager.default.moveItem(atPath: s.home + "/.claude", toPath: s.root + "/elsewhere")
        let none = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no claude-code history found"))
        #expect(none.stderr.contains("plog import claude-code PATH"))
        let viaEnv = try s.run("plog", ["import", "claude-code", "-f", "p.log", "-q"], env: ["CLAUDE_CONFIG_DIR": s.root + "/elsewhere"])
        #expect(viaEnv.status == 0, "\(viaEnv.stderr)")
        #expect(viaEnv.stderr.isEmpty)
        #expect(try s.read("work/p.log") == claudeBlocks)
        // One transcript named on its own: only its prompts (the copy of u1 included, once).
        let one = try s.run("plog", ["import", "claude-code", "-f", "one.log", s.root + "/elsewhere/projects/-work-app/s2.jsonl"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try s.read("work/one.log").components(separatedBy: "SOURCE: claude-code s2 ").count == 3)
        let missing = try s.run("plog", ["import", "claude-code", "-f", "p.log", "nowhere"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("\(s.work)/nowhere"))
    }

    @Test("older layouts: Claude Code's ~/.config/claude with an agent-*.jsonl beside the session; Codex history by thread_id")
    func olderLayouts() throws {
        let s = try Sandbox()
        try s.installImportFixture("legacy")
        let claude = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(claude.status == 0, "\(claude.stderr)")
        #expect(claude.stderr.hasPrefix("plog: claude-code: added 1, 0 already present, 0 not typed"))
        let codex = try s.run("plog", ["import", "codex", "-f", "p.log"])
        #expect(codex.status == 0, "\(codex.stderr)")
        #expect(try s.read("work/p.log") == """
            ## 2025-07-01T08:00+00:00  claude-sonnet-4-20250514  legacy
            TASK: migrate the settings loader to the new config path

            SOURCE: claude-code s5 u5

            PROMPT:
            > migrate the settings loader to the new config path

            ## 2025-07-01T08:00+00:00
            TASK: Add a --json flag to the status command

            SOURCE: codex 66666666-6666-4666-8666-666666666666 h-60c59ae9eefc4bc6

            PROMPT:
            > Add a --json flag to the status command

            """)
    }

    @Test("codex from $CODEX_HOME: legacy, forked, paginated, subagent and flat rollouts and history.jsonl; a second run adds nothing")
    func codex() throws {
        let s = try Sandbox()
        try s.installImportFixture("codex")
        try FileManager.default.moveItem(atPath: s.home + "/.codex", toPath: s.root + "/codex-home")
        let env = ["CODEX_HOME": s.root + "/codex-home"]
        let r = try s.run("plog", ["import", "codex", "-f", "p.log"], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        // Not typed: injected context in the flat rollout, and the subagent's task.
        #expect(r.stderr == "plog: codex: added 6, 0 already present, 2 not typed by a person, 1 trivial, 1 unreadable lines (\(s.work)/p.log)\n")
        let log = try s.read("work/p.log")
        #expect(log == """
            ## 2025-02-19T21:20+00:00
            TASK: Why does the release script skip the changelog?

            SOURCE: codex 44444444-4444-4444-8444-444444444444 h-32674ac44b051156

            PROMPT:
            > Why does the release script skip the changelog?

            ## 2025-05-01T09:00+00:00
            TASK: Port the tokenizer to Rust, keeping the tests.

            SOURCE: codex 33333333-3333-4333-8333-333333333333 t-7fb0c542cc71df94

            PROMPT:
            > Port the tokenizer to Rust, keeping the tests.

            ## 2026-01-02T03:04:07+00:00  gpt-5.2  synthetic-project
            TASK: List the synthetic files and their sizes.

            SOURCE: codex 11111111-1111-4111-8111-111111111111 t-919ac298e812fa46

            PROMPT:
            > List the synthetic files and their sizes.

            ## 2026-01-02T03:06:01+00:00  gpt-5.2-codex  synthetic-project
            TASK: Now count the lines in alpha.txt.

            SOURCE: codex 11111111-1111-4111-8111-111111111111 t-8ad669ed4a8261e2

            PROMPT:
            > Now count the lines in alpha.txt.

            ## 2026-01-03T08:00:06+00:00  gpt-5.2  synthetic-project
            TASK: Write the counts to counts.txt as well.

            SOURCE: codex 22222222-2222-4222-8222-222222222222 t-9f8a6db83effde22

            PROMPT:
            > Write the counts to counts.txt as well.

            ## 2026-09-10T14:00:02+00:00  gpt-5.5  billing
            TASK: Explain why the invoice build fails on CI.

            SOURCE: codex 55555555-5555-4555-8555-555555555555 i-item-u1

            PROMPT:
            > Explain why the invoice build fails on CI.

            """)
        let again = try s.run("plog", ["import", "codex", "-f", "p.log"], env: env)
        #expect(again.stderr.hasPrefix("plog: codex: added 0, 6 already present,"))
        #expect(try s.read("work/p.log") == log)
    }

    @Test("a prompt the hook captured (its own id, the same session and text) is not imported again; the import fills in its model")
    func hookThenImport() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        let hooked = """
            ## 2026-04-01T10:00+00:00  -  app
            TASK: fix the auth bug in the login middleware

            SOURCE: claude-code s1 p-7c1e2f0a

            PROMPT:
            > fix the auth bug in the login middleware

            """
        try s.write("work/p.log", hooked)
        let r = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("plog: claude-code: added 6, 1 already present,"))
        #expect(r.stderr.contains("; the model filled in on 1 captured block"), "\(r.stderr)")
        let log = try s.read("work/p.log")
        #expect(log.components(separatedBy: "> fix the auth bug in the login middleware").count == 2)
        // Only the empty model field of plog's own header changed.
        #expect(log.contains(hooked.replacingOccurrences(of: "10:00+00:00  -  app", with: "10:00+00:00  claude-opus-4-6  app")))
        // A second import finds nothing to add or fill.
        let again = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(again.stderr.hasPrefix("plog: claude-code: added 0, 7 already present,") && !again.stderr.contains("filled"), "\(again.stderr)")
        #expect(try s.read("work/p.log") == log)
    }

    @Test("a model-less block the user wrote (no SOURCE line, or a header of their own) is never touched")
    func importNeverRewritesTheUsersHeaders() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        // Same session and text, but a header plog did not write (an extra field).
        let mine = """
            ## 2026-04-01T10:00+00:00  -  app  note
            TASK: fix the auth bug in the login middleware

            SOURCE: claude-code s1 p-7c1e2f0a

            PROMPT:
            > fix the auth bug in the login middleware

            """
        try s.write("work/p.log", mine)
        let r = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("filled"), "\(r.stderr)")
        #expect(try s.read("work/p.log").contains(mine))
    }

    @Test("the merge places imported blocks by time among the user's, whose bytes stay identical")
    func mergeKeepsUserBytes() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        // A preamble, an out-of-order block, no blank line before one header, CRLF in a prompt,
        // and no newline at the end.
        let mine = [
            "My prompts\n\n",
            "## 2025-06-01T12:00+02:00  gpt-5  mine\nTASK: first\n\nPROMPT:\n> a\r\n> b\n\n",
            "## 2026-04-01T12:00Z  claude  mine\nTASK: same day, later\n",
            "## 2024-01-01T00:00Z  -  mine\nTASK: out of order\n\n",
            "## 2027-01-01T00:00Z  -  mine\nTASK: last",
        ]
        try s.write("work/p.log", mine.joined())
        let r = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(r.status == 0, "\(r.stderr)")
        let log = try s.read("work/p.log")
        // Remove what the import added: the user's bytes are left, unchanged.
        var rest = log
        for block in claudeBlocks.components(separatedBy: "\n## ").enumerated().map({ $0.offset == 0 ? $0.element : "## " + $0.element }) {
            let b = block.hasSuffix("\n") ? block : block + "\n"
            #expect(rest.contains(b + "\n") || rest.hasSuffix(b), "missing \(b)")
            if let range = rest.range(of: b + "\n") { rest.removeSubrange(range) } else if rest.hasSuffix(b) { rest.removeLast(b.count) }
        }
        #expect(rest == mine.joined(), "\(unifiedDiff(mine.joined(), rest))")
        let headers = log.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.prefix(16)) }
        #expect(headers == [
            "## 2025-01-01T10", "## 2025-02-01T10", "## 2025-06-01T12",
            "## 2026-04-01T10", "## 2026-04-01T10", "## 2026-04-01T10", "## 2026-04-01T10", "## 2026-04-01T12",
            "## 2024-01-01T00", "## 2026-04-02T08", "## 2027-01-01T00",
        ])
    }

    @Test("--dry-run writes nothing; --since leaves older prompts out; a bad date is refused")
    func dryRunAndSince() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        try s.write("work/p.log", "## 2026-01-01T00:00Z  -  mine\nTASK: mine\n")
        let dry = try s.run("plog", ["import", "claude-code", "-f", "p.log", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stderr.hasPrefix("plog: claude-code: would add 7,"))
        #expect(dry.stderr.contains("dry run: \(s.work)/p.log unchanged"))
        #expect(try s.read("work/p.log") == "## 2026-01-01T00:00Z  -  mine\nTASK: mine\n")
        let since = try s.run("plog", ["import", "claude-code", "-f", "p.log", "--since", "2026-04-02"])
        #expect(since.status == 0, "\(since.stderr)")
        #expect(since.stderr.contains("added 1,"))
        #expect(since.stderr.contains("6 before 2026-04-02"))
        let bad = try s.run("plog", ["import", "claude-code", "-f", "p.log", "--since", "last tuesday"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'last tuesday'"))
    }

    @Test("credentials in imported prompts are redacted by the scanner of plog add, and counted")
    func secrets() throws {
        let s = try Sandbox()
        let key = "AKIA" + "QWERTYUIOP234567"
        let line = #"{"parentUuid":null,"isSidechain":false,"cwd":"/work/app","sessionId":"s9","type":"user","message":{"role":"user","content":"deploy with the key "# + key + #" to staging"},"uuid":"k9","timestamp":"2026-05-01T10:00:00.000Z"}"#
        try s.write("home/.claude/projects/-work-app/s9.jsonl", line + "\n")
        let r = try s.run("plog", ["import", "claude-code", "-f", "p.log"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("added 1,"))
        #expect(r.stderr.contains("1 credentials redacted"))
        let log = try s.read("work/p.log")
        #expect(!log.contains(key))
        #expect(log.contains("[redacted:"))
        // Redacted text still dedupes on the next run.
        #expect(try s.run("plog", ["import", "claude-code", "-f", "p.log"]).stderr.contains("added 0, 1 already present"))
    }

    @Test("imported prompts are recalled by prompthist and counted by plog stats")
    func recallAndStats() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        #expect(try s.run("plog", ["import", "claude-code", "-f", "p.log", "-q"]).status == 0)
        let hist = try s.run("prompthist", ["-f", "p.log", "verifyToken"])
        #expect(hist.status == 0, "\(hist.stderr)")
        #expect(hist.stdout.contains("rename the helper to verifyToken everywhere"))
        let stats = try s.run("plog", ["stats", "-f", "p.log"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.hasPrefix("7 blocks, 2025-01-01 to 2026-04-02"))
    }

    @Test("in a git repository: pending changes are committed first, then the import is one commit")
    func gitCommits() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        #expect(try s.run("plog", ["init"]).status == 0)
        try s.appendBlock("home/notes/prompts.log", "2026-03-01T09:00Z", "not committed yet")
        let r = try s.run("plog", ["import", "claude-code"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("the import is one commit in \(s.home)/notes"))
        #expect(r.stderr.contains("revert HEAD"))
        let log = try s.gitLog("home/notes")
        #expect(log.count == 3)
        #expect(log.first == "plog import claude-code: +7 prompts")
        let diff = try s.git(["show", "--format=", "HEAD"], in: "home/notes").stdout
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("-") && !$0.hasPrefix("---")) || ($0.hasPrefix("+") && !$0.hasPrefix("+++")) }
        #expect(!changed.contains { $0.hasPrefix("-") }, "the import removed lines: \(diff)")
        #expect(changed.contains("+SOURCE: claude-code s2 u3"))
        // The user's pending block went into the commit before.
        #expect(!changed.contains { $0.contains("not committed yet") })
        #expect(log[1].hasPrefix("plog: "))
        #expect(try s.git(["status", "--porcelain"], in: "home/notes").stdout.isEmpty)
        // Nothing new: no commit.
        #expect(try s.run("plog", ["import", "claude-code"]).status == 0)
        #expect(try s.gitLog("home/notes").count == 3)
    }

    @Test("the merge under a storm of concurrent plog add: no block lost, order kept")
    func addStorm() throws {
        let s = try Sandbox()
        // Three transcripts of 1000 prompts, imported one after the other (three merges), their
        // prompts interleaved in time so that each merge inserts among the blocks of the last.
        var files = ["", "", ""]
        for i in 0..<3000 {
            let t = 1_700_000_000 + i * 60
            let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(t)))
            files[i % 3] += #"{"isSidechain":false,"cwd":"/w/p","sessionId":"s","type":"user","message":{"role":"user","content":"imported prompt number \#(i) about the cache"},"uuid":"u\#(i)","timestamp":"\#(stamp)"}"# + "\n"
        }
        for (k, lines) in files.enumerated() { try s.write("t\(k)/s.jsonl", lines) }
        try s.write("work/p.log", "## 2023-01-01T00:00Z  -  mine\nTASK: the first of mine\n")
        let env = ["PLOG_FILE": s.work + "/p.log"]
        final class Flag: @unchecked Sendable { var done = false; let lock = NSLock() }
        let flag = Flag()
        let importer = Thread {
            for k in 0..<3 { _ = try? s.run("plog", ["import", "claude-code", "-q", s.root + "/t\(k)"], env: env) }
            flag.lock.lock(); flag.done = true; flag.lock.unlock()
        }
        final class Adds: @unchecked Sendable { var ids: [String] = []; let lock = NSLock() }
        let adds = Adds()
        importer.start()
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            var n = 0
            while true {
                flag.lock.lock(); let done = flag.done; flag.lock.unlock()
                if done && n >= 3 { break }
                let id = "storm-\(worker)-\(n)"
                if let r = try? s.run("plog", ["add", "-t", id, "--prompt", "added during the import", "-q"], env: env), r.status == 0 {
                    adds.lock.lock(); adds.ids.append(id); adds.lock.unlock()
                }
                n += 1
            }
        }
        let log = try s.read("work/p.log")
        #expect(log.hasPrefix("## 2023-01-01T00:00Z  -  mine\nTASK: the first of mine\n\n"))
        #expect(log.components(separatedBy: "SOURCE: claude-code s u").count == 3001)
        #expect(adds.ids.count >= 12)
        for id in adds.ids {
            #expect(log.components(separatedBy: "TASK: \(id)\n").count == 2, "lost or doubled: \(id)")
        }
        // Imported blocks in time order, all before the adds (which are now).
        let numbers = log.split(separator: "\n").filter { $0.hasPrefix("> imported prompt number ") }
            .map { Int($0.split(separator: " ")[4])! }
        #expect(numbers == Array(0..<3000))
    }
}
