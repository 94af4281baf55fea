import Testing
@testable import PromptLog

/// The classifier, phrase by phrase. Each row is a first OUTCOME bullet as people write it.
@Suite struct OutcomeClassifierTests {
    static let hits: [String] = [
        "Worked first try.",
        "Worked first try. Dropped to 38ms median on iPhone 13.",
        "worked first time",
        "WORKED FIRST TRY!!!",
        "First try!",
        "One-shot.",
        "one shot",
        "Oneshotted it",
        "Nailed it.",
        "Nailed it first time",
        "✅",
        "✅ works",
        "✔️ Done, exactly what I wanted",
        "👍",
        "Worked in one go",
        "In a single prompt",
        "Perfect.",
        "Flawless, no edits needed",
        "Worked out of the box",
        "Worked straight away",
        "Worked.",
        "Works   ",
        "Solved it.",
        "Success",
        "Yes!",
        "Got it right on the first attempt",
        "Spot on",
        "It’s perfect",
        "Worked without tweaks",
        "Worked first try, no follow-ups",
        "Worked first go; tests pass",
        "Tests pass",
        "hit",
        "Hit: 38 ms median",
        "Correct answer on 1st try",
        "Great, as expected",
        "Worked. Dropped from 180 ms to 38 ms.",
        "Did not fail",
        "No issues",
        "It’s what I needed",
        "🎉 first try",
        "Worked in 1 turn",
    ]

    static let partials: [(String, Int?)] = [
        ("Worked after 3 turns.", 3),
        ("Worked after 2 turns.", 2),
        ("Worked after 12 turns.", 12),
        ("worked, but only after 4 turns", 4),
        ("didn't work first try; worked on the second", 2),
        ("Didn’t work first try; worked on the second", 2),
        ("third turn", 3),
        ("Got it on the third try", 3),
        ("2 rounds", 2),
        ("Took two rounds", 2),
        ("Took 3 tries", 3),
        ("Worked after three turns", 3),
        ("Second attempt worked", 2),
        ("worked on the 2nd try", 2),
        ("Worked (3rd turn)", 3),
        ("Solved in 2 turns", 2),
        ("Had to ask twice", 2),
        ("Didn't work until the third try", 3),
        ("Failed first try, worked on the second", 2),
        ("✅ after 2 turns", 2),
        ("partially", nil),
        ("Partially worked", nil),
        ("Partly.", nil),
        ("Mostly worked; missed the edge case", nil),
        ("Worked with minor tweaks", nil),
        ("Worked with some edits", nil),
        ("Eventually worked", nil),
        ("Finally got there", nil),
        ("Got there in the end", nil),
        ("Worked after a few more tries", nil),
        ("After a couple of rounds it worked", nil),
        ("Worked after some back-and-forth", nil),
        ("Worked after a follow-up", nil),
        ("Needed a nudge", nil),
        ("Not first try, but it worked", nil),
        ("Not quite", nil),
        ("Didn't quite work", nil),
        ("Failed at first, then worked", nil),
        ("Worked after I added the schema", nil),
        ("Kind of worked", nil),
        ("Almost", nil),
        ("🟡", nil),
        ("Partial: needed 3 turns", 3),
        ("partial", nil),
        ("Worked after more turns.", nil),
        ("Worked. Took 3 turns though.", 3),
        ("Worked first try, not perfect though", nil),
        ("Had to rephrase", nil),
        ("Worked after one follow-up", 2),
        ("Worked after 1 turn.", nil),
        ("2 follow-ups", 3),
        ("first prompt was too vague; second one nailed it", 2),
        ("Worked, with caveats", nil),
        ("Worked great after adding the file", nil),
        ("Worked after a retry", nil),
        ("Worked, needed to fix imports", nil),
        ("Partially: the test was wrong.", nil),
        ("Partly: 2 turns, then it failed", 2),
        ("Fixed it myself", nil),
        ("Yes, after 2 tries", 2),
        ("It was wrong the first time, right the second", 2),
        ("Failed twice then worked", 2),
        ("Succeeded after 4 attempts", 4),
        ("worked in 3 messages", 3),
    ]

    static let misses: [String] = [
        "Failed: the model invented an API",
        "Failed: it worked in the REPL but not in the app",
        "Failed.",
        "failed",
        "Didn't work.",
        "didnt work",
        "Did not work at all",
        "Doesn't compile",
        "No luck",
        "no luck.",
        "No dice",
        "Gave up",
        "Gave up after 5 turns",
        "Giving up on this one",
        "❌",
        "❌ hallucinated a method",
        "👎",
        "Nope",
        "No.",
        "Wrong answer",
        "Hallucinated the API",
        "Useless",
        "Never got it to work",
        "Nothing worked",
        "Broken",
        "Still broken after 3 tries",
        "Dead end",
        "miss",
        "Miss - wrong file",
        "Not what I wanted",
        "Crashed on launch",
        "Waste of time",
        "No luck after 3 rounds",
        "Could not solve",
        "didn't help",
        "Model refused",
        "failed twice",
        "Gave up after 1 turn",
    ]

    static let unclassifiedTexts: [String] = [
        "Meh",
        "?",
        "TBD",
        "Interesting answer",
        "First try failed",
        "Didn't work first try",
        "Worked but broke the build",
        "Compiles but crashes",
        "Partially failed",
        "Partially, it failed",
        "Dropped to 38ms median",
        "🤷",
        "Close, but no",
        "✅ ❌",
        "ok",
        "Interesting answer, need to check it on device.",
        "Mixed feelings about the naming.",
        "Saved the reply for later.",
    ]

    @Test(arguments: hits)
    func hit(_ text: String) {
        #expect(OutcomeClassifier.classify(text: text) == .hit, "\(text)")
    }

    @Test(arguments: partials)
    func partial(_ text: String, _ turns: Int?) {
        #expect(OutcomeClassifier.classify(text: text) == .partial(turns), "\(text)")
    }

    @Test(arguments: misses)
    func miss(_ text: String) {
        #expect(OutcomeClassifier.classify(text: text) == .miss, "\(text)")
    }

    @Test(arguments: unclassifiedTexts)
    func unclassified(_ text: String) {
        #expect(OutcomeClassifier.classify(text: text) == .unclassified, "\(text)")
    }

    @Test func noneWhenNoOutcome() {
        #expect(OutcomeClassifier.classify(text: nil) == .none)
        #expect(OutcomeClassifier.classify(text: "") == .none)
        #expect(OutcomeClassifier.classify(text: "   \t") == .none)
        #expect(OutcomeClassifier.classify(text: "\r\n") == .none)
        #expect(OutcomeClassifier.classify(text: " . ") == .unclassified)
    }

    @Test func atLeastSixtyPhrasings() {
        #expect(Self.hits.count + Self.partials.count + Self.misses.count + Self.unclassifiedTexts.count >= 60)
    }

    /// What `plog outcome --hit`, `--partial --turns N` and `--miss TEXT` write.
    @Test func canonicalFormsRoundTrip() {
        #expect(OutcomeClassifier.classify(text: "Worked first try.") == .hit)
        for n in 2...30 {
            let text = "Worked after \(n) turns."
            #expect(OutcomeClassifier.classify(text: text) == .partial(n), "\(text)")
            #expect(OutcomeClassifier.classify(text: text + " needed the schema") == .partial(n), "\(text)")
        }
        // --partial --turns 1: partial, but one turn is what a hit takes, so the count is not kept.
        #expect(OutcomeClassifier.classify(text: "Worked after 1 turn.") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Partly worked.") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Partly worked. the tests still fail") == .partial(nil))
        #expect(OutcomeClassifier.classify(text: "Failed.") == .miss)
        #expect(OutcomeClassifier.classify(text: "Worked first try. exactly") == .hit)
        for reason in ["", "x", "worked on the second try", "no luck", "✅ first try"] {
            #expect(OutcomeClassifier.classify(text: "Failed: " + reason) == .miss, "\(reason)")
        }
    }

    @Test func blocksUseTheirFirstBullet() {
        let log = LogParser.parse("""
            ## 2025-08-14T16:32+09:00  claude  ios
            TASK: x

            OUTCOME:
            - Gave up.
            - Worked first try on the other model.

            ## 2025-08-15T16:32+09:00  claude  ios
            TASK: y

            """)
        #expect(OutcomeClassifier.classify(log.blocks[0]) == .miss)
        #expect(OutcomeClassifier.classify(log.blocks[1]) == .none)
    }

    @Test func toleratesInvalidBytesAndControls() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x00, 87, 111, 114, 107, 101, 100, 0xC3, 10, 0xF0, 0x9F]
        let c = bytes.withUnsafeBufferPointer { OutcomeClassifier.classify(utf8: $0) }
        #expect(c == .unclassified || c == .hit)
        let emoji = Array("✅".utf8)
        for cut in 0..<emoji.count {
            _ = Array(emoji[0..<cut]).withUnsafeBufferPointer { OutcomeClassifier.classify(utf8: $0) }
        }
    }
}
