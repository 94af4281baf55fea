/// Finds a pattern in bytes. The one implementation in plog is `PCRE2Matcher`; recall and the
/// secret scanner depend only on this protocol.
///
/// A matcher keeps scratch memory between calls, so one instance must not be used by two
/// threads at once: give each thread its own `copy()` (cheap; the compiled pattern is shared).
public protocol Matcher: AnyObject {
    /// The pattern as the user gave it (for messages).
    var pattern: String { get }

    /// The leftmost match that starts at or after `start`, as byte offsets into `subject`;
    /// `nil` when there is none. Bytes before `start` are visible to lookbehind and `\b`;
    /// bytes after `subject` are not visible at all (the subject ends there).
    /// Throws `PlogError.matchLimit` when the pattern needs more backtracking than allowed.
    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Range<Int>?

    /// Another matcher for the same pattern, with its own scratch memory, for another thread.
    func copy() -> Matcher
}

extension Matcher {
    /// Whether the pattern matches anywhere in `bytes`.
    public func matches(_ bytes: [UInt8]) throws -> Bool {
        try bytes.withUnsafeBufferPointer { try firstMatch(in: $0, from: 0) != nil }
    }

    /// Whether the pattern matches anywhere in `text` (its UTF-8 bytes).
    public func matches(_ text: String) throws -> Bool {
        var text = text
        return try text.withUTF8 { try firstMatch(in: $0, from: 0) != nil }
    }

    /// Every non-overlapping match in `subject`, left to right. An empty match advances by one byte.
    public func allMatches(in subject: UnsafeBufferPointer<UInt8>) throws -> [Range<Int>] {
        var out: [Range<Int>] = []
        var p = 0
        while p <= subject.count, let m = try firstMatch(in: subject, from: p) {
            out.append(m)
            p = m.isEmpty ? m.upperBound + 1 : m.upperBound
        }
        return out
    }
}
