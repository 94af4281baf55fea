/// The shape of a TASK line: what is asked (the first word, usually the verb) about what (the
/// other content words), with the particulars dropped.
///
/// Normalising: lower case; words are runs of letters, digits, `'`, `_`, `.`, `/`, `-`; dropped
/// are stop words, numbers and anything holding a digit, file names and paths (a `.` or `/`
/// inside), code names (`_`, `()`, backticks), and words of one letter; a light stemmer folds
/// `tests`/`test`, `caching`/`cache`, `throttled`/`throttle`.
///
/// Similarity: two task lines have the same shape when their first words are equal and the
/// Jaccard similarity of their other words (shared / all distinct) is at least
/// `TaskShape.threshold` (0.5). "Write unit tests for the parser" and "Write a unit test for
/// the tokenizer" share {unit, test} of {unit, test, parser, tokenizer}: 0.5, one shape.
/// "Fix the retry policy" and "Speed up the retry policy" differ in the verb: two shapes.
public struct TaskShape: Hashable, Sendable {
    /// The first content word (usually the verb), stemmed; empty when the task has no content word.
    public var head: String
    /// The other content words, stemmed, sorted, without duplicates.
    public var words: [String]

    public static let threshold = 0.5

    public init(head: String, words: [String]) {
        self.head = head
        self.words = words
    }

    /// The normalised key, as shown in `--json` (`write: parser test unit`).
    public var key: String { words.isEmpty ? head : head + ": " + words.joined(separator: " ") }

    public var isEmpty: Bool { head.isEmpty }

    /// Jaccard similarity of the non-head words; 1 when both have none.
    public func similarity(_ other: TaskShape) -> Double {
        if words.isEmpty && other.words.isEmpty { return 1 }
        var i = 0, j = 0, shared = 0
        while i < words.count && j < other.words.count {
            if words[i] == other.words[j] { shared += 1; i += 1; j += 1 }
            else if words[i] < other.words[j] { i += 1 }
            else { j += 1 }
        }
        return Double(shared) / Double(words.count + other.words.count - shared)
    }

    /// Whether the two task lines are the same shape (same head, similarity at or above the threshold).
    public func matches(_ other: TaskShape) -> Bool {
        head == other.head && similarity(other) >= TaskShape.threshold
    }

    static let stopWords: Set<String> = Set(("a an the of to in on for with and or but that this these those it its "
        + "is are be been was were as by at from into onto my our your me i we us you so than then when which what "
        + "how why do does did can could should would will some all any more less under over below above about "
        + "without not no yes via per up out off only just also again new use using make sure please way there "
        + "their them they he she his her if else while each every both one two three etc e.g i.e vs").split(separator: " ").map(String.init))

    /// The shape of a task text (several lines read as one).
    public static func of(_ task: String) -> TaskShape {
        var copy = task
        return copy.withUTF8 { of(utf8: $0) }
    }

    /// The shape of a task given as UTF-8 bytes.
    static func of(utf8 b: UnsafeBufferPointer<UInt8>) -> TaskShape {
        var content: [String] = []
        var word: [UInt8] = []
        word.reserveCapacity(32)
        func flush() {
            defer { word.removeAll(keepingCapacity: true) }
            // Trim ' - . / at the edges, and a possessive 's.
            var s = 0, e = word.count
            while s < e, word[s] == 39 || word[s] == 45 || word[s] == 46 || word[s] == 47 { s += 1 }
            while e > s, word[e - 1] == 39 || word[e - 1] == 45 || word[e - 1] == 46 || word[e - 1] == 47 { e -= 1 }
            if e - s >= 2, word[e - 2] == 39, word[e - 1] == 115 { e -= 2 }
            guard e - s >= 2 else { return }
            for k in s..<e {
                let c = word[k]
                // Numbers, code names and paths are particulars, not the shape.
                if (c >= 48 && c <= 57) || c == 95 || c == 46 || c == 47 { return }
            }
            // Hyphenated words count as their parts ("dark-mode" = dark, mode).
            var partStart = s
            for k in s...e where k == e || word[k] == 45 {
                if k - partStart >= 2 {
                    let w = String(decoding: word[partStart..<k], as: UTF8.self)
                    if !stopWords.contains(w) { content.append(stem(w)) }
                }
                partStart = k + 1
            }
        }
        var code = false  // inside backticks
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c == 96 { flush(); code.toggle(); i += 1; continue }
            if code { i += 1; continue }
            if c == 40 && !word.isEmpty { word.removeAll(keepingCapacity: true); i += 1; continue }  // name( : a code name
            if c >= 65 && c <= 90 { word.append(c | 0x20) }
            else if (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 39 || c == 95 || c == 46 || c == 47 || c == 45 {
                word.append(c)
            } else if c == 0xE2, i + 2 < n, b[i + 1] == 0x80, b[i + 2] == 0x99 {  // ’
                word.append(39); i += 3; continue
            } else if c >= 0x80 {
                word.append(c)  // letters of other scripts
            } else {
                flush()
            }
            i += 1
        }
        flush()
        guard let head = content.first else { return TaskShape(head: "", words: []) }
        return TaskShape(head: head, words: Array(Set(content.dropFirst()).subtracting([head])).sorted())
    }

    /// A light suffix stemmer: enough to fold plurals and verb forms, never so much that
    /// unrelated words collide (`ing`, `ed`, `es`, `s`, `ies`; a doubled consonant is undone;
    /// a stem that ended in `e` gets it back: caching -> cache, throttled -> throttle).
    static func stem(_ w: String) -> String {
        var s = Array(w.utf8)
        func ends(_ suffix: StaticString) -> Bool {
            let u = suffix.utf8Start, k = suffix.utf8CodeUnitCount
            guard s.count > k + 2 else { return false }
            for j in 0..<k where s[s.count - k + j] != u[j] { return false }
            return true
        }
        if ends("ies") { s.removeLast(3); s.append(121) }  // -ies: policies -> policy
        else if ends("sses") { s.removeLast(2) }  // -sses
        else if ends("ing") { s.removeLast(3); restoreE(&s) }  // -ing
        else if ends("ed") && s[s.count - 3] != 101 { s.removeLast(2); restoreE(&s) }  // not -eed: speed, need  // -ed
        else if ends("es"), let c = s.dropLast(2).last, c == 120 || c == 122 || c == 104 || c == 115 { s.removeLast(2) }  // boxes, matches
        else if ends("s"), s[s.count - 2] != 115, s[s.count - 2] != 117, s[s.count - 2] != 105 { s.removeLast() }  // not -ss, -us, -is
        return String(decoding: s, as: UTF8.self)
    }

    /// After removing `ing`/`ed`: undo a doubled final consonant (`mapped` -> `map`), or give back
    /// the `e` a consonant-vowel-consonant stem lost (`caching` -> `cache`, `throttled` -> `throttle`).
    private static func restoreE(_ s: inout [UInt8]) {
        let vowels: Set<UInt8> = Set("aeiouy".utf8)
        guard s.count >= 2 else { return }
        let last = s[s.count - 1], before = s[s.count - 2]
        if last == before && !vowels.contains(last) && last != 108 && last != 115 && last != 122 { s.removeLast(); return }  // mapped; not ll, ss, zz
        // Endings that usually lost an `e`: -at, -iz, -bl, -tl, -dl, -ch (cach), -us, -ov, -at, -ur, -iv, -uc
        let pairs: [(UInt8, UInt8)] = [(97, 116), (105, 122), (98, 108), (116, 108), (100, 108), (99, 104), (117, 115),
                                       (111, 118), (117, 114), (105, 118), (117, 99), (97, 115), (114, 115), (97, 103),
                                       (111, 100), (97, 107), (105, 100), (111, 116)]
        if pairs.contains(where: { $0.0 == before && $0.1 == last }) { s.append(101) }
    }
}
