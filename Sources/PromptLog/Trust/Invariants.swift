/// Properties that must hold for *any* input, checked by the fuzzers (`fuzz/`) and by the
/// regression tests that replay what the fuzzers found. Each check returns nil when the
/// property holds, else a message naming the broken property.
///
/// They live in the library, next to the code they guard, so the fuzz harnesses and the unit
/// tests run the very same checks.
public enum Invariants {
    /// The parser on arbitrary bytes: no byte dropped (preamble and block spans tile the input),
    /// spans well formed with correct line numbers, every block's header really is a header,
    /// walking backwards finds the same blocks as walking forwards, and the canonical form is
    /// stable: `render(parse(render(b))) == render(b)`.
    public static func parser(_ bytes: [UInt8]) -> String? {
        let parsed = LogParser.parse(bytes)
        return bytes.withUnsafeBufferPointer { buf -> String? in
            let n = buf.count
            var expectedStart = parsed.preamble.count
            if parsed.blocks.isEmpty && expectedStart != n { return "preamble \(expectedStart) bytes of \(n) with no block" }
            var line = LogScanner.countNewlines(buf, from: 0, to: expectedStart) + 1
            for (i, b) in parsed.blocks.enumerated() {
                let s = b.span
                if s.offset != expectedStart { return "block \(i) starts at \(s.offset), expected \(expectedStart)" }
                if !(s.offset < s.headerEnd && s.headerEnd <= s.end) { return "block \(i) span out of order: \(s)" }
                if !LogScanner.isHeader(buf, at: s.offset) { return "block \(i) at \(s.offset) does not start with a header" }
                if s.line != line { return "block \(i) line \(s.line), expected \(line)" }
                if b.raw.count > s.end - s.offset || !bytes[s.offset..<(s.offset + b.raw.count)].elementsEqual(b.raw) {
                    return "block \(i) raw bytes differ from the log"
                }
                line += LogScanner.countNewlines(buf, from: s.offset, to: s.end)
                expectedStart = s.end
            }
            if expectedStart != n { return "blocks end at \(expectedStart) of \(n)" }

            // Backwards (as `plog last` and recall read) must find the same headers.
            var backwards: [Int] = []
            var end = n
            while end > 0, let h = LogScanner.headerAtOrBefore(buf, end - 1) {
                backwards.append(h)
                end = h
            }
            let forwards = parsed.blocks.map(\.offset)
            if Array(backwards.reversed()) != forwards {
                return "backward walk found headers \(backwards.reversed().prefix(8)) but the forward scan \(forwards.prefix(8))"
            }

            for (i, b) in parsed.blocks.prefix(64).enumerated() {
                let once = NewBlock(b).render()
                let again = LogParser.parse(once)
                guard again.preamble.isEmpty, again.blocks.count == 1 else {
                    return "block \(i): its canonical form parses to \(again.blocks.count) blocks (preamble \(again.preamble.count) bytes)"
                }
                let twice = NewBlock(again.blocks[0]).render()
                if twice != once { return "block \(i): canonical form is not stable under parse and render" }
            }
            return nil
        }
    }

    /// Stats' reader against the parser on arbitrary bytes: `Stats.compute` (the C block reader,
    /// one thread) counts the blocks `LogParser` finds, and reads of each the same header time,
    /// model and project, the first OUTCOME bullet and its verdict (with turns), the task (the
    /// parser's lines joined by a space) and the prompt's shape.
    public static func stats(_ bytes: [UInt8]) -> String? {
        let parsed = LogParser.parse(bytes)
        var request = StatsRequest(threads: 1)
        request.listBlocks = true
        guard let report = try? bytes.withUnsafeBufferPointer({ try Stats.compute($0, request) }) else {
            return "stats failed"
        }
        let read = report.eachBlock
        if read.count != parsed.blocks.count || report.blocks != parsed.blocks.count {
            return "stats read \(read.count) blocks (report: \(report.blocks)), the parser \(parsed.blocks.count)"
        }
        for (i, (s, b)) in zip(read, parsed.blocks).enumerated() {
            func differ(_ what: String, _ a: Any?, _ b: Any?) -> String {
                "block \(i) at \(s.offset): \(what) \(String(describing: a)) in stats, \(String(describing: b)) in the parser"
            }
            if s.offset != b.offset { return differ("offset", s.offset, b.offset) }
            if s.line != b.line { return differ("line", s.line, b.line) }
            if s.timestamp != b.timestamp.text { return differ("timestamp", s.timestamp, b.timestamp.text) }
            if s.model != b.model { return differ("model", s.model, b.model) }
            if s.project != b.project { return differ("project", s.project, b.project) }
            if s.bullet != b.verdictText { return differ("first bullet", s.bullet, b.verdictText) }
            let c = OutcomeClassifier.classify(b)
            if s.classification != c { return differ("verdict", s.classification, c) }
            // Newlines as spaces, by scalar: a task line may end in `\r` (`x\r\r ` trimmed), and
            // `\r\n` is one Character, which a split on Characters would not cut.
            let task = b.task.map { String(String.UnicodeScalarView($0.unicodeScalars.map { $0 == "\n" ? " " : $0 })) }
            if s.task != task { return differ("task", s.task, task) }
            let shape = b.prompt.map(PromptShape.of).flatMap { $0.isEmpty ? nil : $0 }
            if s.shape != shape { return differ("prompt shape", s.shape, shape) }
        }
        return nil
    }

    /// The secret scanner on arbitrary bytes: findings in order, inside the input and not
    /// overlapping; redaction removes each finding's bytes, and is idempotent.
    public static func secrets(_ bytes: [UInt8]) -> String? {
        let findings = SecretScanner.scan(bytes)
        var last = 0
        var line = 1
        var counted = 0
        for f in findings {
            if f.offset < last || f.length <= 0 || f.offset + f.length > bytes.count {
                return "finding \(f) at \(f.offset)+\(f.length) out of order or out of bounds"
            }
            line += bytes[counted..<f.offset].lazy.filter { $0 == 10 }.count
            counted = f.offset
            if f.line != line { return "finding at \(f.offset) says line \(f.line), expected \(line)" }
            last = f.offset + f.length
        }
        let (redacted, again) = SecretScanner.redact(bytes)
        if again != findings { return "redact and scan disagree" }
        let expectedCount = bytes.count - findings.reduce(0) { $0 + $1.length }
            + findings.reduce(0) { $0 + $1.kind.placeholder.utf8.count }
        if redacted.count != expectedCount { return "redacted length \(redacted.count), expected \(expectedCount)" }
        let second = SecretScanner.redact(redacted)
        if !second.findings.isEmpty || second.bytes != redacted {
            return "redaction is not idempotent: \(second.findings)"
        }
        return nil
    }

    /// The outcome classifier on arbitrary text: the same answer twice, turns only where they
    /// belong (1 for a hit, nil or 2+ for a partial, nil or 1+ for a miss, nil otherwise), blank
    /// text is `.none`.
    public static func outcome(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let a = OutcomeClassifier.classify(text: text)
        let b = bytes.withUnsafeBufferPointer { OutcomeClassifier.classify(utf8: $0) }
        if a != OutcomeClassifier.classify(text: text) { return "not deterministic" }
        // Invalid bytes decode to U+FFFD in the String form; the byte form must agree on valid UTF-8.
        if String(validating: bytes, as: UTF8.self) != nil && a != b { return "text form \(a) and byte form \(b) disagree" }
        switch a.verdict {
        case .hit: if a.turns != 1 { return "hit with turns \(String(describing: a.turns))" }
        case .partial: if let t = a.turns, t < 2 { return "partial with turns \(t)" }
        case .miss: if let t = a.turns, t < 1 { return "miss with turns \(t)" }
        case .unclassified, .none: if a.turns != nil { return "\(a.verdict) with turns \(a.turns!)" }
        }
        let blank = bytes.allSatisfy { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
        if blank != (a.verdict == .none) { return "blank text must be .none and only it: \(a)" }
        return nil
    }
}
