import Foundation
import Testing
@testable import PromptLog

/// Random logs against a naive reference: split into blocks line by line, substring test,
/// the same budget rule. The reference shares nothing with the searcher but the timestamp grammar.
@Suite struct RecallPropertyTests {
    static let words = ["alpha", "beta", "gamma", "delta", "wrapper", "property", "mutex", "Swift", "cache",
                        "throttle", "needle", "kiosk", "semaphore", "Query", "x"]

    struct Generated {
        var text: String
        var bytes: [UInt8] { Array(text.utf8) }
    }

    static func randomLog(_ rng: inout SeededRandom, blocks: Int) -> String {
        var s = ""
        if Bool.random(using: &rng) { s += "preamble with \(words.randomElement(using: &rng)!) words\n\n" }
        var minute = 0
        for _ in 0..<blocks {
            minute += Int.random(in: 1...5000, using: &rng)
            func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
            let ts = "2024-" + two(1 + minute / 40_000 % 12) + "-" + two(1 + minute / 1440 % 28) + "T"
                + two(minute / 60 % 24) + ":" + two(minute % 60) + ["Z", "+09:00", "-0700", ""].randomElement(using: &rng)!
            let eol = Int.random(in: 0..<8, using: &rng) == 0 ? "\r\n" : "\n"
            var b = "## " + ts + (Bool.random(using: &rng) ? "  model-\(Int.random(in: 0..<3, using: &rng))  proj" : "") + eol
            func sentence() -> String {
                (0..<Int.random(in: 1...8, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            }
            b += "TASK: " + sentence() + eol + eol + "PROMPT:" + eol
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: b += "> ## 2024-05-05T10:00Z  quoted  header" + eol
                case 1: b += ">" + eol
                case 2: b += "## not a header " + sentence() + eol
                default: b += "> " + sentence() + eol
                }
            }
            if Bool.random(using: &rng) { b += eol + "OUTCOME:" + eol + "- " + sentence() + eol }
            // Separator: usually one blank line, sometimes none, sometimes a few (with spaces).
            b += ["", eol, eol, eol + "   " + eol + eol].randomElement(using: &rng)!
            s += b
        }
        if Bool.random(using: &rng), s.hasSuffix("\n") { s.removeLast() }  // no final newline
        return s
    }

    /// The naive reference: (offset, printed lines, printed bytes) of every block containing all
    /// `terms` (ASCII caseless), in file order.
    static func reference(_ bytes: [UInt8], terms: [String]) -> [(offset: Int, lines: Int, bytes: Int)] {
        var lines: [(start: Int, end: Int)] = []
        var start = 0
        for (i, c) in bytes.enumerated() where c == 10 {
            lines.append((start, i + 1))
            start = i + 1
        }
        if start < bytes.count { lines.append((start, bytes.count)) }
        func isHeader(_ l: (start: Int, end: Int)) -> Bool {
            // Bytes, not Characters: "\r\n" is one Character in Swift.
            let line = bytes[l.start..<l.end]
            guard line.starts(with: Array("## ".utf8)) else { return false }
            let token = line.dropFirst(3).drop { $0 == 32 || $0 == 9 }.prefix { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }
            return Timestamp.parse(String(decoding: token, as: UTF8.self)) != nil
        }
        let headers = lines.indices.filter { isHeader(lines[$0]) }
        var out: [(Int, Int, Int)] = []
        for (k, h) in headers.enumerated() {
            let lastLine = k + 1 < headers.count ? headers[k + 1] : lines.count
            let blockText = String(decoding: bytes[lines[h].start..<lines[lastLine - 1].end], as: UTF8.self).lowercased()
            guard terms.allSatisfy({ blockText.contains($0.lowercased()) }) else { continue }
            // Printed: lines up to the last non-blank one, CRLF as LF, ending in a newline.
            var printed = Array(lines[h..<lastLine])
            while let l = printed.last, bytes[l.start..<l.end].allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 || $0 == 10 }) {
                printed.removeLast()
            }
            var size = 0
            for l in printed {
                var line = Array(bytes[l.start..<l.end])
                if line.last == 10 { line.removeLast() }
                if line.last == 13 { line.removeLast() }
                size += line.count + 1
            }
            out.append((lines[h].start, printed.count, size))
        }
        return out
    }

    /// The reference budget rule: take in order while it fits; a first block that alone is too
    /// large is taken (cut); stop at the first that does not fit.
    static func select(_ matches: [(offset: Int, lines: Int, bytes: Int)], _ budget: RecallBudget) -> (offsets: [Int], firstCut: Bool) {
        var lines = 0, tokens = 0
        var taken: [Int] = []
        for m in matches {
            if let b = budget.blocks, taken.count >= b { break }
            let t = (m.bytes + 3) / 4
            let fits = (budget.lines.map { lines + m.lines <= $0 } ?? true) && (budget.tokens.map { tokens + t <= $0 } ?? true)
            if fits {
                taken.append(m.offset); lines += m.lines; tokens += t
                if (budget.lines.map { lines >= $0 } ?? false) || (budget.tokens.map { tokens >= $0 } ?? false) { break }
                continue
            }
            if taken.isEmpty { return ([m.offset], true) }
            break
        }
        return (taken, false)
    }

    @Test func literalQueriesSelectWhatTheNaiveReferenceSelects() throws {
        var rng = SeededRandom(seed: 2025)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plog-prop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("prompts.log").path
        for round in 0..<120 {
            // Every tenth log is big enough (about 150 KB) for several search windows.
            let text = Self.randomLog(&rng, blocks: round % 10 == 0 ? 800 : Int.random(in: 0...40, using: &rng))
            let bytes = Array(text.utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            var terms = [Self.words.randomElement(using: &rng)!]
            if Bool.random(using: &rng) { terms.append(Self.words.randomElement(using: &rng)!) }
            if Int.random(in: 0..<4, using: &rng) == 0 { terms = [terms[0] + " " + Self.words.randomElement(using: &rng)!] }
            terms = terms.map { Bool.random(using: &rng) ? $0.uppercased() : $0 }
            let budget = [RecallBudget.unlimited, RecallBudget(lines: Int.random(in: 1...120, using: &rng)),
                          RecallBudget(tokens: Int.random(in: 5...900, using: &rng)),
                          RecallBudget(blocks: Int.random(in: 1...6, using: &rng)),
                          RecallBudget(lines: Int.random(in: 10...60, using: &rng), tokens: Int.random(in: 50...500, using: &rng))]
                .randomElement(using: &rng)!
            let newestFirst = Bool.random(using: &rng)
            var matches = Self.reference(bytes, terms: terms)
            if newestFirst { matches.reverse() }
            let expected = Self.select(matches, budget)
            let result = try Recall.run(RecallRequest(query: RecallQuery(patterns: terms, literal: true), budget: budget,
                                                      newestFirst: newestFirst), logPath: path)
            #expect(result.blocks.map(\.span.offset) == expected.offsets,
                    "round \(round): \(terms) \(budget) newestFirst=\(newestFirst)")
            #expect((result.blocks.first?.isCut ?? false) == expected.firstCut, "round \(round)")
            if result.info.complete { #expect(result.info.matched == matches.count, "round \(round)") }
            #expect(result.info.matched <= matches.count)
            for b in result.blocks where !b.isCut {
                let ref = matches.first { $0.offset == b.span.offset }
                #expect(ref != nil && b.lines == ref!.lines && b.text.count == ref!.bytes, "round \(round) block \(b.span.offset)")
            }
        }
    }

    @Test func literalPrefilterNeverChangesWhichBlocksMatch() throws {
        var rng = SeededRandom(seed: 99)
        let patterns = ["wrap+er", "\\bmutex\\b", "(alpha|beta)\\s+gamma", "sem(a|o)phore", "^TASK: .*cache",
                        "delta$", "pro(per)?ty", "(?i)SWIFT", "k\\w+sk", "needle(?= x)", "(?<=> )query",
                        "\\Qx\\E\\s+\\w+", "throttle|kiosk|semaphore", "Swift", "^> ## 2024"]
        for round in 0..<40 {
            let bytes = Array(Self.randomLog(&rng, blocks: round % 8 == 0 ? 500 : 30).utf8)
            for p in patterns {
                for caseless in [true, false] {
                    var plain = RecallQuery(patterns: [p], caseless: caseless)
                    plain.usePrefilter = false
                    let fast = RecallQuery(patterns: [p], caseless: caseless)
                    #expect(try recallOffsets(bytes, fast) == recallOffsets(bytes, plain), "round \(round) \(p) caseless=\(caseless)")
                }
            }
        }
    }
    /// The literals fuzzer's check (`Invariants.recall`) over seeded random inputs: grammar
    /// patterns on small logs with LF, CRLF and mixed line ends, against plain PCRE2 block by block.
    @Test func grammarPatternsSelectWhatPlainPCRE2Selects() {
        var rng = SeededRandom(seed: 7)
        var someButNotAll = 0
        for round in 0..<3000 {
            let bytes = (0..<(40 + rng.int(400))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let fuzzCase = RecallFuzzCase(bytes)
            let query = RecallQuery(patterns: fuzzCase.patterns, caseless: fuzzCase.caseless, literal: fuzzCase.literal)
            if let selected = try? Invariants.recallReference(fuzzCase.log, query), !selected.isEmpty {
                var blocks = 0
                fuzzCase.log.withUnsafeBufferPointer { buf in _ = LogScanner.scan(buf) { _ in blocks += 1 } }
                if selected.count < blocks { someButNotAll += 1 }
            }
            if let broken = Invariants.recall(bytes) {
                Issue.record("round \(round): \(broken)")
                return
            }
        }
        // Not vacuous: many cases select some blocks and leave others.
        #expect(someButNotAll > 300, "\(someButNotAll)")
    }

    /// A log with CRLF line ends (all, or some blocks) selects the blocks its LF copy selects,
    /// for patterns about line ends, on logs large enough for several search windows.
    @Test func crlfLogsSelectWhatTheirLFCopiesSelect() throws {
        var rng = SeededRandom(seed: 11)
        let patterns = RecallLineEndTests.crlfPatterns + ["delta$", "^> \\w+ \\w+$", "\\s$", "[^x]\\n", ".*$\\n^",
                                                          "(?<=\\n)PROMPT:\\n", "mutex\\b.*$", "kiosk$|^OUTCOME:$"]
        for round in 0..<24 {
            let lf = Self.randomLog(&rng, blocks: round % 8 == 0 ? 700 : 30).replacingOccurrences(of: "\r\n", with: "\n")
            let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
            // Every other block CRLF.
            var mixed = ""
            var n = 0
            for line in lf.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                if line.hasPrefix("## 2024") { n += 1 }
                mixed += line + (n % 2 == 0 ? "\r\n" : "\n")
            }
            if !lf.hasSuffix("\n") { mixed += lf.split(separator: "\n", omittingEmptySubsequences: false).last! }
            let blocks = { (t: String) -> [Int] in
                var o: [Int] = []
                Array(t.utf8).withUnsafeBufferPointer { buf in _ = LogScanner.scan(buf) { o.append($0.offset) } }
                return o
            }
            let (lfBlocks, crlfBlocks, mixedBlocks) = (blocks(lf), blocks(crlf), blocks(mixed))
            try #require(lfBlocks.count == crlfBlocks.count && lfBlocks.count == mixedBlocks.count)
            for p in [patterns[rng.int(patterns.count)], patterns[rng.int(patterns.count)]] {
                var q = RecallQuery(patterns: [p], caseless: rng.int(2) == 0)
                q.usePrefilter = rng.int(4) != 0
                let want = try recallOffsets(lf, q).map { lfBlocks.firstIndex(of: $0)! }
                #expect(try recallOffsets(crlf, q).map { crlfBlocks.firstIndex(of: $0)! } == want, "round \(round) \(p) CRLF")
                #expect(try recallOffsets(mixed, q).map { mixedBlocks.firstIndex(of: $0)! } == want, "round \(round) \(p) mixed")
            }
        }
    }
}
