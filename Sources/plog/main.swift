import ArgumentParser
import PlogCommands
import PromptLog

/// The `plog` command: configuration only; each subcommand lives in its own file in PlogCommands.
struct Plog: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plog",
        abstract: "Keep every non-trivial prompt in one plain-text log, and get it back.",
        discussion: """
            The log is plain text: ISO-timestamped blocks with TASK, PROMPT and OUTCOME sections. \
            See `plog path` for which log is used.
            """,
        version: PlogVersion.string,
        subcommands: [
            AddCommand.self,
            OutcomeCommand.self,
            LastCommand.self,
            ExportCommand.self,
            EditCommand.self,
            HistCommand.self,
            WhenCommand.self,
            PathCommand.self,
            InitCommand.self,
            CommitCommand.self,
            SyncCommand.self,
            ImportCommand.self,
            CronCommand.self,
            DoctorCommand.self,
            HookCommand.self,
            StatsCommand.self,
            TemplatesCommand.self,
            ConfigCommand.self,
            CompletionsCommand.self,
            ManpageCommand.self,
            McpCommand.self,
        ]
    )
}

// Run as `prompthist` (a link to this binary), the program is recall.
if CommandLine.arguments.first.map({ $0.split(separator: "/").last == "prompthist" }) == true {
    CommandRunner.main(PromptHistCommand.self)
}
CommandRunner.main(Plog.self)
