/// Whether a pattern's matches can depend on where the subject ends or on where the search
/// started, which decides how recall may drive with it.
///
/// Recall finds candidate blocks by running the driver pattern over a whole window of the log,
/// where a block's end is followed by the next block's header. For most patterns a match
/// inside a block is then found wherever the window ends, but not for a pattern that can test
/// the end of its subject (`\z`, `\Z`, `$` at the last line end, `^` negated in `(?<!^)`), look
/// ahead (a negative lookahead succeeds at the end; a lookahead or atomic group can commit to
/// text of the next block), or depend on the start of the search (`\G`, backtracking verbs): `foo\z` matches a
/// block that ends in `foo` only when the block is the subject. Such a driver is run on each
/// block alone.
///
/// This is a conservative look at the pattern's characters, not a parse: anything that could be
/// one of those constructs counts (`\$` or `[$]` too), so an answer of false is always safe.
enum SubjectEnd {
    /// Whether `pattern` (a regular expression, not `--literal` text) may contain a construct
    /// that sees the end of the subject, looks ahead, or depends on where the search started.
    static func mayMatter(in pattern: String) -> Bool {
        let b = Array(pattern.utf8)
        for i in b.indices {
            let c = b[i]
            let next: UInt8 = i + 1 < b.count ? b[i + 1] : 0
            switch c {
            case UInt8(ascii: "$"):
                return true
            case UInt8(ascii: "\\"):
                // \z \Z \G; \g and \k name groups (a back reference may name a lookahead's capture).
                if "zZGgk".utf8.contains(next) { return true }
            case UInt8(ascii: "("):
                // (?= (?! (?> (?( (?C and every (*VERB) or (*lookaround:...).
                if next == UInt8(ascii: "*") { return true }
                if next == UInt8(ascii: "?"), i + 2 < b.count, "=!>(C".utf8.contains(b[i + 2]) { return true }
                // (?<! too: a lookbehind ends where it is, so an assertion in it can test that
                // place, and negated, `(?<!^)` holds at the end of a subject (no line starts
                // after its last newline) but not before the next block's header.
                if next == UInt8(ascii: "?"), i + 3 < b.count, b[i + 2] == UInt8(ascii: "<"), b[i + 3] == UInt8(ascii: "!") {
                    return true
                }
            case UInt8(ascii: "+"):
                // A possessive quantifier (`a++`, `a*+`, `a?+`, `a{2}+`), also with spaces
                // between under (?x).
                var j = i - 1
                while j >= 0, b[j] == 32 || b[j] == 9 || b[j] == 10 { j -= 1 }
                if j >= 0, "+*?}".utf8.contains(b[j]) { return true }
            default:
                break
            }
        }
        return false
    }
}
