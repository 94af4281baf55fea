import Testing
@testable import PromptLog

/// The stats reader works on bytes without decoding blocks; it must read the same things the
/// parser does. Random blocks full of the format's corner cases, compared field by field.
@Suite struct StatsFastPathTests {
    /// Longer than the reader's first buffers (1 KiB): the reader grows them and reads again.
    static let long = String(repeating: "long words, ", count: 100)
    static let bulletTexts = [long, "Worked first try.", "Worked after 3 turns.", "Failed: no", "no luck", "✅", "Meh", "",
                              "partially", "didn't work first try; worked on the second", "  spaced  ", "Gave up\tafter 2"]
    static let promptLines = ["Write `render()` in View.swift", "Keep it under 50ms.", "Can you fix it?", "```", "```swift",
                              "~~~", "", "  indented code", "## 2024-01-01T10:00Z  fake  header", "OUTCOME: quoted",
                              "You’re close: 4 KB max", "plain words here and there", "e.g. this", "(your) turn",
                              "TASK: not a task", "tabs\tand\tmore", "$5 budget", "a_b c.d 3x"]

    /// One random block's text (header line included, ends with a line end).
    static func block(_ r: inout SeededRandom, index: Int) -> String {
        let eol = r.chance(0.2) ? "\r\n" : "\n"
        var out = "## 2025-0\(1 + r.int(9))-1\(r.int(10))T1\(r.int(10)):0\(r.int(10))\(r.pick(["Z", "+09:00", "-0500", ""]))"
        out += r.pick(["", "  claude", "  claude  ios/app", "\tgpt 4o\tweb", "  -  notes", "  m  p  extra", "  a b  c d "]) + eol
        var sections = ["TASK", "PROMPT", "OUTCOME", "NOTES", "OUTCOME", "PROMPT"].shuffled(using: &r)
        sections = Array(sections.prefix(r.int(6) + 1))
        if r.chance(0.2) { out += "stray leading line" + eol }
        for s in sections {
            switch s {
            case "TASK":
                out += "TASK:" + r.pick([" Write unit tests", "", "  Fix the cache  ", " Speed up"]) + eol
                for _ in 0..<r.int(3) { out += r.pick(["  in parser.swift", "", "   ", "continued words", long]) + eol }
            case "PROMPT":
                out += "PROMPT:" + (r.chance(0.2) ? " inline prompt text 20 lines" : "") + eol
                for _ in 0..<r.int(7) {
                    let line = r.pick(promptLines)
                    // Unquoted, a fake header would start a block of its own: only quoted ones here.
                    switch line.hasPrefix("## ") ? 2 : r.int(6) {
                    case 0: out += (line.isEmpty ? ">" : ">" + line) + eol  // missing space
                    case 1: out += line + eol  // missing quote
                    default: out += (line.isEmpty ? ">" : "> " + line) + eol
                    }
                }
            case "OUTCOME":
                out += "OUTCOME:" + (r.chance(0.2) ? " " + r.pick(bulletTexts) : "") + eol
                for _ in 0..<r.int(4) {
                    switch r.int(6) {
                    case 0: out += "-" + eol
                    case 1: out += "  " + r.pick(bulletTexts) + eol  // continuation
                    case 2: out += eol
                    case 3: out += "\t" + r.pick(bulletTexts) + eol
                    case 4: out += r.pick(bulletTexts) + eol  // not a bullet
                    default: out += "- " + r.pick(bulletTexts) + eol
                    }
                }
            default:
                out += s + ": note" + eol + "- not an outcome" + eol
            }
            if r.chance(0.3) { out += eol }
        }
        if r.chance(0.3) { out += "  " + eol }
        return out + eol
    }

    /// Each random block alone, then many in one log, through the fuzzer's check
    /// (`Invariants.stats`: stats' reading of every block against the parser's).
    @Test func readerAgreesWithTheParser() throws {
        var r = SeededRandom(seed: 20_250_814)
        var log = ""
        for round in 0..<400 {
            let text = Self.block(&r, index: round)
            log += text
            #expect(Invariants.stats(Array(text.utf8)) == nil, "round \(round):\n\(text)")
        }
        #expect(Invariants.stats(Array(log.utf8)) == nil)
    }

    /// Many blocks in one log: spans found while reading equal the scanner's.
    @Test func readingFindsEveryBlock() throws {
        var r = SeededRandom(seed: 7)
        var log = "preamble\n## not a header\n\n"
        for i in 0..<300 { log += Self.block(&r, index: i) }
        let bytes = Array(log.utf8)
        try bytes.withUnsafeBufferPointer { buf in
            var spans: [BlockSpan] = []
            LogScanner.scan(buf) { spans.append($0) }
            var reader = BlockReader()
            var at = LogScanner.nextHeader(buf, from: 0)
            var offsets: [Int] = []
            while at < buf.count {
                offsets.append(at)
                at = reader.read(buf, at: at, limit: buf.count).end
            }
            try #require(offsets == spans.map(\.offset))
        }
        let report = try Stats.compute(log)
        #expect(report.blocks == 300)
    }

    /// Splitting the log over threads changes nothing in the report.
    @Test func threadsGiveTheSameReport() throws {
        var r = SeededRandom(seed: 99)
        var log = ""
        while log.utf8.count < 5 << 20 { log += Self.block(&r, index: 0) }  // over the threading threshold
        let bytes = Array(log.utf8)
        try bytes.withUnsafeBufferPointer { buf in
            var one = StatsRequest(minN: 3, listUnclassified: true)
            one.threads = 1
            var three = one
            three.threads = 3
            let a = try Stats.compute(buf, one), b = try Stats.compute(buf, three)
            #expect(StatsJSON.render(a) == StatsJSON.render(b))
            #expect(StatsText.render(a) == StatsText.render(b))
            #expect(a.unclassified == b.unclassified)
            #expect(a.blocks > 10_000)
        }
    }

    /// With more distinct tasks than the table holds, tasks seen once are dropped and the
    /// report says repeats may be incomplete; a task that keeps coming back is still found.
    @Test func taskTableStaysBounded() throws {
        // A word of letters for each number: every such task is a shape of its own.
        func word(_ n: Int) -> String {
            var n = n, s = ""
            repeat { s.append(Character(UnicodeScalar(UInt8(97 + n % 26)))); n /= 26 } while n > 0
            return s + "zq"
        }
        var log = ""
        for i in 0..<200 {
            log += "## 2025-0\(1 + i % 9)-10T10:00Z  m  p\nTASK: Explain \(word(i))\n\n"
            if i % 4 == 0 { log += "## 2025-0\(1 + i % 9)-11T10:00Z  m  p\nTASK: Write unit tests for the parser\n\n" }
        }
        let bytes = Array(log.utf8)
        try bytes.withUnsafeBufferPointer { buf in
            let small = try Stats.compute(buf, StatsRequest(), releasePages: false, taskCapacity: 16)
            #expect(!small.repeatsComplete)
            #expect(small.repeats.first?.task == "Write unit tests for the parser")
            let full = try Stats.compute(buf, StatsRequest())
            #expect(full.repeatsComplete)
            #expect(full.repeats.first?.count == 50)
        }
    }
}
