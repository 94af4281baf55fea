/// What `plog hook TOOL` does with one hook call. It runs on every prompt a person sends, so it
/// never throws, never writes to standard output and never blocks the agent: a failure goes to
/// the hook log (`HookLog`) and the prompt to a draft, as `plog add` does.
public enum HookCapture {
    public enum Result: Equatable {
        /// Blocks were appended (one per prompt) to this log; `context` is what recall offers
        /// the agent (`HookRecall`), nil when it was not asked or nothing cleared the bar.
        case captured(log: String, count: Int, context: String?)
        /// Nothing to log: the prompt was empty, a tool's text, or trivial (the reason says which).
        case skipped(reason: String)
        /// A session start: the model was remembered for the session's prompts.
        case rememberedModel(String)
        /// An event plog does not act on.
        case ignored(event: String)
        /// Something failed; the message went to the hook log.
        case failed(message: String)

        public var isIgnored: Bool { if case .ignored = self { return true } else { return false } }
    }

    /// Handles one call of `tool`'s hook: `input` is standard input, `arguments` the words after
    /// `plog hook TOOL` (Codex's `notify` passes its JSON there).
    /// `recall`: also find the user's past blocks most related to the prompt (see `HookRecall`).
    @discardableResult
    public static func run(_ tool: HookTool, input: [UInt8], arguments: [String] = [], env: Environment,
                           recall: HookRecall? = nil) -> Result {
        let payload: HookPayload
        do {
            payload = try HookPayload.read(tool, input: input, arguments: arguments)
        } catch {
            return fail(tool, message(error), env: env)
        }
        if payload.event == "SessionStart" {
            guard let model = payload.model, let session = payload.session else { return .ignored(event: payload.event) }
            do {
                try SessionModels.remember(model, tool: tool, session: session, env: env)
            } catch {
                return fail(tool, message(error), env: env)
            }
            return .rememberedModel(model)
        }
        guard payload.isPrompt else { return .ignored(event: payload.event) }
        return capture(payload, env: env, recall: recall)
    }

    static func capture(_ payload: HookPayload, env: Environment, recall: HookRecall?) -> Result {
        let tool = payload.tool
        var here = env
        if let cwd = payload.cwd, cwd.hasPrefix("/") { here.currentDirectory = cwd }
        var config = Config(path: "")
        var configError: String?
        do { config = try Config.load(here) } catch { configError = message(error) }
        let rules = CaptureRules(config: config)
        var prompts: [CapturedPrompt] = []
        var reasons: [String] = []
        for (i, raw) in payload.prompts.enumerated() {
            let text = PromptText.clean(raw)
            let decision = rules.judge(text)
            guard decision == .keep else { reasons.append(decision.rawValue); continue }
            prompts.append(CapturedPrompt(source: payload.source(text: text, index: i), timestamp: .now(), text: text))
        }
        guard !prompts.isEmpty else {
            if let configError { _ = fail(tool, configError, env: env) }
            return .skipped(reason: reasons.first ?? CaptureRules.Decision.empty.rawValue)
        }
        let model = payload.model ?? sessionModel(payload, env: env)
        let project = CaptureDefaults.project(flag: nil, env: here, config: config)
        let logPath = LogLocator.locate(flag: nil, env: here, config: config).path
        var bytes: [UInt8] = []
        for var p in prompts {
            p.model = model
            p.project = project
            let block = p.rendered().bytes
            if !bytes.isEmpty { bytes.append(10) }
            bytes += block
        }
        let appended: LogAppender.Result
        do {
            appended = try Capture.append(bytes, to: logPath, env: env)
        } catch {
            return fail(tool, message(error), env: env)
        }
        // After the append, so that a slow search (or an agent's timeout) never costs the prompt.
        let context = recall.flatMap {
            $0.context(for: prompts.map(\.text).joined(separator: "\n\n"), logPath: logPath, before: appended.offset)
        }
        HookLog.record(.captured, tool: tool.name, detail: logPath, env: env)
        if let configError {
            // Logged, but by the default rules: an error for `plog doctor` all the same.
            HookLog.record(.error, tool: tool.name, detail: configError + " (the prompt was logged with default settings)", env: env)
        }
        return .captured(log: logPath, count: prompts.count, context: context)
    }

    /// Claude Code sends no model with a prompt: the one its `SessionStart` hook gave, else the
    /// newest assistant `message.model` in the last 64 KB of the session's transcript (not
    /// `<synthetic>`), else nil (a later `plog import` fills it in).
    static func sessionModel(_ payload: HookPayload, env: Environment) -> String? {
        guard payload.tool == .claudeCode else { return nil }
        if let session = payload.session, let m = SessionModels.model(tool: payload.tool, session: session, env: env) {
            return m
        }
        guard let transcript = payload.transcriptPath else { return nil }
        return TranscriptTail.lastModel(transcript)
    }

    static func fail(_ tool: HookTool, _ message: String, env: Environment) -> Result {
        HookLog.record(.error, tool: tool.name, detail: message, env: env)
        return .failed(message: message)
    }

    static func message(_ error: Error) -> String {
        (error as? PlogError)?.description ?? String(describing: error)
    }
}

/// Recall inside the agent (`plog hook TOOL --recall`): the user's past blocks most related to
/// the prompt they just typed, offered to the model as added context.
///
/// The blocks are ranked by `Recall.like` (BM25, `LikeRanking`) over the newest 16 MB of the log
/// (`window`) before the prompt just logged. Context is given
/// only for blocks that clear `LikeRanking.isOfferable` (relatedness at least
/// `LikeRanking.offerThreshold`, 0.7, and at least two of the prompt's chosen words): those,
/// best first and whole (never cut), within `tokens` (about 4 bytes a token, the header
/// included), after a one-line header saying what they are. Nothing otherwise, and nothing on
/// any error.
public struct HookRecall: Sendable, Equatable {
    /// The most context given, in tokens. Default 1,500.
    public var tokens: Int
    public static let defaultTokens = 1500

    public init(tokens: Int = HookRecall.defaultTokens) { self.tokens = tokens }

    /// How much of the log's end is searched: 16 MB, some tens of thousands of prompts (years of
    /// them for most), so that the search adds well under 50 ms to the hook whatever the log's
    /// size (about 15 ms here, `shell/bench hook`).
    public static let window = 16 << 20

    /// The bytes searched: from the first block that starts in the last `window` bytes before
    /// `before` (the whole log when it is smaller) up to `before`.
    static func searched(_ buf: UnsafeBufferPointer<UInt8>, before: Int) -> Range<Int> {
        let end = min(before, buf.count)
        var start = max(0, end - window)
        guard start > 0 else { return 0..<end }
        while start < end {
            guard buf[start - 1] == 10, LogScanner.isHeader(buf, at: start) else { start += 1; continue }
            break
        }
        return start..<end
    }

    /// The header line before the blocks (`RecallBundle` placeholders).
    public static let header = "From plog, the user's own prompt log: {shown} past prompt(s) of theirs most related to this one, "
        + "with the outcomes they recorded, {order}. Failed attempts are included on purpose: learn from what did not work."

    /// The context for `prompt` from the log at `logPath`, read up to byte `before` (the prompt
    /// just appended is not part of the log searched: it would rank first and, having the
    /// prompt's every word, make the others look unrelated), or nil.
    public func context(for prompt: String, logPath: String, before: Int = Int.max) -> String? {
        // The header and the blank lines between blocks count too (the recall budget leaves them out).
        let forBlocks = tokens - RecallBudget.approximateTokens(bytes: HookRecall.header.utf8.count + 64) - 16
        guard forBlocks > 0 else { return nil }
        let request = LikeRequest(draft: prompt, query: RecallQuery(patterns: []), budget: RecallBudget(tokens: forBlocks),
                                  format: .text, preambleTemplate: HookRecall.header)
        guard let file = try? MappedFile(path: logPath), let filters = try? FilterCheck(request.query.filter, caseless: true),
              let outcome = (try? file.withBytes({ buf in
                  try Recall.like(request, buf: UnsafeBufferPointer(rebasing: buf[HookRecall.searched(buf, before: before)]),
                                  verifier: nil, filters: filters, releasePages: false)
              })) else { return nil }
        // Only whole blocks that clear the bar themselves: a weaker match, or half a block, is
        // noise in the model's context.
        var kept: [RecalledBlock] = []
        var used = 0
        for (block, match) in zip(outcome.blocks, outcome.matches)
        where !block.isCut && LikeRanking.isOfferable(match, termCount: outcome.terms.count) {
            guard used + block.tokens <= forBlocks else { break }
            used += block.tokens
            kept.append(block)
        }
        guard !kept.isEmpty else { return nil }
        var text = RecallBundle.preamble(HookRecall.header, info: outcome.info, shown: kept.count) + "\n"
        for b in kept { text += "\n" + String(decoding: b.text, as: UTF8.self) }
        return text
    }
}

/// The model of each agent session, as its `SessionStart` hook gave it: one small file per
/// session under `$XDG_STATE_HOME/plog/hook-sessions/`.
public enum SessionModels {
    public static func directory(_ env: Environment) -> String { env.stateDirectory + "/hook-sessions" }

    static func file(tool: HookTool, session: String, env: Environment) -> String {
        let safe = session.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 95 }
        let name = safe && session.utf8.count <= 128 ? session : PromptId.derived(session: nil, text: session)
        return directory(env) + "/" + tool.name + "-" + name
    }

    /// Remembers `model` for `session`; files older than 30 days are removed on the way.
    public static func remember(_ model: String, tool: HookTool, session: String, env: Environment) throws {
        let dir = directory(env)
        try Path.makeDirectories(dir)
        pruneOld(dir)
        let path = file(tool: tool, session: session, env: env)
        let temp = path + ".tmp" + String(getpid())
        unlink(temp)
        try FileIO.writeNew(temp, Array(BlockRenderer.oneLine(model).utf8))
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(temp)
            throw PlogError.io(operation: "cannot rename", path: temp, errno: e)
        }
    }

    /// The model remembered for `session`, if any.
    public static func model(tool: HookTool, session: String, env: Environment) -> String? {
        guard let bytes = try? FileIO.readAll(file(tool: tool, session: session, env: env)), !bytes.isEmpty,
              bytes.count < 512 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func pruneOld(_ dir: String, maxAge: Int64 = 30 * 86_400) {
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        let now = Int64(time(nil))
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            var st = stat()
            let path = dir + "/" + name
            guard stat(path, &st) == 0 else { continue }
            #if canImport(Darwin)
            let modified = Int64(st.st_mtimespec.tv_sec)
            #else
            let modified = Int64(st.st_mtim.tv_sec)
            #endif
            if now - modified > maxAge { unlink(path) }
        }
    }
}

/// The model in the tail of a Claude Code transcript.
public enum TranscriptTail {
    /// How much of the transcript's end is read.
    public static let window = 65_536

    /// The `message.model` of the newest `assistant` line in the last `window` bytes of the
    /// transcript at `path`, skipping `<synthetic>` (API errors); nil when none is there.
    public static func lastModel(_ path: String) -> String? {
        guard let (tail, offset) = try? FileIO.readTail(path, count: window) else { return nil }
        var end = tail.count
        let needle = Array("\"assistant\"".utf8)
        while end > 0 {
            var start = end - 1
            while start > 0 && tail[start - 1] != 10 { start -= 1 }
            // The first line of a cut tail is partial.
            if start == 0 && offset > 0 { return nil }
            let line = tail[start..<end]
            end = start > 0 ? start - 1 : 0
            guard line.count > needle.count, PromptText.find(needle, in: Array(line), from: 0) != nil,
                  let json = try? JSONValue.parse(Array(line)), json["type"]?.stringValue == "assistant",
                  let model = json["message"]?["model"]?.stringValue, !model.isEmpty, model != "<synthetic>"
            else { continue }
            return model
        }
        return nil
    }
}

/// The hook log: one line per captured prompt and per failure, in
/// `$XDG_STATE_HOME/plog/hook.log`, so that `plog doctor` can say when a prompt was last captured
/// and what failed since. Kept under 256 KB: when larger, it is moved to `hook.log.1` (replacing
/// the one before) and a new one started.
///
///     2026-11-24T01:02:03+00:00<TAB>claude-code<TAB>ok<TAB>/home/me/notes/prompts.log
///     2026-11-24T01:05:09+00:00<TAB>claude-code<TAB>error<TAB>could not append to ...
public enum HookLog {
    public enum Kind: String, Sendable { case captured = "ok", error }

    public static let maxBytes = 262_144

    public static func path(_ env: Environment) -> String { env.stateDirectory + "/hook.log" }

    /// Appends one line; failures are ignored (there is nowhere else to say them).
    public static func record(_ kind: Kind, tool: String, detail: String, env: Environment) {
        let file = path(env)
        if (try? Path.makeDirectories(Path.dirname(file))) == nil { return }
        var st = stat()
        if stat(file, &st) == 0, Int(st.st_size) > maxBytes { rename(file, file + ".1") }
        let now = Timestamp.local(epochSeconds: Int64(time(nil)))
        let oneLine = detail.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" })
            .map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }.joined(separator: "; ")
        let line = now.canonical + "\t" + tool + "\t" + kind.rawValue + "\t" + oneLine + "\n"
        let fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        try? FileIO.writeAll(fd, Array(line.utf8), path: file)
    }

    public struct Entry: Sendable, Equatable {
        public var time: String
        public var tool: String
        public var kind: Kind
        public var detail: String
    }

    /// What the hook log says: the last capture and the failures after it.
    public struct Summary: Sendable, Equatable {
        public var lastCaptured: Entry?
        /// Failures after the last capture (all of them when nothing was captured), oldest first.
        public var errorsSince: [Entry]
    }

    /// Reads the last 64 KB of the hook log; nil when there is none.
    public static func summary(_ env: Environment) -> Summary? {
        guard let (tail, offset) = try? FileIO.readTail(path(env), count: 65_536) else { return nil }
        var lines = tail.split(separator: 10)
        if offset > 0, !lines.isEmpty { lines.removeFirst() }
        var summary = Summary(lastCaptured: nil, errorsSince: [])
        for raw in lines {
            let f = raw.split(separator: 9, maxSplits: 3, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard f.count == 4, let kind = Kind(rawValue: f[2]) else { continue }
            let entry = Entry(time: f[0], tool: f[1], kind: kind, detail: f[3])
            if kind == .captured {
                summary.lastCaptured = entry
                summary.errorsSince = []
            } else {
                summary.errorsSince.append(entry)
            }
        }
        return summary
    }
}
