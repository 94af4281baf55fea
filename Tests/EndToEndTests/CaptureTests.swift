import Foundation
import Testing

/// Replaces every timestamp plog wrote "now" (minutes and a `+HH:MM` offset) with `<now>`, so
/// outputs compare exactly. Fixed timestamps in the tests use `Z` and are left alone.
func normalizeNow(_ s: String) -> String {
    s.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}"#, with: "<now>",
                           options: .regularExpression)
}

/// An editor that runs a shell snippet on the draft path ($1), for scripted editor-mode tests.
func scriptedEditor(_ sandbox: Sandbox, _ name: String, _ body: String) throws -> String {
    let path = sandbox.root + "/" + name
    try sandbox.write(path, "#!/bin/sh\n" + body + "\n", mode: 0o755)
    return path
}

@Suite struct CaptureTests {
    @Test func flagModeWritesTheCanonicalBlock() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-f", "log/prompts.log", "-m", "claude-sonnet-4-5", "-p", "ios/captio",
                                   "-t", "Make the preview render in <50ms",
                                   "--prompt", "I have a share extension.\n\nShow me a ## 2024-01-01T00:00Z version.",
                                   "--outcome", "Worked first try.", "--outcome", "Dropped to 38ms\nmedian."],
                          cwd: s.root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(normalizeNow(r.stderr) == "plog: logged <now>  claude-sonnet-4-5  ios/captio to \(s.root)/log/prompts.log\n")
        let log = try s.read("log/prompts.log")
        #expect(normalizeNow(log) == """
            ## <now>  claude-sonnet-4-5  ios/captio
            TASK: Make the preview render in <50ms

            PROMPT:
            > I have a share extension.
            >
            > Show me a ## 2024-01-01T00:00Z version.

            OUTCOME:
            - Worked first try.
            - Dropped to 38ms
              median.

            """)
        #expect(try s.mode("log/prompts.log") == 0o600)
        // A second add is separated by one blank line and inherits the newest block's model.
        #expect(try s.run("plog", ["add", "-f", "log/prompts.log", "-t", "second", "-q"], cwd: s.root).stderr == "")
        #expect(normalizeNow(try s.read("log/prompts.log")).hasSuffix("median.\n\n## <now>  claude-sonnet-4-5\nTASK: second\n"))
    }

    @Test func stdinModeAndDefaultsFromEnvironmentAndGit() throws {
        let s = try Sandbox()
        try s.write("work/myrepo/.git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createDirectory(atPath: s.work + "/myrepo/src", withIntermediateDirectories: true)
        let r = try s.run("plog", ["add", "-t", "from a pipe"], stdin: "line 1\r\nline 2\r\n",
                          env: ["PLOG_FILE": s.root + "/p.log", "PLOG_MODEL": "gpt-5"], cwd: s.work + "/myrepo/src")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(normalizeNow(try s.read("p.log")) == "## <now>  gpt-5  myrepo\nTASK: from a pipe\n\nPROMPT:\n> line 1\n> line 2\n")
        // PLOG_PROJECT wins over the repository name.
        try s.run("plog", ["add", "--prompt", "x"], env: ["PLOG_FILE": s.root + "/p.log", "PLOG_PROJECT": "other"],
                  cwd: s.work + "/myrepo")
        #expect(normalizeNow(try s.read("p.log")).hasSuffix("## <now>  gpt-5  other\nPROMPT:\n> x\n"))
    }

    @Test func nothingToLogIsAnError() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-f", "p.log"], stdin: "  \n\n", cwd: s.root)
        #expect(r.status == 2)
        #expect(r.stderr.contains("nothing to log"))
        #expect(try !s.exists("p.log") || s.read("p.log").isEmpty)
    }

    @Test func conflictingPromptSourcesAreRefused() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-f", "p.log", "--prompt", "a", "--prompt-file", "b"], cwd: s.root)
        #expect(r.status == 2)
        #expect(r.stderr.contains("give the prompt one way"))
    }

    @Test func editorModeChangedUnchangedEmptiedInvalid() throws {
        let s = try Sandbox()
        let log = s.root + "/p.log"
        let env = ["PLOG_FILE": log, "PLOG_MODEL": "claude", "PLOG_PROJECT": "proj"]

        // Changed: the user fills in the scaffold; empty sections are dropped.
        let fill = try scriptedEditor(s, "fill.sh", #"sed -i 's/^TASK: $/TASK: Explain the crash/; s/^> $/> Why does it crash?/' "$1""#)
        var r = try s.run("plog", ["add", "--edit"], env: env.merging(["EDITOR": fill]) { $1 })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(normalizeNow(try s.read("p.log")) == "## <now>  claude  proj\nTASK: Explain the crash\n\nPROMPT:\n> Why does it crash?\n")

        // Unchanged: nothing logged, exit 0, the draft is removed.
        r = try s.run("plog", ["add", "--edit"], env: env.merging(["EDITOR": "true"]) { $1 })
        #expect(r.status == 0)
        #expect(r.stderr.contains("nothing logged: the draft was not changed"))

        // Emptied.
        let empty = try scriptedEditor(s, "empty.sh", #": > "$1""#)
        r = try s.run("plog", ["add", "--edit"], env: env.merging(["EDITOR": empty]) { $1 })
        #expect(r.status == 0)
        #expect(r.stderr.contains("nothing logged: the draft is empty"))

        // Invalid: two headers. The draft is kept and named; the log is untouched.
        let before = try s.read("p.log")
        let twice = try scriptedEditor(s, "twice.sh", #"printf 'TASK: a\n\n## 2025-01-01T00:00Z\nTASK: b\n' >> "$1""#)
        r = try s.run("plog", ["add", "--edit"], env: env.merging(["EDITOR": twice]) { $1 })
        #expect(r.status == 2)
        #expect(r.stderr.contains("does not parse as one block"))
        let draft = try #require(r.stderr.split(separator: "\n").first { $0.contains("kept at ") }?
            .components(separatedBy: "kept at ").last)
        #expect(draft.hasPrefix(s.home + "/.local/state/plog/drafts/"))
        #expect(try s.read(draft).contains("TASK: b"))
        #expect(try s.read("p.log") == before)

        // Fixed by hand, then logged with --draft; the draft is removed.
        try s.write(draft, "## 2025-01-01T00:00Z  claude\nTASK: fixed\n")
        r = try s.run("plog", ["add", "--draft", draft], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try s.read("p.log").hasSuffix("\n\n## 2025-01-01T00:00Z  claude\nTASK: fixed\n"))
        #expect(!s.exists(draft))

        // An editor that fails: nothing logged, the draft kept.
        r = try s.run("plog", ["add", "--edit"], env: env.merging(["EDITOR": "false"]) { $1 })
        #expect(r.status == 2)
        #expect(r.stderr.contains("exited with status 1"))

        // $VISUAL wins over $EDITOR, and an editor command with arguments and quotes works without a shell.
        let args = try scriptedEditor(s, "with args.sh", #"printf '%s\n' "$1" > "$0.args"; sed -i 's/^TASK: $/TASK: quoted/' "$2""#)
        r = try s.run("plog", ["add", "--edit"], env: env.merging(["VISUAL": "'\(args)' 'a b'", "EDITOR": "false"]) { $1 })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try s.read(args + ".args") == "a b\n")
        #expect(try s.read("p.log").hasSuffix("TASK: quoted\n"))
    }

    @Test func templateDraftAndRefusal() throws {
        let s = try Sandbox()
        let env = ["PLOG_FILE": s.root + "/p.log"]
        let save = try scriptedEditor(s, "save.sh", #"sed -i 's/<function>/parse/g' "$1""#)
        let r = try s.run("plog", ["add", "--template", "tests", "-m", "m"], env: env.merging(["EDITOR": save]) { $1 })
        #expect(r.status == 0, "\(r.stderr)")
        let log = try s.read("p.log")
        #expect(log.contains("TASK: Write tests for parse in <File.swift>"))
        #expect(!log.contains("# write tests"))
        for bad in ["../x", "/etc/passwd", ".hidden", "a/b"] {
            let refused = try s.run("plog", ["add", "--template", bad, "--prompt", "x"], env: env)
            #expect(refused.status == 2, "\(bad)")
            #expect(refused.stderr.contains("not a template name"), "\(bad): \(refused.stderr)")
        }
        // A user template overrides the shipped one.
        try s.write("home/.config/plog/templates/tests.txt", "# mine\nTASK: my own\n")
        let list = try s.run("plog", ["templates"], env: env)
        let line = list.stdout.split(separator: "\n").first { $0.hasPrefix("tests ") }
        #expect(line?.hasSuffix(" mine  (yours)") == true, "\(list.stdout)")
        #expect(try s.run("plog", ["templates", "show", "tests"], env: env).stdout == "TASK: my own\n")
    }

    @Test func failedAppendKeepsADraft() throws {
        let s = try Sandbox()
        try s.write("afile", "not a directory")
        let r = try s.run("plog", ["add", "-f", s.root + "/afile/prompts.log", "-t", "precious", "--prompt", "my words"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("your prompt is saved at "))
        let draft = try #require(r.stderr.components(separatedBy: "saved at ").last?.split(separator: "\n").first.map(String.init))
        #expect(normalizeNow(try s.read(draft)) == "## <now>\nTASK: precious\n\nPROMPT:\n> my words\n")
        #expect(try s.mode(draft) == 0o600)
        // Once the path works, the draft logs as it is and is removed.
        let ok = try s.run("plog", ["add", "-f", s.root + "/ok.log", "--draft", draft])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(normalizeNow(try s.read("ok.log")) == "## <now>\nTASK: precious\n\nPROMPT:\n> my words\n")
        #expect(!s.exists(draft))
    }

    @Test(.enabled(if: getuid() != 0, "root ignores file permissions"))
    func readOnlyLogKeepsADraft() throws {
        let s = try Sandbox()
        try s.write("ro.log", "## 2025-01-01T00:00Z\nTASK: old\n", mode: 0o400)
        let r = try s.run("plog", ["add", "-f", s.root + "/ro.log", "--prompt", "new words"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("your prompt is saved at "))
        #expect(try s.read("ro.log") == "## 2025-01-01T00:00Z\nTASK: old\n")
    }

    @Test func outcomeInEachCase() throws {
        let s = try Sandbox()
        let env = ["PLOG_FILE": s.root + "/p.log"]
        // No log yet.
        var r = try s.run("plog", ["outcome", "--hit"], env: env)
        #expect(r.status == 2)
        #expect(r.stderr.contains("the log does not exist yet"))
        // A block without OUTCOME gets a new section.
        try s.write("p.log", "## 2025-01-01T00:00Z  m\nTASK: t\n\nPROMPT:\n> p\n")
        r = try s.run("plog", ["outcome", "--partial", "--turns", "3", "needed", "the", "schema"], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        // OUTCOME is the last section: more bullets.
        r = try s.run("plog", ["outcome", "kept", "for", "later"], env: env)
        #expect(r.status == 0)
        #expect(try s.read("p.log") == """
            ## 2025-01-01T00:00Z  m
            TASK: t

            PROMPT:
            > p

            OUTCOME:
            - Worked after 3 turns. needed the schema
            - kept for later

            """)
        // OUTCOME followed by another section: refused, log untouched.
        try s.write("p.log", "## 2025-01-01T00:00Z\nOUTCOME:\n- ok\n\nNOTES: n\n")
        r = try s.run("plog", ["outcome", "--miss", "x"], env: env)
        #expect(r.status == 2)
        #expect(r.stderr.contains("already has an OUTCOME section, followed by NOTES"))
        #expect(try s.read("p.log") == "## 2025-01-01T00:00Z\nOUTCOME:\n- ok\n\nNOTES: n\n")
        // Canonical verdict texts, and a log that ends without a newline.
        try s.write("p.log", "## 2025-01-01T00:00Z\nTASK: a")
        _ = try s.run("plog", ["outcome", "--miss", "the", "API", "does", "not", "exist"], env: env)
        _ = try s.run("plog", ["outcome", "--hit"], env: env)
        _ = try s.run("plog", ["outcome", "--miss", "--turns", "4", "lost", "the", "schema"], env: env)
        #expect(try s.read("p.log") == "## 2025-01-01T00:00Z\nTASK: a\n\nOUTCOME:\n- Failed: the API does not exist\n- Worked first try.\n- Failed after 4 turns: lost the schema\n")
        // Flag rules.
        #expect(try s.run("plog", ["outcome", "--hit", "--miss"], env: env).status == 2)
        #expect(try s.run("plog", ["outcome", "--hit", "--turns", "2"], env: env).status == 2)
        #expect(try s.run("plog", ["outcome"], env: env).status == 2)
    }

    @Test func logLocationRules() throws {
        let s = try Sandbox()
        func path(_ env: [String: String] = [:], cwd: String? = nil, args: [String] = []) throws -> (String, String) {
            let r = try s.run("plog", ["path"] + args, env: env, cwd: cwd)
            #expect(r.status == 0, "\(r.stderr)")
            return (r.stdout, r.stderr)
        }
        // Default.
        var (out, err) = try path()
        #expect(out == s.home + "/notes/prompts.log\n")
        #expect(err.hasPrefix("plog: default:"))
        // Config `log`, with XDG_CONFIG_HOME respected.
        try s.write("xdg/plog/config", "# mine\nlog = ~/logs/p.log\n")
        (out, err) = try path(["XDG_CONFIG_HOME": s.root + "/xdg"])
        #expect(out == s.home + "/logs/p.log\n")
        #expect(err.contains("`log` in \(s.root)/xdg/plog/config:2"))
        // Nearest prompts.log in a parent beats the config.
        try s.write("work/proj/prompts.log", "")
        try FileManager.default.createDirectory(atPath: s.work + "/proj/a/b", withIntermediateDirectories: true)
        (out, err) = try path(["XDG_CONFIG_HOME": s.root + "/xdg"], cwd: s.work + "/proj/a/b")
        #expect(out == s.work + "/proj/prompts.log\n")
        #expect(err.contains("nearest prompts.log"))
        // $PLOG_FILE beats that, and --file beats everything.
        (out, _) = try path(["PLOG_FILE": "/tmp/x.log"], cwd: s.work + "/proj/a/b")
        #expect(out == "/tmp/x.log\n")
        (out, _) = try path(["PLOG_FILE": "/tmp/x.log"], cwd: s.work + "/proj", args: ["-f", "rel.log"])
        #expect(out == s.work + "/proj/rel.log\n")
        // A bad config line is an error naming the line.
        try s.write("xdg/plog/config", "log = a\ncolour = red\n")
        let bad = try s.run("plog", ["path"], env: ["XDG_CONFIG_HOME": s.root + "/xdg"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("config:2: unknown key `colour`"))
    }

    @Test func addCreatesMissingDirectoriesAndLastShowsBlocks() throws {
        let s = try Sandbox()
        let r = try s.run("plog", ["add", "-t", "first", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try s.mode("home/notes/prompts.log") == 0o600)
        #expect(try s.mode("home/notes") == 0o700)
        try s.run("plog", ["add", "-t", "second", "-q"])
        try s.run("plog", ["add", "-t", "third", "-q"])
        let last = try s.run("plog", ["last", "2"])
        #expect(normalizeNow(last.stdout) == "## <now>\nTASK: second\n\n## <now>\nTASK: third\n")
        #expect(try s.run("plog", ["last", "0"]).status == 2)
    }

    @Test func exportJSONLines() throws {
        let s = try Sandbox()
        try s.write("p.log", "preamble\n\n## 2025-01-01T10:00+01:00  m  p\r\nTASK: t\r\n\r\n## 2025-01-02T10:00Z\nPROMPT:\n> \"q\"\n\nOUTCOME:\n- Worked after two turns.\n")
        let r = try s.run("plog", ["export", "--jsonl", "-f", "p.log"], cwd: s.root)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(first.keys) == ["timestamp", "model", "project", "task", "prompt", "outcome", "verdict", "turns",
                                    "offset", "line", "text"])
        #expect(first["offset"] as? Int == 10)
        #expect(first["line"] as? Int == 3)
        #expect(first["task"] as? String == "t")
        #expect(first["verdict"] as? String == "none")
        #expect(first["text"] as? String == "## 2025-01-01T10:00+01:00  m  p\r\nTASK: t\r\n")
        #expect(lines[1] == ###"{"timestamp": "2025-01-02T10:00Z", "model": null, "project": null, "task": null, "prompt": "\"q\"", "outcome": "Worked after two turns.", "verdict": "partial", "turns": 2, "offset": 54, "line": 6, "text": "## 2025-01-02T10:00Z\nPROMPT:\n> \"q\"\n\nOUTCOME:\n- Worked after two turns.\n"}"###)
    }
}
