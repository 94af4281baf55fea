import CSupport

/// A prompt a person typed into another tool (a coding agent or a chat app), as a hook or an
/// importer found it, before it becomes a block.
public struct CapturedPrompt: Sendable, Equatable {
    /// The tool, session and prompt id: the block's SOURCE line and its dedupe key.
    public var source: SourceRef
    /// When the prompt was sent, in local time with its offset (the way plog writes headers).
    public var timestamp: Timestamp
    /// The prompt as the person typed it, after `PromptText.clean` (machine wrappers and inline
    /// system reminders removed, pasted text expanded where the tool stores it apart).
    public var text: String
    /// The model that answered, as the tool records it; nil when the tool does not say.
    public var model: String?
    /// The project, by the rule of the front end that captured it (see `CaptureDefaults`).
    public var project: String?

    public init(source: SourceRef, timestamp: Timestamp, text: String, model: String? = nil, project: String? = nil) {
        self.source = source; self.timestamp = timestamp; self.text = text; self.model = model; self.project = project
    }

    /// The block plog writes for this prompt: header, a TASK derived from the text
    /// (`CaptureRules.task`), the SOURCE line and the prompt; no OUTCOME (the user's verdict
    /// comes later, from `plog outcome`).
    public var block: NewBlock {
        var b = NewBlock(timestamp: timestamp, model: model, project: project,
                         task: CaptureRules.task(from: text), prompt: text)
        b.source = source
        return b
    }

    /// The block's bytes with credentials replaced by `[redacted:KIND]` (the scanner of `plog add`),
    /// and what was replaced (kinds and lines of the prompt, never the secrets). The prompt is
    /// redacted before its TASK is derived: a TASK cut in the middle of a key would keep a part
    /// of it that the scanner no longer recognises.
    public func rendered() -> (bytes: [UInt8], secrets: [SecretFinding]) {
        let (redacted, findings) = SecretScanner.redact(Array(text.utf8))
        var copy = self
        copy.text = String(decoding: redacted, as: UTF8.self)
        return (copy.block.render(), findings)
    }
}

/// Which captured prompts become blocks, and the TASK they get.
///
/// Counted: what a person typed. Never counted: text that a tool wrote in the person's place
/// (`PromptText.isMachineText`). Skipped by default as trivial: a confirmation or nudge that
/// says nothing on its own (`yes`, `ok`, `continue`, `thanks` ..., compared without case, spaces
/// and end punctuation) and a lone slash command (`/clear`). Set in the config file:
///
///     capture.skip-trivial = false          # keep trivial prompts too (default true)
///     capture.trivial = yes, ok, ship it    # the trivial phrases (replaces the default list)
public struct CaptureRules: Sendable, Equatable {
    /// The phrases skipped as trivial by default.
    public static let defaultTrivial: [String] = [
        "y", "yes", "yep", "yeah", "yup", "sure", "ok", "okay", "k", "kk", "n", "no", "nope",
        "continue", "go", "go on", "go ahead", "proceed", "next", "keep going", "carry on", "do it",
        "please continue", "continue please", "try again", "retry", "again", "done", "stop",
        "thanks", "thank you", "thx", "ty", "cool", "great", "nice", "perfect", "lgtm", "good",
        "1", "2", "3",
    ]

    /// Whether trivial prompts are skipped. Default true.
    public var skipTrivial: Bool
    /// The trivial phrases, normalised (lower case, single spaces, no end punctuation).
    public var trivial: Set<String>

    public init(skipTrivial: Bool = true, trivial: [String] = CaptureRules.defaultTrivial) {
        self.skipTrivial = skipTrivial
        self.trivial = Set(trivial.map(CaptureRules.normalised).filter { !$0.isEmpty })
    }

    /// The rules set in `config` (`capture.skip-trivial`, `capture.trivial`), defaults otherwise.
    public init(config: Config) {
        let skip = config["capture.skip-trivial"].map { $0 == "true" } ?? true
        let list = config["capture.trivial"].map { $0.split(separator: ",").map(String.init) } ?? CaptureRules.defaultTrivial
        self.init(skipTrivial: skip, trivial: list)
    }

    public enum Decision: String, Sendable, Equatable {
        /// A prompt a person typed: log it.
        case keep
        /// Nothing left after cleaning.
        case empty
        /// Text a tool wrote in the person's place (command output, injected context, summaries).
        case machine
        /// A confirmation, a nudge or a lone slash command.
        case trivial
    }

    /// What to do with `text` (already cleaned with `PromptText.clean`).
    public func judge(_ text: String) -> Decision {
        guard text.utf8.contains(where: { $0 != 32 && $0 != 10 && $0 != 13 && $0 != 9 }) else { return .empty }
        if PromptText.isMachineText(text) { return .machine }
        guard skipTrivial else { return .keep }
        // Trivial phrases and lone slash commands are short: a long prompt is never one (and is
        // not folded, which would cost time on every imported prompt).
        guard text.utf8.count <= 200 else { return .keep }
        let words = BlockRenderer.oneLine(text)
        if CaptureRules.isLoneSlashCommand(words) { return .trivial }
        return trivial.contains(CaptureRules.normalised(words)) ? .trivial : .keep
    }

    /// `/word` alone (letters, digits, `:`, `_`, `-` after the slash).
    static func isLoneSlashCommand(_ s: String) -> Bool {
        guard s.first == "/", s.count > 1 else { return false }
        return s.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "_" || $0 == "-" }
    }

    /// Lower case, whitespace folded, end punctuation and emoji-free ends trimmed (`OK!` is `ok`).
    static func normalised(_ s: String) -> String {
        var t = BlockRenderer.oneLine(s).lowercased()
        while let last = t.last, ".!?,;:…".contains(last) || last == " " { t.removeLast() }
        while let first = t.first, first == " " { t.removeFirst() }
        return t
    }

    /// The longest TASK derived from a prompt, in characters (before the `…`).
    public static let taskLength = 72

    /// A captured prompt's TASK: its first line with text, cut at the end of its first sentence
    /// (`.`, `?` or `!` followed by a space), Markdown list or heading marks removed from the
    /// start, whitespace folded; then, when longer than 72 characters, cut at the last word
    /// boundary before that and ended with `…`. Nil when the prompt has no text.
    public static func task(from prompt: String) -> String? {
        // Only the first line with text is read, and only its first 1,000 bytes: a TASK is short,
        // and prompts can be megabytes of pasted text.
        var rest = Substring(prompt)
        var line = ""
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(where: { $0 == 10 || $0 == 13 }) ?? rest.endIndex
            let candidate = rest[..<end]
            let head = candidate.utf8.count > 1_000
                ? String(decoding: candidate.utf8.prefix(1_000), as: UTF8.self) : String(candidate)
            line = BlockRenderer.oneLine(head)
            if !line.isEmpty { break }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        guard !line.isEmpty else { return nil }
        var s = Substring(line)
        while let f = s.first, "#>*-•".contains(f) { s = s.dropFirst().drop { $0 == " " } }
        if s.isEmpty { s = Substring(line) }
        // The first sentence: end punctuation followed by a space.
        var i = s.startIndex
        while i < s.endIndex {
            let next = s.index(after: i)
            if ".?!".contains(s[i]), next < s.endIndex, s[next] == " ", s.distance(from: s.startIndex, to: i) >= 12 {
                s = s[...i]
                break
            }
            i = next
        }
        var task = String(s)
        if task.count > taskLength {
            let cut = task.prefix(taskLength)
            if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= taskLength / 2 {
                task = String(cut[..<space])
            } else {
                task = String(cut)
            }
            while let last = task.last, ",;:-–—".contains(last) || last == " " { task.removeLast() }
            task += "…"
        }
        return task
    }
}

/// The text of prompts captured from other tools: what is the person's, and what a tool put there.
public enum PromptText {
    /// Openings that mark text a tool wrote in a person's place: command wrappers and output,
    /// shell escapes, injected context and instructions, compaction summaries, interruptions and
    /// notifications (the lists of Claude Code's, Codex's and Gemini CLI's own transcript readers).
    public static let machineOpenings: [String] = [
        "<command-name>", "<command-message>", "<command-args>",
        "<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>",
        "Caveat: The messages below were generated",
        "<bash-input>", "<bash-stdout>", "<bash-stderr>",
        "<task-notification>", "[Request interrupted by user", "Base directory for this skill:",
        "<system-reminder>", "<ide_opened_file>", "<ide_selection>",
        "This session is being continued from a previous conversation",
        "<environment_context>", "<user_instructions>", "<permissions", "<recommended_plugins>",
        "<skill>", "<turn_aborted>", "<user_shell_command>", "# AGENTS.md instructions",
    ]

    /// Whether `text` (cleaned) is a tool's text rather than a person's.
    public static func isMachineText(_ text: String) -> Bool {
        let start = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        return machineOpenings.contains { start.hasPrefix($0) }
    }

    /// `text` with every `<system-reminder>…</system-reminder>` removed (tools add them inside
    /// a person's prompt) and blank lines at either end dropped. An unclosed reminder runs to the end.
    public static func clean(_ text: String) -> String {
        let open = Array("<system-reminder>".utf8), close = Array("</system-reminder>".utf8)
        let bytes = Array(text.utf8)
        guard var s = find(open, in: bytes, from: 0) else { return trimBlankLines(text) }
        var out: [UInt8] = []
        var from = 0
        while true {
            out += bytes[from..<s]
            guard let e = find(close, in: bytes, from: s + open.count) else { from = bytes.count; break }
            from = e + close.count
            guard let next = find(open, in: bytes, from: from) else { break }
            s = next
        }
        out += bytes[from...]
        return trimBlankLines(String(decoding: out, as: UTF8.self))
    }

    /// The offset of the first `needle` in `hay` at or after `from`.
    static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        guard needle.count <= hay.count - from else { return nil }
        return hay.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                guard let p = plog_memmem(h.baseAddress! + from, h.count - from, n.baseAddress!, n.count) else { return nil }
                return h.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// Blank lines and trailing whitespace at either end removed; inner text untouched.
    static func trimBlankLines(_ s: String) -> String {
        var lines = s.split(separator: "\n", omittingEmptySubsequences: false)
        while let f = lines.first, f.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let l = lines.last, l.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
