import ArgumentParser
import PromptLog

/// `plog mcp`: the MCP server (run by `plog-mcp`, which this hands off to) and its registration
/// with coding agents.
package struct McpCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Let a coding agent search your log itself: an MCP server over stdio, and its registration.",
        discussion: """
            `plog mcp` runs the Model Context Protocol server (the program plog-mcp, beside plog) on \
            standard input and output; agents start it themselves once it is registered. \
            `plog mcp install claude-code|codex|cursor|gemini` registers it (with absolute paths); \
            `plog mcp remove TOOL` undoes that.

            Tools: plog_search (patterns, all must match), plog_like (blocks related to a draft), \
            plog_get (one block by id), plog_recent, plog_stats (read-only), and plog_add, plog_outcome \
            (which append). Results are bounded to 4,000 approximate tokens by default, at most 10,000 \
            (max_tokens), and say when they were cut.
            """,
        subcommands: [McpServeCommand.self, McpInstallCommand.self, McpRemoveCommand.self],
        defaultSubcommand: McpServeCommand.self)

    package init() {}
}

/// `plog mcp [serve]`: hands off to `plog-mcp`, as `plog commit` hands off to `plog-git`.
package struct McpServeCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the log over MCP on standard input and output (the default; runs plog-mcp).",
        discussion: """
            Standard output carries protocol messages only; diagnostics go to standard error. Ends at \
            end of input with status 0. The log is found when the server starts (--file, $PLOG_FILE, \
            the nearest prompts.log, the config, ~/notes/prompts.log) and read afresh on every call.
            """)

    @OptionGroup package var log: LogOptions

    package init() {}

    package func run() throws {
        let env = Environment.process
        try GitHandoff.exec(McpRegistration.serverName,
                               arguments: log.file.map { ["--file", env.absolutePath($0)] } ?? [])
    }
}

/// The agents `plog mcp install` knows.
package enum McpClient: String, CaseIterable, ExpressibleByArgument, Sendable {
    case claudeCode = "claude-code"
    case codex
    case cursor
    case gemini

    var displayName: String {
        switch self {
        case .claudeCode: return "Claude Code"
        case .codex: return "Codex"
        case .cursor: return "Cursor"
        case .gemini: return "Gemini CLI"
        }
    }
}

/// Where and how each agent registers a stdio MCP server (see the README's MCP section for the
/// public sources): Claude Code and Codex through their own CLIs (`claude mcp add --scope user`,
/// `codex mcp add`), Cursor and Gemini CLI through `mcpServers` in a JSON settings file.
package enum McpRegistration {
    /// The server executable, beside plog.
    package static let serverName = "plog-mcp"
    /// The name the server is registered under in every agent (tools appear as `mcp__plog__plog_search` in Claude Code).
    package static let entryName = "plog"

    /// The absolute path of `plog-mcp`, or an error saying how to get one.
    static func serverPath(env: Environment) throws -> String {
        guard let found = GitHandoff.locateHelper(serverName, env: env) else {
            throw PlogError.refused(
                what: "\(serverName) was not found", reason: "the MCP server ships beside plog",
                hint: "reinstall plog (shell/install) so that \(serverName) sits next to plog")
        }
        return env.absolutePath(found)
    }

    /// The agent's CLI command that adds the server (claude-code and codex), nil for the others.
    static func addCommand(_ client: McpClient, server: [String]) -> [String]? {
        switch client {
        case .claudeCode: return ["claude", "mcp", "add", "--scope", "user", entryName, "--"] + server
        case .codex: return ["codex", "mcp", "add", entryName, "--"] + server
        case .cursor, .gemini: return nil
        }
    }

    static func removeCommand(_ client: McpClient) -> [String]? {
        switch client {
        case .claudeCode: return ["claude", "mcp", "remove", "--scope", "user", entryName]
        case .codex: return ["codex", "mcp", "remove", entryName]
        case .cursor, .gemini: return nil
        }
    }

    /// The JSON settings file holding `mcpServers` (cursor and gemini), nil for the others.
    static func settingsPath(_ client: McpClient, env: Environment) -> String? {
        switch client {
        case .cursor: return env.home + "/.cursor/mcp.json"
        case .gemini: return env.home + "/.gemini/settings.json"
        case .claudeCode, .codex: return nil
        }
    }

    /// Runs an agent's CLI; its output is passed on to stderr (stdout stays for what plog prints).
    static func runCLI(_ argv: [String], env: Environment) throws -> Int32 {
        let r = try Subprocess.run(argv, env: env, keepStderr: true)
        if !r.stdout.isEmpty { Terminal.writeBytes(r.stdout, fd: 2) }
        return r.status
    }

    static func commandLine(_ argv: [String]) -> String { argv.map(shellQuoted).joined(separator: " ") }
}

/// `plog mcp install TOOL`.
package struct McpInstallCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Register plog's MCP server with claude-code, codex, cursor or gemini.",
        discussion: """
            claude-code: runs `claude mcp add --scope user plog -- /abs/path/plog-mcp` (replacing an \
            earlier plog entry) when `claude` is on PATH, else prints that command. codex: the same with \
            `codex mcp add plog -- /abs/path/plog-mcp`. cursor: sets mcpServers.plog in ~/.cursor/mcp.json \
            (then enable it in Cursor's MCP settings). gemini: sets mcpServers.plog in \
            ~/.gemini/settings.json. Settings files are edited in place: other keys are kept, the \
            previous file is saved as FILE.plog-backup.

            Paths are absolute, because agents started from a desktop do not see your shell's PATH. \
            Without --file the server uses the log plog would use where the agent starts it.
            """)

    @Argument(help: "The agent: claude-code, codex, cursor or gemini.")
    package var tool: McpClient

    @Flag(name: .customLong("print"), help: "Print the command or the settings entry instead of changing anything.")
    package var printOnly = false

    @Option(name: [.customShort("f"), .long], help: ArgumentHelp(
        "Serve this log (registered as `--file PATH`; default: the log found when the server starts).", valueName: "path"))
    package var file: String?

    package init() {}

    package func run() throws {
        let env = Environment.process
        let server = [try McpRegistration.serverPath(env: env)] + (file.map { ["--file", env.absolutePath($0)] } ?? [])
        if let add = McpRegistration.addCommand(tool, server: server) {
            let cli = add[0]
            guard !printOnly, Subprocess.which(cli, env: env) != nil else {
                if !printOnly {
                    Terminal.printNote("\(cli) is not on PATH; to register plog with \(tool.displayName), run:")
                }
                Terminal.write(McpRegistration.commandLine(add) + "\n")
                return
            }
            // An earlier entry (another path, another log) is replaced, so install can be run again.
            if let remove = McpRegistration.removeCommand(tool) { _ = try Subprocess.run(remove, env: env) }
            let status = try McpRegistration.runCLI(add, env: env)
            guard status == 0 else {
                throw PlogError.refused(what: McpRegistration.commandLine(add), reason: "\(cli) exited with status \(status)",
                                        hint: "its message is above; fix that and run `plog mcp install \(tool.rawValue)` again")
            }
            Terminal.printNote("registered with \(tool.displayName): " + McpRegistration.commandLine(add))
            return
        }
        let path = McpRegistration.settingsPath(tool, env: env)!
        let entry: JSONValue = ["command": .string(server[0]), "args": .array(server.dropFirst().map { .string($0) })]
        if printOnly {
            Terminal.write("# \(path)\n" + JSONValue.object(JSONObject([("mcpServers", .object(JSONObject([(McpRegistration.entryName, entry)])))]))
                .pretty() + "\n")
            return
        }
        var settings = try SettingsFile.load(path)
        guard settings.set(entry, at: ["mcpServers", McpRegistration.entryName]) else {
            throw PlogError.invalidInput(input: path, reason: "its mcpServers is not an object",
                                         hint: "fix the file (mcpServers holds {\"name\": {...}}) and run this again; nothing was changed")
        }
        let saved = try settings.save()
        if saved.unchanged {
            Terminal.printNote("already registered with \(tool.displayName) in \(path); nothing changed")
        } else {
            Terminal.printNote("registered with \(tool.displayName): mcpServers.\(McpRegistration.entryName) in \(path)"
                + (saved.backup.map { " (previous file: \($0))" } ?? "")
                + (tool == .cursor ? "; enable it in Cursor's MCP settings" : ""))
        }
    }
}

/// `plog mcp remove TOOL`.
package struct McpRemoveCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Undo `plog mcp install TOOL`.",
        discussion: """
            claude-code and codex: runs (or, when the CLI is not on PATH or with --print, prints) \
            `claude mcp remove --scope user plog` / `codex mcp remove plog`. cursor and gemini: removes \
            mcpServers.plog from the settings file, keeping everything else.
            """)

    @Argument(help: "The agent: claude-code, codex, cursor or gemini.")
    package var tool: McpClient

    @Flag(name: .customLong("print"), help: "Print the command instead of running it (claude-code, codex).")
    package var printOnly = false

    package init() {}

    package func run() throws {
        let env = Environment.process
        if let remove = McpRegistration.removeCommand(tool) {
            let cli = remove[0]
            guard !printOnly, Subprocess.which(cli, env: env) != nil else {
                if !printOnly { Terminal.printNote("\(cli) is not on PATH; to unregister plog from \(tool.displayName), run:") }
                Terminal.write(McpRegistration.commandLine(remove) + "\n")
                return
            }
            let status = try McpRegistration.runCLI(remove, env: env)
            guard status == 0 else {
                throw PlogError.refused(what: McpRegistration.commandLine(remove), reason: "\(cli) exited with status \(status)",
                                        hint: "its message is above; `\(cli) mcp list` shows what is registered")
            }
            Terminal.printNote("removed from \(tool.displayName)")
            return
        }
        let path = McpRegistration.settingsPath(tool, env: env)!
        guard Path.exists(path) else {
            Terminal.printNote("\(path) does not exist; nothing to remove")
            return
        }
        var settings = try SettingsFile.load(path)
        guard settings.get(["mcpServers", McpRegistration.entryName]) != nil else {
            Terminal.printNote("plog is not registered in \(path); nothing changed")
            return
        }
        settings.set(nil, at: ["mcpServers", McpRegistration.entryName])
        let saved = try settings.save()
        Terminal.printNote("removed mcpServers.\(McpRegistration.entryName) from \(path)"
            + (saved.backup.map { " (previous file: \($0))" } ?? ""))
    }
}
