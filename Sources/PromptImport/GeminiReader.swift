import PromptLog

/// Prompts from Gemini CLI's chat recordings (`google-gemini/gemini-cli`,
/// `packages/core/src/services/chatRecordingService.ts` and `chatRecordingTypes.ts`).
///
/// Layout: `~/.gemini/tmp/<project>/chats/session-<date>-<id8>.jsonl` (`$GEMINI_CLI_HOME`
/// replaces the home directory), where `<project>` is a short slug in current versions and
/// `sha256(project root)` in older ones. Older versions wrote one JSON object per session
/// (`session-*.json`, `{sessionId, messages[]}`); a resumed session is rewritten as `.jsonl`
/// next to it, so a `.json` with a `.jsonl` twin is skipped. Subagent chats (in
/// `chats/<parent session>/`, or marked `kind: "subagent"`) are not the person's prompts.
///
/// A `.jsonl` file is replayed as Gemini CLI loads it: a metadata line, message records (a
/// record with an id seen before replaces it), `{"$set": …}` updates (a `$set` of `messages`
/// replaces the list) and `{"$rewindTo": id}`, which deletes that message and every later one.
/// Of the replayed messages, `type: "user"` ones are prompts: `displayContent` when present (the
/// text as typed, before `@file` expansion), else `content`; user records that carry only tool
/// results or other non-text parts are not typed. The model is the next `gemini` message's `model`.
///
/// `logs.json` in the project directory (every prompt of every session, `{sessionId, messageId,
/// timestamp, type, message}`) is read for the sessions whose chat file is gone (retention, or
/// recording off); commands to the CLI itself (`/…`, `!…`) are left out.
///
/// The project is the base name of the project root: from the directory's `.project_root`
/// marker, else `~/.gemini/projects.json` (`{"projects": {root: slug}}`); none for hash directories.
package struct GeminiReader: HistoryReader {
    package static let tool = "gemini"

    package init() {}

    /// `${GEMINI_CLI_HOME:-~}/.gemini/tmp`.
    package static func defaultPaths(env: Environment) -> [String] {
        let dir = (env["GEMINI_CLI_HOME"].map(env.absolutePath) ?? env.home) + "/.gemini/tmp"
        return Path.isDirectory(dir) ? [dir] : []
    }

    /// Each path is `~/.gemini`, its `tmp`, one project directory under it, a `chats`
    /// directory, or one session file.
    package func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        for path in paths {
            guard Path.exists(path) else { throw PlogError.io(operation: "cannot open", path: path, errno: ENOENT) }
            if !Path.isDirectory(path) {
                let projectDir = Path.dirname(Path.dirname(path))
                let project = GeminiReader.project(of: projectDir)
                _ = try readSession(path, project: project, tally: &tally, emit: emit)
                continue
            }
            var dir = path
            if Path.basename(dir) == "chats" { dir = Path.dirname(dir) }
            if Path.isDirectory(dir + "/tmp") { dir += "/tmp" }
            let projectDirs = Path.isDirectory(dir + "/chats") || Path.exists(dir + "/logs.json")
                ? [dir]
                : listDirectory(dir).sorted().map { dir + "/" + $0 }.filter(Path.isDirectory)
            for projectDir in projectDirs {
                try readProject(projectDir, tally: &tally, emit: emit)
            }
        }
    }

    private func readProject(_ dir: String, tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        let project = GeminiReader.project(of: dir)
        var sessions: Set<String> = []
        let chats = dir + "/chats"
        let names = Set(listDirectory(chats))
        for name in names.sorted() where name.hasPrefix("session-") {
            let file = chats + "/" + name
            if name.hasSuffix(".json"), names.contains(name + "l") { continue }
            guard name.hasSuffix(".jsonl") || name.hasSuffix(".json"), !Path.isDirectory(file) else { continue }
            if let session = try readSession(file, project: project, tally: &tally, emit: emit) {
                sessions.insert(session)
            }
        }
        let logs = dir + "/logs.json"
        if Path.exists(logs) {
            try readLogs(logs, skipping: sessions, project: project, tally: &tally, emit: emit)
        }
    }

    /// One message as replayed: only what a prompt needs from it.
    private struct Message {
        var id: String
        var type: String
        var timestamp: String?
        /// The typed text of a user message (nil when it carries none).
        var text: String?
        var model: String?
    }

    /// Reads one session file; returns its session id (nil for a subagent's or an unreadable file).
    private func readSession(_ file: String, project: String?, tally: inout ImportTally,
                             emit: (CapturedPrompt) throws -> Void) throws -> String? {
        var sessionId: String?
        var kind: String?
        var order: [String] = []
        var messages: [String: Message] = [:]
        var replaced: [Message]?

        func take(_ record: JSONValue) {
            guard let m = GeminiReader.message(record) else { return }
            if messages[m.id] == nil { order.append(m.id) }
            messages[m.id] = m
        }
        func metadata(_ o: JSONValue) {
            if let s = o["sessionId"]?.stringValue { sessionId = s }
            if let k = o["kind"]?.stringValue { kind = k }
        }

        if file.hasSuffix(".json") {
            // The older single-object session file.
            guard let whole = try? JSONValue.parse(try FileIO.readAll(file)), let list = whole["messages"]?.arrayValue else {
                tally.unreadable += 1
                return nil
            }
            metadata(whole)
            list.forEach(take)
        } else {
            try LineReader.forEachLine(path: file) { line, _ in
                guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { return }
                guard let record = try? JSONValue.parse(line), record.objectValue != nil else {
                    tally.unreadable += 1
                    return
                }
                if let target = record["$rewindTo"]?.stringValue {
                    if let at = order.firstIndex(of: target) {
                        for id in order[at...] { messages[id] = nil }
                        order.removeSubrange(at...)
                    } else {
                        order.removeAll(); messages.removeAll()
                    }
                } else if let set = record["$set"], set.objectValue != nil {
                    metadata(set)
                    if let list = set["messages"]?.arrayValue, !list.isEmpty { replaced = list.compactMap(GeminiReader.message) }
                } else if record["id"]?.stringValue != nil {
                    take(record)
                } else {
                    metadata(record)
                }
            }
        }
        if kind == "subagent" { return nil }
        let list = replaced ?? order.compactMap { messages[$0] }
        let session = sessionId ?? GeminiReader.sessionFromName(file)
        for (i, m) in list.enumerated() where m.type == "user" {
            guard let text = m.text, !text.isEmpty else {
                tally.notTyped += 1
                continue
            }
            guard let time = m.timestamp, let instant = Timestamp.parse(time)?.epochSeconds else {
                tally.unreadable += 1
                continue
            }
            let model = list[(i + 1)...].prefix { $0.type != "user" }.first { $0.type == "gemini" && $0.model != nil }?.model
            try emit(CapturedPrompt(source: SourceRef(tool: GeminiReader.tool, session: session, id: m.id),
                                    timestamp: Timestamp.local(epochSeconds: instant), text: text,
                                    model: model, project: project))
        }
        return session
    }

    /// `logs.json`: prompts of the sessions without a chat file.
    private func readLogs(_ file: String, skipping sessions: Set<String>, project: String?, tally: inout ImportTally,
                          emit: (CapturedPrompt) throws -> Void) throws {
        guard let entries = (try? JSONValue.parse(try FileIO.readAll(file)))?.arrayValue else {
            tally.unreadable += 1
            return
        }
        for entry in entries {
            guard let session = entry["sessionId"]?.stringValue, !sessions.contains(session) else { continue }
            guard entry["type"]?.stringValue == "user" else { continue }
            guard let number = entry["messageId"]?.intValue, let time = entry["timestamp"]?.stringValue,
                  let instant = Timestamp.parse(time)?.epochSeconds, let message = entry["message"]?.stringValue else {
                tally.unreadable += 1
                continue
            }
            let text = PromptText.clean(message)
            if text.isEmpty || text.hasPrefix("/") || text.hasPrefix("!") {
                tally.notTyped += 1
                continue
            }
            try emit(CapturedPrompt(source: SourceRef(tool: GeminiReader.tool, session: session, id: "log-\(number)"),
                                    timestamp: Timestamp.local(epochSeconds: instant), text: text,
                                    model: nil, project: project))
        }
    }

    /// A message record's fields, or nil when it is not one.
    private static func message(_ record: JSONValue) -> Message? {
        guard let id = record["id"]?.stringValue, let type = record["type"]?.stringValue else { return nil }
        var m = Message(id: id, type: type, timestamp: record["timestamp"]?.stringValue)
        if type == "gemini" { m.model = record["model"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        if type == "user" {
            let display = record["displayContent"].flatMap(typedText)
            m.text = display ?? record["content"].flatMap(typedText)
        }
        return m
    }

    /// The text of a `PartListUnion` (a string, a part, or a list of strings and parts), cleaned;
    /// nil when any part is a tool result or call (text that a tool, not the person, sent), or
    /// when there is no text.
    static func typedText(_ parts: JSONValue) -> String? {
        let list = parts.arrayValue ?? [parts]
        var texts: [String] = []
        for part in list {
            if let s = part.stringValue { texts.append(s); continue }
            if part["functionResponse"] != nil || part["functionCall"] != nil { return nil }
            if let s = part["text"]?.stringValue, part["thought"]?.boolValue != true { texts.append(s) }
        }
        let text = PromptText.clean(texts.joined())
        return text.isEmpty ? nil : text
    }

    /// `session-2025-09-18T14-03-1a2b3c4d.jsonl` → `1a2b3c4d` (files whose metadata line is lost).
    static func sessionFromName(_ file: String) -> String {
        var name = Path.basename(file)
        for ext in [".jsonl", ".json"] where name.hasSuffix(ext) { name.removeLast(ext.count) }
        return name.split(separator: "-").last.map(String.init) ?? name
    }

    /// The project directory's root, as its base name (see the type's documentation).
    static func project(of dir: String) -> String? {
        if let root = try? FileIO.readAll(dir + "/.project_root") {
            let path = String(String(decoding: root, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? "")
            if !path.isEmpty { return Path.basename(path) }
        }
        // ~/.gemini/tmp/<slug> → ~/.gemini/projects.json
        let registry = Path.dirname(Path.dirname(dir)) + "/projects.json"
        let slug = Path.basename(dir)
        if let bytes = try? FileIO.readAll(registry), let projects = (try? JSONValue.parse(bytes))?["projects"]?.objectValue {
            for (root, value) in projects.pairs where value.stringValue == slug {
                return Path.basename(root)
            }
        }
        return nil
    }
}
