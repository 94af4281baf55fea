import ArgumentParser
import PromptLog

/// `plog import <tool>`: bring another tool's history into the log.
///
/// The readers link libraries `plog add` must not load, so the work happens in `plog-import`,
/// which `plog import` execs the way `plog commit` execs `plog-git` (`GitHandoff`); this file
/// defines the commands both parse.
package struct ImportCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import the prompts you typed into another tool (Claude Code, Codex, Gemini CLI, Aider, ChatGPT, llm) into the log.",
        discussion: """
            Reads the tool's history where the tool keeps it (or the paths you name) and adds one \
            block per prompt a person typed: no tool results, command wrappers, injected context, \
            compaction summaries or subagent traffic. Each block gets a SOURCE line (tool, session, \
            prompt id), so a second import adds nothing, and a prompt that `plog hook` already \
            captured is recognised by its session and text. Trivial prompts are skipped by the \
            `capture.*` rules of `plog add`, and credentials are redacted by the same scanner.

            The log stays in time order: imported blocks are merged in among your blocks by \
            timestamp, whose bytes stay as they were. The merge writes a new file and renames it \
            over the log while holding the lock `plog add` takes, so a concurrent add is kept. \
            When the log is in a git repository, its pending changes are committed first and the \
            import is committed on its own: `git show HEAD` in that repository shows it, \
            `git revert HEAD` undoes it.

            Ends with a summary on stderr: added, already present, not typed by a person, \
            trivial, unreadable lines, credentials redacted. Exit 0 when the import ran (even if \
            it added nothing), 2 on an error.
            """,
        subcommands: [ImportClaudeCodeCommand.self, ImportCodexCommand.self,
                      ImportGeminiCommand.self, ImportAiderCommand.self, ImportChatGPTCommand.self, ImportLLMCommand.self])

    package init() {}
}

/// The options every `plog import <tool>` takes.
package struct ImportArguments: ParsableArguments {
    @OptionGroup package var log: LogOptions

    @Option(name: .long, help: ArgumentHelp(
        "Only prompts sent on or after DATE: 2025, 2025-08, 2025-08-14, a timestamp, 30d, 2w, 6m, 1y, today.",
        valueName: "date"))
    package var since: String?

    @Flag(help: "Read and count, write nothing: the summary says what an import would add.")
    package var dryRun = false

    @Flag(help: "Do not commit, even when the log is in a git repository.")
    package var noCommit = false

    @Flag(name: .shortAndLong, help: "Print nothing unless something goes wrong.")
    package var quiet = false

    package init() {}

    package func validate() throws {
        if let since { _ = try DateBound.parse(since, now: Int64(time(nil))) }
    }
}

/// Hands `plog import TOOL` to `plog-import` (the readers, SQLite and zlib live there), as
/// `plog commit` hands off to `plog-git`.
package enum ImportHandoff {
    /// The helper's name.
    package static let helperName = "plog-import"

    /// Replaces this process with `plog-import`, asking it to import `tool`'s history from `paths`.
    static func run(tool: String, paths: [String], options: ImportArguments) throws -> Never {
        let request = ImportRequest(tool: tool, paths: paths, file: options.log.file, since: options.since,
                                    dryRun: options.dryRun, noCommit: options.noCommit, quiet: options.quiet,
                                    noColor: options.log.noColor)
        try GitHandoff.exec(helperName, arguments: request.arguments)
    }
}

package struct ImportClaudeCodeCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "claude-code",
        abstract: "Import Claude Code's transcripts and prompt history.",
        discussion: """
            Default: $CLAUDE_CONFIG_DIR, ~/.claude and ~/.config/claude (each that exists): the \
            transcripts under projects/ and the prompt history history.jsonl, which Claude Code \
            keeps after it deletes transcripts (after 30 days by default). A DIR may be such a \
            directory, a directory of transcripts, or a .jsonl file. Model: the one that answered \
            the prompt. Project: the name of the git repository the session ran in when that \
            directory still exists, else the directory's name.
            """)

    @OptionGroup package var options: ImportArguments

    @Argument(help: ArgumentHelp("Directories or files to read (default: where Claude Code keeps them).", valueName: "dir"))
    package var paths: [String] = []

    package init() {}

    package func run() throws {
        try ImportHandoff.run(tool: "claude-code", paths: paths, options: options)
    }
}

package struct ImportCodexCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "codex",
        abstract: "Import Codex CLI's session rollouts and prompt history.",
        discussion: """
            Default: $CODEX_HOME, else ~/.codex: the rollouts under sessions/ and \
            archived_sessions/ and the prompt history history.jsonl. A DIR may be such a \
            directory, a directory of rollouts, or a .jsonl file. Model: the one of the turn. \
            Project: from the session's directory, as for claude-code.
            """)

    @OptionGroup package var options: ImportArguments

    @Argument(help: ArgumentHelp("Directory or files to read (default: $CODEX_HOME or ~/.codex).", valueName: "dir"))
    package var paths: [String] = []

    package init() {}

    package func run() throws {
        try ImportHandoff.run(tool: "codex", paths: paths, options: options)
    }
}
