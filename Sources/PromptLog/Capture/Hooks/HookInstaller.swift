/// Writing plog's hook into an agent's own settings file, and taking it out again.
///
/// Claude Code, Codex and Gemini CLI share one shape (`hooks.<Event>[]` of groups, each with a
/// `hooks[]` of handlers); Cursor's is flatter (`hooks.<event>[]` of `{command}` and a top-level
/// `version`). plog's handlers are recognised by their command: an executable named `plog`
/// followed by `hook TOOL`. Everything else in the file is kept as it was.
public enum HookInstaller {
    /// One plog handler found in a settings file.
    public struct Installed: Sendable, Equatable {
        public var event: String
        public var command: String
    }

    /// The events plog hooks for `tool`: the prompt event, and for Claude Code also
    /// `SessionStart`, whose payload may name the session's model.
    public static func events(_ tool: HookTool) -> [String] {
        tool == .claudeCode ? [tool.promptEvent, "SessionStart"] : [tool.promptEvent]
    }

    /// The command written: the absolute path of `plog` (quoted for a shell when needed; agents
    /// started from a GUI do not inherit the shell's PATH), `hook`, the tool, then `arguments`.
    public static func command(plog: String, tool: HookTool, arguments: [String] = []) -> String {
        ([shellQuoted(plog), "hook", tool.name] + arguments.map(shellQuoted)).joined(separator: " ")
    }

    /// The handler object for `tool`: a 5-second timeout (Claude Code and Codex count seconds,
    /// Gemini CLI milliseconds; Cursor's handlers have only a command).
    static func handler(_ tool: HookTool, command: String) -> JSONValue {
        switch tool {
        case .claudeCode, .codex:
            return ["type": "command", "command": .string(command), "timeout": 5]
        case .gemini:
            return ["name": "plog", "type": "command", "command": .string(command), "timeout": 5000]
        case .cursor:
            return ["command": .string(command)]
        }
    }

    /// Whether `command` runs `plog hook TOOL` (any path to plog, any further words).
    public static func isPlogCommand(_ command: String, tool: HookTool) -> Bool {
        guard let words = try? Subprocess.splitCommandLine(command), words.count >= 3 else { return false }
        return Path.basename(words[0]) == "plog" && words[1] == "hook" && words[2] == tool.name
    }

    static func isPlogHandler(_ v: JSONValue, tool: HookTool) -> Bool {
        guard let c = v["command"]?.stringValue else { return false }
        return isPlogCommand(c, tool: tool)
    }

    /// plog's handlers for `tool` in `file`, in file order.
    public static func installed(_ tool: HookTool, in file: SettingsFile) -> [Installed] {
        guard let hooks = file.get(["hooks"])?.objectValue else { return [] }
        var found: [Installed] = []
        for (event, value) in hooks.pairs {
            for entry in value.arrayValue ?? [] {
                let handlers = tool == .cursor ? [entry] : (entry["hooks"]?.arrayValue ?? [])
                for h in handlers where isPlogHandler(h, tool: tool) {
                    found.append(Installed(event: event, command: h["command"]?.stringValue ?? ""))
                }
            }
        }
        return found
    }

    /// Adds plog's handler for each of `events(tool)` to `file` (in memory; `file.save()`
    /// writes it), recording each change in `file.changes`. A handler already there with the
    /// same command is left alone; one with another command (plog moved) is updated in place.
    /// Refuses, changing nothing, when `hooks` or an event's value has a shape plog cannot merge into.
    /// `arguments` follow the tool in the command (`--recall`); an install with other arguments
    /// updates plog's handler in place.
    public static func install(_ tool: HookTool, plog: String, arguments: [String] = [], into file: inout SettingsFile) throws {
        let wanted = command(plog: plog, tool: tool, arguments: arguments)
        var hooks = try hooksObject(file)
        var changes: [String] = []
        for event in events(tool) {
            var entries: [JSONValue]
            switch hooks[event] {
            case nil: entries = []
            case .array(let a)?: entries = a
            case let other?:
                throw PlogError.refused(what: file.path, reason: "`hooks.\(event)` is \(kind(other)), not a list",
                                        hint: "fix that entry by hand, then run the command again; nothing was changed")
            }
            var present = false
            for (i, entry) in entries.enumerated() {
                if tool == .cursor {
                    guard isPlogHandler(entry, tool: tool) else { continue }
                    present = true
                    if entry["command"]?.stringValue != wanted {
                        changes.append("~ \(event): \(entry["command"]?.stringValue ?? "") -> \(wanted)")
                        entries[i] = replacingCommand(entry, with: wanted)
                    }
                    continue
                }
                guard var handlers = entry["hooks"]?.arrayValue else { continue }
                for (j, h) in handlers.enumerated() where isPlogHandler(h, tool: tool) {
                    present = true
                    if h["command"]?.stringValue != wanted {
                        changes.append("~ \(event): \(h["command"]?.stringValue ?? "") -> \(wanted)")
                        handlers[j] = replacingCommand(h, with: wanted)
                    }
                }
                if var o = entry.objectValue { o["hooks"] = .array(handlers); entries[i] = .object(o) }
            }
            if !present {
                entries.append(tool == .cursor ? handler(tool, command: wanted) : ["hooks": [handler(tool, command: wanted)]])
                changes.append("+ \(event): \(wanted)")
            }
            hooks[event] = .array(entries)
        }
        guard !changes.isEmpty else { return }
        if tool == .cursor && file.get(["version"]) == nil { file.set(1, at: ["version"]) }
        file.set(.object(hooks), at: ["hooks"])
        file.changes += changes
    }

    /// Removes plog's handlers for `tool` from `file` (in memory), and the groups, event lists
    /// and `hooks` object that removing them left empty; every other handler stays. Records
    /// each removal in `file.changes`.
    public static func remove(_ tool: HookTool, from file: inout SettingsFile) throws {
        guard file.get(["hooks"]) != nil else { return }
        var hooks = try hooksObject(file)
        var changes: [String] = []
        for (event, value) in hooks.pairs {
            guard let entries = value.arrayValue else { continue }
            var kept: [JSONValue] = []
            for entry in entries {
                if tool == .cursor {
                    if isPlogHandler(entry, tool: tool) {
                        changes.append("- \(event): \(entry["command"]?.stringValue ?? "")")
                    } else {
                        kept.append(entry)
                    }
                    continue
                }
                guard var o = entry.objectValue, let handlers = o["hooks"]?.arrayValue else { kept.append(entry); continue }
                let others = handlers.filter { !isPlogHandler($0, tool: tool) }
                for h in handlers where isPlogHandler(h, tool: tool) {
                    changes.append("- \(event): \(h["command"]?.stringValue ?? "")")
                }
                if others.count == handlers.count { kept.append(entry); continue }
                if others.isEmpty { continue }
                o["hooks"] = .array(others)
                kept.append(.object(o))
            }
            if kept.count != entries.count || kept != entries {
                hooks[event] = kept.isEmpty ? nil : .array(kept)
            }
        }
        guard !changes.isEmpty else { return }
        file.set(hooks.isEmpty ? nil : .object(hooks), at: ["hooks"])
        file.changes += changes
    }

    static func hooksObject(_ file: SettingsFile) throws -> JSONObject {
        switch file.get(["hooks"]) {
        case nil: return JSONObject()
        case .object(let o)?: return o
        case let other?:
            throw PlogError.refused(what: file.path, reason: "`hooks` is \(kind(other)), not an object",
                                    hint: "fix it by hand, then run the command again; nothing was changed")
        }
    }

    static func replacingCommand(_ v: JSONValue, with command: String) -> JSONValue {
        guard var o = v.objectValue else { return v }
        o["command"] = .string(command)
        return .object(o)
    }

    static func kind(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
