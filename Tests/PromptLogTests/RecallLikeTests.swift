import Foundation
import Testing
@testable import PromptLog
import CSupport

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

/// Ranks `log` in memory, with `remembered` blocks remembered (per part) in the counting pass.
func likeInMemory(_ log: String, _ draft: String, remembered: Int, budget: RecallBudget = .unlimited) throws -> LikeOutcome {
    let request = LikeRequest(draft: draft, budget: budget)
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
    _ = bytes.withUnsafeBufferPointer { buf in
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
        // 400 blocks; `common` is in 200 (half), `rare` in 31: with 2 blocks remembered in the
        // counting pass, the ranking needs the second pass.
        var text = ""
        for i in 0..<400 {
            var prompt = "filler words number \(i) about nothing much"
            if i % 2 == 0 { prompt += " common" }
            if i % 13 == 0 { prompt += " rare rare" }
            text += recallBlock(String(format: "2025-03-%02dT09:00Z", i % 28 + 1), "m", "p", task: "t\(i)", prompt: prompt)
        }
        let fast = try likeInMemory(text, "rare common", remembered: 4096)
        let slow = try likeInMemory(text, "rare common", remembered: 2)
        let kept = Array(text.utf8).withUnsafeBufferPointer { buf in
            (LikeCounter.count(buf, terms: [Array("rare".utf8)], remembered: 31, releasePages: false).records,
             LikeCounter.count(buf, terms: [Array("rare".utf8)], remembered: 30, releasePages: false).records)
        }
        #expect(kept.0?.first?.list.count == 31 && kept.1 == nil)  // 31 blocks have `rare`: 30 overflow
        #expect(fast.matches.count == 215)  // the 200 even blocks, and the 15 odd multiples of 13
        #expect(fast.matches.map(\.span) == slow.matches.map(\.span))
        #expect(fast.matches.map(\.score) == slow.matches.map(\.score))
        #expect(fast.terms == slow.terms)
        // With a budget, only the best blocks it could take are kept while ranking: the same first 3.
        for remembered in [2, 4096] {
            let three = try likeInMemory(text, "rare common", remembered: remembered, budget: RecallBudget(blocks: 3))
            #expect(three.matches.map(\.span) == Array(fast.matches.prefix(3)).map(\.span))
            #expect(three.info.matched == 215)
        }
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

@Suite struct LikeCounterTests {
    /// The block ends of every reader (`LogScanner.nextHeader`, which finds line starts with
    /// `plog_header_line_candidate`) are the next line start that is a header, from every
    /// offset, with lines that start with `#`, `##`, `## ` but no timestamp, a `#` as the last
    /// byte, and a header at the very start and at the very end.
    @Test func blockEndsAreTheNextHeaderLines() {
        let text = "## 2025-01-01T09:00Z  m  p\nTASK: #1 ## not\n#\n##\n## \n## heading\n### 2025-01-02T09:00Z  m  p\n"
            + "\n## 2025-01-02T09:00Z  m  p\nPROMPT:\n> ## 2025-01-03T09:00Z\n\n## 2025-01-03T09:00Z  m  p\n"
            + "## 2025-01-04T09:00Z  m  p\n#"
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buf in
            for from in 0...buf.count {
                let expected = (from..<buf.count).first { ($0 == 0 || buf[$0 - 1] == 10) && LogScanner.isHeader(buf, at: $0) }
                #expect(LogScanner.nextHeader(buf, from: from) == expected ?? buf.count, "from \(from)")
            }
        }
    }

    /// The counting pass (64 bytes at a time while they are ASCII) against the word rules one
    /// word at a time, on text that mixes ASCII, other scripts, CJK and long words across the
    /// 64-byte steps.
    @Test func countsAgreeWithTheWordRules() {
        let pieces = ["property", "wrappers", "Wrapper", "snake_case", "café", "属性包装器", "x", "ss", "class",
                      "a_very_long_identifier_that_runs_past_sixty_four_bytes_of_text_for_sure_yes",
                      "Привет", "。", ", ", "  ", "\n", "—", "bugs", "deadlock", "12345", "🙂"]
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let all = ["property", "wrapper", "snake_case", "café", "属性", "包装", "class", "bug", "deadlock", "12345",
                   "привет", "Привет", "a_very_long_identifier_that_runs_past_sixty_four_bytes_of_text_for_sure_yes"]
            .map { Array(Array($0.utf8).prefix(64)) }  // a word longer than 64 bytes is never a term
        // Also with no term that starts with an ASCII byte (ASCII text is then only counted).
        for terms in (0..<60).map({ $0 < 30 ? all : all.filter { $0[0] >= 0x80 } }) {
            var log = ""
            for b in 0..<5 {
                log += "## 2025-01-0\(b + 1)T09:00Z  m  p\nTASK: "
                for _ in 0..<(40 + next(200)) {
                    let p = pieces[next(pieces.count)]
                    log += p + (next(3) == 0 ? "" : " ")
                }
                log += "\n\n"
            }
            let bytes = Array(log.utf8)
            bytes.withUnsafeBufferPointer { buf in
                let counted = LikeCounter.count(buf, terms: terms, remembered: 100, releasePages: false)
                let (expected, lengths) = referenceCounts(buf, terms: terms)
                #expect(counted.blocks == expected.count)
                #expect(counted.words == lengths.reduce(0, +))
                // One record per block with a term, in log order, with its length and counts.
                var recorded: [[Int]] = []
                var recordedLengths: [Int] = []
                for part in counted.records ?? [] {
                    part.forEach { record, pairs in
                        var c = Array(repeating: 0, count: terms.count)
                        for pair in pairs { c[Int(pair & 63)] = Int(pair >> 6) }
                        recorded.append(c)
                        recordedLengths.append(record.length)
                    }
                }
                let withTerm = expected.indices.filter { expected[$0].contains { $0 > 0 } }
                #expect(counted.records != nil)
                #expect(recorded == withTerm.map { expected[$0] })
                #expect(recordedLengths == withTerm.map { lengths[$0] })
                for t in terms.indices {
                    #expect(counted.df[t] == expected.filter { $0[t] > 0 }.count, "term \(t)")
                }
            }
        }
    }
}

extension LikeCounterTests {
    /// A log large enough to be read in parts on every core (`RecallSearcher.parallelThreshold`):
    /// the counts, lengths and records in log order are those of one block at a time, and the
    /// ranking from the records (ranked part by part) is the ranking from the second pass.
    @Test func aLogReadInPartsCountsAndRanksAsOneBlockAtATime() throws {
        var seed: UInt64 = 11
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        // The draft's words are rare (in a few blocks in a hundred), the others common.
        let rare = ["property", "wrapper", "quokka", "属性包装", "café", "snapshot", "threads"]
        let common = ["deadlock", "cache", "build", "test", "failing", "the", "and", "with", "a_b", "x", "—"]
        var log = ""
        var day = 0
        while log.utf8.count < RecallSearcher.parallelThreshold + 200_000 {
            day += 1
            log += "## 2025-01-01T09:00Z  m  p\nTASK: t\(day)\n\nPROMPT:\n> "
            for _ in 0..<(20 + next(120)) {
                log += (next(400) == 0 ? rare[next(rare.count)] : common[next(common.count)]) + (next(4) == 0 ? ".\n> " : " ")
            }
            log += "\n\n"
        }
        let terms = ["property", "wrapper", "quokka", "属性", "café", "snapshot", "thread"].map { Array($0.utf8) }
        let bytes = Array(log.utf8)
        bytes.withUnsafeBufferPointer { buf in
            let counted = LikeCounter.count(buf, terms: terms, remembered: LikeRanking.rememberedBlocks, releasePages: false)
            let (expected, lengths) = referenceCounts(buf, terms: terms)
            if Parallel.cores > 1 { #expect((counted.records?.count ?? 0) > 1) }
            #expect(counted.blocks == expected.count)
            #expect(counted.words == lengths.reduce(0, +))
            for t in terms.indices { #expect(counted.df[t] == expected.filter { $0[t] > 0 }.count, "term \(t)") }
            var recorded: [[Int]] = []
            for part in counted.records ?? [] {
                part.forEach { _, pairs in
                    var c = Array(repeating: 0, count: terms.count)
                    for pair in pairs { c[Int(pair & 63)] = Int(pair >> 6) }
                    recorded.append(c)
                }
            }
            #expect(recorded == expected.filter { $0.contains { $0 > 0 } })
        }
        let draft = "The quokka snapshot of my property wrapper, café 属性包装 threads"
        let fromRecords = try likeInMemory(log, draft, remembered: LikeRanking.rememberedBlocks, budget: RecallBudget(blocks: 50))
        let fromSecondPass = try likeInMemory(log, draft, remembered: 1, budget: RecallBudget(blocks: 50))
        #expect(!fromRecords.matches.isEmpty)
        #expect(fromRecords.matches.map(\.span.offset) == fromSecondPass.matches.map(\.span.offset))
        #expect(fromRecords.matches.map(\.score) == fromSecondPass.matches.map(\.score))
        #expect(fromRecords.matches.map(\.termCounts) == fromSecondPass.matches.map(\.termCounts))
        #expect(fromRecords.info.matched == fromSecondPass.info.matched)
    }
}

/// The reference for the counting pass: each block's counts of `terms` and its length in words,
/// in log order, from the word rules one block at a time (`LogScanner` and `LikeTerms`).
func referenceCounts(_ buf: UnsafeBufferPointer<UInt8>, terms: [[UInt8]]) -> (counts: [[Int]], lengths: [Int]) {
    var counts: [[Int]] = []
    var lengths: [Int] = []
    LogScanner.scan(buf) { span in
        var c = Array(repeating: 0, count: terms.count)
        var n = 0
        LikeTerms.forEachWord(UnsafeBufferPointer(rebasing: buf[span.offset..<span.end])) { w, length, _, _, _ in
            n += 1
            if length == w.count, let i = terms.firstIndex(of: w) { c[i] += 1 }
        }
        counts.append(c)
        lengths.append(n)
    }
    return (counts, lengths)
}

/// `plog_like_count` (64 bytes at a time, with a screen of word starts) against the word rules
/// walked one term at a time (`plog_like_next`), with each screen this processor has.
@Suite struct LikeCountDifferentialTests {
    /// Random text of ASCII words (the terms, their plurals, capitals and near misses), 2-, 3-
    /// and 4-byte characters, separators among them, invalid and cut UTF-8, CJK runs; each text
    /// starts with 0 to 70 bytes of single-byte filler, so that every term meets the 64-byte
    /// steps at every offset; up to `PLOG_LIKE_TERMS` terms.
    @Test func countsAndWordsMatchTheWalkOneTermAtATime() {
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let baseTerms = ["property", "wrapper", "deadlock", "snapshot", "test", "thread", "quokka", "café", "naïve",
                         "привет", "属性", "包装", "x_y_z", "utf8", "a_very_long_identifier_that_runs_past_sixty_four_bytes_of"]
            .map { Array($0.utf8) }
        let filler = (0..<60).map { Array("w\($0)q".utf8) }  // more terms, to fill the table
        let pieces: [[UInt8]] = [
            "property", "Properties", "PROPERTY", "wrappers", "wrapperss", "prop", "propertyX", "deadlocks",
            "Snapshot", "test", "tests", "testss", "thread", "threads", "quokka", "café", "Café", "cafés", "naïve",
            "Привет", "привет", "属性包装器", "属", "x_y_z", "utf8", "UTF8", "w3q", "w59q", "w12qs",
            "a_very_long_identifier_that_runs_past_sixty_four_bytes_of_text_for_sure_yes",
            "a_very_long_identifier_that_runs_past_sixty_four_bytes_of",
        ].map { Array($0.utf8) } + [
            [0xE2, 0x80, 0x94],  // — (a separator)
            [0xC2, 0xA0],  // no-break space (a separator)
            [0xF0, 0x9F, 0x98, 0x80],  // an emoji (a separator)
            [0xF0, 0xA0, 0x80, 0x80],  // a CJK character of plane 2
            [0xE3, 0x81, 0x82],  // hiragana あ
            [0xEA, 0xB0, 0x80],  // Hangul 가 (a word character)
            [0xFF], [0x80], [0xC3], [0xE4, 0x41], [0xE4, 0xB8],  // invalid and cut UTF-8
            [0x20], [0x2E], [0x0A], [0x2C, 0x20], [0x5F], [0x30],
        ]
        for round in 0..<400 {
            let terms = Array((baseTerms + filler).prefix(round % 5 == 0 ? Int(PLOG_LIKE_TERMS) : 8 + next(20)))
            var text: [UInt8] = (0..<(round % 71)).map { _ in [0x20, 0x61, 0x2E, 0x5A][next(4)] }
            while text.count < 40 + round * 3 {
                text += pieces[next(pieces.count)]
                if next(3) > 0 { text.append([0x20, 0x20, 0x0A, 0x2D][next(4)]) }
            }
            // Bytes on either side of the block that must not be read as part of it.
            let before = next(3), after = next(3)
            let bytes = (0..<before).map { _ in UInt8(0x61) } + text + (0..<after).map { _ in UInt8(0x61) }
            var table = plog_like_table()
            plog_like_table_init(&table)
            for t in terms { _ = t.withUnsafeBufferPointer { plog_like_table_add(&table, $0.baseAddress, $0.count) } }
            bytes.withUnsafeBufferPointer { buf in
                let from = before, to = buf.count - after
                // The walk: every term of the block, looked up as a whole.
                var expected = Array(repeating: UInt32(0), count: terms.count)
                var words = 0
                LikeTerms.forEachWord(UnsafeBufferPointer(rebasing: buf[from..<to])) { w, length, _, _, _ in
                    words += 1
                    if length == w.count, let i = terms.firstIndex(of: w) { expected[i] += 1 }
                }
                for screen in 0...table.simd_screen {
                    var t = table
                    t.simd_screen = screen
                    var counts = Array(repeating: UInt32(0), count: Int(PLOG_LIKE_TERMS))
                    var found: UInt64 = 0
                    let counted = counts.withUnsafeMutableBufferPointer {
                        plog_like_count(buf.baseAddress, from, to, &t, $0.baseAddress, &found)
                    }
                    #expect(counted == words, "round \(round), screen \(screen)")
                    #expect(Array(counts.prefix(terms.count)) == expected, "round \(round), screen \(screen)")
                    #expect(found == expected.enumerated().reduce(0) { $1.element > 0 ? $0 | 1 << $1.offset : $0 },
                            "round \(round), screen \(screen)")
                }
            }
        }
    }
}

@Suite struct LikeTopTests {
    /// The kept matches are the best `limit` of all offered, in order, with many equal scores
    /// (a later block beats an equal one) and in any order of offering; merging two halves
    /// keeps the same.
    @Test func keepsTheBestOfAllOffered() {
        var seed: UInt64 = 3
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<60 {
            let count = [0, 1, 5, 127, 128, 129, 500, 3000][round % 8]
            let limit: Int? = [nil, 0, 1, 3, 64, 65, 400][round % 7]
            let scores = round % 3 == 0 ? 3 : 1000  // few distinct scores: many ties
            var matches = (0..<count).map {
                LikeMatch(span: BlockSpan(offset: $0 * 10, end: $0 * 10 + 5, headerEnd: $0 * 10 + 1, line: 0),
                          score: Double(next(scores)), relatedness: 0, termCounts: [$0])
            }
            if round % 2 == 1 {
                var g = Xorshift(seed)
                matches.shuffle(using: &g)
            }
            var top = LikeTop(limit: limit)
            var first = LikeTop(limit: limit), second = LikeTop(limit: limit)
            for (i, m) in matches.enumerated() {
                top.offer(m)
                if i < count / 2 { first.offer(m) } else { second.offer(m) }
            }
            first.merge(second)
            let expected = matches.sorted(by: LikeTop.isBetter).prefix(limit ?? count).map(\.span.offset)
            #expect(top.best.map(\.span.offset) == Array(expected), "round \(round)")
            #expect(first.best.map(\.span.offset) == Array(expected), "round \(round), merged")
            #expect(top.offered == count && first.offered == count)
        }
    }

    struct Xorshift: RandomNumberGenerator {
        var state: UInt64
        init(_ seed: UInt64) { state = seed | 1 }
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }
}
