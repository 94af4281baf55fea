import Foundation
import Testing
@testable import PromptLog

@Suite struct DraftTextTests {
    let original = Array("## 2025-01-01T10:00+01:00  m\nTASK: \n\nPROMPT:\n> \n".utf8)

    func judge(_ s: String) -> DraftText.Verdict { DraftText.judge(Array(s.utf8), original: original) }

    @Test func unchangedEmptyAndHeaderOnlyLogNothing() {
        #expect(DraftText.judge(original, original: original) == .nothing(reason: "the draft was not changed"))
        #expect(judge(" \n\n") == .nothing(reason: "the draft is empty"))
        #expect(judge("## 2025-01-01T10:00+01:00  m\nTASK: \n") == .nothing(reason: "the draft has no text besides its header"))
    }

    @Test func emptySectionsAreDropped() {
        #expect(judge("## 2025-01-01T10:00+01:00  m\nTASK: \n\nPROMPT:\n> hello\n")
            == .block(Array("## 2025-01-01T10:00+01:00  m\nPROMPT:\n> hello\n".utf8)))
        #expect(judge("## 2025-01-01T10:00+01:00  m\nTASK: t\n\nPROMPT:\n>\n> \n\nOUTCOME:\n- \n")
            == .block(Array("## 2025-01-01T10:00+01:00  m\nTASK: t\n".utf8)))
    }

    @Test func invalidDrafts() {
        guard case .invalid(let r1) = judge("TASK: no header\n") else { Issue.record("not invalid"); return }
        #expect(r1.contains("must start with a header line"))
        guard case .invalid(let r2) = judge("## 2025-01-01T10:00Z\nTASK: a\n## 2025-01-02T10:00Z\nTASK: b\n") else {
            Issue.record("not invalid"); return
        }
        #expect(r2.contains("holds 2 blocks; the second starts at line 3"))
    }
}

@Suite struct LogAppenderTests {
    func temp() throws -> String {
        var t = Array((FileManager.default.temporaryDirectory.path + "/plog-app-XXXXXX").utf8CString)
        return String(cString: mkdtemp(&t)!)
    }

    @Test(arguments: [("", ""), ("x", "x\n\n"), ("x\n", "x\n\n"), ("x\n\n", "x\n\n"), ("x\r\n", "x\r\n\n")])
    func separatorBeforeTheNewBlock(existing: String, prefix: String) throws {
        let dir = try temp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/p.log"
        if !existing.isEmpty { try Data(existing.utf8).write(to: URL(fileURLWithPath: path)) }
        let result = try LogAppender.append(Array("## 2025-01-01T00:00Z\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == prefix + "## 2025-01-01T00:00Z\n")
        #expect(result.offset == prefix.utf8.count)
    }

    @Test func createsParentsAndPrivateFile() throws {
        let dir = try temp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a/b/p.log"
        try LogAppender.append(Array("## 2025-01-01T00:00Z".utf8), to: path)
        let attrs = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attrs[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "## 2025-01-01T00:00Z\n")
        let dirAttrs = try FileManager.default.attributesOfItem(atPath: dir + "/a/b")
        #expect((dirAttrs[.posixPermissions] as? Int) == 0o700)
    }

    @Test func refusesDirectoriesAndFIFOs() throws {
        let dir = try temp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: PlogError.notARegularFile(path: dir, kind: "a directory")) {
            try LogAppender.append([10], to: dir)
        }
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: PlogError.notARegularFile(path: fifo, kind: "a FIFO")) {
            try LogAppender.append([10], to: fifo)
        }
        #expect(throws: PlogError.self) { try FileIO.readAll("/dev/zero") }
    }

    @Test func newestBlockFromTheTail() throws {
        let dir = try temp()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/p.log"
        // A newest block larger than the first tail read (64 KB) is still found whole.
        let big = String(repeating: "> filler line of prompt text\n", count: 5_000)
        try Data("## 2025-01-01T00:00Z  old\nTASK: a\n\n## 2025-02-01T00:00Z  new  proj\nPROMPT:\n\(big)".utf8)
            .write(to: URL(fileURLWithPath: path))
        let b = try #require(try CaptureDefaults.newestBlock(logPath: path))
        #expect(b.model == "new")
        #expect(b.project == "proj")
        #expect(b.raw.count > 65_536)
        #expect(CaptureDefaults.model(flag: nil, env: Environment(variables: [:], currentDirectory: "/"),
                                      config: Config(path: "/none"), logPath: path) == "new")
        #expect(CaptureDefaults.model(flag: nil, env: Environment(variables: ["PLOG_MODEL": "env"], currentDirectory: "/"),
                                      config: Config(path: "/none"), logPath: path) == "env")
    }
}

@Suite struct ConfigTests {
    @Test func parsesKeysCommentsAndQuotes() throws {
        let c = try Config.parse("# comment\n\nlog = ~/p.log\nmodel=\"claude sonnet\"\n  lines = 200  \n", path: "/c")
        #expect(c["log"] == "~/p.log")
        #expect(c["model"] == "claude sonnet")
        #expect(c["lines"] == "200")
        #expect(c.entries["lines"]?.line == 5)
    }

    @Test(arguments: [
        ("nonsense\n", "expected `key = value`"),
        ("colour = red\n", "unknown key `colour`"),
        ("lines = many\n", "`lines` must be a whole number above 0"),
        ("format = yaml\n", "`format` must be text, markdown, xml or json"),
    ])
    func errorsNameTheLine(text: String, reason: String) {
        do {
            _ = try Config.parse("# first\n" + text, path: "/c")
            Issue.record("no error for \(text)")
        } catch let PlogError.config(path, line, _, r) {
            #expect(path == "/c")
            #expect(line == 2)
            #expect(r.contains(reason), "\(r)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite struct CommandLineSplitTests {
    @Test(arguments: [
        ("vim", ["vim"]),
        ("code --wait", ["code", "--wait"]),
        (#""/Applications/My Editor/bin/ed" -w"#, ["/Applications/My Editor/bin/ed", "-w"]),
        (#"emacsclient -a '' -c"#, ["emacsclient", "-a", "", "-c"]),
        (#"ed\ it "a\"b" $HOME"#, ["ed it", "a\"b", "$HOME"]),
    ])
    func splitsLikeAShellWithoutExpanding(line: String, words: [String]) throws {
        #expect(try Subprocess.splitCommandLine(line) == words)
    }

    @Test func unbalancedQuoteIsAnError() {
        #expect(throws: PlogError.self) { try Subprocess.splitCommandLine("vim 'oops") }
    }
}

@Suite struct TemplateTests {
    /// The compiled-in templates are exactly the files in templates/ (run shell/gen-templates after editing one).
    @Test func shippedTemplatesMatchTheFiles() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(Templates.shipped.map(\.name) == files.map { String($0.dropLast(4)) })
        for (name, text) in Templates.shipped {
            let file = try String(contentsOf: dir.appendingPathComponent(name + ".txt"), encoding: .utf8)
            #expect(text == file, "templates/\(name).txt differs from the compiled copy: run shell/gen-templates")
        }
    }

    @Test func scaffoldsFollowTheirOwnAdvice() throws {
        for (name, text) in Templates.shipped where !["default", "bundle-preamble"].contains(name) {
            let t = Template(name: name, text: text, source: .shipped, path: nil)
            #expect(!t.description.isEmpty, "\(name) has no description")
            let words = t.body.split { $0 == " " || $0 == "\n" }.filter { $0 != ">" }
            #expect(words.count < 80, "\(name) has \(words.count) words")
            #expect(t.body.contains("`<path/File"), "\(name) names no file")
            #expect(LogParser.parse("## 2025-01-01T00:00Z\n" + t.body).blocks.count == 1)
        }
    }

    @Test(arguments: ["../x", "/etc/passwd", ".hidden", "a/b", "", "x..y", "naïve"])
    func refusesNamesThatAreNotPlain(name: String) {
        #expect(throws: PlogError.self) { try Templates.validate(name: name) }
    }

    @Test func outcomeBullets() {
        #expect(OutcomeAppender.bullet(verdict: .hit, text: "") == "Worked first try.")
        #expect(OutcomeAppender.bullet(verdict: .partial(turns: 3), text: "x") == "Worked after 3 turns. x")
        #expect(OutcomeAppender.bullet(verdict: .partial(turns: nil), text: "") == "Partly worked.")
        #expect(OutcomeAppender.bullet(verdict: .miss(turns: nil), text: "no") == "Failed: no")
        #expect(OutcomeAppender.bullet(verdict: .miss(turns: 4), text: "lost the schema") == "Failed after 4 turns: lost the schema")
        #expect(OutcomeAppender.bullet(verdict: .miss(turns: 1), text: "") == "Failed after 1 turn.")
        #expect(OutcomeAppender.bullet(verdict: nil, text: " note ") == "note")
    }
}
