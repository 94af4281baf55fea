import Foundation
import Testing
@testable import PromptLog

/// Where a block ends and how line ends read: a block is matched as a subject that ends at the
/// block's end, and a CRLF log selects the blocks its LF copy selects.
@Suite struct RecallLineEndTests {
    let log = recallBlock("2024-01-01T10:00Z", task: "first", prompt: "It ends in ok")
        + recallBlock("2024-01-02T10:00Z", task: "second", prompt: "Not this one.", outcome: "zzz")
        + recallBlock("2024-01-03T10:00Z", task: "third", prompt: "this ends in ok")

    func blockOffsets(_ text: String) -> [Int] {
        var o: [Int] = []
        Array(text.utf8).withUnsafeBufferPointer { buf in _ = LogScanner.scan(buf) { o.append($0.offset) } }
        return o
    }

    /// Indexes of the blocks `query` selects, oldest first, with and without the prefilter,
    /// checked to agree both ways round.
    func selected(_ text: String, _ query: RecallQuery) throws -> [Int] {
        let o = blockOffsets(text)
        var plain = query
        plain.usePrefilter = false
        let oldest = try recallOffsets(text, query, newestFirst: false)
        #expect(try recallOffsets(text, query, newestFirst: true) == oldest.reversed(), "\(query.patterns)")
        #expect(try recallOffsets(text, plain, newestFirst: false) == oldest, "\(query.patterns) without prefilter")
        return oldest.map { o.firstIndex(of: $0)! }
    }

    @Test func theEndOfABlockIsTheEndOfItsSubject() throws {
        // Each block ends in a blank line; blocks 0 and 2 end their prompt with "ok".
        for p in ["ok\\n+\\z", "ok(?=\\s*\\z)", "ok\\s*(?![\\s\\S])", "ok\\n\\n$", "ok\\n\\Z"] {
            #expect(try selected(log, RecallQuery(patterns: [p])) == [0, 2], "\(p)")
        }
        #expect(try selected(log, RecallQuery(patterns: ["\\n\\n\\z"])) == [0, 1, 2])
        #expect(try selected(log, RecallQuery(patterns: ["(?s)ok.\\n\\z", "t[a-z]+"])) == [0, 2])
        // A lookahead cannot see the next block: zzz is only in block 1, after every "ok".
        #expect(try selected(log, RecallQuery(patterns: ["ok(?=[\\s\\S]*zzz)"])) == [])
        #expect(try selected(log, RecallQuery(patterns: ["one(?=[\\s\\S]*zzz)"])) == [1])
        // `^` after a block's last newline is not a line start in the block.
        #expect(try selected(log, RecallQuery(patterns: ["ok\\n\\n^"])) == [])
        // ...so `(?<!^)` holds there (found by the literals fuzzer).
        #expect(try selected(log, RecallQuery(patterns: ["\\n\\n(?<!^)"])) == [0, 1, 2])
    }

    @Test func subjectEndLooksAtEveryConstructThatCanSeeTheEnd() {
        for p in ["a$", "a\\z", "a\\Z", "\\Gx", "a(?=b)", "a(?!b)", "(?>a+)b", "a++b", "a*+", "a?+", "a{2}+",
                  "(?x) a+ +", "(?(1)a|b)", "(*COMMIT)a", "(*nla:x)", "(?<n>a)\\k<n>", "\\g{1}", "\\n(?<!^)"] {
            #expect(SubjectEnd.mayMatter(in: p), "\(p)")
        }
        for p in ["mutex", "^TASK: .*cache", "(?<=> )query", "\\bx\\b", "a+b*c?", "(a|b){2,3}", "[+]", "x\\+"] {
            #expect(!SubjectEnd.mayMatter(in: p), "\(p)")
        }
    }

    static let crlfPatterns = [
        "\\.$", "TASK: .*\\n\\nPROMPT", "^> ", "^$", "ok$", "^TASK: \\w+$", "ok\\s*\\z", "\\n\\n", "[^x]$",
        "(?s)ok.\\n", "\\R\\R", "ok\\R", "(?<=\\.\\n)\\n", "(?<=ok\\n)\\n", "\\n(?=\\n)", "^\\s*$", "one\\.\\s+$",
        "(?m)ok$\\n^", "ends in ok\\n", "\\r", "[\\r]", "ok[^\\n]",
    ]

    @Test func crlfLinesMatchAsLFLines() throws {
        let crlf = log.replacingOccurrences(of: "\n", with: "\r\n")
        for p in Self.crlfPatterns {
            for caseless in [true, false] {
                let q = RecallQuery(patterns: [p], caseless: caseless)
                #expect(try selected(crlf, q) == selected(log, q), "\(p)")
            }
        }
        // The issue's cases, by name.
        #expect(try selected(crlf, RecallQuery(patterns: ["\\.$"])) == [1])
        #expect(try selected(crlf, RecallQuery(patterns: ["TASK: .*\\n\\nPROMPT"])) == [0, 1, 2])
        #expect(try selected(crlf, RecallQuery(patterns: ["ok$"])) == [0, 2])
        // Printed blocks keep the log's own bytes.
        let spans = try recallOffsets(crlf, RecallQuery(patterns: ["\\.$"]))
        #expect(spans == [blockOffsets(crlf)[1]])
    }

    @Test func aLoneCarriageReturnInAnLFLogStaysACharacter() throws {
        let lf = recallBlock("2024-01-01T10:00Z", task: "a\rb") + recallBlock("2024-01-02T10:00Z", task: "plain")
        #expect(try selected(lf, RecallQuery(patterns: ["a.b"])) == [0])
        #expect(try selected(lf, RecallQuery(patterns: ["a\\rb"])) == [0])
        #expect(try selected(lf, RecallQuery(patterns: ["a$"])) == [])
        #expect(try selected(lf, RecallQuery(patterns: ["^b"])) == [])
    }

    @Test func mixedLineEndsAndLookbehindAcrossABlockStart() throws {
        // Block 0 CRLF, block 1 LF: a lookbehind from block 1 reads block 0's end as LF.
        let mixed = recallBlock("2024-01-01T10:00Z", task: "first.").replacingOccurrences(of: "\n", with: "\r\n")
            + recallBlock("2024-01-02T10:00Z", task: "second")
        let lf = mixed.replacingOccurrences(of: "\r\n", with: "\n")
        for p in Self.crlfPatterns + ["(?<=\\n\\n)## ", "(?<=\\.\\n\\n)## ", "(?<=first\\.\\n)"] {
            let q = RecallQuery(patterns: [p])
            #expect(try selected(mixed, q) == selected(lf, q), "\(p)")
        }
        #expect(try selected(mixed, RecallQuery(patterns: ["(?<=\\n\\n)## "])) == [1])
    }

    @Test func fieldsAreMatchedOnTheirTextWhateverTheBytesSay() throws {
        let log = recallBlock("2024-01-01T10:00Z", task: "first", prompt: "First line.\nThe pod restarts", outcome: "Worked")
            + recallBlock("2024-01-02T10:00Z", task: "second\n\nmore", prompt: "Other", outcome: "Gave up")
        // The prompt without `> `, the outcome without `- `, the task's lines without the blank one.
        for (p, field, want) in [("^Th\\w+", RecallField.prompt, [0]), ("^W\\w+", .outcome, [0]),
                                 ("line\\.\\nThe pod", .prompt, [0]), ("^\\w+$", .outcome, [0]),
                                 ("^G\\w+ up$", .outcome, [1]), ("second\\nmore", .task, [1]), ("d\\nm", .task, [1])] {
            #expect(try selected(log, RecallQuery(patterns: [p], fields: [field])) == want, "\(p)")
        }
    }

    @Test func fieldsAndFiltersReadCRLFBlocksAsLF() throws {
        let crlf = log.replacingOccurrences(of: "\n", with: "\r\n")
        for (p, field) in [("ok$", RecallField.prompt), ("^first$", .task), ("^zzz$", .outcome), ("one\\.$", .prompt)] {
            let q = RecallQuery(patterns: [p], fields: [field])
            #expect(try selected(crlf, q) == selected(log, q), "\(p) in \(field)")
            #expect(try !selected(log, q).isEmpty, "\(p) in \(field)")
        }
    }
}
