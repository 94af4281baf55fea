/// The capture path: build a block, append it durably, and never lose the user's words.
public enum Capture {
    /// Appends `bytes` (one block) to the log. If the append fails for any reason (disk full,
    /// permissions, a read-only file system), the bytes are saved as a draft (or, if even that
    /// fails, written to stderr) and the error names where they are.
    ///
    /// - Parameter keptDraft: a draft that already holds these bytes (editor mode, `--draft`);
    ///   it is named in the error instead of writing a second copy.
    @discardableResult
    public static func append(_ bytes: [UInt8], to logPath: String, env: Environment,
                              keptDraft: String? = nil) throws -> LogAppender.Result {
        do {
            return try LogAppender.append(bytes, to: logPath)
        } catch {
            let underlying = (error as? PlogError)?.description ?? String(describing: error)
            var draft = keptDraft
            if draft == nil { draft = try? Drafts.save(bytes, env: env) }
            if draft == nil {
                // Last resort: the text goes to the terminal rather than nowhere.
                _ = bytes.withUnsafeBytes { posixWrite(2, $0.baseAddress!, $0.count) }
            }
            throw PlogError.appendFailed(log: logPath, underlying: underlying, draft: draft)
        }
    }

    /// What `plog add` (and every front end that adds a block: the MCP server's `plog_add`) logs.
    public struct Addition: Sendable {
        public var task: String?
        public var prompt: [UInt8]
        public var outcomes: [String]
        /// The `-m` / `-p` values; nil falls back to `CaptureDefaults`.
        public var model: String?
        public var project: String?
        /// The template the prompt was written from, kept as a TEMPLATE section.
        public var template: String?
        /// Log credentials as given instead of redacting them. Default false.
        public var keepSecrets: Bool

        public init(task: String? = nil, prompt: [UInt8] = [], outcomes: [String] = [], model: String? = nil,
                    project: String? = nil, template: String? = nil, keepSecrets: Bool = false) {
            self.task = task; self.prompt = prompt; self.outcomes = outcomes; self.model = model
            self.project = project; self.template = template; self.keepSecrets = keepSecrets
        }
    }

    /// What an add did: the header line written (without `## `), where, and what was redacted.
    public struct Added: Sendable {
        public var header: String
        public var offset: Int
        public var secrets: [SecretFinding]
    }

    /// Builds the block for `addition` (now, model and project by `CaptureDefaults`), redacts
    /// credentials unless asked not to, and appends it durably (`append`: a draft keeps the text
    /// if the append fails). Refuses a block with no task, prompt or outcome text.
    public static func add(_ addition: Addition, logPath: String, env: Environment, config: Config) throws -> Added {
        var block = NewBlock(
            timestamp: .now(),
            model: CaptureDefaults.model(flag: addition.model, env: env, config: config, logPath: logPath),
            project: CaptureDefaults.project(flag: addition.project, env: env, config: config),
            task: addition.task, prompt: addition.prompt, outcomes: addition.outcomes)
        if let template = addition.template { block.extraSections.append(Section(name: "TEMPLATE", inline: template)) }
        let hasText = !(block.task ?? "").allSatisfy(\.isWhitespace)
            || block.prompt.contains { $0 != 10 && $0 != 13 && $0 != 32 && $0 != 9 }
            || block.outcomes.contains { !$0.allSatisfy(\.isWhitespace) }
        guard hasText else {
            throw PlogError.refused(what: "plog add", reason: "nothing to log: no task, prompt or outcome",
                                    hint: "give -t TASK, --prompt TEXT, pipe the prompt on stdin, or run on a terminal to use your editor")
        }
        var bytes = block.render()
        var secrets: [SecretFinding] = []
        if !addition.keepSecrets { (bytes, secrets) = SecretScanner.redact(bytes) }
        let result = try append(bytes, to: logPath, env: env)
        let header = BlockRenderer.headerLine(timestamp: block.timestamp, model: block.model, project: block.project)
        return Added(header: String(header.dropFirst(3).dropLast()), offset: result.offset, secrets: secrets)
    }

    /// The editor command: `editor` in the config, then `$VISUAL`, then `$EDITOR`, then `vi`,
    /// split into words without a shell (so `code --wait` works and nothing is expanded).
    public static func editorCommand(env: Environment, config: Config) throws -> [String] {
        let value = CaptureDefaults.resolveEditor(env: env, config: config).value
        let words = try Subprocess.splitCommandLine(value)
        guard !words.isEmpty else {
            throw PlogError.invalidInput(input: value, reason: "the editor command is empty",
                                         hint: "set $EDITOR, e.g. EDITOR=vim")
        }
        return words
    }

    /// The text a new draft starts with: a header (now, the default model and project) and the
    /// template's scaffold.
    public static func draftText(model: String?, project: String?, template: Template) -> [UInt8] {
        var text = BlockRenderer.headerLine(timestamp: .now(), model: model, project: project)
        var body = template.body
        while body.hasPrefix("\n") { body.removeFirst() }
        if !body.isEmpty { text += body.hasSuffix("\n") ? body : body + "\n" }
        return Array(text.utf8)
    }

    public enum EditorResult: Equatable {
        /// A block was appended at this offset; the draft was removed.
        case logged(offset: Int, header: String)
        /// Nothing was logged, for this reason; the draft was removed.
        case nothing(reason: String)
    }

    /// Opens `draftPath` in the editor, then judges and appends what was saved. The draft file is
    /// removed once its block is in the log or when there is nothing to log; it is kept (and
    /// named in the error) when the editor fails, the text does not parse, or the append fails.
    /// `beforeWrite` sees the block last, just before it is written (`plog add` redacts secrets there).
    public static func editAndAppend(draftPath: String, original: [UInt8]?, logPath: String,
                                     editor: [String], env: Environment,
                                     beforeWrite: ([UInt8]) -> [UInt8] = { $0 }) throws -> EditorResult {
        let status = try Subprocess.runInteractive(editor + [draftPath], env: env)
        guard status == 0 else {
            throw PlogError.refused(what: "editor `\(editor.joined(separator: " "))`",
                                    reason: "exited with status \(status); nothing was logged",
                                    hint: "your draft is kept at \(draftPath); log it with: plog add --draft \(shellQuoted(draftPath))")
        }
        let saved = try FileIO.readAll(draftPath)
        return try appendDraft(saved, original: original, draftPath: draftPath, logPath: logPath, env: env,
                               beforeWrite: beforeWrite)
    }

    /// Judges draft bytes and appends them (see `editAndAppend`).
    public static func appendDraft(_ saved: [UInt8], original: [UInt8]?, draftPath: String, logPath: String,
                                   env: Environment, removeDraft: Bool = true,
                                   beforeWrite: ([UInt8]) -> [UInt8] = { $0 }) throws -> EditorResult {
        switch DraftText.judge(saved, original: original) {
        case .nothing(let reason):
            if removeDraft { unlink(draftPath) }
            return .nothing(reason: reason)
        case .invalid(let reason):
            throw PlogError.invalidDraft(path: draftPath, reason: reason)
        case .block(let judged):
            let bytes = beforeWrite(judged)
            let result = try append(bytes, to: logPath, env: env, keptDraft: draftPath)
            if removeDraft { unlink(draftPath) }
            let header = String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
            return .logged(offset: result.offset, header: header)
        }
    }

    /// Whether `path` lies in the drafts directory (drafts there are plog's to delete).
    public static func isOwnDraft(_ path: String, env: Environment) -> Bool {
        path.hasPrefix(Drafts.directory(env) + "/")
    }
}
