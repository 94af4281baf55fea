import Foundation
import Testing

/// `plog mcp install|remove TOOL` in a throwaway HOME. The shapes written and the commands run
/// follow each agent's documentation: Claude Code `claude mcp add --scope user NAME -- CMD`
/// (docs.anthropic.com, "Connect Claude Code to tools via MCP"), Codex `codex mcp add NAME -- CMD`
/// (openai/codex docs/config.md), Cursor `~/.cursor/mcp.json` and Gemini CLI
/// `~/.gemini/settings.json` with `{"mcpServers": {NAME: {"command", "args"}}}`.
@Suite struct McpInstallTests {
    var server: String { Binaries.path("plog-mcp") }

    func json(_ box: Sandbox, _ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try box.readData(path)) as? [String: Any] ?? [:]
    }

    @Test func cursorEntryIsAddedBesideOthersAndRemoved() throws {
        let box = try Sandbox()
        let file = box.home + "/.cursor/mcp.json"
        try box.write(file, #"{"mcpServers": {"other": {"command": "/bin/other", "args": []}}, "keep": 1}"# + "\n")
        let r = try box.run("plog", ["mcp", "install", "cursor"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        let servers = try json(box, file)["mcpServers"] as? [String: Any]
        let plog = servers?["plog"] as? [String: Any]
        #expect(plog?["command"] as? String == server, "the absolute path of plog-mcp")
        #expect((plog?["args"] as? [String]) == [])
        let keep = try json(box, file)["keep"] as? Int
        #expect(servers?["other"] != nil && keep == 1, "other keys are kept")
        #expect(box.exists(file + ".plog-backup"))

        let again = try box.run("plog", ["mcp", "install", "cursor"])
        #expect(again.stderr.contains("nothing changed"))

        let removed = try box.run("plog", ["mcp", "remove", "cursor"])
        #expect(removed.status == 0)
        let after = try json(box, file)["mcpServers"] as? [String: Any]
        #expect(after?["plog"] == nil && after?["other"] != nil)
    }

    @Test func geminiSettingsAreCreatedWithTheLogGiven() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["mcp", "install", "gemini", "--file", "notes/p.log"])
        #expect(r.status == 0, "\(r.stderr)")
        let plog = (try json(box, box.home + "/.gemini/settings.json")["mcpServers"] as? [String: Any])?["plog"] as? [String: Any]
        #expect(plog?["command"] as? String == server)
        #expect((plog?["args"] as? [String]) == ["--file", box.work + "/notes/p.log"], "the log as an absolute path")
    }

    @Test func printChangesNothing() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["mcp", "install", "cursor", "--print"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\"plog\"") && r.stdout.contains(server))
        #expect(!box.exists(box.home + "/.cursor/mcp.json"))
    }

    @Test func brokenSettingsFileIsRefusedAndKept() throws {
        let box = try Sandbox()
        let file = box.home + "/.gemini/settings.json"
        try box.write(file, "{\"theme\": ")
        let r = try box.run("plog", ["mcp", "install", "gemini"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("settings.json") && r.stderr.contains("not valid JSON"))
        #expect(try box.read(file) == "{\"theme\": ")
    }

    @Test func claudeCodeCLIIsRunWhenOnPath() throws {
        let box = try Sandbox()
        let bin = box.root + "/bin"
        // A stand-in for `claude` that records its arguments.
        try box.write(bin + "/claude", "#!/bin/sh\nprintf '%s\\n' \"$*\" >> \(box.root)/claude-calls\n", mode: 0o755)
        let env = ["PATH": bin + ":/usr/bin:/bin"]
        let r = try box.run("plog", ["mcp", "install", "claude-code"], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        let calls = try box.read(box.root + "/claude-calls").split(separator: "\n").map(String.init)
        #expect(calls == ["mcp remove --scope user plog", "mcp add --scope user plog -- \(server)"])

        let removed = try box.run("plog", ["mcp", "remove", "claude-code"], env: env)
        #expect(removed.status == 0)
        #expect(try box.read(box.root + "/claude-calls").hasSuffix("mcp remove --scope user plog\n"))
    }

    @Test func codexCommandIsPrintedWhenTheCLIIsMissing() throws {
        let box = try Sandbox()
        let r = try box.run("plog", ["mcp", "install", "codex"], env: ["PATH": "/usr/bin:/bin"])
        #expect(r.status == 0)
        #expect(r.stdout == "codex mcp add plog -- \(server)\n")
        #expect(r.stderr.contains("codex is not on PATH"))
        let remove = try box.run("plog", ["mcp", "remove", "codex", "--print"])
        #expect(remove.stdout == "codex mcp remove plog\n")
    }

    @Test func failingCLIIsAnError() throws {
        let box = try Sandbox()
        let bin = box.root + "/bin"
        try box.write(bin + "/codex", "#!/bin/sh\n[ \"$2\" = add ] && { echo 'codex: config is read-only' >&2; exit 3; }\nexit 0\n", mode: 0o755)
        let r = try box.run("plog", ["mcp", "install", "codex"], env: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("config is read-only") && r.stderr.contains("exited with status 3"))
    }
}
