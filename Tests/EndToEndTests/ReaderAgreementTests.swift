import Foundation
import PromptLog
import Testing

/// Export, stats and recall read the log with one reader; on any bytes they must agree about
/// every block. Seeded random logs built from the format's nasty pieces (CR, CRLF, a lone CR
/// before the header fields, tabs, NUL, invalid UTF-8, quoted fake headers, unquoted ones with
/// bad timestamps, keywords mid-line and in lower case, several OUTCOME sections, inline OUTCOME
/// text, wrapped bullets), run through the built `plog`:
/// - `export --jsonl` and `stats --json` count the same blocks, verdicts, models and projects;
/// - `stats --each-block` (what stats read of each block, on stats' own path) gives each
///   exported block's model, project, verdict and turns, and its task with lines joined by a space;
/// - `hist --all --field task PATTERN` selects exactly the blocks whose exported `task` matches.
@Suite struct ReaderAgreementTests {
    /// SplitMix64: a fixed sequence per seed (the unit tests' `SeededRandom` is not visible here).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
        mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    }

    /// Pieces as bytes: `\u{..}` escapes for NUL and CR, `[0xFF]` etc. for invalid UTF-8.
    static func b(_ s: String) -> [UInt8] { Array(s.utf8) }
    static let invalid: [[UInt8]] = [[0xFF], [0xE2, 0x82], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    static let stamps = ["2025-01-01T00:00:05", "2025-02-03T10:00Z", "2025-03-04T11:30+09:00", "2025-04-05T09:15-0500",
                         "2025-05-06T08:00:00.250Z", "2024-12-31T23:59+00:00"]
    /// What follows the timestamp on a header line.
    static let headerTails: [[UInt8]] = [
        b(""), b("  claude  proj"), b("\tgpt 4o\tweb"), b("\r\r-  proj"), b("\r-\rproj"), b("  -  notes"),
        b("  m  p  extra"), b(" a b  c d "), b("  m\r"), b("  m \u{301}x  p"), b("  mo\u{0}del  p"),
        b("  m") + [0xFF] + b("  p"), b("  ") + [0xE2, 0x82] + b("  p"), b("\t\tm\t\tp"), b("  m  p\r\r"),
        b("  \r  claude"), b(" \t-\t "), b("  claude  \r\rios/app"),
    ]
    /// Lines that are no header: fake ones with bad timestamps, `#` lines.
    static let fakeHeaders = ["## 2025-13-45T99:99Z  bad  x", "## 2025-01-01  date only", "## 12345-6", "##2025-01-01T10:00Z  m",
                              "# comment", "## notes", "##  2025-01-01T10:00Z  spaced", "## 2025-02-30T10:00Z  feb"]
    static let taskInlines: [[UInt8]] = [
        b(" Fix the cache"), b(""), b("  spaced fix  "), b("\tTabbed unit tests"), b(" x\u{0}y fix"), b(" ") + [0xFF] + b(" bad fix"),
        b(" fix\rcache"), b(" Write unit tests"), b("   "), b(" Ünïcode fix café"), b(" cache") + [0xE2, 0x82],
    ]
    static let taskLines: [[UInt8]] = [
        b("  in parser.swift"), b(""), b("   "), b("continued fix"), b("\tunit tests"), b("FIX: not a keyword? it is"),
        b("mid-line OUTCOME: worked first try"), b("the cache") + [0xC3], b("> quoted in a task"),
    ]
    static let promptLines: [[UInt8]] = [
        b("> ## 2025-01-01T10:00Z  fake  header"), b(">"), b("> OUTCOME: quoted"), b("> TASK: fake task"), b("> plain words"),
        b(">no space"), b("unquoted prompt line"), b("> \u{0}nul"), b("> ") + [0xFF, 0xFE], b("> - Worked first try"),
        b("    indented code"), b("> ```"),
    ]
    static let bullets: [[UInt8]] = [
        b("- Worked first try."), b("- Worked after 3 turns."), b("- Failed: no"), b("-"), b("  continuation, two turns"),
        b("\tafter four tries"), b("no luck"), b("✅"), b("- ❌ gave up"), b("- partially, two turns"), b("   "),
        b("- one-shot\r"), b("- ") + [0xFF] + b(" worked"), b("- \u{0}"), b(""), b("-\tnot a bullet"), b("- Worked\r\r"),
        b("outcome: worked first try"), b("text OUTCOME: failed"), b("- didn't work first try; worked on the second"),
    ]

    /// One random log.
    static func log(_ r: inout Random) -> [UInt8] {
        var out: [UInt8] = []
        var eol: [UInt8] { r.pick([b("\n"), b("\n"), b("\n"), b("\r\n"), b("\r\r\n")]) }
        if r.chance(30) { out += b("preamble text") + eol + b(r.pick(fakeHeaders)) + eol }
        for _ in 0..<(10 + r.int(24)) {
            out += b("## " + r.pick(stamps)) + r.pick(headerTails) + eol
            for _ in 0..<(1 + r.int(6)) {
                switch r.int(9) {
                case 0:
                    out += b(r.pick(["TASK:", "TASK:", "task:", "TASK :"])) + r.pick(taskInlines) + eol
                    for _ in 0..<r.int(3) { out += r.pick(taskLines) + eol }
                case 1, 2:
                    out += b("PROMPT:") + (r.chance(15) ? b(" inline prompt text") : []) + eol
                    for _ in 0..<r.int(5) { out += r.pick(promptLines) + eol }
                case 3, 4, 5:
                    out += b(r.pick(["OUTCOME:", "OUTCOME:", "OUTCOME:\t", "Outcome:"]))
                    if r.chance(25) { out += b(" ") + r.pick(bullets) }
                    out += eol
                    for _ in 0..<r.int(4) { out += r.pick(bullets) + eol }
                case 6:
                    out += b(r.pick(fakeHeaders)) + eol
                case 7:
                    out += b("NOTES: see") + eol + b("- not an outcome") + eol
                default:
                    out += r.pick([b("stray line"), b("\u{0}"), invalid[r.int(invalid.count)], b("\t"), b("TASK:fix")]) + eol
                }
                if r.chance(30) { out += eol }
            }
            if r.chance(60) { out += eol }
        }
        return out
    }

    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
    }

    static func string(_ v: Any?) -> String? { v as? String }
    static func int(_ v: Any?) -> Int? { (v as? NSNumber)?.intValue }

    /// The patterns tried on the task field. The reference matches each on the exported task
    /// with the matcher `hist` compiles (PCRE2, caseless, multiline), so what is checked is which
    /// blocks recall selects, not the regular expression engine.
    /// Anchored ones (`^x`, `cache$`) see the field's lines, not the raw log's (`TASK: x`, a `\r`
    /// before the line end).
    static let patterns = ["fix", "unit tests", "fix[^\\n]*cache", "\\d", "bad", "^fix", "^x", "cache$", "tests$"]

    @Test func exportStatsAndHistAgreeOnRandomLogs() throws {
        let box = try Sandbox()
        var r = Random(state: 20_261_123)
        for round in 0..<10 {
            let bytes = Self.log(&r)
            let path = box.root + "/log-\(round).log"
            try box.write(path, Data(bytes))
            let context = "round \(round), log \(path):\n" + String(decoding: bytes, as: UTF8.self)

            let export = try box.run("plog", ["export", "--jsonl", "-f", path])
            try #require(export.status == 0, "\(export.stderr)")
            let blocks = try Self.jsonLines(export.stdout)

            // The report as a whole: block count, verdicts, models, projects.
            let statsRun = try box.run("plog", ["stats", "--json", "-f", path])
            try #require(statsRun.status == 0, "\(statsRun.stderr)")
            let stats = try #require(JSONSerialization.jsonObject(with: statsRun.stdoutData) as? [String: Any])
            #expect(Self.int(stats["blocks"]) == blocks.count, "\(context)")
            let outcomes = stats["outcomes"] as? [String: Any] ?? [:]
            for verdict in ["hit", "partial", "miss", "unclassified", "none"] {
                let exported = blocks.filter { Self.string($0["verdict"]) == verdict }.count
                #expect(Self.int(outcomes[verdict]) == exported, "\(verdict): \(context)")
            }
            for (key, field) in [("by_model", "model"), ("by_project", "project")] {
                var fromStats: [String: Int] = [:]
                for g in stats[key] as? [[String: Any]] ?? [] { fromStats[Self.string(g["key"]) ?? "?"] = Self.int(g["blocks"]) }
                var fromExport: [String: Int] = [:]
                for b in blocks { fromExport[Self.string(b[field]) ?? "-", default: 0] += 1 }
                #expect(fromStats == fromExport, "\(key): \(context)")
            }

            // Block by block, as stats read them.
            let each = try box.run("plog", ["stats", "--each-block", "-f", path])
            try #require(each.status == 0, "\(each.stderr)")
            let read = try Self.jsonLines(each.stdout)
            try #require(read.count == blocks.count, "\(context)")
            for (i, (e, s)) in zip(blocks, read).enumerated() {
                let at = "round \(round), block \(i) at offset \(Self.int(e["offset"]) ?? -1): \(Self.string(e["text"]).map { String(reflecting: $0) } ?? "")"
                #expect(Self.int(s["offset"]) == Self.int(e["offset"]), "\(at)")
                #expect(Self.int(s["line"]) == Self.int(e["line"]), "\(at)")
                #expect(Self.string(s["model"]) == Self.string(e["model"]), "\(at)")
                #expect(Self.string(s["project"]) == Self.string(e["project"]), "\(at)")
                #expect(Self.string(s["verdict"]) == Self.string(e["verdict"]), "\(at)")
                #expect(Self.int(s["turns"]) == Self.int(e["turns"]), "\(at)")
                // By scalar: a task line may end in `\r`, and `\r\n` is one Character.
                let task = Self.string(e["task"]).map { String(String.UnicodeScalarView($0.unicodeScalars.map { $0 == "\n" ? " " : $0 })) }
                #expect(Self.string(s["task"]) == task, "\(at)")
            }

            // Recall on the task field selects what the exported tasks say.
            for pattern in [Self.patterns[round % Self.patterns.count], r.pick(Self.patterns)] {
                let hist = try box.run("plog", ["hist", "--all", "--field", "task", "--format", "json", "-f", path, pattern])
                try #require(hist.status == 0 || hist.status == 1, "\(hist.stderr)")
                var selected: Set<Int> = []
                if hist.status == 0 {
                    let found = try #require(JSONSerialization.jsonObject(with: hist.stdoutData) as? [[String: Any]])
                    selected = Set(found.compactMap { Self.int($0["offset"]) })
                }
                let matcher = try PCRE2Matcher(pattern, options: .init(caseless: true))
                var expected: Set<Int> = []
                for b in blocks {
                    if let task = Self.string(b["task"]), try matcher.matches(task) { expected.insert(Self.int(b["offset"])!) }
                }
                #expect(selected == expected, "pattern \(pattern): \(context)")
            }
        }
    }
}
