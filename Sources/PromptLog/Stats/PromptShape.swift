import CSupport

/// Features of a prompt's wording that stats relates to hit rates. Each is measured on the
/// prompt's prose, outside fenced code blocks (a pasted stack trace is context, not wording).
public struct PromptShape: Sendable, Equatable {
    /// Whitespace-separated words outside fenced code blocks.
    public var words: Int = 0
    /// Names a file (`PreviewCard.swift`, `api/client.ts`) or a function (`render()`,
    /// `load_config`, a `backticked` name).
    public var namesFileOrFunction = false
    /// States a number with a unit: `50ms`, `< 4 KB`, `200 lines`, `30%`, `10x`.
    public var numberWithUnit = false
    /// Written in the second person: `you`, `your`, `you're` ...
    public var secondPerson = false
    /// Has a fenced code block (a line starting with ``` or ~~~).
    public var codeBlock = false

    public init(words: Int = 0, namesFileOrFunction: Bool = false, numberWithUnit: Bool = false,
                secondPerson: Bool = false, codeBlock: Bool = false) {
        self.words = words; self.namesFileOrFunction = namesFileOrFunction
        self.numberWithUnit = numberWithUnit; self.secondPerson = secondPerson; self.codeBlock = codeBlock
    }

    /// No word and no code block: nothing to measure.
    public var isEmpty: Bool { words == 0 && !codeBlock }

    /// The length bucket: 0 for under 80 words, 1 for 80-199, 2 for 200 or more.
    public var lengthBucket: Int { words < 80 ? 0 : words < 200 ? 1 : 2 }

    /// The shape of a prompt given as text (its lines, `> ` quoting already removed).
    public static func of(_ prompt: String) -> PromptShape {
        var scanner = PromptShapeScanner()
        var copy = prompt
        copy.withUTF8 { buf in
            var start = 0
            for i in 0...buf.count where i == buf.count || buf[i] == 10 {
                scanner.line(UnsafeBufferPointer(rebasing: buf[start..<i]))
                start = i + 1
            }
        }
        return scanner.shape
    }
}

/// Measures a prompt one line at a time, straight from the log's bytes.
public struct PromptShapeScanner {
    public private(set) var shape = PromptShape()
    private var inFence = false

    public init() {}

    /// Feeds one prompt line (quoting removed, no line end; a trailing `\r` is ignored).
    public mutating func line(_ l: UnsafeBufferPointer<UInt8>) {
        guard let b = l.baseAddress else { return }
        _ = scanLine(b, from: 0, limit: l.count)
    }

    /// Feeds the line starting at `b[start]` (quoting removed) and returns the offset just past
    /// its `\n`, or `limit`: finding the line end on the way, so a prompt is read once.
    mutating func scanLine(_ b: UnsafePointer<UInt8>, from start: Int, limit n: Int) -> Int {
        var p = start
        while p < n && p - start < 4 && b[p] == 32 { p += 1 }
        if p + 3 <= n, p - start < 4, (b[p] == 96 && b[p + 1] == 96 && b[p + 2] == 96) || (b[p] == 126 && b[p + 1] == 126 && b[p + 2] == 126) {
            inFence.toggle()
            shape.codeBlock = true
            return PromptShapeScanner.lineEnd(b, from: p, limit: n)
        }
        if inFence { return PromptShapeScanner.lineEnd(b, from: p, limit: n) }
        // The line is read sixteen bytes at a time in C (SSE2): its end, its words, and the first
        // byte that could make a feature still unknown true; only words at such bytes are
        // looked at closely.
        var words = 0
        var candidate = 0
        let lineEnd = start + plog_scan_line(b + start, n - start, needs, &words, &candidate)
        shape.words &+= words
        examineCandidates(b, line: start, candidate: start + candidate, lineEnd: lineEnd, limit: n)
        return lineEnd
    }

    /// Feeds the prompt lines from the line start `b[start]` (quoting not yet removed, the line
    /// not a header nor a keyword) up to the next line that starts with `#` or a capital letter,
    /// which the caller reads; returns that line's offset, or `limit`. Lines between are read in
    /// one call into C: a log's prompts are most of its bytes.
    mutating func scanLines(_ b: UnsafePointer<UInt8>, from start: Int, limit n: Int) -> Int {
        var p = start
        while p < n {
            var state = plog_prompt_scan(words: 0, in_fence: inFence ? 1 : 0, code_block: shape.codeBlock ? 1 : 0,
                                         line: 0, candidate: 0)
            let end = p + plog_scan_prompt(b + p, n - p, needs, &state)
            shape.words &+= state.words
            inFence = state.in_fence != 0
            shape.codeBlock = state.code_block != 0
            guard state.candidate < n - p else { return end }
            examineCandidates(b, line: p + state.line, candidate: p + state.candidate, lineEnd: end, limit: n)
            p = end
            // The caller reads a line that may be a header or a keyword (as C would have left it).
            if p < n && (b[p] == 35 || (b[p] >= 65 && b[p] <= 90)) { return p }
        }
        return p
    }

    /// Looks at the words of the line `b[line..<lineEnd]` at candidate bytes, from `candidate` on,
    /// until every feature is known.
    private mutating func examineCandidates(_ b: UnsafePointer<UInt8>, line start: Int, candidate: Int,
                                            lineEnd: Int, limit n: Int) {
        var need = needs
        guard need != 0 else { return }
        let textEnd = lineEnd > start && b[lineEnd - 1] == 10 ? lineEnd - 1 : lineEnd
        var at = candidate
        while at < textEnd {
            var s = at, e = at
            while s > start && b[s - 1] > 32 { s -= 1 }
            while e < textEnd && b[e] > 32 { e += 1 }
            examine(b, s, e, limit: n)
            need = needs
            if need == 0 || e >= textEnd { break }
            at = e + plog_find_candidate(b + e, textEnd - e, need)
        }
    }

    /// The `PLOG_SCAN_*` bits of the features still unknown.
    private var needs: UInt32 {
        var need: UInt32 = 0
        if !shape.numberWithUnit { need |= UInt32(PLOG_SCAN_NUMBER) }
        if !shape.namesFileOrFunction { need |= UInt32(PLOG_SCAN_CODE) }
        if !shape.secondPerson { need |= UInt32(PLOG_SCAN_YOU) }
        return need
    }

    /// The offset past the `\n` at or after `from`, or `limit`.
    static func lineEnd(_ b: UnsafePointer<UInt8>, from: Int, limit: Int) -> Int {
        guard from < limit, let nl = memchr(b + from, 10, limit - from) else { return limit }
        return b.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
    }


    /// Looks closer at the word `b[start..<end]` (the next word, for a unit, may follow up to `limit`).
    private mutating func examine(_ b: UnsafePointer<UInt8>, _ start: Int, _ end: Int, limit: Int) {
        let word = UnsafeBufferPointer(start: b + start, count: end - start)
        if !shape.secondPerson && PromptShapeScanner.isSecondPerson(word) { shape.secondPerson = true }
        if !shape.namesFileOrFunction && PromptShapeScanner.namesCode(word) { shape.namesFileOrFunction = true }
        if !shape.numberWithUnit && PromptShapeScanner.numberWithUnit(word, next: PromptShapeScanner.nextWord(b, from: end, limit: limit)) {
            shape.numberWithUnit = true
        }
    }

    /// The word after `from` on the same line (spaces and tabs skipped, never a line end).
    static func nextWord(_ b: UnsafePointer<UInt8>, from: Int, limit: Int) -> UnsafeBufferPointer<UInt8> {
        var i = from
        while i < limit && (b[i] == 32 || b[i] == 9) { i += 1 }
        let s = i
        while i < limit && b[i] > 32 { i += 1 }
        return UnsafeBufferPointer(start: b + s, count: i - s)
    }

    @inline(__always) static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool { isAlpha(c) || isDigit(c) }

    /// The word's core: leading quotes and brackets and trailing punctuation removed.
    static func core(_ w: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var s = 0, e = w.count
        leading: while s < e {
            switch w[s] {
            case 34, 39, 40, 91, 123, 60, 42, 95: s += 1  // " ' ( [ { < * _
            default: break leading
            }
        }
        while e > s {
            switch w[e - 1] {
            case 46, 44, 59, 58, 33, 63, 34, 39, 41, 93, 125, 62, 42: e -= 1  // . , ; : ! ? " ' ) ] } > *
            default: return UnsafeBufferPointer(rebasing: w[s..<e])
            }
        }
        return UnsafeBufferPointer(rebasing: w[s..<e])
    }

    /// `you`, `your`, `yours`, `yourself`, `yourselves`, `you're`, `youre`, `you'll`, `you've`, `you'd`
    /// in any case, `’` read as `'`.
    static func isSecondPerson(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let w = core(word)
        guard w.count >= 3, w.count <= 12, w[0] | 0x20 == 121, w[1] | 0x20 == 111, w[2] | 0x20 == 117 else { return false }
        // The rest after "you", lower-cased, with ’ as '.
        var rest: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var k = 3
        while k < w.count {
            var c = w[k]
            if c == 0xE2, k + 2 < w.count, w[k + 1] == 0x80, w[k + 2] == 0x99 { c = 39; k += 2 }
            else if c >= 65 && c <= 90 { c |= 0x20 }
            guard count < 7 else { return false }
            withUnsafeMutableBytes(of: &rest) { $0[count] = c }
            count += 1
            k += 1
        }
        let r = withUnsafeBytes(of: &rest) { Array($0.prefix(count)) }
        switch r {
        case [], [114], [114, 115], [114, 115, 101, 108, 102], [114, 115, 101, 108, 118, 101, 115], [39, 114, 101],
             [114, 101], [39, 108, 108], [39, 118, 101], [39, 100]:
            return true
        default:
            return false
        }
    }

    /// A file name (`name.ext`, the name with a letter, the extension 1-6 letters or digits with
    /// a letter), a call (`name(` ... `)`), a snake_case name, or a `backticked` name.
    static func namesCode(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = word.count
        // Every form below needs a backtick, `(`, `_` or `.`: a word without one is prose (most
        // words examined are, being here for another feature).
        guard word.contains(where: { $0 == 96 || $0 == 40 || $0 == 95 || $0 == 46 }) else { return false }
        // `backticked`
        if let open = word.firstIndex(of: 96), let close = word[(open + 1)...].firstIndex(of: 96), close > open + 1 {
            return true
        }
        let w = core(word)
        let m = w.count
        guard m >= 3 else { return false }
        // name( ... ) : a call (but not the plural idiom `file(s)`)
        if let paren = w.firstIndex(of: 40), paren > 0, isAlnum(w[paren - 1]) || w[paren - 1] == 95,
           w[..<paren].contains(where: isAlpha) {
            let after = Array(w[(paren + 1)...].prefix(3))
            return after != [115, 41] && after != [115] && after != [101, 115, 41] && after != [101, 115]
        }
        // snake_case
        if let u = w.firstIndex(of: 95), u > 0, u < m - 1, isAlpha(w[u - 1]), isAlnum(w[u + 1]),
           w.allSatisfy({ isAlnum($0) || $0 == 95 || $0 == 46 }) {
            return true
        }
        // name.ext (the last dot)
        guard let dot = w.lastIndex(of: 46), dot > 0, dot < m - 1 else { return false }
        let ext = UnsafeBufferPointer(rebasing: w[(dot + 1)...])
        guard ext.count <= 6, ext.allSatisfy(isAlnum), ext.contains(where: isAlpha) else { return false }
        var stemStart = dot
        while stemStart > 0, isAlnum(w[stemStart - 1]) || w[stemStart - 1] == 95 || w[stemStart - 1] == 45 || w[stemStart - 1] == 46 || w[stemStart - 1] == 47 { stemStart -= 1 }
        let stem = w[stemStart..<dot]
        _ = n
        // "e.g", "i.e": a one-letter stem is an abbreviation, not a file.
        return stem.count >= 2 && stem.contains(where: isAlpha)
    }

    /// Units, lower case, packed into integers (up to 8 bytes) so a lookup allocates nothing.
    static let units: Set<UInt64> = Set(("ms s sec secs second seconds min mins minute minutes h hr hrs hour hours "
        + "d day days wk week weeks us µs ns kb mb gb tb k b bytes byte kib mib gib % percent px pt em rem fps hz khz "
        + "mhz ghz x lines line loc chars characters words tokens items rows requests req rps qps users ms/op "
        + "kb/s mb/s gb/s ops ops/s calls files lb kg g m cm mm km").split(separator: " ").compactMap { w in
            let u = Array(w.utf8)
            return u.withUnsafeBufferPointer { packedUnit($0) }
        })

    /// `w` lower-cased and packed into an integer; nil when longer than 8 bytes.
    @inline(__always)
    static func packedUnit(_ w: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !w.isEmpty, w.count <= 8 else { return nil }
        var v: UInt64 = 0
        for k in 0..<w.count {
            let c = w[k] >= 65 && w[k] <= 90 ? w[k] | 0x20 : w[k]
            v |= UInt64(c) << UInt64(8 * k)
        }
        return v
    }

    static func isUnit(_ w: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let v = packedUnit(w) else { return false }
        return units.contains(v)
    }

    /// A number, optionally after `<`, `>`, `~`, `≤`, `$`, with a unit attached (`50ms`, `4KB`, `30%`)
    /// or as the next word (`50 ms`, `200 lines`).
    static func numberWithUnit(_ word: UnsafeBufferPointer<UInt8>, next: UnsafeBufferPointer<UInt8>) -> Bool {
        let w = core(word)
        var i = 0
        var money = false
        while i < w.count, w[i] == 60 || w[i] == 62 || w[i] == 126 || w[i] == 61 || w[i] == 36 || w[i] == 43 {
            if w[i] == 36 { money = true }
            i += 1
        }
        // ≤ ≥ (E2 89 A4 / A5)
        if i + 2 < w.count, w[i] == 0xE2, w[i + 1] == 0x89 { i += 3 }
        let digitsStart = i
        while i < w.count, isDigit(w[i]) || ((w[i] == 46 || w[i] == 44) && i + 1 < w.count && isDigit(w[i + 1]) && i > digitsStart) {
            i += 1
        }
        guard i > digitsStart else { return false }
        if money { return true }
        if i < w.count { return isUnit(UnsafeBufferPointer(rebasing: w[i...])) }
        // The number ends the word: the unit may be the next word.
        let last = word[word.count - 1]
        guard word.count == w.count || !(last == 46 || last == 44 || last == 59 || last == 58) else { return false }
        return isUnit(core(next))
    }
}
