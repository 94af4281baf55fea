import Foundation
import Testing

/// The editor integrations in shell/editors, driven with the real editor (Vim) or the way the
/// editor runs them (VS Code's process tasks), against the built plog.
@Suite("Everyday: editor integrations")
struct EverydayEditorTests {
    /// Runs Vim in Ex mode on `file` with the plugin loaded and `commands` after it; returns
    /// Vim's messages (`:messages`).
    func vim(_ box: Sandbox, file: String, _ commands: [String], env: [String: String] = [:]) throws -> (RunResult, String) {
        let messages = box.root + "/vim-messages"
        // A script rather than -c arguments: Vim takes at most ten of those.
        let script = ["set rtp^=" + repositoryRoot + "/shell/editors/vim", "runtime plugin/plog.vim", "edit " + file]
            + commands + ["redir! > \(messages) | silent messages | redir END", "qa!"]
        try box.write(box.root + "/commands.vim", script.joined(separator: "\n") + "\n")
        let args = ["-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", box.root + "/commands.vim"]
        let r = try box.run("/usr/bin/vim", args,
                            env: ["PATH": Binaries.directory + ":/usr/bin:/bin"].merging(env) { $1 })
        return (r, (try? box.read(messages)) ?? "")
    }

    @Test("Vim: :PlogAdd logs the buffer or a range; plog chooses model and project", .enabled(if: installed("vim")))
    func vimAdd() throws {
        let box = try Sandbox()
        let log = box.root + "/p.log"
        try box.write(log, "## 2025-08-14T16:32+09:00  claude-sonnet-4-5  ios/captio\nTASK: earlier\n")
        try box.write("work/.git/HEAD", "ref: refs/heads/main\n")
        try box.write("work/prompt.md", "Rewrite parse() in LogScanner.swift\nto run under 1 ms on 1 MB.\n> keep this quote\nlast line\n")
        var (r, messages) = try vim(box, file: "prompt.md", ["%PlogAdd speed up the scanner"], env: ["PLOG_FILE": log])
        #expect(r.status == 0, "\(r.stderr)")
        var text = try box.read(log)
        #expect(text.contains("  claude-sonnet-4-5  work\nTASK: speed up the scanner\n\nPROMPT:\n"
            + "> Rewrite parse() in LogScanner.swift\n> to run under 1 ms on 1 MB.\n> > keep this quote\n> last line\n"), "\(text)")
        #expect(messages.contains("logged "), "\(messages)")

        (r, messages) = try vim(box, file: "prompt.md", ["2,3PlogAdd"], env: ["PLOG_FILE": log, "PLOG_MODEL": "gpt-5"])
        text = try box.read(log)
        #expect(text.hasSuffix("  gpt-5  work\nPROMPT:\n> to run under 1 ms on 1 MB.\n> > keep this quote\n"), "\(text)")

        // g:plog_project overrides plog's choice; an empty buffer logs nothing.
        (r, messages) = try vim(box, file: "prompt.md", ["let g:plog_project = 'captio'", "1PlogAdd one"], env: ["PLOG_FILE": log])
        #expect(try box.read(log).contains("  captio\nTASK: one\n"))
        let before = try box.read(log)
        (r, messages) = try vim(box, file: "empty.md", ["%PlogAdd"], env: ["PLOG_FILE": log])
        #expect(try box.read(log) == before)
        #expect(messages.contains("nothing to log"), "\(messages)")
    }

    @Test("Vim: a failing plog shows its error and logs nothing", .enabled(if: installed("vim")))
    func vimError() throws {
        let box = try Sandbox()
        try box.write("work/prompt.md", "hello\n")
        try FileManager.default.createDirectory(atPath: box.root + "/dir.log", withIntermediateDirectories: true)
        let (r, messages) = try vim(box, file: "prompt.md", ["%PlogAdd"], env: ["PLOG_FILE": box.root + "/dir.log"])
        #expect(r.status == 0)
        #expect(messages.contains("error: could not append to '\(box.root)/dir.log'"), "\(messages)")
        #expect(messages.contains("your prompt is saved at "), "\(messages)")
    }

    @Test("Vim: :PromptHist takes words, a range as one phrase, the word under the cursor or a selection", .enabled(if: installed("vim")))
    func vimHistPatterns() throws {
        let box = try Sandbox()
        let fake = box.root + "/fake-prompthist"
        try box.write(fake, "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done >> \"$RECORD\"\necho >> \"$RECORD\"\n", mode: 0o755)
        try box.write("work/notes.md", "alpha one\n  beta two  \ngamma\n")
        let (r, _) = try vim(box, file: "notes.md", [
            "let g:prompthist_command = '\(fake)'",
            "PromptHist property  wrapper", "2,3PromptHist", "call cursor(3, 1)", "PromptHist",
            "call cursor(1, 1)", "exe \"normal wvjj$\\\\ph\"", "PromptHist! shown",
        ], env: ["RECORD": box.root + "/args"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try box.read("args") == """
            [--copy][--][property][wrapper]
            [--copy][--][beta two gamma]
            [--copy][--][gamma]
            [--copy][--][one beta two gamma]
            [--print][--][shown]

            """)
    }

    /// VS Code's tasks.json, with `${selectedText}` & co. filled in the way VS Code fills them.
    func vscodeTask(_ label: String, variables: [String: String]) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/shell/editors/vscode/tasks.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tasks = try #require(doc["tasks"] as? [[String: Any]])
        let task = try #require(tasks.first { $0["label"] as? String == label }, "no task \(label)")
        #expect(task["type"] as? String == "process", "\(label) must not go through a shell")
        let args = try #require(task["args"] as? [String])
        return [try #require(task["command"] as? String)] + args.map { arg in
            var a = arg
            for (name, value) in variables { a = a.replacingOccurrences(of: "${\(name)}", with: value) }
            return a
        }
    }

    @Test("VS Code: the add tasks log the selection or the file verbatim, without a shell")
    func vscodeAdd() throws {
        let box = try Sandbox()
        let log = box.root + "/p.log"
        let selection = "Explain why `$HOME` and \"quotes\" and $(rm -rf /) survive;\nsecond line ## 2024-01-01T00:00Z"
        var argv = try vscodeTask("plog: add selection", variables: ["selectedText": selection, "input:plogTask": "quoting survives"])
        var r = try box.run(argv[0], Array(argv.dropFirst()), env: ["PLOG_FILE": log])
        #expect(r.status == 0, "\(r.stderr)")
        var text = try box.read(log)
        #expect(text.contains("TASK: quoting survives\n\nPROMPT:\n> Explain why `$HOME` and \"quotes\" and $(rm -rf /) survive;\n"
            + "> second line ## 2024-01-01T00:00Z\n"), "\(text)")

        try box.write("work/prompt.md", "Whole file prompt\n")
        argv = try vscodeTask("plog: add file", variables: ["file": box.work + "/prompt.md", "input:plogTask": ""])
        r = try box.run(argv[0], Array(argv.dropFirst()), env: ["PLOG_FILE": log])
        #expect(r.status == 0, "\(r.stderr)")
        text = try box.read(log)
        #expect(text.hasSuffix("\nPROMPT:\n> Whole file prompt\n"), "\(text)")
        #expect(!text.contains("TASK: \n"), "an empty TASK input adds no TASK line")
    }

    @Test("VS Code: key bindings name tasks that exist")
    func vscodeBindings() throws {
        let dir = repositoryRoot + "/shell/editors/vscode/"
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "tasks.json"))) as? [String: Any])
        let labels = Set((tasks["tasks"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String })
        let bindings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "keybindings.json"))) as? [[String: String]])
        #expect(bindings.count >= 4)
        for b in bindings {
            #expect(b["command"] == "workbench.action.tasks.runTask")
            #expect(labels.contains(b["args"] ?? ""), "binding \(b["key"] ?? "") runs unknown task \(b["args"] ?? "")")
        }
        // Every ${input:x} has an input with that id.
        let inputs = Set((tasks["inputs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        let text = try String(contentsOfFile: dir + "tasks.json", encoding: .utf8)
        let used = Set(text.components(separatedBy: "${input:").dropFirst().compactMap { $0.split(separator: "}").first.map(String.init) })
        #expect(!used.isEmpty && used.isSubset(of: inputs), "\(used) vs \(inputs)")
    }
}
