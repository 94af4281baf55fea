import Foundation
import Testing

/// Every example in README.md and docs/*.md marked `<!-- runnable -->` is run with the built
/// binaries and its output compared with what the document shows (the convention is in
/// docs/design.md, "Examples that run"):
///
/// - the mark is the line before a ```` ```console ```` block; `$ ` lines are commands, the lines
///   after one are its output (stdout and stderr together); a line `...` stands for any lines,
///   `...` inside a line for any text; `[exit N]` as the last line is the exit status (else 0);
/// - each block runs in its own sandbox: `HOME` (shown as `/home/me`) is also the working
///   directory, the demo log `shell/demo/sample.log` is `~/notes/prompts.log`, `TZ=UTC`,
///   `NO_COLOR=1`, `COLUMNS=80`, the built programs first on `PATH`;
/// - every `console` block is marked, runnable or `<!-- not runnable: REASON -->`;
/// - an `sh` block (commands with comments, no output) may be marked runnable too: each line
///   must exit 0, whatever it prints.
@Suite struct DocsExamplesTests {
    static let root = repositoryRoot

    struct Command: CustomStringConvertible {
        var text: String
        var expected: [String]
        var line: Int
        var description: String { "$ " + text }
    }

    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        var commands: [Command]
        var description: String { "\(file):\(line)" }
    }

    /// The documents: README.md and every Markdown file in docs/.
    static func documents() -> [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The runnable examples of `file`, and the unmarked `console` blocks (as `file:line`).
    static func examples(in file: String) -> (runnable: [Example], unmarked: [String]) {
        guard let data = FileManager.default.contents(atPath: root + "/" + file) else { return ([], ["\(file): unreadable"]) }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var runnable: [Example] = [], unmarked: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let ticks = line.prefix { $0 == "`" }.count
            guard ticks >= 3 else { i += 1; continue }
            let fence = String(repeating: "`", count: ticks)
            let info = line.dropFirst(ticks).trimmingCharacters(in: .whitespaces)
            var end = i + 1
            while end < lines.count, !(lines[end].hasPrefix(fence) && lines[end].drop { $0 == "`" }.allSatisfy(\.isWhitespace)) {
                end += 1
            }
            if info == "sh", i > 0, lines[i - 1] == "<!-- runnable -->" {
                // A list of commands: each line runs (comments are the shell's), any output, exit 0.
                let body = lines[(i + 1)..<min(end, lines.count)].enumerated()
                    .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty && !$0.element.hasPrefix("#") }
                runnable.append(Example(file: file, line: i + 1, commands: body.map {
                    Command(text: $0.element, expected: ["..."], line: i + 2 + $0.offset)
                }))
            } else if info == "console" {
                let mark = i > 0 ? lines[i - 1] : ""
                if mark == "<!-- runnable -->" {
                    runnable.append(Example(file: file, line: i + 1, commands: commands(lines, from: i + 1, to: end)))
                } else if !mark.hasPrefix("<!-- not runnable: ") {
                    unmarked.append("\(file):\(i + 1)")
                }
            }
            i = end + 1
        }
        return (runnable, unmarked)
    }

    static func commands(_ lines: [String], from: Int, to: Int) -> [Command] {
        var out: [Command] = []
        for n in from..<min(to, lines.count) {
            let line = lines[n]
            if line.hasPrefix("$ ") {
                out.append(Command(text: String(line.dropFirst(2)), expected: [], line: n + 1))
            } else if !out.isEmpty {
                out[out.count - 1].expected.append(line)
            }
        }
        return out
    }

    static var allExamples: [Example] { documents().flatMap { examples(in: $0).runnable } }

    @Test("every console block in the documents is marked runnable or not")
    func everyConsoleBlockIsMarked() {
        let unmarked = Self.documents().flatMap { Self.examples(in: $0).unmarked }
        #expect(unmarked == [], "mark each with <!-- runnable --> or <!-- not runnable: REASON -->")
        #expect(Self.allExamples.count >= 10, "the runnable examples were not found")
    }

    @Test("a runnable example's output matches the document", arguments: allExamples)
    func runs(_ example: Example) throws {
        let sandbox = try Sandbox()
        let notes = sandbox.home + "/notes"
        mkdir(notes, 0o700)
        let sample = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/shell/demo/sample.log"))
        try sandbox.write(notes + "/prompts.log", sample, mode: 0o600)
        _ = Binaries.path("prompthist")
        sandbox.env["PATH"] = Binaries.directory + ":" + (sandbox.env["PATH"] ?? "/usr/bin:/bin")
        sandbox.env["COLUMNS"] = "80"
        for command in example.commands {
            let result = try sandbox.run("/bin/sh", ["-c", "{ \(command.text)\n} 2>&1"], cwd: sandbox.home)
            var actual = result.stdout.replacingOccurrences(of: sandbox.home, with: "/home/me")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if actual.last == "" { actual.removeLast() }
            var expected = command.expected
            var status: Int32 = 0
            if let last = expected.last, last.hasPrefix("[exit "), last.hasSuffix("]"),
               let n = Int32(last.dropFirst(6).dropLast()) {
                status = n
                expected.removeLast()
            }
            let matched = Self.matches(expected[...], actual[...])
            #expect(matched && result.status == status, """
                \(example.file):\(command.line): \(command)
                exit status \(result.status) (expected \(status))
                --- expected
                \(expected.joined(separator: "\n"))
                --- actual
                \(actual.joined(separator: "\n"))
                """)
            if !matched || result.status != status { return }
        }
    }

    /// Whether `actual` matches `expected`, where a line `...` stands for any lines (none
    /// included) and `...` inside a line for any text.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            let rest = expected.dropFirst()
            return actual.indices.contains { matches(rest, actual[$0...]) } || matches(rest, actual[actual.endIndex...])
        }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    /// Runs of spaces compare as one space: the sandbox's `HOME` is longer than `/home/me`,
    /// which moves the columns of a table that holds a path.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let pattern = squeezed(pattern), line = squeezed(line)
        let parts = pattern.components(separatedBy: "...")
        if parts.count == 1 { return pattern == line }
        guard line.hasPrefix(parts[0]) else { return false }
        var rest = line.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let r = rest.range(of: part) else { return false }
            rest = rest[r.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }

    static func squeezed(_ s: String) -> String {
        var out = "", space = false
        for c in s {
            if c == " " { if !space { out.append(c) }; space = true } else { out.append(c); space = false }
        }
        return out.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    @Test("the matcher: `...` lines and `...` inside a line")
    func matcher() {
        #expect(Self.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "...", "d"], ["a", "d"]))
        #expect(!Self.matches(["a", "...", "d"], ["a", "b"]))
        #expect(!Self.matches(["a"], ["a", "b"]))
        #expect(Self.matches(["..."], []))
        #expect(Self.lineMatches("plog: logged ... to /home/me/notes/prompts.log", "plog: logged 2026-01-01T10:00+00:00  m  p to /home/me/notes/prompts.log"))
        #expect(!Self.lineMatches("plog: logged ... to x", "plog: logged now to y"))
        #expect(Self.lineMatches("> ...", "> I have"))
        #expect(Self.lineMatches("log   /home/me  default", "log /home/me           default"))
        #expect(!Self.lineMatches("log /home/me default", "log /home/me defaults"))
    }

    /// plog-format(5) is docs/format.md through shell/md2man (shell/install installs it).
    @Test("plog-format(5) renders with man -l, without warnings, and holds format.md's headings",
          .enabled(if: installed("man") && installed("python3")))
    func formatManualPage() throws {
        let box = try Sandbox()
        let page = box.root + "/plog-format.5"
        let made = try box.run("/usr/bin/python3", [Self.root + "/shell/md2man", "--date", "2025-01-01", Self.root + "/docs/format.md"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix(".TH PLOG-FORMAT 5 2025-01-01"))
        try box.write(page, made.stdout)
        let r = try box.run("/usr/bin/man", ["--warnings", "-l", page], env: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "groff warned: \(r.stderr)")
        let text = r.stdout.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        let markdown = try String(contentsOfFile: Self.root + "/docs/format.md", encoding: .utf8)
        var headings: [String] = [], inFence = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("## ") { headings.append(line.dropFirst(3).uppercased()) }
        }
        #expect(headings.count >= 5, "\(headings)")
        for heading in ["NAME"] + headings {
            #expect(text.contains("\n\(heading)\n"), "no section \(heading) in the rendered page")
        }
        #expect(text.contains("plog-format - the plain-text log of plog"))
        #expect(text.contains("## 2025-08-14T16:32+09:00  claude-sonnet-4-5  ios/captio"), "the example block")
        #expect(text.contains("SOURCE:"))
    }
}
