import PromptLog

/// Prompts from a ChatGPT data export (Settings → Data controls → Export): the zip as downloaded,
/// its `conversations.json`, or the folder it was unpacked into.
///
/// `conversations.json` is an array of conversations, each a tree of messages in `mapping`
/// (`{id, message, parent, children}`) with `current_node` the last message of the branch the
/// person kept (`mitkury/chatgpt-export-parser` `docs/chatgpt-data-export-format.md`;
/// `TomzxCode/llm-conversations-viewer` `docs/formats.md`). Only that branch is read, from
/// `current_node` up through the parents: regenerated replies and edited prompts left on other
/// branches are not prompts the conversation kept, and reading them would log one prompt twice.
///
/// A prompt is a `user` message whose content is `text` or `multimodal_text`, the string parts
/// joined (image and file parts are maps and are skipped). Not typed, so not read: system and
/// tool messages, custom instructions (`user_editable_context`, `is_user_system_message`) and
/// messages hidden from the conversation (`is_visually_hidden_from_conversation`).
/// The model is the next assistant reply's `metadata.model_slug`, else the conversation's
/// `default_model_slug`; the time is the message's `create_time` (float epoch seconds), else the
/// conversation's. The session is the conversation id and the prompt id the message id.
/// ChatGPT records no project.
///
/// The file is read as a stream, one conversation at a time, straight out of the zip when given one.
package struct ChatGPTReader: HistoryReader {
    package static let tool = "chatgpt"

    package init() {}

    /// None: the export is a download the user names (`plog import chatgpt ~/Downloads/<export>.zip`).
    package static func defaultPaths(env: Environment) -> [String] { [] }

    package func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        for path in paths {
            var splitter = JSONArrayElements(name: path)
            func handle(_ chunk: UnsafeBufferPointer<UInt8>) throws {
                try splitter.feed(chunk) { element in
                    try ChatGPTReader.conversation(element, tally: &tally, emit: emit)
                }
            }
            var file = path
            if Path.isDirectory(path) { file = path + "/conversations.json" }
            if try ChatGPTReader.isZip(file) {
                let zip = try ZipArchive(path: file)
                guard let entry = zip.entry(named: "conversations.json") else {
                    throw PlogError.invalidInput(input: file, reason: "holds no conversations.json",
                                                 hint: "name the zip of a ChatGPT data export (Settings → Data controls → Export data)")
                }
                try zip.read(entry, handle)
            } else {
                let mapped = try MappedFile(path: file)
                mapped.adviseSequential()
                try mapped.withBytes(handle)
            }
            try splitter.finish()
        }
    }

    /// Whether the file starts with a zip's local header signature (the name may say nothing).
    static func isZip(_ path: String) throws -> Bool {
        try FileIO.readHead(path, count: 4) == [0x50, 0x4B, 0x03, 0x04]
    }

    /// One conversation's JSON text: its kept branch, prompts emitted oldest first.
    static func conversation(_ bytes: UnsafeBufferPointer<UInt8>, tally: inout ImportTally,
                             emit: (CapturedPrompt) throws -> Void) rethrows {
        guard let conv = try? JSONValue.parse(bytes), let mapping = conv["mapping"]?.objectValue else {
            tally.unreadable += 1
            return
        }
        let conversationId = conv["conversation_id"]?.stringValue ?? conv["id"]?.stringValue
        // The kept branch, newest first, then reversed. A cycle (a damaged file) stops the walk.
        var branch: [JSONValue] = []
        var seen: Set<String> = []
        var node = conv["current_node"]?.stringValue
        while let id = node, !seen.contains(id), let entry = mapping[id] {
            seen.insert(id)
            if let message = entry["message"], message.objectValue != nil { branch.append(message) }
            node = entry["parent"]?.stringValue
        }
        branch.reverse()
        let fallbackTime = conv["create_time"]?.doubleValue
        let fallbackModel = conv["default_model_slug"]?.stringValue
        for (i, message) in branch.enumerated() {
            let role = message["author"]?["role"]?.stringValue
            guard role == "user" || role == "system" || role == "tool" else { continue }
            guard role == "user", let text = typedText(message) else {
                tally.notTyped += 1
                continue
            }
            guard let id = message["id"]?.stringValue,
                  let seconds = message["create_time"]?.doubleValue ?? fallbackTime, seconds.isFinite,
                  abs(seconds) < 1e11 else {  // an epoch in seconds; anything else is damage
                tally.unreadable += 1
                continue
            }
            let model = branch[(i + 1)...].lazy
                .prefix { $0["author"]?["role"]?.stringValue != "user" }
                .compactMap { reply -> String? in
                    guard reply["author"]?["role"]?.stringValue == "assistant" else { return nil }
                    return reply["metadata"]?["model_slug"]?.stringValue
                }.first ?? fallbackModel
            try emit(CapturedPrompt(
                source: SourceRef(tool: tool, session: conversationId, id: id),
                timestamp: Timestamp.local(epochSeconds: Int64(seconds.rounded(.down))), text: text,
                model: model.flatMap { $0.isEmpty ? nil : $0 }, project: nil))
        }
    }

    /// The text a person typed in a `user` message, cleaned; nil for messages a person did not type.
    static func typedText(_ message: JSONValue) -> String? {
        let meta = message["metadata"]
        if meta?["is_visually_hidden_from_conversation"]?.boolValue == true { return nil }
        if meta?["is_user_system_message"]?.boolValue == true { return nil }
        guard let content = message["content"],
              let type = content["content_type"]?.stringValue, type == "text" || type == "multimodal_text",
              let parts = content["parts"]?.arrayValue else { return nil }
        let text = PromptText.clean(parts.compactMap(\.stringValue).joined(separator: "\n"))
        return text.isEmpty ? nil : text
    }
}

/// Cuts a JSON array, fed in pieces, into its elements' texts, so that a file of hundreds of
/// megabytes is parsed one element at a time. Strings (with escapes) are followed so that
/// brackets and commas inside them do not count; the elements themselves are not checked here
/// (the parser of each element does that).
struct JSONArrayElements {
    /// The file, for errors.
    let name: String
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false
    private var ended = false
    /// The current element's bytes from earlier pieces.
    private var pending: [UInt8] = []
    private var inElement = false

    init(name: String) { self.name = name }

    /// Scans `chunk`, calling `element` with each element completed in it.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>,
                       _ element: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var i = 0
        var elementStart = inElement ? 0 : -1
        let n = chunk.count
        while i < n {
            let c = chunk[i]
            if inString {
                if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
                i += 1
                continue
            }
            if !started {
                if c == 0x5B { started = true; depth = 1 }  // '['
                else if !JSONArrayElements.isSpace(c) && !(i < 3 && (c == 0xEF || c == 0xBB || c == 0xBF)) {
                    throw notAnArray()
                }
                i += 1
                continue
            }
            if ended {
                guard JSONArrayElements.isSpace(c) else { throw notAnArray() }
                i += 1
                continue
            }
            if depth == 1 && (c == 0x2C || c == 0x5D) {  // ',' or ']' between elements
                if inElement {
                    try complete(chunk, from: elementStart, to: i, element)
                    inElement = false
                    elementStart = -1
                }
                if c == 0x5D { depth = 0; ended = true }
                i += 1
                continue
            }
            if !inElement {
                if JSONArrayElements.isSpace(c) { i += 1; continue }
                inElement = true
                elementStart = i
            }
            switch c {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
            i += 1
        }
        if inElement, elementStart >= 0 { pending += chunk[elementStart..<n] }
    }

    /// Checks that the array was closed.
    func finish() throws {
        guard ended else { throw notAnArray(truncated: started) }
    }

    private mutating func complete(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                   _ element: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if pending.isEmpty {
            try element(UnsafeBufferPointer(rebasing: chunk[start..<end]))
        } else {
            pending += chunk[max(start, 0)..<end]
            try pending.withUnsafeBufferPointer { try element($0) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    private func notAnArray(truncated: Bool = false) -> PlogError {
        .invalidInput(input: name,
                      reason: truncated ? "ends before its JSON array does (truncated?)" : "is not a JSON array of conversations",
                      hint: "name the conversations.json of a ChatGPT data export, or the export's zip")
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }
}
