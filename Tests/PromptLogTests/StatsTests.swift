import Foundation
import Testing
@testable import PromptLog

/// A hand-made log whose numbers are worked out by hand in `StatsTests`.
enum StatsFixture {
    static let longPrompt = Array(repeating: "word", count: 85).joined(separator: " ")

    static let log = """
        Prompt log: a preamble line, not a block.

        ## 2025-01-05T10:00+09:00  claude  ios/app
        TASK: Write unit tests for the parser
        PROMPT:
        > Write tests for `parse()` in Parser.swift. Keep each under 20 lines.
        OUTCOME:
        - Worked first try.

        ## 2025-01-20T10:00+09:00  claude  ios/app
        TASK: Fix the crash in the share extension
        PROMPT:
        > Can you fix the crash? It happens when you share a 4 KB string.
        OUTCOME:
        - Worked after 3 turns.

        ## 2025-02-02T09:00Z  gpt-4o  web
        TASK: Write a unit test for the tokenizer
        PROMPT:
        > \(longPrompt)
        OUTCOME:
        - Failed: invented an API

        ## 2025-02-10T09:00Z  gpt-4o  web
        TASK: Explain the error
        PROMPT:
        > Explain this:
        > ```
        > error: x
        > ```

        ## 2025-03-01T12:00-05:00  claude  ios/app
        TASK: Write unit tests for the lexer
        PROMPT:
        > Write unit tests for the lexer in lexer.py
        OUTCOME:
        - Meh

        ## 2025-03-03T12:00-05:00  -  notes
        TASK: Summarise my notes
        OUTCOME:
        - ✅

        ## 2025-03-04T12:00-05:00
        TASK: orphan

        """
}

@Suite struct StatsTests {
    func report(_ text: String = StatsFixture.log, _ request: StatsRequest = StatsRequest()) throws -> StatsReport {
        try Stats.compute(text, request)
    }

    func group(_ groups: [StatsGroup], _ key: String) throws -> StatsGroup {
        try #require(groups.first { $0.key == key }, "no group \(key)")
    }

    // MARK: Wilson

    @Test(arguments: [
        (0, 10, 0.0, 0.277533),
        (10, 10, 0.722467, 1.0),
        (5, 10, 0.236593, 0.763407),
        (1, 1, 0.206549, 1.0),
        (81, 263, 0.255289, 0.366210),
        (3, 7, 0.158220, 0.749542),
        (412, 911, 0.420198, 0.484703),
    ])
    func wilsonKnownValues(successes: Int, trials: Int, low: Double, high: Double) throws {
        let ci = try #require(Wilson.interval(successes, trials))
        #expect(abs(ci.low - low) < 1e-6, "low \(ci.low)")
        #expect(abs(ci.high - high) < 1e-6, "high \(ci.high)")
    }

    @Test func wilsonWithoutTrials() {
        #expect(Wilson.interval(0, 0) == nil)
        #expect(Rate(0, of: 0).value == nil)
        #expect(Rate(0, of: 0).low == nil)
        #expect(Wilson.interval(3, 2) == nil)
    }

    // MARK: Aggregation on the fixture

    @Test func headline() throws {
        let r = try report()
        #expect(r.blocks == 7)
        #expect(r.total.hits == 2)
        #expect(r.total.partials == 1)
        #expect(r.total.misses == 1)
        #expect(r.total.unclassified == 1)
        #expect(r.total.none == 2)
        #expect(r.total.hitRate == Rate(2, of: 4))
        #expect(r.total.hitRateNoneAsMiss == Rate(2, of: 6))
        #expect(r.total.turnsKnown == 3)
        #expect(abs(try #require(r.total.meanTurns) - 5.0 / 3.0) < 1e-9)
        #expect(r.first == "2025-01-05T10:00+09:00")
        #expect(r.last == "2025-03-04T12:00-05:00")
        // 59 days from first to last: the recent window is the last 56 (UTC days from Jan 8),
        // which holds every block but the first.
        #expect(r.recentDays == 56)
        #expect(r.recentBlocks == 6)
        #expect(abs(try #require(r.perWeek) - 0.75) < 1e-9)
    }

    @Test func byModelAndProject() throws {
        let r = try report()
        #expect(r.byModel.count == 3)
        let claude = try group(r.byModel, "claude")
        #expect(claude.counts.blocks == 3 && claude.counts.hits == 1 && claude.counts.partials == 1
            && claude.counts.unclassified == 1 && claude.counts.verdicts == 2)
        let gpt = try group(r.byModel, "gpt-4o")
        #expect(gpt.counts.blocks == 2 && gpt.counts.misses == 1 && gpt.counts.none == 1)
        let noModel = try group(r.byModel, "-")
        #expect(noModel.counts.blocks == 2 && noModel.counts.hits == 1)
        // With the default minimum n of 5, nothing is ranked.
        #expect(r.byModel.allSatisfy { $0.tooSmall && $0.rank == nil })
        #expect(r.byModel.map(\.key) == ["claude", "-", "gpt-4o"])  // by blocks, then key

        let projects = r.byProject.map { "\($0.key)=\($0.counts.blocks)" }
        #expect(projects == ["ios/app=3", "web=2", "-=1", "notes=1"])
    }

    @Test func rankingRespectsMinimumN() throws {
        let r = try report(StatsFixture.log, StatsRequest(minN: 1))
        #expect(r.byModel.map(\.key) == ["-", "claude", "gpt-4o"])  // 100%, 50%, 0%
        #expect(r.byModel.map(\.rank) == [1, 2, 3])
        let r2 = try report(StatsFixture.log, StatsRequest(minN: 2))
        #expect(r2.byModel.map(\.key) == ["claude", "-", "gpt-4o"])
        #expect(r2.byModel.map(\.rank) == [1, nil, nil])
        #expect(r2.byModel.map(\.tooSmall) == [false, true, true])
    }

    @Test func byMonth() throws {
        let r = try report()
        #expect(r.byMonth.map(\.key) == ["2025-01", "2025-02", "2025-03"])
        #expect(r.byMonth.map(\.counts.blocks) == [2, 2, 3])
        #expect(r.byMonth[0].counts.hits == 1 && r.byMonth[0].counts.partials == 1)
        #expect(r.byMonth[2].counts == OutcomeCounts(hits: 1, unclassified: 1, none: 1, turnsSum: 1, turnsKnown: 1))
    }

    @Test func byShape() throws {
        let r = try report()
        func counts(_ key: String) throws -> OutcomeCounts { try group(r.byShape, key).counts }
        #expect(r.byShape.map(\.key) == ["words:<80", "words:80-199", "words:200+", "names_file:yes", "names_file:no",
                                         "number_with_unit:yes", "number_with_unit:no", "second_person:yes",
                                         "second_person:no", "code_block:yes", "code_block:no"])
        // Blocks 1, 2, 4, 5 are short; block 3 has 85 words; blocks 6 and 7 have no prompt.
        #expect(try counts("words:<80").blocks == 4)
        #expect(try counts("words:<80").hits == 1)
        #expect(try counts("words:<80").verdicts == 2)
        #expect(try counts("words:80-199") == OutcomeCounts(misses: 1))
        #expect(try counts("words:200+").blocks == 0)
        #expect(try counts("names_file:yes").blocks == 2)  // Parser.swift / parse(), lexer.py
        #expect(try counts("names_file:yes").hits == 1)
        #expect(try counts("number_with_unit:yes").blocks == 2)  // 20 lines, 4 KB
        #expect(try counts("number_with_unit:yes").partials == 1)
        #expect(try counts("second_person:yes") == OutcomeCounts(partials: 1, turnsSum: 3, turnsKnown: 1))
        #expect(try counts("code_block:yes") == OutcomeCounts(none: 1))
        #expect(try counts("code_block:no").blocks == 4)
    }

    @Test func repeatedTaskShapes() throws {
        let r = try report()
        #expect(r.repeats.count == 1)
        let t = try #require(r.repeats.first)
        #expect(t.count == 3)
        #expect(t.variants == 3)
        #expect(t.key == "write: parser test unit")
        #expect(t.first == "2025-01-05T10:00+09:00")
        #expect(t.last == "2025-03-01T12:00-05:00")
        #expect(t.monthsSpanned == 3)
        #expect(t.counts.hits == 1 && t.counts.misses == 1 && t.counts.unclassified == 1)
        #expect(r.repeatsComplete)
    }

    @Test func repeatsNeedTwoMonths() throws {
        let log = (1...4).map { "## 2025-05-0\($0)T10:00Z  m  p\nTASK: Write unit tests for the parser\n" }.joined(separator: "\n")
        #expect(try report(log).repeats.isEmpty)
        let spread = log + "\n## 2025-06-01T10:00Z  m  p\nTASK: write unit test for parser\n"
        let r = try report(spread)
        #expect(r.repeats.map(\.count) == [5])
        #expect(r.repeats.first?.variants == 2)
        #expect(r.repeats.first?.task == "Write unit tests for the parser")
    }

    @Test func filters() throws {
        func blocks(_ filter: RecallFilter) throws -> Int { try report(StatsFixture.log, StatsRequest(filter: filter)).blocks }
        let now = Int64(1_800_000_000)
        #expect(try blocks(RecallFilter(model: "claude")) == 3)
        #expect(try blocks(RecallFilter(model: "^GPT")) == 2)  // caseless
        #expect(try blocks(RecallFilter(project: "^ios/")) == 3)
        #expect(try blocks(RecallFilter(since: DateBound.parse("2025-02", now: now))) == 5)
        #expect(try blocks(RecallFilter(until: DateBound.parse("2025-02", now: now))) == 4)
        #expect(try blocks(RecallFilter(since: DateBound.parse("2025-03-03", now: now),
                                        until: DateBound.parse("2025-03-03", now: now))) == 1)
        #expect(try blocks(RecallFilter(verdicts: [.hit, .partial])) == 3)
        #expect(try blocks(RecallFilter(verdicts: [.none])) == 2)
        let r = try report(StatsFixture.log, StatsRequest(filter: RecallFilter(model: "claude")))
        #expect(r.byModel.map(\.key) == ["claude"])
        #expect(r.total.hitRate == Rate(1, of: 2))
    }

    @Test func invalidModelPatternIsAnError() {
        #expect(throws: PlogError.self) { try report(StatsFixture.log, StatsRequest(filter: RecallFilter(model: "(unclosed"))) }
    }

    @Test func unclassifiedAreListedWithLines() throws {
        let r = try report(StatsFixture.log, StatsRequest(listUnclassified: true))
        #expect(r.unclassified.count == 1)
        let u = try #require(r.unclassified.first)
        #expect(u.text == "Meh")
        #expect(u.model == "claude" && u.project == "ios/app")
        #expect(u.timestamp == "2025-03-01T12:00-05:00")
        let lines = StatsFixture.log.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[u.line - 1] == "## 2025-03-01T12:00-05:00  claude  ios/app")
        #expect(try report().unclassified.isEmpty)  // only when asked
    }

    // MARK: Empty and outcome-free logs

    @Test func emptyLog() throws {
        for text in ["", "just a preamble\n", "\n\n"] {
            let r = try report(text)
            #expect(r.blocks == 0)
            #expect(r.total.hitRate.value == nil)
            #expect(r.total.meanTurns == nil)
            #expect(r.perWeek == nil)
            #expect(r.first == nil && r.last == nil)
            #expect(r.byModel.isEmpty && r.byMonth.isEmpty && r.repeats.isEmpty)
            #expect(StatsText.render(r) == "No blocks yet: add one with `plog add`.\n")
            #expect(StatsText.render(r, StatsTextOptions(filtered: true)) == "No block matches the filters.\n")
            let json = try parse(StatsJSON.render(r))
            #expect(json["blocks"] as? Int == 0)
            #expect(json["hit_rate"] is NSNull)
            #expect(json["mean_turns"] is NSNull)
        }
    }

    @Test func logWithoutOutcomes() throws {
        let log = "## 2025-01-01T10:00Z  m  p\nTASK: a\n\n## 2025-01-02T10:00Z  m  p\nTASK: b\nPROMPT:\n> hi\n"
        let r = try report(log)
        #expect(r.blocks == 2)
        #expect(r.total.none == 2)
        #expect(r.total.verdicts == 0)
        #expect(r.total.hitRate.value == nil)
        #expect(r.total.hitRateNoneAsMiss == Rate(0, of: 2))
        let text = StatsText.render(r)
        #expect(text.contains("no verdicts yet"))
        #expect(!text.contains("nan") && !text.contains("inf"))
        let json = try parse(StatsJSON.render(r))
        #expect(json["hit_rate"] is NSNull)
        #expect(json["hit_rate_none_as_miss"] as? Double == 0)
    }

    // MARK: JSON

    func parse(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonSchema() throws {
        let r = try report(StatsFixture.log, StatsRequest(minN: 2))
        let json = try parse(StatsJSON.render(r, filters: .init(model: "claude|gpt", outcome: ["hit"])))
        let keys: Set<String> = ["blocks", "first", "last", "per_week", "recent_days", "outcomes", "hit_rate", "ci_low",
                                 "ci_high", "hit_rate_none_as_miss", "none_as_miss_ci_low", "none_as_miss_ci_high",
                                 "mean_turns", "turns_known", "min_n", "filters", "by_model", "by_project", "by_month",
                                 "by_shape", "repeats", "repeats_complete"]
        #expect(Set(json.keys) == keys)
        #expect(json["blocks"] as? Int == 7)
        #expect(json["hit_rate"] as? Double == 0.5)
        #expect(json["min_n"] as? Int == 2)
        let outcomes = try #require(json["outcomes"] as? [String: Int])
        #expect(outcomes == ["hit": 2, "partial": 1, "miss": 1, "unclassified": 1, "none": 2])
        let filters = try #require(json["filters"] as? [String: Any])
        #expect(filters["model"] as? String == "claude|gpt")
        #expect(filters["since"] is NSNull)
        #expect(filters["outcome"] as? [String] == ["hit"])

        let groupKeys: Set<String> = ["key", "blocks", "hits", "partials", "misses", "unclassified", "none", "n",
                                      "hit_rate", "ci_low", "ci_high", "hit_rate_none_as_miss", "mean_turns",
                                      "too_small", "rank"]
        for name in ["by_model", "by_project", "by_month"] {
            let groups = try #require(json[name] as? [[String: Any]], "\(name)")
            #expect(!groups.isEmpty)
            for g in groups { #expect(Set(g.keys) == groupKeys, "\(name)") }
        }
        let shapes = try #require(json["by_shape"] as? [[String: Any]])
        #expect(shapes.count == 11)
        for g in shapes { #expect(Set(g.keys) == groupKeys.union(["label"])) }
        let claude = try #require((json["by_model"] as? [[String: Any]])?.first)
        #expect(claude["key"] as? String == "claude")
        #expect(claude["rank"] as? Int == 1)
        #expect(claude["too_small"] as? Bool == false)
        #expect(abs((claude["ci_low"] as? Double ?? -1) - 0.0945) < 1e-4)  // Wilson 1 of 2
        let repeats = try #require(json["repeats"] as? [[String: Any]])
        #expect(repeats.count == 1)
        #expect(Set(repeats[0].keys) == ["task", "key", "count", "variants", "first", "last", "months_spanned", "blocks",
                                         "hits", "partials", "misses", "unclassified", "none", "n", "hit_rate", "ci_low",
                                         "ci_high", "hit_rate_none_as_miss", "mean_turns"])
        #expect(repeats[0]["count"] as? Int == 3)
    }

    @Test func jsonNumbers() {
        #expect(StatsJSON.number(nil) == "null")
        #expect(StatsJSON.number(.nan) == "null")
        #expect(StatsJSON.number(0.5) == "0.5")
        #expect(StatsJSON.number(2.0 / 3.0) == "0.6667")
        #expect(StatsJSON.number(1) == "1")
        #expect(StatsJSON.number(0) == "0")
    }

    // MARK: Text

    @Test func textFitsEightyColumnsAndHasNoColourUnlessAsked() throws {
        let r = try report(StatsFixture.log, StatsRequest(minN: 1))
        for dimension in [nil] + StatsDimension.allCases.map(Optional.some) {
            let text = StatsText.render(r, StatsTextOptions(dimension: dimension))
            for line in text.split(separator: "\n") {
                #expect(line.unicodeScalars.count <= 80, "\(line)")
                #expect(!line.hasSuffix(" "), "trailing space: \(line)")
            }
            #expect(!text.contains("\u{1B}"))
        }
        let coloured = StatsText.render(r, StatsTextOptions(color: true))
        #expect(coloured.contains("\u{1B}["))
    }

    @Test func bars() {
        #expect(StatsText.bar(0, width: 4) == "░░░░")
        #expect(StatsText.bar(1, width: 4) == "████")
        #expect(StatsText.bar(0.5, width: 4) == "██░░")
        #expect(StatsText.bar(0.0625, width: 4) == "▎░░░")
        #expect(StatsText.bar(2, width: 3) == "███")
    }

    @Test func formatting() {
        #expect(TextFormat.thousands(1_234_567) == "1,234,567")
        #expect(TextFormat.thousands(999) == "999")
        #expect(StatsText.fixed(1.666, 1) == "1.7")
        #expect(StatsText.percent(0.4549) == "45%")
        #expect(StatsText.interval(Rate(81, of: 263)) == "26-37%")
        #expect(StatsText.interval(Rate(0, of: 0)) == "-")
    }
}
