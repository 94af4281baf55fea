import CSupport
import Testing

/// The prompt scanner in C has two builds (32 bytes at a time with AVX2, and SSE2 or bytes); stats
/// uses whichever the processor allows. Both must read every prompt the same way.
@Suite("Stats: the prompt scanner's two builds agree")
struct PromptScanTests {
    /// Prompt-like lines: quoting, fences, capitals and `#` that stop the scan, features and
    /// near-features, lines longer and shorter than 32 bytes, CRLF, tabs, bytes above 127.
    static func randomPrompt(_ rng: inout SeededRandom) -> [UInt8] {
        let words = ["the", "you", "Your", "yes", "y", "50ms", "4", "KB", "render()", "file(s)", "a.swift", "e.g.",
                     "snake_case", "`name`", "end.", "x", "régime", "\t", "200", "lines", "(", ")", "_", "...", "9x"]
        var out: [UInt8] = []
        for _ in 0..<rng.int(12) + 1 {
            switch rng.int(10) {
            case 0: out += Array("```swift\n".utf8)
            case 1: out += Array("> ~~~\n".utf8)
            case 2: out += Array("Capital line\n".utf8)
            case 3: out += Array("# not a header\n".utf8)
            case 4: out += Array(">\n".utf8)
            default:
                out += rng.chance(0.7) ? Array("> ".utf8) : []
                let n = rng.int(20)
                for k in 0..<n {
                    if k > 0 { out.append(rng.chance(0.1) ? 9 : 32) }
                    out += Array(rng.pick(words).utf8)
                }
                out += rng.chance(0.1) ? [13, 10] : [10]
            }
        }
        return out
    }

    @Test("AVX2 and the baseline read random prompts alike: stop, words, fence, features")
    func buildsAgree() {
        var rng = SeededRandom(seed: 17)
        for _ in 0..<3000 {
            let text = PromptScanTests.randomPrompt(&rng)
            // The line may end the buffer (no room for a full 32-byte read) or not.
            let bytes = rng.chance(0.5) ? text : text + Array(repeating: UInt8(ascii: "z"), count: rng.int(64))
            // Features already known are not looked for again: start from any of them.
            let known = rng.int(8)
            let start = plog_shape(words: 0, in_fence: Int32(rng.int(2)), code_block: 0,
                                   names_code: Int32(known & 1), number_with_unit: Int32(known >> 1 & 1),
                                   second_person: Int32(known >> 2 & 1))
            bytes.withUnsafeBufferPointer { b in
                var a = start, c = start
                let endA = plog_shape_lines(b.baseAddress!, b.count, &a)
                let endC = plog_shape_lines_baseline(b.baseAddress!, b.count, &c)
                let described = "\(String(decoding: bytes, as: UTF8.self).debugDescription) known \(known)"
                #expect(endA == endC, "\(described)")
                #expect(a.words == c.words && a.in_fence == c.in_fence && a.code_block == c.code_block, "\(described)")
                #expect(a.names_code == c.names_code && a.number_with_unit == c.number_with_unit
                        && a.second_person == c.second_person, "\(described)")
            }
        }
    }
}
