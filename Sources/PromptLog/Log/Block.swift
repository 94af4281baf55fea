import CSupport

/// One section of a block: `NAME:` at column 0, the text after the colon on the same line,
/// and the lines that follow it up to the next section or block.
public struct Section: Hashable, Sendable {
    /// The keyword, upper case, without the colon (`TASK`, `PROMPT`, `OUTCOME`, `NOTES` ...).
    public var name: String
    /// Text after `NAME:` on the keyword line, one leading space removed.
    public var inline: String
    /// The following lines as written, joined by `\n` (a trailing `\r` on each line removed),
    /// leading and trailing blank lines dropped.
    public var body: String

    /// `body` split into lines; empty when the section has no lines after its keyword line.
    public var lines: [String] {
        body.isEmpty ? [] : body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    public init(name: String, inline: String = "", body: String = "") {
        self.name = name; self.inline = inline; self.body = body
    }

    public init(name: String, inline: String = "", lines: [String]) {
        self.init(name: name, inline: inline, body: lines.joined(separator: "\n"))
    }
}

/// Where a block sits in a log, found without decoding it.
public struct BlockSpan: Hashable, Sendable {
    /// Byte offset of the header line.
    public var offset: Int
    /// Byte offset just past the block: the next header, or the end of the log. Includes
    /// the blank separator lines.
    public var end: Int
    /// Byte offset just past the header line (its `\n` included).
    public var headerEnd: Int
    /// 1-based line number of the header, or 0 when the scan was asked not to count lines.
    public var line: Int
}

/// A parsed block. `raw` holds the user's bytes exactly; the fields are decoded views of them
/// (invalid UTF-8 shows as U+FFFD in the fields, never in `raw`).
public struct Block: Sendable {
    public var span: BlockSpan
    public var timestamp: Timestamp
    /// The second header field; `nil` when absent or written as `-`.
    public var model: String?
    /// The third header field; `nil` when absent or written as `-`.
    public var project: String?
    /// Header fields after the project, kept so nothing is dropped.
    public var extraHeaderFields: [String]
    /// Lines between the header and the first section (rare; kept).
    public var leadingLines: [String]
    /// Sections in the order written.
    public var sections: [Section]
    /// The block's bytes from its header to the end of its last non-blank line, line end included.
    public var raw: [UInt8]

    public var offset: Int { span.offset }
    public var line: Int { span.line }

    /// The first section named `name` (upper case).
    public func section(_ name: String) -> Section? { sections.first { $0.name == name } }

    /// TASK text: the first TASK section's inline text and following lines, each without the
    /// spaces, tabs and `\r`s around it, blank ones left out, joined by newlines; nil when
    /// nothing is left. The line rule is `plog_task_line`, which stats reads tasks with (stats
    /// joins the lines with a space for its repeated-task table).
    public var task: String? {
        guard let s = section("TASK") else { return nil }
        var parts: [String] = []
        for line in [s.inline] + s.lines {
            var line = line
            let trimmed = line.withUTF8 { b -> String? in
                guard let base = b.baseAddress else { return nil }
                var start = 0, end = b.count
                guard plog_task_line(base, &start, &end) != 0 else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
            }
            if let trimmed { parts.append(trimmed) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// The prompt with its `> ` quoting removed. Lines missing their quote are kept as written.
    public var prompt: String? {
        guard let s = section("PROMPT") else { return nil }
        var lines = s.lines.map(Block.unquote)
        if !s.inline.isEmpty { lines.insert(s.inline, at: 0) }
        while let f = lines.first, f.isEmpty { lines.removeFirst() }
        while let l = lines.last, l.isEmpty { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// OUTCOME bullets, each without its `- `; indented continuation lines joined with `\n`.
    /// Lines that are not bullets become bullets of their own, so nothing is dropped.
    public var outcomeBullets: [String] {
        outcomeSections.flatMap { Block.bullets(of: $0) }
    }

    /// All OUTCOME sections (a later `plog outcome` may add a second one).
    public var outcomeSections: [Section] { sections.filter { $0.name == "OUTCOME" } }

    /// The tool, session and prompt id of a captured block (its first `SOURCE:` line); nil for
    /// blocks written by hand or when the line has fewer than three words.
    public var source: SourceRef? {
        section("SOURCE").flatMap { SourceRef.parse($0.inline) }
    }

    /// Whether the block has an OUTCOME section at all.
    public var hasOutcome: Bool { sections.contains { $0.name == "OUTCOME" } }

    /// The first OUTCOME bullet, which carries the verdict.
    public var verdictText: String? { outcomeBullets.first }

    /// A prompt line without its quoting (`plog_unquote`: `> ` removed, `>` alone empty).
    static func unquote(_ line: String) -> String {
        var line = line
        return line.withUTF8 { b in
            guard let base = b.baseAddress else { return "" }
            let start = plog_unquote(base, b.count)
            return start == 0 ? String(decoding: b, as: UTF8.self) : String(decoding: UnsafeBufferPointer(rebasing: b[start...]), as: UTF8.self)
        }
    }

    /// The bullets of one OUTCOME section, by `plog_outcome_line` (the rule stats reads the
    /// first bullet with): the inline text, unless blank, is a bullet, whole; `- text` starts one; an indented line
    /// continues the one before (joined with `\n`); blank lines are skipped; any other line is a
    /// bullet of its own, kept whole.
    static func bullets(of s: Section) -> [String] {
        var out: [String] = []
        for (i, line) in ([s.inline] + s.lines).enumerated() {
            var line = line
            line.withUTF8 { b in
                guard let base = b.baseAddress else { return }
                var text = 0
                let kind = Int(plog_outcome_line(base, 0, b.count, &text))
                func from(_ i: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[i...]), as: UTF8.self) }
                switch kind {
                case PLOG_OUTCOME_BLANK: break
                case _ where i == 0: out.append(from(0))  // the inline text, whole
                case PLOG_OUTCOME_BULLET: out.append(from(text))
                case PLOG_OUTCOME_CONTINUATION where !out.isEmpty: out[out.count - 1] += "\n" + from(text)
                default: out.append(from(0))
                }
            }
        }
        return out
    }
}
