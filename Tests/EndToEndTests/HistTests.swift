import Foundation
import Testing

/// `prompthist`, `plog hist` and `plog when` as users run them, on fixtures with known answers.
@Suite struct HistTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/recall")

    /// A sandbox whose working directory holds `fixture` as prompts.log (found as the nearest log).
    func sandbox(_ fixture: String = "prompts.log") throws -> Sandbox {
        let box = try Sandbox()
        try box.write("work/prompts.log", try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture)))
        return box
    }

    /// The header lines of a text bundle.
    func headers(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.hasPrefix("## 20") }.map(String.init)
    }

    @Test func multiTermAndNewestFirst() throws {
        let box = try sandbox()
        let r = try box.run("prompthist", ["property", "wrapper", "--print"])
        #expect(r.status == 0)
        try expectGolden(r.stdout, "hist-multi-term.txt")
        #expect(r.stderr == "prompthist: 3 of 3 matching blocks, 29 lines, ~261 tokens, printed\n")
        // Quoted, the words must be adjacent: the 2025-06-30 block says "property wrapper that throttles".
        let phrase = try box.run("prompthist", ["wrapper that throttles", "--print"])
        #expect(headers(phrase.stdout) == ["## 2025-06-30T17:45+09:00  claude-sonnet-4-5  cli/plog",
                                           "## 2024-02-11T10:02+09:00  claude-3-5-sonnet  ios/captio"])
    }

    @Test func plogHistIsTheSameCommand() throws {
        let box = try sandbox()
        for args in [["property", "wrapper", "--print"], ["--format", "json", "memory"], ["nothing-like-this"]] {
            let a = try box.run("prompthist", args)
            let b = try box.run("plog", ["hist"] + args)
            #expect(a.status == b.status)
            #expect(a.stdout == b.stdout)
            #expect(a.stderr.replacingOccurrences(of: "prompthist:", with: "plog:") == b.stderr)
        }
    }

    @Test func fieldRestriction() throws {
        let box = try sandbox()
        let task = try box.run("prompthist", ["--field", "task", "wrapper", "--print"])
        try expectGolden(task.stdout, "hist-field-task.txt")
        // "main-actor" is in one prompt and in another block's outcome; "first try" only in outcomes.
        #expect(headers(try box.run("prompthist", ["--field", "prompt", "main-actor", "--print"]).stdout)
            == ["## 2025-06-30T17:45+09:00  claude-sonnet-4-5  cli/plog"])
        #expect(headers(try box.run("prompthist", ["--field", "outcome", "main-actor", "--print"]).stdout)
            == ["## 2024-02-11T10:02+09:00  claude-3-5-sonnet  ios/captio"])
        #expect(headers(try box.run("prompthist", ["main-actor", "--print"]).stdout).count == 2)
        #expect(try box.run("prompthist", ["--field", "task", "first try"]).status == 1)
    }

    @Test func everyFilter() throws {
        let box = try sandbox()
        var report = ""
        for args in [["--model", "claude"], ["--model", "^gpt-4o$"], ["--project", "^ios/"], ["--since", "2025-03"],
                     ["--until", "2024-09-18"], ["--since", "2024-06", "--until", "2025-01"], ["--outcome", "miss"],
                     ["--outcome", "none"], ["--outcome", "hit,partial"], ["--outcome", "unclassified"]] {
            let r = try box.run("prompthist", ["--all", "--print", "."] + args)
            report += args.joined(separator: " ") + " (exit \(r.status))\n"
            report += headers(r.stdout).map { $0 + "\n" }.joined() + "\n"
        }
        try expectGolden(report, "hist-filters.txt")
        let bad = try box.run("prompthist", ["--since", "last tuesday", "x"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("not a date"))
        let badOutcome = try box.run("prompthist", ["--outcome", "maybe", "x"])
        #expect(badOutcome.status == 2)
        #expect(badOutcome.stderr.contains("hit, partial, miss, none or unclassified"))
    }

    @Test func orderBothWays() throws {
        let box = try sandbox()
        let newest = headers(try box.run("prompthist", ["--all", "--print", "ios/"]).stdout)
        let oldest = try box.run("prompthist", ["--all", "--print", "--oldest-first", "ios/"])
        try expectGolden(oldest.stdout, "hist-oldest-first.txt")
        #expect(headers(oldest.stdout) == newest.reversed())
        #expect(newest.count == 4)
        #expect(oldest.stdout.hasPrefix("Prompt history for \"ios/\": 4 of 4 matching blocks from my prompt log, oldest first."))
    }

    @Test func eachBudgetKind() throws {
        let box = try sandbox()
        // Four blocks match, newest first: 10, 9, 12 and 9 lines; 343, 285, 355 and 289 bytes.
        let lines = try box.run("prompthist", ["-n", "25", "--print", "first try|one-shot|partly"])
        #expect(headers(lines.stdout).count == 2)
        #expect(lines.stderr == "prompthist: 2 of 4 matching blocks, 19 lines, ~158 tokens, printed\n")
        let tokens = try box.run("prompthist", ["--tokens", "300", "--print", "first try|one-shot|partly"])
        #expect(tokens.stderr == "prompthist: 3 of 4 matching blocks, 31 lines, ~247 tokens, printed\n")
        let blocks = try box.run("prompthist", ["--blocks", "3", "--print", "first try|one-shot|partly"])
        #expect(headers(blocks.stdout).count == 3)
        #expect(blocks.stderr == "prompthist: 3 of 4 matching blocks, 31 lines, ~247 tokens, printed\n")
        let all = try box.run("prompthist", ["--blocks", "9", "--print", "first try|one-shot|partly"])
        #expect(all.stderr == "prompthist: 4 of 4 matching blocks, 40 lines, ~320 tokens, printed\n")
        // The default budget is 400 lines, and the config's `lines` replaces it.
        try box.write("home/.config/plog/config", "lines = 12\n")
        let config = try box.run("prompthist", ["--print", "first try|one-shot|partly"])
        #expect(headers(config.stdout).count == 1)
        #expect(try box.run("prompthist", ["--all", "--lines", "3", "x"]).status == 2)
        #expect(try box.run("prompthist", ["--lines", "0", "x"]).status == 2)
    }

    @Test func aBlockLargerThanTheBudgetIsCutVisibly() throws {
        let box = try sandbox()
        let r = try box.run("prompthist", ["--lines", "12", "--print", "migration"])
        #expect(r.status == 0)
        try expectGolden(r.stdout, "hist-cut.txt")
        #expect(r.stderr == "prompthist: 1 of 1 matching block, 12 lines, ~139 tokens (newest block cut: 27 lines left out), printed\n")
        // A second, smaller block after a cut one is not added.
        let two = try box.run("prompthist", ["--lines", "12", "--print", "migration|weekly"])
        #expect(headers(two.stdout) == ["## 2025-10-05T09:30+09:00  -  notes"])
    }

    @Test func quotedFakeHeadersNeverStartABlock() throws {
        let box = try sandbox()
        let r = try box.run("prompthist", ["kubelet", "--print"])
        try expectGolden(r.stdout, "hist-fake-header.txt")
        #expect(headers(r.stdout).count == 1)
        let json = try box.run("prompthist", ["--all", "--format", "json", "."])
        let blocks = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect(blocks.count == 10)
    }

    @Test func crlfIsNormalised() throws {
        let box = try sandbox("crlf.log")
        let r = try box.run("prompthist", ["installer", "--print"])
        #expect(!r.stdout.contains("\r"))
        try expectGolden(r.stdout, "hist-crlf.txt")
    }

    @Test func invalidUTF8AroundAMatch() throws {
        let box = try Sandbox()
        var log = Data("## 2025-01-01T10:00Z  gpt-4o  bin\nTASK: binary paste\n\nPROMPT:\n> before ".utf8)
        log.append(contentsOf: [0xFF, 0xFE, 0x00])
        log.append(Data("needle".utf8))
        log.append(contentsOf: [0xC3, 0x28])
        log.append(Data(" after\n".utf8))
        try box.write("work/prompts.log", log)
        let r = try box.run("prompthist", ["needle", "--print"])
        #expect(r.status == 0)
        // Raw bytes are printed as they are.
        #expect(r.stdoutData.range(of: Data([0xFF, 0xFE, 0x00]) + Data("needle".utf8) + Data([0xC3, 0x28])) != nil)
        let json = try box.run("prompthist", ["needle", "--format", "json"])
        let blocks = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect((blocks.first?["prompt"] as? String)?.contains("\u{FFFD}\u{FFFD}\u{0}needle\u{FFFD}(") == true)
    }

    @Test func emptyLogsAndMissingLogs() throws {
        for fixture in ["empty.log", "preamble-only.log"] {
            let box = try sandbox(fixture)
            let r = try box.run("prompthist", ["notes|plans|.", "--print"])
            #expect(r.status == 1)
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("prompthist: no block matches \"notes|plans|.\" in "))
        }
        let box = try Sandbox()
        let missing = try box.run("prompthist", ["-f", "nowhere/prompts.log", "x"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no log here yet"))
        #expect(missing.stderr.contains("hint:"))
    }

    @Test func aPatternThatMatchesTheEmptyStringMatchesEveryBlock() throws {
        let box = try sandbox()
        let r = try box.run("prompthist", ["x*", "--all", "--format", "json"])
        #expect(r.status == 0)
        let blocks = try #require(try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])
        #expect(blocks.count == 10)
        #expect(blocks.first?["timestamp"] as? String == "2025-10-05T09:30+09:00")
    }

    @Test func invalidAndPathologicalPatterns() throws {
        let box = try sandbox()
        let bad = try box.run("prompthist", ["wrapper", "(unclosed"])
        #expect(bad.status == 2)
        try expectGolden(bad.stderr, "hist-invalid-pattern.txt")
        try box.write("work/prompts.log", "## 2025-01-01T10:00Z\nTASK: " + String(repeating: "a", count: 60) + "!\n")
        let start = Date()
        let slow = try box.run("prompthist", ["(a+)+$"])
        #expect(slow.status == 2)
        #expect(slow.stderr.contains("too expensive"))
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func exitCodes() throws {
        let box = try sandbox()
        #expect(try box.run("prompthist", ["wrapper"]).status == 0)
        #expect(try box.run("prompthist", ["xylophonist"]).status == 1)
        #expect(try box.run("prompthist", []).status == 2)
        #expect(try box.run("prompthist", ["--print", "--copy", "x"]).status == 2)
        #expect(try box.run("prompthist", ["--format", "yaml", "x"]).status == 2)
        let help = try box.run("prompthist", ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--tokens"))
        #expect(help.stdout.contains("Exit status: 0 when something matched"))
    }

    @Test func aBrokenPipeIsNotAnError() throws {
        let box = try Sandbox()
        var log = ""
        for i in 0..<4000 {
            log += "## 2024-01-01T10:00Z  m  p\nTASK: block \(i) with a needle\n\nPROMPT:\n> " + String(repeating: "text ", count: 30) + "\n\n"
        }
        try box.write("work/prompts.log", log)
        // About 800 KB of output into a reader that stops after three lines.
        let r = try box.run("/bin/bash", ["-c", "set -o pipefail; '\(Binaries.path("prompthist"))' --all --print needle | head -n 3"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Prompt history for \"needle\": 4000 of 4000 matching blocks"))
        #expect(r.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        #expect(r.stderr.isEmpty)
    }

    @Test func formats() throws {
        let box = try sandbox()
        let md = try box.run("prompthist", ["--format", "markdown", "--print", "throttle"])
        try expectGolden(md.stdout, "hist-markdown.md")
        let xml = try box.run("prompthist", ["--format", "xml", "--print", "throttle|kubelet"])
        try expectGolden(xml.stdout, "hist-xml.xml")
        let json = try box.run("prompthist", ["--format", "json", "--print", "throttle|kubelet"])
        try expectGolden(json.stdout, "hist-json.json")
        let blocks = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let log = try box.read("work/prompts.log")
        for b in blocks {
            let offset = try #require(b["offset"] as? Int)
            let line = try #require(b["line"] as? Int)
            let before = Data(log.utf8).prefix(offset)
            #expect(before.filter { $0 == 10 }.count + 1 == line)
            #expect(String(decoding: Data(log.utf8).dropFirst(offset).prefix(3), as: UTF8.self) == "## ")
        }
        // The config's format is the default.
        try box.write("home/.config/plog/config", "format = xml\n")
        #expect(try box.run("prompthist", ["--print", "throttle|kubelet"]).stdout == xml.stdout)
    }

    @Test func theUsersPreambleTemplateWins() throws {
        let box = try sandbox()
        try box.write("home/.config/plog/templates/bundle-preamble.txt",
                      "# my preamble\nPast attempts ({shown}/{matched}, {order}) for {query}:\n")
        let r = try box.run("prompthist", ["--print", "debounce"])
        #expect(r.stdout.hasPrefix("Past attempts (1/1, newest first) for \"debounce\":\n\n## 2024-05-03"))
    }

    // MARK: clipboard (fakes on PATH)

    func fakeBin(_ box: Sandbox, _ programs: [String: String]) throws -> String {
        for (name, script) in programs { try box.write("bin/" + name, "#!/bin/sh\n" + script + "\n", mode: 0o755) }
        return box.absolute("bin") + ":/usr/bin:/bin"
    }

    @Test func copyGoesToTheFirstWorkingClipboard() throws {
        let box = try sandbox()
        let out = box.absolute("clip.txt")
        let path = try fakeBin(box, ["wl-copy": "cat > '\(out)'", "xclip": "exit 1"])
        let printed = try box.run("prompthist", ["--print", "keyboard"])
        let r = try box.run("prompthist", ["--copy", "keyboard"], env: ["PATH": path, "WAYLAND_DISPLAY": "wayland-0"])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(try box.read("clip.txt") == printed.stdout)
        #expect(r.stderr == "prompthist: 1 of 1 matching block, 12 lines, ~89 tokens, copied to the clipboard (wl-copy)\n")
    }

    @Test func x11HelpersInOrderAndTheConfigForcesOne() throws {
        let box = try sandbox()
        let out = box.absolute("clip.txt")
        let path = try fakeBin(box, ["xclip": "cat >/dev/null; echo \"Can't open display\" >&2; exit 1",
                                     "xsel": "cat > '\(out)'; echo xsel >> '\(out).who'",
                                     "wl-copy": "cat > '\(out)'; echo wl-copy >> '\(out).who'"])
        let r = try box.run("prompthist", ["--copy", "keyboard"], env: ["PATH": path, "DISPLAY": ":0"])
        #expect(r.stderr.hasSuffix("copied to the clipboard (xsel)\n"))
        try box.write("home/.config/plog/config", "clipboard = wl-copy\n")
        let forced = try box.run("prompthist", ["--copy", "keyboard"], env: ["PATH": path, "DISPLAY": ":0"])
        #expect(forced.stderr.hasSuffix("copied to the clipboard (wl-copy)\n"))
        #expect(try box.read("clip.txt.who") == "xsel\nwl-copy\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func withoutAnyClipboardTheBundleIsPrintedWithTheReason() throws {
        let box = try sandbox()
        // setsid: no controlling terminal, so not even OSC 52 is possible, wherever the tests run.
        let r = try box.run("/usr/bin/setsid", ["-w", Binaries.path("prompthist"), "--copy", "keyboard"],
                            env: ["PATH": try fakeBin(box, [:])])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Prompt history for \"keyboard\""))
        #expect(r.stderr.contains("printed (no clipboard: no $WAYLAND_DISPLAY for wl-copy; no $DISPLAY for xclip or xsel; no terminal for OSC 52)"))
    }

    // MARK: shell/genlog (the benchmarks' logs)

    static let genlog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../shell/genlog").standardized.path

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func genlogIsDeterministicAndEveryBlockParses() throws {
        let box = try Sandbox()
        let a = try box.run("/usr/bin/python3", [Self.genlog, "--mb", "0.2", "--seed", "7"])
        let b = try box.run("/usr/bin/python3", [Self.genlog, "--mb", "0.2", "--seed", "7"])
        #expect(a.status == 0)
        #expect(a.stdoutData == b.stdoutData)
        #expect(a.stdoutData.count > 190_000 && a.stdoutData.count < 210_000)
        #expect(!a.stdoutData.contains(13))
        try box.write("work/prompts.log", a.stdoutData)
        let json = try box.run("prompthist", ["--all", "--oldest-first", "--format", "json", "."])
        let blocks = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        let headers = a.stdout.split(separator: "\n").filter { $0.hasPrefix("## 20") }.count
        #expect(blocks.count == headers)
        #expect(blocks.count > 200)
        // Timestamps increase, models and projects vary, and about a third of the blocks have no outcome.
        let stamps = blocks.compactMap { $0["timestamp"] as? String }
        #expect(Set(blocks.compactMap { $0["model"] as? String }).count >= 5)
        #expect(Set(blocks.compactMap { $0["project"] as? String }).count >= 8)
        let none = blocks.filter { $0["verdict"] as? String == "none" }.count
        #expect(none > blocks.count / 5 && none < blocks.count / 2)
        #expect(stamps == stamps.sorted())
        #expect(stamps.first!.hasPrefix("2023-01-02T"))
        #expect(try box.run("/usr/bin/python3", [Self.genlog, "--mb", "0", "--seed", "1"]).status == 2)
    }

    // MARK: plog when

    @Test func whenReportsFirstLastAndMonths() throws {
        let box = try sandbox()
        let r = try box.run("plog", ["when", "property wrapper|throttle"])
        #expect(r.status == 0)
        try expectGolden(r.stdout, "when.txt")
        let json = try box.run("plog", ["when", "--json", "property wrapper|throttle"])
        try expectGolden(json.stdout, "when.json")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(object["total"] as? Int == 3)
        let none = try box.run("plog", ["when", "xylophonist"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(try box.run("plog", ["when", "--model", "gpt", "--json", "throttle"]).status == 1)
    }
    // MARK: patterns that start with a dash

    static let arrows = """
        ## 2025-03-01T09:00Z  gpt-4o  web/app
        TASK: Map the closure -> result types

        ## 2025-03-02T09:00Z  claude-sonnet-4-5  web/app
        TASK: Arrow functions => everywhere in the closure

        ## 2025-03-03T09:00Z  claude-sonnet-4-5  web/app
        TASK: Nothing with arrows

        """

    @Test func patternsThatStartWithADashAfterEOrTheTerminator() throws {
        let box = try Sandbox()
        try box.write("work/prompts.log", Self.arrows)
        let bare = try box.run("prompthist", ["->|=>", "--print"])
        #expect(bare.status == 2)
        #expect(bare.stdout.isEmpty)
        #expect(bare.stderr.hasPrefix("prompthist: error: unknown option '->|=>'; to search for a pattern that starts "
            + "with '-', use -e '->|=>' or put -- before it\n"))
        let both = ["## 2025-03-02T09:00Z  claude-sonnet-4-5  web/app", "## 2025-03-01T09:00Z  gpt-4o  web/app"]
        for args in [["-e", "->|=>", "--print"], ["--print", "--", "->|=>"], ["--regexp=->|=>", "--print"]] {
            let r = try box.run("prompthist", args)
            #expect(r.status == 0, "\(args)")
            #expect(headers(r.stdout) == both, "\(args)")
        }
        // -e is repeatable and adds to the positional patterns: every one must match.
        #expect(try box.run("prompthist", ["-e", "->", "-e", "=>", "--print"]).status == 1)
        #expect(headers(try box.run("prompthist", ["-e", "=>", "closure", "--print"]).stdout) == [both[0]])
        // After --, options are patterns too.
        let none = try box.run("prompthist", ["--", "--print"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no block matches \"--print\""))
        // plog hist and plog when take the same forms.
        #expect(try box.run("plog", ["hist", "-e", "->", "--print"]).status == 0)
        #expect(try box.run("plog", ["hist", "->"]).stderr.hasPrefix("plog: error: unknown option '->'; "))
        let when = try box.run("plog", ["when", "--json", "-e", "->|=>"])
        #expect(when.status == 0)
        #expect(when.stdout.contains("\"total\": 2,"))
        #expect(try box.run("plog", ["when", "=>", "--", "-9x"]).status == 1)
        #expect((try box.run("plog", ["when", "=>", "--", "-9x"])).stderr == "plog: no block matches \"=>\" + \"-9x\" in \(box.work)/prompts.log\n")
    }

    @Test func unknownOptionsAreNamedWithAFix() throws {
        let box = try sandbox()
        let typo = try box.run("prompthist", ["--fiel", "task", "wrapper"])
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("prompthist: error: unknown option '--fiel'; did you mean '--field'? "
            + "(a pattern that starts with '-' goes after -e or --)\n"))
        let unknown = try box.run("prompthist", ["--frobnicate", "wrapper"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("prompthist: error: unknown option '--frobnicate' (see --help; "))
        let quote = try box.run("prompthist", ["->'"])
        #expect(quote.stderr.contains("use -e '->'\\''' or put -- before it"))
        // A dash pattern that starts with a known short option (-s) reaches ArgumentParser, which
        // names the unknown option when there is another pattern; the hint is there without one.
        #expect(try box.run("prompthist", ["wrapper", "-sq"]).stderr.hasPrefix("prompthist: error: Unknown option '-q'"))
        #expect(try box.run("prompthist", ["-sq"]).stderr.hasPrefix("prompthist: error: give at least one pattern, "
            + "e.g. `prompthist \"property wrapper\"` (one that starts with '-' goes after -e or --)\n"))
        let nothing = try box.run("prompthist", [])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("prompthist: error: give at least one pattern"))
        let help = try box.run("prompthist", ["--help"])
        #expect(help.stdout.contains("-e, --regexp <pattern>"))
        #expect(help.stdout.contains("A pattern that starts with `-` goes after -e or\n        after --."))
        let page = try box.run("plog", ["manpage", "--program", "prompthist"])
        #expect(page.status == 0 && page.stdout.contains("regexp"))
    }

    // MARK: CRLF logs

    @Test func aCRLFLogRecallsWhatItsLFCopyRecalls() throws {
        let lf = try String(contentsOf: Self.fixtures.appendingPathComponent("prompts.log"), encoding: .utf8)
        let crlfBox = try Sandbox(), lfBox = try Sandbox()
        try crlfBox.write("work/prompts.log", lf.replacingOccurrences(of: "\n", with: "\r\n"))
        try lfBox.write("work/prompts.log", lf)
        for args in [["\\.$"], ["TASK: .*\\n\\nPROMPT"], ["^- .*(try|turns)\\.$"], ["--field", "prompt", "\\?$"],
                     ["--field", "task", "^\\w+ .*r$"], ["(?s)wrapper.*\\.\\n\\n\\z"]] {
            let a = try crlfBox.run("prompthist", args + ["--all", "--print"])
            let b = try lfBox.run("prompthist", args + ["--all", "--print"])
            #expect(a.status == 0, "\(args)")
            #expect(a.stdout == b.stdout, "\(args)")
            #expect(a.stderr == b.stderr, "\(args)")
            // plog when's text names blocks by date and line (its JSON has byte offsets, which differ).
            let whenA = try crlfBox.run("plog", ["when"] + args)
            let whenB = try lfBox.run("plog", ["when"] + args)
            #expect(whenA.status == 0 && whenA.stdout == whenB.stdout, "\(args)")
        }
    }
}
