/// Plain strings of which every match of a pattern must contain at least one: the prefilter
/// that lets recall skip most of a log at memory speed even for a regular expression such as
/// `\b(mutex|semaphore|spinlock)\b`, which PCRE2 alone scans at a tenth of that speed (every
/// `m` and `s` in the log starts a match attempt).
///
/// The strings are searched for with PCRE2 in non-UTF mode, caselessly with ASCII folding when
/// the pattern is caseless. That finds everything the pattern can match, with care for the
/// only two ASCII letters that have non-ASCII case partners in a caseless UTF pattern: `k`
/// also matches U+212A (KELVIN SIGN) and `s` matches U+017F (LONG S), so the literal search
/// spells them as alternatives (`LiteralSetMatcher`). Non-ASCII letters fold to other bytes,
/// so in a caseless search they end a literal instead of joining it (`café` yields `caf`).
/// PCRE2's JIT scans for a literal's first character with SIMD and stops at each one, so a
/// literal is searched from its rarest early character (`semaphore` as `maphore`: `e` is the
/// commonest letter, and `s` has an alternative spelling, which the JIT cannot scan for).
///
/// Anything the extractor does not understand gives no literals (never wrong ones): the search
/// then runs on the pattern itself.
enum RequiredLiterals {
    /// Most strings in a returned set (each costs one pass over the log).
    static let maxSet = 6
    /// Largest exact set built from a concatenation (`(a|b)(c|d)` is 4).
    static let maxExact = 16
    /// Shortest useful literal.
    static let minLength = 3

    /// The literals for `pattern`, or nil when none are good enough to prefilter with.
    /// The caseless flag to search them with is `caseless || the pattern turns on (?i)`.
    static func of(_ pattern: String, literal: Bool, caseless: Bool) -> (strings: [[UInt8]], caseless: Bool)? {
        var parser = Parser(bytes: Array(pattern.utf8), caseless: caseless, literal: literal)
        guard var info = parser.parse() else { return nil }
        var folded = caseless
        if parser.sawCaselessOption && !caseless {
            parser = Parser(bytes: Array(pattern.utf8), caseless: true, literal: literal)
            guard let again = parser.parse() else { return nil }
            info = again
            folded = true
        }
        guard let set = Info.good(info.exact) ?? info.req, set.count <= maxSet,
              set.allSatisfy({ $0.count >= minLength }) else { return nil }
        return (set.map { fromRarestStart($0, caseless: folded) }, folded)
    }

    /// The tail of `literal` that starts at its rarest character among those that leave at
    /// least 5 bytes and 60% of it (a shorter literal is kept whole): fewer stops for the JIT's
    /// first-character scan, few more false candidates.
    static func fromRarestStart(_ literal: [UInt8], caseless: Bool) -> [UInt8] {
        let keep = max(5, (literal.count * 6 + 9) / 10)
        guard literal.count > keep else { return literal }
        var best = 0
        var bestCost = Int.max
        for i in 0...(literal.count - keep) {
            let c = cost(literal[i], caseless: caseless)
            if c < bestCost { bestCost = c; best = i }
        }
        return Array(literal[best...])
    }

    /// How often a byte starts a JIT stop in English prose and code, per mille (letters both cases).
    static func cost(_ byte: UInt8, caseless: Bool) -> Int {
        let c = byte >= 65 && byte <= 90 ? byte | 0x20 : byte
        if caseless && (c == UInt8(ascii: "k") || c == UInt8(ascii: "s")) { return 1000 }
        switch c {
        case 97...122:
            let letters: [Int] = [82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1]
            return letters[Int(c - 97)]
        case 32: return 180
        case 10, 13, 9: return 30
        case 48...57: return 10
        case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "/"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "#"):
            return 15
        case 0x80...0xFF: return 100  // non-ASCII text: frequent in some languages
        default: return 5
        }
    }

    /// What a part of a pattern says about the text it matches.
    struct Info {
        /// The exact strings it can match (nil: too many or unknown). `[[]]` is empty-width.
        var exact: [[UInt8]]?
        /// Strings one of which every match contains (nil: no constraint known).
        var req: [[UInt8]]?

        static let unknown = Info(exact: nil, req: nil)
        static let empty = Info(exact: [[]], req: nil)

        /// `set` when it is usable as a requirement: small and without an empty string.
        static func good(_ set: [[UInt8]]?) -> [[UInt8]]? {
            guard let set, !set.isEmpty, set.count <= maxSet, set.allSatisfy({ !$0.isEmpty }) else { return nil }
            return set
        }

        /// The more selective of two requirements: longer shortest string, then fewer strings.
        static func better(_ a: [[UInt8]]?, _ b: [[UInt8]]?) -> [[UInt8]]? {
            guard let a = good(a) else { return good(b) }
            guard let b = good(b) else { return a }
            let la = a.map(\.count).min()!, lb = b.map(\.count).min()!
            if la != lb { return la > lb ? a : b }
            return a.count <= b.count ? a : b
        }

        var bestRequirement: [[UInt8]]? { Info.better(Info.good(exact), req) }
    }

    struct Parser {
        let bytes: [UInt8]
        let caseless: Bool
        let literal: Bool
        var i = 0
        var sawCaselessOption = false
        /// Set when the pattern uses something this parser does not model; the result is then discarded.
        var gaveUp = false

        init(bytes: [UInt8], caseless: Bool, literal: Bool) {
            self.bytes = bytes; self.caseless = caseless; self.literal = literal
        }

        mutating func parse() -> Info? {
            if literal {
                var pieces: [Info] = []
                while i < bytes.count { pieces.append(literalChar()) }
                return Parser.concat(pieces)
            }
            let info = alternation()
            return gaveUp || i < bytes.count ? nil : info
        }

        // MARK: structure

        mutating func alternation() -> Info {
            var branches = [concatenation()]
            while i < bytes.count && bytes[i] == UInt8(ascii: "|") {
                i += 1
                branches.append(concatenation())
            }
            if branches.count == 1 { return branches[0] }
            var exact: [[UInt8]]? = []
            for b in branches {
                guard let e = b.exact, let acc = exact else { exact = nil; break }
                exact = acc + e.filter { !acc.contains($0) }
                if exact!.count > maxExact { exact = nil; break }
            }
            var req: [[UInt8]]? = []
            for b in branches {
                guard let r = b.bestRequirement, let acc = req else { req = nil; break }
                req = acc + r.filter { !acc.contains($0) }
            }
            return Info(exact: exact, req: req.flatMap { $0.count <= maxSet ? $0 : nil })
        }

        mutating func concatenation() -> Info {
            var pieces: [Info] = []
            while i < bytes.count && !gaveUp {
                let c = bytes[i]
                if c == UInt8(ascii: "|") || c == UInt8(ascii: ")") { break }
                let atom = self.atom()
                pieces.append(quantified(atom))
            }
            return Parser.concat(pieces)
        }

        /// Runs of exact pieces become cross products (split when they grow too large); the best
        /// requirement of any run or piece is the concatenation's requirement.
        static func concat(_ pieces: [Info]) -> Info {
            var best: [[UInt8]]? = nil
            var run: [[UInt8]] = [[]]
            var allExact = true
            var split = false
            for p in pieces {
                if let e = p.exact {
                    if run.count * e.count <= maxExact {
                        run = run.flatMap { a in e.map { a + $0 } }
                    } else {
                        best = Info.better(best, run)
                        run = e
                        split = true
                    }
                } else {
                    allExact = false
                    best = Info.better(best, run)
                    best = Info.better(best, p.req)
                    run = [[]]
                }
            }
            best = Info.better(best, run)
            var unique: [[UInt8]] = []
            for s in run where !unique.contains(s) { unique.append(s) }
            return Info(exact: allExact && !split ? unique : nil, req: best)
        }

        mutating func quantified(_ atom: Info) -> Info {
            guard i < bytes.count else { return atom }
            var minCount: Int
            var maxCount: Int?
            switch bytes[i] {
            case UInt8(ascii: "*"): minCount = 0; maxCount = nil; i += 1
            case UInt8(ascii: "+"): minCount = 1; maxCount = nil; i += 1
            case UInt8(ascii: "?"): minCount = 0; maxCount = 1; i += 1
            case UInt8(ascii: "{"):
                guard let (lo, hi, end) = braceQuantifier(at: i) else { return atom }
                minCount = lo; maxCount = hi; i = end
            default: return atom
            }
            // Lazy or possessive suffix.
            if i < bytes.count && (bytes[i] == UInt8(ascii: "?") || bytes[i] == UInt8(ascii: "+")) { i += 1 }
            if minCount == 0 { return .unknown }
            var exact: [[UInt8]]? = nil
            if maxCount == minCount, minCount <= 4, let e = atom.exact {
                var acc: [[UInt8]] = [[]]
                for _ in 0..<minCount {
                    if acc.count * e.count > maxExact { acc = []; break }
                    acc = acc.flatMap { a in e.map { a + $0 } }
                }
                if !acc.isEmpty { exact = acc }
            }
            return Info(exact: exact, req: atom.bestRequirement)
        }

        /// `{n}`, `{n,}`, `{n,m}` at `p`: (min, max, index after). Nil when the brace is a literal.
        /// `{,m}` means different things in different PCRE2 versions, so it gives up.
        mutating func braceQuantifier(at p: Int) -> (Int, Int?, Int)? {
            var j = p + 1
            func number() -> Int? {
                let start = j
                var v = 0
                while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57, j - start < 6 { v = v * 10 + Int(bytes[j] - 48); j += 1 }
                return j > start ? v : nil
            }
            if j < bytes.count && bytes[j] == UInt8(ascii: ",") { gaveUp = true; return nil }
            guard let lo = number() else { return nil }
            var hi: Int? = lo
            if j < bytes.count && bytes[j] == UInt8(ascii: ",") {
                j += 1
                hi = number()
            }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "}") else { return nil }
            return (lo, hi, j + 1)
        }

        // MARK: atoms

        mutating func atom() -> Info {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "("): return group()
            case UInt8(ascii: "["): skipClass(); return .unknown
            case UInt8(ascii: "."): i += 1; return .unknown
            case UInt8(ascii: "^"), UInt8(ascii: "$"): i += 1; return .empty
            case UInt8(ascii: "\\"): return escape()
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                // A quantifier with nothing to repeat does not compile; never reached in practice.
                gaveUp = true; i += 1; return .unknown
            default: return literalChar()
            }
        }

        /// One character as a literal: exact when the literal search can find it as PCRE2 would.
        mutating func literalChar() -> Info {
            let c = bytes[i]
            if c < 0x80 {
                i += 1
                let lower = c >= 65 && c <= 90 ? c | 0x20 : c
                return Info(exact: [[caseless ? lower : c]], req: nil)
            }
            var len = 1
            if c >= 0xF0 { len = 4 } else if c >= 0xE0 { len = 3 } else if c >= 0xC0 { len = 2 }
            let end = min(bytes.count, i + len)
            let char = Array(bytes[i..<end])
            i = end
            return caseless ? .unknown : Info(exact: [char], req: nil)
        }

        mutating func group() -> Info {
            i += 1  // (
            var lookaround = false
            if i < bytes.count && bytes[i] == UInt8(ascii: "*") { gaveUp = true; return .unknown }  // (*VERB)
            if i < bytes.count && bytes[i] == UInt8(ascii: "?") {
                i += 1
                guard i < bytes.count else { gaveUp = true; return .unknown }
                let c = bytes[i]
                switch c {
                case UInt8(ascii: ":"), UInt8(ascii: "|"), UInt8(ascii: ">"): i += 1
                case UInt8(ascii: "="), UInt8(ascii: "!"): i += 1; lookaround = true
                case UInt8(ascii: "#"):
                    while i < bytes.count && bytes[i] != UInt8(ascii: ")") { i += 1 }
                    i += 1
                    return .empty
                case UInt8(ascii: "<"):
                    if i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "=") || bytes[i + 1] == UInt8(ascii: "!")) {
                        i += 2; lookaround = true
                    } else if !skipName(close: UInt8(ascii: ">")) { return .unknown }
                case UInt8(ascii: "'"):
                    if !skipName(close: UInt8(ascii: "'")) { return .unknown }
                case UInt8(ascii: "P"):
                    guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<") else { gaveUp = true; return .unknown }
                    i += 1
                    if !skipName(close: UInt8(ascii: ">")) { return .unknown }
                default:
                    // Option settings: (?i) (?-i) (?i:...) (?^) ; anything else (recursion,
                    // conditionals, callouts) is not modelled.
                    var j = i
                    var turnsOn = true
                    while j < bytes.count {
                        let o = bytes[j]
                        if o == UInt8(ascii: "-") { turnsOn = false; j += 1; continue }
                        if o == UInt8(ascii: "^") { j += 1; continue }
                        if o == UInt8(ascii: "x") { gaveUp = true; return .unknown }  // extended: spaces mean nothing
                        if o == UInt8(ascii: "i") && turnsOn { sawCaselessOption = true }
                        guard "imnsJU".utf8.contains(o) else { break }
                        j += 1
                    }
                    guard j < bytes.count, j > i || bytes[j] == UInt8(ascii: ")") || bytes[j] == UInt8(ascii: ":") else {
                        gaveUp = true; return .unknown
                    }
                    i = j
                    if bytes[i] == UInt8(ascii: ")") { i += 1; return .empty }
                    guard bytes[i] == UInt8(ascii: ":") else { gaveUp = true; return .unknown }
                    i += 1
                }
            }
            let inner = alternation()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ")") else { gaveUp = true; return .unknown }
            i += 1
            return lookaround ? .empty : inner
        }

        /// Skips `name>` (the opening bracket already consumed at `i`).
        mutating func skipName(close: UInt8) -> Bool {
            i += 1
            while i < bytes.count && bytes[i] != close { i += 1 }
            guard i < bytes.count else { gaveUp = true; return false }
            i += 1
            return true
        }

        mutating func skipClass() {
            i += 1  // [
            if i < bytes.count && bytes[i] == UInt8(ascii: "^") { i += 1 }
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1 }
            while i < bytes.count && bytes[i] != UInt8(ascii: "]") {
                if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                if bytes[i] == UInt8(ascii: "["), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ":") {
                    // [:alpha:]
                    i += 2
                    while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: ":") && bytes[i + 1] == UInt8(ascii: "]")) { i += 1 }
                    i += 2
                    continue
                }
                i += 1
            }
            if i >= bytes.count { gaveUp = true }
            i += 1
        }

        mutating func escape() -> Info {
            i += 1
            guard i < bytes.count else { gaveUp = true; return .unknown }
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "Q"):
                var pieces: [Info] = []
                while i < bytes.count {
                    if bytes[i] == UInt8(ascii: "\\") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "E") { i += 2; break }
                    pieces.append(literalChar())
                }
                return Parser.concat(pieces)
            case UInt8(ascii: "E"): return .empty
            case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "Z"),
                 UInt8(ascii: "G"), UInt8(ascii: "K"):
                return .empty
            case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "s"),
                 UInt8(ascii: "S"), UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "v"), UInt8(ascii: "V"),
                 UInt8(ascii: "R"), UInt8(ascii: "N"), UInt8(ascii: "X"), UInt8(ascii: "C"):
                return .unknown
            case UInt8(ascii: "p"), UInt8(ascii: "P"):
                if i < bytes.count && bytes[i] == UInt8(ascii: "{") {
                    while i < bytes.count && bytes[i] != UInt8(ascii: "}") { i += 1 }
                    i += 1
                } else {
                    i += 1
                }
                return .unknown
            case UInt8(ascii: "k"):
                if i < bytes.count, let close = [UInt8(ascii: "<"): UInt8(ascii: ">"), UInt8(ascii: "{"): UInt8(ascii: "}"),
                                                 UInt8(ascii: "'"): UInt8(ascii: "'")][bytes[i]] {
                    _ = skipName(close: close)
                    return .unknown
                }
                gaveUp = true
                return .unknown
            case UInt8(ascii: "c"): i += 1; return .unknown
            case UInt8(ascii: "o"):
                while i < bytes.count && bytes[i] != UInt8(ascii: "}") { i += 1 }
                i += 1
                return .unknown
            case UInt8(ascii: "n"): return byteLiteral(10)
            case UInt8(ascii: "t"): return byteLiteral(9)
            case UInt8(ascii: "r"): return byteLiteral(13)
            case UInt8(ascii: "f"): return byteLiteral(12)
            case UInt8(ascii: "e"): return byteLiteral(27)
            case UInt8(ascii: "a"): return byteLiteral(7)
            case UInt8(ascii: "x"):
                var v: UInt32 = 0
                var digits = 0
                if i < bytes.count && bytes[i] == UInt8(ascii: "{") {
                    i += 1
                    while i < bytes.count && bytes[i] != UInt8(ascii: "}") {
                        guard let d = hexValue(bytes[i]), digits < 8 else { gaveUp = true; return .unknown }
                        v = v * 16 + d; digits += 1; i += 1
                    }
                    i += 1
                } else {
                    while i < bytes.count, digits < 2, let d = hexValue(bytes[i]) { v = v * 16 + d; digits += 1; i += 1 }
                }
                guard let scalar = Unicode.Scalar(v) else { return .unknown }
                var sub = Parser(bytes: Array(String(Character(scalar)).utf8), caseless: caseless, literal: true)
                return sub.literalChar()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                // Back reference or octal escape.
                while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
                return .unknown
            default:
                if (c >= 65 && c <= 90) || (c >= 97 && c <= 122) {
                    // \g (subroutine calls), \L, \u ... are not modelled.
                    gaveUp = true
                    return .unknown
                }
                i -= 1
                return literalChar()
            }
        }

        func byteLiteral(_ b: UInt8) -> Info { Info(exact: [[b]], req: nil) }

        func hexValue(_ c: UInt8) -> UInt32? {
            switch c {
            case 48...57: return UInt32(c - 48)
            case 65...70: return UInt32(c - 55)
            case 97...102: return UInt32(c - 87)
            default: return nil
            }
        }
    }
}

/// Finds the leftmost occurrence of any of several literal strings, each with its own PCRE2
/// literal matcher (JIT, non-UTF, ASCII-caseless when asked). Remembers where each string next
/// occurs, so a scan that resumes further on does not search the same bytes twice.
final class LiteralSetMatcher: Matcher {
    let pattern: String
    private let strings: [[UInt8]]
    private let caseless: Bool
    private let matchers: [PCRE2Matcher]
    /// Per string: the subject it was searched in, the start of that search, and the result.
    private var cache: [(base: UnsafePointer<UInt8>?, count: Int, from: Int, hit: Range<Int>?)?]

    init(strings: [[UInt8]], caseless: Bool, describing pattern: String) throws {
        self.pattern = pattern
        self.strings = strings
        self.caseless = caseless
        matchers = try strings.map {
            try PCRE2Matcher(LiteralSetMatcher.bytePattern($0, caseless: caseless), options: .init(caseless: caseless, utf: false))
        }
        cache = Array(repeating: nil, count: strings.count)
    }

    /// A non-UTF PCRE2 pattern matching `literal`'s bytes; when caseless, `k` and `s` also match
    /// the UTF-8 bytes of U+212A and U+017F, as they do in a caseless UTF pattern.
    static func bytePattern(_ literal: [UInt8], caseless: Bool) -> String {
        var p = ""
        for c in literal {
            if caseless && (c == UInt8(ascii: "k") || c == UInt8(ascii: "K")) {
                p += "(?:k|\\xe2\\x84\\xaa)"
            } else if caseless && (c == UInt8(ascii: "s") || c == UInt8(ascii: "S")) {
                p += "(?:s|\\xc5\\xbf)"
            } else if (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) {
                p.unicodeScalars.append(Unicode.Scalar(c))
            } else {
                let hex = String(c, radix: 16)
                p += "\\x" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return p
    }

    func copy() -> Matcher {
        try! LiteralSetMatcher(strings: strings, caseless: caseless, describing: pattern)
    }

    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Range<Int>? {
        var best: Range<Int>? = nil
        for k in matchers.indices {
            var hit: Range<Int>?
            if let c = cache[k], c.base == subject.baseAddress, c.count == subject.count, c.from <= start,
               c.hit.map({ $0.lowerBound >= start }) ?? true {
                hit = c.hit
            } else {
                hit = try matchers[k].firstMatch(in: subject, from: start)
                cache[k] = (subject.baseAddress, subject.count, start, hit)
            }
            if let h = hit, best.map({ h.lowerBound < $0.lowerBound }) ?? true { best = h }
        }
        return best
    }
}
