import ArgumentParser
import PromptLog

/// `plog hook`: capture each prompt as a coding agent sends it, and install that hook.
package struct HookCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Log every prompt you type into a coding agent, as you send it.",
        usage: """
            plog hook <tool> [--recall [--recall-tokens <n>]] < payload.json
              plog hook install <tool> [--settings <file>] [--recall [--recall-tokens <n>]]
              plog hook remove <tool> [--settings <file>]
              plog hook show [<tool>] [--settings <file>]
            """,
        discussion: """
            `plog hook install claude-code` (or codex, gemini, cursor) adds plog to the agent's own \
            hook settings; from then on the agent runs `plog hook TOOL` on each prompt you send, \
            which reads the hook's JSON on standard input and appends one block: TASK from the \
            prompt's first sentence, a SOURCE line (tool, session, prompt id), the prompt. Model: \
            from the payload (Codex, Cursor), for Claude Code from the session's SessionStart \
            hook or its transcript. Project: as for `plog add`, from the agent's working directory. \
            Trivial prompts (yes, ok, continue, thanks, a lone /command) and text the agent wrote \
            itself are skipped; see `capture.*` in `plog config`.

            The hook writes nothing to standard output (Claude Code would add it to the model's \
            context; Cursor gets the `{"continue":true}` it waits for; with --recall, the context \
            offered) and exits 0 whatever happens, so the agent is never blocked. Failures go to \
            ~/.local/state/plog/hook.log, which `plog doctor` reports, and the prompt to a draft \
            (`plog add --draft FILE` logs it later).
            """,
        subcommands: [HookCaptureCommand.self, HookInstallCommand.self, HookRemoveCommand.self, HookShowCommand.self],
        defaultSubcommand: HookCaptureCommand.self)

    package init() {}
}

extension HookTool: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// `plog hook TOOL`: the hook itself (what the agent runs).
package struct HookCaptureCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Read one hook call on standard input and log its prompt (run by the agent).",
        discussion: "Usage: plog hook claude-code|codex|gemini|cursor < payload.json. Always exits 0 for "
            + "a known tool; errors go to the hook log.",
        shouldDisplay: false)

    /// The tool, then whatever the agent adds (Codex's `notify` appends its JSON). Taken as
    /// given so that no argument can make the hook fail.
    @Argument(parsing: .captureForPassthrough)
    package var words: [String] = []

    package init() {}

    package func run() throws {
        // Read the payload first, whatever happens next: an agent whose hook exits without
        // reading it gets a broken pipe.
        let input = Terminal.stdinIsTerminal ? nil : ((try? FileIO.readToEnd(fd: 0)) ?? [])
        guard let name = words.first else {
            // `plog hook` alone: help for a person; for a misconfigured agent, an error that
            // does not block (1, never 2: for Claude Code, exit 2 blocks the prompt and erases it).
            if Terminal.stdinIsTerminal { return Terminal.write(HookCommand.helpMessage() + "\n") }
            Terminal.printError("plog hook names no tool\n  hint: the command is `plog hook claude-code` (or codex, gemini, cursor)")
            throw ExitCode(1)
        }
        guard let input else {
            // Typed at a prompt, not run by an agent: explain rather than log an error.
            Terminal.printError("plog hook \(name) reads a hook call's JSON on standard input; the agent runs it\n"
                                + "  hint: to set it up, run: plog hook install \(name)")
            throw ExitCode(1)
        }
        let env = Environment.process
        guard let tool = HookTool(rawValue: name) else {
            HookLog.record(.error, tool: name, detail: "unknown tool `\(name)`", env: env)
            Terminal.printError("unknown tool '\(name)'\n  hint: plog hook takes one of: "
                                + HookTool.allCases.map(\.name).joined(separator: ", "))
            // 1, never 2: for Claude Code, exit 2 would block the prompt and erase it.
            throw ExitCode(1)
        }
        let rest = Array(words.dropFirst())
        let recall = HookRecallOption.parse(rest)
        let result = HookCapture.run(tool, input: input, arguments: rest, env: env, recall: recall)
        if case .captured(_, _, let context?) = result, let event = HookRecallOption.contextEvent(tool) {
            // The one thing the hook ever prints: the context, in the JSON the agent reads.
            let reply: JSONValue = ["hookSpecificOutput": ["hookEventName": .string(event), "additionalContext": .string(context)]]
            Terminal.write(reply.compact + "\n")
        }
        if tool == .cursor, !result.isIgnored {
            // Cursor's beforeSubmitPrompt expects an answer; anything else would hold the prompt.
            Terminal.write("{\"continue\":true}\n")
        }
        if case .failed(let message) = result, Terminal.stderrIsTerminal {
            Terminal.printNote("hook: " + message)
        }
    }
}

/// `--recall [--recall-tokens N]` after the tool: offer the prompt's most related past blocks.
enum HookRecallOption {
    /// The recall asked for in the hook's words, or nil (a bad number means the default).
    static func parse(_ words: [String]) -> HookRecall? {
        guard words.contains("--recall") else { return nil }
        if let i = words.firstIndex(of: "--recall-tokens"), i + 1 < words.count, let n = Int(words[i + 1]), n > 0 {
            return HookRecall(tokens: n)
        }
        return HookRecall()
    }

    /// The event name of the context reply, for the tools whose prompt hook can add context
    /// (Claude Code and Codex `UserPromptSubmit`, Gemini CLI `BeforeAgent`); nil for Cursor.
    static func contextEvent(_ tool: HookTool) -> String? {
        tool == .cursor ? nil : tool.promptEvent
    }
}

/// What `install` and `remove` share: the tool and the file.
package struct HookTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("claude-code, codex, gemini or cursor.", valueName: "tool"))
    package var tool: HookTool

    @Option(name: .long, help: ArgumentHelp(
        "The settings file to edit (e.g. a project's .claude/settings.json).",
        discussion: "Default: claude-code $CLAUDE_CONFIG_DIR/settings.json or ~/.claude/settings.json; codex "
            + "$CODEX_HOME/hooks.json or ~/.codex/hooks.json; gemini ~/.gemini/settings.json; cursor ~/.cursor/hooks.json.",
        valueName: "file"))
    package var settings: String?

    package init() {}

    func path(env: Environment) -> String {
        settings.map(env.absolutePath) ?? tool.settingsPath(env: env)
    }
}

/// `plog hook install TOOL`.
package struct HookInstallCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Add plog's prompt hook to an agent's settings file.",
        discussion: """
            Merges into the file: every other key and hook is kept, the previous file is kept as \
            FILE.plog-backup, and a second install changes nothing. The command written holds the \
            absolute path of this plog. Claude Code gets UserPromptSubmit and SessionStart \
            (for the model); Codex UserPromptSubmit; Gemini CLI BeforeAgent; Cursor beforeSubmitPrompt. \
            A file that is not valid JSON is refused and left as it is. Exit status: 0 on success \
            (installed or already there), 1 on an error, 2 on a usage error.
            """)

    @OptionGroup package var target: HookTarget

    @Flag(name: .long, help: ArgumentHelp(
        "Also offer the agent your past prompts most related to each new one (claude-code, codex, gemini).",
        discussion: "The hook ranks the log's blocks by the prompt's rarest words (as prompthist --like does) and, "
            + "when the best block is related enough, adds the ranked blocks to the prompt's context, with a "
            + "header saying they are your own past prompts and outcomes, failures included. Off by default."))
    package var recall = false

    @Option(name: .long, help: ArgumentHelp("With --recall: the most context added, in tokens (about 4 bytes each).",
                                            valueName: "n"))
    package var recallTokens: Int?

    package init() {}

    package func validate() throws {
        if recall && HookRecallOption.contextEvent(target.tool) == nil {
            throw ValidationError("--recall: \(target.tool.name)'s prompt hook cannot add context; use it with claude-code, codex or gemini")
        }
        if let n = recallTokens {
            guard recall else { throw ValidationError("--recall-tokens goes with --recall") }
            guard n > 0 else { throw ValidationError("--recall-tokens must be a positive number of tokens, not \(n)") }
        }
    }

    package func run() throws {
        let env = Environment.process
        let path = target.path(env: env)
        var file = try HookFiles.load(path)
        var extra: [String] = []
        if recall { extra.append("--recall") }
        if let n = recallTokens { extra += ["--recall-tokens", String(n)] }
        try HookFiles.exitOne {
            try HookInstaller.install(target.tool, plog: GitHandoff.plogExecutable(), arguments: extra, into: &file)
        }
        try HookFiles.saveAndReport(file, env: env, nothingChanged: "already installed")
        if !file.changes.isEmpty {
            for note in HookFiles.notes(target.tool) { Terminal.write("note: " + note + "\n") }
        }
    }
}

/// `plog hook remove TOOL`.
package struct HookRemoveCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take plog's hook out of an agent's settings file.",
        discussion: """
            Removes only plog's handlers (and the groups and lists that held nothing else); every \
            other hook and key stays. The previous file is kept as FILE.plog-backup. Exit status: \
            0 on success (removed or not there), 1 on an error, 2 on a usage error.
            """)

    @OptionGroup package var target: HookTarget

    package init() {}

    package func run() throws {
        let env = Environment.process
        let path = target.path(env: env)
        guard Path.exists(path) else {
            Terminal.write(HookFiles.display(path, env: env) + ": no such file, nothing to remove\n")
            return
        }
        var file = try HookFiles.load(path)
        try HookFiles.exitOne { try HookInstaller.remove(target.tool, from: &file) }
        try HookFiles.saveAndReport(file, env: env, nothingChanged: "no plog hook for \(target.tool.name), nothing to remove")
    }
}

/// `plog hook show`.
package struct HookShowCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print which agents have plog's hook, in which file, running which command.",
        discussion: "Without a tool, every tool's default settings file is read. Exit status: 0, or 1 "
            + "when a file cannot be read.")

    @Argument(help: ArgumentHelp("Only this tool.", valueName: "tool"))
    package var tool: HookTool?

    @Option(name: .long, help: ArgumentHelp("Read this settings file instead of the tool's default (needs a tool).",
                                            valueName: "file"))
    package var settings: String?

    package init() {}

    package func validate() throws {
        if settings != nil && tool == nil { throw ValidationError("--settings needs a tool, e.g. plog hook show claude-code --settings FILE") }
    }

    package func run() throws {
        let env = Environment.process
        var failed = false
        for t in tool.map({ [$0] }) ?? HookTool.allCases {
            let path = settings.map(env.absolutePath) ?? t.settingsPath(env: env)
            let shown = HookFiles.display(path, env: env)
            guard Path.exists(path) else {
                Terminal.write("\(t.name)\tnot installed\t\(shown) (no such file)\n")
                continue
            }
            do {
                let file = try SettingsFile.load(path)
                let found = HookInstaller.installed(t, in: file)
                if found.isEmpty { Terminal.write("\(t.name)\tnot installed\t\(shown)\n") }
                for i in found { Terminal.write("\(t.name)\t\(i.event)\t\(shown)\t\(i.command)\n") }
            } catch let e as PlogError {
                Terminal.printError(e.description)
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

/// Loading, saving and describing the settings files of `install` and `remove`.
enum HookFiles {
    /// The file, or an error that exits 1 (not 2: the command line was fine, the file was not).
    static func load(_ path: String) throws -> SettingsFile {
        var file: SettingsFile?
        try exitOne { file = try SettingsFile.load(path) }
        return file!
    }

    /// Runs `body`; a `PlogError` it throws is printed and exits 1 (a problem with a file, not
    /// with the command line).
    static func exitOne(_ body: () throws -> Void) throws {
        do { try body() } catch let e as PlogError {
            Terminal.printError(e.description)
            throw ExitCode(1)
        }
    }

    /// Saves `file` and prints what changed (or `nothingChanged`), the file and its backup.
    static func saveAndReport(_ file: SettingsFile, env: Environment, nothingChanged: String) throws {
        let shown = display(file.path, env: env)
        guard !file.changes.isEmpty else {
            Terminal.write("\(shown): \(nothingChanged)\n")
            return
        }
        let result: SettingsFile.SaveResult
        do { result = try file.save() } catch let e as PlogError {
            Terminal.printError(e.description + "\n  nothing was changed")
            throw ExitCode(1)
        }
        Terminal.write("\(shown)\(result.created ? " (created)" : ""):\n")
        for c in file.changes { Terminal.write("  " + c + "\n") }
        if let backup = result.backup { Terminal.write("previous file kept at \(display(backup, env: env))\n") }
    }

    /// What the user should know after installing for `tool`.
    static func notes(_ tool: HookTool) -> [String] {
        switch tool {
        case .claudeCode:
            return ["Claude Code reads hooks at start: restart running sessions (or open /hooks) to load it."]
        case .codex:
            return ["Codex asks you to review and trust new hooks before they run: open /hooks in Codex.",
                    "Codex versions before hooks were on by default also need `[features] codex_hooks = true` in config.toml."]
        case .gemini:
            return ["Restart Gemini CLI to load the hook; older versions need hooks enabled in settings.json."]
        case .cursor:
            return ["Restart Cursor to load the hook."]
        }
    }

    /// `path` with the home directory written `~`.
    static func display(_ path: String, env: Environment) -> String {
        let home = env.home
        if home != "/", path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
        return path
    }
}
