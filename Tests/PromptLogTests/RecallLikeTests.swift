import Foundation
import Testing
@testable import PromptLog

/// Ranks `log` (written to a temporary file) by `draft` with the public entry point.
func likeRun(_ log: String, _ draft: String, query: RecallQuery = RecallQuery(patterns: []),
             budget: RecallBudget = .unlimited) throws -> LikeOutcome {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plog-like-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("prompts.log").path
    try Data(log.utf8).write(to: URL(fileURLWithPath: path))
    return try Recall.like(LikeRequest(draft: draft, query: query, budget: budget), logPath: path)
}

/// Ranks `log` in memory, with `remembered` blocks remembered per term in the counting pass.
func likeInMemory(_ log: String, _ draft: String, remembered: Int) throws -> LikeOutcome {
    let request = LikeRequest(draft: draft, budget: .unlimited)
    return try Array(log.utf8).withUnsafeBufferPointer { buf in
        try Recall.like(request, buf: buf, verifier: nil, filters: FilterCheck(RecallFilter(), caseless: true),
                        releasePages: false, remembered: remembered)
    }
}

/// The ranking rule of `LikeRanking`, written out plainly over parsed blocks: the reference
/// the counting passes are checked against. Returns (block offset, score), best first.
func referenceRanking(_ text: String, _ draft: String) -> (terms: [String], ranked: [(Int, Double)]) {
    let bytes = Array(text.utf8)
    var blocks: [(offset: Int, words: [[UInt8]])] = []
    bytes.withUnsafeBufferPointer { buf in
        LogScanner.scan(buf) { span in
            var words: [[UInt8]] = []
            LikeTerms.forEachWord(UnsafeBufferPointer(rebasing: buf[span.offset..<span.end])) { w, length, _, _, _ in
                words.append(length > w.count ? w + [0] : w)
            }
            blocks.append((span.offset, words))
        }
    }
    let n = blocks.count
    let candidates = LikeTerms.candidates(of: draft).map(\.bytes)
    let df = candidates.map { c in blocks.filter { $0.words.contains(c) }.count }
    let chosen = candidates.indices.filter { df[$0] > 0 && df[$0] <= (n + 1) / 2 }
        .sorted { (df[$0], $0) < (df[$1], $1) }.prefix(LikeRanking.maxTerms)
    let weights = chosen.map { log(1 + (Double(n) - Double(df[$0]) + 0.5) / (Double(df[$0]) + 0.5)) }
    let average = Double(blocks.reduce(0) { $0 + $1.words.count }) / Double(max(n, 1))
    var ranked: [(Int, Double)] = []
    for b in blocks {
        var score = 0.0
        for (k, c) in chosen.enumerated() {
            let tf = Double(b.words.filter { $0 == candidates[c] }.count)
            guard tf > 0 else { continue }
            let norm: Double = 1.2 * (0.25 + 0.75 * Double(b.words.count) / average)
            let part: Double = weights[k] * tf * 2.2 / (tf + norm)
            score += part
        }
        if score > 0 { ranked.append((b.offset, score)) }
    }
    ranked.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 > $1.0 }
    return (chosen.map { String(decoding: candidates[$0], as: UTF8.self) }, ranked)
}

@Suite struct LikeTermTests {
    func words(_ s: String) -> [String] {
        var out: [String] = []
        var s = s
        s.withUTF8 { LikeTerms.forEachWord($0) { w, _, _, _, _ in out.append(String(decoding: w, as: UTF8.self)) } }
        return out
    }

    @Test func wordsAreLowercasedAndLosePluralS() {
        #expect(words("Property Wrappers wrap @propertyWrapper snake_case_name; class bugs is") ==
            ["property", "wrapper", "wrap", "propertywrapper", "snake_case_name", "class", "bug", "is"])
    }

    @Test func otherScriptsAreWordsAndKeepTheirCase() {
        #expect(words("café Привет, мир! 안녕하세요") == ["café", "Привет", "мир", "안녕하세요"])
    }

    @Test func cjkRunsAreBigramsAndALoneCharacterIsAWord() {
        #expect(words("属性包装器。鍵 ok") == ["属性", "性包", "包装", "装器", "鍵", "ok"])
        // Kana too; punctuation (U+3000-303F, fullwidth forms) separates.
        #expect(words("スレッド、安全") == ["スレ", "レッ", "ッド", "安全"])
    }

    @Test func punctuationAndSymbolsSeparate() {
        #expect(words("a—b “quoted” x→y 🙂emoji «x»") == ["a", "b", "quoted", "x", "y", "emoji", "x"])
    }

    @Test func candidatesSkipStopWordsShortWordsAndRepeats() {
        let c = LikeTerms.candidates(of: "Please make the parser handle the parser's nested brackets in utf8_decode")
        // Identifiers first, then longer before shorter, then draft order.
        #expect(c.map(\.text) == ["utf8_decode", "bracket", "parser", "handle", "nested"])
    }

    @Test func invalidUTF8IsAWordByteAndNeverReadPastTheEnd() {
        let bytes: [UInt8] = [0x61, 0x62, 0x63, 0xE4, 0xB8]  // "abc" and a cut CJK character
        var out: [[UInt8]] = []
        bytes.withUnsafeBufferPointer { LikeTerms.forEachWord($0) { w, _, _, _, _ in out.append(w) } }
        #expect(out == [[0x61, 0x62, 0x63, 0xE4, 0xB8]])
    }
}

@Suite struct LikeRankingTests {
    // Blocks about property wrappers, actors, and unrelated things; two identical blocks make a tie.
    let log = "notes\n\n"
        + recallBlock("2025-01-01T09:00Z", "claude", "ios/app", task: "Property wrapper for UserDefaults",
                      prompt: "Write a @propertyWrapper that stores a Codable value in UserDefaults.",
                      outcome: "Worked.")
        + recallBlock("2025-01-02T09:00Z", "gpt-4o", "ios/app", task: "Actor isolation",
                      prompt: "Why does this actor method need await? Sendable warnings everywhere.",
                      outcome: "Didn't work.")
        + recallBlock("2025-01-03T09:00Z", "claude", "web/site", task: "CSS grid layout",
                      prompt: "Make a responsive grid with three columns.")
        + recallBlock("2025-01-04T09:00Z", "claude", "ios/app", task: "Property wrapper projected value",
                      prompt: "Add a projectedValue to my property wrapper so $name gives a binding.",
                      outcome: "Worked after 2 turns.")
        + recallBlock("2025-01-05T09:00Z", "gpt-4o", "cli/tool", task: "Parse flags",
                      prompt: "Parse command line flags with swift-argument-parser.")
        + recallBlock("2025-01-06T09:00Z", "claude", "web/site", task: "CSS grid layout",
                      prompt: "Make a responsive grid with three columns.")
        + recallBlock("2025-01-07T09:00Z", "claude", "ios/app", task: "Sendable closure",
                      prompt: "Capture of non-Sendable type in a @Sendable closure; the actor owns it.")

    @Test func matchesTheReferenceRanking() throws {
        for draft in ["property wrapper with a projectedValue binding", "actor Sendable closure warnings",
                      "responsive CSS grid columns", "UserDefaults Codable wrapper, actor isolation"] {
            let got = try likeRun(log, draft)
            let want = referenceRanking(log, draft)
            #expect(got.terms.map(\.text) == want.terms, "\(draft)")
            #expect(got.matches.map(\.span.offset) == want.ranked.map(\.0), "\(draft)")
            for (m, w) in zip(got.matches, want.ranked) { #expect(abs(m.score - w.1) < 1e-9, "\(draft)") }
        }
    }

    @Test func bestFirstAndOnlyBlocksWithATerm() throws {
        let r = try likeRun(log, "my property wrapper needs a projectedValue")
        let headers = r.blocks.map { String(decoding: $0.text.prefix { $0 != 10 }, as: UTF8.self) }
        #expect(headers.first == "## 2025-01-04T09:00Z  claude  ios/app")
        #expect(headers.count == 2)
        #expect(r.info.orderText == "most related first")
    }

    @Test func equalScoresPutTheNewerBlockFirst() throws {
        let r = try likeRun(log, "responsive grid")
        let headers = r.blocks.map { String(decoding: $0.text.prefix { $0 != 10 }, as: UTF8.self) }
        #expect(headers == ["## 2025-01-06T09:00Z  claude  web/site", "## 2025-01-03T09:00Z  claude  web/site"])
        #expect(r.matches[0].score == r.matches[1].score)
    }

    @Test func aDraftWithoutRareTermsFindsNothingAndSaysWhy() throws {
        // Only stop words and short words: nothing to search for.
        #expect(try likeRun(log, "please make it so that it is what we want").emptyReason == .noTerms)
        // Words the log has, but each in more than half of its 7 blocks.
        #expect(try likeRun(log, "claude").emptyReason == .onlyCommon)
        // Words the log does not have.
        #expect(try likeRun(log, "kubernetes helm chart").emptyReason == .noneInLog)
    }

    @Test func aDraftInAnotherScript() throws {
        let cjk = recallBlock("2025-02-01T09:00Z", "claude", "ios/app", task: "属性包装器",
                              prompt: "属性包装器在多线程下安全吗？")
            + recallBlock("2025-02-02T09:00Z", "claude", "ios/app", task: "网格布局", prompt: "三列的响应式网格布局")
            + recallBlock("2025-02-03T09:00Z", "claude", "ios/app", task: "Something else", prompt: "No CJK here.")
        let r = try likeRun(cjk, "如何让属性包装器线程安全")
        #expect(r.blocks.count == 1)
        #expect(r.terms.map(\.text).contains("属性"))
        #expect(String(decoding: r.blocks[0].text, as: UTF8.self).contains("属性包装器在多线程下安全吗"))
    }

    @Test func anEmptyLogAndAMissingLog() throws {
        #expect(try likeRun("", "property wrapper").emptyReason == .emptyLog)
        #expect(try likeRun("notes only, no block\n", "property wrapper").emptyReason == .emptyLog)
        #expect(throws: PlogError.self) {
            try Recall.like(LikeRequest(draft: "x"), logPath: "/nonexistent/plog-like/prompts.log")
        }
    }

    @Test func patternsAndFiltersFilterAndTheDraftRanks() throws {
        let draft = "property wrapper Sendable actor"
        let all = try likeRun(log, draft)
        #expect(all.blocks.count == 4)
        let patterned = try likeRun(log, draft, query: RecallQuery(patterns: ["await"]))
        #expect(patterned.blocks.count == 1)
        #expect(patterned.blocks[0].text.starts(with: Array("## 2025-01-02".utf8)))
        let filtered = try likeRun(log, draft, query: RecallQuery(patterns: [], filter: RecallFilter(model: "gpt")))
        #expect(filtered.blocks.map { $0.span.offset } == [patterned.blocks[0].span.offset])
        let worked = try likeRun(log, draft, query: RecallQuery(patterns: [], filter: RecallFilter(verdicts: [.hit, .partial])))
        #expect(worked.blocks.count == 2)
        #expect(try likeRun(log, draft, query: RecallQuery(patterns: ["xylophone"])).emptyReason == .filtered)
    }

    @Test func theBudgetTakesBlocksInRankOrder() throws {
        let draft = "property wrapper Sendable actor"
        let all = try likeRun(log, draft)
        let two = try likeRun(log, draft, budget: RecallBudget(blocks: 2))
        #expect(two.blocks.map(\.span) == Array(all.blocks.prefix(2)).map(\.span))
        #expect(two.matches.count == 2)
        #expect(two.info.matched == all.info.matched)
        // A line budget smaller than the best block cuts it, visibly, and stops.
        let cut = try likeRun(log, draft, budget: RecallBudget(lines: 3))
        #expect(cut.blocks.count == 1 && cut.blocks[0].isCut && cut.matches.count == 1)
    }

    @Test func theSecondPassRanksAsTheRememberedBlocksDo() throws {
        // 40 blocks; `common` is in 20 (half), `rare` in 3: with 2 remembered blocks per term
        // both need the second pass.
        var text = ""
        for i in 0..<40 {
            var prompt = "filler words number \(i) about nothing much"
            if i % 2 == 0 { prompt += " common" }
            if i % 13 == 0 { prompt += " rare rare" }
            text += recallBlock(String(format: "2025-03-%02dT09:00Z", i % 28 + 1), "m", "p", task: "t\(i)", prompt: prompt)
        }
        let fast = try likeInMemory(text, "rare common", remembered: 4096)
        let slow = try likeInMemory(text, "rare common", remembered: 2)
        #expect(fast.matches.count == 22)  // the 20 even blocks, and 13 and 39 with `rare`
        #expect(fast.matches.map(\.span) == slow.matches.map(\.span))
        #expect(fast.matches.map(\.score) == slow.matches.map(\.score))
        #expect(fast.terms == slow.terms)
    }

    @Test func theOfferRule() throws {
        let r = try likeRun(log, "property wrapper projectedValue binding")
        #expect(r.offerable?.span == r.matches[0].span)
        #expect(r.matches[0].relatedness >= LikeRanking.offerThreshold)
        // One term of two in a block: not enough to offer unasked.
        let weak = try likeRun(log, "UserDefaults kubernetes helm binding")
        #expect(weak.offerable == nil)
    }
}
