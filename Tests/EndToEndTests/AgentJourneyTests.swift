import Foundation
import Testing

/// The journey the capture work exists for, as a new user takes it: a home with Claude Code's
/// history, `plog init`, `plog import claude-code`, `plog hook install claude-code`; from then on
/// a typed prompt is in the log, found by `prompthist`, counted by `plog stats`, committed by
/// `plog commit`.
@Suite("Agents: import, then every typed prompt captured, recalled, counted and versioned")
struct AgentJourneyTests {
    @Test func importThenHookThenRecallStatsCommit() throws {
        let s = try Sandbox()
        try s.installImportFixture("claude")
        try s.write("work/app/.git/HEAD", "ref: refs/heads/main\n")
        #expect(try s.run("plog", ["init", "-q"]).status == 0)

        let imported = try s.run("plog", ["import", "claude-code"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("claude-code: added 7,"), "\(imported.stderr)")

        let installed = try s.run("plog", ["hook", "install", "claude-code"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let settings = try JSONSerialization.jsonObject(with: Data(try s.read("home/.claude/settings.json").utf8)) as! [String: Any]
        let command = ((((settings["hooks"] as! [String: Any])["UserPromptSubmit"] as! [[String: Any]])[0]["hooks"]
            as! [[String: Any]])[0]["command"] as! String)

        // The agent runs the hook with a typed prompt, through a shell, without plog on its PATH.
        let payload = #"{"session_id":"s9","cwd":"\#(s.work)/app","hook_event_name":"UserPromptSubmit","prompt":"Make the quokka importer stream its input"}"#
        let hooked = try s.run("/bin/sh", ["-c", command], stdin: payload, env: ["PATH": "/nonexistent"])
        #expect(hooked.status == 0 && hooked.stdout.isEmpty, "\(hooked.stderr)")

        let recalled = try s.run("prompthist", ["--print", "quokka"])
        #expect(recalled.status == 0)
        #expect(recalled.stdout.contains("TASK: Make the quokka importer stream its input"))
        #expect(recalled.stdout.contains("SOURCE: claude-code s9 "))

        let stats = try s.run("plog", ["stats", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as! [String: Any]
        #expect(report["blocks"] as? Int == 8, "7 imported, 1 captured: \(stats.stdout.prefix(200))")

        let committed = try s.run("plog", ["commit"])
        #expect(committed.status == 0, "\(committed.stderr)")
        #expect(try s.git(["show", "HEAD:prompts.log"], in: "home/notes").stdout.contains("Make the quokka importer"))
    }
}
