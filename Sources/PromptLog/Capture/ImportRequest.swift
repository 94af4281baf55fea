/// What `plog import TOOL` asks of `plog-import`, the helper that holds the history readers
/// (and SQLite and zlib): the tool, the paths and the options, as arguments in plog's own
/// spelling (`claude-code --file LOG --since 2025-01 -- DIR...`).
///
/// `plog` parses the command line with swift-argument-parser; `plog-import` reads the request
/// here, so it needs neither the argument parser nor the Foundation that comes with it.
public struct ImportRequest: Equatable, Sendable {
    /// The tool, as in SOURCE lines (`claude-code`, `codex`, `gemini`, `aider`, `chatgpt`, `llm`).
    public var tool: String
    /// What to read; empty: where the tool keeps its history.
    public var paths: [String]
    public var file: String?
    /// `--since`, as the user wrote it (read by `DateBound.parse`).
    public var since: String?
    public var dryRun = false
    public var noCommit = false
    public var quiet = false
    public var noColor = false

    public init(tool: String, paths: [String] = [], file: String? = nil, since: String? = nil, dryRun: Bool = false,
                noCommit: Bool = false, quiet: Bool = false, noColor: Bool = false) {
        self.tool = tool; self.paths = paths; self.file = file; self.since = since; self.dryRun = dryRun
        self.noCommit = noCommit; self.quiet = quiet; self.noColor = noColor
    }

    /// The request as arguments (after the program name).
    public var arguments: [String] {
        var a = [tool]
        if let file { a += ["--file", file] }
        if let since { a += ["--since", since] }
        if dryRun { a.append("--dry-run") }
        if noCommit { a.append("--no-commit") }
        if quiet { a.append("--quiet") }
        if noColor { a.append("--no-color") }
        return a + ["--"] + paths
    }

    /// Reads arguments written by `arguments`; anything else is an error that names it.
    public init(arguments: [String]) throws {
        func refuse(_ what: String, _ reason: String) -> PlogError {
            PlogError.invalidInput(input: what, reason: reason,
                                   hint: "plog-import is run by `plog import TOOL`; run that instead (see `plog help import`)")
        }
        guard let tool = arguments.first, !tool.hasPrefix("-") else {
            throw refuse(arguments.first ?? "", "expected the tool to import from")
        }
        self.init(tool: tool)
        var args = HelperArguments(arguments.dropFirst(), refuse: refuse)
        while let option = args.nextOption() {
            switch option {
            case "-f", "--file": file = try args.value()
            case "--since": since = try args.value()
            case "--dry-run": dryRun = true
            case "--no-commit": noCommit = true
            case "-q", "--quiet": quiet = true
            case "--no-color": noColor = true
            default: throw args.unknown()
            }
        }
        paths = args.positional
    }
}
