/// A block to be written, in plog's canonical form.
public struct NewBlock: Sendable, Equatable {
    public var timestamp: Timestamp
    public var model: String?
    public var project: String?
    /// One line; newlines are folded to spaces when rendered so the task cannot start a section.
    public var task: String?
    /// Where a captured prompt came from; written as `SOURCE:` right after TASK. Default nil.
    public var source: SourceRef?
    /// The prompt's bytes, verbatim. Rendered with every line quoted `> ` (an empty line as `>`).
    public var prompt: [UInt8]
    /// OUTCOME bullets, one `- ` line each; a bullet's own newlines become indented continuation lines.
    public var outcomes: [String]
    /// Further sections (`NOTES`, `CONTEXT`, `TEMPLATE` ...), written after OUTCOME.
    public var extraSections: [Section]

    public init(timestamp: Timestamp, model: String? = nil, project: String? = nil, task: String? = nil,
                prompt: [UInt8] = [], outcomes: [String] = [], extraSections: [Section] = []) {
        self.timestamp = timestamp; self.model = model; self.project = project; self.task = task
        self.prompt = prompt; self.outcomes = outcomes; self.extraSections = extraSections
    }

    public init(timestamp: Timestamp, model: String? = nil, project: String? = nil, task: String? = nil,
                prompt: String, outcomes: [String] = [], extraSections: [Section] = []) {
        self.init(timestamp: timestamp, model: model, project: project, task: task, prompt: Array(prompt.utf8),
                  outcomes: outcomes, extraSections: extraSections)
    }

    /// The block as plog writes it, ending with a single `\n` (the blank separator line is
    /// added by the appender, before the next block).
    public func render() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(prompt.count + prompt.count / 16 + 256)
        out += BlockRenderer.headerLine(timestamp: timestamp, model: model, project: project).utf8
        var sectionsWritten = 0
        func startSection(_ keywordLine: String) {
            if sectionsWritten > 0 { out.append(10) }
            out += keywordLine.utf8
            out.append(10)
            sectionsWritten += 1
        }
        if let task = task.map(BlockRenderer.oneLine), !task.isEmpty {
            startSection("TASK: " + task)
        }
        if let source {
            startSection("SOURCE: " + source.description)
        }
        let promptLines = BlockRenderer.lines(of: BlockRenderer.trimBlankEdges(prompt))
        if !promptLines.isEmpty {
            startSection("PROMPT:")
            for line in promptLines {
                if line.isEmpty { out += [62, 10] } else { out += [62, 32]; out += line; out.append(10) }
            }
        }
        let bullets = outcomes.filter { !$0.allSatisfy(\.isWhitespace) }
        if !bullets.isEmpty {
            startSection("OUTCOME:")
            for b in bullets { out += BlockRenderer.bullet(b).utf8 }
        }
        for s in extraSections {
            startSection(s.inline.isEmpty ? s.name + ":" : s.name + ": " + s.inline)
            for line in s.lines { out += line.utf8; out.append(10) }
        }
        return out
    }
}

public extension NewBlock {
    /// The canonical form of a parsed block (what `render` would have written for it).
    init(_ block: Block) {
        // A SOURCE line that reads as one (and has no lines under it) is rendered in its place;
        // any other stays as written, among the further sections.
        let source = block.section("SOURCE").flatMap { $0.body.isEmpty ? block.source : nil }
        var sourceTaken = source == nil
        let extra = block.sections.filter {
            if $0.name == "SOURCE" && !sourceTaken { sourceTaken = true; return false }
            return !["TASK", "PROMPT", "OUTCOME"].contains($0.name)
        }
        self.init(timestamp: block.timestamp, model: block.model, project: block.project, task: block.task,
                  prompt: Array((block.prompt ?? "").utf8), outcomes: block.outcomeBullets, extraSections: extra)
        self.source = source
    }
}

public enum BlockRenderer {
    /// `## <timestamp>  <model>  <project>\n`, with `-` for a missing model when a project follows.
    public static func headerLine(timestamp: Timestamp, model: String?, project: String?) -> String {
        var line = "## " + timestamp.text
        let m = model.map(oneLine).flatMap { $0.isEmpty ? nil : $0 }
        let p = project.map(oneLine).flatMap { $0.isEmpty ? nil : $0 }
        if let m { line += "  " + m } else if p != nil { line += "  -" }
        if let p { line += "  " + p }
        return line + "\n"
    }

    /// An OUTCOME bullet line (or lines): `- text`, continuation lines indented two spaces.
    public static func bullet(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard let first = lines.first else { return "" }
        var s = "- " + first + "\n"
        for l in lines.dropFirst() { s += "  " + l + "\n" }
        return s
    }

    /// Newlines, tabs and runs of spaces folded to single spaces; ends trimmed. A header field
    /// or a task must stay on one line, and a double space would split a header field.
    public static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" })
            .joined(separator: " ")
    }

    /// Lines of `bytes`, split at `\n`, with a `\r` before each `\n` dropped.
    static func lines(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        guard !bytes.isEmpty else { return [] }
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        if bytes.last == 10 { lines.removeLast() }
        return lines.map { $0.last == 13 ? $0.dropLast() : $0 }
    }

    /// `bytes` without blank lines at the start and the end (inner blank lines stay).
    static func trimBlankEdges(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isBlank: (UInt8) -> Bool = { $0 == 10 || $0 == 13 || $0 == 32 || $0 == 9 }
        var e = bytes.count
        while e > 0 && isBlank(bytes[e - 1]) { e -= 1 }
        if e == 0 { return [] }
        // Keep trailing spaces of the last line: cut back only to the last newline found.
        if let nl = bytes[e..<bytes.count].firstIndex(of: 10) { e = nl } else { e = bytes.count }
        var s = 0
        var lineStart = 0
        while s < e {
            let c = bytes[s]
            if c == 10 { lineStart = s + 1 } else if !isBlank(c) { break }
            s += 1
        }
        return bytes[min(lineStart, e)..<e]
    }
}
