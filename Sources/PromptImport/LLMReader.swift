import PromptLog

/// Prompts from simonw/llm's `logs.db` (an SQLite database), read-only: llm may be writing to it.
///
/// Two generations of tables, both read, each prompt once:
/// - llm 0.32 and later log to `turns` (model, thread, time) with `turn_search.prompt`, the text
///   the person typed without fragment contents (`docs/logging.md`, "The message store").
/// - llm up to 0.31 logged to `responses` (`prompt`, `model`, `resolved_model` from 0.23,
///   `conversation_id`, `datetime_utc`), which newer versions leave in place, read-only. Turn ids
///   and response ids share one ULID space, so a response whose id is also a turn is skipped.
///
/// The session is the thread (conversation) id and the prompt id the turn (response) id. llm has
/// no project. Fragments (`-f file`) and system prompts (`-s`) are not what the person typed at
/// the prompt and are left out; so are turns with no prompt text (tool-call continuations).
package struct LLMReader: HistoryReader {
    package static let tool = "llm"

    package init() {}

    /// `$LLM_USER_PATH/logs.db`, else llm's application directory (click's `get_app_dir`):
    /// `~/Library/Application Support/io.datasette.llm/logs.db` on macOS,
    /// `${XDG_CONFIG_HOME:-~/.config}/io.datasette.llm/logs.db` elsewhere.
    package static func defaultPaths(env: Environment) -> [String] {
        let dir: String
        if let user = env["LLM_USER_PATH"] {
            dir = env.absolutePath(user)
        } else {
            #if os(macOS)
            dir = env.home + "/Library/Application Support/io.datasette.llm"
            #else
            dir = (env["XDG_CONFIG_HOME"] ?? env.home + "/.config") + "/io.datasette.llm"
            #endif
        }
        let db = dir + "/logs.db"
        return Path.exists(db) ? [db] : []
    }

    /// Each path is a `logs.db` file, or a directory holding one (llm's user directory).
    package func read(paths: [String], tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        for path in paths {
            let file = Path.isDirectory(path) ? path + "/logs.db" : path
            guard Path.exists(file) else {
                throw PlogError.io(operation: "cannot open", path: file, errno: ENOENT)
            }
            let db = try SQLiteDatabase(path: file)
            let tables = try db.tableNames()
            let hasTurns = tables.contains("turns") && tables.contains("turn_search")
            guard hasTurns || tables.contains("responses") else {
                throw PlogError.invalidInput(
                    input: file, reason: "has neither llm's turns nor its responses table",
                    hint: "`llm logs path` prints the path of llm's logs.db")
            }
            if hasTurns { try readTurns(db, tally: &tally, emit: emit) }
            if tables.contains("responses") {
                try readResponses(db, skippingTurns: hasTurns, tally: &tally, emit: emit)
            }
        }
    }

    /// llm 0.32+: one row per turn, the typed prompt in `turn_search`.
    private func readTurns(_ db: SQLiteDatabase, tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        let stmt = try db.prepare("""
            SELECT t.id, t.thread_id, coalesce(nullif(t.resolved_model, ''), t.model), t.datetime_utc, s.prompt
            FROM turns t JOIN turn_search s ON s.turn_id = t.id
            ORDER BY t.datetime_utc, t.id
            """)
        while try stmt.step() {
            try row(id: stmt.string(0), session: stmt.string(1), model: stmt.string(2), time: stmt.string(3),
                    prompt: stmt.string(4), tally: &tally, emit: emit)
        }
    }

    /// llm up to 0.31: one row per response. `resolved_model` exists from 0.23 on.
    private func readResponses(_ db: SQLiteDatabase, skippingTurns: Bool, tally: inout ImportTally,
                               emit: (CapturedPrompt) throws -> Void) throws {
        let columns = try db.columnNames(of: "responses")
        let model = columns.contains("resolved_model") ? "coalesce(nullif(r.resolved_model, ''), r.model)" : "r.model"
        let conversation = columns.contains("conversation_id") ? "r.conversation_id" : "NULL"
        let skip = skippingTurns ? "WHERE r.id NOT IN (SELECT id FROM turns)" : ""
        let stmt = try db.prepare("""
            SELECT r.id, \(conversation), \(model), r.datetime_utc, r.prompt
            FROM responses r \(skip)
            ORDER BY r.datetime_utc, r.id
            """)
        while try stmt.step() {
            try row(id: stmt.string(0), session: stmt.string(1), model: stmt.string(2), time: stmt.string(3),
                    prompt: stmt.string(4), tally: &tally, emit: emit)
        }
    }

    private func row(id: String?, session: String?, model: String?, time: String?, prompt: String?,
                     tally: inout ImportTally, emit: (CapturedPrompt) throws -> Void) throws {
        guard let id, !id.isEmpty, let time, let instant = LLMReader.instant(time) else {
            tally.unreadable += 1
            return
        }
        let text = PromptText.clean(prompt ?? "")
        guard !text.isEmpty else {
            tally.notTyped += 1
            return
        }
        try emit(CapturedPrompt(
            source: SourceRef(tool: LLMReader.tool, session: session.flatMap { $0.isEmpty ? nil : $0 }, id: id),
            timestamp: Timestamp.local(epochSeconds: instant), text: text,
            model: model.flatMap { $0.isEmpty ? nil : $0 }, project: nil))
    }

    /// `datetime_utc` as llm writes it: `2025-02-16T22:34:30.374882+00:00` (0.32+ threads use a
    /// space for the `T`); early versions wrote no offset, and the time is UTC either way.
    static func instant(_ text: String) -> Int64? {
        var s = text
        if s.count > 10, s[s.index(s.startIndex, offsetBy: 10)] == " " {
            s.replaceSubrange(s.index(s.startIndex, offsetBy: 10)...s.index(s.startIndex, offsetBy: 10), with: "T")
        }
        return Timestamp.parse(s)?.epochSeconds
    }
}
