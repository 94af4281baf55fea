import Foundation
import Testing

/// `prompthist --like` as users run it, on the recall fixtures (Fixtures/recall/README.md).
@Suite struct HistLikeTests {
    func sandbox(_ fixture: String = "prompts.log") throws -> Sandbox {
        let box = try Sandbox()
        try box.write("work/prompts.log", try Data(contentsOf: HistTests.fixtures.appendingPathComponent(fixture)))
        return box
    }

    func headers(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.hasPrefix("## 20") }.map(String.init)
    }

    @Test func aDraftFromAFileOrStandardInput() throws {
        let box = try sandbox()
        try box.write("work/draft.txt", "My property wrapper should throttle writes to disk; it keeps writing on every change.\n")
        let fromFile = try box.run("prompthist", ["--like", "draft.txt", "--print", "--blocks", "2"])
        #expect(fromFile.status == 0)
        // Both throttling wrappers; the older one also says "disk", as the draft does.
        #expect(headers(fromFile.stdout) == ["## 2024-02-11T10:02+09:00  claude-3-5-sonnet  ios/captio",
                                             "## 2025-06-30T17:45+09:00  claude-sonnet-4-5  cli/plog"])
        #expect(fromFile.stdout.hasPrefix("Prompt history for a draft (terms: "))
        #expect(fromFile.stdout.contains("most related first"))
        #expect(fromFile.stderr.hasPrefix("prompthist: 2 of "))
        let fromStdin = try box.run("prompthist", ["--like", "-", "--print", "--blocks", "2"],
                                    stdin: try box.read("work/draft.txt"))
        #expect(fromStdin.stdout == fromFile.stdout)
        // plog hist is the same command.
        let plog = try box.run("plog", ["hist", "--like", "draft.txt", "--print", "--blocks", "2"])
        #expect(plog.stdout == fromFile.stdout)
    }

    @Test func explainGoesToStandardError() throws {
        let box = try sandbox()
        let r = try box.run("prompthist", ["--like", "-", "--print", "--explain", "--format", "json"],
                            stdin: "keyboard extension memory")
        #expect(r.status == 0)
        #expect(r.stderr.contains("like: "))
        #expect(r.stderr.contains("  term "))
        #expect(r.stderr.contains("   score  related  block\n"))
        #expect(!r.stdout.contains("score"))
        #expect(r.stdout.hasPrefix("["))
    }

    @Test func patternsFilterAndFiltersApply() throws {
        let box = try sandbox()
        try box.write("work/draft.txt", "property wrapper that throttles writes")
        let all = try box.run("prompthist", ["--like", "draft.txt", "--print", "--all"])
        let patterned = try box.run("prompthist", ["--like", "draft.txt", "UserDefaults", "--print", "--all"])
        #expect(headers(patterned.stdout) == ["## 2024-09-18T09:15+09:00  claude-sonnet-4-5  ios/captio"])
        #expect(headers(all.stdout).count > 1)
        let since = try box.run("prompthist", ["--like", "draft.txt", "--since", "2025", "--print", "--all"])
        #expect(headers(since.stdout).allSatisfy { $0.hasPrefix("## 2025") })
        #expect(!headers(since.stdout).isEmpty)
    }

    @Test func nothingFoundExitsOneAndSaysWhy() throws {
        let box = try sandbox()
        let stop = try box.run("prompthist", ["--like", "-", "--print"], stdin: "please make it so that it is what we want")
        #expect(stop.status == 1 && stop.stdout.isEmpty)
        #expect(stop.stderr.contains("nothing to search for in standard input"))
        let absent = try box.run("prompthist", ["--like", "-", "--print"], stdin: "xylophonist quokka")
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("no word of standard input occurs in"))
        let empty = try box.run("prompthist", ["--like", "-", "--print", "-f", HistTests.fixtures.appendingPathComponent("empty.log").path],
                                stdin: "property wrapper")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("has no blocks yet"))
    }

    @Test func badInputIsRefusedClearly() throws {
        let box = try sandbox()
        let blank = try box.run("prompthist", ["--like", "-"], stdin: "  \n")
        #expect(blank.status == 2)
        #expect(blank.stderr.contains("the draft is empty"))
        let missing = try box.run("prompthist", ["--like", "no-such-draft.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no-such-draft.txt"))
        let oldest = try box.run("prompthist", ["--like", "-", "--oldest-first"], stdin: "x")
        #expect(oldest.status == 2)
        #expect(oldest.stderr.contains("drop --oldest-first"))
        let explain = try box.run("prompthist", ["--explain", "wrapper"])
        #expect(explain.status == 2)
        #expect(explain.stderr.contains("--explain explains a --like ranking"))
    }
}
