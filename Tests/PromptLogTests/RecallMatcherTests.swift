import Foundation
import Testing
@testable import PromptLog

@Suite struct RecallMatcherTests {
    func first(_ pattern: String, _ text: [UInt8], _ options: PCRE2Matcher.Options = .init()) throws -> Range<Int>? {
        let m = try PCRE2Matcher(pattern, options: options)
        return try text.withUnsafeBufferPointer { try m.firstMatch(in: $0, from: 0) }
    }

    @Test func caselessByDefaultAndCaseSensitiveOnRequest() throws {
        #expect(try first("Property Wrapper", Array("a property wrapper".utf8)) == 2..<18)
        #expect(try first("Property Wrapper", Array("a property wrapper".utf8), .init(caseless: false)) == nil)
        #expect(try first("CAFÉ", Array("un café".utf8)) == 3..<8)  // Unicode case folding
    }

    @Test func multilineAnchorsWorkPerLine() throws {
        let text = Array("## 2025-01-01T10:00Z\nTASK: x\nPROMPT:\n> y\n".utf8)
        #expect(try first("^TASK:", text) == 21..<26)
        #expect(try first("x$", text) == 27..<28)
    }

    @Test func literalModeTakesPatternAsText() throws {
        #expect(try first("C++ (v2)", Array("try C++ (v2) now".utf8), .init(literal: true)) == 4..<12)
        #expect(try first("a.c", Array("abc".utf8), .init(literal: true)) == nil)
    }

    @Test func invalidPatternReportsMessageAndCharacterOffset() throws {
        #expect {
            _ = try PCRE2Matcher("wrapper(")
        } throws: { error in
            guard case let PlogError.pattern(pattern, offset, message) = error else { return false }
            return pattern == "wrapper(" && offset == 8 && message.contains("missing closing parenthesis")
        }
        // Offsets count characters, so the caret lines up under non-ASCII patterns.
        #expect {
            _ = try PCRE2Matcher("é[")
        } throws: { error in
            guard case let PlogError.pattern(_, offset, _) = error else { return false }
            return offset == 2
        }
    }

    @Test func pathologicalPatternStopsWithMatchLimitQuickly() throws {
        let text = Array((String(repeating: "a", count: 40) + "!\n").utf8)
        let start = Date()
        #expect(throws: PlogError.self) { _ = try first("(a+)+$", text) }
        #expect(Date().timeIntervalSince(start) < 5)
        do {
            _ = try first("(a+)+$", text)
        } catch let PlogError.matchLimit(pattern, message) {
            #expect(pattern == "(a+)+$")
            #expect(message.contains("limit"))
        }
    }

    @Test func invalidUTF8AroundAMatchNeitherCrashesNorHidesIt() throws {
        let text: [UInt8] = [0xFF, 0xFE] + Array("needle".utf8) + [0xC3] + Array(" x".utf8) + [0xE2, 0x82]
        #expect(try first("needle", text) == 2..<8)
        // An invalid byte is a barrier: `.` does not cross it.
        #expect(try first("needle.x", text) == nil)
        #expect(try first("x$", text) == nil)
        #expect(try first("x", text) == 10..<11)
    }

    @Test func emptyMatchesAdvance() throws {
        let m = try PCRE2Matcher("x*")
        #expect(m.canMatchEmpty)
        let all = try Array("abx".utf8).withUnsafeBufferPointer { try m.allMatches(in: $0) }
        #expect(all == [0..<0, 1..<1, 2..<3, 3..<3])
        #expect(try first("x*", []) == 0..<0)
    }

    @Test func copiesMatchOnOtherThreads() throws {
        let m = try PCRE2Matcher("\\bneedle\\d+")
        let text = Array((String(repeating: "hay ", count: 5000) + "needle42").utf8)
        let copies = (0..<4).map { _ in m.copy() }
        let results = try Parallel.map(4) { i in try text.withUnsafeBufferPointer { try copies[i].firstMatch(in: $0, from: 0) } }
        #expect(results.allSatisfy { $0 == 20_000..<20_008 })
    }

    @Test(arguments: [
        ("semaphore", true, ["maphore"]),
        ("\\b(mutex|semaphore|spinlock)\\b", true, ["mutex", "maphore", "pinlock"]),
        ("property wrapper", true, ["property wrapper"]),
        ("throttles? writes", true, ["rottle"]),
        ("quokka", true, ["quokka"]),
        ("kiosk mode", true, ["iosk mode"]),
        ("Semaphore", false, ["maphore"]),
        ("[abc]def", true, ["def"]),
        ("\\Qa.b+c\\E", true, ["a.b+c"]),
        ("(foo|bar)(baz|qux)", true, ["foobaz", "fooqux", "barbaz", "barqux"]),
        ("colou?r", true, ["colo"]),
        ("(?:abc){2}", true, ["bcabc"]),
        ("x\\d+yyz(?=end)", true, ["yyz"]),
        ("(?<word>hello)\\s+world", true, ["hello"]),
    ])
    func requiredLiterals(pattern: String, caseless: Bool, expected: [String]) {
        let got = RequiredLiterals.of(pattern, literal: false, caseless: caseless)
        #expect(got?.strings.map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test(arguments: ["a.c", "foo|", "x*", "(?x) foo bar", "foo(?R)?", "x{,3}abcdef", "ab|cdef", "ca\\w+", "(?(1)ab|cd)"])
    func noRequiredLiteralsWhenUnsureOrUseless(pattern: String) {
        #expect(RequiredLiterals.of(pattern, literal: false, caseless: true) == nil)
    }

    @Test func requiredLiteralsFollowInlineCaselessAndLiteralMode() throws {
        let inline = try #require(RequiredLiterals.of("(?i)Semaphore", literal: false, caseless: false))
        #expect(inline.caseless)
        #expect(inline.strings == [Array("maphore".utf8)])
        let lit = try #require(RequiredLiterals.of("C++ (templates)", literal: true, caseless: true))
        #expect(lit.strings == [Array("++ (templates)".utf8)])
        // Non-ASCII letters fold to other bytes: they end a caseless literal.
        #expect(RequiredLiterals.of("café crème", literal: false, caseless: true)?.strings == [Array("caf".utf8)])
        // Short literals are kept whole, even when they start with k or s.
        #expect(RequiredLiterals.of("skip", literal: false, caseless: true)?.strings == [Array("skip".utf8)])
        #expect(RequiredLiterals.fromRarestStart(Array("xylophonist".utf8), caseless: true) == Array("xylophonist".utf8))
        #expect(RequiredLiterals.fromRarestStart(Array("the weekly review".utf8), caseless: true) == Array("weekly review".utf8))
        #expect(RequiredLiterals.of("café crème", literal: false, caseless: false)?.strings == [Array("fé crème".utf8)])
    }

    @Test func literalSearchFindsWhatACaselessUTFPatternFinds() throws {
        // U+212A KELVIN SIGN and U+017F LONG S are case partners of k and s in a caseless UTF pattern.
        let text = Array("one qUO\u{212A}\u{212A}a and a \u{17F}EMAPHORE here".utf8)
        for pattern in ["quokka", "semaphore"] {
            let utf = try PCRE2Matcher(pattern)
            let want = try text.withUnsafeBufferPointer { try utf.firstMatch(in: $0, from: 0) }
            #expect(want != nil)
            let lits = try #require(RequiredLiterals.of(pattern, literal: false, caseless: true))
            let fast = try LiteralSetMatcher(strings: lits.strings, caseless: lits.caseless, describing: pattern)
            let got = try text.withUnsafeBufferPointer { try fast.firstMatch(in: $0, from: 0) }
            #expect(got != nil && got!.lowerBound >= want!.lowerBound && got!.upperBound <= want!.upperBound)
        }
        #expect(LiteralSetMatcher.bytePattern(Array("a.k".utf8), caseless: true) == "a\\x2e(?:k|\\xe2\\x84\\xaa)")
        #expect(LiteralSetMatcher.bytePattern(Array("a.k".utf8), caseless: false) == "a\\x2ek")
    }

    @Test func base64RoundTripsAndMatchesRFC4648() {
        for (plain, encoded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
            #expect(String(decoding: Base64.encode(Array(plain.utf8)), as: UTF8.self) == encoded)
            #expect(Base64.decode(Array(encoded.utf8)) == Array(plain.utf8))
        }
        var rng = SeededRandom(seed: 7)
        for n in 0..<64 {
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.decode(Array("Zm9v!".utf8)) == nil)
    }

    @Test func newlineCountMatchesNaiveCount() {
        var rng = SeededRandom(seed: 11)
        for n in [0, 1, 31, 32, 33, 255 * 32 + 5, 100_000] {
            let bytes: [UInt8] = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) % 8 == 0 ? 10 : 65 }
            let naive = bytes.filter { $0 == 10 }.count
            bytes.withUnsafeBufferPointer { buf in
                #expect(ByteCount.newlines(buf, from: 0, to: n) == naive)
                #expect(ByteCount.newlinesParallel(buf, from: 0, to: n) == naive)
                if n > 10 { #expect(ByteCount.newlines(buf, from: 3, to: n - 2) == bytes[3..<(n - 2)].filter { $0 == 10 }.count) }
            }
        }
    }
}
