import Foundation
import Testing

/// `plog hook TOOL` fed the agents' payloads (Fixtures/hooks, sources in its README), and
/// `plog hook install|remove|show` on real settings files.
@Suite struct HookTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hooks")

    /// A sandbox with a git repository `work/myrepo`, the log at `root/p.log` (PLOG_FILE) and a
    /// Claude Code transcript at `root/transcript.jsonl`.
    static func world() throws -> Sandbox {
        let s = try Sandbox()
        try s.write("work/myrepo/.git/HEAD", "ref: refs/heads/main\n")
        try s.write("transcript.jsonl", try fixtureText("claude-code-transcript.jsonl"))
        s.env["PLOG_FILE"] = s.root + "/p.log"
        return s
    }

    static func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    static func payload(_ name: String, _ s: Sandbox, cwd: String? = nil) throws -> String {
        try fixtureText(name).replacingOccurrences(of: "$CWD", with: cwd ?? s.work + "/myrepo")
            .replacingOccurrences(of: "$TRANSCRIPT", with: s.root + "/transcript.jsonl")
    }

    /// Runs the hook the way an agent does; the hook's contract: nothing on stdout, exit 0.
    @discardableResult
    static func hook(_ s: Sandbox, _ tool: String, stdin: Data, args: [String] = [], env: [String: String] = [:],
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        let r = try s.run("plog", ["hook", tool] + args, stdin: stdin, env: env)
        #expect(r.status == 0, "exit \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        if tool == "cursor" {
            #expect(r.stdout == "{\"continue\":true}\n", sourceLocation: sourceLocation)
        } else {
            #expect(r.stdout.isEmpty, "stdout: \(r.stdout)", sourceLocation: sourceLocation)
        }
        return r
    }

    @discardableResult
    static func hook(_ s: Sandbox, _ tool: String, _ stdin: String, args: [String] = [], env: [String: String] = [:],
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        try hook(s, tool, stdin: Data(stdin.utf8), args: args, env: env, sourceLocation: sourceLocation)
    }

    // MARK: Capture

    @Test func claudeCodePromptBecomesABlockWithModelFromTheTranscript() throws {
        let s = try Self.world()
        try Self.hook(s, "claude-code", try Self.payload("claude-code-user-prompt-submit.json", s))
        // The model is the newest assistant line's that is not <synthetic>; the project the repository's name.
        #expect(normalizeNow(try s.read("p.log")) == """
            ## <now>  claude-opus-4-6  myrepo
            TASK: Write a function to calculate the factorial of a number

            SOURCE: claude-code abc123 h9d57472bc0aa

            PROMPT:
            > Write a function to calculate the factorial of a number

            """)
        // The hook log records the capture.
        #expect(try s.read("home/.local/state/plog/hook.log").contains("\tclaude-code\tok\t" + s.root + "/p.log"))
        // The block is found by prompthist and counted by stats.
        let hist = try s.run("prompthist", ["factorial"])
        #expect(hist.status == 0 && hist.stdout.contains("TASK: Write a function"), "\(hist.stderr)")
        let stats = try s.run("plog", ["stats", "--json"])
        #expect(stats.status == 0 && stats.stdout.contains("\"blocks\":1"), "\(stats.stdout)")
    }

    @Test func promptIdIsTheSourceIdAndSystemRemindersAreStripped() throws {
        let s = try Self.world()
        try Self.hook(s, "claude-code", try Self.payload("claude-code-user-prompt-submit-prompt-id.json", s))
        let log = try s.read("p.log")
        #expect(log.contains("SOURCE: claude-code 0fd6a5d1-c1e4-494f-82d6-9391ccc1797d 7c1e2f0a-9b1d-4c55-a0e2-3f1d2c4b5a69\n"))
        #expect(log.contains("TASK: Why does the share extension crash on launch?\n"))
        #expect(log.contains("> Why does the share extension crash on launch? Here is the log.\n"))
        #expect(!log.contains("system-reminder") && !log.contains("Info.plist"))
    }

    @Test func sessionStartModelIsUsedForTheSessionsPrompts() throws {
        let s = try Self.world()
        try Self.hook(s, "claude-code", try Self.payload("claude-code-session-start.json", s))
        #expect(!s.exists("p.log"))
        try Self.hook(s, "claude-code", try Self.payload("claude-code-user-prompt-submit.json", s))
        #expect(normalizeNow(try s.read("p.log")).hasPrefix("## <now>  claude-sonnet-4-6  myrepo\n"))
    }

    @Test func noModelAnywhereLeavesTheModelOut() throws {
        let s = try Self.world()
        try s.write("transcript.jsonl", "")
        try Self.hook(s, "claude-code", try Self.payload("claude-code-user-prompt-submit.json", s))
        #expect(normalizeNow(try s.read("p.log")).hasPrefix("## <now>  -  myrepo\n"))
    }

    @Test func codexHookAndNotifyCarryTheModelAndTurnId() throws {
        let s = try Self.world()
        try Self.hook(s, "codex", try Self.payload("codex-user-prompt-submit.json", s))
        var log = normalizeNow(try s.read("p.log"))
        #expect(log.hasPrefix("## <now>  gpt-5.2  myrepo\n"))
        #expect(log.contains("SOURCE: codex 019b109f-2c3d-7e4f-8a9b-0c1d2e3f4a5b 019b10a0-1111-7222-8333-444455556666\n"))
        // Legacy notify: the JSON is the last argument, standard input is empty.
        let r = try s.run("plog", ["hook", "codex", try Self.payload("codex-notify.json", s)])
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        log = normalizeNow(try s.read("p.log"))
        #expect(log.contains("\n\n## <now>  -  myrepo\nTASK: Rename `foo` to `bar` and update the callsites.\n\n"
            + "SOURCE: codex b5f6c1c2-1111-2222-3333-444455556666 12345\n"), "\(log)")
    }

    @Test func geminiAndCursorPrompts() throws {
        let s = try Self.world()
        try Self.hook(s, "gemini", try Self.payload("gemini-before-agent.json", s))
        var log = normalizeNow(try s.read("p.log"))
        #expect(log.hasPrefix("## <now>  -  myrepo\nTASK: Summarise the failing tests in packages/core and propose a fix.\n\n"
            + "SOURCE: gemini 8f2c1e6a-3b4d-4f5e-9a7b-1c2d3e4f5a6b h25f6d7de35f1\n"), "\(log)")
        try Self.hook(s, "cursor", try Self.payload("cursor-before-submit-prompt.json", s))
        log = normalizeNow(try s.read("p.log"))
        #expect(log.contains("## <now>  gpt-5  myrepo\nTASK: Add a dark mode toggle to the settings screen.\n\n"
            + "SOURCE: cursor c0ffee00-1234-4abc-9def-0123456789ab 9a8b7c6d-5e4f-4321-8765-fedcba987654\n"), "\(log)")
    }

    @Test func trivialAndMachinePromptsAreSkippedUnlessConfigured() throws {
        let s = try Self.world()
        for prompt in ["yes", "OK!", "/clear", "  ", "<command-name>/model</command-name>", "<system-reminder>x</system-reminder>"] {
            let payload = #"{"session_id":"s1","hook_event_name":"UserPromptSubmit","cwd":"\#(s.work)","prompt":\#(jsonQuote(prompt))}"#
            try Self.hook(s, "claude-code", payload)
        }
        #expect(!s.exists("p.log"))
        // A subagent's prompt is not the person's.
        try Self.hook(s, "claude-code", #"{"session_id":"s1","agent_id":"a1","hook_event_name":"UserPromptSubmit","prompt":"Explore the repo"}"#)
        #expect(!s.exists("p.log"))
        try s.write("home/.config/plog/config", "capture.skip-trivial = false\n")
        try Self.hook(s, "claude-code", #"{"session_id":"s1","hook_event_name":"UserPromptSubmit","prompt":"yes"}"#)
        #expect(try s.read("p.log").contains("> yes\n"))
    }

    @Test func everyFailureIsSilentExitsZeroAndKeepsThePrompt() throws {
        let s = try Self.world()
        let good = try Self.payload("claude-code-user-prompt-submit.json", s)
        // Garbage, empty, not an object, no prompt, bad UTF-8, an unknown event, a huge payload.
        try Self.hook(s, "claude-code", "not json at all")
        try Self.hook(s, "claude-code", "")
        try Self.hook(s, "claude-code", "[1,2]")
        try Self.hook(s, "claude-code", #"{"session_id":"s","hook_event_name":"UserPromptSubmit"}"#)
        try Self.hook(s, "claude-code", stdin: Data(#"{"session_id":"s","hook_event_name":"UserPromptSubmit","prompt":"caf"#.utf8)
            + Data([0xE9, 0xFF]) + Data(#" au lait, explain the crash"}"#.utf8))
        try Self.hook(s, "claude-code", #"{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash"}"#)
        try Self.hook(s, "claude-code", stdin: Data(repeating: 0x20, count: 17 << 20))
        try Self.hook(s, "cursor", "{")
        try Self.hook(s, "claude-code", good, args: ["--unexpected", "words"])
        let log = try s.read("p.log")
        #expect(log.contains("> caf\u{FFFD}\u{FFFD} au lait, explain the crash\n"))
        #expect(log.components(separatedBy: "## ").count == 3, "\(log)")
        let hookLog = try s.read("home/.local/state/plog/hook.log")
        #expect(hookLog.contains("\tclaude-code\terror\t'hook input': is not JSON"))
        #expect(hookLog.contains("has no `prompt` field"))
        #expect(hookLog.contains("more than the"))

        // The log cannot be written (it is a directory): the prompt goes to a draft.
        try FileManager.default.createDirectory(atPath: s.root + "/dir.log", withIntermediateDirectories: true)
        try Self.hook(s, "claude-code", good, env: ["PLOG_FILE": s.root + "/dir.log"])
        let drafts = try FileManager.default.contentsOfDirectory(atPath: s.home + "/.local/state/plog/drafts")
        #expect(drafts.count == 1)
        #expect(try s.read("home/.local/state/plog/drafts/" + drafts[0]).contains("> Write a function to calculate the factorial"))
        #expect(try s.read("home/.local/state/plog/hook.log").contains("your prompt is saved at"))

        // Neither the log nor the state directory can be written (their parents are files):
        // still exit 0 and nothing on stdout; the block goes to stderr as a last resort.
        try s.write("file", "x")
        let r = try Self.hook(s, "claude-code", good, env: ["PLOG_FILE": s.root + "/file/p.log",
                                                            "XDG_STATE_HOME": s.root + "/file/state"])
        #expect(r.stderr.contains("> Write a function to calculate the factorial"))

        // A config file that does not parse: the prompt is still logged, with defaults, and the error kept.
        try s.write("home/.config/plog/config", "this is not a config line\n")
        try Self.hook(s, "claude-code", good)
        #expect(try s.read("p.log").components(separatedBy: "## ").count == 4)
        let last = try s.read("home/.local/state/plog/hook.log").split(separator: "\n").suffix(2)
        #expect(last.first?.contains("\tclaude-code\tok\t") == true)
        #expect(last.last?.contains("\terror\t") == true && last.last?.contains("logged with default settings") == true)
    }

    @Test func unknownToolIsAnErrorButNeverTheBlockingCode() throws {
        let s = try Self.world()
        let r = try s.run("plog", ["hook", "claude"], stdin: "{}")
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("unknown tool 'claude'"))
        // No tool at all, run by a misconfigured agent: an error, not the blocking code.
        let none = try s.run("plog", ["hook"], stdin: "{}")
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.contains("names no tool"))
    }

    @Test func doctorReportsTheHookLog() throws {
        let s = try Self.world()
        try s.run("plog", ["add", "-t", "seed", "-q"])
        var r = try s.run("plog", ["doctor", "--json"])
        #expect(r.stdout.contains(#"{"name":"hook","status":"skipped""#), "\(r.stdout)")
        try Self.hook(s, "claude-code", try Self.payload("claude-code-user-prompt-submit.json", s))
        r = try s.run("plog", ["doctor"])
        #expect(r.stdout.contains("last prompt captured") && r.stdout.contains("from claude-code"), "\(r.stdout)")
        #expect(!r.stdout.contains("PROBLEM  hook"))
        try Self.hook(s, "codex", "garbage")
        try Self.hook(s, "codex", "more garbage")
        r = try s.run("plog", ["doctor"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("2 hook errors since the last capture"), "\(r.stdout)")
        #expect(r.stdout.contains("is not JSON"))
        // A capture clears it.
        try Self.hook(s, "codex", try Self.payload("codex-user-prompt-submit.json", s))
        r = try s.run("plog", ["doctor", "--json"])
        #expect(r.stdout.contains(#"{"name":"hook","status":"ok""#), "\(r.stdout)")
    }

    // MARK: Recall inside the agent

    /// A sandbox whose log is the recall fixture (10 blocks; Fixtures/recall/README.md).
    static func recallWorld() throws -> Sandbox {
        let s = try Self.world()
        let log = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/recall/prompts.log")
        try s.write("p.log", try Data(contentsOf: log))
        return s
    }

    static func prompt(_ text: String, event: String = "UserPromptSubmit") -> String {
        #"{"session_id":"s1","hook_event_name":"\#(event)","prompt":\#(jsonQuote(text))}"#
    }

    /// The additionalContext of a hook reply, or nil when stdout is empty.
    static func context(_ r: RunResult, event: String = "UserPromptSubmit") throws -> String? {
        guard !r.stdout.isEmpty else { return nil }
        #expect(r.stdout.hasSuffix("}\n") && r.stdout.filter { $0 == "\n" }.count == 1)
        let v = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        let out = v["hookSpecificOutput"] as! [String: Any]
        #expect(out["hookEventName"] as? String == event)
        return out["additionalContext"] as? String
    }

    static let related = "Write a Swift property wrapper that throttles writes to disk and flushes when the app goes to the background"

    @Test func recallOffersRelatedPastBlocksIncludingFailures() throws {
        let s = try Self.recallWorld()
        let before = try s.read("p.log")
        let r = try s.run("plog", ["hook", "claude-code", "--recall"], stdin: Self.prompt(Self.related))
        #expect(r.status == 0, "\(r.stderr)")
        let context = try #require(try Self.context(r))
        #expect(context.hasPrefix("From plog, the user's own prompt log: 1 past prompt(s) of theirs most related to this one"))
        #expect(context.contains("Failed attempts are included on purpose"))
        // The closest block is offered, a failed attempt; weaker matches (below the bar) are not.
        #expect(context.contains("TASK: Write a property wrapper that throttles writes to disk\n"))
        #expect(context.contains("- Didn't work: it used a Timer on a background queue that never fires."))
        #expect(!context.contains("Retry policy") && !context.contains("UserDefaults"))
        // The prompt itself is logged, and was not offered to itself.
        #expect(try s.read("p.log").hasPrefix(before))
        #expect(try s.read("p.log").contains("> " + Self.related + "\n"))
        #expect(!context.contains(Self.related))
        // Gemini CLI's reply names its event.
        let g = try s.run("plog", ["hook", "gemini", "--recall"], stdin: Self.prompt(Self.related, event: "BeforeAgent"))
        #expect(try Self.context(g, event: "BeforeAgent")?.contains("throttles writes") == true)
    }

    @Test func recallOffersNothingWhenNothingIsRelatedOrNotAsked() throws {
        let s = try Self.recallWorld()
        try Self.hook(s, "claude-code", Self.prompt("Compose a limerick about penguins skating on a frozen lake"), args: ["--recall"])
        try Self.hook(s, "claude-code", Self.prompt(Self.related))
        // A trivial prompt is neither logged nor searched.
        try Self.hook(s, "claude-code", Self.prompt("continue"), args: ["--recall"])
        // Cursor's hook cannot add context: its answer stays {"continue":true}.
        try Self.hook(s, "cursor", #"{"conversation_id":"c","hook_event_name":"beforeSubmitPrompt","prompt":\#(jsonQuote(Self.related))}"#,
                      args: ["--recall"])
    }

    @Test func recallStaysWithinItsBudget() throws {
        let s = try Self.recallWorld()
        let fixture = try s.read("p.log")
        for tokens in [1500, 300, 150] {
            try s.write("p.log", fixture)
            let r = try s.run("plog", ["hook", "claude-code", "--recall", "--recall-tokens", String(tokens)],
                              stdin: Self.prompt(Self.related))
            #expect(r.status == 0)
            let context = try Self.context(r) ?? ""
            #expect(context.utf8.count <= tokens * 4, "\(tokens) tokens: \(context.utf8.count) bytes")
            // Blocks are offered whole or not at all: 150 tokens hold the header but not the block.
            #expect(context.contains("throttles writes") == (tokens >= 300), "\(tokens): \(context)")
        }
        // The default budget is 1,500 tokens: a log of long related blocks is cut to it.
        let long = (0..<40).map { i in
            "## 2025-01-\(String(format: "%02d", i % 28 + 1))T10:00+00:00  m  p\nTASK: Throttle disk writes in a property wrapper \(i)\n\nPROMPT:\n"
                + String(repeating: "> The property wrapper throttles writes to disk; flush in the background. Attempt \(i).\n", count: 12)
        }.joined(separator: "\n") + "\n" + (0..<40).map { "## 2025-02-01T10:00+00:00  m  p\nTASK: unrelated \($0)\n" }.joined(separator: "\n")
        try s.write("p.log", long)
        let r = try s.run("plog", ["hook", "claude-code", "--recall"], stdin: Self.prompt(Self.related))
        let context = try #require(try Self.context(r))
        #expect(context.utf8.count <= 1500 * 4 && context.utf8.count > 1000 * 4, "\(context.utf8.count) bytes")
    }

    @Test func recallSearchesOnlyTheNewestPartOfTheLog() throws {
        let s = try Self.recallWorld()
        let related = try s.read("p.log")
        // 17 MB of unrelated blocks after the related ones (more than the 16 MB searched): out of reach.
        let filler = (0..<19_000).map { "## 2025-03-01T10:00+00:00  m  p\nTASK: chore \($0)\n\nPROMPT:\n> "
            + String(repeating: "rename the variables in module \($0) ", count: 25) + "\n" }.joined(separator: "\n")
        #expect(filler.utf8.count > 17 << 20)
        try s.write("p.log", related + "\n" + filler)
        try Self.hook(s, "claude-code", Self.prompt(Self.related), args: ["--recall"])
        // The same blocks after the filler are found.
        try s.write("p.log", filler + "\n" + related)
        let r = try s.run("plog", ["hook", "claude-code", "--recall"], stdin: Self.prompt(Self.related))
        #expect(try Self.context(r)?.contains("TASK: Write a property wrapper that throttles writes to disk\n") == true)
    }

    @Test func recallFailuresAddNothingAndExitZero() throws {
        let s = try Self.recallWorld()
        // No log yet, a log that is a directory, a log that is not text: silent, exit 0.
        try Self.hook(s, "claude-code", Self.prompt(Self.related), args: ["--recall"], env: ["PLOG_FILE": s.root + "/new.log"])
        try FileManager.default.createDirectory(atPath: s.root + "/dir.log", withIntermediateDirectories: true)
        try Self.hook(s, "claude-code", Self.prompt(Self.related), args: ["--recall"], env: ["PLOG_FILE": s.root + "/dir.log"])
        try s.write("bin.log", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }))
        try Self.hook(s, "claude-code", Self.prompt(Self.related), args: ["--recall", "--recall-tokens", "x"],
                      env: ["PLOG_FILE": s.root + "/bin.log"])
    }

    @Test func installWithRecallWritesItIntoTheCommand() throws {
        let s = try Sandbox()
        let plog = Binaries.path("plog")
        var r = try s.run("plog", ["hook", "install", "claude-code", "--recall", "--recall-tokens", "800"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("+ UserPromptSubmit: \(plog) hook claude-code --recall --recall-tokens 800\n"))
        // Installing without --recall turns it off again, in place.
        r = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(r.stdout.contains("~ UserPromptSubmit: \(plog) hook claude-code --recall --recall-tokens 800 -> \(plog) hook claude-code\n"))
        #expect(try s.run("plog", ["hook", "install", "cursor", "--recall"]).status == 2)
        #expect(try s.run("plog", ["hook", "install", "codex", "--recall-tokens", "5"]).status == 2)
    }

    // MARK: Install, remove, show

    /// A user's Claude Code settings with keys and hooks of their own.
    static let claudeSettings = """
        {
          "model": "opus",
          "permissions": {
            "allow": [
              "Bash(npm run test:*)"
            ]
          },
          "hooks": {
            "UserPromptSubmit": [
              {
                "hooks": [
                  {
                    "type": "command",
                    "command": "~/bin/guard-prompt.sh"
                  }
                ]
              }
            ],
            "Stop": [
              {
                "hooks": [
                  {
                    "type": "command",
                    "command": "notify-send done",
                    "timeout": 10
                  }
                ]
              }
            ]
          },
          "cleanupPeriodDays": 3650
        }

        """

    static func json(_ s: Sandbox, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: try s.readData(path))
    }

    @Test func installMergesIsIdempotentAndRemoveRestores() throws {
        let s = try Sandbox()
        try s.write("home/.claude/settings.json", Self.claudeSettings)
        let plog = Binaries.path("plog")
        var r = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            ~/.claude/settings.json:
              + UserPromptSubmit: \(plog) hook claude-code
              + SessionStart: \(plog) hook claude-code
            previous file kept at ~/.claude/settings.json.plog-backup
            note: Claude Code reads hooks at start: restart running sessions (or open /hooks) to load it.

            """)
        #expect(try s.read("home/.claude/settings.json.plog-backup") == Self.claudeSettings)
        let installed = try s.read("home/.claude/settings.json")
        let v = try Self.json(s, "home/.claude/settings.json") as! [String: Any]
        #expect(v["model"] as? String == "opus" && v["cleanupPeriodDays"] as? Int == 3650)
        let hooks = v["hooks"] as! [String: Any]
        let ups = hooks["UserPromptSubmit"] as! [[String: Any]]
        #expect(ups.count == 2)
        #expect((ups[0]["hooks"] as! [[String: Any]])[0]["command"] as? String == "~/bin/guard-prompt.sh")
        let mine = (ups[1]["hooks"] as! [[String: Any]])[0]
        #expect(mine["command"] as? String == plog + " hook claude-code")
        #expect(mine["type"] as? String == "command" && mine["timeout"] as? Int == 5)
        #expect(((hooks["Stop"] as! [[String: Any]])[0]["hooks"] as! [[String: Any]])[0]["command"] as? String == "notify-send done")
        // Key order is kept: the new event comes last.
        #expect(installed.range(of: "\"UserPromptSubmit\"")!.lowerBound < installed.range(of: "\"Stop\"")!.lowerBound)
        #expect(installed.range(of: "\"Stop\"")!.lowerBound < installed.range(of: "\"SessionStart\"")!.lowerBound)

        // A second install changes nothing.
        r = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(r.status == 0 && r.stdout == "~/.claude/settings.json: already installed\n")
        #expect(try s.read("home/.claude/settings.json") == installed)

        r = try s.run("plog", ["hook", "show"])
        #expect(r.stdout.contains("claude-code\tUserPromptSubmit\t~/.claude/settings.json\t\(plog) hook claude-code\n"))
        #expect(r.stdout.contains("codex\tnot installed\t~/.codex/hooks.json (no such file)\n"))

        // Remove restores the previous hook entries, byte for byte here.
        r = try s.run("plog", ["hook", "remove", "claude-code"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("  - UserPromptSubmit: \(plog) hook claude-code\n  - SessionStart: \(plog) hook claude-code\n"))
        #expect(try s.read("home/.claude/settings.json") == Self.claudeSettings)
        r = try s.run("plog", ["hook", "remove", "claude-code"])
        #expect(r.status == 0 && r.stdout.contains("nothing to remove"))
    }

    @Test func installIntoAMissingFileAndRemoveLeavesAnEmptyObject() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["hook", "install", "claude-code"], env: ["CLAUDE_CONFIG_DIR": s.root + "/cc"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(s.root + "/cc/settings.json (created):\n"))
        #expect(!r.stdout.contains("previous file kept"))
        #expect(try s.mode("cc/settings.json") == 0o600)
        try s.run("plog", ["hook", "remove", "claude-code"], env: ["CLAUDE_CONFIG_DIR": s.root + "/cc"])
        #expect(try s.read("cc/settings.json") == "{}\n")
    }

    @Test func installedCommandIsRunnableAndCaptures() throws {
        let s = try Self.world()
        try s.run("plog", ["hook", "install", "claude-code"])
        let v = try Self.json(s, "home/.claude/settings.json") as! [String: Any]
        let command = ((((v["hooks"] as! [String: Any])["UserPromptSubmit"] as! [[String: Any]])[0]["hooks"]
            as! [[String: Any]])[0]["command"] as! String)
        // The agent runs the command through a shell, with whatever PATH it has.
        let r = try s.run("/bin/sh", ["-c", command], stdin: try Self.payload("claude-code-user-prompt-submit.json", s),
                          env: ["PATH": "/nonexistent"])
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        #expect(try s.read("p.log").contains("TASK: Write a function to calculate the factorial of a number"))
    }

    @Test func codexGeminiAndCursorShapes() throws {
        let s = try Sandbox()
        let plog = Binaries.path("plog")
        try s.write("codexhome/hooks.json", #"{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say done"}]}]}}"#)
        var r = try s.run("plog", ["hook", "install", "codex"], env: ["CODEX_HOME": s.root + "/codexhome"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("note: Codex asks you to review and trust new hooks"))
        #expect(r.stdout.contains("codex_hooks = true"))
        let codex = try Self.json(s, "codexhome/hooks.json") as! [String: Any]
        let ch = codex["hooks"] as! [String: Any]
        #expect(Array(ch.keys).sorted() == ["Stop", "UserPromptSubmit"])
        #expect(((ch["UserPromptSubmit"] as! [[String: Any]])[0]["hooks"] as! [[String: Any]])[0]["command"] as? String
            == plog + " hook codex")

        r = try s.run("plog", ["hook", "install", "gemini"])
        #expect(r.status == 0, "\(r.stderr)")
        let gemini = try Self.json(s, "home/.gemini/settings.json") as! [String: Any]
        let gh = ((gemini["hooks"] as! [String: Any])["BeforeAgent"] as! [[String: Any]])[0]["hooks"] as! [[String: Any]]
        #expect(gh[0]["timeout"] as? Int == 5000 && gh[0]["name"] as? String == "plog")

        try s.write("home/.cursor/hooks.json", #"{"version":1,"hooks":{"beforeSubmitPrompt":[{"command":"./audit.sh"}]}}"#)
        r = try s.run("plog", ["hook", "install", "cursor"])
        #expect(r.status == 0, "\(r.stderr)")
        let cursor = try Self.json(s, "home/.cursor/hooks.json") as! [String: Any]
        let list = (cursor["hooks"] as! [String: Any])["beforeSubmitPrompt"] as! [[String: Any]]
        #expect(list.map { $0["command"] as! String } == ["./audit.sh", plog + " hook cursor"])
        r = try s.run("plog", ["hook", "remove", "cursor"])
        #expect(try s.read("home/.cursor/hooks.json") == "{\n  \"version\": 1,\n  \"hooks\": {\n    \"beforeSubmitPrompt\": [\n      {\n        \"command\": \"./audit.sh\"\n      }\n    ]\n  }\n}\n")

        // --settings points at another file (a project's own).
        r = try s.run("plog", ["hook", "install", "claude-code", "--settings", "proj/.claude/settings.local.json"])
        #expect(r.status == 0 && s.exists("work/proj/.claude/settings.local.json"), "\(r.stderr)")
        r = try s.run("plog", ["hook", "show", "claude-code", "--settings", "proj/.claude/settings.local.json"])
        #expect(r.stdout.contains("claude-code\tSessionStart\t"), "\(r.stdout)")
    }

    @Test func movedPlogIsUpdatedInPlace() throws {
        let s = try Sandbox()
        try s.write("home/.claude/settings.json", #"{"hooks":{"UserPromptSubmit":[{"hooks":[{"type":"command","command":"/old/bin/plog hook claude-code","timeout":5}]}]}}"#)
        let r = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(r.stdout.contains("  ~ UserPromptSubmit: /old/bin/plog hook claude-code -> \(Binaries.path("plog")) hook claude-code\n"))
        let text = try s.read("home/.claude/settings.json")
        #expect(!text.contains("/old/bin/plog") && text.components(separatedBy: "hook claude-code").count == 3)
    }

    @Test func invalidSettingsAreRefusedAndLeftAlone() throws {
        let s = try Sandbox()
        let broken = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n}\n"
        try s.write("home/.claude/settings.json", broken)
        var r = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(s.home + "/.claude/settings.json") && r.stderr.contains("at byte 36 (line 5)"), "\(r.stderr)")
        #expect(try s.read("home/.claude/settings.json") == broken)
        #expect(!s.exists("home/.claude/settings.json.plog-backup"))
        // `hooks` of another shape is not overwritten either.
        try s.write("home/.claude/settings.json", #"{"hooks": ["mine"]}"#)
        r = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(r.status == 1 && r.stderr.contains("`hooks` is a list, not an object"), "\(r.stderr)")
        #expect(try s.read("home/.claude/settings.json") == #"{"hooks": ["mine"]}"#)
        // Usage errors exit 2.
        #expect(try s.run("plog", ["hook", "install", "vim"]).status == 2)
        #expect(try s.run("plog", ["hook", "install"]).status == 2)
    }
}

/// `s` as a JSON string literal.
func jsonQuote(_ s: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [s], options: [.fragmentsAllowed]), as: UTF8.self)
        .dropFirst().dropLast().description
}
