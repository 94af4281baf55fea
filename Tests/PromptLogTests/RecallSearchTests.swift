import Foundation
import Testing
@testable import PromptLog

/// A block in plog's format, for building test logs.
func recallBlock(_ ts: String, _ model: String? = nil, _ project: String? = nil, task: String? = nil,
                 prompt: String? = nil, outcome: String? = nil, extra: String = "") -> String {
    var s = "## " + ts
    if let model { s += "  " + model }
    if let project { s += (model == nil ? "  -" : "") + "  " + project }
    s += "\n"
    if let task { s += "TASK: " + task + "\n" }
    if let prompt { s += "\nPROMPT:\n" + prompt.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n") + "\n" }
    if let outcome { s += "\nOUTCOME:\n- " + outcome + "\n" }
    return s + extra + "\n"
}

/// Offsets of the blocks `query` selects in `log`, in visiting order.
func recallOffsets(_ log: String, _ query: RecallQuery, newestFirst: Bool = true) throws -> [Int] {
    try recallOffsets(Array(log.utf8), query, newestFirst: newestFirst)
}

func recallOffsets(_ bytes: [UInt8], _ query: RecallQuery, newestFirst: Bool = true) throws -> [Int] {
    let searcher = try RecallSearcher(query: query)
    var out: [Int] = []
    _ = try bytes.withUnsafeBufferPointer { buf in
        try searcher.search(buf, newestFirst: newestFirst) { out.append($0.offset); return true }
    }
    return out
}

/// Runs a whole recall on `log` written to a temporary file.
func recallRun(_ log: String, _ request: RecallRequest) throws -> RecallOutcome {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plog-recall-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("prompts.log").path
    try Data(log.utf8).write(to: URL(fileURLWithPath: path))
    return try Recall.run(request, logPath: path)
}

@Suite struct RecallSearchTests {
    let log = "notes before the first block\n\n"
        + recallBlock("2024-01-05T09:00+09:00", "gpt-4o", "ios/captio", task: "Write a property wrapper",
                      prompt: "Throttle writes to disk.", outcome: "Didn't work, it invented an API.")
        + recallBlock("2024-03-10T10:00+09:00", "claude-sonnet-4-5", "web/app", task: "Property list parsing",
                      prompt: "Parse the plist.\n\nKeep it short.")
        + recallBlock("2025-02-01T08:30Z", "claude-opus-4-1", "ios/captio", task: "Another property wrapper",
                      prompt: "A wrapper that debounces.", outcome: "Worked first try.")
        + recallBlock("2025-08-14T16:32+09:00", "claude-sonnet-4-5", "cli/plog", task: "Explain an error",
                      prompt: "Quoted log text:\n## 2024-01-01T00:00Z  fake  header\nOUTCOME:\n- not real\nproperty wrapper in a quote",
                      outcome: "Took 3 turns.")

    var offsets: [Int] {
        var o: [Int] = []
        Array(log.utf8).withUnsafeBufferPointer { buf in _ = LogScanner.scan(buf) { o.append($0.offset) } }
        return o
    }

    @Test func allPatternsMustMatchInTheSameBlock() throws {
        let o = offsets
        #expect(try recallOffsets(log, RecallQuery(patterns: ["property", "wrapper"])) == [o[3], o[2], o[0]])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["plist", "wrapper"])) == [])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["property wrapper"])) == [o[3], o[2], o[0]])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["plist"])) == [o[1]])
    }

    @Test func orderBothWays() throws {
        let o = offsets
        #expect(try recallOffsets(log, RecallQuery(patterns: ["property"]), newestFirst: false) == [o[0], o[1], o[2], o[3]])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["property"]), newestFirst: true) == [o[3], o[2], o[1], o[0]])
    }

    @Test func fieldRestriction() throws {
        let o = offsets
        #expect(try recallOffsets(log, RecallQuery(patterns: ["wrapper"], fields: [.task])) == [o[2], o[0]])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["wrapper"], fields: [.prompt])) == [o[3], o[2]])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["first try"], fields: [.outcome])) == [o[2]])
        #expect(try recallOffsets(log, RecallQuery(patterns: ["first try"], fields: [.task, .prompt])) == [])
        // The prompt is matched without its quoting, so ^ anchors at the user's own line starts.
        #expect(try recallOffsets(log, RecallQuery(patterns: ["^parse the plist"], fields: [.prompt])) == [o[1]])
    }

    @Test func quotedFakeHeadersNeverStartABlock() throws {
        let o = offsets
        #expect(o.count == 4)
        // The quoted header text belongs to the block it is quoted in.
        #expect(try recallOffsets(log, RecallQuery(patterns: ["fake  header"])) == [o[3]])
    }

    @Test func filters() throws {
        let o = offsets
        func q(_ f: RecallFilter) -> RecallQuery { RecallQuery(patterns: ["property|wrapper|error"], filter: f) }
        #expect(try recallOffsets(log, q(RecallFilter(model: "claude"))) == [o[3], o[2], o[1]])
        #expect(try recallOffsets(log, q(RecallFilter(model: "^claude-sonnet-4-5$"))) == [o[3], o[1]])
        #expect(try recallOffsets(log, q(RecallFilter(project: "captio"))) == [o[2], o[0]])
        let now = Int64(1_767_225_600)  // 2026-01-01
        #expect(try recallOffsets(log, q(RecallFilter(since: try DateBound.parse("2025", now: now)))) == [o[3], o[2]])
        #expect(try recallOffsets(log, q(RecallFilter(until: try DateBound.parse("2024-03", now: now)))) == [o[1], o[0]])
        #expect(try recallOffsets(log, q(RecallFilter(since: try DateBound.parse("2024-03-10", now: now),
                                                       until: try DateBound.parse("2025-02-01", now: now)))) == [o[2], o[1]])
        #expect(try recallOffsets(log, q(RecallFilter(verdicts: [.miss]))) == [o[0]])
        #expect(try recallOffsets(log, q(RecallFilter(verdicts: [.none]))) == [o[1]])
        #expect(try recallOffsets(log, q(RecallFilter(verdicts: [.hit, .partial]))) == [o[3], o[2]])
        #expect(try recallOffsets(log, q(RecallFilter(model: "gemini"))) == [])
    }

    @Test(arguments: [
        ("2025", "2025-01-01T00:00Z", true, "2025-12-31T23:59+14:00", true),
        ("2025-08", "2025-07-31T23:59Z", false, "2025-08-31T23:59:59Z", true),
        ("2025-08-14", "2025-08-14T00:00+09:00", true, "2025-08-15T00:00Z", false),
        ("2025-08-14T16:32", "2025-08-14T16:32Z", true, "2025-08-14T16:32:59Z", true),
    ])
    func calendarBounds(text: String, lowTs: String, lowOK: Bool, highTs: String, highOK: Bool) throws {
        let bound = try DateBound.parse(text, now: 0)
        #expect(bound.admitsAsLower(try #require(Timestamp.parse(lowTs))) == lowOK)
        #expect(bound.admitsAsUpper(try #require(Timestamp.parse(highTs))) == highOK)
    }

    @Test func relativeAndInstantBounds() throws {
        let now = Int64(1_755_156_720)  // 2025-08-14T07:32Z
        let month = try DateBound.parse("30d", now: now)
        #expect(month.admitsAsLower(try #require(Timestamp.parse("2025-08-01T00:00Z"))))
        #expect(!month.admitsAsLower(try #require(Timestamp.parse("2025-07-01T00:00Z"))))
        let instant = try DateBound.parse("2025-08-14T16:32+09:00", now: now)
        #expect(instant.admitsAsLower(try #require(Timestamp.parse("2025-08-14T07:32Z"))))
        #expect(!instant.admitsAsLower(try #require(Timestamp.parse("2025-08-14T16:31+09:00"))))
        let today = Timestamp(year: 2025, month: 3, day: 1, hour: 12, minute: 0, offsetMinutes: 0)
        let yesterday = try DateBound.parse("yesterday", now: now, localToday: today)
        #expect(yesterday.admitsAsLower(try #require(Timestamp.parse("2025-02-28T00:00+05:00"))))
        #expect(!yesterday.admitsAsUpper(try #require(Timestamp.parse("2025-03-01T00:00Z"))))
        for bad in ["last week", "2025-13", "25-08", "30x", ""] {
            #expect(throws: PlogError.self) { _ = try DateBound.parse(bad, now: now) }
        }
    }

    @Test func budgetsTakeWholeBlocksAndCutOnlyAFirstOversizedOne() throws {
        let o = offsets
        // Lines of each block as printed, oldest first: 8, 7, 8, 12.
        let byLines = try recallRun(log, RecallRequest(query: RecallQuery(patterns: ["property"]), budget: RecallBudget(lines: 22)))
        #expect(byLines.blocks.map(\.span.offset) == [o[3], o[2]])
        #expect(byLines.blocks.map(\.lines) == [12, 8])
        #expect(byLines.lines == 20)
        #expect(!byLines.info.complete || byLines.info.matched == 4)
        let byBlocks = try recallRun(log, RecallRequest(query: RecallQuery(patterns: ["property"]), budget: RecallBudget(blocks: 3)))
        #expect(byBlocks.blocks.map(\.span.offset) == [o[3], o[2], o[1]])
        let byTokens = try recallRun(log, RecallRequest(query: RecallQuery(patterns: ["property"]), budget: RecallBudget(tokens: 100)))
        // 223 and 148 bytes: 56 + 37 tokens fit in 100; the next block (129 bytes, 33 tokens) does not.
        #expect(byTokens.blocks.map(\.text.count) == [223, 148])
        #expect(byTokens.tokens == 93)
        let cut = try recallRun(log, RecallRequest(query: RecallQuery(patterns: ["fake"]), budget: RecallBudget(lines: 5)))
        #expect(cut.blocks.count == 1)
        #expect(cut.blocks[0].isCut)
        #expect(cut.blocks[0].lines == 5)
        let text = String(decoding: cut.blocks[0].text, as: UTF8.self)
        #expect(text.hasPrefix("## 2025-08-14T16:32+09:00  claude-sonnet-4-5  cli/plog\nTASK: Explain an error\n"))
        #expect(text.hasSuffix("[plog: block cut to fit the 5-line budget; 8 more lines not shown]\n"))
        #expect(cut.blocks[0].omittedLines == 8)
    }

    @Test func crlfIsNormalisedAndCounted() throws {
        let crlf = log.replacingOccurrences(of: "\n", with: "\r\n")
        let r = try recallRun(crlf, RecallRequest(query: RecallQuery(patterns: ["debounces"]), budget: .unlimited))
        #expect(r.blocks.count == 1)
        #expect(!r.blocks[0].text.contains(13))
        #expect(String(decoding: r.blocks[0].text, as: UTF8.self)
            == "## 2025-02-01T08:30Z  claude-opus-4-1  ios/captio\nTASK: Another property wrapper\n\nPROMPT:\n> A wrapper that debounces.\n\nOUTCOME:\n- Worked first try.\n")
    }

    @Test func emptyLogPreambleOnlyAndEmptyMatches() throws {
        #expect(try recallOffsets("", RecallQuery(patterns: ["x"])) == [])
        #expect(try recallOffsets("just notes\n## not a header\n", RecallQuery(patterns: ["notes|header|"])) == [])
        // A pattern that matches the empty string matches every block, once each.
        let o = offsets
        #expect(try recallOffsets(log, RecallQuery(patterns: ["x*"])) == o.reversed())
        #expect(try recallOffsets(log, RecallQuery(patterns: ["^"]), newestFirst: false) == o)
    }

    @Test func windowsAndCoresGiveTheSameBlocksAsOneScan() throws {
        // About 3 MB: several growing windows and a split over the cores.
        var text = ""
        var rng = SeededRandom(seed: 3)
        var expected: [Int] = []
        var offset = 0
        for i in 0..<12_000 {
            let hit = Int.random(in: 0..<97, using: &rng) == 0
            let b = recallBlock("2024-01-01T00:00Z", "m\(i % 5)", "p", task: "task \(i)",
                                prompt: String(repeating: "filler words here ", count: Int.random(in: 1...20, using: &rng))
                                    + (hit ? "\nthe needle is here" : ""))
            if hit { expected.append(offset) }
            offset += b.utf8.count
            text += b
        }
        let q = RecallQuery(patterns: ["needle"])
        #expect(try recallOffsets(text, q, newestFirst: false) == expected)
        #expect(try recallOffsets(text, q, newestFirst: true) == expected.reversed())
        let searcher = try RecallSearcher(query: q)
        let all = try Array(text.utf8).withUnsafeBufferPointer { try searcher.collect($0, from: 0, to: $0.count) }
        #expect(all.map(\.offset) == expected)
    }

    @Test func bundleFormats() throws {
        let q = RecallQuery(patterns: ["debounces"])
        let text = try recallRun(log, RecallRequest(query: q, format: .text))
        #expect(String(decoding: text.bundle, as: UTF8.self) == """
            Prompt history for "debounces": 1 of 1 matching blocks from my prompt log, newest first. \
            Failed attempts are included on purpose: learn from what did not work.

            ## 2025-02-01T08:30Z  claude-opus-4-1  ios/captio
            TASK: Another property wrapper

            PROMPT:
            > A wrapper that debounces.

            OUTCOME:
            - Worked first try.

            """)
        let json = try recallRun(log, RecallRequest(query: RecallQuery(patterns: ["property"]), format: .json))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.bundle)) as? [[String: Any]])
        #expect(array.count == 4)
        #expect(array[1]["timestamp"] as? String == "2025-02-01T08:30Z")
        #expect(array[1]["verdict"] as? String == "hit")
        #expect(array[1]["turns"] as? Int == 1)
        #expect(array[1]["offset"] as? Int == offsets[2])
        #expect(array[1]["line"] as? Int == 1 + log.utf8.prefix(offsets[2]).filter { $0 == 10 }.count)
        #expect(array[1]["prompt"] as? String == "A wrapper that debounces.")
        #expect(array[0]["outcome"] as? String == "Took 3 turns.")
        #expect(array[0]["verdict"] as? String == "partial")
        #expect(array[2]["model"] as? String == "claude-sonnet-4-5")
        #expect(array[2]["outcome"] is NSNull)
        #expect(array[2]["verdict"] as? String == "none")
        let xml = try recallRun(log + recallBlock("2025-09-01T10:00Z", "gpt-5", "a&b", task: "x < y && ]]> z",
                                                  prompt: "if a<b && c>d"),
                                RecallRequest(query: RecallQuery(patterns: ["a<b"]), format: .xml))
        let xmlText = String(decoding: xml.bundle, as: UTF8.self)
        #expect(xmlText.contains("<block timestamp=\"2025-09-01T10:00Z\" model=\"gpt-5\" project=\"a&amp;b\" outcome=\"none\">"))
        #expect(xmlText.contains("TASK: x &lt; y &amp;&amp; ]]&gt; z\n"))
        #expect(xmlText.contains("> if a&lt;b &amp;&amp; c>d\n"))
        let md = try recallRun(log + recallBlock("2025-09-02T10:00Z", task: "fences", prompt: "```swift\nlet x = 1\n```"),
                               RecallRequest(query: RecallQuery(patterns: ["fences"]), format: .markdown))
        let mdText = String(decoding: md.bundle, as: UTF8.self)
        #expect(mdText.contains("\n### 2025-09-02T10:00Z · none\n\n````text\n## 2025-09-02T10:00Z\n"))
        #expect(mdText.hasSuffix("> ```\n````\n"))
    }

    @Test func preambleTemplateIsFilledIn() {
        let info = BundleInfo(patterns: ["property", "wrapper"], matched: 12, complete: false, newestFirst: false)
        #expect(RecallBundle.preamble("{shown}/{matched} for {query}, {order}\n", info: info, shown: 3)
            == "3/12+ for \"property\" + \"wrapper\", oldest first")
    }
}
