import Foundation
import Testing
@testable import PromptLog

/// Inputs the fuzzers (`shell/fuzz`) found breaking an invariant, replayed through the very
/// checks the harnesses run (`PromptLog/Trust/Invariants.swift`), so a fixed bug stays fixed.
@Suite struct FuzzRegressionTests {
    /// Secret scanner findings, all fixed.
    static let secretSeeds: [(name: String, bytes: [UInt8])] = [
        // `Bearer ` at the very end of the input: the token rule read one byte past the end
        // (AddressSanitizer: heap-buffer-overflow).
        ("bearer-at-end", [0x3A, 0x2F, 0x2F, 0x3A, 0x6F, 0x6B, 0x65, 0x6E, 0x38, 0x22, 0x42, 0x65, 0x61, 0x72, 0x65, 0x72, 0x20]),
        // A URL whose user info came to hold `[redacted:token]` after redaction: a second pass
        // read the placeholder's colon as a password separator (redaction not idempotent).
        ("placeholder-in-userinfo", [0x68, 0x74, 0x30, 0x30, 0x41, 0x78, 0x6F, 0x78, 0x62, 0x2D, 0x2C, 0x73, 0x3A, 0x2F, 0x2F, 0x68, 0x6F, 0x6F, 0x6B, 0x73, 0x2E, 0x73, 0x6C, 0x72, 0x6B, 0x65, 0x6E, 0x3D, 0x74, 0x6F, 0x6B, 0x65, 0x6E, 0x3D, 0x74, 0x7C, 0x72, 0x6B, 0x76, 0x69, 0x63, 0x65, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x73, 0x2F, 0x54, 0x30, 0x30, 0x5D, 0x30, 0x30, 0x40, 0x41, 0x41, 0x68, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x73, 0x2F, 0x54, 0x30, 0x30, 0x5D, 0x30, 0x30, 0xFF, 0xFF, 0x73, 0x2F, 0x54, 0x30, 0x30, 0x5D, 0x30, 0x30, 0x6B, 0x65, 0x61, 0x70, 0x69, 0x6E, 0x5F, 0x6B, 0x65, 0x79, 0x31, 0x0A, 0x3D, 0x74, 0x6F, 0x6B]),
        // A URL password found at `://` made the scan jump past a `token=` value between the
        // scheme and the password; it was found only on a second pass.
        ("assignment-inside-url", [0x70, 0x6F, 0x74, 0x2C, 0x73, 0x70, 0x65, 0x73, 0x3A, 0x2F, 0x2F, 0xFF, 0xFF, 0xFF, 0xFF, 0x2A, 0x61, 0x70, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0x79, 0x61, 0x32, 0x39, 0x2E, 0xC1, 0xC1, 0xC1, 0xC1, 0xFF, 0xFF, 0xC1, 0x78, 0x61, 0x70, 0x70, 0x2D, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0x74, 0x6F, 0x6B, 0x65, 0x6E, 0x3D, 0xC1, 0xC1, 0x79, 0x61, 0x32, 0x39, 0x2E, 0xC1, 0xC1, 0xC5, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0x2C, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0x6F, 0x73, 0x3A, 0x61, 0x70, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0xC1, 0x79, 0x61, 0x32, 0x39, 0x2E, 0x63, 0x72, 0x65, 0x74, 0x40, 0x61, 0x70, 0x70, 0x0A]),
        // A key starting after `_` inside another key's run: redacting it ended the run, so a
        // second pass found a Google key that the first could not (tokens now start only
        // outside a base64url run).
        ("key-inside-a-run", [0x73, 0x6B, 0x2D, 0x61, 0xFF, 0xFF, 0xFF, 0xFF, 0x4C, 0x5F, 0x39, 0x5F, 0x41, 0x49, 0x7A, 0x61, 0x41, 0x73, 0x6B, 0x2D, 0x4C, 0x5F, 0x39, 0x2D, 0x65, 0x79, 0x4A, 0x74, 0x2D, 0x63, 0x70, 0x73, 0x6B, 0x2D, 0x61, 0x6E, 0x74, 0x2D, 0x32, 0x34, 0x67, 0x69, 0x74, 0x68, 0x75, 0x62, 0x5F, 0x39, 0x2D, 0x61, 0x5F, 0x41, 0x49, 0x7A, 0x61, 0x49, 0x7A, 0x61, 0x74, 0x5F, 0x30, 0x4E, 0x39, 0x5F, 0x41, 0x62, 0x73, 0x6B, 0x2D, 0x61, 0x5F, 0x41, 0x49, 0x7A, 0x61, 0x74, 0x5F, 0x30, 0x4E, 0x39, 0x5F, 0x41, 0x62, 0x73, 0x6B, 0x2D, 0x61, 0x41, 0x39, 0x6E]),
    ]

    @Test(arguments: secretSeeds.map(\.name))
    func secretScannerSeed(name: String) {
        let bytes = Self.secretSeeds.first { $0.name == name }!.bytes
        #expect(Invariants.secrets(bytes) == nil)
        #expect(Invariants.parser(bytes) == nil)
    }

    /// A token used as a URL's user name is found as well as the URL's password, in order.
    @Test func tokenAsURLUserName() {
        let token = "ghp_" + "Zq8rT2" + String(repeating: "xK7p", count: 7) + "Ab"
        let text = "git clone https://\(token):x-oauth-basic@github.com/o/r.git"
        let (out, findings) = SecretScanner.redact(text)
        #expect(findings.map(\.kind) == [.githubToken, .urlPassword])
        #expect(out == "git clone https://[redacted:github-token]:[redacted:url-password]@github.com/o/r.git")
        #expect(Invariants.secrets(Array(text.utf8)) == nil)
    }

    /// Canonical form (`render(parse(x))`) that changes when parsed and rendered again. Found by
    /// the parser fuzzer; each is a carriage return that is not part of a line end. Raw bytes are
    /// never affected (recall and `plog last` print them as written), only the re-rendered form.
    static let canonicalSeeds: [(name: String, bytes: [UInt8])] = [
        // `x\r\r\n` inside a section: the body keeps one `\r`, which the renderer writes before
        // `\n`, where the next parse reads it as part of the line end.
        ("cr-before-crlf-in-section", Array("## 2025-08-14T16:32Z\nNOTES: x\n/\r\r\nmore\n".utf8)),
        // `PROMPT:\r\r\n` is not a keyword line (the colon is followed by `\r`), but its
        // rendering `PROMPT:\r\n` is one, so the prompt moves to a section of its own.
        ("keyword-then-cr-cr", Array("## 2025-08-14T16:32Z\nTASK: t\nNOTES: x\nPROMPT:\r\r\n> x\n".utf8)),
        // A model field of carriage returns and `-` renders as `-`, which reads back as no model.
        ("model-of-cr-and-dash", Array("## 2025-08-14T16:32:05\r\r-\n".utf8)),
        // The fuzzer's original input for the model case.
        ("fuzzer-original", [0x1F, 0x23, 0x20, 0x32, 0x30, 0x32, 0x35, 0x2D, 0x30, 0x38, 0x2D, 0x31, 0x34, 0x20, 0x31, 0x36, 0x2D, 0x38, 0x31, 0x34, 0x36, 0x3A, 0x33, 0x32, 0x5A, 0x20, 0x20, 0x50, 0x52, 0x4F, 0x4D, 0x50, 0x54, 0x3A, 0x73, 0x70, 0x61, 0x63, 0x65, 0x64, 0x0A, 0x23, 0x0A, 0x23, 0x23, 0x20, 0x32, 0x30, 0x32, 0x35, 0x2D, 0x30, 0x38, 0x2D, 0x31, 0x34, 0x54, 0x31, 0x36, 0x3A, 0x33, 0x32, 0x2B, 0x30, 0x39, 0x0A, 0x23, 0x23, 0x20, 0x32, 0x30, 0x32, 0x35, 0x2D, 0x30, 0x38, 0x2D, 0x31, 0x34, 0x54, 0x32, 0x34, 0x3A, 0x30, 0x30, 0x2D, 0x32, 0x33, 0x3A, 0x35, 0x39, 0x0A, 0x4F, 0x55, 0x54, 0x43, 0x4F, 0x4D, 0x45, 0x3A, 0x23, 0x20, 0x30, 0x09, 0x67, 0x70, 0x74, 0x2D, 0x35, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x78, 0x74, 0x65, 0x6E, 0x73, 0x69, 0x6F, 0x0A, 0x23, 0x23, 0x20, 0x32, 0x30, 0x32, 0x35, 0x2D, 0x30, 0x38, 0x2D, 0x31, 0x34, 0x54, 0x31, 0x36, 0x3A, 0x33, 0x32, 0x3A, 0x30, 0x35, 0x2E, 0x31, 0x32, 0x33, 0x2B, 0x30, 0x39, 0x30, 0x30, 0x09, 0x67, 0x70, 0x74, 0x2D, 0x35, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x78, 0x74, 0x65, 0x6E, 0x73, 0x69, 0x6F, 0x0A, 0x23, 0x23, 0x20, 0x32, 0x30, 0x32, 0x35, 0x2D, 0x30, 0x38, 0x2D, 0x31, 0x34, 0x54, 0x31, 0x36, 0x3A, 0x33, 0x32, 0x3A, 0x30, 0x35, 0x0D, 0x0D, 0x0D, 0x0D, 0x0D, 0x0D, 0x0D, 0x2D, 0x20, 0x0D, 0x0A, 0x32, 0x30, 0x32, 0x35, 0x2D, 0x30, 0x38, 0x2D, 0x31, 0x34, 0x20, 0x31, 0x36, 0x2D, 0x38, 0x31, 0x34, 0x36, 0x3A, 0x33, 0x0D, 0x0D, 0x0D, 0x0D, 0x0D]),
    ]

    @Test(arguments: canonicalSeeds.map(\.name))
    func canonicalFormSeed(name: String) {
        let bytes = Self.canonicalSeeds.first { $0.name == name }!.bytes
        // The raw-byte properties hold already: no byte lost, headers found both ways.
        let parsed = LogParser.parse(bytes)
        #expect(parsed.preamble.count + parsed.blocks.reduce(0) { $0 + $1.span.end - $1.span.offset } == bytes.count)
        withKnownIssue("canonical form is not stable for a lone carriage return (BlockRenderer/LogParser)") {
            #expect(Invariants.parser(bytes) == nil)
        }
    }
}

/// The nasty-file table: inputs that have broken log tools before. Each must parse without a
/// crash or a hang, lose no byte, keep every invariant, and give the expected answer. (The
/// 200 MB single line and the 1,000,000 empty blocks run in `shell/stress`.)
@Suite struct NastyInputTests {
    /// A small deterministic generator (SplitMix64), so "random bytes" are the same on every run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func check(_ bytes: [UInt8], blocks expected: Int?, sourceLocation: SourceLocation = #_sourceLocation) {
        let parsed = LogParser.parse(bytes)
        if let expected { #expect(parsed.blocks.count == expected, sourceLocation: sourceLocation) }
        #expect(Invariants.parser(bytes) == nil, sourceLocation: sourceLocation)
        #expect(Invariants.secrets(bytes) == nil, sourceLocation: sourceLocation)
        let health = LogHealth.analyze(bytes)
        #expect(health.blocks == parsed.blocks.count, sourceLocation: sourceLocation)
    }

    @Test func emptyAndOneByte() {
        Self.check([], blocks: 0)
        for b: UInt8 in [0x23, 0x0A, 0x0D, 0x00, 0xFF, 0x3E, 0x20] { Self.check([b], blocks: 0) }
    }

    @Test func nulFilled() {
        Self.check([UInt8](repeating: 0, count: 65_536), blocks: 0)
        var withHeader = Array("## 2025-08-14T16:32Z\n".utf8) + [UInt8](repeating: 0, count: 4096)
        withHeader += Array("\n## 2025-08-15T16:32Z\nTASK: after the zeros\n".utf8)
        Self.check(withHeader, blocks: 2)
    }

    @Test func randomBytes() {
        var rng = SplitMix(state: 6)
        for size in [1, 7, 100, 4096, 1 << 19] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            Self.check(bytes, blocks: nil)
        }
        // Random bytes with real headers sprinkled in.
        var bytes: [UInt8] = []
        for i in 0..<200 {
            bytes += Array("## 2025-08-\(10 + i % 18)T16:32Z  m  p\n".utf8)
            bytes += (0..<Int.random(in: 0..<300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes.append(10)
        }
        Self.check(bytes, blocks: nil)
    }

    @Test func longSingleLine() {
        // 256 KB here (tests run unoptimised); shell/stress does 200 MB.
        let line = [UInt8](repeating: 0x61, count: 256 << 10)
        Self.check(line, blocks: 0)
        Self.check(Array("## 2025-08-14T16:32Z\nPROMPT:\n> ".utf8) + line + [10], blocks: 1)
    }

    @Test func manyEmptyBlocks() {
        // 10,000 here; shell/stress does 1,000,000.
        let one = Array("## 2025-08-14T16:32Z\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(one.count * 10_000)
        for _ in 0..<10_000 { bytes += one }
        Self.check(bytes, blocks: 10_000)
    }

    @Test func deepQuoting() {
        let deep = String(repeating: "> ", count: 100_000)
        Self.check(Array("## 2025-08-14T16:32Z\nPROMPT:\n\(deep)x\n".utf8), blocks: 1)
        let lines = String(repeating: "> > > > > > > > ## 2025-08-14T16:32Z\n", count: 10_000)
        Self.check(Array("## 2025-08-14T16:32Z\nPROMPT:\n\(lines)".utf8), blocks: 1)
        let block = LogParser.parse("## 2025-08-14T16:32Z\nPROMPT:\n> > > > x\n").blocks[0]
        #expect(block.prompt == "> > > x")
    }

    @Test func extremeYears() throws {
        let text = "## 0000-01-01T00:00Z  m\nTASK: year zero\n\n## 9999-12-31T23:59+14:00  m\nTASK: the end\n"
        Self.check(Array(text.utf8), blocks: 2)
        let blocks = LogParser.parse(text).blocks
        #expect(blocks[0].timestamp.year == 0 && blocks[1].timestamp.year == 9999)
        #expect(blocks[0].timestamp.epochSeconds < blocks[1].timestamp.epochSeconds)
        #expect(blocks[0].timestamp.monthKey == "0000-01" && blocks[1].timestamp.dayKey == "9999-12-31")
    }

    /// Invalid UTF-8 (a lone continuation byte, an overlong lead, 0xFF) inserted at every position
    /// of a header, and replacing every byte of it.
    @Test func invalidUTF8AtEveryHeaderPosition() {
        let header = Array("## 2025-08-14T16:32+09:00  claude  proj\n".utf8)
        for i in 0..<header.count {
            for bad: UInt8 in [0xFF, 0xC0, 0x80] {
                var inserted = header
                inserted.insert(bad, at: i)
                var replaced = header
                replaced[i] = bad
                for h in [inserted, replaced] {
                    let bytes = Array("## 2025-08-13T10:00Z\nbefore\n\n".utf8) + h + Array("TASK: t\n".utf8)
                    Self.check(bytes, blocks: nil)
                    let n = LogParser.parse(bytes).blocks.count
                    #expect(n == 1 || n == 2, "0x\(String(bad, radix: 16)) at \(i)")
                }
            }
        }
    }
}
