import CSupport

/// The words of a draft that `--like` may search the log for, and the rule that picks them
/// before the log is read.
///
/// Words are split and normalised by the one definition in `liketerms.h` (ASCII letters, digits
/// and `_`, other scripts' letters; ASCII lowercased; a plural `s` dropped from words of 4 bytes
/// or more; CJK runs as overlapping bigrams), the same code that reads the log's blocks.
///
/// A word of the draft is a candidate unless it is a stop word (`stopWords`, compared before the
/// plural `s` is dropped), an ASCII word under 3 bytes, or longer than 64 bytes. The first
/// `maxCandidates` candidates are kept in this order: identifiers first (a `_`, letters and
/// digits together, or a capital after a small letter: `snake_case`, `utf8`, `propertyWrapper`),
/// then longer words before shorter ones (by bytes), then in the order of the draft.
public enum LikeTerms {
    /// Most candidate words looked up in the log (their document frequency is counted).
    public static let maxCandidates = 48

    /// One candidate: its normalised bytes, and how it was written first in the draft.
    public struct Candidate: Sendable, Equatable {
        /// Normalised bytes, as the log's words are compared with them.
        public var bytes: [UInt8]
        /// The term for people (the normalised bytes as text).
        public var text: String { String(decoding: bytes, as: UTF8.self) }
        /// Whether the draft wrote it as an identifier.
        public var isIdentifier: Bool
        /// Position of its first occurrence among the draft's words.
        public var firstPosition: Int
    }

    /// Common English words and words every block of a prompt log has, which say nothing about
    /// what a draft is about. Lowercase, as written (before the plural `s` is dropped).
    public static let stopWords: Set<String> = [
        "the", "and", "for", "are", "but", "not", "you", "all", "any", "can", "had", "her", "was", "one", "our",
        "out", "has", "him", "his", "how", "its", "may", "new", "now", "old", "see", "two", "way", "who", "did",
        "get", "got", "let", "put", "say", "she", "too", "use", "yes", "yet", "own", "off", "per", "via", "about",
        "above", "after", "again", "against", "also", "because", "been", "before", "being", "below", "between",
        "both", "could", "does", "doing", "down", "during", "each", "even", "every", "from", "further", "have",
        "having", "here", "into", "just", "like", "more", "most", "much", "must", "need", "needs", "only", "other",
        "over", "same", "should", "some", "such", "than", "that", "their", "them", "then", "there", "these", "they",
        "this", "those", "through", "under", "until", "very", "want", "were", "what", "when", "where", "which",
        "while", "will", "with", "within", "without", "would", "your", "yours", "make", "sure", "please", "thanks",
        "thank", "using", "used", "uses", "well", "don", "doesn", "didn", "isn", "aren", "wasn", "won", "wouldn",
        "shouldn", "couldn", "haven", "hasn", "something", "anything", "nothing", "everything", "thing", "things",
        "still", "already", "really", "maybe", "might", "whose", "whom", "why", "able", "instead", "rather",
        "another", "many", "few", "lot", "lots", "etc",
        // Section names and words every block has.
        "task", "prompt", "outcome",
    ]

    /// The candidates of `draft`, at most `maxCandidates`, in the order above.
    public static func candidates(of draft: String) -> [Candidate] {
        var draft = draft
        return draft.withUTF8 { candidates(of: $0) }
    }

    /// The candidates of the draft's UTF-8 bytes.
    public static func candidates(of buf: UnsafeBufferPointer<UInt8>) -> [Candidate] {
        var found: [Candidate] = []
        var index: [[UInt8]: Int] = [:]
        forEachWord(buf) { word, length, source, isCJK, position in
            let lowered = String(decoding: source.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
            if length > Int(PLOG_LIKE_TERM_MAX) { return }
            if !isCJK {
                if word.allSatisfy({ $0 < 0x80 }) && word.count < 3 { return }
                if stopWords.contains(lowered) { return }
            }
            if index[word] != nil { return }
            index[word] = found.count
            found.append(Candidate(bytes: word, isIdentifier: !isCJK && looksLikeIdentifier(source),
                                   firstPosition: position))
        }
        let ordered = found.sorted { a, b in
            if a.isIdentifier != b.isIdentifier { return a.isIdentifier }
            if a.bytes.count != b.bytes.count { return a.bytes.count > b.bytes.count }
            return a.firstPosition < b.firstPosition
        }
        return Array(ordered.prefix(maxCandidates))
    }

    /// Every word of `buf` in order: its normalised bytes (the first `PLOG_LIKE_TERM_MAX` of
    /// them), its normalised length, its source bytes, whether it is CJK, and its position
    /// (0, 1, 2...).
    public static func forEachWord(_ buf: UnsafeBufferPointer<UInt8>,
                                   _ body: (_ word: [UInt8], _ length: Int, _ source: ArraySlice<UInt8>, _ isCJK: Bool,
                                            _ position: Int) -> Void) {
        guard let base = buf.baseAddress else { return }
        var walk = plog_like_walk(p: 0, in_cjk: 0)
        var out = [UInt8](repeating: 0, count: Int(PLOG_LIKE_TERM_MAX))
        var len = 0, start = 0, end = 0
        var cjk: Int32 = 0
        var position = 0
        while out.withUnsafeMutableBufferPointer({ plog_like_next(base, buf.count, &walk, $0.baseAddress, &len, &start, &end, &cjk) }) != 0 {
            body(Array(out[0..<min(len, out.count)]), len, ArraySlice(UnsafeBufferPointer(rebasing: buf[start..<end])),
                 cjk != 0, position)
            position += 1
        }
    }

    /// `snake_case`, `utf8`, `propertyWrapper`: a `_`, letters next to digits, or a capital
    /// letter after a small one.
    static func looksLikeIdentifier(_ source: ArraySlice<UInt8>) -> Bool {
        var sawLower = false, sawLetter = false, sawDigit = false
        for c in source {
            if c == UInt8(ascii: "_") { return true }
            if c >= 97 && c <= 122 { sawLower = true; sawLetter = true }
            if c >= 65 && c <= 90 {
                if sawLower { return true }
                sawLetter = true
            }
            if c >= 48 && c <= 57 { sawDigit = true }
        }
        return sawLetter && sawDigit
    }
}
