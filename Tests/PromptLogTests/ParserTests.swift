import Testing
@testable import PromptLog

/// The article's example block, as the user wrote it.
let articleBlock = """
## 2025-08-14T16:32+09:00  claude-sonnet-4-5  ios/captio
TASK: Make the share extension's preview card render in <50ms when the
host app passes a 4KB plain-text string.

PROMPT:
> I have an iOS share extension built in Swift. When the user shares
> plain text, I want to render a preview card.
>
> Show me a version that uses a CATextLayer instead.

OUTCOME:
- Worked first try. Dropped to 38ms median on iPhone 13.
- Tradeoff was correctly named: lost dynamic type support.

"""

/// Every byte of `bytes` is in the preamble or in exactly one block span, in order.
func expectCoverage(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    let log = LogParser.parse(bytes)
    var pos = log.preamble.count
    #expect(Array(bytes[0..<pos]) == log.preamble, sourceLocation: sourceLocation)
    for b in log.blocks {
        #expect(b.offset == pos, "block at \(b.offset) should start at \(pos)", sourceLocation: sourceLocation)
        #expect(Array(bytes[b.offset..<(b.offset + b.raw.count)]) == b.raw, sourceLocation: sourceLocation)
        let rest = bytes[(b.offset + b.raw.count)..<b.span.end]
        #expect(rest.allSatisfy { [10, 13, 32, 9].contains($0) }, "only blank lines may follow a block's raw text",
                sourceLocation: sourceLocation)
        pos = b.span.end
    }
    #expect(pos == bytes.count, sourceLocation: sourceLocation)
}

@Suite struct ParserTests {
    @Test func articleExample() throws {
        let log = LogParser.parse(articleBlock)
        #expect(log.preamble.isEmpty)
        let b = try #require(log.blocks.first)
        #expect(log.blocks.count == 1)
        #expect(b.timestamp.text == "2025-08-14T16:32+09:00")
        #expect(b.model == "claude-sonnet-4-5")
        #expect(b.project == "ios/captio")
        #expect(b.task == "Make the share extension's preview card render in <50ms when the\nhost app passes a 4KB plain-text string.")
        #expect(b.prompt == """
            I have an iOS share extension built in Swift. When the user shares
            plain text, I want to render a preview card.

            Show me a version that uses a CATextLayer instead.
            """)
        #expect(b.outcomeBullets == ["Worked first try. Dropped to 38ms median on iPhone 13.",
                                     "Tradeoff was correctly named: lost dynamic type support."])
        #expect(b.sections.map(\.name) == ["TASK", "PROMPT", "OUTCOME"])
        #expect(b.line == 1)
        #expect(String(decoding: b.raw, as: UTF8.self) == articleBlock)
    }

    @Test func crlfGivesTheSameFieldsAndKeepsRawBytes() throws {
        let crlf = articleBlock.replacing("\n", with: "\r\n")
        let lf = try #require(LogParser.parse(articleBlock).blocks.first)
        let b = try #require(LogParser.parse(crlf).blocks.first)
        #expect(b.model == lf.model && b.project == lf.project)
        #expect(b.task == lf.task)
        #expect(b.prompt == lf.prompt)
        #expect(b.outcomeBullets == lf.outcomeBullets)
        #expect(String(decoding: b.raw, as: UTF8.self) == crlf)
        expectCoverage(Array(crlf.utf8))
    }

    @Test func headerFieldsSplitOnTabsAndDoubleSpaces() throws {
        let log = LogParser.parse("## 2025-01-02T03:04Z\tgpt 5 mini\tweb app  extra\nTASK: t\n")
        let b = try #require(log.blocks.first)
        #expect(b.model == "gpt 5 mini")
        #expect(b.project == "web app")
        #expect(b.extraHeaderFields == ["extra"])
        let dash = try #require(LogParser.parse("## 2025-01-02T03:04Z  -  proj\n").blocks.first)
        #expect(dash.model == nil && dash.project == "proj")
    }

    @Test func quotedFakeHeadersAndKeywordsAreText() throws {
        let text = """
            ## 2025-01-01T10:00+01:00  m  p
            PROMPT:
            > ## 2024-05-05T10:00Z  fake  header
            > OUTCOME:
            > - not a bullet

            ## 2024 plans are not a header
            ##2025-01-01T10:00Z neither

            """
        let log = LogParser.parse(text)
        #expect(log.blocks.count == 1)
        let b = try #require(log.blocks.first)
        #expect(!b.hasOutcome)
        // The unquoted lines after the blank line are prompt text too (a prompt line missing its `> `).
        #expect(b.prompt == "## 2024-05-05T10:00Z  fake  header\nOUTCOME:\n- not a bullet\n\n"
            + "## 2024 plans are not a header\n##2025-01-01T10:00Z neither")
        expectCoverage(Array(text.utf8))
    }

    @Test func preambleHeaderOnlyAndMissingQuote() throws {
        let text = "my prompt log\nkept since 2024\n\n## 2025-02-01T09:00Z\n\n## 2025-02-02T09:00Z  m\nPROMPT:\n> quoted\nnot quoted\n"
        let log = LogParser.parse(text)
        #expect(String(decoding: log.preamble, as: UTF8.self) == "my prompt log\nkept since 2024\n\n")
        #expect(log.blocks.count == 2)
        #expect(log.blocks[0].sections.isEmpty)
        #expect(log.blocks[0].raw == Array("## 2025-02-01T09:00Z\n".utf8))
        #expect(log.blocks[0].line == 4)
        #expect(log.blocks[1].line == 6)
        #expect(log.blocks[1].prompt == "quoted\nnot quoted")
        expectCoverage(Array(text.utf8))
    }

    @Test func invalidUTF8AndNULBytesAreKept() throws {
        var bytes = Array("junk\u{0}\n## 2025-03-01T00:00Z  m\u{0}x  p\nTASK: a".utf8)
        bytes += [0xFF, 0xFE, 0xC3, 0x00, 10]
        bytes += Array("PROMPT:\n> ".utf8) + [0x80, 0x80] + [10]
        let log = LogParser.parse(bytes)
        #expect(log.blocks.count == 1)
        let b = try #require(log.blocks.first)
        #expect(b.model == "m\u{0}x")
        #expect(b.task?.hasPrefix("a") == true)
        #expect(b.prompt?.unicodeScalars.contains("\u{FFFD}") == true)
        expectCoverage(bytes)
    }

    @Test func invalidUTF8AtEveryHeaderPositionNeverCrashes() {
        let header = Array("## 2025-03-01T00:00+09:00  model  project\nTASK: x\n".utf8)
        for i in 0..<header.count {
            for bad: UInt8 in [0xFF, 0x00, 0xC3] {
                var bytes = header
                bytes[i] = bad
                expectCoverage(bytes)
            }
        }
    }

    @Test func veryLongLines() throws {
        let long = String(repeating: "abcdefgh ", count: 40_000)  // 360 KB
        let text = "## 2025-04-01T00:00Z\nPROMPT:\n> \(long)\n\n## 2025-04-02T00:00Z\nTASK: \(long)\n"
        let log = LogParser.parse(text)
        #expect(log.blocks.count == 2)
        #expect(log.blocks[0].prompt == long)
        expectCoverage(Array(text.utf8))
    }

    @Test func edgeLogs() {
        for text in ["", "\n", "#", "## ", "## 2025", "\n\n\n", "## 2025-04-01T00:00Z", "> > > > > >\n"] {
            expectCoverage(Array(text.utf8))
        }
        #expect(LogParser.parse("## 2025-04-01T00:00Z").blocks.count == 1)
    }

    @Test func outcomeBulletsContinuationAndStrayLines() throws {
        let b = try #require(LogParser.parse("""
            ## 2025-04-01T00:00Z
            OUTCOME:
            - Worked after 3 turns.
              The CSV header was the problem.
            stray line
            -
            """).blocks.first)
        #expect(b.outcomeBullets == ["Worked after 3 turns.\nThe CSV header was the problem.", "stray line", ""])
        #expect(b.verdictText == "Worked after 3 turns.\nThe CSV header was the problem.")
    }

    @Test func extraSectionsAreKept() throws {
        let b = try #require(LogParser.parse("""
            ## 2025-04-01T00:00Z
            TASK: t
            CONTEXT: the repo
            NOTES:
            first
            second
            TEMPLATE: bugfix
            """).blocks.first)
        #expect(b.sections.map(\.name) == ["TASK", "CONTEXT", "NOTES", "TEMPLATE"])
        #expect(b.section("NOTES")?.lines == ["first", "second"])
        #expect(b.section("CONTEXT")?.inline == "the repo")
        // A keyword needs two letters, and a space or the line end after the colon.
        #expect(LogParser.parse("## 2025-04-01T00:00Z\nTASK: a\nA: b\nURL:http://x\n").blocks[0].sections.count == 1)
    }

    @Test func corpusCut() throws {
        let bytes = try Fixtures.bytes("corpus/awesome-cut.log")
        let log = LogParser.parse(bytes)
        #expect(log.blocks.count == 26)
        #expect(log.preamble.isEmpty)
        for b in log.blocks {
            #expect(b.model == "unknown")
            #expect(b.project == "awesome-prompts")
            #expect(b.task != nil)
            #expect(b.prompt != nil)
            #expect(String(decoding: NewBlock(b).render(), as: UTF8.self) == String(decoding: b.raw, as: UTF8.self),
                    "round trip of block at line \(b.line)")
        }
        expectCoverage(bytes)
        // Line numbers agree with a plain count.
        var line = 1
        var headerLines: [Int] = []
        for l in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if l.hasPrefix("## 20") { headerLines.append(line) }
            line += 1
        }
        #expect(log.blocks.map(\.line) == headerLines)
    }
}
