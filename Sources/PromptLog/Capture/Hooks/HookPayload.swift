/// The coding agents whose prompt hooks plog answers (`plog hook TOOL`).
public enum HookTool: String, CaseIterable, Sendable {
    case claudeCode = "claude-code"
    case codex
    case gemini
    case cursor

    /// The name in commands and on the SOURCE line.
    public var name: String { rawValue }

    /// The tool's user-wide hook settings file: Claude Code `$CLAUDE_CONFIG_DIR/settings.json`
    /// (default `~/.claude/settings.json`), Codex `$CODEX_HOME/hooks.json` (default
    /// `~/.codex/hooks.json`), Gemini CLI `~/.gemini/settings.json`, Cursor `~/.cursor/hooks.json`.
    public func settingsPath(env: Environment) -> String {
        switch self {
        case .claudeCode: return (env["CLAUDE_CONFIG_DIR"] ?? env.home + "/.claude") + "/settings.json"
        case .codex: return (env["CODEX_HOME"] ?? env.home + "/.codex") + "/hooks.json"
        case .gemini: return env.home + "/.gemini/settings.json"
        case .cursor: return env.home + "/.cursor/hooks.json"
        }
    }

    /// The event that carries a typed prompt.
    public var promptEvent: String {
        switch self {
        case .claudeCode, .codex: return "UserPromptSubmit"
        case .gemini: return "BeforeAgent"
        case .cursor: return "beforeSubmitPrompt"
        }
    }
}

/// What one hook call said, read from the tool's JSON (standard input; for Codex's legacy
/// `notify`, the last argument).
///
/// Field names by tool (sources in `Tests/EndToEndTests/Fixtures/hooks/README.md`):
/// - Claude Code: `hook_event_name`, `session_id`, `prompt_id` (2.1.196+), `prompt`, `cwd`,
///   `transcript_path`; `model` on `SessionStart` only, and not always.
/// - Codex hooks: the same, plus `turn_id` and `model` on every event. Codex `notify`:
///   `type: agent-turn-complete`, `thread-id`, `turn-id`, `cwd`, `input-messages[]`.
/// - Gemini CLI: `hook_event_name` (`BeforeAgent`), `session_id`, `prompt`, `cwd`, `transcript_path`.
/// - Cursor: `hook_event_name` (`beforeSubmitPrompt`), `conversation_id`, `generation_id`,
///   `prompt`, `workspace_roots[]`, `model`.
public struct HookPayload: Sendable, Equatable {
    public var tool: HookTool
    /// The event name as the tool sent it; the tool's prompt event when it sends none.
    public var event: String
    public var session: String?
    /// The prompt's own id in the tool, when it gives one.
    public var promptId: String?
    /// The prompts typed (one, except a Codex `notify` turn that had several), as sent.
    public var prompts: [String]
    public var cwd: String?
    public var model: String?
    public var transcriptPath: String?

    public init(tool: HookTool, event: String, session: String? = nil, promptId: String? = nil, prompts: [String] = [],
                cwd: String? = nil, model: String? = nil, transcriptPath: String? = nil) {
        self.tool = tool; self.event = event; self.session = session; self.promptId = promptId
        self.prompts = prompts; self.cwd = cwd; self.model = model; self.transcriptPath = transcriptPath
    }

    /// Whether this call carries a typed prompt (rather than a session start or another event).
    public var isPrompt: Bool { event == tool.promptEvent || event == "agent-turn-complete" }

    /// The largest payload read (a prompt with pasted files fits many times over); larger input
    /// is refused rather than parsed.
    public static let maxBytes = 16 << 20

    /// Reads the payload of `tool` from `input` (standard input) or, for Codex's `notify`, from
    /// the last of `arguments` when it holds a JSON object.
    public static func read(_ tool: HookTool, input: [UInt8], arguments: [String] = []) throws -> HookPayload {
        var bytes = input
        if tool == .codex, let last = arguments.last, last.hasPrefix("{") { bytes = Array(last.utf8) }
        guard bytes.count <= maxBytes else {
            throw PlogError.invalidInput(input: "hook input", reason: "is \(bytes.count) bytes, more than the \(maxBytes) read",
                                         hint: "")
        }
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch let e as JSONError {
            throw PlogError.invalidInput(input: "hook input", reason: "is not JSON (\(e); \(bytes.count) bytes)", hint: "")
        }
        guard json.objectValue != nil else {
            throw PlogError.invalidInput(input: "hook input", reason: "is JSON but not an object", hint: "")
        }
        func text(_ key: String) -> String? {
            guard let s = json[key]?.stringValue, !s.isEmpty else { return nil }
            return s
        }
        var p = HookPayload(tool: tool, event: text("hook_event_name") ?? tool.promptEvent)
        switch tool {
        case .claudeCode, .gemini:
            p.session = text("session_id")
            p.promptId = text("prompt_id")
            p.cwd = text("cwd")
            p.model = text("model")
            p.transcriptPath = text("transcript_path")
            if let prompt = json["prompt"]?.stringValue { p.prompts = [prompt] }
        case .codex:
            if text("type") == "agent-turn-complete" {
                p.event = "agent-turn-complete"
                p.session = text("thread-id")
                p.promptId = text("turn-id")
                p.cwd = text("cwd")
                p.prompts = (json["input-messages"]?.arrayValue ?? []).compactMap(\.stringValue)
            } else {
                p.session = text("session_id")
                p.promptId = text("turn_id")
                p.cwd = text("cwd")
                p.model = text("model")
                p.transcriptPath = text("transcript_path")
                if let prompt = json["prompt"]?.stringValue { p.prompts = [prompt] }
            }
        case .cursor:
            p.session = text("conversation_id")
            p.promptId = text("generation_id")
            p.cwd = json["workspace_roots"]?.arrayValue?.first?.stringValue ?? text("cwd")
            p.model = text("model")
            p.transcriptPath = text("transcript_path")
            if let prompt = json["prompt"]?.stringValue { p.prompts = [prompt] }
        }
        // A subagent's prompt is the agent's text, not the person's.
        if text("agent_id") != nil { p.event = "subagent " + p.event }
        if p.isPrompt && json["prompt"] == nil && json["input-messages"] == nil {
            throw PlogError.invalidInput(input: "hook input", reason: "has no `prompt` field (event \(p.event))", hint: "")
        }
        return p
    }

    /// The SOURCE line of the `index`-th prompt: the tool, its session id, and the tool's prompt
    /// id (Claude Code `prompt_id`, Codex `turn_id`, Cursor `generation_id`), else `h` and 12 hex
    /// digits of a hash of the session and the cleaned text (`PromptId.derived`).
    public func source(text: String, index: Int = 0) -> SourceRef {
        var id = promptId.map { index == 0 ? $0 : $0 + "-" + String(index) } ?? PromptId.derived(session: session, text: text)
        if id.isEmpty { id = PromptId.derived(session: session, text: text) }
        return SourceRef(tool: tool.name, session: session, id: id)
    }
}

/// Prompt ids plog derives where a tool gives none.
public enum PromptId {
    /// `h` and the first 12 hex digits of the 64-bit FNV-1a hash of `session`, a newline and
    /// `text`: the same prompt in the same session always gets the same id.
    public static func derived(session: String?, text: String) -> String {
        "h" + StableHash.hex(session ?? "", text, separator: 10).prefix(12)
    }
}
