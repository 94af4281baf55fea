import ArgumentParser
import PlogCommands
import PromptLog

/// `plog-mcp`: plog's Model Context Protocol server on standard input and output, the program
/// that agents start (`plog mcp install TOOL` registers it; `plog mcp` hands off to it).
struct PlogMcp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plog-mcp",
        abstract: "plog's MCP server: lets a coding agent search and read your prompt log (stdio).",
        discussion: """
            Speaks the Model Context Protocol (JSON-RPC 2.0, one message per line) on standard input \
            and output; diagnostics go to standard error. Ends at end of input, with status 0. \
            Tools: \(MCPTools.names.joined(separator: ", ")). Register it with `plog mcp install \
            claude-code|codex|cursor|gemini`; see `plog mcp --help`.
            """,
        version: PlogVersion.string)

    @OptionGroup var log: LogOptions

    func run() throws {
        let ctx = try log.context()
        let tools = MCPTools(logPath: ctx.logPath, env: ctx.env, config: ctx.config,
                             preamble: RecallBundle.preambleTemplate(env: ctx.env, config: ctx.config))
        if Terminal.stdinIsTerminal {
            Terminal.printNote("serving MCP on standard input for \(ctx.logPath); an agent starts this program "
                + "(register it with `plog mcp install TOOL`); end with Ctrl-D", program: "plog-mcp")
        }
        throw ExitCode(MCPServer(tools: tools, version: PlogVersion.string).serve())
    }
}

CommandRunner.main(PlogMcp.self)
