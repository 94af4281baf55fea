/// A recall case made from arbitrary bytes: patterns from a small regular-expression grammar
/// and a log built from words the patterns use, raw input bytes and random line ends.
///
/// The grammar covers what `RequiredLiterals` reads and what the window scan can get wrong:
/// classes and negated classes, alternation, nested groups, every quantifier (`{0}`, lazy,
/// possessive), lookahead and lookbehind, inline options (`(?i)` `(?-i)` `(?x)` `(?s)` `(?-m)`),
/// `\Q...\E`, `\x{...}`, `\p{...}`, back references, anchors, and letters whose case partners
/// are outside ASCII (K and the Kelvin sign, s and the long s, ß and ẞ, Σ σ ς).
public struct RecallFuzzCase: Sendable, CustomStringConvertible {
    public var patterns: [String]
    public var caseless: Bool
    public var literal: Bool
    public var log: [UInt8]

    /// Words the patterns and the log share, so that patterns match some blocks and not others.
    static let words = ["mutex", "wrap", "per", "Kelvin", "kiosk", "KIOSK", "\u{212A}iosk", "ſemaphore",
                        "semaphore", "straße", "STRASSE", "ẞ", "Σίσυφος", "ΣΊΣΥΦΟΣ", "café", "CAFÉ", "é",
                        "a.b", "x+y", "(ok)", "$5", "end.", "TASK:", "PROMPT:", "OUTCOME:", "> ", "- ",
                        "\\", "|", "#", "ok", "a", "ab", "abc", "mutexes", "tab\t", "日本", " "]
    static let atoms = [".", "\\d", "\\w", "\\s", "\\S", "\\W", "\\D", "\\h", "\\v", "\\R", "\\N", "\\n", "\\r",
                        "\\t", "\\n\\n", "[abc]", "[^x]", "[^\\n]", "[\\s\\S]", "[a-z]", "[[:alpha:]]", "[k-s]",
                        "[^a-z]", "[.]", "[$]", "\\x41", "\\x{212A}", "\\x{17F}", "\\x{e9}", "\\x{3A3}",
                        "\\p{L}", "\\p{Lu}", "\\P{Ll}", "\\p{Greek}", "\\X", "\\C"]
    static let anchors = ["^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B", "\\G", "\\K"]
    static let options = ["(?i)", "(?-i)", "(?x)", "(?s)", "(?-m)", "(?i:", "(?-i:", "(?s:", "(?x:"]
    static let quantifiers = ["*", "+", "?", "{0}", "{2}", "{1,3}", "{2,}", "{0,1}"]

    public var description: String {
        "patterns \(patterns) caseless=\(caseless) literal=\(literal) log \(log.count) bytes: "
            + String(decoding: log.prefix(600), as: UTF8.self).debugDescription
    }

    /// Decodes `bytes`: its first bytes choose the patterns, the rest feed the log.
    public init(_ bytes: [UInt8]) {
        var input = ByteChoices(bytes)
        caseless = input.int(4) != 0
        literal = input.int(16) == 0
        var ps: [String] = []
        for _ in 0..<(1 + input.int(3) / 2) {
            if literal {
                ps.append(RecallFuzzCase.words[input.int(RecallFuzzCase.words.count)])
            } else {
                var groups = 0
                ps.append(RecallFuzzCase.pattern(&input, depth: 0, groups: &groups))
            }
        }
        patterns = ps
        log = RecallFuzzCase.log(&input)
    }

    static func pattern(_ input: inout ByteChoices, depth: Int, groups: inout Int) -> String {
        var branches: [String] = []
        for _ in 0..<(input.int(5) == 0 ? 2 : 1) {
            var s = ""
            for _ in 0..<(1 + input.int(3)) {
                s += piece(&input, depth: depth, groups: &groups)
            }
            branches.append(s)
        }
        return branches.joined(separator: "|")
    }

    static func piece(_ input: inout ByteChoices, depth: Int, groups: inout Int) -> String {
        var atom: String
        switch input.int(depth >= 3 ? 6 : 14) {
        case 0, 1, 11, 12, 13: atom = escapedWord(words[input.int(words.count)], &input)
        case 2: atom = atoms[input.int(atoms.count)]
        case 3: atom = anchors[input.int(anchors.count)]
        case 4: atom = "\\Q" + words[input.int(words.count)] + (input.int(3) == 0 ? "" : "\\E")
            if !atom.hasSuffix("\\E") { return atom }  // \Q to the end: nothing may follow
        case 5:
            let opt = options[input.int(options.count)]
            if opt.hasSuffix(":") {
                atom = opt + pattern(&input, depth: depth + 1, groups: &groups) + ")"
            } else {
                return opt
            }
        case 6, 7:
            let open = ["(", "(?:", "(?>", "(?=", "(?!", "(?<n\(groups)>", "(?|"][input.int(7)]
            if open == "(" || open.hasPrefix("(?<n") { groups += 1 }
            atom = open + pattern(&input, depth: depth + 1, groups: &groups) + ")"
        case 8:
            // Lookbehind: PCRE2 needs each alternative to have a fixed length.
            let neg = input.int(2) == 0 ? "(?<!" : "(?<="
            atom = neg + [escapedWord(words[input.int(words.count)], &input), "\\n", "\\r\\n", "\\.\\n", "^", "\\w",
                          "[^x]", "> ", "\\s\\s"][input.int(9)] + ")"
        case 9:
            atom = groups > 0 ? "\\\(1 + input.int(groups))" : "\\b"
        default:
            atom = atoms[input.int(atoms.count)]
        }
        if input.int(3) == 0 {
            atom += quantifiers[input.int(quantifiers.count)] + ["", "", "?", "+"][input.int(4)]
        }
        return atom
    }

    /// `word` as pattern text: mostly escaped (as a literal), sometimes raw (its `.` and `+` mean what they do).
    static func escapedWord(_ word: String, _ input: inout ByteChoices) -> String {
        if input.int(4) == 0 { return word }
        var s = ""
        for c in word.unicodeScalars {
            if "\\.^$|?*+()[]{}".unicodeScalars.contains(c) { s += "\\" }
            s.unicodeScalars.append(c)
        }
        return s
    }

    /// A log of a few blocks (sometimes a preamble): headers, lines of words and raw bytes, line
    /// ends `\n`, `\r\n` or a stray `\r`, sometimes no final newline.
    static func log(_ input: inout ByteChoices) -> [UInt8] {
        var out: [UInt8] = []
        let crlfLog = input.int(3) == 0
        func eol(_ input: inout ByteChoices) -> [UInt8] {
            if crlfLog { return input.int(12) == 0 ? [10] : [13, 10] }
            return input.int(12) == 0 ? [13, 10] : [10]
        }
        if input.int(4) == 0 { out += Array("notes\(input.int(3) == 0 ? "\r" : "")".utf8) + eol(&input) }
        for b in 0..<(1 + input.int(6)) {
            out += Array("## 2024-01-0\(1 + b % 9)T10:00Z  model  proj".utf8) + eol(&input)
            if input.int(2) == 0 {
                // A block in the format: TASK, a quoted PROMPT, OUTCOME bullets.
                func words(_ input: inout ByteChoices) -> [UInt8] {
                    var w: [UInt8] = []
                    for k in 0..<(1 + input.int(3)) {
                        if k > 0 { w.append(32) }
                        w += Array(RecallFuzzCase.words[input.int(RecallFuzzCase.words.count)].utf8)
                    }
                    return w
                }
                out += Array("TASK: ".utf8) + words(&input) + eol(&input)
                if input.int(3) == 0 { out += words(&input) + eol(&input) }
                out += eol(&input) + Array("PROMPT:".utf8) + eol(&input)
                for _ in 0..<(1 + input.int(3)) {
                    out += input.int(4) == 0 ? Array(">".utf8) : Array("> ".utf8) + words(&input)
                    out += eol(&input)
                }
                if input.int(2) == 0 {
                    out += eol(&input) + Array("OUTCOME:".utf8) + eol(&input)
                    for _ in 0..<(1 + input.int(2)) { out += Array("- ".utf8) + words(&input) + eol(&input) }
                }
                out += eol(&input)
                continue
            }
            for _ in 0..<(1 + input.int(6)) {
                switch input.int(8) {
                case 0: out += Array(["TASK: ", "PROMPT:", "OUTCOME:", "> ", "- ", ""][input.int(6)].utf8)
                case 1: out += input.raw(1 + input.int(12))
                case 2: out += [13]
                default: break
                }
                for _ in 0..<(1 + input.int(4)) {
                    out += Array(words[input.int(words.count)].utf8)
                    if input.int(2) == 0 { out.append(32) }
                }
                out += eol(&input)
            }
            if input.int(3) == 0 { out += eol(&input) }
        }
        if input.int(4) == 0, out.last == 10 { out.removeLast(); if out.last == 13 { out.removeLast() } }
        return out
    }
}

/// Choices read from fuzzer bytes; past the end every choice is 0.
struct ByteChoices {
    let bytes: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A number in `0..<n` (n at most 256).
    mutating func int(_ n: Int) -> Int {
        guard i < bytes.count else { return 0 }
        defer { i += 1 }
        return Int(bytes[i]) % n
    }

    /// Up to `n` bytes taken as they are.
    mutating func raw(_ n: Int) -> [UInt8] {
        let end = min(bytes.count, i + n)
        defer { i = end }
        return Array(bytes[i..<end])
    }
}

extension Invariants {
    /// Recall on a case decoded from arbitrary bytes (`RecallFuzzCase`) selects exactly the
    /// blocks that plain PCRE2 selects block by block, with and without the literal prefilter,
    /// oldest and newest first, and in fields those whose decoded texts PCRE2 matches. The reference reads the log with every `\r\n` as `\n` and
    /// matches each block as the subject that ends at the block's end, the text before it visible.
    public static func recall(_ bytes: [UInt8]) -> String? {
        let fuzzCase = RecallFuzzCase(bytes)
        var query = RecallQuery(patterns: fuzzCase.patterns, caseless: fuzzCase.caseless, literal: fuzzCase.literal)
        do {
            let expected: [Int]
            do {
                expected = try recallReference(fuzzCase.log, query)
            } catch {
                return nil  // the pattern does not compile, or needs too much backtracking
            }
            let allFields = RecallField.allCases
            let expectedInFields = try recallFieldsReference(fuzzCase.log, query, fields: allFields)
            for prefilter in [true, false] {
                var inFields = query
                inFields.fields = allFields
                inFields.usePrefilter = prefilter
                var got: [Int] = []
                _ = try fuzzCase.log.withUnsafeBufferPointer { buf in
                    try RecallSearcher(query: inFields).search(buf, newestFirst: false) { got.append($0.offset); return true }
                }
                if got != expectedInFields {
                    return "in fields, blocks \(got) but their decoded texts match in \(expectedInFields) "
                        + "(prefilter \(prefilter)); \(fuzzCase)"
                }
            }
            for prefilter in [true, false] {
                query.usePrefilter = prefilter
                let searcher = try RecallSearcher(query: query)
                for newestFirst in [false, true] {
                    var got: [Int] = []
                    _ = try fuzzCase.log.withUnsafeBufferPointer { buf in
                        try searcher.search(buf, newestFirst: newestFirst) { got.append($0.offset); return true }
                    }
                    if newestFirst { got.reverse() }
                    if got != expected {
                        return "blocks \(got) but plain PCRE2 selects \(expected) (prefilter \(prefilter), "
                            + "newest first \(newestFirst)); \(fuzzCase)"
                    }
                }
            }
        } catch PlogError.matchLimit {
            return nil  // the window scan may backtrack further than a block alone; not a wrong answer
        } catch {
            return "recall failed where plain PCRE2 did not: \(error); \(fuzzCase)"
        }
        return nil
    }

    /// The offsets of the blocks of `log` each pattern of `query` matches in the decoded text of
    /// one of `fields` (no filters).
    static func recallFieldsReference(_ log: [UInt8], _ query: RecallQuery, fields: [RecallField]) throws -> [Int] {
        let matchers = try query.compilePatterns()
        return try log.withUnsafeBufferPointer { buf in
            var selected: [Int] = []
            try LogScanner.scan(buf, countLines: false) { span in
                let block = LogParser.block(buf, span)
                let texts = fields.compactMap { $0.text(of: block) }
                if try matchers.allSatisfy({ m in try texts.contains { try m.matches($0) } }) { selected.append(span.offset) }
            }
            return selected
        }
    }

    /// The offsets of the blocks of `log` that every pattern of `query` matches (no fields or
    /// filters), found the plain way: each block matched on its own in the log with `\r\n` as `\n`.
    static func recallReference(_ log: [UInt8], _ query: RecallQuery) throws -> [Int] {
        var spans: [BlockSpan] = []
        log.withUnsafeBufferPointer { buf in _ = LogScanner.scan(buf, countLines: false) { spans.append($0) } }
        // The LF copy, and where each raw offset lands in it.
        var lf: [UInt8] = []
        var at = [Int](repeating: 0, count: log.count + 1)
        for (i, c) in log.enumerated() {
            at[i] = lf.count
            if !(c == 13 && i + 1 < log.count && log[i + 1] == 10) { lf.append(c) }
        }
        at[log.count] = lf.count
        let matchers = try query.compilePatterns()
        return try lf.withUnsafeBufferPointer { buf in
            try spans.filter { span in
                let end = at[span.end]
                let subject = UnsafeBufferPointer(rebasing: buf[0..<end])
                return try matchers.allSatisfy { m in
                    guard let hit = try m.firstMatch(in: subject, from: at[span.offset]) else { return false }
                    return hit.lowerBound < end
                }
            }.map(\.offset)
        }
    }
}
