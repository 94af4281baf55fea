import Testing
@testable import PromptLog

@Suite struct RoundTripTests {
    static let words = ["fix", "the", "property", "wrapper", "## 2024-01-01T00:00Z", "OUTCOME:", "> quoted", "-", "",
                        "naïve", "日本語", "tab\there", "trailing  ", "  leading", "TASK:", "PROMPT: x", "`code`", "50ms"]

    static func randomText(_ rng: inout SeededRandom, lines: ClosedRange<Int>) -> String {
        (0..<Int.random(in: lines, using: &rng)).map { _ in
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    static func randomBlock(_ rng: inout SeededRandom) -> NewBlock {
        let ts = Timestamp(year: Int.random(in: 2000...2030, using: &rng), month: Int.random(in: 1...12, using: &rng),
                           day: Int.random(in: 1...28, using: &rng), hour: Int.random(in: 0...23, using: &rng),
                           minute: Int.random(in: 0...59, using: &rng),
                           offsetMinutes: [0, 540, -300, 330, -570].randomElement(using: &rng)!)
        let model = Bool.random(using: &rng) ? ["claude-sonnet-4-5", "gpt-5", "o3 mini"].randomElement(using: &rng) : nil
        let project = Bool.random(using: &rng) ? ["ios/captio", "web", "infra tools"].randomElement(using: &rng) : nil
        let task = Bool.random(using: &rng) ? randomText(&rng, lines: 1...1) : nil
        let prompt = Bool.random(using: &rng) ? randomText(&rng, lines: 1...8) : ""
        let outcomes = (0..<Int.random(in: 0...3, using: &rng)).map { _ in randomText(&rng, lines: 1...2) }
        return NewBlock(timestamp: ts, model: model, project: project, task: task, prompt: prompt, outcomes: outcomes)
    }

    /// What `render` keeps of a block: the canonical form parses back to the same canonical form.
    @Test func renderParseRenderIsStable() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let original = Self.randomBlock(&rng)
            let rendered = original.render()
            let log = LogParser.parse(rendered)
            let block = try #require(log.blocks.first, "no block in \(String(decoding: rendered, as: UTF8.self))")
            #expect(log.blocks.count == 1)
            let text = String(decoding: rendered, as: UTF8.self)
            #expect(String(decoding: block.raw, as: UTF8.self) == text)
            #expect(String(decoding: NewBlock(block).render(), as: UTF8.self) == text)
            #expect(block.model == original.model.map(BlockRenderer.oneLine))
            #expect(block.project == original.project.map(BlockRenderer.oneLine))
        }
    }

    /// A whole log written block by block, the way the appender separates them, parses back to the same blocks.
    @Test func logOfAppendedBlocks() {
        var rng = SeededRandom(seed: 11)
        var log: [UInt8] = []
        var rendered: [[UInt8]] = []
        for _ in 0..<200 {
            let r = Self.randomBlock(&rng).render()
            if !log.isEmpty { log.append(10) }
            log += r
            rendered.append(r)
        }
        let parsed = LogParser.parse(log)
        let texts = rendered.map { String(decoding: $0, as: UTF8.self) }
        #expect(parsed.blocks.map { String(decoding: $0.raw, as: UTF8.self) } == texts)
        #expect(parsed.blocks.map { String(decoding: NewBlock($0).render(), as: UTF8.self) } == texts)
        expectCoverage(log)
    }

    @Test func promptBytesAreKeptVerbatim() throws {
        let prompt = "line one  \n\n\tindented\n> already quoted\n## 2025-01-01T00:00Z not a header\nOUTCOME: not one"
        let b = NewBlock(timestamp: Timestamp(year: 2025, month: 1, day: 1, hour: 0, minute: 0, offsetMinutes: 0), prompt: prompt)
        let parsed = try #require(LogParser.parse(b.render()).blocks.first)
        #expect(parsed.prompt == prompt)
        #expect(!parsed.hasOutcome)
    }

    @Test func headerLineForms() {
        let ts = Timestamp(year: 2025, month: 8, day: 14, hour: 16, minute: 32, offsetMinutes: 540)
        #expect(BlockRenderer.headerLine(timestamp: ts, model: nil, project: nil) == "## 2025-08-14T16:32+09:00\n")
        #expect(BlockRenderer.headerLine(timestamp: ts, model: nil, project: "p") == "## 2025-08-14T16:32+09:00  -  p\n")
        #expect(BlockRenderer.headerLine(timestamp: ts, model: "a  b\n", project: nil) == "## 2025-08-14T16:32+09:00  a b\n")
    }
}
