import Foundation
import Testing

/// `plog import gemini|aider|chatgpt|llm` run as a user runs them: the built `plog` (which hands
/// off to `plog-import`), a throwaway HOME holding each tool's files where the tool keeps them,
/// and a second run that must add nothing. The histories are the PromptImportTests fixtures
/// (their READMEs name the public source of each shape); llm's database is made by llm itself.
@Suite struct ImportToolsTests {
    /// `Tests/`.
    static let testsDirectory = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()

    static let readerFixtures = testsDirectory.appendingPathComponent("PromptImportTests/Fixtures").path

    /// `.build-venv/bin/llm` (made by `shell/lib.sh` `plog_python_peers`, which `shell/test` runs).
    static let llm: String? = {
        let path = testsDirectory.deletingLastPathComponent().appendingPathComponent(".build-venv/bin/llm").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Copies a fixture tree to `to` (inside the sandbox).
    func copy(_ fixture: String, to: String, in s: Sandbox) throws {
        let dest = s.absolute(to)
        try FileManager.default.createDirectory(atPath: (dest as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ImportToolsTests.readerFixtures + "/" + fixture, toPath: dest)
    }

    func importTwice(_ s: Sandbox, _ args: [String], cwd: String? = nil, env: [String: String] = [:])
        throws -> (first: RunResult, second: RunResult, log: String) {
        let log = s.root + "/prompts.log"
        var e = env
        e["PLOG_FILE"] = log
        let first = try s.run("plog", ["import"] + args, env: e, cwd: cwd)
        #expect(first.status == 0, "\(first.stderr)")
        let after = try s.read(log)
        let second = try s.run("plog", ["import"] + args, env: e, cwd: cwd)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("added 0,"), "a second run adds nothing: \(second.stderr)")
        #expect(try s.read(log) == after, "a second run leaves the log as it was")
        return (first, second, after)
    }

    @Test func geminiFromItsHome() throws {
        let s = try Sandbox()
        try copy("gemini", to: "home/.gemini", in: s)
        let (first, _, log) = try importTwice(s, ["gemini"])
        #expect(first.stderr.contains("gemini: added 7,"), "\(first.stderr)")
        #expect(log.contains("SOURCE: gemini 3f2a9c1e-7d41-4b8e-9a55-0c6e1b2d4f70 u1"))
        #expect(log.contains("## 2025-09-18T14:03:20+00:00  gemini-2.5-pro  webshop\n"), "\(log)")
        #expect(!log.contains("Make the discount code case-insensitive"), "rewound")
        #expect(!log.contains("Find every place"), "subagent")
    }

    @Test func geminiHonoursGeminiCliHome() throws {
        let s = try Sandbox()
        try copy("gemini", to: "elsewhere/.gemini", in: s)
        let (first, _, _) = try importTwice(s, ["gemini"], env: ["GEMINI_CLI_HOME": s.root + "/elsewhere"])
        #expect(first.stderr.contains("gemini: added 7,"), "\(first.stderr)")
    }

    @Test func aiderFromTheRepositoryAroundTheWorkingDirectory() throws {
        let s = try Sandbox()
        try copy("aider/webshop", to: "work/webshop", in: s)
        try s.write("work/webshop/.git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createDirectory(atPath: s.work + "/webshop/src", withIntermediateDirectories: true)
        let (first, _, log) = try importTwice(s, ["aider"], cwd: s.work + "/webshop/src")
        #expect(first.stderr.contains("aider: added 4,"), "\(first.stderr)")
        #expect(log.contains("## 2024-08-05T19:33:32+00:00  claude-3-5-sonnet-20240620  webshop\n"), "\(log)")
        #expect(!log.contains("Fix any errors below"))
        #expect(log.contains("## 2024-11-30T08:05:41+00:00  gpt-4o  webshop\n"), "the input history's time: \(log)")
        // The input history named: only the prompt the chat history lacks, once.
        let (input, _, _) = try importTwice(s, ["aider", ".aider.input.history"], cwd: s.work + "/webshop")
        #expect(input.stderr.contains("aider: added 1, 1 already present"), "\(input.stderr)")
    }

    @Test func chatgptZipAndItsJSONAreOneImport() throws {
        let s = try Sandbox()
        try copy("chatgpt/export.zip", to: "home/Downloads/export.zip", in: s)
        try copy("chatgpt/conversations.json", to: "home/Downloads/export/conversations.json", in: s)
        let (first, _, log) = try importTwice(s, ["chatgpt", s.home + "/Downloads/export.zip"])
        #expect(first.stderr.contains("chatgpt: added 4,"), "\(first.stderr)")
        #expect(!log.contains("abandoned branch"))
        let json = try s.run("plog", ["import", "chatgpt", s.home + "/Downloads/export/conversations.json"],
                             env: ["PLOG_FILE": s.root + "/prompts.log"])
        #expect(json.stderr.contains("chatgpt: added 0, 4 already present"), "\(json.stderr)")
        let none = try s.run("plog", ["import", "chatgpt"], env: ["PLOG_FILE": s.root + "/prompts.log"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("plog import chatgpt PATH"), "\(none.stderr)")
    }

    @Test(.enabled(if: ImportToolsTests.llm != nil, "needs .build-venv (shell/lib.sh plog_python_peers)"))
    func llmDatabaseWrittenByLLM() throws {
        let s = try Sandbox()
        let llmDir = s.home + "/.config/io.datasette.llm"
        try FileManager.default.createDirectory(atPath: llmDir, withIntermediateDirectories: true)
        for (prompt, continued) in [("Explain the difference between a ULID and a UUID", false),
                                    ("Which one sorts by time?", true)] {
            let r = try s.run(ImportToolsTests.llm!, ["-m", "echo"] + (continued ? ["-c"] : []) + [prompt],
                              env: ["LLM_USER_PATH": llmDir])
            #expect(r.status == 0, "\(r.stderr)")
        }
        // Default location: ~/.config/io.datasette.llm/logs.db.
        let (first, _, log) = try importTwice(s, ["llm"])
        #expect(first.stderr.contains("llm: added 2,"), "\(first.stderr)")
        #expect(log.contains("  echo\n"), "the model: \(log)")
        #expect(log.contains("Which one sorts by time?"))
        // LLM_USER_PATH names another directory: nothing there.
        let other = try s.run("plog", ["import", "llm"], env: ["PLOG_FILE": s.root + "/prompts.log", "LLM_USER_PATH": s.root + "/none"])
        #expect(other.status == 2, "\(other.stderr)")
    }

    @Test func badInputNamesTheFile() throws {
        let s = try Sandbox()
        try s.write("home/not-a.db", "this is not a database, just text padded out to a page.\n")
        let r = try s.run("plog", ["import", "llm", s.home + "/not-a.db"], env: ["PLOG_FILE": s.root + "/prompts.log"])
        #expect(r.status == 2)
        #expect(r.stderr.contains(s.home + "/not-a.db"), "\(r.stderr)")
        #expect(!s.exists(s.root + "/prompts.log"), "nothing written")
        try s.write("home/export.zip", "PK\u{3}\u{4} but cut short")
        let z = try s.run("plog", ["import", "chatgpt", s.home + "/export.zip"], env: ["PLOG_FILE": s.root + "/prompts.log"])
        #expect(z.status == 2)
        #expect(z.stderr.contains("zip archive"), "\(z.stderr)")
    }
}
