/// Where a captured block came from: its `SOURCE:` line, written right after TASK.
///
///     SOURCE: claude-code 0fd6a5d1-c1e4-494f-82d6-9391ccc1797d 7c1e2f0a-9b1d-4c55-a0e2-3f1d2c4b5a69
///
/// Three words: the tool, the session id in that tool, and the prompt's own id in that tool. It
/// is the key that keeps a prompt from being logged twice (by the hook and again by an import, or
/// by two imports), kept in the text so that it survives sync and needs no hidden state. A word
/// that would contain whitespace or `%` is written with those bytes percent-encoded; a missing
/// word is `-`. Words after the third are kept but not read.
public struct SourceRef: Hashable, Sendable, CustomStringConvertible {
    /// The tools plog captures from, as written in the first word.
    public static let tools = ["claude-code", "codex", "gemini", "cursor", "aider", "chatgpt", "llm"]

    public var tool: String
    /// The session (conversation, thread) id in the tool; `nil` when the tool has none.
    public var session: String?
    /// The prompt's own id in the tool (a message id, a line uuid, or a key the importer derives).
    public var id: String

    public init(tool: String, session: String?, id: String) {
        self.tool = tool; self.session = session; self.id = id
    }

    /// The inline text of the SOURCE line.
    public var description: String {
        [tool, session ?? "-", id].map(SourceRef.encode).joined(separator: " ")
    }

    /// Reads the inline text of a SOURCE line; nil when it has fewer than three words.
    public static func parse(_ inline: String) -> SourceRef? {
        let words = inline.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { decode(String($0)) }
        guard words.count >= 3, !words[0].isEmpty else { return nil }
        return SourceRef(tool: words[0], session: words[1] == "-" ? nil : words[1], id: words[2])
    }

    static func encode(_ word: String) -> String {
        if word.isEmpty { return "-" }
        guard word.utf8.contains(where: { $0 <= 32 || $0 == 37 || $0 == 127 }) else { return word }
        var bytes: [UInt8] = []
        for b in word.utf8 {
            if b <= 32 || b == 37 || b == 127 {
                let hex = Array(String(b, radix: 16, uppercase: true).utf8)
                bytes.append(37)
                if hex.count == 1 { bytes.append(48) }
                bytes += hex
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decode(_ word: String) -> String {
        guard word.utf8.contains(37) else { return word }
        var bytes: [UInt8] = []
        let u = Array(word.utf8)
        var i = 0
        while i < u.count {
            if u[i] == 37, i + 2 < u.count, let v = UInt8(String(decoding: u[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
