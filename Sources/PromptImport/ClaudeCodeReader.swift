import PromptLog

/// Claude Code's history: the session transcripts (`projects/<dir>/<session>.jsonl`) and the
/// prompt-recall file `history.jsonl`, which outlives the transcripts (they are swept after
/// `cleanupPeriodDays`, 30 by default).
///
/// A transcript line is a prompt a person typed when it is a `user` line that is not sidechain
/// (subagent) traffic, not `isMeta`, not a compaction summary, carries no tool result, and whose
/// text is not a wrapper Claude Code writes itself (`PromptText.isMachineText`); a slash command
/// with arguments is kept as `/name args`. A `queue-operation` line with `operation: remove`
/// is a prompt typed while the agent was busy, and counts too. The model is the `message.model`
/// of the next assistant line (`<synthetic>`, which marks API errors, is not a model). The
/// project comes from the line's `cwd` (`ProjectNamer`).
///
/// Each prompt once: resumed and forked sessions copy earlier lines, keeping their `uuid`, so a
/// line whose `uuid` was seen is skipped; transcripts are read oldest first (by modification
/// time), so a prompt keeps the session it was typed in. A `history.jsonl` entry is skipped when
/// a transcript held the same text in the same session, or the same text within ten minutes.
package struct ClaudeCodeReader: HistoryReader {
    package static let tool = "claude-code"

    package init() {}

    /// `$CLAUDE_CONFIG_DIR`, `~/.claude` and `~/.config/claude` (Claude Code's old Linux home),
    /// those that exist.
    package static func defaultPaths(env: Environment) -> [String] {
        var dirs: [String] = []
        if let d = env["CLAUDE_CONFIG_DIR"], !d.isEmpty { dirs.append(env.absolutePath(d)) }
        dirs += [env.home + "/.claude", env.home + "/.config/claude"]
        var seen = Set<String>()
        return dirs.filter { Path.isDirectory($0) && seen.insert($0).inserted }
    }

    /// The transcripts and recall files to read under `paths`: a configuration directory
    /// (holding `projects/` or `history.jsonl`) gives both; any other directory, its `.jsonl`
    /// files; a file named `history.jsonl` is a recall file, any other file a transcript.
    /// Subagent transcripts (`subagents/`, `agent-*.jsonl`) are left out.
    static func files(_ paths: [String]) throws -> (transcripts: [String], histories: [String]) {
        var transcripts: [String] = [], histories: [String] = []
        func isTranscript(_ path: String, _ name: String) -> Bool {
            name.hasSuffix(".jsonl") && !name.hasPrefix("agent-") && name != "history.jsonl"
        }
        for path in paths {
            if Path.isDirectory(path) {
                let isHome = Path.isDirectory(path + "/projects") || Path.exists(path + "/history.jsonl")
                let root = isHome ? path + "/projects" : path
                if Path.isDirectory(root) {
                    transcripts += ImportFiles.walk(root, want: isTranscript, skipDirectory: { $0 == "subagents" })
                }
                if isHome {
                    if Path.exists(path + "/history.jsonl") { histories.append(path + "/history.jsonl") }
                } else {
                    histories += ImportFiles.walk(root, want: { _, name in name == "history.jsonl" },
                                                  skipDirectory: { $0 == "subagents" })
                }
            } else {
                // A named file must open: say so now rather than import nothing.
                close(try FileIO.openRegular(path, flags: O_RDONLY))
                if Path.basename(path) == "history.jsonl" { histories.append(path) } else { transcripts.append(path) }
            }
        }
        let byAge = transcripts.map { ($0, ImportFiles.modificationTime($0)) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.0)
        return (byAge, histories.sorted())
    }

    package func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        let (transcripts, histories) = try ClaudeCodeReader.files(paths)
        var state = State()
        for file in transcripts {
            try readTranscript(file, state: &state, tally: &tally, emit: emit)
        }
        for file in histories {
            try readHistory(file, state: &state, tally: &tally, emit: emit)
        }
    }

    /// What the reader remembers across files: the lines it emitted (by uuid) and their text.
    struct State {
        var seenLines = Set<String>()
        var texts = SessionTexts()
        let projects = ProjectNamer()
    }

    func readTranscript(_ path: String, state: inout State, tally: inout ImportTally,
                        emit: (CapturedPrompt) throws -> Void) throws {
        // A prompt waits for the next assistant line, which names the model that answered.
        var pending: CapturedPrompt?
        // A prompt typed while the agent was busy (a queue operation) names no directory, and may
        // have no assistant line after it: it gets the session's directory and current model.
        var lastCwd: String?, lastModel: String?, pendingIsQueued = false
        func flush() throws {
            if var p = pending {
                if pendingIsQueued && p.model == nil { p.model = lastModel }
                try emit(p)
            }
            pending = nil
            pendingIsQueued = false
        }
        try LineReader.forEachLine(path: path) { line, _ in
            if line.has(#""type":"assistant""#) {
                guard pending != nil, !line.has(#""isSidechain":true"#) else { return }
                guard let value = try? JSONValue.parse(line), value["type"]?.stringValue == "assistant" else { return }
                if let model = value["message"]?["model"]?.stringValue, !model.isEmpty, model != "<synthetic>" {
                    lastModel = model
                    pending?.model = model
                    try flush()
                }
                return
            }
            if line.has(#""type":"user""#) {
                // Tool results are most of a transcript's user lines: skipped without parsing.
                // (Inside a JSON string the quotes would be escaped, so prompt text cannot match.)
                if line.has(#""type":"tool_result""#) || line.has(#""toolUseResult":"#) {
                    tally.notTyped += 1
                    return
                }
                guard let value = try? JSONValue.parse(line) else { tally.unreadable += 1; return }
                guard value["type"]?.stringValue == "user" else { return }
                if let cwd = value["cwd"]?.stringValue { lastCwd = cwd }
                guard let prompt = typedPrompt(value, state: &state, tally: &tally) else { return }
                try flush()
                pending = prompt
                return
            }
            if line.has(#""type":"queue-operation""#) && line.has(#""operation":"remove""#) {
                guard let value = try? JSONValue.parse(line) else { tally.unreadable += 1; return }
                guard value["type"]?.stringValue == "queue-operation", value["operation"]?.stringValue == "remove",
                      let raw = value["content"]?.stringValue, let session = value["sessionId"]?.stringValue,
                      let time = value["timestamp"]?.stringValue.flatMap(ImportFiles.localTime) else {
                    tally.notTyped += 1
                    return
                }
                let text = PromptText.clean(raw)
                let id = "q-" + StableHash.hex(session, time.canonical, text)
                guard state.seenLines.insert(id).inserted else { return }
                state.texts.note(session: session, text: text, epoch: time.epochSeconds)
                try flush()
                pending = CapturedPrompt(source: SourceRef(tool: Self.tool, session: session, id: id),
                                         timestamp: time, text: text,
                                         project: state.projects.project(cwd: value["cwd"]?.stringValue ?? lastCwd))
                pendingIsQueued = true
                return
            }
            // Lines of no interest are not parsed (that is the speed of an import); one that is
            // not even shaped like a JSON object is counted as unreadable.
            if !ClaudeCodeReader.looksLikeObject(line) { tally.unreadable += 1 }
        }
        try flush()
    }

    /// Whether `line` starts with `{` and ends with `}` (spaces aside), or is blank.
    static func looksLikeObject(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let isSpace: (UInt8) -> Bool = { $0 == 32 || $0 == 13 || $0 == 9 }
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else { return true }
        return line[first] == UInt8(ascii: "{") && line[last] == UInt8(ascii: "}")
    }

    /// The prompt a `user` line holds when a person typed it; nil (and counted) otherwise.
    func typedPrompt(_ value: JSONValue, state: inout State, tally: inout ImportTally) -> CapturedPrompt? {
        if value["isSidechain"]?.boolValue == true || value["isMeta"]?.boolValue == true
            || value["isCompactSummary"]?.boolValue == true || value["toolUseResult"] != nil {
            tally.notTyped += 1
            return nil
        }
        guard let uuid = value["uuid"]?.stringValue, let session = value["sessionId"]?.stringValue,
              let time = value["timestamp"]?.stringValue.flatMap(ImportFiles.localTime) else {
            tally.unreadable += 1
            return nil
        }
        guard let raw = ClaudeCodeReader.text(of: value["message"]?["content"]) else {
            tally.notTyped += 1
            return nil
        }
        // A copy of a line already read (a resumed or forked session): the same prompt.
        guard state.seenLines.insert(uuid).inserted else { return nil }
        let text = PromptText.clean(ClaudeCodeReader.slashCommand(raw) ?? raw)
        state.texts.note(session: session, text: text, epoch: time.epochSeconds)
        return CapturedPrompt(source: SourceRef(tool: Self.tool, session: session, id: uuid), timestamp: time,
                              text: text, project: state.projects.project(cwd: value["cwd"]?.stringValue))
    }

    /// The text of a user message's content: the string, or the `text` blocks of the array
    /// joined by a blank line; nil when the array holds a tool result or no text.
    static func text(of content: JSONValue?) -> String? {
        if let s = content?.stringValue { return s }
        guard let items = content?.arrayValue else { return nil }
        var parts: [String] = []
        for item in items {
            switch item["type"]?.stringValue {
            case "tool_result": return nil
            case "text": if let t = item["text"]?.stringValue { parts.append(t) }
            default: break
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// `/name args` for a slash command Claude Code wrapped
    /// (`<command-name>/name</command-name>...<command-args>args</command-args>`); nil otherwise.
    static func slashCommand(_ text: String) -> String? {
        guard text.contains("<command-name>"), !text.contains("<local-command-stdout>"),
              let name = between(text, "<command-name>", "</command-name>") else { return nil }
        let args = between(text, "<command-args>", "</command-args>") ?? ""
        let command = name.hasPrefix("/") ? name : "/" + name
        let trimmed = args.trimmingCharacters(in: " \n\t")
        return trimmed.isEmpty ? command : command + " " + trimmed
    }

    static func between(_ s: String, _ open: String, _ close: String) -> String? {
        guard let a = s.firstRange(of: open), let b = s[a.upperBound...].firstRange(of: close) else { return nil }
        return String(s[a.upperBound..<b.lowerBound])
    }

    /// Reads `history.jsonl`: `display` with `[Pasted text #N ...]` expanded from
    /// `pastedContents` (or the `paste-cache` beside it), `timestamp` in milliseconds,
    /// `project` the directory, `sessionId` when the version wrote one.
    func readHistory(_ path: String, state: inout State, tally: inout ImportTally,
                     emit: (CapturedPrompt) throws -> Void) throws {
        let pasteCache = Path.dirname(path) + "/paste-cache"
        try LineReader.forEachLine(path: path) { line, _ in
            if line.isEmpty { return }
            guard let value = try? JSONValue.parse(line), let display = value["display"]?.stringValue,
                  let ms = value["timestamp"]?.doubleValue.map({ Int($0) }) else {
                tally.unreadable += 1
                return
            }
            let session = value["sessionId"]?.stringValue
            let text = PromptText.clean(ClaudeCodeReader.expandPastes(display, value["pastedContents"], cache: pasteCache))
            let epoch = Int64(ms / 1000)
            if state.texts.contains(session: session, text: text, near: epoch) { return }
            let id = "h-" + StableHash.hex(session ?? "", String(ms), display)
            guard state.seenLines.insert(id).inserted else { return }
            try emit(CapturedPrompt(source: SourceRef(tool: Self.tool, session: session, id: id),
                                    timestamp: Timestamp.local(epochSeconds: epoch), text: text,
                                    project: state.projects.project(cwd: value["project"]?.stringValue)))
        }
    }

    /// `display` with each `[Pasted text #N +M lines]` (or `[Pasted text #N]`) replaced by paste
    /// N's `content`, or the file `paste-cache/<contentHash>.txt` when only its hash is stored;
    /// a placeholder whose text is nowhere stays as it is.
    static func expandPastes(_ display: String, _ pasted: JSONValue?, cache: String) -> String {
        guard let pasted = pasted?.objectValue, !pasted.isEmpty, display.contains("[Pasted text #") else { return display }
        var out = ""
        var rest = Substring(display)
        while let open = rest.firstRange(of: "[Pasted text #") {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            let digits = after.prefix { $0.isNumber }
            guard !digits.isEmpty, let close = after.firstIndex(of: "]"),
                  after[after.index(after.startIndex, offsetBy: digits.count)...].first.map({ $0 == "]" || $0 == " " }) == true,
                  let paste = pasted[String(digits)] else {
                out += rest[open]
                rest = after
                continue
            }
            if let content = paste["content"]?.stringValue {
                out += content
            } else if let hash = paste["contentHash"]?.stringValue, !hash.contains("/"),
                      let bytes = try? FileIO.readAll(cache + "/" + hash + ".txt") {
                out += String(decoding: bytes, as: UTF8.self)
            } else {
                out += rest[open.lowerBound...close]
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }
}

/// The prompts a reader has emitted, by session and text, so that a second record of the same
/// prompt (a tool's recall file beside its transcripts) is recognised: the same text in the same
/// session, or the same text within `window` seconds in any session (older recall lines have no
/// session). Keeps a 64-bit digest per prompt, not the text.
package struct SessionTexts {
    private var inSession = Set<String>()
    private var times: [String: [Int64]] = [:]
    /// Default: ten minutes.
    package var window: Int64 = 600

    package init() {}

    static func key(_ text: String) -> String { StableHash.folded(text) }

    package mutating func note(session: String?, text: String, epoch: Int64) {
        let k = SessionTexts.key(text)
        if let session { inSession.insert(session + " " + k) }
        times[k, default: []].append(epoch)
    }

    package func contains(session: String?, text: String, near epoch: Int64) -> Bool {
        let k = SessionTexts.key(text)
        if let session, inSession.contains(session + " " + k) { return true }
        return times[k]?.contains { abs($0 - epoch) <= window } ?? false
    }
}
