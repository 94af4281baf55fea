import PromptLog

/// Codex CLI's history under `$CODEX_HOME` (`~/.codex`): the rollouts
/// (`sessions/YYYY/MM/DD/rollout-*.jsonl`, older flat `sessions/rollout-*.jsonl`,
/// `archived_sessions/`) and the prompt history `history.jsonl`.
///
/// Three rollout formats are read:
/// - legacy (`{"timestamp","type","payload"}` lines): the typed prompt is an `event_msg` of type
///   `user_message` (the `response_item` user messages also carry injected context, so they are
///   not read); the model is that of the turn's `turn_context`, which Codex writes when the turn
///   starts, before the prompt (a prompt before any `turn_context` takes the next one's).
/// - paginated (Codex 0.153+): an `event_msg` of type `item_completed` whose `item` is a
///   `UserMessage` (its `text` inputs joined).
/// - early flat: a header line without `type`, then bare items; a `message` with role `user`
///   is a prompt unless it is injected context (`PromptText.isMachineText`). These lines carry no
///   time: each prompt gets the session's start time.
///
/// A subagent's rollout (`session_meta.source.subagent`) holds what the parent agent wrote:
/// none of its prompts are read. The project comes from the session's `cwd` (`ProjectNamer`). Forked rollouts copy the
/// parent's lines: a prompt's id is its item id, or a digest of its time and text, and
/// rollouts are read in name order (their names start with the time they began), so the copy
/// is recognised and the prompt keeps the session it was typed in. A `history.jsonl` line
/// (`session_id`, `conversation_id` or `thread_id`; `ts` in seconds; `text`) is skipped when a
/// rollout held the same text in the same session or within ten minutes.
package struct CodexReader: HistoryReader {
    package static let tool = "codex"

    package init() {}

    /// `$CODEX_HOME`, else `~/.codex`, when it exists.
    package static func defaultPaths(env: Environment) -> [String] {
        let dir = env["CODEX_HOME"].flatMap { $0.isEmpty ? nil : env.absolutePath($0) } ?? env.home + "/.codex"
        return Path.isDirectory(dir) ? [dir] : []
    }

    static func files(_ paths: [String]) throws -> (rollouts: [String], histories: [String]) {
        var rollouts: [String] = [], histories: [String] = []
        let isRollout: (String, String) -> Bool = { _, name in name.hasSuffix(".jsonl") && name != "history.jsonl" && name != "session_index.jsonl" }
        for path in paths {
            if Path.isDirectory(path) {
                let isHome = ["sessions", "archived_sessions"].contains { Path.isDirectory(path + "/" + $0) }
                    || Path.exists(path + "/history.jsonl")
                if isHome {
                    for sub in ["sessions", "archived_sessions"] where Path.isDirectory(path + "/" + sub) {
                        rollouts += ImportFiles.walk(path + "/" + sub, want: isRollout)
                    }
                    if Path.exists(path + "/history.jsonl") { histories.append(path + "/history.jsonl") }
                } else {
                    rollouts += ImportFiles.walk(path, want: isRollout)
                    histories += ImportFiles.walk(path, want: { _, name in name == "history.jsonl" })
                }
            } else {
                close(try FileIO.openRegular(path, flags: O_RDONLY))
                if Path.basename(path) == "history.jsonl" { histories.append(path) } else { rollouts.append(path) }
            }
        }
        let byName = rollouts.sorted { (Path.basename($0), $0) < (Path.basename($1), $1) }
        return (byName, histories.sorted())
    }

    package func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        let (rollouts, histories) = try CodexReader.files(paths)
        var seen = Set<String>()
        var texts = SessionTexts()
        let projects = ProjectNamer()
        for file in rollouts {
            try readRollout(file, seen: &seen, texts: &texts, projects: projects, tally: &tally, emit: emit)
        }
        for file in histories {
            try LineReader.forEachLine(path: file) { line, _ in
                if line.isEmpty { return }
                guard let value = try? JSONValue.parse(line), let raw = value["text"]?.stringValue,
                      let ts = value["ts"]?.doubleValue.map({ Int($0) }) else {
                    tally.unreadable += 1
                    return
                }
                let session = (value["session_id"] ?? value["conversation_id"] ?? value["thread_id"])?.stringValue
                let text = PromptText.clean(raw)
                if texts.contains(session: session, text: text, near: Int64(ts)) { return }
                let id = "h-" + StableHash.hex(session ?? "", String(ts), raw)
                guard seen.insert(id).inserted else { return }
                try emit(CapturedPrompt(source: SourceRef(tool: Self.tool, session: session, id: id),
                                        timestamp: Timestamp.local(epochSeconds: Int64(ts)), text: text))
            }
        }
    }

    func readRollout(_ path: String, seen: inout Set<String>, texts: inout SessionTexts, projects: ProjectNamer,
                     tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        var session: String?
        var cwd: String?
        var model: String?
        var flat = false
        // A subagent's rollout: its prompts are the parent agent's words, not a person's.
        var subagent = false
        var flatTime: Timestamp?
        // A prompt before any `turn_context` waits for one, which names the model.
        var pending: CapturedPrompt?
        func flush() throws {
            if var p = pending {
                if p.model == nil { p.model = model }
                try emit(p)
            }
            pending = nil
        }
        func found(id: String?, time: Timestamp, raw: String) throws {
            guard !subagent else { tally.notTyped += 1; return }
            let text = PromptText.clean(raw)
            let key = id ?? "t-" + StableHash.hex(time.canonical, text)
            guard seen.insert(key).inserted else { return }
            texts.note(session: session, text: text, epoch: time.epochSeconds)
            try flush()
            pending = CapturedPrompt(source: SourceRef(tool: Self.tool, session: session, id: key), timestamp: time,
                                     text: text, model: model, project: projects.project(cwd: cwd))
            // The turn's context came first: the prompt is complete. Else the next one names the model.
            if model != nil { try flush() }
        }
        func rolloutLine(_ value: JSONValue) throws {
            let payload = value["payload"]
            switch value["type"]?.stringValue {
            case "session_meta":
                session = payload?["id"]?.stringValue ?? session
                cwd = payload?["cwd"]?.stringValue ?? cwd
                if payload?["source"]?["subagent"] != nil { subagent = true }
            case "turn_context":
                if let m = payload?["model"]?.stringValue, !m.isEmpty {
                    model = m
                    if pending != nil {
                        pending?.model = m
                        try flush()
                    }
                }
                cwd = payload?["cwd"]?.stringValue ?? cwd
            case "event_msg":
                guard let time = (value["timestamp"]?.stringValue).flatMap(ImportFiles.localTime) else {
                    tally.unreadable += 1
                    return
                }
                switch payload?["type"]?.stringValue {
                case "user_message":
                    guard let raw = payload?["message"]?.stringValue, !raw.isEmpty else { tally.notTyped += 1; return }
                    try found(id: nil, time: time, raw: raw)
                case "item_completed":
                    guard let item = payload?["item"], item["type"]?.stringValue == "UserMessage" else { return }
                    let raw = CodexReader.inputText(item["content"], types: ["text"])
                    guard !raw.isEmpty else { tally.notTyped += 1; return }
                    try found(id: item["id"]?.stringValue.map { "i-" + $0 }, time: time, raw: raw)
                default:
                    return
                }
            default:
                return
            }
        }

        try LineReader.forEachLine(path: path) { line, number in
            if line.isEmpty { return }
            if number == 1 {
                guard let value = try? JSONValue.parse(line) else { tally.unreadable += 1; return }
                if value["type"] == nil {
                    // The early flat format: a header of its own, then bare items.
                    flat = true
                    session = value["id"]?.stringValue
                    flatTime = value["timestamp"]?.stringValue.flatMap(ImportFiles.localTime)
                    cwd = value["cwd"]?.stringValue
                    return
                }
                try rolloutLine(value)
                return
            }
            if flat {
                guard line.has(#""role":"user""#) else { return }
                guard let value = try? JSONValue.parse(line) else { tally.unreadable += 1; return }
                guard value["type"]?.stringValue == "message", value["role"]?.stringValue == "user",
                      let time = flatTime else { return }
                let raw = CodexReader.inputText(value["content"], types: ["input_text", "text"])
                guard !raw.isEmpty, !PromptText.isMachineText(raw) else { tally.notTyped += 1; return }
                try found(id: nil, time: time, raw: raw)
                return
            }
            // Legacy and paginated lines: parse only those that can matter.
            guard line.has(#""user_message""#) || line.has(#""UserMessage""#) || line.has(#""turn_context""#)
                    || line.has(#""session_meta""#) else { return }
            guard let value = try? JSONValue.parse(line) else { tally.unreadable += 1; return }
            try rolloutLine(value)
        }
        try flush()
    }

    /// The `text` of the inputs of the given types, joined by a blank line.
    static func inputText(_ content: JSONValue?, types: Set<String>) -> String {
        guard let items = content?.arrayValue else { return content?.stringValue ?? "" }
        return items.compactMap { item -> String? in
            guard let t = item["type"]?.stringValue, types.contains(t) else { return nil }
            return item["text"]?.stringValue
        }.joined(separator: "\n\n")
    }
}
