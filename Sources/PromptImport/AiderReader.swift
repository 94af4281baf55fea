import PromptLog

/// Prompts from Aider's history files (`Aider-AI/aider`, `aider/io.py`), which Aider keeps in
/// the root of the git repository it runs in (else the current directory).
///
/// `.aider.chat.history.md` (the default and the richer file): each session starts with
/// `# aider chat started at YYYY-MM-DD HH:MM:SS`; each line of a prompt is written as `#### line`
/// (lines joined by two trailing spaces); Aider's own output is quoted `> …`, and its startup
/// lines name the model (`> Model: gpt-4o-mini with whole edit format`, `> Models: X with …, weak
/// model Y` in 0.47, `> Main model: X with …` later; a `/model` switch prints them again).
/// `.aider.input.history` (prompt_toolkit's `FileHistory`: `# <date time.micro>` then `+line`
/// per line) has one time per prompt but no model. Reading the chat history, a prompt takes its
/// time from the input history beside it when the same text is there (the first unused time at or
/// after the session's start), else the session's start. The input history is read on its own
/// when named or when no chat history is found, and then only for prompts the chat history beside
/// it lacks (the others are the chat history's, counted as already present).
///
/// Aider writes its times with `datetime.now()`: the local time with no zone. They are read as
/// this machine's local time (right unless the history was written in another time zone).
/// Not typed, so not read: the lint and test reports Aider sends as prompts ("Fix any errors
/// below"), `<blank>` inputs, and commands to Aider itself (`/add`, `/run`, `/undo` …); the
/// commands that send a question to the model (`/ask`, `/code`, `/architect`, `/context`,
/// `/help`) are read as typed. The session is the file and the session's start time; the
/// prompt id is its byte offset in the file (the file is append-only); the project is the name
/// of the directory holding the file.
package struct AiderReader: HistoryReader {
    package static let tool = "aider"

    /// Aider commands whose text goes to the model as a prompt.
    static let promptCommands: Set<String> = ["ask", "code", "architect", "context", "help"]

    package init() {}

    /// `$AIDER_CHAT_HISTORY_FILE`, else `.aider.chat.history.md` in the git repository around the
    /// current directory (else the current directory); when that is missing, the input history
    /// (`$AIDER_INPUT_HISTORY_FILE`, else `.aider.input.history`) instead.
    package static func defaultPaths(env: Environment) -> [String] {
        let root = CaptureDefaults.gitRepositoryRoot(from: env.currentDirectory) ?? env.currentDirectory
        let chat = env["AIDER_CHAT_HISTORY_FILE"].map(env.absolutePath) ?? root + "/.aider.chat.history.md"
        if Path.exists(chat) { return [chat] }
        let input = env["AIDER_INPUT_HISTORY_FILE"].map(env.absolutePath) ?? root + "/.aider.input.history"
        return Path.exists(input) ? [input] : []
    }

    /// Each path is a chat history file, an input history file (told apart by their content), or
    /// a directory holding them.
    package func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        for path in paths {
            var file = path
            if Path.isDirectory(path) {
                file = path + "/.aider.chat.history.md"
                if !Path.exists(file) { file = path + "/.aider.input.history" }
            }
            guard Path.exists(file) else { throw PlogError.io(operation: "cannot open", path: file, errno: ENOENT) }
            // The path is part of each prompt's SOURCE: the same file named through a symlink or
            // `..` must give the same one.
            if let real = realpath(file, nil) {
                file = String(cString: real)
                free(real)
            }
            let project = Path.basename(Path.dirname(file))
            let dir = Path.dirname(file)
            var scratch = ImportTally()
            if AiderReader.isInputHistory(try FileIO.readHead(file, count: 4096)) {
                // The prompts of the chat history beside it are that file's to log.
                var inChat: Set<String> = []
                let chat = dir + "/.aider.chat.history.md"
                if Path.exists(chat), !AiderReader.isInputHistory(try FileIO.readHead(chat, count: 4096)) {
                    try readChatHistory(file: chat, project: project, times: [:], tally: &scratch) { inChat.insert($0.text) }
                }
                try readInputHistory(file: file, project: project, skipping: inChat, tally: &tally, emit: emit)
            } else {
                // The input history beside it has a time for each prompt, where the chat history
                // has only the session's start.
                var times: [String: [Int64]] = [:]
                let input = dir + "/.aider.input.history"
                if Path.exists(input), AiderReader.isInputHistory(try FileIO.readHead(input, count: 4096)) {
                    try readInputHistory(file: input, project: project, skipping: [], tally: &scratch) {
                        times[$0.text, default: []].append($0.timestamp.epochSeconds)
                    }
                }
                try readChatHistory(file: file, project: project, times: times, tally: &tally, emit: emit)
            }
        }
    }

    /// An input history's first line with text is `# <date>` followed by `+` lines.
    static func isInputHistory(_ bytes: [UInt8]) -> Bool {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).lazy
            .filter { !$0.allSatisfy { $0 == 0x0D || $0 == 0x20 } }.makeIterator()
        guard let first = lines.next(), first.starts(with: Array("# ".utf8)),
              localInstant(String(decoding: first.dropFirst(2), as: UTF8.self)) != nil,
              let second = lines.next() else { return false }
        return second.first == 0x2B  // '+'
    }

    // MARK: - .aider.chat.history.md

    /// `times`: the input history's times of each prompt text; a prompt takes the first one at
    /// or after its session's start (each used once), else the session's start.
    private func readChatHistory(file: String, project: String, times: [String: [Int64]], tally: inout ImportTally,
                                 emit: (CapturedPrompt) throws -> Void) throws {
        let header = Array("# aider chat started at ".utf8), prompt = Array("#### ".utf8)
        var sessionStart: String?
        var instant: Int64?
        var model: String?
        // The prompt being gathered: its first line's offset and its lines.
        var promptOffset = -1
        var promptLines: [String] = []
        var times = times

        func flush() throws {
            defer { promptOffset = -1; promptLines = [] }
            guard promptOffset >= 0 else { return }
            let text = PromptText.clean(promptLines.joined(separator: "\n"))
            guard AiderReader.isTyped(text) else {
                tally.notTyped += 1
                return
            }
            guard let sessionStart, let instant else {
                // Prompts before any session header (a file cut at its start) have no time.
                tally.unreadable += 1
                return
            }
            var sent = instant
            if var list = times[text], let k = list.firstIndex(where: { $0 >= instant }) {
                sent = list.remove(at: k)
                times[text] = list
            }
            try emit(CapturedPrompt(
                source: SourceRef(tool: AiderReader.tool, session: file + "@" + sessionStart, id: String(promptOffset)),
                timestamp: Timestamp.local(epochSeconds: sent), text: text, model: model, project: project))
        }

        var start = 0  // the byte offset of the line
        try LineReader.forEachLine(path: file) { raw, _ in
            defer { start += raw.count + 1 }
            let line = raw.last == 0x0D ? UnsafeBufferPointer(rebasing: raw.dropLast()) : raw
            if line.starts(with: prompt) || (line.count == 4 && line.elementsEqual(prompt.prefix(4))) {
                if promptOffset < 0 { promptOffset = start }
                var content = line.dropFirst(min(5, line.count))
                // Lines of one input are joined with two trailing spaces (Markdown line breaks).
                while content.last == 0x20 { content = content.dropLast() }
                promptLines.append(String(decoding: content, as: UTF8.self))
            } else {
                try flush()
                if line.starts(with: header) {
                    let stamp = String(decoding: line.dropFirst(header.count), as: UTF8.self)
                    instant = AiderReader.localInstant(stamp)
                    sessionStart = instant.map { _ in stamp.replacing(" ", with: "T") }
                    if instant == nil { tally.unreadable += 1 }
                    model = nil
                } else if line.first == 0x3E, let m = AiderReader.announcedModel(String(decoding: line, as: UTF8.self)) {
                    model = m
                }
            }
        }
        try flush()
    }

    /// The main model named by an announcement line, or nil when the line is not one.
    static func announcedModel(_ line: String) -> String? {
        var s = Substring(line.dropFirst())  // '>'
        while s.first == " " { s = s.dropFirst() }
        var rest: Substring?
        for prefix in ["Main model: ", "Models: ", "Model: "] where s.hasPrefix(prefix) {
            rest = s.dropFirst(prefix.count)
            break
        }
        guard var name = rest else { return nil }
        // The name runs to " with <format> edit format" or ", weak model …"; it has no spaces.
        if let comma = name.firstIndex(of: ",") { name = name[..<comma] }
        let model = name.split(separator: " ").first.map(String.init) ?? ""
        return model.isEmpty ? nil : model
    }

    /// Whether a prompt's text is the person's (see the type's documentation).
    static func isTyped(_ text: String) -> Bool {
        if text.isEmpty || text == "<blank>" { return false }
        for report in ["Fix any errors below", "# Fix any errors below"] where text.hasPrefix(report) { return false }
        if text.hasPrefix("/") {
            let command = text.dropFirst().prefix { !$0.isWhitespace }
            return promptCommands.contains(String(command))
        }
        return true
    }

    // MARK: - .aider.input.history

    /// `skipping`: texts the chat history beside it holds, counted as already present.
    private func readInputHistory(file: String, project: String, skipping: Set<String>, tally: inout ImportTally,
                                  emit: (CapturedPrompt) throws -> Void) throws {
        var stampOffset = -1
        var instant: Int64?
        var lines: [String] = []

        func flush() throws {
            defer { stampOffset = -1; lines = []; instant = nil }
            guard stampOffset >= 0 else { return }
            let text = PromptText.clean(lines.joined(separator: "\n"))
            guard AiderReader.isTyped(text) else {
                tally.notTyped += 1
                return
            }
            guard let instant else {
                tally.unreadable += 1
                return
            }
            if skipping.contains(text) {
                tally.alreadyPresent += 1
                return
            }
            try emit(CapturedPrompt(source: SourceRef(tool: AiderReader.tool, session: file, id: String(stampOffset)),
                                    timestamp: Timestamp.local(epochSeconds: instant), text: text, model: nil, project: project))
        }

        var start = 0  // the byte offset of the line
        try LineReader.forEachLine(path: file) { raw, _ in
            defer { start += raw.count + 1 }
            let line = raw.last == 0x0D ? UnsafeBufferPointer(rebasing: raw.dropLast()) : raw
            if line.first == 0x23 {  // '#': a new entry's time
                try flush()
                stampOffset = start
                instant = AiderReader.localInstant(String(decoding: line.dropFirst(), as: UTF8.self))
            } else if line.first == 0x2B, stampOffset >= 0 {  // '+': a line of the entry
                lines.append(String(decoding: line.dropFirst(), as: UTF8.self))
            }
        }
        try flush()
    }

    // MARK: - Local times

    /// `2024-08-05 19:33:40` (or with `.123456`) read as this machine's local time.
    static func localInstant(_ text: String) -> Int64? {
        let s = text.split(separator: " ", omittingEmptySubsequences: true)
        guard s.count == 2 else { return nil }
        let date = s[0].split(separator: "-"), time = s[1].split(separator: ":")
        guard date.count == 3, time.count == 3,
              let y = Int32(date[0]), let mo = Int32(date[1]), let d = Int32(date[2]),
              let h = Int32(time[0]), let mi = Int32(time[1]),
              let sec = Int32(time[2].prefix { $0 != "." }),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61 else { return nil }
        var t = tm()
        t.tm_year = y - 1900; t.tm_mon = mo - 1; t.tm_mday = d
        t.tm_hour = h; t.tm_min = mi; t.tm_sec = sec
        t.tm_isdst = -1  // let the zone rules say whether summer time applied then
        let epoch = mktime(&t)
        return epoch == -1 ? nil : Int64(epoch)
    }
}
