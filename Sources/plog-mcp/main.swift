import PromptLog

/// `plog-mcp`: plog's Model Context Protocol server on standard input and output, the program
/// that agents start (`plog mcp install TOOL` registers it; `plog mcp` hands off to it).
///
/// Its command line is three options, read here without the argument parser (which would bring
/// Foundation into a program that starts on every agent session).
let usage = """
    plog-mcp: plog's MCP server: lets a coding agent search and read your prompt log (stdio).

    Usage: plog-mcp [--file PATH] [--no-color]

    Speaks the Model Context Protocol (JSON-RPC 2.0, one message per line) on standard input and
    output; diagnostics go to standard error. Ends at end of input, with status 0.
    Tools: \(MCPTools.names.joined(separator: ", ")).
    Register it with `plog mcp install claude-code|codex|cursor|gemini`; see `plog mcp --help`.

    Options:
      -f, --file PATH   The log to use (default: $PLOG_FILE, else the nearest prompts.log, else
                        `log` in ~/.config/plog/config, else ~/notes/prompts.log).
      --no-color        Never colour the output.
      --version         Print the version.
      -h, --help        Show this help.

    """

var file: String? = nil
HelperProgram.run(program: "plog-mcp") {
    var args = HelperArguments(CommandLine.arguments.dropFirst()) { word, reason in
        PlogError.invalidInput(input: word, reason: reason, hint: "see plog-mcp --help")
    }
    while let option = args.nextOption() {
        switch option {
        case "-h", "--help": Terminal.write(usage); return 0
        case "--version": Terminal.write(PlogVersion.string + "\n"); return 0
        case "--no-color": Terminal.colorDisabled = true
        case "-f", "--file": file = try args.value()
        default: throw args.unknown()
        }
    }
    if let extra = args.positional.first {
        throw PlogError.invalidInput(input: extra, reason: "unexpected argument", hint: "see plog-mcp --help")
    }
    let ctx = try CommandContext(file: file)
    let tools = MCPTools(logPath: ctx.logPath, env: ctx.env, config: ctx.config,
                         preamble: RecallBundle.preambleTemplate(env: ctx.env, config: ctx.config))
    if Terminal.stdinIsTerminal {
        Terminal.printNote("serving MCP on standard input for \(ctx.logPath); an agent starts this program "
            + "(register it with `plog mcp install TOOL`); end with Ctrl-D", program: "plog-mcp")
    }
    return MCPServer(tools: tools, version: PlogVersion.string).serve()
}
